"""Rendering through the lens: a per-pixel ray caster for the background
(textured ground, pit, walls, ceiling, far panorama) and a painter for the
entities' polygons (sorted far to near), plus an identity buffer that the
detector simulation reads (what is actually visible, and how much of it).
"""
import math

import cv2
import numpy as np

from . import textures as tx
from .geometry import SOLID, TWOSIDED, OCCLUDER, IDONLY

GROUND, WALL, CEIL, PITFLOOR, PITWALL, PANO = range(6)


class Background:
    def __init__(self, env, lens, seed):
        self.env = env
        self.lens = lens
        rng = np.random.default_rng(seed)
        atlas = tx.Atlas()
        gk = env["ground"]
        gimg = {"gravel": tx.ground_gravel, "mud": tx.ground_mud, "concrete": tx.ground_concrete}[gk](rng)
        self.g_levels = 6
        atlas.add("ground", gimg, self.g_levels)
        self.g_texel = env.get("ground_texel", 0.02)
        enc = env.get("enclosure")
        self.enc = enc
        if enc:
            wimg = tx.wall_hoarding(rng) if enc["kind"] == "hoarding" else tx.wall_blockwork(rng)
            atlas.add("wall", wimg, 4)
            self.w_texel = enc["height"] / wimg.shape[0]
        self.ceil = env.get("ceiling")
        if self.ceil:
            atlas.add("ceil", tx.ceiling_soffit(rng), 4)
        self.pit = env.get("pit")
        if self.pit:
            atlas.add("pit", tx.pit_soil(rng), 4)
        atlas.add("pano", tx.panorama(rng, env.get("pano", "city")), 1)
        atlas.build()
        self.atlas = atlas
        self.img = atlas.image
        rays = lens.ray_grid().reshape(-1, 3)
        self.rx, self.ry, self.rz = (np.ascontiguousarray(rays[:, i]) for i in range(3))
        self._tcache = {}
        self._pow2 = np.float32(2.0) ** -np.arange(8, dtype=np.float32)
        self.pa = 1.0 / lens.f
        self.far = env.get("far_ground_m", 70.0)

    def _tile(self, name, level, u, v, wrap_v=True):
        """Atlas coordinates for tile `name` at mip `level` (array)."""
        if name not in self._tcache:
            tiles = self.atlas.tiles[name]
            self._tcache[name] = tuple(np.array([t[i] for t in tiles], np.float32) for i in range(4))
        ox, oy, tw, th = self._tcache[name]
        if len(tw) == 1:
            s = np.float32(1.0)
            w, h, x0, y0 = tw[0], th[0], ox[0], oy[0]
        else:
            s = self._pow2[level]
            w, h, x0, y0 = tw[level], th[level], ox[level], oy[level]
        uu = u * s
        uu = uu - w * np.floor(uu / w)
        vv = v * s
        if wrap_v:
            vv = vv - h * np.floor(vv / h)
        else:
            vv = np.clip(vv, 0, h - 1)
        return x0 + uu, y0 + vv

    @staticmethod
    def _level(fp, texel, nlev):
        lv = np.floor(np.log2(np.maximum(fp / texel, 1e-6)) + 0.35)
        return np.clip(lv, 0, nlev - 1).astype(np.int32)

    def render(self, R, C):
        lens = self.lens
        H, W = lens.height, lens.width
        R = R.astype(np.float32)
        dx = self.rx * R[0, 0] + self.ry * R[0, 1] + self.rz * R[0, 2]
        dy = self.rx * R[1, 0] + self.ry * R[1, 1] + self.rz * R[1, 2]
        dz = self.rx * R[2, 0] + self.ry * R[2, 1] + self.rz * R[2, 2]
        cx, cy, cz = (np.float32(c) for c in C)
        n = dx.shape[0]
        inf = np.float32(1e9)
        with np.errstate(divide="ignore", invalid="ignore"):
            t_g = np.where(dz < -1e-6, -cz / dz, inf)
            if self.enc:
                e = self.enc
                tx_ = np.where(dx > 1e-7, (e["xmax"] - cx) / dx, np.where(dx < -1e-7, (e["xmin"] - cx) / dx, inf))
                ty_ = np.where(dy > 1e-7, (e["ymax"] - cy) / dy, np.where(dy < -1e-7, (e["ymin"] - cy) / dy, inf))
                t_w = np.minimum(tx_, ty_)
                wall_x = tx_ < ty_
            else:
                t_w = np.full(n, inf, np.float32)
                t_g = np.where(t_g < self.far, t_g, inf)
            t_c = np.where(dz > 1e-6, (self.ceil - cz) / dz, inf) if self.ceil else np.full(n, inf, np.float32)
        cls = np.full(n, PANO, np.int8)
        mx = np.zeros(n, np.float32)
        my = np.zeros(n, np.float32)
        bright = np.ones(n, np.float32)

        is_g = (t_g < t_w) & (t_g < t_c)
        gx = cx + t_g * dx
        gy = cy + t_g * dy
        if self.pit:
            p = self.pit
            inpit = is_g & (gx > p["xmin"]) & (gx < p["xmax"]) & (gy > p["ymin"]) & (gy < p["ymax"])
            is_g &= ~inpit
        cls[is_g] = GROUND
        idx = np.nonzero(is_g)[0]
        if idx.size:
            fp = t_g[idx] * self.pa / np.maximum(-dz[idx], 0.03)
            lv = self._level(fp, self.g_texel, self.g_levels)
            mx[idx], my[idx] = self._tile("ground", lv, gx[idx] / self.g_texel, -gy[idx] / self.g_texel)
            # gentle haze with distance
            bright[idx] = 1.0 - np.clip((t_g[idx] - 25.0) / 160.0, 0, 0.25)

        if self.pit:
            idx = np.nonzero(inpit)[0]
            if idx.size:
                p = self.pit
                ex, ey = gx[idx], gy[idx]
                ddx, ddy, ddz = dx[idx], dy[idx], dz[idx]
                t_f = (-p["depth"] - cz) / ddz
                fx, fy = cx + t_f * ddx, cy + t_f * ddy
                on_floor = (fx > p["xmin"]) & (fx < p["xmax"]) & (fy > p["ymin"]) & (fy < p["ymax"])
                with np.errstate(divide="ignore", invalid="ignore"):
                    qx = np.where(ddx > 1e-7, (p["xmax"] - ex) / ddx, np.where(ddx < -1e-7, (p["xmin"] - ex) / ddx, inf))
                    qy = np.where(ddy > 1e-7, (p["ymax"] - ey) / ddy, np.where(ddy < -1e-7, (p["ymin"] - ey) / ddy, inf))
                q = np.minimum(qx, qy)
                wz = ddz * q  # below 0
                wxh = ex + q * ddx
                wyh = ey + q * ddy
                s_along = np.where(qx < qy, wyh, wxh)
                tex = 0.02
                u = np.where(on_floor, fx / tex, s_along / tex)
                v = np.where(on_floor, fy / tex, -wz / tex + 200)
                lv = np.zeros(idx.size, np.int32)
                mx[idx], my[idx] = self._tile("pit", lv, u, v)
                bright[idx] = np.where(on_floor, 0.55, np.where(qx < qy, 0.72, 0.85))
                cls[idx] = np.where(on_floor, PITFLOOR, PITWALL)

        if self.enc:
            e = self.enc
            hz = cz + t_w * dz
            is_w = (~is_g) & (t_w <= t_c) & (hz >= 0) & (hz <= e["height"])
            if self.pit:
                is_w &= ~inpit
            idx = np.nonzero(is_w)[0]
            if idx.size:
                wx_ = wall_x[idx]
                hx = cx + t_w[idx] * dx[idx]
                hy = cy + t_w[idx] * dy[idx]
                # perimeter coordinate with a different offset per wall
                s = np.where(wx_, np.where(dx[idx] > 0, -hy + 7.3, hy + 19.1), np.where(dy[idx] > 0, hx + 3.7, -hx + 29.9))
                u = s / self.w_texel
                v = (e["height"] - hz[idx]) / self.w_texel
                cosi = np.where(wx_, np.abs(dx[idx]), np.abs(dy[idx]))
                fp = t_w[idx] * self.pa / np.maximum(cosi, 0.05)
                lv = self._level(fp, self.w_texel, 4)
                mx[idx], my[idx] = self._tile("wall", lv, u, v)
                bright[idx] = np.where(wx_, np.where(dx[idx] > 0, 0.92, 0.78), np.where(dy[idx] > 0, 0.85, 1.0))
                cls[idx] = WALL
            if self.ceil:
                is_c = (~is_g) & (t_c < t_w)
                idx = np.nonzero(is_c)[0]
                if idx.size:
                    hx = cx + t_c[idx] * dx[idx]
                    hy = cy + t_c[idx] * dy[idx]
                    fp = t_c[idx] * self.pa / np.maximum(dz[idx], 0.05)
                    lv = self._level(fp, 0.02, 4)
                    mx[idx], my[idx] = self._tile("ceil", lv, hx / 0.02, hy / 0.02)
                    bright[idx] = 0.8
                    cls[idx] = CEIL
        idx = np.nonzero(cls == PANO)[0]
        if idx.size:
            az = np.degrees(np.arctan2(dx[idx], dy[idx])) % 360.0
            el = np.degrees(np.arcsin(np.clip(dz[idx], -1, 1)))
            u = az / 360.0 * tx.PANO_W
            v = np.clip((tx.PANO_EL_TOP - el) / (tx.PANO_EL_TOP - tx.PANO_EL_BOT) * tx.PANO_H, 0, tx.PANO_H - 1)
            mx[idx], my[idx] = self._tile("pano", np.zeros(idx.size, np.int32), u, v, wrap_v=False)
        img = cv2.remap(self.img, mx.reshape(H, W), my.reshape(H, W), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REPLICATE)
        b = bright.reshape(H, W, 1)
        return (img.astype(np.float32) * b).astype(np.uint8)


