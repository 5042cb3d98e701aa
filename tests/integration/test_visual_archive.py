"""The visual archive end to end: real Redis, the embedded vector store, a LocalBlobStore, and
real rendered keyframes of a synthetic walk that looks back at where it came from."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest
from pydantic import SecretStr
from redis import Redis
from redis.exceptions import ResponseError

from spotter import streams
from spotter.archive import (
    ArchiveSettings,
    ClassicalEncoder,
    GlobalDescriptor,
    VisualArchive,
    archive_many,
    point_id,
)
from spotter.archive.archive import ArchiveError
from spotter.blobstore import LocalBlobStore, keyframe_key
from spotter.bus import Delivery, StreamPublisher
from spotter.errors import ConfigError
from spotter.messages import Keyframe
from spotter.service import ServiceContext
from spotter.settings import BusSettings
from spotter.synth.panorama import make_panorama
from spotter.synth.render import ViewRenderer
from spotter.vector import EmbeddedVectorStore

W, H, HFOV = 640, 360, 90.0
CAM = "cam-a"
CLIP_S = 10  # one clip per 10 s of keyframes


def walk_yaw(t: int) -> float:
    """0-29 s: pan right from 0 to 174 degrees; 30-59 s: walk on facing ~180 (small sway)."""
    return 6.0 * t if t < 30 else 180.0 + 8.0 * np.sin(t / 3.0)


def encode(img: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 85])
    assert ok
    return buf.tobytes()


@pytest.fixture(scope="module")
def renderer() -> ViewRenderer:
    return ViewRenderer(make_panorama(5, 2048), W, H, HFOV)


@pytest.fixture(scope="module")
def walk(renderer: ViewRenderer) -> list[tuple[float, bytes]]:
    """60 keyframes (1/s) of the walk as (t, JPEG)."""
    return [(float(t), encode(renderer.render(walk_yaw(t), 2.0 * np.sin(t), 0.0))) for t in range(60)]


WALL0 = 1_800_000_000.0  # wall clock of the session's start


def store_walk(
    blobs: LocalBlobStore, walk: list[tuple[float, bytes]], camera: str = CAM, session: str = "s1",
    wall0: float = WALL0,
) -> list[Keyframe]:  # fmt: skip
    """Put the walk's JPEGs in the blob store; its Keyframe messages (one clip per CLIP_S seconds)."""
    out = []
    for i, (t, jpg) in enumerate(walk):
        clip = f"{camera}-{session}-clip{int(t) // CLIP_S:03d}"
        key = blobs.put(keyframe_key(camera, clip, i * 15), jpg, "image/jpeg")
        kf = Keyframe(camera_id=camera, t=t, wall_time=wall0 + t, clip_id=clip, frame_index=i * 15, blob_key=key,
                      width=W, height=H)  # fmt: skip
        out.append(kf)
    return out


@pytest.fixture
def archive(redis: Redis, tmp_path: Path) -> Iterator[VisualArchive]:
    store = EmbeddedVectorStore("keyframes", GlobalDescriptor.dim, path=tmp_path / "keyframes.sqlite3")
    arch = VisualArchive(redis, store, LocalBlobStore(tmp_path / "blobs"), ClassicalEncoder(), ArchiveSettings(
        max_keyframes_per_camera=0, max_bytes_per_camera=0, exclude_recent_s=20.0))  # fmt: skip
    try:
        yield arch
    finally:
        arch.close()


def look_back(renderer: ViewRenderer, yaw: float) -> bytes:
    """The wearer turns back: a view 2 degrees off, pitched, blurred, noisier, as a JPEG."""
    img = cv2.GaussianBlur(renderer.render(yaw + 2.0, -1.5, 1.0), (0, 0), 1.0).astype(np.float32)
    img = np.clip(img * 0.9 + np.random.default_rng(7).normal(0, 6, img.shape), 0, 255).astype(np.uint8)
    return encode(img)


