"""People named by trade, and labels outside the vocabulary, answered from a real (SQLite) graph."""

from __future__ import annotations

import pytest

from spotter.answer.parser import QuestionParser
from spotter.graph.base import ClipRecord, EntityRecord, EventRecord, GraphWrite, ObservationRecord
from spotter.graph.sqlite import SqliteGraphStore
from spotter.messages import TimedBox
from spotter.tools import GraphTools
from spotter.world.labels import same_kind

CAM = "cam-roles"


def _person(eid: str, bearing: float, vest: str, hat: str, t0: float, t1: float) -> tuple[EntityRecord, ObservationRecord]:
    attrs = {"vest": vest, "hat_colour": hat, "hardhat": True, "activity": "active"}
    e = EntityRecord(entity_id=eid, camera_id=CAM, label="worker", first_seen=t0, last_seen=t1, bearing_deg=bearing,
                     attributes=attrs, observations=1)  # fmt: skip
    o = ObservationRecord(observation_id=f"c0/{eid}", entity_id=eid, camera_id=CAM, clip_id="c0", label="worker",
                          t_start=t0, t_end=t1, bearing_deg=bearing, attributes=attrs)  # fmt: skip
    return e, o


def by_wearer(kind: str, t: float, clip: str = "c0", entity: str = "d", label: str = "drill",
              **detail: bool) -> EventRecord:
    """A world event of the wearer's hand (a set-down or pick-up the world read from the boxes)."""
    return EventRecord(event_id=f"{entity}|{kind}|{t}", camera_id=CAM, t=t, kind=kind, entity_id=entity, label=label,  # type: ignore[arg-type]
                       clip_id=clip, bearing_deg=0.0, detail={"by": "wearer", **detail})  # fmt: skip


@pytest.fixture()
def parser() -> QuestionParser:
    store = SqliteGraphStore(":memory:")
    store.init()
    yellow = _person("w-yellow", -60.0, "yellow", "orange", 5.0, 100.0)
    orange = _person("w-orange", 80.0, "orange", "white", 0.0, 100.0)
    wall = EntityRecord(entity_id="wall", camera_id=CAM, label="brick_wall", first_seen=0.0, last_seen=100.0,
                        bearing_deg=70.0, observations=1)  # fmt: skip
    wall_obs = ObservationRecord(observation_id="c0/wall", entity_id="wall", camera_id=CAM, clip_id="c0",
                                 label="brick_wall", t_start=0.0, t_end=100.0, bearing_deg=70.0)  # fmt: skip
    grinder = EntityRecord(entity_id="g1", camera_id=CAM, label="grinder", first_seen=10.0, last_seen=20.0,
                           bearing_deg=90.0, observations=1)  # fmt: skip
    grinder_obs = ObservationRecord(observation_id="c0/g1", entity_id="g1", camera_id=CAM, clip_id="c0",
                                    label="grinder", t_start=10.0, t_end=20.0, bearing_deg=90.0)  # fmt: skip
    store.write(GraphWrite(
        clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=100.0)],
        entities=[yellow[0], orange[0], wall, grinder], observations=[yellow[1], orange[1], wall_obs, grinder_obs],
    ))  # fmt: skip
    return QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)


def test_a_trade_described_once_means_that_person_later(parser: QuestionParser) -> None:
    bare = parser.answer("Which way is the banksman?", CAM, at=100.0)
    assert bare.query is not None and bare.query["subject"]["attributes"] == {}  # not described yet
    assert bare.answer.startswith("(I do not know who the banksman is")  # the guess is said, not hidden
    parser.answer("Is the banksman in the yellow vest working?", CAM, at=100.0)
    later = parser.answer("Which way is the banksman?", CAM, at=100.0)
    assert not later.answer.startswith("(I do not know")
    assert later.query is not None and later.query["subject"] == {
        "label": "worker", "attributes": {"vest": "yellow"}, "role": "banksman"}  # fmt: skip
    assert later.direction == "front-left"  # the yellow-vest worker, at -60 deg
    assert parser.answer("Which way is the banksman?", "another-camera", at=100.0).direction is None


def test_a_bricklayer_never_described_is_the_worker_at_the_wall(parser: QuestionParser) -> None:
    ans = parser.answer("Which way is the brickie?", CAM, at=100.0)
    assert ans.query is not None and ans.query["subject"]["attributes"] == {"vest": "orange", "hat_colour": "white"}
    assert ans.direction == "right"
    same = parser.answer("Is the worker in the yellow vest the same person who was laying bricks?", CAM, at=100.0)
    assert same.yes_no is False


def test_a_label_outside_the_vocabulary_falls_back_to_the_one_the_memory_holds(parser: QuestionParser) -> None:
    ans = parser.answer("Where is the angle grinder?", CAM, at=100.0)
    assert ans.query is not None and ans.query["subject"]["label"] == "grinder"
    assert ans.direction == "right"


