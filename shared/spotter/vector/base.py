"""The vector-store interface, its records and its settings (environment prefix SPOTTER_VECTOR_).

Every memory level (clip, activity, session captions; keyframe descriptors) is one collection
or one `level` inside a collection of a `VectorStore`. A point carries its camera, level and time
span in its payload; searches filter on them, and `t_max` is how retrieval at time t sees only
what had happened by then (points with `t_end <= t_max`).

Scores are cosine similarities (vectors are compared after L2 normalisation) on every backend.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    SecretStr,
    WithJsonSchema,
    model_validator,
)
from pydantic_settings import BaseSettings, SettingsConfigDict

from spotter.errors import SpotterError

Float32Array = npt.NDArray[np.float32]
# A query: any 1-D sequence or array of numbers (converted to float32).
QueryVector = Sequence[float] | npt.NDArray[np.floating[Any]] | npt.NDArray[np.integer[Any]]
VectorBackend = Literal["embedded", "qdrant"]


class VectorStoreError(SpotterError):
    """A vector store was misused (wrong dimension, bad argument) or its backend failed."""


def as_vector(value: Any) -> Float32Array:
    """A 1-D float32 array (a copy only when needed) from a list, tuple or numpy array of finite numbers."""
    try:
        arr = np.asarray(value, dtype=np.float32)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"a vector must be a sequence of numbers: {exc}") from exc
    if arr.ndim != 1 or arr.shape[0] == 0:
        raise ValueError(f"a vector must be 1-D and non-empty, got shape {arr.shape}")
    if not np.isfinite(arr).all():
        raise ValueError("a vector must be finite (no NaN or inf)")
    return arr


def _vector_to_list(value: Float32Array) -> list[float]:
    return [float(x) for x in value.tolist()]


Vector = Annotated[
    Float32Array,
    PlainValidator(as_vector),
    PlainSerializer(_vector_to_list, return_type=list[float]),
    WithJsonSchema({"type": "array", "items": {"type": "number"}, "minItems": 1}),
]


class VectorPayload(BaseModel):
    """What a point is about: camera, memory level, time span (media seconds), text and references.

    Keyframe descriptors use `level="keyframe"`, `t_start == t_end ==` the frame's time and
    `ref={"clip_id": ..., "blob_key": ...}`; captions use their level and text.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    camera_id: str = Field(min_length=1)
    level: str = Field(min_length=1, description='"clip", "activity", "session", "keyframe", ...')
    t_start: float
    t_end: float
    text: str = ""
    ref: dict[str, Any] = Field(
        default_factory=dict, description="JSON-serialisable references (clip_id, blob_key...)"
    )

    @model_validator(mode="after")
    def _span(self) -> VectorPayload:
        if not (np.isfinite(self.t_start) and np.isfinite(self.t_end)):
            raise ValueError("t_start and t_end must be finite")
        if self.t_end < self.t_start:
            raise ValueError(f"t_end {self.t_end} is before t_start {self.t_start}")
        return self


class VectorPoint(BaseModel):
    """One stored vector: `id` is the caller's key (upserting the same id replaces the point)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    vector: Vector
    payload: VectorPayload

    def __init__(self, *, id: str, vector: QueryVector, payload: VectorPayload | dict[str, Any]) -> None:
        # Typed for callers: any sequence or array of numbers; stored as a float32 array.
        super().__init__(id=id, vector=vector, payload=payload)


class VectorHit(BaseModel):
    """A search result: the point's id, its cosine similarity to the query, its payload."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    score: float
    payload: VectorPayload


