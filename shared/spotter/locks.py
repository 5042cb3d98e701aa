"""A per-camera lock for services whose replicas must not interleave one camera's writes.

`SET NX PX` with a random token on `streams.lease_key(service, camera)`, released by a Lua
compare-and-delete so a replica never frees a lock that expired and went to another one.
The expiry bounds how long a crashed holder blocks the camera.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from redis import Redis

from spotter import streams
from spotter.errors import SpotterError

_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end
"""


class CameraBusy(SpotterError):
    """Another replica held the camera's lock for longer than we were willing to wait (retried later)."""


@contextmanager
def camera_lock(
    redis: Redis, service: str, camera_id: str, owner: str, *, lock_ms: int, wait_s: float
) -> Iterator[None]:
    """Hold `service`'s lock on `camera_id` for the block; CameraBusy after `wait_s` of trying."""
    key = streams.lease_key(service, camera_id)
    token = f"{owner}:{uuid.uuid4().hex}"
    deadline = time.monotonic() + wait_s
    while not redis.set(key, token, nx=True, px=lock_ms):
        if time.monotonic() >= deadline:
            raise CameraBusy(f"camera {camera_id} is locked by another {service} replica")
        time.sleep(0.05)
    try:
        yield
    finally:
        redis.eval(_RELEASE, 1, key, token)


__all__ = ["CameraBusy", "camera_lock"]
