"""The reasoner's rule engine on hand-made clips: each rule, its cooldown, and the decision records."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
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


def rules_with(**doc: Any) -> RuleEngine:
    return RuleEngine(ReasonerSettings(rules=doc))


def hatless(eid: str, t0: float, t1: float, bearing: float = 0.0, hat: bool = False) -> ObsFact:
    n = int(round((t1 - t0) / 0.2))
    samples = tuple((t0 + 0.2 * i, bearing, None) for i in range(n))
    return ObsFact(eid, "worker", bearing, samples, {"hardhat": hat}, ppe=tuple((t, hat, None) for t, _, _ in samples))


def test_ppe_violation_after_3_s_without_a_hard_hat_once_per_worker_and_violation() -> None:
    rules = RuleEngine()
    assert rules.step(clip(0, obs=(hatless("w1", 1.0, 3.0),))) == []  # 2 s: a hat off for a moment
    rules.step(clip(1, obs=(hatless("w1", 10.0, 12.0, hat=True),)))  # back on: that run is over
    got = rules.step(clip(2, obs=(hatless("w1", 20.0, 24.0, 120.0),)))
    assert cats(got) == ["ppe_violation"] and "hard hat" in got[0].message and "behind" in got[0].message
    assert got[0].entity_ids == ("w1",) and got[0].t == pytest.approx(20.0)
    assert rules.step(clip(3, obs=(hatless("w1", 30.0, 40.0),))) == []  # the same violation
    assert cats(rules.step(clip(4, obs=(hatless("w2", 40.0, 44.0),)))) == ["ppe_violation"]  # another worker
    rules.step(clip(5, obs=(hatless("w1", 50.0, 52.0, hat=True),)))
    assert cats(rules.step(clip(6, obs=(hatless("w1", 60.0, 64.0),)))) == ["ppe_violation"]  # a new violation
    ladder = ObsFact("l1", "ladder", 0.0, ((70.0, 0.0, None), (75.0, 0.0, None)), ppe=((70.0, False, None), (75.0, False, None)))
    assert rules.step(clip(7, obs=(ladder,))) == []  # not a person
    vests = rules_with(ppe_violation={"require_vest": True})
    novest = ObsFact("w3", "worker", 0.0, tuple((80.0 + i, 0.0, None) for i in range(5)),
                     ppe=tuple((80.0 + i, True, "none") for i in range(5)))  # fmt: skip
    assert cats(vests.step(clip(8, obs=(novest,)))) == ["ppe_violation"]
    assert RuleEngine().step(clip(8, obs=(novest,))) == []  # vests not required by default


def test_ppe_off_world_event_when_no_frame_says() -> None:
    got = RuleEngine().step(clip(1, (ev("ppe_off", "w2", "worker", 12.0, 30.0),)))
    assert cats(got) == ["ppe_violation"] and got[0].key == "w2:12"


def test_exclusion_zone_configured_needs_frames_inside_and_the_right_label() -> None:
    zone = ExclusionZone(from_deg=-70.0, to_deg=-40.0, labels=["worker"])
    rules = rules_with(exclusion_zone={"zones": [zone.model_dump()], "cooldown_s": 60.0})
    assert rules.step(clip(0, obs=(person("w1", 0.0, 10.0, -20.0),))) == []
    cone = ObsFact("c1", "cone", -55.0, ((10.0, -55.0, None), (10.2, -55.0, None)))
    assert rules.step(clip(1, obs=(cone,))) == []
    got = rules.step(clip(2, obs=(person("w1", 20.0, 30.0, -55.0),)))
    assert cats(got) == ["exclusion_zone"] and got[0].entity_ids == ("w1",)
    assert rules.step(clip(3, obs=(person("w1", 30.0, 40.0, -55.0),))) == []  # cooldown
    other = rules_with(exclusion_zone={"zones": [zone.model_copy(update={"camera": "cam9"}).model_dump()]})
    assert other.step(clip(2, obs=(person("w1", 20.0, 30.0, -55.0),))) == []


def test_exclusion_zone_by_default_around_an_excavation() -> None:
    """Around a pit in the picture: a person 30 deg off is outside; one over it is inside. With no pit in the
    picture, a person at its remembered bearing is not known to be in it (a walk or a turn since)."""
    def pit(k: int) -> ObsFact:
        ts = [10.0 * k + 0.2 * i for i in range(50)]
        return ObsFact("x1", "excavation", 40.0, tuple((t, 40.0, None) for t in ts), half_width_deg=10.0,
                       rows=tuple((t, 200.0, 260.0) for t in ts), cols=tuple((t, 100.0, 300.0) for t in ts))  # fmt: skip

    def worker(k: int, bearing: float, x: float) -> ObsFact:
        ts = [10.0 * k + 0.2 * i for i in range(50)]
        return ObsFact("w1", "worker", bearing, tuple((t, bearing, None) for t in ts),
                       rows=tuple((t, 160.0, 240.0) for t in ts), cols=tuple((t, x - 15.0, x + 15.0) for t in ts))  # fmt: skip

    rules = RuleEngine()
    assert rules.step(clip(0, obs=(pit(0), worker(0, 70.0, 600.0)))) == []  # 30 deg away: outside
    got = rules.step(clip(1, obs=(pit(1), worker(1, 48.0, 250.0))))  # over the pit, feet between its edges
    assert cats(got) == ["exclusion_zone"] and "excavation" in got[0].message
    assert RuleEngine().step(clip(2, obs=(worker(2, 48.0, 250.0),))) == []  # no pit in the picture
    assert RuleEngine(ReasonerSettings(rules={"exclusion_zone": {"enabled": False}})).step(
        clip(1, obs=(pit(1), worker(1, 48.0, 250.0)))) == []  # fmt: skip


def test_exclusion_zone_alerts_once_per_stay_however_long() -> None:
    """A worker down a zone for minutes, looked away from and back at (clips without him), and seen out of it for
    a moment as the head moves: one stay, one alert, not one each cooldown. Seen out of it for 3 s or more, he left:
    back in later is another entry."""
    zone = ExclusionZone(from_deg=-70.0, to_deg=-40.0, labels=["worker"])
    rules = rules_with(exclusion_zone={"zones": [zone.model_dump()], "cooldown_s": 60.0})

    def spells(k: int, *parts: tuple[float, float, float]) -> ObsFact:
        samples = tuple((10.0 * k + t0 + 0.2 * i, b, None) for t0, t1, b in parts for i in range(int(round((t1 - t0) / 0.2))))
        return ObsFact("w1", "worker", samples[0][1], samples)

    assert cats(rules.step(clip(1, obs=(spells(1, (0.0, 10.0, -55.0)),)))) == ["exclusion_zone"]
    fired = []
    for k in range(2, 20):  # 20-200 s: in view in every other clip, out of it for 0.4 s now and then
        if k % 2 == 0:
            fired += rules.step(clip(k, obs=(spells(k, (0.0, 4.0, -55.0), (4.0, 4.4, -20.0), (4.4, 10.0, -55.0)),)))
        else:
            fired += rules.step(clip(k))
    assert fired == []
    assert rules.step(clip(20, obs=(spells(20, (0.0, 5.0, -20.0)),))) == []  # 5 s out of it: he left
    assert cats(rules.step(clip(21, obs=(spells(21, (0.0, 10.0, -55.0)),)))) == ["exclusion_zone"]  # in again


def test_safety_alert_for_a_person_under_a_suspended_load_not_one_far_from_it() -> None:
    rules = RuleEngine()
    load = ObsFact("s1", "suspended_load", 10.0, tuple((t, 10.0, None) for t in (1.0, 1.2, 1.4)), half_width_deg=5.0)
    far = ObsFact("w1", "worker", 45.0, tuple((t, 45.0, None) for t in (1.0, 1.2, 1.4)), half_width_deg=3.0)
    assert rules.step(clip(0, obs=(load, far))) == []
    near = ObsFact("w1", "worker", 14.0, tuple((t, 14.0, None) for t in (11.0, 11.2, 11.4)), half_width_deg=3.0)
    load2 = ObsFact("s1", "suspended_load", 10.0, tuple((t, 10.0, None) for t in (11.0, 11.2, 11.4)), half_width_deg=5.0)
    got = rules.step(clip(1, obs=(load2, near)))
    assert cats(got) == ["safety_alert"] and got[0].entity_ids == ("w1", "s1")


def test_a_load_that_looks_small_beside_a_person_is_far_behind_them() -> None:
    """A person 60 px tall is ~34 px a metre: a load 8 x 27 px just over his head is 0.8 m at his distance, too
    small for a crane's load, so it hangs far behind him; one 70 px across is beside him. A load cut by the
    frame's edge has no known size and counts as near."""
    ts = (1.0, 1.2, 1.4)

    def obs(eid: str, label: str, box: tuple[float, float, float, float]) -> ObsFact:
        return ObsFact(eid, label, 10.0, tuple((t, 10.0, None) for t in ts), half_width_deg=2.0,
                       rows=tuple((t, box[1], box[3]) for t in ts), cols=tuple((t, box[0], box[2]) for t in ts))  # fmt: skip

    person = obs("w1", "worker", (643.0, 180.0, 665.0, 240.0))
    assert RuleEngine().step(clip(0, obs=(obs("s1", "suspended_load", (632.0, 150.0, 640.0, 177.0)), person))) == []
    got = RuleEngine().step(clip(0, obs=(obs("s1", "suspended_load", (610.0, 100.0, 680.0, 170.0)), person)))
    assert cats(got) == ["safety_alert"]
    got = RuleEngine().step(clip(0, obs=(obs("s1", "suspended_load", (632.0, 0.0, 640.0, 20.0)), person)))
    assert cats(got) == ["safety_alert"]  # cut by the top of the frame
    off = RuleEngine(ReasonerSettings(rules={"safety_alert": {"load_min_m": 0.0}}))
    assert cats(off.step(clip(0, obs=(obs("s1", "suspended_load", (632.0, 150.0, 640.0, 177.0)), person)))) == \
        ["safety_alert"]


