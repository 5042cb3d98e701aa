"""Ground truth: alerts derived from the contract's meanings and typed answers derived
from what the camera observed up to each question's time."""
from __future__ import annotations

import math

import numpy as np

from .camera import bearing, rotation, wrap180
from .sim import FPS, Obs, Scenario

SECTOR_NAMES = ["front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left"]
SECTOR_ANGLE = {n: (i * 45 if i <= 4 else i * 45 - 360) for i, n in enumerate(SECTOR_NAMES)}
WINDOW = {"safety_alert": 15, "ppe_violation": 15, "exclusion_zone": 15, "memory_recall": 15,
          "progress": 30, "idle": 60, "left_behind": 60}

ZONE_MARGIN_M = 1.0          # margin around an excavation that counts as inside the zone
LOAD_NEAR_M = 2.5            # horizontal distance to a suspended load counted as under / next to it
PLANT_NEAR_M = 2.0           # clearance to moving plant counted as near it
PLANT_RADIUS = {"excavator": 3.0, "dumper": 1.8}
PPE_S, IDLE_S, LEFT_S = 3.0, 60.0, 30.0
NON_RECALL = ("worker", "excavation", "brick_wall", "suspended_load", "excavator", "dumper")


class TruthError(AssertionError):
    pass


def need(cond, msg):
    if not cond:
        raise TruthError(msg)


def sector(rel):
    i = int(round(wrap180(rel) / 45.0)) % 8
    return SECTOR_NAMES[i]


def sector_alt(rel, margin=5.0):
    """The neighbouring sector when rel is within `margin` of a sector border."""
    r = wrap180(rel)
    c = round(r / 45.0) * 45.0
    off = r - c
    if abs(off) > 22.5 - margin:
        return sector(c + math.copysign(45.0, off))
    return None


def fr(t):
    return int(round(t * FPS))


