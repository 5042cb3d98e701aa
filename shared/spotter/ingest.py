"""Ingest: turn a camera's video into the bus's frames, keyframes and clips.

For each source frame, a pure `FrameScheduler` decides by media time whether
it is

* a flow frame (low-res grey, on `streams.frames_stream(camera)`, at
  `flow_fps`; 0 = every frame),
* a keyframe (JPEG in the blob store + `Keyframe` on `streams.KEYFRAMES`,
  one per `keyframe_interval_s` and always the first frame of a clip),
* the first frame of a new clip (clips are the windows
  [k * clip_seconds, (k + 1) * clip_seconds) of media time).

When a clip ends, a `ClipMark` goes in-band on the frames stream (so the flow
tracker sees it in order, after the clip's last frame) and then a `Clip` on
`streams.CLIPS`, after its keyframes. Clip ids are deterministic,
`{camera}-{session}-{clip_index:06d}`, with the session id of a file stable
for its content, so replaying a file yields the same ids (idempotent
downstream).

Clip status: a clip is `complete` when its frames cover its whole window; it
is `truncated` when the stream dropped inside it (a gap) or it is shorter
than its window because the source started, ended, failed or was stopped
inside it. So the last, partial clip of a file is `truncated`, matching the
`Clip.status` contract ("the source ended or dropped inside the clip"); a
file whose length is a multiple of `clip_seconds` ends with a complete clip.

Sessions and restarts: every published batch is written in one Redis
transaction with the camera's `IngestCheckpoint` (`streams.INGEST_TIMELINES`).
A restarted ingest (`plan_resume`) continues the camera's timeline: a file it
had not finished resumes at the next frame with the same clip ids (nothing
lost, nothing published twice, the heading continuous); a file read to its end
is not read again (a looping or restarted file camera never replays the same
times); a live camera continues its session, its media time moved on by the
wall time ingest was down (recorded as a `gap`), frame indices continuing; a
different file starts a new session after the old timeline's end. Media time
of a camera never runs backwards.

Source problems never raise out of `run_source`: they become `StreamEvent`s
(`source_error`, `gap`, `reconnected`, `source_end`). Redis errors do raise:
the service loop retries the camera.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import cv2
import numpy as np
from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict
from redis import Redis

from spotter import streams
from spotter.blobstore import BlobStore, keyframe_key
from spotter.bus import StreamPublisher
from spotter.errors import ConfigError, SourceError
from spotter.heading.track import gap_member
from spotter.messages import (
    Camera,
    Clip,
    ClipMark,
    FlowFrame,
    IngestCheckpoint,
    Keyframe,
    Message,
    OpenClip,
    Projection,
    StreamEvent,
    is_camera_id,
)
from spotter.video.frames import flow_size, studio_to_full, to_flow_grey
from spotter.video.sources import (
    GREY,
    Backoff,
    FileSource,
    FrameSource,
    Image,
    RtspSource,
    SourceFrame,
    SourceGap,
    SourceTrouble,
    redact_url,
)

log = logging.getLogger(__name__)

# Media-time comparisons tolerate float error from index / fps (e.g. 60 / 30).
_EPS = 1e-6
_FLOW_SLOT_LEAD = 0.4


class IngestSettings(BaseSettings):
    """How ingest cuts clips, picks keyframes and flow frames, and reaches its cameras."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_INGEST_", extra="forbid")

    clip_seconds: float = Field(
        default=10.0, gt=0.0, title="Clip length (s)", description="Media seconds per clip"
    )
    keyframe_interval_s: float = Field(
        default=1.0, gt=0.0, title="Keyframe interval (s)", description="Media seconds between keyframes"
    )
    jpeg_quality: int = Field(
        default=85, ge=1, le=100, title="JPEG quality", description="Keyframe JPEG quality"
    )
    flow_fps: float = Field(
        default=15.0,
        ge=0.0,
        title="Flow frame rate",
        description="Frames per media second sent to the flow tracker; 0 sends every frame",
    )
    flow_width: int = Field(
        default=320,
        ge=16,
        le=4096,
        title="Flow frame width",
        description="Width of the grey flow frames (height keeps the aspect); never upscaled",
    )
    blob_dir: Path = Field(
        default=Path("data/blobs"), title="Blob directory", description="Where LocalBlobStore keeps keyframes"
    )
    camera_id: str = Field(
        default="cam0", title="Camera id", description="Camera id for `source` (a single camera)"
    )
    source: str | None = Field(
        default=None,
        title="Source",
        description="One rtsp:// URL or video file path, ingested as `camera_id`",
    )
    sources: dict[str, str] = Field(
        default_factory=dict,
        title="Sources",
        description='More cameras as JSON {"camera_id": "rtsp://... or path"}',
    )
    hfov_deg: float = Field(
        default=90.0, gt=1.0, lt=179.0, title="Horizontal FOV (deg)", description="Camera field of view"
    )
    projection: Projection = Field(
        default="pinhole", title="Lens projection", description="pinhole, or fisheye (equidistant)"
    )
    site: str | None = Field(default=None, title="Site", description="Site the cameras belong to")
    watch_registry: bool = Field(
        default=True,
        title="Ingest registered cameras",
        description="Also ingest the cameras registered over REST (POST /v1/cameras), paused and deleted ones not",
    )
    registry_poll_s: float = Field(
        default=2.0, gt=0.0, le=60.0, title="Registry poll (s)",
        description="How often ingest looks for cameras registered, paused, resumed or deleted over REST",
    )
    rtsp_transport: str = Field(default="tcp", title="RTSP transport", description="tcp or udp")
    open_timeout_s: float = Field(
        default=10.0, gt=0.0, title="Open timeout (s)", description="RTSP connect timeout"
    )
    read_timeout_s: float = Field(
        default=5.0,
        gt=0.0,
        title="Read timeout (s)",
        description="A live stream silent this long has dropped",
    )
    backoff_initial_s: float = Field(
        default=0.5, gt=0.0, title="Backoff start (s)", description="First retry wait"
    )
    backoff_factor: float = Field(default=2.0, ge=1.0, title="Backoff factor", description="Growth per retry")
    backoff_max_s: float = Field(
        default=30.0, gt=0.0, title="Backoff cap (s)", description="Longest retry wait"
    )
    backoff_jitter: float = Field(
        default=0.2, ge=0.0, le=1.0, title="Backoff jitter", description="Random +- fraction of each wait"
    )
    decode_threads: int = Field(
        default=1,
        ge=0,
        title="Decode threads",
        description=(
            "FFmpeg decoder threads for files; 0 = one per core. One thread costs the least CPU per frame "
            "(~20% less than frame threading), which is what counts when flow tracking shares the cores"
        ),
    )
    batch_size: int = Field(
        default=32, ge=1, title="Batch size", description="Flow frames per pipelined XADD round trip"
    )
    batch_max_delay_s: float = Field(
        default=0.05,
        ge=0.0,
        title="Batch max delay (s)",
        description="A batch waits at most this long (wall clock) before it is sent; bounds live latency",
    )
    realtime_files: bool = Field(
        default=False,
        title="Pace files",
        description="Replay files at their own speed (as a live camera would) instead of as fast as possible",
    )
    realtime_speed: float = Field(
        default=1.0,
        gt=0.0,
        le=1000.0,
        title="Pace factor",
        description="With paced files: this many media seconds per wall second (1 = the file's own speed)",
    )

    @field_validator("camera_id")
    @classmethod
    def _camera_id_is_safe(cls, v: str) -> str:
        return validate_camera_id(v)

    def camera_sources(self) -> dict[str, str]:
        """camera_id -> source URI for every configured camera."""
        out = dict(self.sources)
        if self.source:
            out.setdefault(self.camera_id, self.source)
        for cam in out:
            validate_camera_id(cam)
        return out

    def backoff(self) -> Backoff:
        return Backoff(self.backoff_initial_s, self.backoff_factor, self.backoff_max_s, self.backoff_jitter)

    def make_source(self, uri: str, name: str | None = None) -> FrameSource:
        """A FileSource or RtspSource for `uri`, configured from these settings."""
        if uri.startswith(("rtsp://", "rtsps://")):
            return RtspSource(
                uri,
                name=name or "",
                transport=self.rtsp_transport,
                open_timeout_s=self.open_timeout_s,
                read_timeout_s=self.read_timeout_s,
                backoff=self.backoff(),
            )
        return FileSource(uri, name=name, decode_threads=self.decode_threads)


