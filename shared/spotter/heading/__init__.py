"""Heading (yaw, pitch, roll) from optical flow, behind one interface."""

from __future__ import annotations

from typing import Literal

from spotter.heading.base import HeadingEstimator, PoseEstimate

HeadingMethod = Literal["vista", "vista-fov", "rotation", "rotation-odometry"]
METHODS: tuple[HeadingMethod, ...] = ("vista", "vista-fov", "rotation", "rotation-odometry")


def make_estimator(method: str, hfov_deg: float, projection: str = "pinhole") -> HeadingEstimator:
    """Build an estimator by name; heavy imports stay lazy. `projection`: the lens (pinhole or fisheye);
    the VISTA baselines assume a pinhole."""
    if method in ("vista", "vista-fov"):
        from spotter.heading.vista import VistaEstimator

        return VistaEstimator(hfov_deg, mode="rotation" if method == "vista" else "fov")
    if method in ("rotation", "rotation-odometry"):
        from spotter.heading.rotation import RotationEstimator, RotationSettings

        return RotationEstimator(hfov_deg, RotationSettings(relocalize=method == "rotation"), projection)
    raise ValueError(f"unknown heading method {method!r}; choose one of {', '.join(METHODS)}")


__all__ = ["METHODS", "HeadingEstimator", "HeadingMethod", "PoseEstimate", "make_estimator"]
