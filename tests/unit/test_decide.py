"""LlmDecider (the decision by a model) against a local server speaking the OpenAI chat protocol.

The model's alerts become the clip's alerts (entity ids filtered to the clip's, per-condition
cooldowns, deterministic ids); it may ask for memory once (a second request with the retrieved
evidence, bounded by the clip's end) or veto the rules' candidates; any failure leaves the rules'
triggers for that clip. Without a base URL the rules decide, as before.
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

from spotter.messages import Alert, Decision, WorldEvent
from spotter.reason.decide import DecideSettings, LlmDecider, make_decider
from spotter.reason.embedded import ProactiveMemory
from spotter.reason.reasoner import Reasoner, RetrievedItem, alert_id_for
from spotter.reason.rules import ClipFacts, ObsFact
from spotter.reason.service import ReasonerHandler
from tests.scripted_http import ScriptedServer as _Server

CAM = "cam"


@dataclass
class Reply:
    status: int = 200
    content: str | None = ""
    sleep_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


def render(reply: Reply, _body: dict[str, Any]) -> bytes:
    return json.dumps({
        "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "test-llm",
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": reply.content}}],
    }).encode()  # fmt: skip


def decision(need_memory: bool = False, *alerts: tuple[str, str, list[str]]) -> Reply:
    return Reply(content=json.dumps({
        "need_memory": need_memory,
        "alerts": [{"category": c, "message": m, "entity_ids": ids} for c, m, ids in alerts],
    }))  # fmt: skip


@pytest.fixture
def server() -> Iterator[_Server]:
    s = _Server(render, lambda: Reply(status=500))
    yield s
    s.close()


@pytest.fixture
def make(server: _Server) -> Iterator[Callable[..., LlmDecider]]:
    made: list[LlmDecider] = []

    def build(**overrides: Any) -> LlmDecider:
        values: dict[str, Any] = {"base_url": server.url, "model": "test-llm", "timeout_s": 2.0, "max_retries": 2,
                                  "retry_backoff_s": 0.0, **overrides}  # fmt: skip
        decider = LlmDecider(DecideSettings(**values))
        made.append(decider)
        return decider

    yield build
    for d in made:
        d.close()


def user_text(server: _Server, i: int = 0) -> str:
    return str(server.requests[i]["body"]["messages"][-1]["content"])


def hatless(t0: float = 100.0, clip: str = "cam-s0-000050") -> ClipFacts:
    """A worker without a hard hat (the ppe_violation rule fires)."""
    worker = ObsFact(entity_id="cam/e1", label="worker", bearing_deg=10.0, samples=((t0 + 0.5, 10.0, None),))
    off = WorldEvent(camera_id=CAM, t=t0 + 0.5, kind="ppe_off", entity_id="cam/e1", label="worker")
    return ClipFacts(camera_id=CAM, clip_id=clip, t_start=t0, t_end=t0 + 2.0, events=(off,),
                     observations=(worker,), heading_deg=0.0)  # fmt: skip


def ladder(t0: float = 298.0, clip: str = "cam-s0-000149") -> ClipFacts:
    """A ladder seen (no rule fires)."""
    obs = ObsFact(entity_id="cam/e7", label="ladder", bearing_deg=200.0, samples=((t0 + 1.0, 200.0, None),))
    return ClipFacts(
        camera_id=CAM, clip_id=clip, t_start=t0, t_end=t0 + 2.0, observations=(obs,), heading_deg=20.0
    )


def brick(t0: float = 290.0, clip: str = "cam-s0-000145") -> ClipFacts:
    """The first brick of a wall (the progress rule fires: a deep category)."""
    wall = ObsFact(entity_id="cam/w1", label="brick_wall", bearing_deg=0.0, samples=((t0 + 0.5, 0.0, None),),
                   attributes={"bricks": 1})
    return ClipFacts(camera_id=CAM, clip_id=clip, t_start=t0, t_end=t0 + 2.0, observations=(wall,))


def fire(t0: float = 10.0, clip: str = "cam-s0-000005") -> ClipFacts:
    obs = ObsFact(entity_id="cam/f1", label="fire", bearing_deg=0.0, samples=((t0 + 0.5, 0.0, None),))
    return ClipFacts(camera_id=CAM, clip_id=clip, t_start=t0, t_end=t0 + 2.0, observations=(obs,))


def quiet(t0: float, clip: str) -> ClipFacts:
    return ClipFacts(camera_id=CAM, clip_id=clip, t_start=t0, t_end=t0 + 2.0)


class Memory:
    """A retrieval pathway over items at known times; answers only with what is at or before `t_max`."""

    name = "temporal"

    def __init__(self) -> None:
        self.items = [
            RetrievedItem("temporal", "[activity] a worker carried the ladder to the scaffold", ("cam-s0-000040",), t=82.0),
            RetrievedItem("temporal", "FUTURE: the ladder is taken off site", ("cam-s0-000300",), t=600.0),
        ]  # fmt: skip
        self.calls: list[tuple[str, float]] = []

    def retrieve(
        self, query: str, camera_id: str, t_max: float, entity_ids: Sequence[str]
    ) -> list[RetrievedItem]:
        self.calls.append((query, t_max))
        return [i for i in self.items if i.t is not None and i.t <= t_max]


def same(a: tuple[Decision, list[Alert]], b: tuple[Decision, list[Alert]]) -> bool:
    """The same decision and alerts, latency and wall clock aside."""

    def dump(x: tuple[Decision, list[Alert]]) -> list[dict[str, Any]]:
        return [m.model_dump(exclude={"latency_ms", "wall_time"}) for m in (x[0], *x[1])]

    return dump(a) == dump(b)


# --- the model's decision ------------------------------------------------------------------------


def test_the_models_alert_becomes_the_alert(server: _Server, make: Callable[..., LlmDecider]) -> None:
    server.script = [decision(False, ("ppe_violation", "A worker in front of you has no hard hat on.",
                                      ["cam/e1", "cam/e999"]))]  # fmt: skip
    decider = make()
    reasoner = Reasoner(decider=decider)
    reasoner.decide(quiet(96.0, "cam-s0-000048"))  # short-term context (a quiet clip: no model request)
    d, alerts = reasoner.decide(hatless())
    assert decider.requests == 1 and len(server.requests) == 1
    assert [a.category for a in alerts] == ["ppe_violation"]
    assert alerts[0].message == "A worker in front of you has no hard hat on."
    assert alerts[0].evidence.entity_ids == ["cam/e1"]  # an id the clip does not name is dropped
    # The candidate it confirms keeps its condition key: the rules' alert id.
    assert alerts[0].alert_id == alert_id_for(CAM, "ppe_violation", "cam/e1:100", "cam-s0-000050")
    assert d.d == 1 and d.category == "ppe_violation" and d.alert_id == alerts[0].alert_id
    body = server.requests[0]["body"]
    assert body["model"] == "test-llm" and body["response_format"] == {"type": "json_object"}
    text = user_text(server)
    assert "Current clip cam-s0-000050" in text and "ppe_off worker at 100 s" in text
    assert "Current clip cam-s0-000048" in text  # the previous clip, in brief
    assert "ppe_violation (entities: cam/e1): PPE: a worker without a hard hat" in text
    assert "Retrieved memory" not in text  # an instant candidate: no retrieval


def test_a_new_condition_is_keyed_by_category_and_entities_and_cools_down(
    server: _Server, make: Callable[..., LlmDecider]
) -> None:
    say = ("exclusion_zone", "A worker is near the open edge.", ["cam/e1"])
    server.script = [decision(False, say), decision(False, say)]
    reasoner = Reasoner(decider=make())
    d1, a1 = reasoner.decide(hatless(100.0, "c1"))
    assert [a.category for a in a1] == ["exclusion_zone"] and a1[0].message == say[1]
    assert a1[0].alert_id == alert_id_for(CAM, "exclusion_zone", "llm:exclusion_zone:cam/e1", "c1")
    assert a1[0].t == 102.0 and a1[0].evidence.entity_ids == ["cam/e1"] and d1.d == 1
    # The same condition 4 s later: within the category's cooldown, no second alert.
    d2, a2 = reasoner.decide(hatless(104.0, "c2"))
    assert len(server.requests) == 2 and a2 == [] and d2.d == 0


def test_need_memory_asks_again_with_the_evidence_up_to_the_clips_end(
    server: _Server, make: Callable[..., LlmDecider]
) -> None:
    server.script = [
        decision(True),
        decision(True, ("memory_recall", "The ladder carried to the scaffold at 82 s is back behind you.", ["cam/e7"])),
    ]  # fmt: skip
    memory = Memory()
    reasoner = Reasoner(retrievers=[memory], decider=make())
    d, alerts = reasoner.decide(ladder())
    assert len(server.requests) == 2  # at most two model calls, however often it asks for memory
    assert "Retrieved memory" not in user_text(server, 0)
    second = user_text(server, 1)
    assert "a worker carried the ladder to the scaffold" in second and "[temporal, 82 s" in second
    assert "FUTURE" not in second  # nothing after the clip's end
    assert memory.calls and all(t_max == 300.0 for _q, t_max in memory.calls)
    assert [a.category for a in alerts] == ["memory_recall"] and d.d == 1
    assert alerts[0].message.startswith("The ladder carried to the scaffold at 82 s is back behind you.")
    assert alerts[0].evidence.entity_ids == ["cam/e7"]
    assert "cam-s0-000040" in alerts[0].evidence.clip_ids  # the retrieved item is evidence
    assert all("FUTURE" not in a.message for a in alerts)


def test_a_deep_candidate_brings_its_evidence_to_the_first_request(
    server: _Server, make: Callable[..., LlmDecider]
) -> None:
    server.script = [decision(False, ("progress", "Bricklaying has started in front of you.", ["cam/w1"]))]
    memory = Memory()
    _d, alerts = Reasoner(retrievers=[memory], decider=make()).decide(brick())
    assert len(server.requests) == 1 and "carried the ladder" in user_text(server)
    assert len(memory.calls) == 1  # retrieved once for the decision, reused for the narrative
    assert alerts[0].alert_id == alert_id_for(CAM, "progress", "cam/w1:first", "cam-s0-000145")


def test_the_model_vetoes_a_candidate(server: _Server, make: Callable[..., LlmDecider]) -> None:
    server.script = [decision(False)]
    reasoner = Reasoner(decider=make())
    d, alerts = reasoner.decide(hatless())
    assert alerts == [] and d.d == 0 and d.category is None and len(server.requests) == 1
    # The rules' state advanced anyway (the candidate's condition is cooling down).
    assert ("ppe_violation", "cam/e1:100") in reasoner.rules.state(CAM).last_alert


def test_a_redelivered_clip_does_not_ask_the_model(server: _Server, make: Callable[..., LlmDecider]) -> None:
    server.script = [decision(False)]
    reasoner = Reasoner(decider=make())
    reasoner.decide(hatless(100.0, "c2"))
    d, alerts = reasoner.decide(hatless(98.0, "c1"))  # older than what was decided: nothing new
    assert alerts == [] and d.d == 0 and len(server.requests) == 1


# --- failures: the rules decide that clip ----------------------------------------------------------


@pytest.mark.parametrize(
    "replies",
    [
        [Reply(content="this is not json")],
        [Reply(content='{"need_memory": "perhaps", "alerts": {}}')],
        [decision(False, ("fire_drill", "Not a category of the contract.", ["cam/e1"]))],
        [Reply(status=400)],
        [Reply(status=503), Reply(status=503), Reply(status=503)],
    ],
    ids=["not-json", "schema", "unknown-category", "400", "5xx-spent"],
)
def test_an_unusable_decision_falls_back_to_the_rules(
    server: _Server, make: Callable[..., LlmDecider], replies: list[Reply], caplog: pytest.LogCaptureFixture
) -> None:
    server.script = list(replies)
    decider = make()
    with caplog.at_level(logging.WARNING, logger="spotter.reason.decide"):
        got = Reasoner(decider=decider).decide(hatless())
    assert same(got, Reasoner().decide(hatless()))
    assert got[1][0].category == "ppe_violation" and decider.fallbacks == 1
    assert "the rules' triggers instead" in caplog.text
    assert "Not a category" not in caplog.text and "hard hat" not in caplog.text  # no reply or prompt text


def test_a_timeout_falls_back_to_the_rules(server: _Server, make: Callable[..., LlmDecider]) -> None:
    server.script = [Reply(content=decision(False).content, sleep_s=1.5)]
    decider = make(timeout_s=0.3, max_retries=0)
    got = Reasoner(decider=decider).decide(hatless())
    assert same(got, Reasoner().decide(hatless())) and decider.fallbacks == 1


def test_5xx_is_retried_then_the_decision_is_used(server: _Server, make: Callable[..., LlmDecider]) -> None:
    server.script = [Reply(status=503), decision(False)]
    decider = make()
    d, alerts = Reasoner(decider=decider).decide(hatless())
    assert decider.requests == 2 and decider.fallbacks == 0
    assert alerts == [] and d.d == 0  # the model's (a veto), not the rules'


def test_a_fallback_clip_then_the_model_again(server: _Server, make: Callable[..., LlmDecider]) -> None:
    """A failure costs its clip only; the rules' state is right for the next fallback."""
    server.script = [decision(False), Reply(content="{")]
    reasoner = Reasoner(decider=make(max_retries=0))
    assert reasoner.decide(fire(10.0, "c1"))[1] == []  # vetoed, but the rule's cooldown runs
    alerts = reasoner.decide(fire(14.0, "c2"))[1]  # the model fails: the rules, in cooldown, say nothing
    assert alerts == [] and len(server.requests) == 2


