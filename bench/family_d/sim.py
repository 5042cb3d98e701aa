"""Scenario model: wearer head motion, entities with timelines, per-frame geometry and
observations (what the camera could see)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .camera import Lens, bearing, rotation

FPS = 15


# ----------------------------------------------------------------------------- timelines

class Steps:
    """A step function of time: value `init` until the first change."""

    def __init__(self, init, changes=()):
        self.init = init
        self.changes = sorted(changes, key=lambda c: c[0])

    def at(self, t):
        v = self.init
        for (tc, val) in self.changes:
            if tc <= t + 1e-9:
                v = val
            else:
                break
        return v

    def spells(self, value, t_end):
        """[(start, end)] where the function equals value, clipped to [0, t_end]."""
        out, cur = [], None
        pts = [(0.0, self.init)] + [(t, v) for t, v in self.changes if t <= t_end]
        for t, v in pts:
            if v == value and cur is None:
                cur = t
            elif v != value and cur is not None:
                if t > cur:
                    out.append((cur, t))
                cur = None
        if cur is not None and t_end > cur:
            out.append((cur, t_end))
        return out


class Path:
    """Piecewise-linear (t, x, z[, y]) keyframes, clamped at both ends."""

    def __init__(self, keys):
        k = [tuple(float(v) for v in key) + ((0.0,) if len(key) == 3 else ()) for key in keys]
        k.sort(key=lambda r: r[0])
        self.k = np.array(k)

    def at(self, t):
        T = self.k[:, 0]
        x = np.interp(t, T, self.k[:, 1])
        z = np.interp(t, T, self.k[:, 2])
        y = np.interp(t, T, self.k[:, 3])
        return np.array([x, y, z])

    def speed(self, t, dt=0.2):
        a, b = self.at(t - dt), self.at(t + dt)
        return float(np.hypot(b[0] - a[0], b[2] - a[2]) / (2 * dt))


class Walker:
    """Builds a Path by waiting and walking at a given pace."""

    def __init__(self, x, z, t=0.0, y=0.0):
        self.keys = [(t, x, z, y)]

    @property
    def t(self):
        return self.keys[-1][0]

    @property
    def pos(self):
        return self.keys[-1][1], self.keys[-1][2]

    def wait_until(self, t):
        if t > self.t:
            k = self.keys[-1]
            self.keys.append((t, k[1], k[2], k[3]))
        return self

    def walk_to(self, x, z, speed=1.3, y=None):
        k = self.keys[-1]
        d = math.hypot(x - k[1], z - k[2])
        dt = max(d / speed, 0.2)
        self.keys.append((k[0] + dt, x, z, k[3] if y is None else y))
        return self

    def move_to(self, x, z, dur, y=None):
        k = self.keys[-1]
        self.keys.append((k[0] + dur, x, z, k[3] if y is None else y))
        return self

    def path(self):
        return Path(self.keys)


class Eased:
    """Keyframes (t, value) with cosine easing between them."""

    def __init__(self, keys):
        self.k = sorted([(float(a), float(b)) for a, b in keys])

    def at(self, t):
        k = self.k
        if t <= k[0][0]:
            return k[0][1]
        for (t0, v0), (t1, v1) in zip(k[:-1], k[1:]):
            if t <= t1:
                s = (t - t0) / (t1 - t0) if t1 > t0 else 1.0
                return v0 + (v1 - v0) * (0.5 - 0.5 * math.cos(math.pi * s))
        return k[-1][1]


class Head:
    """Scripted head yaw: hold / pan / turn / glance segments."""

    def __init__(self, yaw0=0.0):
        self.keys = [(0.0, yaw0)]

    @property
    def t(self):
        return self.keys[-1][0]

    @property
    def yaw(self):
        return self.keys[-1][1]

    def hold(self, dur):
        self.keys.append((self.t + dur, self.yaw))
        return self

    def hold_until(self, t):
        if t > self.t:
            self.keys.append((t, self.yaw))
        return self

    def pan(self, delta, dur):
        self.keys.append((self.t + dur, self.yaw + delta))
        return self

    def to(self, yaw, dur):
        self.keys.append((self.t + dur, yaw))
        return self

    def glance(self, delta, out=0.8, stay=0.6, back=0.8):
        y = self.yaw
        self.keys.append((self.t + out, y + delta))
        self.keys.append((self.t + stay, y + delta))
        self.keys.append((self.t + back, y))
        return self


# ----------------------------------------------------------------------------- the world's actors

@dataclass
class Entity:
    eid: str
    label: str
    kind: str
    path: Path
    present: Steps = None
    attrs: dict = field(default_factory=dict)
    look: dict = None
    activity: Steps = None      # workers: 'active' / 'idle' (walking derived from motion)
    hardhat: Steps = None       # workers
    holder: Steps = None        # tools: None | 'wearer' | worker eid
    bricks: list = None         # brick_wall: times at which each brick is laid
    per_course: int = 6
    courses_max: int = 6
    wall: tuple = None          # planar: ((xa, za), (xb, zb))
    footprint: tuple = None     # ground region (xa, xb, za, zb)
    plant: bool = False
    name: str = ""              # how the scenario refers to it (for notes)

    def __post_init__(self):
        if self.present is None:
            self.present = Steps(True)

    @property
    def is_worker(self):
        return self.label == "worker"

    def pos(self, t, world=None):
        if self.holder is not None:
            h = self.holder.at(t)
            if h not in (None, "wearer") and world is not None:
                w = world.ent[h].pos(t, world)
                return w + np.array([0.3, 0.75, 0.0])
        return self.path.at(t)

    def held(self, t):
        return self.holder is not None and self.holder.at(t) is not None

    def moving(self, t):
        return self.path.speed(t) > 0.15

    def activity_at(self, t):
        if self.activity is None:
            return None
        if self.path.speed(t) > 0.25:
            return "walking"
        return self.activity.at(t)

    def bricks_at(self, t):
        return sum(1 for b in self.bricks if b <= t + 1e-9)


@dataclass
class Wearer:
    path: Path
    head: Head
    pitch: Eased
    seed: int = 0

    def pose(self, t):
        p = self.path.at(t)
        sp = self.path.speed(t)
        walk = min(1.0, sp / 1.1)
        yaw = self.head.at(t)
        ph = self.seed * 0.37
        yaw += 0.6 * math.sin(2 * math.pi * 0.21 * t) + 0.35 * math.sin(2 * math.pi * 0.53 * t) \
            + 0.2 * math.sin(2 * math.pi * 1.3 * t) + walk * 0.8 * math.sin(math.pi * 1.9 * t)
        pitch = self.pitch.at(t) + 1.1 * math.sin(2 * math.pi * 0.17 * t + ph) + 0.5 * math.sin(2 * math.pi * 0.71 * t + 1.0) \
            + walk * 1.0 * math.sin(2 * math.pi * 1.9 * t)
        roll = 0.9 * math.sin(2 * math.pi * 0.13 * t + 2.0 + ph) + 0.4 * math.sin(2 * math.pi * 0.9 * t) \
            + walk * 1.6 * math.sin(math.pi * 1.9 * t + 0.5)
        y = 1.66 + 0.015 * math.sin(2 * math.pi * 0.3 * t) + walk * 0.035 * abs(math.sin(math.pi * 1.9 * t))
        C = np.array([p[0] + 0.02 * math.sin(2 * math.pi * 0.25 * t), y, p[2] + 0.02 * math.sin(2 * math.pi * 0.19 * t + 1)])
        return C, yaw, pitch, roll


class HeadCache:
    def __init__(self, head: Head):
        self.e = Eased(head.keys)
        self.keys = head.keys

    def at(self, t):
        return self.e.at(t)


# ----------------------------------------------------------------------------- observation

MIN_PX = 6
MIN_FRAC = 0.4


@dataclass
class Scenario:
    name: str
    camera: str
    site: str
    lens: Lens
    duration: float
    wearer: Wearer
    entities: list
    world_factory: object = None     # callable() -> BoxWorld (rendering only)
    low_light: bool = False
    questions: list = field(default_factory=list)
    expected_alerts: list = field(default_factory=list)
    lookalikes: list = field(default_factory=list)
    description: str = ""
    seed: int = 0

    def __post_init__(self):
        self.ent = {e.eid: e for e in self.entities}
        self.wearer.head = HeadCache(self.wearer.head)

    @property
    def n_frames(self):
        return int(round(self.duration * FPS))


class Obs:
    """Per-frame geometry of everything present and whether the camera sees it."""

    def __init__(self, sc: Scenario):
        self.sc = sc
        n = sc.n_frames
        self.n = n
        self.t = np.arange(n) / FPS
        self.C = np.zeros((n, 3))
        self.yaw = np.zeros(n)
        self.pitch = np.zeros(n)
        self.roll = np.zeros(n)
        E = len(sc.entities)
        self.idx = {e.eid: i for i, e in enumerate(sc.entities)}
        self.vis = np.zeros((n, E), bool)
        self.drawn = np.zeros((n, E), bool)
        self.bbox = np.zeros((n, E, 4))
        self.pos = np.zeros((n, E, 3))
        self.brg = np.zeros((n, E))
        self.dist = np.zeros((n, E))
        self.held = np.zeros((n, E), bool)
        self.quad = {}           # (frame, eid) -> 4x2 corners of the full sprite rectangle
        self.flip = np.zeros((n, E), bool)
        self._compute()

    def _compute(self):
        sc = self.sc
        lens = sc.lens
        W, H = lens.W, lens.H
        grid = np.array([[u, v] for v in (0, 0.5, 1) for u in (0, 0.5, 1)])
        last_flip = {}
        for i in range(self.n):
            t = self.t[i]
            C, yaw, pitch, roll = sc.wearer.pose(t)
            R = rotation(yaw, pitch, roll)
            self.C[i], self.yaw[i], self.pitch[i], self.roll[i] = C, yaw, pitch, roll
            cands = []
            for e in sc.entities:
                j = self.idx[e.eid]
                if not e.present.at(t):
                    continue
                hold = e.holder.at(t) if e.holder is not None else None
                if hold == "wearer":
                    self.held[i, j] = True
                    self.pos[i, j] = C
                    self.vis[i, j] = True
                    self.drawn[i, j] = True
                    bx = held_box(W, H, t, pitch, sc.wearer.path.speed(t), e.kind)
                    self.bbox[i, j] = bx
                    self.dist[i, j] = 0.4
                    self.brg[i, j] = yaw
                    continue
                p = e.pos(t, sc)
                self.held[i, j] = hold is not None
                self.pos[i, j] = p
                self.brg[i, j] = bearing(C, p)
                if e.footprint is not None:
                    xa, xb, za, zb = e.footprint
                    s = np.linspace(0, 1, 9)
                    pts = np.concatenate([
                        np.stack([xa + (xb - xa) * s, 0 * s, np.full_like(s, za)], 1),
                        np.stack([xa + (xb - xa) * s, 0 * s, np.full_like(s, zb)], 1),
                        np.stack([np.full_like(s, xa), 0 * s, za + (zb - za) * s], 1),
                        np.stack([np.full_like(s, xb), 0 * s, za + (zb - za) * s], 1)])
                    px, ok = lens.project_world(pts, C, R)
                    cen = np.array([(xa + xb) / 2, 0, (za + zb) / 2])
                    self.pos[i, j] = cen
                    self.brg[i, j] = bearing(C, cen)
                    dmin = float(np.min(np.hypot(pts[:, 0] - C[0], pts[:, 2] - C[2])))
                    self.dist[i, j] = dmin
                    if ok.sum() < 0.6 * len(ok) or dmin > 35:
                        continue
                    q = px[ok]
                    full = np.array([q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max()])
                    cl = clip_box(full, W, H)
                    if cl is not None and area(cl) >= 0.3 * area(full) and min(cl[2] - cl[0], cl[3] - cl[1]) >= MIN_PX:
                        self.vis[i, j] = True
                        self.bbox[i, j] = cl
                    continue
                corners, ext_pts, d = self._quad(e, t, C, p)
                self.dist[i, j] = d
                if d > 45:
                    continue
                qpx, qok = lens.project_world(corners, C, R)
                if not qok.all():
                    continue
                self.drawn[i, j] = True
                self.quad[(i, e.eid)] = qpx
                epx, eok = lens.project_world(ext_pts, C, R)
                full = np.array([epx[:, 0].min(), epx[:, 1].min(), epx[:, 0].max(), epx[:, 1].max()])
                cl = clip_box(full, W, H)
                if cl is None:
                    self.drawn[i, j] = False
                    continue
                if e.plant:
                    v = e.path.at(t + 0.3) - e.path.at(t - 0.3)
                    rr = np.array([math.cos(math.radians(self.brg[i, j])), 0, -math.sin(math.radians(self.brg[i, j]))])
                    dv = float(v @ rr)
                    if abs(dv) > 0.05:
                        last_flip[e.eid] = dv < 0
                    self.flip[i, j] = last_flip.get(e.eid, False)
                if area(cl) >= MIN_FRAC * area(full) and min(cl[2] - cl[0], cl[3] - cl[1]) >= MIN_PX:
                    cands.append((d, j, cl))
            # occlusion among sprites: a thing mostly covered by a nearer solid one is not seen
            cands.sort()
            for k, (d, j, cl) in enumerate(cands):
                hidden = False
                for (d2, j2, cl2) in cands[:k]:
                    if d2 < d - 0.5 and cover(cl, cl2) > 0.85 and sc.entities[j2].kind not in ("ladder", "scaffold"):
                        hidden = True
                        break
                if not hidden:
                    self.vis[i, j] = True
                    self.bbox[i, j] = cl

    def _quad(self, e, t, C, p):
        """World corners of the sprite rectangle and of its opaque extent, and distance."""
        spr = sprite_meta(e, t)
        w, h, ext, pw, ph = spr
        if e.wall is not None:
            (xa, za), (xb, zb) = e.wall
            A, B = np.array([xa, 0, za]), np.array([xb, 0, zb])
            r = B - A
            base = A
            mid = (A + B) / 2
            d = float(np.hypot(mid[0] - C[0], mid[2] - C[2]))
            u = r / np.linalg.norm(r)
            width = np.linalg.norm(r)
            left = A
        else:
            b = math.radians(bearing(C, p))
            u = np.array([math.cos(b), 0.0, -math.sin(b)])
            width = w
            left = p - u * w / 2
            d = float(np.hypot(p[0] - C[0], p[2] - C[2]))
        up = np.array([0.0, 1.0, 0.0])
        y0 = p[1] if e.wall is None else 0.0
        left = left + up * (y0 - left[1])
        corners = np.array([left + up * h, left + u * width + up * h, left + u * width, left])  # TL TR BR BL
        x0, ey0, x1, ey1 = ext
        uu = np.array([x0 / pw, (x0 + x1) / 2 / pw, x1 / pw])
        vv = np.array([ey0 / ph, (ey0 + ey1) / 2 / ph, ey1 / ph])
        ext_pts = np.array([left + u * width * a + up * h * (1 - b_) for a in uu for b_ in vv])
        return corners, ext_pts, d


def clip_box(b, W, H):
    x0, y0, x1, y1 = max(b[0], 0), max(b[1], 0), min(b[2], W - 1), min(b[3], H - 1)
    if x1 <= x0 or y1 <= y0:
        return None
    return np.array([x0, y0, x1, y1])


def area(b):
    return max(0.0, b[2] - b[0]) * max(0.0, b[3] - b[1])


def cover(a, b):
    """Fraction of box a covered by box b."""
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    if x1 <= x0 or y1 <= y0:
        return 0.0
    return (x1 - x0) * (y1 - y0) / max(area(a), 1e-6)


def held_rect(W, H, t, pitch, speed):
    """Where the held-tool sprite is drawn (camera-fixed, bobbing with the gait)."""
    bw = 0.26 * W
    bh = bw * 230 / 320
    bob = 4 * math.sin(2 * math.pi * 1.9 * t) * min(1.0, speed / 1.1) + 2 * math.sin(2 * math.pi * 0.4 * t)
    x1 = W + 0.02 * bw
    y1 = H + 0.04 * bh + bob
    return x1 - bw, y1 - bh, x1, y1


_HELD_EXT = {}


def held_box(W, H, t, pitch, speed, kind="drill"):
    """Detection box of a tool held in the wearer's right hand (tool and hand, clipped to the frame)."""
    from . import sprites as S
    if kind not in _HELD_EXT:
        _HELD_EXT[kind] = S.held_tool(kind, W, H).ext
    ex = _HELD_EXT[kind]
    x0, y0, x1, y1 = held_rect(W, H, t, pitch, speed)
    sx = (x1 - x0) / 320.0
    return np.array([max(0.0, x0 + ex[0] * sx), max(0.0, y0 + ex[1] * sx), min(W - 1.0, x0 + ex[2] * sx),
                     min(H - 1.0, y0 + ex[3] * sx)])


