"""Ground truth derived from a scenario's world and what the camera saw.

Alert windows: ``t0`` is the first moment the alert's condition, including its
duration threshold, is met by what the camera has observed; ``t1`` is the last
acceptable time (t0 + 15 s instant categories and memory_recall, + 30 s
progress, + 60 s idle and left_behind).  ``t_start`` is when the situation
itself was first seen (before any duration threshold).
"""
from __future__ import annotations

import math

import numpy as np

from .world import BRICKS_PER_COURSE, Scenario, wrap180

SECTORS = ["front", "front-right", "right", "behind-right",
           "behind", "behind-left", "left", "front-left"]
TOL = {"safety_alert": 15, "ppe_violation": 15, "exclusion_zone": 15,
       "memory_recall": 15, "progress": 30, "idle": 60, "left_behind": 60}
PPE_S, IDLE_S, LEFT_S = 3.0, 60.0, 30.0
TOOLS = {"drill", "hammer", "toolbox", "wheelbarrow", "ladder", "saw", "spirit_level"}


def sector(rel):
    rel = wrap180(rel)
    k = int(math.floor((rel + 22.5) / 45.0)) % 8
    out = {"direction": SECTORS[k]}
    lo = -22.5 + 45 * math.floor((rel + 22.5) / 45.0)
    if rel - lo < 5.0:
        out["direction_alt"] = SECTORS[(k - 1) % 8]
    elif lo + 45 - rel < 5.0:
        out["direction_alt"] = SECTORS[(k + 1) % 8]
    return out


def _runs(mask, times):
    d = np.diff(np.concatenate([[0], mask.astype(np.int8), [0]]))
    st, en = np.flatnonzero(d == 1), np.flatnonzero(d == -1)
    return [(int(a), int(b)) for a, b in zip(st, en)]   # [a, b) frame ranges


def _alert(cat, t0, subject, note, t_start=None):
    t0 = round(float(t0), 2)
    return {"category": cat, "t0": t0, "t1": round(t0 + TOL[cat], 2), "subject": subject,
            "note": note, "t_start": round(float(t_start if t_start is not None else t0), 2)}


