"""The distributed mode survives restarts: ingest SIGKILLed twice mid-stream, the knowledge graph and the
reasoner SIGKILLed once each, every one restarted; the memory, the answers and the alerts equal a clean run's.

Real processes (`python -m services.X`) over a private redis-server: ingest reading a rendered scenario
video at four times its own pace (a file camera: after a restart it resumes at its next frame, so the
faulty run can be compared exactly with the clean one), flow tracker, captioner (the scenario's
ground-truth detections, published with `spotter detections publish`), knowledge graph (SQLite),
reasoner and the API. Each question is asked over REST at its `at`; alerts are read off the alert stream.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from redis import Redis

from bench.alert_latency import Service, wait_for
from spotter import streams
from spotter.backlog import service_backlog
from spotter.synth.scenario import ScenarioRun, generate_scenario
from tests.integration.pipeline_harness import PIPELINE, media_time_published, run_pipeline

pytestmark = [pytest.mark.integration, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache")) / "scenarios"


def recovery(redis: Redis, name: str, restart: Callable[[], Service]) -> float:
    """Restart a killed service and time it until the new replica is alive and taking work again: its own
    heartbeat (the killed one's lingers for three intervals), then, for each group it reads, either nothing
    behind or this replica reading a moment ago."""
    t0 = time.monotonic()
    replica = restart().log_path.stem  # the consumer name
    service = name.replace("_", "-")

    def working() -> bool:
        if not redis.exists(streams.health_key(service, replica)):
            return False
        for b in service_backlog(redis, service):
            if b.behind == 0:
                continue
            consumers = redis.xinfo_consumers(b.stream, b.group) if b.exists else []
            if not any(c["name"].decode() == replica and int(c["idle"]) < 1000 for c in consumers):
                return False
        return True

    if service != "ingest":  # ingest reads no stream: back when it publishes again, which the run checks
        wait_for(working, 120.0, f"{service} working again")
    seconds = time.monotonic() - t0
    print(f"{service}: SIGKILLed, working again {seconds:.1f} s after its restart")
    return seconds


def kill(svc: Service) -> None:
    os.kill(svc.proc.pid, signal.SIGKILL)
    svc.proc.wait(10)
    svc.log.close()


def at(redis: Redis, scenario: ScenarioRun, fraction: float) -> None:
    """Wait until ingest has published `fraction` of the video."""
    wait_for(lambda: media_time_published(redis, scenario.camera) >= fraction * scenario.duration_s, 300.0,
             f"{fraction:.0%} of the video")  # fmt: skip


@pytest.fixture(scope="module")
def scenario() -> ScenarioRun:
    return generate_scenario("bricklaying", seed=0, out_dir=CACHE, duration_s=120.0, questions_per_kind=3)


@pytest.mark.timeout(900)
def test_restarts_lose_and_duplicate_nothing_and_change_no_answer_or_alert(
    scenario: ScenarioRun, tmp_path: Path
) -> None:
    clean = run_pipeline(scenario, tmp_path / "clean", lambda *_: None)

    def faults(redis: Redis, services: dict[str, Service], restart: Callable[[str], Service]) -> None:
        for fraction, name in ((0.25, "ingest"), (0.4, "knowledge_graph"), (0.6, "ingest"), (0.75, "reasoner")):
            at(redis, scenario, fraction)
            kill(services[name])
            recovery(redis, name, lambda n=name: restart(n))  # type: ignore[misc]

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


@pytest.mark.timeout(900)
def test_the_other_services_killed_mid_stream_lose_and_duplicate_nothing(scenario: ScenarioRun, tmp_path: Path) -> None:
    """The flow tracker, the captioner, the summarizer and the visual archive, each SIGKILLed once and restarted."""
    extra = ("summarizer", "visual_archive")
    clean = run_pipeline(scenario, tmp_path / "clean", lambda *_: None, extra=extra)

    def faults(redis: Redis, services: dict[str, Service], restart: Callable[[str], Service]) -> None:
        for fraction, victims in ((0.3, ("flow_tracker",)), (0.5, ("captioner",)), (0.7, extra)):
            at(redis, scenario, fraction)
            for name in victims:
                kill(services[name])
                recovery(redis, name, lambda n=name: restart(n))  # type: ignore[misc]

    faulty = run_pipeline(scenario, tmp_path / "faulty", faults, extra=extra)
    assert faulty["starts"] == {**{m: 1 for m in (*PIPELINE, "ingest")}, "flow_tracker": 2, "captioner": 2,
                                "summarizer": 2, "visual_archive": 2}  # fmt: skip
    assert faulty["exited"] == []
    assert faulty["clips"] == clean["clips"]
    assert faulty["captions"] == clean["captions"] and faulty["n_captions"] == clean["n_captions"]
    assert faulty["dead_letters"] == clean["dead_letters"] == {streams.CLIPS: 0, streams.CAPTIONS: 0}
    assert faulty["heading_samples"] == clean["heading_samples"]
    yaw_gap = max(abs(a[1] - b[1]) for a, b in zip(faulty["heading"], clean["heading"], strict=True))
    print(f"flow tracker restart: heading within {yaw_gap:.2f} deg of the clean run")
    assert [t for t, _ in faulty["heading"]] == [t for t, _ in clean["heading"]]
    # A restarted flow tracker resumes from its last yaw but rebuilds its anchor views: the heading goes on
    # within half a degree of the clean run's, which can move a bearing in an alert's text by one degree.
    assert yaw_gap < 2.0  # measured 0.47-0.50
    assert [r[:3] for r in faulty["alert_records"]] == [r[:3] for r in clean["alert_records"]]
    assert faulty["answers"] == clean["answers"]
    assert faulty["memory"] == clean["memory"]
