"""The offline answerer: a question parser over the graph tools, no language model needed.

1. Intent: the question is embedded (MiniLM, `spotter.embed`, when its model files are
   installed) and compared with a few example questions per intent; without the model
   the same examples are matched by word overlap. A few unambiguous cue words override
   a close call (e.g. "how long" is always a duration).
2. Slots, by matching known words: the thing asked about (labels the memory holds, with
   attributes: "the worker in the orange vest", "the worker without a hard hat"),
   directions ("behind me", "to my front-left"), times ("2:05", "between 1:20 and
   4:35", "so far") and event verbs ("dropped", "picked up", "moved", "laid").
3. The intent's handler calls the graph tools (`spotter.tools.GraphTools`) with `at`, so
   only memory observed up to `at` is used, and returns a typed `Answer`.

Durations come from the per-frame states of the subject's observations (TimedBox.state):
a state holds from one sampled frame to the next; a gap in observation is filled with
the state seen on both sides of it (a change while out of view is split in the middle).
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spotter.answer.base import Answer, Evidence
from spotter.answer.query import EventRef, Query, SubjectRef, TimeRef
from spotter.answer.understand import QuestionUnderstander, subjects_in
from spotter.graph.base import EntityRecord, EventRecord, ObservationRecord
from spotter.messages import WorldEventKind
from spotter.tools import GraphTools
from spotter.world.geometry import (
    CALM_TURN_DEG_S,
    SECTOR_CENTRES,
    WORK_RESUMED_S,
    Sector,
    angular_distance,
    box_centre_x,
    egocentric_deg,
    horizon_from_people,
    in_pit,
    relative_deg,
)
from spotter.world.identity import in_view_together
from spotter.world.labels import UNIT_COUNT_ATTRIBUTES, is_mover, names_lifted_load, same_kind
from spotter.world.model import external_track
from spotter.world.settings import WorldSettings
from spotter.world.walking import (
    Landmark,
    clip_walked,
    grows_by_work,
    middle_heights,
    same_standpoint,
    size_ratio,
    typical_height,
    walk_in,
    whole_height,
)

log = logging.getLogger(__name__)

_CONE_HALF_DEG = 45.0  # "what's behind me": the 90-degree quadrant centred on the direction
SHIFTED_DEG = 10.0  # a thing's bearing shifting this much within one sighting, its size kept: it moved
AWAY_DEG = 15.0  # "did he go back to where ...": a sighting this far (bearing) from the place is away from it ...
BACK_DEG = 10.0  # ... and one this close after being away is back (a person's width a few metres off is 5-10 deg)


def fmt_time(t: float) -> str:
    t = max(0.0, t)
    m, s = divmod(int(round(t)), 60)
    return f"{m // 60}:{m % 60:02d}:{s:02d}" if m >= 60 else f"{m}:{s:02d}"


@dataclass
class Subject:
    """The thing a question names: a label and required attribute values."""

    label: str
    attributes: dict[str, Any] = field(default_factory=dict)
    phrase: str = ""

    def describe(self) -> str:
        return self.phrase or f"the {self.label.replace('_', ' ')}"


@dataclass
class Parsed:
    intent: str
    text: str
    subjects: list[tuple[int, Subject]]
    times: list[float]
    direction: Sector | None
    scores: dict[str, float] = field(default_factory=dict)
    ref_entity: str | None = None  # identity: the one an event happened to ("the fella who took his hat off")


# --- intent classification -------------------------------------------------------------

def default_embedder() -> Any | None:
    """MiniLM when its model files are installed (the `spotter.embed` default), else None."""
    try:
        from spotter.embed import EmbedSettings, make_embedder

        return make_embedder(EmbedSettings())
    except Exception as exc:  # noqa: BLE001 - the lexical matcher is the documented fallback
        log.info("question parser: MiniLM unavailable (%s); matching intents by word overlap", exc)
        return None


# --- the parser ---------------------------------------------------------------------------


_WALK_CHUNK = 30
"""Clips judged at a time when looking back for a walk (five minutes of ten-second clips)."""


class QuestionParser:
    """Answers questions about one camera's memory through the graph tools (see module doc)."""

    def __init__(
        self,
        tools: GraphTools,
        embedder: Any | None = None,
        *,
        load_embedder: bool = True,
        hfov_deg: float = 90.0,
    ) -> None:
        self.tools = tools
        self.store = tools.store
        if embedder is None and load_embedder:
            embedder = default_embedder()
        self.understander = QuestionUnderstander(embedder)
        self.hfov_deg = hfov_deg
        # (camera, role) -> the attributes a question described that role with ("the banksman in the
        # yellow vest"), so a later "which way is the banksman?" means the same person.
        self.roles: dict[tuple[str, str], dict[str, bool | str]] = {}
        # (camera, clip) -> whether the wearer walked in it (a stored clip does not change)
        self._walking_clips: dict[tuple[str, str], bool] = {}

    # --- entry point ---

    def answer(self, question: str, camera_id: str, at: float | None = None) -> Answer:
        now = self.tools._now(camera_id, at)
        labels = {e.label for e in self.store.entities(camera_id, t_max=now)}
        query = self.understander.understand(question, labels)
        if query.intent == "unknown":
            return Answer(
                answer="I did not understand the question; ask where, when, how long, which way, whether or how "
                       "many about something the camera saw.", intent="unknown", backend="parser",
            )  # fmt: skip
        unsure: list[str] = []  # roles the question names that no one was described as (this call's, not shared)
        try:
            query = self._grounded(query, camera_id, now, labels, question, unsure)
            ans = self._dispatch(query, question, camera_id, now)
        except _NotKnown as exc:
            ans = Answer(answer=str(exc))
        if unsure and ans.answer:
            roles = " or ".join(f"the {r}" for r in dict.fromkeys(unsure))
            ans = ans.model_copy(update={"answer": f"(I do not know who {roles} is, so this is about the worker I "
                                                   f"picked; tell me what they wear and I will remember.) {ans.answer}"})  # fmt: skip
        return ans.model_copy(update={"intent": query.intent, "backend": "parser", "query": query.public()})

    def _dispatch(self, q: Query, question: str, camera_id: str, at: float) -> Answer:
        text = question.lower()
        subj = _subject_of(q.subject)
        times = [q.time.resolve(at)] if q.time is not None else []
        parsed = Parsed(q.intent, text, [(0, subj)] if subj else [], times, q.direction)
        if q.intent in ("direction_of", "where"):
            return self._where(parsed, camera_id, at)
        if q.intent == "things_in_direction":
            return self._what_direction(parsed, camera_id, at)
        if q.intent == "still_there":
            if re.search(r"\b(left|gone|leave)\b", text) and subj is not None and subj.label == "worker":
                return self._has_left(parsed, camera_id, at)
            if not times and subj is not None and re.search(
                    r"\bwhere (i|you|he|she|they|we|someone) (put|left|set|dropped|placed|laid|stood)\b", text):  # fmt: skip
                put = self._event_time(camera_id, subj, "dropped", at, latest=True)  # "where I put it": since then
                if put is not None:
                    parsed.times.append(put[0] + 0.5)
            return self._still_there(parsed, camera_id, at)
        if q.intent == "same_individual":
            named = _subject_of(q.other.subject) if q.other is not None else None
            if named is not None and named.attributes:
                parsed.subjects.append((1, named))  # compared with a person named by trade
            elif q.other is not None and q.other.event in ("moved", "dropped", "picked_up") and \
                    (actor := self._actor_entity(camera_id, question, at)) is not None:  # fmt: skip
                parsed.ref_entity = actor  # "is he the one who moved the wheelbarrow": whoever moved it
            elif q.other is not None and (q.other.event == "work_unit" or (
                    q.other.subject is not None and q.other.subject.label not in ("worker", "person"))):
                # "the one who guided the first unit in", "the fella who was guiding the telehandler"
                try:
                    parsed.ref_entity = self._worker_at_thing(camera_id, q.other, at)
                except _NotKnown:
                    thing = _subject_of(q.other.subject)
                    if q.other.event is not None or thing is None or self.store.entities(camera_id, label=thing.label, t_max=at):
                        raise
                    # a thing the camera never saw ("the lad who was tying rebar", the bars too thin to detect): the
                    # clause says what he did then, not which thing to find him by; the person alone is compared
            elif q.other is not None and q.other.event is not None:
                hit = self._occurrence(camera_id, q.other.subject or SubjectRef(label="worker"), q.other.event, None,
                                       None, at, q_last=True)  # fmt: skip
                if hit is None:
                    raise _NotKnown(f"I have not seen anyone {_EVENT_WORDS.get(q.other.event, q.other.event)} by {fmt_time(at)}.")
                parsed.ref_entity = hit[1][0].entity_id if hit[1] else None
            return self._same(parsed, camera_id, at)
        if q.intent == "count_distinct":
            return self._count(q, camera_id, at)
        if q.intent == "event_time":
            return self._when_q(q, camera_id, at, text)
        if q.intent == "time_since":
            return self._since(q, camera_id, at)
        if q.intent == "order":
            return self._order(q, camera_id, at)
        if q.intent == "returned":
            return self._returned(q, camera_id, at)
        if q.intent == "is_working":
            return self._is_working(q, camera_id, at)
        if q.intent == "spell_duration":
            return self._spell_duration(q, camera_id, at)
        if q.intent == "state_duration":
            return self._state_duration(q, camera_id, at)
        raise _NotKnown("I did not understand the question.")

    def _grounded(self, q: Query, camera_id: str, at: float, labels: set[str], question: str = "",
                  unsure: list[str] | None = None) -> Query:
        """The query in this memory's terms. A label the memory lacks falls back to one it holds that
        names the same thing shorter or longer ("angle_grinder" / "grinder"). People described by their
        trade are remembered, and a bare trade means the person last described by it, else (for trades
        whose work shows on a tracked object, such as a bricklayer's wall) the worker seen at that work most.
        A person named by what they did to a thing ("the labourer who moved the cone") is whoever did it.
        Roles guessed at (never described, nothing seen says who) are added to `unsure`."""
        # (in an identity question the clause names the one compared with: `_dispatch` finds them)
        actor = self._actor_look(camera_id, question, at) if question and q.intent != "same_individual" else None

        guessed = unsure if unsure is not None else []

        def resolve(ref: SubjectRef | None, state: str | None = None, event: str | None = None,
                    main: bool = True) -> SubjectRef | None:
            if ref is not None and ref.label not in labels:
                near = sorted(lab for lab in labels if ref.label.endswith("_" + lab) or lab.endswith("_" + ref.label)) \
                    or sorted(lab for lab in labels if same_kind(ref.label, lab)) \
                    or sorted(lab for lab in labels if _tool_named_by_use(ref.label, lab)) \
                    or (["suspended_load"] if "suspended_load" in labels and names_lifted_load(ref.label) else [])
                if near:
                    ref = ref.model_copy(update={"label": near[0]})
            if ref is not None and ref.label == "worker" and not ref.attributes and actor:
                if ref.role is not None:
                    self.roles[(camera_id, ref.role)] = dict(actor)
                return ref.model_copy(update={"attributes": dict(actor)})
            if main and ref is not None and ref.label == "worker" and ref.role is None and not ref.attributes \
                    and len(self._clothes_seen(camera_id, at)) > 1:  # fmt: skip
                # "how long was the drainage lad down that hole": of several people, one who was (the other
                # person of an order or identity question is whoever did what it names)
                attrs = self._worker_who(camera_id, state, event, at)
                return ref.model_copy(update={"attributes": dict(attrs)}) if attrs else ref
            if ref is None or ref.role is None or ref.label != "worker":
                return ref
            key = (camera_id, ref.role)
            if ref.attributes:
                # who they are is what they wear; a hard hat comes and goes ("the brickie with no hat on" is, later,
                # the brickie with it back on): remembered by the clothes of the one who was without it
                worn = {k: v for k, v in ref.attributes.items() if k != "hardhat"}
                if not worn and ref.attributes.get("hardhat") is False:
                    worn = self._worker_who(camera_id, "without_ppe", None, at)
                if worn:
                    self.roles[key] = dict(worn)
                return ref
            attrs = self.roles.get(key) or self._worker_at_work(camera_id, ref.role, at)
            if not attrs and len(self._clothes_seen(camera_id, at)) > 1:
                guessed.append(ref.role)  # never described, nothing seen says who: the answer says it guessed
                # ... the worker the question fits ("how long was the labourer down the sump": one who was)
                attrs = self._worker_who(camera_id, state, event, at)
            return ref.model_copy(update={"attributes": dict(attrs)}) if attrs else ref

        # ("has the labourer been back in the trench since he climbed out": one who was in it)
        event = q.event or (q.other.event if q.intent == "returned" and q.other is not None else None)
        update: dict[str, Any] = {"subject": resolve(q.subject, q.state, event)}
        actor = None  # the clause describes the question's subject, not the other person of an order question
        if q.other is not None and q.other.subject is not None:
            update["other"] = q.other.model_copy(update={"subject": resolve(q.other.subject, None, q.other.event, main=False)})
        return q.model_copy(update=update)

    def _worker_who(self, camera_id: str, state: str | None, event: str | None, at: float) -> dict[str, bool | str]:
        """The clothes of the most-seen worker who was ever in the state or did the thing a question asks about
        (idle, without a hard hat, in the pit); {} when the question asks nothing such, or nobody fits."""
        want = ("idle" if state == "idle" or event in ("went_idle", "stopped_working", "resumed_working") else
                "ppe" if state == "without_ppe" or event == "ppe_removed" else
                "zone" if state == "in_zone" or event in ("entered_zone", "left_zone") else None)  # fmt: skip
        if want is None:
            return {}
        best: tuple[float, dict[str, bool | str]] = (0.0, {})
        by_event: WorldEventKind | None = "idle" if want == "idle" else "ppe_off" if event == "ppe_removed" else None
        try:
            pits = self._pits(camera_id, at) if want == "zone" else None  # read once for every worker
        except _NotKnown:
            return {}
        for e in self.store.entities(camera_id, label="worker", t_max=at):
            # (the world's events need no frames; PPE spans and zone spells read them)
            obs = self.store.observations(camera_id, entity_id=e.entity_id, t_max=at, full=by_event is None)
            if not obs:
                continue
            # how well it fits: the time spent in the state where spells say (in the pit longest), else how much
            # the worker was seen
            if by_event is not None:  # was idle; took the hard hat off (for long enough to count)
                fit = float(len(obs)) if self.store.events(camera_id, entity_id=e.entity_id, kinds=[by_event], t_max=at) else 0.0
            elif want == "ppe":
                fit = sum(b - a for a, b, _o in _ppe_spans(obs, at))
            else:
                fit = sum(b - a for a, b, _o in self._zone_spells(camera_id, obs, at, pits=pits, seen_in=True))
            attrs = {k: v for k in ("vest", "hat_colour") if (v := _majority(obs, k)) is not None}
            if fit > 0 and attrs and fit > best[0]:
                best = (fit, attrs)
        return best[1]

    def _clothes_seen(self, camera_id: str, at: float) -> set[tuple[object, object]]:
        """The different (vest, hat colour) pairs of the workers seen by `at`."""
        return {(_majority(obs, "vest"), _majority(obs, "hat_colour")) for e in self.store.entities(camera_id, label="worker", t_max=at)
                if (obs := self.store.observations(camera_id, entity_id=e.entity_id, t_max=at, full=False))}  # fmt: skip

    def _actor_look(self, camera_id: str, question: str, at: float) -> dict[str, bool | str]:
        """The clothes of whoever did what a relative clause says to a thing ("the labourer who moved the
        cone", "whoever dropped the hammer"): the person the thing's world event names, else the worker
        whose box was nearest the thing's when it happened (the latest such event up to `at`)."""
        actor = self._actor_entity(camera_id, question, at)
        if actor is None:
            return {}
        obs = self.store.observations(camera_id, entity_id=actor, t_max=at, full=False)
        return {k: v for k in ("vest", "hat_colour") if (v := _majority(obs, k)) is not None}

    def _actor_entity(self, camera_id: str, question: str, at: float) -> str | None:
        """The worker entity that did what a relative clause says to a thing (see `_actor_look`)."""
        m = _ACTOR_CLAUSE.search(question.lower())
        if m is None:
            return None
        things = [s for _, s, _ in subjects_in(m.group(2)) if s.label != "worker"]
        if not things:
            return None
        kinds = ("dropped",) if m.group(1) in _PUT_DOWN else ("picked_up", "moved")
        events = [e for e in self.store.events(camera_id, t_max=at)
                  if e.label == things[0].label and e.kind in kinds]  # fmt: skip
        if not events:
            return None
        ev = max(events, key=lambda e: e.t)
        actor = ev.detail.get("by_entity_id")
        return actor if isinstance(actor, str) else self._nearest_worker(camera_id, ev.entity_id, ev.t)

    def _nearest_worker(self, camera_id: str, thing_id: str, t: float, within_s: float = 1.5) -> str | None:
        """The worker whose box was nearest the thing's (in box heights) around `t`."""
        def box_near(obs: Sequence[ObservationRecord]) -> tuple[float, float, float] | None:
            boxes = [b for o in obs for b in o.boxes if abs(b.t - t) <= within_s]
            return _centre_and_height(min(boxes, key=lambda b: abs(b.t - t)).bbox) if boxes else None

        thing = box_near(self.store.observations(camera_id, entity_id=thing_id, t_min=t - within_s, t_max=t + within_s))
        if thing is None:
            return None
        workers = [(o.entity_id, w) for o in self.store.observations(camera_id, label="worker", t_min=t - within_s,
                                                                       t_max=t + within_s) if (w := box_near([o]))]  # fmt: skip
        return _nearest_to(thing, workers)

    def _worker_at_thing(self, camera_id: str, other: EventRef, at: float) -> str:
        """The worker a relative clause names by a thing: nearest the thing when the event happened to it
        (moved, picked up, the first unit of work, first seen), else nearest it in most frames showing both."""
        thing = other.subject
        words = _describe(thing) if thing is not None else f"the {other.unit or 'work'}"
        if other.event is not None:
            hit = self._occurrence(camera_id, thing, other.event, other.unit, other.ordinal, at)
            if hit is None or not hit[1]:
                raise _NotKnown(f"I have not seen {words} {_EVENT_WORDS.get(other.event, other.event)} by {fmt_time(at)}.")
            t, obs = hit
            found = self._nearest_worker(camera_id, obs[0].entity_id, t, within_s=3.0)
            if found is None:
                raise _NotKnown(f"I did not see anyone at {words} at {fmt_time(t)}.")
            return found
        votes: dict[str, int] = {}
        for entity, _obs in self._matching(camera_id, thing, at)[:4]:
            for o in self.store.observations(camera_id, entity_id=entity.entity_id, t_max=at):
                workers = self.store.observations(camera_id, label="worker", t_min=o.t_start, t_max=o.t_end)
                boxes: dict[float, list[tuple[str, tuple[float, float, float]]]] = {}
                for w in workers:
                    for b in w.boxes:
                        boxes.setdefault(round(b.t, 2), []).append((w.entity_id, _centre_and_height(b.bbox)))
                for b in o.boxes:
                    nearest = _nearest_to(_centre_and_height(b.bbox), boxes.get(round(b.t, 2), []))
                    if nearest is not None:
                        votes[nearest] = votes.get(nearest, 0) + 1
        if not votes:
            raise _NotKnown(f"I did not see anyone at {words} by {fmt_time(at)}.")
        return max(votes, key=lambda k: votes[k])

    def _worker_at_work(self, camera_id: str, role: str, at: float) -> dict[str, bool | str]:
        """The clothing of the worker seen working beside the trade's work object for longest: in the frames
        that show both, the person's box beside the object's (a wide lens puts a helper idling 20 deg off a long
        wall within any bearing margin); by bearing (within 25 deg) where the memory keeps no boxes."""
        work = _WORK_OBJECT_OF_ROLE.get(role, ())
        work_obs = [o for label in work for e in self.store.entities(camera_id, label=label, t_max=at)
                    for o in self.store.observations(camera_id, entity_id=e.entity_id, t_max=at)]  # fmt: skip
        if not work_obs:
            return {}
        frames = {round(b.t, 2): b.bbox for o in work_obs for b in o.boxes if b.t <= at}
        sites = [o.bearing_deg for o in work_obs]
        best: tuple[float, dict[str, bool | str]] = (0.0, {})
        for e in self.store.entities(camera_id, label="worker", t_max=at):
            obs = self.store.observations(camera_id, entity_id=e.entity_id, t_max=at)
            if frames:  # beside it (a quarter of its width to spare) in the same frame, working there if frames say
                near = [b for o in obs for b in o.boxes if (w := frames.get(round(b.t, 2))) is not None
                        and b.bbox[2] >= w[0] - 0.25 * (w[2] - w[0]) and b.bbox[0] <= w[2] + 0.25 * (w[2] - w[0])]  # fmt: skip
                working = sum(1 for b in near if b.state == "active")
                beside = float(working) + 1e-3 * len(near)  # (a helper idling beside it is not its trade)
            else:
                beside = sum(o.t_end - o.t_start for o in obs
                             if min(angular_distance(o.bearing_deg, b) for b in sites) <= 25.0)  # fmt: skip
            attrs = {k: v for k in ("vest", "hat_colour") if (v := _majority(obs, k)) is not None}
            if beside > best[0] and attrs:
                best = (beside, attrs)
        return best[1]

    def _one_individual(self, camera_id: str, a: str, b: str, at: float) -> bool:
        """Two entities are one person: the same id, or the same clothes and never in view together."""
        if a == b:
            return True
        pair = []
        for eid in (a, b):
            rec = self.store.entity(eid)
            if rec is None:
                return False
            pair.append((rec, self.store.observations(camera_id, entity_id=eid, t_max=at, full=False)))
        return len(_individuals(pair, self.tools.settings)) == 1

    def parse(self, question: str, camera_id: str, at: float) -> Query:
        labels = {e.label for e in self.store.entities(camera_id, t_max=at)}
        return self.understander.understand(question, labels)

    # --- slots ---

    def _subject(self, parsed: Parsed, i: int = 0) -> Subject:
        if len(parsed.subjects) <= i:
            raise _NotKnown("I could not tell which thing the question is about.")
        return parsed.subjects[i][1]

    def _entities(self, camera_id: str, subject: Subject, at: float) -> list[tuple[EntityRecord, list[ObservationRecord]]]:
        """Entities of the subject's label matching its attributes, with their observations up to `at`,
        best supported first."""
        light = []
        for e in self.store.entities(camera_id, label=subject.label, t_max=at):
            # Without boxes and descriptors (most of a row's size): enough to match attributes and rank.
            obs = self.store.observations(camera_id, entity_id=e.entity_id, t_max=at, full=False)
            if not obs:
                continue
            if subject.attributes and not all(_attr_matches(obs, k, v) for k, v in subject.attributes.items()):
                continue
            light.append((e, obs))
        light.sort(key=lambda eo: (-len(eo[1]), eo[0].first_seen))
        # Full observations (per-frame boxes and states) of the best one only; the rest stay light.
        return [
            (e, self.store.observations(camera_id, entity_id=e.entity_id, t_max=at) if i == 0 else obs)
            for i, (e, obs) in enumerate(light)
        ]

    def _entity(self, camera_id: str, subject: Subject, at: float) -> tuple[EntityRecord, list[ObservationRecord]]:
        found = self._entities(camera_id, subject, at)
        if not found:
            raise _NotKnown(f"I have not seen {subject.describe()} by {fmt_time(at)}.")
        return found[0]


    # --- handlers over the typed query -----------------------------------------------------------

    def _matching(self, camera_id: str, ref: SubjectRef | None, at: float) -> list[tuple[EntityRecord, list[ObservationRecord]]]:
        if ref is None:
            raise _NotKnown("I could not tell which thing the question is about.")
        subject = _subject_of(ref)
        assert subject is not None
        found = self._entities(camera_id, subject, at)
        if not found and subject.attributes:
            # attributes the memory never recorded (no detector reports them) do not rule a thing out
            known = {k for e in self.store.entities(camera_id, label=subject.label, t_max=at) for k in e.attributes}
            relaxed = Subject(subject.label, {k: v for k, v in subject.attributes.items() if k in known}, subject.phrase)
            if relaxed.attributes != subject.attributes:
                found = self._entities(camera_id, relaxed, at)
        if not found:
            raise _NotKnown(f"I have not seen {ref.describe()} by {fmt_time(at)}.")
        return found

    def _counting(self, camera_id: str, unit: str | None, at: float) -> list[tuple[EntityRecord, list[ObservationRecord]]]:
        """Work objects whose detections count units of work (a parapet's units, a table's modules), those
        counting the named unit ("modules", "panels") first, best supported first."""
        counted = []
        for e in self.store.entities(camera_id, t_max=at):
            obs = self.store.observations(camera_id, entity_id=e.entity_id, t_max=at, full=False)
            keys = {k for o in obs for k, v in o.attributes.items()
                    if k in UNIT_COUNT_ATTRIBUTES and isinstance(v, int | float) and not isinstance(v, bool)}  # fmt: skip
            if keys:
                named = bool(unit) and any(k.rstrip("s") == (unit or "").rstrip("s") for k in keys)
                counted.append((not named, -len(obs), e.first_seen, e, obs))
        counted.sort(key=lambda c: c[:3])
        return [(e, obs) for *_, e, obs in counted]

    def _occurrence(self, camera_id: str, ref: SubjectRef | None, event: str | None, unit: str | None,
                    ordinal: int | None, at: float, q_last: bool = False) -> tuple[float, list[ObservationRecord]] | None:
        """When `event` happened to the subject (the `ordinal`-th time), from memory up to `at`."""
        if event == "work_unit" and ref is None:  # "when did the first parapet unit go in": whatever counts units
            found = self._counting(camera_id, unit, at)
            if not found:
                raise _NotKnown(f"I have not seen any {unit or 'work'} counted by {fmt_time(at)}.")
        else:
            found = self._matching(camera_id, ref, at)
        if event in (None, "first_seen"):
            entity, obs = min(found, key=lambda eo: eo[1][0].t_start)
            full = self.store.observations(camera_id, entity_id=entity.entity_id, t_max=at)
            samples = _state_samples(full, at)
            return (samples[0][0] if samples else full[0].t_start), full[:1]
        if event == "last_seen":
            entity, obs = max(found, key=lambda eo: eo[1][-1].t_end)
            return min(obs[-1].t_end, at), obs[-1:]
        if event == "work_unit" and ref is not None and ref.label == "worker":
            # "when did the bricklayer lay his first brick": the work object's count says
            walls = self._entities(camera_id, Subject("brick_wall"), at)
            found = walls or found
        # One individual may be remembered as several entities (a tracker's new id after a gap), and a
        # bare "the erector" may be any of several: the event as it happened to any of them, the first
        # time (or the latest, for "how long ago"), preferring the best-supported one on a tie.
        hits: list[tuple[float, list[ObservationRecord]]] = []
        by_world_event: tuple[tuple[float, list[ObservationRecord]] | None] | None = None
        # A zone's visits as frames with the pit in them show them first: someone who stood in its bearing is no
        # entry while another was seen in it; by bearing when nobody was.
        passes = [(k, eo, seen) for seen in ((True, False) if event in ("entered_zone", "left_zone") else (False,))
                  for k, eo in enumerate(found[:8])]  # fmt: skip
        read: dict[str, list[ObservationRecord]] = {}
        pits = self._pits(camera_id, at) if event in ("entered_zone", "left_zone") else None  # (read once for all)
        for k, (entity, light), seen_in in passes:
            if hits and not seen_in and passes[0][2]:
                break
            if k > 0 and entity.entity_id not in read:
                read[entity.entity_id] = self.store.observations(camera_id, entity_id=entity.entity_id, t_max=at)
            obs = light if k == 0 else read[entity.entity_id]
            hit = self._occurrence_of(camera_id, entity, obs, ref, event, unit, ordinal, at, q_last, seen_in, pits)
            if hit is _BY_WORLD_EVENT and k > 0 and event in ("dropped", "picked_up"):
                # a hand's change is the entity's own: another entity the thing was remembered as (seen again from
                # where the wearer walked to) has its own set-downs and pick-ups
                hit = self._world_event(camera_id, entity, [event], at, obs, latest=q_last)
            if hit is _BY_WORLD_EVENT:  # the subject's world events (`_event_time`, for the best-supported entity): once
                if by_world_event is None:
                    verb = {"dropped": "dropped", "picked_up": "picked_up", "moved": "moved"}.get(event or "", "appeared")
                    subject = _subject_of(ref) or Subject(ref.label if ref else "thing")
                    by_world_event = (self._event_time(camera_id, subject, verb, at, latest=q_last),)
                hit = by_world_event[0]
            if hit is not None:
                hits.append(hit)
            if hit is not None and (ordinal or 1) > 1:
                return hit  # the n-th time is counted within one individual
        if not hits:
            return None
        # (one person remembered as several entities leaves once, after the last of them was seen)
        return max(hits, key=lambda h: h[0]) if q_last or event == "left" else min(hits, key=lambda h: h[0])

    def _occurrence_of(self, camera_id: str, entity: EntityRecord, obs: list[ObservationRecord], ref: SubjectRef | None,
                       event: str | None, unit: str | None, ordinal: int | None, at: float,
                       q_last: bool, seen_in: bool = False,
                       pits: _Pits | None = None) -> tuple[float, list[ObservationRecord]] | None:
        n = max(1, ordinal or 1)
        samples = _state_samples(obs, at)
        if event == "work_unit":
            # the earliest observation of any matching work object that reports the count (a wall seen
            # again after a gap may be remembered as two)
            keys = ("courses",) if unit == "course" else UNIT_COUNT_ATTRIBUTES
            key = next((k for k in keys if any(k in o.attributes for o in obs)), keys[0])
            counted = False
            for o in obs:
                value = o.attributes.get(key)
                if isinstance(value, int | float) and not isinstance(value, bool):
                    counted = True
                    if value >= n:
                        return o.t_start, [o]
            if key == "bricks" and n == 1 and not counted:  # no counts reported: the wall's first sighting
                return (samples[0][0] if samples else obs[0].t_start), obs[:1]
            return None
        if event in ("started_working", "resumed_working", "went_idle", "stopped_working"):
            if event == "started_working":
                active = _runs(samples, "active")
                return (active[0][0], [active[0][2]]) if active else None
            # a break is an idle spell of BREAK_S or more (a moment's pause is not one)
            breaks = [r for r in _runs(samples, "idle") if (r[1] if r[3] else at) - r[0] >= BREAK_S]
            if event == "resumed_working":  # "when did he get back to work": after the latest break unless told
                ended = [r for r in breaks if r[3]]
                k = (n - 1) if ordinal else len(ended) - 1
                return (ended[k][1], [ended[k][2]]) if ended and 0 <= k < len(ended) else None
            k = len(breaks) - 1 if q_last else n - 1
            return (breaks[k][0], [breaks[k][2]]) if breaks and 0 <= k < len(breaks) else None
        if event == "ppe_removed":
            evs = self.store.events(camera_id, entity_id=entity.entity_id, kinds=["ppe_off"], t_max=at)
            if evs:
                ev = evs[-1] if q_last else evs[0]
                seen = [o for o in obs if o.clip_id == ev.clip_id]
                # the world remembers the change by the sighting it was seen in; the frame it shows is when (or an
                # earlier sighting's, when that one already ended with the hat off: the change came out at a clip's end)
                off = min((_hat_off_at(o) for o in seen), default=ev.t)
                return _hat_off_since(obs, off), seen[:1]
            for o in obs:
                if _truthy(o.attributes.get("hardhat")) is False:
                    return _hat_off_at(o), [o]
            return None
        if event in ("entered_zone", "left_zone"):
            spells = self._zone_spells(camera_id, obs, at, seen_in=seen_in, pits=pits)
            if len(spells) < n or not spells:
                return None
            start, end, o = spells[-1] if q_last else spells[n - 1]
            if event == "entered_zone":
                return start, [o]
            return (end, [o]) if end < at - 1e-6 else None
        if event == "left":
            last = obs[-1]
            if self._place_seen_empty(camera_id, last.bearing_deg, min(last.t_end, at), at):
                return min(last.t_end, at), [last]
            return None
        if event == "picked_up":
            ups = self._with_unseen_hand_changes(camera_id, entity, obs, at, _transitions(samples, "carried"), held=True)
            if ups:
                k = len(ups) - 1 if q_last else min(n, len(ups)) - 1
                return ups[k][0], [ups[k][1]]
        if event == "dropped":
            downs = self._with_unseen_hand_changes(camera_id, entity, obs, at, _transitions(samples, "on_ground", after="carried"),
                                                   held=False)
            if downs:
                k = len(downs) - 1 if q_last else min(n, len(downs)) - 1
                return downs[k][0], [downs[k][1]]
        return _BY_WORLD_EVENT

    def _pits(self, camera_id: str, at: float) -> _Pits:
        """The excavations remembered up to `at`, with their boxes by clip and frame time, and every person's
        rows (entity, top, bottom) in the frames a pit is in (the horizon from the others, `in_pit`)."""
        pits = self.store.entities(camera_id, label="excavation", t_max=at)
        if not pits:
            raise _NotKnown("I have not seen an excavation or another zone by " + fmt_time(at) + ".")
        pit_boxes: dict[str, dict[float, tuple[float, float, float, float]]] = {}
        t_first = at
        for e in pits:
            for po in self.store.observations(camera_id, entity_id=e.entity_id, t_max=at):
                frames = pit_boxes.setdefault(po.clip_id, {})
                for pb in po.boxes:
                    frames[round(pb.t, 3)] = pb.bbox
                t_first = min(t_first, po.t_start)
        people: dict[str, dict[float, list[tuple[str, float, float]]]] = {}
        for po in self.store.observations(camera_id, label="worker", t_min=t_first, t_max=at) if pit_boxes else ():
            if po.clip_id in pit_boxes:
                rows = people.setdefault(po.clip_id, {})
                for pb in po.boxes:
                    rows.setdefault(round(pb.t, 3), []).append((po.entity_id, pb.bbox[1], pb.bbox[3]))
        sizes = {c.clip_id: (c.width, c.height) for c in self.store.clips(camera_id, t_min=t_first, t_max=at)
                 if c.clip_id in pit_boxes} if pit_boxes else {}  # fmt: skip
        return pits, pit_boxes, people, sizes

    def _zone_spells(self, camera_id: str, obs: Sequence[ObservationRecord], at: float, half_width_deg: float = 15.0,
                     pits: _Pits | None = None, seen_in: bool = False) -> list[tuple[float, float, ObservationRecord]]:
        """Spells the subject spent in a zone anchored on an excavation (docs/RULES.md). Frame by frame
        where the pit is in the same frame: down in it (`in_pit`: over its columns, and below the ground the
        others in the frame stand on, or without others, feet between its top and bottom edges); elsewhere the
        observation's bearing within `half_width_deg` of the pit's. `pits`: `_pits`, when already read. `seen_in`:
        only what frames with the pit in them show (who was in it for sure, not who stood in its bearing)."""
        excavations, pit_boxes, people, sizes = pits if pits is not None else self._pits(camera_id, at)
        marks: list[tuple[float, bool, ObservationRecord]] = []
        judged: tuple[float, bool] | None = None  # the latest frame the pit was in with the subject: (time, inside)
        for o in sorted(obs, key=lambda x: x.t_start):
            here = pit_boxes.get(o.clip_id, {})
            framed = [(b.t, b.bbox, here[round(b.t, 3)]) for b in o.boxes if round(b.t, 3) in here and b.t <= at]
            if framed:
                crowd = people.get(o.clip_id, {})
                width, height = sizes.get(o.clip_id, (None, None))
                marks += [(t, in_pit(box, pit, horizon_from_people(
                    ((top, bottom) for eid, top, bottom in crowd.get(round(t, 3), ()) if eid != o.entity_id), height),
                    height, width), o) for t, box, pit in framed]  # fmt: skip
                judged = (marks[-1][0], marks[-1][1])
            elif not seen_in:
                # Seen without the pit: as last judged beside it, a few seconds before (the wearer looked away from
                # the pit, not the worker: someone just out of it, in its bearing, is out); else by bearing.
                inside = judged[1] if judged is not None and 0 <= o.t_start - judged[0] <= CARRY_ZONE_S else any(
                    angular_distance(o.bearing_deg, e.bearing_deg) <= half_width_deg for e in excavations)
                seen = [(b.t, inside, o) for b in o.boxes if b.t <= at]  # every frame seen: a gap is unseen
                marks += seen or [(o.t_start, inside, o), (min(o.t_end, at), inside, o)]
        marks.sort(key=lambda m: m[0])
        # Out for under MIN_SPELL_S between frames in (a frame or two at the image's edge in a turn) does not end
        # a spell, as with the other states; out for SEEN_OUT_S or more, then out of view, ends it where he came out;
        # a spell that ends while out of view ends in the middle of the gap.
        spells: list[tuple[float, float, ObservationRecord]] = []
        open_: tuple[float, float, ObservationRecord] | None = None
        first_out: float | None = None
        last_out = 0.0

        def close(spell: tuple[float, float, ObservationRecord], out_t: float) -> tuple[float, float, ObservationRecord]:
            start, end, o = spell
            return (start, end if out_t - end <= 2.0 else (end + out_t) / 2.0, o)

        for t, inside, o in marks:
            if inside:
                open_ = (open_[0], t, open_[2]) if open_ is not None else (t, t, o)
                first_out = None
            elif open_ is not None:
                if first_out is None or (t - last_out > 2.0 and last_out - first_out < SEEN_OUT_S):
                    first_out = t  # (a frame or two out, then out of view: not where the spell ended)
                last_out = t
                if t - first_out >= MIN_SPELL_S:
                    if open_[1] - open_[0] >= MIN_IN_ZONE_S:  # (in for a frame or two, then out: no visit)
                        spells.append(close(open_, first_out))
                    open_, first_out = None, None
        if open_ is not None:
            spells.append(close(open_, first_out) if first_out is not None else open_)
        return spells

    def _when_q(self, q: Query, camera_id: str, at: float, text: str = "") -> Answer:
        again = bool(re.search(r"\b(back up|again|last time|most recently|latest)\b", text))
        hit = self._occurrence(camera_id, q.subject, q.event, q.unit, q.ordinal, at, q_last=again)
        what = _event_words(q)
        if hit is None:
            raise _NotKnown(f"I have not seen {what} by {fmt_time(at)}.")
        t, obs = hit
        return Answer(answer=f"{what[0].upper()}{what[1:]}: at {fmt_time(t)} ({t:.0f} s).", time=round(t, 2),
                      entities=sorted({o.entity_id for o in obs}), evidence=_evidence(obs))  # fmt: skip

    def _since(self, q: Query, camera_id: str, at: float) -> Answer:
        # "how long ago did I put it down": the latest time, unless the question says which
        hit = self._occurrence(camera_id, q.subject, q.event or "last_seen", q.unit, q.ordinal, at, q_last=q.ordinal is None)
        what = _event_words(q.model_copy(update={"event": q.event or "last_seen"}))
        if hit is None:
            raise _NotKnown(f"I have not seen {what} by {fmt_time(at)}.")
        t, obs = hit
        ago = max(0.0, at - t)
        return Answer(answer=f"{ago:.0f} s ({ago / 60:.1f} min) ago: {what} at {fmt_time(t)}.", duration_s=round(ago, 2),
                      time=None, entities=sorted({o.entity_id for o in obs}), evidence=_evidence(obs))  # fmt: skip

    def _order(self, q: Query, camera_id: str, at: float) -> Answer:
        other = q.other
        if other is None:
            raise _NotKnown("I need two events to compare.")
        ta = self._occurrence(camera_id, q.subject, q.event, q.unit, q.ordinal, at)
        tb = self._occurrence(camera_id, other.subject or q.subject, other.event, other.unit, other.ordinal, at)
        words_a = _event_words(q)
        words_b = _event_words(Query(kind="temporal_reasoning", intent="order", subject=other.subject or q.subject,
                                     event=other.event, unit=other.unit, ordinal=other.ordinal))  # fmt: skip
        if ta is None and tb is None:
            raise _NotKnown(f"I have seen neither {words_a} nor {words_b} by {fmt_time(at)}.")
        if ta is None:
            yes = False
        elif tb is None:
            yes = q.relation != "after"
        else:
            yes = ta[0] < tb[0] if q.relation != "after" else ta[0] > tb[0]
        parts = ", ".join(f"{w} at {fmt_time(x[0])}" if x else f"not {w}" for w, x in ((words_a, ta), (words_b, tb)))
        ev = (ta[1] if ta else []) + (tb[1] if tb else [])
        return Answer(answer=("Yes" if yes else "No") + f" ({parts}).", yes_no=yes, evidence=_evidence(ev))

    def _latest(self, camera_id: str, ref: SubjectRef | None, at: float) -> tuple[EntityRecord, list[ObservationRecord]]:
        """Of the entities matching the subject, the one seen most recently (with its full observations):
        "now" is about whoever fits the description now, not the one remembered longest."""
        found = self._matching(camera_id, ref, at)
        entity, light = max(found, key=lambda eo: (eo[1][-1].t_end, len(eo[1])))
        return entity, self._history(camera_id, entity, at)

    def _one_thing(self, camera_id: str, found: list[tuple[EntityRecord, list[ObservationRecord]]],
                   at: float) -> list[ObservationRecord]:
        """The first matching thing's full observations, with those of other entities of its label and colour
        never in view with it (one tool remembered twice after the wearer walked off and came back)."""
        merged = [o for _e, obs in self._thing_group(camera_id, found, at) for o in obs]
        return sorted(merged, key=lambda o: (o.t_start, o.t_end))

    def _thing_group(self, camera_id: str, found: list[tuple[EntityRecord, list[ObservationRecord]]],
                     at: float) -> list[tuple[EntityRecord, list[ObservationRecord]]]:
        """The entities of `_one_thing`, each with its full observations."""
        entity, obs = found[0]
        colour = _majority(obs, "colour")
        spans = [(o.t_start, o.t_end) for o in obs]
        group = [(entity, list(obs))]
        for other, light in found[1:]:
            if _majority(light, "colour") != colour or in_view_together(spans, [(o.t_start, o.t_end) for o in light]):
                continue
            more = self.store.observations(camera_id, entity_id=other.entity_id, t_max=at)
            group.append((other, more))
            spans += [(o.t_start, o.t_end) for o in more]
        return group

    def _history(self, camera_id: str, entity: EntityRecord, at: float) -> list[ObservationRecord]:
        """A person's full observations up to `at` over every entity remembered for that individual (a
        tracker's new id after each gap, a walk that broke the bearings): spells run across them."""
        if entity.label != "worker":
            return self.store.observations(camera_id, entity_id=entity.entity_id, t_max=at)
        everyone = [(e, obs) for e in self.store.entities(camera_id, label="worker", t_max=at)
                    if (obs := self.store.observations(camera_id, entity_id=e.entity_id, t_max=at, full=False))]
        group = next((g for g in _individual_groups(everyone, self.tools.settings) if any(e.entity_id == entity.entity_id for e, _ in g)), [])
        ids = [e.entity_id for e, _ in group] or [entity.entity_id]
        merged = [o for eid in ids for o in self.store.observations(camera_id, entity_id=eid, t_max=at)]
        return sorted(merged, key=lambda o: (o.t_start, o.t_end))

    def _is_working(self, q: Query, camera_id: str, at: float) -> Answer:
        entity, obs = self._latest(camera_id, q.subject, at)
        samples = [(t, st) for t, st, _ in _state_samples(obs, at) if st is not None]
        if not samples:
            raise _NotKnown(f"I do not know what {_describe(q.subject)} is doing.")
        state = samples[-1][1]
        asked = q.state or "working"
        yes = (state == "active") if asked == "working" else (state == "idle")
        doing = "working" if state == "active" else state
        return Answer(answer=("Yes" if yes else "No") + f", {_describe(q.subject)} is {doing} (as of "
                             f"{fmt_time(samples[-1][0])}).", yes_no=yes, entities=[entity.entity_id],
                      evidence=_evidence(obs[-1:]))  # fmt: skip

    def _spell_duration(self, q: Query, camera_id: str, at: float) -> Answer:
        if (q.spell or "current") == "current":
            entity, obs = self._latest(camera_id, q.subject, at)
        else:
            entity = self._matching(camera_id, q.subject, at)[0][0]
            obs = self._history(camera_id, entity, at)
        samples = _state_samples(obs, at)
        state = "active" if q.state != "idle" else "idle"
        word = "working" if state == "active" else "idle"
        seconds, how = _spell_seconds(samples, state, q.spell or "current", q.ordinal, q.window, at)
        return Answer(answer=f"{_describe(q.subject).capitalize()} {how.format(word=word)}: about {seconds:.0f} s "
                             f"({seconds / 60:.1f} min).", duration_s=round(seconds, 2), entities=[entity.entity_id],
                      evidence=_evidence(obs[-3:]))  # fmt: skip

    def _state_duration(self, q: Query, camera_id: str, at: float) -> Answer:
        found = self._matching(camera_id, q.subject, at)
        pits = self._pits(camera_id, at) if q.state == "in_zone" else None  # (read once: every candidate's spells)
        if q.state in ("without_ppe", "in_zone") and len(found) > 1:
            # "how long was the fixer in the white hat without it", "... in the yellow vest down the trench": of
            # those the words fit, one who took it off / was in it (the longest), else the best supported
            full = {e.entity_id: self.store.observations(camera_id, entity_id=e.entity_id, t_max=at) for e, _obs in found}

            def spent(e: EntityRecord) -> float:
                spans = _ppe_spans(full[e.entity_id], at) if pits is None else \
                    self._zone_spells(camera_id, full[e.entity_id], at, pits=pits)  # fmt: skip
                return sum(b - a for a, b, _o in spans)

            best = max((e for e, _obs in found), key=spent)
            found = [(best, full[best.entity_id])] + [eo for eo in found if eo[0].entity_id != best.entity_id]
        entity, obs = found[0]
        spell = q.spell or "last"
        if q.state == "on_ground":
            obs = self._one_thing(camera_id, found, at)
            # a thing's "moving" is image motion (a head turn can cause it): unknown, not a change of state
            samples = [(t, None if st == "moving" else st, o) for t, st, o in _state_samples(obs, at)]
            try:
                by_events: tuple[float, str, bool] | None = self._down_between_events(camera_id, q, spell, at)
            except _NotKnown:
                by_events = None
            known = [t for t, st, _o in samples if st is not None]
            if by_events is not None and by_events[2] and not any(st == "carried" for _t, st, _o in samples):
                # set down and picked up again, where no sighting says "held" (the detector gives no such flag):
                # the world dated both from the boxes (a lift, a lowering); its sightings' states are coarser
                seconds, how = by_events[:2]
            elif by_events is not None and not by_events[2] and known and at - by_events[0] >= known[-1] - 1e-6:
                seconds, how = by_events[:2]  # set down out of view after it was last seen in hand: no sighting shows it
            else:
                try:
                    seconds, how = _spell_seconds(samples, "on_ground", spell, q.ordinal, q.window, at)
                except _NotKnown:
                    if by_events is None:
                        raise
                    seconds, how = by_events[:2]  # a hand tool set down, its sightings with no state
            how = how.format(word="on the ground")
        elif q.state == "without_ppe":
            spans = _ppe_spans(obs, at)
            seconds, how = _span_seconds(spans, spell, q.ordinal, q.window, at)
            how = how.format(word="without a hard hat")
        elif q.state == "in_zone":
            spans = self._zone_spells(camera_id, obs, at, pits=pits)
            seconds, how = _span_seconds(spans, spell, q.ordinal, q.window, at)
            how = how.format(word="inside the zone")
        else:
            raise _NotKnown("I could not tell which state the question is about.")
        return Answer(answer=f"{_describe(q.subject).capitalize()} {how}: about {seconds:.0f} s ({seconds / 60:.1f} min).",
                      duration_s=round(seconds, 2), entities=[entity.entity_id], evidence=_evidence(obs[-3:]))  # fmt: skip

    def _down_between_events(self, camera_id: str, q: Query, spell: str, at: float) -> tuple[float, str, bool]:
        """How long a thing lay where it was set down: from its latest set-down to its pick-up after it (or now), by
        the world's events, and whether a pick-up closed it. Sightings' states are coarser where a pick-up was seen
        (the wearer's set-down and lift are dated from the boxes), and absent for a tool seen set down in view."""
        subj = _subject_of(q.subject)
        down = self._event_time(camera_id, subj, "dropped", at, latest=True) if subj is not None else None
        if down is None or q.window is not None or q.ordinal is not None:
            raise _NotKnown(f"I have not seen such a spell by {fmt_time(at)}.")
        up = self._event_time(camera_id, subj, "picked_up", at, after=down[0]) if subj is not None else None
        if up is None and subj is not None and (found := self._entities(camera_id, subj, at)):
            # picked up as another entity the thing was remembered as (seen again from where the wearer walked to)
            ups = [u for e, obs in self._thing_group(camera_id, found, at)[1:]
                   if (u := self._world_event(camera_id, e, ["picked_up"], at, obs, after=down[0])) is not None]  # fmt: skip
            up = min(ups, key=lambda u: u[0]) if ups else None
        if up is not None:
            if spell == "current":
                raise _NotKnown(f"It is not on the ground now (picked up at {fmt_time(up[0])}).")
            return up[0] - down[0], f"was {{word}} from {fmt_time(down[0])} to {fmt_time(up[0])}", True
        return at - down[0], f"has been {{word}} since {fmt_time(down[0])}", False


    def _count(self, q: Query, camera_id: str, at: float) -> Answer:
        try:
            found = self._matching(camera_id, q.subject, at)
        except _NotKnown:
            found = []
        lo, hi = _window_bounds(q.window, at)
        seen = [(e, obs) for e, obs in found if any(o.t_end >= lo and o.t_start <= hi for o in obs)]
        ids = [e.entity_id for e, _ in _individuals(seen, self.tools.settings)]
        what = _describe(q.subject).removeprefix("the ")
        return Answer(answer=f"{len(ids)} different {what}{'' if len(ids) == 1 else '(s)'} seen by {fmt_time(hi)}.",
                      count=len(ids), entities=ids)  # fmt: skip

    # --- handlers ---

    def _event_time(self, camera_id: str, subject: Subject, verb: str, at: float,
                    latest: bool = False, after: float = -math.inf) -> tuple[float, list[ObservationRecord]] | None:
        """When `verb` happened to the subject (the first time; the last with `latest`), from memory up to
        `at` (None: not seen to happen); a pick-up only after `after` (the one that ended a set-down)."""
        found = self._entities(camera_id, subject, at)
        if not found:
            return None
        entity, obs = found[0]
        samples = _state_samples(obs, at)
        if verb == "appeared":
            t = samples[0][0] if samples else obs[0].t_start
            return t, obs[:1]
        if verb == "picked_up":
            if latest and (last := self._world_event(camera_id, entity, ["picked_up"], at, obs, after=after, latest=True)):
                return last
            for t, st, o in samples:
                if st == "carried" and t > after:
                    return t, [o]
            return self._world_event(camera_id, entity, ["picked_up"], at, obs, after=after)
        if verb == "dropped":
            carried = False
            drops: list[tuple[float, list[ObservationRecord]]] = []
            unseen = self._with_unseen_hand_changes(camera_id, entity, obs, at, [], held=False)
            last_held = -math.inf
            for t, st, o in samples:
                if st == "carried":
                    carried, last_held = True, t
                elif carried and st is not None:
                    # seen on the ground after it was set down out of view: put down then, not when seen lying there
                    u = next((u for u in unseen if last_held - 1e-6 <= u[0] < t), None)
                    drops.append((u[0], [u[1]]) if u is not None else (t, [o]))
                    carried = False
            drops += [(u, [o]) for u, o in unseen if all(abs(u - d) > 1e-6 for d, _o in drops)]
            drops.sort(key=lambda d: d[0])
            if drops:
                return drops[-1] if latest else drops[0]
            group = [e for e, _ in self._thing_group(camera_id, found, at)[1:]] if entity.label != "worker" else []
            return self._world_event(camera_id, entity, ["dropped"], at, obs, group, latest=latest)
        if verb == "moved":
            # carried, or said to move (a plant's telemetry); a thing's "moving" alone is image motion, which a wearer
            # walking past it or turning their head causes: then a slide the turning does not explain, or the world
            # model's "moved" (found at another place)
            for t, st, o in samples:
                if st == "carried" or (st == "moving" and o.attributes.get("moving") is True):
                    return t, [o]
            return self._shifted_in_view(camera_id, samples, at) or self._world_event(camera_id, entity, ["moved"], at, obs)
        return None

    def _shifted_in_view(self, camera_id: str, samples: list[StateSample], at: float) -> tuple[float, list[ObservationRecord]] | None:
        """The first stretch of a thing's image motion that the wearer's turning does not explain: within one sighting
        its bearing (the heading plus its place in the picture) shifted by `SHIFTED_DEG` while it kept its size (a
        thing walked towards or past grows). Only with the frame's width known (clips keep it)."""
        widths = {c.clip_id: c.width for c in self.store.clips(camera_id, t_max=at) if c.width}
        boxes = {(o.observation_id, b.t): b.bbox for o in {o.observation_id: o for _t, _st, o in samples}.values() for b in o.boxes}
        stretch: list[tuple[float, tuple[float, float, float, float], ObservationRecord]] = []

        def shifted() -> bool:
            (t0, b0, o), (t1, b1, _o) = stretch[0], stretch[-1]
            width = widths.get(o.clip_id)
            if width is None or t1 - t0 < 1.0:
                return False
            h0, h1 = self.tools.heading(camera_id, t0), self.tools.heading(camera_id, t1)
            if h0 is None or h1 is None or not 0.8 <= (b1[3] - b1[1]) / max(b0[3] - b0[1], 1.0) <= 1.25:
                return False
            ego0, ego1 = (egocentric_deg(box_centre_x(b), width, self.hfov_deg) for b in (b0, b1))
            return abs((h1 + ego1) - (h0 + ego0)) >= SHIFTED_DEG

        for t, st, o in [*samples, (math.inf, None, None)]:
            box = boxes.get((o.observation_id, t)) if o is not None and st == "moving" else None
            if box is not None and o is not None and (not stretch or stretch[-1][2] is o):
                stretch.append((t, box, o))
                continue
            if stretch and shifted():
                return stretch[0][0], [stretch[0][2]]
            stretch = [(t, box, o)] if box is not None and o is not None else []
        return None

    def _with_unseen_hand_changes(self, camera_id: str, entity: EntityRecord, obs: list[ObservationRecord], at: float,
                                  marks: list[tuple[float, ObservationRecord]], held: bool) -> list[tuple[float, ObservationRecord]]:
        """Pick-ups (`held`) or set-downs the sightings show, with those no sighting can: a tool set down out of view
        (the world's "out_of_view" set-down) and the pick-up that next took it in hand again, where no sighting
        on the ground came between to show it."""
        evs = self.store.events(camera_id, entity_id=entity.entity_id, kinds=["dropped", "picked_up"], t_max=at)
        unseen: list[float] = []
        down_unseen = False
        for e in evs:
            if e.kind == "dropped":
                down_unseen = e.detail.get("out_of_view") is True
                if down_unseen and not held:
                    unseen.append(e.t)
            elif down_unseen:
                down_unseen = False
                if held:
                    unseen.append(e.t)
        extra = [(t, max((o for o in obs if o.t_start <= t + 1e-6), key=lambda o: o.t_start, default=obs[0])) for t in unseen
                 if all(abs(t - m) > 2.0 for m, _o in marks)]  # fmt: skip (with the sighting it was seen in, or before)
        return sorted(marks + extra, key=lambda m: m[0]) if extra else marks

    def _world_event(
        self, camera_id: str, entity: EntityRecord, kinds: list[Any], at: float, obs: list[ObservationRecord],
        also: Sequence[EntityRecord] = (), after: float = -math.inf, latest: bool = False,
    ) -> tuple[float, list[ObservationRecord]] | None:
        """The world model's first event of `kinds` (after `after`; its last with `latest`) for the entity, or for the
        others it is one thing with."""
        evs: list[EventRecord] = [e for ent in (entity, *also)
                                  for e in self.store.events(camera_id, entity_id=ent.entity_id, kinds=kinds, t_max=at)
                                  if e.t > after]  # fmt: skip
        if not evs:
            return None
        chosen = (max if latest else min)(evs, key=lambda e: e.t)
        return chosen.t, [o for o in obs if o.clip_id == chosen.clip_id][:1]

    def _where(self, p: Parsed, camera_id: str, at: float) -> Answer:
        subject = self._subject(p)
        found = self._entities(camera_id, subject, at)
        if not found:
            raise _NotKnown(f"I have not seen {subject.describe()} by {fmt_time(at)}.")
        entity, obs = found[0]
        if entity.label != "worker":  # one thing remembered twice: its last known place is its latest sighting
            entity, obs = max(self._thing_group(camera_id, found, at), key=lambda eo: eo[1][-1].t_end if eo[1] else -1.0)
        info = self.tools.entity_info(camera_id, entity.entity_id, at=at)
        view = info.entity
        if view.direction is None:
            return Answer(
                answer=f"{subject.describe().capitalize()} was last seen at {fmt_time(view.last_seen)}, "
                       "but I do not know which way you face now.",
                entities=[entity.entity_id], evidence=_evidence(obs[-1:]),
            )  # fmt: skip
        phrase = _sector_phrase(view.direction)
        return Answer(
            answer=f"{subject.describe().capitalize()} is {phrase} (last seen {fmt_time(view.last_seen)}).",
            direction=view.direction, entities=[entity.entity_id], evidence=_evidence(obs[-1:]),
        )  # fmt: skip

    def _what_direction(self, p: Parsed, camera_id: str, at: float) -> Answer:
        d = p.direction or "front"
        centre = SECTOR_CENTRES[d]
        res = self.tools.entities_in_direction(
            camera_id, at=at, from_deg=centre - _CONE_HALF_DEG, to_deg=centre + _CONE_HALF_DEG
        )
        hits = [v for v in res.entities if not self._gone(camera_id, v.entity_id, v.label, at)]
        labels = sorted({v.label for v in hits})
        where = _sector_phrase(d)
        text = f"{where[0].upper()}{where[1:]}: {', '.join(x.replace('_', ' ') for x in labels)}." if labels \
            else f"Nothing I know of is {where}."  # fmt: skip
        return Answer(answer=text, entity_types=labels, entities=[v.entity_id for v in hits])

    def _still_there(self, p: Parsed, camera_id: str, at: float) -> Answer:
        subject = self._subject(p)
        entity, obs = self._entity(camera_id, subject, at)
        ref_t = p.times[0] if p.times else obs[0].t_start
        before = [o for o in obs if o.t_start <= ref_t + 1e-6]
        then = before[-1] if before else obs[0]
        now = obs[-1]
        # seen carried, or moved by the world model's account; image motion alone ("moving") is a head turn
        # (the first since then: a pick-up before the time asked about, within the same sighting, is not one)
        moved = self._world_event(camera_id, entity, ["moved", "picked_up"], at, obs, after=max(then.t_start, ref_t) - 1e-6)
        moved_after = moved is not None
        carried = any(st == "carried" for t, st, _o in _state_samples(obs, at) if t > then.t_end)
        # A bearing points at a place only from where it was taken: after a walk the same thing seen again lies at
        # another bearing (parallax), and looking along its old bearing finds nothing.
        walked = self._walked(camera_id, then.t_start, now.t_end)
        # its place looked at since it was last seen, and it was not there: gone (moved or taken unseen)
        # (where it was left: the entity's place, which for a thing put down is where it was last seen, not
        # the average over an observation it was carried through; the last observation's place when it was seen
        # later or from more than one standpoint, as the entity's is then a blend of bearings taken from each)
        place = entity.bearing_deg if entity.last_seen <= now.t_end + 1e-6 and not walked else now.bearing_deg
        # (measured while it was last seen: a walk from then on makes it stale, until the wearer is back where he
        # stood then)
        since: float | None = min(now.t_end, at)
        if self._walked(camera_id, now.t_start, at):
            since = self._back_where_he_stood(camera_id, now, at)
        downs = self.store.events(camera_id, entity_id=entity.entity_id, kinds=["dropped"], t_max=at)
        # set down out of view and not seen since: where it lies was never seen, so no look finds its place empty
        unseen_place = bool(downs) and downs[-1].detail.get("out_of_view") is True and now.t_end <= downs[-1].t + 1e-6
        gone = since is not None and not unseen_place and self._place_seen_empty(camera_id, place, since, at)
        # A bearing is only as good as the heading it was measured with: a small difference is the same place.
        elsewhere = angular_distance(then.bearing_deg, now.bearing_deg) > 25.0 and not walked
        same = not (elsewhere or moved_after or carried or gone)
        return Answer(
            answer=("Yes, " if same else "No, ") + f"{subject.describe()} is "
                   + ("where it was" if same else "no longer where it was") + f" at {fmt_time(ref_t)}.",
            yes_no=same, entities=[entity.entity_id], evidence=_evidence([then, now]),
        )  # fmt: skip

    def _back_where_he_stood(self, camera_id: str, seen: ObservationRecord, at: float) -> float | None:
        """When the wearer was back where he stood during `seen` (None: not by `at`): the first clip since in which
        the still things of that clip are seen again at their bearings and sizes (`walking.same_standpoint`)."""
        def landmarks(obs: list[ObservationRecord]) -> list[Landmark]:
            return [(o.entity_id, o.bearing_deg, typical_height([b.bbox[3] - b.bbox[1] for b in o.boxes])) for o in obs
                    if o.entity_id != seen.entity_id and not is_mover(o.label) and o.state != "carried" and o.boxes]  # fmt: skip

        then = landmarks([o for o in self.store.observations(camera_id, t_min=seen.t_start, t_max=seen.t_end)
                          if o.clip_id == seen.clip_id])  # fmt: skip
        later: dict[str, list[ObservationRecord]] = {}
        for o in self.store.observations(camera_id, t_min=seen.t_end, t_max=at):
            if o.t_start >= seen.t_end:
                later.setdefault(o.clip_id, []).append(o)
        for obs in sorted(later.values(), key=lambda g: min(o.t_start for o in g)):
            if same_standpoint(then, landmarks(obs)):
                return min(o.t_start for o in obs)
        return None

    def _walked(self, camera_id: str, t0: float, t1: float) -> bool:
        """Whether the wearer walked in the clips between t0 and t1, by `spotter.world.walking`'s account: still
        things near the middle of the view (their remembered bearing near the heading) changing size clip after
        clip. Each clip is judged once (`_walking_clips`), newest first, a chunk at a time, until a walk is found
        (a long shift's hours are read only when no walk is nearer)."""
        if t1 <= t0:
            return False
        clips = self.store.clips(camera_id, t_min=t0, t_max=t1)
        flags: list[bool] = []
        for end in range(len(clips), 0, -_WALK_CHUNK):
            chunk = clips[max(0, end - _WALK_CHUNK) : end]
            todo = [c for c in chunk if (camera_id, c.clip_id) not in self._walking_clips]
            if todo:
                ratios: dict[str, list[float]] = {}
                picture = {c.clip_id: c.height for c in todo}
                for o in self.store.observations(camera_id, t_min=todo[0].t_start, t_max=todo[-1].t_end):
                    if is_mover(o.label) or o.state == "carried" or grows_by_work(o.attributes):
                        continue
                    ratio = size_ratio(middle_heights(((o.bearing_deg, self.tools.heading(camera_id, b.t),
                                                        whole_height(b.bbox[1], b.bbox[3], picture.get(o.clip_id)))
                                                       for b in o.boxes), self.hfov_deg))  # fmt: skip
                    if ratio is not None:
                        ratios.setdefault(o.clip_id, []).append(ratio)
                for c in todo:
                    self._walking_clips[(camera_id, c.clip_id)] = clip_walked(ratios.get(c.clip_id, []))
            flags = [self._walking_clips[(camera_id, c.clip_id)] for c in chunk] + flags
            if walk_in(flags):
                return True
        return False

    def _gone(self, camera_id: str, entity_id: str, label: str, at: float) -> bool:
        """A person whose last place has been in view, steadily, without them since they were last seen."""
        if label not in ("worker", "person"):
            return False
        obs = self.store.observations(camera_id, entity_id=entity_id, t_max=at, limit=1, latest=True)
        if not obs:
            return False
        last = obs[-1]
        return self._place_seen_empty(camera_id, last.bearing_deg, min(last.t_end, at), at)

    def _place_seen_empty(self, camera_id: str, bearing: float, since: float, at: float) -> bool:
        """Whether `bearing` was well inside the view for >= 1.5 s in total between `since` and `at`, at moments
        the head was not turning fast (a place swept past mid-turn was not looked at: blur, and a thing at the
        frame's edge leaves it as the head turns)."""
        seen = 0.0
        t = since + 0.5
        margin = self.hfov_deg / 2.0 - 10.0
        h = self.tools.heading(camera_id, t)
        while t <= at:
            h_next = self.tools.heading(camera_id, t + 0.5)  # (the next step's h: each time looked up once)
            calm = h is None or h_next is None or abs(relative_deg(h_next, h)) <= CALM_TURN_DEG_S * 0.5
            if h is not None and calm and abs(relative_deg(bearing, h)) <= margin:
                seen += 0.5
                if seen >= 1.5:
                    return True
            h = h_next
            t += 0.5
        return False

    def _has_left(self, p: Parsed, camera_id: str, at: float) -> Answer:
        subject = self._subject(p)
        entity, obs = self._entity(camera_id, subject, at)
        last = obs[-1]
        gone = self._place_seen_empty(camera_id, last.bearing_deg, min(last.t_end, at), at)
        return Answer(
            answer=(f"Yes, {subject.describe()} left; last seen at {fmt_time(min(last.t_end, at))}." if gone
                    else f"No, {subject.describe()} has not left as far as I know "
                         f"(last seen {fmt_time(min(last.t_end, at))})."),
            yes_no=gone, entities=[entity.entity_id], evidence=_evidence([last]),
        )  # fmt: skip

    def _returned(self, q: Query, camera_id: str, at: float) -> Answer:
        """Whether the subject went away from and came back to where the other event happened: where a thing
        was dropped, picked up, moved or first seen; where a person did what the question names (took the hat
        off, stood idle, first showed up), at that person's place then; with `relation` "before", where the
        subject was just before the event. For a zone ("back in the trench since he climbed out"): whether
        they went in again after leaving it."""
        other = q.other
        if other is None or other.subject is None:
            raise _NotKnown("I need both who and which place the question is about.")
        verb = other.event or "dropped"
        thing = _subject_of(other.subject)
        assert thing is not None
        worker, wobs = self._matching(camera_id, q.subject, at)[0]
        by_person = other.subject.label in ("worker", "person")
        if verb in ("entered_zone", "left_zone"):
            return self._back_in_zone(q, camera_id, worker, wobs, at)
        if by_person:
            # "where I first saw him", "where he took his hat off": a person not described is the subject
            named = other.subject if other.subject.attributes or other.subject.role else q.subject
            hit = self._occurrence(camera_id, named, verb, None, None, at)
            if hit is None:
                raise _NotKnown(f"I have not seen {_describe(other.subject)} {_EVENT_WORDS.get(verb, verb)} "
                                f"by {fmt_time(at)}.")  # fmt: skip
            t_event, thing_obs = hit
            spot = thing_obs[0].bearing_deg if thing_obs else wobs[0].bearing_deg
            words = f"{_describe(other.subject)} {_EVENT_WORDS.get(verb, verb)}"
        else:
            hit = self._event_time(camera_id, thing, verb if verb in ("dropped", "picked_up", "moved") else "appeared", at)
            if hit is None:
                raise _NotKnown(f"I have not seen {thing.describe()} {verb.replace('_', ' ')} by {fmt_time(at)}.")
            t_event, thing_obs = hit
            after = [o for o in self._entity(camera_id, thing, at)[1] if o.t_start >= t_event - 10.0]
            spot = after[0].bearing_deg if after else thing_obs[0].bearing_deg
            words = f"{thing.describe()} was {verb.replace('_', ' ')}"
        if q.relation == "before":  # "back to where he was before the lift": his own place just before it
            prior = [o for o in wobs if o.t_start < t_event]
            if not prior:
                raise _NotKnown(f"I did not see {_describe(q.subject)} before {fmt_time(t_event)}.")
            spot = prior[-1].bearing_deg
        away = False
        back: ObservationRecord | None = None
        for o in wobs:
            if o.t_end < t_event:
                continue
            d = angular_distance(o.bearing_deg, spot)
            if d > AWAY_DEG:
                away = True
            elif away and d <= BACK_DEG:
                back = o
                break
        return Answer(
            answer=(f"Yes, at {fmt_time(back.t_start)}." if back is not None
                    else f"No, not since {words} at {fmt_time(t_event)}."),
            yes_no=back is not None, entities=[worker.entity_id],
            evidence=_evidence([back] if back is not None else thing_obs),
        )  # fmt: skip

    def _back_in_zone(self, q: Query, camera_id: str, worker: EntityRecord, wobs: list[ObservationRecord],
                      at: float) -> Answer:
        """Whether the subject went into the zone again after first leaving it."""
        spells = self._zone_spells(camera_id, wobs, at)
        who = _describe(q.subject)
        if not spells:
            raise _NotKnown(f"I have not seen {who} in the zone by {fmt_time(at)}.")
        # a visit broken by moments out (a frame or two misjudged at the rim) is one visit: merge spells with under
        # BACK_AWAY_S out between them
        merged = [spells[0]]
        for spell in spells[1:]:
            if spell[0] - merged[-1][1] < BACK_AWAY_S:
                merged[-1] = (merged[-1][0], spell[1], merged[-1][2])
            else:
                merged.append(spell)
        spells = merged
        first_out = spells[0][1]
        if first_out >= at - 1e-6:
            return Answer(answer=f"No, {who} has been in the zone since {fmt_time(spells[0][0])}.", yes_no=False,
                          entities=[worker.entity_id], evidence=_evidence([spells[0][2]]))  # fmt: skip
        again = next((s for s in spells[1:] if s[0] > first_out), None)
        return Answer(
            answer=(f"Yes, {who} went back in at {fmt_time(again[0])}." if again is not None
                    else f"No, not since {who} came out at {fmt_time(first_out)}."),
            yes_no=again is not None, entities=[worker.entity_id],
            evidence=_evidence([again[2]] if again is not None else [spells[0][2]]),
        )  # fmt: skip

    def _same(self, p: Parsed, camera_id: str, at: float) -> Answer:
        subject = self._subject(p)
        d = p.direction or "front"
        matching = self._entities(camera_id, subject, at) if subject.attributes else []
        if subject.attributes and not matching:
            # described as they are now ("the lad with no vest"), not as mostly seen (he took it off lately): by
            # their latest sighting, in the last RECENT_LOOK_S
            matching = [(e, obs) for e in self.store.entities(camera_id, label=subject.label, t_max=at)
                        if (obs := self.store.observations(camera_id, entity_id=e.entity_id, t_min=at - RECENT_LOOK_S, t_max=at, full=False))
                        and all(_attr_matches(obs[-1:], k, v) for k, v in subject.attributes.items())]  # fmt: skip
        described = {e.entity_id for e, _ in matching}

        def fits(v: Any) -> bool:
            return bool(v.label == subject.label and (not described or v.entity_id in described))

        now_res = self.tools.entities_at_time(camera_id, at, window_s=1.5, at=at)
        in_view = [v for v in now_res.entities if fits(v)]
        target_id: str
        if not in_view and matching and p.direction is None:
            # a person described (or known by trade) who is not in view now: the one remembered
            target_id = max(matching, key=lambda eo: eo[1][-1].t_end)[0].entity_id
        else:
            candidates = in_view or [v for v in now_res.entities if v.label == subject.label]
            if not candidates:
                raise _NotKnown(f"I do not see {subject.describe()} now.")
            target_id = min(
                candidates,
                key=lambda v: angular_distance(v.relative_deg if v.relative_deg is not None else 0.0, SECTOR_CENTRES[d]),
            ).entity_id
        if p.ref_entity is not None:
            same = self._one_individual(camera_id, p.ref_entity, target_id, at)
        elif len(p.subjects) > 1:
            refs_named = self._entities(camera_id, p.subjects[1][1], at)
            if not refs_named:
                raise _NotKnown(f"I have not seen {p.subjects[1][1].describe()} by {fmt_time(at)}.")
            same = self._one_individual(camera_id, refs_named[0][0].entity_id, target_id, at)
        elif not p.times:
            ref_ids = [e.entity_id for e, _ in self._entities(camera_id, subject, at) if e.entity_id != target_id]
            same = all(self._one_individual(camera_id, r, target_id, at) for r in ref_ids)
        else:
            ref_t = p.times[0]
            ref_res = self.tools.entities_at_time(camera_id, ref_t, window_s=1.5, at=at)
            refs = [v for v in ref_res.entities if fits(v)]
            if refs:
                ref_id = min(refs, key=lambda v: abs(v.relative_deg) if v.relative_deg is not None else 0.0).entity_id
            else:  # not in view right then: the individual fitting the description seen nearest that time
                found = matching or self._entities(camera_id, subject, at)
                if not found:
                    raise _NotKnown(f"I did not see {subject.describe()} around {fmt_time(ref_t)}.")
                ref_id = min(found, key=lambda eo: min(abs(o.t_start - ref_t) for o in eo[1]))[0].entity_id
            same = self._one_individual(camera_id, ref_id, target_id, at)
        return Answer(
            answer=("Yes, the same one." if same else "No, a different one."), yes_no=same,
            entities=[target_id],
        )  # fmt: skip


