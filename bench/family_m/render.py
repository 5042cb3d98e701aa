"""Renders the world from the wearer's eye through the lens: a colour frame and an entity-id buffer."""
import math

import cv2
import numpy as np

from . import shapes, textures

LIGHT = np.array([0.35, 0.85, -0.4])
LIGHT /= np.linalg.norm(LIGHT)
# corner index = sx + 2*sy + 4*sz (bits: 0 -> -half, 1 -> +half)
FACES = [((0, 2, 6, 4), 0, -1), ((1, 5, 7, 3), 0, 1), ((0, 4, 5, 1), 1, -1),
         ((2, 3, 7, 6), 1, 1), ((0, 1, 3, 2), 2, -1), ((4, 6, 7, 5), 2, 1)]
SIGNS = np.array([[(k & 1) * 2 - 1, ((k >> 1) & 1) * 2 - 1, ((k >> 2) & 1) * 2 - 1] for k in range(8)], float)
FACE_IDX = np.array([f[0] for f in FACES])
FACE_AX = np.array([f[1] for f in FACES])
FACE_SG = np.array([f[2] for f in FACES], float)
SHIFT = 2
SCALE = 1 << SHIFT


def clip_poly_y(poly, keep_above):
    """Sutherland-Hodgman clip of a 3-D polygon (n,3) against the plane y=0."""
    out = []
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        ina = a[1] >= 0 if keep_above else a[1] <= 0
        inb = b[1] >= 0 if keep_above else b[1] <= 0
        if ina:
            out.append(a)
        if ina != inb:
            u = a[1] / (a[1] - b[1])
            out.append(a + (b - a) * u)
    return np.array(out) if len(out) >= 3 else None


def remap_list(tex, mx, my, border):
    """cv2.remap on a flat list of coordinates (kept under cv2's 32767-row limit)."""
    n = mx.size
    cols = 1024
    rows = (n + cols - 1) // cols
    px = np.zeros(rows * cols, np.float32)
    py = np.zeros(rows * cols, np.float32)
    px[:n] = mx.ravel()
    py[:n] = my.ravel()
    out = cv2.remap(tex, px.reshape(rows, cols), py.reshape(rows, cols), cv2.INTER_LINEAR, borderMode=border)
    return out.reshape(rows * cols, -1)[:n]


