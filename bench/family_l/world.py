"""Scripted 3-D world: wearer (eye position + yaw), lens, entities with timelines.

Coordinates: metres, x = right of the wearer's heading at t=0, y = forward at t=0, z = up.
Bearing of a point = atan2(dx, dy) in degrees (0 = initial heading, + = right), the contract's
convention. Yaw (heading) is unwrapped, + = turning right.
"""
import math
from dataclasses import dataclass, field

import numpy as np

COLOURS = {  # BGR
    "orange": (0, 130, 255), "yellow": (0, 225, 250), "green": (50, 190, 60),
    "blue": (190, 90, 30), "white": (235, 235, 235), "red": (40, 40, 205),
    "none": (105, 105, 115), "grey": (150, 150, 150), "black": (30, 30, 30),
}


def ease(u):
    return 0.5 - 0.5 * math.cos(math.pi * min(1.0, max(0.0, u)))


def interp_keys(keys, t, smooth=False):
    """keys: [(t, v...)] sorted; piecewise linear (or cosine-eased) interpolation, clamped."""
    if t <= keys[0][0]:
        return keys[0][1:]
    if t >= keys[-1][0]:
        return keys[-1][1:]
    for a, b in zip(keys, keys[1:]):
        if a[0] <= t <= b[0]:
            u = (t - a[0]) / max(1e-9, b[0] - a[0])
            if smooth:
                u = ease(u)
            return tuple(x + (y - x) * u for x, y in zip(a[1:], b[1:]))
    return keys[-1][1:]


def in_intervals(iv, t):
    return any(a <= t < b for a, b in iv)


@dataclass
class Lens:
    width: int
    height: int
    hfov_deg: float
    projection: str  # pinhole | fisheye
    pitch_deg: float = -12.0

    @property
    def f(self):
        h = math.radians(self.hfov_deg) / 2
        return (self.width / 2) / (math.tan(h) if self.projection == "pinhole" else h)

    def project_cam(self, X, Y, Z):
        """camera coords (X right, Y down, Z forward) arrays -> u, v, ok."""
        X, Y, Z = np.asarray(X, float), np.asarray(Y, float), np.asarray(Z, float)
        rr = np.hypot(X, Y)
        theta = np.arctan2(rr, Z)
        phi = np.arctan2(Y, X)
        if self.projection == "pinhole":
            ok = Z > 0.08
            r = self.f * np.tan(np.minimum(theta, 1.45))
        else:
            ok = theta < math.radians(100)
            r = self.f * theta
        return self.width / 2 + r * np.cos(phi), self.height / 2 + r * np.sin(phi), ok


@dataclass
class Wearer:
    yaw_keys: list          # [(t, yaw_deg)] cosine-eased between keys
    pos_keys: list          # [(t, x, y)] linear
    eye_h: float = 1.7

    def yaw(self, t):
        return interp_keys(self.yaw_keys, t, smooth=True)[0]

    def pos(self, t):
        x, y = interp_keys(self.pos_keys, t)
        return x, y

    def walking(self, t, eps=0.02):
        a, b = self.pos(t - 0.2), self.pos(t + 0.2)
        return math.hypot(a[0] - b[0], a[1] - b[1]) > eps


def to_cam(lens, wearer, t, P):
    """world points (N,3) -> camera coords X, Y, Z."""
    yaw = math.radians(wearer.yaw(t))
    wx, wy = wearer.pos(t)
    d = np.asarray(P, float) - np.array([wx, wy, wearer.eye_h])
    fx, fy = math.sin(yaw), math.cos(yaw)
    rx, ry = math.cos(yaw), -math.sin(yaw)
    df = d[:, 0] * fx + d[:, 1] * fy
    dr = d[:, 0] * rx + d[:, 1] * ry
    du = d[:, 2]
    p = math.radians(lens.pitch_deg)
    Z = math.cos(p) * df + math.sin(p) * du
    Yup = -math.sin(p) * df + math.cos(p) * du
    return dr, -Yup, Z


def bearing(frm, to):
    return math.degrees(math.atan2(to[0] - frm[0], to[1] - frm[1]))


def wrap180(a):
    a = (a + 180.0) % 360.0 - 180.0
    return 180.0 if a == -180.0 else a


