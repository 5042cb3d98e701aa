"""The reasoner's retrieval pathways (EgoMemo): run in parallel, each bounded by a timeout.

A pathway answers "what in memory, up to `t_max`, bears on this trigger?" with
`RetrievedItem`s. Three kinds, after EgoMemo: temporal summaries (`SummaryRetriever`,
over the summarizer's multi-scale index), the knowledge graph (`GraphRetriever`,
Personalized PageRank from the trigger's entities, GEB's per-entity caps) and the visual
archive (`VisualRetriever`, keyframes that look like the trigger's clip). `retrieve_all`
asks them concurrently and keeps what arrives within the timeout: a slow pathway costs
its evidence, never the decision.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from spotter.graph.base import GraphStore
from spotter.graph.ppr import personalized_pagerank
from spotter.reason.reasoner import RetrievedItem, Retriever

log = logging.getLogger(__name__)


@dataclass
class PathwayStats:
    """Per pathway: calls, items returned, timeouts and errors, total seconds (for ablations)."""

    calls: int = 0
    items: int = 0
    timeouts: int = 0
    errors: int = 0
    seconds: float = 0.0
    latencies_ms: list[float] = field(default_factory=list)


class GraphRetriever:
    """Knowledge-graph pathway: PPR from the trigger's entities over memory up to `t_max`."""

    name = "graph"

    def __init__(
        self, store: GraphStore, top_k: int = 8, per_entity_cap: int = 3, fanout: int = 20, max_nodes: int = 400
    ) -> None:
        self.store = store
        self.top_k = top_k
        self.per_entity_cap = per_entity_cap
        # A smaller neighbourhood than PPR's defaults (50 / 2000): on 8 h of one camera p95 45 ms
        # instead of 64 ms for 1-2 seed entities (the 50 ms pathway budget), same two hops of context.
        self.fanout = fanout
        self.max_nodes = max_nodes

    def retrieve(
        self, query: str, camera_id: str, t_max: float, entity_ids: Sequence[str]
    ) -> list[RetrievedItem]:
        seeds = {e: 1.0 for e in entity_ids}
        if not seeds:
            return []
        nodes = personalized_pagerank(
            self.store, camera_id, seeds, t_max=t_max, top_k=self.top_k * 3, per_entity_cap=self.per_entity_cap,
            fanout=self.fanout, max_nodes=self.max_nodes,
        )  # fmt: skip
        obs_ids = [n.node_id for n in nodes if n.kind == "observation"]
        if not obs_ids:
            return []
        wanted = set(obs_ids)
        # The seeds' own observations are the bulk of what PPR ranks; read them bounded, by entity.
        records = {
            o.observation_id: o
            for eid in {n.entity_id for n in nodes if n.entity_id is not None}
            for o in self.store.observations(camera_id, entity_id=eid, t_max=t_max, limit=20, latest=True, full=False)
            if o.observation_id in wanted
        }
        out: list[RetrievedItem] = []
        for oid in obs_ids:
            o = records.get(oid)
            if o is None or o.t_start > t_max:
                continue
            state = "" if o.state == "unknown" else f" ({o.state})"
            out.append(RetrievedItem(
                pathway=self.name,
                text=f"{o.label.replace('_', ' ')}{state} seen at bearing {o.bearing_deg:.0f} deg, "
                     f"{o.t_start:.0f}-{o.t_end:.0f} s",
                clip_ids=(o.clip_id,), entity_ids=(o.entity_id,), t=o.t_end,
            ))  # fmt: skip
            if len(out) >= self.top_k:
                break
        return out


class SummaryRetriever:
    """Temporal pathway: the multi-scale summaries most similar to the trigger, ended by `t_max`."""

    name = "temporal"

    def __init__(self, index: Any, k: int = 3, cache_size: int = 256) -> None:
        self.index = index  # spotter.summarize.SummaryIndex
        self.k = k
        self._vectors: OrderedDict[str, Any] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    def query_vector(self, query: str) -> Any:
        """The query's embedding; triggers repeat their queries, so recent ones are cached."""
        with self._lock:
            hit = self._vectors.get(query)
            if hit is not None:
                self._vectors.move_to_end(query)
                return hit
        vector = self.index.embedder.embed([query])[0]
        with self._lock:
            self._vectors[query] = vector
            while len(self._vectors) > self._cache_size:
                self._vectors.popitem(last=False)
        return vector

    def retrieve(
        self, query: str, camera_id: str, t_max: float, entity_ids: Sequence[str]
    ) -> list[RetrievedItem]:
        hits = self.index.store.search(self.query_vector(query), self.k, camera_id=camera_id, t_max=t_max)
        out = []
        for h in hits:
            p = h.payload
            # A clip entry's id is its clip id; an activity roll-up's children are clip ids; roll-up
            # ids (and so a session's children) are "camera:level:window".
            clips = (h.id,) if p.level == "clip" else tuple(
                str(c) for c in (p.ref or {}).get("children", []) if ":" not in str(c)
            )
            out.append(RetrievedItem(pathway=self.name, text=f"[{p.level}] {p.text}", clip_ids=clips[:5],
                                     t=p.t_end))  # fmt: skip
        return out


