"""3-D primitives (oriented boxes and quads) for every entity kind at a time t."""
import math

import numpy as np

BGR = {
    "orange": (20, 110, 245), "yellow": (30, 225, 240), "green": (60, 200, 80), "blue": (200, 110, 30),
    "white": (235, 235, 235), "red": (40, 40, 210), "pink": (170, 90, 240), "black": (30, 30, 30),
    "grey": (140, 140, 140), "navy": (90, 50, 30), "brown": (40, 70, 110), "silver": (200, 200, 195),
    "skin": (120, 160, 205), "skin2": (80, 110, 160), "hair": (30, 35, 45), "denim": (120, 80, 50),
    "khaki": (90, 130, 150), "wood": (70, 130, 180), "brick": (50, 70, 165), "rust": (40, 70, 140),
    "concrete": (165, 165, 160), "dirt": (55, 85, 110), "darkdirt": (35, 55, 75), "alu": (185, 190, 190),
    "check": (60, 60, 150), "purple": (140, 60, 110),
}


def rot(yaw_deg, lean_deg=0.0, roll_deg=0.0):
    a = math.radians(yaw_deg)
    ry = np.array([[math.cos(a), 0, math.sin(a)], [0, 1, 0], [-math.sin(a), 0, math.cos(a)]])
    b = math.radians(lean_deg)   # about local x: positive tips local +y towards local +z
    rx = np.array([[1, 0, 0], [0, math.cos(b), math.sin(b)], [0, -math.sin(b), math.cos(b)]])
    c = math.radians(roll_deg)   # about local z
    rz = np.array([[math.cos(c), -math.sin(c), 0], [math.sin(c), math.cos(c), 0], [0, 0, 1]])
    return ry @ rx @ rz


def box(base, R, local_c, size, colour):
    """Box with centre base + R@local_c, half sizes size/2, colour name or BGR."""
    c = np.asarray(base, float) + R @ np.asarray(local_c, float)
    col = BGR[colour] if isinstance(colour, str) else colour
    return ("box", c, R, np.asarray(size, float) / 2, col)


def worker_prims(e, t, pos, facing):
    st = e.state(t) or "working"
    R = rot(facing)
    out = []
    sit = e.sitting(t)
    lift = -0.38 if sit else 0.0
    ph = t * 2 * math.pi
    leg_sw = 0.22 * math.sin(ph * 1.7) if st == "walking" else 0.0
    trousers = e.kw.get("trousers", "navy")
    for s in (-1, 1):
        if sit:
            out.append(box(pos, R, (0.1 * s, 0.40, 0.18), (0.16, 0.14, 0.5), trousers))
            out.append(box(pos, R, (0.1 * s, 0.2, 0.42), (0.15, 0.42, 0.15), trousers))
        else:
            out.append(box(pos, rot(facing, s * leg_sw * 60), (0.1 * s, 0.43, 0.0), (0.16, 0.86, 0.18), trousers))
        out.append(box(pos, R, (0.1 * s, 0.05 + (0.0 if not sit else 0.0), 0.06 + (0.4 if sit else 0.0)),
                       (0.15, 0.1, 0.28), "black"))
    vest = e.vest
    shirt = e.kw.get("shirt", "grey")
    torso_col = vest if vest and vest != "none" else shirt
    y0 = 0.86 + lift
    bend = 12.0 if st == "working" else 0.0
    RT = rot(facing, bend)
    out.append(box(pos, RT, (0, y0 + 0.31, 0.0), (0.46, 0.62, 0.27), torso_col))
    if vest and vest != "none":
        out.append(box(pos, RT, (0, y0 + 0.22, 0.0), (0.47, 0.05, 0.28), "silver"))
        out.append(box(pos, RT, (0, y0 + 0.40, 0.0), (0.47, 0.05, 0.28), "silver"))
    for s in (-1, 1):
        if st == "working":
            sw = 35 + 35 * math.sin(ph * 0.9 + s)
        elif st == "walking":
            sw = -s * 25 * math.sin(ph * 1.7)
        else:
            sw = 0.0
        RA = rot(facing, sw)
        shoulder = np.asarray(pos) + RT @ np.array([0.30 * s, y0 + 0.58, 0.0])
        out.append(box(shoulder, RA, (0, -0.28, 0), (0.12, 0.56, 0.13), torso_col if vest in (None, "none") else shirt))
        out.append(box(shoulder, RA, (0, -0.6, 0), (0.1, 0.1, 0.1), "skin"))
    head_c = RT @ np.array([0, y0 + 0.74, 0.02])
    out.append(box(pos, R, head_c, (0.2, 0.24, 0.23), e.kw.get("skin", "skin")))
    if e.hat_on(t):
        hc = head_c + np.array([0, 0.14, 0])
        out.append(box(pos, R, hc, (0.27, 0.11, 0.31), e.hat))
        out.append(box(pos, R, hc + np.array([0, -0.05, 0.12]), (0.27, 0.03, 0.12), e.hat))
    else:
        out.append(box(pos, R, head_c + np.array([0, 0.12, -0.01]), (0.21, 0.04, 0.24), "hair"))
    return out


