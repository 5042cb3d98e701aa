"""Ingest of a video file into a real redis-server: counts, order, clips, keyframes, bad files."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Literal

import cv2
import numpy as np
import pytest
from redis import Redis

from spotter import streams
from spotter.blobstore import LocalBlobStore
from spotter.errors import SourceError
from spotter.ingest import IngestPipeline, IngestSettings, IngestStats
from spotter.messages import Camera, Clip, ClipMark, FlowFrame, Keyframe, StreamEvent
from spotter.video.frames import studio_to_full
from spotter.video.sources import GREY, DecodeBackend, FileSource, SourceFrame
from tests.integration.ingest_helpers import make_test_video, published, read_stream

pytestmark = pytest.mark.integration

CAM = "cam1"


@pytest.fixture(scope="module")
def video(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # 4.5 s at 30 fps: two full 2-s clips and a half one.
    return make_test_video(tmp_path_factory.mktemp("video") / "site.mp4", 4.5)


def make_pipeline(redis: Redis, tmp_path: Path, **overrides: object) -> IngestPipeline:
    values: dict[str, object] = {"clip_seconds": 2.0, "flow_fps": 15.0, "blob_dir": tmp_path / "blobs"}
    settings = IngestSettings(**{**values, **overrides})  # type: ignore[arg-type]
    return IngestPipeline(redis, LocalBlobStore(settings.blob_dir), settings)


def events(redis: Redis) -> list[StreamEvent]:
    return [m for m, _ in read_stream(redis, streams.EVENTS) if isinstance(m, StreamEvent)]


def test_file_source_reads_every_frame_with_index_time(video: Path) -> None:
    src = FileSource(video)
    items = list(src.frames(want=lambda i, _t: i % 2 == 0))
    assert (src.fps, src.width, src.height) == (30.0, 640, 360)
    frames = [f for f in items if isinstance(f, SourceFrame)]
    assert len(frames) == 135
    assert [f.index for f in frames] == list(range(135))
    assert frames[31].t_media == pytest.approx(31 / 30)
    assert all((f.image is not None) == (f.index % 2 == 0) for f in frames)
    assert frames[0].image is not None and frames[0].image.shape == (360, 640, 3)
    assert FileSource(video).session_id == src.session_id


def test_pyav_gives_the_luma_plane_for_grey_frames_and_the_same_bgr_as_opencv(video: Path) -> None:
    pytest.importorskip("av")
    want: dict[int, bool | Literal["grey"]] = {0: True, 1: GREY, 2: False}
    pyav, cv = FileSource(video), FileSource(video, backend="opencv")
    got = [f for f in pyav.frames(want=lambda i, _t: want[i % 3]) if isinstance(f, SourceFrame)]
    ref = [f for f in cv.frames() if isinstance(f, SourceFrame)]
    assert (pyav.backend, cv.backend) == ("pyav", "opencv")
    assert (pyav.fps, pyav.width, pyav.height, pyav.frame_count) == (cv.fps, cv.width, cv.height, 135)
    assert [f.index for f in got] == list(range(135)) and [f.t_media for f in got] == [f.t_media for f in ref]
    for f, r in zip(got, ref, strict=True):
        kind = want[f.index % 3]
        assert (f.image is not None) == (kind is True) and (f.grey is not None) == (kind is not False)
        assert r.image is not None
        if f.image is not None:
            assert np.array_equal(f.image, r.image)  # same FFmpeg colour conversion
        if f.grey is not None:
            # The luma plane, stretched to full range, is what cvtColor makes of the BGR (+-rounding).
            assert f.grey.shape == (360, 640) and f.grey.dtype == np.uint8 and not f.grey_full_range
            diff = np.abs(studio_to_full(f.grey).astype(int) - cv2.cvtColor(r.image, cv2.COLOR_BGR2GRAY))
            assert np.median(diff) <= 2 and diff.mean() < 3


def test_opencv_backend_treats_grey_as_colour(video: Path) -> None:
    frames = [f for f in FileSource(video, backend="opencv").frames(want=lambda _i, _t: GREY)]
    assert all(isinstance(f, SourceFrame) and f.image is not None and f.grey is None for f in frames)


def test_ingest_file_publishes_flow_frames_keyframes_and_clips(
    redis: Redis, tmp_path: Path, video: Path
) -> None:
    pipeline = make_pipeline(redis, tmp_path)
    camera = Camera(camera_id=CAM, source=str(video), hfov_deg=70.0)
    pipeline.register_camera(camera)
    progress: list[int] = []
    stats = pipeline.run_source(
        camera, FileSource(video), threading.Event(), lambda s: progress.append(s.frames)
    )

    assert stats.ended == "end" and stats.errors == 0
    assert (stats.frames, stats.flow_frames, stats.keyframes, stats.clips) == (135, 68, 5, 3)
    assert progress and progress[-1] == 135 and progress == sorted(progress)

    stored = Camera.model_validate_json(redis.hget(streams.CAMERAS, CAM) or b"")
    assert (stored.width, stored.height, stored.fps, stored.hfov_deg) == (640, 360, 30.0, 70.0)

    # Frames stream: flow frames in order, each clip's mark right after its last frame.
    items = read_stream(redis, streams.frames_stream(CAM))
    flows = [(m, b) for m, b in items if isinstance(m, FlowFrame)]
    marks = [m for m, _ in items if isinstance(m, ClipMark)]
    assert len(flows) == 68 and len(marks) == 3
    assert [m.frame_index for m, _ in flows] == list(range(0, 135, 2))
    times = [m.t for m, _ in flows]
    assert times == sorted(times)
    first, blob = flows[0]
    assert first.session_start and not any(m.session_start for m, _ in flows[1:])
    assert (first.width, first.height, first.hfov_deg) == (320, 180, 70.0)
    assert blob is not None and len(blob) == 320 * 180
    grey = np.frombuffer(blob, np.uint8).reshape(180, 320)
    assert grey.std() > 10  # a real picture, not a blank
    current = None
    for m, _ in items:
        if isinstance(m, FlowFrame):
            assert current in (None, m.clip_id)
            current = m.clip_id
        else:
            assert isinstance(m, ClipMark) and m.clip_id == current
            current = None
    assert current is None  # the last clip was closed with a mark

    # Clips: deterministic ids, boundaries every 2 s, the short last one truncated.
    clips = [m for m, _ in read_stream(redis, streams.CLIPS)]
    assert all(isinstance(c, Clip) for c in clips)
    session = FileSource(video).session_id
    assert [c.clip_id for c in clips] == [f"{CAM}-{session}-{i:06d}" for i in range(3)]  # type: ignore[attr-defined]
    bounds = [(c.t_start, c.t_end, c.n_frames, c.status) for c in clips]  # type: ignore[attr-defined]
    assert bounds[0] == (0.0, pytest.approx(2.0), 60, "complete")
    assert bounds[1] == (pytest.approx(2.0), pytest.approx(4.0), 60, "complete")
    assert bounds[2] == (pytest.approx(4.0), pytest.approx(4.5), 15, "truncated")

    # Keyframes: one per second, decodable JPEGs in the blob store, listed by their clip.
    keyframes = [m for m, _ in read_stream(redis, streams.KEYFRAMES)]
    assert [k.frame_index for k in keyframes] == [0, 30, 60, 90, 120]  # type: ignore[attr-defined]
    store = LocalBlobStore(tmp_path / "blobs")
    for k in keyframes:
        assert isinstance(k, Keyframe)
        img = cv2.imdecode(np.frombuffer(store.get(k.blob_key), np.uint8), cv2.IMREAD_COLOR)
        assert img is not None and img.shape == (360, 640, 3) == (k.height, k.width, 3)
        owner = next(c for c in clips if c.clip_id == k.clip_id)  # type: ignore[attr-defined]
        assert k.blob_key in owner.keyframes  # type: ignore[attr-defined]
    assert sum(len(c.keyframes) for c in clips if isinstance(c, Clip)) == 5

    kinds = [e.kind for e in events(redis)]
    assert kinds == ["camera_registered", "source_end"]


def test_every_frame_at_160_wide(redis: Redis, tmp_path: Path, video: Path) -> None:
    pipeline = make_pipeline(redis, tmp_path, flow_fps=0.0, flow_width=160)
    camera = Camera(camera_id=CAM, source=str(video))
    stats = pipeline.run_source(camera, FileSource(video))
    assert stats.flow_frames == 135
    flows = [m for m, _ in read_stream(redis, streams.frames_stream(CAM)) if isinstance(m, FlowFrame)]
    assert [m.frame_index for m in flows] == list(range(135))
    assert {(m.width, m.height) for m in flows} == {(160, 90)}


def test_a_file_read_to_its_end_is_not_read_again_until_its_timeline_is_forgotten(
    redis: Redis, tmp_path: Path, video: Path
) -> None:
    pipeline = make_pipeline(redis, tmp_path)
    camera = Camera(camera_id=CAM, source=str(video))
    assert pipeline.run_source(camera, FileSource(video)).ended == "end"
    n_frames = redis.xlen(streams.frames_stream(CAM))
    again = pipeline.run_source(camera, FileSource(video))  # a restarted ingest, or a looping file camera
    assert again.ended == "already" and again.frames == 0
    assert redis.xlen(streams.CLIPS) == 3 and redis.xlen(streams.frames_stream(CAM)) == n_frames
    ckpt = pipeline.checkpoint(CAM)
    assert ckpt is not None and ckpt.ended and ckpt.open_clip is None and ckpt.next_frame_index == 135
    # Forgotten on purpose, the same file replays under the same clip ids (idempotent downstream).
    assert pipeline.forget_timeline(CAM)
    pipeline.run_source(camera, FileSource(video))
    ids = [m.clip_id for m, _ in read_stream(redis, streams.CLIPS)]  # type: ignore[attr-defined]
    assert ids[:3] == ids[3:]
    assert len(list(LocalBlobStore(tmp_path / "blobs").iter_keys())) == 5


class Crash(Exception):
    """Stands in for SIGKILL: the run dies between two published batches, closing nothing."""


@pytest.mark.parametrize("crash_after_s", [0.7, 2.0, 3.4])
def test_a_file_ingest_that_died_resumes_with_nothing_lost_or_published_twice(
    redis: Redis, tmp_path: Path, video: Path, crash_after_s: float
) -> None:
    pipeline = make_pipeline(redis, tmp_path, batch_size=5)
    pipeline.run_source(Camera(camera_id="clean", source=str(video)), FileSource(video))

    def die(stats: IngestStats) -> None:
        if stats.t_media >= crash_after_s:
            raise Crash

    camera = Camera(camera_id=CAM, source=str(video))
    with pytest.raises(Crash):
        pipeline.run_source(camera, FileSource(video), None, die)
    ckpt = pipeline.checkpoint(CAM)
    assert ckpt is not None and not ckpt.ended and ckpt.t_last >= crash_after_s - 0.5
    resumed = pipeline.run_source(camera, FileSource(video))
    assert resumed.ended == "end" and resumed.skipped > 0
    assert resumed.frames + resumed.skipped == 135
    assert published(redis, CAM) == published(redis, "clean")


def test_a_stopped_file_resumes_without_publishing_a_clip_id_twice(
    redis: Redis, tmp_path: Path, video: Path
) -> None:
    pipeline = make_pipeline(redis, tmp_path, batch_size=4)
    camera = Camera(camera_id=CAM, source=str(video))
    stop = threading.Event()

    def stop_at(stats: IngestStats) -> None:
        if stats.t_media >= 2.5:
            stop.set()

    assert pipeline.run_source(camera, FileSource(video), stop, stop_at).ended == "stopped"
    resumed = pipeline.run_source(camera, FileSource(video))
    assert resumed.ended == "end"
    clips = [m for m, _ in read_stream(redis, streams.CLIPS) if isinstance(m, Clip)]
    ids = [c.clip_id for c in clips]
    assert len(ids) == len(set(ids)) == 3  # the stopped clip was published cut short, once
    assert [c.status for c in clips] == ["complete", "truncated", "truncated"]
    flows = [m for m, _ in read_stream(redis, streams.frames_stream(CAM)) if isinstance(m, FlowFrame)]
    ts = [f.t for f in flows]
    assert ts == sorted(ts) and len(set(f.frame_index for f in flows)) == len(flows)
    assert flows[0].session_start and sum(f.session_start for f in flows) == 2  # the skipped rest is a gap


def test_stop_event_ends_the_run_with_a_truncated_clip(redis: Redis, tmp_path: Path, video: Path) -> None:
    pipeline = make_pipeline(redis, tmp_path, batch_size=4)  # progress is reported per batch
    camera = Camera(camera_id=CAM, source=str(video))
    stop = threading.Event()

    def stop_after_half_a_second(stats: IngestStats) -> None:
        if stats.t_media >= 0.5:
            stop.set()

    stats = pipeline.run_source(camera, FileSource(video), stop, stop_after_half_a_second)
    assert stats.ended == "stopped" and 15 <= stats.frames < 60
    clips = [m for m, _ in read_stream(redis, streams.CLIPS)]
    assert len(clips) == 1 and clips[0].status == "truncated"  # type: ignore[attr-defined]
    assert "source_end" not in [e.kind for e in events(redis)]


def garbage_file(tmp_path: Path) -> Path:
    path = tmp_path / "garbage.mp4"
    path.write_bytes(b"\x00\x00\x00\x18ftypmp42" + np.random.default_rng(0).bytes(200_000))
    return path


def truncated_file(tmp_path: Path, video: Path) -> Path:
    # A plain MP4 keeps its index (moov) at the end: cutting it makes it unopenable.
    path = tmp_path / "truncated.mp4"
    data = video.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def tiny_file(tmp_path: Path) -> Path:
    """A valid 1x1 video (lossless FFV1 in Matroska): it used to end in 60 lines of OpenCV traceback."""
    import av

    path = tmp_path / "tiny.mkv"
    with av.open(str(path), "w") as container:
        stream = container.add_stream("ffv1", rate=15)
        stream.width, stream.height, stream.pix_fmt = 1, 1, "yuv444p"
        for _ in range(15):
            frame = av.VideoFrame.from_ndarray(np.zeros((1, 1, 3), np.uint8), format="rgb24")
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    return path


@pytest.mark.parametrize("kind", ["missing", "empty", "garbage", "truncated", "tiny"])
def test_bad_files_raise_a_clean_source_error(tmp_path: Path, video: Path, kind: str) -> None:
    path = {
        "missing": lambda: tmp_path / "nope.mp4",
        "empty": lambda: (tmp_path / "empty.mp4", (tmp_path / "empty.mp4").write_bytes(b""))[0],
        "garbage": lambda: garbage_file(tmp_path),
        "truncated": lambda: truncated_file(tmp_path, video),
        "tiny": lambda: tiny_file(tmp_path),
    }[kind]()
    backends: tuple[DecodeBackend, ...] = ("auto", "pyav", "opencv")
    for backend in backends:
        with pytest.raises(SourceError) as err:
            list(FileSource(path, backend=backend).frames())
        message = str(err.value)
        assert str(path) in message and "\n" not in message


def test_corrupt_file_becomes_a_source_error_event(redis: Redis, tmp_path: Path, video: Path) -> None:
    pipeline = make_pipeline(redis, tmp_path)
    for name, path in (("bad1", garbage_file(tmp_path)), ("bad2", truncated_file(tmp_path, video))):
        stats = pipeline.run_source(Camera(camera_id=name, source=str(path)), FileSource(path))
        assert stats.ended == "error" and stats.frames == 0
    errs = [e for e in events(redis) if e.kind == "source_error"]
    assert [e.camera_id for e in errs] == ["bad1", "bad2"]
    assert all("cannot decode" in e.detail for e in errs)
    assert redis.xlen(streams.CLIPS) == 0


def test_file_cut_mid_stream_keeps_what_was_decoded(redis: Redis, tmp_path: Path) -> None:
    # With the index at the front, a cut file opens, decodes part-way, then stops short.
    full = make_test_video(tmp_path / "fast.mp4", 4.0, faststart=True)
    cut = tmp_path / "cut.mp4"
    data = full.read_bytes()
    cut.write_bytes(data[: int(len(data) * 0.5)])
    src = FileSource(cut)
    src.open()  # opens (the index is complete) and knows how many frames there should be
    assert src.frame_count == 120
    src.close()
    pipeline = make_pipeline(redis, tmp_path)
    stats = pipeline.run_source(Camera(camera_id=CAM, source=str(cut)), FileSource(cut))
    assert stats.ended == "error" and 0 < stats.frames < 120
    errs = [e for e in events(redis) if e.kind == "source_error"]
    assert len(errs) == 1 and "truncated or corrupt" in errs[0].detail
    clips = [m for m, _ in read_stream(redis, streams.CLIPS)]
    assert clips and clips[-1].status == "truncated"  # type: ignore[attr-defined]
    assert redis.xlen(streams.frames_stream(CAM)) > 0


def test_other_cameras_go_on_when_one_fails(redis: Redis, tmp_path: Path, video: Path) -> None:
    pipeline = make_pipeline(redis, tmp_path)
    results = {}

    def run(cam: str, path: Path) -> None:
        results[cam] = pipeline.run_source(Camera(camera_id=cam, source=str(path)), FileSource(path))

    threads = [
        threading.Thread(target=run, args=("good", video)),
        threading.Thread(target=run, args=("bad", garbage_file(tmp_path))),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert results["good"].ended == "end" and results["good"].clips == 3
    assert results["bad"].ended == "error"


def test_a_camera_registration_lost_with_redis_s_data_comes_back(redis: Redis, tmp_path: Path, video: Path) -> None:
    """Redis emptied mid-run (a restart without persistence, a FLUSHALL): the cameras hash is rebuilt from
    ingest's configuration with the next batch, so a flow tracker that starts afterwards finds the camera."""
    pipeline = make_pipeline(redis, tmp_path, batch_size=4)
    camera = Camera(camera_id=CAM, source=str(video))
    pipeline.register_camera(camera)
    flushed: list[float] = []

    def flush_once(stats: IngestStats) -> None:
        if stats.t_media >= 0.5 and not flushed:
            redis.flushall()
            flushed.append(stats.t_media)

    stats = pipeline.run_source(camera, FileSource(video), None, flush_once)
    assert flushed and stats.ended == "end"
    assert redis.hexists(streams.CAMERAS, CAM)


