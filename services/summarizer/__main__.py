"""Summarizer service: `python -m services.summarizer [--check]`.

Consumes `streams.CAPTIONS` (group `summarizer`) and keeps each camera's multi-scale memory:
a clip entry per caption, activity and session roll-ups as their windows close, all embedded
(`SPOTTER_EMBED_*`) into the `summaries` collection of the vector store (`SPOTTER_VECTOR_*`).
Windows and backend come from `SPOTTER_SUMMARY_*`; see `spotter.summarize`.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from spotter import streams
from spotter.embed import EmbedSettings, make_embedder
from spotter.messages import Caption
from spotter.service import ServiceContext, ServiceLoop, main_for
from spotter.summarize import SERVICE, SummarizerSettings, SummaryIndex, make_backend
from spotter.summarize.service import SummarizerHandler
from spotter.vector import VectorSettings, make_vector_store


def build(ctx: ServiceContext) -> ServiceLoop:
    settings, embed, vector = SummarizerSettings(), EmbedSettings(), VectorSettings()
    consumer = ctx.consumer(streams.CAPTIONS, streams.GROUP_SUMMARIZER, model=Caption)
    # Built now, so a missing model or bad setting fails at start-up (exit 1), not per caption.
    embedder = make_embedder(embed)
    backend = make_backend(settings)

    def run(stop: threading.Event) -> None:
        store = make_vector_store(vector, settings.collection, embedder.dim)  # opened in the loop
        try:
            handler = SummarizerHandler(
                ctx.redis, SummaryIndex(embedder, store), settings, backend, owner=ctx.settings.consumer_name
            )
            consumer.run(handler, stop)
        finally:
            store.close()
            close = getattr(backend, "close", None)
            if close is not None:
                close()

    return run


def main(argv: Sequence[str] | None = None) -> int:
    return main_for(SERVICE, build, argv)


if __name__ == "__main__":
    raise SystemExit(main())
