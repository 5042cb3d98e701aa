"""The embedded mode: the whole pipeline in one process, for `spotter replay/eval/demo` and benchmarks.

`EmbeddedBus` gives a Redis client: a private `redis-server` child, unless
`REDIS_URL` / `SPOTTER_REDIS_URL` names a server to use instead.
`replay()` runs ingest (a file, paced like a live camera or as fast as
possible) and the flow tracker side by side in threads of this process --
OpenCV releases the GIL while it decodes and tracks, so the two share the
cores -- and returns what they did. The services are exactly the distributed
ones (`IngestPipeline.run_source`, `FlowTrackerWorker.run`), talking over the
same streams; only the process boundary is gone.

Shutdown: setting `stop` (the CLI does on Ctrl-C / SIGTERM) stops ingest
after the frame in hand; the flow tracker then drains every frame ingest
published (bounded by `drain_timeout_s`) before it stops, so no published
frame is left untracked.
"""

from __future__ import annotations

import logging
import math
import os
import resource
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

import cv2
import psutil
from redis import Redis

from spotter import streams
from spotter.blobstore import LocalBlobStore
from spotter.errors import ConfigError
from spotter.flow_tracker import FlowTrackerSettings, FlowTrackerWorker, stream_id_key
from spotter.heading import HeadingMethod
from spotter.heading.track import HeadingTrack
from spotter.ingest import IngestPipeline, IngestSettings, IngestStats, validate_camera_id
from spotter.messages import Camera, MotionSummary, Pose, Projection
from spotter.redis_server import RedisServerProcess
from spotter.settings import BusSettings
from spotter.video.sources import FileSource

log = logging.getLogger(__name__)

# Ingest defaults of the embedded mode, each used unless its SPOTTER_INGEST_*
# variable is set. Decoding is the largest cost of a replay (H.264 at 640x360:
# ~4 ms of CPU a frame); two FFmpeg threads let it use the core the tracker
# leaves idle (measured by `python -m bench.replay`). The flow width is the
# heading method's working width (`flow_width_for`): wider frames only cost
# bytes on the bus and a resize in the tracker, narrower ones cost accuracy.
EMBEDDED_INGEST_DEFAULTS: dict[str, object] = {"decode_threads": 2}
LivePass = Callable[[Redis, HeadingTrack, threading.Event, threading.Event, threading.Event], Any]
"""`live(redis, heading, ingest_done, flow_done, stop)`: a memory pass run while the replay runs."""
EMBEDDED_SWITCH_INTERVAL_S = 0.0005
"""Python's thread switch interval while a replay runs (see `replay`); measured by bench.replay."""


def flow_width_for(method: str) -> int:
    """The flow-frame width a heading method works at (ingest's default for methods that do not say)."""
    if method in ("rotation", "rotation-odometry"):
        from spotter.heading.rotation import RotationSettings

        return RotationSettings().work_width
    return int(IngestSettings.model_fields["flow_width"].default)


class EmbeddedBus:
    """A Redis for the embedded mode: the configured server, or a private child `redis-server`.

    Use as a context manager; the constructor does no I/O.
    """

    def __init__(self, settings: BusSettings | None = None) -> None:
        self.settings = settings
        self.server: RedisServerProcess | None = None
        self._redis: Redis | None = None

    @property
    def redis(self) -> Redis:
        if self._redis is None:
            raise ConfigError("EmbeddedBus is not started")
        return self._redis

    @property
    def private(self) -> bool:
        """Whether this bus runs its own redis-server (whose memory counts as ours)."""
        return self.server is not None

    def start(self) -> EmbeddedBus:
        settings = self.settings if self.settings is not None else BusSettings()
        if settings.redis_url is not None:
            url = settings.redis_url.get_secret_value()
        else:
            self.server = RedisServerProcess().start()
            url = self.server.url
        self._redis = Redis.from_url(url, socket_connect_timeout=5.0, socket_timeout=30.0)
        self._redis.ping()
        return self

    def stop(self) -> None:
        if self._redis is not None:
            self._redis.close()
            self._redis = None
        if self.server is not None:
            self.server.stop()
            self.server = None

    def server_pid(self) -> int | None:
        """The private server's pid (None for an external server)."""
        if self.server is None or self._redis is None:
            return None
        info: dict[str, Any] = self._redis.info("server")
        return int(info["process_id"])

    def __enter__(self) -> EmbeddedBus:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


def peak_rss_bytes(pid: int | None = None) -> int:
    """Peak resident memory of a process (VmHWM on Linux; current RSS elsewhere)."""
    if pid is None:
        # ru_maxrss is in KiB on Linux.
        return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return int(psutil.Process(pid).memory_info().rss)
    except psutil.Error:
        return 0


