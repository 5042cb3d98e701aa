"""Ground truth for questions: typed answers computed from the scripted world and the observations."""
import math

from .facts import looked_at
from .geom import SECTORS, boundary_margin, neighbour_sector, sector, wrap180

QUERY_FIELDS = ["kind", "intent", "subject", "event", "unit", "ordinal", "other", "relation", "direction",
                "time", "window", "state", "spell"]
SECTOR_ANGLE = {s: 45.0 * i if i <= 4 else 45.0 * (i - 8) for i, s in enumerate(SECTORS)}
KINDS = {
    "direction_of": "directional", "things_in_direction": "directional", "where": "object_permanence",
    "still_there": "object_permanence", "event_time": "temporal_retrieval", "time_since": "temporal_reasoning",
    "state_duration": "temporal_reasoning", "order": "temporal_reasoning", "returned": "temporal_reasoning",
    "is_working": "productivity", "spell_duration": "productivity", "same_individual": "identity",
    "count_distinct": "identity", "unknown": "unknown"}
TRANSITIONS = {"started_working", "stopped_working", "resumed_working", "went_idle"}


def full_query(q):
    out = {k: None for k in QUERY_FIELDS}
    out.update(q)
    return out


def spell_value(spells, at, which, ordinal=None, window=None):
    """Duration of the asked spell, using only spells started by `at` (ongoing ones cut at `at`).

    Returns (value, (start, end)) with end None for totals."""
    sp = [(a, min(b, at)) for a, b in spells if a <= at]
    if which == "current":
        for a, b in sp:
            if a <= at <= b + 1e-6 and b >= at - 1e-6:
                return at - a, (a, at)
        return 0.0, None
    if which == "last":
        if not sp:
            return None, None
        a, b = sp[-1]
        return b - a, (a, b)
    if which == "nth":
        if len(sp) < ordinal:
            return None, None
        a, b = sp[ordinal - 1]
        return b - a, (a, b)
    if which == "total":
        lo, hi = (window or (0.0, at))
        tot = sum(max(0.0, min(b, hi) - max(a, lo)) for a, b in sp)
        return tot, None
    raise ValueError(which)