_Pits = tuple[list[EntityRecord], dict[str, dict[float, tuple[float, float, float, float]]],
              dict[str, dict[float, list[tuple[str, float, float]]]], dict[str, tuple[int | None, int | None]]]
"""`_pits`: the excavations, their boxes by clip and frame time, the people's rows in those frames, each clip's
frame size (width, height)."""


class _NotKnown(Exception):
    """The memory cannot answer; the message says why (returned as the answer text)."""


# --- helpers --------------------------------------------------------------------------------


def _hat_off_at(o: ObservationRecord) -> float:
    """The first frame of a sighting with the hard hat seen off and not back on in the next frame seen (a frame
    where the detector missed the hat is not a removal); the sighting's start when its frames do not say."""
    hats = [(b.t, b.hardhat) for b in o.boxes if b.hardhat is not None]
    for i, (t, on) in enumerate(hats):
        if on is False and (i + 1 == len(hats) or hats[i + 1][1] is False):
            return t
    return o.t_start


def _hat_off_since(obs: Sequence[ObservationRecord], off: float, gap_s: float = 5.0) -> float:
    """The first frame of the run of frames with the hard hat off that holds at `off`, across sightings (the world
    dates the change by the sighting that settled it; the hat may have come off in the one before). Frames that do
    not say are passed over; a gap of `gap_s` unseen ends the run (he may have put it back on meanwhile)."""
    hats = sorted((b.t, b.hardhat) for o in obs for b in o.boxes if b.hardhat is not None and b.t <= off + 1e-6)
    start = off
    for t, on in reversed(hats):
        if on is not False or start - t > gap_s:
            break
        start = t
    return start


