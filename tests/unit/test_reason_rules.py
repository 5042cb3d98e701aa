"""The reasoner's rule engine on hand-made clips: each rule, its cooldown, and the decision records."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from spotter.memory import ClipMemory
from spotter.messages import AttributeValue, Caption, Clip, WorldEvent, WorldEventKind
from spotter.reason import (
    ClipFacts,
    ObsFact,
    Reasoner,
    ReasonerSettings,
    RetrievedItem,
    RuleEngine,
    alert_id_for,
)
from spotter.reason.settings import ExclusionZone

CAM = "cam1"


def ev(
    kind: WorldEventKind, eid: str, label: str, t: float, bearing: float | None = 0.0, **detail: Any
) -> WorldEvent:
    d: dict[str, AttributeValue] = dict(detail)
    return WorldEvent(
        camera_id=CAM, t=t, kind=kind, entity_id=eid, label=label, bearing_deg=bearing, detail=d
    )


def person(eid: str, t0: float, t1: float, bearing: float, state: str | None = None, **attrs: Any) -> ObsFact:
    samples = tuple((t0 + 0.2 * i, bearing, state) for i in range(int((t1 - t0) / 0.2)))
    return ObsFact(eid, "worker", bearing, samples, dict(attrs))


def clip(k: int, events: tuple[WorldEvent, ...] = (), obs: tuple[ObsFact, ...] = ()) -> ClipFacts:
    return ClipFacts(CAM, f"{CAM}-{k:04d}", 10.0 * k, 10.0 * (k + 1), events, obs, heading_deg=0.0)


def cats(triggers: list[Any]) -> list[str]:
    return [t.category for t in triggers]


def test_ppe_off_alerts_once_within_the_cooldown() -> None:
    rules = RuleEngine(ReasonerSettings(cooldowns={"ppe_violation": 300.0}))
    first = rules.step(clip(0, (ev("ppe_off", "w2", "worker", 3.0, 120.0),)))
    assert (
        cats(first) == ["ppe_violation"] and "hard hat" in first[0].message and "behind" in first[0].message
    )
    assert rules.step(clip(1, (ev("ppe_off", "w3", "worker", 13.0),))) == []  # same condition, within 300 s
    assert cats(rules.step(clip(40, (ev("ppe_off", "w2", "worker", 401.0),)))) == ["ppe_violation"]
    assert rules.step(clip(41, (ev("ppe_off", "t1", "ladder", 411.0),))) == []  # not a person


def test_exclusion_zone_needs_frames_inside_and_the_right_label() -> None:
    zone = ExclusionZone(from_deg=-70.0, to_deg=-40.0, labels=["worker"])
    rules = RuleEngine(ReasonerSettings(exclusion_zones=[zone], cooldowns={"exclusion_zone": 60.0}))
    assert rules.step(clip(0, obs=(person("w1", 0.0, 10.0, -20.0),))) == []
    cone = ObsFact("c1", "cone", -55.0, ((10.0, -55.0, None), (10.2, -55.0, None)))
    assert rules.step(clip(1, obs=(cone,))) == []
    got = rules.step(clip(2, obs=(person("w1", 20.0, 30.0, -55.0),)))
    assert cats(got) == ["exclusion_zone"] and got[0].entity_ids == ("w1",)
    assert rules.step(clip(3, obs=(person("w1", 30.0, 40.0, -55.0),))) == []  # cooldown
    other_camera = RuleEngine(ReasonerSettings(exclusion_zones=[zone.model_copy(update={"camera": "cam9"})]))
    assert other_camera.step(clip(2, obs=(person("w1", 20.0, 30.0, -55.0),))) == []


def test_left_behind_after_the_timeout_when_nobody_is_near() -> None:
    rules = RuleEngine(ReasonerSettings(left_behind_timeout_s=20.0, near_deg=12.0))
    assert rules.step(clip(0, (ev("dropped", "d1", "drill", 5.0, 60.0),), (person("w1", 0, 10, 62.0),))) == []
    assert rules.step(clip(2, obs=(person("w1", 20, 30, 65.0),))) == []  # timed out but attended
    got = rules.step(clip(3, obs=(person("w1", 30, 40, -8.0),)))  # the worker walked off
    assert cats(got) == ["left_behind"] and "drill" in got[0].message and got[0].entity_ids == ("d1",)
    assert rules.step(clip(4)) == [] and rules.step(clip(20)) == []  # once per drop


def test_a_tool_picked_up_again_is_not_left_behind_and_other_labels_never_are() -> None:
    rules = RuleEngine(ReasonerSettings(left_behind_timeout_s=20.0))
    rules.step(clip(0, (ev("dropped", "d1", "drill", 5.0, 60.0), ev("dropped", "l1", "ladder", 5.0, 90.0))))
    rules.step(clip(1, (ev("picked_up", "d1", "drill", 15.0, 60.0),)))
    assert rules.step(clip(5)) == []


def test_idle_from_frame_states_once_per_idle_run() -> None:
    rules = RuleEngine(ReasonerSettings(idle_threshold_s=20.0, cooldowns={"idle": 0.0}))
    assert rules.step(clip(0, obs=(person("w1", 0, 10, 0.0, "active"),))) == []
    assert rules.step(clip(1, obs=(person("w1", 10, 20, 0.0, "idle"),))) == []
    got = rules.step(clip(2, obs=(person("w1", 20, 30, 0.0, "idle"),)))  # idle since 10 s, now 30 s
    assert cats(got) == ["idle"] and got[0].t == pytest.approx(10.0)
    for k in (3, 4):
        assert rules.step(clip(k, obs=(person("w1", 10 * k, 10 * k + 10, 0.0, "idle"),))) == []  # same run
    rules.step(clip(5, obs=(person("w1", 50, 60, 0.0, "active"),)))
    assert rules.step(clip(6, obs=(person("w1", 60, 70, 0.0, "idle"),))) == []
    assert cats(rules.step(clip(7, obs=(person("w1", 70, 80, 0.0, "idle"),)))) == ["idle"]


def test_idle_from_world_events_without_frame_states_and_not_when_unseen() -> None:
    rules = RuleEngine(ReasonerSettings(idle_threshold_s=20.0))
    rules.step(clip(1, (ev("idle", "w1", "worker", 12.0),), (person("w1", 10, 20, 0.0),)))
    assert cats(rules.step(clip(3, obs=(person("w1", 30, 40, 0.0),)))) == ["idle"]
    quiet = RuleEngine(ReasonerSettings(idle_threshold_s=20.0))
    quiet.step(clip(1, (ev("idle", "w1", "worker", 12.0),), (person("w1", 10, 11, 0.0),)))
    assert quiet.step(clip(6)) == []  # last seen 49 s ago: no longer known to be idle


def test_progress_first_sighting_and_each_new_course() -> None:
    rules = RuleEngine()
    wall = ObsFact("b1", "brick_wall", 10.0, ((41.0, 10.0, None),), {"courses": 1, "bricks": 1})
    got = rules.step(clip(4, obs=(wall,)))
    assert cats(got) == ["progress"] and "started" in got[0].message
    same = ObsFact("b1", "brick_wall", 10.0, ((51.0, 10.0, None),), {"courses": 1})
    assert rules.step(clip(5, obs=(same,))) == []
    jump = ObsFact(
        "b2", "brick_wall", 10.0, ((61.0, 10.0, None),), {"courses": 3}
    )  # a split entity, two courses
    got = rules.step(clip(6, obs=(jump,)))
    assert [t.key for t in got] == ["brick_wall:course2", "brick_wall:course3"]
    flicker = ObsFact("b1", "brick_wall", 10.0, ((71.0, 10.0, None),), {"courses": 2})
    assert rules.step(clip(7, obs=(flicker,))) == []


def test_memory_recall_for_things_really_gone_or_asked_about() -> None:
    rules = RuleEngine(ReasonerSettings(long_absence_s=180.0, recall_min_checks=3))
    rules.step(clip(1, (ev("left_view", "t1", "toolbox", 10.0, reason="out_of_view"),
                        ev("left_view", "t2", "toolbox", 10.0, 5.0, reason="not_seen"),
                        ev("left_view", "t3", "toolbox", 10.0, 170.0, reason="not_seen"))))  # fmt: skip
    for k in (5, 10, 15):  # facing 0: t2's place is in view and empty; t3's (behind) never checked
        rules.step(clip(k))
    back = tuple(ev("returned", e, "toolbox", 300.0) for e in ("t1", "t2", "t3"))
    got = rules.step(clip(30, back))
    assert [t.entity_ids for t in got] == [("t2",)] and cats(got) == ["memory_recall"]
    rules.watch_for(CAM, ["h1"], 320.0)
    got = rules.step(clip(33, (ev("returned", "h1", "hammer", 335.0),)))
    assert cats(got) == ["memory_recall"] and "asked about" in got[0].message


def test_hazards_are_safety_alerts_and_a_clip_seen_again_says_nothing() -> None:
    rules = RuleEngine()
    fire = ObsFact("f1", "fire", 90.0, ((1.0, 90.0, None),))
    assert cats(rules.step(clip(0, obs=(fire,)))) == ["safety_alert"]
    assert rules.step(clip(0, obs=(fire,))) == []


def memory(k: int, events: list[WorldEvent]) -> ClipMemory:
    c = Clip(camera_id=CAM, t=10.0 * k + 10, clip_id=f"{CAM}-{k:04d}", t_start=10.0 * k, t_end=10.0 * k + 10,
             n_frames=150, source="test")  # fmt: skip
    cap = Caption(camera_id=CAM, t=c.t_end, clip_id=c.clip_id, t_start=c.t_start, width=640, height=360,
                  hfov_deg=90.0, text="", backend="template")  # fmt: skip
    return ClipMemory(c, cap, events, 0, 0)


def test_reasoner_emits_one_decision_per_clip_and_stable_alert_ids() -> None:
    published: list[tuple[Any, Any]] = []
    r = Reasoner(publish=lambda d, a: published.append((d, a)))
    d0, a0 = r.on_clip(memory(0, []))
    assert d0.d == 0 and d0.category is None and a0 == [] and d0.latency_ms >= 0.0
    d1, a1 = r.on_clip(memory(1, [ev("ppe_off", "w2", "worker", 12.0, 30.0)]))
    assert d1.d == 1 and d1.category == "ppe_violation" and d1.alert_id == a1[0].alert_id
    assert a1[0].horizon == "instant" and a1[0].t == 20.0 and a1[0].evidence.entity_ids == ["w2"]
    assert a1[0].alert_id == alert_id_for(CAM, "ppe_violation", "hatless", f"{CAM}-0001")
    assert len(published) == 2 and r.alerts == a1 and len(r.decisions) == 2
    again = Reasoner()  # a restarted reasoner, same clip: same id
    _, a2 = again.on_clip(memory(1, [ev("ppe_off", "w2", "worker", 12.0, 30.0)]))
    assert a2[0].alert_id == a1[0].alert_id


class FakeArchive:
    """A retrieval pathway with two remembered items, one of them from the future."""

    name = "summaries"

    def __init__(self) -> None:
        self.asked: list[tuple[str, float]] = []

    def retrieve(
        self, query: str, camera_id: str, t_max: float, entity_ids: Sequence[str]
    ) -> list[RetrievedItem]:
        self.asked.append((query, t_max))
        return [RetrievedItem("summaries", "the toolbox stood by the wall", ("c-0001",), ("t2",), 12.0),
                RetrievedItem("summaries", "a later clip", ("c-0099",), ("t2",), 990.0)]  # fmt: skip


def test_deep_categories_ask_the_retrieval_pathways_and_narrate_what_came_back() -> None:
    archive = FakeArchive()
    r = Reasoner(retrievers=[archive], settings=ReasonerSettings(long_absence_s=100.0, recall_min_checks=0))
    r.on_clip(memory(1, [ev("left_view", "t2", "toolbox", 15.0, reason="not_seen")]))
    _, alerts = r.on_clip(memory(30, [ev("returned", "t2", "toolbox", 301.0)]))
    (a,) = alerts
    assert a.category == "memory_recall" and a.horizon == "episodic"
    assert "Earlier (at 12 s): the toolbox stood by the wall" in a.message and "later clip" not in a.message
    assert "c-0001" in a.evidence.clip_ids and "c-0099" not in a.evidence.clip_ids
    assert archive.asked and archive.asked[0][1] == 310.0
    _, instant = r.on_clip(memory(31, [ev("ppe_off", "w9", "worker", 311.0)]))
    assert instant[0].category == "ppe_violation" and len(archive.asked) == 1  # instant: no retrieval


def test_a_redelivered_clip_gets_the_same_decision_and_alerts() -> None:
    published: list[tuple[Any, Any]] = []
    r = Reasoner(publish=lambda d, a: published.append((d, a)))
    first = r.on_clip(memory(1, [ev("ppe_off", "w2", "worker", 12.0, 30.0)]))
    r.on_clip(memory(2, []))
    again = r.on_clip(memory(1, [ev("ppe_off", "w2", "worker", 12.0, 30.0)]))
    assert again == first and again[0].d == 1
    assert (
        len(r.decisions) == 2 and len(r.alerts) == 1 and len(published) == 3
    )  # published again, recorded once


def test_a_question_about_where_a_thing_is_watches_for_its_return() -> None:
    from spotter.reason.reasoner import Reasoner

    reasoner = Reasoner(settings=ReasonerSettings())
    q = {"id": "q1", "camera": CAM, "at": 320.0, "question": "Where is the hammer?"}
    assert not reasoner.on_answer(q, {"intent": "what_direction", "entities": ["h1"]})  # not about one thing
    assert not reasoner.on_answer(q, {"intent": "where", "entities": ["a", "b", "c"]})  # too many things
    assert not reasoner.on_answer(q, {"intent": "where", "entities": []})
    assert reasoner.on_answer(q, {"intent": "where", "entities": ["h1"]})
    _decision, alerts = reasoner.decide(clip(33, (ev("returned", "h1", "hammer", 335.0),)))
    assert [a.category for a in alerts] == ["memory_recall"] and "asked about at 320 s" in alerts[0].message
