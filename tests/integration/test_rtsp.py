"""Ingest from a real RTSP server, through a camera outage: reconnect with backoff, gap recorded."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest
from redis import Redis

from spotter import streams
from spotter.blobstore import LocalBlobStore
from spotter.heading.track import gaps_between
from spotter.ingest import IngestPipeline, IngestSettings, IngestStats
from spotter.messages import Camera, Clip, ClipMark, FlowFrame, Keyframe, StreamEvent
from spotter.video.sources import Backoff, FileSource, RtspSource, SourceFrame
from tests.integration.ingest_helpers import read_stream
from tests.integration.rtsp_harness import RtspTestServer, rtsp_server_available

pytestmark = [pytest.mark.integration, pytest.mark.slow]

CAM = "hardhat7"
OUTAGE_S = 2.0


@pytest.fixture
def rtsp_server() -> Iterator[RtspTestServer]:
    missing = rtsp_server_available()
    if missing:
        pytest.fail(missing)
    with RtspTestServer() as server:
        yield server


def wait_for(what: str, cond: Callable[[], bool], timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s} s waiting for {what}")
        time.sleep(0.1)


def messages(redis: Redis, stream: str, kind: type) -> list:  # type: ignore[type-arg]
    return [m for m, _ in read_stream(redis, stream) if isinstance(m, kind)]


@pytest.mark.timeout(90)
def test_rtsp_ingest_survives_a_camera_outage(
    redis: Redis, tmp_path: Path, rtsp_server: RtspTestServer
) -> None:
    settings = IngestSettings(
        clip_seconds=2.0, keyframe_interval_s=1.0, flow_fps=10.0, blob_dir=tmp_path / "blobs"
    )
    pipeline = IngestPipeline(redis, LocalBlobStore(settings.blob_dir), settings)
    camera = Camera(camera_id=CAM, source=rtsp_server.url)
    pipeline.register_camera(camera)
    source = RtspSource(
        rtsp_server.url, open_timeout_s=5.0, read_timeout_s=3.0, backoff=Backoff(0.5, 2.0, 2.0, 0.1)
    )
    stop = threading.Event()
    result: dict[str, IngestStats] = {}
    worker = threading.Thread(
        target=lambda: result.update(stats=pipeline.run_source(camera, source, stop)),
        name="ingest",
        daemon=True,
    )
    worker.start()
    try:
        # Live: clips, keyframes and flow frames arrive.
        wait_for("two clips", lambda: redis.xlen(streams.CLIPS) >= 2, 20)
        assert worker.is_alive()

        # The camera drops off for OUTAGE_S, then comes back on the same address.
        rtsp_server.stop()
        down_at = time.monotonic()
        time.sleep(OUTAGE_S)
        rtsp_server.start()
        up_at = time.monotonic()

        def gap_events() -> list[StreamEvent]:
            return [e for e in messages(redis, streams.EVENTS, StreamEvent) if e.kind == "gap"]

        wait_for("a gap event", lambda: bool(gap_events()), 20)
        gap = gap_events()[0]
        assert gap.gap_start_t is not None and gap.gap_end_t is not None
        # recorded for answers about times inside it (`GET /v1/cameras/{id}/gaps`)
        assert gaps_between(redis, CAM) == [(round(gap.gap_start_t, 4), round(gap.gap_end_t, 4))]
        n_clips = redis.xlen(streams.CLIPS)
        wait_for("two more clips after the gap", lambda: redis.xlen(streams.CLIPS) >= n_clips + 2, 20)
        wait_for(
            "3 s of frames after the gap",
            lambda: sum(f.t >= gap.gap_end_t for f in messages(redis, streams.frames_stream(CAM), FlowFrame)) >= 30,
            20,
        )
    finally:
        stop.set()
        worker.join(timeout=20)
    assert not worker.is_alive()
    stats = result["stats"]
    assert stats.ended == "stopped" and stats.gaps == 1

    # The gap covers the outage (plus detection and reconnect), measured on the media clock.
    outage = up_at - down_at
    assert gap.gap_s is not None and gap.gap_start_t is not None and gap.gap_end_t is not None
    assert outage - 0.5 <= gap.gap_s <= outage + 6.0, (gap.gap_s, outage)
    assert gap.gap_end_t - gap.gap_start_t == pytest.approx(gap.gap_s)
    kinds = [e.kind for e in messages(redis, streams.EVENTS, StreamEvent)]
    assert kinds[0] == "camera_registered"
    assert kinds.index("gap") + 1 == kinds.index("reconnected")
    assert "source_error" in kinds[: kinds.index("gap")]  # the failed reconnect attempts were reported

    # Flow frames: in order through the outage, media time jumps by the gap, a new session starts.
    flows = messages(redis, streams.frames_stream(CAM), FlowFrame)
    assert [f.frame_index for f in flows] == sorted({f.frame_index for f in flows})
    times = [f.t for f in flows]
    assert times == sorted(times)
    before = [f for f in flows if f.t <= gap.gap_start_t]
    after = [f for f in flows if f.t >= gap.gap_end_t]
    assert len(before) >= 30 and len(after) >= 30 and len(before) + len(after) == len(flows)
    assert before[0].session_start and after[0].session_start
    assert sum(f.session_start for f in flows) == 2
    assert after[0].t - before[-1].t == pytest.approx(gap.gap_s, abs=0.2)
    # About flow_fps while streaming (loose: the machine may be busy).
    span = before[-1].t - before[0].t
    assert 6.0 <= (len(before) - 1) / span <= 10.5

    # Clips: the one with the drop inside is truncated; ids are unique; marks in-band.
    clips = messages(redis, streams.CLIPS, Clip)
    assert len({c.clip_id for c in clips}) == len(clips) >= 4
    assert all(c.clip_id.startswith(f"{CAM}-{source.session_id}-") for c in clips)
    dropped = [
        c for c in clips if c.t_start <= gap.gap_start_t < c.t_end or c.t_start <= gap.gap_end_t < c.t_end
    ]
    assert dropped and all(c.status == "truncated" for c in dropped)
    assert any(c.status == "complete" for c in clips)
    marks = messages(redis, streams.frames_stream(CAM), ClipMark)
    assert [m.clip_id for m in marks] == [c.clip_id for c in clips]

    # Keyframes: about one per second, real JPEGs, including right after the reconnect.
    keyframes = messages(redis, streams.KEYFRAMES, Keyframe)
    assert len(keyframes) >= 6
    assert any(abs(k.t - gap.gap_end_t) < 0.2 for k in keyframes)
    store = LocalBlobStore(settings.blob_dir)
    for k in keyframes[:: max(1, len(keyframes) // 4)]:
        img = cv2.imdecode(np.frombuffer(store.get(k.blob_key), np.uint8), cv2.IMREAD_COLOR)
        assert img is not None and img.shape == (360, 640, 3)


def panning_h264(tmp_path: Path, *, seconds: int, px_per_frame: int, seed: int) -> Path:
    """A 320x180, 15 fps pan across random texture, as H.264 without B-frames (what the RTSP file server streams)."""
    raw, h264 = tmp_path / "raw.mp4", tmp_path / "cam.mp4"
    writer = cv2.VideoWriter(str(raw), cv2.VideoWriter_fourcc(*"mp4v"), 15.0, (320, 180))
    n = 15 * seconds
    texture = np.random.default_rng(seed).integers(0, 255, (180, 320 + px_per_frame * n, 3), dtype=np.uint8)
    for i in range(n):
        writer.write(np.ascontiguousarray(texture[:, px_per_frame * i:px_per_frame * i + 320]))
    writer.release()
    subprocess.run(["ffmpeg", "-y", "-loglevel", "error", "-i", str(raw), "-c:v", "libx264", "-preset", "ultrafast",
                    "-bf", "0", "-g", "15", "-pix_fmt", "yuv420p", str(h264)], check=True)  # fmt: skip
    return h264


@pytest.mark.timeout(90)
def test_rtsp_media_time_is_the_camera_s_clock_not_arrival(tmp_path: Path) -> None:
    """A file served over RTSP: the client gets a burst of buffered frames at start-up (a second of video
    in a few milliseconds), then frames at the camera's pace. Media time follows the stream's timestamps,
    so every frame's time is its index / fps (what a replay of the same file says), burst included."""
    missing = rtsp_server_available()
    if missing:
        pytest.fail(missing)
    h264 = panning_h264(tmp_path, seconds=8, px_per_frame=4, seed=0)
    with RtspTestServer(extra_args=("--file", str(h264))) as server:
        source = RtspSource(server.url, open_timeout_s=5.0, read_timeout_s=3.0, max_attempts=3)
        stop = threading.Event()
        got: list[tuple[int, float, float]] = []
        t0 = time.monotonic()
        for item in source.frames(stop=stop):
            if isinstance(item, SourceFrame):
                got.append((item.index, item.t_media, time.monotonic() - t0))
                if len(got) >= 90:
                    stop.set()
    arrivals = [a for _, _, a in got]
    assert arrivals[10] - arrivals[0] < 0.3, "expected a start-up burst (buffered frames arriving at once)"
    worst = max(abs(t - i / 15.0) for i, t, _ in got)
    assert worst <= 1.0 / 15.0 + 1e-6, worst  # the camera's clock, within a frame
    times = [t for _, t, _ in got]
    assert times == sorted(times) and len(set(times)) == len(times)


