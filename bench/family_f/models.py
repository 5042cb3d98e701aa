"""Simple 3-D models (coloured planar polygons) for every kind of thing in the scenes."""
from __future__ import annotations

import math

import numpy as np

from .render import Prim

VEST = {"orange": (30, 120, 250), "yellow": (40, 230, 235), "green": (60, 200, 90), "pink": (180, 110, 250),
        "blue": (200, 120, 40), "none": (120, 95, 85)}
HAT = {"white": (235, 235, 235), "yellow": (30, 220, 240), "blue": (190, 90, 30), "orange": (20, 120, 245),
       "green": (50, 160, 50), "red": (40, 40, 200), "black": (40, 40, 40)}
COL = {"red": (40, 40, 200), "yellow": (30, 200, 235), "blue": (180, 90, 30), "green": (60, 140, 60),
       "orange": (20, 120, 240), "grey": (140, 140, 140), "black": (40, 40, 45), "teal": (150, 150, 40),
       "white": (230, 230, 230), "silver": (190, 190, 195)}
LIGHT = np.array([0.4, -0.5, 0.77])


def shade(col, f):
    return tuple(int(max(0, min(255, c * f))) for c in col)


def _right(x, y, C):
    vx, vy = x - C[0], y - C[1]
    n = math.hypot(vx, vy) + 1e-9
    return np.array([vy / n, -vx / n, 0.0])


def bb_quad(x, y, C, w, z0, z1, off=0.0, col=(128, 128, 128), edge=None, depth=0.0):
    """Camera-facing vertical rectangle centred `off` metres right of (x, y)."""
    r = _right(x, y, C)
    fwd = np.array([x - C[0], y - C[1], 0.0])
    fwd /= (np.linalg.norm(fwd) + 1e-9)
    c = np.array([x, y, 0.0]) + r * off - fwd * depth
    a = c - r * w / 2
    b = c + r * w / 2
    pts = [a + [0, 0, z0], b + [0, 0, z0], b + [0, 0, z1], a + [0, 0, z1]]
    return Prim(pts, col, edge)


def bb_ellipse(x, y, C, cz, rx, rz, off=0.0, col=(128, 128, 128), n=10, a0=0.0, a1=360.0, depth=0.0):
    r = _right(x, y, C)
    fwd = np.array([x - C[0], y - C[1], 0.0])
    fwd /= (np.linalg.norm(fwd) + 1e-9)
    c = np.array([x, y, cz]) + r * off - fwd * depth
    pts = []
    for k in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * k / n)
        pts.append(c + r * rx * math.cos(a) + np.array([0, 0, rz * math.sin(a)]))
    return Prim(pts, col)


def box(x, y, yaw, w, d, h, z0, col, C, edge=True):
    """Oriented box (w across local x, d along local y), faces culled and sorted far-to-near."""
    cy, sy = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
    ax = np.array([cy, -sy, 0.0])   # local x (right of the box's heading)
    ay = np.array([sy, cy, 0.0])    # local y (box heading)
    c = np.array([x, y, z0])
    P = {}
    for _i, sx in enumerate((-1, 1)):
        for _j, sy_ in enumerate((-1, 1)):
            for _k, sz in enumerate((0, 1)):
                P[(sx, sy_, sz)] = c + ax * sx * w / 2 + ay * sy_ * d / 2 + np.array([0, 0, sz * h])
    faces = [
        ((-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)),   # top
        ((-1, -1, 0), (1, -1, 0), (1, -1, 1), (-1, -1, 1)),  # -y
        ((1, 1, 0), (-1, 1, 0), (-1, 1, 1), (1, 1, 1)),     # +y
        ((-1, 1, 0), (-1, -1, 0), (-1, -1, 1), (-1, 1, 1)),  # -x
        ((1, -1, 0), (1, 1, 0), (1, 1, 1), (1, -1, 1)),     # +x
    ]
    normals = [np.array([0, 0, 1.0]), -ay, ay, -ax, ax]
    out = []
    for f, nrm in zip(faces, normals, strict=False):
        pts = np.array([P[v] for v in f])
        cen = pts.mean(axis=0)
        if np.dot(nrm, C - cen) <= 0:
            continue
        lf = 0.62 + 0.38 * max(0.0, float(np.dot(nrm, LIGHT)))
        out.append((np.linalg.norm(C - cen), Prim(pts, shade(col, lf), shade(col, 0.45) if edge else None)))
    out.sort(key=lambda a: -a[0])
    return [p for _, p in out]


