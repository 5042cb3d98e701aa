"""The reactive path of EgoMemo: a question goes through the same retrieval and reconstruction as an alert.

`MemoryAnswerer` wraps an answerer (the offline parser or the agent, `spotter.recall.make_answerer`):

1. the inner answerer answers; the typed fields (`answer`, `time`, `duration_s`, `direction`,
   `yes_no`, `entity_types`, `entities`, `intent`, `backend`) stay exactly its own;
2. the retrieval pathways (`spotter.reason.retrieval`: temporal summaries, knowledge graph,
   visual archive) are asked in parallel with the question as query, the answer's `entities` as
   seeds and media time bounded by `at` (the camera's latest clip end when `at` is None), each
   within `timeout_s` (a slow or failing pathway costs its evidence, never the answer);
3. the narrator (`spotter.reason.narrate`: a language model when `SPOTTER_NARRATE_BASE_URL` is
   set, else the template) reconstructs the inner answer and the retrieved items into the
   answer's `narrative`; the retrieved items' clips are added to `evidence` (with the clips'
   spans from the graph store, deduplicated, never past `at`).

Nothing retrieved: `narrative` is the inner answer's text and no model request is sent.
`memory_answerer(tools, ...)` builds one from whichever pathways the caller has.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from spotter.answer.base import Answer, Answerer, Evidence
from spotter.graph.base import ClipRecord, GraphStore
from spotter.reason.narrate import reconstruct
from spotter.reason.reasoner import Narrator, RetrievedItem, Retriever
from spotter.reason.retrieval import PathwayStats, retrieve_all
from spotter.tools import GraphTools

log = logging.getLogger(__name__)

MAX_EXTRA_EVIDENCE = 10
"""Clips the retrieved items add to an answer's evidence, at most."""
ROLLUP_LOOKBACK_S = 3600.0
"""Clip spans are read from this far before the earliest retrieved item (a roll-up's children)."""
NO_CLIPS_T_MAX = 1e18
"""t_max of a question without `at` about a camera with no clips (finite: vector stores filter on it)."""


