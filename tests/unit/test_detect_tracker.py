"""ClipTracker: association, misses, detector ids, state hysteresis, relations, and the assignment solver."""

from __future__ import annotations

import itertools

import cv2
import numpy as np
import pytest

from spotter.detect.tracker import EXT_TRACK_ATTRIBUTE, ClipTracker, TrackerConfig, linear_sum_assignment
from spotter.messages import Detection, Observation


def det(label: str, x: float, y: float, w: float = 40, h: float = 40, track: str | None = None,
        score: float = 0.8, **attrs: bool | str) -> Detection:
    return Detection(label=label, bbox=(x, y, x + w, y + h), score=score, track_id=track, attributes=attrs)


def by_track(obs: list[Observation]) -> dict[str, Observation]:
    return {o.track: o for o in obs}


def test_two_boxes_crossing_keep_their_identities() -> None:
    tracker = ClipTracker()
    for k in range(7):
        t = float(k)
        a = det("worker", 100 + 40 * k, 100)  # left to right
        b = det("worker", 340 - 40 * k, 104)  # right to left: they overlap around k = 3
        ids = tracker.update(t, [a, b])
        assert ids == ["t0", "t1"], (k, ids)
    obs = by_track(tracker.observations())
    assert [tb.bbox[0] for tb in obs["t0"].boxes] == [100 + 40 * k for k in range(7)]
    assert [tb.bbox[0] for tb in obs["t1"].boxes] == [340 - 40 * k for k in range(7)]
    assert obs["t0"].motion_px_s == pytest.approx(40.0)


def test_crossing_with_images_uses_appearance() -> None:
    tracker = ClipTracker()
    for k in range(7):
        img = np.full((360, 640, 3), 120, np.uint8)
        xa, xb = 100 + 40 * k, 340 - 40 * k
        cv2.rectangle(img, (xb, 104), (xb + 40, 144), (200, 50, 20), -1)  # blue thing
        cv2.rectangle(img, (xa, 100), (xa + 40, 140), (20, 50, 200), -1)  # red thing, in front
        ids = tracker.update(k * 1.0, [det("toolbox", xa, 100), det("toolbox", xb, 104)], img)
        assert ids == ["t0", "t1"]
    obs = by_track(tracker.observations())
    assert len(obs["t0"].appearance) == len(obs["t1"].appearance) == 56
    assert float(np.dot(obs["t0"].appearance, obs["t1"].appearance)) < 0.9


def test_a_one_frame_miss_keeps_the_track_and_a_long_one_ends_it() -> None:
    tracker = ClipTracker(TrackerConfig(max_age=1))
    tracker.update(0.0, [det("cone", 100, 100)])
    tracker.update(1.0, [])
    tracker.update(2.0, [det("cone", 102, 100)])
    for t in (3.0, 4.0):
        tracker.update(t, [])
    tracker.update(5.0, [det("cone", 104, 100)])
    obs = by_track(tracker.observations())
    assert [tb.t for tb in obs["t0"].boxes] == [0.0, 2.0]
    assert [tb.t for tb in obs["t1"].boxes] == [5.0]


def test_detector_track_ids_pass_through() -> None:
    tracker = ClipTracker()
    tracker.update(0.0, [det("worker", 100, 100, track="7"), det("worker", 105, 100, track="8")])
    # Detector ids win over geometry: "7" jumped across the frame, "8" stayed.
    ids = tracker.update(1.0, [det("worker", 500, 100, track="7"), det("worker", 103, 100, track="8")])
    assert ids == ["t0", "t1"]
    # A new detector id right on top of an existing track is not merged into it.
    ids = tracker.update(2.0, [det("worker", 103, 100, track="9")])
    assert ids == ["t2"]
    obs = by_track(tracker.observations())
    assert obs["t0"].attributes[EXT_TRACK_ATTRIBUTE] == "7"
    assert obs["t2"].attributes[EXT_TRACK_ATTRIBUTE] == "9"


def test_attributes_by_majority_and_mean_score() -> None:
    tracker = ClipTracker()
    for t, hat, score in ((0.0, True, 0.6), (1.0, False, 0.8), (2.0, True, 1.0)):
        tracker.update(t, [det("worker", 100, 100, score=score, hardhat=hat, vest="orange")])
    (o,) = tracker.observations()
    assert o.attributes == {"hardhat": True, "vest": "orange"}
    assert o.score == pytest.approx(0.8)