def line3(a, b, col, width=1):
    return Prim([a, b], None, col, closed=False, width=width)


def ground_poly(pts_xy, z, col, edge=None):
    return Prim([[p[0], p[1], z] for p in pts_xy], col, edge)


# ---------------------------------------------------------------------------------------------
def worker(e, st, C):
    x, y = st["pos"]
    z = st["z"]
    a = st["attrs"]
    t = st["t"]
    act = a.get("activity", "active")
    vest = a.get("vest", "none")
    shirt = e.params.get("shirt", (90, 80, 70))
    tors = VEST.get(vest, VEST["none"]) if vest != "none" else shirt
    trous = e.params.get("trousers", (70, 60, 50))
    ph = e.params.get("phase", 0.0)
    prims = []
    swing = 0.0
    if act == "walking":
        swing = 0.12 * math.sin(2 * math.pi * 0.9 * t + ph)
    # legs
    prims.append(bb_quad(x, y, C, 0.15, z + 0.05, z + 0.86, off=-0.09 + swing, col=trous))
    prims.append(bb_quad(x, y, C, 0.15, z + 0.05, z + 0.86, off=0.09 - swing, col=shade(trous, 0.85)))
    prims.append(bb_quad(x, y, C, 0.18, z, z + 0.08, off=-0.1 + swing * 1.3, col=(30, 30, 35)))
    prims.append(bb_quad(x, y, C, 0.18, z, z + 0.08, off=0.1 - swing * 1.3, col=(30, 30, 35)))
    # torso
    prims.append(bb_quad(x, y, C, 0.46, z + 0.84, z + 1.46, col=tors, edge=shade(tors, 0.6)))
    if vest != "none":
        prims.append(bb_quad(x, y, C, 0.46, z + 1.02, z + 1.06, col=(215, 215, 215)))
        prims.append(bb_quad(x, y, C, 0.46, z + 1.16, z + 1.20, col=(215, 215, 215)))
    # arms
    if act == "active":
        k = 0.5 + 0.5 * math.sin(2 * math.pi * 0.7 * t + ph)
        prims.append(bb_quad(x, y, C, 0.10, z + 1.05 + 0.25 * k, z + 1.44, off=0.30, col=shade(tors, 0.9)))
        prims.append(bb_quad(x, y, C, 0.10, z + 0.98, z + 1.42, off=-0.29, col=shade(tors, 0.9)))
    else:
        prims.append(bb_quad(x, y, C, 0.10, z + 0.92 - swing * 0.3, z + 1.42, off=0.28, col=shade(tors, 0.9)))
        prims.append(bb_quad(x, y, C, 0.10, z + 0.92 + swing * 0.3, z + 1.42, off=-0.28, col=shade(tors, 0.9)))
    # head and hat
    prims.append(bb_ellipse(x, y, C, z + 1.58, 0.105, 0.12, col=e.params.get("skin", (120, 150, 200)), n=12))
    if a.get("hardhat", True):
        hc = HAT.get(a.get("hat_colour", "white"), (200, 200, 200))
        prims.append(bb_ellipse(x, y, C, z + 1.63, 0.14, 0.13, col=hc, n=10, a0=0, a1=180))
        prims.append(bb_quad(x, y, C, 0.33, z + 1.61, z + 1.645, col=shade(hc, 0.8)))
    else:
        prims.append(bb_ellipse(x, y, C, z + 1.64, 0.11, 0.07, col=e.params.get("hair", (30, 40, 60)), n=8, a0=0,
                                a1=180))
    return prims


