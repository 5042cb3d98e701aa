"""Pinhole and equidistant fisheye lenses (camera frame: x right, y up, z forward)."""
import math
import numpy as np


class Lens:
    def __init__(self, width, height, hfov_deg, projection):
        assert projection in ("pinhole", "fisheye")
        self.w, self.h = int(width), int(height)
        self.hfov = float(hfov_deg)
        self.projection = projection
        self.cx, self.cy = (self.w - 1) / 2.0, (self.h - 1) / 2.0
        half = math.radians(self.hfov) / 2.0
        if projection == "pinhole":
            self.f = (self.w / 2.0) / math.tan(half)
        else:
            self.f = (self.w / 2.0) / half
        # the largest angle off the axis that still lands in the picture (corner)
        rc = math.hypot(self.w / 2.0, self.h / 2.0)
        self.max_theta = math.atan(rc / self.f) if projection == "pinhole" else rc / self.f

    def rays(self):
        """Unit ray per pixel in the camera frame, shape (3, H*W), float32."""
        u, v = np.meshgrid(np.arange(self.w, dtype=np.float64), np.arange(self.h, dtype=np.float64))
        dx, dy = (u - self.cx).ravel(), -(v - self.cy).ravel()
        if self.projection == "pinhole":
            d = np.stack([dx / self.f, dy / self.f, np.ones_like(dx)])
            d /= np.linalg.norm(d, axis=0, keepdims=True)
        else:
            r = np.hypot(dx, dy)
            th = r / self.f
            s = np.where(r > 1e-9, np.sin(th) / np.maximum(r, 1e-9), 1.0 / self.f)
            d = np.stack([dx * s, dy * s, np.cos(th)])
        return d.astype(np.float32)

    def project(self, pc):
        """Camera-frame points (..., 3) -> pixel (u, v) (..., 2); caller keeps z > 0."""
        x, y, z = pc[..., 0], pc[..., 1], pc[..., 2]
        if self.projection == "pinhole":
            zz = np.maximum(z, 1e-6)
            u = self.cx + self.f * x / zz
            v = self.cy - self.f * y / zz
        else:
            rxy = np.hypot(x, y)
            th = np.arctan2(rxy, z)
            k = np.where(rxy > 1e-12, self.f * th / np.maximum(rxy, 1e-12), 0.0)
            u = self.cx + k * x
            v = self.cy - k * y
        return np.stack([u, v], axis=-1)

    def pixel_angle(self, u, v):
        """Horizontal angle (deg, + right) of the ray through a pixel, on the camera's own plane."""
        d = self.ray_at(u, v)
        return math.degrees(math.atan2(d[0], d[2]))

    def ray_at(self, u, v):
        dx, dy = u - self.cx, -(v - self.cy)
        if self.projection == "pinhole":
            d = np.array([dx / self.f, dy / self.f, 1.0])
            return d / np.linalg.norm(d)
        r = math.hypot(dx, dy)
        th = r / self.f
        if r < 1e-9:
            return np.array([0.0, 0.0, 1.0])
        return np.array([math.sin(th) * dx / r, math.sin(th) * dy / r, math.cos(th)])