def _attr_matches(obs: Sequence[ObservationRecord], key: str, value: Any) -> bool:
    votes = [o.attributes.get(key) for o in obs if key in o.attributes]
    if not votes:
        return False
    if key == "hardhat" and isinstance(value, bool) and _truthy(votes[-1]) == value:
        return True  # a hard hat comes and goes: "the one with no helmet on" is as he is now, however long he wore it
    if isinstance(value, bool):
        hits = sum(1 for v in votes if _truthy(v) == value)
    else:
        hits = sum(1 for v in votes if str(v).lower() == str(value).lower())
    return hits * 2 > len(votes)


def _truthy(v: Any) -> bool | None:
    if isinstance(v, bool):
        return v
    if isinstance(v, str):
        return v.lower() in ("yes", "true", "on", "1")
    return None


StateSample = tuple[float, str | None, ObservationRecord]


def _state_samples(obs: Sequence[ObservationRecord], at: float) -> list[StateSample]:
    """(t, state, observation) per sampled frame up to `at`, in time order; the observation's
    state stands in for frames without one."""
    out: list[StateSample] = []
    for o in obs:
        if o.boxes:
            for b in o.boxes:
                if b.t <= at + 1e-9:
                    st = b.state if b.state is not None else (o.state if o.state != "unknown" else None)
                    out.append((b.t, st, o))
        elif o.t_start <= at:
            out.append((o.t_start, o.state if o.state != "unknown" else None, o))
    out.sort(key=lambda s: s[0])
    return out


