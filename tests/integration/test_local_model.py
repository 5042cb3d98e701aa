"""The model paths against a real OpenAI-compatible server: llama.cpp serving SmolLM2-135M-Instruct.

The scripted server (tests/scripted_http.py) stays for the failure cases it can stage exactly; this
server is real: its tokenizer, chat template, grammar-constrained JSON, timings and slots. The model
is far too small to answer well, so the assertions are about the wire: every request is accepted
(200), replies are read, a constrained reply fits the schema, whatever the model says ends in a
valid result or the documented fallback (never an exception), timeouts fall back fast, concurrent
requests are served side by side. Latencies are printed (`-s`) for docs/BENCHMARKS.md.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator

import pytest

from bench.flaky_link import FlakyLink
from spotter.answer.agent import AgentAnswerer, AgentSettings
from spotter.answer.base import Answer
from spotter.reason.decide import CATEGORIES, DecideSettings, LlmDecider
from spotter.reason.narrate import LlmNarrator, NarrateSettings
from spotter.reason.reasoner import Reasoner
from spotter.summarize.core import Summarizer
from spotter.summarize.llm import FALLBACK_BACKEND, LlmSummarizer
from spotter.summarize.settings import SummarizerSettings
from tests.integration.test_answer_agent import AT, CAM, Memory, StubParser, memory  # noqa: F401 - fixture
from tests.integration.test_summarizer import twelve_minutes
from tests.local_llm_server import MODEL_NAME, LocalModelServer
from tests.unit.test_decide import Memory as ReasonerMemory
from tests.unit.test_decide import brick, hatless

pytestmark = [pytest.mark.integration, pytest.mark.slow]


@pytest.fixture(scope="module")
def model_server() -> Iterator[LocalModelServer]:
    server = LocalModelServer(parallel=4, threads=2).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def http_log(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """The HTTP client logs every response line: the test reads the status codes the server sent."""
    caplog.set_level(logging.INFO)
    return caplog


def statuses(caplog: pytest.LogCaptureFixture) -> list[str]:
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("HTTP Request: POST")]
    return [line.rsplit('"HTTP/1.1 ', 1)[-1].rstrip('"') for line in lines]


def test_the_decider_gets_a_reply_that_fits_its_schema(
    model_server: LocalModelServer, http_log: pytest.LogCaptureFixture
) -> None:
    decider = LlmDecider(DecideSettings(
        base_url=model_server.base_url, model=MODEL_NAME, timeout_s=60.0, max_retries=0,
        response_format="json_schema", max_message_chars=160,
    ))  # fmt: skip
    reasoner = Reasoner(decider=decider, retrievers=[ReasonerMemory()])
    try:
        for facts in (hatless(), brick()):
            t0 = time.perf_counter()
            decision, alerts = reasoner.decide(facts)
            print(f"decider on {facts.clip_id}: {time.perf_counter() - t0:.2f} s, {len(alerts)} alerts")
            assert decision.clip_id == facts.clip_id
            assert all(a.category in CATEGORIES and a.message for a in alerts)
    finally:
        decider.close()
    assert decider.requests >= 2 and set(statuses(http_log)) == {"200 OK"}
    # Constrained decoding: the replies parsed (a fallback would count here), whatever they said.
    assert decider.fallbacks == 0


def test_json_mode_without_a_schema_falls_back_to_the_rules_when_the_reply_does_not_fit(
    model_server: LocalModelServer, http_log: pytest.LogCaptureFixture
) -> None:
    decider = LlmDecider(DecideSettings(
        base_url=model_server.base_url, model=MODEL_NAME, timeout_s=60.0, max_retries=0, max_tokens=96,
    ))  # fmt: skip
    rules = Reasoner()
    try:
        decision, alerts = Reasoner(decider=decider).decide(hatless())
    finally:
        decider.close()
    assert set(statuses(http_log)) == {"200 OK"}
    if decider.fallbacks:  # the tiny model's free JSON rarely fits: the rules' alert goes out instead
        _, expected = rules.decide(hatless())
        assert [(a.category, a.message) for a in alerts] == [(a.category, a.message) for a in expected]
    assert decision.clip_id == hatless().clip_id


def test_the_narrator_writes_or_keeps_the_template_and_times_out_fast(
    model_server: LocalModelServer, http_log: pytest.LogCaptureFixture
) -> None:
    items = ReasonerMemory().items[:1]
    narrator = LlmNarrator(NarrateSettings(
        base_url=model_server.base_url, model=MODEL_NAME, timeout_s=60.0, max_retries=0, max_tokens=48,
        min_items=0,
    ))  # fmt: skip
    try:
        t0 = time.perf_counter()
        text = narrator.reconstruct("Where is the ladder?", "The ladder is behind you.", items)
        print(f"narrator: {time.perf_counter() - t0:.2f} s: {text!r}")
    finally:
        narrator.close()
    assert text and len(text) <= narrator.settings.max_chars and narrator.fallbacks == 0
    assert statuses(http_log) == ["200 OK"]

    # Through a link that holds every reply back 1 s: the same prompt again is cached by the server and
    # can come back inside 50 ms (it did, under CI), so the server's speed cannot be what times out.
    slow_link = FlakyLink(model_server.port, reply_delay_s=1.0)
    impatient = LlmNarrator(NarrateSettings(
        base_url=slow_link.url("/v1", scheme="http"), model=MODEL_NAME, timeout_s=0.05, max_retries=1,
        retry_backoff_s=0.0, max_tokens=256, min_items=0,
    ))  # fmt: skip
    try:
        t0 = time.perf_counter()
        text = impatient.reconstruct("Where is the ladder?", "The ladder is behind you.", items)
        elapsed = time.perf_counter() - t0
    finally:
        impatient.close()
        slow_link.close()
    assert impatient.fallbacks == 1 and impatient.requests == 2  # one retry, then the template
    assert "The ladder is behind you." in text and elapsed < 2.0


def test_concurrent_requests_are_served_side_by_side(model_server: LocalModelServer) -> None:
    settings = NarrateSettings(base_url=model_server.base_url, model=MODEL_NAME, timeout_s=60.0, max_retries=0,
                               max_tokens=32, min_items=0)  # fmt: skip
    results: list[tuple[str, float]] = []

    def ask(i: int) -> None:
        narrator = LlmNarrator(settings)
        try:
            t0 = time.perf_counter()
            text = narrator.reconstruct(f"Question {i}: where is the drill?", "The drill is on your left.", [])
            results.append((text, time.perf_counter() - t0))
            assert narrator.fallbacks == 0
        finally:
            narrator.close()

    t0 = time.perf_counter()
    threads = [threading.Thread(target=ask, args=(i,)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(120)
    wall = time.perf_counter() - t0
    print(f"4 concurrent narratives: wall {wall:.2f} s, each {[round(s, 2) for _, s in results]}")
    assert len(results) == 4 and all(text for text, _ in results)
    assert wall < sum(s for _, s in results)  # served in parallel slots, not one after another


def test_the_summarizer_rolls_up_with_the_model(model_server: LocalModelServer) -> None:
    settings = SummarizerSettings(backend="llm", llm_base_url=model_server.base_url, llm_model=MODEL_NAME,
                                  llm_timeout_s=60.0, llm_max_retries=0, llm_max_tokens=64)  # fmt: skip
    llm = LlmSummarizer(settings)
    try:
        t0 = time.perf_counter()
        summarizer = Summarizer(settings, llm)
        out = [e for c in twelve_minutes()[:16] for e in summarizer.add_caption(c)]
        print(f"summarizer: {time.perf_counter() - t0:.2f} s")
    finally:
        llm.close()
    activity = [e for e in out if e.level == "activity"]
    assert len(activity) == 1 and activity[0].backend == "llm" != FALLBACK_BACKEND
    assert activity[0].text.startswith("Activity 0-60 s (15 clips): ") and len(activity[0].text) > 40
    assert activity[0].counts  # the facts stay extractive whatever the model wrote


def test_the_agent_calls_the_real_server_and_answers_or_falls_back(
    model_server: LocalModelServer, memory: Memory, http_log: pytest.LogCaptureFixture  # noqa: F811
) -> None:
    parser = StubParser()
    agent = AgentAnswerer(memory.tools, AgentSettings(
        base_url=model_server.base_url, model=MODEL_NAME, timeout_s=60.0, max_retries=0, max_rounds=2,
        max_tokens=128,
    ), parser)  # fmt: skip
    try:
        t0 = time.perf_counter()
        answer = agent.answer("Where is the ladder now?", CAM, AT)
        print(f"agent: {time.perf_counter() - t0:.2f} s, {agent.requests} requests, backend {answer.backend}")
    finally:
        agent.close()
    assert isinstance(answer, Answer) and answer.answer
    assert agent.requests >= 1 and set(statuses(http_log)) == {"200 OK"}  # the tools schema was accepted
    if parser.calls:  # the model gave no usable final answer: the parser's, for the same question and time
        assert parser.calls == [("Where is the ladder now?", CAM, AT)] and answer.backend == "agent-fallback"