def test_left_behind_after_the_timeout_out_of_view() -> None:
    rules = rules_with(left_behind={"timeout_s": 20.0})
    assert rules.step(clip(0, (ev("dropped", "d1", "drill", 5.0, 60.0),))) == []
    assert rules.step(clip(1)) == []  # 15 s
    got = rules.step(clip(2))  # 25 s out of view, not picked up: the wearer moved on
    assert cats(got) == ["left_behind"] and got[0].entity_ids == ("d1",)
    exact = rules_with(left_behind={"timeout_s": 25.0})  # (its last sighting is known to a frame's step)
    assert exact.step(clip(0, (ev("dropped", "d1", "drill", 5.0, 60.0),))) == []
    assert exact.step(clip(2)) == []  # just 25 s: not yet known to be more
    assert cats(exact.step(clip(3))) == ["left_behind"]


def test_left_behind_unless_attended_when_the_site_says_so() -> None:
    rules = rules_with(left_behind={"timeout_s": 20.0, "near_deg": 12.0, "unless_attended": True})
    assert rules.step(clip(0, (ev("dropped", "d1", "drill", 5.0, 60.0),), (person("w1", 0, 10, 62.0),))) == []
    assert rules.step(clip(2, obs=(person("w1", 20, 30, 65.0),))) == []  # timed out but attended
    got = rules.step(clip(3, obs=(person("w1", 30, 40, -8.0),)))  # the worker walked off
    assert cats(got) == ["left_behind"] and "drill" in got[0].message and got[0].entity_ids == ("d1",)
    assert rules.step(clip(4)) == [] and rules.step(clip(20)) == []  # once per drop


def test_left_behind_counts_from_when_the_tool_was_last_in_view() -> None:
    rules = RuleEngine()  # default: 30 s out of view
    rules.step(clip(0, (ev("dropped", "d1", "drill", 5.0, 60.0),)))
    still_there = ObsFact("d1", "drill", 60.0, ((25.0, 60.0, None), (29.0, 60.0, "on_ground")), state="on_ground")
    assert rules.step(clip(2, obs=(still_there,))) == []  # in view until 29 s
    assert rules.step(clip(4)) == []  # 21 s out of view
    assert cats(rules.step(clip(6))) == ["left_behind"]  # 41 s


def test_a_tool_picked_up_again_is_not_left_behind_and_other_labels_never_are() -> None:
    rules = rules_with(left_behind={"timeout_s": 20.0})
    rules.step(clip(0, (ev("dropped", "d1", "drill", 5.0, 60.0), ev("dropped", "l1", "ladder", 5.0, 90.0))))
    rules.step(clip(1, (ev("picked_up", "d1", "drill", 15.0, 60.0),)))
    assert rules.step(clip(5)) == []


def test_idle_seen_again_where_he_sat_after_looking_away_is_one_spell() -> None:
    """Seen idle (0-10 s), out of view for 80 s, and idle again at the same place: idle all along, 100 s by the end of
    that clip. Idle again somewhere else, he got up meanwhile: a new spell, too short to say."""
    for bearing, want in ((31.0, ["idle"]), (60.0, [])):
        rules = RuleEngine()
        assert rules.step(clip(0, obs=(person("w1", 0, 10, 30.0, "idle"),))) == []
        for k in range(1, 9):
            assert rules.step(clip(k)) == []
        got = rules.step(clip(9, obs=(person("w1", 90, 100, bearing, "idle"),)))
        assert cats(got) == want, (bearing, got)
        if want:
            assert got[0].t == pytest.approx(0.0)


