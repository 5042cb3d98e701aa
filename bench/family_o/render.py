"""Renderer: background by ray casting (ground, enclosure walls, far panorama) through the lens,
entities as shaded boxes projected through the same lens (painter's order), plus an id buffer
that says which entity owns each pixel (for the detections)."""
import math
import numpy as np
import cv2

from . import textures as T
from .lens import Lens

# face corner indices of a box whose corner i has signs (bit0: x, bit1: y, bit2: z)
FACES = np.array([[0, 2, 6, 4], [1, 5, 7, 3], [0, 4, 5, 1], [2, 3, 7, 6], [0, 1, 3, 2], [4, 6, 7, 5]])
FACE_TOP = 3
SIGNS = np.array([[(i >> 0) & 1, (i >> 1) & 1, (i >> 2) & 1] for i in range(8)], float) * 2 - 1
NEAR = 0.05
SHIFT = 3
SCALE = float(1 << SHIFT)


def clip_near(poly):
    """Sutherland-Hodgman clip of a camera-frame polygon to z >= NEAR."""
    out = []
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        ina, inb = a[2] >= NEAR, b[2] >= NEAR
        if ina:
            out.append(a)
        if ina != inb:
            u = (NEAR - a[2]) / (b[2] - a[2])
            out.append(a + (b - a) * u)
    return np.array(out) if len(out) >= 3 else None


