"""Summarizer settings (environment prefix SPOTTER_SUMMARY_), listed in `.env.example`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

SummaryBackend = Literal["extractive", "llm"]


class SummarizerSettings(BaseSettings):
    """Window lengths of the activity and session roll-ups, the backend, and the language model."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_SUMMARY_", extra="ignore")

    activity_window_s: float = Field(
        default=60.0,
        gt=0.0,
        title="Activity window (s)",
        description="Activity roll-up window while the stream is short",
    )
    session_window_s: float = Field(
        default=300.0,
        gt=0.0,
        title="Session window (s)",
        description="Session roll-up window while the stream is short",
    )
    long_after_s: float = Field(
        default=1800.0, ge=0.0, title="Long-stream switch (s)",
        description="From this media time on the stream counts as long and the long windows apply",
    )  # fmt: skip
    long_activity_window_s: float = Field(
        default=300.0,
        gt=0.0,
        title="Long activity window (s)",
        description="Activity roll-up window of a long stream",
    )
    long_session_window_s: float = Field(
        default=3600.0,
        gt=0.0,
        title="Long session window (s)",
        description="Session roll-up window of a long stream",
    )
    backend: SummaryBackend = Field(
        default="extractive", title="Backend",
        description="extractive (offline, deterministic) or llm (OpenAI-compatible chat; extractive fallback)",
    )  # fmt: skip
    max_sentences: int = Field(
        default=3,
        ge=1,
        le=20,
        title="Sentences per roll-up",
        description="Child sentences an extractive roll-up keeps",
    )
    llm_base_url: str = Field(
        default="http://localhost:8000/v1",
        title="LLM base URL",
        description="OpenAI-compatible API root (…/v1)",
    )
    llm_api_key: SecretStr = Field(
        default=SecretStr("none"),
        title="LLM API key",
        description="Bearer key; local servers accept any value",
    )
    llm_model: str = Field(
        default="qwen2.5-7b-instruct", title="LLM model", description="Model name to request"
    )
    llm_timeout_s: float = Field(
        default=30.0, gt=0.0, title="LLM timeout (s)", description="Per-request timeout"
    )
    llm_max_retries: int = Field(
        default=2,
        ge=0,
        le=10,
        title="LLM max retries",
        description="Retries on transport errors, 408, 429 and 5xx only",
    )
    llm_retry_backoff_s: float = Field(
        default=0.5,
        ge=0.0,
        title="LLM retry backoff (s)",
        description="First retry delay; doubles each retry",
    )
    llm_max_tokens: int = Field(
        default=256, ge=16, le=4096, title="LLM max tokens", description="Reply length cap"
    )
    collection: str = Field(
        default="summaries", min_length=1, title="Vector collection",
        description="VectorStore collection (SPOTTER_VECTOR_*) holding every summary level",
    )  # fmt: skip
    lock_ms: int = Field(
        default=300_000, ge=1000, title="Camera lock (ms)",
        description="Expiry of a replica's per-camera lock; must exceed the slowest caption "
        "(two LLM roll-ups with their retries)",
    )  # fmt: skip
    lock_wait_s: float = Field(
        default=20.0, ge=0.0, title="Lock wait (s)",
        description="How long a handler waits for another replica's lock before the delivery fails (retried)",
    )  # fmt: skip

    @model_validator(mode="after")
    def _nested(self) -> SummarizerSettings:
        for act, ses, name in (
            (self.activity_window_s, self.session_window_s, "short"),
            (self.long_activity_window_s, self.long_session_window_s, "long"),
        ):
            if ses < act:
                raise ValueError(f"{name} session window {ses} s is shorter than its activity window {act} s")
        return self