def test_idle_from_frame_states_once_per_idle_run() -> None:
    rules = rules_with(idle={"threshold_s": 20.0, "cooldown_s": 0.0})
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
    rules = rules_with(idle={"threshold_s": 20.0})
    rules.step(clip(1, (ev("idle", "w1", "worker", 12.0),), (person("w1", 10, 20, 0.0),)))
    assert cats(rules.step(clip(3, obs=(person("w1", 30, 40, 0.0),)))) == ["idle"]
    quiet = rules_with(idle={"threshold_s": 20.0})
    quiet.step(clip(1, (ev("idle", "w1", "worker", 12.0),), (person("w1", 10, 11, 0.0),)))
    assert quiet.step(clip(6)) == []  # last seen 49 s ago: no longer known to be idle


def wall(k: int, bricks: int, courses: int, eid: str = "b1") -> ObsFact:
    return ObsFact(eid, "brick_wall", 10.0, ((10.0 * k + 1, 10.0, None),), {"bricks": bricks, "courses": courses})


def test_progress_first_brick_and_every_third_course_not_a_first_sighting() -> None:
    rules = RuleEngine()
    assert rules.step(clip(1, obs=(wall(1, 0, 0),))) == []  # a wall about to be built: nothing done yet
    got = rules.step(clip(2, obs=(wall(2, 1, 0),)))
    assert cats(got) == ["progress"] and "first brick" in got[0].message
    assert rules.step(clip(3, obs=(wall(3, 9, 2),))) == []  # course 2: not a stage
    got = rules.step(clip(4, obs=(wall(4, 17, 3),)))
    assert [t.key for t in got] == ["b1:stage3"]
    assert rules.step(clip(5, obs=(wall(5, 18, 2),))) == []  # a flicker down and up again says nothing
    assert rules.step(clip(6, obs=(wall(6, 20, 3),))) == []
    existing = RuleEngine()
    assert existing.step(clip(1, obs=(wall(1, 40, 5, "b9"),))) == []  # first seen half built: no progress
    assert [t.key for t in existing.step(clip(2, obs=(wall(2, 48, 6, "b9"),)))] == ["b9:stage6"]


def looked(k: int, heading: float, obs: tuple[ObsFact, ...] = ()) -> ClipFacts:
    view = tuple((10.0 * k + 0.5 * i + 0.25, heading) for i in range(20))
    return ClipFacts(CAM, f"{CAM}-{k:04d}", 10.0 * k, 10.0 * (k + 1), (), obs, heading_deg=heading, view=view)


def test_memory_recall_when_the_wearer_looks_back_at_an_empty_place_not_when_a_thing_comes_back() -> None:
    rules = RuleEngine()
    box = ObsFact("t1", "toolbox", 5.0, ((3.0, 5.0, None), (9.0, 5.0, None)))
    ladder = ObsFact("l1", "ladder", -10.0, ((3.0, -10.0, None), (9.0, -10.0, None)))
    rules.step(looked(0, 0.0, (box, ladder)))
    rules.step(looked(1, 180.0))  # looked away
    rules.step(looked(2, 180.0))
    back_ladder = ObsFact("l1", "ladder", -10.0, ((31.0, -10.0, None),))
    got = rules.step(looked(3, 0.0, (back_ladder,)))  # the ladder is there; the toolbox is gone
    assert cats(got) == ["memory_recall"] and got[0].entity_ids == ("t1",)
    assert "toolbox" in got[0].message and "last seen there at 9 s" in got[0].message
    assert rules.step(looked(4, 0.0)) == []  # once
    quick = RuleEngine()  # looked away only 10 s: not yet worth saying
    quick.step(looked(0, 0.0, (box,)))
    quick.step(looked(1, 180.0))
    assert quick.step(looked(2, 0.0)) == []


def test_no_recall_for_a_place_seen_again_under_another_id() -> None:
    """A tracker gives the generator a new id after a gap; the new one is first seen at the old one's place.
    The old id's place is no mystery when the wearer later looks there and sees neither (the wearer walked
    on and the thing is now elsewhere in the view). A thing of the label first seen far from the place does
    not count: that place is still recalled."""
    gen = ObsFact("g1", "generator", -30.0, ((3.0, -30.0, None), (8.0, -30.0, None)))
    again = ObsFact("g2", "generator", -31.0, ((21.0, -31.0, None), (24.0, -55.0, None)))  # slid by as the wearer walked
    rules = RuleEngine()
    rules.step(looked(0, 0.0, (gen,)))
    rules.step(looked(1, 180.0))  # looked away
    rules.step(looked(2, -20.0, (again,)))
    rules.step(looked(3, 180.0))
    rules.step(looked(4, 180.0))
    assert rules.step(looked(5, -15.0)) == []  # -30 well in view, -55 not
    elsewhere = ObsFact("g2", "generator", 120.0, ((21.0, 120.0, None), (24.0, 120.0, None)))
    other = RuleEngine()
    other.step(looked(0, 0.0, (gen,)))
    other.step(looked(1, 180.0))
    other.step(looked(2, 120.0, (elsewhere,)))
    other.step(looked(3, 180.0))
    other.step(looked(4, 180.0))
    got = other.step(looked(5, -15.0))
    assert cats(got) == ["memory_recall"] and got[0].entity_ids == ("g1",)


def _growing(eid: str, label: str, k: int, bearing: float, grow: float) -> ObsFact:
    """A still thing near the middle of the view whose box height changes by `grow` over the clip."""
    ts = [10.0 * k + 0.5 * i + 0.25 for i in range(10)]
    rows = tuple((t, 100.0, 100.0 + 40.0 * (1.0 + (grow - 1.0) * i / 9)) for i, t in enumerate(ts))
    return ObsFact(eid, label, bearing, tuple((t, bearing, None) for t in ts), rows=rows)