def test_a_label_naming_the_same_kind_of_thing_finds_it() -> None:
    """The detector said "cement_mixer"; the supervisor asks for the concrete mixer (`labels.ALIASES`). The
    answer grounds on what the memory holds and names it as seen."""
    store = SqliteGraphStore(":memory:")
    store.init()
    mixer = EntityRecord(entity_id="m1", camera_id=CAM, label="cement_mixer", first_seen=5.0, last_seen=50.0,
                         bearing_deg=-90.0, observations=1)  # fmt: skip
    obs = ObservationRecord(observation_id="c0/m1", entity_id="m1", camera_id=CAM, clip_id="c0", label="cement_mixer",
                            t_start=5.0, t_end=50.0, bearing_deg=-90.0)  # fmt: skip
    store.write(GraphWrite(clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=100.0)],
                           entities=[mixer], observations=[obs]))  # fmt: skip
    parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
    ans = parser.answer("Which way is the concrete mixer?", CAM, at=100.0)
    assert ans.query is not None and ans.query["subject"]["label"] == "cement_mixer"
    assert ans.direction == "left"
    assert parser.answer("Which way is the forklift?", CAM, at=100.0).direction is None
    assert same_kind("digger", "excavator") and not same_kind("digger", "forklift")
    assert same_kind("sledgehammer", "hammer") and not same_kind("sledgehammer", "drill")
    assert same_kind("mixer_truck", "concrete_mixer") and same_kind("concrete truck", "cement_mixer")
    assert not same_kind("mixer_truck", "dump_truck")
    assert same_kind("gas_bottle", "gas_cylinder") and not same_kind("gas_bottle", "gas_monitor")
    assert same_kind("concrete_wagon", "concrete_mixer") and not same_kind("concrete_wagon", "concrete")
    assert same_kind("skid_loader", "skid_steer") and not same_kind("skid_loader", "pallet")


def test_one_person_remembered_twice_is_counted_once() -> None:
    """A plain tracker gives a worker a new id after every gap: the same clothes never in view together
    are one individual; someone in the same clothes seen alongside is another."""
    store = SqliteGraphStore(":memory:")
    store.init()
    a = _person("a", 0.0, "yellow", "white", 0.0, 10.0)
    b = _person("b", 90.0, "yellow", "white", 20.0, 30.0)
    c = _person("c", -90.0, "yellow", "white", 25.0, 40.0)  # in view with b
    d = _person("d", 10.0, "orange", "white", 50.0, 60.0)
    store.write(GraphWrite(clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=60.0)],
                           entities=[x[0] for x in (a, b, c, d)], observations=[x[1] for x in (a, b, c, d)]))  # fmt: skip
    parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
    assert parser.answer("How many different workers have I seen?", CAM, at=60.0).count == 3
    assert parser.answer("How many workers in yellow vests have I seen?", CAM, at=60.0).count == 2


def test_a_glimpse_with_a_colour_unread_is_someone_already_seen() -> None:
    """A tracker's new id for a moment, its hat colour unread, is not a new person when someone wearing what was
    read was out of view then; a long sighting with a colour unread, or a glimpse of clothes nobody seen wears,
    is another person."""

    def unread_hat(eid: str, vest: str, t0: float, t1: float) -> tuple[EntityRecord, ObservationRecord]:
        e, o = _person(eid, 0.0, vest, "white", t0, t1)
        attrs = {"vest": vest, "hardhat": True, "activity": "active"}
        return e.model_copy(update={"attributes": attrs}), o.model_copy(update={"attributes": attrs})

    a = _person("a", 0.0, "yellow", "white", 0.0, 30.0)
    b = _person("b", 40.0, "yellow", "white", 0.0, 30.0)  # in view with a: another person dressed alike
    glimpse = unread_hat("g", "yellow", 31.0, 32.0)
    assert _store(a, b, glimpse).answer("How many different workers have I seen?", CAM, at=60.0).count == 2
    long_look = unread_hat("l", "yellow", 31.0, 50.0)
    assert _store(a, b, long_look).answer("How many different workers have I seen?", CAM, at=60.0).count == 3
    stranger = unread_hat("s", "green", 31.0, 32.0)
    assert _store(a, b, stranger).answer("How many different workers have I seen?", CAM, at=60.0).count == 3
    during = unread_hat("d", "yellow", 10.0, 11.0)  # both yellow vests in view then: someone else
    assert _store(a, b, during).answer("How many different workers have I seen?", CAM, at=60.0).count == 3


