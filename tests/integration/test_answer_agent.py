"""AgentAnswerer against a real local HTTP server speaking the OpenAI chat-completions protocol.

The memory is real: a `WorldModel` fills a `SqliteGraphStore` from a scripted scene, and the
tools the model calls run on it. Each test scripts the model's replies in order and reads
the requests the server got (so it can check what the tools returned to the model).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from spotter.answer.agent import AGENT_TOOL_SCHEMAS, AgentAnswerer, AgentSettings
from spotter.answer.base import Answer, AnswerError
from spotter.errors import ConfigError
from spotter.graph.sqlite import SqliteGraphStore
from spotter.tools import TOOL_ARGS, GraphTools
from spotter.world.model import WorldModel
from spotter.world.scripted import ScriptedScene
from tests.scripted_http import ScriptedServer as _Server

pytestmark = pytest.mark.integration

CAM = "cam-1"
AT = 12.0


# --- the memory ----------------------------------------------------------------------------


def build_scene() -> ScriptedScene:
    # Looks at bearing 30 until t=6, turns right 180 deg by t=10, then holds 210.
    return ScriptedScene(camera_id=CAM).look(0.0, 30.0).look(6.0, 30.0).look(10.0, 210.0).look(40.0, 210.0)


@dataclass
class Memory:
    tools: GraphTools
    ids: dict[str, str]  # label -> entity id


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[Memory]:
    store = SqliteGraphStore(tmp_path / "graph.sqlite3")
    store.init()
    scene = build_scene()
    model = WorldModel(store, scene.heading)
    model.ingest(scene.caption(0, 0.0, 2.0, [scene.observation("l", "ladder", 30.0, [0.5, 1.0, 1.5])]))
    model.ingest(scene.caption(1, 2.0, 4.0, [scene.observation("l", "ladder", 30.0, [2.5, 3.5])]))
    model.ingest(scene.caption(2, 4.0, 6.0))
    model.ingest(scene.caption(3, 6.0, 8.0, [scene.observation("t", "toolbox", 120.0, [7.5, 8.0])]))
    model.ingest(scene.caption(4, 8.0, 10.0))
    model.ingest(scene.caption(5, 10.0, 12.0))
    # After the question time: a drill seen at t=20..22 must stay invisible to a question at t=12.
    model.ingest(scene.caption(6, 12.0, 20.0))
    model.ingest(scene.caption(7, 20.0, 22.0, [scene.observation("d", "drill", 200.0, [20.5, 21.5])]))
    try:
        yield Memory(GraphTools(store, scene.heading), {e.label: e.entity_id for e in store.entities(CAM)})
    finally:
        store.close()


# --- the scripted model server -------------------------------------------------------------


@dataclass
class Reply:
    status: int = 200
    message: dict[str, Any] | None = None  # the assistant message (status 200)
    sleep_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


def tool_call(name: str, arguments: dict[str, Any] | str, call_id: str = "call_1") -> Reply:
    args = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return Reply(message={
        "role": "assistant", "content": None,
        "tool_calls": [{"id": call_id, "type": "function", "function": {"name": name, "arguments": args}}],
    })


def final(**fields: Any) -> Reply:
    return tool_call("answer", fields, "call_answer")


def text(content: str) -> Reply:
    return Reply(message={"role": "assistant", "content": content})


def completion(message: dict[str, Any]) -> bytes:
    return json.dumps({
        "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "test-llm",
        "choices": [{"index": 0, "finish_reason": "tool_calls" if message.get("tool_calls") else "stop",
                     "message": message}],
    }).encode()


class ScriptedServer(_Server):
    def __init__(self) -> None:
        super().__init__(
            lambda reply, _body: completion(reply.message or {"role": "assistant", "content": ""}),
            lambda: Reply(status=500),
        )

    def tool_messages(self, request: int) -> list[dict[str, Any]]:
        """The tool results (parsed) in the messages of request number `request` (0-based)."""
        msgs = self.requests[request]["body"]["messages"]
        return [json.loads(m["content"]) for m in msgs if m["role"] == "tool"]


class StubParser:
    """The offline answerer's place (spotter.answer.parser): records calls, answers fixed text."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, float | None]] = []

    def answer(self, question: str, camera_id: str, at: float | None = None) -> Answer:
        self.calls.append((question, camera_id, at))
        return Answer(answer="from the parser", yes_no=True, backend="parser")


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    s = ScriptedServer()
    yield s
    s.close()


