"""Every message that travels on a Spotter stream, and the one codec for them.

Each model is strict (`extra="forbid"`) and carries a versioned schema tag;
the tag travels beside the JSON body so that a consumer can reject a message
it does not understand with a clear reason instead of guessing. Bulky binary
payloads (a grey frame) travel as a separate raw field, never inside JSON.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from spotter.errors import MalformedMessage

# Camera ids appear in stream names, clip ids, blob keys and URLs: letters, digits and `_.-` only,
# and never `.` or `..` (path segments).
CAMERA_ID_PATTERN = r"^[A-Za-z0-9_.\-]{1,128}$"


def is_camera_id(value: str) -> bool:
    return re.fullmatch(CAMERA_ID_PATTERN, value) is not None and value not in (".", "..")

SCHEMA_FIELD = b"schema"
DATA_FIELD = b"data"
BLOB_FIELD = b"blob"


def wall_clock() -> float:
    return time.time()


class Message(BaseModel):
    """Base of every stream message: who (camera), when (media and wall time)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    SCHEMA: ClassVar[str] = "spotter.message/1"

    camera_id: str = Field(min_length=1, max_length=128, description="Camera the message is about")
    t: float = Field(ge=0.0, description="Media time: seconds since the camera's session start")
    wall_time: float = Field(default_factory=wall_clock, description="Unix time when produced")


Projection = Literal["pinhole", "fisheye"]
"""A camera's lens: `pinhole` (rectilinear) or `fisheye` (equidistant: pixel offset proportional to angle)."""


class Camera(BaseModel):
    """A registered camera (stored in the cameras hash, not a stream)."""

    model_config = ConfigDict(extra="forbid")
    SCHEMA: ClassVar[str] = "spotter.camera/1"

    camera_id: str = Field(min_length=1, max_length=128)
    source: str = Field(description="RTSP URL or file path")
    hfov_deg: float = Field(default=90.0, gt=1.0, lt=179.0, description="Horizontal field of view")
    projection: Projection = Field(default="pinhole", description="Lens: pinhole, or fisheye (equidistant)")
    site: str | None = None
    width: int | None = None
    height: int | None = None
    fps: float | None = None
    registered_at: float = Field(default_factory=wall_clock)
    paused: bool = Field(default=False, description="Ingest and the flow tracker leave a paused camera alone")


class OpenClip(BaseModel):
    """A clip ingest had started but not finished when it last wrote its checkpoint."""

    model_config = ConfigDict(extra="forbid")

    clip_id: str
    clip_index: int = Field(ge=0)
    t_start: float = Field(ge=0.0)
    t_last: float = Field(ge=0.0)
    n_frames: int = Field(ge=0)
    keyframes: list[str] = Field(default_factory=list)
    interrupted: bool = False


class IngestCheckpoint(BaseModel):
    """Where a camera's ingest stopped: written atomically with every batch it publishes.

    A restarted ingest reads it to continue the camera's timeline (media time never runs
    backwards, clip ids never repeat) and, for a file it had not finished, to resume at the
    next frame with nothing lost or published twice.
    """

    model_config = ConfigDict(extra="forbid")
    SCHEMA: ClassVar[str] = "spotter.ingest_checkpoint/1"

    camera_id: str
    session_id: str = Field(description="Clip ids of this timeline are {camera}-{session}-{index}")
    source_session: str = Field(default="", description="A file's content id; empty for a live camera")
    live: bool
    t_last: float = Field(ge=0.0, description="Media time of the last frame whose products are published")
    next_frame_index: int = Field(ge=0, description="Frame index the next frame of this camera takes")
    t_offset: float = Field(default=0.0, ge=0.0, description="Added to the source's own clock in this run")
    wall_last: float = Field(description="Unix time when the checkpoint was written")
    frame_period: float = Field(gt=0.0)
    ended: bool = Field(default=False, description="The source (a file) was read to its end")
    flow_slot: int | None = None
    key_slot: int | None = None
    clip_slot: int | None = None
    open_clip: OpenClip | None = None


