"""Procedural, tileable textures: the ground and a 360-degree far panorama."""
import math

import cv2
import numpy as np

GROUND_PX = 2048          # texels per tile side
GROUND_M = 40.96          # metres per tile side (2 cm texels)
PANO_W = 4096
PANO_TOP = 50.0           # elevation (deg) of the panorama's first row
PANO_BOT = -14.0          # elevation of its last row
PANO_H = int(round((PANO_TOP - PANO_BOT) * PANO_W / 360.0))


def periodic_noise(rng, h, w, scale):
    """Tileable band-limited noise in [-1, 1] with features about `scale` pixels."""
    white = rng.standard_normal((h, w)).astype(np.float32)
    fy = np.fft.fftfreq(h)[:, None]
    fx = np.fft.fftfreq(w)[None, :]
    f = np.sqrt(fx * fx + fy * fy)
    filt = np.exp(-(f * scale) ** 2 * 4.0)
    n = np.real(np.fft.ifft2(np.fft.fft2(white) * filt)).astype(np.float32)
    return n / (np.abs(n).max() + 1e-9)


def fbm(rng, h, w, scales, amps):
    out = np.zeros((h, w), np.float32)
    for s, a in zip(scales, amps):
        out += a * periodic_noise(rng, h, w, s)
    return out


def ground(theme, seed):
    rng = np.random.default_rng(seed)
    n = GROUND_PX
    base = {"sand": (110, 150, 175), "mud": (70, 95, 120), "concrete": (150, 155, 158)}[theme]
    big = fbm(rng, n, n, [400, 120, 30], [0.5, 0.3, 0.2])
    fine = fbm(rng, n, n, [6, 2], [0.6, 0.4])
    img = np.zeros((n, n, 3), np.float32)
    for c in range(3):
        img[..., c] = base[c] * (1.0 + 0.22 * big + 0.2 * fine)
    # gravel speckles
    k = n * n // 25
    ys, xs = rng.integers(0, n, k), rng.integers(0, n, k)
    shade = rng.uniform(0.55, 1.35, k).astype(np.float32)
    for dy in (0, 1):
        for dx in (0, 1):
            img[(ys + dy) % n, (xs + dx) % n] *= shade[:, None]
    if theme == "concrete":
        step = int(3.0 / GROUND_M * n)
        for p in range(0, n, step):
            img[max(p - 1, 0):p + 2, :] *= 0.55
            img[:, max(p - 1, 0):p + 2] *= 0.55
        for _ in range(40):   # stains
            cx, cy, r = rng.integers(0, n), rng.integers(0, n), rng.integers(15, 70)
            cv2.circle(img, (int(cx), int(cy)), int(r), tuple(float(v) * 0.75 for v in base), -1, cv2.LINE_AA)
        y = int(n * 0.6)
        img[y:y + 6, :] = (30, 200, 230)
    else:
        for _ in range(6):    # tyre tracks
            pts = []
            x0, y0 = rng.uniform(0, n), rng.uniform(0, n)
            ang = rng.uniform(0, math.pi)
            for s in range(60):
                ang += rng.normal(0, 0.04)
                x0 += 12 * math.cos(ang)
                y0 += 12 * math.sin(ang)
                pts.append((x0 % n, y0 % n))
            for off in (-45, 45):
                for (xa, ya), (xb, yb) in zip(pts[:-1], pts[1:]):
                    if abs(xa - xb) > n / 2 or abs(ya - yb) > n / 2:
                        continue
                    ox, oy = -math.sin(ang) * off, math.cos(ang) * off
                    cv2.line(img, (int(xa + ox), int(ya + oy)), (int(xb + ox), int(yb + oy)),
                             tuple(float(v) * 0.72 for v in base), 14, cv2.LINE_AA)
        if theme == "mud":
            pud = periodic_noise(rng, n, n, 160)
            m = pud > 0.55
            img[m] = img[m] * 0.55 + np.array((120, 110, 95), np.float32) * 0.45
        for _ in range(250):  # stones and debris
            cx, cy = int(rng.integers(0, n)), int(rng.integers(0, n))
            r = int(rng.integers(3, 12))
            fz = rng.uniform(0.6, 1.4)
            col = tuple(float(v) * fz for v in base)
            cv2.circle(img, (cx, cy), r, col, -1, cv2.LINE_AA)
    img = np.clip(img, 0, 255).astype(np.uint8)
    levels = [img]
    for _ in range(5):
        levels.append(cv2.pyrDown(levels[-1]))
    return levels