class Answerer:
    def __init__(self, facts):
        self.f = facts
        self.w = facts.w

    def answer(self, q):
        """q: scenario question spec. Returns (answer entry, problems)."""
        probs = []
        intent = q["intent"]
        at = q["at"]
        tgt = q.get("target", {})
        query = full_query(dict(q["query"], kind=KINDS[intent], intent=intent))
        entry = {"id": q["id"], "kind": KINDS[intent], "intent": intent}
        f = self.f
        P = lambda msg: probs.append("%s: %s" % (q["id"], msg))
        note = ""
        if intent in ("direction_of", "where"):
            name = tgt["ent"]
            place, ls = f.last_place(name, at)
            if place is None:
                P("%s never seen by %.1f" % (name, at))
            else:
                if self.w.ent[name].carrier(ls) is not None:
                    P("%s was being carried when last seen" % name)
                rel = f.rel(place, at)
                rel_then = f.rel(place, at, from_pos=self.w.wearer.pos(ls))
                entry["direction"] = sector(rel)
                if boundary_margin(rel) < 6.0:
                    entry["direction_alt"] = neighbour_sector(rel)
                ok = {entry["direction"], entry.get("direction_alt")}
                if sector(rel_then) not in ok:
                    P("bearing from where it was seen (%.1f) and from here (%.1f) disagree" % (rel_then, rel))
                if boundary_margin(rel_then) < 3.0 and "direction_alt" not in entry:
                    P("bearing seen then within 3 deg of a boundary")
                note = ("%s last seen at %.1f s at world bearing %.1f deg (from the wearer's place now); heading at "
                        "%.1f s is %.1f deg, so relative %.1f deg (%.1f deg from a sector boundary)"
                        % (name, ls, wrap180(rel + f.heading(at)), at, f.heading(at), rel, boundary_margin(rel)))
                if intent == "where":
                    e = self.w.ent[name]
                    now = e.xz(at)
                    if f.distance(now, place) > 1.0:
                        note += "; it has since moved while out of view, so the answer is where it was last seen"
        elif intent == "things_in_direction":
            centre = SECTOR_ANGLE[q["query"]["direction"]]
            req, opt = set(), set()
            parts = []
            for e in self.w.ents:
                if e.label is None:
                    continue
                place, ls = f.last_place(e.name, at)
                if place is None:
                    continue
                if e.shape == "worker" and e.present[1] < at:
                    continue
                held = e.carrier(ls) == "wearer" if e.carries else False
                d_now = abs(wrap180(f.rel(place, at) - centre))
                d_then = abs(wrap180(f.rel(place, at, from_pos=self.w.wearer.pos(ls)) - centre))
                if held:
                    if min(d_now, d_then) <= 53:
                        opt.add(e.label)
                    continue
                if max(d_now, d_then) <= 37.0:
                    req.add(e.label)
                    parts.append("%s %.0f" % (e.name, d_now))
                elif min(d_now, d_then) <= 53.0:
                    opt.add(e.label)
                    parts.append("%s %.0f (edge)" % (e.name, d_now))
            entry["entity_types"] = sorted(req)
            entry["entity_types_optional"] = sorted(opt - req)
            if not req:
                P("nothing clearly in that quadrant")
            note = "offsets from the quadrant centre (deg): " + ", ".join(parts)
        elif intent == "still_there":
            name = tgt["ent"]
            ref_t = tgt.get("ref_t") or f.first_seen(name, at)
            if ref_t is None:
                P("never seen")
            else:
                ref = f.place(name, ref_t)
                now = self.w.ent[name].xz(at)
                moved = f.distance(ref, now) > 1.0
                entry["yes_no"] = not moved
                lp, ls = f.last_place(name, at)
                if moved:
                    seen_else = lp is not None and f.distance(lp, ref) > 1.0
                    gone_seen = any(looked_at(self.w, ref, t) for t in f.times if ls < t <= at)
                    if not (seen_else or gone_seen):
                        P("the move is not observable by %.1f" % at)
                    note = "%s was at (%.1f, %.1f) at %.1f s; by %.1f s it is elsewhere (%.1f, %.1f)" % (
                        name, ref[0], ref[1], ref_t, at, now[0], now[1])
                else:
                    if lp is None or f.distance(lp, ref) > 1.0:
                        P("not last seen at its first place")
                    note = "%s still at its first place (last seen %.1f s)" % (name, ls)
        elif intent == "event_time":
            name = tgt["ent"]
            ev = q["query"]["event"]
            t = f.event_time(name, ev, q["query"].get("unit"), q["query"].get("ordinal"), at)
            if t is None or t > at:
                P("event %s of %s not by %.1f" % (ev, name, at))
            else:
                entry["time"] = round(t, 2)
                entry["time_tol_s"] = 4.0 if ev in TRANSITIONS else 3.0
                self._check_seen(name, ev, t, P)
                note = "%s %s at %.2f s" % (name, ev, t)
        elif intent == "time_since":
            name = tgt["ent"]
            ev = q["query"]["event"]
            t = f.event_time(name, ev, q["query"].get("unit"), q["query"].get("ordinal"), at)
            if t is None:
                P("event missing")
            else:
                entry["duration_s"] = round(at - t, 2)
                entry["duration_tol_s"] = 3.0
                self._check_seen(name, ev, t, P)
                note = "%s %s at %.2f s; asked at %.1f s" % (name, ev, t, at)
        elif intent in ("state_duration", "spell_duration"):
            name = tgt["ent"]
            st = q["query"]["state"]
            which = q["query"].get("spell") or tgt.get("spell", "last")
            win = None
            if q["query"].get("window"):
                win = tuple(x["t"] if x else (at if i else 0.0) for i, x in enumerate(q["query"]["window"]))
            spells = f.spells(name, st)
            val, span = spell_value(spells, at, which, q["query"].get("ordinal"), win)
            if val is None:
                P("no %s spell" % st)
            else:
                entry["duration_s"] = round(val, 2)
                entry["duration_tol_s"] = round(max(5.0, 0.12 * val), 2)
                if span:
                    a, b = span
                    if val > 0 and not self._boundary_seen(name, st, a):
                        P("start of the %s spell (%.1f) not observed" % (st, a))
                    if b < at - 0.5 and not self._boundary_seen(name, st, b):
                        P("end of the %s spell (%.1f) not observed" % (st, b))
                    if b >= at - 0.5 and val > 0 and not f.seen_near(name, at, 4.0, 0.0):
                        P("spell ongoing at %.1f but subject not in view then" % at)
                    for a2, b2 in spells:
                        if (0 < a - b2 < 10.0) or (0 < a2 - b < 10.0 and a2 <= at):
                            P("another %s spell within 10 s of the asked one" % st)
                note = "%s %s spells %s; %s -> %.1f s" % (
                    name, st, [(round(a, 1), round(b, 1)) for a, b in spells], which, val)
        elif intent == "order":
            a, b = tgt["a"], tgt["b"]
            ta = f.event_time(a[0], a[1], *(a[2:] or (None, None)), at=at)
            tb = f.event_time(b[0], b[1], *(b[2:] or (None, None)), at=at)
            if ta is None or tb is None:
                P("order events missing")
            else:
                rel = q["query"]["relation"]
                entry["yes_no"] = (ta < tb) if rel == "before" else (ta > tb)
                if abs(ta - tb) < 8.0:
                    P("order events too close")
                self._check_seen(a[0], a[1], ta, P)
                self._check_seen(b[0], b[1], tb, P)
                note = "%s %s at %.1f s; %s %s at %.1f s" % (a[0], a[1], ta, b[0], b[1], tb)
        elif intent == "returned":
            name = tgt["ent"]
            oname, oev = tgt["place_of"]
            te = f.event_time(oname, oev, at=at)
            place = f.place(oname, te)
            away = False
            back = None
            mind = 1e9
            for t in f.times:
                if t <= te or t > at:
                    continue
                d = f.distance(self.w.ent[name].xz(t), place)
                if d > 3.0:
                    away = True
                elif away:
                    mind = min(mind, d)
                    if d <= 1.2 and back is None:
                        back = t
            entry["yes_no"] = back is not None
            if back is not None:
                if not any(f.seen_near(name, t, 0, 0) for t in f.times if back <= t <= at
                           and f.distance(self.w.ent[name].xz(t), place) <= 1.5):
                    P("return not observed")
            elif away and mind < 2.5:
                P("came back close but not to the place (ambiguous)")
            if not away:
                P("never went away")
            note = "place: where %s %s at %.1f s (%.1f, %.1f); %s" % (
                oname, oev, te, place[0], place[1], ("back at %.1f s" % back) if back else "did not come back")
        elif intent == "is_working":
            name = tgt["ent"]
            act = self.w.ent[name].act(at)
            st = q["query"]["state"]
            if act == "walking":
                P("subject walking at `at`")
            entry["yes_no"] = (act == "active") if st == "working" else (act == "idle")
            if not f.seen_near(name, at, 3.0, 0.0):
                P("subject not in view at `at`")
            sp = [s for s in (f.idle_spells(name) + f.work_spells(name)) if s[0] <= at <= s[1]]
            if sp and at - sp[0][0] < 4.0:
                P("state changed just before `at`")
            note = "%s is %s at %.1f s" % (name, act, at)
        elif intent == "same_individual":
            this, other = tgt["this"], tgt["other"]
            entry["yes_no"] = this == other
            if not f.seen_near(this, at, 3.0, 0.0):
                P("'this' person not in view at `at`")
            ref_t = tgt.get("other_t")
            if ref_t is not None and not f.seen_near(other, ref_t, 3.0, 3.0):
                P("the earlier person not seen at the reference time")
            note = "in view: %s; earlier: %s" % (this, other)
            tr_this = self._tracks(this, at)
            tr_other = self._tracks(other, at)
            note += "; track ids %s vs %s" % (tr_this, tr_other)
        elif intent == "count_distinct":
            lab = q["query"]["subject"]["label"]
            attrs = q["query"]["subject"].get("attributes") or {}
            names = []
            for e in self.w.ents:
                if e.label != lab:
                    continue
                if any(e.attrs.get(k) != v for k, v in attrs.items()):
                    continue
                fs = f.first_seen(e.name, at)
                if fs is not None:
                    names.append(e.name)
            entry["count"] = len(names)
            tracks = sorted({tid for n in names for tid in self._tracks(n, at)}, key=int)
            note = "distinct: %s; the tracker used %d ids for them" % (", ".join(names), len(tracks))
        elif intent == "unknown":
            note = "not about the site's memory or too vague: must be answered as not understood"
        else:
            P("unknown intent %s" % intent)
        entry["note"] = note
        entry["query"] = query
        return entry, probs

    def _tracks(self, name, at):
        o = self.f.obs[name]
        return sorted({tid for i, tid in enumerate(o["track"]) if tid is not None and self.f.times[i] <= at}, key=int)

    def _check_seen(self, name, ev, t, P):
        if ev in ("first_seen", "last_seen"):
            return
        if ev == "work_unit":
            if not self.f.seen_near(name, t, 0.5, 4.0):
                P("%s work unit at %.1f not in view" % (name, t))
            return
        if not self.f.seen_near(name, t, 1.5, 2.0):
            P("%s %s at %.1f not in view" % (name, ev, t))

    def _boundary_seen(self, name, st, t):
        return self.f.seen_near(name, t, 2.0, 2.0)
