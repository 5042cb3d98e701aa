"""Panorama background and sprite drawing."""
from __future__ import annotations

import math

import cv2
import numpy as np

STYLES = {
    # ground BGR, ground variation, sky top, sky horizon
    "yard": ((88, 118, 140), 38, (200, 150, 95), (235, 215, 190)),
    "trench": ((62, 88, 112), 34, (185, 140, 100), (225, 210, 195)),
    "tower": ((120, 124, 126), 30, (210, 165, 110), (240, 225, 205)),
    "fitout": ((140, 146, 150), 28, (190, 160, 130), (225, 220, 215)),
}


def _pnoise(rng, H, W, cx, cy):
    a = rng.random((cy + 1, cx)).astype(np.float32)
    a = np.concatenate([a, a[:, :1]], 1)
    big = cv2.resize(a, (W + W // cx, H + H // cy), interpolation=cv2.INTER_CUBIC)
    return big[:H, :W]


def make_panorama(style: str, seed: int, ppd: int = 10):
    """Equirectangular 360 x 180 deg image, ``ppd`` pixels per degree."""
    rng = np.random.default_rng(seed)
    PW, PH = 360 * ppd, 180 * ppd
    g_col, g_var, s_top, s_hor = STYLES[style]
    el = 90.0 - (np.arange(PH) + 0.5) / ppd
    img = np.zeros((PH, PW, 3), np.float32)
    # sky gradient + clouds
    sky = el > 0
    k = np.clip(el / 60.0, 0, 1)[:, None]
    for c in range(3):
        img[:, :, c] = s_hor[c] + (s_top[c] - s_hor[c]) * k
    cl = (0.6 * _pnoise(rng, PH, PW, 24, 12) + 0.4 * _pnoise(rng, PH, PW, 90, 45))
    cl = np.clip((cl - 0.5) * 3.0, 0, 1) * sky[:, None]
    img = img * (1 - 0.75 * cl[..., None]) + 250 * 0.75 * cl[..., None]
    # ground: multi-octave noise
    gm = el <= 0
    n = (0.45 * _pnoise(rng, PH, PW, 30, 15) + 0.3 * _pnoise(rng, PH, PW, 120, 60)
         + 0.25 * _pnoise(rng, PH, PW, 600, 300)) - 0.5
    tint = _pnoise(rng, PH, PW, 12, 6)[..., None] - 0.5
    ground = np.array(g_col, np.float32)[None, None, :] + g_var * 2 * n[..., None] \
        + np.array([10, -8, -14], np.float32) * tint * 2
    img[gm] = ground[gm]
    img = np.clip(img, 0, 255).astype(np.uint8)
    # speckles / stones / puddles on the ground
    y0 = 90 * ppd
    for _ in range(26000):
        x = int(rng.integers(0, PW))
        y = int(rng.integers(y0 + 2, PH - 1))
        r = int(rng.integers(1, 4 if rng.random() < 0.9 else 9))
        v = int(rng.integers(-60, 60))
        col = tuple(int(np.clip(int(c) + v, 0, 255)) for c in g_col)
        cv2.circle(img, (x, y), r, col, -1)
    for _ in range(140):                           # planks / rubble / tyre marks
        x = int(rng.integers(0, PW))
        y = int(rng.integers(y0 + 20, PH - 200))
        L = int(rng.integers(30, 160))
        ang = rng.uniform(0, math.pi)
        col = tuple(int(c) for c in rng.integers(30, 200, 3))
        cv2.line(img, (x, y), (x + int(L * math.cos(ang)), y + int(L * math.sin(ang) * 0.4)),
                 col, int(rng.integers(2, 7)))
    # horizon: distant structures
    hz = y0
    x = 0
    while x < PW:
        wdt = int(rng.integers(3 * ppd, 16 * ppd))
        kind = rng.random()
        if kind < 0.55:                                        # building
            hgt = int(rng.integers(3 * ppd, 16 * ppd))
            col = tuple(int(c) for c in rng.integers(70, 200, 3))
            cv2.rectangle(img, (x, hz - hgt), (x + wdt, hz + 2), col, -1)
            wc = tuple(int(c * 0.55) for c in col)
            step = max(ppd // 2 + 3, 6)
            for wy in range(hz - hgt + 4, hz - 4, step):
                for wx in range(x + 4, x + wdt - 4, step):
                    if rng.random() < 0.8:
                        cv2.rectangle(img, (wx, wy), (wx + step // 2, wy + step // 2), wc, -1)
            cv2.rectangle(img, (x, hz - hgt), (x + wdt, hz + 2), tuple(int(c * 0.4) for c in col), 2)
        elif kind < 0.8:                                       # trees
            for _ in range(int(wdt / ppd)):
                tx = x + int(rng.integers(0, wdt))
                tr = int(rng.integers(ppd, 3 * ppd))
                g = tuple(int(c) for c in (rng.integers(30, 70), rng.integers(90, 150), rng.integers(40, 80)))
                cv2.circle(img, (tx, hz - tr), tr, g, -1)
                cv2.line(img, (tx, hz - tr // 2), (tx, hz + 2), (40, 60, 80), max(2, ppd // 4))
        else:                                                  # tower crane silhouette
            mh = int(rng.integers(18 * ppd, 26 * ppd))
            mx = x + wdt // 2
            col = (40, 160, 230)
            cv2.rectangle(img, (mx - ppd // 3, hz - mh), (mx + ppd // 3, hz), col, -1)
            for yy in range(hz - mh, hz, ppd):
                cv2.line(img, (mx - ppd // 3, yy), (mx + ppd // 3, yy + ppd), (30, 90, 140), 1)
            jl = int(rng.integers(10 * ppd, 20 * ppd))
            cv2.rectangle(img, (mx - jl // 3, hz - mh - ppd // 2), (mx + jl, hz - mh + ppd // 3), col, -1)
            cv2.line(img, (mx + jl // 2, hz - mh), (mx + jl // 2, hz - mh + 6 * ppd), (30, 30, 30), 2)
        x += wdt + int(rng.integers(0, 4 * ppd))
    # fence line slightly below the horizon
    for px in range(0, PW, int(1.5 * ppd)):
        cv2.line(img, (px, hz + 1), (px, hz + ppd), (60, 70, 80), 2)
    cv2.line(img, (0, hz + ppd // 3), (PW, hz + ppd // 3), (150, 150, 150), 1)
    return img


# ------------------------------------------------------------------- sprites
VEST = {"orange": (0, 120, 255), "yellow": (0, 230, 230), "green": (60, 220, 120),
        "pink": (180, 105, 255), "none": (140, 110, 80), "blue": (200, 120, 40)}
HAT = {"white": (245, 245, 245), "yellow": (0, 215, 255), "blue": (200, 90, 30),
       "red": (40, 40, 210), "orange": (0, 140, 255), "green": (60, 170, 60)}
COLOURS = {"red": (40, 40, 200), "yellow": (0, 200, 240), "green": (60, 150, 60),
           "orange": (0, 130, 255), "blue": (190, 110, 30), "grey": (140, 140, 140),
           "silver": (190, 190, 185), "brown": (50, 90, 140), "black": (40, 40, 40)}


def _p(x, y):
    return int(round(x)), int(round(y))


def draw_worker(img, box, a, t, cut, seed):
    x1, y1, x2, y2 = box
    if cut is not None:            # standing in a pit: full figure drawn to y2=full bottom
        y2 = cut[1]
    w, h = x2 - x1, y2 - y1
    cx = (x1 + x2) / 2
    act = a.get("activity", "active")
    ph = 2 * math.pi * (t * (1.6 if act == "active" else 1.1) + seed * 0.37)
    skin = (140, 170, 215)
    hr = 0.09 * h
    head_c = (cx, y1 + 0.11 * h)
    # legs
    tw = 0.55 * w
    hip = y1 + 0.58 * h
    swing = 0.18 * w * math.sin(ph) if act == "walking" else 0.0
    lw = max(1, int(0.16 * w))
    cv2.line(img, _p(cx - 0.12 * w, hip), _p(cx - 0.15 * w + swing, y2 - 1), (60, 50, 45), lw)
    cv2.line(img, _p(cx + 0.12 * w, hip), _p(cx + 0.15 * w - swing, y2 - 1), (60, 50, 45), lw)
    # torso (vest)
    vc = VEST.get(a.get("vest", "none"), VEST["none"])
    cv2.rectangle(img, _p(cx - tw / 2, y1 + 0.21 * h), _p(cx + tw / 2, hip), vc, -1)
    if a.get("vest", "none") != "none":
        for f in (0.36, 0.48):
            cv2.line(img, _p(cx - tw / 2, y1 + f * h), _p(cx + tw / 2, y1 + f * h), (215, 215, 215),
                     max(1, int(0.02 * h)))
    # arms
    aw = max(1, int(0.12 * w))
    sh = y1 + 0.24 * h
    if act == "active":
        ang = 0.9 + 0.7 * math.sin(ph)
        cv2.line(img, _p(cx + tw / 2, sh), _p(x2 - 1, sh + 0.25 * h * math.cos(ang)), skin, aw)
        cv2.line(img, _p(cx - tw / 2, sh), _p(x1 + 1, sh + 0.22 * h), skin, aw)
    elif act == "walking":
        cv2.line(img, _p(cx + tw / 2, sh), _p(cx + tw / 2 + 0.15 * w - swing / 2, y1 + 0.55 * h), skin, aw)
        cv2.line(img, _p(cx - tw / 2, sh), _p(cx - tw / 2 - 0.15 * w + swing / 2, y1 + 0.55 * h), skin, aw)
    else:                          # idle: arms hanging, slightly out
        cv2.line(img, _p(cx + tw / 2, sh), _p(x2 - 0.12 * w, y1 + 0.56 * h), skin, aw)
        cv2.line(img, _p(cx - tw / 2, sh), _p(x1 + 0.12 * w, y1 + 0.56 * h), skin, aw)
    # head + hat
    cv2.circle(img, _p(*head_c), max(1, int(hr)), skin, -1)
    if a.get("hardhat", True):
        hc = HAT.get(a.get("hat_colour", "white"), HAT["white"])
        cv2.ellipse(img, _p(head_c[0], head_c[1] - 0.2 * hr), _p(hr * 1.25, hr * 1.1), 0, 180, 360, hc, -1)
        cv2.line(img, _p(head_c[0] - 1.5 * hr, head_c[1] - 0.2 * hr),
                 _p(head_c[0] + 1.5 * hr, head_c[1] - 0.2 * hr), hc, max(1, int(0.25 * hr)))
    else:
        cv2.ellipse(img, _p(head_c[0], head_c[1] - 0.3 * hr), _p(hr, hr * 0.8), 0, 180, 360, (30, 40, 60), -1)


def draw_wall(img, box, a):
    x1, y1, x2, y2 = box
    bricks = a.get("bricks", 0)
    rows = math.ceil(bricks / 10)
    htot = 0.15 + rows * 0.2
    ph = (y2 - y1) / htot
    fy = y2 - 0.15 * ph
    cv2.rectangle(img, _p(x1, fy), _p(x2, y2), (150, 150, 150), -1)
    bw = (x2 - x1) / 10
    for k in range(bricks):
        r, c = divmod(k, 10)
        yb = fy - r * 0.2 * ph
        off = 0.5 * bw if r % 2 else 0.0
        xa = x1 + c * bw + off
        xb = min(xa + bw, x2) if r % 2 else xa + bw
        cv2.rectangle(img, _p(xa, yb - 0.2 * ph), _p(xb, yb), (45, 70, 165), -1)
        cv2.rectangle(img, _p(xa, yb - 0.2 * ph), _p(xb, yb), (170, 180, 190), 1)


def draw_excavation(img, box, a):
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    top = y1 + 0.45 * h
    pts = np.array([_p(x1 + 0.08 * w, top), _p(x2 - 0.08 * w, top), _p(x2, y2), _p(x1, y2)], np.int32)
    cv2.fillPoly(img, [pts], (25, 35, 45))
    cv2.polylines(img, [pts], True, (40, 80, 110), 2)
    # barriers: posts and red/white rails along the far edge and the sides
    for k in range(7):
        px = x1 + 0.08 * w + k * (0.84 * w) / 6
        cv2.line(img, _p(px, y1), _p(px, top), (230, 230, 230), max(1, int(0.012 * w)))
    for f, col in ((0.05, (30, 30, 220)), (0.2, (240, 240, 240))):
        cv2.line(img, _p(x1 + 0.08 * w, y1 + f * h), _p(x2 - 0.08 * w, y1 + f * h), col, max(2, int(0.025 * h)))
    cv2.line(img, _p(x1, y2 - 1), _p(x1 + 0.08 * w, y1), (30, 30, 220), max(2, int(0.015 * w)))
    cv2.line(img, _p(x2, y2 - 1), _p(x2 - 0.08 * w, y1), (30, 30, 220), max(2, int(0.015 * w)))


def draw_thing(img, label, box, a, t, H):
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    cx = (x1 + x2) / 2
    col = COLOURS.get(a.get("colour", "grey"), (140, 140, 140))
    if label == "ladder":
        lw = max(1, int(0.08 * w))
        cv2.line(img, _p(x1 + 0.1 * w, y2), _p(x1 + 0.25 * w, y1), col, lw)
        cv2.line(img, _p(x2 - 0.1 * w, y2), _p(x2 - 0.25 * w, y1), col, lw)
        for k in range(1, 9):
            f = k / 9
            cv2.line(img, _p(x1 + 0.1 * w + 0.15 * w * f, y2 - f * h), _p(x2 - 0.1 * w - 0.15 * w * f, y2 - f * h),
                     col, max(1, lw // 2))
    elif label == "toolbox":
        cv2.rectangle(img, _p(x1, y1 + 0.3 * h), _p(x2, y2), col, -1)
        cv2.rectangle(img, _p(x1, y1 + 0.3 * h), _p(x2, y2), (20, 20, 20), 1)
        cv2.line(img, _p(x1, y1 + 0.55 * h), _p(x2, y1 + 0.55 * h), (30, 30, 30), 1)
        cv2.rectangle(img, _p(cx - 0.25 * w, y1), _p(cx + 0.25 * w, y1 + 0.3 * h), (30, 30, 30), max(1, int(0.06 * h)))
    elif label == "drill":
        cv2.rectangle(img, _p(x1, y1), _p(x2 - 0.1 * w, y1 + 0.4 * h), col, -1)
        cv2.rectangle(img, _p(x2 - 0.1 * w, y1 + 0.12 * h), _p(x2, y1 + 0.25 * h), (80, 80, 80), -1)
        cv2.rectangle(img, _p(x1 + 0.2 * w, y1 + 0.4 * h), _p(x1 + 0.5 * w, y2 - 0.2 * h), (30, 30, 30), -1)
        cv2.rectangle(img, _p(x1 + 0.1 * w, y2 - 0.2 * h), _p(x1 + 0.65 * w, y2), col, -1)
    elif label == "hammer":
        cv2.rectangle(img, _p(cx - 0.12 * w, y1 + 0.25 * h), _p(cx + 0.12 * w, y2), (40, 110, 170), -1)
        cv2.rectangle(img, _p(x1, y1), _p(x2, y1 + 0.25 * h), (60, 60, 60), -1)
    elif label == "wheelbarrow":
        cv2.fillPoly(img, [np.array([_p(x1, y1), _p(x2, y1), _p(x2 - 0.2 * w, y1 + 0.55 * h),
                                     _p(x1 + 0.25 * w, y1 + 0.55 * h)], np.int32)], col)
        cv2.circle(img, _p(x2 - 0.2 * w, y2 - 0.2 * h), max(1, int(0.2 * h)), (30, 30, 30), -1)
        cv2.line(img, _p(x1 + 0.25 * w, y1 + 0.55 * h), _p(x1, y2), (60, 60, 60), max(1, int(0.05 * w)))
        cv2.line(img, _p(x1 + 0.35 * w, y1 + 0.55 * h), _p(x1 + 0.3 * w, y2), (60, 60, 60), max(1, int(0.05 * w)))
    elif label == "cone":
        pts = np.array([_p(cx, y1), _p(x2 - 0.1 * w, y2 - 0.1 * h), _p(x1 + 0.1 * w, y2 - 0.1 * h)], np.int32)
        cv2.fillPoly(img, [pts], (0, 120, 255))
        cv2.line(img, _p(cx - 0.22 * w, y1 + 0.5 * h), _p(cx + 0.22 * w, y1 + 0.5 * h), (250, 250, 250),
                 max(1, int(0.1 * h)))
        cv2.rectangle(img, _p(x1, y2 - 0.1 * h), _p(x2, y2), (0, 90, 200), -1)
    elif label == "pallet":
        cv2.rectangle(img, _p(x1, y1), _p(x2, y1 + 0.55 * h), (120, 150, 170), -1)     # load of blocks
        for k in range(5):
            cv2.line(img, _p(x1 + k * w / 4, y1), _p(x1 + k * w / 4, y1 + 0.55 * h), (90, 110, 120), 1)
        cv2.rectangle(img, _p(x1, y1 + 0.55 * h), _p(x2, y2), (50, 100, 150), -1)
        for k in range(3):
            xx = x1 + k * (w - 0.15 * w) / 2
            cv2.rectangle(img, _p(xx, y1 + 0.7 * h), _p(xx + 0.15 * w, y2), (30, 60, 90), -1)
    elif label == "scaffold":
        lw = max(1, int(0.01 * w + 1))
        n = 5
        for k in range(n + 1):
            xx = x1 + k * w / n
            cv2.line(img, _p(xx, y1), _p(xx, y2), (170, 170, 175), lw)
        for k in range(5):
            yy = y1 + k * h / 4
            cv2.line(img, _p(x1, yy), _p(x2, yy), (170, 170, 175), lw)
            cv2.rectangle(img, _p(x1, yy), _p(x2, yy + 0.03 * h), (60, 120, 170), -1)
        for k in range(n):
            cv2.line(img, _p(x1 + k * w / n, y2), _p(x1 + (k + 1) * w / n, y1 + 0.5 * h), (150, 150, 160), 1)
    elif label == "suspended_load":
        cv2.line(img, _p(cx, y1), _p(cx, 0), (30, 30, 30), 2)
        cv2.line(img, _p(cx, y1), _p(x1 + 0.1 * w, y1 + 0.3 * h), (30, 30, 30), 1)
        cv2.line(img, _p(cx, y1), _p(x2 - 0.1 * w, y1 + 0.3 * h), (30, 30, 30), 1)
        cv2.rectangle(img, _p(x1, y1 + 0.3 * h), _p(x2, y2), col, -1)
        for k in range(1, 4):
            yy = y1 + 0.3 * h + k * 0.7 * h / 4
            cv2.line(img, _p(x1, yy), _p(x2, yy), (40, 40, 40), max(1, int(0.03 * h)))
    else:
        cv2.rectangle(img, _p(x1, y1), _p(x2, y2), col, -1)


DRAW_PRIORITY = {"excavation": 100.0, "scaffold": 5.0}


def render_frame(sc, i, pano, ppd):
    lens = sc.lens
    az, el = lens.angle_maps(float(sc.pitch[i]))
    yaw = float(sc.yaw[i])
    mx = np.mod(az + np.float32(yaw), np.float32(360.0)) * np.float32(ppd)
    my = (np.float32(90.0) - el) * np.float32(ppd)
    img = cv2.remap(pano, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)
    t = float(sc.times[i])
    fr = sc.frames[i]
    order = sorted(fr.keys(), key=lambda k: -(sc.dist[k][i] + DRAW_PRIORITY.get(sc.by_id[k].label, 0.0)))
    for k in order:
        e = sc.by_id[k]
        box, cb, full_bottom = fr[k]
        x1, y1, x2, y2 = box
        if x2 < -50 or x1 > lens.width + 50 or y2 < -50 or y1 > lens.height + 50:
            continue
        a = e.attr(t)
        if e.label == "worker":
            cut = (box[3], full_bottom) if full_bottom is not None else None
            draw_worker(img, box, a, t, cut, sum(map(ord, k)))
            if cut is not None:   # cover the legs with the pit's interior
                cv2.rectangle(img, _p(x1 - 1, cut[0]), _p(x2 + 1, full_bottom + 1), (25, 35, 45), -1)
        elif e.label == "brick_wall":
            draw_wall(img, box, a)
        elif e.label == "excavation":
            draw_excavation(img, box, a)
        else:
            draw_thing(img, e.label, box, a, t, lens.height)
    return img
