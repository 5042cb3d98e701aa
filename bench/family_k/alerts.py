"""Alert scanners: apply the contract's alert rules (default thresholds) to
the scripted world as observed through the simulated detections, so that
the expected alerts are derived, not just declared.

Rules (contract section 5, "What alerts mean", defaults):
  ppe_violation   worker seen without a hard hat for >= 3 s; once per spell
  exclusion_zone  worker inside an excavation (its footprint plus a margin)
  safety_alert    person under or next to a suspended_load
  left_behind     tool the wearer set down stays out of view >= 30 s, not
                  picked up, while the wearer moves on
  idle            worker idle >= 60 s; once per idle spell
  progress        first unit of work; every third course
  memory_recall   the wearer looks at the place where a thing seen earlier
                  no longer is (moved or taken unseen); not for people
Timeliness (latest correct time t1 after t0, when it first becomes
observable): instant categories and memory_recall 15 s, progress 30 s,
idle and left_behind 60 s.

Every scanner also reports near misses: situations within 10 % of a
threshold, which the generator refuses.
"""
import math

import numpy as np

from .world import Worker, Thing, BrickWall, Excavation, SuspendedLoad

PPE_S = 3.0
IDLE_S = 60.0
LEFT_S = 30.0
ZONE_MARGIN = 1.0          # metres around the pit that count as in the zone
ZONE_CLEAR = 2.5           # a person "near but outside" stays beyond this
LOAD_NEAR = 2.0            # under or next to a suspended load (horizontal m)
LOAD_CLEAR = 6.0           # nobody else comes closer than this
RECALL_MOVE = 1.0          # a thing counts as gone when > 1 m from its place
STAGE_COURSES = 3
LATEST = {"safety_alert": 15.0, "ppe_violation": 15.0, "exclusion_zone": 15.0, "memory_recall": 15.0,
          "progress": 30.0, "idle": 60.0, "left_behind": 60.0}


def _tid(facts, name, t, win=3.0):
    """Track id reported for `name` nearest to time t."""
    best = None
    for f, tid, box, attrs in facts.obs[facts.idx[name]]:
        d = abs(f / facts.fps - t)
        if best is None or d < best[0]:
            best = (d, tid)
    return best[1] if best else None


def _alert(facts, cat, name, t0, note, end=None, problems=None):
    """t1: the latest correct time, t0 + the category's timeliness, but not
    after the situation has ended (an alert counts while it holds)."""
    e = facts.ent(name)
    t1 = t0 + LATEST[cat]
    if end is not None:
        t1 = min(t1, end)
        if problems is not None and t1 - t0 < 8.0:
            problems.append(f"{cat}: {name} window {t0:.1f}-{t1:.1f}s shorter than 8 s")
    return {"category": cat, "t0": round(t0, 2), "t1": round(t1, 2), "subject": e.desc,
            "subject_entity": name, "subject_id": _tid(facts, name, t0), "note": note}


def scan_ppe(facts, problems):
    out = []
    for e in facts.w.entities:
        if not isinstance(e, Worker):
            continue
        seen = facts.seen_mask(e.name)
        for a, b in facts.hat_off_spells(e.name):
            fa, fb = int(round(a * facts.fps)), int(round(b * facts.fps))
            fr = [i for i in range(fa, min(fb, facts.n)) if seen[i]]
            if not fr:
                continue
            t_first, t_last = fr[0] / facts.fps, fr[-1] / facts.fps + 1 / facts.fps
            dur = b - a
            obs_dur = t_last - t_first
            for d, what in ((dur, "scripted"), (obs_dur, "observed")):
                if 0.9 * PPE_S <= d <= 1.1 * PPE_S:
                    problems.append(f"ppe: {e.name} hat-off spell at {a:.1f}s lasts {d:.1f}s ({what}), "
                                    f"within 10% of {PPE_S}s")
            if obs_dur >= PPE_S:
                # seen for most of the first 3 s
                t0 = t_first + PPE_S
                f0 = int(t_first * facts.fps)
                cover = seen[f0:int(t0 * facts.fps)].mean()
                if cover < 0.6:
                    problems.append(f"ppe: {e.name} hat off at {a:.1f}s is seen only {cover:.0%} of its first 3 s")
                out.append(_alert(facts, "ppe_violation", e.name, t0,
                                  f"{e.desc} takes the hard hat off at {a:.1f}s (seen from {t_first:.1f}s) "
                                  f"and keeps it off until {b:.1f}s", b, problems))
    return out


