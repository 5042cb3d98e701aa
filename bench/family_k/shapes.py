"""Mesh builders for every kind of thing on the sites, in an entity frame
(x right, y forward, z up, origin on the ground at the thing's centre)."""
import math

import numpy as np

from .geometry import Mesh, OCCLUDER, IDONLY, TWOSIDED

# BGR colours
C = {
    "orange": (20, 120, 245), "yellow": (30, 220, 235), "green": (60, 190, 70), "blue": (200, 110, 30),
    "red": (40, 40, 210), "white": (235, 235, 235), "pink": (170, 110, 240), "lime": (40, 235, 170),
    "grey": (140, 140, 140), "dark": (50, 50, 55), "navy": (90, 50, 30), "skin": (120, 150, 200),
    "skin2": (80, 110, 160), "denim": (120, 80, 50), "wood": (90, 150, 190), "steel": (170, 170, 165),
    "brick": (60, 80, 170), "block": (165, 168, 170), "mortar": (190, 195, 200), "black": (30, 30, 30),
    "concrete": (150, 150, 150), "brown": (40, 70, 110),
}


def col(name):
    return C[name] if isinstance(name, str) else name


# ----------------------------------------------------------------------
# people

def worker(fr, vest, hat, hat_on, activity, t, shirt="navy", skin="skin", lean=0.0, kneel=False):
    """A standing worker 1.78 m tall.  activity animates arms and legs."""
    m = Mesh()
    ph = 2 * math.pi * t
    swing = 0.0
    arm = 0.0
    bend = lean
    if activity == "walking":
        swing = 22.0 * math.sin(ph * 0.9)
        arm = -swing
    elif activity == "active":
        arm = 35.0 + 30.0 * math.sin(ph * 0.55)
        bend = lean + 12.0 + 10.0 * math.sin(ph * 0.55)
    vestc = col(vest) if vest != "none" else col(shirt)
    trous = col("dark")
    # legs
    for sx, s in ((-0.1, 1), (0.1, -1)):
        m.lbox(fr, sx, 0.0, 0.43, 0.15, 0.17, 0.86, trous, tilt=s * swing)
        m.lbox(fr, sx, 0.04 + 0.0, 0.04, 0.13, 0.28, 0.08, col("black"))
    # torso (leans forward when working)
    a = math.radians(bend)
    up = np.array([0.0, math.sin(a), math.cos(a)])

    def at(x, h, y=0.0):
        return (x, y + 0.0 + h * up[1], 0.88 + h * up[2])
    tx, ty, tz = at(0.0, 0.30)
    m.lbox(fr, tx, ty, tz, 0.44, 0.25, 0.62, vestc, tilt=bend)
    # reflective bands on the vest
    if vest != "none":
        bx, by, bz = at(0.0, 0.18)
        m.lbox(fr, bx, by, bz, 0.452, 0.262, 0.05, (215, 215, 210), tilt=bend)
        bx, by, bz = at(0.0, 0.40)
        m.lbox(fr, bx, by, bz, 0.452, 0.262, 0.05, (215, 215, 210), tilt=bend)
    # arms
    for sx in (-0.28, 0.28):
        axp, ayp, azp = at(sx, 0.36)
        m.lbox(fr, axp, ayp + 0.12 * math.sin(math.radians(arm)), azp - 0.05, 0.11, 0.12, 0.58,
               vestc if vest != "none" else col(shirt), tilt=bend + arm)
    # head
    hx, hy, hz = at(0.0, 0.72)
    m.lbox(fr, hx, hy, hz, 0.2, 0.22, 0.24, col(skin), tilt=bend)
    if hat_on:
        m.lbox(fr, hx, hy + 0.01, hz + 0.15, 0.27, 0.30, 0.11, col(hat), tilt=bend)
        m.lbox(fr, hx, hy + 0.06, hz + 0.10, 0.30, 0.36, 0.025, col(hat), tilt=bend)
    else:
        m.lbox(fr, hx, hy, hz + 0.13, 0.21, 0.23, 0.04, col("brown"), tilt=bend)  # hair
        # the hat carried in the right hand
        m.lbox(fr, 0.36, 0.12, 0.62, 0.27, 0.30, 0.11, col(hat))
    return m


