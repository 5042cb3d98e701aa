"""The captioner service's handler: clips in, captions out (the first half of `MemoryBuilder.add_clip`).

For each clip (stream `streams.CLIPS`, group `streams.GROUP_CAPTIONER`):

1. its sampled frames:

   * detector backend `external` (`SPOTTER_DETECT_BACKEND=external`): the
     `DetectionFrame`s of the clip's camera with `t_start <= t < t_end` from
     `streams.DETECTIONS` (see `DetectionIndex`), thinned to
     `SPOTTER_CAPTIONER_DETECT_FPS` exactly as `memory.FileDetections` thins a
     file; a clip whose window the stream has not yet passed (no frame of the
     camera at or after `t_end`) waits up to `detections_wait_s` for the
     external detector to catch up, then goes with what there is;
   * any other backend: the configured detector (`SPOTTER_DETECT_*`, built-in
     by default) run on the clip's keyframe JPEGs from the blob store
     (`SPOTTER_CAPTIONER_BLOB_DIR`, the directory ingest writes), each at its
     media time (see `KeyframeTimes`);

2. `ClipTracker` over those frames -> observations;
3. `caption_clip`: the VLM when `SPOTTER_CAPTION_BACKEND=vlm` (with the clip's
   keyframe JPEGs), falling back to the template when it fails;
4. publish the `Caption` on `streams.CAPTIONS`; the consumer acks after that.

Delivery semantics: at least once. A crash after the publish but before the
ack captions the clip again; the caption's content is the same (the same
frames go through the same deterministic tracker and template; a VLM may word
it differently) and the knowledge graph is idempotent by clip id, so the
duplicate changes nothing the user sees.

Finding the keyframe times (`KeyframeTimes`): a `Clip` names its keyframes by
blob key only; their media times are on the `Keyframe` messages, which ingest
publishes on `streams.KEYFRAMES` before the clip. The lookup walks KEYFRAMES
backwards (XREVRANGE, pages of 256) from the clip's own stream id (ids are the
server's clock, so the keyframes of the clip lie just before it) until every
key is found or it is `keyframe_lookback_s` (+ the clip's length) older.
Keys not found there get times spread evenly over the clip (logged).

Finding the external detections (`DetectionIndex`): DETECTIONS is one stream
for every camera, published by `ExternalDetectionsPublisher` (a file may be
published up front, long before its clips, or live, a little behind them).
Each replica reads it forward from a remembered position (XREAD from its own
cursor; not a consumer group, since every replica needs every camera's
frames) and keeps a small index per camera: media time -> stream id (the first
message at that time wins, so a file published twice changes nothing). A
clip's frames are then fetched by id in one pipeline. The index keeps
each camera's frames from `detections_retention_s` media seconds before the
latest clip it served onwards (so a file published up front stays indexed
until its clips come) and forgets what the stream's MAXLEN trimmed; a clip
older than that (a late redelivery) is served by one full scan of the stream
for its camera and window instead. A new replica starts at the
stream's beginning (the stream is capped at `streams.DETECTIONS_MAXLEN`).
"""

from __future__ import annotations

import bisect
import json
import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import cv2
import numpy as np
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict
from redis import Redis

from spotter import streams
from spotter.blobstore import BlobStore
from spotter.bus import Delivery, StreamPublisher
from spotter.caption import caption_clip
from spotter.caption.template import ClipMeta
from spotter.detect.base import Detector, ImageBGR
from spotter.detect.tracker import ClipTracker, TrackerConfig
from spotter.errors import MalformedMessage
from spotter.memory import keyframe_times
from spotter.messages import DATA_FIELD, SCHEMA_FIELD, Camera, Caption, Clip, DetectionFrame, Keyframe, decode

if TYPE_CHECKING:
    from spotter.caption.vlm import KeyframeImage, VlmCaptioner

log = logging.getLogger(__name__)

SERVICE = "captioner"
DEFAULT_SIZE = (640, 360)
DEFAULT_HFOV = 90.0
_EPS = 1e-6
_PAGE = 256
TRIM_CHECK_S = 10.0


