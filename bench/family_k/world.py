"""The scripted 3-D world: the wearer (head pose over time), workers and
things with their timelines.  Everything is a pure function of time, so the
renderer, the detector simulation, the alert scanners and the answer key
all read the same world.

World frame: x east, y north, z up, metres; the wearer starts at the origin
facing +y (heading 0).  Headings and bearings are clockwise from +y.
"""
import bisect
import math

import numpy as np

from . import shapes
from .geometry import Frame
from .lens import camera_rotation, bearing_deg

EYE = 1.65


class Keys:
    """Piecewise-linear keyframes of a vector value; held outside."""

    def __init__(self, keys):
        keys = sorted(keys, key=lambda k: k[0])
        self.t = np.array([k[0] for k in keys], dtype=np.float64)
        self.v = np.array([list(k[1:]) for k in keys], dtype=np.float64)

    def __call__(self, t):
        if len(self.t) == 1:
            return self.v[0].copy()
        return np.array([np.interp(t, self.t, self.v[:, d]) for d in range(self.v.shape[1])])

    def moving(self, t, eps=0.05):
        """Speed (units/s) at t."""
        a, b = self(t - eps), self(t + eps)
        return float(np.linalg.norm(b[:2] - a[:2]) / (2 * eps))


class Steps:
    """Step function: [(t, value), ...]; value before the first key is the
    first value."""

    def __init__(self, keys):
        keys = sorted(keys, key=lambda k: k[0])
        self.t = [k[0] for k in keys]
        self.v = [k[1] for k in keys]

    def __call__(self, t):
        i = bisect.bisect_right(self.t, t) - 1
        return self.v[max(i, 0)]

    def changes(self):
        return list(zip(self.t, self.v))


def smoothstep(x):
    x = min(max(x, 0.0), 1.0)
    return x * x * (3 - 2 * x)


class Eased:
    """Keyframes with smooth (ease in/out) interpolation between them."""

    def __init__(self, keys):
        keys = sorted(keys, key=lambda k: k[0])
        self.t = [k[0] for k in keys]
        self.v = [k[1] for k in keys]

    def __call__(self, t):
        if t <= self.t[0]:
            return self.v[0]
        if t >= self.t[-1]:
            return self.v[-1]
        i = bisect.bisect_right(self.t, t) - 1
        t0, t1 = self.t[i], self.t[i + 1]
        return self.v[i] + (self.v[i + 1] - self.v[i]) * smoothstep((t - t0) / (t1 - t0))


# ----------------------------------------------------------------------

class Wearer:
    """Head pose.  yaw keys (eased), pitch keys (eased), position keys
    (linear, x y).  Small deterministic head tremor and a walking bob are
    added; the heading truth is the yaw including the tremor."""

    def __init__(self, yaw_keys, pos_keys=None, pitch_keys=None, seed=0):
        self.yaw_e = Eased(yaw_keys)
        self.pos = Keys(pos_keys or [(0.0, 0.0, 0.0)])
        self.pitch_e = Eased(pitch_keys or [(0.0, -8.0)])
        rng = np.random.default_rng(seed)
        self.trem = [(rng.uniform(0.05, 0.6), rng.uniform(0, 6.28), rng.uniform(0.15, 0.45)) for _ in range(4)]
        self.ptrem = [(rng.uniform(0.1, 0.7), rng.uniform(0, 6.28), rng.uniform(0.2, 0.6)) for _ in range(3)]

    def yaw(self, t):
        """Heading truth: eased keys plus a small tremor (0 at t = 0)."""
        y = self.yaw_e(t)
        for f, ph, a in self.trem:
            y += a * (math.sin(2 * math.pi * f * t + ph) - math.sin(ph))
        return y

    def walking(self, t):
        return self.pos.moving(t) > 0.2

    def position(self, t):
        p = self.pos(t)
        return float(p[0]), float(p[1])

    def pose(self, t):
        """(R, C, yaw, pitch, roll)."""
        x, y = self.position(t)
        z = EYE
        roll = 0.6 * math.sin(2 * math.pi * 0.13 * t + 1.0)
        pitch = self.pitch_e(t)
        for f, ph, a in self.ptrem:
            pitch += a * math.sin(2 * math.pi * f * t + ph)
        if self.walking(t):
            z += 0.025 * math.sin(2 * math.pi * 1.9 * t)
            roll += 1.2 * math.sin(2 * math.pi * 0.95 * t)
            pitch += 0.8 * math.sin(2 * math.pi * 1.9 * t + 0.5)
        yaw = self.yaw(t)
        return camera_rotation(yaw, pitch, roll), np.array([x, y, z]), yaw, pitch, roll

    def hand(self, t):
        """Where a carried tool is: in front and to the right at waist
        height, turning with the body (heading without the tremor)."""
        x, y = self.position(t)
        fr = Frame((x, y, 0.0), self.yaw_e(t))
        return fr.p(0.22, 0.42, 0.95), self.yaw_e(t)


