"""Pinhole and equidistant-fisheye (r = f*theta) lenses, world<->camera transforms."""
import math

import numpy as np


class Lens:
    def __init__(self, width, height, hfov_deg, projection):
        self.W, self.H = width, height
        self.hfov = hfov_deg
        self.proj = projection
        half = math.radians(hfov_deg) / 2
        if projection == "pinhole":
            self.f = (width / 2) / math.tan(half)
        else:
            self.f = (width / 2) / half
        self.cx, self.cy = width / 2 - 0.5, height / 2 - 0.5
        self.max_theta = math.radians(100.0)

    def project(self, pc):
        """pc (..., 3) camera coords (x right, y up, z forward) -> u, v, valid."""
        x, y, z = pc[..., 0], pc[..., 1], pc[..., 2]
        if self.proj == "pinhole":
            valid = z > 0.05
            zz = np.where(valid, z, 1.0)
            u = self.cx + self.f * x / zz
            v = self.cy - self.f * y / zz
        else:
            rho = np.hypot(x, y)
            theta = np.arctan2(rho, z)
            valid = theta < self.max_theta
            rr = self.f * theta / np.maximum(rho, 1e-9)
            u = self.cx + rr * x
            v = self.cy - rr * y
        return u, v, valid

    def rays(self):
        """Unit rays in camera coords for every pixel (H, W, 3)."""
        u, v = np.meshgrid(np.arange(self.W, dtype=np.float64), np.arange(self.H, dtype=np.float64))
        dx, dy = (u - self.cx), -(v - self.cy)
        if self.proj == "pinhole":
            d = np.stack([dx / self.f, dy / self.f, np.ones_like(dx)], -1)
        else:
            r = np.hypot(dx, dy)
            theta = r / self.f
            s = np.sin(theta) / np.maximum(r, 1e-9)
            d = np.stack([dx * s, dy * s, np.cos(theta)], -1)
        return d / np.linalg.norm(d, axis=-1, keepdims=True)


def world_to_cam(p, eye, yaw_deg, pitch_deg):
    """p (..., 3) world -> camera coords."""
    ps, pp = math.radians(yaw_deg), math.radians(pitch_deg)
    d = p - eye
    cx = d[..., 0] * math.cos(ps) - d[..., 2] * math.sin(ps)
    cz0 = d[..., 0] * math.sin(ps) + d[..., 2] * math.cos(ps)
    cy0 = d[..., 1]
    cz = cz0 * math.cos(pp) + cy0 * math.sin(pp)
    cy = -cz0 * math.sin(pp) + cy0 * math.cos(pp)
    return np.stack([cx, cy, cz], -1)
