"""The knowledge graph: records and the GraphStore protocol (base), backends, selection, retrieval.

`Neo4jGraphStore` is imported on first use only, so that importing this package does not load
the Neo4j driver.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spotter.graph.base import (
    ClipRecord,
    ClipStats,
    EdgeKind,
    EdgeRecord,
    EntityRecord,
    EpisodeRecord,
    EventRecord,
    GraphStore,
    GraphStoreError,
    GraphWrite,
    ObservationRecord,
    RelationRecord,
)
from spotter.graph.ppr import ScoredNode, personalized_pagerank
from spotter.graph.registry import GraphSettings, make_graph_store, open_graph_store
from spotter.graph.sqlite import SqliteGraphStore

if TYPE_CHECKING:
    from spotter.graph.neo4j import Neo4jGraphStore

__all__ = [
    "ClipRecord",
    "ClipStats",
    "EdgeKind",
    "EdgeRecord",
    "EntityRecord",
    "EpisodeRecord",
    "EventRecord",
    "GraphSettings",
    "GraphStore",
    "GraphStoreError",
    "GraphWrite",
    "Neo4jGraphStore",
    "ObservationRecord",
    "RelationRecord",
    "ScoredNode",
    "SqliteGraphStore",
    "make_graph_store",
    "open_graph_store",
    "personalized_pagerank",
]


def __getattr__(name: str) -> Any:
    if name == "Neo4jGraphStore":
        from spotter.graph.neo4j import Neo4jGraphStore

        return Neo4jGraphStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
