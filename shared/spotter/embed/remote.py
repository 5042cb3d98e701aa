"""Embeddings from any OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, vLLM, TEI, Infinity, llama.cpp...).

Retries follow the captioner's policy (spotter.caption.vlm): the `openai`
client runs with `max_retries=0` and a request is retried only on transport
errors (including timeouts), 408, 429 and 5xx, at most `max_retries` times,
with exponential backoff (a short `Retry-After` header wins). Other statuses
fail at once. Every failure, and a reply of the wrong shape, raises `EmbedError`.
Floats are requested (`encoding_format="float"`), which every server speaks.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import openai

from spotter.embed.base import EmbedError, EmbedSettings, l2_normalise
from spotter.openai_retry import call_with_retries

log = logging.getLogger(__name__)


class OpenAIEmbedder:
    """Batches of `batch_size` texts per request; rows come back L2-normalised."""

    def __init__(
        self, settings: EmbedSettings, *, client: openai.OpenAI | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings
        self.dim = settings.openai_dim
        self.name = f"openai:{settings.openai_model}"
        # No I/O here: the client connects on the first request.
        self._client = client or openai.OpenAI(
            base_url=settings.openai_base_url,
            api_key=settings.openai_api_key.get_secret_value(),
            timeout=settings.timeout_s,
            max_retries=0,
        )
        self._sleep = sleep

    def close(self) -> None:
        self._client.close()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not one string")
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        step = self.settings.batch_size
        for start in range(0, len(texts), step):
            batch = [str(t) for t in texts[start : start + step]]
            out[start : start + len(batch)] = self._request(batch)
        return l2_normalise(out)

    def _request(self, batch: list[str]) -> np.ndarray:
        s = self.settings
        reply = call_with_retries(
            lambda: self._client.embeddings.create(
                model=s.openai_model, input=batch, encoding_format="float", timeout=s.timeout_s
            ),
            what="embeddings request", max_retries=s.max_retries, backoff_s=s.retry_backoff_s, sleep=self._sleep,
            error=EmbedError,
        )  # fmt: skip
        return self._vectors(reply, len(batch))

    def _vectors(self, reply: Any, expected: int) -> np.ndarray:
        data = list(getattr(reply, "data", None) or [])
        if len(data) != expected:
            raise EmbedError(f"embeddings reply has {len(data)} vectors for {expected} texts")
        try:
            rows = sorted(data, key=lambda d: int(d.index))
            vectors = np.asarray([r.embedding for r in rows], dtype=np.float32)
        except (TypeError, ValueError, AttributeError) as exc:
            raise EmbedError(f"embeddings reply is malformed: {exc}") from exc
        if [int(r.index) for r in rows] != list(range(expected)):
            raise EmbedError("embeddings reply indexes are not 0..n-1")
        if vectors.shape != (expected, self.dim):
            raise EmbedError(
                f"embeddings reply has shape {vectors.shape}, expected ({expected}, {self.dim}); "
                "set SPOTTER_EMBED_OPENAI_DIM to the model's size"
            )
        if not np.isfinite(vectors).all():
            raise EmbedError("embeddings reply holds non-finite values")
        return vectors
