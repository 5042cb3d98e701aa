"""Per-frame observation logs, alert truth and typed-answer helpers."""
from __future__ import annotations

import math

import numpy as np

from .scene import FPS, Ent, Scene
from .world import SECTORS, sector, wrap180

INSTANT = ("safety_alert", "ppe_violation", "exclusion_zone")
T1_ADD = {"safety_alert": 15, "ppe_violation": 15, "exclusion_zone": 15, "memory_recall": 15,
          "progress": 30, "idle": 60, "left_behind": 60}
PPE_S, IDLE_S, LEFT_S = 3.0, 60.0, 30.0
ZONE_MARGIN_M, LOAD_NEAR_M = 1.0, 2.5


class Obs:
    """Simulation pass: what the camera sees in every frame."""

    def __init__(self, scene: Scene):
        self.scene = scene
        n = scene.n
        self.n = n
        self.vis = {e.eid: np.zeros(n, bool) for e in scene.ents}
        self.bear = {e.eid: np.full(n, np.nan) for e in scene.ents}
        self.attrs = {e.eid: [None] * n for e in scene.ents}
        self.det_lines = []
        self.by_id = {e.eid: e for e in scene.ents}
        for i in range(n):
            items = scene.items(i)
            for it in items:
                self.vis[it.ent.eid][i] = True
                self.bear[it.ent.eid][i] = it.bearing
                self.attrs[it.ent.eid][i] = it.attrs
            self.det_lines.append({"t": round(i / FPS, 3), "detections": scene.detections(i, items)})

    # -------------------------------------------------------------- basics
    def fi(self, t):
        return min(self.n - 1, int(math.floor(t * FPS + 1e-6)))

    def heading(self, t):
        return float(self.scene.yaw[self.fi(t)])

    def seen_frames(self, eid, at):
        v = self.vis[eid][: self.fi(at) + 1]
        return np.nonzero(v)[0]

    def first_seen(self, eid, at=1e9):
        f = self.seen_frames(eid, at)
        assert len(f), f"{eid} never seen by {at}"
        return f[0] / FPS

    def last_seen(self, eid, at):
        """End of the last sighting up to at."""
        f = self.seen_frames(eid, at)
        assert len(f), f"{eid} never seen by {at}"
        return f[-1] / FPS

    def visible(self, eid, t):
        return bool(self.vis[eid][self.fi(t)])

    def last_bearing(self, eid, at):
        f = self.seen_frames(eid, at)
        assert len(f), f"{eid} never seen by {at}"
        return float(self.bear[eid][f[-1]])

    # -------------------------------------------------------------- typed answers
    def ans_direction(self, eid, at):
        r = wrap180(self.last_bearing(eid, at) - self.heading(at))
        d, alt = sector(r)
        out = {"direction": d}
        if alt:
            out["direction_alt"] = alt
        return out, r

    def ans_things_in(self, direction, at, exclude=()):
        c = SECTORS.index(direction) * 45.0
        req, opt = set(), set()
        for e in self.scene.ents:
            if e.eid in exclude:
                continue
            f = self.seen_frames(e.eid, at)
            if not len(f):
                continue
            if e.is_held(at):
                r = 0.0
                lab_set = opt if abs(wrap180(r - c)) <= 50 else None
                if lab_set is not None:
                    lab_set.add(e.label)
                continue
            r = wrap180(float(self.bear[e.eid][f[-1]]) - self.heading(at))
            d = abs(wrap180(r - c))
            if d < 40:
                req.add(e.label)
            elif d <= 50:
                opt.add(e.label)
        opt -= req
        out = {"entity_types": sorted(req)}
        if opt:
            out["entity_types_optional"] = sorted(opt)
        return out

    def count_distinct(self, label, at, pred=None):
        ids = set()
        for e in self.scene.ents:
            if e.label != label or not len(self.seen_frames(e.eid, at)):
                continue
            if pred is None or pred(e):
                ids.add(e.track_id)
        return len(ids)

    def first_visible_when(self, eid, cond, t_from=0.0, t_to=1e9):
        """First frame in [t_from, t_to] where eid is visible and cond(attrs, t) holds."""
        for i in range(self.fi(t_from), min(self.n, self.fi(t_to) + 1)):
            if self.vis[eid][i] and cond(self.attrs[eid][i], i / FPS):
                return i / FPS
        return None

    # -------------------------------------------------------------- alerts
    def alerts(self, recalls=()):
        out = []
        sc = self.scene
        workers = [e for e in sc.ents if e.label == "worker"]
        for w in workers:
            out += self._ppe(w)
            out += self._idle(w)
            for z in [e for e in sc.ents if e.label == "excavation"]:
                out += self._near(w, z, "exclusion_zone", self._in_zone)
            for ld in [e for e in sc.ents if e.label == "suspended_load"]:
                out += self._near(w, ld, "safety_alert", self._under_load)
        for e in sc.ents:
            if e.held:
                out += self._left_behind(e)
            if e.label == "brick_wall":
                out += self._progress(e)
        for eid, t_change, note in recalls:
            out.append(self._recall(eid, t_change, note))
        for a in out:
            a["t0"] = round(float(a["t0"]), 3)
            a["t1"] = round(a["t0"] + T1_ADD[a["category"]], 3)
        out.sort(key=lambda a: a["t0"])
        return out

    def _ppe(self, w: Ent):
        out, run, alerted = [], 0, False
        prev_hat = True
        for i in range(self.n):
            t = i / FPS
            hat = w.state(t)["hardhat"] if w.is_present(t) else True
            if hat and not prev_hat:
                alerted = False
            prev_hat = hat
            if not hat and self.vis[w.eid][i]:
                run += 1
                if run / FPS >= PPE_S and not alerted:
                    alerted = True
                    out.append({"category": "ppe_violation", "t0": t, "subject": w.eid,
                                "note": f"{w.eid} without hard hat in view for 3 s"})
            else:
                run = 0
        return out

    def _idle(self, w: Ent):
        out = []
        i = 0
        while i < self.n:
            if w.is_present(i / FPS) and w.state(i / FPS)["activity"] == "idle":
                j = i
                while j < self.n and w.is_present(j / FPS) and w.state(j / FPS)["activity"] == "idle":
                    j += 1
                seen = np.nonzero(self.vis[w.eid][i:j])[0]
                if len(seen):
                    s0 = (i + seen[0]) / FPS
                    later = [(i + k) / FPS for k in seen if (i + k) / FPS >= s0 + IDLE_S - 1e-9]
                    if later:
                        out.append({"category": "idle", "t0": later[0], "subject": w.eid,
                                    "note": f"{w.eid} idle from {round(i / FPS, 1)} s (seen idle from {round(s0, 1)} s) to {round(j / FPS, 1)} s"})
                i = j
            i += 1
        return out

    def _in_zone(self, w, z, t):
        wx, wz = w.pos(t)
        zx, zz = z.pos(t)
        b = math.atan2(zx, zz)
        dx, dz = wx - zx, wz - zz
        # into the footprint frame (right, forward)
        u = dx * math.cos(b) - dz * math.sin(b)
        v = dx * math.sin(b) + dz * math.cos(b)
        ex = max(0.0, abs(u) - z.w / 2)
        ez = max(0.0, abs(v) - z.depth_m / 2)
        return math.hypot(ex, ez) <= ZONE_MARGIN_M

    def _under_load(self, w, ld, t):
        wx, wz = w.pos(t)
        lx, lz = ld.pos(t)
        return math.hypot(wx - lx, wz - lz) <= LOAD_NEAR_M

    def _near(self, w, other, cat, pred):
        out, inside, alerted = [], False, False
        for i in range(self.n):
            t = i / FPS
            now = w.is_present(t) and other.is_present(t) and pred(w, other, t)
            if now and not inside:
                alerted = False
            inside = now
            if now and not alerted and self.vis[w.eid][i] and self.vis[other.eid][i]:
                alerted = True
                out.append({"category": cat, "t0": t, "subject": w.eid,
                            "note": f"{w.eid} {'in zone of' if cat == 'exclusion_zone' else 'under/next to'} {other.eid}"})
        return out

    def _left_behind(self, e: Ent):
        out = []
        # ground periods after a held interval
        for _h0, h1 in e.held:
            nxt = [a for a, b in e.held if a >= h1]
            end = min(nxt) if nxt else 1e9
            run_start = None
            for i in range(self.fi(h1), self.n):
                t = i / FPS
                if t >= end or not e.is_present(t):
                    break
                if not self.vis[e.eid][i]:
                    if run_start is None:
                        run_start = t
                    if t - run_start >= LEFT_S:
                        out.append({"category": "left_behind", "t0": run_start + LEFT_S, "subject": e.eid,
                                    "note": f"{e.eid} set down at {round(h1, 1)} s, out of view since {round(run_start, 1)} s"})
                        break
                else:
                    run_start = None
        return out

    def _progress(self, e: Ent):
        out = []
        first = self.first_visible_when(e.eid, lambda a, t: a["bricks"] >= 1)
        if first is not None:
            out.append({"category": "progress", "t0": first, "subject": e.eid, "note": "first brick laid"})
        k = 3
        while True:
            tt = self.first_visible_when(e.eid, lambda a, t, k=k: a["courses"] >= k)
            if tt is None:
                break
            out.append({"category": "progress", "t0": tt, "subject": e.eid, "note": f"course {k} completed"})
            k += 3
        return out

    def _recall(self, eid, t_change, note):
        e = self.by_id[eid]
        i0 = self.fi(t_change)
        assert not self.vis[eid][max(0, i0 - 1)] and not self.vis[eid][i0], f"{eid} visible at its change"
        assert self.vis[eid][:i0].any(), f"{eid} never seen before change"
        b, d = e.track[0][1], e.track[0][2]
        x, z = e.pos(t_change - 0.5)
        b, d = math.degrees(math.atan2(x, z)), math.hypot(x, z)
        ghost = Ent("ghost", e.label, "g", [(0, b, d)], w=e.w, h=e.h, kind=e.kind, base=e.base)
        W, H = self.scene.lens.W, self.scene.lens.H
        for i in range(i0, self.n):
            assert not self.vis[eid][i], f"{eid} seen again before the recall"
            it = self.scene.item_for(ghost, i, need_present=False)
            if it is None:
                continue
            x1, y1, x2, y2 = it.box
            if x1 >= 0 and x2 <= W and y1 >= 0 and y2 <= H:
                return {"category": "memory_recall", "t0": i / FPS, "subject": eid,
                        "note": f"{note}; its old place (bearing {b:.0f}) back in full view"}
        raise AssertionError(f"old place of {eid} never seen again")
