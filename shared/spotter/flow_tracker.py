"""Flow tracker: per-camera heading from the low-resolution grey frames ingest publishes.

Two layers:

* `CameraTrack` -- the pure per-camera state (no I/O): it feeds each
  `FlowFrame` to a heading estimator strictly in order and returns a `Pose`,
  and it turns a `ClipMark` into the clip's `MotionSummary`. It can be
  checkpointed to a small JSON state plus the last grey frame and restored.
* `FlowTrackerWorker` -- one replica of the service. It owns a camera only
  while it holds that camera's lease, so exactly one worker feeds a camera's
  estimator at a time, in stream order.

Ownership and exactly-once effects
----------------------------------
A worker takes a camera with `SET lease NX PX lease_ms`. Every read of the
camera's frames stream is *fenced*: one Lua script checks the lease, renews
it and only then runs XREADGROUP, so a worker that lost its lease (stalled,
partitioned) can never pull entries into its pending list after another
worker took over. Every batch commits in one MULTI/EXEC under WATCH of the
lease: the poses (XADD `streams.POSE`), the heading-track samples (ZADD
`streams.heading_track_key`), the motion summaries (XADD `streams.MOTION`),
dead letters, the per-camera checkpoint (HSET `streams.checkpoint_key`) and
the XACKs of the batch all land together or not at all. A worker killed
mid-batch therefore leaves its batch pending and the checkpoint at the
previous batch; the next owner claims the pending entries (XAUTOCLAIM with
min-idle 0: the lease guarantees the old owner is gone), processes them in id
order from the restored state, and also skips any id at or below the
checkpoint's last id. Nothing is lost and no pose is published twice.
A batch slower than the lease (a lens re-trace on a loaded machine) does not
lose the camera when nobody took it over meanwhile: every checkpoint records
its writer, and a lease that expired with the checkpoint still ours (or not
yet written) is simply taken again (`_RENEW`). Before, the camera was dropped
and restarted from its checkpoint, and a replay's heading, answers and alerts
depended on the machine's load.

A frame that kills its owner (a crash, not an exception: exceptions
dead-letter the frame at once) would kill every next owner too. So after a
takeover the claimed frames are re-read one per commit, which commits the
good ones and leaves a culprit alone at the head of the pending list; once
`max_owner_crashes` owners in a row died with it in flight, it goes to the
dead letters and the camera moves on.

Heading track
-------------
Each pose is also a member `"<t>:<yaw_deg>"` (t to 0.1 ms, yaw to 0.001 deg)
of the sorted set `streams.heading_track_key(camera)`, scored by media time,
so "heading at time t" is one ZREVRANGEBYSCORE (`heading_at`). It keeps the
newest `heading_track_max` samples.

Heading across gaps and takeovers
---------------------------------
A frame with `session_start=True` after earlier frames (ingest reconnected
after a gap) restarts the estimator *at the last heading*: no motion can be
measured across a gap, and keeping the heading (rather than restarting at 0)
keeps every earlier world-fixed bearing of this camera usable. Whatever the
wearer turned during the gap is then found again by the rotation method: it
keeps its anchor views through the gap and registers the first frames after it
against the anchors that look most like them (`resume_after_gap`), so the
heading comes back to the world frame as soon as the wearer faces a direction
seen before (on a synthetic walk with 27 and 40 degree turns inside 2-2.5 s
gaps: 0.3-0.4 degrees after them, against 28-69 when reset).
Pitch and roll restart at 0 (the estimator's reset takes a yaw only).

On a takeover the checkpoint holds the last grey frame, so the new owner
resets its estimator at the last yaw, feeds it that frame and then measures
the motion to the next frame as usual: the heading is continuous through a
takeover. Only the rotation method's anchor views (drift correction) are not
carried over; they are rebuilt as the wearer looks around.
"""

from __future__ import annotations

import json
import logging
import math
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, cast

import numpy as np
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict
from redis import Redis
from redis.exceptions import ResponseError, WatchError

from spotter import streams
from spotter.bus import (
    DLQ_CONSUMER,
    DLQ_DELIVERY_COUNT,
    DLQ_GROUP,
    DLQ_ID,
    DLQ_REASON,
    DLQ_STREAM,
    DLQ_TIME,
    MAX_REASON_CHARS,
    TRANSIENT_ERRORS,
)
from spotter.errors import MalformedMessage
from spotter.heading import HeadingEstimator, HeadingMethod, make_estimator
from spotter.heading.track import heading_member
from spotter.messages import ClipMark, FlowFrame, MotionSummary, Pose, decode, encode

log = logging.getLogger(__name__)

SERVICE = "flow-tracker"
CHECKPOINT_VERSION = 1

EstimatorFactory = Callable[[str, float, str], HeadingEstimator]
"""(method, hfov_deg, projection) -> estimator."""
CommitHook = Callable[[str, list[Pose], list[MotionSummary]], None]
"""Called after each committed batch with (camera_id, poses, motion summaries), in order."""


