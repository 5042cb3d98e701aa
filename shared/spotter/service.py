"""Running a service loop: signals, heartbeat, health check and the entry-point helper.

A service is a loop `run(stop)` that blocks on its input with a timeout and
returns once `stop` is set and its in-flight work is done. `ServiceRunner`
sets `stop` on SIGTERM/SIGINT (a second signal exits at once) and keeps a
heartbeat key fresh while the loop runs; `check_health` reads it for a
container health check. A whole entry point, `services/<name>/__main__.py`::

    from spotter import streams
    from spotter.messages import Clip
    from spotter.service import ServiceContext, ServiceLoop, main_for


    def build(ctx: ServiceContext) -> ServiceLoop:
        consumer = ctx.consumer(streams.CLIPS, streams.GROUP_CAPTIONER, model=Clip)
        handler = Captioner(ctx.redis).handle  # idempotent by clip id
        return lambda stop: consumer.run(handler, stop)


    if __name__ == "__main__":
        raise SystemExit(main_for("captioner", build))

`python -m services.captioner --check` then exits 0 while a replica beats.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import FrameType
from typing import Any, Literal, TypeVar

from pydantic import BaseModel
from redis import Redis

from spotter import logs, streams
from spotter.backlog import DEFAULT_STALL_S, service_backlog
from spotter.bus import TRANSIENT_ERRORS, StreamConsumer
from spotter.errors import ConfigError, SpotterError
from spotter.settings import BusSettings

log = logging.getLogger(__name__)

M = TypeVar("M", bound=BaseModel)

ServiceLoop = Callable[[threading.Event], None]
"""A service's main loop: works until the event is set, then finishes in-flight work and returns."""

HeartbeatStatus = Literal["running", "stopping"]

EXIT_OK = 0
EXIT_UNHEALTHY = 1
EXIT_ERROR = 1
EXIT_CONFIG = 2


class ServiceRunner:
    """Runs one service loop with signal handling and a heartbeat.

    Signals are only installed when `run()` is called from the main thread
    (the embedded mode runs several loops in threads and sets `stop` itself).
    The heartbeat key `streams.health_key(service, consumer)` holds JSON
    `{service, consumer, pid, host, time, status}` and expires after three
    intervals, so a replica that dies without cleaning up turns unhealthy.
    The constructor does no I/O.
    """

    def __init__(
        self,
        redis: Redis,
        service: str,
        consumer_name: str,
        *,
        heartbeat_s: float = 5.0,
        stop: threading.Event | None = None,
    ) -> None:
        if heartbeat_s <= 0:
            raise ConfigError(f"heartbeat_s must be > 0, got {heartbeat_s}")
        self.redis = redis
        self.service = service
        self.consumer_name = consumer_name
        self.heartbeat_s = heartbeat_s
        self.stop = stop if stop is not None else threading.Event()
        self.health_key = streams.health_key(service, consumer_name)
        self._heartbeat_done = threading.Event()
        self._signals_seen = 0

    def run(self, loop: ServiceLoop) -> None:
        """Run `loop(stop)` until it returns; heartbeat meanwhile, remove the health key after."""
        previous = self._install_signal_handlers()
        self._heartbeat_done.clear()
        beater = threading.Thread(target=self._heartbeat_loop, name=f"{self.service}-heartbeat", daemon=True)
        try:
            self._beat_safely()  # healthy as soon as the loop starts, not one interval later
            beater.start()
            log.info("%s/%s running (pid %d)", self.service, self.consumer_name, os.getpid())
            loop(self.stop)
            log.info("%s/%s stopped", self.service, self.consumer_name)
        finally:
            self.stop.set()
            self._heartbeat_done.set()
            if beater.is_alive():
                beater.join(timeout=self.heartbeat_s + 5)
            self._restore_signal_handlers(previous)
            try:
                self.redis.delete(self.health_key)
            except TRANSIENT_ERRORS as exc:
                log.warning("could not remove health key %s (%s); it expires by itself", self.health_key, exc)

    def beat(self) -> None:
        """Write the heartbeat once (status `stopping` once stop is set)."""
        status: HeartbeatStatus = "stopping" if self.stop.is_set() else "running"
        payload = {
            "service": self.service,
            "consumer": self.consumer_name,
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "time": time.time(),
            "status": status,
        }
        ttl_ms = max(1, int(self.heartbeat_s * 3 * 1000))
        self.redis.set(self.health_key, json.dumps(payload), px=ttl_ms)

    # --- internals --------------------------------------------------------------------

    def _beat_safely(self) -> None:
        try:
            self.beat()
        except TRANSIENT_ERRORS as exc:
            log.warning("heartbeat of %s failed: %s", self.health_key, exc)

    def _heartbeat_loop(self) -> None:
        while not self._heartbeat_done.wait(self.heartbeat_s):
            self._beat_safely()

    def _on_signal(self, signum: int, _frame: FrameType | None) -> None:
        self._signals_seen += 1
        name = signal.Signals(signum).name
        if self._signals_seen == 1:
            log.info("%s received; finishing in-flight work, then exiting (again to exit now)", name)
            self.stop.set()
            return
        log.warning("%s received again; exiting without draining", name)
        raise SystemExit(128 + signum)

    def _install_signal_handlers(self) -> dict[int, Any]:
        if threading.current_thread() is not threading.main_thread():
            return {}
        previous: dict[int, Any] = {}
        for sig in (signal.SIGTERM, signal.SIGINT):
            previous[sig] = signal.signal(sig, self._on_signal)
        return previous

    @staticmethod
    def _restore_signal_handlers(previous: dict[int, Any]) -> None:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def check_health(redis: Redis, service: str, host: str | None = None, stall_s: float = DEFAULT_STALL_S) -> bool:
    """True when a replica of `service` (on `host`, if given) has a fresh `running` heartbeat and the
    service keeps up: none of its consumer groups has work waiting that nobody touched for `stall_s`.

    `--check` passes this machine's hostname so that a container's probe is
    answered by its own replica, never by a healthy sibling elsewhere.
    """
    if not _alive(redis, service, host):
        return False
    stalled = [b for b in service_backlog(redis, service) if b.stalled(stall_s)]
    for b in stalled:
        log.warning("%s is stalled on %s: %d waiting, %d pending, last read %s ago", service, b.stream,
                    b.waiting, b.pending, "never" if b.idle_s is None else f"{b.idle_s:.0f} s")  # fmt: skip
    return not stalled


