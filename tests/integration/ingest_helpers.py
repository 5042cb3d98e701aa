"""Helpers shared by the ingest integration tests: test videos and reading the streams back."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from redis import Redis

from spotter import streams
from spotter.messages import Clip, FlowFrame, Keyframe, decode


def make_test_video(
    path: Path, seconds: float, *, fps: int = 30, size: str = "640x360", faststart: bool = False
) -> Path:
    """An H.264 MP4 of ffmpeg's moving testsrc2 pattern, a keyframe every second."""
    if shutil.which("ffmpeg") is None:
        pytest.fail("ffmpeg is not on PATH: the ingest integration tests need it (apt-get install ffmpeg)")
    cmd = [
        "ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i", f"testsrc2=size={size}:rate={fps}",
        "-t", str(seconds), "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", str(fps),
    ]  # fmt: skip
    if faststart:
        cmd += ["-movflags", "+faststart"]
    subprocess.run([*cmd, str(path)], check=True, timeout=60)
    return path


def read_stream(redis: Redis, stream: str) -> list[tuple[BaseModel, bytes | None]]:
    """Every message of `stream`, decoded, in order."""
    out: list[tuple[BaseModel, bytes | None]] = []
    entries: list[Any] = redis.xrange(stream)
    for _id, fields in entries:
        out.append(decode(fields))
    return out


def published(redis: Redis, cam: str) -> dict[str, list[tuple[object, ...]]]:
    """What downstream sees of one camera, without the camera id (to compare two cameras' runs)."""
    frames = [m for m, _ in read_stream(redis, streams.frames_stream(cam))]
    return {
        "frames": [
            (m.frame_index, round(m.t, 6), m.clip_id.split("-", 1)[1], m.session_start)  # type: ignore[attr-defined]
            if isinstance(m, FlowFrame)
            else ("mark", m.clip_id.split("-", 1)[1], round(m.t, 6))  # type: ignore[attr-defined]
            for m in frames
        ],
        "keyframes": [
            (m.frame_index, m.clip_id.split("-", 1)[1])
            for m, _ in read_stream(redis, streams.KEYFRAMES)
            if isinstance(m, Keyframe) and m.camera_id == cam
        ],
        "clips": [
            (m.clip_id.split("-", 1)[1], m.n_frames, m.status, round(m.t_start, 6), round(m.t_end, 6), len(m.keyframes))
            for m, _ in read_stream(redis, streams.CLIPS)
            if isinstance(m, Clip) and m.camera_id == cam
        ],
    }
