"""Procedural textures and frame rendering (background by per-pixel ray lookup, entities as polygons)."""
import math
import numpy as np
import cv2

from .world import frame_items, EYE_H

PANO_W, PANO_H, EL_TOP, EL_BOT = 4096, 1024, 60.0, -30.0
GROUND_PPM, GROUND_HALF = 20.0, 45.0


def _noise(rng, h, w, scale):
    small = rng.standard_normal((max(2, h // scale), max(2, w // scale))).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def ground_texture(style, seed):
    rng = np.random.default_rng(seed)
    n = int(2 * GROUND_HALF * GROUND_PPM)
    base = np.array(style["ground"], np.float32)
    tex = np.ones((n, n, 3), np.float32) * base
    lum = 14 * _noise(rng, n, n, 64) + 9 * _noise(rng, n, n, 12) + 7 * _noise(rng, n, n, 3)
    tex += lum[..., None]
    tint = _noise(rng, n, n, 40)
    tex[..., 0] += 6 * tint
    tex[..., 2] -= 6 * tint
    img = np.clip(tex, 0, 255).astype(np.uint8)
    for _ in range(style.get("stones", 2500)):  # gravel and stones
        x, y = rng.integers(0, n, 2)
        r = int(rng.integers(1, 4))
        g = int(rng.integers(-50, 50))
        c = tuple(int(np.clip(v + g, 0, 255)) for v in style["ground"])
        cv2.circle(img, (int(x), int(y)), r, c, -1)
    for _ in range(style.get("patches", 60)):  # puddles, dark patches, sand
        x, y = rng.integers(0, n, 2)
        ax = int(rng.integers(15, 60)); ay = int(rng.integers(10, 40))
        k = float(rng.uniform(0.75, 1.2))
        c = tuple(int(min(255, v * k)) for v in style["ground"])
        cv2.ellipse(img, (int(x), int(y)), (ax, ay), float(rng.uniform(0, 180)), 0, 360, c, -1)
    for _ in range(style.get("tracks", 12)):  # tyre tracks
        x0, y0 = rng.integers(0, n, 2)
        ang = rng.uniform(0, np.pi)
        ln = rng.integers(300, 900)
        for off in (-18, 18):
            p0 = (int(x0 + off * np.sin(ang)), int(y0 - off * np.cos(ang)))
            p1 = (int(p0[0] + ln * np.cos(ang)), int(p0[1] + ln * np.sin(ang)))
            cv2.line(img, p0, p1, tuple(int(v * 0.7) for v in style["ground"]), 6)
    for _ in range(style.get("planks", 25)):
        x, y = rng.integers(0, n, 2)
        ang = float(rng.uniform(0, 180))
        box = cv2.boxPoints(((float(x), float(y)), (float(rng.integers(40, 80)), 5.0), ang)).astype(np.int32)
        cv2.fillPoly(img, [box], (60, 120, 160))
    return cv2.GaussianBlur(img, (3, 3), 0)


def _panorama_wide(style, seed, W):
    rng = np.random.default_rng(seed + 1)
    H = PANO_H
    rows = np.arange(H)
    el = EL_TOP - rows * (EL_TOP - EL_BOT) / H
    img = np.zeros((H, W, 3), np.float32)
    sky_top, sky_hor = np.array(style["sky_top"], np.float32), np.array(style["sky_hor"], np.float32)
    u = np.clip(el / EL_TOP, 0, 1)[:, None, None]
    img[:] = sky_hor * (1 - u) + sky_top * u
    cl = _noise(rng, H, W, 90) + 0.5 * _noise(rng, H, W, 25)
    cl = np.clip(cl - 0.2, 0, 2)[..., None] * 60
    img = img + cl * (el[:, None, None] > 3)
    hor = int((EL_TOP - 0) * H / (EL_TOP - EL_BOT))
    px_deg = H / (EL_TOP - EL_BOT)
    img = np.clip(img, 0, 255).astype(np.uint8)
    # hills
    prof = (2.5 + 2.0 * _noise(rng, 1, W, 300)[0] + 0.6 * _noise(rng, 1, W, 40)[0]) * px_deg
    for x in range(W):
        cv2.line(img, (x, int(hor - prof[x])), (x, hor), style["hills"], 1)
    # buildings
    for _ in range(style.get("buildings", 40)):
        x = int(rng.integers(0, W)); bw = int(rng.integers(40, 200)); bh = int(rng.uniform(2, 14) * px_deg)
        col = tuple(int(v) for v in rng.integers(90, 220, 3))
        cv2.rectangle(img, (x, hor - bh), (x + bw, hor), col, -1)
        wc = tuple(int(v * 0.45) for v in col)
        for yy in range(hor - bh + 6, hor - 4, 12):
            for xx in range(x + 5, x + bw - 6, 14):
                cv2.rectangle(img, (xx, yy), (xx + 6, yy + 6), wc, -1)
    # tower cranes
    for _ in range(style.get("cranes", 3)):
        x = int(rng.integers(0, W)); h = int(rng.uniform(22, 35) * px_deg)
        c = (0, 200, 240)
        cv2.rectangle(img, (x - 5, hor - h), (x + 5, hor), c, 2)
        for yy in range(hor - h, hor, 14):
            cv2.line(img, (x - 5, yy), (x + 5, yy + 14), c, 1)
        jl = int(rng.integers(150, 320)); sgn = 1 if rng.random() < 0.5 else -1
        cv2.rectangle(img, (min(x, x + sgn * jl), hor - h - 8), (max(x, x + sgn * jl), hor - h), c, 2)
        cv2.line(img, (x, hor - h - 40), (x + sgn * jl, hor - h - 8), c, 1)
        cv2.line(img, (x, hor - h - 40), (x - sgn * 80, hor - h - 8), c, 1)
    # trees
    for _ in range(style.get("trees", 60)):
        x = int(rng.integers(0, W)); r = int(rng.integers(8, 22))
        cv2.circle(img, (x, hor - int(r * 1.2)), r, (40, int(rng.integers(90, 130)), 50), -1)
    # site hoarding near the horizon (a textured band) and the far ground below it
    band = int(2.0 * px_deg)
    x = 0
    while x < W:
        pw = int(rng.integers(50, 140))
        col = tuple(int(v) for v in (np.array(style["hoarding"]) + rng.integers(-25, 25, 3)).clip(0, 255))
        cv2.rectangle(img, (x, hor - band), (x + pw, hor), col, -1)
        if rng.random() < 0.4:
            cv2.putText(img, "SITE" if rng.random() < 0.5 else "KEEP OUT", (x + 4, hor - 6),
                        cv2.FONT_HERSHEY_SIMPLEX, 0.5, (255, 255, 255), 1)
        cv2.line(img, (x, hor - band), (x, hor), (200, 200, 200), 2)
        x += pw
    far = np.ones((H - hor, W, 3), np.float32) * np.array(style["ground"], np.float32) * 0.95
    far += (10 * _noise(rng, H - hor, W, 6))[..., None]
    img[hor:] = np.clip(far, 0, 255).astype(np.uint8)
    return img


def periodic_panorama(style, seed):
    B = 512
    big = _panorama_wide(style, seed, PANO_W + B)
    w = np.linspace(0, 1, B, dtype=np.float32)[None, :, None]
    out = big[:, :PANO_W].astype(np.float32)
    out[:, :B] = big[:, :B] * w + big[:, PANO_W:PANO_W + B] * (1 - w)
    out = np.clip(out, 0, 255).astype(np.uint8)
    return np.concatenate([out, out[:, :8]], 1)


class Renderer:
    def __init__(self, scn, lens, style):
        self.scn, self.lens, self.style = scn, lens, style
        self.gtex = ground_texture(style, scn.seed)
        self.pano = periodic_panorama(style, scn.seed)
        D = lens.world_rays_yaw0()
        self.az0 = np.degrees(np.arctan2(D[..., 0], D[..., 1])).astype(np.float32)
        el = np.degrees(np.arcsin(np.clip(D[..., 2], -1, 1)))
        self.py = ((EL_TOP - el) * PANO_H / (EL_TOP - EL_BOT)).astype(np.float32)
        dz = np.minimum(D[..., 2], -1e-4)
        s = EYE_H / -dz
        self.gx0 = (s * D[..., 0]).astype(np.float32)
        self.gy0 = (s * D[..., 1]).astype(np.float32)
        dist = np.where(D[..., 2] < 0, s, 1e9)
        a = np.clip((40.0 - dist) / 14.0, 0, 1).astype(np.float32)
        self.alpha = a[..., None]
        self.has_ground = bool((a > 0).any())
        h, w = lens.h, lens.w
        yy, xx = np.mgrid[0:h, 0:w]
        rr = np.hypot((xx - lens.cx) / (w / 2), (yy - lens.cy) / (w / 2))
        self.vign = (1.0 - 0.18 * rr ** 2 if lens.proj == "pinhole" else 1.0 - 0.3 * rr ** 2).astype(np.float32)[..., None]
        rng = np.random.default_rng(scn.seed + 7)
        self.noise = [rng.normal(0, 3.2, (h, w, 3)).astype(np.float32) for _ in range(6)]
        self.subdiv = 1 if lens.proj == "pinhole" else 4

    def frame(self, f):
        scn, lens = self.scn, self.lens
        yaw = float(scn.yaw[f])
        px = (np.mod(self.az0 + yaw, 360.0) * (PANO_W / 360.0)).astype(np.float32)
        bg = cv2.remap(self.pano, px, self.py, cv2.INTER_LINEAR).astype(np.float32)
        c, s_ = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
        wx, wy = scn.wpos[f]
        gx = self.gx0 * c + self.gy0 * s_ + wx
        gy = -self.gx0 * s_ + self.gy0 * c + wy
        tu = np.clip((gx + GROUND_HALF) * GROUND_PPM, -1e5, 1e5).astype(np.float32)
        tv = np.clip((GROUND_HALF - gy) * GROUND_PPM, -1e5, 1e5).astype(np.float32)
        g = cv2.remap(self.gtex, tu, tv, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT).astype(np.float32)
        img = bg + (g - bg) * self.alpha
        img = np.clip(img, 0, 255).astype(np.uint8)
        for it in frame_items(scn, lens, f, self.subdiv):
            if it.get("pit"):
                tmp = img.copy()
                mask = np.zeros(img.shape[:2], np.uint8)
                for uv, col, _ in it["polys"]:
                    cv2.fillPoly(tmp, [np.round(uv * 4).astype(np.int32)], col, cv2.LINE_AA, shift=2)
                cv2.fillPoly(mask, [np.round(it["polys"][0][0] * 4).astype(np.int32)], 255, cv2.LINE_AA, shift=2)
                m = (mask.astype(np.float32) / 255.0)[..., None]
                img = (tmp * m + img * (1 - m)).astype(np.uint8)
                continue
            for uv, col, _ in it["polys"]:
                cv2.fillPoly(img, [np.round(uv * 4).astype(np.int32)], col, cv2.LINE_AA, shift=2)
        rate = abs(float(scn.yaw[min(f + 1, scn.F - 1)] - scn.yaw[max(f - 1, 0)])) / 2 * lens.f * math.pi / 180
        k = int(min(15, rate * 0.6))
        if k >= 3:
            img = cv2.blur(img, (k, 1))
        rng = np.random.default_rng(scn.seed * 100003 + f)
        nz = self.noise[int(rng.integers(0, 6))]
        out = img.astype(np.float32) * self.vign + nz
        return np.clip(out, 0, 255).astype(np.uint8)
