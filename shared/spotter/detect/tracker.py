"""Within-clip tracking: detections of one clip's sampled frames -> Observations (GEB).

`ClipTracker` is fed `update(t, detections, image)` for each sampled frame of
ONE clip, in time order, and `observations()` then gives one `Observation`
per tracked subject. Identity across clips is not its job (the world model
joins observations into entities, using `appearance` among other cues).

Association, per frame:
1. a detection carrying the detector's own `track_id` (external detectors)
   continues the live track with that id, whatever its box;
2. the rest are matched to live tracks of the same label by an optimal
   assignment (pure-numpy Hungarian) on
   cost = (1 - IoU) + 0.5 x min(2, centre distance / box size) + w_app x (1 - appearance similarity),
   against each track's predicted box (last box + velocity x dt + the
   camera's own shift between the frames, from phase correlation). A pair
   is allowed only if IoU >= `iou_gate` or the centres are within
   `centre_gate` box sizes, and never across two different detector ids;
3. unmatched detections start tracks ("t0", "t1", ... in order of birth);
   unmatched tracks survive `max_age` sampled frames, then end (a thing that
   comes back later is a new track in this clip).

Per track: boxes over time (`TimedBox`, only at frames where it was seen),
mean score, attributes by majority vote over frames (ties: the latest), the
detector's own id as attribute `ext_track_id`, an appearance descriptor
(mean HSV histogram, appearance.py), `motion_px_s` (median ego-compensated
speed of the box centre, px/s) and a state with hysteresis (VIGIL): each
frame after the first gives motion evidence; the state switches only after
`hysteresis_frames` consecutive frames agree. People (`worker`, `person`):
evidence = frame-difference energy inside the box (motion.py) above
`energy_threshold` or the box moving; states `active` / `idle`. Other
things: evidence = the box moving (> `speed_threshold` box sizes per
second); states `moving` / `on_ground`, and `carried` when a worker is
`holding` it in most shared frames. `unknown` until enough frames agree.

Relations between the clip's observations (true in most frames both were
seen): `near` (centres closer than `near_factor` x the mean box size, both
ways), `holding` (a worker's hand region, the band 35-80% down the box
widened by a quarter on each side, covers >= 30% of a smaller non-person
box), `on` (the subject's bottom edge rests on the other's top edge with
half its width over it, or a worker's feet are inside a ladder/scaffold box
above its lowest tenth).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast, get_args

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field

from spotter.detect.appearance import appearance_descriptor, mean_descriptor, similarity
from spotter.detect.geometry import Box, area, centre, intersection_over, iou, size
from spotter.detect.motion import global_shift, motion_energy
from spotter.messages import AttributeValue, Detection, EntityState, Observation, Relation, TimedBox
from spotter.world.labels import is_hand_tool

PERSON_LABELS = frozenset({"worker", "person"})
CLIMBABLE_LABELS = frozenset({"ladder", "scaffold"})
UNHOLDABLE_LABELS = frozenset({"ladder", "scaffold", "brick_wall", "excavation", "pallet", "wheelbarrow"})
EXT_TRACK_ATTRIBUTE = "ext_track_id"
_INFEASIBLE = 1e6
MIN_SHIFT_RESPONSE = 0.1  # phase-correlation peak below this: no reliable camera shift (flat or changed view)


class TrackerConfig(BaseModel):
    """Within-clip tracker knobs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    iou_gate: float = Field(default=0.1, ge=0.0, le=1.0, title="IoU gate", description="Least IoU to associate")
    centre_gate: float = Field(
        default=1.5, ge=0.0, title="Centre gate", description="...or centres closer than this many box sizes"
    )
    appearance_weight: float = Field(
        default=0.3, ge=0.0, title="Appearance weight", description="Weight of (1 - appearance similarity) in the cost"
    )
    max_age: int = Field(default=2, ge=0, title="Max age", description="Sampled frames a track survives unseen")
    min_hits: int = Field(default=1, ge=1, title="Min hits", description="Frames a track needs to become an observation")
    hysteresis_frames: int = Field(
        default=2, ge=1, title="Hysteresis frames", description="Consecutive agreeing frames to switch state"
    )
    energy_threshold: float = Field(
        default=0.08, ge=0.0, le=1.0, title="Motion energy", description="Changed-pixel share that means a person moves"
    )
    speed_threshold: float = Field(
        default=0.15, ge=0.0, title="Speed threshold", description="Box sizes per second that mean a thing moves"
    )
    near_factor: float = Field(default=1.5, gt=0.0, title="Near factor", description="near: centres within k box sizes")