def wall_prims(e, t, pos):
    R = rot(e.face or 0.0)
    out = [box(pos, R, (0, -0.05, 0), (0.4 * e.per_course + 0.4, 0.1, 0.4), "concrete")]
    n = e.bricks(t)
    L = 0.4 * e.per_course
    for k in range(n):
        row, col = divmod(k, e.per_course)
        off = 0.2 if row % 2 else 0.0
        x = -L / 2 + 0.2 + col * 0.4 + off - 0.1
        shade = (50 + 9 * ((k * 7) % 5), 68 + 6 * ((k * 3) % 4), 160 + 8 * ((k * 5) % 4))
        out.append(box(pos, R, (x, 0.1 + row * 0.2, 0), (0.385, 0.185, 0.2), shade))
    return out


def pit_prims(e, pos):
    """Excavation: quads (floor, inner walls). Returned with the rim polygon for clipping."""
    w, l, d = e.kw["pit_size"]
    R = rot(e.face or 0.0)
    c = np.asarray(pos, float)
    def P(x, y, z):
        return c + R @ np.array([x, y, z])
    hw, hl = w / 2, l / 2
    rim = [P(-hw, 0, -hl), P(hw, 0, -hl), P(hw, 0, hl), P(-hw, 0, hl)]
    flo = [P(-hw, -d, -hl), P(hw, -d, -hl), P(hw, -d, hl), P(-hw, -d, hl)]
    quads = [("quad", np.array(flo), BGR["darkdirt"], np.array([0, 1.0, 0]))]
    cols = [(60, 90, 120), (50, 80, 108), (62, 95, 125), (48, 76, 100)]
    for i in range(4):
        a, b = i, (i + 1) % 4
        q = np.array([rim[a], rim[b], flo[b], flo[a]])
        n = c - 0.5 * (rim[a] + rim[b])
        n[1] = 0
        n /= np.linalg.norm(n)
        quads.append(("quad", q, cols[i], n))
    return quads, np.array(rim)


