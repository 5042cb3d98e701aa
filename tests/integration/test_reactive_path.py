"""The reactive path (spotter.answer.memory): a question goes through retrieval and reconstruction.

The memory is real: a `WorldModel` fills a `SqliteGraphStore` from a scripted scene, and a real
`SummaryIndex` (embedded vector store, the default MiniLM numpy embedder) holds clip summaries,
one of them from after the question time. The answers' typed fields must stay the inner
answerer's; the narrative and evidence gain what the pathways found up to `at` and nothing after.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr
from redis import Redis

from spotter import streams
from spotter.answer.base import Answer
from spotter.answer.memory import MemoryAnswerer, memory_answerer
from spotter.answer.parser import QuestionParser
from spotter.api import ApiSettings, create_app
from spotter.embed import EmbedSettings, make_embedder
from spotter.graph import GraphSettings, SqliteGraphStore
from spotter.reason.narrate import LlmNarrator, NarrateSettings, TemplateNarrative
from spotter.reason.reasoner import RetrievedItem
from spotter.reason.retrieval import GraphRetriever
from spotter.settings import BusSettings
from spotter.summarize import SummaryIndex
from spotter.summarize.entry import SummaryEntry
from spotter.tools import GraphTools
from spotter.vector.embedded import EmbeddedVectorStore
from spotter.world.scripted import ScriptedScene
from tests.scripted_http import ScriptedServer
from tests.unit.test_tools import CAM, build_scene, fill

pytestmark = pytest.mark.integration

AT = 12.0
LATE = "The ladder was carried away to the scaffold by two workers."
SUMMARIES = [  # (clip index, t_start, t_end, text): clip ids as the scene names them
    (0, 0.0, 2.0, "A worker set the ladder up against the brick wall."),
    (1, 2.0, 4.0, "The ladder stands against the brick wall, nobody on it."),
    (3, 6.0, 8.0, "A red toolbox was put down on the left."),
    (7, 20.0, 22.0, LATE),
]
PATHWAY_TIMEOUT_S = 5.0  # generous: two shared cores; the sleeping-pathway test sets its own


def fill_later(store: SqliteGraphStore, scene: ScriptedScene) -> None:
    """After the question time: the ladder seen again at 20-22 s (clip 7)."""
    from spotter.world.model import WorldModel

    model = WorldModel(store, scene.heading)
    model.ingest(scene.caption(6, 12.0, 20.0))
    model.ingest(scene.caption(7, 20.0, 22.0, [scene.observation("l", "ladder", 210.0, [20.5, 21.5])]))


@dataclass
class Memory:
    tools: GraphTools
    store: SqliteGraphStore
    index: SummaryIndex
    clip_ids: dict[int, str]
    ladder: str


@pytest.fixture(scope="module")
def embedder() -> Any:
    e = make_embedder(EmbedSettings())
    e.embed(["warm up"])
    return e


@pytest.fixture
def memory(tmp_path: Path, embedder: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Memory]:
    for var in [v for v in os.environ if v.startswith(("SPOTTER_AGENT_", "SPOTTER_NARRATE_"))]:
        monkeypatch.delenv(var)
    store = SqliteGraphStore(tmp_path / "graph.sqlite3")
    store.init()
    scene = build_scene()
    fill(store, scene)
    fill_later(store, scene)
    clips = {c.t_start: c.clip_id for c in store.clips(CAM)}
    clip_ids = {i: clips[t0] for i, t0, _t1, _text in SUMMARIES}
    index = SummaryIndex(embedder, EmbeddedVectorStore("summaries", embedder.dim, path=None))
    index.add([
        SummaryEntry(id=clip_ids[i], camera_id=CAM, level="clip", t_start=t0, t_end=t1, window_start=t0,
                     window_end=t1, text=text)
        for i, t0, t1, text in SUMMARIES
    ])  # fmt: skip
    ladder = next(e.entity_id for e in store.entities(CAM) if e.label == "ladder")
    try:
        yield Memory(GraphTools(store, scene.heading), store, index, clip_ids, ladder)
    finally:
        index.store.close()
        store.close()


def typed(answer: Answer) -> dict[str, Any]:
    return answer.model_dump(exclude={"narrative", "evidence"})


def test_narrative_and_evidence_come_from_memory_up_to_at_only(memory: Memory) -> None:
    parser = QuestionParser(memory.tools)
    asker = memory_answerer(
        memory.tools,
        summaries=memory.index,
        narrator=TemplateNarrative(),
        inner=parser,
        timeout_s=PATHWAY_TIMEOUT_S,
    )
    try:
        assert asker.pathways == ["temporal", "graph"]
        q = "Where is the ladder now?"
        plain = parser.answer(q, CAM, AT)
        ans = asker.answer(q, CAM, AT)
        # The typed answer is the inner answerer's, text first and intact.
        assert typed(ans) == typed(plain) and ans.entities == [memory.ladder] and ans.direction == "behind"
        assert ans.evidence[: len(plain.evidence)] == plain.evidence
        assert ans.narrative is not None and ans.narrative.startswith(plain.answer + " Earlier (at ")
        assert ans.narrative.count("Earlier") == 2
        assert "ladder" in ans.narrative.split(plain.answer, 1)[1]
        # Retrieved summaries up to `at` are in; the one from 20-22 s is not, anywhere.
        added = {e.clip_id for e in ans.evidence} - {e.clip_id for e in plain.evidence}
        assert {memory.clip_ids[0], memory.clip_ids[1]} <= {e.clip_id for e in ans.evidence}
        assert added and memory.clip_ids[7] not in {e.clip_id for e in ans.evidence}
        assert "scaffold" not in ans.narrative and "20-22 s" not in ans.narrative
        assert all(e.t_end <= AT and e.t_start <= e.t_end for e in ans.evidence)
        spans = {c.clip_id: c for c in memory.store.clips(CAM)}
        for e in ans.evidence[len(plain.evidence) :]:  # added spans are the clips' own (from the graph store)
            assert (e.t_start, e.t_end) == (spans[e.clip_id].t_start, spans[e.clip_id].t_end)
        assert len(added) == len({e.clip_id for e in ans.evidence if e.clip_id in added})  # deduplicated
        # Without `at` the whole memory counts: the later summary and sighting may come back.
        later = asker.answer(q, CAM)
        assert memory.clip_ids[7] in {e.clip_id for e in later.evidence}
        assert typed(later) == typed(parser.answer(q, CAM))
    finally:
        asker.close()


def test_the_retrieval_request_is_bounded_by_at_for_the_llm_too(memory: Memory) -> None:
    """The narrator's prompt carries the question, the typed answer's text and the retrieved texts (<= at)."""

    @dataclass
    class Reply:
        status: int = 200
        content: str = ""
        sleep_s: float = 0.0
        headers: dict[str, str] = field(default_factory=dict)

    def render(reply: Reply, _body: dict[str, Any]) -> bytes:
        message = {"role": "assistant", "content": reply.content}
        return json.dumps({"id": "c", "object": "chat.completion", "created": 0, "model": "m",
                           "choices": [{"index": 0, "finish_reason": "stop", "message": message}]}).encode()  # fmt: skip

    server = ScriptedServer(render, lambda: Reply(status=500))
    narrator = LlmNarrator(NarrateSettings(base_url=server.url, model="m", timeout_s=5.0, max_retries=0))
    parser = QuestionParser(memory.tools)
    asker = memory_answerer(
        memory.tools, summaries=memory.index, narrator=narrator, inner=parser, timeout_s=PATHWAY_TIMEOUT_S
    )
    try:
        server.script = [Reply(content="Behind you. It was set up against the brick wall at the start.")]
        q = "Where is the ladder now?"
        ans = asker.answer(q, CAM, AT)
        assert ans.narrative == "Behind you. It was set up against the brick wall at the start."
        plain = parser.answer(q, CAM, AT)
        assert typed(ans) == typed(plain)
        prompt = server.requests[0]["body"]["messages"][-1]["content"]
        assert q in prompt and plain.answer in prompt
        assert SUMMARIES[0][3] in prompt and "ladder seen at bearing" in prompt
        assert LATE not in prompt and "20-22 s" not in prompt
        # The model down (500): the template narrative, the answer still typed and whole.
        down = asker.answer(q, CAM, AT)
        assert down.narrative is not None and down.narrative.startswith(plain.answer + " Earlier")
        assert typed(down) == typed(plain)
    finally:
        asker.close()
        narrator.close()
        server.close()


class Sleepy:
    name = "sleepy"

    def __init__(self, sleep_s: float) -> None:
        self.sleep_s = sleep_s

    def retrieve(
        self, query: str, camera_id: str, t_max: float, entity_ids: Sequence[str]
    ) -> list[RetrievedItem]:
        time.sleep(self.sleep_s)
        return [RetrievedItem(self.name, "SLEEPY EVIDENCE", ("sleepy-clip",), t=1.0)]


def test_a_pathway_past_the_timeout_costs_only_its_evidence(memory: Memory) -> None:
    parser = QuestionParser(memory.tools)
    asker = MemoryAnswerer(
        parser,
        [Sleepy(3.0), GraphRetriever(memory.store)],
        TemplateNarrative(),
        store=memory.store,
        timeout_s=0.5,
    )
    try:
        plain = parser.answer("Where is the ladder now?", CAM, AT)  # the parser's model loaded first
        t0 = time.perf_counter()
        ans = asker.answer("Where is the ladder now?", CAM, AT)
        assert time.perf_counter() - t0 < 2.5  # waited for the timeout, not for the sleeper (3 s)
        assert (
            ans.narrative is not None
            and "SLEEPY" not in ans.narrative
            and "ladder seen at bearing" in ans.narrative
        )
        assert "sleepy-clip" not in {e.clip_id for e in ans.evidence}
        assert asker.pathway_stats["sleepy"].timeouts == 1 and asker.pathway_stats["graph"].items >= 1
        assert typed(ans) == typed(plain)
    finally:
        asker.close()


def test_nothing_retrieved_leaves_the_answer_as_it_was(memory: Memory) -> None:
    parser = QuestionParser(memory.tools)
    asker = MemoryAnswerer(parser, [GraphRetriever(memory.store)], TemplateNarrative(), store=memory.store)
    try:
        # Asked at t=3 the toolbox is unknown: no entities, so the graph pathway has no seeds.
        plain = parser.answer("Where is the toolbox?", CAM, 3.0)
        ans = asker.answer("Where is the toolbox?", CAM, 3.0)
        assert ans.narrative == plain.answer and ans.evidence == plain.evidence and typed(ans) == typed(plain)
    finally:
        asker.close()


# --- REST: /v1/ask through the reactive path ---------------------------------------------------

KEY = "k3y-reactive-path-0123"
H = {"X-API-Key": KEY}


@pytest.fixture
def api_graph(tmp_path: Path, redis: Redis, monkeypatch: pytest.MonkeyPatch) -> Path:
    for var in [
        v for v in os.environ if v.startswith(("SPOTTER_AGENT_", "SPOTTER_NARRATE_", "SPOTTER_VECTOR_"))
    ]:
        monkeypatch.delenv(var)
    # One host, no Qdrant: the summarizer's and the archive's embedded indexes live here.
    monkeypatch.setenv("SPOTTER_VECTOR_EMBEDDED_PATH", str(tmp_path / "vectors"))
    monkeypatch.setenv("SPOTTER_ARCHIVE_BLOB_DIR", str(tmp_path / "blobs"))
    path = tmp_path / "graph.sqlite3"
    store = SqliteGraphStore(path)
    store.init()
    scene = build_scene()
    fill(store, scene)
    fill_later(store, scene)
    store.close()
    redis.zadd(streams.heading_track_key(CAM), {f"{t}:{scene.yaw(t)}": t for t in range(0, 23, 2)})
    return path


def app_client(path: Path, redis_url: str) -> TestClient:
    return TestClient(create_app(
        ApiSettings(api_keys=[SecretStr(KEY)]), graph=GraphSettings(sqlite_path=str(path)),
        bus=BusSettings(redis_url=SecretStr(redis_url)),
    ))  # fmt: skip


def test_api_ask_has_the_graph_pathways_narrative_and_evidence(api_graph: Path, redis_url: str) -> None:
    with app_client(api_graph, redis_url) as client:
        # No summarizer or archive has written yet: their pathways are open on empty indexes.
        assert client.app.state.answerer.pathways == ["temporal", "graph", "visual"]  # type: ignore[attr-defined]
        r = client.post(
            "/v1/ask", json={"camera_id": CAM, "question": "Where is the ladder now?", "at": AT}, headers=H
        )
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["direction"] == "behind" and body["backend"] == "parser" and len(body["entities"]) == 1
        assert body["narrative"].startswith(body["answer"] + " Earlier (at ")
        assert "ladder seen at bearing 30 deg" in body["narrative"]
        ladder_clips = {"cam-1-s0-000000", "cam-1-s0-000001"}
        clips = {e["clip_id"] for e in body["evidence"]}
        assert clips & ladder_clips and "cam-1-s0-000007" not in clips
        assert all(e["t_end"] <= AT for e in body["evidence"])
        assert (
            "narrative" in client.get("/openapi.json").json()["components"]["schemas"]["Answer"]["properties"]
        )


def test_api_ask_without_the_shared_vector_store_keeps_the_graph_pathway(
    api_graph: Path, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Distributed mode configured, but Qdrant unreachable: temporal and visual pathways are absent.
    monkeypatch.setenv("SPOTTER_VECTOR_BACKEND", "qdrant")
    monkeypatch.setenv("SPOTTER_VECTOR_QDRANT_URL", "http://127.0.0.1:1")
    with app_client(api_graph, redis_url) as client:
        assert client.app.state.answerer.pathways == ["graph"]  # type: ignore[attr-defined]
        r = client.post(
            "/v1/ask", json={"camera_id": CAM, "question": "Where is the ladder now?", "at": AT}, headers=H
        )
        assert r.status_code == 200 and r.json()["narrative"].startswith(r.json()["answer"])
        # Not silent: readiness fails and the metrics say which pathways are down.
        ready = client.get("/readyz")
        assert ready.status_code == 503
        checks = ready.json()["checks"]
        assert checks["redis"] == checks["graph"] == "ok" and checks["temporal"].startswith("absent")
        assert checks["visual"].startswith("absent")
        metrics = client.get("/metrics").text
        assert 'spotter_api_pathway_up{pathway="graph"} 1' in metrics
        assert 'spotter_api_pathway_up{pathway="temporal"} 0' in metrics
        assert 'spotter_api_pathway_up{pathway="visual"} 0' in metrics


def test_api_ask_on_one_host_reads_what_the_summarizer_and_archive_write(
    api_graph: Path, redis_url: str, redis: Redis, tmp_path: Path, embedder: Any
) -> None:
    """The API opened before anything was written; the writers (another connection, as another
    process would be) commit; the next question's pathways find their entries."""
    from spotter.archive import ArchiveSettings, VisualArchive
    from spotter.blobstore import LocalBlobStore, keyframe_key
    from spotter.messages import Keyframe
    from spotter.synth.panorama import make_panorama
    from spotter.synth.render import ViewRenderer
    from spotter.vector import VectorSettings

    with app_client(api_graph, redis_url) as client:
        assert client.get("/readyz").status_code == 200
        summaries = SummaryIndex(embedder, EmbeddedVectorStore(
            "summaries", embedder.dim, path=tmp_path / "vectors" / "summaries.sqlite3"))  # fmt: skip
        summaries.add([
            SummaryEntry(id=f"{CAM}-s0-{i:06d}", camera_id=CAM, level="clip", t_start=t0, t_end=t1,
                         window_start=t0, window_end=t1, text=text)
            for i, t0, t1, text in SUMMARIES
        ])  # fmt: skip
        blobs = LocalBlobStore(tmp_path / "blobs")
        archive = VisualArchive.from_settings(
            redis, blobs, ArchiveSettings(), VectorSettings(embedded_path=str(tmp_path / "vectors"))
        )
        renderer = ViewRenderer(make_panorama(5, 2048), 320, 180, 90.0)
        try:
            for t, yaw in ((1.0, 30.0), (50.0, 200.0), (100.0, 32.0)):  # the first view, seen again at 100 s
                clip = f"{CAM}-s0-{int(t) // 2:06d}"
                jpg = cv2.imencode(".jpg", renderer.render(yaw, 0.0, 0.0))[1].tobytes()
                key = blobs.put(keyframe_key(CAM, clip, int(t * 15)), jpg, "image/jpeg")
                assert archive.add(Keyframe(camera_id=CAM, t=t, clip_id=clip, frame_index=int(t * 15), blob_key=key,
                                            width=320, height=180))  # fmt: skip
        finally:
            archive.close()
            summaries.store.close()
        r = client.post(
            "/v1/ask", json={"camera_id": CAM, "question": "Where is the ladder now?", "at": 110.0}, headers=H
        )
        assert r.status_code == 200, r.text
        stats = client.app.state.answerer.pathway_stats  # type: ignore[attr-defined]
        assert stats["temporal"].items > 0 and stats["graph"].items > 0 and stats["visual"].items > 0, stats
        assert "ladder" in r.json()["narrative"]
        metrics = client.get("/metrics").text
        assert all(f'spotter_api_pathway_up{{pathway="{p}"}} 1' in metrics for p in ("graph", "temporal", "visual"))
