"""A box-shaped 3D world (floor, walls, optional ceiling, sky) ray-cast per pixel.

Every surface is a mip-mapped texture; pixels are resolved per surface with one
cv2.remap call each.  The wearer can translate (real parallax on the floor and
near walls) and rotate freely, so the heading is recoverable from the pixels.
"""
from __future__ import annotations

import cv2
import numpy as np


def remap1d(src, mx, my, border):
    """cv2.remap for flat coordinate lists (reshaped to stay under SHRT_MAX)."""
    n = mx.shape[0]
    k = 1024
    m = (n + k - 1) // k
    pad = m * k - n
    if pad:
        mx = np.concatenate([mx, np.zeros(pad, np.float32)])
        my = np.concatenate([my, np.zeros(pad, np.float32)])
    r = cv2.remap(src, mx.reshape(m, k), my.reshape(m, k), cv2.INTER_LINEAR, borderMode=border)
    return r.reshape(m * k, -1)[:n]


class MipChain:
    def __init__(self, tex: np.ndarray, ppm: float, levels: int = 5):
        self.ppm = float(ppm)
        lv = [tex]
        for _ in range(levels - 1):
            if min(lv[-1].shape[:2]) < 8:
                break
            lv.append(cv2.pyrDown(lv[-1]))
        self.n = len(lv)
        h0, w0 = tex.shape[:2]
        vertical = w0 >= h0
        offs = []
        if vertical:
            H = sum(l.shape[0] for l in lv)
            atlas = np.zeros((H, w0) + tex.shape[2:], tex.dtype)
            y = 0
            for l in lv:
                atlas[y:y + l.shape[0], :l.shape[1]] = l
                offs.append((0, y, l.shape[1], l.shape[0]))
                y += l.shape[0]
        else:
            Wt = sum(l.shape[1] for l in lv)
            atlas = np.zeros((h0, Wt) + tex.shape[2:], tex.dtype)
            x = 0
            for l in lv:
                atlas[:l.shape[0], x:x + l.shape[1]] = l
                offs.append((x, 0, l.shape[1], l.shape[0]))
                x += l.shape[1]
        assert max(atlas.shape[:2]) < 32767, atlas.shape
        self.atlas = atlas
        o = np.array(offs, np.float32)
        self.ox, self.oy, self.w, self.h = o[:, 0], o[:, 1], o[:, 2], o[:, 3]
        self.scale = np.array([0.5 ** k for k in range(self.n)], np.float32)

    def coords(self, u_m, v_m, footprint_m):
        f32 = np.float32
        # mip level = round(log2(footprint in texels)), via thresholds (cheaper than log2)
        fpx = footprint_m * f32(self.ppm)
        lev = np.zeros(fpx.shape, np.int32)
        for k in range(1, self.n):
            lev += fpx >= f32(2.0 ** (k - 0.5))
        s = self.scale[lev] * f32(self.ppm)
        x = np.minimum(np.maximum(u_m * s, f32(0)), self.w[lev] - f32(1.001))
        x += self.ox[lev]
        y = np.minimum(np.maximum(v_m * s, f32(0)), self.h[lev] - f32(1.001))
        y += self.oy[lev]
        return x, y

    def sample(self, u_m, v_m, footprint_m):
        x, y = self.coords(u_m, v_m, footprint_m)
        return remap1d(self.atlas, x, y, cv2.BORDER_REPLICATE)


