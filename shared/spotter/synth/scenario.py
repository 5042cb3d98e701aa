"""Scripted construction-site scenarios: world objects around a wearer who stays in place
and turns the head, rendered over the procedural panorama with ground truth for everything.

World model
    The wearer stands at the origin, camera ``H_CAM`` metres above the ground.  Every
    object stands on the ground at a world-fixed bearing (degrees, same sign as heading:
    positive = clockwise seen from above, the heading track starts at 0) and a ground
    distance (metres).  Objects are flat billboards facing the wearer (sprites from
    :mod:`spotter.synth.sprites`) whose four corners are projected with the same pinhole
    model and rotation convention as :class:`~spotter.synth.render.ViewRenderer`, so a
    thing at bearing ``b`` seen at heading ``h`` is at ``x = W/2 + f*tan(b - h)``.

Timeline
    Each :class:`WorldObject` has :class:`Span` s: intervals in which it is present, with
    a bearing / distance that is constant or moves linearly (walking, being carried), a
    state (``idle``/``active``/``moving``/``carried``/``on_ground``/``static``) and a
    worker pose.  The brick wall grows brick by brick while the bricklayer is active.
    ``Scenario.watches`` are the intervals the wearer must be looking at something
    (every state change of the main worker, every walk, the ladder's move, the arrival of
    the worker without a hard hat) or away (minutes facing another area); the head
    motion is built around them with the min-jerk machinery of
    :mod:`spotter.synth.trajectory`, filling the rest with work-watching, glances at
    things, look-backs and full scans.

Ground truth
    :func:`frame_objects` projects everything at one frame; :func:`detections_for_frame`
    turns that into contract detections (``bbox`` in pixel-edge coordinates,
    ``[0, W] x [0, H]``, clipped to the frame; ``track_id`` = world object id;
    attributes ``state``, ``hardhat``/``vest`` for workers, ``bricks``/``courses`` for the
    wall, ``truncated`` and ``visible_frac`` when clipped, ``occluded`` when nearer boxes
    cover part of the box).  A thing is listed when at least 10 % of its box is inside
    the frame and less than 80 % of it is covered by nearer things' boxes.

Entry point: :func:`generate_scenario` (cached by a parameter hash like
:func:`spotter.synth.video.generate`); :func:`build_scenario` and
:func:`scenario_trajectory` give the script without rendering anything.
"""

from __future__ import annotations

import bisect
import copy
import json
import math
import os
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from .degrade import Degradation, _NoiseBank, apply_degradations, plan_degradations
from .panorama import make_panorama
from .render import ViewRenderer, focal_px, rotation_matrix
from .sprites import BRICKS_PER_COURSE, Sprite, make_sprite, scaled, wall_sprite
from .trajectory import (
    JITTER_DEG,
    PITCH_AMP,
    ROLL_AMP,
    Motion,
    Trajectory,
    _Builder,
    _eval_sines,
    _norm_peak,
    _norm_std,
    _sines,
)
from .video import GENERATOR_VERSION, _cache_key, _Sink, write_truth

__all__ = [
    "SCENARIO_VERSION",
    "SCENARIOS",
    "H_CAM",
    "FOREVER",
    "Span",
    "WorldObject",
    "Watch",
    "Scenario",
    "CameraModel",
    "Projected",
    "ScenarioRun",
    "build_scenario",
    "scenario_trajectory",
    "frame_objects",
    "detections_for_frame",
    "ScenarioRenderer",
    "view_events",
    "generate_scenario",
    "wrap180",
]

# Bump whenever the output for the same parameters would change (layouts, programs, head
# plan, sprites, ground-truth rules, questions): it is part of the cache key.
SCENARIO_VERSION = "2"
H_CAM = 1.7  # camera height above the ground (m)
FOREVER = 1e9  # span end of things that stay until the end
MIN_VISIBLE_FRAC = 0.10  # a detection needs this share of its box inside the frame
MAX_OCCLUDED = 0.80  # ... and at most this share covered by nearer things


def wrap180(a: float) -> float:
    """Angle wrapped to (-180, 180]."""
    r = math.fmod(a, 360.0)
    if r <= -180.0:
        r += 360.0
    elif r > 180.0:
        r -= 360.0
    return r


# --- world model -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Span:
    """One interval of an object's presence.  Bearing and distance move linearly from
    ``*0`` to ``*1`` over ``[t0, t1)`` (bearings unwrapped: 100 -> 240 passes behind)."""

    t0: float
    t1: float
    bearing0: float
    bearing1: float
    dist0: float
    dist1: float
    state: str = "static"
    pose: str = "idle"
    z: float = 0.0  # height of the billboard's bottom above the ground (carried things)

    def where(self, t: float) -> tuple[float, float]:
        if self.t1 >= FOREVER or self.t1 <= self.t0:
            tau = 0.0
        else:
            tau = min(max((t - self.t0) / (self.t1 - self.t0), 0.0), 1.0)
        return (
            self.bearing0 + (self.bearing1 - self.bearing0) * tau,
            self.dist0 + (self.dist1 - self.dist0) * tau,
        )


@dataclass
class WorldObject:
    """A thing in the world: ``id`` is its ground-truth identity (the detections'
    ``track_id``), ``label`` its contract label."""

    id: str
    label: str
    spans: list[Span] = field(default_factory=list)
    vest: str | None = None
    hardhat: str | None = None  # hard hat colour, None = no hard hat (workers only)
    skin: int = 0
    _starts_key: tuple[int, int] = field(default=(0, -1), repr=False, compare=False)
    _starts_cache: list[float] = field(default_factory=list, repr=False, compare=False)

    def span_at(self, t: float) -> Span | None:
        spans = self.spans
        if len(spans) > 6:
            i = bisect.bisect_right(self._starts(), t) - 1
            if i >= 0 and spans[i].t0 <= t < spans[i].t1:
                return spans[i]
            return None
        for s in spans:
            if s.t0 <= t < s.t1:
                return s
        return None

    def _starts(self) -> list[float]:
        key = (id(self.spans), len(self.spans))
        if self._starts_key != key:
            self._starts_cache = [s.t0 for s in self.spans]
            self._starts_key = key
        return self._starts_cache

    def where(self, t: float) -> tuple[float, float] | None:
        """``(bearing, distance)`` at ``t``, or None when absent."""
        s = self.span_at(t)
        return None if s is None else s.where(t)

    def state_at(self, t: float) -> str | None:
        s = self.span_at(t)
        return None if s is None else s.state

    def static_attributes(self) -> dict[str, Any]:
        if self.label == "worker":
            return {"hardhat": self.hardhat is not None, "vest": self.vest or "none"}
        return {}

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "label": self.label,
            "attributes": {
                **self.static_attributes(),
                **({"hardhat_colour": self.hardhat} if self.hardhat else {}),
            },
            "spans": [
                {
                    "t0": round(s.t0, 3),
                    "t1": None if s.t1 >= FOREVER else round(s.t1, 3),
                    "bearing0": round(s.bearing0, 2),
                    "bearing1": round(s.bearing1, 2),
                    "dist0": round(s.dist0, 3),
                    "dist1": round(s.dist1, 3),
                    "state": s.state,
                    **({"z": round(s.z, 3)} if s.z else {}),
                }
                for s in self.spans
            ],
        }


