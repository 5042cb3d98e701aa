"""Ground truth: alert scanners applying the contract's default rules, typed answers, checks."""
import math

import numpy as np

from .world import bearing, sector_of, wrap180

QFIELDS = ["kind", "intent", "subject", "event", "unit", "ordinal", "other", "relation",
           "direction", "time", "window", "state", "spell"]

PPE_S, IDLE_S, LEFT_S = 3.0, 60.0, 30.0
SAFETY_M = 3.0
ZONE_MARGIN_M = 1.0
WIN = {"safety_alert": 15.0, "ppe_violation": 15.0, "exclusion_zone": 15.0, "memory_recall": 15.0,
       "progress": 30.0, "idle": 60.0, "left_behind": 60.0}


class Ctx:
    def __init__(self, scn, obs, vis):
        self.scn, self.obs, self.vis = scn, obs, vis
        self.det_t = {eid: np.array([o[0] for o in lst]) for eid, lst in obs.items()}
        self.problems = []

    def prob(self, msg):
        self.problems.append(f"{self.scn.name}: {msg}")

    # --- observation helpers
    def detected_near(self, eid, t, tol=1.5):
        d = self.det_t[eid]
        return bool(len(d)) and bool(np.any(np.abs(d - t) <= tol))

    def dets_upto(self, eid, at):
        return [o for o in self.obs[eid] if o[0] <= at + 1e-9]

    def first_seen(self, eid, at=1e9):
        d = self.det_t[eid]
        d = d[d <= at + 1e-9]
        return float(d[0]) if len(d) else None

    def last_seen(self, eid, at):
        d = self.det_t[eid]
        d = d[d <= at + 1e-9]
        return float(d[-1]) if len(d) else None

    def rel_dir(self, eid, at):
        """Relative direction of the entity's last known place (as of at)."""
        scn = self.scn
        ts = self.last_seen(eid, at)
        if ts is None:
            return None
        e = scn.by_id[eid]
        place = e.p(ts)
        b_obs = bearing(scn.wearer.pos(ts), (place[0], place[2]))
        b_now = bearing(scn.wearer.pos(at), (place[0], place[2]))
        h = scn.wearer.yaw(at)
        return wrap180(b_obs - h), wrap180(b_now - h), ts


# ------------------------------------------------------------ spells and events

def spells_of(e, state):
    if state in ("idle", "working", "walking"):
        s = {"working": "active"}.get(state, state)
        out = []
        for a, b, st in e.activity:
            if st == s:
                if out and abs(out[-1][1] - a) < 1e-6:
                    out[-1] = (out[-1][0], b)
                else:
                    out.append((a, b))
        return out
    if state == "without_ppe":
        if e.attrs.get("hat_colour") is None:
            return list(e.present)
        return list(e.hatless)
    if state == "in_zone":
        return e.events.get("zone_spells", [])
    if state == "on_ground":
        return e.events.get("ground_spells", [])
    raise ValueError(state)


def event_times(ctx, eid, ev, unit=None, ordinal=None):
    e = ctx.scn.by_id[eid]
    if ev == "first_seen":
        t = ctx.first_seen(eid)
        return [t] if t is not None else []
    if ev == "work_unit":
        per = e.size or 10
        k = ordinal if unit == "brick" else ordinal * per
        return [e.bricks[k - 1]]
    if ev in e.events:
        return list(e.events[ev])
    if e.label == "worker":
        act = [(a, b, s) for a, b, s in e.activity]
        if ev == "started_working":
            w = spells_of(e, "working")
            return [w[0][0]] if w else []
        if ev == "resumed_working":
            return [a for a, b in spells_of(e, "working")[1:]]
        if ev == "stopped_working":
            end = ctx.scn.duration
            return [b for a, b in spells_of(e, "working") if b < end - 1e-6]
        if ev == "went_idle":
            return [a for a, b in spells_of(e, "idle")]
        if ev == "ppe_removed":
            return [a for a, b in e.hatless]
        if ev == "entered_zone":
            return [a for a, b in spells_of(e, "in_zone")]
        if ev == "left_zone":
            return [b for a, b in spells_of(e, "in_zone")]
    if ev == "dropped":
        return [a for a, b in spells_of(e, "on_ground")]
    if ev == "picked_up":
        return [b for a, b in spells_of(e, "on_ground") if b < 1e8]
    raise ValueError(f"no event {ev} for {eid}")


