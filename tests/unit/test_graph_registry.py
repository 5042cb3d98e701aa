"""Choosing the graph store by settings; importing spotter.graph must not load the Neo4j driver."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from spotter.graph import (
    GraphSettings,
    GraphStoreError,
    GraphWrite,
    SqliteGraphStore,
    make_graph_store,
    open_graph_store,
)
from spotter.graph.base import ClipRecord


def test_importing_the_graph_package_does_not_load_the_neo4j_driver() -> None:
    code = (
        "import sys, spotter.graph, spotter.graph.registry, spotter.graph.ppr, spotter.graph.sqlite\n"
        "assert 'neo4j' not in sys.modules, sorted(m for m in sys.modules if 'neo4j' in m)\n"
        "from spotter.graph import Neo4jGraphStore\n"  # the lazy attribute works
        "assert 'neo4j' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_sqlite_is_the_default_and_opens_initialised(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SPOTTER_GRAPH_BACKEND", raising=False)
    monkeypatch.setenv("SPOTTER_GRAPH_SQLITE_PATH", str(tmp_path / "sub" / "graph.sqlite3"))
    settings = GraphSettings()
    assert settings.backend == "sqlite"
    store = open_graph_store(settings)
    try:
        assert isinstance(store, SqliteGraphStore)
        clip = ClipRecord(clip_id="c/0", camera_id="c", t_start=0.0, t_end=10.0)
        store.write(GraphWrite(clips=[clip]))
        assert store.clips("c") == [clip]
    finally:
        store.close()
    assert (tmp_path / "sub" / "graph.sqlite3").is_file()


def test_neo4j_settings_build_the_store_without_io_and_keep_the_password_secret(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SPOTTER_GRAPH_BACKEND", "neo4j")
    monkeypatch.setenv("SPOTTER_GRAPH_NEO4J_URI", "bolt://127.0.0.1:1")
    monkeypatch.setenv("SPOTTER_GRAPH_NEO4J_PASSWORD", "hunter2")
    monkeypatch.setenv("SPOTTER_GRAPH_DATABASE", "memory")
    settings = GraphSettings()
    assert "hunter2" not in repr(settings)
    store = make_graph_store(settings)  # the constructor connects to nothing
    assert type(store).__name__ == "Neo4jGraphStore"
    assert "hunter2" not in repr(store) and "memory" in repr(store)
    store.close()


def test_an_unreachable_neo4j_is_a_clear_error() -> None:
    settings = GraphSettings(backend="neo4j", neo4j_uri="bolt://127.0.0.1:1")
    with pytest.raises(GraphStoreError, match="127.0.0.1:1"):
        open_graph_store(settings)


def test_unknown_backend_is_rejected() -> None:
    with pytest.raises(ValidationError):
        GraphSettings(backend="kuzu")  # type: ignore[arg-type]
