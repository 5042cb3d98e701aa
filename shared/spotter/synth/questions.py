"""Questions about a scenario, their exact answers, and the scorer.

Six kinds (VISTA's five plus identity), each answered from the script and the wearer's
true head motion, using only what happened up to the question's ``at``:

``temporal_retrieval``  "When was the first brick laid?" -> ``time`` (media seconds);
                        the truth is a moment or an interval (``time_range``).
``productivity``        "How long was the worker in the orange vest idle between 1:30
                        and 6:00?" / "... so far?" -> ``duration_s``.
``object_permanence``   "Where is the ladder now?" -> ``direction``, the sector of
                        ``bearing - heading(at)``, usually while the thing is out of view.
``directional``         "What's behind me?" / "on my left" / "on my right" ->
                        ``entity_types``: labels of the things in the named direction.
``temporal_reasoning``  "Did the worker in the orange vest return to where the drill was
                        dropped?", "Has the worker without a hard hat left?", "Was the
                        ladder moved before the drill was dropped?" -> ``yes_no``.
``identity``            "Is the toolbox in front of me the same one I saw at 2:05?" ->
                        ``yes_no`` (look-alike toolboxes: "no").

Times inside question text are written ``m:ss`` (``2:05`` = 125 s).  Directions follow
The contract: relative direction = bearing - heading wrapped to (-180, 180], eight 45-degree
sectors centred on 0 (front), 45 (front-right), 90 (right), 135 (behind-right),
180 (behind), -135 (behind-left), -90 (left), -45 (front-left).

What the system could know
    A thing counts only once it has been seen (in the ground-truth detections, at least
    half its box in the frame) before ``at``.  "What's behind me?" covers the named
    quadrant centred on the named direction (|rel - centre| <= 45 deg); a thing within 10 deg of
    that cone's edge, or one that moved or left while out of view, is *optional* (listing
    it or not are both right).  Permanence questions are asked only about things that
    have not changed since last seen and are >= 5 deg from a sector border.

Scoring rules (:func:`score_answers`; only the typed fields count, never the text)
    time         correct if ``time_range[0] - tol <= time <= time_range[1] + tol``
                 (``tolerance.time_s``, 5 s).
    duration_s   correct if ``|pred - truth| <= max(0.10 * truth, 2 s)``.
    direction    the exact sector; the adjacent sector is also right when the true
                 relative bearing is within 5 deg of the border between the two.
    yes_no       exact.
    entity_types every required label present, nothing outside required + optional
                 (labels compared lower-case, as sets).
    A question without an answer (or without the typed field) is wrong.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .scenario import (
    FOREVER,
    CameraModel,
    Scenario,
    WorldObject,
    detections_for_frame,
    frame_objects,
    wrap180,
)
from .trajectory import Trajectory

__all__ = [
    "KINDS",
    "SECTORS",
    "sector_of",
    "fmt_time",
    "make_questions",
    "score_answers",
    "idle_seconds",
]

KINDS = (
    "temporal_retrieval",
    "productivity",
    "object_permanence",
    "directional",
    "temporal_reasoning",
    "identity",
)
_ABBR = {"temporal_retrieval": "tr", "productivity": "pr", "object_permanence": "op", "directional": "di",
         "temporal_reasoning": "re", "identity": "id"}  # fmt: skip
SECTORS = ("front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left")
TIME_TOL_S = 5.0
DURATION_REL_TOL = 0.10
DURATION_ABS_TOL_S = 2.0
BORDER_TOL_DEG = 5.0
CONE_HALF_DEG = 45.0  # DESIGN 5: the 90-degree quadrant centred on the direction
CONE_MARGIN_DEG = 10.0
_NOUN = {"brick_wall": "brick wall"}
_PHRASE = {
    "front": "in front of me",
    "front-left": "to my front-left",
    "front-right": "to my front-right",
    "left": "on my left",
    "right": "on my right",
}


def sector_of(rel_deg: float) -> str:
    """The contract's sector of a relative direction (degrees)."""
    return SECTORS[int(round(wrap180(rel_deg) / 45.0)) % 8]


def _border_margin(rel_deg: float) -> float:
    """Degrees from ``rel_deg`` to the nearest sector border."""
    r = wrap180(rel_deg)
    return 22.5 - abs(r - 45.0 * round(r / 45.0))


def fmt_time(t: float) -> str:
    s = int(round(t))
    return f"{s // 60}:{s % 60:02d}"


def idle_seconds(obj: WorldObject, t0: float, t1: float, state: str = "idle") -> float:
    """Seconds ``obj`` spent in ``state`` within ``[t0, t1]`` (from its spans)."""
    total = 0.0
    for s in obj.spans:
        if s.state == state:
            total += max(0.0, min(s.t1, t1) - max(s.t0, t0))
    return total