def pick(ts, at, ordinal=None):
    ts = [t for t in ts if t <= at + 1e-9]
    if not ts:
        return None
    if ordinal:
        return ts[ordinal - 1] if len(ts) >= ordinal else None
    return ts[-1] if len(ts) > 1 else ts[0]


def spell_value(spells, at, spell, ordinal=None, window=None):
    sp = [(a, min(b, at)) for a, b in spells if a <= at]
    if spell == "current":
        for a, b in spells:
            if a <= at < b:
                return at - a
        return 0.0
    if spell == "last":
        return sp[-1][1] - sp[-1][0] if sp else None
    if spell == "nth":
        return sp[ordinal - 1][1] - sp[ordinal - 1][0] if len(sp) >= ordinal else None
    if spell == "total":
        lo, hi = (window or (0, at))
        return sum(max(0.0, min(b, hi) - max(a, lo)) for a, b in sp)
    raise ValueError(spell)


# ------------------------------------------------------------ answers

def compute_answer(ctx, q):
    """q: question spec. Returns typed answer dict (without id/kind/intent/query/note)."""
    scn = ctx.scn
    at = q["at"]
    it = q["intent"]
    eid = q.get("eid")
    c = q.get("calc", {})
    qq = q["query"]
    if eid is not None and it not in ("unknown",):
        if ctx.first_seen(eid, at) is None and it not in ("count_distinct",):
            ctx.prob(f"{q['id']}: subject {eid} not seen by at={at}")
    if it in ("direction_of", "where"):
        r = ctx.rel_dir(eid, at)
        if r is None:
            return {}
        r_obs, r_now, ts = r
        s1, alt1, m1 = sector_of(r_obs)
        s2, alt2, m2 = sector_of(r_now)
        out = {"direction": s1}
        if alt1:
            out["direction_alt"] = alt1
        if s2 != s1:
            if s2 == alt1:
                pass
            elif "direction_alt" not in out and _adjacent(s1, s2):
                out["direction_alt"] = s2
            else:
                ctx.prob(f"{q['id']}: sector from sighting place {s1} vs from now {s2}")
        if m1 < 1.0:
            ctx.prob(f"{q['id']}: bearing on a sector boundary (margin {m1:.1f})")
        q["_detail"] = f"last seen t={ts:.1f}, rel bearing {r_obs:.1f} deg (from now {r_now:.1f})"
        return out
    if it == "things_in_direction":
        return things_in(ctx, q)
    if it == "still_there":
        e = scn.by_id[eid]
        t0 = ctx.first_seen(eid, at) if not qq.get("time") else qq["time"]["t"]
        p0 = e.p(t0)
        ts = ctx.last_seen(eid, at)
        moved = np.hypot(*(e.p(ts) - p0)[[0, 2]]) > 0.5
        gone = c.get("gone_seen_at") is not None and c["gone_seen_at"] <= at
        return {"yes_no": not (moved or gone)}
    if it == "event_time":
        sub = c.get("ev_eid", eid)
        t = pick(event_times(ctx, sub, qq["event"], qq.get("unit"), qq.get("ordinal")), at,
                 qq.get("ordinal") if qq["event"] != "work_unit" else None)
        if t is None:
            ctx.prob(f"{q['id']}: event not happened by at")
            return {}
        _check_visible(ctx, q, sub, t)
        return {"time": round(t, 1), "time_tol_s": 3.0}
    if it == "time_since":
        if qq["event"] == "last_seen":
            t = ctx.last_seen(eid, at)
            if at - t < 8:
                ctx.prob(f"{q['id']}: subject seen too recently for time_since")
        else:
            t = pick(event_times(ctx, eid, qq["event"], qq.get("unit"), qq.get("ordinal")), at,
                     qq.get("ordinal"))
            _check_visible(ctx, q, eid, t)
        return {"duration_s": round(at - t, 1), "duration_tol_s": 3.0}
    if it == "state_duration":
        e = scn.by_id[eid]
        spell = qq.get("spell") or "last"
        sps = spells_of(e, qq["state"])
        v = spell_value(sps, at, spell, qq.get("ordinal"))
        _check_spell_visible(ctx, q, sps, at)
        if spell == "current" and not ctx.detected_near(eid, at, 3.0):
            ctx.prob(f"{q['id']}: current spell asked while the subject is out of view")
        if v is None:
            ctx.prob(f"{q['id']}: no spell")
            return {}
        return {"duration_s": round(v, 1), "duration_tol_s": max(3.0, min(5.0, round(0.1 * v, 1)))}
    if it == "order":
        o = qq["other"]
        ta = pick(event_times(ctx, eid, qq["event"], qq.get("unit"), qq.get("ordinal")), at,
                  qq.get("ordinal") if qq["event"] != "work_unit" else None)
        tb = pick(event_times(ctx, c["other_eid"], o["event"], o.get("unit"), o.get("ordinal")), at,
                  o.get("ordinal") if o["event"] != "work_unit" else None)
        if ta is None or tb is None:
            ctx.prob(f"{q['id']}: order events missing")
            return {}
        _check_visible(ctx, q, eid, ta)
        _check_visible(ctx, q, c["other_eid"], tb)
        if abs(ta - tb) < 10:
            ctx.prob(f"{q['id']}: order events too close")
        q["_detail"] = f"A at {ta:.1f}, B at {tb:.1f}"
        return {"yes_no": (ta < tb) if qq["relation"] == "before" else (ta > tb)}
    if it == "returned":
        return {"yes_no": returned(ctx, q)}
    if it == "is_working":
        e = scn.by_id[eid]
        st = qq["state"]
        want = {"working": "active"}.get(st, st)
        for dt in (0, 5, 10):
            if e.act(at - dt) != e.act(at):
                ctx.prob(f"{q['id']}: activity changes within 10 s before at")
        if not ctx.detected_near(eid, at, 3.0):
            ctx.prob(f"{q['id']}: worker not in view around at")
        return {"yes_no": e.act(at) == want}
    if it == "spell_duration":
        e = scn.by_id[eid]
        sps = spells_of(e, qq["state"])
        v = spell_value(sps, at, qq["spell"], qq.get("ordinal"), _window(qq.get("window"), at))
        _check_spell_visible(ctx, q, sps, at)
        if qq["spell"] == "current" and not ctx.detected_near(eid, at, 3.0):
            ctx.prob(f"{q['id']}: current spell asked while the worker is out of view")
        if v is None:
            ctx.prob(f"{q['id']}: no spell")
            return {}
        return {"duration_s": round(v, 1), "duration_tol_s": round(max(5.0, 0.12 * v), 1)}
    if it == "same_individual":
        if not ctx.detected_near(eid, at, 2.0):
            ctx.prob(f"{q['id']}: subject not in view at at")
        return {"yes_no": eid == c["other_eid"]}
    if it == "count_distinct":
        lab = c["label"]
        flt = c.get("filter", {})
        n = 0
        for e in scn.entities:
            if e.label != lab or not e.detect or ctx.first_seen(e.eid, at) is None:
                continue
            if all(e.attrs.get(k) == v for k, v in flt.items()):
                n += 1
        return {"count": n}
    if it == "unknown":
        return {}
    raise ValueError(it)