def test_identity_by_what_happened_to_the_other_one() -> None:
    """ "the same fella who took his hat off": the person that event happened to."""
    store = SqliteGraphStore(":memory:")
    store.init()
    yellow = _person("w-yellow", -5.0, "yellow", "orange", 0.0, 100.0)
    orange, orange_obs = _person("w-orange", 5.0, "orange", "white", 0.0, 40.0)
    hatless = ObservationRecord(observation_id="c1/w-orange", entity_id="w-orange", camera_id=CAM, clip_id="c1",
                                label="worker", t_start=40.0, t_end=100.0, bearing_deg=5.0,
                                attributes={"vest": "orange", "hardhat": False, "activity": "active"})  # fmt: skip
    store.write(GraphWrite(
        clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=40.0),
               ClipRecord(clip_id="c1", camera_id=CAM, t_start=40.0, t_end=100.0)],
        entities=[yellow[0], orange], observations=[yellow[1], orange_obs, hatless],
    ))  # fmt: skip
    parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
    same = parser.answer("Is the guy in the orange vest the same fella who took his hat off earlier?", CAM, at=100.0)
    assert same.yes_no is True
    other = parser.answer("Is the guy in the yellow vest the same fella who took his hat off earlier?", CAM, at=100.0)
    assert other.yes_no is False


def _store(*people: tuple[EntityRecord, ObservationRecord], t_end: float = 300.0) -> QuestionParser:
    store = SqliteGraphStore(":memory:")
    store.init()
    store.write(GraphWrite(clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=t_end)],
                           entities=[p[0] for p in people], observations=[p[1] for p in people]))  # fmt: skip
    return QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)


def _tracked(eid: str, vest: str, t0: float, t1: float, ext: str, activity: str = "active") -> tuple[EntityRecord, ObservationRecord]:
    e, o = _person(eid, 0.0, vest, "white", t0, t1)
    attrs = {**o.attributes, "ext_track_id": ext, "activity": activity}
    boxes = [TimedBox(t=t0 + i, bbox=(0.0, 0.0, 10.0, 10.0), state=activity) for i in range(int(t1 - t0) + 1)]
    return e, o.model_copy(update={"attributes": attrs, "observation_id": f"c0/{eid}", "state": activity, "boxes": boxes})


def test_sightings_that_only_touch_are_not_in_view_together() -> None:
    """One person split at a clip boundary (10.0 s, then 10.2 s) or by a tracker's new id a frame later is
    one individual; people really in view together (overlapping by seconds) are two."""
    a, b = _tracked("a", "yellow", 0.0, 10.0, "1"), _tracked("b", "yellow", 10.2, 30.0, "2")
    assert _store(a, b).answer("How many different workers have I seen?", CAM, at=60.0).count == 1
    c = _tracked("c", "yellow", 20.0, 40.0, "3")
    assert _store(a, b, c).answer("How many different workers have I seen?", CAM, at=60.0).count == 2


def test_a_re_identifying_detector_s_ids_are_people_however_alike() -> None:
    """Where the detector gives a person their id again after a gap, a look-alike under another id is
    another person (a plain tracker's new id after a gap says nothing: there the clothes decide)."""
    back = _tracked("a2", "orange", 60.0, 80.0, "1")  # id 1 again after a 40 s gap: re-identification
    parser = _store(_tracked("a", "orange", 0.0, 20.0, "1"), _tracked("b", "orange", 25.0, 50.0, "4"), back)
    assert parser.answer("How many different workers have I seen?", CAM, at=90.0).count == 2
    plain = _store(_tracked("a", "orange", 0.0, 20.0, "1"), _tracked("b", "orange", 25.0, 50.0, "4"),
                   _tracked("c", "orange", 60.0, 80.0, "7"))  # fmt: skip
    assert plain.answer("How many different workers have I seen?", CAM, at=90.0).count == 1


def test_identity_and_spells_run_over_every_entity_of_one_person() -> None:
    """A plain tracker and a walk left one bricklayer as three entities: "the same one as at the start" is
    yes, and "how long has he been working" counts from his return to work, not from the newest entity."""
    parser = _store(_tracked("a", "orange", 0.0, 50.0, "1", "idle"), _tracked("b", "orange", 50.2, 100.0, "5"),
                    _tracked("c", "orange", 110.0, 200.0, "9"))  # fmt: skip
    same = parser.answer("Is the worker in the orange vest in front of me the same one I saw at 0:10?", CAM, at=150.0)
    assert same.yes_no is True
    spell = parser.answer("How long has the worker in the orange vest been working?", CAM, at=200.0)
    assert spell.duration_s is not None and 140.0 <= spell.duration_s <= 151.0, spell.answer


