"""The typed answer of the public contract and the one interface every answering backend implements.

Backends: the offline question parser (`spotter.answer.parser`, the default) and the
function-calling agent over the nine graph tools (`spotter.answer.agent`, when a language
model endpoint is configured). Both answer from memory observed up to `at` only.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from spotter.errors import SpotterError
from spotter.world.geometry import Sector

AnswerBackend = Literal["parser", "agent", "agent-fallback"]


class Evidence(BaseModel):
    """A clip the answer rests on (and the entity seen in it, when there is one)."""

    model_config = ConfigDict(extra="forbid")

    clip_id: str
    t_start: float
    t_end: float
    entity_id: str | None = None


class Answer(BaseModel):
    """Text for people plus the typed fields the question calls for (None where it does not)."""

    model_config = ConfigDict(extra="forbid")

    answer: str = Field(description="The answer in words")
    time: float | None = Field(default=None, description="Media seconds (when-questions)")
    duration_s: float | None = Field(default=None, ge=0.0, description="Seconds (how-long questions)")
    direction: Sector | None = Field(default=None, description="Sector relative to the wearer (where-questions)")
    yes_no: bool | None = Field(default=None, description="Yes/no questions")
    entity_types: list[str] | None = Field(default=None, description="Labels (what-questions)")
    count: int | None = Field(default=None, ge=0, description="How many distinct individuals (how-many questions)")
    entities: list[str] | None = Field(default=None, description="Entity ids the answer names")
    evidence: list[Evidence] = Field(default_factory=list, description="Clips the answer rests on")
    narrative: str | None = Field(
        default=None,
        description="The answer reconstructed with what the memory pathways retrieved for the question "
        "(temporal summaries, knowledge graph, visual archive; up to `at` only); None when not reconstructed",
    )
    intent: str | None = Field(default=None, description="What the backend took the question for")
    query: dict[str, Any] | None = Field(
        default=None, description="The typed query the question was understood as (docs/QUESTIONS.md); None: not understood"
    )
    backend: AnswerBackend = "parser"


class Answerer(Protocol):
    """Answers one question about one camera from memory observed up to `at` (None: everything)."""

    def answer(self, question: str, camera_id: str, at: float | None = None) -> Answer: ...


class AnswerError(SpotterError):
    """No answer could be given (e.g. the agent failed and no fallback answerer is configured)."""