class CaptionerServiceSettings(BaseSettings):
    """The captioner service (`SPOTTER_CAPTIONER_*`); the captioner itself is `SPOTTER_CAPTION_*`."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_CAPTIONER_", extra="ignore")

    blob_dir: Path = Field(
        default=Path("data/blobs"),
        title="Blob directory",
        description="Where ingest's LocalBlobStore keeps the keyframe JPEGs (same as SPOTTER_INGEST_BLOB_DIR)",
    )
    detect_fps: float = Field(
        default=5.0, gt=0.0, title="Detection rate (1/s)",
        description="External detections of a clip are thinned to this many frames per media second",
    )  # fmt: skip
    detections_wait_s: float = Field(
        default=5.0, ge=0.0, title="Detections wait (s)",
        description="Wait up to this long for external detections to reach a clip's end",
    )  # fmt: skip
    detections_retention_s: float = Field(
        default=600.0, gt=0.0, title="Detections retention (s)",
        description="Media seconds of a camera's external detections kept indexed before its latest clip",
    )  # fmt: skip
    keyframe_lookback_s: float = Field(
        default=120.0, gt=0.0, title="Keyframe lookback (s)",
        description="How far (wall seconds, plus the clip's length) before a clip its keyframe messages are sought",
    )  # fmt: skip


@dataclass(frozen=True)
class SampledFrame:
    """One sampled frame of a clip: its detections, and pixels when they came from a keyframe."""

    t: float
    detection: DetectionFrame
    image: ImageBGR | None = None


def _stream_ms(msg_id: str) -> int:
    return int(msg_id.split("-", 1)[0])


def _id_key(msg_id: str) -> tuple[int, int]:
    ms, _, seq = msg_id.partition("-")
    return int(ms), int(seq or 0)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


# --- keyframes ---------------------------------------------------------------------------------


class KeyframeTimes:
    """Media time and size of a clip's keyframes, from the Keyframe messages before it (module doc)."""

    def __init__(self, redis: Redis, lookback_s: float) -> None:
        self.redis = redis
        self.lookback_s = lookback_s

    def find(self, clip: Clip, clip_msg_id: str | None = None) -> dict[str, Keyframe]:
        """Blob key -> its Keyframe message, for the clip's keys found (possibly not all)."""
        wanted = set(clip.keyframes)
        found: dict[str, Keyframe] = {}
        if not wanted:
            return found
        if clip_msg_id is not None:
            # Another stream's ids may share the clip's millisecond with a higher sequence: a
            # second of slack (ms-only ids in XREVRANGE cover that whole millisecond).
            anchor_ms = _stream_ms(clip_msg_id)
            upper = str(anchor_ms + 1000)
        else:  # called without a delivery: the producer's clock is the best anchor there is
            anchor_ms, upper = int(clip.wall_time * 1000), "+"
        window_ms = int((self.lookback_s + max(0.0, clip.t_end - clip.t_start)) * 1000)
        lower = f"{max(0, anchor_ms - window_ms)}-0"
        while wanted:
            page = cast(list[Any], self.redis.xrevrange(streams.KEYFRAMES, max=upper, min=lower, count=_PAGE))
            for msg_id, fields in page:
                upper = f"({_text(msg_id)}"
                try:
                    msg, _ = decode(fields)
                except MalformedMessage:
                    continue
                if isinstance(msg, Keyframe) and msg.blob_key in wanted and msg.camera_id == clip.camera_id:
                    found[msg.blob_key] = msg
                    wanted.discard(msg.blob_key)
            if len(page) < _PAGE:
                break
        return found

    def times(self, clip: Clip, clip_msg_id: str | None = None) -> tuple[list[float], tuple[int, int] | None]:
        """The media time of each of `clip.keyframes` (in order) and the keyframes' size, if known."""
        found = self.find(clip, clip_msg_id)
        size = next(((k.width, k.height) for k in found.values()), None)
        n = len(clip.keyframes)
        if len(found) < n:
            log.warning(
                "clip %s: %d of %d keyframe messages not found on %s; spreading their times over the clip",
                clip.clip_id, n - len(found), n, streams.KEYFRAMES,
            )  # fmt: skip
        return keyframe_times(clip, {key: kf.t for key, kf in found.items()}), size


Loaded = list[tuple[float, bytes, ImageBGR]]


def load_keyframes(blobs: BlobStore, clip: Clip, times: Sequence[float]) -> Loaded:
    """(t, JPEG, image) per readable keyframe in time order (equal times: the first); a missing or
    unreadable JPEG is skipped with a warning."""
    out: Loaded = []
    for key, t in sorted(zip(clip.keyframes, times, strict=True), key=lambda kv: kv[1]):
        if out and t <= out[-1][0]:
            continue
        try:
            jpeg = blobs.get(key)
        except KeyError:
            log.warning("clip %s: keyframe %s is not in the blob store; skipped", clip.clip_id, key)
            continue
        image = cv2.imdecode(np.frombuffer(jpeg, dtype=np.uint8), cv2.IMREAD_COLOR)
        if image is None:
            log.warning("clip %s: keyframe %s is not a readable JPEG; skipped", clip.clip_id, key)
            continue
        out.append((t, jpeg, cast(ImageBGR, image)))
    return out


