"""The embedded mode's memory pass: a replay's clips into the world memory, answering questions on the way.

`MemoryPass` takes one camera's clips in time order through `spotter.memory.MemoryBuilder`
(detections -> tracks -> caption -> world model), hands each clip's memory to `on_clip` (the
proactive reasoner) and, right after the clip that contains a question's `at`, answers it
through the graph tools with `at` (only memory observed up to `at` counts; at clip
granularity, like the live services). Questions after the last clip are answered at the end.
Two drivers: `LiveMemory` while `spotter.embedded.replay` runs (each clip as ingest closes it
and the heading reached its end: what `spotter replay/eval/demo` do, so alerts go out while
the video plays) and `remember` after a replay, over the clips left on the bus (benchmarks).

Detections come from `--detections FILE` (JSON Lines, the contract's
format) or from the configured detector (`SPOTTER_DETECT_*`, the pretrained SSD by
default) run on the keyframes in the blob store.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
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
from spotter.heading.track import HeadingTrack
from spotter.memory import (
    ClipDetections,
    ClipMemory,
    FileDetections,
    KeyframeDetections,
    MemoryBuilder,
    keyframe_times,
)
from spotter.messages import Clip, Keyframe, Projection, decode
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
    clip_wall: dict[str, float] = field(default_factory=dict)
    """Live pass: clip id -> when ingest published the clip (Unix time)."""
    done_wall: dict[str, float] = field(default_factory=dict)
    """Live pass: clip id -> when its memory, decision and alerts were done (Unix time)."""
    alert_clip: dict[str, str] = field(default_factory=dict)
    """Live pass: alert id -> the clip whose decision raised it."""
    deliveries: Any = None
    """Live pass with webhooks: `spotter.alerts.embedded.DeliveryReport`."""


def replayed_clips(
    redis: Redis, camera_id: str
) -> tuple[list[Clip], dict[str, float], tuple[int, int] | None]:
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


def detection_source(
    detections: Path | None, blob_dir: Path, detect_fps: float = 5.0, backend: str | None = None
) -> ClipDetections:
    """The `--detections` file, or a detector over the stored keyframes: `backend`, else the configured one."""
    if detections is not None:
        return FileDetections.read(detections, detect_fps)
    from spotter.detect import DetectorSettings, make_detector

    settings = DetectorSettings() if backend is None else DetectorSettings(backend=backend)  # type: ignore[arg-type]
    return KeyframeDetections(make_detector(settings), LocalBlobStore(blob_dir))


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


class MemoryPass:
    """One camera's clips, in time order, into the world memory; each question answered right after
    the clip holding its `at`; `on_clip` (the reasoner) after each clip, `on_answer` after each answer.

    Shared by the pass after a replay (`remember`) and the pass during one (`LiveMemory`), so both
    build the same memory and give the same answers and alerts.
    """

    def __init__(
        self,
        camera_id: str,
        heading: HeadingTrack,
        store: GraphStore,
        source: ClipDetections,
        *,
        hfov_deg: float = 90.0,
        projection: Projection = "pinhole",
        questions: Sequence[dict[str, Any]] = (),
        answerer: Callable[[GraphTools], Answerer] | None = None,
        on_clip: Callable[[ClipMemory], None] | None = None,
        on_answer: Callable[[dict[str, Any], dict[str, Any]], None] | None = None,
    ) -> None:
        self.camera_id = camera_id
        self.store = store
        self.source = source
        self.hfov_deg = hfov_deg
        self.projection = projection
        self.lookup = heading.lookup(camera_id)
        self.tools = GraphTools(store, self.lookup)
        self.answer_with = (answerer or (lambda t: make_answerer(t, hfov_deg)))(self.tools)
        self.pending = sorted(questions, key=lambda q: (float(q["at"]), str(q["id"])))
        self.on_clip = on_clip
        self.on_answer = on_answer
        self.builder: MemoryBuilder | None = None
        self.result = RecallResult(detector=source.name)
        self._t0 = time.perf_counter()

    def add(
        self, clip: Clip, keyframe_times: Sequence[float], size: tuple[int, int] | None = None
    ) -> ClipMemory:
        if self.builder is None:  # the frame size is known from the first keyframe on
            width, height = size or (640, 360)
            self.builder = MemoryBuilder(
                self.store, self.lookup, self.source, width=width, height=height, hfov_deg=self.hfov_deg,
                projection=self.projection,
            )
        mem = self.builder.add_clip(clip, keyframe_times)
        self.result.observations += len(mem.caption.observations)
        if self.on_clip is not None:  # e.g. the reasoner: decides on this clip before later clips exist
            self.on_clip(mem)
        self.ask_until(clip.t_end)
        return mem

    def ask_until(self, t: float | None) -> None:
        while self.pending and (t is None or float(self.pending[0]["at"]) <= t):
            q = self.pending.pop(0)
            record = answer_record(q, self.answer_with, self.camera_id)
            self.result.answers.append(record)
            if self.on_answer is not None:
                self.on_answer(q, record)

    def finish(self) -> RecallResult:
        """Answer what is left (questions after the last clip) and return what the pass did."""
        self.ask_until(None)
        if self.builder is not None:
            self.result.clips, self.result.events = self.builder.clips, self.builder.events
        self.result.wall_s = time.perf_counter() - self._t0
        return self.result


def remember(
    redis: Redis,
    camera_id: str,
    heading: HeadingTrack,
    store: GraphStore,
    source: ClipDetections,
    *,
    hfov_deg: float = 90.0,
    projection: Projection = "pinhole",
    questions: Sequence[dict[str, Any]] = (),
    answerer: Callable[[GraphTools], Answerer] | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_clip: Callable[[ClipMemory], None] | None = None,
    on_answer: Callable[[dict[str, Any], dict[str, Any]], None] | None = None,
) -> RecallResult:
    """Build the camera's memory from the replayed clips; answer `questions` at their `at` (see module doc)."""
    clips, kf_times, size = replayed_clips(redis, camera_id)
    run = MemoryPass(
        camera_id, heading, store, source, hfov_deg=hfov_deg, projection=projection, questions=questions,
        answerer=answerer, on_clip=on_clip, on_answer=on_answer,
    )  # fmt: skip
    for i, clip in enumerate(clips):
        run.add(clip, keyframe_times(clip, kf_times), size)
        if progress is not None:
            progress(i + 1, len(clips))
    return run.finish()