SECTORS = ["front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left"]
SECTOR_ANGLE = {"front": 0, "front-right": 45, "right": 90, "behind-right": 135, "behind": 180,
                "behind-left": -135, "left": -90, "front-left": -45}


def sector(rel):
    return SECTORS[int(((rel % 360) + 22.5) // 45) % 8]


def sector_with_alt(rel, alt_margin=6.0):
    """(sector, alt or None, distance to nearest boundary)"""
    s = sector(rel)
    off = wrap180(rel - SECTOR_ANGLE[s])
    dist = 22.5 - abs(off)
    alt = None
    if dist < alt_margin:
        alt = sector(rel + (1 if off > 0 else -1) * 23.0)
    return s, alt, dist


@dataclass
class Entity:
    eid: str
    label: str                       # detector label ("" = not detected by the detector)
    kind: str                        # worker | thing | wall | pit | load
    keys: list                       # [(t, x, y, z)] linear
    size: tuple = (0.5, 0.5, 0.5)
    colour: str = "grey"
    vest: str = "orange"
    hat: str = "white"
    present: list = field(default_factory=lambda: [(-1.0, 1e9)])
    hat_off: list = field(default_factory=list)
    activity: list = field(default_factory=list)   # [(t0, t1, 'active'|'idle'|'walking')]
    held: list = field(default_factory=list)       # [(t0, t1)] carried by the wearer
    held_offset: tuple = (0.25, 0.75, 1.05)        # right, forward, z while carried
    bricks: list = None                            # wall: [(t, nbricks)] linear, floored
    per_course: int = 11
    attrs: dict = field(default_factory=dict)
    desc: str = ""

    def exists(self, t):
        return in_intervals(self.present, t)

    def is_held(self, t):
        return in_intervals(self.held, t)

    def pos(self, t, wearer=None):
        if wearer is not None and self.is_held(t):
            yaw = math.radians(wearer.yaw(t))
            wx, wy = wearer.pos(t)
            r, f, z = self.held_offset
            return (wx + r * math.cos(yaw) + f * math.sin(yaw), wy - r * math.sin(yaw) + f * math.cos(yaw), z)
        return interp_keys(self.keys, t)

    def act(self, t):
        for a, b, s in self.activity:
            if a <= t < b:
                return s
        return "active"

    def hat_on(self, t):
        return not in_intervals(self.hat_off, t)

    def nbricks(self, t):
        if not self.bricks:
            return 0
        return int(math.floor(interp_keys(self.bricks, t)[0] + 1e-6))

    def cuboids(self, t, wearer=None):
        """[(centre(x,y,z), size(w,d,h), bgr)] in world coords at t."""
        x, y, z = self.pos(t, wearer)
        c = COLOURS.get(self.colour, COLOURS["grey"])
        out = []
        add = lambda dx, dy, dz, w, d, h, col: out.append(((x + dx, y + dy, z + dz), (w, d, h), col))
        k = self.kind
        if k == "worker":
            a = self.act(t)
            vest = COLOURS.get(self.vest, COLOURS["none"])
            legs = (60, 55, 45)
            if a == "walking":
                s = 0.12 * math.sin(t * 7.0)
                add(-0.1, s, 0.42, 0.16, 0.2, 0.84, legs)
                add(0.1, -s, 0.42, 0.16, 0.2, 0.84, legs)
            else:
                add(0, 0, 0.42, 0.36, 0.22, 0.84, legs)
            add(0, 0, 1.14, 0.46, 0.28, 0.6, vest)
            if a == "active":
                s = 0.12 * math.sin(t * 5.0)
                add(0.3, -0.15, 1.12 + s, 0.11, 0.3, 0.14, (95, 125, 165))
                add(-0.3, -0.15, 1.12 - s, 0.11, 0.3, 0.14, (95, 125, 165))
            else:
                add(0.29, 0, 1.1, 0.1, 0.12, 0.5, vest)
                add(-0.29, 0, 1.1, 0.1, 0.12, 0.5, vest)
            add(0, 0, 1.56, 0.22, 0.22, 0.24, (120, 150, 190))
            if self.hat_on(t):
                add(0, 0, 1.72, 0.32, 0.34, 0.1, COLOURS.get(self.hat, COLOURS["white"]))
            else:
                add(0, 0, 1.7, 0.23, 0.23, 0.05, (30, 40, 55))  # hair
        elif k == "wall":
            L, D, _ = self.size
            add(0, 0, 0.05, L + 0.3, D + 0.3, 0.1, (170, 170, 165))  # footing
            n = self.nbricks(t)
            full, part = divmod(n, self.per_course)
            if full:
                h = 0.075 * full
                add(0, 0, 0.1 + h / 2, L, D, h, (50, 70, 160))
            if part:
                lp = L * part / self.per_course
                add(-L / 2 + lp / 2, 0, 0.1 + 0.075 * full + 0.0375, lp, D, 0.075, (60, 80, 175))
        elif k == "load":
            w, d, h = self.size
            add(0, 0, h / 2, w, d, h, c)
            add(0, 0, h + 3.0, 0.05, 0.05, 6.0, (40, 40, 40))  # cable
        elif k == "ladder":
            w, d, h = self.size
            add(-w / 2, 0, h / 2, 0.07, 0.08, h, c)
            add(w / 2, 0, h / 2, 0.07, 0.08, h, c)
            for i in range(1, 8):
                add(0, 0, h * i / 8, w, 0.05, 0.04, c)
        elif k == "scaffold":
            w, d, h = self.size
            for sx in (-w / 2, w / 2):
                for sy in (-d / 2, d / 2):
                    add(sx, sy, h / 2, 0.06, 0.06, h, (150, 150, 160))
            for lvl in (h / 2, h):
                add(0, 0, lvl, w, d, 0.05, (60, 120, 170))
                add(0, -d / 2, lvl + 0.5, w, 0.05, 0.05, (150, 150, 160))
        elif k == "cone":
            w, d, h = self.size
            add(0, 0, 0.03, w * 1.2, d * 1.2, 0.06, (20, 20, 20))
            add(0, 0, h * 0.35, w * 0.8, d * 0.8, h * 0.6, c)
            add(0, 0, h * 0.8, w * 0.45, d * 0.45, h * 0.35, (240, 240, 240))
        elif k == "pallet":
            w, d, h = self.size
            add(0, 0, 0.07, w, d, 0.14, (70, 120, 160))
            add(0, 0, 0.14 + h / 2, w * 0.85, d * 0.8, h, (50, 70, 150))
        elif k == "wheelbarrow":
            w, d, h = self.size
            add(0, 0, 0.45, w, d * 0.7, 0.3, c)
            add(0, d * 0.4, 0.2, 0.12, 0.3, 0.4, (30, 30, 30))
            add(0, -d * 0.45, 0.35, w * 0.8, 0.4, 0.05, (60, 60, 60))
        elif k == "excavator":
            w, d, h = self.size
            add(0, 0, 0.4, w, d, 0.8, (40, 40, 40))
            add(0, 0, 1.6, w * 0.9, d * 0.55, 1.6, c)
            add(0, -d * 0.6, 1.4, 0.3, d * 0.7, 0.3, c)
        elif k == "pit":
            pass  # drawn on the ground by the renderer
        else:
            w, d, h = self.size
            add(0, 0, h / 2, w, d, h, c)
        return out

    def pit_corners(self):
        x, y, _ = self.keys[0][1:]
        w, d, dep = self.size
        return [(x - w / 2, y - d / 2), (x + w / 2, y - d / 2), (x + w / 2, y + d / 2), (x - w / 2, y + d / 2)], dep


@dataclass
class Scenario:
    name: str
    site: str
    camera: str
    lens: Lens
    wearer: Wearer
    entities: list
    duration_s: float
    fps: int = 15
    tracker: str = "keeps ids"       # or "new id after gap"
    gap_s: float = 4.0
    ground: dict = field(default_factory=dict)
    pano: dict = field(default_factory=dict)
    seed: int = 0
    zone_margin: float = 1.0
    questions: list = field(default_factory=list)
    alerts_designed: list = field(default_factory=list)
    lookalikes: list = field(default_factory=list)

    def ent(self, eid):
        for e in self.entities:
            if e.eid == eid:
                return e
        raise KeyError(eid)

    @property
    def nframes(self):
        return int(round(self.duration_s * self.fps))

    def times(self):
        return [i / self.fps for i in range(self.nframes)]
