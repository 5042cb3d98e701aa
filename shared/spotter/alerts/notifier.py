"""The notifier: stores every alert and delivers it to the matching webhooks.

Two loops share one stop event:

- the alert loop consumes `streams.ALERTS` (group `notifier`) and, in one Redis
  transaction per alert, stores it (`AlertStore` layout) and creates one
  `DeliveryRecord` per matching subscription (HSETNX) plus its entry in the delivery
  schedule (ZADD NX). A redelivered alert message therefore creates nothing new, and
  an entry for a delivery that already ended is dropped when it comes due.
- the delivery loop claims due schedule entries atomically (their score moves to a
  lease deadline, so no other replica takes them while this one tries), POSTs the
  signed alert with a bounded timeout, and records the outcome: 2xx -> delivered;
  transport errors, 408, 429 and 5xx -> retried after an exponential backoff with
  jitter (a short `Retry-After` is honoured); anything else, a refused URL or the
  last allowed attempt -> failed, kept with its attempts and last error.

Exactly once in effect: after a 2xx the record says delivered and nothing sends it
again. The one window left is a notifier killed between the receiver's 2xx and the
record's update: the lease expires and the POST is repeated, with the same
`alert_id` (body and `X-Spotter-Alert-Id`), by which the receiver deduplicates.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any, cast
from urllib.parse import urlsplit

import httpx
from redis import Redis

from spotter import streams
from spotter.alerts.store import AlertNotFound, AlertStore, DeliveryRecord, schedule_member, split_member
from spotter.alerts.webhooks import (
    ALERT_ID_HEADER,
    ATTEMPT_HEADER,
    SIGNATURE_HEADER,
    WEBHOOK_ID_HEADER,
    NotifySettings,
    Resolver,
    Subscription,
    WebhookHostUnresolved,
    WebhookNotFound,
    WebhookStore,
    WebhookTarget,
    WebhookUrlRefused,
    sign,
    system_resolver,
    webhook_target,
)
from spotter.bus import TRANSIENT_ERRORS, Delivery, StreamConsumer
from spotter.messages import Alert

log = logging.getLogger(__name__)

SERVICE = "notifier"
USER_AGENT = "Spotter-Notifier/1"
RETRYABLE_STATUS = frozenset({408, 425, 429})
MAX_ERROR_CHARS = 500

# Move up to ARGV[2] entries due by ARGV[1] to score ARGV[3] (the lease deadline) and return them.
_CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, member in ipairs(due) do
  redis.call('ZADD', KEYS[1], 'XX', ARGV[3], member)
end
return due
"""


_STORE_ONCE = """
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then
  redis.call('HINCRBY', KEYS[2], ARGV[3], 1)
  return 1
end
return 0
"""


def _host(url: str) -> str:
    """The host of a URL, for logs (paths and queries of webhook URLs can hold tokens)."""
    return urlsplit(url).hostname or "?"


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("Retry-After")
    if value is None:
        return None
    try:
        seconds = float(value)
    except ValueError:
        return None
    return seconds if seconds >= 0 else None


