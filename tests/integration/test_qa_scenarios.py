"""Question answering end to end on the scenario suite, from ground-truth detections.

The scenario's detections go through the external-detections input, the within-clip
tracker, the template captioner, the world model and the SQLite graph, clip by clip;
each question is answered by the offline parser right after the clip holding its `at`.
Heading comes from the generator's truth here (the video is not rendered, so the test
stays fast); `python -m bench.qa` runs the same with the heading measured from the video.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest

from spotter.answer.parser import QuestionParser
from spotter.detect.external import ExternalDetections
from spotter.graph.sqlite import SqliteGraphStore
from spotter.heading.track import HeadingTrack
from spotter.memory import FileDetections, MemoryBuilder
from spotter.messages import Clip
from spotter.recall import answer_record
from spotter.synth import load_truth
from spotter.synth.questions import KINDS, score_answers
from spotter.synth.scenario import SCENARIOS, generate_scenario
from spotter.tools import GraphTools

pytestmark = [pytest.mark.integration, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache")) / "scenarios"


@pytest.mark.parametrize("name", SCENARIOS)
def test_answers_from_ground_truth_detections(name: str) -> None:
    run = generate_scenario(name, seed=0, out_dir=CACHE, video=False)
    yaw = load_truth(run.truth_path)["yaw_deg"]
    heading = HeadingTrack((i / run.fps, float(y)) for i, y in enumerate(yaw))
    lookup = heading.lookup(run.camera)
    store = SqliteGraphStore(":memory:")
    store.init()
    builder = MemoryBuilder(store, lookup, FileDetections.read(run.detections_path), width=run.width,
                            height=run.height, hfov_deg=run.hfov_deg)  # fmt: skip
    parser = QuestionParser(GraphTools(store, lookup), load_embedder=False)
    questions = sorted(json.loads(run.questions_path.read_text()), key=lambda q: q["at"])
    answers = []
    for k in range(math.ceil(run.duration_s / 10.0)):
        t0, t1 = 10.0 * k, min(run.duration_s, 10.0 * (k + 1))
        builder.add_clip(Clip(camera_id=run.camera, t=t1, clip_id=f"{run.camera}-gt-{k:06d}", t_start=t0,
                              t_end=t1, n_frames=int((t1 - t0) * run.fps), source="scenario"))  # fmt: skip
        while questions and questions[0]["at"] <= t1:
            answers.append(answer_record(questions.pop(0), parser, run.camera))
    assert not questions
    score = score_answers(answers, json.loads(run.answers_path.read_text()))
    wrong = [d for d in score["details"] if not d["correct"]]
    for kind in KINDS:
        acc = score["per_kind"][kind]["accuracy"]
        assert acc is not None and acc >= 0.9, (kind, wrong)
    assert score["productivity_rel_error"]["max"] <= 0.10
    # Identity: one entity per ground-truth thing; the look-alike toolboxes never merged.
    gt = ExternalDetections.read(run.detections_path)
    things = {d.track_id for t in gt.times for d in gt.at(t, 1e-6) or []}
    ids_by_entity: dict[str, set[str]] = {}
    for o in store.observations(run.camera):
        ids_by_entity.setdefault(o.entity_id, set()).add(str(o.attributes["ext_track_id"]))
    assert all(len(ids) == 1 for ids in ids_by_entity.values()), ids_by_entity
    assert len(ids_by_entity) == len(things)
    toolboxes = [e for e in store.entities(run.camera) if e.label == "toolbox"]
    assert len(toolboxes) == 2
