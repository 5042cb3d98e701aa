"""Identity: GEB's rule (theta_cons / theta_match / separation) behind VISTA's spatial gates."""

from __future__ import annotations

import math

from spotter.graph.base import EntityRecord, ObservationRecord
from spotter.messages import TimedBox
from spotter.world.identity import Candidate, IdentityResolver, Probe, cosine, shown_apart
from spotter.world.labels import canonical_label
from spotter.world.settings import WorldSettings

BOX = (100.0, 100.0, 140.0, 200.0)
FAR_BOX = (400.0, 100.0, 440.0, 200.0)


def _unit(angle_deg: float) -> tuple[float, float]:
    """A 2-D descriptor whose cosine to _unit(0) is cos(angle)."""
    r = math.radians(angle_deg)
    return (math.cos(r), math.sin(r))


def _entity(
    eid: str, label: str, bearing: float, last_seen: float = 10.0, distance: float = 0.5
) -> EntityRecord:
    return EntityRecord(
        entity_id=eid,
        camera_id="cam",
        label=label,
        first_seen=0.0,
        last_seen=last_seen,
        bearing_deg=bearing,
        distance=distance,
        observations=1,
    )


def _ref(
    eid: str,
    bearing: float,
    appearance: tuple[float, ...] = (),
    clip: str = "c0",
    boxes: tuple[TimedBox, ...] = (TimedBox(t=1.0, bbox=BOX),),
    track: str = "1",
    attributes: dict[str, str] | None = None,
) -> ObservationRecord:
    return ObservationRecord(
        observation_id=f"{clip}/{track}",
        entity_id=eid,
        camera_id="cam",
        clip_id=clip,
        label="toolbox",
        t_start=boxes[0].t,
        t_end=boxes[-1].t,
        bearing_deg=bearing,
        distance=0.5,
        boxes=list(boxes),
        appearance=list(appearance),
        attributes=dict(attributes or {}),
    )


def _probe(
    label: str,
    bearing: float,
    appearance: tuple[float, ...] = (),
    clip: str = "c9",
    t: float = 200.0,
    boxes: tuple[TimedBox, ...] | None = None,
    distance: float = 0.5,
    track: str | None = None,
) -> Probe:
    bx = boxes or (TimedBox(t=t, bbox=BOX),)
    return Probe(
        label=label,
        clip_id=clip,
        t_start=bx[0].t,
        bearing_deg=bearing,
        bearings=(bearing,),
        distance=distance,
        boxes=bx,
        appearance=appearance,
        external_track=track,
    )


def test_lookalikes_at_different_bearings_stay_separate() -> None:
    resolver = IdentityResolver()
    look = _unit(0)
    a = Candidate(_entity("a", "toolbox", 0.0), [_ref("a", 0.0, look)])
    # Identical appearance, 120 degrees away: the spatial gate keeps them apart.
    assert resolver.resolve(_probe("toolbox", 120.0, look), [a]) is None
    # Even 45 degrees away (just past the 40-degree gate for things).
    assert resolver.resolve(_probe("toolbox", 45.0, look), [a]) is None
    # People have a tighter gate: 25 degrees is too far for a worker.
    w = Candidate(_entity("w", "worker", 0.0), [_ref("w", 0.0, look)])
    assert resolver.resolve(_probe("worker", 25.0, look), [w]) is None
    assert resolver.resolve(_probe("worker", 15.0, look), [w]) is not None


def test_same_object_after_minutes_at_same_bearing_joins() -> None:
    resolver = IdentityResolver()
    a = Candidate(_entity("a", "toolbox", 30.0, last_seen=10.0), [_ref("a", 30.0, _unit(0))])
    # Three minutes later, slightly different view, and a different distance (the wearer walked).
    m = resolver.resolve(_probe("toolbox", 33.0, _unit(10), t=190.0, distance=0.9), [a])
    assert m is not None and m.entity_id == "a" and m.reason == "appearance"


