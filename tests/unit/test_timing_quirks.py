"""Timing quirks of long shifts must not stop the memory: keyframes whose messages were not read
(each stream is read a page at a time) or that share a time, and evals naming another camera."""

from __future__ import annotations

import numpy as np
import pytest

from spotter.blobstore import LocalBlobStore
from spotter.cli import eval_camera
from spotter.detect.base import Detection
from spotter.errors import ConfigError
from spotter.memory import KeyframeDetections, keyframe_times
from spotter.messages import Clip


def _clip(keys: list[str]) -> Clip:
    return Clip(camera_id="c", t=860.0, clip_id="c-85", t_start=850.0, t_end=860.0, n_frames=150, keyframes=keys,
                source="test")  # fmt: skip


def test_missing_keyframe_times_are_spread_not_stacked() -> None:
    clip = _clip(["k0", "k1", "k2", "k3"])
    times = keyframe_times(clip, {"k1": 852.0})
    assert times[1] == 852.0
    assert len(set(times)) == 4 and all(850.0 <= t < 860.0 for t in times)


class _Count:
    name = "count"

    def detect(self, image: np.ndarray, t: float) -> list[Detection]:
        return []


def test_equal_keyframe_times_keep_the_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import cv2

    blobs = LocalBlobStore(tmp_path)
    ok, jpeg = cv2.imencode(".jpg", np.zeros((36, 64, 3), np.uint8))
    assert ok
    keys = [blobs.put(f"c/k{i}.jpg", jpeg.tobytes(), "image/jpeg") for i in range(3)]
    frames = KeyframeDetections(_Count(), blobs).frames(_clip(keys), [850.0, 850.0, 851.0])  # type: ignore[arg-type]
    assert [f.t for f in frames] == [850.0, 851.0]


def test_eval_replays_as_the_questions_camera_or_refuses() -> None:
    qs = [{"id": "1", "camera": "north", "at": 5, "question": "where is the ladder"}]
    assert eval_camera(qs, None) == "north"
    assert eval_camera(qs, "north") == "north"
    with pytest.raises(ConfigError, match="north"):
        eval_camera(qs, "cam0")
    with pytest.raises(ConfigError, match="several cameras"):
        eval_camera(qs + [{"id": "2", "camera": "south", "at": 5, "question": "x"}], None)


def test_a_connection_s_unstamped_first_frames_come_one_frame_apart() -> None:
    """FFmpeg's RTSP reader gives a connection's first frame no timestamp (seen on a camera joined at a
    keyframe): it is the frame before the first stamped one, not a second frame at the same time."""
    from spotter.video.sources import _CameraClock

    clock = _CameraClock(15.0, base=10.0, wall0=100.0)
    got = [clock.time(float("nan"), 100.0)[0]] + [clock.time(1000.0 * k / 15.0, 100.0)[0] for k in range(1, 4)]
    assert got == pytest.approx([10.0, 10.0 + 1 / 15, 10.0 + 2 / 15, 10.0 + 3 / 15])
    assert clock.time(float("nan"), 100.0)[0] == pytest.approx(10.0 + 4 / 15)  # a lost stamp mid-stream: next frame


def test_a_camera_that_never_stamps_runs_on_arrival_time() -> None:
    from spotter.video.sources import _CameraClock

    clock = _CameraClock(15.0, base=0.0, wall0=0.0)
    times = [clock.time(float("nan"), k * 0.1)[0] for k in range(40)]
    assert times[:30] == pytest.approx([k / 15 for k in range(30)])  # two seconds' worth, one frame apart
    assert times[39] == pytest.approx(3.9)  # then the wall clock


def test_a_reconnect_s_time_away_is_measured_on_the_camera_s_pace_not_on_arrival() -> None:
    """The stream left at wall 100.0 and its first frame after the reconnect was taken at 101.0; the client
    buffered 0.6 s of it while probing, so frames 0-8 arrive together at 101.65, then one every 1/15 s."""
    from spotter.video.sources import RtspSource, _HeldFrame

    taken0, fps = 101.0, 15.0
    held = []
    for k in range(20):
        wall = max(taken0 + 0.65, taken0 + k / fps + 0.05)  # the burst, then the camera's pace plus 50 ms
        held.append(_HeldFrame(wall, float("nan") if k == 0 else 1000.0 * k / fps, None, None, False))
    source = RtspSource("rtsp://127.0.0.1:1/cam")
    source._fps = fps  # as opening the stream sets it
    away = source._time_away(held, last_wall=100.0)
    assert away == pytest.approx(1.05, abs=1e-6)  # by arrival it was 1.65