# ----------------------------------------------------------------------
# vocabulary things

def ladder(fr, colour="steel", height=3.0, lean_deg=15.0, width=0.45):
    m = Mesh()
    a = math.radians(lean_deg)
    top = np.array([0.0, math.sin(a) * height, math.cos(a) * height])
    for sx in (-width / 2, width / 2):
        p0 = fr.p(sx, 0, 0)
        p1 = fr.p(sx, top[1], top[2])
        m.bar(p0, p1, 0.06, col(colour))
    n = int(height / 0.3)
    for i in range(1, n):
        f = i / n
        m.bar(fr.p(-width / 2, top[1] * f, top[2] * f), fr.p(width / 2, top[1] * f, top[2] * f), 0.035, col(colour))
    return m


def stepladder(fr, colour="yellow", height=1.8):
    m = Mesh()
    w = 0.5
    for side in (-1, 1):
        for sx in (-w / 2, w / 2):
            m.bar(fr.p(sx, side * 0.45, 0), fr.p(sx, side * 0.05, height), 0.05, col(colour))
    for i in range(1, 6):
        z = height * i / 6
        y = 0.45 - 0.4 * i / 6
        m.bar(fr.p(-w / 2, -y, z), fr.p(w / 2, -y, z), 0.08, col(colour))
    m.lbox(fr, 0, 0, height + 0.03, w + 0.06, 0.2, 0.06, col("dark"))
    return m


def toolbox(fr, colour="red"):
    m = Mesh()
    m.lbox(fr, 0, 0, 0.14, 0.56, 0.28, 0.28, col(colour))
    m.lbox(fr, 0, 0, 0.29, 0.57, 0.29, 0.03, col("dark"))
    m.bar(fr.p(-0.15, 0, 0.31), fr.p(0.15, 0, 0.31), 0.04, col("black"))
    m.lbox(fr, 0, -0.145, 0.2, 0.1, 0.02, 0.05, col("steel"))
    return m


def drill(fr, colour="yellow"):
    m = Mesh()
    m.lbox(fr, 0, 0.02, 0.16, 0.08, 0.26, 0.08, col(colour))
    m.lbox(fr, 0, 0.16, 0.16, 0.04, 0.06, 0.04, col("dark"))
    m.lbox(fr, 0, -0.06, 0.08, 0.07, 0.07, 0.14, col("dark"))
    m.lbox(fr, 0, -0.06, 0.025, 0.1, 0.13, 0.05, col("black"))
    return m


def hammer(fr, colour="blue"):
    m = Mesh()
    m.lbox(fr, 0, 0, 0.02, 0.04, 0.34, 0.035, col(colour))
    m.lbox(fr, 0, 0.17, 0.03, 0.16, 0.05, 0.05, col("steel"))
    return m


def scaffold(fr, bays=2, lifts=2, bay=2.0, depth=1.2, lift=2.0, boards_at=None, colour="steel"):
    m = Mesh()
    xs = [-(bays * bay) / 2 + i * bay for i in range(bays + 1)]
    ys = [-depth / 2, depth / 2]
    H = lifts * lift + 1.0
    for x in xs:
        for y in ys:
            m.bar(fr.p(x, y, 0), fr.p(x, y, H), 0.05, col(colour))
            m.lbox(fr, x, y, 0.02, 0.15, 0.15, 0.04, col("wood"))
    for k in range(1, lifts + 1):
        z = k * lift
        for y in ys:
            m.bar(fr.p(xs[0], y, z), fr.p(xs[-1], y, z), 0.05, col(colour))
            m.bar(fr.p(xs[0], y, z + 0.5), fr.p(xs[-1], y, z + 0.5), 0.04, col("yellow"))  # handrail
        for x in xs:
            m.bar(fr.p(x, ys[0], z), fr.p(x, ys[1], z), 0.05, col(colour))
        for j in range(bays):
            m.lbox(fr, (xs[j] + xs[j + 1]) / 2, 0, z + 0.04, bay - 0.06, depth - 0.05, 0.05, col("wood"))
            m.lbox(fr, (xs[j] + xs[j + 1]) / 2, -depth / 2, z + 0.13, bay - 0.06, 0.03, 0.15, col("wood"))
    # diagonal braces
    for j in range(bays):
        m.bar(fr.p(xs[j], ys[0], 0.1), fr.p(xs[j + 1], ys[0], lift), 0.04, col(colour))
    return m


