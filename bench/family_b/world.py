"""World model of a scenario: wearer motion, entities, per-frame geometry.

Everything here is deterministic.  The geometry pass computes, for every frame,
the projected (unclipped) box of every entity that exists, which both the
renderer and the truth derivation use, so detections match the drawing.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .lens import Lens

CAM_HEIGHT = 1.7        # metres above ground
BASE_PITCH = -8.0       # head-worn cameras look slightly down
PITCH_STEP = 0.1        # pitch quantisation (maps are cached per step)
BRICKS_PER_COURSE = 10
COURSE_H = 0.2          # metres per course (drawn large so it is visible)
FOOTING_H = 0.15
DROP_DIST = 3.5         # where the wearer sets a tool down (metres ahead)
DROP_OFFSET = 6.0       # ... and how far right of the heading (degrees)


def wrap180(x):
    """Wrap to (-180, 180]."""
    y = (np.asarray(x, dtype=np.float64) + 180.0) % 360.0 - 180.0
    y = np.where(y == -180.0, 180.0, y)
    return float(y) if np.ndim(y) == 0 else y


# ---------------------------------------------------------------------- motion
@dataclass
class Motion:
    """Wearer heading: eased keyframes + jitter, walking bob/sway."""
    keys: list                       # [(t, yaw_deg)]
    walks: list = field(default_factory=list)   # [(t0, t1)]
    seed: int = 0

    def _base(self, t):
        ks = self.keys
        if t <= ks[0][0]:
            return ks[0][1]
        for (t0, y0), (t1, y1) in zip(ks, ks[1:]):
            if t0 <= t <= t1:
                if t1 == t0 or y0 == y1:
                    return y1
                s = (t - t0) / (t1 - t0)
                return y0 + (y1 - y0) * (1 - math.cos(math.pi * s)) / 2
        return ks[-1][1]

    def walking(self, t):
        return any(a <= t < b for a, b in self.walks)

    def yaw(self, t):
        rng = np.random.default_rng(self.seed)
        ph = rng.uniform(0, 2 * math.pi, 3)
        j = (0.18 * math.sin(2 * math.pi * 0.23 * t + ph[0])
             + 0.12 * math.sin(2 * math.pi * 0.61 * t + ph[1]))
        if self.walking(t):
            j += 0.7 * math.sin(2 * math.pi * 0.9 * t + ph[2])
        return self._base(t) + j

    def pitch(self, t):
        p = BASE_PITCH + 0.3 * math.sin(2 * math.pi * 0.13 * t)
        if self.walking(t):
            p += 1.0 * math.sin(2 * math.pi * 1.8 * t)
        return round(p / PITCH_STEP) * PITCH_STEP


# -------------------------------------------------------------------- entities
@dataclass
class Ent:
    id: str                      # track id (stable per true individual)
    label: str
    w: float                     # metres
    h: float
    pos: list                    # [(t, bearing_deg, dist_m)] piecewise linear
    z0: float = 0.0              # base height above ground (suspended loads)
    present: list | None = None  # [(t0, t1)] when it exists in the world
    attrs: list = field(default_factory=list)   # [(t, {updates})]
    held: list = field(default_factory=list)    # [(t_pick, t_drop)] wearer's hands
    bricks: list | None = None   # brick_wall: times at which bricks are laid
    name: str = ""               # human description for notes
    drops: list = field(default_factory=list)   # resolved [(t_drop_end, b, d)]

    def exists(self, t):
        if self.present is None:
            return True
        return any(a <= t < b for a, b in self.present)

    def attr(self, t):
        out = {}
        for tt, upd in self.attrs:
            if tt <= t:
                out.update(upd)
        if self.bricks is not None:
            n = sum(1 for b in self.bricks if b <= t)
            out["bricks"] = n
            out["courses"] = n // BRICKS_PER_COURSE
        return out

    def attr_intervals(self, key, value, t_end):
        """Intervals where attribute ``key`` == value."""
        out, cur, start = [], None, None
        for tt, upd in sorted(self.attrs, key=lambda x: x[0]):
            if key in upd:
                v = upd[key]
                if v == value and cur != value:
                    start = tt
                elif v != value and cur == value:
                    out.append((start, tt))
                cur = v
        if cur == value:
            out.append((start, t_end))
        return out

    def ground(self, t):
        """(bearing, dist) of the ground pose at t (after resolved drops)."""
        last_drop = None
        for td, b, d in self.drops:
            if td <= t:
                last_drop = (b, d)
        if last_drop is not None:
            return last_drop
        ks = self.pos
        if t <= ks[0][0]:
            return ks[0][1], ks[0][2]
        for (t0, b0, d0), (t1, b1, d1) in zip(ks, ks[1:]):
            if t0 <= t <= t1:
                s = 0.0 if t1 == t0 else (t - t0) / (t1 - t0)
                return b0 + (b1 - b0) * s, d0 + (d1 - d0) * s
        return ks[-1][1], ks[-1][2]

    def hold_state(self, t):
        """None (on ground), ('held',), ('pick', s) or ('drop', s)."""
        for tp, td in self.held:
            if tp <= t < tp + 1.0 and tp > 0:
                return ("pick", t - tp)
            if (tp + 1.0 <= t or tp <= 0) and t < td:
                return ("held",)
            if td <= t < td + 1.0:
                return ("drop", t - td)
        return None


# ------------------------------------------------------------------- scenario
@dataclass
class Scenario:
    name: str
    duration: float
    lens: Lens
    motion: Motion
    ents: list
    style: str
    seed: int
    fps: int = 15
    description: str = ""
    lookalikes: list = field(default_factory=list)

    def __post_init__(self):
        self.by_id = {e.id: e for e in self.ents}
        assert len(self.by_id) == len(self.ents)
        self.n = int(round(self.duration * self.fps))
        self.times = np.arange(self.n) / self.fps
        self.yaw = np.array([self.motion.yaw(t) for t in self.times])
        self.pitch = np.array([self.motion.pitch(t) for t in self.times])
        # resolve where the wearer sets tools down
        for e in self.ents:
            e.drops = []
            for tp, td in e.held:
                if td < self.duration:
                    yaw_d = self.motion.yaw(td + 1.0)
                    e.drops.append((td + 1.0, yaw_d + DROP_OFFSET, DROP_DIST))
        self._geometry()

    # ----------------------------------------------------------- geometry
    def yaw_at(self, t):
        i = min(max(int(round(t * self.fps)), 0), self.n - 1)
        return float(self.yaw[i])

    def held_box(self, e):
        W, H = self.lens.width, self.lens.height
        hh = 0.22 * H
        ww = hh * e.w / e.h
        cx, by = 0.70 * W, 0.93 * H
        return np.array([cx - ww / 2, by - hh, cx + ww / 2, by])

    def world_box(self, e, b, d, t, yaw, pitch):
        """Projected box (x1,y1,x2,y2) of a billboard, plus the ground cut."""
        a = b - yaw
        a = (a + 180.0) % 360.0 - 180.0
        attrs = e.attr(t)
        z0 = e.z0
        h = e.h
        if e.label == "brick_wall":
            rows = math.ceil(attrs["bricks"] / BRICKS_PER_COURSE)
            h = FOOTING_H + rows * COURSE_H
        if e.label == "worker" and attrs.get("in_pit"):
            z0 = -1.0
        ef = math.degrees(math.atan2(z0 - CAM_HEIGHT, d))
        et = math.degrees(math.atan2(z0 + h - CAM_HEIGHT, d))
        em = (ef + et) / 2
        half = math.degrees(math.atan2(e.w / 2, d))
        u, v, ok = self.lens.project([a, a, a - half, a + half], [ef, et, em, em], pitch)
        if not ok.all():
            return None, None
        wpx = abs(u[3] - u[2])
        box = np.array([u[0] - wpx / 2, v[1], u[0] + wpx / 2, v[0]])
        cut = None
        if z0 < 0 and e.label == "worker":
            ec = math.degrees(math.atan2(-CAM_HEIGHT, d))
            _, vc, _ = self.lens.project([a], [ec], pitch)
            cut = float(vc[0])
        return box, cut

    def _geometry(self):
        """boxes[i][eid] = (full_box, clipped_box or None, cut_v)."""
        W, H = self.lens.width, self.lens.height
        self.frames = []
        self.vis = {e.id: np.zeros(self.n, bool) for e in self.ents}
        self.bearing = {e.id: np.full(self.n, np.nan) for e in self.ents}
        self.dist = {e.id: np.full(self.n, np.nan) for e in self.ents}
        for i, t in enumerate(self.times):
            yaw, pitch = self.yaw[i], self.pitch[i]
            fr = {}
            for e in self.ents:
                if not e.exists(t):
                    continue
                hs = e.hold_state(t)
                cut = None
                if hs is None:
                    b, d = e.ground(t)
                    box, cut = self.world_box(e, b, d, t, yaw, pitch)
                elif hs[0] == "held":
                    b, d = yaw + (0.70 - 0.5) * self.lens.hfov_deg, 0.7
                    box = self.held_box(e)
                else:
                    if hs[0] == "pick":
                        b, d = e.ground(t - 1.5)
                        s = hs[1]
                    else:
                        b, d = e.ground(t + 1.5)
                        s = 1.0 - hs[1]
                    gbox, _ = self.world_box(e, b, d, t, yaw, pitch)
                    hbox = self.held_box(e)
                    box = hbox if gbox is None else gbox + (hbox - gbox) * s
                self.bearing[e.id][i] = b
                self.dist[e.id][i] = d
                if box is None:
                    continue
                if cut is not None:
                    box = box.copy()
                    full_bottom = box[3]
                    box[3] = min(box[3], cut)
                else:
                    full_bottom = None
                cb = np.array([max(box[0], 0), max(box[1], 0), min(box[2], W), min(box[3], H)])
                cw, ch = cb[2] - cb[0], cb[3] - cb[1]
                area = max((box[2] - box[0]) * (box[3] - box[1]), 1e-6)
                visible = cw >= 4 and ch >= 4 and cw * ch >= 0.15 * area
                fr[e.id] = (box, cb if visible else None, full_bottom)
                if visible:
                    self.vis[e.id][i] = True
            self.frames.append(fr)

    # ---------------------------------------------------------- observation
    def idx(self, t):
        return min(max(int(math.floor(t * self.fps + 1e-6)), 0), self.n - 1)

    def first_seen(self, eid, at=None):
        v = self.vis[eid][: self.idx(at) + 1] if at is not None else self.vis[eid]
        nz = np.flatnonzero(v)
        return float(self.times[nz[0]]) if len(nz) else None

    def last_seen(self, eid, at):
        v = self.vis[eid][: self.idx(at) + 1]
        nz = np.flatnonzero(v)
        return float(self.times[nz[-1]]) if len(nz) else None

    def seen_in(self, eid, t0, t1):
        return bool(self.vis[eid][self.idx(t0): self.idx(t1) + 1].any())

    def visible_frac(self, eid, t0, t1):
        return float(self.vis[eid][self.idx(t0): self.idx(t1) + 1].mean())

    def last_bearing(self, eid, at):
        ls = self.last_seen(eid, at)
        if ls is None:
            return None
        return float(self.bearing[eid][self.idx(ls)])

    def sightings(self, eid):
        v = self.vis[eid].astype(np.int8)
        d = np.diff(np.concatenate([[0], v, [0]]))
        st, en = np.flatnonzero(d == 1), np.flatnonzero(d == -1) - 1
        return [(float(self.times[a]), float(self.times[b])) for a, b in zip(st, en)]

    def place_in_view(self, e, b, d, t, frac=0.6):
        """Whether the place (b, d) of entity e is well inside the frame at t."""
        i = self.idx(t)
        box, _ = self.world_box(e, b, d, t, self.yaw[i], self.pitch[i])
        if box is None:
            return False
        W, H = self.lens.width, self.lens.height
        cb = [max(box[0], 0), max(box[1], 0), min(box[2], W), min(box[3], H)]
        cw, ch = cb[2] - cb[0], cb[3] - cb[1]
        if cw <= 0 or ch <= 0:
            return False
        return cw * ch >= frac * (box[2] - box[0]) * (box[3] - box[1])