class FlowFrame(Message):
    """One low-resolution grey frame for the flow tracker; pixels in the blob field."""

    SCHEMA: ClassVar[str] = "spotter.flow_frame/1"
    kind: Literal["frame"] = "frame"
    frame_index: int = Field(ge=0, description="Index in the source video (not counting dropped frames)")
    clip_id: str
    width: int = Field(gt=0)
    height: int = Field(gt=0)
    hfov_deg: float = Field(gt=1.0, lt=179.0)
    projection: Projection = "pinhole"
    encoding: Literal["gray8"] = "gray8"
    session_start: bool = Field(default=False, description="True on the first frame after (re)connecting")


class ClipMark(Message):
    """End of a clip, sent in-band on a camera's frame stream so that order holds."""

    SCHEMA: ClassVar[str] = "spotter.clip_mark/1"
    kind: Literal["clip_end"] = "clip_end"
    clip_id: str
    t_start: float = Field(ge=0.0)


class Keyframe(Message):
    """A stored keyframe (JPEG in the blob store)."""

    SCHEMA: ClassVar[str] = "spotter.keyframe/1"
    clip_id: str
    frame_index: int = Field(ge=0)
    blob_key: str
    width: int = Field(gt=0)
    height: int = Field(gt=0)


class Clip(Message):
    """A finished clip: the unit that captioning, memory and decisions work on. `t` = end."""

    SCHEMA: ClassVar[str] = "spotter.clip/1"
    clip_id: str
    t_start: float = Field(ge=0.0)
    t_end: float = Field(ge=0.0)
    n_frames: int = Field(ge=0)
    keyframes: list[str] = Field(default_factory=list, description="Blob keys of the clip's keyframes")
    source: str
    status: Literal["complete", "truncated"] = Field(
        default="complete", description="truncated: the source ended or dropped inside the clip"
    )


class StreamEvent(Message):
    """Something about a camera's stream itself: a gap, an error, the end."""

    SCHEMA: ClassVar[str] = "spotter.stream_event/1"
    kind: Literal["camera_registered", "gap", "reconnected", "source_error", "source_end"]
    detail: str = ""
    gap_start_t: float | None = None
    gap_end_t: float | None = None
    gap_s: float | None = Field(default=None, description="Wall-clock seconds without frames")


class Pose(Message):
    """The camera's world-fixed orientation at one frame (degrees, yaw grows turning right)."""

    SCHEMA: ClassVar[str] = "spotter.pose/1"
    frame_index: int = Field(ge=0)
    yaw_deg: float
    pitch_deg: float = 0.0
    roll_deg: float = 0.0
    method: str
    inliers: int = Field(default=0, ge=0)
    relocalized: bool = Field(default=False, description="Corrected against a stored view")


class MotionSummary(Message):
    """How the wearer's head moved during one clip. `t` = clip end."""

    SCHEMA: ClassVar[str] = "spotter.motion_summary/1"
    clip_id: str
    t_start: float = Field(ge=0.0)
    n_frames: int = Field(ge=0)
    yaw_start_deg: float
    yaw_end_deg: float
    yaw_min_deg: float
    yaw_max_deg: float
    total_rotation_deg: float = Field(ge=0.0, description="Sum of |yaw change| over the clip")
    peak_speed_dps: float = Field(ge=0.0)
    relocalizations: int = Field(default=0, ge=0)
    method: str


# --- perception and memory (detections, observations, captions, world events) ---

AttributeValue = bool | float | int | str
EntityState = Literal["unknown", "idle", "active", "moving", "carried", "on_ground"]