@dataclass(slots=True, eq=False)
class _Track:
    id: str
    label: str
    ext_id: str | None
    times: list[float] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    attributes: list[dict[str, AttributeValue]] = field(default_factory=list)
    appearances: list[list[float]] = field(default_factory=list)
    speeds: list[float] = field(default_factory=list)
    velocity: tuple[float, float] = (0.0, 0.0)
    misses: int = 0
    state_on: bool | None = None
    run_value: bool | None = None
    run_length: int = 0
    evidence: list[bool] = field(default_factory=list)
    frame_states: list[EntityState | None] = field(default_factory=list)
    given_states: list[EntityState] = field(default_factory=list)
    last_given_t: float | None = None

    def predicted(self, t: float, shift: tuple[float, float]) -> Box:
        dt = t - self.times[-1]
        dx = self.velocity[0] * dt + shift[0]
        dy = self.velocity[1] * dt + shift[1]
        b = self.boxes[-1]
        return b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy

    def shifted_last(self, shift: tuple[float, float]) -> Box:
        b = self.boxes[-1]
        return b[0] + shift[0], b[1] + shift[1], b[2] + shift[0], b[3] + shift[1]

    def vote(self, on: bool, frames: int) -> None:
        self.evidence.append(on)
        if on == self.run_value:
            self.run_length += 1
        else:
            self.run_value, self.run_length = on, 1
        if self.run_length >= frames:
            self.state_on = on


def linear_sum_assignment(cost: npt.ArrayLike) -> list[tuple[int, int]]:
    """Minimum-cost assignment of rows to columns (Hungarian / Kuhn-Munkres, O(n^3)); rectangular is fine.

    Returns (row, column) pairs, one per row or per column, whichever is fewer.
    """
    c = np.asarray(cost, dtype=np.float64)
    if c.size == 0:
        return []
    transposed = c.shape[0] > c.shape[1]
    if transposed:
        c = c.T
    n, m = c.shape  # n <= m
    u = np.zeros(n + 1)
    v = np.zeros(m + 1)
    p = np.zeros(m + 1, dtype=np.int64)  # p[j]: row (1-based) assigned to column j
    way = np.zeros(m + 1, dtype=np.int64)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = np.full(m + 1, np.inf)
        used = np.zeros(m + 1, dtype=bool)
        while True:
            used[j0] = True
            i0 = p[j0]
            cur = c[i0 - 1] - u[i0] - v[1:]
            free = ~used[1:]
            better = free & (cur < minv[1:])
            minv[1:][better] = cur[better]
            way[1:][better] = j0
            cand = np.where(free, minv[1:], np.inf)
            j1 = int(np.argmin(cand)) + 1
            delta = cand[j1 - 1]
            u[p[used]] += delta
            v[used] -= delta
            minv[1:][free] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = int(way[j0])
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    pairs = [(int(p[j]) - 1, j - 1) for j in range(1, m + 1) if p[j] != 0]
    if transposed:
        pairs = [(col, row) for row, col in pairs]
    return sorted(pairs)


_STATES: frozenset[str] = frozenset(get_args(EntityState)) - {"unknown"}


_ACTIVITY: dict[str, EntityState] = {
    "active": "active", "working": "active", "busy": "active", "idle": "idle", "resting": "idle",
    "standing": "idle", "walking": "moving", "moving": "moving", "carrying": "moving",
}  # fmt: skip


