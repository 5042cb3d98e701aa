"""Camera lens models (pinhole and equidistant fisheye) and the head-camera pose.

Camera frame: x right, y down, z forward.  World frame: X east, Y north, Z up.
Yaw (heading) is measured clockwise from north (+Y), in degrees, as in the contract.
"""
from __future__ import annotations

import math

import numpy as np


class Lens:
    def __init__(self, projection: str, hfov_deg: float, width: int, height: int):
        assert projection in ("pinhole", "fisheye")
        self.projection = projection
        self.hfov_deg = float(hfov_deg)
        self.W = int(width)
        self.H = int(height)
        self.cx = (self.W - 1) / 2.0
        self.cy = (self.H - 1) / 2.0
        half = math.radians(self.hfov_deg) / 2.0
        if projection == "pinhole":
            self.f = (self.W / 2.0) / math.tan(half)
        else:
            self.f = (self.W / 2.0) / half  # pixels per radian
        # mean angular size of one pixel (radians), used for texture filtering
        self.pix_rad = math.radians(self.hfov_deg) / self.W

    # ------------------------------------------------------------------
    def project(self, pc: np.ndarray):
        """pc (N,3) camera-frame points -> (u, v, ok)."""
        x, y, z = pc[:, 0], pc[:, 1], pc[:, 2]
        if self.projection == "pinhole":
            ok = z > 0.05
            zz = np.where(ok, z, 1.0)
            u = self.cx + self.f * x / zz
            v = self.cy + self.f * y / zz
        else:
            rxy = np.hypot(x, y)
            theta = np.arctan2(rxy, z)
            ok = (theta < math.radians(100.0)) & (np.linalg.norm(pc, axis=1) > 0.05)
            r = self.f * theta
            with np.errstate(invalid="ignore", divide="ignore"):
                cu = np.where(rxy > 1e-9, x / np.maximum(rxy, 1e-9), 0.0)
                cv = np.where(rxy > 1e-9, y / np.maximum(rxy, 1e-9), 0.0)
            u = self.cx + r * cu
            v = self.cy + r * cv
        return u, v, ok

    def rays(self) -> np.ndarray:
        """Unit camera-frame ray for every pixel, shape (H*W, 3) float32."""
        uu, vv = np.meshgrid(np.arange(self.W, dtype=np.float64), np.arange(self.H, dtype=np.float64))
        du = (uu - self.cx).ravel()
        dv = (vv - self.cy).ravel()
        if self.projection == "pinhole":
            d = np.stack([du / self.f, dv / self.f, np.ones_like(du)], axis=1)
        else:
            r = np.hypot(du, dv)
            theta = r / self.f
            phi = np.arctan2(dv, du)
            s = np.sin(theta)
            d = np.stack([s * np.cos(phi), s * np.sin(phi), np.cos(theta)], axis=1)
        d /= np.linalg.norm(d, axis=1, keepdims=True)
        return d.astype(np.float32)

    def px_per_deg_centre(self) -> float:
        return self.f * math.pi / 180.0


def camera_basis(yaw_deg: float, pitch_deg: float, roll_deg: float) -> np.ndarray:
    """Rows: camera x (right), y (down), z (forward) axes expressed in world coordinates."""
    ps, pt, rl = math.radians(yaw_deg), math.radians(pitch_deg), math.radians(roll_deg)
    f = np.array([math.sin(ps) * math.cos(pt), math.cos(ps) * math.cos(pt), math.sin(pt)])
    r0 = np.array([math.cos(ps), -math.sin(ps), 0.0])
    u0 = np.cross(r0, f)
    r = r0 * math.cos(rl) + u0 * math.sin(rl)
    u = u0 * math.cos(rl) - r0 * math.sin(rl)
    return np.stack([r, -u, f])


def world_to_cam(P: np.ndarray, C: np.ndarray, B: np.ndarray) -> np.ndarray:
    return (P - C) @ B.T


def bearing_deg(dx, dy):
    """World bearing (clockwise from north) of a displacement."""
    return np.degrees(np.arctan2(dx, dy))


def wrap180(a):
    """Wrap to (-180, 180]."""
    a = np.asarray(a, dtype=np.float64)
    w = (a + 180.0) % 360.0 - 180.0
    return np.where(w == -180.0, 180.0, w)


SECTORS = ["front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left"]
SECTOR_CENTRE = {"front": 0, "front-right": 45, "right": 90, "behind-right": 135, "behind": 180,
                 "behind-left": -135, "left": -90, "front-left": -45}


def sector_of(rel_deg: float):
    """(sector, alternative-or-None) for a relative angle; the alternative is given within 6 deg of a boundary."""
    rel = float(wrap180(rel_deg))
    k = int(math.floor((rel + 22.5) / 45.0)) % 8
    name = SECTORS[k]
    centre = SECTOR_CENTRE[name]
    off = float(wrap180(rel - centre))
    alt = None
    if abs(off) > 22.5 - 6.0:
        k2 = (k + (1 if off > 0 else -1)) % 8
        alt = SECTORS[k2]
    return name, alt
