"""A textured 2.5-D construction site and a per-ray renderer.

World frame: X east, Y north, Z up (metres).  Bearing = clockwise from north
(atan2(dx, dy)), the same sign as the contract's heading.  The scene is:

* a ground plane z = 0 (three texture levels: 1 cm near the work area, 10 cm
  site-wide, a tiling 1 cm grey detail layer that fades with pixel footprint),
* vertical faces of boxes standing on the ground (containers, cabins, buildings,
  hoardings, barriers, material racks, a plain near wall), each with its own
  unique texture in one atlas,
* a sky/skyline panorama at infinity (clouds, distant city, hills, cranes).

Walls are ray-cast with per-position azimuth tables: for every one of NB
bearing bins the K nearest faces that can be seen over the nearer ones are
listed with exact distance, texture column and their first derivatives in
bearing, so a pixel's hit is exact to first order inside a 0.011 deg bin.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from . import textures as T

NB = 32768                  # bearing bins (power of two)
BINW = 2 * math.pi / NB
K = 3                       # visible layers per bin
PZ_REF = 1.95               # highest camera height used when pruning hidden layers
PANO_W, PANO_H = 8192, 4096
MACRO_TEX, MACRO_N = 0.10, 2048      # 10 cm site-wide ground texture (204.8 m)
NEAR_TEX, NEAR_N = 0.01, 4096        # 1 cm near ground texture (40.96 m)
DETAIL_TEX, DETAIL_N = 0.01, 2048    # 1 cm grey detail, tiles every 20.48 m


def periodic_noise(shape, rng, lo_cycles, hi_cycles, power=1.0):
    """Noise periodic in both axes, band-limited between lo and hi cycles per image width."""
    h, w = shape
    wn = rng.standard_normal((h, w)).astype(np.float32)
    F = np.fft.rfft2(wn)
    fy = np.fft.fftfreq(h)[:, None] * h * (w / h)
    fx = np.fft.rfftfreq(w)[None, :] * w
    f = np.sqrt(fx ** 2 + fy ** 2)
    filt = np.where((f >= lo_cycles) & (f <= hi_cycles), 1.0 / np.maximum(f, 1) ** power, 0.0)
    out = np.fft.irfft2(F * filt, s=(h, w)).astype(np.float32)
    lo, hi = np.percentile(out, 1), np.percentile(out, 99)
    return np.clip((out - lo) / (hi - lo), 0, 1)


class Box:
    def __init__(self, cx, cy, length, width, angle_deg, height, kind, tex):
        self.cx, self.cy, self.length, self.width = cx, cy, length, width
        self.angle, self.height, self.kind, self.tex = angle_deg, height, kind, tex

    def corners(self):
        a = math.radians(self.angle)
        ca, sa = math.cos(a), math.sin(a)
        loc = [(-self.length / 2, -self.width / 2), (self.length / 2, -self.width / 2),
               (self.length / 2, self.width / 2), (-self.length / 2, self.width / 2)]
        return [(self.cx + x * ca - y * sa, self.cy + x * sa + y * ca) for x, y in loc]   # counter-clockwise

    def contains(self, x, y, margin=0.0):
        a = math.radians(self.angle)
        dx, dy = x - self.cx, y - self.cy
        lx, ly = dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)
        return abs(lx) <= self.length / 2 + margin and abs(ly) <= self.width / 2 + margin


def seg_dist(px, py, ax, ay, bx, by):
    vx, vy = bx - ax, by - ay
    L2 = vx * vx + vy * vy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((px - ax) * vx + (py - ay) * vy) / L2))
    return math.hypot(px - ax - t * vx, py - ay - t * vy)


class World:
    def __init__(self, boxes, seed, sun_az_deg=140.0, work_center=(0.0, 0.0), palette=None):
        rng = np.random.default_rng(seed)
        self.boxes = boxes
        self.work_center = work_center
        self._far_img = None
        sun = (math.sin(math.radians(sun_az_deg)), math.cos(math.radians(sun_az_deg)))
        self._build_faces(rng, sun)
        self._build_ground(rng, palette or {})
        self._build_pano(rng, palette or {})

    # ------------------------------------------------------------------ faces
    def _build_faces(self, rng, sun):
        faces, texs = [], []
        for b in self.boxes:
            cs = b.corners()
            for i in range(4):
                (ax, ay), (bx, by) = cs[i], cs[(i + 1) % 4]
                L = math.hypot(bx - ax, by - ay)
                if L < 1e-6:
                    continue
                tx, ty = (bx - ax) / L, (by - ay) / L
                nx, ny = ty, -tx
                end_face = (i % 2 == 1)
                w = int(math.ceil(L / b.tex)) + 1
                h = int(math.ceil(b.height / b.tex)) + 1
                img = T.WALL_TEXTURES[b.kind](rng, w, h, b.tex, end_face)
                shade = 0.78 + 0.22 * (nx * sun[0] + ny * sun[1])
                img = T.to_u8(cv2.GaussianBlur(img * shade, (0, 0), 0.6))
                faces.append([ax, ay, tx, ty, nx, ny, L, b.height, 1.0 / b.tex])
                texs.append(img)
        # shelf-pack into one atlas (1-texel replicated border around each texture)
        AW = 8192
        order = sorted(range(len(texs)), key=lambda i: -texs[i].shape[0])
        pos = [None] * len(texs)
        x = y = shelf_h = 0
        for i in order:
            h, w = texs[i].shape[:2]
            if w + 2 > AW:
                raise ValueError("face texture wider than atlas")
            if x + w + 2 > AW:
                y += shelf_h
                x = shelf_h = 0
            pos[i] = (x, y)
            x += w + 2
            shelf_h = max(shelf_h, h + 2)
        AH = y + shelf_h
        atlas = np.zeros((AH, AW, 3), np.uint8)
        for i, img in enumerate(texs):
            x, y = pos[i]
            atlas[y:y + img.shape[0] + 2, x:x + img.shape[1] + 2] = cv2.copyMakeBorder(img, 1, 1, 1, 1,
                                                                                       cv2.BORDER_REPLICATE)
        self.atlas = atlas
        F = np.array(faces, np.float64)
        self.f_ax, self.f_ay, self.f_tx, self.f_ty, self.f_nx, self.f_ny, self.f_L, self.f_H, self.f_inv = F.T
        self.f_u0 = np.array([p[0] + 1 for p in pos], np.float64)
        self.f_v0 = np.array([p[1] + 1 for p in pos], np.float64)

    def clearance(self, x, y):
        """Horizontal distance from (x, y) to the nearest face (negative inside a box)."""
        best = 1e9
        for b in self.boxes:
            if b.contains(x, y):
                return -1.0
        for i in range(len(self.f_L)):
            ax, ay = self.f_ax[i], self.f_ay[i]
            bx, by = ax + self.f_tx[i] * self.f_L[i], ay + self.f_ty[i] * self.f_L[i]
            best = min(best, seg_dist(x, y, ax, ay, bx, by))
        return best

    # ----------------------------------------------------------------- ground
    def _build_ground(self, rng, pal):
        n = MACRO_N
        dirt1 = np.array(pal.get("dirt1", (70, 100, 125)), np.float32)
        dirt2 = np.array(pal.get("dirt2", (110, 125, 135)), np.float32)
        big = fbm_img = T.fbm((n, n), rng, base=160, octaves=5)
        img = dirt1[None, None] * (1 - big[..., None]) + dirt2[None, None] * big[..., None]
        img *= (0.8 + 0.35 * T.fbm((n, n), rng, base=24, octaves=4))[..., None]
        del fbm_img
        # concrete slabs, gravel pads
        for _ in range(int(rng.integers(14, 24))):
            cx, cy = rng.uniform(0.15, 0.85, 2) * n
            w, h = rng.uniform(40, 220, 2)
            ang = rng.uniform(0, 180)
            box = cv2.boxPoints(((cx, cy), (w, h), ang)).astype(np.int32)
            col = T.jitter_color(rng, (150, 155, 158) if rng.random() < 0.6 else (105, 110, 112), 8)
            cv2.fillConvexPoly(img, box, col)
            if rng.random() < 0.7:  # slab joints
                for k in range(1, int(w // 40) + 1):
                    p = np.array([cx, cy]) + (k * 40 - w / 2) * np.array([math.cos(math.radians(ang)),
                                                                         math.sin(math.radians(ang))])
                    q = p + h / 2 * np.array([-math.sin(math.radians(ang)), math.cos(math.radians(ang))])
                    r = p - h / 2 * np.array([-math.sin(math.radians(ang)), math.cos(math.radians(ang))])
                    cv2.line(img, tuple(int(v) for v in q), tuple(int(v) for v in r), (90, 95, 95), 1)
        # tyre tracks
        for _ in range(int(rng.integers(8, 14))):
            pts = [rng.uniform(0, n, 2)]
            heading = rng.uniform(0, 2 * math.pi)
            for _k in range(12):
                heading += rng.normal(0, 0.25)
                pts.append(pts[-1] + 60 * np.array([math.cos(heading), math.sin(heading)]))
            pts = np.array(pts)
            nrm = np.array([-math.sin(heading), math.cos(heading)])
            for off in (-9, 9):
                cv2.polylines(img, [(pts + off * nrm).astype(np.int32)], False, (55, 70, 80), 4, cv2.LINE_AA)
        # puddles
        pud = T.fbm((n, n), rng, base=60, octaves=3)
        m = np.clip((pud - 0.82) * 12, 0, 1)[..., None]
        img = img * (1 - 0.55 * m) + 0.55 * m * np.array([60, 60, 55], np.float32)
        # painted walkway lines
        for _ in range(4):
            p0 = rng.uniform(0.3, 0.7, 2) * n
            ang = rng.uniform(0, 2 * math.pi)
            p1 = p0 + rng.uniform(100, 400) * np.array([math.cos(ang), math.sin(ang)])
            cv2.line(img, tuple(int(v) for v in p0), tuple(int(v) for v in p1), (30, 200, 230), 2, cv2.LINE_AA)
        img = cv2.GaussianBlur(img, (0, 0), 1.0)
        self.ground_macro = T.to_u8(img)
        self.ground_macro_blur = T.to_u8(cv2.GaussianBlur(img, (0, 0), 6.0))
        self.ground_far = np.array(cv2.mean(self.ground_macro)[:3], np.float32)
        self.macro_x0 = -MACRO_N * MACRO_TEX / 2   # world X at column 0
        self.macro_y0 = MACRO_N * MACRO_TEX / 2    # world Y at row 0
        # near 1 cm texture around the work area: upsampled macro + fine clutter
        wcx, wcy = self.work_center
        nn = NEAR_N
        self.near_x0 = wcx - nn * NEAR_TEX / 2
        self.near_y0 = wcy + nn * NEAR_TEX / 2
        c0 = (self.near_x0 - self.macro_x0) / MACRO_TEX
        r0 = (self.macro_y0 - self.near_y0) / MACRO_TEX
        sc = NEAR_TEX / MACRO_TEX
        xs = (c0 + (np.arange(nn, dtype=np.float32) + 0.5) * sc - 0.5).astype(np.float32)
        ys = (r0 + (np.arange(nn, dtype=np.float32) + 0.5) * sc - 0.5).astype(np.float32)
        mx, my = np.meshgrid(xs, ys)
        near = cv2.remap(self.ground_macro, mx, my, cv2.INTER_CUBIC).astype(np.float32)
        del mx, my
        speck = T.fbm((nn, nn), rng, base=6, octaves=3)
        near *= (0.82 + 0.36 * speck)[..., None]
        for _ in range(400):   # cracks
            p = rng.uniform(0, nn, 2)
            pts = [p]
            a = rng.uniform(0, 2 * math.pi)
            for _k in range(int(rng.integers(3, 9))):
                a += rng.normal(0, 0.6)
                pts.append(pts[-1] + rng.uniform(5, 25) * np.array([math.cos(a), math.sin(a)]))
            cv2.polylines(near, [np.array(pts, np.int32)], False, (45, 50, 55), 1, cv2.LINE_AA)
        for _ in range(700):   # clutter: planks, bricks, rebar, pallets, cones, bags, tools
            kind = rng.integers(7)
            cx, cy = rng.uniform(0, nn, 2)
            ang = rng.uniform(0, 180)
            if kind == 0:
                col = T.jitter_color(rng, (80, 140, 190), 20)
                w, h = rng.uniform(120, 400), rng.uniform(10, 22)
            elif kind == 1:
                col = T.jitter_color(rng, (60, 80, 160), 20)
                w, h = 22, 10
            elif kind == 2:
                col = (40, 45, 55)
                w, h = rng.uniform(150, 600), 1.5
            elif kind == 3:
                col = T.jitter_color(rng, (100, 150, 190), 15)
                w, h = 120, 80
            elif kind == 4:
                cv2.circle(near, (int(cx), int(cy)), 17, (20, 110, 240), -1, cv2.LINE_AA)
                cv2.circle(near, (int(cx), int(cy)), 9, (240, 240, 240), -1, cv2.LINE_AA)
                continue
            elif kind == 5:
                col = T.jitter_color(rng, (190, 190, 185), 20)
                w, h = 60, 45
            else:
                col = T.jitter_color(rng, (40, 40, 40), 30)
                w, h = rng.uniform(20, 60), rng.uniform(5, 12)
            box = cv2.boxPoints(((cx, cy), (w, h), ang)).astype(np.int32)
            cv2.fillConvexPoly(near, box, col, cv2.LINE_AA)
            cv2.polylines(near, [box], True, tuple(0.6 * np.array(col)), 1, cv2.LINE_AA)
            if kind == 3:   # pallet slats
                for k in range(5):
                    q = cv2.boxPoints(((cx, cy), (w, 4), ang)).astype(np.float32)
                    off = (k - 2) * 17 * np.array([-math.sin(math.radians(ang)), math.cos(math.radians(ang))])
                    cv2.polylines(near, [(q + off).astype(np.int32)], True, (50, 80, 110), 1)
        near = cv2.GaussianBlur(near, (0, 0), 0.7)
        alpha = np.ones((nn, nn), np.float32)
        ramp = np.clip(np.minimum(np.arange(nn), np.arange(nn)[::-1]) / 150.0, 0, 1).astype(np.float32)
        alpha = np.minimum(ramp[None, :], ramp[:, None])
        self.ground_near = np.dstack([T.to_u8(near), T.to_u8(alpha * 255)])
        del near
        # grey detail, periodic (tiles every 20.48 m)
        d = 0.6 * periodic_noise((DETAIL_N, DETAIL_N), rng, 40, 700, 0.5) + 0.4 * periodic_noise(
            (DETAIL_N, DETAIL_N), rng, 150, 1000, 0.0)
        stones = np.zeros((DETAIL_N, DETAIL_N), np.float32)
        for _ in range(60000):
            x, y = rng.integers(0, DETAIL_N, 2)
            cv2.circle(stones, (int(x), int(y)), int(rng.integers(1, 4)), float(rng.normal(0, 0.5)), -1)
        d = d + 0.35 * cv2.GaussianBlur(stones, (0, 0), 0.7)
        d = (d - d.mean()) / (d.std() + 1e-6)
        self.ground_detail = np.clip(d * 0.25, -1, 1).astype(np.float32)

    # ------------------------------------------------------------------- pano
    def _build_pano(self, rng, pal):
        W, H = PANO_W, PANO_H
        el = 90.0 - (np.arange(H, dtype=np.float32) + 0.5) * 180.0 / H
        hz = np.array(pal.get("horizon", (225, 215, 200)), np.float32)
        zen = np.array(pal.get("zenith", (205, 150, 95)), np.float32)
        k = np.clip(el / 60.0, 0, 1) ** 0.6
        sky = hz[None, :] * (1 - k[:, None]) + zen[None, :] * k[:, None]
        img = np.repeat(sky[:, None, :], W, axis=1)
        # clouds: periodic noise, flattened towards the horizon
        cl = periodic_noise((H // 2, W // 2), rng, 3, 160, 1.8)
        cl = cv2.resize(cl, (W, H), interpolation=cv2.INTER_CUBIC)
        cover = pal.get("clouds", 0.55)
        c = np.clip((cl - (1 - cover)) * 2.5, 0, 1) * (el[:, None] > 0)
        shade = 0.82 + 0.18 * periodic_noise((H // 4, W // 4), rng, 10, 300, 1.0)
        shade = cv2.resize(shade, (W, H))
        img = img * (1 - c[..., None]) + c[..., None] * (np.array([235, 235, 238], np.float32) * shade[..., None])
        # skyline: hills, distant city, trees, cranes.  columns = bearing
        col_deg = 360.0 / W
        row_of = lambda e: int(round((90.0 - e) * H / 180.0))   # noqa: E731
        hor = row_of(0.0)
        hill = periodic_noise((8, W), rng, 2, 40, 1.5)[4] * pal.get("hills", 2.2) + 0.2
        hill_col = np.array(pal.get("hill_col", (95, 120, 110)), np.float32)
        for cidx in range(W):
            r = row_of(float(hill[cidx]))
            img[r:hor, cidx] = hill_col * (0.85 + 0.15 * rng.random())
        far = np.array(pal.get("city_col", (150, 145, 140)), np.float32)
        b = 0.0
        while b < 360.0:
            wdeg = rng.uniform(0.4, 3.5)
            hdeg = rng.uniform(0.4, pal.get("city_h", 4.0)) * (1.0 if rng.random() < 0.7 else 0.3)
            if rng.random() < 0.75:
                c0, c1 = int(b / col_deg), int((b + wdeg) / col_deg)
                r0 = row_of(hdeg)
                colr = far * rng.uniform(0.7, 1.15)
                img[r0:hor, c0:c1] = colr
                win = rng.uniform(0.5, 0.85)
                for rr in range(r0 + 4, hor - 2, 7):
                    img[rr:rr + 3, c0 + 2:c1 - 2:6] = colr * win
            b += wdeg + rng.uniform(0.0, 2.5)
        for _ in range(int(rng.integers(60, 140))):   # tree blobs
            cb = rng.uniform(0, 360)
            cv2.ellipse(img, (int(cb / col_deg), row_of(rng.uniform(0.3, 1.2))),
                        (int(rng.uniform(0.3, 1.0) / col_deg), int(rng.uniform(0.4, 1.2) * H / 180)), 0, 0, 360,
                        (50, 85, 60), -1)
        for cr in pal.get("cranes", [(30.0, 28.0), (200.0, 20.0)]):
            self._draw_crane(img, rng, cr[0], cr[1], col_deg, row_of)
        img[hor:] = self._far_ground_color(pal)
        img = cv2.GaussianBlur(img, (0, 0), 0.6)
        self.pano = T.to_u8(img)

    def _far_ground_color(self, pal):
        return self.ground_far

    @staticmethod
    def _draw_crane(img, rng, bearing, top_el, col_deg, row_of):
        H, W = img.shape[:2]
        ycol = (20, 180, 240)
        cx = bearing / col_deg
        half = 0.35 / col_deg
        rt, rb = row_of(top_el), row_of(0.0)
        x0, x1 = int(cx - half), int(cx + half)
        cv2.line(img, (x0, rt), (x0, rb), ycol, 3)
        cv2.line(img, (x1, rt), (x1, rb), ycol, 3)
        step = max(4, int(2 * half))
        for y in range(rt, rb, step):
            cv2.line(img, (x0, y), (x1, y + step // 2), ycol, 2)
            cv2.line(img, (x1, y + step // 2), (x0, y + step), ycol, 2)
        jl, jr = int(cx - rng.uniform(6, 9) / col_deg), int(cx + rng.uniform(18, 28) / col_deg)
        jt, jb = rt - int(0.5 * H / 180), rt + int(0.25 * H / 180)
        cv2.line(img, (x0, jt), (jr, jt + 2), ycol, 3)
        cv2.line(img, (jl, jb), (jr, jb), ycol, 3)
        for x in range(jl, jr, max(4, (jb - jt))):
            cv2.line(img, (x, jb), (x + (jb - jt) // 2, jt), ycol, 2)
        cv2.rectangle(img, (jl, jb - 2), (jl + int(2.0 / col_deg), jb + int(0.9 * H / 180)), (90, 90, 95), -1)
        cv2.rectangle(img, (x1, jb), (x1 + int(0.6 / col_deg), jb + int(0.6 * H / 180)), (200, 200, 200), -1)
        hook = int(cx + rng.uniform(5, 16) / col_deg)
        cv2.line(img, (hook, jb), (hook, jb + int(rng.uniform(5, 14) * H / 180)), (40, 40, 40), 1)
        cv2.line(img, (int(cx), rt - int(2.5 * H / 180)), (x0, rt), ycol, 2)
        cv2.line(img, (int(cx), rt - int(2.5 * H / 180)), (jr, jt + 2), (60, 60, 60), 1)

    # ----------------------------------------------------------------- tables
    def tables(self, px, py):
        """Per-bearing-bin visible wall layers seen from (px, py): float32 (K, NB, 8)."""
        Tb = np.zeros((K, NB, 8), np.float32)
        Tb[:, :, 0] = 1.0
        Tb[:, :, 5] = -1.0       # height -1: never hit
        c = self.f_nx * (self.f_ax - px) + self.f_ny * (self.f_ay - py)
        front = np.nonzero(c < -1e-4)[0]
        if len(front) == 0:
            return Tb
        ax, ay = self.f_ax[front], self.f_ay[front]
        bx, by = ax + self.f_tx[front] * self.f_L[front], ay + self.f_ty[front] * self.f_L[front]
        ba = np.arctan2(ax - px, ay - py)
        bb = np.arctan2(bx - px, by - py)
        span = np.mod(bb - ba, 2 * math.pi)
        k0 = np.ceil(ba / BINW).astype(np.int64)
        k1 = np.floor((ba + span) / BINW).astype(np.int64)
        cnt = np.maximum(k1 - k0 + 1, 0)
        tot = int(cnt.sum())
        if tot == 0:
            return Tb
        fid = np.repeat(np.arange(len(front)), cnt)
        start = np.repeat(np.cumsum(cnt) - cnt, cnt)
        k = np.repeat(k0, cnt) + (np.arange(tot) - start)
        beta = k * BINW
        sb, cb = np.sin(beta), np.cos(beta)
        fi = front[fid]
        nx, ny, tx, ty = self.f_nx[fi], self.f_ny[fi], self.f_tx[fi], self.f_ty[fi]
        cc = c[front][fid]
        nd = nx * sb + ny * cb
        nd = np.minimum(nd, -1e-9)
        s = cc / nd
        ndp = nx * cb - ny * sb
        ds = -cc * ndp / nd ** 2                     # per radian
        rx, ry = px - self.f_ax[fi], py - self.f_ay[fi]
        u = tx * (rx + s * sb) + ty * (ry + s * cb)
        du = tx * (ds * sb + s * cb) + ty * (ds * cb - s * sb)
        inv = self.f_inv[fi]
        Hh = self.f_H[fi]
        kb = np.bitwise_and(k, NB - 1)
        ta = np.arctan((Hh - PZ_REF) / s) / math.pi + 0.5          # 0..1, monotonic in top angle
        order = np.lexsort((s, kb))
        kb, ta = kb[order], ta[order]
        key = kb + 0.999 * ta
        prevmax = np.empty_like(key)
        prevmax[0] = -1.0
        prevmax[1:] = np.maximum.accumulate(key)[:-1]
        vis = key > prevmax
        cs = np.cumsum(vis)
        newgrp = np.ones(len(kb), bool)
        newgrp[1:] = kb[1:] != kb[:-1]
        grp_start = np.maximum.accumulate(np.where(newgrp, np.arange(len(kb)), 0))
        base = cs[grp_start] - vis[grp_start]
        rank = cs - 1 - base
        keep = vis & (rank < K)
        o = order[keep]
        rk, kk = rank[keep], kb[keep]
        Tb[rk, kk, 0] = s[o]
        Tb[rk, kk, 1] = ds[o] * BINW
        Tb[rk, kk, 2] = self.f_u0[fi[o]] + u[o] * inv[o]
        Tb[rk, kk, 3] = du[o] * inv[o] * BINW
        Tb[rk, kk, 4] = self.f_v0[fi[o]] + Hh[o] * inv[o]
        Tb[rk, kk, 5] = Hh[o]
        Tb[rk, kk, 6] = inv[o]
        Tb[rk, kk, 7] = 1.0
        return Tb

    # ----------------------------------------------------------------- render
    def render(self, dx, dy, dz, px, py, pz, tables, pixang):
        """Colour for world ray directions (2-D float32 arrays) from camera (px, py, pz).

        pixang: angular size of an output pixel (rad), used to fade texture detail
        that the output cannot resolve (a cheap stand-in for mip-mapping)."""
        px, py, pz = float(px), float(py), float(pz)
        shp = dx.shape
        hxy = cv2.magnitude(dx, dy)
        np.maximum(hxy, 1e-7, out=hxy)
        bet = np.arctan2(dx, dy)                       # -pi..pi, clockwise from north
        el = np.arctan2(dz, hxy)
        # sky / far panorama
        mx = np.mod(bet * (PANO_W / (2 * math.pi)) - 0.5, PANO_W).astype(np.float32)
        my = ((math.pi / 2 - el) * (PANO_H / math.pi) - 0.5).astype(np.float32)
        out = cv2.remap(self.pano, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)
        # ground (non-ground rays are sent to one texel so their lookups stay cheap)
        down = dz < -1e-5
        ndz = np.maximum(-dz, 1e-5)
        t = np.where(down, np.minimum(pz / ndz, 600.0), 0.0).astype(np.float32)
        X = px + t * dx
        Y = py + t * dy
        fp = (pz * pixang) / (ndz * ndz)                  # radial footprint of a pixel on the ground (m)
        mcx = (X * (1 / MACRO_TEX) - (self.macro_x0 / MACRO_TEX + 0.5)).astype(np.float32)
        mcy = ((self.macro_y0 / MACRO_TEX - 0.5) - Y * (1 / MACRO_TEX)).astype(np.float32)
        g1 = cv2.remap(self.ground_macro, mcx, mcy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT_101)
        g2 = cv2.remap(self.ground_macro_blur, mcx, mcy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT_101)
        wb = np.clip((fp - 0.15) * (1 / 0.35), 0, 1).astype(np.float32)
        g = cv2.blendLinear(g2, g1, wb, 1 - wb)
        ncx = (X * (1 / NEAR_TEX) - (self.near_x0 / NEAR_TEX + 0.5)).astype(np.float32)
        ncy = ((self.near_y0 / NEAR_TEX - 0.5) - Y * (1 / NEAR_TEX)).astype(np.float32)
        gn = cv2.remap(self.ground_near, ncx, ncy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                       borderValue=(0, 0, 0, 0))
        wn = (gn[..., 3].astype(np.float32) * (1.0 / 255)) * np.clip((0.04 - fp) * (1 / 0.025), 0, 1)
        g = cv2.blendLinear(gn[..., :3], g, wn, 1 - wn)
        dcx = np.mod(X * (1 / DETAIL_TEX) - 0.5, DETAIL_N).astype(np.float32)
        dcy = np.mod(Y * (-1 / DETAIL_TEX) - 0.5, DETAIL_N).astype(np.float32)
        det = cv2.remap(self.ground_detail, dcx, dcy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)
        ad = np.clip((0.025 - fp) * (1 / 0.015), 0, 1)
        gain8 = np.clip((1.0 + ad * det) * 128.0, 0, 255).astype(np.uint8)
        g = cv2.multiply(g, cv2.merge([gain8, gain8, gain8]), scale=1.0 / 128)
        wf = np.clip((t * hxy - 150.0) * (1 / 300.0), 0, 1).astype(np.float32)
        if self._far_img is None or self._far_img.shape[:2] != shp:
            self._far_img = np.empty(shp + (3,), np.uint8)
            self._far_img[:] = T.to_u8(self.ground_far)
        g = cv2.blendLinear(self._far_img, g, wf, 1 - wf)
        cv2.copyTo(g, down.view(np.uint8), out)
        # walls, far layer first
        bb = bet * (1.0 / BINW)
        bi = np.rint(bb)
        frac = (bb - bi).astype(np.float32)
        idx = np.bitwise_and(bi.astype(np.int64), NB - 1)
        tanel = dz / hxy
        um = np.full(shp, -10.0, np.float32)
        vm = np.full(shp, -10.0, np.float32)
        hit = np.zeros(shp, np.uint8)
        for layer in range(K - 1, -1, -1):
            G = np.take(tables[layer], idx, axis=0)
            s = G[..., 0] + G[..., 1] * frac
            z = pz + s * tanel
            ok = (z >= 0) & (z <= G[..., 5])
            if not ok.any():
                continue
            u = G[..., 2] + G[..., 3] * frac
            v = G[..., 4] - z * G[..., 6]
            okm = ok.view(np.uint8)
            cv2.copyTo(u.astype(np.float32), okm, um)
            cv2.copyTo(v.astype(np.float32), okm, vm)
            hit |= okm
        if hit.any():
            w = cv2.remap(self.atlas, um, vm, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
            cv2.copyTo(w, hit, out)
        return out
