"""Site builder: collects textures, boxes/walls (quads), baked ground lighting and
moving objects, and produces a Renderer."""
import numpy as np
import cv2

from . import textures as tx
from .render import Atlas, Quads, Renderer, box_quads


class Moving:
    """A box whose centre/yaw are functions of time (active only in [t0, t1])."""

    def __init__(self, fn, size, texs, t0, t1, top=None, bottom=False, y0=0.0, yfn=None):
        self.fn, self.size, self.texs, self.t0, self.t1 = fn, size, texs, t0, t1
        self.top, self.bottom, self.y0, self.yfn = top, bottom, y0, yfn


class Site:
    def __init__(self, seed, sun_az, sun_el, ambient, ground_kind, sky_kind, extent=130.0, res=0.125,
                 light_color=(1.0, 1.0, 1.0), sky_sun=False):
        self.rng = np.random.default_rng(seed)
        self.atlas = Atlas()
        self.q = Quads()
        a, e = np.radians(sun_az), np.radians(sun_el)
        self.sun = np.array([np.sin(a) * np.cos(e), np.sin(e), np.cos(a) * np.cos(e)])
        self.sun_az, self.sun_el = sun_az, sun_el
        self.ambient = ambient
        self.extent, self.res = extent, res
        n = int(2 * extent / res)
        self.flat = ambient * 1.15 + max(0.0, self.sun[1]) * (1 - ambient) * 1.25
        mac = tx.noise(self.rng, n, n, 2.6)
        mac2 = tx.noise(self.rng, n, n, 1.2)
        lc = np.asarray(light_color, np.float32)[None, None, :]
        self.light = (128.0 * self.flat * lc * (1 + 0.10 * mac[:, :, None] + 0.03 * mac2[:, :, None])).astype(np.float32)
        self.origin = (-extent, extent)   # world (x, z) of light-image pixel (0, 0)
        self.obstacles = []               # (center, half sizes, yaw) for clearance checks
        self.moving = []
        self.ground_tex = self.atlas.add(tx.ground(self.rng, 2048, ground_kind), 0.005, levels=7, wrap=True)
        self.sky_tex = self.atlas.add(tx.sky_panorama(self.rng, 4096, 1024, sky_kind,
                                                      sun_az if sky_sun else None, sun_el if sky_sun else None),
                                      1.0, levels=1, wrap=True)
        self._tex = {}

    # ---------------------------------------------------------- textures
    def tex(self, key, fn, texel, levels=5, wrap=True):
        if key not in self._tex:
            self._tex[key] = self.atlas.add(fn(self.rng), texel, levels=levels, wrap=wrap)
        return self._tex[key]

    # ---------------------------------------------------------- light map
    def _px(self, x, z):
        return ((x - self.origin[0]) / self.res, (self.origin[1] - z) / self.res)

    def paint_poly(self, pts_xz, factor, blur=2.0):
        """Multiply ground light inside polygon by factor (scalar or BGR)."""
        mask = np.zeros(self.light.shape[:2], np.float32)
        p = np.array([self._px(x, z) for x, z in pts_xz], np.float32)
        cv2.fillPoly(mask, [np.round(p * 4).astype(np.int32)], 1.0, cv2.LINE_AA, shift=2)
        if blur:
            mask = cv2.GaussianBlur(mask, (0, 0), blur)
        f = np.asarray(factor, np.float32).reshape(1, 1, -1)
        self.light *= (1 + (f - 1) * mask[:, :, None])

    def paint_line(self, pts_xz, width_m, factor, blur=1.0):
        mask = np.zeros(self.light.shape[:2], np.float32)
        p = np.array([self._px(x, z) for x, z in pts_xz], np.float32)
        cv2.polylines(mask, [np.round(p * 4).astype(np.int32)], False, 1.0,
                      max(1, int(width_m / self.res)), cv2.LINE_AA, shift=2)
        if blur:
            mask = cv2.GaussianBlur(mask, (0, 0), blur)
        f = np.asarray(factor, np.float32).reshape(1, 1, -1)
        self.light *= (1 + (f - 1) * mask[:, :, None])

    def shadow(self, center, size, yaw=0.0, y0=0.0):
        """Bake the ground shadow of a box (sun from self.sun)."""
        if self.sun[1] <= 0.05:
            return
        cx, cz = center
        sx, sy, sz = size
        a = np.radians(yaw)
        ex = np.array([np.cos(a), -np.sin(a)])
        ez = np.array([np.sin(a), np.cos(a)])
        corners = [np.array([cx, cz]) + ex * dx * sx / 2 + ez * dz * sz / 2 for dx in (-1, 1) for dz in (-1, 1)]
        hor = -self.sun[[0, 2]] / self.sun[1]
        pts = []
        for c in corners:
            pts.append(c + hor * y0)
            pts.append(c + hor * (y0 + sy))
        pts = np.array(pts)
        hull = cv2.convexHull(pts.astype(np.float32))[:, 0, :]
        self.paint_poly(hull, self.ambient * 1.15 / self.flat, blur=1.5)

    # ---------------------------------------------------------- geometry
    def box(self, center, size, texs, yaw=0.0, top=None, y0=0.0, bottom=False, shadow=True, obstacle=True):
        box_quads(self.q, center, size, yaw, texs, self.sun, self.ambient, top=top, bottom=bottom, y0=y0)
        if shadow:
            self.shadow(center, size, yaw, y0)
        if obstacle and y0 < 1.9:
            self.obstacles.append((np.array(center, float), np.array([size[0], size[2]]) / 2, yaw))

    def wall(self, p0, p1, height, tex, double=True, y0=0.0, shade=None, obstacle=True, shadow=True):
        p0, p1 = np.asarray(p0, float), np.asarray(p1, float)
        d = p1 - p0
        L = float(np.linalg.norm(d))
        U = np.array([d[0], 0, d[1]]) / L
        up = np.array([0, 1.0, 0])
        n = np.cross(up, U)
        if shade is None:
            shade = self.ambient + abs(float(np.dot(n, self.sun))) * (1 - self.ambient) * 1.25
        self.q.add([p0[0], y0, p0[1]], U, up, L, height, tex, shade=shade, double=double)
        if shadow and y0 < 0.5:
            c = (p0 + p1) / 2
            ang = np.degrees(np.arctan2(-d[1], d[0]))
            self.shadow(c, (L, height, 0.05), ang, y0)
        if obstacle:
            c = (p0 + p1) / 2
            ang = np.degrees(np.arctan2(-d[1], d[0]))
            self.obstacles.append((c, np.array([L / 2, 0.05]), ang))

    def ceiling(self, x0, x1, z0, z1, y, tex, shade):
        # downward-facing rectangle: n = V x U = -Y with U=+X, V=-Z
        self.q.add([x0, y, z1], [1, 0, 0], [0, 0, -1], x1 - x0, z1 - z0, tex, shade=shade, ao=False)

    def add_moving(self, m):
        self.moving.append(m)

    def dynamic_quads(self, t):
        q = Quads()
        for m in self.moving:
            if not (m.t0 <= t <= m.t1):
                continue
            c, yaw = m.fn(t)
            y0 = m.y0 if m.yfn is None else m.yfn(t)
            box_quads(q, c, m.size, yaw, m.texs, self.sun, self.ambient, top=m.top, bottom=m.bottom, y0=y0)
        return q.finalize()

    def clearance(self, pos, margin=0.3):
        """Min distance (m) from camera track (N,3) to any obstacle footprint, and index."""
        xz = pos[:, [0, 2]]
        worst = np.inf
        for c, hs, yaw in self.obstacles:
            a = np.radians(yaw)
            ex = np.array([np.cos(a), -np.sin(a)])
            ez = np.array([np.sin(a), np.cos(a)])
            rel = xz - c[None, :]
            lx = np.abs(rel @ ex) - hs[0]
            lz = np.abs(rel @ ez) - hs[1]
            d = np.where((lx < 0) & (lz < 0), np.maximum(lx, lz), np.hypot(np.maximum(lx, 0), np.maximum(lz, 0)))
            worst = min(worst, float(d.min()))
        return worst

    def build(self, lens):
        self.q.finalize()
        atlas = self.atlas.build()
        light = np.clip(self.light, 0, 255).astype(np.uint8)
        return Renderer(lens, atlas, self.ground_tex, self.sky_tex, light, self.origin, self.res, self.q, self.atlas)
