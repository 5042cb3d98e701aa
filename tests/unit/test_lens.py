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