def test_distance_gate_only_soon_after_last_seen() -> None:
    resolver = IdentityResolver()
    a = Candidate(_entity("a", "toolbox", 30.0, last_seen=10.0, distance=0.2), [_ref("a", 30.0)])
    assert resolver.resolve(_probe("toolbox", 30.0, t=12.0, distance=0.9), [a]) is None
    assert resolver.resolve(_probe("toolbox", 30.0, t=60.0, distance=0.9), [a]) is not None


def test_theta_cons_to_every_reference_and_theta_match_to_one() -> None:
    s = WorldSettings(theta_cons=0.8, theta_match=0.9)
    resolver = IdentityResolver(s)
    refs = [_ref("a", 0.0, _unit(0), clip="c1"), _ref("a", 0.0, _unit(30), clip="c2")]
    a = Candidate(_entity("a", "toolbox", 0.0), refs)
    # cos 20 = 0.94 to ref 1, cos 10 = 0.98 to ref 2: joins.
    assert resolver.resolve(_probe("toolbox", 0.0, _unit(20)), [a]) is not None
    # cos 40 = 0.77 to ref 1 < theta_cons although cos 10 = 0.98 to ref 2: rejected.
    assert resolver.resolve(_probe("toolbox", 0.0, _unit(40)), [a]) is None
    # Consistent (>= 0.8 to both: cos 15 / cos 15 = 0.966) -> joins; all ~0.85 but none >= 0.9: rejected.
    assert resolver.resolve(_probe("toolbox", 0.0, _unit(15)), [a]) is not None
    b = Candidate(
        _entity("b", "toolbox", 0.0), [_ref("b", 0.0, _unit(0)), _ref("b", 0.0, _unit(0), clip="c3")]
    )
    assert resolver.resolve(_probe("toolbox", 0.0, _unit(30)), [b]) is None  # cos 30 = 0.866 < theta_match


def test_best_by_mean_similarity() -> None:
    resolver = IdentityResolver()
    a = Candidate(_entity("a", "toolbox", 0.0), [_ref("a", 0.0, _unit(20))])
    b = Candidate(_entity("b", "toolbox", 10.0), [_ref("b", 10.0, _unit(2))])
    m = resolver.resolve(_probe("toolbox", 5.0, _unit(0)), [a, b])
    assert m is not None and m.entity_id == "b"


def test_separation_veto_in_the_same_clip() -> None:
    resolver = IdentityResolver()
    same_clip = _ref(
        "a", 0.0, _unit(0), clip="c9", boxes=(TimedBox(t=5.0, bbox=BOX), TimedBox(t=6.0, bbox=BOX))
    )
    a = Candidate(_entity("a", "toolbox", 0.0), [same_clip])
    apart = (TimedBox(t=5.0, bbox=FAR_BOX), TimedBox(t=6.0, bbox=FAR_BOX))
    # Co-visible in the same frames, boxes apart: two things, whatever the appearance says.
    assert resolver.resolve(_probe("toolbox", 0.0, _unit(0), clip="c9", boxes=apart), [a]) is None
    # Overlapping boxes in the shared frames: no separation evidence.
    together = (TimedBox(t=5.0, bbox=BOX), TimedBox(t=6.0, bbox=BOX))
    assert resolver.resolve(_probe("toolbox", 0.0, _unit(0), clip="c9", boxes=together), [a]) is not None
    # No shared frame (a fragmented track): no evidence either way, may join.
    later = (TimedBox(t=7.0, bbox=FAR_BOX),)
    assert resolver.resolve(_probe("toolbox", 0.0, _unit(0), clip="c9", boxes=later), [a]) is not None