def _alive(redis: Redis, service: str, host: str | None) -> bool:
    for key in redis.scan_iter(match=streams.health_pattern(service), count=200):
        raw = redis.get(key)
        if raw is None:
            continue  # expired between SCAN and GET
        try:
            beat = json.loads(raw)
        except ValueError:
            continue
        if not isinstance(beat, dict) or beat.get("status") != "running":
            continue
        if host is None or beat.get("host") == host:
            return True
    return False


@dataclass(frozen=True)
class ServiceContext:
    """What a service's `build_loop` receives from `main_for`."""

    service: str
    settings: BusSettings
    redis: Redis

    def consumer(
        self,
        stream: str,
        group: str,
        *,
        model: type[M] | tuple[type[M], ...] | None = None,
    ) -> StreamConsumer[M]:
        """A consumer for this replica, configured from the bus settings."""
        s = self.settings
        return StreamConsumer(
            self.redis,
            stream,
            group,
            s.consumer_name,
            model=model,
            max_deliveries=s.max_deliveries,
            claim_idle_ms=s.claim_idle_ms,
            block_ms=s.block_ms,
            batch=s.batch,
        )


def add_service_args(parser: argparse.ArgumentParser) -> None:
    """The flags every service entry point understands."""
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 0 if a replica of this service has a fresh heartbeat, else 1",
    )
    parser.add_argument(
        "--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"], help="logging level"
    )


def connect(settings: BusSettings) -> Redis:
    """A Redis client for the bus; its socket timeout outlasts a blocking read."""
    if settings.redis_url is None:
        raise ConfigError("set REDIS_URL (or SPOTTER_REDIS_URL) to run a service on its own")
    return Redis.from_url(
        settings.redis_url.get_secret_value(),
        socket_connect_timeout=5.0,
        socket_timeout=settings.block_ms / 1000 + 10.0,
        health_check_interval=30,
    )


def main_for(
    service: str,
    build_loop: Callable[[ServiceContext], ServiceLoop],
    argv: Sequence[str] | None = None,
    *,
    settings: BusSettings | None = None,
) -> int:
    """Parse flags, build settings and client, then `--check` or run the loop; returns the exit code."""
    parser = argparse.ArgumentParser(
        prog=f"python -m services.{service}", description=f"Spotter {service} service"
    )
    add_service_args(parser)
    args = parser.parse_args(argv)
    try:
        logs.configure(args.log_level)
        settings = settings if settings is not None else BusSettings()
        redis = connect(settings)
    except (ConfigError, ValueError) as exc:
        print(f"{service}: configuration error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    try:
        if args.check:
            try:
                return EXIT_OK if check_health(redis, service, host=socket.gethostname()) else EXIT_UNHEALTHY
            except TRANSIENT_ERRORS as exc:
                print(f"{service}: redis unavailable: {exc}", file=sys.stderr)
                return EXIT_UNHEALTHY
        runner = ServiceRunner(redis, service, settings.consumer_name, heartbeat_s=settings.heartbeat_s)
        try:
            loop = build_loop(ServiceContext(service=service, settings=settings, redis=redis))
            runner.run(loop)
        except SpotterError as exc:
            log.error("%s failed: %s", service, exc)
            return EXIT_ERROR
        except Exception:
            log.exception("%s crashed", service)
            return EXIT_ERROR
        return EXIT_OK
    finally:
        redis.close()


__all__ = [
    "ServiceContext",
    "ServiceLoop",
    "ServiceRunner",
    "add_service_args",
    "check_health",
    "connect",
    "main_for",
]
