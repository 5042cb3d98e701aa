"""Scripted 3-D world: entities with time tracks, the wearer's pose, geometry helpers.

World frame: x to the right of the wearer's initial heading, y up, z forward along the
initial heading. Bearing of a ground point = atan2(dx, dz) in degrees: 0 ahead at t=0,
positive to the right (clockwise seen from above), as the contract defines it.
"""
import math

import numpy as np

FPS = 15
SECTORS = ["front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left"]


def wrap180(a):
    """Wrap to (-180, 180]."""
    return a - 360.0 * math.ceil((a - 180.0) / 360.0)


def sector_of(rel):
    k = int(round(rel / 45.0)) % 8
    return SECTORS[k]


def sector_info(rel):
    """(sector, alt or None, distance to the nearest boundary in deg)."""
    rel = wrap180(rel)
    k = int(round(rel / 45.0))
    centre = k * 45.0
    off = rel - centre
    bdist = 22.5 - abs(off)
    alt = None
    if bdist < 6.0:
        alt = SECTORS[(k + (1 if off > 0 else -1)) % 8]
    return SECTORS[k % 8], alt, bdist


def P(bearing, dist, y=0.0):
    """World point at a bearing/distance from the origin (the wearer's start)."""
    b = math.radians(bearing)
    return (dist * math.sin(b), y, dist * math.cos(b))


def bearing_from(src, dst):
    return math.degrees(math.atan2(dst[0] - src[0], dst[2] - src[2]))


class Track:
    """Keyframes (t, pos|None). Linear between consecutive non-None keyframes; pos held
    after the last keyframe; None = absent (carried away, not on site) until the next."""

    def __init__(self, kfs):
        self.kfs = sorted([(float(t), None if p is None else tuple(float(v) for v in p)) for t, p in kfs],
                          key=lambda k: k[0])

    def at(self, t):
        kfs = self.kfs
        if not kfs or t < kfs[0][0]:
            return None
        for i in range(len(kfs) - 1):
            t0, p0 = kfs[i]
            t1, p1 = kfs[i + 1]
            if t0 <= t < t1:
                if p0 is None:
                    return None
                if p1 is None:
                    return p0
                a = (t - t0) / (t1 - t0)
                return tuple(p0[j] + a * (p1[j] - p0[j]) for j in range(3))
        return kfs[-1][1]

    def sample(self, times):
        out = np.full((len(times), 3), np.nan)
        for i, t in enumerate(times):
            p = self.at(t)
            if p is not None:
                out[i] = p
        return out


def spans_at(spans, t):
    """spans: list of (t0, t1[, value]); returns the value (or True) of the span holding t."""
    for s in spans:
        if s[0] <= t < s[1]:
            return s[2] if len(s) > 2 else True
    return None


class Entity:
    def __init__(self, eid, kind, track, label=None, colour=None, face=None, **kw):
        self.eid = eid
        self.kind = kind
        self.label = label            # detector label; None = rendered only (never detected)
        self.track = track
        self.colour = colour          # colour name (attribute) for things
        self.face = face              # fixed facing (deg, world) or None
        self.kw = kw
        # workers
        self.vest = kw.get("vest")
        self.hat = kw.get("hat")
        self.hat_off = kw.get("hat_off", [])          # [(t0, t1)]
        self.activity = kw.get("activity", [])        # [(t0, state)] state in working/idle/walking
        self.sit = kw.get("sit", [])                  # [(t0, t1)]
        # brick wall
        self.brick_times = kw.get("brick_times", [])
        self.per_course = kw.get("per_course", 6)
        self.events = kw.get("events", {})            # scripted event name -> [times]

    # ---- worker state
    def state(self, t):
        s = None
        for t0, st in self.activity:
            if t >= t0:
                s = st
        return s

    def hat_on(self, t):
        if self.hat is None:
            return False
        return spans_at(self.hat_off, t) is None

    def sitting(self, t):
        return spans_at(self.sit, t) is not None

    # ---- wall
    def bricks(self, t):
        return int(sum(1 for b in self.brick_times if b <= t))

    def pos(self, t):
        return self.track.at(t)


class Wearer:
    """Per-frame eye position, yaw (unwrapped, deg) and pitch (deg, negative = down)."""

    def __init__(self, n, yaw_kf, pitch_kf, pos_kf, seed, eye_h=1.7, smooth_s=0.3):
        t = np.arange(n) / FPS
        self.t = t
        rng = np.random.default_rng(seed)

        def interp(kf, default):
            if not kf:
                return np.full(n, default, float)
            kt = np.array([k[0] for k in kf], float)
            kv = np.array([k[1] for k in kf], float)
            return np.interp(t, kt, kv)

        def smooth(a, s):
            r = int(s * FPS * 3)
            if r < 1:
                return a
            x = np.arange(-r, r + 1)
            g = np.exp(-0.5 * (x / (s * FPS)) ** 2)
            g /= g.sum()
            ap = np.pad(a, r, mode="edge")
            return np.convolve(ap, g, mode="valid")

        yaw = smooth(interp(yaw_kf, 0.0), smooth_s)
        # small head tremor / gait sway (part of the truth)
        ph = rng.uniform(0, 2 * np.pi, 3)
        yaw = yaw + 0.5 * np.sin(2 * np.pi * 0.31 * t + ph[0]) + 0.3 * np.sin(2 * np.pi * 0.83 * t + ph[1])
        yaw = yaw - yaw[0]
        self.yaw = yaw
        pitch = smooth(interp(pitch_kf, -8.0), 0.25)
        self.pitch = pitch + 0.4 * np.sin(2 * np.pi * 0.47 * t + ph[2])
        xs = interp([(k[0], k[1][0]) for k in pos_kf], 0.0)
        zs = interp([(k[0], k[1][1]) for k in pos_kf], 0.0)
        xs, zs = smooth(xs, 0.4), smooth(zs, 0.4)
        speed = np.hypot(np.gradient(xs), np.gradient(zs)) * FPS
        walking = speed > 0.2
        bob = 0.025 * np.sin(2 * np.pi * 1.8 * t) * walking
        self.pos = np.stack([xs, eye_h + bob, zs], 1)
        self.speed = speed

    def heading(self, t):
        return float(np.interp(t, self.t, self.yaw))

    def at(self, i):
        return self.pos[i], self.yaw[i], self.pitch[i]

    def ground_pos(self, t):
        i = min(int(round(t * FPS)), len(self.t) - 1)
        p = self.pos[i]
        return (p[0], 0.0, p[2])


class Scenario:
    def __init__(self, **kw):
        self.__dict__.update(kw)
        self.n = int(round(self.duration * FPS))
        self.times = np.arange(self.n) / FPS
        self.by_id = {e.eid: e for e in self.entities}
