"""Clip, keyframe and flow-frame scheduling by media time: pure functions, no I/O."""

from __future__ import annotations

import random

import numpy as np
import pytest

from spotter.errors import ConfigError
from spotter.ingest import (
    ClipState,
    FrameScheduler,
    IngestSettings,
    clip_index_at,
    clip_status,
    make_clip_id,
    plan_resume,
    validate_camera_id,
)
from spotter.messages import IngestCheckpoint, OpenClip
from spotter.video.frames import flow_size, to_flow_grey
from spotter.video.sources import Backoff, redact_url


def run(sched: FrameScheduler, fps: float, seconds: float) -> list[tuple[int, float, bool, bool, bool]]:
    out = []
    for i in range(int(round(fps * seconds))):
        t = i / fps
        d = sched.decide(t)
        out.append((i, t, d.flow, d.keyframe, d.new_clip))
    return out


def test_clip_index_tolerates_float_error() -> None:
    assert clip_index_at(60 / 30, 2.0) == 1
    assert clip_index_at(59 / 30, 2.0) == 0
    assert clip_index_at(0.3 * 3 / 0.9 * 10.0 - 1e-12, 10.0) == 1


def test_flow_frames_at_the_requested_rate() -> None:
    frames = run(FrameScheduler(10.0, 1.0, 15.0), fps=30.0, seconds=4.0)
    flows = [i for i, _t, flow, _k, _c in frames if flow]
    assert len(flows) == 60
    assert flows[:4] == [0, 2, 4, 6]


def test_flow_rate_with_a_frame_rate_that_does_not_divide() -> None:
    frames = run(FrameScheduler(10.0, 1.0, 10.0), fps=25.0, seconds=10.0)
    assert sum(flow for _i, _t, flow, _k, _c in frames) in (100, 101)  # 10 s of slots, the last one begun


def test_a_camera_at_the_flow_rate_whose_timestamps_jitter_sends_every_frame() -> None:
    """A 15 fps camera stamping its frames up to 25 ms early or late (an encoder under load): with slots on
    the frame grid's floor two frames near a boundary shared a slot and one was dropped (5 % seen live)."""
    rng = np.random.default_rng(4)
    sched = FrameScheduler(10.0, 1.0, 15.0)
    times = [i / 15.0 + rng.uniform(-0.025, 0.025) for i in range(1, 900)]
    assert all(sched.decide(t).flow for t in [0.0, *times])


def test_flow_fps_zero_or_above_source_rate_takes_every_frame() -> None:
    for flow_fps in (0.0, 60.0):
        frames = run(FrameScheduler(10.0, 1.0, flow_fps), fps=30.0, seconds=2.0)
        assert all(flow for _i, _t, flow, _k, _c in frames)


def test_one_keyframe_per_interval_and_at_every_clip_start() -> None:
    frames = run(FrameScheduler(2.0, 1.0, 15.0), fps=30.0, seconds=6.0)
    keys = [i for i, _t, _f, key, _c in frames if key]
    assert keys == [0, 30, 60, 90, 120, 150]
    # A keyframe interval longer than a clip still gives each clip its first frame.
    frames = run(FrameScheduler(1.0, 5.0, 15.0), fps=10.0, seconds=3.0)
    assert [i for i, _t, _f, key, _c in frames if key] == [0, 10, 20]


def test_clip_boundaries_every_clip_seconds() -> None:
    frames = run(FrameScheduler(2.0, 1.0, 15.0), fps=30.0, seconds=7.0)
    assert [i for i, _t, _f, _k, new in frames if new] == [0, 60, 120, 180]


def test_peek_does_not_change_state_and_matches_decide() -> None:
    sched = FrameScheduler(2.0, 1.0, 15.0)
    for i in range(100):
        t = i / 30
        before = sched.peek(t)
        assert sched.peek(t) == before
        assert sched.wants_pixels(t) == (before.flow or before.keyframe)
        assert sched.decide(t) == before


