"""Procedural, deterministic textures (ground, walls, ceiling, pit, far
panorama) and the texture atlas the background ray caster samples from.

Every texture is made from a numpy Generator seeded by the caller, so two
runs give identical pixels.
"""
import math

import cv2
import numpy as np


def fractal_noise(rng, h, w, beta=1.8, lo=2.0):
    """Tileable 1/f^beta noise in [0, 1] (periodic in both axes)."""
    white = rng.standard_normal((h, w))
    F = np.fft.rfft2(white)
    fy = np.fft.fftfreq(h)[:, None] * h
    fx = np.fft.rfftfreq(w)[None, :] * w
    r = np.sqrt(fx * fx + fy * fy)
    r[0, 0] = 1.0
    env = 1.0 / np.power(np.maximum(r, lo), beta / 1.0)
    env[0, 0] = 0.0
    out = np.fft.irfft2(F * env, s=(h, w))
    out -= out.min()
    out /= max(out.max(), 1e-9)
    return out


def colourise(n, c0, c1):
    c0 = np.asarray(c0, dtype=np.float64)
    c1 = np.asarray(c1, dtype=np.float64)
    return n[..., None] * (c1 - c0) + c0


def speckle(rng, img, count, rmin, rmax, colours, alpha=1.0):
    h, w = img.shape[:2]
    for _ in range(count):
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        r = int(rng.integers(rmin, rmax + 1))
        c = colours[int(rng.integers(0, len(colours)))]
        jitter = rng.uniform(-18, 18, 3)
        col = tuple(float(np.clip(c[i] + jitter[i], 0, 255)) for i in range(3))
        for dx in (-w, 0, w):
            for dy in (-h, 0, h):
                cv2.circle(img, (x + dx, y + dy), r, col, -1, lineType=cv2.LINE_AA)
    return img


def put_text(img, *args):
    """cv2.putText on a float image (it wants 8-bit)."""
    u8 = np.clip(img, 0, 255).astype(np.uint8)
    cv2.putText(u8, *args)
    return u8.astype(np.float32)


def wrap_line(img, p0, p1, colour, thick):
    h, w = img.shape[:2]
    for dx in (-w, 0, w):
        for dy in (-h, 0, h):
            cv2.line(img, (int(p0[0] + dx), int(p0[1] + dy)), (int(p1[0] + dx), int(p1[1] + dy)),
                     colour, thick, lineType=cv2.LINE_AA)


# ----------------------------------------------------------------------
# ground textures (1024 x 1024 texels, texel size given by caller)