class Notifier:
    """Stores alerts, fans them out to subscriptions and delivers them; the constructor does no I/O.

    `resolve` and `clock` are injectable for tests (the resolver backs the SSRF check);
    `lease_s` is how long a claimed delivery is reserved for the replica that claimed it
    (default: long enough for one attempt with its timeouts).
    """

    def __init__(
        self,
        redis: Redis,
        settings: NotifySettings,
        *,
        resolve: Resolver = system_resolver,
        clock: Callable[[], float] = time.time,
        lease_s: float | None = None,
    ) -> None:
        self.redis = redis
        self.settings = settings
        self.resolve = resolve
        self.clock = clock
        self.lease_s = lease_s if lease_s is not None else 4 * settings.timeout_s + 5.0
        self.alerts = AlertStore(redis)
        self.webhooks = WebhookStore(redis)
        self._claim = redis.register_script(_CLAIM)
        self._wake = threading.Event()

    def wake(self) -> None:
        """Make an idle delivery loop look at the schedule (and its stop event) now."""
        self._wake.set()

    # --- the alert loop -------------------------------------------------------------

    def handle(self, delivery: Delivery[Alert]) -> None:
        """Stream handler: idempotent by alert_id (and by subscription for each delivery)."""
        self.accept(delivery.message)

    def accept(self, alert: Alert) -> int:
        """Store `alert` and schedule its deliveries; returns how many subscriptions match."""
        subs = [s for s in self.webhooks.list_all() if s.matches(alert)]
        now = self.clock()
        pipe = self.redis.pipeline(transaction=True)
        # stored once (the first copy wins) and counted once, in the same transaction
        pipe.eval(_STORE_ONCE, 2, streams.ALERT_RECORDS, streams.ALERT_COUNTS, alert.alert_id,
                  alert.model_dump_json(), alert.category)  # fmt: skip
        pipe.zadd(streams.alerts_by_camera_key(alert.camera_id), {alert.alert_id: alert.t}, nx=True)
        pipe.zadd(streams.ALERTS_BY_TIME, {alert.alert_id: alert.wall_time}, nx=True)
        for sub in subs:
            record = DeliveryRecord(
                subscription_id=sub.id, url=sub.url, created_at=now, updated_at=now, next_attempt_at=now
            )
            pipe.hsetnx(streams.deliveries_key(alert.alert_id), sub.id, record.model_dump_json())
            pipe.zadd(streams.DELIVERY_SCHEDULE, {schedule_member(alert.alert_id, sub.id): now}, nx=True)
        pipe.execute()
        if subs:
            self._wake.set()
        log.info(
            "alert %s (%s, camera %s): %d webhook(s)",
            alert.alert_id,
            alert.category,
            alert.camera_id,
            len(subs),
        )
        return len(subs)

    # --- the delivery loop -------------------------------------------------------------

    def claim_due(self, limit: int, now: float | None = None) -> list[str]:
        """Reserve up to `limit` due deliveries for this replica (for `lease_s`)."""
        at = self.clock() if now is None else now
        raw = cast(
            list[Any], self._claim(keys=[streams.DELIVERY_SCHEDULE], args=[at, limit, at + self.lease_s])
        )
        return [m.decode() if isinstance(m, bytes) else str(m) for m in raw]

    def attempt(self, member: str, client: httpx.Client) -> DeliveryRecord | None:
        """Try one claimed delivery once and record the outcome; None when there was nothing to do."""
        alert_id, sub_id = split_member(member)
        record = self.alerts.delivery(alert_id, sub_id)
        if record is None or record.status != "pending":
            self.redis.zrem(
                streams.DELIVERY_SCHEDULE, member
            )  # ended before: a redelivered alert re-added it
            return None
        try:
            alert = self.alerts.get(alert_id)
            sub = self.webhooks.get(sub_id)
        except WebhookNotFound:
            return self._finish(member, record, "cancelled", "the webhook was deleted")
        except AlertNotFound:
            return self._finish(member, record, "failed", "the alert is no longer stored")
        try:
            target = webhook_target(sub.url, allow_private=self.settings.allow_private, resolve=self.resolve)
        except WebhookHostUnresolved as exc:
            return self._retry_or_fail(member, record, str(exc), None, None)
        except WebhookUrlRefused as exc:
            return self._finish(member, record, "failed", f"refused: {exc}", attempted=True)
        return self._post(member, record, alert, sub, target, client)

    def _post(
        self,
        member: str,
        record: DeliveryRecord,
        alert: Alert,
        sub: Subscription,
        target: WebhookTarget,
        client: httpx.Client,
    ) -> DeliveryRecord:
        body = alert.model_dump_json().encode()
        attempt_no = record.attempts + 1
        headers = {
            "Content-Type": "application/json",
            SIGNATURE_HEADER: sign(sub.secret.get_secret_value(), int(self.clock()), body),
            ALERT_ID_HEADER: alert.alert_id,
            WEBHOOK_ID_HEADER: sub.id,
            ATTEMPT_HEADER: str(attempt_no),
            # Connect to the address checked a moment ago, never to a second DNS answer (rebinding); the
            # Host header and the TLS name (SNI and certificate check) stay the subscribed host. One
            # connection per delivery: a pooled TLS connection to the same address may belong to another name.
            "Host": target.host_header(),
            "Connection": "close",
        }
        status: int | None = None
        retry_after: float | None = None
        try:
            # Streamed and closed unread: a receiver's reply body is of no use and may be large.
            with client.stream(
                "POST", target.pinned_url(), content=body, headers=headers, extensions={"sni_hostname": target.host}
            ) as response:
                status = response.status_code
                retry_after = _retry_after(response)
        except httpx.InvalidURL as exc:
            # Not an HTTPError: uncaught, it left the delivery pending with no attempt counted, re-claimed
            # every lease. A URL httpx cannot send to never will: one counted attempt, failed.
            error = f"invalid URL: {exc}"[:MAX_ERROR_CHARS]
            return self._finish(member, record, "failed", error, status_code=None, attempted=True)
        except httpx.HTTPError as exc:
            error = f"{type(exc).__name__}: {exc}"[:MAX_ERROR_CHARS]
            return self._retry_or_fail(member, record, error, None, None)
        # A private target's status codes would map the internal network for anyone who may subscribe.
        shown = None if target.private and not self.settings.expose_private_status else status
        what = f"HTTP {status}" if shown is not None else "HTTP error (a private target's status is not shown)"
        if 200 <= status < 300:
            log.info(
                "alert %s delivered to %s (%s) on attempt %d",
                alert.alert_id,
                sub.id,
                _host(sub.url),
                attempt_no,
            )
            return self._finish(member, record, "delivered", None, status_code=shown, attempted=True)
        if status in RETRYABLE_STATUS or status >= 500:
            return self._retry_or_fail(member, record, what, shown, retry_after)
        return self._finish(
            member, record, "failed", f"{what} (not retried; POST /v1/alerts/{{id}}/redeliver sends it again)",
            status_code=shown, attempted=True,
        )  # fmt: skip

    def backoff_s(self, attempts: int) -> float:
        """Delay after the `attempts`-th failed attempt: base * 2^(attempts-1), capped, half of it jittered."""
        s = self.settings
        delay = min(s.backoff_max_s, s.backoff_base_s * 2.0 ** max(0, attempts - 1))
        return delay / 2 + random.uniform(0.0, delay / 2)

    def _retry_or_fail(
        self,
        member: str,
        record: DeliveryRecord,
        error: str,
        status_code: int | None,
        retry_after: float | None,
    ) -> DeliveryRecord:
        attempts = record.attempts + 1
        if attempts >= self.settings.max_attempts:
            return self._finish(
                member, record, "failed", f"gave up after {attempts} attempts; last: {error}",
                status_code=status_code, attempted=True,
            )  # fmt: skip
        delay = self.backoff_s(attempts)
        if retry_after is not None and retry_after <= self.settings.backoff_max_s:
            delay = max(delay, retry_after)
        now = self.clock()
        updated = record.model_copy(
            update={
                "attempts": attempts,
                "last_error": error,
                "last_status_code": status_code,
                "updated_at": now,
                "next_attempt_at": now + delay,
            }
        )
        alert_id, sub_id = split_member(member)
        pipe = self.redis.pipeline(transaction=True)
        pipe.hset(streams.deliveries_key(alert_id), sub_id, updated.model_dump_json())
        pipe.zadd(streams.DELIVERY_SCHEDULE, {member: now + delay})
        health = streams.webhook_health_key(sub_id)
        pipe.hincrby(health, "failed_attempts", 1)
        pipe.hset(health, mapping={"last_failure_at": now, "last_error": error[:MAX_ERROR_CHARS]})
        pipe.execute()
        log.info(
            "alert %s to %s: attempt %d failed (%s); next in %.2fs", alert_id, sub_id, attempts, error, delay
        )
        return updated

    def _finish(
        self,
        member: str,
        record: DeliveryRecord,
        status: str,
        error: str | None,
        *,
        status_code: int | None = None,
        attempted: bool = False,
    ) -> DeliveryRecord:
        now = self.clock()
        update: dict[str, Any] = {"status": status, "updated_at": now, "next_attempt_at": None}
        if attempted:
            update["attempts"] = record.attempts + 1
            update["last_status_code"] = status_code
        if error is not None:
            update["last_error"] = error[:MAX_ERROR_CHARS]
        if status == "delivered":
            update["delivered_at"] = now
        updated = DeliveryRecord.model_validate({**record.model_dump(), **update})
        alert_id, sub_id = split_member(member)
        pipe = self.redis.pipeline(transaction=True)
        pipe.hset(streams.deliveries_key(alert_id), sub_id, updated.model_dump_json())
        pipe.zrem(streams.DELIVERY_SCHEDULE, member)
        health = streams.webhook_health_key(sub_id)
        if status == "delivered":
            pipe.hincrby(health, "delivered", 1)
            pipe.hset(health, "last_delivered_at", now)
        elif status == "failed":
            pipe.hincrby(health, "failed", 1)
            if attempted:
                pipe.hincrby(health, "failed_attempts", 1)
            pipe.hset(health, mapping={"last_failure_at": now, "last_error": (error or "")[:MAX_ERROR_CHARS]})
        pipe.execute()
        if status != "delivered":
            log.warning("alert %s to %s: %s (%s)", alert_id, sub_id, status, error)
        return updated

    def _attempt_safely(self, member: str, client: httpx.Client) -> None:
        try:
            self.attempt(member, client)
        except TRANSIENT_ERRORS as exc:
            log.warning("delivery %s: redis unavailable (%s); retried once its lease ends", member, exc)
        except Exception as exc:
            log.exception("delivery %s failed unexpectedly", member)
            self._count_failed_attempt(member, f"internal error: {type(exc).__name__}")

    def _count_failed_attempt(self, member: str, error: str) -> None:
        """An attempt that ended in our own error still counts: no delivery is re-claimed forever."""
        try:
            record = self.alerts.delivery(*split_member(member))
            if record is not None and record.status == "pending":
                self._retry_or_fail(member, record, error, None, None)
        except Exception:
            log.exception("delivery %s: could not record the failed attempt; retried once its lease ends", member)

    def _idle_s(self) -> float:
        """How long to wait for work: until the next due delivery, at most `poll_s`."""
        head = cast(
            list[tuple[bytes, float]], self.redis.zrange(streams.DELIVERY_SCHEDULE, 0, 0, withscores=True)
        )
        if not head:
            return self.settings.poll_s
        return min(self.settings.poll_s, max(0.0, head[0][1] - self.clock()))

    def make_client(self) -> httpx.Client:
        """The HTTP client of the delivery loop: bounded timeouts, no redirects (they would skip the URL check)."""
        return httpx.Client(
            timeout=httpx.Timeout(self.settings.timeout_s),
            follow_redirects=False,
            headers={"User-Agent": USER_AGENT},
            limits=httpx.Limits(max_connections=self.settings.workers * 2),
        )

    def run_deliveries(self, stop: threading.Event) -> None:
        """Deliver due entries until `stop` is set; attempts in flight finish first.

        Up to `workers` attempts run at once; a slot that frees up is refilled at once, so
        one slow receiver holds one slot, not the whole loop.
        """
        workers = self.settings.workers
        failures = 0
        inflight: set[Future[None]] = set()
        with self.make_client() as client, ThreadPoolExecutor(workers, thread_name_prefix="notify") as pool:
            try:
                while not stop.is_set():
                    if len(inflight) >= workers:  # every slot busy: wait for one to free up
                        inflight = wait(inflight, return_when=FIRST_COMPLETED).not_done
                        continue
                    try:
                        due = self.claim_due(workers - len(inflight))
                        idle = 0.0 if due else self._idle_s()
                        failures = 0
                    except TRANSIENT_ERRORS as exc:
                        due, failures = [], failures + 1
                        idle = min(5.0, 0.1 * 2**failures)
                        log.warning("delivery loop: redis unavailable (%s); retrying in %.2fs", exc, idle)
                    inflight |= {pool.submit(self._attempt_safely, m, client) for m in due}
                    if idle <= 0:
                        continue
                    if inflight:  # wake when an attempt ends or the next entry is due
                        inflight = wait(inflight, timeout=idle, return_when=FIRST_COMPLETED).not_done
                    else:  # wake when the next entry is due or a new alert was scheduled
                        self._wake.wait(idle)
                        self._wake.clear()
            finally:
                wait(inflight)

    def run(self, consumer: StreamConsumer[Alert], stop: threading.Event) -> None:
        """Both loops until `stop` is set (the alert loop in a thread); returns once both have.

        If either loop fails, the other is stopped and the error is raised.
        """
        crashed: list[BaseException] = []

        def consume() -> None:
            try:
                consumer.run(self.handle, stop)
            except BaseException as exc:
                crashed.append(exc)
                stop.set()
                self._wake.set()

        alerts = threading.Thread(target=consume, name="notifier-alerts", daemon=True)
        alerts.start()
        try:
            self.run_deliveries(stop)
        finally:
            stop.set()
            self._wake.set()
            alerts.join()
        if crashed:
            raise crashed[0]


__all__ = ["SERVICE", "Notifier"]