class Crash(Exception):
    """Stands in for SIGKILL of ingest: the run dies between two batches and closes nothing."""


@pytest.mark.timeout(90)
def test_a_restarted_ingest_continues_the_live_camera_s_timeline(
    redis: Redis, tmp_path: Path, rtsp_server: RtspTestServer
) -> None:
    settings = IngestSettings(clip_seconds=2.0, keyframe_interval_s=1.0, flow_fps=10.0, blob_dir=tmp_path / "blobs")
    pipeline = IngestPipeline(redis, LocalBlobStore(settings.blob_dir), settings)
    camera = Camera(camera_id=CAM, source=rtsp_server.url)

    def crash_at(seconds: float) -> Callable[[IngestStats], None]:
        def check(stats: IngestStats) -> None:
            if stats.t_media >= seconds:
                raise Crash

        return check

    def source() -> RtspSource:
        return RtspSource(rtsp_server.url, open_timeout_s=5.0, read_timeout_s=3.0, max_attempts=3)

    with pytest.raises(Crash):
        pipeline.run_source(camera, source(), None, crash_at(3.0))
    first = pipeline.checkpoint(CAM)
    assert first is not None and first.open_clip is not None  # died inside a clip
    time.sleep(1.0)  # ingest is down; the camera is not
    t_restart = first.t_last
    with pytest.raises(Crash):
        pipeline.run_source(camera, source(), None, crash_at(t_restart + 5.0))
    stop = threading.Event()

    def stop_later(stats: IngestStats) -> None:
        if stats.t_media >= t_restart + 9.0:
            stop.set()

    assert pipeline.run_source(camera, source(), stop, stop_later).ended == "stopped"

    flows = messages(redis, streams.frames_stream(CAM), FlowFrame)
    times = [f.t for f in flows]
    assert times == sorted(times) and len(set(times)) == len(times)  # media time never ran backwards
    indices = [f.frame_index for f in flows]
    assert indices == sorted(set(indices))  # nor frame indices (the flow tracker drops repeats)
    gaps = [e for e in messages(redis, streams.EVENTS, StreamEvent) if e.kind == "gap"]
    assert len(gaps) == 2 and all(e.detail == "ingest restarted" for e in gaps)
    assert gaps[0].gap_start_t == pytest.approx(t_restart) and gaps[0].gap_s is not None and gaps[0].gap_s >= 0.9
    assert sum(f.session_start for f in flows) == 3  # the start and each restart
    clips = messages(redis, streams.CLIPS, Clip)
    ids = [c.clip_id for c in clips]
    assert len(ids) == len(set(ids)) >= 4
    assert len({i.rsplit("-", 1)[0] for i in ids}) == 1  # one session: the timeline was continued
    assert [m.clip_id for m in messages(redis, streams.frames_stream(CAM), ClipMark)] == ids
    cut = [c for c in clips if any(c.t_start <= g.gap_start_t < c.t_end for g in gaps)]
    assert cut and all(c.status == "truncated" for c in cut)


