"""Alert scanners: apply the contract's alert meanings and default thresholds to the scripted
world as observed through the detections, and report every situation that must alert with its
window [t0, t1] (t0: when it first becomes observable; t1: the contract's timeliness, cut at the
end of the situation).  They also report situations too close to a threshold to judge fairly."""
import numpy as np

PPE_S = 3.0
IDLE_S = 60.0
LEFT_S = 30.0
INSTANT_S = 15.0
PROGRESS_S = 30.0
SLOW_S = 60.0
NEAR = 0.10  # keep every spell at least 10 % away from its threshold
SAFETY_NEAR_M = 3.0  # under or next to a suspended load
SAFETY_CLEAR_M = 6.0  # clearly away from it
ZONE_CLEAR_M = 2.0  # clearly outside an excavation's zone, whatever its margin


def _runs(mask):
    """[(i0, i1)] inclusive runs of True."""
    out = []
    m = np.asarray(mask, bool)
    if not m.any():
        return out
    d = np.diff(np.concatenate([[0], m.astype(int), [0]]))
    starts, ends = np.nonzero(d == 1)[0], np.nonzero(d == -1)[0] - 1
    return list(zip(starts.tolist(), ends.tolist()))


def describe(e):
    if e.kind == "worker":
        vest = "no vest" if e.attrs["vest"] == "none" else f"{e.attrs['vest']} vest"
        return f"{e.role or 'worker'} ({vest}, {e.attrs['hat_colour']} hard hat)"
    c = e.attrs.get("colour")
    return f"{e.label} ({c})" if c else e.label