# ----------------------------------------------------------------------

_SUBW = {}


def _subdivide(V, n):
    """V (Q, 4, 3) -> (Q * n * n, 4, 3) bilinear sub-quads."""
    if n not in _SUBW:
        s = np.linspace(0.0, 1.0, n + 1)
        rows = []
        for i in range(n):
            for j in range(n):
                for a, b in ((s[i], s[j]), (s[i + 1], s[j]), (s[i + 1], s[j + 1]), (s[i], s[j + 1])):
                    rows.append([(1 - a) * (1 - b), a * (1 - b), a * b, (1 - a) * b])
        _SUBW[n] = np.array(rows)
    W = _SUBW[n]
    out = np.einsum("kj,qjd->qkd", W, V)
    return out.reshape(-1, 4, 3)


def prepare(meshes, R, C, lens):
    """Cull, clip, subdivide and sort the entities' faces for one view.

    meshes: list of (entity_index, (V, N, col, K)).  Returns a dict with
    uv (M, 4, 2) pixels, colour (M, 3), kind (M,), eid (M,), in far-to-near
    order."""
    if not meshes:
        return None
    Vs, Ns, Cs, Ks, Es = [], [], [], [], []
    for eid, (V, N, col, K) in meshes:
        if len(V) == 0:
            continue
        Vs.append(V)
        Ns.append(N)
        Cs.append(col)
        Ks.append(K)
        Es.append(np.full(len(V), eid, np.int32))
    if not Vs:
        return None
    V = np.concatenate(Vs)
    N = np.concatenate(Ns)
    col = np.concatenate(Cs)
    K = np.concatenate(Ks)
    E = np.concatenate(Es)
    C = np.asarray(C, dtype=np.float64)
    cen = V.mean(axis=1)
    facing = np.einsum("ij,ij->i", N, C - cen) > 0
    keep = ((K == SOLID) & facing) | (K == TWOSIDED) | ((K == OCCLUDER) & ~facing) | (K == IDONLY)
    V, col, K, E = V[keep], col[keep], K[keep], E[keep]
    if len(V) == 0:
        return None
    P = (V - C) @ R  # camera coords
    # coarse rejection: every vertex behind / outside the cone
    theta = np.arctan2(np.hypot(P[..., 0], P[..., 1]), P[..., 2])
    half_diag = math.atan(math.hypot(lens.width, lens.height) / 2 / lens.f) if lens.projection == "pinhole" \
        else math.hypot(lens.width, lens.height) / 2 / lens.f
    vis = ~(theta > half_diag + 0.25).all(axis=1)
    P, col, K, E = P[vis], col[vis], K[vis], E[vis]
    if len(P) == 0:
        return None
    dist = np.linalg.norm(P, axis=2)
    edge = np.max(np.linalg.norm(P - np.roll(P, 1, axis=1), axis=2), axis=1)
    ang = edge / np.maximum(dist.min(axis=1), 0.05)
    th = np.arctan2(np.hypot(P[..., 0], P[..., 1]), P[..., 2])
    bad = (th > lens.max_theta).any(axis=1)
    if lens.projection == "fisheye":
        nsub = np.clip(np.ceil(ang / 0.22), 1, 5).astype(int)
        nsub = np.where(bad, np.maximum(nsub, 4), nsub)
    else:
        nsub = np.where(bad, 6, 1)
    outP, outC, outK, outE = [], [], [], []
    for n in np.unique(nsub):
        sel = nsub == n
        Pn = P[sel]
        if n > 1:
            Pn = _subdivide(Pn, n)
            rep = n * n
            outC.append(np.repeat(col[sel], rep, axis=0))
            outK.append(np.repeat(K[sel], rep))
            outE.append(np.repeat(E[sel], rep))
        else:
            outC.append(col[sel])
            outK.append(K[sel])
            outE.append(E[sel])
        outP.append(Pn)
    P = np.concatenate(outP)
    col = np.concatenate(outC)
    K = np.concatenate(outK)
    E = np.concatenate(outE)
    th = np.arctan2(np.hypot(P[..., 0], P[..., 1]), P[..., 2])
    ok = ~(th > lens.max_theta).any(axis=1)
    if lens.projection == "pinhole":
        ok &= (P[..., 2] > 0.05).all(axis=1)
    P, col, K, E = P[ok], col[ok], K[ok], E[ok]
    if len(P) == 0:
        return None
    uv, _ = lens.project(P.reshape(-1, 3))
    uv = uv.reshape(-1, 4, 2)
    depth = np.linalg.norm(P.mean(axis=1), axis=1)
    depth = np.where(K == IDONLY, 1e9, depth)
    order = np.argsort(-depth, kind="stable")
    return {"uv": uv[order], "col": col[order], "kind": K[order], "eid": E[order]}