def derive_alerts(sc: Scenario):
    alerts, warnings, lookalikes = [], [], []
    fps, T = sc.fps, sc.times
    for e in sc.ents:
        vis = sc.vis[e.id]
        if e.label == "worker":
            # ---- ppe: no hard hat seen continuously for >= 3 s
            for a, b in e.attr_intervals("hardhat", False, sc.duration):
                m = vis.copy()
                m[: sc.idx(a)] = False
                m[sc.idx(b):] = False
                runs = _runs(m, T)
                long = [r for r in runs if (r[1] - r[0]) / fps >= PPE_S]
                if long:
                    s = long[0][0]
                    alerts.append(_alert("ppe_violation", T[s] + PPE_S, e.id,
                                         f"{e.name} without hard hat {a:.0f}-{b:.0f}s",
                                         T[runs[0][0]]))
                elif m.sum() / fps >= PPE_S:
                    warnings.append(f"ppe {e.id} {a}-{b}: seen {m.sum()/fps:.1f}s only in pieces")
                else:
                    lookalikes.append(f"{e.name}: hard hat off {a:.0f}-{b:.0f}s "
                                      f"({b - a:.0f}s): no ppe_violation")
            # ---- idle >= 60 s, spell start seen
            for a, b in e.attr_intervals("activity", "idle", sc.duration):
                if b - a < IDLE_S:
                    if sc.seen_in(e.id, a, b):
                        lookalikes.append(f"{e.name}: idle {a:.0f}-{b:.0f}s ({b - a:.0f}s): no idle alert")
                    continue
                if not sc.seen_in(e.id, a - 1, a + 5):
                    warnings.append(f"idle {e.id} {a}-{b}: start not seen")
                m = vis.copy()
                m[: sc.idx(a + IDLE_S)] = False
                m[sc.idx(b):] = False
                nz = np.flatnonzero(m)
                if len(nz):
                    alerts.append(_alert("idle", T[nz[0]], e.id,
                                         f"{e.name} idle {a:.0f}-{b:.0f}s", a))
                else:
                    warnings.append(f"idle {e.id} {a}-{b}: not seen after 60 s")
            # ---- exclusion zone / suspended load
            for key, cat, what in (("in_zone", "exclusion_zone", "inside the excavation"),
                                   ("under_load", "safety_alert", "under the suspended load")):
                for a, b in e.attr_intervals(key, True, sc.duration):
                    m = vis.copy()
                    m[: sc.idx(a)] = False
                    m[sc.idx(b):] = False
                    nz = np.flatnonzero(m)
                    if len(nz):
                        alerts.append(_alert(cat, T[nz[0]], e.id, f"{e.name} {what} {a:.0f}-{b:.0f}s"))
                    else:
                        warnings.append(f"{cat} {e.id} {a}-{b} never seen")
        # ---- progress
        if e.bricks is not None:
            evs = [(e.bricks[0], "first brick laid")]
            nc = len(e.bricks) // BRICKS_PER_COURSE
            for c in range(3, nc + 1, 3):
                evs.append((e.bricks[c * BRICKS_PER_COURSE - 1], f"course {c} finished"))
            for te, what in evs:
                nz = np.flatnonzero(vis[sc.idx(te):])
                if len(nz):
                    t0 = T[sc.idx(te) + nz[0]]
                    alerts.append(_alert("progress", t0, e.id, f"{e.name}: {what} at {te:.1f}s", te))
        # ---- left_behind: tools the wearer set down
        if e.held:
            for k, (tp, td) in enumerate(e.held):
                if td >= sc.duration:
                    continue
                nxt = e.held[k + 1][0] if k + 1 < len(e.held) else sc.duration
                if not sc.seen_in(e.id, td, td + 1.5):
                    warnings.append(f"left_behind {e.id}: set-down at {td} not seen")
                m = ~vis.copy()
                m[: sc.idx(td + 1.0)] = False
                m[sc.idx(nxt):] = False
                runs = _runs(m, T)
                long = [r for r in runs if (r[1] - r[0]) / fps >= LEFT_S]
                if long:
                    last = T[long[0][0] - 1]
                    alerts.append(_alert("left_behind", last + LEFT_S, e.id,
                                         f"{e.name} set down at {td:.0f}s, out of view from {last:.1f}s",
                                         last))
                else:
                    gap = max([(r[1] - r[0]) / fps for r in runs] or [0])
                    lookalikes.append(f"{e.name}: set down at {td:.0f}s, longest out-of-view {gap:.0f}s, "
                                      f"picked up at {nxt:.0f}s: no left_behind")
        # ---- memory_recall: thing moved or taken while unseen
        if e.label != "worker":
            changes = []
            if e.present is not None:
                for a, b in e.present:
                    if b < sc.duration:
                        changes.append((b, "taken"))
            for (t0, b0, d0), (t1, b1, d1) in zip(e.pos, e.pos[1:]):
                if (b0, d0) != (b1, d1):
                    changes.append((t0, "moved"))
            for tc, how in changes:
                seen_before = sc.first_seen(e.id, tc)
                if seen_before is None:
                    continue
                if sc.seen_in(e.id, tc - 0.5, tc + 2.0) and how == "moved":
                    continue
                if sc.vis[e.id][sc.idx(tc)]:
                    warnings.append(f"{e.id} {how} at {tc} while in view")
                    continue
                ob, od = e.ground(tc - 0.01)
                hit = None
                for i in range(sc.idx(tc), sc.n):
                    if sc.place_in_view(e, ob, od, T[i]):
                        hit = T[i]
                        break
                if hit is not None:
                    alerts.append(_alert("memory_recall", hit, e.id,
                                         f"{e.name} {how} unseen at {tc:.0f}s; last seen at bearing {ob:.0f}"))
                else:
                    warnings.append(f"memory_recall {e.id}: old place never looked at")
    # workers moving while unseen whose old place is looked at: ambiguous
    for e in sc.ents:
        if e.label != "worker":
            continue
        for (t0, b0, d0), (t1, b1, d1) in zip(e.pos, e.pos[1:]):
            if (b0, d0) == (b1, d1):
                continue
            if not sc.seen_in(e.id, t0 - 1, t1 + 1):
                warnings.append(f"worker {e.id} moved {t0}-{t1} unseen")
    alerts.sort(key=lambda a: a["t0"])
    return alerts, warnings, lookalikes


