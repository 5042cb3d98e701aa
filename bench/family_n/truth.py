"""Question builders: each computes its typed answer from the world and the detections up to
`at`, builds the typed query (QUESTIONS.md schema) and records problems (events not visible,
bearings too near a boundary, ...)."""
import math

import numpy as np

from .alerts import recall_views
from .world import FPS, bearing_from, sector_info, wrap180

KIND = {"direction_of": "directional", "things_in_direction": "directional", "where": "object_permanence",
        "still_there": "object_permanence", "event_time": "temporal_retrieval", "time_since": "temporal_reasoning",
        "state_duration": "temporal_reasoning", "order": "temporal_reasoning", "returned": "temporal_reasoning",
        "is_working": "productivity", "spell_duration": "productivity", "same_individual": "identity",
        "count_distinct": "identity", "unknown": "unknown"}
FIELDS = ["subject", "event", "unit", "ordinal", "other", "relation", "direction", "time", "window", "state", "spell"]


def S(label, role=None, **attrs):
    s = {"label": label, "attributes": attrs}
    if role:
        s["role"] = role
    return s


class Builder:
    def __init__(self, sc, ob, geo):
        self.sc, self.ob, self.geo = sc, ob, geo
        self.questions, self.answers, self.problems = [], [], []

    # -------------------------------------------------------------- plumbing
    def _add(self, qid, at, text, intent, typed, note, **q):
        query = {"kind": KIND[intent], "intent": intent}
        for f in FIELDS:
            query[f] = q.get(f)
        self.questions.append({"id": qid, "camera": self.sc.camera, "at": float(at), "question": text})
        a = {"id": qid, "kind": KIND[intent], "intent": intent}
        a.update(typed)
        a["note"] = note
        a["query"] = query
        self.answers.append(a)

    def bad(self, qid, msg):
        self.problems.append(f"{self.sc.name} {qid}: {msg}")

    def wpos(self, t):
        i = min(int(round(t * FPS)), self.sc.n - 1)
        p = self.sc.wearer.pos[i]
        return (p[0], 0.0, p[2])

    def heading(self, t):
        return self.sc.wearer.heading(t)

    def last_place(self, eid, at):
        t = self.ob.last(eid, at)
        if t is None:
            return None, None
        return self.sc.by_id[eid].pos(t), t

    def rel(self, place, at):
        return wrap180(bearing_from(self.wpos(at), place) - self.heading(at))

    # -------------------------------------------------------------- directional / permanence
    def direction(self, qid, at, text, eid, subject, intent="direction_of"):
        place, tl = self.last_place(eid, at)
        if place is None:
            return self.bad(qid, f"{eid} not seen by {at}")
        rel = self.rel(place, at)
        sec, alt, bd = sector_info(rel)
        i = int(round(tl * FPS))
        rel2 = wrap180(bearing_from(self.wpos(tl), place) - self.heading(at))
        sec2 = sector_info(rel2)[0]
        if sec2 not in (sec, alt):
            self.bad(qid, f"bearing from the wearer's place then ({rel2:.1f}) and now ({rel:.1f}) disagree")
        if bd < 3.0 and alt is None:
            self.bad(qid, "bearing within 3 deg of a boundary")
        typed = {"direction": sec}
        if alt:
            typed["direction_alt"] = alt
        moved = ""
        cur = self.sc.by_id[eid].pos(at)
        if cur is None or np.linalg.norm(np.subtract(cur, place)) > 1.0:
            moved = " (it has since been moved or taken while out of view; this is where it was last seen)"
        note = f"last seen at {tl:.1f} s, relative bearing {rel:.1f} deg at {at} s{moved}"
        self._add(qid, at, text, intent, typed, note, subject=subject)

    def things(self, qid, at, text, direction):
        centre = {"front": 0, "front-right": 45, "right": 90, "behind-right": 135, "behind": 180,
                  "behind-left": -135, "left": -90, "front-left": -45}[direction]
        must, opt = set(), set()
        detail = []
        for e in self.sc.entities:
            if e.label is None:
                continue
            if e.kw.get("left_at") is not None and e.kw["left_at"] <= at:
                continue
            place, tl = self.last_place(e.eid, at)
            if place is None:
                continue
            off = abs(wrap180(self.rel(place, at) - centre))
            off2 = abs(wrap180(wrap180(bearing_from(self.wpos(tl), place) - self.heading(at)) - centre))
            if e.kw.get("wearer_tool") and e.pos(at) is None:
                if min(off, off2) <= 53:
                    opt.add(e.label)
                continue
            if max(off, off2) <= 37:
                must.add(e.label)
                detail.append(f"{e.eid} {self.rel(place, at):.0f}")
            elif min(off, off2) <= 53:
                opt.add(e.label)
        opt -= must
        if not must:
            self.bad(qid, "nothing clearly in that quadrant")
        self._add(qid, at, text, "things_in_direction",
                  {"entity_types": sorted(must), "entity_types_optional": sorted(opt)},
                  "last known relative bearings: " + ", ".join(detail), direction=direction)

    def still_there(self, qid, at, text, eid, subject, time=None):
        e = self.sc.by_id[eid]
        t_ref = self.ob.first(eid, at) if time is None else self.ob.last(eid, time["t"])
        if t_ref is None:
            return self.bad(qid, "never seen")
        ref = np.array(e.pos(t_ref))
        cur = e.pos(at)
        moved = cur is None or np.linalg.norm(np.array(cur) - ref) > 1.0
        if moved:
            lp, _ = self.last_place(eid, at)
            seen_moved = np.linalg.norm(np.array(lp) - ref) > 1.0
            views = [f for f in recall_views(self.sc, self.ob, eid) if f / FPS <= at]
            if not seen_moved and not views:
                self.bad(qid, "moved, but nothing observed by `at` shows it")
        self._add(qid, at, text, "still_there", {"yes_no": not moved},
                  f"reference sighting {t_ref:.1f} s; {'moved/taken' if moved else 'unmoved'} at {at} s",
                  subject=subject, time=time)

    # -------------------------------------------------------------- time
    def _visible(self, qid, eid, t, before=2.0, after=2.0):
        if not self.ob.seen(eid, t - before, t + after):
            self.bad(qid, f"{eid} not visible around {t:.1f} s")

    def event_time(self, qid, at, text, eid, subject, event, t_ev=None, tol=3.0, unit=None, ordinal=None):
        if t_ev is None:
            t_ev = self.ob.first(eid, at) if event == "first_seen" else self.ob.last(eid, at)
        if t_ev is None or t_ev > at:
            return self.bad(qid, "event after `at`")
        self._visible(qid, eid, t_ev)
        self._add(qid, at, text, "event_time", {"time": round(t_ev, 2), "time_tol_s": tol},
                  f"{event} at {t_ev:.1f} s", subject=subject, event=event, unit=unit, ordinal=ordinal)

    def time_since(self, qid, at, text, eid, subject, event, t_ev=None, tol=3.0):
        if event == "last_seen":
            t_ev = self.ob.last(eid, at)
            if self.ob.seen(eid, at - 1.0, at):
                self.bad(qid, "still in view at `at`")
        else:
            self._visible(qid, eid, t_ev)
        if t_ev is None or t_ev > at:
            return self.bad(qid, "event after `at`")
        d = at - t_ev
        self._add(qid, at, text, "time_since", {"duration_s": round(d, 2), "duration_tol_s": tol},
                  f"{event} at {t_ev:.2f} s", subject=subject, event=event)

    def state_duration(self, qid, at, text, eid, subject, state, t_a, t_b, spell=None, tol=3.0, check=True):
        if check:
            self._visible(qid, eid, t_a)
            if t_b < at:
                self._visible(qid, eid, t_b)
        d = min(t_b, at) - t_a
        self._add(qid, at, text, "state_duration", {"duration_s": round(d, 2), "duration_tol_s": tol},
                  f"{state} from {t_a:.1f} to {min(t_b, at):.1f} s", subject=subject, state=state, spell=spell)

    def order(self, qid, at, text, subject, event, t1, other, t2, relation, eids=()):
        if abs(t1 - t2) < 10:
            self.bad(qid, "events under 10 s apart")
        for eid, t in eids:
            self._visible(qid, eid, t)
        yes = (t1 < t2) if relation == "before" else (t1 > t2)
        self._add(qid, at, text, "order", {"yes_no": bool(yes)}, f"{event} at {t1:.1f} s, other at {t2:.1f} s",
                  subject=subject, event=event, other=other, relation=relation)

    def returned(self, qid, at, text, eid, subject, place, t_from, other, relation=None):
        e = self.sc.by_id[eid]
        away = back = None
        for t in np.arange(t_from, at, 1 / FPS):
            p = e.pos(t)
            if p is None:
                continue
            d = math.hypot(p[0] - place[0], p[2] - place[2])
            if away is None and d > 3.0:
                away = t
            if away is not None and d < 1.5:
                back = t
                break
        yes = back is not None
        if yes:
            self._visible(qid, eid, back, 3.0, 3.0)
        self._add(qid, at, text, "returned", {"yes_no": yes},
                  f"left the place at {away}, back at {back}", subject=subject, other=other, relation=relation)

    # -------------------------------------------------------------- productivity
    def _spells(self, e, state, at):
        st = [(a, s) for a, s in e.activity if a <= at] + [(at, "now")]
        return [(a, b) for (a, s), (b, _) in zip(st[:-1], st[1:]) if s == state]

    def is_working(self, qid, at, text, eid, subject, state):
        e = self.sc.by_id[eid]
        cur = e.state(at)
        for t in np.arange(at - 6, at, 0.5):
            if e.state(t) != cur:
                self.bad(qid, "state changed within 6 s before `at`")
                break
        if not self.ob.seen(eid, at - 6, at):
            self.bad(qid, "worker not in view just before `at`")
        yes = (cur == state)
        self._add(qid, at, text, "is_working", {"yes_no": yes}, f"{eid} is {cur} at {at} s", subject=subject, state=state)

    def spell(self, qid, at, text, eid, subject, state, spell, ordinal=None, window=None):
        e = self.sc.by_id[eid]
        sp = self._spells(e, state, at)
        if spell == "current":
            d = (sp[-1][1] - sp[-1][0]) if sp and e.state(at) == state else 0.0
            use = sp[-1:] if d else []
        elif spell == "last":
            use = sp[-1:]
            d = sp[-1][1] - sp[-1][0]
        elif spell == "nth":
            use = [sp[ordinal - 1]]
            d = use[0][1] - use[0][0]
        else:
            use = sp
            d = sum(b - a for a, b in sp)
        for a, b in use:
            self._visible(qid, eid, a, 4, 4)
            if b < at - 0.01:
                self._visible(qid, eid, b, 4, 4)
        tol = max(5.0, 0.12 * d)
        self._add(qid, at, text, "spell_duration", {"duration_s": round(d, 2), "duration_tol_s": round(tol, 2)},
                  f"{state} spells {[(round(a, 1), round(b, 1)) for a, b in use]}", subject=subject, state=state,
                  spell=spell, ordinal=ordinal, window=window)

    # -------------------------------------------------------------- identity
    def same(self, qid, at, text, eid_now, eid_before, subject, direction=None, time=None, other=None):
        if not self.ob.seen(eid_now, at - 1.5, at):
            self.bad(qid, f"{eid_now} not in view at `at`")
        if self.ob.first(eid_before, at - 5) is None:
            self.bad(qid, f"{eid_before} not seen before")
        if direction:
            sec = sector_info(self.rel(self.sc.by_id[eid_now].pos(at), at))
            if direction not in (sec[0], sec[1]):
                self.bad(qid, f"{eid_now} is {sec[0]}, question says {direction}")
        self._add(qid, at, text, "same_individual", {"yes_no": eid_now == eid_before},
                  f"in view: {eid_now}; before: {eid_before}", subject=subject, direction=direction, time=time, other=other)

    def count(self, qid, at, text, subject, eids, window=None):
        seen = [e for e in eids if self.ob.first(e, at) is not None]
        looks = {(self.sc.by_id[e].vest, self.sc.by_id[e].hat) for e in seen}
        if len(looks) != len(seen):
            self.bad(qid, "two counted people look alike")
        self._add(qid, at, text, "count_distinct", {"count": len(seen)}, f"seen: {', '.join(seen)}",
                  subject=subject, window=window)

    def unknown(self, qid, at, text, note):
        self._add(qid, at, text, "unknown", {}, note)
