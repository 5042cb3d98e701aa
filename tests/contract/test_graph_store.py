"""The GraphStore contract (spotter/graph/base.py), checked on every backend (conftest.py).

A backend passes when it returns exactly the same records, in the same order, as the
protocol's docstrings say; nothing here knows which backend it is talking to.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from pydantic import ValidationError

from spotter.graph import (
    ClipRecord,
    ClipStats,
    EdgeRecord,
    EntityRecord,
    EpisodeRecord,
    EventRecord,
    GraphStore,
    GraphStoreError,
    GraphWrite,
    ObservationRecord,
    RelationRecord,
)
from spotter.messages import TimedBox

pytestmark = [pytest.mark.integration]

CAM = "cam0"


# --- record builders ------------------------------------------------------------------


def clip(i: int, cam: str = CAM, *, t0: float | None = None, dur: float = 10.0, **kw: Any) -> ClipRecord:
    start = i * 10.0 if t0 is None else t0
    return ClipRecord(clip_id=f"{cam}/c{i}", camera_id=cam, t_start=start, t_end=start + dur, **kw)


def entity(i: int, cam: str = CAM, *, first_seen: float = 0.0, label: str = "ladder", **kw: Any) -> EntityRecord:
    fields: dict[str, Any] = {"last_seen": first_seen + 5.0, "bearing_deg": 10.0 * i}
    fields.update(kw)
    return EntityRecord(entity_id=f"{cam}/e{i}", camera_id=cam, label=label, first_seen=first_seen, **fields)


def obs(
    clip_i: int, track: int, cam: str = CAM, *, entity_i: int = 0, t_start: float | None = None,
    t_end: float | None = None, label: str = "ladder", **kw: Any,
) -> ObservationRecord:  # fmt: skip
    start = clip_i * 10.0 if t_start is None else t_start
    return ObservationRecord(
        observation_id=f"{cam}/c{clip_i}/{track}", entity_id=f"{cam}/e{entity_i}", camera_id=cam,
        clip_id=f"{cam}/c{clip_i}", label=label, t_start=start, t_end=start + 10.0 if t_end is None else t_end,
        bearing_deg=15.0, **kw,
    )  # fmt: skip


def event(i: int, t: float, cam: str = CAM, *, kind: Any = "appeared", entity_i: int = 0, **kw: Any) -> EventRecord:
    return EventRecord(
        event_id=f"{cam}/ev{i}", camera_id=cam, t=t, kind=kind, entity_id=f"{cam}/e{entity_i}", label="ladder", **kw
    )


def edge(src: str, dst: str, kind: Any = "member_of", t: float = 0.0, cam: str = CAM, **kw: Any) -> EdgeRecord:
    return EdgeRecord(src=src, dst=dst, kind=kind, camera_id=cam, t=t, **kw)


def full_batch(cam: str = CAM) -> GraphWrite:
    """One of every record, with every optional field set somewhere and left unset elsewhere."""
    o = obs(
        0, 1, cam, state="carried", attributes={"hardhat": True, "vest": "orange", "n": 3, "h": 1.75},
        motion_px_s=4.5, description="a ladder", boxes=[TimedBox(t=0.5, bbox=(1.0, 2.0, 30.0, 40.0))],
        appearance=[0.25, -1.0, 3.5],
    )  # fmt: skip
    return GraphWrite(
        clips=[clip(0, cam, caption="worker carries a ladder", yaw_start_deg=-3.5, yaw_end_deg=12.25, width=960, height=540),
               clip(1, cam)],
        episodes=[
            EpisodeRecord(episode_id=f"{cam}/a0", camera_id=cam, level="activity", t_start=0, t_end=20, text="carry"),
            EpisodeRecord(episode_id=f"{cam}/s0", camera_id=cam, level="session", t_start=0, t_end=600, text="day"),
        ],
        entities=[
            entity(0, cam, distance=0.3, confidence=0.9, state="carried", attributes={"color": "red", "ok": False},
                   observations=7, description="aluminium ladder"),
            entity(1, cam, first_seen=3.0, label="worker"),
        ],  # fmt: skip
        observations=[o, obs(1, 1, cam, entity_i=1, label="worker")],
        edges=[
            edge(o.observation_id, f"{cam}/e0", "member_of", 0.0, cam),
            edge(o.observation_id, f"{cam}/c0", "in_clip", 0.0, cam),
            edge(f"{cam}/c0", f"{cam}/c1", "next", 10.0, cam),
            edge(f"{cam}/e1", f"{cam}/e0", "relation", 3.0, cam, predicate="holding", weight=0.5),
            edge(f"{cam}/e1", f"{cam}/e0", "relation", 4.0, cam, predicate="near"),
            edge(f"{cam}/e0", f"{cam}/e1", "co_visible", 3.0, cam),
            edge(f"{cam}/c0", f"{cam}/a0", "in_episode", 0.0, cam),
        ],
        events=[
            event(0, 0.0, cam, clip_id=f"{cam}/c0", bearing_deg=-45.0, detail={"from": "left", "speed": 1.5}),
            event(1, 3.0, cam, kind="picked_up", entity_i=1),
        ],
    )


def snapshot(store: GraphStore, cam: str = CAM) -> dict[str, Any]:
    """Everything one camera's memory holds, through the protocol's reads."""
    entities = store.entities(cam)
    ids = [e.entity_id for e in entities]
    ids += [o.observation_id for o in store.observations(cam)] + [c.clip_id for c in store.clips(cam)]
    ids += [e.episode_id for e in store.episodes(cam)]
    return {
        "entities": entities,
        "observations": store.observations(cam),
        "events": store.events(cam),
        "clips": store.clips(cam),
        "episodes": store.episodes(cam),
        "edges": store.edges(ids),
    }


def ids(records: list[Any], key: str) -> list[str]:
    return [getattr(r, key) for r in records]


# --- round trip, idempotence, atomicity --------------------------------------------------


def test_round_trip_of_every_record_type(graph_store: GraphStore) -> None:
    batch = full_batch()
    graph_store.write(batch)

    assert graph_store.clips(CAM) == batch.clips
    assert graph_store.episodes(CAM) == batch.episodes
    assert graph_store.entities(CAM) == batch.entities
    assert graph_store.entity(f"{CAM}/e0") == batch.entities[0]
    assert graph_store.entity(f"{CAM}/nope") is None
    assert graph_store.observations(CAM) == batch.observations
    assert graph_store.events(CAM) == batch.events
    node_ids = [f"{CAM}/e0", f"{CAM}/e1", f"{CAM}/c0", f"{CAM}/c1", f"{CAM}/c0/1", f"{CAM}/a0"]
    expected = sorted(batch.edges, key=lambda e: (e.t, e.src, e.dst, e.kind, e.predicate))
    assert graph_store.edges(node_ids) == expected
    # Types survive: ints stay ints, bools stay bools, floats floats.
    got = graph_store.observations(CAM)[0].attributes
    assert got == {"hardhat": True, "vest": "orange", "n": 3, "h": 1.75}
    assert [type(v) for v in got.values()] == [bool, str, int, float]


def test_rewriting_the_same_batch_changes_nothing(graph_store: GraphStore) -> None:
    graph_store.write(full_batch())
    before = snapshot(graph_store)
    graph_store.write(full_batch())
    graph_store.write(full_batch())
    assert snapshot(graph_store) == before
    assert len(before["edges"]) == 7


def test_a_rewrite_replaces_every_field_of_a_key(graph_store: GraphStore) -> None:
    graph_store.write(GraphWrite(
        clips=[clip(0, caption="old", yaw_start_deg=1.0, yaw_end_deg=2.0)],
        entities=[entity(0, attributes={"vest": "orange"}, state="idle")],
        events=[event(0, 1.0, clip_id=f"{CAM}/c0", bearing_deg=5.0)],
        edges=[edge("a", "b", "relation", 1.0, predicate="near", weight=0.2)],
    ))  # fmt: skip
    newer = GraphWrite(
        clips=[clip(0, caption="new")],
        entities=[entity(0, last_seen=99.0, attributes={}, state="moving", observations=4)],
        events=[event(0, 1.0, kind="moved", entity_i=1)],
        edges=[edge("a", "b", "relation", 2.0, predicate="near", weight=0.9)],
    )
    graph_store.write(newer)
    assert graph_store.clips(CAM) == newer.clips  # yaw back to None
    assert graph_store.entities(CAM) == newer.entities
    assert graph_store.events(CAM) == newer.events  # clip_id, bearing back to None; other entity
    assert graph_store.events(CAM, entity_id=f"{CAM}/e0") == []
    assert graph_store.edges(["a"]) == newer.edges


def test_an_invalid_record_is_rejected_before_anything_is_written(graph_store: GraphStore) -> None:
    good = full_batch().model_dump()
    bad = dict(good, observations=[*good["observations"], dict(good["observations"][0], t_start="soon")])
    with pytest.raises(ValidationError):
        graph_store.write(GraphWrite.model_validate(bad))
    with pytest.raises(ValidationError):
        EntityRecord.model_validate(dict(good["entities"][0], confidence=1.5))
    assert snapshot(graph_store) == snapshot_empty()


def snapshot_empty() -> dict[str, Any]:
    return {"entities": [], "observations": [], "events": [], "clips": [], "episodes": [], "edges": []}


def test_a_batch_the_store_cannot_hold_writes_nothing(graph_store: GraphStore) -> None:
    """An integer beyond 64 bits is valid for pydantic but not for either store: it fails in the
    store, after the batch's clips and episodes went in, so the transaction must roll them back."""
    graph_store.write(GraphWrite(clips=[clip(0, caption="before")]))
    before = snapshot(graph_store)
    batch = full_batch()
    batch.clips[0].caption = "after"
    batch.entities.append(entity(9, observations=2**70))
    with pytest.raises(GraphStoreError):
        graph_store.write(batch)
    assert snapshot(graph_store) == before
    assert graph_store.entity(f"{CAM}/e0") is None
    # The store is still usable.
    graph_store.write(full_batch())
    assert graph_store.clips(CAM)[0].caption == "worker carries a ladder"


