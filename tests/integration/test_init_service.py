"""`python -m services.init`: creates every stream and consumer group, idempotently, on a real Redis."""

from __future__ import annotations

import pytest
from redis import Redis

from services.init.__main__ import LOW_RATE_GROUPS, main
from spotter import streams
from spotter.messages import Camera


def groups(redis: Redis) -> set[tuple[str, str]]:
    out = set()
    for key in redis.scan_iter(match=f"{streams.PREFIX}:*", _type="STREAM"):
        for group in redis.xinfo_groups(key):
            out.add((key.decode(), group["name"].decode()))
    return out


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, redis_url: str) -> None:
    for var in ("SPOTTER_INGEST_SOURCE", "SPOTTER_INGEST_SOURCES", "SPOTTER_REDIS_URL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("SPOTTER_INGEST_SOURCES", '{"camA": "rtsp://127.0.0.1:1/cam"}')


@pytest.mark.integration
def test_init_creates_configured_registered_and_named_cameras_groups(redis: Redis, env: None) -> None:
    redis.hset(streams.CAMERAS, "camB", Camera(camera_id="camB", source="x.mp4").model_dump_json())
    assert main(["--camera", "camC"]) == 0
    expected = {(streams.frames_stream(c), streams.GROUP_FLOW_TRACKER) for c in ("camA", "camB", "camC")}
    assert groups(redis) == expected | set(LOW_RATE_GROUPS)


@pytest.mark.integration
def test_init_twice_keeps_existing_groups_and_their_position(redis: Redis, env: None) -> None:
    assert main([]) == 0
    stream = streams.frames_stream("camA")
    redis.xadd(stream, {"x": "1"})
    redis.xreadgroup(streams.GROUP_FLOW_TRACKER, "c1", {stream: ">"})
    assert main([]) == 0
    (info,) = redis.xinfo_groups(stream)
    assert info["pending"] == 1 and info["last-delivered-id"] != b"0-0"


@pytest.mark.integration
def test_init_rejects_a_bad_camera_id(redis: Redis, env: None) -> None:
    assert main(["--camera", "../etc"]) == 2
    assert groups(redis) == set()


@pytest.mark.integration
def test_init_fails_when_redis_stays_away(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:1/0")
    monkeypatch.delenv("SPOTTER_INGEST_SOURCES", raising=False)
    monkeypatch.delenv("SPOTTER_INGEST_SOURCE", raising=False)
    assert main(["--wait-s", "0.5"]) == 1
