"""Camera simulation around the renderer: rolling shutter, exposure / motion blur,
auto-exposure, optics blur, vignetting, hard-hat brim, sensor noise."""
import numpy as np
import cv2

from .render import rot_matrices


class CameraSim:
    def __init__(self, renderer, script, site, fps, readout_s, exp_base_s, exp_max_s, noise_base,
                 illum_fn, seed, vignette=0.0, brim=None, target=112.0):
        self.r, self.s, self.site = renderer, script, site
        self.fps = fps
        self.readout, self.exp_base, self.exp_max = readout_s, exp_base_s, exp_max_s
        self.illum = illum_fn
        self.rng = np.random.default_rng(seed)
        lens = renderer.lens
        H, W = lens.H, lens.W
        self.H, self.W = H, W
        self.row_dt = (np.arange(H) - (H - 1) / 2) / H * readout_s
        self.gain = 1.0
        self.target = target
        self.noise_base = noise_base
        # noise banks
        self.levels = np.array([1.5, 2.5, 3.5, 5.0, 7.0, 9.5])
        self.bank = []
        nr = np.random.default_rng(seed + 1)
        for sg in self.levels:
            n = nr.normal(0, 1, (H + 32, W + 32, 3)).astype(np.float32)
            n = cv2.GaussianBlur(n, (3, 3), 0.5)
            n *= sg / n.std()
            self.bank.append((np.clip(n, 0, 255).astype(np.uint8), np.clip(-n, 0, 255).astype(np.uint8)))
        self.vig = None
        if vignette > 0:
            X, Y = np.meshgrid(np.arange(W) - (W - 1) / 2, np.arange(H) - (H - 1) / 2)
            rr = np.hypot(X, Y) / np.hypot(W / 2, H / 2)
            v = 1.0 - vignette * rr ** 2.2
            self.vig = cv2.merge([(v * 255).astype(np.uint8)] * 3)
        self.brim = brim
        self.deg2px = lens.f * np.pi / 180.0
        self.stats = dict(subframes=0)

    def pose_rows(self, ts):
        y, p, r, pos = self.s.sample(ts + self.row_dt)
        R = rot_matrices(y, p, r)
        _, _, _, o = self.s.sample(np.array([ts]))
        return R, o[0]

    def ang_speed(self, t):
        dt = 1.0 / 240
        y, p, r, _ = self.s.sample(np.array([t - dt, t + dt]))
        return float(np.sqrt((y[1] - y[0]) ** 2 + (p[1] - p[0]) ** 2 + (r[1] - r[0]) ** 2)) / (2 * dt)

    def frame(self, i):
        t = i / self.fps
        lum = self.illum(t)
        exp_s = min(self.exp_max, self.exp_base * self.gain)
        w = self.ang_speed(t)
        blur_px = w * exp_s * self.deg2px
        nsub = int(np.clip(np.ceil(blur_px / 2.5), 1, 6))
        scale = self.gain * lum / 128.0
        acc = None
        for k in range(nsub):
            ts = t if nsub == 1 else t + exp_s * (k / (nsub - 1) - 0.5)
            R, o = self.pose_rows(ts)
            dyn = self.site.dynamic_quads(ts)
            margin = w * self.readout / 2 * self.deg2px
            alb, lig = self.r.render(R, o, dyn, rs_margin_px=margin)
            img = cv2.multiply(alb, lig, scale=scale)
            if nsub == 1:
                acc = img
            else:
                if acc is None:
                    acc = img.astype(np.float32)
                else:
                    acc += img
        self.stats["subframes"] += nsub
        if nsub > 1:
            acc = (acc * (1.0 / nsub)).astype(np.uint8)
        img = cv2.GaussianBlur(acc, (3, 3), 0.65)
        if self.vig is not None:
            img = cv2.multiply(img, self.vig, scale=1 / 255.0)
        if self.brim is not None:
            a, col = self.brim
            hb = a.shape[0]
            top = img[:hb].astype(np.float32)
            img[:hb] = (top * (1 - a[:, :, None]) + col * a[:, :, None] * lum).astype(np.uint8)
        # auto exposure (acts on the next frame)
        small = img[::8, ::8]
        m = float(small.mean()) + 1e-3
        raw = m / self.gain
        target_gain = np.clip(self.target / max(raw, 1e-3), 0.6, 6.0)
        self.gain = float(np.exp(np.log(self.gain) + 0.14 * (np.log(target_gain) - np.log(self.gain))))
        # sensor noise (grows with gain)
        sg = self.noise_base * np.sqrt(self.gain) * (1.0 + 0.15 * (self.gain - 1))
        li = int(np.argmin(np.abs(self.levels - sg)))
        pos, neg = self.bank[li]
        oy, ox = self.rng.integers(0, 32, 2)
        img = cv2.add(img, pos[oy:oy + self.H, ox:ox + self.W])
        img = cv2.subtract(img, neg[oy:oy + self.H, ox:ox + self.W])
        return img
