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
from collections.abc import Callable
from pathlib import Path

import pytest
from redis import Redis

from bench.alert_latency import Service, wait_for
from spotter import streams
from spotter.synth.scenario import ScenarioRun, generate_scenario
from tests.integration.pipeline_harness import PIPELINE, media_time_published, run_pipeline

pytestmark = [pytest.mark.integration, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache")) / "scenarios"


@pytest.fixture(scope="module")
def scenario() -> ScenarioRun:
    return generate_scenario("bricklaying", seed=0, out_dir=CACHE, duration_s=120.0, questions_per_kind=3)


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
