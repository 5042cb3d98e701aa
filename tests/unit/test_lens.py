"""The lens: pinhole and equidistant fisheye mappings from pixels to angles, and the rotation
tracker's rays under each (a pixel lifted to a ray and projected back lands where it started)."""

from __future__ import annotations

import numpy as np
import pytest

from spotter.heading import make_estimator
from spotter.world.geometry import bearing_deg, column_at, egocentric_deg


@pytest.mark.parametrize("projection", ["pinhole", "fisheye"])
def test_column_and_angle_are_inverse(projection: str) -> None:
    for ego in (-60.0, -20.0, 0.0, 15.0, 59.0):
        x = column_at(ego, 640, 130.0, projection)  # type: ignore[arg-type]
        assert egocentric_deg(x, 640, 130.0, projection) == pytest.approx(ego, abs=1e-9)  # type: ignore[arg-type]


def test_fisheye_is_linear_in_angle_and_pinhole_is_not() -> None:
    quarter = 640 * 0.75 - 0.5  # halfway from the centre to the right edge
    assert egocentric_deg(quarter, 640, 140.0, "fisheye") == pytest.approx(35.0, abs=0.2)
    assert egocentric_deg(quarter, 640, 140.0, "pinhole") == pytest.approx(53.9, abs=0.3)
    box = (quarter - 10, 100, quarter + 10, 200)
    assert bearing_deg(10.0, box, 640, 140.0, "fisheye") == pytest.approx(45.0, abs=0.2)


@pytest.mark.parametrize("projection", ["pinhole", "fisheye"])
def test_rotation_tracker_rays_round_trip(projection: str) -> None:
    est = make_estimator("rotation", 120.0, projection)
    est._prepare(np.zeros((180, 320), np.uint8))  # type: ignore[attr-defined]
    pts = np.array([[10.0, 20.0], [160.0, 90.0], [300.0, 170.0], [159.5, 89.5]])
    rays = est._rays(pts)  # type: ignore[attr-defined]
    assert np.allclose(np.linalg.norm(rays, axis=1), 1.0)
    back, inside = est._project(rays)  # type: ignore[attr-defined]
    assert inside.all() and np.allclose(back, pts, atol=1e-6)
    # the frame's right edge is half the field of view off the axis along the horizon
    edge = est._rays(np.array([[319.0 + 0.5, 89.5]]))[0]  # type: ignore[attr-defined]
    angle = np.degrees(np.arctan2(edge[0], edge[2]))
    assert angle == pytest.approx(60.0, abs=0.5)


# --- the lens measured from the video (spotter.heading.calibrate) --------------------------------


def _equidistant_rays(width: int, height: int, hfov_deg: float) -> np.ndarray:
    f = (width / 2.0) / np.radians(hfov_deg / 2.0)
    u = np.arange(width) - (width / 2.0 - 0.5)
    v = np.arange(height) - (height / 2.0 - 0.5)
    x, y = np.meshgrid(u, v)
    r = np.hypot(x, y)
    theta = r / f
    s = np.where(r > 1e-9, np.sin(theta) / np.where(r > 1e-9, r, 1.0), 1.0 / f)
    rays = np.stack([(x * s).ravel(), (y * s).ravel(), np.cos(theta).ravel()]).astype(np.float32)
    rays.setflags(write=False)
    return rays


def _walk(seconds: float, fps: float = 15.0) -> list[float]:
    """Pans left and right, then a full turn: the yaw per frame."""
    t = np.arange(int(seconds * fps)) / fps
    pan = 50.0 * np.sin(2 * np.pi * t / 8.0)
    turn = np.clip((t - 0.6 * seconds) / (0.3 * seconds), 0.0, 1.0) * 360.0
    return list(pan + turn)


@pytest.mark.parametrize(("projection", "true_hfov", "configured"), [
    ("pinhole", 80.0, 96.0), ("pinhole", 80.0, 64.0), ("fisheye", 130.0, 104.0), ("pinhole", 80.0, 80.0)])
def test_a_wrong_field_of_view_is_measured_and_corrected(projection: str, true_hfov: float, configured: float) -> None:
    from spotter.heading.rotation import RotationEstimator
    from spotter.synth import ViewRenderer, make_panorama

    renderer = ViewRenderer(make_panorama(seed=3, width=2048), 320, 180, true_hfov)
    if projection == "fisheye":
        renderer._rays = _equidistant_rays(320, 180, true_hfov)
    est = RotationEstimator(configured, projection=projection)
    truth = _walk(30.0)
    yaws = [est.update(renderer.render(y, -3.0, 0.0)).yaw_deg for y in truth]
    measured = est.lens_estimate
    assert measured is not None and measured.pairs >= 9
    assert measured.hfov_deg == pytest.approx(true_hfov, rel=0.04)
    if configured == true_hfov:
        assert est.lens is None  # a right lens is confirmed, not replaced
    else:
        assert est.lens is not None and est.hfov_deg == pytest.approx(true_hfov, rel=0.04)
    assert abs(yaws[-1] - truth[-1]) < 4.0, (yaws[-1], truth[-1])


def test_a_small_correction_of_the_configured_lens_waits_for_a_well_measured_one() -> None:
    """Configured 4 % off: the first few view pairs are not enough to replace a lens the user gave (an early
    estimate is itself a few % off, and re-scaling on it cost more than it saved on walking footage); it is
    replaced once `calibrate_max_pairs` pairs agree. A lens 20 % off is replaced early (test above)."""
    from spotter.heading.rotation import RotationEstimator
    from spotter.synth import ViewRenderer, make_panorama

    renderer = ViewRenderer(make_panorama(seed=3, width=2048), 320, 180, 80.0)
    early = RotationEstimator(83.2, projection="pinhole")
    for y in _walk(8.0):
        early.update(renderer.render(y, -3.0, 0.0))
    measured = early.lens_estimate
    assert measured is not None and measured.hfov_deg == pytest.approx(80.0, rel=0.02)
    assert measured.pairs < early.s.calibrate_max_pairs and early.lens is None and early.hfov_deg == 83.2
    later = RotationEstimator(83.2, projection="pinhole")
    for y in _walk(30.0):
        later.update(renderer.render(y, -3.0, 0.0))
    assert later.lens is not None and later.hfov_deg == pytest.approx(80.0, rel=0.02)