def detect_keyframes(detector: Detector, clip: Clip, loaded: Loaded) -> list[SampledFrame]:
    """The detector on each loaded keyframe."""
    frames = []
    for t, _jpeg, image in loaded:
        h, w = image.shape[:2]
        det = DetectionFrame(
            camera_id=clip.camera_id, t=t, width=w, height=h,
            detections=detector.detect(image, t), source=detector.name,
        )  # fmt: skip
        frames.append(SampledFrame(t, det, image))
    return frames


# --- external detections -----------------------------------------------------------------------


class DetectionIndex:
    """Each camera's DetectionFrames on `streams.DETECTIONS`, indexed by media time (module doc).

    Not thread-safe: one per handler.
    """

    def __init__(self, redis: Redis, retention_s: float = 600.0, batch: int = 1000) -> None:
        self.redis = redis
        self.retention_s = retention_s
        self.batch = batch
        self.cursor = "0-0"
        self._times: dict[str, list[float]] = {}
        self._ids: dict[str, dict[float, str]] = {}
        self._latest: dict[str, float] = {}
        self._done: dict[str, float] = {}  # per camera: the latest clip start served
        self._trim_checked_at = 0.0

    def poll(self) -> int:
        """Index everything published since the last poll; returns how many frames were new."""
        added = 0
        while True:
            reply = cast(Any, self.redis.xread({streams.DETECTIONS: self.cursor}, count=self.batch))
            entries = [
                e for _stream, es in (reply.items() if isinstance(reply, dict) else reply or []) for e in es
            ]
            for msg_id, fields in entries:
                self.cursor = _text(msg_id)
                head = self._head(fields)
                if head is None:
                    continue
                camera, t = head
                if self._add(camera, t, self.cursor):
                    added += 1
            if len(entries) < self.batch:
                break
        if added and time.monotonic() - self._trim_checked_at >= TRIM_CHECK_S:
            self._forget_trimmed()
        return added

    def latest(self, camera_id: str) -> float | None:
        """The newest media time seen for the camera (pruning never lowers it)."""
        return self._latest.get(camera_id)

    def horizon(self, camera_id: str) -> float | None:
        """Frames of the camera before this media time are no longer indexed (None: all are).

        It follows the clips served, not the frames seen: a file published up front stays
        indexed until its clips have been captioned.
        """
        done = self._done.get(camera_id)
        return None if done is None else done - self.retention_s

    def window(self, camera_id: str, t0: float, t1: float, fps: float) -> list[DetectionFrame]:
        """The camera's frames with t0 <= t < t1, thinned to `fps`, in time order."""
        horizon = self.horizon(camera_id)
        if horizon is not None and t0 < horizon - _EPS:
            return self._scan(camera_id, t0, t1, fps)
        times = self._times.get(camera_id, [])
        ids = self._ids.get(camera_id, {})
        lo = bisect.bisect_left(times, t0 - 1e-9)
        hi = bisect.bisect_left(times, t1 - 1e-9)
        picked = thin(times[lo:hi], fps)
        frames = self._fetch([ids[t] for t in picked])
        if t0 > self._done.get(camera_id, -np.inf):
            self._done[camera_id] = t0
            self._prune(camera_id)
        return frames

    # --- internals -------------------------------------------------------------------------

    @staticmethod
    def _head(fields: Any) -> tuple[str, float] | None:
        """Camera and media time of a DetectionFrame entry, without validating the whole message."""
        norm = {(k.encode() if isinstance(k, str) else k): v for k, v in dict(fields).items()}
        if norm.get(SCHEMA_FIELD) != DetectionFrame.SCHEMA.encode():
            return None
        try:
            data = json.loads(norm[DATA_FIELD])
            return str(data["camera_id"]), float(data["t"])
        except (KeyError, TypeError, ValueError):
            return None

    def _add(self, camera: str, t: float, msg_id: str) -> bool:
        ids = self._ids.setdefault(camera, {})
        if t in ids:
            return False  # the same frame published again: the first one stays
        horizon = self.horizon(camera)
        if horizon is not None and t < horizon:
            return False
        times = self._times.setdefault(camera, [])
        if not times or t > times[-1]:
            times.append(t)
        else:
            bisect.insort(times, t)
        ids[t] = msg_id
        self._latest[camera] = max(t, self._latest.get(camera, t))
        return True

    def _prune(self, camera: str) -> None:
        horizon = self.horizon(camera)
        times = self._times.get(camera)
        if horizon is None or not times or times[0] >= horizon:
            return
        cut = bisect.bisect_left(times, horizon)
        ids = self._ids[camera]
        for t in times[:cut]:
            del ids[t]
        del times[:cut]

    def _forget_trimmed(self) -> None:
        """Drop index entries the stream's MAXLEN trimmed away (bounds the index by the stream)."""
        self._trim_checked_at = time.monotonic()
        first = cast(list[Any], self.redis.xrange(streams.DETECTIONS, min="-", max="+", count=1))
        if not first:
            return
        oldest = _id_key(_text(first[0][0]))
        for camera, ids in self._ids.items():
            gone = {t for t, msg_id in ids.items() if _id_key(msg_id) < oldest}
            if gone:
                for t in gone:
                    del ids[t]
                self._times[camera] = [t for t in self._times[camera] if t not in gone]

    def _fetch(self, ids: Sequence[str]) -> list[DetectionFrame]:
        if not ids:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for msg_id in ids:
            pipe.xrange(streams.DETECTIONS, min=msg_id, max=msg_id)
        out: list[DetectionFrame] = []
        for msg_id, entries in zip(ids, pipe.execute(), strict=True):
            if not entries:
                log.warning("detection frame %s was trimmed from %s; skipped", msg_id, streams.DETECTIONS)
                continue
            frame = self._decode(entries[0][1], msg_id)
            if frame is not None:
                out.append(frame)
        return out

    @staticmethod
    def _decode(fields: Any, msg_id: str) -> DetectionFrame | None:
        try:
            msg, _ = decode(fields)
        except MalformedMessage as exc:
            log.warning("detection frame %s skipped: %s", msg_id, exc)
            return None
        return msg if isinstance(msg, DetectionFrame) else None

    def _scan(self, camera_id: str, t0: float, t1: float, fps: float) -> list[DetectionFrame]:
        """A window behind the index's horizon: one pass over the whole stream."""
        log.info("camera %s: detections %.1f-%.1f s are behind the index; scanning %s", camera_id, t0, t1,
                 streams.DETECTIONS)  # fmt: skip
        by_t: dict[float, DetectionFrame] = {}
        lower = "-"
        while True:
            page = cast(
                list[Any], self.redis.xrange(streams.DETECTIONS, min=lower, max="+", count=self.batch)
            )
            for msg_id, fields in page:
                lower = f"({_text(msg_id)}"
                head = self._head(fields)
                if head is None or head[0] != camera_id or not (t0 - 1e-9 <= head[1] < t1 - 1e-9):
                    continue
                if head[1] not in by_t:
                    frame = self._decode(fields, _text(msg_id))
                    if frame is not None:
                        by_t[head[1]] = frame
            if len(page) < self.batch:
                break
        return [by_t[t] for t in thin(sorted(by_t), fps)]


