"""Procedural RGBA sprites (BGR + alpha) for people, tools, plant and work objects.

Every sprite carries its world size (metres) and the pixel extent of its opaque
part (the detection box is that extent, projected).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

AA = cv2.LINE_AA

VEST = {"orange": (20, 110, 250), "yellow": (40, 235, 225), "green": (60, 230, 150), "none": None}
HAT = {"white": (240, 240, 240), "yellow": (30, 215, 245), "blue": (200, 90, 20), "orange": (20, 120, 245),
       "green": (50, 170, 40), "red": (40, 40, 210)}
COLOUR = {"red": (40, 40, 200), "yellow": (20, 200, 235), "blue": (190, 100, 30), "green": (50, 140, 40),
          "orange": (20, 120, 240), "grey": (130, 130, 130), "black": (35, 35, 35)}


@dataclass
class Sprite:
    rgba: np.ndarray
    w_m: float
    h_m: float
    ext: tuple  # x0, y0, x1, y1 in sprite pixels (opaque part)


def _finish(img, ppm, ext=None):
    a = img[..., 3]
    ys, xs = np.nonzero(a > 20)
    if ext is None:
        ext = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    h, w = img.shape[:2]
    # slight texture so sprites are not flat
    rng = np.random.RandomState(h * 131 + w)
    n = rng.randn(h, w).astype(np.float32) * 6
    c = img[..., :3].astype(np.float32) + n[..., None]
    img[..., :3] = np.clip(c, 0, 255).astype(np.uint8)
    return Sprite(img, w / ppm, h / ppm, ext)


def _canvas(w_m, h_m, ppm):
    return np.zeros((int(round(h_m * ppm)), int(round(w_m * ppm)), 4), np.uint8)


def _poly(img, pts, col):
    cv2.fillPoly(img, [np.asarray(pts, np.int32)], tuple(int(v) for v in col) + (255,), AA)


def _line(img, a, b, col, th):
    cv2.line(img, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), tuple(int(v) for v in col) + (255,), max(1, int(th)), AA)


def _rect(img, a, b, col):
    cv2.rectangle(img, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), tuple(int(v) for v in col) + (255,), -1)


def _ell(img, c, ax, col, ang=0, a0=0, a1=360):
    cv2.ellipse(img, (int(c[0]), int(c[1])), (max(1, int(ax[0])), max(1, int(ax[1]))), ang, a0, a1,
                tuple(int(v) for v in col) + (255,), -1, AA)


# ----------------------------------------------------------------------------- people

def worker(look: dict, pose: str, hat_on: bool, ppm: int = 120) -> Sprite:
    """Front view of a worker.  pose: stand, walk0, walk1, work0, work1, idle."""
    H_m = look.get("height", 1.78)
    bw = look.get("build", 1.0)
    img = _canvas(0.9, H_m + 0.08, ppm)
    Hc, Wc = img.shape[:2]
    cx = Wc / 2
    top = 0.08 * ppm
    h = H_m * ppm

    def Y(f):
        return top + f * h

    skin = look.get("skin", (120, 160, 210))
    trous = look.get("trousers", (70, 45, 35))
    shirt = look.get("shirt", (120, 90, 60))
    vest = VEST.get(look.get("vest", "orange"))
    boots = (30, 45, 60)
    sw = 0.21 * ppm * bw  # half shoulder width
    hw = 0.16 * ppm * bw  # half hip width
    # legs
    if pose.startswith("walk"):
        s = 1 if pose.endswith("0") else -1
        _poly(img, [(cx - hw, Y(.50)), (cx - 2, Y(.50)), (cx - 0.02 * ppm + s * 0.12 * ppm, Y(.955)),
                    (cx - 0.14 * ppm + s * 0.12 * ppm, Y(.955))], trous)
        _poly(img, [(cx + 2, Y(.50)), (cx + hw, Y(.50)), (cx + 0.14 * ppm - s * 0.10 * ppm, Y(.955)),
                    (cx + 0.02 * ppm - s * 0.10 * ppm, Y(.955))], tuple(v * 0.8 for v in trous))
        _rect(img, (cx - 0.16 * ppm + s * 0.12 * ppm, Y(.95)), (cx + s * 0.12 * ppm, Y(1.0)), boots)
        _rect(img, (cx - s * 0.10 * ppm, Y(.95)), (cx + 0.16 * ppm - s * 0.10 * ppm, Y(1.0)), boots)
    else:
        _poly(img, [(cx - hw, Y(.50)), (cx - 3, Y(.50)), (cx - 0.03 * ppm, Y(.955)), (cx - 0.15 * ppm, Y(.955))], trous)
        _poly(img, [(cx + 3, Y(.50)), (cx + hw, Y(.50)), (cx + 0.15 * ppm, Y(.955)), (cx + 0.03 * ppm, Y(.955))],
              tuple(v * 0.85 for v in trous))
        _rect(img, (cx - 0.17 * ppm, Y(.95)), (cx - 0.02 * ppm, Y(1.0)), boots)
        _rect(img, (cx + 0.02 * ppm, Y(.95)), (cx + 0.17 * ppm, Y(1.0)), boots)
    # knee pads / patches for texture
    _rect(img, (cx - 0.13 * ppm, Y(.72)), (cx - 0.05 * ppm, Y(.76)), tuple(v * 0.6 for v in trous))
    # torso (shirt)
    torso = [(cx - sw, Y(.185)), (cx + sw, Y(.185)), (cx + hw * 1.05, Y(.52)), (cx - hw * 1.05, Y(.52))]
    _poly(img, torso, shirt)
    if vest is not None:
        _poly(img, [(cx - sw * 0.95, Y(.19)), (cx - 0.05 * ppm, Y(.19)), (cx - 0.02 * ppm, Y(.30)), (cx + 0.02 * ppm, Y(.30)),
                    (cx + 0.05 * ppm, Y(.19)), (cx + sw * 0.95, Y(.19)), (cx + hw * 1.07, Y(.515)), (cx - hw * 1.07, Y(.515))], vest)
        for f in (.38, .45):
            _poly(img, [(cx - sw * 0.9 + (f - .19) * 0.15 * ppm, Y(f)), (cx + sw * 0.9 - (f - .19) * 0.15 * ppm, Y(f)),
                        (cx + sw * 0.9 - (f - .19) * 0.15 * ppm, Y(f + .022)), (cx - sw * 0.9 + (f - .19) * 0.15 * ppm, Y(f + .022))],
                  (200, 200, 195))
        _line(img, (cx - 0.1 * ppm, Y(.19)), (cx - 0.1 * ppm, Y(.5)), (200, 200, 195), 0.025 * ppm)
        _line(img, (cx + 0.1 * ppm, Y(.19)), (cx + 0.1 * ppm, Y(.5)), (200, 200, 195), 0.025 * ppm)
    else:
        for f in np.arange(.2, .5, .04):  # check shirt pattern
            _line(img, (cx - sw, Y(f)), (cx + sw, Y(f)), tuple(v * 0.7 for v in shirt), 0.012 * ppm)
    # arms
    sh_l, sh_r = (cx - sw, Y(.20)), (cx + sw, Y(.20))
    aw = 0.085 * ppm
    if pose == "idle":  # arms folded
        _line(img, sh_l, (cx - sw * 1.05, Y(.33)), shirt, aw)
        _line(img, sh_r, (cx + sw * 1.05, Y(.33)), shirt, aw)
        _line(img, (cx - sw * 1.05, Y(.33)), (cx + sw * 0.5, Y(.31)), tuple(v * 0.9 for v in shirt), aw)
        _line(img, (cx + sw * 1.05, Y(.34)), (cx - sw * 0.5, Y(.32)), shirt, aw)
        hands = [(cx + sw * 0.55, Y(.31)), (cx - sw * 0.55, Y(.32))]
    elif pose.startswith("work"):
        up = pose.endswith("0")
        el = (cx + sw * 1.35, Y(.27 if up else .33))
        hd = (cx + sw * 1.1, Y(.16 if up else .40))
        _line(img, sh_r, el, shirt, aw)
        _line(img, el, hd, shirt, aw)
        _line(img, sh_l, (cx - sw * 1.25, Y(.34)), shirt, aw)
        _line(img, (cx - sw * 1.25, Y(.34)), (cx - sw * 0.6, Y(.42)), shirt, aw)
        hands = [hd, (cx - sw * 0.55, Y(.42))]
        # trowel / spanner in the working hand
        _line(img, hd, (hd[0] + 0.08 * ppm, hd[1] - 0.06 * ppm), (90, 90, 95), 0.03 * ppm)
    else:
        sgn = 0
        if pose.startswith("walk"):
            sgn = 1 if pose.endswith("0") else -1
        hl = (cx - sw * 1.15 - sgn * 0.06 * ppm, Y(.50))
        hr = (cx + sw * 1.15 + sgn * 0.06 * ppm, Y(.50))
        _line(img, sh_l, hl, shirt, aw)
        _line(img, sh_r, hr, shirt, aw)
        hands = [hl, hr]
    for hpt in hands:
        _ell(img, hpt, (0.045 * ppm, 0.05 * ppm), skin)
    # head
    hc = (cx, Y(.085))
    _rect(img, (cx - 0.04 * ppm, Y(.13)), (cx + 0.04 * ppm, Y(.19)), skin)
    _ell(img, hc, (0.085 * ppm, 0.11 * ppm), skin)
    _ell(img, (cx - 0.03 * ppm, Y(.075)), (0.012 * ppm, 0.01 * ppm), (40, 40, 40))
    _ell(img, (cx + 0.03 * ppm, Y(.075)), (0.012 * ppm, 0.01 * ppm), (40, 40, 40))
    if look.get("beard"):
        _ell(img, (cx, Y(.12)), (0.07 * ppm, 0.045 * ppm), (40, 50, 60), 0, 0, 180)
    if look.get("glasses"):
        _line(img, (cx - 0.06 * ppm, Y(.073)), (cx + 0.06 * ppm, Y(.073)), (20, 20, 20), 0.02 * ppm)
    hat = HAT.get(look.get("hat", "white"), (240, 240, 240))
    if hat_on:
        _ell(img, (cx, Y(.05)), (0.11 * ppm, 0.10 * ppm), hat, 0, 180, 360)
        _rect(img, (cx - 0.13 * ppm, Y(.045)), (cx + 0.13 * ppm, Y(.062)), tuple(v * 0.85 for v in hat))
        _line(img, (cx, Y(.05) - 0.1 * ppm), (cx, Y(.045)), tuple(v * 0.8 for v in hat), 0.02 * ppm)
    else:
        _ell(img, (cx, Y(.045)), (0.088 * ppm, 0.07 * ppm), look.get("hair", (30, 40, 55)), 0, 180, 360)
        # the hat in a hand
        hx, hy = hands[0]
        _ell(img, (hx, hy + 0.02 * ppm), (0.11 * ppm, 0.07 * ppm), hat, 0, 0, 360)
    return _finish(img, ppm)


# ----------------------------------------------------------------------------- tools and things

def ladder(ppm=100):
    img = _canvas(0.6, 3.2, ppm)
    H, W = img.shape[:2]
    col = (175, 175, 180)
    _line(img, (0.12 * ppm, H), (0.18 * ppm, 0), col, 0.06 * ppm)
    _line(img, (W - 0.12 * ppm, H), (W - 0.18 * ppm, 0), col, 0.06 * ppm)
    for y in np.arange(0.15, 3.2, 0.28):
        yy = H - y * ppm
        _line(img, (0.13 * ppm, yy), (W - 0.13 * ppm, yy), (140, 140, 145), 0.035 * ppm)
    _rect(img, (0.08 * ppm, H - 0.08 * ppm), (0.2 * ppm, H), (30, 30, 30))
    _rect(img, (W - 0.2 * ppm, H - 0.08 * ppm), (W - 0.08 * ppm, H), (30, 30, 30))
    return _finish(img, ppm)


def toolbox(colour="red", ppm=300):
    img = _canvas(0.6, 0.42, ppm)
    H, W = img.shape[:2]
    c = COLOUR[colour]
    _rect(img, (0, 0.12 * ppm), (W, H), c)
    _rect(img, (0, 0.12 * ppm), (W, 0.19 * ppm), tuple(v * 0.6 for v in c))
    _rect(img, (0.02 * ppm, 0.28 * ppm), (W - 0.02 * ppm, 0.30 * ppm), (30, 30, 30))
    cv2.rectangle(img, (int(0.2 * ppm), int(0.02 * ppm)), (int(0.4 * ppm), int(0.14 * ppm)), (30, 30, 30, 255),
                  max(2, int(0.025 * ppm)))
    _rect(img, (0.26 * ppm, 0.2 * ppm), (0.34 * ppm, 0.25 * ppm), (180, 180, 180))
    return _finish(img, ppm)


def drill(colour="yellow", ppm=400):
    img = _canvas(0.32, 0.28, ppm)
    c = COLOUR[colour]
    _rect(img, (0.06 * ppm, 0.02 * ppm), (0.26 * ppm, 0.10 * ppm), c)
    _rect(img, (0.26 * ppm, 0.04 * ppm), (0.30 * ppm, 0.08 * ppm), (60, 60, 60))
    _line(img, (0.30 * ppm, 0.06 * ppm), (0.32 * ppm, 0.06 * ppm), (150, 150, 150), 0.012 * ppm)
    _poly(img, [(0.10 * ppm, 0.10 * ppm), (0.17 * ppm, 0.10 * ppm), (0.15 * ppm, 0.22 * ppm), (0.08 * ppm, 0.22 * ppm)], (40, 40, 40))
    _rect(img, (0.04 * ppm, 0.21 * ppm), (0.20 * ppm, 0.28 * ppm), tuple(v * 0.5 for v in c))
    _rect(img, (0.0, 0.03 * ppm), (0.06 * ppm, 0.09 * ppm), (40, 40, 40))
    return _finish(img, ppm)


def hammer(ppm=400):
    img = _canvas(0.34, 0.14, ppm)
    _rect(img, (0.0, 0.055 * ppm), (0.27 * ppm, 0.085 * ppm), (60, 110, 170))
    _rect(img, (0.0, 0.06 * ppm), (0.09 * ppm, 0.08 * ppm), (30, 30, 30))
    _rect(img, (0.26 * ppm, 0.0), (0.30 * ppm, 0.14 * ppm), (120, 120, 125))
    _poly(img, [(0.30 * ppm, 0.0), (0.34 * ppm, 0.02 * ppm), (0.30 * ppm, 0.05 * ppm)], (100, 100, 105))
    return _finish(img, ppm)


def cone(ppm=200):
    img = _canvas(0.36, 0.72, ppm)
    H, W = img.shape[:2]
    _rect(img, (0, H - 0.05 * ppm), (W, H), (30, 30, 30))
    _poly(img, [(0.05 * ppm, H - 0.05 * ppm), (W - 0.05 * ppm, H - 0.05 * ppm), (W / 2 + 0.03 * ppm, 0), (W / 2 - 0.03 * ppm, 0)],
          (20, 110, 245))
    for f0, f1 in ((0.3, 0.4), (0.52, 0.6)):
        y0, y1 = H - f1 * H, H - f0 * H
        _poly(img, [(W / 2 - (0.15 - 0.12 * f0) * ppm, y1), (W / 2 + (0.15 - 0.12 * f0) * ppm, y1),
                    (W / 2 + (0.15 - 0.12 * f1) * ppm, y0), (W / 2 - (0.15 - 0.12 * f1) * ppm, y0)], (240, 240, 240))
    return _finish(img, ppm)


def wheelbarrow(colour="green", ppm=150):
    img = _canvas(1.5, 0.75, ppm)
    H, W = img.shape[:2]
    c = COLOUR[colour]
    _poly(img, [(0.1 * ppm, 0.15 * ppm), (1.0 * ppm, 0.15 * ppm), (0.85 * ppm, 0.5 * ppm), (0.3 * ppm, 0.5 * ppm)], c)
    _line(img, (0.1 * ppm, 0.15 * ppm), (1.0 * ppm, 0.15 * ppm), tuple(v * 0.6 for v in c), 0.03 * ppm)
    cv2.circle(img, (int(1.0 * ppm), int(H - 0.18 * ppm)), int(0.17 * ppm), (30, 30, 30, 255), -1, AA)
    cv2.circle(img, (int(1.0 * ppm), int(H - 0.18 * ppm)), int(0.06 * ppm), (150, 150, 150, 255), -1, AA)
    _line(img, (0.85 * ppm, 0.5 * ppm), (1.0 * ppm, H - 0.18 * ppm), (60, 60, 60), 0.03 * ppm)
    _line(img, (0.3 * ppm, 0.5 * ppm), (0.3 * ppm, H), (60, 60, 60), 0.03 * ppm)
    _line(img, (0.2 * ppm, 0.35 * ppm), (W, 0.05 * ppm), (60, 60, 60), 0.035 * ppm)
    _line(img, (0.2 * ppm, 0.4 * ppm), (0.0, 0.3 * ppm), (60, 60, 60), 0.035 * ppm)
    return _finish(img, ppm)


def pallet(load="blocks", ppm=120):
    img = _canvas(1.2, 1.0, ppm)
    H, W = img.shape[:2]
    _rect(img, (0, H - 0.15 * ppm), (W, H), (60, 110, 150))
    for x in np.arange(0.05, 1.2, 0.38):
        _rect(img, (x * ppm, H - 0.15 * ppm), ((x + 0.12) * ppm, H), (40, 80, 120))
    if load == "blocks":
        for r in range(4):
            for c in range(3):
                y1 = H - 0.15 * ppm - r * 0.2 * ppm
                x0 = 0.05 * ppm + c * 0.37 * ppm
                _rect(img, (x0, y1 - 0.19 * ppm), (x0 + 0.35 * ppm, y1), (150, 155, 160))
                cv2.rectangle(img, (int(x0), int(y1 - 0.19 * ppm)), (int(x0 + 0.35 * ppm), int(y1)), (100, 100, 100, 255), 1)
    else:  # bolts boxes / bags
        for r in range(3):
            for c in range(2):
                y1 = H - 0.15 * ppm - r * 0.25 * ppm
                x0 = 0.08 * ppm + c * 0.55 * ppm
                _rect(img, (x0, y1 - 0.24 * ppm), (x0 + 0.5 * ppm, y1), (60, 130, 170) if (r + c) % 2 else (200, 200, 200))
    return _finish(img, ppm)


def scaffold(ppm=60):
    img = _canvas(2.6, 4.6, ppm)
    H, W = img.shape[:2]
    tube = (150, 150, 150)
    for x in (0.1, 2.5):
        _line(img, (x * ppm, 0), (x * ppm, H), tube, 0.06 * ppm)
    for y in np.arange(0.2, 4.6, 1.0):
        _line(img, (0.1 * ppm, H - y * ppm), (2.5 * ppm, H - y * ppm), tube, 0.05 * ppm)
    _line(img, (0.1 * ppm, H - 0.2 * ppm), (2.5 * ppm, H - 2.2 * ppm), tube, 0.05 * ppm)
    _line(img, (0.1 * ppm, H - 2.2 * ppm), (2.5 * ppm, H - 4.2 * ppm), tube, 0.05 * ppm)
    for y in (2.2, 4.2):
        _rect(img, (0.1 * ppm, H - y * ppm - 0.06 * ppm), (2.5 * ppm, H - y * ppm + 0.04 * ppm), (50, 110, 170))
        _rect(img, (0.1 * ppm, H - y * ppm - 0.25 * ppm), (2.5 * ppm, H - y * ppm - 0.2 * ppm), (30, 160, 230))
    return _finish(img, ppm)


def suspended_load(ppm=80):
    """Bundle of steel beams hanging from chains (the load body is the lower part)."""
    img = _canvas(4.2, 2.8, ppm)
    H, W = img.shape[:2]
    body_top = H - 0.7 * ppm
    for i in range(3):
        y0 = body_top + i * 0.23 * ppm
        _rect(img, (0.05 * ppm, y0), (W - 0.05 * ppm, y0 + 0.05 * ppm), (40, 60, 130))
        _rect(img, (0.05 * ppm, y0 + 0.05 * ppm), (W - 0.05 * ppm, y0 + 0.18 * ppm), (50, 70, 150))
        _rect(img, (0.05 * ppm, y0 + 0.18 * ppm), (W - 0.05 * ppm, y0 + 0.23 * ppm), (40, 60, 130))
    hook = (W / 2, 0.25 * ppm)
    for x in (0.6, 3.6):
        _line(img, hook, (x * ppm, body_top), (40, 40, 45), 0.03 * ppm)
    _ell(img, hook, (0.12 * ppm, 0.2 * ppm), (30, 190, 230))
    return _finish(img, ppm, ext=(0, int(body_top), W, H))


def excavator(ppm=50, arm=0.0):
    img = _canvas(7.0, 4.2, ppm)
    H, W = img.shape[:2]
    yel = (20, 180, 240)
    _rect(img, (0.3 * ppm, H - 0.9 * ppm), (4.3 * ppm, H), (40, 40, 40))
    for x in np.arange(0.5, 4.2, 0.5):
        cv2.circle(img, (int(x * ppm), int(H - 0.45 * ppm)), int(0.2 * ppm), (80, 80, 80, 255), -1, AA)
    _rect(img, (0.4 * ppm, H - 2.0 * ppm), (4.0 * ppm, H - 0.9 * ppm), yel)
    _rect(img, (2.4 * ppm, H - 3.2 * ppm), (3.9 * ppm, H - 2.0 * ppm), yel)
    _rect(img, (2.6 * ppm, H - 3.0 * ppm), (3.7 * ppm, H - 2.2 * ppm), (90, 70, 50))
    _rect(img, (0.4 * ppm, H - 1.6 * ppm), (4.0 * ppm, H - 1.5 * ppm), (30, 30, 30))
    a = math.radians(35 + arm)
    p0 = (3.8 * ppm, H - 2.2 * ppm)
    p1 = (p0[0] + 2.2 * ppm * math.cos(a), p0[1] - 2.2 * ppm * math.sin(a))
    p2 = (p1[0] + 1.2 * ppm, p1[1] + 1.9 * ppm)
    _line(img, p0, p1, yel, 0.35 * ppm)
    _line(img, p1, p2, yel, 0.28 * ppm)
    _poly(img, [(p2[0] - 0.3 * ppm, p2[1]), (p2[0] + 0.4 * ppm, p2[1]), (p2[0] + 0.2 * ppm, p2[1] + 0.6 * ppm),
                (p2[0] - 0.2 * ppm, p2[1] + 0.5 * ppm)], (50, 50, 55))
    return _finish(img, ppm)


def dumper(ppm=60):
    img = _canvas(3.6, 2.3, ppm)
    H, W = img.shape[:2]
    col = (20, 140, 235)
    for x in (0.7, 2.8):
        cv2.circle(img, (int(x * ppm), int(H - 0.5 * ppm)), int(0.5 * ppm), (30, 30, 30, 255), -1, AA)
        cv2.circle(img, (int(x * ppm), int(H - 0.5 * ppm)), int(0.2 * ppm), (20, 140, 200, 255), -1, AA)
    _rect(img, (0.3 * ppm, H - 1.3 * ppm), (3.3 * ppm, H - 0.7 * ppm), col)
    _poly(img, [(1.8 * ppm, H - 1.3 * ppm), (3.5 * ppm, H - 2.2 * ppm), (3.5 * ppm, H - 1.3 * ppm)], tuple(v * 0.8 for v in col))
    _rect(img, (0.4 * ppm, H - 2.3 * ppm), (1.0 * ppm, H - 1.3 * ppm), (50, 50, 50))
    _line(img, (0.4 * ppm, H - 2.3 * ppm), (1.4 * ppm, H - 2.3 * ppm), (50, 50, 50), 0.05 * ppm)
    return _finish(img, ppm)


def gas_cylinder(colour="red", ppm=200):
    img = _canvas(0.34, 1.3, ppm)
    H, W = img.shape[:2]
    c = COLOUR[colour]
    _rect(img, (0.02 * ppm, 0.2 * ppm), (W - 0.02 * ppm, H), c)
    _ell(img, (W / 2, 0.2 * ppm), (W / 2 - 0.02 * ppm, 0.08 * ppm), c)
    _rect(img, (W / 2 - 0.04 * ppm, 0.0), (W / 2 + 0.04 * ppm, 0.14 * ppm), (60, 60, 60))
    _rect(img, (0.02 * ppm, 0.4 * ppm), (W - 0.02 * ppm, 0.45 * ppm), (240, 240, 240))
    return _finish(img, ppm)


def generator(ppm=100):
    img = _canvas(1.7, 1.3, ppm)
    H, W = img.shape[:2]
    _rect(img, (0.05 * ppm, 0.1 * ppm), (W - 0.05 * ppm, H - 0.1 * ppm), (40, 120, 40))
    for y in np.arange(0.3, 1.0, 0.08):
        _line(img, (0.2 * ppm, y * ppm), (0.8 * ppm, y * ppm), (20, 60, 20), 0.02 * ppm)
    _rect(img, (1.0 * ppm, 0.3 * ppm), (1.5 * ppm, 0.7 * ppm), (220, 220, 220))
    _rect(img, (0.05 * ppm, H - 0.1 * ppm), (W - 0.05 * ppm, H), (30, 30, 30))
    return _finish(img, ppm)


def skip(colour="yellow", ppm=60):
    img = _canvas(3.6, 1.6, ppm)
    H, W = img.shape[:2]
    c = COLOUR[colour]
    _poly(img, [(0, 0.1 * ppm), (W, 0.1 * ppm), (W - 0.5 * ppm, H), (0.5 * ppm, H)], c)
    for x in np.arange(0.6, 3.2, 0.6):
        _line(img, (x * ppm, 0.1 * ppm), (x * ppm + 0.05 * ppm, H), tuple(v * 0.7 for v in c), 0.06 * ppm)
    for _ in range(12):
        rng = np.random.RandomState(_)
        _ell(img, (rng.uniform(0.3, 3.3) * ppm, 0.1 * ppm), (0.2 * ppm, 0.12 * ppm), (70, 80, 120), 0, 180, 360)
    return _finish(img, ppm)


def cable_drum(ppm=100):
    img = _canvas(1.2, 1.2, ppm)
    H, W = img.shape[:2]
    cv2.circle(img, (W // 2, H // 2), int(0.59 * ppm), (50, 100, 150, 255), -1, AA)
    cv2.circle(img, (W // 2, H // 2), int(0.4 * ppm), (30, 30, 30, 255), -1, AA)
    cv2.circle(img, (W // 2, H // 2), int(0.12 * ppm), (60, 110, 160, 255), -1, AA)
    for a in range(0, 360, 45):
        r = math.radians(a)
        _line(img, (W / 2 + 0.42 * ppm * math.cos(r), H / 2 + 0.42 * ppm * math.sin(r)),
              (W / 2 + 0.57 * ppm * math.cos(r), H / 2 + 0.57 * ppm * math.sin(r)), (30, 70, 110), 0.03 * ppm)
    return _finish(img, ppm)


def brick_wall(bricks: int, per_course: int, courses: int, brick_w=0.4, brick_h=0.2, ppm=100):
    """A wall of `courses` x `per_course` blocks of which the first `bricks` are laid (stretcher bond).
    Returns the full-height canvas; the extent covers the laid part (or the footing)."""
    W = per_course * brick_w
    Hm = courses * brick_h + 0.1
    img = _canvas(W, Hm, ppm)
    H, Wp = img.shape[:2]
    _rect(img, (0, H - 0.1 * ppm), (Wp, H), (120, 125, 130))  # footing
    for b in range(bricks):
        c, i = divmod(b, per_course)
        off = 0.5 if c % 2 else 0.0
        x0 = (i + off) * brick_w
        x1 = min(W, x0 + brick_w)
        if c % 2 and i == per_course - 1:
            x0, x1 = 0.0, 0.5 * brick_w  # half block closing the course on the left
        y1 = Hm - 0.1 - c * brick_h
        shade = 0.85 + 0.3 * ((b * 7919) % 13) / 13.0
        _rect(img, (x0 * ppm, (y1 - brick_h) * ppm), (x1 * ppm, y1 * ppm), (55 * shade, 75 * shade, 160 * shade))
        cv2.rectangle(img, (int(x0 * ppm), int((y1 - brick_h) * ppm)), (int(x1 * ppm) - 1, int(y1 * ppm) - 1),
                      (170, 180, 185, 255), max(1, int(0.012 * ppm)))
    top_c = (bricks + per_course - 1) // per_course
    y_top = Hm - 0.1 - top_c * brick_h
    ext = (0, int(max(0, y_top * ppm)), Wp, H)
    return _finish(img, ppm, ext=ext)


# ----------------------------------------------------------------------------- held by the wearer

def held_tool(kind: str, W: int, H: int) -> Sprite:
    """A gloved hand holding a tool, seen from the wearer's eyes at the bottom right of the frame."""
    img = np.zeros((230, 320, 4), np.uint8)
    ppm = 230 / 0.30
    glove = (45, 50, 55)
    sleeve = (20, 110, 250)
    # sleeve from the bottom-right corner
    _poly(img, [(320, 140), (320, 230), (215, 230), (250, 170)], sleeve)
    _line(img, (300, 152), (235, 228), (200, 200, 195), 10)
    if kind == "drill":
        body = np.array([[30, 70], [215, 45], [222, 92], [40, 112]], np.float32)
        _poly(img, body, (20, 200, 235))
        _poly(img, [(150, 55), (215, 45), (222, 92), (158, 100)], (40, 40, 40))      # motor housing
        _poly(img, [(8, 80), (30, 74), (36, 104), (12, 106)], (150, 150, 150))       # chuck
        _line(img, (8, 92), (-20, 96), (190, 190, 190), 5)                          # bit
        _poly(img, [(120, 100), (165, 94), (185, 170), (140, 178)], (35, 35, 35))   # grip
        _poly(img, [(115, 170), (205, 160), (212, 200), (118, 212)], (25, 150, 200))  # battery
        _rect(img, (118, 196), (210, 212), (30, 30, 30))
        _ell(img, (160, 135), (38, 30), glove, -10)                                 # fist round the grip
        _ell(img, (142, 118), (14, 10), glove, 0)                                   # trigger finger
        for k in range(3):
            _line(img, (132, 128 + 9 * k), (186, 122 + 9 * k), (30, 32, 35), 2)
    else:
        _line(img, (40, 40), (190, 175), (60, 110, 170), 16)                         # handle
        _line(img, (165, 150), (200, 185), (30, 30, 30), 18)                        # grip rubber
        _poly(img, [(10, 55), (40, 20), (85, 55), (55, 90)], (120, 120, 125))       # head
        _poly(img, [(40, 20), (60, 5), (80, 18), (62, 35)], (95, 95, 100))          # claw
        _ell(img, (178, 165), (34, 28), glove, 40)
        for k in range(3):
            _line(img, (160 + 6 * k, 145 + 4 * k), (200 + 6 * k, 175 + 4 * k), (30, 32, 35), 2)
    return _finish(img, ppm)
