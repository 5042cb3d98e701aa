"""Procedural textures for the rendered worlds (deterministic, numpy + OpenCV)."""
from __future__ import annotations

import math

import cv2
import numpy as np


def fbm(h: int, w: int, rng: np.random.RandomState, cells=(4, 16, 64, 256), gains=(1.0, 0.5, 0.25, 0.15),
        wrap_x: bool = False) -> np.ndarray:
    """Multi-octave value noise in [0, 1], float32, shape (h, w)."""
    out = np.zeros((h, w), np.float32)
    tot = 0.0
    for c, g in zip(cells, gains):
        gw = max(2, int(c))
        gh = max(2, int(round(c * h / max(w, 1))))
        small = rng.rand(gh, gw).astype(np.float32)
        if wrap_x:
            small = np.concatenate([small, small[:, :1]], 1)
            big = cv2.resize(small, (w + int(math.ceil(w / gw)), h), interpolation=cv2.INTER_CUBIC)[:, :w]
        else:
            big = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
        out += g * big
        tot += g
    out /= tot
    lo, hi = float(out.min()), float(out.max())
    return (out - lo) / max(hi - lo, 1e-6)


def grain(h, w, rng, amp=18.0):
    return (rng.randn(h, w).astype(np.float32) * amp)


def colourise(base_bgr, field, amp):
    """base colour modulated by a [0,1] field: returns float32 (h, w, 3)."""
    b = np.asarray(base_bgr, np.float32)
    return b[None, None, :] * (1.0 + amp * (field[..., None] - 0.5) * 2.0)


def to_u8(img):
    return np.clip(img, 0, 255).astype(np.uint8)


def put_text(img, text, org, scale, colour, thick):
    """cv2.putText for float images (draws via a uint8 mask)."""
    (tw, th), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
    x, y = int(org[0]), int(org[1])
    y0, y1 = max(0, y - th - 2), min(img.shape[0], y + base + 2)
    x0, x1 = max(0, x - 1), min(img.shape[1], x + tw + 2)
    if y1 <= y0 or x1 <= x0:
        return
    m = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.putText(m, text, (x - x0, y - y0), cv2.FONT_HERSHEY_SIMPLEX, scale, 255, thick, cv2.LINE_AA)
    a = (m.astype(np.float32) / 255.0)[..., None]
    col = np.asarray(colour, np.float32)[None, None, :img.shape[2]]
    img[y0:y1, x0:x1] = img[y0:y1, x0:x1] * (1 - a) + col * a


def shade_cylinder(img, y0, y1, colour, axis="h"):
    """Paint a horizontal (axis h) cylinder band with a shaded look."""
    n = y1 - y0
    if n <= 1:
        return
    t = np.linspace(-1, 1, n, dtype=np.float32)
    prof = 0.45 + 0.75 * np.sqrt(np.clip(1 - t * t, 0, 1)) - 0.15 * t
    col = np.asarray(colour, np.float32)[None, :] * prof[:, None]
    if axis == "h":
        img[y0:y1, :, :3] = np.clip(col[:, None, :], 0, 255)
    else:
        img[:, y0:y1, :3] = np.clip(col[None, :, :], 0, 255)


# --------------------------------------------------------------------------------------
# ground / floor textures (rows = z from z1 down to z0, columns = x from x0)


