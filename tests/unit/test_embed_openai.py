"""OpenAIEmbedder against a real local HTTP server speaking the OpenAI /v1/embeddings protocol.

Each test scripts the server's replies in order; the server records the requests.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from spotter.embed import EmbedError, EmbedSettings, TextEmbedder, make_embedder
from spotter.embed.remote import OpenAIEmbedder
from tests.scripted_http import ScriptedServer as _Server

DIM = 4


@dataclass
class Reply:
    status: int = 200
    vectors: list[list[float]] | None = None  # None: a vector per input, derived from the text
    shuffle: bool = False  # send the data items in reverse order (indexes still right)
    sleep_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


def vector_for(text: str) -> list[float]:
    """A deterministic, unnormalised vector per text."""
    return [float(len(text)), float(sum(map(ord, text)) % 7), 1.0, 2.0]


class EmbeddingsServer(_Server):
    def __init__(self) -> None:
        super().__init__(self.render, Reply)

    @staticmethod
    def render(reply: Reply, body: dict[str, Any]) -> bytes:
        inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
        vectors = reply.vectors if reply.vectors is not None else [vector_for(t) for t in inputs]
        items = [{"object": "embedding", "index": i, "embedding": v} for i, v in enumerate(vectors)]
        if reply.shuffle:
            items.reverse()
        return json.dumps({"object": "list", "data": items, "model": body["model"],
                           "usage": {"prompt_tokens": 1, "total_tokens": 1}}).encode()


@pytest.fixture
def server() -> Iterator[EmbeddingsServer]:
    s = EmbeddingsServer()
    yield s
    s.close()


@pytest.fixture
def make(server: EmbeddingsServer) -> Iterator[Any]:
    made: list[OpenAIEmbedder] = []

    def build(**overrides: Any) -> OpenAIEmbedder:
        values: dict[str, Any] = {"backend": "openai", "openai_base_url": server.url, "openai_model": "test-embed",
                                  "openai_api_key": "sk-test", "openai_dim": DIM, "timeout_s": 0.5,
                                  "max_retries": 2, "retry_backoff_s": 0.01, **overrides}
        embedder = make_embedder(EmbedSettings(**values))
        assert isinstance(embedder, OpenAIEmbedder)
        made.append(embedder)
        return embedder

    yield build
    for e in made:
        e.close()


def expected(texts: list[str]) -> np.ndarray:
    v = np.array([vector_for(t) for t in texts], dtype=np.float64)
    out: np.ndarray = v / np.linalg.norm(v, axis=1, keepdims=True)
    return out


def test_batches_order_and_normalisation(server: EmbeddingsServer, make: Any) -> None:
    texts = ["where is the ladder", "crane", "who opened gate B?", "hard hat", "rebar"]
    server.script = [Reply(shuffle=True), Reply(), Reply(shuffle=True)]
    embedder = make(batch_size=2)
    assert isinstance(embedder, TextEmbedder)
    assert embedder.dim == DIM and embedder.name == "openai:test-embed"
    out = embedder.embed(texts)
    assert out.shape == (5, DIM) and out.dtype == np.float32
    np.testing.assert_allclose(out, expected(texts), atol=1e-6)
    assert [r["body"]["input"] for r in server.requests] == [texts[0:2], texts[2:4], texts[4:5]]
    first = server.requests[0]
    assert first["path"] == "/v1/embeddings"
    assert first["body"]["model"] == "test-embed" and first["body"]["encoding_format"] == "float"
    assert first["authorization"] == "Bearer sk-test"


def test_empty_input_sends_nothing(server: EmbeddingsServer, make: Any) -> None:
    out = make().embed([])
    assert out.shape == (0, DIM) and not server.requests


def test_5xx_then_success(server: EmbeddingsServer, make: Any) -> None:
    server.script = [Reply(status=500), Reply(status=503), Reply()]
    out = make().embed(["ladder"])
    np.testing.assert_allclose(out, expected(["ladder"]), atol=1e-6)
    assert len(server.requests) == 3


def test_429_honours_retry_after(server: EmbeddingsServer, make: Any) -> None:
    server.script = [Reply(status=429, headers={"retry-after": "0"}), Reply()]
    make(retry_backoff_s=5.0).embed(["ladder"])  # a 5 s backoff would trip the test timeout budget
    assert len(server.requests) == 2


def test_400_is_not_retried(server: EmbeddingsServer, make: Any) -> None:
    server.script = [Reply(status=400), Reply()]
    with pytest.raises(EmbedError, match="not retried: HTTP 400"):
        make().embed(["ladder"])
    assert len(server.requests) == 1


def test_retries_are_bounded(server: EmbeddingsServer, make: Any) -> None:
    server.script = [Reply(status=502)] * 5
    with pytest.raises(EmbedError, match="after 2 attempts: HTTP 502"):
        make(max_retries=1).embed(["ladder"])
    assert len(server.requests) == 2


def test_timeout_is_retried_then_fails(server: EmbeddingsServer, make: Any) -> None:
    server.script = [Reply(sleep_s=1.0), Reply(sleep_s=1.0)]
    started = time.monotonic()
    with pytest.raises(EmbedError, match="after 2 attempts: APITimeoutError"):
        make(max_retries=1, timeout_s=0.3).embed(["ladder"])
    assert len(server.requests) == 2
    assert time.monotonic() - started < 2.5


def test_wrong_size_reply_is_an_error(server: EmbeddingsServer, make: Any) -> None:
    server.script = [Reply(vectors=[[1.0, 2.0, 3.0]])]
    with pytest.raises(EmbedError, match=r"shape \(1, 3\), expected \(1, 4\).*SPOTTER_EMBED_OPENAI_DIM"):
        make().embed(["ladder"])
    server.script = [Reply(vectors=[[1.0, 0.0, 0.0, 0.0]])]
    with pytest.raises(EmbedError, match="1 vectors for 2 texts"):
        make().embed(["ladder", "crane"])
    assert len(server.requests) == 2  # a malformed reply is not retried


def test_unreachable_endpoint_fails_after_retries() -> None:
    embedder = make_embedder(EmbedSettings(backend="openai", openai_base_url="http://127.0.0.1:9/v1",
                                           timeout_s=0.5, max_retries=1, retry_backoff_s=0.01))
    assert isinstance(embedder, OpenAIEmbedder)
    try:
        with pytest.raises(EmbedError, match="after 2 attempts: APIConnectionError"):
            embedder.embed(["ladder"])
    finally:
        embedder.close()
