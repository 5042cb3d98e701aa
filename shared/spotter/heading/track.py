"""The heading track: where each camera faced at each media time, read one way by every reader.

The flow tracker writes each camera's track to a Redis sorted set (`streams.heading_track_key`,
members `"<t>:<yaw>"`, score = media time). Everything that needs "which way was the wearer facing
at t" (the knowledge graph placing things, the reasoner's rules, the API's answers, the CLI) reads it
through a `HeadingTrackStore`:

* `RedisHeadingTrack`: the flow tracker's sorted sets (both modes: the embedded mode's flow tracker
  writes the same sets on its private server);
* `HeadingTrack`: one camera's samples in memory (a heading file, the scenario generators' truth,
  tests).

Both answer `at(camera, t)` the same way: the last sample at or before `t`, or None when there is
none or it is more than `max_age_s` older than `t` (the camera was not tracked then: a gap), and
`gap_at(camera, t)`: the gap in the video `t` falls in (Redis: the gaps ingest recorded,
`streams.gaps_key`; in memory: a stretch longer than `max_age_s` without samples). A store is
also the `heading(camera_id, t)` callable the world model and the graph tools take.
"""

from __future__ import annotations

import bisect
import math
import threading
from collections.abc import Callable, Iterable
from typing import Any, Protocol, cast, runtime_checkable

from redis import Redis

from spotter import streams

HeadingLookup = Callable[[str, float], float | None]
"""`heading(camera_id, t)`: yaw in degrees at media time t, or None when unknown."""


@runtime_checkable
class HeadingTrackStore(Protocol):
    """Where the wearer faced, per camera and media time (see the module docstring)."""

    max_age_s: float

    def sample_at(self, camera_id: str, t: float) -> tuple[float, float] | None:
        """The last sample (t_sample, yaw_deg) at or before `t`, however old; None when there is none."""
        ...

    def at(self, camera_id: str, t: float) -> float | None:
        """Yaw at `t`: the last sample at or before it, None when none is within `max_age_s`."""
        ...

    def latest_t(self, camera_id: str) -> float | None:
        """Media time of the camera's last sample (how far tracking has got), None before any."""
        ...

    def gap_at(self, camera_id: str, t: float) -> tuple[float, float] | None:
        """The gap in the camera's video (start_t, end_t) that `t` falls strictly inside, or None."""
        ...

    def __call__(self, camera_id: str, t: float) -> float | None: ...


def parse_heading_member(member: bytes | str) -> tuple[float, float]:
    """(t, yaw_deg) from a heading-track member `"<t>:<yaw>"`."""
    text = member.decode() if isinstance(member, bytes) else str(member)
    t, _, yaw = text.partition(":")
    return float(t), float(yaw)


def gap_member(start_t: float, end_t: float) -> str:
    """The sorted-set member of one gap in a camera's video (`streams.gaps_key`, ingest writes it)."""
    return f"{start_t:.4f}:{end_t:.4f}"


def gaps_between(redis: Redis, camera_id: str, t_from: float = -math.inf, t_to: float = math.inf) -> list[tuple[float, float]]:
    """The camera's gaps (start_t, end_t) that overlap [t_from, t_to], oldest first."""
    rows = cast(list[Any], redis.zrangebyscore(streams.gaps_key(camera_id), "-inf", t_to if math.isfinite(t_to) else "+inf"))
    gaps = [parse_heading_member(r) for r in rows]
    return [(a, b) for a, b in gaps if b > t_from]


def heading_member(t: float, yaw_deg: float) -> str:
    """The sorted-set member of one sample (the flow tracker's format)."""
    return f"{t:.4f}:{yaw_deg:.3f}"


def heading_at(redis: Redis, camera_id: str, t: float) -> tuple[float, float] | None:
    """The last heading sample of `camera_id` at or before media time `t`: (t_sample, yaw_deg), or None.

    One sorted-set lookup; only memory up to `t` is used, as a question with `at` requires.
    """
    rows = cast(
        list[Any],
        redis.zrevrangebyscore(streams.heading_track_key(camera_id), t, "-inf", start=0, num=1),
    )
    return parse_heading_member(rows[0]) if rows else None