def yard_floor(wm, dm, ppm, rng, style="steel"):
    W, H = int(wm * ppm), int(dm * ppm)
    f1 = fbm(H, W, rng, cells=(3, 12, 48, 200, 800), gains=(1, .6, .4, .3, .25))
    if style == "demo":
        base = (88, 104, 118)
    else:
        base = (92, 108, 112)
    img = colourise(base, f1, 0.35)
    img += grain(H, W, rng, 16)[..., None]
    # tyre tracks
    for _ in range(5):
        x = rng.uniform(0, W)
        ang = rng.uniform(0, math.pi)
        pts = []
        for s in np.linspace(-1.2, 1.2, 60):
            bend = 0.15 * math.sin(s * 2.0 + rng.uniform(0, 3))
            px = x + s * W * math.cos(ang) * 0.6 + bend * W * 0.1
            py = H / 2 + s * H * math.sin(ang) * 0.6
            pts.append((px, py))
        pts = np.array(pts, np.int32)
        for off in (-0.9, 0.9):
            cv2.polylines(img, [pts + np.array([int(off * ppm), 0], np.int32)], False,
                          (60, 70, 75), max(2, int(0.35 * ppm)), cv2.LINE_AA)
    # stones
    n_st = int(wm * dm * 3)
    for _ in range(n_st):
        c = (int(rng.uniform(0, W)), int(rng.uniform(0, H)))
        r = max(1, int(rng.uniform(0.02, 0.09) * ppm))
        g = rng.uniform(70, 190)
        cv2.ellipse(img, c, (r, max(1, int(r * rng.uniform(.5, 1)))), rng.uniform(0, 180), 0, 360,
                    (g * 0.95, g, g * 1.05), -1, cv2.LINE_AA)
    # puddles
    for _ in range(int(wm * dm / 120)):
        c = (int(rng.uniform(0, W)), int(rng.uniform(0, H)))
        ax = (int(rng.uniform(0.6, 2.2) * ppm), int(rng.uniform(0.4, 1.4) * ppm))
        cv2.ellipse(img, c, ax, rng.uniform(0, 180), 0, 360, (88, 86, 82), -1, cv2.LINE_AA)
        cv2.ellipse(img, c, (max(1, ax[0] - 3), max(1, ax[1] - 3)), 0, 0, 360, (140, 140, 135), 1, cv2.LINE_AA)
    # timber dunnage and planks
    for _ in range(int(wm * dm / 60)):
        c = np.array([rng.uniform(0, W), rng.uniform(0, H)])
        ang = rng.uniform(0, math.pi)
        L = rng.uniform(1.0, 3.0) * ppm
        d = np.array([math.cos(ang), math.sin(ang)]) * L / 2
        wdt = max(2, int(rng.uniform(0.12, 0.25) * ppm))
        cv2.line(img, tuple((c - d).astype(int)), tuple((c + d).astype(int)), (50, 95, 140), wdt, cv2.LINE_AA)
        cv2.line(img, tuple((c - d).astype(int)), tuple((c + d).astype(int)), (40, 80, 120), max(1, wdt // 4), cv2.LINE_AA)
    # painted lines / marks
    for _ in range(6):
        c = np.array([rng.uniform(0, W), rng.uniform(0, H)])
        ang = rng.uniform(0, math.pi)
        L = rng.uniform(3, 8) * ppm
        d = np.array([math.cos(ang), math.sin(ang)]) * L / 2
        cv2.line(img, tuple((c - d).astype(int)), tuple((c + d).astype(int)),
                 (40, 200, 230) if rng.rand() < .5 else (225, 225, 225), max(2, int(0.1 * ppm)), cv2.LINE_AA)
    if style == "demo":
        # rubble scatter: brick fragments and concrete lumps
        for _ in range(int(wm * dm * 1.5)):
            c = (int(rng.uniform(0, W)), int(rng.uniform(0, H)))
            r = max(1, int(rng.uniform(0.04, 0.18) * ppm))
            col = (50, 70, 150) if rng.rand() < 0.5 else (150, 150, 150)
            m = rng.uniform(.7, 1.2)
            col = tuple(float(v * m) for v in col)
            pts = np.array([[c[0] + r * math.cos(a) * rng.uniform(.6, 1.2), c[1] + r * math.sin(a) * rng.uniform(.6, 1.2)]
                            for a in np.linspace(0, 2 * math.pi, 6, endpoint=False)], np.int32)
            cv2.fillPoly(img, [pts], col, cv2.LINE_AA)
    return img


def paint_excavation(img, rect_m, x0, z1, ppm, rng):
    """Paint a dug hole into a floor texture. rect_m = (xa, xb, za, zb) in world metres."""
    xa, xb, za, zb = rect_m
    c0, c1 = int((xa - x0) * ppm), int((xb - x0) * ppm)
    r0, r1 = int((z1 - zb) * ppm), int((z1 - za) * ppm)
    h, w = r1 - r0, c1 - c0
    f = fbm(h, w, rng, cells=(3, 10, 40), gains=(1, .5, .3))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    edge = np.minimum(np.minimum(yy, h - 1 - yy), np.minimum(xx, w - 1 - xx)) / (0.5 * min(h, w))
    depth = np.clip(edge * 2.2, 0, 1)
    col = np.array([40, 62, 92], np.float32)[None, None] * (1.05 - 0.7 * depth[..., None]) * (0.8 + 0.4 * f[..., None])
    col += grain(h, w, rng, 10)[..., None]
    img[r0:r1, c0:c1] = col
    # crumbly rim and spoil
    for _ in range(int((w + h) * 1.5)):
        side = rng.randint(4)
        if side == 0:
            p = (c0 + rng.randint(w), r0 + rng.randint(-6, 6))
        elif side == 1:
            p = (c0 + rng.randint(w), r1 + rng.randint(-6, 6))
        elif side == 2:
            p = (c0 + rng.randint(-6, 6), r0 + rng.randint(h))
        else:
            p = (c1 + rng.randint(-6, 6), r0 + rng.randint(h))
        g = rng.uniform(60, 130)
        cv2.circle(img, p, rng.randint(1, 4), (g * 0.6, g * 0.8, g), -1, cv2.LINE_AA)
    # spoil heap beside it
    cx, cy = c1 + int(1.2 * ppm), (r0 + r1) // 2
    for _ in range(400):
        a, rr = rng.uniform(0, 2 * math.pi), abs(rng.randn()) * 0.7 * ppm
        g = rng.uniform(50, 120)
        cv2.circle(img, (int(cx + rr * math.cos(a)), int(cy + rr * math.sin(a) * 1.4)), rng.randint(2, 6),
                   (g * 0.55, g * 0.75, g), -1, cv2.LINE_AA)
    # red/white barrier tape painted 0.8 m outside the hole (on the ground: a warning line)
    m = int(0.8 * ppm)
    pts = [(c0 - m, r0 - m), (c1 + m, r0 - m), (c1 + m, r1 + m), (c0 - m, r1 + m), (c0 - m, r0 - m)]
    for (pa, pb) in zip(pts[:-1], pts[1:]):
        n = int(max(abs(pb[0] - pa[0]), abs(pb[1] - pa[1])) / (0.25 * ppm)) + 1
        for i in range(n):
            s0, s1 = i / n, (i + 1) / n
            qa = (int(pa[0] + (pb[0] - pa[0]) * s0), int(pa[1] + (pb[1] - pa[1]) * s0))
            qb = (int(pa[0] + (pb[0] - pa[0]) * s1), int(pa[1] + (pb[1] - pa[1]) * s1))
            cv2.line(img, qa, qb, (40, 40, 220) if i % 2 == 0 else (235, 235, 235), max(2, int(0.06 * ppm)), cv2.LINE_AA)


def tunnel_floor(wm, dm, ppm, rng):
    W, H = int(wm * ppm), int(dm * ppm)
    f = fbm(H, W, rng, cells=(3, 12, 50, 200), gains=(1, .6, .4, .3))
    img = colourise((70, 78, 84), f, 0.4)
    img += grain(H, W, rng, 14)[..., None]
    # board walk / rail sleepers down the middle
    for z in np.arange(0, dm, 0.9):
        r = int(z * ppm)
        cv2.rectangle(img, (int(W * 0.35), r), (int(W * 0.65), r + int(0.22 * ppm)), (45, 75, 105), -1)
    for xr in (0.40, 0.60):
        cv2.line(img, (int(W * xr), 0), (int(W * xr), H), (120, 120, 125), max(2, int(0.07 * ppm)))
    for _ in range(int(wm * dm / 40)):
        c = (int(rng.uniform(0, W)), int(rng.uniform(0, H)))
        ax = (int(rng.uniform(0.2, 0.8) * ppm), int(rng.uniform(0.3, 1.4) * ppm))
        cv2.ellipse(img, c, ax, rng.uniform(0, 180), 0, 360, (62, 60, 58), -1, cv2.LINE_AA)
        cv2.ellipse(img, c, (max(1, ax[0] // 5), max(1, ax[1] // 5)), 0, 0, 360, (120, 140, 150), -1, cv2.LINE_AA)
    for _ in range(int(wm * dm * 2)):
        c = (int(rng.uniform(0, W)), int(rng.uniform(0, H)))
        g = rng.uniform(40, 160)
        cv2.circle(img, c, max(1, int(rng.uniform(0.02, 0.06) * ppm)), (g, g, g), -1, cv2.LINE_AA)
    # cable along the left edge
    pts = np.array([[int(0.08 * W + 0.02 * W * math.sin(y / 40.0)), y] for y in range(0, H, 8)], np.int32)
    cv2.polylines(img, [pts], False, (20, 20, 25), max(2, int(0.05 * ppm)), cv2.LINE_AA)
    return img


def tunnel_ceiling(wm, dm, ppm, rng):
    W, H = int(wm * ppm), int(dm * ppm)
    f = fbm(H, W, rng, cells=(3, 12, 50, 200), gains=(1, .6, .4, .3))
    img = colourise((95, 100, 104), f, 0.45)
    img += grain(H, W, rng, 12)[..., None]
    # ventilation duct along the tunnel (columns ~ 15%-40%)
    c0, c1 = int(W * 0.12), int(W * 0.40)
    tmp = np.zeros((H, c1 - c0, 3), np.float32)
    shade_cylinder(tmp, 0, c1 - c0, (60, 110, 140), axis="v")
    img[:, c0:c1] = tmp
    for z in np.arange(0, dm, 1.2):
        r = int(z * ppm)
        cv2.line(img, (c0, r), (c1, r), (30, 55, 70), max(1, int(0.04 * ppm)))
    # lamps every 8 m
    for z in np.arange(2, dm, 8):
        r = int(z * ppm)
        cv2.rectangle(img, (int(W * 0.6), r), (int(W * 0.75), r + int(0.5 * ppm)), (235, 250, 255), -1)
    # rock bolts
    for _ in range(int(wm * dm / 2)):
        c = (int(rng.uniform(0, W)), int(rng.uniform(0, H)))
        cv2.circle(img, c, max(2, int(0.06 * ppm)), (140, 140, 140), -1, cv2.LINE_AA)
        cv2.circle(img, c, max(1, int(0.03 * ppm)), (40, 40, 40), -1, cv2.LINE_AA)
    return img


# --------------------------------------------------------------------------------------
# walls: perimeter texture (columns = metres along the perimeter, rows = height from top)


def _building(img, x0, x1, h_m, ppm, Hpx, rng, col):
    top = Hpx - int(h_m * ppm)
    img[top:, x0:x1, :3] = col
    img[top:, x0:x1, 3] = 255
    f = fbm(Hpx - top, x1 - x0, rng, cells=(2, 8, 32), gains=(1, .5, .3))
    img[top:, x0:x1, :3] = np.clip(img[top:, x0:x1, :3] * (0.8 + 0.4 * f[..., None]), 0, 255)
    wy = max(3, int(1.1 * ppm))
    ww = max(3, int(0.9 * ppm))
    for yy in range(top + int(0.8 * ppm), Hpx - int(2.5 * ppm), int(3.2 * ppm)):
        for xx in range(x0 + int(0.8 * ppm), x1 - ww, int(2.2 * ppm)):
            g = rng.uniform(40, 110)
            cv2.rectangle(img, (xx, yy), (xx + ww, yy + wy), (g * 1.1, g, g * 0.9, 255), -1)
            cv2.rectangle(img, (xx, yy), (xx + ww, yy + wy), (200, 200, 200, 255), 1)


def _steel_frame(img, x0, x1, h_m, ppm, Hpx, rng):
    col = (40, 50, 120, 255)
    bay = int(6 * ppm)
    lw = max(2, int(0.35 * ppm))
    top = Hpx - int(h_m * ppm)
    xs = list(range(x0, x1 + 1, bay))
    for x in xs:
        cv2.rectangle(img, (x - lw // 2, top), (x + lw // 2, Hpx), col, -1)
    for lev in np.arange(4, h_m + 0.1, 4):
        y = Hpx - int(lev * ppm)
        cv2.rectangle(img, (x0, y - lw // 2), (xs[-1], y + lw // 2), col, -1)
    for a, b in zip(xs[:-1], xs[1:]):
        if rng.rand() < 0.6:
            y0, y1 = Hpx - int(4 * ppm), Hpx - int(8 * ppm)
            cv2.line(img, (a, y0), (b, y1), (60, 60, 70, 255), max(1, lw // 2), cv2.LINE_AA)
            cv2.line(img, (a, y1), (b, y0), (60, 60, 70, 255), max(1, lw // 2), cv2.LINE_AA)
        # deck edges / metal deck on some levels
        if rng.rand() < 0.5:
            y = Hpx - int(4 * ppm)
            cv2.rectangle(img, (a, y - lw), (b, y + lw), (150, 150, 150, 255), -1)


def _crane(img, x, h_m, ppm, Hpx, jib_m, rng):
    mast = max(4, int(1.2 * ppm))
    top = Hpx - int(h_m * ppm)
    col = (0, 170, 230, 255)
    cv2.rectangle(img, (x, top), (x + mast, Hpx), col, 2)
    for y in range(top, Hpx, mast):
        cv2.line(img, (x, y), (x + mast, y + mast), col, 1, cv2.LINE_AA)
        cv2.line(img, (x + mast, y), (x, y + mast), col, 1, cv2.LINE_AA)
    jl = int(jib_m * ppm)
    cv2.rectangle(img, (x - jl // 4, top - mast), (x + jl, top), col, 2)
    for xx in range(x - jl // 4, x + jl, mast):
        cv2.line(img, (xx, top - mast), (xx + mast, top), col, 1, cv2.LINE_AA)
    cv2.rectangle(img, (x - jl // 4, top - mast), (x - jl // 4 + 2 * mast, top + mast), (120, 120, 120, 255), -1)
    cv2.rectangle(img, (x + mast, top + 2), (x + 3 * mast, top + 2 * mast), (220, 220, 220, 255), -1)


def _containers(img, x0, x1, ppm, Hpx, rng, stack=2):
    cw = int(6.0 * ppm)
    ch = int(2.6 * ppm)
    cols = [(140, 90, 30), (60, 120, 40), (40, 40, 170), (200, 200, 200), (30, 110, 200)]
    for lev in range(stack):
        for x in range(x0, x1 - cw + 1, cw + int(0.3 * ppm)):
            if lev > 0 and rng.rand() < 0.4:
                continue
            c = cols[rng.randint(len(cols))]
            y1 = Hpx - lev * ch
            cv2.rectangle(img, (x, y1 - ch), (x + cw, y1), c + (255,), -1)
            for xx in range(x, x + cw, max(2, int(0.3 * ppm))):
                cv2.line(img, (xx, y1 - ch), (xx, y1), tuple(int(v * 0.75) for v in c) + (255,), 1)
            if rng.rand() < 0.7:
                wx = x + int(rng.uniform(0.5, 4.0) * ppm)
                cv2.rectangle(img, (wx, y1 - int(1.9 * ppm)), (wx + int(1.2 * ppm), y1 - int(1.0 * ppm)),
                              (80, 60, 40, 255), -1)
            put_text(img, "%02d" % rng.randint(1, 99), (x + int(0.3 * ppm), y1 - int(0.5 * ppm)),
                        0.02 * ppm, (255, 255, 255, 255), max(1, int(0.05 * ppm)))


def _trees(img, x0, x1, ppm, Hpx, rng):
    for _ in range(max(1, (x1 - x0) // int(3 * ppm))):
        cx = int(rng.uniform(x0, x1))
        h = rng.uniform(6, 13)
        cy = Hpx - int(h * 0.6 * ppm)
        cv2.line(img, (cx, Hpx), (cx, cy), (30, 50, 70, 255), max(2, int(0.3 * ppm)))
        for _ in range(40):
            r = int(rng.uniform(0.8, 2.2) * ppm)
            p = (int(cx + rng.randn() * 1.3 * ppm), int(cy - abs(rng.randn()) * 1.8 * ppm))
            g = rng.uniform(60, 140)
            cv2.circle(img, p, r, (g * 0.4, g, g * 0.55, 255), -1, cv2.LINE_AA)


def _hoarding(img, x0, x1, ppm, Hpx, rng, colour=(120, 80, 20), h=2.4):
    top = Hpx - int(h * ppm)
    img[top:, x0:x1, :3] = colour
    img[top:, x0:x1, 3] = 255
    pw = int(2.4 * ppm)
    for i, x in enumerate(range(x0, x1, pw)):
        cv2.line(img, (x, top), (x, Hpx), (30, 30, 30, 255), max(1, int(0.05 * ppm)))
        if i % 3 == 0:
            cv2.rectangle(img, (x + int(0.3 * ppm), top + int(0.4 * ppm)), (x + int(2.0 * ppm), top + int(1.2 * ppm)),
                          (245, 245, 245, 255), -1)
            put_text(img, ["SAFETY", "PPE", "SITE", "EXIT"][i // 3 % 4], (x + int(0.4 * ppm), top + int(1.0 * ppm)),
                        0.016 * ppm, (30, 30, 160, 255), max(1, int(0.04 * ppm)))
    cv2.rectangle(img, (x0, Hpx - int(0.3 * ppm)), (x1, Hpx), (40, 40, 40, 255), -1)


def _ruin(img, x0, x1, ppm, Hpx, rng):
    """Half-demolished brick/concrete building with a jagged top."""
    w = x1 - x0
    heights = fbm(1, w, rng, cells=(3, 12, 40), gains=(1, .6, .5))[0] * 9 + 3
    f = fbm(Hpx, w, rng, cells=(4, 16, 64), gains=(1, .5, .4))
    for i in range(w):
        top = Hpx - int(heights[i] * ppm)
        img[top:, x0 + i, 3] = 255
    base = np.array([70, 85, 125], np.float32)
    img[:, x0:x1, :3] = np.where(img[:, x0:x1, 3:4] > 0, base * (0.7 + 0.6 * f[..., None]), img[:, x0:x1, :3])
    # floor slabs and openings
    for lev in np.arange(3, 12, 3):
        y = Hpx - int(lev * ppm)
        m = img[y, x0:x1, 3] > 0
        row = img[y - 2:y + 3, x0:x1]
        row[:, m, :3] = (150, 150, 155)
    for _ in range(w // int(2.5 * ppm)):
        xx = int(rng.uniform(x0, x1 - 1.5 * ppm))
        yy = Hpx - int(rng.uniform(1.5, 8) * ppm)
        if img[yy, xx, 3] > 0 and img[yy, min(x1 - 1, xx + int(1.2 * ppm)), 3] > 0:
            cv2.rectangle(img, (xx, yy), (xx + int(1.2 * ppm), yy + int(1.3 * ppm)), (25, 25, 30, 255), -1)
    # rebar sticking out of the top
    for _ in range(w // 8):
        xx = int(rng.uniform(x0, x1 - 1))
        top = Hpx - int(heights[xx - x0] * ppm)
        cv2.line(img, (xx, top), (xx + rng.randint(-4, 5), top - rng.randint(4, 16)), (40, 50, 70, 255), 1, cv2.LINE_AA)


def yard_walls(perim_m, h_m, ppm, rng, layout):
    """layout: list of (start_m, end_m, kind, params)."""
    W, H = int(perim_m * ppm), int(h_m * ppm)
    img = np.zeros((H, W, 4), np.float32)
    for (a, b, kind, p) in layout:
        x0, x1 = int(a * ppm), int(b * ppm)
        if kind == "building":
            _building(img, x0, x1, p.get("h", 10), ppm, H, rng, p.get("col", (150, 150, 150)))
        elif kind == "steel":
            _steel_frame(img, x0, x1, p.get("h", 12), ppm, H, rng)
        elif kind == "crane":
            _crane(img, x0, p.get("h", 18), ppm, H, p.get("jib", 25), rng)
        elif kind == "containers":
            _containers(img, x0, x1, ppm, H, rng, p.get("stack", 2))
        elif kind == "trees":
            _trees(img, x0, x1, ppm, H, rng)
        elif kind == "ruin":
            _ruin(img, x0, x1, ppm, H, rng)
        elif kind == "hoarding":
            _hoarding(img, x0, x1, ppm, H, rng, p.get("col", (120, 80, 20)), p.get("h", 2.4))
    # texture grain on opaque parts
    g = grain(H, W, rng, 7)
    img[..., :3] += g[..., None] * (img[..., 3:4] > 0)
    return to_u8(img)


def tunnel_walls(perim_m, h_m, ppm, rng, end_walls):
    """end_walls: list of (start_m, end_m, kind) for the two end faces."""
    W, H = int(perim_m * ppm), int(h_m * ppm)
    f = fbm(H, W, rng, cells=(6, 30, 120, 480), gains=(1, .6, .4, .3))
    img = colourise((88, 92, 96), f, 0.45)
    img += grain(H, W, rng, 12)[..., None]
    img = np.concatenate([img, np.full((H, W, 1), 255, np.float32)], 2)
    # steel arch ribs
    for x in np.arange(0, perim_m, 1.5):
        c = int(x * ppm)
        cv2.rectangle(img, (c, 0), (c + max(2, int(0.12 * ppm)), H), (55, 60, 70, 255), -1)
        cv2.line(img, (c, 0), (c, H), (120, 125, 135, 255), 1)
    # pipes and cable tray
    for (yh, col, th) in ((3.3, (40, 120, 40), 0.35), (3.8, (30, 60, 170), 0.25), (1.0, (170, 170, 175), 0.3)):
        y0 = H - int((yh + th / 2) * ppm)
        shade_cylinder(img, y0, y0 + max(2, int(th * ppm)), col)
    ty = H - int(4.6 * ppm)
    cv2.rectangle(img, (0, ty), (W, ty + max(2, int(0.1 * ppm))), (150, 150, 150, 255), -1)
    for x in range(0, W, max(4, int(0.25 * ppm))):
        cv2.line(img, (x, ty - int(0.1 * ppm)), (x, ty), (20, 20, 20, 255), 1)
    # lamps every 8 m with a glow
    for x in np.arange(3, perim_m, 8):
        c = (int(x * ppm), H - int(4.1 * ppm))
        cv2.circle(img, c, int(0.45 * ppm), (130, 160, 175, 255), -1, cv2.LINE_AA)
        cv2.ellipse(img, c, (int(0.35 * ppm), int(0.15 * ppm)), 0, 0, 360, (235, 255, 255, 255), -1, cv2.LINE_AA)
    # chainage markers and signs
    for i, x in enumerate(np.arange(5, perim_m, 10)):
        c = int(x * ppm)
        y = H - int(2.2 * ppm)
        cv2.rectangle(img, (c, y), (c + int(1.2 * ppm), y + int(0.5 * ppm)), (230, 230, 230, 255), -1)
        put_text(img, "CH%03d" % (100 + i * 10), (c + 2, y + int(0.4 * ppm)), 0.009 * ppm, (20, 20, 20, 255), max(1, int(0.03 * ppm)))
        if i % 3 == 1:
            cv2.rectangle(img, (c + int(3 * ppm), y), (c + int(3.8 * ppm), y + int(0.4 * ppm)), (40, 160, 30, 255), -1)
    # water streaks
    for _ in range(int(perim_m / 2)):
        c = int(rng.uniform(0, W))
        y0 = int(rng.uniform(0, H * 0.5))
        cv2.line(img, (c, y0), (c + rng.randint(-5, 5), H), (60, 62, 64, 255), rng.randint(1, 4), cv2.LINE_AA)
    for (a, b, kind) in end_walls:
        x0, x1 = int(a * ppm), int(b * ppm)
        sub = img[:, x0:x1]
        if kind == "face":
            ff = fbm(H, x1 - x0, rng, cells=(3, 12, 48, 200), gains=(1, .7, .5, .4))
            sub[..., :3] = colourise((70, 80, 95), ff, 0.6)
            for _ in range((x1 - x0) * H // 400):
                p = (int(rng.uniform(0, x1 - x0)), int(rng.uniform(0, H)))
                cv2.circle(sub, p, max(2, int(0.04 * ppm)), (20, 20, 20, 255), -1)
        else:  # bulkhead with a lit doorway
            sub[..., :3] = (110, 110, 105)
            cw = x1 - x0
            cv2.rectangle(sub, (int(cw * 0.4), int(H * 0.45)), (int(cw * 0.6), H), (200, 225, 235, 255), -1)
            for x in range(0, cw, max(4, int(1.0 * ppm))):
                cv2.line(sub, (x, 0), (x, H), (70, 70, 70, 255), 2)
    return to_u8(img)


def sky(width, height, rng, overcast=0.5):
    """Equirectangular sky: columns = azimuth 0..360, rows = elevation 90 (top) .. 0 (bottom)."""
    el = np.linspace(90, 0, height, dtype=np.float32)[:, None]
    t = (el / 90.0)
    horizon = np.array([225, 215, 200], np.float32)
    zenith = np.array([200, 150, 95], np.float32)
    img = horizon[None, None] * (1 - t[..., None]) + zenith[None, None] * t[..., None]
    img = np.repeat(img, width, 1)
    c = fbm(height, width, rng, cells=(6, 24, 96), gains=(1, .6, .4), wrap_x=True)
    cl = np.clip((c - (0.55 - overcast * 0.3)) * 3.0, 0, 1)[..., None]
    cloud = np.array([235, 235, 235], np.float32) * (0.8 + 0.25 * c[..., None])
    img = img * (1 - cl) + cloud * cl
    return to_u8(img)