def scan_idle(facts, problems):
    out = []
    for e in facts.w.entities:
        if not isinstance(e, Worker):
            continue
        seen = facts.seen_mask(e.name)
        for a, b in facts.spells(e.name, "idle"):
            L = b - a
            if 0.9 * IDLE_S <= L <= 1.1 * IDLE_S:
                problems.append(f"idle: {e.name} idle spell {a:.1f}-{b:.1f}s ({L:.1f}s) within 10% of 60 s")
            if L < IDLE_S:
                continue
            if not facts.seen_near(e.name, a, 2.0, 0.3):
                problems.append(f"idle: {e.name} goes idle at {a:.1f}s out of view")
            f_from = int((a + IDLE_S - 3.0) * facts.fps)
            fr = [i for i in range(f_from, min(int(b * facts.fps), facts.n)) if seen[i]]
            if not fr:
                problems.append(f"idle: {e.name} not seen again after 60 s of the spell from {a:.1f}s")
                continue
            t0 = max(a + IDLE_S, fr[0] / facts.fps)
            out.append(_alert(facts, "idle", e.name, t0,
                              f"{e.desc} idle from {a:.1f}s to {b:.1f}s ({L:.0f}s)", b, problems))
    return out


def scan_zone(facts, problems):
    out = []
    pits = [e for e in facts.w.entities if isinstance(e, Excavation)]
    for x in pits:
        for e in facts.w.entities:
            if not isinstance(e, Worker):
                continue
            seen = facts.seen_mask(e.name)
            dmin = min(x.distance(*e.pos(i / facts.fps)[:2]) for i in range(0, facts.n, 3)
                       if e.present(i / facts.fps))
            if ZONE_MARGIN < dmin < ZONE_CLEAR:
                problems.append(f"zone: {e.name} comes {dmin:.2f} m from {x.name}: between the margin and the clear "
                                f"distance")
            for a, b in facts.zone_spells(e.name, x.name, ZONE_MARGIN):
                fr = [i for i in range(int(a * facts.fps), min(int(b * facts.fps), facts.n)) if seen[i]]
                if not fr:
                    problems.append(f"zone: {e.name} in {x.name} {a:.1f}-{b:.1f}s never seen")
                    continue
                t0 = fr[0] / facts.fps
                out.append(_alert(facts, "exclusion_zone", e.name, t0,
                                  f"{e.desc} inside the excavation (or within {ZONE_MARGIN} m of it) "
                                  f"from {a:.1f}s to {b:.1f}s", b, problems))
    return out


def scan_safety(facts, problems):
    out = []
    loads = [e for e in facts.w.entities if isinstance(e, SuspendedLoad)]
    for L in loads:
        for e in facts.w.entities:
            if not isinstance(e, Worker):
                continue
            seen = facts.seen_mask(e.name)
            lseen = facts.seen_mask(L.name)
            near = []
            dmin = 1e9
            for i in range(facts.n):
                t = i / facts.fps
                if not e.present(t):
                    near.append(False)
                    continue
                p, q = e.pos(t), L.pos(t)
                d = math.hypot(p[0] - q[0], p[1] - q[1])
                dmin = min(dmin, d)
                near.append(d <= LOAD_NEAR)
            if LOAD_NEAR < dmin < LOAD_CLEAR:
                problems.append(f"safety: {e.name} comes {dmin:.2f} m from {L.name}")
            spells = []
            start = None
            for i, v in enumerate(near + [False]):
                if v and start is None:
                    start = i
                elif not v and start is not None:
                    spells.append((start, i))
                    start = None
            for a, b in spells:
                fr = [i for i in range(a, b) if seen[i] and lseen[i]]
                if not fr:
                    problems.append(f"safety: {e.name} near {L.name} {a / facts.fps:.1f}s unseen")
                    continue
                t0 = fr[0] / facts.fps
                out.append(_alert(facts, "safety_alert", e.name, t0,
                                  f"{e.desc} under / next to the suspended load from {a / facts.fps:.1f}s to "
                                  f"{b / facts.fps:.1f}s (both in view from {t0:.1f}s)", b / facts.fps, problems))
    return out


