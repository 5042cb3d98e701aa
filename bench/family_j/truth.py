"""Ground truth: answers from the scripted world and what the detector reported; alert scanners; checks."""
import math
import numpy as np

from .world import wrap180, bearing_of, EYE_H

SECTORS = ["front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left"]
QUERY_FIELDS = ["kind", "intent", "subject", "event", "unit", "ordinal", "other", "relation", "direction",
                "time", "window", "state", "spell"]
SECTOR_DEG = {n: 45.0 * i for i, n in enumerate(SECTORS)}

# contract defaults (section 5, "What alerts mean") and the spatial judgement calls of this family
PPE_S, IDLE_S, LEFT_S = 3.0, 60.0, 30.0
DEADLINE = {"safety_alert": 15, "ppe_violation": 15, "exclusion_zone": 15, "memory_recall": 15,
            "progress": 30, "idle": 60, "left_behind": 60}


class Problem(Exception):
    pass


def sector(rel):
    rel = wrap180(rel)
    i = int(round(rel / 45.0)) % 8
    centre = wrap180(i * 45.0)
    off = wrap180(rel - centre)
    to_edge = 22.5 - abs(off)
    alt = SECTORS[(i + (1 if off > 0 else -1)) % 8]
    return SECTORS[i], to_edge, alt