def test_an_empty_batch_is_a_no_op(graph_store: GraphStore) -> None:
    graph_store.write(GraphWrite())
    assert snapshot(graph_store) == snapshot_empty()


# --- time filters -----------------------------------------------------------------------


def test_t_max_hides_everything_later(graph_store: GraphStore) -> None:
    graph_store.write(GraphWrite(
        clips=[clip(i) for i in range(4)],
        entities=[entity(0, first_seen=0.0), entity(1, first_seen=25.0), entity(2, first_seen=30.0)],
        observations=[obs(i, 1, entity_i=min(i, 2)) for i in range(4)],
        events=[event(i, 10.0 * i) for i in range(4)],
        edges=[edge(f"{CAM}/c{i}/1", f"{CAM}/e0", "member_of", 10.0 * i) for i in range(4)],
    ))  # fmt: skip
    assert ids(graph_store.entities(CAM, t_max=25.0), "entity_id") == [f"{CAM}/e0", f"{CAM}/e1"]
    assert ids(graph_store.entities(CAM, t_max=-1.0), "entity_id") == []
    assert ids(graph_store.observations(CAM, t_max=20.0), "observation_id") == [
        f"{CAM}/c0/1", f"{CAM}/c1/1", f"{CAM}/c2/1"]  # fmt: skip
    assert ids(graph_store.clips(CAM, t_max=19.9), "clip_id") == [f"{CAM}/c0", f"{CAM}/c1"]
    assert [e.t for e in graph_store.events(CAM, t_max=20.0)] == [0.0, 10.0, 20.0]
    assert [e.t for e in graph_store.edges([f"{CAM}/e0"], t_max=15.0)] == [0.0, 10.0]
    assert len(graph_store.edges([f"{CAM}/e0"])) == 4


