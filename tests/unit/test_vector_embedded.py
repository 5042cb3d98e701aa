"""The embedded index's own mechanics: vector-file compaction, crash leftovers, time order."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from spotter.vector import EmbeddedVectorStore, VectorPayload, VectorPoint, VectorStoreError

DIM = 8


def pts(n: int, start: int = 0, cam: str = "cam0", seed: int = 0) -> list[VectorPoint]:
    rng = np.random.default_rng(seed)
    return [
        VectorPoint(
            id=f"p{i}",
            vector=rng.normal(size=DIM),
            payload=VectorPayload(camera_id=cam, level="keyframe", t_start=float(i), t_end=float(i)),
        )
        for i in range(start, start + n)
    ]


def vec_files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.vec*"))


def test_dead_vectors_are_compacted_away_and_the_store_reopens(tmp_path: Path) -> None:
    path = tmp_path / "kf.sqlite3"
    store = EmbeddedVectorStore("kf", DIM, path=path)
    first = pts(70_000)
    for i in range(0, len(first), 5000):
        store.upsert(first[i : i + 5000])
    store.delete_before(69_000.0)  # 69k dead rows > max(1k live, 64k): compacted
    assert store.count() == 1000
    (only,) = vec_files(path)
    assert only.name.endswith(".vec1") and only.stat().st_size == 1000 * DIM * 4
    probe = first[-1]
    store.upsert(pts(10, start=80_000, seed=1))
    store.close()
    again = EmbeddedVectorStore("kf", DIM, path=path)
    assert again.count() == 1010
    hit = again.search(probe.vector, 1)[0]
    assert hit.id == probe.id and abs(hit.score - 1.0) < 1e-5
    again.close()


def test_a_torn_vector_file_and_a_stale_generation_are_cleaned_up(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    store = EmbeddedVectorStore("c", DIM, path=path)
    store.upsert(pts(5))
    store.close()
    (vec,) = vec_files(path)
    with vec.open("ab") as f:
        f.write(b"\x00" * 7)  # a crash in the middle of an append
    (tmp_path / "c.sqlite3.vec9").write_bytes(b"junk")  # an interrupted compaction's output
    again = EmbeddedVectorStore("c", DIM, path=path)
    assert again.count() == 5
    assert vec_files(path) == [vec] and vec.stat().st_size == 5 * DIM * 4
    (extra,) = pts(1, start=5, seed=4)
    again.upsert([extra])
    assert again.search(extra.vector, 1)[0].id == "p5"
    again.close()


def test_out_of_order_and_replaced_points_keep_time_filters_exact() -> None:
    store = EmbeddedVectorStore("m", DIM)
    points = pts(200)
    rng = np.random.default_rng(3)
    for i in rng.permutation(200):
        store.upsert([points[int(i)]])
    moved = VectorPoint(
        id="p10",
        vector=points[10].vector,
        payload=VectorPayload(camera_id="cam0", level="keyframe", t_start=500, t_end=500),
    )
    store.upsert([moved])
    assert store.count(t_max=99.0) == 99
    assert store.count(t_min=150.0) == 51
    assert all(h.payload.t_end <= 20.0 for h in store.search(points[10].vector, 50, t_max=20.0))
    assert store.search(points[10].vector, 1)[0].payload.t_end == 500.0
    store.close()


# --- read-only views: another process's index, followed commit by commit ---------------------------



def test_a_view_is_empty_until_the_writer_creates_the_index_then_follows_each_commit(tmp_path: Path) -> None:
    path = tmp_path / "vectors" / "summaries.sqlite3"
    view = EmbeddedVectorStore("summaries", DIM, path=path, read_only=True)
    assert view.count() == 0 and view.search(np.ones(DIM), 3) == [] and not path.exists()
    writer = EmbeddedVectorStore("summaries", DIM, path=path)
    batch = pts(10)
    writer.upsert(batch)
    assert view.count() == 10
    assert view.search(batch[3].vector, 1)[0].id == "p3"
    writer.upsert([VectorPoint(id="p3", vector=batch[7].vector, payload=batch[3].payload)])  # replaced
    assert view.search(batch[7].vector, 2)[0].id in {"p3", "p7"} and view.count() == 10
    writer.delete(["p0", "p1"])
    assert view.count() == 8 and {h.id for h in view.search(batch[0].vector, 10)} == {f"p{i}" for i in range(2, 10)}
    writer.close()
    view.close()


def test_a_view_never_writes(tmp_path: Path) -> None:
    path = tmp_path / "kf.sqlite3"
    writer = EmbeddedVectorStore("kf", DIM, path=path)
    writer.upsert(pts(3))
    writer.close()
    view = EmbeddedVectorStore("kf", DIM, path=path, read_only=True)
    for write in (lambda: view.upsert(pts(1, 5)), lambda: view.delete(["p0"]), lambda: view.delete_before(9.0),
                  lambda: view.trim(0)):  # fmt: skip
        with pytest.raises(VectorStoreError, match="read-only view"):
            write()
    assert view.count() == 3
    view.close()


def test_a_view_follows_a_writer_in_another_process_through_a_compaction(tmp_path: Path) -> None:
    path = tmp_path / "kf.sqlite3"
    view = EmbeddedVectorStore("kf", DIM, path=path, read_only=True)
    script = f"""
import numpy as np
from spotter.vector import EmbeddedVectorStore, VectorPayload, VectorPoint
store = EmbeddedVectorStore("kf", {DIM}, path={str(path)!r})
rng = np.random.default_rng(0)
for start in range(0, 70_000, 5000):
    store.upsert([VectorPoint(id=f"p{{i}}", vector=rng.normal(size={DIM}),
                              payload=VectorPayload(camera_id="cam0", level="keyframe", t_start=float(i), t_end=float(i)))
                  for i in range(start, start + 5000)])
store.delete_before(69_000.0)
store.close()
"""
    proc = subprocess.Popen([sys.executable, "-c", script])
    seen = []
    while proc.poll() is None:
        seen.append(view.count())  # reads while the other process writes and compacts
    assert proc.returncode == 0
    assert view.count() == 1000 and len(vec_files(path)) == 1 and vec_files(path)[0].name.endswith(".vec1")
    drops = [b for a, b in zip(seen, seen[1:], strict=False) if b < a]
    assert len(drops) <= 1 and all(b == 1000 for b in drops)  # it only grew, until the one deletion
    hits = view.search(np.ones(DIM), 5)
    assert len(hits) == 5 and all(int(h.id[1:]) >= 69_000 for h in hits)
    view.close()
