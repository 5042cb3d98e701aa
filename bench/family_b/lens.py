"""Camera lens models (pinhole and equidistant fisheye) and ray maps.

Camera frame: x right, y down, z forward.  A world direction is given by its
relative bearing ``a`` (degrees, positive to the right of the heading) and its
elevation ``e`` (degrees, positive up).  The camera is pitched up by ``pitch``
degrees (negative = looking down).
"""
from __future__ import annotations

import math

import numpy as np


class Lens:
    def __init__(self, projection: str, hfov_deg: float, width: int, height: int):
        assert projection in ("pinhole", "fisheye")
        self.projection = projection
        self.hfov_deg = float(hfov_deg)
        self.width = int(width)
        self.height = int(height)
        self.cx = width / 2.0
        self.cy = height / 2.0
        half = math.radians(hfov_deg) / 2.0
        if projection == "pinhole":
            self.f = (width / 2.0) / math.tan(half)
        else:
            self.f = (width / 2.0) / half
        self._map_cache: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    # ------------------------------------------------------------------ forward
    def project(self, a_deg, e_deg, pitch_deg):
        """Project world-relative directions to pixels.  Returns (u, v, ok)."""
        a = np.radians(np.asarray(a_deg, dtype=np.float64))
        e = np.radians(np.asarray(e_deg, dtype=np.float64))
        th = math.radians(pitch_deg)
        x = np.sin(a) * np.cos(e)
        y = -np.sin(e)
        z = np.cos(a) * np.cos(e)
        yc = y * math.cos(th) + z * math.sin(th)
        zc = -y * math.sin(th) + z * math.cos(th)
        if self.projection == "pinhole":
            ok = zc > 0.2
            zs = np.where(ok, zc, 1.0)
            u = self.cx + self.f * x / zs
            v = self.cy + self.f * yc / zs
        else:
            theta = np.arccos(np.clip(zc, -1.0, 1.0))
            ok = theta < math.radians(100)
            phi = np.arctan2(yc, x)
            r = self.f * theta
            u = self.cx + r * np.cos(phi)
            v = self.cy + r * np.sin(phi)
        return u, v, ok

    # ------------------------------------------------------------------ inverse
    def angle_maps(self, pitch_deg: float):
        """Per-pixel (relative bearing, elevation) in degrees for a pitch."""
        key = int(round(pitch_deg * 100))
        hit = self._map_cache.get(key)
        if hit is not None:
            return hit
        us = np.arange(self.width, dtype=np.float64) + 0.5 - self.cx
        vs = np.arange(self.height, dtype=np.float64) + 0.5 - self.cy
        du, dv = np.meshgrid(us, vs)
        if self.projection == "pinhole":
            x, yc, zc = du, dv, np.full_like(du, self.f)
            n = np.sqrt(x * x + yc * yc + zc * zc)
            x, yc, zc = x / n, yc / n, zc / n
        else:
            r = np.hypot(du, dv)
            theta = r / self.f
            s = np.where(r > 1e-9, np.sin(theta) / np.maximum(r, 1e-9), 1.0 / self.f)
            x, yc, zc = du * s, dv * s, np.cos(theta)
        th = math.radians(pitch_deg)
        y = yc * math.cos(th) - zc * math.sin(th)
        z = yc * math.sin(th) + zc * math.cos(th)
        a = np.degrees(np.arctan2(x, z)).astype(np.float32)
        e = np.degrees(np.arcsin(np.clip(-y, -1, 1))).astype(np.float32)
        self._map_cache[key] = (a, e)
        return a, e