@dataclass(frozen=True)
class Watch:
    """An interval the head plan must honour: look at ``object_id`` (tracking it), or
    stay turned towards ``bearing`` (``away``: minutes facing another area)."""

    t0: float
    t1: float
    object_id: str | None = None
    bearing: float = 0.0
    kind: str = "track"  # track | away


@dataclass
class Scenario:
    """A scripted scenario: objects with timelines, script events, facts for questions."""

    name: str
    seed: int
    duration_s: float
    objects: list[WorldObject]
    events: list[dict[str, Any]]
    watches: list[Watch]
    facts: dict[str, Any]
    brick_times: list[float] = field(default_factory=list)
    away_bearings: tuple[float, ...] = ()

    def obj(self, object_id: str) -> WorldObject:
        for o in self.objects:
            if o.id == object_id:
                return o
        raise KeyError(object_id)

    def bricks_at(self, t: float) -> int:
        return bisect.bisect_right(self.brick_times, t)


# --- timeline helpers --------------------------------------------------------------------------


class _Actor:
    """Appends spans one after the other for a thing that stays, walks, works."""

    def __init__(self, obj: WorldObject, t: float, bearing: float, dist: float) -> None:
        self.obj, self.t, self.b, self.d = obj, float(t), float(bearing), float(dist)

    def stay(self, dur: float, state: str, pose: str = "idle") -> tuple[float, float]:
        t0 = self.t
        self.obj.spans.append(Span(t0, t0 + dur, self.b, self.b, self.d, self.d, state, pose))
        self.t += dur
        return t0, self.t

    def walk(
        self, bearing: float, dist: float, speed: float = 1.1, pose: str = "walk", min_s: float = 2.0
    ) -> tuple[float, float]:
        """Walk (shortest way round) to ``(bearing, dist)``; returns the walk's interval."""
        b1 = self.b + wrap180(bearing - self.b)
        arc = 0.5 * (self.d + dist) * math.radians(abs(b1 - self.b))
        dur = max(min_s, math.hypot(arc, dist - self.d) / speed)
        t0 = self.t
        self.obj.spans.append(Span(t0, t0 + dur, self.b, b1, self.d, dist, "moving", pose))
        self.t, self.b, self.d = t0 + dur, b1, dist
        return t0, self.t

    def walk_via(self, bearing_unwrapped: float, dist: float, speed: float, pose: str) -> tuple[float, float]:
        """Walk to an explicitly unwrapped bearing (to choose the way round)."""
        arc = 0.5 * (self.d + dist) * math.radians(abs(bearing_unwrapped - self.b))
        dur = max(2.0, math.hypot(arc, dist - self.d) / speed)
        t0 = self.t
        self.obj.spans.append(Span(t0, t0 + dur, self.b, bearing_unwrapped, self.d, dist, "moving", pose))
        self.t, self.b, self.d = t0 + dur, bearing_unwrapped, dist
        return t0, self.t


def _static(obj_id: str, label: str, bearing: float, dist: float, t0: float = 0.0) -> WorldObject:
    return WorldObject(obj_id, label, [Span(t0, FOREVER, bearing, bearing, dist, dist, _rest_state(label))])


def _rest_state(label: str) -> str:
    return "on_ground" if label in ("drill", "hammer", "ladder", "toolbox") else "static"


def _attach(
    carrier: WorldObject, t0: float, t1: float, lateral_m: float, ddist: float, z: float
) -> list[Span]:
    """Spans of a thing carried by ``carrier`` over ``[t0, t1)``: held ``lateral_m`` to the
    carrier's side (+ = the viewer's right), ``ddist`` nearer (-) or farther (+)."""
    out = []
    for s in carrier.spans:
        a, b = max(s.t0, t0), min(s.t1, t1)
        if b <= a:
            continue
        (ba, da), (bb, db) = s.where(a), s.where(b)
        da2, db2 = da + ddist, db + ddist
        oa = math.degrees(math.atan2(lateral_m, da2))
        ob = math.degrees(math.atan2(lateral_m, db2))
        out.append(Span(a, b, ba + oa, bb + ob, da2, db2, "carried", "idle", z))
    return out


def _state_events(events: list[dict[str, Any]], worker: WorldObject) -> None:
    """``idle`` / ``active`` / ``moving`` events at each change of a worker's state, with
    the duration of the run of that state."""
    runs: list[list[Any]] = []  # [state, t0, t1, bearing]
    for s in worker.spans:
        if runs and runs[-1][0] == s.state and abs(runs[-1][2] - s.t0) < 1e-6:
            runs[-1][2] = s.t1
        else:
            runs.append([s.state, s.t0, s.t1, s.bearing0])
    for state, t0, t1, b in runs:
        _ev(events, t0, state, worker, b, duration_s=round(t1 - t0, 3))


def _ev(
    events: list[dict[str, Any]], t: float, kind: str, obj: WorldObject, bearing: float | None, **detail: Any
) -> None:
    events.append(
        {
            "t": round(float(t), 3),
            "kind": kind,
            "object_id": obj.id,
            "label": obj.label,
            "bearing_deg": None if bearing is None else round(wrap180(bearing), 2),
            "detail": detail,
            "source": "script",
        }
    )