class LiveMemory:
    """The memory pass while a replay runs (`spotter.embedded.replay(live=...)`): each clip as ingest
    closes it, as soon as the flow tracker's heading has reached the clip's end.

    Waiting for the heading at `t_end` (the next clip's first flow frame, or the tracker's drain
    for the last clip) gives every lookup the samples the pass after a replay would see: the same
    memory, answers and alerts, only sooner. `run` returns the pass's `RecallResult`.
    """

    def __init__(self, make_pass: Callable[[HeadingTrack], MemoryPass], poll_s: float = 0.005) -> None:
        self.make_pass = make_pass
        self.poll_s = poll_s
        self.clip_wall: dict[str, float] = {}
        """Clip id -> when ingest published the clip (its `wall_time`): where alert latency starts."""

        self.done_wall: dict[str, float] = {}
        """Clip id -> when its memory and decision were done."""

    def run(
        self,
        redis: Redis,
        camera_id: str,
        heading: HeadingTrack,
        ingest_done: threading.Event,
        flow_done: threading.Event,
        stop: threading.Event,
    ) -> RecallResult:
        memory = self.make_pass(heading)
        cursors: dict[Any, Any] = {streams.KEYFRAMES: "0-0", streams.CLIPS: "0-0"}
        kf_times: dict[str, float] = {}
        size: tuple[int, int] | None = None
        queue: deque[Clip] = deque()
        while not stop.is_set():
            ended = ingest_done.is_set()  # before the read: an empty read after it means all is read
            resp = cast(list[Any], redis.xread(cursors, count=500, block=None if queue else 100))
            for stream, entries in resp or []:
                name = stream.decode() if isinstance(stream, bytes) else str(stream)
                for entry_id, fields in entries:
                    cursors[name] = entry_id
                    msg, _ = decode(fields)
                    if isinstance(msg, Keyframe) and msg.camera_id == camera_id:
                        kf_times[msg.blob_key] = msg.t
                        size = size or (msg.width, msg.height)
                    elif isinstance(msg, Clip) and msg.camera_id == camera_id:
                        queue.append(msg)
                        self.clip_wall[msg.clip_id] = msg.wall_time
            while queue:
                clip = queue[0]
                last = heading.last_t
                if (last is None or last < clip.t_end) and not flow_done.is_set():
                    break
                # A clip may be read before its keyframe messages (each stream is read a page at a
                # time): wait for them until everything ingest published has been read.
                if not (ended and not resp) and any(k not in kf_times for k in clip.keyframes):
                    break
                queue.popleft()
                memory.add(clip, keyframe_times(clip, kf_times), size)
                self.done_wall[clip.clip_id] = time.time()
            if queue:
                stop.wait(self.poll_s)
            elif ended and not resp:
                break
        return memory.finish()


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