def test_interval_queries_return_what_overlaps_the_window(graph_store: GraphStore) -> None:
    spans = {"a": (0.0, 10.0), "b": (10.0, 20.0), "c": (5.0, 25.0), "d": (30.0, 40.0), "e": (12.0, 13.0)}
    graph_store.write(GraphWrite(
        observations=[obs(0, 0, t_start=s, t_end=e).model_copy(update={"observation_id": f"o/{k}"})
                      for k, (s, e) in spans.items()],
        clips=[clip(0, t0=s, dur=e - s).model_copy(update={"clip_id": f"c/{k}"}) for k, (s, e) in spans.items()],
        episodes=[EpisodeRecord(episode_id=f"a/{k}", camera_id=CAM, level="activity", t_start=s, t_end=e, text=k)
                  for k, (s, e) in spans.items()],
    ))  # fmt: skip
    # A long record written later, in another batch: its start is far before any window it overlaps.
    graph_store.write(GraphWrite(
        observations=[obs(0, 0, t_start=1.0, t_end=1000.0).model_copy(update={"observation_id": "o/long"})],
        clips=[clip(0, t0=1.0, dur=999.0).model_copy(update={"clip_id": "c/long"})],
        episodes=[EpisodeRecord(episode_id="a/long", camera_id=CAM, level="session", t_start=1, t_end=1000, text="")],
    ))  # fmt: skip
    cases = [
        ((12.0, 15.0), ["long", "c", "b", "e"]),
        ((10.0, 10.0), ["a", "long", "c", "b"]),  # both ends inclusive
        ((26.0, 29.0), ["long"]),
        ((35.0, None), ["long", "d"]),
        ((500.0, None), ["long"]),
        ((None, 4.0), ["a", "long"]),
        ((None, None), ["a", "long", "c", "b", "e", "d"]),
    ]
    for (t_min, t_max), want in cases:
        window = (t_min, t_max)
        got = graph_store.observations(CAM, t_min=t_min, t_max=t_max)
        assert ids(got, "observation_id") == [f"o/{k}" for k in want], window
        assert ids(graph_store.clips(CAM, t_min=t_min, t_max=t_max), "clip_id") == [f"c/{k}" for k in want], window
        got_episodes = graph_store.episodes(CAM, t_min=t_min, t_max=t_max)
        assert ids(got_episodes, "episode_id") == [f"a/{k}" for k in want], window
    assert ids(graph_store.episodes(CAM, level="session", t_min=12.0), "episode_id") == ["a/long"]


