"""Procedural, tileable textures (numpy + OpenCV only, deterministic from a seed)."""
from __future__ import annotations

import math

import cv2
import numpy as np


def tile_noise(rng, h, w, scale_px, octaves=4, persistence=0.55):
    """Periodic (tileable) multi-octave noise in [0,1], shape (h, w)."""
    acc = np.zeros((h, w), np.float64)
    amp = 1.0
    tot = 0.0
    sc = float(scale_px)
    fy = np.fft.fftfreq(h)[:, None]
    fx = np.fft.fftfreq(w)[None, :]
    f2 = fx * fx + fy * fy
    for _ in range(octaves):
        white = rng.standard_normal((h, w))
        sigma_f = 1.0 / (2 * math.pi * max(sc, 0.5))
        filt = np.exp(-f2 / (2 * sigma_f * sigma_f))
        n = np.fft.ifft2(np.fft.fft2(white) * filt).real
        n = (n - n.mean()) / (n.std() + 1e-9)
        acc += amp * n
        tot += amp
        amp *= persistence
        sc /= 2.0
    acc /= tot
    lo, hi = np.percentile(acc, [1, 99])
    return np.clip((acc - lo) / (hi - lo + 1e-9), 0, 1)


def colourise(n, c0, c1):
    c0 = np.array(c0, np.float64)
    c1 = np.array(c1, np.float64)
    return n[..., None] * (c1 - c0) + c0


