"""The scripted world: the wearer's head motion and every entity's position, elevation, presence and
attributes over time.  Everything is a pure function of time, so truth and rendering agree."""
from __future__ import annotations

import math

import numpy as np

from .lens import wrap180

INF = float("inf")


def _ease(u):
    return (1.0 - np.cos(np.pi * np.clip(u, 0.0, 1.0))) / 2.0


def _eval_eased(keys, t):
    """keys [(t, v)] sorted; cosine-eased between keys, held outside."""
    ts = np.array([k[0] for k in keys])
    vs = np.array([k[1] for k in keys])
    t = np.asarray(t, np.float64)
    i = np.clip(np.searchsorted(ts, t, side="right") - 1, 0, len(ts) - 1)
    j = np.clip(i + 1, 0, len(ts) - 1)
    dt = ts[j] - ts[i]
    u = np.where(dt > 1e-9, (t - ts[i]) / np.where(dt > 1e-9, dt, 1.0), 0.0)
    return vs[i] + (vs[j] - vs[i]) * _ease(u)


class Wearer:
    """Head-camera wearer.  A cursor `t` advances with every action."""

    def __init__(self, x, y, eye=1.72, pitch=-8.0, phase=0.0):
        self.yk = [(0.0, 0.0)]
        self.pk = [(0.0, float(x), float(y))]
        self.tk = [(0.0, float(pitch))]
        self.walks = []
        self.t = 0.0
        self.eye = eye
        self.base_pitch = pitch
        self.phase = phase
        self.marks = {}

    # ---- helpers
    @property
    def yaw(self):
        return self.yk[-1][1]

    @property
    def xy(self):
        return self.pk[-1][1], self.pk[-1][2]

    def mark(self, name):
        self.marks[name] = self.t
        return self.t

    def _key_yaw(self, t, v):
        if t > self.yk[-1][0] + 1e-9:
            self.yk.append((t, v))

    def _key_pos(self, t, x, y):
        if t > self.pk[-1][0] + 1e-9:
            self.pk.append((t, x, y))

    def _sync(self):
        """Add hold keys so every channel is defined up to the cursor."""
        y = self.yk[-1][1]
        self._key_yaw(self.t, y)
        x, yy = self.xy
        self._key_pos(self.t, x, yy)

    # ---- actions
    def hold(self, d):
        self._sync()
        self.t += d
        self._sync()
        return self

    def pan(self, dyaw, dur):
        self._sync()
        y0 = self.yaw
        self.t += dur
        self._key_yaw(self.t, y0 + dyaw)
        self._sync()
        return self

    def pan_rate(self, dyaw, rate):
        return self.pan(dyaw, max(abs(dyaw) / rate, 0.2))

    def face(self, bearing, rate=60.0, min_d=0.3):
        d = float(wrap180(bearing - self.yaw))
        if abs(d) < 0.5:
            return self
        return self.pan(d, max(abs(d) / rate, min_d))

    def face_point(self, x, y, rate=60.0):
        cx, cy = self.xy
        return self.face(math.degrees(math.atan2(x - cx, y - cy)), rate)

    def glance(self, dyaw, peak=110.0, hold=0.7):
        """Fast look: cosine-eased move with the given peak rate (deg/s), hold, and back."""
        d = (math.pi / 2) * abs(dyaw) / peak
        self.pan(dyaw, d)
        self.hold(hold)
        self.pan(-dyaw, d)
        return self

    def turn360(self, direction=1, dur=9.0):
        return self.pan(360.0 * direction, dur)

    def pitch_to(self, p, dur=0.6):
        self._sync()
        if self.t > self.tk[-1][0]:
            self.tk.append((self.t, self.tk[-1][1]))
        self.tk.append((self.t + dur, float(p)))
        return self

    def look_down(self, p=-38.0, dur=0.7):
        return self.pitch_to(p, dur)

    def look_level(self, dur=0.7):
        return self.pitch_to(self.base_pitch, dur)

    def walk_to(self, x, y, speed=1.3, turn_rate=80.0, face=True):
        cx, cy = self.xy
        if face:
            self.face(math.degrees(math.atan2(x - cx, y - cy)), turn_rate)
        self._sync()
        dist = math.hypot(x - cx, y - cy)
        dur = dist / speed
        t0 = self.t
        self.t += dur
        self._key_pos(self.t, float(x), float(y))
        self._sync()
        self.walks.append((t0, self.t))
        return self

    def walk_path(self, pts, speed=1.3, turn_rate=80.0):
        for (x, y) in pts:
            self.walk_to(x, y, speed, turn_rate)
        return self

    # ---- evaluation (vectorised over t)
    def finish(self, duration):
        self.t = max(self.t, duration)
        self._sync()
        if self.tk[-1][0] < duration:
            self.tk.append((duration, self.tk[-1][1]))
        ts = np.array([k[0] for k in self.pk])
        self._pt = ts
        self._px = np.array([k[1] for k in self.pk])
        self._py = np.array([k[2] for k in self.pk])

    def walk_factor(self, t):
        t = np.asarray(t, np.float64)
        w = np.zeros_like(t)
        for (a, b) in self.walks:
            ramp = np.minimum(np.clip((t - a) / 0.4, 0, 1), np.clip((b - t) / 0.4, 0, 1))
            w = np.maximum(w, ramp)
        return w

    def _sway(self, t):
        t = np.asarray(t, np.float64)
        w = self.walk_factor(t)
        ph = self.phase
        yaw = w * 1.3 * np.sin(2 * np.pi * 0.9 * t + ph) + (1 - w) * 0.25 * (
            np.sin(2 * np.pi * 0.13 * t + ph) + 0.6 * np.sin(2 * np.pi * 0.31 * t + 1.0 + ph))
        pitch = w * 1.1 * np.sin(2 * np.pi * 1.8 * t + ph) + 0.35 * np.sin(2 * np.pi * 0.21 * t + 2 * ph)
        roll = w * 1.4 * np.sin(2 * np.pi * 0.9 * t + 0.5 + ph) + 0.3 * np.sin(2 * np.pi * 0.17 * t + ph)
        dz = w * 0.025 * np.sin(2 * np.pi * 1.8 * t + ph)
        return yaw, pitch, roll, dz

    def heading(self, t):
        ys, _, _, _ = self._sway(t)
        y0, _, _, _ = self._sway(0.0)
        return _eval_eased(self.yk, t) + ys - y0

    def pose(self, t):
        """(C (3,), yaw, pitch, roll) at scalar t."""
        ys, ps, rs, dz = self._sway(t)
        y0 = self._sway(0.0)[0]
        yaw = float(_eval_eased(self.yk, t) + ys - y0)
        pitch = float(_eval_eased(self.tk, t) + ps)
        x = float(np.interp(t, self._pt, self._px))
        y = float(np.interp(t, self._pt, self._py))
        return np.array([x, y, self.eye + float(dz)]), yaw, pitch, float(rs)

    def pos(self, t):
        t = np.asarray(t, np.float64)
        return np.interp(t, self._pt, self._px), np.interp(t, self._pt, self._py)


