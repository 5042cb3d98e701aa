"""Typed queries and their true answers, computed from the world as observed up to `at`."""
import math
import re

import numpy as np

from .world import sector, boundary_distance, neighbour_sector, wrap180, SECTOR_CENTRE, bearing_of

FIELDS = ["kind", "intent", "subject", "event", "unit", "ordinal", "other", "relation", "direction", "time",
          "window", "state", "spell"]
KIND_OF = {"direction_of": "directional", "things_in_direction": "directional", "where": "object_permanence",
           "still_there": "object_permanence", "event_time": "temporal_retrieval",
           "time_since": "temporal_reasoning", "state_duration": "temporal_reasoning",
           "order": "temporal_reasoning", "returned": "temporal_reasoning", "is_working": "productivity",
           "spell_duration": "productivity", "same_individual": "identity", "count_distinct": "identity",
           "unknown": "unknown"}
ALT_DEG = 6.0  # give the neighbouring sector too when the bearing is this close to a boundary
MIN_DEG = 3.0  # never closer than this without the neighbour
QUAD_MARGIN = 8.0  # things within this of a quadrant's edge may be listed or not


def subj(label, role=None, **attrs):
    d = {"label": label, "attributes": dict(attrs)}
    if role:
        d["role"] = role
    return d


def query(intent, **kw):
    q = {k: None for k in FIELDS}
    q["intent"] = intent
    q["kind"] = KIND_OF[intent]
    for k, v in kw.items():
        assert k in FIELDS, k
        q[k] = v
    return q


class Q:
    """A question: id, at, the supervisor's words, the typed query, and how to work out the answer."""

    def __init__(self, qid, at, text, q, ans, note=""):
        self.id, self.at, self.text, self.q, self.ans, self.note = qid, float(at), text, q, ans, note


def renumber(qs):
    """Sort questions by `at` and number them in that order (notes that cite an id follow it)."""
    qs = sorted(qs, key=lambda q: q.at)
    prefix = qs[0].id[:-2]
    mapping = {q.id: f"{prefix}{i + 1:02d}" for i, q in enumerate(qs)}
    for q in qs:
        q.id = mapping[q.id]
        q.note = re.sub(r"o_[a-z]\d\d", lambda m: mapping.get(m.group(0), m.group(0)), q.note)
    return qs