@pytest.fixture
def parser() -> StubParser:
    return StubParser()


@pytest.fixture
def make_agent(server: ScriptedServer, memory: Memory, parser: StubParser) -> Iterator[Any]:
    # A generous timeout: a retry caused by a slow, loaded test machine would shift the script.
    made: list[AgentAnswerer] = []

    def make(fallback: Any = parser, **overrides: Any) -> AgentAnswerer:
        values: dict[str, Any] = {"base_url": server.url, "model": "test-llm", "timeout_s": 5.0,
                                  "max_retries": 2, "retry_backoff_s": 0.01, **overrides}
        agent = AgentAnswerer(memory.tools, AgentSettings(**values), fallback)
        made.append(agent)
        return agent

    yield make
    for agent in made:
        agent.close()


# --- tests ---------------------------------------------------------------------------------


def test_tool_then_answer(server: ScriptedServer, make_agent: Any, memory: Memory, parser: StubParser) -> None:
    ladder = memory.ids["ladder"]
    server.script = [
        tool_call("get_entities_in_direction", {"direction": "behind"}),
        tool_call("get_entity_timeline", {"entity_id": ladder}),
        final(answer="The ladder is behind you.", direction="behind", entities=[ladder]),
    ]
    ans = make_agent().answer("Where is the ladder?", CAM, AT)
    assert ans.backend == "agent" and not parser.calls
    assert ans.answer == "The ladder is behind you."
    assert ans.direction == "behind" and ans.entities == [ladder]
    assert ans.time is None and ans.yes_no is None
    assert ans.intent == "agent: get_entities_in_direction, get_entity_timeline"
    # Evidence: the ladder's clips from the timeline (seen in 0 and 1, left the view in 2), clip spans.
    assert [(e.clip_id, e.t_start, e.t_end, e.entity_id) for e in ans.evidence] == [
        (f"{CAM}-s0-000000", 0.0, 2.0, ladder), (f"{CAM}-s0-000001", 2.0, 4.0, ladder),
        (f"{CAM}-s0-000002", 4.0, 6.0, ladder),
    ]

    assert len(server.requests) == 3
    first = server.requests[0]
    assert first["path"] == "/v1/chat/completions"
    body = first["body"]
    assert body["model"] == "test-llm"
    names = [t["function"]["name"] for t in body["tools"]]
    assert names == [*TOOL_ARGS, "answer"]
    for t in body["tools"]:  # camera and time are the agent's, not offered to the model
        assert not {"camera_id", "at"} & t["function"]["parameters"].get("properties", {}).keys()
    system = body["messages"][0]["content"]
    assert CAM in system and "12 s" in system and "behind-left (-135)" in system
    assert body["messages"][1] == {"role": "user", "content": "Where is the ladder?"}
    # The tool really ran on the memory: its result is in the next request.
    (result,) = server.tool_messages(1)
    assert result["camera_id"] == CAM and result["at"] == AT and result["direction"] == "behind"
    assert result["heading_deg"] == pytest.approx(210.0)
    assert [e["entity_id"] for e in result["entities"]] == [ladder]
    msgs = server.requests[1]["body"]["messages"]
    assert msgs[2]["role"] == "assistant" and msgs[2]["tool_calls"][0]["id"] == "call_1"
    assert msgs[3]["tool_call_id"] == "call_1"
    timeline = server.tool_messages(2)[1]
    assert timeline["entity_id"] == ladder and timeline["label"] == "ladder"