def scan_left_behind(facts, problems):
    out = []
    for e in facts.w.entities:
        if not isinstance(e, Thing):
            continue
        for ev in getattr(e, "events", []):
            if ev[1] != "set_down":
                continue
            ts = ev[0]
            pick = [p[0] for p in e.events if p[1] == "picked_up" and p[0] > ts]
            t_pick = pick[0] if pick else facts.n / facts.fps
            fr = [f for f in facts.frames_seen(e.name) if ts <= f / facts.fps <= t_pick]
            if not fr or fr[0] / facts.fps > ts + 4:
                problems.append(f"left_behind: {e.name} set down at {ts:.1f}s is not seen on the ground")
                continue
            # longest stretch out of view between sightings (or to the pick-up)
            stamps = [f / facts.fps for f in fr] + [t_pick]
            best = None
            for u, v in zip(stamps[:-1], stamps[1:]):
                gap = v - u
                if 0.9 * LEFT_S <= gap <= 1.1 * LEFT_S:
                    problems.append(f"left_behind: {e.name} out of view {gap:.1f}s from {u:.1f}s: near 30 s")
                if gap >= LEFT_S and best is None:
                    best = (u, v)
            if best is None:
                continue
            u, v = best
            t0 = u + LEFT_S
            wx0 = np.array(facts.wearer_xy(ts))
            wx1 = np.array(facts.wearer_xy(t0))
            if np.linalg.norm(wx1 - wx0) < 2.0:
                problems.append(f"left_behind: the wearer has not moved on from {e.name}")
            out.append(_alert(facts, "left_behind", e.name, t0,
                              f"the wearer set the {e.label} down at {ts:.1f}s, last saw it at {u:.1f}s and "
                              f"walked on; out of view until {v:.1f}s", v, problems))
    return out


def scan_progress(facts, problems):
    out = []
    for e in facts.w.entities:
        if not isinstance(e, BrickWall):
            continue
        seen = facts.seen_mask(e.name)
        stages = []
        if e.lay_times:
            stages.append((e.lay_times[0], "first block laid"))
        k = STAGE_COURSES
        while k * e.per_course <= len(e.lay_times):
            stages.append((e.lay_times[k * e.per_course - 1], f"course {k} completed"))
            k += STAGE_COURSES
        for t_ev, what in stages:
            if t_ev > facts.n / facts.fps:
                continue
            fr = [i for i in range(int(math.ceil(t_ev * facts.fps)), facts.n) if seen[i]]
            if not fr:
                continue
            t0 = fr[0] / facts.fps
            if t0 - t_ev > 5.0:
                problems.append(f"progress: {what} at {t_ev:.1f}s first seen only at {t0:.1f}s")
            out.append(_alert(facts, "progress", e.name, t0, f"{what} at {t_ev:.1f}s"))
    return out


def place_in_view(facts, i, p, margin=0.12, max_dist=18.0):
    """Is world point p (on the ground) well inside the picture at frame i?"""
    R = facts.vis.rot[i]
    C = np.array([facts.vis.pos[i][0], facts.vis.pos[i][1], 1.65])
    q = np.array([p[0], p[1], 0.3])
    pc = (q - C) @ R
    if np.linalg.norm(q - C) > max_dist:
        return False
    uv, ok = facts.w.lens.project(pc[None, :])
    if not ok[0]:
        return False
    u, v = uv[0]
    W, H = facts.w.lens.width, facts.w.lens.height
    return (margin * W <= u <= (1 - margin) * W) and (margin * H <= v <= (1 - margin) * H)


def scan_recall(facts, problems):
    out = []
    for ei, e in enumerate(facts.w.entities):
        if not isinstance(e, Thing) or e.label is None:
            continue
        seen = facts.seen_mask(e.name)
        last_pos = None
        last_frame = None
        moving_at_last = False
        alerted = set()
        for i in range(facts.n):
            t = i / facts.fps
            if seen[i]:
                p = e.pos(t)
                q = e.pos(max(t - 1.0, 0.0))
                last_pos = np.array(p[:2])
                last_frame = i
                moving_at_last = (np.linalg.norm(np.array(p) - np.array(q)) > 0.2) or e.is_held(t)
                continue
            if last_pos is None or moving_at_last:
                continue
            key = (round(float(last_pos[0]), 1), round(float(last_pos[1]), 1))
            if key in alerted:
                continue
            now = np.array(e.pos(t)[:2]) if e.present(t) else None
            gone = now is None or np.linalg.norm(now - last_pos) > RECALL_MOVE
            if not gone:
                continue
            if place_in_view(facts, i, last_pos):
                alerted.add(key)
                out.append(_alert(facts, "memory_recall", e.name, t,
                                  f"{e.desc} last seen at {last_frame / facts.fps:.1f}s at "
                                  f"({last_pos[0]:.1f}, {last_pos[1]:.1f}); moved unseen; the wearer looks at "
                                  f"that place at {t:.1f}s"))
    return out


def scan_all(facts):
    problems = []
    alerts = []
    for fn in (scan_ppe, scan_zone, scan_safety, scan_left_behind, scan_idle, scan_progress, scan_recall):
        alerts += fn(facts, problems)
    alerts.sort(key=lambda a: (a["t0"], a["category"]))
    return alerts, problems