def test_a_person_named_by_what_they_did_to_a_thing() -> None:
    """ "the labourer who moved the cone": whoever's box was beside the cone when it was picked up (the
    detector named no holder); later "the labourer" alone means the same person."""
    def worker(eid: str, vest: str, x: float, idle_from: float) -> tuple[EntityRecord, ObservationRecord]:
        e, o = _person(eid, 0.0, vest, "white", 0.0, 100.0)
        boxes = [TimedBox(t=float(t), bbox=(x, 100.0, x + 40.0, 220.0), state="idle" if t >= idle_from else "active")
                 for t in range(0, 101)]  # fmt: skip
        return e, o.model_copy(update={"boxes": boxes})

    yellow, orange = worker("w-yellow", "yellow", 300.0, 60.0), worker("w-orange", "orange", 20.0, 80.0)
    cone = EntityRecord(entity_id="cone", camera_id=CAM, label="cone", first_seen=0.0, last_seen=100.0,
                        bearing_deg=0.0, observations=1)  # fmt: skip
    cone_obs = ObservationRecord(observation_id="c0/cone", entity_id="cone", camera_id=CAM, clip_id="c0", label="cone",
                                 t_start=0.0, t_end=100.0, bearing_deg=0.0,
                                 boxes=[TimedBox(t=float(t), bbox=(310.0, 200.0, 330.0, 225.0)) for t in range(0, 101)])  # fmt: skip
    picked = EventRecord(event_id="ev1", camera_id=CAM, t=30.0, kind="picked_up", entity_id="cone", label="cone")
    store = SqliteGraphStore(":memory:")
    store.init()
    store.write(GraphWrite(clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=100.0)],
                           entities=[yellow[0], orange[0], cone], observations=[yellow[1], orange[1], cone_obs],
                           events=[picked]))  # fmt: skip
    parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
    ans = parser.answer("When did the labourer who moved the cone go on his break?", CAM, at=100.0)
    assert ans.query is not None and ans.query["subject"]["attributes"] == {"vest": "yellow", "hat_colour": "white"}
    assert ans.time is not None and abs(ans.time - 60.0) <= 1.0, ans.answer
    later = parser.answer("Is the labourer working?", CAM, at=100.0)
    assert later.query is not None and later.query["subject"]["attributes"]["vest"] == "yellow"


def test_a_tool_remembered_twice_lies_on_the_ground_across_both() -> None:
    """The wearer walked off and came back: the hammer on the ground is a second entity; the spell on the
    ground runs from the drop to the pick-up over both (not to the middle of the gap)."""
    def hammer(eid: str, samples: list[tuple[float, str]]) -> tuple[EntityRecord, ObservationRecord]:
        e = EntityRecord(entity_id=eid, camera_id=CAM, label="hammer", first_seen=samples[0][0],
                         last_seen=samples[-1][0], bearing_deg=0.0, observations=1)  # fmt: skip
        o = ObservationRecord(observation_id=f"c0/{eid}", entity_id=eid, camera_id=CAM, clip_id="c0", label="hammer",
                              t_start=samples[0][0], t_end=samples[-1][0], bearing_deg=0.0,
                              boxes=[TimedBox(t=t, bbox=(0.0, 0.0, 5.0, 5.0), state=st) for t, st in samples])  # type: ignore[arg-type]  # fmt: skip
        return e, o

    first = hammer("h1", [(float(t), "carried") for t in range(0, 20)] + [(float(t), "on_ground") for t in range(20, 25)])
    second = hammer("h2", [(float(t), "on_ground") for t in range(80, 90)] + [(float(t), "carried") for t in range(90, 100)])
    parser = _store(first, second)
    ans = parser.answer("How long was the hammer left lying on the ground?", CAM, at=100.0)
    assert ans.duration_s is not None and 68.0 <= ans.duration_s <= 72.0, ans.answer


def test_a_tool_remembered_as_two_entities_is_one_thing_for_its_events_and_place() -> None:
    """The wearer set a red laser level down at 58 s (seen 58-60 s, at 30 deg); after a walk it was seen again
    as another entity (100-110 s, at -40 deg), never in view with the first. 'How long since I set it down'
    finds the first's event; 'where is it' is its latest sighting."""
    store = SqliteGraphStore(":memory:")
    store.init()
    ents, obs = [], []
    for eid, clip, t0, t1, bearing in (("l1", "c0", 58.0, 60.0, 30.0), ("l2", "c1", 100.0, 110.0, -40.0)):
        attrs = {"colour": "red"}
        ents.append(EntityRecord(entity_id=eid, camera_id=CAM, label="laser_level", first_seen=t0, last_seen=t1,
                                 bearing_deg=bearing, attributes=attrs, observations=1))  # fmt: skip
        obs.append(ObservationRecord(observation_id=f"{clip}/{eid}", entity_id=eid, camera_id=CAM, clip_id=clip,
                                     label="laser_level", t_start=t0, t_end=t1, bearing_deg=bearing, attributes=attrs))  # fmt: skip
    store.write(GraphWrite(
        clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=50.0, t_end=60.0),
               ClipRecord(clip_id="c1", camera_id=CAM, t_start=100.0, t_end=110.0)],
        entities=ents, observations=obs,
        events=[EventRecord(event_id="e1", camera_id=CAM, t=58.0, kind="dropped", entity_id="l1", label="laser_level",
                            clip_id="c0", bearing_deg=30.0, detail={"by": "wearer"})],
    ))  # fmt: skip
    parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
    since = parser.answer("How long since I set the laser level down?", CAM, at=130.0)
    assert since.duration_s == pytest.approx(72.0)
    where = parser.answer("Where did I leave the laser level?", CAM, at=130.0)
    assert where.direction == "front-left"  # -40 deg: its latest sighting, not the first (30 deg)


