"""Webhook delivery inside the embedded mode: the notifier's store and delivery loop in a thread.

`spotter replay/eval/demo --webhook URL` run the reasoner clip by clip while the video
plays; each alert is handed to `Notifier.accept` at once (stored, one delivery per matching
subscription, same records and signatures as the notifier service) and a delivery loop in
this process POSTs it, retried with backoff. `drain` waits, bounded, until nothing is
pending, so a short replay does not exit with alerts undelivered; what is still pending
then is reported (and stays in Redis when `REDIS_URL` names a server that outlives the run).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from redis import Redis

from spotter import streams
from spotter.alerts.notifier import Notifier
from spotter.alerts.store import AlertStore, split_member
from spotter.alerts.webhooks import NotifySettings, Subscription, WebhookStore, check_webhook_url
from spotter.errors import ConfigError
from spotter.messages import Alert

log = logging.getLogger(__name__)


@dataclass
class DeliveryReport:
    """What became of the run's alerts' deliveries."""

    alerts: int = 0
    delivered: int = 0
    failed: int = 0
    pending: int = 0
    accepted_wall: dict[str, float] = field(default_factory=dict)
    """Alert id -> when the reasoner handed it over (Unix time)."""


class EmbeddedDelivery:
    """Subscribes the given URLs, accepts alerts as the reasoner emits them, delivers in a thread."""

    def __init__(self, redis: Redis, settings: NotifySettings | None = None) -> None:
        self.redis = redis
        self.settings = settings or NotifySettings()
        self.notifier = Notifier(redis, self.settings)
        self.report = DeliveryReport()
        self._ids: list[str] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def subscribe(self, urls: Sequence[str], secret: str | None) -> list[Subscription]:
        """One subscription per URL (checked like the API checks it); raises ConfigError."""
        if urls and not secret:
            raise ConfigError("--webhook needs a signing secret: --webhook-secret or SPOTTER_WEBHOOK_SECRET")
        store = WebhookStore(self.redis)
        out = []
        for url in urls:
            try:
                checked = check_webhook_url(url, allow_private=self.settings.allow_private)
            except Exception as exc:  # WebhookUrlRefused and resolver errors: the user's input
                hint = (
                    ""
                    if self.settings.allow_private
                    else " (SPOTTER_NOTIFY_ALLOW_PRIVATE=1 allows private hosts)"
                )
                raise ConfigError(f"webhook {url!r} refused: {exc}{hint}") from None
            out.append(store.create(checked, cast(str, secret)))
        return out

    def start(self) -> EmbeddedDelivery:
        self._thread = threading.Thread(
            target=self.notifier.run_deliveries, args=(self._stop,), name="deliveries", daemon=True
        )
        self._thread.start()
        return self

    def accept(self, alerts: Sequence[Alert]) -> None:
        """Store and schedule (idempotent by alert id); the delivery loop wakes at once."""
        for alert in alerts:
            self.notifier.accept(alert)
            self.report.accepted_wall.setdefault(alert.alert_id, time.time())
            if alert.alert_id not in self._ids:
                self._ids.append(alert.alert_id)

    def drain(self, timeout_s: float) -> DeliveryReport:
        """Wait until no delivery is pending (at most `timeout_s`), stop the loop, count outcomes."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline and self._pending():
            time.sleep(0.05)
        self._stop.set()
        self.notifier.wake()
        if self._thread is not None:
            self._thread.join(timeout=self.settings.timeout_s + 5.0)
        store = AlertStore(self.redis)
        r = self.report
        r.alerts, r.delivered, r.failed, r.pending = len(self._ids), 0, 0, 0
        for alert_id in self._ids:
            for d in store.deliveries(alert_id):
                if d.status == "delivered":
                    r.delivered += 1
                elif d.status == "pending":
                    r.pending += 1
                else:
                    r.failed += 1
        if r.pending:
            log.warning("%d webhook deliveries still pending after %.0f s", r.pending, timeout_s)
        return r

    def _pending(self) -> bool:
        mine = set(self._ids)
        members = cast(list[bytes], self.redis.zrange(streams.DELIVERY_SCHEDULE, 0, -1))
        return any(split_member(m.decode())[0] in mine for m in members)


__all__ = ["DeliveryReport", "EmbeddedDelivery"]