def test_events_in_a_window_by_kind_and_entity(graph_store: GraphStore) -> None:
    graph_store.write(GraphWrite(events=[
        event(3, 5.0, kind="moved"), event(1, 5.0, kind="appeared", entity_i=1), event(2, 1.0, kind="appeared"),
        event(4, 9.0, kind="left_view"), event(5, 12.0, kind="returned", entity_i=1),
    ]))  # fmt: skip
    assert ids(graph_store.events(CAM), "event_id") == [f"{CAM}/ev{i}" for i in (2, 1, 3, 4, 5)]
    assert ids(graph_store.events(CAM, t_min=5.0, t_max=9.0), "event_id") == [f"{CAM}/ev{i}" for i in (1, 3, 4)]
    assert ids(graph_store.events(CAM, t_min=9.5), "event_id") == [f"{CAM}/ev5"]
    assert ids(graph_store.events(CAM, kinds=["appeared", "returned"]), "event_id") == [
        f"{CAM}/ev{i}" for i in (2, 1, 5)]  # fmt: skip
    assert graph_store.events(CAM, kinds=[]) == []
    assert ids(graph_store.events(CAM, entity_id=f"{CAM}/e1", t_max=11.0), "event_id") == [f"{CAM}/ev1"]


def test_entities_ordered_by_first_seen_and_filtered_by_label(graph_store: GraphStore) -> None:
    graph_store.write(GraphWrite(entities=[
        entity(1, first_seen=30.0, label="worker"), entity(2, first_seen=10.0), entity(3, first_seen=20.0),
        entity(0, first_seen=10.0, label="worker"),
    ]))  # fmt: skip
    assert ids(graph_store.entities(CAM), "entity_id") == [f"{CAM}/e{i}" for i in (0, 2, 3, 1)]
    assert ids(graph_store.entities(CAM, label="worker"), "entity_id") == [f"{CAM}/e0", f"{CAM}/e1"]
    assert ids(graph_store.entities(CAM, label="worker", t_max=29.0), "entity_id") == [f"{CAM}/e0"]
    assert graph_store.entities(CAM, label="drill") == []


def test_observations_by_entity_label_and_limit(graph_store: GraphStore) -> None:
    graph_store.write(GraphWrite(observations=[
        obs(i, track, entity_i=track, label="worker" if track else "ladder") for i in range(5) for track in (0, 1)
    ]))  # fmt: skip
    by_entity = graph_store.observations(CAM, entity_id=f"{CAM}/e1")
    assert ids(by_entity, "observation_id") == [f"{CAM}/c{i}/1" for i in range(5)]
    assert ids(graph_store.observations(CAM, label="ladder", limit=2), "observation_id") == [
        f"{CAM}/c0/0", f"{CAM}/c1/0"]  # fmt: skip
    assert ids(graph_store.observations(CAM, limit=3), "observation_id") == [f"{CAM}/c0/0", f"{CAM}/c0/1", f"{CAM}/c1/0"]
    assert graph_store.observations(CAM, limit=0) == []
    assert graph_store.observations(CAM, entity_id=f"{CAM}/e1", label="ladder") == []