def test_box_motion_hysteresis_idle_then_active() -> None:
    tracker = ClipTracker(TrackerConfig(hysteresis_frames=2))
    xs = [100, 100, 100, 100, 140, 140, 140, 180, 220, 260]
    states = []
    for k, x in enumerate(xs):
        assert tracker.update(float(k), [det("worker", x, 100)]) == ["t0"]
        states.append(tracker.observations()[0].state)
    # one frame: unknown; two still frames: idle; a single step does not flip it; two moving frames in a row do.
    assert states[0] == "unknown"
    assert states[2:7] == ["idle"] * 5
    assert states[8:] == ["active", "active"]


def test_motion_energy_makes_a_standing_worker_active() -> None:
    rng = np.random.default_rng(0)
    base = np.full((360, 640, 3), 120, np.uint8)
    tracker = ClipTracker(TrackerConfig(hysteresis_frames=2))
    for k in range(6):
        img = base.copy()
        if k >= 3:  # hands at work inside a box that does not move
            img[150:250, 300:360] = rng.integers(0, 255, (100, 60, 3), dtype=np.uint8)
        tracker.update(float(k), [det("worker", 290, 120, w=80, h=160)], img)
        state = tracker.observations()[0].state
        if k == 2:
            assert state == "idle"
    assert state == "active"


def test_things_move_rest_and_are_carried() -> None:
    tracker = ClipTracker()
    for k in range(5):
        wx = 100 + 50 * k
        tracker.update(float(k), [
            det("worker", wx, 100, w=60, h=160),
            det("toolbox", wx + 45, 180, w=30, h=20),  # in the worker's hand, moving along
            det("cone", 500, 240, w=30, h=50),  # standing still
            det("ladder", 40, 300, w=40, h=20) if k < 3 else det("ladder", 40 + 40 * (k - 2), 300, w=40, h=20),
        ])
    obs = {o.label: o for o in tracker.observations()}
    assert obs["worker"].state == "active"
    assert obs["toolbox"].state == "carried"
    assert obs["cone"].state == "on_ground"
    assert obs["ladder"].state == "moving"
    worker_rel = {(r.predicate, r.object_track) for r in obs["worker"].relations}
    assert ("holding", obs["toolbox"].track) in worker_rel
    assert ("holding", obs["ladder"].track) not in worker_rel


def test_a_worker_walking_past_a_thing_on_the_ground_is_not_holding_it() -> None:
    """Seen from a wearer walking towards them, a worker nearer the camera grows and slides across a toolbox
    that lies further off; the toolbox overlaps his hands frame after frame but keeps no place beside him."""
    tracker = ClipTracker()
    for k in range(21):  # 4 s at 5 frames a second
        s = k / 5.0
        h = 75 + 22 * s  # the worker comes nearer: taller each second, feet lower
        tracker.update(s, [
            det("worker", 480 + 40 * s, 240 + 25 * s - h, w=0.4 * h, h=h),
            det("toolbox", 505 + 24 * s, 205 + 8 * s, w=19 + 2 * s, h=12 + 2 * s),
        ])
    obs = {o.label: o for o in tracker.observations()}
    assert ("holding", obs["toolbox"].track) not in {(r.predicate, r.object_track) for r in obs["worker"].relations}
    assert obs["toolbox"].state != "carried"


def test_relations_near_on_and_climbing() -> None:
    tracker = ClipTracker()
    for k in range(3):
        tracker.update(float(k), [
            det("toolbox", 100, 160, w=40, h=30),  # sits on the pallet below
            det("pallet", 90, 190, w=70, h=20),
            det("worker", 400, 60, w=50, h=150),  # feet (y=210) on the ladder's rungs
            det("ladder", 390, 40, w=70, h=260),
            det("cone", 600, 300, w=20, h=40),  # far from everything
        ])
    obs = {o.label: o for o in tracker.observations()}
    rel = {label: {(r.predicate, r.object_track) for r in o.relations} for label, o in obs.items()}
    assert ("on", obs["pallet"].track) in rel["toolbox"]
    assert ("near", obs["pallet"].track) in rel["toolbox"] and ("near", obs["toolbox"].track) in rel["pallet"]
    assert ("on", obs["ladder"].track) in rel["worker"]
    assert ("on", obs["toolbox"].track) not in rel["pallet"]
    assert rel["cone"] == set()
    assert ("holding", obs["toolbox"].track) not in rel["worker"]


def test_labels_never_mix_and_time_must_advance() -> None:
    tracker = ClipTracker()
    tracker.update(0.0, [det("cone", 100, 100)])
    assert tracker.update(1.0, [det("toolbox", 100, 100)]) == ["t1"]
    with pytest.raises(ValueError):
        tracker.update(1.0, [])
    assert all(o.state == "unknown" for o in tracker.observations())


def test_min_hits_drops_flickers() -> None:
    tracker = ClipTracker(TrackerConfig(min_hits=2))
    tracker.update(0.0, [det("cone", 100, 100), det("toolbox", 400, 100)])
    tracker.update(1.0, [det("cone", 100, 100)])
    assert [o.label for o in tracker.observations()] == ["cone"]