@pytest.mark.timeout(120)
def test_a_camera_and_the_replay_of_its_recording_give_the_flow_tracker_the_same_pixels(
    redis: Redis, tmp_path: Path
) -> None:
    """The same H.264 video ingested from a file and from an RTSP camera: both decode with PyAV and send
    the decoder's luma plane, so every flow frame at the same media time is the same picture (the heading
    of the live path can only differ from the replay's by what the network loses)."""
    missing = rtsp_server_available()
    if missing:
        pytest.fail(missing)
    h264 = panning_h264(tmp_path, seconds=6, px_per_frame=5, seed=1)
    settings = IngestSettings(clip_seconds=2.0, flow_fps=0.0, blob_dir=tmp_path / "blobs")
    pipeline = IngestPipeline(redis, LocalBlobStore(settings.blob_dir), settings)
    pipeline.run_source(Camera(camera_id="replay", source=str(h264)), FileSource(h264))
    with RtspTestServer(extra_args=("--file", str(h264))) as server:
        source = RtspSource(server.url, open_timeout_s=5.0, read_timeout_s=3.0, max_attempts=3)
        stop = threading.Event()

        def enough(stats: IngestStats) -> None:
            if stats.frames >= 80:
                stop.set()

        pipeline.run_source(Camera(camera_id="live", source=server.url), source, stop, enough)
    assert source.decoder == "pyav"

    def grey_by_frame(cam: str) -> dict[int, bytes]:  # 15 fps: a frame's number is round(t * 15)
        frames = read_stream(redis, streams.frames_stream(cam))
        return {round(m.t * 15): blob for m, blob in frames if isinstance(m, FlowFrame) and blob is not None}

    replay, live = grey_by_frame("replay"), grey_by_frame("live")
    # A camera's clock starts at the first frame this client received; the file's at its first frame.
    # The stream may start a frame or two into the file: find where, then every frame must match.
    first = live[min(live)]
    (offset,) = [k for k in sorted(replay) if replay[k] == first][:1]
    assert offset <= 3
    matched = [k for k in sorted(live) if k + offset in replay]
    assert len(matched) >= 70, (len(replay), len(live), offset)
    assert all(live[k] == replay[k + offset] for k in matched)  # byte for byte
