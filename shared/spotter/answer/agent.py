"""The function-calling agent: a language model answers over the nine graph tools (the public contract).

The model gets the question, the wearer's camera and the media time `at`, the nine tools of
`spotter.tools` and one more function, `answer`, whose parameters are the typed fields of
`Answer`. It may call tools for at most `max_rounds` model requests; the round that calls
`answer` ends the loop. In the last round only `answer` is offered.

Guarantees, whatever the model sends:
- every tool runs on the asked camera and as of the asked time: `camera_id` and `at` are
  forced (they are not even offered in the schemas), `get_direction_at_time`'s `t` and
  `get_changes`'s window are clamped to `at`;
- a tool error (bad arguments, malformed JSON, unknown tool or entity) goes back to the
  model as the tool message, so it can correct itself;
- the final answer is validated with the pydantic model (and `time` may not lie past `at`).

Anything else (a transport failure after the bounded retries, a non-retryable HTTP status, a
final answer that is not JSON or does not validate, no final answer within `max_rounds`)
hands the question to the `fallback` answerer (the offline parser) and marks the answer
`backend="agent-fallback"`; with no fallback, `AnswerError` says why.

Retries follow `spotter.caption.vlm`: the `openai` client is built with `max_retries=0` and
a request is retried only on transport errors (incl. timeouts), 408, 429 and 5xx, at most
`max_retries` times with exponential backoff (a short `Retry-After` wins).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any

import openai
from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, create_model, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from spotter.answer.base import Answer, Answerer, AnswerError, Evidence
from spotter.errors import ConfigError, SpotterError
from spotter.graph.base import ClipRecord
from spotter.openai_retry import ChatModel
from spotter.tools import TOOL_ARGS, TOOL_SCHEMAS, GraphTools
from spotter.world.geometry import SECTOR_CENTRES

log = logging.getLogger(__name__)

ANSWER_TOOL = "answer"
FORCED_ARGS = ("camera_id", "at")  # set by the agent, never by the model
MAX_TOOL_RESULT_CHARS = 12_000  # a tool message longer than this is cut (the model is told)
MAX_EVIDENCE = 20
AGENT_FALLBACK = "agent-fallback"


class AgentSettings(BaseSettings):
    """Where the language model of the answering agent lives (no base URL: the agent is off)."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_AGENT_", extra="forbid")

    base_url: str | None = Field(
        default=None, title="Base URL", description="OpenAI-compatible API root (…/v1); unset: agent disabled"
    )
    api_key: SecretStr = Field(
        default=SecretStr("none"), title="API key", description="Bearer key; local servers accept any value"
    )
    model: str = Field(default="qwen2.5-7b-instruct", title="Model", description="Model name to request")
    timeout_s: float = Field(default=30.0, gt=0.0, title="Timeout (s)", description="Per-request timeout")
    max_retries: int = Field(
        default=2, ge=0, le=10, title="Max retries", description="Retries on transport errors, 408, 429 and 5xx only"
    )
    retry_backoff_s: float = Field(
        default=0.5, ge=0.0, title="Retry backoff (s)", description="First retry delay; doubles each retry"
    )
    max_rounds: int = Field(
        default=5, ge=1, le=5, title="Max rounds", description="Model requests per question (tool rounds + answer)"
    )
    temperature: float = Field(default=0.0, ge=0.0, le=2.0, title="Temperature", description="Sampling temperature")
    max_tokens: int = Field(
        default=512, ge=16, le=4096, title="Max tokens", description="Reply token limit of each request (a rambling "
        "model otherwise runs to its context's end, seconds to minutes)",
    )

    @field_validator("base_url", mode="before")
    @classmethod
    def _blank_is_none(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value

    @property
    def enabled(self) -> bool:
        return self.base_url is not None


# --- the schemas offered to the model ----------------------------------------------------

_FINAL_FIELDS = ("answer", "time", "duration_s", "direction", "yes_no", "entity_types", "entities")

# The typed fields of Answer, nothing else (no evidence, intent or backend from the model).
FinalAnswer: type[BaseModel] = create_model(  # type: ignore[call-overload]
    "FinalAnswer",
    __config__=ConfigDict(extra="forbid"),
    **{name: (Answer.model_fields[name].annotation, Answer.model_fields[name]) for name in _FINAL_FIELDS},
)


def _strip_titles(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _strip_titles(v) for k, v in node.items() if k != "title"}
    if isinstance(node, list):
        return [_strip_titles(v) for v in node]
    return node


def _without_forced(schema: dict[str, Any]) -> dict[str, Any]:
    fn = dict(schema["function"])
    params = dict(fn["parameters"])
    params["properties"] = {k: v for k, v in params.get("properties", {}).items() if k not in FORCED_ARGS}
    required = [r for r in params.get("required", []) if r not in FORCED_ARGS]
    if required:
        params["required"] = required
    else:
        params.pop("required", None)
    fn["parameters"] = params
    return {"type": "function", "function": fn}


ANSWER_SCHEMA: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": ANSWER_TOOL,
        "description": (
            "Give the final answer: the text, plus only the typed fields the question asks for "
            "(leave the others null). Call it once, last."
        ),
        "parameters": {**_strip_titles(FinalAnswer.model_json_schema()), "additionalProperties": False},
    },
}