def simple_box(e, st, C):
    x, y = st["pos"]
    p = e.params
    col = COL.get(st["attrs"].get("colour", p.get("colour", "grey")), p.get("rgb", (128, 128, 128)))
    pr = box(x, y, st["yaw"], p["w"], p["d"], p["h"], st["z"] + p.get("z0", 0.0), col, C)
    if "handle" in p:
        hz = st["z"] + p.get("z0", 0.0) + p["h"]
        pr.append(bb_quad(x, y, C, p["w"] * 0.5, hz, hz + p["handle"], col=(30, 30, 30)))
    if "stripe" in p:
        z0 = st["z"] + p.get("z0", 0.0)
        pr.append(bb_quad(x, y, C, p["w"] * 1.01, z0 + p["h"] * 0.45, z0 + p["h"] * 0.6, col=p["stripe"],
                          depth=p["d"] / 2 + 0.01))
    return pr


def tool(e, st, C):
    """Small hand tool: body + handle (drill, wrench, laser level...)."""
    x, y = st["pos"]
    p = e.params
    col = COL.get(p.get("colour", "yellow"), (30, 200, 235))
    z0 = st["z"]
    L = p.get("L", 0.3)
    pr = [bb_quad(x, y, C, L, z0 + 0.02, z0 + 0.1 + L * 0.25, col=col, edge=(20, 20, 20)),
          bb_quad(x, y, C, L * 0.3, z0 + 0.0, z0 + 0.12 + L * 0.35, off=-L * 0.25, col=(35, 35, 35)),
          bb_quad(x, y, C, L * 0.15, z0 + 0.08, z0 + 0.16, off=L * 0.55, col=(150, 150, 150))]
    if p.get("tripod") and not st.get("hand"):
        pr = [line3(np.array([x - 0.2, y, z0]), np.array([x, y, z0 + 0.45]), (60, 60, 60), 2),
              line3(np.array([x + 0.2, y, z0]), np.array([x, y, z0 + 0.45]), (60, 60, 60), 2),
              line3(np.array([x, y + 0.2, z0]), np.array([x, y, z0 + 0.45]), (60, 60, 60), 2),
              bb_quad(x, y, C, 0.18, z0 + 0.45, z0 + 0.66, col=col, edge=(20, 20, 20)),
              bb_quad(x, y, C, 0.06, z0 + 0.5, z0 + 0.58, off=0.0, col=(40, 40, 200), depth=0.1)]
    return pr


def cone(e, st, C):
    x, y = st["pos"]
    r = _right(x, y, C)
    base = np.array([x, y, 0.0])
    pr = [box(x, y, 0, 0.38, 0.38, 0.04, 0, (30, 30, 30), C, edge=False)[0]]
    pts = [base - r * 0.16 + [0, 0, 0.04], base + r * 0.16 + [0, 0, 0.04], base + r * 0.03 + [0, 0, 0.72],
           base - r * 0.03 + [0, 0, 0.72]]
    pr.append(Prim(pts, (20, 110, 245), (10, 60, 150)))
    pts = [base - r * 0.11 + [0, 0, 0.35], base + r * 0.11 + [0, 0, 0.35], base + r * 0.085 + [0, 0, 0.46],
           base - r * 0.085 + [0, 0, 0.46]]
    pr.append(Prim(pts, (235, 235, 235)))
    return pr