def state_seconds(samples: Sequence[StateSample], state: str, a: float, b: float, max_step_s: float = 2.0) -> float:
    """Seconds in `state` within [a, b], integrating sampled frames (see the module docstring)."""
    known = [(t, st) for t, st, _ in samples if st is not None]
    total = 0.0
    for (t0, s0), (t1, s1) in zip(known, known[1:], strict=False):
        lo, hi = max(t0, a), min(t1, b)
        if hi <= lo:
            continue
        if t1 - t0 <= max_step_s or s0 == s1:
            if s0 == state:
                total += hi - lo
        else:  # changed while out of view: split the gap in the middle
            mid = (t0 + t1) / 2.0
            if s0 == state:
                total += max(0.0, min(hi, mid) - lo)
            if s1 == state:
                total += max(0.0, hi - max(lo, mid))
    if known and known[-1][1] == state:  # still in that state at the end of what was seen
        t_last = known[-1][0]
        total += max(0.0, b - max(a, t_last)) if t_last < b else 0.0
    return total


_PUT_DOWN = ("dropped", "put down", "set down", "left", "dumped")
_ACTOR_CLAUSE = re.compile(r"\b(?:who|that|whoever)\s+(?:had\s+|has\s+|just\s+)?(moved|shifted|picked up|took|grabbed|"
                           r"carried|brought|lifted|dropped|put down|set down|left|dumped)\s+(?:up\s+)?((?:the|a|that|"
                           r"my|his|her|those|these)\s+[a-z][a-z -]{1,30})")