class Truth:
    def __init__(self, scn, lens, obs, raw):
        self.s, self.lens, self.obs, self.raw = scn, lens, obs, raw
        F = scn.F
        self.det = {}
        self.detf = {}
        for eid, lst in obs.items():
            m = np.zeros(F, bool)
            for (f, *_rest) in lst:
                m[f] = True
            self.det[eid] = m
            self.detf[eid] = np.array([o[0] for o in lst], int)
        self.attr = {eid: {o[0]: o[2] for o in lst} for eid, lst in obs.items()}
        self.problems = []

    # ------------------------------------------------------------ basic observation helpers
    def f(self, t):
        return self.s.frame_of(t)

    def frames_upto(self, eid, at):
        fr = self.detf[eid]
        return fr[fr <= self.f(at)]

    def first_seen(self, eid, at=1e9):
        fr = self.frames_upto(eid, at)
        if len(fr) == 0:
            raise Problem(f"{eid} not seen by {at}")
        return fr[0] / self.s.fps

    def last_seen(self, eid, at):
        fr = self.frames_upto(eid, at)
        if len(fr) == 0:
            raise Problem(f"{eid} not seen by {at}")
        return fr[-1] / self.s.fps

    def seen_near(self, eid, t, before=2.0, after=2.0, need=2):
        fb, fa = self.f(t - before), self.f(t + after)
        fr = self.detf[eid]
        b = ((fr >= fb) & (fr < self.f(t))).sum()
        a = ((fr >= self.f(t)) & (fr <= fa)).sum()
        return b >= need and a >= need

    def place_rel(self, eid, at):
        """relative bearing of eid's last known place at `at`, from the wearer at `at` and at the sighting."""
        fl = self.f(self.last_seen(eid, at))
        fa = self.f(at)
        xy = self.s.pos[eid][fl][:2]
        return self.s.rel_bearing(fa, xy), self.s.rel_bearing(fa, xy, from_f=fl), fl

    # ------------------------------------------------------------ world spells and events
    def spells(self, mask):
        out, start = [], None
        for i, v in enumerate(mask):
            if v and start is None:
                start = i
            if not v and start is not None:
                out.append((start, i))
                start = None
        if start is not None:
            out.append((start, len(mask)))
        return [(a / self.s.fps, b / self.s.fps) for a, b in out]

    def state_spells(self, eid, state):
        s = self.s
        if state == "idle":
            return self.spells(s.act[eid] == "idle")
        if state == "working":
            return self.spells(s.act[eid] == "active")
        if state == "without_ppe":
            return self.spells(~s.hat[eid])
        if state == "in_zone":
            return self.spells(self.zone_mask(eid))
        if state == "on_ground":
            sp, down = [], None
            for (t, e, ev, _x) in sorted(s.events):
                if e != eid:
                    continue
                if ev == "dropped":
                    down = t
                if ev == "picked_up" and down is not None:
                    sp.append((down, t))
                    down = None
            if down is not None:
                sp.append((down, s.duration))
            return sp
        raise Problem(f"state {state}")

    def zone_mask(self, eid):
        s = self.s
        m = np.zeros(s.F, bool)
        for z in s.entities:
            if z.shape == "pit":
                m |= (self.pit_dist(z, s.pos[eid][:, :2]) <= s.zone_margin) & s.present[eid]
        return m

    def pit_dist(self, z, xy):
        c = z.path.sample(np.zeros(1))[0][:2]
        a = math.radians(z.facing or 0.0)
        ux, uy = np.array([math.cos(a), -math.sin(a)]), np.array([math.sin(a), math.cos(a)])
        d = xy - c
        lx, ly = np.abs(d @ ux) - z.kw["dims"][0] / 2, np.abs(d @ uy) - z.kw["dims"][1] / 2
        out = np.hypot(np.maximum(lx, 0), np.maximum(ly, 0))
        inside = (lx < 0) & (ly < 0)
        return np.where(inside, np.maximum(lx, ly), out)

    def transitions(self, mask):
        """times where mask goes False->True."""
        idx = np.nonzero(mask[1:] & ~mask[:-1])[0] + 1
        return [i / self.s.fps for i in idx]

    def event_times(self, eid, event, unit=None, ordinal=None):
        s = self.s
        if event in ("dropped", "picked_up", "moved"):
            return sorted(t for (t, e, ev, _x) in s.events if e == eid and ev == event)
        if event == "work_unit":
            bt = s.brick_times
            per = s.ent("wall").kw.get("per_course", 8)
            n = ordinal or 1
            return [bt[n - 1]] if unit == "brick" else [bt[n * per - 1]]
        if event == "started_working":
            return self.transitions(s.act[eid] == "active")[:1]
        if event == "resumed_working":
            return self.transitions(s.act[eid] == "active")[1:]
        if event == "stopped_working":
            return self.transitions(s.act[eid] != "active")
        if event == "went_idle":
            return self.transitions(s.act[eid] == "idle")
        if event == "ppe_removed":
            return self.transitions(~s.hat[eid])
        if event == "entered_zone":
            return self.transitions(self.zone_mask(eid))
        if event == "left_zone":
            return self.transitions(~self.zone_mask(eid))
        raise Problem(f"event {event}")

    def event_time(self, eid, event, at, unit=None, ordinal=None, check=True):
        if event == "first_seen":
            return self.first_seen(eid, at)
        if event == "last_seen":
            return self.last_seen(eid, at)
        ts = [t for t in self.event_times(eid, event, unit, ordinal) if t <= at]
        if event == "work_unit":
            ts = ts
        elif ordinal:
            ts = ts[ordinal - 1:ordinal]
        else:
            ts = ts[-1:]
        if not ts:
            raise Problem(f"no {event} of {eid} by {at}")
        t = ts[0]
        if check:
            who = "wall" if event == "work_unit" else eid
            if not self.seen_near(who, t, 1.5, 1.5, 2):
                raise Problem(f"{event} of {eid} at {t:.1f} not visible in the detections")
        return t

    # ------------------------------------------------------------ answers
    def answer(self, q):
        s, at, intent, qu = self.s, q["at"], q["intent"], q["query"]
        ref, oref = q.get("ref"), q.get("other_ref")
        ev = qu.get("event")
        typed, note = {}, ""
        if intent in ("direction_of", "where"):
            rel, rel_then, fl = self.place_rel(ref, at)
            name, edge, alt = sector(rel)
            name2, edge2, alt2 = sector(rel_then)
            typed["direction"] = name
            if edge < 6.0:
                typed["direction_alt"] = alt
            if name2 != name and typed.get("direction_alt") != name2:
                raise Problem(f"{q['id']}: sector differs seen from the sighting place ({name2} vs {name})")
            note = (f"{ref} last seen at {fl / s.fps:.1f} s; its place is at {rel:+.0f} deg relative to the "
                    f"heading at {at:.0f} s ({s.yaw[self.f(at)]:.0f} deg)")
            if intent == "where":
                typed_time = fl / s.fps
                note += f"; last seen {typed_time:.1f} s"
        elif intent == "things_in_direction":
            centre = SECTOR_DEG[qu["direction"]]
            must, opt, parts = set(), set(), []
            for e in s.entities:
                if not e.detect or not len(self.frames_upto(e.eid, at)):
                    continue
                if e.eid in getattr(s, "left_site", {}) and s.left_site[e.eid] <= at:
                    continue
                rel, rel_then, fl = self.place_rel(e.eid, at)
                d = abs(wrap180(rel - centre))
                held = any(a <= fl / s.fps < b for a, b in e.kw.get("held", []))
                held = held or (not e.is_worker and self.place_seen_empty(e.eid, s.pos[e.eid][fl][:2], fl, self.f(at)))
                if d <= 35.0 and not held:
                    must.add(e.label)
                elif d <= 55.0 or held:
                    opt.add(e.label)
                if d <= 55.0:
                    parts.append(f"{e.eid}@{rel:+.0f}")
            typed["entity_types"] = sorted(must)
            typed["entity_types_optional"] = sorted(opt - must)
            if not must:
                raise Problem(f"{q['id']}: nothing in that quadrant")
            note = "last known places in the quadrant: " + ", ".join(parts)
        elif intent == "still_there":
            fr = self.frames_upto(ref, at)
            if qu.get("time"):
                ref_f = self.f(qu["time"]["t"])
            elif qu.get("event") == "dropped":
                ref_f = self.f(self.event_time(ref, "dropped", at) + 0.5)
            else:
                ref_f = fr[0]
            p0 = s.pos[ref][ref_f][:2]
            pl = s.pos[ref][fr[-1]][:2]
            moved_seen = np.linalg.norm(pl - p0) > 1.0
            gone_seen = self.place_seen_empty(ref, p0, fr[-1], self.f(at))
            yes = not moved_seen and not gone_seen
            truly = bool(s.present[ref][self.f(at)]) and np.linalg.norm(s.pos[ref][self.f(at)][:2] - p0) <= 1.0
            if yes != truly:
                raise Problem(f"{q['id']}: observed answer differs from the world")
            typed["yes_no"] = bool(yes)
            note = f"first at {p0.round(1).tolist()}, last seen at {pl.round(1).tolist()} ({fr[-1] / s.fps:.1f} s)"
        elif intent == "event_time":
            t = self.event_time(ref, ev, at, qu.get("unit"), qu.get("ordinal"))
            typed["time"] = round(t, 1)
            typed["time_tol_s"] = 3.0
            note = f"{ev} of {ref} at {t:.1f} s"
        elif intent == "time_since":
            t = self.event_time(ref, ev or "last_seen", at, qu.get("unit"), qu.get("ordinal"))
            typed["duration_s"] = round(at - t, 1)
            typed["duration_tol_s"] = 3.0
            note = f"{ev} at {t:.1f} s"
        elif intent in ("state_duration", "spell_duration"):
            sp = self.state_spells(ref, qu["state"])
            sp = [(a, min(b, at)) for a, b in sp if a <= at]
            spell = qu.get("spell") or "last"
            fps_eps = 1.0 / s.fps + 1e-6
            if spell == "current":
                cur = [x for x in sp if x[1] >= at - fps_eps]
                d = (at - cur[-1][0]) if cur else 0.0
                used = cur[-1:] if cur else []
            elif spell == "last":
                if not sp:
                    raise Problem(f"{q['id']}: no spell")
                used = sp[-1:]
                d = used[0][1] - used[0][0]
            elif spell == "nth":
                used = sp[qu["ordinal"] - 1:qu["ordinal"]]
                d = used[0][1] - used[0][0]
            else:
                lo = hi = None
                if qu.get("window"):
                    lo = qu["window"][0]["t"] if qu["window"][0] else 0.0
                    hi = qu["window"][1]["t"] if qu["window"][1] else at
                used = sp
                d = sum(max(0.0, min(b, hi or b) - max(a, lo or a)) for a, b in sp)
            for a, b in used:
                if a > 1.0 and not self.seen_near(ref, a, 3.0, 3.0, 2):
                    raise Problem(f"{q['id']}: spell start {a:.1f} not visible")
                if b < at - 0.5 and not self.seen_near(ref, b, 3.0, 3.0, 2):
                    raise Problem(f"{q['id']}: spell end {b:.1f} not visible")
            tol = 3.0 if intent == "state_duration" else max(5.0, 0.12 * d)
            typed["duration_s"] = round(d, 1)
            typed["duration_tol_s"] = round(tol, 1)
            note = f"{qu['state']} spells up to {at:.0f} s: " + ", ".join(f"{a:.1f}-{b:.1f}" for a, b in sp)
        elif intent == "order":
            ta = self.event_time(ref, ev, at, qu.get("unit"), qu.get("ordinal"))
            o = qu["other"]
            tb = self.event_time(oref, o["event"], at, o.get("unit"), o.get("ordinal"))
            if abs(ta - tb) < 5:
                raise Problem(f"{q['id']}: events too close")
            yes = ta < tb if qu["relation"] == "before" else ta > tb
            typed["yes_no"] = bool(yes)
            note = f"{ref} {ev} at {ta:.1f} s; {oref} {o['event']} at {tb:.1f} s"
        elif intent == "returned" and qu["other"]["event"] in ("left_zone", "entered_zone"):
            ent = [t for t in self.event_times(ref, "entered_zone") if t <= at]
            ext = [t for t in self.event_times(ref, "left_zone") if t <= at]
            if not ext:
                raise Problem(f"{q['id']}: never left the zone")
            again = [t for t in ent if t > ext[0] + 10.0]
            if again and not self.det[ref][self.f(again[0]):self.f(again[0] + 3.0)].any():
                raise Problem(f"{q['id']}: second entry not visible")
            typed["yes_no"] = bool(again)
            note = f"zone entries {[round(float(t), 1) for t in ent]}, exits {[round(float(t), 1) for t in ext]}"
        elif intent == "returned":
            o = qu["other"]
            tb = self.event_time(oref, o["event"], at)
            place = s.pos[oref][self.f(tb)][:2]
            d = np.linalg.norm(s.pos[ref][:, :2] - place, axis=1)
            fb, fa = self.f(tb), self.f(at)
            went = np.nonzero(d[fb:fa] > 3.0)[0]
            yes = False
            if len(went):
                back = np.nonzero(d[fb + went[0]:fa] < 1.5)[0]
                if len(back):
                    fr = fb + went[0] + back[0]
                    if not self.det[ref][fr:fa + 1].any():
                        raise Problem(f"{q['id']}: return not visible")
                    seen_back = [x for x in range(fr, fa + 1) if self.det[ref][x] and d[x] < 1.5]
                    if not seen_back:
                        raise Problem(f"{q['id']}: return not visible")
                    yes = True
            if not yes and (d[fb:fa] < 2.5).any() and len(went):
                if (d[fb + went[0]:fa] < 2.5).any():
                    raise Problem(f"{q['id']}: came close (under 2.5 m) without returning: ambiguous")
            typed["yes_no"] = yes
            note = f"{o['event']} of {oref} at {tb:.1f} s; {ref} min distance afterwards {d[fb:fa].min():.1f} m"
        elif intent == "is_working":
            fa = self.f(at)
            acts = set(s.act[ref][self.f(at - 5):fa + 1])
            if len(acts) != 1:
                raise Problem(f"{q['id']}: activity changes near `at`")
            if self.last_seen(ref, at) < at - 8:
                raise Problem(f"{q['id']}: worker not seen recently")
            a = s.act[ref][fa]
            typed["yes_no"] = bool(a == ("active" if qu["state"] == "working" else "idle"))
            note = f"{ref} activity at {at:.0f} s: {a}"
        elif intent == "same_individual":
            if qu.get("direction") is None and self.last_seen(ref, at) < at - 2.5:
                raise Problem(f"{q['id']}: subject not in view at `at`")
            self.first_seen(oref, at)
            typed["yes_no"] = ref == oref
            note = f"in view: {ref}; compared with {oref}"
        elif intent == "count_distinct":
            lab = qu["subject"]["label"]
            want = qu["subject"].get("attributes") or {}
            ids = []
            for e in s.entities:
                if e.label != lab or not e.detect or not len(self.frames_upto(e.eid, at)):
                    continue
                if "vest" in want and e.vest != want["vest"]:
                    continue
                if "hardhat" in want:
                    if want["hardhat"] is False and s.hat[e.eid][:self.f(at)].all():
                        continue
                ids.append(e.eid)
            typed["count"] = len(ids)
            note = "distinct: " + ", ".join(ids)
        elif intent == "unknown":
            note = "not about the site's memory or too vague: should be answered as not understood"
        else:
            raise Problem(f"intent {intent}")
        return typed, note

    def place_seen_empty(self, eid, p, f_from, f_to):
        """whether the place p was in clear view at some frame in (f_from, f_to] while eid was not detected there."""
        for f in range(f_from + 1, f_to + 1):
            if self.det[eid][f]:
                continue
            if self.in_view(f, p):
                if not self.s.present[eid][f] or np.linalg.norm(self.s.pos[eid][f][:2] - p) > 1.0:
                    return True
        return False

    def in_view(self, f, p, margin_deg=8.0, max_d=20.0):
        s = self.s
        w = s.wpos[f]
        if math.hypot(p[0] - w[0], p[1] - w[1]) > max_d:
            return False
        rel = s.rel_bearing(f, p)
        if abs(rel) > self.lens.hfov / 2 - margin_deg:
            return False
        eye = np.array([w[0], w[1], EYE_H])
        uv, ok = self.lens.project_cam(self.lens.to_cam(np.array([[p[0], p[1], 0.3]]), eye, s.yaw[f]))
        return bool(ok[0]) and 0.05 * self.lens.h < uv[0, 1] < 0.97 * self.lens.h

    def near_view(self, f, p, max_d=20.0):
        s = self.s
        w = s.wpos[f]
        if math.hypot(p[0] - w[0], p[1] - w[1]) > max_d:
            return False
        return abs(s.rel_bearing(f, p)) <= self.lens.hfov / 2 + 3

    # ------------------------------------------------------------ alert scanners
    def track_at(self, eid, t):
        best = None
        for (f, b, a, tid) in self.obs[eid]:
            if f > self.f(t):
                return best if best is not None else tid
            best = tid
        return best

    def alert(self, cat, t0, eid, note, t_end=None):
        t1 = t0 + DEADLINE[cat] if t_end is None else min(t0 + DEADLINE[cat], t_end)
        if t1 - t0 < 5.0:
            self.problems.append(f"{cat} {eid}: only {t1 - t0:.1f} s to raise it")
        return dict(category=cat, t0=round(float(t0), 2), t1=round(float(t1), 2), subject=eid,
                    subject_id=self.track_at(eid, t0), note=note)

    def scan(self):
        s, out, prob = self.s, [], self.problems
        workers = [e for e in s.entities if e.is_worker and e.detect]
        fps = s.fps
        # ppe_violation
        for e in workers:
            for a, b in self.spells(~s.hat[e.eid] & s.present[e.eid]):
                L = b - a
                if 0.9 * PPE_S <= L <= 1.1 * PPE_S:
                    prob.append(f"ppe: {e.eid} hat-off spell {L:.1f} s too near the threshold")
                fr = [f for f in self.detf[e.eid] if a * fps <= f < b * fps
                      and self.attr[e.eid][f].get("hardhat") is False]
                if L >= PPE_S:
                    if not fr or (fr[-1] - fr[0]) / fps < 1.1 * PPE_S:
                        prob.append(f"ppe: {e.eid} hat-off spell at {a:.1f} not observed for long enough")
                        continue
                    out.append(self.alert("ppe_violation", fr[0] / fps + PPE_S, e.eid,
                                          f"hard hat off {a:.1f}-{b:.1f} s", b))
        # idle
        for e in workers:
            for a, b in self.spells(s.act[e.eid] == "idle"):
                L = b - a
                if 0.9 * IDLE_S <= L <= 1.1 * IDLE_S:
                    prob.append(f"idle: {e.eid} idle spell {L:.1f} s too near the threshold")
                if L >= IDLE_S:
                    fr = [f for f in self.detf[e.eid] if a * fps <= f < b * fps
                          and self.attr[e.eid][f].get("activity") == "idle"]
                    if not fr or fr[0] / fps > a + 5:
                        prob.append(f"idle: {e.eid} spell start at {a:.1f} not observed")
                        continue
                    out.append(self.alert("idle", fr[0] / fps + IDLE_S, e.eid, f"idle {a:.1f}-{b:.1f} s", b))
        # exclusion_zone
        pits = [z for z in s.entities if z.shape == "pit"]
        for e in workers:
            if not pits:
                break
            zm = self.zone_mask(e.eid)
            d = np.min([self.pit_dist(z, s.pos[e.eid][:, :2]) for z in pits], axis=0)
            band = (d > s.zone_margin) & (d <= s.zone_margin + 1.5) & s.present[e.eid]
            for a, b in self.spells(band):
                if b - a > 2.0:
                    prob.append(f"zone: {e.eid} lingers {b - a:.1f} s just outside the zone at {a:.1f}")
            for a, b in self.spells(zm):
                fr = [f for f in self.detf[e.eid] if a * fps <= f < b * fps
                      and any(self.det[z.eid][f] for z in pits)]
                if not fr:
                    prob.append(f"zone: {e.eid} in the zone {a:.1f}-{b:.1f} unseen")
                    continue
                out.append(self.alert("exclusion_zone", fr[0] / fps, e.eid, f"in the excavation {a:.1f}-{b:.1f} s", b))
        # safety_alert
        for ld in [x for x in s.entities if x.label == "suspended_load"]:
            lp = s.pos[ld.eid]
            for e in workers:
                d = np.linalg.norm(s.pos[e.eid][:, :2] - lp[:, :2], axis=1)
                live = s.present[e.eid] & s.present[ld.eid] & (lp[:, 2] > 1.5)
                for a, b in self.spells(live & (d < 4.5)):
                    fa, fb = int(a * fps), int(b * fps)
                    mn = d[fa:fb].min()
                    if mn > s.safety_radius:
                        prob.append(f"safety: {e.eid} within {mn:.1f} m of {ld.eid} at {a:.1f} (ambiguous)")
                        continue
                    fr = [f for f in range(fa, fb) if d[f] <= s.safety_radius and self.det[e.eid][f]
                          and self.det[ld.eid][f]]
                    if not fr:
                        prob.append(f"safety: {e.eid} under {ld.eid} at {a:.1f} unseen")
                        continue
                    under = [f for f in range(fa, fb) if d[f] <= s.safety_radius]
                    out.append(self.alert("safety_alert", fr[0] / fps, e.eid,
                                          f"within {mn:.1f} m of the suspended load ({ld.eid}) "
                                          f"{under[0] / fps:.1f}-{under[-1] / fps:.1f} s", under[-1] / fps))
        # left_behind
        for e in s.entities:
            for (td, tp) in e.kw.get("wearer_drops", []):
                fr = [f for f in self.detf[e.eid] if td * fps <= f < (tp or s.duration) * fps]
                if not fr:
                    prob.append(f"left_behind: {e.eid} never seen after the set-down")
                    continue
                ends = fr[1:] + [int((tp or s.duration) * fps)]
                for f0, f1 in zip(fr, ends):
                    gap = (f1 - f0) / fps
                    if 0.9 * LEFT_S <= gap <= 1.1 * LEFT_S:
                        prob.append(f"left_behind: {e.eid} unseen {gap:.1f} s, too near the threshold")
                    if gap >= LEFT_S:
                        out.append(self.alert("left_behind", f0 / fps + LEFT_S, e.eid,
                                              f"set down at {td:.1f} s by the wearer, out of view "
                                              f"{f0 / fps:.1f}-{f1 / fps:.1f} s", f1 / fps))
        # progress
        for e in s.entities:
            if e.label != "brick_wall":
                continue
            seen_b, seen_c = [], []
            for (f, b, a, tid) in self.obs[e.eid]:
                if "bricks" in a:
                    seen_b.append((f, a["bricks"]))
                if "courses" in a:
                    seen_c.append((f, a["courses"]))
            if seen_b and seen_b[0][1] == 0:
                fr = [f for f, v in seen_b if v >= 1]
                if fr:
                    out.append(self.alert("progress", fr[0] / fps, e.eid, "first brick laid"))
            if seen_c:
                c0 = seen_c[0][1]
                for k in range(3, 60, 3):
                    if k <= c0:
                        continue
                    fr = [f for f, v in seen_c if v >= k]
                    if fr:
                        out.append(self.alert("progress", fr[0] / fps, e.eid, f"course {k} completed"))
        # memory_recall
        for e in s.entities:
            if e.is_worker or not e.detect or e.shape in ("pit", "brick_wall", "scaffold"):
                continue
            held = e.kw.get("held", [])
            last_p, moving, alerted, pending = None, False, set(), None
            for f in range(s.F):
                t = f / fps
                if any(a <= t < b for a, b in held):
                    last_p = None
                    continue
                if self.det[e.eid][f]:
                    last_p = s.pos[e.eid][f][:2].copy()
                    moving = s.speed3[e.eid][f] > 0.2
                    continue
                if last_p is None or moving or tuple(last_p.round(1)) in alerted:
                    continue
                if s.present[e.eid][f] and np.linalg.norm(s.pos[e.eid][f][:2] - last_p) <= 1.0:
                    continue
                if self.in_view(f, last_p):
                    alerted.add(tuple(last_p.round(1)))
                    out.append(self.alert("memory_recall", t, e.eid,
                                          f"place {last_p.round(1).tolist()} in view, {e.eid} no longer there"))
                    pending = None
                elif self.near_view(f, last_p) and pending is None:
                    pending = t
                if pending is not None and t - pending > 15:
                    prob.append(f"memory_recall: old place of {e.eid} only at the image edge at {pending:.1f}")
                    pending = None
        out.sort(key=lambda a: a["t0"])
        return out
