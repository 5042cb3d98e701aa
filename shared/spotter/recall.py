"""The embedded mode's memory pass: a replay's clips into the world memory, answering questions on the way.

After `spotter.embedded.replay` has run ingest and the flow tracker, the
replay's clips and keyframes are on the bus. `remember` takes them in time
order through `spotter.memory.MemoryBuilder` (detections -> tracks ->
caption -> world model) and, right after the clip that contains a
question's `at`, answers it through the graph tools with `at` (only memory
observed up to `at` counts; at clip granularity, like the live services).
Questions after the last clip are answered at the end.

Detections come from `--detections FILE` (JSON Lines, the contract's
format) or from the configured detector (`SPOTTER_DETECT_*`, built-in by
default) run on the keyframes in the blob store.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import numpy as np
from redis import Redis

from spotter import streams
from spotter.answer.base import Answer, Answerer
from spotter.blobstore import LocalBlobStore
from spotter.graph.base import GraphStore
from spotter.memory import (
    ClipDetections,
    ClipMemory,
    FileDetections,
    HeadingTrack,
    KeyframeDetections,
    MemoryBuilder,
)
from spotter.messages import Clip, Keyframe, decode
from spotter.tools import GraphTools

log = logging.getLogger(__name__)


@dataclass
class RecallResult:
    """What the memory pass did."""

    clips: int = 0
    events: int = 0
    observations: int = 0
    detector: str = ""
    wall_s: float = 0.0
    answers: list[dict[str, Any]] = field(default_factory=list)


def replayed_clips(redis: Redis, camera_id: str) -> tuple[list[Clip], dict[str, float], tuple[int, int] | None]:
    """The camera's clips in time order, each keyframe's media time by blob key, and the frame size."""
    times: dict[str, float] = {}
    size: tuple[int, int] | None = None
    for _id, fields in cast(list[Any], redis.xrange(streams.KEYFRAMES)):
        msg, _ = decode(fields)
        if isinstance(msg, Keyframe) and msg.camera_id == camera_id:
            times[msg.blob_key] = msg.t
            size = size or (msg.width, msg.height)
    clips = []
    for _id, fields in cast(list[Any], redis.xrange(streams.CLIPS)):
        msg, _ = decode(fields)
        if isinstance(msg, Clip) and msg.camera_id == camera_id:
            clips.append(msg)
    clips.sort(key=lambda c: (c.t_start, c.clip_id))
    return clips, times, size


def detection_source(detections: Path | None, blob_dir: Path, detect_fps: float = 5.0) -> ClipDetections:
    """The `--detections` file, or the configured detector over the stored keyframes."""
    if detections is not None:
        return FileDetections.read(detections, detect_fps)
    from spotter.detect import DetectorSettings, make_detector

    return KeyframeDetections(make_detector(DetectorSettings()), LocalBlobStore(blob_dir))


def make_answerer(tools: GraphTools, hfov_deg: float = 90.0) -> Answerer:
    """The offline parser, or the function-calling agent (parser as fallback) when SPOTTER_AGENT_BASE_URL is set."""
    from spotter.answer.parser import QuestionParser

    parser = QuestionParser(tools, hfov_deg=hfov_deg)
    try:
        from spotter.answer.agent import AgentAnswerer, AgentSettings
    except ImportError:
        return parser
    settings = AgentSettings()
    if not getattr(settings, "base_url", None):
        return parser
    return cast(Answerer, AgentAnswerer(tools, settings, fallback=parser))


def remember(
    redis: Redis,
    camera_id: str,
    heading: HeadingTrack,
    store: GraphStore,
    source: ClipDetections,
    *,
    hfov_deg: float = 90.0,
    questions: Sequence[dict[str, Any]] = (),
    answerer: Callable[[GraphTools], Answerer] | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_clip: Callable[[ClipMemory], None] | None = None,
) -> RecallResult:
    """Build the camera's memory from the replayed clips; answer `questions` at their `at` (see module doc)."""
    t0 = time.perf_counter()
    clips, kf_times, size = replayed_clips(redis, camera_id)
    width, height = size or (640, 360)
    lookup = heading.lookup(camera_id)
    builder = MemoryBuilder(store, lookup, source, width=width, height=height, hfov_deg=hfov_deg)
    tools = GraphTools(store, lookup)
    answer_with = (answerer or (lambda t: make_answerer(t, hfov_deg)))(tools)
    pending = sorted(questions, key=lambda q: (float(q["at"]), str(q["id"])))
    result = RecallResult(detector=source.name)

    def ask_until(t: float | None) -> None:
        while pending and (t is None or float(pending[0]["at"]) <= t):
            q = pending.pop(0)
            result.answers.append(answer_record(q, answer_with, camera_id))

    for i, clip in enumerate(clips):
        mem = builder.add_clip(clip, [kf_times.get(k, clip.t_start) for k in clip.keyframes])
        result.observations += len(mem.caption.observations)
        if on_clip is not None:  # e.g. the reasoner: decides on this clip before later clips exist
            on_clip(mem)
        ask_until(clip.t_end)
        if progress is not None:
            progress(i + 1, len(clips))
    ask_until(None)
    result.clips, result.events = builder.clips, builder.events
    result.wall_s = time.perf_counter() - t0
    return result


def answer_record(q: dict[str, Any], answerer: Answerer, default_camera: str) -> dict[str, Any]:
    """One RUN.json answer: the question's id plus the typed answer (a failure is an answer saying so)."""
    camera = str(q.get("camera") or default_camera)
    try:
        ans = answerer.answer(str(q["question"]), camera, float(q["at"]))
    except Exception as exc:  # noqa: BLE001 - one bad question must not lose the run's other answers
        log.exception("question %s failed", q.get("id"))
        ans = Answer(answer=f"I could not answer: {exc}")
    return {"id": q["id"], **ans.model_dump(mode="json")}


def heading_track_from(samples: Sequence[tuple[float, float]]) -> HeadingTrack:
    return HeadingTrack(samples)


def save_heading(path: Path, samples: Sequence[tuple[float, float]]) -> None:
    """Keep a replay's heading track beside its graph, so `spotter ask` can answer later."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npy")
    np.save(tmp, np.asarray(samples, dtype=np.float64).reshape(-1, 2))
    tmp.replace(path)


def load_heading(path: Path) -> HeadingTrack:
    if not path.is_file():
        return HeadingTrack()
    arr = np.load(path)
    return HeadingTrack((float(t), float(y)) for t, y in arr)


def heading_path(sqlite_path: str, camera_id: str) -> Path:
    """Where the embedded mode keeps a camera's heading track: beside the SQLite graph."""
    return Path(f"{sqlite_path}.heading-{camera_id}.npy")
