"""LocalBlobStore: round trips, atomic writes and keys that cannot escape the store."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from spotter.blobstore import BlobStore, InvalidBlobKey, LocalBlobStore, keyframe_key, validate_key


def test_round_trip_and_listing(tmp_path: Path) -> None:
    store = LocalBlobStore(tmp_path / "blobs")
    assert isinstance(store, BlobStore)
    assert list(store.iter_keys()) == []
    key = keyframe_key("cam1", "cam1-s-000000", 30)
    assert key == "cam1/cam1-s-000000/00000030.jpg"
    assert store.put(key, b"jpeg", "image/jpeg") == key
    store.put("cam1/other/00000001.jpg", b"x")
    store.put("cam2/c/00000000.jpg", b"y")
    assert store.get(key) == b"jpeg"
    assert store.exists(key) and not store.exists("cam1/nope.jpg")
    assert list(store.iter_keys("cam1/")) == ["cam1/cam1-s-000000/00000030.jpg", "cam1/other/00000001.jpg"]
    assert len(list(store.iter_keys())) == 3
    store.put(key, b"again")
    assert store.get(key) == b"again"
    assert store.delete(key) and not store.delete(key)
    with pytest.raises(KeyError):
        store.get(key)


def test_put_leaves_no_temp_files(tmp_path: Path) -> None:
    store = LocalBlobStore(tmp_path)
    store.put("a/b.bin", b"1" * 100_000)
    assert sorted(os.listdir(tmp_path / "a")) == ["b.bin"]


@pytest.mark.parametrize(
    "key",
    [
        "",
        "/etc/passwd",
        "../x",
        "a/../../x",
        "a/./b",
        "a//b",
        "a\\b",
        "a/b\x00c",
        "a/..",
        "a/b c",
        "x" * 2000,
    ],
)
def test_unsafe_keys_are_rejected(tmp_path: Path, key: str) -> None:
    store = LocalBlobStore(tmp_path / "store")
    with pytest.raises(InvalidBlobKey):
        validate_key(key)
    with pytest.raises(InvalidBlobKey):
        store.put(key, b"x")
    with pytest.raises(InvalidBlobKey):
        store.get(key)
    assert not (tmp_path / "x").exists()


def test_symlink_out_of_the_store_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    root = tmp_path / "store"
    root.mkdir()
    (root / "cam").symlink_to(outside)
    with pytest.raises(InvalidBlobKey):
        LocalBlobStore(root).put("cam/x.jpg", b"x")
    assert list(outside.iterdir()) == []
