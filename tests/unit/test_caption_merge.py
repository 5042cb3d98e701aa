"""Merging VLM entities into tracked observations, and parsing the VLM reply."""

from __future__ import annotations

import pytest

from spotter.caption.errors import CaptionError
from spotter.caption.merge import VLM_ONLY_SCORE, VlmEntity, VlmRelation, merge_entities
from spotter.caption.vlm import KeyframeImage, parse_reply, select_keyframes
from spotter.messages import Observation, Relation, TimedBox


def tracked() -> list[Observation]:
    worker = Observation(
        track="t0", label="worker", state="active", attributes={"hardhat": True},
        boxes=[TimedBox(t=1.0, bbox=(0, 0, 100, 200)), TimedBox(t=2.0, bbox=(400, 0, 500, 200))],
    )
    ladder = Observation(track="t1", label="ladder", boxes=[TimedBox(t=2.0, bbox=(700, 0, 800, 400))])
    return [worker, ladder]


def test_match_by_track_id_enriches_without_overwriting_tracked_values() -> None:
    ent = VlmEntity(track="t0", label="worker", bbox=[0, 0, 10, 10], attributes={"hardhat": False, "vest": True},
                    state="idle", description="worker cutting rebar")
    merged = merge_entities(tracked(), [ent], t=2.0)
    w = merged[0]
    assert w.track == "t0" and w.boxes == tracked()[0].boxes
    assert w.attributes == {"hardhat": True, "vest": True}
    assert w.state == "active" and w.description == "worker cutting rebar"
    assert len(merged) == 2


def test_match_by_iou_at_keyframe_time() -> None:
    # At t=2 the worker is at x 400-500; at t=1 it was at 0-100: the box nearest the keyframe counts.
    ent = VlmEntity(track=None, label="person", bbox=[405, 5, 505, 205], description="on phone",
                    relations=[VlmRelation(predicate="near", object_track="t1")])
    merged = merge_entities(tracked(), [ent], t=2.0)
    assert [o.track for o in merged] == ["t0", "t1"]
    assert merged[0].description == "on phone"
    assert merged[0].relations == [Relation(predicate="near", object_track="t1")]
    # Same box, but the keyframe is at t=1: no overlap, so a new observation.
    merged = merge_entities(tracked(), [ent], t=1.0)
    assert merged[0].description == ""


def test_unmatched_entity_becomes_single_box_observation_and_relations_follow_aliases() -> None:
    cone = VlmEntity(track="cone_a", label="Traffic Cone", bbox=[900, 300, 950, 400], state="on_ground",
                     attributes={"color": "orange"})
    ladder = VlmEntity(track=None, label="ladder", bbox=[700, 0, 800, 400],
                       relations=[VlmRelation(predicate="near", object_track="cone_a"),
                                  VlmRelation(predicate="near", object_track="ghost")])
    merged = merge_entities(tracked(), [cone, ladder], t=2.0)
    assert [o.track for o in merged] == ["t0", "t1", "v0"]
    new = merged[2]
    assert new.label == "traffic_cone" and new.boxes == [TimedBox(t=2.0, bbox=(900, 300, 950, 400))]
    assert new.score == VLM_ONLY_SCORE and new.state == "on_ground" and new.attributes == {"color": "orange"}
    assert merged[1].relations == [Relation(predicate="near", object_track="v0")]


def test_parse_reply_rejects_bad_json_and_schema() -> None:
    ok = parse_reply('```json\n{"caption": "A worker.", "entities": []}\n```')
    assert ok.caption == "A worker."
    with pytest.raises(CaptionError, match="not JSON"):
        parse_reply("{caption: nope")
    with pytest.raises(CaptionError, match="schema"):
        parse_reply('{"caption": "x", "entities": [{"label": "worker", "bbox": [1, 2, 3]}]}')
    with pytest.raises(CaptionError, match="schema"):
        parse_reply('{"caption": "x", "entities": [{"label": "worker", "bbox": [5, 5, 1, 1]}]}')


def test_select_keyframes_spreads_and_keeps_the_last() -> None:
    frames = [KeyframeImage(t=float(i), jpeg=b"x") for i in range(10)]
    assert [k.t for k in select_keyframes(frames, 4)] == [0.0, 3.0, 6.0, 9.0]
    assert [k.t for k in select_keyframes(frames, 1)] == [9.0]
    assert len(select_keyframes(frames[:2], 4)) == 2
