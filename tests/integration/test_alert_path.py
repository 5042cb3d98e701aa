"""The alert path end to end, with the reasoner killed mid-stream: no alert lost, none repeated in effect.

Real processes over a real redis-server: `python -m services.knowledge_graph`,
`python -m services.reasoner` and `python -m services.notifier`, and a real HTTP
receiver that verifies every signature and fails the first two attempts of each alert.
The bricklaying scenario's ground-truth detections become captions clip by clip (the
within-clip tracker and the template captioner, as the captioner service publishes
them) and the generator's true heading is the heading track, as the flow tracker writes
it. The reasoner is SIGKILLed while captions it read are still unacked, and a new one
(another consumer) starts while more captions arrive. At the end, the alert ids the
receiver acted on are exactly those of a reference run of the library `Reasoner` over
the same captions, each acted on once; every clip has its decision, as the reference's.
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import pytest
from redis import Redis

from bench.alert_latency import (
    SECRET,
    decided,
    receiving,
    scenario_input,
    service_env,
    start_service,
    stream_messages,
    wait_for,
    write_heading,
)
from spotter import streams
from spotter.alerts.store import AlertStore
from spotter.alerts.webhooks import WebhookStore
from spotter.bus import StreamPublisher
from spotter.graph.sqlite import SqliteGraphStore
from spotter.heading.track import RedisHeadingTrack
from spotter.memory import ClipMemory
from spotter.messages import Alert, Caption, Decision
from spotter.reason import DEEP_CATEGORIES, Reasoner, ReasonerSettings
from spotter.world.model import WorldModel

pytestmark = pytest.mark.integration

FIRST = 40  # captions published before the kill (read in one batch by the first reasoner)
KILL_AFTER = 12  # decisions the first reasoner publishes before it is killed


def _diff(redis: Redis, reference: Reasoner) -> str:
    got = {m.alert_id: m for _t, m in stream_messages(redis, streams.ALERTS) if isinstance(m, Alert)}
    ref = {a.alert_id: a for a in reference.alerts}
    missing = [(ref[i].category, ref[i].t, ref[i].message[:80]) for i in sorted(set(ref) - set(got))]
    extra = [(got[i].category, got[i].t, got[i].message[:80]) for i in sorted(set(got) - set(ref))]
    return f"alerts missing {missing}; extra {extra}"


def _running(redis: Redis, service: str) -> bool:
    return bool(redis.keys(streams.health_pattern(service)))


@pytest.mark.slow
def test_reasoner_killed_mid_stream_loses_and_repeats_no_alert(
    redis: Redis, redis_url: str, tmp_path: Path
) -> None:
    data = scenario_input("bricklaying")
    cam, captions = data.run.camera, data.captions
    write_heading(redis, cam, data.yaw, data.run.fps)

    # The reference: the library reasoner over the same captions, the world model in process.
    ref_store = SqliteGraphStore(":memory:")
    ref_store.init()
    heading = RedisHeadingTrack(redis, 2.0)
    model = WorldModel(ref_store, heading)
    reference = Reasoner(ref_store, heading, ReasonerSettings(**data.reason_overrides))
    for cap, clip in zip(captions, data.clips, strict=True):
        reference.on_clip(ClipMemory(clip, cap, model.ingest(cap), 0, 0))
    ref_store.close()
    expected = {a.alert_id for a in reference.alerts}
    ref_decisions = {d.clip_id: d for d in reference.decisions}
    assert len(expected) >= 10, "the scenario raises alerts of several categories"
    assert {a.category for a in reference.alerts} >= {"ppe_violation", "left_behind", "idle", "progress"}

    env = service_env(
        redis_url,
        tmp_path / "graph.sqlite3",
        {
            **data.reason_env,
            "SPOTTER_BLOCK_MS": "50",
            "SPOTTER_HEARTBEAT_S": "0.2",
            # The killed reasoner's unacked captions come back after this, after newer ones.
            "SPOTTER_CLAIM_IDLE_MS": "6000",
            "SPOTTER_NOTIFY_BACKOFF_BASE_S": "0.05",
            "SPOTTER_NOTIFY_BACKOFF_MAX_S": "0.3",
            "SPOTTER_NOTIFY_POLL_S": "0.05",
            "SPOTTER_NOTIFY_MAX_ATTEMPTS": "6",
        },
    )
    publisher: StreamPublisher[Caption] = StreamPublisher(redis, streams.CAPTIONS)
    with receiving(fail_first=2) as receiver:
        WebhookStore(redis).create(receiver.url, SECRET)
        kg = start_service("knowledge_graph", env, tmp_path, "kg-1")
        first = start_service("reasoner", env, tmp_path, "reasoner-1")
        notifier = start_service("notifier", env, tmp_path, "notifier-1")
        second = None
        try:
            for svc in ("knowledge-graph", "reasoner", "notifier"):
                wait_for(lambda s=svc: _running(redis, s), 60.0, f"{svc} to start")  # type: ignore[misc]
            publisher.publish_many([(c, None) for c in captions[:FIRST]])
            wait_for(lambda: len(decided(redis)) >= KILL_AFTER, 60.0, "the first decisions")
            first.kill()
            pending = redis.xpending(streams.CAPTIONS, streams.GROUP_REASONER)["pending"]
            decided_before = len(decided(redis))
            assert pending > 0 and decided_before < FIRST, (
                "killed mid-stream, with captions read but not acked"
            )

            # New captions arrive first; the new replica reads them before it can reclaim the old ones.
            publisher.publish_many([(c, None) for c in captions[FIRST : FIRST + 10]])
            second = start_service("reasoner", env, tmp_path, "reasoner-2")
            publisher.publish_many([(c, None) for c in captions[FIRST + 10 :]])

            wait_for(lambda: len(decided(redis)) == len(captions), 90.0, "a decision for every clip")
            wait_for(lambda: redis.xpending(streams.CAPTIONS, streams.GROUP_REASONER)["pending"] == 0, 30.0,
                     "the reasoner group to ack everything")  # fmt: skip
            try:
                wait_for(lambda: set(receiver.accepted()) >= expected, 30.0, "every alert delivered")
            except AssertionError:
                raise AssertionError(
                    f"killed after {decided_before} decisions; {_diff(redis, reference)}"
                ) from None
            store = AlertStore(redis)
            wait_for(
                lambda: all(r.status != "pending" for a in expected for r in store.deliveries(a)), 30.0,
                "every delivery to end",
            )  # fmt: skip
            time.sleep(0.5)  # anything repeated would arrive now
        finally:
            rcs = {
                s.name + ("-2" if s is second else ""): s.stop()
                for s in (kg, second, notifier)
                if s is not None
            }
        log2 = (tmp_path / "reasoner-2.log").read_text()

    assert rcs == {"knowledge_graph": 0, "reasoner-2": 0, "notifier": 0}, rcs
    assert "state rebuilt from" in log2, log2[-2000:]

    # Every alert the reasoners published is one of the reference's, and none is missing.
    published = [m for _t, m in stream_messages(redis, streams.ALERTS) if isinstance(m, Alert)]
    assert {a.alert_id for a in published} == expected
    by_id = {a.alert_id: a for a in reference.alerts}
    for a in published:  # a clip decided twice (before and after the kill) yields the same alert
        ref = by_id[a.alert_id]
        # Deep alerts add what the service's retrieval pathways found (the knowledge graph's, which
        # depends on how far the graph has got) to the rules' message and evidence; the rest is the same.
        deep = {"message", "evidence"} if a.category in DEEP_CATEGORIES else set()
        assert a.model_dump(exclude={"wall_time", *deep}) == ref.model_dump(exclude={"wall_time", *deep})
        assert a.message.startswith(ref.message) and set(a.evidence.clip_ids) >= set(ref.evidence.clip_ids)
        assert (a.evidence.entity_ids, a.evidence.times) == (ref.evidence.entity_ids, ref.evidence.times)

    # The receiver acted on each exactly once, after two refused attempts, every POST signed.
    assert receiver.accepted() == dict.fromkeys(expected, 1)
    assert all(a["signed"] and a["header_alert_id"] == a["alert_id"] for a in receiver.attempts)
    assert Counter(a["alert_id"] for a in receiver.attempts) == Counter(dict.fromkeys(expected, 3))
    for alert_id in expected:
        (record,) = AlertStore(redis).deliveries(alert_id)
        assert record.status == "delivered" and record.attempts == 3

    # Every clip decided, as the reference decided it (a redecided clip repeats the same decision).
    decisions = [m for _t, m in stream_messages(redis, streams.DECISIONS) if isinstance(m, Decision)]
    assert {d.clip_id for d in decisions} == set(ref_decisions)
    for d in decisions:
        ref = ref_decisions[d.clip_id]
        assert (d.d, d.category, d.alert_id) == (ref.d, ref.category, ref.alert_id), d.clip_id
    assert {d.alert_id for d in decisions if d.alert_id is not None} <= expected
