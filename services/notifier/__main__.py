"""Notifier service: `python -m services.notifier [--check]`.

Consumes `streams.ALERTS` (group `notifier`), stores every alert for `GET /v1/alerts` and
delivers it to the matching webhook subscriptions: signed POSTs, retried with exponential
backoff from a schedule kept in Redis, idempotent by (subscription, alert_id), failed ones
kept with their last error. Knobs: `SPOTTER_NOTIFY_*`; see `spotter.alerts.notifier`.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from spotter import streams
from spotter.alerts.notifier import SERVICE, Notifier
from spotter.alerts.webhooks import NotifySettings
from spotter.messages import Alert
from spotter.service import ServiceContext, ServiceLoop, main_for


def build(ctx: ServiceContext) -> ServiceLoop:
    settings = NotifySettings()
    consumer = ctx.consumer(streams.ALERTS, streams.GROUP_NOTIFIER, model=Alert)
    notifier = Notifier(ctx.redis, settings)

    def run(stop: threading.Event) -> None:
        notifier.run(consumer, stop)

    return run


def main(argv: Sequence[str] | None = None) -> int:
    return main_for(SERVICE, build, argv)


if __name__ == "__main__":
    raise SystemExit(main())
