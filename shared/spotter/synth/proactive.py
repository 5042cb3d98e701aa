"""The proactive scenario suite: true alert windows per category, and an EgoServe-style scorer.

True services come from a scenario's script (`spotter.synth.scenario.build_scenario`),
never from what the pipeline saw. Each is a category plus a window ``[t0, t1]`` of
media time in which an alert of that category is the right thing to say. The rules,
with the suite's parameters (`SuiteParams`):

``ppe_violation``
    A worker without a hard hat is on site: one service per such worker, the window
    from the first moment it is present to the last (its whole stay).
``exclusion_zone``
    With the default site rules (zones anchored on excavations) these scenarios have none.
    With ``SuiteParams.site_zone`` a site configures one: a world bearing range of
    ``2 * zone_half_width_deg`` centred on the spot the main worker walks to on his
    "visit" excursion (`Scenario.facts["visit_spot"]`), for people (label ``worker``).
    One service per continuous stay of a worker's true bearing inside it (sampled at
    `SAMPLE_S`), window = entering .. leaving.
``left_behind``
    A hand tool (`SuiteParams.tool_labels`) is dropped and not picked up again: once it
    has been out of the wearer's view with no worker within ``near_deg`` of it for
    ``left_behind_timeout_s`` (the wearer moved on), for ``left_behind_grace_s``.
``idle``
    A worker idle (script state) for at least ``idle_threshold_s``: window from the
    moment the idle run reaches the threshold to its end (clipped to the duration).
``progress``
    Scenarios with a brick wall: the first brick, and each ``stage_every``-th value of the
    wall's ``courses`` attribute (it counts started courses here: course 3 begun at brick 17).
    The window opens at that brick and closes ``progress_grace_s``
    after the wall is first in the wearer's view from then on (no one can report what
    the camera has not seen; the view is the generator's truth heading).
``memory_recall``
    A thing moved or taken unseen whose place the wearer looks at again. The two scenarios
    have none, so the category only counts against false alerts.
``safety_alert``
    Hazards (fire, smoke, spills) are not scripted in these scenarios: no services.

Scoring (`score_alerts`), after EgoServe: a predicted alert matches a true service of
the same category whose window widened by ``delta_s`` on both sides contains the
prediction's ``t``; each true service matches at most once and each prediction at
most once (greedy in time order, each prediction taking the open window that closes
first, which maximises the matches for point-in-interval matching). Per category:
precision, recall and F1; the macro F1 averages the categories that have true
services or predictions; false alerts per minute = unmatched predictions over the
duration. The silent baseline (`silent_baseline`: never alerts) scores F1 0 on every
category that has services.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from .scenario import Scenario, WorldObject, wrap180

CATEGORIES = (
    "safety_alert",
    "ppe_violation",
    "exclusion_zone",
    "left_behind",
    "idle",
    "progress",
    "memory_recall",
)
SAMPLE_S = 0.2
"""Time step for sampling the script (zone stays, tool attendance)."""


@dataclass(frozen=True)
class SuiteParams:
    """The site configuration of the suite (the reasoner is configured with the same values)."""

    idle_threshold_s: float = 60.0
    left_behind_timeout_s: float = 30.0
    left_behind_grace_s: float = 40.0
    near_deg: float = 12.0
    zone_half_width_deg: float = 15.0
    tool_labels: tuple[str, ...] = ("drill", "hammer", "saw", "grinder", "wrench")
    person_labels: tuple[str, ...] = ("worker",)
    progress_grace_s: float = 20.0
    bricks_per_course: int = 8
    stage_every: int = 3
    site_zone: bool = False
    """Configure a bearing-range zone on the main worker's visit spot (a site rule; off by default)."""
    min_stay_s: float = 1.0
    delta_s: float = 10.0


CONFIGURED_SITE = SuiteParams(idle_threshold_s=20.0, site_zone=True)
"""A site that set its own rules (a 20 s idle threshold, a zone on the visit spot): the pipeline tests
use it to see every rule at work; the benches report the defaults."""


@dataclass(frozen=True)
class TrueService:
    """One service that should be given: `category` anywhere in `[t0, t1]`."""

    category: str
    t0: float
    t1: float
    subject: str = ""
    note: str = ""


@dataclass(frozen=True)
class Zone:
    """A world bearing range, clockwise from `from_deg` to `to_deg` (degrees, wrapped)."""

    from_deg: float
    to_deg: float

    def contains(self, bearing: float) -> bool:
        span = (self.to_deg - self.from_deg) % 360.0
        return (bearing - self.from_deg) % 360.0 <= span


def exclusion_zone(scn: Scenario, params: SuiteParams = SuiteParams()) -> Zone:
    """The suite's exclusion zone for `scn`: centred on the main worker's visit spot."""
    b = float(scn.facts["visit_spot"]["bearing"])
    return Zone(
        round(wrap180(b - params.zone_half_width_deg), 2), round(wrap180(b + params.zone_half_width_deg), 2)
    )