def test_a_set_down_closed_by_a_pick_up_is_timed_by_those_events_not_by_sightings() -> None:
    """The wearer set his drill down at 34.8 s and lifted it at 232.2 s (events read from its boxes). Its sightings'
    states are coarser: on the ground from 31 s, and still so when last seen at 240 s. "How long was it lying on
    the ground" is the closed spell between the events, 197 s; with no pick-up seen, the sightings answer."""
    def parser(events: list[EventRecord]) -> QuestionParser:
        store = SqliteGraphStore(":memory:")
        store.init()
        boxes = [TimedBox(t=float(t), bbox=(0.0, 0.0, 5.0, 5.0), state="on_ground") for t in range(31, 241)]
        store.write(GraphWrite(
            clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=250.0)],
            entities=[EntityRecord(entity_id="d", camera_id=CAM, label="drill", first_seen=31.0, last_seen=240.0,
                                   bearing_deg=0.0, observations=1)],
            observations=[ObservationRecord(observation_id="c0/d", entity_id="d", camera_id=CAM, clip_id="c0",
                                            label="drill", t_start=31.0, t_end=240.0, bearing_deg=0.0, boxes=boxes)],
            events=events,
        ))  # fmt: skip
        return QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)

    question = "How long was my drill lying on the ground?"
    closed = parser([by_wearer("dropped", 34.8), by_wearer("picked_up", 232.2)]).answer(question, CAM, at=241.0)
    assert closed.duration_s == pytest.approx(197.4), closed.answer
    open_ = parser([by_wearer("dropped", 34.8)]).answer(question, CAM, at=241.0)
    assert open_.duration_s is not None and 205.0 <= open_.duration_s <= 211.0, open_.answer  # by its sightings


def test_a_worker_named_by_a_hard_hat_he_took_off_is_as_he_is_now() -> None:
    """He wore his hard hat from 0 to 30 s (three sightings) and has been without it since (one sighting): "the
    bloke in orange with no helmet on" at 45 s is him, though most of his sightings had it on; a hard hat comes and
    goes. Another in a yellow vest, never without, is not matched by it."""
    store = SqliteGraphStore(":memory:")
    store.init()
    e, o = _person("w", 0.0, "orange", "white", 0.0, 45.0)
    spans = [(0.0, 9.8, True), (10.0, 19.8, True), (20.0, 29.8, True), (30.0, 45.0, False)]
    obs = [o.model_copy(update={"observation_id": f"c{i}/w", "t_start": t0, "t_end": t1,
                                "attributes": {**o.attributes, "hardhat": hat},
                                "boxes": [TimedBox(t=t0 + k, bbox=(0.0, 0.0, 10.0, 30.0), hardhat=hat)
                                          for k in range(int(t1 - t0) + 1)]})
           for i, (t0, t1, hat) in enumerate(spans)]  # fmt: skip
    other, other_obs = _person("y", 40.0, "yellow", "blue", 0.0, 45.0)
    store.write(GraphWrite(clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=45.0)],
                           entities=[e, other], observations=[*obs, other_obs]))  # fmt: skip
    parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
    ans = parser.answer("How long has the bloke in orange with no helmet on been like that?", CAM, at=45.0)
    assert ans.duration_s is not None and 13.0 <= ans.duration_s <= 17.0, ans.answer
    nobody = parser.answer("How long has the bloke in yellow with no helmet on been like that?", CAM, at=45.0)
    assert nobody.duration_s is None, nobody.answer


