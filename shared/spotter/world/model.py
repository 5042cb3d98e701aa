"""The world model: captions in, entity biographies and world events out.

`WorldModel.apply(caption)` decides what one caption changes (a `GraphWrite`
plus the `WorldEvent`s to publish) without writing anything; `ingest` applies
and writes it. Per caption:

1. Place every observation: bearing and distance proxy per `TimedBox` (heading
   at the box's time from the `heading(camera_id, t)` callable), and a
   representative bearing (circular mean) and distance (mean).
2. Resolve identity (`IdentityResolver`: VISTA's gates + GEB's rule), in time
   order, each observation seeing the ones resolved before it (so the
   separation veto also works inside one clip). Unmatched placed things may be
   the same thing moved (`resolve_moved`); otherwise a new entity starts.
3. Update each observed entity: bearing by EWMA (alpha 0.3 for movers; 1/n
   down to `thing_alpha_min` for placed things; jump for a carried or moved
   thing), `last_seen`, confidence back to 1, attributes, state. Entities not
   observed keep their bearing (object permanence); their confidence decays
   only on read (`confidence_at`); nothing is ever erased or pruned from the
   store, "pruned" (`present()` false) only means "no longer believed here".
4. Events, with hysteresis, deterministic ids `{entity_id}|{kind}|{clip_id}`.
5. Records and edges: the clip, one `ObservationRecord` per observation
   (`{clip_id}/{track}`), `member_of` (observation -> entity), `in_clip`
   (observation -> clip), `next` (previous observation of the entity -> this
   one), `relation` (observation -> observation, the caption's predicate) and
   `co_visible` (observation <-> observation sharing frames, lower id first).

Idempotent and restartable: entity ids derive from their first observation
(`{camera_id}/e/{clip_id}/{track}`), every decision is a function of the
caption and the store, and a caption whose clip is already stored changes
nothing (`apply` returns an empty write and the events stored for that clip,
to be published again: consumers de-duplicate by entity, kind and clip). The
per-camera cache is only an optimisation: it is built from the store, checked
against the store's newest clips on every caption and rebuilt when another
writer got there first.

Order: captions of one camera are expected in clip order. A caption older than
the newest applied clip of its camera is stored as history (identity,
observations, edges, `first_seen`) but moves no entity and emits no event,
because events describe the present and its hysteresis has moved on.
"""

from __future__ import annotations

import bisect
import itertools
import logging
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from spotter.graph.base import (
    ClipRecord,
    EdgeRecord,
    EntityRecord,
    EventRecord,
    GraphStore,
    GraphWrite,
    ObservationRecord,
)
from spotter.messages import (
    AttributeValue,
    Caption,
    EntityState,
    Observation,
    TimedBox,
    WorldEvent,
    WorldEventKind,
)
from spotter.world.geometry import (
    BBox,
    angular_distance,
    bearing_deg,
    blend_bearing,
    circular_mean,
    confidence_at,
    distance_proxy,
    in_view,
)
from spotter.world.identity import Candidate, IdentityResolver, Match, Probe
from spotter.world.labels import canonical_label, is_hand_tool, is_mover, is_person
from spotter.world.settings import WorldSettings

log = logging.getLogger(__name__)

HeadingLookup = Callable[[str, float], float | None]
"""heading(camera_id, t) -> yaw in degrees at media time t, or None when unknown."""

HOLDING = frozenset({"holding", "holds", "carrying", "carries", "using", "uses", "hold", "carry"})
"""Predicates on a person's observation whose object is held."""
HELD_BY = frozenset({"held_by", "carried_by", "in_hand_of", "in_hands_of", "used_by"})
"""Predicates on a thing's observation whose object holds it."""

EXTERNAL_TRACK_ATTRIBUTES = ("ext_track_id", "track_id")
"""Attributes carrying a detector's persistent track id (spotter.detect.tracker writes ext_track_id)."""

STATE_EVENT_KINDS: tuple[WorldEventKind, ...] = (
    "idle",
    "active",
    "picked_up",
    "dropped",
    "ppe_on",
    "ppe_off",
)

_EPS = 1e-6

V = TypeVar("V")


# --- samples that the hysteresis counts -------------------------------------------------


def activity_sample(state: EntityState, motion_px_s: float, settings: WorldSettings) -> str | None:
    """idle / active for one observation of a person, or None (no evidence either way)."""
    if state == "idle":
        return "idle"
    if state in ("active", "moving"):
        return "active"
    if state == "unknown":
        if motion_px_s <= settings.idle_px_s:
            return "idle"
        if motion_px_s >= settings.active_px_s:
            return "active"
    return None


def held_sample(state: EntityState) -> bool:
    """A thing's observation is 'held' when its effective state is carried."""
    return state == "carried"


def ppe_sample(attributes: dict[str, AttributeValue]) -> str | None:
    """on / off from a hardhat attribute, None when the caption says nothing about it."""
    for key in ("hardhat", "helmet", "hard_hat"):
        value = attributes.get(key)
        if isinstance(value, bool):
            return "on" if value else "off"
        if isinstance(value, str) and value.lower() in ("yes", "no", "true", "false", "on", "off"):
            return "on" if value.lower() in ("yes", "true", "on") else "off"
    return None


def external_track(obs: ObservationRecord | Observation, settings: WorldSettings) -> str | None:
    """A detector's persistent track id for this observation, if there is one."""
    for key in EXTERNAL_TRACK_ATTRIBUTES:
        value = obs.attributes.get(key)
        if value is not None and not isinstance(value, bool):
            return str(value)
    if settings.external_track_ids:
        if isinstance(obs, Observation):
            return obs.track
        return obs.observation_id.split("/", 1)[-1]
    return None


def entity_id_for(camera_id: str, observation_id: str) -> str:
    return f"{camera_id}/e/{observation_id}"


def event_id_for(entity_id: str, kind: WorldEventKind, clip_id: str) -> str:
    return f"{entity_id}|{kind}|{clip_id}"


# --- the per-camera cache -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EntityMemory:
    """An entity, its recent observations (ascending) and the states its events confirmed."""

    record: EntityRecord
    recent: tuple[ObservationRecord, ...] = ()
    activity: str | None = None
    held: bool | None = None
    ppe: str | None = None


@dataclass(slots=True)
class CameraMemory:
    entities: dict[str, EntityMemory] = field(default_factory=dict)
    clips: list[ClipRecord] = field(default_factory=list)  # ascending by t_start
    clip_ids: set[str] = field(default_factory=set)
    starts: list[float] = field(default_factory=list)  # t_start of `clips`, for bisection
    track_seen: dict[str, float] = field(default_factory=dict)  # detector track id -> last box time
    held_up_at: dict[str, tuple[float, float]] = field(default_factory=dict)  # `_held_key` -> place in the picture of its last in-hand box
    id_memory_s: float = 0.0  # the longest gap after which one of the detector's ids came back

    def add_clip(self, clip: ClipRecord) -> None:
        if clip.clip_id in self.clip_ids:
            return
        i = bisect.bisect_right(self.starts, clip.t_start)
        while i > 0 and self.starts[i - 1] == clip.t_start and self.clips[i - 1].clip_id > clip.clip_id:
            i -= 1
        self.clips.insert(i, clip)
        self.starts.insert(i, clip.t_start)
        self.clip_ids.add(clip.clip_id)

    @property
    def newest_t_start(self) -> float | None:
        return self.clips[-1].t_start if self.clips else None


@dataclass(slots=True)
class Plan:
    """What one caption changes; `ingest` writes `write` and then commits the rest to the cache."""

    write: GraphWrite
    events: list[WorldEvent]
    entities: dict[str, EntityMemory] = field(default_factory=dict)
    clip: ClipRecord | None = None


@dataclass(slots=True)
class _Placed:
    obs: Observation
    observation_id: str
    label: str
    probe: Probe
    state: EntityState
    holder_track: str | None
    wearer_hand: bool = False  # its frames were read as in the wearer's hand or not (`_in_wearers_hand`)


# --- the model ----------------------------------------------------------------------------


