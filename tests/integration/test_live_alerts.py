"""The embedded mode decides while the video plays and delivers its alerts to webhooks.

A 2-minute bricklaying scenario (rendered video, ground-truth detections): `spotter
replay --webhook` runs ingest, the flow tracker and the live memory pass (memory,
summaries, visual archive, reasoner) in one process, and a real receiver that refuses
the first attempt of every alert and verifies every signature gets each alert once in
effect. In process, the live pass gives the same memory, answers and alerts as the pass
after the replay.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench.alert_latency import SECRET, receiving
from spotter.answer.memory import memory_answerer
from spotter.embedded import EmbeddedBus, ReplayOptions, replay
from spotter.graph.sqlite import SqliteGraphStore
from spotter.heading.track import HeadingTrack
from spotter.reason import ReasonerSettings
from spotter.reason.embedded import ProactiveMemory
from spotter.recall import MemorySpec, detection_source, live_pass, remember
from spotter.settings import BusSettings
from spotter.synth.proactive import (
    CONFIGURED_SITE,
    reasoner_overrides,
    score_alerts,
    true_services,
)
from spotter.synth.scenario import ScenarioRun, build_scenario, generate_scenario

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache")) / "scenarios"
DURATION_S = 120.0


@pytest.fixture(scope="module")
def scenario() -> ScenarioRun:
    return generate_scenario("bricklaying", 0, CACHE, DURATION_S, width=320, height=180)


def _site_env(run: ScenarioRun) -> dict[str, str]:
    overrides = reasoner_overrides(build_scenario("bricklaying", 0, run.duration_s), CONFIGURED_SITE)
    return {f"SPOTTER_REASON_{k.upper()}": json.dumps(v) for k, v in overrides.items()}


def test_replay_delivers_signed_alerts_once_as_clips_end(scenario: ScenarioRun, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SPOTTER_") and k not in ("REDIS_URL",)}
    env.update(_site_env(scenario))
    env.update(
        SPOTTER_NOTIFY_ALLOW_PRIVATE="1", SPOTTER_NOTIFY_BACKOFF_BASE_S="0.05", SPOTTER_WEBHOOK_SECRET=SECRET,
        SPOTTER_GRAPH_SQLITE_PATH=str(tmp_path / "graph.sqlite3"),
    )  # fmt: skip
    assert scenario.detections_path is not None and scenario.video_path is not None
    with receiving(fail_first=1) as rec:
        proc = subprocess.run(
            [sys.executable, "-m", "spotter.cli", "replay", str(scenario.video_path), "--camera", scenario.camera,
             "--detections", str(scenario.detections_path), "--fast", "--json", "--no-progress",
             "--blob-dir", str(tmp_path / "blobs"), "--webhook", rec.url],
            env=env, capture_output=True, text=True, timeout=600, cwd=tmp_path,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr[-3000:]
        out = json.loads(proc.stdout)
        accepted = rec.accepted()
        attempts = list(rec.attempts)
    alerts = out["alerts"]
    assert {a["category"] for a in alerts} >= {"idle", "progress"}
    ids = [a["alert_id"] for a in alerts]
    assert len(ids) == len(set(ids))
    assert accepted == {i: 1 for i in ids}  # each acted on once, although its first attempt was refused
    assert all(a["signed"] for a in attempts)
    assert sum(1 for a in attempts if a["status"] == 503) == len(ids)
    assert out["deliveries"] == {"delivered": len(ids), "failed": 0, "pending": 0}
    for a in alerts:  # decided after its clip was closed, on the same clock as the receiver's
        assert a["clip_end_wall"] is not None and a["decided_wall"] >= a["clip_end_wall"]
    first = {a["alert_id"]: a["arrived"] for a in reversed(attempts)}
    assert all(first[a["alert_id"]] >= a["decided_wall"] for a in alerts)
    # What was alerted is what the scenario calls for (EgoServe-style matching, as bench.proactive).
    scn = build_scenario("bricklaying", 0, scenario.duration_s)
    truth = true_services(scn, CONFIGURED_SITE, fps=scenario.fps, hfov_deg=scenario.hfov_deg)
    score = score_alerts(alerts, truth, CONFIGURED_SITE.delta_s, scenario.duration_s)
    assert score.macro_f1 is not None and score.macro_f1 >= 0.8, (score.missed, score.false)


def test_the_live_pass_equals_the_pass_after_the_replay(scenario: ScenarioRun, tmp_path: Path) -> None:
    assert scenario.detections_path is not None and scenario.video_path is not None
    settings = ReasonerSettings(
        **reasoner_overrides(build_scenario("bricklaying", 0, scenario.duration_s), CONFIGURED_SITE)
    )
    questions = [
        {"id": "q1", "camera": scenario.camera, "at": 60.0, "question": "What's behind me?"},
        {"id": "q2", "camera": scenario.camera, "at": 115.0, "question": "When was the first brick laid?"},
    ]
    options = ReplayOptions(
        video=scenario.video_path, camera_id=scenario.camera, hfov_deg=scenario.hfov_deg, fast=True,
        blob_dir=tmp_path / "blobs", detections=scenario.detections_path, progress=False,
    )  # fmt: skip
    live_store, after_store = SqliteGraphStore(":memory:"), SqliteGraphStore(":memory:")
    live_store.init()
    after_store.init()
    try:
        live_alerts: list[Any] = []
        with EmbeddedBus(BusSettings(redis_url=None)) as bus:
            spec = MemorySpec(live_store, 5.0, questions, live_alerts, reasoner=settings)
            r = replay(bus, options, live=live_pass(options, spec, None, bus.redis))
            assert r.memory is not None and r.memory.clips == r.clips == 12
            # The pass after the replay, on the same bus: same clips, keyframes and heading track.
            after_alerts: list[Any] = []
            pm = ProactiveMemory(
                bus.redis, after_store, HeadingTrack(r.heading).lookup(scenario.camera), options.blob_dir,
                settings=settings, publish=lambda _d, new: after_alerts.extend(new),
            )  # fmt: skip
            after = remember(
                bus.redis, scenario.camera, HeadingTrack(r.heading), after_store,
                detection_source(options.detections, options.blob_dir), hfov_deg=scenario.hfov_deg,
                questions=questions, on_clip=pm,
                answerer=lambda tools: memory_answerer(tools, summaries=pm.index, archive=pm.archive),
            )  # fmt: skip
            pm.close()
    finally:
        live_store.close()
        after_store.close()
    # The typed answers are the same; both took the reactive path (a narrative over retrieved memory).
    typed = (
        "id",
        "answer",
        "time",
        "duration_s",
        "direction",
        "yes_no",
        "entity_types",
        "entities",
        "intent",
    )
    assert [{k: a[k] for k in typed} for a in after.answers] == [
        {k: a[k] for k in typed} for a in r.memory.answers
    ]
    assert all(a["narrative"] for a in r.memory.answers)
    assert (r.memory.observations, r.memory.events) == (after.observations, after.events)
    assert [(a.alert_id, a.category, a.t) for a in live_alerts] == [
        (a.alert_id, a.category, a.t) for a in after_alerts
    ]
    assert live_alerts  # the scenario has idle and progress alerts within 2 minutes
    assert set(r.memory.alert_clip) == {a.alert_id for a in live_alerts}
    for clip_id in r.memory.alert_clip.values():
        assert r.memory.done_wall[clip_id] >= r.memory.clip_wall[clip_id]
