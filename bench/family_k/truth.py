"""The answer key: typed answers computed from the scripted world and what
the wearer observed up to each question's `at`, following the contract's
meanings ("What questions mean", QUESTIONS.md "Answer semantics").

Scenario files declare each question with its wording, its typed query
(QUESTIONS.md schema) and a `ref` naming the world entities it is about;
everything else (times, durations, sectors, yes/no, counts) is computed
here, together with a list of problems (an event asked about that was not
visible, a bearing too close to a boundary, ...)."""
import numpy as np

from .facts import sector_of, sector_centre
from .lens import wrap180
from .alerts import place_in_view
from .world import Worker, Thing

QUERY_FIELDS = ["kind", "intent", "subject", "event", "unit", "ordinal", "other", "relation", "direction", "time",
                "window", "state", "spell"]

KIND_OF = {"direction_of": "directional", "things_in_direction": "directional", "where": "object_permanence",
           "still_there": "object_permanence", "event_time": "temporal_retrieval", "time_since": "temporal_reasoning",
           "state_duration": "temporal_reasoning", "order": "temporal_reasoning", "returned": "temporal_reasoning",
           "is_working": "productivity", "spell_duration": "productivity", "same_individual": "identity",
           "count_distinct": "identity", "unknown": "unknown"}


def S(label, role=None, **attrs):
    """A query subject."""
    d = {"label": label, "attributes": dict(attrs)}
    if role:
        d["role"] = role
    return d


def Q(at, text, intent, ref=None, **query):
    q = {f: None for f in QUERY_FIELDS}
    q["kind"] = KIND_OF[intent]
    q["intent"] = intent
    for k, v in query.items():
        if k not in QUERY_FIELDS:
            raise KeyError(k)
        q[k] = v
    return {"at": float(at), "question": text, "query": q, "ref": ref or {}}


def _r(x, nd=2):
    return None if x is None else round(float(x), nd)


def _fmt(t):
    m, s = divmod(t, 60.0)
    return f"{int(m)}:{s:04.1f}"