def test_external_track_id_is_strong_evidence_but_not_against_separation() -> None:
    resolver = IdentityResolver()
    ref = _ref("a", 0.0, _unit(0), attributes={"track_id": "7"})
    a = Candidate(_entity("a", "worker", 0.0), [ref], external_tracks=frozenset({"7"}))
    # 50 degrees and a poor appearance match, but the detector's track says it is the same worker.
    m = resolver.resolve(_probe("worker", 50.0, _unit(60), track="7"), [a])
    assert m is not None and m.reason == "track"
    assert resolver.resolve(_probe("worker", 50.0, _unit(60), track="8"), [a]) is None
    # Same track id, but shown apart in shared frames of the same clip: vetoed.
    same_clip = _ref("a", 0.0, _unit(0), clip="c9", boxes=(TimedBox(t=5.0, bbox=BOX),))
    a2 = Candidate(_entity("a", "worker", 0.0), [same_clip], external_tracks=frozenset({"7"}))
    probe = _probe("worker", 0.0, _unit(0), clip="c9", boxes=(TimedBox(t=5.0, bbox=FAR_BOX),), track="7")
    assert resolver.resolve(probe, [a2]) is None


def test_a_tracking_detector_s_vest_colour_tells_people_apart() -> None:
    """A plain tracker's new id after a gap says nothing, but the vest it saw does: a yellow vest where
    an orange one was is someone else; a hat is not evidence (it comes off)."""
    resolver = IdentityResolver()
    ref = _ref("w", 0.0, attributes={"ext_track_id": "3", "vest": "orange"})
    w = Candidate(_entity("w", "worker", 0.0), [ref], external_tracks=frozenset({"3"}))

    def probe(vest: str | None, track: str | None = "9") -> Probe:
        p = _probe("worker", 5.0, track=track)
        return Probe(**{**{f: getattr(p, f) for f in p.__slots__}, "vest": vest, "id_memory_s": 0.0})

    assert resolver.resolve(probe("orange"), [w]) is not None  # same clothes, same place: the same one
    assert resolver.resolve(probe("yellow"), [w]) is None
    assert resolver.resolve(probe(None), [w]) is not None  # no colour seen: no evidence
    # the built-in detector's colour heuristic (no track ids) mixes orange and yellow: not trusted
    assert resolver.resolve(probe("yellow", track=None), [w]) is not None


def test_no_descriptors_falls_back_to_the_spatial_gate() -> None:
    resolver = IdentityResolver()
    a = Candidate(_entity("a", "ladder", 30.0), [_ref("a", 30.0)])
    m = resolver.resolve(_probe("ladder", 35.0), [a])
    assert m is not None and m.reason == "spatial"
    assert resolver.resolve(_probe("ladder", 90.0), [a]) is None
    # Labels must match (after synonyms).
    assert resolver.resolve(_probe("toolbox", 30.0), [a]) is None
    assert canonical_label("Person") == "worker" and canonical_label("step ladder") == "ladder"


def test_carried_things_may_be_anywhere() -> None:
    resolver = IdentityResolver()
    d = Candidate(_entity("d", "drill", 0.0), [_ref("d", 0.0, _unit(0))], carried=True)
    assert resolver.resolve(_probe("drill", 150.0, _unit(0)), [d]) is not None


def test_moved_needs_strong_appearance_and_evidence_of_absence() -> None:
    resolver = IdentityResolver()
    a = Candidate(_entity("a", "ladder", 30.0), [_ref("a", 30.0, _unit(0))])
    probe = _probe("ladder", 100.0, _unit(5))
    assert resolver.resolve(probe, [a]) is None
    assert resolver.resolve_moved(probe, [a], lambda _e: False) is None
    m = resolver.resolve_moved(probe, [a], lambda _e: True)
    assert m is not None and m.reason == "moved" and m.entity_id == "a"
    # Weak appearance (cos 30 = 0.87 < theta_move) or no descriptors: no move, a new entity.
    assert resolver.resolve_moved(_probe("ladder", 100.0, _unit(30)), [a], lambda _e: True) is None
    assert resolver.resolve_moved(_probe("ladder", 100.0), [a], lambda _e: True) is None
    # People never 'move' as an event.
    w = Candidate(_entity("w", "worker", 30.0), [_ref("w", 30.0, _unit(0))])
    assert resolver.resolve_moved(_probe("worker", 100.0, _unit(0)), [w], lambda _e: True) is None