def test_a_hard_hat_off_on_both_sides_of_half_a_minute_out_of_view_is_one_spell() -> None:
    """Without his hard hat 80-98 s, out of view 34 s, without it again 132-158 s, then with it: one spell of 78 s
    (nothing seen says it went back on); out of view for two minutes between, two spells (the last 26 s)."""
    for gap_end, want in ((132.0, 78.0), (220.0, 26.0)):
        store = SqliteGraphStore(":memory:")
        store.init()
        e, o = _person("w", 0.0, "yellow", "blue", 70.0, gap_end + 40.0)
        spans = [(70.0, 98.0), (gap_end, gap_end + 40.0)]
        off = {(80.0, 98.0), (gap_end, gap_end + 26.0)}

        def hat(t: float, off: set[tuple[float, float]] = off) -> bool:
            return not any(a <= t <= b for a, b in off)

        obs = [o.model_copy(update={"observation_id": f"c{i}/w", "t_start": a, "t_end": b, "boxes": [
            TimedBox(t=a + k, bbox=(0.0, 0.0, 10.0, 30.0), hardhat=hat(a + k)) for k in range(int(b - a) + 1)]})
            for i, (a, b) in enumerate(spans)]  # fmt: skip
        store.write(GraphWrite(clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=gap_end + 40.0)],
                               entities=[e], observations=obs))  # fmt: skip
        parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
        ans = parser.answer("How long was the yellow-vest lad walking about without his hard hat?", CAM, at=gap_end + 40.0)
        assert ans.duration_s == pytest.approx(want), ans.answer


def test_a_moment_of_motion_does_not_end_an_idle_spell() -> None:
    """Idle from 10 s to 60 s with one second of 'active' frames at 30 s (a stretch): one spell of 50 s, as
    the idle rule sees it; 5 s of work at 30 s ends it."""
    from spotter.answer.parser import _runs

    def samples(busy_s: float) -> list[tuple[float, str, ObservationRecord]]:
        o = ObservationRecord(observation_id="c0/w", entity_id="w", camera_id=CAM, clip_id="c0", label="worker",
                              t_start=10.0, t_end=60.0, bearing_deg=0.0)  # fmt: skip
        return [(10.0 + 0.5 * i, "active" if 30.0 <= 10.0 + 0.5 * i < 30.0 + busy_s else "idle", o) for i in range(101)]

    moment = [(r[0], r[1]) for r in _runs(samples(1.0), "idle")]
    assert moment == [(10.0, 60.0)]
    worked = [(r[0], r[1]) for r in _runs(samples(5.0), "idle")]
    assert worked == [(10.0, 30.0), (35.0, 60.0)]


def test_a_trade_described_by_a_missing_hard_hat_is_remembered_by_clothes() -> None:
    """ "the fixer with no hat on" names who he is by a state that ends: later, hat back on, "the fixer" is
    still him (by what he wears), not "a worker without a hard hat" that nobody is any more."""
    orange = _tracked("o", "orange", 0.0, 200.0, "1")
    boxes = orange[1].boxes
    obs = orange[1].model_copy(update={
        "attributes": {**orange[1].attributes, "hardhat": False}, "t_end": 60.0, "observation_id": "c0/o-hatless",
        "boxes": [b.model_copy(update={"hardhat": False}) for b in boxes if b.t <= 60.0]})  # fmt: skip
    back_on = orange[1].model_copy(update={"observation_id": "c0/o-on", "t_start": 61.0,
                                           "boxes": [b.model_copy(update={"hardhat": True}) for b in boxes if b.t > 60.0]})
    green = _tracked("g", "green", 0.0, 200.0, "2")
    store = SqliteGraphStore(":memory:")
    store.init()
    store.write(GraphWrite(clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=200.0)],
                           entities=[orange[0], green[0]], observations=[obs, back_on, green[1]]))  # fmt: skip
    parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
    parser.answer("Is the fixer with no hat on working?", CAM, at=50.0)
    later = parser.answer("Which way is the fixer?", CAM, at=150.0)
    assert later.query is not None and later.query["subject"]["attributes"] == {"vest": "orange", "hat_colour": "white"}, later.query


def test_a_tool_set_down_twice_lay_on_the_ground_from_its_latest_set_down_to_the_pick_up_after_it() -> None:
    """The world model saw the wearer set the drill down at 10 s and pick it up at 20 s, then set it down again
    at 30 s and pick it up at 45 s; its sightings carry no state. The last spell on the ground is 30-45 s, not
    from 30 s to now (the first pick-up is before that set-down)."""
    store = SqliteGraphStore(":memory:")
    store.init()
    drill = EntityRecord(entity_id="d1", camera_id=CAM, label="drill", first_seen=10.0, last_seen=45.0,
                         bearing_deg=0.0, observations=1)  # fmt: skip
    obs = ObservationRecord(observation_id="c0/d1", entity_id="d1", camera_id=CAM, clip_id="c0", label="drill",
                            t_start=10.0, t_end=45.0, bearing_deg=0.0)  # fmt: skip
    events = [EventRecord(event_id=f"e{i}", camera_id=CAM, t=t, kind=kind, entity_id="d1", label="drill", clip_id="c0",
                          bearing_deg=0.0, detail={"by": "wearer"} if kind == "dropped" else {"in_view": True})
              for i, (t, kind) in enumerate(((10.0, "dropped"), (20.0, "picked_up"), (30.0, "dropped"), (45.0, "picked_up")))]  # fmt: skip
    store.write(GraphWrite(clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=100.0)],
                           entities=[drill], observations=[obs], events=events))  # fmt: skip
    parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
    ans = parser.answer("How long was the drill on the ground?", CAM, at=100.0)
    assert ans.duration_s is not None and abs(ans.duration_s - 15.0) <= 0.5, ans.answer


