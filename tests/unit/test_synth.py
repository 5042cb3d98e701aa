"""Synthetic video generator: geometry conventions, scripts, truth, caching, video output."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from spotter.synth import (
    SCRIPTS,
    Degradation,
    ViewRenderer,
    focal_px,
    generate,
    load_truth,
    make_panorama,
    make_trajectory,
    render_view,
    write_truth,
    write_video,
)
from spotter.synth.trajectory import PEAK_YAW_SPEED


@pytest.fixture(scope="module")
def pano() -> np.ndarray:
    return make_panorama(seed=3, width=1024)


def _grey(img: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32)


def test_panorama_shape_determinism_and_seam(pano: np.ndarray) -> None:
    assert pano.shape == (256, 1024, 3) and pano.dtype == np.uint8
    assert np.array_equal(pano, make_panorama(seed=3, width=1024))
    assert not np.array_equal(pano, make_panorama(seed=4, width=1024))
    g = pano.astype(np.float32)
    seam = np.abs(g[:, 0] - g[:, -1]).mean()
    inner = np.mean([np.abs(g[:, j] - g[:, j + 1]).mean() for j in range(100, 1000, 50)])
    assert seam < 1.5 * inner  # the 0/360 seam is no worse than any other column boundary


def test_wrap_yaw_0_equals_360(pano: np.ndarray) -> None:
    a = render_view(pano, 0.0, 3.0, -2.0, 160, 90, 90.0)
    b = render_view(pano, 360.0, 3.0, -2.0, 160, 90, 90.0)
    c = render_view(pano, -720.0, 3.0, -2.0, 160, 90, 90.0)
    assert np.array_equal(a, b) and np.array_equal(a, c)
    # the view centred on the seam is continuous: no strong vertical edge in the middle column
    g = _grey(render_view(pano, 0.0, 0.0, 0.0, 160, 90, 60.0))
    dx = np.abs(np.diff(g, axis=1)).mean(axis=0)
    assert dx[79] < 3.0 * np.median(dx)


@pytest.mark.parametrize("hfov", [60.0, 90.0])
def test_sign_convention_turn_right_moves_scene_left(pano: np.ndarray, hfov: float) -> None:
    w, h = 320, 180
    r = ViewRenderer(pano, w, h, hfov)
    f = focal_px(w, hfov)
    a, b = _grey(r.render(40.0)), _grey(r.render(45.0))
    win = cv2.createHanningWindow((w, h), cv2.CV_32F)
    (sx, sy), _ = cv2.phaseCorrelate(a, b, win)
    expected = f * math.radians(5.0)
    assert sx < 0, "turning right (yaw +) must move the scene LEFT"
    assert abs(-sx - expected) < 0.1 * expected + 0.5
    assert abs(sy) < 1.0
    # pitch up moves the scene down
    (_, sy2), _ = cv2.phaseCorrelate(a, _grey(r.render(40.0, 3.0)), win)
    assert sy2 > 0.5 * f * math.radians(3.0)


def test_azimuth_appears_at_centre_when_yaw_equals_it() -> None:
    # a panorama with one bright column at azimuth 123 deg
    W = 1440
    p = np.zeros((360, W, 3), np.uint8)
    col = int(round(123.0 * W / 360.0 - 0.5))
    p[:, col] = 255
    img = _grey(render_view(p, 123.0, 0.0, 0.0, 201, 51, 60.0))
    assert int(np.argmax(img[25])) == 100
    # roll +: clockwise head tilt -> the vertical line appears rotated counter-clockwise,
    # i.e. its top moves LEFT of its bottom (and the horizon's right end rises)
    img = _grey(render_view(p, 123.0, 0.0, 5.0, 201, 101, 60.0))
    assert np.argmax(img[5]) < 100 < np.argmax(img[95])


@pytest.mark.parametrize("script", SCRIPTS)
def test_scripts_deterministic_bounded(script: str) -> None:
    a = make_trajectory(script, 20.0, 15.0, seed=7)
    b = make_trajectory(script, 20.0, 15.0, seed=7)
    c = make_trajectory(script, 20.0, 15.0, seed=8)
    assert a.n_frames == 300
    for x, y in ((a.yaw, b.yaw), (a.pitch, b.pitch), (a.roll, b.roll)):
        assert np.array_equal(x, y)
    assert not np.array_equal(a.yaw, c.yaw)
    assert np.abs(a.pitch).max() <= 8.0 and np.abs(a.roll).max() <= 3.5
    # a longer clip extends a shorter one (same seed)
    long = make_trajectory(script, 40.0, 15.0, seed=7)
    assert np.allclose(long.yaw[:300], a.yaw)


@pytest.mark.parametrize("script", SCRIPTS)
def test_scripts_reach_advertised_speeds(script: str) -> None:
    peaks = [make_trajectory(script, 60.0, 100.0, seed=s).yaw_speed().max() for s in range(3)]
    jitter_margin = 15.0
    assert max(peaks) <= PEAK_YAW_SPEED[script] + jitter_margin
    if script == "slow_pans":
        assert min(peaks) >= 12.0
    else:
        assert min(peaks) >= 270.0, peaks


def test_truth_csv_round_trip(tmp_path) -> None:
    tr = make_trajectory("fast_turns", 3.0, 10.0, seed=1)
    p = write_truth(tmp_path / "t.csv", tr)
    assert p.read_text().splitlines()[0] == "frame,t,yaw_deg,pitch_deg,roll_deg"
    d = load_truth(p)
    assert np.array_equal(d["frame"], np.arange(30))
    assert np.allclose(d["t"], np.arange(30) / 10.0)
    assert np.allclose(d["yaw_deg"], tr.yaw, atol=1e-5)
    assert np.allclose(d["pitch_deg"], tr.pitch, atol=1e-5)
    assert np.allclose(d["roll_deg"], tr.roll, atol=1e-5)


def test_write_video_opens_with_right_count_and_size(tmp_path, pano: np.ndarray) -> None:
    tr = make_trajectory("site_walk", 2.0, 10.0, seed=2)
    v, t = write_video(
        tmp_path / "a.mp4", tr, pano, 160, 96, 90.0, degradation=Degradation(flicker=0.1, seed=2), threads=2
    )
    cap = cv2.VideoCapture(str(v))
    assert cap.isOpened()
    n = 0
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        assert frame.shape == (96, 160, 3)
        n += 1
    cap.release()
    assert n == 20
    assert len(load_truth(t)["frame"]) == 20


def test_generate_caches(tmp_path) -> None:
    kw = dict(width=96, height=64, hfov_deg=90.0, seed=5, out_dir=tmp_path, pano_width=1024)
    g1 = generate("look_back", 1.0, 10.0, **kw)
    assert g1.video_path.exists() and g1.truth_path.exists() and g1.n_frames == 10
    m1 = (g1.video_path.stat().st_mtime_ns, g1.truth_path.stat().st_mtime_ns)
    g2 = generate("look_back", 1.0, 10.0, **kw)
    assert g2 == g1
    assert (g2.video_path.stat().st_mtime_ns, g2.truth_path.stat().st_mtime_ns) == m1
    g3 = generate("look_back", 1.0, 10.0, **{**kw, "seed": 6})
    assert g3.video_path != g1.video_path
