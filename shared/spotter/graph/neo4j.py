"""The distributed graph store: Neo4j 5 over Bolt, with the official `neo4j` driver (sync API).

Schema. Every clip, episode, entity, observation and event is a node with the label of its
record (`:Clip :Episode :Entity :Observation :Event`) plus `:Node`, whose `id` property is the
record's key: edges name their ends by id alone and may arrive before their nodes, so an edge
MERGEs its ends as bare `:Node {id, camera_id}` placeholders that the record fills in later.
Record fields are node properties (dict/list fields as JSON strings, see _rows.py). Edges are
relationships typed by kind (MEMBER_OF, IN_CLIP, NEXT, RELATION, CO_VISIBLE, IN_EPISODE) with
`predicate`, `camera_id`, `t` and `weight` properties; (start, end, type, predicate) is the
MERGE key. An event also points at its entity with ABOUT (not an edge of the protocol).
`:GraphSpan {key, camera_id, kind, max_span}` keeps the longest t_end - t_start written per
camera and node kind, which bounds interval queries on the (camera_id, t_start) index (see
sqlite.py: the same idea).

Constraints (uniqueness on every key) and range indexes are created by `init()`, the only
DDL. `write()` is one managed transaction (`session.execute_write`, which retries transient
errors only): UNWIND batches with MERGE, one statement per record kind.
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Iterator
from typing import Any, Literal, TypeVar

from neo4j import Driver, GraphDatabase, ManagedTransaction, RoutingControl
from neo4j.exceptions import DriverError, Neo4jError

from spotter.graph._rows import from_row, from_rows, to_row
from spotter.graph.base import (
    ClipRecord,
    ClipStats,
    EdgeKind,
    EdgeRecord,
    EntityRecord,
    EpisodeRecord,
    EventRecord,
    GraphStoreError,
    GraphWrite,
    ObservationRecord,
    RelationRecord,
    _Record,
)
from spotter.messages import WorldEventKind

R = TypeVar("R", bound=_Record)

REL_TYPES: dict[str, str] = {
    "member_of": "MEMBER_OF",
    "in_clip": "IN_CLIP",
    "next": "NEXT",
    "relation": "RELATION",
    "co_visible": "CO_VISIBLE",
    "in_episode": "IN_EPISODE",
}
KINDS_BY_TYPE = {v: k for k, v in REL_TYPES.items()}

# GraphWrite field, label, key property. Written in this order.
NODES: tuple[tuple[str, str, str], ...] = (
    ("clips", "Clip", "clip_id"),
    ("episodes", "Episode", "episode_id"),
    ("entities", "Entity", "entity_id"),
    ("observations", "Observation", "observation_id"),
)
SPAN_KINDS = {"clips": "Clip", "episodes": "Episode", "observations": "Observation"}

# name -> DDL. A uniqueness constraint's backing index has the constraint's name.
SCHEMA: dict[str, str] = {
    "spotter_node_id": "CREATE CONSTRAINT spotter_node_id IF NOT EXISTS FOR (n:Node) REQUIRE n.id IS UNIQUE",
    "spotter_clip_id": "CREATE CONSTRAINT spotter_clip_id IF NOT EXISTS FOR (n:Clip) REQUIRE n.clip_id IS UNIQUE",
    "spotter_episode_id": "CREATE CONSTRAINT spotter_episode_id IF NOT EXISTS FOR (n:Episode) REQUIRE n.episode_id IS UNIQUE",
    "spotter_entity_id": "CREATE CONSTRAINT spotter_entity_id IF NOT EXISTS FOR (n:Entity) REQUIRE n.entity_id IS UNIQUE",
    "spotter_observation_id": "CREATE CONSTRAINT spotter_observation_id IF NOT EXISTS FOR (n:Observation) REQUIRE n.observation_id IS UNIQUE",
    "spotter_event_id": "CREATE CONSTRAINT spotter_event_id IF NOT EXISTS FOR (n:Event) REQUIRE n.event_id IS UNIQUE",
    "spotter_span_key": "CREATE CONSTRAINT spotter_span_key IF NOT EXISTS FOR (n:GraphSpan) REQUIRE n.key IS UNIQUE",
    "spotter_node_camera": "CREATE INDEX spotter_node_camera IF NOT EXISTS FOR (n:Node) ON (n.camera_id)",
    "spotter_clip_camera_t": "CREATE INDEX spotter_clip_camera_t IF NOT EXISTS FOR (n:Clip) ON (n.camera_id, n.t_start)",
    "spotter_episode_camera_t": "CREATE INDEX spotter_episode_camera_t IF NOT EXISTS FOR (n:Episode) ON (n.camera_id, n.t_start)",
    "spotter_entity_camera_t": "CREATE INDEX spotter_entity_camera_t IF NOT EXISTS FOR (n:Entity) ON (n.camera_id, n.first_seen)",
    "spotter_observation_camera_t": "CREATE INDEX spotter_observation_camera_t IF NOT EXISTS FOR (n:Observation) ON (n.camera_id, n.t_start)",
    "spotter_observation_entity_t": "CREATE INDEX spotter_observation_entity_t IF NOT EXISTS FOR (n:Observation) ON (n.entity_id, n.t_start)",
    "spotter_event_camera_t": "CREATE INDEX spotter_event_camera_t IF NOT EXISTS FOR (n:Event) ON (n.camera_id, n.t)",
    "spotter_event_entity_t": "CREATE INDEX spotter_event_entity_t IF NOT EXISTS FOR (n:Event) ON (n.entity_id, n.t)",
}


def _node_upsert(param: str, label: str, key: str) -> str:
    # `n += row` sets every field; a None field removes its property (read back as None).
    return f"UNWIND ${param} AS row MERGE (n:Node {{id: row.{key}}}) SET n:{label}, n += row"


EVENT_UPSERT = """
UNWIND $events AS row
MERGE (n:Node {id: row.event_id})
SET n:Event, n += row
WITH n, row
OPTIONAL MATCH (n)-[old:ABOUT]->(x) WHERE x.id <> row.entity_id
DELETE old
WITH DISTINCT n, row
MERGE (e:Node {id: row.entity_id}) ON CREATE SET e.camera_id = row.camera_id
MERGE (n)-[:ABOUT]->(e)
"""


def _edge_upsert(kind: str, rel: str) -> str:
    return f"""
