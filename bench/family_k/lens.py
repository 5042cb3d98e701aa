"""Camera lenses: pinhole and equidistant fisheye (r = f * theta).

Camera frame: x to the right, y down, z forward (optical axis).  Pixel
coordinates are continuous with pixel centres on integers, so the optical
centre of a W x H image is ((W - 1) / 2, (H - 1) / 2).
"""
import math

import numpy as np


class Lens:
    def __init__(self, width, height, hfov_deg, projection):
        if projection not in ("pinhole", "fisheye"):
            raise ValueError(projection)
        self.width = int(width)
        self.height = int(height)
        self.hfov_deg = float(hfov_deg)
        self.projection = projection
        half = math.radians(hfov_deg) / 2.0
        if projection == "pinhole":
            self.f = (width / 2.0) / math.tan(half)
        else:
            self.f = (width / 2.0) / half
        self.cx = (width - 1) / 2.0
        self.cy = (height - 1) / 2.0
        # largest angle off axis that may be projected (for clipping)
        self.max_theta = math.radians(88.0) if projection == "pinhole" else math.radians(100.0)

    def describe(self):
        return {"width": self.width, "height": self.height, "hfov_deg": self.hfov_deg,
                "projection": self.projection, "f_px": round(self.f, 3)}

    # ------------------------------------------------------------------
    def project(self, pc):
        """pc: (N, 3) camera-frame points -> (N, 2) pixels, (N,) ok mask."""
        pc = np.asarray(pc, dtype=np.float64)
        x, y, z = pc[:, 0], pc[:, 1], pc[:, 2]
        if self.projection == "pinhole":
            ok = z > 0.05
            zz = np.where(ok, z, 1.0)
            u = self.cx + self.f * x / zz
            v = self.cy + self.f * y / zz
        else:
            rxy = np.hypot(x, y)
            theta = np.arctan2(rxy, z)
            ok = theta < self.max_theta
            scale = np.where(rxy > 1e-9, self.f * theta / np.maximum(rxy, 1e-9), self.f / np.maximum(z, 1e-9))
            u = self.cx + x * scale
            v = self.cy + y * scale
        return np.stack([u, v], axis=1), ok

    def theta_of(self, pc):
        pc = np.asarray(pc, dtype=np.float64)
        return np.arctan2(np.hypot(pc[:, 0], pc[:, 1]), pc[:, 2])

    def ray(self, u, v):
        """Unit camera-frame ray through pixel (u, v) (scalars or arrays)."""
        u = np.asarray(u, dtype=np.float64)
        v = np.asarray(v, dtype=np.float64)
        du = (u - self.cx) / self.f
        dv = (v - self.cy) / self.f
        if self.projection == "pinhole":
            d = np.stack([du, dv, np.ones_like(du)], axis=-1)
        else:
            theta = np.hypot(du, dv)
            phi = np.arctan2(dv, du)
            st = np.sin(theta)
            d = np.stack([st * np.cos(phi), st * np.sin(phi), np.cos(theta)], axis=-1)
        return d / np.linalg.norm(d, axis=-1, keepdims=True)

    def ray_grid(self):
        """(H, W, 3) float32 unit rays of every pixel centre."""
        u, v = np.meshgrid(np.arange(self.width, dtype=np.float64),
                           np.arange(self.height, dtype=np.float64))
        return self.ray(u, v).astype(np.float32)

    def valid_mask(self):
        """Pixels that see the scene (all of them: the fisheye is cropped to
        the sensor rectangle, no black circle)."""
        return np.ones((self.height, self.width), dtype=bool)


def camera_rotation(yaw_deg, pitch_deg=0.0, roll_deg=0.0):
    """3x3 matrix whose columns are the camera axes (right, down, forward)
    in world coordinates (x east, y north, z up).  Yaw 0 looks along +y,
    positive yaw turns right (clockwise seen from above); positive pitch
    looks up; positive roll tilts the image clockwise."""
    ps, th, ph = math.radians(yaw_deg), math.radians(pitch_deg), math.radians(roll_deg)
    right = np.array([1.0, 0.0, 0.0])
    fwd = np.array([0.0, math.cos(th), math.sin(th)])
    down = np.array([0.0, math.sin(th), -math.cos(th)])
    r2 = math.cos(ph) * right + math.sin(ph) * down
    d2 = -math.sin(ph) * right + math.cos(ph) * down
    rz = np.array([[math.cos(ps), math.sin(ps), 0.0],
                   [-math.sin(ps), math.cos(ps), 0.0],
                   [0.0, 0.0, 1.0]])
    return np.stack([rz @ r2, rz @ d2, rz @ fwd], axis=1)


def bearing_deg(dx, dy):
    """World bearing of a displacement (clockwise from +y, degrees)."""
    return math.degrees(math.atan2(dx, dy))


def wrap180(a):
    """Wrap to (-180, 180]."""
    a = (a + 180.0) % 360.0 - 180.0
    if a == -180.0:
        a = 180.0
    return a