AGENT_TOOL_SCHEMAS: list[dict[str, Any]] = [_without_forced(s) for s in TOOL_SCHEMAS] + [ANSWER_SCHEMA]

_SECTORS = ", ".join(f"{name} ({centre:g})" for name, centre in SECTOR_CENTRES.items())


def system_prompt(camera_id: str, at: float | None, max_rounds: int) -> str:
    when = (
        f"media time {at:g} s: only what was observed up to then exists for you"
        if at is not None
        else "the end of everything recorded so far"
    )
    return (
        "You answer questions from the worker who wears a hard-hat camera, about what that camera has seen. "
        f"The wearer's camera is {camera_id!r}; the question is asked at {when}. "
        "You look things up with the tools, which read this camera's memory graph; they always run for this "
        "camera and this time, so do not pass camera_id or at. "
        "Conventions: times are media seconds; directions are relative to where the wearer looks at the "
        f"question time, in eight 45-degree sectors: {_SECTORS} (degrees, clockwise, i.e. to the right, is "
        "positive). Answer only from tool results; if they do not tell, say that memory does not show it and "
        "leave the typed fields null. Never guess ids, times or directions. "
        f"You have at most {max_rounds} turns; finish by calling `{ANSWER_TOOL}` once with the answer text "
        "and only the typed fields the question calls for: time (when), duration_s (how long), direction "
        "(where), yes_no (yes/no questions), entity_types (what: labels), entities (the entity ids you name)."
    )


# --- the agent ---------------------------------------------------------------------------


class _GiveUp(SpotterError):
    """The agent cannot produce a valid answer; the reason goes to the log or AnswerError."""


