"""Ground truth: answers computed from the scripted world + what the detector saw, alert scanners, validation."""
import math

from .world import bearing, sector_with_alt, wrap180

QFIELDS = ["kind", "intent", "subject", "event", "unit", "ordinal", "other", "relation", "direction",
           "time", "window", "state", "spell"]
TIMELY = {"safety_alert": 15, "ppe_violation": 15, "exclusion_zone": 15, "memory_recall": 15,
          "progress": 30, "idle": 60, "left_behind": 60}


def query(kind, intent, **kw):
    q = {k: None for k in QFIELDS}
    q.update(kind=kind, intent=intent)
    q.update(kw)
    return q


def subj(label, role=None, **attrs):
    s = {"label": label, "attributes": attrs}
    if role:
        s["role"] = role
    return s


class Obs:
    """what the detector reported, per entity: detected frame times."""

    def __init__(self, sc, seen):
        self.sc = sc
        self.times = {eid: [i / sc.fps for i in fr] for eid, fr in seen.items()}

    def seen_upto(self, eid, at):
        return [t for t in self.times.get(eid, []) if t <= at]

    def last_seen(self, eid, at):
        s = self.seen_upto(eid, at)
        return s[-1] if s else None

    def first_seen(self, eid):
        s = self.times.get(eid, [])
        return s[0] if s else None

    def seen_near(self, eid, t, tol=1.5):
        return any(abs(x - t) <= tol for x in self.times.get(eid, []))

    def seen_in(self, eid, t0, t1):
        return [x for x in self.times.get(eid, []) if t0 <= x <= t1]


def rel_dir(sc, obs, eid, at):
    e = sc.ent(eid)
    tl = obs.last_seen(eid, at)
    if tl is None:
        return None
    p = e.pos(tl, sc.wearer)
    if e.kind == "pit":
        p = e.keys[0][1:]
    w = sc.wearer.pos(at)
    return wrap180(bearing(w, p) - sc.wearer.yaw(at))


def spells(intervals, state, t_end=None):
    return [(a, b if t_end is None else min(b, t_end)) for a, b, s in intervals if s == state and (t_end is None or a < t_end)]


def compute_answer(sc, obs, q, problems):
    """q: scenario question spec -> truth answer dict (typed fields)."""
    qu = q["query"]
    intent = qu["intent"]
    at = q["at"]
    a = {"id": q["id"], "kind": qu["kind"], "intent": intent}
    if intent in ("direction_of", "where"):
        rel = rel_dir(sc, obs, q["eid"], at)
        if rel is None:
            problems.append("%s: %s never seen by %.1f" % (q["id"], q["eid"], at))
            return a
        s, alt, dist = sector_with_alt(rel)
        a["direction"] = s
        if alt:
            a["direction_alt"] = alt
        a["_rel"] = round(rel, 1)
    elif intent == "things_in_direction":
        from .world import SECTOR_ANGLE
        centre = SECTOR_ANGLE[qu["direction"]]
        must, opt = set(), set()
        for e in sc.entities:
            if not e.label or e.eid in q.get("exclude", ()):
                continue
            rel = rel_dir(sc, obs, e.eid, at)
            if rel is None:
                continue
            off = abs(wrap180(rel - centre))
            if off < 45 - 8:
                must.add(e.label)
            elif off < 45 + 8:
                opt.add(e.label)
        if "worker" in must:
            must.discard("worker")
            opt.add("worker")
        a["entity_types"] = sorted(must)
        a["entity_types_optional"] = sorted(opt - must)
        if not must:
            problems.append("%s: nothing in %s" % (q["id"], qu["direction"]))
    elif intent in ("still_there", "order", "returned", "same_individual", "is_working"):
        if intent == "is_working":
            act = sc.ent(q["eid"]).act(at)
            yn = (act == "active") if qu["state"] == "working" else (act == "idle")
            if "yes_no" in q and q["yes_no"] != yn:
                problems.append("%s: designed yes_no disagrees with world" % q["id"])
            a["yes_no"] = yn
            if not obs.seen_near(q["eid"], at, 6.0):
                problems.append("%s: worker not in view near at" % q["id"])
        else:
            a["yes_no"] = q["yes_no"]
    elif intent == "event_time":
        a["time"] = round(q["time"], 2)
        a["time_tol_s"] = q.get("tol", 3.0)
        if q["time"] > at:
            problems.append("%s: event after at" % q["id"])
        if not obs.seen_near(q["eid"], q["time"], 1.5):
            problems.append("%s: event at %.1f not visible in detections" % (q["id"], q["time"]))
    elif intent == "time_since":
        if qu["event"] == "last_seen":
            tl = obs.last_seen(q["eid"], at)
            a["duration_s"] = round(at - tl, 2)
        else:
            a["duration_s"] = round(at - q["time"], 2)
            if not obs.seen_near(q["eid"], q["time"], 1.5):
                problems.append("%s: event not visible" % q["id"])
        a["duration_tol_s"] = 3.0
    elif intent in ("state_duration", "spell_duration"):
        d = q["duration"]
        a["duration_s"] = round(d, 2)
        a["duration_tol_s"] = round(max(5.0, 0.12 * d), 2) if intent == "spell_duration" else max(2.5, min(5.0, 0.08 * d))
    elif intent == "count_distinct":
        a["count"] = q["count"]
    a["note"] = q.get("note", "")
    a["query"] = qu
    return a


