"""The knowledge-graph service's handler: captions in, graph writes and world events out.

For each caption (stream `streams.CAPTIONS`, group `streams.GROUP_KNOWLEDGE_GRAPH`):

1. wait briefly until the camera's heading track reaches the caption's end
   (the flow tracker usually runs ahead of the captioner; a camera without any
   heading sample is not waited for);
2. take the camera's lock (`streams.lease_key("knowledge-graph", camera)`, SET
   NX PX with a token), so replicas never interleave writes of one camera;
3. `WorldModel.ingest` (one transaction per caption, idempotent);
4. publish the world events on `streams.WORLD_EVENTS`, then the consumer acks.

Ordering, and why this is enough: a consumer group hands out a stream in
order, so one replica applies a camera's captions in the order the captioner
published them. With several replicas the per-camera lock serialises the
writes and `WorldModel` rebuilds its cache whenever the store holds a clip it
has not seen, so each replica decides on the store's latest state. A caption
that arrives after a newer clip of its camera was applied (a reclaimed or
slow delivery) is stored as history without events (see `spotter.world.model`).

Crash safety: a crash after the write but before the ack redelivers the
caption; the model sees its clip already stored, writes nothing and returns
the stored events of that clip, which are published again. World events are
therefore at least once; consumers de-duplicate by (entity_id, kind, clip_id),
which is also the stored event's id.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from contextlib import AbstractContextManager

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict
from redis import Redis

from spotter import streams
from spotter.bus import Delivery, StreamPublisher
from spotter.graph.base import GraphStore
from spotter.heading.track import RedisHeadingTrack
from spotter.locks import CameraBusy, camera_lock
from spotter.messages import Caption, WorldEvent
from spotter.world.model import WorldModel
from spotter.world.settings import WorldSettings

log = logging.getLogger(__name__)

SERVICE = "knowledge-graph"

class KnowledgeGraphSettings(BaseSettings):
    """The knowledge-graph service (`SPOTTER_KG_*`); thresholds of the model are `SPOTTER_WORLD_*`."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_KG_", extra="ignore")

    heading_wait_s: float = Field(
        default=5.0,
        ge=0.0,
        title="Heading wait (s)",
        description="Wait up to this long for the camera's heading track to reach a caption's end",
    )
    heading_max_age_s: float = Field(
        default=2.0,
        gt=0.0,
        title="Heading max age (s)",
        description="A heading sample older than this before the asked time counts as unknown",
    )
    lock_ms: int = Field(
        default=60_000,
        ge=1000,
        title="Camera lock (ms)",
        description="Expiry of a replica's per-camera lock; must exceed the slowest caption",
    )
    lock_wait_s: float = Field(
        default=20.0, ge=0.0, title="Lock wait (s)",
        description="How long a handler waits for another replica's lock before the delivery fails (retried)",
    )  # fmt: skip


class KnowledgeGraphHandler:
    """Handles one caption delivery; see the module docstring. The constructor does no I/O."""

    def __init__(
        self,
        redis: Redis,
        store: GraphStore,
        settings: KnowledgeGraphSettings | None = None,
        world: WorldSettings | None = None,
        *,
        owner: str | None = None,
        stop: threading.Event | None = None,
    ) -> None:
        self.redis = redis
        self.settings = settings or KnowledgeGraphSettings()
        self.heading = RedisHeadingTrack(redis, self.settings.heading_max_age_s)
        self.model = WorldModel(store, self.heading, world)
        self.publisher: StreamPublisher[WorldEvent] = StreamPublisher(redis, streams.WORLD_EVENTS)
        self.owner = owner or uuid.uuid4().hex
        self.stop = stop or threading.Event()

    def __call__(self, delivery: Delivery[Caption]) -> None:
        self.handle(delivery.message)

    def handle(self, caption: Caption) -> list[WorldEvent]:
        self._wait_for_heading(caption)
        with self._camera_lock(caption.camera_id):
            events = self.model.ingest(caption)
        if events:
            self.publisher.publish_many([(e, None) for e in events])
        log.debug("%s: %d observations, %d events", caption.clip_id, len(caption.observations), len(events))
        return events

    def _wait_for_heading(self, caption: Caption) -> None:
        deadline = time.monotonic() + self.settings.heading_wait_s
        while True:
            latest = self.heading.latest_t(caption.camera_id)
            if latest is None or latest >= caption.t - self.settings.heading_max_age_s:
                return
            if time.monotonic() >= deadline or self.stop.is_set():
                log.warning(
                    "%s: heading track ends at %.1f s, caption at %.1f s; placing with what there is",
                    caption.clip_id, latest, caption.t,
                )  # fmt: skip
                return
            self.stop.wait(0.1)

    def _camera_lock(self, camera_id: str) -> AbstractContextManager[None]:
        return camera_lock(
            self.redis, SERVICE, camera_id, self.owner,
            lock_ms=self.settings.lock_ms, wait_s=self.settings.lock_wait_s,
        )  # fmt: skip


__all__ = ["SERVICE", "CameraBusy", "KnowledgeGraphHandler", "KnowledgeGraphSettings"]
