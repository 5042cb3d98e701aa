"""Procedural 360-degree "construction site" panorama (equirectangular, BGR uint8).

Everything is drawn so that the image wraps seamlessly at azimuth 0/360: noise is
periodic (built in the Fourier domain) and every drawn object is pasted with its
columns taken modulo the width.  Rows map linearly to elevation with square pixels;
the horizon is the horizontal midline, so a ``W x H`` panorama covers elevations
``+-180 * H / W`` degrees (``+-45`` for the default 4096 x 1024).
"""

from __future__ import annotations

import string

import cv2
import numpy as np

__all__ = ["make_panorama"]


def _periodic_noise(
    rng: np.random.Generator, h: int, w: int, beta: float, lo: float, hi: float
) -> np.ndarray:
    """Zero-mean unit-std noise with power spectrum ~ 1/f^beta restricted to the band [lo, hi]
    cycles per pixel.  Periodic in both axes (so seamless at the 0/360 seam)."""
    fy = np.fft.fftfreq(h)[:, None]
    fx = np.fft.rfftfreq(w)[None, :]
    f = np.sqrt(fx * fx + fy * fy)
    amp = np.where((f >= lo) & (f <= hi), 1.0 / np.maximum(f, 1e-6) ** (beta / 2.0), 0.0)
    spec = (rng.standard_normal(amp.shape) + 1j * rng.standard_normal(amp.shape)) * amp
    n = np.fft.irfft2(spec, s=(h, w))
    n -= n.mean()
    n /= n.std() + 1e-12
    return n.astype(np.float32)


def _blur_wrap(a: np.ndarray, sigma: float) -> np.ndarray:
    """Gaussian blur that wraps horizontally (keeps the 0/360 seam continuous)."""
    pad = int(4 * sigma) + 1
    padded = np.concatenate([a[:, -pad:], a, a[:, :pad]], axis=1)
    return cv2.GaussianBlur(padded, (0, 0), sigma)[:, pad:-pad]


class _Canvas:
    """BGR float32 canvas with wrap-around pasting (columns modulo width)."""

    def __init__(self, img: np.ndarray) -> None:
        self.img = img
        self.h, self.w = img.shape[:2]

    def paste(self, patch: np.ndarray, x0: int, y0: int, alpha: np.ndarray | None = None) -> None:
        ph, pw = patch.shape[:2]
        ya, yb = max(y0, 0), min(y0 + ph, self.h)
        if yb <= ya:
            return
        patch = patch[ya - y0 : yb - y0]
        cols = (np.arange(pw) + x0) % self.w
        if alpha is None:
            self.img[ya:yb, cols] = patch
        else:
            a = alpha[ya - y0 : yb - y0, :, None]
            self.img[ya:yb, cols] = self.img[ya:yb, cols] * (1.0 - a) + patch * a


def _jitter(rng: np.random.Generator, bgr: tuple[float, float, float], amount: float) -> np.ndarray:
    return np.clip(np.array(bgr, dtype=np.float32) + rng.uniform(-amount, amount, 3), 0, 255)


def _brick_wall(rng: np.random.Generator, h: int, w: int, scale: float) -> np.ndarray:
    bh = max(3, int(round(rng.uniform(4, 7) * scale)))
    bw = bh * rng.uniform(2.2, 2.8)
    base = _jitter(
        rng, rng.choice([(60, 80, 150), (70, 90, 170), (90, 100, 130), (150, 150, 160)]).tolist(), 20
    )
    yy, xx = np.mgrid[0:h, 0:w]
    row = yy // bh
    shift = (row % 2) * bw / 2.0
    col = np.floor((xx + shift) / bw).astype(np.int64)
    brick_id = (row * 7919 + col * 104729) % 1021
    tint = np.asarray(rng.uniform(-22, 22, 1021), dtype=np.float32)[brick_id]
    img = base[None, None, :] + tint[..., None]
    mortar = ((yy % bh) == 0) | (((xx + shift) % bw) < 1.0)
    img[mortar] = (170, 175, 180)
    return img