class FlowTrackerSettings(BaseSettings):
    """How the flow tracker estimates heading and shares cameras between replicas."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_FLOW_", extra="forbid")

    method: HeadingMethod = Field(
        default="rotation",
        title="Heading method",
        description="rotation (default: LK rotation tracking + re-registration), rotation-odometry, vista, vista-fov",
    )
    lease_ms: int = Field(
        default=10_000,
        ge=200,
        title="Camera lease (ms)",
        description="A camera whose owner stopped renewing for this long is taken over by another replica",
    )
    batch: int = Field(
        default=128, ge=1, le=10_000, title="Batch", description="Frames read and committed per round trip"
    )
    block_ms: int = Field(
        default=200,
        ge=1,
        title="Block (ms)",
        description="How long an idle worker waits for new frames before checking for cameras and stop",
    )
    discover_interval_s: float = Field(
        default=1.0,
        gt=0.0,
        title="Discovery interval (s)",
        description="How often a worker looks for cameras without an owner",
    )
    max_cameras: int = Field(
        default=64,
        ge=1,
        title="Max cameras",
        description="Most cameras one replica owns; below that, replicas share cameras evenly by heartbeat count",
    )
    max_owner_crashes: int = Field(
        default=3,
        ge=1,
        title="Max owner crashes",
        description=(
            "A frame that was in flight each time this many owners of its camera died in a row is "
            "dead-lettered, so a frame that crashes the tracker cannot stall its camera forever"
        ),
    )
    trim_frames: bool = Field(
        default=True,
        title="Trim tracked frames",
        description=(
            "Drop frames from a camera's frames stream once their poses are committed (the stream is the "
            "flow tracker's alone); otherwise they stay until ingest's MAXLEN pushes them out"
        ),
    )
    heading_track_max: int = Field(
        default=2_000_000,
        ge=1,
        title="Heading track length",
        description="Samples kept per camera in the heading track (15 fps: about 37 hours)",
    )


# --- pure per-camera state ------------------------------------------------------------------


@dataclass
class ClipMotion:
    """Running motion statistics of the clip being tracked."""

    clip_id: str
    t_first: float
    n_frames: int
    yaw_start: float
    yaw_end: float
    yaw_min: float
    yaw_max: float
    total_rotation: float = 0.0
    peak_speed: float = 0.0
    relocalizations: int = 0
    prev_t: float = 0.0

    @classmethod
    def start(cls, clip_id: str, t: float, yaw: float, relocalized: bool) -> ClipMotion:
        return cls(clip_id, t, 1, yaw, yaw, yaw, yaw, relocalizations=int(relocalized), prev_t=t)

    def add(self, t: float, yaw: float, relocalized: bool, continuous: bool) -> None:
        if continuous:
            step = abs(yaw - self.yaw_end)
            self.total_rotation += step
            dt = t - self.prev_t
            if dt > 0:
                self.peak_speed = max(self.peak_speed, step / dt)
        self.n_frames += 1
        self.yaw_end = yaw
        self.yaw_min = min(self.yaw_min, yaw)
        self.yaw_max = max(self.yaw_max, yaw)
        self.relocalizations += int(relocalized)
        self.prev_t = t


class CameraTrack:
    """One camera's heading state: frames in, poses and motion summaries out. No I/O.

    Frames must be given strictly in stream order. A frame that repeats an
    already-tracked `frame_index` of the same session (a re-published frame)
    is skipped (`on_frame` returns None). The estimator is built on the first
    frame, from the frame's field of view.
    """

    def __init__(
        self,
        camera_id: str,
        method: HeadingMethod = "rotation",
        *,
        estimator_factory: EstimatorFactory = make_estimator,
    ) -> None:
        self.camera_id = camera_id
        self.method: HeadingMethod = method
        self._factory = estimator_factory
        self._estimator: HeadingEstimator | None = None
        self._hfov: float | None = None  # as configured (the frames carry it)
        self._measured_hfov: float | None = None  # as measured from the video, carried across restarts
        self._projection: str = "pinhole"
        self.yaw_deg = 0.0
        self.pitch_deg = 0.0
        self.roll_deg = 0.0
        self.frames = 0
        self.relocalizations = 0
        self.last_frame_index: int | None = None
        self.last_t: float | None = None
        self.last_id: str | None = None
        """Stream id of the last message this track consumed (set by the worker)."""
        self._last_gray: bytes | None = None
        self._last_wh: tuple[int, int] | None = None
        self._resume = False
        self.clip: ClipMotion | None = None

    def __repr__(self) -> str:
        return f"CameraTrack({self.camera_id!r}, frames={self.frames}, yaw={self.yaw_deg:.1f})"

    # --- frames ---------------------------------------------------------------------------

    def on_frame(self, frame: FlowFrame, gray: bytes) -> Pose | None:
        """Consume one frame (its grey pixels, row-major uint8); returns its pose, or None for a duplicate.

        Raises MalformedMessage when the pixels do not match the frame's size.
        """
        w, h = frame.width, frame.height
        if len(gray) != w * h:
            raise MalformedMessage(f"flow frame {frame.frame_index}: {len(gray)} bytes of pixels for {w}x{h}")
        if (
            not frame.session_start
            and self.last_frame_index is not None
            and frame.frame_index <= self.last_frame_index
        ):
            log.debug("camera %s: frame %d already tracked; skipped", self.camera_id, frame.frame_index)
            return None
        image = np.frombuffer(gray, dtype=np.uint8).reshape(h, w)
        est = self._estimator
        continuous = True
        if est is None or self._hfov != frame.hfov_deg or self._projection != frame.projection:
            same_lens = self._hfov == frame.hfov_deg and self._projection == frame.projection
            start = self._measured_hfov if same_lens and self._measured_hfov else frame.hfov_deg
            est = self._estimator = self._factory(self.method, start, frame.projection)
            if start != frame.hfov_deg and hasattr(est, "configured_hfov_deg"):
                est.configured_hfov_deg = frame.hfov_deg
            if not same_lens:
                self._measured_hfov = None
            self._hfov = frame.hfov_deg
            self._projection = frame.projection
            if self.frames:
                est.reset(self.yaw_deg)
                if not frame.session_start:
                    continuous = self._seed_from_last_frame(est, (w, h))
        elif self.frames and (frame.session_start or (w, h) != self._last_wh):
            # A gap: keep the heading, start measuring motion afresh (see the module doc); an estimator
            # with anchor views keeps them and looks for the view among them (the wearer may have turned).
            resume = getattr(est, "resume_after_gap", None)
            if callable(resume) and (w, h) == self._last_wh:
                resume(self.yaw_deg)
            else:
                est.reset(self.yaw_deg)
            continuous = False
        elif self._resume:
            est.reset(self.yaw_deg)
            continuous = self._seed_from_last_frame(est, (w, h))
        self._resume = False
        if frame.session_start and self.frames:
            continuous = False

        pe = est.update(image)
        applied = getattr(est, "lens", None)
        if applied is not None:
            self._measured_hfov = applied.hfov_deg
        self.yaw_deg, self.pitch_deg, self.roll_deg = pe.yaw_deg, pe.pitch_deg, pe.roll_deg
        self.frames += 1
        self.relocalizations += int(pe.relocalized)
        self.last_frame_index = frame.frame_index
        self.last_t = frame.t
        self._last_gray, self._last_wh = gray, (w, h)

        clip = self.clip
        if clip is None or clip.clip_id != frame.clip_id:
            if clip is not None:
                # The clip's mark never came (ingest stopped inside it): it has no Clip
                # message either, so there is nothing to summarise it for.
                log.warning("camera %s: clip %s ended without a clip mark", self.camera_id, clip.clip_id)
            self.clip = ClipMotion.start(frame.clip_id, frame.t, pe.yaw_deg, pe.relocalized)
        else:
            clip.add(frame.t, pe.yaw_deg, pe.relocalized, continuous)

        return Pose(
            camera_id=self.camera_id,
            t=frame.t,
            frame_index=frame.frame_index,
            yaw_deg=pe.yaw_deg,
            pitch_deg=pe.pitch_deg,
            roll_deg=pe.roll_deg,
            method=self.method,
            inliers=pe.inliers,
            relocalized=pe.relocalized,
        )

    @property
    def lens(self) -> dict[str, Any] | None:
        """The lens as the heading uses it: the configured field of view, the one in use, and what the
        video says (pairs of views measured, the share that agree)."""
        if self._hfov is None:
            return None
        est = self._estimator
        measured = getattr(est, "lens_estimate", None)
        in_use = getattr(est, "hfov_deg", self._hfov)
        applied = getattr(est, "lens", None)
        return {
            "projection": self._projection, "configured_hfov_deg": self._hfov, "hfov_deg": in_use,
            "measured_hfov_deg": measured.hfov_deg if measured else None, "pairs": measured.pairs if measured else 0,
            "confidence": measured.confidence if measured else None, "corrected": in_use != self._hfov,
            "corrected_by": applied.method if applied is not None and in_use != self._hfov else None,
        }  # fmt: skip

    def _seed_from_last_frame(self, est: HeadingEstimator, wh: tuple[int, int]) -> bool:
        """After a restore: give the fresh estimator the last tracked frame so motion to the next is measured."""
        if self._last_gray is None or self._last_wh != wh:
            return False
        w, h = wh
        est.update(np.frombuffer(self._last_gray, dtype=np.uint8).reshape(h, w))
        return True

    # --- clips ----------------------------------------------------------------------------

    def on_clip_end(self, mark: ClipMark) -> MotionSummary:
        """Close the clip `mark` names and summarise the head motion during it.

        A clip without flow frames (or whose frames this track never saw)
        gets a summary with `n_frames=0` at the current heading.
        """
        clip = self.clip
        if clip is not None and clip.clip_id == mark.clip_id:
            self.clip = None
            return MotionSummary(
                camera_id=self.camera_id,
                t=mark.t,
                clip_id=mark.clip_id,
                t_start=mark.t_start,
                n_frames=clip.n_frames,
                yaw_start_deg=clip.yaw_start,
                yaw_end_deg=clip.yaw_end,
                yaw_min_deg=clip.yaw_min,
                yaw_max_deg=clip.yaw_max,
                total_rotation_deg=clip.total_rotation,
                peak_speed_dps=clip.peak_speed,
                relocalizations=clip.relocalizations,
                method=self.method,
            )
        y = self.yaw_deg
        return MotionSummary(
            camera_id=self.camera_id,
            t=mark.t,
            clip_id=mark.clip_id,
            t_start=mark.t_start,
            n_frames=0,
            yaw_start_deg=y,
            yaw_end_deg=y,
            yaw_min_deg=y,
            yaw_max_deg=y,
            total_rotation_deg=0.0,
            peak_speed_dps=0.0,
            method=self.method,
        )

    # --- checkpoints ----------------------------------------------------------------------

    def checkpoint(self) -> tuple[dict[str, Any], bytes | None]:
        """(JSON-able state, last grey frame) from which `restore` continues this track."""
        state: dict[str, Any] = {
            "v": CHECKPOINT_VERSION,
            "camera_id": self.camera_id,
            "method": self.method,
            "last_id": self.last_id,
            "frames": self.frames,
            "relocalizations": self.relocalizations,
            "yaw_deg": self.yaw_deg,
            "pitch_deg": self.pitch_deg,
            "roll_deg": self.roll_deg,
            "hfov_deg": self._hfov,
            "projection": self._projection,
            "measured_hfov_deg": self._measured_hfov,
            "last_frame_index": self.last_frame_index,
            "last_t": self.last_t,
            "last_wh": list(self._last_wh) if self._last_wh else None,
            "clip": asdict(self.clip) if self.clip is not None else None,
        }
        return state, self._last_gray

    @classmethod
    def restore(
        cls,
        state: dict[str, Any],
        gray: bytes | None,
        method: HeadingMethod = "rotation",
        *,
        estimator_factory: EstimatorFactory = make_estimator,
    ) -> CameraTrack:
        """A track that continues where `checkpoint()` left off (its heading, clip and position)."""
        if state.get("v") != CHECKPOINT_VERSION:
            raise MalformedMessage(f"unsupported flow-tracker checkpoint version {state.get('v')!r}")
        track = cls(str(state["camera_id"]), method, estimator_factory=estimator_factory)
        track.last_id = state.get("last_id")
        track.frames = int(state.get("frames", 0))
        track.relocalizations = int(state.get("relocalizations", 0))
        track.yaw_deg = float(state.get("yaw_deg", 0.0))
        track.pitch_deg = float(state.get("pitch_deg", 0.0))
        track.roll_deg = float(state.get("roll_deg", 0.0))
        track.last_frame_index = state.get("last_frame_index")
        track.last_t = state.get("last_t")
        if state.get("hfov_deg") is not None:  # the lens measured before the restart is the starting guess
            track._hfov = float(state["hfov_deg"])
            track._projection = str(state.get("projection") or "pinhole")
            track._measured_hfov = state.get("measured_hfov_deg")
        wh = state.get("last_wh")
        if gray is not None and wh and len(gray) == int(wh[0]) * int(wh[1]):
            track._last_gray, track._last_wh = gray, (int(wh[0]), int(wh[1]))
        clip = state.get("clip")
        track.clip = ClipMotion(**clip) if clip else None
        track._resume = track.frames > 0
        return track


# --- ids --------------------------------------------------------------------------------------


def stream_id_key(msg_id: str) -> tuple[int, int]:
    """A stream id as a sortable pair."""
    ms, _, seq = msg_id.partition("-")
    return int(ms), int(seq or 0)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _raw_bytes(value: Any) -> bytes:
    return value if isinstance(value, bytes) else str(value).encode()


# --- the worker ---------------------------------------------------------------------------------

# Check the lease, renew it, then read: a worker that lost its camera cannot pull its
# frames any more. Returns {owner?, last id in the stream, entries}; entries as XREADGROUP.
_FENCED_READ = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return {0, '', {}} end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local r = redis.call('XREADGROUP', 'GROUP', ARGV[3], ARGV[4], 'COUNT', ARGV[5], 'STREAMS', KEYS[2], ARGV[6])
local last = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
local last_id = ''
if #last > 0 then last_id = last[1][1] end
if not r then return {1, last_id, {}} end
return {1, last_id, r[1][2]}
"""

