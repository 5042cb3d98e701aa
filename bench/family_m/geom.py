"""Lenses, camera poses, projection and the contract's direction conventions."""
import math

import numpy as np

SECTORS = ["front", "front-right", "right", "behind-right",
           "behind", "behind-left", "left", "front-left"]


def wrap180(a):
    """Wrap degrees to (-180, 180]."""
    a = (a + 180.0) % 360.0 - 180.0
    if a == -180.0:
        a = 180.0
    return a


def sector(rel):
    """Sector name of a relative direction (degrees)."""
    return SECTORS[int(round(wrap180(rel) / 45.0)) % 8]


def boundary_margin(rel):
    """Distance in degrees from rel to the nearest sector boundary."""
    m = (wrap180(rel) + 22.5) % 45.0
    return min(m, 45.0 - m)


def neighbour_sector(rel):
    """The sector on the other side of the nearest boundary."""
    r = wrap180(rel) / 45.0
    k = int(round(r))
    step = 1 if r - k > 0 else -1
    return SECTORS[(k + step) % 8]


def bearing(frm, to):
    """World bearing (deg) from point frm=(x,z) to to=(x,z); 0 = +Z, positive to the right (+X)."""
    return math.degrees(math.atan2(to[0] - frm[0], to[1] - frm[1]))


class Lens:
    """Pinhole or equidistant fisheye (r = f*theta), square pixels, centred principal point."""

    def __init__(self, width, height, hfov_deg, projection):
        assert projection in ("pinhole", "fisheye")
        self.w, self.h = int(width), int(height)
        self.hfov = float(hfov_deg)
        self.projection = projection
        self.cx = self.w / 2.0
        self.cy = self.h / 2.0
        half = math.radians(self.hfov / 2.0)
        if projection == "pinhole":
            self.f = (self.w / 2.0) / math.tan(half)
        else:
            self.f = (self.w / 2.0) / half
        self.max_theta = math.radians(98.0)

    def project(self, pc):
        """Camera coords (...,3) [x right, y down, z forward] -> u, v, valid."""
        x, y, z = pc[..., 0], pc[..., 1], pc[..., 2]
        if self.projection == "pinhole":
            valid = z > 0.05
            zz = np.where(valid, z, 1.0)
            return self.cx + self.f * x / zz, self.cy + self.f * y / zz, valid
        rho = np.hypot(x, y)
        theta = np.arctan2(rho, z)
        valid = theta < self.max_theta
        s = self.f * theta / np.maximum(rho, 1e-9)
        return self.cx + s * x, self.cy + s * y, valid

    def rays(self):
        """Unit ray per pixel centre, (h, w, 3) in camera coords."""
        u, v = np.meshgrid(np.arange(self.w) + 0.5, np.arange(self.h) + 0.5)
        du, dv = u - self.cx, v - self.cy
        if self.projection == "pinhole":
            d = np.stack([du / self.f, dv / self.f, np.ones_like(du)], -1)
        else:
            r = np.hypot(du, dv)
            th = r / self.f
            s = np.sin(th) / np.maximum(r, 1e-9)
            d = np.stack([du * s, dv * s, np.cos(th)], -1)
        d /= np.linalg.norm(d, axis=-1, keepdims=True)
        return d.astype(np.float32)

    def pixel_angle(self):
        """Approximate angle (rad) per pixel at the centre."""
        return 1.0 / self.f


def cam_rotation(yaw_deg, pitch_deg, roll_deg=0.0):
    """Columns: camera x (right), y (down), z (forward) in world coords (X right, Y up, Z forward)."""
    p, q, r = math.radians(yaw_deg), math.radians(pitch_deg), math.radians(roll_deg)
    f = np.array([math.sin(p) * math.cos(q), math.sin(q), math.cos(p) * math.cos(q)])
    r0 = np.array([math.cos(p), 0.0, -math.sin(p)])
    u0 = np.cross(f, r0)
    right = r0 * math.cos(r) - u0 * math.sin(r)
    up = u0 * math.cos(r) + r0 * math.sin(r)
    return np.column_stack([right, -up, f])


class Pose:
    def __init__(self, centre, yaw, pitch, roll):
        self.C = np.asarray(centre, dtype=np.float64)
        self.yaw, self.pitch, self.roll = yaw, pitch, roll
        self.R = cam_rotation(yaw, pitch, roll)

    def to_cam(self, P):
        return (np.asarray(P) - self.C) @ self.R