class Renderer:
    def __init__(self, world, theme, seed, colour=True):
        self.w = world
        self.lens = world.lens
        self.colour = colour
        self.sub = 1 if self.lens.projection == "pinhole" else 4
        self.ids = {e.name: i + 1 for i, e in enumerate(world.ents)}
        L = self.lens
        rc = math.hypot(L.w / 2, L.h / 2)
        self.max_field_deg = math.degrees(math.atan(rc / L.f) if L.projection == "pinhole" else rc / L.f) + 2
        if colour:
            rays = self.lens.rays().reshape(-1, 3)
            self.rx, self.ry, self.rz = [np.ascontiguousarray(rays[:, k]) for k in range(3)]
            self.ground = [g.astype(np.uint8) for g in textures.ground(theme, seed)]
            self.pano = textures.panorama(theme, seed)
            rng = np.random.default_rng(seed + 99)
            H, W = self.lens.h, self.lens.w
            self.noise = [rng.normal(0, 3.2, (H, W, 3)).astype(np.float32) for _ in range(10)]
            yy, xx = np.mgrid[0:H, 0:W]
            r = np.hypot(xx - W / 2, yy - H / 2) / math.hypot(W / 2, H / 2)
            k = 0.38 if self.lens.projection == "fisheye" else 0.18
            self.vignette = (1.0 - k * r ** 2)[..., None].astype(np.float32)
            self.pa = self.lens.pixel_angle()

    # ------------------------------------------------------------------ background
    def background(self, pose):
        lens = self.lens
        H, W = lens.h, lens.w
        R = pose.R.astype(np.float32)
        rx, ry, rz = self.rx, self.ry, self.rz
        dx = rx * R[0, 0] + ry * R[0, 1] + rz * R[0, 2]
        dy = rx * R[1, 0] + ry * R[1, 1] + rz * R[1, 2]
        dz = rx * R[2, 0] + ry * R[2, 1] + rz * R[2, 2]
        hor = np.hypot(dx, dz)
        out = np.empty((H * W, 3), np.uint8)
        eye_h = float(pose.C[1])
        g = dy < -1e-3
        tt = np.where(g, eye_h / np.maximum(-dy, 1e-3), 0)
        dist = tt * hor
        g &= dist < 38.0
        gi = np.nonzero(g)[0]
        if gi.size:
            gx = pose.C[0] + tt[gi] * dx[gi]
            gz = pose.C[2] + tt[gi] * dz[gi]
            fp = dist[gi] ** 2 * self.pa / max(eye_h, 0.5) + dist[gi] * self.pa
            lvl = np.clip(np.floor(np.log2(np.maximum(fp, 1e-4) / 0.02) + 0.6), 0, 5).astype(np.int8)
            texel = textures.GROUND_PX / textures.GROUND_M
            u = (gx * texel).astype(np.float32)
            v = (-gz * texel).astype(np.float32)
            for L in range(6):
                sel = lvl == L
                if not sel.any():
                    continue
                tex = self.ground[L]
                n = tex.shape[0]
                s = 1.0 / (1 << L)
                mu = np.mod(u[sel] * s, n).reshape(-1, 1)
                mv = np.mod(v[sel] * s, n).reshape(-1, 1)
                out[gi[sel]] = remap_list(tex, mu, mv, cv2.BORDER_WRAP)
        pi = np.nonzero(~g)[0]
        if pi.size:
            ppd = textures.PANO_W / 360.0
            az = np.degrees(np.arctan2(dx[pi], dz[pi])) % 360.0
            el = np.degrees(np.arctan2(dy[pi], hor[pi]))
            px = (az * ppd).astype(np.float32).reshape(-1, 1)
            py = np.clip((textures.PANO_TOP - el) * ppd, 0, textures.PANO_H - 1).astype(np.float32).reshape(-1, 1)
            out[pi] = remap_list(self.pano, px, py, cv2.BORDER_REPLICATE)
        return out.reshape(H, W, 3)

    # ------------------------------------------------------------------ geometry
    def faces_of(self, e, t):
        """Faces of an entity as arrays: polys (F,4,3), normals (F,3), colours (F,3), aux (F,)."""
        ps = shapes.parts(e, t, self.w)
        if not ps:
            return None
        c = np.array([p[0] for p in ps])
        R = np.array([p[1] for p in ps])
        half = np.array([p[2] for p in ps])
        col = np.array([p[3] for p in ps])
        aux = np.array([p[4] for p in ps])
        corners = c[:, None, :] + np.einsum("pkj,pij->pki", SIGNS[None] * half[:, None, :], R)
        polys = corners[:, FACE_IDX, :].reshape(-1, 4, 3)
        normals = (R[:, :, FACE_AX] * FACE_SG[None, None, :]).transpose(0, 2, 1).reshape(-1, 3)
        return polys, normals, np.repeat(col, 6, 0), np.repeat(aux, 6, 0)

    def pit_faces(self, p, t):
        x, z = p.xz(t)
        sx, sz = p.style["size"]
        d = p.style["depth"]
        x0, x1, z0, z1 = x - sx / 2, x + sx / 2, z - sz / 2, z + sz / 2
        faces = []
        earth = [(45, 70, 100), (55, 82, 112), (40, 62, 88)]
        nstrip = 3
        for k in range(nstrip):
            ya, yb = -d * k / nstrip, -d * (k + 1) / nstrip
            col = earth[k % 3]
            faces.append((np.array([[x0, ya, z1], [x1, ya, z1], [x1, yb, z1], [x0, yb, z1]]), np.array([0, 0, -1.0]), col))
            faces.append((np.array([[x0, ya, z0], [x0, yb, z0], [x1, yb, z0], [x1, ya, z0]]), np.array([0, 0, 1.0]), col))
            faces.append((np.array([[x0, ya, z0], [x0, ya, z1], [x0, yb, z1], [x0, yb, z0]]), np.array([1.0, 0, 0]), col))
            faces.append((np.array([[x1, ya, z0], [x1, yb, z0], [x1, yb, z1], [x1, ya, z1]]), np.array([-1.0, 0, 0]), col))
        faces.append((np.array([[x0, -d, z0], [x1, -d, z0], [x1, -d, z1], [x0, -d, z1]]), np.array([0, 1.0, 0]), (50, 60, 70)))
        opening = np.array([[x0, 0.0, z0], [x1, 0.0, z0], [x1, 0.0, z1], [x0, 0.0, z1]])
        return faces, opening

    def visible_sorted(self, fs, C):
        polys, normals, cols, aux = fs
        cen = polys.mean(1)
        vis = np.einsum("fi,fi->f", normals, C - cen) > 0
        idx = np.nonzero(vis)[0]
        d = np.linalg.norm(cen[idx] - C, axis=1)
        idx = idx[np.argsort(-d, kind="stable")]
        return [(polys[i], normals[i], cols[i], aux[i]) for i in idx]

    def maybe_in_view(self, e, t, C, fwd):
        """Cheap cone test: could any of the entity be in the picture?"""
        if e.shape in ("suspended_load", "crane", "scaffold", "hut"):
            return True
        x, z = e.xz(t)
        p = np.array([x, 0.9, z])
        v = p - C
        dist = float(np.linalg.norm(v))
        rad = {"worker": 1.2, "forklift": 2.5, "skip": 2.2, "brick_wall": 1.8, "pipes": 2.6,
               "spoil": 2.6, "barrier": 2.2}.get(e.shape, 1.3)
        if dist <= rad + 0.5:
            return True
        ang = math.degrees(math.acos(max(-1.0, min(1.0, float(v @ fwd) / dist))))
        lim = self.max_field_deg + math.degrees(math.asin(min(1.0, rad / dist)))
        return ang <= lim

    def project_faces(self, pose, polys):
        """(F,4,3) quads -> int32 (F, 4*sub, 2) shifted pixel points and validity (F,)."""
        n = self.sub
        if n > 1:
            b = np.roll(polys, -1, axis=1)
            w = (np.arange(n) / n)[None, None, :, None]
            polys = (polys[:, :, None, :] * (1 - w) + b[:, :, None, :] * w).reshape(len(polys), -1, 3)
        pc = pose.to_cam(polys)
        u, v, ok = self.lens.project(pc)
        pts = np.clip(np.stack([u, v], -1), -4e4, 4e4)
        return np.round(pts * SCALE).astype(np.int32), ok.all(axis=1)

    def project_poly(self, pose, poly):
        """3-D polygon -> int32 pixel points (shifted) or None."""
        n = self.sub
        if n > 1:
            a = poly
            b = np.roll(poly, -1, axis=0)
            w = (np.arange(n) / n)[None, :, None]
            poly = (a[:, None, :] * (1 - w) + b[:, None, :] * w).reshape(-1, 3)
        pc = pose.to_cam(poly)
        u, v, ok = self.lens.project(pc)
        if not ok.all():
            return None
        pts = np.stack([u, v], -1)
        pts = np.clip(pts, -4e4, 4e4)
        return np.round(pts * SCALE).astype(np.int32)

    # ------------------------------------------------------------------ frame
    def frame(self, t, need_colour=None):
        """Returns (colour or None, id buffer (H,W) uint16, stats dict name->(visible px, own px, bbox))."""
        need_colour = self.colour if need_colour is None else need_colour
        w = self.w
        lens = self.lens
        H, W = lens.h, lens.w
        pose = w.pose(t)
        C = pose.C
        img = self.background(pose) if need_colour else None
        idb = np.zeros((H, W), np.uint16)
        own = {}
        drawn = {}

        def draw(target_img, target_id, pts, col, eid, normal, aux):
            if target_img is not None:
                shade = 0.5 + 0.5 * max(0.0, float(normal @ LIGHT)) + 0.12 * max(0.0, normal[1])
                c = tuple(float(min(255, v * shade)) for v in col)
                cv2.fillPoly(target_img, [pts], c, cv2.LINE_AA, SHIFT)
            if not aux and target_id is not None:
                cv2.fillPoly(target_id, [pts], int(eid), cv2.LINE_8, SHIFT)

        # pits first (interior masked by the opening), with anyone standing in them
        for p in w.pits():
            faces, opening = self.pit_faces(p, t)
            op = self.project_poly(pose, opening)
            if op is None:
                continue
            mask = np.zeros((H, W), np.uint8)
            cv2.fillPoly(mask, [op], 255, cv2.LINE_8, SHIFT)
            if not mask.any():
                continue
            layer = img.copy() if img is not None else None
            lid = np.zeros((H, W), np.uint16)
            pid = self.ids[p.name]
            centre = np.array([p.xz(t)[0], -p.style["depth"] / 2, p.xz(t)[1]])
            order = sorted(faces, key=lambda f: -np.linalg.norm(f[0].mean(0) - C))
            for poly, n, col in order:
                if n @ (C - poly.mean(0)) <= 0:
                    continue
                pts = self.project_poly(pose, poly)
                if pts is not None:
                    draw(layer, lid, pts, col, pid, n, False)
            for e in w.ents:
                if e.shape == "worker" and e.is_present(t) and w.in_pit(e, t) is p:
                    eid = self.ids[e.name]
                    fs = self.faces_of(e, t)
                    if fs is None:
                        continue
                    for poly, n, col, aux in self.visible_sorted(fs, C):
                        cp = clip_poly_y(poly, keep_above=False)
                        if cp is None:
                            continue
                        pts = self.project_poly(pose, cp)
                        if pts is not None:
                            draw(layer, lid, pts, col, eid, n, aux)
            m = mask > 0
            if img is not None:
                img[m] = layer[m]
            idb[m] = lid[m]
            own[p.name] = self._solo_area([op], p, t, False, pose)
            drawn[p.name] = op
        # everything else, far to near
        ents = []
        fwd = pose.R[:, 2]
        for e in w.ents:
            if e.shape == "pit" or not e.is_present(t):
                continue
            if not self.maybe_in_view(e, t, C, fwd):
                continue
            fs = self.faces_of(e, t)
            if fs is None:
                continue
            solid = ~fs[3]
            cen = fs[0][solid].mean((0, 1)) if solid.any() else fs[0].mean((0, 1))
            ents.append((np.linalg.norm(cen - C), e, fs))
        ents.sort(key=lambda x: -x[0])
        for dist, e, fs in ents:
            eid = self.ids[e.name]
            in_pit = e.shape == "worker" and w.in_pit(e, t) is not None
            polys = []
            vis = self.visible_sorted(fs, C)
            if in_pit:
                items = []
                for poly, n, col, aux in vis:
                    poly = clip_poly_y(poly, keep_above=True)
                    if poly is None:
                        continue
                    pts = self.project_poly(pose, poly)
                    if pts is not None:
                        items.append((pts, n, col, aux))
            elif vis:
                P = np.array([v[0] for v in vis])
                pts_all, ok = self.project_faces(pose, P)
                items = [(pts_all[i], vis[i][1], vis[i][2], vis[i][3]) for i in range(len(vis)) if ok[i]]
            else:
                items = []
            for pts, n, col, aux in items:
                draw(img, idb, pts, col, eid, n, aux)
                if not aux:
                    polys.append(pts)
            if polys and e.label is not None:
                drawn[e.name] = np.concatenate(polys)
                own[e.name] = self._solo_area(polys, e, t, in_pit, pose)
        stats = self._stats(idb, drawn, own)
        if img is not None:
            k = int(round(t * w.fps)) % len(self.noise)
            f = img.astype(np.float32) * self.vignette + self.noise[k]
            img = np.clip(f, 0, 255).astype(np.uint8)
        return img, idb, stats

    def _solo_area(self, polys, e, t, in_pit, pose):
        allp = np.concatenate(polys) / SCALE
        x0, y0 = np.floor(allp.min(0)).astype(int)
        x1, y1 = np.ceil(allp.max(0)).astype(int)
        H, W = self.lens.h, self.lens.w
        x0, y0 = max(x0, -2 * W), max(y0, -2 * H)
        x1, y1 = min(x1, 3 * W), min(y1, 3 * H)
        if x1 <= x0 or y1 <= y0:
            return 0
        scale = 1
        while (x1 - x0) * (y1 - y0) / (scale * scale) > 400000:
            scale *= 2
        m = np.zeros(((y1 - y0) // scale + 2, (x1 - x0) // scale + 2), np.uint8)
        off = np.array([x0, y0]) * SCALE
        for p in polys:
            q = ((p - off) // scale).astype(np.int32)
            cv2.fillPoly(m, [q], 1, cv2.LINE_8, SHIFT)
        area = int(m.sum()) * scale * scale
        if in_pit:
            area = int(area * 1.0)
        return area

    def _stats(self, idb, drawn, own):
        H, W = idb.shape
        counts = np.bincount(idb.ravel(), minlength=len(self.w.ents) + 1)
        stats = {}
        for e in self.w.ents:
            if e.label is None or e.name not in drawn:
                continue
            eid = self.ids[e.name]
            n = int(counts[eid])
            if n == 0:
                stats[e.name] = (0, own.get(e.name, 0), None)
                continue
            pts = drawn[e.name] / SCALE
            xa = int(max(0, np.floor(pts[:, 0].min()) - 1))
            xb = int(min(W, np.ceil(pts[:, 0].max()) + 2))
            ya = int(max(0, np.floor(pts[:, 1].min()) - 1))
            yb = int(min(H, np.ceil(pts[:, 1].max()) + 2))
            sub = idb[ya:yb, xa:xb] == eid
            rows = np.nonzero(sub.any(1))[0]
            cols = np.nonzero(sub.any(0))[0]
            if rows.size == 0:
                stats[e.name] = (0, own.get(e.name, 0), None)
                continue
            bbox = (xa + cols[0], ya + rows[0], xa + cols[-1] + 1, ya + rows[-1] + 1)
            stats[e.name] = (n, max(own.get(e.name, n), n), bbox)
        return stats
