"""The knowledge-graph service on real Redis and the real SQLite store: captions in, world events out."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from redis import Redis

from spotter import streams
from spotter.bus import StreamConsumer, StreamPublisher
from spotter.graph.sqlite import SqliteGraphStore
from spotter.messages import Caption, WorldEvent, decode
from spotter.world.scripted import ScriptedScene
from spotter.world.service import CameraBusy, KnowledgeGraphHandler, KnowledgeGraphSettings

pytestmark = pytest.mark.integration

CAM = "cam-kg"
ROOT = Path(__file__).resolve().parents[2]


def wait_for(condition: Callable[[], bool], timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s}s waiting for {what}")
        time.sleep(0.02)


def scene_and_captions() -> tuple[ScriptedScene, list[Caption]]:
    """A ladder at 30 seen, the wearer turns away (left_view), a worker without a hardhat appears."""
    scene = ScriptedScene(CAM).look(0.0, 0.0).look(10.0, 0.0).look(11.0, 180.0).look(30.0, 180.0)
    return scene, [
        scene.caption(0, 0.0, 10.0, [scene.observation("1", "ladder", 30.0, [2.0, 5.0, 8.0])]),
        scene.caption(
            1,
            10.0,
            20.0,
            [scene.observation("1", "worker", 170.0, [15.0, 18.0], attributes={"hardhat": False})],
        ),
        scene.caption(2, 20.0, 30.0, []),
    ]


def write_heading_track(redis: Redis, scene: ScriptedScene, t_end: float) -> None:
    samples = {f"{t / 2:.3f}:{scene.yaw(t / 2):.3f}": t / 2 for t in range(int(t_end * 2) + 1)}
    redis.zadd(streams.heading_track_key(CAM), samples)  # type: ignore[arg-type]


def world_events(redis: Redis) -> list[WorldEvent]:
    out = []
    for _id, fields in redis.xrange(streams.WORLD_EVENTS):
        msg, _ = decode(fields)
        assert isinstance(msg, WorldEvent)
        out.append(msg)
    return out


def test_handler_consumes_captions_writes_the_graph_and_publishes_events(
    redis: Redis, tmp_path: Path
) -> None:
    scene, caps = scene_and_captions()
    write_heading_track(redis, scene, 30.0)
    StreamPublisher[Caption](redis, streams.CAPTIONS).publish_many([(c, None) for c in caps])
    store = SqliteGraphStore(tmp_path / "graph.db")
    store.init()
    stop = threading.Event()
    handler = KnowledgeGraphHandler(redis, store, KnowledgeGraphSettings(heading_wait_s=0.5), stop=stop)
    consumer: StreamConsumer[Caption] = StreamConsumer(
        redis, streams.CAPTIONS, streams.GROUP_KNOWLEDGE_GRAPH, "kg-1", model=Caption, block_ms=50
    )
    worker = threading.Thread(target=consumer.run, args=(handler, stop))
    worker.start()
    try:
        wait_for(lambda: len(store.clips(CAM)) == 3, 10, "three clips in the graph")
        wait_for(
            lambda: redis.xpending(streams.CAPTIONS, streams.GROUP_KNOWLEDGE_GRAPH)["pending"] == 0, 5, "acks"
        )
    finally:
        stop.set()
        worker.join(10)
    try:
        events = world_events(redis)
        assert [(e.kind, e.label) for e in events] == [
            ("appeared", "ladder"),
            ("left_view", "ladder"),
            ("appeared", "worker"),
            ("ppe_off", "worker"),
            ("left_view", "worker"),
        ]
        ladder = store.entities(CAM, label="ladder")[0]
        assert ladder.bearing_deg == pytest.approx(30.0, abs=0.5)  # heading came from the Redis track
        worker_e = store.entities(CAM, label="worker")[0]
        assert worker_e.bearing_deg == pytest.approx(170.0, abs=0.5)
        assert events[1].detail["reason"] == "out_of_view"  # the wearer turned away from the ladder
        assert events[4].detail["reason"] == "not_seen"  # the worker's place stayed in view: gone
        assert redis.exists(streams.lease_key("knowledge-graph", CAM)) == 0  # lock released

        # A redelivered caption writes nothing and publishes the same events again (consumers dedupe).
        before = [e.model_dump() for e in store.events(CAM)]
        again = handler.handle(caps[1])
        assert [(e.kind, e.entity_id, e.clip_id) for e in again] == [
            (e.kind, e.entity_id, e.clip_id) for e in events[1:4]
        ]
        assert [e.model_dump() for e in store.events(CAM)] == before
    finally:
        store.close()


def test_a_camera_locked_by_another_replica_fails_the_delivery_for_a_retry(
    redis: Redis, tmp_path: Path
) -> None:
    _scene, caps = scene_and_captions()
    store = SqliteGraphStore(tmp_path / "graph.db")
    store.init()
    try:
        redis.set(streams.lease_key("knowledge-graph", CAM), "someone-else", px=5000)
        handler = KnowledgeGraphHandler(
            redis, store, KnowledgeGraphSettings(heading_wait_s=0.0, lock_wait_s=0.2)
        )
        with pytest.raises(CameraBusy):
            handler.handle(caps[0])
        assert store.clips(CAM) == []
        redis.delete(streams.lease_key("knowledge-graph", CAM))
        assert [e.kind for e in handler.handle(caps[0])] == ["appeared"]
    finally:
        store.close()


def test_service_process_runs_and_stops_on_sigterm(redis: Redis, redis_url: str, tmp_path: Path) -> None:
    scene, caps = scene_and_captions()
    write_heading_track(redis, scene, 30.0)
    StreamPublisher[Caption](redis, streams.CAPTIONS).publish_many([(c, None) for c in caps[:2]])
    db = tmp_path / "graph.db"
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "SPOTTER_GRAPH_BACKEND": "sqlite",
        "SPOTTER_GRAPH_SQLITE_PATH": str(db),
        "SPOTTER_BLOCK_MS": "50",
        "SPOTTER_HEARTBEAT_S": "0.2",
        "SPOTTER_CONSUMER_NAME": "kg-proc",
        "SPOTTER_KG_HEADING_WAIT_S": "0.5",
    }
    log_path = tmp_path / "kg.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "services.knowledge_graph"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_for(lambda: redis.xlen(streams.WORLD_EVENTS) >= 4, 15, "world events from the service process")
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0, log_path.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert [e.kind for e in world_events(redis)] == ["appeared", "left_view", "appeared", "ppe_off"]
    store = SqliteGraphStore(db)
    store.init()
    try:
        assert len(store.entities(CAM)) == 2
    finally:
        store.close()