# sprite size table: label/kind -> (w, h, ext fraction (x0,y0,x1,y1) of canvas, canvas px)
_META_CACHE = {}


def sprite_meta(e, t):
    """(w_m, h_m, ext_px, canvas_w_px, canvas_h_px) for the entity's sprite at t."""
    from . import sprites as S
    if e.kind == "brick_wall":
        n = e.bricks_at(t)
        key = ("brick_wall", n, e.per_course, e.courses_max)
        if key not in _META_CACHE:
            s = S.brick_wall(n, e.per_course, e.courses_max)
            _META_CACHE[key] = (s.w_m, s.h_m, s.ext, s.rgba.shape[1], s.rgba.shape[0])
        return _META_CACHE[key]
    if e.kind == "worker":
        key = ("worker", repr(sorted(e.look.items())))
        if key not in _META_CACHE:
            s = S.worker(e.look, "stand", True)
            _META_CACHE[key] = (s.w_m, s.h_m, s.ext, s.rgba.shape[1], s.rgba.shape[0])
        return _META_CACHE[key]
    key = (e.kind, repr(sorted(e.attrs.items())))
    if key not in _META_CACHE:
        s = make_sprite(e)
        _META_CACHE[key] = (s.w_m, s.h_m, s.ext, s.rgba.shape[1], s.rgba.shape[0])
    return _META_CACHE[key]


def make_sprite(e, t=0.0, pose="stand", hat=True):
    from . import sprites as S
    k = e.kind
    col = e.attrs.get("colour")
    if k == "worker":
        return S.worker(e.look, pose, hat)
    if k == "brick_wall":
        return S.brick_wall(e.bricks_at(t), e.per_course, e.courses_max)
    fn = {"ladder": lambda: S.ladder(), "toolbox": lambda: S.toolbox(col or "red"),
          "drill": lambda: S.drill(col or "yellow"), "hammer": lambda: S.hammer(), "cone": lambda: S.cone(),
          "wheelbarrow": lambda: S.wheelbarrow(col or "green"), "pallet": lambda: S.pallet(e.attrs.get("load", "blocks")),
          "scaffold": lambda: S.scaffold(), "suspended_load": lambda: S.suspended_load(),
          "excavator": lambda: S.excavator(), "dumper": lambda: S.dumper(),
          "gas_cylinder": lambda: S.gas_cylinder(col or "red"), "generator": lambda: S.generator(),
          "skip": lambda: S.skip(col or "yellow"), "cable_drum": lambda: S.cable_drum()}[k]
    return fn()
