"""Personalized PageRank over a small hand-built memory (SQLite in memory: no servers)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from spotter.graph import EdgeRecord, GraphWrite, ScoredNode, SqliteGraphStore, personalized_pagerank
from spotter.graph.base import EdgeKind

CAM = "cam0"


def edge(src: str, dst: str, kind: EdgeKind, t: float = 0.0, weight: float = 1.0, cam: str = CAM) -> EdgeRecord:
    return EdgeRecord(src=src, dst=dst, kind=kind, camera_id=cam, t=t, weight=weight)


@pytest.fixture
def store() -> Iterator[SqliteGraphStore]:
    s = SqliteGraphStore(":memory:")
    s.init()
    yield s
    s.close()


@pytest.fixture
def memory(store: SqliteGraphStore) -> SqliteGraphStore:
    """A ladder seen in 5 clips (t = 0, 10, .. 40), a worker seen with it at t=10, a drill at t=40."""
    edges = []
    for i in range(5):
        t = 10.0 * i
        edges += [edge(f"o:ladder{i}", "e:ladder", "member_of", t), edge(f"o:ladder{i}", f"c{i}", "in_clip", t)]
        if i:
            edges.append(edge(f"c{i - 1}", f"c{i}", "next", t))
    edges += [
        edge("o:worker1", "e:worker", "member_of", 10.0),
        edge("o:worker1", "c1", "in_clip", 10.0),
        edge("o:worker1", "o:ladder1", "co_visible", 10.0),
        edge("e:worker", "e:ladder", "relation", 10.0),
        edge("o:drill4", "e:drill", "member_of", 40.0),
        edge("o:drill4", "c4", "in_clip", 40.0),
        edge("c0", "ep:morning", "in_episode", 0.0),
        edge("e:ladder", "camB/e:other", "relation", 5.0, cam="camB"),  # another camera's edge
    ]
    store.write(GraphWrite(edges=edges))
    return store


def by_id(result: list[ScoredNode]) -> dict[str, ScoredNode]:
    return {n.node_id: n for n in result}


def test_the_seed_and_its_biography_rank_first_and_the_per_entity_cap_holds(memory: SqliteGraphStore) -> None:
    result = personalized_pagerank(memory, CAM, {"e:ladder": 1.0}, top_k=50)
    assert result[0].node_id == "e:ladder" and result[0].kind == "entity" and result[0].entity_id == "e:ladder"
    ladder_obs = [n for n in result if n.entity_id == "e:ladder" and n.kind == "observation"]
    assert len(ladder_obs) == 3  # per_entity_cap
    # The capped observations are the best-scored ones; what the cap dropped does not appear at all.
    uncapped = personalized_pagerank(memory, CAM, {"e:ladder": 1.0}, top_k=50, per_entity_cap=100)
    all_ladder = [n for n in uncapped if n.entity_id == "e:ladder" and n.kind == "observation"]
    assert len(all_ladder) == 5
    assert [n.node_id for n in ladder_obs] == [n.node_id for n in all_ladder[:3]]
    # Scores are descending, ties broken by id, and every node appears once.
    assert [n.score for n in uncapped] == sorted((n.score for n in uncapped), reverse=True)
    assert len({n.node_id for n in uncapped}) == len(uncapped)
    kinds = by_id(uncapped)
    assert kinds["c0"].kind == "clip" and kinds["o:worker1"].kind == "observation"
    assert kinds["o:worker1"].entity_id == "e:worker"
    assert 0.0 < sum(n.score for n in uncapped) <= 1.0 + 1e-9


def test_relevance_falls_with_distance_and_follows_weights(store: SqliteGraphStore) -> None:
    store.write(GraphWrite(edges=[
        edge("a", "b", "relation", weight=2.0), edge("a", "c", "relation", weight=1.0), edge("b", "d", "relation"),
        edge("d", "e", "relation"),
    ]))  # fmt: skip
    result = personalized_pagerank(store, CAM, {"a": 1.0}, hops=4)
    scores = {n.node_id: n.score for n in result}
    assert scores["a"] > scores["b"] > scores["c"]
    assert scores["b"] > scores["d"] > scores["e"]
    # hops bounds the neighbourhood: e is 3 hops away.
    assert "e" not in by_id(personalized_pagerank(store, CAM, {"a": 1.0}, hops=2))
    # Seeds share the restart in proportion to their weights.
    both = by_id(personalized_pagerank(store, CAM, {"c": 3.0, "e": 1.0}, hops=4))
    assert both["c"].score > both["e"].score


def test_scores_match_the_closed_form(store: SqliteGraphStore) -> None:
    """r = alpha (I - (1 - alpha) P^T)^-1 p on a graph with no dangling nodes."""
    pairs = [("a", "b", 1.0), ("b", "c", 2.0), ("c", "a", 1.0), ("c", "d", 0.5)]
    store.write(GraphWrite(edges=[edge(s, d, "relation", weight=w) for s, d, w in pairs]))
    alpha = 0.2
    result = by_id(personalized_pagerank(store, CAM, {"a": 1.0, "d": 1.0}, alpha=alpha, hops=3))
    names = ["a", "b", "c", "d"]
    adj = np.zeros((4, 4))
    for s, d, w in pairs:
        adj[names.index(s), names.index(d)] += w
        adj[names.index(d), names.index(s)] += w
    transition = adj / adj.sum(axis=1, keepdims=True)
    p = np.array([0.5, 0.0, 0.0, 0.5])
    expected = alpha * np.linalg.solve(np.eye(4) - (1 - alpha) * transition.T, p)
    np.testing.assert_allclose([result[n].score for n in names], expected, atol=1e-9)


def test_t_max_hides_later_memory(memory: SqliteGraphStore) -> None:
    before = by_id(personalized_pagerank(memory, CAM, {"e:ladder": 1.0}, t_max=15.0, hops=3, per_entity_cap=100,
                                        top_k=100))
    assert {"o:ladder0", "o:ladder1", "o:worker1", "e:worker", "c0", "c1", "ep:morning"} <= before.keys()
    assert not {"o:ladder2", "o:ladder3", "o:ladder4", "e:drill", "o:drill4", "c4"} & before.keys()
    later = by_id(personalized_pagerank(memory, CAM, {"e:ladder": 1.0}, hops=3, per_entity_cap=100, top_k=100))
    assert {"o:ladder4", "o:drill4"} <= later.keys()


def test_only_the_cameras_edges_are_followed(memory: SqliteGraphStore) -> None:
    result = by_id(personalized_pagerank(memory, CAM, {"e:ladder": 1.0}, top_k=100))
    assert "camB/e:other" not in result


def test_bounds_and_degenerate_input(memory: SqliteGraphStore) -> None:
    assert len(personalized_pagerank(memory, CAM, {"e:ladder": 1.0}, top_k=4)) == 4
    small = personalized_pagerank(memory, CAM, {"e:ladder": 1.0}, max_nodes=3, top_k=100)
    assert len(small) == 3 and small[0].node_id == "e:ladder"
    assert personalized_pagerank(memory, CAM, {}) == []
    assert personalized_pagerank(memory, CAM, {"e:ladder": 0.0}) == []
    assert personalized_pagerank(memory, CAM, {"e:ladder": 1.0}, top_k=0) == []
    # A seed with no edges is still a result: all the mass stays on it.
    alone = personalized_pagerank(memory, CAM, {"nowhere": 1.0})
    assert alone == [ScoredNode(node_id="nowhere", score=pytest.approx(1.0), kind="unknown")]  # type: ignore[arg-type]
    # hops=0: the seeds only.
    assert [n.node_id for n in personalized_pagerank(memory, CAM, {"e:ladder": 1.0, "c0": 0.5}, hops=0)] == [
        "e:ladder", "c0"]  # fmt: skip
    # per_entity_cap=0: no observations of any entity.
    assert all(n.kind != "observation" for n in personalized_pagerank(memory, CAM, {"e:ladder": 1.0}, per_entity_cap=0))
    for bad in ({"alpha": 0.0}, {"alpha": 1.5}, {"hops": -1}, {"max_nodes": 0}, {"top_k": -1}, {"fanout": 0}):
        with pytest.raises(ValueError):
            personalized_pagerank(memory, CAM, {"e:ladder": 1.0}, **bad)


def test_deterministic(memory: SqliteGraphStore) -> None:
    runs = [personalized_pagerank(memory, CAM, {"e:ladder": 1.0, "e:drill": 0.5}) for _ in range(3)]
    assert runs[0] == runs[1] == runs[2]
