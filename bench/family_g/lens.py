"""Lens models: rectilinear (pinhole) and equidistant fisheye (r = f * theta).

Camera frame: x right, y down, z forward.  The principal point is the image
centre ((W-1)/2, (H-1)/2) in pixel-index coordinates, pixels are square, and
``hfov_deg`` is the full horizontal field of view across the W-pixel width,
i.e. the edges of the image (W/2 pixels from the centre) are at +-hfov/2.
"""
from __future__ import annotations

import math

import numpy as np


class Lens:
    def __init__(self, projection: str, hfov_deg: float, width: int = 640, height: int = 360):
        if projection not in ("pinhole", "fisheye"):
            raise ValueError(projection)
        self.projection, self.hfov_deg, self.width, self.height = projection, float(hfov_deg), width, height
        half = math.radians(hfov_deg) / 2
        self.f = (width / 2) / math.tan(half) if projection == "pinhole" else (width / 2) / half
        self.cx, self.cy = (width - 1) / 2.0, (height - 1) / 2.0

    def rays(self):
        """Unit ray directions (3, H, W) float64 in the camera frame for every pixel centre."""
        v, u = np.mgrid[0:self.height, 0:self.width].astype(np.float64)
        x, y = (u - self.cx) / self.f, (v - self.cy) / self.f
        if self.projection == "pinhole":
            d = np.stack([x, y, np.ones_like(x)])
        else:
            theta = np.hypot(x, y)          # r / f
            sc = np.where(theta > 1e-12, np.sin(theta) / np.maximum(theta, 1e-12), 1.0)
            d = np.stack([x * sc, y * sc, np.cos(theta)])
        return d / np.linalg.norm(d, axis=0, keepdims=True)

    def project(self, d):
        """Camera-frame directions (3, ...) -> pixel (u, v); NaN where not visible."""
        x, y, z = d
        if self.projection == "pinhole":
            with np.errstate(divide="ignore", invalid="ignore"):
                u = np.where(z > 0, self.cx + self.f * x / z, np.nan)
                v = np.where(z > 0, self.cy + self.f * y / z, np.nan)
            return u, v
        n = np.sqrt(x * x + y * y + z * z)
        theta = np.arccos(np.clip(z / n, -1, 1))
        r = np.hypot(x, y)
        k = np.where(r > 1e-12, self.f * theta / np.maximum(r, 1e-12), 0.0)
        return self.cx + k * x, self.cy + k * y

    @property
    def pixang(self):
        return 1.0 / self.f


def camera_basis(yaw_deg, pitch_deg, roll_deg):
    """World (X east, Y north, Z up) vectors of the camera's right, down and forward axes.

    yaw: heading clockwise from north (turning right increases it); pitch: up
    positive; roll: positive = right ear down (image content rotates
    counter-clockwise).  Arrays broadcast; returns three (..., 3) arrays."""
    p, r = np.radians(pitch_deg), np.radians(roll_deg)
    y = np.radians(yaw_deg)
    f = np.stack([np.sin(y) * np.cos(p), np.cos(y) * np.cos(p), np.sin(p)], -1)
    right0 = np.stack([np.cos(y), -np.sin(y), np.zeros_like(y)], -1)
    up0 = np.cross(right0, f)
    cr, sr = np.cos(r)[..., None], np.sin(r)[..., None]
    right = right0 * cr - up0 * sr
    up = up0 * cr + right0 * sr
    return right, -up, f
