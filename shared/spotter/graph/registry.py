"""Choosing the graph store by settings, importing only the backend that is chosen.

`open_graph_store(GraphSettings())` in a service's `main()`; the Neo4j driver is imported only
when `backend="neo4j"` (tests/unit/test_graph_registry.py checks that importing spotter.graph
does not load it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from spotter.graph.base import GraphStore

Backend = Literal["sqlite", "neo4j"]


class GraphSettings(BaseSettings):
    """Where the knowledge graph lives: embedded SQLite (default) or a Neo4j server."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_GRAPH_", extra="ignore")

    backend: Backend = Field(
        default="sqlite", title="Backend", description="sqlite (embedded, one file) or neo4j (a Neo4j 5.23+ server)"
    )
    sqlite_path: str = Field(
        default="data/graph.sqlite3",
        min_length=1,
        title="SQLite path",
        description="The SQLite file (its directory is created); :memory: keeps the graph in memory",
    )
    neo4j_uri: str = Field(
        default="bolt://localhost:7687", title="Neo4j URI", description="bolt:// or neo4j:// URI of the server"
    )
    neo4j_user: str = Field(default="neo4j", title="Neo4j user", description="Neo4j user name")
    neo4j_password: SecretStr | None = Field(
        default=None, title="Neo4j password", description="Neo4j password; unset connects without authentication"
    )
    database: str = Field(default="neo4j", min_length=1, title="Database", description="Neo4j database name")


def _open_sqlite(settings: GraphSettings) -> GraphStore:
    from spotter.graph.sqlite import SqliteGraphStore

    return SqliteGraphStore(settings.sqlite_path)


def _open_neo4j(settings: GraphSettings) -> GraphStore:
    from spotter.graph.neo4j import Neo4jGraphStore

    password = settings.neo4j_password
    auth = (settings.neo4j_user, password.get_secret_value()) if password is not None else None
    return Neo4jGraphStore(settings.neo4j_uri, auth, settings.database)


BACKENDS: dict[Backend, Callable[[GraphSettings], GraphStore]] = {"sqlite": _open_sqlite, "neo4j": _open_neo4j}


def make_graph_store(settings: GraphSettings) -> GraphStore:
    """The configured store, not yet initialised (no I/O)."""
    return BACKENDS[settings.backend](settings)


def open_graph_store(settings: GraphSettings) -> GraphStore:
    """The configured store, initialised (connected, schema created); `close()` it when done."""
    store = make_graph_store(settings)
    try:
        store.init()
    except BaseException:
        store.close()
        raise
    return store
