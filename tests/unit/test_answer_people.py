"""People remembered as several entities, and of several people the one a question's state fits: answered
from a real (SQLite) graph."""

from __future__ import annotations

from spotter.answer.parser import QuestionParser
from spotter.graph.base import ClipRecord, EntityRecord, GraphWrite, ObservationRecord
from spotter.graph.sqlite import SqliteGraphStore
from spotter.messages import TimedBox
from spotter.tools import GraphTools

CAM = "cam-people"
BOX = (300.0, 200.0, 340.0, 320.0)


def _obs(eid: str, clip: str, t0: float, t1: float, attrs: dict[str, object], hardhat: bool | None = True) -> ObservationRecord:
    boxes = [TimedBox(t=round(t0 + 0.2 * i, 2), bbox=BOX, hardhat=hardhat) for i in range(int(round((t1 - t0) / 0.2)) + 1)]
    return ObservationRecord(observation_id=f"{clip}/{eid}", entity_id=eid, camera_id=CAM, clip_id=clip, label="worker",
                             t_start=t0, t_end=t1, bearing_deg=0.0, attributes=attrs, boxes=boxes)  # fmt: skip


def _entity(eid: str, t0: float, t1: float, attrs: dict[str, object]) -> EntityRecord:
    return EntityRecord(entity_id=eid, camera_id=CAM, label="worker", first_seen=t0, last_seen=t1, bearing_deg=0.0,
                        attributes=attrs, observations=1)  # fmt: skip


def _parser(observations: list[ObservationRecord], entities: list[EntityRecord]) -> QuestionParser:
    store = SqliteGraphStore(":memory:")
    store.init()
    clips = sorted({(o.clip_id, o.t_start, o.t_end) for o in observations})
    store.write(GraphWrite(clips=[ClipRecord(clip_id=c, camera_id=CAM, t_start=a, t_end=b) for c, a, b in clips],
                           entities=entities, observations=observations))  # fmt: skip
    return QuestionParser(GraphTools(store, lambda _cam, _t: 0.0), load_embedder=False)


def test_a_person_remembered_as_two_entities_left_after_the_last_was_seen() -> None:
    # the engineer is seen 100-136 s, then (a new track after a gap: a second entity) 200-283 s, then not again
    blue = {"vest": "blue", "hat_colour": "black", "hardhat": True}
    parser = _parser([_obs("eng-a", "c1", 100.0, 136.0, blue), _obs("eng-b", "c2", 200.0, 283.0, blue),
                      _obs("other", "c3", 290.0, 298.0, {"vest": "orange"})],
                     [_entity("eng-a", 100.0, 136.0, blue), _entity("eng-b", 200.0, 283.0, blue),
                      _entity("other", 290.0, 298.0, {"vest": "orange"})])  # fmt: skip
    ans = parser.answer("What time did the engineer in the blue vest leave?", CAM, at=298.0)
    assert ans.time is not None and abs(ans.time - 283.0) < 0.5


def test_of_several_people_the_words_fit_the_one_who_took_the_hat_off() -> None:
    white = {"vest": "orange", "hat_colour": "white", "hardhat": True}
    fixer = {"vest": "yellow", "hat_colour": "white", "hardhat": True}
    obs = [_obs("bank", f"c{k}", 10.0 * k, 10.0 * k + 8.0, white) for k in range(1, 6)]  # seen more: listed first
    obs += [_obs("fixer", "c2", 20.0, 28.0, fixer), _obs("fixer", "c3", 30.0, 38.0, fixer, hardhat=False),
            _obs("fixer", "c4", 40.0, 48.0, fixer)]  # fmt: skip
    parser = _parser(obs, [_entity("bank", 10.0, 58.0, white), _entity("fixer", 20.0, 48.0, fixer)])
    ans = parser.answer("How long was the fixer in the white hat working without it?", CAM, at=60.0)
    assert ans.duration_s is not None and abs(ans.duration_s - 8.0) < 0.5


def test_a_tracker_s_new_id_counts_as_someone_else_only_within_its_memory() -> None:
    """The tracker kept id 1 through a 4 s absence, so it remembers people about that long: a worker so dressed
    under a new id a minute later may be the same one come back; one 2 s after the other is someone else."""
    def attrs(track: str, vest: str) -> dict[str, object]:
        return {"vest": vest, "hat_colour": "red", "hardhat": True, "ext_track_id": track}

    def count(second_start: float) -> int | None:
        obs = [_obs("e1", "c1", 0.0, 10.0, attrs("1", "yellow")), _obs("e1", "c2", 14.0, 20.0, attrs("1", "yellow")),
               _obs("e2", "c3", 30.0, 40.0, attrs("2", "orange")),
               _obs("e3", "c4", second_start, second_start + 8.0, attrs("3", "orange"))]  # fmt: skip
        ents = [_entity("e1", 0.0, 20.0, attrs("1", "yellow")), _entity("e2", 30.0, 40.0, attrs("2", "orange")),
                _entity("e3", second_start, second_start + 8.0, attrs("3", "orange"))]  # fmt: skip
        return _parser(obs, ents).answer("How many different workers have you seen?", CAM, at=120.0).count

    assert count(100.0) == 2
    assert count(42.0) == 3


def test_a_hat_taken_off_late_in_one_sighting_is_dated_by_its_first_frame_off() -> None:
    """The hard hat comes off at 15 s, in the sighting of 10-20 s that is mostly with it on; the world dates the change
    by the next sighting (20 s), which is all without it. When it came off is 15 s, the first frame of the run."""
    from spotter.graph.base import EventRecord

    fixer = {"vest": "yellow", "hat_colour": "white", "hardhat": True}
    first = _obs("fixer", "c1", 10.0, 20.0, fixer)
    first = first.model_copy(update={"boxes": [b.model_copy(update={"hardhat": b.t < 15.0}) for b in first.boxes]})
    obs = [first, _obs("fixer", "c2", 20.0, 30.0, {**fixer, "hardhat": False}, hardhat=False)]
    parser = _parser(obs, [_entity("fixer", 10.0, 30.0, fixer)])
    parser.store.write(GraphWrite(events=[EventRecord(event_id="e1", camera_id=CAM, t=20.0, kind="ppe_off", entity_id="fixer",
                                                      label="worker", clip_id="c2")]))  # fmt: skip
    ans = parser.answer("When did the fixer take his hard hat off?", CAM, at=31.0)
    assert ans.time is not None and abs(ans.time - 15.0) < 0.3, ans.answer