def ground_gravel(rng, size=1024):
    n1 = fractal_noise(rng, size, size, beta=1.6)
    n2 = fractal_noise(rng, size, size, beta=0.9, lo=40.0)
    img = colourise(n1, (70, 88, 104), (150, 168, 182))
    img += (n2[..., None] - 0.5) * 70
    img = np.clip(img, 0, 255).astype(np.float32)
    speckle(rng, img, 2600, 1, 3, [(60, 70, 80), (170, 180, 190), (110, 120, 135), (40, 50, 60)])
    # tyre tracks
    for k in range(3):
        y0 = rng.uniform(0, size)
        amp = rng.uniform(20, 80)
        ph = rng.uniform(0, 6.28)
        pts = [(x, y0 + amp * math.sin(2 * math.pi * x / size + ph)) for x in range(0, size + 33, 32)]
        for off in (0, 90):
            for a, b in zip(pts[:-1], pts[1:]):
                wrap_line(img, (a[0], a[1] + off), (b[0], b[1] + off), (62, 74, 86), 14)
    # stains
    for _ in range(10):
        m = np.zeros((size, size), np.float32)
        x, y = rng.integers(0, size, 2)
        cv2.ellipse(m, (int(x), int(y)), (int(rng.integers(20, 90)), int(rng.integers(15, 60))),
                    float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
        m = cv2.GaussianBlur(m, (0, 0), 12)
        img *= (1.0 - 0.35 * m[..., None])
    img = np.clip(img + (fractal_noise(rng, size, size, beta=0.3, lo=200)[..., None] - 0.5) * 40, 0, 255)
    return img.astype(np.uint8)


def ground_mud(rng, size=1024):
    n1 = fractal_noise(rng, size, size, beta=1.4)
    n2 = fractal_noise(rng, size, size, beta=2.2)
    img = colourise(n1, (38, 62, 92), (98, 128, 160))
    img += (n2[..., None] - 0.5) * 60
    img = np.clip(img, 0, 255).astype(np.float32)
    speckle(rng, img, 1800, 1, 4, [(40, 60, 80), (120, 140, 160), (90, 110, 120)])
    # tracked-plant ruts: parallel bars
    for k in range(2):
        x0 = rng.uniform(0, size)
        for j in range(0, size, 22):
            for off in (0, 150):
                wrap_line(img, (x0 + off - 25, j), (x0 + off + 25, j + 6), (30, 48, 70), 7)
    # puddles
    for _ in range(6):
        m = np.zeros((size, size), np.float32)
        x, y = rng.integers(0, size, 2)
        cv2.ellipse(m, (int(x), int(y)), (int(rng.integers(30, 110)), int(rng.integers(20, 60))),
                    float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
        m = cv2.GaussianBlur(m, (0, 0), 5)[..., None]
        img = img * (1 - 0.6 * m) + np.array([120, 115, 105]) * 0.6 * m
    return np.clip(img, 0, 255).astype(np.uint8)


def ground_concrete(rng, size=1024, joint_every=200):
    n1 = fractal_noise(rng, size, size, beta=1.2)
    n2 = fractal_noise(rng, size, size, beta=2.4)
    img = colourise(n1, (140, 142, 146), (196, 198, 200))
    img += (n2[..., None] - 0.5) * 40
    img = np.clip(img, 0, 255).astype(np.float32)
    speckle(rng, img, 900, 1, 2, [(110, 112, 118), (210, 212, 214)])
    for k in range(0, size, joint_every):
        cv2.line(img, (k, 0), (k, size), (95, 98, 102), 3)
        cv2.line(img, (0, k), (size, k), (95, 98, 102), 3)
    # chalk set-out lines and spray marks
    for _ in range(5):
        p0 = rng.integers(0, size, 2)
        ang = rng.choice([0.0, math.pi / 2])
        L = rng.uniform(150, 500)
        p1 = p0 + L * np.array([math.cos(ang), math.sin(ang)])
        wrap_line(img, p0, p1, (40, 40, 200) if rng.random() < 0.5 else (200, 120, 40), 2)
    for _ in range(12):
        x, y = rng.integers(0, size, 2)
        img = put_text(img, str(rng.choice(["X", "+", "SL", "A3", "B7"])), (int(x), int(y)),
                    cv2.FONT_HERSHEY_SIMPLEX, 1.2, (30, 30, 190), 3, cv2.LINE_AA)
    # cracks
    for _ in range(15):
        p = rng.uniform(0, size, 2)
        for s in range(12):
            q = p + rng.normal(0, 12, 2)
            wrap_line(img, p, q, (100, 100, 105), 1)
            p = q
    return np.clip(img, 0, 255).astype(np.uint8)


def pit_soil(rng, size=512):
    n1 = fractal_noise(rng, size, size, beta=1.5)
    img = colourise(n1, (22, 40, 62), (70, 96, 124))
    img = np.clip(img, 0, 255).astype(np.float32)
    # strata
    for k in range(0, size, 37):
        wrap_line(img, (0, k + rng.uniform(-4, 4)), (size, k + rng.uniform(-4, 4)), (35, 58, 85), 3)
    speckle(rng, img, 500, 1, 3, [(80, 95, 110), (30, 40, 50)])
    return np.clip(img, 0, 255).astype(np.uint8)


# ----------------------------------------------------------------------
# walls

def wall_hoarding(rng, w=2048, h=128, texel=0.02):
    """Site hoarding 2.4 m high, plywood panels 1.2 m wide, with signs."""
    img = np.zeros((h, w, 3), np.float32)
    pw = int(round(1.2 / texel))
    palette = [(60, 110, 40), (70, 120, 50), (58, 104, 44)]
    for i, x in enumerate(range(0, w, pw)):
        img[:, x:x + pw] = palette[i % 3]
    img += (fractal_noise(rng, h, w, beta=1.2)[..., None] - 0.5) * 40
    for x in range(0, w, pw):
        cv2.line(img, (x, 0), (x, h), (30, 50, 25), 2)
    cv2.line(img, (0, 6), (w, 6), (200, 200, 200), 3)
    signs = ["SAFETY FIRST", "HARD HATS", "NO ENTRY", "SITE OFFICE", "HI-VIS", "KEEP CLEAR", "GATE 2", "PPE ZONE"]
    for i, x in enumerate(range(pw // 4, w - pw // 2, pw * 2)):
        bg = [(240, 240, 240), (40, 200, 250), (230, 120, 20), (40, 40, 200)][int(rng.integers(0, 4))]
        y0 = int(rng.integers(22, 52))
        cv2.rectangle(img, (x, y0), (x + pw, y0 + 42), bg, -1)
        cv2.rectangle(img, (x, y0), (x + pw, y0 + 42), (20, 20, 20), 2)
        txt = signs[i % len(signs)]
        img = put_text(img, txt, (x + 4, y0 + 28), cv2.FONT_HERSHEY_SIMPLEX, 0.42, (15, 15, 15), 1, cv2.LINE_AA)
    # dirt splash at the bottom
    m = np.linspace(0, 1, h)[:, None] ** 6
    img = img * (1 - 0.5 * m[..., None]) + np.array([60, 80, 100]) * 0.5 * m[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def wall_blockwork(rng, w=2048, h=160, texel=0.02, windows=True):
    """Interior walls 3.2 m high: concrete blocks, columns and window openings."""
    n = fractal_noise(rng, h, w, beta=1.3)
    img = colourise(n, (150, 152, 150), (190, 192, 188)).astype(np.float32)
    bw, bh = int(0.44 / texel), int(0.215 / texel)
    for r, y in enumerate(range(0, h, bh)):
        off = (bw // 2) * (r % 2)
        cv2.line(img, (0, y), (w, y), (120, 122, 122), 1)
        for x in range(-off, w, bw):
            cv2.line(img, (x, y), (x, y + bh), (120, 122, 122), 1)
            tint = rng.uniform(-12, 12)
            img[y + 1:y + bh, max(x + 1, 0):x + bw] += tint
    if windows:
        for x in range(120, w - 200, 410):
            x0, y0, x1, y1 = x, int(0.9 / texel), x + int(2.2 / texel), int(2.3 / texel)
            sky = np.linspace(235, 190, y1 - y0)[:, None, None] * np.array([1.0, 0.93, 0.82])[None, None, :]
            img[y0:y1, x0:x1] = sky
            # distant buildings through the window
            for k in range(5):
                bx = int(rng.integers(x0, x1 - 20))
                bt = int(rng.integers(y0 + 10, y1 - 8))
                cv2.rectangle(img, (bx, bt), (bx + int(rng.integers(12, 40)), y1), (120, 130, 140), -1)
            cv2.rectangle(img, (x0, y0), (x1, y1), (70, 70, 70), 4)
            cv2.line(img, ((x0 + x1) // 2, y0), ((x0 + x1) // 2, y1), (70, 70, 70), 3)
    for x in range(0, w, 300):
        cv2.rectangle(img, (x, 0), (x + 22, h), (170, 172, 176), -1)
        cv2.rectangle(img, (x, 0), (x + 22, h), (110, 110, 110), 1)
    for _ in range(14):
        x, y = int(rng.integers(0, w)), int(rng.integers(20, h - 10))
        img = put_text(img, str(rng.choice(["FL3", "RISER", "E12", "+1000", "DB-2", "GRID C"])), (x, y),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.5, (40, 40, 190), 1, cv2.LINE_AA)
    return np.clip(img, 0, 255).astype(np.uint8)


def ceiling_soffit(rng, size=512):
    n = fractal_noise(rng, size, size, beta=1.6)
    img = colourise(n, (120, 124, 128), (165, 168, 170)).astype(np.float32)
    for k in range(0, size, 60):  # formwork board marks (1.2 m at 2 cm texels)
        cv2.line(img, (k, 0), (k, size), (105, 108, 112), 2)
    for k in range(0, size, 128):
        cv2.line(img, (0, k), (size, k), (110, 112, 116), 1)
    for _ in range(30):  # fixings
        x, y = rng.integers(0, size, 2)
        cv2.circle(img, (int(x), int(y)), 3, (60, 60, 60), -1)
    return np.clip(img, 0, 255).astype(np.uint8)


# ----------------------------------------------------------------------
# far panorama: 2048 x 512, azimuth 0..360 across, elevation +50 (top) to -12 (bottom)

PANO_W, PANO_H = 2048, 512
PANO_EL_TOP, PANO_EL_BOT = 50.0, -12.0


def pano_row(el_deg):
    return (PANO_EL_TOP - el_deg) / (PANO_EL_TOP - PANO_EL_BOT) * PANO_H


def panorama(rng, style="city"):
    W, H = PANO_W, PANO_H
    rows = np.arange(H)[:, None]
    el = PANO_EL_TOP - rows / H * (PANO_EL_TOP - PANO_EL_BOT)
    t = np.clip(el / PANO_EL_TOP, 0, 1)
    sky = (1 - t)[..., None] * np.array([235, 215, 190]) + t[..., None] * np.array([205, 150, 95])
    img = np.repeat(sky, W, axis=1).astype(np.float32)
    clouds = fractal_noise(rng, H, W, beta=1.9)
    cm = np.clip((clouds - 0.55) * 3, 0, 1)[..., None] * (el[..., None] > 4)
    img = img * (1 - 0.8 * cm) + 245 * 0.8 * cm
    hz = int(pano_row(0.0))
    # distant ground below the horizon
    g = fractal_noise(rng, H - hz, W, beta=1.5)
    base = (110, 125, 130) if style != "rural" else (80, 120, 95)
    img[hz:] = colourise(g, np.array(base) * 0.8, np.array(base) * 1.15)
    # hills
    ridge = fractal_noise(rng, 1, W, beta=2.0)[0]
    for x in range(W):
        top = hz - int(8 + ridge[x] * (40 if style == "rural" else 22))
        img[top:hz, x] = (105, 135, 120) if style == "rural" else (140, 140, 135)
    # buildings with windows
    nb = 70 if style == "city" else 22
    for _ in range(nb):
        x0 = int(rng.integers(0, W))
        bw = int(rng.integers(18, 70))
        bh = int(rng.integers(20, 150 if style == "city" else 60))
        col = np.array([rng.uniform(90, 200)] * 3) * np.array([1.0, rng.uniform(0.9, 1.05), rng.uniform(0.85, 1.1)])
        for xx in range(x0, x0 + bw):
            img[hz - bh:hz, xx % W] = col
        for wy in range(hz - bh + 5, hz - 4, 9):
            for wx in range(x0 + 3, x0 + bw - 4, 8):
                c = (60, 60, 70) if rng.random() < 0.7 else (150, 200, 220)
                cv2.rectangle(img, (wx % W, wy), (wx % W + 3, wy + 4), c, -1)
    # trees
    for _ in range(50 if style == "rural" else 18):
        x = int(rng.integers(0, W))
        r = int(rng.integers(6, 18))
        cv2.circle(img, (x, hz - r), r, (50, 95, 60), -1, lineType=cv2.LINE_AA)
    # tower cranes
    for _ in range(3):
        x = int(rng.integers(0, W - 200))
        top = int(pano_row(rng.uniform(14, 24)))
        cv2.line(img, (x, hz), (x, top), (30, 170, 230), 4)
        cv2.line(img, (x - 60, top + 6), (x + 170, top + 6), (30, 170, 230), 3)
        for k in range(-60, 170, 12):
            cv2.line(img, (x + k, top + 6), (x + k + 6, top + 12), (30, 150, 210), 1)
        cv2.line(img, (x + 120, top + 6), (x + 120, top + 60), (40, 40, 40), 1)
    img = np.clip(img, 0, 255).astype(np.uint8)
    return img


# ----------------------------------------------------------------------

class Atlas:
    """Tiles packed into one image so one cv2.remap samples them all.
    Each tile is padded with `PAD` texels of wrapped border."""
    PAD = 3

    def __init__(self):
        self.tiles = {}
        self._imgs = []
        self.image = None

    def add(self, name, img, levels=1):
        """Add a tile and `levels - 1` area-averaged mip levels."""
        lv = [img]
        for k in range(1, levels):
            prev = lv[-1]
            lv.append(cv2.resize(prev, (max(prev.shape[1] // 2, 4), max(prev.shape[0] // 2, 4)),
                                 interpolation=cv2.INTER_AREA))
        self._imgs.append((name, lv))

    def build(self):
        P = self.PAD
        blocks = []
        for name, lv in self._imgs:
            for k, im in enumerate(lv):
                blocks.append((name, k, cv2.copyMakeBorder(im, P, P, P, P, cv2.BORDER_WRAP)))
        # shelf packing
        maxw = 2200
        x = y = shelf = 0
        places = []
        for name, k, im in blocks:
            h, w = im.shape[:2]
            if x + w > maxw:
                x, y, shelf = 0, y + shelf, 0
            places.append((name, k, x, y, w, h, im))
            x += w
            shelf = max(shelf, h)
        H = y + shelf
        atlas = np.zeros((H, maxw, 3), np.uint8)
        for name, k, x, y, w, h, im in places:
            atlas[y:y + h, x:x + w] = im
            self.tiles.setdefault(name, []).append((x + P, y + P, w - 2 * P, h - 2 * P))
        self.image = atlas
        return self