def _window(w, at):
    if not w:
        return None
    def tv(x, dflt):
        if x is None:
            return dflt
        return x["t"] if "t" in x else at - x["ago_s"]
    return (tv(w[0], 0.0), tv(w[1], at))


def _adjacent(a, b):
    order = ["front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left"]
    i, j = order.index(a), order.index(b)
    return (i - j) % 8 in (1, 7)


def _check_spell_visible(ctx, q, spells, at):
    """The start (and end, when before at) of the spell asked about must be in the detections."""
    sp = [(a, b) for a, b in spells if a <= at]
    if not sp:
        return
    a, b = sp[-1] if q["query"].get("spell") != "nth" else sp[q["query"]["ordinal"] - 1]
    _check_visible(ctx, q, q["eid"], a)
    if b <= at:
        _check_visible(ctx, q, q["eid"], b)


def _check_visible(ctx, q, eid, t):
    if not ctx.detected_near(eid, t, 1.5):
        ctx.prob(f"{q['id']}: event of {eid} at {t:.1f} not visible in detections")


def things_in(ctx, q):
    scn = ctx.scn
    at = q["at"]
    centre = {"front": 0, "front-right": 45, "right": 90, "behind-right": 135, "behind": 180,
              "behind-left": -135, "left": -90, "front-left": -45}[q["query"]["direction"]]
    req, opt = set(), set()
    for e in scn.entities:
        if not e.detect or ctx.last_seen(e.eid, at) is None:
            continue
        if e.events.get("left") and e.events["left"][0] <= at:
            continue
        r_obs, r_now, ts = ctx.rel_dir(e.eid, at)
        # angular half-extent of the thing as last seen
        eye = scn.wearer.pos(ts)
        p = e.p(ts)
        dist = max(0.5, math.hypot(p[0] - eye[0], p[2] - eye[1]))
        ext = {"excavation": 3.0, "brick_wall": 2.0, "scaffold": 1.5, "skip": 1.6, "pallet": 0.6,
               "pipe_stack": 1.5, "generator": 0.8}.get(e.label, 0.3)
        half = math.degrees(math.atan2(ext, dist))
        vals = []
        for r in (r_obs, r_now):
            d = abs(wrap180(r - centre))
            vals.append(d)
        dmin, dmax = min(vals) - half, max(vals) + half
        if max(vals) <= 45 - 8 and dmax <= 45 + 2:
            req.add(e.label)
        elif dmin <= 45 + 8:
            opt.add(e.label)
    opt -= req
    if not req:
        ctx.prob(f"{q['id']}: nothing clearly in that quadrant")
    return {"entity_types": sorted(req), "entity_types_optional": sorted(opt)}