class BoxWorld:
    def __init__(self, x0, x1, z0, z1, floor_tex, floor_ppm, wall_tex, wall_ppm, wall_h,
                 ceiling_h=None, ceil_tex=None, ceil_ppm=None, sky_tex=None, atten_m=None):
        self.x0, self.x1, self.z0, self.z1 = map(float, (x0, x1, z0, z1))
        self.Wx, self.Dz = self.x1 - self.x0, self.z1 - self.z0
        self.perim = 2 * (self.Wx + self.Dz)
        self.floor = MipChain(floor_tex, floor_ppm)
        self.wall = MipChain(wall_tex, wall_ppm)
        self.wall_h = float(wall_h)
        self.wall_rgba = wall_tex.shape[2] == 4
        self.ceiling_h = ceiling_h
        self.ceil = MipChain(ceil_tex, ceil_ppm) if ceil_tex is not None else None
        self.sky = sky_tex
        self.atten_m = atten_m

    def _att(self, t):
        if self.atten_m is None:
            return None
        return (0.30 + 0.70 * np.exp(-np.clip(t, 0, 1e4) / self.atten_m)).astype(np.float32)

    def _put(self, out, idx, col, t):
        a = self._att(t)
        if a is not None:
            out[idx] = np.clip(col[:, :3].astype(np.float32) * a[:, None], 0, 255).astype(np.uint8)
        else:
            out[idx] = col[:, :3]

    def _sky(self, dx, dy, dz):
        sh, sw = self.sky.shape[:2]
        az = np.degrees(np.arctan2(dx, dz)) % 360.0
        el = np.degrees(np.arcsin(np.clip(dy, -1, 1)))
        mx = (az * np.float32(sw / 360.0)).astype(np.float32)
        my = np.clip((np.float32(90.0) - el) * np.float32((sh - 1) / 90.0), 0, sh - 1).astype(np.float32)
        return remap1d(self.sky, mx, my, cv2.BORDER_WRAP)

    def render(self, lens, C, R) -> np.ndarray:
        f32 = np.float32
        r0, r1, r2 = lens.rays_cols()
        Rf = R.astype(f32)
        # explicit products (a BLAS matmul would spin extra threads)
        dx = r0 * Rf[0, 0]
        dx += r1 * Rf[0, 1]
        dx += r2 * Rf[0, 2]
        dy = r0 * Rf[1, 0]
        dy += r1 * Rf[1, 1]
        dy += r2 * Rf[1, 2]
        dz = r0 * Rf[2, 0]
        dz += r1 * Rf[2, 1]
        dz += r2 * Rf[2, 2]
        Cx, Cy, Cz = (f32(v) for v in C)
        N = dx.shape[0]
        alpha = f32(lens.pix_angle)
        with np.errstate(divide="ignore", invalid="ignore"):
            px_pos = dx > 0
            pz_pos = dz > 0
            tx = np.where(px_pos, f32(self.x1) - Cx, f32(self.x0) - Cx) / dx
            tz = np.where(pz_pos, f32(self.z1) - Cz, f32(self.z0) - Cz) / dz
            tx[~np.isfinite(tx)] = np.inf
            tz[~np.isfinite(tz)] = np.inf
            onx = tx < tz
            tw = np.where(onx, tx, tz)
            tf = (-Cy) / dy
            fl = (dy < f32(-1e-6)) & (tf < tw)
            if self.ceiling_h is not None:
                tc = (f32(self.ceiling_h) - Cy) / dy
                ce = (dy > f32(1e-6)) & (tc < tw)
            else:
                ce = None
        out = np.empty((N, 3), np.uint8)
        idx = np.flatnonzero(fl)
        if idx.size:
            t = tf[idx]
            ddy = dy[idx]
            fp = t * alpha / np.sqrt(np.maximum(-ddy, f32(0.03)))
            u = Cx + t * dx[idx] - f32(self.x0)
            v = f32(self.z1) - (Cz + t * dz[idx])
            self._put(out, idx, self.floor.sample(u, v, fp), t)
        wa = ~fl
        if ce is not None and ce.any():
            idx = np.flatnonzero(ce)
            t = tc[idx]
            fp = t * alpha / np.sqrt(np.maximum(dy[idx], f32(0.03)))
            u = Cx + t * dx[idx] - f32(self.x0)
            v = f32(self.z1) - (Cz + t * dz[idx])
            self._put(out, idx, self.ceil.sample(u, v, fp), t)
            wa &= ~ce
        idx = np.flatnonzero(wa)
        if idx.size:
            t = tw[idx]
            ddx, ddy, ddz = dx[idx], dy[idx], dz[idx]
            hx, hy, hz = Cx + t * ddx, Cy + t * ddy, Cz + t * ddz
            o = onx[idx]
            Wx, Dz = f32(self.Wx), f32(self.Dz)
            s_x = np.where(ddx > 0, Wx + (f32(self.z1) - hz), 2 * Wx + Dz + (hz - f32(self.z0)))
            s_z = np.where(ddz > 0, hx - f32(self.x0), Wx + Dz + (f32(self.x1) - hx))
            s = np.where(o, s_x, s_z)
            inc = np.where(o, np.abs(ddx), np.abs(ddz))
            fp = t * alpha / np.sqrt(np.maximum(inc, f32(0.03)))
            col = self.wall.sample(s, f32(self.wall_h) - hy, fp)
            if self.sky is not None:
                a = col[:, 3]
                need = (a < 255) | (hy > f32(self.wall_h))
                if need.any():
                    k = np.flatnonzero(need)
                    aa = a[k].astype(f32) / f32(255.0)
                    aa[hy[k] > f32(self.wall_h)] = 0.0
                    skyc = self._sky(ddx[k], ddy[k], ddz[k]).astype(f32)
                    c = col[k, :3].astype(f32)
                    col = col[:, :3].copy()
                    col[k] = (c * aa[:, None] + skyc * (1 - aa[:, None])).astype(np.uint8)
            self._put(out, idx, col, t)
        return out.reshape(lens.H, lens.W, 3)