def validate_camera_id(camera_id: str) -> str:
    """Camera ids appear in stream names, clip ids and blob keys: letters, digits, `_.-` only."""
    if not is_camera_id(camera_id):
        raise ConfigError(f"camera id must be 1-128 of [A-Za-z0-9_.-]: {camera_id!r}")
    return camera_id


# --- scheduling (pure) ------------------------------------------------------------------


def clip_index_at(t: float, clip_seconds: float) -> int:
    """Index of the clip window holding media time `t`."""
    return int(math.floor(t / clip_seconds + _EPS))


def make_clip_id(camera_id: str, session_id: str, clip_index: int) -> str:
    return f"{camera_id}-{session_id}-{clip_index:06d}"


@dataclass(frozen=True, slots=True)
class FrameDecision:
    flow: bool
    keyframe: bool
    clip_index: int
    new_clip: bool


FRAMES_BACKLOG = streams.FRAMES_MAXLEN // 2
"""Frames a file replay lets the flow tracker fall behind by (half the stream's cap)."""


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


@dataclass
class FrameScheduler:
    """Decides per frame, by media time only, what ingest does with it. No I/O.

    Flow frames: the first frame of each 1/flow_fps slot of media time (every
    frame when flow_fps is 0). Keyframes: the first frame of each
    keyframe_interval_s slot, and the first frame of every clip. `peek` says
    whether a frame will need pixels without changing state (the decoder
    skips the colour conversion otherwise); `decide` commits. `restart()`
    after a reconnect makes the next frame a flow frame and a keyframe.
    """

    clip_seconds: float
    keyframe_interval_s: float
    flow_fps: float
    _flow_slot: int | None = field(default=None, init=False)
    _key_slot: int | None = field(default=None, init=False)
    _clip: int | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        if self.clip_seconds <= 0 or self.keyframe_interval_s <= 0 or self.flow_fps < 0:
            raise ConfigError("clip_seconds and keyframe_interval_s must be > 0, flow_fps >= 0")

    def _flow_slot_at(self, t: float) -> int | None:
        # Slots start 0.4 of a slot early: a camera at the flow rate whose timestamps jitter (by up to 0.4 of a
        # frame early, 0.6 late) still sends every frame; on slot boundaries two frames shared a slot and one
        # was dropped (5 % of a 15 fps camera's frames under load). Sources twice the rate keep every other frame.
        return None if self.flow_fps <= 0 else int(math.floor(t * self.flow_fps + _FLOW_SLOT_LEAD))

    def _key_slot_at(self, t: float) -> int:
        return int(math.floor(t / self.keyframe_interval_s + _EPS))

    def peek(self, t: float) -> FrameDecision:
        clip = clip_index_at(t, self.clip_seconds)
        new_clip = clip != self._clip
        flow_slot = self._flow_slot_at(t)
        flow = flow_slot is None or self._flow_slot is None or flow_slot > self._flow_slot
        keyframe = new_clip or self._key_slot is None or self._key_slot_at(t) > self._key_slot
        return FrameDecision(flow, keyframe, clip, new_clip)

    def wants_pixels(self, t: float) -> bool:
        d = self.peek(t)
        return d.flow or d.keyframe

    def decide(self, t: float, have_pixels: bool = True) -> FrameDecision:
        """What to do with the frame at `t`; without pixels only the clip bookkeeping moves."""
        d = self.peek(t)
        self._clip = d.clip_index
        if not have_pixels:
            return FrameDecision(False, False, d.clip_index, d.new_clip)
        if d.flow:
            self._flow_slot = self._flow_slot_at(t)
        if d.keyframe:
            self._key_slot = self._key_slot_at(t)
        return d

    def restart(self) -> None:
        """After a reconnect: the next frame is a flow frame and a keyframe (clip bookkeeping stays)."""
        self._flow_slot = None
        self._key_slot = None

    def state(self) -> tuple[int | None, int | None, int | None]:
        """(flow slot, keyframe slot, clip index) of the last decided frame, for a checkpoint."""
        return self._flow_slot, self._key_slot, self._clip

    def restore(self, flow_slot: int | None, key_slot: int | None, clip: int | None) -> None:
        """Continue as if the frames up to a checkpoint had just been decided."""
        self._flow_slot, self._key_slot, self._clip = flow_slot, key_slot, clip


