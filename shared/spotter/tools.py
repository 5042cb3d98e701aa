"""VISTA's nine graph tools over one camera's world memory, typed, for REST and function calling.

Every tool takes `camera_id` and `at`: when `at` is given, only memory observed up to `at`
is used (positions, last-seen times and events come from observations and events with
t <= at, not from the entity's current state). Relative directions follow the public contract:
`wrap(bearing - heading)`, named in eight 45-degree sectors.

`TOOL_SCHEMAS` are the OpenAI function-calling schemas generated from the argument models;
`GraphTools.dispatch(name, arguments_json)` validates arguments and runs a tool.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from spotter.errors import SpotterError
from spotter.graph.base import EntityRecord, GraphStore, ObservationRecord
from spotter.heading.base import wrap_deg
from spotter.messages import AttributeValue, EntityState, WorldEventKind
from spotter.world.geometry import (
    SECTOR_CENTRES,
    Sector,
    angular_distance,
    confidence_at,
    relative_deg,
    sector,
)
from spotter.world.settings import WorldSettings

HeadingLookup = Callable[[str, float], float | None]


class EntityNotFound(SpotterError):
    """The entity does not exist in this camera's memory (as of the question time)."""


class ToolArgumentError(SpotterError):
    """A tool was called by an unknown name or with arguments that do not validate."""


# --- arguments ---------------------------------------------------------------------------


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")

    camera_id: str = Field(min_length=1, description="The camera (wearer) whose memory is asked")
    at: float | None = Field(
        default=None, description="Question time (media seconds): only memory observed up to it is used"
    )


class EntitiesInDirectionArgs(_Args):
    """Entities whose last known position lies in a direction relative to where the wearer looks."""

    direction: Sector | None = Field(
        default=None, description="One of the eight 45-degree sectors (front, front-right, ..., behind, ...)"
    )
    from_deg: float | None = Field(
        default=None, description="Start of a relative bearing range (degrees, clockwise; with to_deg)"
    )
    to_deg: float | None = Field(
        default=None, description="End of a relative bearing range, clockwise from from_deg (degrees)"
    )

    @model_validator(mode="after")
    def _one_direction(self) -> EntitiesInDirectionArgs:
        has_range = self.from_deg is not None or self.to_deg is not None
        if (self.direction is None) == (not has_range) or (
            has_range and (self.from_deg is None or self.to_deg is None)
        ):
            raise ValueError("give either direction or both from_deg and to_deg")
        return self


class SpatialRelationArgs(_Args):
    """Angular separation of two entities and which is left/right of the other."""

    entity_a: str = Field(min_length=1, description="First entity id")
    entity_b: str = Field(min_length=1, description="Second entity id")


TIMELINE_LIMIT = 50


class EntityTimelineArgs(_Args):
    """Observations and state changes of one entity, in time order (the most recent ones)."""

    entity_id: str = Field(min_length=1, description="Entity id")
    t_from: float | None = Field(default=None, description="Only from this media time on (seconds)")
    limit: int = Field(
        default=TIMELINE_LIMIT, ge=1, le=500,
        description="At most this many observations and this many events: the latest ones",
    )  # fmt: skip


class EntitiesAtTimeArgs(_Args):
    """What was visible around a time."""

    t: float = Field(description="Media time (seconds)")
    window_s: float = Field(default=2.0, ge=0.0, description="Half-width of the window around t (seconds)")


class EntityInfoArgs(_Args):
    """Everything known about one entity."""

    entity_id: str = Field(min_length=1, description="Entity id")


class RelationshipsArgs(_Args):
    """Relations (near, holding, on, ...) of an entity, or of every entity with a label."""

    entity_id: str | None = Field(default=None, description="Entity id (or give label)")
    label: str | None = Field(default=None, description="Entity label, e.g. ladder (or give entity_id)")
    predicate: str | None = Field(default=None, description="Only this predicate (near, holding, on, ...)")

    @model_validator(mode="after")
    def _subject(self) -> RelationshipsArgs:
        if (self.entity_id is None) == (self.label is None):
            raise ValueError("give exactly one of entity_id and label")
        return self


class HeadingAtTimeArgs(BaseModel):
    """The wearer's heading (yaw) at a time."""

    model_config = ConfigDict(extra="forbid")

    camera_id: str = Field(min_length=1, description="The camera (wearer)")
    t: float = Field(description="Media time (seconds)")


