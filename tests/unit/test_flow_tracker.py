"""CameraTrack: heading from rendered frames, clip motion summaries, gaps, checkpoints. No I/O."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from spotter.errors import MalformedMessage
from spotter.flow_tracker import (
    CameraTrack,
    FlowTrackerSettings,
    heading_error,
    stream_id_key,
    summarize_turn,
)
from spotter.messages import ClipMark, FlowFrame
from spotter.synth import ViewRenderer, make_panorama

W, H, HFOV, FPS = 160, 90, 90.0, 15.0


@pytest.fixture(scope="module")
def renderer() -> ViewRenderer:
    return ViewRenderer(make_panorama(seed=5, width=1024), W, H, HFOV)


def grey(renderer: ViewRenderer, yaw: float) -> bytes:
    img = renderer.render(yaw, 0.0, 0.0)
    return bytes(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).tobytes())


def frame(i: int, clip: str = "c0", session_start: bool = False, t: float | None = None) -> FlowFrame:
    return FlowFrame(
        camera_id="cam",
        t=i / FPS if t is None else t,
        frame_index=i,
        clip_id=clip,
        width=W,
        height=H,
        hfov_deg=HFOV,
        session_start=session_start,
    )


def turn(n: int, total_deg: float, start: float = 0.0) -> list[float]:
    """A smooth turn of `total_deg` over n frames (cosine speed profile)."""
    return [start + total_deg * (1 - math.cos(math.pi * k / (n - 1))) / 2 for k in range(n)]


def test_heading_follows_a_known_turn(renderer: ViewRenderer) -> None:
    track = CameraTrack("cam", "rotation")
    truth = turn(45, 90.0) + [90.0] * 5 + turn(30, -40.0, 90.0)
    est = []
    for i, yaw in enumerate(truth):
        pose = track.on_frame(frame(i), grey(renderer, yaw))
        assert pose is not None and pose.frame_index == i and pose.method == "rotation"
        est.append(pose.yaw_deg)
    assert est[0] == 0.0
    final, worst = heading_error(est, truth)
    assert final < 1.0 and worst < 1.5, (final, worst)
    assert track.frames == len(truth) and track.yaw_deg == est[-1]


def test_clip_mark_yields_motion_summary(renderer: ViewRenderer) -> None:
    track = CameraTrack("cam", "rotation")
    truth = turn(30, 60.0) + turn(30, -100.0, 60.0)  # right 60, then left 100
    for i, yaw in enumerate(truth):
        track.on_frame(frame(i, clip="clipA"), grey(renderer, yaw))
    s = track.on_clip_end(ClipMark(camera_id="cam", t=4.0, clip_id="clipA", t_start=0.0))
    assert s.clip_id == "clipA" and s.n_frames == 60 and s.t == 4.0 and s.t_start == 0.0
    assert s.yaw_start_deg == 0.0
    assert s.yaw_end_deg == pytest.approx(-40.0, abs=1.0)
    assert s.yaw_max_deg == pytest.approx(60.0, abs=1.0)
    assert s.yaw_min_deg == pytest.approx(-40.0, abs=1.0)
    assert s.total_rotation_deg == pytest.approx(160.0, abs=3.0)
    # Peak speed of a cosine turn of A deg over n frames: A * pi / 2 / ((n - 1) / fps).
    peak = 100.0 * math.pi / 2 / (29 / FPS)
    assert s.peak_speed_dps == pytest.approx(peak, rel=0.1)
    assert summarize_turn(s.yaw_start_deg, s.yaw_end_deg) == "turned left 40 deg"
    # The clip is closed: a mark for a clip without frames summarises nothing at the current heading.
    empty = track.on_clip_end(ClipMark(camera_id="cam", t=5.0, clip_id="clipB", t_start=4.0))
    assert empty.n_frames == 0 and empty.yaw_start_deg == empty.yaw_end_deg == s.yaw_end_deg


def test_session_start_after_a_gap_keeps_the_heading(renderer: ViewRenderer) -> None:
    track = CameraTrack("cam", "rotation")
    yaws = turn(30, 50.0)
    for i, yaw in enumerate(yaws):
        track.on_frame(frame(i), grey(renderer, yaw))
    before = track.yaw_deg
    # After the gap the wearer looks elsewhere (yaw 120): unmeasurable, so the heading carries on.
    after = [120.0 + d for d in turn(20, 30.0)]
    poses = [
        track.on_frame(frame(100 + k, session_start=(k == 0), t=20.0 + k / FPS), grey(renderer, yaw))
        for k, yaw in enumerate(after)
    ]
    assert poses[0] is not None and poses[0].yaw_deg == pytest.approx(before, abs=1e-6)
    # Motion after the gap is measured from the new start: +30 deg.
    assert poses[-1] is not None and poses[-1].yaw_deg - before == pytest.approx(30.0, abs=1.0)


def test_duplicate_frames_are_skipped_and_bad_pixels_rejected(renderer: ViewRenderer) -> None:
    track = CameraTrack("cam")
    assert track.on_frame(frame(0), grey(renderer, 0.0)) is not None
    assert track.on_frame(frame(1), grey(renderer, 1.0)) is not None
    assert track.on_frame(frame(1), grey(renderer, 1.0)) is None
    with pytest.raises(MalformedMessage):
        track.on_frame(frame(2), b"\x00" * 10)


def test_checkpoint_restore_continues_the_heading(renderer: ViewRenderer) -> None:
    truth = turn(60, 120.0)
    whole = CameraTrack("cam")
    ref = [whole.on_frame(frame(i, clip="c"), grey(renderer, y)) for i, y in enumerate(truth)]

    first = CameraTrack("cam")
    for i, y in enumerate(truth[:25]):
        first.on_frame(frame(i, clip="c"), grey(renderer, y))
    first.last_id = "5-3"
    state, gray = first.checkpoint()
    resumed = CameraTrack.restore(state, gray)
    assert resumed.last_id == "5-3" and resumed.frames == 25 and resumed.yaw_deg == first.yaw_deg
    rest = [resumed.on_frame(frame(i, clip="c"), grey(renderer, y)) for i, y in enumerate(truth) if i >= 25]
    assert all(p is not None for p in rest)
    # Motion across the takeover is measured (seeded with the last frame): no step in the heading.
    assert rest[0] is not None and ref[25] is not None
    assert rest[0].yaw_deg == pytest.approx(ref[25].yaw_deg, abs=0.5)
    assert rest[-1] is not None and rest[-1].yaw_deg == pytest.approx(120.0, abs=1.0)
    # The clip accumulator survives: the summary covers all 60 frames.
    s = resumed.on_clip_end(ClipMark(camera_id="cam", t=4.0, clip_id="c", t_start=0.0))
    assert s.n_frames == 60 and s.yaw_start_deg == 0.0
    assert s.total_rotation_deg == pytest.approx(120.0, abs=2.0)


def test_restore_rejects_unknown_version() -> None:
    with pytest.raises(MalformedMessage):
        CameraTrack.restore({"v": 99, "camera_id": "cam"}, None)


def test_helpers_and_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    assert stream_id_key("10-2") < stream_id_key("10-10") < stream_id_key("11-0")
    assert summarize_turn(0.0, 2.0) == "held its heading"
    assert summarize_turn(10.0, 152.0) == "turned right 142 deg"
    final, worst = heading_error([5.0, 6.0, 9.0], [0.0, 1.0, 3.0])
    assert final == pytest.approx(1.0) and worst == pytest.approx(1.0)
    monkeypatch.setenv("SPOTTER_FLOW_METHOD", "rotation-odometry")
    monkeypatch.setenv("SPOTTER_FLOW_LEASE_MS", "3000")
    s = FlowTrackerSettings()
    assert s.method == "rotation-odometry" and s.lease_ms == 3000
    monkeypatch.setenv("SPOTTER_FLOW_METHOD", "nope")
    with pytest.raises(ValueError):
        FlowTrackerSettings()
    assert np.isnan(heading_error([], [])[0])