_RENEW = """
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if not holder and KEYS[2] then
  local owner = redis.call('HGET', KEYS[2], 'owner')
  if not owner or owner == ARGV[1] then
    redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
    return 1
  end
end
return 0
"""
"""Keep a camera's lease: extend it while it is ours; retake it when it expired and nobody took the camera over
since (the checkpoint was last written by us, or not at all): a batch slower than the lease (a lens re-trace on a
loaded machine) then goes on where it was instead of restarting the camera from its checkpoint."""

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


ACTIVE_FRAMES_MS = 60_000  # a camera whose newest frame is younger than this is sending


def _paused(raw: bytes | str) -> bool:
    try:
        return bool(json.loads(raw).get("paused", False))
    except (ValueError, AttributeError):
        return False


class LeaseLost(Exception):
    """This worker no longer owns the camera (another replica took it over)."""


@dataclass
class _Owned:
    camera_id: str
    stream: str
    lease: str
    checkpoint: str
    heading_key: str
    track: CameraTrack
    cursor: str = "0-0"
    """Own pending entries are re-read from here first; ">" once they are done."""
    seen_id: str = "0-0"
    """The stream's last id when last read: an idle wait blocks for anything newer."""
    renewed_at: float = 0.0
    """time.monotonic() of the last lease renewal."""
    careful: bool = False
    """The previous owner died holding frames: re-read them one per commit to isolate a culprit."""
    lens_sent: dict[str, Any] | None = None
    """The lens last written to Redis (it changes a few times a session, not per commit)."""