class Truth:
    def __init__(self, scen, world, mem, lens, place_in_view):
        self.s, self.w, self.m, self.lens = scen, world, mem, lens
        self.place_in_view = place_in_view
        self.problems = []

    # ------------------------------------------------------------------ geometry
    def rel_bearings(self, eid, at):
        """Relative bearing of eid's last known place, seen from where the wearer is at `at` and from
        where he was when he last saw it; both against the heading at `at`."""
        w = self.w
        fl = self.m.last_seen_frame(eid, at)
        if fl is None:
            return None
        fa = w.frame_of(at)
        p = w.state[eid]["pos"][fl]
        outs = []
        for fc in (fa, fl):
            c = w.cam_pos[fc]
            outs.append(wrap180(bearing_of(p[0] - c[0], p[2] - c[2]) - w.yaw[fa]))
        return outs, fl

    def angular_radius(self, eid, at):
        w = self.w
        fl = self.m.last_seen_frame(eid, at)
        p = w.state[eid]["pos"][fl]
        c = w.cam_pos[w.frame_of(at)]
        d = math.hypot(p[0] - c[0], p[2] - c[2])
        e = self.s.ent(eid)
        r = e.radius if e.kind != "worker" else 0.3
        return math.degrees(math.atan2(r, max(d, 0.1)))

    def direction(self, eid, at, qid):
        rb = self.rel_bearings(eid, at)
        if rb is None:
            self.problems.append(f"{qid}: {eid} never seen by {at}")
            return {}
        (now, then), fl = rb
        d = sector(now)
        out = {"direction": d}
        self.auto.append(f"{eid} last seen at {self.w.t[fl]:.1f}s; relative bearing {now:.1f} deg from where the "
                         f"wearer is at {at:.0f}s ({then:.1f} from where he saw it), heading {self.w.yaw[self.w.frame_of(at)]:.1f}")
        bd = boundary_distance(now)
        if bd < ALT_DEG:
            out["direction_alt"] = neighbour_sector(now)
        if bd < MIN_DEG and "direction_alt" not in out:
            self.problems.append(f"{qid}: bearing {now:.1f} within {MIN_DEG} deg of a boundary")
        ok = {d, out.get("direction_alt")}
        if sector(then) not in ok:
            if bd < 15 and sector(then) == neighbour_sector(now) and "direction_alt" not in out:
                out["direction_alt"] = sector(then)
            else:
                self.problems.append(f"{qid}: {eid} at {now:.1f} from here but {then:.1f} from where it was seen")
        if boundary_distance(then) < MIN_DEG and sector(then) == d and "direction_alt" not in out:
            out["direction_alt"] = neighbour_sector(then)
        return out

    def things(self, direction, at, qid):
        """Labels whose last known bearing is in the quadrant centred on direction."""
        c = SECTOR_CENTRE[direction]
        must, opt = set(), set()
        held_now = set()
        fa = self.w.frame_of(at)
        for e in self.s.entities:
            if e.label is None or self.m.last_seen_frame(e.eid, at) is None:
                continue
            if e.held and self.w.state[e.eid]["held"][fa] > 0:
                held_now.add(e.eid)
            if getattr(e, "left_at", None) is not None and e.left_at <= at:
                continue  # people seen to leave are left out
            if e.kind != "worker" and self.gone_seen(e.eid, at):
                opt.add(e.label)  # its place was seen empty: listing it or not are both fair
                continue
            (now, then), fl = self.rel_bearings(e.eid, at)
            ext = self.angular_radius(e.eid, at)
            ds = [abs(wrap180(x - c)) for x in (now, then)]
            if e.eid in held_now:
                if min(ds) < 45 + QUAD_MARGIN + ext:
                    opt.add(e.label)
                continue
            if max(ds) <= 45 - QUAD_MARGIN:
                must.add(e.label)
            elif min(ds) - ext < 45 + QUAD_MARGIN:
                opt.add(e.label)
        opt -= must
        self.auto.append(f"quadrant centred on {direction} at heading {self.w.yaw[fa]:.1f}; things within "
                         f"{QUAD_MARGIN:.0f} deg of its edges are optional")
        return {"entity_types": sorted(must), "entity_types_optional": sorted(opt)}

    # ------------------------------------------------------------------ events and spells
    def event_t(self, name, qid, at):
        if isinstance(name, tuple) and name[0] == "first_seen":
            t = self.m.first_seen(name[1])
            if t is None or t > at:
                self.problems.append(f"{qid}: {name[1]} not seen by {at}")
            return t
        ev = self.s.events[name]
        t = ev["t"]
        self.auto.append(f"{ev['eid']} {ev['event']} at {t:.1f}s")
        if t > at:
            self.problems.append(f"{qid}: event {name} at {t} after the question ({at})")
        self.check_event_seen(name, qid)
        return t

    def check_event_seen(self, name, qid):
        ev = self.s.events[name]
        eid, kind, t = ev["eid"], ev["event"], ev["t"]
        m = self.m
        if kind in ("dropped",):
            ok = m.seen_in(eid, t - 0.3, t + 2.0)
        elif kind in ("picked_up",):
            ok = m.seen_in(eid, t - 2.0, t + 0.3)
        elif kind in ("work_unit",):
            ok = m.seen_in(eid, t - 0.2, t + 2.0) and m.seen_in(eid, t - 2.5, t - 0.1)
        elif kind == "first_seen":
            ok = True
        else:  # state changes: seen on both sides of it
            ok = m.seen_in(eid, t - 2.0, t - 0.05) and m.seen_in(eid, t + 0.05, t + 2.0)
        if not ok:
            self.problems.append(f"{qid}: event {name} ({eid} {kind} at {t:.1f}s) not visible in the detections")

    def spells(self, eid, state):
        """World spells [(t0, t1)] of a state."""
        w, st = self.w, self.w.state[eid]
        if state == "idle":
            m = np.array([a == "idle" for a in st["activity"]])
        elif state == "working":
            m = np.array([a in ("active", "walking") for a in st["activity"]])
        elif state == "without_ppe":
            m = ~st["hat"]
        elif state == "on_ground":
            m = st["held"] == 0
            m[0] = m[0] and not self.s.ent(eid).held  # starts in hand
        elif state == "in_zone":
            m = st["in_zone"].copy()
        else:
            raise ValueError(state)
        m = m & st["present"]
        out = []
        d = np.diff(np.concatenate([[0], m.astype(int), [0]]))
        for a, b in zip(np.nonzero(d == 1)[0], np.nonzero(d == -1)[0]):
            out.append((float(w.t[a]), float(w.t[b - 1]) + 1.0 / self.s.fps))
        return out

    def spell_value(self, eid, state, spell, at, qid, ordinal=None, window=None):
        sp = [(a, min(b, at)) for a, b in self.spells(eid, state) if a <= at]
        self.auto.append(f"{eid} {state} spells up to {at:.0f}s: " + ", ".join(f"{a:.1f}-{b:.1f}s" for a, b in sp))
        # every spell boundary the answer rests on must be visible in the detections
        for a, b in sp:
            used = spell in ("total",) or (spell == "current" and b >= at - 0.1) or \
                (spell == "last" and (a, b) == sp[-1]) or (spell == "nth" and (a, b) == sp[(ordinal or 1) - 1])
            if not used:
                continue
            ends = [a] + ([b] if b < at - 0.1 else [])
            for x in ends:
                if x <= 0.01:
                    continue
                if state == "on_ground":
                    ok = self.m.seen_in(eid, x - 2.0, x + 2.0)
                else:
                    ok = self.m.seen_in(eid, x - 2.5, x - 0.05) and self.m.seen_in(eid, x + 0.05, x + 2.5)
                if not ok:
                    self.problems.append(f"{qid}: {eid} {state} spell boundary at {x:.1f}s not visible")
        if spell == "current":
            cur = [x for x in sp if x[1] >= at - 1.0 / self.s.fps]
            return (cur[-1][1] - cur[-1][0]) if cur else 0.0
        if spell == "last":
            if not sp:
                self.problems.append(f"{qid}: no {state} spell by {at}")
                return 0.0
            return sp[-1][1] - sp[-1][0]
        if spell == "nth":
            return sp[ordinal - 1][1] - sp[ordinal - 1][0]
        if spell == "total":
            lo, hi = (window or (0.0, at))
            return sum(max(0.0, min(b, hi) - max(a, lo)) for a, b in sp)
        raise ValueError(spell)

    def gone_seen(self, eid, at):
        """Whether the thing left its last-seen place and that place was then seen without it, by `at`."""
        w, st = self.w, self.w.state[eid]
        fl = self.m.last_seen_frame(eid, at)
        fa = w.frame_of(at)
        p0 = st["pos"][fl].copy()
        for f in range(fl + 1, fa + 1):
            if (not st["present"][f] or float(np.linalg.norm(st["pos"][f] - p0)) > 0.5) and self.place_in_view(p0, f):
                return True
        return False

    def still_there(self, eid, at, qid, ref_t=None):
        w, st = self.w, self.w.state[eid]
        f_ref = w.frame_of(ref_t) if ref_t is not None else int(self.m.frames(eid)[0])
        p0 = st["pos"][f_ref].copy()
        fa = w.frame_of(at)
        there = bool(st["present"][fa]) and float(np.linalg.norm(st["pos"][fa] - p0)) < 0.5
        if not there:
            # it must have been observed gone: seen elsewhere, or its place seen empty, before `at`
            away = np.nonzero((np.linalg.norm(st["pos"] - p0, axis=1) > 0.5) | ~st["present"])[0]
            away = away[(away > f_ref) & (away <= fa)]
            ok = False
            for f in away:
                if self.m.seen[eid][f] or self.place_in_view(p0, f):
                    ok = True
                    break
            if not ok:
                self.problems.append(f"{qid}: {eid} gone from its place but nobody saw that by {at}")
        return there

    def returned(self, eid, place, at, qid):
        """place: (x, z).  Whether eid left it (> 2.5 m) and came back (< 1.2 m), seen there, before at."""
        w, st = self.w, self.w.state[eid]
        fa = w.frame_of(at)
        d = np.hypot(st["pos"][:fa + 1, 0] - place[0], st["pos"][:fa + 1, 2] - place[1])
        at_place = np.nonzero(d < 1.2)[0]
        if len(at_place) == 0:
            self.problems.append(f"{qid}: {eid} never at the place")
            return False
        left = np.nonzero((d > 2.5) & (np.arange(len(d)) > at_place[0]))[0]
        if len(left) == 0:
            return False
        after = np.nonzero((np.arange(len(d)) > left[0]))[0]
        back = [f for f in after if d[f] < 1.2]
        near = [f for f in after if 1.2 <= d[f] < 2.5]
        if back:
            if not any(self.m.seen[eid][f] for f in back):
                self.problems.append(f"{qid}: {eid} went back unseen")
            return True
        if near and not any(d[f] > 2.5 for f in near):
            self.problems.append(f"{qid}: {eid} came within 2.5 m of the place: ambiguous")
        return False

    def returned_zone(self, eid, at, qid):
        sp = [(a, b) for a, b in self.spells(eid, "in_zone") if a <= at]
        merged = []
        for a, b in sp:
            if merged and a - merged[-1][1] < 10.0:
                merged[-1] = (merged[-1][0], b)
            else:
                merged.append((a, b))
        return len(merged) > 1

    # ------------------------------------------------------------------ answers
    def answer(self, q):
        self.auto = []
        out = self._answer(q)
        return out

    def _answer(self, q):
        a, at, qid = q.ans, q.at, q.id
        kind = a[0]
        out = {}
        if kind == "direction":
            out.update(self.direction(a[1], at, qid))
        elif kind == "things":
            out.update(self.things(a[1], at, qid))
        elif kind == "yes_no":
            out["yes_no"] = bool(a[1])
        elif kind == "event_time":
            out["time"] = round(self.event_t(a[1], qid, at), 2)
            out["time_tol_s"] = a[2] if len(a) > 2 else 3.0
        elif kind == "first_seen":
            t = self.m.first_seen(a[1])
            self.auto.append(f"{a[1]} first in the detections at {t:.2f}s")
            if t is None or t > at:
                self.problems.append(f"{qid}: {a[1]} not seen by {at}")
            out["time"] = round(t, 2)
            out["time_tol_s"] = 3.0
        elif kind == "last_seen":
            t = self.m.last_seen(a[1], at)
            out["time"] = round(t, 2)
            out["time_tol_s"] = 3.0
        elif kind == "since_event":
            out["duration_s"] = round(at - self.event_t(a[1], qid, at), 2)
            out["duration_tol_s"] = 3.0
        elif kind == "since_seen":
            t = self.m.last_seen(a[1], at)
            self.auto.append(f"{a[1]} last in the detections at {t:.2f}s")
            if t is None:
                self.problems.append(f"{qid}: {a[1]} never seen")
                t = at
            if at - t < 5.0:
                self.problems.append(f"{qid}: {a[1]} seen {at - t:.1f}s before the question (in view)")
            out["duration_s"] = round(at - t, 2)
            out["duration_tol_s"] = 3.0
        elif kind == "spell":
            _, eid, state, spell = a[:4]
            v = self.spell_value(eid, state, spell, at, qid, *(a[4:] if len(a) > 4 else []))
            out["duration_s"] = round(v, 2)
            out["duration_tol_s"] = round(max(5.0, 0.12 * v), 2)
        elif kind == "order":
            _, e1, e2, rel = a
            t1, t2 = self.event_t(e1, qid, at), self.event_t(e2, qid, at)
            if abs(t1 - t2) < 10:
                self.problems.append(f"{qid}: events {e1} and {e2} only {abs(t1 - t2):.1f}s apart")
            out["yes_no"] = (t1 < t2) if rel == "before" else (t1 > t2)
        elif kind == "working":
            _, eid, state = a
            st = self.w.state[eid]
            fa = self.w.frame_of(at)
            acts = set(st["activity"][max(0, fa - 5 * self.s.fps):fa + 1])
            now = st["activity"][fa]
            if len(acts) > 1:
                self.problems.append(f"{qid}: {eid} changed activity within 5 s of the question")
            if not self.m.seen_in(eid, at - 15, at):
                self.problems.append(f"{qid}: {eid} not seen in the 15 s before the question")
            working = now in ("active", "walking")
            out["yes_no"] = working if state == "working" else (not working)
        elif kind == "still":
            out["yes_no"] = self.still_there(a[1], at, qid, a[2] if len(a) > 2 else None)
        elif kind == "returned":
            out["yes_no"] = self.returned(a[1], a[2], at, qid)
        elif kind == "returned_zone":
            out["yes_no"] = self.returned_zone(a[1], at, qid)
        elif kind == "same":
            out["yes_no"] = a[1] == a[2]
        elif kind == "count":
            n, who = 0, []
            for e in self.s.entities:
                if e.label == a[1] and self.m.first_seen(e.eid) is not None and self.m.first_seen(e.eid) <= at:
                    n += 1
                    who.append(e.eid)
            out["count"] = n
            self.auto.append("seen by then: " + ", ".join(who))
        elif kind == "unknown":
            pass
        else:
            raise ValueError(kind)
        return out
