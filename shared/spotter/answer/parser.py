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
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from spotter.answer.base import Answer, Evidence
from spotter.graph.base import EntityRecord, EventRecord, ObservationRecord
from spotter.tools import GraphTools
from spotter.world.geometry import SECTOR_CENTRES, Sector, angular_distance, relative_deg

log = logging.getLogger(__name__)

# --- intents, with example questions (the embedding prototypes) ---------------------------

INTENTS: dict[str, tuple[str, ...]] = {
    "when": (
        "When was the first brick laid?",
        "When was the drill dropped?",
        "When did the worker first appear?",
        "At what time was the ladder moved?",
        "When did the worker start working?",
        "What time was the hammer picked up?",
    ),
    "duration": (
        "How long was the worker idle between 1:20 and 4:35?",
        "How long has the worker been idle so far?",
        "How much time did the worker spend working?",
        "For how many minutes was the worker inactive?",
    ),
    "where": (
        "Where is the ladder now?",
        "Where did I leave the drill?",
        "In which direction is the toolbox?",
        "Where's the wheelbarrow?",
    ),
    "what_direction": (
        "What's behind me?",
        "What is on my left?",
        "What's on my right?",
        "What is in front of me?",
        "What things are to my left?",
    ),
    "still_there": (
        "Is the ladder still where it was at 4:15?",
        "Has the ladder stayed in the same place since 2:00?",
        "Is the toolbox still in the same spot?",
    ),
    "has_left": (
        "Has the worker without a hard hat left?",
        "Is the visitor gone?",
        "Did the worker leave the site?",
    ),
    "returned": (
        "Did the worker return to where the drill was dropped?",
        "Did the worker go back to the spot where the hammer was dropped?",
        "Has the worker come back to where the ladder was?",
    ),
    "before": (
        "Was the ladder moved before the drill was dropped?",
        "Was the first brick laid before the ladder was moved?",
        "Did the drill get picked up before the ladder was moved?",
        "Was the drill dropped after the ladder was moved?",
    ),
    "same": (
        "Is the toolbox in front of me the same one I saw at 2:05?",
        "Is this the same ladder as before?",
        "Is the worker on my left the same one I saw at 3:00?",
    ),
}

_CUES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bhow long\b|\bhow much time\b|\bhow many (minutes|seconds)\b"), "duration"),
    (re.compile(r"\bsame (one|\w+)\b"), "same"),
    (re.compile(r"\b(before|after)\b.*\b(was|were|got|did)\b|\b(was|were|did)\b.*\b(before|after)\b"), "before"),
    (re.compile(r"\bstill where\b|\bstill in the same\b|\bsame (place|spot)\b"), "still_there"),
    (re.compile(r"\b(return|returned|come back|came back|go back|went back)\b"), "returned"),
    (re.compile(r"^\s*(when|at what time|what time)\b"), "when"),
    (re.compile(r"^\s*where\b"), "where"),
    (re.compile(r"^\s*what('s| is| are|'re)?\b.*\b(behind|left|right|front)\b"), "what_direction"),
    (re.compile(r"\b(left|gone|leave)\b\??\s*$"), "has_left"),
)

_DIRECTION_PHRASES: tuple[tuple[re.Pattern[str], Sector], ...] = (
    (re.compile(r"behind[- ]left|back[- ]left"), "behind-left"),
    (re.compile(r"behind[- ]right|back[- ]right"), "behind-right"),
    (re.compile(r"front[- ]left"), "front-left"),
    (re.compile(r"front[- ]right"), "front-right"),
    (re.compile(r"\bbehind\b|\bbehind me\b|\bat my back\b"), "behind"),
    (re.compile(r"\bin front\b|\bahead\b|\bfacing\b"), "front"),
    (re.compile(r"\b(on|to) my left\b|\bleft of me\b|\bleft side\b"), "left"),
    (re.compile(r"\b(on|to) my right\b|\bright of me\b|\bright side\b"), "right"),
)

_EVENT_VERBS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"picked up|pick up|grabbed|taken"), "picked_up"),
    (re.compile(r"dropped|drop|put down|left behind"), "dropped"),
    (re.compile(r"\bmoved\b|\bmove\b|carried"), "moved"),
    (re.compile(r"\blaid\b|\blay\b|\bbuilt\b|\bstarted\b.*\bwall\b"), "laid"),
    (re.compile(r"start(ed)? working|began working|start(ed)? to work|became active"), "started_working"),
    (re.compile(r"appear|arrive|show(ed)? up|first seen|first see"), "appeared"),
    (re.compile(r"\bleft\b|\bleave\b|gone"), "left"),
)