# --- without a model -----------------------------------------------------------------------------


def test_make_decider_by_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in [v for v in os.environ if v.startswith("SPOTTER_DECIDE_")]:
        monkeypatch.delenv(var)
    assert make_decider() is None
    assert DecideSettings(base_url="  ").base_url is None
    monkeypatch.setenv("SPOTTER_DECIDE_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("SPOTTER_DECIDE_MAX_CONTEXT_CLIPS", "3")
    decider = make_decider()
    assert isinstance(decider, LlmDecider) and decider.settings.max_context_clips == 3
    decider.close()


def test_without_a_model_the_rules_decide_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in [v for v in os.environ if v.startswith("SPOTTER_DECIDE_")]:
        monkeypatch.delenv(var)
    sequence = [fire(10.0, "c1"), hatless(100.0, "c2"), quiet(102.0, "c3"), brick(290.0, "c4"),
                ladder(298.0, "c5"), hatless(500.0, "c6")]  # fmt: skip
    with_default = Reasoner(retrievers=[Memory()], decider=make_decider())
    rules_only = Reasoner(retrievers=[Memory()])
    for facts in sequence:
        assert same(with_default.decide(facts), rules_only.decide(facts))
    assert sum(len(q) for q in with_default.recent.values()) == len(sequence)


def test_the_reasoners_decider_follows_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in [v for v in os.environ if v.startswith("SPOTTER_DECIDE_")]:
        monkeypatch.delenv(var)
    redis = Redis()  # never connected: the constructors do no I/O
    try:
        assert ReasonerHandler(redis, cast(Any, None)).reasoner.decider is None
        assert (
            ProactiveMemory(redis, cast(Any, None), lambda c, t: None, None, pathways=()).reasoner.decider
            is None
        )
        monkeypatch.setenv("SPOTTER_DECIDE_BASE_URL", "http://127.0.0.1:9/v1")
        for decider in (
            ReasonerHandler(redis, cast(Any, None)).reasoner.decider,
            ProactiveMemory(redis, cast(Any, None), lambda c, t: None, None, pathways=()).reasoner.decider,
        ):
            assert isinstance(decider, LlmDecider)
            decider.close()
    finally:
        redis.close()


def test_the_short_term_context_is_the_cameras_last_clips(
    server: _Server, make: Callable[..., LlmDecider]
) -> None:
    server.script = [decision(False)]
    reasoner = Reasoner(decider=make(max_context_clips=2))
    for i in range(5):
        reasoner.decide(quiet(90.0 + 2 * i, f"q{i}"))  # quiet: no model request
    reasoner.decide(ClipFacts(camera_id="other", clip_id="o1", t_start=98.0, t_end=100.0))
    reasoner.decide(hatless(100.0, "c1"))
    assert len(server.requests) == 1
    text = user_text(server)
    assert "Current clip q3" in text and "Current clip q4" in text
    assert "Current clip q2" not in text and "o1" not in text


def test_the_services_silent_catch_up_does_not_ask_the_model() -> None:
    from spotter.reason.service import DeferringReasoner

    class Counting:
        calls = 0

        def decide(self, facts: Any, recent: Any, candidates: Any, retrieve: Any) -> list[Any]:
            Counting.calls += 1
            return []  # the model vetoes everything

    reasoner = DeferringReasoner(decider=Counting())
    hazard = (ObsFact("f1", "fire", 0.0, ((1.0, 0.0, None),)),)
    reasoner.deferring = True  # catch-up: the rules alone rebuild the state
    _d, alerts = reasoner.decide(ClipFacts(CAM, "c0", 0.0, 10.0, (), hazard, 0.0))
    assert Counting.calls == 0 and [a.category for a in alerts] == ["safety_alert"]
    assert reasoner.decider is not None
    reasoner.deferring = False  # in order again: the model decides (here: vetoes)
    _d, alerts = reasoner.decide(ClipFacts(CAM, "c1", 10.0, 20.0, (), hazard, 0.0))
    assert Counting.calls == 1 and alerts == []
