"""The scripted world: a wearer (head pose, position, hands) and entities with timelines.

Coordinates: X right and Z forward at the wearer's initial heading, Y up, metres.
Heading (yaw) in degrees, 0 at t=0, increasing to the right (clockwise seen from above).
"""
import bisect
import math

import numpy as np


def smooth(u):
    return u * u * (3.0 - 2.0 * u)


class Keys:
    """Piecewise interpolation of vector keyframes [(t, v0, v1, ...)], clamped at the ends.

    ease=True uses smoothstep between keys (zero velocity at every key)."""

    def __init__(self, keys, ease=True):
        keys = sorted(keys, key=lambda k: k[0])
        self.t = [float(k[0]) for k in keys]
        self.v = [np.array(k[1:], dtype=float) for k in keys]
        self.ease = ease

    def __call__(self, t):
        ts = self.t
        if t <= ts[0]:
            return self.v[0].copy()
        if t >= ts[-1]:
            return self.v[-1].copy()
        i = bisect.bisect_right(ts, t) - 1
        t0, t1 = ts[i], ts[i + 1]
        u = (t - t0) / (t1 - t0) if t1 > t0 else 1.0
        if self.ease:
            u = smooth(u)
        return self.v[i] * (1 - u) + self.v[i + 1] * u

    def moving(self, t, eps=1e-3):
        """Velocity magnitude (units/s) by finite difference."""
        a, b = self(t - 0.05), self(t + 0.05)
        return float(np.linalg.norm(b - a) / 0.1) if len(a) else 0.0


class Wearer:
    """Head pose and position of the camera wearer."""

    def __init__(self, yaw_keys, pitch_keys, pos_keys, eye_h=1.68, seed=0, jitter=1.0):
        self.yaw_k = Keys(yaw_keys)
        self.pitch_k = Keys(pitch_keys)
        self.pos_k = Keys(pos_keys, ease=True)
        self.eye_h = eye_h
        rng = np.random.default_rng(seed)
        self.jf = rng.uniform(0.15, 1.3, 4)
        self.jp = rng.uniform(0, 2 * math.pi, 4)
        self.jitter = jitter

    def _j(self, t, k):
        return math.sin(2 * math.pi * self.jf[k] * t + self.jp[k]) - math.sin(self.jp[k])

    def speed(self, t):
        return self.pos_k.moving(t)

    def yaw(self, t):
        return float(self.yaw_k(t)[0]) + self.jitter * (0.5 * self._j(t, 0) + 0.3 * self._j(t, 1))

    def pitch(self, t):
        p = float(self.pitch_k(t)[0]) + self.jitter * 0.4 * self._j(t, 2)
        if self.speed(t) > 0.2:
            p += 0.9 * math.sin(2 * math.pi * 1.9 * t)
        return p

    def roll(self, t):
        r = self.jitter * 0.6 * self._j(t, 3)
        if self.speed(t) > 0.2:
            r += 1.2 * math.sin(2 * math.pi * 0.95 * t)
        return r

    def pos(self, t):
        p = self.pos_k(t)
        return float(p[0]), float(p[1])

    def eye(self, t):
        x, z = self.pos(t)
        bob = 0.025 * math.sin(2 * math.pi * 1.9 * t) if self.speed(t) > 0.2 else 0.0
        return np.array([x, self.eye_h + bob, z])

    def hand(self, t):
        """Right hand (holding a tool) in world coords."""
        x, z = self.pos(t)
        yaw = math.radians(float(self.yaw_k(t)[0]))
        fx, fz = math.sin(yaw), math.cos(yaw)
        rx, rz = math.cos(yaw), -math.sin(yaw)
        return np.array([x + 0.36 * fx + 0.2 * rx, 0.92, z + 0.36 * fz + 0.2 * rz])

    def ground_front(self, t, fwd=0.62, right=0.12):
        x, z = self.pos(t)
        yaw = math.radians(float(self.yaw_k(t)[0]))
        return np.array([x + fwd * math.sin(yaw) + right * math.cos(yaw), 0.0,
                         z + fwd * math.cos(yaw) - right * math.sin(yaw)])