def ladder(e, st, C):
    x, y = st["pos"]
    yaw = math.radians(st["yaw"])
    ax = np.array([math.cos(yaw), -math.sin(yaw), 0.0])
    ay = np.array([math.sin(yaw), math.cos(yaw), 0.0])
    H = e.params.get("H", 1.8)
    base = np.array([x, y, st["z"]])
    pr = []
    for side in (-1, 1):
        foot = base + ay * side * 0.4
        top = base + np.array([0, 0, H])
        for s2 in (-1, 1):
            a = foot + ax * s2 * 0.27
            b = top + ax * s2 * 0.2
            pr.append(line3(a, b, (185, 185, 190), 3))
        if side == -1:
            for k in range(1, 6):
                f = k / 6.0
                a = foot * (1 - f) + top * f
                pr.append(line3(a - ax * (0.27 - 0.07 * f), a + ax * (0.27 - 0.07 * f), (170, 170, 175), 3))
    pr.append(box(x, y, st["yaw"], 0.45, 0.2, 0.06, st["z"] + H - 0.02, (40, 140, 230), C, edge=False)[0])
    return pr


def excavation(e, st, C):
    p = e.params
    x, y = st["pos"]
    hw, hd = p["w"] / 2, p["d"] / 2
    pts = [(x - hw, y - hd), (x + hw, y - hd), (x + hw, y + hd), (x - hw, y + hd)]
    pr = [ground_poly(pts, 0.005, p.get("rim", (55, 75, 95)), (35, 45, 60))]
    m = 0.18
    pts2 = [(x - hw + m, y - hd + m), (x + hw - m, y - hd + m), (x + hw - m, y + hd - m), (x - hw + m, y + hd - m)]
    pr.append(ground_poly(pts2, 0.01, p.get("pit", (25, 35, 45))))
    # spoil heap along one long side
    sx = p.get("spoil_side", 1)
    if p["w"] >= p["d"]:
        pr += box(x, y + sx * (hd + 0.45), 0, p["w"] * 0.9, 0.7, 0.35, 0, p.get("spoil", (60, 95, 120)), C)
    else:
        pr += box(x + sx * (hw + 0.45), y, 0, 0.7, p["d"] * 0.9, 0.35, 0, p.get("spoil", (60, 95, 120)), C)
    return pr


def suspended_load(e, st, C):
    p = e.params
    x, y = st["pos"]
    z = st["z"]
    col = p.get("rgb", (60, 80, 170))
    pr = box(x, y, st["yaw"], p["w"], p["d"], p["h"], z, col, C)
    top = np.array([x, y, z + p["h"] + 1.1])
    yaw = math.radians(st["yaw"])
    ax = np.array([math.cos(yaw), -math.sin(yaw), 0.0])
    for s in (-1, 1):
        pr.append(line3(np.array([x, y, z + p["h"]]) + ax * s * p["w"] * 0.4, top, (30, 30, 30), 2))
    rope = line3(top, top + np.array([0, 0, p.get("rope", 9.0)]), (25, 25, 25), 2)
    rope.nobb = True
    pr.append(rope)
    pr.append(bb_quad(x, y, C, 0.18, top[2] - 0.1, top[2] + 0.25, col=(20, 160, 230)))
    return pr


def brick_wall(e, st, C):
    p = e.params
    a = st["attrs"]
    n = int(a.get("bricks", 0))
    per = p["per_course"]
    L = p["L"]
    bh = p.get("bh", 0.215)
    x, y = st["pos"]
    yaw = math.radians(st["yaw"])
    ax = np.array([math.cos(yaw), -math.sin(yaw), 0.0])
    ay = np.array([math.sin(yaw), math.cos(yaw), 0.0])
    origin = np.array([x, y, 0.0]) - ax * L / 2
    bw = L / per
    pr = []
    face = 1 if np.dot(ay, C - np.array([x, y, 0.0])) > 0 else -1
    col = p.get("rgb", (150, 160, 170))
    for k in range(n):
        c, i = divmod(k, per)
        off = (bw / 2) if c % 2 else 0.0
        u0 = min(i * bw + off, L)
        u1 = min((i + 1) * bw + off, L)
        if u1 - u0 < 0.02:
            continue
        z0, z1 = c * bh, (c + 1) * bh - 0.012
        a0 = origin + ax * u0 + ay * face * 0.05
        a1 = origin + ax * u1 + ay * face * 0.05
        f = 0.9 + 0.1 * ((k * 7919) % 13) / 13.0
        pr.append(Prim([a0 + [0, 0, z0], a1 + [0, 0, z0], a1 + [0, 0, z1], a0 + [0, 0, z1]], shade(col, f),
                       shade(col, 0.55)))
    return pr


