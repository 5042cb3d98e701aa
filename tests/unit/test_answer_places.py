"""'Is X still where it was?' when the wearer walks: a bearing points at a place only from where it was taken,
so after a walk a thing seen again at another bearing has not moved, and looking along its old bearing finds
nothing. Answered from a real (SQLite) graph."""

from __future__ import annotations

from spotter.answer.parser import QuestionParser
from spotter.graph.base import ClipRecord, EntityRecord, GraphWrite, ObservationRecord
from spotter.graph.sqlite import SqliteGraphStore
from spotter.messages import TimedBox
from spotter.tools import GraphTools

CAM = "cam-places"


def _obs(eid: str, label: str, clip: str, t0: float, bearing: float, grow: float = 1.0,
         attrs: dict[str, object] | None = None) -> ObservationRecord:
    """Seen for 8 s from t0 in the middle of the view (the heading is 0), its box `grow` times taller at the end."""
    boxes = [TimedBox(t=round(t0 + 0.2 * i, 2), bbox=(300.0, 200.0, 340.0, 200.0 + 40.0 * (1.0 + (grow - 1.0) * i / 40)))
             for i in range(41)]  # fmt: skip
    return ObservationRecord(observation_id=f"{clip}/{eid}", entity_id=eid, camera_id=CAM, clip_id=clip, label=label,
                             t_start=t0, t_end=t0 + 8.0, bearing_deg=bearing, state="on_ground",
                             attributes=attrs or {}, boxes=boxes)  # fmt: skip


def _answering(obs: list[ObservationRecord], entities: list[EntityRecord]) -> QuestionParser:
    """A parser over a real SQLite graph of five 10-s clips holding `obs` and `entities`; the heading is 0 throughout."""
    store = SqliteGraphStore(":memory:")
    store.init()
    store.write(GraphWrite(clips=[ClipRecord(clip_id=f"c{k}", camera_id=CAM, t_start=10.0 * k, t_end=10.0 * k + 10.0)
                                  for k in range(5)], entities=entities, observations=obs))  # fmt: skip
    return QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)


def _parser(walk: float, seen_again: bool = True) -> QuestionParser:
    """A red toolbox seen at bearing 0 (0-8 s); two clips of still things near the middle of the view growing
    `walk` times; the toolbox seen again at bearing 60 (30-38 s) or not again; its old bearing in view all along."""
    red = {"colour": "red"}
    obs = [_obs("tbox", "toolbox", "c0", 0.0, 0.0, attrs=red),
           _obs("pallet", "pallet", "c1", 10.0, 0.0, walk), _obs("drum", "cable_drum", "c1", 10.0, 5.0, walk),
           _obs("pallet", "pallet", "c2", 20.0, 0.0, walk), _obs("drum", "cable_drum", "c2", 20.0, 5.0, walk)]
    if seen_again:
        obs.append(_obs("tbox", "toolbox", "c3", 30.0, 60.0, attrs=red))
    last, bearing = (38.0, 60.0) if seen_again else (8.0, 0.0)
    entities = [EntityRecord(entity_id=e, camera_id=CAM, label=label, first_seen=t0, last_seen=t1, bearing_deg=b,
                             attributes=a, observations=1)
                for e, label, t0, t1, b, a in (("tbox", "toolbox", 0.0, last, bearing, red), ("pallet", "pallet", 10.0, 28.0, 0.0, {}),
                                               ("drum", "cable_drum", 10.0, 28.0, 5.0, {}))]  # fmt: skip
    return _answering(obs, entities)


def test_a_thing_seen_at_another_bearing_after_a_walk_is_still_where_it_was() -> None:
    ans = _parser(walk=1.8).answer("Is the red toolbox still where it was?", CAM, at=45.0)
    assert ans.yes_no is True, ans.answer


def test_a_thing_seen_at_another_bearing_with_no_walk_between_has_moved() -> None:
    ans = _parser(walk=1.05).answer("Is the red toolbox still where it was?", CAM, at=45.0)
    assert ans.yes_no is False, ans.answer


def test_its_place_looked_at_empty_after_a_walk_is_no_sign_it_went() -> None:
    """Looking along the old bearing from where the wearer walked to shows another spot."""
    assert _parser(walk=1.8, seen_again=False).answer("Is the red toolbox still where it was?", CAM, at=45.0).yes_no is True
    assert _parser(walk=1.05, seen_again=False).answer("Is the red toolbox still where it was?", CAM, at=45.0).yes_no is False


