"""Settings of the REST API (prefix SPOTTER_API_); the graph and Redis come from GraphSettings and BusSettings."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class ApiSettings(BaseSettings):
    """Where the API listens and which keys it accepts (header X-API-Key)."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_API_", extra="ignore")

    api_keys: Annotated[list[SecretStr], NoDecode] = Field(
        default_factory=list,
        title="API keys",
        description="Comma-separated keys accepted in X-API-Key; none set: every /v1 request is refused (401)",
    )
    host: str = Field(default="127.0.0.1", min_length=1, title="Host", description="Address to listen on")
    port: int = Field(default=8000, ge=1, le=65535, title="Port", description="TCP port to listen on")

    @field_validator("api_keys", mode="before")
    @classmethod
    def _split(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [k.strip() for k in value.split(",") if k.strip()]
        return value
