"""Proactive alerts end to end on the scenario suite, from ground-truth detections.

The scenario's detections go through the external-detections input, the within-clip
tracker, the template captioner, the world model and the SQLite graph, clip by clip,
and the reasoner decides on each clip right after it is remembered; its alerts are
scored against the script's true services (`spotter.synth.proactive`). Heading comes
from the generator's truth (no video, fast); `python -m bench.proactive --heading video`
runs the same with the heading measured from the rendered video.
"""

from __future__ import annotations

import math
import os
import threading
import time
from pathlib import Path
from typing import Any, cast

import pytest
from redis import Redis

from spotter import streams
from spotter.bus import StreamConsumer, StreamPublisher
from spotter.graph.sqlite import SqliteGraphStore
from spotter.heading.track import HeadingTrack
from spotter.memory import FileDetections, MemoryBuilder
from spotter.messages import Alert, Caption, Clip, Decision, decode
from spotter.reason import Reasoner, ReasonerSettings
from spotter.reason.service import ClipNotRemembered, ReasonerHandler
from spotter.synth import load_truth
from spotter.synth.proactive import (
    CONFIGURED_SITE,
    reasoner_overrides,
    score_alerts,
    silent_baseline,
    true_services,
)
from spotter.synth.scenario import SCENARIOS, build_scenario, generate_scenario
from spotter.world.scripted import ScriptedScene
from spotter.world.service import KnowledgeGraphHandler, KnowledgeGraphSettings

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache")) / "scenarios"


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENARIOS)
def test_alerts_from_ground_truth_detections(name: str) -> None:
    run = generate_scenario(name, seed=0, out_dir=CACHE, video=False)
    yaw = [float(y) for y in load_truth(run.truth_path)["yaw_deg"]]
    heading = HeadingTrack((i / run.fps, y) for i, y in enumerate(yaw))
    lookup = heading.lookup(run.camera)
    store = SqliteGraphStore(":memory:")
    store.init()
    builder = MemoryBuilder(store, lookup, FileDetections.read(run.detections_path), width=run.width,
                            height=run.height, hfov_deg=run.hfov_deg)  # fmt: skip
    scn = build_scenario(name, 0, run.duration_s)
    params = CONFIGURED_SITE
    reasoner = Reasoner(store, lookup, ReasonerSettings(**reasoner_overrides(scn, params)))
    clips = []
    for k in range(math.ceil(run.duration_s / 10.0)):
        t0, t1 = 10.0 * k, min(run.duration_s, 10.0 * (k + 1))
        clip = Clip(camera_id=run.camera, t=t1, clip_id=f"{run.camera}-gt-{k:06d}", t_start=t0, t_end=t1,
                    n_frames=int((t1 - t0) * run.fps), source="scenario")  # fmt: skip
        clips.append(clip)
        decision, alerts = reasoner.on_clip(builder.add_clip(clip))
        assert decision.clip_id == clip.clip_id and decision.d == (1 if alerts else 0)
        assert all(a.t == t1 and a.evidence.clip_ids for a in alerts)
    assert len(reasoner.decisions) == len(clips)

    truth = true_services(scn, params, yaw=yaw, fps=run.fps, hfov_deg=run.hfov_deg)
    score = score_alerts(reasoner.alerts, truth, params.delta_s, run.duration_s)
    assert score.macro_f1 is not None and score.macro_f1 >= 0.8, (
        score.per_category,
        score.missed,
        score.false,
    )
    assert score.false_alerts_per_min <= 0.1, score.false
    for cat in ("ppe_violation", "exclusion_zone", "left_behind"):
        assert score.per_category[cat].f1 == 1.0, (cat, score.missed, score.false)
    assert score_alerts(silent_baseline(truth), truth, params.delta_s, run.duration_s).macro_f1 == 0.0

    # Cooldowns: no condition alerts twice, and no alert id repeats.
    ids = [a.alert_id for a in reasoner.alerts]
    assert len(ids) == len(set(ids))
    per_condition = [(a.category, tuple(a.evidence.entity_ids), a.message.split(" since ")[0]) for a in reasoner.alerts
                     if a.category in ("ppe_violation", "left_behind", "exclusion_zone")]  # fmt: skip
    assert len(per_condition) == len(set(per_condition)) == 3

    # A restarted reasoner that sees the last clips again publishes the same ids (the notifier dedups).
    again = Reasoner(store, lookup, ReasonerSettings(**reasoner_overrides(scn, params)))
    for clip in clips[:40]:
        again.on_clip(builder.add_clip(clip))  # stored clips: the memory returns their events again
    first = {a.alert_id for a in reasoner.alerts if a.t <= clips[39].t_end}
    assert {a.alert_id for a in again.alerts} == first
    store.close()


