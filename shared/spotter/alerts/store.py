"""Alerts and their deliveries as kept in Redis, for the notifier and `GET /v1/alerts`.

Layout (names in `spotter.streams`):

- `ALERT_RECORDS`: hash alert_id -> Alert JSON. HSETNX: the first copy of an alert wins,
  so a republished or redelivered alert changes nothing.
- `alerts_by_camera_key(camera)`: sorted set of alert ids by media time `t`;
  `ALERTS_BY_TIME`: sorted set of every alert id by its wall time.
- `deliveries_key(alert_id)`: hash subscription id -> `DeliveryRecord` JSON. One record per
  (alert, subscription) is the idempotency key of delivery; records are never deleted, so a
  delivery that failed for good stays visible with its attempts and last error.
- `DELIVERY_SCHEDULE`: sorted set "<alert_id>|<subscription id>" by the unix time the next
  attempt is due. It lives in Redis, so retries survive a restart of the notifier.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, cast

from pydantic import BaseModel, ConfigDict, Field
from redis import Redis

from spotter import streams
from spotter.errors import SpotterError
from spotter.messages import Alert, AlertCategory

DeliveryStatus = Literal["pending", "delivered", "failed", "cancelled"]
SEPARATOR = "|"  # alert ids cannot contain it (messages.ALERT_ID_PATTERN)


class AlertNotFound(SpotterError):
    """No alert with that id."""


class DeliveryRecord(BaseModel):
    """The state of delivering one alert to one subscription."""

    model_config = ConfigDict(extra="forbid")

    subscription_id: str = Field(description="The webhook subscription")
    url: str = Field(description="The webhook URL when the delivery was created")
    status: DeliveryStatus = Field(
        default="pending",
        description="pending (retrying), delivered (a 2xx came back), failed (gave up or refused), "
        "cancelled (the webhook was deleted first)",
    )
    attempts: int = Field(default=0, ge=0, description="POSTs tried so far")
    last_error: str | None = Field(default=None, description="Why the last attempt failed")
    last_status_code: int | None = Field(default=None, description="HTTP status of the last attempt")
    created_at: float = Field(description="Unix time the delivery was created")
    updated_at: float = Field(description="Unix time of the last change")
    next_attempt_at: float | None = Field(default=None, description="When the next attempt is due (pending)")
    delivered_at: float | None = Field(default=None, description="Unix time of the successful attempt")
    redeliveries: int = Field(default=0, ge=0, description="Times a user sent it again after it failed")


@dataclass(frozen=True, slots=True)
class StoredAlert:
    """An alert and the state of each of its deliveries."""

    alert: Alert
    deliveries: list[DeliveryRecord]


def schedule_member(alert_id: str, subscription_id: str) -> str:
    return f"{alert_id}{SEPARATOR}{subscription_id}"


def split_member(member: str) -> tuple[str, str]:
    alert_id, _, subscription_id = member.partition(SEPARATOR)
    return alert_id, subscription_id


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class AlertStore:
    """Reads and writes alerts and delivery records; the constructor does no I/O."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    def get(self, alert_id: str) -> Alert:
        raw = cast(bytes | None, self.redis.hget(streams.ALERT_RECORDS, alert_id))
        if raw is None:
            raise AlertNotFound(f"no alert {alert_id!r}")
        return Alert.model_validate_json(raw)

    def deliveries(self, alert_id: str) -> list[DeliveryRecord]:
        raw = cast(dict[bytes, bytes], self.redis.hgetall(streams.deliveries_key(alert_id)))
        records = [DeliveryRecord.model_validate_json(v) for v in raw.values()]
        return sorted(records, key=lambda r: (r.created_at, r.subscription_id))

    def delivery(self, alert_id: str, subscription_id: str) -> DeliveryRecord | None:
        raw = cast(bytes | None, self.redis.hget(streams.deliveries_key(alert_id), subscription_id))
        return DeliveryRecord.model_validate_json(raw) if raw is not None else None

    def stored(self, alert_id: str) -> StoredAlert:
        return StoredAlert(self.get(alert_id), self.deliveries(alert_id))

    def redeliver(self, alert_id: str, subscription_ids: Sequence[str] | None = None, now: float | None = None) -> list[str]:
        """Put the alert's failed deliveries (to still-existing subscriptions) back on the schedule.

        Each starts a new round of attempts (`attempts` back to 0, the last error kept until the next
        attempt); returns the subscription ids rescheduled. A delivered, pending or cancelled one is left.
        """
        at = time.time() if now is None else now
        self.get(alert_id)  # AlertNotFound
        wanted = None if subscription_ids is None else set(subscription_ids)
        out: list[str] = []
        for record in self.deliveries(alert_id):
            if record.status != "failed" or (wanted is not None and record.subscription_id not in wanted):
                continue
            if not self.redis.hexists(streams.WEBHOOKS, record.subscription_id):
                continue  # the webhook is gone: nothing to send to
            again = record.model_copy(update={"status": "pending", "attempts": 0, "updated_at": at,
                                              "next_attempt_at": at, "redeliveries": record.redeliveries + 1})  # fmt: skip
            pipe = self.redis.pipeline(transaction=True)
            pipe.hset(streams.deliveries_key(alert_id), record.subscription_id, again.model_dump_json())
            pipe.zadd(streams.DELIVERY_SCHEDULE, {schedule_member(alert_id, record.subscription_id): at})
            pipe.execute()
            out.append(record.subscription_id)
        return out

    def query(
        self,
        *,
        camera_id: str | None = None,
        categories: Sequence[AlertCategory] | None = None,
        since: float | None = None,
        until: float | None = None,
        delivery_status: DeliveryStatus | None = None,
        limit: int = 100,
    ) -> list[StoredAlert]:
        """Alerts newest first: by media time `t` for one camera, by wall time across cameras.

        `since`/`until` bound the media time `t` (inclusive); `categories` keeps those
        categories; `delivery_status` keeps alerts with at least one delivery in that state.
        """
        if limit < 1:
            return []
        if camera_id is not None:
            key = streams.alerts_by_camera_key(camera_id)
            hi = until if until is not None else math.inf
            lo = since if since is not None else -math.inf
        else:
            key, hi, lo = streams.ALERTS_BY_TIME, math.inf, -math.inf
        wanted = set(categories) if categories else None
        page = max(limit, 100)
        out: list[StoredAlert] = []
        offset = 0
        while len(out) < limit:
            ids = [
                _text(i)
                for i in cast(
                    list[bytes], self.redis.zrevrangebyscore(key, hi, lo, start=offset, num=page)
                )
            ]
            if not ids:
                break
            offset += len(ids)
            raws = cast(list[bytes | None], self.redis.hmget(streams.ALERT_RECORDS, ids))
            pipe = self.redis.pipeline(transaction=False)
            for alert_id in ids:
                pipe.hgetall(streams.deliveries_key(alert_id))
            all_deliveries = cast(list[dict[bytes, bytes]], pipe.execute())
            for raw, raw_deliveries in zip(raws, all_deliveries, strict=True):
                if raw is None:
                    continue
                alert = Alert.model_validate_json(raw)
                if wanted is not None and alert.category not in wanted:
                    continue
                if (since is not None and alert.t < since) or (until is not None and alert.t > until):
                    continue
                records = sorted(
                    (DeliveryRecord.model_validate_json(v) for v in raw_deliveries.values()),
                    key=lambda r: (r.created_at, r.subscription_id),
                )
                if delivery_status is not None and not any(r.status == delivery_status for r in records):
                    continue
                out.append(StoredAlert(alert, records))
                if len(out) == limit:
                    break
        return out


__all__ = [
    "AlertNotFound",
    "AlertStore",
    "DeliveryRecord",
    "DeliveryStatus",
    "StoredAlert",
    "schedule_member",
    "split_member",
]