def _given_state(det: Detection) -> EntityState | None:
    """The state a detector said: its `state` attribute (one of the contract's states), a worker's
    `activity` (active, idle, walking: DESIGN 5), or a thing's `held`/`carried` flag."""
    value = det.attributes.get("state")
    if isinstance(value, str) and value in _STATES:
        return cast(EntityState, value)
    activity = det.attributes.get("activity")
    if isinstance(activity, str) and activity.lower() in _ACTIVITY:
        return _ACTIVITY[activity.lower()]
    for key in ("held", "carried"):
        flag = det.attributes.get(key)
        if isinstance(flag, bool):
            return "carried" if flag else "on_ground"
    moving = det.attributes.get("moving")  # plant: a detector (or a site's telemetry) saying it moves
    if isinstance(moving, bool):
        return "moving" if moving else "on_ground"
    return None


def _motion_state(tr: _Track) -> EntityState | None:
    """The track's state from motion evidence so far (after hysteresis), None while undecided."""
    if tr.state_on is None:
        return None
    if tr.label in PERSON_LABELS:
        return "active" if tr.state_on else "idle"
    return "moving" if tr.state_on else "on_ground"


GIVEN_STATE_HOLD_S = 3.0
"""A detector that says a person's state (walking, active, idle) and misses it in some frames: those frames keep the
state it said last, this recently, rather than the image's motion (a walking person's motion reads as work). Not a
thing's: a detector flags "held" while it is and says nothing once it is put down."""

TAKEN_UP_JUMP = 1.0
"""A thing's box leaping this many box sizes in one sampled frame (at most `TAKEN_UP_MAX_DT_S` apart) ..."""
TAKEN_UP_GROWTH = 1.5
"""... growing this much in area (hands are nearer the camera than the ground) ..."""
TAKEN_UP_SURGE = 3.0
"""... (or, leaping less far, growing this much at once: a long thing lifted from in front of the feet) ..."""
TAKEN_UP_HOLD_S = 0.5
"""... and then holding still in the image this long (it moves with the camera) is in the wearer's hands."""
TAKEN_UP_MAX_DT_S = 0.35


def _in_wearers_hands(tr: _Track) -> list[EntityState | None]:
    """The track's frame states, `carried` from the frame a thing leapt up into the wearer's hands on: its box
    jumps from where it lay to in front of the camera, larger, and stays there while the head moves. No person
    is seen holding it (the wearer's hands are the camera's), so `holding` cannot say it; a turn sweeps a thing
    across the view smoothly and never leaves it still and larger."""
    states = list(tr.frame_states)
    if not is_hand_tool(tr.label) or tr.given_states:
        return states
    for i in range(1, len(tr.boxes)):
        a, b = tr.boxes[i - 1], tr.boxes[i]
        if tr.times[i] - tr.times[i - 1] > TAKEN_UP_MAX_DT_S or area(b) < TAKEN_UP_GROWTH * area(a):
            continue
        (ax, ay), (bx, by) = centre(a), centre(b)
        if math.hypot(bx - ax, by - ay) < TAKEN_UP_JUMP * max(size(a), 1e-6) and area(b) < TAKEN_UP_SURGE * area(a):
            continue
        after = [k for k in range(i + 1, len(tr.boxes)) if tr.times[k] - tr.times[i] <= TAKEN_UP_HOLD_S + 1e-6]
        if len(after) < 2:
            continue  # not seen long enough after the leap to tell
        steady = all(math.hypot(centre(tr.boxes[k])[0] - bx, centre(tr.boxes[k])[1] - by) <= 0.3 * size(b) for k in after)
        if steady:
            return states[:i] + ["carried"] * (len(states) - i)
    return states


def _majority(values: Sequence[AttributeValue]) -> AttributeValue:
    counts = Counter(values)
    top = max(counts.values())
    for value in reversed(values):  # ties go to the latest
        if counts[value] == top:
            return value
    return values[-1]


def _hand_region(worker: Box) -> Box:
    w, h = worker[2] - worker[0], worker[3] - worker[1]
    return worker[0] - 0.25 * w, worker[1] + 0.35 * h, worker[2] + 0.25 * w, worker[1] + 0.80 * h


