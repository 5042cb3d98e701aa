"""Settings of the REST API (prefix SPOTTER_API_); the graph and Redis come from GraphSettings and BusSettings."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

MIN_KEY_LENGTH = 16

Scope = Literal["read", "write", "admin"]
SCOPES: dict[Scope, tuple[Scope, ...]] = {"read": ("read",), "write": ("read", "write"), "admin": ("read", "write", "admin")}


def _comma_list(value: Any) -> Any:
    if isinstance(value, str):
        return [k.strip() for k in value.split(",") if k.strip()]
    return value


class ApiSettings(BaseSettings):
    """Where the API listens, which keys it accepts (header X-API-Key) with which scopes, and its limits.

    Scopes: `read` (every GET under /v1, and POST /v1/ask), `write` (read + registering and pausing
    cameras, sending alerts again), `admin` (write + webhooks, site rules, deleting cameras).
    """

    model_config = SettingsConfigDict(env_prefix="SPOTTER_API_", extra="ignore")

    api_keys: Annotated[list[SecretStr], NoDecode] = Field(
        default_factory=list,
        title="Admin API keys",
        description="Comma-separated keys with every scope; none set at all: every /v1 request is refused (401)",
    )
    write_keys: Annotated[list[SecretStr], NoDecode] = Field(
        default_factory=list, title="Write API keys", description="Comma-separated keys with the read and write scopes"
    )
    read_keys: Annotated[list[SecretStr], NoDecode] = Field(
        default_factory=list, title="Read-only API keys", description="Comma-separated keys with the read scope"
    )
    host: str = Field(default="127.0.0.1", min_length=1, title="Host", description="Address to listen on")
    port: int = Field(default=8000, ge=1, le=65535, title="Port", description="TCP port to listen on")
    max_body_bytes: int = Field(
        default=1_048_576, ge=1024, title="Body limit", description="Larger request bodies are refused (413)"
    )
    rate_per_s: float = Field(
        default=20.0, ge=0.0, title="Rate limit", description="Requests per second per key (per replica); 0: off"
    )
    rate_burst: int = Field(default=60, ge=1, title="Rate burst", description="Requests a key may make at once")
    max_cameras: int = Field(
        default=256, ge=1, title="Camera limit", description="Cameras that may be registered at once (409 beyond)"
    )
    protect_docs: bool = Field(
        default=False,
        title="Protect /docs and /openapi.json",
        description="Serve the API docs and schema only with a key (any scope)",
    )
    protect_metrics: bool = Field(
        default=False, title="Protect /metrics", description="Serve /metrics only with a key (any scope)"
    )

    _split = field_validator("api_keys", "write_keys", "read_keys", mode="before")(_comma_list)

    @model_validator(mode="after")
    def _keys_are_long_enough(self) -> ApiSettings:
        for name in ("api_keys", "write_keys", "read_keys"):
            for key in getattr(self, name):
                if len(key.get_secret_value()) < MIN_KEY_LENGTH:
                    raise ValueError(
                        f"SPOTTER_API_{name.upper()}: every key needs at least {MIN_KEY_LENGTH} characters "
                        "(make one with `openssl rand -hex 24`)"
                    )
        return self

    def key_scopes(self) -> list[tuple[bytes, tuple[Scope, ...]]]:
        """Each key (bytes) with the scopes it grants."""
        out: list[tuple[bytes, tuple[Scope, ...]]] = []
        for name, scope in (("api_keys", "admin"), ("write_keys", "write"), ("read_keys", "read")):
            out += [(k.get_secret_value().encode(), SCOPES[scope]) for k in getattr(self, name)]  # type: ignore[index]
        return out


__all__ = ["MIN_KEY_LENGTH", "SCOPES", "ApiSettings", "Scope"]
