"""Backends for the contract suites: every test taking `graph_store` runs once per backend.

sqlite: a fresh file per test. neo4j: one real Neo4j server per session (deploy/neo4j's
launcher, built on first use when missing), emptied before each test. A server that cannot
start fails the neo4j tests with its reason; nothing is skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from neo4j import Driver, GraphDatabase

from spotter.graph import GraphStore, SqliteGraphStore
from spotter.graph.neo4j import Neo4jGraphStore
from spotter.neo4j_server import Neo4jServerProcess

GRAPH_BACKENDS = ["sqlite", "neo4j"]


@pytest.fixture(scope="session")
def neo4j_server() -> Iterator[Neo4jServerProcess]:
    server = Neo4jServerProcess().start()  # SpotterError with the launcher's log when it cannot start
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def neo4j_driver(neo4j_server: Neo4jServerProcess) -> Iterator[Driver]:
    with GraphDatabase.driver(neo4j_server.uri, auth=neo4j_server.auth) as driver:
        yield driver


def _open(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> GraphStore:
    if backend == "sqlite":
        return SqliteGraphStore(tmp_path / "graph.sqlite3")
    server: Neo4jServerProcess = request.getfixturevalue("neo4j_server")
    driver: Driver = request.getfixturevalue("neo4j_driver")
    driver.execute_query("MATCH (n) DETACH DELETE n")
    return Neo4jGraphStore(server.uri, server.auth)


@pytest.fixture(params=GRAPH_BACKENDS)
def graph_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GraphStore]:
    """An initialised, empty store of each backend."""
    store = _open(request, request.param, tmp_path)
    store.init()
    try:
        yield store
    finally:
        store.close()


@pytest.fixture(params=GRAPH_BACKENDS)
def graph_store_factory(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], GraphStore]]:
    """A callable making (uninitialised) stores of each backend on the same empty data."""
    opened: list[GraphStore] = []
    backend = request.param
    if backend == "neo4j":
        request.getfixturevalue("neo4j_driver").execute_query("MATCH (n) DETACH DELETE n")

    def make() -> GraphStore:
        server = request.getfixturevalue("neo4j_server") if backend == "neo4j" else None
        store: GraphStore = (
            SqliteGraphStore(tmp_path / "graph.sqlite3")
            if server is None
            else Neo4jGraphStore(server.uri, server.auth)
        )
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.close()