@dataclass
class ClipState:
    """The clip being filled."""

    clip_id: str
    clip_index: int
    t_start: float
    t_last: float
    n_frames: int = 0
    keyframes: list[str] = field(default_factory=list)
    interrupted: bool = False

    def saved(self) -> OpenClip:
        return OpenClip(
            clip_id=self.clip_id,
            clip_index=self.clip_index,
            t_start=self.t_start,
            t_last=self.t_last,
            n_frames=self.n_frames,
            keyframes=list(self.keyframes),
            interrupted=self.interrupted,
        )

    @classmethod
    def restored(cls, c: OpenClip, *, interrupted: bool) -> ClipState:
        return cls(
            c.clip_id, c.clip_index, c.t_start, c.t_last, c.n_frames, list(c.keyframes), c.interrupted or interrupted
        )


@dataclass(frozen=True, slots=True)
class ResumePlan:
    """How a run continues the camera's timeline from its checkpoint (`plan_resume`)."""

    session_id: str | None = None
    """Clip ids' session: the checkpoint's when continuing it; None = the source's own."""
    t_offset: float = 0.0
    """Added to the source's media time (its clock starts at 0 every run)."""
    index_offset: int = 0
    """Added to the source's frame index, so the camera's frame indices keep growing."""
    skip_until: float | None = None
    """Frames at or before this (shifted) media time were published by the previous run."""
    clip: OpenClip | None = None
    """The clip the previous run left open: continued (same session) or closed first."""
    continue_clip: bool = False
    scheduler: tuple[int | None, int | None, int | None] | None = None
    """Scheduler state to restore (a file resumed mid-way); None = start afresh."""
    session_start: bool = True
    """False only when a file resumes exactly at its next frame (the heading goes on unbroken)."""
    gap_from: float | None = None
    """Media time the previous run ended at, when this run starts later (a `gap` record)."""
    refuse: str | None = None
    """Why this run must not read the source at all (a file already read to its end)."""
    frame_period: float | None = None
    """The previous run's frame period (to close its clip)."""