def thing_prims(e, t, pos):
    k = e.kind
    R = rot(e.face or 0.0)
    col = e.kw.get("bgr") or e.colour or "grey"
    if k == "cone":
        return [box(pos, R, (0, 0.02, 0), (0.38, 0.04, 0.38), "black"),
                box(pos, R, (0, 0.2, 0), (0.22, 0.32, 0.22), "orange"),
                box(pos, R, (0, 0.42, 0), (0.14, 0.14, 0.14), "white"),
                box(pos, R, (0, 0.56, 0), (0.09, 0.12, 0.09), "orange")]
    if k == "pallet":
        out = [box(pos, R, (0, 0.07, 0), (1.2, 0.14, 1.0), "wood")]
        if e.kw.get("load"):
            out.append(box(pos, R, (0, 0.45, 0), (1.0, 0.62, 0.85), e.kw["load"]))
        return out
    if k == "toolbox":
        return [box(pos, R, (0, 0.13, 0), (0.55, 0.26, 0.28), col), box(pos, R, (0, 0.29, 0), (0.3, 0.05, 0.05), "black")]
    if k == "drill":
        return [box(pos, R, (0, 0.06, 0), (0.09, 0.12, 0.26), col), box(pos, R, (0, 0.15, -0.06), (0.07, 0.2, 0.08), "black"),
                box(pos, R, (0, 0.06, 0.17), (0.03, 0.03, 0.1), "silver")]
    if k == "hammer":
        return [box(pos, R, (0, 0.02, 0), (0.035, 0.035, 0.34), "yellow"), box(pos, R, (0, 0.03, 0.17), (0.12, 0.05, 0.05), "black")]
    if k == "wheelbarrow":
        return [box(pos, rot(e.face or 0, -8), (0, 0.55, 0), (0.66, 0.3, 0.95), col),
                box(pos, R, (0, 0.2, 0.55), (0.1, 0.38, 0.38), "black"),
                box(pos, R, (-0.28, 0.5, -0.7), (0.04, 0.04, 0.8), "black"), box(pos, R, (0.28, 0.5, -0.7), (0.04, 0.04, 0.8), "black"),
                box(pos, R, (-0.25, 0.2, -0.35), (0.04, 0.4, 0.04), "black"), box(pos, R, (0.25, 0.2, -0.35), (0.04, 0.4, 0.04), "black")]
    if k == "ladder":
        RL = rot(e.face or 0.0, -16)
        out = [box(pos, RL, (-0.22, 1.6, 0), (0.06, 3.2, 0.07), "alu"), box(pos, RL, (0.22, 1.6, 0), (0.06, 3.2, 0.07), "alu")]
        for i in range(10):
            out.append(box(pos, RL, (0, 0.25 + 0.3 * i, 0), (0.44, 0.04, 0.04), "alu"))
        return out
    if k == "scaffold":
        out = []
        bays, bw, depth, hgt = e.kw.get("bays", 2), 2.2, 1.3, 4.2
        x0 = -bays * bw / 2
        for i in range(bays + 1):
            for zz in (-depth / 2, depth / 2):
                out.append(box(pos, R, (x0 + i * bw, hgt / 2, zz), (0.06, hgt, 0.06), "silver"))
        for lv in (1.0, 2.1, 3.2, 4.1):
            for zz in (-depth / 2, depth / 2):
                out.append(box(pos, R, (0, lv, zz), (bays * bw + 0.1, 0.05, 0.05), "silver"))
        out.append(box(pos, R, (0, 2.15, 0), (bays * bw, 0.06, depth - 0.1), "wood"))
        out.append(box(pos, R, (0, 2.35, depth / 2), (bays * bw, 0.25, 0.03), "yellow"))
        for i in range(bays):
            out.append(box(pos, rot(e.face or 0, 0, 32), (x0 + (i + 0.5) * bw, 1.05, -depth / 2), (2.3, 0.05, 0.05), "silver"))
        return out
    if k == "mixer":
        return [box(pos, R, (0, 0.35, 0), (0.8, 0.7, 0.6), "black"), box(pos, rot(e.face or 0, 35), (0, 1.0, 0.15), (0.9, 0.9, 0.9), col),
                box(pos, R, (0, 0.15, 0.5), (0.1, 0.3, 0.3), "black")]
    if k == "skip":
        return [box(pos, R, (0, 0.75, 0), (3.4, 1.5, 1.8), col), box(pos, R, (0, 1.45, 0), (3.0, 0.1, 1.4), (40, 50, 60)),
                box(pos, R, (0, 1.1, 0.91), (2.0, 0.08, 0.02), "black")]
    if k == "generator":
        return [box(pos, R, (0, 0.55, 0), (1.6, 0.9, 0.85), col), box(pos, R, (0, 0.05, 0), (1.7, 0.1, 0.9), "black"),
                box(pos, R, (0.4, 0.6, 0.43), (0.5, 0.4, 0.02), (60, 60, 60))]
    if k == "portaloo":
        return [box(pos, R, (0, 1.15, 0), (1.1, 2.3, 1.1), col), box(pos, R, (0, 2.33, 0), (1.2, 0.06, 1.2), "white"),
                box(pos, R, (0, 1.0, 0.56), (0.7, 1.9, 0.02), (160, 80, 20))]
    if k == "heap":
        s = e.kw.get("heap_size", (3.0, 1.0, 2.0))
        return [box(pos, R, (0, s[1] * 0.3, 0), (s[0], s[1] * 0.6, s[2]), col),
                box(pos, R, (0, s[1] * 0.8, 0), (s[0] * 0.6, s[1] * 0.4, s[2] * 0.6), col)]
    if k == "rebar":
        out = []
        for i in range(6):
            out.append(box(pos, R, (-0.3 + 0.12 * i, 0.1 + 0.03 * (i % 2), 0), (0.04, 0.04, 5.0), "rust"))
        out.append(box(pos, R, (0, 0.04, 1.5), (1.0, 0.08, 0.1), "wood"))
        out.append(box(pos, R, (0, 0.04, -1.5), (1.0, 0.08, 0.1), "wood"))
        return out
    if k == "load":
        out = [box(pos, R, (0, 0, 0), (4.0, 0.4, 0.55), "rust"), box(pos, R, (0, 0.21, 0), (4.0, 0.04, 0.58), (30, 50, 110))]
        hook = np.asarray(pos) + np.array([0, 2.0, 0])
        for s in (-1, 1):
            a = np.asarray(pos) + R @ np.array([1.5 * s, 0.2, 0])
            mid = 0.5 * (a + hook)
            v = hook - a
            ln = np.linalg.norm(v)
            lean = math.degrees(math.atan2(-s * 1.5, 1.8))
            out.append(box(mid, rot(e.face or 0, 0, -lean), (0, 0, 0), (0.03, ln, 0.03), "black"))
        out.append(box(hook, R, (0, 0.2, 0), (0.3, 0.4, 0.2), "yellow"))
        out.append(("cable", hook + np.array([0, 0.4, 0]), hook + np.array([0, 40.0, 0]), BGR["black"]))
        return out
    return [box(pos, R, (0, 0.5, 0), (1, 1, 1), col)]


