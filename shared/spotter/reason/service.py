"""The reasoner service: captions in (after the knowledge graph stored them), decisions and alerts out.

`ReasonerHandler` consumes `streams.CAPTIONS` in its own group (`streams.GROUP_REASONER`).
For each caption it waits (up to `clip_wait_s`) until the knowledge-graph service has
stored the caption's clip, so that the clip's observations (with entity ids) and world
events can be read back from the graph store; a clip not there yet fails the delivery,
which the bus retries later. It then builds the same `ClipMemory` the embedded pass
hands to `Reasoner.on_clip`, decides, and publishes the `Decision` on
`streams.DECISIONS` and each `Alert` on `streams.ALERTS` (the notifier stores and
delivers them once per `alert_id`). Per-frame bearings use the flow tracker's heading
track in Redis (`spotter.world.service.RedisHeading`).

State: the rule engine's per-camera state (idle runs, pending drops, cooldowns) lives in
the process, so one replica should own a camera's captions (as one flow tracker owns a
camera's frames); a restarted replica starts with empty state: alert ids are
deterministic, so a clip decided twice yields the same ids and the notifier stores and
delivers the alert once.
"""

from __future__ import annotations

import threading
import time

from redis import Redis

from spotter import streams
from spotter.bus import Delivery, StreamPublisher
from spotter.errors import SpotterError
from spotter.graph.base import GraphStore
from spotter.memory import ClipMemory
from spotter.messages import Alert, Caption, Clip, Decision, WorldEvent
from spotter.reason.reasoner import Reasoner
from spotter.reason.settings import ReasonerSettings
from spotter.world.service import RedisHeading

SERVICE = "reasoner"
EVENT_LOOKBACK_S = 600.0
"""World events of a clip may date from before it (idle since, last seen): how far back to read them."""


class ClipNotRemembered(SpotterError):
    """The knowledge graph has not stored the caption's clip yet: retry the delivery later."""


class ReasonerHandler:
    """Handles one caption delivery; see the module docstring. The constructor does no I/O."""

    def __init__(
        self,
        redis: Redis,
        store: GraphStore,
        settings: ReasonerSettings | None = None,
        *,
        stop: threading.Event | None = None,
    ) -> None:
        self.settings = settings or ReasonerSettings()
        self.store = store
        self.stop = stop or threading.Event()
        self.reasoner = Reasoner(store, RedisHeading(redis, self.settings.heading_max_age_s), self.settings)
        self.decisions: StreamPublisher[Decision] = StreamPublisher(redis, streams.DECISIONS)
        self.alerts: StreamPublisher[Alert] = StreamPublisher(redis, streams.ALERTS)

    def __call__(self, delivery: Delivery[Caption]) -> None:
        self.handle(delivery.message)

    def handle(self, caption: Caption) -> tuple[Decision, list[Alert]]:
        self._wait_for_clip(caption)
        mem = self.memory(caption)
        decision, alerts = self.reasoner.on_clip(mem)
        if alerts:
            self.alerts.publish_many([(a, None) for a in alerts])
        self.decisions.publish(decision)
        return decision, alerts

    def memory(self, caption: Caption) -> ClipMemory:
        """The caption's clip as the world memory stored it: the clip and its world events."""
        cam = caption.camera_id
        records = self.store.events(cam, t_min=max(0.0, caption.t_start - EVENT_LOOKBACK_S), t_max=caption.t)
        events = [
            WorldEvent(
                camera_id=r.camera_id,
                t=r.t,
                kind=r.kind,
                entity_id=r.entity_id,
                label=r.label,
                clip_id=r.clip_id,
                bearing_deg=r.bearing_deg,
                detail=r.detail,
            )  # fmt: skip
            for r in records
            if r.clip_id == caption.clip_id
        ]
        clip = Clip(camera_id=cam, t=caption.t, clip_id=caption.clip_id, t_start=caption.t_start,
                    t_end=caption.t, n_frames=0, source="caption")  # fmt: skip
        return ClipMemory(clip, caption, events, 0, 0)

    def _wait_for_clip(self, caption: Caption) -> None:
        deadline = time.monotonic() + self.settings.clip_wait_s
        while True:
            clips = self.store.clips(caption.camera_id, t_min=caption.t_start, t_max=caption.t)
            if any(c.clip_id == caption.clip_id for c in clips):
                return
            if time.monotonic() >= deadline or self.stop.is_set():
                raise ClipNotRemembered(f"clip {caption.clip_id} is not in the graph store yet")
            self.stop.wait(0.05)