@dataclass
class ReplayOptions:
    """What `replay()` runs."""

    video: Path
    camera_id: str = "cam0"
    hfov_deg: float = 90.0
    projection: Projection = "pinhole"
    fast: bool = False
    speed: float = 1.0
    """Not fast: pace the file at this many times its own speed."""
    method: HeadingMethod = "rotation"
    blob_dir: Path = Path("var/blobs")
    detections: Path | None = None
    """Accepted and validated; detections are used from a later issue on."""
    progress: bool = True
    drain_timeout_s: float = 120.0
    profile: bool = False
    """Run each thread under cProfile; the top functions land in `ReplayResult.profiles`."""


@dataclass
class ReplayResult:
    """What one replay did."""

    camera_id: str
    video: str
    method: str
    frames: int
    flow_frames: int
    poses: int
    clips: int
    keyframes: int
    media_s: float
    wall_s: float
    ingest_ended: str
    stopped: bool
    drained: bool
    final_yaw_deg: float | None
    peak_rss_bytes: int
    redis_peak_rss_bytes: int
    redis_program: str = ""
    """The private server's program name (redis-server or valkey-server); empty for an external one."""
    heading: list[tuple[float, float]] = field(default_factory=list, repr=False)
    """(t, yaw_deg) per tracked flow frame, in stream (= time) order."""
    frame_indices: list[int] = field(default_factory=list, repr=False)
    motion: list[MotionSummary] = field(default_factory=list, repr=False)
    dead_letters: int = 0
    cpu_s: dict[str, float] = field(default_factory=dict)
    """CPU seconds by part: ingest thread, flow-tracker thread, redis-server (private only), process."""
    profiles: dict[str, str] = field(default_factory=dict, repr=False)
    memory: Any = None
    """What the memory pass did (`spotter.recall.RecallResult`), when one ran (live or after)."""

    @property
    def fps(self) -> float:
        """Source frames per wall second, end to end (ingest + flow tracking)."""
        return self.frames / self.wall_s if self.wall_s > 0 else 0.0

    @property
    def x_realtime(self) -> float:
        return self.media_s / self.wall_s if self.wall_s > 0 else 0.0

    @property
    def total_peak_rss_bytes(self) -> int:
        return self.peak_rss_bytes + self.redis_peak_rss_bytes


class _Collector:
    """Receives the flow tracker's committed poses and summaries (worker thread)."""

    def __init__(self) -> None:
        self.heading: list[tuple[float, float]] = []
        self.track = HeadingTrack()
        """The same samples for a live memory pass (safe to read while the tracker appends)."""
        self.frame_indices: list[int] = []
        self.motion: list[MotionSummary] = []

    def __call__(self, _camera: str, poses: list[Pose], summaries: list[MotionSummary]) -> None:
        self.heading.extend((p.t, p.yaw_deg) for p in poses)
        self.track.extend((p.t, p.yaw_deg) for p in poses)
        self.frame_indices.extend(p.frame_index for p in poses)
        self.motion.extend(summaries)


