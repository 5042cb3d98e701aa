"""The reasoner service: captions in (after the knowledge graph stored them), decisions and alerts out.

`ReasonerHandler` consumes `streams.CAPTIONS` in its own group (`streams.GROUP_REASONER`).
For each caption it waits (up to `clip_wait_s`) until the knowledge-graph service has
stored the caption's clip, so that the clip's observations (with entity ids) and world
events can be read back from the graph store; a clip not there yet fails the delivery,
which the bus retries later. It then builds the same `ClipMemory` the embedded pass
hands to `Reasoner.on_clip`, decides, and publishes the `Decision` on
`streams.DECISIONS` and each `Alert` on `streams.ALERTS` (the notifier stores and
delivers them once per `alert_id`). Per-frame bearings use the flow tracker's heading
track in Redis (`spotter.heading.track.RedisHeadingTrack`, each clip's stretch preloaded).

State: the rule engine's per-camera state (idle runs, pending drops, courses seen,
cooldowns) lives in the process, so one replica should own a camera's captions (as one
flow tracker owns a camera's frames). It is a function of the camera's captions in
stream order, so it is rebuilt from the stream rather than lost: before deciding a
caption, the handler silently decides (no publishing) the camera's earlier captions it
has not decided yet, in stream order: on a replica's first caption of a camera, those
of the last `warmup_s` of media time; afterwards, those between the last one it decided
and this one (captions a killed replica read but never acked come back only after
`claim_idle_ms`, after newer ones). A caption that then comes back decides from the
reasoner's cache (same decision, same alerts, published then). Alert ids are
deterministic, so a clip decided twice yields the same ids and the notifier stores and
delivers the alert once: a replica killed mid-stream and restarted loses no alert and
repeats none in effect (tests/integration/test_alert_path.py).

Retrieval (EgoMemo's three pathways, `spotter.reason.retrieval`): `open_reasoner` (what
`python -m services.reasoner` runs) opens them at start: the knowledge graph over the
service's own graph store always; the temporal summaries and the visual archive from the
shared vector store of the distributed mode (`SPOTTER_VECTOR_BACKEND=qdrant`,
`spotter.reason.pathways.open_memory_pathways`; absent otherwise or when they do not open,
the graph pathway alone then). The summaries' embedding model is loaded at start, not inside
the first retrieval's timeout; each pathway answers within `retrieval_timeout_s`. A deep
alert (`spotter.reason.reasoner.DEEP_CATEGORIES`) carries what they found in its message and
evidence. The silent catch-up decisions do not retrieve (a replica's warm-up re-decides up
to an hour of captions, mostly published long ago by another): their deep triggers are kept,
and when such a clip's caption is delivered to this replica after all (a dead replica's
unacked caption, reclaimed), its alerts are completed with retrieval and the narrator before
they are published. Alert ids do not depend on retrieval.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, cast

from redis import Redis

from spotter import streams
from spotter.bus import Delivery, StreamPublisher
from spotter.errors import SpotterError
from spotter.graph.base import GraphStore
from spotter.heading.track import RedisHeadingTrack
from spotter.memory import ClipMemory
from spotter.messages import Alert, Caption, Clip, Decision, WorldEvent, decode
from spotter.reason.decide import make_decider
from spotter.reason.narrate import make_narrator
from spotter.reason.pathways import close_memory_pathways, make_retrievers, open_memory_pathways, warm_up
from spotter.reason.reasoner import DECIDED_KEPT, Reasoner, RetrievedItem, Retriever, alert_id_for
from spotter.reason.rules import ClipFacts, Trigger
from spotter.reason.rules_store import RulesStore
from spotter.reason.settings import ReasonerSettings
from spotter.vector import VectorSettings

log = logging.getLogger(__name__)

SERVICE = "reasoner"
EVENT_LOOKBACK_S = 600.0
"""World events of a clip may date from before it (idle since, last seen): how far back to read them."""
WARMUP_S = 3600.0
"""A replica's first caption of a camera: the camera's captions of this much media time before it are
decided first (silently) to rebuild the rule state (cooldowns up to 300 s, long absences, courses)."""
PAGE = 500
"""Stream entries read per round trip while catching up."""
MAX_SCAN = 100_000
"""Warm-up reads at most this many entries back (a camera new to the stream would otherwise scan it all)."""


def _id_key(msg_id: str) -> tuple[int, int]:
    ms, _, seq = msg_id.partition("-")
    return int(ms), int(seq or 0)


class ClipNotRemembered(SpotterError):
    """The knowledge graph has not stored the caption's clip yet: retry the delivery later."""