class WorldModel:
    """Entity resolution, world-fixed positions and world events for captions of any camera.

    Not thread-safe: give each thread its own model, or serialise per camera
    (the knowledge-graph service holds a per-camera lock).
    """

    def __init__(
        self, store: GraphStore, heading: HeadingLookup, settings: WorldSettings | None = None
    ) -> None:
        self.store = store
        self.heading = heading
        self.settings = settings or WorldSettings()
        self.resolver = IdentityResolver(self.settings)
        self._cameras: dict[str, CameraMemory] = {}
        s = self.settings
        self._n_recent = max(s.recent_refs, s.state_clips, s.hold_clips, s.ppe_clips) + 1

    # --- public API ---------------------------------------------------------------

    def apply(self, caption: Caption) -> tuple[GraphWrite, list[WorldEvent]]:
        """What `caption` changes, without writing it (reads the store, changes no state)."""
        plan = self.plan(caption)
        return plan.write, plan.events

    def ingest(self, caption: Caption) -> list[WorldEvent]:
        """Apply `caption`, write it in one transaction, and return the events to publish."""
        plan = self.plan(caption)
        if plan.clip is not None:
            self.store.write(plan.write)
            self._commit(caption.camera_id, plan)
        return plan.events

    def confidence(self, entity: EntityRecord, t: float) -> float:
        """Decayed confidence at media time `t` (VISTA: 1 - 0.015/s since last seen)."""
        if t <= entity.last_seen:
            return entity.confidence
        return min(entity.confidence, confidence_at(entity.last_seen, t, self.settings.decay_per_s))

    def present(self, entity: EntityRecord, t: float) -> bool:
        """Still believed where it was last seen (decayed confidence >= prune_below); history stays."""
        return self.confidence(entity, t) >= self.settings.prune_below

    def forget(self, camera_id: str | None = None) -> None:
        """Drop the cache (e.g. after `store.clear`); it is rebuilt from the store on demand."""
        if camera_id is None:
            self._cameras.clear()
        else:
            self._cameras.pop(camera_id, None)

    # --- planning -----------------------------------------------------------------

    def plan(self, caption: Caption) -> Plan:
        cam = caption.camera_id
        mem = self._memory(cam, caption)
        if caption.clip_id in mem.clip_ids:
            return Plan(GraphWrite(), self._stored_events(caption))
        newest = mem.newest_t_start
        late = newest is not None and caption.t_start < newest - _EPS
        times, yaws, known = self._headings(caption, mem)
        clip = ClipRecord(
            clip_id=caption.clip_id,
            camera_id=cam,
            t_start=caption.t_start,
            t_end=caption.t,
            caption=caption.text,
            yaw_start_deg=yaws[caption.t_start] if known[caption.t_start] else None,
            yaw_end_deg=yaws[caption.t] if known[caption.t] else None,
            width=caption.width,
            height=caption.height,
        )
        self._note_track_ids(caption, mem)
        placed = [self._place(caption, o, yaws, mem.id_memory_s, mem.held_up_at) for o in sorted(caption.observations, key=_obs_order)]
        ctx = _Context(self, caption, mem, times, yaws, late)
        ctx.resolve(placed)
        ctx.update_entities(placed)
        if not late:
            ctx.unobserved()
        ctx.edges(placed)
        write = GraphWrite(
            clips=[clip],
            entities=[ctx.work[eid].record for eid in sorted(ctx.touched)],
            observations=ctx.observations,
            edges=ctx.edge_list,
            events=ctx.event_records,
        )
        # Time order (then id), as the store returns them, so a replay publishes the same sequence.
        events = sorted(
            ctx.world_events, key=lambda e: (e.t, event_id_for(e.entity_id, e.kind, caption.clip_id))
        )
        return Plan(write, events, {eid: ctx.work[eid] for eid in ctx.touched}, clip)

    # --- helpers used by the context ---------------------------------------------

    def _note_track_ids(self, caption: Caption, mem: CameraMemory) -> None:
        """Learn how long this camera's detector remembers an individual: the longest gap after which an id came back."""
        for obs in caption.observations:
            tid = external_track(obs, self.settings)
            if tid is None or not obs.boxes:
                continue
            last = mem.track_seen.get(tid)
            if last is not None:
                mem.id_memory_s = max(mem.id_memory_s, obs.boxes[0].t - last)
            mem.track_seen[tid] = max(last or obs.boxes[-1].t, obs.boxes[-1].t)
        if len(mem.track_seen) > 5000:  # a plain tracker's ids on a long shift: keep the recent half
            keep = sorted(mem.track_seen.items(), key=lambda kv: kv[1])[-2500:]
            mem.track_seen = dict(keep)

    def _place(self, caption: Caption, obs: Observation, yaws: dict[float, float], id_memory_s: float = math.inf,
               held_places: dict[str, tuple[float, float]] | None = None) -> _Placed:
        label = canonical_label(obs.label)
        in_hand = self._in_wearers_hand(caption, obs, yaws, held_places)
        if in_hand is not None:
            obs = in_hand
        bearings = tuple(_box_bearing(caption, yaws[b.t], b.bbox) for b in obs.boxes)
        dists = [distance_proxy(b.bbox, caption.height, label) for b in obs.boxes]
        holder = _holder_track(caption, obs)
        state: EntityState = obs.state
        if holder is not None or obs.state == "carried":
            state = "carried"
        probe = Probe(
            label=label,
            clip_id=caption.clip_id,
            t_start=obs.boxes[0].t,
            bearing_deg=circular_mean(bearings),
            bearings=bearings,
            distance=sum(dists) / len(dists),
            boxes=tuple(obs.boxes),
            appearance=tuple(obs.appearance),
            external_track=external_track(obs, self.settings),
            id_memory_s=id_memory_s,
            vest=v if isinstance(v := obs.attributes.get("vest"), str) else None,
            hat=h if isinstance(h := obs.attributes.get("hat_colour"), str) else None,
            distance_first=dists[0],
        )
        return _Placed(obs, f"{caption.clip_id}/{obs.track}", label, probe, state, holder, wearer_hand=in_hand is not None)

    def _in_wearers_hand(self, caption: Caption, obs: Observation, yaws: dict[float, float],
                         held_places: dict[str, tuple[float, float]] | None = None) -> Observation | None:
        """A hand tool in the wearer's hand is seen cut off by the bottom of the picture (the hands are below the view)
        and moves with the head: its image column stays put while the heading turns, where a tool lying on the ground
        slides across the picture. The observation with its frames marked carried (in hand) and on the ground (the
        others), or None when no frame is in hand or the detector said who carries it (its "carried" frames)."""
        s = self.settings
        if not is_hand_tool(obs.label) or len(obs.boxes) < 3 or any(b.state == "carried" for b in obs.boxes):
            return None
        h, w = float(caption.height), float(caption.width)
        px_per_deg = w / max(caption.hfov_deg, 1.0)
        side = s.in_hand_edge * w  # a box cut off at a side too has no true column: it says nothing
        low = [b.bbox[3] >= (1.0 - s.in_hand_edge) * h and b.bbox[3] - b.bbox[1] >= s.in_hand_height * h
               and b.bbox[0] > side and b.bbox[2] < w - side for b in obs.boxes]  # fmt: skip
        hand: list[bool] = []
        for is_low, group in itertools.groupby(zip(obs.boxes, low, strict=True), key=lambda bl: bl[1]):
            run = [b for b, _ in group]  # a run of frames cut off at the bottom: in hand unless it slid as the head turned
            turned = max(yaws[b.t] for b in run) - min(yaws[b.t] for b in run)
            columns = [(b.bbox[0] + b.bbox[2]) / 2.0 for b in run]
            held = (is_low and len(run) >= 3 and turned >= s.in_hand_turn_deg
                    and max(columns) - min(columns) <= 0.5 * turned * px_per_deg)  # else: too short, no turn, or it slid
            # (held up in front: only a tool never cut off by the bottom here; one rising from it or sinking into it is a
            # hand's move, for the lift and lowering rules)
            hand += [held] * len(run) if is_low or any(low) else self._held_up(run, yaws, w, h)
        # a tool sinking out of the view by its bottom just after in-hand frames (its last boxes slivers cut off by the
        # bottom, for at most `sinking_s`) went down with the hand: not a set-down
        k = len(hand)
        while k > 0 and not hand[k - 1] and obs.boxes[k - 1].bbox[3] >= (1.0 - s.in_hand_edge) * h:
            k -= 1
        if 0 < k < len(hand) and hand[k - 1] and obs.boxes[-1].t - obs.boxes[k].t <= s.sinking_s:
            hand[k:] = [True] * (len(hand) - k)
        if held_places is not None and not any(low):
            key = _held_key(obs, s)
            hand = self._still_held_up(obs.boxes, low, hand, held_places.get(key), w, h)
            last = next((b for b, held in zip(reversed(obs.boxes), reversed(hand), strict=True) if held), None)
            if last is not None:
                held_places.pop(key, None)  # (re-inserted: the dict keeps the most recent last)
                held_places[key] = _box_centre(last.bbox)
                if len(held_places) > 500:  # a long shift's tracks: keep the recent half
                    for stale in list(held_places)[:250]:
                        del held_places[stale]
        if not any(hand):
            return None
        boxes = [b.model_copy(update={"state": "carried" if held else "on_ground"}) for b, held in zip(obs.boxes, hand, strict=True)]
        return obs.model_copy(update={"boxes": boxes, "state": boxes[-1].state})  # as it was when last seen

    def _still_held_up(self, boxes: Sequence[TimedBox], low: Sequence[bool], hand: Sequence[bool],
                       before: tuple[float, float] | None, w: float, h: float) -> list[bool]:
        """A tool seen held up in the wearer's hand stays in it while its box stays at that place in the picture, the head
        still or not (a still head says nothing either way), from the frames before (`before`: the place of its last
        in-hand box) and within the observation, forward and back. Frames cut off at the bottom keep their own reading."""
        s = self.settings
        out = list(hand)

        def near(box: TimedBox, place: tuple[float, float]) -> bool:
            cx, cy = _box_centre(box.bbox)
            return abs(cx - place[0]) <= s.held_up_drift * w and abs(cy - place[1]) <= s.held_up_drift * h

        for order in (range(len(boxes)), range(len(boxes) - 1, -1, -1)):
            anchor = before if order.step == 1 else None
            for i in order:
                if out[i]:
                    anchor = _box_centre(boxes[i].bbox)
                elif anchor is not None and not low[i] and near(boxes[i], anchor):
                    out[i] = True
                else:
                    anchor = None
        return out

    def _held_up(self, run: Sequence[TimedBox], yaws: dict[float, float], w: float, h: float) -> list[bool]:
        """Which frames of a run not cut off by the picture's bottom show a hand tool held up in front of the wearer: over a
        head turn of `held_up_turn_deg`, its box kept its place in the picture (a tool lying there slides across it by the
        turn), tall enough to be within arm's reach and clear of the sides. Read over a sliding stretch of the turn,
        so that a tool held through a turn and then set down is in hand only while it turned with the head."""
        s = self.settings
        flags = [False] * len(run)
        if s.held_up_turn_deg <= 0.0 or len(run) < 3:
            return flags
        side = s.in_hand_edge * w
        ok = [b.bbox[3] - b.bbox[1] >= s.in_hand_height * h and b.bbox[0] > side and b.bbox[2] < w - side for b in run]
        centres = [_box_centre(b.bbox) for b in run]
        for end in range(len(run)):  # the frames before this one whose box stayed where it is now
            cx, cy = centres[end]
            start = end
            while start > 0 and ok[start - 1] and abs(centres[start - 1][0] - cx) <= s.held_up_drift * w \
                    and abs(centres[start - 1][1] - cy) <= s.held_up_drift * h:  # fmt: skip
                start -= 1
            stretch = run[start:end + 1]
            if ok[end] and len(stretch) >= 3 and \
                    max(yaws[b.t] for b in stretch) - min(yaws[b.t] for b in stretch) >= s.held_up_turn_deg:
                flags[start:end + 1] = [True] * len(stretch)
        return flags

    def _headings(
        self, caption: Caption, mem: CameraMemory
    ) -> tuple[list[float], dict[float, float], dict[float, bool]]:
        """Yaw at the clip's start, middle, end and every box time.

        Unknown samples take the nearest known one of the clip, else the last
        stored clip's end yaw, else 0 (one camera without a flow tracker then
        still gets consistent, camera-relative bearings).
        """
        times = sorted(
            {caption.t_start, (caption.t_start + caption.t) / 2.0, caption.t}
            | {b.t for o in caption.observations for b in o.boxes}
        )
        raw = {t: self.heading(caption.camera_id, t) for t in times}
        known_t = [t for t in times if raw[t] is not None]
        fallback = 0.0
        for c in reversed(mem.clips):
            if c.yaw_end_deg is not None and c.t_start <= caption.t_start:
                fallback = c.yaw_end_deg
                break
        yaws: dict[float, float] = {}
        for t in times:
            value = raw[t]
            if value is None and known_t:
                value = raw[_nearest(known_t, t)]
            yaws[t] = fallback if value is None else value
        return times, yaws, {t: raw[t] is not None for t in times}

    def _stored_events(self, caption: Caption) -> list[WorldEvent]:
        records = self.store.events(caption.camera_id, t_max=caption.t)
        return [_to_message(r) for r in records if r.clip_id == caption.clip_id]

    # --- the cache ------------------------------------------------------------------

    def _memory(self, camera_id: str, caption: Caption) -> CameraMemory:
        mem = self._cameras.get(camera_id)
        if mem is None:
            mem = self._load(camera_id)
            self._cameras[camera_id] = mem
            return mem
        newest = mem.newest_t_start
        probe_from = caption.t_start if newest is None else min(newest, caption.t_start)
        stored = self.store.clips(camera_id, t_min=probe_from)
        if any(c.clip_id not in mem.clip_ids for c in stored):
            log.info("camera %s: the store has clips this cache has not seen; reloading", camera_id)
            mem = self._load(camera_id)
            self._cameras[camera_id] = mem
        return mem

    def _load(self, camera_id: str) -> CameraMemory:
        s = self.settings
        mem = CameraMemory()
        for clip in self.store.clips(camera_id):
            mem.add_clip(clip)
        confirmed: dict[str, dict[str, str | bool]] = {}
        for ev in self.store.events(camera_id, kinds=list(STATE_EVENT_KINDS)):
            slot = confirmed.setdefault(ev.entity_id, {})
            if ev.kind in ("idle", "active"):
                slot["activity"] = ev.kind
            elif ev.kind in ("picked_up", "dropped"):
                slot["held"] = ev.kind == "picked_up"
            else:
                slot["ppe"] = "on" if ev.kind == "ppe_on" else "off"
        for ent in self.store.entities(camera_id):
            obs = self.store.observations(
                camera_id, entity_id=ent.entity_id, t_min=ent.last_seen - s.reload_window_s
            )
            if len(obs) < self._n_recent:
                obs = self.store.observations(camera_id, entity_id=ent.entity_id)
            slot = confirmed.get(ent.entity_id, {})
            activity, held, ppe = slot.get("activity"), slot.get("held"), slot.get("ppe")
            mem.entities[ent.entity_id] = EntityMemory(
                record=ent,
                recent=tuple(obs[-self._n_recent :]),
                activity=activity if isinstance(activity, str) else None,
                held=held if isinstance(held, bool) else None,
                ppe=ppe if isinstance(ppe, str) else None,
            )
        return mem

    def _commit(self, camera_id: str, plan: Plan) -> None:
        mem = self._cameras.setdefault(camera_id, CameraMemory())
        mem.entities.update(plan.entities)
        if plan.clip is not None:
            mem.add_clip(plan.clip)


