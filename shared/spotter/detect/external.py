"""External detections: the contract's JSON Lines (the public contract), as a detector and onto the bus.

One line per frame or keyframe::

    {"t": 12.4, "detections": [{"label": "worker", "bbox": [x1, y1, x2, y2], "score": 0.91,
                                "track_id": "7", "attributes": {"hardhat": true, "vest": "orange"}}]}

Each detection is validated with the contract's `Detection` model. A line
that is not valid JSON or not valid against the contract is skipped with a
warning naming its line number, and counted (`ExternalDetections.errors`);
the other lines are kept. Lines may also carry `width`, `height` and
`frame_index` (used when publishing); other extra keys are ignored so that
producers can extend the format. Lines with the same `t` are merged.

`ExternalDetector.detect(image, t)` serves the line nearest `t` when it lies
within the tolerance (default: half the median spacing of the lines, so a
keyframe between two detection lines gets the nearer one and a keyframe in a
gap of the file gets nothing); the image is not looked at.
"""

from __future__ import annotations

import bisect
import json
import logging
import threading
import weakref
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from redis import Redis

from spotter import streams
from spotter.bus import StreamPublisher
from spotter.detect.base import DetectorError, ImageBGR
from spotter.detect.geometry import clip_box
from spotter.detect.settings import ExternalDetectorConfig
from spotter.messages import Detection, DetectionFrame

log = logging.getLogger(__name__)

MAX_REASON_CHARS = 300


