"""`VectorStore` on Qdrant: a server by URL (the distributed mode) or qdrant-client's local mode.

Point ids are the caller's strings mapped to UUIDv5 (Qdrant accepts only integers and UUIDs);
the string is kept in the payload as `id`. The payload is flat: camera_id, level, t_start, t_end,
text, ref. On a server the collection gets payload indexes on camera_id and level (keyword) and
t_end (float), which the filters use. Local mode (`location=":memory:"` or `path=...`, pure
Python, used by the contract tests to stand in for the server) ignores payload indexes, so none
are created there.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
from qdrant_client import QdrantClient, models
from qdrant_client.http.exceptions import ApiException

from spotter.vector.base import (
    QueryVector,
    VectorHit,
    VectorPayload,
    VectorPoint,
    VectorStoreError,
    check_points,
    check_query,
    zero_vector_error,
)

NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "spotter:vector")
_SCROLL_PAGE = 1024


@contextmanager
def _backend(what: str) -> Iterator[None]:
    """Qdrant's transport and API errors as VectorStoreError."""
    try:
        yield
    except ApiException as exc:
        raise VectorStoreError(f"Qdrant {what} failed: {exc}") from exc


def point_uuid(point_id: str) -> str:
    """The Qdrant id of a string id (UUIDv5 in a fixed namespace)."""
    return str(uuid.uuid5(NAMESPACE, point_id))


def _filter(
    camera_id: str | None,
    level: str | None,
    t_min: float | None,
    t_max: float | None,
    *,
    t_lt: float | None = None,
) -> models.Filter | None:
    must: list[models.Condition] = []
    if camera_id is not None:
        must.append(models.FieldCondition(key="camera_id", match=models.MatchValue(value=camera_id)))
    if level is not None:
        must.append(models.FieldCondition(key="level", match=models.MatchValue(value=level)))
    if t_min is not None or t_max is not None or t_lt is not None:
        must.append(models.FieldCondition(key="t_end", range=models.Range(gte=t_min, lte=t_max, lt=t_lt)))
    return models.Filter(must=must) if must else None


def _payload(raw: dict[str, Any] | None) -> tuple[str, VectorPayload]:
    if raw is None:
        raise VectorStoreError("a Qdrant point came back without its payload")
    return str(raw["id"]), VectorPayload(
        camera_id=raw["camera_id"],
        level=raw["level"],
        t_start=raw["t_start"],
        t_end=raw["t_end"],
        text=raw.get("text", ""),
        ref=raw.get("ref") or {},
    )


