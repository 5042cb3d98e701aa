"""Pinhole views of an equirectangular panorama.

Conventions (these are load-bearing for heading tests and benchmarks):

* Camera frame: x right, y down, z forward.  A pixel (u, v) has the ray
  ``d_cam = normalise([(u - cx) / f, (v - cy) / f, 1])`` with ``cx = w/2 - 0.5``,
  ``cy = h/2 - 0.5`` and ``f = (w / 2) / tan(hfov / 2)`` (square pixels).
* World frame: the camera frame at yaw = pitch = roll = 0, i.e. X right, Y down,
  Z towards panorama azimuth 0.  ``d_world = R_yaw @ R_pitch @ R_roll @ d_cam``.
* Yaw: rotation about the vertical axis; **positive = the wearer turns right**
  (clockwise seen from above).  Turning right moves the scene LEFT in the image.
  A thing at panorama azimuth ``a`` (degrees, increasing to the right) is at the
  image centre when ``yaw == a`` (mod 360).
* Pitch: **positive = looking up** (the scene moves DOWN in the image).
* Roll: **positive = clockwise head tilt as felt by the wearer** (right ear towards
  the right shoulder); the camera's x axis then points right-and-down, so the
  scene appears rotated counter-clockwise in the image.
* Panorama: column ``j`` covers azimuth ``[j, j+1) * 360 / W`` degrees, so azimuth
  ``a`` sits at ``x = a * W / 360 - 0.5``.  Rows map linearly to elevation with
  the same angular pitch as columns (square pixels), the horizon (elevation 0) is
  the horizontal midline, so the panorama covers elevations ``+-180 * H / W``
  degrees (``+-45`` for 4096x1024).  Rays outside that band are clamped to the
  first/last row.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

__all__ = ["ViewRenderer", "render_view", "focal_px", "rotation_matrix"]


def focal_px(width: int, hfov_deg: float) -> float:
    """Pinhole focal length in pixels for an image ``width`` px wide with ``hfov_deg``."""
    return (width / 2.0) / math.tan(math.radians(hfov_deg) / 2.0)


def _r_yaw(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]])


def _r_pitch(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def _r_roll(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def rotation_matrix(yaw_deg: float, pitch_deg: float, roll_deg: float) -> np.ndarray:
    """``R_yaw @ R_pitch @ R_roll`` (camera -> world), float64 3x3."""
    return _r_yaw(math.radians(yaw_deg)) @ _r_pitch(math.radians(pitch_deg)) @ _r_roll(math.radians(roll_deg))


@lru_cache(maxsize=16)
def _ray_grid(width: int, height: int, hfov_deg: float) -> np.ndarray:
    """Unit camera rays, (3, h*w) float32 rows x (right), y (down), z (forward); cached."""
    f = focal_px(width, hfov_deg)
    u = (np.arange(width, dtype=np.float64) - (width / 2.0 - 0.5)) / f
    v = (np.arange(height, dtype=np.float64) - (height / 2.0 - 0.5)) / f
    x, y = np.meshgrid(u, v)
    rays = np.stack([x.ravel(), y.ravel(), np.ones(x.size)])
    rays /= np.linalg.norm(rays, axis=0, keepdims=True)
    rays = np.ascontiguousarray(rays, dtype=np.float32)
    rays.setflags(write=False)
    return rays


def _atan2_refined(y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """atan2(y, x) in [0, 2pi), float32: cv2.phase plus one Newton step.

    With t0 = phase(x, y): t = t0 + atan((y cos t0 - x sin t0) / (x cos t0 + y sin t0));
    the correction is < 2e-4 rad so atan(d) ~= d is exact to float32 precision.
    """
    t0 = cv2.phase(x, y)
    c, s = cv2.polarToCart(None, t0)  # type: ignore[call-overload]  # stubs lack the None magnitude
    num = cv2.subtract(cv2.multiply(y, c), cv2.multiply(x, s))
    den = cv2.add(cv2.multiply(x, c), cv2.multiply(y, s))
    return cv2.add(t0, cv2.divide(num, den))


class ViewRenderer:
    """Renders pinhole views of one panorama at one output geometry.

    Thread-safe: :meth:`render` keeps no per-call state on the instance, and numpy
    ufuncs and ``cv2.remap`` release the GIL, so a thread pool scales.
    """

    def __init__(self, pano: np.ndarray, width: int, height: int, hfov_deg: float) -> None:
        if pano.ndim != 3 or pano.shape[2] != 3 or pano.dtype != np.uint8:
            raise ValueError("pano must be an HxWx3 uint8 BGR image")
        self.pano = np.ascontiguousarray(pano)
        self.width = int(width)
        self.height = int(height)
        self.hfov_deg = float(hfov_deg)
        self.f = focal_px(self.width, self.hfov_deg)
        ph, pw = pano.shape[:2]
        self._px_per_rad = pw / (2.0 * math.pi)
        self._el_top = math.pi * ph / pw  # elevation (rad) of the panorama's top edge
        self._ymax = float(ph - 1)
        self._rays = _ray_grid(self.width, self.height, self.hfov_deg)

    def maps(self, yaw_deg: float, pitch_deg: float, roll_deg: float) -> tuple[np.ndarray, np.ndarray]:
        """``(map_x, map_y)`` float32 panorama coordinates for every output pixel."""
        # Yaw is a rotation about the vertical axis, so it only adds to the azimuth:
        # rotate by pitch/roll with a 3x3 matrix, then add yaw as an offset.
        r = (_r_pitch(math.radians(pitch_deg)) @ _r_roll(math.radians(roll_deg))).astype(np.float32)
        h, w = self.height, self.width
        wx, wy, wz = (c.reshape(h, w) for c in r @ self._rays)
        # Azimuth in the pitched/rolled frame.  cv2.phase (fast atan2, error <= 0.01 deg)
        # plus one Newton step brings the error to ~1e-5 deg at a fraction of numpy's cost.
        az = _atan2_refined(wx, wz)
        # Reduce yaw mod 360 first so yaw and yaw + 360k give bit-identical maps.
        yaw_rad = math.radians(yaw_deg % 360.0)
        map_x = az
        map_x *= np.float32(self._px_per_rad)
        map_x += np.float32(yaw_rad * self._px_per_rad - 0.5)
        # Angle from the "down" (+Y) axis: 0 straight down, pi straight up; = elevation + pi/2.
        down = _atan2_refined(cv2.magnitude(wx, wz), wy)
        # y = (el_top - el) * k - 0.5 = (el_top + pi/2 - down) * k - 0.5
        map_y = np.multiply(down, np.float32(-self._px_per_rad), out=down)
        map_y += np.float32((self._el_top + math.pi / 2.0) * self._px_per_rad - 0.5)
        np.clip(map_y, 0.0, self._ymax, out=map_y)
        return map_x, map_y

    def render(self, yaw_deg: float, pitch_deg: float = 0.0, roll_deg: float = 0.0) -> np.ndarray:
        """BGR uint8 view (height, width, 3)."""
        map_x, map_y = self.maps(yaw_deg, pitch_deg, roll_deg)
        # BORDER_WRAP makes the bilinear tap across azimuth 0/360 (and any x outside
        # [0, W)) wrap around; y is already clamped so it never wraps vertically.
        return cv2.remap(self.pano, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)


def render_view(
    pano: np.ndarray,
    yaw_deg: float,
    pitch_deg: float,
    roll_deg: float,
    width: int,
    height: int,
    hfov_deg: float,
) -> np.ndarray:
    """One pinhole view (see module docstring for conventions). The ray grid is cached
    per (width, height, hfov), so calling this per frame is cheap; for many frames a
    :class:`ViewRenderer` avoids even the argument checks."""
    return ViewRenderer(pano, width, height, hfov_deg).render(yaw_deg, pitch_deg, roll_deg)