def _windows(rng: np.random.Generator, img: np.ndarray, scale: float) -> None:
    h, w = img.shape[:2]
    ww = max(3, int(rng.uniform(4, 9) * scale))
    wh = max(3, int(rng.uniform(5, 11) * scale))
    gx = ww + max(2, int(rng.uniform(3, 8) * scale))
    gy = wh + max(2, int(rng.uniform(4, 9) * scale))
    for y in range(int(gy * 0.6), h - wh - 2, gy):
        for x in range(int(gx * 0.5), w - ww - 2, gx):
            if rng.random() < 0.08:
                continue
            c = rng.choice([(40, 35, 30), (90, 70, 50), (150, 140, 120), (200, 190, 170), (60, 120, 150)])
            col = _jitter(rng, tuple(c), 15).tolist()
            cv2.rectangle(img, (x, y), (x + ww, y + wh), col, -1)
            cv2.rectangle(img, (x, y), (x + ww, y + wh), (200, 200, 200), 1)
            if ww > 6:
                cv2.line(img, (x + ww // 2, y), (x + ww // 2, y + wh), (190, 190, 190), 1)


def _sign(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    bg = rng.choice([(0, 215, 255), (255, 255, 255), (30, 30, 200), (160, 90, 20), (40, 140, 40)])
    img = np.empty((h, w, 3), np.uint8)
    img[:] = bg
    fg = (0, 0, 0) if int(bg.sum()) > 450 else (255, 255, 255)
    cv2.rectangle(img, (1, 1), (w - 2, h - 2), fg, 1)
    lines = max(1, h // 14)
    for i in range(lines):
        txt = "".join(rng.choice(list(string.ascii_uppercase + string.digits), size=int(rng.integers(3, 9))))
        fs = max(0.3, (h / lines) / 32.0)
        cv2.putText(
            img, txt, (3, int((i + 0.85) * h / lines)), cv2.FONT_HERSHEY_SIMPLEX, fs, fg, 1, cv2.LINE_AA
        )
    if rng.random() < 0.5:  # hazard stripes
        sh = max(3, h // 5)
        for x in range(-sh, w, 2 * sh // 2 + 2):
            cv2.line(img, (x, h - sh), (x + sh, h), (0, 0, 0), max(1, sh // 3))
    return img.astype(np.float32)


def _container(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    c = _jitter(
        rng,
        tuple(rng.choice([(40, 60, 170), (150, 90, 30), (40, 120, 40), (30, 140, 200), (120, 120, 120)])),
        20,
    )
    img = np.empty((h, w, 3), np.float32)
    img[:] = c
    step = int(rng.integers(3, 6))
    for x in range(0, w, step):  # corrugation
        img[:, x] *= 0.78
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (c * 0.5).tolist(), 2)
    if rng.random() < 0.7:
        tw = int(w * rng.uniform(0.15, 0.35))
        cv2.rectangle(
            img, (w // 2 - tw // 2, h // 4), (w // 2 + tw // 2, h // 4 + max(3, h // 6)), (230, 230, 230), -1
        )
    return img


def _scaffold(rng: np.random.Generator, h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    img = np.zeros((h, w, 3), np.float32)
    alpha = np.zeros((h, w), np.float32)
    bay = int(rng.integers(18, 34))
    lift = int(rng.integers(16, 26))
    pole = (150, 155, 160)
    for x in range(2, w, bay):
        cv2.line(img, (x, 0), (x, h), pole, 2)
        cv2.line(alpha, (x, 0), (x, h), 1.0, 2)
    for y in range(h - 1, 0, -lift):
        cv2.line(img, (0, y), (w, y), pole, 2)
        cv2.line(alpha, (0, y), (w, y), 1.0, 2)
        plank = _jitter(rng, (60, 120, 170), 20).tolist()
        cv2.rectangle(img, (0, y - 3), (w, y), plank, -1)
        cv2.rectangle(alpha, (0, y - 3), (w, y), 1.0, -1)
    for x in range(2, w - bay, bay * 2):  # braces
        cv2.line(img, (x, h - 1), (x + bay, max(0, h - 1 - 2 * lift)), pole, 1)
        cv2.line(alpha, (x, h - 1), (x + bay, max(0, h - 1 - 2 * lift)), 1.0, 1)
    if rng.random() < 0.5:  # safety netting over part of it
        x0 = int(rng.integers(0, max(1, w // 2)))
        net = _jitter(rng, (60, 160, 60), 20)
        img[:, x0 : x0 + w // 3] = img[:, x0 : x0 + w // 3] * 0.4 + net * 0.6
        alpha[:, x0 : x0 + w // 3] = np.maximum(alpha[:, x0 : x0 + w // 3], 0.7)
    return img, alpha


def _crane(rng: np.random.Generator, h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    img = np.zeros((h, w, 3), np.float32)
    alpha = np.zeros((h, w), np.float32)
    col = (20, 190, 240)
    mast_x = int(w * rng.uniform(0.2, 0.8))
    mw = 8
    jib_y = int(h * 0.08)
    for a_img, val in ((img, col), (alpha, 1.0)):
        cv2.line(a_img, (mast_x - mw // 2, jib_y), (mast_x - mw // 2, h), val, 1)
        cv2.line(a_img, (mast_x + mw // 2, jib_y), (mast_x + mw // 2, h), val, 1)
        for y in range(jib_y, h, mw):
            cv2.line(a_img, (mast_x - mw // 2, y), (mast_x + mw // 2, y + mw), val, 1)
        cv2.line(a_img, (0, jib_y), (w, jib_y), val, 2)
        cv2.line(a_img, (0, jib_y + 5), (w, jib_y + 5), val, 1)
        for x in range(0, w, 6):
            cv2.line(a_img, (x, jib_y), (x + 6, jib_y + 5), val, 1)
        cv2.line(a_img, (mast_x, jib_y - 14), (0, jib_y), val, 1)
        cv2.line(a_img, (mast_x, jib_y - 14), (w - 1, jib_y), val, 1)
    cv2.rectangle(img, (mast_x - 9, jib_y - 2), (mast_x + 9, jib_y + 12), (60, 60, 60), -1)
    cv2.rectangle(alpha, (mast_x - 9, jib_y - 2), (mast_x + 9, jib_y + 12), 1.0, -1)
    return img, alpha


def make_panorama(seed: int = 0, width: int = 4096, height: int | None = None) -> np.ndarray:
    """A seamless equirectangular construction-site panorama, BGR uint8 (height, width, 3).

    ``height`` defaults to ``width // 4`` (elevation -45..+45 deg).  Deterministic for a
    given (seed, width, height).  ~1 s at the default size.
    """
    if height is None:
        height = width // 4
    if width < 256 or height < 32:
        raise ValueError("panorama too small")
    rng = np.random.default_rng(seed)
    H, W = height, width
    ppd = W / 360.0  # pixels per degree (both axes)
    hz = H / 2.0  # horizon row (elevation 0 at the row boundary H/2)
    s = ppd / (4096 / 360.0)  # drawing scale relative to the default size

    def row(el_deg: float) -> int:
        return int(round(hz - el_deg * ppd))

    img = np.zeros((H, W, 3), np.float32)
    canvas = _Canvas(img)
    yy = np.arange(H, dtype=np.float32)[:, None]
    el = (hz - 0.5 - yy) / ppd  # elevation (deg) of each row centre

    # --- sky: gradient + soft clouds (low texture) ---
    t = np.clip(el / (H / 2.0 / ppd), 0, 1)
    sky = (1 - t)[..., None] * np.array([235, 215, 190], np.float32) + t[..., None] * np.array(
        [200, 140, 85], np.float32
    )
    img[:] = sky
    clouds = _periodic_noise(rng, H, W, beta=3.2, lo=1.5 / W, hi=0.02)
    cmask = np.clip((clouds - 0.6) * 1.6, 0, 1) * np.clip(el / 6.0, 0, 1)
    img += cmask[..., None] * (np.array([250, 250, 250], np.float32) - img) * 0.9

    # --- ground: gravel with multi-scale noise, darker/coarser close to the camera ---
    g0 = row(0.0)
    gn = _periodic_noise(rng, H, W, beta=1.2, lo=4 / W, hi=0.5)
    gc = _periodic_noise(rng, H, W, beta=2.5, lo=2 / W, hi=0.05)
    ground = np.array([105, 120, 130], np.float32)[None, None, :] + gc[..., None] * np.array(
        [14, 16, 20], np.float32
    )
    ground += gn[..., None] * 22.0
    img[g0:] = ground[g0:]
    # ground clutter: puddles (smooth), tyre tracks, pallets, rebar, cones
    for _ in range(int(110 * W / 4096)):
        x = int(rng.integers(0, W))
        e = rng.uniform(-40, -3)
        y = row(e)
        depth = 0.5 / np.tan(np.radians(-e))  # relative ground distance -> apparent size
        kind = rng.random()
        if kind < 0.2:
            pw, ph = int(rng.uniform(40, 120) * s / depth + 10), int(rng.uniform(6, 16) * s / depth + 3)
            patch = np.zeros((2 * ph + 1, 2 * pw + 1, 3), np.float32)
            a = np.zeros(patch.shape[:2], np.float32)
            cv2.ellipse(a, (pw, ph), (pw, ph), 0, 0, 360, 0.85, -1)
            patch[:] = _jitter(rng, (95, 90, 85), 10)
            canvas.paste(patch, x - pw, y - ph, cv2.GaussianBlur(a, (5, 5), 0))
        elif kind < 0.5:
            pw, ph = int(rng.uniform(20, 50) * s / depth + 8), int(rng.uniform(8, 20) * s / depth + 4)
            patch = np.empty((ph, pw, 3), np.float32)
            patch[:] = _jitter(rng, (70, 130, 170), 20)
            for yb in range(0, ph, max(2, ph // 4)):
                patch[yb] *= 0.5
            canvas.paste(patch, x, y)
        elif kind < 0.7:
            pw, ph = int(rng.uniform(30, 80) * s / depth + 8), int(rng.uniform(4, 10) * s / depth + 3)
            patch = np.empty((ph, pw, 3), np.float32)
            patch[:] = (60, 60, 75)
            for yb in range(0, ph, 2):
                patch[yb] = (40, 70, 110)
            canvas.paste(patch, x, y)
        else:
            ch = int(rng.uniform(8, 20) * s / depth + 5)
            cw = max(3, ch // 2)
            patch = np.zeros((ch, 2 * cw + 1, 3), np.float32)
            a = np.zeros(patch.shape[:2], np.float32)
            pts = np.array([[cw, 0], [0, ch - 1], [2 * cw, ch - 1]], np.int32)
            cv2.fillConvexPoly(patch, pts, (0, 100, 255))
            cv2.fillConvexPoly(a, pts, 1.0)
            patch[ch // 3 : ch // 3 + max(1, ch // 6)] = (255, 255, 255)
            canvas.paste(patch, x - cw, y - ch, a)

    # --- distant skyline (low contrast, hazy) ---
    x = 0
    while x < W:
        bw = int(rng.uniform(4, 14) * ppd)
        top = rng.uniform(1.5, 7.0)
        if rng.random() < 0.8:
            patch = np.empty((row(0) - row(top), bw, 3), np.float32)
            patch[:] = _jitter(rng, (175, 165, 160), 15)
            _windows(rng, patch, 0.5 * s)
            patch = patch * 0.45 + np.array([220, 205, 190], np.float32) * 0.55
            canvas.paste(patch, x, row(top))
        x += bw + int(rng.uniform(0, 3) * ppd)

    # --- near structures around the horizon: walls, buildings, scaffolding, containers ---
    x = int(rng.integers(0, int(10 * ppd)))
    x_end = x + W
    while x < x_end:
        kind = rng.choice(
            ["building", "brick", "plain", "container", "gap", "fence"], p=[0.3, 0.2, 0.08, 0.2, 0.1, 0.12]
        )
        bw = int(rng.uniform(8, 30) * ppd)
        if kind == "gap":
            x += int(rng.uniform(3, 10) * ppd)
            continue
        base = rng.uniform(-4.0, -0.5)
        top = rng.uniform(6, 32) if kind in ("building", "brick") else rng.uniform(3, 9)
        y0, y1 = row(top), row(base)
        ph = y1 - y0
        if kind == "building":
            patch = np.empty((ph, bw, 3), np.float32)
            patch[:] = _jitter(
                rng, tuple(rng.choice([(150, 150, 150), (110, 130, 160), (190, 190, 180), (90, 90, 100)])), 15
            )
            _windows(rng, patch, s)
            canvas.paste(patch, x, y0)
            if rng.random() < 0.6:
                sp, sa = _scaffold(rng, ph, int(bw * rng.uniform(0.4, 1.0)))
                canvas.paste(sp, x + int(rng.integers(0, max(1, bw // 3))), y0, sa)
        elif kind == "brick":
            patch = _brick_wall(rng, ph, bw, s)
            if rng.random() < 0.5:
                _windows(rng, patch, 1.3 * s)
            canvas.paste(patch, x, y0)
        elif kind == "plain":  # large low-texture wall / tarp
            patch = np.empty((ph, bw, 3), np.float32)
            patch[:] = _jitter(rng, tuple(rng.choice([(200, 200, 200), (60, 140, 60), (180, 110, 40)])), 10)
            canvas.paste(patch, x, y0)
        elif kind == "container":
            cx = x
            for _ in range(int(rng.integers(1, 4))):
                cw = int(rng.uniform(6, 12) * ppd)
                chh = int(rng.uniform(2.5, 4) * ppd)
                levels = int(rng.integers(1, 4))
                for lv in range(levels):
                    canvas.paste(_container(rng, chh, cw), cx, y1 - (lv + 1) * chh)
                cx += cw + int(rng.uniform(0, 1.5) * ppd)
            bw = cx - x
        elif kind == "fence":
            fh = int(rng.uniform(2, 4) * ppd)
            patch = np.zeros((fh, bw, 3), np.float32)
            a = np.zeros((fh, bw), np.float32)
            step = int(rng.integers(5, 9))
            for xx in range(0, bw + fh, step):
                cv2.line(patch, (xx, 0), (xx - fh, fh), (140, 140, 140), 1)
                cv2.line(a, (xx, 0), (xx - fh, fh), 0.8, 1)
                cv2.line(patch, (xx - fh, 0), (xx, fh), (140, 140, 140), 1)
                cv2.line(a, (xx - fh, 0), (xx, fh), 0.8, 1)
            for xx in range(0, bw, int(3 * ppd)):
                cv2.line(patch, (xx, 0), (xx, fh), (90, 90, 90), 3)
                cv2.line(a, (xx, 0), (xx, fh), 1.0, 3)
            canvas.paste(patch, x, y1 - fh, a)
        # signage on or near the structure
        for _ in range(int(rng.integers(0, 3))):
            sw, sh = int(rng.uniform(2, 7) * ppd), int(rng.uniform(1, 3) * ppd)
            sx = x + int(rng.integers(0, max(1, bw - sw)))
            sy = row(rng.uniform(base + 1.0, max(base + 1.5, min(top, 10.0))))
            canvas.paste(_sign(rng, sh, sw), sx, sy)
        x += bw

    # --- poles / lamp posts, cranes, coloured blocks in the foreground ---
    for _ in range(int(rng.integers(10, 18))):
        px = int(rng.integers(0, W))
        top = row(rng.uniform(12, 35))
        bot = row(rng.uniform(-10, -3))
        pw = max(2, int(rng.uniform(0.25, 0.7) * ppd))
        patch = np.empty((bot - top, pw, 3), np.float32)
        patch[:] = _jitter(rng, (80, 85, 90), 20)
        patch[:, : pw // 3] *= 1.3
        canvas.paste(patch, px, top)
        lamp = np.empty((max(3, pw), pw * 4, 3), np.float32)
        lamp[:] = (200, 230, 240)
        canvas.paste(lamp, px - pw, top)
    for _ in range(int(rng.integers(2, 4))):
        cw = int(rng.uniform(40, 90) * ppd)
        top = row(rng.uniform(33, 43))
        cp, ca = _crane(rng, row(2) - top, cw)
        canvas.paste(cp, int(rng.integers(0, W)), top, ca)
    for _ in range(int(rng.integers(12, 24))):
        bw, bh = int(rng.uniform(1.5, 6) * ppd), int(rng.uniform(1, 5) * ppd)
        by = row(rng.uniform(-12, -4))
        patch = np.empty((bh, bw, 3), np.float32)
        patch[:] = _jitter(
            rng,
            tuple(rng.choice([(0, 200, 255), (200, 60, 20), (30, 30, 200), (40, 170, 40), (230, 230, 230)])),
            25,
        )
        cv2.rectangle(patch, (0, 0), (bw - 1, bh - 1), (patch[0, 0] * 0.55).tolist(), 2)
        cv2.line(patch, (0, bh // 3), (bw, bh // 3), (patch[0, 0] * 0.75).tolist(), 1)
        canvas.paste(patch, int(rng.integers(0, W)), by - bh)

    # --- fine multi-scale texture everywhere (weaker in the sky), shading ---
    fine = _periodic_noise(rng, H, W, beta=1.0, lo=8 / W, hi=0.5)
    mid = _periodic_noise(rng, H, W, beta=2.0, lo=2 / W, hi=0.1)
    not_sky = (np.abs(img - sky).sum(axis=2) > 12).astype(np.float32)
    amp = 2.0 + 7.0 * _blur_wrap(not_sky, 2.0) + 5.0 * (el < 0)
    img += (fine * amp + mid * (2.0 + 4.0 * (el < 0)))[..., None]
    img *= (1.0 + 0.08 * _periodic_noise(rng, H, W, beta=3.0, lo=1 / W, hi=0.01))[..., None]
    return np.clip(img + 0.5, 0, 255).astype(np.uint8)