def test_the_latest_observations_of_a_biography(graph_store: GraphStore) -> None:
    # e0: one observation per clip 0..5; e1: two that start together (ties broken by id); e2 another camera's.
    graph_store.write(GraphWrite(observations=[
        *(obs(i, 0, entity_i=0) for i in range(6)),
        obs(2, 1, entity_i=1, t_start=20.0), obs(2, 2, entity_i=1, t_start=20.0, state="idle"),
        obs(3, 0, "camB", entity_i=2),
    ]))  # fmt: skip
    e0, e1 = f"{CAM}/e0", f"{CAM}/e1"
    latest = graph_store.observations(CAM, entity_id=e0, limit=2, latest=True)
    assert ids(latest, "observation_id") == [f"{CAM}/c4/0", f"{CAM}/c5/0"]  # the last two, still in time order
    assert ids(graph_store.observations(CAM, entity_id=e0, t_max=25.0, limit=2, latest=True), "observation_id") == [
        f"{CAM}/c1/0", f"{CAM}/c2/0"]  # fmt: skip
    assert ids(graph_store.observations(CAM, t_min=35.0, t_max=50.0, limit=10, latest=True), "observation_id") == [
        f"{CAM}/c3/0", f"{CAM}/c4/0", f"{CAM}/c5/0"]  # fmt: skip
    assert graph_store.observations(CAM, latest=True) == graph_store.observations(CAM)
    assert graph_store.observations(CAM, limit=0, latest=True) == []

    got = graph_store.latest_observations(CAM, [e0, e1, f"{CAM}/nobody", "camB/e2"], t_max=25.0)
    assert {k: (o.observation_id, n) for k, (o, n) in got.items()} == {
        e0: (f"{CAM}/c2/0", 3), e1: (f"{CAM}/c2/2", 2)}  # fmt: skip
    assert got[e1][0] == obs(2, 2, entity_i=1, t_start=20.0, state="idle")  # the whole record
    everything = graph_store.latest_observations(CAM, [e0, e0])
    assert {k: (o.observation_id, n) for k, (o, n) in everything.items()} == {e0: (f"{CAM}/c5/0", 6)}
    assert graph_store.latest_observations(CAM, [e0], t_max=-1.0) == {}
    assert graph_store.latest_observations(CAM, []) == {}
    assert "camB/e2" in graph_store.latest_observations("camB", ["camB/e2"])

    # full=False: the same records without their boxes and appearance
    heavy = obs(6, 0, entity_i=0, boxes=[TimedBox(t=60.5, bbox=(1.0, 2.0, 3.0, 4.0))], appearance=[0.5, 0.25])
    graph_store.write(GraphWrite(observations=[heavy]))
    light = heavy.model_copy(update={"boxes": [], "appearance": []})
    assert graph_store.observations(CAM, entity_id=e0, limit=1, latest=True) == [heavy]
    assert graph_store.observations(CAM, entity_id=e0, limit=1, latest=True, full=False) == [light]
    assert graph_store.observations(CAM, t_min=60.5, full=False) == [light]
    assert graph_store.latest_observations(CAM, [e0], full=False)[e0] == (light, 7)
    assert graph_store.latest_observations(CAM, [e0])[e0] == (heavy, 7)


def test_clip_stats_count_and_span_up_to_a_time(graph_store: GraphStore) -> None:
    assert graph_store.clip_stats(CAM) == ClipStats(count=0)
    graph_store.write(GraphWrite(clips=[clip(0), clip(1), clip(2, dur=25.0), clip(3, dur=5.0), clip(9, "camB")]))
    assert graph_store.clip_stats(CAM) == ClipStats(count=4, t_first=0.0, t_last=45.0)
    assert graph_store.clip_stats(CAM, t_max=20.0) == ClipStats(count=3, t_first=0.0, t_last=45.0)
    assert graph_store.clip_stats(CAM, t_max=19.0) == ClipStats(count=2, t_first=0.0, t_last=20.0)
    assert graph_store.clip_stats(CAM, t_max=-1.0) == ClipStats(count=0)
    assert graph_store.clip_stats("camB") == ClipStats(count=1, t_first=90.0, t_last=100.0)


