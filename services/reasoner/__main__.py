"""Reasoner service: `python -m services.reasoner [--check]`.

Consumes `streams.CAPTIONS` (group `reasoner`), waits until the knowledge-graph
service has stored each caption's clip, decides on it with the offline rule engine
(`spotter.reason`) and publishes one `Decision` per clip on `streams.DECISIONS` and
the alerts on `streams.ALERTS` (for the notifier). The store comes from
`SPOTTER_GRAPH_*`, the rules from `SPOTTER_REASON_*`; deep alerts retrieve from the graph and,
with `SPOTTER_VECTOR_BACKEND=qdrant`, the summaries and visual archive. See `spotter.reason.service`.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from spotter import streams
from spotter.graph.registry import GraphSettings, open_graph_store
from spotter.messages import Caption
from spotter.reason.service import SERVICE, open_reasoner
from spotter.reason.settings import ReasonerSettings
from spotter.service import ServiceContext, ServiceLoop, main_for


def build(ctx: ServiceContext) -> ServiceLoop:
    settings, graph = ReasonerSettings(), GraphSettings()
    consumer = ctx.consumer(streams.CAPTIONS, streams.GROUP_REASONER, model=Caption)

    def run(stop: threading.Event) -> None:
        store = open_graph_store(graph)  # opened in the loop, so building the service does no I/O
        try:
            with open_reasoner(ctx.redis, store, settings, stop=stop) as handler:
                consumer.run(handler, stop)
        finally:
            store.close()

    return run


def main(argv: Sequence[str] | None = None) -> int:
    return main_for(SERVICE, build, argv)


if __name__ == "__main__":
    raise SystemExit(main())