class Scan:
    def __init__(self, scen, world, mem):
        self.s, self.w, self.m = scen, world, mem
        self.t = world.t
        self.alerts, self.problems, self.notes = [], [], []
        self.dur = scen.duration

    def _alert(self, cat, eid, t0, t1, note):
        e = self.s.ent(eid)
        t1 = min(t1, self.dur - 1.0 / self.s.fps)
        if t1 - t0 < 5.0:
            self.problems.append(f"{cat} {eid}: window [{t0:.1f}, {t1:.1f}] too short to judge")
        self.alerts.append({"category": cat, "t0": round(float(t0), 2), "t1": round(float(t1), 2),
                            "subject": e.label, "subject_id": self.m.track_near(eid, t0, t1), "eid": eid,
                            "note": describe(e) + ": " + note})

    def near(self, value, thr):
        return abs(value - thr) < NEAR * thr

    # ------------------------------------------------------------------ ppe
    def ppe(self):
        for e in self.s.entities:
            if e.kind != "worker":
                continue
            st = self.w.state[e.eid]
            for i0, i1 in _runs(~st["hat"] & st["present"]):
                wdur = self.t[i1] - self.t[i0] + 1 / self.s.fps
                obs = [f for f in range(i0, i1 + 1) if self.m.seen[e.eid][f]]
                if not obs:
                    self.notes.append(f"ppe {e.eid}: hat off {self.t[i0]:.1f}-{self.t[i1]:.1f} never seen")
                    continue
                # observed spell: first sighting without the hat to the last (gaps up to a minute join)
                o0, o1 = self.t[obs[0]], self.t[obs[-1]]
                odur = o1 - o0
                if self.near(wdur, PPE_S) or self.near(odur, PPE_S):
                    self.problems.append(f"ppe {e.eid}: spell {wdur:.1f}s (seen {odur:.1f}s) too near {PPE_S}s")
                if odur >= PPE_S:
                    t0 = o0 + PPE_S
                    self._alert("ppe_violation", e.eid, t0, min(t0 + INSTANT_S, self.t[i1]),
                                f"{e.eid} without hard hat from {self.t[i0]:.1f}s to {self.t[i1]:.1f}s")
                else:
                    self.notes.append(f"ppe look-alike {e.eid}: hat off {wdur:.1f}s (seen {odur:.1f}s)")

    # ------------------------------------------------------------------ exclusion zone
    def zone(self):
        pits = [e for e in self.s.entities if e.kind == "pit"]
        for pe in pits:
            pst = self.w.state[pe.eid]
            for e in self.s.entities:
                if e.kind != "worker":
                    continue
                st = self.w.state[e.eid]
                d = self.w.pit_dist[(pe.eid, e.eid)]
                inside = (d <= 0.0) & st["present"]
                for i0, i1 in _runs(inside):
                    obs = [f for f in range(i0, i1 + 1) if self.m.seen[e.eid][f] and self.m.seen[pe.eid][f]]
                    if not obs:
                        self.problems.append(f"zone {e.eid}: in {pe.eid} unseen")
                        continue
                    t0 = self.t[obs[0]]
                    self._alert("exclusion_zone", e.eid, t0, min(t0 + INSTANT_S, self.t[i1]),
                                f"{e.eid} inside the excavation {self.t[i0]:.1f}-{self.t[i1]:.1f}s")
                # anyone near the edge (not while climbing in or out) is ambiguous
                near = (d > 0) & (d < ZONE_CLEAR_M) & st["present"] & self.m.seen[e.eid]
                for i0, i1 in _runs(near):
                    lo, hi = max(0, i0 - 45), min(self.w.F - 1, i1 + 45)
                    if inside[lo:hi + 1].any():
                        continue
                    self.problems.append(f"zone {e.eid}: within {ZONE_CLEAR_M} m of {pe.eid} "
                                         f"{self.t[i0]:.1f}-{self.t[i1]:.1f}s")
                ok = (d >= ZONE_CLEAR_M) & (d < 4.0) & self.m.seen[e.eid] & self.m.seen[pe.eid]
                if ok.any():
                    self.notes.append(f"zone look-alike {e.eid}: beside {pe.eid} {ok.sum() / self.s.fps:.0f}s "
                                      f"at {d[ok].min():.1f} m or more")

    # ------------------------------------------------------------------ suspended loads
    def safety(self):
        loads = [e for e in self.s.entities if e.kind == "load"]
        for le in loads:
            lst = self.w.state[le.eid]
            airborne = lst["present"] & (lst["pos"][:, 1] > 0.4)
            for e in self.s.entities:
                if e.kind != "worker":
                    continue
                st = self.w.state[e.eid]
                d = np.hypot(st["pos"][:, 0] - lst["pos"][:, 0], st["pos"][:, 2] - lst["pos"][:, 2])
                haz = airborne & st["present"] & (d <= SAFETY_NEAR_M)
                amb = airborne & st["present"] & (d > SAFETY_NEAR_M) & (d < SAFETY_CLEAR_M)
                for i0, i1 in _runs(amb):
                    lo, hi = max(0, i0 - 30), min(self.w.F - 1, i1 + 30)
                    if haz[lo:hi + 1].any():
                        continue  # walking in or out
                    self.problems.append(f"safety {e.eid}: {SAFETY_NEAR_M}-{SAFETY_CLEAR_M} m from {le.eid} "
                                         f"{self.t[i0]:.1f}-{self.t[i1]:.1f}s")
                for i0, i1 in _runs(haz):
                    obs = [f for f in range(i0, i1 + 1) if self.m.seen[e.eid][f] and self.m.seen[le.eid][f]]
                    if not obs:
                        self.problems.append(f"safety {e.eid}: under {le.eid} unseen")
                        continue
                    t0 = self.t[obs[0]]
                    self._alert("safety_alert", e.eid, t0, min(t0 + INSTANT_S, self.t[i1]),
                                f"{e.eid} within {SAFETY_NEAR_M} m of the suspended load "
                                f"{self.t[i0]:.1f}-{self.t[i1]:.1f}s")
                both = airborne & self.m.seen[e.eid] & self.m.seen[le.eid] & (d >= SAFETY_CLEAR_M)
                if both.any():
                    self.notes.append(f"safety look-alike {e.eid}: load airborne, seen together, "
                                      f"{d[both].min():.1f} m or more away")

    # ------------------------------------------------------------------ left behind
    def left_behind(self):
        for e in self.s.entities:
            if not e.held:
                continue
            st = self.w.state[e.eid]
            on_ground = st["held"] == 0
            for i0, i1 in _runs(on_ground):
                if i0 == 0:
                    continue
                t_drop = self.t[i0]
                t_pick = self.t[i1] if i1 < self.w.F - 1 else self.dur
                seen = np.nonzero(self.m.seen[e.eid][i0:i1 + 1])[0] + i0
                marks = [t_drop] + [self.t[f] for f in seen] + [t_pick]
                worst, worst_start = 0.0, None  # the first gap of LEFT_S or more, else the longest
                for a, b in zip(marks[:-1], marks[1:]):
                    if b - a >= LEFT_S and worst < LEFT_S:
                        worst, worst_start = b - a, a
                    elif b - a > worst and worst < LEFT_S:
                        worst, worst_start = b - a, a
                gaps = [b - a for a, b in zip(marks[:-1], marks[1:])]
                if any(self.near(g, LEFT_S) for g in gaps):
                    self.problems.append(f"left_behind {e.eid}: a gap out of view too near {LEFT_S}s")
                if worst >= LEFT_S:
                    t0 = worst_start + LEFT_S
                    self._alert("left_behind", e.eid, t0, min(t0 + SLOW_S, t_pick),
                                f"{e.eid} set down at {t_drop:.1f}s, out of view from {worst_start:.1f}s, "
                                f"picked up at {t_pick:.1f}s")
                else:
                    self.notes.append(f"left_behind look-alike {e.eid}: down {t_drop:.1f}-{t_pick:.1f}s, "
                                      f"longest out of view {worst:.1f}s")

    # ------------------------------------------------------------------ idle
    def idle(self):
        for e in self.s.entities:
            if e.kind != "worker":
                continue
            st = self.w.state[e.eid]
            idle = np.array([a == "idle" for a in st["activity"]]) & st["present"]
            for i0, i1 in _runs(idle):
                if i0 == 0:
                    continue
                wdur = self.t[i1] - self.t[i0] + 1 / self.s.fps
                if self.near(wdur, IDLE_S):
                    self.problems.append(f"idle {e.eid}: spell {wdur:.1f}s too near {IDLE_S}s")
                obs = np.nonzero(self.m.seen[e.eid][i0:i1 + 1])[0] + i0
                if wdur < IDLE_S:
                    self.notes.append(f"idle look-alike {e.eid}: {self.t[i0]:.1f}-{self.t[i1]:.1f}s "
                                      f"({wdur:.0f}s), seen {len(obs) / self.s.fps:.0f}s")
                    continue
                if len(obs) == 0 or self.t[obs[0]] - self.t[i0] > 2.5:
                    self.problems.append(f"idle {e.eid}: start of the spell at {self.t[i0]:.1f}s not seen")
                    continue
                t0 = self.t[obs[0]] + IDLE_S
                t1 = min(t0 + SLOW_S, self.t[i1])
                late = [f for f in obs if t0 <= self.t[f] <= t1 - 5]
                if not late:
                    self.problems.append(f"idle {e.eid}: not seen idle between {t0:.1f}s and {t1:.1f}s")
                self._alert("idle", e.eid, t0, t1, f"{e.eid} idle {self.t[i0]:.1f}-{self.t[i1]:.1f}s")

    # ------------------------------------------------------------------ progress
    def progress(self):
        for e in self.s.entities:
            if e.kind != "wall":
                continue
            fr = self.m.frames(e.eid)
            stages = [("first brick", lambda r: r["attributes"].get("bricks", 0) >= 1, 1, "brick")]
            maxc = max((r["attributes"].get("courses", 0) for r in self.m.rec[e.eid].values()), default=0)
            for c in range(3, maxc + 1, 3):
                stages.append((f"course {c}", (lambda c: lambda r: r["attributes"].get("courses", 0) >= c)(c),
                               c * e.per_course, "course"))
            ut = sorted(e.units)
            for name, cond, n_units, _ in stages:
                hit = [f for f in fr if cond(self.m.rec[e.eid][f])]
                if not hit:
                    continue
                t0 = self.t[hit[0]]
                t_world = ut[n_units - 1]
                if t0 - t_world > 3.0:
                    self.problems.append(f"progress {e.eid} {name}: done at {t_world:.1f}s, first seen {t0:.1f}s")
                self._alert("progress", e.eid, t0, t0 + PROGRESS_S, f"{name} at {t_world:.1f}s")
            # courses that are not stages by default must stay unambiguous too
            if maxc >= 1:
                self.notes.append(f"progress {e.eid}: up to {maxc} courses seen; stages alert at the first "
                                  f"brick and every third course")

    # ------------------------------------------------------------------ memory recall
    def memory_recall(self, place_in_view):
        for e in self.s.entities:
            if e.kind in ("worker", "pit", "wall") or e.label is None:
                continue
            st = self.w.state[e.eid]
            p = st["pos"]
            moving = np.zeros(self.w.F, bool)
            moving[1:] = np.linalg.norm(np.diff(p, axis=0), axis=1) > 1e-4
            pr = st["present"]
            moving[1:] |= pr[:-1] & ~pr[1:]  # taken off site
            runs = []
            for i0, i1 in _runs(moving):  # one displacement: motions less than 3 s apart
                if runs and i0 - runs[-1][1] < 3 * self.s.fps:
                    runs[-1][1] = i1
                else:
                    runs.append([i0, i1])
            for i0, i1 in runs:
                if e.held and (st["held"][max(0, i0 - 1):i1 + 2] > 0).any():
                    continue  # the wearer's own tool in his hands
                seen_during = self.m.seen[e.eid][i0:i1 + 1].any()
                before = self.m.frames(e.eid)
                before = before[before < i0]
                if len(before) == 0:
                    continue
                if seen_during:
                    self.notes.append(f"memory look-alike {e.eid}: moved in view {self.t[i0]:.1f}-{self.t[i1]:.1f}s")
                    continue
                old = p[before[-1]].copy()
                # the first frame after the move where the old place is in view and it is not there
                t_hit = None
                for f in range(i1 + 1, self.w.F):
                    here = st["present"][f] and np.linalg.norm(p[f] - old) < 0.5
                    if here:
                        break
                    if place_in_view(old, f):
                        t_hit = self.t[f]
                        break
                if t_hit is None:
                    self.notes.append(f"memory {e.eid}: moved unseen at {self.t[i0]:.1f}s, place never looked at")
                    continue
                self._alert("memory_recall", e.eid, t_hit, t_hit + INSTANT_S,
                            f"{e.eid} moved unseen {self.t[i0]:.1f}-{self.t[i1]:.1f}s; its place seen empty")

    def run(self, place_in_view):
        self.ppe(); self.zone(); self.safety(); self.left_behind(); self.idle(); self.progress()
        self.memory_recall(place_in_view)
        self.alerts.sort(key=lambda a: a["t0"])
        return self.alerts
