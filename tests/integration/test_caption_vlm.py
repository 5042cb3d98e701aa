"""VlmCaptioner against a real local HTTP server speaking the OpenAI chat-completions protocol.

Each test scripts the server's replies in order and counts the requests it got.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from spotter.caption import FALLBACK_BACKEND, CaptionerSettings, ClipMeta, caption_clip
from spotter.caption.vlm import KeyframeImage, VlmCaptioner
from spotter.messages import Observation, TimedBox
from tests.scripted_http import ScriptedServer as _Server

pytestmark = pytest.mark.integration

META = ClipMeta(camera_id="cam1", clip_id="c1", t_start=0.0, t=4.0, width=640, height=480)
OBS = [Observation(track="t0", label="worker", state="active", attributes={"hardhat": True},
                   boxes=[TimedBox(t=1.0, bbox=(400, 100, 500, 400)), TimedBox(t=3.0, bbox=(420, 100, 520, 400))])]
KEYFRAMES = [KeyframeImage(t=float(i), jpeg=b"\xff\xd8fake-jpeg-%d\xff\xd9" % i) for i in range(6)]
GOOD = {
    "caption": "A worker in a hard hat climbs toward a ladder.",
    "entities": [
        {"track": "t0", "label": "worker", "bbox": [422, 101, 519, 399], "attributes": {"vest": True},
         "state": "active", "description": "worker walking to the ladder", "relations": []},
        {"track": None, "label": "ladder", "bbox": [100, 50, 200, 450], "attributes": {}, "state": "on_ground",
         "description": "aluminium ladder", "relations": []},
    ],
}


@dataclass
class Reply:
    status: int = 200
    content: str | None = None  # the assistant message text (status 200)
    sleep_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


def completion(content: str) -> bytes:
    return json.dumps({
        "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "test-vlm",
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
    }).encode()


class ScriptedServer(_Server):
    def __init__(self) -> None:
        super().__init__(lambda reply, _body: completion(reply.content or ""), lambda: Reply(status=500))


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    s = ScriptedServer()
    yield s
    s.close()


@pytest.fixture
def make_vlm(server: ScriptedServer) -> Iterator[Any]:
    made: list[VlmCaptioner] = []

    def make(**overrides: Any) -> VlmCaptioner:
        values: dict[str, Any] = {"backend": "vlm", "vlm_base_url": server.url, "vlm_model": "test-vlm",
                                  "timeout_s": 0.5, "max_retries": 2, "retry_backoff_s": 0.01, **overrides}
        settings = CaptionerSettings(**values)
        vlm = VlmCaptioner(settings)
        made.append(vlm)
        return vlm

    yield make
    for vlm in made:
        vlm.close()


def test_valid_structured_reply(server: ScriptedServer, make_vlm: Any) -> None:
    server.script = [Reply(content=json.dumps(GOOD))]
    cap = caption_clip(META, OBS, {"yaw_start_deg": 0.0, "yaw_end_deg": 30.0}, KEYFRAMES, vlm=make_vlm())
    assert cap.backend == "vlm"
    assert cap.text == GOOD["caption"]
    assert [(o.track, o.label) for o in cap.observations] == [("t0", "worker"), ("v0", "ladder")]
    assert cap.observations[0].attributes == {"hardhat": True, "vest": True}
    assert cap.observations[0].boxes == OBS[0].boxes
    assert cap.observations[1].boxes == [TimedBox(t=5.0, bbox=(100, 50, 200, 450))]  # last keyframe sent
    assert len(server.requests) == 1
    req = server.requests[0]
    assert req["path"] == "/v1/chat/completions"
    body = req["body"]
    assert body["model"] == "test-vlm" and body["temperature"] == pytest.approx(0.1)
    assert body["response_format"]["type"] == "json_schema"
    assert "entities" in body["response_format"]["json_schema"]["schema"]["properties"]
    user = body["messages"][1]["content"]
    images = [c["image_url"]["url"] for c in user if c["type"] == "image_url"]
    assert len(images) == 4 and all(u.startswith("data:image/jpeg;base64,") for u in images)
    assert "track t0: worker" in user[0]["text"]


def test_malformed_json_falls_back_to_template(server: ScriptedServer, make_vlm: Any,
                                              caplog: pytest.LogCaptureFixture) -> None:
    server.script = [Reply(content="Sure! Here is the caption: {caption: ...")]
    cap = caption_clip(META, OBS, None, KEYFRAMES, vlm=make_vlm())
    assert cap.backend == FALLBACK_BACKEND
    assert cap.text.startswith("Worker (hard hat) active at")
    assert cap.observations == OBS
    assert len(server.requests) == 1  # malformed output is not retried
    assert "not JSON" in caplog.text


def test_schema_violation_falls_back(server: ScriptedServer, make_vlm: Any, caplog: pytest.LogCaptureFixture) -> None:
    bad = {"caption": "x", "entities": [{"track": None, "label": "ladder", "bbox": [1, 2], "state": "flying"}]}
    server.script = [Reply(content=json.dumps(bad))]
    cap = caption_clip(META, OBS, None, KEYFRAMES, vlm=make_vlm())
    assert cap.backend == FALLBACK_BACKEND
    assert len(server.requests) == 1
    assert "breaks the schema" in caplog.text


def test_timeout_is_retried_then_falls_back(server: ScriptedServer, make_vlm: Any,
                                            caplog: pytest.LogCaptureFixture) -> None:
    server.script = [Reply(content=json.dumps(GOOD), sleep_s=1.0), Reply(content=json.dumps(GOOD), sleep_s=1.0)]
    vlm = make_vlm(max_retries=1)
    started = time.monotonic()
    cap = caption_clip(META, OBS, None, KEYFRAMES, vlm=vlm)
    assert cap.backend == FALLBACK_BACKEND
    assert vlm.attempts == 2 and len(server.requests) == 2
    assert time.monotonic() - started < 3.0
    assert "after 2 attempts" in caplog.text


def test_500_then_success(server: ScriptedServer, make_vlm: Any) -> None:
    server.script = [Reply(status=500), Reply(status=503), Reply(content=json.dumps(GOOD))]
    vlm = make_vlm()
    cap = caption_clip(META, OBS, None, KEYFRAMES, vlm=vlm)
    assert cap.backend == "vlm"
    assert len(server.requests) == 3 and vlm.attempts == 3


def test_400_is_not_retried(server: ScriptedServer, make_vlm: Any, caplog: pytest.LogCaptureFixture) -> None:
    server.script = [Reply(status=400), Reply(content=json.dumps(GOOD))]
    cap = caption_clip(META, OBS, None, KEYFRAMES, vlm=make_vlm())
    assert cap.backend == FALLBACK_BACKEND
    assert len(server.requests) == 1
    assert "HTTP 400" in caplog.text and "not retried" in caplog.text


def test_429_is_retried_honouring_retry_after(server: ScriptedServer, make_vlm: Any) -> None:
    server.script = [Reply(status=429, headers={"retry-after": "0"}), Reply(content=json.dumps(GOOD))]
    cap = caption_clip(META, OBS, None, KEYFRAMES, vlm=make_vlm())
    assert cap.backend == "vlm"
    assert len(server.requests) == 2


def test_409_and_should_retry_header_are_not_retried(server: ScriptedServer, make_vlm: Any) -> None:
    # The openai client's own policy would retry both; ours does not.
    server.script = [Reply(status=409, headers={"x-should-retry": "true"}), Reply(content=json.dumps(GOOD))]
    cap = caption_clip(META, OBS, None, KEYFRAMES, vlm=make_vlm())
    assert cap.backend == FALLBACK_BACKEND
    assert len(server.requests) == 1


def test_retries_are_bounded(server: ScriptedServer, make_vlm: Any) -> None:
    server.script = [Reply(status=502)] * 5
    vlm = make_vlm(max_retries=2)
    cap = caption_clip(META, OBS, None, KEYFRAMES, vlm=vlm)
    assert cap.backend == FALLBACK_BACKEND
    assert len(server.requests) == 3