def returned(ctx, q):
    scn = ctx.scn
    c = q["calc"]
    at = q["at"]
    e = scn.by_id[q["eid"]]
    if c.get("zone"):
        sp = [(a, b) for a, b in spells_of(e, "in_zone") if a <= at]
        visits = []
        for a, b in sp:
            if visits and a - visits[-1][1] < 10:
                visits[-1] = (visits[-1][0], b)
            else:
                visits.append((a, b))
        return len(visits) >= 2
    place = np.array(c["place"], float)
    t_ev = c["t_event"]
    away = False
    for t in np.arange(t_ev, at, 0.5):
        p = e.p(t)
        d = math.hypot(p[0] - place[0], p[2] - place[1])
        if d > 4.0:
            away = True
        if away and d < 1.5:
            return True
    return False


# ------------------------------------------------------------ alert scanners

def _first_det_in(ctx, eid, a, b):
    d = ctx.det_t[eid]
    d = d[(d >= a - 1e-9) & (d < b)]
    return float(d[0]) if len(d) else None


def _coverage(ctx, eid, a, b):
    d = ctx.det_t[eid]
    d = d[(d >= a) & (d < b)]
    if not len(d):
        return 0.0, b - a
    gaps = np.diff(np.concatenate([[a], d, [b]]))
    return len(d) / max(1, (b - a) * 15), float(gaps.max())