# --- what was seen ---------------------------------------------------------------------------


class _Memory:
    """Per-frame visibility of every object (from the ground-truth detections), the true
    heading, and helpers for "what could the system know at ``at``"."""

    def __init__(self, scn: Scenario, traj: Trajectory, frames: Sequence[list[dict[str, Any]]]) -> None:
        self.scn, self.traj, self.fps = scn, traj, traj.fps
        n = traj.n_frames
        self.n = n
        self.seen = {o.id: np.zeros(n, bool) for o in scn.objects}
        self.well = {o.id: np.zeros(n, bool) for o in scn.objects}  # fully in view, unoccluded
        self.dets: list[dict[str, dict[str, Any]]] = []
        for k, dets in enumerate(frames[:n]):
            row = {}
            for d in dets:
                a = d.get("attributes", {})
                frac = float(a.get("visible_frac", 1.0))
                occ = float(a.get("occluded", 0.0))
                if frac >= 0.5 and occ < 0.5:
                    self.seen[d["track_id"]][k] = True
                if frac >= 0.9 and occ < 0.3:
                    self.well[d["track_id"]][k] = True
                row[d["track_id"]] = d
            self.dets.append(row)
        self.speed = traj.yaw_speed()
        idx = np.arange(n)
        # index of the last frame <= k in which each object was seen (-1: never)
        self._last = {oid: np.maximum.accumulate(np.where(v, idx, -1)) for oid, v in self.seen.items()}
        self._changes = {o.id: _change_intervals(o) for o in scn.objects}
        # the candidate times are whole seconds: compute their headings in one go
        grid = np.arange(0.0, math.ceil(scn.duration_s) + 1.0, 1.0)
        self._heading: dict[float, float] = dict(
            zip(grid.tolist(), traj.pose_at(grid)[0].tolist(), strict=True)
        )

    def k(self, t: float) -> int:
        return min(max(int(round(t * self.fps)), 0), self.n - 1)

    def heading(self, t: float) -> float:
        """True heading at ``t`` (exact, from the motion; memoised)."""
        h = self._heading.get(t)
        if h is None:
            h = self._heading[t] = float(self.traj.pose_at(np.array([t]))[0][0])
        return h

    def rel(self, bearing: float, t: float) -> float:
        return wrap180(bearing - self.heading(t))

    def last_seen(self, oid: str, at: float) -> float | None:
        """When ``oid`` was last seen strictly before ``at`` (None: never)."""
        k = self.k(at) - 1
        if k < 0:
            return None
        i = int(self._last[oid][k])
        return None if i < 0 else i / self.fps

    def first_seen(self, oid: str) -> float | None:
        ks = np.flatnonzero(self.seen[oid])
        return None if len(ks) == 0 else float(ks[0] / self.fps)

    def changed_unseen(self, obj: WorldObject, at: float) -> bool:
        """Did ``obj`` move, arrive or leave after it was last seen (up to ``at``)?"""
        ls = self.last_seen(obj.id, at)
        if ls is None:
            return True
        return any(c0 <= at and c1 > ls for c0, c1 in self._changes[obj.id])

    def visible_ids(self, t: float, label: str | None = None, well: bool = False) -> list[str]:
        k = self.k(t)
        table = self.well if well else self.seen
        return [o.id for o in self.scn.objects if table[o.id][k] and (label is None or o.label == label)]


def _change_intervals(obj: WorldObject) -> list[tuple[float, float]]:
    """Intervals in which ``obj``'s position or presence changes (moves, arrivals, exits)."""
    out: list[tuple[float, float]] = []
    prev = None
    for s in obj.spans:
        if s.bearing0 != s.bearing1 or s.dist0 != s.dist1:
            out.append((s.t0, s.t1))
        if prev is None:
            if s.t0 > 0:
                out.append((s.t0, s.t0))
        elif prev.t1 < s.t0 - 1e-6:
            out.append((prev.t1, s.t0))
        else:
            b, d = prev.where(prev.t1)
            if abs(wrap180(b - s.bearing0)) > 0.5 or abs(d - s.dist0) > 0.05:
                out.append((s.t0, s.t0))
        prev = s
    if prev is not None and prev.t1 < FOREVER:
        out.append((prev.t1, prev.t1))
    return out


