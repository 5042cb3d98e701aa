"""The heading-estimator interface and the rotation maths every method shares.

Conventions (the public contract): yaw in degrees, unwrapped, growing when the
wearer turns right (clockwise seen from above). Camera frame: x right, y down,
z forward. `W` is the camera-to-world rotation (its columns are the camera's
axes in the world frame); the world frame is the camera frame of the first
frame of a session, so the first heading is 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import cv2
import numpy as np
from numpy.typing import NDArray

Gray = NDArray[np.uint8]
Mat3 = NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class PoseEstimate:
    """The accumulated orientation after one frame."""

    yaw_deg: float
    pitch_deg: float
    roll_deg: float
    inliers: int
    ok: bool
    relocalized: bool = False


class HeadingEstimator(Protocol):
    """Accumulates a world-fixed heading from consecutive frames of one camera.

    Guarantees: frames are consumed strictly in order; `update` never raises on
    a poor frame (it reports `ok=False` and carries the last motion forward);
    the first frame after `reset()` has yaw 0 unless `reset` was given a start.
    """

    name: str

    def reset(self, yaw_deg: float = 0.0) -> None:
        """Start a new session (e.g. after a stream gap) at a known heading."""
        ...

    def update(self, gray: Gray) -> PoseEstimate:
        """Consume the next grey frame and return the pose after it."""
        ...


def focal_px(width: int, hfov_deg: float) -> float:
    """Pinhole focal length in pixels for a horizontal field of view."""
    return (width / 2.0) / math.tan(math.radians(hfov_deg) / 2.0)


def lens_focal_px(width: int, hfov_deg: float, fisheye: bool = False) -> float:
    """Focal length in pixels: pinhole (tangent), or equidistant fisheye (a pixel's distance from the
    centre proportional to its angle, the frame's half width at half the field of view)."""
    if fisheye:
        return (width / 2.0) / math.radians(hfov_deg / 2.0)
    return focal_px(width, hfov_deg)


def lift_rays(pts: NDArray[np.float64], centre: tuple[float, float], f: float, fisheye: bool) -> NDArray[np.float64]:
    """Unit camera rays of pixel positions (N x 2) under the lens (see `lens_focal_px`)."""
    dx, dy = pts[:, 0] - centre[0], pts[:, 1] - centre[1]
    if fisheye:
        r = np.hypot(dx, dy)
        theta = r / f
        scale = np.where(r > 1e-9, np.sin(theta) / np.where(r > 1e-9, r, 1.0), 1.0 / f)
        return np.stack([dx * scale, dy * scale, np.cos(theta)], 1)
    rays = np.stack([dx / f, dy / f, np.ones(len(pts))], 1)
    return np.asarray(rays / np.linalg.norm(rays, axis=1, keepdims=True), dtype=np.float64)


def wrap_deg(a: float) -> float:
    """Wrap an angle to (-180, 180]."""
    w = math.fmod(a + 180.0, 360.0)
    if w <= 0.0:
        w += 360.0
    return w - 180.0


def rot_y(deg: float) -> Mat3:
    """Turn right by `deg` (about the down axis): forward z moves towards +x."""
    r = math.radians(deg)
    c, s = math.cos(r), math.sin(r)
    return np.array([[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]])


def rot_x(deg: float) -> Mat3:
    """Look up by `deg`: forward z moves towards -y (up)."""
    r = math.radians(deg)
    c, s = math.cos(r), math.sin(r)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def rot_z(deg: float) -> Mat3:
    """Tilt the head clockwise by `deg` (about the forward axis)."""
    r = math.radians(deg)
    c, s = math.cos(r), math.sin(r)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def compose(yaw_deg: float, pitch_deg: float, roll_deg: float) -> Mat3:
    """Camera-to-world rotation for a yaw, then pitch, then roll."""
    return rot_y(yaw_deg) @ rot_x(pitch_deg) @ rot_z(roll_deg)


def decompose(w: Mat3) -> tuple[float, float, float]:
    """Inverse of `compose`: (yaw, pitch, roll) in degrees, yaw wrapped."""
    fx, fy, fz = w[0, 2], w[1, 2], w[2, 2]
    yaw = math.degrees(math.atan2(fx, fz))
    pitch = math.degrees(math.atan2(-fy, math.hypot(fx, fz)))
    # Roll: the camera's x axis after undoing yaw and pitch.
    rest = rot_x(pitch).T @ rot_y(yaw).T @ w
    roll = math.degrees(math.atan2(rest[1, 0], rest[0, 0]))
    return yaw, pitch, roll


def kabsch(src: NDArray[np.float64], dst: NDArray[np.float64]) -> Mat3:
    """Rotation R minimising sum |R src_i - dst_i|^2 for unit rays (N x 3).

    Uses OpenCV's SVD: numpy's wrapper costs more than the 3x3 maths itself,
    and this runs on every frame.
    """
    _, u, vt = cv2.SVDecomp(src.T @ dst)
    r = np.asarray(vt.T @ u.T, dtype=np.float64)
    if cv2.determinant(r) < 0.0:
        vt[2] *= -1.0
        r = np.asarray(vt.T @ u.T, dtype=np.float64)
    return r


def nearest_rotation(m: Mat3) -> Mat3:
    """The rotation closest to `m` (polar decomposition). An orientation composed frame after frame
    stops being a rotation by rounding; extrapolating the motion while lost (the velocity read off two
    such matrices) multiplies that error each frame, until projecting with it fails for good."""
    _, u, vt = cv2.SVDecomp(m)
    r = np.asarray(u @ vt, dtype=np.float64)
    if cv2.determinant(r) < 0.0:
        r = np.asarray(u @ np.diag([1.0, 1.0, -1.0]) @ vt, dtype=np.float64)
    return r


class UnwrappedYaw:
    """Keeps yaw continuous across the +-180 seam as orientation accumulates."""

    def __init__(self, start_deg: float = 0.0) -> None:
        self.value = start_deg

    def follow(self, wrapped_deg: float) -> float:
        self.value += wrap_deg(wrapped_deg - self.value)
        return self.value