def mip(tex, levels=6):
    """List of progressively half-size copies (float32 BGR)."""
    out = [tex.astype(np.float32)]
    for _ in range(levels - 1):
        t = out[-1]
        if min(t.shape[:2]) < 8:
            break
        out.append(cv2.resize(t, (t.shape[1] // 2, t.shape[0] // 2), interpolation=cv2.INTER_AREA))
    return out


def _wrap_draw(img, fn):
    """Call fn(img, dx, dy) for the 9 periodic copies so shapes wrap around tile edges."""
    h, w = img.shape[:2]
    for dy in (-h, 0, h):
        for dx in (-w, 0, w):
            fn(img, dx, dy)


# ---------------------------------------------------------------------------------------------
# ground textures (ppm = pixels per metre of the level-0 image)

def concrete_floor(rng, size=1024, ppm=100):
    n1 = tile_noise(rng, size, size, 60)
    n2 = tile_noise(rng, size, size, 4, octaves=2)
    base = colourise(0.55 * n1 + 0.45 * n2, (118, 122, 126), (178, 182, 186))
    # power-float swirls: darker arcs
    for _ in range(40):
        cx, cy = rng.uniform(0, size, 2)
        r = rng.uniform(20, 120)
        a0 = rng.uniform(0, 360)

        def arc(img, dx, dy, cx=cx, cy=cy, r=r, a0=a0):
            cv2.ellipse(img, (int(cx + dx), int(cy + dy)), (int(r), int(r)), 0, a0, a0 + 120,
                        (105, 108, 112), 2, cv2.LINE_AA)
        _wrap_draw(base, arc)
    # stains
    for _ in range(14):
        cx, cy = rng.uniform(0, size, 2)
        ax = rng.uniform(15, 70)

        def st(img, dx, dy, cx=cx, cy=cy, ax=ax):
            cv2.ellipse(img, (int(cx + dx), int(cy + dy)), (int(ax), int(ax * 0.6)), rng.uniform(0, 180), 0, 360,
                        (96, 100, 104), -1, cv2.LINE_AA)
        _wrap_draw(base, st)
    # chalk setting-out lines and saw-cut joint
    for k, col in enumerate([(60, 60, 200), (200, 90, 40), (40, 40, 40)]):
        y = int(rng.uniform(0, size))
        cv2.line(base, (0, y), (size, y), col, 2 if k < 2 else 3, cv2.LINE_AA)
    x = int(rng.uniform(0, size))
    cv2.line(base, (x, 0), (x, size), (60, 60, 60), 3, cv2.LINE_AA)
    base = cv2.GaussianBlur(base, (3, 3), 0)
    return np.clip(base, 0, 255), ppm


def grass_gravel(rng, size=1024, ppm=80):
    n1 = tile_noise(rng, size, size, 90)
    n2 = tile_noise(rng, size, size, 3, octaves=2)
    n3 = tile_noise(rng, size, size, 25)
    grass = colourise(n2, (40, 95, 70), (90, 160, 120))  # BGR greenish
    dirt = colourise(n2, (60, 95, 120), (120, 150, 170))
    m = np.clip((n1 - 0.45) * 4, 0, 1)[..., None]
    base = grass * (1 - m) + dirt * m
    base *= (0.8 + 0.4 * n3)[..., None]
    # tyre ruts
    for _ in range(3):
        y0 = rng.uniform(0, size)
        amp = rng.uniform(10, 40)
        pts = np.array([[x, y0 + amp * math.sin(2 * math.pi * x / size)] for x in np.linspace(0, size, 64)], np.int32)
        for off in (0, 34):
            cv2.polylines(base, [pts + [0, off]], False, (70, 90, 100), 5, cv2.LINE_AA)
    # stones
    for _ in range(900):
        x, y = rng.uniform(0, size, 2)
        r = rng.uniform(1.2, 3.5)
        c = rng.uniform(140, 210)
        cv2.circle(base, (int(x), int(y)), int(r), (c - 10, c, c + 5), -1, cv2.LINE_AA)
    return np.clip(base, 0, 255), ppm


def gravel_track(rng, size=512, ppm=80):
    n2 = tile_noise(rng, size, size, 2, octaves=2)
    n1 = tile_noise(rng, size, size, 40)
    base = colourise(0.6 * n2 + 0.4 * n1, (110, 118, 125), (175, 182, 190))
    for _ in range(1200):
        x, y = rng.uniform(0, size, 2)
        c = rng.uniform(80, 220)
        cv2.circle(base, (int(x), int(y)), int(rng.uniform(1, 3)), (c, c, c + 5), -1, cv2.LINE_AA)
    return np.clip(base, 0, 255), ppm


def deck_concrete(rng, size=1024, ppm=100):
    n1 = tile_noise(rng, size, size, 50)
    n2 = tile_noise(rng, size, size, 3, octaves=2)
    base = colourise(0.5 * n1 + 0.5 * n2, (105, 108, 110), (165, 168, 170))
    # tamped/brushed ridges across the deck (along x)
    for y in range(0, size, 9):
        cv2.line(base, (0, y), (size, y), (98, 100, 102), 1, cv2.LINE_AA)
    # waterproofing patches and bolt pockets
    for _ in range(18):
        x, y = rng.uniform(0, size, 2)
        w, h = rng.uniform(30, 120, 2)

        def rect(img, dx, dy, x=x, y=y, w=w, h=h):
            cv2.rectangle(img, (int(x + dx), int(y + dy)), (int(x + w + dx), int(y + h + dy)), (60, 62, 66), -1)
        _wrap_draw(base, rect)
    for _ in range(60):
        x, y = rng.uniform(0, size, 2)
        cv2.circle(base, (int(x), int(y)), 5, (70, 70, 70), -1, cv2.LINE_AA)
    return np.clip(base, 0, 255), ppm


def river_water(rng, size=1024, ppm=12):
    n1 = tile_noise(rng, size, size, 40)
    n2 = tile_noise(rng, size, size, 5, octaves=2)
    base = colourise(0.5 * n1 + 0.5 * n2, (70, 75, 50), (130, 125, 95))
    for _ in range(500):
        x, y = rng.uniform(0, size, 2)
        L = rng.uniform(8, 40)
        cv2.line(base, (int(x), int(y)), (int(x + L), int(y)), (170, 170, 150), 1, cv2.LINE_AA)
    return np.clip(base, 0, 255), ppm


def ceiling_grid(rng, size=1200, ppm=100):
    """600 mm suspended ceiling grid, partly tiled, with services visible through open bays."""
    n = tile_noise(rng, size, size, 30)
    ducts = colourise(n, (70, 75, 80), (120, 125, 130))
    base = ducts.copy()
    cell = 60
    for j in range(0, size, cell):
        for i in range(0, size, cell):
            if rng.uniform() < 0.62:
                c = rng.uniform(205, 235)
                base[j:j + cell, i:i + cell] = (c, c, c - 4)
    # cable trays / ducts across open bays
    for _ in range(5):
        y = int(rng.uniform(0, size))
        cv2.rectangle(base, (0, y), (size, y + 14), (150, 150, 160), -1)
    for k in range(0, size + 1, cell):
        cv2.line(base, (k, 0), (k, size), (240, 240, 245), 3)
        cv2.line(base, (0, k), (size, k), (240, 240, 245), 3)
    # light fittings
    for _ in range(10):
        i = int(rng.integers(0, size // cell)) * cell
        j = int(rng.integers(0, size // cell)) * cell
        cv2.rectangle(base, (i + 4, j + 4), (i + cell - 4, j + cell - 4), (250, 250, 250), -1)
        cv2.rectangle(base, (i + 4, j + 4), (i + cell - 4, j + cell - 4), (170, 170, 170), 1)
    return np.clip(base, 0, 255), ppm


# ---------------------------------------------------------------------------------------------
# walls and panoramas

def office_walls(rng, perimeter_m, height_m, ppm=64, windows=()):
    """Perimeter strip: u = metres along the perimeter, v = metres from the ceiling downwards."""
    W = int(perimeter_m * ppm)
    H = int(height_m * ppm)
    n = tile_noise(rng, H, 1024, 20)
    n = np.tile(n, (1, W // 1024 + 1))[:, :W]
    base = colourise(n, (150, 160, 165), (200, 208, 212))
    # drywall boards and stud lines
    x = 0
    while x < W:
        w = int(rng.uniform(1.2, 1.2) * ppm)
        c = rng.uniform(185, 225)
        base[:, x:x + w] = base[:, x:x + w] * 0.3 + np.array([c - 8, c, c + 4]) * 0.7
        cv2.line(base, (x, 0), (x, H), (140, 140, 140), 2)
        # screw lines
        for yy in range(10, H, 24):
            cv2.circle(base, (x + w // 2, yy), 1, (110, 110, 110), -1)
        x += w
    # curtain-wall windows on given [u0,u1] ranges (metres)
    for (u0, u1) in windows:
        a, b = int(u0 * ppm), int(u1 * ppm)
        sky = colourise(tile_noise(rng, H, max(b - a, 8), 30, octaves=3), (200, 170, 140), (245, 225, 205))
        base[:, a:b] = sky[:, : b - a]
        # city skyline outside
        xx = a
        while xx < b:
            bw = int(rng.uniform(0.8, 3) * ppm)
            bh = int(rng.uniform(0.3, 0.75) * H)
            col = rng.uniform(90, 150)
            cv2.rectangle(base, (xx, H - bh), (min(xx + bw, b), H), (col, col + 5, col + 10), -1)
            for wy in range(H - bh + 6, H - 4, 12):
                for wx in range(xx + 4, min(xx + bw, b) - 4, 10):
                    if rng.uniform() < 0.5:
                        cv2.rectangle(base, (wx, wy), (wx + 4, wy + 5), (200, 220, 230), -1)
            xx += bw + int(rng.uniform(0, 0.6) * ppm)
        for m in range(a, b, int(1.5 * ppm)):
            cv2.rectangle(base, (m, 0), (m + 6, H), (60, 60, 65), -1)  # mullions
        cv2.rectangle(base, (a, int(0.35 * H)), (b, int(0.35 * H) + 5), (60, 60, 65), -1)
        cv2.rectangle(base, (a, H - int(0.18 * H)), (b, H), (95, 95, 100), -1)  # cill / upstand
    # doors, signs, fire points
    for _ in range(int(perimeter_m / 9)):
        u = rng.uniform(0, W - 80)
        kind = rng.integers(0, 3)
        if kind == 0:
            cv2.rectangle(base, (int(u), int(H * 0.28)), (int(u + 0.95 * ppm), H), (60, 90, 120), -1)
            cv2.circle(base, (int(u + 0.8 * ppm), int(H * 0.65)), 3, (200, 200, 200), -1)
        elif kind == 1:
            cv2.rectangle(base, (int(u), int(H * 0.45)), (int(u + 0.5 * ppm), int(H * 0.6)), (40, 160, 40), -1)
            cv2.rectangle(base, (int(u + 4), int(H * 0.5)), (int(u + 0.3 * ppm), int(H * 0.55)), (255, 255, 255), -1)
        else:
            cv2.rectangle(base, (int(u), int(H * 0.62)), (int(u + 0.22 * ppm), int(H * 0.82)), (30, 30, 200), -1)
            cv2.rectangle(base, (int(u - 10), int(H * 0.5)), (int(u + 0.4 * ppm), int(H * 0.6)), (30, 30, 190), -1)
    # skirting / floor line
    cv2.rectangle(base, (0, H - 6), (W, H), (70, 70, 75), -1)
    return np.clip(base, 0, 255), ppm


def sky_panorama(rng, kind, px_per_deg=10, el_min=-6.0, el_max=70.0):
    """Direction texture: columns = azimuth 0..360 (clockwise from north), rows = elevation el_max..el_min."""
    W = int(360 * px_per_deg)
    H = int((el_max - el_min) * px_per_deg)

    def row(el):
        return int((el_max - el) * px_per_deg)

    el = el_max - (np.arange(H) + 0.5) / px_per_deg
    sky_top = np.array([200, 150, 100], np.float64) if kind != "grey" else np.array([180, 175, 170], np.float64)
    sky_hor = np.array([235, 215, 195], np.float64)
    g = np.clip(el / 45.0, 0, 1)[:, None]
    base = np.repeat((sky_hor * (1 - g) + sky_top * g)[:, None, :], W, axis=1)
    # clouds (tileable in azimuth)
    cn = tile_noise(rng, H, W, 18 * px_per_deg / 10, octaves=5)
    cm = np.clip((cn - 0.52) * 3.0, 0, 1)
    cloud = np.array([245, 245, 245], np.float64)
    shade = (0.82 + 0.18 * tile_noise(rng, H, W, 5, octaves=2))[..., None]
    base = base * (1 - cm[..., None]) + cloud * shade * cm[..., None]
    hz = row(0.0)
    prof = np.zeros(W)
    # distant terrain profile (periodic)
    tn = tile_noise(rng, 1, W * 1 if W < 8192 else 8191, 30 * px_per_deg, octaves=4)[0]
    tn = np.interp(np.arange(W), np.linspace(0, W, tn.size, endpoint=False), tn, period=W)
    if kind == "solar":
        prof = 1.2 + 2.8 * tn  # low hills, degrees
        hill_col = ((80, 120, 95), (110, 150, 125))
    elif kind == "river":
        prof = 2.0 + 5.5 * tn
        hill_col = ((60, 100, 70), (95, 135, 100))
    else:
        prof = 1.5 + 3 * tn
        hill_col = ((90, 110, 100), (130, 150, 140))
    hn = tile_noise(rng, H, W, 4, octaves=3)
    hills = colourise(hn, *hill_col)
    for x in range(W):
        top = row(prof[x])
        base[top:, x] = hills[top:, x]
    # tree lines / features
    if kind in ("solar", "river"):
        x = 0
        while x < W:
            tw = int(rng.uniform(0.4, 2.5) * px_per_deg)
            th = rng.uniform(0.6, 2.4)
            top = row(prof[x % W] * 0.55 + th)
            col = rng.uniform(35, 70)
            cv2.ellipse(base, (x, row(prof[x % W] * 0.55)), (tw, max(2, row(prof[x % W] * 0.55) - top)), 0, 180, 360,
                        (col, col + 35, col + 10), -1, cv2.LINE_AA)
            x += int(tw * rng.uniform(0.8, 2.0))
    if kind == "solar":
        # pylons and a substation, site cabins
        for az in (35, 118, 200, 305):
            x = int(az * px_per_deg)
            top = row(9.0)
            bot = row(prof[x] * 0.5)
            cv2.line(base, (x - 12, bot), (x, top), (60, 60, 60), 2, cv2.LINE_AA)
            cv2.line(base, (x + 12, bot), (x, top), (60, 60, 60), 2, cv2.LINE_AA)
            for yy in range(top, bot, 10):
                cv2.line(base, (x - 8, yy), (x + 8, yy + 6), (70, 70, 70), 1, cv2.LINE_AA)
            cv2.line(base, (x - 18, top + 8), (x + 18, top + 8), (60, 60, 60), 2)
        for az, w, col in ((150, 40, (40, 120, 200)), (162, 26, (180, 180, 180)), (250, 60, (50, 60, 70))):
            x = int(az * px_per_deg)
            cv2.rectangle(base, (x, row(1.4)), (x + w, hz + 2), col, -1)
            cv2.rectangle(base, (x + 4, row(1.1)), (x + 10, row(0.6)), (200, 200, 210), -1)
    if kind == "river":
        # the far bank town and a church spire
        for az0 in (150, 210):
            x = int(az0 * px_per_deg)
            while x < int((az0 + 45) * px_per_deg):
                bw = int(rng.uniform(0.6, 1.8) * px_per_deg)
                bh = rng.uniform(1.0, 3.5)
                col = rng.uniform(120, 200)
                cv2.rectangle(base, (x, row(bh + 1.0)), (x + bw, row(0.5)), (col - 20, col - 10, col), -1)
                cv2.rectangle(base, (x, row(bh + 1.0) - 4), (x + bw, row(bh + 1.0)), (60, 60, 120), -1)
                x += bw + int(rng.uniform(0, 0.5) * px_per_deg)
        x = int(190 * px_per_deg)
        cv2.fillPoly(base, [np.array([[x - 8, row(4)], [x + 8, row(4)], [x, row(11)]], np.int32)], (90, 90, 100))
    # lower band (below horizon, very far ground)
    base[hz:, :] = base[hz:, :] * 0.5 + np.array([110, 130, 130]) * 0.5
    return np.clip(base, 0, 255), (px_per_deg, el_max, el_min)