class Renderer:
    def __init__(self, scen, world, colour=True):
        self.s, self.w = scen, world
        self.lens = Lens(scen.width, scen.height, scen.hfov, scen.projection)
        self.colour = colour
        H, W = scen.height, scen.width
        self.H, self.W = H, W
        self.idbuf = np.zeros((H, W), np.uint8)
        self.scratch = np.zeros((H, W), np.uint8)
        self.cache = {}
        sun = np.array(scen.sun, float)
        self.sun = sun / np.linalg.norm(sun)
        if colour:
            rng = np.random.default_rng(scen.seed)
            self.rays3 = np.ascontiguousarray(self.lens.rays().T.reshape(H, W, 3))
            self.g_fine, self.g_coarse, self.g_res = T.ground(scen.ground_kind, rng)
            self.g_size = self.g_fine.shape[0]
            enc = scen.enclosure
            if enc:
                self.wres = enc.get("res", 0.04)
                if enc["shape"] == "cylinder":
                    length = 2 * math.pi * enc["radius"]
                else:
                    x0, x1, z0, z1 = enc["box"]
                    length = 2 * ((x1 - x0) + (z1 - z0))
                self.wall_tex = T.wall(enc["kind"], rng, length, enc["height"], self.wres)
            self.pano, self.el_top, self.el_bot = T.panorama(scen.pano_kind, rng)
            self.sin_top, self.sin_bot = math.sin(math.radians(self.el_top)), math.sin(math.radians(self.el_bot))
            self.g_coarse = cv2.resize(self.g_coarse, (self.g_size // 4, self.g_size // 4), interpolation=cv2.INTER_AREA)
            self.haze_img = np.empty((H, W, 3), np.uint8)
            self.haze_img[:] = np.array(scen.haze, np.uint8)
            # sensor: a bank of noise frames, vignetting for the fisheye
            self.noise = [rng.normal(0, scen.noise_sigma, (H, W, 3)).astype(np.int16) for _ in range(12)]
            yy, xx = np.mgrid[0:H, 0:W]
            r = np.hypot((xx - W / 2) / (W / 2), (yy - H / 2) / (W / 2))
            vig = 1.0 - (0.28 if scen.projection == "fisheye" else 0.12) * r ** 2
            self.vign = np.repeat((np.clip(vig, 0, 1) * 255).astype(np.uint8)[..., None], 3, axis=2)
            self.rng = np.random.default_rng(scen.seed + 5)

    # ------------------------------------------------------------------ background
    def background(self, f):
        s, w = self.s, self.w
        C = w.cam_pos[f].astype(np.float32)
        R = w.cam_rot[f].astype(np.float32)
        H, W = self.H, self.W
        dx, dy, dz = cv2.split(cv2.transform(self.rays3, R))
        neg = dy < -1e-4
        s_g = np.float32(-C[1]) / np.minimum(dy, np.float32(-1e-4))
        np.minimum(s_g, np.float32(300.0), out=s_g)
        enc = s.enclosure
        if enc:
            if enc["shape"] == "cylinder":
                Rc = np.float32(enc["radius"])
                a = dx * dx + dz * dz + np.float32(1e-9)
                b = np.float32(2) * (C[0] * dx + C[2] * dz)
                c = np.float32(C[0] ** 2 + C[2] ** 2 - Rc ** 2)
                s_w = (-b + cv2.sqrt(np.maximum(b * b - np.float32(4) * a * c, 0))) / (np.float32(2) * a)
                hx, hz = C[0] + s_w * dx, C[2] + s_w * dz
                u = cv2.phase(hz, hx) * Rc  # radians along the circle
            else:
                x0, x1, z0, z1 = [np.float32(v) for v in enc["box"]]
                sdx = np.where(dx > 0, (x1 - C[0]) / np.maximum(dx, 1e-6), (x0 - C[0]) / np.minimum(dx, -1e-6))
                sdz = np.where(dz > 0, (z1 - C[2]) / np.maximum(dz, 1e-6), (z0 - C[2]) / np.minimum(dz, -1e-6))
                s_w = np.minimum(sdx, sdz)
                hx, hz = C[0] + s_w * dx, C[2] + s_w * dz
                Wd, Dd = x1 - x0, z1 - z0
                u = np.where(sdz <= sdx,
                             np.where(dz > 0, hx - x0, Wd + Dd + (x1 - hx)),
                             np.where(dx > 0, Wd + (z1 - hz), 2 * Wd + Dd + (hz - z0)))
            h_w = C[1] + s_w * dy
            is_ground = neg & (s_g <= s_w)
            is_wall = (~is_ground) & (h_w <= enc["height"]) & (h_w >= 0)
        else:
            is_ground = neg
            is_wall = None
        # ground texture: a fine level near, a coarse (smaller) one far, blended by distance
        n = self.g_size
        zero = np.float32(0)
        gx = np.where(is_ground, (C[0] + s_g * dx) * np.float32(1 / self.g_res) + np.float32(n / 2), zero)
        gz = np.where(is_ground, (C[2] + s_g * dz) * np.float32(-1 / self.g_res) + np.float32(n / 2), zero)
        near = is_ground & (s_g < 17.0)
        far = is_ground & (s_g > 5.0)
        fine = cv2.remap(self.g_fine, np.where(near, gx, zero), np.where(near, gz, zero), cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_WRAP)
        k = np.float32(self.g_coarse.shape[0] / n)
        coarse = cv2.remap(self.g_coarse, np.where(far, gx * k, zero), np.where(far, gz * k, zero),
                           cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)
        wf = np.clip((s_g - np.float32(5.0)) * np.float32(1 / 12.0), 0, 1)
        grd = cv2.blendLinear(fine, coarse, 1 - wf, wf)
        hz_g = s_g / (s_g + np.float32(s.haze_dist))
        grd = cv2.blendLinear(grd, self.haze_img, 1 - hz_g, hz_g)
        # panorama: column = azimuth, row linear in the ray's height (sin of elevation)
        ph, pw = self.pano.shape[:2]
        px = cv2.phase(dz, dx) * np.float32(pw / (2 * np.pi))
        py = (np.float32(self.sin_top) - dy) * np.float32((ph - 1) / (self.sin_top - self.sin_bot))
        sky = ~is_ground if is_wall is None else ~(is_ground | is_wall)
        out = cv2.remap(self.pano, np.where(sky, px, zero), np.where(sky, py, zero), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_WRAP)
        cv2.copyTo(grd, is_ground.view(np.uint8), out)
        if is_wall is not None:
            wx = np.where(is_wall, u * np.float32(1 / self.wres), zero)
            wy = np.where(is_wall, (np.float32(enc["height"]) - h_w) * np.float32(1 / self.wres), zero)
            wall = cv2.remap(self.wall_tex, wx, wy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)
            hz_w = s_w / (s_w + np.float32(s.haze_dist))
            wall = cv2.blendLinear(wall, self.haze_img, 1 - hz_w, hz_w)
            cv2.copyTo(wall, is_wall.view(np.uint8), out)
        return out

    # ------------------------------------------------------------------ entities
    def _world_boxes(self, e, f):
        """(corners (B,8,3), colours (B,3), inner (B,), notop (B,), centres (B,3)) in world coordinates."""
        st = self.w.state[e.eid]
        key = None
        if e.static or e.state_key is not None:
            sk = e.state_key(st, f) if e.state_key is not None else 0
            key = (e.eid, tuple(np.round(st["pos"][f], 4)), tuple(np.round(st["rot"][f], 5).ravel()), sk)
            hit = self.cache.get(key)
            if hit is not None:
                return hit
        boxes = e.shape(e, st, f)
        cs = np.array([b[0] for b in boxes], float)
        hs = np.array([b[1] for b in boxes], float)
        Rs = np.array([b[2] for b in boxes], float)
        sc = SIGNS[None, :, :] * hs[:, None, :]  # (B,8,3)
        local = cs[:, None, :] + np.einsum("bij,bkj->bki", Rs, sc)
        Rw, pw = st["rot"][f], st["pos"][f]
        world = local @ Rw.T + pw
        cols = np.array([b[3] for b in boxes], float)
        inner = np.array(["inner" in b[4] for b in boxes])
        notop = np.array(["notop" in b[4] for b in boxes])
        out = (world, cols, inner, notop, cs @ Rw.T + pw)
        if key is not None:
            if len(self.cache) > 4000:
                self.cache.clear()
            self.cache[key] = out
        return out

    def entity_faces(self, f):
        """Visible faces this frame: camera-space quads (M,4,3), owner, colour, depth, layer; and pit rims."""
        w, lens = self.w, self.lens
        C, R = w.cam_pos[f], w.cam_rot[f]
        fwd = R[:, 2]
        W_, Co_, In_, Nt_, Ce_, Ow_, Pit_ = [], [], [], [], [], [], []
        rims = []
        for k, e in enumerate(w.ents):
            st = w.state[e.eid]
            if not st["present"][f]:
                continue
            p = st["pos"][f]
            v = p + np.array([0, e.radius * 0.5, 0]) - C
            dist = float(np.linalg.norm(v))
            if dist > 90:
                continue
            if dist > e.radius + 0.3:
                ang = math.acos(max(-1.0, min(1.0, float(v @ fwd) / dist)))
                if ang > lens.max_theta + math.asin(min(1.0, e.radius / dist)) + 0.1:
                    continue
            world, cols, inner, notop, centres = self._world_boxes(e, f)
            W_.append(world); Co_.append(cols); In_.append(inner); Nt_.append(notop); Ce_.append(centres)
            Ow_.append(np.full(len(world), k))
            Pit_.append(np.full(len(world), bool(e.kind == "worker" and st["in_pit"][f])))
            if e.kind == "pit":
                rims.append((k, (np.array(e.rim_world(st, f)) - C) @ R))
        empty = (np.zeros((0, 4, 3)), np.zeros(0, int), np.zeros((0, 3)), np.zeros(0), np.zeros(0, int))
        if not W_:
            return empty, rims
        Wc = np.concatenate(W_); cols = np.concatenate(Co_); inner = np.concatenate(In_)
        notop = np.concatenate(Nt_); cen = np.concatenate(Ce_); own = np.concatenate(Ow_)
        pit = np.concatenate(Pit_)
        wq = Wc[:, FACES]  # (N,6,4,3) world
        q = (wq - C) @ R  # camera
        fc = q.mean(axis=2)
        cc = (cen - C) @ R
        nrm = fc - cc[:, None, :]
        facing = np.einsum("nfi,nfi->nf", nrm, -fc) > 0
        keep = facing != inner[:, None]
        keep[:, FACE_TOP] &= ~notop
        # shading (world normals)
        nw = nrm @ R.T
        nw = nw / (np.linalg.norm(nw, axis=2, keepdims=True) + 1e-9)
        nw = np.where(inner[:, None, None], -nw, nw)
        lam = 0.62 + 0.38 * np.maximum(0, nw @ self.sun) - 0.12 * np.maximum(0, -nw[..., 1])
        fcol = np.minimum(255, cols[:, None, :] * lam[..., None])
        layer = np.where(inner[:, None], 1, 0) * np.ones((1, 6), int)
        depth = np.linalg.norm(fc, axis=2)
        # the normal case
        sel = keep & ~pit[:, None]
        Q = [q[sel]]; O = [np.repeat(own[:, None], 6, 1)[sel]]; Cl = [fcol[sel]]; D = [depth[sel]]; L = [layer[sel]]
        # workers down a pit: split their faces at ground level into the part above (normal) and below
        if pit.any():
            ps = keep & pit[:, None]
            wqs, os_, cs_, ds_ = wq[ps], np.repeat(own[:, None], 6, 1)[ps], fcol[ps], depth[ps]
            for lay, fn in ((0, np.maximum), (1, np.minimum)):
                ok = (wqs[..., 1].max(axis=1) > 0) if lay == 0 else (wqs[..., 1].min(axis=1) < 0)
                if ok.any():
                    cl = wqs[ok].copy()
                    cl[..., 1] = fn(cl[..., 1], 0.0)
                    Q.append((cl - C) @ R); O.append(os_[ok]); Cl.append(cs_[ok]); D.append(ds_[ok])
                    L.append(np.full(int(ok.sum()), lay))
        return (np.concatenate(Q), np.concatenate(O), np.concatenate(Cl), np.concatenate(D),
                np.concatenate(L)), rims

    def _project_polys(self, Q):
        """Camera-space quads (M,4,3) -> list of int pixel polygons (or None)."""
        M = len(Q)
        out = [None] * M
        if M == 0:
            return out
        front = Q[..., 2].min(axis=1) >= NEAR
        behind = Q[..., 2].max(axis=1) < NEAR
        fish = self.lens.projection == "fisheye"
        idx = np.nonzero(front)[0]
        if len(idx):
            qq = Q[idx]
            if fish:
                n = 4
                a = qq
                b = np.roll(qq, -1, axis=1)
                u = (np.arange(n) / n)[None, None, :, None]
                qq = (a[:, :, None, :] + (b - a)[:, :, None, :] * u).reshape(len(idx), 4 * n, 3)
            uv = self.lens.project(qq)
            lo, hi = uv.min(axis=1), uv.max(axis=1)
            vis = (hi[:, 0] > -2) & (lo[:, 0] < self.W + 2) & (hi[:, 1] > -2) & (lo[:, 1] < self.H + 2)
            pts = np.round(np.clip(uv, -4000, 4000) * SCALE).astype(np.int32)
            for j, i in enumerate(idx):
                if vis[j]:
                    out[i] = pts[j]
        for i in np.nonzero(~front & ~behind)[0]:
            out[i] = self._to_px(Q[i])
        return out

    def _to_px(self, q):
        """Camera-frame polygon -> int pixel polygon (shifted), or None if behind / off screen."""
        if q[:, 2].min() < NEAR:
            if q[:, 2].max() < NEAR:
                return None
            q = clip_near(q)
            if q is None:
                return None
        if self.lens.projection == "fisheye":
            pts = []
            for i in range(len(q)):
                a, b = q[i], q[(i + 1) % len(q)]
                for j in range(4):
                    pts.append(a + (b - a) * (j / 4))
            q = np.array(pts)
        uv = self.lens.project(q)
        if not np.all(np.isfinite(uv)):
            return None
        if uv[:, 0].max() < -2 or uv[:, 0].min() > self.W + 2 or uv[:, 1].max() < -2 or uv[:, 1].min() > self.H + 2:
            return None
        return np.round(np.clip(uv, -4000, 4000) * SCALE).astype(np.int32)

    def draw(self, f, img, want_ids=True):
        """Draw entities into img (or only the id buffer when img is None). Returns per-entity info."""
        (Q, own, cols, depth, layer), rims = self.entity_faces(f)
        if not want_ids:
            return self._draw_colour(img, Q, own, cols, depth, layer, rims)
        ids = self.idbuf
        ids[:] = 0
        n_ent = len(self.w.ents)
        px = self._project_polys(Q)
        order = np.argsort(-depth, kind="stable")
        colours = [tuple(int(v) for v in c) for c in cols] if img is not None else None
        fish = self.lens.projection == "fisheye"
        amodal_px = {}
        rim_mask = None
        for k, rq in rims:
            rp = self._to_px(rq)
            if rp is None:
                continue
            if rim_mask is None:
                rim_mask = np.zeros_like(ids)
            cv2.fillPoly(rim_mask, [rp], 1, cv2.LINE_8, SHIFT)
            cv2.fillPoly(ids, [rp], k + 1, cv2.LINE_8, SHIFT)
            amodal_px.setdefault(k, []).append(rp)
        if rim_mask is not None and (layer == 1).any():
            layer_img = img.copy() if img is not None else None
            layer_ids = ids.copy()
            for i in order:
                if layer[i] != 1 or px[i] is None:
                    continue
                if layer_img is not None:
                    cv2.fillPoly(layer_img, [px[i]], colours[i], cv2.LINE_8, SHIFT)
                if self.w.ents[own[i]].kind != "pit":
                    cv2.fillPoly(layer_ids, [px[i]], int(own[i]) + 1, cv2.LINE_8, SHIFT)
                    amodal_px.setdefault(int(own[i]), []).append(px[i])
            m = rim_mask.astype(bool)
            if img is not None:
                img[m] = layer_img[m]
            ids[m] = layer_ids[m]
        for i in order:
            if layer[i] != 0 or px[i] is None:
                continue
            if img is not None:
                if fish:
                    cv2.fillPoly(img, [px[i]], colours[i], cv2.LINE_AA, SHIFT)
                else:
                    cv2.fillConvexPoly(img, px[i], colours[i], cv2.LINE_AA, SHIFT)
            if fish:
                cv2.fillPoly(ids, [px[i]], int(own[i]) + 1, cv2.LINE_8, SHIFT)
            else:
                cv2.fillConvexPoly(ids, px[i], int(own[i]) + 1, cv2.LINE_8, SHIFT)
            amodal_px.setdefault(int(own[i]), []).append(px[i])
        counts = np.bincount(ids.ravel(), minlength=n_ent + 1)
        info = {}
        boxes = {}
        for k, plist in amodal_px.items():
            allp = np.concatenate(plist) / SCALE
            boxes[k] = (*allp.min(axis=0), *allp.max(axis=0))
        for k, plist in amodal_px.items():
            vis = int(counts[k + 1])
            if vis == 0:
                continue
            x0, y0, x1, y1 = boxes[k]
            full_area = max(1.0, (x1 - x0) * (y1 - y0))
            cx0, cy0 = max(0, int(math.floor(x0))), max(0, int(math.floor(y0)))
            cx1, cy1 = min(self.W, int(math.ceil(x1)) + 1), min(self.H, int(math.ceil(y1)) + 1)
            if cx1 <= cx0 or cy1 <= cy0:
                continue
            clip_area = max(0.0, min(x1, self.W) - max(x0, 0)) * max(0.0, min(y1, self.H) - max(y0, 0))
            overlapped = rim_mask is not None or any(
                kk != k and b[0] < x1 and b[2] > x0 and b[1] < y1 and b[3] > y0 for kk, b in boxes.items())
            if overlapped:
                sc = self.scratch
                sc[cy0:cy1, cx0:cx1] = 0
                for p in plist:
                    cv2.fillPoly(sc, [p], 1, cv2.LINE_8, SHIFT)
                amodal = int(np.count_nonzero(sc[cy0:cy1, cx0:cx1]))
            else:
                amodal = vis  # nothing else drawn over it
            sub = ids[cy0:cy1, cx0:cx1] == (k + 1)
            ys, xs = np.nonzero(sub)
            if len(xs) == 0:
                continue
            bb = (int(cx0 + xs.min()), int(cy0 + ys.min()), int(cx0 + xs.max() + 1), int(cy0 + ys.max() + 1))
            info[self.w.ents[k].eid] = {
                "bbox": bb, "visible_px": vis, "amodal_px": max(amodal, vis),
                "occ_ratio": vis / max(amodal, vis), "trunc_ratio": min(1.0, clip_area / full_area),
            }
        return info

    def _draw_colour(self, img, Q, own, cols, depth, layer, rims):
        px = self._project_polys(Q)
        order = np.argsort(-depth, kind="stable")
        colours = [tuple(int(v) for v in c) for c in cols]
        fish = self.lens.projection == "fisheye"
        rim_mask = None
        for k, rq in rims:
            rp = self._to_px(rq)
            if rp is None:
                continue
            if rim_mask is None:
                rim_mask = np.zeros((self.H, self.W), np.uint8)
            cv2.fillPoly(rim_mask, [rp], 1, cv2.LINE_8, SHIFT)
        if rim_mask is not None and (layer == 1).any():
            layer_img = img.copy()
            for i in order:
                if layer[i] == 1 and px[i] is not None:
                    cv2.fillPoly(layer_img, [px[i]], colours[i], cv2.LINE_8, SHIFT)
            m = rim_mask.astype(bool)
            img[m] = layer_img[m]
        for i in order:
            if layer[i] != 0 or px[i] is None:
                continue
            if fish:
                cv2.fillPoly(img, [px[i]], colours[i], cv2.LINE_AA, SHIFT)
            else:
                cv2.fillConvexPoly(img, px[i], colours[i], cv2.LINE_AA, SHIFT)
        return None

    # ------------------------------------------------------------------ frame
    def frame(self, f):
        if not self.colour:
            return None, self.draw(f, None)
        img = self.background(f)
        info = self.draw(f, img, want_ids=False)
        s = self.s
        # motion blur along the turn
        if f > 0:
            rate = abs(self.w.yaw[f] - self.w.yaw[f - 1]) * s.fps
            px_per_deg = self.lens.f * math.pi / 180.0
            k = int(rate / s.fps * px_per_deg * 0.35)
            if k >= 3:
                img = cv2.blur(img, (min(k, 31), 1))
        img = cv2.multiply(img, self.vign, scale=1.0 / 255.0)
        gain = 1.0 + 0.03 * math.sin(f / s.fps * 0.21 + 1.0)
        img = cv2.convertScaleAbs(img, alpha=gain)
        img = np.clip(img.astype(np.int16) + self.noise[(f * 7) % len(self.noise)], 0, 255).astype(np.uint8)
        return img, info