class DetectionLine(BaseModel):
    """One line of an external detections file."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    t: float = Field(ge=0.0, description="Media time of the frame (s)")
    detections: list[Detection] = Field(description="Everything detected in that frame")
    frame_index: int | None = Field(default=None, ge=0)
    width: int | None = Field(default=None, gt=0, description="Frame width the boxes refer to")
    height: int | None = Field(default=None, gt=0)


@dataclass(frozen=True, slots=True)
class LineError:
    """A skipped line: its 1-based number and why."""

    line: int
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


def _reason(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        parts = [f"{'.'.join(str(p) for p in e['loc']) or '<line>'}: {e['msg']}" for e in exc.errors()[:3]]
        more = f" (+{exc.error_count() - 3} more)" if exc.error_count() > 3 else ""
        text = "; ".join(parts) + more
    else:
        text = str(exc)
    return text[:MAX_REASON_CHARS]


def parse_lines(lines: Iterator[str] | Sequence[str], source: str = "<lines>") -> tuple[list[DetectionLine], list[LineError]]:
    """Valid lines (file order) and the skipped ones; blank lines are neither."""
    good: list[DetectionLine] = []
    errors: list[LineError] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            good.append(DetectionLine.model_validate(json.loads(text)))
        except (ValueError, ValidationError) as exc:
            err = LineError(number, _reason(exc))
            errors.append(err)
            log.warning("%s: skipping %s", source, err)
    return good, errors


def nearest(times: Sequence[float], t: float, tolerance: float) -> int | None:
    """Index of the time in sorted `times` nearest `t`, or None when none lies within `tolerance`."""
    i = bisect.bisect_left(times, t)
    best: int | None = None
    for j in (i - 1, i):
        if 0 <= j < len(times) and (best is None or abs(times[j] - t) < abs(times[best] - t)):
            best = j
    if best is None or abs(times[best] - t) > tolerance + 1e-9:
        return None
    return best


@dataclass(slots=True)
class ExternalDetections:
    """A parsed detections file, indexed by time."""

    path: Path
    lines: list[DetectionLine]
    errors: list[LineError] = field(default_factory=list)
    _times: list[float] = field(default_factory=list, repr=False)
    _by_time: list[list[Detection]] = field(default_factory=list, repr=False)

    @classmethod
    def read(cls, path: Path) -> ExternalDetections:
        """Parse `path`; raises DetectorError when it is missing or has no valid line at all."""
        if not path.is_file():
            raise DetectorError(f"external detections file not found: {path}")
        try:
            with path.open(encoding="utf-8", errors="replace") as fh:
                lines, errors = parse_lines(fh, str(path))
        except OSError as exc:
            raise DetectorError(f"cannot read external detections {path}: {exc}") from exc
        if not lines and errors:
            raise DetectorError(f"{path}: no valid line ({len(errors)} bad; first: {errors[0]})")
        if errors:
            log.warning("%s: %d of %d lines skipped", path, len(errors), len(errors) + len(lines))
        out = cls(path, lines, errors)
        out._index()
        return out

    def _index(self) -> None:
        merged: dict[float, list[Detection]] = {}
        for line in self.lines:
            merged.setdefault(line.t, []).extend(line.detections)
        self._times = sorted(merged)
        self._by_time = [merged[t] for t in self._times]

    @property
    def times(self) -> list[float]:
        return list(self._times)

    def median_spacing(self) -> float | None:
        if len(self._times) < 2:
            return None
        gaps = sorted(b - a for a, b in zip(self._times, self._times[1:], strict=False))
        return gaps[len(gaps) // 2] if len(gaps) % 2 else (gaps[len(gaps) // 2 - 1] + gaps[len(gaps) // 2]) / 2

    def default_tolerance(self) -> float:
        spacing = self.median_spacing()
        return spacing / 2.0 if spacing else 0.5

    def at(self, t: float, tolerance: float) -> list[Detection] | None:
        """Detections of the line nearest `t`, or None when none lies within `tolerance`."""
        best = nearest(self._times, t, tolerance)
        return None if best is None else list(self._by_time[best])


class IndexedDetections:
    """A detections file read on demand: an index of each line's time and byte offset, the lines parsed
    when asked for. Memory stays a few bytes a line however long the shift (`ExternalDetections` keeps
    every parsed line: gigabytes for 8 hours at 15 fps)."""

    def __init__(self, path: Path) -> None:
        if not path.is_file():
            raise DetectorError(f"external detections file not found: {path}")
        self.path = path
        self.errors: list[LineError] = []
        self._fh: BinaryIO | None = None
        self._lock = threading.Lock()
        pairs: list[tuple[float, int]] = []
        try:
            with path.open("rb") as fh:
                offset = 0
                for n, raw in enumerate(fh, 1):
                    if raw.strip():
                        try:
                            t = float(json.loads(raw)["t"])
                            if not t >= 0.0:  # NaN, negative
                                raise ValueError(f"t must be a media time >= 0, not {t}")
                            pairs.append((t, offset))
                        except (ValueError, KeyError, TypeError) as exc:
                            self.errors.append(LineError(n, _reason(exc)))
                    offset += len(raw)
        except OSError as exc:
            raise DetectorError(f"cannot read external detections {path}: {exc}") from exc
        if not pairs:
            first = f"; first: {self.errors[0]}" if self.errors else ""
            raise DetectorError(f"{path}: no valid line ({len(self.errors)} bad{first})")
        if self.errors:
            log.warning("%s: %d lines skipped (no valid time)", path, len(self.errors))
        pairs.sort()
        self._times: list[float] = []
        self._offsets: list[list[int]] = []
        for t, off in pairs:  # lines with the same t are merged
            if self._times and self._times[-1] == t:
                self._offsets[-1].append(off)
            else:
                self._times.append(t)
                self._offsets.append([off])

    @property
    def times(self) -> list[float]:
        return self._times

    def at(self, t: float, tolerance: float) -> list[Detection] | None:
        """Detections of the line(s) nearest `t`, or None when none lies within `tolerance`."""
        best = nearest(self._times, t, tolerance)
        if best is None:
            return None
        out: list[Detection] = []
        with self._lock:  # one handle for the file's life (this runs for every sampled frame)
            if self._fh is None:
                self._fh = self.path.open("rb")
                weakref.finalize(self, self._fh.close)  # closed with the reader, whoever forgets close()
            raws = []
            for off in self._offsets[best]:
                self._fh.seek(off)
                raws.append(self._fh.readline())
        for raw in raws:
            try:
                out.extend(DetectionLine.model_validate_json(raw).detections)
            except ValidationError as exc:
                log.warning("%s: a line at t=%.3f skipped: %s", self.path, self._times[best], _reason(exc))
        return out

    def close(self) -> None:
        with self._lock:
            if self._fh is not None:
                self._fh.close()
                self._fh = None


class ExternalDetector:
    """Serves a JSON Lines detections file through the `Detector` interface (the image is ignored)."""

    def __init__(self, config: ExternalDetectorConfig, detections: ExternalDetections) -> None:
        self.config = config
        self.detections = detections
        self.dropped_boxes = 0
        """Boxes left out because no pixel of them is in the frame (or a coordinate is not finite)."""
        self.tolerance_s = config.tolerance_s if config.tolerance_s is not None else detections.default_tolerance()

    @classmethod
    def from_config(cls, config: ExternalDetectorConfig) -> ExternalDetector:
        return cls(config, ExternalDetections.read(config.path))

    @property
    def name(self) -> str:
        return "external"

    @property
    def skipped_lines(self) -> int:
        return len(self.detections.errors)

    def close(self) -> None:
        return None

    def detect(self, image_bgr: ImageBGR, t: float) -> list[Detection]:
        """The file's detections at `t`, their boxes clipped to the image (the protocol's promise)."""
        found = self.detections.at(t, self.tolerance_s)
        if not found:
            return []
        h, w = image_bgr.shape[:2]
        out = []
        for d in found:
            box = clip_box(d.bbox, w, h)
            if box is None:
                self.dropped_boxes += 1
                if self.dropped_boxes in (1, 10, 100, 1000):
                    log.warning("%s: %d boxes outside the %dx%d frame dropped so far (first at t=%.2f: %s)",
                                self.config.path, self.dropped_boxes, w, h, t, d.bbox)
                continue
            out.append(d if box == tuple(d.bbox) else d.model_copy(update={"bbox": box}))
        return out


class ExternalDetectionsPublisher:
    """Puts a JSON Lines detections file onto `streams.DETECTIONS` as `DetectionFrame`s (distributed mode).

    Each valid line becomes one message (`source="external"`) with the line's
    own width/height/frame_index when it has them, else the defaults given
    here. Bad lines are skipped and counted as in `ExternalDetections`.
    Publishing the same file twice publishes it twice: consumers dedupe by
    (camera_id, t), as every handler on the bus must be idempotent.
    """

    def __init__(self, redis: Redis, camera_id: str, width: int, height: int, batch: int = 256) -> None:
        self.publisher: StreamPublisher[DetectionFrame] = StreamPublisher(
            redis, streams.DETECTIONS, maxlen=streams.DETECTIONS_MAXLEN
        )
        self.camera_id = camera_id
        self.width = width
        self.height = height
        self.batch = batch

    def frame(self, line: DetectionLine) -> DetectionFrame:
        return DetectionFrame(
            camera_id=self.camera_id,
            t=line.t,
            frame_index=line.frame_index,
            width=line.width or self.width,
            height=line.height or self.height,
            detections=line.detections,
            source="external",
        )

    def publish_file(self, path: Path) -> PublishReport:
        """Publish every valid line of `path` in file order; returns what was sent and skipped."""
        data = ExternalDetections.read(path)
        ids: list[str] = []
        pending: list[tuple[DetectionFrame, bytes | None]] = []
        for line in data.lines:
            pending.append((self.frame(line), None))
            if len(pending) >= self.batch:
                ids += self.publisher.publish_many(pending)
                pending = []
        if pending:
            ids += self.publisher.publish_many(pending)
        return PublishReport(published=len(ids), skipped=list(data.errors), message_ids=ids)


@dataclass(frozen=True, slots=True)
class PublishReport:
    published: int
    skipped: list[LineError]
    message_ids: list[str] = field(repr=False)


def dump_line(t: float, detections: Sequence[Detection], **extra: Any) -> str:
    """One contract line (for tests and exporters): `{"t": ..., "detections": [...]}`."""
    body: dict[str, Any] = {"t": t, "detections": [d.model_dump(mode="json", exclude_none=True) for d in detections]}
    body.update(extra)
    return json.dumps(body)