def paint_rgb(prep, rgb, mask):
    """Paint the prepared faces at full resolution; mask gets 255 where an
    entity covers the background."""
    if prep is None:
        return
    pts = np.round(prep["uv"] * 16).astype(np.int32)
    pts = np.clip(pts, -2 ** 24, 2 ** 24)
    for p, c, k in zip(pts, prep["col"], prep["kind"]):
        if k == IDONLY:
            continue
        if k == OCCLUDER:
            cv2.fillConvexPoly(mask, p, 0, shift=4)
            continue
        cv2.fillConvexPoly(rgb, p, (float(c[0]), float(c[1]), float(c[2])), lineType=cv2.LINE_AA, shift=4)
        cv2.fillConvexPoly(mask, p, 255, shift=4)


def paint_ids(prep, shape, scale):
    """Identity buffer at `scale` of full resolution (entity index + 1, 0 =
    background) and, per entity, the pixel count it would cover alone."""
    idb = np.zeros(shape, np.int32)
    full = {}
    if prep is None:
        return idb, full
    uv = (prep["uv"] + 0.5) * scale - 0.5
    pts = np.clip(np.round(uv * 8).astype(np.int64), -2 ** 24, 2 ** 24).astype(np.int32)
    eids = prep["eid"]
    kinds = prep["kind"]
    for p, e, k in zip(pts, eids, kinds):
        cv2.fillConvexPoly(idb, p, 0 if k == OCCLUDER else int(e) + 1, shift=3)
    # each entity alone (for the share of it that is hidden)
    H, W = shape
    for e in np.unique(eids):
        sel = (eids == e) & (kinds != OCCLUDER)
        if not sel.any():
            continue
        q = uv[sel]
        x0 = int(max(0, math.floor(q[..., 0].min())))
        x1 = int(min(W - 1, math.ceil(q[..., 0].max())))
        y0 = int(max(0, math.floor(q[..., 1].min())))
        y1 = int(min(H - 1, math.ceil(q[..., 1].max())))
        if x1 < x0 or y1 < y0:
            full[int(e)] = (0, None)
            continue
        m = np.zeros((y1 - y0 + 1, x1 - x0 + 1), np.uint8)
        off = np.array([x0, y0]) * 8
        for p in pts[sel]:
            cv2.fillConvexPoly(m, p - off, 1, shift=3)
        # the projection outside the image, for truncation
        qq = q.reshape(-1, 2)
        full[int(e)] = (int(m.sum()), (float(qq[:, 0].min()), float(qq[:, 1].min()),
                                        float(qq[:, 0].max()), float(qq[:, 1].max())))
    return idb, full


class Sensor:
    """A little sensor noise, vignetting and a slight colour cast."""

    def __init__(self, lens, seed, sigma=3.2):
        rng = np.random.default_rng(seed)
        H, W = lens.height, lens.width
        self.pool = [rng.normal(0, sigma, (H, W, 3)).astype(np.float32) for _ in range(6)]
        yy, xx = np.mgrid[0:H, 0:W]
        r = np.hypot((xx - W / 2) / (W / 2), (yy - H / 2) / (W / 2))
        self.vig = (1.0 - 0.18 * r ** 2)[..., None].astype(np.float32)
        self.rng = np.random.default_rng(seed + 1)

    def apply(self, img):
        k = int(self.rng.integers(0, len(self.pool)))
        sh = int(self.rng.integers(0, 64))
        noise = np.roll(self.pool[k], sh, axis=1)
        out = img.astype(np.float32) * self.vig + noise
        return np.clip(out, 0, 255).astype(np.uint8)
