"""A service process: health check while it runs, graceful exit on SIGTERM."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from redis import Redis

from spotter import streams
from spotter.bus import StreamPublisher
from spotter.messages import Clip
from spotter.service import check_health
from tests.integration.service_worker import DONE, GROUP, SERVICE, STARTED, STREAM

pytestmark = pytest.mark.integration

SCRIPT = Path(__file__).with_name("service_worker.py")


def wait_for(condition: Callable[[], bool], timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s}s waiting for {what}")
        time.sleep(0.02)


def clip(i: int) -> Clip:
    return Clip(camera_id="cam-1", t=i + 1.0, clip_id=f"clip-{i}", t_start=float(i), t_end=i + 1.0, n_frames=1,
                source="x")  # fmt: skip


class Service:
    def __init__(self, redis_url: str, log_path: Path, **env: str) -> None:
        self.env = {
            **os.environ,
            "REDIS_URL": redis_url,
            "SPOTTER_HEARTBEAT_S": "0.2",
            "SPOTTER_BLOCK_MS": "50",
            "SPOTTER_CONSUMER_NAME": "replica-1",
            **env,
        }
        self.log_path = log_path
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen([sys.executable, str(SCRIPT)], env=self.env, stdout=log,
                                         stderr=subprocess.STDOUT)  # fmt: skip

    def check(self) -> int:
        return subprocess.run([sys.executable, str(SCRIPT), "--check"], env=self.env, timeout=30).returncode

    def log(self) -> str:
        return self.log_path.read_text()

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


@pytest.fixture
def service(redis_url: str, tmp_path: Path) -> Iterator[Service]:
    svc = Service(redis_url, tmp_path / "service.log")
    yield svc
    svc.kill()


def test_check_exits_0_while_running_and_1_after_stop(service: Service, redis: Redis) -> None:
    assert service.check() == 1  # nothing running yet
    service.start()
    health = streams.health_key(SERVICE, "replica-1")
    wait_for(lambda: redis.exists(health) == 1, 15, "the first heartbeat")
    assert service.check() == 0, service.log()
    assert check_health(redis, SERVICE)
    assert not check_health(redis, "another-service")
    assert check_health(redis, SERVICE, host=socket.gethostname())
    assert not check_health(redis, SERVICE, host="some-other-pod")
    ttl_ms = redis.pttl(health)
    assert 0 < ttl_ms <= 600  # three heartbeat intervals

    assert service.proc is not None
    service.proc.send_signal(signal.SIGTERM)
    assert service.proc.wait(10) == 0, service.log()
    assert redis.exists(health) == 0
    assert service.check() == 1


def test_sigterm_finishes_the_in_flight_message_then_exits_promptly(
    redis_url: str, redis: Redis, tmp_path: Path
) -> None:
    service = Service(redis_url, tmp_path / "service.log", SVC_SLEEP_S="1.0", SPOTTER_BATCH="1")
    publisher: StreamPublisher[Clip] = StreamPublisher(redis, STREAM)
    ids = publisher.publish_many([(clip(i), None) for i in range(3)])
    try:
        service.start()
        wait_for(lambda: redis.llen(STARTED) == 1, 15, "the first handler to start")
        assert service.proc is not None
        signalled = time.monotonic()
        service.proc.send_signal(signal.SIGTERM)
        assert service.proc.wait(10) == 0, service.log()
        elapsed = time.monotonic() - signalled
    finally:
        service.kill()

    # The in-flight message was finished and acked...
    assert redis.hget(DONE, "clip-0") == ids[0].encode()
    assert redis.xpending(STREAM, GROUP)["pending"] == 0
    # ...and nothing new was taken after the signal.
    assert redis.lrange(STARTED, 0, -1) == [b"clip-0"]
    assert redis.hlen(DONE) == 1
    assert elapsed < 3.0, f"took {elapsed:.1f}s to exit"


def test_missing_redis_url_is_a_clear_configuration_error(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SPOTTER_REDIS_URL")}
    result = subprocess.run([sys.executable, str(SCRIPT)], env=env, capture_output=True, timeout=30)
    assert result.returncode == 2
    assert b"REDIS_URL" in result.stderr
