"""The reasoner: one decision per clip (d = 0 or 1) and the alerts of d = 1 (EgoMemo's loop, offline).

`Reasoner.on_clip(ClipMemory)` is the per-clip step, plugged into the embedded memory
pass (`spotter.recall.remember(on_clip=...)`) and usable by a reasoner service:

1. Current observation: the clip's world events and its observations, read back from
   the graph store (entity ids, per-frame world bearings from the heading lookup and
   per-frame states), become `ClipFacts`.
2. Decision: the rule engine (`spotter.reason.rules`) fires what the current
   observation and the per-camera short-term state warrant; cooldowns keep a condition
   from alerting twice. Instant categories take this direct route only. With a `Decider`
   (`spotter.reason.decide`, a language model when `SPOTTER_DECIDE_BASE_URL` is set) the
   rules' triggers are its candidates and its triggers (after the same cooldowns) are the
   decision; a decider that fails leaves the rules' triggers for that clip. The rule
   engine steps every clip either way.
3. Deeper context (extension point, EgoMemo's three parallel pathways): for the
   categories in `DEEP_CATEGORIES`, each `Retriever` given to the reasoner (temporal
   summaries, knowledge-graph one-hop expansion, visual archive; being built
   elsewhere) is asked with a query built from the trigger, media time bounded by the
   clip's end (never the future), and returns `RetrievedItem`s.
4. Reconstruction (extension point): a `Narrator` turns the trigger, the world events
   and entities involved and the retrieved items into the alert's message. The default
   `TemplateNarrator` is a template narrative over the evidence; a VLM-backed narrator
   can replace it without touching the rules.

Alert ids are deterministic (camera, category, condition key, clip), so a restarted
reasoner that sees the same clip again publishes the same ids and the notifier stores
and delivers them once.
"""

from __future__ import annotations

import hashlib
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from spotter.graph.base import GraphStore, ObservationRecord
from spotter.memory import ClipMemory
from spotter.messages import Alert, Decision, Evidence, Observation, Projection
from spotter.reason.rules import ClipFacts, ObsFact, RuleEngine, Trigger
from spotter.reason.settings import ReasonerSettings
from spotter.reason.site_rules import SiteRules
from spotter.world.geometry import bearing_deg, egocentric_deg, pixels_per_radian

HeadingLookup = Callable[[str, float], float | None]

DECIDED_KEPT = 1000
"""Recent decisions kept (per reasoner) so that a redelivered clip gets the same answer."""

WATCHED_INTENTS = frozenset({"where", "direction_of", "still_there"})
"""Questions about where one thing is: the thing is recalled when it comes back (memory_recall)."""

DEEP_CATEGORIES = frozenset({"memory_recall", "idle", "progress"})
"""Categories whose message may use retrieved history (episodic and long-term horizons)."""


@dataclass(frozen=True)
class RetrievedItem:
    """One piece of retrieved memory: where it came from, what it says, what it rests on."""

    pathway: str
    text: str
    clip_ids: tuple[str, ...] = ()
    entity_ids: tuple[str, ...] = ()
    t: float | None = None


class Retriever(Protocol):
    """A retrieval pathway (temporal summaries, graph PPR / one-hop, visual archive)."""

    name: str

    def retrieve(
        self, query: str, camera_id: str, t_max: float, entity_ids: Sequence[str]
    ) -> list[RetrievedItem]:
        """Items relevant to `query` observed at or before `t_max`."""
        ...


class Narrator(Protocol):
    """Reconstruction: the trigger and its evidence into one message for a person."""

    def narrate(self, trigger: Trigger, facts: ClipFacts, retrieved: Sequence[RetrievedItem]) -> str: ...


_Memo = dict[tuple[str, tuple[str, ...], tuple[str, ...]], list[RetrievedItem]]
"""Retrieval within one clip's decision: (category, labels, entity ids) -> items."""


class Decider(Protocol):
    """The clip's decision by a model (`spotter.reason.decide.LlmDecider`) over the rules' candidates."""

    def decide(
        self,
        facts: ClipFacts,
        recent: Sequence[ClipFacts],
        candidates: Sequence[Trigger],
        retrieve: Callable[[], list[RetrievedItem]],
    ) -> list[Trigger] | None:
        """The triggers to alert ([]: d = 0); None: no usable decision, the rules' triggers stand."""
        ...


class RuleMessageNarrator:
    """No reconstruction: the rule's own message, whatever was retrieved (the ablation baseline)."""

    def narrate(self, trigger: Trigger, facts: ClipFacts, retrieved: Sequence[RetrievedItem]) -> str:
        return trigger.message