def test_no_recall_of_places_known_only_by_bearing_from_before_the_wearer_walked() -> None:
    """Walking moves things to other bearings (parallax): a place seen before a walk no longer points
    at the thing. Still things growing in the middle of the view, two clips running, say the wearer walked."""
    box = ObsFact("t1", "toolbox", 5.0, ((3.0, 5.0, None), (9.0, 5.0, None)))
    walker = RuleEngine()
    walker.step(looked(0, 0.0, (box,)))
    walker.step(looked(1, 180.0, (_growing("p1", "pallet", 1, 180.0, 1.8), _growing("c1", "cable_drum", 1, 175.0, 1.7))))
    walker.step(looked(2, 180.0, (_growing("p1", "pallet", 2, 180.0, 1.9), _growing("c1", "cable_drum", 2, 175.0, 1.6))))
    assert walker.step(looked(3, 0.0)) == []
    stood = RuleEngine()  # the same, turning on the spot: the things keep their size
    stood.step(looked(0, 0.0, (box,)))
    stood.step(looked(1, 180.0, (_growing("p1", "pallet", 1, 180.0, 1.05), _growing("c1", "cable_drum", 1, 175.0, 1.0))))
    stood.step(looked(2, 180.0, (_growing("p1", "pallet", 2, 180.0, 1.0), _growing("c1", "cable_drum", 2, 175.0, 1.05))))
    assert cats(stood.step(looked(3, 0.0))) == ["memory_recall"]


def test_things_sliding_out_through_the_top_of_the_picture_as_the_wearer_looks_down_are_no_walk() -> None:
    """A look down slides still things up and out through the top of the picture: their boxes, cut off there,
    shrink clip after clip as a walk away would shrink them. A cut box's height is not the thing's: no walk, and
    the empty place looked at again still recalls the toolbox."""
    def cut(eid: str, label: str, k: int, bearing: float) -> ObsFact:
        ts = [10.0 * k + 0.5 * i + 0.25 for i in range(10)]
        rows = tuple((t, 0.0, 140.0 - 60.0 * i / 9) for i, t in enumerate(ts))  # top at the picture's edge
        return ObsFact(eid, label, bearing, tuple((t, bearing, None) for t in ts), rows=rows)

    def seen(k: int, heading: float, obs: tuple[ObsFact, ...] = ()) -> ClipFacts:
        return replace(looked(k, heading, obs), image_height=360, image_width=640)

    box = ObsFact("t1", "toolbox", 5.0, ((3.0, 5.0, None), (9.0, 5.0, None)))
    rules = RuleEngine()
    rules.step(seen(0, 0.0, (box,)))
    rules.step(seen(1, 180.0, (cut("p1", "pallet", 1, 180.0), cut("c1", "cable_drum", 1, 175.0))))
    rules.step(seen(2, 180.0, (cut("p1", "pallet", 2, 180.0), cut("c1", "cable_drum", 2, 175.0))))
    assert cats(rules.step(seen(3, 0.0))) == ["memory_recall"]


def test_a_walk_interrupted_by_a_turn_still_makes_places_from_before_stale() -> None:
    """A turn made while walking sweeps things past at one size: the clip between two walking clips reads
    still, and the walk still counts (two clips of three)."""
    box = ObsFact("t1", "toolbox", 5.0, ((3.0, 5.0, None), (9.0, 5.0, None)))
    walker = RuleEngine()
    walker.step(looked(0, 0.0, (box,)))
    walker.step(looked(1, 180.0, (_growing("p1", "pallet", 1, 180.0, 1.8), _growing("c1", "cable_drum", 1, 175.0, 1.7))))
    walker.step(looked(2, 180.0, (_growing("p2", "pallet", 2, 180.0, 1.05), _growing("c2", "cable_drum", 2, 175.0, 1.0))))
    walker.step(looked(3, 180.0, (_growing("p3", "pallet", 3, 180.0, 1.9), _growing("c3", "cable_drum", 3, 175.0, 1.6))))
    assert walker.step(looked(4, 0.0)) == []
    once = RuleEngine()  # one clip of growing things among still ones is not a walk
    once.step(looked(0, 0.0, (box,)))
    once.step(looked(1, 180.0, (_growing("p1", "pallet", 1, 180.0, 1.8), _growing("c1", "cable_drum", 1, 175.0, 1.7))))
    once.step(looked(2, 180.0, (_growing("p2", "pallet", 2, 180.0, 1.05), _growing("c2", "cable_drum", 2, 175.0, 1.0))))
    once.step(looked(3, 180.0, (_growing("p3", "pallet", 3, 180.0, 1.0), _growing("c3", "cable_drum", 3, 175.0, 1.05))))
    assert cats(once.step(looked(4, 0.0))) == ["memory_recall"]


def _still(eid: str, label: str, k: int, bearing: float, height: float = 40.0) -> ObsFact:
    """A still thing seen through clip k at one bearing and one size."""
    ts = [10.0 * k + 0.5 * i + 0.25 for i in range(10)]
    return ObsFact(eid, label, bearing, tuple((t, bearing, None) for t in ts),
                   rows=tuple((t, 100.0, 100.0 + height) for t in ts))  # fmt: skip


def test_recall_only_from_where_the_wearer_stood_when_he_saw_the_thing() -> None:
    """A place is known by its bearing from where the wearer stood: the still things seen beside it, seen again
    at their bearings and sizes, say he stands there again; seen at other bearings, he is somewhere else and its
    bearing points at another spot (a walk the sizes did not show)."""
    def run(back_bearings: tuple[float, float], walk: bool) -> list[str]:
        rules = RuleEngine()
        rules.step(looked(0, 0.0, (_still("t1", "toolbox", 0, 5.0), _still("p1", "pallet", 0, 20.0),
                                   _still("d1", "cable_drum", 0, -15.0))))  # fmt: skip
        grow = 1.8 if walk else 1.0
        rules.step(looked(1, 180.0, (_growing("b1", "barrier", 1, 180.0, grow), _growing("s1", "skip", 1, 175.0, grow))))
        rules.step(looked(2, 180.0, (_growing("b1", "barrier", 2, 180.0, grow), _growing("s1", "skip", 2, 175.0, grow))))
        return cats(rules.step(looked(3, 0.0, (_still("p1", "pallet", 3, back_bearings[0]),
                                               _still("d1", "cable_drum", 3, back_bearings[1])))))  # fmt: skip
    assert run((20.0, -15.0), walk=False) == ["memory_recall"]
    assert run((60.0, 35.0), walk=False) == []  # somewhere else: the things around it lie at other bearings
    assert run((20.0, -15.0), walk=True) == []  # a walk seen in the sizes: places from before it are stale


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
    assert a1[0].alert_id == alert_id_for(CAM, "ppe_violation", "w2:12", f"{CAM}-0001")
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
    r = Reasoner(retrievers=[archive])
    box = ObsFact("t2", "toolbox", 5.0, ((3.0, 5.0, None), (9.0, 5.0, None)))
    r.decide(looked(0, 0.0, (box,)))
    r.decide(looked(1, 180.0))
    r.decide(looked(2, 180.0))
    _, alerts = r.decide(looked(30, 0.0))
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