def test_camera_and_time_are_forced(server: ScriptedServer, make_agent: Any, memory: Memory) -> None:
    server.script = [
        tool_call("get_all_entities", {"camera_id": "cam-other", "at": 100.0}),
        tool_call("get_direction_at_time", {"camera_id": "cam-other", "t": 30.0}),
        tool_call("get_changes", {"camera_id": "cam-other", "t_from": 0.0, "t_to": 100.0}),
        final(answer="A ladder and a toolbox.", entity_types=["ladder", "toolbox"]),
    ]
    ans = make_agent().answer("What have I seen?", CAM, AT)
    assert ans.backend == "agent" and ans.entity_types == ["ladder", "toolbox"]
    summary = server.tool_messages(1)[0]
    assert summary["camera_id"] == CAM and summary["at"] == AT
    assert summary["counts_by_label"] == {"ladder": 1, "toolbox": 1}  # no drill (seen at t=20)
    heading = server.tool_messages(2)[1]
    assert heading["camera_id"] == CAM and heading["t"] == AT
    changes = server.tool_messages(3)[2]
    assert changes["camera_id"] == CAM and changes["t_to"] == AT
    assert changes["changes"] and all(c["t"] <= AT for c in changes["changes"])
    assert memory.ids["drill"] not in {c["entity_id"] for c in changes["changes"]}
    # Evidence comes from the changes' clips, all before the question time.
    assert ans.evidence and all(e.t_end <= AT for e in ans.evidence)


def test_tool_errors_go_back_to_the_model(server: ScriptedServer, make_agent: Any) -> None:
    server.script = [
        tool_call("get_entity_info", '{"entity_id": "ladder-1",'),  # malformed JSON
        tool_call("get_entity_info", {"entity_id": "no-such-entity"}),
        tool_call("get_entity_info", {"entity_idd": "x"}),
        tool_call("fly_drone", {}),
        final(answer="Memory does not show it."),
    ]
    ans = make_agent().answer("What is ladder-1?", CAM, AT)
    assert ans.backend == "agent" and ans.answer == "Memory does not show it."
    errors = [server.tool_messages(i)[i - 1]["error"] for i in range(1, 5)]
    assert "not valid JSON" in errors[0]
    assert "no entity 'no-such-entity'" in errors[1]
    assert "invalid arguments" in errors[2] and "entity_idd" in errors[2]
    assert "unknown tool 'fly_drone'" in errors[3]


def test_malformed_final_answer_falls_back(server: ScriptedServer, make_agent: Any, parser: StubParser) -> None:
    server.script = [tool_call("answer", '{"answer": "yes", "yes_no": tru')]
    ans = make_agent().answer("Is there a ladder?", CAM, AT)
    assert ans.backend == "agent-fallback" and ans.answer == "from the parser" and ans.yes_no is True
    assert parser.calls == [("Is there a ladder?", CAM, AT)]
    assert len(server.requests) == 1


def test_5xx_then_success(server: ScriptedServer, make_agent: Any) -> None:
    server.script = [Reply(status=503), Reply(status=429, headers={"retry-after": "0"}),
                     final(answer="Yes.", yes_no=True)]
    agent = make_agent()
    ans = agent.answer("Is there a ladder?", CAM, AT)
    assert ans.backend == "agent" and ans.yes_no is True
    assert len(server.requests) == 3 and agent.requests == 3


def test_non_retryable_status_falls_back_at_once(server: ScriptedServer, make_agent: Any) -> None:
    server.script = [Reply(status=400)]
    ans = make_agent().answer("Is there a ladder?", CAM, AT)
    assert ans.backend == "agent-fallback"
    assert len(server.requests) == 1


def test_timeout_is_retried(server: ScriptedServer, make_agent: Any) -> None:
    server.script = [Reply(sleep_s=3.0, message={"role": "assistant", "content": "too late"}),
                     final(answer="Yes.", yes_no=True)]
    t0 = time.monotonic()
    ans = make_agent(timeout_s=0.5).answer("Is there a ladder?", CAM, AT)
    assert ans.backend == "agent" and ans.yes_no is True
    assert len(server.requests) == 2
    assert time.monotonic() - t0 < 2.5  # did not wait for the slow reply


def test_timeouts_exhaust_retries_then_fall_back(server: ScriptedServer, make_agent: Any) -> None:
    server.script = [Reply(sleep_s=2.0) for _ in range(2)]
    ans = make_agent(timeout_s=0.3, max_retries=1).answer("Is there a ladder?", CAM, AT)
    assert ans.backend == "agent-fallback"
    assert len(server.requests) == 2


