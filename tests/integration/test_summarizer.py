"""The summarizer on real Redis, the real MiniLM embedder and the embedded vector store.

Twelve minutes of scripted captions (180 clips of 4 s) of one hard-hat camera; the LLM backend
runs against the local scripted OpenAI-protocol server (tests/scripted_http.py).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from redis import Redis

from spotter import streams
from spotter.bus import StreamConsumer, StreamPublisher
from spotter.embed import EmbedSettings, TextEmbedder, make_embedder
from spotter.messages import Caption
from spotter.summarize import (
    ExtractiveSummarizer,
    RedisStateStore,
    Summarizer,
    SummarizerSettings,
    SummaryEntry,
    SummaryIndex,
)
from spotter.summarize.entry import Level
from spotter.summarize.llm import FALLBACK_BACKEND, LlmSummarizer
from spotter.summarize.service import SummarizerHandler
from spotter.vector import EmbeddedVectorStore
from spotter.world.scripted import ScriptedScene
from tests.scripted_http import ScriptedServer as _Server

pytestmark = pytest.mark.integration

CAM = "cam-sum"
ROOT = Path(__file__).resolve().parents[2]
PHASES = [  # (until t, caption text, what is seen)
    (120.0, "A worker lays bricks on the wall.", "bricks"),
    (240.0, "The worker stands idle next to the concrete mixer.", "idle"),
    (360.0, "The worker drills holes into the scaffold beam.", "drill"),
    (480.0, "A worker without a hard hat walks past the ladder.", "nohat"),
    (600.0, "Two workers carry a long ladder across the site.", "ladder"),
    (720.0, "The concrete mixer turns while nobody is near it.", "mixer"),
]


def twelve_minutes(cam: str = CAM) -> list[Caption]:
    scene = ScriptedScene(cam).look(0.0, 0.0)
    caps = []
    for i in range(180):
        t0, t1 = 4.0 * i, 4.0 * (i + 1)
        times = [t0 + 1.0, t0 + 3.0]
        text, kind = next((text, kind) for until, text, kind in PHASES if t1 <= until)
        worker = scene.observation
        if kind == "bricks":
            obs = [
                worker("w", "worker", 0.0, times, state="active", attributes={"hardhat": True}),
                worker("b", "brick_wall", 20.0, times),
            ]
        elif kind == "idle":
            obs = [
                worker("w", "worker", 0.0, times, state="idle", attributes={"hardhat": True}),
                worker("m", "concrete_mixer", -20.0, times),
            ]
        elif kind == "drill":
            obs = [
                worker("w", "worker", 0.0, times, state="active", attributes={"hardhat": True}),
                worker("d", "drill", 5.0, times, state="carried"),
            ]
        elif kind == "nohat":
            obs = [
                worker("w", "worker", 0.0, times, state="moving", attributes={"hardhat": False}),
                worker("l", "ladder", 25.0, times),
            ]
        elif kind == "ladder":
            obs = [
                worker("w", "worker", -10.0, times, state="moving"),
                worker("v", "worker", 10.0, times, state="moving"),
                worker("l", "ladder", 0.0, times, state="carried"),
            ]
        else:
            obs = [worker("m", "concrete_mixer", 0.0, times, state="active")]
        caps.append(scene.caption(i, t0, t1, obs, text=f"{text} Clip {i} of the shift."))
    return caps


def wait_for(condition: Callable[[], bool], timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s}s waiting for {what}")
        time.sleep(0.05)


@pytest.fixture(scope="module")
def embedder() -> TextEmbedder:
    return make_embedder(EmbedSettings())


@pytest.fixture
def open_index() -> Iterator[Callable[[TextEmbedder, Path], SummaryIndex]]:
    """Opens indexes over embedded stores at a path; closes them all after the test (close is idempotent)."""
    opened: list[SummaryIndex] = []

    def open_(embedder: TextEmbedder, path: Path) -> SummaryIndex:
        index = SummaryIndex(embedder, EmbeddedVectorStore("summaries", embedder.dim, path=path))
        opened.append(index)
        return index

    yield open_
    for index in opened:
        index.store.close()


class CountingExtractive(ExtractiveSummarizer):
    """The real extractive backend, counting roll-ups per window id (across handler instances)."""

    calls: dict[str, int] = {}

    def rollup(
        self, camera_id: str, level: Level, window: tuple[float, float], children: Sequence[SummaryEntry]
    ) -> SummaryEntry:
        entry = super().rollup(camera_id, level, window, children)
        CountingExtractive.calls[entry.id] = CountingExtractive.calls.get(entry.id, 0) + 1
        return entry


def test_twelve_minutes_through_the_bus(
    redis: Redis,
    embedder: TextEmbedder,
    open_index: Callable[[TextEmbedder, Path], SummaryIndex],
    tmp_path: Path,
) -> None:
    caps = twelve_minutes()
    StreamPublisher[Caption](redis, streams.CAPTIONS).publish_many([(c, None) for c in caps])
    index = open_index(embedder, tmp_path / "summaries.sqlite3")
    handler = SummarizerHandler(redis, index, SummarizerSettings())
    consumer = StreamConsumer(
        redis, streams.CAPTIONS, streams.GROUP_SUMMARIZER, "sum-1", model=Caption, block_ms=50
    )
    stop = threading.Event()
    worker = threading.Thread(target=consumer.run, args=(handler, stop), daemon=True)
    started = time.perf_counter()
    worker.start()
    try:
        wait_for(lambda: index.count(CAM, "clip") == 180, 400, "180 clip entries")
    finally:
        stop.set()
        worker.join(10)
    elapsed = time.perf_counter() - started
    assert (index.count(CAM, "clip"), index.count(CAM, "activity"), index.count(CAM, "session")) == (
        180,
        11,
        2,
    )
    per_entry_ms = 1000 * index.embed_s / index.embedded
    print(f"\n12 min: {index.embedded} entries in {elapsed:.2f} s, embedding {per_entry_ms:.1f} ms/entry")

    # The roll-ups say what happened: counts, state changes and the missing hard hat.
    hits = index.search("worker without a hard hat", CAM, t=720.0, k=3, level="activity")
    assert hits and hits[0].payload.t_start >= 360.0 and hits[0].payload.t_end <= 480.0
    assert "worker without hardhat in 15 clips" in hits[0].payload.text
    session = index.search("bricks and idle worker", CAM, t=720.0, k=1, level="session")[0]
    assert session.payload.ref["window"] == [0.0, 300.0] and session.payload.ref["n_clips"] == 75
    assert "worker active -> idle -> active" in session.payload.text
    assert len(session.payload.ref["children"]) == 5

    # Retrieval as of t never returns an entry that ended after t.
    for t in [3.0, 4.0, 59.0, 60.0, 61.0, 299.0, 300.0, 333.3, 599.9, 720.0]:
        for level in (None, "clip", "activity", "session"):
            for query in ("worker drills the scaffold", "ladder", "concrete mixer"):
                found = index.search(query, CAM, t=t, k=50, level=level)
                assert all(h.payload.t_end <= t for h in found), (t, level, query)
                if level is not None:
                    assert all(h.payload.level == level for h in found)
    assert index.search("ladder", CAM, t=3.0, k=5) == []
    assert index.search("bricks", CAM, t=59.0, k=5, level="activity") == []
    assert len(index.search("bricks", CAM, t=60.0, k=5, level="activity")) == 1
    assert index.search("bricks", "another-camera", t=720.0, k=5) == []

    # A redelivered caption changes nothing (idempotent by clip id).
    before = index.count()
    assert handler.handle(caps[17]) == [] and handler.handle(caps[-1]) == []
    assert index.count() == before


def test_restart_continues_without_recomputing(
    redis: Redis,
    embedder: TextEmbedder,
    open_index: Callable[[TextEmbedder, Path], SummaryIndex],
    tmp_path: Path,
) -> None:
    caps = twelve_minutes()
    CountingExtractive.calls = {}
    first_index = open_index(embedder, tmp_path / "a.sqlite3")
    first = SummarizerHandler(redis, first_index, SummarizerSettings(), CountingExtractive())
    for c in caps[:100]:  # 400 s: activities up to (340, 400] are open
        first.handle(c)
    assert (first_index.count(level="activity"), first_index.count(level="session")) == (6, 1)
    first_index.store.close()  # "crash": a new process, a new store handle, the same Redis
    second_index = open_index(embedder, tmp_path / "a.sqlite3")
    second = SummarizerHandler(redis, second_index, SummarizerSettings(), CountingExtractive())
    for c in caps[90:]:  # the last ten are redelivered
        second.handle(c)
    assert (
        second_index.count(level="clip"),
        second_index.count(level="activity"),
        second_index.count(level="session"),
    ) == (180, 11, 2)
    assert set(CountingExtractive.calls.values()) == {1} and len(CountingExtractive.calls) == 13

    # Same texts as one uninterrupted run.
    redis.delete(streams.checkpoint_key("summarizer", CAM))
    whole = Summarizer(SummarizerSettings(), state=RedisStateStore(redis))
    expected = {e.id: e.text for c in caps for e in whole.add_caption(c)}
    q = embedder.embed(["worker"])[0]
    stored = {h.id: h.payload.text for h in second_index.store.search(q, 500, camera_id=CAM)}
    assert stored == expected


def test_service_process(redis: Redis, redis_url: str, tmp_path: Path) -> None:
    caps = twelve_minutes()[:20]  # 80 s: 20 clips and the activity (0, 60]
    StreamPublisher[Caption](redis, streams.CAPTIONS).publish_many([(c, None) for c in caps])
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "shared"), str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "REDIS_URL": redis_url,
        "SPOTTER_VECTOR_EMBEDDED_PATH": str(tmp_path),
        "SPOTTER_BLOCK_MS": "50",
        "SPOTTER_HEARTBEAT_S": "0.2",
        "SPOTTER_CONSUMER_NAME": "sum-proc",
    }

    def done() -> bool:
        groups = redis.xinfo_groups(streams.CAPTIONS)
        mine = [g for g in groups if g["name"] in (b"summarizer", "summarizer")]
        return (
            bool(mine)
            and mine[0]["pending"] == 0
            and mine[0]["last-delivered-id"] not in (b"0-0", "0-0")
            and mine[0].get("entries-read") == 20
        )

    log_path = tmp_path / "summarizer.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "services.summarizer"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_for(done, 180, "the service to ack 20 captions")
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0, log_path.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    store = EmbeddedVectorStore("summaries", 384, path=tmp_path / "summaries.sqlite3")
    try:
        assert (store.count(level="clip"), store.count(level="activity"), store.count(level="session")) == (
            20,
            1,
            0,
        )
    finally:
        store.close()
    state = json.loads(redis.get(streams.checkpoint_key("summarizer", CAM)) or b"{}")
    assert state["activity"]["start"] == 60.0 and len(state["activity"]["children"]) == 5


# --- the LLM backend against the scripted OpenAI-protocol server ---------------------------


@dataclass
class Reply:
    status: int = 200
    content: str = ""
    sleep_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


def completion(content: str) -> bytes:
    return json.dumps(
        {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 0,
            "model": "test-llm",
            "choices": [
                {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}
            ],
        }
    ).encode()


@pytest.fixture
def server() -> Iterator[_Server]:
    s = _Server(lambda reply, _body: completion(reply.content), lambda: Reply(status=500))
    yield s
    s.close()


def llm_settings(server: _Server) -> SummarizerSettings:
    return SummarizerSettings(
        backend="llm",
        llm_base_url=server.url,
        llm_model="test-llm",
        llm_timeout_s=2.0,
        llm_max_retries=2,
        llm_retry_backoff_s=0.01,
    )


def test_llm_backend_writes_roll_ups(
    redis: Redis,
    embedder: TextEmbedder,
    server: _Server,
    open_index: Callable[[TextEmbedder, Path], SummaryIndex],
    tmp_path: Path,
) -> None:
    caps = twelve_minutes()[:76]  # to 304 s: activities (0,60] ... (240,300] and session (0,300]
    server.script = [Reply(content=f"  The worker laid bricks, stretch {i}.\n") for i in range(5)]
    server.script += [
        Reply(status=503),
        Reply(content="A morning of bricklaying, then a pause at the mixer."),
    ]
    llm = LlmSummarizer(llm_settings(server))
    index = open_index(embedder, tmp_path / "llm.sqlite3")
    handler = SummarizerHandler(redis, index, llm_settings(server), llm)
    try:
        out = [e for c in caps for e in handler.handle(c)]
    finally:
        llm.close()
    rollups = [e for e in out if e.level != "clip"]
    assert [e.level for e in rollups] == ["activity"] * 5 + ["session"]
    assert all(e.backend == "llm" for e in rollups)
    assert rollups[0].text == "Activity 0-60 s (15 clips): The worker laid bricks, stretch 0."
    assert rollups[-1].text.endswith("A morning of bricklaying, then a pause at the mixer.")
    assert rollups[-1].counts == {
        "brick_wall": 1,
        "concrete_mixer": 1,
        "drill": 1,
        "worker": 1,
    }  # facts stay extractive
    assert len(server.requests) == 7  # one retry after the 503
    first = server.requests[0]["body"]
    assert first["model"] == "test-llm" and first["temperature"] == 0.0
    user = first["messages"][1]["content"]
    assert "[0-4 s, clip] A worker lays bricks on the wall. Clip 0 of the shift." in user
    assert "[56-60 s, clip]" in user and "[60-64 s" not in user  # only this window's children
    session_prompt = server.requests[-1]["body"]["messages"][1]["content"]
    assert (
        "[240-300 s, activity] Activity 240-300 s (15 clips): The worker laid bricks, stretch 4."
        in session_prompt
    )
    hit = index.search("bricklaying morning", CAM, t=400.0, k=1, level="session")[0]
    assert hit.payload.ref["backend"] == "llm"


def feed(summarizer: Summarizer, caps: Sequence[Caption]) -> list[SummaryEntry]:
    return [e for c in caps for e in summarizer.add_caption(c)]


def test_llm_failure_falls_back_to_extractive(server: _Server) -> None:
    caps = twelve_minutes()[:16]  # closes (0, 60]
    llm = LlmSummarizer(llm_settings(server))
    try:
        server.script = [Reply(status=500)] * 3  # the budget: 1 + 2 retries
        out = feed(Summarizer(llm_settings(server), llm), caps)
        activity = [e for e in out if e.level == "activity"][0]
        assert activity.backend == FALLBACK_BACKEND and llm.attempts == 3 and len(server.requests) == 3
        assert (
            activity.text
            == ExtractiveSummarizer()
            .rollup(CAM, "activity", (0.0, 60.0), [e for e in out if e.level == "clip"][:15])
            .text
        )

        server.requests.clear()
        server.script = [Reply(status=400)]  # not retried
        out = feed(Summarizer(llm_settings(server), llm), caps)
        assert [e.backend for e in out if e.level == "activity"] == [FALLBACK_BACKEND] and len(
            server.requests
        ) == 1

        server.requests.clear()
        server.script = [
            Reply(content="   "),
        ]  # an empty reply
        out = feed(Summarizer(llm_settings(server), llm), caps)
        assert [e.backend for e in out if e.level == "activity"] == [FALLBACK_BACKEND] and len(
            server.requests
        ) == 1

        server.requests.clear()
        server.script = [
            Reply(content="late", sleep_s=3.0),
            Reply(content="On time."),
        ]  # timeout, then retried
        out = feed(Summarizer(llm_settings(server), llm), caps)
        assert [e.text for e in out if e.level == "activity"] == ["Activity 0-60 s (15 clips): On time."]
        assert llm.fallbacks == 3
    finally:
        llm.close()
