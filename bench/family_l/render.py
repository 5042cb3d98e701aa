"""Renderer: textured ground plane + far panorama seen through the lens, entities as projected cuboids."""
import math

import cv2
import numpy as np

from .world import to_cam

GROUND_M = 80.0      # ground texture covers [-40, 40] m in x and y
GROUND_PX = 2048
PANO_W, PANO_H = 3072, 768
PANO_EL0, PANO_EL1 = -25.0, 65.0   # elevation range of the panorama rows (deg)


def ground_texture(seed, base, accent):
    rng = np.random.default_rng(seed)
    n = GROUND_PX
    img = np.zeros((n, n, 3), np.float32)
    img[:] = base
    for scale, amp in ((256, 30), (64, 22), (16, 16), (4, 14)):
        small = rng.normal(0, 1, (n // scale + 1, n // scale + 1)).astype(np.float32)
        img += amp * cv2.resize(small, (n, n), interpolation=cv2.INTER_CUBIC)[:, :, None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    for _ in range(2500):  # gravel, stones, debris
        x, y = rng.integers(0, n, 2)
        r = int(rng.integers(2, 7))
        col = tuple(int(c) for c in np.clip(np.array(base) + rng.normal(0, 45, 3), 0, 255))
        cv2.circle(img, (int(x), int(y)), r, col, -1)
    for _ in range(40):  # tyre tracks, planks, painted marks
        x, y = rng.integers(0, n, 2)
        ang = rng.uniform(0, math.pi)
        L = rng.integers(60, 400)
        col = tuple(int(c) for c in accent) if rng.random() < 0.3 else tuple(int(c) for c in np.array(base) * 0.6)
        cv2.line(img, (int(x), int(y)), (int(x + L * math.cos(ang)), int(y + L * math.sin(ang))), col, int(rng.integers(3, 12)))
    return img


def pano_texture(seed, sky, skyline):
    rng = np.random.default_rng(seed + 99)
    img = np.zeros((PANO_H, PANO_W, 3), np.uint8)
    el = np.linspace(PANO_EL1, PANO_EL0, PANO_H)
    for i, e in enumerate(el):
        k = min(1.0, max(0.0, e / 60.0))
        img[i] = np.array(sky) * (1 - 0.35 * k) + np.array([60, 20, 0]) * 0.35 * k
    row = lambda e: int((PANO_EL1 - e) / (PANO_EL1 - PANO_EL0) * PANO_H)
    for _ in range(25):  # clouds
        x, y = int(rng.integers(0, PANO_W)), row(rng.uniform(15, 55))
        cv2.ellipse(img, (x, y), (int(rng.integers(40, 160)), int(rng.integers(8, 25))), 0, 0, 360, (235, 235, 235), -1)
    img = cv2.GaussianBlur(img, (0, 0), 3)
    x = 0
    while x < PANO_W:  # skyline of buildings with windows
        w = int(rng.integers(50, 220))
        top = row(rng.uniform(2, 22 if skyline == "city" else 9))
        col = tuple(int(c) for c in rng.integers(60, 200, 3))
        cv2.rectangle(img, (x, top), (x + w, row(0)), col, -1)
        for wy in range(top + 8, row(0) - 6, 14):
            for wx in range(x + 6, x + w - 8, 14):
                if rng.random() < 0.7:
                    cv2.rectangle(img, (wx, wy), (wx + 6, wy + 8), tuple(int(c * 0.5) for c in col), -1)
        x += w + int(rng.integers(0, 40))
    for _ in range(3 if skyline == "city" else 1):  # tower cranes
        cx = int(rng.integers(0, PANO_W))
        cv2.line(img, (cx, row(0)), (cx, row(40)), (30, 150, 220), 5)
        cv2.line(img, (cx - 120, row(38)), (cx + 60, row(38)), (30, 150, 220), 4)
    for _ in range(30):  # trees / fences near horizon
        cx = int(rng.integers(0, PANO_W))
        cv2.circle(img, (cx, row(2)), int(rng.integers(10, 30)), (40, int(rng.integers(90, 140)), 50), -1)
    hz = row(0)
    img[hz:] = (np.array([110, 120, 125]) + rng.normal(0, 14, (PANO_H - hz, PANO_W, 3))).clip(0, 255).astype(np.uint8)
    return img


class Renderer:
    def __init__(self, sc):
        self.sc = sc
        L = sc.lens
        W, H = L.width, L.height
        u, v = np.meshgrid(np.arange(W) + 0.5, np.arange(H) + 0.5)
        du, dv = u - W / 2, v - H / 2
        r = np.hypot(du, dv)
        theta = np.arctan(r / L.f) if L.projection == "pinhole" else r / L.f
        phi = np.arctan2(dv, du)
        X = np.sin(theta) * np.cos(phi)
        Y = np.sin(theta) * np.sin(phi)
        Z = np.cos(theta)
        p = math.radians(L.pitch_deg)
        Yup = -Y
        a_r = X
        a_f = Z * math.cos(p) - Yup * math.sin(p)
        a_up = Z * math.sin(p) + Yup * math.cos(p)
        self.az0 = np.degrees(np.arctan2(a_r, a_f)).astype(np.float32)
        el = np.degrees(np.arctan2(a_up, np.hypot(a_r, a_f)))
        self.pano_y = ((PANO_EL1 - el) / (PANO_EL1 - PANO_EL0) * PANO_H).astype(np.float32)
        h = sc.wearer.eye_h
        with np.errstate(divide="ignore", invalid="ignore"):
            tt = np.where(a_up < -1e-3, h / -a_up, np.inf)
        self.ground = tt < 38.0
        self.gr = np.where(self.ground, tt * a_r, 0).astype(np.float32)
        self.gf = np.where(self.ground, tt * a_f, 0).astype(np.float32)
        fog = np.clip((np.where(self.ground, tt, 38.0) - 12.0) / 26.0, 0, 1) * 0.55
        self.fog = fog[:, :, None].astype(np.float32)
        self.gtex = ground_texture(sc.seed, sc.ground.get("base", (90, 110, 125)), sc.ground.get("accent", (220, 220, 220)))
        self.ptex = pano_texture(sc.seed, sc.pano.get("sky", (230, 200, 160)), sc.pano.get("skyline", "city"))
        self.ptex = np.concatenate([self.ptex, self.ptex[:, :8]], axis=1)
        rng = np.random.default_rng(sc.seed + 7)
        self.noise = [rng.normal(0, 3.0, (H, W, 3)).astype(np.int16) for _ in range(12)]
        self.haze = np.array([150, 150, 150], np.float32)

    def background(self, t):
        sc = self.sc
        yaw = sc.wearer.yaw(t)
        wx, wy = sc.wearer.pos(t)
        mx = ((self.az0 + yaw) % 360.0) / 360.0 * (self.ptex.shape[1] - 8)
        pano = cv2.remap(self.ptex, mx.astype(np.float32), self.pano_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
        gx = wx + self.gr * c + self.gf * s
        gy = wy - self.gr * s + self.gf * c
        k = GROUND_PX / GROUND_M
        mx = (gx + GROUND_M / 2) * k
        my = (GROUND_M / 2 - gy) * k
        g = cv2.remap(self.gtex, mx.astype(np.float32), my.astype(np.float32), cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
        g = g.astype(np.float32) * (1 - self.fog) + self.haze * self.fog
        out = np.where(self.ground[:, :, None], g, pano.astype(np.float32))
        return out.astype(np.uint8)

    def poly(self, img, pts3, col, t):
        """draw a 3-D planar polygon (edges subdivided, so fisheye curves them)."""
        P = []
        n = len(pts3)
        for i in range(n):
            a, b = np.array(pts3[i]), np.array(pts3[(i + 1) % n])
            for k in range(4):
                P.append(a + (b - a) * k / 4)
        P = np.array(P)
        X, Y, Z = to_cam(self.sc.lens, self.sc.wearer, t, P)
        u, v, ok = self.sc.lens.project_cam(X, Y, Z)
        if not ok.all():
            return
        if np.abs(u).max() > 5000 or np.abs(v).max() > 5000:
            return
        cv2.fillPoly(img, [np.stack([u, v], 1).round().astype(np.int32)], col, lineType=cv2.LINE_AA)

    def draw_cuboid(self, img, t, centre, size, col, eye):
        cx, cy, cz = centre
        w, d, h = size
        x0, x1, y0, y1, z0, z1 = cx - w / 2, cx + w / 2, cy - d / 2, cy + d / 2, cz - h / 2, cz + h / 2
        faces = []
        if eye[0] < x0: faces.append(([(x0, y0, z0), (x0, y1, z0), (x0, y1, z1), (x0, y0, z1)], 0.8))
        if eye[0] > x1: faces.append(([(x1, y0, z0), (x1, y1, z0), (x1, y1, z1), (x1, y0, z1)], 0.8))
        if eye[1] < y0: faces.append(([(x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1)], 0.95))
        if eye[1] > y1: faces.append(([(x0, y1, z0), (x1, y1, z0), (x1, y1, z1), (x0, y1, z1)], 0.65))
        if eye[2] > z1: faces.append(([(x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1)], 1.1))
        for f, shade in faces:
            c = tuple(int(min(255, v * shade)) for v in col)
            self.poly(img, f, c, t)

    def frame(self, t, idx):
        sc = self.sc
        img = self.background(t)
        wx, wy = sc.wearer.pos(t)
        eye = (wx, wy, sc.wearer.eye_h)
        for e in sc.entities:
            if e.kind == "pit" and e.exists(t):
                corners, dep = e.pit_corners()
                self.poly(img, [(x, y, 0.0) for x, y in corners], (35, 45, 60), t)
                (xa, ya), (xb, yb) = corners[0], corners[2]
                inner = [(xa + 0.25, ya + 0.25, 0.0), (xb - 0.25, ya + 0.25, 0.0), (xb - 0.25, yb - 0.25, 0.0), (xa + 0.25, yb - 0.25, 0.0)]
                self.poly(img, inner, (22, 28, 38), t)
        items = []
        for e in sc.entities:
            if e.kind == "pit" or not e.exists(t):
                continue
            for c, s, col in e.cuboids(t, sc.wearer):
                dist = math.hypot(c[0] - wx, c[1] - wy)
                items.append((dist, c, s, col))
        items.sort(key=lambda it: -it[0])
        for dist, c, s, col in items:
            self.draw_cuboid(img, t, c, s, col, eye)
        img = cv2.add(img.astype(np.int16), self.noise[(idx * 7) % len(self.noise)], dtype=cv2.CV_16S)
        return np.clip(img, 0, 255).astype(np.uint8)


def render_video(sc, path, log=None):
    R = Renderer(sc)
    W, H = sc.lens.width, sc.lens.height
    vw = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), sc.fps, (W, H))
    if not vw.isOpened():
        raise RuntimeError("cannot open video writer for %s" % path)
    for i, t in enumerate(sc.times()):
        vw.write(R.frame(t, i))
    vw.release()