class QdrantVectorStore:
    """A `VectorStore` on one Qdrant collection, created (cosine distance) when missing.

    Exactly one of `url` (a server), `path` (local mode on disk) or `location=":memory:"`
    (local mode in memory). An existing collection of another dimension is an error.
    """

    def __init__(
        self,
        name: str,
        dim: int,
        *,
        url: str | None = None,
        api_key: str | None = None,
        path: str | Path | None = None,
        location: str | None = None,
        timeout_s: int = 30,
    ) -> None:
        if sum(x is not None for x in (url, path, location)) != 1:
            raise VectorStoreError("give exactly one of url, path or location")
        if dim < 1:
            raise VectorStoreError(f"dimension must be positive, got {dim}")
        self.name = name
        self.dim = dim
        self.local = url is None
        self._where = url if url is not None else str(path) if path is not None else str(location)
        self._lock = threading.Lock()  # local mode is not thread-safe; a server client is, but cheap
        if url is not None:
            # No background version check: it only warns, from a thread, when the server is down.
            self._client = QdrantClient(
                url=url, api_key=api_key, timeout=timeout_s, check_compatibility=False
            )
        elif path is not None:
            self._client = QdrantClient(path=str(path))
        else:
            self._client = QdrantClient(location=location)
        try:
            with _backend(f"opening collection {name!r} at {self._where}"):
                self._ensure_collection()
        except BaseException:
            self._client.close()
            raise

    def __repr__(self) -> str:
        return f"QdrantVectorStore(name={self.name!r}, dim={self.dim}, at={self._where!r})"

    def _ensure_collection(self) -> None:
        if self._client.collection_exists(self.name):
            params = self._client.get_collection(self.name).config.params.vectors
            size = params.size if isinstance(params, models.VectorParams) else None
            if size != self.dim:
                raise VectorStoreError(
                    f"Qdrant collection {self.name!r} holds {size}-dimensional vectors, not {self.dim}"
                )
            return
        self._client.create_collection(
            self.name, vectors_config=models.VectorParams(size=self.dim, distance=models.Distance.COSINE)
        )
        if not self.local:
            for field, schema in (
                ("camera_id", models.PayloadSchemaType.KEYWORD),
                ("level", models.PayloadSchemaType.KEYWORD),
                ("t_end", models.PayloadSchemaType.FLOAT),
            ):
                self._client.create_payload_index(self.name, field_name=field, field_schema=schema, wait=True)

    def upsert(self, points: Sequence[VectorPoint]) -> None:
        if not points:
            return
        check_points(points, self.dim)
        for p in points:
            if not np.any(p.vector):
                raise zero_vector_error(p.id)
        latest = list({p.id: p for p in points}.values())
        structs = [
            models.PointStruct(
                id=point_uuid(p.id),
                vector=p.vector.tolist(),
                payload={"id": p.id, **p.payload.model_dump(mode="json")},
            )
            for p in latest
        ]
        with self._lock, _backend("upsert"):
            self._client.upsert(self.name, points=structs, wait=True)

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
        if not np.any(q):
            raise VectorStoreError("the query is the zero vector")
        with self._lock, _backend("search"):
            result = self._client.query_points(
                self.name,
                query=q.tolist(),
                limit=k,
                query_filter=_filter(camera_id, level, t_min, t_max),
                with_payload=True,
            )
        hits = []
        for point in result.points:
            pid, payload = _payload(point.payload)
            hits.append(VectorHit(id=pid, score=float(point.score), payload=payload))
        return hits

    def delete(self, ids: Sequence[str]) -> None:
        if not ids:
            return
        selector = models.PointIdsList(points=[point_uuid(pid) for pid in dict.fromkeys(ids)])
        with self._lock, _backend("delete"):
            self._client.delete(self.name, points_selector=selector, wait=True)

    def delete_before(self, t: float, *, camera_id: str | None = None, level: str | None = None) -> None:
        flt = _filter(camera_id, level, None, None, t_lt=t)
        assert flt is not None
        with self._lock, _backend("delete_before"):
            self._client.delete(self.name, points_selector=models.FilterSelector(filter=flt), wait=True)

    def trim(self, keep: int, *, camera_id: str | None = None, level: str | None = None) -> int:
        if keep < 0:
            raise VectorStoreError(f"keep must be >= 0, got {keep}")
        flt = _filter(camera_id, level, None, None)
        with self._lock, _backend("trim"):
            total = self._client.count(self.name, count_filter=flt, exact=True).count
            excess = total - keep
            if excess <= 0:
                return 0
            # Oldest first by t_end: scroll all matching (t_end, id) pairs and sort here, which
            # works the same in local mode (no order_by there without a payload index).
            stamps: list[tuple[float, str]] = []
            offset: Any = None
            while True:
                page, offset = self._client.scroll(
                    self.name, scroll_filter=flt, limit=_SCROLL_PAGE, offset=offset,
                    with_payload=["t_end", "id"], with_vectors=False,
                )  # fmt: skip
                for rec in page:
                    raw = rec.payload or {}
                    stamps.append((float(raw["t_end"]), str(raw["id"])))
                if offset is None:
                    break
            stamps.sort()
            victims: list[models.ExtendedPointId] = [point_uuid(pid) for _, pid in stamps[:excess]]
            self._client.delete(self.name, points_selector=models.PointIdsList(points=victims), wait=True)
            return len(victims)

    def count(
        self,
        *,
        camera_id: str | None = None,
        level: str | None = None,
        t_min: float | None = None,
        t_max: float | None = None,
    ) -> int:
        with self._lock, _backend("count"):
            return int(
                self._client.count(
                    self.name, count_filter=_filter(camera_id, level, t_min, t_max), exact=True
                ).count
            )

    def close(self) -> None:
        with self._lock:
            self._client.close()