def test_a_question_about_where_a_thing_is_watched_and_its_recall_says_so() -> None:
    from spotter.reason.reasoner import Reasoner

    reasoner = Reasoner(settings=ReasonerSettings())
    q = {"id": "q1", "camera": CAM, "at": 20.0, "question": "Where is the hammer?"}
    assert not reasoner.on_answer(q, {"intent": "things_in_direction", "entities": ["h1"]})  # not one thing
    assert not reasoner.on_answer(q, {"intent": "where", "entities": ["a", "b", "c"]})  # too many things
    assert not reasoner.on_answer(q, {"intent": "where", "entities": []})
    hammer = ObsFact("h1", "hammer", 5.0, ((3.0, 5.0, None), (9.0, 5.0, None)))
    reasoner.decide(looked(0, 0.0, (hammer,)))
    assert reasoner.on_answer(q, {"intent": "where", "entities": ["h1"]})
    reasoner.decide(looked(1, 180.0))
    reasoner.decide(looked(2, 180.0))
    _decision, alerts = reasoner.decide(looked(3, 0.0))
    assert [a.category for a in alerts] == ["memory_recall"] and "You asked about it at 20 s" in alerts[0].message


def test_exclusion_zone_not_for_a_person_beyond_or_in_front_of_the_pit() -> None:
    rules = RuleEngine()
    ts = (1.0, 1.2, 1.4)
    pit = ObsFact("x1", "excavation", 40.0, tuple((t, 40.0, None) for t in ts), half_width_deg=10.0,
                  rows=tuple((t, 200.0, 260.0) for t in ts))  # fmt: skip
    beyond = ObsFact("w1", "worker", 44.0, tuple((t, 44.0, None) for t in ts), rows=tuple((t, 90.0, 170.0) for t in ts))
    assert rules.step(clip(0, obs=(pit, beyond))) == []  # feet above the pit's far edge: behind it
    ts2 = (11.0, 11.2, 11.4)
    pit2 = ObsFact("x1", "excavation", 40.0, tuple((t, 40.0, None) for t in ts2), half_width_deg=10.0,
                   rows=tuple((t, 200.0, 260.0) for t in ts2), cols=tuple((t, 100.0, 300.0) for t in ts2))  # fmt: skip
    inside = ObsFact("w1", "worker", 44.0, tuple((t, 44.0, None) for t in ts2), rows=tuple((t, 150.0, 240.0) for t in ts2))
    assert cats(rules.step(clip(1, obs=(pit2, inside)))) == ["exclusion_zone"]


def test_exclusion_zone_reads_the_pit_in_every_observation_and_the_nearest_frame() -> None:
    """A pit seen as two observations of one entity in a clip, and missed in the person's own frames: its
    rows come from all its frames, the nearest within a second; a person in front of it is not in it."""
    rules = RuleEngine()
    early, late = (1.0, 1.2), (8.0, 8.2)
    pit_a = ObsFact("x1", "excavation", 40.0, tuple((t, 40.0, None) for t in early), half_width_deg=10.0,
                    rows=tuple((t, 200.0, 206.0) for t in early))  # fmt: skip
    pit_b = ObsFact("x1", "excavation", 40.0, tuple((t, 40.0, None) for t in late), half_width_deg=10.0,
                    rows=tuple((t, 200.0, 206.0) for t in late))  # fmt: skip
    ts = (1.5, 1.7, 1.9)  # no pit detected in these frames; the person's feet well below its near edge
    front = ObsFact("w1", "worker", 44.0, tuple((t, 44.0, None) for t in ts), rows=tuple((t, 170.0, 250.0) for t in ts))
    assert rules.step(clip(0, obs=(pit_a, pit_b, front))) == []


def test_safety_beside_moving_plant_only_at_about_its_distance() -> None:
    """Beside a moving excavator in bearing (its bottom edge at row 220; 400 px per radian). A person 60 px
    tall is 11.7 m off and puts the horizon at their head; with feet at 236 the excavator's edge is 16 m
    off: they stand 4.4 m in front of it, not next to it. Feet at 222: at its edge. Feet at 200 (3 m
    beyond its edge, walking behind a reversing machine): next to it. 40 px tall with feet at 180: 9 m
    beyond, no."""
    def plant(k: int) -> ObsFact:
        ts = [10.0 * k + 0.2 * i for i in range(5)]
        return ObsFact("ex", "excavator", 10.0, tuple((t, 10.0 + 0.2 * i, "moving") for i, t in enumerate(ts)),
                       {"moving": True}, half_width_deg=8.0, rows=tuple((t, 140.0, 220.0) for t in ts))  # fmt: skip

    def worker(k: int, feet: float, height: float = 60.0) -> ObsFact:
        ts = [10.0 * k + 0.2 * i for i in range(5)]
        return ObsFact("w", "worker", 21.0, tuple((t, 21.0, None) for t in ts),
                       rows=tuple((t, feet - height, feet) for t in ts))  # fmt: skip

    def scaled(k: int, obs: tuple[ObsFact, ...]) -> ClipFacts:
        return ClipFacts(CAM, f"{CAM}-{k:04d}", 10.0 * k, 10.0 * (k + 1), (), obs, heading_deg=0.0, scale_px=400.0)

    for feet, height, expected in ((236.0, 60.0, []), (222.0, 60.0, ["safety_alert"]), (200.0, 60.0, ["safety_alert"]),
                                   (180.0, 40.0, [])):  # fmt: skip
        assert cats(RuleEngine().step(scaled(0, (plant(0), worker(0, feet, height))))) == expected, feet
    assert cats(RuleEngine().step(clip(0, obs=(plant(0), worker(0, 236.0))))) == ["safety_alert"]  # no lens scale: beside


def test_safety_not_for_parked_plant_cut_by_the_frame_s_side_as_the_head_turns() -> None:
    """A parked forklift at the right edge of a 480 px frame: as the head turns, more of it comes into
    view and the middle of its box slides 15 deg, which reads as driving. Its box reaches the edge (a
    detector's box of it wobbling a few pixels short): no alert. The same shift with the whole machine in
    view: it drives, and the rigger beside it is in danger; so does a cut one a detector says moves."""
    ts = [90.0 + 0.2 * i for i in range(15)]

    def forklift(right: float, attributes: dict[str, Any] | None = None) -> ObsFact:
        return ObsFact("f1", "forklift", 12.0, tuple((t, 5.0 + i, "moving") for i, t in enumerate(ts)), dict(attributes or {}),
                       half_width_deg=10.0,
                       rows=tuple((t, 90.0, 260.0) for t in ts), cols=tuple((t, 300.0, right - (i % 3) * 2.0) for i, t in enumerate(ts)))  # fmt: skip

    rigger = ObsFact("w1", "worker", 12.0, tuple((t, 5.0 + i, None) for i, t in enumerate(ts)), rows=tuple((t, 140.0, 250.0) for t in ts))

    def at(k: int, obs: tuple[ObsFact, ...]) -> ClipFacts:
        return ClipFacts(CAM, f"{CAM}-{k:04d}", 90.0, 100.0, (), obs, heading_deg=0.0, image_width=480)

    assert RuleEngine().step(at(9, (forklift(480.0), rigger))) == []
    assert cats(RuleEngine().step(at(9, (forklift(440.0), rigger)))) == ["safety_alert"]
    # a dumper filling the frame, cut on both sides, that the detector says moves: believed
    assert cats(RuleEngine().step(at(9, (forklift(480.0, {"moving": True}), rigger)))) == ["safety_alert"]