class Detection(BaseModel):
    """One detected thing in one frame; the external-detections contract (the public contract)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    label: str = Field(min_length=1, max_length=64, pattern=r"^[a-z0-9_]+$", description="Lower-case label")
    bbox: tuple[float, float, float, float] = Field(description="x1, y1, x2, y2 in source-frame pixels")
    score: float = Field(default=1.0, ge=0.0, le=1.0)
    track_id: str | None = Field(default=None, description="Detector's own track id, if it tracks")
    attributes: dict[str, AttributeValue] = Field(default_factory=dict, description="e.g. hardhat, vest")


class DetectionFrame(Message):
    """Every detection in one frame (or keyframe) of one camera."""

    SCHEMA: ClassVar[str] = "spotter.detections/1"
    frame_index: int | None = Field(default=None, ge=0)
    width: int = Field(gt=0, description="Source frame width the boxes refer to")
    height: int = Field(gt=0)
    detections: list[Detection] = Field(default_factory=list)
    source: str = Field(default="builtin", description="builtin, onnx, external")


class TimedBox(BaseModel):
    """Where an observation's box was at one time."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    t: float = Field(ge=0.0)
    bbox: tuple[float, float, float, float]
    state: EntityState | None = Field(
        default=None, description="The subject's state in this frame (idle/active/...), when known"
    )
    hardhat: bool | None = Field(default=None, description="A person's hard hat in this frame, when detected")
    vest: str | None = Field(default=None, max_length=32, description="A person's vest colour ('none') in this frame")


class Relation(BaseModel):
    """A relation from an observation to another observation of the same clip."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    predicate: str = Field(min_length=1, max_length=64, description="near, holding, on, left_of, ...")
    object_track: str = Field(description="track id (within the clip) of the other observation")


class Observation(BaseModel):
    """One tracked subject in one clip (GEB): the unit that joins an entity."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    track: str = Field(description="Track id, unique within the clip")
    label: str = Field(min_length=1, max_length=64)
    boxes: list[TimedBox] = Field(min_length=1, description="Box per sampled frame, in time order")
    score: float = Field(default=1.0, ge=0.0, le=1.0)
    attributes: dict[str, AttributeValue] = Field(default_factory=dict)
    state: EntityState = "unknown"
    motion_px_s: float = Field(default=0.0, ge=0.0, description="Median speed of the box's content motion")
    description: str = ""
    relations: list[Relation] = Field(default_factory=list)
    appearance: list[float] = Field(default_factory=list, description="Appearance descriptor for identity")


class Caption(Message):
    """A clip described: text plus structured observations. `t` = clip end."""

    SCHEMA: ClassVar[str] = "spotter.caption/1"
    clip_id: str
    t_start: float = Field(ge=0.0)
    width: int = Field(gt=0)
    height: int = Field(gt=0)
    hfov_deg: float = Field(gt=1.0, lt=179.0)
    projection: Projection = "pinhole"
    text: str
    observations: list[Observation] = Field(default_factory=list)
    backend: str = Field(description="template, vlm, or vlm->template when the fallback ran")


WorldEventKind = Literal[
    "appeared", "left_view", "returned", "moved", "idle", "active", "picked_up", "dropped", "ppe_on", "ppe_off",
]


class WorldEvent(Message):
    """A change in the world memory, with hysteresis applied. `t` = when it happened."""

    SCHEMA: ClassVar[str] = "spotter.world_event/1"
    kind: WorldEventKind
    entity_id: str
    label: str
    clip_id: str | None = None
    bearing_deg: float | None = None
    detail: dict[str, AttributeValue] = Field(default_factory=dict)


# --- decisions and alerts (the reasoner's output; the public contract, "Alert categories") ---

AlertCategory = Literal[
    "safety_alert", "ppe_violation", "exclusion_zone", "left_behind", "idle", "progress", "memory_recall",
]
AlertHorizon = Literal["instant", "short_term", "episodic", "long_term"]

ALERT_HORIZONS: dict[str, AlertHorizon] = {
    "safety_alert": "instant",
    "ppe_violation": "instant",
    "exclusion_zone": "instant",
    "left_behind": "short_term",
    "memory_recall": "episodic",
    "progress": "episodic",
    "idle": "long_term",
}
"""The horizon each category belongs to; an alert's `horizon` must be its category's."""

ALERT_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$"