def tower_scaffold(fr, colour="blue"):
    m = Mesh()
    w, d, H = 1.35, 2.0, 3.4
    for x in (-w / 2, w / 2):
        for y in (-d / 2, d / 2):
            m.bar(fr.p(x, y, 0.15), fr.p(x, y, H), 0.05, col(colour))
            m.frustum(fr.p(x, y, 0.0), 0.07, 0.07, 0.15, col("black"), n=6)
    for z in (0.5, 1.0, 1.5, 2.0, 2.5, 3.0):
        for y in (-d / 2, d / 2):
            m.bar(fr.p(-w / 2, y, z), fr.p(w / 2, y, z), 0.035, col("steel"))
    for x in (-w / 2, w / 2):
        m.bar(fr.p(x, -d / 2, 0.4), fr.p(x, d / 2, 1.8), 0.035, col("steel"))
        m.bar(fr.p(x, -d / 2, 1.8), fr.p(x, d / 2, 3.2), 0.035, col("steel"))
    m.lbox(fr, 0, 0, 2.4, w - 0.05, d - 0.05, 0.06, col("wood"))
    m.lbox(fr, 0, -d / 2, 2.52, w - 0.05, 0.03, 0.16, col("orange"))
    return m


def wheelbarrow(fr, colour="green"):
    m = Mesh()
    c = col(colour)
    m.frustum(fr.p(0, 0.05, 0.38), 0.28, 0.42, 0.28, c, n=8, top_colour=(60, 60, 60))
    m.frustum(fr.p(0, 0.62, 0.18), 0.18, 0.18, 0.08, col("black"), n=10, axis=fr.ex)
    for sx in (-0.22, 0.22):
        m.bar(fr.p(sx, -0.75, 0.55), fr.p(sx * 0.4, 0.6, 0.22), 0.04, col("dark"))
        m.bar(fr.p(sx, -0.25, 0.0), fr.p(sx, -0.25, 0.4), 0.035, col("dark"))
    return m


def cone(fr, colour="orange"):
    m = Mesh()
    m.lbox(fr, 0, 0, 0.015, 0.36, 0.36, 0.03, col("black"))
    m.frustum(fr.p(0, 0, 0.03), 0.15, 0.105, 0.25, col(colour), n=10, cap=False)
    m.frustum(fr.p(0, 0, 0.28), 0.105, 0.085, 0.12, col("white"), n=10, cap=False)
    m.frustum(fr.p(0, 0, 0.40), 0.085, 0.03, 0.32, col(colour), n=10)
    return m


