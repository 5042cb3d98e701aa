"""Four construction-site layouts (deterministic from a seed)."""
from __future__ import annotations

import math

import numpy as np

from .world import Box, World


def _ok(boxes, cx, cy, r, margin=1.0):
    for b in boxes:
        br = 0.5 * math.hypot(b.length, b.width)
        if math.hypot(cx - b.cx, cy - b.cy) < br + r + margin:
            return False
    return True


def _place(boxes, rng, kind, dims, height, tex, rmin, rmax, tries=400, angle=None, sector=None, margin=1.0):
    L, W = dims
    r = 0.5 * math.hypot(L, W)
    for _ in range(tries):
        d = rng.uniform(rmin, rmax)
        a = rng.uniform(*(sector or (0, 360)))
        cx, cy = d * math.sin(math.radians(a)), d * math.cos(math.radians(a))
        if _ok(boxes, cx, cy, r, margin):
            ang = rng.uniform(0, 180) if angle is None else angle + rng.normal(0, 4)
            b = Box(cx, cy, L, W, ang, height, kind, tex)
            boxes.append(b)
            return b
    return None


def _perimeter(boxes, rng, rmin, rmax, gaps=2):
    n = int(rng.integers(9, 14))
    angs = np.sort(rng.uniform(0, 360, n))
    angs = (angs + np.linspace(0, 360, n, endpoint=False)) / 2
    angs = np.sort(np.mod(angs, 360))
    rad = rng.uniform(rmin, rmax, n)
    pts = [(r * math.sin(math.radians(a)), r * math.cos(math.radians(a))) for a, r in zip(angs, rad, strict=True)]
    gap_idx = set(rng.choice(n, gaps, replace=False).tolist())
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        L = math.hypot(x1 - x0, y1 - y0)
        pieces = max(1, int(math.ceil(L / 30.0)))
        for k in range(pieces):
            if i in gap_idx and k == pieces // 2:
                continue      # a gate
            a0, a1 = k / pieces, (k + 1) / pieces
            sx, sy = x0 + (x1 - x0) * a0, y0 + (y1 - y0) * a0
            ex, ey = x0 + (x1 - x0) * a1, y0 + (y1 - y0) * a1
            ang = math.degrees(math.atan2(ey - sy, ex - sx))
            boxes.append(Box((sx + ex) / 2, (sy + ey) / 2, math.hypot(ex - sx, ey - sy), 0.12, ang,
                             rng.uniform(2.3, 2.6), "hoarding", 0.03))


class Site:
    """World plus what the motion planner needs to know about it."""

    def __init__(self, world, work_radius, near_wall, cranes):
        self.world, self.work_radius, self.near_wall, self.cranes = world, work_radius, near_wall, cranes


