"""The typed query a question means (docs/QUESTIONS.md): kind, intent and slots.

Understanding (`spotter.answer.understand`) turns text into a `Query`; answering
(`spotter.answer.parser`) turns a `Query` into an `Answer` with the graph tools. Keeping the two
apart lets each be measured on its own: intent and slots on a paraphrase corpus written by people
who never saw the parser, answers on scenarios with ground truth.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from spotter.world.geometry import Sector

Kind = Literal[
    "directional", "object_permanence", "temporal_retrieval", "temporal_reasoning", "productivity", "identity",
    "unknown",
]  # fmt: skip
Intent = Literal[
    "direction_of", "things_in_direction", "where", "still_there", "event_time", "time_since", "state_duration",
    "order", "returned", "is_working", "spell_duration", "same_individual", "count_distinct", "unknown",
]  # fmt: skip
EventName = Literal[
    "first_seen", "last_seen", "dropped", "picked_up", "moved", "started_working", "stopped_working",
    "resumed_working", "went_idle", "work_unit", "ppe_removed", "entered_zone", "left_zone", "left",
]  # fmt: skip
StateName = Literal["idle", "working", "on_ground", "in_zone", "without_ppe"]
Spell = Literal["current", "last", "total", "nth"]

KIND_OF: dict[str, Kind] = {
    "direction_of": "directional",
    "things_in_direction": "directional",
    "where": "object_permanence",
    "still_there": "object_permanence",
    "event_time": "temporal_retrieval",
    "time_since": "temporal_reasoning",
    "state_duration": "temporal_reasoning",
    "order": "temporal_reasoning",
    "returned": "temporal_reasoning",
    "is_working": "productivity",
    "spell_duration": "productivity",
    "same_individual": "identity",
    "count_distinct": "identity",
    "unknown": "unknown",
}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TimeRef(_Model):
    """A time named in a question: absolute media seconds (`t`) or seconds before `at` (`ago_s`)."""

    t: float | None = None
    ago_s: float | None = None

    def resolve(self, at: float) -> float:
        return self.t if self.t is not None else max(0.0, at - (self.ago_s or 0.0))


class SubjectRef(_Model):
    """The thing a question names: a label and the attribute values it must have. `role`: the trade a
    person was named by ("the banksman"), which later questions may use alone once it was described."""

    label: str
    attributes: dict[str, bool | str] = Field(default_factory=dict)
    role: str | None = None

    @field_validator("attributes", mode="before")
    @classmethod
    def _none_is_empty(cls, value: Any) -> Any:
        return {} if value is None else value

    def describe(self) -> str:
        words = []
        attrs = self.attributes
        if "colour" in attrs:
            words.append(str(attrs["colour"]))
        words.append(self.label.replace("_", " "))
        if attrs.get("hardhat") is False:
            words.append("without a hard hat")
        elif attrs.get("hardhat") is True:
            words.append("with a hard hat")
        if "vest" in attrs:
            words.append("without a vest" if attrs["vest"] == "none" else f"in the {attrs['vest']} vest")
        if "hat_colour" in attrs:
            words.append(f"in the {attrs['hat_colour']} hard hat")
        return "the " + " ".join(words)


class EventRef(_Model):
    """The second event of an order question."""

    subject: SubjectRef | None = None
    event: EventName | None = None
    unit: str | None = None
    ordinal: int | None = None


class Query(_Model):
    """What a question asks, typed (docs/QUESTIONS.md). `confidence` in [0, 1]: how sure understanding is."""

    kind: Kind
    intent: Intent
    subject: SubjectRef | None = None
    event: EventName | None = None
    unit: str | None = None
    ordinal: int | None = None
    other: EventRef | None = None
    relation: Literal["before", "after"] | None = None
    direction: Sector | None = None
    time: TimeRef | None = None
    window: tuple[TimeRef | None, TimeRef | None] | None = None
    state: StateName | None = None
    spell: Spell | None = None
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)

    def public(self) -> dict[str, Any]:
        """The query as docs/QUESTIONS.md writes it (no confidence; a subject's `role` only when named)."""
        out = self.model_dump(mode="json", exclude={"confidence"})
        for holder in (out, out.get("other") or {}):
            if isinstance(holder.get("subject"), dict) and holder["subject"].get("role") is None:
                holder["subject"].pop("role", None)
        return out


UNKNOWN = Query(kind="unknown", intent="unknown", confidence=0.0)

__all__ = [
    "KIND_OF", "UNKNOWN", "EventName", "EventRef", "Intent", "Kind", "Query", "Spell", "StateName", "SubjectRef",
    "TimeRef",
]  # fmt: skip
