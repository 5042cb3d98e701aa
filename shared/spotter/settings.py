"""Settings, one pydantic-settings class per concern, read from the environment.

Build each class once in a `main()` and pass it down; nothing reads the
environment at import time. Every field is listed in `.env.example`.
Classes ignore unknown variables because they share the `SPOTTER_` prefix.
"""

from __future__ import annotations

import os
import socket

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


def default_consumer_name() -> str:
    """Unique per replica: `<hostname>-<pid>` (a pod name is a hostname on Kubernetes)."""
    return f"{socket.gethostname()}-{os.getpid()}"


class BusSettings(BaseSettings):
    """Redis Streams: where the bus is and how consumers retry and report health."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_", extra="ignore")

    redis_url: SecretStr | None = Field(
        default=None,
        validation_alias=AliasChoices("SPOTTER_REDIS_URL", "REDIS_URL", "redis_url"),
        title="Redis URL",
        description="redis://[:password@]host:port/db; unset in the embedded mode starts a private redis-server",
    )
    consumer_name: str = Field(
        default_factory=default_consumer_name,
        min_length=1,
        title="Consumer name",
        description="This replica's name in every consumer group; must differ between replicas",
    )
    max_deliveries: int = Field(
        default=5, ge=1, title="Max deliveries", description="Attempts before a message is dead-lettered"
    )
    claim_idle_ms: int = Field(
        default=30_000,
        ge=1,
        title="Claim idle (ms)",
        description="A pending message idle this long is reclaimed by another replica; exceed the slowest batch",
    )
    block_ms: int = Field(
        default=1000, ge=0, title="Block (ms)", description="How long a read waits for new messages"
    )
    batch: int = Field(default=64, ge=1, title="Batch", description="Messages read per round trip")
    heartbeat_s: float = Field(
        default=5.0,
        gt=0.0,
        title="Heartbeat interval (s)",
        description="Health key refresh interval; the key expires after 3 intervals",
    )