BACK_AWAY_S = 10.0
"""Out of a zone for less than this between two spells in it is not having gone back: one visit."""
_WORK_OBJECT_OF_ROLE: dict[str, tuple[str, ...]] = {  # trades whose work shows on a tracked object
    "bricklayer": ("brick_wall",),
    # (not a banksman: tried as the worker beside plant longest; on one site that was the banksman, on another the
    # labourer digging by the excavator while the banksman watched from 4 m)
}  # fmt: skip
_BY_WORLD_EVENT: tuple[float, list[ObservationRecord]] = (math.nan, [])
"""`_occurrence_of` (compared by identity): the frames do not say; the subject's world events do."""


def _individuals(found: Sequence[tuple[EntityRecord, list[ObservationRecord]]],
                 settings: WorldSettings) -> list[tuple[EntityRecord, list[ObservationRecord]]]:
    """People remembered as several entities (a tracker that gives a new id after every gap, a wearer
    who walked so bearings no longer line up) counted once: two worker entities are one individual when
    they wear the same (vest and hat colour both known) and were never in view at the same time.
    Things are counted as remembered. Returns the first entity of each individual."""
    return [g[0] for g in _individual_groups(found, settings)]


def _individual_groups(found: Sequence[tuple[EntityRecord, list[ObservationRecord]]], settings: WorldSettings
                       ) -> list[list[tuple[EntityRecord, list[ObservationRecord]]]]:
    """`_individuals`, with every entity of each individual (earliest first). The detector keeps a
    person's id through an absence as long as the longest gap after which one of its ids came back (its
    memory, as the world model learns it): two ids seen within that time of each other are two people
    however alike they dress; past it a tracker gives a returning person a new id, and clothes decide."""
    Group = tuple[list[tuple[EntityRecord, list[ObservationRecord]]], tuple[Any, Any] | None, list[tuple[float, float]], set[str]]
    groups: list[Group] = []
    memory = _id_memory_s([o for _, obs in found for o in obs], settings)
    for e, obs in sorted(found, key=lambda eo: eo[0].first_seen):
        look = (_majority(obs, "vest"), _majority(obs, "hat_colour")) if e.label == "worker" else None
        spans = [(o.t_start, o.t_end) for o in obs]
        ids = {v for o in obs if (v := external_track(o, settings)) is not None}
        known = look is not None and None not in look
        # a moment's sighting with one colour unread (a new track id for a frame or two) is someone already
        # seen who wears the colour that was read, when someone such was out of view then
        glimpse = look is not None and look != (None, None) and sum(b - a for a, b in spans) <= GLIMPSE_S
        group = next((g for g in groups if (known and g[1] == look or glimpse and _compatible(look, g[1]))
                      and not in_view_together(spans, g[2])
                      and (not memory or not ids or not g[3] or ids & g[3] or _apart_s(spans, g[2]) > memory)), None)  # fmt: skip
        if group is None:
            groups.append(([(e, obs)], look, spans, ids))
        else:
            group[0].append((e, obs))
            group[2].extend(spans)
            group[3].update(ids)
    return [g[0] for g in groups]