def entity_prims(e, t, pos, facing):
    if e.kind == "worker":
        return worker_prims(e, t, pos, facing)
    if e.kind == "brick_wall":
        return wall_prims(e, t, pos)
    return thing_prims(e, t, pos)


_SIGNS = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], float)
# faces as corner indices (counter-clockwise seen from outside) with outward local normal
FACES = [((0, 1, 3, 2), (-1, 0, 0)), ((4, 6, 7, 5), (1, 0, 0)), ((0, 4, 5, 1), (0, -1, 0)),
         ((2, 3, 7, 6), (0, 1, 0)), ((0, 2, 6, 4), (0, 0, -1)), ((1, 5, 7, 3), (0, 0, 1))]


def box_corners(p):
    _, c, R, h, _ = p
    return c + (_SIGNS * h) @ R.T


_EDGES = ((0, 1), (2, 3), (4, 5), (6, 7), (0, 2), (1, 3), (4, 6), (5, 7), (0, 4), (1, 5), (2, 6), (3, 7))
_WCACHE = {}


def _weights(n):
    if n not in _WCACHE:
        rows = list(np.eye(8))
        for a, b in _EDGES:
            for s in np.linspace(0, 1, n + 1)[1:-1]:
                w = np.zeros(8)
                w[a], w[b] = 1 - s, s
                rows.append(w)
        _WCACHE[n] = np.array(rows)
    return _WCACHE[n]


def sample_points(p, n):
    """Points along a primitive's edges (n per edge) used for extents; (k, 3)."""
    if p[0] == "box":
        cs = box_corners(p)
        return cs if n <= 1 else _weights(n) @ cs
    if p[0] == "quad":
        return p[1]
    return np.array([p[1]])