def scan_alerts(ctx):
    scn = ctx.scn
    A = []
    workers = [e for e in scn.entities if e.label == "worker"]

    def add(cat, e, t0, end, note):
        t1 = min(t0 + WIN[cat], end)
        if t1 - t0 < 8:
            ctx.prob(f"{cat} {e.eid}: situation holds only {t1 - t0:.1f} s after t0")
        A.append({"category": cat, "t0": round(t0, 2), "t1": round(t1, 2), "subject": e.label,
                  "subject_id": e.eid, "note": note})

    # ppe_violation
    for e in workers:
        for a, b in spells_of(e, "without_ppe"):
            b = min(b, scn.duration)
            dur = b - a
            if dur < PPE_S * 0.9:
                continue
            if dur < PPE_S * 1.1:
                ctx.prob(f"ppe spell of {e.eid} {dur:.1f} s too near threshold")
                continue
            s = _first_det_in(ctx, e.eid, a, b)
            if s is None or s - a > 1.5 and e.attrs.get("hat_colour") is not None:
                ctx.prob(f"ppe spell of {e.eid} at {a} not observed at its start")
                continue
            if b - s < PPE_S * 1.1:
                ctx.prob(f"ppe spell of {e.eid}: observed part too short")
                continue
            if not ctx.detected_near(e.eid, s + PPE_S, 1.0):
                ctx.prob(f"ppe spell of {e.eid}: not in view at start+3")
            add("ppe_violation", e, s + PPE_S, b,
                f"{e.eid} ({e.attrs.get('vest')} vest) without hard hat {s:.1f}-{b:.1f} s")
    # idle
    for e in workers:
        for a, b in spells_of(e, "idle"):
            dur = b - a
            if dur < IDLE_S * 0.9:
                continue
            if dur < IDLE_S * 1.1:
                ctx.prob(f"idle spell of {e.eid} {dur:.1f} s too near threshold")
                continue
            s = _first_det_in(ctx, e.eid, a, b)
            if s is None or s - a > 2.0:
                ctx.prob(f"idle spell of {e.eid} at {a} not observed at its start")
                continue
            cov, gap = _coverage(ctx, e.eid, a, a + IDLE_S)
            if cov < 0.6 or gap > 10:
                ctx.prob(f"idle spell of {e.eid}: poorly observed (cov {cov:.2f}, gap {gap:.1f})")
            add("idle", e, s + IDLE_S, b, f"{e.eid} idle {a:.1f}-{b:.1f} s ({dur:.0f} s)")
    # exclusion_zone
    zones = [scn.by_id[z] for z in scn.zones]
    for e in workers:
        sp = spells_of(e, "in_zone")
        for a, b in sp:
            s = _first_det_in(ctx, e.eid, a, b)
            if s is None or s - a > 2.0:
                ctx.prob(f"zone spell of {e.eid} at {a} not observed at its start")
                continue
            add("exclusion_zone", e, s, b, f"{e.eid} inside the excavation {a:.1f}-{b:.1f} s")
        for z in zones:
            # image rule of QUESTIONS.md: box centre between the pit's ends and feet between its
            # far and near edges -> must hold inside spells and never outside them
            zb = {round(o[0] * 15): o[1] for o in ctx.obs[z.eid]}
            bad_out = n_in = ok_in = 0
            for o in ctx.obs[e.eid]:
                k = round(o[0] * 15)
                if k not in zb:
                    continue
                b, E = o[1], zb[k]
                cx = (b[0] + b[2]) / 2
                img_in = E[0] < cx < E[2] and E[1] - 2 <= b[3] <= E[3] + 2
                spell = any(a <= o[0] < bb for a, bb in sp)
                near_edge = any(a - 3 <= o[0] <= bb + 3 for a, bb in sp)
                if spell:
                    n_in += 1
                    ok_in += img_in
                elif img_in and not near_edge:
                    bad_out += 1
            if bad_out > 3:
                ctx.prob(f"{e.eid} looks inside {z.eid} in {bad_out} frames outside any spell")
            if n_in and ok_in < 0.8 * n_in:
                ctx.prob(f"{e.eid} inside {z.eid} but image rule holds in only {ok_in}/{n_in} frames")
            for t in np.arange(0, scn.duration, 0.5):
                if not e.exists(t) or any(a - 3 <= t <= b + 3 for a, b in sp):
                    continue
                d = _rect_dist(z, e.p(t))
                if d < ZONE_MARGIN_M + 0.5:
                    ctx.prob(f"{e.eid} within {d:.1f} m of zone {z.eid} at {t:.1f} outside a spell")
                    break
    # safety_alert: person under / next to a suspended load
    for L in [x for x in scn.entities if x.label == "suspended_load"]:
        for e in workers:
            near = []
            mind = 1e9
            for t in np.arange(0, scn.duration, 1 / 15):
                if not (L.exists(t) and e.exists(t)) or L.p(t)[1] < 1.0:
                    continue
                pl, pe = L.p(t), e.p(t)
                d = math.hypot(pl[0] - pe[0], pl[2] - pe[2])
                mind = min(mind, d)
                if d < SAFETY_M:
                    if near and t - near[-1][1] < 1.0:
                        near[-1][1] = t
                    else:
                        near.append([t, t])
            for a, b in near:
                both = [t for t in ctx.det_t[e.eid] if a <= t <= b and ctx.detected_near(L.eid, t, 0.2)]
                if not both:
                    ctx.prob(f"safety spell {e.eid}/{L.eid} never observed")
                    continue
                add("safety_alert", e, both[0], b,
                    f"{e.eid} under/next to {L.eid} {a:.1f}-{b:.1f} s")
            if not near and mind < 5.0:
                ctx.prob(f"{e.eid} comes {mind:.1f} m from {L.eid} (look-alike too close)")
    # left_behind
    for eid, td, tp in scn.drops:
        e = scn.by_id[eid]
        end = tp if tp is not None else scn.duration
        d = ctx.det_t[eid]
        d = d[(d >= td - 1e-9) & (d < end)]
        if not len(d):
            ctx.prob(f"drop of {eid} never seen")
            continue
        pts = np.concatenate([d, [end]])
        gaps = np.diff(pts)
        k = int(np.argmax(gaps))
        g = float(gaps[k])
        if g >= LEFT_S * 1.1:
            add("left_behind", e, float(pts[k]) + LEFT_S, float(pts[k + 1]),
                f"{eid} set down at {td:.1f} s, out of view from {pts[k]:.1f} s")
        elif g >= LEFT_S * 0.9:
            ctx.prob(f"left_behind gap for {eid} {g:.1f} s near threshold")
    # progress
    for w in [x for x in scn.entities if x.label == "brick_wall"]:
        per = w.size or 10
        steps = [(1, "first brick laid")] + [(k * per, f"course {k} completed") for k in (3, 6, 9)]
        for n, what in steps:
            if len(w.bricks) < n:
                continue
            tb = w.bricks[n - 1]
            s = _first_det_in(ctx, w.eid, tb, scn.duration)
            if s is None:
                ctx.prob(f"progress {what} never observed")
                continue
            add("progress", w, s, scn.duration, f"{what} at {tb:.1f} s (seen {s:.1f} s)")
    # memory_recall
    A.extend(scan_memory(ctx))
    A.sort(key=lambda a: a["t0"])
    return A