def plan_resume(
    ckpt: IngestCheckpoint | None, *, live: bool, source_session: str, now: float
) -> ResumePlan:
    """What a new run of a camera does given where the last one stopped (pure; see the module doc)."""
    if ckpt is None:
        return ResumePlan()
    same_file = not live and not ckpt.live and ckpt.source_session == source_session
    if same_file and ckpt.ended:
        return ResumePlan(
            refuse=(
                f"file already ingested to its end (session {ckpt.session_id}, {ckpt.t_last:.1f} s); "
                "not read again, so nothing is duplicated"
            )
        )
    if same_file:
        return ResumePlan(
            session_id=ckpt.session_id,
            t_offset=ckpt.t_offset,
            skip_until=ckpt.t_last,
            clip=ckpt.open_clip,
            continue_clip=True,
            scheduler=(ckpt.flow_slot, ckpt.key_slot, ckpt.clip_slot),
            session_start=False,
            frame_period=ckpt.frame_period,
        )
    # A live camera (or another file) continues after the timeline's end: the wall time ingest
    # was down passed on the camera too (a file has no such clock: it starts one frame later).
    down = max(now - ckpt.wall_last, ckpt.frame_period) if live else ckpt.frame_period
    same_session = live and ckpt.live
    return ResumePlan(
        session_id=ckpt.session_id if same_session else None,
        t_offset=ckpt.t_last + down,
        index_offset=ckpt.next_frame_index,
        clip=ckpt.open_clip,
        continue_clip=same_session,
        gap_from=ckpt.t_last,
        frame_period=ckpt.frame_period,
    )


def clip_status(state: ClipState, clip_seconds: float, frame_period: float) -> tuple[float, float, str]:
    """(t_start, t_end, status) of a finished clip; see the module docstring for the rule."""
    window_start = state.clip_index * clip_seconds
    window_end = window_start + clip_seconds
    t_end = min(window_end, state.t_last + frame_period)
    tol = frame_period / 2 + _EPS
    full = state.t_start <= window_start + tol and t_end >= window_end - tol
    status = "complete" if full and not state.interrupted else "truncated"
    return state.t_start, max(t_end, state.t_start), status


# --- the pipeline -----------------------------------------------------------------------


@dataclass
class IngestStats:
    """What one `run_source` did; also handed to the progress callback."""

    camera_id: str
    frames: int = 0
    flow_frames: int = 0
    keyframes: int = 0
    clips: int = 0
    gaps: int = 0
    errors: int = 0
    skipped: int = 0  # frames a resumed run passed over (published before the restart)
    keyframes_unstored: int = 0  # keyframes whose image could not be written (a full disk): not published
    t_media: float = 0.0
    wall_s: float = 0.0
    ended: str = ""  # "end" | "stopped" | "error" | "already" (a file read to its end before)

    @property
    def fps(self) -> float:
        return self.frames / self.wall_s if self.wall_s > 0 else 0.0


ProgressCallback = Callable[[IngestStats], None]


_REREGISTER = """
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 0 then return redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) end
return 0
"""


class IngestPipeline:
    """Publishes one or more cameras' frames, keyframes and clips. Thread-safe across cameras.

    The constructor does no I/O. Call `run_source` once per camera, each in
    its own thread; they share the Redis client (thread-safe pool) and the
    blob store.
    """

    def __init__(self, redis: Redis, blob_store: BlobStore, settings: IngestSettings) -> None:
        self.redis = redis
        self.blobs = blob_store
        self.settings = settings
        self._keyframes: StreamPublisher[Keyframe] = StreamPublisher(redis, streams.KEYFRAMES)
        self._clips: StreamPublisher[Clip] = StreamPublisher(redis, streams.CLIPS)
        self._events: StreamPublisher[StreamEvent] = StreamPublisher(redis, streams.EVENTS)

    def register_camera(self, camera: Camera) -> None:
        """Store the camera in the cameras hash and announce it on the events stream."""
        validate_camera_id(camera.camera_id)
        self.redis.hset(streams.CAMERAS, camera.camera_id, camera.model_dump_json())
        self._event(camera.camera_id, "camera_registered", 0.0, detail=redact_url(camera.source))

    def _event(self, camera_id: str, kind: str, t: float, **fields: object) -> None:
        self._events.publish(StreamEvent(camera_id=camera_id, kind=kind, t=max(0.0, t), **fields))  # type: ignore[arg-type]

    def checkpoint(self, camera_id: str) -> IngestCheckpoint | None:
        """Where the camera's ingest last stopped, or None for a camera never ingested."""
        raw = self.redis.hget(streams.INGEST_TIMELINES, camera_id)
        if raw is None:
            return None
        return IngestCheckpoint.model_validate_json(raw)

    def forget_timeline(self, camera_id: str) -> bool:
        """Drop the camera's checkpoint, so its next run starts a timeline at 0 (e.g. to re-read a file)."""
        return bool(self.redis.hdel(streams.INGEST_TIMELINES, camera_id))

    def run_source(
        self,
        camera: Camera,
        source: FrameSource,
        stop_event: threading.Event | None = None,
        progress_callback: ProgressCallback | None = None,
        *,
        session_id: str | None = None,
    ) -> IngestStats:
        """Ingest `source` as `camera` until it ends, fails for good, or `stop_event` is set.

        Never raises for source problems (they become StreamEvents and the
        returned stats say how it ended); raises redis errors.
        """
        run = _CameraRun(self, camera, source, stop_event or threading.Event(), progress_callback, session_id)
        return run.run()