def test_safety_not_for_parked_plant_shifting_by_parallax_while_the_wearer_walks() -> None:
    """The wearer walks towards a parked forklift (a pallet in the middle of the view doubles in size): the
    forklift's bearing shifts by parallax, which is not driving; a detector that says it moves is believed.
    The clip after a walk is judged the same way (its last steps can be too few to show)."""
    def clip_at(k: int, grow: bool, moving: dict[str, Any]) -> ClipFacts:
        ts = [10.0 * k + 0.5 * i + 0.25 for i in range(20)]
        pallet = ObsFact("p1", "pallet", 0.0, tuple((t, 0.0, None) for t in ts),
                         rows=tuple((t, 100.0, 100.0 + (40.0 + 2.5 * i if grow else 40.0)) for i, t in enumerate(ts)))  # fmt: skip
        fork = ObsFact("f1", "forklift", 20.0, tuple((t, 20.0 + 0.5 * i, "moving") for i, t in enumerate(ts)), dict(moving),
                       half_width_deg=10.0)  # fmt: skip
        rigger = ObsFact("w1", "worker", 20.0, tuple((t, 20.0 + 0.5 * i, None) for i, t in enumerate(ts)))
        view = tuple((t, 0.0) for t in ts)
        return ClipFacts(CAM, f"{CAM}-{k:04d}", 10.0 * k, 10.0 * (k + 1), (), (pallet, fork, rigger), heading_deg=0.0, view=view)

    assert RuleEngine().step(clip_at(0, grow=True, moving={})) == []
    assert cats(RuleEngine().step(clip_at(0, grow=True, moving={"moving": True}))) == ["safety_alert"]
    assert cats(RuleEngine().step(clip_at(0, grow=False, moving={}))) == ["safety_alert"]  # standing still: it drives
    rules = RuleEngine()
    assert rules.step(clip_at(0, grow=True, moving={})) == []
    assert rules.step(clip_at(1, grow=False, moving={})) == []  # the walk's last steps


def test_memory_recall_not_for_a_place_swept_past_in_a_fast_turn() -> None:
    """The toolbox's place crossed the view only mid-turn (40 deg/s): not looked at, no recall; looked at
    steadily later: recalled."""
    rules = RuleEngine()
    box = ObsFact("t1", "toolbox", 5.0, ((3.0, 5.0, None), (9.0, 5.0, None)))
    rules.step(looked(0, 0.0, (box,)))
    rules.step(looked(1, 180.0))
    rules.step(looked(2, 180.0))
    sweep = tuple((30.0 + 0.5 * i + 0.25, (200.0 + 20.0 * i) % 360.0) for i in range(20))  # 40 deg/s, past it
    assert rules.step(ClipFacts(CAM, f"{CAM}-0003", 30.0, 40.0, (), (), heading_deg=0.0, view=sweep)) == []
    assert cats(rules.step(looked(4, 0.0))) == ["memory_recall"]


def test_no_recall_after_a_walk_seen_only_in_a_still_thing_s_size_from_one_look_to_the_next() -> None:
    """The walk itself was out of sight of anything (or too slow for one clip to show it), but a pallet
    looked at before and after is now twice the size: the wearer moved in between, and the toolbox's place
    from before is stale. The same pallet at the same size: a recall as usual."""
    def pallet(k: int, height: float) -> ObsFact:
        ts = [10.0 * k + 0.5 * i + 0.25 for i in range(6)]
        return ObsFact("p1", "pallet", 180.0, tuple((t, 180.0, None) for t in ts),
                       rows=tuple((t, 100.0, 100.0 + height) for t in ts))  # fmt: skip

    box = ObsFact("t1", "toolbox", 5.0, ((3.0, 5.0, None), (9.0, 5.0, None)))
    for later, expected in ((90.0, []), (41.0, ["memory_recall"])):
        rules = RuleEngine()
        rules.step(looked(0, 0.0, (box,)))
        rules.step(looked(1, 180.0, (pallet(1, 40.0),)))
        rules.step(looked(2, 180.0, (pallet(2, later),)))
        assert cats(rules.step(looked(3, 0.0))) == expected


def test_exclusion_zone_not_for_feet_on_the_pit_s_far_edge() -> None:
    """Feet on the pit's far edge row: on its rim or beyond it (a few metres further look the same)."""
    rules = RuleEngine()
    ts = (1.0, 1.2, 1.4)
    pit = ObsFact("x1", "excavation", 40.0, tuple((t, 40.0, None) for t in ts), half_width_deg=10.0,
                  rows=tuple((t, 222.0, 261.0) for t in ts))  # fmt: skip
    rim = ObsFact("w1", "worker", 38.0, tuple((t, 38.0, None) for t in ts), rows=tuple((t, 148.0, 222.0) for t in ts))
    assert rules.step(clip(0, obs=(pit, rim))) == []


def test_left_behind_is_for_the_wearer_s_tools_by_label_or_the_noun_it_ends_with() -> None:
    """A laser level (a `level`) the wearer set down is left behind; a shovel a seen worker picked up and
    put down is theirs; a `ladder` is no hand tool."""
    rules = rules_with(left_behind={"timeout_s": 20.0})
    rules.step(clip(0, (ev("picked_up", "s1", "shovel", 1.0, 10.0, by_entity_id="w1"),
                        ev("dropped", "s1", "shovel", 5.0, 10.0),
                        ev("dropped", "l1", "laser_level", 5.0, 60.0, by="wearer"),
                        ev("dropped", "x1", "ladder", 5.0, 90.0))))  # fmt: skip
    got = rules.step(clip(3))
    assert cats(got) == ["left_behind"] and got[0].entity_ids == ("l1",)