def _pick(cands: Sequence[float], n: int, rng: np.random.Generator, min_gap: float = 15.0,
          taken: Iterable[float] = ()) -> list[float]:  # fmt: skip
    """Up to ``n`` times from ``cands`` spread over their range, ``min_gap`` apart."""
    cands = sorted(cands)
    chosen: list[float] = list(taken)
    out: list[float] = []
    if not cands or n <= 0:
        return out
    bins = np.array_split(np.array(cands), n)
    for b in bins:
        order = rng.permutation(len(b))
        for i in order:
            t = float(b[i])
            if all(abs(t - c) >= min_gap for c in chosen):
                chosen.append(t)
                out.append(t)
                break
    return out


def _record(kind: str, question: str, at: float, answer: str, **typed: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "kind": kind,
        "question": question,
        "at": round(float(at), 2),
        "answer": answer,
        "time": None,
        "time_range": None,
        "duration_s": None,
        "direction": None,
        "bearing_rel_deg": None,
        "yes_no": None,
        "entity_types": None,
        "entity_types_optional": None,
        "entities": None,
        "tolerance": None,
        "evidence": None,
    }
    rec.update(typed)
    return rec


# --- the six kinds ---------------------------------------------------------------------------


def _temporal_retrieval(
    scn: Scenario, mem: _Memory, n: int, rng: np.random.Generator
) -> list[dict[str, Any]]:
    f, dur = scn.facts, scn.duration_s
    main_desc = f["main_worker_desc"]
    templates: list[tuple[str, float, float]] = []
    if "first_brick" in f:
        templates.append(("When was the first brick laid?", f["first_brick"], f["first_brick"]))
    lm = f["ladder_move"]
    templates.append(("When was the ladder moved?", lm["t0"], lm["t1"]))
    templates.append(("When was the drill dropped?", f["drill_drop"]["t"], f["drill_drop"]["t"]))
    first_ppe = mem.first_seen(f["ppe_worker"])
    if first_ppe is not None:
        templates.append(("When did the worker without a hard hat first appear?", first_ppe, first_ppe))
    templates.append(("When was the drill picked up?", f["drill_pickup"]["t"], f["drill_pickup"]["t"]))
    if "first_brick" not in f:
        templates.append((f"When did {main_desc} first start working?", f["first_active"], f["first_active"]))
    templates = [tpl for tpl in templates if tpl[2] + 15.0 < dur]
    out: list[dict[str, Any]] = []
    if not templates:
        return out
    counts = [n // len(templates) + (1 if i < n % len(templates) else 0) for i in range(len(templates))]
    for (q, lo, hi), c in zip(templates, counts, strict=True):
        cands = list(np.arange(math.ceil(hi + 15.0), dur, 1.0))
        for at in _pick(cands, c, rng, min_gap=30.0):
            text = f"At {fmt_time(lo)} ({lo:.1f} s)." if hi - lo < 0.5 else (
                f"Between {fmt_time(lo)} and {fmt_time(hi)} ({lo:.1f}-{hi:.1f} s).")  # fmt: skip
            out.append(_record("temporal_retrieval", q, at, text, time=round(lo, 2),
                               time_range=[round(lo, 2), round(hi, 2)], tolerance={"time_s": TIME_TOL_S}))  # fmt: skip
    return out


def _productivity(scn: Scenario, mem: _Memory, n: int, rng: np.random.Generator) -> list[dict[str, Any]]:
    f, dur = scn.facts, scn.duration_s
    main = scn.obj(f["main_worker"])
    desc = f["main_worker_desc"]
    n_so_far = max(1, n // 4)
    n_active = max(1, n // 4)
    n_window = max(0, n - n_so_far - n_active)
    out: list[dict[str, Any]] = []
    ats_used: list[float] = []
    windows: list[tuple[float, float]] = []

    def add(q: str, a: float, b: float, at: float, state: str) -> None:
        d = idle_seconds(main, a, b, state)
        out.append(_record("productivity", q, at, f"About {d:.0f} s ({d / 60:.1f} min).", duration_s=round(d, 2),
                           tolerance={"duration_rel": DURATION_REL_TOL, "duration_abs_s": DURATION_ABS_TOL_S},
                           evidence={"window": [round(a, 2), round(b, 2)], "state": state,
                                     "entities": [main.id]}))  # fmt: skip
        ats_used.append(at)

    for state, count, floor in (("idle", n_window, 20.0), ("active", n_active, 30.0)):
        tries = 0
        made = 0
        while made < count and tries < 400:
            tries += 1
            if dur < 140:
                break
            a = float(rng.integers(0, int((dur - 130) // 5) + 1) * 5)
            length = float(rng.integers(24, 85) * 5)
            b = min(a + length, math.floor((dur - 1) / 5) * 5)
            if b - a < 120:
                continue
            at = min(dur - 1.0, b + float(rng.integers(0, 46)))
            if any(abs(at - u) < 10 for u in ats_used) or idle_seconds(main, a, b, state) < floor:
                continue
            if any(abs(a - wa) < 60 and abs(b - wb) < 60 for wa, wb in windows):
                continue
            windows.append((a, b))
            verb = "idle" if state == "idle" else "working"
            add(f"How long was {desc} {verb} between {fmt_time(a)} and {fmt_time(b)}?", a, b, at, state)
            made += 1
    cands = [float(t) for t in np.arange(60.0, dur, 1.0) if idle_seconds(main, 0.0, float(t)) >= 20.0]
    for at in _pick(cands, n_so_far, rng, min_gap=30.0, taken=ats_used):
        add(f"How long has {desc} been idle in total so far?", 0.0, at, at, "idle")
    return out


def _object_permanence(scn: Scenario, mem: _Memory, n: int, rng: np.random.Generator) -> list[dict[str, Any]]:
    dur = scn.duration_s
    labels = [o.label for o in scn.objects]
    targets = {o.label: o for o in scn.objects if labels.count(o.label) == 1 and o.label != "worker"}
    priority = (
        "ladder",
        "drill",
        "ladder",
        "brick_wall",
        "wheelbarrow",
        "pallet",
        "cone",
        "ladder",
        "drill",
        "hammer",
    )
    seq = [targets[lb] for lb in priority if lb in targets]
    while len(seq) < n and targets:
        seq += list(targets.values())
    plan = seq[:n]
    out: list[dict[str, Any]] = []
    used: list[float] = []
    lm = scn.facts["ladder_move"]
    for o in {x.id: x for x in plan}.values():
        count = sum(x.id == o.id for x in plan)
        cands_hidden: list[float] = []
        cands_any: list[float] = []
        for t in np.arange(30.0, dur - 1.0, 1.0):
            t = float(t)
            wh = o.where(t)
            if wh is None or o.state_at(t) in ("carried", "moving") or mem.speed[mem.k(t)] > 20.0:
                continue
            if mem.last_seen(o.id, t) is None or mem.changed_unseen(o, t):
                continue
            rel = mem.rel(wh[0], t)
            if _border_margin(rel) < BORDER_TOL_DEG:
                continue
            (cands_any if mem.seen[o.id][mem.k(t)] else cands_hidden).append(t)
        cands = cands_hidden if len(cands_hidden) >= count else cands_hidden + cands_any
        if o.label == "ladder" and lm["t1"] + 10 < dur:
            after = [t for t in cands if t > lm["t1"] + 10]
            before = [t for t in cands if t < lm["t0"]]
            picks = _pick(after, max(count - 1, 1), rng, 20.0, used) + _pick(before, 1, rng, 20.0, used)
        else:
            picks = _pick(cands, count, rng, 20.0, used)
        for at in picks:
            used.append(at)
            wh = o.where(at)
            assert wh is not None
            rel = mem.rel(wh[0], at)
            sec = sector_of(rel)
            noun = _NOUN.get(o.label, o.label)
            side = "right" if rel > 0 else "left"
            out.append(_record("object_permanence", f"Where is the {noun} now?", at,
                               f"{sec} (about {abs(rel):.0f} deg to your {side})", direction=sec,
                               bearing_rel_deg=round(rel, 2), entities=[o.id],
                               tolerance={"direction_border_deg": BORDER_TOL_DEG},
                               evidence={"bearing_deg": round(wrap180(wh[0]), 2),
                                         "heading_deg": round(mem.heading(at), 2),
                                         "in_view": bool(mem.seen[o.id][mem.k(at)])}))  # fmt: skip
    return out


def _direction_truth(
    scn: Scenario, mem: _Memory, at: float, centre: float
) -> tuple[set[str], set[str], list[str]]:
    required: set[str] = set()
    optional: set[str] = set()
    ids: list[str] = []
    for o in scn.objects:
        ls = mem.last_seen(o.id, at)
        if ls is None:
            continue
        now = o.where(at)
        if now is not None and not mem.changed_unseen(o, at):
            x = abs(wrap180(mem.rel(now[0], at) - centre))
            if x <= CONE_HALF_DEG - CONE_MARGIN_DEG:
                required.add(o.label)
                ids.append(o.id)
            elif x <= CONE_HALF_DEG + CONE_MARGIN_DEG:
                optional.add(o.label)
            continue
        if now is None and o.where(ls + 2.0) is None:
            continue  # seen leaving: the system knows it is gone
        places = [p for p in (o.where(ls), now) if p is not None]
        if any(abs(wrap180(mem.rel(p[0], at) - centre)) <= CONE_HALF_DEG + CONE_MARGIN_DEG for p in places):
            optional.add(o.label)
    return required, optional - required, ids


def _directional(scn: Scenario, mem: _Memory, n: int, rng: np.random.Generator) -> list[dict[str, Any]]:
    dur = scn.duration_s
    n_behind = max(1, (n + 1) // 2)
    n_left = (n - n_behind + 1) // 2
    n_right = n - n_behind - n_left
    plan = (("behind", 180.0, "What's behind me?", n_behind), ("left", -90.0, "What's on my left?", n_left),
            ("right", 90.0, "What's on my right?", n_right))  # fmt: skip
    out: list[dict[str, Any]] = []
    used: list[float] = []
    for name, centre, q, count in plan:
        cands = []
        for t in np.arange(20.0, dur - 1.0, 1.0):
            t = float(t)
            if mem.speed[mem.k(t)] > 15.0:
                continue
            req, _, _ = _direction_truth(scn, mem, t, centre)
            if req:
                cands.append(t)
        for at in _pick(cands, count, rng, 20.0, used):
            used.append(at)
            req, opt, ids = _direction_truth(scn, mem, at, centre)
            where = {"behind": "Behind you", "left": "On your left", "right": "On your right"}[name]
            out.append(_record("directional", q, at, f"{where}: {', '.join(sorted(req))}.",
                               entity_types=sorted(req), entity_types_optional=sorted(opt), entities=ids,
                               evidence={"heading_deg": round(mem.heading(at), 2), "cone_deg": [
                                   centre - CONE_HALF_DEG, centre + CONE_HALF_DEG]}))  # fmt: skip
    return out


def _return_time(scn: Scenario) -> float | None:
    """When the main worker first came back to the drill after dropping it (and leaving)."""
    f = scn.facts
    main = scn.obj(f["main_worker"])
    drop = f["drill_drop"]
    left = False
    for t in np.arange(drop["t"], scn.duration_s + 60.0, 0.25):
        wh = main.where(float(t))
        if wh is None:
            continue
        d = abs(wrap180(wh[0] - drop["bearing"]))
        if d > 25.0:
            left = True
        elif left and d <= 10.0 and abs(wh[1] - drop["dist"]) <= 1.0:
            return float(t)
    return None


def _temporal_reasoning(
    scn: Scenario, mem: _Memory, n: int, rng: np.random.Generator
) -> list[dict[str, Any]]:
    f, dur = scn.facts, scn.duration_s
    desc = f["main_worker_desc"]
    groups: list[list[dict[str, Any]]] = []
    drop = f["drill_drop"]["t"]
    lm = f["ladder_move"]

    def yn(q: str, at: float, ans: bool, **ev: Any) -> dict[str, Any]:
        return _record("temporal_reasoning", q, at, "Yes." if ans else "No.", yes_no=ans, evidence=ev or None)

    # did the worker return to where the drill was dropped?
    t_ret = _return_time(scn)
    q = f"Did {desc} return to where the drill was dropped?"
    g: list[dict[str, Any]] = []
    if drop + 20 < dur:
        no_c = [
            float(t) for t in np.arange(math.ceil(drop + 20), dur, 1.0) if t_ret is None or t < t_ret - 15
        ]
        yes_c = [] if t_ret is None else [float(t) for t in np.arange(math.ceil(t_ret + 10), dur, 1.0)]
        ev = {"drop_t": round(drop, 2), "return_t": None if t_ret is None else round(t_ret, 2)}
        nos = [(t, False) for t in _pick(no_c, 2, rng, 30.0)]
        yeses = [(t, True) for t in _pick(yes_c, 2, rng, 30.0)]
        picks = [p for pair in zip(nos + [None] * 2, yeses + [None] * 2, strict=False) for p in pair if p]
        g = [yn(q, t, a, **ev) for t, a in picks]
    groups.append(g)
    # ordering of two events
    g = []
    pairs: list[tuple[str, float, str, float]] = [
        ("the ladder moved", lm["t0"], "the drill was dropped", drop)
    ]
    if "first_brick" in f:
        pairs.append(("the first brick laid", f["first_brick"], "the ladder was moved", lm["t0"]))
    else:
        pairs.append(("the drill picked up", f["drill_pickup"]["t"], "the ladder was moved", lm["t0"]))
    for a_txt, ta, b_txt, tb in pairs:
        last = max(ta, tb)
        if last + 15 < dur:
            for at in _pick([float(t) for t in np.arange(math.ceil(last + 15), dur, 1.0)], 1, rng):
                g.append(yn(f"Was {a_txt} before {b_txt}?", at, ta < tb, t_a=round(ta, 2), t_b=round(tb, 2)))
    groups.append(g)
    # is the ladder still where it was at an earlier time?
    g = []
    ladder = scn.obj("ladder_1")
    refs = [
        float(t)
        for t in np.arange(20.0, lm["t0"] - 20.0, 1.0)
        if mem.last_seen(ladder.id, float(t)) is not None
    ]
    if refs:
        ref = float(round(_pick(refs, 1, rng)[0]))
        before = [float(t) for t in np.arange(ref + 20, lm["t0"] - 5, 1.0)]
        after = [float(t) for t in np.arange(math.ceil(lm["t1"] + 10), dur, 1.0)]
        for cands, ans in ((before, True), (after, False)):
            for at in _pick(cands, 1, rng):
                g.append(yn(f"Is the ladder still where it was at {fmt_time(ref)}?", at, ans, ref_t=ref,
                            moved_t=round(lm["t0"], 2)))  # fmt: skip
    groups.append(g)
    # has the worker without a hard hat left?
    g = []
    arrive, leave = f["ppe_arrive"], f["ppe_leave"]
    for cands, ans in (([float(t) for t in np.arange(math.ceil(arrive + 20), leave - 5, 1.0)], False),
                       ([float(t) for t in np.arange(math.ceil(leave + 15), dur, 1.0)], True)):  # fmt: skip
        for at in _pick(cands, 1, rng):
            g.append(yn("Has the worker without a hard hat left?", at, ans, arrive_t=round(arrive, 2),
                        leave_t=round(leave, 2)))  # fmt: skip
    groups.append(g)
    # round-robin over the groups, return-to-drill first
    out: list[dict[str, Any]] = []
    while len(out) < n and any(groups):
        for gr in groups:
            if gr and len(out) < n:
                out.append(gr.pop(0))
    return out


def _identity(scn: Scenario, mem: _Memory, n: int, rng: np.random.Generator) -> list[dict[str, Any]]:
    dur = scn.duration_s
    out: list[dict[str, Any]] = []
    used: list[float] = []

    def target_at(t: float, label: str) -> tuple[str, str] | None:
        """The one ``label`` thing fully in view at ``t`` whose sector no other ``label``
        shares, with its sector; None if ambiguous."""
        if mem.speed[mem.k(t)] > 20.0:
            return None
        ids = mem.visible_ids(t, label, well=True)
        loose = mem.visible_ids(t, label)
        if len(ids) != 1 and not (len(ids) == 2 and len(loose) == 2):
            return None
        if len(loose) > len(ids):
            return None
        secs = []
        for oid in ids:
            wh = scn.obj(oid).where(t)
            assert wh is not None
            rel = mem.rel(wh[0], t)
            secs.append((oid, sector_of(rel), _border_margin(rel)))
        if len(secs) == 2:
            if secs[0][1] == secs[1][1]:
                return None
            oid, sec, margin = secs[int(rng.integers(2))]
        else:
            oid, sec, margin = secs[0]
        if margin < BORDER_TOL_DEG or sec not in _PHRASE:
            return None
        return oid, sec

    ref_cache: dict[str, list[tuple[float, str]]] = {}

    def refs_for(label: str, before: float) -> list[tuple[float, str]]:
        """Whole seconds before ``before`` at which exactly one ``label`` thing was in view."""
        if label not in ref_cache:
            r = []
            for t in np.arange(5.0, dur, 1.0):
                t = float(t)
                ids = mem.visible_ids(t, label, well=True)
                if len(ids) == 1 and len(mem.visible_ids(t, label)) == 1 and mem.speed[mem.k(t)] < 30.0:
                    r.append((t, ids[0]))
            ref_cache[label] = r
        return [x for x in ref_cache[label] if x[0] < before]

    def make(label: str, count: int, want: Sequence[bool], noun: str,
             at_filter: Callable[[float], bool] = lambda t: True,
             ref_filter: Callable[[float], bool] = lambda t: True) -> None:  # fmt: skip
        """``count`` questions about ``label``, answers cycling through ``want`` where the
        history allows (a "no" needs the other look-alike seen alone earlier)."""
        targets = {}
        for t in np.arange(60.0, dur - 1.0, 1.0):
            tgt = target_at(float(t), label) if at_filter(float(t)) else None
            if tgt is not None:
                targets[float(t)] = tgt
        pool = _pick(list(targets), 4 * count, rng, 15.0, used)
        pool = [pool[int(i)] for i in rng.permutation(len(pool))]

        def refs(at_t: float, same: bool | None) -> list[tuple[float, str]]:
            oid = targets[at_t][0]
            return [(t, r) for t, r in refs_for(label, at_t - 30.0)
                    if ref_filter(t) and (same is None or (r == oid) == same)]  # fmt: skip

        for i in range(count):
            wanted = want[i % len(want)]
            choice = next(((t, refs(t, wanted)) for t in pool if t not in used and refs(t, wanted)), None)
            if choice is None:
                choice = next(((t, refs(t, None)) for t in pool if t not in used and refs(t, None)), None)
            if choice is None:
                return
            at_t, cands = choice
            if any(abs(at_t - u) < 15.0 for u in used):
                pool.remove(at_t)
                continue
            oid, sec = targets[at_t]
            ref_t, ref_id = cands[int(rng.integers(len(cands)))]
            same = ref_id == oid
            used.append(at_t)
            out.append(_record("identity", f"Is the {noun} {_PHRASE[sec]} the same one I saw at {fmt_time(ref_t)}?",
                               at_t, "Yes, the same one." if same else "No, a different one.", yes_no=same,
                               entities=[oid], evidence={"reference_t": ref_t, "reference_entity": ref_id,
                                                         "sector": sec}))  # fmt: skip

    n_tool = max(1, n - 3) if n >= 4 else n
    make("toolbox", n_tool, (False, True, False), "toolbox")
    lm = scn.facts["ladder_move"]
    if len(out) < n:
        make("worker", min(2, n - len(out)), (False, True), "worker")
    if len(out) < n and lm["t1"] + 10 < dur:
        make(
            "ladder",
            1,
            (True,),
            "ladder",
            at_filter=lambda t: t > lm["t1"] + 10,
            ref_filter=lambda t: t < lm["t0"],
        )
    if len(out) < n:
        make("toolbox", n - len(out), (True, False), "toolbox")
    return out


_MAKERS: dict[str, Callable[[Scenario, _Memory, int, np.random.Generator], list[dict[str, Any]]]] = {
    "temporal_retrieval": _temporal_retrieval,
    "productivity": _productivity,
    "object_permanence": _object_permanence,
    "directional": _directional,
    "temporal_reasoning": _temporal_reasoning,
    "identity": _identity,
}


def make_questions(
    scn: Scenario,
    traj: Trajectory,
    cam: CameraModel,
    *,
    camera_id: str = "hardhat-1",
    per_kind: int = 8,
    frames: Sequence[list[dict[str, Any]]] | None = None,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``(questions, answers)`` for ``scn`` seen through ``traj`` / ``cam``.

    ``questions``: the contract's QUESTIONS.json items ``{"id", "camera", "at", "question"}``
    sorted by ``at``; ``answers``: the same ids with ``kind``, the text ``answer`` and the
    typed truth (see the module docstring).  ``frames`` are the per-frame ground-truth
    detections (computed when not given).  Deterministic for the scenario's seed.
    """
    if frames is None:
        frames = []
        for k, t in enumerate(traj.t):
            objs = frame_objects(
                scn, float(t), float(traj.yaw[k]), float(traj.pitch[k]), float(traj.roll[k]), cam
            )
            frames.append(detections_for_frame(objs))
    mem = _Memory(scn, traj, frames)
    questions: list[dict[str, Any]] = []
    answers: list[dict[str, Any]] = []
    for kind in KINDS:
        rng = np.random.default_rng([scn.seed, sum(map(ord, scn.name)), KINDS.index(kind), 0x0A5C])
        recs = [r for r in _MAKERS[kind](scn, mem, per_kind, rng) if r["at"] <= scn.duration_s - 0.5]
        recs.sort(key=lambda r: r["at"])
        for i, r in enumerate(recs, 1):
            qid = f"{scn.name}-s{scn.seed}-{_ABBR[kind]}{i:02d}"
            questions.append({"id": qid, "camera": camera_id, "at": r["at"], "question": r["question"]})
            answers.append({"id": qid, **r})
    order = sorted(range(len(questions)), key=lambda i: (questions[i]["at"], questions[i]["id"]))
    return [questions[i] for i in order], [answers[i] for i in order]


# --- scoring -----------------------------------------------------------------------------------


def _norm_dir(d: Any) -> str | None:
    if not isinstance(d, str):
        return None
    return d.strip().lower().replace("_", "-").replace(" ", "-")


def _judge(truth: dict[str, Any], pred: dict[str, Any] | None) -> tuple[bool, str, float | None]:
    """``(correct, reason, relative duration error)`` for one question."""
    if pred is None:
        return False, "no answer", None
    if truth.get("time_range") is not None:
        p = pred.get("time")
        if not isinstance(p, int | float):
            return False, "no time", None
        lo, hi = truth["time_range"]
        tol = (truth.get("tolerance") or {}).get("time_s", TIME_TOL_S)
        ok = lo - tol <= float(p) <= hi + tol
        return ok, f"time {p} vs [{lo}, {hi}] +-{tol}", None
    if truth.get("duration_s") is not None:
        p = pred.get("duration_s")
        if not isinstance(p, int | float):
            return False, "no duration_s", None
        tv = float(truth["duration_s"])
        tol = truth.get("tolerance") or {}
        bound = max(
            tol.get("duration_rel", DURATION_REL_TOL) * tv, tol.get("duration_abs_s", DURATION_ABS_TOL_S)
        )
        err = abs(float(p) - tv)
        return err <= bound, f"duration {p} vs {tv} (+-{bound:.1f})", err / tv if tv > 0 else None
    if truth.get("direction") is not None:
        p = _norm_dir(pred.get("direction"))
        if p not in SECTORS:
            return False, f"no valid direction ({pred.get('direction')!r})", None
        t = truth["direction"]
        if p == t:
            return True, "exact sector", None
        rel = truth.get("bearing_rel_deg")
        tol = (truth.get("tolerance") or {}).get("direction_border_deg", BORDER_TOL_DEG)
        if rel is not None:
            i, j = SECTORS.index(p), SECTORS.index(t)
            adjacent = (i - j) % 8 in (1, 7)
            # the border between the two sectors, and how far the truth is from it
            border = 45.0 * j + (22.5 if (i - j) % 8 == 1 else -22.5)
            if adjacent and abs(wrap180(float(rel) - border)) <= tol:
                return True, "adjacent sector, truth near the border", None
        return False, f"direction {p} vs {t}", None
    if truth.get("yes_no") is not None:
        p = pred.get("yes_no")
        if not isinstance(p, bool):
            return False, "no yes_no", None
        return p == truth["yes_no"], f"yes_no {p} vs {truth['yes_no']}", None
    if truth.get("entity_types") is not None:
        p = pred.get("entity_types")
        if not isinstance(p, list):
            return False, "no entity_types", None
        got = {str(x).strip().lower() for x in p}
        req = set(truth["entity_types"])
        opt = set(truth.get("entity_types_optional") or [])
        missing, extra = req - got, got - req - opt
        ok = not missing and not extra
        return ok, f"missing {sorted(missing)} extra {sorted(extra)}", None
    return False, "truth has no typed field", None


def score_answers(run_answers: Any, truth_answers: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Score a RUN.json (or its ``answers`` list) against the ground-truth answers.

    Returns ``{"per_kind": {kind: {"n", "correct", "accuracy"}}, "overall": {...},
    "productivity_rel_error": {"mean", "max"}, "details": [{"id", "kind", "correct",
    "reason"}]}``; accuracy is None for a kind with no questions.
    """
    preds_list = run_answers.get("answers", []) if isinstance(run_answers, dict) else list(run_answers)
    preds = {str(a.get("id")): a for a in preds_list if isinstance(a, dict)}
    per: dict[str, dict[str, Any]] = {k: {"n": 0, "correct": 0} for k in KINDS}
    details = []
    rel_errs: list[float] = []
    for t in truth_answers:
        ok, reason, rel = _judge(t, preds.get(t["id"]))
        kind = t.get("kind", "unknown")
        slot = per.setdefault(kind, {"n": 0, "correct": 0})
        slot["n"] += 1
        slot["correct"] += int(ok)
        if rel is not None:
            rel_errs.append(rel)
        details.append({"id": t["id"], "kind": kind, "correct": ok, "reason": reason})
    for slot in per.values():
        slot["accuracy"] = slot["correct"] / slot["n"] if slot["n"] else None
    n = sum(s["n"] for s in per.values())
    c = sum(s["correct"] for s in per.values())
    return {
        "per_kind": per,
        "overall": {"n": n, "correct": c, "accuracy": c / n if n else None},
        "productivity_rel_error": {
            "mean": float(np.mean(rel_errs)) if rel_errs else None,
            "max": float(np.max(rel_errs)) if rel_errs else None,
        },
        "details": details,
    }


def main(argv: list[str] | None = None) -> int:
    """``python -m spotter.synth.questions RUN.json ANSWERS.json``: per-kind accuracy."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m spotter.synth.questions RUN.json ANSWERS.json", file=sys.stderr)
        return 2
    run = json.loads(Path(args[0]).read_text())
    truth = json.loads(Path(args[1]).read_text())
    res = score_answers(run, truth)
    print(json.dumps({k: v for k, v in res.items() if k != "details"}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
