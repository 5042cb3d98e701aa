"""Scenario suite: world objects, projection, ground truth, questions, scorer, files."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from spotter.messages import Detection
from spotter.synth import (
    SCENARIOS,
    CameraModel,
    ScenarioRenderer,
    Span,
    Trajectory,
    WorldObject,
    build_scenario,
    generate_scenario,
    make_panorama,
    make_questions,
    scenario_trajectory,
    score_answers,
)
from spotter.synth.questions import KINDS, SECTORS, sector_of
from spotter.synth.scenario import FOREVER, H_CAM, Scenario, detections_for_frame, frame_objects, wrap180
from spotter.synth.sprites import make_sprite, wall_sprite


@pytest.fixture(scope="module")
def pano() -> np.ndarray:
    return np.asarray(make_panorama(seed=3, width=1024))


def _one_object_scene(label: str, bearing: float, dist: float) -> Scenario:
    obj = WorldObject(f"{label}_1", label, [Span(0.0, FOREVER, bearing, bearing, dist, dist, "on_ground")])
    return Scenario("unit", 0, 1.0, [obj], [], [], {})


def _still(yaw: float, n: int = 3) -> Trajectory:
    return Trajectory(yaw=np.full(n, yaw), pitch=np.zeros(n), roll=np.zeros(n), fps=15.0)


# --- the script ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SCENARIOS)
def test_script_and_head_motion_are_deterministic_per_seed(name: str) -> None:
    a, b, c = build_scenario(name, 4), build_scenario(name, 4), build_scenario(name, 5)
    assert [o.to_json() for o in a.objects] == [o.to_json() for o in b.objects]
    assert a.events == b.events and a.facts == b.facts
    assert [o.to_json() for o in a.objects] != [o.to_json() for o in c.objects]
    ta, tb = scenario_trajectory(a, 5.0), scenario_trajectory(b, 5.0)
    assert np.array_equal(ta.yaw, tb.yaw) and np.array_equal(ta.pitch, tb.pitch)
    assert abs(ta.yaw[0]) < 1e-9  # heading starts at 0: bearings share the tracker's frame
    assert np.abs(ta.pitch).max() <= 8.0 and np.abs(ta.roll).max() <= 3.5
    assert ta.yaw_speed().max() < 400.0


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario_contents(name: str) -> None:
    s = build_scenario(name, 0)
    assert s.duration_s >= 600.0
    labels = {o.label for o in s.objects}
    assert {"worker", "ladder", "toolbox", "drill", "hammer", "cone", "wheelbarrow", "pallet"} <= labels
    workers = [o for o in s.objects if o.label == "worker"]
    assert any(w.hardhat is None for w in workers) and any(w.hardhat is not None for w in workers)
    kinds = {e["kind"] for e in s.events}
    assert {"idle", "active", "moved", "picked_up", "dropped", "ppe_off", "appeared"} <= kinds
    lm = s.facts["ladder_move"]
    assert abs(wrap180(lm["to"] - lm["from"])) > 90.0  # the ladder changes sides
    # the main worker alternates idle and active spells, each at least 20 s long
    main = s.obj(s.facts["main_worker"])
    runs = [sp for sp in main.spans if sp.state in ("idle", "active") and sp.t1 - sp.t0 > 10]
    assert sum(sp.state == "idle" for sp in runs) >= 5 and sum(sp.state == "active" for sp in runs) >= 5
    # things leave the view for minutes: at least two 'away' stretches of >= 90 s
    assert sum(w.kind == "away" and w.t1 - w.t0 >= 90.0 for w in s.watches) >= 2


def test_brick_wall_grows_monotonically() -> None:
    s = build_scenario("bricklaying", 0)
    ts = np.arange(0.0, s.duration_s, 1.0)
    n = np.array([s.bricks_at(float(t)) for t in ts])
    assert n[0] == 0 and n[-1] >= 40 and np.all(np.diff(n) >= 0)
    assert s.facts["first_brick"] == s.brick_times[0]
    # bricks are laid only while the bricklayer is active
    main = s.obj(s.facts["main_worker"])
    assert all(main.state_at(t) == "active" for t in s.brick_times)
    heights = [wall_sprite(k).height_m for k in range(1, 60)]
    widths = [wall_sprite(k).right_m - wall_sprite(k).left_m for k in range(1, 60)]
    assert np.all(np.diff(heights) >= 0) and np.all(np.diff(widths) >= -1e-9) and heights[-1] > 5 * heights[0]


def test_lookalike_toolboxes_are_identical_but_distinct() -> None:
    for name in SCENARIOS:
        s = build_scenario(name, 0)
        boxes = [o for o in s.objects if o.label == "toolbox"]
        assert len(boxes) == 2 and boxes[0].id != boxes[1].id
        sep = abs(wrap180(boxes[0].spans[0].bearing0 - boxes[1].spans[0].bearing0))
        assert 55.0 <= sep <= 130.0
    assert make_sprite("toolbox") is make_sprite("toolbox")  # pixel-identical look-alikes
    # bricklaying: both in one frame when facing between them, with distinct track ids
    s = build_scenario("bricklaying", 0)
    b1, b2 = (s.obj(f"toolbox_{i}").spans[0].bearing0 for i in (1, 2))
    mid = b1 + wrap180(b2 - b1) / 2.0
    dets = detections_for_frame(frame_objects(s, 10.0, mid, 0.0, 0.0, CameraModel(640, 360, 90.0)))
    ids = [d["track_id"] for d in dets if d["label"] == "toolbox"]
    assert sorted(ids) == ["toolbox_1", "toolbox_2"]


# --- projection / ground truth ---------------------------------------------------------------


@pytest.mark.parametrize(("bearing", "heading"), [(20.0, 0.0), (-30.0, 5.0), (370.0, 352.0), (0.0, 0.0)])
def test_gt_box_projects_where_the_pinhole_model_says(
    bearing: float, heading: float, pano: np.ndarray
) -> None:
    cam = CameraModel(320, 180, 90.0)
    dist = 4.5
    s = _one_object_scene("toolbox", bearing, dist)
    objs = frame_objects(s, 0.5, heading, 0.0, 0.0, cam)
    (det,) = detections_for_frame(objs)
    x1, y1, x2, y2 = det["bbox"]
    d = math.radians(bearing - heading)
    assert abs(0.5 * (x1 + x2) - (cam.width / 2 + cam.f * math.tan(d))) < 1.0
    # the bottom edge is the ground contact, H_CAM below the eye, at the nearer bottom
    # corner's depth (the billboard faces the wearer, not the camera axis)
    sp = make_sprite("toolbox")
    depth = min(dist * math.cos(d) - lat * math.sin(d) for lat in (sp.left_m, sp.right_m))
    assert abs(y2 - (cam.height / 2 + cam.f * H_CAM / depth)) < 0.2
    top_depth = max(dist * math.cos(d) - lat * math.sin(d) for lat in (sp.left_m, sp.right_m))
    assert abs(y1 - (cam.height / 2 + cam.f * (H_CAM - sp.height_m) / top_depth)) < 0.2
    # and the sprite is drawn there: the changed pixels' box matches the ground-truth box
    r = ScenarioRenderer(s, pano, cam)
    img, _ = r.render(0.5, heading, 0.0, 0.0)
    bg = r.view.render(heading, 0.0, 0.0)
    diff = np.abs(img.astype(np.int16) - bg.astype(np.int16)).sum(axis=2) > 40
    ys, xs = np.nonzero(diff)
    assert abs(xs.min() - x1) <= 1.5 and abs(xs.max() + 1 - x2) <= 1.5
    assert abs(ys.min() - y1) <= 1.5 and abs(ys.max() + 1 - y2) <= 1.5


def test_gt_follows_pitch_and_truncation() -> None:
    cam = CameraModel(320, 180, 90.0)
    s = _one_object_scene("ladder", 0.0, 5.0)
    (level,) = detections_for_frame(frame_objects(s, 0.0, 0.0, 0.0, 0.0, cam))
    (up,) = detections_for_frame(frame_objects(s, 0.0, 0.0, 5.0, 0.0, cam))
    assert up["bbox"][3] > level["bbox"][3]  # looking up moves things down
    # half out of the frame on the right: clipped at W and marked truncated
    (edge,) = detections_for_frame(frame_objects(s, 0.0, -45.0, 0.0, 0.0, cam))
    assert edge["bbox"][2] == cam.width and edge["attributes"]["truncated"] is True
    assert 0.2 < edge["attributes"]["visible_frac"] < 0.8


@pytest.mark.parametrize("offset", [180.0, -150.0, 120.0, 62.0])
def test_objects_out_of_view_are_absent(offset: float) -> None:
    cam = CameraModel(320, 180, 90.0)
    s = _one_object_scene("toolbox", 40.0 + offset, 4.5)
    assert detections_for_frame(frame_objects(s, 0.0, 40.0, 0.0, 0.0, cam)) == []


def test_detections_follow_the_contract() -> None:
    s = build_scenario("ladder_and_tools", 2)
    tr = scenario_trajectory(s, 2.0)
    cam = CameraModel(320, 180, 90.0)
    seen_labels = set()
    for k in range(0, tr.n_frames, 7):
        for d in detections_for_frame(frame_objects(s, k / 2.0, tr.yaw[k], tr.pitch[k], tr.roll[k], cam)):
            Detection.model_validate(d)
            x1, y1, x2, y2 = d["bbox"]
            assert 0 <= x1 < x2 <= 320 and 0 <= y1 < y2 <= 180
            seen_labels.add(d["label"])
            if d["label"] == "worker":
                assert isinstance(d["attributes"]["hardhat"], bool) and d["attributes"]["vest"] in (
                    "orange",
                    "yellow",
                )
                assert d["attributes"]["state"] in ("idle", "active", "moving")
    assert {"worker", "ladder", "toolbox", "drill", "cone", "wheelbarrow", "pallet"} <= seen_labels


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_object_is_seen_several_times(name: str) -> None:
    s = build_scenario(name, 1)
    tr = scenario_trajectory(s, 1.0)
    cam = CameraModel(320, 180, 90.0)
    visits: dict[str, list[int]] = {o.id: [] for o in s.objects}
    for k in range(tr.n_frames):
        for d in detections_for_frame(frame_objects(s, float(k), tr.yaw[k], tr.pitch[k], tr.roll[k], cam)):
            visits[d["track_id"]].append(k)
    for o in s.objects:
        ks = visits[o.id]
        n_visits = 1 + int(np.sum(np.diff(ks) > 2)) if ks else 0
        on_site = sum(min(sp.t1, s.duration_s) - sp.t0 for sp in o.spans if sp.t0 < s.duration_s)
        # a visitor on site for a minute is watched throughout; everything else comes back
        assert n_visits >= (3 if on_site > 300 else 1) and len(ks) >= 10, (o.id, n_visits, len(ks))


# --- questions ---------------------------------------------------------------------------------


BrickQA = tuple[Scenario, Trajectory, list[dict[str, Any]], list[dict[str, Any]]]


@pytest.fixture(scope="module")
def brick_qa() -> BrickQA:
    s = build_scenario("bricklaying", 0)
    tr = scenario_trajectory(s, 3.0)  # 3 fps: enough for the "seen" bookkeeping, fast
    q, a = make_questions(s, tr, CameraModel(320, 180, 90.0))
    return s, tr, q, a


def test_questions_cover_six_kinds_and_follow_the_contract(brick_qa: BrickQA) -> None:
    s, _, q, a = brick_qa
    assert [x["id"] for x in q] == [x["id"] for x in a]
    assert len({x["id"] for x in q}) == len(q)
    for kind in KINDS:
        assert 6 <= sum(x["kind"] == kind for x in a) <= 10, kind
    for x in q:
        assert set(x) == {"id", "camera", "at", "question"} and 0 < x["at"] < s.duration_s
    assert [x["at"] for x in q] == sorted(x["at"] for x in q)
    for x in a:
        if x["kind"] in ("temporal_reasoning", "identity"):
            assert isinstance(x["yes_no"], bool)
        if x["kind"] == "object_permanence":
            assert x["direction"] in SECTORS
    # both answers occur for the yes/no kinds
    for kind in ("temporal_reasoning", "identity"):
        assert {x["yes_no"] for x in a if x["kind"] == kind} == {True, False}


def test_answers_are_consistent_with_the_script(brick_qa: BrickQA) -> None:
    s, tr, _, a = brick_qa
    lm = s.facts["ladder_move"]

    def heading(t: float) -> float:
        return float(tr.pose_at(np.array([t]))[0][0])

    after = [x for x in a if x["question"] == "Where is the ladder now?" and x["at"] > lm["t1"]]
    before = [x for x in a if x["question"] == "Where is the ladder now?" and x["at"] < lm["t0"]]
    assert after and before
    for x in after:
        assert x["direction"] == sector_of(lm["to"] - heading(x["at"]))
    for x in before:
        assert x["direction"] == sector_of(lm["from"] - heading(x["at"]))
    for x in a:
        if x["question"] == "When was the first brick laid?":
            assert x["time"] == pytest.approx(s.brick_times[0], abs=0.01) and x["at"] > s.brick_times[0]
        if x["question"] == "When was the ladder moved?":
            assert x["time_range"] == pytest.approx([lm["t0"], lm["t1"]], abs=0.01)
        if x["kind"] == "productivity":
            lo, hi = x["evidence"]["window"]
            main = s.obj(s.facts["main_worker"])
            ts = np.arange(lo, hi, 0.01)
            frac = np.mean([main.state_at(float(t)) == x["evidence"]["state"] for t in ts])
            assert x["duration_s"] == pytest.approx(frac * (hi - lo), abs=0.2)
            assert hi <= x["at"] + 1e-6  # only what happened up to `at`
        if "return to where the drill was dropped" in x["question"]:
            assert x["at"] > s.facts["drill_drop"]["t"]
            assert x["yes_no"] == (x["at"] > s.facts["return_spot"]["t0"])
        if x["kind"] == "identity" and x["question"].startswith("Is the toolbox"):
            assert x["yes_no"] == (x["evidence"]["reference_entity"] == x["entities"][0])
        if x["question"] == "What's behind me?":
            assert x["entity_types"] and not set(x["entity_types"]) & set(x["entity_types_optional"])


def test_lookalike_identity_questions_answer_no(brick_qa: BrickQA) -> None:
    _, _, _, a = brick_qa
    no = [x for x in a if x["kind"] == "identity" and "toolbox" in x["question"] and x["yes_no"] is False]
    assert no and all(x["entities"][0] != x["evidence"]["reference_entity"] for x in no)


# --- scorer ------------------------------------------------------------------------------------


def _truths() -> list[dict[str, Any]]:
    base = {"time": None, "time_range": None, "duration_s": None, "direction": None, "bearing_rel_deg": None,
            "yes_no": None, "entity_types": None, "entity_types_optional": None, "tolerance": None}  # fmt: skip
    return [
        {**base, "id": "t", "kind": "temporal_retrieval", "time": 100.0, "time_range": [100.0, 110.0],
         "tolerance": {"time_s": 5.0}},
        {**base, "id": "p", "kind": "productivity", "duration_s": 100.0},
        {**base, "id": "d", "kind": "object_permanence", "direction": "behind-left", "bearing_rel_deg": -155.0},
        {**base, "id": "e", "kind": "directional", "entity_types": ["ladder", "toolbox"],
         "entity_types_optional": ["cone"]},
        {**base, "id": "y", "kind": "identity", "yes_no": False},
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("pred", "ok"),
    [
        ({"id": "t", "time": 95.0}, True),
        ({"id": "t", "time": 114.9}, True),
        ({"id": "t", "time": 94.0}, False),
        ({"id": "t", "time": 116.0}, False),
        ({"id": "p", "duration_s": 109.9}, True),
        ({"id": "p", "duration_s": 90.5}, True),
        ({"id": "p", "duration_s": 111.0}, False),
        ({"id": "d", "direction": "behind-left"}, True),
        ({"id": "d", "direction": "Behind Left"}, True),
        ({"id": "d", "direction": "behind"}, True),  # -155 is 2.5 deg from the -157.5 border
        ({"id": "d", "direction": "left"}, False),
        ({"id": "e", "entity_types": ["toolbox", "ladder"]}, True),
        ({"id": "e", "entity_types": ["toolbox", "ladder", "cone"]}, True),
        ({"id": "e", "entity_types": ["toolbox"]}, False),
        ({"id": "e", "entity_types": ["toolbox", "ladder", "worker"]}, False),
        ({"id": "y", "yes_no": False}, True),
        ({"id": "y", "yes_no": True}, False),
        ({"id": "y", "answer": "no"}, False),  # only typed fields count
    ],
)
def test_scorer_rules(pred: dict[str, Any], ok: bool) -> None:
    truths = [t for t in _truths() if t["id"] == pred["id"]]
    res = score_answers({"answers": [pred]}, truths)
    assert res["overall"]["correct"] == int(ok), res["details"]


def test_scorer_adjacent_sector_only_near_the_border() -> None:
    t = {**_truths()[2], "direction": "behind-left", "bearing_rel_deg": -135.0}
    assert score_answers([{"id": "d", "direction": "behind"}], [t])["overall"]["correct"] == 0
    res = score_answers([], _truths())
    assert res["overall"] == {"n": 5, "correct": 0, "accuracy": 0.0}
    assert (
        res["per_kind"]["productivity"]["accuracy"] == 0.0 and res["per_kind"]["temporal_reasoning"]["n"] == 0
    )


def test_truth_answers_score_perfectly(brick_qa: BrickQA) -> None:
    _, _, _, a = brick_qa
    res = score_answers({"answers": a}, a)
    assert res["overall"]["accuracy"] == 1.0
    assert all(v["accuracy"] == 1.0 for v in res["per_kind"].values() if v["n"])


# --- files ---------------------------------------------------------------------------------------


def test_generate_scenario_files_and_cache(tmp_path: Path) -> None:
    kw: dict[str, Any] = dict(duration_s=20.0, fps=15.0, width=320, height=180, pano_width=1024, threads=2)
    run = generate_scenario("bricklaying", 1, tmp_path, **kw)
    assert run.video_path is not None and run.video_path.exists()
    cap = cv2.VideoCapture(str(run.video_path))
    n = 0
    while cap.read()[0]:
        n += 1
    cap.release()
    assert n == run.n_frames == 300
    lines = run.detections_path.read_text().splitlines()
    assert len(lines) == 300
    first = json.loads(lines[0])
    assert set(first) == {"t", "detections"}
    for line in lines[::25]:
        for d in json.loads(line)["detections"]:
            Detection.model_validate(d)
    truth = run.truth_path.read_text().splitlines()
    assert truth[0] == "frame,t,yaw_deg,pitch_deg,roll_deg" and len(truth) == 301
    ev = json.loads(run.events_path.read_text())
    assert {"objects", "events", "brick_times"} <= set(ev)
    assert any(e["kind"] == "appeared" and e["source"] == "view" for e in ev["events"])
    questions = json.loads(run.questions_path.read_text())
    answers = json.loads(run.answers_path.read_text())
    assert [x["id"] for x in questions] == [x["id"] for x in answers]
    assert all(x["at"] <= 20.0 for x in questions)
    # cached: a second call writes nothing
    mt = run.meta_path.stat().st_mtime_ns, run.video_path.stat().st_mtime_ns
    assert generate_scenario("bricklaying", 1, tmp_path, **kw) == run
    assert (run.meta_path.stat().st_mtime_ns, run.video_path.stat().st_mtime_ns) == mt
    # deterministic: the same files again elsewhere (ground truth only, no video)
    again = generate_scenario("bricklaying", 1, tmp_path / "b", video=False, **kw)
    assert again.video_path is None
    for p, q in ((run.detections_path, again.detections_path), (run.answers_path, again.answers_path),
                 (run.events_path, again.events_path)):  # fmt: skip
        assert p.read_bytes() == q.read_bytes()