@runtime_checkable
class VectorStore(Protocol):
    """One collection of `dim`-dimensional vectors compared by cosine similarity.

    Filters (all optional, combined with AND): `camera_id`, `level`, and a time window on the
    point's END time: `t_min <= t_end <= t_max`. `t_max` is the causal bound: a search "as of
    time t" passes `t_max=t` and never sees a point that ended later. Methods are safe to call
    from several threads.
    """

    name: str
    dim: int

    def upsert(self, points: Sequence[VectorPoint]) -> None:
        """Store the points; a point whose id exists replaces it (vector and payload)."""
        ...

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
        """The `k` points most similar to `vector` that pass the filters, best first."""
        ...

    def delete(self, ids: Sequence[str]) -> None:
        """Remove the points with these ids (unknown ids are ignored)."""
        ...

    def delete_before(self, t: float, *, camera_id: str | None = None, level: str | None = None) -> None:
        """Retention by time: remove the points with `t_end < t` (of one camera / level if given)."""
        ...

    def trim(self, keep: int, *, camera_id: str | None = None, level: str | None = None) -> int:
        """Retention by count: remove the oldest points (by `t_end`) beyond `keep`; returns how many."""
        ...

    def count(
        self,
        *,
        camera_id: str | None = None,
        level: str | None = None,
        t_min: float | None = None,
        t_max: float | None = None,
    ) -> int:
        """How many points pass the filters."""
        ...

    def close(self) -> None:
        """Release files, locks and connections; the store is unusable afterwards."""
        ...


def check_query(vector: QueryVector, dim: int, k: int) -> Float32Array:
    """The query as a float32 vector of the store's dimension; VectorStoreError otherwise."""
    try:
        q = as_vector(vector)
    except ValueError as exc:
        raise VectorStoreError(str(exc)) from exc
    if q.shape[0] != dim:
        raise VectorStoreError(f"query has dimension {q.shape[0]}, the store {dim}")
    if k < 1:
        raise VectorStoreError(f"k must be at least 1, got {k}")
    return q


def check_points(points: Sequence[VectorPoint], dim: int) -> None:
    """Every point has the store's dimension (the zero vector is the backends' check)."""
    for p in points:
        if p.vector.shape[0] != dim:
            raise VectorStoreError(f"point {p.id!r} has dimension {p.vector.shape[0]}, the store {dim}")


def zero_vector_error(point_id: str) -> VectorStoreError:
    return VectorStoreError(f"point {point_id!r} is the zero vector (no cosine similarity)")


class VectorSettings(BaseSettings):
    """Where vectors live: the embedded index (default, files on disk) or a Qdrant server."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_VECTOR_", extra="ignore")

    backend: VectorBackend = Field(
        default="embedded",
        title="Backend",
        description=(
            "embedded (numpy index persisted in SQLite; services on one host share it through "
            "embedded_path: the summarizer and visual archive write, the reasoner and API read) or qdrant "
            "(a Qdrant server, for services on several hosts)"
        ),
    )
    embedded_path: str = Field(
        default="data/vectors",
        min_length=1,
        title="Embedded directory",
        description=(
            "Directory of the embedded index (one <collection>.sqlite3 per collection), the same for every "
            "service on the host; :memory: keeps none (and no other process can read it)"
        ),
    )
    qdrant_url: str = Field(
        default="http://localhost:6333", title="Qdrant URL", description="http(s):// URL of the Qdrant server"
    )
    qdrant_api_key: SecretStr | None = Field(
        default=None, title="Qdrant API key", description="Qdrant API key; unset connects without one"
    )
    qdrant_collection_prefix: str = Field(
        default="spotter_", title="Collection prefix", description="Prefix of every Qdrant collection name"
    )


def make_vector_store(settings: VectorSettings, name: str, dim: int, *, read_only: bool = False) -> VectorStore:
    """The configured store's collection `name` of `dim`-dimensional vectors, created when missing.

    `read_only`: another process writes the collection; with the embedded backend this opens a view
    of its files that follows the writer (one host, shared directory); Qdrant is shared anyway."""
    if settings.backend == "qdrant":
        from spotter.vector.qdrant import QdrantVectorStore

        key = settings.qdrant_api_key
        return QdrantVectorStore(
            settings.qdrant_collection_prefix + name,
            dim,
            url=settings.qdrant_url,
            api_key=key.get_secret_value() if key is not None else None,
        )
    from pathlib import Path

    from spotter.vector.embedded import EmbeddedVectorStore

    if settings.embedded_path == ":memory:":
        return EmbeddedVectorStore(name, dim, path=None)
    return EmbeddedVectorStore(name, dim, path=Path(settings.embedded_path) / f"{name}.sqlite3", read_only=read_only)