class VisualRetriever:
    """Visual pathway: archived keyframes that look like the camera's latest keyframe up to `t_max`
    ("have I seen this place before?"), the last minutes left out."""

    name = "visual"

    def __init__(
        self, archive: Any, k: int = 3, exclude_recent_s: float = 60.0, min_score: float = 0.7
    ) -> None:
        self.archive = archive  # spotter.archive.VisualArchive
        self.k = k
        self.exclude_recent_s = exclude_recent_s
        self.min_score = min_score  # below ~0.7 the classical descriptor says "not seen" (bench.visual_archive)

    def retrieve(
        self, query: str, camera_id: str, t_max: float, entity_ids: Sequence[str]
    ) -> list[RetrievedItem]:
        latest = self.archive.latest(camera_id, t_max)
        if latest is None:
            return []
        key, t_key = latest
        hits = self.archive.similar(
            key, query_camera_id=camera_id, t=t_key, camera_id=camera_id, t_max=t_max, k=self.k,
            exclude_recent_s=self.exclude_recent_s,
        )  # fmt: skip
        return [
            RetrievedItem(pathway=self.name, text=f"a similar view was seen at {h.t:.0f} s (similarity {h.score:.2f})",
                          clip_ids=(h.clip_id,), t=h.t)  # fmt: skip
            for h in hits
            if h.score >= self.min_score
        ]


def retrieve_all(
    retrievers: Sequence[Retriever],
    query: str,
    camera_id: str,
    t_max: float,
    entity_ids: Sequence[str],
    *,
    timeout_s: float,
    executor: ThreadPoolExecutor | None = None,
    stats: dict[str, PathwayStats] | None = None,
) -> list[RetrievedItem]:
    """Every pathway at once; what arrives within `timeout_s` (nothing after `t_max`), in pathway order."""
    if not retrievers:
        return []
    own = executor is None
    pool = executor or ThreadPoolExecutor(max_workers=len(retrievers), thread_name_prefix="retrieve")
    started = time.perf_counter()
    futures: list[tuple[Retriever, Future[tuple[list[RetrievedItem], float]], float]] = []
    for r in retrievers:
        futures.append((r, pool.submit(_timed, r, query, camera_id, t_max, entity_ids), time.perf_counter()))
    wait([f for _r, f, _t in futures], timeout=timeout_s)
    out: list[RetrievedItem] = []
    for r, fut, _t0 in futures:
        st = stats.setdefault(r.name, PathwayStats()) if stats is not None else PathwayStats()
        st.calls += 1
        if not fut.done():
            st.timeouts += 1
            log.warning("retrieval pathway %s timed out after %.2f s", r.name, timeout_s)
            fut.cancel()
            continue
        try:
            items, seconds = fut.result()
        except Exception as exc:  # noqa: BLE001 - a failing pathway costs its evidence, not the decision
            st.errors += 1
            log.warning("retrieval pathway %s failed: %s", r.name, exc)
            continue
        st.seconds += seconds
        st.latencies_ms.append(seconds * 1000.0)
        kept = [i for i in items if i.t is None or i.t <= t_max]
        st.items += len(kept)
        out += kept
    if own:
        pool.shutdown(wait=False, cancel_futures=True)
    log.debug("retrieval: %d items in %.1f ms", len(out), (time.perf_counter() - started) * 1000.0)
    return out


def _timed(r: Retriever, *args: Any) -> tuple[list[RetrievedItem], float]:
    t0 = time.perf_counter()
    items = r.retrieve(*args)
    return items, time.perf_counter() - t0


__all__ = ["GraphRetriever", "PathwayStats", "SummaryRetriever", "VisualRetriever", "retrieve_all"]