def _rect_dist(z, p):
    c = z.p(0)
    w, d = z.size
    dx = max(0.0, abs(p[0] - c[0]) - w / 2)
    dz = max(0.0, abs(p[2] - c[2]) - d / 2)
    return math.hypot(dx, dz)


def in_rect(z, p):
    return _rect_dist(z, p) == 0.0


def place_in_view(scn, t, place, margin=0.1):
    cam = scn.wearer.to_cam(t, np.array([[place[0], place[1] + 0.3, place[2]]]))
    u, v, ok = scn.lens.project(cam)
    W, H = scn.lens.W, scn.lens.H
    return bool(ok[0] and margin * W <= u[0] <= (1 - margin) * W and margin * H <= v[0] <= (1 - margin) * H)


def scan_memory(ctx):
    scn = ctx.scn
    out = []
    for e in scn.entities:
        if not e.detect or e.label in ("worker", "suspended_load", "brick_wall", "excavation"):
            continue
        dset = set(np.round(ctx.det_t[e.eid] * 15).astype(int).tolist())
        place = None
        changed_unseen = False
        for i, t in enumerate(scn.times):
            here = e.exists(t) and place is not None and np.linalg.norm(e.p(t) - place) < 0.7
            inview = place is not None and place_in_view(scn, t, place)
            if i in dset:
                speed = np.linalg.norm(e.p(t) - e.p(max(0, t - 0.5))) / 0.5
                if speed < 0.05:
                    place = e.p(t)
                    changed_unseen = False
                    continue
                place = None
                continue
            if place is None:
                continue
            if not here:
                if inview and not changed_unseen:
                    place = None  # seen being taken / moved
                    continue
                changed_unseen = True
                if inview and place_in_view(scn, t, place, 0.15):
                    tt = t
                    end = tt + 15
                    for t2 in np.arange(tt, tt + 15, 1 / 15):
                        if not place_in_view(scn, t2, place, 0.05):
                            end = t2
                            break
                    out.append({"category": "memory_recall", "t0": round(tt, 2), "t1": round(max(end, tt + 10), 2),
                                "subject": e.label, "subject_id": e.eid,
                                "note": f"{e.eid} last seen at ({place[0]:.1f},{place[2]:.1f}); place in view again at {tt:.1f} s, it is gone"})
                    place = None
                    changed_unseen = False
    return out


