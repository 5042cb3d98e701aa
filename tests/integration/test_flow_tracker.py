"""Flow tracker against a real redis-server: ingest a synthetic video, track it, take over a camera."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from redis import Redis

from spotter import streams
from spotter.blobstore import LocalBlobStore
from spotter.flow_tracker import SERVICE, FlowTrackerSettings, FlowTrackerWorker, LeaseLost
from spotter.heading import PoseEstimate, make_estimator
from spotter.ingest import IngestPipeline, IngestSettings
from spotter.messages import Camera, FlowFrame, MotionSummary, Pose, decode, encode
from spotter.synth import GeneratedVideo, ViewRenderer, generate, load_truth, make_panorama
from spotter.video.sources import FileSource

pytestmark = pytest.mark.integration

CAM = "cam1"
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", Path(__file__).resolve().parents[2] / ".cache")) / "synth"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def video() -> GeneratedVideo:
    """20 s of a site walk at 320x180, 15 fps (generated once, cached)."""
    return generate("site_walk", 20.0, 15, 320, 180, 90.0, seed=2, out_dir=CACHE, pano_width=2048)


def ingest(redis: Redis, video: GeneratedVideo, tmp_path: Path, cam: str = CAM) -> int:
    """Publish the whole video to the bus; returns the number of flow frames."""
    settings = IngestSettings(flow_width=320, blob_dir=tmp_path / "blobs", camera_id=cam)
    pipeline = IngestPipeline(redis, LocalBlobStore(settings.blob_dir), settings)
    camera = Camera(camera_id=cam, source=str(video.video_path), hfov_deg=video.hfov_deg)
    pipeline.register_camera(camera)
    stats = pipeline.run_source(camera, FileSource(video.video_path, decode_threads=1))
    assert stats.ended == "end"
    return int(stats.flow_frames)


def poses_of(redis: Redis, cam: str = CAM) -> list[Pose]:
    out = []
    entries: Any = redis.xrange(streams.POSE)
    for _id, fields in entries:
        msg, _ = decode(fields)
        assert isinstance(msg, Pose)
        if msg.camera_id == cam:
            out.append(msg)
    return out


def summaries_of(redis: Redis) -> list[MotionSummary]:
    entries: Any = redis.xrange(streams.MOTION)
    return [m for _id, f in entries if isinstance(m := decode(f)[0], MotionSummary)]


def run_until_done(worker: FlowTrackerWorker, redis: Redis, cam: str = CAM, timeout_s: float = 60.0) -> None:
    """Step the worker until the camera's group has nothing pending and nothing undelivered."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        worker.step()
        groups: Any = redis.xinfo_groups(streams.frames_stream(cam))
        g = next(g for g in groups if g["name"] in (b"flow-tracker", "flow-tracker"))
        if g["pending"] == 0 and g["lag"] == 0:
            return
    raise AssertionError("flow tracker did not finish in time")


def check_track(poses: list[Pose], video: GeneratedVideo, n_flow: int, max_err: float = 2.0) -> None:
    idx = [p.frame_index for p in poses]
    assert len(poses) == n_flow, (len(poses), n_flow)
    assert idx == sorted(idx) and len(set(idx)) == len(idx), "poses out of order or duplicated"
    truth = load_truth(video.truth_path)["yaw_deg"]
    est = np.array([p.yaw_deg for p in poses])
    err = np.abs((est - est[0]) - (truth[idx] - truth[idx[0]]))
    assert err.max() < max_err, f"heading error up to {err.max():.2f} deg"


