"""Flow-tracker service: `python -m services.flow_tracker [--check]`.

Each replica owns cameras by lease (see `spotter.flow_tracker`); start more
replicas to spread cameras, and a replica that dies has its cameras taken
over, heading included, within `SPOTTER_FLOW_LEASE_MS`.
"""

from __future__ import annotations

from collections.abc import Sequence

from spotter.flow_tracker import SERVICE, FlowTrackerSettings, FlowTrackerWorker
from spotter.service import ServiceContext, ServiceLoop, main_for


def build(ctx: ServiceContext) -> ServiceLoop:
    worker = FlowTrackerWorker(ctx.redis, FlowTrackerSettings(), ctx.settings.consumer_name)
    return worker.run


def main(argv: Sequence[str] | None = None) -> int:
    return main_for(SERVICE, build, argv)


if __name__ == "__main__":
    raise SystemExit(main())