class Entity:
    def __init__(self, eid, label, model, x, y, *, kind="thing", detect=True, yaw=0.0, z=0.0, attrs=None,
                 occluder=False, det_keys=None, score=0.86, role=None, params=None, t_on=0.0):
        self.eid = eid
        self.label = label
        self.model = model
        self.kind = kind
        self.detect = detect
        self.keys = [(0.0, float(x), float(y))]
        self.zkeys = [(0.0, float(z))]
        self.yawkeys = [(0.0, float(yaw))]
        self.attr_changes = [(0.0, dict(attrs or {}))]
        self.present = [(float(t_on), INF)]
        self.carried = []      # [(t0, t1)] carried by the wearer (hidden unless in hand view)
        self.hand = []         # [(t0, t1)] visible in the wearer's hand at the bottom of the view
        self.occluder = occluder
        self.det_keys = det_keys
        self.score = score
        self.role = role
        self.params = dict(params or {})
        self.events = []       # (t, event, info)

    # ---- scripting
    def _pos_at_key(self, t):
        ts = [k[0] for k in self.keys]
        xs = [k[1] for k in self.keys]
        ys = [k[2] for k in self.keys]
        return float(np.interp(t, ts, xs)), float(np.interp(t, ts, ys))

    def move(self, t0, t1, x, y):
        assert t0 >= self.keys[-1][0] - 1e-9, (self.eid, t0, self.keys[-1])
        px, py = self._pos_at_key(t0)
        if t0 > self.keys[-1][0] + 1e-9:
            self.keys.append((t0, px, py))
        self.keys.append((t1, float(x), float(y)))
        return t1

    def teleport(self, t, x, y, event="moved"):
        px, py = self._pos_at_key(t)
        if t - 0.001 > self.keys[-1][0]:
            self.keys.append((t - 0.001, px, py))
        self.keys.append((t, float(x), float(y)))
        if event:
            self.events.append((t, event, {"from": (px, py), "to": (x, y)}))
        return t

    def path(self, t0, pts, speed=1.2):
        t = t0
        for (x, y) in pts:
            px, py = self._pos_at_key(t)
            d = math.hypot(x - px, y - py)
            t = self.move(t, t + d / speed, x, y)
        return t

    def lift(self, t0, t1, z):
        pz = float(np.interp(t0, [k[0] for k in self.zkeys], [k[1] for k in self.zkeys]))
        if t0 > self.zkeys[-1][0] + 1e-9:
            self.zkeys.append((t0, pz))
        self.zkeys.append((t1, float(z)))
        return t1

    def turn(self, t0, t1, yaw):
        py = float(np.interp(t0, [k[0] for k in self.yawkeys], [k[1] for k in self.yawkeys]))
        if t0 > self.yawkeys[-1][0] + 1e-9:
            self.yawkeys.append((t0, py))
        self.yawkeys.append((t1, float(yaw)))
        return t1

    def set(self, t, **kw):
        self.attr_changes.append((float(t), kw))
        self.attr_changes.sort(key=lambda a: a[0])
        return t

    def walk(self, t0, pts, speed=1.2, then=None):
        self.set(t0, activity="walking")
        t = self.path(t0, pts, speed)
        if then is not None:
            self.set(t, activity=then)
        return t

    def vanish(self, t, event=None):
        a, b = self.present[-1]
        self.present[-1] = (a, float(t))
        if event:
            self.events.append((t, event, {}))
        return t

    def appear(self, t):
        self.present.append((float(t), INF))
        return t

    # ---- evaluation
    def finish(self):
        self._kt = np.array([k[0] for k in self.keys])
        self._kx = np.array([k[1] for k in self.keys])
        self._ky = np.array([k[2] for k in self.keys])
        self._zt = np.array([k[0] for k in self.zkeys])
        self._zz = np.array([k[1] for k in self.zkeys])
        self._yt = np.array([k[0] for k in self.yawkeys])
        self._yy = np.array([k[1] for k in self.yawkeys])

    def pos(self, t):
        return float(np.interp(t, self._kt, self._kx)), float(np.interp(t, self._kt, self._ky))

    def z(self, t):
        return float(np.interp(t, self._zt, self._zz))

    def yaw(self, t):
        return float(np.interp(t, self._yt, self._yy))

    def is_present(self, t):
        return any(a <= t < b for a, b in self.present)

    def is_carried(self, t):
        return any(a <= t < b for a, b in self.carried)

    def in_hand_view(self, t):
        return any(a <= t < b for a, b in self.hand)

    def attrs(self, t):
        out = {}
        for (tt, kw) in self.attr_changes:
            if tt <= t + 1e-9:
                out.update(kw)
            else:
                break
        return out

    def attr_timeline(self, key):
        """[(t, value)] change points of one attribute."""
        out = []
        cur = object()
        for (tt, kw) in self.attr_changes:
            if key in kw and kw[key] != cur:
                out.append((tt, kw[key]))
                cur = kw[key]
        return out


