"""Camera model: pinhole or equidistant fisheye (r = f*theta), eye-fixed pitch, world yaw."""
import math
import numpy as np


class Lens:
    def __init__(self, width, height, hfov_deg, projection, pitch_deg):
        self.w, self.h = int(width), int(height)
        self.hfov = float(hfov_deg)
        self.proj = projection
        self.pitch = math.radians(pitch_deg)
        half = math.radians(self.hfov) / 2.0
        if projection == "pinhole":
            self.f = (self.w / 2.0) / math.tan(half)
        elif projection == "fisheye":
            self.f = (self.w / 2.0) / half
        else:
            raise ValueError(projection)
        self.cx, self.cy = (self.w - 1) / 2.0, (self.h - 1) / 2.0

    # --- camera axes in world coordinates (X east, Y north, Z up; yaw clockwise from +Y)
    def axes(self, yaw_deg):
        p, y = self.pitch, math.radians(yaw_deg)
        f = np.array([math.sin(y) * math.cos(p), math.cos(y) * math.cos(p), math.sin(p)])
        r = np.array([math.cos(y), -math.sin(y), 0.0])
        up = np.cross(r, f)
        return r, -up, f

    def to_cam(self, pts, eye, yaw_deg):
        r, d, f = self.axes(yaw_deg)
        v = pts - eye
        return np.stack([v @ r, v @ d, v @ f], axis=-1)

    def project_cam(self, c):
        """camera coords (N,3) -> pixel (N,2), valid mask."""
        x, y, z = c[:, 0], c[:, 1], c[:, 2]
        if self.proj == "pinhole":
            valid = z > 0.15
            zz = np.where(valid, z, 1.0)
            u = self.cx + self.f * x / zz
            v = self.cy + self.f * y / zz
        else:
            rho = np.hypot(x, y)
            th = np.arctan2(rho, z)
            valid = th < math.radians(100)
            rr = self.f * th
            s = np.where(rho > 1e-9, rr / np.maximum(rho, 1e-9), 0.0)
            u = self.cx + x * s
            v = self.cy + y * s
        uv = np.stack([u, v], axis=-1)
        return np.clip(uv, -4000, 4000), valid

    def pixel_rays(self):
        """unit rays in camera coords for every pixel centre, (h, w, 3)."""
        u, v = np.meshgrid(np.arange(self.w, dtype=np.float64), np.arange(self.h, dtype=np.float64))
        dx, dy = (u - self.cx) / self.f, (v - self.cy) / self.f
        if self.proj == "pinhole":
            rays = np.stack([dx, dy, np.ones_like(dx)], -1)
        else:
            th = np.hypot(dx, dy)
            s = np.where(th > 1e-9, np.sin(th) / np.maximum(th, 1e-9), 1.0)
            rays = np.stack([dx * s, dy * s, np.cos(th)], -1)
        return rays / np.linalg.norm(rays, axis=-1, keepdims=True)

    def world_rays_yaw0(self):
        """pixel rays in world coords for yaw 0 (pitch applied)."""
        r, d, f = self.axes(0.0)
        c = self.pixel_rays()
        return c[..., :1] * r + c[..., 1:2] * d + c[..., 2:3] * f

    def half_angle_deg(self):
        """half of the horizontal field of view."""
        return self.hfov / 2.0
