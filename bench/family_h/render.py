"""Vectorised ray-cast renderer for family H.

World frame: X = right and Z = forward of the wearer at frame 0, Y = up (metres).
Camera body frame: x right, y up, z along the optical axis.  Camera-to-world
rotation R = Ry(yaw) @ Rx(pitch) @ Rz(roll); yaw is the azimuth of the optical
axis, increasing clockwise seen from above (a right turn).

A frame is made by computing, for every pixel, the world ray, intersecting it
with the ground plane (Y=0), a list of textured rectangles ("quads", all
buildings, vehicles, people...) and, where nothing is hit, looking up an
equirectangular sky panorama.  The result is a pair of remap tables into one
texture atlas (with mip levels chosen per pixel from the footprint) plus a
second pair into a "light" image (site-scale ground tint, baked shadows and a
palette of per-quad shading values).  Two cv2.remap calls and a multiply give
the image.
"""
import numpy as np
import cv2

PAD = 2


# ----------------------------------------------------------------- rotations
def rot_matrices(yaw, pitch, roll):
    """Degrees (arrays of equal shape) -> (..., 3, 3) camera-to-world."""
    y, p, r = (np.radians(np.asarray(a, np.float64)) for a in (yaw, pitch, roll))
    cy, sy, cp, sp, cr, sr = np.cos(y), np.sin(y), np.cos(p), np.sin(p), np.cos(r), np.sin(r)
    Ry = np.zeros(y.shape + (3, 3))
    Ry[..., 0, 0] = cy; Ry[..., 0, 2] = sy; Ry[..., 1, 1] = 1; Ry[..., 2, 0] = -sy; Ry[..., 2, 2] = cy
    Rx = np.zeros(y.shape + (3, 3))
    Rx[..., 0, 0] = 1; Rx[..., 1, 1] = cp; Rx[..., 1, 2] = sp; Rx[..., 2, 1] = -sp; Rx[..., 2, 2] = cp
    Rz = np.zeros(y.shape + (3, 3))
    Rz[..., 0, 0] = cr; Rz[..., 0, 1] = sr; Rz[..., 1, 0] = -sr; Rz[..., 1, 1] = cr; Rz[..., 2, 2] = 1
    return Ry @ Rx @ Rz


# ----------------------------------------------------------------- lens
class Lens:
    def __init__(self, projection, hfov_deg, W, H):
        self.projection, self.hfov, self.W, self.H = projection, float(hfov_deg), W, H
        half = np.radians(hfov_deg) / 2
        self.f = (W / 2) / np.tan(half) if projection == "pinhole" else (W / 2) / half
        self.cx, self.cy = (W - 1) / 2.0, (H - 1) / 2.0
        X, Y = np.meshgrid(np.arange(W) - self.cx, np.arange(H) - self.cy)
        if projection == "pinhole":
            bx, by, bz = X / self.f, -Y / self.f, np.ones_like(X)
            n = np.sqrt(bx * bx + by * by + bz * bz)
            bx, by, bz = bx / n, by / n, bz / n
        else:
            r = np.hypot(X, Y)
            th = r / self.f
            s = np.where(r > 1e-9, np.sin(th) / np.maximum(r, 1e-9), 1.0 / self.f)
            bx, by, bz = X * s, -Y * s, np.cos(th)
        self.B = [a.astype(np.float32) for a in (bx, by, bz)]
        rmax = np.hypot(W / 2, H / 2)
        self.max_angle = np.arctan(rmax / self.f) if projection == "pinhole" else rmax / self.f

    def project(self, q):
        """q (...,3) body-frame points -> u, v, ok (ok False where not imageable)."""
        x, y, z = q[..., 0], q[..., 1], q[..., 2]
        if self.projection == "pinhole":
            ok = z > 1e-3
            zz = np.where(ok, z, 1.0)
            return self.cx + self.f * x / zz, self.cy - self.f * y / zz, ok
        hyp = np.hypot(x, y)
        th = np.arctan2(hyp, z)
        hh = np.where(hyp > 1e-9, hyp, 1.0)
        r = self.f * th
        return self.cx + r * x / hh, self.cy - r * y / hh, np.ones(x.shape, bool)