def scissor_lift(e, st, C):
    x, y = st["pos"]
    p = e.params
    hp = st["attrs"].get("platform_h", p.get("hp", 2.0))
    yaw = st["yaw"]
    pr = box(x, y, yaw, 1.2, 2.4, 0.9, 0.1, (30, 110, 230), C)
    yy = math.radians(yaw)
    ay = np.array([math.sin(yy), math.cos(yy), 0.0])
    ax = np.array([math.cos(yy), -math.sin(yy), 0.0])
    b = np.array([x, y, 1.0])
    for s in (-1, 1):
        side = ax * s * 0.55
        pr.append(line3(b + side - ay * 1.0, b + side + ay * 1.0 + [0, 0, hp - 1.0], (50, 50, 50), 3))
        pr.append(line3(b + side + ay * 1.0, b + side - ay * 1.0 + [0, 0, hp - 1.0], (50, 50, 50), 3))
    pr += box(x, y, yaw, 1.2, 2.6, 0.12, hp, (40, 140, 235), C)
    for s in (-1, 1):
        pr.append(line3(np.array([x, y, hp + 1.05]) + ax * s * 0.6 - ay * 1.3,
                        np.array([x, y, hp + 1.05]) + ax * s * 0.6 + ay * 1.3, (30, 160, 240), 3))
    pr.append(box(x, y, yaw, 1.3, 0.05, 0.05, 0, (25, 25, 25), C, edge=False)[0])
    return pr


def mewp(e, st, C):
    x, y = st["pos"]
    yaw = st["yaw"]
    hb = e.params.get("hb", 3.5)
    pr = box(x, y, yaw, 1.6, 3.0, 1.3, 0.25, (20, 130, 235), C)
    yy = math.radians(yaw)
    ay = np.array([math.sin(yy), math.cos(yy), 0.0])
    a = np.array([x, y, 1.6]) - ay * 0.8
    b = np.array([x, y, hb]) + ay * 2.5
    pr.append(line3(a, b, (40, 150, 245), 7))
    pr += box(b[0], b[1], yaw, 1.4, 0.8, 1.0, hb - 0.2, (30, 110, 220), C)
    for s in (-1, 1):
        pr.append(bb_ellipse(x, y, C, 0.28, 0.3, 0.28, off=s * 1.1, col=(25, 25, 25), n=10))
    return pr


def telehandler(e, st, C):
    x, y = st["pos"]
    yaw = st["yaw"]
    yy = math.radians(yaw)
    ay = np.array([math.sin(yy), math.cos(yy), 0.0])
    ax = np.array([math.cos(yy), -math.sin(yy), 0.0])
    body = e.params.get("rgb", (20, 170, 230))
    pr = []
    for sx in (-1, 1):
        for sy in (-1, 1):
            c = np.array([x, y, 0]) + ax * sx * 1.05 + ay * sy * 1.6
            pr += box(c[0], c[1], yaw, 0.45, 1.1, 1.1, 0.0, (30, 30, 30), C, edge=False)
    pr += box(x, y, yaw, 2.1, 5.0, 1.0, 0.6, body, C)
    cab = np.array([x, y, 0]) - ax * 0.5
    pr += box(cab[0], cab[1], yaw, 0.9, 1.6, 1.3, 1.6, (60, 60, 60), C)
    boom_a = np.array([x, y, 1.8]) + ax * 0.5 - ay * 2.0
    boom_b = np.array([x, y, 1.8 + e.params.get("boom_rise", 1.2)]) + ax * 0.5 + ay * 3.3
    pr.append(line3(boom_a, boom_b, shade(body, 0.85), 8))
    if e.params.get("forks", True):
        pr.append(line3(boom_b, boom_b + ay * 1.0 - [0, 0, 0.8], (50, 50, 50), 3))
    return pr