def _held_key(obs: ObservationRecord | Observation, settings: WorldSettings) -> str:
    """Which tool in the wearer's hand an observation is: the detector's track, else its label (one drill in hand)."""
    track = external_track(obs, settings)
    return f"track:{track}" if track is not None else f"label:{canonical_label(obs.label)}"


def _aspect(box: TimedBox) -> float:
    """Height over width of a box (a tool held upright is tall; lying flat, wide)."""
    return max(box.bbox[3] - box.bbox[1], 1.0) / max(box.bbox[2] - box.bbox[0], 1.0)


def _box_centre(bbox: Sequence[float]) -> tuple[float, float]:
    return (bbox[0] + bbox[2]) / 2.0, (bbox[1] + bbox[3]) / 2.0


def _nearest(candidates: Sequence[float], t: float) -> float:
    return min(candidates, key=lambda k: (abs(k - t), k))


def _obs_order(o: Observation) -> tuple[float, str]:
    return (o.boxes[0].t, o.track)


def _holder_track(caption: Caption, obs: Observation) -> str | None:
    """The track of whoever holds `obs` in this clip, from either side's relations."""
    for rel in obs.relations:
        if rel.predicate.lower() in HELD_BY:
            return rel.object_track
    for other in caption.observations:
        if other.track == obs.track:
            continue
        for rel in other.relations:
            if rel.object_track == obs.track and rel.predicate.lower() in HOLDING:
                return other.track
    return None


