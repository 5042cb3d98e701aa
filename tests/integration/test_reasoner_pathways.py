"""The distributed reasoner retrieves: deep alerts carry what EgoMemo's pathways found.

Real processes over a real redis-server (`python -m services.knowledge_graph` and
`python -m services.reasoner`, SQLite graph, the helpers of bench.alert_latency): the
bricklaying scenario's first minutes as captions, the true heading as the heading track. The
service's deep alerts (idle, progress) add the knowledge-graph pathway's earlier observations
to the rules' message ("Earlier (at N s): ...") and their clips to the evidence; alert ids stay
those of the library `Reasoner` without retrieval. With the distributed mode's vector store
configured but unreachable (SPOTTER_VECTOR_BACKEND=qdrant), the service starts, logs the two
absent pathways and decides with the graph pathway alone.

On one host without Qdrant (the embedded vector backend): the summarizer and visual-archive
processes write their indexes, the reasoner process reads them as read-only views, and its
retrieval uses all three pathways. Not covered: the same from a shared Qdrant server (Qdrant's local
mode is single-process and no Qdrant server runs here).

In process, the restart catch-up: a replica's silent re-decisions of a camera's earlier captions
do not retrieve; a caption among them delivered afterwards gets its alerts completed with
retrieval, exactly as an in-order replica decides them over the same memory.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

import cv2
import numpy as np
import pytest
from redis import Redis
from redis.exceptions import ResponseError

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
from spotter.blobstore import LocalBlobStore, keyframe_key
from spotter.bus import StreamPublisher
from spotter.graph.sqlite import SqliteGraphStore
from spotter.heading.track import RedisHeadingTrack
from spotter.memory import ClipMemory
from spotter.messages import Alert, Caption, Keyframe
from spotter.reason import DEEP_CATEGORIES, Reasoner, ReasonerSettings
from spotter.reason.pathways import make_retrievers
from spotter.reason.service import ReasonerHandler
from spotter.synth.panorama import make_panorama
from spotter.synth.render import ViewRenderer
from spotter.world.model import WorldModel
from spotter.world.service import KnowledgeGraphHandler, KnowledgeGraphSettings

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
    heading = RedisHeadingTrack(redis, 2.0)
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
        "SPOTTER_REASON_RETRIEVAL_TIMEOUT_S": TIMEOUT_S, "SPOTTER_VECTOR_EMBEDDED_PATH": str(tmp_path / "vectors"),
        **extra,
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
    # No summarizer or visual archive ran: their pathways are open on empty indexes and add nothing.
    alerts, log = run_services(redis, redis_url, tmp_path, data, N_CLIPS, {})
    assert "retrieval pathways: temporal, graph, visual (each within 5.00 s)" in log, log[-3000:]
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


# --- one host, no Qdrant: the summarizer's and the archive's embedded indexes, read by the reasoner ---


def scenario_keyframes(data: ScenarioInput, blobs: LocalBlobStore, n_clips: int) -> list[Keyframe]:
    """One rendered keyframe every 2 s of the scenario's first clips, looking where the true heading says."""
    renderer = ViewRenderer(make_panorama(5, 2048), 320, 180, 90.0)
    out = []
    for clip in data.clips[:n_clips]:
        for t in np.arange(clip.t_start, clip.t_end, 2.0):
            ok, jpg = cv2.imencode(".jpg", renderer.render(data.yaw[int(t * data.run.fps)], 0.0, 0.0))
            assert ok
            index = int(t * data.run.fps)
            key = blobs.put(keyframe_key(data.run.camera, clip.clip_id, index), jpg.tobytes(), "image/jpeg")
            out.append(Keyframe(camera_id=data.run.camera, t=float(t), clip_id=clip.clip_id, frame_index=index,
                                blob_key=key, width=320, height=180))  # fmt: skip
    return out


def group_done(redis: Redis, stream: str, group: str, n: int) -> bool:
    try:
        groups = redis.xinfo_groups(stream)
    except ResponseError:
        return False
    mine = [g for g in groups if g["name"] in (group, group.encode())]
    return bool(mine) and mine[0]["pending"] == 0 and mine[0].get("entries-read") == n


@pytest.mark.slow
def test_on_one_host_without_qdrant_the_reasoner_retrieves_from_all_three_pathways(
    redis: Redis, redis_url: str, tmp_path: Path, data: ScenarioInput
) -> None:
    n = N_CLIPS
    shared = {
        "SPOTTER_VECTOR_BACKEND": "embedded",
        "SPOTTER_VECTOR_EMBEDDED_PATH": str(tmp_path / "vectors"),
        "SPOTTER_ARCHIVE_BLOB_DIR": str(tmp_path / "blobs"),
    }
    env = service_env(redis_url, tmp_path / "graph.sqlite3", {
        **shared, "SPOTTER_BLOCK_MS": "50", "SPOTTER_HEARTBEAT_S": "0.2",
    })  # fmt: skip
    keyframes = scenario_keyframes(data, LocalBlobStore(tmp_path / "blobs"), n)
    writers = [start_service("summarizer", env, tmp_path, "sum-1"), start_service("visual_archive", env, tmp_path, "va-1")]
    try:
        StreamPublisher[Keyframe](redis, streams.KEYFRAMES).publish_many([(k, None) for k in keyframes])
        StreamPublisher[Caption](redis, streams.CAPTIONS).publish_many([(c, None) for c in data.captions[:n]])
        wait_for(lambda: group_done(redis, streams.KEYFRAMES, streams.GROUP_VISUAL_ARCHIVE, len(keyframes)), 120.0,
                 "the visual archive to archive every keyframe")  # fmt: skip
        wait_for(lambda: group_done(redis, streams.CAPTIONS, streams.GROUP_SUMMARIZER, n), 120.0,
                 "the summarizer to summarise every clip")  # fmt: skip
    finally:
        rcs = {s.name: s.stop() for s in writers}
    assert rcs == {"summarizer": 0, "visual_archive": 0}
    redis.delete(streams.CAPTIONS)  # run_services publishes them again, for the graph and the reasoner
    alerts, log = run_services(redis, redis_url, tmp_path, data, n, shared)
    assert "temporal and visual pathways read the embedded indexes in" in log, log[-3000:]
    assert "retrieval pathways: temporal, graph, visual (each within" in log, log[-3000:]
    used = re.search(r"retrieval by pathway: (.*)", log)
    assert used, log[-3000:]
    items = {name: int(k) for name, k in re.findall(r"(\w+) \d+ calls, (\d+) items", used.group(1))}
    assert items["temporal"] > 0 and items["graph"] > 0 and items["visual"] > 0, used.group(1)
    deep = [a for a in alerts if a.category in DEEP_CATEGORIES]
    assert deep and any(len(a.evidence.clip_ids) > 1 for a in deep)
