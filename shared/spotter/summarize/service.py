"""The summarizer service's handler: captions in, summary entries into the vector store.

Per caption (stream `streams.CAPTIONS`, group `streams.GROUP_SUMMARIZER`): take the camera's
lock (`streams.lease_key("summarizer", camera)`, SET NX PX with a token) so replicas never
interleave one camera's windows, then `Summarizer.add_caption` with the `SummaryIndex` as
sink; the consumer acks afterwards. Idempotent by clip id: a redelivered caption finds its clip
id in the camera's state and changes nothing (see `spotter.summarize.core`).
"""

from __future__ import annotations

import logging
import uuid
from contextlib import AbstractContextManager

from redis import Redis

from spotter.bus import Delivery
from spotter.locks import CameraBusy, camera_lock
from spotter.messages import Caption
from spotter.summarize.core import SERVICE, RedisStateStore, RollupBackend, Summarizer
from spotter.summarize.entry import SummaryEntry
from spotter.summarize.index import SummaryIndex
from spotter.summarize.settings import SummarizerSettings

log = logging.getLogger(__name__)

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

    def _camera_lock(self, camera_id: str) -> AbstractContextManager[None]:
        return camera_lock(
            self.redis, SERVICE, camera_id, self.owner,
            lock_ms=self.settings.lock_ms, wait_s=self.settings.lock_wait_s,
        )  # fmt: skip


__all__ = ["SERVICE", "CameraBusy", "SummarizerHandler"]
