"""Captioner settings (environment prefix SPOTTER_CAPTION_), listed in `.env.example`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

CaptionBackend = Literal["template", "vlm"]


class CaptionerSettings(BaseSettings):
    """Which captioner runs and how it reaches the vision-language model."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_CAPTION_", extra="forbid")

    backend: CaptionBackend = Field(
        default="template", title="Backend", description="template (no model) or vlm (OpenAI-compatible endpoint)"
    )
    vlm_base_url: str = Field(
        default="http://localhost:8000/v1", title="VLM base URL", description="OpenAI-compatible API root (…/v1)"
    )
    vlm_api_key: SecretStr = Field(
        default=SecretStr("none"), title="VLM API key", description="Bearer key; local servers accept any value"
    )
    vlm_model: str = Field(default="qwen2.5-vl-7b-instruct", title="VLM model", description="Model name to request")
    timeout_s: float = Field(default=20.0, gt=0.0, title="Timeout (s)", description="Per-request timeout")
    max_retries: int = Field(
        default=2, ge=0, le=10, title="Max retries", description="Retries on transport errors, 408, 429 and 5xx only"
    )
    retry_backoff_s: float = Field(
        default=0.5, ge=0.0, title="Retry backoff (s)", description="First retry delay; doubles each retry"
    )
    max_keyframes: int = Field(default=4, ge=1, le=32, title="Max keyframes", description="Images sent per clip")
    temperature: float = Field(default=0.1, ge=0.0, le=2.0, title="Temperature", description="Sampling temperature")
