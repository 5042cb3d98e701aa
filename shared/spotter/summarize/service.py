"""The summarizer service's handler: captions in, summary entries into the vector store.

Per caption (stream `streams.CAPTIONS`, group `streams.GROUP_SUMMARIZER`): take the camera's
lock (`streams.lease_key("summarizer", camera)`, SET NX PX with a token) so replicas never
interleave one camera's windows, then `Summarizer.add_caption` with the `SummaryIndex` as
sink; the consumer acks afterwards. Idempotent by clip id: a redelivered caption finds its clip
id in the camera's state and changes nothing (see `spotter.summarize.core`).
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from redis import Redis

from spotter import streams
from spotter.bus import Delivery
from spotter.errors import SpotterError
from spotter.messages import Caption
from spotter.summarize.core import SERVICE, RedisStateStore, RollupBackend, Summarizer
from spotter.summarize.entry import SummaryEntry
from spotter.summarize.index import SummaryIndex
from spotter.summarize.settings import SummarizerSettings

log = logging.getLogger(__name__)

_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end
"""


class CameraBusy(SpotterError):
    """Another replica held the camera's lock for longer than we were willing to wait (retried later)."""


class SummarizerHandler:
    """Handles one caption delivery; the constructor does no I/O."""

    def __init__(
        self, redis: Redis, index: SummaryIndex, settings: SummarizerSettings | None = None,
        backend: RollupBackend | None = None, *, owner: str | None = None,
    ) -> None:  # fmt: skip
        self.redis = redis
        self.settings = settings or SummarizerSettings()
        self.index = index
        self.summarizer = Summarizer(self.settings, backend, state=RedisStateStore(redis), sink=index.add)
        self.owner = owner or uuid.uuid4().hex

    def __call__(self, delivery: Delivery[Caption]) -> None:
        self.handle(delivery.message)

    def handle(self, caption: Caption) -> list[SummaryEntry]:
        with self._camera_lock(caption.camera_id):
            entries = self.summarizer.add_caption(caption)
        if len(entries) > 1:
            log.info("%s: %s", caption.clip_id, ", ".join(f"{e.level} {e.id}" for e in entries[1:]))
        return entries

    @contextmanager
    def _camera_lock(self, camera_id: str) -> Iterator[None]:
        key = streams.lease_key(SERVICE, camera_id)
        token = f"{self.owner}:{uuid.uuid4().hex}"
        deadline = time.monotonic() + self.settings.lock_wait_s
        while not self.redis.set(key, token, nx=True, px=self.settings.lock_ms):
            if time.monotonic() >= deadline:
                raise CameraBusy(f"camera {camera_id} is locked by another summarizer replica")
            time.sleep(0.05)
        try:
            yield
        finally:
            self.redis.eval(_RELEASE, 1, key, token)


__all__ = ["SERVICE", "CameraBusy", "SummarizerHandler"]
