"""The VectorStore contract (spotter/vector/base.py), checked on every backend.

embedded: the numpy index on a SQLite file in tmp_path. qdrant: qdrant-client's local mode on
a directory in tmp_path, standing in for a server (same client API, same filter semantics).
Results are compared with a brute-force cosine search over the same points.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from pydantic import ValidationError

from spotter.vector import EmbeddedVectorStore, VectorPayload, VectorPoint, VectorStore, VectorStoreError
from spotter.vector.qdrant import QdrantVectorStore

BACKENDS = ["embedded", "qdrant"]
DIM = 16
Opener = Callable[..., VectorStore]


@pytest.fixture(params=BACKENDS)
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opener]:
    """Opens stores of one backend on the same on-disk data (close one before reopening)."""
    opened: list[VectorStore] = []

    def make(dim: int = DIM, name: str = "memory") -> VectorStore:
        store: VectorStore
        if request.param == "embedded":
            store = EmbeddedVectorStore(name, dim, path=tmp_path / "vectors" / f"{name}.sqlite3")
        else:
            # local mode locks its folder: one folder per collection (a server holds all)
            store = QdrantVectorStore(name, dim, path=tmp_path / "qdrant" / name)
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.close()


@pytest.fixture
def store(open_store: Opener) -> VectorStore:
    return open_store()


def point(
    i: int, vec: np.ndarray, cam: str = "cam0", level: str = "clip", *, t0: float | None = None, dur: float = 10.0,
    text: str = "", ref: dict[str, object] | None = None,
) -> VectorPoint:  # fmt: skip
    start = i * 10.0 if t0 is None else t0
    return VectorPoint(
        id=f"{cam}/{level}/{i}",
        vector=vec,
        payload=VectorPayload(
            camera_id=cam, level=level, t_start=start, t_end=start + dur, text=text, ref=ref or {}
        ),
    )


def random_points(
    n: int, seed: int = 0, cams: int = 3, levels: tuple[str, ...] = ("clip", "activity")
) -> list[VectorPoint]:
    rng = np.random.default_rng(seed)
    vecs = rng.normal(size=(n, DIM)).astype(np.float32)
    return [
        point(i, vecs[i], f"cam{i % cams}", levels[(i // cams) % len(levels)], t0=float(rng.uniform(0, 1000)))
        for i in range(n)
    ]


def brute_force(
    points: list[VectorPoint], q: np.ndarray, k: int, *, camera_id: str | None = None, level: str | None = None,
    t_min: float | None = None, t_max: float | None = None,
) -> list[tuple[str, float]]:  # fmt: skip
    kept = [
        p
        for p in points
        if (camera_id is None or p.payload.camera_id == camera_id)
        and (level is None or p.payload.level == level)
        and (t_min is None or p.payload.t_end >= t_min)
        and (t_max is None or p.payload.t_end <= t_max)
    ]
    qn = q / np.linalg.norm(q)
    scored = [(p.id, float(p.vector @ qn / np.linalg.norm(p.vector))) for p in kept]
    scored.sort(key=lambda s: -s[1])
    return scored[:k]


def assert_same(hits: list[tuple[str, float]], expected: list[tuple[str, float]]) -> None:
    assert [h[0] for h in hits] == [e[0] for e in expected]
    assert [h[1] for h in hits] == pytest.approx([e[1] for e in expected], abs=1e-4)


# --- basics -------------------------------------------------------------------------------


def test_empty_store_searches_to_nothing(store: VectorStore) -> None:
    assert store.search(np.ones(DIM), 5) == []
    assert store.search(np.ones(DIM), 5, camera_id="cam0", level="clip", t_max=10.0) == []
    assert store.count() == 0
    store.delete(["nope"])
    store.delete_before(100.0)
    assert store.trim(0) == 0


def test_upsert_then_search_finds_the_point_itself_first(store: VectorStore) -> None:
    pts = random_points(60)
    store.upsert(pts)
    assert store.count() == 60
    for p in pts[:10]:
        hits = store.search(p.vector, 3)
        assert hits[0].id == p.id
        assert hits[0].score == pytest.approx(1.0, abs=1e-4)
        assert hits[0].payload == p.payload
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_scores_are_cosine_and_match_brute_force(store: VectorStore) -> None:
    pts = random_points(200, seed=1)
    store.upsert(pts)
    rng = np.random.default_rng(2)
    for _ in range(5):
        q = rng.normal(size=DIM)
        got = [(h.id, h.score) for h in store.search(q * 7.5, 10)]  # the query's norm does not matter
        assert_same(got, brute_force(pts, q, 10))


def test_k_larger_than_the_store_returns_everything(store: VectorStore) -> None:
    pts = random_points(5)
    store.upsert(pts)
    assert len(store.search(np.ones(DIM), 50)) == 5


def test_payload_text_and_refs_round_trip(store: VectorStore) -> None:
    vec = np.arange(1, DIM + 1, dtype=np.float32)
    p = point(0, vec, level="keyframe", t0=12.5, dur=0.0, text="a worker carries a ladder",
              ref={"clip_id": "cam0/c1", "blob_key": "kf/cam0/12.5.jpg", "n": 3})  # fmt: skip
    store.upsert([p])
    (hit,) = store.search(vec, 1)
    assert hit.id == p.id and hit.payload == p.payload
    assert hit.payload.ref == {"clip_id": "cam0/c1", "blob_key": "kf/cam0/12.5.jpg", "n": 3}


# --- idempotence --------------------------------------------------------------------------


def test_upsert_is_idempotent_by_id(store: VectorStore) -> None:
    pts = random_points(40)
    store.upsert(pts)
    store.upsert(pts)
    store.upsert(pts[:10] + pts[:10])  # repeated ids inside one batch too
    assert store.count() == 40
    hits = store.search(pts[0].vector, 40)
    assert len(hits) == 40 and len({h.id for h in hits}) == 40


def test_upsert_replaces_vector_and_payload(store: VectorStore) -> None:
    rng = np.random.default_rng(3)
    a, b = rng.normal(size=DIM), rng.normal(size=DIM)
    store.upsert([point(0, a, text="old"), point(1, rng.normal(size=DIM))])
    store.upsert([point(0, b, text="new", t0=500.0)])
    (hit,) = store.search(b, 1)
    assert hit.id == "cam0/clip/0" and hit.payload.text == "new" and hit.payload.t_end == 510.0
    assert hit.score == pytest.approx(1.0, abs=1e-4)
    assert store.count() == 2
    assert store.count(t_max=100.0) == 1  # the replaced point moved in time


def test_upsert_can_move_a_point_to_another_camera_and_level(store: VectorStore) -> None:
    vec = np.ones(DIM)
    store.upsert(
        [
            VectorPoint(
                id="x", vector=vec, payload=VectorPayload(camera_id="cam0", level="clip", t_start=0, t_end=1)
            )
        ]
    )
    store.upsert(
        [
            VectorPoint(
                id="x",
                vector=vec,
                payload=VectorPayload(camera_id="cam1", level="session", t_start=0, t_end=1),
            )
        ]
    )
    assert store.count() == 1
    assert store.search(vec, 5, camera_id="cam0") == []
    assert [h.id for h in store.search(vec, 5, camera_id="cam1", level="session")] == ["x"]


# --- filters ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "filters",
    [
        {"camera_id": "cam1"},
        {"level": "activity"},
        {"camera_id": "cam2", "level": "clip"},
        {"t_max": 400.0},
        {"t_min": 300.0, "t_max": 700.0},
        {"camera_id": "cam0", "level": "clip", "t_max": 555.5},
        {"camera_id": "nobody"},
        {"t_max": -1.0},
    ],
    ids=lambda f: ",".join(f"{k}={v}" for k, v in f.items()),
)
def test_filters_match_brute_force(store: VectorStore, filters: dict[str, object]) -> None:
    pts = random_points(300, seed=4)
    store.upsert(pts)
    rng = np.random.default_rng(5)
    for _ in range(3):
        q = rng.normal(size=DIM)
        got = [(h.id, h.score) for h in store.search(q, 15, **filters)]  # type: ignore[arg-type]
        assert_same(got, brute_force(pts, q, 15, **filters))  # type: ignore[arg-type]
    expected_count = len(brute_force(pts, np.ones(DIM), 10**6, **filters))  # type: ignore[arg-type]
    assert store.count(**filters) == expected_count  # type: ignore[arg-type]


def test_t_max_never_returns_a_point_that_ended_later(store: VectorStore) -> None:
    """Causality: retrieval as of time t sees only points with t_end <= t, however similar the rest."""
    rng = np.random.default_rng(6)
    q = rng.normal(size=DIM)
    pts = [point(i, q + 0.01 * rng.normal(size=DIM) if i % 2 else rng.normal(size=DIM)) for i in range(100)]
    store.upsert(list(reversed(pts)))  # out of time order on purpose
    for t in (0.0, 9.999, 10.0, 55.0, 500.0, 999.0):
        hits = store.search(q, 100, t_max=t)
        assert all(h.payload.t_end <= t for h in hits)
        assert len(hits) == sum(p.payload.t_end <= t for p in pts)


def test_time_bounds_are_inclusive_on_t_end(store: VectorStore) -> None:
    store.upsert([point(i, np.ones(DIM) + i) for i in range(5)])  # t_end 10, 20, ..., 50
    assert store.count(t_min=20.0, t_max=40.0) == 3
    assert {h.payload.t_end for h in store.search(np.ones(DIM), 10, t_min=20.0, t_max=40.0)} == {
        20.0,
        30.0,
        40.0,
    }


# --- deletion and retention -----------------------------------------------------------------


def test_delete_by_ids(store: VectorStore) -> None:
    pts = random_points(30)
    store.upsert(pts)
    store.delete([pts[0].id, pts[1].id, "unknown", pts[0].id])
    assert store.count() == 28
    assert pts[0].id not in {h.id for h in store.search(pts[0].vector, 30)}
    store.upsert([pts[0]])  # a deleted id can come back
    assert store.search(pts[0].vector, 1)[0].id == pts[0].id


def test_delete_before_is_per_camera_and_level(store: VectorStore) -> None:
    vec = np.ones(DIM)
    store.upsert([point(i, vec, cam) for i in range(10) for cam in ("cam0", "cam1")])  # t_end 10..100
    store.upsert([point(i, vec, "cam0", "activity") for i in range(10)])
    store.delete_before(50.0, camera_id="cam0", level="clip")  # removes t_end 10..40 of cam0 clips
    assert store.count(camera_id="cam0", level="clip") == 6
    assert store.count(camera_id="cam0", level="activity") == 10
    assert store.count(camera_id="cam1") == 10
    store.delete_before(50.0, camera_id="cam1")
    assert store.count(camera_id="cam1") == 6
    store.delete_before(1e9)
    assert store.count() == 0
    assert store.search(vec, 5) == []


def test_trim_keeps_the_newest(store: VectorStore) -> None:
    vec = np.ones(DIM)
    store.upsert([point(i, vec, cam, "keyframe", dur=0.0) for i in range(20) for cam in ("cam0", "cam1")])
    assert store.trim(25, camera_id="cam0") == 0
    assert store.trim(5, camera_id="cam0", level="keyframe") == 15
    assert sorted(h.payload.t_end for h in store.search(vec, 50, camera_id="cam0")) == [
        150.0,
        160.0,
        170.0,
        180.0,
        190.0,
    ]
    assert store.trim(10) == 15  # the oldest of both cameras together
    left = store.search(vec, 50)
    assert len(left) == 10 and min(h.payload.t_end for h in left) >= 140.0


# --- persistence and errors ----------------------------------------------------------------


def test_points_survive_a_reopen(open_store: Opener) -> None:
    pts = random_points(120, seed=7)
    first = open_store()
    first.upsert(pts)
    first.delete([pts[0].id])
    first.delete_before(100.0, camera_id="cam1")
    q = np.random.default_rng(8).normal(size=DIM)
    before = [(h.id, h.score) for h in first.search(q, 10, level="clip", t_max=800.0)]
    n = first.count()
    first.close()
    second = open_store()
    assert second.count() == n
    assert_same([(h.id, h.score) for h in second.search(q, 10, level="clip", t_max=800.0)], before)
    second.upsert([pts[0]])
    assert second.count() == n + 1


def test_dimension_mismatch_is_an_error(open_store: Opener) -> None:
    store = open_store()
    with pytest.raises(VectorStoreError, match="dimension"):
        store.upsert([point(0, np.ones(DIM + 1))])
    with pytest.raises(VectorStoreError, match="dimension"):
        store.search(np.ones(DIM - 1), 3)
    store.upsert([point(0, np.ones(DIM))])
    store.close()
    with pytest.raises(VectorStoreError, match="dimensional"):
        open_store(dim=DIM * 2)


def test_bad_queries_are_errors(store: VectorStore) -> None:
    with pytest.raises(VectorStoreError):
        store.search(np.zeros(DIM), 3)
    with pytest.raises(VectorStoreError):
        store.search(np.ones(DIM), 0)
    with pytest.raises(VectorStoreError):
        store.upsert([point(0, np.zeros(DIM))])


def test_collections_are_independent(open_store: Opener) -> None:
    captions = open_store(DIM, "captions")
    keyframes = open_store(DIM * 4, "keyframes")
    captions.upsert([point(0, np.ones(DIM))])
    keyframes.upsert([point(0, np.ones(DIM * 4), level="keyframe")])
    keyframes.upsert([point(1, np.ones(DIM * 4), level="keyframe")])
    assert captions.count() == 1 and keyframes.count() == 2


def test_concurrent_writers_and_readers(store: VectorStore) -> None:
    pts = random_points(400, seed=9)
    errors: list[BaseException] = []

    def write(chunk: list[VectorPoint]) -> None:
        try:
            for i in range(0, len(chunk), 20):
                store.upsert(chunk[i : i + 20])
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    def read() -> None:
        try:
            for p in pts[:40]:
                for h in store.search(p.vector, 5, t_max=600.0):
                    assert h.payload.t_end <= 600.0
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(pts[j::2],)) for j in range(2)]
    threads += [threading.Thread(target=read) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert store.count() == 400
    q = np.random.default_rng(10).normal(size=DIM)
    assert_same([(h.id, h.score) for h in store.search(q, 10)], brute_force(pts, q, 10))


# --- records ------------------------------------------------------------------------------


def test_records_validate() -> None:
    with pytest.raises(ValidationError):
        VectorPayload(camera_id="c", level="clip", t_start=10.0, t_end=5.0)
    with pytest.raises(ValidationError):
        VectorPoint(
            id="p",
            vector=[1.0, float("nan")],
            payload=VectorPayload(camera_id="c", level="clip", t_start=0, t_end=1),
        )
    with pytest.raises(ValidationError):
        VectorPoint(
            id="p",
            vector=[[1.0, 2.0]],  # type: ignore[list-item]
            payload=VectorPayload(camera_id="c", level="clip", t_start=0, t_end=1),
        )
    p = VectorPoint(
        id="p", vector=[1, 2, 3], payload=VectorPayload(camera_id="c", level="clip", t_start=0, t_end=1)
    )
    assert p.vector.dtype == np.float32
    assert VectorPoint.model_validate_json(p.model_dump_json()).vector.tolist() == [1.0, 2.0, 3.0]