class World:
    def __init__(self, name, site, duration, lens, wearer: Wearer, seed):
        self.name = name
        self.site = site
        self.duration = float(duration)
        self.lens = lens
        self.wearer = wearer
        self.seed = seed
        self.ents: dict[str, Entity] = {}
        self.zones = []      # excavation entity ids
        self.events = []     # (t, eid, event, info) for wearer actions

    def add(self, e: Entity):
        assert e.eid not in self.ents, e.eid
        self.ents[e.eid] = e
        return e

    def wearer_drop(self, eid, t_drop, xy, hand_from=None, carried_from=0.0):
        """The wearer sets a carried tool down at xy at t_drop (visible in hand from hand_from)."""
        e = self.ents[eid]
        e.carried.append((carried_from, t_drop))
        if hand_from is not None:
            e.hand.append((hand_from, t_drop))
        e.teleport(t_drop, xy[0], xy[1], event=None)
        e.events.append((t_drop, "dropped", {"xy": xy}))
        return t_drop

    def wearer_pick(self, eid, t_pick, hand_until=None, until=INF):
        e = self.ents[eid]
        e.carried.append((t_pick, until))
        if hand_until is not None:
            e.hand.append((t_pick, hand_until))
        e.events.append((t_pick, "picked_up", {}))
        return t_pick

    def finish(self):
        self.wearer.finish(self.duration)
        for e in self.ents.values():
            e.finish()