class MemoryAnswerer:
    """An answerer whose answers carry the memory pathways' evidence and a reconstructed narrative."""

    def __init__(
        self,
        inner: Answerer,
        retrievers: Sequence[Retriever],
        narrator: Narrator | None = None,
        *,
        store: GraphStore | None = None,
        timeout_s: float | None = None,
        max_evidence: int = MAX_EXTRA_EVIDENCE,
    ) -> None:
        if timeout_s is None:
            from spotter.reason.settings import ReasonerSettings

            timeout_s = ReasonerSettings().retrieval_timeout_s
        self._own_narrator = narrator is None
        if narrator is None:
            from spotter.reason.narrate import make_narrator

            narrator = make_narrator()
        self.inner = inner
        self.retrievers = list(retrievers)
        self.narrator = narrator
        self.store = store
        self.timeout_s = timeout_s
        self.max_evidence = max_evidence
        self.pathway_stats: dict[str, PathwayStats] = {}
        # A pathway that timed out keeps its worker until it returns: room for a few of those.
        self._pool = (
            ThreadPoolExecutor(max_workers=4 * len(self.retrievers), thread_name_prefix="ask-retrieve")
            if self.retrievers
            else None
        )

    @property
    def pathways(self) -> list[str]:
        return [r.name for r in self.retrievers]

    def close(self) -> None:
        """Stops the pathways' threads; closes the inner answerer and a narrator this answerer made."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        for owned in (self.inner, self.narrator if self._own_narrator else None):
            close = getattr(owned, "close", None)
            if callable(close):
                close()

    # --- Answerer ---

    def answer(self, question: str, camera_id: str, at: float | None = None) -> Answer:
        base = self.inner.answer(question, camera_id, at)
        items = self.retrieve(question, camera_id, at, base.entities or [])
        if not items:
            return base.model_copy(update={"narrative": base.answer})
        narrative = reconstruct(question, base.answer, items, self.narrator)
        evidence = self.evidence(base.evidence, items, camera_id, at)
        return base.model_copy(update={"narrative": narrative, "evidence": evidence})

    # --- steps ---

    def t_max(self, camera_id: str, at: float | None) -> float:
        if at is not None:
            return at
        if self.store is not None:
            last = self.store.clip_stats(camera_id).t_last
            if last is not None:
                return last
        return NO_CLIPS_T_MAX

    def retrieve(
        self, question: str, camera_id: str, at: float | None, entity_ids: Sequence[str]
    ) -> list[RetrievedItem]:
        """Every pathway's items for the question, in pathway order; none after `at`."""
        if not self.retrievers:
            return []
        t_max = self.t_max(camera_id, at)
        items = retrieve_all(
            self.retrievers, question, camera_id, t_max, list(dict.fromkeys(entity_ids)),
            timeout_s=self.timeout_s, executor=self._pool, stats=self.pathway_stats,
        )  # fmt: skip
        if at is None:
            return items
        # retrieve_all keeps items without a time; a question with `at` does not.
        return [i for i in items if i.t is not None and i.t <= at]

    def evidence(
        self, given: Sequence[Evidence], items: Sequence[RetrievedItem], camera_id: str, at: float | None
    ) -> list[Evidence]:
        """The inner answer's evidence, then the retrieved items' clips not in it (first seen first)."""
        out = list(given)
        have = {e.clip_id for e in given}
        spans = self._clip_spans(camera_id, items, at)
        added = 0
        for item in items:
            for clip_id in item.clip_ids:
                if clip_id in have or added >= self.max_evidence:
                    continue
                clip = spans.get(clip_id)
                if clip is not None:
                    start, end = clip.t_start, clip.t_end
                elif item.t is not None:
                    start = end = item.t
                else:
                    continue
                if at is not None:
                    if start > at:
                        continue
                    end = min(end, at)
                entity = item.entity_ids[0] if len(item.entity_ids) == 1 else None
                out.append(Evidence(clip_id=clip_id, t_start=start, t_end=max(start, end), entity_id=entity))
                have.add(clip_id)
                added += 1
        return out

    def _clip_spans(
        self, camera_id: str, items: Sequence[RetrievedItem], at: float | None
    ) -> dict[str, ClipRecord]:
        if self.store is None:
            return {}
        times = [i.t for i in items if i.t is not None and i.clip_ids]
        if not times:
            return {}
        t_hi = max(times) if at is None else min(max(times), at)
        try:
            clips = self.store.clips(camera_id, t_min=min(times) - ROLLUP_LOOKBACK_S, t_max=t_hi)
        except Exception as exc:  # noqa: BLE001 - spans are a nicety; the items' own times stand in
            log.warning("clip spans of the retrieved evidence not read: %s", exc)
            return {}
        return {c.clip_id: c for c in clips}


def memory_answerer(
    tools: GraphTools,
    store: GraphStore | None = None,
    *,
    summaries: Any = None,
    archive: Any = None,
    narrator: Narrator | None = None,
    inner: Answerer | None = None,
    hfov_deg: float = 90.0,
    timeout_s: float | None = None,
) -> MemoryAnswerer:
    """The reactive path over the pathways at hand: the knowledge graph (`store`, default `tools.store`)
    always; temporal summaries with a `spotter.summarize.SummaryIndex`; the visual archive with a
    `spotter.archive.VisualArchive`. `inner` defaults to `spotter.recall.make_answerer(tools, hfov_deg)`
    (the parser, or the agent when SPOTTER_AGENT_BASE_URL is set); `narrator` to
    `spotter.reason.narrate.make_narrator()`; `timeout_s` (per pathway) to SPOTTER_REASON_RETRIEVAL_TIMEOUT_S.

    Fits `spotter.recall.remember(answerer=...)`: `answerer=lambda t: memory_answerer(t, summaries=...)`.
    """
    from spotter.reason.pathways import make_retrievers, warm_up

    graph = store if store is not None else tools.store
    if inner is None:
        from spotter.recall import make_answerer

        inner = make_answerer(tools, hfov_deg)
    warm_up(summaries, who="/v1/ask")  # load the model now, not inside the first question's retrieval timeout
    return MemoryAnswerer(inner, make_retrievers(graph, summaries, archive), narrator, store=graph, timeout_s=timeout_s)


__all__ = ["MAX_EXTRA_EVIDENCE", "MemoryAnswerer", "memory_answerer"]