def test_a_worker_who_stepped_a_few_metres_off_and_came_back_went_back_to_where_he_was_first_seen() -> None:
    """The banksman stood at 45 deg, stepped over to 23 deg for 20 s (a few metres: 22 deg off) and came back to
    45 deg: he went back to where I first saw him. Staying within a few degrees is not going away."""
    for places, want in (([45.0, 23.0, 45.5], True), ([45.0, 41.0, 45.5], False)):
        e, _ = _person("w1", 45.0, "orange", "white", 0.0, 60.0)
        obs = [ObservationRecord(observation_id=f"c{i}/w1", entity_id="w1", camera_id=CAM, clip_id="c0", label="worker",
                                 t_start=20.0 * i, t_end=20.0 * i + 19.0, bearing_deg=b,
                                 attributes={"vest": "orange", "hat_colour": "white", "hardhat": True})
               for i, b in enumerate(places)]  # fmt: skip
        store = SqliteGraphStore(":memory:")
        store.init()
        store.write(GraphWrite(clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=60.0)],
                               entities=[e.model_copy(update={"attributes": {**e.attributes, "role": "banksman"}})],
                               observations=obs))  # fmt: skip
        parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
        ans = parser.answer("Has the worker in the orange vest gone back to where I first saw him?", CAM, at=60.0)
        assert ans.yes_no is want, (places, ans.answer)


def test_a_tool_set_down_out_of_view_is_dated_by_the_world_and_its_place_is_not_judged() -> None:
    """The wearer held his drill up in front of him from 10 to 18 s and from 38 to 118 s (sightings "carried"). He set
    it down out of view at 18 s and at 118 s (the world's set-downs, no sighting on the ground shows them) and picked
    it up again at 38 s. "When did I pick it back up" at 42 s is 38 s, not the first sighting in hand; at 186 s it has
    been lying there since 118 s; and "is it still where I set it down" is yes: where it lies was never seen, so the
    view along the bearing he faced finding nothing says nothing."""
    store = SqliteGraphStore(":memory:")
    store.init()
    spells = [(10.0, 18.0), (38.0, 118.0)]
    obs = [ObservationRecord(observation_id=f"c{i}/d", entity_id="d", camera_id=CAM, clip_id=f"c{i}", label="drill",
                             t_start=t0, t_end=t1, bearing_deg=0.0, state="carried",
                             boxes=[TimedBox(t=t0 + k, bbox=(300.0, 170.0, 370.0, 240.0), state="carried")
                                    for k in range(int(t1 - t0) + 1)])
           for i, (t0, t1) in enumerate(spells)]  # fmt: skip

    store.write(GraphWrite(
        clips=[ClipRecord(clip_id=f"c{i}", camera_id=CAM, t_start=t0, t_end=t1) for i, (t0, t1) in enumerate(spells)]
        + [ClipRecord(clip_id="c9", camera_id=CAM, t_start=118.0, t_end=250.0)],
        entities=[EntityRecord(entity_id="d", camera_id=CAM, label="drill", first_seen=10.0, last_seen=118.0,
                               bearing_deg=0.0, observations=2)],
        observations=obs,
        events=[by_wearer("dropped", 18.0, out_of_view=True), by_wearer("picked_up", 38.0, "c1"),
                by_wearer("dropped", 118.0, "c1", out_of_view=True)],
    ))  # fmt: skip
    parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
    assert parser.answer("When did I pick the drill back up?", CAM, at=42.0).time == pytest.approx(38.0)
    lying = parser.answer("How long has the drill been lying there?", CAM, at=186.0)
    assert lying.duration_s == pytest.approx(68.0), lying.answer
    assert parser.answer("Is the drill still where I set it down?", CAM, at=205.0).yes_no is True


def test_a_crane_s_load_called_by_what_it_is_is_the_suspended_load() -> None:
    """The detector says `suspended_load`; the supervisor says "the steel", "the beam", "the girder". With no such
    label in memory, those words find the load; a word for another thing ("the pallet") does not."""
    store = SqliteGraphStore(":memory:")
    store.init()
    load = EntityRecord(entity_id="L", camera_id=CAM, label="suspended_load", first_seen=55.0, last_seen=90.0,
                        bearing_deg=10.0, observations=1)  # fmt: skip
    load_obs = ObservationRecord(observation_id="c0/L", entity_id="L", camera_id=CAM, clip_id="c0", label="suspended_load",
                                 t_start=55.0, t_end=90.0, bearing_deg=10.0)  # fmt: skip
    store.write(GraphWrite(clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=100.0)], entities=[load],
                           observations=[load_obs]))  # fmt: skip
    parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
    for question in ("When did the steel first show up on the hook?", "when did I first see the beam",
                     "When did the girder first come into view?"):
        assert parser.answer(question, CAM, at=100.0).time == pytest.approx(55.0), question
    assert parser.answer("When did the pallet first show up?", CAM, at=100.0).time is None


