"""The stream codec: round trips, strictness, and clear errors for anything odd."""

from __future__ import annotations

import json

import pytest

from spotter.errors import MalformedMessage
from spotter.messages import (
    BLOB_FIELD,
    DATA_FIELD,
    SCHEMA_FIELD,
    SCHEMAS,
    Clip,
    FlowFrame,
    Message,
    Pose,
    StreamEvent,
    decode,
    encode,
)


def _frame() -> FlowFrame:
    return FlowFrame(
        camera_id="cam-1",
        t=1.5,
        wall_time=1_700_000_000.25,
        frame_index=45,
        clip_id="cam-1:0",
        width=4,
        height=2,
        hfov_deg=90.0,
    )


@pytest.mark.parametrize(
    "message",
    [
        _frame(),
        Clip(camera_id="cam-1", t=10.0, clip_id="c1", t_start=5.0, t_end=10.0, n_frames=150, source="x.mp4"),
        Pose(camera_id="cam-1", t=2.0, frame_index=60, yaw_deg=-12.5, method="orb"),
        StreamEvent(camera_id="cam-1", t=3.0, kind="gap", gap_s=1.2),
    ],
)
def test_round_trip_keeps_type_and_fields(message: Message) -> None:
    fields = encode(message)
    decoded, blob = decode(fields)
    assert type(decoded) is type(message)
    assert decoded == message
    assert blob is None
    assert fields[SCHEMA_FIELD] == type(message).SCHEMA.encode()


def test_blob_travels_raw_beside_the_json() -> None:
    pixels = bytes(range(8))
    fields = encode(_frame(), pixels)
    assert fields[BLOB_FIELD] == pixels
    assert b"blob" not in json.loads(fields[DATA_FIELD])
    decoded, blob = decode(fields)
    assert blob == pixels
    assert decoded == _frame()


def test_decode_accepts_str_keys_as_redis_may_return_them() -> None:
    fields = {k.decode(): v for k, v in encode(_frame(), b"\x00\x01").items()}
    decoded, blob = decode(fields)
    assert decoded == _frame()
    assert blob == b"\x00\x01"


def test_every_schema_tag_is_versioned_and_unique() -> None:
    for tag, model in SCHEMAS.items():
        assert tag.startswith("spotter.") and "/" in tag
        assert tag == getattr(model, "SCHEMA", None)


def test_extra_fields_are_rejected() -> None:
    fields = encode(_frame())
    body = json.loads(fields[DATA_FIELD])
    body["surprise"] = 1
    fields[DATA_FIELD] = json.dumps(body).encode()
    with pytest.raises(MalformedMessage, match="surprise"):
        decode(fields)


def test_extra_fields_are_rejected_at_construction_too() -> None:
    with pytest.raises(ValueError, match="surprise"):
        Pose(camera_id="c", t=0.0, frame_index=0, yaw_deg=0.0, method="orb", surprise=1)


def test_invalid_values_are_malformed() -> None:
    fields = encode(_frame())
    body = json.loads(fields[DATA_FIELD])
    body["t"] = -1.0
    fields[DATA_FIELD] = json.dumps(body).encode()
    with pytest.raises(MalformedMessage, match="spotter.flow_frame/1"):
        decode(fields)


def test_unknown_schema_is_malformed() -> None:
    fields = encode(_frame())
    fields[SCHEMA_FIELD] = b"spotter.flow_frame/99"
    with pytest.raises(MalformedMessage, match="unknown schema"):
        decode(fields)


@pytest.mark.parametrize("data", [b"{not json", b"", b"\xff\xfe", b"[]", b"null"])
def test_bad_json_is_malformed(data: bytes) -> None:
    fields = encode(_frame())
    fields[DATA_FIELD] = data
    with pytest.raises(MalformedMessage):
        decode(fields)


@pytest.mark.parametrize("missing", [SCHEMA_FIELD, DATA_FIELD])
def test_missing_field_is_malformed(missing: bytes) -> None:
    fields = encode(_frame())
    del fields[missing]
    with pytest.raises(MalformedMessage, match="missing"):
        decode(fields)


def test_encoding_an_unregistered_model_is_a_programming_error() -> None:
    from pydantic import BaseModel

    class Stray(BaseModel):
        x: int = 1

    with pytest.raises(TypeError, match="Stray"):
        encode(Stray())
