"""Renderer: textured ground plane + far panorama, 3-D entities, through the scenario's lens."""
import math

import cv2
import numpy as np

from . import scene
from .lens import Lens, world_to_cam

GROUND_RES = 0.03           # metres per ground-texture pixel
GROUND_PX = 2048
PANO_W, PANO_H = 4096, 1280
PANO_TOP, PANO_BOT = 80.0, -30.0   # elevation (deg) at the panorama's first / last row
LIGHT = np.array([-0.45, 0.8, -0.35]) / np.linalg.norm([-0.45, 0.8, -0.35])


def _noise(rng, h, w, cell):
    a = rng.random((max(2, h // cell), max(2, w // cell))).astype(np.float32)
    return cv2.resize(a, (w, h), interpolation=cv2.INTER_CUBIC)


def make_ground(style, seed):
    rng = np.random.default_rng(seed)
    S = GROUND_PX
    base = {"gravel": (120, 128, 132), "mud": (70, 100, 128), "concrete": (150, 152, 150)}[style]
    n = 0.5 * _noise(rng, S, S, 256) + 0.3 * _noise(rng, S, S, 48) + 0.2 * _noise(rng, S, S, 8)
    img = np.empty((S, S, 3), np.float32)
    for c in range(3):
        img[..., c] = base[c] * (0.7 + 0.6 * n)
    fine = rng.normal(0, 1, (S, S)).astype(np.float32)
    img += (fine * (14 if style != "concrete" else 7))[..., None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    k = {"gravel": 26000, "mud": 9000, "concrete": 4000}[style]
    xs, ys = rng.integers(0, S, k), rng.integers(0, S, k)
    rs = rng.integers(1, 4, k)
    sh = rng.integers(-45, 45, k)
    for x, y, r, s in zip(xs, ys, rs, sh):
        c = tuple(int(np.clip(v + s, 0, 255)) for v in base)
        cv2.circle(img, (int(x), int(y)), int(r), c, -1)
    if style == "concrete":
        for g in range(0, S, 133):
            cv2.line(img, (g, 0), (g, S), (110, 112, 110), 2)
            cv2.line(img, (0, g), (S, g), (110, 112, 110), 2)
    for _ in range(14 if style == "mud" else 6):   # tyre tracks
        pts = np.cumsum(rng.normal(0, 30, (40, 2)), 0) + rng.integers(0, S, 2)
        pts = pts.astype(np.int32).reshape(-1, 1, 2)
        for off in (0, 55):
            cv2.polylines(img, [pts + off], False, (45, 62, 80) if style == "mud" else (95, 100, 104), 14)
    for _ in range(25):   # planks, puddles, paint marks
        x, y = (int(v) for v in rng.integers(100, S - 100, 2))
        kind = rng.integers(0, 3)
        if kind == 0:
            a = rng.uniform(0, 180)
            box = cv2.boxPoints(((x, y), (int(rng.integers(60, 120)), int(rng.integers(500, 900))), a)).astype(np.int32)
            cv2.fillPoly(img, [box], (60, 120, 170))
            cv2.polylines(img, [box], True, (30, 60, 90), 3)
        elif kind == 1:
            cv2.ellipse(img, (x, y), (int(rng.integers(40, 160)), int(rng.integers(20, 90))), rng.uniform(0, 180), 0, 360,
                        (95, 85, 70), -1)
        else:
            cv2.line(img, (x, y), (x + int(rng.integers(-400, 400)), y + int(rng.integers(-400, 400))), (40, 200, 230), 8)
    far = cv2.GaussianBlur(img, (0, 0), 4)
    return img, far


def make_pano(style, seed):
    rng = np.random.default_rng(seed + 1)
    W, H = PANO_W, PANO_H
    ppd = H / (PANO_TOP - PANO_BOT)
    row = lambda el: int(round((PANO_TOP - el) * ppd))
    img = np.zeros((H, W, 3), np.float32)
    hr = row(0.0)
    top = np.array([205, 150, 95], np.float32) if style != "overcast" else np.array([175, 170, 165], np.float32)
    hor = np.array([235, 215, 195], np.float32) if style != "overcast" else np.array([205, 205, 200], np.float32)
    a = np.clip(np.arange(H) / hr, 0, 1)[:, None]
    img[:] = (top * (1 - a) + hor * a)[:, None, :]
    cl = 0.6 * _noise(rng, H, W, 128) + 0.4 * _noise(rng, H, W, 24)
    cl = np.clip((cl - 0.52) * 4, 0, 1) * (np.arange(H)[:, None] < hr)
    img = img * (1 - cl[..., None] * 0.8) + 245 * cl[..., None] * 0.8
    img = img.astype(np.uint8)
    # skyline: buildings and trees
    x = 0
    while x < W:
        w = int(rng.integers(60, 260))
        h = rng.uniform(2.0, 13.0)
        if rng.random() < 0.3:
            for _ in range(6):
                cx = x + int(rng.integers(0, w))
                cv2.circle(img, (cx, row(rng.uniform(2, 6))), int(rng.integers(15, 40)), (50, 100 + int(rng.integers(0, 40)), 60), -1)
        else:
            g = int(rng.integers(100, 190))
            col = (g, g + int(rng.integers(-15, 15)), g + int(rng.integers(-20, 20)))
            cv2.rectangle(img, (x, row(h)), (x + w, hr), col, -1)
            for wy in range(row(h) + 8, hr - 6, 18):
                for wx in range(x + 6, x + w - 8, 16):
                    cv2.rectangle(img, (wx, wy), (wx + 7, wy + 9), (g - 60, g - 50, g - 40), -1)
        x += w + int(rng.integers(0, 60))
    if style in ("crane", "overcast"):
        for cx in (int(W * 0.13), int(W * 0.62)):
            cv2.line(img, (cx, hr), (cx, row(34)), (20, 160, 230), 7)
            cv2.line(img, (cx - 500, row(33)), (cx + 300, row(33)), (20, 160, 230), 6)
            for k in range(0, 800, 40):
                cv2.line(img, (cx - 500 + k, row(33)), (cx - 480 + k, row(31.5)), (20, 140, 210), 2)
            cv2.line(img, (cx - 500, row(31.5)), (cx + 300, row(31.5)), (20, 140, 210), 3)
    # site hoarding band, 0..3.5 deg
    x = 0
    cols = [(60, 120, 40), (230, 230, 230), (40, 40, 160), (150, 90, 30), (30, 170, 220)]
    words = ["SAFETY FIRST", "HARD HATS", "SITE OFFICE", "NO ENTRY", "DELIVERIES", "PPE ZONE", "KEEP CLEAR"]
    while x < W:
        w = int(rng.integers(70, 160))
        c = cols[int(rng.integers(0, len(cols)))]
        cv2.rectangle(img, (x, row(3.5)), (x + w, hr), c, -1)
        cv2.rectangle(img, (x, row(3.5)), (x + w, hr), (40, 40, 40), 2)
        if rng.random() < 0.5:
            cv2.putText(img, words[int(rng.integers(0, len(words)))], (x + 4, row(1.6)), cv2.FONT_HERSHEY_SIMPLEX,
                        0.45, (255 - c[0], 255 - c[1], 255 - c[2]), 1, cv2.LINE_AA)
        x += w
    gb = np.array([110, 120, 125], np.float32)
    img[hr:] = gb
    return img


class Renderer:
    def __init__(self, sc):
        self.sc = sc
        self.lens = Lens(sc.width, sc.height, sc.hfov, sc.projection)
        self.ground, self.ground_far = make_ground(sc.ground_style, sc.seed)
        self.pano = make_pano(sc.pano_style, sc.seed)
        self.rays = self.lens.rays().astype(np.float32)
        rng = np.random.default_rng(sc.seed + 7)
        self.noise = [rng.normal(0, 2.6, (sc.height, sc.width, 3)).astype(np.float32) for _ in range(6)]
        H, W = sc.height, sc.width
        if sc.projection == "fisheye":
            yy, xx = np.mgrid[0:H, 0:W]
            r = np.hypot(xx - W / 2, yy - H / 2) / (0.5 * math.hypot(W, H))
            self.vign = (1.0 - 0.28 * r ** 2).astype(np.float32)[..., None]
        else:
            self.vign = None
        self.haze = np.array([200, 195, 190], np.float32)

    def background(self, eye, yaw, pitch):
        H, W = self.sc.height, self.sc.width
        pp = math.radians(pitch)
        cp, sp = math.cos(pp), math.sin(pp)
        R = self.rays
        Y0 = sp * R[..., 2] + cp * R[..., 1]
        down = Y0 < -0.005
        anyd = down.any(1)
        anys = (~down).any(1)
        img = np.empty((H, W, 3), np.float32)
        ps = math.radians(yaw)
        if anys.any():
            r1 = int(np.nonzero(anys)[0].max()) + 1
            X, Y, Z = R[:r1, :, 0], R[:r1, :, 1], R[:r1, :, 2]
            Z0 = cp * Z - sp * Y
            az = np.degrees(np.arctan2(X, Z0))
            el = np.degrees(np.arctan2(Y0[:r1], np.hypot(X, Z0)))
            mx = ((az + yaw) % 360.0) * (PANO_W / 360.0)
            my = (PANO_TOP - el) * (PANO_H / (PANO_TOP - PANO_BOT))
            img[:r1] = cv2.remap(self.pano, mx.astype(np.float32), my.astype(np.float32), cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_WRAP)
        if anyd.any():
            r0 = int(np.nonzero(anyd)[0].min())
            X, Y, Z = R[r0:, :, 0], R[r0:, :, 1], R[r0:, :, 2]
            Z0 = cp * Z - sp * Y
            y0 = Y0[r0:]
            s = eye[1] / np.maximum(-y0, 0.005)
            dx, dz = X * s, Z0 * s
            gx = eye[0] + dx * math.cos(ps) + dz * math.sin(ps)
            gz = eye[2] - dx * math.sin(ps) + dz * math.cos(ps)
            u = (gx * (1.0 / GROUND_RES) + GROUND_PX / 2).astype(np.float32)
            v = (GROUND_PX / 2 - gz * (1.0 / GROUND_RES)).astype(np.float32)
            dist = np.hypot(dx, dz)
            nearm = dist < 9.0
            rows_near = nearm.any(1)
            rows_far = (~nearm).any(1)
            g = np.empty((H - r0, W, 3), np.uint8)
            if rows_far.any():
                f1 = int(np.nonzero(rows_far)[0].max()) + 1
                g[:f1] = cv2.remap(self.ground_far, u[:f1], v[:f1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)
            if rows_near.any():
                n0 = int(np.nonzero(rows_near)[0].min())
                nr = cv2.remap(self.ground, u[n0:], v[n0:], cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)
                m = nearm[n0:]
                if rows_far.any() and f1 > n0:
                    g[n0:][m] = nr[m]
                else:
                    g[n0:] = nr
            g = g.astype(np.float32)
            fog = np.clip((dist - 18.0) * (1 / 70.0), 0, 0.8)[..., None]
            g += (self.haze - g) * fog
            dn = down[r0:]
            blk = img[r0:]
            blk[dn] = g[dn]
        return img

    def _faces(self, prims, eye, yaw, pitch, clip_ground=False):
        """List of (depth, polygon int32, colour)."""
        lens = self.lens
        fish = lens.proj == "fisheye"
        out = []
        for p in prims:
            if p[0] == "cable":
                continue
            if p[0] == "quad":
                polys = [(p[1], p[2], p[3])]
            else:
                from .shapes import FACES, box_corners
                cs = box_corners(p)
                R = p[2]
                polys = [(cs[list(idx)], p[4], R @ np.array(nrm, float)) for idx, nrm in FACES]
            for pts, col, nrm in polys:
                ctr = pts.mean(0)
                if nrm is not None and np.dot(nrm, eye - ctr) <= 0:
                    continue
                if fish:
                    pts = np.concatenate([pts[a] * (1 - s) + pts[(a + 1) % len(pts)] * s
                                          for a in range(len(pts)) for s in (0.0, 0.34, 0.67)]).reshape(-1, 3)
                if clip_ground:
                    pts = _clip_y(pts)
                    if len(pts) < 3:
                        continue
                pc = world_to_cam(pts, eye, yaw, pitch)
                u, v, valid = lens.project(pc)
                if not valid.all():
                    continue
                shade = 0.62 + 0.38 * max(0.0, float(np.dot(nrm, LIGHT))) if nrm is not None else 0.8
                c = tuple(int(min(255, x * shade)) for x in col)
                poly = np.clip(np.stack([u, v], 1) * 8, -80000, 80000).astype(np.int32)
                out.append((float(np.linalg.norm(ctr - eye)), poly, c))
        return out

    def cables(self, img, prims, eye, yaw, pitch):
        for p in prims:
            if p[0] != "cable":
                continue
            pts = np.stack([p[1] * (1 - s) + p[2] * s for s in np.linspace(0, 1, 24)])
            pc = world_to_cam(pts, eye, yaw, pitch)
            u, v, valid = self.lens.project(pc)
            if valid.sum() >= 2:
                poly = np.clip(np.stack([u[valid], v[valid]], 1) * 8, -80000, 80000).astype(np.int32)
                cv2.polylines(img, [poly], False, p[3], 2, cv2.LINE_8, 3)

    def frame(self, i):
        sc = self.sc
        eye, yaw, pitch = sc.wearer.at(i)
        img = self.background(eye, yaw, pitch)
        items = scene.frame_items(sc, i)
        # excavation first: its floor/walls and anyone standing in it, clipped to the rim
        inpit = []
        for e, prims, rim in items:
            if rim is None:
                continue
            layer = img.copy()
            faces = self._faces(prims, eye, yaw, pitch)
            for e2, pr2, rim2 in items:
                if e2.kind == "worker" and e2.pos(i / 15.0)[1] < -0.3:
                    faces += self._faces(pr2, eye, yaw, pitch)
                    inpit.append(e2.eid)
            faces.sort(key=lambda f: -f[0])
            for _, poly, c in faces:
                cv2.fillPoly(layer, [poly], c, cv2.LINE_8, 3)
            rp = np.concatenate([rim[a] * (1 - s) + rim[(a + 1) % 4] * s for a in range(4)
                                 for s in np.linspace(0, 1, 8)[:-1]]).reshape(-1, 3)
            u, v, valid = self.lens.project(world_to_cam(rp, eye, yaw, pitch))
            if valid.all():
                mask = np.zeros(img.shape[:2], np.uint8)
                cv2.fillPoly(mask, [np.clip(np.stack([u, v], 1) * 8, -80000, 80000).astype(np.int32)], 255, cv2.LINE_8, 3)
                m = mask > 0
                img[m] = layer[m]
        faces = []
        for e, prims, rim in items:
            if rim is not None:
                continue
            faces += self._faces(prims, eye, yaw, pitch, clip_ground=e.eid in inpit)
        faces.sort(key=lambda f: -f[0])
        for _, poly, c in faces:
            cv2.fillPoly(img, [poly], c, cv2.LINE_8, 3)
        for e, prims, rim in items:
            if e.kind == "load":
                self.cables(img, prims, eye, yaw, pitch)
        rng = np.random.default_rng(sc.seed * 100003 + i)
        img = img * float(1.0 + rng.normal(0, 0.008)) + self.noise[int(rng.integers(0, len(self.noise)))]
        if self.vign is not None:
            img = img * self.vign
        return np.clip(img, 0, 255).astype(np.uint8)


def _clip_y(pts, y0=0.0):
    """Clip a planar polygon to y >= y0 (Sutherland-Hodgman against one plane)."""
    out = []
    n = len(pts)
    for k in range(n):
        a, b = pts[k], pts[(k + 1) % n]
        ina, inb = a[1] >= y0, b[1] >= y0
        if ina:
            out.append(a)
        if ina != inb:
            s = (y0 - a[1]) / (b[1] - a[1])
            out.append(a + s * (b - a))
    return np.array(out) if out else np.zeros((0, 3))
