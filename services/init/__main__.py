"""One-shot init: create every stream and consumer group, then exit 0.

    python -m services.init [--camera CAM ...] [--wait-s 30]

Run it once before the services start (the `init` service in
docker-compose.yml, an init container on Kubernetes). Services create their
own group on first read as well (`StreamConsumer.ensure_group`), so this is
not needed for correctness; it makes the layout visible up front, lets the
autoscaler see lag from the first message on, and means no message published
before a consumer's first start is read by nobody.

Groups read from the start of their stream (id 0) and creating one that
exists is a no-op, so running init twice changes nothing.

Per-camera frame streams get the flow tracker's group for every camera in
`SPOTTER_INGEST_SOURCE(S)`, every camera already registered in Redis and
every `--camera`. Cameras added later get their group from the flow tracker
itself.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Iterable, Sequence

from redis import Redis

from spotter import streams
from spotter.bus import TRANSIENT_ERRORS, StreamConsumer
from spotter.errors import ConfigError
from spotter.ingest import IngestSettings, validate_camera_id
from spotter.service import EXIT_CONFIG, EXIT_ERROR, EXIT_OK, connect
from spotter.settings import BusSettings

log = logging.getLogger("services.init")

# A group created here for a service that does not run yet only holds its backlog until the service starts.
LOW_RATE_GROUPS = streams.LOW_RATE_GROUPS


def groups_to_create(cameras: Iterable[str]) -> list[tuple[str, str]]:
    """Every (stream, group) pair init creates: per-camera frame streams, then the low-rate ones."""
    per_camera = [(streams.frames_stream(cam), streams.GROUP_FLOW_TRACKER) for cam in sorted(set(cameras))]
    return per_camera + list(LOW_RATE_GROUPS)


def registered_cameras(redis: Redis) -> list[str]:
    """Camera ids already in the cameras hash (from an earlier run of ingest)."""
    return [k.decode() if isinstance(k, bytes) else str(k) for k in redis.hkeys(streams.CAMERAS)]


def create_groups(redis: Redis, pairs: Sequence[tuple[str, str]], consumer_name: str) -> None:
    """Create each stream and group that is missing; existing ones are left as they are."""
    for stream, group in pairs:
        StreamConsumer(redis, stream, group, consumer_name).ensure_group()
        log.info("group %s on %s ready", group, stream)


def wait_for_redis(redis: Redis, wait_s: float) -> None:
    """PING until Redis answers or `wait_s` runs out (then the last error propagates)."""
    deadline = time.monotonic() + wait_s
    delay = 0.2
    while True:
        try:
            redis.ping()
            return
        except TRANSIENT_ERRORS as exc:
            if time.monotonic() + delay > deadline:
                raise
            log.info("redis not ready (%s); retrying in %.1f s", exc, delay)
            time.sleep(delay)
            delay = min(delay * 2, 5.0)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m services.init", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--camera", action="append", default=[], help="also create the frame-stream group of this camera"
    )
    parser.add_argument("--wait-s", type=float, default=30.0, help="how long to wait for Redis to answer")
    parser.add_argument(
        "--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"], help="logging level"
    )
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=args.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    try:
        bus = BusSettings()
        configured = list(IngestSettings().camera_sources())
        cameras = [validate_camera_id(c) for c in args.camera] + configured
        redis = connect(bus)
    except (ConfigError, ValueError) as exc:
        print(f"init: configuration error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    try:
        wait_for_redis(redis, args.wait_s)
        pairs = groups_to_create(cameras + registered_cameras(redis))
        create_groups(redis, pairs, bus.consumer_name)
    except TRANSIENT_ERRORS as exc:
        print(f"init: redis unavailable: {exc}", file=sys.stderr)
        return EXIT_ERROR
    finally:
        redis.close()
    log.info("init done: %d consumer groups", len(pairs))
    return EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