def test_linear_sum_assignment_is_optimal() -> None:
    rng = np.random.default_rng(42)
    for shape in [(1, 1), (3, 3), (4, 6), (6, 4), (5, 5)]:
        for _ in range(10):
            cost = rng.random(shape)
            pairs = linear_sum_assignment(cost)
            n, m = shape
            assert len(pairs) == min(n, m)
            assert len({r for r, _ in pairs}) == len({c for _, c in pairs}) == len(pairs)
            got = sum(cost[r, c] for r, c in pairs)
            if n <= m:
                best = min(sum(cost[r, c] for r, c in enumerate(p)) for p in itertools.permutations(range(m), n))
            else:
                best = min(sum(cost[r, c] for c, r in enumerate(p)) for p in itertools.permutations(range(n), m))
            assert got == pytest.approx(best)
    assert linear_sum_assignment(np.zeros((0, 3))) == []


def test_camera_pan_is_not_object_motion() -> None:
    rng = np.random.default_rng(7)
    world = cv2.resize(rng.integers(0, 255, (60, 140, 3), dtype=np.uint8), (1400, 360),
                       interpolation=cv2.INTER_CUBIC)
    cv2.rectangle(world, (700, 200), (740, 240), (20, 50, 200), -1)  # a toolbox standing still in the world
    tracker = ClipTracker()
    for k in range(5):
        x0 = 300 + 25 * k  # the wearer turns right: the view slides over the world
        img = np.ascontiguousarray(world[:, x0:x0 + 640])
        tracker.update(float(k), [det("toolbox", 700 - x0, 200)], img)
    (o,) = tracker.observations()
    assert [round(b.bbox[0]) for b in o.boxes] == [400, 375, 350, 325, 300]
    assert o.state == "on_ground"
    assert o.motion_px_s < 3.0


def test_a_tool_taken_up_into_the_wearer_s_hands_is_carried_from_then() -> None:
    # Traced on three site walks: the wearer looks down at a drill on the floor, picks it up and looks up.
    # The drill's box leaps from the floor to in front of the camera, larger, and stays there as the head
    # moves: from that frame it is carried (no person is seen holding it: the wearer's hands are the camera's).
    def walk(label: str) -> Observation:
        tracker = ClipTracker()
        frames = [(0.0, (410, 500, 480, 526)), (0.2, (412, 420, 478, 446)), (0.4, (413, 338, 482, 364)),
                  (0.6, (480, 294, 680, 408)), (0.8, (479, 294, 684, 412)), (1.0, (478, 298, 679, 409)),
                  (1.2, (472, 291, 674, 407))]  # fmt: skip
        for t, (x0, y0, x1, y1) in frames:
            tracker.update(t, [det(label, x0, y0, w=x1 - x0, h=y1 - y0, track="7")])
        return tracker.observations()[0]

    drill = walk("drill")
    assert [b.state == "carried" for b in drill.boxes] == [False, False, False, True, True, True, True]
    assert not any(b.state == "carried" for b in walk("roller").boxes)  # plant is not picked up by hand

    swept = ClipTracker()  # a head turn sweeps a drill across the view: smooth, the same size, never held
    for k in range(8):
        swept.update(0.2 * k, [det("drill", 100 + 120 * k, 400, w=60, h=30, track="3")])
    assert not any(b.state == "carried" for b in swept.observations()[0].boxes)


def test_frames_a_detector_said_nothing_of_keep_the_state_it_said_a_moment_ago() -> None:
    """A detector reports a worker 'walking', then misses the activity for a few frames while he strides on (his box
    moves: the image's motion would call him active), then 'active' at the wall. The silent frames are walking
    ("moving"), not work; only after 3 s of silence does the image's motion decide again."""
    tracker = ClipTracker(TrackerConfig(hysteresis_frames=2))
    said = ["walking"] * 4 + [None] * 5 + ["active"] * 3
    for k, activity in enumerate(said):
        attrs = {"activity": activity} if activity else {}
        tracker.update(k * 0.5, [det("worker", 100 + 30 * k if k < 9 else 370, 100, **attrs)])
    states = [b.state for b in tracker.observations()[0].boxes]
    assert states[4:9] == ["moving"] * 5 and states[9:] == ["active"] * 3
    late = ClipTracker(TrackerConfig(hysteresis_frames=2))
    for k in range(12):  # walking once at 0 s, then silent and striding for 5.5 s
        late.update(k * 0.5, [det("worker", 100 + 30 * k, 100, **({"activity": "walking"} if k == 0 else {}))])
    assert [b.state for b in late.observations()[0].boxes][-1] == "active"
