"""Deterministic captions from tracked observations and head motion: the no-model default."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from spotter.messages import AttributeValue, Caption, Clip, Observation, Projection

PERSON_LABELS = frozenset({"worker", "person"})
# Below this net yaw change the wearer is said to have kept the heading.
TURN_MIN_DEG = 15.0


class ClipMeta(BaseModel):
    """What a caption needs to know about its clip. `t` = clip end."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    camera_id: str = Field(min_length=1, max_length=128)
    clip_id: str
    t_start: float = Field(ge=0.0)
    t: float = Field(ge=0.0, description="Clip end (media time)")
    width: int = Field(gt=0)
    height: int = Field(gt=0)
    hfov_deg: float = Field(default=90.0, gt=1.0, lt=179.0)
    projection: Projection = "pinhole"

    @classmethod
    def from_clip(cls, clip: Clip, width: int, height: int, hfov_deg: float = 90.0) -> ClipMeta:
        return cls(camera_id=clip.camera_id, clip_id=clip.clip_id, t_start=clip.t_start, t=clip.t_end,
                   width=width, height=height, hfov_deg=hfov_deg)


def position_phrase(bbox: Sequence[float], width: int) -> str:
    """Where a box sits across the wearer's view: left, front-left, front, front-right, right."""
    cx = (bbox[0] + bbox[2]) / 2.0 / width
    if cx < 0.2:
        return "left"
    if cx < 0.4:
        return "front-left"
    if cx <= 0.6:
        return "front"
    if cx <= 0.8:
        return "front-right"
    return "right"


def _attribute_phrase(key: str, value: AttributeValue) -> str | None:
    if key.endswith("_id") or key.startswith("ext_"):
        return None
    words = key.replace("_", " ").replace("hardhat", "hard hat")
    if isinstance(value, bool):
        return words if value else f"no {words}"
    if key.endswith("_color") or key.endswith("_colour"):
        return f"{value} {words.rsplit(' ', 1)[0]}"
    if isinstance(value, str):
        return f"{value} {words}"
    return None


def attribute_phrases(attributes: Mapping[str, AttributeValue]) -> list[str]:
    """`{"hardhat": True, "vest_color": "orange"}` -> `["hard hat", "orange vest"]` (sorted by key)."""
    phrases: list[str] = []
    for key in sorted(attributes):
        phrase = _attribute_phrase(key, attributes[key])
        if phrase is not None and phrase not in phrases:
            phrases.append(phrase)
    # "hard hat" and "yellow hard hat" say the same thing twice: keep the richer one.
    return [p for p in phrases if not any(q != p and q.endswith(" " + p) for q in phrases)]


def observation_phrase(obs: Observation, width: int) -> str:
    name = "Worker" if obs.label in PERSON_LABELS else obs.label.replace("_", " ")
    attrs = attribute_phrases(obs.attributes)
    text = f"{name} ({', '.join(attrs)})" if attrs else name
    if obs.state != "unknown":
        text += " " + obs.state.replace("_", " ")
    return f"{text} at {position_phrase(obs.boxes[-1].bbox, width)}"


def motion_phrase(motion: Mapping[str, Any] | None) -> str | None:
    """`wearer turned right 90 deg` from a MotionSummary-like dict (yaw grows turning right)."""
    if not motion or "yaw_start_deg" not in motion or "yaw_end_deg" not in motion:
        return None
    delta = float(motion["yaw_end_deg"]) - float(motion["yaw_start_deg"])
    delta = (delta + 180.0) % 360.0 - 180.0
    if abs(delta) < TURN_MIN_DEG:
        return "wearer kept heading"
    return f"wearer turned {'right' if delta > 0 else 'left'} {abs(delta):.0f} deg"


def template_text(meta: ClipMeta, observations: Sequence[Observation], motion: Mapping[str, Any] | None) -> str:
    # People first, then things; left to right within each, so the text is stable for the same scene.
    def key(o: Observation) -> tuple[int, float, str]:
        b = o.boxes[-1].bbox
        return (0 if o.label in PERSON_LABELS else 1, (b[0] + b[2]) / 2.0, o.track)

    parts = [observation_phrase(o, meta.width) for o in sorted(observations, key=key)]
    if not parts:
        parts = ["Nothing detected"]
    turn = motion_phrase(motion)
    if turn:
        parts.append(turn)
    return "; ".join(parts) + "."


class TemplateCaptioner:
    """Caption text built from observations and head motion; no model, always available."""

    backend = "template"

    def caption(
        self, clip_meta: ClipMeta, observations: Sequence[Observation], motion: Mapping[str, Any] | None = None,
        *, backend: str = "template",
    ) -> Caption:
        return Caption(
            camera_id=clip_meta.camera_id,
            t=clip_meta.t,
            clip_id=clip_meta.clip_id,
            t_start=clip_meta.t_start,
            width=clip_meta.width,
            height=clip_meta.height,
            hfov_deg=clip_meta.hfov_deg,
            projection=clip_meta.projection,
            text=template_text(clip_meta, observations, motion),
            observations=list(observations),
            backend=backend,
        )