def test_one_pose_per_flow_frame_in_order_and_motion_per_clip(
    redis: Redis, video: GeneratedVideo, tmp_path: Path
) -> None:
    n_flow = ingest(redis, video, tmp_path)
    assert n_flow == video.n_frames
    worker = FlowTrackerWorker(redis, FlowTrackerSettings(block_ms=20), "w1")
    run_until_done(worker, redis)
    worker.release_all()
    poses = poses_of(redis)
    check_track(poses, video, n_flow)
    summaries = summaries_of(redis)
    assert [s.clip_id.rsplit("-", 1)[1] for s in summaries] == ["000000", "000001"]
    assert sum(s.n_frames for s in summaries) == n_flow
    assert summaries[0].yaw_start_deg == poses[0].yaw_deg
    assert summaries[1].yaw_end_deg == poses[-1].yaw_deg
    # The heading track: one sample per pose, ordered by media time.
    track: Any = redis.zrange(streams.heading_track_key(CAM), 0, -1, withscores=True)
    assert len(track) == n_flow
    member, score = track[-1]
    t_text, yaw_text = member.decode().split(":")
    assert float(t_text) == pytest.approx(score, abs=1e-4) and float(yaw_text) == pytest.approx(
        poses[-1].yaw_deg, abs=1e-3
    )
    # The lens as the heading uses it, for GET /v1/cameras/{id}/lens.
    lens = {k.decode(): json.loads(v) for k, v in redis.hgetall(streams.lens_key(CAM)).items()}  # type: ignore[union-attr]
    assert lens["configured_hfov_deg"] == pytest.approx(video.hfov_deg) and lens["projection"] == "pinhole"
    assert lens["hfov_deg"] > 0 and isinstance(lens["corrected"], bool) and lens["pairs"] >= 0
    # Tracked frames are trimmed from the camera's stream (approximately: whole stream nodes).
    assert redis.xlen(streams.frames_stream(CAM)) < 150
    # The checkpoint says where the camera is, and the lease is given back.
    assert redis.hget(streams.checkpoint_key(SERVICE, CAM), "state") is not None
    assert redis.get(streams.lease_key(SERVICE, CAM)) is None


class Crash(Exception):
    pass


