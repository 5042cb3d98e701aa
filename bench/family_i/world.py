"""Scripted 3-D world: lens, wearer (head yaw and walk), entities with states over time.

World axes: x east (right at t=0), y up, z north (the wearer's heading at t=0).
Bearing of a point = atan2(dx, dz) in degrees: 0 ahead at t=0, positive to the right.
"""
import math

import numpy as np

SECTORS = {0: "front", 1: "front-right", 2: "right", 3: "behind-right", 4: "behind",
           -3: "behind-left", -2: "left", -1: "front-left"}


def wrap180(a):
    """Wrap to (-180, 180]."""
    a = (a + 180.0) % 360.0 - 180.0
    return 180.0 if a == -180.0 else a


def sector_of(rel):
    """(sector name, alt sector or None when within 6 deg of a boundary, margin deg)."""
    rel = wrap180(rel)
    idx = int(round(rel / 45.0))
    if idx == -4:
        idx = 4
    centre = idx * 45.0
    off = rel - centre
    if off > 180:
        off -= 360
    if off < -180:
        off += 360
    margin = 22.5 - abs(off)
    alt = None
    if margin < 6.0:
        j = idx + (1 if off > 0 else -1)
        j = ((j + 4) % 8) - 4
        if j == -4:
            j = 4
        alt = SECTORS[j]
    key = ((idx + 4) % 8) - 4
    if key == -4:
        key = 4
    return SECTORS[key], alt, margin


def bearing(frm, to):
    return math.degrees(math.atan2(to[0] - frm[0], to[-1] - frm[-1]))


def _smooth(u):
    return u * u * (3.0 - 2.0 * u)


class Track:
    """Piecewise interpolation over keyframes (t, value-or-tuple); eased or linear."""

    def __init__(self, keys, ease=False):
        keys = sorted(keys, key=lambda k: k[0])
        self.t = np.array([k[0] for k in keys], float)
        self.v = np.array([np.atleast_1d(np.asarray(k[1], float)) for k in keys])
        self.ease = ease

    def __call__(self, t):
        i = int(np.searchsorted(self.t, t, side="right")) - 1
        if i < 0:
            out = self.v[0]
        elif i >= len(self.t) - 1:
            out = self.v[-1]
        else:
            u = (t - self.t[i]) / (self.t[i + 1] - self.t[i])
            if self.ease:
                u = _smooth(u)
            out = self.v[i] + (self.v[i + 1] - self.v[i]) * u
        return float(out[0]) if out.shape[0] == 1 else out.copy()


class Lens:
    def __init__(self, projection, hfov_deg, width, height):
        self.projection = projection
        self.hfov = hfov_deg
        self.W, self.H = width, height
        self.cx, self.cy = (width - 1) / 2.0, (height - 1) / 2.0
        if projection == "pinhole":
            self.f = (width / 2.0) / math.tan(math.radians(hfov_deg) / 2.0)
        else:
            self.f = (width / 2.0) / (math.radians(hfov_deg) / 2.0)

    def project(self, P):
        """P: (N,3) camera coords (X right, Y down, Z forward) -> (u, v, valid)."""
        X, Y, Z = P[:, 0], P[:, 1], P[:, 2]
        if self.projection == "pinhole":
            valid = Z > 0.15
            Zs = np.where(valid, Z, 1.0)
            u = self.cx + self.f * X / Zs
            v = self.cy + self.f * Y / Zs
        else:
            n = np.sqrt(X * X + Y * Y + Z * Z) + 1e-9
            th = np.arccos(np.clip(Z / n, -1, 1))
            valid = th < math.radians(100)
            rr = np.sqrt(X * X + Y * Y) + 1e-9
            u = self.cx + self.f * th * X / rr
            v = self.cy + self.f * th * Y / rr
        return u, v, valid

    def rays(self):
        """Unit rays (H,W,3) in camera coords for every pixel."""
        u, v = np.meshgrid(np.arange(self.W, dtype=np.float64), np.arange(self.H, dtype=np.float64))
        dx, dy = u - self.cx, v - self.cy
        if self.projection == "pinhole":
            d = np.stack([dx / self.f, dy / self.f, np.ones_like(dx)], -1)
        else:
            r = np.sqrt(dx * dx + dy * dy) + 1e-9
            th = r / self.f
            s = np.sin(th)
            d = np.stack([s * dx / r, s * dy / r, np.cos(th)], -1)
        return d / np.linalg.norm(d, axis=-1, keepdims=True)