def thin(times: Sequence[float], fps: float) -> list[float]:
    """Keep a time when it is at least 1/fps after the last kept one (as `memory.FileDetections`)."""
    step = 1.0 / fps if fps > 0 else 0.0
    out: list[float] = []
    last = -np.inf
    for t in times:
        if t - last < step - _EPS:
            continue
        out.append(t)
        last = t
    return out


# --- the handler -------------------------------------------------------------------------------


class CaptionerHandler:
    """Handles one clip delivery; see the module docstring. The constructor does no I/O."""

    def __init__(
        self,
        redis: Redis,
        detector: Detector | None,
        blobs: BlobStore,
        settings: CaptionerServiceSettings | None = None,
        *,
        external: bool = False,
        vlm: VlmCaptioner | None = None,
        tracker: TrackerConfig | None = None,
        stop: threading.Event | None = None,
    ) -> None:
        if not external and detector is None:
            raise ValueError("a detector is needed unless detections are external")
        self.redis = redis
        self.settings = settings or CaptionerServiceSettings()
        self.external = external
        self.keyframes = KeyframeTimes(redis, self.settings.keyframe_lookback_s)
        self.detector = detector
        self.blobs = blobs
        self.detections = DetectionIndex(redis, self.settings.detections_retention_s)
        self.vlm = vlm
        self.tracker_config = tracker
        self.publisher: StreamPublisher[Caption] = StreamPublisher(redis, streams.CAPTIONS)
        self.stop = stop or threading.Event()

    def __call__(self, delivery: Delivery[Clip]) -> None:
        self.handle(delivery.message, delivery.msg_id)

    def handle(self, clip: Clip, clip_msg_id: str | None = None) -> Caption:
        """Caption one clip and publish the caption; returns it."""
        caption = self.caption(clip, clip_msg_id)
        self.publisher.publish(caption)
        log.debug("%s: %d observations (%s)", clip.clip_id, len(caption.observations), caption.backend)
        return caption

    def caption(self, clip: Clip, clip_msg_id: str | None = None) -> Caption:
        """The clip's caption, without publishing it."""
        if clip.t_end < clip.t_start:
            raise MalformedMessage(
                f"clip {clip.clip_id} ends ({clip.t_end}) before it starts ({clip.t_start})"
            )
        camera = self._camera(clip.camera_id)
        kf_times, kf_size = self.keyframes.times(clip, clip_msg_id)
        loaded: Loaded = []
        if self.external:
            frames = [SampledFrame(f.t, f) for f in self._external_frames(clip)]
            if self.vlm is not None:  # the VLM still looks at the keyframes
                loaded = load_keyframes(self.blobs, clip, kf_times)
        else:
            assert self.detector is not None
            loaded = load_keyframes(self.blobs, clip, kf_times)
            frames = detect_keyframes(self.detector, clip, loaded)
        tracker = ClipTracker(self.tracker_config)
        for f in frames:
            tracker.update(f.t, f.detection.detections, f.image)
        width, height = self._size(frames, kf_size, camera)
        meta = ClipMeta(
            camera_id=clip.camera_id, clip_id=clip.clip_id, t_start=clip.t_start, t=clip.t_end,
            width=width, height=height, hfov_deg=camera.hfov_deg if camera is not None else DEFAULT_HFOV,
            projection=camera.projection if camera is not None else "pinhole",
        )  # fmt: skip
        images = self._vlm_images(loaded) if self.vlm is not None else ()
        return caption_clip(meta, tracker.observations(), keyframes=images, vlm=self.vlm)

    # --- internals -------------------------------------------------------------------------

    def _external_frames(self, clip: Clip) -> list[DetectionFrame]:
        index = self.detections
        deadline = time.monotonic() + self.settings.detections_wait_s
        while True:
            index.poll()
            latest = index.latest(clip.camera_id)
            if latest is not None and latest >= clip.t_end - _EPS:
                break
            if time.monotonic() >= deadline or self.stop.is_set():
                log.warning(
                    "clip %s: external detections of %s reach %s, the clip ends at %.1f s; captioning what there is",
                    clip.clip_id, clip.camera_id, "nothing" if latest is None else f"{latest:.1f} s", clip.t_end,
                )  # fmt: skip
                break
            self.stop.wait(0.1)
        return index.window(clip.camera_id, clip.t_start, clip.t_end, self.settings.detect_fps)

    def _camera(self, camera_id: str) -> Camera | None:
        raw = self.redis.hget(streams.CAMERAS, camera_id)
        if raw is None:
            return None
        try:
            return Camera.model_validate_json(cast(bytes, raw))
        except ValueError:
            log.warning("camera %s: stored camera record is invalid; using defaults", camera_id)
            return None

    @staticmethod
    def _size(
        frames: Sequence[SampledFrame], kf_size: tuple[int, int] | None, camera: Camera | None
    ) -> tuple[int, int]:
        """The frame size the boxes refer to: the frames', else the keyframes', the camera's, the default."""
        if frames:
            return frames[0].detection.width, frames[0].detection.height
        if kf_size is not None:
            return kf_size
        if camera is not None and camera.width and camera.height:
            return camera.width, camera.height
        return DEFAULT_SIZE

    @staticmethod
    def _vlm_images(loaded: Loaded) -> list[KeyframeImage]:
        from spotter.caption.vlm import KeyframeImage

        return [KeyframeImage(t, jpeg) for t, jpeg, _image in loaded]


__all__ = [
    "SERVICE",
    "CaptionerHandler",
    "CaptionerServiceSettings",
    "DetectionIndex",
    "KeyframeTimes",
    "detect_keyframes",
    "load_keyframes",
    "thin",
]
