"""The embedded vector index: exact cosine search in numpy, persisted in one SQLite file.

Layout: one partition per (camera_id, level). A partition holds its L2-normalised vectors in a
float32 matrix whose rows are kept sorted by `t_end`, so every time filter (`t_min <= t_end <=
t_max`) is a contiguous row range found by binary search, and a filtered search is one
matrix-vector product over that range plus `argpartition` for the top k: no per-point filter
work. Points arrive in time order in practice (appending keeps the order for free); an
out-of-order point marks the partition for one re-sort before its next read.

Persistence: every write reaches the disk before it is applied in memory: vectors appended to a
raw float32 file, the rest (and each point's row in that file) in SQLite (WAL, synchronous=NORMAL:
durable across a process crash; the last transactions may be lost on power loss). Opening the
store rebuilds the partitions from both. `path=None` keeps nothing on disk. (Vectors as SQLite
blobs halved the ingest rate: every byte was written twice, WAL then checkpoint.)

Readers in other processes: `read_only=True` opens the same files as a view that follows the
writer. Before each read it asks SQLite whether another connection committed (`PRAGMA
data_version`, one cheap query) and, if so, reloads the partitions in one read transaction. This is
how the reasoner and the API read the summarizer's and the visual archive's indexes when the
services run on one host without a Qdrant server (a shared directory is the whole protocol; it
does not work across hosts, where Qdrant is the shared store). A view never writes, truncates
or deletes a file.

Threads: writes hold the store's lock; a search holds it only to take a snapshot of the arrays
(writers replace arrays instead of reordering them in place, and append beyond a snapshot's row
count), so the matrix products of concurrent searches run in parallel (BLAS releases the GIL).
The one race left is benign: a search concurrent with the re-upsert of an existing id may see
that point's old or new vector and payload.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np
import numpy.typing as npt
from pydantic_core import to_json

from spotter.vector.base import (
    Float32Array,
    QueryVector,
    VectorHit,
    VectorPayload,
    VectorPoint,
    VectorStoreError,
    check_points,
    check_query,
    zero_vector_error,
)

Key = tuple[str, str]  # (camera_id, level)
# A payload read back from disk stays a row tuple until a search returns it (reopening is 3x faster).
RawPayload = tuple[str, str, float, float, str, str]  # camera_id, level, t_start, t_end, text, ref JSON
Payload = VectorPayload | RawPayload
F64 = npt.NDArray[np.float64]

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS points (id TEXT NOT NULL UNIQUE, camera_id TEXT NOT NULL, level TEXT NOT NULL, "
    "t_start REAL NOT NULL, t_end REAL NOT NULL, text TEXT NOT NULL, ref TEXT NOT NULL, slot INTEGER NOT NULL)",
)


@dataclass(frozen=True)
class _Snapshot:
    """A consistent read-only view of one partition's rows [lo, hi)."""

    mat: Float32Array
    ids: list[str]
    payloads: list[Payload]
    lo: int
    hi: int