_COLOURS = ("orange", "yellow", "green", "red", "blue", "white", "pink", "lime")
_TIME = re.compile(r"\b(?:(\d{1,2}):)?(\d{1,2}):(\d{2})\b")
_NOUN_ALIASES = {
    "brick wall": "brick_wall",
    "wall": "brick_wall",
    "first brick": "brick_wall",
    "bricks": "brick_wall",
    "brick": "brick_wall",
    "person": "worker",
    "man": "worker",
    "woman": "worker",
    "guy": "worker",
    "visitor": "worker",
    "tool box": "toolbox",
    "tool-box": "toolbox",
}
_CONE_HALF_DEG = 67.5  # "what's behind me" covers the named sector and its two neighbours (DESIGN 5)


def parse_times(text: str) -> list[float]:
    """Media times written m:ss or h:mm:ss, in order of appearance."""
    out = []
    for h, m, s in _TIME.findall(text):
        out.append(int(h or 0) * 3600 + int(m) * 60 + int(s))
    return [float(x) for x in out]


def fmt_time(t: float) -> str:
    t = max(0.0, t)
    m, s = divmod(int(round(t)), 60)
    return f"{m // 60}:{m % 60:02d}:{s:02d}" if m >= 60 else f"{m}:{s:02d}"


def direction_in(text: str) -> Sector | None:
    for pattern, name in _DIRECTION_PHRASES:
        if pattern.search(text):
            return name
    return None


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


# --- intent classification -------------------------------------------------------------

_WORD = re.compile(r"[a-z]+")


def _words(text: str) -> set[str]:
    stop = {"the", "a", "an", "is", "was", "of", "to", "my", "me", "i", "it", "in", "at", "on", "did", "has", "have"}
    return {w for w in _WORD.findall(text.lower()) if w not in stop}


class IntentClassifier:
    """Nearest intent by MiniLM similarity to the examples (word overlap without the model)."""

    def __init__(self, embedder: Any | None = None) -> None:
        self.embedder = embedder
        self._names = [name for name, examples in INTENTS.items() for _ in examples]
        self._examples = [e for examples in INTENTS.values() for e in examples]
        self._matrix: np.ndarray | None = None
        self._lock = threading.Lock()

    @property
    def method(self) -> str:
        return "minilm" if self.embedder is not None else "lexical"

    def scores(self, question: str) -> dict[str, float]:
        if self.embedder is not None:
            with self._lock:
                if self._matrix is None:
                    self._matrix = np.asarray(self.embedder.embed(self._examples), dtype=np.float32)
            q = np.asarray(self.embedder.embed([question]), dtype=np.float32)[0]
            sims = self._matrix @ q
        else:
            qw = _words(question)
            sims = np.array([len(qw & _words(e)) / math.sqrt(max(1, len(qw)) * max(1, len(_words(e))))
                             for e in self._examples])  # fmt: skip
        out: dict[str, float] = {}
        for name, s in zip(self._names, sims, strict=True):
            out[name] = max(out.get(name, -1.0), float(s))
        return out

    def classify(self, question: str) -> tuple[str, dict[str, float]]:
        scores = self.scores(question)
        text = question.lower()
        for pattern, name in _CUES:
            if pattern.search(text):
                return name, scores
        return max(scores, key=lambda k: scores[k]), scores


def default_embedder() -> Any | None:
    """MiniLM when its model files are installed (the `spotter.embed` default), else None."""
    try:
        from spotter.embed import EmbedSettings, make_embedder

        return make_embedder(EmbedSettings())
    except Exception as exc:  # noqa: BLE001 - the lexical matcher is the documented fallback
        log.info("question parser: MiniLM unavailable (%s); matching intents by word overlap", exc)
        return None