class Key:
    def __init__(self, facts, scenario_id):
        self.f = facts
        self.sid = scenario_id
        self.problems = []

    def problem(self, qid, msg):
        self.problems.append(f"{qid}: {msg}")

    # ------------------------------------------------------------ events
    def event_time(self, qid, name, event, at, unit=None, ordinal=None, check=True):
        """Time of `event` for entity `name` as known at `at`."""
        f = self.f
        e = f.ent(name)
        t = None
        if event == "first_seen":
            t = f.first_seen(name)
            check = False
        elif event == "last_seen":
            t = f.last_seen(name, at)
            check = False
        elif event == "work_unit":
            t = e.unit_time(unit, ordinal)
        elif event == "left":
            t = f.last_seen(name, at)
            if e.present(at + 0.0) and e.present(f.w.duration - 0.1):
                self.problem(qid, f"{name} has not left")
            check = False
        elif isinstance(e, Worker):
            if event == "started_working":
                sp = [s for s in f.spells(name, "active") if s[0] <= at]
                t = sp[0][0] if sp else None
            elif event == "stopped_working":
                sp = [s for s in f.spells(name, "active") if s[1] <= at]
                t = self._pick(sp, ordinal, 1)
            elif event == "went_idle":
                sp = [s for s in f.spells(name, "idle") if s[0] <= at]
                t = self._pick(sp, ordinal, 0)
            elif event == "resumed_working":
                idle_ends = [s[1] for s in f.spells(name, "idle")]
                sp = [s for s in f.spells(name, "active") if s[0] <= at and any(abs(s[0] - b) < 0.2 for b in idle_ends)]
                t = self._pick(sp, ordinal, 0)
            elif event == "ppe_removed":
                sp = [s for s in f.hat_off_spells(name) if s[0] <= at]
                t = self._pick(sp, ordinal, 0)
            elif event in ("entered_zone", "left_zone"):
                pit = self.ref_pit
                sp = [s for s in f.zone_spells(name, pit, 0.0)]
                if event == "entered_zone":
                    sp = [s for s in sp if s[0] <= at]
                    t = self._pick(sp, ordinal, 0)
                else:
                    sp = [s for s in sp if s[1] <= at]
                    t = self._pick(sp, ordinal, 1)
        else:
            evs = [ev for ev in getattr(e, "events", []) if ev[0] <= at]
            names = {"dropped": ("dropped", "set_down"), "picked_up": ("picked_up",), "moved": ("moved",)}[event]
            evs = [ev for ev in evs if ev[1] in names]
            if evs:
                if ordinal:
                    t = evs[ordinal - 1][0] if len(evs) >= ordinal else None
                else:
                    t = evs[-1][0]
        if t is None:
            self.problem(qid, f"no {event} for {name} by {at}")
            return None
        if t > at + 1e-6:
            self.problem(qid, f"{event} of {name} at {t:.1f}s is after at={at}")
        if check:
            who = name
            if not f.seen_near(who, t, 1.5, 0.3):
                self.problem(qid, f"{event} of {name} at {t:.1f}s not visible in the detections")
        return t

    @staticmethod
    def _pick(spells, ordinal, end):
        if not spells:
            return None
        if ordinal:
            return spells[ordinal - 1][end] if len(spells) >= ordinal else None
        return spells[-1][end]

    # ---------------------------------------------------------- intents
    def answer(self, qid, q):
        at = q["at"]
        query = q["query"]
        ref = q["ref"]
        intent = query["intent"]
        pits = [e.name for e in self.f.w.entities if e.label == "excavation"]
        self.ref_pit = ref.get("pit") or (pits[0] if len(pits) == 1 else None)
        if "pit" not in ref and self.ref_pit:
            ref = dict(ref, pit=self.ref_pit)
        out = {"id": qid, "kind": query["kind"], "intent": intent}
        note = ""
        f = self.f
        if intent in ("direction_of", "where"):
            name = ref["ent"]
            est = f.bearing_estimates(name, at)
            if est is None:
                self.problem(qid, f"{name} never seen by {at}")
                return out
            rels, frame, p = est
            sec, margin, nb = sector_of(rels[0])
            alts = set()
            for r in rels:
                s2, m2, nb2 = sector_of(r)
                if s2 != sec:
                    alts.add(s2)
            if margin < 6.0:
                alts.add(nb)
            spread = max(abs(wrap180(r - rels[0])) for r in rels)
            if spread > 12.0:
                self.problem(qid, f"bearing estimates of {name} disagree by {spread:.1f} deg")
            if len(alts) > 1:
                self.problem(qid, f"{name}: more than one neighbouring sector possible {alts}")
            out["direction"] = sec
            if alts:
                out["direction_alt"] = sorted(alts)[0]
            t_last = frame / f.fps
            note = (f"{f.ent(name).desc} last seen at {t_last:.1f}s ({_fmt(t_last)}); relative bearing "
                    f"{rels[0]:.1f} deg (from the picture {rels[2]:.1f}), heading at {at:.0f}s "
                    f"{f.heading(at):.1f} deg")
        elif intent == "things_in_direction":
            d = query["direction"]
            c = sector_centre(d)
            must, opt = set(), set()
            details = []
            for e in f.w.entities:
                if e.label is None:
                    continue
                est = f.bearing_estimates(e.name, at)
                if est is None:
                    continue
                rels, frame, p = est
                if isinstance(e, Thing) and e.is_held(at):
                    continue
                hw = f.angular_halfwidth(e.name, frame)
                dd = [abs(wrap180(r - c)) for r in rels]
                left_site = isinstance(e, Worker) and not e.present(at)
                moving = isinstance(e, Worker) and e.activity(frame / f.fps) == "walking"
                if max(dd) <= 45.0 - max(8.0, hw) and not left_site and not moving:
                    must.add(e.label)
                    details.append(f"{e.name}@{rels[0]:.0f}")
                elif min(dd) - hw <= 45.0 + 8.0:
                    opt.add(e.label)
                    details.append(f"({e.name}@{rels[0]:.0f})")
            opt -= must
            out["entity_types"] = sorted(must)
            out["entity_types_optional"] = sorted(opt)
            if not must:
                self.problem(qid, f"nothing is clearly {d}")
            note = f"quadrant centred {c:.0f} deg; " + ", ".join(details)
        elif intent == "still_there":
            name = ref["ent"]
            e = f.ent(name)
            fr = f.frames_seen(name, at)
            if not fr:
                self.problem(qid, f"{name} not seen by {at}")
                return out
            t_ref = ref.get("since")
            p_ref = np.array(e.pos(t_ref if t_ref is not None else fr[0] / f.fps)[:2])
            now = np.array(e.pos(at)[:2]) if e.present(at) else None
            there = now is not None and np.linalg.norm(now - p_ref) <= 1.0
            if there:
                pl = np.array(e.pos(fr[-1] / f.fps)[:2])
                if np.linalg.norm(pl - p_ref) > 1.0:
                    self.problem(qid, f"{name} last seen away from its place")
            else:
                # evidence before `at`: seen elsewhere, or its place seen empty
                ev = any(np.linalg.norm(np.array(e.pos(g / f.fps)[:2]) - p_ref) > 1.0 for g in fr)
                if not ev:
                    for i in range(fr[-1], int(at * f.fps)):
                        if place_in_view(f, i, p_ref):
                            ev = True
                            break
                if not ev:
                    self.problem(qid, f"{name} moved but nothing observed says so by {at}")
            out["yes_no"] = bool(there)
            note = f"{e.desc}: {'still' if there else 'no longer'} at ({p_ref[0]:.1f}, {p_ref[1]:.1f})"
        elif intent == "event_time":
            name = ref["ent"]
            t = self.event_time(qid, name, query["event"], at, query.get("unit"), query.get("ordinal"))
            if t is None:
                return out
            out["time"] = _r(t)
            out["time_tol_s"] = ref.get("tol", 3.0)
            note = f"{f.ent(name).desc}: {query['event']} at {t:.1f}s ({_fmt(t)})"
        elif intent == "time_since":
            name = ref["ent"]
            t = self.event_time(qid, name, query["event"], at, query.get("unit"), query.get("ordinal"))
            if t is None:
                return out
            out["duration_s"] = _r(at - t)
            out["duration_tol_s"] = ref.get("tol", 4.0)
            note = f"{f.ent(name).desc}: {query['event']} at {t:.1f}s, asked at {at:.1f}s"
        elif intent == "state_duration":
            name = ref["ent"]
            st = query["state"]
            e = f.ent(name)
            if st == "on_ground":
                evs = [ev for ev in e.events if ev[0] <= at]
                downs = [ev[0] for ev in evs if ev[1] in ("set_down", "dropped")]
                ups = [ev[0] for ev in evs if ev[1] == "picked_up"]
                if not downs:
                    self.problem(qid, "never on the ground")
                    return out
                a = downs[-1]
                b = [u for u in ups if u > a]
                b = b[0] if b else at
                for tt in (a, b):
                    if tt < at and not f.seen_near(name, tt, 1.5, 0.3):
                        self.problem(qid, f"{name} on-ground boundary {tt:.1f}s not seen")
                spells = [(a, b)]
            elif st == "in_zone":
                spells = [(a, min(b, at)) for a, b in f.zone_spells(name, ref["pit"], 0.0) if a <= at]
            elif st == "without_ppe":
                spells = [(a, min(b, at)) for a, b in f.hat_off_spells(name) if a <= at]
            else:
                raise ValueError(st)
            if not spells:
                self.problem(qid, f"no {st} spell")
                return out
            a, b = spells[-1]
            for tt in (a, b):
                if tt < at - 0.1 and not f.seen_near(name, tt, 1.5, 0.3):
                    self.problem(qid, f"{st} boundary of {name} at {tt:.1f}s not seen")
            out["duration_s"] = _r(b - a)
            out["duration_tol_s"] = ref.get("tol", 4.0)
            note = f"{e.desc} {st} from {a:.1f}s to {b:.1f}s"
        elif intent == "order":
            a = ref["a"]
            b = ref["b"]
            ta = self.event_time(qid, a[0], a[1], at, *a[2:])
            tb = self.event_time(qid, b[0], b[1], at, *b[2:])
            if ta is None or tb is None:
                return out
            if abs(ta - tb) < 8.0:
                self.problem(qid, f"order events only {abs(ta - tb):.1f}s apart")
            rel = query["relation"]
            out["yes_no"] = bool(ta < tb) if rel == "before" else bool(ta > tb)
            note = f"{a[0]} {a[1]} at {ta:.1f}s; {b[0]} {b[1]} at {tb:.1f}s"
        elif intent == "returned":
            name = ref["ent"]
            kind, pname, pev = ref["place"]
            e = f.ent(name)
            if kind == "zone":
                sp = [s for s in f.zone_spells(name, ref["pit"], 0.0) if s[0] <= at]
                yes = len(sp) >= 2 and sp[1][0] - sp[0][1] >= 10.0
                for s in sp:
                    if not f.seen_near(name, s[0], 1.5, 0.3):
                        self.problem(qid, f"zone entry of {name} at {s[0]:.1f}s not seen")
                note = f"zone spells of {name}: " + ", ".join(f"{a:.1f}-{b:.1f}" for a, b in sp)
            else:
                te = self.event_time(qid, pname, pev, at)
                if te is None:
                    return out
                if kind == "thing":
                    P = np.array(f.pos(pname, te)[:2])
                else:
                    P = np.array(f.pos(pname, te)[:2])
                away = False
                back = None
                seen_away = seen_back = None
                m = f.seen_mask(name)
                for i in range(int(te * f.fps), int(at * f.fps)):
                    t = i / f.fps
                    d = np.linalg.norm(np.array(e.pos(t)[:2]) - P)
                    if d > 3.0:
                        away = True
                        if m[i] and seen_away is None:
                            seen_away = t
                    elif away and d < 1.5:
                        if back is None:
                            back = t
                        if m[i] and seen_back is None:
                            seen_back = t
                yes = back is not None
                if yes and (seen_away is None or seen_back is None):
                    self.problem(qid, f"{name}: going away / coming back not both seen")
                if not yes and seen_away is None:
                    self.problem(qid, f"{name}: never seen away from the place")
                note = (f"place: where {pname} {pev} at {te:.1f}s ({P[0]:.1f}, {P[1]:.1f}); "
                        f"{name} {'came back at %.1fs' % back if yes else 'did not come back'}")
            out["yes_no"] = bool(yes)
        elif intent == "is_working":
            name = ref["ent"]
            st = query["state"] or "working"
            want = "active" if st == "working" else "idle"
            e = f.ent(name)
            acts = {e.activity(at - k * 0.5) for k in range(0, 17)}
            if len(acts) > 1:
                self.problem(qid, f"{name} activity changes within 8 s before at: {acts}")
            if not any(f.seen_near(name, at - k, 1.0, 0.3) for k in range(0, 6)):
                self.problem(qid, f"{name} not seen in the 6 s before at")
            out["yes_no"] = e.activity(at) == want
            note = f"{e.desc} is {e.activity(at)} at {at:.1f}s"
        elif intent == "spell_duration":
            name = ref["ent"]
            st = query["state"]
            act = "active" if st == "working" else "idle"
            sp = [(a, min(b, at)) for a, b in f.spells(name, act) if a <= at]
            spell = query["spell"] or "last"
            e = f.ent(name)
            if spell == "current":
                cur = [s for s in sp if s[0] <= at <= s[1] + 1e-6 and e.activity(at) == act]
                d = (at - cur[-1][0]) if cur else 0.0
                used = cur
            elif spell == "last":
                used = sp[-1:]
                d = sp[-1][1] - sp[-1][0] if sp else None
            elif spell == "nth":
                used = sp[query["ordinal"] - 1:query["ordinal"]]
                d = used[0][1] - used[0][0] if used else None
            elif spell == "total":
                used = sp
                d = sum(b - a for a, b in sp)
            if d is None:
                self.problem(qid, "no such spell")
                return out
            for a, b in used:
                for tt in (a, b):
                    if tt < at - 0.1 and not f.seen_near(name, tt, 1.5, 0.3):
                        self.problem(qid, f"{act} spell boundary of {name} at {tt:.1f}s not seen")
                inner = [x for x in f.spells(name, "walking") if a < x[0] < b]
                if inner:
                    self.problem(qid, f"walking inside the {act} spell {a:.1f}-{b:.1f}")
            out["duration_s"] = _r(d)
            out["duration_tol_s"] = _r(max(5.0, 0.12 * d), 1)
            note = f"{e.desc} {act} spells up to {at:.0f}s: " + ", ".join(f"{a:.1f}-{b:.1f}" for a, b in sp)
        elif intent == "same_individual":
            a, b = ref["a"], ref["b"]
            ea, eb = f.ent(a), f.ent(b)
            same_world = a == b
            same_look = (ea.vest, ea.hat) == (eb.vest, eb.hat)
            together = self.seen_together(a, b, at) if a != b else False
            rule = same_world or (same_look and not together)
            if rule != same_world:
                self.problem(qid, f"{a}/{b}: the contract's same-clothes rule disagrees with the world")
            if not f.seen_near(a, at, 3.0, 0.3):
                self.problem(qid, f"{a} not in view at {at}")
            ta = [tid for fr, tid, *_ in f.obs[f.idx[a]] if fr <= at * f.fps]
            tb = [tid for fr, tid, *_ in f.obs[f.idx[b]] if fr <= at * f.fps]
            out["yes_no"] = bool(same_world)
            note = (f"{ea.desc} (track {ta[-1] if ta else '-'}) vs {eb.desc} (tracks {sorted(set(tb), key=int)}): "
                    f"{'same person' if same_world else 'different people'}")
        elif intent == "count_distinct":
            label = ref["label"]
            filt = ref.get("attrs", {})
            ents = [e for e in f.w.entities if e.label == label and f.frames_seen(e.name, at)]
            if filt:
                ents = [e for e in ents if all(getattr(e, k, None) == v for k, v in filt.items())]
            if label == "worker":
                looks = {}
                for e in ents:
                    looks.setdefault((e.vest, e.hat), []).append(e.name)
                for lk, names in looks.items():
                    for i in range(len(names)):
                        for j in range(i + 1, len(names)):
                            if not self.seen_together(names[i], names[j], at):
                                self.problem(qid, f"{names[i]} and {names[j]} look alike and are never seen "
                                                  f"together: the contract counts them once")
            tracks = set()
            for e in ents:
                tracks |= {tid for fr, tid, *_ in f.obs[f.idx[e.name]] if fr <= at * f.fps}
            out["count"] = len(ents)
            note = f"{len(ents)} distinct {label} ({', '.join(e.name for e in ents)}); {len(tracks)} track ids"
        elif intent == "unknown":
            note = "not about the site's memory, or too vague: the answer should say it is not understood"
        else:
            raise ValueError(intent)
        out["note"] = note
        out["query"] = query
        return out

    def seen_together(self, a, b, at, min_frames=8):
        f = self.f
        fa = set(f.frames_seen(a, at))
        fb = set(f.frames_seen(b, at))
        return len(fa & fb) >= min_frames
