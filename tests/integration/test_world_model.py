"""The world model on the real SQLite graph store: scripted scenes with known answers."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from spotter.graph.base import GraphStore
from spotter.graph.sqlite import SqliteGraphStore
from spotter.messages import Caption, WorldEvent
from spotter.world import WorldModel, WorldSettings
from spotter.world.geometry import angular_distance
from spotter.world.scripted import ScriptedScene

pytestmark = pytest.mark.integration

CAM = "cam-1"
CLIP_S = 10.0


def vec(angle_deg: float, dim: int = 8) -> list[float]:
    """A descriptor; cosine between vec(a) and vec(b) is cos(a - b)."""
    r = math.radians(angle_deg)
    return [math.cos(r), math.sin(r)] + [0.0] * (dim - 2)


LADDER = vec(0)
TOOLBOX = vec(90)
DRILL = vec(180)
WORKER = vec(270)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteGraphStore]:
    s = SqliteGraphStore(tmp_path / "graph.db")
    s.init()
    try:
        yield s
    finally:
        s.close()


def times(i: int, *offsets: float) -> list[float]:
    return [i * CLIP_S + o for o in (offsets or (2.0, 5.0, 8.0))]


def run(model: WorldModel, captions: Sequence[Caption]) -> list[WorldEvent]:
    out: list[WorldEvent] = []
    for c in captions:
        out.extend(model.ingest(c))
    return out


def kinds(events: Sequence[WorldEvent], entity_id: str | None = None) -> list[str]:
    return [e.kind for e in events if entity_id is None or e.entity_id == entity_id]


def dump(store: GraphStore, camera_id: str = CAM) -> dict[str, Any]:
    ents = store.entities(camera_id)
    obs = store.observations(camera_id)
    clips = store.clips(camera_id)
    ids = [e.entity_id for e in ents] + [o.observation_id for o in obs] + [c.clip_id for c in clips]
    return {
        "entities": [e.model_dump() for e in ents],
        "observations": [o.model_dump() for o in obs],
        "clips": [c.model_dump() for c in clips],
        "events": [e.model_dump() for e in store.events(camera_id)],
        "edges": [e.model_dump() for e in store.edges(ids)],
    }


# --- scenes -----------------------------------------------------------------------------------


def ladder_turn_away_scene() -> tuple[ScriptedScene, list[Caption]]:
    """A ladder at bearing 30; the wearer turns away for three minutes and back."""
    scene = (
        ScriptedScene(CAM)
        .look(0.0, 0.0)
        .look(10.0, 0.0)
        .look(12.0, 180.0)
        .look(190.0, 180.0)
        .look(192.0, 0.0)
    )
    caps = [
        scene.caption(0, 0.0, 10.0, [scene.observation("1", "ladder", 30.0, times(0), appearance=LADDER)])
    ]
    caps += [scene.caption(i, i * CLIP_S, (i + 1) * CLIP_S) for i in range(1, 19)]
    caps.append(
        scene.caption(
            19, 190.0, 200.0, [scene.observation("1", "ladder", 30.0, times(19, 5.0, 8.0), appearance=vec(5))]
        )
    )
    return scene, caps


def test_ladder_turned_away_and_back_is_the_same_entity(store: SqliteGraphStore) -> None:
    scene, caps = ladder_turn_away_scene()
    model = WorldModel(store, scene.heading)
    first = run(model, caps[:1])
    assert kinds(first) == ["appeared"]
    ladder_id = first[0].entity_id
    assert first[0].bearing_deg == pytest.approx(30.0, abs=0.5)
    assert first[0].t == pytest.approx(2.0)

    middle = run(model, caps[1:19])
    assert kinds(middle) == ["left_view"]
    left = middle[0]
    assert left.entity_id == ladder_id
    assert left.detail["reason"] == "out_of_view"  # turned away, not gone
    assert left.t == pytest.approx(10.0)

    # Object permanence: still at bearing 30 while unseen; confidence decays on read, history stays.
    ladder = store.entity(ladder_id)
    assert ladder is not None
    assert ladder.bearing_deg == pytest.approx(30.0, abs=0.5)
    assert model.confidence(ladder, 20.0) == pytest.approx(1.0 - 0.015 * 12.0)
    assert model.confidence(ladder, 190.0) == 0.0
    assert not model.present(ladder, 190.0) and model.present(ladder, 40.0)

    last = run(model, caps[19:])
    assert kinds(last) == ["returned"]
    assert last[0].entity_id == ladder_id
    assert last[0].detail["gap_s"] == pytest.approx(195.0 - 8.0)
    assert last[0].t == pytest.approx(195.0)

    entities = store.entities(CAM)
    assert [e.entity_id for e in entities] == [ladder_id]
    ladder = entities[0]
    assert ladder.observations == 2 and ladder.last_seen == pytest.approx(198.0)
    assert ladder.confidence == 1.0 and model.confidence(ladder, 200.0) == pytest.approx(1.0 - 0.015 * 2.0)
    # Both observations are linked in time order.
    obs = store.observations(CAM, entity_id=ladder_id)
    nxt = store.edges([obs[0].observation_id], kinds=["next"])
    assert [(e.src, e.dst) for e in nxt] == [(obs[0].observation_id, obs[1].observation_id)]
    stored = store.events(CAM)
    assert [e.kind for e in stored] == ["appeared", "left_view", "returned"]


def test_ladder_moved_while_its_old_place_is_in_view(store: SqliteGraphStore) -> None:
    scene = ScriptedScene(CAM).look(0.0, 0.0).look(10.0, 0.0).look(10.5, 65.0)
    caps = [
        scene.caption(0, 0.0, 10.0, [scene.observation("1", "ladder", 30.0, times(0), appearance=LADDER)]),
        # Heading 65: the old place (30) and the new one (100) are both in view; the ladder is at 100.
        scene.caption(1, 10.0, 20.0, [scene.observation("4", "ladder", 100.0, times(1), appearance=vec(3))]),
        scene.caption(2, 20.0, 30.0, [scene.observation("2", "ladder", 100.0, times(2), appearance=vec(2))]),
    ]
    model = WorldModel(store, scene.heading)
    events = run(model, caps)
    assert kinds(events) == ["appeared", "moved"]
    moved = events[1]
    assert moved.detail["from_bearing_deg"] == pytest.approx(30.0, abs=0.5)
    assert moved.detail["to_bearing_deg"] == pytest.approx(100.0, abs=0.5)
    assert moved.bearing_deg == pytest.approx(100.0, abs=0.5)
    assert moved.t == pytest.approx(12.0)
    entities = store.entities(CAM)
    assert len(entities) == 1
    assert entities[0].bearing_deg == pytest.approx(100.0, abs=0.5)
    assert entities[0].observations == 3


def test_ladder_seen_elsewhere_without_evidence_of_absence_is_a_new_entity(store: SqliteGraphStore) -> None:
    # Same look, but the old place (30) was never in view again: conservative, two ladders.
    scene = ScriptedScene(CAM).look(0.0, 0.0).look(10.0, 0.0).look(10.5, 120.0)
    caps = [
        scene.caption(0, 0.0, 10.0, [scene.observation("1", "ladder", 30.0, times(0), appearance=LADDER)]),
        scene.caption(1, 10.0, 20.0, [scene.observation("1", "ladder", 120.0, times(1), appearance=LADDER)]),
    ]
    events = run(WorldModel(store, scene.heading), caps)
    assert sorted(kinds(events)) == ["appeared", "appeared", "left_view"]
    assert len(store.entities(CAM)) == 2


def test_identical_toolboxes_at_0_and_120_are_two_entities(store: SqliteGraphStore) -> None:
    scene = ScriptedScene(CAM)
    for i, yaw in enumerate([0.0, 120.0, 0.0, 120.0]):
        scene.look(i * CLIP_S + 0.5, yaw).look((i + 1) * CLIP_S, yaw)
    caps = [
        scene.caption(
            i,
            i * CLIP_S,
            (i + 1) * CLIP_S,
            [scene.observation("1", "toolbox", yaw, times(i), appearance=TOOLBOX)],
        )
        for i, yaw in enumerate([0.0, 120.0, 0.0, 120.0])
    ]
    run(WorldModel(store, scene.heading), caps)
    entities = store.entities(CAM)
    assert len(entities) == 2
    by_bearing = sorted(entities, key=lambda e: e.bearing_deg)
    assert by_bearing[0].bearing_deg == pytest.approx(0.0, abs=0.5)
    assert by_bearing[1].bearing_deg == pytest.approx(120.0, abs=0.5)
    assert [e.observations for e in by_bearing] == [2, 2]


def test_worker_idle_for_three_clips_then_active(store: SqliteGraphStore) -> None:
    scene = ScriptedScene(CAM).look(0.0, 0.0)
    states = ["idle", "idle", "idle", "active", "active"]
    caps = [
        scene.caption(
            i,
            i * CLIP_S,
            (i + 1) * CLIP_S,
            [
                scene.observation(
                    "1", "worker", -10.0, times(i), appearance=WORKER, state=st, attributes={"hardhat": True}
                )
            ],  # type: ignore[arg-type]
        )
        for i, st in enumerate(states)
    ]
    model = WorldModel(store, scene.heading, WorldSettings(state_clips=2))
    per_clip = [kinds(model.ingest(c)) for c in caps]
    assert per_clip == [["appeared"], ["idle"], [], [], ["active"]]
    events = store.events(CAM, kinds=["idle", "active"])
    assert [(e.kind, e.t) for e in events] == [("idle", 2.0), ("active", 32.0)]
    assert len(store.entities(CAM)) == 1


def test_worker_state_from_motion_when_the_caption_gives_none(store: SqliteGraphStore) -> None:
    scene = ScriptedScene(CAM).look(0.0, 0.0)
    motion = [0.5, 0.2, 20.0, 25.0]
    caps = [
        scene.caption(
            i, i * CLIP_S, (i + 1) * CLIP_S, [scene.observation("1", "person", 0.0, times(i), motion_px_s=m)]
        )
        for i, m in enumerate(motion)
    ]
    events = run(WorldModel(store, scene.heading), caps)
    assert kinds(events) == ["appeared", "idle", "active"]
    assert store.entities(CAM)[0].label == "worker"


def test_drill_held_then_dropped(store: SqliteGraphStore) -> None:
    scene = ScriptedScene(CAM).look(0.0, 0.0)
    worker = [
        scene.observation("1", "worker", 0.0, times(0), appearance=WORKER, relations=[("holding", "2")]),
        scene.observation("1", "worker", 20.0, times(1), appearance=WORKER),
        scene.observation("1", "worker", 25.0, times(2), appearance=WORKER),
    ]
    drill = [
        scene.observation("2", "drill", 3.0, times(0), appearance=DRILL, size=0.1),
        scene.observation("2", "drill", -20.0, times(1), appearance=DRILL, state="on_ground", size=0.1),
        scene.observation("2", "drill", -20.0, times(2), appearance=DRILL, state="on_ground", size=0.1),
    ]
    caps = [scene.caption(i, i * CLIP_S, (i + 1) * CLIP_S, [worker[i], drill[i]]) for i in range(3)]
    events = run(WorldModel(store, scene.heading), caps)
    drills = store.entities(CAM, label="drill")
    workers = store.entities(CAM, label="worker")
    assert len(drills) == 1 and len(workers) == 1
    did = drills[0].entity_id
    assert kinds(events, did) == ["appeared", "picked_up", "dropped"]
    picked = next(e for e in events if e.kind == "picked_up")
    assert picked.detail["by_entity_id"] == workers[0].entity_id
    assert picked.t == pytest.approx(2.0)
    dropped = next(e for e in events if e.kind == "dropped")
    assert dropped.t == pytest.approx(12.0)
    assert dropped.bearing_deg == pytest.approx(-20.0, abs=0.5)
    assert drills[0].bearing_deg == pytest.approx(-20.0, abs=0.5)
    assert drills[0].state == "on_ground"
    # The holding relation is an edge between the two observations of clip 0.
    rel = store.edges([f"{caps[0].clip_id}/1"], kinds=["relation"])
    assert [(e.src, e.dst, e.predicate) for e in rel] == [
        (f"{caps[0].clip_id}/1", f"{caps[0].clip_id}/2", "holding")
    ]
    co = store.edges([f"{caps[0].clip_id}/1"], kinds=["co_visible"])
    assert len(co) == 1


def test_worker_without_hardhat(store: SqliteGraphStore) -> None:
    scene = ScriptedScene(CAM).look(0.0, 0.0)
    hats = [False, False, True]
    caps = [
        scene.caption(
            i,
            i * CLIP_S,
            (i + 1) * CLIP_S,
            [
                scene.observation(
                    "1", "worker", 0.0, times(i), appearance=WORKER, attributes={"hardhat": h}, state="active"
                )
            ],
        )
        for i, h in enumerate(hats)
    ]
    events = run(WorldModel(store, scene.heading), caps)
    ppe = [(e.kind, e.t) for e in events if e.kind.startswith("ppe")]
    assert ppe == [("ppe_off", 2.0), ("ppe_on", 22.0)]
    assert store.entities(CAM)[0].attributes["hardhat"] is True


def test_redelivered_caption_changes_nothing(store: SqliteGraphStore) -> None:
    scene, caps = ladder_turn_away_scene()
    model = WorldModel(store, scene.heading)
    run(model, caps[:3])
    before = dump(store)
    write, events = model.apply(caps[2])
    assert write.clips == [] and write.observations == []
    again = model.ingest(caps[1])  # an old one, redelivered: same events back for republishing
    assert [(e.kind, e.entity_id, e.clip_id) for e in again] == [
        ("left_view", store.entities(CAM)[0].entity_id, caps[1].clip_id)
    ]
    assert dump(store) == before
    # A fresh model (empty cache) agrees.
    assert WorldModel(store, scene.heading).ingest(caps[0]) and dump(store) == before


def test_apply_is_pure_and_writing_it_twice_is_idempotent(store: SqliteGraphStore) -> None:
    scene, caps = ladder_turn_away_scene()
    model = WorldModel(store, scene.heading)
    write, events = model.apply(caps[0])
    assert store.entities(CAM) == []
    write2, _ = model.apply(caps[0])
    assert write == write2
    store.write(write)
    once = dump(store)
    store.write(write)
    assert dump(store) == once
    assert [e.kind for e in events] == ["appeared"]


def test_restart_continues_like_one_model(tmp_path: Path) -> None:
    scene, caps = ladder_turn_away_scene()
    one = SqliteGraphStore(tmp_path / "one.db")
    two = SqliteGraphStore(tmp_path / "two.db")
    one.init()
    two.init()
    try:
        e1 = run(WorldModel(one, scene.heading), caps)
        e2 = run(WorldModel(two, scene.heading), caps[:5])
        e2 += run(WorldModel(two, scene.heading), caps[5:])  # a restarted service: new model, same store
        assert [(e.kind, e.entity_id, e.t) for e in e1] == [(e.kind, e.entity_id, e.t) for e in e2]
        assert dump(one) == dump(two)
    finally:
        one.close()
        two.close()


def test_restart_keeps_hysteresis_state(tmp_path: Path) -> None:
    scene = ScriptedScene(CAM).look(0.0, 0.0)
    states = ["idle", "idle", "idle", "active", "active"]
    caps = [
        scene.caption(
            i,
            i * CLIP_S,
            (i + 1) * CLIP_S,
            [scene.observation("1", "worker", 0.0, times(i), appearance=WORKER, state=st)],
        )  # type: ignore[arg-type]
        for i, st in enumerate(states)
    ]
    s = SqliteGraphStore(tmp_path / "g.db")
    s.init()
    try:
        events = []
        for c in caps:  # a new model for every caption: all state must come from the store
            events += WorldModel(s, scene.heading).ingest(c)
        assert kinds(events) == ["appeared", "idle", "active"]
    finally:
        s.close()


def test_time_window_queries_respect_when_things_were_seen(store: SqliteGraphStore) -> None:
    scene = ScriptedScene(CAM).look(0.0, 0.0)
    cap = scene.caption(0, 0.0, 10.0, [scene.observation("1", "ladder", 10.0, [8.0, 8.5], appearance=LADDER)])
    WorldModel(store, scene.heading).ingest(cap)
    assert store.observations(CAM, t_min=1.0, t_max=3.0) == []
    assert len(store.observations(CAM, t_min=7.0, t_max=9.0)) == 1
    assert store.entities(CAM, t_max=3.0) == []
    assert store.events(CAM, t_min=1.0, t_max=3.0) == []


def test_people_follow_by_ewma_and_things_stay_put(store: SqliteGraphStore) -> None:
    scene = ScriptedScene(CAM).look(0.0, 0.0)
    caps = [
        scene.caption(
            0, 0.0, 10.0, [scene.observation("1", "worker", 0.0, times(0), appearance=WORKER, state="active")]
        ),
        scene.caption(
            1,
            10.0,
            20.0,
            [scene.observation("1", "worker", 10.0, times(1), appearance=WORKER, state="active")],
        ),
    ]
    run(WorldModel(store, scene.heading), caps)
    (w,) = store.entities(CAM)
    assert w.bearing_deg == pytest.approx(3.0, abs=0.3)  # 0 + 0.3 * (10 - 0)
    assert angular_distance(w.bearing_deg, 0.0) < 5.0


def test_unknown_heading_falls_back_consistently(store: SqliteGraphStore) -> None:
    scene = ScriptedScene(CAM)  # no heading samples at all
    cap = scene.caption(0, 0.0, 10.0, [scene.observation("1", "cone", 0.0, times(0))])
    (ev,) = WorldModel(store, scene.heading).ingest(cap)
    assert ev.kind == "appeared" and ev.bearing_deg == pytest.approx(0.0, abs=0.5)
    assert store.clips(CAM)[0].yaw_start_deg is None