def test_helpers() -> None:
    assert cosine((1.0, 0.0), (0.0, 1.0)) == 0.0
    assert cosine((1.0,), (1.0, 0.0)) is None
    assert cosine((), (1.0,)) is None
    a = [TimedBox(t=1.0, bbox=BOX)]
    assert not shown_apart(a, [TimedBox(t=2.0, bbox=FAR_BOX)], iou_below=0.1, tol_s=0.02)
    assert shown_apart(a, [TimedBox(t=1.01, bbox=FAR_BOX)], iou_below=0.1, tol_s=0.02)


# --- a person seen again elsewhere (resolve_returning) ----------------------------------------


def _person(eid: str, bearing: float, appearance: tuple[float, ...]) -> Candidate:
    return Candidate(_entity(eid, "worker", bearing), (_ref(eid, bearing, appearance),))


def test_a_person_who_walked_past_the_gate_is_re_identified_by_appearance() -> None:
    resolver = IdentityResolver()
    probe = _probe("worker", 90.0, _unit(10))  # 80 deg from where the worker was last seen
    known = _person("cam/e/w1", 10.0, _unit(0))  # cos 10 deg = 0.985 >= theta_reid
    assert resolver.resolve(probe, [known]) is None  # the usual gates: too far
    match = resolver.resolve_returning(probe, [known])
    assert match is not None and match.entity_id == "cam/e/w1" and match.reason == "returning"


def test_two_look_alike_people_stay_apart_rather_than_merge() -> None:
    resolver = IdentityResolver()
    probe = _probe("worker", 90.0, _unit(10))
    a, b = _person("cam/e/w1", 10.0, _unit(0)), _person("cam/e/w2", 200.0, _unit(12))
    assert resolver.resolve_returning(probe, [a, b]) is None  # 0.985 vs 0.999: ambiguous
    c = _person("cam/e/w3", 200.0, _unit(60))  # clearly someone else (cos 50 deg = 0.64)
    match = resolver.resolve_returning(probe, [a, c])
    assert match is not None and match.entity_id == "cam/e/w1"


def test_re_identification_needs_a_strong_likeness_and_is_for_people_only() -> None:
    resolver = IdentityResolver()
    assert resolver.resolve_returning(_probe("worker", 90.0, _unit(35)), [_person("cam/e/w1", 10.0, _unit(0))]) is None
    toolbox = Candidate(_entity("cam/e/t1", "toolbox", 10.0), (_ref("cam/e/t1", 10.0, _unit(0)),))
    assert resolver.resolve_returning(_probe("toolbox", 90.0, _unit(1)), [toolbox]) is None
    off = IdentityResolver(WorldSettings(reid_people=False))
    assert off.resolve_returning(_probe("worker", 90.0, _unit(1)), [_person("cam/e/w1", 10.0, _unit(0))]) is None
    no_descriptor = _person("cam/e/w1", 10.0, ())
    assert resolver.resolve_returning(_probe("worker", 90.0, ()), [no_descriptor]) is None


def _dressed(eid: str, bearing: float, vest: str, hat: str, t: float = 1.0, track: str = "3") -> Candidate:
    """A person in view from t to t + 5 s under one detector track."""
    ref = _ref(eid, bearing, boxes=(TimedBox(t=t, bbox=BOX), TimedBox(t=t + 5.0, bbox=BOX)), track=track,
               attributes={"ext_track_id": track, "vest": vest, "hat_colour": hat})  # fmt: skip
    return Candidate(_entity(eid, "worker", bearing, last_seen=t + 5.0), (ref,), external_tracks=frozenset({track}))


def _dressed_probe(bearing: float, vest: str, hat: str, t: float = 60.0, track: str = "9") -> Probe:
    p = _probe("worker", bearing, t=t, track=track)
    return Probe(**{**{f: getattr(p, f) for f in p.__slots__}, "vest": vest, "hat": hat, "id_memory_s": 5.0})


