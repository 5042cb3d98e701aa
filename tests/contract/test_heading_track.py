"""The HeadingTrackStore contract (spotter/heading/track.py), checked on every implementation.

memory: `HeadingTrack`. redis: `RedisHeadingTrack` on a real redis-server, the flow tracker's sorted
set. redis-preloaded: the same with each window's stretch read in one round trip first (the reasoner's
per-clip read). Every one must answer every time exactly alike: the last sample at or before t, None
when there is none or it is older than max_age_s (a gap), ties and repeated times included; and the
gap a time falls in.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from redis import Redis

from spotter import streams
from spotter.heading.track import (
    HeadingTrack,
    HeadingTrackStore,
    RedisHeadingTrack,
    gap_member,
    heading_member,
)

CAM = "cam-h"
# a gap (1.0 -> 4.0), a repeated time (4.0 twice: the first kept), a long gap (12.5 -> 20.0)
SAMPLES = [(0.0, 0.0), (0.5, 10.0), (1.0, 20.0), (4.0, 30.0), (4.0, 40.0), (4.25, 50.0), (9.0, 60.0),
           (12.0, 70.0), (12.5, 80.0), (20.0, 90.0)]  # fmt: skip
MAX_AGE_S = 2.0
GAPS = [(1.0, 4.0), (4.25, 9.0), (9.0, 12.0), (12.5, 20.0)]  # the stretches longer than MAX_AGE_S without samples
WINDOWS = ((0.0, 10.0), (10.0, 20.0), (3.0, 3.5), (25.0, 30.0))

Make = Callable[[], HeadingTrackStore]


@pytest.fixture(params=["memory", "redis", "redis-preloaded"])
def make_track(request: pytest.FixtureRequest, redis: Redis) -> Make:
    if request.param == "memory":
        return lambda: HeadingTrack(SAMPLES, max_age_s=MAX_AGE_S)
    kept: dict[str, float] = {}
    seen: set[float] = set()
    for t, yaw in SAMPLES:  # the flow tracker writes one sample per frame time
        if t not in seen:
            kept[heading_member(t, yaw)] = t
            seen.add(t)
    redis.zadd(streams.heading_track_key(CAM), kept)
    redis.zadd(streams.gaps_key(CAM), {gap_member(a, b): a for a, b in GAPS})  # as ingest records them
    return lambda: RedisHeadingTrack(redis, MAX_AGE_S)


def expected(t: float) -> float | None:
    last = None
    for ts, yaw in SAMPLES:
        if ts <= t and (last is None or ts > last[0]):
            last = (ts, yaw)
    return None if last is None or t - last[0] > MAX_AGE_S else last[1]


def test_every_time_answers_the_last_sample_or_none_in_a_gap(make_track: Make, request: pytest.FixtureRequest) -> None:
    track = make_track()
    preload = "preloaded" in request.node.callspec.params["make_track"]
    for t0, t1 in WINDOWS:
        if preload:
            assert isinstance(track, RedisHeadingTrack)
            track.preload(CAM, t0, t1)
        for k in range(-10, 341):
            t = k / 10.0
            assert track.at(CAM, t) == expected(t), (t0, t1, t)
            assert track(CAM, t) == track.at(CAM, t)


def test_sample_at_gives_the_stale_sample_too_and_latest_t_the_end(make_track: Make) -> None:
    track = make_track()
    assert track.sample_at(CAM, -1.0) is None
    assert track.sample_at(CAM, 3.0) == (1.0, 20.0)  # 2 s old: stale for at(), still the last sample
    assert track.at(CAM, 3.5) is None
    assert track.sample_at(CAM, 4.1) == (4.0, 30.0)
    assert track.latest_t(CAM) == 20.0
    assert track.max_age_s == MAX_AGE_S


def test_a_time_inside_a_gap_in_the_video_gets_that_gap(make_track: Make) -> None:
    """In memory a gap is a stretch without samples longer than max_age_s; in Redis, what ingest recorded. Both
    give the same stretches here; the frames at a gap's ends are not in it."""
    track = make_track()
    for k in range(-10, 341):
        t = k / 10.0
        inside = [g for g in GAPS if g[0] < t < g[1]]
        assert track.gap_at(CAM, t) == (inside[0] if inside else None), t