# ----------------------------------------------------------------------

class Entity:
    label = None          # detector label; None: rendered only
    kind = "thing"

    def __init__(self, name, label, present=None):
        self.name = name
        self.label = label
        self.present_iv = present  # list of (t0, t1) or None (always)

    def present(self, t):
        if self.present_iv is None:
            return True
        return any(a <= t < b for a, b in self.present_iv)

    def attributes(self, t):
        return {}


class Worker(Entity):
    kind = "worker"

    def __init__(self, name, vest, hat, path, activity, hat_on=None, face=None, z=None, present=None,
                 shirt="navy", skin="skin", min_h=20, desc=None):
        super().__init__(name, "worker", present)
        self.vest = vest
        self.hat = hat
        self.path = Keys(path)
        self.act = Steps(activity)
        self.hat_on = Steps(hat_on or [(0.0, True)])
        self.face_keys = Steps(face) if face else None
        self.zk = Keys(z) if z else None
        self.shirt = shirt
        self.skin = skin
        self.desc = desc or f"worker ({vest} vest, {hat} hard hat)"

    def xy(self, t):
        p = self.path(t)
        return float(p[0]), float(p[1])

    def z(self, t):
        return float(self.zk(t)[0]) if self.zk else 0.0

    def pos(self, t):
        x, y = self.xy(t)
        return np.array([x, y, self.z(t)])

    def activity(self, t):
        if self.path.moving(t) > 0.25:
            return "walking"
        if self.zk is not None and abs(float(self.zk(t + 0.05)[0] - self.zk(t - 0.05)[0])) / 0.1 > 0.2:
            return "walking"
        return self.act(t)

    def facing(self, t):
        # face the direction of travel while walking, else the scripted facing
        a, b = self.path(t - 0.3), self.path(t + 0.3)
        d = b - a
        if np.hypot(d[0], d[1]) > 0.15:
            return math.degrees(math.atan2(d[0], d[1]))
        if self.face_keys is not None:
            return self.face_keys(t)
        # last direction of travel
        for dt in np.arange(0.5, 60.0, 0.5):
            a, b = self.path(t - dt - 0.3), self.path(t - dt + 0.3)
            d = b - a
            if np.hypot(d[0], d[1]) > 0.15:
                return math.degrees(math.atan2(d[0], d[1]))
        return 180.0

    def hardhat(self, t):
        return bool(self.hat_on(t))

    def mesh(self, t):
        fr = Frame(self.pos(t), self.facing(t))
        return shapes.worker(fr, self.vest, self.hat, self.hardhat(t), self.activity(t), t,
                             shirt=self.shirt, skin=self.skin).arrays()

    def attributes(self, t):
        a = {"hardhat": self.hardhat(t), "vest": self.vest, "activity": self.activity(t)}
        if a["hardhat"]:
            a["hat_colour"] = self.hat
        return a

    def height(self):
        return 1.9


class Thing(Entity):
    """A thing with a mesh builder, an optional path (x, y, z, yaw keys) and
    optional intervals in which the wearer carries it."""

    def __init__(self, name, label, builder, pos, yaw=0.0, path=None, present=None, held=None,
                 colour=None, build_kw=None, attrs=None, size=None, desc=None):
        super().__init__(name, label, present)
        self.builder = builder
        self.pos0 = np.array(list(pos) + [0.0] * (3 - len(pos)), dtype=np.float64)
        self.yaw0 = yaw
        self.path = Keys(path) if path else None   # keys (t, x, y, z, yaw)
        self.held = held or []                      # [(t0, t1)] carried by the wearer
        self.colour = colour
        self.build_kw = build_kw or {}
        self.extra_attrs = attrs or {}
        self._cache = {}
        self.size = size
        self.desc = desc or (label or name)
        self.wearer = None

    def is_held(self, t):
        return any(a <= t < b for a, b in self.held)

    def pose(self, t):
        if self.is_held(t):
            p, yaw = self.wearer.hand(t)
            return p, yaw + 90.0
        if self.path is not None:
            v = self.path(t)
            return v[:3], float(v[3])
        return self.pos0, self.yaw0

    def pos(self, t):
        return self.pose(t)[0]

    def mesh(self, t):
        p, yaw = self.pose(t)
        key = (round(float(p[0]), 3), round(float(p[1]), 3), round(float(p[2]), 3), round(yaw, 2))
        if key not in self._cache:
            if len(self._cache) > 64:
                self._cache.clear()
            kw = dict(self.build_kw)
            if self.colour is not None:
                kw["colour"] = self.colour
            self._cache[key] = shapes.BUILDERS[self.builder](Frame(p, yaw), **kw).arrays()
        return self._cache[key]

    def attributes(self, t):
        a = dict(self.extra_attrs)
        if self.colour is not None and self.label not in ("excavation",):
            a["colour"] = self.colour
        return a