def replay(
    bus: EmbeddedBus,
    options: ReplayOptions,
    *,
    stop: threading.Event | None = None,
    ingest_settings: IngestSettings | None = None,
    flow_settings: FlowTrackerSettings | None = None,
    live: LivePass | None = None,
) -> ReplayResult:
    """Replay `options.video` through ingest and the flow tracker in this process; returns the result.

    `live(redis, heading, ingest_done, flow_done, stop)` runs in a third thread while they do
    (`spotter.recall.LiveMemory.run`: memory and decisions clip by clip as ingest closes them);
    its return value lands on `result.memory`, after the tracker drained and it finished.

    Raises ConfigError for bad options (or a camera another tracker owns) and
    SourceError for a video that cannot be opened; a video that breaks part-way
    ends the replay normally with `ingest_ended == "error"` (what was decoded
    up to there is tracked).
    """
    camera_id = validate_camera_id(options.camera_id)
    if not options.video.is_file():
        raise ConfigError(f"video not found: {options.video}")
    if options.detections is not None and not options.detections.is_file():
        raise ConfigError(f"detections file not found: {options.detections}")
    stop = stop if stop is not None else threading.Event()
    redis = bus.redis
    isettings = ingest_settings or embedded_ingest_settings(options)
    fsettings = flow_settings or FlowTrackerSettings(method=options.method, block_ms=50)

    pipeline = IngestPipeline(redis, LocalBlobStore(isettings.blob_dir), isettings)
    camera = Camera(camera_id=camera_id, source=str(options.video), hfov_deg=options.hfov_deg,
                    projection=options.projection)  # fmt: skip
    source = FileSource(options.video, name=camera_id, decode_threads=isettings.decode_threads)
    source.open()  # early, clear error for an unreadable file; gives the frame count for the bar
    total: int | None = source.frame_count or None
    if total is not None and 0 < isettings.flow_fps < source.fps:
        total = math.ceil(total * isettings.flow_fps / source.fps)  # the bar counts tracked flow frames

    collector = _Collector()
    worker = FlowTrackerWorker(
        redis, fsettings, f"embedded-{os.getpid()}", cameras=[camera_id], on_commit=collector
    )
    redis_pid = bus.server_pid()
    if not worker.acquire(camera_id):  # own the camera before the first frame: no discovery delay
        source.close()
        raise ConfigError(
            f"camera {camera_id!r} is being tracked by another flow-tracker replica on this Redis "
            "(its lease is held): stop it or replay under another --camera"
        )
    try:
        pipeline.register_camera(camera)
    except BaseException:
        worker.release_all()
        source.close()
        raise

    flow_stop = threading.Event()
    flow_error: list[BaseException] = []
    cpu: dict[str, float] = {}
    profiles: dict[str, str] = {}

    def run_flow() -> None:
        try:
            _measured(
                "flow_tracker", lambda: worker.run(flow_stop), cpu, profiles if options.profile else None
            )
        except BaseException as exc:  # surfaced in the caller's thread
            flow_error.append(exc)
            log.exception("flow tracker failed")

    ingest_stats: list[IngestStats] = []
    ingest_error: list[BaseException] = []

    def run_ingest() -> None:
        try:
            _measured(
                "ingest",
                lambda: ingest_stats.append(pipeline.run_source(camera, source, stop)),
                cpu,
                profiles if options.profile else None,
            )
        except BaseException as exc:
            ingest_error.append(exc)
            log.exception("ingest failed")

    ingest_done = threading.Event()
    flow_done = threading.Event()
    live_out: list[Any] = []
    live_error: list[BaseException] = []

    def run_live() -> None:
        assert live is not None
        try:
            live_out.append(live(redis, collector.track, ingest_done, flow_done, stop))
        except BaseException as exc:
            live_error.append(exc)
            log.exception("live memory pass failed")

    flow_thread = threading.Thread(target=run_flow, name="flow-tracker", daemon=True)
    ingest_thread = threading.Thread(target=run_ingest, name="ingest", daemon=True)
    live_thread = threading.Thread(target=run_live, name="memory", daemon=True) if live is not None else None
    bar = _progress_bar(options, total)
    wall0 = time.perf_counter()
    cpu0 = time.process_time()
    redis_cpu0 = _cpu(redis_pid)
    redis_rss = 0
    # The two pipeline threads (and FFmpeg's) already fill the cores; OpenCV's own pool on
    # top only adds fork-join overhead to each small call (~10% more CPU per frame, bench.replay).
    cv_threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    # The decoder and OpenCV release the GIL for their C work and take it back after; with the
    # default 5 ms switch interval each take-back can wait out the other thread's Python time
    # slice (the convoy effect: PyAV decoding next to a busy Python thread ran 2-7x slower).
    switch_interval = sys.getswitchinterval()
    sys.setswitchinterval(EMBEDDED_SWITCH_INTERVAL_S)
    flow_thread.start()
    ingest_thread.start()
    if live_thread is not None:
        live_thread.start()
    try:
        while ingest_thread.is_alive():
            ingest_thread.join(0.25)
            redis_rss = max(redis_rss, _rss(redis_pid))
            _update_bar(bar, worker, camera_id, collector)
        ingest_done.set()
        drained = _drain(worker, redis, camera_id, options.drain_timeout_s, flow_thread, bar, collector)
    finally:
        ingest_done.set()
        flow_done.set()  # drained, or as drained as it will get: the live pass takes what was tracked
        flow_stop.set()
        flow_thread.join(timeout=30)
        if live_thread is not None:
            while live_thread.is_alive():
                live_thread.join(0.25)
                redis_rss = max(redis_rss, _rss(redis_pid))
        cv2.setNumThreads(cv_threads)
        sys.setswitchinterval(switch_interval)
        if bar is not None:
            _update_bar(bar, worker, camera_id, collector)
            bar.close()
    wall_s = time.perf_counter() - wall0
    cpu["process"] = time.process_time() - cpu0
    if redis_pid is not None:
        cpu["redis_server"] = _cpu(redis_pid) - redis_cpu0
    if ingest_error:
        raise ingest_error[0]
    if flow_error:
        raise flow_error[0]
    if live_error:
        raise live_error[0]
    stats = ingest_stats[0]
    if redis_pid is not None:
        redis_rss = max(redis_rss, peak_rss_bytes(redis_pid))
    return ReplayResult(
        camera_id=camera_id,
        video=str(options.video),
        method=fsettings.method,
        frames=stats.frames,
        flow_frames=stats.flow_frames,
        poses=len(collector.heading),
        clips=stats.clips,
        keyframes=stats.keyframes,
        media_s=stats.t_media + (1.0 / source.fps if source.fps > 0 and stats.frames else 0.0),
        wall_s=wall_s,
        ingest_ended=stats.ended,
        stopped=stop.is_set(),
        drained=drained,
        final_yaw_deg=collector.heading[-1][1] if collector.heading else None,
        peak_rss_bytes=peak_rss_bytes(),
        redis_peak_rss_bytes=redis_rss,
        redis_program=bus.server.program_name if bus.server is not None else "",
        heading=collector.heading,
        frame_indices=collector.frame_indices,
        motion=collector.motion,
        dead_letters=worker.stats.dead_letters,
        cpu_s=cpu,
        profiles=profiles,
        memory=live_out[0] if live_out else None,
    )


