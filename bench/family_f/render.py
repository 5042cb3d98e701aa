"""Per-pixel ray-cast background (textured ground, ceiling, walls, 360-degree panorama) and
painter's-algorithm drawing of 3-D primitives through the lens model."""
from __future__ import annotations

import math

import cv2
import numpy as np

from .lens import Lens, world_to_cam

_CHUNK = 1024


def _remap_pts(tex, mx, my):
    """Bilinear lookup of float32 texture at (mx, my) pixel coords (wrapping), returns (n, 3)."""
    n = mx.size
    if n == 0:
        return np.zeros((0, 3), np.float32)
    rows = (n + _CHUNK - 1) // _CHUNK
    pad = rows * _CHUNK - n
    mxp = np.concatenate([mx, np.zeros(pad, np.float32)]).reshape(rows, _CHUNK)
    myp = np.concatenate([my, np.zeros(pad, np.float32)]).reshape(rows, _CHUNK)
    out = []
    # remap needs rows < 32767
    for r0 in range(0, rows, 30000):
        out.append(cv2.remap(tex, mxp[r0:r0 + 30000], myp[r0:r0 + 30000], cv2.INTER_LINEAR,
                             borderMode=cv2.BORDER_WRAP))
    res = np.concatenate(out, axis=0).reshape(-1, 3)
    return res[:n]