# --- the scenarios -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Layout:
    name: str
    duration_s: float
    main_vest: str
    main_hat: str
    main_skin: int
    ppe_vest: str
    home: tuple[float, float]
    drill: tuple[float, float]
    drop_spot: float  # bearing the worker carries the drill to
    visit_spot: float  # bearing of an unrelated walk (the worker does NOT go to the drill)
    ladder_from: float
    ladder_to_unwrapped: float  # the way round is part of the script
    ppe_entry: float
    toolboxes: tuple[float, float]
    props: tuple[tuple[str, str, float, float], ...]  # (id, label, bearing, distance)
    away: tuple[float, float]
    wall: tuple[float, float] | None = None  # bricklaying: the wall grows while active


_LAYOUTS = {
    "bricklaying": _Layout(
        name="bricklaying",
        duration_s=840.0,
        main_vest="orange",
        main_hat="white",
        main_skin=0,
        ppe_vest="yellow",
        home=(-8.0, 4.5),
        drill=(-24.0, 4.2),
        drop_spot=68.0,
        visit_spot=-60.0,
        ladder_from=100.0,
        ladder_to_unwrapped=242.0,  # 100 -> 242 (= -118) the long way, through behind
        ppe_entry=126.0,
        toolboxes=(148.0, -147.0),  # 65 deg apart: both in view when facing behind
        props=(
            ("pallet_1", "pallet", 42.0, 5.5),
            ("cone_1", "cone", -45.0, 6.0),
            ("hammer_1", "hammer", 161.0, 4.2),
            ("wheelbarrow_1", "wheelbarrow", -88.0, 5.5),
        ),
        away=(165.0, -100.0),
        wall=(14.0, 5.0),
    ),
    "ladder_and_tools": _Layout(
        name="ladder_and_tools",
        duration_s=840.0,
        main_vest="yellow",
        main_hat="yellow",
        main_skin=1,
        ppe_vest="orange",
        home=(6.0, 4.5),
        drill=(22.0, 4.2),
        drop_spot=-66.0,
        visit_spot=48.0,
        ladder_from=-42.0,
        ladder_to_unwrapped=-222.0,  # -42 -> -222 (= 138) through left and behind
        ppe_entry=-25.0,
        toolboxes=(100.0, -140.0),  # 120 deg apart: never in view together
        props=(
            ("cone_1", "cone", 64.0, 6.0),
            ("wheelbarrow_1", "wheelbarrow", 172.0, 5.5),
            ("pallet_1", "pallet", -100.0, 5.5),
            ("hammer_1", "hammer", -127.0, 4.2),
        ),
        away=(112.0, -122.0),
    ),
}

SCENARIOS = tuple(_LAYOUTS)


