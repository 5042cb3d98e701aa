"""The embedded graph store: one SQLite file (or memory), stdlib `sqlite3`.

One connection per store, guarded by a lock, so one store object may be shared by the
threads of one process; WAL lets other processes read while it writes. Tables mirror the
records (primary keys = record keys, dict/list fields as JSON text); `write()` is one
`BEGIN IMMEDIATE` transaction of UPSERTs, so a redelivered batch changes nothing.

Interval queries ("overlapping [t_min, t_max]") on clips, episodes and observations use the
(camera_id, t_start) index on both sides: the store keeps, per camera and table, the longest
t_end - t_start it has written (`spans`), so an overlapping record must start at or after
t_min - span. Without it a window late in a long memory would scan every earlier record.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

from spotter.graph._rows import columns, dumps, from_row, from_rows, to_row
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

# table (= GraphWrite field), record class, key columns. Written in this order.
TABLES: tuple[tuple[str, type[_Record], tuple[str, ...]], ...] = (
    ("clips", ClipRecord, ("clip_id",)),
    ("episodes", EpisodeRecord, ("episode_id",)),
    ("entities", EntityRecord, ("entity_id",)),
    ("observations", ObservationRecord, ("observation_id",)),
    ("edges", EdgeRecord, ("src", "dst", "kind", "predicate")),
    ("events", EventRecord, ("event_id",)),
)
SPAN_TABLES = ("clips", "episodes", "observations")

SCHEMA = """
CREATE TABLE IF NOT EXISTS clips (
    clip_id TEXT PRIMARY KEY, camera_id TEXT NOT NULL, t_start REAL NOT NULL, t_end REAL NOT NULL,
    caption TEXT NOT NULL, yaw_start_deg REAL, yaw_end_deg REAL, width INTEGER, height INTEGER);
CREATE INDEX IF NOT EXISTS clips_camera_t ON clips (camera_id, t_start);
CREATE INDEX IF NOT EXISTS clips_camera_t_cover ON clips (camera_id, t_start, t_end);