class AgentAnswerer:
    """Answers with a language model calling the graph tools; falls back to `fallback` on failure."""

    backend = "agent"

    def __init__(
        self,
        tools: GraphTools,
        settings: AgentSettings,
        fallback: Answerer | None = None,
        *,
        client: openai.OpenAI | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if settings.base_url is None and client is None:
            raise ConfigError("the answering agent needs SPOTTER_AGENT_BASE_URL (an OpenAI-compatible endpoint)")
        self.tools = tools
        self.settings = settings
        self.fallback = fallback
        self.model = ChatModel(
            base_url=settings.base_url, api_key=settings.api_key.get_secret_value(), model=settings.model,
            timeout_s=settings.timeout_s, max_retries=settings.max_retries, retry_backoff_s=settings.retry_backoff_s,
            what="model request", error=_GiveUp, client=client, sleep=sleep,
        )  # fmt: skip
        self._requests_before = 0

    @property
    def requests(self) -> int:
        """Model requests (incl. retries) sent by the last answer() call."""
        return self.model.requests - self._requests_before

    def close(self) -> None:
        self.model.close()

    # --- Answerer ---

    def answer(self, question: str, camera_id: str, at: float | None = None) -> Answer:
        self._requests_before = self.model.requests
        try:
            return self._run(question, camera_id, at)
        except _GiveUp as exc:
            reason = str(exc)
        if self.fallback is None:
            raise AnswerError(f"the answering agent gave no valid answer and there is no fallback: {reason}")
        log.warning("answering agent failed (%s); using the fallback answerer", reason)
        return self.fallback.answer(question, camera_id, at).model_copy(update={"backend": AGENT_FALLBACK})

    # --- the loop ---

    def _run(self, question: str, camera_id: str, at: float | None) -> Answer:
        rounds = self.settings.max_rounds
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": system_prompt(camera_id, at, rounds)},
            {"role": "user", "content": question},
        ]
        seen: dict[tuple[str, str | None], Evidence] = {}
        called: list[str] = []
        for round_no in range(1, rounds + 1):
            last = round_no == rounds
            message = self._request(messages, [ANSWER_SCHEMA] if last else AGENT_TOOL_SCHEMAS)
            calls = [c for c in (message.tool_calls or []) if getattr(c, "function", None) is not None]
            if not calls:
                messages.append({"role": "assistant", "content": message.content or ""})
                messages.append({"role": "user", "content": f"Reply by calling the `{ANSWER_TOOL}` function."})
                continue
            final = next((c for c in calls if c.function.name == ANSWER_TOOL), None)
            if final is not None:
                return self._final(final.function.arguments, at, seen, called)
            messages.append({
                "role": "assistant",
                "content": message.content,
                "tool_calls": [
                    {"id": c.id, "type": "function",
                     "function": {"name": c.function.name, "arguments": c.function.arguments}}
                    for c in calls
                ],
            })
            for c in calls:
                called.append(c.function.name)
                content = self._call_tool(c.function.name, c.function.arguments, camera_id, at, seen)
                messages.append({"role": "tool", "tool_call_id": c.id, "content": content})
        raise _GiveUp(f"no final answer within {rounds} rounds")

    def _request(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> Any:
        """The assistant message of one completion, retried as the module docstring says."""
        completion = self.model.complete(
            messages, tools=tools, tool_choice="auto", temperature=self.settings.temperature,
            max_tokens=self.settings.max_tokens,
        )
        if not completion.choices:
            raise _GiveUp("model reply has no choices")
        return completion.choices[0].message

    def _call_tool(
        self,
        name: str,
        arguments: str,
        camera_id: str,
        at: float | None,
        seen: dict[tuple[str, str | None], Evidence],
    ) -> str:
        """The tool's JSON result, or `{"error": ...}`; never raises for what the model sent."""
        try:
            raw = forced_arguments(name, arguments, camera_id, at)
            result = self.tools.dispatch(name, raw, camera_id=camera_id, at=at)
        except SpotterError as exc:
            return json.dumps({"error": str(exc)})
        self._collect(result, camera_id, at, seen)
        text = json.dumps(result, separators=(",", ":"))
        if len(text) > MAX_TOOL_RESULT_CHARS:
            text = text[:MAX_TOOL_RESULT_CHARS] + f" ... [cut: {len(text)} characters in all; narrow the query]"
        return text

    def _collect(
        self, result: dict[str, Any], camera_id: str, at: float | None, seen: dict[tuple[str, str | None], Evidence]
    ) -> None:
        """Clip ids in a timeline (items) or changes result become evidence, with the clip's span."""
        found: list[tuple[str, str | None, float, float | None]] = []
        for item in result.get("items") or []:
            if item.get("clip_id"):
                found.append((item["clip_id"], result.get("entity_id"), item["t"], item.get("t_end")))
        for change in result.get("changes") or []:
            if change.get("clip_id"):
                found.append((change["clip_id"], change.get("entity_id"), change["t"], None))
        if not found:
            return
        clips: dict[str, ClipRecord] = {c.clip_id: c for c in self.tools.store.clips(camera_id, t_max=at)}
        for clip_id, entity_id, t, t_end in found:
            clip = clips.get(clip_id)
            start, end = (clip.t_start, clip.t_end) if clip is not None else (t, t_end if t_end is not None else t)
            if at is not None:
                end = min(end, at)
            seen.setdefault((clip_id, entity_id), Evidence(
                clip_id=clip_id, t_start=start, t_end=max(start, end), entity_id=entity_id
            ))

    def _final(
        self,
        arguments: str,
        at: float | None,
        seen: dict[tuple[str, str | None], Evidence],
        called: list[str],
    ) -> Answer:
        try:
            data = json.loads(arguments)
        except json.JSONDecodeError as exc:
            raise _GiveUp(f"final answer is not JSON: {exc}; starts {arguments[:80]!r}") from exc
        try:
            final = FinalAnswer.model_validate(data)
        except ValidationError as exc:
            raise _GiveUp(f"final answer breaks the schema: {exc}".replace("\n", " ")[:500]) from exc
        fields = final.model_dump()
        if at is not None and fields["time"] is not None and fields["time"] > at + 1e-6:
            raise _GiveUp(f"final answer time {fields['time']} lies after the question time {at}")
        return Answer(
            **fields,
            evidence=_evidence(seen, fields["entities"]),
            intent="agent: " + (", ".join(dict.fromkeys(called)) or "no tools"),
            backend="agent",
        )


def forced_arguments(name: str, arguments: str, camera_id: str, at: float | None) -> dict[str, Any] | str:
    """The model's arguments with camera and time forced; raw text when it is not a JSON object
    (dispatch then reports why)."""
    try:
        raw = json.loads(arguments) if arguments.strip() else {}
    except json.JSONDecodeError:
        return arguments
    if not isinstance(raw, dict):
        return arguments
    model = TOOL_ARGS.get(name)
    raw["camera_id"] = camera_id
    if model is not None and "at" in model.model_fields:
        if at is None:
            raw.pop("at", None)
        else:
            raw["at"] = at
    if at is not None:
        # The two tools without `at` look at explicit times: keep them at or before `at`.
        if name == "get_direction_at_time" and _number(raw.get("t")) and raw["t"] > at:
            raw["t"] = at
        if name == "get_changes" and _number(raw.get("t_to")) and raw["t_to"] > at:
            raw["t_to"] = at
            if _number(raw.get("t_from")) and raw["t_from"] > at:
                raw["t_from"] = at
    return raw


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _evidence(seen: dict[tuple[str, str | None], Evidence], entities: list[str] | None) -> list[Evidence]:
    items = list(seen.values())
    if entities:
        named = [e for e in items if e.entity_id in entities]
        items = named or items
    items.sort(key=lambda e: (e.t_start, e.clip_id, e.entity_id or ""))
    return items[-MAX_EVIDENCE:]


__all__ = [
    "AGENT_FALLBACK",
    "AGENT_TOOL_SCHEMAS",
    "ANSWER_SCHEMA",
    "AgentAnswerer",
    "AgentSettings",
    "AnswerError",
    "FinalAnswer",
    "forced_arguments",
    "system_prompt",
]
