"""Knowledge-graph service: `python -m services.knowledge_graph [--check]`.

Consumes `streams.CAPTIONS` (group `knowledge-graph`), resolves each caption's
observations into entities with world-fixed bearings (`spotter.world`), writes
one graph transaction per caption and publishes `WorldEvent`s on
`streams.WORLD_EVENTS`. The store comes from `SPOTTER_GRAPH_*` (SQLite file by
default, or Neo4j), the thresholds from `SPOTTER_WORLD_*`, the service knobs
from `SPOTTER_KG_*`. Ordering per camera and crash safety: see
`spotter.world.service`.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from spotter import streams
from spotter.graph.registry import GraphSettings, open_graph_store
from spotter.messages import Caption
from spotter.service import ServiceContext, ServiceLoop, main_for
from spotter.world.service import SERVICE, KnowledgeGraphHandler, KnowledgeGraphSettings
from spotter.world.settings import WorldSettings


def build(ctx: ServiceContext) -> ServiceLoop:
    settings, world, graph = KnowledgeGraphSettings(), WorldSettings(), GraphSettings()
    consumer = ctx.consumer(streams.CAPTIONS, streams.GROUP_KNOWLEDGE_GRAPH, model=Caption)

    def run(stop: threading.Event) -> None:
        store = open_graph_store(graph)  # opened in the loop, so building the service does no I/O
        try:
            handler = KnowledgeGraphHandler(
                ctx.redis, store, settings, world, owner=ctx.settings.consumer_name, stop=stop
            )
            consumer.run(handler, stop)
        finally:
            store.close()

    return run


def main(argv: Sequence[str] | None = None) -> int:
    return main_for(SERVICE, build, argv)


if __name__ == "__main__":
    raise SystemExit(main())
