"""LlmNarrator against a local HTTP server speaking the OpenAI chat-completions protocol.

Good replies are used (validated), 5xx is retried, and anything else (4xx, an empty or malformed
reply, a timeout) falls back to the template narrative: an alert or answer is never lost.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import pytest
from redis import Redis

from spotter.messages import WorldEvent
from spotter.reason.embedded import ProactiveMemory
from spotter.reason.narrate import (
    LlmNarrator,
    NarrateSettings,
    TemplateNarrative,
    make_narrator,
    reconstruct,
    template_reconstruction,
)
from spotter.reason.reasoner import Reasoner, RetrievedItem, RuleMessageNarrator, TemplateNarrator
from spotter.reason.rules import ClipFacts, ObsFact, Trigger
from spotter.reason.service import ReasonerHandler
from tests.scripted_http import ScriptedServer as _Server

MESSAGE = "The ladder is back, behind you (last seen 180 s ago)."
TRIGGER = Trigger(
    category="memory_recall",
    key="ladder",
    message=MESSAGE,
    t=300.0,
    entity_ids=("cam/e1",),
    labels=("ladder",),
)
FACTS = ClipFacts(
    camera_id="cam", clip_id="cam-s0-000150", t_start=298.0, t_end=300.0,
    events=(WorldEvent(camera_id="cam", t=299.0, kind="appeared", entity_id="cam/e1", label="ladder"),),
    observations=(ObsFact(entity_id="cam/e1", label="ladder", bearing_deg=200.0),), heading_deg=20.0,
)  # fmt: skip
ITEMS = [
    RetrievedItem(
        "temporal", "[activity] a worker carried the ladder to the scaffold", ("cam-s0-000040",), t=82.0
    ),
    RetrievedItem("graph", "ladder seen at bearing 30 deg, 0-2 s", ("cam-s0-000000",), ("cam/e1",), t=2.0),
    RetrievedItem("visual", "a similar view was seen at 60 s (similarity 0.81)", ("cam-s0-000030",), t=60.0),
]


@dataclass
class Reply:
    status: int = 200
    content: str | None = ""
    sleep_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    raw: bytes | None = None  # a 200 body sent as is (malformed replies)


def render(reply: Reply, _body: dict[str, Any]) -> bytes:
    if reply.raw is not None:
        return reply.raw
    return json.dumps({
        "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "test-llm",
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": reply.content}}],
    }).encode()  # fmt: skip


@pytest.fixture
def server() -> Iterator[_Server]:
    s = _Server(render, lambda: Reply(status=500))
    yield s
    s.close()


@pytest.fixture
def make(server: _Server) -> Iterator[Callable[..., LlmNarrator]]:
    made: list[LlmNarrator] = []

    def build(**overrides: Any) -> LlmNarrator:
        values: dict[str, Any] = {"base_url": server.url, "model": "test-llm", "timeout_s": 2.0, "max_retries": 2,
                                  "retry_backoff_s": 0.0, **overrides}  # fmt: skip
        narrator = LlmNarrator(NarrateSettings(**values))
        made.append(narrator)
        return narrator

    yield build
    for n in made:
        n.close()


def template() -> str:
    return TemplateNarrator().narrate(TRIGGER, FACTS, ITEMS)


def user_text(server: _Server, i: int = 0) -> str:
    return str(server.requests[i]["body"]["messages"][-1]["content"])


def test_good_reply_is_used_and_the_request_carries_the_trigger_and_the_evidence(
    server: _Server, make: Callable[..., LlmNarrator]
) -> None:
    server.script = [
        Reply(
            content='  "The ladder is back behind you;\n a worker had carried it to the scaffold at 82 s." '
        )
    ]
    narrator = make()
    out = narrator.narrate(TRIGGER, FACTS, ITEMS)
    assert out == "The ladder is back behind you; a worker had carried it to the scaffold at 82 s."
    assert narrator.requests == 1 and narrator.fallbacks == 0
    body = server.requests[0]["body"]
    assert body["model"] == "test-llm" and body["temperature"] == 0.0 and body["max_tokens"] == 256
    assert body["messages"][0]["role"] == "system"
    text = user_text(server)
    assert MESSAGE in text and "memory recall" in text
    for item in ITEMS:  # every retrieved text, with its pathway and time
        assert item.text in text and f"[{item.pathway}, {item.t:.0f} s" in text
    assert "cam-s0-000150" in text and "ladder x1" in text and "appeared ladder at 299 s" in text


def test_5xx_is_retried_then_the_reply_is_used(server: _Server, make: Callable[..., LlmNarrator]) -> None:
    server.script = [Reply(status=503), Reply(status=500), Reply(content="Recovered narrative.")]
    narrator = make()
    assert narrator.narrate(TRIGGER, FACTS, ITEMS) == "Recovered narrative."
    assert narrator.requests == 3 and len(server.requests) == 3 and narrator.fallbacks == 0


@pytest.mark.parametrize(
    "reply",
    [
        Reply(content=""),
        Reply(content="   \n "),
        Reply(content=None),
        Reply(raw=b'{"id": "x", "choices": []}'),
        Reply(raw=b"this is not json"),
        Reply(status=400),
    ],
    ids=["empty", "blank", "null", "no-choices", "not-json", "400"],
)
def test_unusable_reply_falls_back_to_the_template(
    server: _Server, make: Callable[..., LlmNarrator], reply: Reply, caplog: pytest.LogCaptureFixture
) -> None:
    server.script = [reply]
    narrator = make(max_retries=0)
    with caplog.at_level(logging.WARNING, logger="spotter.reason.narrate"):
        assert narrator.narrate(TRIGGER, FACTS, ITEMS) == template()
    assert narrator.fallbacks == 1 and len(server.requests) == 1
    assert "template message instead" in caplog.text


def test_retries_spent_fall_back_to_the_template(server: _Server, make: Callable[..., LlmNarrator]) -> None:
    narrator = make(max_retries=1)  # the server's default reply is 500
    assert narrator.narrate(TRIGGER, FACTS, ITEMS) == template()
    assert narrator.requests == 2 and narrator.fallbacks == 1


def test_timeout_falls_back_to_the_template(server: _Server, make: Callable[..., LlmNarrator]) -> None:
    server.script = [Reply(content="too late", sleep_s=1.5), Reply(content="too late", sleep_s=1.5)]
    narrator = make(timeout_s=0.3, max_retries=1)
    assert narrator.narrate(TRIGGER, FACTS, ITEMS) == template()
    assert narrator.requests == 2 and narrator.fallbacks == 1


def test_long_reply_is_cut_at_a_word(server: _Server, make: Callable[..., LlmNarrator]) -> None:
    server.script = [Reply(content="ladder " * 400)]
    out = make(max_chars=100).narrate(TRIGGER, FACTS, ITEMS)
    assert len(out) <= 100 and out.endswith("ladder…")


def test_an_alert_without_evidence_does_not_wait_for_the_model(
    server: _Server, make: Callable[..., LlmNarrator]
) -> None:
    narrator = make()
    assert narrator.narrate(TRIGGER, FACTS, []) == MESSAGE  # instant categories retrieve nothing
    assert server.requests == [] and narrator.requests == 0


def test_reconstruct_asks_a_question_focused_narrative(
    server: _Server, make: Callable[..., LlmNarrator]
) -> None:
    server.script = [Reply(content="Behind you; it was carried to the scaffold at 82 s.")]
    narrator = make()
    base = "The ladder is behind you."
    assert (
        narrator.reconstruct("Where is the ladder?", base, ITEMS)
        == "Behind you; it was carried to the scaffold at 82 s."
    )
    text = user_text(server)
    assert "Question: Where is the ladder?" in text and base in text
    assert all(item.text in text for item in ITEMS)
    assert "question" in server.requests[0]["body"]["messages"][0]["content"]
    # The model failing: the template, with the answer's text first and intact.
    out = narrator.reconstruct("Where is the ladder?", base, ITEMS)
    assert out == template_reconstruction(base, ITEMS)
    assert out.startswith(base + " Earlier (at 82 s): [activity] a worker carried")


def test_template_reconstruction_keeps_the_answer_first_and_short() -> None:
    base = "The ladder is behind you."
    twice = [ITEMS[0], ITEMS[0], *ITEMS[1:]]
    out = template_reconstruction(base, twice)
    assert out.startswith(base)
    assert out.count("Earlier") == 2 and out.count("carried the ladder") == 1
    assert template_reconstruction(base, []) == base
    assert TemplateNarrative().reconstruct("q", base, ITEMS) == out
    assert TemplateNarrative().narrate(TRIGGER, FACTS, ITEMS) == template()
    # Any narrator without `reconstruct` (the ablation's) reconstructs with the template.
    assert reconstruct("q", base, ITEMS, RuleMessageNarrator()) == out


def test_make_narrator_by_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in [v for v in os.environ if v.startswith("SPOTTER_NARRATE_")]:
        monkeypatch.delenv(var)
    assert isinstance(make_narrator(), TemplateNarrative)
    assert NarrateSettings(base_url="  ").base_url is None
    monkeypatch.setenv("SPOTTER_NARRATE_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("SPOTTER_NARRATE_MODEL", "m")
    narrator = make_narrator()
    assert isinstance(narrator, LlmNarrator) and narrator.settings.model == "m"
    narrator.close()


# --- the proactive path: the reasoner's alerts --------------------------------------------------


class Fixed:
    name = "temporal"

    def retrieve(
        self, query: str, camera_id: str, t_max: float, entity_ids: Sequence[str]
    ) -> list[RetrievedItem]:
        return list(ITEMS)


def brick_facts() -> ClipFacts:
    wall = ObsFact(entity_id="cam/w1", label="brick_wall", bearing_deg=0.0, samples=((290.5, 0.0, None),),
                   attributes={"bricks": 1})
    return ClipFacts(
        camera_id="cam", clip_id="cam-s0-000145", t_start=290.0, t_end=292.0, observations=(wall,)
    )


def test_reasoner_alert_message_is_the_llm_narrative(
    server: _Server, make: Callable[..., LlmNarrator]
) -> None:
    server.script = [Reply(content="Bricklaying has started in front of you; the ladder was moved earlier.")]
    reasoner = Reasoner(retrievers=[Fixed()], narrator=make())
    _decision, alerts = reasoner.decide(brick_facts())
    assert [a.category for a in alerts] == ["progress"]
    assert alerts[0].message == "Bricklaying has started in front of you; the ladder was moved earlier."
    assert "cam-s0-000040" in alerts[0].evidence.clip_ids  # the retrieved items' clips stay evidence
    text = user_text(server)
    assert "Progress: the first brick of the brick wall is done" in text and ITEMS[0].text in text
    # The model down: the same alert, with the template message (the rule's, then what was retrieved).
    fallback = Reasoner(retrievers=[Fixed()], narrator=make(max_retries=0)).decide(brick_facts())[1]
    rule_message = Reasoner(narrator=RuleMessageNarrator()).decide(brick_facts())[1][0].message
    assert rule_message.startswith("Progress: the first brick of the brick wall is done")
    assert [a.message for a in fallback] == [template_reconstruction(rule_message, ITEMS)]
    assert fallback[0].alert_id == alerts[0].alert_id


def test_instant_alerts_do_not_ask_the_model(server: _Server, make: Callable[..., LlmNarrator]) -> None:
    fire = ObsFact(entity_id="cam/f1", label="fire", bearing_deg=0.0, samples=((10.5, 0.0, None),))
    facts = ClipFacts(camera_id="cam", clip_id="c1", t_start=10.0, t_end=12.0, observations=(fire,))
    narrator = make()
    alerts = Reasoner(retrievers=[Fixed()], narrator=narrator).decide(facts)[1]
    assert [a.category for a in alerts] == ["safety_alert"] and "Earlier" not in alerts[0].message
    assert server.requests == [] and narrator.requests == 0


def test_the_reasoners_default_narrator_follows_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in [v for v in os.environ if v.startswith("SPOTTER_NARRATE_")]:
        monkeypatch.delenv(var)
    redis = Redis()  # never connected: the constructors do no I/O
    try:
        assert isinstance(ReasonerHandler(redis, cast(Any, None)).reasoner.narrator, TemplateNarrative)
        proactive = ProactiveMemory(redis, cast(Any, None), lambda c, t: None, None, pathways=())
        assert isinstance(proactive.reasoner.narrator, TemplateNarrative)
        ablation = ProactiveMemory(
            redis, cast(Any, None), lambda c, t: None, None, pathways=(), reconstruct=False
        )
        assert isinstance(ablation.reasoner.narrator, RuleMessageNarrator)
        monkeypatch.setenv("SPOTTER_NARRATE_BASE_URL", "http://127.0.0.1:9/v1")
        for narrator in (
            ReasonerHandler(redis, cast(Any, None)).reasoner.narrator,
            ProactiveMemory(redis, cast(Any, None), lambda c, t: None, None, pathways=()).reasoner.narrator,
        ):
            assert isinstance(narrator, LlmNarrator)
            narrator.close()
    finally:
        redis.close()