def test_no_answer_within_five_rounds_falls_back(
    server: ScriptedServer, make_agent: Any, parser: StubParser
) -> None:
    server.script = [tool_call("get_all_entities", {}) for _ in range(3)] + [text("Let me think."),
                     tool_call("get_all_entities", {}), final(answer="too late")]
    ans = make_agent().answer("What have I seen?", CAM, AT)
    assert ans.backend == "agent-fallback" and parser.calls
    assert len(server.requests) == 5
    # The last round offers only the answer function; a text reply is nudged towards it.
    assert [t["function"]["name"] for t in server.requests[4]["body"]["tools"]] == ["answer"]
    assert server.requests[4]["body"]["messages"][-1] == {
        "role": "user", "content": "Reply by calling the `answer` function."
    }


def test_max_rounds_is_at_most_five() -> None:
    with pytest.raises(ValidationError):
        AgentSettings(base_url="http://localhost:1/v1", max_rounds=6)


@pytest.mark.parametrize("fields", [
    {"answer": "It is north of you.", "direction": "north"},
    {"answer": "At t=30.", "time": 30.0},  # after the question time
    {"answer": "x", "backend": "agent"},  # not a field the model may set
    {"direction": "behind"},  # no text
])
def test_invalid_final_answer_falls_back(server: ScriptedServer, make_agent: Any, fields: dict[str, Any]) -> None:
    server.script = [final(**fields)]
    ans = make_agent().answer("Where is the ladder?", CAM, AT)
    assert ans.backend == "agent-fallback" and ans.answer == "from the parser"
    assert len(server.requests) == 1


def test_without_fallback_a_clear_error(server: ScriptedServer, make_agent: Any) -> None:
    server.script = [final(answer="It is north of you.", direction="north")]
    with pytest.raises(AnswerError, match="no fallback.*final answer breaks the schema.*direction"):
        make_agent(fallback=None).answer("Where is the ladder?", CAM, AT)


def test_question_without_at_sees_everything(server: ScriptedServer, make_agent: Any) -> None:
    server.script = [tool_call("get_all_entities", {"at": 5.0}), final(answer="A drill, a ladder, a toolbox.")]
    ans = make_agent().answer("What have I seen?", CAM)
    assert ans.backend == "agent"
    summary = server.tool_messages(1)[0]
    assert summary["at"] == 22.0 and summary["counts_by_label"] == {"drill": 1, "ladder": 1, "toolbox": 1}
    assert "end of everything recorded" in server.requests[0]["body"]["messages"][0]["content"]


def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch, memory: Memory) -> None:
    for var in ("BASE_URL", "API_KEY", "MODEL", "MAX_ROUNDS"):
        monkeypatch.delenv(f"SPOTTER_AGENT_{var}", raising=False)
    assert not AgentSettings().enabled
    monkeypatch.setenv("SPOTTER_AGENT_BASE_URL", "  ")
    assert AgentSettings().base_url is None
    with pytest.raises(ConfigError, match="SPOTTER_AGENT_BASE_URL"):
        AgentAnswerer(memory.tools, AgentSettings())
    monkeypatch.setenv("SPOTTER_AGENT_BASE_URL", "http://llm:8000/v1")
    monkeypatch.setenv("SPOTTER_AGENT_API_KEY", "sk-test")
    monkeypatch.setenv("SPOTTER_AGENT_MAX_ROUNDS", "3")
    s = AgentSettings()
    assert s.enabled and s.base_url == "http://llm:8000/v1" and s.max_rounds == 3
    assert s.api_key.get_secret_value() == "sk-test" and "sk-test" not in repr(s)


def test_answer_schema_is_the_typed_fields() -> None:
    schema = AGENT_TOOL_SCHEMAS[-1]["function"]
    assert schema["name"] == "answer"
    params = schema["parameters"]
    assert set(params["properties"]) == {
        "answer", "time", "duration_s", "direction", "yes_no", "entity_types", "entities"
    }
    assert params["required"] == ["answer"] and params["additionalProperties"] is False
    assert "front-left" in json.dumps(params["properties"]["direction"])