class _Partition:
    """The points of one (camera_id, level): rows 0..n-1 of the arrays, sorted by t_end when `ordered`."""

    def __init__(self, dim: int, capacity: int = 64) -> None:
        self.dim = dim
        self.mat: Float32Array = np.empty((capacity, dim), np.float32)
        self.t_end: F64 = np.empty(capacity, np.float64)
        self.ids: list[str] = []
        self.payloads: list[Payload] = []
        self.rows: dict[str, int] = {}
        self.n = 0
        self.ordered = True

    def _reserve(self, m: int) -> None:
        if self.n + m <= self.mat.shape[0]:
            return
        cap = max(2 * self.mat.shape[0], self.n + m)
        mat = np.empty((cap, self.dim), np.float32)
        mat[: self.n] = self.mat[: self.n]
        t_end = np.empty(cap, np.float64)
        t_end[: self.n] = self.t_end[: self.n]
        self.mat, self.t_end = mat, t_end

    def append(self, ids: list[str], vecs: Float32Array, t_end: F64, payloads: Sequence[Payload]) -> None:
        """New ids (not in this partition), vectors normalised; the batch may be in any order."""
        m = len(ids)
        if m == 0:
            return
        order = np.argsort(t_end, kind="stable")
        if np.any(order != np.arange(m)):
            ids = [ids[i] for i in order]
            payloads = [payloads[i] for i in order]
            vecs, t_end = vecs[order], t_end[order]
        self._reserve(m)
        n = self.n
        self.mat[n : n + m] = vecs
        self.t_end[n : n + m] = t_end
        self.ids.extend(ids)
        self.payloads.extend(payloads)
        for i, pid in enumerate(ids, start=n):
            self.rows[pid] = i
        if n > 0 and t_end[0] < self.t_end[n - 1]:
            self.ordered = False
        self.n = n + m  # last: a snapshot taken meanwhile never sees half-written rows

    def replace(self, pid: str, vec: Float32Array, t_end: float, payload: VectorPayload) -> None:
        """Overwrite an existing id's row in place (a search racing it may see either version)."""
        row = self.rows[pid]
        self.mat[row] = vec
        self.t_end[row] = t_end
        self.payloads[row] = payload
        times = self.t_end
        if (row > 0 and times[row - 1] > t_end) or (row + 1 < self.n and times[row + 1] < t_end):
            self.ordered = False

    def _take(self, index: npt.NDArray[np.intp]) -> None:
        """Keep exactly rows `index` (in that order) in fresh arrays."""
        self.mat = np.ascontiguousarray(self.mat[: self.n][index])
        self.t_end = np.ascontiguousarray(self.t_end[: self.n][index])
        self.ids = [self.ids[i] for i in index]
        self.payloads = [self.payloads[i] for i in index]
        self.rows = {pid: i for i, pid in enumerate(self.ids)}
        self.n = len(self.ids)

    def ensure_ordered(self) -> None:
        if not self.ordered:
            self._take(np.argsort(self.t_end[: self.n], kind="stable"))
            self.ordered = True

    def remove(self, ids: Iterable[str]) -> None:
        drop = {self.rows[pid] for pid in ids if pid in self.rows}
        if drop:
            keep = np.ones(self.n, dtype=bool)
            keep[list(drop)] = False
            self._take(np.flatnonzero(keep))

    def drop_first(self, count: int) -> list[str]:
        """Remove the `count` oldest rows (partition ordered); returns their ids."""
        gone = self.ids[:count]
        if count > 0:
            self._take(np.arange(count, self.n, dtype=np.intp))
        return gone

    def span(self, t_min: float | None, t_max: float | None) -> tuple[int, int]:
        """Rows with t_min <= t_end <= t_max (partition ordered)."""
        times = self.t_end[: self.n]
        lo = 0 if t_min is None else int(np.searchsorted(times, t_min, side="left"))
        hi = self.n if t_max is None else int(np.searchsorted(times, t_max, side="right"))
        return lo, max(lo, hi)


def _payload(p: Payload) -> VectorPayload:
    if isinstance(p, VectorPayload):
        return p
    cam, level, t_start, t_end, text, ref = p
    return VectorPayload.model_construct(
        camera_id=cam,
        level=level,
        t_start=t_start,
        t_end=t_end,
        text=text,
        ref=json.loads(ref) if ref != "{}" else {},
    )


def _normalised(points: Sequence[VectorPoint]) -> Float32Array:
    vecs = np.stack([p.vector for p in points]).astype(np.float32, copy=False)
    norms = np.linalg.norm(vecs, axis=1, keepdims=True)
    zero = np.flatnonzero(norms[:, 0] == 0.0)
    if zero.size:
        raise zero_vector_error(points[int(zero[0])].id)
    out: Float32Array = (vecs / norms).astype(np.float32, copy=False)
    return out