class RedisHeadingTrack:
    """The flow tracker's heading tracks in Redis.

    `preload(camera, t0, t1)` reads a stretch of one camera's track in one round trip and answers
    times inside `[t0, t1]` from it, exactly as the lookups would (the reasoner's rules ask the heading
    of every sampled box of a clip: hundreds of lookups). Other times and cameras go to Redis.
    """

    def __init__(self, redis: Redis, max_age_s: float = math.inf) -> None:
        self.redis = redis
        self.max_age_s = max_age_s
        self._camera: str | None = None
        self._span = (0.0, -1.0)
        self._scores: list[float] = []
        self._samples: list[tuple[float, float]] = []

    def preload(self, camera_id: str, t0: float, t1: float) -> None:
        low = t0 - self.max_age_s if math.isfinite(self.max_age_s) else "-inf"
        rows = cast(
            list[Any], self.redis.zrangebyscore(streams.heading_track_key(camera_id), low, t1, withscores=True)
        )
        self._camera, self._span = camera_id, (t0, t1)
        self._scores = [float(score) for _m, score in rows]
        self._samples = [parse_heading_member(m) for m, _score in rows]

    def _preloaded(self, camera_id: str, t: float) -> tuple[bool, tuple[float, float] | None]:
        """(answered from the preloaded stretch, its last sample at or before t)."""
        if camera_id != self._camera or not self._span[0] <= t <= self._span[1]:
            return False, None
        i = bisect.bisect_right(self._scores, t) - 1
        return True, (self._samples[i] if i >= 0 else None)

    def sample_at(self, camera_id: str, t: float) -> tuple[float, float] | None:
        hit, sample = self._preloaded(camera_id, t)
        if hit and sample is not None:
            return sample
        return heading_at(self.redis, camera_id, t)

    def at(self, camera_id: str, t: float) -> float | None:
        hit, sample = self._preloaded(camera_id, t)
        if not hit:
            sample = heading_at(self.redis, camera_id, t)
        # (preloaded and none: the last sample before t is older than t0 - max_age_s, so stale)
        if sample is None or t - sample[0] > self.max_age_s:
            return None
        return sample[1]

    def latest_t(self, camera_id: str) -> float | None:
        sample = heading_at(self.redis, camera_id, math.inf)
        return None if sample is None else sample[0]

    def gap_at(self, camera_id: str, t: float) -> tuple[float, float] | None:
        rows = cast(list[Any], self.redis.zrevrangebyscore(streams.gaps_key(camera_id), t, "-inf", start=0, num=1))
        if not rows:
            return None
        start, end = parse_heading_member(rows[0])
        return (start, end) if start < t < end else None

    def __call__(self, camera_id: str, t: float) -> float | None:
        return self.at(camera_id, t)


class HeadingTrack:
    """One camera's heading track in memory, `(t, yaw)` in time order.

    Appends may come from another thread; lookups see a consistent prefix. As a `HeadingTrackStore`
    it answers for any camera id (it holds one camera; `lookup(camera_id)` restricts it to one).
    """

    def __init__(self, samples: Iterable[tuple[float, float]] = (), max_age_s: float = 2.0) -> None:
        self._t: list[float] = []
        self._yaw: list[float] = []
        self.max_age_s = max_age_s
        self._lock = threading.Lock()
        self.extend(samples)

    def extend(self, samples: Iterable[tuple[float, float]]) -> None:
        with self._lock:
            for t, yaw in samples:
                if self._t and t <= self._t[-1]:
                    continue
                self._t.append(t)
                self._yaw.append(yaw)

    @property
    def last_t(self) -> float | None:
        return self._t[-1] if self._t else None

    def __len__(self) -> int:
        return len(self._t)

    def sample_at(self, camera_id: str, t: float) -> tuple[float, float] | None:
        with self._lock:
            i = bisect.bisect_right(self._t, t + 1e-9) - 1
            return None if i < 0 else (self._t[i], self._yaw[i])

    def at(self, camera_id: str, t: float) -> float | None:
        sample = self.sample_at(camera_id, t)
        if sample is None or t - sample[0] > self.max_age_s:
            return None
        return sample[1]

    def latest_t(self, camera_id: str) -> float | None:
        return self.last_t

    def gap_at(self, camera_id: str, t: float) -> tuple[float, float] | None:
        """Here a gap is a stretch longer than `max_age_s` between two samples (no frames were tracked)."""
        with self._lock:
            i = bisect.bisect_right(self._t, t + 1e-9) - 1
            if i < 0 or i + 1 >= len(self._t) or self._t[i + 1] - self._t[i] <= self.max_age_s:
                return None
            return (self._t[i], self._t[i + 1]) if t > self._t[i] else None

    def __call__(self, camera_id: str, t: float) -> float | None:
        return self.at(camera_id, t)

    def lookup(self, camera_id: str) -> HeadingLookup:
        """The `heading(camera_id, t)` callable of WorldModel/GraphTools, for this one camera."""
        return lambda cam, t: self.at(cam, t) if cam == camera_id else None


__all__ = [
    "HeadingLookup",
    "HeadingTrack",
    "HeadingTrackStore",
    "RedisHeadingTrack",
    "gap_member",
    "gaps_between",
    "heading_at",
    "heading_member",
    "parse_heading_member",
]