class DeferringReasoner(Reasoner):
    """A `Reasoner` whose decisions can leave retrieval for later (the service's silent catch-up).

    While `deferring` is set, a deep trigger's retrieval is not run: the trigger and its facts are
    kept (per clip, as many clips as the reasoner's decision cache) and its alert carries the rules'
    narrative alone. `complete(camera, clip)` then retrieves for them, narrates again and replaces
    the clip's cached decision and alerts (same ids), which a redelivery then gets.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deferring = False
        self._deferred: OrderedDict[tuple[str, str], list[tuple[Trigger, ClipFacts]]] = OrderedDict()

    def retrieve(self, trigger: Trigger, facts: ClipFacts) -> list[RetrievedItem]:
        if self.deferring and self.retrievers:
            self._deferred.setdefault((facts.camera_id, facts.clip_id), []).append((trigger, facts))
            while len(self._deferred) > DECIDED_KEPT:
                self._deferred.popitem(last=False)
            return []
        return super().retrieve(trigger, facts)

    def decide(self, facts: ClipFacts, started: float | None = None) -> tuple[Decision, list[Alert]]:
        """While deferring (the silent catch-up re-deciding up to an hour of captions to rebuild the
        rule state), the rules decide alone: no model call per caught-up clip. A caught-up clip
        delivered later gets that rules' decision, completed with retrieval (`complete`)."""
        if not self.deferring or self.decider is None:
            return super().decide(facts, started)
        decider, self.decider = self.decider, None
        try:
            return super().decide(facts, started)
        finally:
            self.decider = decider

    def deferred(self, camera_id: str, clip_id: str) -> bool:
        return (camera_id, clip_id) in self._deferred

    def complete(self, camera_id: str, clip_id: str) -> tuple[Decision, list[Alert]] | None:
        """The clip's decision and alerts with the retrieval its silent decision left out (None: none left)."""
        key = (camera_id, clip_id)
        pending = self._deferred.pop(key, None)
        done = self._decided.get(key)
        if not pending or done is None:
            return None
        decision, alerts = done
        by_id = {a.alert_id: a for a in alerts}
        for trigger, facts in pending:
            alert_id = alert_id_for(facts.camera_id, trigger.category, trigger.key, facts.clip_id)
            alert = by_id.get(alert_id)
            if alert is None:
                continue
            retrieved = super().retrieve(trigger, facts)
            clip_ids = sorted({facts.clip_id, *(c for r in retrieved for c in r.clip_ids)})
            by_id[alert_id] = alert.model_copy(update={
                "message": self.narrator.narrate(trigger, facts, retrieved),
                "evidence": alert.evidence.model_copy(update={"clip_ids": clip_ids}),
            })  # fmt: skip
        alerts = [by_id[a.alert_id] for a in alerts]
        if decision.d == 1:
            decision = decision.model_copy(update={"message": " ".join(a.message for a in alerts)[:2000]})
        self._decided[key] = (decision, alerts)
        return decision, alerts

    def close(self) -> None:
        """The retrieval threads, and the narrator's client when it has one."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        for part in (self.narrator, self.decider):
            close = getattr(part, "close", None)
            if callable(close):
                close()


class ReasonerHandler:
    """Handles one caption delivery; see the module docstring. The constructor does no I/O
    (`retrievers`: the pathways, opened by the caller; `open_reasoner` opens the service's)."""

    def __init__(
        self,
        redis: Redis,
        store: GraphStore,
        settings: ReasonerSettings | None = None,
        *,
        stop: threading.Event | None = None,
        warmup_s: float = WARMUP_S,
        retrievers: Sequence[Retriever] = (),
    ) -> None:
        self.settings = settings or ReasonerSettings()
        self.redis = redis
        self.warmup_s = warmup_s
        self._last: dict[str, str] = {}  # camera -> stream id of the newest caption decided in order
        self.store = store
        self.stop = stop or threading.Event()
        self.heading = RedisHeadingTrack(redis, self.settings.heading_max_age_s)
        self.rules = RulesStore(redis, self.settings.site_rules())
        self.reasoner = DeferringReasoner(
            store, self.heading, self.settings, retrievers=retrievers, narrator=make_narrator(),
            history=DECIDED_KEPT, decider=make_decider(), rules_for=self.rules.effective,
        )
        self.decisions: StreamPublisher[Decision] = StreamPublisher(redis, streams.DECISIONS)
        self.alerts: StreamPublisher[Alert] = StreamPublisher(redis, streams.ALERTS)

    def __call__(self, delivery: Delivery[Caption]) -> None:
        self.handle(delivery.message, delivery.msg_id)

    def handle(self, caption: Caption, msg_id: str | None = None) -> tuple[Decision, list[Alert]]:
        """Decide on `caption` (its stream id `msg_id`: the camera's earlier captions are decided first)."""
        self._wait_for_clip(caption)
        if msg_id is not None:
            self._catch_up(caption, msg_id)
        decision, alerts = self._decide(caption)
        if msg_id is not None:
            last = self._last.get(caption.camera_id)
            if last is None or _id_key(msg_id) > _id_key(last):
                self._last[caption.camera_id] = msg_id
        if alerts:
            self.alerts.publish_many([(a, None) for a in alerts])
        self.decisions.publish(decision)
        return decision, alerts

    def _decide(self, caption: Caption, *, silent: bool = False) -> tuple[Decision, list[Alert]]:
        """The caption's decision; `silent` (catch-up, nothing published): deep triggers retrieve later."""
        self.heading.preload(caption.camera_id, caption.t_start, caption.t)
        self.reasoner.deferring = silent
        try:
            done = self.reasoner.on_clip(self.memory(caption))
        finally:
            self.reasoner.deferring = False
        if not silent and self.reasoner.deferred(caption.camera_id, caption.clip_id):
            done = self.reasoner.complete(caption.camera_id, caption.clip_id) or done
        return done

    def close(self) -> None:
        stats = self.reasoner.pathway_stats
        if stats:  # what each pathway gave this replica: an operator sees one that never answers
            log.info("retrieval by pathway: %s", "; ".join(
                f"{name} {st.calls} calls, {st.items} items, {st.timeouts} timeouts, {st.errors} errors"
                for name, st in stats.items()
            ))  # fmt: skip
        self.reasoner.close()

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

    def _catch_up(self, caption: Caption, msg_id: str) -> None:
        """Decide (silently) the camera's captions before `msg_id` this replica has not decided yet."""
        cam = caption.camera_id
        last = self._last.get(cam)
        if last is not None and _id_key(last) >= _id_key(msg_id):
            return  # an older caption coming back (reclaimed): decided before, answered from the cache
        earlier = self._earlier(cam, msg_id, last, caption.t_start - self.warmup_s)
        done = 0
        for c in earlier:
            if self._stored(c):  # never stored (dead-lettered by the knowledge graph): nothing to decide
                self._decide(c, silent=True)
                done += 1
        if done and last is None:
            log.info("camera %s: state rebuilt from %d earlier caption(s)", cam, done)
        elif done:
            log.info(
                "camera %s: %d caption(s) before %s decided first (out of order)", cam, done, caption.clip_id
            )

    def _earlier(self, cam: str, msg_id: str, after: str | None, t_min: float) -> list[Caption]:
        """The camera's captions strictly between `after` (None: `t_min` of media time back) and `msg_id`."""
        out: list[Caption] = []
        seen: set[str] = set()

        def take(entries: Any) -> bool:
            """Collects `cam`'s captions; False once one ends before `t_min` (cold start)."""
            more = True
            for _id, fields in entries:
                try:
                    msg = decode(fields)[0]
                except Exception:  # malformed entries are the consumers' dead letters, not state
                    continue
                if not isinstance(msg, Caption) or msg.camera_id != cam or msg.clip_id in seen:
                    continue
                if after is None and msg.t < t_min:
                    more = False
                    continue
                seen.add(msg.clip_id)
                out.append(msg)
            return more

        if after is not None:
            start = f"({after}"
            while True:
                page = cast(list[Any], self.redis.xrange(streams.CAPTIONS, start, f"({msg_id}", count=PAGE))
                take(page)
                if len(page) < PAGE:
                    return out
                start = f"({page[-1][0].decode() if isinstance(page[-1][0], bytes) else page[-1][0]}"
        end = f"({msg_id}"
        scanned = 0
        while True:
            page = cast(list[Any], self.redis.xrevrange(streams.CAPTIONS, end, "-", count=PAGE))
            more = take(page)
            scanned += len(page)
            if not more or len(page) < PAGE or scanned >= MAX_SCAN:
                if more and scanned >= MAX_SCAN:
                    log.warning("camera %s: warm-up stopped after %d stream entries", cam, scanned)
                out.reverse()
                return out
            end = f"({page[-1][0].decode() if isinstance(page[-1][0], bytes) else page[-1][0]}"

    def _stored(self, caption: Caption) -> bool:
        clips = self.store.clips(caption.camera_id, t_min=caption.t_start, t_max=caption.t)
        return any(c.clip_id == caption.clip_id for c in clips)

    def _wait_for_clip(self, caption: Caption) -> None:
        deadline = time.monotonic() + self.settings.clip_wait_s
        while True:
            if self._stored(caption):
                return
            if time.monotonic() >= deadline or self.stop.is_set():
                raise ClipNotRemembered(f"clip {caption.clip_id} is not in the graph store yet")
            self.stop.wait(0.02)


@contextmanager
def open_reasoner(
    redis: Redis,
    store: GraphStore,
    settings: ReasonerSettings | None = None,
    *,
    stop: threading.Event | None = None,
    vector: VectorSettings | None = None,
) -> Iterator[ReasonerHandler]:
    """The service's handler with its retrieval pathways (module docstring), closed on exit.

    The knowledge graph is `store`; the temporal summaries and visual archive are opened from the
    shared vector store (`vector`, default `SPOTTER_VECTOR_*`) when it is Qdrant and reachable."""
    summaries, archive = open_memory_pathways(redis, vector, who=SERVICE)
    try:
        warm_up(summaries, who=SERVICE)
        retrievers = make_retrievers(store, summaries, archive)
        handler = ReasonerHandler(redis, store, settings, stop=stop, retrievers=retrievers)
        log.info(
            "retrieval pathways: %s (each within %.2f s)",
            ", ".join(r.name for r in retrievers), handler.settings.retrieval_timeout_s,
        )  # fmt: skip
        try:
            yield handler
        finally:
            handler.close()
    finally:
        close_memory_pathways(summaries, archive)