class _CameraRun:
    """The state of one camera's ingest; lives for one `run_source` call."""

    def __init__(
        self,
        pipeline: IngestPipeline,
        camera: Camera,
        source: FrameSource,
        stop: threading.Event,
        progress: ProgressCallback | None,
        session_id: str | None,
    ) -> None:
        s = pipeline.settings
        self.p = pipeline
        self.s = s
        self.camera = camera
        self.cam = validate_camera_id(camera.camera_id)
        self.source = source
        self.stop = stop
        self.progress = progress
        self.session_id = session_id
        self.sched = FrameScheduler(s.clip_seconds, s.keyframe_interval_s, s.flow_fps)
        self.frames_pub: StreamPublisher[Message] = StreamPublisher(
            pipeline.redis, streams.frames_stream(self.cam), maxlen=streams.FRAMES_MAXLEN
        )
        self.pending_frames: list[tuple[Message, bytes | None]] = []
        self.pending_keyframes: list[tuple[Keyframe, bytes | None]] = []
        self.batch_started = 0.0
        self.clip: ClipState | None = None
        self.session_start = True
        self.frame_period = 1 / 30
        self.flow_wh: tuple[int, int] | None = None
        self.stats = IngestStats(camera_id=self.cam)
        self.last_t = 0.0
        self.last_index = -1
        self.wall0 = time.perf_counter()
        self.frame_errors = 0
        self.pending_clips: list[tuple[Clip, bytes | None]] = []
        self.plan = ResumePlan()
        self.ended = False
        self.pace_from: tuple[float, float] | None = None  # (media, wall) time pacing counts from

    # --- main loop ----------------------------------------------------------------------

    def _resume(self) -> bool:
        """Apply the camera's checkpoint (see `plan_resume`); False when the source must not be read."""
        live = self.source.live
        plan = plan_resume(
            self.p.checkpoint(self.cam),
            live=live,
            source_session="" if live else self.source.session_id,
            now=time.time(),
        )
        self.plan = plan
        if plan.refuse:
            log.info("camera %s: %s", self.cam, plan.refuse)
            self.stats.ended = "already"
            return False
        if plan.session_id:
            self.session_id = plan.session_id
        self.session_start = plan.session_start
        self.last_t = plan.skip_until if plan.skip_until is not None else max(0.0, (plan.gap_from or 0.0))
        self.last_index = plan.index_offset - 1
        if plan.frame_period:
            self.frame_period = plan.frame_period
        if plan.scheduler is not None:
            self.sched.restore(*plan.scheduler)
        if plan.clip is not None:
            self.clip = ClipState.restored(plan.clip, interrupted=plan.skip_until is None)
            if plan.continue_clip:
                flow_slot, key_slot, _ = self.sched.state()
                self.sched.restore(flow_slot, key_slot, self.clip.clip_index)
            else:
                self._close_clip()  # the old session's last clip, cut short by the restart
        if plan.skip_until is not None:
            log.info("camera %s: resuming session %s after %.2f s", self.cam, plan.session_id, plan.skip_until)
        elif plan.gap_from is not None:
            log.info(
                "camera %s: continuing the timeline at %.2f s (it ended at %.2f s)",
                self.cam, plan.t_offset, plan.gap_from,
            )  # fmt: skip
        return True

    def _shifted(self, items: Any) -> Any:
        """The source's items on the camera's timeline (its clock restarts at 0 every run)."""
        dt, di = self.plan.t_offset, self.plan.index_offset
        gap_from = self.plan.gap_from
        for item in items:
            if isinstance(item, SourceFrame):
                if dt or di:
                    item = SourceFrame(item.index + di, item.t_media + dt, item.image, item.grey, item.grey_full_range)
                if gap_from is not None:
                    yield SourceGap(start_t=gap_from, end_t=item.t_media, reason="ingest restarted")
                    gap_from = None
            elif isinstance(item, SourceGap) and dt:
                item = SourceGap(item.start_t + dt, item.end_t + dt, item.reason)
            yield item

    def run(self) -> IngestStats:
        log.info("ingest %s from %s", self.cam, self.source.name)
        try:
            if not self._resume():
                self.source.close()
                return self.stats
            for item in self._shifted(self.source.frames(want=self._want, stop=self.stop)):
                if isinstance(item, SourceFrame):
                    self._on_frame(item)
                elif isinstance(item, SourceGap):
                    self._on_gap(item)
                elif isinstance(item, SourceTrouble):
                    self.stats.errors += 1
                    self._flush()
                    self.p._event(self.cam, "source_error", self.last_t, detail=item.detail[:500])
                self._maybe_flush()
        except SourceError as exc:
            log.warning("camera %s: %s", self.cam, exc)
            self.stats.errors += 1
            self.stats.ended = "error"
            self._close_clip()
            self._flush()
            self.p._event(self.cam, "source_error", self.last_t, detail=str(exc)[:500])
        else:
            self._close_clip()
            self._flush()
            if self.stop.is_set():
                self.stats.ended = "stopped"
            else:
                self.stats.ended = "end"
                if not self.source.live:
                    self.ended = True
                    self._flush()  # the checkpoint says so: a file read to its end is not read again
                self.p._event(self.cam, "source_end", self.last_t, detail=f"{self.stats.frames} frames")
        finally:
            self.source.close()
            self.stats.wall_s = time.perf_counter() - self.wall0
        if self.progress is not None:
            self.progress(self.stats)
        log.info(
            "ingest %s %s: %d frames (%.0f/s), %d flow, %d keyframes, %d clips, %d gaps, %d errors",
            self.cam, self.stats.ended, self.stats.frames, self.stats.fps, self.stats.flow_frames,
            self.stats.keyframes, self.stats.clips, self.stats.gaps, self.stats.errors,
        )  # fmt: skip
        return self.stats

    def _want(self, _index: int, t: float) -> bool | Literal["grey"]:
        t += self.plan.t_offset
        if self.plan.skip_until is not None and t <= self.plan.skip_until + _EPS:
            return False
        d = self.sched.peek(t)
        # A flow frame alone needs only the brightness: a source that has it skips the colour conversion.
        return True if d.keyframe else GREY if d.flow else False

    def _on_frame(self, f: SourceFrame) -> None:
        if self.plan.skip_until is not None:
            if f.t_media <= self.plan.skip_until + _EPS:
                self.stats.skipped += 1
                return  # published by the run before the restart
            self.plan = dataclasses.replace(self.plan, skip_until=None)
        if f.t_media < self.last_t - _EPS:
            self._frame_error(f, f"frame at {f.t_media:.3f} s is before the camera's last time {self.last_t:.3f} s")
            return
        if self.clip is None and self.sched.state()[2] == clip_index_at(f.t_media, self.s.clip_seconds):
            # A resumed file whose last run was stopped inside this clip and published it cut short:
            # the rest of its window is not published under the same id again.
            self.stats.skipped += 1
            self.session_start = True
            self.sched.restart()
            return
        if self.stats.frames == 0:
            self._on_first_frame()
        if self.s.realtime_files and not self.source.live:
            if self.pace_from is None:  # a resumed file is paced from where it resumed
                self.pace_from = (f.t_media, time.perf_counter())
            ahead = (f.t_media - self.pace_from[0]) / self.s.realtime_speed - (time.perf_counter() - self.pace_from[1])
            if ahead > 0:
                self._flush()
                self.stop.wait(ahead)
        img, grey = f.image, f.grey
        if img is not None and (img.ndim != 3 or img.shape[2] != 3 or img.dtype != np.uint8):
            img = None
            self._frame_error(f, "frame has an unexpected shape or type")
        if grey is not None and (grey.ndim != 2 or grey.dtype != np.uint8):
            grey = None
            self._frame_error(f, "grey frame has an unexpected shape or type")
        # A keyframe needs colour: a frame with only its grey cannot be one (nor take its slot).
        have = img is not None or (grey is not None and not self.sched.peek(f.t_media).keyframe)
        d = self.sched.decide(f.t_media, have_pixels=have)
        if d.new_clip:
            self._close_clip()
            self.clip = ClipState(
                clip_id=make_clip_id(self.cam, self._session(), d.clip_index),
                clip_index=d.clip_index,
                t_start=f.t_media,
                t_last=f.t_media,
            )
        clip = self.clip
        assert clip is not None
        clip.n_frames += 1
        clip.t_last = f.t_media
        self.stats.frames += 1
        self.stats.t_media = self.last_t = f.t_media
        self.last_index = f.index
        if not have:
            return
        try:
            if d.flow:
                if grey is not None:
                    self._flow_frame(f, grey, clip, stretch=not f.grey_full_range)
                elif img is not None:
                    self._flow_frame(f, img, clip)
            if d.keyframe and img is not None:
                self._keyframe(f, img, clip)
        except cv2.error as exc:
            self._frame_error(f, f"cannot process frame: {exc}")

    def _on_first_frame(self) -> None:
        src = self.source
        if src.fps > 0:
            self.frame_period = 1.0 / src.fps
        cam = self.camera
        if cam.width is None or cam.fps is None:
            # Fill in what the source reports, so readers of the cameras hash see it.
            self.camera = cam.model_copy(update={"width": src.width, "height": src.height, "fps": src.fps})
            self.p.redis.hset(streams.CAMERAS, self.cam, self.camera.model_dump_json())

    def _session(self) -> str:
        if not self.session_id:
            self.session_id = self.source.session_id or time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        return self.session_id

    def _on_gap(self, gap: SourceGap) -> None:
        log.warning(
            "camera %s: back after a gap of %.1f s (t %.2f -> %.2f)",
            self.cam,
            gap.gap_s,
            gap.start_t,
            gap.end_t,
        )
        self.stats.gaps += 1
        if self.clip is not None:
            self.clip.interrupted = True
        self.sched.restart()
        self.session_start = True
        self._flush()
        self.p._event(
            self.cam,
            "gap",
            gap.end_t,
            detail=gap.reason[:500],
            gap_start_t=gap.start_t,
            gap_end_t=gap.end_t,
            gap_s=gap.gap_s,
        )
        self.p._event(self.cam, "reconnected", gap.end_t, detail=f"after {gap.gap_s:.1f} s")
        if gap.end_t > gap.start_t:  # the camera's timeline has a hole: answers about times in it say so
            key = streams.gaps_key(self.cam)
            pipe = self.p.redis.pipeline(transaction=True)
            pipe.zadd(key, {gap_member(gap.start_t, gap.end_t): gap.start_t})
            pipe.zremrangebyrank(key, 0, -streams.GAPS_KEPT - 1)
            pipe.execute()

    def _frame_error(self, f: SourceFrame, detail: str) -> None:
        self.stats.errors += 1
        self.frame_errors += 1
        # One event for the first bad frame and then one per hundred: a broken
        # stream must not flood the events stream.
        if self.frame_errors == 1 or self.frame_errors % 100 == 0:
            self.p._event(
                self.cam,
                "source_error",
                f.t_media,
                detail=f"frame {f.index}: {detail} ({self.frame_errors} so far)",
            )

    # --- products ------------------------------------------------------------------------

    def _flow_frame(self, f: SourceFrame, img: Image, clip: ClipState, *, stretch: bool = False) -> None:
        """Publish `img` (BGR, or luma (H, W); `stretch`: studio range) as a low-resolution grey flow frame."""
        h, w = img.shape[:2]
        if self.flow_wh is None:
            self.flow_wh = flow_size(w, h, self.s.flow_width)
        fw, fh = self.flow_wh
        grey = to_flow_grey(img, self.flow_wh)
        if stretch:
            grey = studio_to_full(grey)
        msg = FlowFrame(
            camera_id=self.cam,
            t=f.t_media,
            frame_index=f.index,
            clip_id=clip.clip_id,
            width=fw,
            height=fh,
            hfov_deg=self.camera.hfov_deg,
            projection=self.camera.projection,
            session_start=self.session_start,
        )
        self.session_start = False
        self._queue_frame(msg, grey.tobytes())
        self.stats.flow_frames += 1

    def _keyframe(self, f: SourceFrame, img: Image, clip: ClipState) -> None:
        ok, jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, self.s.jpeg_quality])
        if not ok:
            raise cv2.error("JPEG encoding failed")
        try:
            key = self.p.blobs.put(keyframe_key(self.cam, clip.clip_id, f.index), jpeg.tobytes(), "image/jpeg")
        except OSError as exc:
            # A full (or failing) disk: the heading, the clips and the frames go on; this keyframe is left out
            # (a clip may end with none: captions come from its detections, or say nothing was seen).
            self.stats.keyframes_unstored += 1
            if self.stats.keyframes_unstored == 1 or self.stats.keyframes_unstored % 100 == 0:
                log.error("camera %s: keyframe image not stored (%s); %d left out so far", self.cam, exc,
                          self.stats.keyframes_unstored, extra={"camera_id": self.cam, "clip_id": clip.clip_id})  # fmt: skip
            return
        h, w = img.shape[:2]
        msg = Keyframe(
            camera_id=self.cam,
            t=f.t_media,
            clip_id=clip.clip_id,
            frame_index=f.index,
            blob_key=key,
            width=w,
            height=h,
        )
        if not self.pending_keyframes and not self.pending_frames:
            self.batch_started = time.perf_counter()
        self.pending_keyframes.append((msg, None))
        clip.keyframes.append(key)
        self.stats.keyframes += 1

    def _close_clip(self) -> None:
        clip, self.clip = self.clip, None
        if clip is None:
            return
        t_start, t_end, status = clip_status(clip, self.s.clip_seconds, self.frame_period)
        self._queue_frame(ClipMark(camera_id=self.cam, t=t_end, clip_id=clip.clip_id, t_start=t_start), None)
        # The frames (with the mark) and the keyframes go first, in the same transaction:
        # whoever reads the Clip finds everything it names already published.
        self.pending_clips.append((
            Clip(
                camera_id=self.cam,
                t=t_end,
                clip_id=clip.clip_id,
                t_start=t_start,
                t_end=t_end,
                n_frames=clip.n_frames,
                keyframes=clip.keyframes,
                source=redact_url(self.camera.source),
                status=status,  # type: ignore[arg-type]
            ),
            None,
        ))
        self._flush()
        self.stats.clips += 1

    # --- batching ------------------------------------------------------------------------

    def _queue_frame(self, msg: Message, blob: bytes | None) -> None:
        if not self.pending_frames and not self.pending_keyframes:
            self.batch_started = time.perf_counter()
        self.pending_frames.append((msg, blob))

    def _wait_for_tracker(self) -> None:
        """A file is read as fast as it decodes, faster than the heading is tracked: wait while the flow
        tracker is FRAMES_BACKLOG frames behind, or the capped frames stream drops frames it never saw.
        (A live camera cannot wait: there the cap bounds memory.)"""
        stream = streams.frames_stream(self.cam)
        while not self.stop.is_set():
            try:
                groups = self.p.redis.xinfo_groups(stream)
            except Exception:  # noqa: BLE001 - no group yet (no tracker started): nothing to wait for
                return
            lags = [g.get("lag") for g in groups if _text(g.get("name")) == streams.GROUP_FLOW_TRACKER]
            if not lags or lags[0] is None or int(lags[0]) <= FRAMES_BACKLOG:
                return
            self.stop.wait(0.005)

    def _maybe_flush(self) -> None:
        n = len(self.pending_frames)
        if n >= self.s.batch_size or (
            (n or self.pending_keyframes)
            and time.perf_counter() - self.batch_started >= self.s.batch_max_delay_s
        ):
            self._flush()

    def _checkpoint(self) -> IngestCheckpoint:
        flow_slot, key_slot, clip_slot = self.sched.state()
        return IngestCheckpoint(
            camera_id=self.cam,
            session_id=self._session(),
            source_session="" if self.source.live else self.source.session_id,
            live=self.source.live,
            t_last=self.last_t,
            next_frame_index=self.last_index + 1,
            t_offset=self.plan.t_offset,
            wall_last=time.time(),
            frame_period=self.frame_period,
            ended=self.ended,
            flow_slot=flow_slot,
            key_slot=key_slot,
            clip_slot=clip_slot,
            open_clip=self.clip.saved() if self.clip is not None else None,
        )

    def _flush(self) -> None:
        """Publish what is queued and the checkpoint that says so, in one transaction."""
        frames, self.pending_frames = self.pending_frames, []
        kframes, self.pending_keyframes = self.pending_keyframes, []
        clips, self.pending_clips = self.pending_clips, []
        if frames or kframes or clips or self.ended:
            pipe = self.p.redis.pipeline(transaction=True)
            self.frames_pub.add_to(pipe, frames)
            self.p._keyframes.add_to(pipe, kframes)
            self.p._clips.add_to(pipe, clips)
            pipe.hset(streams.INGEST_TIMELINES, self.cam, self._checkpoint().model_dump_json())
            # The registration again if Redis lost it (restarted with no data): a flow tracker that starts
            # afterwards finds the camera; in the batch's transaction, a no-op otherwise, and never for a
            # camera deleted over REST a moment ago (ingest stops it within a registry poll).
            pipe.eval(_REREGISTER, 2, streams.CAMERAS, streams.DELETED_CAMERAS, self.cam, self.camera.model_dump_json())
            pipe.execute()
            if frames and not self.source.live:
                self._wait_for_tracker()
        if self.progress is not None:
            self.stats.wall_s = time.perf_counter() - self.wall0
            self.progress(self.stats)


__all__ = [
    "FrameDecision",
    "FrameScheduler",
    "IngestPipeline",
    "IngestSettings",
    "IngestStats",
    "ResumePlan",
    "clip_index_at",
    "clip_status",
    "flow_size",
    "make_clip_id",
    "plan_resume",
    "validate_camera_id",
]