def _build(layout: _Layout, seed: int, duration_s: float) -> Scenario:
    ss = np.random.SeedSequence([int(seed), sum(map(ord, layout.name)), 0x5CE7])
    r_lay, r_prog = (np.random.default_rng(s) for s in ss.spawn(2))

    def j(a: float, spread: float = 4.0) -> float:
        return float(a + r_lay.uniform(-spread, spread))

    events: list[dict[str, Any]] = []
    objects: list[WorldObject] = []
    watches: list[Watch] = []
    facts: dict[str, Any] = {"home_bearing": layout.home[0]}
    end = float(duration_s) + 5.0

    home_b, home_d = j(layout.home[0], 3.0), layout.home[1]
    drill_b = j(layout.drill[0], 3.0)
    drop_b, visit_b = j(layout.drop_spot), j(layout.visit_spot)
    lad_a = j(layout.ladder_from)
    lad_b = lad_a + (layout.ladder_to_unwrapped - layout.ladder_from) + float(r_lay.uniform(-4, 4))
    tb = (j(layout.toolboxes[0], 3.0), j(layout.toolboxes[1], 3.0))

    main = WorldObject(
        "worker_1", "worker", vest=layout.main_vest, hardhat=layout.main_hat, skin=layout.main_skin
    )
    ppe = WorldObject("worker_2", "worker", vest=layout.ppe_vest, hardhat=None, skin=2)
    drill = WorldObject("drill_1", "drill")
    ladder = WorldObject("ladder_1", "ladder")
    objects += [main, ppe, drill, ladder]
    objects += [_static("toolbox_1", "toolbox", tb[0], 4.5), _static("toolbox_2", "toolbox", tb[1], 4.5)]
    for oid, label, b, d in layout.props:
        objects.append(_static(oid, label, j(b, 3.0), d))
    wall: WorldObject | None = None
    if layout.wall is not None:
        wall = WorldObject("brick_wall_1", "brick_wall")
        objects.append(wall)
    facts["main_worker"] = main.id
    facts["main_worker_desc"] = f"the worker in the {layout.main_vest} vest"
    facts["ppe_worker"] = ppe.id

    # --- the main worker's program ---
    w = _Actor(main, 0.0, home_b, home_d)
    active_home: list[tuple[float, float]] = []  # active spells at the home spot (bricks)
    transitions: list[float] = []
    last_state: list[str] = ["idle"]

    def spell(state: str, lo: float, hi: float) -> tuple[float, float]:
        dur = float(r_prog.uniform(lo, hi))
        t0, t1 = w.stay(dur, state, "active" if state == "active" else "idle")
        if t0 > 0:
            transitions.append(t0)
        if state == "active":
            active_home.append((t0, t1))
        last_state[0] = state
        return t0, t1

    def excursion(label: str) -> tuple[float, float]:
        """Walk somewhere, work there, walk back; fully watched.  Returns the interval."""
        t_start = w.t
        if label == "drill":
            w.walk(drill_b - 4.0, home_d, min_s=2.0)
            _, pick = w.stay(2.5, "active", "active")
            c0, c1 = w.walk(drop_b, 4.6, speed=1.0, pose="carry")
            _, drop = w.stay(2.5, "active", "active")
            drop_at = (drop_b + 4.0, 4.3)
            drill.spans = [Span(0.0, pick, drill_b, drill_b, 4.2, 4.2, "on_ground")]
            drill.spans += _attach(main, pick, drop, 0.62, -0.12, 0.92)
            drill.spans.append(
                Span(drop, FOREVER, drop_at[0], drop_at[0], drop_at[1], drop_at[1], "on_ground")
            )
            _ev(events, pick, "picked_up", drill, drill_b, by=main.id)
            _ev(events, drop, "dropped", drill, drop_at[0], by=main.id, dist_m=drop_at[1])
            facts["drill_pickup"] = {"t": pick, "bearing": drill_b}
            facts["drill_drop"] = {
                "t": drop,
                "bearing": drop_at[0],
                "dist": drop_at[1],
                "worker_spot": drop_b,
            }
        else:
            target = visit_b if label == "visit" else facts["drill_drop"]["worker_spot"] - 3.0
            w.walk(target, 4.6)
            lo, hi = (15.0, 22.0) if label == "visit" else (18.0, 28.0)
            dur = float(r_prog.uniform(lo, hi))
            a0, _ = w.stay(dur, "active", "active")
            facts[f"{label}_spot"] = {"t0": a0, "t1": a0 + dur, "bearing": w.b}
        w.walk(home_b, home_d)
        w.b = home_b  # exact home again (walk() unwrapped it)
        last_state[0] = "moving"
        watches.append(Watch(t_start - 4.0, w.t + 4.0, main.id))
        return t_start, w.t

    spell("idle", 25, 40)
    first_active = spell("active", 60, 80)
    facts["first_active"] = first_active[0]
    spell("idle", 20, 35)
    long1 = spell("active", 130, 155)
    spell("idle", 20, 35)
    excursion("drill")
    ppe_slot = spell("active", 95, 115)
    spell("idle", 20, 35)
    excursion("visit")
    long2 = spell("active", 125, 150)
    spell("idle", 20, 35)
    excursion("return")
    while w.t < end:
        spell(
            "active" if last_state[0] != "active" else "idle",
            *((50, 90) if last_state[0] != "active" else (20, 40)),
        )
    # transitions at home: idle <-> active (and moving -> active after an excursion is
    # already covered by the excursion's watch)
    for t in transitions:
        st_before = main.state_at(t - 0.01)
        if st_before == "moving" or main.state_at(t) == "moving":
            continue
        extra = 4.0 + (4.0 if (wall is not None and abs(t - first_active[0]) < 1e-6) else 0.0)
        watches.append(Watch(t - 4.0, t + extra, main.id))
    for lo_hi, bearing in ((long1, layout.away[0]), (long2, layout.away[1])):
        watches.append(Watch(lo_hi[0] + 8.0, lo_hi[1] - 8.0, None, j(bearing, 5.0), "away"))

    # --- the brick wall grows while the bricklayer works at home ---
    bricks: list[float] = []
    if wall is not None and layout.wall is not None:
        period = float(r_prog.uniform(5.5, 6.5))
        for t0, t1 in active_home:
            t = t0 + 3.0
            while t < t1 and t < end:
                bricks.append(round(t, 3))
                t += period
        wb = j(layout.wall[0], 3.0)
        wall.spans = [Span(bricks[0], FOREVER, wb, wb, layout.wall[1], layout.wall[1], "static")]
        _ev(events, bricks[0], "progress", wall, wb, bricks=1, courses=1, first_brick=True)
        for k in range(BRICKS_PER_COURSE, len(bricks) + 1, BRICKS_PER_COURSE):
            _ev(events, bricks[k - 1], "progress", wall, wb, bricks=k, courses=k // BRICKS_PER_COURSE)
        facts["first_brick"] = bricks[0]

    # --- the worker without a hard hat moves the ladder ---
    ts = ppe_slot[0] + float(r_prog.uniform(10.0, 14.0))
    lad_off_deg = math.degrees(math.atan2(0.75, 5.4))  # ladder held 0.75 m to his side, 0.2 m behind
    p = _Actor(ppe, ts, j(layout.ppe_entry, 3.0), 12.0)
    _ev(events, ts, "appeared", ppe, p.b, source_note="arrives on site")
    _ev(events, ts, "ppe_off", ppe, p.b, hardhat=False)
    facts["ppe_arrive"] = ts
    arr0, arr1 = p.walk(lad_a - lad_off_deg, 5.2)
    p.stay(float(r_prog.uniform(8, 14)), "idle")
    k0, k1 = p.stay(2.0, "active", "active")
    pb = p.b
    m0, m1 = p.walk_via(pb + (lad_b - lad_a), 5.2, 0.95, "carry")
    q0, q1 = p.stay(2.0, "active", "active")
    p.stay(float(r_prog.uniform(10, 18)), "idle")
    l0, l1 = p.walk(p.b + 12.0, 13.0)
    ppe_gone = l1
    _ev(events, l1, "departed", ppe, p.b)
    facts["ppe_leave"] = l1
    ladder.spans = [Span(0.0, m0, lad_a, lad_a, 5.0, 5.0, "on_ground")]
    ladder.spans += _attach(ppe, m0, m1, 0.75, 0.2, 0.12)
    ladder.spans.append(Span(m1, FOREVER, lad_b, lad_b, 5.0, 5.0, "on_ground"))
    _ev(events, m0, "picked_up", ladder, lad_a, by=ppe.id)
    _ev(events, m0, "moved", ladder, lad_a, t_end=round(m1, 3), from_bearing=round(wrap180(lad_a), 2),
        to_bearing=round(wrap180(lad_b), 2))  # fmt: skip
    _ev(events, m1, "dropped", ladder, lad_b, by=ppe.id)
    facts["ladder_move"] = {"t0": m0, "t1": m1, "from": wrap180(lad_a), "to": wrap180(lad_b)}
    if ppe_gone > ppe_slot[1] - 6.0:
        raise AssertionError("ladder episode does not fit its slot")  # layout bug, caught by tests
    watches += [
        Watch(arr0 - 2.0, arr1 + 3.0, ppe.id),
        Watch(k0 - 3.0, q1 + 3.0, ladder.id),
        Watch(l0 - 2.0, l1 + 1.0, ppe.id),
    ]
    for worker in (main, ppe):
        _state_events(events, worker)

    watches = _merge_watches(watches)
    events.sort(key=lambda e: (e["t"], e["object_id"], e["kind"]))
    return Scenario(
        name=layout.name,
        seed=int(seed),
        duration_s=float(duration_s),
        objects=objects,
        events=events,
        watches=watches,
        facts=facts,
        brick_times=bricks,
        away_bearings=layout.away,
    )


def _merge_watches(watches: list[Watch]) -> list[Watch]:
    ws = sorted(watches, key=lambda w: w.t0)
    out: list[Watch] = []
    for w in ws:
        if out and w.t0 < out[-1].t1:
            prev = out[-1]
            if prev.object_id != w.object_id or prev.kind != w.kind:
                raise AssertionError(f"watches overlap: {prev} / {w}")
            out[-1] = Watch(prev.t0, max(prev.t1, w.t1), prev.object_id, prev.bearing, prev.kind)
        else:
            out.append(w)
    return out


def build_scenario(name: str, seed: int = 0, duration_s: float | None = None) -> Scenario:
    """The deterministic script of scenario ``name`` (``SCENARIOS``) for ``seed``.  Events
    past ``duration_s`` are still scripted (a short run is a prefix of a long one)."""
    if name not in _LAYOUTS:
        raise ValueError(f"unknown scenario {name!r}; choose from {SCENARIOS}")
    layout = _LAYOUTS[name]
    dur = layout.duration_s if duration_s is None else float(duration_s)
    if dur <= 0:
        raise ValueError("duration_s must be positive")
    # the script is always built at full length so that short variants are prefixes
    scn = _build(layout, seed, max(dur, layout.duration_s))
    scn.duration_s = dur
    return scn


# --- head motion -------------------------------------------------------------------------------


def _head_params(rng_pr: np.random.Generator, rng_jit: np.random.Generator) -> dict[str, Any]:
    return {
        "pitch": _norm_peak(_sines(rng_pr, 6, 0.02, 0.3), PITCH_AMP * 1.1),
        "roll": _norm_peak(_sines(rng_pr, 6, 0.02, 0.3), ROLL_AMP * 1.1),
        "jy": _norm_std(_sines(rng_jit, 16, 0.5, 5.0), JITTER_DEG * 0.7),
        "jp": _norm_std(_sines(rng_jit, 16, 0.5, 5.0), JITTER_DEG * 0.6),
        "jr": _norm_std(_sines(rng_jit, 16, 0.5, 5.0), JITTER_DEG * 0.3),
        "step_f": 1.8,
    }


def _plan_head(scn: Scenario, params: dict[str, Any], rng: np.random.Generator, end: float) -> _Builder:
    # start so that the heading track (jitter included) is exactly 0 at t = 0
    b = _Builder(yaw0=-float(_eval_sines(params["jy"], np.zeros(1))[0]))
    main = scn.obj(scn.facts["main_worker"])
    last_look: dict[str, float] = {o.id: -60.0 for o in scn.objects}

    def bearing_of(object_id: str, t: float) -> float:
        o = scn.obj(object_id)
        wh = o.where(t)
        if wh is None:  # before it arrives / after it left: where it is nearest in time
            spans = o.spans
            s = min(spans, key=lambda s: min(abs(t - s.t0), abs(t - min(s.t1, 1e8))))
            wh = s.where(min(max(t, s.t0), s.t1 if s.t1 < FOREVER else t))
        return wh[0]

    def home(t: float) -> float:
        return bearing_of(main.id, t) + float(rng.uniform(-10.0, 22.0))

    def turn_to(bb: _Builder, bearing: float, speed: float) -> None:
        bb.turn(wrap180(bearing - bb.yaw), speed)

    def ep_wander(bb: _Builder) -> None:
        turn_to(bb, home(bb.t), rng.uniform(10, 35))
        bb.hold(rng.uniform(2.0, 8.0))

    def ep_glance(bb: _Builder) -> None:
        present = [o for o in scn.objects if o.where(bb.t) is not None and o.id != main.id]
        if not present:
            return ep_wander(bb)
        wts = np.array([1.0 + (bb.t - last_look[o.id]) / 30.0 for o in present])
        o = present[int(rng.choice(len(present), p=wts / wts.sum()))]
        last_look[o.id] = bb.t
        turn_to(bb, bearing_of(o.id, bb.t) + rng.uniform(-10, 10), rng.uniform(90, 240))
        bb.hold(rng.uniform(1.5, 4.0))
        turn_to(bb, home(bb.t), rng.uniform(90, 240))
        bb.hold(rng.uniform(0.5, 2.0))

    def ep_look_back(bb: _Builder) -> None:
        bb.turn(float(rng.choice([-1, 1])) * rng.uniform(150, 210), rng.uniform(150, 300))
        bb.hold(rng.uniform(1.0, 3.5))
        turn_to(bb, home(bb.t), rng.uniform(150, 300))
        bb.hold(rng.uniform(0.5, 2.0))

    def ep_scan(bb: _Builder) -> None:
        bb.turn(float(rng.choice([-1, 1])) * 360.0, rng.uniform(40, 110))
        bb.hold(rng.uniform(0.5, 2.0))

    episodes: list[tuple[float, Callable[[_Builder], None]]] = [
        (0.45, ep_wander),
        (0.33, ep_glance),
        (0.12, ep_look_back),
        (0.10, ep_scan),
    ]
    probs = np.array([p for p, _ in episodes])

    def fill(until: float) -> None:
        nonlocal b
        while until - b.t > 1e-3:
            rem = until - b.t
            if rem < 4.0:
                b.hold(rem)
                return
            ep = episodes[int(rng.choice(len(episodes), p=probs))][1]
            for attempt in (ep, ep_wander):
                trial = copy.deepcopy(b)
                attempt(trial)
                if trial.t <= until:
                    b = trial
                    break
            else:
                b.hold(min(rem, rng.uniform(2.0, 6.0)))

    # opening: a slow look all around, so everything is seen early
    b.hold(1.5)
    ep_scan(b)
    for w in scn.watches:
        if w.t0 >= end:
            break
        lead = 2.5
        if w.t0 - lead > b.t:
            fill(w.t0 - lead)
        remaining = max(w.t0 - b.t, 0.4)
        target = bearing_of(w.object_id, w.t0) if w.object_id else w.bearing
        b.move(wrap180(target - b.yaw), remaining)
        if w.kind == "track":
            assert w.object_id is not None
            off = float(rng.uniform(-8, 8))
            step = 1.0
            while b.t < w.t1 - 1e-6:
                dt = min(step, w.t1 - b.t)
                tgt = bearing_of(w.object_id, b.t + dt) + off
                b.move(wrap180(tgt - b.yaw), dt)
                last_look[w.object_id] = b.t
        else:
            while w.t1 - b.t > 1e-3:
                rem = w.t1 - b.t
                if rem < 5.0:
                    b.hold(rem)
                    break
                trial = copy.deepcopy(b)
                turn_to(trial, w.bearing + rng.uniform(-30, 30), rng.uniform(8, 30))
                trial.hold(rng.uniform(2.0, 8.0))
                if trial.t <= w.t1:
                    b = trial
                else:
                    b.hold(rem)
    if b.t < end:
        fill(end)
    return b


def scenario_trajectory(scn: Scenario, fps: float = 15.0) -> Trajectory:
    """The wearer's head motion for ``scn`` at ``fps`` (deterministic from the seed)."""
    ss = np.random.SeedSequence([scn.seed, sum(map(ord, scn.name)), 0x4EAD])
    r_head, r_pr, r_jit = (np.random.default_rng(s) for s in ss.spawn(3))
    params = _head_params(r_pr, r_jit)
    end = max(scn.duration_s, 1.0) + 2.0
    b = _plan_head(scn, params, r_head, end)
    motion = Motion(
        script=f"scenario:{scn.name}",
        seed=scn.seed,
        duration_s=scn.duration_s,
        _segs=np.array(b.segs, dtype=np.float64),
        _gait=np.zeros((0, 2)),
        _params=params,
    )
    n = int(round(scn.duration_s * fps))
    yaw, pitch, roll = motion(np.arange(n) / fps)
    return Trajectory(
        yaw=yaw, pitch=pitch, roll=roll, fps=float(fps), script=motion.script, seed=scn.seed, motion=motion
    )


# --- projection and ground truth --------------------------------------------------------------


@dataclass(frozen=True)
class CameraModel:
    width: int
    height: int
    hfov_deg: float

    @property
    def f(self) -> float:
        return focal_px(self.width, self.hfov_deg)

    @property
    def cx(self) -> float:
        return self.width / 2.0 - 0.5

    @property
    def cy(self) -> float:
        return self.height / 2.0 - 0.5


@dataclass(frozen=True)
class Projected:
    """One object in one frame.  ``quad``: the billboard's corners TL, TR, BR, BL in pixel
    centre coordinates; ``box``: its bounding box in pixel-edge coordinates (unclipped);
    ``clipped``: the box clipped to the frame."""

    obj: WorldObject
    sprite: Sprite
    bearing: float
    dist: float
    state: str
    quad: np.ndarray
    box: tuple[float, float, float, float]
    clipped: tuple[float, float, float, float]
    visible_frac: float
    occluded: float = 0.0
    attributes: dict[str, Any] = field(default_factory=dict)


def _sprite_for(scn: Scenario, obj: WorldObject, span: Span, t: float) -> Sprite | None:
    if obj.label == "worker":
        rate = {"active": 0.9, "walk": 1.7, "carry": 1.7}.get(span.pose, 0.0)
        phase = int(t * rate * 8) % 8 if rate else 0
        return make_sprite("worker", span.pose, phase, obj.vest or "orange", obj.hardhat, obj.skin)
    if obj.label == "brick_wall":
        n = scn.bricks_at(t)
        return wall_sprite(n) if n > 0 else None
    return make_sprite(obj.label)


def frame_objects(
    scn: Scenario, t: float, yaw: float, pitch: float, roll: float, cam: CameraModel
) -> list[Projected]:
    """Every present object that projects in front of the camera, far to near, with
    its quad, boxes, in-frame fraction and box occlusion by nearer objects."""
    (r00, r01, r02), (r10, r11, r12), (r20, r21, r22) = rotation_matrix(yaw, pitch, roll).T.tolist()
    f, cx, cy = cam.f, cam.cx, cam.cy
    # nothing wider than ~2 m stands nearer than 4 m: beyond this angle it cannot show
    reach = cam.hfov_deg / 2.0 + 40.0
    out: list[Projected] = []
    for obj in scn.objects:
        span = obj.span_at(t)
        if span is None:
            continue
        bearing, dist = span.where(t)
        if abs(wrap180(bearing - yaw)) > reach:
            continue
        sp = _sprite_for(scn, obj, span, t)
        if sp is None:
            continue
        br = math.radians(bearing)
        sb, cb = math.sin(br), math.cos(br)
        gx, gz = dist * sb, dist * cb
        z0, z1 = span.z, span.z + sp.height_m
        us, vs = [], []
        behind = False
        for lat, hgt in ((sp.left_m, z1), (sp.right_m, z1), (sp.right_m, z0), (sp.left_m, z0)):
            X, Y, Z = gx + lat * cb, H_CAM - hgt, gz - lat * sb
            zc = r20 * X + r21 * Y + r22 * Z
            if zc < 0.2:
                behind = True
                break
            us.append(cx + f * (r00 * X + r01 * Y + r02 * Z) / zc)
            vs.append(cy + f * (r10 * X + r11 * Y + r12 * Z) / zc)
        if behind:
            continue
        box = (min(us) + 0.5, min(vs) + 0.5, max(us) + 0.5, max(vs) + 0.5)
        cl = (
            max(box[0], 0.0),
            max(box[1], 0.0),
            min(box[2], float(cam.width)),
            min(box[3], float(cam.height)),
        )
        area = (box[2] - box[0]) * (box[3] - box[1])
        if cl[2] <= cl[0] or cl[3] <= cl[1] or area <= 0:
            continue
        frac = (cl[2] - cl[0]) * (cl[3] - cl[1]) / area
        attrs: dict[str, Any] = {"state": span.state, **obj.static_attributes()}
        if obj.label == "brick_wall":
            n = scn.bricks_at(t)
            attrs.update(bricks=n, courses=(n + BRICKS_PER_COURSE - 1) // BRICKS_PER_COURSE)
        quad = np.array([us, vs]).T
        out.append(Projected(obj, sp, bearing, dist, span.state, quad, box, cl, frac, 0.0, attrs))
    out.sort(key=lambda p: -p.dist)
    # box occlusion: share of each clipped box covered by the union of nearer clipped boxes
    final: list[Projected] = []
    for i, p in enumerate(out):
        nearer = [q.clipped for q in out[i + 1 :] if _overlaps(p.clipped, q.clipped)]
        if nearer:
            p = Projected(p.obj, p.sprite, p.bearing, p.dist, p.state, p.quad, p.box, p.clipped,
                          p.visible_frac, _covered_fraction(p.clipped, nearer), p.attributes)  # fmt: skip
        final.append(p)
    return final


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _covered_fraction(box: tuple[float, ...], others: Sequence[tuple[float, ...]]) -> float:
    """Exact share of ``box`` covered by the union of ``others`` (coordinate compression)."""
    area = (box[2] - box[0]) * (box[3] - box[1])
    if area <= 0:
        return 0.0
    clipped = [(max(o[0], box[0]), max(o[1], box[1]), min(o[2], box[2]), min(o[3], box[3])) for o in others]
    clipped = [c for c in clipped if c[2] > c[0] and c[3] > c[1]]
    xs = sorted({v for c in clipped for v in (c[0], c[2])})
    ys = sorted({v for c in clipped for v in (c[1], c[3])})
    covered = 0.0
    for xa, xb in zip(xs, xs[1:], strict=False):
        xm = 0.5 * (xa + xb)
        for ya, yb in zip(ys, ys[1:], strict=False):
            ym = 0.5 * (ya + yb)
            if any(c[0] <= xm < c[2] and c[1] <= ym < c[3] for c in clipped):
                covered += (xb - xa) * (yb - ya)
    return covered / area


def detections_for_frame(projected: list[Projected]) -> list[dict[str, Any]]:
    """Contract detections (the public contract) for one frame's projected objects."""
    dets = []
    for p in projected:
        if p.visible_frac < MIN_VISIBLE_FRAC or p.occluded > MAX_OCCLUDED:
            continue
        attrs = dict(p.attributes)
        if p.visible_frac < 0.999:
            attrs["truncated"] = True
            attrs["visible_frac"] = round(p.visible_frac, 2)
        if p.occluded > 0.005:
            attrs["occluded"] = round(p.occluded, 2)
        dets.append(
            {
                "label": p.obj.label,
                "bbox": [round(c, 1) for c in p.clipped],
                "score": 1.0,
                "track_id": p.obj.id,
                "attributes": attrs,
            }
        )
    return dets


# --- rendering ---------------------------------------------------------------------------------


class ScenarioRenderer:
    """Panorama view plus every object's sprite warped onto its projected quad (far to
    near, premultiplied alpha).  Thread-safe like :class:`ViewRenderer`."""

    def __init__(self, scn: Scenario, pano: np.ndarray, cam: CameraModel) -> None:
        self.scn = scn
        self.cam = cam
        self.view = ViewRenderer(pano, cam.width, cam.height, cam.hfov_deg)

    def render(self, t: float, yaw: float, pitch: float, roll: float) -> tuple[np.ndarray, list[Projected]]:
        img = self.view.render(yaw, pitch, roll)
        objs = frame_objects(self.scn, t, yaw, pitch, roll, self.cam)
        for p in objs:
            self._composite(img, p)
        return img, objs

    def _composite(self, img: np.ndarray, p: Projected) -> None:
        H, W = img.shape[:2]
        q = p.quad
        x0, y0 = max(int(math.floor(q[:, 0].min())), 0), max(int(math.floor(q[:, 1].min())), 0)
        x1, y1 = min(int(math.ceil(q[:, 0].max())) + 2, W), min(int(math.ceil(q[:, 1].max())) + 2, H)
        if x1 <= x0 or y1 <= y0:
            return
        master = p.sprite
        px_h = float(np.hypot(*(q[3] - q[0])))
        sp = scaled(master, px_h / master.alpha.shape[0])
        hs, ws = sp.alpha.shape
        src = np.array([[-0.5, -0.5], [ws - 0.5, -0.5], [ws - 0.5, hs - 0.5], [-0.5, hs - 0.5]], np.float32)
        dst = (q - np.array([x0, y0])).astype(np.float32)
        m = cv2.getPerspectiveTransform(src, dst)
        size = (x1 - x0, y1 - y0)
        a = cv2.warpPerspective(sp.alpha, m, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        if not a.any():
            return
        bgr = cv2.warpPerspective(sp.bgr, m, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        roi = img[y0:y1, x0:x1].astype(np.float32)
        roi *= 1.0 - a[..., None]
        roi += bgr
        img[y0:y1, x0:x1] = np.clip(roi + 0.5, 0, 255).astype(np.uint8)


def _iter_frames(
    renderer: ScenarioRenderer, traj: Trajectory, cfg: Degradation, threads: int | None
) -> Iterator[np.ndarray]:
    plan = plan_degradations(traj, renderer.cam.width, renderer.cam.f, cfg)
    noise = (
        _NoiseBank(renderer.cam.height, renderer.cam.width, cfg.noise_sigma, cfg.seed)
        if cfg.noise_sigma > 0
        else None
    )
    t = traj.t

    def one(k: int) -> np.ndarray:
        img, _ = renderer.render(float(t[k]), float(traj.yaw[k]), float(traj.pitch[k]), float(traj.roll[k]))
        return apply_degradations(img, k, plan, cfg, noise)

    n = traj.n_frames
    workers = threads if threads is not None else min(8, os.cpu_count() or 1)
    if workers <= 1:
        for k in range(n):
            yield one(k)
        return
    with ThreadPoolExecutor(workers, thread_name_prefix="scenario-render") as ex:
        pending: deque[Any] = deque()
        nxt = 0
        while nxt < n or pending:
            while nxt < n and len(pending) < 3 * workers:
                pending.append(ex.submit(one, nxt))
                nxt += 1
            yield pending.popleft().result()


def view_events(
    scn: Scenario, frames: list[list[dict[str, Any]]], fps: float, traj: Trajectory, hysteresis_s: float = 1.0
) -> list[dict[str, Any]]:
    """``appeared`` (first time in view), ``left_view`` and ``returned`` events from the
    per-frame ground-truth detections; out-of-view gaps shorter than ``hysteresis_s`` are
    ignored.  Bearings are the object's world bearing at that time."""
    present: dict[str, list[int]] = {}
    for k, dets in enumerate(frames):
        for d in dets:
            present.setdefault(d["track_id"], []).append(k)
    out: list[dict[str, Any]] = []
    gap = max(1, int(round(hysteresis_s * fps)))
    for oid, ks in present.items():
        obj = scn.obj(oid)
        runs: list[list[int]] = [[ks[0], ks[0]]]
        for k in ks[1:]:
            if k - runs[-1][1] <= gap:
                runs[-1][1] = k
            else:
                runs.append([k, k])
        for i, (a, b) in enumerate(runs):
            for kind, k in (("appeared" if i == 0 else "returned", a), ("left_view", b + 1)):
                if kind == "left_view" and b + 1 >= len(frames):
                    continue
                t = k / fps
                wh = obj.where(t) or obj.where(t - 1.0 / fps)
                out.append(
                    {
                        "t": round(t, 3),
                        "kind": kind,
                        "object_id": oid,
                        "label": obj.label,
                        "bearing_deg": None if wh is None else round(wrap180(wh[0]), 2),
                        "heading_deg": round(float(traj.yaw[min(k, traj.n_frames - 1)]), 2),
                        "detail": {},
                        "source": "view",
                    }
                )
    return out


# --- files -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScenarioRun:
    """Everything :func:`generate_scenario` wrote (``video_path`` is None with ``video=False``)."""

    name: str
    seed: int
    camera: str
    video_path: Path | None
    truth_path: Path
    detections_path: Path
    events_path: Path
    questions_path: Path
    answers_path: Path
    meta_path: Path
    fps: float
    hfov_deg: float
    width: int
    height: int
    n_frames: int
    duration_s: float


def _write_json(path: Path, obj: Any, indent: int | None = 1) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(obj, indent=indent))
    os.replace(tmp, path)


def generate_scenario(
    name: str,
    seed: int = 0,
    out_dir: str | os.PathLike[str] = ".",
    duration_s: float | None = None,
    fps: float = 15.0,
    width: int = 640,
    height: int = 360,
    hfov_deg: float = 90.0,
    *,
    camera: str = "hardhat-1",
    video: bool = True,
    noise_sigma: float = 2.0,
    motion_blur: bool = True,
    pano_width: int = 4096,
    questions_per_kind: int = 8,
    crf: int = 23,
    threads: int | None = None,
) -> ScenarioRun:
    """Generate (or reuse from cache) scenario ``name``: MP4, heading truth CSV, per-frame
    ground-truth detections (JSON Lines), events, questions and their answers.

    Files are named ``<name>_<dur>s_<fps>fps_<W>x<H>_h<hfov>_s<seed>_v<ver>_<hash>.*``;
    the ``.json`` metadata is written last and marks completion.  ``video=False`` skips
    the MP4 (everything else is computed from the script, without rendering).  ``crf``:
    x264 quality (23: ~150 MB for the 14-minute scenarios at 640x360).
    """
    from .questions import make_questions  # questions build on this module

    scn = build_scenario(name, seed, duration_s)
    params = {
        "scenario": name, "scenario_version": SCENARIO_VERSION, "duration_s": scn.duration_s, "fps": float(fps),
        "width": int(width), "height": int(height), "hfov_deg": float(hfov_deg), "seed": int(seed),
        "camera": camera, "noise_sigma": float(noise_sigma), "motion_blur": bool(motion_blur),
        "pano_width": int(pano_width), "questions_per_kind": int(questions_per_kind), "crf": int(crf),
    }  # fmt: skip
    key = _cache_key(params)
    out = Path(out_dir)
    stem = (
        f"{name}_{scn.duration_s:g}s_{fps:g}fps_{width}x{height}_h{hfov_deg:g}_s{seed}"
        f"_v{GENERATOR_VERSION}.{SCENARIO_VERSION}_{key}"
    )
    paths = {k: out / f"{stem}{ext}" for k, ext in (
        ("video", ".mp4"), ("truth", ".csv"), ("detections", ".detections.jsonl"), ("events", ".events.json"),
        ("questions", ".questions.json"), ("answers", ".answers.json"), ("meta", ".json"),
    )}  # fmt: skip
    traj = scenario_trajectory(scn, fps)
    run = ScenarioRun(
        name=name, seed=int(seed), camera=camera, video_path=paths["video"] if video else None,
        truth_path=paths["truth"], detections_path=paths["detections"], events_path=paths["events"],
        questions_path=paths["questions"], answers_path=paths["answers"], meta_path=paths["meta"],
        fps=float(fps), hfov_deg=float(hfov_deg), width=int(width), height=int(height),
        n_frames=traj.n_frames, duration_s=scn.duration_s,
    )  # fmt: skip
    if paths["meta"].exists() and (not video or paths["video"].exists()):
        return run
    out.mkdir(parents=True, exist_ok=True)
    paths["meta"].unlink(missing_ok=True)
    cam = CameraModel(int(width), int(height), float(hfov_deg))

    # ground-truth detections, one line per frame (also the frames with nothing in view)
    frames: list[list[dict[str, Any]]] = []
    tmp = paths["detections"].with_name(paths["detections"].name + ".tmp")
    with open(tmp, "w") as fh:
        for k, t in enumerate(traj.t):
            objs = frame_objects(
                scn, float(t), float(traj.yaw[k]), float(traj.pitch[k]), float(traj.roll[k]), cam
            )
            dets = detections_for_frame(objs)
            frames.append(dets)
            fh.write(json.dumps({"t": round(float(t), 4), "detections": dets}, separators=(",", ":")) + "\n")
    os.replace(tmp, paths["detections"])

    events = sorted(
        scn.events + view_events(scn, frames, fps, traj), key=lambda e: (e["t"], e["object_id"], e["kind"])
    )
    events = [e for e in events if e["t"] <= scn.duration_s]
    _write_json(
        paths["events"],
        {
            "scenario": name,
            "seed": int(seed),
            "duration_s": scn.duration_s,
            "camera": camera,
            "conventions": "bearing/heading deg, + = clockwise from above; heading 0 at t=0",
            "objects": [o.to_json() for o in scn.objects],
            "brick_times": [b for b in scn.brick_times if b <= scn.duration_s],
            "events": events,
        },
    )
    questions, answers = make_questions(
        scn, traj, cam, camera_id=camera, per_kind=questions_per_kind, frames=frames
    )
    _write_json(paths["questions"], questions)
    _write_json(paths["answers"], answers)

    if video:
        pano = make_panorama(seed, width=pano_width)
        renderer = ScenarioRenderer(scn, pano, cam)
        cfg = Degradation(noise_sigma=noise_sigma, motion_blur=motion_blur, seed=seed)
        vtmp = paths["video"].with_name(f"{stem}.tmp{os.getpid()}-{threading.get_ident()}.mp4")
        sink = _Sink(vtmp, cam.width, cam.height, fps, int(crf), "veryfast")
        try:
            for frame in _iter_frames(renderer, traj, cfg, threads):
                sink.write(frame)
        except BaseException:
            sink.abort()
            vtmp.unlink(missing_ok=True)
            raise
        sink.close()
        os.replace(vtmp, paths["video"])
    write_truth(paths["truth"], traj)
    _write_json(
        paths["meta"],
        {
            "generator_version": GENERATOR_VERSION,
            **params,
            "video": bool(video),
            "n_frames": traj.n_frames,
            "files": {k: v.name for k, v in paths.items() if k != "meta" and (video or k != "video")},
            "counts": {
                "questions": len(questions),
                "detection_frames": len(frames),
                "detections": sum(len(f) for f in frames),
                "events": len(events),
            },
        },
    )
    return run