CREATE TABLE IF NOT EXISTS episodes (
    episode_id TEXT PRIMARY KEY, camera_id TEXT NOT NULL, level TEXT NOT NULL,
    t_start REAL NOT NULL, t_end REAL NOT NULL, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS episodes_camera_t ON episodes (camera_id, t_start);

CREATE TABLE IF NOT EXISTS entities (
    entity_id TEXT PRIMARY KEY, camera_id TEXT NOT NULL, label TEXT NOT NULL,
    first_seen REAL NOT NULL, last_seen REAL NOT NULL, bearing_deg REAL NOT NULL, distance REAL NOT NULL,
    confidence REAL NOT NULL, state TEXT NOT NULL, attributes TEXT NOT NULL, observations INTEGER NOT NULL,
    description TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS entities_camera_first_seen ON entities (camera_id, first_seen);

CREATE TABLE IF NOT EXISTS observations (
    observation_id TEXT PRIMARY KEY, entity_id TEXT NOT NULL, camera_id TEXT NOT NULL, clip_id TEXT NOT NULL,
    label TEXT NOT NULL, t_start REAL NOT NULL, t_end REAL NOT NULL, bearing_deg REAL NOT NULL,
    distance REAL NOT NULL, state TEXT NOT NULL, attributes TEXT NOT NULL, motion_px_s REAL NOT NULL,
    description TEXT NOT NULL, boxes TEXT NOT NULL, appearance TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS observations_camera_t ON observations (camera_id, t_start);
DROP INDEX IF EXISTS observations_entity_t;
CREATE INDEX IF NOT EXISTS observations_entity_camera_t ON observations (entity_id, camera_id, t_start, observation_id);

CREATE TABLE IF NOT EXISTS edges (
    src TEXT NOT NULL, dst TEXT NOT NULL, kind TEXT NOT NULL, predicate TEXT NOT NULL,
    camera_id TEXT NOT NULL, t REAL NOT NULL, weight REAL NOT NULL,
    PRIMARY KEY (src, dst, kind, predicate));
DROP INDEX IF EXISTS edges_dst;
CREATE INDEX IF NOT EXISTS edges_dst_kind ON edges (dst, kind);
CREATE INDEX IF NOT EXISTS edges_relation_from ON edges (src, camera_id, t, dst, predicate, kind) WHERE kind = 'relation';
CREATE INDEX IF NOT EXISTS edges_relation_to ON edges (dst, camera_id, t, src, predicate, kind) WHERE kind = 'relation';
CREATE INDEX IF NOT EXISTS edges_camera ON edges (camera_id);
CREATE INDEX IF NOT EXISTS edges_src_t ON edges (src, t);
CREATE INDEX IF NOT EXISTS edges_dst_t ON edges (dst, t);

CREATE TABLE IF NOT EXISTS events (
    event_id TEXT PRIMARY KEY, camera_id TEXT NOT NULL, t REAL NOT NULL, kind TEXT NOT NULL,
    entity_id TEXT NOT NULL, label TEXT NOT NULL, clip_id TEXT, bearing_deg REAL, detail TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS events_camera_t ON events (camera_id, t);
CREATE INDEX IF NOT EXISTS events_entity_t ON events (entity_id, t);

CREATE TABLE IF NOT EXISTS spans (
    camera_id TEXT NOT NULL, tbl TEXT NOT NULL, max_span REAL NOT NULL, PRIMARY KEY (camera_id, tbl));
"""


def _upsert_sql(table: str, cls: type[_Record], key: tuple[str, ...]) -> str:
    cols = columns(cls)
    updates = ", ".join(f"{c} = excluded.{c}" for c in cols if c not in key)
    return (
        f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))}) "
        f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}"
    )


UPSERTS = {table: _upsert_sql(table, cls, key) for table, cls, key in TABLES}
SPAN_UPSERT = (
    "INSERT INTO spans (camera_id, tbl, max_span) VALUES (?, ?, ?) "
    "ON CONFLICT (camera_id, tbl) DO UPDATE SET max_span = max(max_span, excluded.max_span)"
)


# An observation without its boxes and appearance (`full=False`): the rest of a row is ~1/7 of
# the decoding, and SQLite need not read the overflow pages those two long columns fill.
LIGHT_OBSERVATION = ", ".join(
    f"'[]' AS {c}" if c in ("boxes", "appearance") else c for c in columns(ObservationRecord)
)


def _add_filter(where: list[str], params: list[Any], condition: str, value: object) -> None:
    """AND `condition` (one `?`) into the query unless the caller left `value` unset."""
    if value is not None:
        where.append(condition)
        params.append(value)


class SqliteGraphStore:
    """GraphStore on SQLite. `path` is a file (created with its directory) or ":memory:"."""

    def __init__(self, path: str | os.PathLike[str] = ":memory:", *, timeout_s: float = 30.0) -> None:
        self.path = str(path)
        self.timeout_s = timeout_s
        self._conn: sqlite3.Connection | None = None
        self._closed = False
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"SqliteGraphStore({self.path!r})"

    # --- lifecycle --------------------------------------------------------------------

    def init(self) -> None:
        with self._lock:
            if self._closed:
                raise GraphStoreError(f"{self!r} is closed")
            with self._errors("init"):
                if self._conn is None:
                    if self.path != ":memory:":
                        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
                    # isolation_level=None: transactions are explicit (BEGIN IMMEDIATE in write()).
                    conn = sqlite3.connect(
                        self.path, timeout=self.timeout_s, isolation_level=None, check_same_thread=False
                    )
                    conn.row_factory = sqlite3.Row
                    conn.execute("PRAGMA journal_mode=WAL")
                    # WAL + NORMAL: a commit survives a killed process (the WAL is in the OS cache);
                    # only a power cut can lose the last commits. FULL would fsync every caption.
                    conn.execute("PRAGMA synchronous=NORMAL")
                    conn.execute("PRAGMA foreign_keys=OFF")
                    self._conn = conn
                self._conn.executescript(SCHEMA)
                self._add_new_columns(self._conn)

    @staticmethod
    def _add_new_columns(conn: sqlite3.Connection) -> None:
        """A file written by an older version gains the columns added to the records since (optional fields: NULL,
        read back as the field's default), so an existing memory opens as it was."""
        for table, cls, _ in TABLES:
            have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
            for name in columns(cls):
                if name not in have:
                    conn.execute(f"ALTER TABLE {table} ADD COLUMN {name}")

    def close(self) -> None:
        with self._lock:
            self._closed = True
            conn, self._conn = self._conn, None
            if conn is not None:
                conn.close()

    # --- writes ---------------------------------------------------------------------

    def clear(self, camera_id: str | None = None) -> None:
        with self._lock, self._errors("clear"):
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE")
            try:
                for table in (*(t for t, _, _ in TABLES), "spans"):
                    if camera_id is None:
                        conn.execute(f"DELETE FROM {table}")
                    else:
                        conn.execute(f"DELETE FROM {table} WHERE camera_id = ?", (camera_id,))
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def write(self, batch: GraphWrite) -> None:
        with self._lock, self._errors("write"):
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE")
            try:
                for table, cls, _ in TABLES:
                    records: list[_Record] = getattr(batch, table)
                    if records:
                        cols = columns(cls)
                        conn.executemany(
                            UPSERTS[table], [tuple(row[c] for c in cols) for row in map(to_row, records)]
                        )
                spans: dict[tuple[str, str], float] = {}
                for table in SPAN_TABLES:
                    for rec in getattr(batch, table):
                        key = (rec.camera_id, table)
                        spans[key] = max(spans.get(key, 0.0), rec.t_end - rec.t_start)
                if spans:
                    conn.executemany(SPAN_UPSERT, [(cam, tbl, span) for (cam, tbl), span in spans.items()])
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    # --- reads ------------------------------------------------------------------------

    def entity(self, entity_id: str) -> EntityRecord | None:
        rows = self._query(EntityRecord, "SELECT * FROM entities WHERE entity_id = ?", [entity_id])
        return rows[0] if rows else None

    def entities(self, camera_id: str, *, label: str | None = None, t_max: float | None = None) -> list[EntityRecord]:
        where, params = ["camera_id = ?"], list[Any]([camera_id])
        _add_filter(where, params, "label = ?", label)
        _add_filter(where, params, "first_seen <= ?", t_max)
        sql = f"SELECT * FROM entities WHERE {' AND '.join(where)} ORDER BY first_seen, entity_id"
        return self._query(EntityRecord, sql, params)

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
        where, params = ["camera_id = ?"], list[Any]([camera_id])
        _add_filter(where, params, "entity_id = ?", entity_id)
        _add_filter(where, params, "label = ?", label)
        self._overlap(where, params, "observations", camera_id, t_min, t_max)
        order = "t_start DESC, observation_id DESC" if latest else "t_start, observation_id"
        sql = f"SELECT {'*' if full else LIGHT_OBSERVATION} FROM observations WHERE {' AND '.join(where)} ORDER BY {order}"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = self._query(ObservationRecord, sql, params)
        return rows[::-1] if latest else rows

    def latest_observations(
        self, camera_id: str, entity_ids: list[str], *, t_max: float | None = None, full: bool = True
    ) -> dict[str, tuple[ObservationRecord, int]]:
        if not entity_ids:
            return {}
        # Per entity two seeks in the covering (entity_id, camera_id, t_start, observation_id) index.
        sql = (
            f"SELECT {'o.*' if full else LIGHT_OBSERVATION}, (SELECT count(*) FROM observations c WHERE c.entity_id = j.value AND c.camera_id = ?1 "
            "AND c.t_start <= ?2) AS n_before FROM json_each(?3) j JOIN observations o ON o.observation_id = ("
            "SELECT x.observation_id FROM observations x WHERE x.entity_id = j.value AND x.camera_id = ?1 "
            "AND x.t_start <= ?2 ORDER BY x.t_start DESC, x.observation_id DESC LIMIT 1)"
        )
        t = float("inf") if t_max is None else t_max
        rows = self._rows(sql, [camera_id, t, dumps(list(dict.fromkeys(entity_ids)))])
        return {row["entity_id"]: (from_row(ObservationRecord, row), int(row["n_before"])) for row in rows}

    def events(
        self,
        camera_id: str,
        *,
        t_min: float | None = None,
        t_max: float | None = None,
        kinds: list[WorldEventKind] | None = None,
        entity_id: str | None = None,
    ) -> list[EventRecord]:
        where, params = ["camera_id = ?"], list[Any]([camera_id])
        _add_filter(where, params, "t >= ?", t_min)
        _add_filter(where, params, "t <= ?", t_max)
        if kinds is not None:
            where.append("kind IN (SELECT value FROM json_each(?))")
            params.append(dumps(list(kinds)))
        _add_filter(where, params, "entity_id = ?", entity_id)
        sql = f"SELECT * FROM events WHERE {' AND '.join(where)} ORDER BY t, event_id"
        return self._query(EventRecord, sql, params)

    def edges(
        self,
        node_ids: list[str],
        *,
        kinds: list[EdgeKind] | None = None,
        t_max: float | None = None,
        latest: int | None = None,
    ) -> list[EdgeRecord]:
        if not node_ids or (kinds is not None and not kinds) or (latest is not None and latest <= 0):
            return []
        extra, extra_params = "", list[Any]()
        if kinds is not None:
            extra += " AND kind IN (SELECT value FROM json_each(?))"
            extra_params.append(dumps(list(kinds)))
        if t_max is not None:
            extra += " AND t <= ?"
            extra_params.append(t_max)
        ids = dumps(list(dict.fromkeys(node_ids)))
        if latest is not None:
            # Per node, its newest edges each way: a LIMITed seek on (src, t) / (dst, t) per node.
            newest = "ORDER BY t DESC, src, dst, kind, predicate LIMIT ?"
            sql = (
                "WITH ids(id) AS (SELECT value FROM json_each(?)) "
                "SELECT e.* FROM ids CROSS JOIN edges e ON e.rowid IN "
                f"(SELECT rowid FROM edges WHERE src = ids.id{extra} {newest}) "
                "UNION SELECT e.* FROM ids CROSS JOIN edges e ON e.rowid IN "
                f"(SELECT rowid FROM edges WHERE dst = ids.id{extra} {newest}) "
                "ORDER BY t, src, dst, kind, predicate"
            )
            return self._query(EdgeRecord, sql, [ids, *extra_params, latest, *extra_params, latest])
        # Two index lookups (primary key by src, edges_dst by dst); UNION drops the edges found twice.
        sql = (
            f"SELECT * FROM edges WHERE src IN (SELECT value FROM json_each(?)){extra} "
            f"UNION SELECT * FROM edges WHERE dst IN (SELECT value FROM json_each(?)){extra} "
            "ORDER BY t, src, dst, kind, predicate"
        )
        return self._query(EdgeRecord, sql, [ids, *extra_params, ids, *extra_params])

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
        # The entities and their observations (covering index), the relation edges at either end
        # (the two small partial covering indexes of relation edges), ends mapped back through
        # observations. CROSS JOIN fixes the join order: without statistics the planner would
        # rather scan every edge of the camera (edges_camera) than seek the nodes' edges. UNION
        # ALL: an edge found from both ends counts once in the GROUP BY anyway (min t).
        sql = """
WITH ents(id) AS (SELECT value FROM json_each(?1)),
nodes(id) AS (
    SELECT id FROM ents
    UNION ALL SELECT o.observation_id FROM ents JOIN observations o ON o.entity_id = ents.id AND o.camera_id = ?2),
rel AS (
    SELECT e.src, e.dst, e.predicate, e.t FROM nodes CROSS JOIN edges e ON e.src = nodes.id AND e.kind = 'relation'
    WHERE e.camera_id = ?2 AND e.t <= ?3 AND (?4 IS NULL OR e.predicate = ?4)
    UNION ALL
    SELECT e.src, e.dst, e.predicate, e.t FROM nodes CROSS JOIN edges e ON e.dst = nodes.id AND e.kind = 'relation'
    WHERE e.camera_id = ?2 AND e.t <= ?3 AND (?4 IS NULL OR e.predicate = ?4)),
ends AS (
    SELECT coalesce(os.entity_id, rel.src) AS subject, rel.predicate AS predicate,
           coalesce(od.entity_id, rel.dst) AS object, rel.t AS t
    FROM rel LEFT JOIN observations os ON os.observation_id = rel.src
             LEFT JOIN observations od ON od.observation_id = rel.dst),
best AS (SELECT subject, predicate, object, min(t) AS t FROM ends GROUP BY subject, predicate, object)
SELECT best.subject, es.label AS subject_label, best.predicate, best.object, eo.label AS object_label, best.t
FROM best LEFT JOIN entities es ON es.entity_id = best.subject LEFT JOIN entities eo ON eo.entity_id = best.object
ORDER BY best.t, best.subject, best.predicate, best.object
"""
        t = float("inf") if t_max is None else t_max
        rows = self._rows(sql, [dumps(list(dict.fromkeys(entity_ids))), camera_id, t, predicate])
        return [RelationRecord.model_validate(row) for row in rows]

    def clip_stats(self, camera_id: str, *, t_max: float | None = None) -> ClipStats:
        # One range scan of the covering (camera_id, t_start, t_end) index.
        where, params = ["camera_id = ?"], list[Any]([camera_id])
        _add_filter(where, params, "t_start <= ?", t_max)
        sql = f"SELECT count(*) AS count, min(t_start) AS t_first, max(t_end) AS t_last FROM clips WHERE {' AND '.join(where)}"
        return ClipStats.model_validate(self._rows(sql, params)[0])

    def clips(self, camera_id: str, *, t_min: float | None = None, t_max: float | None = None) -> list[ClipRecord]:
        where, params = ["camera_id = ?"], list[Any]([camera_id])
        self._overlap(where, params, "clips", camera_id, t_min, t_max)
        sql = f"SELECT * FROM clips WHERE {' AND '.join(where)} ORDER BY t_start, clip_id"
        return self._query(ClipRecord, sql, params)

    def episodes(
        self,
        camera_id: str,
        *,
        level: Literal["activity", "session"] | None = None,
        t_min: float | None = None,
        t_max: float | None = None,
    ) -> list[EpisodeRecord]:
        where, params = ["camera_id = ?"], list[Any]([camera_id])
        _add_filter(where, params, "level = ?", level)
        self._overlap(where, params, "episodes", camera_id, t_min, t_max)
        sql = f"SELECT * FROM episodes WHERE {' AND '.join(where)} ORDER BY t_start, episode_id"
        return self._query(EpisodeRecord, sql, params)

    # --- internals --------------------------------------------------------------------

    def _overlap(
        self, where: list[str], params: list[Any], table: str, camera_id: str, t_min: float | None,
        t_max: float | None,
    ) -> None:
        """Add `t_end >= t_min AND t_start <= t_max`, bounded on t_start from below by the span."""
        _add_filter(where, params, "t_start <= ?", t_max)
        if t_min is not None:
            where.append("t_end >= ?")
            params.append(t_min)
            where.append(
                f"t_start >= ? - coalesce((SELECT max_span FROM spans WHERE camera_id = ? AND tbl = '{table}'), 0)"
            )
            params += [t_min, camera_id]

    def _query(self, cls: type[R], sql: str, params: Sequence[Any]) -> list[R]:
        return from_rows(cls, self._rows(sql, params))

    def _rows(self, sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
        with self._lock, self._errors("query"):
            rows = self._connection().execute(sql, params).fetchall()
        return [dict(row) for row in rows]

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise GraphStoreError(f"{self!r} is {'closed' if self._closed else 'not initialised: call init()'}")
        return self._conn

    @contextlib.contextmanager
    def _errors(self, what: str) -> Iterator[None]:
        try:
            yield
        except (sqlite3.Error, OverflowError) as exc:  # OverflowError: an int beyond 64 bits
            raise GraphStoreError(f"{self!r} {what} failed: {exc}") from exc
