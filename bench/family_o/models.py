"""Entity geometry as boxes in the entity's local frame (x right, y up, z forward).

A box is (centre, half_size, rotation 3x3, colour BGR, flags).  flags: 'inner' (faces seen from
inside, for pits), 'notop' (no top face).
"""
import math
import numpy as np

I3 = np.eye(3)

COLOURS = {
    "orange": (0, 120, 255), "yellow": (20, 225, 235), "green": (40, 200, 90), "pink": (170, 90, 250),
    "blue": (190, 100, 30), "white": (235, 235, 235), "red": (40, 40, 200), "black": (35, 35, 35),
    "grey": (150, 150, 150), "teal": (150, 150, 0), "brown": (50, 90, 140), "silver": (200, 200, 200),
    "navy": (90, 50, 30), "purple": (140, 50, 120),
}


def col(name_or_bgr):
    if isinstance(name_or_bgr, str):
        return COLOURS[name_or_bgr]
    return tuple(int(v) for v in name_or_bgr)


def rot_x(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])


def rot_y(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])


def rot_z(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def box(c, size, colour, R=None, flags=""):
    return (np.asarray(c, float), np.asarray(size, float) / 2.0, I3 if R is None else R, col(colour), flags)


def hinged(pivot, R, centre_rel, size, colour):
    """A box hanging from a pivot, rotated by R about it."""
    c = np.asarray(pivot, float) + R @ np.asarray(centre_rel, float)
    return box(c, size, colour, R)


def split_long(b, max_len=1.0):
    """Split a box along its longest axis into pieces no longer than max_len (fisheye curvature, sorting)."""
    c, h, R, colour, flags = b
    ax = int(np.argmax(h))
    n = int(math.ceil(2 * h[ax] / max_len))
    if n <= 1:
        return [b]
    out = []
    for i in range(n):
        off = np.zeros(3)
        off[ax] = -h[ax] + (2 * i + 1) * h[ax] / n
        hh = h.copy()
        hh[ax] = h[ax] / n
        out.append((c + R @ off, hh, R, colour, flags))
    return out


# ---------------------------------------------------------------- people
def worker(vest, hat_colour, hat_on, activity, phase, skin=(120, 160, 210), trousers=(80, 60, 50),
           shirt=(110, 110, 120), holding_hat=False):
    """A standing worker about 1.78 m tall. activity: active|idle|walking (animation only)."""
    bx = []
    hip = 0.86
    swing = math.sin(phase) * (0.45 if activity == "walking" else 0.0)
    for side in (-1, 1):
        R = rot_x(side * swing)
        bx.append(hinged((side * 0.1, hip, 0), R, (0, -0.41, 0), (0.15, 0.82, 0.17), trousers))
        bx.append(hinged((side * 0.1, hip, 0), R, (0, -0.82, 0.04), (0.15, 0.08, 0.27), (40, 50, 60)))
    vest_c = col(vest) if vest != "none" else shirt
    bx.append(box((0, 1.15, 0), (0.42, 0.6, 0.24), vest_c))
    if vest != "none":
        for y in (1.0, 1.22):
            bx.append(box((0, y, 0), (0.44, 0.05, 0.26), (205, 205, 200)))
    # arms
    shoulder = 1.42
    for side in (-1, 1):
        if activity == "active":
            a = -1.0 + 0.45 * math.sin(phase * 1.7 + side)
            R = rot_x(a)
        elif activity == "walking":
            R = rot_x(-side * swing * 0.8)
        else:  # idle: arms folded-ish / hanging still
            R = rot_x(-0.35) @ rot_z(side * 0.15)
        bx.append(hinged((side * 0.27, shoulder, 0), R, (0, -0.3, 0), (0.11, 0.62, 0.12), shirt))
        bx.append(hinged((side * 0.27, shoulder, 0), R, (0, -0.63, 0), (0.09, 0.1, 0.1), skin))
    if holding_hat:
        R = rot_x(-0.5)
        bx.append(hinged((0.27, shoulder, 0), R, (0, -0.68, 0.06), (0.28, 0.1, 0.3), col(hat_colour)))
    bx.append(box((0, 1.47, 0), (0.12, 0.08, 0.12), skin))  # neck
    bx.append(box((0, 1.6, 0.01), (0.2, 0.22, 0.22), skin))  # head
    bx.append(box((0, 1.63, -0.02), (0.21, 0.12, 0.2), (40, 50, 60)))  # hair / back of head
    if hat_on:
        hc = col(hat_colour)
        bx.append(box((0, 1.755, 0.0), (0.27, 0.1, 0.3), hc))
        bx.append(box((0, 1.705, 0.05), (0.3, 0.025, 0.38), hc))
    return bx


# ---------------------------------------------------------------- things
def ladder(colour="yellow", height=3.4, lean=0.9):
    a = math.atan2(lean, height)
    R = rot_x(a)
    L = math.hypot(lean, height)
    bx = []
    for side in (-0.22, 0.22):
        bx += split_long(hinged((side, 0, 0), R, (0, L / 2, 0), (0.06, L, 0.07), colour), 1.0)
    n = int(L / 0.3)
    for k in range(1, n):
        bx.append(hinged((0, 0, 0), R, (0, k * 0.3, 0), (0.44, 0.035, 0.035), (170, 170, 170)))
    return bx


def stepladder(colour="yellow", height=1.8):
    bx = []
    for sgn in (-1, 1):
        R = rot_x(sgn * 0.2)
        for side in (-0.25, 0.25):
            bx.append(hinged((side, height, 0), R, (0, -height / 2, 0), (0.05, height, 0.06), colour))
        if sgn < 0:
            for k in range(1, 6):
                bx.append(hinged((0, height, 0), R, (0, -k * 0.3, 0), (0.5, 0.03, 0.1), (170, 170, 170)))
    return bx


def toolbox(colour="red"):
    c = col(colour)
    return [box((0, 0.13, 0), (0.55, 0.26, 0.28), c),
            box((0, 0.27, 0), (0.4, 0.03, 0.04), (40, 40, 40)),
            box((0, 0.2, 0.142), (0.1, 0.05, 0.01), (180, 180, 180))]


def drill(colour="yellow"):
    c = col(colour)
    return [box((0, 0.2, 0), (0.07, 0.08, 0.22), c),
            box((0, 0.2, 0.14), (0.025, 0.025, 0.07), (60, 60, 60)),
            box((0, 0.1, -0.05), (0.05, 0.14, 0.05), (40, 40, 40)),
            box((0, 0.03, -0.05), (0.08, 0.06, 0.11), c)]


def hammer(colour="blue"):
    return [box((0, 0.02, 0), (0.035, 0.03, 0.34), (80, 140, 190) if colour != "blue" else col("blue")),
            box((0, 0.03, 0.16), (0.12, 0.04, 0.04), (60, 60, 60))]


def cone(colour="orange"):
    c = col(colour)
    return [box((0, 0.02, 0), (0.38, 0.04, 0.38), (30, 30, 30)),
            box((0, 0.14, 0), (0.26, 0.2, 0.26), c),
            box((0, 0.3, 0), (0.19, 0.12, 0.19), (235, 235, 235)),
            box((0, 0.43, 0), (0.13, 0.14, 0.13), c),
            box((0, 0.53, 0), (0.07, 0.06, 0.07), c)]


def pallet(load=None):
    bx = [box((0, 0.07, 0), (1.2, 0.14, 1.0), (70, 120, 170))]
    if load == "bricks":
        bx.append(box((0, 0.5, 0), (1.0, 0.72, 0.86), (60, 80, 170)))
        bx.append(box((0, 0.87, 0), (1.02, 0.02, 0.88), (200, 200, 200)))
    elif load == "blocks":
        bx.append(box((0, 0.45, 0), (1.0, 0.62, 0.86), (165, 168, 170)))
    elif load == "bags":
        for k in range(3):
            bx.append(box((0, 0.22 + 0.16 * k, 0), (1.0, 0.15, 0.85), (70, 150, 200) if k % 2 else (50, 120, 180)))
    return bx


def wheelbarrow(colour="green"):
    c = col(colour)
    return [box((0, 0.52, 0.05), (0.62, 0.26, 0.8), c),
            box((0, 0.38, 0.05), (0.46, 0.06, 0.6), c),
            box((0, 0.2, 0.6), (0.08, 0.38, 0.38), (30, 30, 30)),
            box((-0.22, 0.45, -0.45), (0.04, 0.04, 0.9), (60, 60, 60)),
            box((0.22, 0.45, -0.45), (0.04, 0.04, 0.9), (60, 60, 60)),
            box((-0.2, 0.2, -0.3), (0.04, 0.4, 0.04), (60, 60, 60)),
            box((0.2, 0.2, -0.3), (0.04, 0.4, 0.04), (60, 60, 60))]


def scaffold(bays=2, lifts=2, bay=1.8, depth=1.2, lift=2.0):
    tube, board = (175, 175, 170), (100, 160, 205)
    bx = []
    W = bays * bay
    xs = [-W / 2 + k * bay for k in range(bays + 1)]
    H = lifts * lift + 1.0
    for x in xs:
        for z in (-depth / 2, depth / 2):
            bx += split_long(box((x, H / 2, z), (0.05, H, 0.05), tube), 1.0)
    for l in range(1, lifts + 1):
        y = l * lift
        for z in (-depth / 2, depth / 2):
            bx += split_long(box((0, y, z), (W, 0.05, 0.05), tube), 1.0)
            bx += split_long(box((0, y + 1.0, z), (W, 0.05, 0.05), tube), 1.0)
        for x in xs:
            bx.append(box((x, y, 0), (0.05, 0.05, depth), tube))
        bx += split_long(box((0, y + 0.03, 0), (W, 0.05, depth - 0.1), board), 1.0)
        bx += split_long(box((0, y + 0.12, -depth / 2 + 0.02), (W, 0.15, 0.03), board), 1.0)
    # a brace
    bx.append(box((0, lift / 2, depth / 2), (0.05, 2.6, 0.05), tube, rot_z(math.atan2(bay, lift))))
    return bx


def brick_wall(bricks, per_course, base_len):
    bx = [box((0, 0.15, 0), (base_len + 0.1, 0.3, 0.3), (150, 155, 158))]
    bl, bh, bw = 0.225, 0.075, 0.1
    for k in range(int(bricks)):
        course, i = divmod(k, per_course)
        off = 0.0 if course % 2 == 0 else bl / 2
        x = -base_len / 2 + off + (i + 0.5) * bl
        y = 0.3 + course * bh + bh / 2
        shade = ((k * 37) % 11) - 5
        bx.append(box((x, y, 0), (bl - 0.012, bh - 0.012, bw), (60 + shade, 75 + shade, 165 + 2 * shade)))
    if bricks > 0:  # a mortar board beside the wall
        pass
    return bx


def excavation(length, width, depth):
    """Pit interior (seen from above through its opening), local origin at the rim centre."""
    soil = (60, 85, 110)
    bx = [box((0, -depth / 2, 0), (length, depth, width), soil, flags="inner notop")]
    out = []
    for b in bx:
        out += split_long(b, 1.0)
    return out


def rim(length, width):
    """The opening's outline at ground level, for the mask."""
    return [(-length / 2, 0, -width / 2), (length / 2, 0, -width / 2), (length / 2, 0, width / 2),
            (-length / 2, 0, width / 2)]


def cable(cable_top=26.0):
    """The crane's hoist rope above a load's hook (drawn, never detected)."""
    return split_long(box((0, 1.9 + (cable_top - 1.9) / 2, 0), (0.04, cable_top - 1.9, 0.04), (40, 40, 40)), 3.0)


def suspended_load(length=3.0):
    steel = (50, 60, 120)
    bx = []
    for k in range(3):
        bx.append(box((0, 0.12 + k * 0.0, (k - 1) * 0.16), (length, 0.24, 0.13), steel))
    bx.append(box((0, 0.27, 0), (length * 0.95, 0.06, 0.5), (40, 50, 100)))
    # slings to the hook
    for sx in (-0.9, 0.9):
        a = math.atan2(-sx, 1.4)
        bx.append(hinged((sx, 0.3, 0), rot_z(a), (0, 0.85, 0), (0.03, 1.7, 0.03), (30, 140, 220)))
    bx.append(box((0, 1.75, 0), (0.18, 0.3, 0.12), (20, 200, 240)))  # hook block
    return bx


def skip(colour="yellow"):
    c = col(colour)
    return [box((0, 0.6, 0), (3.4, 1.2, 1.7), c, flags="notop"),
            box((0, 1.15, 0), (3.2, 0.05, 1.5), (60, 70, 80)),
            box((0, 1.25, 0.3), (1.0, 0.25, 0.6), (90, 110, 130))]


def generator(colour="green"):
    c = col(colour)
    return [box((0, 0.55, 0), (1.5, 1.0, 0.85), c),
            box((0, 0.05, 0), (1.6, 0.1, 0.95), (40, 40, 40)),
            box((0.45, 0.6, 0.43), (0.4, 0.35, 0.02), (50, 50, 50))]


def portable_toilet(colour="blue"):
    c = col(colour)
    return [box((0, 1.15, 0), (1.1, 2.3, 1.1), c), box((0, 2.35, 0), (1.15, 0.1, 1.15), (230, 230, 230)),
            box((0.0, 1.0, 0.555), (0.7, 1.8, 0.01), (min(255, c[0] + 30), min(255, c[1] + 30), min(255, c[2] + 30)))]


def cement_mixer(colour="orange"):
    c = col(colour)
    bx = [box((0, 0.35, 0), (0.9, 0.08, 0.6), (60, 60, 60)),
          box((0, 0.2, 0), (0.06, 0.4, 0.06), (60, 60, 60)),
          box((-0.4, 0.18, 0.3), (0.06, 0.36, 0.25), (30, 30, 30)),
          box((-0.4, 0.18, -0.3), (0.06, 0.36, 0.25), (30, 30, 30))]
    tilt = rot_x(-0.5)
    for a in (0.0, math.pi / 4):
        R = tilt @ rot_z(a)
        bx.append(box((0, 0.85, 0), (0.62, 0.62, 0.7), c, R))
    bx.append(box((0, 1.12, 0.33), (0.4, 0.4, 0.2), c, tilt))
    return bx


def spoil_heap(w=2.4, d=1.6, h=0.9):
    soil = (55, 80, 105)
    return [box((0, h * 0.25, 0), (w, h * 0.5, d), soil), box((0, h * 0.65, 0), (w * 0.7, h * 0.35, d * 0.7), soil),
            box((0, h * 0.9, 0), (w * 0.35, h * 0.2, d * 0.35), (50, 75, 100))]


def ibc_tank():
    return [box((0, 0.6, 0), (1.2, 1.0, 1.0), (220, 225, 225)), box((0, 0.05, 0), (1.2, 0.1, 1.0), (50, 50, 50)),
            box((0, 1.12, 0), (1.22, 0.04, 1.02), (120, 120, 120))]


def timber_stack(length=3.0):
    bx = []
    for k in range(4):
        bx.append(box((0, 0.06 + 0.1 * k, 0), (length, 0.09, 0.9 - 0.1 * (k % 2)), (90, 150, 200)))
    return bx


def barrier(colour="red", length=2.0):
    c = col(colour)
    return [box((0, 0.5, 0), (length, 0.12, 0.05), c), box((0, 0.75, 0), (length, 0.12, 0.05), (235, 235, 235)),
            box((-length / 2, 0.45, 0), (0.06, 0.9, 0.06), (60, 60, 60)),
            box((length / 2, 0.45, 0), (0.06, 0.9, 0.06), (60, 60, 60)),
            box((-length / 2, 0.03, 0), (0.1, 0.06, 0.6), (30, 30, 30)),
            box((length / 2, 0.03, 0), (0.1, 0.06, 0.6), (30, 30, 30))]


def rebar_bundle(length=4.0):
    return [box((0, 0.3, 0), (length, 0.45, 0.6), (40, 60, 95)), box((-1.0, 0.05, 0), (0.12, 0.1, 0.7), (90, 150, 200)),
            box((1.0, 0.05, 0), (0.12, 0.1, 0.7), (90, 150, 200))]