def test_a_new_track_id_vetoes_only_within_the_detector_s_memory() -> None:
    """A tracker that kept an id through a 5 s absence gives a new one only after a longer one: a new id
    4 s after the entity was last seen is someone else, one 60 s later says nothing."""
    resolver = IdentityResolver()
    known = _dressed("cam/e/w1", 10.0, "orange", "red", t=1.0)  # last seen at 6 s
    assert resolver.resolve(_dressed_probe(12.0, "orange", "red", t=10.0), [known]) is None
    assert resolver.resolve(_dressed_probe(12.0, "orange", "red", t=60.0), [known]) is not None
    later = _dressed_probe(12.0, "orange", "red", t=60.0)
    forever = Probe(**{**{f: getattr(later, f) for f in later.__slots__}, "id_memory_s": math.inf})
    assert resolver.resolve(forever, [known]) is None  # a re-identifying detector: its new id is a new person


def test_without_descriptors_a_tracking_detector_s_clothes_re_identify_a_person() -> None:
    resolver = IdentityResolver()
    probe = _dressed_probe(100.0, "yellow", "blue")  # 90 deg from where the electrician was last seen
    sparky = _dressed("cam/e/w1", 10.0, "yellow", "blue", t=40.0)
    joiner = _dressed("cam/e/w2", 100.0, "orange", "red", t=40.0, track="4")
    assert resolver.resolve(probe, [sparky, joiner]) is None  # the usual gates: too far, other clothes
    match = resolver.resolve_returning(probe, [sparky, joiner])
    assert match is not None and match.entity_id == "cam/e/w1" and match.reason == "returning"
    # two known people so dressed, once in view together: which one came back is not known
    twin = _dressed("cam/e/w3", 200.0, "yellow", "blue", t=41.0, track="5")
    assert resolver.resolve_returning(probe, [sparky, twin]) is None
    # one person split before (never in view together): the one seen last
    earlier = _dressed("cam/e/w0", 200.0, "yellow", "blue", t=1.0, track="2")
    match = resolver.resolve_returning(probe, [earlier, sparky])
    assert match is not None and match.entity_id == "cam/e/w1"
    # a hat not read, or colours from a detector without tracks: no evidence
    assert resolver.resolve_returning(_dressed_probe(100.0, "yellow", "none"), [sparky]) is None
    untracked = Probe(**{**{f: getattr(probe, f) for f in probe.__slots__}, "external_track": None})
    assert resolver.resolve_returning(untracked, [sparky]) is None


def test_the_distance_gate_compares_where_a_person_went_out_of_view_with_where_they_came_back() -> None:
    """A worker who walked towards the camera: the means of the two sightings differ, the ends agree."""
    resolver = IdentityResolver()
    w = Candidate(_entity("w", "worker", 0.0, last_seen=10.0, distance=0.62), [_ref("w", 0.0)])
    probe = _probe("worker", 5.0, t=15.0, distance=0.28)
    assert resolver.resolve(probe, [w]) is None
    ends = Candidate(w.entity, w.refs, last_distance=0.35)
    came = Probe(**{**{f: getattr(probe, f) for f in probe.__slots__}, "distance_first": 0.33})
    assert resolver.resolve(came, [ends]) is not None
    assert resolver.resolve(came, [Candidate(w.entity, w.refs, last_distance=0.7)]) is None


def test_a_hard_hat_of_another_colour_is_someone_else_s_but_a_missing_one_says_nothing() -> None:
    resolver = IdentityResolver()
    known = _dressed("cam/e/w1", 10.0, "orange", "white", t=1.0)
    assert resolver.resolve(_dressed_probe(12.0, "orange", "white"), [known]) is not None
    assert resolver.resolve(_dressed_probe(12.0, "orange", "orange"), [known]) is None
    assert resolver.resolve(_dressed_probe(12.0, "orange", "none"), [known]) is not None  # took it off