UNWIND $edges_{kind} AS row
MERGE (a:Node {{id: row.src}}) ON CREATE SET a.camera_id = row.camera_id
MERGE (b:Node {{id: row.dst}}) ON CREATE SET b.camera_id = row.camera_id
MERGE (a)-[r:{rel} {{predicate: row.predicate}}]->(b)
SET r.camera_id = row.camera_id, r.t = row.t, r.weight = row.weight
"""


SPAN_UPSERT = """
UNWIND $spans AS row
MERGE (m:GraphSpan {key: row.key})
ON CREATE SET m.camera_id = row.camera_id, m.kind = row.kind, m.max_span = row.span
ON MATCH SET m.max_span = CASE WHEN m.max_span < row.span THEN row.span ELSE m.max_span END
"""

# The whole batch as ONE statement (unit subqueries, one per record kind, in order): one round
# trip instead of a dozen, and one query string, planned once. An empty list costs nothing.
# `CALL () { ... }` (scoped subquery) needs Neo4j 5.23+; 5.26 LTS is what deploy/neo4j runs.
WRITE_PARAMS = (*(field for field, _, _ in NODES), "events", *(f"edges_{k}" for k in REL_TYPES), "spans")
WRITE_BATCH = "\n".join(
    f"CALL () {{ {part.strip()} }}"
    for part in (
        *(_node_upsert(field, label, key) for field, label, key in NODES),
        EVENT_UPSERT,
        *(_edge_upsert(kind, rel) for kind, rel in REL_TYPES.items()),
        SPAN_UPSERT,
    )
) + "\nRETURN 1 AS ok"


NO_LIMIT = 2**62


def _lo(t: float | None) -> float:
    # Unbounded ends as infinities, not optional predicates: one query text per read (planned
    # once, and Cypher planning is slow) that still seeks a range in the (camera_id, t) indexes.
    # Filters that no index serves are `($x IS NULL OR ...)` for the same reason.
    return -math.inf if t is None else t


def _hi(t: float | None) -> float:
    return math.inf if t is None else t


def _light(var: str) -> str:
    """An observation node's properties without boxes and appearance (`full=False`)."""
    return f"{var}{{.*, boxes: '[]', appearance: '[]'}}"


