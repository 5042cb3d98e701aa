"""The memory pathways of the distributed mode, opened by the services that retrieve (API, reasoner).

EgoMemo's three retrieval pathways (`spotter.reason.retrieval`) read: the knowledge graph (the
service's own `GraphStore`), the temporal summaries (the summarizer's collection,
`SPOTTER_SUMMARY_COLLECTION`, embedded with `SPOTTER_EMBED_*`) and the visual archive
(`SPOTTER_ARCHIVE_*`), written by the summarizer and visual-archive services. With
`SPOTTER_VECTOR_BACKEND=qdrant` they are read from the Qdrant server; with the embedded backend
(the default, services on one host) from the writers' index files in `SPOTTER_VECTOR_EMBEDDED_PATH`,
as read-only views that follow each commit (`EmbeddedVectorStore(read_only=True)`), so every
pathway works in both topologies. `open_memory_pathways` opens them, `make_retrievers` turns what
opened into `Retriever`s and `close_memory_pathways` closes them. A pathway that cannot open (Qdrant
down, `:memory:` indexes that belong to another process) is absent, logged as a warning, and
`pathway_status` says so to `/readyz` and `/metrics`.
"""

from __future__ import annotations

import logging
from typing import Any

from redis import Redis

from spotter.blobstore import LocalBlobStore
from spotter.graph.base import GraphStore
from spotter.reason.reasoner import Retriever
from spotter.vector import VectorSettings, make_vector_store

log = logging.getLogger(__name__)


def open_memory_pathways(
    redis: Redis, vector: VectorSettings | None = None, *, who: str = "retrieval"
) -> tuple[Any, Any]:
    """(SummaryIndex | None, VisualArchive | None) from the shared vector store (see the module docstring).

    `who` prefixes the log lines ("/v1/ask", "reasoner"). Never raises for a pathway that does not
    open: it is absent (None) and the reason is logged."""
    vector = vector if vector is not None else VectorSettings()
    if vector.backend != "qdrant" and vector.embedded_path == ":memory:":
        log.warning(
            "%s: no temporal or visual pathway: SPOTTER_VECTOR_EMBEDDED_PATH=:memory: keeps the summarizer's "
            "and the archive's indexes inside their own processes; knowledge graph only", who,
        )  # fmt: skip
        return None, None
    read_only = vector.backend != "qdrant"
    if read_only:
        log.info(
            "%s: temporal and visual pathways read the embedded indexes in %s (written by the summarizer and "
            "visual-archive services on this host)", who, vector.embedded_path,
        )  # fmt: skip
    summaries: Any = None
    archive: Any = None
    try:
        from spotter.embed import EmbedSettings, make_embedder
        from spotter.summarize import SummarizerSettings, SummaryIndex

        embedder = make_embedder(EmbedSettings())
        vectors = make_vector_store(vector, SummarizerSettings().collection, embedder.dim, read_only=read_only)
        try:
            summaries = SummaryIndex(embedder, vectors)
        except BaseException:
            vectors.close()
            raise
    except Exception as exc:  # noqa: BLE001 - the pathway is absent, the caller goes on without it
        log.warning("%s: no temporal pathway, the summaries did not open: %s", who, exc)
    try:
        from spotter.archive import ArchiveSettings, VisualArchive

        settings = ArchiveSettings()
        archive = VisualArchive.from_settings(
            redis, LocalBlobStore(settings.blob_dir), settings, vector, read_only=read_only
        )
    except Exception as exc:  # noqa: BLE001 - the pathway is absent, the caller goes on without it
        log.warning("%s: no visual pathway, the visual archive did not open: %s", who, exc)
    return summaries, archive


ALL_PATHWAYS = ("temporal", "graph", "visual")


def make_retrievers(
    store: GraphStore, summaries: Any = None, archive: Any = None, *, pathways: Any = ALL_PATHWAYS
) -> list[Retriever]:
    """The one place retrievers are made (the reasoner and /v1/ask of both modes): the pathways at hand,
    in EgoMemo's order: temporal (`SummaryRetriever`, with a SummaryIndex), knowledge graph
    (`GraphRetriever`) and visual (`VisualRetriever`, with a VisualArchive). `pathways`: the subset to
    use (ablations)."""
    from spotter.reason.retrieval import GraphRetriever, SummaryRetriever, VisualRetriever

    retrievers: list[Retriever] = []
    if summaries is not None and "temporal" in pathways:
        retrievers.append(SummaryRetriever(summaries))
    if "graph" in pathways:
        retrievers.append(GraphRetriever(store))
    if archive is not None and "visual" in pathways:
        retrievers.append(VisualRetriever(archive))
    return retrievers


def warm_up(summaries: Any, *, who: str = "retrieval") -> None:
    """Load the summaries' embedding model now, not inside the first retrieval's timeout."""
    if summaries is None:
        return
    try:
        summaries.embedder.embed(["warm up"])
    except Exception as exc:  # noqa: BLE001 - the pathway then fails per call, costing its evidence
        log.warning("%s: the summary embedder did not warm up: %s", who, exc)


def pathway_status(summaries: Any, archive: Any) -> dict[str, str]:
    """Per vector-store pathway ("temporal", "visual"): "ok" when its store answers a count, else why not
    (for `/readyz` and `/metrics`: a pathway that is missing or unreachable is never silent)."""
    out: dict[str, str] = {}
    for name, holder in (("temporal", summaries), ("visual", archive)):
        if holder is None:
            out[name] = "absent: it did not open (see the log at start-up)"
            continue
        try:
            holder.store.count()
            out[name] = "ok"
        except Exception as exc:  # noqa: BLE001 - any failure means the pathway is down
            out[name] = f"{type(exc).__name__}: {exc}"[:300]
    return out


def close_memory_pathways(summaries: Any, archive: Any) -> None:
    """Close what `open_memory_pathways` opened (either may be None)."""
    if summaries is not None:
        summaries.store.close()
    if archive is not None:
        archive.close()


__all__ = ["ALL_PATHWAYS", "close_memory_pathways", "make_retrievers", "open_memory_pathways", "pathway_status", "warm_up"]