class ChangesArgs(BaseModel):
    """World events (appeared, moved, picked_up, ...) in a time window."""

    model_config = ConfigDict(extra="forbid")

    camera_id: str = Field(min_length=1, description="The camera (wearer)")
    t_from: float = Field(description="Window start (media seconds)")
    t_to: float = Field(description="Window end (media seconds)")

    @model_validator(mode="after")
    def _ordered(self) -> ChangesArgs:
        if self.t_to < self.t_from:
            raise ValueError("t_to must be >= t_from")
        return self


class SummaryArgs(_Args):
    """Counts per label, entity count, current heading and the time range of memory."""


# --- results -----------------------------------------------------------------------------


class _Result(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EntityView(_Result):
    entity_id: str
    label: str
    first_seen: float = Field(description="Media time first observed")
    last_seen: float = Field(description="Media time last observed (as of the question time)")
    bearing_deg: float = Field(description="World-fixed bearing when last observed")
    relative_deg: float | None = Field(description="Bearing relative to the heading at the question time")
    direction: Sector | None = Field(description="Sector of relative_deg")
    confidence: float = Field(description="Belief it is still there, decayed to the question time")
    present: bool = Field(description="confidence >= the prune threshold")
    state: EntityState = "unknown"
    attributes: dict[str, AttributeValue] = Field(default_factory=dict)
    observations: int = Field(description="Observations up to the question time")
    description: str = ""


class StreamGap(_Result):
    """A stretch of the camera's timeline without video (the stream dropped, ingest was down)."""

    start_t: float = Field(description="Media time of the last frame before it")
    end_t: float = Field(description="Media time of the first frame after it")


_GAP = "The time asked about falls in a gap in the camera's video: nothing was seen then, and the heading is the last one before it"


class EntitiesInDirectionResult(_Result):
    camera_id: str
    at: float = Field(description="Question time used")
    heading_deg: float | None = Field(description="Heading at the question time (None: unknown, 0 assumed)")
    gap: StreamGap | None = Field(default=None, description=_GAP)
    direction: Sector | None
    from_deg: float
    to_deg: float
    entities: list[EntityView]


class SpatialRelationResult(_Result):
    camera_id: str
    at: float
    entity_a: EntityView
    entity_b: EntityView
    separation_deg: float = Field(description="Smallest angle between the two bearings, 0..180")
    a_side_of_b: Literal["left", "right", "same"] = Field(description="Where a is seen relative to b")
    b_side_of_a: Literal["left", "right", "same"]


class TimelineItem(_Result):
    t: float = Field(description="Start time of the observation, or time of the event")
    t_end: float | None = Field(default=None, description="End of the observation (None for events)")
    kind: Literal["observation"] | WorldEventKind
    clip_id: str | None = None
    bearing_deg: float | None = None
    state: EntityState | None = None
    detail: dict[str, AttributeValue] = Field(default_factory=dict)


class EntityTimelineResult(_Result):
    camera_id: str
    at: float
    entity_id: str
    label: str
    items: list[TimelineItem]
    truncated: bool = Field(
        default=False, description="Earlier observations or events exist (see t_from and limit)"
    )


class VisibleEntity(_Result):
    entity_id: str
    label: str
    t_first: float = Field(description="Start of the first overlapping observation")
    t_last: float = Field(description="End of the last overlapping observation")
    bearing_deg: float
    relative_deg: float | None = Field(description="Relative to the heading at t")
    direction: Sector | None


class EntitiesAtTimeResult(_Result):
    camera_id: str
    t: float
    window_s: float
    heading_deg: float | None
    gap: StreamGap | None = Field(default=None, description=_GAP)
    entities: list[VisibleEntity]


class EntityInfoResult(_Result):
    camera_id: str
    at: float
    heading_deg: float | None
    entity: EntityView


class Relationship(_Result):
    subject: str
    subject_label: str | None
    predicate: str
    object: str
    object_label: str | None
    t: float = Field(description="When the relation was first observed")


class RelationshipsResult(_Result):
    camera_id: str
    at: float
    relationships: list[Relationship]


class HeadingAtTimeResult(_Result):
    camera_id: str
    t: float
    yaw_deg: float | None = Field(description="Unwrapped yaw (None: no heading known)")
    yaw_wrapped_deg: float | None = Field(description="Yaw wrapped to (-180, 180]")
    gap: StreamGap | None = Field(default=None, description=_GAP)


class Change(_Result):
    event_id: str
    t: float
    kind: WorldEventKind
    entity_id: str
    label: str
    clip_id: str | None
    bearing_deg: float | None
    detail: dict[str, AttributeValue] = Field(default_factory=dict)


class ChangesResult(_Result):
    camera_id: str
    t_from: float
    t_to: float
    changes: list[Change]


class SummaryResult(_Result):
    camera_id: str
    at: float | None = Field(description="Question time used (None: no memory)")
    entity_count: int
    present_count: int
    counts_by_label: dict[str, int]
    clip_count: int
    heading_deg: float | None
    t_first: float | None = Field(description="Start of the first clip")
    t_last: float | None = Field(description="End of the last clip up to the question time")


# --- the tools ---------------------------------------------------------------------------

TOOL_ARGS: dict[str, type[BaseModel]] = {
    "get_entities_in_direction": EntitiesInDirectionArgs,
    "get_spatial_relation": SpatialRelationArgs,
    "get_entity_timeline": EntityTimelineArgs,
    "get_entities_at_time": EntitiesAtTimeArgs,
    "get_entity_info": EntityInfoArgs,
    "get_relationships": RelationshipsArgs,
    "get_direction_at_time": HeadingAtTimeArgs,
    "get_changes": ChangesArgs,
    "get_all_entities": SummaryArgs,
}


def _strip_titles(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _strip_titles(v) for k, v in node.items() if k != "title"}
    if isinstance(node, list):
        return [_strip_titles(v) for v in node]
    return node


def _schema(name: str, model: type[BaseModel]) -> dict[str, Any]:
    params = _strip_titles(model.model_json_schema())
    params.pop("description", None)
    params["additionalProperties"] = False
    return {
        "type": "function",
        "function": {"name": name, "description": (model.__doc__ or "").strip(), "parameters": params},
    }


TOOL_SCHEMAS: list[dict[str, Any]] = [_schema(n, m) for n, m in TOOL_ARGS.items()]


def _side(a_bearing: float, b_bearing: float) -> Literal["left", "right", "same"]:
    d = wrap_deg(a_bearing - b_bearing)
    if abs(d) < 1e-9 or abs(d) == 180.0:
        return "same"
    return "right" if d > 0 else "left"


def _in_arc(rel: float, lo: float, hi: float) -> bool:
    span = (hi - lo) % 360.0
    return (rel - lo) % 360.0 <= span if span > 0 else abs(wrap_deg(rel - lo)) < 1e-9


class GraphTools:
    """The nine tools over a GraphStore; `heading(camera_id, t)` gives the yaw at t (or None)."""

    def __init__(
        self, store: GraphStore, heading: HeadingLookup, settings: WorldSettings | None = None
    ) -> None:
        self.store = store
        self.heading = heading
        self.settings = settings or WorldSettings()

    # --- helpers ---

    def _now(self, camera_id: str, at: float | None) -> float:
        if at is not None:
            return at
        return self.store.clip_stats(camera_id).t_last or 0.0

    def _heading(self, camera_id: str, t: float) -> float | None:
        return self.heading(camera_id, t)

    def _gap(self, camera_id: str, t: float) -> StreamGap | None:
        """The gap `t` falls in, when the heading store knows the camera's gaps (`HeadingTrackStore.gap_at`)."""
        gap_at = getattr(self.heading, "gap_at", None)
        found = gap_at(camera_id, t) if callable(gap_at) else None
        return StreamGap(start_t=found[0], end_t=found[1]) if found else None

    def _view(
        self,
        entity: EntityRecord,
        latest: tuple[ObservationRecord, int] | None,
        now: float,
        heading: float | None,
        at: float | None,
    ) -> EntityView:
        """`latest`: the entity's last observation starting by `at` and how many there are."""
        if at is None or latest is None or entity.last_seen <= at:
            bearing, last_seen, state = entity.bearing_deg, entity.last_seen, entity.state
            attributes, count, base = entity.attributes, entity.observations, entity.confidence
        else:
            last, count = latest
            bearing, last_seen, state = last.bearing_deg, min(last.t_end, at), last.state
            attributes, base = last.attributes, 1.0
        conf = (
            min(base, confidence_at(last_seen, now, self.settings.decay_per_s)) if now > last_seen else base
        )
        rel = relative_deg(bearing, heading) if heading is not None else None
        return EntityView(
            entity_id=entity.entity_id,
            label=entity.label,
            first_seen=entity.first_seen,
            last_seen=last_seen,
            bearing_deg=bearing,
            relative_deg=rel,
            direction=sector(rel) if rel is not None else None,
            confidence=conf,
            present=conf >= self.settings.prune_below,
            state=state,
            attributes=dict(attributes),
            observations=count,
            description=entity.description,
        )

    def _latest(
        self, camera_id: str, entities: list[EntityRecord], at: float | None
    ) -> dict[str, tuple[ObservationRecord, int]]:
        """Last observation (and count) by `at` of the entities seen again after `at`: only
        those differ from their current state, and only those are read (bounded per entity)."""
        if at is None:
            return {}
        later = [e.entity_id for e in entities if e.last_seen > at]
        return self.store.latest_observations(camera_id, later, t_max=at, full=False) if later else {}

    def _views(self, camera_id: str, at: float | None, now: float, heading: float | None) -> list[EntityView]:
        entities = self.store.entities(camera_id, t_max=at)
        latest = self._latest(camera_id, entities, at)
        return [self._view(e, latest.get(e.entity_id), now, heading, at) for e in entities]

    def _entity(self, camera_id: str, entity_id: str, at: float | None) -> EntityRecord:
        e = self.store.entity(entity_id)
        if e is None or e.camera_id != camera_id or (at is not None and e.first_seen > at):
            raise EntityNotFound(f"no entity {entity_id!r} in the memory of camera {camera_id!r}")
        return e

    def _one_view(
        self, camera_id: str, entity_id: str, at: float | None, now: float, heading: float | None
    ) -> EntityView:
        e = self._entity(camera_id, entity_id, at)
        return self._view(e, self._latest(camera_id, [e], at).get(entity_id), now, heading, at)

    # --- the nine tools ---

    def entities_in_direction(
        self,
        camera_id: str,
        direction: Sector | None = None,
        at: float | None = None,
        *,
        from_deg: float | None = None,
        to_deg: float | None = None,
    ) -> EntitiesInDirectionResult:
        args = EntitiesInDirectionArgs(
            camera_id=camera_id, at=at, direction=direction, from_deg=from_deg, to_deg=to_deg
        )
        now = self._now(camera_id, args.at)
        heading = self._heading(camera_id, now)
        views = self._views(camera_id, args.at, now, heading)
        if args.direction is not None:
            centre = SECTOR_CENTRES[args.direction]
            lo, hi = wrap_deg(centre - 22.5), wrap_deg(centre + 22.5)
        else:
            assert args.from_deg is not None and args.to_deg is not None
            lo, hi = wrap_deg(args.from_deg), wrap_deg(args.to_deg)
        rel_of = [(v, relative_deg(v.bearing_deg, heading if heading is not None else 0.0)) for v in views]
        if args.direction is not None:
            hits = [v for v, rel in rel_of if sector(rel) == args.direction]
        else:
            hits = [v for v, rel in rel_of if _in_arc(rel, lo, hi)]
        hits.sort(key=lambda v: (-v.confidence, v.entity_id))
        return EntitiesInDirectionResult(
            camera_id=camera_id,
            at=now,
            heading_deg=heading,
            direction=args.direction,
            from_deg=lo,
            to_deg=hi,
            entities=hits,
            gap=self._gap(camera_id, now),
        )

    def spatial_relation(
        self, camera_id: str, entity_a: str, entity_b: str, at: float | None = None
    ) -> SpatialRelationResult:
        now = self._now(camera_id, at)
        heading = self._heading(camera_id, now)
        a = self._one_view(camera_id, entity_a, at, now, heading)
        b = self._one_view(camera_id, entity_b, at, now, heading)
        return SpatialRelationResult(
            camera_id=camera_id,
            at=now,
            entity_a=a,
            entity_b=b,
            separation_deg=angular_distance(a.bearing_deg, b.bearing_deg),
            a_side_of_b=_side(a.bearing_deg, b.bearing_deg),
            b_side_of_a=_side(b.bearing_deg, a.bearing_deg),
        )

    def entity_timeline(
        self,
        camera_id: str,
        entity_id: str,
        at: float | None = None,
        *,
        t_from: float | None = None,
        limit: int = TIMELINE_LIMIT,
    ) -> EntityTimelineResult:
        """The entity's latest `limit` observations and latest `limit` events (from `t_from`, by
        `at`), merged in time order: a bounded read however long the biography."""
        EntityTimelineArgs(camera_id=camera_id, entity_id=entity_id, at=at, t_from=t_from, limit=limit)
        e = self._entity(camera_id, entity_id, at)
        now = self._now(camera_id, at)
        obs = self.store.observations(
            camera_id, entity_id=entity_id, t_min=t_from, t_max=at, limit=limit + 1, latest=True, full=False
        )
        evs = self.store.events(camera_id, entity_id=entity_id, t_min=t_from, t_max=at)
        truncated = len(obs) > limit or len(evs) > limit
        obs, evs = obs[-limit:], evs[-limit:]
        items = [
            TimelineItem(
                t=o.t_start,
                t_end=o.t_end,
                kind="observation",
                clip_id=o.clip_id,
                bearing_deg=o.bearing_deg,
                state=o.state,
                detail=dict(o.attributes),
            )
            for o in obs
        ]
        items += [
            TimelineItem(
                t=ev.t, kind=ev.kind, clip_id=ev.clip_id, bearing_deg=ev.bearing_deg, detail=dict(ev.detail)
            )
            for ev in evs
        ]
        items.sort(key=lambda i: (i.t, i.kind != "observation", i.kind))
        return EntityTimelineResult(
            camera_id=camera_id, at=now, entity_id=entity_id, label=e.label, items=items, truncated=truncated
        )

    def entities_at_time(
        self, camera_id: str, t: float, window_s: float = 2.0, at: float | None = None
    ) -> EntitiesAtTimeResult:
        args = EntitiesAtTimeArgs(camera_id=camera_id, t=t, window_s=window_s, at=at)
        hi = args.t + args.window_s if args.at is None else min(args.t + args.window_s, args.at)
        heading = self._heading(camera_id, args.t)
        grouped: dict[str, list[ObservationRecord]] = {}
        if hi >= args.t - args.window_s:
            for o in self.store.observations(camera_id, t_min=args.t - args.window_s, t_max=hi, full=False):
                grouped.setdefault(o.entity_id, []).append(o)
        out = []
        for eid, obs in grouped.items():
            nearest = min(obs, key=lambda o: (abs((o.t_start + o.t_end) / 2.0 - args.t), o.t_start))
            rel = relative_deg(nearest.bearing_deg, heading) if heading is not None else None
            out.append(
                VisibleEntity(
                    entity_id=eid,
                    label=obs[0].label,
                    t_first=obs[0].t_start,
                    t_last=max(o.t_end for o in obs),
                    bearing_deg=nearest.bearing_deg,
                    relative_deg=rel,
                    direction=sector(rel) if rel is not None else None,
                )
            )
        out.sort(key=lambda v: (v.t_first, v.entity_id))
        return EntitiesAtTimeResult(
            camera_id=camera_id, t=args.t, window_s=args.window_s, heading_deg=heading, entities=out,
            gap=self._gap(camera_id, args.t),
        )

    def entity_info(self, camera_id: str, entity_id: str, at: float | None = None) -> EntityInfoResult:
        now = self._now(camera_id, at)
        heading = self._heading(camera_id, now)
        view = self._one_view(camera_id, entity_id, at, now, heading)
        return EntityInfoResult(camera_id=camera_id, at=now, heading_deg=heading, entity=view)

    def relationships(
        self,
        camera_id: str,
        entity_id: str | None = None,
        label: str | None = None,
        predicate: str | None = None,
        at: float | None = None,
    ) -> RelationshipsResult:
        RelationshipsArgs(camera_id=camera_id, entity_id=entity_id, label=label, predicate=predicate, at=at)
        now = self._now(camera_id, at)
        if entity_id is not None:
            ids = [self._entity(camera_id, entity_id, at).entity_id]
        else:
            ids = [e.entity_id for e in self.store.entities(camera_id, label=label, t_max=at)]
        # Relation edges join observations (GEB): the store maps their ends back to entities and
        # keeps one per (subject, predicate, object), in one bounded query.
        rels = [
            Relationship(
                subject=r.subject,
                subject_label=r.subject_label,
                predicate=r.predicate,
                object=r.object,
                object_label=r.object_label,
                t=r.t,
            )
            for r in self.store.relations(camera_id, ids, predicate=predicate, t_max=at)
        ]
        return RelationshipsResult(camera_id=camera_id, at=now, relationships=rels)

    def heading_at_time(self, camera_id: str, t: float) -> HeadingAtTimeResult:
        yaw = self._heading(camera_id, t)
        return HeadingAtTimeResult(
            camera_id=camera_id, t=t, yaw_deg=yaw, yaw_wrapped_deg=wrap_deg(yaw) if yaw is not None else None,
            gap=self._gap(camera_id, t),
        )

    def changes(self, camera_id: str, t_from: float, t_to: float) -> ChangesResult:
        ChangesArgs(camera_id=camera_id, t_from=t_from, t_to=t_to)
        evs = self.store.events(camera_id, t_min=t_from, t_max=t_to)
        return ChangesResult(
            camera_id=camera_id,
            t_from=t_from,
            t_to=t_to,
            changes=[
                Change(
                    event_id=e.event_id,
                    t=e.t,
                    kind=e.kind,
                    entity_id=e.entity_id,
                    label=e.label,
                    clip_id=e.clip_id,
                    bearing_deg=e.bearing_deg,
                    detail=dict(e.detail),
                )
                for e in evs
            ],
        )

    def summary(self, camera_id: str, at: float | None = None) -> SummaryResult:
        clips = self.store.clip_stats(camera_id, t_max=at)
        now = (at if at is not None else clips.t_last or 0.0) if clips.count or at is not None else None
        heading = self._heading(camera_id, now) if now is not None else None
        views = self._views(camera_id, at, now, heading) if now is not None else []
        counts = Counter(v.label for v in views)
        t_last = clips.t_last if clips.t_last is None or at is None else min(clips.t_last, at)
        return SummaryResult(
            camera_id=camera_id,
            at=now,
            entity_count=len(views),
            present_count=sum(v.present for v in views),
            counts_by_label=dict(sorted(counts.items())),
            clip_count=clips.count,
            heading_deg=heading,
            t_first=clips.t_first,
            t_last=t_last,
        )

    # --- function calling ---

    def dispatch(
        self,
        name: str,
        arguments_json: str | dict[str, Any],
        *,
        camera_id: str | None = None,
        at: float | None = None,
    ) -> dict[str, Any]:
        """Validate `arguments_json` for tool `name`, run it and return the result as a JSON-ready dict.

        `camera_id` and `at`, when given, are the caller's context: they override the camera and
        cap `at` (a model cannot look past the question time). Raises ToolArgumentError with the
        reasons when the name is unknown or the arguments do not validate; EntityNotFound for an
        unknown entity.
        """
        model = TOOL_ARGS.get(name)
        if model is None:
            raise ToolArgumentError(f"unknown tool {name!r}; known: {', '.join(TOOL_ARGS)}")
        try:
            raw = json.loads(arguments_json) if isinstance(arguments_json, str) else dict(arguments_json)
        except json.JSONDecodeError as exc:
            raise ToolArgumentError(f"{name}: arguments are not valid JSON: {exc}") from exc
        if not isinstance(raw, dict):
            raise ToolArgumentError(f"{name}: arguments must be a JSON object")
        if camera_id is not None:
            raw["camera_id"] = camera_id
        if at is not None and "at" in model.model_fields:
            given = raw.get("at")
            raw["at"] = at if not isinstance(given, int | float) else min(float(given), at)
        try:
            args = model.model_validate(raw)
        except ValidationError as exc:
            reasons = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or '(arguments)'}: {e['msg']}" for e in exc.errors()
            )
            raise ToolArgumentError(f"{name}: invalid arguments: {reasons}") from exc
        result: BaseModel
        if isinstance(args, EntitiesInDirectionArgs):
            result = self.entities_in_direction(
                args.camera_id, args.direction, args.at, from_deg=args.from_deg, to_deg=args.to_deg
            )
        elif isinstance(args, SpatialRelationArgs):
            result = self.spatial_relation(args.camera_id, args.entity_a, args.entity_b, args.at)
        elif isinstance(args, EntityTimelineArgs):
            result = self.entity_timeline(
                args.camera_id, args.entity_id, args.at, t_from=args.t_from, limit=args.limit
            )
        elif isinstance(args, EntitiesAtTimeArgs):
            result = self.entities_at_time(args.camera_id, args.t, args.window_s, args.at)
        elif isinstance(args, EntityInfoArgs):
            result = self.entity_info(args.camera_id, args.entity_id, args.at)
        elif isinstance(args, RelationshipsArgs):
            result = self.relationships(args.camera_id, args.entity_id, args.label, args.predicate, args.at)
        elif isinstance(args, HeadingAtTimeArgs):
            result = self.heading_at_time(args.camera_id, args.t)
        elif isinstance(args, ChangesArgs):
            result = self.changes(args.camera_id, args.t_from, args.t_to)
        else:
            assert isinstance(args, SummaryArgs)
            result = self.summary(args.camera_id, args.at)
        return result.model_dump(mode="json")


__all__ = [
    "TIMELINE_LIMIT",
    "TOOL_ARGS",
    "TOOL_SCHEMAS",
    "EntityNotFound",
    "GraphTools",
    "HeadingLookup",
    "ToolArgumentError",
]