def pallet(fr, load="blocks"):
    m = Mesh()
    m.lbox(fr, 0, 0, 0.07, 1.2, 1.0, 0.14, col("wood"), faces={"bottom": None})
    for y in (-0.42, 0.0, 0.42):
        m.lbox(fr, 0, y, 0.07, 1.21, 0.1, 0.145, (60, 110, 150))
    if load == "blocks":
        for k in range(4):
            for i in range(2):
                m.lbox(fr, -0.3 + 0.6 * i, 0, 0.25 + k * 0.22, 0.58, 0.98, 0.21,
                       col("block") if (i + k) % 2 == 0 else (150, 152, 156))
        m.lbox(fr, 0, 0, 1.03, 1.21, 1.01, 0.02, (200, 230, 240))  # strap / wrap
    elif load == "plasterboard":
        for k in range(6):
            m.lbox(fr, 0, 0, 0.17 + k * 0.07, 1.18, 0.98, 0.065, (225, 228, 226) if k % 2 else (205, 212, 214))
    elif load == "pipes":
        for k in range(3):
            for i in range(4):
                m.frustum(fr.p(-0.6, -0.36 + 0.24 * i, 0.26 + 0.22 * k), 0.1, 0.1, 1.2, (40, 130, 200), n=8,
                          axis=fr.ex)
    elif load == "bags":
        for k in range(3):
            for i in range(2):
                m.lbox(fr, -0.28 + 0.56 * i, 0, 0.22 + k * 0.15, 0.54, 0.9, 0.14, (200, 200, 205))
                m.lbox(fr, -0.28 + 0.56 * i, -0.451, 0.22 + k * 0.15, 0.3, 0.005, 0.08, (40, 40, 200))
    return m


