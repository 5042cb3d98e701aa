"""The knowledge-graph store interface: records, one write unit, and the protocol.

No implementation lives here (see sqlite.py, neo4j.py). Every record is keyed
so that writing it twice changes nothing: the knowledge-graph service writes
one `GraphWrite` per caption, in one transaction, and may be redelivered.

Time semantics: every record carries media time of its camera. Readers that
answer "as of t" pass `t_max` and must only see records observed up to then
(GEB: timestamped questions use only memory from before the question time).

Node ids (clip, episode, entity, observation and event ids) share one namespace across
all cameras: an edge names its ends by id alone, so ids must be globally unique (prefix
them with the camera id). Query results are fully ordered, so that every backend returns
the same list for the same memory (tests/contract/test_graph_store.py checks them all).
"""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from spotter.errors import SpotterError
from spotter.messages import AttributeValue, EntityState, TimedBox, WorldEventKind

EdgeKind = Literal["member_of", "in_clip", "next", "relation", "co_visible", "in_episode"]


class GraphStoreError(SpotterError):
    """The store failed or was misused: not initialised, closed, unreachable, or a batch it cannot hold.

    A failed `write()` has written nothing.
    """


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ClipRecord(_Record):
    clip_id: str
    camera_id: str
    t_start: float
    t_end: float
    caption: str = ""
    yaw_start_deg: float | None = None
    yaw_end_deg: float | None = None
    width: int | None = Field(default=None, description="The frame size the clip's boxes refer to, when known")
    height: int | None = None


class EpisodeRecord(_Record):
    """A multi-scale summary node (activity or session level)."""

    episode_id: str
    camera_id: str
    level: Literal["activity", "session"]
    t_start: float
    t_end: float
    text: str


class EntityRecord(_Record):
    """One physical individual. Mutable fields describe it as last observed."""

    entity_id: str
    camera_id: str
    label: str
    first_seen: float
    last_seen: float
    bearing_deg: float = Field(description="World-fixed bearing when last observed (same sign as heading)")
    distance: float = Field(default=1.0, description="Relative distance proxy (0 near .. 1 far)")
    confidence: float = Field(default=1.0, ge=0.0, le=1.0, description="At last_seen; decays while unobserved")
    state: EntityState = "unknown"
    attributes: dict[str, AttributeValue] = Field(default_factory=dict)
    observations: int = Field(default=0, ge=0)
    description: str = ""


class ObservationRecord(_Record):
    """One tracked subject in one clip, placed in the world."""

    observation_id: str = Field(description="'{clip_id}/{track}'")
    entity_id: str
    camera_id: str
    clip_id: str
    label: str
    t_start: float
    t_end: float
    bearing_deg: float
    distance: float = 1.0
    state: EntityState = "unknown"
    attributes: dict[str, AttributeValue] = Field(default_factory=dict)
    motion_px_s: float = 0.0
    description: str = ""
    boxes: list[TimedBox] = Field(default_factory=list)
    appearance: list[float] = Field(default_factory=list)


class EdgeRecord(_Record):
    """A typed, directed edge; (src, dst, kind, predicate) is its key.

    Direction by kind (GEB's edges; readers such as spotter.graph.ppr rely on it):
    `member_of` observation -> entity (membership in a biography), `in_clip` observation ->
    clip (visual provenance), `in_episode` clip or observation -> episode (context and
    containment), `next` earlier -> later clip or observation (temporal adjacency),
    `relation` subject -> object with `predicate`, `co_visible` between two entities or
    observations seen together. Either end may be written before (or without) its node.
    """

    src: str
    dst: str
    kind: EdgeKind
    predicate: str = Field(default="", description="For kind=relation: near, holding, on, ...")
    camera_id: str
    t: float = Field(description="When the edge became true (media time)")
    weight: float = 1.0


class EventRecord(_Record):
    event_id: str
    camera_id: str
    t: float
    kind: WorldEventKind
    entity_id: str
    label: str
    clip_id: str | None = None
    bearing_deg: float | None = None
    detail: dict[str, AttributeValue] = Field(default_factory=dict)


class ClipStats(_Record):
    """How much of a camera's clip timeline a store holds (up to a time)."""

    count: int = Field(ge=0)
    t_first: float | None = Field(default=None, description="Earliest t_start (None: no clips)")
    t_last: float | None = Field(default=None, description="Latest t_end (None: no clips)")


class RelationRecord(_Record):
    """A `relation` edge with its ends mapped to entities (an observation end to its entity).

    An end that is neither an observation nor an entity stays as the node id (label None).
    """

    subject: str
    subject_label: str | None = None
    predicate: str
    object: str
    object_label: str | None = None
    t: float = Field(description="Earliest t of the relation edges mapped to this (subject, predicate, object)")


