"""Captions from a vision-language model behind any OpenAI-compatible endpoint.

Retries: the `openai` client is built with `max_retries=0` and this module runs
its own bounded loop, because the client's policy differs from ours (it also
retries 409 and obeys a non-standard `x-should-retry` header). Here a request is
retried only on transport errors (connection failures, timeouts), 408, 429 and
5xx, at most `max_retries` times, with exponential backoff (a `Retry-After`
header, when present and shorter than the cap, is used instead). Anything else
(400, 401, 404, 422...) fails at once.

The reply is requested as JSON (`response_format` json_schema built from
`VlmReply`; `strict` is off because free-form attribute maps are not
expressible in strict mode, so the reply is always validated here). A reply
that is not JSON or breaks the schema raises `CaptionError`; `caption_clip`
then falls back to the template captioner.
"""

from __future__ import annotations

import base64
import json
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import openai
from pydantic import ValidationError

from spotter.caption.errors import CaptionError
from spotter.caption.merge import VlmReply, merge_entities
from spotter.caption.settings import CaptionerSettings
from spotter.caption.template import ClipMeta, attribute_phrases, motion_phrase, position_phrase
from spotter.messages import Caption, Observation
from spotter.openai_retry import ChatModel

log = logging.getLogger(__name__)


SYSTEM_PROMPT = (
    "You describe short clips from a camera worn on a construction worker's hard hat. "
    "Reply with JSON only, matching the given schema. Give one or two factual sentences in 'caption' "
    "and one entry in 'entities' per relevant person or object: reuse the track id from the summary "
    "when the entity is a tracked one, else null; bbox is x1, y1, x2, y2 in pixels of the LAST image."
)


@dataclass(frozen=True)
class KeyframeImage:
    """One keyframe of the clip: media time and JPEG bytes."""

    t: float
    jpeg: bytes


def select_keyframes(keyframes: Sequence[KeyframeImage], limit: int) -> list[KeyframeImage]:
    """At most `limit` keyframes spread over the clip, in time order, always ending with the last."""
    frames = sorted(keyframes, key=lambda k: k.t)
    if len(frames) <= limit:
        return frames
    if limit == 1:
        return [frames[-1]]
    step = (len(frames) - 1) / (limit - 1)
    return [frames[round(i * step)] for i in range(limit)]


def summary_text(meta: ClipMeta, observations: Sequence[Observation], motion: Mapping[str, Any] | None) -> str:
    lines = [f"Clip {meta.clip_id}: {meta.t_start:.1f}-{meta.t:.1f} s, frame {meta.width}x{meta.height} px."]
    for o in observations:
        attrs = ", ".join(attribute_phrases(o.attributes))
        box = ", ".join(f"{v:.0f}" for v in o.boxes[-1].bbox)
        lines.append(
            f"- track {o.track}: {o.label}, state {o.state}, at {position_phrase(o.boxes[-1].bbox, meta.width)}, "
            f"last bbox [{box}]" + (f", {attrs}" if attrs else "")
        )
    if not observations:
        lines.append("- no tracked detections")
    turn = motion_phrase(motion)
    if turn:
        lines.append(f"Head motion: {turn}.")
    return "\n".join(lines)


class VlmCaptioner:
    """Asks the model for a structured caption; raises CaptionError when it cannot get a valid one."""

    backend = "vlm"

    def __init__(
        self, settings: CaptionerSettings, *, client: openai.OpenAI | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings
        self.model = ChatModel(
            base_url=settings.vlm_base_url, api_key=settings.vlm_api_key.get_secret_value(),
            model=settings.vlm_model, timeout_s=settings.timeout_s, max_retries=settings.max_retries,
            retry_backoff_s=settings.retry_backoff_s, what="VLM request", error=CaptionError, client=client,
            sleep=sleep,
        )  # fmt: skip
        self._attempts_before = 0

    @property
    def attempts(self) -> int:
        """Requests sent by the last request() (caption) call, retries included."""
        return self.model.requests - self._attempts_before

    def close(self) -> None:
        self.model.close()

    def messages(
        self, meta: ClipMeta, observations: Sequence[Observation], motion: Mapping[str, Any] | None,
        keyframes: Sequence[KeyframeImage],
    ) -> list[dict[str, Any]]:
        content: list[dict[str, Any]] = [{"type": "text", "text": summary_text(meta, observations, motion)}]
        for k in keyframes:
            url = "data:image/jpeg;base64," + base64.b64encode(k.jpeg).decode("ascii")
            content.append({"type": "image_url", "image_url": {"url": url}})
        return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": content}]

    def request(self, messages: list[dict[str, Any]]) -> str:
        """The reply's text, retrying as the module docstring says; CaptionError when none comes."""
        s = self.settings
        response_format = {
            "type": "json_schema",
            "json_schema": {"name": "spotter_caption", "schema": VlmReply.model_json_schema(), "strict": False},
        }
        self._attempts_before = self.model.requests
        completion = self.model.complete(messages, temperature=s.temperature, response_format=response_format)
        if not completion.choices or completion.choices[0].message.content is None:
            raise CaptionError("VLM reply has no message content")
        return str(completion.choices[0].message.content)

    def caption(
        self, clip_meta: ClipMeta, observations: Sequence[Observation], motion: Mapping[str, Any] | None = None,
        keyframes: Sequence[KeyframeImage] = (),
    ) -> Caption:
        frames = select_keyframes(keyframes, self.settings.max_keyframes)
        raw = self.request(self.messages(clip_meta, observations, motion, frames))
        reply = parse_reply(raw)
        t_ref = frames[-1].t if frames else clip_meta.t
        return Caption(
            camera_id=clip_meta.camera_id,
            t=clip_meta.t,
            clip_id=clip_meta.clip_id,
            t_start=clip_meta.t_start,
            width=clip_meta.width,
            height=clip_meta.height,
            hfov_deg=clip_meta.hfov_deg,
            projection=clip_meta.projection,
            text=reply.caption.strip(),
            observations=merge_entities(observations, reply.entities, t_ref),
            backend=self.backend,
        )


def parse_reply(raw: str) -> VlmReply:
    """The validated reply; CaptionError (with the reason) when it is not JSON or breaks the schema."""
    text = raw.strip()
    if text.startswith("```"):  # some servers wrap JSON in a markdown fence despite response_format
        text = text.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CaptionError(f"VLM reply is not JSON: {exc}; starts {raw[:80]!r}") from exc
    try:
        return VlmReply.model_validate(data)
    except ValidationError as exc:
        raise CaptionError(f"VLM reply breaks the schema: {exc}".replace("\n", " ")[:500]) from exc
