"""World facts derived from the script: per-frame activity, spells and events, and what was observed."""
import math

import numpy as np

from .geom import bearing, wrap180


def runs(flags, times, min_len=0.0):
    """Maximal runs of True in a boolean array -> [(t_start, t_end)] (t_end = time after the last frame)."""
    out = []
    n = len(flags)
    dt = times[1] - times[0] if n > 1 else 1.0
    i = 0
    while i < n:
        if flags[i]:
            j = i
            while j + 1 < n and flags[j + 1]:
                j += 1
            t0, t1 = times[i], times[j] + dt
            if t1 - t0 >= min_len:
                out.append((t0, t1))
            i = j + 1
        else:
            i += 1
    return out


class Facts:
    def __init__(self, world, obs):
        self.w = world
        self.obs = obs
        self.times = np.array(world.times())
        self.fps = world.fps
        self._act = {}
        self.events = self._events()

    # ---------------------------------------------------------------- basic per-frame facts
    def act_series(self, name):
        if name not in self._act:
            e = self.w.ent[name]
            self._act[name] = np.array([e.act(t) if e.is_present(t) else "absent" for t in self.times])
        return self._act[name]

    def idle_spells(self, name):
        return runs(self.act_series(name) == "idle", self.times, 1.0)

    def work_spells(self, name):
        return runs(self.act_series(name) == "active", self.times, 1.0)

    def hat_off_spells(self, name):
        return [tuple(s) for s in self.w.ent[name].hat_off]

    def zone_spells(self, name):
        e = self.w.ent[name]
        flags = np.array([e.is_present(t) and self.w.in_pit(e, t) is not None for t in self.times])
        return runs(flags, self.times, 1.0)

    def ground_spells(self, name):
        """Spells on the ground after being put down (drop -> pick-up)."""
        e = self.w.ent[name]
        out = []
        for k, (t0, t1, who) in enumerate(e.carries):
            if t1 >= self.w.duration:
                continue
            nxt = e.carries[k + 1][0] if k + 1 < len(e.carries) else self.w.duration
            out.append((t1, nxt))
        return out

    def spells(self, name, state):
        return {"idle": self.idle_spells, "working": self.work_spells, "without_ppe": self.hat_off_spells,
                "in_zone": self.zone_spells, "on_ground": self.ground_spells}[state](name)

    # ---------------------------------------------------------------- events
    def _events(self):
        ev = {}
        w = self.w
        for e in w.ents:
            lst = []
            if e.shape == "worker":
                act = self.act_series(e.name)
                active_seen = False
                prev_idle_run = False
                i = 0
                n = len(act)
                while i < n:
                    j = i
                    while j + 1 < n and act[j + 1] == act[i]:
                        j += 1
                    a = act[i]
                    t0 = self.times[i]
                    dur = (j - i + 1) / self.fps
                    if a == "active":
                        if not active_seen:
                            lst.append((t0, "started_working"))
                        elif prev_idle_run:
                            lst.append((t0, "resumed_working"))
                        active_seen = True
                        prev_idle_run = False
                    elif a == "idle" and dur >= 5.0:
                        if active_seen:
                            lst.append((t0, "went_idle"))
                            lst.append((t0, "stopped_working"))
                        prev_idle_run = True
                    i = j + 1
                for t0, t1 in e.hat_off:
                    lst.append((t0, "ppe_removed"))
                for t0, t1 in self.zone_spells(e.name):
                    lst.append((t0, "entered_zone"))
                    lst.append((t1, "left_zone"))
                if e.present[1] < w.duration:
                    lst.append((e.present[1], "left"))
            for (t0, t1, who) in e.carries:
                if t0 > 0:
                    lst.append((t0, "picked_up"))
                    if who != "wearer":
                        lst.append((t0, "moved"))
                if t1 < w.duration:
                    lst.append((t1, "dropped"))
            if e.shape == "brick_wall":
                per = e.style["per_course"]
                for k, tb in enumerate(e.style["brick_times"]):
                    lst.append((tb, "work_unit", "brick", k + 1))
                    if (k + 1) % per == 0:
                        lst.append((tb, "work_unit", "course", (k + 1) // per))
            ev[e.name] = sorted(lst, key=lambda x: x[0])
        return ev

    def event_time(self, name, event, unit=None, ordinal=None, at=None):
        if event == "first_seen":
            return self.first_seen(name, at)
        if event == "last_seen":
            return self.last_seen(name, at)
        cands = [x for x in self.events[name] if x[1] == event and (at is None or x[0] <= at + 1e-9)]
        if event == "work_unit":
            cands = [x for x in cands if x[2] == unit and x[3] == (ordinal or 1)]
            return cands[0][0] if cands else None
        if not cands:
            return None
        if ordinal:
            return cands[ordinal - 1][0] if len(cands) >= ordinal else None
        if event in ("started_working",):
            return cands[0][0]
        return cands[-1][0]          # the latest such event up to `at`

    # ---------------------------------------------------------------- observations
    def det_idx(self, name, at=None):
        d = self.obs[name]["det"]
        idx = np.nonzero(d)[0]
        if at is not None:
            idx = idx[self.times[idx] <= at + 1e-9]
        return idx

    def first_seen(self, name, at=None):
        idx = self.det_idx(name, at)
        return float(self.times[idx[0]]) if idx.size else None

    def last_seen(self, name, at=None):
        """End of the last sighting up to at (time of the last frame with a detection)."""
        idx = self.det_idx(name, at)
        return float(self.times[idx[-1]]) if idx.size else None

    def seen_near(self, name, t, before=1.5, after=1.5):
        idx = self.det_idx(name)
        tt = self.times[idx]
        return bool(np.any((tt >= t - before) & (tt <= t + after)))

    def seen_fraction(self, name, t0, t1):
        i0, i1 = int(round(t0 * self.fps)), int(round(t1 * self.fps))
        i1 = max(i1, i0 + 1)
        return float(self.obs[name]["det"][i0:i1].mean())

    def max_gap(self, name, t0, t1):
        """Longest stretch without a detection within [t0, t1] (seconds)."""
        d = self.obs[name]["det"]
        i0, i1 = int(round(t0 * self.fps)), int(round(t1 * self.fps))
        best = cur = 0
        for v in d[i0:i1]:
            cur = 0 if v else cur + 1
            best = max(best, cur)
        return best / self.fps

    def place(self, name, t):
        e = self.w.ent[name]
        return e.xz(t)

    def last_place(self, name, at):
        ls = self.last_seen(name, at)
        if ls is None:
            return None, None
        return self.place(name, ls), ls

    def rel(self, place, at, from_pos=None):
        w = self.w.wearer
        frm = from_pos if from_pos is not None else w.pos(at)
        return wrap180(bearing(frm, place) - w.yaw(at))

    def heading(self, t):
        return self.w.wearer.yaw(t)

    def distance(self, a, b):
        return math.hypot(a[0] - b[0], a[1] - b[1])


def looked_at(world, place, t, central=True, y=0.4, max_dist=22.0):
    """Is the ground place (x, z) in the picture at time t (central: in the middle 76 % / 87 %)?"""
    pose = world.pose(t)
    p = np.array([place[0], y, place[1]])
    if np.linalg.norm(p - pose.C) > max_dist:
        return False
    pc = pose.to_cam(p[None])
    u, v, ok = world.lens.project(pc)
    if not ok[0]:
        return False
    W, H = world.lens.w, world.lens.h
    if central:
        return 0.12 * W <= u[0] <= 0.88 * W and 0.08 * H <= v[0] <= 0.95 * H
    return 0.0 <= u[0] <= W and 0.0 <= v[0] <= H