def _walk_away_and_back(back: bool) -> QuestionParser:
    """The red toolbox put at bearing 0 beside a pallet (20) and a cable drum (-20) at 0-8 s; a walk (two clips of
    things growing); then, at 30-38 s, the pallet and drum at their bearings and sizes again (back where he stood)
    or somewhere else entirely; the toolbox not seen again, its bearing in view all along."""
    red = {"colour": "red"}
    obs = [_obs("tbox", "toolbox", "c0", 0.0, 0.0, attrs=red), _obs("pallet", "pallet", "c0", 0.0, 20.0),
           _obs("drum", "cable_drum", "c0", 0.0, -20.0),
           _obs("barrier", "barrier", "c1", 10.0, 0.0, 1.8), _obs("skip", "skip", "c1", 10.0, 5.0, 1.8),
           _obs("barrier", "barrier", "c2", 20.0, 0.0, 1.8), _obs("skip", "skip", "c2", 20.0, 5.0, 1.8),
           _obs("pallet", "pallet", "c3", 30.0, 20.0 if back else 90.0), _obs("drum", "cable_drum", "c3", 30.0, -20.0)]
    entities = [EntityRecord(entity_id=e, camera_id=CAM, label=label, first_seen=0.0, last_seen=38.0, bearing_deg=0.0,
                             attributes={}, observations=1)
                for e, label in (("pallet", "pallet"), ("drum", "cable_drum"), ("barrier", "barrier"), ("skip", "skip"))]
    entities.append(EntityRecord(entity_id="tbox", camera_id=CAM, label="toolbox", first_seen=0.0, last_seen=8.0,
                                 bearing_deg=0.0, attributes=red, observations=1))  # fmt: skip
    return _answering(obs, entities)


def test_back_where_he_stood_after_a_walk_its_empty_place_says_it_went() -> None:
    """Two still things seen again at their bearings and sizes: the wearer stands where he did, so its bearing
    points at its place again, and the place is empty."""
    assert _walk_away_and_back(back=True).answer("Is the red toolbox still where it was?", CAM, at=45.0).yes_no is False
    assert _walk_away_and_back(back=False).answer("Is the red toolbox still where it was?", CAM, at=45.0).yes_no is True


def _barrow(state: str, attrs: dict[str, object] | None = None) -> QuestionParser:
    """A wheelbarrow seen 0-8 s, its boxes in the middle 4 s in `state` (from 2 s), in no other state; no world event."""
    boxes = [TimedBox(t=round(0.2 * i, 2), bbox=(300.0, 200.0, 340.0, 240.0), state=state if 10 <= i < 30 else "on_ground")
             for i in range(41)]  # fmt: skip
    obs = [ObservationRecord(observation_id="c0/barrow", entity_id="barrow", camera_id=CAM, clip_id="c0", label="wheelbarrow",
                             t_start=0.0, t_end=8.0, bearing_deg=0.0, state="on_ground", attributes=attrs or {},
                             boxes=boxes)]  # fmt: skip
    entities = [EntityRecord(entity_id="barrow", camera_id=CAM, label="wheelbarrow", first_seen=0.0, last_seen=8.0,
                             bearing_deg=0.0, attributes=attrs or {}, observations=1)]  # fmt: skip
    return _answering(obs, entities)


def test_a_thing_s_image_motion_is_not_its_moving() -> None:
    """"Moving" with nothing saying so is the image's motion, which the wearer walking past or turning causes: not
    a time the thing moved. Carried, or said to move (a plant's telemetry), it is."""
    ask = "When did the wheelbarrow move?"
    assert _barrow("moving").answer(ask, CAM, at=20.0).time is None
    assert _barrow("carried").answer(ask, CAM, at=20.0).time == 2.0
    assert _barrow("moving", {"moving": True}).answer(ask, CAM, at=20.0).time == 2.0


def _barrow_sliding(turning: bool) -> QuestionParser:
    """A wheelbarrow seen 0-8 s in 640-px frames (90 deg across), 'moving' in the picture from 2 s to 6 s, sliding
    200 px left at its size; the heading still (it was pushed) or turning left as fast (the wearer turned)."""
    boxes = [TimedBox(t=round(0.2 * i, 2), bbox=(x, 200.0, x + 60.0, 240.0), state="moving" if 10 <= i < 30 else "on_ground")
             for i in range(41) for x in [400.0 - 200.0 * min(max(i - 10, 0), 20) / 20]]  # fmt: skip
    obs = [ObservationRecord(observation_id="c0/barrow", entity_id="barrow", camera_id=CAM, clip_id="c0", label="wheelbarrow",
                             t_start=0.0, t_end=8.0, bearing_deg=0.0, state="on_ground", boxes=boxes)]  # fmt: skip
    entities = [EntityRecord(entity_id="barrow", camera_id=CAM, label="wheelbarrow", first_seen=0.0, last_seen=8.0,
                             bearing_deg=0.0, observations=1)]  # fmt: skip
    store = SqliteGraphStore(":memory:")
    store.init()
    store.write(GraphWrite(clips=[ClipRecord(clip_id="c0", camera_id=CAM, t_start=0.0, t_end=10.0, width=640, height=360)],
                           entities=entities, observations=obs))  # fmt: skip

    def heading(_cam: str, t: float) -> float:  # the slide's 200 px is about 30 deg of a 90-deg, 640-px view
        return 30.0 * min(max(t - 2.0, 0.0), 4.0) / 4.0 if turning else 0.0

    return QuestionParser(GraphTools(store, heading), load_embedder=False, hfov_deg=90.0)


def test_a_thing_that_slides_across_a_still_view_moved_then() -> None:
    """Its image motion that the wearer's turning does not explain: moved when the slide began. Turning as fast,
    the wearer swept the view past a still thing."""
    ask = "When did the wheelbarrow move?"
    assert _barrow_sliding(turning=False).answer(ask, CAM, at=20.0).time == 2.0
    assert _barrow_sliding(turning=True).answer(ask, CAM, at=20.0).time is None