def reasoner_overrides(scn: Scenario, params: SuiteParams = SuiteParams()) -> dict[str, Any]:
    """`ReasonerSettings` fields that configure the reasoner as the suite's site: the site rules where they
    differ from the defaults (none with the default `SuiteParams`)."""
    rules: dict[str, Any] = {}
    defaults = SuiteParams()
    if params.idle_threshold_s != defaults.idle_threshold_s:
        rules["idle"] = {"threshold_s": params.idle_threshold_s}
    if (params.left_behind_timeout_s, params.near_deg) != (defaults.left_behind_timeout_s, defaults.near_deg):
        rules["left_behind"] = {"timeout_s": params.left_behind_timeout_s, "near_deg": params.near_deg}
    if params.site_zone and "visit_spot" in scn.facts:
        z = exclusion_zone(scn, params)
        rules["exclusion_zone"] = {
            "zones": [{"from_deg": z.from_deg, "to_deg": z.to_deg, "labels": list(params.person_labels)}]
        }
    return {"rules": rules} if rules else {}


def _runs(flags: Sequence[bool], dt: float, min_s: float) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    start: int | None = None
    for i, f in enumerate([*flags, False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            if (i - start) * dt >= min_s:
                out.append((start * dt, (i - 1) * dt))
            start = None
    return out


def _state_runs(obj: WorldObject, state: str) -> list[tuple[float, float]]:
    runs: list[list[float]] = []
    for s in obj.spans:
        if s.state != state:
            continue
        if runs and abs(runs[-1][1] - s.t0) < 1e-6:
            runs[-1][1] = s.t1
        else:
            runs.append([s.t0, s.t1])
    return [(a, b) for a, b in runs]


def _first_in_view(
    bearing: float, t_from: float, yaw: Sequence[float] | None, fps: float, hfov_deg: float, margin_deg: float
) -> float | None:
    if yaw is None:
        return t_from
    half = hfov_deg / 2.0 - margin_deg
    for i in range(max(0, int(math.ceil(t_from * fps))), len(yaw)):
        if abs(wrap180(bearing - float(yaw[i]))) <= half:
            return i / fps
    return None


def true_services(
    scn: Scenario,
    params: SuiteParams = SuiteParams(),
    *,
    yaw: Sequence[float] | None = None,
    fps: float = 15.0,
    hfov_deg: float = 90.0,
) -> list[TrueService]:
    """The scenario's true services (module docstring); `yaw` = the truth heading per frame at `fps`."""
    dur = scn.duration_s
    n = int(dur / SAMPLE_S) + 1
    times = [i * SAMPLE_S for i in range(n)]
    out: list[TrueService] = []
    people = [o for o in scn.objects if o.label in params.person_labels]

    for o in people:  # ppe_violation
        if o.hardhat is None:
            present = [s for s in o.spans if s.t0 < dur]
            if present:
                t0 = min(s.t0 for s in present)
                t1 = min(dur, max(s.t1 for s in present))
                out.append(TrueService("ppe_violation", t0, t1, o.id, "worker without a hard hat on site"))

    if params.site_zone and "visit_spot" in scn.facts:  # exclusion_zone (a configured zone only)
        zone = exclusion_zone(scn, params)
        for o in people:
            flags = []
            for t in times:
                w = o.where(t)
                flags.append(w is not None and zone.contains(wrap180(w[0])))
            for t0, t1 in _runs(flags, SAMPLE_S, params.min_stay_s):
                out.append(
                    TrueService("exclusion_zone", t0, t1, o.id, f"in zone {zone.from_deg}..{zone.to_deg}")
                )

    for e in scn.events:  # left_behind
        if e["kind"] != "dropped" or e["label"] not in params.tool_labels or e["t"] >= dur:
            continue
        tool = scn.obj(e["object_id"])
        t_drop = float(e["t"])
        picked = [
            float(p["t"]) for p in scn.events
            if p["kind"] == "picked_up" and p["object_id"] == tool.id and p["t"] > t_drop
        ]  # fmt: skip
        t_pick = min(picked) if picked else math.inf
        t_out: float | None = None  # out of the wearer's view, with nobody near it, since then
        t_due: float | None = None
        for t in times:
            if t < t_drop or t >= t_pick:
                continue
            tw = tool.where(t)
            if tw is None:
                break
            near = any((pw := p.where(t)) is not None and abs(wrap180(pw[0] - tw[0])) <= params.near_deg
                       for p in people)  # fmt: skip
            in_sight = yaw is not None and abs(wrap180(tw[0] - float(yaw[min(len(yaw) - 1, int(t * fps))]))) <= hfov_deg / 2
            if near or in_sight:
                t_out = None
                continue
            t_out = t if t_out is None else t_out
            if t - t_out >= params.left_behind_timeout_s:
                t_due = t
                break
        if t_due is None or t_due >= min(t_pick, dur):
            continue
        t0 = t_due
        out.append(TrueService("left_behind", t0, min(dur, t0 + params.left_behind_grace_s), tool.id,
                               "tool dropped and left unattended"))  # fmt: skip

    for o in people:  # idle
        for a, b in _state_runs(o, "idle"):
            b = min(b, dur)
            if b - a >= params.idle_threshold_s:
                out.append(TrueService("idle", a + params.idle_threshold_s, b, o.id, f"idle since {a:.1f}"))

    if scn.brick_times:  # progress
        wall = next(o for o in scn.objects if o.label == "brick_wall")
        bearing = wrap180(wall.spans[0].bearing0)
        # the first brick, and each multiple of `stage_every` of the wall's `courses` (courses begun here)
        steps = [(0, "first brick")] + [
            (k, f"course {k // params.bricks_per_course + 1} begun")
            for k in range(0, len(scn.brick_times), params.bricks_per_course)
            if k and (k // params.bricks_per_course + 1) % params.stage_every == 0
        ]
        for k, note in steps:
            t = scn.brick_times[k]
            if t >= dur:
                break
            seen = _first_in_view(bearing, t, yaw, fps, hfov_deg, 5.0)
            if seen is None or seen >= dur:
                continue
            out.append(TrueService("progress", t, min(dur, seen + params.progress_grace_s), wall.id, note))

    # memory_recall: a thing moved or taken unseen, its place looked at again. These scenarios move
    # nothing unseen, so the category only counts against false alerts (a thing merely coming back
    # into view is not a recall).
    out.sort(key=lambda s: (s.t0, s.category, s.subject))
    return out


# --- scoring ------------------------------------------------------------------------------------


@dataclass
class CategoryScore:
    n_true: int = 0
    n_pred: int = 0
    tp: int = 0
    precision: float | None = None
    recall: float | None = None
    f1: float | None = None


@dataclass
class AlertScore:
    per_category: dict[str, CategoryScore]
    macro_f1: float | None
    false_alerts: int
    false_alerts_per_min: float
    matches: list[dict[str, Any]] = field(default_factory=list)
    missed: list[dict[str, Any]] = field(default_factory=list)
    false: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _pred_fields(p: Any) -> tuple[float, str]:
    if isinstance(p, Mapping):
        return float(p["t"]), str(p["category"])
    return float(p.t), str(p.category)


def score_alerts(
    predictions: Iterable[Any], truth: Sequence[TrueService], delta_s: float, duration_s: float
) -> AlertScore:
    """EgoServe-style matching and scores (module docstring). Predictions: mappings or objects
    with `t` and `category` (RUN.json alerts, `Alert`s)."""
    preds = sorted((_pred_fields(p) + (i,) for i, p in enumerate(predictions)), key=lambda x: (x[0], x[2]))
    cats = sorted(
        {c for _, c, _ in preds} | {s.category for s in truth}, key=lambda c: (c not in CATEGORIES, c)
    )
    per: dict[str, CategoryScore] = {}
    matched_truth: set[int] = set()
    result = AlertScore({}, None, 0, 0.0)
    for cat in cats:
        mine = [(j, s) for j, s in enumerate(truth) if s.category == cat]
        cs = CategoryScore(n_true=len(mine))
        for t, c, i in preds:
            if c != cat:
                continue
            cs.n_pred += 1
            open_ = [
                (s.t1, j) for j, s in mine if j not in matched_truth and s.t0 - delta_s <= t <= s.t1 + delta_s
            ]
            if open_:
                _, j = min(open_)
                matched_truth.add(j)
                cs.tp += 1
                result.matches.append({"t": t, "category": c, "prediction": i, "truth": asdict(truth[j])})
            else:
                result.false.append({"t": t, "category": c, "prediction": i})
        cs.precision = cs.tp / cs.n_pred if cs.n_pred else (None if not cs.n_true else 0.0)
        cs.recall = cs.tp / cs.n_true if cs.n_true else None
        p, r = cs.precision or 0.0, cs.recall or 0.0
        cs.f1 = 2 * p * r / (p + r) if p + r > 0 else 0.0
        per[cat] = cs
    result.missed = [asdict(s) for j, s in enumerate(truth) if j not in matched_truth]
    result.per_category = per
    scored = [cs.f1 for cs in per.values() if cs.n_true or cs.n_pred]
    result.macro_f1 = sum(f for f in scored if f is not None) / len(scored) if scored else None
    result.false_alerts = len(result.false)
    result.false_alerts_per_min = result.false_alerts / (duration_s / 60.0) if duration_s > 0 else 0.0
    return result


def silent_baseline(_truth: Sequence[TrueService] = ()) -> list[dict[str, Any]]:
    """The assistant that never speaks: no alerts (F1 0 wherever there is something to say)."""
    return []