def brief(text: str, max_chars: int = 240) -> str:
    """`text` on one line, cut at a word to at most `max_chars` (a supervisor reads alerts on a phone:
    an activity summary quoted whole made deep alerts ~1,200 characters long)."""
    flat = " ".join(text.split())
    if len(flat) <= max_chars:
        return flat
    cut = flat[: max_chars - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut).rstrip(" ,;:") + "\u2026"


class TemplateNarrator:
    """The offline narrative: the rule's message, then what was retrieved, one short clause each."""

    max_items: int = 2

    def narrate(self, trigger: Trigger, facts: ClipFacts, retrieved: Sequence[RetrievedItem]) -> str:
        parts = [trigger.message]
        for item in list(retrieved)[: self.max_items]:
            when = f" (at {item.t:.0f} s)" if item.t is not None else ""
            parts.append(f"Earlier{when}: {brief(item.text)}")
        return " ".join(parts)[:2000]


def alert_id_for(camera_id: str, category: str, key: str, clip_id: str) -> str:
    """Stable alert id from what the alert is about (a restart yields the same id)."""
    digest = hashlib.sha256(f"{camera_id}|{category}|{key}|{clip_id}".encode()).hexdigest()[:24]
    return f"{category}:{digest}"


class Reasoner:
    """Rules + (optional) retrieval + narration, clip by clip; see the module docstring."""

    def __init__(
        self,
        store: GraphStore | None = None,
        heading: HeadingLookup | None = None,
        settings: ReasonerSettings | None = None,
        *,
        retrievers: Sequence[Retriever] = (),
        narrator: Narrator | None = None,
        publish: Callable[[Decision, list[Alert]], None] | None = None,
        history: int | None = None,
        decider: Decider | None = None,
        rules_for: Callable[[str], SiteRules] | None = None,
    ) -> None:
        """`history`: keep only this many recent decisions and alerts in `decisions`/`alerts` (a
        long-running service; None keeps all, as a replay's evaluation needs). `decider`: a model
        decides each clip over the rules' triggers (`spotter.reason.decide`); None: the rules do.
        `rules_for`: each camera's site rules (`spotter.reason.rules_store.RulesStore.effective`); None:
        the settings' rules."""
        self.settings = settings or ReasonerSettings()
        self.rules = RuleEngine(self.settings, rules_for)
        self.store = store
        self.heading = heading
        self.retrievers = list(retrievers)
        self.narrator: Narrator = narrator or TemplateNarrator()
        self.publish = publish
        self.decider = decider
        self.decisions: list[Decision] = []
        self.alerts: list[Alert] = []
        self.recent: dict[str, deque[ClipFacts]] = {}
        """Per camera, its last `max_recent_clips` clips: the short-term context."""
        self._decided: OrderedDict[tuple[str, str], tuple[Decision, list[Alert]]] = OrderedDict()
        self._pool: ThreadPoolExecutor | None = None
        self.history = history
        self.pathway_stats: dict[str, Any] = {}
        """Per pathway name: `spotter.reason.retrieval.PathwayStats` (calls, items, timeouts, latencies)."""

    # --- the step ---------------------------------------------------------------------

    def __call__(self, mem: ClipMemory) -> None:
        """`on_clip` as a `remember(on_clip=...)` hook (the decision and alerts stay in `decisions`/`alerts`)."""
        self.on_clip(mem)

    def on_clip(self, mem: ClipMemory) -> tuple[Decision, list[Alert]]:
        """Decide on one clip (clips of a camera in time order). A clip decided before (a redelivery)
        gets the same decision and alerts back, published again (consumers dedupe by clip / alert id)."""
        key = (mem.clip.camera_id, mem.clip.clip_id)
        done = self._decided.get(key)
        if done is None:
            started = time.perf_counter()
            done = self.decide(self.facts(mem), started)
            self._decided[key] = done
            while len(self._decided) > DECIDED_KEPT:
                self._decided.popitem(last=False)
            self.decisions.append(done[0])
            self.alerts.extend(done[1])
            if self.history is not None and len(self.decisions) > 2 * self.history:  # amortised trim
                del self.decisions[: -self.history]
                del self.alerts[: -self.history]
        if self.publish is not None:
            self.publish(*done)
        return done

    def decide(self, facts: ClipFacts, started: float | None = None) -> tuple[Decision, list[Alert]]:
        started = time.perf_counter() if started is None else started
        fresh = facts.t_end > self.rules.state(facts.camera_id).last_t
        triggers = self.rules.step(facts)  # always: the rules' state advances whoever decides
        memo: _Memo = {}
        if self.decider is not None and fresh:
            recent = list(self.recent.get(facts.camera_id, ()))
            candidates = triggers

            def memory() -> list[RetrievedItem]:
                return self._memory(candidates, facts, memo)

            decided = self.decider.decide(facts, recent, candidates, memory)
            if decided is not None:
                triggers = self._cooled(decided, triggers, facts)
        self.recent.setdefault(facts.camera_id, deque(maxlen=self.settings.max_recent_clips)).append(facts)
        alerts = []
        for tr in triggers:
            if tr.category not in DEEP_CATEGORIES:
                retrieved = []
            elif self.decider is not None:  # what the decider was shown, not asked again
                retrieved = self._retrieve_once(tr, facts, memo)
            else:
                retrieved = self.retrieve(tr, facts)
            message = self.narrator.narrate(tr, facts, retrieved)
            clip_ids = sorted({facts.clip_id, *(c for r in retrieved for c in r.clip_ids)})
            alerts.append(Alert(
                alert_id=alert_id_for(facts.camera_id, tr.category, tr.key, facts.clip_id),
                camera_id=facts.camera_id, t=facts.t_end, category=tr.category,  # type: ignore[arg-type]
                message=message,
                evidence=Evidence(clip_ids=clip_ids, entity_ids=list(tr.entity_ids), times=list(tr.times)),
            ))  # fmt: skip
        latency_ms = (time.perf_counter() - started) * 1000.0
        if alerts:
            first = alerts[0]
            decision = Decision(
                camera_id=facts.camera_id, t=facts.t_end, clip_id=facts.clip_id, d=1, category=first.category,
                message=" ".join(a.message for a in alerts)[:2000],
                evidence=Evidence(
                    clip_ids=[facts.clip_id],
                    entity_ids=sorted({e for a in alerts for e in a.evidence.entity_ids}),
                    times=sorted({x for a in alerts for x in a.evidence.times}),
                ),
                alert_id=first.alert_id, latency_ms=latency_ms,
            )  # fmt: skip
        else:
            decision = Decision(camera_id=facts.camera_id, t=facts.t_end, clip_id=facts.clip_id, d=0,
                                latency_ms=latency_ms)  # fmt: skip
        return decision, alerts

    def _cooled(
        self, decided: Sequence[Trigger], candidates: Sequence[Trigger], facts: ClipFacts
    ) -> list[Trigger]:
        """The decider's triggers after the rule engine's cooldowns (a confirmed candidate passed them)."""
        st = self.rules.state(facts.camera_id)
        passed = {(tr.category, tr.key) for tr in candidates}
        out = []
        for tr in decided:
            k = (tr.category, tr.key)
            if k not in passed:
                last = st.last_alert.get(k)
                if last is not None and facts.t_end - last < self.rules.cooldown(tr.category, facts.camera_id):
                    continue
                st.last_alert[k] = facts.t_end
            out.append(tr)
        return out

    def _retrieve_once(self, trigger: Trigger, facts: ClipFacts, memo: _Memo) -> list[RetrievedItem]:
        """`retrieve`, once per (category, labels, entities) within a clip's decision."""
        k = (trigger.category, tuple(sorted(trigger.labels)), tuple(trigger.entity_ids))
        if k not in memo:
            memo[k] = self.retrieve(trigger, facts)
        return memo[k]

    def _memory(self, candidates: Sequence[Trigger], facts: ClipFacts, memo: _Memo) -> list[RetrievedItem]:
        """What the decider asked for: memory about the deep candidates, else about what the clip shows."""
        asks = [tr for tr in candidates if tr.category in DEEP_CATEGORIES]
        if not asks:
            seen = [*(o.entity_id for o in facts.observations), *(e.entity_id for e in facts.events)]
            ids = tuple(dict.fromkeys(seen))
            labels = tuple(sorted({o.label for o in facts.observations} | {e.label for e in facts.events}))
            asks = [Trigger("memory", "clip", "", facts.t_end, ids, (facts.t_end,), labels)]
        items: dict[tuple[str, str], RetrievedItem] = {}
        for tr in asks:
            for item in self._retrieve_once(tr, facts, memo):
                items.setdefault((item.pathway, item.text), item)
        return list(items.values())

    def retrieve(self, trigger: Trigger, facts: ClipFacts) -> list[RetrievedItem]:
        """Ask every retrieval pathway about the trigger, in parallel, each within the timeout,
        bounded by the clip's end (`spotter.reason.retrieval.retrieve_all`)."""
        if not self.retrievers:
            return []
        from spotter.reason.retrieval import retrieve_all

        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=len(self.retrievers), thread_name_prefix="retrieve")
        # What happened to which things: the message's times and bearings do not help a similarity
        # search, and leaving them out lets pathways cache the query's embedding.
        query = f"{trigger.category.replace('_', ' ')}: {' '.join(sorted(trigger.labels))}"
        items = retrieve_all(
            self.retrievers, query, facts.camera_id, facts.t_end, trigger.entity_ids,
            timeout_s=self.settings.retrieval_timeout_s, executor=self._pool, stats=self.pathway_stats,
        )  # fmt: skip
        # The deciding clip is the current observation, not memory: what rests on it alone is no evidence
        # of what came before (the narrative says "Earlier").
        return [i for i in items if not i.clip_ids or set(i.clip_ids) != {facts.clip_id}]

    def watch_for(self, camera_id: str, entity_ids: Sequence[str], t: float) -> None:
        """A question named these entities: recall them when they come back (memory_recall)."""
        self.rules.watch_for(camera_id, entity_ids, t)

    def on_answer(self, question: Mapping[str, Any], answer: Mapping[str, Any]) -> bool:
        """A question was answered (`{"camera", "at", ...}` and the answer's record): if it asked where
        one or two things are, watch for their return. True when it did."""
        entities = list(answer.get("entities") or [])
        if answer.get("intent") not in WATCHED_INTENTS or not 0 < len(entities) <= 2:
            return False
        self.watch_for(str(question["camera"]), entities, float(question["at"]))
        return True

    # --- facts ------------------------------------------------------------------------

    def facts(self, mem: ClipMemory) -> ClipFacts:
        """The clip's events and observations, with entity ids and per-frame world bearings."""
        clip, cap = mem.clip, mem.caption
        records: dict[str, ObservationRecord] = {}
        if self.store is not None:
            for r in self.store.observations(clip.camera_id, t_min=clip.t_start, t_max=clip.t_end):
                if r.clip_id == clip.clip_id:
                    records[r.observation_id] = r
        obs = []
        for o in cap.observations:
            rec = records.get(f"{cap.clip_id}/{o.track}")
            obs.append(self._obs_fact(clip.camera_id, cap.width, cap.hfov_deg, o, rec, cap.projection))
        heading = self.heading(clip.camera_id, clip.t_end) if self.heading is not None else None
        return ClipFacts(
            camera_id=clip.camera_id, clip_id=clip.clip_id, t_start=clip.t_start, t_end=clip.t_end,
            events=tuple(sorted(mem.events, key=lambda e: (e.t, e.entity_id, e.kind))),
            observations=tuple(obs), heading_deg=heading, hfov_deg=cap.hfov_deg,
            scale_px=pixels_per_radian(cap.width, cap.hfov_deg, cap.projection), image_height=cap.height, image_width=cap.width,
            view=self._view(clip.camera_id, clip.t_start, clip.t_end),
        )  # fmt: skip

    def _view(self, camera: str, t0: float, t1: float, step_s: float = 0.5) -> tuple[tuple[float, float], ...]:
        """Where the wearer looked during the clip (heading every `step_s`, where known)."""
        if self.heading is None or t1 <= t0:
            return ()
        out = []
        n = max(1, int(round((t1 - t0) / step_s)))
        for i in range(n):
            t = t0 + (i + 0.5) * (t1 - t0) / n
            yaw = self.heading(camera, t)
            if yaw is not None:
                out.append((t, yaw))
        return tuple(out)

    def _obs_fact(
        self, camera: str, width: int, hfov: float, o: Observation, rec: ObservationRecord | None,
        projection: Projection = "pinhole",
    ) -> ObsFact:
        fallback = rec.bearing_deg if rec is not None else None
        samples = []
        for b in o.boxes:
            yaw = self.heading(camera, b.t) if self.heading is not None else None
            if yaw is not None:
                bearing: float | None = bearing_deg(yaw, b.bbox, width, hfov, projection)
            else:
                bearing = fallback
            if bearing is None:
                continue
            samples.append((b.t, bearing, b.state))
        rep = fallback if fallback is not None else (samples[-1][1] if samples else 0.0)
        last = o.boxes[-1].bbox
        half = abs(egocentric_deg(last[2], width, hfov, projection) - egocentric_deg(last[0], width, hfov, projection)) / 2.0
        ppe = tuple((b.t, b.hardhat, b.vest) for b in o.boxes if b.hardhat is not None or b.vest is not None)
        return ObsFact(
            entity_id=rec.entity_id if rec is not None else f"{camera}/obs/{o.track}",
            label=rec.label if rec is not None else o.label, bearing_deg=rep, samples=tuple(samples),
            attributes=dict(o.attributes), state=o.state, half_width_deg=half, ppe=ppe,
            rows=tuple((b.t, b.bbox[1], b.bbox[3]) for b in o.boxes),
            cols=tuple((b.t, b.bbox[0], b.bbox[2]) for b in o.boxes),
        )  # fmt: skip