def _to_message(r: EventRecord) -> WorldEvent:
    return WorldEvent(
        camera_id=r.camera_id,
        t=r.t,
        kind=r.kind,
        entity_id=r.entity_id,
        label=r.label,
        clip_id=r.clip_id,
        bearing_deg=r.bearing_deg,
        detail=dict(r.detail),
    )


class _Context:
    """The working state of one caption's plan (never touches the cache)."""

    def __init__(
        self,
        model: WorldModel,
        caption: Caption,
        mem: CameraMemory,
        times: list[float],
        yaws: dict[float, float],
        late: bool,
    ) -> None:
        self.m = model
        self.s = model.settings
        self.caption = caption
        self.cam = caption.camera_id
        self.mem = mem
        self.times = times
        self.yaws = yaws
        self.late = late
        self.work: dict[str, EntityMemory] = dict(mem.entities)
        self.touched: set[str] = set()
        self.created: set[str] = set()
        self.assign: dict[str, tuple[str, Match | None]] = {}  # observation id -> (entity id, match)
        self.observations: list[ObservationRecord] = []
        self.edge_list: list[EdgeRecord] = []
        self.event_records: list[EventRecord] = []
        self.world_events: list[WorldEvent] = []
        self._event_ids: set[str] = set()
        self._absence: dict[str, bool] = {}
        self._last_frame: float | None = None

    # --- identity -------------------------------------------------------------------

    def candidates(self, label: str, exclude: Iterable[str] = ()) -> list[Candidate]:
        skip = set(exclude)
        out = []
        for eid, em in sorted(self.work.items()):
            if em.record.label != label or eid in skip:
                continue
            tracks = frozenset(t for r in em.recent if (t := external_track(r, self.s)) is not None)
            last = em.recent[-1].boxes[-1].bbox if em.recent and em.recent[-1].boxes else None
            went = distance_proxy(last, self.caption.height, label) if last is not None else None
            out.append(Candidate(em.record, em.recent, carried=em.held is True, external_tracks=tracks, last_distance=went))
        return out

    def seen_with(self, p: _Placed) -> set[str]:
        """Entities observed in this clip while `p` was: two people at once. One seen only before or after
        `p` in the clip may be the same person whose track the detector broke."""
        start, end = p.obs.boxes[0].t, p.obs.boxes[-1].t
        tol = self.s.shared_frame_tol_s
        out = set()
        for record in self.observations:
            if record.boxes and record.boxes[0].t - tol <= end and start <= record.boxes[-1].t + tol:
                out.add(record.entity_id)
        return out

    def old_place_seen_empty(self, entity: EntityRecord) -> bool:
        """Evidence of absence: the entity's place was in view, steadily, since it was last seen.

        Either a stored clip after its last observation started AND ended
        looking at the place, or `absence_samples` heading samples of this
        clip (start, middle, end, box times) had it in view. A mere sweep past
        the place is not evidence: the captioner may not have looked then.
        """
        cached = self._absence.get(entity.entity_id)
        if cached is not None:
            return cached
        em = self.mem.entities.get(entity.entity_id)
        hfov, margin = self.caption.hfov_deg, self.s.view_margin_deg
        result = False
        if em is not None and em.recent:
            last = em.recent[-1]
            for clip in self.mem.clips[bisect.bisect_left(self.mem.starts, last.t_start - _EPS) :]:
                if clip.clip_id == last.clip_id:
                    continue
                ys, ye = clip.yaw_start_deg, clip.yaw_end_deg
                if (
                    ys is not None
                    and ye is not None
                    and (
                        in_view(entity.bearing_deg, ys, hfov, margin)
                        and in_view(entity.bearing_deg, ye, hfov, margin)
                    )
                ):
                    result = True
                    break
        if not result:
            hits = sum(in_view(entity.bearing_deg, self.yaws[t], hfov, margin) for t in self.times)
            result = hits >= self.s.absence_samples
        self._absence[entity.entity_id] = result
        return result

    def resolve(self, placed: Sequence[_Placed]) -> None:
        for p in placed:
            match = self.m.resolver.resolve(p.probe, self.candidates(p.label))
            mover = is_mover(p.label)
            if (
                match is not None
                and not mover
                and match.reason == "appearance"
                and match.angle_deg > self.s.move_min_deg
                and min(match.similarities) >= self.s.theta_move
                and self.work[match.entity_id].held is not True
                and self.old_place_seen_empty(self.work[match.entity_id].record)
            ):
                match = replace(match, reason="moved")
            if match is None and not mover and not self.late:
                seen_now = {eid for eid, _ in self.assign.values()}
                match = self.m.resolver.resolve_moved(
                    p.probe, self.candidates(p.label, exclude=seen_now), self.old_place_seen_empty
                )
            if match is None and is_person(p.label) and not self.late:
                match = self.m.resolver.resolve_returning(p.probe, self.candidates(p.label, exclude=self.seen_with(p)))
            if match is None:
                eid = entity_id_for(self.cam, p.observation_id)
                self.created.add(eid)
                self.work[eid] = EntityMemory(
                    record=EntityRecord(
                        entity_id=eid,
                        camera_id=self.cam,
                        label=p.label,
                        first_seen=p.probe.t_start,
                        last_seen=p.obs.boxes[-1].t,
                        bearing_deg=p.probe.bearing_deg,
                        distance=p.probe.distance,
                        confidence=1.0,
                        state=p.state,
                        attributes=dict(p.obs.attributes),
                        observations=0,
                        description=p.obs.description,
                    )
                )
            else:
                eid = match.entity_id
            self.assign[p.observation_id] = (eid, match)
            record = self._observation_record(p, eid)
            em = self.work[eid]
            self.work[eid] = replace(em, recent=_insert_recent(em.recent, record, self.m._n_recent))
            self.observations.append(record)

    def _observation_record(self, p: _Placed, eid: str) -> ObservationRecord:
        return ObservationRecord(
            observation_id=p.observation_id,
            entity_id=eid,
            camera_id=self.cam,
            clip_id=self.caption.clip_id,
            label=p.label,
            t_start=p.probe.t_start,
            t_end=p.obs.boxes[-1].t,
            bearing_deg=p.probe.bearing_deg,
            distance=p.probe.distance,
            state=p.state,
            attributes=dict(p.obs.attributes),
            motion_px_s=p.obs.motion_px_s,
            description=p.obs.description,
            boxes=list(p.obs.boxes),
            appearance=list(p.obs.appearance),
        )

    # --- entity state and events --------------------------------------------------

    def update_entities(self, placed: Sequence[_Placed]) -> None:
        s = self.s
        for p in placed:
            eid, match = self.assign[p.observation_id]
            em = self.work[eid]
            before = self.mem.entities.get(eid)
            rec = em.record
            t_first, t_last = p.probe.t_start, p.obs.boxes[-1].t
            self.touched.add(eid)
            if self.late:
                self.work[eid] = replace(
                    em,
                    record=rec.model_copy(
                        update={
                            "first_seen": min(rec.first_seen, t_first),
                            "observations": rec.observations + 1,
                        }
                    ),
                )
                continue
            moves = self._hand_moves(em, p)  # once: the first-seen set-down and the lifts below both read it
            moved = match is not None and match.reason == "moved"
            returning = match is not None and match.reason == "returning"
            if eid in self.created and rec.observations == 0:
                bearing, distance = p.probe.bearing_deg, p.probe.distance
                self._emit("appeared", em, t_first, bearing, {"distance": round(distance, 3)})
                if not p.wearer_hand and self._set_down_by_wearer(p, t_first):
                    lowered = next((box for held, box in moves if not held), None)
                    t_down = t_first if lowered is None else lowered.t  # it came to rest there, after it was first seen
                    self._emit("dropped", em, t_down, bearing, {"bearing_deg": round(bearing, 3), "by": "wearer"})
                    em = replace(em, held=False)
            else:
                seen_at = p.probe.bearing_deg
                if is_mover(rec.label):
                    alpha = 1.0 if returning else s.mover_alpha  # seen again elsewhere: there now
                elif moved or em.held is True or p.state == "carried":
                    alpha = 1.0  # a thing in hand is where it was last seen in this clip, not its average place
                    seen_at = p.probe.bearings[-1] if p.probe.bearings else seen_at
                else:
                    alpha = max(1.0 / (rec.observations + 1), s.thing_alpha_min)
                bearing = blend_bearing(rec.bearing_deg, seen_at, alpha)
                distance = rec.distance + alpha * (p.probe.distance - rec.distance)
                gap = t_first - rec.last_seen
                if before is not None and gap > s.returned_after_s:
                    self._emit("returned", em, t_first, bearing, {"gap_s": round(gap, 3)})
                if moved:
                    self._emit(
                        "moved",
                        em,
                        t_first,
                        p.probe.bearing_deg,
                        {
                            "from_bearing_deg": round(rec.bearing_deg, 3),
                            "to_bearing_deg": round(p.probe.bearing_deg, 3),
                        },
                    )
            em = replace(
                em,
                record=rec.model_copy(
                    update={
                        "first_seen": min(rec.first_seen, t_first),
                        "last_seen": max(rec.last_seen, t_last),
                        "bearing_deg": bearing,
                        "distance": min(max(distance, 0.0), 1.0),
                        "confidence": 1.0,
                        "state": self._effective_state(p),
                        "attributes": {**rec.attributes, **p.obs.attributes},
                        "observations": rec.observations + 1,
                        "description": p.obs.description or rec.description,
                    }
                ),
            )
            em = self._hysteresis(em, p, seen_move=bool(moves))
            em = self._lifted_or_lowered(em, p, moves)
            em = self._taken_in_view(em, p)
            self.work[eid] = em

    def _set_down_by_wearer(self, p: _Placed, t_first: float) -> bool:
        """A hand tool first seen large at the bottom of the view, after the camera's first seconds: the
        wearer (whose hands are below the view) has just set it down there."""
        s = self.s
        if not is_hand_tool(p.label) or not p.obs.boxes:
            return False
        start = self.mem.clips[0].t_start if self.mem.clips else self.caption.t_start
        if t_first < start + s.set_down_after_s:
            return False
        key = canonical_label(p.label)
        if any(canonical_label(m.record.label) == key and m.held is not True and m.record.observations > 0
               for m in self.work.values()):  # fmt: skip
            return False  # one like it lies about already: this may be that one seen again, not a new one set down
        box = p.obs.boxes[0].bbox
        if {"left", "right"} & self._edges(box):
            return False  # it came in from a side: swept into view by a turn, not set down in front
        bearing = p.probe.bearings[0] if p.probe.bearings else p.probe.bearing_deg
        before = [t for t in self.times if t_first - 1.0 <= t < t_first]
        if before and self._place_watched(bearing, reversed(before), since=t_first) == t_first:
            return False  # its place came into view only now (through a corner): swept in by a turn
        h = float(self.caption.height)
        if box[3] >= s.set_down_bottom * h and (box[3] - box[1]) >= s.set_down_height * h:
            return True  # in hand, below the view, then on the ground in front
        return self._appeared_in_place(p, box, t_first)

    def _appeared_in_place(self, p: _Placed, box: tuple[float, float, float, float], t_first: float) -> bool:
        """A hand tool that appears on the ground ahead, inside the picture, where the view had rested for a while
        without it, with nobody beside it: put there, and with no one else to have put it, by the wearer (a wide
        lens sees a tool set down a few steps ahead small and mid-picture, not large at the bottom)."""
        s = self.s
        if self._edges(box) or box[3] < s.set_down_ahead_bottom * float(self.caption.height):
            return False  # at an edge of the picture (swept in), or above the ground near the wearer
        bearing = p.probe.bearings[0] if p.probe.bearings else p.probe.bearing_deg
        before = [t for t in self.times if t_first - s.taken_in_view_s <= t < t_first]
        if not before or before[0] > t_first - s.taken_in_view_s + s.frame_gap_s:
            return False  # not enough frames looked at before it (the clip's first moments, or a gap)
        if self._place_watched(bearing, reversed(before), since=t_first) != before[0]:
            return False  # its place came into view only now: swept in by a turn
        width = box[2] - box[0]
        for o in self.caption.observations:
            if is_person(o.label) and any(abs(b.t - t_first) <= 0.5 and b.bbox[0] - 2 * width <= box[2]
                                          and box[0] <= b.bbox[2] + 2 * width for b in o.boxes):  # fmt: skip
                return False  # a person beside it: theirs to have put down
        return True

    def _lifted_or_lowered(self, em: EntityMemory, p: _Placed, moves: list[tuple[bool, TimedBox]]) -> EntityMemory:
        """The wearer picking a tool up from the ground or setting it down while looking down at it (`_hand_moves`):
        the other state from where it began. A tool someone else holds, or one the in-hand reading placed, is left
        to those readings."""
        if not is_hand_tool(p.label) or p.wearer_hand or p.holder_track is not None or p.state == "carried":
            return em
        for held, box in moves:
            if em.held is held:
                continue
            yaw = self.yaws.get(box.t)
            bearing = p.probe.bearing_deg if yaw is None else _box_bearing(self.caption, yaw, box.bbox)
            self._hand_change(em, held, box.t, bearing, {"by": "wearer"})
            em = replace(em, held=held)
        return em

    def _hand_moves(self, em: EntityMemory, p: _Placed) -> list[tuple[bool, TimedBox]]:
        """A hand tool's box holding one size, then within `lift_s` another `lift_ratio` times larger or smaller,
        with the heading still: lifted from the ground into the wearer's hand (held, dated at the last box on the
        ground) or lowered from the hand to the ground (dated at the first box at rest). A head camera sees this when
        the wearer looks down to set a tool at his feet or pick it up; his hands are below the view otherwise. A walk
        up to a tool also grows it, but slides it down the picture as it nears; a lens's edge shrinks a thing swept
        to it, but only with a turn. The observation's frames continue the entity's previous observation when that
        ended just before (a clip's boundary falls mid-move)."""
        s = self.s
        boxes = list(p.obs.boxes)
        if not is_hand_tool(p.label) or not boxes:
            return []
        previous = [r for r in em.recent if r.observation_id != p.observation_id and r.boxes]
        if previous and 0.0 < boxes[0].t - previous[-1].boxes[-1].t <= s.lift_s:
            boxes = [b for b in previous[-1].boxes if b.t < boxes[0].t] + boxes
        if len(boxes) < 3:
            return []
        times = [b.t for b in boxes]
        gaps = sorted(b - a for a, b in zip(times, times[1:], strict=False))
        if gaps[len(gaps) // 2] > 0.5:
            return []  # keyframes only: too sparse to see a hand's move

        def size(b: TimedBox) -> float:
            return max(b.bbox[2] - b.bbox[0], b.bbox[3] - b.bbox[1])

        spells: list[list[TimedBox]] = []
        for b in boxes:
            run = spells[-1] if spells else []
            sizes = sorted(size(x) for x in run)
            if not run or abs(size(b) / max(sizes[len(sizes) // 2], 1.0) - 1.0) > 0.25:
                spells.append([b])
            else:
                run.append(b)
        steady = [r for r in spells if len(r) >= 3 and r[-1].t - r[0].t >= s.steady_s]
        moves: list[tuple[bool, TimedBox]] = []
        i = 0
        while i < len(steady):
            move = None
            for j in range(i + 1, len(steady)):  # the next spell at a size far enough off, passing brief ones between
                if steady[j][0].t - steady[i][-1].t > s.lift_s:
                    break
                move = self._hand_move(steady[i], steady[j], size)
                if move is not None:
                    moves.append(move)
                    i = j
                    break
            if move is None:
                i += 1
        for move in self._ramps(boxes, steady, size):  # a lift or a lowering seen as one steady spell and a ramp
            if all(held != move[0] or abs(box.t - move[1].t) > s.lift_s for held, box in moves):
                moves.append(move)
        return sorted(moves, key=lambda m: m[1].t)

    def _ramps(self, boxes: list[TimedBox], steady: list[list[TimedBox]],
               size: Callable[[TimedBox], float]) -> list[tuple[bool, TimedBox]]:
        """Lifts and lowerings with only one steady end: a tool at rest that grows `lift_ratio` times within `lift_s`,
        box by box, without sliding down the picture, and then leaves it or stays large (lifted to the wearer's face
        and out of the view: dated at its last box at rest); and a tool first seen within arm's reach (`hand_size`)
        that shrinks box by box into a steady spell (lowered from the hand to the ground, at his feet or a step ahead:
        dated at its first box at rest). A walk up to a tool slides it down as it grows; one seen within arm's reach
        does not shrink by `lift_ratio` within `lift_s` at a walk."""
        s = self.s
        out: list[tuple[bool, TimedBox]] = []
        index = {id(b): k for k, b in enumerate(boxes)}

        def still(a: TimedBox, b: TimedBox) -> bool:
            return a.t not in self.yaws or b.t not in self.yaws or angular_distance(self.yaws[a.t], self.yaws[b.t]) <= s.lift_turn_deg

        for spell in steady:
            rest = sorted(size(b) for b in spell)[len(spell) // 2]
            k = index[id(spell[-1])]  # growing from the spell's end
            j = k
            while j + 1 < len(boxes) and boxes[j + 1].t - spell[-1].t <= s.lift_s and size(boxes[j + 1]) >= 0.9 * size(boxes[j]):
                j += 1
            top = boxes[j]
            rise = _box_centre(top.bbox)[1] - _box_centre(spell[-1].bbox)[1]  # > 0: slid down the picture
            grown = size(top) >= s.lift_ratio * rest
            if j > k and grown and still(spell[-1], top) and rise <= 0.0 and not self._edges(spell[-1].bbox) \
                    and not self._risen_from_below(boxes, index[id(spell[0])]):  # fmt: skip
                after = boxes[j + 1:]
                if not after or after[0].t - top.t > s.lift_s or size(after[0]) >= s.lift_ratio * rest:
                    out.append((True, spell[-1]))
            k = index[id(spell[0])]  # shrinking into the spell's start
            j = k
            while j > 0 and spell[0].t - boxes[j - 1].t <= s.lift_s and size(boxes[j - 1]) >= 0.9 * size(boxes[j]):
                j -= 1
            first = boxes[j]
            reach = size(first) >= s.hand_size * float(self.caption.width)  # first seen within arm's reach
            if j < k and size(first) >= s.lift_ratio * rest and still(first, spell[0]) and reach \
                    and not self._edges(spell[0].bbox) and not self._edges(first.bbox) and not self._beside_person(spell[0]) \
                    and not self._turns_with_head([b for b in spell if size(b) <= 1.25 * rest]) \
                    and not self._risen_from_below(boxes, j):  # fmt: skip  (the spell's settled boxes, not its tail of the ramp)
                out.append((False, spell[0]))
        return out

    def _risen_from_below(self, boxes: Sequence[TimedBox], k: int) -> bool:
        """The tool came up into the view through the picture's bottom within `2 * lift_s` before `boxes[k]`: the
        wearer raised it from his hands below the view; it is in his hand, whatever its box does next."""
        floor = (1.0 - self.s.in_hand_edge) * float(self.caption.height)
        return any(b.bbox[3] >= floor for b in boxes[:k] if b.t >= boxes[k].t - 2.0 * self.s.lift_s)

    def _turns_with_head(self, spell: Sequence[TimedBox]) -> bool:
        """A box that kept its column while the heading turned `in_hand_turn_deg` or more moves with the head: a tool
        in the hand turned in it, not one at rest on the ground (that slides across the picture as the head turns)."""
        yaws = [self.yaws[b.t] for b in spell if b.t in self.yaws]
        if len(yaws) < 2:
            return False
        turned = max(yaws) - min(yaws)
        columns = [(b.bbox[0] + b.bbox[2]) / 2.0 for b in spell]
        px_per_deg = float(self.caption.width) / max(self.caption.hfov_deg, 1.0)
        return turned >= self.s.in_hand_turn_deg and max(columns) - min(columns) <= 0.5 * turned * px_per_deg

    def _hand_move(self, spell: list[TimedBox], following: list[TimedBox],
                   size: Callable[[TimedBox], float]) -> tuple[bool, TimedBox] | None:
        """Lifted (True, the last box on the ground) or lowered (False, the first box at rest) between two steady
        spells of a tool's box, or None (see `_hand_moves`)."""
        s = self.s
        end, start = spell[-1], following[0]
        if end.t in self.yaws and start.t in self.yaws and angular_distance(self.yaws[start.t], self.yaws[end.t]) > s.lift_turn_deg:
            return None  # swept across the lens by a turn
        before = sorted(size(x) for x in spell)[len(spell) // 2]
        after = sorted(size(x) for x in following)[len(following) // 2]
        # a tool held upright in the hand and lying flat on the ground: its box's shape turns over as well (a
        # hammer's tall box becomes a wide one), so a smaller change of size says it too
        tall = sorted(_aspect(x) for x in spell)[len(spell) // 2] / sorted(_aspect(x) for x in following)[len(following) // 2]
        turned = max(tall, 1.0 / tall) >= s.turned_over
        ratio = s.turned_over_ratio if turned else s.lift_ratio
        if after >= ratio * before and not (turned and tall > 1.0):  # (turned over: stood up in the hand)
            rise = (start.bbox[1] + start.bbox[3] - end.bbox[1] - end.bbox[3]) / 2.0
            if self._edges(end.bbox) or rise > 0.5 * (size(start) - size(end)):
                return None  # not whole on the ground (cut off by the picture), or it slid down the view: walked up to
            return True, end
        if before >= ratio * after and not (turned and tall < 1.0):  # (turned over: laid flat)
            if self._edges(start.bbox) or self._beside_person(end):
                return None  # not whole at rest, or someone carried it off
            return False, start
        return None

    def _beside_person(self, box: TimedBox) -> bool:
        """A person's box overlaps this box at its time (within half a second): theirs to carry."""
        x0, _, x1, _ = box.bbox
        return any(is_person(o.label) and any(abs(b.t - box.t) <= 0.5 and b.bbox[0] <= x1 and x0 <= b.bbox[2]
                                              and b.bbox[1] <= box.bbox[3] and box.bbox[1] <= b.bbox[3] for b in o.boxes)
                   for o in self.caption.observations)  # fmt: skip

    def _place_watched(self, bearing: float, times: Iterable[float], since: float) -> float:
        """The last of `times` (walked in the order given, forward or back from `since`) up to which a place stayed
        in view unbroken, or `since` when the first already had it out of view: how long the wearer watched where a
        tool lay."""
        hfov, margin = self.caption.hfov_deg, self.s.view_margin_deg
        watched = since
        for t in times:
            if not in_view(bearing, self.yaws[t], hfov, margin):
                break
            watched = t
        return watched

    def _last_frame_t(self) -> float:
        """The time of the caption's last detected frame (any observation's box), computed once per caption."""
        if self._last_frame is None:
            self._last_frame = max((b.t for o in self.caption.observations for b in o.boxes), default=float("-inf"))
        return self._last_frame

    def _edges(self, box: tuple[float, float, float, float]) -> set[str]:
        """The sides of the image a box touches (within 1 % of the frame)."""
        w, h = float(self.caption.width), float(self.caption.height)
        m = 0.01 * min(w, h)
        return {side for side, on in (("left", box[0] <= m), ("top", box[1] <= m), ("right", box[2] >= 0.99 * w),
                                      ("bottom", box[3] >= 0.99 * h)) if on}  # fmt: skip

    def _taken_in_view(self, em: EntityMemory, p: _Placed) -> EntityMemory:
        """A hand tool lying in view that is not seen again while its place stays in view: picked up there
        (by the wearer, whose hands are below the view, or by someone), not taken unseen."""
        s = self.s
        if not is_hand_tool(p.label) or em.held is True or not p.obs.boxes or p.state == "carried":
            return em
        last = p.obs.boxes[-1]
        t_last, box = last.t, last.bbox
        if self._edges(box) or ((box[3] - box[1]) < s.set_down_height * self.caption.height and em.held is not False):
            return em  # it left through an edge of the image, or is too far off to be sure it is gone (unless it was
            # seen set down there: then whatever its size, gone from its place in view is picked up)
        lately = [b for b in p.obs.boxes if b.t >= t_last - 0.5]
        if len(lately) >= 2 and box[3] - lately[0].bbox[3] >= 0.1 * self.caption.height:
            return em  # it slid down the picture as it went (the head rose, or the wearer walked up): out at the bottom
        key, bearing = canonical_label(p.label), p.probe.bearings[-1] if p.probe.bearings else p.probe.bearing_deg
        for o in self.caption.observations:  # the detector's track broke, and another track sees it there again
            if o is not p.obs and canonical_label(o.label) == key and any(
                    b.t > t_last and b.t in self.yaws
                    and angular_distance(_box_bearing(self.caption, self.yaws[b.t], b.bbox), bearing) <= s.view_margin_deg
                    for b in o.boxes):  # fmt: skip
                return em
        heights = [b.bbox[3] - b.bbox[1] for b in p.obs.boxes]
        if len(heights) >= 4 and heights[-1] < s.receding * sorted(heights)[len(heights) // 2]:
            return em  # it shrank before it went: the wearer walked away from it (too far off to be detected)
        times = [b.t for b in p.obs.boxes]
        gaps = sorted(b - a for a, b in zip(times, times[1:], strict=False))
        if len(gaps) < 2 or gaps[len(gaps) // 2] > 0.5:
            return em  # seen at sparse moments (keyframes): its last box says little about when it went
        if self._last_frame_t() <= t_last + s.taken_in_view_s:
            return em  # no frames looked at after it (the detector's last frame of the clip, or a gap)
        watched = self._place_watched(bearing, (t for t in self.times if t > t_last), since=t_last)
        if watched - t_last < s.taken_in_view_s:
            return em
        self._emit("picked_up", em, t_last, bearing, {"in_view": True})
        return replace(em, held=True)

    def _effective_state(self, p: _Placed) -> EntityState:
        if is_person(p.label) and p.state == "unknown":
            sample = activity_sample(p.state, p.obs.motion_px_s, self.s)
            if sample == "idle":
                return "idle"
            if sample == "active":
                return "active"
        return p.state

    def _hysteresis(self, em: EntityMemory, p: _Placed, seen_move: bool = False) -> EntityMemory:
        s = self.s
        recent = em.recent
        bearing = p.probe.bearing_deg
        if is_person(em.record.label):
            samples = [(r, activity_sample(r.state, r.motion_px_s, s)) for r in recent]
            run = _trailing_run(samples)
            if run and len(run) >= s.state_clips and run[0][1] != em.activity:
                kind: WorldEventKind = "idle" if run[0][1] == "idle" else "active"
                self._emit(kind, em, run[0][0].t_start, bearing, {"observations": len(run)})
                em = replace(em, activity=run[0][1])
            ppe = _trailing_run([(r, ppe_sample(r.attributes)) for r in recent])
            if (
                ppe
                and len(ppe) >= s.ppe_clips
                and ppe[0][1] != em.ppe
                and not (em.ppe is None and ppe[0][1] == "on")
            ):
                kind = "ppe_on" if ppe[0][1] == "on" else "ppe_off"
                self._emit(kind, em, ppe[0][0].t_start, bearing, {"attribute": "hardhat"})
                em = replace(em, ppe=ppe[0][1])
        else:
            if p.wearer_hand:
                return self._wearer_hand_changes(em, p)
            handed = self._hand_off_in_view(em, recent[-1])
            if handed is not em:
                return handed
            held = _trailing_run([(r, held_sample(r.state)) for r in recent])
            if held and held[0][1] != em.held and em.held is not None:
                since = self._last_hand_change(em)  # a change of hands is not dated before the last one
                held = [(r, v) for r, v in held if since is None or r.t_start > since]
            if (
                held
                and not seen_move  # the hand's move seen in this observation dates the change (`_hand_moves`)
                and len(held) >= s.hold_clips
                and held[0][1] != em.held
                and not (em.held is None and held[0][1] is False)
                and (held[0][1] or not self._kept_in_hand(recent, held))
            ):
                first = held[0][0]
                if held[0][1]:
                    detail: dict[str, AttributeValue] = {}
                    holder = self._holder_entity(first)
                    if holder is not None:
                        detail["by_entity_id"] = holder
                    self._emit("picked_up", em, first.t_start, first.bearing_deg, detail)
                else:
                    self._emit(
                        "dropped",
                        em,
                        first.t_start,
                        first.bearing_deg,
                        {"bearing_deg": round(first.bearing_deg, 3)},
                    )
                em = replace(em, held=held[0][1])
        return em

    def _last_hand_change(self, em: EntityMemory) -> float | None:
        """When the entity was last picked up or set down, by this plan's events or the stored ones."""
        eid = em.record.entity_id
        times = [r.t for r in self.event_records if r.entity_id == eid and r.kind in ("picked_up", "dropped")]
        times += [r.t for r in self.m.store.events(self.cam, kinds=["picked_up", "dropped"], entity_id=eid)]
        return max(times, default=None)

    def _kept_in_hand(self, recent: Sequence[ObservationRecord],
                      run: Sequence[tuple[ObservationRecord, bool]]) -> bool:
        """A tool held by the wearer's doing (a lift or a pick-up seen in view; the detector never said "carried")
        seen since only within arm's reach: still in his hand. Its frames carry no "held" flag either way, so they
        are no evidence that it was put down."""
        if any(r.state == "carried" for r in recent):
            return False
        w = float(self.caption.width)
        sizes = sorted(max(b.bbox[2] - b.bbox[0], b.bbox[3] - b.bbox[1]) for r, _ in run for b in r.boxes)
        return bool(sizes) and sizes[len(sizes) // 2] >= self.s.hand_size * w

    def _wearer_hand_changes(self, em: EntityMemory, p: _Placed) -> EntityMemory:
        """The wearer picking a tool up or setting it down, frame by frame (`_in_wearers_hand`): an event where a run
        of the other state lasting `min_hand_s` begins. First seen in hand or on the ground: no event (unknowable)."""
        held = em.held
        runs = [list(group) for _, group in itertools.groupby(p.obs.boxes, key=lambda b: b.state)]
        for k, run in enumerate(runs):
            value = run[0].state == "carried"
            if held is None:
                held = value
                continue
            lasting = run[-1].t - run[0].t >= self.s.min_hand_s or (k == len(runs) - 1 and len(run) >= 2)  # or seen last
            if value == held or not lasting:
                continue
            box = run[0]
            self._hand_change(em, value, box.t, _box_bearing(self.caption, self.yaws[box.t], box.bbox), {"by": "wearer"})
            held = value
        return replace(em, held=held)

    def _hand_off_in_view(self, em: EntityMemory, obs: ObservationRecord) -> EntityMemory:
        """A tool put down (or picked up) at the end of an observation that is mostly the other state:
        the frames say so ("held" flags per frame) though the observation as a whole does not, and the
        next observation may come much later or never (the wearer walked off)."""
        marks = [(b.t, b.state == "carried") for b in obs.boxes if b.state in ("carried", "on_ground")]
        if len(marks) < 2 or marks[-1][1] == held_sample(obs.state):
            return em
        changes = [i for i in range(1, len(marks)) if marks[i][1] != marks[i - 1][1]]
        if not changes:
            return em  # the frames agree with each other; the observation's state stands
        start = marks[changes[-1]][0]
        final, prior = marks[-1][1], marks[changes[-1] - 1][1]
        if marks[-1][0] - start < 0.5 or em.held == final:
            return em
        if em.held is None:
            if final:
                pass  # first seen on the ground, then picked up: picked up then
            elif prior:  # first seen in hand, then put down
                self._emit("picked_up", em, marks[0][0], obs.bearing_deg, {})
                em = replace(em, held=True)
            else:
                return em
        box = next(b for b in obs.boxes if b.t == start)
        yaw = self.yaws.get(box.t) if obs.clip_id == self.caption.clip_id else None
        bearing = obs.bearing_deg if yaw is None else _box_bearing(self.caption, yaw, box.bbox)
        self._hand_change(em, final, start, bearing)
        return replace(em, held=final)

    def _hand_change(self, em: EntityMemory, held: bool, t: float, bearing: float,
                     detail: dict[str, AttributeValue] | None = None) -> None:
        """A pick-up (`held`) or a set-down, which also records where it was put."""
        if held:
            self._emit("picked_up", em, t, bearing, dict(detail or {}))
        else:
            self._emit("dropped", em, t, bearing, {"bearing_deg": round(bearing, 3), **(detail or {})})

    def _holder_entity(self, obs: ObservationRecord) -> str | None:
        """Entity id of whoever held `obs` (only known for observations of this caption)."""
        clip_id = self.caption.clip_id
        src = next(
            (o for o in self.caption.observations if f"{clip_id}/{o.track}" == obs.observation_id), None
        )
        holder = None if src is None else _holder_track(self.caption, src)
        assigned = None if holder is None else self.assign.get(f"{clip_id}/{holder}")
        return assigned[0] if assigned else None

    def unobserved(self) -> None:
        """left_view for entities seen before and unseen for `left_view_clips` clips (this one included)."""
        s = self.s
        seen = {eid for eid, _ in self.assign.values()}
        starts = self.mem.starts
        for eid, em in sorted(self.mem.entities.items()):
            if eid in seen or not em.recent:
                continue
            last = em.recent[-1]
            lo = bisect.bisect_left(starts, last.t_start - _EPS)
            # Only the head of the tail can be the clip it was last seen in: count without a scan.
            head = [c for c in self.mem.clips[lo : lo + s.left_view_clips + 2] if c.clip_id != last.clip_id]
            in_head = min(len(self.mem.clips) - lo, s.left_view_clips + 2) - len(head)
            unseen = len(self.mem.clips) - lo - in_head + 1
            if unseen != s.left_view_clips:
                continue
            first_gap_t = head[0].t_start if head else self.caption.t_start
            # "Gone" only when its place was steadily in view (as for moves); else it left the view.
            hfov, margin = self.caption.hfov_deg, s.view_margin_deg
            hits = sum(in_view(em.record.bearing_deg, self.yaws[t], hfov, margin) for t in self.times)
            in_sight = hits >= s.absence_samples
            self._emit(
                "left_view",
                em,
                max(first_gap_t, em.record.last_seen),
                em.record.bearing_deg,
                {
                    "reason": "not_seen" if in_sight else "out_of_view",
                    "in_view": in_sight,
                    "last_seen": em.record.last_seen,
                },
            )
            if self._put_down_from_held_up(em, last):
                self.work[eid] = replace(em, held=False)
                self.touched.add(eid)

    def _put_down_from_held_up(self, em: EntityMemory, last: ObservationRecord) -> bool:
        """A tool held up in the wearer's hand in front of him (`_held_up`: in the middle of the picture, not cut off by
        its bottom) that went from the picture and stayed gone: his hand went down with it, and he set it down there,
        out of view, when it was last seen. Seen in his hand again later, he picked it up again then."""
        if em.held is not True or not last.boxes or last.boxes[-1].state != "carried" or not is_hand_tool(em.record.label):
            return False
        if _held_key(last, self.s) not in self.mem.held_up_at:
            return False
        box = last.boxes[-1]
        if box.bbox[3] >= (1.0 - self.s.in_hand_edge) * self.caption.height:
            return False  # cut off by the bottom: the hands are below the view anyway (`_in_wearers_hand`)
        self._hand_change(em, False, box.t, em.record.bearing_deg, {"by": "wearer", "out_of_view": True})
        return True

    def _emit(
        self,
        kind: WorldEventKind,
        em: EntityMemory,
        t: float,
        bearing: float | None,
        detail: dict[str, AttributeValue],
    ) -> None:
        rec = em.record
        event_id = event_id_for(rec.entity_id, kind, self.caption.clip_id)
        if event_id in self._event_ids:
            return
        self._event_ids.add(event_id)
        record = EventRecord(
            event_id=event_id,
            camera_id=self.cam,
            t=max(0.0, t),
            kind=kind,
            entity_id=rec.entity_id,
            label=rec.label,
            clip_id=self.caption.clip_id,
            bearing_deg=None if bearing is None else round(bearing, 3),
            detail=detail,
        )
        self.event_records.append(record)
        self.world_events.append(_to_message(record))

    # --- edges ------------------------------------------------------------------------

    def edges(self, placed: Sequence[_Placed]) -> None:
        clip_id = self.caption.clip_id
        by_track = {p.obs.track: p for p in placed}
        out: dict[tuple[str, str, str, str], EdgeRecord] = {}

        def add(src: str, dst: str, kind: str, t: float, predicate: str = "") -> None:
            edge = EdgeRecord.model_validate(
                {"src": src, "dst": dst, "kind": kind, "predicate": predicate, "camera_id": self.cam, "t": t}
            )
            out.setdefault((src, dst, kind, predicate), edge)

        for p in placed:
            oid = p.observation_id
            eid, _ = self.assign[oid]
            t0 = p.probe.t_start
            add(oid, eid, "member_of", t0)
            add(oid, clip_id, "in_clip", t0)
            recent = self.work[eid].recent
            idx = next((i for i, r in enumerate(recent) if r.observation_id == oid), None)
            if idx is None:
                # Older than every observation the entity keeps in memory (a late clip): its place in the
                # chain is among observations no longer at hand, so no `next` edges rather than wrong ones.
                log.debug("%s: older than %s's recent observations; no next edges", oid, eid)
            else:
                if idx > 0:
                    add(recent[idx - 1].observation_id, oid, "next", t0)
                if idx + 1 < len(recent):
                    nxt = recent[idx + 1]
                    add(oid, nxt.observation_id, "next", nxt.t_start)
            for rel in p.obs.relations:
                other = by_track.get(rel.object_track)
                if other is not None:
                    add(oid, other.observation_id, "relation", t0, rel.predicate.lower())
        tol = self.s.shared_frame_tol_s
        for i, a in enumerate(placed):
            for b in placed[i + 1 :]:
                shared = [x.t for x in a.obs.boxes for y in b.obs.boxes if abs(x.t - y.t) <= tol]
                if shared:
                    src, dst = sorted((a.observation_id, b.observation_id))
                    add(src, dst, "co_visible", min(shared))
        self.edge_list = list(out.values())


def _box_bearing(caption: Caption, yaw: float, bbox: BBox) -> float:
    """World-fixed bearing of a box's centre seen at heading `yaw` through the caption's lens."""
    return bearing_deg(yaw, bbox, caption.width, caption.hfov_deg, caption.projection)


def _insert_recent(
    recent: tuple[ObservationRecord, ...], record: ObservationRecord, keep: int
) -> tuple[ObservationRecord, ...]:
    items = [r for r in recent if r.observation_id != record.observation_id] + [record]
    items.sort(key=lambda r: (r.t_start, r.observation_id))
    return tuple(items[-keep:])


def _trailing_run(samples: Sequence[tuple[ObservationRecord, V | None]]) -> list[tuple[ObservationRecord, V]]:
    """The latest run of equal samples, skipping observations without evidence (gaps are not absence)."""
    evidence = [(r, v) for r, v in samples if v is not None]
    if not evidence:
        return []
    last = evidence[-1][1]
    run: list[tuple[ObservationRecord, V]] = []
    for r, v in reversed(evidence):
        if v != last:
            break
        run.append((r, v))
    run.reverse()
    return run


__all__ = [
    "HELD_BY",
    "HOLDING",
    "CameraMemory",
    "EntityMemory",
    "HeadingLookup",
    "Plan",
    "WorldModel",
    "activity_sample",
    "entity_id_for",
    "event_id_for",
    "external_track",
    "held_sample",
    "ppe_sample",
]