class Evidence(BaseModel):
    """What an alert or decision rests on: clips, entities and media times."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    clip_ids: list[str] = Field(default_factory=list, description="Clips that show it")
    entity_ids: list[str] = Field(default_factory=list, description="Entities (graph ids) involved")
    times: list[float] = Field(default_factory=list, description="Media times (seconds) that matter")


class Alert(Message):
    """Something a supervisor must hear about. `t` = media time it refers to.

    `alert_id` is the idempotency key end to end: the producer derives it from
    what the alert is about (camera, category, clip or entity), so publishing the
    same alert twice stores and delivers it once. `horizon` may be left out: it
    then follows from `category` (`ALERT_HORIZONS`); given, it must match.
    """

    SCHEMA: ClassVar[str] = "spotter.alert/1"
    alert_id: str = Field(pattern=ALERT_ID_PATTERN, description="Stable id: letters, digits, . _ : -")
    category: AlertCategory
    horizon: AlertHorizon = Field(
        default=None, validate_default=True, description="Left out (or null): the category's horizon"
    )
    message: str = Field(min_length=1, max_length=2000, description="One or two sentences for a person")
    evidence: Evidence = Field(default_factory=Evidence)

    @model_validator(mode="before")
    @classmethod
    def _default_horizon(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("horizon") is None and data.get("category") in ALERT_HORIZONS:
            return {**data, "horizon": ALERT_HORIZONS[data["category"]]}
        return data

    @model_validator(mode="after")
    def _horizon_matches(self) -> Alert:
        expected = ALERT_HORIZONS[self.category]
        if self.horizon != expected:
            raise ValueError(f"{self.category} alerts have horizon {expected!r}, not {self.horizon!r}")
        return self


class Decision(Message):
    """The reasoner's verdict on one clip: d=1 alert (with its category), d=0 nothing. `t` = clip end."""

    SCHEMA: ClassVar[str] = "spotter.decision/1"
    clip_id: str
    d: Literal[0, 1] = Field(description="1: the clip warrants an alert")
    category: AlertCategory | None = Field(default=None, description="Set exactly when d=1")
    message: str = Field(default="", max_length=2000)
    evidence: Evidence = Field(default_factory=Evidence)
    alert_id: str | None = Field(default=None, description="The alert published for it, when d=1")
    latency_ms: float = Field(ge=0.0, description="Wall milliseconds from the clip's end to the decision")

    @model_validator(mode="after")
    def _category_iff_alert(self) -> Decision:
        if (self.d == 1) != (self.category is not None):
            raise ValueError("a decision names a category exactly when d=1")
        return self


SCHEMAS: dict[str, type[BaseModel]] = {
    m.SCHEMA: m
    for m in (FlowFrame, ClipMark, Keyframe, Clip, StreamEvent, Pose, MotionSummary, Camera, DetectionFrame, Caption,
              WorldEvent, Alert, Decision)
}


def encode(message: BaseModel, blob: bytes | None = None) -> dict[bytes, bytes]:
    """Turn a message into stream fields: schema tag, JSON body and optional raw blob."""
    schema = getattr(type(message), "SCHEMA", None)
    if schema not in SCHEMAS:
        raise TypeError(f"{type(message).__name__} is not a registered stream message")
    fields = {SCHEMA_FIELD: schema.encode(), DATA_FIELD: message.model_dump_json().encode()}
    if blob is not None:
        fields[BLOB_FIELD] = blob
    return fields


def decode(fields: dict[Any, Any]) -> tuple[BaseModel, bytes | None]:
    """Inverse of `encode`; raises MalformedMessage with the reason on anything odd."""
    norm = {(k.encode() if isinstance(k, str) else k): v for k, v in fields.items()}
    raw_schema = norm.get(SCHEMA_FIELD)
    if raw_schema is None:
        raise MalformedMessage("missing 'schema' field")
    schema = raw_schema.decode() if isinstance(raw_schema, bytes) else str(raw_schema)
    model = SCHEMAS.get(schema)
    if model is None:
        raise MalformedMessage(f"unknown schema {schema!r}")
    data = norm.get(DATA_FIELD)
    if data is None:
        raise MalformedMessage("missing 'data' field")
    try:
        message = model.model_validate(json.loads(data))
    except (ValueError, ValidationError) as exc:
        raise MalformedMessage(f"invalid {schema}: {exc}".replace("\n", " ")[:500]) from exc
    blob = norm.get(BLOB_FIELD)
    return message, blob
