"""The distributed mode as processes over a private redis-server, for end-to-end tests.

`run_pipeline` starts `python -m services.X` for the flow tracker, captioner (the scenario's
ground-truth detections, published with `spotter detections publish`), knowledge graph (SQLite),
reasoner and API (plus any `extra` services), then ingest of the scenario's video: a file read at
`SPEED` times its own pace, or an RTSP camera URL. When every clip is decided, each question is asked
over REST at its `at`; it returns what a user can see (clips, captions, alerts, answers, heading).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from redis import Redis

from bench.alert_latency import Service, decided, service_env, start_service, stream_messages, wait_for
from bench.deployed import ask, media_time_published, publish_detections
from spotter import streams
from spotter.graph.sqlite import SqliteGraphStore
from spotter.heading.track import parse_heading_member
from spotter.messages import Alert, Caption, Clip
from spotter.redis_server import RedisServerProcess, free_port
from spotter.synth.scenario import ScenarioRun

KEY = "pipeline-harness-key-0123456789"
SPEED = 4.0
PIPELINE = ("flow_tracker", "captioner", "knowledge_graph", "reasoner", "api")
Faults = Callable[[Redis, dict[str, Service], Callable[[str], Service]], None]


def run_pipeline(
    scenario: ScenarioRun,
    log_dir: Path,
    faults: Faults = lambda *_: None,
    *,
    camera_url: str | None = None,
    stop_camera: Callable[[], None] | None = None,
    extra: Sequence[str] = (),
    server: RedisServerProcess | None = None,
) -> dict[str, Any]:
    """One distributed run over the scenario. `faults(redis, services, restart)` runs while ingest streams.
    `camera_url`: ingest this RTSP camera instead of the file; `stop_camera` ends it once its last clip is
    out (a file server would play the file again to ingest's reconnect). `extra`: more services.
    `server`: the Redis to run on (a fault may kill and restart it on its port); default a fresh private one."""
    log_dir.mkdir(parents=True)
    server = (server or RedisServerProcess()).start()
    redis = Redis.from_url(server.url, socket_timeout=10.0)
    port = free_port()
    env = service_env(server.url, log_dir / "graph.sqlite3", {
        "SPOTTER_INGEST_SOURCE": camera_url or str(scenario.video_path), "SPOTTER_INGEST_CAMERA_ID": scenario.camera,
        "SPOTTER_INGEST_HFOV_DEG": str(scenario.hfov_deg), "SPOTTER_INGEST_REALTIME_FILES": "true",
        "SPOTTER_INGEST_REALTIME_SPEED": str(SPEED), "SPOTTER_INGEST_BLOB_DIR": str(log_dir / "blobs"),
        "SPOTTER_CAPTIONER_BLOB_DIR": str(log_dir / "blobs"), "SPOTTER_ARCHIVE_BLOB_DIR": str(log_dir / "blobs"),
        "SPOTTER_DETECT_BACKEND": "external",
        "SPOTTER_API_API_KEYS": KEY, "SPOTTER_API_PORT": str(port), "SPOTTER_VECTOR_EMBEDDED_PATH": str(log_dir / "vec"),
        "SPOTTER_BLOCK_MS": "50", "SPOTTER_HEARTBEAT_S": "0.2", "SPOTTER_CLAIM_IDLE_MS": "2000",
    })  # fmt: skip
    services: dict[str, Service] = {}
    starts: dict[str, int] = {}

    def restart(module: str) -> Service:
        starts[module] = starts.get(module, 0) + 1
        services[module] = start_service(module, env, log_dir, f"{module}-{starts[module]}")
        return services[module]

    try:
        publish_detections(env, scenario.detections_path, scenario.camera, scenario.width, scenario.height)
        for module in (*PIPELINE, *extra):
            restart(module)
        for module in ("flow_tracker", "captioner", "knowledge_graph", "reasoner", *extra):
            svc = module.replace("_", "-")
            wait_for(lambda s=svc: bool(redis.keys(streams.health_pattern(s))), 90.0, f"{svc} to start")  # type: ignore[misc]
        restart("ingest")
        faults(redis, services, restart)
        if camera_url is None:
            assert services["ingest"].proc.wait(300) == 0, "ingest did not finish the file"
        else:
            # the stream's last frame (the camera's clock is the file's: its last frame is at duration - 1/fps;
            # stopping at duration - 0.5 lost the last half second), then the camera stops
            wait_for(lambda: media_time_published(redis, scenario.camera) >= scenario.duration_s - 0.15,
                     scenario.duration_s * 2 + 60, "the camera's last frame")  # fmt: skip
            if stop_camera is not None:
                stop_camera()  # the camera first, then ingest (which closes its last clip)
            services["ingest"].stop()
        clips = [m for _t, m in stream_messages(redis, streams.CLIPS) if isinstance(m, Clip)]
        wait_for(lambda: decided(redis) >= {c.clip_id for c in clips}, 300.0, "every clip decided")
        answers = {}
        for q in json.loads(scenario.questions_path.read_text()):
            a = ask(port, scenario.camera, str(q["question"]), float(q["at"]), KEY)
            answers[q["id"]] = {k: v for k, v in a.items() if k not in ("latency_ms",)}
        captions = [m for _t, m in stream_messages(redis, streams.CAPTIONS) if isinstance(m, Caption)]
        alerts = [m for _t, m in stream_messages(redis, streams.ALERTS) if isinstance(m, Alert)]
        dead = {s: int(redis.xlen(streams.dead_letter_stream(s))) for s in (streams.CLIPS, streams.CAPTIONS)}
        return {
            "clips": [(c.clip_id, c.n_frames, c.status, len(c.keyframes)) for c in clips],
            "captions": sorted({c.clip_id for c in captions}),
            "n_captions": len(captions),
            "alerts": sorted({a.alert_id for a in alerts}),
            "alert_records": sorted((a.alert_id, a.category, a.t, a.message.split(" Earlier (at ")[0]) for a in alerts),
            "answers": answers,
            "dead_letters": dead,
            "heading_samples": int(redis.zcard(streams.heading_track_key(scenario.camera))),
            "heading": [parse_heading_member(m) for m in redis.zrange(streams.heading_track_key(scenario.camera), 0, -1)],
            "memory": memory_of(log_dir / "graph.sqlite3", scenario.camera),
            "starts": dict(starts),
            # services that were not running any more when the run ended (ingest ends with its file)
            "exited": sorted(n for n, svc in services.items() if n != "ingest" and svc.proc.poll() is not None),
        }
    finally:
        for s in services.values():
            s.stop()
        redis.close()
        server.stop()


def memory_of(graph_path: Path, camera: str) -> list[tuple[str, float, float, int]]:
    """The remembered individuals as a user sees them, without ids: (label, first seen, last seen, observations)."""
    store = SqliteGraphStore(graph_path)
    store.init()
    try:
        return sorted((e.label, round(e.first_seen, 2), round(e.last_seen, 2), e.observations)
                      for e in store.entities(camera))  # fmt: skip
    finally:
        store.close()