def crane(e, st, C):
    """Mobile / spider crane: body, outriggers, a boom pointing at the lift point."""
    x, y = st["pos"]
    p = e.params
    yaw = st["yaw"]
    pr = box(x, y, yaw, p.get("w", 2.5), p.get("d", 6.0), p.get("h", 1.6), 0.4, p.get("rgb", (30, 60, 200)), C)
    pr += box(x, y, yaw, p.get("w", 2.5) + 1.8, 0.3, 0.15, 0.0, (40, 40, 40), C, edge=False)
    tip = p["tip_fn"](st["t"]) if "tip_fn" in p else p["tip"]
    a = np.array([x, y, 0.4 + p.get("h", 1.6)])
    boom = line3(a, np.array(tip), shade(p.get("boom", (30, 180, 240)), 1.0), p.get("boom_w", 6))
    boom.nobb = p.get("boom_nobb", False)
    pr.append(boom)
    return pr


def solar_table(e, st, C):
    """Tilted module table on posts; `modules` installed (work object) or full (scenery)."""
    p = e.params
    x, y = st["pos"]
    L = p.get("L", 10.0)
    D = p.get("D", 4.0)
    tilt = math.radians(p.get("tilt", 25))
    per_row = p.get("per_row", 9)
    rows = p.get("rows", 2)
    full = p.get("full", True)
    n = int(st["attrs"].get("modules", per_row * rows if full else 0))
    zlo, zhi = 0.8, 0.8 + D * math.sin(tilt)
    ylo, yhi = y - D * math.cos(tilt) / 2, y + D * math.cos(tilt) / 2
    pr = []
    for px_ in np.linspace(x - L / 2 + 0.4, x + L / 2 - 0.4, 4):
        pr.append(line3(np.array([px_, ylo + 0.2, 0]), np.array([px_, ylo + 0.2, zlo + 0.1]), (110, 110, 115), 4))
        pr.append(line3(np.array([px_, yhi - 0.2, 0]), np.array([px_, yhi - 0.2, zhi - 0.1]), (110, 110, 115), 4))
    # purlins (rails) along x
    for f in (0.15, 0.5, 0.85):
        yy = ylo + (yhi - ylo) * f
        zz = zlo + (zhi - zlo) * f
        pr.append(line3(np.array([x - L / 2, yy, zz]), np.array([x + L / 2, yy, zz]), (170, 170, 175), 2))
    mw = L / per_row
    back = C[1] > y + 0.5  # seen from the north: the back side
    for k in range(min(n, per_row * rows)):
        r, i = divmod(k, per_row)
        f0, f1 = r / rows, (r + 1) / rows - 0.01
        x0 = x - L / 2 + i * mw + 0.02
        x1 = x0 + mw - 0.04
        pts = [[x0, ylo + (yhi - ylo) * f0, zlo + (zhi - zlo) * f0], [x1, ylo + (yhi - ylo) * f0, zlo + (zhi - zlo) * f0],
               [x1, ylo + (yhi - ylo) * f1, zlo + (zhi - zlo) * f1], [x0, ylo + (yhi - ylo) * f1, zlo + (zhi - zlo) * f1]]
        if back:
            pr.append(Prim(pts, (150, 150, 155), (90, 90, 90)))
        else:
            pr.append(Prim(pts, (110, 60, 40), (200, 200, 200)))
    return pr


def parapet(e, st, C):
    p = e.params
    n = int(st["attrs"].get("units", 0))
    x, y = st["pos"]
    pr = []
    for k in range(n):
        yc = y + p["dir"] * (k + 0.5) * p["unit_L"]
        pr += box(x, yc, 0, 0.45, p["unit_L"] - 0.04, 1.15, 0.0, (170, 172, 175), C)
    return pr


