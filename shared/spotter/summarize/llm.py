"""Roll-ups written by a language model behind an OpenAI-compatible chat endpoint.

The facts (counts, state changes, flags, highlights, children) are always the extractive
merge; the model writes the text only. Retries follow `spotter.caption.vlm`: the client runs
with `max_retries=0` and this module retries transport errors, 408, 429 and 5xx at most
`llm_max_retries` times with exponential backoff; any other status, an empty reply or a spent
retry budget falls back to the extractive text (backend "llm->extractive").
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

import openai

from spotter.errors import SpotterError
from spotter.openai_retry import MAX_BACKOFF_S, is_retryable
from spotter.summarize.entry import Level, SummaryEntry
from spotter.summarize.extractive import ExtractiveSummarizer, facts_text, header
from spotter.summarize.settings import SummarizerSettings

log = logging.getLogger(__name__)

FALLBACK_BACKEND = "llm->extractive"
MAX_TEXT = 2000
SYSTEM_PROMPT = (
    "You keep the memory of a camera worn on a construction worker's hard hat. Summarise the "
    "entries below, which cover one stretch of time, in two or three factual sentences: what was "
    "done, which people, tools and materials were involved, what changed, and any safety issue. "
    "Use only what the entries say. Reply with the summary text only."
)


class SummaryError(SpotterError):
    """The language model gave no usable summary."""


class LlmSummarizer:
    """Roll-up text from the model; the extractive roll-up when the model fails."""

    name = "llm"

    def __init__(
        self, settings: SummarizerSettings, *, client: openai.OpenAI | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:  # fmt: skip
        self.settings = settings
        self.extractive = ExtractiveSummarizer(settings.max_sentences)
        # No I/O here: the client connects on the first request.
        self._client = client or openai.OpenAI(
            base_url=settings.llm_base_url,
            api_key=settings.llm_api_key.get_secret_value(),
            timeout=settings.llm_timeout_s,
            max_retries=0,
        )
        self._sleep = sleep
        self.attempts = 0  # requests sent by the last rollup() call
        self.fallbacks = 0  # roll-ups that fell back to the extractive text so far

    def close(self) -> None:
        self._client.close()

    def messages(self, base: SummaryEntry, children: Sequence[SummaryEntry]) -> list[dict[str, Any]]:
        lines = [f"{base.level} window {base.t_start:.0f}-{base.t_end:.0f} s of camera {base.camera_id}."]
        for c in sorted(children, key=lambda c: (c.t_end, c.id)):
            lines.append(f"- [{c.t_start:.0f}-{c.t_end:.0f} s, {c.level}] {c.text}")
        facts = facts_text(base.counts, base.states, base.flags)
        if facts:
            lines.append(f"Facts: {facts}")
        return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": "\n".join(lines)}]

    def request(self, messages: list[dict[str, Any]]) -> str:
        s = self.settings
        self.attempts = 0
        for attempt in range(s.llm_max_retries + 1):
            self.attempts += 1
            try:
                completion = self._client.chat.completions.create(
                    model=s.llm_model, messages=messages,  # type: ignore[arg-type]
                    temperature=0.0,
                    max_tokens=s.llm_max_tokens, timeout=s.llm_timeout_s,
                )  # fmt: skip
            except openai.OpenAIError as exc:
                if not is_retryable(exc) or attempt >= s.llm_max_retries:
                    raise SummaryError(f"LLM request failed after {self.attempts} attempts: {exc}") from exc
                delay = min(MAX_BACKOFF_S, s.llm_retry_backoff_s * 2**attempt)
                log.info("LLM request attempt %d failed (%s); retrying in %.2f s", attempt + 1, exc, delay)
                self._sleep(delay)
                continue
            content = completion.choices[0].message.content if completion.choices else None
            text = " ".join(str(content or "").split())
            if not text:
                raise SummaryError("LLM reply has no text")
            return text[:MAX_TEXT]
        raise AssertionError("unreachable")  # pragma: no cover

    def rollup(
        self, camera_id: str, level: Level, window: tuple[float, float], children: Sequence[SummaryEntry]
    ) -> SummaryEntry:
        base = self.extractive.rollup(camera_id, level, window, children)
        try:
            text = self.request(self.messages(base, children))
        except SummaryError as exc:
            self.fallbacks += 1
            log.warning("%s: %s; extractive summary instead", base.id, exc)
            return base.model_copy(update={"backend": FALLBACK_BACKEND})
        head = header(level, window, base.t_start, base.t_end, base.n_clips)
        return base.model_copy(update={"text": f"{head} {text}", "backend": self.name})


__all__ = ["FALLBACK_BACKEND", "LlmSummarizer", "SummaryError"]
