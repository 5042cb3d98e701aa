"""How far behind each consumer group is, read from Redis alone: for health checks and /metrics.

A service is healthy when it is alive (a fresh heartbeat) AND keeping up: none of its groups has work
waiting while no consumer of the group has touched the stream for `stall_s`. A group that does not exist
on a stream that has entries for it (the flow tracker never took a camera) is stalled too. The probe
that filed issue 12 saw ingest and the flow tracker report healthy while 5,000 frames piled up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from redis import Redis
from redis.exceptions import ResponseError

from spotter import streams

# The group each service reads with (named after it), on which streams; the flow tracker's are the
# frames streams, one per camera, found by name.
SERVICE_GROUPS: dict[str, tuple[str, tuple[str, ...]]] = {
    streams.GROUP_FLOW_TRACKER: (streams.GROUP_FLOW_TRACKER, ()),
    **{group: (group, tuple(s for s, g in streams.LOW_RATE_GROUPS if g == group))
       for group in dict.fromkeys(g for _, g in streams.LOW_RATE_GROUPS)},
}  # fmt: skip
DEFAULT_STALL_S = 120.0


@dataclass(frozen=True, slots=True)
class GroupBacklog:
    """One consumer group on one stream."""

    stream: str
    group: str
    exists: bool
    waiting: int  # entries not yet delivered to the group (lag; 1 when unknown but behind)
    pending: int  # delivered, not yet acknowledged
    consumers: int
    idle_s: float | None  # since the most recently active consumer touched the stream; None: no consumer
    dead_letters: int
    newest_age_s: float | None = None  # age of the stream's newest entry (for a stream with no group)

    @property
    def behind(self) -> int:
        return self.waiting + self.pending

    def stalled(self, stall_s: float = DEFAULT_STALL_S) -> bool:
        """Work is there and nobody has touched it for `stall_s` (or there is no group to take it)."""
        if not self.exists:  # entries nobody reads: stalled while they keep coming, not for a camera long gone
            return self.waiting > 0 and self.newest_age_s is not None and self.newest_age_s <= stall_s
        return self.behind > 0 and (self.idle_s is None or self.idle_s > stall_s)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def frames_streams(redis: Redis) -> list[str]:
    """Every camera's frames stream (the dead-letter streams left out)."""
    found = {_text(k) for k in redis.scan_iter(match=streams.frames_stream("*"), count=500, _type="stream")}
    return sorted(k for k in found if not k.endswith(":dlq"))


def _inactive_ms(consumer: dict[str, Any]) -> int:
    """Since the consumer last got or claimed an entry (Redis 7.2+ `inactive`), else since its last attempt."""
    inactive = consumer.get("inactive")
    if inactive is not None and int(inactive) >= 0:
        return int(inactive)
    return int(consumer.get("idle", 0))


def group_backlog(redis: Redis, stream: str, group: str) -> GroupBacklog:
    dead = int(redis.xlen(streams.dead_letter_stream(stream)))
    try:
        groups = redis.xinfo_groups(stream)
    except ResponseError:  # no such stream: nothing waiting
        return GroupBacklog(stream, group, False, 0, 0, 0, None, dead)
    info = next((g for g in groups if _text(g["name"]) == group), None)
    if info is None:
        waiting = int(redis.xlen(stream))
        newest = _text(redis.xinfo_stream(stream).get("last-generated-id")).split("-")[0]
        seconds, micros = redis.time()
        age = max(0.0, seconds + micros / 1e6 - int(newest) / 1000.0)
        return GroupBacklog(stream, group, False, waiting, 0, 0, None, dead, age)
    lag = info.get("lag")
    if lag is None:  # trimmed past the group's position: behind if its last delivery is not the newest entry
        last = redis.xinfo_stream(stream).get("last-generated-id")
        lag = 0 if _text(info.get("last-delivered-id")) == _text(last) else 1
    consumers = redis.xinfo_consumers(stream, group) if info["consumers"] else []
    idle_ms = [_inactive_ms(c) for c in consumers]
    return GroupBacklog(stream, group, True, int(lag), int(info["pending"]), len(consumers),
                        min(idle_ms) / 1000.0 if idle_ms else None, dead)  # fmt: skip


def service_backlog(redis: Redis, service: str) -> list[GroupBacklog]:
    """The groups `service` reads; empty for a service that reads no stream (ingest, the API)."""
    if service not in SERVICE_GROUPS:
        return []
    group, names = SERVICE_GROUPS[service]
    targets = names or tuple(frames_streams(redis))
    return [group_backlog(redis, stream, group) for stream in targets]


def all_backlogs(redis: Redis) -> list[GroupBacklog]:
    return [b for service in SERVICE_GROUPS for b in service_backlog(redis, service)]


__all__ = ["DEFAULT_STALL_S", "SERVICE_GROUPS", "GroupBacklog", "all_backlogs", "group_backlog", "service_backlog"]