class _FillingDisk(LocalBlobStore):
    """The blob store on a disk that is full for a while: writes go to /dev/full, where the kernel answers
    every write with ENOSPC (No space left on device), for the 2nd and 3rd keyframes, then it has room again."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.calls = 0

    def put(self, key: str, data: bytes, content_type: str = "application/octet-stream") -> str:
        self.calls += 1
        if 2 <= self.calls <= 3:
            with open("/dev/full", "wb") as full:
                full.write(data)
                full.flush()
        return super().put(key, data, content_type)


def test_a_full_disk_leaves_keyframes_out_and_everything_else_goes_on(
    redis: Redis, tmp_path: Path, video: Path
) -> None:
    settings = IngestSettings(clip_seconds=2.0, flow_fps=15.0, blob_dir=tmp_path / "blobs")
    store = _FillingDisk(settings.blob_dir)
    pipeline = IngestPipeline(redis, store, settings)
    camera = Camera(camera_id=CAM, source=str(video))
    clean = make_pipeline(redis, tmp_path / "clean").run_source(Camera(camera_id="clean", source=str(video)),
                                                                FileSource(video))  # fmt: skip
    stats = pipeline.run_source(camera, FileSource(video))
    assert stats.ended == "end" and stats.keyframes_unstored == 2
    assert stats.frames == clean.frames and stats.flow_frames == clean.flow_frames and stats.clips == clean.clips
    assert stats.keyframes == clean.keyframes - 2 and clean.keyframes >= 4  # stored again once it has room
    keyframes = [m for m, _ in read_stream(redis, streams.KEYFRAMES) if isinstance(m, Keyframe) and m.camera_id == CAM]
    assert len(keyframes) == clean.keyframes - 2 and all(store.exists(k.blob_key) for k in keyframes)
