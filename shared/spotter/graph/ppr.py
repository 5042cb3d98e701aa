"""Personalized PageRank over the memory graph, GEB-style: relevance spreads from seed nodes
through membership and context edges, then per-entity and overall caps keep one
frequently seen subject from filling the retrieval budget.

The graph is read through `GraphStore.edges()` only, a bounded neighbourhood of the seeds:
breadth-first for `hops` hops; each frontier node brings at most `fanout` new neighbours,
its most recent ones (GEB's per-entity cap at read time: an entity seen all day has a
thousand observations, and only its latest matter to a question, while reading them all
made a retrieval cost ~0.5 s on 8 h of memory); at most `max_nodes` nodes in all (when a
hop brings more, those joined to the frontier by the most edge weight are kept, then the
most recent). Edges are walked in both
directions (an observation is as relevant to its entity as the entity to it), weighted by
`EdgeRecord.weight`. With `t_max`, edges that became true after it are not seen, so memory
from after a question's time cannot carry relevance (GEB: only memory before the question).

Node kinds come from the edge conventions in base.EdgeRecord: a `member_of` edge runs from
an observation to its entity, `in_clip` ends at a clip, `in_episode` at an episode.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from spotter.graph.base import EdgeRecord, GraphStore

NodeKind = Literal["entity", "observation", "clip", "episode", "unknown"]


@dataclass(frozen=True)
class ScoredNode:
    """One retrieved node: its PageRank score and what the edges say it is."""

    node_id: str
    score: float
    kind: NodeKind
    entity_id: str | None = None  # an observation's entity (member_of), or the entity itself


def personalized_pagerank(
    store: GraphStore,
    camera_id: str,
    seeds: dict[str, float],
    *,
    t_max: float | None = None,
    alpha: float = 0.15,
    hops: int = 2,
    max_nodes: int = 2000,
    fanout: int = 50,
    per_entity_cap: int = 3,
    top_k: int = 20,
    tol: float = 1e-10,
    max_iter: int = 200,
    edge_cap: int | None = None,
) -> list[ScoredNode]:
    """The `top_k` best nodes near `seeds` (node id -> weight > 0), by PageRank with restart.

    `alpha` is the restart probability (to the seeds, in proportion to their weights). Only
    edges of `camera_id` are followed. At most `per_entity_cap` observations of any one entity
    are returned; seeds themselves are ranked like any node. Ties are broken by node id, so
    the result is deterministic. Each node's edges are read newest first, at most `edge_cap` each
    way (default 3 x `fanout`: its `fanout` newest neighbours with room for the edges that join
    them twice); None reads them all.
    """
    if not 0.0 < alpha <= 1.0:
        raise ValueError(f"alpha must be in (0, 1], got {alpha}")
    if hops < 0 or max_nodes < 1 or fanout < 1 or per_entity_cap < 0 or top_k < 0:
        raise ValueError("hops, per_entity_cap and top_k must be >= 0, max_nodes and fanout >= 1")
    weights = {node: float(w) for node, w in seeds.items() if w > 0.0}
    if not weights or top_k == 0:
        return []
    seed_ids = sorted(weights, key=lambda n: (-weights[n], n))[:max_nodes]

    cap = 3 * fanout if edge_cap is None else edge_cap
    nodes, edges = _neighbourhood(
        store, camera_id, seed_ids, t_max=t_max, hops=hops, max_nodes=max_nodes, fanout=fanout, edge_cap=cap
    )
    index = {node: i for i, node in enumerate(nodes)}
    n = len(nodes)

    personal = np.zeros(n)
    for node in seed_ids:
        personal[index[node]] = weights[node]
    personal /= personal.sum()

    src_list, dst_list, w_list = [], [], []
    for e in edges:
        if e.src != e.dst and e.weight > 0.0 and e.src in index and e.dst in index:
            u, v = index[e.src], index[e.dst]
            src_list += [u, v]
            dst_list += [v, u]
            w_list += [e.weight, e.weight]
    src = np.asarray(src_list, dtype=np.int64)
    dst = np.asarray(dst_list, dtype=np.int64)
    w = np.asarray(w_list, dtype=np.float64)
    out = np.bincount(src, weights=w, minlength=n).astype(np.float64)
    share = w / out[src] if len(w) else w
    dangling = out == 0.0

    scores = personal.copy()
    for _ in range(max_iter):
        spread = np.bincount(dst, weights=scores[src] * share, minlength=n).astype(np.float64)
        spread += scores[dangling].sum() * personal  # a node without edges restarts at the seeds
        updated = alpha * personal + (1.0 - alpha) * spread
        delta = float(np.abs(updated - scores).sum())
        scores = updated
        if delta < tol:
            break

    kinds, entity_of = _roles(edges)
    ranked = sorted(range(n), key=lambda i: (-scores[i], nodes[i]))
    result: list[ScoredNode] = []
    per_entity: dict[str, int] = {}
    for i in ranked:
        node = nodes[i]
        kind = kinds.get(node, "unknown")
        entity = entity_of.get(node) if kind == "observation" else (node if kind == "entity" else None)
        if kind == "observation" and entity is not None:
            if per_entity.get(entity, 0) >= per_entity_cap:
                continue
            per_entity[entity] = per_entity.get(entity, 0) + 1
        result.append(ScoredNode(node_id=node, score=float(scores[i]), kind=kind, entity_id=entity))
        if len(result) >= top_k:
            break
    return result


def _neighbourhood(
    store: GraphStore,
    camera_id: str,
    seeds: list[str],
    *,
    t_max: float | None,
    hops: int,
    max_nodes: int,
    fanout: int,
    edge_cap: int | None = None,
) -> tuple[list[str], list[EdgeRecord]]:
    """Nodes within `hops` of the seeds (at most `max_nodes`, seeds first) and the edges kept.

    Per frontier node, only the edges to its `fanout` most recent new neighbours are kept
    (by edge t, then node id), with every edge among nodes already known.
    """
    nodes = list(seeds)
    known = set(nodes)
    edges: dict[tuple[str, str, str, str], EdgeRecord] = {}
    frontier = list(seeds)
    for _ in range(hops):
        if not frontier or len(nodes) >= max_nodes:
            break
        in_frontier = set(frontier)
        # frontier node -> new neighbour -> (latest t, the edges joining them)
        offers: dict[str, dict[str, tuple[float, list[EdgeRecord]]]] = {}
        for e in store.edges(frontier, t_max=t_max, latest=edge_cap):
            if e.camera_id != camera_id:
                continue
            if e.src in known and e.dst in known:
                edges[(e.src, e.dst, e.kind, e.predicate)] = e
                continue
            for here, there in ((e.src, e.dst), (e.dst, e.src)):
                if here in in_frontier and there not in known:
                    t_old, joined = offers.setdefault(here, {}).get(there, (e.t, []))
                    offers[here][there] = (max(t_old, e.t), [*joined, e])
        pull: dict[str, tuple[float, float]] = {}  # new node -> (edge weight from the frontier, latest t)
        for near in offers.values():
            for there in sorted(near, key=lambda n: (-near[n][0], n))[:fanout]:
                t_last, joined = near[there]
                for e in joined:
                    edges[(e.src, e.dst, e.kind, e.predicate)] = e
                w, t_prev = pull.get(there, (0.0, t_last))
                pull[there] = (w + sum(max(e.weight, 0.0) for e in joined), max(t_prev, t_last))
        room = max_nodes - len(nodes)
        frontier = sorted(pull, key=lambda node: (-pull[node][0], -pull[node][1], node))[:room]
        nodes += frontier
        known.update(frontier)
    return nodes, list(edges.values())


def _roles(edges: list[EdgeRecord]) -> tuple[dict[str, NodeKind], dict[str, str]]:
    kinds: dict[str, NodeKind] = {}
    entity_of: dict[str, str] = {}
    for e in edges:
        if e.kind == "member_of":
            kinds[e.src] = "observation"
            kinds[e.dst] = "entity"
            entity_of[e.src] = e.dst
        elif e.kind == "in_clip":
            kinds.setdefault(e.src, "observation")
            kinds[e.dst] = "clip"
        elif e.kind == "in_episode":
            kinds[e.dst] = "episode"
    return kinds, entity_of
