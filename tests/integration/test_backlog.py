"""Health is alive AND keeping up, and /metrics shows the pipeline: real redis-server, real consumer groups
(issue 12 items 1 and 6). The probe saw ingest and the flow tracker healthy while 5,000 frames piled up."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr
from redis import Redis

from spotter import streams
from spotter.alerts.notifier import Notifier
from spotter.alerts.webhooks import NotifySettings
from spotter.api import ApiSettings, create_app
from spotter.backlog import group_backlog, service_backlog
from spotter.bus import StreamPublisher
from spotter.graph import GraphSettings, SqliteGraphStore
from spotter.messages import Alert, Clip
from spotter.service import ServiceRunner, check_health
from spotter.settings import BusSettings

pytestmark = pytest.mark.integration

KEY = "backlog-test-key-0123456789"


def clip(i: int) -> Clip:
    return Clip(camera_id="cam-1", t=i + 1.0, clip_id=f"clip-{i}", t_start=float(i), t_end=i + 1.0, n_frames=1,
                source="x")  # fmt: skip


def test_a_live_service_that_stopped_taking_work_is_unhealthy(redis: Redis) -> None:
    ServiceRunner(redis, "captioner", "replica-1", heartbeat_s=5.0).beat()  # alive
    assert check_health(redis, "captioner"), "alive and nothing waiting"
    StreamPublisher[Clip](redis, streams.CLIPS).publish_many([(clip(i), None) for i in range(5)])
    assert not check_health(redis, "captioner", stall_s=60), "work waiting and no group to take it"
    redis.xgroup_create(streams.CLIPS, streams.GROUP_CAPTIONER, id="0")
    redis.xreadgroup(streams.GROUP_CAPTIONER, "replica-1", {streams.CLIPS: ">"}, count=2)
    (backlog,) = service_backlog(redis, "captioner")
    assert (backlog.waiting, backlog.pending, backlog.consumers) == (3, 2, 1)
    assert check_health(redis, "captioner", stall_s=60), "it took work a moment ago"
    time.sleep(0.3)
    assert not check_health(redis, "captioner", stall_s=0.2), "nothing taken for longer than stall_s"
    redis.xreadgroup(streams.GROUP_CAPTIONER, "replica-1", {streams.CLIPS: ">"}, count=10)
    redis.xack(streams.CLIPS, streams.GROUP_CAPTIONER, *[m for m, _ in redis.xrange(streams.CLIPS)])
    time.sleep(0.3)
    assert check_health(redis, "captioner", stall_s=0.2), "idle with nothing to do is healthy"


def test_frames_no_flow_tracker_took_make_it_unhealthy(redis: Redis) -> None:
    ServiceRunner(redis, "flow-tracker", "replica-1", heartbeat_s=5.0).beat()
    redis.xadd(streams.frames_stream("cam-lost"), {"x": "1"})
    assert not check_health(redis, "flow-tracker"), "a camera's frames pile up and no replica reads them"
    time.sleep(0.3)
    assert check_health(redis, "flow-tracker", stall_s=0.2), "frames of a camera long gone are no stall"
    redis.xgroup_create(streams.frames_stream("cam-lost"), streams.GROUP_FLOW_TRACKER, id="$")
    assert check_health(redis, "flow-tracker")
    assert group_backlog(redis, "spotter:nothing", "g").waiting == 0


@pytest.fixture
def api(tmp_path: Path, redis: Redis, redis_url: str) -> Iterator[TestClient]:
    store = SqliteGraphStore(tmp_path / "g.sqlite3")
    store.init()
    store.close()
    app = create_app(ApiSettings(api_keys=[SecretStr(KEY)]), graph=GraphSettings(sqlite_path=str(tmp_path / "g.sqlite3")),
                     bus=BusSettings(redis_url=SecretStr(redis_url)))  # fmt: skip
    with TestClient(app) as c:
        yield c


def test_metrics_show_backlogs_dead_letters_and_alerts_counted_once(redis: Redis, api: TestClient) -> None:
    StreamPublisher[Clip](redis, streams.CLIPS).publish_many([(clip(i), None) for i in range(4)])
    redis.xgroup_create(streams.CLIPS, streams.GROUP_CAPTIONER, id="0")
    redis.xreadgroup(streams.GROUP_CAPTIONER, "replica-1", {streams.CLIPS: ">"}, count=1)
    redis.xadd(streams.dead_letter_stream(streams.CLIPS), {"x": "1"})
    notifier = Notifier(redis, NotifySettings())
    alert = Alert(camera_id="cam-1", t=3.0, alert_id="cam-1:idle:3", category="idle", message="idle 3 min",
                  evidence={"clip_ids": ["clip-1"]})  # fmt: skip
    notifier.accept(alert)
    notifier.accept(alert)  # redelivered: stored and counted once
    text = api.get("/metrics").text
    assert 'spotter_stream_waiting{stream="spotter:clips",group="captioner"} 3' in text
    assert 'spotter_stream_pending{stream="spotter:clips",group="captioner"} 1' in text
    assert 'spotter_stream_stalled{stream="spotter:clips",group="captioner"} 0' in text, "read a moment ago"
    assert 'spotter_dead_letters{stream="spotter:clips"} 1' in text
    assert 'spotter_alerts_total{category="idle"} 1' in text
    assert 'spotter_webhook_deliveries_total{outcome="delivered"} 0' in text
    assert "spotter_api_requests_total" in text