def test_takeover_reclaims_a_dead_owners_pending_frames(
    redis: Redis, video: GeneratedVideo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    n_flow = ingest(redis, video, tmp_path)
    settings = FlowTrackerSettings(block_ms=20, batch=40, lease_ms=600)
    a = FlowTrackerWorker(redis, settings, "worker-a")
    for _ in range(3):
        a.step()  # three committed batches (120 frames), plus discovery
    assert a.stats.poses == 120
    # A reads its next batch, then dies before committing it: those frames stay pending for A.
    real_commit = a._commit

    def crash(*args: Any, **kwargs: Any) -> None:
        raise Crash

    monkeypatch.setattr(a, "_commit", crash)
    with pytest.raises(Crash):
        a.step()
    pending: Any = redis.xpending(streams.frames_stream(CAM), streams.GROUP_FLOW_TRACKER)
    assert pending["pending"] == 40
    monkeypatch.setattr(a, "_commit", real_commit)

    b = FlowTrackerWorker(redis, settings, "worker-b")
    assert b.discover() == []  # A's lease still holds
    time.sleep(0.7)  # A stops renewing: its lease expires
    assert b.discover() == [CAM]
    assert b.stats.takeovers == 1
    run_until_done(b, redis)
    # A is fenced off: its next read finds the lease gone and drops the camera.
    assert a.step() == 0 and a.cameras == [] and a.stats.leases_lost == 1
    poses = poses_of(redis)
    check_track(poses, video, n_flow)
    assert max(abs(p.yaw_deg - q.yaw_deg) for p, q in zip(poses, poses[1:], strict=False)) < 30.0
    assert len(summaries_of(redis)) == 2


def test_a_batch_slower_than_the_lease_goes_on_when_nobody_took_the_camera(
    redis: Redis, video: GeneratedVideo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A lens re-trace on a loaded machine made one frame take longer than the lease: the camera was dropped and
    # taken again from its checkpoint, its heading restarted mid-walk, and a replay's answers and alerts then
    # depended on the machine's load. With nobody else holding the camera, the worker keeps it and goes on.
    n_flow = ingest(redis, video, tmp_path)
    a = FlowTrackerWorker(redis, FlowTrackerSettings(block_ms=20, batch=40, lease_ms=300), "worker-a")
    a.step()
    track = a._owned[CAM].track
    real_on_frame = track.on_frame
    slow = {"left": 1}

    def slow_once(*args: Any, **kwargs: Any) -> Any:
        if slow["left"]:
            slow["left"] -= 1
            time.sleep(0.45)  # longer than the lease
        return real_on_frame(*args, **kwargs)

    monkeypatch.setattr(track, "on_frame", slow_once)
    run_until_done(a, redis)
    assert a.stats.leases_lost == 0 and a.cameras == [CAM]
    check_track(poses_of(redis), video, n_flow)
    # ... but a camera another worker took over while it was slow stays theirs
    b = FlowTrackerWorker(redis, FlowTrackerSettings(block_ms=20, lease_ms=300), "worker-b")
    redis.delete(streams.lease_key(SERVICE, CAM))
    assert b.acquire(CAM)
    b._commit(b._owned[CAM], [], {}, [], [], [])  # B writes the checkpoint: the camera is B's now
    redis.delete(streams.lease_key(SERVICE, CAM))  # ... and B's lease lapses
    with pytest.raises(LeaseLost):
        a._renew_lease(a._owned[CAM])


@pytest.mark.slow
def test_killed_worker_process_is_taken_over(
    redis: Redis, redis_url: str, video: GeneratedVideo, tmp_path: Path
) -> None:
    n_flow = ingest(redis, video, tmp_path)
    env = {
        **os.environ,
        "SPOTTER_REDIS_URL": redis_url,
        "SPOTTER_CONSUMER_NAME": "doomed",
        "SPOTTER_FLOW_LEASE_MS": "1000",
        "SPOTTER_FLOW_BATCH": "8",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "services.flow_tracker", "--log-level", "WARNING"], cwd=REPO, env=env
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and len(poses_of(redis)) < 100:
            assert proc.poll() is None, "the worker exited early"
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    done_by_a = len(poses_of(redis))
    assert 100 <= done_by_a < n_flow
    b = FlowTrackerWorker(redis, FlowTrackerSettings(block_ms=20, lease_ms=1000), "survivor")
    deadline = time.monotonic() + 10
    while not b.cameras and time.monotonic() < deadline:
        b.step()
    assert b.cameras == [CAM]
    run_until_done(b, redis)
    b.release_all()
    poses = poses_of(redis)
    check_track(poses, video, n_flow)
    steps = np.abs(np.diff([p.yaw_deg for p in poses]))
    assert steps.max() < 30.0  # no jump at the takeover


def test_malformed_frames_are_dead_lettered_and_the_camera_goes_on(redis: Redis) -> None:
    redis.hset(streams.CAMERAS, "cam9", Camera(camera_id="cam9", source="x.mp4").model_dump_json())
    stream = streams.frames_stream("cam9")
    gray = np.zeros((90, 160), np.uint8)
    gray[20:40, 30:60] = 255

    def ff(i: int) -> FlowFrame:
        return FlowFrame(
            camera_id="cam9", t=i / 15, frame_index=i, clip_id="k", width=160, height=90, hfov_deg=90
        )

    redis.xadd(stream, encode(ff(0), gray.tobytes()))
    redis.xadd(stream, encode(ff(1), b"short"))
    redis.xadd(stream, {b"schema": b"nope", b"data": b"{}"})
    redis.xadd(stream, encode(ff(2), gray.tobytes()))
    worker = FlowTrackerWorker(redis, FlowTrackerSettings(block_ms=20), "w")
    run_until_done(worker, redis, "cam9")
    assert [p.frame_index for p in poses_of(redis, "cam9")] == [0, 2]
    dlq: Any = redis.xrange(streams.dead_letter_stream(stream))
    reasons = [f[b"dlq:reason"].decode() for _id, f in dlq]
    assert len(reasons) == 2 and "bytes of pixels" in reasons[0] and "unknown schema" in reasons[1]


def test_worker_run_stops_and_releases(redis: Redis, video: GeneratedVideo, tmp_path: Path) -> None:
    n_flow = ingest(redis, video, tmp_path)
    stop = threading.Event()
    worker = FlowTrackerWorker(redis, FlowTrackerSettings(block_ms=20), "runner")
    thread = threading.Thread(target=worker.run, args=(stop,))
    thread.start()
    deadline = time.monotonic() + 30
    while worker.stats.poses < n_flow and time.monotonic() < deadline:
        time.sleep(0.05)
    stop.set()
    thread.join(10)
    assert not thread.is_alive()
    assert worker.stats.poses == n_flow
    assert redis.get(streams.lease_key(SERVICE, CAM)) is None


class Boom(BaseException):
    """Stands for a crash of the whole worker process (not an exception the worker could catch)."""


class CrashOnUniformFrame:
    """A real estimator that 'crashes the process' on a uniform frame (the poison)."""

    def __init__(self, method: str, hfov_deg: float, projection: str = "pinhole") -> None:
        self.inner = make_estimator(method, hfov_deg, projection)
        self.name = self.inner.name

    def reset(self, yaw_deg: float = 0.0) -> None:
        self.inner.reset(yaw_deg)

    def update(self, gray: np.ndarray) -> PoseEstimate:
        if gray.min() == gray.max():
            raise Boom
        return self.inner.update(gray)


def test_a_frame_that_crashes_every_owner_is_dead_lettered(redis: Redis) -> None:
    cam = "poisoned"
    redis.hset(streams.CAMERAS, cam, Camera(camera_id=cam, source="x.mp4").model_dump_json())
    renderer = ViewRenderer(make_panorama(seed=5, width=1024), 160, 90, 90.0)
    for i in range(40):
        if i == 25:
            gray = np.full((90, 160), 7, np.uint8)
        else:
            gray = cv2.cvtColor(renderer.render(i * 1.0), cv2.COLOR_BGR2GRAY)
        frame = FlowFrame(
            camera_id=cam, t=i / 15, frame_index=i, clip_id="k", width=160, height=90, hfov_deg=90
        )
        redis.xadd(streams.frames_stream(cam), encode(frame, gray.tobytes()))
    settings = FlowTrackerSettings(block_ms=10, lease_ms=200, max_owner_crashes=3)
    crashes = 0
    for k in range(10):
        worker = FlowTrackerWorker(redis, settings, f"w{k}", estimator_factory=CrashOnUniformFrame)
        try:
            run_until_done(worker, redis, cam, timeout_s=20)
            break
        except Boom:
            crashes += 1  # the process "died": its lease lapses, its frames stay pending
            time.sleep(0.25)
    else:
        raise AssertionError("the camera never got past the poison frame")
    assert crashes == 3
    poses = poses_of(redis, cam)
    assert [p.frame_index for p in poses] == [i for i in range(40) if i != 25]
    dlq: Any = redis.xrange(streams.dead_letter_stream(streams.frames_stream(cam)))
    assert len(dlq) == 1 and b"died while this frame was in flight" in dlq[0][1][b"dlq:reason"]
    poison = decode({k: v for k, v in dlq[0][1].items() if not k.startswith(b"dlq:")})[0]
    assert isinstance(poison, FlowFrame) and poison.frame_index == 25


def test_replicas_share_cameras_fairly(redis: Redis) -> None:
    for i in range(4):
        redis.hset(streams.CAMERAS, f"c{i}", Camera(camera_id=f"c{i}", source="x.mp4").model_dump_json())

    def beat(name: str) -> None:
        redis.set(streams.health_key(SERVICE, name), json.dumps({"status": "running"}), px=60_000)

    settings = FlowTrackerSettings()
    a = FlowTrackerWorker(redis, settings, "a")
    b = FlowTrackerWorker(redis, settings, "b")
    beat("a")
    assert a.discover() == ["c0", "c1", "c2", "c3"]  # alone: every camera
    beat("b")  # a second replica joins: a hands cameras over one round at a time
    for _ in range(3):
        a.discover()
        b.discover()
    assert a.cameras == ["c0", "c1"] and b.cameras == ["c2", "c3"]
    owners = {redis.get(streams.lease_key(SERVICE, f"c{i}")).decode().split(":")[0] for i in range(4)}  # type: ignore[union-attr]
    assert owners == {"a", "b"}
    a.release_all()
    b.release_all()


def test_after_a_gap_in_the_stream_the_heading_is_found_again(redis: Redis) -> None:
    """A camera that looked all round, then dropped for 2.5 s while the wearer turned 40 degrees (ingest
    marks the first frame after it `session_start`): the heading comes back to the truth at once."""
    cam = "gap-cam"
    redis.hset(streams.CAMERAS, cam, Camera(camera_id=cam, source="rtsp://camera").model_dump_json())
    renderer = ViewRenderer(make_panorama(5, 4096), 320, 180, 90.0)
    fps, gap = 15, (40.0, 42.5)

    def truth(t: float) -> float:
        return 15.0 * t if t < 24 else 360 + 40 * math.sin((t - 24) / 3.0) + 3.0 * (t - 24)

    stream = streams.frames_stream(cam)
    first_after = True
    for i in range(int(55 * fps)):
        t = i / fps
        if gap[0] <= t < gap[1]:
            continue
        grey = cv2.cvtColor(renderer.render(truth(t), 0.0, 0.0), cv2.COLOR_BGR2GRAY)
        after = t >= gap[1] and first_after
        first_after = first_after and not after
        frame = FlowFrame(camera_id=cam, t=t, frame_index=i, clip_id=f"{cam}-s-{int(t // 10):06d}", width=320,
                          height=180, hfov_deg=90.0, session_start=i == 0 or after)  # fmt: skip
        redis.xadd(stream, encode(frame, grey.tobytes()))
    worker = FlowTrackerWorker(redis, FlowTrackerSettings(block_ms=20), "w")
    run_until_done(worker, redis, cam, timeout_s=120.0)
    poses = [p for p in poses_of(redis, cam) if p.t >= gap[1]]
    turned = truth(gap[1]) - truth(gap[0])
    assert turned > 35.0
    errors = [abs(p.yaw_deg - truth(p.t)) for p in poses]
    assert len(poses) > 100 and max(errors) < 1.5, (max(errors), errors[:5])


def _fails_once(real: Any, on_call: int, after: bool) -> Any:
    """`real`, except that call number `on_call` raises a lost connection: before it reaches Redis (a refused
    commit) or after Redis ran it (a reply lost on the way back)."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    calls = {"n": 0}

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == on_call and not after:
            raise RedisConnectionError("Connection refused (injected)")
        reply = real(*args, **kwargs)
        if calls["n"] == on_call:
            raise RedisConnectionError("Connection reset by peer (injected after Redis ran it)")
        return reply

    return wrapped


@pytest.mark.parametrize("where", ["commit refused", "read reply lost"])
def test_redis_lost_mid_round_loses_no_heading_sample(
    redis: Redis, video: GeneratedVideo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """A commit refused because Redis went away, or a read Redis ran whose reply was lost (its frames are now
    pending to this consumer, and reads of new entries never return them): the camera is taken again from
    its committed checkpoint, its pending frames claimed. Before, the retry skipped the batch as committed,
    or never read those frames, and a Redis restart lost a heading sample (issue 12's fault suite)."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    n_flow = ingest(redis, video, tmp_path)
    worker = FlowTrackerWorker(redis, FlowTrackerSettings(block_ms=20, batch=16), "w1")
    if where == "commit refused":
        monkeypatch.setattr(worker, "_commit", _fails_once(worker._commit, on_call=3, after=False))
    else:
        monkeypatch.setattr(worker, "_read", _fails_once(worker._read, on_call=4, after=True))
    deadline = time.monotonic() + 60
    while True:
        try:
            run_until_done(worker, redis)
            break
        except RedisConnectionError:
            assert time.monotonic() < deadline
    worker.release_all()
    check_track(poses_of(redis), video, n_flow)
    assert redis.zcard(streams.heading_track_key(CAM)) == n_flow
