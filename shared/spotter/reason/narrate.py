"""Reconstruction (EgoMemo): the retrieved evidence into one query-focused narrative.

Two callers, one narrator:
- proactive: `Reasoner.decide` calls `narrate(trigger, facts, retrieved)` for each rule that fired;
  the narrative becomes the alert's message;
- reactive: `spotter.answer.memory.MemoryAnswerer` calls `reconstruct(question, answer_text,
  retrieved)` after answering a question; the narrative becomes the answer's `narrative`.

`make_narrator(settings)` picks the backend:
- `LlmNarrator` when `SPOTTER_NARRATE_BASE_URL` names an OpenAI-compatible chat endpoint: the
  model gets the trigger's message (or the question and the typed answer's text), the clip facts
  in brief and the retrieved items (pathway, media time, text) and writes one short narrative.
  Requests follow `spotter.openai_retry` (transport errors, 408, 429 and 5xx retried at most
  `max_retries` times); the reply is validated (text, whitespace collapsed, non-empty, at most
  `max_chars`). Any failure falls back to the template narrative, with a warning: an alert or
  an answer is never lost to the model. An alert with fewer than `min_items` retrieved items
  (instant categories retrieve nothing) keeps the template narrative without asking the model,
  so safety alerts never wait for it.
- `TemplateNarrative` otherwise (offline): the rule's message (or the answer's text) followed by
  at most two short "Earlier (at N s): ..." clauses over the retrieved items.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import openai
from pydantic import Field
from pydantic_settings import SettingsConfigDict

from spotter.errors import SpotterError
from spotter.openai_retry import ChatEndpointSettings, ChatModel, reply_text
from spotter.reason.reasoner import Narrator, RetrievedItem, TemplateNarrator, brief
from spotter.reason.rules import ClipFacts, Trigger

log = logging.getLogger(__name__)

MAX_ITEM_CHARS = 300
"""A retrieved item's text is cut to this many characters in the prompt."""
TEMPLATE_ITEMS = 2
"""Retrieved items the offline template names (after the message or answer)."""

ALERT_PROMPT = (
    "You write the alerts of a memory system for cameras worn on construction workers' hard hats. "
    "You get one alert a rule raised, the facts of the current clip and what was retrieved from the "
    "camera's memory (earlier summaries, knowledge-graph history, similar views), all up to the alert's "
    "time. Write one short message (two or three sentences) for the site supervisor: state the alert "
    "first, keeping its times, directions and names, then add only the retrieved context that explains "
    "or bears on it. Use only the facts given; never invent times, people or things. "
    "Reply with the message text only."
)
QUESTION_PROMPT = (
    "You answer questions about what a camera worn on a construction worker's hard hat has seen. You "
    "get the question, the answer already found in the camera's memory graph and what was retrieved "
    "from the camera's memory (earlier summaries, knowledge-graph history, similar views), all from "
    "before the question time. Write one short answer (two or three sentences) focused on the question: "
    "keep the given answer's facts (times, directions, yes/no, names) unchanged and add only retrieved "
    "context that bears on the question. Use only the facts given. Reply with the answer text only."
)