def test_reasoner_service_decides_on_every_stored_caption_and_publishes_alerts(
    redis: Redis, tmp_path: Path
) -> None:
    """Captions -> knowledge-graph handler (graph + world events) -> reasoner service -> decisions and alerts."""
    cam = "cam-reason"
    scene = ScriptedScene(cam).look(0.0, 0.0).look(30.0, 0.0)
    caps = [
        scene.caption(0, 0.0, 10.0, [scene.observation("1", "ladder", 30.0, [2.0, 5.0, 8.0])]),
        scene.caption(
            1,
            10.0,
            20.0,
            [scene.observation("1", "worker", 10.0, [12.0, 15.0, 18.0], attributes={"hardhat": False})],
        ),  # fmt: skip
        scene.caption(
            2,
            20.0,
            30.0,
            [scene.observation("1", "worker", 12.0, [22.0, 25.0, 28.0], attributes={"hardhat": False})],
        ),  # fmt: skip
    ]
    samples = {f"{t / 2:.3f}:{scene.yaw(t / 2):.3f}": t / 2 for t in range(61)}
    redis.zadd(streams.heading_track_key(cam), samples)
    store = SqliteGraphStore(tmp_path / "graph.db")
    store.init()
    stop = threading.Event()
    handler = ReasonerHandler(redis, store, ReasonerSettings(clip_wait_s=0.2), stop=stop)
    try:
        with pytest.raises(ClipNotRemembered):  # the knowledge graph has not stored it yet: retried later
            handler.handle(caps[0])
        kg = KnowledgeGraphHandler(redis, store, KnowledgeGraphSettings(heading_wait_s=0.5))
        for c in caps:
            kg.handle(c)
        StreamPublisher[Caption](redis, streams.CAPTIONS).publish_many([(c, None) for c in caps])
        consumer: StreamConsumer[Caption] = StreamConsumer(
            redis, streams.CAPTIONS, streams.GROUP_REASONER, "reasoner-1", model=Caption, block_ms=50
        )
        worker = threading.Thread(target=consumer.run, args=(handler, stop))
        worker.start()
        try:
            deadline = time.monotonic() + 10
            while redis.xlen(streams.DECISIONS) < 3 and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            stop.set()
            worker.join(10)
        decisions = [decode(f)[0] for _id, f in cast(Any, redis.xrange(streams.DECISIONS))]
        alerts = [decode(f)[0] for _id, f in cast(Any, redis.xrange(streams.ALERTS))]
        assert [d.clip_id for d in decisions if isinstance(d, Decision)] == [c.clip_id for c in caps]
        assert [d.d for d in decisions if isinstance(d, Decision)] == [0, 1, 0]
        assert [(a.category, a.horizon) for a in alerts if isinstance(a, Alert)] == [
            ("ppe_violation", "instant")
        ]
        # A restarted replica deciding the same clip again publishes the same alert id (the notifier dedups).
        fresh = ReasonerHandler(redis, store, ReasonerSettings(clip_wait_s=0.2))
        _, again = fresh.handle(caps[1])
        assert [a.alert_id for a in again] == [a.alert_id for a in alerts if isinstance(a, Alert)]
    finally:
        store.close()