def test_relations_map_observation_ends_to_entities(graph_store: GraphStore) -> None:
    ladder, worker, drill = f"{CAM}/e0", f"{CAM}/e1", f"{CAM}/e2"
    graph_store.write(GraphWrite(
        entities=[entity(0), entity(1, label="worker"), entity(2, label="drill")],
        observations=[obs(0, 0, entity_i=0), obs(0, 1, entity_i=1, label="worker"), obs(1, 0, entity_i=0),
                      obs(1, 1, entity_i=1, label="worker"), obs(2, 3, entity_i=9, label="cone")],
        edges=[
            # observation -> observation, as the world model writes them; the same triple twice
            edge(f"{CAM}/c0/1", f"{CAM}/c0/0", "relation", 3.0, predicate="holding"),
            edge(f"{CAM}/c1/1", f"{CAM}/c1/0", "relation", 12.0, predicate="holding"),
            edge(f"{CAM}/c1/0", f"{CAM}/c1/1", "relation", 11.0, predicate="near"),
            edge(worker, drill, "relation", 5.0, predicate="holding"),  # entity -> entity
            edge(f"{CAM}/c2/3", ladder, "relation", 8.0, predicate="on"),  # to an observation of no entity record
            edge(ladder, "somewhere", "relation", 9.0, predicate="near"),  # to a bare node
            edge(f"{CAM}/c0/1", f"{CAM}/c0/0", "co_visible", 1.0),  # not a relation
            edge(f"{CAM}/c1/0", f"{CAM}/e1", "relation", 2.0, cam="camB", predicate="near"),  # another camera's
        ],
    ))  # fmt: skip

    def triples(found: list[RelationRecord]) -> list[tuple[str, str | None, str, str, str | None, float]]:
        return [(r.subject, r.subject_label, r.predicate, r.object, r.object_label, r.t) for r in found]

    assert triples(graph_store.relations(CAM, [ladder])) == [
        (worker, "worker", "holding", ladder, "ladder", 3.0),
        (f"{CAM}/e9", None, "on", ladder, "ladder", 8.0),
        (ladder, "ladder", "near", "somewhere", None, 9.0),
        (ladder, "ladder", "near", worker, "worker", 11.0),
    ]
    assert triples(graph_store.relations(CAM, [worker], predicate="holding", t_max=4.0)) == [
        (worker, "worker", "holding", ladder, "ladder", 3.0)]  # fmt: skip
    both = graph_store.relations(CAM, [worker, drill, worker], predicate="holding")
    assert triples(both) == [
        (worker, "worker", "holding", ladder, "ladder", 3.0), (worker, "worker", "holding", drill, "drill", 5.0)]  # fmt: skip
    assert graph_store.relations(CAM, [drill], t_max=4.0) == []
    assert graph_store.relations(CAM, []) == []
    assert graph_store.relations("camB", [ladder]) == []  # its camB edge touches no camB observation of ladder
    assert triples(graph_store.relations("camB", [worker])) == [(ladder, "ladder", "near", worker, "worker", 2.0)]


# --- edges --------------------------------------------------------------------------------


def test_edges_from_either_end_by_kind_and_time(graph_store: GraphStore) -> None:
    edges = [
        edge("o1", "e1", "member_of", 1.0),
        edge("o2", "e1", "member_of", 5.0),
        edge("o1", "c1", "in_clip", 1.0),
        edge("c1", "c2", "next", 10.0),
        edge("e1", "e2", "relation", 2.0, predicate="near"),
        edge("e1", "e2", "relation", 3.0, predicate="holding"),
        edge("e2", "e1", "co_visible", 2.0),
        edge("x", "x", "co_visible", 2.0),  # a self-loop comes back once
    ]
    graph_store.write(GraphWrite(edges=edges))

    def keys(found: list[EdgeRecord]) -> list[tuple[str, str, str, str]]:
        return [(e.src, e.dst, e.kind, e.predicate) for e in found]

    assert keys(graph_store.edges(["e1"])) == [
        ("o1", "e1", "member_of", ""), ("e1", "e2", "relation", "near"), ("e2", "e1", "co_visible", ""),
        ("e1", "e2", "relation", "holding"), ("o2", "e1", "member_of", ""),
    ]  # fmt: skip
    assert keys(graph_store.edges(["e2"], kinds=["relation"])) == [
        ("e1", "e2", "relation", "near"), ("e1", "e2", "relation", "holding")]  # fmt: skip
    assert keys(graph_store.edges(["c2"])) == [("c1", "c2", "next", "")]  # by its destination only
    assert keys(graph_store.edges(["e1", "e2", "o1"], t_max=2.0)) == [
        ("o1", "c1", "in_clip", ""), ("o1", "e1", "member_of", ""), ("e1", "e2", "relation", "near"),
        ("e2", "e1", "co_visible", ""),
    ]  # fmt: skip
    assert keys(graph_store.edges(["x"])) == [("x", "x", "co_visible", "")]
    assert graph_store.edges(["e1"], kinds=[]) == []
    assert graph_store.edges([]) == []
    assert graph_store.edges(["nobody"]) == []
    assert graph_store.edges(["o1", "c1"], kinds=["in_clip", "next"]) == [edges[2], edges[3]]