def test_frames_without_pixels_move_clips_but_not_slots() -> None:
    sched = FrameScheduler(2.0, 1.0, 15.0)
    d = sched.decide(0.0, have_pixels=False)
    assert (d.flow, d.keyframe, d.new_clip) == (False, False, True)
    d = sched.decide(1 / 30)
    assert d.flow and d.keyframe and not d.new_clip


def test_restart_forces_flow_and_keyframe() -> None:
    sched = FrameScheduler(10.0, 1.0, 15.0)
    sched.decide(0.0)
    assert not sched.peek(0.01).flow
    sched.restart()
    d = sched.decide(0.01)
    assert d.flow and d.keyframe and not d.new_clip


def test_scheduler_rejects_bad_settings() -> None:
    with pytest.raises(ConfigError):
        FrameScheduler(0.0, 1.0, 15.0)
    with pytest.raises(ConfigError):
        FrameScheduler(10.0, 1.0, -1.0)


def test_clip_status_complete_truncated_and_interrupted() -> None:
    period = 1 / 30
    full = ClipState("c", 1, t_start=2.0, t_last=4.0 - period)
    assert clip_status(full, 2.0, period) == (2.0, pytest.approx(4.0), "complete")
    short = ClipState("c", 1, t_start=2.0, t_last=3.0)
    assert clip_status(short, 2.0, period)[2] == "truncated"
    late = ClipState("c", 1, t_start=2.5, t_last=4.0 - period)
    assert clip_status(late, 2.0, period)[2] == "truncated"
    gap = ClipState("c", 1, t_start=2.0, t_last=4.0 - period, interrupted=True)
    assert clip_status(gap, 2.0, period)[2] == "truncated"


def test_clip_ids_are_deterministic_and_sortable() -> None:
    assert make_clip_id("cam1", "abc", 7) == "cam1-abc-000007"
    assert make_clip_id("cam1", "abc", 10) > make_clip_id("cam1", "abc", 9)


@pytest.mark.parametrize("bad", ["", "a/b", "..", "cam 1", "x" * 129, "../etc"])
def test_camera_ids_must_be_safe(bad: str) -> None:
    with pytest.raises(ConfigError):
        validate_camera_id(bad)


def test_settings_collect_sources(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPOTTER_INGEST_SOURCE", "/videos/a.mp4")
    monkeypatch.setenv("SPOTTER_INGEST_CAMERA_ID", "front")
    monkeypatch.setenv("SPOTTER_INGEST_SOURCES", '{"gate": "rtsp://10.0.0.2/cam"}')
    monkeypatch.setenv("SPOTTER_INGEST_CLIP_SECONDS", "2")
    s = IngestSettings()
    assert s.clip_seconds == 2.0
    assert s.camera_sources() == {"gate": "rtsp://10.0.0.2/cam", "front": "/videos/a.mp4"}


def test_flow_size_keeps_aspect_and_never_upscales() -> None:
    assert flow_size(640, 360, 320) == (320, 180)
    assert flow_size(640, 360, 160) == (160, 90)
    assert flow_size(1920, 1080, 320) == (320, 180)
    assert flow_size(300, 200, 320) == (300, 200)


@pytest.mark.parametrize("size", [(320, 180), (160, 90), (213, 120), (640, 360)])
def test_to_flow_grey_matches_a_direct_area_resize(size: tuple[int, int]) -> None:
    import cv2

    rng = np.random.default_rng(0)
    img = cv2.GaussianBlur(rng.integers(0, 256, (360, 640, 3), dtype=np.uint8), (7, 7), 2)
    grey = to_flow_grey(img, size)
    assert grey.shape == (size[1], size[0]) and grey.dtype == np.uint8 and grey.flags.c_contiguous
    direct = cv2.resize(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), size, interpolation=cv2.INTER_AREA)
    assert np.abs(grey.astype(int) - direct).max() <= 3


