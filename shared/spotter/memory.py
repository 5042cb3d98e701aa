"""From clips to world memory: detections -> within-clip tracks -> caption -> world model.

This is the chain the captioner and knowledge-graph services run over the bus,
as one library call per clip (`MemoryBuilder.add_clip`), for the embedded mode
(`spotter replay/eval`), benchmarks and tests. Where the detections of a clip
come from is a `ClipDetections` source:

* `KeyframeDetections`: a `Detector` (built-in, ONNX) run on the clip's JPEG
  keyframes from the blob store (1 per second by default: the built-in
  detector costs ~80 ms a 640x360 frame);
* `FileDetections`: the contract's JSON Lines (external detector, or ground
  truth), the lines inside the clip's window sampled at `detect_fps`.

Clips must be added in time order per camera (the world model's hysteresis
and identity rules depend on it), which is also the order questions are
answered in by `spotter eval`.
"""

from __future__ import annotations

import bisect
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np
import numpy.typing as npt

from spotter.blobstore import BlobStore
from spotter.caption import caption_clip
from spotter.caption.template import ClipMeta
from spotter.detect.base import Detector
from spotter.detect.external import ExternalDetections, IndexedDetections
from spotter.detect.tracker import ClipTracker, TrackerConfig
from spotter.graph.base import GraphStore
from spotter.messages import Caption, Clip, Detection, Projection, WorldEvent
from spotter.world.model import WorldModel
from spotter.world.settings import WorldSettings

log = logging.getLogger(__name__)

Image = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class SampledFrame:
    """The detections of one sampled frame of a clip (and its pixels, when there are any)."""

    t: float
    detections: list[Detection]
    image: Image | None = None


class ClipDetections(Protocol):
    """Where a clip's detections come from."""

    @property
    def name(self) -> str: ...

    def frames(self, clip: Clip, keyframe_times: Sequence[float]) -> list[SampledFrame]:
        """The clip's sampled frames in time order; `keyframe_times` pairs with `clip.keyframes`."""
        ...


class FileDetections:
    """A JSON Lines detections file; within each clip the lines are thinned to `detect_fps`."""

    def __init__(self, detections: ExternalDetections | IndexedDetections, detect_fps: float = 5.0) -> None:
        self.detections = detections
        self.detect_fps = detect_fps
        self._times = detections.times

    @classmethod
    def read(cls, path: Path, detect_fps: float = 5.0) -> FileDetections:
        return cls(IndexedDetections(path), detect_fps)

    @property
    def name(self) -> str:
        return "external"

    def frames(self, clip: Clip, keyframe_times: Sequence[float]) -> list[SampledFrame]:
        lo = bisect.bisect_left(self._times, clip.t_start - 1e-9)
        hi = bisect.bisect_left(self._times, clip.t_end - 1e-9)
        step = 1.0 / self.detect_fps if self.detect_fps > 0 else 0.0
        out: list[SampledFrame] = []
        last = -np.inf
        for t in self._times[lo:hi]:
            if t - last < step - 1e-6:
                continue
            dets = self.detections.at(t, 1e-6) or []
            out.append(SampledFrame(t, dets))
            last = t
        return out


class KeyframeDetections:
    """A detector run on each of the clip's keyframes (JPEGs in the blob store)."""

    def __init__(self, detector: Detector, blobs: BlobStore) -> None:
        self.detector = detector
        self.blobs = blobs

    @property
    def name(self) -> str:
        return self.detector.name

    def frames(self, clip: Clip, keyframe_times: Sequence[float]) -> list[SampledFrame]:
        out: list[SampledFrame] = []
        for key, t in sorted(zip(clip.keyframes, keyframe_times, strict=True), key=lambda kv: kv[1]):
            if out and t <= out[-1].t:  # equal times (a duplicated keyframe): the first one stands
                continue
            data = np.frombuffer(self.blobs.get(key), dtype=np.uint8)
            decoded = cv2.imdecode(data, cv2.IMREAD_COLOR)
            if decoded is None:
                log.warning("clip %s: keyframe %s is not a readable JPEG; skipped", clip.clip_id, key)
                continue
            image = np.asarray(decoded, dtype=np.uint8)
            out.append(SampledFrame(t, self.detector.detect(image, t), image))
        return out


def keyframe_times(clip: Clip, known: Mapping[str, float]) -> list[float]:
    """The media time of each of `clip.keyframes`, in order: the known ones as they are, a missing one
    spread evenly over the clip (a keyframe message not read or not found must not stack frames on
    one time)."""
    n = len(clip.keyframes)
    span = max(0.0, clip.t_end - clip.t_start)
    return [
        known[key] if key in known else clip.t_start + span * (i + 0.5) / n
        for i, key in enumerate(clip.keyframes)
    ]


@dataclass
class ClipMemory:
    """What one clip added to memory."""

    clip: Clip
    caption: Caption
    events: list[WorldEvent]
    frames: int
    detections: int


class MemoryBuilder:
    """One camera's clips, in order, into the world memory (see the module docstring)."""

    def __init__(
        self,
        store: GraphStore,
        heading: Callable[[str, float], float | None],
        source: ClipDetections,
        *,
        width: int,
        height: int,
        hfov_deg: float = 90.0,
        projection: Projection = "pinhole",
        world: WorldSettings | None = None,
        tracker: TrackerConfig | None = None,
    ) -> None:
        self.store = store
        self.source = source
        self.width, self.height, self.hfov_deg, self.projection = width, height, hfov_deg, projection
        self.model = WorldModel(store, heading, world)
        self.tracker_config = tracker
        self.clips = 0
        self.events = 0

    def add_clip(self, clip: Clip, keyframe_times: Sequence[float] = ()) -> ClipMemory:
        """Track, caption and remember one clip (idempotent: a clip already stored changes nothing)."""
        frames = self.source.frames(clip, keyframe_times)
        tracker = ClipTracker(self.tracker_config)
        for f in frames:
            tracker.update(f.t, f.detections, f.image)
        meta = ClipMeta(
            camera_id=clip.camera_id, clip_id=clip.clip_id, t_start=clip.t_start, t=clip.t_end,
            width=self.width, height=self.height, hfov_deg=self.hfov_deg, projection=self.projection,
        )  # fmt: skip
        caption = caption_clip(meta, tracker.observations())
        events = self.model.ingest(caption)
        self.clips += 1
        self.events += len(events)
        return ClipMemory(clip, caption, events, len(frames), sum(len(f.detections) for f in frames))
