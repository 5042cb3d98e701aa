"""The distributed mode survives restarts: ingest SIGKILLed twice mid-stream, the knowledge graph and the
reasoner SIGKILLed once each, every one restarted; the memory, the answers and the alerts equal a clean run's.

Real processes (`python -m services.X`) over a private redis-server: ingest reading a rendered scenario
video at four times its own pace (a file camera: after a restart it resumes at its next frame, so the
faulty run can be compared exactly with the clean one), flow tracker, captioner (the scenario's
ground-truth detections, published with `spotter detections publish`), knowledge graph (SQLite),
reasoner and the API. Each question is asked over REST at its `at`; alerts are read off the alert stream.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from redis import Redis

from bench.alert_latency import Service, decided, service_env, start_service, stream_messages, wait_for
from spotter import streams
from spotter.messages import Alert, Caption, Clip, IngestCheckpoint
from spotter.redis_server import RedisServerProcess, free_port
from spotter.synth.scenario import ScenarioRun, generate_scenario

pytestmark = [pytest.mark.integration, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache")) / "scenarios"
KEY = "restart-faults-key-0123456789"
SPEED = 4.0
PIPELINE = ("flow_tracker", "captioner", "knowledge_graph", "reasoner", "api")


@pytest.fixture(scope="module")
def scenario() -> ScenarioRun:
    return generate_scenario("bricklaying", seed=0, out_dir=CACHE, duration_s=120.0, questions_per_kind=3)


def ask(port: int, camera: str, question: str, at: float) -> dict[str, Any]:
    body = json.dumps({"camera_id": camera, "question": question, "at": at}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/v1/ask", data=body, method="POST",
                                 headers={"Content-Type": "application/json", "X-API-Key": KEY})  # fmt: skip
    with urllib.request.urlopen(req, timeout=120) as resp:
        return cast(dict[str, Any], json.loads(resp.read()))


def run_pipeline(
    scenario: ScenarioRun, log_dir: Path, faults: Callable[[Redis, dict[str, Service], Callable[[str], Service]], None]
) -> dict[str, Any]:
    """One distributed run over the scenario; `faults(redis, services, restart)` runs while ingest streams."""
    log_dir.mkdir(parents=True)
    server = RedisServerProcess().start()
    redis = Redis.from_url(server.url, socket_timeout=10.0)
    port = free_port()
    env = service_env(server.url, log_dir / "graph.sqlite3", {
        "SPOTTER_INGEST_SOURCE": str(scenario.video_path), "SPOTTER_INGEST_CAMERA_ID": scenario.camera,
        "SPOTTER_INGEST_HFOV_DEG": str(scenario.hfov_deg), "SPOTTER_INGEST_REALTIME_FILES": "true",
        "SPOTTER_INGEST_REALTIME_SPEED": str(SPEED), "SPOTTER_INGEST_BLOB_DIR": str(log_dir / "blobs"),
        "SPOTTER_CAPTIONER_BLOB_DIR": str(log_dir / "blobs"), "SPOTTER_DETECT_BACKEND": "external",
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
        pub = subprocess.run([sys.executable, "-m", "spotter.cli", "detections", "publish", str(scenario.detections_path),
                              "--camera", scenario.camera, "--width", str(scenario.width), "--height",
                              str(scenario.height)], env=env, capture_output=True, text=True, cwd=REPO)  # fmt: skip
        assert pub.returncode == 0, pub.stderr
        for module in PIPELINE:
            restart(module)
        for svc in ("flow-tracker", "captioner", "knowledge-graph", "reasoner"):
            wait_for(lambda s=svc: bool(redis.keys(streams.health_pattern(s))), 90.0, f"{svc} to start")  # type: ignore[misc]
        restart("ingest")
        faults(redis, services, restart)
        assert services["ingest"].proc.wait(300) == 0, "ingest did not finish the file"
        clips = [m for _t, m in stream_messages(redis, streams.CLIPS) if isinstance(m, Clip)]
        wait_for(lambda: decided(redis) >= {c.clip_id for c in clips}, 300.0, "every clip decided")
        answers = {}
        for q in json.loads(scenario.questions_path.read_text()):
            a = ask(port, scenario.camera, str(q["question"]), float(q["at"]))
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
            "starts": dict(starts),
        }
    finally:
        for s in services.values():
            s.stop()
        redis.close()
        server.stop()


def media_time_published(redis: Redis, camera: str) -> float:
    """How far into the video ingest has published (its checkpoint; the flow tracker trims the frames)."""
    raw = redis.hget(streams.INGEST_TIMELINES, camera)
    return IngestCheckpoint.model_validate_json(raw).t_last if raw else 0.0


@pytest.mark.timeout(900)
def test_restarts_lose_and_duplicate_nothing_and_change_no_answer_or_alert(
    scenario: ScenarioRun, tmp_path: Path
) -> None:
    clean = run_pipeline(scenario, tmp_path / "clean", lambda *_: None)

    def kill(svc: Service) -> None:
        os.kill(svc.proc.pid, signal.SIGKILL)
        svc.proc.wait(10)
        svc.log.close()

    def faults(redis: Redis, services: dict[str, Service], restart: Callable[[str], Service]) -> None:
        def at(fraction: float) -> None:
            wait_for(lambda: media_time_published(redis, scenario.camera) >= fraction * scenario.duration_s, 300.0,
                     f"{fraction:.0%} of the video")  # fmt: skip

        at(0.25)
        kill(services["ingest"])
        restart("ingest")
        at(0.4)
        kill(services["knowledge_graph"])
        restart("knowledge_graph")
        at(0.6)
        kill(services["ingest"])
        restart("ingest")
        at(0.75)
        kill(services["reasoner"])
        restart("reasoner")

    faulty = run_pipeline(scenario, tmp_path / "faulty", faults)
    assert faulty["starts"] == {**{m: 1 for m in PIPELINE}, "ingest": 3, "knowledge_graph": 2, "reasoner": 2}
    # nothing lost, nothing duplicated
    assert faulty["clips"] == clean["clips"] and len({c[0] for c in clean["clips"]}) == len(clean["clips"]) >= 12
    assert faulty["captions"] == clean["captions"] == sorted(c[0] for c in clean["clips"])
    assert faulty["dead_letters"] == clean["dead_letters"] == {streams.CLIPS: 0, streams.CAPTIONS: 0}
    assert faulty["heading_samples"] == clean["heading_samples"]
    # the same alerts and answers as a clean run
    assert clean["alerts"] and faulty["alerts"] == clean["alerts"]
    assert faulty["alert_records"] == clean["alert_records"]
    assert faulty["answers"] == clean["answers"]