# --- the parser ---------------------------------------------------------------------------


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
        self.classifier = IntentClassifier(embedder)
        self.hfov_deg = hfov_deg
        self._handlers: dict[str, Callable[[Parsed, str, float], Answer]] = {
            "when": self._when,
            "duration": self._duration,
            "where": self._where,
            "what_direction": self._what_direction,
            "still_there": self._still_there,
            "has_left": self._has_left,
            "returned": self._returned,
            "before": self._before,
            "same": self._same,
        }

    # --- entry point ---

    def answer(self, question: str, camera_id: str, at: float | None = None) -> Answer:
        now = self.tools._now(camera_id, at)
        parsed = self.parse(question, camera_id, now)
        try:
            ans = self._handlers[parsed.intent](parsed, camera_id, now)
        except _NotKnown as exc:
            ans = Answer(answer=str(exc))
        return ans.model_copy(update={"intent": parsed.intent, "backend": "parser"})

    def parse(self, question: str, camera_id: str, at: float) -> Parsed:
        intent, scores = self.classifier.classify(question)
        text = question.lower()
        labels = {e.label for e in self.store.entities(camera_id, t_max=at)}
        return Parsed(intent, text, self._subjects(text, labels), parse_times(text), direction_in(text), scores)

    # --- slots ---

    def _subjects(self, text: str, labels: set[str]) -> list[tuple[int, Subject]]:
        """Things named in the text, in order of position: (position, Subject)."""
        known = set(labels) | {"worker", "ladder", "toolbox", "drill", "hammer", "brick_wall", "wheelbarrow",
                               "cone", "pallet", "scaffold", "excavation"}  # fmt: skip
        found: list[tuple[int, int, Subject]] = []
        names: list[tuple[str, str]] = [(lab.replace("_", " "), lab) for lab in known] + list(_NOUN_ALIASES.items())
        taken: list[tuple[int, int]] = []
        for phrase, label in sorted(names, key=lambda p: -len(p[0])):
            for m in re.finditer(rf"\b{re.escape(phrase)}s?\b", text):
                if any(a < m.end() and m.start() < b for a, b in taken):
                    continue
                taken.append((m.start(), m.end()))
                subject = Subject(label)
                tail = text[m.end(): m.end() + 40]
                colour = re.match(r"\s+(?:in|with|wearing)\s+(?:the\s+|a\s+|an\s+)?(\w+)\s+vest", tail)
                if colour and colour.group(1) in _COLOURS:
                    subject.attributes["vest"] = colour.group(1)
                if re.match(r"\s+(?:without|with no|not wearing)\s+(?:a\s+)?(hard ?hat|helmet)", tail):
                    subject.attributes["hardhat"] = False
                elif re.match(r"\s+(?:with|wearing)\s+(?:a\s+)?(hard ?hat|helmet)", tail):
                    subject.attributes["hardhat"] = True
                end = m.end()
                if subject.attributes:
                    end = m.end() + len(re.match(r"[^?,]*?(vest|hat|helmet)", tail).group(0))  # type: ignore[union-attr]
                subject.phrase = "the " + text[m.start():end].strip()
                found.append((m.start(), end, subject))
        found.sort(key=lambda f: f[0])
        return [(pos, s) for pos, _end, s in found]

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

    # --- handlers ---

    def _event_time(self, camera_id: str, subject: Subject, verb: str, at: float) -> tuple[float, list[ObservationRecord]] | None:
        """When `verb` happened to the subject, from memory up to `at` (None: not seen to happen)."""
        found = self._entities(camera_id, subject, at)
        if not found:
            return None
        entity, obs = found[0]
        samples = _state_samples(obs, at)
        if verb in ("appeared", "laid"):
            t = samples[0][0] if samples else obs[0].t_start
            return t, obs[:1]
        if verb == "started_working":
            for t, st, o in samples:
                if st == "active":
                    return t, [o]
            return None
        if verb == "picked_up":
            for t, st, o in samples:
                if st == "carried":
                    return t, [o]
            return self._world_event(camera_id, entity, ["picked_up"], at, obs)
        if verb == "dropped":
            carried = False
            for t, st, o in samples:
                if st == "carried":
                    carried = True
                elif carried and st is not None:
                    return t, [o]
            return self._world_event(camera_id, entity, ["dropped"], at, obs)
        if verb == "moved":
            for t, st, o in samples:
                if st in ("carried", "moving"):
                    return t, [o]
            return self._world_event(camera_id, entity, ["moved"], at, obs)
        if verb == "left":
            return None
        return None

    def _world_event(
        self, camera_id: str, entity: EntityRecord, kinds: list[Any], at: float, obs: list[ObservationRecord]
    ) -> tuple[float, list[ObservationRecord]] | None:
        evs: list[EventRecord] = self.store.events(camera_id, entity_id=entity.entity_id, kinds=kinds, t_max=at)
        if not evs:
            return None
        t = evs[0].t
        return t, [o for o in obs if o.clip_id == evs[0].clip_id][:1]

    def _verb(self, text: str) -> str | None:
        for pattern, name in _EVENT_VERBS:
            if pattern.search(text):
                return name
        return None

    def _when(self, p: Parsed, camera_id: str, at: float) -> Answer:
        subject = self._subject(p)
        verb = self._verb(p.text) or "appeared"
        if "first brick" in p.text or (subject.label == "brick_wall" and verb == "laid"):
            verb = "laid"
        hit = self._event_time(camera_id, subject, verb, at)
        if hit is None:
            raise _NotKnown(f"I have not seen {subject.describe()} {verb.replace('_', ' ')} by {fmt_time(at)}.")
        t, obs = hit
        return Answer(
            answer=f"At {fmt_time(t)} ({t:.0f} s).", time=round(t, 2),
            entities=sorted({o.entity_id for o in obs}), evidence=_evidence(obs),
        )  # fmt: skip

    def _duration(self, p: Parsed, camera_id: str, at: float) -> Answer:
        subject = self._subject(p) if p.subjects else Subject("worker")
        working = bool(re.search(r"\b(work|working|worked|active|busy)\b", p.text))
        state = "active" if working else "idle"
        if len(p.times) >= 2:
            a, b = p.times[0], min(p.times[1], at)
        elif len(p.times) == 1 and "since" in p.text:
            a, b = p.times[0], at
        else:
            a, b = 0.0, at
        entity, obs = self._entity(camera_id, subject, at)
        seconds = state_seconds(_state_samples(obs, at), state, a, b)
        word = "working" if working else "idle"
        return Answer(
            answer=f"{subject.describe().capitalize()} was {word} for about {seconds:.0f} s "
                   f"({seconds / 60:.1f} min) between {fmt_time(a)} and {fmt_time(b)}.",
            duration_s=round(seconds, 2), entities=[entity.entity_id],
            evidence=_evidence([o for o in obs if o.t_end >= a and o.t_start <= b]),
        )  # fmt: skip

    def _where(self, p: Parsed, camera_id: str, at: float) -> Answer:
        subject = self._subject(p)
        entity, obs = self._entity(camera_id, subject, at)
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
        moved = self._event_time(camera_id, subject, "moved", at)
        moved_after = moved is not None and moved[0] > then.t_start - 1e-6
        same = angular_distance(then.bearing_deg, now.bearing_deg) <= 15.0 and not moved_after
        return Answer(
            answer=("Yes, " if same else "No, ") + f"{subject.describe()} is "
                   + ("where it was" if same else "no longer where it was") + f" at {fmt_time(ref_t)}.",
            yes_no=same, entities=[entity.entity_id], evidence=_evidence([then, now]),
        )  # fmt: skip

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
        """Whether `bearing` was well inside the view for >= 1.5 s in total between `since` and `at`."""
        seen = 0.0
        t = since + 0.5
        margin = self.hfov_deg / 2.0 - 10.0
        while t <= at:
            h = self.tools.heading(camera_id, t)
            if h is not None and abs(relative_deg(bearing, h)) <= margin:
                seen += 0.5
                if seen >= 1.5:
                    return True
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

    def _returned(self, p: Parsed, camera_id: str, at: float) -> Answer:
        if len(p.subjects) < 2:
            raise _NotKnown("I need both who and which place the question is about.")
        who, thing = p.subjects[0][1], p.subjects[1][1]
        verb = self._verb(p.text[p.subjects[1][0]:]) or "dropped"
        hit = self._event_time(camera_id, thing, verb, at)
        if hit is None:
            raise _NotKnown(f"I have not seen {thing.describe()} {verb.replace('_', ' ')} by {fmt_time(at)}.")
        t_event, thing_obs = hit
        after = [o for o in self._entity(camera_id, thing, at)[1] if o.t_start >= t_event - 10.0]
        spot = after[0].bearing_deg if after else thing_obs[0].bearing_deg
        worker, wobs = self._entity(camera_id, who, at)
        away = False
        back: ObservationRecord | None = None
        for o in wobs:
            if o.t_end < t_event:
                continue
            d = angular_distance(o.bearing_deg, spot)
            if d > 25.0:
                away = True
            elif away and d <= 15.0:
                back = o
                break
        yes = back is not None
        return Answer(
            answer=(f"Yes, at {fmt_time(back.t_start)}." if back is not None
                    else f"No, not since {thing.describe()} was {verb.replace('_', ' ')} at {fmt_time(t_event)}."),
            yes_no=yes, entities=[worker.entity_id], evidence=_evidence([back] if back is not None else thing_obs),
        )  # fmt: skip

    def _before(self, p: Parsed, camera_id: str, at: float) -> Answer:
        m = re.search(r"\b(before|after)\b", p.text)
        if m is None or len(p.subjects) < 2:
            raise _NotKnown("I need two events to compare.")
        first_part, second_part = p.text[: m.start()], p.text[m.end():]
        subj_a = next((s for pos, s in p.subjects if pos < m.start()), None)
        subj_b = next((s for pos, s in p.subjects if pos > m.start()), None)
        if subj_a is None or subj_b is None:
            raise _NotKnown("I need two events to compare.")
        verb_a = self._verb(first_part) or "appeared"
        verb_b = self._verb(second_part) or "appeared"
        if "first brick" in first_part:
            verb_a = "laid"
        if "first brick" in second_part:
            verb_b = "laid"
        ta = self._event_time(camera_id, subj_a, verb_a, at)
        tb = self._event_time(camera_id, subj_b, verb_b, at)
        if ta is None:
            yes = False
        elif tb is None:
            yes = m.group(1) == "before"
        else:
            yes = ta[0] < tb[0] if m.group(1) == "before" else ta[0] > tb[0]
        times = ", ".join(
            f"{s.describe()} {v.replace('_', ' ')} at {fmt_time(x[0])}" if x else f"{s.describe()} not {v.replace('_', ' ')}"
            for s, v, x in ((subj_a, verb_a, ta), (subj_b, verb_b, tb))
        )
        ev = (ta[1] if ta else []) + (tb[1] if tb else [])
        return Answer(answer=("Yes" if yes else "No") + f" ({times}).", yes_no=yes, evidence=_evidence(ev))

    def _same(self, p: Parsed, camera_id: str, at: float) -> Answer:
        subject = self._subject(p)
        d = p.direction or "front"
        now_res = self.tools.entities_at_time(camera_id, at, window_s=1.5, at=at)
        candidates = [v for v in now_res.entities if v.label == subject.label]
        if not candidates:
            raise _NotKnown(f"I do not see {subject.describe()} now.")
        target = min(
            candidates,
            key=lambda v: angular_distance(v.relative_deg if v.relative_deg is not None else 0.0, SECTOR_CENTRES[d]),
        )
        if not p.times:
            ref_ids = [e.entity_id for e, _ in self._entities(camera_id, subject, at) if e.entity_id != target.entity_id]
            same = not ref_ids
        else:
            ref_t = p.times[0]
            ref_res = self.tools.entities_at_time(camera_id, ref_t, window_s=1.5, at=at)
            refs = [v for v in ref_res.entities if v.label == subject.label]
            if not refs:
                raise _NotKnown(f"I did not see {subject.describe()} at {fmt_time(ref_t)}.")
            ref = min(refs, key=lambda v: abs(v.relative_deg) if v.relative_deg is not None else 0.0)
            same = ref.entity_id == target.entity_id
        return Answer(
            answer=("Yes, the same one." if same else "No, a different one."), yes_no=same,
            entities=[target.entity_id],
        )  # fmt: skip


class _NotKnown(Exception):
    """The memory cannot answer; the message says why (returned as the answer text)."""


# --- helpers --------------------------------------------------------------------------------


def _attr_matches(obs: Sequence[ObservationRecord], key: str, value: Any) -> bool:
    votes = [o.attributes.get(key) for o in obs if key in o.attributes]
    if not votes:
        return False
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


__all__ = ["INTENTS", "IntentClassifier", "QuestionParser", "parse_times", "state_seconds", "direction_in"]