class EmbeddedVectorStore:
    """An in-process `VectorStore` (see the module docstring); `path=None` keeps it in memory only."""

    def __init__(self, name: str, dim: int, path: str | Path | None = None, *, read_only: bool = False) -> None:
        if not NAME.match(name):
            raise VectorStoreError(f"collection name {name!r}: letters, digits and _.- only")
        if dim < 1:
            raise VectorStoreError(f"dimension must be positive, got {dim}")
        self.name = name
        self.dim = dim
        self.path = None if path is None or str(path) == ":memory:" else Path(path)
        self._lock = threading.RLock()
        self._parts: dict[Key, _Partition] = {}
        self._where: dict[str, Key] = {}
        self._db: sqlite3.Connection | None = None
        self._gen = 0
        self._slots = 0
        self._vec_file: BinaryIO
        self._closed = False
        self.read_only = read_only and self.path is not None
        self._version: int | None = None
        if self.read_only:
            self._refresh()  # empty until the writer has created the files
        elif self.path is not None:
            self._open_db(self.path)

    def __repr__(self) -> str:
        return f"EmbeddedVectorStore(name={self.name!r}, dim={self.dim}, path={str(self.path)!r})"

    # --- persistence --------------------------------------------------------------------
    #
    # <name>.sqlite3 holds one metadata row per point (id, camera, level, times, text, ref) and
    # the point's `slot`: its row in the vector file <name>.sqlite3.vec<gen>, raw float32 rows of
    # `dim` appended in write order. A batch appends its vectors (flushed) before the SQLite
    # transaction that references them commits, so a crash leaves at worst unreferenced rows at
    # the file's end. Replaced and deleted points leave dead rows; when they outnumber the live
    # ones (and 64k), the live vectors are written to a new generation file and every slot is
    # rewritten in one transaction that also switches `gen`, then the old file is removed.

    def _vec_path(self, gen: int) -> Path:
        assert self.path is not None
        return self.path.with_name(f"{self.path.name}.vec{gen}")

    def _open_db(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            for stmt in _SCHEMA:
                db.execute(stmt)
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
            if "dim" not in meta:
                db.executemany(
                    "INSERT INTO meta (key, value) VALUES (?, ?)", [("dim", str(self.dim)), ("gen", "0")]
                )
                meta = {"dim": str(self.dim), "gen": "0"}
            elif int(meta["dim"]) != self.dim:
                raise VectorStoreError(f"{path} holds {meta['dim']}-dimensional vectors, not {self.dim}")
            self._gen = int(meta["gen"])
            for stale in path.parent.glob(f"{path.name}.vec*"):  # an interrupted compaction's file
                if stale != self._vec_path(self._gen):
                    stale.unlink()
            self._load(db)
        except BaseException:
            db.close()
            raise
        self._db = db

    def _load(self, db: sqlite3.Connection) -> None:
        vec_path = self._vec_path(self._gen)
        row_bytes = 4 * self.dim
        size = vec_path.stat().st_size if vec_path.exists() else 0
        if size % row_bytes:  # a torn append: drop the partial row
            with vec_path.open("r+b") as f:
                f.truncate(size - size % row_bytes)
        self._parts, self._where, self._slots = self._read(db, vec_path)
        self._vec_file = vec_path.open("ab")

    def _read(self, db: sqlite3.Connection, vec_path: Path) -> tuple[dict[Key, _Partition], dict[str, Key], int]:
        """The partitions the database and vector file hold (a torn last row is ignored, not cut)."""
        size = vec_path.stat().st_size if vec_path.exists() else 0
        n_slots = size // (4 * self.dim)
        file_vecs = (
            np.fromfile(vec_path, dtype=np.float32, count=n_slots * self.dim).reshape(-1, self.dim)
            if n_slots
            else np.empty((0, self.dim), np.float32)
        )
        parts: dict[Key, _Partition] = {}
        where: dict[str, Key] = {}
        groups: dict[Key, tuple[list[str], list[int], list[float], list[Payload]]] = {}
        query = "SELECT id, camera_id, level, t_start, t_end, text, ref, slot FROM points ORDER BY t_end"
        for pid, cam, level, t_start, t_end, text, ref, slot in db.execute(query):
            if slot >= n_slots:  # its vector never reached the disk (power loss)
                continue
            g = groups.setdefault((cam, level), ([], [], [], []))
            g[0].append(pid)
            g[1].append(slot)
            g[2].append(t_end)
            g[3].append((cam, level, t_start, t_end, text, ref))
        for key, (ids, slots, times, payloads) in groups.items():
            part = _Partition(self.dim, capacity=max(64, len(ids)))
            part.append(ids, file_vecs[np.asarray(slots, np.intp)], np.asarray(times, np.float64), payloads)
            parts[key] = part
            for pid in ids:
                where[pid] = key
        return parts, where, n_slots

    def _refresh(self) -> None:
        """A read-only view: reload when the writer committed since the last read (module docstring)."""
        if not self.read_only or self._closed:
            return
        assert self.path is not None
        if self._db is None:
            if not self.path.exists():
                return  # nothing written yet: an empty view
            self._db = sqlite3.connect(
                f"file:{self.path}?mode=ro", uri=True, check_same_thread=False, isolation_level=None
            )
        db = self._db
        version = int(db.execute("PRAGMA data_version").fetchone()[0])
        if version == self._version:
            return
        for attempt in range(3):
            db.execute("BEGIN")  # one snapshot of meta and points
            try:
                try:
                    meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
                except sqlite3.OperationalError as exc:
                    if "no such table" in str(exc):
                        return  # the writer is creating the file
                    raise
                if "dim" not in meta or "gen" not in meta:
                    return  # the writer is creating the file
                if int(meta["dim"]) != self.dim:
                    raise VectorStoreError(f"{self.path} holds {meta['dim']}-dimensional vectors, not {self.dim}")
                vec_path = self._vec_path(int(meta["gen"]))
                self._parts, self._where, self._slots = self._read(db, vec_path)
                break
            except FileNotFoundError:  # a compaction replaced the vector file meanwhile: read again
                if attempt == 2:
                    raise
            finally:
                db.execute("COMMIT")
        self._version = version

    def _check_writable(self) -> None:
        self._check_open()
        if self.read_only:
            raise VectorStoreError(f"vector store {self.name!r} is a read-only view of {self.path}")

    def _db_write(self, sql: str, rows: Iterable[tuple[object, ...]]) -> None:
        if self._db is None:
            return
        db = self._db
        db.execute("BEGIN")
        try:
            db.executemany(sql, rows)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _append_vectors(self, vecs: Float32Array) -> int:
        """Append rows to the vector file (flushed); returns the first one's slot."""
        first = self._slots
        if self._db is not None:
            self._vec_file.write(np.ascontiguousarray(vecs, np.float32).tobytes())
            self._vec_file.flush()
            self._slots += vecs.shape[0]
        return first

    def _maybe_compact(self) -> None:
        if self._db is None:
            return
        live = len(self._where)
        if self._slots - live <= max(live, 65536):
            return
        gen = self._gen + 1
        new_path = self._vec_path(gen)
        slots: list[tuple[int, str]] = []
        with new_path.open("wb") as f:
            for part in self._parts.values():
                f.write(part.mat[: part.n].tobytes())
                slots.extend((len(slots), pid) for pid in part.ids[: part.n])
            f.flush()
            os.fsync(f.fileno())
        db = self._db
        db.execute("BEGIN")
        try:
            db.executemany("UPDATE points SET slot = ? WHERE id = ?", slots)
            db.execute("UPDATE meta SET value = ? WHERE key = 'gen'", (str(gen),))
        except BaseException:
            db.execute("ROLLBACK")
            new_path.unlink()
            raise
        db.execute("COMMIT")
        self._vec_file.close()
        self._vec_path(self._gen).unlink(missing_ok=True)
        self._gen, self._slots = gen, len(slots)
        self._vec_file = new_path.open("ab")

    def _check_open(self) -> None:
        if self._closed:
            raise VectorStoreError(f"vector store {self.name!r} is closed")

    # --- VectorStore --------------------------------------------------------------------

    def upsert(self, points: Sequence[VectorPoint]) -> None:
        if not points:
            return
        check_points(points, self.dim)
        latest = list({p.id: p for p in points}.values())  # the last of repeated ids wins
        vecs = _normalised(latest)
        with self._lock:
            self._check_writable()
            first = self._append_vectors(vecs)
            self._db_write(
                "INSERT OR REPLACE INTO points (id, camera_id, level, t_start, t_end, text, ref, slot) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    (
                        p.id,
                        p.payload.camera_id,
                        p.payload.level,
                        p.payload.t_start,
                        p.payload.t_end,
                        p.payload.text,
                        to_json(p.payload.ref).decode() if p.payload.ref else "{}",
                        first + i,
                    )  # fmt: skip
                    for i, p in enumerate(latest)
                ),
            )
            new: dict[Key, list[int]] = {}
            moved: dict[Key, list[str]] = {}
            for i, p in enumerate(latest):
                key = (p.payload.camera_id, p.payload.level)
                old = self._where.get(p.id)
                if old == key:
                    self._parts[key].replace(p.id, vecs[i], p.payload.t_end, p.payload)
                    continue
                if old is not None:
                    moved.setdefault(old, []).append(p.id)
                new.setdefault(key, []).append(i)
                self._where[p.id] = key
            for key, gone in moved.items():
                self._parts[key].remove(gone)
            for key, index in new.items():
                part = self._parts.get(key)
                if part is None:
                    part = self._parts[key] = _Partition(self.dim)
                part.append(
                    [latest[i].id for i in index],
                    vecs[index],
                    np.array([latest[i].payload.t_end for i in index], np.float64),
                    [latest[i].payload for i in index],
                )
            self._maybe_compact()

    def _matching(self, camera_id: str | None, level: str | None) -> list[_Partition]:
        return [
            part
            for (cam, lev), part in self._parts.items()
            if (camera_id is None or cam == camera_id) and (level is None or lev == level)
        ]

    def search(
        self,
        vector: QueryVector,
        k: int = 10,
        *,
        camera_id: str | None = None,
        level: str | None = None,
        t_min: float | None = None,
        t_max: float | None = None,
    ) -> list[VectorHit]:
        q = check_query(vector, self.dim, k)
        norm = float(np.linalg.norm(q))
        if norm == 0.0:
            raise VectorStoreError("the query is the zero vector")
        q = (q / norm).astype(np.float32, copy=False)
        snaps: list[_Snapshot] = []
        with self._lock:
            self._check_open()
            self._refresh()
            for part in self._matching(camera_id, level):
                part.ensure_ordered()
                lo, hi = part.span(t_min, t_max)
                if hi > lo:
                    snaps.append(_Snapshot(part.mat, part.ids, part.payloads, lo, hi))
        scores: list[npt.NDArray[np.float32]] = []
        owners: list[npt.NDArray[np.intp]] = []
        rows: list[npt.NDArray[np.intp]] = []
        for j, s in enumerate(snaps):
            sims = s.mat[s.lo : s.hi] @ q
            if sims.shape[0] > k:
                top = np.argpartition(-sims, k - 1)[:k]
                sims = sims[top]
            else:
                top = np.arange(sims.shape[0], dtype=np.intp)
            scores.append(sims)
            rows.append(top + s.lo)
            owners.append(np.full(top.shape[0], j, dtype=np.intp))
        if not scores:
            return []
        all_scores = np.concatenate(scores)
        all_rows = np.concatenate(rows)
        all_owners = np.concatenate(owners)
        best = np.argsort(-all_scores, kind="stable")[:k]
        hits = []
        for b in best:
            s = snaps[int(all_owners[b])]
            row = int(all_rows[b])
            hits.append(
                VectorHit.model_construct(
                    id=s.ids[row], score=float(all_scores[b]), payload=_payload(s.payloads[row])
                )
            )
        return hits

    def delete(self, ids: Sequence[str]) -> None:
        with self._lock:
            self._check_writable()
            known = [pid for pid in dict.fromkeys(ids) if pid in self._where]
            if not known:
                return
            self._db_write("DELETE FROM points WHERE id = ?", ((pid,) for pid in known))
            groups: dict[Key, list[str]] = {}
            for pid in known:
                groups.setdefault(self._where.pop(pid), []).append(pid)
            for key, gone in groups.items():
                self._parts[key].remove(gone)
            self._maybe_compact()

    def _drop(self, counts: dict[Key, int]) -> int:
        """Remove the `count` oldest points of each partition (partitions ordered)."""
        victims = {key: self._parts[key].ids[:c] for key, c in counts.items() if c > 0}
        gone = [pid for ids in victims.values() for pid in ids]
        if not gone:
            return 0
        self._db_write("DELETE FROM points WHERE id = ?", ((pid,) for pid in gone))
        for key, ids in victims.items():
            self._parts[key].drop_first(len(ids))
            for pid in ids:
                del self._where[pid]
        self._maybe_compact()
        return len(gone)

    def delete_before(self, t: float, *, camera_id: str | None = None, level: str | None = None) -> None:
        with self._lock:
            self._check_writable()
            counts: dict[Key, int] = {}
            for key, part in self._parts.items():
                if (camera_id is None or key[0] == camera_id) and (level is None or key[1] == level):
                    part.ensure_ordered()
                    counts[key] = int(np.searchsorted(part.t_end[: part.n], t, side="left"))
            self._drop(counts)

    def trim(self, keep: int, *, camera_id: str | None = None, level: str | None = None) -> int:
        if keep < 0:
            raise VectorStoreError(f"keep must be >= 0, got {keep}")
        with self._lock:
            self._check_writable()
            keys = [
                key
                for key in self._parts
                if (camera_id is None or key[0] == camera_id) and (level is None or key[1] == level)
            ]
            for key in keys:
                self._parts[key].ensure_ordered()
            total = sum(self._parts[key].n for key in keys)
            excess = total - keep
            if excess <= 0:
                return 0
            times = np.concatenate([self._parts[key].t_end[: self._parts[key].n] for key in keys])
            owner = np.concatenate(
                [np.full(self._parts[key].n, j, dtype=np.intp) for j, key in enumerate(keys)]
            )
            oldest = np.argsort(times, kind="stable")[:excess]
            per = np.bincount(owner[oldest], minlength=len(keys))
            return self._drop({key: int(per[j]) for j, key in enumerate(keys)})

    def count(
        self,
        *,
        camera_id: str | None = None,
        level: str | None = None,
        t_min: float | None = None,
        t_max: float | None = None,
    ) -> int:
        with self._lock:
            self._check_open()
            self._refresh()
            total = 0
            for part in self._matching(camera_id, level):
                part.ensure_ordered()
                lo, hi = part.span(t_min, t_max)
                total += hi - lo
            return total

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._db is not None:
                if not self.read_only:
                    self._vec_file.close()
                self._db.close()
                self._db = None
            self._parts.clear()
            self._where.clear()