# ------------------------------------------------------------ validation

def validate(ctx, answers, alerts, questions):
    scn = ctx.scn
    P = ctx.problems
    derived = sorted((a["category"], a["subject_id"]) for a in alerts)
    designed = sorted(tuple(x) for x in scn.designed_alerts)
    if derived != designed:
        ctx.prob(f"derived alerts {derived} != designed {designed}")
    if not (4 <= len(alerts) <= 7):
        ctx.prob(f"{len(alerts)} alerts (want 4-7)")
    if not (25 <= len(questions) <= 35):
        ctx.prob(f"{len(questions)} questions (want 25-35)")
    kinds = {a["kind"] for a in answers}
    for k in ["directional", "object_permanence", "temporal_retrieval", "temporal_reasoning",
              "productivity", "identity", "unknown"]:
        if k not in kinds:
            ctx.prob(f"no question of kind {k}")
    ids = [q["id"] for q in questions]
    if len(set(ids)) != len(ids):
        ctx.prob("duplicate question ids")
    ats = [q["at"] for q in questions]
    if ats != sorted(ats):
        ctx.prob("questions not sorted by at")
    need = {"direction_of": ["direction"], "where": ["direction"], "things_in_direction": ["entity_types"],
            "still_there": ["yes_no"], "order": ["yes_no"], "returned": ["yes_no"], "is_working": ["yes_no"],
            "same_individual": ["yes_no"], "event_time": ["time", "time_tol_s"],
            "time_since": ["duration_s", "duration_tol_s"], "state_duration": ["duration_s", "duration_tol_s"],
            "spell_duration": ["duration_s", "duration_tol_s"], "count_distinct": ["count"], "unknown": []}
    for a in answers:
        for f in need[a["intent"]]:
            if a.get(f) is None:
                ctx.prob(f"{a['id']}: missing {f}")
        if set(a["query"]) != set(QFIELDS):
            ctx.prob(f"{a['id']}: query fields incomplete")
        if a["query"]["intent"] != a["intent"] or a["query"]["kind"] != a["kind"]:
            ctx.prob(f"{a['id']}: query kind/intent mismatch")
        if "time_tol_s" in a and not (2 <= a["time_tol_s"] <= 4):
            ctx.prob(f"{a['id']}: time tol")
        if a["intent"] in ("time_since", "state_duration") and not (2.5 <= a["duration_tol_s"] <= 5):
            ctx.prob(f"{a['id']}: duration tol")
        if a["intent"] == "spell_duration" and abs(a["duration_tol_s"] - max(5, 0.12 * a["duration_s"])) > 0.1:
            ctx.prob(f"{a['id']}: spell tol")
        if a.get("time") is not None and a["time"] > [q for q in questions if q["id"] == a["id"]][0]["at"]:
            ctx.prob(f"{a['id']}: answer time after at")
    for a in alerts:
        if not (0 <= a["t0"] < a["t1"] <= scn.duration + 1e-6):
            ctx.prob(f"alert {a['category']} {a['subject_id']} window {a['t0']}-{a['t1']}")
    return P
