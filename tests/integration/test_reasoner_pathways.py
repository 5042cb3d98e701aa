"""The distributed reasoner retrieves: deep alerts carry what EgoMemo's pathways found.

Real processes over a real redis-server (`python -m services.knowledge_graph` and
`python -m services.reasoner`, SQLite graph, the helpers of bench.alert_latency): the
bricklaying scenario's first minutes as captions, the true heading as the heading track. The
service's deep alerts (idle, progress) add the knowledge-graph pathway's earlier observations
to the rules' message ("Earlier (at N s): ...") and their clips to the evidence; alert ids stay
those of the library `Reasoner` without retrieval. With the distributed mode's vector store
configured but unreachable (SPOTTER_VECTOR_BACKEND=qdrant), the service starts, logs the two
absent pathways and decides with the graph pathway alone.

Not covered: the temporal and visual pathways served from a shared Qdrant. Qdrant's local mode
is single-process (the test and the service cannot share it) and no Qdrant server runs here;
`spotter.reason.pathways.open_memory_pathways` is the API's, covered by test_reactive_path.

In process, the restart catch-up: a replica's silent re-decisions of a camera's earlier captions
do not retrieve; a caption among them delivered afterwards gets its alerts completed with
retrieval, exactly as an in-order replica decides them over the same memory.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from redis import Redis

from bench.alert_latency import (
    ScenarioInput,
    decided,
    scenario_input,
    service_env,
    start_service,
    stream_messages,
    wait_for,
    write_heading,
)
from spotter import streams
from spotter.bus import StreamPublisher
from spotter.graph.sqlite import SqliteGraphStore
from spotter.memory import ClipMemory
from spotter.messages import Alert, Caption
from spotter.reason import DEEP_CATEGORIES, Reasoner, ReasonerSettings
from spotter.reason.pathways import make_retrievers
from spotter.reason.service import ReasonerHandler
from spotter.world.model import WorldModel
from spotter.world.service import KnowledgeGraphHandler, KnowledgeGraphSettings, RedisHeading

pytestmark = pytest.mark.integration

N_CLIPS = 14
"""The scenario's first 140 s: an idle worker (20 s), the wall started (50 s), a course finished (100 s), idle again."""
TIMEOUT_S = "5.0"  # per pathway: generous, the machine's cores are shared; the graph answers in ms


@pytest.fixture(scope="module")
def data() -> ScenarioInput:
    return scenario_input("bricklaying")


def reference(redis: Redis, data: ScenarioInput, n: int) -> Reasoner:
    """The library reasoner without retrieval over the first `n` captions (the rules' alerts)."""
    store = SqliteGraphStore(":memory:")
    store.init()
    heading = RedisHeading(redis, 2.0)
    model = WorldModel(store, heading)
    ref = Reasoner(store, heading, ReasonerSettings(**data.reason_overrides))
    for cap, clip in zip(data.captions[:n], data.clips[:n], strict=True):
        ref.on_clip(ClipMemory(clip, cap, model.ingest(cap), 0, 0))
    store.close()
    return ref


def run_services(
    redis: Redis, redis_url: str, tmp_path: Path, data: ScenarioInput, n: int, extra: dict[str, str]
) -> tuple[list[Alert], str]:
    """Knowledge graph + reasoner processes over the first `n` captions: (alerts published, reasoner log)."""
    write_heading(redis, data.run.camera, data.yaw, data.run.fps)
    env = service_env(redis_url, tmp_path / "graph.sqlite3", {
        **data.reason_env, "SPOTTER_BLOCK_MS": "50", "SPOTTER_HEARTBEAT_S": "0.2",
        "SPOTTER_REASON_RETRIEVAL_TIMEOUT_S": TIMEOUT_S, **extra,
    })  # fmt: skip
    kg = start_service("knowledge_graph", env, tmp_path, "kg-1")
    reasoner = start_service("reasoner", env, tmp_path, "reasoner-1")
    rcs = {}
    try:
        for svc in ("knowledge-graph", "reasoner"):
            wait_for(lambda s=svc: bool(redis.keys(streams.health_pattern(s))), 90.0, f"{svc} to start")  # type: ignore[misc]
        StreamPublisher[Caption](redis, streams.CAPTIONS).publish_many([(c, None) for c in data.captions[:n]])
        want = {c.clip_id for c in data.captions[:n]}
        wait_for(lambda: decided(redis) >= want, 90.0, "a decision for every clip")
    finally:
        rcs = {s.name: s.stop() for s in (reasoner, kg)}
    log = reasoner.log_path.read_text()
    assert rcs == {"reasoner": 0, "knowledge_graph": 0}, (rcs, log[-3000:])
    return [m for _t, m in stream_messages(redis, streams.ALERTS) if isinstance(m, Alert)], log


