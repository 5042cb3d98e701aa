"""Shapes of entities as boxes, textured ground and far panorama, frame rendering."""
import math

import cv2
import numpy as np

from .world import in_spans

C = {  # BGR
    "orange": (0, 140, 255), "yellow": (0, 225, 240), "green": (60, 190, 60),
    "white": (235, 235, 235), "blue": (200, 100, 30), "red": (40, 40, 210),
    "lime": (60, 240, 170), "pink": (180, 120, 250), "none": (105, 110, 115),
    "grey": (150, 150, 150),
}
SKIN = (110, 145, 195)
TROUSERS = (70, 50, 40)


def _box(c, s, col, yaw=0.0, bbox=True, flat=False):
    return (np.asarray(c, float), np.asarray(s, float), yaw, col, bbox, flat)


def prims(e, t):
    """List of boxes (centre, size, yaw_deg, colour, counts_for_bbox, flat) at time t."""
    p = e.p(t)
    x, y, z = p
    k = e.kind
    out = []
    fy = e.facing
    rot = math.radians(fy)
    cr, sr = math.cos(rot), math.sin(rot)

    def at(dx, dy, dz):  # local offset -> world (local x right, z forward of the entity)
        return (x + dx * cr + dz * sr, y + dy, z - dx * sr + dz * cr)

    if k == "worker":
        vest = e.attrs.get("vest", "none")
        body = C.get(vest, C["none"]) if vest != "none" else C[e.attrs.get("shirt", "none")]
        act = e.act(t)
        swing = 0.0
        if act == "active":
            swing = 0.18 * math.sin(t * 5.0 + sum(map(ord, e.eid)) % 7)
        elif act == "walking":
            swing = 0.12 * math.sin(t * 7.0)
        out.append(_box(at(-0.1, 0.45, swing * 0.5), (0.16, 0.9, 0.22), TROUSERS, fy))
        out.append(_box(at(0.1, 0.45, -swing * 0.5), (0.16, 0.9, 0.22), TROUSERS, fy))
        out.append(_box(at(0, 1.2, 0), (0.46, 0.6, 0.28), body, fy))
        if vest != "none":
            out.append(_box(at(0, 1.1, 0), (0.47, 0.05, 0.29), (215, 215, 215), fy))
        out.append(_box(at(-0.3, 1.18, swing), (0.12, 0.55, 0.12), body, fy))
        out.append(_box(at(0.3, 1.18, -swing), (0.12, 0.55, 0.12), body, fy))
        out.append(_box(at(0, 1.62, 0), (0.2, 0.24, 0.22), SKIN, fy))
        if e.hardhat(t):
            out.append(_box(at(0, 1.79, 0.02), (0.3, 0.11, 0.34), C[e.attrs["hat_colour"]], fy))
        else:
            out.append(_box(at(0, 1.76, 0), (0.21, 0.05, 0.23), (30, 35, 45), fy))
        if y < 0:  # standing in a pit: the part below ground level is hidden by the pit walls
            clipped = []
            for c, sz, yw, col, bb, fl in out:
                lo, hi = c[1] - sz[1] / 2, c[1] + sz[1] / 2
                if hi <= 0.02:
                    continue
                lo = max(lo, 0.02)
                clipped.append(_box((c[0], (lo + hi) / 2, c[2]), (sz[0], hi - lo, sz[2]), col, yw, bb, fl))
            out = clipped
    elif k == "ladder":
        for dx in (-0.25, 0.25):
            out.append(_box(at(dx, 1.5, 0), (0.06, 3.0, 0.06), (185, 185, 175), fy))
        for i in range(9):
            out.append(_box(at(0, 0.3 + i * 0.3, 0), (0.5, 0.04, 0.05), (170, 170, 165), fy))
    elif k == "toolbox":
        out.append(_box(at(0, 0.16, 0), (0.55, 0.32, 0.28), C["red"], fy))
        out.append(_box(at(0, 0.36, 0), (0.3, 0.06, 0.04), (40, 40, 40), fy))
    elif k == "drill":
        out.append(_box(at(0, 0.1, 0), (0.26, 0.1, 0.09), (40, 170, 60), fy))
        out.append(_box(at(-0.06, 0.04, 0), (0.08, 0.08, 0.08), (30, 30, 30), fy))
    elif k == "hammer":
        out.append(_box(at(0, 0.03, 0), (0.36, 0.05, 0.05), (40, 80, 130), fy))
        out.append(_box(at(0.17, 0.04, 0), (0.06, 0.07, 0.14), (90, 90, 90), fy))
    elif k == "scaffold":
        w, d, h = e.size or (3.0, 1.2, 4.0)
        for sx in (-w / 2, w / 2):
            for sz in (-d / 2, d / 2):
                out.append(_box(at(sx, h / 2, sz), (0.06, h, 0.06), (150, 150, 160), fy))
        for hy in (1.3, 2.6, 3.9):
            if hy < h:
                out.append(_box(at(0, hy, 0), (w, 0.06, d), (60, 110, 150), fy))
                out.append(_box(at(0, hy + 0.9, d / 2), (w, 0.05, 0.05), (0, 200, 230), fy))
    elif k == "wheelbarrow":
        out.append(_box(at(0, 0.5, 0), (0.62, 0.28, 0.9), C["green"], fy))
        out.append(_box(at(0, 0.18, 0.45), (0.08, 0.34, 0.34), (30, 30, 30), fy))
        for dx in (-0.22, 0.22):
            out.append(_box(at(dx, 0.42, -0.7), (0.04, 0.04, 0.6), (80, 80, 80), fy))
    elif k == "cone":
        out.append(_box(at(0, 0.03, 0), (0.36, 0.06, 0.36), (0, 110, 235), fy))
        out.append(_box(at(0, 0.2, 0), (0.22, 0.28, 0.22), (0, 130, 255), fy))
        out.append(_box(at(0, 0.39, 0), (0.14, 0.12, 0.14), (230, 230, 230), fy))
        out.append(_box(at(0, 0.52, 0), (0.09, 0.14, 0.09), (0, 130, 255), fy))
    elif k == "pallet":
        out.append(_box(at(0, 0.08, 0), (1.2, 0.15, 1.0), (70, 130, 170), fy))
        out.append(_box(at(0, 0.5, 0), (1.05, 0.7, 0.85), (150, 150, 145), fy))
    elif k == "brick_wall":
        n = e.n_bricks(t)
        per = e.size or 10
        L = 0.4 * per
        full = n // per
        for c in range(full):
            out.append(_box(at(0.0, 0.3 + c * 0.2 + 0.1, 0), (L, 0.19, 0.22),
                            (50, 70, 150) if c % 2 else (45, 60, 135), fy))
        rem = n - full * per
        for i in range(rem):
            dx = -L / 2 + 0.2 + 0.4 * i
            out.append(_box(at(dx, 0.3 + full * 0.2 + 0.1, 0), (0.38, 0.19, 0.22), (50, 70, 150), fy))
    elif k == "footing":
        out.append(_box(at(0, 0.15, 0), e.size, (160, 165, 165), fy))
    elif k == "excavation":
        w, d = e.size
        tiles = 6
        for i in range(tiles):
            for j in range(2):
                cx = -w / 2 + (i + 0.5) * w / tiles
                cz = -d / 2 + (j + 0.5) * d / 2
                out.append(_box(at(cx, 0.02, cz), (w / tiles, 0.0, d / 2), (25, 40, 55), fy, True, True))
    elif k == "spoil":
        out.append(_box(at(0, 0.35, 0), e.size, (50, 80, 110), fy))
        out.append(_box(at(0, 0.8, 0), (e.size[0] * 0.6, 0.4, e.size[2] * 0.6), (45, 75, 100), fy))
    elif k == "suspended_load":
        out.append(_box(at(0, 0.2, 0), (2.6, 0.35, 0.7), (120, 100, 90), fy))
        out.append(_box(at(0, 0.45, 0), (2.4, 0.15, 0.5), (130, 110, 100), fy))
        out.append(_box(at(0, 0.5 + 5.0, 0), (0.04, 10.0, 0.04), (30, 30, 30), fy, False))
    elif k == "generator":
        out.append(_box(at(0, 0.6, 0), (1.7, 1.2, 0.9), (20, 170, 200), fy))
        out.append(_box(at(0, 1.25, 0), (0.1, 0.1, 0.1), (20, 20, 20), fy))
    elif k == "skip":
        out.append(_box(at(0, 0.6, 0), (3.2, 1.2, 1.7), (0, 180, 230), fy))
        out.append(_box(at(0, 1.25, 0), (3.0, 0.1, 1.5), (60, 70, 80), fy))
    elif k == "portaloo":
        out.append(_box(at(0, 1.15, 0), (1.1, 2.3, 1.1), (170, 110, 30), fy))
        out.append(_box(at(0, 2.35, 0), (1.2, 0.1, 1.2), (220, 220, 220), fy))
    elif k == "cement_mixer":
        out.append(_box(at(0, 0.35, 0), (0.8, 0.7, 0.6), (60, 60, 60), fy))
        out.append(_box(at(0, 0.95, 0), (0.8, 0.7, 0.8), (0, 120, 230), fy))
    elif k == "pipe_stack":
        for i in range(3):
            out.append(_box(at(0, 0.15 + 0.3 * i, 0), (3.0, 0.28, 1.0 - 0.25 * i), (0, 90, 200), fy))
    elif k == "hut":
        w, h, d = e.size
        out.append(_box(at(0, h / 2, 0), (w, h, d), (120, 140, 120), fy))
        for i in range(3):
            out.append(_box(at(-w / 3 + i * w / 3, h * 0.6, -d / 2 - 0.01), (0.8, 0.6, 0.0), (80, 60, 40), fy))
    elif k == "fence":
        w, h = e.size
        out.append(_box(at(0, h / 2, 0), (w, h, 0.03), (120, 150, 120), fy))
        for i in range(int(w // 2.5) + 1):
            out.append(_box(at(-w / 2 + i * 2.5, h / 2, 0), (0.06, h, 0.06), (60, 60, 60), fy))
    return out


BOX_CORNERS = np.array([[sx, sy, sz] for sx in (-.5, .5) for sy in (-.5, .5) for sz in (-.5, .5)])
TOP = [2, 3, 7, 6]


def box_corners(c, s, yaw):
    P = BOX_CORNERS * s
    a = math.radians(yaw)
    ca, sa = math.cos(a), math.sin(a)
    x = P[:, 0] * ca + P[:, 2] * sa
    z = -P[:, 0] * sa + P[:, 2] * ca
    return np.stack([x + c[0], P[:, 1] + c[1], z + c[2]], -1)


def project_entity(scn, e, t):
    """Projected boxes of an entity: list of (pts (8,2), depth, colour, bbox_flag, flat, valid_all)."""
    lens = scn.lens
    boxes = prims(e, t)
    if not boxes:
        return []
    allc = np.concatenate([box_corners(c, s, yw) for c, s, yw, _, _, _ in boxes])
    cam = scn.wearer.to_cam(t, allc)
    u, v, valid = lens.project(cam)
    out = []
    for i, (c, s, yw, col, bb, flat) in enumerate(boxes):
        sl = slice(8 * i, 8 * i + 8)
        depth = float(np.linalg.norm(cam[sl].mean(0)))
        out.append((np.stack([u[sl], v[sl]], -1), depth, col, bb, flat, bool(valid[sl].all()), valid[sl]))
    return out


# ---------------------------------------------------------------- background

def _noise(rng, h, w, scale):
    small = rng.random((max(2, h // scale), max(2, w // scale))).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def make_ground(style, seed):
    rng = np.random.default_rng(seed)
    S = 1024  # 16 m at 64 px/m
    base = {"gravel": (95, 115, 125), "mud": (60, 85, 105), "concrete": (150, 150, 145)}[style]
    n = 0.45 * _noise(rng, S, S, 64) + 0.35 * _noise(rng, S, S, 16) + 0.2 * _noise(rng, S, S, 4)
    img = np.zeros((S, S, 3), np.float32)
    for ch in range(3):
        img[..., ch] = base[ch] * (0.65 + 0.7 * n)
    # stones / patches / tyre marks
    for _ in range(900):
        cx, cy = rng.integers(0, S, 2)
        r = int(rng.integers(2, 9))
        col = float(rng.uniform(0.5, 1.4))
        cv2.circle(img, (int(cx), int(cy)), r, tuple(float(b * col) for b in base), -1)
    for _ in range(14):
        y0 = int(rng.integers(0, S))
        pts = np.array([[x, y0 + 40 * math.sin(x / 90.0 + y0)] for x in range(0, S, 16)], np.int32)
        cv2.polylines(img, [pts], False, tuple(b * 0.6 for b in base), 5)
    if style == "concrete":
        for i in range(0, S, 256):
            cv2.line(img, (i, 0), (i, S), (90, 90, 90), 3)
            cv2.line(img, (0, i), (S, i), (90, 90, 90), 3)
    img = cv2.GaussianBlur(img, (3, 3), 0)
    # make it tile seamlessly: cross-fade with a copy rolled by half a tile
    w1 = np.sin(np.linspace(0, np.pi, S, dtype=np.float32)) ** 2
    m = np.minimum(w1[:, None], w1[None, :])[..., None]
    img = img * m + np.roll(img, (S // 2, S // 2), axis=(0, 1)) * (1 - m)
    return np.clip(img, 0, 255).astype(np.uint8)


def make_pano(style, seed):
    rng = np.random.default_rng(seed + 1)
    W, H = 2048, 512  # 360 deg x elevation (+50 .. -12 deg)
    img = np.zeros((H, W, 3), np.float32)
    sky_top = np.array({"city": (200, 160, 120), "hills": (215, 180, 140), "port": (190, 170, 150)}[style], float)
    for r in range(H):
        a = r / H
        img[r] = sky_top * (1 - a) + np.array((230, 220, 210)) * a
    # clouds
    cl = _noise(rng, H, W, 48)
    img += (np.clip(cl - 0.55, 0, 1) * 120)[..., None]
    hz = horizon_row(H)
    # skyline: buildings / hills with windows
    x = 0
    while x < W:
        bw = int(rng.integers(30, 140))
        bh = int(rng.integers(20, 170)) if style != "hills" else int(rng.integers(10, 60))
        col = np.array(rng.integers(70, 190, 3), float)
        top = hz - bh
        img[top:hz, x:x + bw] = col
        if style != "hills":
            for wy in range(top + 6, hz - 6, 14):
                for wx in range(x + 4, x + bw - 6, 12):
                    if rng.random() < 0.7:
                        img[wy:wy + 6, wx:wx + 6] = col * rng.uniform(0.3, 0.7)
        x += bw + int(rng.integers(0, 25))
    if style == "hills":
        prof = hz - 80 - 60 * _noise(rng, 1, W, 128)[0] - 20 * _noise(rng, 1, W, 16)[0]
        for c in range(W):
            top = int(prof[c])
            img[top:hz - 40, c] = img[top:hz - 40, c] * 0.3 + np.array((80, 120, 90)) * 0.7
        for _ in range(300):  # trees
            cx = int(rng.integers(0, W))
            cy = int(rng.integers(hz - 70, hz - 20))
            cv2.circle(img, (cx, cy), int(rng.integers(5, 14)), (40, float(rng.integers(80, 120)), 50), -1)
    # cranes / poles
    for _ in range(6):
        cx = int(rng.integers(0, W))
        cv2.line(img, (cx, hz), (cx, hz - int(rng.integers(150, 230))), (40, 150, 220), 4)
    # near hoarding band just above the horizon (site fence far away)
    band = _noise(rng, 24, W, 4)
    img[hz - 24:hz] = img[hz - 24:hz] * 0.4 + (np.array((90, 120, 100)) * (0.6 + 0.6 * band[..., None])) * 0.6
    for cx in range(0, W, 37):
        img[hz - 24:hz, cx:cx + 2] = 40
    # far ground below horizon
    g = _noise(rng, H - hz, W, 8)
    img[hz:] = np.array((90, 110, 120)) * (0.7 + 0.5 * g[..., None])
    img = cv2.GaussianBlur(img, (3, 3), 0)
    # seamless wrap at 360 deg: cross-fade a narrow band with the opposite end
    k = 48
    a = np.linspace(0, 1, k, dtype=np.float32)[None, :, None]
    img[:, W - k:] = img[:, W - k:] * (1 - a) + img[:, k - 1::-1] * a
    return np.clip(img, 0, 255).astype(np.uint8)


PANO_TOP_DEG, PANO_BOT_DEG = 50.0, -12.0


def horizon_row(H=512):
    t0, t1 = math.tan(math.radians(PANO_TOP_DEG)), math.tan(math.radians(PANO_BOT_DEG))
    return int(round((t0 - 0.0) / (t0 - t1) * H))


class Background:
    """Per-lens precomputation: pure yaw shifts the panorama; the ground rotates/translates."""

    GROUND_MAX = 30.0

    def __init__(self, scn):
        lens = scn.lens
        d = lens.rays()
        p = math.radians(scn.wearer.pitch)
        # camera (X right, Y down, Z fwd) -> yaw-0 world frame (x right, y up, z fwd) with pitch p
        X, Y, Z = d[..., 0], d[..., 1], d[..., 2]
        yu = -Y
        dy = yu * math.cos(p) + Z * math.sin(p)
        dz = -yu * math.sin(p) + Z * math.cos(p)
        dx = X
        self.az0 = np.degrees(np.arctan2(dx, dz)).astype(np.float32)
        hn = np.sqrt(dx * dx + dz * dz) + 1e-9
        tan_el = dy / hn
        t0, t1 = math.tan(math.radians(PANO_TOP_DEG)), math.tan(math.radians(PANO_BOT_DEG))
        self.pano = make_pano(scn.pano_style, scn.seed)
        self.ground = make_ground(scn.ground_style, scn.seed)
        PH, PW = self.pano.shape[:2]
        self.pano_y = np.clip((t0 - tan_el) / (t0 - t1) * PH, 0, PH - 1).astype(np.float32)
        h = scn.wearer.eye_h
        with np.errstate(divide="ignore"):
            tg = np.where(dy < -1e-3, h / np.maximum(-dy, 1e-3), 1e9)
        self.gmask = (tg < self.GROUND_MAX)
        self.gx0 = (tg * dx).astype(np.float32)
        self.gz0 = (tg * dz).astype(np.float32)
        # fade ground into panorama with distance
        w = np.clip((tg - self.GROUND_MAX * 0.6) / (self.GROUND_MAX * 0.4), 0, 1)
        self.fade = np.where(self.gmask, w, 1.0).astype(np.float32)[..., None]
        self.PW = PW
        self.ppm = 64.0

    def draw(self, yaw, ex, ez):
        mx = ((self.az0 + yaw + 180.0) % 360.0) * (self.PW / 360.0)
        pano = cv2.remap(self.pano, mx.astype(np.float32), self.pano_y, cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_WRAP)
        a = math.radians(yaw)
        ca, sa = math.cos(a), math.sin(a)
        gx = ex + ca * self.gx0 + sa * self.gz0
        gz = ez - sa * self.gx0 + ca * self.gz0
        S = self.ground.shape[0]
        mapx = np.mod(gx * self.ppm, S).astype(np.float32)
        mapy = np.mod(-gz * self.ppm, S).astype(np.float32)
        gr = cv2.remap(self.ground, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)
        out = gr.astype(np.float32) * (1 - self.fade) + pano.astype(np.float32) * self.fade
        return out.astype(np.uint8)


def draw_entities(img, projected):
    """projected: list of (pts, depth, colour, flat, valid_all) for all boxes of all entities."""
    order = sorted(projected, key=lambda b: (not b[3], -b[1]))  # flat ground things first
    for pts, depth, col, flat, ok in order:
        if not ok:
            continue
        if np.abs(pts).max() > 1e5:
            continue
        hull = cv2.convexHull(np.round(pts * 4).astype(np.int32))
        shade = max(0.55, 1.0 - depth / 80.0)
        c = tuple(float(v * shade) for v in col)
        cv2.fillConvexPoly(img, hull, c, lineType=cv2.LINE_AA, shift=2)
        if not flat:
            top = np.round(pts[TOP] * 4).astype(np.int32)
            ct = tuple(min(255.0, v * shade * 1.18) for v in col)
            cv2.fillConvexPoly(img, cv2.convexHull(top), ct, lineType=cv2.LINE_AA, shift=2)
            cv2.polylines(img, [hull], True, tuple(v * 0.5 for v in c), 1, cv2.LINE_AA, shift=2)


class NoiseBank:
    def __init__(self, H, W, seed, sigma=3.0, n=8):
        rng = np.random.default_rng(seed + 7)
        self.pos, self.neg = [], []
        for _ in range(n):
            z = rng.normal(0, sigma, (H, W, 3))
            self.pos.append(np.clip(z, 0, 255).astype(np.uint8))
            self.neg.append(np.clip(-z, 0, 255).astype(np.uint8))
        self.n = n

    def apply(self, img, i):
        k = (i * 5) % self.n
        img = cv2.add(img, self.pos[k])
        return cv2.subtract(img, self.neg[k])
