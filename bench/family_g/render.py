"""Frame renderer: direct ray casting while the camera translates, and an exact
per-stop environment map (equirectangular, rendered by the same ray caster from
the stop's position) while it only rotates."""
from __future__ import annotations

import math

import cv2
import numpy as np

from .lens import Lens, camera_basis


class Renderer:
    def __init__(self, world, lens: Lens, max_pitch=35.0, max_roll=7.0):
        self.world, self.lens = world, lens
        self.D = lens.rays().astype(np.float32)             # (3, H, W)
        self.D3 = np.ascontiguousarray(np.moveaxis(self.D, 0, -1))   # (H, W, 3) for cv2.transform
        self.env = None
        self.env_key = None
        # env-map texel: about 0.65 of the smallest output pixel angle
        if lens.projection == "pinhole":
            edge = math.atan(math.hypot(lens.width, lens.height) / 2 / lens.f)
            smallest = math.cos(edge) ** 2 / lens.f
        else:
            smallest = 1.0 / lens.f
        self.env_res = 0.65 * smallest                       # rad per env texel
        # elevation band the camera can see with |pitch| <= max_pitch and |roll| <= max_roll
        top = 0.0
        for p in (-max_pitch, max_pitch):
            for r in (-max_roll, max_roll):
                right, down, fwd = camera_basis(np.array(0.0), np.array(p), np.array(r))
                dz = right[2] * self.D[0] + down[2] * self.D[1] + fwd[2] * self.D[2]
                top = max(top, float(np.degrees(np.arcsin(np.clip(np.abs(dz), 0, 1))).max()))
        self.el_top = math.radians(min(89.5, top + 1.5))
        self.env_w = int(math.ceil(2 * math.pi / self.env_res))
        self.env_res = 2 * math.pi / self.env_w
        self.env_h = int(math.ceil(2 * self.el_top / self.env_res)) + 2
        self.env_renders = 0
        self.env_strips = 0
        self.NT = 24
        self.strip_edges = [int(round(k * self.env_w / self.NT)) for k in range(self.NT + 1)]
        self.env = np.zeros((self.env_h, self.env_w, 3), np.uint8)
        self.env_have = np.zeros(self.NT, bool)
        self.env_tables = None
        # margin (env columns) that covers the 6-pixel gaps of the sub-sampled bearings, also near the top
        self.margin = math.ceil(6 * (1.0 / lens.f) / self.env_res / math.cos(self.el_top)) + 4

    # -------------------------------------------------------------- helpers
    def _world_rays(self, yaw, pitch, roll):
        right, down, fwd = camera_basis(np.array(yaw), np.array(pitch), np.array(roll))
        M = np.stack([right, down, fwd], 1).astype(np.float32)       # world = M @ cam
        dx, dy, dz = cv2.split(cv2.transform(self.D3, M))
        return dx, dy, dz

    def _env_strip(self, k):
        """Render bearing strip k of the current stop's environment map (lazily, on first use)."""
        w = self.world
        c0, c1 = self.strip_edges[k], self.strip_edges[k + 1]
        p = 3
        cols = np.arange(c0 - p, c1 + p) % self.env_w
        bet = (cols + 0.5) * self.env_res
        sb, cb = np.sin(bet), np.cos(bet)
        block = np.empty((self.env_h, len(cols), 3), np.uint8)
        chunk = max(8, 240_000 // len(cols))
        px, py, pz = self.env_key
        for r0 in range(0, self.env_h, chunk):
            r1 = min(self.env_h, r0 + chunk)
            el = self.el_top - (np.arange(r0, r1) + 0.5) * self.env_res
            ce, se = np.cos(el)[:, None], np.sin(el)[:, None]
            dx = (ce * sb[None, :]).astype(np.float32)
            dy = (ce * cb[None, :]).astype(np.float32)
            dz = np.repeat(se, len(cols), 1).astype(np.float32)
            block[r0:r1] = w.render(dx, dy, dz, px, py, pz, self.env_tables, self.lens.pixang)
        self.env[:, c0:c1] = cv2.GaussianBlur(block, (0, 0), 0.5)[:, p:p + (c1 - c0)]
        self.env_have[k] = True
        self.env_strips += 1

    def _from_env(self, dx, dy, dz):
        h = cv2.magnitude(dx, dy)
        bet = np.arctan2(dx, dy)
        el = np.arctan2(dz, h)
        mx = (bet * (1.0 / self.env_res) - 0.5).astype(np.float32)        # negative columns wrap
        # strips this view needs (sub-sampled pixels, widened by a margin that covers the gaps)
        sub = mx[::6, ::6].ravel()
        need = set()
        for off in (-self.margin, 0.0, self.margin):
            need.update(np.unique(np.floor(np.mod(sub + off, self.env_w) * (self.NT / self.env_w))).astype(int).tolist())
        for k in need:
            if not self.env_have[min(k, self.NT - 1)]:
                self._env_strip(min(k, self.NT - 1))
        my = ((self.el_top - el) * (1.0 / self.env_res) - 0.5).astype(np.float32)
        return cv2.remap(self.env, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)

    # -------------------------------------------------------------- public
    def render(self, yaw, pitch, roll, x, y, z, moving):
        """One exposure sample (degrees, metres)."""
        dx, dy, dz = self._world_rays(float(yaw), float(pitch), float(roll))
        x, y, z = float(x), float(y), float(z)
        if moving:
            tables = self.world.tables(x, y)
            return self.world.render(dx, dy, dz, x, y, z, tables, self.lens.pixang)
        key = (x, y, z)
        if self.env_key != key:           # a new stop: its environment map is rendered strip by strip
            self.env_key = key
            self.env_tables = self.world.tables(x, y)
            self.env_have[:] = False
            self.env_renders += 1
        return self._from_env(dx, dy, dz)

    def frame(self, samples, moving):
        """Average of exposure samples: list of (yaw, pitch, roll, x, y, z)."""
        if len(samples) == 1:
            return self.render(*samples[0], moving)
        acc = None
        for smp in samples:
            img = self.render(*smp, moving)
            acc = img.astype(np.float32) if acc is None else cv2.add(acc, img.astype(np.float32))
        return np.clip(acc * (1.0 / len(samples)) + 0.5, 0, 255).astype(np.uint8)
