"""Vector memory: the VectorStore protocol and records (base), the embedded index, Qdrant.

`QdrantVectorStore` is imported on first use only, so importing this package does not load
qdrant-client.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spotter.vector.base import (
    VectorBackend,
    VectorHit,
    VectorPayload,
    VectorPoint,
    VectorSettings,
    VectorStore,
    VectorStoreError,
    make_vector_store,
)
from spotter.vector.embedded import EmbeddedVectorStore

if TYPE_CHECKING:
    from spotter.vector.qdrant import QdrantVectorStore

__all__ = [
    "EmbeddedVectorStore",
    "QdrantVectorStore",
    "VectorBackend",
    "VectorHit",
    "VectorPayload",
    "VectorPoint",
    "VectorSettings",
    "VectorStore",
    "VectorStoreError",
    "make_vector_store",
]


def __getattr__(name: str) -> Any:
    if name == "QdrantVectorStore":
        from spotter.vector.qdrant import QdrantVectorStore

        return QdrantVectorStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