GLIMPSE_S = 2.0
"""A person seen for this long at most, with one of their colours unread, is counted as someone already seen
who wears what was read (`_individual_groups`)."""


def _compatible(look: tuple[Any, Any] | None, other: tuple[Any, Any] | None) -> bool:
    """Every colour read in `look` is the same in `other` (which has both read)."""
    if look is None or other is None or None in other:
        return False
    return all(a is None or a == b for a, b in zip(look, other, strict=True))


def _id_memory_s(obs: Sequence[ObservationRecord], settings: WorldSettings) -> float:
    """How long the detector keeps a person's id through an absence: the longest gap after which one of
    its ids came back, when one came back after more than `track_gap_s`; else 0 (a tracker whose ids never
    come back may also hand out a new one after a blink, so its ids tell no one apart)."""
    spans: dict[str, list[tuple[float, float]]] = {}
    for o in obs:
        if (v := external_track(o, settings)) is not None:
            spans.setdefault(v, []).append((o.t_start, o.t_end))
    memory = 0.0
    for ss in spans.values():
        ss.sort()
        memory = max([memory, *(b[0] - a[1] for a, b in zip(ss, ss[1:], strict=False))])
    return memory if memory > settings.track_gap_s else 0.0


def _apart_s(a: Sequence[tuple[float, float]], b: Sequence[tuple[float, float]]) -> float:
    """The shortest time between a sighting in `a` and one in `b` (0 when they overlap)."""
    return min((max(0.0, b0 - a1, a0 - b1) for a0, a1 in a for b0, b1 in b), default=math.inf)