def test_a_tool_remembered_as_two_after_a_walk_is_picked_up_as_the_second() -> None:
    """The wearer set his drill down at 42 s (remembered as d1) and walked off; back at 149 s he saw it again at
    another bearing, remembered as d2, and picked it up at 203 s (the world's pick-up of d2). "When did I pick the
    drill back up" is 203 s, not a pick-up of d1; it "had been lying there" from 42 s to 203 s. (The world's events
    need no sighting state: the detector gave none.)"""
    store = SqliteGraphStore(":memory:")
    store.init()

    def seen(eid: str, clip: str, t0: float, t1: float, bearing: float) -> tuple[EntityRecord, ObservationRecord]:
        boxes = [TimedBox(t=t0 + k, bbox=(300.0, 250.0, 340.0, 270.0)) for k in range(int(t1 - t0) + 1)]
        return (EntityRecord(entity_id=eid, camera_id=CAM, label="drill", first_seen=t0, last_seen=t1, bearing_deg=bearing,
                             observations=1, attributes={"colour": "yellow"}),
                ObservationRecord(observation_id=f"{clip}/{eid}", entity_id=eid, camera_id=CAM, clip_id=clip, label="drill",
                                  t_start=t0, t_end=t1, bearing_deg=bearing, boxes=boxes, attributes={"colour": "yellow"}))  # fmt: skip

    (e1, o1), (e2, o2) = seen("d1", "c0", 30.0, 46.0, 10.0), seen("d2", "c1", 149.0, 205.0, -40.0)

    store.write(GraphWrite(
        clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=50.0),
               ClipRecord(clip_id="c1", camera_id=CAM, t_start=149.0, t_end=210.0)],
        entities=[e1, e2], observations=[o1, o2],
        events=[by_wearer("picked_up", 31.0, entity="d1"), by_wearer("dropped", 42.0, entity="d1"),
                by_wearer("picked_up", 203.0, "c1", entity="d2")],
    ))  # fmt: skip
    parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
    assert parser.answer("What time did I pick the drill back up?", CAM, at=212.0).time == pytest.approx(203.0)
    lying = parser.answer("How long had my drill been lying on the deck back there?", CAM, at=208.0)
    assert lying.duration_s == pytest.approx(161.0), lying.answer


def test_how_long_ago_a_tool_was_set_down_is_from_its_latest_set_down_when_only_the_world_saw_them() -> None:
    """The wearer set his hammer down at 21.6 s, picked it up at 35.4 s and set it down again at 54.2 s: the world's
    events, read from the boxes (the detector gives no held flag, so no sighting's state shows them). "How long ago did I
    set the hammer down" at 120 s is from 54.2 s; "when did I pick it back up" is 35.4 s."""
    store = SqliteGraphStore(":memory:")
    store.init()
    obs = [ObservationRecord(observation_id=f"c{i}/h", entity_id="h", camera_id=CAM, clip_id=f"c{i}", label="hammer",
                             t_start=t0, t_end=t1, bearing_deg=0.0,
                             boxes=[TimedBox(t=t0 + 0.5 * k, bbox=(230.0, 250.0, 285.0, 275.0)) for k in range(int(2 * (t1 - t0)) + 1)])
           for i, (t0, t1) in enumerate([(19.4, 23.6), (33.8, 37.6), (52.4, 57.2)])]  # fmt: skip

    store.write(GraphWrite(
        clips=[ClipRecord(clip_id=f"c{i}", camera_id=CAM, t_start=10.0 * (i + 1), t_end=10.0 * (i + 2) + 10.0) for i in range(3)],
        entities=[EntityRecord(entity_id="h", camera_id=CAM, label="hammer", first_seen=19.4, last_seen=57.2, bearing_deg=0.0,
                               observations=3)],
        observations=obs,
        events=[by_wearer(kind, t, clip, entity="h", label="hammer")
                for kind, t, clip in (("dropped", 21.6, "c0"), ("picked_up", 35.4, "c1"), ("dropped", 54.2, "c2"))],
    ))  # fmt: skip
    parser = QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)
    ago = parser.answer("How long ago did I set the hammer down?", CAM, at=120.0)
    assert ago.duration_s == pytest.approx(65.8), ago.answer
    assert parser.answer("When did I pick the hammer back up?", CAM, at=120.0).time == pytest.approx(35.4)