# ---------------------------------------------------------------- alert scanners
def scan_alerts(sc, obs, vis, problems):
    """derive alerts from the scripted world by the contract's default rules."""
    out, near = [], []
    T = sc.duration_s
    dt = 1.0 / sc.fps
    workers = [e for e in sc.entities if e.kind == "worker"]
    vis_t = lambda eid, t: vis[eid][min(len(vis[eid]) - 1, int(round(t * sc.fps)))] is not None

    def add(cat, subject, t0, note):
        t1 = t0 + TIMELY[cat]
        out.append({"category": cat, "t0": round(t0, 2), "t1": round(min(t1, T), 2), "subject": subject,
                    "subject_id": subject, "note": note})

    # ppe_violation: observed without hard hat for >= 3 s
    for w in workers:
        for a, b in w.hat_off:
            d = b - a
            if 2.7 <= d < 3.3 * 1.0 or (3.0 * 0.9 <= d <= 3.0 * 1.1):
                problems.append("ppe spell of %s near threshold (%.1f s)" % (w.eid, d))
            if d >= 3.3:
                ts = [t for t in obs.seen_in(w.eid, a, b)]
                if not ts:
                    continue
                t0 = max(ts[0] + 3.0, a + 3.0)
                if b < t0 + TIMELY["ppe_violation"]:
                    problems.append("ppe spell of %s ends before its alert window" % w.eid)
                add("ppe_violation", w.eid, t0, "%s without hard hat %.0f-%.0f s" % (w.eid, a, b))
    # idle: >= 60 s per spell
    for w in workers:
        for a, b in spells(w.activity, "idle"):
            d = min(b, T) - a
            if 54 <= d <= 66:
                problems.append("idle spell of %s near threshold (%.1f s)" % (w.eid, d))
            if d > 66:
                if not obs.seen_near(w.eid, a, 3.0):
                    problems.append("idle start of %s not observed" % w.eid)
                add("idle", w.eid, a + 60.0, "%s idle %.0f-%.0f s" % (w.eid, a, b))
    # exclusion_zone: worker inside excavation (+ margin)
    pits = [e for e in sc.entities if e.kind == "pit"]
    for p in pits:
        corners, dep = p.pit_corners()
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        for w in workers:
            inside_t = None
            for i in range(sc.nframes):
                t = i * dt
                if not w.exists(t):
                    continue
                x, y, z = w.pos(t)
                dx = max(min(xs) - x, 0, x - max(xs))
                dy = max(min(ys) - y, 0, y - max(ys))
                dd = math.hypot(dx, dy)
                if dd <= sc.zone_margin:
                    if inside_t is None and vis_t(w.eid, t) and vis_t(p.eid, t):
                        inside_t = t
                elif dd < 3.0 and w.act(t) != "walking":
                    problems.append("%s within 3 m of %s but outside its margin at %.1f" % (w.eid, p.eid, t))
            if inside_t is not None:
                add("exclusion_zone", w.eid, inside_t, "%s inside %s" % (w.eid, p.eid))
    # safety_alert: worker under/next to a suspended load (horizontal <= 2.5 m, load lifted)
    for ld in [e for e in sc.entities if e.kind == "load"]:
        for w in workers:
            first, dmin = None, 1e9
            for i in range(sc.nframes):
                t = i * dt
                if not (ld.exists(t) and w.exists(t)):
                    continue
                lx, ly, lz = ld.pos(t)
                x, y, _ = w.pos(t)
                dd = math.hypot(lx - x, ly - y) - max(ld.size[0], ld.size[1]) / 2
                if lz > 0.5:
                    dmin = min(dmin, dd)
                if dd <= 2.5 and lz > 0.5 and first is None and vis_t(w.eid, t) and vis_t(ld.eid, t):
                    first = t
            if 2.5 < dmin < 6.0:
                problems.append("%s comes %.1f m from %s (ambiguous)" % (w.eid, dmin, ld.eid))
            if first is not None:
                add("safety_alert", w.eid, first, "%s under/next to %s" % (w.eid, ld.eid))
            elif dmin <= 2.5:
                problems.append("%s next to %s but never seen together" % (w.eid, ld.eid))
    # left_behind: wearer's tool set down, out of view >= 30 s while not picked up
    for e in sc.entities:
        if not e.held or e.kind == "worker":
            continue
        for k, (h0, h1) in enumerate(e.held):
            if h1 >= T:
                continue
            down_end = e.held[k + 1][0] if k + 1 < len(e.held) else T
            # longest run out of view (by detector truth) during [h1, down_end]
            run0, best = None, None
            for i in range(int(h1 * sc.fps), min(sc.nframes, int(down_end * sc.fps))):
                t = i * dt
                if vis[e.eid][i] is None:
                    if run0 is None:
                        run0 = t
                    if t - run0 >= 30.0 and best is None:
                        best = run0
                else:
                    if run0 is not None and 27.0 <= t - run0 < 33.0:
                        problems.append("%s out of view %.1f s (near threshold)" % (e.eid, t - run0))
                    run0 = None
            if best is not None:
                t0 = best + 30.0
                if down_end < t0 + TIMELY["left_behind"] and down_end < T:
                    problems.append("%s picked up inside its alert window" % e.eid)
                add("left_behind", e.eid, t0, "%s set down at %.0f s, out of view from %.0f s" % (e.eid, h1, best))
    # progress: first brick; every third course
    for wl in [e for e in sc.entities if e.kind == "wall"]:
        prev = 0
        for i in range(sc.nframes):
            t = i * dt
            n = wl.nbricks(t)
            if n != prev:
                evs = []
                if prev == 0 and n >= 1:
                    evs.append("first brick")
                if n // wl.per_course > prev // wl.per_course and (n // wl.per_course) % 3 == 0:
                    evs.append("course %d" % (n // wl.per_course))
                for ev in evs:
                    ts = [x for x in obs.times[wl.eid] if x >= t]
                    if not ts or ts[0] - t > 5:
                        problems.append("progress event %s at %.1f not observed soon" % (ev, t))
                        continue
                    add("progress", wl.eid, ts[0], "%s (%s) at %.1f s" % (wl.eid, ev, t))
                prev = n
    # memory_recall: a thing removed/moved while unseen; the wearer later looks at its old place
    from .detect import true_bbox
    import copy
    for e in sc.entities:
        if e.kind in ("worker", "pit", "wall", "load") or e.held or not e.label:
            continue
        t_gone = None
        ends = [b for a, b in e.present if b < T]
        moves = [k[0] for k in e.keys[1:]]
        for tg in ends + moves[:1]:
            t_gone = tg
            break
        if t_gone is None:
            continue
        last = obs.last_seen(e.eid, t_gone)
        if last is None:
            continue
        seen_going = obs.seen_in(e.eid, t_gone - 1.0, t_gone + 2.0)
        if seen_going:
            near.append("%s moved/removed in view at %.0f s" % (e.eid, t_gone))
            continue
        ghost = copy.copy(e)
        ghost.present = [(-1.0, 1e9)]
        ghost.keys = [(0.0,) + tuple(e.pos(last))]
        for i in range(int(t_gone * sc.fps) + 1, sc.nframes):
            t = i * dt
            if true_bbox(sc, ghost, t) is not None:
                add("memory_recall", e.eid, t, "%s gone unseen at %.0f s; old place in view at %.1f s" % (e.eid, t_gone, t))
                break
    out.sort(key=lambda a: a["t0"])
    return out, near


def check_designed(sc, derived, problems):
    want = sorted((a["category"], a["subject"]) for a in sc.alerts_designed)
    got = sorted((a["category"], a["subject"]) for a in derived)
    if want != got:
        problems.append("%s: designed alerts %s != derived %s" % (sc.name, want, got))
    if not 4 <= len(derived) <= 7:
        problems.append("%s: %d alerts (want 4-7)" % (sc.name, len(derived)))