def test_an_idle_spell_survives_a_moment_of_motion_and_ends_with_work() -> None:
    """Idle from 10 s; a second of 'active' frames at 25 s (a stretch, a step) does not end the spell: the
    idle alert comes at 30 s. Work for 4 s ends it: no alert for the next 20 s of idling."""
    rules = rules_with(idle={"threshold_s": 20.0, "cooldown_s": 0.0})
    flicker = ObsFact("w1", "worker", 0.0, tuple((20.0 + 0.2 * i, 0.0, "active" if 25 <= 20.0 + 0.2 * i < 26 else "idle")
                                                for i in range(50)))  # fmt: skip
    rules.step(clip(1, obs=(person("w1", 10, 20, 0.0, "idle"),)))
    assert cats(rules.step(clip(2, obs=(flicker,)))) == ["idle"]
    other = rules_with(idle={"threshold_s": 20.0, "cooldown_s": 0.0})
    other.step(clip(1, obs=(person("w1", 10, 20, 0.0, "idle"),)))
    work = ObsFact("w1", "worker", 0.0, tuple((20.0 + 0.2 * i, 0.0, "active" if i < 20 else "idle") for i in range(50)))
    assert other.step(clip(2, obs=(work,))) == []  # worked 20-24 s: a new spell from 24 s


def test_exclusion_zone_not_for_a_person_beside_the_pit_in_the_image() -> None:
    """Within the pit's remembered bearing and between its rows, but their box is to the side of its box in
    the same frame: beside it, not in it."""
    rules = RuleEngine()
    ts = (1.0, 1.2, 1.4)
    pit = ObsFact("x1", "excavation", 40.0, tuple((t, 40.0, None) for t in ts), half_width_deg=10.0,
                  rows=tuple((t, 200.0, 260.0) for t in ts), cols=tuple((t, 100.0, 240.0) for t in ts))  # fmt: skip
    side = ObsFact("w1", "worker", 49.0, tuple((t, 49.0, None) for t in ts), rows=tuple((t, 150.0, 240.0) for t in ts),
                   cols=tuple((t, 300.0, 330.0) for t in ts))  # fmt: skip
    assert rules.step(clip(0, obs=(pit, side))) == []
    ts2 = (11.0, 11.2, 11.4)
    pit2 = ObsFact("x1", "excavation", 40.0, tuple((t, 40.0, None) for t in ts2), half_width_deg=10.0,
                   rows=tuple((t, 200.0, 260.0) for t in ts2), cols=tuple((t, 100.0, 240.0) for t in ts2))  # fmt: skip
    over = ObsFact("w1", "worker", 44.0, tuple((t, 44.0, None) for t in ts2), rows=tuple((t, 150.0, 240.0) for t in ts2),
                   cols=tuple((t, 200.0, 230.0) for t in ts2))  # fmt: skip
    assert cats(rules.step(clip(1, obs=(pit2, over)))) == ["exclusion_zone"]


def test_no_recall_for_a_thing_the_detector_seldom_saw_or_only_saw_cut_by_the_picture_s_side() -> None:
    """Rebar seen in flashes (a fifth of a second in clips where its place was in view throughout) and a pallet only
    ever seen cut off by the picture's right side: not seeing them when their places are looked at again says little.
    The same pallet seen whole, steadily: a recall."""
    def seen(k: int, heading: float, obs: tuple[ObsFact, ...] = ()) -> ClipFacts:
        return replace(looked(k, heading, obs), image_height=360, image_width=640)

    def thing(eid: str, label: str, t0: float, t1: float, left: float, right: float) -> ObsFact:
        ts = [t0 + 0.2 * i for i in range(int(round((t1 - t0) / 0.2)) + 1)]
        return ObsFact(eid, label, 5.0, tuple((t, 5.0, None) for t in ts), rows=tuple((t, 150.0, 200.0) for t in ts),
                       cols=tuple((t, left, right) for t in ts))  # fmt: skip

    flashes = [thing("r1", "rebar", 10.0 * k + 5.0, 10.0 * k + 5.2, 300.0, 340.0) for k in range(3)]
    cases = ((flashes, []), ([thing("p1", "pallet", 3.0, 9.0, 610.0, 640.0)], []),
             ([thing("p1", "pallet", 3.0, 9.0, 300.0, 340.0)], ["memory_recall"]))  # fmt: skip
    for sightings, expected in cases:
        rules = RuleEngine()
        for k, o in enumerate(sightings):
            rules.step(seen(k, 0.0, (o,)))
        n = len(sightings)
        rules.step(seen(n, 180.0))  # looked away
        rules.step(seen(n + 1, 180.0))
        assert cats(rules.step(seen(n + 2, 0.0))) == expected, (sightings[0].label, expected)


def test_no_recall_for_a_thing_last_seen_going_down_out_of_the_image_or_said_left_behind() -> None:
    """A level last seen sliding down out of the bottom of the image (the wearer stepped up to it or looked
    up) lies below the view: looking that way by heading alone does not show it. A tool said to be left
    behind: the wearer moved on, its bearing is stale. Swept across the image to its bottom corner in a
    turn: a recall as usual."""
    def level(rows: tuple[tuple[float, float, float], ...], cols: tuple[tuple[float, float, float], ...]) -> ObsFact:
        return ObsFact("v1", "spirit_level", 5.0, tuple((t, 5.0, None) for t, _a, _b in rows), rows=rows, cols=cols)

    def clip_of(k: int, heading: float, obs: tuple[ObsFact, ...] = (), events: tuple[WorldEvent, ...] = ()) -> ClipFacts:
        view = tuple((10.0 * k + 0.5 * i + 0.25, heading) for i in range(20))
        return ClipFacts(CAM, f"{CAM}-{k:04d}", 10.0 * k, 10.0 * (k + 1), events, obs, heading_deg=heading, view=view,
                         image_height=360, image_width=640)  # fmt: skip

    down = level(((8.0, 250.0, 330.0), (8.5, 270.0, 350.0), (9.0, 290.0, 359.0)),
                 ((8.0, 300.0, 380.0), (8.5, 302.0, 382.0), (9.0, 303.0, 383.0)))  # fmt: skip
    across = level(((8.0, 300.0, 350.0), (8.5, 303.0, 353.0), (9.0, 306.0, 359.0)),
                   ((8.0, 200.0, 280.0), (8.5, 350.0, 430.0), (9.0, 500.0, 580.0)))  # fmt: skip
    for obs, expected in ((down, []), (across, ["memory_recall"])):
        rules = RuleEngine()
        rules.step(clip_of(0, 0.0, (obs,)))
        rules.step(clip_of(1, 180.0))
        rules.step(clip_of(2, 180.0))
        assert cats(rules.step(clip_of(3, 0.0))) == expected
    told = RuleEngine()
    box = ObsFact("t1", "toolbox", 5.0, ((3.0, 5.0, None), (9.0, 5.0, None)))
    told.step(clip_of(0, 0.0, (box,), (ev("dropped", "t1", "toolbox", 3.0, 5.0, by="wearer"),)))
    assert cats(told.step(clip_of(4, 180.0))) == ["left_behind"]
    assert told.step(clip_of(5, 0.0)) == []  # its place by bearing: stale once it was left behind


