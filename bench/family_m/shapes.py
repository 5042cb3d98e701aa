"""3-D shapes built from oriented boxes, in world coordinates, for every entity at a time t."""
import math

import numpy as np

# BGR colours
VEST = {"orange": (20, 120, 250), "yellow": (40, 235, 215), "green": (70, 200, 60),
        "pink": (170, 95, 245), "blue": (190, 110, 35)}
HAT = {"white": (238, 238, 236), "yellow": (10, 210, 250), "red": (35, 35, 205),
       "blue": (185, 95, 25), "orange": (10, 140, 250), "green": (50, 150, 40)}
THING = {"red": (40, 40, 190), "green": (60, 140, 40), "yellow": (20, 190, 235),
         "orange": (20, 110, 245), "silver": (185, 185, 180), "blue": (170, 100, 40),
         "black": (40, 40, 40), "grey": (130, 130, 128)}


def Ry(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])


def Rx(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])


def Rz(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


I3 = np.eye(3)


class Builder:
    """Collects boxes in an entity frame (x right, y up, z forward) and places them in the world."""

    def __init__(self, origin, yaw_deg):
        self.o = np.asarray(origin, float)
        self.Rw = Ry(math.radians(yaw_deg))
        self.parts = []

    def box(self, centre, size, colour, R=I3, aux=False, pivot=None):
        c = np.asarray(centre, float)
        if pivot is not None:                      # rotate about a pivot point
            p = np.asarray(pivot, float)
            c = p + R @ (c - p)
        self.parts.append((self.o + self.Rw @ c, self.Rw @ R, np.asarray(size, float) / 2.0,
                           np.asarray(colour, float), aux))


def worker(b, e, t, world):
    act = e.act(t)
    ph = 2 * math.pi * t
    seed = sum(map(ord, e.name)) % 7
    vest = VEST.get(e.attrs.get("vest"), (90, 90, 90))
    trousers = e.style.get("trousers", (70, 55, 45))
    skin = e.style.get("skin", (120, 150, 200))
    leg_a = arm_a = 0.0
    bob = 0.0
    lean = 0.0
    if act == "walking":
        leg_a = 0.45 * math.sin(ph * 1.7)
        arm_a = -0.35 * math.sin(ph * 1.7)
        bob = 0.02 * abs(math.sin(ph * 1.7))
    elif act == "active":
        arm_a = -0.6 - 0.5 * (0.5 + 0.5 * math.sin(ph * 0.9 + seed))
        lean = 0.18 + 0.12 * math.sin(ph * 0.45 + seed)
    else:
        arm_a = 0.05 * math.sin(ph * 0.2 + seed)
    # legs and boots
    for sx, sgn in ((-0.1, 1), (0.1, -1)):
        R = Rx(sgn * leg_a)
        b.box((sx, 0.47 + bob, 0), (0.15, 0.78, 0.17), trousers, R, pivot=(sx, 0.86, 0))
        b.box((sx, 0.05 + bob, 0.04), (0.15, 0.1, 0.27), (30, 30, 35), R, pivot=(sx, 0.86, 0))
    # torso (vest), leaning forward when working
    Rl = Rx(lean)
    piv = (0, 0.86 + bob, 0)
    b.box((0, 1.16 + bob, 0), (0.44, 0.6, 0.26), vest, Rl, pivot=piv)
    for yy in (1.04, 1.22):
        b.box((0, yy + bob, 0), (0.455, 0.04, 0.275), (200, 205, 205), Rl, pivot=piv)
    # arms
    for sx, sgn in ((-0.28, 1), (0.28, 1)):
        a = arm_a if sx > 0 or act != "walking" else -arm_a
        R = Rl @ Rx(a)
        sh = np.array((sx, 1.42 + bob, 0))
        shw = np.array(piv) + Rl @ (sh - np.array(piv))
        b.box(shw + R @ np.array((0, -0.28, 0)), (0.11, 0.56, 0.12), e.style.get("sleeve", vest), R)
    # head and hat
    head = np.array(piv) + Rl @ (np.array((0, 1.6 + bob, 0.0)) - np.array(piv))
    b.box(head, (0.2, 0.24, 0.22), skin, Rl)
    if e.hat_on(t):
        hc = HAT.get(e.attrs.get("hat_colour"), (200, 200, 200))
        b.box(head + Rl @ np.array((0, 0.15, 0)), (0.27, 0.11, 0.3), hc, Rl)
        b.box(head + Rl @ np.array((0, 0.1, 0.02)), (0.31, 0.025, 0.36), hc, Rl)
    else:
        b.box(head + Rl @ np.array((0, 0.13, -0.01)), (0.21, 0.05, 0.23), (25, 30, 40), Rl)


def toolbox(b, e, t, w):
    c = THING.get(e.attrs.get("colour"), (40, 40, 190))
    b.box((0, 0.13, 0), (0.52, 0.26, 0.26), c)
    b.box((0, 0.27, 0), (0.3, 0.03, 0.04), (30, 30, 30))
    b.box((0, 0.2, 0.132), (0.5, 0.02, 0.005), (60, 60, 60))


def drill(b, e, t, w):
    c = THING.get(e.attrs.get("colour"), (20, 190, 235))
    held = e.carrier(t) is not None
    if held:
        b.box((0, 0.1, 0.04), (0.075, 0.08, 0.24), c)
        b.box((0, 0.0, 0.0), (0.06, 0.16, 0.07), (35, 35, 35))
        b.box((0, -0.09, 0.0), (0.09, 0.05, 0.11), (35, 35, 35))
        b.box((0, 0.1, 0.19), (0.025, 0.025, 0.08), (150, 150, 150))
    else:                                   # lying on its side
        b.box((0, 0.04, 0.04), (0.24, 0.075, 0.08), c)
        b.box((-0.02, 0.035, -0.08), (0.07, 0.06, 0.16), (35, 35, 35))
        b.box((-0.02, 0.045, -0.17), (0.11, 0.09, 0.05), (35, 35, 35))
        b.box((0.16, 0.04, 0.04), (0.08, 0.025, 0.025), (150, 150, 150))


def hammer(b, e, t, w):
    held = e.carrier(t) is not None
    if held:
        b.box((0, 0.0, 0), (0.035, 0.34, 0.035), (30, 60, 120))
        b.box((0, 0.17, 0.02), (0.04, 0.045, 0.16), (120, 120, 125))
    else:
        b.box((0, 0.02, 0), (0.34, 0.035, 0.035), (30, 60, 120))
        b.box((0.17, 0.025, 0.02), (0.045, 0.05, 0.16), (120, 120, 125))


def ladder(b, e, t, w):
    c = THING.get(e.attrs.get("colour"), (185, 185, 180))
    L = e.style.get("length", 3.6)
    tilt = math.radians(e.style.get("tilt", 15))
    R = Rx(tilt)
    for sx in (-0.23, 0.23):
        b.box(R @ np.array((sx, L / 2, 0)), (0.06, L, 0.07), c, R)
    n = int(L / 0.3)
    for k in range(1, n):
        b.box(R @ np.array((0, k * 0.3, 0)), (0.46, 0.035, 0.04), c, R)


def scaffold(b, e, t, w):
    sx, h, sz = e.style.get("size", (3.0, 4.0, 1.3))
    tube = (150, 150, 145)
    lv = [0.15, h / 2, h]
    for x in (-sx / 2, 0, sx / 2):
        for z in (-sz / 2, sz / 2):
            b.box((x, h / 2 + 0.5, z), (0.06, h + 1.0, 0.06), tube)
    for y in lv:
        for z in (-sz / 2, sz / 2):
            b.box((0, y, z), (sx + 0.2, 0.05, 0.05), tube)
        for x in (-sx / 2, 0, sx / 2):
            b.box((x, y, 0), (0.05, 0.05, sz), tube)
    for y in lv[1:]:
        b.box((0, y + 0.05, 0), (sx, 0.05, sz - 0.1), (60, 120, 165))
        b.box((0, y + 0.18, sz / 2 - 0.02), (sx, 0.22, 0.03), (50, 110, 160))
        b.box((0, y + 0.55, -sz / 2), (sx, 0.05, 0.05), tube)
        b.box((0, y + 1.0, -sz / 2), (sx, 0.05, 0.05), tube)
    a = math.atan2(h / 2, sx / 2)
    for y0 in (0.15, h / 2):
        R = Rz(a)
        b.box((-sx / 4, y0 + h / 4, sz / 2 + 0.04), (math.hypot(sx / 2, h / 2), 0.045, 0.045), tube, R)


def wheelbarrow(b, e, t, w):
    c = THING.get(e.attrs.get("colour"), (60, 140, 40))
    R = Rx(math.radians(-6))
    b.box((0, 0.52, 0.05), (0.62, 0.26, 0.78), c, R)
    b.box((0, 0.66, 0.05), (0.66, 0.03, 0.82), tuple(0.7 * np.array(c)), R)
    b.box((0, 0.2, 0.55), (0.08, 0.36, 0.36), (25, 25, 25))
    for sx in (-0.26, 0.26):
        b.box((sx, 0.42, -0.45), (0.04, 0.04, 1.1), (50, 50, 55))
        b.box((sx, 0.2, -0.3), (0.04, 0.4, 0.04), (50, 50, 55))


def cone(b, e, t, w):
    b.box((0, 0.02, 0), (0.4, 0.04, 0.4), (25, 25, 25))
    for k, (wd, y0, y1) in enumerate(((0.26, 0.04, 0.28), (0.18, 0.28, 0.5), (0.1, 0.5, 0.72))):
        col = (235, 235, 235) if k == 1 else (20, 100, 245)
        b.box((0, (y0 + y1) / 2, 0), (wd, y1 - y0, wd), col)


def pallet(b, e, t, w):
    b.box((0, 0.07, 0), (1.2, 0.14, 1.0), (70, 130, 175))
    load = e.style.get("load", (50, 70, 160))
    hgt = e.style.get("height", 0.75)
    n = 5
    for k in range(n):
        shade = 0.85 + 0.15 * ((k % 2) * 1.0)
        b.box((0, 0.14 + hgt * (k + 0.5) / n, 0), (1.1, hgt / n - 0.012, 0.9), tuple(shade * np.array(load)))
    b.box((0, 0.14 + hgt / 2, 0.455), (0.04, hgt + 0.01, 0.01), (40, 40, 40))


def brick_wall(b, e, t, w):
    st = e.style
    per = st["per_course"]
    L = per * 0.225
    b.box((0, 0.08, 0), (L + 0.2, 0.16, 0.45), (150, 155, 155))
    n = w.bricks(e, t)
    for k in range(n):
        c, i = divmod(k, per)
        off = 0.1125 if c % 2 else 0.0
        x = -L / 2 + 0.1125 + i * 0.225 + off - 0.05
        shade = (0.9, 1.0, 0.95, 1.08)[(k * 7) % 4]
        b.box((x, 0.16 + 0.0375 + c * 0.075, 0), (0.215, 0.065, 0.1), tuple(shade * np.array((45, 65, 165))))
    full = n // per
    if n:
        top = 0.16 + 0.075 * (full + (1 if n % per else 0))
        b.box((-0.05, 0.16 + (top - 0.16) / 2, 0), (L * min(1.0, n / per) - 0.02, top - 0.16 - 0.01, 0.085),
              (150, 165, 170))
    # line pins and string
    for sx in (-L / 2 - 0.15, L / 2 + 0.15):
        b.box((sx, 0.45, 0), (0.03, 0.9, 0.03), (30, 30, 30))


def suspended_load(b, e, t, w):
    b.box((0, 0.3, 0), (2.6, 0.55, 0.8), (80, 90, 110))
    for k in range(4):
        b.box((-0.9 + k * 0.6, 0.3, 0.41), (0.35, 0.35, 0.01), (40, 50, 70))
    b.box((0, 1.6, 0), (2.8, 0.12, 0.12), (20, 180, 235))
    for sx in (-1.1, 1.1):
        a = math.atan2(sx, 1.0)
        b.box((sx / 2, 1.1, 0), (0.03, 1.3, 0.03), (50, 50, 50), Rz(a))
    for sx in (-1.2, 1.2):
        b.box((sx * 0.5, 2.25, 0), (0.03, 1.3, 0.03), (50, 50, 50), Rz(math.atan2(sx, 1.3)), aux=False)
    b.box((0, 2.9, 0), (0.22, 0.35, 0.18), (20, 200, 240))
    b.box((0, 2.9 + 15.0, 0), (0.05, 30.0, 0.05), (40, 40, 40), aux=True)


def forklift(b, e, t, w):
    yel = (20, 180, 235)
    b.box((0, 0.75, 0), (1.2, 0.9, 1.9), yel)
    b.box((0, 0.9, -0.95), (1.2, 0.9, 0.3), (40, 40, 45))
    for x in (-0.55, 0.55):
        for z in (-0.55, 0.65):
            b.box((x + (0.06 if x > 0 else -0.06), 0.3, z), (0.22, 0.6, 0.6), (25, 25, 25))
    for x in (-0.55, 0.55):
        for z in (-0.5, 0.55):
            b.box((x, 1.65, z), (0.06, 0.9, 0.06), (40, 40, 40))
    b.box((0, 2.12, 0.02), (1.25, 0.05, 1.2), (40, 40, 40))
    b.box((0, 1.25, 0.0), (0.5, 0.4, 0.4), (30, 30, 30))
    for x in (-0.4, 0.4):
        b.box((x, 1.25, 1.05), (0.1, 2.4, 0.12), (60, 60, 60))
    b.box((0, 0.35, 1.12), (0.9, 0.5, 0.06), (60, 60, 60))
    for x in (-0.3, 0.3):
        b.box((x, 0.12, 1.65), (0.12, 0.05, 1.1), (70, 70, 70))
    if e.style.get("pallet"):
        b.box((0, 0.22, 1.65), (1.1, 0.12, 1.0), (70, 130, 175))
        b.box((0, 0.55, 1.65), (1.0, 0.55, 0.9), (150, 150, 150))


def mixer(b, e, t, w):
    b.box((0, 0.45, 0), (0.9, 0.08, 1.3), (60, 60, 60))
    b.box((0, 0.95, 0.1), (0.75, 0.75, 0.85), (20, 120, 240), Rx(math.radians(-30)))
    b.box((0, 1.35, 0.42), (0.45, 0.2, 0.35), (20, 100, 210), Rx(math.radians(-30)))
    for x in (-0.45, 0.45):
        b.box((x, 0.22, -0.3), (0.08, 0.44, 0.44), (25, 25, 25))
    b.box((0, 0.35, 0.6), (0.06, 0.7, 0.06), (60, 60, 60))


def hut(b, e, t, w):
    sx, h, sz = e.style.get("size", (6.0, 2.6, 2.4))
    c = e.style.get("colour", (120, 105, 90))
    b.box((0, h / 2 + 0.1, 0), (sx, h, sz), c)
    b.box((0, h + 0.15, 0), (sx + 0.1, 0.1, sz + 0.1), (90, 90, 90))
    for k in range(int(sx // 1.6)):
        x = -sx / 2 + 0.9 + k * 1.6
        b.box((x, 1.6, sz / 2 + 0.01), (0.9, 0.7, 0.03), (70, 55, 45))
        b.box((x, 1.6, -sz / 2 - 0.01), (0.9, 0.7, 0.03), (70, 55, 45))
    b.box((sx / 2 - 0.7, 1.1, sz / 2 + 0.02), (0.8, 2.0, 0.03), (60, 70, 80))
    b.box((0, 0.05, 0), (sx - 0.3, 0.2, sz - 0.3), (50, 50, 50))


def toilet(b, e, t, w):
    b.box((0, 1.15, 0), (1.1, 2.3, 1.1), (170, 110, 30))
    b.box((0, 2.35, 0), (1.15, 0.1, 1.15), (230, 230, 230))
    b.box((0, 1.0, 0.56), (0.7, 1.8, 0.02), (150, 95, 25))


def skip(b, e, t, w):
    b.box((0, 0.75, 0), (3.4, 1.3, 1.8), (20, 180, 230))
    b.box((0, 1.42, 0), (3.2, 0.06, 1.6), (70, 85, 95))
    for k in range(5):
        b.box((-1.2 + 0.6 * k, 1.5 + 0.05 * (k % 2), 0.2 - 0.1 * k), (0.4, 0.2, 0.3), (90, 100, 110))
    b.box((0, 0.05, 0), (3.0, 0.1, 1.5), (30, 30, 30))


def generator(b, e, t, w):
    b.box((0, 0.6, 0), (1.7, 1.0, 0.9), (60, 130, 50))
    b.box((0, 0.1, 0), (1.8, 0.2, 1.0), (40, 40, 40))
    b.box((0.5, 0.8, 0.46), (0.4, 0.3, 0.02), (200, 200, 200))


def pipes(b, e, t, w):
    c = e.style.get("colour", (160, 90, 40))
    n = e.style.get("n", 4)
    L = e.style.get("length", 4.0)
    for row in range(3):
        for k in range(n - row):
            x = (k - (n - row - 1) / 2) * 0.32
            b.box((x, 0.16 + row * 0.28, 0), (0.3, 0.28, L), tuple((0.85 + 0.05 * ((k + row) % 3)) * np.array(c)))


def spoil(b, e, t, w):
    L = e.style.get("length", 4.0)
    for k, (wd, hh) in enumerate(((1.6, 0.35), (1.1, 0.65), (0.6, 0.9))):
        b.box((0, hh / 2, 0), (wd, hh, L - 0.5 * k), (60 + 8 * k, 85 + 6 * k, 110 + 5 * k))


def barrier(b, e, t, w):
    L = e.style.get("length", 3.5)
    n = max(1, int(L / 1.2))
    for k in range(n + 1):
        x = -L / 2 + k * L / n
        b.box((x, 0.1, 0), (0.2, 0.2, 0.5), (40, 40, 200) if k % 2 else (235, 235, 235))
        b.box((x, 0.55, 0), (0.05, 1.0, 0.05), (150, 150, 150))
    b.box((0, 0.95, 0), (L, 0.12, 0.04), (20, 20, 200))
    b.box((0, 0.5, 0), (L, 0.12, 0.04), (235, 235, 235))


def crane(b, e, t, w):
    b.box((0, 1.0, 0), (2.6, 1.6, 6.0), (30, 160, 220))
    b.box((0, 2.2, -1.0), (2.2, 1.0, 2.2), (30, 150, 210))
    a = math.radians(e.style.get("boom_deg", 58))
    L = e.style.get("boom", 24.0)
    R = Rx(-(math.pi / 2 - a))
    b.box(np.array((0, 2.6, -0.5)) + R @ np.array((0, L / 2, 0)), (0.6, L, 0.6), (20, 170, 230), R)


BUILDERS = {
    "worker": worker, "toolbox": toolbox, "drill": drill, "hammer": hammer, "ladder": ladder,
    "scaffold": scaffold, "wheelbarrow": wheelbarrow, "cone": cone, "pallet": pallet,
    "brick_wall": brick_wall, "suspended_load": suspended_load, "forklift": forklift,
    "mixer": mixer, "hut": hut, "toilet": toilet, "skip": skip, "generator": generator,
    "pipes": pipes, "spoil": spoil, "barrier": barrier, "crane": crane,
}


def parts(e, t, world):
    """List of (centre, R, half, colour, aux) in world coords, or [] when absent."""
    if not e.is_present(t) or e.shape == "pit":
        return []
    if e.shape == "worker":
        x, z = e.xz(t)
        y = 0.0
        pit = world.in_pit(e, t)
        if pit is not None:
            y = -pit.style["depth"] + 0.05
        b = Builder((x, y, z), e.heading(t))
    elif e.carries:
        p = e.pos3(t)
        who = e.carrier(t)
        yaw = e.yaw0
        if who == "wearer":
            yaw = world.wearer.yaw(t)
        elif who is not None:
            yaw = world.ent[who].heading(t)
        b = Builder(p, yaw + (0 if who else e.yaw0 * 0))
    else:
        p = e.pos3(t)
        yaw = e.heading(t) if e.shape == "forklift" else e.yaw0
        b = Builder(p, yaw)
    BUILDERS[e.shape](b, e, t, world)
    return b.parts
