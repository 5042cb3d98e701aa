"""Typed publishers and consumers over Redis Streams.

Publishers hide XADD (with bounded length for high-rate streams); consumers
hide XREADGROUP / XACK / XAUTOCLAIM and the dead-letter stream.

Delivery is at least once. A message is acked only after its handler
returned, so a consumer killed mid-batch leaves its unacked messages pending
and another replica reclaims them once they have been idle `claim_idle_ms`.
The same message can therefore reach a handler more than once (and also when
a slow handler holds it longer than `claim_idle_ms`): **handlers must be
idempotent** by message id or, better, by a domain key (clip id, camera id +
frame index...), e.g. write results with HSETNX / SET NX or as upserts.

A message that keeps failing is tried at most `max_deliveries` times and then
moved to the dead-letter stream (`streams.dead_letter_stream(stream)`) with
the last failure reason; a message that cannot be decoded, or is not of the
type this consumer accepts, goes there at once. Dead-letter entries keep the
original fields verbatim (so they can be replayed) plus `dlq:*` metadata.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from pydantic import BaseModel
from redis import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from spotter import streams
from spotter.errors import ConfigError, MalformedMessage
from spotter.messages import decode, encode

M = TypeVar("M", bound=BaseModel)

log = logging.getLogger(__name__)

# Redis errors after which retrying the same command later can succeed.
TRANSIENT_ERRORS: tuple[type[Exception], ...] = (RedisConnectionError, RedisTimeoutError)

# Metadata fields added to a dead-letter entry beside the original fields.
DLQ_REASON = b"dlq:reason"
DLQ_STREAM = b"dlq:stream"
DLQ_ID = b"dlq:id"
DLQ_GROUP = b"dlq:group"
DLQ_CONSUMER = b"dlq:consumer"
DLQ_DELIVERY_COUNT = b"dlq:delivery_count"
DLQ_TIME = b"dlq:time"
DLQ_PREFIX = b"dlq:"

MAX_REASON_CHARS = 2000


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _raw(value: Any) -> bytes:
    return value if isinstance(value, bytes) else str(value).encode()


class StreamPublisher(Generic[M]):
    """Appends typed messages to one stream.

    `maxlen` bounds the stream approximately (XADD MAXLEN ~): use it for
    high-rate streams (frames) only; low-rate streams keep everything.
    """

    def __init__(self, redis: Redis, stream: str, maxlen: int | None = None) -> None:
        self.redis = redis
        self.stream = stream
        self.maxlen = maxlen

    def publish(self, message: M, blob: bytes | None = None) -> str:
        """Append one message; returns its stream id."""
        fields = cast(Any, encode(message, blob))
        msg_id = self.redis.xadd(self.stream, fields, maxlen=self.maxlen, approximate=self.maxlen is not None)
        return msg_id.decode() if isinstance(msg_id, bytes) else str(msg_id)

    def publish_many(self, items: Sequence[tuple[M, bytes | None]]) -> list[str]:
        """Append several messages in one round trip, in order."""
        pipe = self.redis.pipeline(transaction=False)
        self.add_to(pipe, items)
        return [i.decode() if isinstance(i, bytes) else str(i) for i in pipe.execute()]

    def add_to(self, pipe: Any, items: Sequence[tuple[M, bytes | None]]) -> None:
        """Queue the appends on `pipe` (a transaction makes them atomic with the caller's other writes)."""
        for message, blob in items:
            fields = cast(Any, encode(message, blob))
            pipe.xadd(self.stream, fields, maxlen=self.maxlen, approximate=self.maxlen is not None)


@dataclass(frozen=True, slots=True)
class Delivery(Generic[M]):
    """One message handed to a handler.

    `delivery_count` is 1 on the first delivery and grows each time the
    message is reclaimed after its consumer failed, died or took too long.
    """

    msg_id: str
    message: M
    blob: bytes | None
    delivery_count: int


@dataclass(frozen=True, slots=True)
class DeadLetter:
    """One entry of a dead-letter stream, parsed."""

    dlq_id: str
    stream: str
    msg_id: str
    group: str
    consumer: str
    reason: str
    delivery_count: int
    dead_at: float
    fields: dict[bytes, bytes] = field(repr=False)
    """The original message's fields, verbatim (XADD them to replay the message)."""

    @classmethod
    def from_entry(cls, dlq_id: Any, raw: Mapping[Any, Any]) -> DeadLetter:
        meta = {_raw(k): _raw(v) for k, v in raw.items() if _raw(k).startswith(DLQ_PREFIX)}
        original = {_raw(k): _raw(v) for k, v in raw.items() if not _raw(k).startswith(DLQ_PREFIX)}
        return cls(
            dlq_id=_text(dlq_id),
            stream=meta.get(DLQ_STREAM, b"").decode(),
            msg_id=meta.get(DLQ_ID, b"").decode(),
            group=meta.get(DLQ_GROUP, b"").decode(),
            consumer=meta.get(DLQ_CONSUMER, b"").decode(),
            reason=meta.get(DLQ_REASON, b"").decode(errors="replace"),
            delivery_count=int(meta.get(DLQ_DELIVERY_COUNT, b"0")),
            dead_at=float(meta.get(DLQ_TIME, b"0")),
            fields=original,
        )


def read_dead_letters(redis: Redis, stream: str, count: int = 100) -> list[DeadLetter]:
    """The oldest `count` dead letters of `stream` (not of its DLQ: pass the original stream)."""
    entries = cast(list[Any], redis.xrange(streams.dead_letter_stream(stream), count=count))
    return [DeadLetter.from_entry(entry_id, fields) for entry_id, fields in entries]


class _Backoff:
    """Exponential backoff with jitter, bounded by `cap_s`."""

    def __init__(self, base_s: float = 0.1, cap_s: float = 5.0) -> None:
        self.base_s = base_s
        self.cap_s = cap_s
        self.attempt = 0

    def next_delay(self) -> float:
        delay = min(self.cap_s, self.base_s * 2.0**self.attempt)
        self.attempt += 1
        return delay * random.uniform(0.5, 1.0)

    def reset(self) -> None:
        self.attempt = 0


class StreamConsumer(Generic[M]):
    """Reads one stream as one consumer of one consumer group, typed.

    `model` is the message type (or tuple of types) this consumer accepts;
    anything else goes to the dead letters. `None` accepts every registered
    schema. The constructor does no I/O; call `ensure_group()` (or `run()`,
    which does) before the first `read()`.

    `claim_idle_ms` must exceed the longest time a batch can take
    (`batch` x slowest handler), otherwise a peer reclaims messages this
    consumer still holds and they are handled twice (harmless with idempotent
    handlers, but wasted work). `block_ms` is how long `read()` waits for new
    messages, so it also bounds how fast `run()` notices `stop`; 0 means do
    not block. A client `socket_timeout` must be longer than `block_ms`.
    """

    def __init__(
        self,
        redis: Redis,
        stream: str,
        group: str,
        consumer_name: str,
        *,
        model: type[M] | tuple[type[M], ...] | None = None,
        max_deliveries: int = 5,
        claim_idle_ms: int = 30_000,
        block_ms: int = 1000,
        batch: int = 64,
        dead_letter_stream: str | None = None,
    ) -> None:
        if max_deliveries < 1:
            raise ConfigError(f"max_deliveries must be >= 1, got {max_deliveries}")
        if claim_idle_ms < 1 or block_ms < 0 or batch < 1:
            raise ConfigError(
                f"need claim_idle_ms >= 1, block_ms >= 0, batch >= 1; got {claim_idle_ms}, {block_ms}, {batch}"
            )
        self.redis = redis
        self.stream = stream
        self.group = group
        self.consumer_name = consumer_name
        self.models: tuple[type[M], ...] | None = (model,) if isinstance(model, type) else model
        self.max_deliveries = max_deliveries
        self.claim_idle_ms = claim_idle_ms
        self.block_ms = block_ms
        self.batch = batch
        self.dead_letter_stream = dead_letter_stream or streams.dead_letter_stream(stream)
        self.failures_key = streams.failure_reasons_key(stream, group)
        # XAUTOCLAIM costs a round trip: scan for stale messages a few times per
        # claim_idle_ms, and keep scanning while the previous call had more to give.
        self._claim_every_s = claim_idle_ms / 4000
        self._next_claim_at = 0.0
        self._claim_cursor = "0-0"

    def __repr__(self) -> str:
        return (
            f"StreamConsumer(stream={self.stream!r}, group={self.group!r}, consumer={self.consumer_name!r})"
        )

    # --- reading ----------------------------------------------------------------

    def ensure_group(self) -> None:
        """Create the consumer group (and the stream) if missing; reads from the stream's start."""
        try:
            self.redis.xgroup_create(self.stream, self.group, id="0", mkstream=True)
        except ResponseError as exc:
            if "BUSYGROUP" not in str(exc):
                raise

    def read(self, stop_event: threading.Event | None = None) -> list[Delivery[M]]:
        """Up to `batch` deliveries: stale pending ones reclaimed first, then new ones.

        Blocks up to `block_ms` when nothing was reclaimed and nothing is new.
        Malformed, unexpected and over-delivered messages never come back from
        here: they are dead-lettered and acked on the way.
        """
        if stop_event is not None and stop_event.is_set():
            return []
        deliveries = self._reclaim()
        room = self.batch - len(deliveries)
        if room <= 0 or (stop_event is not None and stop_event.is_set()):
            return deliveries
        block = self.block_ms if not deliveries and self.block_ms > 0 else None
        response = cast(
            Any,
            self.redis.xreadgroup(
                self.group, self.consumer_name, {self.stream: ">"}, count=room, block=block
            ),
        )
        for _stream, entries in response.items() if isinstance(response, dict) else response or []:
            for msg_id, fields in entries:
                delivery = self._deliver(_text(msg_id), fields, 1)
                if delivery is not None:
                    deliveries.append(delivery)
        return deliveries

    # --- settling -----------------------------------------------------------------

    def ack(self, ids: Sequence[str]) -> None:
        """Mark messages done for this group (and forget their failure reasons)."""
        if not ids:
            return
        pipe = self.redis.pipeline(transaction=False)
        pipe.xack(self.stream, self.group, *ids)
        pipe.hdel(self.failures_key, *ids)
        pipe.execute()

    def fail(self, delivery: Delivery[M], reason: str) -> None:
        """Record why a delivery failed and leave it pending for a later retry.

        The message comes back (to any replica) once idle for `claim_idle_ms`.
        On its `max_deliveries`-th delivery it is dead-lettered right away.
        """
        reason = reason[:MAX_REASON_CHARS]
        if delivery.delivery_count >= self.max_deliveries:
            self._dead_letter_by_id(
                delivery, f"failed {delivery.delivery_count} deliveries; last error: {reason}"
            )
        else:
            self.redis.hset(self.failures_key, delivery.msg_id, reason)

    def dead_letter(self, delivery: Delivery[M], reason: str) -> None:
        """Move a delivery to the dead-letter stream now (a permanent error) and ack it."""
        self._dead_letter_by_id(delivery, reason[:MAX_REASON_CHARS])

    # --- the loop -------------------------------------------------------------------

    def run(self, handler: Callable[[Delivery[M]], object], stop: threading.Event) -> None:
        """Handle deliveries until `stop` is set, then return after the batch in flight.

        Success acks; an exception fails the delivery (retried later, then
        dead-lettered); `MalformedMessage` raised by the handler dead-letters at
        once. Lost connections are retried with a bounded backoff, never fatal.
        """
        backoff = _Backoff()
        group_ready = False
        while not stop.is_set():
            try:
                if not group_ready:
                    self.ensure_group()
                    group_ready = True
                batch = self.read(stop)
                backoff.reset()
            except TRANSIENT_ERRORS as exc:
                delay = backoff.next_delay()
                log.warning("%r: redis unavailable (%s); retrying in %.2fs", self, exc, delay)
                stop.wait(delay)
                continue
            except ResponseError as exc:
                if "NOGROUP" not in str(exc):
                    raise
                # The server lost the group (restarted without persistence): recreate it.
                log.warning("%r: consumer group vanished; recreating it", self)
                group_ready = False
                stop.wait(backoff.next_delay())
                continue
            for delivery in batch:
                self._handle(handler, delivery)

    # --- internals --------------------------------------------------------------------

    def _handle(self, handler: Callable[[Delivery[M]], object], delivery: Delivery[M]) -> None:
        try:
            handler(delivery)
        except MalformedMessage as exc:
            log.warning("%r: %s rejected by handler: %s", self, delivery.msg_id, exc)
            rejected = f"rejected by handler: {exc}"
            self._settle(lambda: self.dead_letter(delivery, rejected))
        except Exception as exc:
            log.warning(
                "%r: handler failed on %s (delivery %d)",
                self,
                delivery.msg_id,
                delivery.delivery_count,
                exc_info=True,
            )
            reason = repr(exc)
            self._settle(lambda: self.fail(delivery, reason))
        else:
            self._settle(lambda: self.ack([delivery.msg_id]))

    def _settle(self, action: Callable[[], None], attempts: int = 4) -> None:
        """Ack/fail with a few retries; if Redis stays away the message simply stays pending."""
        backoff = _Backoff()
        for attempt in range(attempts):
            try:
                action()
                return
            except TRANSIENT_ERRORS as exc:
                if attempt == attempts - 1:
                    log.error("%r: could not settle a delivery (%s); it will be redelivered", self, exc)
                    return
                time.sleep(backoff.next_delay())

    def _reclaim(self) -> list[Delivery[M]]:
        now = time.monotonic()
        if self._claim_cursor == "0-0" and now < self._next_claim_at:
            return []
        self._next_claim_at = now + self._claim_every_s
        response: Any = self.redis.xautoclaim(
            self.stream,
            self.group,
            self.consumer_name,
            min_idle_time=self.claim_idle_ms,
            start_id=self._claim_cursor,
            count=self.batch,
        )
        self._claim_cursor = _text(response[0])
        claimed = [(_text(i), f) for i, f in response[1]]
        # Redis 6.2 returns entries deleted (trimmed) while pending with no fields; 7+ drops them itself.
        vanished = [i for i, f in claimed if not f]
        if vanished:
            self.ack(vanished)
        claimed = [(i, f) for i, f in claimed if f]
        if not claimed:
            return []
        counts = self._delivery_counts([i for i, _ in claimed])
        reasons = self.redis.hmget(self.failures_key, [i for i, _ in claimed])
        deliveries: list[Delivery[M]] = []
        for (msg_id, fields), reason in zip(claimed, reasons, strict=True):
            count = counts.get(msg_id)
            if count is None:
                continue  # acked or re-owned by someone else in between
            if count > self.max_deliveries:
                last = (
                    _text(reason)
                    if reason is not None
                    else "no failure recorded (consumer died or timed out)"
                )
                self._move_to_dead_letters(
                    msg_id, fields, f"not acked after {count - 1} deliveries; last error: {last}", count - 1
                )
                continue
            delivery = self._deliver(msg_id, fields, count)
            if delivery is not None:
                deliveries.append(delivery)
        return deliveries

    def _delivery_counts(self, ids: list[str]) -> dict[str, int]:
        pipe = self.redis.pipeline(transaction=False)
        for msg_id in ids:
            pipe.xpending_range(
                self.stream, self.group, min=msg_id, max=msg_id, count=1, consumername=self.consumer_name
            )
        counts: dict[str, int] = {}
        for rows in pipe.execute():
            for row in rows:
                counts[_text(row["message_id"])] = int(row["times_delivered"])
        return counts

    def _deliver(self, msg_id: str, fields: Mapping[Any, Any], count: int) -> Delivery[M] | None:
        try:
            message, blob = decode(dict(fields))
        except MalformedMessage as exc:
            self._move_to_dead_letters(msg_id, fields, f"malformed: {exc}", count)
            return None
        if self.models is not None and not isinstance(message, self.models):
            accepted = ", ".join(m.__name__ for m in self.models)
            self._move_to_dead_letters(
                msg_id,
                fields,
                f"unexpected message type {type(message).__name__} (accepts {accepted})",
                count,
            )
            return None
        return Delivery(msg_id=msg_id, message=cast(M, message), blob=blob, delivery_count=count)

    def _dead_letter_by_id(self, delivery: Delivery[M], reason: str) -> None:
        rows = cast(list[Any], self.redis.xrange(self.stream, delivery.msg_id, delivery.msg_id, count=1))
        # Trimmed away meanwhile: the decoded message re-encodes to the same fields.
        fields = rows[0][1] if rows else encode(delivery.message, delivery.blob)
        self._move_to_dead_letters(delivery.msg_id, fields, reason, delivery.delivery_count)

    def _move_to_dead_letters(self, msg_id: str, fields: Mapping[Any, Any], reason: str, count: int) -> None:
        entry: dict[bytes, bytes] = {_raw(k): _raw(v) for k, v in fields.items()}
        entry.update(
            {
                DLQ_REASON: reason.encode(errors="replace"),
                DLQ_STREAM: self.stream.encode(),
                DLQ_ID: msg_id.encode(),
                DLQ_GROUP: self.group.encode(),
                DLQ_CONSUMER: self.consumer_name.encode(),
                DLQ_DELIVERY_COUNT: str(count).encode(),
                DLQ_TIME: repr(time.time()).encode(),
            }
        )
        # One transaction: the message is in the dead letters and acked, or neither.
        pipe = self.redis.pipeline(transaction=True)
        pipe.xadd(self.dead_letter_stream, cast(Any, entry))
        pipe.xack(self.stream, self.group, msg_id)
        pipe.hdel(self.failures_key, msg_id)
        pipe.execute()
        log.warning("%r: dead-lettered %s after %d deliveries: %s", self, msg_id, count, reason[:300])