def test_backoff_grows_caps_and_jitters() -> None:
    b = Backoff(initial_s=0.5, factor=2.0, max_s=30.0, jitter=0.0)
    assert [b.delay(i) for i in range(8)] == [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
    j = Backoff(jitter=0.2)
    rng = random.Random(1)
    delays = [j.delay(3, rng) for _ in range(200)]
    assert min(delays) >= 4.0 * 0.8 and max(delays) <= 4.0 * 1.2 and len(set(delays)) > 100
    assert all(j.delay(100, rng) <= 30.0 for _ in range(50))


def test_redact_url_hides_credentials_only() -> None:
    assert redact_url("rtsp://user:pw@10.0.0.1:554/cam") == "rtsp://***@10.0.0.1:554/cam"
    assert redact_url("rtsp://10.0.0.1/a@b") == "rtsp://10.0.0.1/a@b"
    assert redact_url("/videos/a@b.mp4") == "/videos/a@b.mp4"


# --- resuming a camera's timeline (plan_resume) ------------------------------------------------



def checkpoint(**kw: object) -> IngestCheckpoint:
    values: dict[str, object] = dict(
        camera_id="cam1", session_id="s1", source_session="", live=True, t_last=125.0,
        next_frame_index=3750, wall_last=1_000.0, frame_period=1 / 30,
        open_clip=OpenClip(clip_id="cam1-s1-000012", clip_index=12, t_start=120.0, t_last=125.0, n_frames=150),
    )  # fmt: skip
    values.update(kw)
    return IngestCheckpoint(**values)  # type: ignore[arg-type]


def test_a_camera_never_ingested_starts_its_timeline_at_zero() -> None:
    plan = plan_resume(None, live=True, source_session="", now=5.0)
    assert (plan.session_id, plan.t_offset, plan.index_offset, plan.refuse) == (None, 0.0, 0, None)


def test_a_live_camera_continues_its_session_after_the_time_ingest_was_down() -> None:
    plan = plan_resume(checkpoint(), live=True, source_session="", now=1_007.5)
    assert plan.session_id == "s1" and plan.t_offset == pytest.approx(132.5)
    assert plan.index_offset == 3750 and plan.gap_from == 125.0 and plan.session_start
    assert plan.clip is not None and plan.continue_clip  # the clip goes on if the camera is back inside it


def test_a_restart_faster_than_a_frame_still_moves_time_on() -> None:
    plan = plan_resume(checkpoint(wall_last=1_000.0), live=True, source_session="", now=999.0)  # clocks disagree
    assert plan.t_offset == pytest.approx(125.0 + 1 / 30)


def test_an_unfinished_file_resumes_at_its_next_frame_in_the_same_session() -> None:
    ck = checkpoint(live=False, source_session="abc", flow_slot=1875, key_slot=125, clip_slot=12)
    plan = plan_resume(ck, live=False, source_session="abc", now=9e9)
    assert plan.session_id == "s1" and plan.skip_until == 125.0 and plan.t_offset == 0.0
    assert plan.scheduler == (1875, 125, 12) and not plan.session_start and plan.continue_clip


def test_a_file_read_to_its_end_is_refused_and_another_file_follows_the_timeline() -> None:
    done = checkpoint(live=False, source_session="abc", ended=True, open_clip=None)
    assert plan_resume(done, live=False, source_session="abc", now=0.0).refuse
    other = plan_resume(done, live=False, source_session="xyz", now=0.0)
    assert other.refuse is None and other.session_id is None  # the new file's own session
    assert other.t_offset == pytest.approx(125.0 + 1 / 30) and other.index_offset == 3750


def test_a_file_camera_that_becomes_live_closes_the_file_s_open_clip() -> None:
    plan = plan_resume(checkpoint(live=False, source_session="abc"), live=True, source_session="", now=2_000.0)
    assert plan.session_id is None and plan.clip is not None and not plan.continue_clip