class NarrateSettings(ChatEndpointSettings):
    """Where the reconstruction model lives (no base URL: the offline template narrates)."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_NARRATE_", extra="ignore")

    base_url: str | None = Field(
        default=None,
        title="Base URL",
        description="OpenAI-compatible API root (…/v1); unset: template narrative",
    )
    max_chars: int = Field(
        default=800,
        ge=40,
        le=2000,
        title="Max characters",
        description="A longer reply is cut at a word boundary",
    )
    max_items: int = Field(
        default=8,
        ge=1,
        le=50,
        title="Max items",
        description="Retrieved items put in the prompt (in pathway order)",
    )
    min_items: int = Field(
        default=1,
        ge=0,
        title="Min items",
        description="An alert with fewer retrieved items keeps the template message (no model request)",
    )


class MemoryNarrator(Narrator, Protocol):
    """A narrator for both paths: alerts (`narrate`) and answers to questions (`reconstruct`)."""

    def reconstruct(self, query: str, base_text: str, retrieved: Sequence[RetrievedItem]) -> str: ...


class NarrateError(SpotterError):
    """The model gave no usable narrative (the template is used instead)."""


def _when(item: RetrievedItem) -> str:
    return f" (at {item.t:.0f} s)" if item.t is not None else ""


def template_reconstruction(
    base_text: str, retrieved: Sequence[RetrievedItem], max_items: int = TEMPLATE_ITEMS, max_chars: int = 2000
) -> str:
    """`base_text`, then one short 'Earlier (at N s): ...' clause per retrieved item (at most `max_items`,
    repeated texts once); `base_text` stays first and intact."""
    parts = [base_text.strip()]
    seen: set[str] = set()
    for item in retrieved:
        text = " ".join(item.text.split())
        if not text or text in seen:
            continue
        seen.add(text)
        parts.append(f"Earlier{_when(item)}: {brief(text, MAX_ITEM_CHARS)}")
        if len(seen) >= max_items:
            break
    return " ".join(p for p in parts if p)[:max_chars]


class TemplateNarrative(TemplateNarrator):
    """The offline narrator of both paths (alerts: `TemplateNarrator`'s narrative)."""

    def reconstruct(self, query: str, base_text: str, retrieved: Sequence[RetrievedItem]) -> str:
        return template_reconstruction(base_text, retrieved, self.max_items)


def clip_brief(facts: ClipFacts) -> str:
    """The clip in a few lines: span, heading, what was seen (label x count) and its world events."""
    lines = [
        f"Current clip {facts.clip_id}: {facts.t_start:.0f}-{facts.t_end:.0f} s of camera {facts.camera_id}"
    ]
    if facts.heading_deg is not None:
        lines[0] += f", wearer heading {facts.heading_deg:.0f} deg"
    counts: dict[str, int] = {}
    for o in facts.observations:
        counts[o.label] = counts.get(o.label, 0) + 1
    if counts:
        lines.append(
            "Seen: " + ", ".join(f"{label.replace('_', ' ')} x{n}" for label, n in sorted(counts.items()))
        )
    if facts.events:
        shown = [f"{e.kind} {e.label.replace('_', ' ')} at {e.t:.0f} s" for e in facts.events[:10]]
        more = f" (+{len(facts.events) - 10} more)" if len(facts.events) > 10 else ""
        lines.append("Events: " + "; ".join(shown) + more)
    return "\n".join(lines)


def items_brief(retrieved: Sequence[RetrievedItem], max_items: int) -> str:
    if not retrieved:
        return "Retrieved memory: nothing."
    lines = ["Retrieved memory (all of it from before now):"]
    for item in list(retrieved)[:max_items]:
        text = " ".join(item.text.split())[:MAX_ITEM_CHARS]
        when = f"{item.t:.0f} s" if item.t is not None else "time unknown"
        clips = f", clips {', '.join(item.clip_ids[:3])}" if item.clip_ids else ""
        lines.append(f"- [{item.pathway}, {when}{clips}] {text}")
    return "\n".join(lines)


class LlmNarrator:
    """Narratives from an OpenAI-compatible chat model; the template narrative when it fails."""

    name = "llm"

    def __init__(
        self,
        settings: NarrateSettings,
        *,
        client: openai.OpenAI | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if settings.base_url is None and client is None:
            raise NarrateError(
                "the LLM narrator needs SPOTTER_NARRATE_BASE_URL (an OpenAI-compatible endpoint)"
            )
        self.settings = settings
        self.template = TemplateNarrative()
        self.model = ChatModel.of(settings, what="narrative request", error=NarrateError, client=client, sleep=sleep)
        self.fallbacks = 0  # narratives that fell back to the template so far

    @property
    def requests(self) -> int:
        """Model requests sent so far (retries included)."""
        return self.model.requests

    def close(self) -> None:
        self.model.close()

    # --- Narrator (alerts) ---

    def alert_messages(
        self, trigger: Trigger, facts: ClipFacts, retrieved: Sequence[RetrievedItem]
    ) -> list[dict[str, Any]]:
        user = "\n".join([
            f"Alert ({trigger.category.replace('_', ' ')}, at {trigger.t:.0f} s): {trigger.message}",
            clip_brief(facts),
            items_brief(retrieved, self.settings.max_items),
        ])  # fmt: skip
        return [{"role": "system", "content": ALERT_PROMPT}, {"role": "user", "content": user}]

    def narrate(self, trigger: Trigger, facts: ClipFacts, retrieved: Sequence[RetrievedItem]) -> str:
        fallback = self.template.narrate(trigger, facts, retrieved)
        if len(retrieved) < self.settings.min_items:
            return fallback
        try:
            return self.complete(self.alert_messages(trigger, facts, retrieved))
        except Exception as exc:  # noqa: BLE001 - whatever the model or transport did, the alert goes out
            self.fallbacks += 1
            log.warning(
                "%s alert of clip %s: %s; template message instead",
                trigger.category,
                facts.clip_id,
                _why(exc),
            )
            return fallback

    # --- reactive (questions) ---

    def question_messages(
        self, query: str, base_text: str, retrieved: Sequence[RetrievedItem]
    ) -> list[dict[str, Any]]:
        user = "\n".join([
            f"Question: {query.strip()}",
            f"Answer from the memory graph: {base_text.strip()}",
            items_brief(retrieved, self.settings.max_items),
        ])  # fmt: skip
        return [{"role": "system", "content": QUESTION_PROMPT}, {"role": "user", "content": user}]

    def reconstruct(self, query: str, base_text: str, retrieved: Sequence[RetrievedItem]) -> str:
        fallback = self.template.reconstruct(query, base_text, retrieved)
        try:
            return self.complete(self.question_messages(query, base_text, retrieved))
        except Exception as exc:  # noqa: BLE001 - whatever the model or transport did, the answer stands
            self.fallbacks += 1
            log.warning("narrative for question %r: %s; template narrative instead", query[:80], _why(exc))
            return fallback

    # --- the request ---

    def complete(self, messages: list[dict[str, Any]]) -> str:
        """The model's validated narrative; NarrateError when there is none."""
        s = self.settings
        completion = self.model.complete(messages, temperature=s.temperature, max_tokens=s.max_tokens)
        return validate_reply(completion, s.max_chars)


def _why(exc: Exception) -> str:
    """NarrateError's reason, else the exception's class (never the request's or reply's content)."""
    return str(exc) if isinstance(exc, NarrateError) else f"unexpected {type(exc).__name__}"


def validate_reply(completion: Any, max_chars: int) -> str:
    """The reply's text, whitespace collapsed, cut at a word boundary to `max_chars`; NarrateError when empty."""
    text = " ".join(reply_text(completion, NarrateError).split()).strip().strip('"').strip()
    if not text:
        raise NarrateError("model reply is empty")
    return brief(text, max_chars)


def make_narrator(settings: NarrateSettings | None = None) -> MemoryNarrator:
    """`LlmNarrator` when `SPOTTER_NARRATE_BASE_URL` is set, else the offline `TemplateNarrative`."""
    s = settings if settings is not None else NarrateSettings()
    if s.base_url is None:
        return TemplateNarrative()
    return LlmNarrator(s)


def reconstruct(
    query: str, base_text: str, retrieved: Sequence[RetrievedItem], narrator: Narrator | None = None
) -> str:
    """The reactive reconstruction with `narrator` (its `reconstruct`, when it has one), else the template."""
    method = getattr(narrator, "reconstruct", None)
    if callable(method):
        return str(method(query, base_text, retrieved))
    return template_reconstruction(base_text, retrieved)


__all__ = [
    "LlmNarrator",
    "MemoryNarrator",
    "NarrateError",
    "NarrateSettings",
    "TemplateNarrative",
    "clip_brief",
    "items_brief",
    "make_narrator",
    "reconstruct",
    "template_reconstruction",
    "validate_reply",
]