def _span_key(camera_id: str, label: str) -> str:
    return json.dumps([camera_id, label])


def _write_tx(tx: ManagedTransaction, /, params: dict[str, list[dict[str, Any]]]) -> None:
    tx.run(WRITE_BATCH, params).consume()


def _count_tx(tx: ManagedTransaction, /, query: str, **params: Any) -> int:
    return int(tx.run(query, **params).single(strict=True)["c"])


class Neo4jGraphStore:
    """GraphStore on Neo4j 5. The constructor only records options; `init()` connects."""

    def __init__(
        self,
        uri: str,
        auth: tuple[str, str] | None = None,
        database: str = "neo4j",
        *,
        connection_timeout_s: float = 10.0,
        clear_batch: int = 10_000,
    ) -> None:
        self.uri = uri
        self._auth = auth
        self.database = database
        self.connection_timeout_s = connection_timeout_s
        self.clear_batch = clear_batch
        self._driver: Driver | None = None
        self._closed = False

    def __repr__(self) -> str:  # never the password
        return f"Neo4jGraphStore({self.uri!r}, database={self.database!r})"

    # --- lifecycle --------------------------------------------------------------------

    def init(self) -> None:
        if self._closed:
            raise GraphStoreError(f"{self!r} is closed")
        with self._errors("init"):
            if self._driver is None:
                driver = GraphDatabase.driver(self.uri, auth=self._auth, connection_timeout=self.connection_timeout_s)
                try:
                    driver.verify_connectivity()
                except BaseException:
                    driver.close()
                    raise
                self._driver = driver
            # One round trip when the schema is there already (every later init, every replica).
            records, _, _ = self._driver.execute_query("SHOW INDEXES YIELD name, state", database_=self.database)
            states = {rec["name"]: rec["state"] for rec in records}
            for name, statement in SCHEMA.items():
                if name not in states:
                    self._driver.execute_query(statement, database_=self.database)
            if any(states.get(name) != "ONLINE" for name in SCHEMA):
                self._driver.execute_query("CALL db.awaitIndexes(300)", database_=self.database)

    def close(self) -> None:
        self._closed = True
        driver, self._driver = self._driver, None
        if driver is not None:
            driver.close()

    # --- writes -----------------------------------------------------------------------

    def clear(self, camera_id: str | None = None) -> None:
        where = "" if camera_id is None else "WHERE n.camera_id = $camera_id"
        driver = self._connected()
        with self._errors("clear"), driver.session(database=self.database) as session:
            for label in ("Node", "GraphSpan"):
                # In batches, each its own transaction: a whole camera may exceed transaction memory.
                query = f"MATCH (n:{label}) {where} WITH n LIMIT $batch DETACH DELETE n RETURN count(*) AS c"
                while session.execute_write(_count_tx, query, camera_id=camera_id, batch=self.clear_batch):
                    pass

    def write(self, batch: GraphWrite) -> None:
        params: dict[str, list[dict[str, Any]]] = {name: [] for name in WRITE_PARAMS}
        for field, _, _ in NODES:
            params[field] = [to_row(r) for r in getattr(batch, field)]
        params["events"] = [to_row(r) for r in batch.events]
        for edge in batch.edges:
            params[f"edges_{edge.kind}"].append(to_row(edge))
        spans: dict[tuple[str, str], float] = {}
        for field, label in SPAN_KINDS.items():
            for rec in getattr(batch, field):
                key = (rec.camera_id, label)
                spans[key] = max(spans.get(key, 0.0), rec.t_end - rec.t_start)
        params["spans"] = [{"key": _span_key(cam, label), "camera_id": cam, "kind": label, "span": span}
                           for (cam, label), span in spans.items()]  # fmt: skip
        if not any(params.values()):
            return
        driver = self._connected()
        with self._errors("write"), driver.session(database=self.database) as session:
            session.execute_write(_write_tx, params)

    # --- reads ------------------------------------------------------------------------

    def entity(self, entity_id: str) -> EntityRecord | None:
        rows = self._nodes(EntityRecord, "MATCH (n:Entity {entity_id: $id}) RETURN properties(n) AS p", id=entity_id)
        return rows[0] if rows else None

    def entities(self, camera_id: str, *, label: str | None = None, t_max: float | None = None) -> list[EntityRecord]:
        query = (
            "MATCH (n:Entity) WHERE n.camera_id = $camera_id AND n.first_seen <= $t_max "
            "AND ($label IS NULL OR n.label = $label) RETURN properties(n) AS p ORDER BY n.first_seen, n.entity_id"
        )
        return self._nodes(EntityRecord, query, camera_id=camera_id, label=label, t_max=_hi(t_max))

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
        if limit is not None and limit <= 0:
            return []
        # By entity: its own query text, so that the planner seeks the (entity_id, t_start) index.
        where = ["n.entity_id = $entity_id"] if entity_id is not None else []
        order = "n.t_start DESC, n.observation_id DESC" if latest else "n.t_start, n.observation_id"
        query = self._overlap_query("Observation", [*where, "($label IS NULL OR n.label = $label)"],
                                    order=order, full=full) + " LIMIT $limit"  # fmt: skip
        rows = self._nodes(
            ObservationRecord, query, camera_id=camera_id, entity_id=entity_id, label=label,
            t_min=_lo(t_min), t_max=_hi(t_max), limit=NO_LIMIT if limit is None else limit,
            span_key=_span_key(camera_id, "Observation"),
        )  # fmt: skip
        return rows[::-1] if latest else rows

    def latest_observations(
        self, camera_id: str, entity_ids: list[str], *, t_max: float | None = None, full: bool = True
    ) -> dict[str, tuple[ObservationRecord, int]]:
        if not entity_ids:
            return {}
        # Per entity: count and latest t_start from the (entity_id, t_start) index alone (no
        # property reads), then one seek for the node(s) starting then. Entity ids are global
        # (base.py), so only that last node needs the camera check.
        query = f"""
UNWIND $ids AS id
CALL (id) {{
    MATCH (m:Observation) WHERE m.entity_id = id AND m.t_start <= $t_max RETURN count(m) AS c, max(m.t_start) AS t
}}
WITH id, c, t WHERE c > 0
CALL (id, t) {{
    MATCH (n:Observation) WHERE n.entity_id = id AND n.t_start = t AND n.camera_id = $camera_id
    RETURN n ORDER BY n.observation_id DESC LIMIT 1
}}
RETURN {'properties(n)' if full else _light('n')} AS p, c
"""
        records = self._run(query, ids=list(dict.fromkeys(entity_ids)), camera_id=camera_id, t_max=_hi(t_max))
        out = {}
        for rec in records:
            o = from_row(ObservationRecord, rec["p"])
            out[o.entity_id] = (o, int(rec["c"]))
        return out

    def events(
        self,
        camera_id: str,
        *,
        t_min: float | None = None,
        t_max: float | None = None,
        kinds: list[WorldEventKind] | None = None,
        entity_id: str | None = None,
    ) -> list[EventRecord]:
        query = (
            "MATCH (n:Event) WHERE n.camera_id = $camera_id AND n.t >= $t_min AND n.t <= $t_max "
            "AND ($kinds IS NULL OR n.kind IN $kinds) AND ($entity_id IS NULL OR n.entity_id = $entity_id) "
            "RETURN properties(n) AS p ORDER BY n.t, n.event_id"
        )
        return self._nodes(
            EventRecord, query, camera_id=camera_id, t_min=_lo(t_min), t_max=_hi(t_max),
            kinds=list(kinds) if kinds is not None else None, entity_id=entity_id,
        )  # fmt: skip

    def edges(
        self,
        node_ids: list[str],
        *,
        kinds: list[EdgeKind] | None = None,
        t_max: float | None = None,
        latest: int | None = None,
    ) -> list[EdgeRecord]:
        wanted = list(REL_TYPES) if kinds is None else list(dict.fromkeys(kinds))
        if not node_ids or not wanted or (latest is not None and latest <= 0):
            return []
        if latest is None:
            query = (
                "UNWIND $ids AS id MATCH (:Node {id: id})-[r]-() WHERE type(r) IN $types AND r.t <= $t_max "
                "WITH DISTINCT r "
            )
        else:  # per node, its newest edges each way
            newest = (
                "WHERE type(r) IN $types AND r.t <= $t_max RETURN r "
                "ORDER BY r.t DESC, startNode(r).id, endNode(r).id, type(r), r.predicate LIMIT $latest"
            )
            query = (
                "UNWIND $ids AS id MATCH (n:Node {id: id}) "
                f"CALL {{ WITH n MATCH (n)-[r]->() {newest} UNION WITH n MATCH (n)<-[r]-() {newest} }} "
                "WITH DISTINCT r "
            )
        query += (
            "RETURN startNode(r).id AS src, endNode(r).id AS dst, type(r) AS type, r.predicate AS predicate, "
            "r.camera_id AS camera_id, r.t AS t, r.weight AS weight"
        )
        types = [REL_TYPES[k] for k in wanted]
        records = self._run(
            query, ids=list(dict.fromkeys(node_ids)), types=types, t_max=_hi(t_max), latest=latest or 0
        )
        edges = from_rows(EdgeRecord, [
            {"src": rec["src"], "dst": rec["dst"], "kind": KINDS_BY_TYPE[rec["type"]], "predicate": rec["predicate"],
             "camera_id": rec["camera_id"], "t": rec["t"], "weight": rec["weight"]}
            for rec in records
        ])  # fmt: skip
        edges.sort(key=lambda e: (e.t, e.src, e.dst, e.kind, e.predicate))
        return edges

    def relations(
        self,
        camera_id: str,
        entity_ids: list[str],
        *,
        predicate: str | None = None,
        t_max: float | None = None,
    ) -> list[RelationRecord]:
        if not entity_ids:
            return []
        # The entities' nodes and their observations (by the (entity_id, t_start) index), the
        # RELATION edges at either end, ends mapped back to entities, one row per triple.
        query = """
UNWIND $ids AS id
CALL (id) {
    MATCH (n:Node {id: id}) RETURN n
    UNION
    MATCH (n:Observation) WHERE n.entity_id = id AND n.t_start >= -$inf AND n.camera_id = $camera_id RETURN n
}
MATCH (n)-[r:RELATION]-()
WHERE r.camera_id = $camera_id AND r.t <= $t_max AND ($predicate IS NULL OR r.predicate = $predicate)
WITH DISTINCT r
WITH r, startNode(r) AS a, endNode(r) AS b
WITH r, CASE WHEN a:Observation THEN a.entity_id ELSE a.id END AS s,
     CASE WHEN b:Observation THEN b.entity_id ELSE b.id END AS o
WITH s, r.predicate AS predicate, o, min(r.t) AS t
OPTIONAL MATCH (se:Entity {entity_id: s})
OPTIONAL MATCH (oe:Entity {entity_id: o})
RETURN s AS subject, se.label AS subject_label, predicate, o AS object, oe.label AS object_label, t
"""
        records = self._run(query, ids=list(dict.fromkeys(entity_ids)), camera_id=camera_id, t_max=_hi(t_max),
                            predicate=predicate, inf=math.inf)  # fmt: skip
        rels = [RelationRecord.model_validate(dict(rec)) for rec in records]
        rels.sort(key=lambda r: (r.t, r.subject, r.predicate, r.object))
        return rels

    def clip_stats(self, camera_id: str, *, t_max: float | None = None) -> ClipStats:
        query = (
            "MATCH (n:Clip) WHERE n.camera_id = $camera_id AND n.t_start <= $t_max "
            "RETURN count(n) AS count, min(n.t_start) AS t_first, max(n.t_end) AS t_last"
        )
        rec = self._run(query, camera_id=camera_id, t_max=_hi(t_max))[0]
        return ClipStats(count=rec["count"], t_first=rec["t_first"], t_last=rec["t_last"])

    def clips(self, camera_id: str, *, t_min: float | None = None, t_max: float | None = None) -> list[ClipRecord]:
        query = self._overlap_query("Clip", [], order="n.t_start, n.clip_id")
        return self._nodes(
            ClipRecord, query, camera_id=camera_id, t_min=_lo(t_min), t_max=_hi(t_max),
            span_key=_span_key(camera_id, "Clip"),
        )  # fmt: skip

    def episodes(
        self,
        camera_id: str,
        *,
        level: Literal["activity", "session"] | None = None,
        t_min: float | None = None,
        t_max: float | None = None,
    ) -> list[EpisodeRecord]:
        query = self._overlap_query("Episode", ["($level IS NULL OR n.level = $level)"], order="n.t_start, n.episode_id")
        return self._nodes(
            EpisodeRecord, query, camera_id=camera_id, level=level, t_min=_lo(t_min), t_max=_hi(t_max),
            span_key=_span_key(camera_id, "Episode"),
        )  # fmt: skip

    # --- internals --------------------------------------------------------------------

    @staticmethod
    def _overlap_query(label: str, where: list[str], *, order: str, full: bool = True) -> str:
        """`t_end >= $t_min AND t_start <= $t_max`, bounded below on t_start by the camera's span,
        so that the (camera_id, t_start) index seeks a range on both sides."""
        conds = ["n.camera_id = $camera_id", *where, "n.t_start >= $t_min - span", "n.t_start <= $t_max",
                 "n.t_end >= $t_min"]  # fmt: skip
        return (
            "OPTIONAL MATCH (s:GraphSpan {key: $span_key}) WITH coalesce(s.max_span, 0.0) AS span "
            f"MATCH (n:{label}) WHERE {' AND '.join(conds)} RETURN {'properties(n)' if full else _light('n')} AS p "
            f"ORDER BY {order}"
        )

    def _nodes(self, cls: type[R], query: str, **params: Any) -> list[R]:
        return [from_row(cls, rec["p"]) for rec in self._run(query, **params)]

    def _run(self, query: str, **params: Any) -> list[Any]:
        driver = self._connected()
        with self._errors("query"):
            records, _, _ = driver.execute_query(
                query, parameters_=params, database_=self.database, routing_=RoutingControl.READ
            )
        return records

    def _connected(self) -> Driver:
        if self._driver is None:
            raise GraphStoreError(f"{self!r} is {'closed' if self._closed else 'not initialised: call init()'}")
        return self._driver

    @contextlib.contextmanager
    def _errors(self, what: str) -> Iterator[None]:
        try:
            yield
        except (Neo4jError, DriverError, OverflowError) as exc:  # OverflowError: an int beyond 64 bits
            raise GraphStoreError(f"{self!r} {what} failed: {exc}") from exc