# ------------------------------------------------------------- answer helpers
class Q:
    """Builds questions and their typed truth for a scenario."""

    def __init__(self, sc: Scenario):
        self.sc = sc
        self.items = []

    def add(self, at, text, kind, intent, **ans):
        assert 0 < at < self.sc.duration, (text, at)
        qid = f"{self.sc.name}-q{len(self.items) + 1:02d}"
        self.items.append((qid, at, text, dict(kind=kind, intent=intent, **ans)))

    # ---- truth helpers
    def dir_of(self, eid, at):
        b = self.sc.last_bearing(eid, at)
        assert b is not None, (eid, at)
        return sector(b - self.sc.yaw_at(at))

    def things(self, direction, at, exclude=()):
        centre = {s: 45 * k for k, s in enumerate(SECTORS)}[direction]
        centre = wrap180(centre)
        req, opt = set(), set()
        yaw = self.sc.yaw_at(at)
        for e in self.sc.ents:
            if e.id in exclude:
                continue
            b = self.sc.last_bearing(e.id, at)
            if b is None:
                continue
            rel = wrap180(b - yaw - centre)
            if abs(rel) > 50:
                continue
            hs = e.hold_state(at)
            changed = False
            if e.exists(at) and hs is None:
                cb, _ = e.ground(at)
                changed = abs(wrap180(cb - b)) > 1.0
            # held, gone, moved-unseen or near the quadrant's edge: either answer is fine
            soft = abs(rel) > 40 or hs is not None or not e.exists(at) or changed
            (opt if soft else req).add(e.label)
        return sorted(req), sorted(opt - req)

    def seen(self, eid, at):
        return self.sc.last_seen(eid, at)

    # ---- typed answers
    def direction_of(self, at, text, eid, kind="directional", intent="direction_of"):
        self.add(at, text, kind, intent, **self.dir_of(eid, at))

    def in_direction(self, at, text, direction, exclude=()):
        req, opt = self.things(direction, at, exclude)
        ans = {"entity_types": req}
        if opt:
            ans["entity_types_optional"] = opt
        self.add(at, text, "directional", "things_in_direction", **ans)

    def time(self, at, text, t, tol=3.0, kind="temporal_retrieval", intent="event_time"):
        assert t is not None and t <= at, (text, t, at)
        self.add(at, text, kind, intent, time=round(float(t), 2), time_tol_s=tol)

    def dur(self, at, text, d, intent, kind="temporal_reasoning", tol=None):
        tol = tol if tol is not None else max(3.0, round(0.1 * d, 1))
        self.add(at, text, kind, intent, duration_s=round(float(d), 2), duration_tol_s=tol)

    def yes(self, at, text, yn, kind, intent):
        self.add(at, text, kind, intent, yes_no=bool(yn))

    def count(self, at, text, label, kind="identity", intent="count_distinct", n=None):
        if n is None:
            n = sum(1 for e in self.sc.ents if e.label == label
                    and self.sc.first_seen(e.id, at) is not None)
        self.add(at, text, kind, intent, count=int(n))

    def questions_json(self):
        return [{"id": q, "camera": self.sc.name, "at": round(at, 2), "question": text}
                for q, at, text, _ in self.items]

    def answers_json(self):
        return [{"id": q, **a} for q, at, text, a in self.items]