def _measured(
    name: str, fn: Callable[[], object], cpu: dict[str, float], profiles: dict[str, str] | None
) -> None:
    """Run `fn` in this thread, recording its CPU time (and a cProfile summary when asked)."""
    t0 = time.thread_time()
    try:
        if profiles is None:
            fn()
            return
        import cProfile
        import io
        import pstats

        prof = cProfile.Profile()
        try:
            prof.runcall(fn)
        finally:
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(25)
            profiles[name] = out.getvalue()
    finally:
        cpu[name] = time.thread_time() - t0


def _cpu(pid: int | None) -> float:
    if pid is None:
        return 0.0
    try:
        t = psutil.Process(pid).cpu_times()
        return float(t.user + t.system)
    except psutil.Error:
        return 0.0


def embedded_ingest_settings(options: ReplayOptions) -> IngestSettings:
    """Ingest settings from the environment, with the embedded defaults and the replay's options."""
    base = IngestSettings()
    defaults = {**EMBEDDED_INGEST_DEFAULTS, "flow_width": flow_width_for(options.method)}
    update: dict[str, object] = {k: v for k, v in defaults.items() if k not in base.model_fields_set}
    update.update(
        blob_dir=options.blob_dir,
        realtime_files=not options.fast,
        realtime_speed=options.speed,
        camera_id=validate_camera_id(options.camera_id),
        hfov_deg=options.hfov_deg,
        projection=options.projection,
    )
    return IngestSettings.model_validate({**base.model_dump(), **update})


def _rss(pid: int | None) -> int:
    if pid is None:
        return 0
    try:
        return int(psutil.Process(pid).memory_info().rss)
    except psutil.Error:
        return 0


def _drain(
    worker: FlowTrackerWorker,
    redis: Redis,
    camera_id: str,
    timeout_s: float,
    flow_thread: threading.Thread,
    bar: Any,
    collector: _Collector,
) -> bool:
    """Wait until the flow tracker committed the last message on the camera's frames stream."""
    last: Any = redis.xrevrange(streams.frames_stream(camera_id), count=1)
    if not last:
        return True
    target = stream_id_key(last[0][0].decode())
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and flow_thread.is_alive():
        done = worker.committed_id(camera_id)
        if done is not None and stream_id_key(done) >= target:
            return True
        time.sleep(0.02)
        _update_bar(bar, worker, camera_id, collector)
    log.warning("flow tracker did not drain camera %s within %.0f s", camera_id, timeout_s)
    return False


def _progress_bar(options: ReplayOptions, total: int | None) -> Any:
    if not options.progress:
        return None
    from tqdm import tqdm

    return tqdm(
        total=total, unit="frame", desc=f"{options.camera_id} {'fast' if options.fast else 'live pace'}",
        dynamic_ncols=True, mininterval=0.5, disable=None,
    )  # fmt: skip


def _update_bar(bar: Any, worker: FlowTrackerWorker, camera_id: str, collector: _Collector) -> None:
    if bar is None:
        return
    n = worker.stats.by_camera.get(camera_id, 0)
    if n > bar.n:
        bar.update(n - bar.n)
    track = worker.track(camera_id)
    if track is not None and track.last_t is not None:
        bar.set_postfix_str(f"t={track.last_t:7.1f}s heading={track.yaw_deg:8.1f} deg", refresh=False)


__all__ = [
    "EMBEDDED_INGEST_DEFAULTS",
    "EmbeddedBus",
    "embedded_ingest_settings",
    "flow_width_for",
    "ReplayOptions",
    "ReplayResult",
    "peak_rss_bytes",
    "replay",
]