def cable_drum(e, st, C):
    x, y = st["pos"]
    pr = [bb_ellipse(x, y, C, 0.6, 0.6, 0.6, col=(60, 110, 160), n=16),
          bb_ellipse(x, y, C, 0.6, 0.35, 0.35, col=(30, 30, 30), n=12, depth=-0.01),
          bb_ellipse(x, y, C, 0.6, 0.12, 0.12, col=(70, 120, 170), n=8, depth=-0.02)]
    return pr


def wheelbarrow(e, st, C):
    x, y = st["pos"]
    yaw = st["yaw"]
    pr = box(x, y, yaw, 0.6, 0.9, 0.3, 0.35, COL.get(e.params.get("colour", "green"), (60, 140, 60)), C)
    pr.append(bb_ellipse(x, y, C, 0.18, 0.18, 0.18, off=0.0, col=(30, 30, 30), n=10, depth=-0.5))
    return pr


def generator(e, st, C):
    x, y = st["pos"]
    pr = box(x, y, st["yaw"], 0.8, 1.4, 1.0, 0.0, e.params.get("rgb", (60, 130, 40)), C)
    pr.append(bb_quad(x, y, C, 0.3, 0.6, 0.8, col=(230, 230, 230), depth=0.45))
    return pr


MODELS = {
    "worker": worker, "box": simple_box, "tool": tool, "cone": cone, "ladder": ladder, "excavation": excavation,
    "suspended_load": suspended_load, "brick_wall": brick_wall, "scissor_lift": scissor_lift, "mewp": mewp,
    "telehandler": telehandler, "crane": crane, "solar_table": solar_table, "parapet": parapet,
    "cable_drum": cable_drum, "wheelbarrow": wheelbarrow, "generator": generator,
}


def partition(e, st, C):
    """Metal-stud partition along local x with a few boards fixed (scenery)."""
    p = e.params
    x, y = st["pos"]
    L, H = p["L"], p.get("H", 2.9)
    yaw = math.radians(st["yaw"])
    ax = np.array([math.cos(yaw), -math.sin(yaw), 0.0])
    o = np.array([x, y, 0.0]) - ax * L / 2
    pr = [line3(o, o + ax * L, (170, 170, 175), 3), line3(o + [0, 0, H], o + ax * L + [0, 0, H], (170, 170, 175), 3)]
    n = int(L / 0.6)
    boards = p.get("boards", 0.4)
    for k in range(n + 1):
        a = o + ax * (k * 0.6)
        pr.append(line3(a, a + [0, 0, H], (175, 175, 180), 2))
    nb = int(n * boards)
    for k in range(0, nb, 2):
        a = o + ax * (k * 0.6)
        b = o + ax * min((k + 2) * 0.6, L)
        pr.append(Prim([a, b, b + [0, 0, H * 0.98], a + [0, 0, H * 0.98]], (205, 212, 215), (150, 150, 150)))
    return pr


def column(e, st, C):
    x, y = st["pos"]
    p = e.params
    return box(x, y, 0, p.get("w", 0.5), p.get("w", 0.5), p.get("h", 3.0), 0.0, p.get("rgb", (150, 152, 155)), C)


def railing(e, st, C):
    """Edge protection / parapet handrail along local y (scenery)."""
    p = e.params
    x, y = st["pos"]
    L = p["L"]
    pr = []
    for k in range(int(L / 2.0) + 1):
        yy = y - L / 2 + k * 2.0
        pr.append(line3(np.array([x, yy, 0]), np.array([x, yy, 1.1]), p.get("post", (40, 40, 40)), 2))
    for z in (0.5, 1.1):
        pr.append(line3(np.array([x, y - L / 2, z]), np.array([x, y + L / 2, z]), p.get("rail", (30, 200, 240)), 2))
    pr.append(Prim([[x, y - L / 2, 0], [x, y + L / 2, 0], [x, y + L / 2, 0.15], [x, y - L / 2, 0.15]],
                   (60, 60, 200)))
    return pr


MODELS.update({"partition": partition, "column": column, "railing": railing})
