"""Lens models and head pose -> rotation.

World frame: x to the right of the initial heading, y up, z along the initial
heading.  Yaw (heading) is positive when the wearer turns right, i.e. clockwise
seen from above; bearing of a point p seen from c = atan2(px - cx, pz - cz).
Camera frame: u right, v up, w forward.
"""
from __future__ import annotations

import math

import numpy as np


def wrap180(a):
    """Wrap degrees to (-180, 180]."""
    a = np.asarray(a, dtype=np.float64)
    r = np.mod(a + 180.0, 360.0) - 180.0
    r = np.where(r == -180.0, 180.0, r)
    return r if r.ndim else float(r)


def bearing(c, p) -> float:
    return math.degrees(math.atan2(p[0] - c[0], p[2] - c[2]))


def rotation(yaw_deg: float, pitch_deg: float, roll_deg: float) -> np.ndarray:
    """R maps camera (u, v, w) to world (x, y, z)."""
    y, p, r = (math.radians(v) for v in (yaw_deg, pitch_deg, roll_deg))
    cy, sy, cp, sp, cr, sr = math.cos(y), math.sin(y), math.cos(p), math.sin(p), math.cos(r), math.sin(r)
    ry = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    rp = np.array([[1, 0, 0], [0, cp, sp], [0, -sp, cp]])
    rr = np.array([[cr, -sr, 0], [sr, cr, 0], [0, 0, 1]])
    return ry @ rp @ rr


class Lens:
    def __init__(self, width: int, height: int, hfov_deg: float, projection: str):
        assert projection in ("pinhole", "fisheye")
        self.W, self.H = int(width), int(height)
        self.hfov = float(hfov_deg)
        self.projection = projection
        self.cx = (self.W - 1) / 2.0
        self.cy = (self.H - 1) / 2.0
        half = math.radians(hfov_deg) / 2.0
        if projection == "pinhole":
            self.f = (self.W / 2.0) / math.tan(half)
        else:  # equidistant: r = f * theta
            self.f = (self.W / 2.0) / half
        self._rays = None

    @property
    def pix_angle(self) -> float:
        """Radians per pixel at the image centre."""
        return 1.0 / self.f

    def rays(self) -> np.ndarray:
        """(H*W, 3) float32 unit rays in camera coordinates."""
        if self._rays is None:
            xs = np.arange(self.W, dtype=np.float64) - self.cx
            ys = np.arange(self.H, dtype=np.float64) - self.cy
            X, Y = np.meshgrid(xs, ys)
            if self.projection == "pinhole":
                d = np.stack([X / self.f, -Y / self.f, np.ones_like(X)], -1)
            else:
                r = np.hypot(X, Y)
                th = r / self.f
                s = np.where(r > 1e-9, np.sin(th) / np.maximum(r, 1e-9), 1.0 / self.f)
                d = np.stack([X * s, -Y * s, np.cos(th)], -1)
            d /= np.linalg.norm(d, axis=-1, keepdims=True)
            self._rays = d.reshape(-1, 3).astype(np.float32)
        return self._rays

    def rays_cols(self):
        """The rays as three contiguous (H*W,) float32 arrays."""
        if getattr(self, "_cols", None) is None:
            r = self.rays()
            self._cols = [np.ascontiguousarray(r[:, k]) for k in range(3)]
        return self._cols

    def project(self, pc: np.ndarray):
        """Camera-frame points (N, 3) -> pixels (N, 2), valid mask (N,)."""
        pc = np.asarray(pc, dtype=np.float64).reshape(-1, 3)
        u, v, w = pc[:, 0], pc[:, 1], pc[:, 2]
        n = np.linalg.norm(pc, axis=1) + 1e-12
        if self.projection == "pinhole":
            valid = w > 0.08 * n
            ws = np.where(valid, w, 1.0)
            px = self.cx + self.f * u / ws
            py = self.cy - self.f * v / ws
        else:
            th = np.arccos(np.clip(w / n, -1, 1))
            valid = th < math.radians(95.0)
            rr = np.hypot(u, v) + 1e-12
            px = self.cx + self.f * th * u / rr
            py = self.cy - self.f * th * v / rr
        return np.stack([px, py], 1), valid

    def project_world(self, pts: np.ndarray, C: np.ndarray, R: np.ndarray):
        pc = (np.asarray(pts, dtype=np.float64).reshape(-1, 3) - C) @ R
        return self.project(pc)