def _majority(obs: Sequence[ObservationRecord], key: str) -> bool | str | None:
    votes: dict[Any, float] = {}
    for o in obs:
        v = o.attributes.get(key)
        if isinstance(v, (str, bool)):
            votes[v] = votes.get(v, 0.0) + (o.t_end - o.t_start)
    return max(votes, key=votes.__getitem__) if votes else None


def _subject_of(ref: SubjectRef | None) -> Subject | None:
    if ref is None:
        return None
    return Subject(ref.label, dict(ref.attributes), ref.describe())


def _centre_and_height(box: tuple[float, float, float, float]) -> tuple[float, float, float]:
    return (box[0] + box[2]) / 2.0, (box[1] + box[3]) / 2.0, max(1.0, box[3] - box[1])


def _nearest_to(thing: tuple[float, float, float], workers: Sequence[tuple[str, tuple[float, float, float]]]) -> str | None:
    """The worker (id, (centre x, centre y, height)) whose box centre is nearest the thing's, in the worker's heights."""
    best = min(workers, key=lambda w: math.hypot(w[1][0] - thing[0], w[1][1] - thing[1]) / w[1][2], default=None)
    return best[0] if best is not None else None


def _tool_named_by_use(word: str, label: str) -> bool:
    """A tool called by what it does ("crimper", "cutter") and a label naming the same tool by its use
    ("crimping_tool", "cutting_machine")."""
    head, _, kind = label.rpartition("_")
    if not word.endswith("er") or kind not in ("tool", "machine") or not head.endswith("ing"):
        return False
    stem, use = word[:-2], head[:-3]
    return use in (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem)