def test_look_back_finds_the_same_direction_seen_earlier(
    archive: VisualArchive, renderer: ViewRenderer, walk: list[tuple[float, bytes]]
) -> None:
    kfs = store_walk(archive.blobs, walk)  # type: ignore[arg-type]
    assert archive_many(archive, kfs) == 60
    assert archive.store.count(camera_id=CAM, level="keyframe") == 60
    assert archive.usage(CAM) == (60, sum(len(j) for _, j in walk))
    assert archive.latest(CAM, 30.5) == (kfs[30].blob_key, 30.0)
    assert archive.latest(CAM) == (kfs[59].blob_key, 59.0) and archive.latest(CAM, -1.0) is None

    # At t = 60 the wearer looks back towards 30, 60, 90 degrees: seen at t = 5, 10, 15.
    ranks = []
    for yaw, seen_at in ((30.0, 5.0), (60.0, 10.0), (90.0, 15.0), (132.0, 22.0)):
        hits = archive.similar(look_back(renderer, yaw), t=60.0, camera_id=CAM, k=5)
        times = [h.t for h in hits]
        assert seen_at in times, (yaw, times)
        ranks.append(times.index(seen_at))
        assert all(t <= 40.0 for t in times)  # the last exclude_recent_s = 20 s are left out
        assert hits[0].score > 0.6 and hits[0].camera_id == CAM
        assert (
            hits[0].blob_key == kfs[int(hits[0].t)].blob_key
            and hits[0].clip_id == kfs[int(hits[0].t)].clip_id
        )
    assert ranks.count(0) >= 3, ranks  # usually the very first hit

    # t_max: only keyframes up to t = 3 (yaw 0..18) may answer, even for the yaw-30 view.
    hits = archive.similar(look_back(renderer, 30.0), t_max=3.0, k=5)
    assert hits and all(h.t <= 3.0 for h in hits)
    assert hits[0].t == 3.0  # the nearest direction still allowed (18 degrees)

    # Querying by an archived keyframe: the walk at t = 59 faces ~180 like t = 30..39.
    hits = archive.similar(kfs[59].blob_key, query_camera_id=CAM, k=3)
    assert all(h.t <= 59.0 - 20.0 for h in hits)
    assert all(abs(walk_yaw(int(h.t)) - walk_yaw(59)) <= 20.0 for h in hits), [h.t for h in hits]
    with pytest.raises(ArchiveError):
        archive.similar("cam-a/nope/00000001.jpg", query_camera_id=CAM)

    with pytest.raises(ConfigError, match="text-to-image"):
        archive.similar_text("a blue container")


def test_retention_deletes_oldest_points_and_blobs(
    redis: Redis, tmp_path: Path, walk: list[tuple[float, bytes]]
) -> None:
    blobs = LocalBlobStore(tmp_path / "blobs")
    store = EmbeddedVectorStore("keyframes", GlobalDescriptor.dim, path=None)
    sizes = [len(j) for _, j in walk]
    budget = sum(sizes[-25:])  # room for the newest 25 keyframes' bytes
    settings = ArchiveSettings(max_keyframes_per_camera=40, max_bytes_per_camera=budget, max_age_s=0.0)
    arch = VisualArchive(redis, store, blobs, ClassicalEncoder(), settings)
    kfs = store_walk(blobs, walk)
    archive_many(arch, kfs)

    n, used = arch.usage(CAM)
    assert n == 25 and used == budget, (n, used)
    kept = [kf.blob_key for kf in kfs[-25:]]
    gone = [kf.blob_key for kf in kfs[:-25]]
    assert all(blobs.exists(k) for k in kept)
    assert not any(blobs.exists(k) for k in gone)
    assert store.count(camera_id=CAM) == 25
    assert store.count(camera_id=CAM, t_max=34.0) == 0
    assert list(blobs.iter_keys(f"{CAM}/")) == sorted(kept)

    # Age: keep 12 s before the newest (t = 59) -> t >= 47 survive.
    arch.settings = ArchiveSettings(max_keyframes_per_camera=0, max_bytes_per_camera=0, max_age_s=12.0)
    assert arch.enforce_budget(CAM) == 12
    assert arch.usage(CAM)[0] == 13 and store.count(camera_id=CAM) == 13

    # The newest clip (t = 50..59) is never deleted, however small the budget.
    arch.settings = ArchiveSettings(max_keyframes_per_camera=1, max_bytes_per_camera=1, max_age_s=0.0)
    arch.enforce_budget(CAM)
    assert arch.usage(CAM)[0] == 10
    assert {h.clip_id for h in arch.similar(walk_frame(walk, 55), k=20)} == {kfs[-1].clip_id}
    # A re-delivery of a deleted keyframe finds no JPEG and archives nothing.
    assert not arch.add(kfs[0])
    assert arch.usage(CAM)[0] == 10

    # A new ingest session: media time starts again at 0, the wall clock goes on. Retention goes
    # by production time, so the old session's keyframes go first, not the new ones.
    arch.settings = ArchiveSettings(max_keyframes_per_camera=15, max_bytes_per_camera=0, max_age_s=0.0)
    second = store_walk(blobs, walk[:15], session="s2", wall0=WALL0 + 3600.0)
    assert archive_many(arch, second) == 15
    assert arch.usage(CAM)[0] == 15
    assert {h.clip_id.split("-clip")[0] for h in arch.similar(walk_frame(walk, 5), k=20)} == {f"{CAM}-s2"}
    assert not any(blobs.exists(kf.blob_key) for kf in kfs)
    arch.close()