class Truth:
    def __init__(self, sc: Scenario, ob: Obs):
        self.sc, self.ob = sc, ob
        n = ob.n
        self.act = {}
        self.hat = {}
        self.zone = {}
        zones = [e.footprint for e in sc.entities if e.footprint is not None]
        for e in sc.entities:
            if e.is_worker:
                j = ob.idx[e.eid]
                self.act[e.eid] = np.array([e.activity_at(t) if e.present.at(t) else None for t in ob.t], object)
                self.hat[e.eid] = np.array([bool(e.hardhat.at(t)) for t in ob.t])
                inz = np.zeros(n, bool)
                for (xa, xb, za, zb) in zones:
                    p = ob.pos[:, j]
                    m = ZONE_MARGIN_M
                    inz |= (p[:, 0] > xa - m) & (p[:, 0] < xb + m) & (p[:, 2] > za - m) & (p[:, 2] < zb + m)
                inz &= np.array([e.present.at(t) for t in ob.t])
                self.zone[e.eid] = inz

    # ------------------------------------------------------------------ helpers
    def j(self, eid):
        return self.ob.idx[eid]

    def vis(self, eid):
        return self.ob.vis[:, self.j(eid)]

    def seen_in(self, eid, t0, t1):
        a, b = max(0, fr(t0)), min(self.ob.n - 1, fr(t1))
        return bool(self.vis(eid)[a:b + 1].any())

    def desc(self, eid):
        e = self.sc.ent[eid]
        if e.is_worker:
            return "worker %s: %s (%s vest, %s hat)" % (eid, e.name or "worker", e.attrs.get("vest"), e.attrs.get("hat_colour"))
        return "%s %s%s" % (e.label, eid, (" (%s)" % e.attrs["colour"]) if "colour" in e.attrs else "")

    @staticmethod
    def runs(mask):
        """[(start_frame, end_frame_exclusive)] of True runs."""
        m = np.concatenate([[False], mask, [False]]).astype(np.int8)
        d = np.diff(m)
        return list(zip(np.nonzero(d == 1)[0], np.nonzero(d == -1)[0]))

    # ------------------------------------------------------------------ alerts
    def alerts(self):
        sc, ob = self.sc, self.ob
        out = []
        T = ob.t
        workers = [e for e in sc.entities if e.is_worker]
        # ppe_violation: hard hat off and seen so for >= 3 s (once per violation)
        for e in workers:
            v = self.vis(e.eid)
            for (a, b) in self.runs(~self.hat[e.eid]):
                for (c, d) in self.runs(v[a:b]):
                    if (d - c) / FPS >= PPE_S:
                        t0 = T[a + c] + PPE_S
                        out.append(dict(category="ppe_violation", t0=t0, subject=self.desc(e.eid),
                                        note="hard hat off at %.1f s, seen without it for 3 s" % T[a]))
                        break
        # exclusion_zone: a worker inside the excavation zone (with margin), seen there
        for e in workers:
            v = self.vis(e.eid)
            for (a, b) in self.runs(self.zone[e.eid]):
                seen = np.nonzero(v[a:b])[0]
                if len(seen):
                    t0 = T[a + seen[0]]
                    exc = [x for x in sc.entities if x.footprint is not None]
                    need(any(self.vis(x.eid)[:a + seen[0] + 1].any() for x in exc), "zone entered before excavation seen")
                    out.append(dict(category="exclusion_zone", t0=t0, subject=self.desc(e.eid),
                                    note="within %.1f m of the excavation from %.1f s to %.1f s" % (ZONE_MARGIN_M, T[a], T[b - 1])))
        # safety_alert: a person under/next to a suspended load or near moving plant (both seen)
        hazards = [x for x in sc.entities if x.label == "suspended_load" or x.plant]
        for e in workers:
            for hz in hazards:
                cond = np.zeros(ob.n, bool)
                jw, jh = self.j(e.eid), self.j(hz.eid)
                for i in range(ob.n):
                    if not (ob.vis[i, jw] and ob.vis[i, jh]):
                        continue
                    pw, ph = ob.pos[i, jw], ob.pos[i, jh]
                    d = math.hypot(pw[0] - ph[0], pw[2] - ph[2])
                    if hz.label == "suspended_load":
                        cond[i] = d <= LOAD_NEAR_M
                    else:
                        cond[i] = hz.moving(T[i]) and d <= PLANT_RADIUS[hz.label] + PLANT_NEAR_M
                last_end = -1e9
                for (a, b) in self.runs(cond):
                    if T[a] - last_end > 5.0:
                        out.append(dict(category="safety_alert", t0=T[a], subject=self.desc(e.eid),
                                        note="%s %s" % ("under/next to the suspended load" if hz.label == "suspended_load"
                                                        else "next to the moving " + hz.label, hz.eid)))
                    last_end = T[b - 1]
        # left_behind: a tool the wearer set down stays out of view >= 30 s, not picked up, wearer moved on
        for e in sc.entities:
            if e.holder is None:
                continue
            ch = [(0.0, e.holder.init)] + list(e.holder.changes)
            for (ta, ha), (tb, hb) in zip(ch[:-1], ch[1:]):
                if ha == "wearer" and hb is None:
                    t_pick = next((tc for tc, hc in ch if tc > tb and hc is not None), 1e9)
                    v = self.vis(e.eid)
                    last = tb
                    i = fr(tb)
                    while i < ob.n and T[i] < t_pick:
                        if v[i]:
                            last = T[i]
                        elif T[i] - last >= LEFT_S:
                            C = ob.C[i]
                            p = ob.pos[i, self.j(e.eid)]
                            moved = math.hypot(C[0] - p[0], C[2] - p[2])
                            need(moved >= 4.0, "%s out of view 30 s but wearer did not move on" % e.eid)
                            out.append(dict(category="left_behind", t0=last + LEFT_S, subject=self.desc(e.eid),
                                            note="set down at %.1f s, last seen %.1f s, wearer %.0f m away" % (tb, last, moved)))
                            break
                        i += 1
        # idle: a worker idle for >= 60 s (once per spell)
        for e in workers:
            for (a, b) in self.runs(self.act[e.eid] == "idle"):
                if (b - a) / FPS >= IDLE_S:
                    t0 = T[a] + IDLE_S
                    need(self.seen_in(e.eid, T[a] - 1, T[a] + 3), "%s idle start unseen" % e.eid)
                    need(self.seen_in(e.eid, t0 - 8, t0 + 3), "%s idle not seen near 60 s" % e.eid)
                    out.append(dict(category="idle", t0=t0, subject=self.desc(e.eid),
                                    note="idle from %.1f s to %.1f s" % (T[a], T[b - 1])))
        # progress: the first unit of work and every third course, when seen
        for e in sc.entities:
            if e.bricks is None:
                continue
            steps = [(e.bricks[0], "first brick laid")]
            for k in range(3, e.courses_max + 1, 3):
                n = k * e.per_course
                if n <= len(e.bricks):
                    steps.append((e.bricks[n - 1], "course %d completed" % k))
            v = self.vis(e.eid)
            for (te, what) in steps:
                idx = np.nonzero(v[fr(te):])[0]
                if not len(idx):
                    continue
                t0 = T[fr(te) + idx[0]]
                need(t0 - te <= 5.0, "%s %s not seen soon enough" % (e.eid, what))
                out.append(dict(category="progress", t0=t0, subject=self.desc(e.eid), note="%s at %.1f s" % (what, te)))
        # memory_recall: the wearer looks at the place where a thing seen earlier no longer is (moved unseen)
        lens = sc.lens
        for e in sc.entities:
            if e.label in NON_RECALL or e.footprint is not None:
                continue
            jj = self.j(e.eid)
            place = None
            run = 0
            for i in range(ob.n):
                if ob.vis[i, jj]:
                    place = None if ob.held[i, jj] else ob.pos[i, jj].copy()
                    run = 0
                    continue
                if place is None:
                    continue
                t = T[i]
                here = e.present.at(t) and not e.held(t) and np.linalg.norm((e.pos(t, sc) - place)[[0, 2]]) < 1.0
                if here or not self.place_in_view(i, place):
                    run = 0
                    continue
                run += 1
                if run >= FPS:
                    t0 = T[i - run + 1]
                    out.append(dict(category="memory_recall", t0=t0, subject=self.desc(e.eid),
                                    note="last seen at bearing %.0f deg; gone (moved unseen)" % bearing(ob.C[i], place)))
                    place = None
                    run = 0
        for a in out:
            a["subject_id"] = a["subject"].split()[1].rstrip(":")
            a["t0"] = round(float(a["t0"]), 2)
            a["t1"] = round(a["t0"] + WINDOW[a["category"]], 2)
        out.sort(key=lambda a: (a["t0"], a["category"]))
        return out

    def place_in_view(self, i, place):
        ob, lens = self.ob, self.sc.lens
        C = ob.C[i]
        if math.hypot(place[0] - C[0], place[2] - C[2]) > 15.0:
            return False
        R = rotation(ob.yaw[i], ob.pitch[i], ob.roll[i])
        px, ok = lens.project_world(place[None] + np.array([[0, 0.2, 0]]), C, R)
        if not ok[0]:
            return False
        x, y = px[0]
        mx, my = 0.1 * lens.W, 0.1 * lens.H
        if not (mx <= x <= lens.W - mx and my <= y <= lens.H - my):
            return False
        for jj in range(len(self.sc.entities)):
            if ob.vis[i, jj] and not ob.held[i, jj] and self.sc.entities[jj].footprint is None:
                b = ob.bbox[i, jj]
                if b[0] <= x <= b[2] and b[1] <= y <= b[3]:
                    return False
        return True

    # ------------------------------------------------------------------ answers
    def last_frame(self, eid, at, ground_only=True):
        v = self.vis(eid)[:fr(at) + 1].copy()
        if ground_only:
            v &= ~(self.ob.held[:fr(at) + 1, self.j(eid)] & self._held_by_wearer(eid)[:fr(at) + 1])
        idx = np.nonzero(v)[0]
        return int(idx[-1]) if len(idx) else None

    def _held_by_wearer(self, eid):
        e = self.sc.ent[eid]
        if e.holder is None:
            return np.zeros(self.ob.n, bool)
        return np.array([e.holder.at(t) == "wearer" for t in self.ob.t])

    def rel_last_known(self, eid, at):
        """(rel angle from last sighting, rel angle of that place from where the wearer is now)."""
        ob = self.ob
        i = self.last_frame(eid, at)
        need(i is not None, "%s never seen by %.1f" % (eid, at))
        k = fr(at)
        yaw = ob.yaw[k]
        r1 = wrap180(ob.brg[i, self.j(eid)] - yaw)
        r2 = wrap180(bearing(ob.C[k], ob.pos[i, self.j(eid)]) - yaw)
        return r1, r2, i

    def direction_answer(self, eid, at):
        r1, r2, i = self.rel_last_known(eid, at)
        s1, s2 = sector(r1), sector(r2)
        alt = sector_alt(r1)
        need(abs(wrap180(r1 - r2)) < 20, "%s: wearer moved too much since last sighting (%.0f vs %.0f)" % (eid, r1, r2))
        if s2 != s1:
            need(alt in (None, s2), "%s: ambiguous sectors %s/%s/%s" % (eid, s1, s2, alt))
            alt = s2
        out = {"direction": s1}
        if alt:
            out["direction_alt"] = alt
        return out, r1, self.ob.t[i]

    def answer(self, q):
        sc, ob = self.sc, self.ob
        at = q["at"]
        it = q["intent"]
        res = {"id": q["id"], "kind": q["kind"], "intent": it}
        note = ""
        if it in ("direction_of", "where"):
            d, r1, tl = self.direction_answer(q["subject"], at)
            res.update(d)
            res["last_seen_t"] = round(float(tl), 2)
            note = "%s last seen at %.1f s, %.0f deg from the heading at %.1f s" % (self.desc(q["subject"]), tl, r1, at)
        elif it == "things_in_direction":
            res.update(self.things_in_direction(q["direction"], at))
            note = "last known bearings within 45 deg of %s" % q["direction"]
        elif it == "still_there":
            res["yes_no"] = self.still_there(q["subject"], at)
        elif it == "event_time":
            t = self.event_time(q["subject"], q["event"], at, q.get("unit"), q.get("ordinal", 1))
            res["time"] = round(t, 2)
            res["time_tol_s"] = 2.0 if q["event"] in ("first_seen", "last_seen") else 3.0
            note = "%s %s at %.1f s" % (self.desc(q["subject"]), q["event"], t)
        elif it == "time_since":
            t = self.event_time(q["subject"], q["event"], at, q.get("unit"), q.get("ordinal", 1))
            d = at - t
            res["duration_s"] = round(d, 2)
            res["duration_tol_s"] = round(max(3.0, 0.1 * d), 1)
            note = "%s %s at %.1f s" % (self.desc(q["subject"]), q["event"], t)
        elif it in ("state_duration", "spell_duration"):
            d, note = self.spell(q["subject"], q["state"], q.get("spell", "last"), at, q.get("window"), q.get("ordinal"))
            res["duration_s"] = round(float(d), 2)
            res["duration_tol_s"] = round(max(3.0, 0.1 * float(d)), 1)
        elif it == "order":
            ta = self.event_time(q["subject"], q["event"], at, q.get("unit"), q.get("ordinal", 1))
            o = q["other"]
            tb = self.event_time(o["subject"], o["event"], at, o.get("unit"), o.get("ordinal", 1))
            need(abs(ta - tb) > 5, "order question on near-simultaneous events")
            res["yes_no"] = (ta < tb) if q["relation"] == "before" else (ta > tb)
            note = "%s at %.1f s; %s at %.1f s" % (q["event"], ta, o["event"], tb)
        elif it == "returned":
            res["yes_no"], note = self.returned(q["subject"], q["other"], at)
        elif it == "is_working":
            e = sc.ent[q["subject"]]
            need(self.seen_in(e.eid, at - 2, at), "%s not in view when asked" % e.eid)
            a = self.act[e.eid][fr(at)]
            need(a in ("active", "idle"), "is_working asked while %s" % a)
            res["yes_no"] = (a == "active") if q["state"] == "working" else (a == "idle")
            note = "%s is %s at %.1f s" % (e.eid, a, at)
        elif it == "same_individual":
            a, b = q["subject"], q["other"]["subject"]
            need(self.seen_in(a, at - 3, at), "same_individual: %s not in view" % a)
            tb = q["other"].get("t")
            if tb is not None:
                need(self.seen_in(b, tb - 3, tb + 3), "same_individual: %s not seen at %s" % (b, tb))
            res["yes_no"] = a == b
            note = "in view: %s; earlier: %s" % (self.desc(a), self.desc(b))
        elif it == "count_distinct":
            ids = self.distinct(q["label"], q.get("attrs", {}), at)
            res["count"] = len(ids)
            note = "seen by %.1f s: %s" % (at, ", ".join(ids))
        else:
            raise TruthError("unknown intent " + it)
        if note:
            res["note"] = note
        qy = {k: q[k] for k in ("subject", "event", "unit", "ordinal", "state", "spell", "direction", "relation",
                                 "other", "label", "attrs", "window") if k in q}
        if "subject" in qy:
            qy["subject_label"] = sc.ent[qy["subject"]].label
        res["query"] = qy
        return res

    def things_in_direction(self, direction, at):
        centre = SECTOR_ANGLE[direction]
        req, opt = set(), set()
        k = fr(at)
        for e in self.sc.entities:
            if e.holder is not None and e.holder.at(at) == "wearer" and self.vis(e.eid)[:k + 1].any():
                opt.add(e.label)
                continue
            i = self.last_frame(e.eid, at)
            if i is None:
                continue
            if e.is_worker and not e.present.at(at) and self.seen_in(e.eid, 0, at):
                # seen to leave (left the site): left out
                continue
            r1, r2, _ = self.rel_last_known(e.eid, at)
            moving_away = (e.label == "suspended_load" or e.plant) and e.path.speed(self.ob.t[i]) > 0.3
            # angular half-extent of big things
            b = self.ob.bbox[i, self.j(e.eid)]
            ext = 0.5 * (b[2] - b[0]) / self.sc.lens.f * 180 / math.pi if e.label in ("excavation", "brick_wall", "scaffold") else 0
            offs = [abs(wrap180(r - centre)) for r in (r1, r2)]
            if max(offs) <= 40 and not moving_away:
                req.add(e.label)
            elif min(offs) - ext <= 50 or (moving_away and min(offs) <= 60):
                opt.add(e.label)
        opt -= req
        return {"entity_types": sorted(req), "entity_types_optional": sorted(opt)}

    def still_there(self, eid, at):
        e = self.sc.ent[eid]
        ob = self.ob
        jj = self.j(eid)
        v = self.vis(eid)[:fr(at) + 1]
        idx = np.nonzero(v)[0]
        need(len(idx), "still_there: never seen")
        # the reference place: where it was first seen, or where it was last set down (seen on the ground)
        ground = [i for i in idx if not ob.held[i, jj]]
        need(len(ground), "still_there: never seen on the ground")
        ref = ground[0]
        for k in range(1, len(idx)):
            if ob.held[idx[k - 1], jj] and not ob.held[idx[k], jj]:
                ref = idx[k]
        first = ob.pos[ref, jj]
        i_last = idx[-1]
        if ob.held[i_last, jj]:
            return False
        last = ob.pos[i_last, jj]
        if np.linalg.norm((last - first)[[0, 2]]) > 1.0:
            return False
        # was the place seen empty after the last sighting?
        for i in range(i_last + 1, fr(at) + 1):
            t = ob.t[i]
            here = e.present.at(t) and not e.held(t) and np.linalg.norm((e.pos(t, self.sc) - last)[[0, 2]]) < 1.0
            if not here and self.place_in_view(i, last):
                return False
        # a truthful 'yes' needs the thing to really be there (or at least unchanged as far as seen)
        return True

    def event_time(self, eid, event, at, unit=None, ordinal=1):
        sc, ob = self.sc, self.ob
        e = sc.ent[eid]
        T = ob.t
        k = fr(at)
        if event == "first_seen":
            idx = np.nonzero(self.vis(eid)[:k + 1])[0]
            need(len(idx), "%s not seen" % eid)
            return float(T[idx[0]])
        if event == "last_seen":
            i = self.last_frame(eid, at)
            need(i is not None, "%s not seen" % eid)
            return float(T[i])
        times = []
        if event in ("dropped", "picked_up"):
            ch = [(0.0, e.holder.init)] + list(e.holder.changes)
            for (ta, ha), (tb, hb) in zip(ch[:-1], ch[1:]):
                if event == "dropped" and ha is not None and hb is None:
                    times.append(tb)
                if event == "picked_up" and ha is None and hb is not None:
                    times.append(tb)
        elif event == "ppe_removed":
            times = [T[a] for (a, b) in self.runs(~self.hat[eid]) if a > 0]
        elif event in ("entered_zone", "left_zone"):
            rs = self.runs(self.zone[eid])
            times = [T[a] for a, b in rs] if event == "entered_zone" else [T[b] for a, b in rs if b < ob.n]
        elif event in ("went_idle", "started_working", "stopped_working", "resumed_working"):
            # walking is neutral: a worker walking between two jobs has not stopped or resumed work
            a = list(self.act[eid])
            for i in range(1, len(a)):
                if a[i] == "walking":
                    a[i] = a[i - 1]
            seen_active = a[0] == "active"
            if event == "started_working" and seen_active:
                times.append(0.0)
            for i in range(1, ob.n):
                if a[i] == a[i - 1]:
                    continue
                if event == "went_idle" and a[i] == "idle":
                    times.append(T[i])
                if event == "stopped_working" and a[i - 1] == "active" and a[i] == "idle":
                    times.append(T[i])
                if a[i] == "active":
                    if event == "started_working" and not seen_active:
                        times.append(T[i])
                    if event == "resumed_working" and seen_active and a[i - 1] == "idle":
                        times.append(T[i])
                    seen_active = True
        elif event == "work_unit":
            n = ordinal if unit == "brick" else ordinal * e.per_course
            need(n <= len(e.bricks), "work unit beyond plan")
            times = [e.bricks[n - 1]]
            ordinal = 1
        elif event == "left":
            times = [tc for tc, v in e.present.changes if not v]
        else:
            raise TruthError("event " + event)
        times = [t for t in times if t <= at + 1e-6]
        if ordinal == -1:  # the most recent one
            need(len(times) >= 1, "%s: no %s by %.1f" % (eid, event, at))
            t = float(times[-1])
        else:
            need(len(times) >= ordinal, "%s: no %s #%d by %.1f" % (eid, event, ordinal, at))
            t = float(times[ordinal - 1])
        need(self.seen_in(eid, t - 1.5, t + 1.5), "%s %s at %.1f not observed" % (eid, event, t))
        return t

    def spell(self, eid, state, which, at, window=None, ordinal=None):
        sc, ob = self.sc, self.ob
        e = sc.ent[eid]
        T = ob.t
        k = fr(at)
        if state in ("idle", "working"):
            mask = self.act[eid] == ("idle" if state == "idle" else "active")
        elif state == "without_ppe":
            mask = ~self.hat[eid]
        elif state == "in_zone":
            mask = self.zone[eid]
        elif state == "on_ground":
            mask = np.array([e.present.at(t) and not e.held(t) for t in T])
        else:
            raise TruthError(state)
        mask = mask[:k + 1]
        rs = [(T[a], T[b - 1] + 1.0 / FPS if b <= k else at) for a, b in self.runs(mask)]
        if state == "on_ground":
            rs = [r for r in rs if r[0] > 0]  # spells after being set down
        v = self.vis(eid)
        if which == "current":
            cur = [r for r in rs if r[1] >= at - 1e-6]
            d = (at - cur[-1][0]) if cur else 0.0
            if cur:
                need(self.seen_in(eid, cur[-1][0] - 1.5, cur[-1][0] + 2.0), "%s: current spell start unseen" % eid)
            note = "current %s spell: %s" % (state, ("since %.1f s" % cur[-1][0]) if cur else "none")
            return d, note
        if which == "total":
            lo = window[0] if window and window[0] is not None else 0.0
            hi = window[1] if window and window[1] is not None else at
            d = sum(max(0.0, min(b, hi) - max(a, lo)) for a, b in rs)
            return d, "%s spells %s (total within %.0f-%.0f s)" % (state, ["%.1f-%.1f" % r for r in rs], lo, hi)
        if which == "nth":
            need(len(rs) >= ordinal, "no spell #%d" % ordinal)
            a, b = rs[ordinal - 1]
        else:
            need(len(rs) > 0, "%s: no %s spell by %.1f" % (eid, state, at))
            a, b = rs[-1]
        need(self.seen_in(eid, a - 1.5, a + 2.0), "%s: spell start unseen" % eid)
        if b < at - 0.1:
            need(self.seen_in(eid, b - 2.0, b + 1.5), "%s: spell end unseen" % eid)
        return b - a, "%s spell %.1f-%.1f s" % (state, a, b)

    def returned(self, eid, other, at):
        ob = self.ob
        t_ev = self.event_time(other["subject"], other["event"], at)
        place = ob.pos[fr(t_ev), self.j(other["subject"])]
        jw = self.j(eid)
        away = False
        for i in range(fr(t_ev), fr(at) + 1):
            d = math.hypot(ob.pos[i, jw][0] - place[0], ob.pos[i, jw][2] - place[2])
            if d > 3.0:
                away = True
            if away and d < 1.5:
                need(ob.vis[i, jw] or self.seen_in(eid, ob.t[i] - 2, ob.t[i] + 2), "return unseen")
                return True, "%s went away and came back at %.1f s to where %s %s (%.1f s)" % (
                    eid, ob.t[i], other["subject"], other["event"], t_ev)
        return False, "%s did not come back to where %s %s (%.1f s)%s" % (
            eid, other["subject"], other["event"], t_ev, "" if away else " (never left)")

    def distinct(self, label, attrs, at):
        out = []
        k = fr(at)
        for e in self.sc.entities:
            if e.label != label:
                continue
            if any(e.attrs.get(a) != v for a, v in attrs.items()):
                continue
            if self.vis(e.eid)[:k + 1].sum() >= 8:
                out.append(e.eid)
        return out
