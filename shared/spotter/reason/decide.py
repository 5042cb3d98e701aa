"""The decision by a language model (EgoMemo's decide step), over the rule engine's evidence.

Offline (no `SPOTTER_DECIDE_BASE_URL`) the rule engine decides (`make_decider()` returns None).
With a model configured, `LlmDecider.decide` makes the clip's decision instead:

1. One chat completion (JSON-object reply) carrying the current clip (`narrate.clip_brief`), the
   camera's last `max_context_clips` clips in brief (short-term context) and the rule engine's
   triggers as candidates (category, message, entity ids). When a candidate is in a deep category
   (`DEEP_CATEGORIES`), the retrieved memory (`retrieve()`: the reasoner's parallel pathways,
   bounded by the clip's end) is in this first request already.
2. Otherwise, when the model answers ``need_memory: true``, memory is retrieved and a second
   request carries it; that answer is final. At most two model calls per clip.
3. The reply ``{"need_memory": bool, "alerts": [{"category", "message", "entity_ids"}]}`` is
   validated (pydantic). Each alert becomes a `Trigger` (t = the clip's end): the candidate it
   confirms (same category, entity ids among the candidate's; the candidate's key, times and
   labels, the model's message), else a new condition keyed ``llm:<category>:<sorted entity ids>``
   so cooldowns apply per condition. Entity ids the clip's facts and candidates do not name are
   dropped; an alert with a category outside the contract is dropped.
4. Any failure (HTTP after `spotter.openai_retry`'s retries, timeout, invalid JSON, schema, or a
   reply whose every alert was unusable) returns None: the reasoner keeps the rules' triggers
   for that clip, with a warning that names the reason only (never the prompt or the reply).

No alerts in a valid reply is the model's d = 0 (it vetoed the rules' candidates).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, get_args

import openai
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_settings import SettingsConfigDict

from spotter.errors import SpotterError
from spotter.messages import AlertCategory
from spotter.openai_retry import ChatEndpointSettings, ChatModel, reply_text
from spotter.reason.narrate import clip_brief, items_brief
from spotter.reason.reasoner import DEEP_CATEGORIES, RetrievedItem, brief
from spotter.reason.rules import CATEGORY_PRIORITY, ClipFacts, Trigger

log = logging.getLogger(__name__)

CATEGORIES: tuple[str, ...] = get_args(AlertCategory)
"""The contract's alert categories (what the model may name)."""

DECIDE_PROMPT = (
    "You decide, clip by clip, whether a camera worn on a construction worker's hard hat has seen "
    "something the site supervisor must be alerted about. Categories: "
    + ", ".join(CATEGORIES)
    + ". You get the current clip, the clips just before it, the candidate alerts a rule engine raised "
    "and, when retrieved, what the camera's memory holds from before now. Confirm a candidate when the "
    "facts support it, drop it when they do not, and add an alert only when the facts clearly warrant "
    "one. Use only the facts given; never invent times, people or things; name entities only by the ids "
    "given. Reply with one JSON object only: "
    '{"need_memory": true|false, "alerts": [{"category": "<category>", "message": "<one or two '
    'sentences>", "entity_ids": ["<id>", ...]}]}. Set need_memory to true (and alerts to your best '
    "guess) when deciding needs the camera's earlier memory and none was given; "
    '{"need_memory": false, "alerts": []} means nothing to alert.'
)