@dataclass
class WorkerStats:
    """Counters of one worker (read from other threads for progress displays)."""

    frames: int = 0
    poses: int = 0
    summaries: int = 0
    dead_letters: int = 0
    skipped: int = 0
    batches: int = 0
    takeovers: int = 0
    leases_lost: int = 0
    by_camera: dict[str, int] = field(default_factory=dict)


class FlowTrackerWorker:
    """One flow-tracker replica: owns cameras by lease and turns their frames into poses.

    The constructor does no I/O. `run(stop)` works until `stop` is set,
    finishes the batch in flight, then releases its leases so another replica
    can take over at once. `cameras` restricts the worker to those camera ids
    (default: every camera in `streams.CAMERAS`).
    """

    def __init__(
        self,
        redis: Redis,
        settings: FlowTrackerSettings,
        consumer_name: str,
        *,
        cameras: Sequence[str] | None = None,
        estimator_factory: EstimatorFactory = make_estimator,
        on_commit: CommitHook | None = None,
    ) -> None:
        self.redis = redis
        self.settings = settings
        self.on_commit = on_commit
        self.consumer_name = consumer_name
        self.only = set(cameras) if cameras is not None else None
        self.token = f"{consumer_name}:{uuid.uuid4().hex[:12]}"
        self._factory = estimator_factory
        self._owned: dict[str, _Owned] = {}
        self._next_discover = 0.0
        self._read = redis.register_script(_FENCED_READ)
        self._release = redis.register_script(_RELEASE)
        self._renew = redis.register_script(_RENEW)
        self.stats = WorkerStats()

    def __repr__(self) -> str:
        return f"FlowTrackerWorker({self.consumer_name!r}, cameras={sorted(self._owned)})"

    # --- public ---------------------------------------------------------------------------

    @property
    def cameras(self) -> list[str]:
        """Cameras this worker owns now."""
        return sorted(self._owned)

    def track(self, camera_id: str) -> CameraTrack | None:
        """The live state of an owned camera (for progress displays; read-only use)."""
        owned = self._owned.get(camera_id)
        return owned.track if owned is not None else None

    def run(self, stop: threading.Event) -> None:
        """Track cameras until `stop` is set; then finish the batch in flight and release the leases."""
        delay = 0.1
        try:
            while not stop.is_set():
                try:
                    self.step(stop)
                    delay = 0.1
                except TRANSIENT_ERRORS as exc:
                    log.warning("%r: redis unavailable (%s); retrying in %.1fs", self, exc, delay)
                    stop.wait(delay)
                    delay = min(5.0, delay * 2)
        finally:
            self.release_all()

    def step(self, stop: threading.Event | None = None) -> int:
        """One round: discover cameras, read and commit one batch per owned camera; returns messages done.

        Waits up to `block_ms` for new frames when there was nothing to do.
        """
        now = time.monotonic()
        if now >= self._next_discover:
            self._next_discover = now + self.settings.discover_interval_s
            self.discover()
        if not self._owned:
            if stop is not None:
                stop.wait(min(self.settings.block_ms / 1000, self.settings.discover_interval_s))
            else:
                time.sleep(self.settings.block_ms / 1000)
            return 0
        done = 0
        for cam in list(self._owned):
            if stop is not None and stop.is_set():
                break
            done += self._step_camera(cam)
        if done == 0 and self._owned and (stop is None or not stop.is_set()):
            self._wait_for_frames()
        return done

    def discover(self) -> list[str]:
        """Take unowned cameras up to this replica's fair share; give one back when above it.

        The share is ceil(cameras / live replicas), replicas counted by their
        heartbeats (at least this one), capped by `max_cameras`. A replica above
        its share (a new replica joined) releases one camera per discovery round,
        between batches; a peer then takes it over from its checkpoint.
        Returns the cameras taken this round.
        """
        registry = cast(dict[Any, Any], self.redis.hgetall(streams.CAMERAS))
        names = sorted(_text(c) for c, raw in registry.items() if not _paused(raw))
        if self.only is not None:
            names = [c for c in names if c in self.only]
        for cam in [c for c in self._owned if c not in names]:  # paused or deleted over REST
            log.info("%s lets camera %s go (paused or deleted)", self.consumer_name, cam)
            self._release(keys=[self._owned[cam].lease], args=[self.token])
            del self._owned[cam]
        names, sending = self._busiest_first(names)
        replicas = max(
            1, sum(1 for _ in self.redis.scan_iter(match=streams.health_pattern(SERVICE), count=200))
        )
        share = min(self.settings.max_cameras, max(1, math.ceil(len(names) / replicas)))
        if len(self._owned) >= share:
            # Full: give a camera that sends nothing back for one that sends and nobody tracks.
            idle = sorted(c for c in self._owned if c not in sending)
            waiting = [c for c in names if c in sending and c not in self._owned
                       and not self.redis.exists(streams.lease_key(SERVICE, c))]  # fmt: skip
            if idle and waiting:
                log.info("%s lets idle camera %s go for %s, which sends frames", self.consumer_name, idle[-1],
                         waiting[0])  # fmt: skip
                self._release(keys=[self._owned[idle[-1]].lease], args=[self.token])
                del self._owned[idle[-1]]
        taken: list[str] = []
        for cam in names:
            if len(self._owned) >= share:
                break
            if cam not in self._owned and self.acquire(cam):
                taken.append(cam)
        if len(self._owned) > share and not taken:
            cam = max(self._owned)
            log.info("%s hands camera %s over (%d owned, fair share %d)", self.consumer_name, cam,
                     len(self._owned), share)  # fmt: skip
            self._release(keys=[self._owned[cam].lease], args=[self.token])
            del self._owned[cam]
            # Let a peer take it before this replica's next round could.
            self._next_discover = time.monotonic() + 2 * self.settings.discover_interval_s
        return taken

    def _busiest_first(self, names: list[str]) -> tuple[list[str], set[str]]:
        """Cameras whose frames are arriving first, then the rest by name, and the set of those sending: a
        replica's share is never spent on registered cameras that send nothing (70 of those once kept the one
        real camera from being tracked)."""

        def newest_ms(cam: str) -> int:
            try:
                last = cast(dict[Any, Any], self.redis.xinfo_stream(streams.frames_stream(cam))).get("last-generated-id")
            except ResponseError:
                return 0  # no frames stream yet
            return int(_text(last).split("-")[0]) if last else 0

        seconds, micros = self.redis.time()  # the clock the stream ids come from
        now_ms = seconds * 1000 + micros // 1000
        sending = {c for c in names if now_ms - newest_ms(c) <= ACTIVE_FRAMES_MS}
        return sorted(names, key=lambda c: (c not in sending, c)), sending

    def acquire(self, camera_id: str) -> bool:
        """Take `camera_id` if its lease is free: claim its pending frames and restore its checkpoint."""
        lease = streams.lease_key(SERVICE, camera_id)
        if not self.redis.set(lease, self.token, nx=True, px=self.settings.lease_ms) and not self._renew(
            keys=[lease, streams.checkpoint_key(SERVICE, camera_id)], args=[self.token, self.settings.lease_ms]
        ):
            return False  # held by another replica (a lease still ours, dropped after an outage, is taken again)
        stream = streams.frames_stream(camera_id)
        try:
            self._ensure_group(stream)
            track = self._load_track(camera_id)
            claimed_max = self._claim_pending(stream)
        except BaseException:
            self._release(keys=[lease], args=[self.token])
            raise
        seen = track.last_id or "0-0"
        if claimed_max is not None and stream_id_key(claimed_max) > stream_id_key(seen):
            seen = claimed_max
        careful = claimed_max is not None and self._check_crash_loop(stream)
        self._owned[camera_id] = _Owned(
            camera_id=camera_id,
            stream=stream,
            lease=lease,
            checkpoint=streams.checkpoint_key(SERVICE, camera_id),
            heading_key=streams.heading_track_key(camera_id),
            track=track,
            seen_id=seen,
            renewed_at=time.monotonic(),
            careful=careful,
        )
        if track.frames:
            self.stats.takeovers += 1
        log.info(
            "%s took camera %s (resuming after %d frames at yaw %.1f)",
            self.consumer_name, camera_id, track.frames, track.yaw_deg,
        )  # fmt: skip
        return True

    def committed_id(self, camera_id: str) -> str | None:
        """Stream id of the last message committed for an owned camera."""
        owned = self._owned.get(camera_id)
        return owned.track.last_id if owned is not None else None

    def release_all(self) -> None:
        """Give every lease back (a peer can take the cameras at once). Safe after a Redis outage."""
        for cam, owned in list(self._owned.items()):
            try:
                self._release(keys=[owned.lease], args=[self.token])
            except TRANSIENT_ERRORS as exc:
                log.warning("could not release camera %s (%s); its lease expires by itself", cam, exc)
            del self._owned[cam]

    # --- internals ------------------------------------------------------------------------

    def _ensure_group(self, stream: str) -> None:
        try:
            self.redis.xgroup_create(stream, streams.GROUP_FLOW_TRACKER, id="0", mkstream=True)
        except ResponseError as exc:
            if "BUSYGROUP" not in str(exc):
                raise

    def _load_track(self, camera_id: str) -> CameraTrack:
        raw = cast(dict[bytes, bytes], self.redis.hgetall(streams.checkpoint_key(SERVICE, camera_id)))
        if raw and b"state" in raw:
            try:
                state = json.loads(raw[b"state"])
                return CameraTrack.restore(
                    state, raw.get(b"gray"), self.settings.method, estimator_factory=self._factory
                )
            except (ValueError, TypeError, KeyError, MalformedMessage) as exc:
                log.error("camera %s: unreadable checkpoint (%s); starting afresh", camera_id, exc)
        return CameraTrack(camera_id, self.settings.method, estimator_factory=self._factory)

    def _claim_pending(self, stream: str) -> str | None:
        """Move every pending entry of the group to this consumer; returns the highest id seen."""
        cursor = "0-0"
        top: str | None = None
        while True:
            resp: Any = self.redis.xautoclaim(
                stream, streams.GROUP_FLOW_TRACKER, self.consumer_name, min_idle_time=0,
                start_id=cursor, count=256,
            )  # fmt: skip
            cursor = _text(resp[0])
            ids = [_text(i) for i, _fields in resp[1]]
            if len(resp) > 2:
                ids += [_text(i) for i in resp[2]]  # deleted while pending: Redis dropped them
            for i in ids:
                if top is None or stream_id_key(i) > stream_id_key(top):
                    top = i
            if cursor == "0-0":
                return top

    def _step_camera(self, cam: str) -> int:
        try:
            return self._step_owned(cam, self._owned[cam])
        except LeaseLost as exc:
            self._lose(cam, str(exc))
            return 0
        except TRANSIENT_ERRORS:
            # Redis went away mid-round. Either the track in memory is ahead of what was committed, or a read
            # reached Redis and its reply was lost (those frames are now pending to this consumer, and reads
            # of new entries never return them). Drop the camera: it is taken again (its lease is still ours)
            # from the committed checkpoint, its pending frames claimed. Keeping it lost heading samples.
            self._owned.pop(cam, None)
            self._next_discover = 0.0
            raise

    def _step_owned(self, cam: str, owned: _Owned) -> int:
        entries = self._fenced_read(owned)
        if entries is None:
            return 0
        if not entries and owned.cursor != ">":
            owned.cursor = ">"  # own pending entries done: new ones from now on
            owned.careful = False
            entries = self._fenced_read(owned)
            if entries is None:
                return 0
        if not entries:
            return 0
        if owned.cursor != ">":
            owned.cursor = entries[-1][0]
        self._process(owned, entries)
        return len(entries)

    def _fenced_read(self, owned: _Owned) -> list[tuple[str, dict[bytes, bytes] | None]] | None:
        """Up to `batch` entries after `owned.cursor`, if this worker still owns the camera (else None)."""
        cam = owned.camera_id
        read_from = owned.cursor
        count = 1 if owned.careful and read_from != ">" else self.settings.batch
        try:
            resp: Any = self._read(
                keys=[owned.lease, owned.stream],
                args=[
                    self.token, self.settings.lease_ms, streams.GROUP_FLOW_TRACKER, self.consumer_name,
                    count, read_from,
                ],
            )  # fmt: skip
        except ResponseError as exc:
            if "NOGROUP" not in str(exc):
                raise
            log.warning("camera %s: consumer group vanished; recreating it", cam)
            self._ensure_group(owned.stream)
            return []
        if int(resp[0]) != 1:
            self._lose(cam, "lease taken by another replica")
            return None
        owned.renewed_at = time.monotonic()
        if resp[1]:
            owned.seen_id = _text(resp[1])
        entries: list[tuple[str, dict[bytes, bytes] | None]] = []
        for entry in resp[2]:
            msg_id = _text(entry[0])
            flat = entry[1]
            fields = dict(zip(flat[::2], flat[1::2], strict=True)) if flat else None
            entries.append((msg_id, fields))
        return entries

    def _check_crash_loop(self, stream: str) -> bool:
        """After claiming a dead owner's frames: whether to re-read them carefully; dead-letters a culprit.

        Each owner that held a frame delivered it twice (claimed, then re-read),
        so the oldest pending frame's delivery count says how many owners in a
        row died with it in flight. One death: re-read the pending frames one
        per commit, so good frames get committed and a culprit is left alone at
        the head. `max_owner_crashes` deaths: that frame goes to the dead letters.
        """
        rows: Any = self.redis.xpending_range(
            stream, streams.GROUP_FLOW_TRACKER, "-", "+", 1, consumername=self.consumer_name
        )
        if not rows:
            return False
        msg_id, deaths = _text(rows[0]["message_id"]), int(rows[0]["times_delivered"]) // 2
        if deaths >= self.settings.max_owner_crashes:
            entries: Any = self.redis.xrange(stream, msg_id, msg_id, count=1)
            fields = {(_raw_bytes(k)): _raw_bytes(v) for k, v in entries[0][1].items()} if entries else {}
            reason = f"{deaths} owners of the camera died while this frame was in flight"
            entry = self._dead_letter_entry(stream, msg_id, fields, reason)
            entry[DLQ_DELIVERY_COUNT] = str(rows[0]["times_delivered"]).encode()
            with self.redis.pipeline(transaction=True) as pipe:
                pipe.xadd(streams.dead_letter_stream(stream), cast(Any, entry))
                pipe.xack(stream, streams.GROUP_FLOW_TRACKER, msg_id)
                pipe.execute()
            self.stats.dead_letters += 1
        return deaths >= 1

    def _lose(self, cam: str, why: str) -> None:
        self._owned.pop(cam, None)
        self.stats.leases_lost += 1
        log.warning("%s lost camera %s: %s", self.consumer_name, cam, why)

    def _process(self, owned: _Owned, entries: list[tuple[str, dict[bytes, bytes] | None]]) -> None:
        track = owned.track
        poses: list[dict[bytes, bytes]] = []
        pose_msgs: list[Pose] = []
        heading: dict[str, float] = {}
        summaries: list[dict[bytes, bytes]] = []
        summary_msgs: list[MotionSummary] = []
        dead: list[dict[bytes, bytes]] = []
        acks: list[str] = []
        last_done = stream_id_key(track.last_id) if track.last_id else (-1, -1)
        frames = skipped = 0
        renew_every_s = self.settings.lease_ms / 3000
        for msg_id, fields in entries:
            if time.monotonic() - owned.renewed_at > renew_every_s:
                self._renew_lease(owned)  # a slow batch must not let the lease lapse
            acks.append(msg_id)
            if fields is None:
                continue  # trimmed from the stream while pending: nothing left to process
            if stream_id_key(msg_id) <= last_done:
                skipped += 1  # already committed by a previous owner (idempotent)
                continue
            try:
                message, blob = decode(fields)
                if isinstance(message, FlowFrame):
                    if blob is None:
                        raise MalformedMessage("flow frame without pixels")
                    frames += 1
                    pose = track.on_frame(message, blob)
                    if pose is not None:
                        pose_msgs.append(pose)
                        poses.append(encode(pose))
                        heading[heading_member(pose.t, pose.yaw_deg)] = pose.t
                elif isinstance(message, ClipMark):
                    summary = track.on_clip_end(message)
                    summary_msgs.append(summary)
                    summaries.append(encode(summary))
                else:
                    raise MalformedMessage(
                        f"unexpected message type {type(message).__name__} on a frames stream"
                    )
            except MalformedMessage as exc:
                dead.append(self._dead_letter_entry(owned.stream, msg_id, fields, str(exc)))
            except Exception as exc:  # an estimator bug must not stall the camera forever
                log.exception("camera %s: cannot process %s", owned.camera_id, msg_id)
                dead.append(
                    self._dead_letter_entry(owned.stream, msg_id, fields, f"processing failed: {exc!r}")
                )
            track.last_id = msg_id
        # On LeaseLost the camera is dropped with its half-advanced track: the new
        # owner redoes this batch from the last committed checkpoint.
        self._commit(owned, poses, heading, summaries, dead, acks)
        s = self.stats
        s.batches += 1
        s.frames += frames
        s.poses += len(poses)
        s.summaries += len(summaries)
        s.dead_letters += len(dead)
        s.skipped += skipped
        s.by_camera[owned.camera_id] = s.by_camera.get(owned.camera_id, 0) + len(poses)
        if self.on_commit is not None:
            self.on_commit(owned.camera_id, pose_msgs, summary_msgs)

    def _renew_lease(self, owned: _Owned) -> None:
        if not self._renew(keys=[owned.lease, owned.checkpoint], args=[self.token, self.settings.lease_ms]):
            raise LeaseLost("lease taken over during a batch")
        owned.renewed_at = time.monotonic()

    def _commit(
        self,
        owned: _Owned,
        poses: list[dict[bytes, bytes]],
        heading: dict[str, float],
        summaries: list[dict[bytes, bytes]],
        dead: list[dict[bytes, bytes]],
        acks: list[str],
    ) -> None:
        self._renew_lease(owned)  # (expired during a slow batch and nobody took it: ours again)
        state, gray = owned.track.checkpoint()
        ckpt: dict[str, bytes] = {"state": json.dumps(state).encode(), "owner": self.token.encode()}
        if gray is not None:
            ckpt["gray"] = gray
        with self.redis.pipeline(transaction=True) as pipe:
            try:
                pipe.watch(owned.lease)  # type: ignore[no-untyped-call]
                if _text(pipe.get(owned.lease) or b"") != self.token:
                    raise LeaseLost("lease expired or taken before the commit")
                pipe.multi()
                for fields in poses:
                    pipe.xadd(streams.POSE, cast(Any, fields), maxlen=streams.POSE_MAXLEN, approximate=True)
                lens = owned.track.lens
                if lens is not None and lens != owned.lens_sent:
                    pipe.hset(streams.lens_key(owned.camera_id), mapping={k: json.dumps(v) for k, v in lens.items()})
                if heading:
                    pipe.zadd(owned.heading_key, cast(Any, heading))
                    pipe.zremrangebyrank(owned.heading_key, 0, -(self.settings.heading_track_max + 1))
                for fields in summaries:
                    pipe.xadd(streams.MOTION, cast(Any, fields))
                for entry in dead:
                    pipe.xadd(streams.dead_letter_stream(owned.stream), cast(Any, entry))
                pipe.hset(owned.checkpoint, mapping=cast(Any, ckpt))
                if self.settings.trim_frames and owned.track.last_id:
                    # Everything up to the committed id is tracked and acked: nobody needs those pixels.
                    pipe.xtrim(owned.stream, minid=owned.track.last_id, approximate=True)
                if acks:
                    pipe.xack(owned.stream, streams.GROUP_FLOW_TRACKER, *acks)
                pipe.pexpire(owned.lease, self.settings.lease_ms)
                pipe.execute()
                owned.lens_sent = lens
            except WatchError as exc:
                raise LeaseLost("lease changed during the commit") from exc

    def _dead_letter_entry(
        self, stream: str, msg_id: str, fields: dict[bytes, bytes], reason: str
    ) -> dict[bytes, bytes]:
        log.warning("camera stream %s: dead-lettering %s: %s", stream, msg_id, reason[:300])
        entry = dict(fields)
        entry.update(
            {
                DLQ_REASON: reason[:MAX_REASON_CHARS].encode(errors="replace"),
                DLQ_STREAM: stream.encode(),
                DLQ_ID: msg_id.encode(),
                DLQ_GROUP: streams.GROUP_FLOW_TRACKER.encode(),
                DLQ_CONSUMER: self.consumer_name.encode(),
                DLQ_DELIVERY_COUNT: b"1",
                DLQ_TIME: repr(time.time()).encode(),
            }
        )
        return entry

    def _wait_for_frames(self) -> None:
        """Block until any owned stream has an entry newer than the last one seen (or `block_ms`)."""
        ids = {o.stream: o.seen_id for o in self._owned.values()}
        self.redis.xread(cast(Any, ids), count=1, block=self.settings.block_ms)


def summarize_turn(yaw_start: float, yaw_end: float) -> str:
    """'turned right 142 deg' / 'turned left 30 deg' / 'held still' (net yaw change of a clip)."""
    d = yaw_end - yaw_start
    if abs(d) < 5.0:
        return "held its heading"
    return f"turned {'right' if d > 0 else 'left'} {abs(d):.0f} deg"


def heading_error(est: Sequence[float], truth: Sequence[float]) -> tuple[float, float]:
    """(final, max) absolute error of an estimated yaw track against truth, both relative to their start."""
    if not est or not truth:
        return math.nan, math.nan
    n = min(len(est), len(truth))
    e = np.asarray(est[:n], dtype=float) - est[0]
    g = np.asarray(truth[:n], dtype=float) - truth[0]
    err = np.abs(e - g)
    return float(err[-1]), float(err.max())


__all__ = [
    "SERVICE",
    "CameraTrack",
    "ClipMotion",
    "CommitHook",
    "FlowTrackerSettings",
    "FlowTrackerWorker",
    "LeaseLost",
    "WorkerStats",
    "heading_error",
    "stream_id_key",
    "summarize_turn",
]
