"""Choosing the vector store by settings; importing spotter.vector must not load qdrant-client."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from spotter.vector import (
    EmbeddedVectorStore,
    VectorPayload,
    VectorPoint,
    VectorSettings,
    VectorStore,
    VectorStoreError,
    make_vector_store,
)


def test_importing_the_vector_package_does_not_load_qdrant_client() -> None:
    code = (
        "import sys, spotter.vector, spotter.vector.embedded\n"
        "assert 'qdrant_client' not in sys.modules\n"
        "from spotter.vector import QdrantVectorStore\n"
        "assert 'qdrant_client' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_embedded_is_the_default_and_persists_one_file_per_collection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SPOTTER_VECTOR_BACKEND", raising=False)
    monkeypatch.setenv("SPOTTER_VECTOR_EMBEDDED_PATH", str(tmp_path / "vec"))
    settings = VectorSettings()
    assert settings.backend == "embedded"
    store = make_vector_store(settings, "captions", 4)
    assert isinstance(store, EmbeddedVectorStore) and isinstance(store, VectorStore)
    payload = VectorPayload(camera_id="cam0", level="clip", t_start=0.0, t_end=10.0, text="hi")
    store.upsert([VectorPoint(id="a", vector=[1, 0, 0, 0], payload=payload)])
    store.close()
    assert (tmp_path / "vec" / "captions.sqlite3").is_file()
    again = make_vector_store(settings, "captions", 4)
    assert again.search(np.array([1.0, 0, 0, 0]), 1)[0].payload == payload
    again.close()
    with pytest.raises(VectorStoreError):
        again.search([1.0, 0, 0, 0], 1)


def test_memory_path_keeps_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    store = make_vector_store(VectorSettings(embedded_path=":memory:"), "m", 3)
    store.upsert(
        [
            VectorPoint(
                id="a",
                vector=[1, 2, 3],
                payload=VectorPayload(camera_id="c", level="clip", t_start=0, t_end=0),
            )
        ]
    )
    assert store.count() == 1
    store.close()
    assert list(tmp_path.iterdir()) == []


def test_collection_names_are_checked() -> None:
    with pytest.raises(VectorStoreError):
        make_vector_store(VectorSettings(embedded_path=":memory:"), "../escape", 3)


def test_qdrant_settings_keep_the_api_key_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPOTTER_VECTOR_BACKEND", "qdrant")
    monkeypatch.setenv("SPOTTER_VECTOR_QDRANT_API_KEY", "hunter2")
    settings = VectorSettings()
    assert settings.backend == "qdrant" and "hunter2" not in repr(settings)
    assert settings.qdrant_collection_prefix == "spotter_"


def test_an_unreachable_qdrant_server_is_a_vector_store_error() -> None:
    from spotter.vector.qdrant import QdrantVectorStore

    with pytest.raises(VectorStoreError, match="Qdrant opening collection"):
        QdrantVectorStore("x", 4, url="http://127.0.0.1:1", timeout_s=2)