def build_site(layout: str, seed: int) -> Site:
    rng = np.random.default_rng(seed)
    boxes: list[Box] = []
    R = 13.0
    # the near, weakly textured wall inside the work area (freestanding partition / block wall)
    a = rng.uniform(0, 360)
    d = rng.uniform(9.5, 11.0)
    nw = Box(d * math.sin(math.radians(a)), d * math.cos(math.radians(a)), 5.0, 0.25, rng.uniform(0, 180), 3.2,
             "plain", 0.01)
    boxes.append(nw)
    pal = {}
    if layout == "quayside":
        for _ in range(3):
            _place(boxes, rng, "container", (12.2, 2.44), 2.6, 0.02, R - 3, R + 2)
        for _ in range(14):
            stacked = rng.random() < 0.45
            _place(boxes, rng, "container", (12.2 if rng.random() < 0.7 else 6.1, 2.44), 5.2 if stacked else 2.6,
                   0.02, R + 2, 38, angle=float(rng.choice([0, 90, 35])))
        _place(boxes, rng, "cabin", (9.0, 3.0), 5.4, 0.02, R, 30)
        _place(boxes, rng, "brick", (40.0, 18.0), 11.0, 0.04, 38, 46, sector=(150, 260))
        _place(boxes, rng, "stack", (6.0, 1.5), 2.8, 0.02, R, 30)
        _place(boxes, rng, "barrier", (8.0, 0.3), 1.1, 0.015, R - 4, R + 4)
        pal = {"dirt1": (95, 105, 110), "dirt2": (130, 135, 135), "cranes": [(60.0, 26.0), (250.0, 18.0),
                                                                                (320.0, 22.0)],
               "clouds": 0.45, "city_h": 3.0}
    elif layout == "tower":
        _place(boxes, rng, "frame", (32.0, 20.0), 21.0, 0.04, 30, 36, sector=(330, 390))
        _place(boxes, rng, "cabin", (9.0, 3.0), 5.4, 0.02, R + 1, 22)
        _place(boxes, rng, "cabin", (6.0, 3.0), 2.7, 0.02, R + 1, 22)
        for _ in range(4):
            _place(boxes, rng, "stack", (rng.uniform(4, 8), rng.uniform(1.2, 2.5)), rng.uniform(2.4, 3.2), 0.02,
                   R - 2, 26)
        for _ in range(5):
            _place(boxes, rng, "container", (6.1 if rng.random() < 0.5 else 12.2, 2.44), 2.6, 0.02, R, 34)
        for _ in range(3):
            _place(boxes, rng, "barrier", (rng.uniform(5, 10), 0.3), 1.0, 0.015, R - 5, R + 5)
        _place(boxes, rng, "brick", (22.0, 14.0), 14.0, 0.04, 36, 44, sector=(120, 240))
        pal = {"dirt1": (60, 95, 125), "dirt2": (100, 125, 140), "cranes": [(10.0, 32.0), (140.0, 16.0)],
               "clouds": 0.6, "city_h": 5.0, "zenith": (200, 140, 80)}
    elif layout == "depot":
        for _ in range(9):
            _place(boxes, rng, "stack", (rng.uniform(4, 10), rng.uniform(1.2, 3.0)), rng.uniform(2.4, 4.0), 0.02,
                   R - 2, 30)
        for _ in range(6):
            _place(boxes, rng, "container", (12.2, 2.44), 2.6 if rng.random() < 0.7 else 5.2, 0.02, R, 36)
        _place(boxes, rng, "brick", (30.0, 14.0), 8.0, 0.04, 34, 42)
        _place(boxes, rng, "cabin", (12.0, 3.0), 5.4, 0.02, R, 26)
        for _ in range(5):
            _place(boxes, rng, "barrier", (rng.uniform(4, 12), 0.3), rng.uniform(0.9, 1.2), 0.015, R - 6, R + 10)
        pal = {"dirt1": (80, 110, 120), "dirt2": (120, 140, 150), "cranes": [(200.0, 24.0)], "clouds": 0.7,
               "hills": 3.5, "horizon": (215, 210, 205), "zenith": (190, 160, 130)}
    elif layout == "plaza":
        _place(boxes, rng, "frame", (24.0, 16.0), 17.0, 0.04, 28, 34, sector=(20, 120))
        _place(boxes, rng, "frame", (18.0, 18.0), 10.0, 0.04, 28, 36, sector=(200, 300))
        _place(boxes, rng, "brick", (28.0, 12.0), 18.0, 0.04, 38, 44, sector=(120, 200))
        _place(boxes, rng, "cabin", (9.0, 3.0), 5.4, 0.02, R, 24)
        for _ in range(4):
            _place(boxes, rng, "container", (6.1, 2.44), 2.6, 0.02, R - 2, 28)
        for _ in range(4):
            _place(boxes, rng, "stack", (rng.uniform(3, 7), rng.uniform(1.2, 2.0)), rng.uniform(2.4, 3.0), 0.02,
                   R - 2, 26)
        for _ in range(4):
            _place(boxes, rng, "barrier", (rng.uniform(4, 9), 0.3), 1.0, 0.015, R - 5, R + 6)
        pal = {"dirt1": (85, 95, 105), "dirt2": (150, 150, 150), "cranes": [(100.0, 30.0), (300.0, 25.0)],
               "clouds": 0.35, "city_h": 6.0}
    else:
        raise ValueError(layout)
    _perimeter(boxes, rng, 46, 60, gaps=int(rng.integers(1, 3)))
    boxes = [b for b in boxes if b is not None]
    world = World(boxes, seed + 1, sun_az_deg=float(rng.uniform(100, 250)), palette=pal)
    return Site(world, R, nw, [c[0] for c in pal.get("cranes", [(30.0, 28.0), (200.0, 20.0)])])