class MipTex:
    def __init__(self, tex, ppm, levels=7):
        self.levels = [tex.astype(np.float32)]
        for _ in range(levels - 1):
            t = self.levels[-1]
            if min(t.shape[:2]) < 16:
                break
            self.levels.append(cv2.resize(t, (t.shape[1] // 2, t.shape[0] // 2), interpolation=cv2.INTER_AREA))
        self.ppm = float(ppm)
        self.mean = self.levels[-1].reshape(-1, 3).mean(axis=0)

    def sample(self, u_m, v_m, foot_m):
        lvl = np.floor(np.log2(np.maximum(foot_m * self.ppm, 1e-6)) + 0.3)
        lvl = np.clip(lvl, 0, len(self.levels) - 1).astype(np.int8)
        out = np.empty((u_m.size, 3), np.float32)
        for k in range(len(self.levels)):
            idx = np.nonzero(lvl == k)[0]
            if idx.size == 0:
                continue
            t = self.levels[k]
            s = self.ppm / (2 ** k)
            h, w = t.shape[:2]
            mx = np.mod(u_m[idx] * s, w).astype(np.float32)
            my = np.mod(v_m[idx] * s, h).astype(np.float32)
            out[idx] = _remap_pts(t, mx, my)
        return out


class Panorama:
    """Direction-indexed texture at infinity (sky, far terrain)."""

    def __init__(self, tex, meta, pix_deg):
        ppd, el_max, el_min = meta
        self.ppd = ppd
        self.el_max = el_max
        self.el_min = el_min
        lvl = int(np.clip(math.floor(math.log2(max(pix_deg * ppd, 1e-6)) + 0.3), 0, 4))
        t = tex.astype(np.float32)
        for _ in range(lvl):
            t = cv2.resize(t, (t.shape[1] // 2, t.shape[0] // 2), interpolation=cv2.INTER_AREA)
        self.tex = t
        self.scale = ppd / (2 ** lvl)
        self.horizon_col = tex[int((el_max + 0.5) * ppd):int((el_max + 1.5) * ppd)].reshape(-1, 3).mean(axis=0)

    def sample(self, d):
        az = np.degrees(np.arctan2(d[:, 0], d[:, 1])) % 360.0
        el = np.degrees(np.arctan2(d[:, 2], np.hypot(d[:, 0], d[:, 1])))
        h, w = self.tex.shape[:2]
        mx = (az * self.scale).astype(np.float32)
        my = np.clip((self.el_max - el) * self.scale, 0, h - 1.001).astype(np.float32)
        return _remap_pts(self.tex, mx, my)


class OutdoorEnv:
    """Ground plane z=0 split into textured regions; optional lower plane (river) where no region applies."""

    def __init__(self, regions, pano: Panorama, lower=None, fog_m=140.0, far_m=600.0):
        self.regions = regions  # list of (predicate(x, y) -> bool array, MipTex)
        self.pano = pano
        self.lower = lower      # (z, MipTex) or None
        self.fog_m = fog_m
        self.far_m = far_m

    def render(self, d, C, pix_rad):
        n = d.shape[0]
        out = np.empty((n, 3), np.float32)
        dz = d[:, 2]
        down = dz < -1e-4
        s = np.full(n, np.inf, np.float32)
        s[down] = C[2] / (-dz[down])
        ground = down & (s < self.far_m)
        gi = np.nonzero(ground)[0]
        px = C[0] + s[gi] * d[gi, 0]
        py = C[1] + s[gi] * d[gi, 1]
        assigned = np.zeros(gi.size, bool)
        foot = s[gi] * pix_rad / np.sqrt(np.maximum(-dz[gi], 0.02))
        fog_col = self.pano.horizon_col
        for pred, tex in self.regions:
            m = (~assigned) & pred(px, py)
            if not m.any():
                continue
            idx = np.nonzero(m)[0]
            col = tex.sample(px[idx], py[idx], foot[idx])
            a = (1.0 - np.exp(-s[gi[idx]] / self.fog_m))[:, None]
            out[gi[idx]] = col * (1 - a) + fog_col * a
            assigned[idx] = True
        rest = gi[~assigned]
        sky = ~ground
        if self.lower is not None and rest.size:
            zl, tex = self.lower
            sl = (C[2] - zl) / (-dz[rest])
            lx = C[0] + sl * d[rest, 0]
            ly = C[1] + sl * d[rest, 1]
            footl = sl * pix_rad / np.sqrt(np.maximum(-dz[rest], 0.02))
            col = tex.sample(lx, ly, footl)
            a = (1.0 - np.exp(-sl / self.fog_m))[:, None]
            out[rest] = col * (1 - a) + fog_col * a
        elif rest.size:
            sky[rest] = True
        si = np.nonzero(sky)[0]
        out[si] = self.pano.sample(d[si])
        return out


class IndoorEnv:
    """Box room: floor z=0, ceiling z=hc, four walls with a perimeter texture."""

    def __init__(self, box, hc, floor: MipTex, ceiling: MipTex, walls: MipTex):
        self.x0, self.x1, self.y0, self.y1 = box
        self.hc = hc
        self.floor = floor
        self.ceiling = ceiling
        self.walls = walls

    def perimeter(self):
        return 2 * (self.x1 - self.x0) + 2 * (self.y1 - self.y0)

    def render(self, d, C, pix_rad):
        n = d.shape[0]
        out = np.empty((n, 3), np.float32)
        dx, dy, dz = d[:, 0], d[:, 1], d[:, 2]
        with np.errstate(divide="ignore", invalid="ignore"):
            tx = np.where(dx > 0, (self.x1 - C[0]) / dx, (self.x0 - C[0]) / dx)
            ty = np.where(dy > 0, (self.y1 - C[1]) / dy, (self.y0 - C[1]) / dy)
        tx = np.where(np.abs(dx) < 1e-7, np.inf, tx)
        ty = np.where(np.abs(dy) < 1e-7, np.inf, ty)
        sw = np.minimum(tx, ty)
        with np.errstate(divide="ignore", invalid="ignore"):
            sf = np.where(dz < -1e-6, C[2] / -dz, np.inf)
            sc = np.where(dz > 1e-6, (self.hc - C[2]) / dz, np.inf)
        floor = sf <= np.minimum(sw, sc)
        ceil = (~floor) & (sc <= sw)
        wall = ~(floor | ceil)
        for mask, tex, sarr, _z in ((floor, self.floor, sf, None), (ceil, self.ceiling, sc, None)):
            idx = np.nonzero(mask)[0]
            if idx.size:
                ss = sarr[idx]
                foot = ss * pix_rad / np.sqrt(np.maximum(np.abs(dz[idx]), 0.02))
                out[idx] = tex.sample(C[0] + ss * dx[idx], C[1] + ss * dy[idx], foot)
        idx = np.nonzero(wall)[0]
        if idx.size:
            ss = sw[idx]
            hx = C[0] + ss * dx[idx]
            hy = C[1] + ss * dy[idx]
            hz = C[2] + ss * dz[idx]
            Lx = self.x1 - self.x0
            Ly = self.y1 - self.y0
            on_x = tx[idx] <= ty[idx]
            # perimeter coordinate: south wall west->east, east wall south->north, north wall east->west, west wall
            u = np.where(on_x,
                         np.where(dx[idx] > 0, Lx + (hy - self.y0), 2 * Lx + 2 * Ly - (hy - self.y0)),
                         np.where(dy[idx] > 0, Lx + Ly + (self.x1 - hx), (hx - self.x0)))
            v = self.hc - hz
            cosi = np.where(on_x, np.abs(dx[idx]), np.abs(dy[idx]))
            foot = ss * pix_rad / np.sqrt(np.maximum(cosi, 0.02))
            out[idx] = self.walls.sample(u, v, foot)
        return out


# --------------------------------------------------------------------------------------------
# primitives

class Prim:
    """A planar polygon in world coordinates with a flat colour (BGR) and optional outline."""
    __slots__ = ("pts", "col", "edge", "closed", "width", "nobb")

    def __init__(self, pts, col, edge=None, closed=True, width=1, nobb=False):
        self.pts = np.asarray(pts, np.float64)
        self.col = col
        self.edge = edge
        self.closed = closed
        self.width = width
        self.nobb = nobb    # decoration that does not count towards the detection box


def subdivide(pts, k, closed=True):
    if k <= 1:
        return pts
    n = len(pts)
    segs = []
    rng = range(n) if closed else range(n - 1)
    for i in rng:
        a = pts[i]
        b = pts[(i + 1) % n]
        for j in range(k):
            segs.append(a + (b - a) * (j / k))
    if not closed:
        segs.append(pts[-1])
    return np.array(segs)


def project_prims(prims, lens: Lens, C, B, subdiv):
    """Returns list of (poly (m,2) float, prim) for primitives fully in front of the camera."""
    out = []
    for p in prims:
        pts = subdivide(p.pts, subdiv, p.closed) if subdiv > 1 else p.pts
        pc = world_to_cam(pts, C, B)
        u, v, ok = lens.project(pc)
        if not ok.all():
            if ok.sum() < 2 or lens.projection == "pinhole":
                continue
            u, v = u[ok], v[ok]
        out.append((np.stack([u, v], axis=1), p))
    return out


def draw_projected(img, polys):
    H, W = img.shape[:2]
    for poly, p in polys:
        if poly[:, 0].max() < -50 or poly[:, 0].min() > W + 50 or poly[:, 1].max() < -50 or poly[:, 1].min() > H + 50:
            continue
        q = np.round(np.clip(poly, -4000, 8000) * 16).astype(np.int32)
        if p.closed and p.col is not None:
            cv2.fillPoly(img, [q], p.col, cv2.LINE_AA, shift=4)
        if p.edge is not None:
            cv2.polylines(img, [q], p.closed, p.edge, p.width, cv2.LINE_AA, shift=4)