def test_edges_newest_per_node_each_way(graph_store: GraphStore) -> None:
    # An entity seen all day: many observations in (member_of), a few relations out.
    obs = [edge(f"o{i}", "e1", "member_of", float(i)) for i in range(10)]
    rel = [edge("e1", f"e{j}", "relation", 100.0 + j, predicate="near") for j in range(2, 5)]
    graph_store.write(GraphWrite(edges=[*obs, *rel, edge("o9", "c1", "in_clip", 9.5)]))

    def keys(found: list[EdgeRecord]) -> list[tuple[str, str, float]]:
        return [(e.src, e.dst, e.t) for e in found]

    assert keys(graph_store.edges(["e1"], latest=2)) == [
        ("o8", "e1", 8.0), ("o9", "e1", 9.0), ("e1", "e3", 103.0), ("e1", "e4", 104.0)]  # fmt: skip
    assert keys(graph_store.edges(["e1"], latest=2, t_max=102.5)) == [
        ("o8", "e1", 8.0), ("o9", "e1", 9.0), ("e1", "e2", 102.0)]  # fmt: skip
    assert keys(graph_store.edges(["e1"], latest=3, kinds=["member_of"])) == [
        ("o7", "e1", 7.0), ("o8", "e1", 8.0), ("o9", "e1", 9.0)]  # fmt: skip
    # Per node: o9's own edges (both) and e1's newest in; an edge found from both ends comes once.
    assert keys(graph_store.edges(["o9", "e1"], latest=1)) == [
        ("o9", "e1", 9.0), ("o9", "c1", 9.5), ("e1", "e4", 104.0)]  # fmt: skip
    assert len(graph_store.edges(["e1"], latest=100)) == len(graph_store.edges(["e1"])) == 13
    assert graph_store.edges(["e1"], latest=0) == []


def test_edges_may_arrive_before_their_nodes(graph_store: GraphStore) -> None:
    graph_store.write(GraphWrite(edges=[edge(f"{CAM}/c0/1", f"{CAM}/e0", "member_of", 0.0)]))
    graph_store.write(GraphWrite(entities=[entity(0)], observations=[obs(0, 1)]))
    assert graph_store.entities(CAM) == [entity(0)]
    assert graph_store.observations(CAM) == [obs(0, 1)]
    assert len(graph_store.edges([f"{CAM}/e0"])) == 1


# --- cameras, clear -------------------------------------------------------------------------


def test_cameras_are_isolated(graph_store: GraphStore) -> None:
    graph_store.write(full_batch("camA"))
    graph_store.write(full_batch("camB"))
    a, b = snapshot(graph_store, "camA"), snapshot(graph_store, "camB")
    for name, records in a.items():
        assert records, name
        assert {r.camera_id for r in records} == {"camA"}, name
        assert {r.camera_id for r in b[name]} == {"camB"}, name
        assert len(records) == len(b[name]), name
    assert graph_store.entities("camC") == []


def test_clear_one_camera_then_all(graph_store: GraphStore) -> None:
    graph_store.write(full_batch("camA"))
    graph_store.write(full_batch("camB"))
    b = snapshot(graph_store, "camB")
    graph_store.clear("camA")
    assert snapshot(graph_store, "camA") == snapshot_empty()
    assert graph_store.entity("camA/e0") is None
    assert snapshot(graph_store, "camB") == b
    graph_store.write(full_batch("camA"))  # a cleared camera starts again from nothing
    assert len(snapshot(graph_store, "camA")["edges"]) == 7
    graph_store.clear()
    assert snapshot(graph_store, "camA") == snapshot(graph_store, "camB") == snapshot_empty()


# --- odd content, size, lifecycle --------------------------------------------------------