class GraphWrite(_Record):
    """Everything one caption adds to the graph, written in one transaction."""

    clips: list[ClipRecord] = Field(default_factory=list)
    episodes: list[EpisodeRecord] = Field(default_factory=list)
    entities: list[EntityRecord] = Field(default_factory=list)
    observations: list[ObservationRecord] = Field(default_factory=list)
    edges: list[EdgeRecord] = Field(default_factory=list)
    events: list[EventRecord] = Field(default_factory=list)


class GraphStore(Protocol):
    """Where the world memory lives. Implementations: SqliteGraphStore, Neo4jGraphStore."""

    def init(self) -> None:
        """Create tables/constraints/indexes; idempotent; the only call that may do DDL."""
        ...

    def close(self) -> None:
        """Release connections; the store is unusable afterwards."""
        ...

    def clear(self, camera_id: str | None = None) -> None:
        """Delete everything (or one camera's memory). For tests and retention."""
        ...

    def write(self, batch: GraphWrite) -> None:
        """Upsert every record of `batch` atomically: all or nothing, and idempotent by key."""
        ...

    def entity(self, entity_id: str) -> EntityRecord | None:
        """The entity as last written, or None."""
        ...

    def entities(self, camera_id: str, *, label: str | None = None, t_max: float | None = None) -> list[EntityRecord]:
        """Entities (of `label` when given) first seen at or before `t_max` (all when None).

        Ordered by first_seen, then entity_id. Mutable fields are as last written, even when
        that was after `t_max` (an entity keeps one current state).
        """
        ...

    def observations(
        self,
        camera_id: str,
        *,
        entity_id: str | None = None,
        label: str | None = None,
        t_min: float | None = None,
        t_max: float | None = None,
        limit: int | None = None,
        latest: bool = False,
        full: bool = True,
    ) -> list[ObservationRecord]:
        """Observations overlapping [t_min, t_max] (t_end >= t_min and t_start <= t_max).

        Filtered by entity and label when given; ordered by t_start, then observation_id; the
        first `limit` of them when given, or with `latest` the last `limit` of them (still in
        that order: a bounded read of the recent end of a long biography). With `full=False`
        `boxes` and `appearance` come back empty: they are ~85% of the cost of reading an
        observation, and timelines and views do not use them.
        """
        ...

    def latest_observations(
        self, camera_id: str, entity_ids: list[str], *, t_max: float | None = None, full: bool = True
    ) -> dict[str, tuple[ObservationRecord, int]]:
        """Per entity of `entity_ids` with observations starting at or before `t_max` (all when
        None): the last of them (greatest t_start, then observation_id) and how many there are.

        What an entity looked like as of a time, without reading its whole biography.
        `full` as for `observations`.
        """
        ...

    def events(
        self,
        camera_id: str,
        *,
        t_min: float | None = None,
        t_max: float | None = None,
        kinds: list[WorldEventKind] | None = None,
        entity_id: str | None = None,
    ) -> list[EventRecord]:
        """Events with t in [t_min, t_max] (of `kinds`, about `entity_id` when given), ordered by t then id."""
        ...

    def edges(
        self,
        node_ids: list[str],
        *,
        kinds: list[EdgeKind] | None = None,
        t_max: float | None = None,
        latest: int | None = None,
    ) -> list[EdgeRecord]:
        """Edges touching any of `node_ids` (either end) with t <= t_max, of any camera, each once.

        Only edges of `kinds` when given (an empty list: none). With `latest`, per node only its
        `latest` most recent edges out and its `latest` most recent edges in (an entity seen all
        day has thousands; a bounded neighbourhood wants its newest). Ordered by t, then src,
        dst, kind, predicate.
        """
        ...

    def relations(
        self,
        camera_id: str,
        entity_ids: list[str],
        *,
        predicate: str | None = None,
        t_max: float | None = None,
    ) -> list[RelationRecord]:
        """The `relation` edges of `camera_id` with t <= t_max (of `predicate` when given) that touch
        one of `entity_ids` or an observation of one, with both ends mapped to entities.

        An observation end becomes its `entity_id`, labelled with that entity's label (None
        when the entity record is missing); an entity end stays, with its label. One record
        per (subject, predicate, object), with the earliest t; ordered by t, subject,
        predicate, object.
        """
        ...

    def clips(self, camera_id: str, *, t_min: float | None = None, t_max: float | None = None) -> list[ClipRecord]:
        """Clips overlapping [t_min, t_max] (t_end >= t_min, t_start <= t_max), ordered by t_start then id."""
        ...

    def clip_stats(self, camera_id: str, *, t_max: float | None = None) -> ClipStats:
        """Count, earliest t_start and latest t_end of the clips starting at or before `t_max`."""
        ...

    def episodes(
        self,
        camera_id: str,
        *,
        level: Literal["activity", "session"] | None = None,
        t_min: float | None = None,
        t_max: float | None = None,
    ) -> list[EpisodeRecord]:
        """Episodes (of `level` when given) overlapping [t_min, t_max], ordered by t_start then id."""
        ...