def is_near(a: Box, b: Box, factor: float) -> bool:
    (ax, ay), (bx, by) = centre(a), centre(b)
    return math.hypot(ax - bx, ay - by) < factor * (size(a) + size(b)) / 2.0


def is_holding(worker: Box, thing: Box) -> bool:
    return area(thing) <= 0.5 * area(worker) and intersection_over(thing, _hand_region(worker)) >= 0.3


HELD_DRIFT = 0.35
"""A thing in a person's hands keeps its place beside them, in units of their height, within this much ..."""


def held_steadily(pairs: Sequence[tuple[Box, Box]]) -> bool:
    """Whether a thing that overlaps a person's hands in these (person, thing) frames moved with them. A person
    walking past a thing on the ground (or the wearer walking past both) overlaps it too, but slides across
    it: the thing's offset from the person, measured in the person's height, drifts by more than a swinging
    hand moves it."""
    dx, dy = [], []
    for worker, thing in pairs:
        h = max(worker[3] - worker[1], 1e-6)
        dx.append((centre(thing)[0] - centre(worker)[0]) / h)
        dy.append((thing[3] - worker[3]) / h)
    return not dx or (max(dx) - min(dx) <= HELD_DRIFT and max(dy) - min(dy) <= HELD_DRIFT)


def is_on(a: Box, a_label: str, b: Box, b_label: str) -> bool:
    aw, ah, bh = a[2] - a[0], a[3] - a[1], b[3] - b[1]
    overlap_x = min(a[2], b[2]) - max(a[0], b[0])
    if a_label in PERSON_LABELS and b_label in CLIMBABLE_LABELS:
        cx = (a[0] + a[2]) / 2.0
        return b[0] <= cx <= b[2] and b[1] <= a[3] <= b[3] - 0.1 * bh
    if aw <= 0 or overlap_x < 0.5 * aw:
        return False
    return b[1] - 0.1 * ah <= a[3] <= b[1] + 0.25 * bh and centre(a)[1] < centre(b)[1]


def _frame_ppe(attrs: dict[str, AttributeValue]) -> dict[str, Any]:
    """A frame's PPE attributes for its TimedBox (a violation is timed frame by frame, DESIGN 5)."""
    out: dict[str, Any] = {}
    hat = attrs.get("hardhat")
    if isinstance(hat, bool):
        out["hardhat"] = hat
    elif isinstance(hat, str) and hat.lower() in ("true", "false", "yes", "no"):
        out["hardhat"] = hat.lower() in ("true", "yes")
    vest = attrs.get("vest")
    if isinstance(vest, str) and 0 < len(vest) <= 32:
        out["vest"] = vest.lower()
    elif vest is False:
        out["vest"] = "none"
    return out


