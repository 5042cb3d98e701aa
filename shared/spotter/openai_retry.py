"""One retry policy for every call to an OpenAI-compatible endpoint (VLM, embeddings, agent, LLM).

Retried: transport errors (timeouts included), 408, 429 and 5xx, at most `max_retries` times,
after the server's `Retry-After` when it gives a sane one, else exponential backoff capped at
`MAX_BACKOFF_S`. Anything else fails at once, so a bad request is never sent twice.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import openai
from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings

log = logging.getLogger(__name__)

RETRY_STATUS = frozenset({408, 429})
MAX_BACKOFF_S = 10.0

T = TypeVar("T")


class ChatEndpointSettings(BaseSettings):
    """An OpenAI-compatible chat endpoint and its retry policy; subclasses set the env prefix and
    say what happens without a base URL (the offline backend takes over)."""

    base_url: str | None = Field(
        default=None, title="Base URL", description="OpenAI-compatible API root (…/v1); unset: offline"
    )
    api_key: SecretStr = Field(
        default=SecretStr("none"), title="API key", description="Bearer key; local servers accept any value"
    )
    model: str = Field(default="qwen2.5-7b-instruct", min_length=1, title="Model", description="Model name")
    timeout_s: float = Field(default=10.0, gt=0.0, title="Timeout (s)", description="Per-request timeout")
    max_retries: int = Field(
        default=1, ge=0, le=10, title="Max retries", description="Retries on transport errors, 408, 429 and 5xx only"
    )
    retry_backoff_s: float = Field(
        default=0.5, ge=0.0, title="Retry backoff (s)", description="First retry delay; doubles each retry"
    )
    max_tokens: int = Field(default=256, ge=16, le=4096, title="Max tokens", description="Reply token limit")
    temperature: float = Field(
        default=0.0, ge=0.0, le=2.0, title="Temperature", description="Sampling temperature"
    )

    @field_validator("base_url", mode="before")
    @classmethod
    def _blank_is_none(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value


def is_retryable(exc: Exception) -> bool:
    """Transport errors (incl. timeouts), 408, 429 and 5xx: yes; any other status: no."""
    if isinstance(exc, openai.APIConnectionError):  # APITimeoutError is a subclass
        return True
    if isinstance(exc, openai.APIStatusError):
        return exc.status_code in RETRY_STATUS or exc.status_code >= 500
    return False


def retry_after(exc: Exception) -> float | None:
    """The server's Retry-After in seconds, when present and within [0, MAX_BACKOFF_S]."""
    response = getattr(exc, "response", None)
    raw = response.headers.get("retry-after") if response is not None else None
    try:
        value = float(raw) if raw is not None else None
    except ValueError:
        return None
    return value if value is not None and 0.0 <= value <= MAX_BACKOFF_S else None


def describe(exc: Exception) -> str:
    """'HTTP 503' or the exception's class name: short, and never the request's content."""
    if isinstance(exc, openai.APIStatusError):
        return f"HTTP {exc.status_code}"
    return type(exc).__name__


def call_with_retries(
    call: Callable[[], T],
    *,
    what: str,
    max_retries: int,
    backoff_s: float,
    sleep: Callable[[float], None],
    error: Callable[[str], Exception],
) -> T:
    """`call()` under the policy above; gives up by raising `error(reason)` from the last failure."""
    attempt = 0
    while True:
        try:
            return call()
        except openai.OpenAIError as exc:
            if not is_retryable(exc):
                raise error(f"{what} failed, not retried: {describe(exc)}") from exc
            if attempt >= max_retries:
                raise error(f"{what} failed after {attempt + 1} attempts: {describe(exc)}") from exc
            delay = retry_after(exc)
            if delay is None:
                delay = min(MAX_BACKOFF_S, backoff_s * 2**attempt)
            log.info("%s attempt %d failed (%s); retrying in %.2f s", what, attempt + 1, describe(exc), delay)
            sleep(delay)
            attempt += 1


__all__ = ["MAX_BACKOFF_S", "RETRY_STATUS", "call_with_retries", "describe", "is_retryable", "retry_after"]


class ChatModel:
    """One OpenAI-compatible chat endpoint: the client (no I/O until the first request), each
    request under the retry policy above (failures raise `error(reason)`), and a count of the
    requests sent (retries included). Shared by the VLM captioner, the answering agent, the
    narrator and the decider."""

    def __init__(
        self,
        *,
        base_url: str | None,
        api_key: str,
        model: str,
        timeout_s: float,
        max_retries: int,
        retry_backoff_s: float,
        what: str,
        error: Callable[[str], Exception],
        client: openai.OpenAI | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.model = model
        self.timeout_s = timeout_s
        self.max_retries = max_retries
        self.retry_backoff_s = retry_backoff_s
        self.what = what
        self.error = error
        self._client = client or openai.OpenAI(base_url=base_url, api_key=api_key, timeout=timeout_s, max_retries=0)
        self._sleep = sleep
        self.requests = 0

    @classmethod
    def of(
        cls,
        s: ChatEndpointSettings,
        *,
        what: str,
        error: Callable[[str], Exception],
        client: openai.OpenAI | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> ChatModel:
        return cls(
            base_url=s.base_url, api_key=s.api_key.get_secret_value(), model=s.model, timeout_s=s.timeout_s,
            max_retries=s.max_retries, retry_backoff_s=s.retry_backoff_s, what=what, error=error, client=client,
            sleep=sleep,
        )  # fmt: skip

    def complete(self, messages: Sequence[dict[str, Any]], **params: Any) -> Any:
        """The completion of `messages`; `params` go with it (temperature, max_tokens, tools, response_format)."""

        def once() -> Any:
            self.requests += 1
            return self._client.chat.completions.create(
                model=self.model, messages=cast(Any, list(messages)), timeout=self.timeout_s, **params
            )

        return call_with_retries(
            once, what=self.what, max_retries=self.max_retries, backoff_s=self.retry_backoff_s, sleep=self._sleep,
            error=self.error,
        )  # fmt: skip

    def close(self) -> None:
        self._client.close()


def reply_text(completion: Any, error: Callable[[str], Exception]) -> str:
    """The first choice's text; `error(reason)` when the reply has none (the reason, never the content)."""
    choices = getattr(completion, "choices", None)
    if not choices:
        raise error("model reply has no choices")
    content = getattr(getattr(choices[0], "message", None), "content", None)
    if not isinstance(content, str):
        raise error("model reply has no text")
    return content