ODD = [
    "Leiter \u00fcber der T\u00fcr \u2014 \u68af\u5b50 \U0001f477\u200d\u2642\ufe0f",
    "quotes ' \" ` and \\ backslashes \\n and a real\nnewline\ttab",
    "'); DROP TABLE entities; --",
    "\"}) DETACH DELETE n //",
    "$param {curly} [square] %s %(x)s ?",
    "nul \x00 inside",
    "",
    " " * 3,
    "x" * 20_000,
]


@pytest.mark.parametrize("text", ODD, ids=range(len(ODD)))
def test_unicode_and_odd_strings_round_trip(graph_store: GraphStore, text: str) -> None:
    batch = GraphWrite(
        clips=[clip(0, caption=text)],
        entities=[entity(0, description=text, attributes={text: text, "k": text})],
        observations=[obs(0, 1, description=text, attributes={"note": text})],
        events=[event(0, 1.0, detail={text: text})],
        edges=[edge(f"{CAM}/e0", f"{CAM}/e1", "relation", 1.0, predicate=text)],
    )
    graph_store.write(batch)
    assert graph_store.clips(CAM) == batch.clips
    assert graph_store.entities(CAM) == batch.entities
    assert graph_store.observations(CAM) == batch.observations
    assert graph_store.events(CAM) == batch.events
    assert graph_store.edges([f"{CAM}/e1"]) == batch.edges


def test_odd_ids_are_data_not_code(graph_store: GraphStore) -> None:
    weird = [CAM + "/" + s for s in ODD[:5]]
    graph_store.write(GraphWrite(entities=[entity(0).model_copy(update={"entity_id": w}) for w in weird]))
    for w in weird:
        found = graph_store.entity(w)
        assert found is not None and found.entity_id == w
    assert len(graph_store.entities(CAM)) == len(weird)


def test_a_large_batch_in_one_write(graph_store: GraphStore) -> None:
    n = 500
    batch = GraphWrite(
        clips=[clip(i) for i in range(n // 10)],
        entities=[entity(i) for i in range(10)],
        observations=[
            obs(i // 10, i % 10, entity_i=i % 10, boxes=[TimedBox(t=i / 10, bbox=(0, 0, 5, 5))] * 10,
                appearance=[float(i)] * 32)
            for i in range(n)
        ],  # fmt: skip
        edges=[edge(f"{CAM}/c{i // 10}/{i % 10}", f"{CAM}/e{i % 10}", "member_of", i // 10 * 10.0) for i in range(n)],
        events=[event(i, float(i)) for i in range(100)],
    )
    graph_store.write(batch)
    got = graph_store.observations(CAM)
    assert len(got) == n
    assert got == sorted(batch.observations, key=lambda o: (o.t_start, o.observation_id))
    assert len(graph_store.edges([f"{CAM}/e{i}" for i in range(10)])) == n
    assert len(graph_store.observations(CAM, entity_id=f"{CAM}/e3")) == n // 10
    assert len(graph_store.events(CAM)) == 100


def test_init_is_idempotent_and_a_closed_store_refuses_work(
    graph_store_factory: Callable[[], GraphStore],
) -> None:
    store = graph_store_factory()
    with pytest.raises(GraphStoreError, match="init"):
        store.entities(CAM)  # not initialised: no connection was made by the constructor
    store.init()
    store.write(full_batch())
    store.init()
    assert len(store.entities(CAM)) == 2
    store.close()
    with pytest.raises(GraphStoreError, match="closed"):
        store.entities(CAM)
    with pytest.raises(GraphStoreError, match="closed"):
        store.init()
    store.close()  # twice is fine
    reopened = graph_store_factory()
    reopened.init()
    assert len(reopened.entities(CAM)) == 2  # the data outlives the store object


def test_one_store_is_shared_by_threads(graph_store: GraphStore) -> None:
    def work(worker: int) -> None:
        for i in range(10):
            k = worker * 100 + i
            graph_store.write(GraphWrite(clips=[clip(k)], observations=[obs(k, 0, entity_i=worker)]))
            assert graph_store.clips(CAM, t_min=k * 10.0, t_max=k * 10.0 + 1) != []

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(work, range(4)))
    assert len(graph_store.clips(CAM)) == 40
    assert [len(graph_store.observations(CAM, entity_id=f"{CAM}/e{w}")) for w in range(4)] == [10] * 4