class DecideSettings(ChatEndpointSettings):
    """Where the deciding model lives (no base URL: the rule engine decides)."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_DECIDE_", extra="ignore")

    base_url: str | None = Field(
        default=None,
        title="Base URL",
        description="OpenAI-compatible API root (…/v1); unset: the rules decide",
    )
    timeout_s: float = Field(default=5.0, gt=0.0, title="Timeout (s)", description="Per-request timeout")
    max_context_clips: int = Field(
        default=6,
        ge=0,
        le=30,
        title="Context clips",
        description="The camera's previous clips given in brief",
    )
    max_items: int = Field(
        default=8, ge=1, le=50, title="Max items", description="Retrieved items put in the prompt"
    )
    max_message_chars: int = Field(
        default=400,
        ge=40,
        le=2000,
        title="Max message characters",
        description="A longer message is cut at a word",
    )
    skip_quiet: bool = Field(
        default=True,
        title="Skip quiet clips",
        description="A clip with nothing seen, no events and no candidates is d = 0 without a model request",
    )
    max_tokens: int = Field(default=512, ge=16, le=4096, title="Max tokens", description="Reply token limit")
    response_format: Literal["json_object", "json_schema"] = Field(
        default="json_object",
        title="Reply format",
        description="json_object: any JSON object, checked here; json_schema: the reply's schema sent with the "
        "request, for servers that constrain decoding to it (OpenAI, llama.cpp, vLLM)",
    )


class DecideError(SpotterError):
    """The model gave no usable decision (the rules' triggers are used instead)."""


class ModelAlert(BaseModel):
    model_config = ConfigDict(extra="ignore")
    category: str
    message: str = Field(min_length=1)
    entity_ids: list[str] = Field(default_factory=list)


class ModelDecision(BaseModel):
    """The model's reply."""

    model_config = ConfigDict(extra="ignore")
    need_memory: bool = False
    alerts: list[ModelAlert] = Field(default_factory=list)


def decision_schema(max_message_chars: int) -> dict[str, Any]:
    """The reply's JSON schema: what `ModelDecision` reads, bounded so a constrained reply ends."""
    alert = {
        "type": "object",
        "properties": {
            "category": {"type": "string", "enum": sorted(CATEGORIES)},
            "message": {"type": "string", "minLength": 1, "maxLength": max_message_chars},
            "entity_ids": {"type": "array", "maxItems": 8, "items": {"type": "string", "maxLength": 80}},
        },
        "required": ["category", "message", "entity_ids"],
    }
    return {
        "type": "object",
        "properties": {"need_memory": {"type": "boolean"}, "alerts": {"type": "array", "maxItems": 3, "items": alert}},
        "required": ["need_memory", "alerts"],
    }


def parse_reply(completion: Any) -> ModelDecision:
    """The reply's JSON object, validated; DecideError otherwise (the reason only, never the content)."""
    text = reply_text(completion, DecideError).strip()
    if not text:
        raise DecideError("model reply has no text")
    if text.startswith("```"):  # a fenced object despite the JSON mode
        text = text.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(text)
    except ValueError:
        raise DecideError("model reply is not JSON") from None
    try:
        return ModelDecision.model_validate(data)
    except ValidationError as exc:
        raise DecideError(f"model reply does not fit the schema ({exc.error_count()} errors)") from None


def candidate_brief(candidates: Sequence[Trigger]) -> str:
    if not candidates:
        return "Candidate alerts from the rules: none."
    lines = ["Candidate alerts from the rules:"]
    for tr in candidates:
        ids = ", ".join(tr.entity_ids) or "none"
        lines.append(f"- {tr.category} (entities: {ids}): {tr.message}")
    return "\n".join(lines)


def known_entities(facts: ClipFacts, candidates: Sequence[Trigger]) -> list[str]:
    ids = [o.entity_id for o in facts.observations] + [e.entity_id for e in facts.events]
    ids += [e for tr in candidates for e in tr.entity_ids]
    return list(dict.fromkeys(ids))


class LlmDecider:
    """Decisions from an OpenAI-compatible chat model; None (the rules decide) when it fails."""

    name = "llm"

    def __init__(
        self,
        settings: DecideSettings,
        *,
        client: openai.OpenAI | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if settings.base_url is None and client is None:
            raise DecideError("the LLM decider needs SPOTTER_DECIDE_BASE_URL (an OpenAI-compatible endpoint)")
        self.settings = settings
        self.model = ChatModel.of(
            settings, what="decision request", error=DecideError, client=client, sleep=sleep
        )
        self.fallbacks = 0  # clips whose decision fell back to the rules so far

    @property
    def requests(self) -> int:
        """Model requests sent so far (retries included)."""
        return self.model.requests

    def close(self) -> None:
        self.model.close()

    # --- the decision ---

    def messages(
        self,
        facts: ClipFacts,
        recent: Sequence[ClipFacts],
        candidates: Sequence[Trigger],
        retrieved: Sequence[RetrievedItem] | None,
    ) -> list[dict[str, Any]]:
        parts = [clip_brief(facts)]
        context = list(recent)[-self.settings.max_context_clips :] if self.settings.max_context_clips else []
        if context:
            parts.append("Clips just before (oldest first):")
            parts += ["  " + clip_brief(c).replace("\n", "\n  ") for c in context]
        known = known_entities(facts, candidates)
        parts.append("Entity ids: " + (", ".join(known) if known else "none"))
        parts.append(candidate_brief(candidates))
        if retrieved is not None:
            parts.append(items_brief(retrieved, self.settings.max_items))
        return [{"role": "system", "content": DECIDE_PROMPT}, {"role": "user", "content": "\n".join(parts)}]

    def decide(
        self,
        facts: ClipFacts,
        recent: Sequence[ClipFacts],
        candidates: Sequence[Trigger],
        retrieve: Callable[[], list[RetrievedItem]],
    ) -> list[Trigger] | None:
        """The model's triggers for the clip ([] = d = 0); None when it gave no usable decision."""
        if self.settings.skip_quiet and not (candidates or facts.observations or facts.events):
            return []
        try:
            retrieved: list[RetrievedItem] | None = None
            if any(tr.category in DEEP_CATEGORIES for tr in candidates):
                retrieved = retrieve()
            reply = self.complete(self.messages(facts, recent, candidates, retrieved))
            if reply.need_memory and retrieved is None:
                retrieved = retrieve()
                reply = self.complete(self.messages(facts, recent, candidates, retrieved))
            return self.triggers(reply, facts, candidates)
        except Exception as exc:  # noqa: BLE001 - whatever the model or transport did, the rules decide
            self.fallbacks += 1
            why = str(exc) if isinstance(exc, DecideError) else f"unexpected {type(exc).__name__}"
            log.warning("decision on clip %s: %s; the rules' triggers instead", facts.clip_id, why)
            return None

    def triggers(
        self, reply: ModelDecision, facts: ClipFacts, candidates: Sequence[Trigger]
    ) -> list[Trigger]:
        """The reply's alerts as triggers (see the module docstring); DecideError when none was usable."""
        known = set(known_entities(facts, candidates))
        labels = {o.entity_id: o.label for o in facts.observations}
        labels.update({e.entity_id: e.label for e in facts.events if e.entity_id not in labels})
        out: dict[tuple[str, str], Trigger] = {}
        for a in reply.alerts:
            category = a.category.strip().lower().replace(" ", "_")
            if category not in CATEGORIES:
                continue
            ids = tuple(sorted({e for e in a.entity_ids if e in known}))
            message = brief(a.message, self.settings.max_message_chars)
            if not message:
                continue
            match = next(
                (c for c in candidates if c.category == category and set(ids) <= set(c.entity_ids)), None
            )
            if match is not None:
                tr = Trigger(category, match.key, message, facts.t_end, match.entity_ids, match.times,
                             match.labels, match.events)  # fmt: skip
            else:
                names = tuple(sorted({labels[e] for e in ids if e in labels}))
                key = f"llm:{category}:{','.join(ids)}"
                tr = Trigger(category, key, message, facts.t_end, ids, (facts.t_end,), names)
            out.setdefault((tr.category, tr.key), tr)
        if reply.alerts and not out:
            raise DecideError(f"none of the model's {len(reply.alerts)} alerts was usable")
        return sorted(
            out.values(),
            key=lambda tr: CATEGORY_PRIORITY.index(tr.category) if tr.category in CATEGORY_PRIORITY else 99,
        )

    # --- the request ---

    def complete(self, messages: list[dict[str, Any]]) -> ModelDecision:
        s = self.settings
        completion = self.model.complete(
            messages, response_format=reply_format(s.response_format, s.max_message_chars), temperature=s.temperature,
            max_tokens=s.max_tokens,
        )  # fmt: skip
        return parse_reply(completion)


def reply_format(kind: str, max_message_chars: int = 400) -> dict[str, Any]:
    """The request's `response_format`: JSON mode, or the decision's own JSON schema."""
    if kind == "json_schema":
        return {
            "type": "json_schema",
            "json_schema": {"name": "decision", "schema": decision_schema(max_message_chars)},
        }
    return {"type": "json_object"}


def make_decider(settings: DecideSettings | None = None) -> LlmDecider | None:
    """`LlmDecider` when `SPOTTER_DECIDE_BASE_URL` is set, else None (the rule engine decides)."""
    s = settings if settings is not None else DecideSettings()
    return LlmDecider(s) if s.base_url is not None else None


__all__ = [
    "CATEGORIES",
    "DecideError",
    "DecideSettings",
    "LlmDecider",
    "ModelDecision",
    "make_decider",
    "parse_reply",
]