def assert_graph_evidence(alerts: list[Alert], ref: Reasoner) -> None:
    """Same alert ids as the rules'; deep alerts with the graph's earlier observations added."""
    by_id = {a.alert_id: a for a in ref.alerts}
    assert {a.alert_id for a in alerts} == set(by_id)
    deep = [a for a in alerts if a.category in DEEP_CATEGORIES]
    assert {"idle", "progress"} <= {a.category for a in deep}
    for a in alerts:
        rule = by_id[a.alert_id]
        assert a.message.startswith(rule.message), (a.message, rule.message)
        assert (a.evidence.entity_ids, a.evidence.times) == (rule.evidence.entity_ids, rule.evidence.times)
        assert set(a.evidence.clip_ids) >= set(rule.evidence.clip_ids)
        if a.category not in DEEP_CATEGORIES:  # instant alerts never wait for retrieval
            assert a.model_dump(exclude={"wall_time"}) == rule.model_dump(exclude={"wall_time"})
    idle = min((a for a in deep if a.category == "idle"), key=lambda a: a.t)
    assert idle.t == 20.0 and "Earlier (at " in idle.message and "worker" in idle.message
    (deciding,) = by_id[idle.alert_id].evidence.clip_ids
    assert len(idle.evidence.clip_ids) > 1 and deciding in idle.evidence.clip_ids
    # Nothing from after the deciding clip's end (the graph pathway is bounded by it).
    assert all(c <= max(by_id[a.alert_id].evidence.clip_ids) for a in deep for c in a.evidence.clip_ids)
    with_history = [a for a in deep if "Earlier (at " in a.message]
    assert len(with_history) >= len(deep) - 1, [a.message for a in deep]


@pytest.mark.slow
def test_the_reasoner_service_gives_deep_alerts_the_graph_pathways_evidence(
    redis: Redis, redis_url: str, tmp_path: Path, data: ScenarioInput
) -> None:
    alerts, log = run_services(redis, redis_url, tmp_path, data, N_CLIPS, {})
    assert "retrieval pathways: graph (each within 5.00 s)" in log, log[-3000:]
    assert_graph_evidence(alerts, reference(redis, data, N_CLIPS))


@pytest.mark.slow
def test_the_reasoner_service_starts_and_decides_with_an_unreachable_vector_store(
    redis: Redis, redis_url: str, tmp_path: Path, data: ScenarioInput
) -> None:
    n = 6  # the first idle alert (20 s) and the wall's first sighting (50 s)
    alerts, log = run_services(redis, redis_url, tmp_path, data, n, {
        "SPOTTER_VECTOR_BACKEND": "qdrant", "SPOTTER_VECTOR_QDRANT_URL": "http://127.0.0.1:1",
    })  # fmt: skip
    assert "reasoner: no temporal pathway, the summaries did not open" in log, log[-3000:]
    assert "reasoner: no visual pathway, the visual archive did not open" in log, log[-3000:]
    assert "retrieval pathways: graph (each within" in log, log[-3000:]
    assert_graph_evidence(alerts, reference(redis, data, n))


def test_catch_up_decides_silently_without_retrieval_and_completes_a_later_delivery(
    redis: Redis, tmp_path: Path, data: ScenarioInput
) -> None:
    cam = data.run.camera
    write_heading(redis, cam, data.yaw, data.run.fps)
    store = SqliteGraphStore(tmp_path / "graph.sqlite3")
    store.init()
    captions = data.captions[:N_CLIPS]
    kg = KnowledgeGraphHandler(redis, store, KnowledgeGraphSettings(heading_wait_s=0.5))
    for c in captions:
        kg.handle(c)
    ids = StreamPublisher[Caption](redis, streams.CAPTIONS).publish_many([(c, None) for c in captions])
    settings = ReasonerSettings(
        **data.reason_overrides, retrieval_timeout_s=float(TIMEOUT_S), clip_wait_s=0.2
    )
    # An in-order replica over the same memory: what each clip's alerts are with retrieval.
    in_order = ReasonerHandler(redis, store, settings, retrievers=make_retrievers(store))
    expected = {a.alert_id: a for c in captions for a in in_order.handle(c)[1]}
    in_order.close()
    idle = min((a for a in expected.values() if a.category == "idle"), key=lambda a: a.t)
    assert "Earlier (at " in idle.message and len(idle.evidence.clip_ids) > 1
    k_idle = next(k for k, c in enumerate(captions) if c.t == idle.t)
    redis.delete(streams.ALERTS, streams.DECISIONS)

    replica = ReasonerHandler(
        redis, store, settings, stop=threading.Event(), retrievers=make_retrievers(store)
    )
    try:
        # A replica's first caption: the camera's earlier captions are decided first, silently, without retrieval.
        _decision, last = replica.handle(captions[-1], ids[-1])
        calls = replica.reasoner.pathway_stats.get("graph")
        assert (calls.calls if calls is not None else 0) == sum(a.category in DEEP_CATEGORIES for a in last)
        published = [m for _t, m in stream_messages(redis, streams.ALERTS) if isinstance(m, Alert)]
        assert [a.alert_id for a in published] == [a.alert_id for a in last]
        # One of them delivered now (a dead replica's unacked caption, reclaimed): completed with retrieval.
        decision, alerts = replica.handle(captions[k_idle], ids[k_idle])
        assert idle.alert_id in {a.alert_id for a in alerts}
        for a in alerts:
            assert a.model_dump(exclude={"wall_time"}) == expected[a.alert_id].model_dump(
                exclude={"wall_time"}
            )
        assert decision.d == 1 and idle.message in decision.message
        # Delivered again: the completed answer from the cache, no new retrieval.
        before = replica.reasoner.pathway_stats["graph"].calls
        again = replica.handle(captions[k_idle], ids[k_idle])[1]
        assert again == alerts and replica.reasoner.pathway_stats["graph"].calls == before
    finally:
        replica.close()
        store.close()