def walk_frame(walk: list[tuple[float, bytes]], i: int) -> np.ndarray:
    return np.asarray(cv2.imdecode(np.frombuffer(walk[i][1], np.uint8), cv2.IMREAD_COLOR), np.uint8)


def test_service_is_idempotent_under_redelivery(
    redis: Redis,
    redis_url: str,
    tmp_path: Path,
    walk: list[tuple[float, bytes]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from services.visual_archive.__main__ import VisualArchiveHandler, build

    monkeypatch.setenv("SPOTTER_ARCHIVE_BLOB_DIR", str(tmp_path / "blobs"))
    monkeypatch.setenv("SPOTTER_VECTOR_BACKEND", "embedded")
    monkeypatch.setenv("SPOTTER_VECTOR_EMBEDDED_PATH", str(tmp_path / "vectors"))
    monkeypatch.setenv("SPOTTER_ARCHIVE_MAX_KEYFRAMES_PER_CAMERA", "50")
    kfs = store_walk(LocalBlobStore(tmp_path / "blobs"), walk[:20])
    publisher: StreamPublisher[Keyframe] = StreamPublisher(redis, streams.KEYFRAMES)
    for kf in kfs:
        publisher.publish(kf)
    for kf in kfs[:5]:
        publisher.publish(kf)  # duplicates (ingest replaying)

    settings = BusSettings(redis_url=SecretStr(redis_url), block_ms=100, consumer_name="va-1")
    loop = build(ServiceContext(service="visual-archive", settings=settings, redis=redis))
    stop = threading.Event()
    runner = threading.Thread(target=loop, args=(stop,), daemon=True)
    runner.start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            groups = redis.xinfo_groups(streams.KEYFRAMES)
        except ResponseError:  # the service has not created its group yet
            groups = []
        done = [g for g in groups if g["name"] in (b"visual-archive", "visual-archive")]
        if done and done[0]["lag"] == 0 and done[0]["pending"] == 0:
            break
        time.sleep(0.1)
    stop.set()
    runner.join(timeout=30)
    assert not runner.is_alive()
    assert redis.zcard(streams.archive_index_key(CAM)) == 20
    assert redis.xlen(streams.dead_letter_stream(streams.KEYFRAMES)) == 0

    # The vectors are on disk: reopen the collection and count; redeliver by hand: nothing changes.
    store = EmbeddedVectorStore(
        "keyframes", GlobalDescriptor.dim, path=tmp_path / "vectors" / "keyframes.sqlite3"
    )
    arch = VisualArchive(
        redis, store, LocalBlobStore(tmp_path / "blobs"), ClassicalEncoder(), ArchiveSettings()
    )
    try:
        assert store.count(camera_id=CAM, level="keyframe") == 20
        bytes_before = arch.usage(CAM)
        handler = VisualArchiveHandler(arch)
        handler(Delivery(msg_id="0-1", message=kfs[3], blob=None, delivery_count=2))
        assert arch.usage(CAM) == bytes_before and store.count(camera_id=CAM) == 20
        hits = arch.similar(kfs[3].blob_key, query_camera_id=CAM, exclude_recent_s=0.0, k=1)
        assert hits[0].blob_key == kfs[3].blob_key and hits[0].score > 0.999
        assert point_id(kfs[3].blob_key) == f"kf:{kfs[3].blob_key}"
    finally:
        arch.close()


def test_qdrant_backend_archives_searches_and_trims(
    redis: Redis, tmp_path: Path, renderer: ViewRenderer, walk: list[tuple[float, bytes]]
) -> None:
    """The same archive on Qdrant (local mode standing in for the server, as in the contract suite)."""
    pytest.importorskip("qdrant_client")
    from spotter.vector.qdrant import QdrantVectorStore

    store = QdrantVectorStore("keyframes", GlobalDescriptor.dim, path=tmp_path / "qdrant")
    blobs = LocalBlobStore(tmp_path / "blobs")
    settings = ArchiveSettings(max_keyframes_per_camera=40, max_bytes_per_camera=0, exclude_recent_s=20.0)
    arch = VisualArchive(redis, store, blobs, ClassicalEncoder(), settings)
    try:
        kfs = store_walk(blobs, walk)
        assert archive_many(arch, kfs) == 60
        assert store.count(camera_id=CAM, level="keyframe") == 40 and arch.usage(CAM)[0] == 40
        assert not any(blobs.exists(kf.blob_key) for kf in kfs[:20])
        hits = arch.similar(look_back(renderer, 132.0), t=60.0, camera_id=CAM, k=3)
        assert hits[0].t == 22.0 and hits[0].blob_key == kfs[22].blob_key
        assert all(h.t <= 40.0 for h in hits)
    finally:
        arch.close()