def test_progress_counts_the_first_unit_of_any_work_object_once_even_under_a_new_id() -> None:
    """A parapet's `units` (not a wall's bricks) counts as well: the first unit set is progress; the same
    parapet seen again under a new id with one unit is not a second first unit."""
    rules = RuleEngine()
    first = ObsFact("p1", "parapet", 10.0, ((5.0, 10.0, None),), {"units": 1})
    got = rules.step(clip(0, obs=(first,)))
    assert cats(got) == ["progress"] and "first unit of the parapet" in got[0].message
    again = ObsFact("p2", "parapet", 10.0, ((25.0, 10.0, None),), {"units": 1})
    assert rules.step(clip(2, obs=(again,))) == []


def test_exclusion_zone_by_depth_below_the_ground_the_others_stand_on() -> None:
    """A level camera 1.7 m up (focal 500 px, horizon at row 100); a pit 7-9 m off; a workmate standing 12 m
    off shows the ground. Someone 0.9 m down in the pit near its near rim (feet below the rim's row) is in
    it; standing on the ground 1.5 m short of the rim is not; alone down there (nobody to show the ground),
    the rows decide: not in."""

    def rows_of(distance_m: float, below_m: float = 0.0) -> tuple[float, float]:
        feet = 100.0 + 500.0 * (1.7 + below_m) / distance_m
        return feet - 500.0 * 1.75 / distance_m, feet

    def person(eid: str, ts: tuple[float, ...], rows: tuple[float, float], cols: tuple[float, float]) -> ObsFact:
        return ObsFact(eid, "worker", 44.0, tuple((t, 44.0, None) for t in ts), rows=tuple((t, *rows) for t in ts),
                       cols=tuple((t, *cols) for t in ts))  # fmt: skip

    def pit(ts: tuple[float, ...]) -> ObsFact:
        return ObsFact("x1", "excavation", 40.0, tuple((t, 40.0, None) for t in ts), half_width_deg=10.0,
                       rows=tuple((t, 100.0 + 850.0 / 9.0, 100.0 + 850.0 / 7.0) for t in ts),
                       cols=tuple((t, 100.0, 500.0) for t in ts))  # fmt: skip

    ts = (1.0, 1.2, 1.4)
    mate = person("w2", ts, rows_of(12.0), (600.0, 620.0))
    down = person("w1", ts, rows_of(7.5, below_m=0.9), (300.0, 320.0))
    assert cats(RuleEngine().step(clip(0, obs=(pit(ts), mate, down)))) == ["exclusion_zone"]
    in_front = person("w1", ts, rows_of(5.5), (300.0, 320.0))
    assert RuleEngine().step(clip(0, obs=(pit(ts), mate, in_front))) == []
    assert RuleEngine().step(clip(0, obs=(pit(ts), down))) == []


def test_recall_when_the_moved_thing_turns_up_only_after_the_look_at_its_empty_place() -> None:
    """The wearer looks at where the toolbox stood (empty), then turns and finds it elsewhere in the same clip:
    the look already showed the place empty. A toolbox in view while he looks may be it: no recall then."""
    box = ObsFact("t1", "toolbox", 5.0, ((3.0, 5.0, None), (9.0, 5.0, None)))

    def look_then_turn(found_at: float) -> list[Any]:
        rules = RuleEngine()
        rules.step(looked(0, 0.0, (box,)))
        rules.step(looked(1, 180.0))  # looked away
        rules.step(looked(2, 180.0))
        view = tuple((30.0 + 0.5 * i + 0.25, 0.0 if i < 10 else 150.0) for i in range(20))
        found = ObsFact("t2", "toolbox", 150.0, ((found_at, 150.0, None), (39.75, 150.0, None)))
        return rules.step(ClipFacts(CAM, f"{CAM}-0003", 30.0, 40.0, (), (found,), heading_deg=150.0, view=view))

    got = look_then_turn(37.0)
    assert cats(got) == ["memory_recall"] and got[0].entity_ids == ("t1",)
    assert look_then_turn(31.0) == []


def test_no_recall_for_places_of_a_tool_in_the_wearer_s_hand_or_set_down_out_of_view() -> None:
    """The wearer holds his drill up in front of him as he turns: it is seen at 5 deg, then at 90 deg, the sightings'
    states saying nothing of his hand. The world says he set it down out of view at 19 s. Looking back at 5 deg at
    30 s finds no drill, and that is no mystery: it was never lying there. Without the world's word, the same
    sightings mean it lay at 5 deg and was moved unseen: a recall. Picked up by him (the world's pick-up), the places
    it is seen at while in his hand are no places of its own either."""
    def step(rules: RuleEngine, k: int, heading: float, obs: tuple[ObsFact, ...] = (),
             events: tuple[WorldEvent, ...] = ()) -> list[Any]:
        view = tuple((10.0 * k + 0.5 * i + 0.25, heading) for i in range(20))
        return rules.step(ClipFacts(CAM, f"{CAM}-{k:04d}", 10.0 * k, 10.0 * (k + 1), events, obs, heading_deg=heading,
                                    view=view))  # fmt: skip

    ahead = ObsFact("d1", "drill", 5.0, ((3.0, 5.0, None), (9.0, 5.0, None)))
    turned = ObsFact("d1", "drill", 90.0, ((11.0, 90.0, None), (19.0, 90.0, None)))
    down = (ev("dropped", "d1", "drill", 19.0, 90.0, by="wearer", out_of_view=True),)
    for told in (True, False):
        rules = RuleEngine()
        step(rules, 0, 0.0, (ahead,))
        step(rules, 1, 90.0, (turned,))
        step(rules, 2, 180.0, (), down if told else ())
        assert cats(step(rules, 3, 0.0)) == ([] if told else ["memory_recall"]), told
    rules = RuleEngine()
    step(rules, 0, 0.0, (ahead,), (ev("picked_up", "d1", "drill", 3.0, 5.0, by="wearer"),))
    step(rules, 1, 90.0, (turned,))
    step(rules, 2, 180.0)
    step(rules, 3, 180.0)
    assert "memory_recall" not in cats(step(rules, 4, 90.0))  # still in his hand, as far as anyone knows