def panorama(theme, seed):
    """BGR image, PANO_W x PANO_H, covering 360 deg of azimuth and PANO_TOP..PANO_BOT of elevation."""
    rng = np.random.default_rng(seed + 17)
    W, H = PANO_W, PANO_H
    ppd = W / 360.0

    def row(el):
        return int(round((PANO_TOP - el) * ppd))

    img = np.zeros((H, W, 3), np.float32)
    sky_top = np.array({"sand": (215, 170, 120), "mud": (170, 160, 150), "concrete": (225, 185, 140)}[theme])
    sky_hor = np.array({"sand": (235, 220, 205), "mud": (200, 198, 195), "concrete": (240, 225, 210)}[theme])
    ys = np.arange(H)[:, None]
    u = np.clip(ys / row(0), 0, 1)[..., None]
    img[:] = sky_top * (1 - u) + sky_hor * u
    cl = fbm(rng, H, W, [180, 60, 20], [0.6, 0.3, 0.1])
    cl = np.clip((cl - 0.05) * 2.5, 0, 1)[..., None]
    img = img * (1 - 0.6 * cl) + np.array((245, 245, 245)) * 0.6 * cl
    # distant buildings
    x = 0
    while x < W:
        bw = int(rng.integers(60, 260))
        top = rng.uniform(2.5, 14.0)
        col = np.array(rng.uniform(90, 190, 3))
        r0, r1 = row(top), row(-0.5)
        img[r0:r1, x:min(x + bw, W)] = col
        for wy in range(r0 + 6, r1 - 6, 14):
            for wx in range(x + 6, min(x + bw, W) - 8, 16):
                if rng.random() < 0.8:
                    img[wy:wy + 7, wx:wx + 8] = col * rng.uniform(0.35, 0.7)
        x += bw + int(rng.integers(0, 50))
    # trees
    for _ in range(40):
        cx = int(rng.integers(0, W))
        r = int(rng.integers(10, 28))
        cy = row(rng.uniform(1.0, 3.5))
        cv2.circle(img, (cx, cy), r, tuple(float(v) for v in rng.uniform((30, 70, 30), (60, 110, 60))), -1, cv2.LINE_AA)
    # tower cranes
    for _ in range(2):
        cx = int(rng.integers(0, W))
        top = row(rng.uniform(22, 34))
        col = (20, 170, 230)
        cv2.line(img, (cx, row(0)), (cx, top), col, 5)
        jib = int(rng.integers(200, 420))
        cv2.line(img, (cx - jib // 4, top + 6), (cx + jib, top + 6), col, 4)
        cv2.line(img, (cx, top - 20), (cx + jib, top + 6), (60, 60, 60), 1)
        cv2.line(img, (cx, top - 20), (cx - jib // 4, top + 6), (60, 60, 60), 1)
        for k in range(0, row(0) - top, 18):
            cv2.line(img, (cx - 4, top + k), (cx + 4, top + k + 9), col, 1)
    # ground band and site hoarding
    g = np.array({"sand": (110, 150, 175), "mud": (70, 95, 120), "concrete": (150, 155, 158)}[theme])
    img[row(-0.5):] = g
    img = np.clip(img, 0, 255).astype(np.uint8)
    panel = {"sand": [(40, 120, 40), (235, 235, 235)], "mud": [(130, 60, 20), (220, 220, 220)],
             "concrete": [(40, 40, 160), (230, 230, 230)]}[theme]
    r0, r1 = row(1.6), row(-3.6)
    x = 0
    k = 0
    while x < W:
        pw = int(rng.integers(70, 110))
        img[r0:r1, x:x + pw] = panel[k % 2]
        if x + pw > W:
            img[r0:r1, :x + pw - W] = panel[k % 2]
        img[r0:r1, x:x + 2] = (50, 50, 50)
        if k % 3 == 0:
            cv2.putText(img, ("SAFETY FIRST", "HARD HATS", "SITE ENTRANCE", "NO ENTRY", "PPE ZONE")[k % 5],
                        (x + 4, (r0 + r1) // 2 + 4), cv2.FONT_HERSHEY_SIMPLEX, 0.32, (20, 20, 20), 1, cv2.LINE_AA)
        else:
            cv2.rectangle(img, (x + 10, r0 + 6), (x + pw - 10, r1 - 6), tuple(float(v) * 0.6 for v in panel[k % 2]), 2)
        x += pw
        k += 1
    noise = fbm(rng, H, W, [3, 1.5], [0.6, 0.4])[..., None]
    img = img.astype(np.float32) * (1 + 0.06 * noise)
    img = np.clip(img, 0, 255).astype(np.uint8)
    return np.concatenate([img, img[:, :8]], axis=1)