# ----------------------------------------------------------------- atlas
class Atlas:
    def __init__(self, width=8192):
        self.width = width
        self.items = []

    def add(self, img, texel, levels=5, wrap=True):
        h, w = img.shape[:2]
        m = 2 ** (levels - 1)
        if h % m or w % m:
            nh, nw = max(m, int(round(h / m)) * m), max(m, int(round(w / m)) * m)
            img = cv2.resize(img, (nw, nh), interpolation=cv2.INTER_AREA)
        self.items.append(dict(img=img, texel=float(texel), levels=levels, wrap=wrap))
        return len(self.items) - 1

    def build(self):
        """Each texture's mip chain is laid out left to right (level l starts at
        X0 + W0*(2 - 2^(1-l)) + 2*PAD*l), so atlas coordinates are an arithmetic
        function of the level; chains are shelf-packed."""
        chains = []
        for it in self.items:
            im = it["img"]
            parts = []
            for l in range(it["levels"]):
                if l:
                    im = cv2.resize(im, (im.shape[1] // 2, im.shape[0] // 2), interpolation=cv2.INTER_AREA)
                parts.append(np.pad(im, ((PAD, PAD), (PAD, PAD), (0, 0)), mode="wrap" if it["wrap"] else "edge"))
            ch = parts[0].shape[0]
            cw = sum(p.shape[1] for p in parts)
            chains.append((parts, ch, cw))
        order = sorted(range(len(chains)), key=lambda k: -chains[k][1])
        x = y = shelf_h = 0
        pos = {}
        for k in order:
            _, ch, cw = chains[k]
            if cw > self.width:
                raise ValueError("texture chain wider than atlas")
            if x + cw > self.width:
                y += shelf_h
                x = shelf_h = 0
            pos[k] = (x, y)
            x += cw
            shelf_h = max(shelf_h, ch)
        atlas = np.zeros((y + shelf_h, self.width, 3), np.uint8)
        self.tex = []
        for k, (parts, ch, cw) in enumerate(chains):
            x0, y0 = pos[k]
            xx = x0
            for p in parts:
                atlas[y0:y0 + p.shape[0], xx:xx + p.shape[1]] = p
                xx += p.shape[1]
            it = self.items[k]
            W0, H0 = float(it["img"].shape[1]), float(it["img"].shape[0])
            self.tex.append(dict(W0=W0, H0=H0, L=it["levels"], texel=it["texel"],
                                 inv_texel=np.float32(1.0 / it["texel"]),
                                 cx=np.float32(x0 + PAD - 0.5 + 2 * W0), cy=np.float32(y0 + PAD - 0.5),
                                 ax0=np.float32(x0 + PAD - 0.5), two_w=np.float32(2 * W0),
                                 lt=np.float32(np.log2(it["texel"]))))
        self.atlas = atlas
        return atlas


# ----------------------------------------------------------------- quads
class Quads:
    """Textured rectangles P0 + a*w*U + b*h*V, a,b in [0,1]; visible from the side
    of normal n = V x U (or both sides when double)."""
    K = 10  # boundary samples per edge

    def __init__(self):
        self.rows = []

    def add(self, P0, U, V, w, h, tex, shade=1.0, double=False, uoff=0.0, voff=0.0, ao=True):
        P0, U, V = (np.asarray(a, np.float64) for a in (P0, U, V))
        U = U / np.sqrt(U @ U)
        V = V / np.sqrt(V @ V)
        n = np.array([V[1] * U[2] - V[2] * U[1], V[2] * U[0] - V[0] * U[2], V[0] * U[1] - V[1] * U[0]])
        self.rows.append(dict(P0=P0, U=U, V=V, n=n, w=float(w), h=float(h), tex=tex,
                              shade=float(shade), double=double, uoff=uoff, voff=voff, ao=ao))

    def finalize(self):
        n = len(self.rows)
        self.n = n
        if not n:
            return self
        self.P0 = np.array([r["P0"] for r in self.rows])
        self.U = np.array([r["U"] for r in self.rows])
        self.V = np.array([r["V"] for r in self.rows])
        self.N = np.array([r["n"] for r in self.rows])
        self.w = np.array([r["w"] for r in self.rows])
        self.h = np.array([r["h"] for r in self.rows])
        self.double = np.array([r["double"] for r in self.rows])
        k = np.linspace(0, 1, self.K, endpoint=False)
        a = np.concatenate([k, np.ones_like(k), 1 - k, np.zeros_like(k)])
        b = np.concatenate([np.zeros_like(k), k, np.ones_like(k), 1 - k])
        self.samples = (self.P0[:, None, :] + a[None, :, None] * (self.w[:, None, None] * self.U[:, None, :])
                        + b[None, :, None] * (self.h[:, None, None] * self.V[:, None, :]))
        self.size = np.hypot(self.w, self.h)
        return self


def box_quads(q, center, size, yaw_deg, texs, sun, ambient, top=None, bottom=False, y0=0.0):
    """Axis box (size = (sx, sy, sz)) standing at y0, rotated by yaw about Y.
    texs: dict side->(tex, uoff) for 'front'(-Z side),'back','left'(-X),'right'.
    Shading = ambient + sun-facing term."""
    cx, cz = center
    sx, sy, sz = size
    a = np.radians(yaw_deg)
    ex = np.array([np.cos(a), 0, -np.sin(a)])   # box local +X in world
    ez = np.array([np.sin(a), 0, np.cos(a)])    # box local +Z in world
    up = np.array([0.0, 1.0, 0.0])
    c = np.array([cx, y0, cz])
    sides = {
        # name: (P0 = bottom-left seen from outside, U)
        "front": (c - ex * sx / 2 - ez * sz / 2, ex, sx),
        "right": (c + ex * sx / 2 - ez * sz / 2, ez, sz),
        "back": (c + ex * sx / 2 + ez * sz / 2, -ex, sx),
        "left": (c - ex * sx / 2 + ez * sz / 2, -ez, sz),
    }
    for name, (P0, U, w) in sides.items():
        t = texs.get(name)
        if t is None:
            continue
        tex, uoff = t if isinstance(t, tuple) else (t, 0.0)
        n = np.array([U[2], 0.0, -U[0]])          # up x U
        shade = ambient + max(0.0, float(n @ sun)) * (1 - ambient) * 1.25
        q.add(P0, U, up, w, sy, tex, shade=shade, uoff=uoff)
    if top is not None:
        P0 = c - ex * sx / 2 - ez * sz / 2 + up * sy
        shade = ambient * 1.15 + max(0.0, sun[1]) * (1 - ambient) * 1.25
        q.add(P0, ex, ez, sx, sz, top, shade=shade, ao=False)
    if bottom:
        P0 = c - ex * sx / 2 + ez * sz / 2
        # V = -ez so that n = V x U points down
        q.add(P0, ex, -ez, sx, sz, bottom, shade=ambient * 0.8, ao=False)


# ----------------------------------------------------------------- renderer
class Renderer:
    AO_ROWS = 16

    def __init__(self, lens, atlas, ground_tex, sky_tex, light_img, light_origin, light_res,
                 static_quads, atlas_obj):
        self.lens = lens
        self.atlas = atlas
        self.A = atlas_obj
        self.g = atlas_obj.tex[ground_tex]
        self.sky = atlas_obj.tex[sky_tex]
        # light image: site map (ground tint, 128 = 1.0) + palette rows appended
        lh, lw = light_img.shape[:2]
        pal_w = 256
        W = max(lw, pal_w)
        pal = np.zeros((self.AO_ROWS + 2, W, 3), np.uint8)
        for k in range(256):
            for r in range(self.AO_ROWS + 2):
                ao = 1.0 - 0.3 * np.exp(-r / 3.0)   # darker near the ground
                pal[r, k] = min(255, k * ao)
        full = np.zeros((lh + pal.shape[0] + 2, W, 3), np.uint8)
        full[:lh, :lw] = light_img
        full[lh + 2:, :] = pal
        self.light = full
        self.light_origin = light_origin
        self.light_res = light_res
        self.light_w, self.light_h = lw, lh
        self.pal_y = lh + 2
        self.static = static_quads
        H, Wd = lens.H, lens.W
        self.fl = np.float32(lens.f)
        self.f2 = np.float32(lens.f ** 2)
        self.shape = (H, Wd)

    # ------------------------------------------------------------------
    def _tex_coords(self, T, u0, v0, fp2):
        """u0, v0 level-0 texel coords (already wrapped); fp2 = footprint^2 (m^2/px)."""
        if T["L"] == 1:
            return T["ax0"] + u0, T["cy"] + v0
        with np.errstate(divide="ignore"):
            lev = np.log2(fp2)
        lev *= np.float32(0.5)
        lev -= T["lt"]
        np.floor(lev, out=lev)
        np.clip(lev, 0, T["L"] - 1, out=lev)
        s = np.exp2(-lev)
        x = u0 - T["two_w"]
        x *= s
        x += T["cx"]
        lev *= np.float32(2 * PAD)
        x += lev
        y = v0 * s
        y += T["cy"]
        return x, y

    def render(self, Rrows, o, dyn_quads=None, rs_margin_px=0.0):
        """Rrows: (H,3,3) camera-to-world rotation per image row (rolling shutter)
        or (3,3).  o: camera position.  Returns (albedo, light) uint8 images."""
        H, W = self.shape
        Bx, By, Bz = self.lens.B
        R = Rrows if Rrows.ndim == 3 else np.broadcast_to(Rrows, (H, 3, 3))
        R32 = R.astype(np.float32)
        D = []
        for j in range(3):
            a = R32[:, j, 0, None] * Bx
            a += R32[:, j, 1, None] * By
            a += R32[:, j, 2, None] * Bz
            D.append(a)
        Dx, Dy, Dz = D
        ox, oy, oz = (np.float32(v) for v in o)
        mapx = np.empty((H, W), np.float32)
        mapy = np.empty((H, W), np.float32)
        lmx = np.empty((H, W), np.float32)
        lmy = np.empty((H, W), np.float32)
        depth = np.full((H, W), np.inf, np.float32)

        gmask = Dy < -1e-5
        grow = gmask.any(axis=1)
        srow = (~gmask).any(axis=1)
        # ---------------- sky
        if srow.any():
            r0 = int(np.argmax(srow)); r1 = H - int(np.argmax(srow[::-1]))
            m, az = cv2.cartToPolar(Dz[r0:r1], Dx[r0:r1], angleInDegrees=True)
            _, el = cv2.cartToPolar(m, Dy[r0:r1], angleInDegrees=True)
            el = np.where(el > 180, 0, el)
            S = self.sky
            mapx[r0:r1] = S["ax0"] + az * np.float32(S["W0"] / 360.0)
            mapy[r0:r1] = S["cy"] + (90.0 - el) * np.float32(S["H0"] / 90.0)
            lmx[r0:r1] = 128.0
            lmy[r0:r1] = self.pal_y + self.AO_ROWS
        # ---------------- ground
        if grow.any():
            r0 = int(np.argmax(grow)); r1 = H - int(np.argmax(grow[::-1]))
            gm = gmask[r0:r1]
            ndy = -Dy[r0:r1]
            np.maximum(ndy, 1e-5, out=ndy)
            t = oy / ndy
            px = ox + t * Dx[r0:r1]
            pz = oz + t * Dz[r0:r1]
            G = self.g
            u0 = px * G["inv_texel"]
            u0 -= np.floor(u0 * np.float32(1.0 / G["W0"])) * np.float32(G["W0"])
            v0 = pz * -G["inv_texel"]
            v0 -= np.floor(v0 * np.float32(1.0 / G["H0"])) * np.float32(G["H0"])
            fp2 = t * t / (ndy * self.f2)
            gx, gy = self._tex_coords(G, u0, v0, fp2)
            np.copyto(mapx[r0:r1], gx, where=gm)
            np.copyto(mapy[r0:r1], gy, where=gm)
            np.copyto(depth[r0:r1], t, where=gm)
            lx = (px - np.float32(self.light_origin[0])) * np.float32(1.0 / self.light_res)
            ly = (np.float32(self.light_origin[1]) - pz) * np.float32(1.0 / self.light_res)
            np.clip(lx, 0, self.light_w - 1, out=lx)
            np.clip(ly, 0, self.light_h - 1, out=ly)
            np.copyto(lmx[r0:r1], lx, where=gm)
            np.copyto(lmy[r0:r1], ly, where=gm)
        # ---------------- quads
        Rc = R[H // 2]
        for Q in (self.static, dyn_quads):
            if Q is None or Q.n == 0:
                continue
            self._quads(Q, Rc, o, Dx, Dy, Dz, mapx, mapy, lmx, lmy, depth, rs_margin_px)
        alb = cv2.remap(self.atlas, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        # lighting is smooth: sample it at half resolution and upsample
        lig = cv2.remap(self.light, np.ascontiguousarray(lmx[::2, ::2]), np.ascontiguousarray(lmy[::2, ::2]),
                        cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        lig = cv2.resize(lig, (W, H), interpolation=cv2.INTER_LINEAR)
        return alb, lig

    def _quads(self, Q, Rc, o, Dx, Dy, Dz, mapx, mapy, lmx, lmy, depth, margin):
        H, W = self.shape
        lens = self.lens
        o = np.asarray(o, np.float64)
        side = np.einsum("ij,ij->i", Q.N, o[None, :] - Q.P0)   # >0: camera in front
        cand = (side > 1e-6) | Q.double
        if not cand.any():
            return
        idx = np.nonzero(cand)[0]
        pts = Q.samples[idx] - o[None, None, :]
        qb = pts @ Rc                     # world->body: q = R^T p  (row-vector form)
        u, v, ok = lens.project(qb)
        dist = np.linalg.norm(pts, axis=2)
        fwd = qb[..., 2] / np.maximum(dist, 1e-9)
        # distance from camera to the quad's plane rectangle (closest point)
        rel = o[None, :] - Q.P0[idx]
        cu = np.clip(np.einsum("ij,ij->i", rel, Q.U[idx]), 0, Q.w[idx])
        cv_ = np.clip(np.einsum("ij,ij->i", rel, Q.V[idx]), 0, Q.h[idx])
        closest = Q.P0[idx] + cu[:, None] * Q.U[idx] + cv_[:, None] * Q.V[idx]
        dmin = np.linalg.norm(closest - o[None, :], axis=1)
        for j in np.argsort(dmin):
            qi = idx[j]
            f_ok = ok[j]
            extra = 0.0
            if lens.projection == "pinhole":
                if not f_ok.any():
                    # all samples behind: visible only if the quad surrounds the view
                    if dmin[j] > 0.5 or fwd[j].max() < -0.2:
                        continue
                    full = True
                else:
                    full = not f_ok.all()      # straight edges: the samples' box is exact
            else:
                if fwd[j].max() < np.cos(lens.max_angle + 0.3) and Q.size[qi] / max(dmin[j], 1e-3) < 2:
                    continue
                full = (dmin[j] < 1.5 and Q.size[qi] / max(dmin[j], 1e-3) > 3) or fwd[j].min() < -0.5
                if not full:
                    # edges are curves: allow for bulging between samples
                    du = np.abs(np.diff(u[j])).max()
                    dv = np.abs(np.diff(v[j])).max()
                    extra = 0.15 * max(du, dv)
            if full:
                r0, r1, c0, c1 = 0, H, 0, W
            else:
                mg = 3 + margin + extra
                c0 = max(0, int(np.floor(u[j].min() - mg)))
                c1 = min(W, int(np.ceil(u[j].max() + mg)) + 1)
                r0 = max(0, int(np.floor(v[j].min() - mg)))
                r1 = min(H, int(np.ceil(v[j].max() + mg)) + 1)
                if c0 >= c1 or r0 >= r1:
                    continue
            if depth[r0:r1, c0:c1].max() < dmin[j]:
                continue   # hidden behind nearer surfaces everywhere in its box
            self._one_quad(Q, qi, o, r0, r1, c0, c1, Dx, Dy, Dz, mapx, mapy, lmx, lmy, depth)

    def _one_quad(self, Q, qi, o, r0, r1, c0, c1, Dx, Dy, Dz, mapx, mapy, lmx, lmy, depth):
        row = Q.rows[qi]
        n = Q.N[qi].copy()
        cc = float(np.dot(n, Q.P0[qi] - o))
        if cc > 0:            # seen from behind (double-sided)
            n = -n
            cc = -cc
        sl = (slice(r0, r1), slice(c0, c1))
        dx, dy, dz = Dx[sl], Dy[sl], Dz[sl]

        def dot(vec):
            acc = None
            for comp, arr in zip(vec, (dx, dy, dz)):
                if abs(comp) < 1e-9:
                    continue
                term = arr * np.float32(comp)
                acc = term if acc is None else (acc + term)
            if acc is None:
                acc = np.zeros(dx.shape, np.float32)
            return acc
        nD = dot(n)
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.float32(cc) / nD
        np.nan_to_num(t, copy=False, nan=-1.0, posinf=-1.0, neginf=-1.0)
        U, V = Q.U[qi], Q.V[qi]
        rel = o - Q.P0[qi]
        uu = np.float32(np.dot(U, rel)) + t * dot(U)
        vv = np.float32(np.dot(V, rel)) + t * dot(V)
        w, h = np.float32(Q.w[qi]), np.float32(Q.h[qi])
        m = t > 0.02
        m &= t < depth[sl]
        m &= uu >= 0
        m &= uu <= w
        m &= vv >= 0
        m &= vv <= h
        rows = m.any(axis=1)
        if not rows.any():
            return
        cols = m.any(axis=0)
        a0 = int(np.argmax(rows)); a1 = len(rows) - int(np.argmax(rows[::-1]))
        b0 = int(np.argmax(cols)); b1 = len(cols) - int(np.argmax(cols[::-1]))
        if (a1 - a0) * (b1 - b0) < 0.8 * m.size:
            # shrink to the rows/cols actually hit
            m, t, nD, uu, vv, dy = (x[a0:a1, b0:b1] for x in (m, t, nD, uu, vv, dy))
            sl = (slice(r0 + a0, r0 + a1), slice(c0 + b0, c0 + b1))
        np.copyto(depth[sl], t, where=m)
        T = self.A.tex[row["tex"]]
        it = T["inv_texel"]
        u0 = (uu + np.float32(row["uoff"])) * it
        u0 -= np.floor(u0 * np.float32(1.0 / T["W0"])) * np.float32(T["W0"])
        v0 = (h - vv + np.float32(row["voff"])) * it
        v0 -= np.floor(v0 * np.float32(1.0 / T["H0"])) * np.float32(T["H0"])
        fp2 = t * t / (np.abs(nD) * self.f2 + 1e-12)
        tx, ty = self._tex_coords(T, u0, v0, fp2)
        np.copyto(mapx[sl], tx, where=m)
        np.copyto(mapy[sl], ty, where=m)
        k = float(np.clip(row["shade"] * 128.0, 0, 255))
        np.copyto(lmx[sl], np.float32(k), where=m)
        if row["ao"]:
            hy = np.float32(o[1]) + t * dy
            hy *= np.float32(4.0)
            np.clip(hy, 0, self.AO_ROWS - 1, out=hy)
            hy += np.float32(self.pal_y)
            np.copyto(lmy[sl], hy, where=m)
        else:
            np.copyto(lmy[sl], np.float32(self.pal_y + self.AO_ROWS), where=m)
