"""all-MiniLM-L6-v2 through sentence-transformers (torch): only with the `ml` extra installed.

Same vector space as `NumpyMiniLM` (the reference it is tested against); useful
on a machine with a GPU or to cross-check. sentence-transformers is imported on
the first `embed`, not at construction, so building the embedder stays cheap.
"""

from __future__ import annotations

import importlib
import importlib.util
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from spotter.embed.base import l2_normalise
from spotter.embed.minilm import MODEL_NAME, resolve_model_dir
from spotter.errors import ConfigError


class SentenceTransformerEmbedder:
    """`SentenceTransformer(model_dir).encode(..., normalize_embeddings=True)`, serialised by a lock."""

    name = MODEL_NAME

    def __init__(self, model_dir: Path | str | None = None, *, batch_size: int = 32, device: str = "cpu") -> None:
        if importlib.util.find_spec("sentence_transformers") is None:
            raise ConfigError(
                "SPOTTER_EMBED_BACKEND=sentence-transformers needs the `ml` extra: pip install -e '.[ml]' "
                "(pulls torch); the default backend, minilm, needs no torch"
            )
        self.model_dir = resolve_model_dir(model_dir)
        self.dim = 384
        self.batch_size = batch_size
        self.device = device
        self._model: Any = None
        self._lock = threading.Lock()

    def _get(self) -> Any:
        if self._model is None:
            module = importlib.import_module("sentence_transformers")
            self._model = module.SentenceTransformer(str(self.model_dir), device=self.device)
            # Renamed get_embedding_dimension in sentence-transformers 6 (the old name warns).
            get_dim = getattr(self._model, "get_embedding_dimension", None) or (
                self._model.get_sentence_embedding_dimension
            )
            self.dim = int(get_dim())
        return self._model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not one string")
        with self._lock:
            model = self._get()
            if not texts:
                return np.zeros((0, self.dim), dtype=np.float32)
            vectors = model.encode(
                list(texts), batch_size=self.batch_size, normalize_embeddings=True,
                convert_to_numpy=True, show_progress_bar=False,
            )
        return l2_normalise(vectors)