def _describe(ref: SubjectRef | None) -> str:
    return ref.describe() if ref is not None else "the worker"


_EVENT_WORDS = {
    "first_seen": "first seen", "last_seen": "last seen", "dropped": "dropped", "picked_up": "picked up",
    "moved": "moved", "started_working": "started working", "stopped_working": "stopped working",
    "resumed_working": "started working again", "went_idle": "went idle", "ppe_removed": "took off the hard hat",
    "entered_zone": "went into the zone", "left_zone": "came out of the zone", "left": "left",
}  # fmt: skip


def _event_words(q: Query) -> str:
    if q.event == "work_unit":
        n = q.ordinal or 1
        return f"the {_ordinal_word(n)} {q.unit or 'unit of work'} done"
    nth = f" (the {_ordinal_word(q.ordinal)} time)" if q.ordinal and q.ordinal > 1 else ""
    return f"{_describe(q.subject)} {_EVENT_WORDS.get(q.event or 'first_seen', 'seen')}{nth}"


def _ordinal_word(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


Run = tuple[float, float, ObservationRecord, bool]


def _runs(samples: Sequence[StateSample], state: str, max_step_s: float = 2.0,
          lasts_until: frozenset[str] = frozenset()) -> list[Run]:
    """Spells of `state`: (start, end, first observation, ended) from per-frame samples; a spell ends at the
    first sample of another state (a change while out of view: in the middle of the gap; at the sample itself
    when that state is one of `lasts_until`, seen as it happens: a thing lying unseen was lying there until
    it was seen picked up)."""
    known = [(t, st, o) for t, st, o in samples if st is not None]
    runs: list[Run] = []
    start: tuple[float, ObservationRecord] | None = None
    prev_t = None
    for t, st, o in known:
        if st == state and start is None:
            begin = t if prev_t is None or t - prev_t <= max_step_s else (prev_t + t) / 2.0
            start = (begin, o)
        elif st != state and start is not None:
            end = t if prev_t is None or t - prev_t <= max_step_s or st in lasts_until else (prev_t + t) / 2.0
            runs.append((start[0], end, start[1], True))
            start = None
        prev_t = t
    if start is not None and prev_t is not None:
        runs.append((start[0], prev_t, start[1], False))
    # a moment of another state (a frame or two of motion while standing about) does not end a spell: runs
    # less than WORK_RESUMED_S apart are one, as the idle rule sees it
    merged: list[Run] = []
    for run in runs:
        if merged and merged[-1][3] and run[0] - merged[-1][1] < WORK_RESUMED_S:
            merged[-1] = (merged[-1][0], run[1], merged[-1][2], run[3])
        else:
            merged.append(run)
    return merged


RECENT_LOOK_S = 20.0
"""A person described as they look now is matched on their latest sighting, when this recent."""
MIN_SPELL_S = 3.0
"""Spells shorter than this (a state flickering for a frame or two) are not counted as spells."""
CARRY_ZONE_S = 10.0
"""Seen without the zone's pit in the frame, a person is as last judged beside it up to this long before."""
MIN_IN_ZONE_S = 1.0
"""A visit to a zone lasts this long at least: in for a frame or two, then out, is a box's chance overlap."""
SEEN_OUT_S = 0.5
"""Out of a zone this long (a few sampled frames), then out of view: the spell ended there, not somewhere unseen."""

BREAK_S = 10.0
"""An idle spell this long is a break (went idle, stopped, resumed); shorter ones are pauses."""


def _transitions(samples: Sequence[StateSample], into: str, after: str | None = None) -> list[tuple[float, ObservationRecord]]:
    """When the state became `into` (from another known state, or from `after` only), in time order; a
    first sample already `into` counts when nothing came before it."""
    out: list[tuple[float, ObservationRecord]] = []
    prev: str | None = None
    for t, st, o in samples:
        if st is None:
            continue
        if st == into and prev != into and (prev is not None or after is None) and (after is None or prev == after) or st == into and prev is None and after is None:
            out.append((t, o))
        prev = st
    return out


def _ppe_spans(obs: Sequence[ObservationRecord], at: float, gap_s: float = 60.0) -> list[tuple[float, float, ObservationRecord]]:
    """Spells seen without a hard hat, frame by frame (the observation's majority where frames do not say);
    a time out of view shorter than `gap_s`, hatless on both sides, is part of the spell (nothing seen says the
    hat went back on: a labourer looked away from for half a minute is still the one walking about without it)."""
    frames: list[tuple[float, bool | None, ObservationRecord]] = []
    for o in obs:
        if any(b.hardhat is not None for b in o.boxes):
            frames += [(b.t, b.hardhat, o) for b in o.boxes if b.t <= at]
        elif _truthy(o.attributes.get("hardhat")) is not None:
            hat = _truthy(o.attributes.get("hardhat"))
            frames += [(o.t_start, hat, o), (min(o.t_end, at), hat, o)]
    frames.sort(key=lambda f: f[0])
    spans: list[tuple[float, float, ObservationRecord]] = []
    open_ = False  # the last frame that said anything was hatless
    for t, hat, o in frames:
        if hat is False:
            if open_ and spans and t - spans[-1][1] <= gap_s:
                spans[-1] = (spans[-1][0], t, spans[-1][2])
            else:
                spans.append((t, t, o))
            open_ = True
        elif hat is True:
            open_ = False
    return spans


def _window_bounds(window: tuple[TimeRef | None, TimeRef | None] | None, at: float) -> tuple[float, float]:
    if window is None:
        return 0.0, at
    lo = window[0].resolve(at) if window[0] is not None else 0.0
    hi = min(at, window[1].resolve(at)) if window[1] is not None else at
    return lo, hi


def _spell_seconds(samples: Sequence[StateSample], state: str, spell: str, ordinal: int | None,
                   window: tuple[TimeRef | None, TimeRef | None] | None, at: float) -> tuple[float, str]:
    """Seconds in `state` for the spell asked about, and words for it ({word} = the state's name)."""
    if spell == "total" or window is not None:
        lo, hi = _window_bounds(window, at)
        return state_seconds(samples, state, lo, hi), f"was {{word}} for a total between {fmt_time(lo)} and {fmt_time(hi)}"
    # a spell of under MIN_SPELL_S is a detector flicker, not a spell someone asks about
    until = frozenset({"carried"}) if state == "on_ground" else frozenset()
    runs = [r for r in _runs(samples, state, lasts_until=until) if not r[3] or r[1] - r[0] >= MIN_SPELL_S]
    ongoing = bool(runs) and not runs[-1][3]
    if spell == "current":
        if not ongoing:
            return 0.0, "is not {word} now"
        return at - runs[-1][0], f"has been {{word}} since {fmt_time(runs[-1][0])}"
    if spell == "nth":
        n = max(1, ordinal or 1)
        if len(runs) < n:
            raise _NotKnown(f"I have seen only {len(runs)} such spells by {fmt_time(at)}.")
        r = runs[n - 1]
        end = r[1] if r[3] else at
        return end - r[0], f"was {{word}} from {fmt_time(r[0])} to {fmt_time(end)} ({_ordinal_word(n)} spell)"
    if not runs:
        raise _NotKnown(f"I have not seen such a spell by {fmt_time(at)}.")
    r = runs[-1]
    end = r[1] if r[3] else at
    return end - r[0], f"was {{word}} from {fmt_time(r[0])} to {fmt_time(end)} (last spell)"


def _span_seconds(spans: Sequence[tuple[float, float, ObservationRecord]], spell: str, ordinal: int | None,
                  window: tuple[TimeRef | None, TimeRef | None] | None, at: float) -> tuple[float, str]:
    if not spans:
        return 0.0, "was not {word} by " + fmt_time(at)
    if spell == "total" or window is not None:
        lo, hi = _window_bounds(window, at)
        total = sum(max(0.0, min(b, hi) - max(a, lo)) for a, b, _ in spans)
        return total, f"was {{word}} for a total between {fmt_time(lo)} and {fmt_time(hi)}"
    if spell == "nth":
        n = max(1, ordinal or 1)
        if len(spans) < n:
            raise _NotKnown(f"I have seen only {len(spans)} such spells by {fmt_time(at)}.")
        a, b, _ = spans[n - 1]
        return b - a, f"was {{word}} from {fmt_time(a)} to {fmt_time(b)}"
    a, b, _ = spans[-1]
    return b - a, f"was {{word}} from {fmt_time(a)} to {fmt_time(b)}"


def _evidence(obs: Sequence[ObservationRecord | None]) -> list[Evidence]:
    seen: dict[str, Evidence] = {}
    for o in obs:
        if o is not None and o.clip_id not in seen:
            seen[o.clip_id] = Evidence(clip_id=o.clip_id, t_start=o.t_start, t_end=o.t_end, entity_id=o.entity_id)
    return list(seen.values())


def _sector_phrase(d: Sector) -> str:
    return {
        "front": "in front of you",
        "front-right": "to your front-right",
        "right": "on your right",
        "behind-right": "behind you, to the right",
        "behind": "behind you",
        "behind-left": "behind you, to the left",
        "left": "on your left",
        "front-left": "to your front-left",
    }[d]


__all__ = ["QuestionParser", "state_seconds"]