class ClipTracker:
    """Tracks the detections of one clip; see the module docstring."""

    def __init__(self, config: TrackerConfig | None = None) -> None:
        self.config = config or TrackerConfig()
        self._tracks: list[_Track] = []
        self._next = 0
        self._prev_t: float | None = None
        self._prev_image: npt.NDArray[np.uint8] | None = None

    @property
    def n_tracks(self) -> int:
        return len(self._tracks)

    def update(
        self, t: float, detections: Sequence[Detection], image: npt.NDArray[np.uint8] | None = None
    ) -> list[str]:
        """Add one sampled frame; returns the track id given to each detection, in order."""
        if self._prev_t is not None and t <= self._prev_t:
            raise ValueError(f"frames must come in time order: t={t} after t={self._prev_t}")
        cfg = self.config
        shift = (0.0, 0.0)
        prev_image = self._prev_image
        if image is not None and prev_image is not None and prev_image.shape == image.shape:
            # The camera's own motion, from the background: detected things may move on their own.
            boxes = [d.bbox for d in detections] + [tr.boxes[-1] for tr in self._tracks if tr.times]
            dx, dy, response = global_shift(prev_image, image, exclude=boxes)
            if response >= MIN_SHIFT_RESPONSE:
                shift = (dx, dy)
        else:
            prev_image = None
        live = [tr for tr in self._tracks if tr.misses <= cfg.max_age]
        descs = [appearance_descriptor(image, d.bbox) if image is not None else [] for d in detections]
        assigned: dict[int, _Track] = {}

        # 1. The detector's own ids.
        by_ext = {tr.ext_id: tr for tr in live if tr.ext_id is not None}
        for i, det in enumerate(detections):
            if det.track_id is not None and det.track_id in by_ext:
                assigned[i] = by_ext.pop(det.track_id)

        # 2. Optimal assignment of the rest.
        rest_d = [i for i in range(len(detections)) if i not in assigned]
        rest_t = [tr for tr in live if tr not in assigned.values()]
        if rest_d and rest_t:
            cost = np.full((len(rest_t), len(rest_d)), _INFEASIBLE)
            for r, tr in enumerate(rest_t):
                # Where it should be if it kept its velocity, and where it was (if it stopped or turned back).
                guesses = [tr.predicted(t, shift), tr.shifted_last(shift)]
                app = tr.appearances[-1] if tr.appearances else []
                for c, i in enumerate(rest_d):
                    det = detections[i]
                    if det.label != tr.label:
                        continue
                    if det.track_id is not None and tr.ext_id is not None and det.track_id != tr.ext_id:
                        continue
                    value = min(self._geometry_cost(g, det.bbox) for g in guesses)
                    if value >= _INFEASIBLE:
                        continue
                    if app and descs[i]:
                        value += cfg.appearance_weight * (1.0 - similarity(app, descs[i]))
                    cost[r, c] = value
            for r, c in linear_sum_assignment(cost):
                if cost[r, c] < _INFEASIBLE:
                    assigned[rest_d[c]] = rest_t[r]

        # 3. New tracks, misses.
        ids: list[str] = []
        for i, det in enumerate(detections):
            found = assigned.get(i)
            if found is not None:
                tr = found
            else:
                tr = _Track(id=f"t{self._next}", label=det.label, ext_id=det.track_id)
                self._next += 1
                self._tracks.append(tr)
            self._observe(tr, t, det, descs[i], shift, prev_image, image)
            ids.append(tr.id)
        seen = {id(tr) for tr in assigned.values()}
        for tr in live:
            if id(tr) not in seen and tr.times and tr.times[-1] != t:
                tr.misses += 1
        self._prev_t = t
        self._prev_image = image
        return ids

    def _geometry_cost(self, guess: Box, box: Box) -> float:
        overlap = iou(guess, box)
        (px, py), (qx, qy) = centre(guess), centre(box)
        dist = math.hypot(px - qx, py - qy) / ((size(guess) + size(box)) / 2.0)
        if overlap < self.config.iou_gate and dist > self.config.centre_gate:
            return _INFEASIBLE
        return (1.0 - overlap) + 0.5 * min(2.0, dist)

    def _observe(
        self,
        tr: _Track,
        t: float,
        det: Detection,
        desc: list[float],
        shift: tuple[float, float],
        prev_image: npt.NDArray[np.uint8] | None,
        image: npt.NDArray[np.uint8] | None,
    ) -> None:
        cfg = self.config
        if tr.times:
            dt = t - tr.times[-1]
            (px, py), (cx, cy) = centre(tr.boxes[-1]), centre(det.bbox)
            # Ego-compensated displacement; the shift is only known between consecutive sampled frames.
            consecutive = self._prev_t is not None and tr.times[-1] == self._prev_t
            sx, sy = shift if consecutive else (0.0, 0.0)
            vx, vy = (cx - px - sx) / dt, (cy - py - sy) / dt
            speed = math.hypot(vx, vy)
            tr.velocity = (vx, vy)
            tr.speeds.append(speed)
            moving = speed > cfg.speed_threshold * size(det.bbox)
            if tr.label in PERSON_LABELS and consecutive and prev_image is not None and image is not None:
                energy = motion_energy(prev_image, image, det.bbox, shift=shift)
                moving = moving or energy >= cfg.energy_threshold
            tr.vote(moving, cfg.hysteresis_frames)
        given = _given_state(det)
        if given is not None:
            tr.given_states.append(given)
            tr.last_given_t = t
        elif tr.label in PERSON_LABELS and tr.last_given_t is not None and t - tr.last_given_t <= GIVEN_STATE_HOLD_S:
            given = tr.given_states[-1]  # a frame the detector said nothing of: as it said a moment ago
        tr.frame_states.append(given if given is not None else _motion_state(tr))
        tr.misses = 0
        tr.times.append(t)
        tr.boxes.append(det.bbox)
        tr.scores.append(det.score)
        tr.attributes.append(dict(det.attributes))
        if desc:
            tr.appearances.append(desc)
        if tr.ext_id is None and det.track_id is not None:
            tr.ext_id = det.track_id

    def observations(self) -> list[Observation]:
        """One Observation per track seen in at least `min_hits` frames, in track-id order."""
        tracks = [tr for tr in self._tracks if len(tr.times) >= self.config.min_hits]
        relations = self._relations(tracks)
        held = {rel.object_track for rels in relations.values() for rel in rels if rel.predicate == "holding"}
        out: list[Observation] = []
        for tr in tracks:
            attrs: dict[str, AttributeValue] = {}
            keys = sorted({k for a in tr.attributes for k in a})
            for key in keys:
                attrs[key] = _majority([a[key] for a in tr.attributes if key in a])
            if tr.ext_id is not None:
                attrs[EXT_TRACK_ATTRIBUTE] = tr.ext_id
            out.append(
                Observation(
                    track=tr.id,
                    label=tr.label,
                    boxes=[
                        TimedBox(t=t, bbox=b, state=st, **_frame_ppe(a))
                        for t, b, st, a in zip(tr.times, tr.boxes, _in_wearers_hands(tr), tr.attributes, strict=True)
                    ],
                    score=float(np.clip(np.mean(tr.scores), 0.0, 1.0)),
                    attributes=attrs,
                    state=self._state(tr, tr.id in held),
                    motion_px_s=float(np.median(tr.speeds)) if tr.speeds else 0.0,
                    relations=relations.get(tr.id, []),
                    appearance=mean_descriptor(tr.appearances),
                )
            )
        return out

    def _state(self, tr: _Track, held: bool) -> EntityState:
        person = tr.label in PERSON_LABELS
        if not person and held:
            return "carried"
        if tr.given_states:  # the detector says so (external detectors with a state attribute)
            return Counter(tr.given_states).most_common(1)[0][0]
        if tr.state_on is None:
            return "unknown"
        if person:
            return "active" if tr.state_on else "idle"
        return "moving" if tr.state_on else "on_ground"

    def _relations(self, tracks: list[_Track]) -> dict[str, list[Relation]]:
        out: dict[str, list[Relation]] = {}
        for a in tracks:
            rels = [rel for b in tracks if b is not a for rel in self._pair_relations(a, b)]
            if rels:
                out[a.id] = rels
        return out

    def _pair_relations(self, a: _Track, b: _Track) -> list[Relation]:
        """Relations from `a` to `b` that hold in most frames where both were seen."""
        bb = dict(zip(b.times, b.boxes, strict=True))
        pairs = [(box, bb[t]) for t, box in zip(a.times, a.boxes, strict=True) if t in bb]
        if not pairs:
            return []
        near = sum(is_near(x, y, self.config.near_factor) for x, y in pairs)
        held = [(x, y) for x, y in pairs if is_holding(x, y)]
        holding = len(held) if held_steadily(held) else 0
        on = sum(is_on(x, a.label, y, b.label) for x, y in pairs)
        half = len(pairs) / 2.0
        rels: list[Relation] = []
        if near > half:
            rels.append(Relation(predicate="near", object_track=b.id))
        if (a.label in PERSON_LABELS and b.label not in PERSON_LABELS and b.label not in UNHOLDABLE_LABELS
                and holding > half):
            rels.append(Relation(predicate="holding", object_track=b.id))
        if on > half:
            rels.append(Relation(predicate="on", object_track=b.id))
        return rels