class Entity:
    """A worker, a thing, plant, a load, a pit or scenery.

    label None: scenery the detector does not report."""

    def __init__(self, name, label, shape, path, yaw=0.0, attrs=None, present=(-1e9, 1e9),
                 face=None, activity=None, hat_off=(), carries=(), style=None, y=0.0):
        self.name, self.label, self.shape = name, label, shape
        self.path = path if isinstance(path, Keys) else Keys(path, ease=False)
        self.yaw0 = yaw
        self.face = sorted(face or [])            # [(t, yaw)] piecewise constant when standing
        self.attrs = dict(attrs or {})
        self.present = present
        self.activity = sorted(activity or [])    # [(t, 'active'|'idle')] piecewise constant
        self.hat_off = list(hat_off)              # [(t0, t1)]
        self.carries = sorted(carries)            # [(t0, t1, carrier_name)]
        self.style = dict(style or {})
        self.y = y
        self.world = None
        self._rest = None

    # ---- people -------------------------------------------------------
    def is_present(self, t):
        return self.present[0] <= t <= self.present[1]

    def xz(self, t):
        if self.carries and self.world is not None:
            return tuple(self.pos3(t)[[0, 2]])
        p = self.path(t)
        return float(p[0]), float(p[1])

    def speed(self, t):
        a, b = self.path(t - 0.05), self.path(t + 0.05)
        return float(np.hypot(b[0] - a[0], b[1] - a[1]) / 0.1)

    def heading(self, t):
        if self.speed(t) > 0.15:
            a, b = self.path(t - 0.2), self.path(t + 0.2)
            return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1]))
        yaw = self.yaw0
        for tf, y in self.face:
            if tf <= t:
                yaw = y
        return yaw

    def act(self, t):
        """Scripted activity: active / idle / walking."""
        if self.speed(t) > 0.3:
            return "walking"
        a = "idle"
        for ta, v in self.activity:
            if ta <= t:
                a = v
        return a

    def hat_on(self, t):
        return not any(t0 <= t < t1 for t0, t1 in self.hat_off)

    def hand(self, t):
        x, z = self.xz(t)
        yaw = math.radians(self.heading(t))
        return np.array([x + 0.42 * math.sin(yaw) + 0.28 * math.cos(yaw), 0.62,
                         z + 0.42 * math.cos(yaw) - 0.28 * math.sin(yaw)])

    # ---- things -------------------------------------------------------
    def _rests(self):
        """Resting place before/after each carry: list of (t_from, pos3)."""
        if self._rest is None:
            p0 = self.path(0.0)
            rest = [(-1e9, np.array([p0[0], self.y, p0[1]]))]
            for (t0, t1, who) in self.carries:
                if who == "wearer":
                    g = self.world.wearer.ground_front(t1)
                else:
                    c = self.world.ent[who]
                    h = c.hand(t1)
                    g = np.array([h[0], 0.0, h[2]])
                rest.append((t1, g))
            self._rest = rest
        return self._rest

    def carrier(self, t):
        for (t0, t1, who) in self.carries:
            if t0 <= t < t1:
                return who
        return None

    def pos3(self, t):
        if not self.carries:
            p = self.path(t)
            return np.array([p[0], p[2] if len(p) > 2 else self.y, p[1]])
        rests = self._rests()
        rest = rests[0][1]
        for tr, pr in rests:
            if tr <= t:
                rest = pr
        for k, (t0, t1, who) in enumerate(self.carries):
            if t0 <= t < t1:
                if who == "wearer":
                    hand = self.world.wearer.hand(t)
                    ramp = 1.0
                else:
                    hand = self.world.ent[who].hand(t)
                    ramp = 0.6
                before = rests[k][1]
                after = rests[k + 1][1]
                if t - t0 < ramp and t0 > 0:
                    u = (t - t0) / ramp
                    return before * (1 - u) + hand * u
                if t1 - t < ramp and t1 < self.world.duration:
                    u = (t1 - t) / ramp
                    return after * (1 - u) + hand * u
                return hand
        return rest

    def on_ground(self, t):
        return self.carrier(t) is None


class World:
    def __init__(self, name, duration, fps, lens, wearer, entities, pits=(), bricks=None):
        self.name, self.duration, self.fps = name, float(duration), int(fps)
        self.lens, self.wearer = lens, wearer
        self.ents = list(entities)
        self.ent = {e.name: e for e in self.ents}
        for e in self.ents:
            e.world = self
        self.n_frames = int(round(duration * fps))

    def times(self):
        return [i / self.fps for i in range(self.n_frames)]

    def pose(self, t):
        from .geom import Pose
        w = self.wearer
        return Pose(w.eye(t), w.yaw(t), w.pitch(t), w.roll(t))

    def pits(self):
        return [e for e in self.ents if e.shape == "pit"]

    def in_pit(self, e, t):
        """Worker's feet inside an excavation's footprint."""
        x, z = e.xz(t)
        for p in self.pits():
            px, pz = p.xz(t)
            sx, sz = p.style["size"]
            if abs(x - px) < sx / 2 and abs(z - pz) < sz / 2:
                return p
        return None

    def pit_distance(self, e, t):
        """Horizontal distance from a worker to the nearest pit edge (0 inside)."""
        x, z = e.xz(t)
        best = 1e9
        for p in self.pits():
            px, pz = p.xz(t)
            sx, sz = p.style["size"]
            dx = max(abs(x - px) - sx / 2, 0.0)
            dz = max(abs(z - pz) - sz / 2, 0.0)
            best = min(best, math.hypot(dx, dz))
        return best

    def bricks(self, wall, t):
        times = wall.style.get("brick_times", [])
        return bisect.bisect_right(times, t)