def brick_wall(fr, bricks, per_course, block=(0.44, 0.10, 0.215), joint=0.01, footing=True):
    """Blockwork wall along local x: `bricks` laid, `per_course` per course."""
    m = Mesh()
    bl, bd, bh = block
    L = per_course * (bl + joint)
    if footing:
        m.lbox(fr, 0, 0, -0.02, L + 0.4, 0.45, 0.08, col("concrete"))
        # corner profiles and a string line
        for x in (-L / 2 - 0.15, L / 2 + 0.15):
            m.bar(fr.p(x, -0.12, 0), fr.p(x, -0.12, 1.4), 0.05, col("wood"))
        m.bar(fr.p(-L / 2 - 0.15, -0.12, 0.02 + (bricks // per_course + 1) * (bh + joint)),
              fr.p(L / 2 + 0.15, -0.12, 0.02 + (bricks // per_course + 1) * (bh + joint)), 0.01, col("pink"))
    for b in range(bricks):
        course, i = divmod(b, per_course)
        off = (bl / 2) * (course % 2)
        x = -L / 2 + (bl + joint) * i + bl / 2 + off
        if x + bl / 2 > L / 2 + 0.01:
            x -= L
        z = 0.02 + course * (bh + joint) + bh / 2
        shade = 0.92 + 0.08 * ((b * 7919) % 13) / 13.0
        c = tuple(v * shade for v in col("block"))
        m.lbox(fr, x, 0, z, bl, bd, bh, c)
        m.lbox(fr, x, -bd / 2 - 0.002, z - bh / 2 - joint / 2 + 0.001, bl, 0.004, joint, col("mortar"))
    return m


def excavation(fr, length, width, depth):
    """A pit: its rim (identity only: the background ray caster draws the
    hole) and its four walls as occluders (they hide a person's legs)."""
    m = Mesh()
    L, Wd = length / 2, width / 2
    m.quad(fr.p(-L, -Wd, 0.0), fr.p(L, -Wd, 0.0), fr.p(L, Wd, 0.0), fr.p(-L, Wd, 0.0), (0, 0, 0), kind=IDONLY)
    z0, z1 = 0.0, -depth
    # walls with inward normals: a wall seen from its back is ground in front
    m.quad(fr.p(-L, -Wd, z0), fr.p(L, -Wd, z0), fr.p(L, -Wd, z1), fr.p(-L, -Wd, z1), (0, 0, 0), kind=OCCLUDER,
           normal=fr.ey)
    m.quad(fr.p(-L, Wd, z0), fr.p(L, Wd, z0), fr.p(L, Wd, z1), fr.p(-L, Wd, z1), (0, 0, 0), kind=OCCLUDER,
           normal=-fr.ey)
    m.quad(fr.p(-L, -Wd, z0), fr.p(-L, Wd, z0), fr.p(-L, Wd, z1), fr.p(-L, -Wd, z1), (0, 0, 0), kind=OCCLUDER,
           normal=fr.ex)
    m.quad(fr.p(L, -Wd, z0), fr.p(L, Wd, z0), fr.p(L, Wd, z1), fr.p(L, -Wd, z1), (0, 0, 0), kind=OCCLUDER,
           normal=-fr.ex)
    return m


def spoil_heap(fr):
    m = Mesh()
    m.frustum(fr.p(0, 0, 0), 1.3, 0.4, 0.7, col("brown"), n=9, top_colour=(50, 80, 115))
    return m


def suspended_load(fr, base_z, hook_z=14.0):
    """A skip of materials hanging on four slings from a crane hook."""
    m = Mesh()
    m.lbox(fr, 0, 0, base_z + 0.35, 1.6, 1.1, 0.7, (30, 160, 220), faces={"top": (60, 60, 60)})
    m.lbox(fr, 0, 0, base_z + 0.72, 1.4, 0.9, 0.06, (50, 50, 50))
    hook = fr.p(0, 0, base_z + 2.0)
    for sx in (-0.75, 0.75):
        for sy in (-0.5, 0.5):
            m.bar(fr.p(sx, sy, base_z + 0.7), hook, 0.025, (20, 20, 20))
    m.lbox(fr, 0, 0, base_z + 2.05, 0.25, 0.25, 0.22, col("yellow"))
    return m


def crane_cable(fr, base_z, hook_z=14.0):
    """The hoist rope above a suspended load's hook (not part of the load)."""
    m = Mesh()
    m.bar(fr.p(0, 0, base_z + 2.15), fr.p(0, 0, hook_z), 0.03, (25, 25, 25))
    return m


# ----------------------------------------------------------------------
# things outside the vocabulary

def cement_mixer(fr):
    m = Mesh()
    m.lbox(fr, 0, 0, 0.35, 0.6, 0.9, 0.08, col("dark"))
    for sx in (-0.28, 0.28):
        m.bar(fr.p(sx, -0.35, 0), fr.p(sx, 0.0, 0.8), 0.05, col("dark"))
    m.frustum(fr.p(0, -0.1, 0.75), 0.42, 0.22, 0.55, col("orange"), n=10, axis=(fr.ey * 0.6 + fr.ez * 0.8),
              top_colour=(20, 20, 20))
    m.frustum(fr.p(0, 0.35, 0.18), 0.18, 0.18, 0.08, col("black"), n=8, axis=fr.ex)
    return m


def generator(fr):
    m = Mesh()
    m.lbox(fr, 0, 0, 0.5, 1.6, 0.85, 0.9, col("yellow"), faces={"top": (40, 190, 215)})
    m.lbox(fr, 0.5, -0.43, 0.6, 0.4, 0.02, 0.35, col("dark"))
    m.lbox(fr, 0, 0, 0.03, 1.7, 0.9, 0.06, col("dark"))
    m.bar(fr.p(-0.6, 0.2, 0.95), fr.p(-0.6, 0.2, 1.35), 0.08, col("black"))
    return m


def portaloo(fr, colour="blue"):
    m = Mesh()
    m.lbox(fr, 0, 0, 1.15, 1.1, 1.1, 2.3, col(colour), faces={"top": (235, 235, 235)})
    m.lbox(fr, 0, -0.56, 1.1, 0.8, 0.02, 2.0, tuple(c * 0.85 for c in col(colour)))
    m.lbox(fr, 0.25, -0.58, 1.2, 0.2, 0.02, 0.08, col("red"))
    return m


def cabin(fr, colour=(80, 120, 60), length=6.0):
    m = Mesh()
    m.lbox(fr, 0, 0, 1.3, length, 2.4, 2.6, colour, faces={"top": (120, 120, 120)})
    for x in (-1.8, 0.0, 1.8):
        m.lbox(fr, x, -1.21, 1.6, 1.0, 0.02, 0.8, (150, 110, 70))
    m.lbox(fr, length / 2 - 0.8, -1.21, 1.0, 0.9, 0.02, 2.0, (50, 50, 60))
    return m


def rebar_bundle(fr):
    m = Mesh()
    for i in range(6):
        for k in range(2):
            m.bar(fr.p(-2.0, -0.15 + 0.06 * i, 0.12 + 0.06 * k), fr.p(2.0, -0.15 + 0.06 * i, 0.12 + 0.06 * k),
                  0.03, (40, 70, 120))
    for x in (-1.4, 0.0, 1.4):
        m.lbox(fr, x, 0, 0.05, 0.1, 0.6, 0.1, col("wood"))
    return m


def ibc_tank(fr):
    m = Mesh()
    m.lbox(fr, 0, 0, 0.08, 1.2, 1.0, 0.16, col("dark"))
    m.lbox(fr, 0, 0, 0.65, 1.1, 0.95, 1.0, (215, 220, 225))
    for x in (-0.55, 0.0, 0.55):
        m.bar(fr.p(x, -0.49, 0.16), fr.p(x, -0.49, 1.16), 0.03, col("steel"))
    return m


def sign(fr, colour="yellow"):
    m = Mesh()
    m.bar(fr.p(0, 0, 0), fr.p(0, 0, 1.0), 0.04, col("dark"))
    m.lbox(fr, 0, 0, 1.25, 0.6, 0.03, 0.5, col(colour))
    m.lbox(fr, 0, -0.02, 1.25, 0.3, 0.01, 0.25, col("black"))
    return m


def fence(fr, panels=4, colour="steel"):
    m = Mesh()
    pw = 3.4
    L = panels * pw
    for i in range(panels + 1):
        x = -L / 2 + i * pw
        m.lbox(fr, x, 0, 0.07, 0.2, 0.6, 0.14, (60, 60, 60))
        m.bar(fr.p(x, 0, 0.1), fr.p(x, 0, 2.0), 0.04, col(colour))
    for z in (0.15, 1.95):
        m.bar(fr.p(-L / 2, 0, z), fr.p(L / 2, 0, z), 0.04, col(colour))
    for i in range(int(L / 0.25)):
        x = -L / 2 + i * 0.25
        m.quad(fr.p(x, 0, 0.15), fr.p(x + 0.02, 0, 0.15), fr.p(x + 0.02, 0, 1.95), fr.p(x, 0, 1.95), col(colour),
               kind=TWOSIDED)
    return m


def column(fr, height=3.2):
    m = Mesh()
    m.lbox(fr, 0, 0, height / 2, 0.4, 0.4, height, (165, 168, 172))
    m.lbox(fr, 0, -0.201, 1.4, 0.3, 0.005, 0.12, (40, 40, 190))
    return m


def cable_drum(fr):
    m = Mesh()
    m.frustum(fr.p(-0.3, 0, 0.45), 0.45, 0.45, 0.6, col("wood"), n=12, axis=fr.ex)
    m.frustum(fr.p(-0.25, 0, 0.45), 0.3, 0.3, 0.5, col("black"), n=10, axis=fr.ex)
    return m


def cement_bags(fr):
    return pallet(fr, "bags")


BUILDERS = {
    "ladder": ladder, "stepladder": stepladder, "toolbox": toolbox, "drill": drill, "hammer": hammer,
    "scaffold": scaffold, "tower_scaffold": tower_scaffold, "wheelbarrow": wheelbarrow, "cone": cone,
    "pallet": pallet, "cement_mixer": cement_mixer, "generator": generator, "portaloo": portaloo,
    "cabin": cabin, "rebar": rebar_bundle, "ibc": ibc_tank, "sign": sign, "fence": fence,
    "spoil": spoil_heap, "bags": cement_bags, "column": column, "cable_drum": cable_drum,
}