class Wearer:
    def __init__(self, yaw_keys, pos_keys, pitch_deg=-8.0, eye_h=1.7):
        self.yaw = Track(yaw_keys, ease=True)
        self.pos = Track(pos_keys, ease=True)
        self.pitch = pitch_deg
        self.eye_h = eye_h

    def eye(self, t):
        x, z = self.pos(t)
        return np.array([x, self.eye_h, z])

    def basis(self, t):
        """Right, up, forward unit vectors (world) of the camera at t."""
        a = math.radians(self.yaw(t))
        p = math.radians(self.pitch)
        f = np.array([math.sin(a) * math.cos(p), math.sin(p), math.cos(a) * math.cos(p)])
        r = np.array([math.cos(a), 0.0, -math.sin(a)])
        u = np.cross(f, r)  # up
        return r, u, f

    def to_cam(self, t, Pw):
        r, u, f = self.basis(t)
        d = Pw - self.eye(t)
        return np.stack([d @ r, -(d @ u), d @ f], -1)


def in_spans(t, spans):
    return any(a <= t < b for a, b in spans)


class Entity:
    """A scripted thing or person.

    pos: Track of (x, y, z) (y = base height; a worker in a pit has y < 0).
    present: spans [(t0, t1)] when it exists in the scene.
    activity: for workers, spans (t0, t1, 'active'|'idle'|'walking').
    hatless: spans without hard hat.  bricks: laying times (brick_wall).
    """

    def __init__(self, eid, label, pos, present=((0, 1e9),), attrs=None, detect=True,
                 activity=None, hatless=(), bricks=None, facing=0.0, kind=None, size=None,
                 events=None, carried=()):
        self.eid, self.label = eid, label
        self.pos = pos if isinstance(pos, Track) else Track([(0, pos)])
        self.present = list(present)
        self.attrs = dict(attrs or {})
        self.detect = detect
        self.activity = list(activity or [])
        self.hatless = list(hatless)
        self.bricks = list(bricks or [])
        self.facing = facing
        self.kind = kind or label
        self.size = size
        self.events = dict(events or {})
        self.carried = list(carried)

    def p(self, t):
        v = self.pos(t)
        return np.array([v[0], v[1], v[2]]) if len(v) == 3 else np.array([v[0], 0.0, v[1]])

    def exists(self, t):
        return in_spans(t, self.present)

    def act(self, t):
        for a, b, s in self.activity:
            if a <= t < b:
                return s
        return None

    def hardhat(self, t):
        return not in_spans(t, self.hatless) and self.attrs.get("hat_colour") is not None

    def n_bricks(self, t):
        return sum(1 for bt in self.bricks if bt <= t)


class Scenario:
    def __init__(self, name, site, camera, lens, duration, wearer, entities, tracker,
                 seed, pano_style, ground_style):
        self.name, self.site, self.camera = name, site, camera
        self.lens, self.duration, self.wearer = lens, duration, wearer
        self.entities = entities
        self.by_id = {e.eid: e for e in entities}
        self.tracker = tracker
        self.seed = seed
        self.pano_style, self.ground_style = pano_style, ground_style
        self.fps = 15
        self.n = int(round(duration * self.fps))
        self.times = [i / self.fps for i in range(self.n)]
        self.questions = []
        self.designed_alerts = []
        self.lookalikes = []
        self.zones = []  # excavation entity ids
        self.drops = []  # wearer tool drops: (eid, t_drop, t_pick or None)