class BrickWall(Entity):
    kind = "work"

    def __init__(self, name, pos, yaw, lay_times, per_course=6, desc="brick wall"):
        super().__init__(name, "brick_wall", None)
        self.pos0 = np.array(list(pos) + [0.0])
        self.yaw0 = yaw
        self.lay_times = sorted(lay_times)
        self.per_course = per_course
        self._cache = {}
        self.desc = desc

    def bricks(self, t):
        return bisect.bisect_right(self.lay_times, t)

    def courses(self, t):
        return self.bricks(t) // self.per_course

    def pos(self, t):
        return self.pos0

    def mesh(self, t):
        n = self.bricks(t)
        if n not in self._cache:
            self._cache[n] = shapes.brick_wall(Frame(self.pos0, self.yaw0), n, self.per_course).arrays()
        return self._cache[n]

    def attributes(self, t):
        return {"bricks": self.bricks(t), "courses": self.courses(t)}

    def unit_time(self, unit, ordinal):
        if unit in ("brick", "block"):
            return self.lay_times[ordinal - 1]
        if unit == "course":
            return self.lay_times[ordinal * self.per_course - 1]
        raise KeyError(unit)


class Excavation(Entity):
    kind = "zone"

    def __init__(self, name, rect, depth):
        super().__init__(name, "excavation", None)
        self.rect = rect  # xmin, xmax, ymin, ymax
        self.depth = depth
        x0, x1, y0, y1 = rect
        self.pos0 = np.array([(x0 + x1) / 2, (y0 + y1) / 2, 0.0])
        self._m = shapes.excavation(Frame(self.pos0, 0.0), x1 - x0, y1 - y0, depth).arrays()
        self.desc = "excavation"

    def pos(self, t):
        return self.pos0

    def mesh(self, t):
        return self._m

    def inside(self, x, y, margin=0.0):
        x0, x1, y0, y1 = self.rect
        return (x0 - margin) <= x <= (x1 + margin) and (y0 - margin) <= y <= (y1 + margin)

    def distance(self, x, y):
        x0, x1, y0, y1 = self.rect
        dx = max(x0 - x, 0.0, x - x1)
        dy = max(y0 - y, 0.0, y - y1)
        return math.hypot(dx, dy)


class SuspendedLoad(Entity):
    kind = "hazard"

    def __init__(self, name, pos, base_z, sway=0.15):
        super().__init__(name, "suspended_load", None)
        self.pos0 = np.array([pos[0], pos[1], 0.0])
        self.base_z = base_z
        self.sway = sway
        self._cache = {}
        self.desc = "suspended load"

    def pose(self, t):
        dx = self.sway * math.sin(2 * math.pi * t / 7.3)
        dy = self.sway * 0.6 * math.sin(2 * math.pi * t / 9.1 + 1.0)
        return self.pos0 + np.array([dx, dy, 0.0]), 12.0 * math.sin(2 * math.pi * t / 23.0)

    def pos(self, t):
        return self.pose(t)[0]

    def mesh(self, t):
        p, yaw = self.pose(t)
        key = (round(float(p[0]), 2), round(float(p[1]), 2), round(yaw, 1))
        if key not in self._cache:
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[key] = shapes.suspended_load(Frame(p, yaw), self.base_z).arrays()
        return self._cache[key]


class Cable(Entity):
    """The crane's hoist rope above a suspended load (rendered only)."""

    def __init__(self, name, load):
        super().__init__(name, None, None)
        self.load = load
        self._cache = {}

    def pos(self, t):
        return self.load.pos(t)

    def mesh(self, t):
        p, yaw = self.load.pose(t)
        key = (round(float(p[0]), 2), round(float(p[1]), 2))
        if key not in self._cache:
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[key] = shapes.crane_cable(Frame(p, 0.0), self.load.base_z).arrays()
        return self._cache[key]


# ----------------------------------------------------------------------

class World:
    def __init__(self, name, site, camera, lens, env, wearer, entities, duration, fps=15,
                 tracker_gap_s=None, seed=0):
        self.name = name
        self.site = site
        self.camera = camera
        self.lens = lens
        self.env = env
        self.wearer = wearer
        self.entities = entities
        for e in entities:
            if isinstance(e, Thing):
                e.wearer = wearer
        self.by_name = {e.name: e for e in entities}
        self.duration = duration
        self.fps = fps
        self.nframes = int(round(duration * fps))
        self.tracker_gap_s = tracker_gap_s   # None: the tracker keeps ids
        self.seed = seed

    def frame_time(self, i):
        return i / self.fps

    def heading(self, t):
        return self.wearer.yaw(t)

    def meshes(self, t):
        out = []
        for i, e in enumerate(self.entities):
            if not e.present(t):
                continue
            out.append((i, e.mesh(t)))
        return out

    def bearing_from(self, p, t):
        """World bearing of point p seen from the wearer's place at t."""
        x, y = self.wearer.position(t)
        return bearing_deg(p[0] - x, p[1] - y)