@dataclass
class MemorySpec:
    """What the memory pass of a replay does besides building memory (see `live_pass`)."""

    store: Any
    detect_fps: float = 5.0
    questions: Sequence[dict[str, Any]] = ()
    alerts: list[Any] | None = None
    """A list: the proactive reasoner decides on every clip and its alerts are appended here."""
    webhooks: Sequence[str] = ()
    webhook_secret: str | None = None
    deliver_timeout_s: float = 30.0
    reasoner: Any = None
    """`ReasonerSettings` (default: from the environment, SPOTTER_REASON_*)."""
    summaries: Any = None
    """`VectorSettings` of the summary index (default: in memory, gone after the run)."""


def live_pass(options: Any, spec: MemorySpec, delivery: Any, redis: Any) -> Any:
    """The `live` callable of `replay`: memory, answers and (with `spec.alerts`) decisions clip by clip.

    The detector and the reasoner's stores (and the embedding model) are made here, before the
    video starts, so the first clip does not wait for them.
    """
    source = detection_source(options.detections, options.blob_dir, spec.detect_fps)
    camera = options.camera_id
    track: list[HeadingTrack] = [HeadingTrack()]  # the replay's live track, once it starts

    def heading(cam: str, t: float) -> float | None:
        return track[0].at(cam, t) if cam == camera else None

    proactive = None
    alert_clip: dict[str, str] = {}
    if spec.alerts is not None:  # the proactive reasoner, clip by clip (SPOTTER_REASON_*)
        from spotter.reason.embedded import ProactiveMemory

        alerts, seen = spec.alerts, set[str]()

        def publish(decision: Any, new: list[Any]) -> None:
            fresh = [a for a in new if a.alert_id not in seen]
            seen.update(a.alert_id for a in fresh)
            alert_clip.update((a.alert_id, decision.clip_id) for a in fresh)
            alerts.extend(fresh)
            if delivery is not None:
                delivery.accept(fresh)

        # Summaries, visual archive and the reasoner's three retrieval pathways (EgoMemo).
        proactive = ProactiveMemory(
            redis, spec.store, heading, options.blob_dir, settings=spec.reasoner, publish=publish,
            summaries=spec.summaries,
        )  # fmt: skip

    def on_answer(q: dict[str, Any], record: dict[str, Any]) -> None:
        if proactive is not None:  # a question about where a thing is: recall it when it is back
            proactive.reasoner.on_answer({**q, "camera": q.get("camera") or camera}, record)

    answerers: list[Any] = []

    def answerer(tools: Any) -> Any:
        """Questions take the reactive path: the parser/agent, then the reasoner's retrievals and
        reconstruction over the same summaries, graph and archive (`Answer.narrative`)."""
        from spotter.answer.memory import memory_answerer

        a = memory_answerer(
            tools, summaries=proactive.index if proactive is not None else None,
            archive=proactive.archive if proactive is not None else None, hfov_deg=options.hfov_deg,
        )  # fmt: skip
        answerers.append(a)
        return a

    def make_pass(live_track: HeadingTrack) -> MemoryPass:
        track[0] = live_track
        return MemoryPass(
            camera, live_track, spec.store, source, hfov_deg=options.hfov_deg, projection=options.projection,
            questions=spec.questions,
            answerer=answerer, on_clip=proactive, on_answer=on_answer,
        )  # fmt: skip

    def live(redis: Any, heading_track: Any, ingest_done: Any, flow_done: Any, stop: Any) -> Any:
        runner = LiveMemory(make_pass)
        try:
            result = runner.run(redis, camera, heading_track, ingest_done, flow_done, stop)
        finally:
            for a in answerers:
                a.close()
            if proactive is not None:
                proactive.close()
        result.clip_wall, result.done_wall = runner.clip_wall, runner.done_wall
        result.alert_clip = alert_clip
        return result

    return live
