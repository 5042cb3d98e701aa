"""Procedural textures and the frame renderer (ground plane + panorama + 3D boxes)."""
from __future__ import annotations

import math

import cv2
import numpy as np

from .world import HAT_BGR, VEST_BGR, World

GROUND_HALF = 60.0      # texture covers [-60, 60] m in x and z
GROUND_PX = 3072
RES = 2 * GROUND_HALF / GROUND_PX
PW, PH, HOR = 4096, 1024, 560
PK = PW / (2 * math.pi)


def _noise(rng, size, scales, weights):
    acc = np.zeros((size, size), np.float32)
    for sc, w in zip(scales, weights):
        n = max(2, size // sc)
        small = rng.normal(size=(n, n)).astype(np.float32)
        acc += w * cv2.resize(small, (size, size), interpolation=cv2.INTER_CUBIC)
    return acc


def w2px(x, z):
    return int((x + GROUND_HALF) / RES), int((GROUND_HALF - z) / RES)


def make_ground(style: str, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    S = GROUND_PX
    n = _noise(rng, S, (4, 16, 64, 256, 1024), (6, 7, 9, 10, 8))
    speck = rng.normal(size=(S, S)).astype(np.float32)
    speck = cv2.GaussianBlur(speck, (0, 0), 0.8) * 14
    base = {"road": (72, 74, 78), "dirt": (70, 98, 128), "slab": (150, 152, 150)}[style]
    img = np.empty((S, S, 3), np.float32)
    for c in range(3):
        img[..., c] = base[c] + n * (1.0 if style != "slab" else 1.4) + speck
    img = np.clip(img, 0, 255).astype(np.uint8)

    def rect(x0, z0, x1, z1, col, th=-1):
        cv2.rectangle(img, w2px(x0, z1), w2px(x1, z0), col, th)

    if style == "road":
        # pavement on both sides, kerbs, lane markings, patches, manholes, cracks
        rect(7.0, -60, 60, 60, (150, 155, 160))
        rect(-60, -60, -9.0, 60, (145, 150, 156))
        for zz in np.arange(-60, 60, 0.9):
            cv2.line(img, w2px(7.0, zz), w2px(60, zz), (120, 124, 128), 2)
            cv2.line(img, w2px(-60, zz), w2px(-9.0, zz), (118, 122, 126), 2)
        for xx in np.arange(7.0, 60, 0.6):
            cv2.line(img, w2px(xx, -60), w2px(xx, 60), (125, 128, 132), 1)
        rect(6.6, -60, 7.0, 60, (175, 178, 180))
        rect(-9.0, -60, -8.6, 60, (175, 178, 180))
        for zz in np.arange(-60, 60, 6.0):
            rect(-0.9, zz, -0.75, zz + 3.0, (225, 228, 230))
        rect(6.0, -60, 6.15, 60, (210, 220, 225))
        rect(-8.2, -60, -8.05, 60, (60, 200, 230))
        rect(-8.0, -60, -7.85, 60, (60, 200, 230))
        for _ in range(40):
            x0, z0 = rng.uniform(-8, 6), rng.uniform(-55, 55)
            rect(x0, z0, x0 + rng.uniform(0.5, 3), z0 + rng.uniform(0.5, 4), (55, 57, 60))
        for _ in range(12):
            c = w2px(rng.uniform(-7, 5), rng.uniform(-50, 50))
            cv2.circle(img, c, 10, (40, 45, 50), -1)
            cv2.circle(img, c, 10, (100, 100, 100), 2)
    elif style == "dirt":
        rect(-6, 2, 8, 14, (165, 168, 170))  # house slab
        for xx in np.arange(-6, 8.01, 2.0):
            cv2.line(img, w2px(xx, 2), w2px(xx, 14), (130, 132, 134), 2)
        for _ in range(30):
            c = w2px(rng.uniform(-40, 40), rng.uniform(-40, 40))
            ax = (int(rng.uniform(15, 60)), int(rng.uniform(8, 30)))
            cv2.ellipse(img, c, ax, rng.uniform(0, 180), 0, 360, (55, 70, 85), -1)
        for k in range(6):
            x0 = rng.uniform(-30, 30)
            pts = np.array([w2px(x0 + 3 * math.sin(zz / 7 + k), zz) for zz in np.arange(-60, 60, 1.0)])
            cv2.polylines(img, [pts], False, (48, 66, 88), 6)
            cv2.polylines(img, [pts + np.array([40, 0])], False, (48, 66, 88), 6)
        for _ in range(120):
            x0, z0 = rng.uniform(-30, 30), rng.uniform(-30, 30)
            a = rng.uniform(0, math.pi)
            p0 = w2px(x0, z0)
            p1 = w2px(x0 + 1.2 * math.cos(a), z0 + 1.2 * math.sin(a))
            cv2.line(img, p0, p1, (120, 170, 200), 3)
    else:  # slab
        rect(-60, 4, 60, 60, (110, 112, 112))  # fresh pour (wet, darker) to the north
        for xx in np.arange(-60, 60, 6.0):
            cv2.line(img, w2px(xx, -60), w2px(xx, 4), (110, 112, 114), 2)
        for zz in np.arange(-60, 4, 6.0):
            cv2.line(img, w2px(-60, zz), w2px(60, zz), (110, 112, 114), 2)
        for xx in np.arange(-60, 60, 0.3):
            cv2.line(img, w2px(xx, 30), w2px(xx, 60), (60, 70, 90), 1)
        for zz in np.arange(30, 60, 0.3):
            cv2.line(img, w2px(-60, zz), w2px(60, zz), (60, 70, 90), 1)
        for _ in range(60):
            c = w2px(rng.uniform(-40, 40), rng.uniform(-40, 40))
            cv2.ellipse(img, c, (int(rng.uniform(5, 40)), int(rng.uniform(5, 25))),
                        rng.uniform(0, 180), 0, 360, (125, 128, 128), -1)
        for _ in range(40):
            x0, z0 = rng.uniform(-30, 30), rng.uniform(-30, 4)
            rect(x0, z0, x0 + 0.1, z0 + rng.uniform(1, 3), (90, 90, 95))
    img = cv2.GaussianBlur(img, (0, 0), 0.7)
    return img


def make_pano(style: str, seed: int, ground_col) -> np.ndarray:
    rng = np.random.default_rng(seed + 7)
    img = np.zeros((PH, PW, 3), np.float32)
    rows = np.arange(PH, dtype=np.float32)[:, None]
    if style == "warehouse":
        top, hor = np.array([90, 85, 80]), np.array([150, 150, 145])
    else:
        top, hor = np.array([200, 140, 90]), np.array([235, 215, 200])
    a = np.clip(rows / HOR, 0, 1)
    for c in range(3):
        img[:HOR, :, c] = (top[c] * (1 - a[:HOR]) + hor[c] * a[:HOR])
    cl = rng.normal(size=(PH // 32, PW // 32)).astype(np.float32)
    cl = cv2.resize(cl, (PW, PH), interpolation=cv2.INTER_CUBIC)
    cl = cv2.GaussianBlur(cl, (0, 0), 6)
    if style != "warehouse":
        mask = np.clip((cl - 0.3) * 1.5, 0, 1)[..., None]
        mask[HOR - 40:] = 0
        img = img * (1 - mask) + 245 * mask
    gc = np.array(ground_col, np.float32)
    below = rows[HOR:] - HOR
    stripes = rng.normal(size=(PH - HOR, 1)).astype(np.float32) * 6
    img[HOR:] = gc + stripes[..., None] * np.ones((1, PW, 1))
    img = np.clip(img, 0, 255).astype(np.uint8)

    def rectw(x0, y0, x1, y1, col):
        for off in (0, PW, -PW):
            cv2.rectangle(img, (int(x0 + off), int(y0)), (int(x1 + off), int(y1)), col, -1)

    def liney(x0, y0, x1, y1, col, th):
        for off in (0, PW, -PW):
            cv2.line(img, (int(x0 + off), int(y0)), (int(x1 + off), int(y1)), col, th)

    if style == "warehouse":
        # cladding walls, portal frames, roller doors, roof strip lights
        rectw(0, 140, PW, HOR + 4, (175, 178, 170))
        for x in range(0, PW, 22):
            liney(x, 140, x, HOR + 4, (150, 152, 146), 3)
        for k in range(12):
            x = k * PW / 12 + rng.uniform(-30, 30)
            rectw(x - 16, 60, x + 16, HOR + 4, (120, 70, 30))
        for k in range(5):
            x = rng.uniform(0, PW)
            w = rng.uniform(160, 260)
            rectw(x, 280, x + w, HOR + 4, (140, 140, 140))
            for y in range(280, HOR, 12):
                liney(x, y, x + w, y, (110, 110, 110), 2)
        for y in (90, 120):
            for x in range(0, PW, 180):
                rectw(x, y, x + 90, y + 8, (250, 250, 250))
        rectw(0, 0, PW, 60, (70, 68, 66))
        for x in range(0, PW, 64):
            liney(x, 0, x + 32, 60, (40, 40, 40), 2)
        for k in range(30):
            x, y = rng.uniform(0, PW), rng.uniform(420, HOR)
            rectw(x, y, x + rng.uniform(20, 90), HOR + 4, tuple(int(v) for v in rng.uniform(60, 170, 3)))
    else:
        x = 0
        while x < PW:
            w = rng.uniform(60, 220)
            if style == "street":
                h = rng.uniform(60, 230)
                col = tuple(int(v) for v in (rng.choice([60, 120, 170]), rng.uniform(80, 160), rng.uniform(110, 190)))
                rectw(x, HOR - h, x + w, HOR + 2, col)
                for wy in np.arange(HOR - h + 14, HOR - 20, 30):
                    for wx in np.arange(x + 10, x + w - 20, 28):
                        rectw(wx, wy, wx + 14, wy + 16, (90, 70, 60))
            else:
                h = rng.uniform(40, 90)
                col = tuple(int(v) for v in (rng.uniform(150, 220), rng.uniform(160, 220), rng.uniform(170, 230)))
                rectw(x, HOR - h, x + w, HOR + 2, col)
                pts = np.array([[x - 8, HOR - h], [x + w / 2, HOR - h - rng.uniform(30, 60)], [x + w + 8, HOR - h]], np.int32)
                for off in (0, PW, -PW):
                    cv2.fillPoly(img, [pts + np.array([off, 0])], (60, 60, 110))
                for wx in np.arange(x + 12, x + w - 20, 36):
                    rectw(wx, HOR - h + 14, wx + 16, HOR - h + 34, (80, 60, 50))
            if rng.random() < 0.5:
                tx = x + w + rng.uniform(5, 30)
                r = rng.uniform(25, 55)
                for off in (0, PW, -PW):
                    cv2.circle(img, (int(tx + off), int(HOR - r * 1.6)), int(r), (50, 110, 60), -1)
                liney(tx, HOR - r, tx, HOR + 2, (40, 60, 80), 6)
            x += w + rng.uniform(0, 60)
        for k in range(2):  # distant tower cranes
            cx = rng.uniform(0, PW)
            liney(cx, HOR, cx, HOR - 330, (40, 160, 220), 5)
            liney(cx - 120, HOR - 320, cx + 260, HOR - 320, (40, 160, 220), 4)
    img = cv2.GaussianBlur(img, (0, 0), 0.6)
    return np.concatenate([img, img[:, :8]], 1)


# ---------------------------------------------------------------- boxes
FACES = [(1, 3, 7, 5), (0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6)]  # top, -x, +x, -z, +z (no bottom)
LIGHT = np.array([0.4, 0.8, -0.45])
LIGHT = LIGHT / np.linalg.norm(LIGHT)


def box_corners(cx, cz, base, w, d, h, facing_deg, lx=0.0, lz=0.0):
    fa = math.radians(facing_deg)
    ca, sa = math.cos(fa), math.sin(fa)
    pts = []
    for sx in (-0.5, 0.5):
        for sz in (-0.5, 0.5):
            px, pz = lx + sx * w, lz + sz * d
            wx = cx + ca * px + sa * pz
            wz = cz - sa * px + ca * pz
            for y in (base, base + h):
                pts.append((wx, y, wz))
    return np.array(pts)


class Renderer:
    def __init__(self, world: World, ground_style: str, pano_style: str, seed: int):
        self.w = world
        self.lens = world.lens
        self.ground = make_ground(ground_style, seed)
        gcol = self.ground.reshape(-1, 3)[::97].mean(0)
        self.pano = make_pano(pano_style, seed, gcol)
        self.fisheye = self.lens.proj == "fisheye"
        rng = np.random.default_rng(seed + 3)
        self.tile_jit = rng.uniform(0.88, 1.08, 4096)

    # ------------------------------------------------------------ background
    def background(self, i):
        cam = self.w.cam
        R = cam.R(i).astype(np.float32)
        d = self.lens.rays @ R.T
        dx, dy, dz = d[:, 0], d[:, 1], d[:, 2]
        ground = dy < -1e-3
        s = cam.eye[i] / np.maximum(-dy, 1e-3)
        gx = cam.x[i] + s * dx
        gz = cam.z[i] + s * dz
        H, W = self.lens.h, self.lens.w
        mgx = ((gx + GROUND_HALF) / RES).reshape(H, W).astype(np.float32)
        mgy = ((GROUND_HALF - gz) / RES).reshape(H, W).astype(np.float32)
        az = np.arctan2(dx, dz)
        hd = np.sqrt(dx * dx + dz * dz) + 1e-6
        mpx = ((az * PK) % PW).reshape(H, W).astype(np.float32)
        mpy = np.clip(HOR - dy / hd * PK, 0, PH - 1).reshape(H, W).astype(np.float32)
        g = cv2.remap(self.ground, mgx, mgy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
        p = cv2.remap(self.pano, mpx, mpy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        wgt = np.where(ground, np.clip((s - 24.0) / 20.0, 0, 1), 1.0).reshape(H, W, 1).astype(np.float32)
        img = g.astype(np.float32) * (1 - wgt) + p.astype(np.float32) * wgt
        return img.astype(np.uint8)

    # ------------------------------------------------------------ models
    def models(self, i):
        """List of (corners(8,3), colour, flat, extra) for every box in the scene at frame i."""
        w = self.w
        t = w.cam.t[i]
        out = []
        for pr in w.props:
            out.append((pr["corners"], pr["col"], pr.get("flat", False), None))
        for e in w.ents:
            s = w.st[e.key]
            if not s["present"][i]:
                continue
            if s["held_wearer"][i]:
                box = w.ent_world_box(e, i)
                out.append((box, e.colour, False, None))
                continue
            x, z, y0 = s["x"][i], s["z"][i], s["y0"][i]
            fc = e.facing
            k = e.kind
            if k == "worker":
                vest = VEST_BGR.get(e.vest)
                torso = vest if vest is not None else e.shirt
                parts = [(0, 0.0, 0, 0.36, 0.85, 0.24, (55, 50, 45)),
                         (0, 0.85, 0, 0.46, 0.6, 0.27, torso),
                         (0, 1.45, 0, 0.2, 0.22, 0.2, (120, 150, 190))]
                if vest is not None:
                    parts.append((0, 1.12, 0, 0.47, 0.05, 0.28, (215, 215, 210)))
                if s["hat"][i]:
                    parts.append((0, 1.66, 0, 0.28, 0.11, 0.3, HAT_BGR.get(e.hat_colour, (200, 200, 200))))
                else:
                    parts.append((0, 1.66, 0, 0.21, 0.04, 0.21, (40, 50, 60)))
                act = s["activity"][i]
                sw = 0.18 * math.sin(t * 5.0 + hash(e.key) % 7) if act != "idle" else 0.0
                parts.append((-0.3, 0.8 + sw, 0.05, 0.1, 0.55, 0.1, torso))
                parts.append((0.3, 0.8 - sw, 0.05, 0.1, 0.55, 0.1, torso))
                for (lx, by, lz, bw, bh, bd, col) in parts:
                    b0, b1 = y0 + by, y0 + by + bh
                    if b1 <= 0.02:
                        continue
                    b0 = max(b0, 0.0)
                    out.append((box_corners(x, z, b0, bw, bd, b1 - b0, fc, lx, lz), col, False, None))
            elif k == "zone":
                out.append((box_corners(x, z, 0.005, e.size[0], e.size[1], 0.01, fc), (30, 35, 40), True, None))
                out.append((box_corners(x, z, 0.012, e.size[0] - 0.4, e.size[1] - 0.4, 0.01, fc), (18, 20, 24), True, None))
            elif k == "wall":
                bricks = s["bricks"][i]
                bpc = e.bricks_per_course
                full = bricks // bpc
                part = bricks % bpc
                L = e.size[0]
                out.append((box_corners(x, z, 0, L + 0.1, 0.5, 0.12, fc), (160, 165, 170), False, None))
                if full:
                    out.append((box_corners(x, z, 0.12, L, e.size[1], full * 0.075, fc), e.colour, False,
                                ("courses", full, x, z, L, fc)))
                if part:
                    pl = L * part / bpc
                    out.append((box_corners(x, z, 0.12 + full * 0.075, pl, e.size[1], 0.075, fc,
                                            lx=-L / 2 + pl / 2), e.colour, False, None))
            elif k == "plant":
                mv = s["moving"][i]
                slew = fc + (25 * math.sin(t * 0.6) if mv else 0.0)
                if e.label == "excavator":
                    out.append((box_corners(x, z, 0, e.size[0], e.size[1], 0.8, fc), (40, 40, 40), False, None))
                    out.append((box_corners(x, z, 0.8, 2.4, 2.6, 1.1, slew), e.colour, False, None))
                    out.append((box_corners(x, z, 1.9, 1.0, 1.1, 1.1, slew, lx=-0.6, lz=-0.2), (60, 60, 60), False, None))
                    arm = 1.6 + (0.4 * math.sin(t * 1.3) if mv else 0)
                    out.append((box_corners(x, z, arm, 0.35, 3.2, 0.4, slew, lx=0.5, lz=2.6), e.colour, False, None))
                else:  # dumper / truck
                    out.append((box_corners(x, z, 0.3, e.size[0], e.size[1], e.size[2] - 0.3, fc), e.colour, False, None))
                    out.append((box_corners(x, z, 0.0, e.size[0] + 0.1, 0.7, 0.7, fc, lz=e.size[1] / 3), (30, 30, 30), False, None))
                    out.append((box_corners(x, z, 0.0, e.size[0] + 0.1, 0.7, 0.7, fc, lz=-e.size[1] / 3), (30, 30, 30), False, None))
                    out.append((box_corners(x, z, e.size[2], 0.9 * e.size[0], 0.35 * e.size[1], 0.9, fc,
                                            lz=-e.size[1] * 0.3), (70, 70, 70), False, None))
            elif k == "load":
                out.append((box_corners(x, z, y0, e.size[0], e.size[1], e.size[2], fc), e.colour, False,
                            ("cable", x, y0 + e.size[2], z)))
            elif e.label == "cone":
                out.append((box_corners(x, z, 0, 0.38, 0.38, 0.04, fc), (20, 20, 20), False, None))
                out.append((box_corners(x, z, 0.04, 0.26, 0.26, 0.3, fc), e.colour, False, None))
                out.append((box_corners(x, z, 0.34, 0.17, 0.17, 0.1, fc), (235, 235, 235), False, None))
                out.append((box_corners(x, z, 0.44, 0.12, 0.12, 0.25, fc), e.colour, False, None))
            elif e.label == "ladder":
                h = e.size[2]
                for lx in (-e.size[0] / 2, e.size[0] / 2):
                    out.append((box_corners(x, z, 0, 0.06, 0.06, h, fc, lx=lx), e.colour, False, None))
                for yy in np.arange(0.3, h, 0.3):
                    out.append((box_corners(x, z, yy, e.size[0], 0.04, 0.04, fc), e.colour, False, None))
            elif e.label == "scaffold":
                W_, D_, H_ = e.size
                for lx in (-W_ / 2, 0, W_ / 2):
                    for lz in (-D_ / 2, D_ / 2):
                        out.append((box_corners(x, z, 0, 0.05, 0.05, H_, fc, lx, lz), (150, 150, 150), False, None))
                for yy in (1.0, 2.0, H_ - 0.05):
                    out.append((box_corners(x, z, yy, W_, D_, 0.06, fc), (60, 140, 190), False, None))
            elif e.label == "wheelbarrow":
                held = s["held"][i]
                out.append((box_corners(x, z, 0.35, 0.6, 0.9, 0.3, fc), e.colour, False, None))
                out.append((box_corners(x, z, 0.0, 0.12, 0.35, 0.35, fc, lz=0.5), (20, 20, 20), False, None))
                out.append((box_corners(x, z, 0.45 if not held else 0.7, 0.5, 0.7, 0.04, fc, lz=-0.6),
                            (60, 60, 60), False, None))
            else:
                base = 0.75 if s["held"][i] else y0
                out.append((box_corners(x, z, base, e.size[0], e.size[1], e.size[2], fc), e.colour, False, None))
        return out

    # ------------------------------------------------------------ drawing
    def _subdiv(self, quad, m):
        pts = []
        for k in range(4):
            a, b = quad[k], quad[(k + 1) % 4]
            for j in range(m):
                pts.append(a + (b - a) * (j / m))
        return np.array(pts)

    def render(self, i):
        img = self.background(i)
        w = self.w
        cam = w.cam
        eye = cam.eye_pos(i)
        R = cam.R(i)
        items = self.models(i)
        flat = [it for it in items if it[2]]
        up = [it for it in items if not it[2]]
        up.sort(key=lambda it: -np.linalg.norm(it[0].mean(0) - eye))
        m = 3 if self.fisheye else 1
        for (corners, col, isflat, extra) in flat + up:
            cen = corners.mean(0)
            dist = np.linalg.norm(cen - eye)
            if dist > 70:
                continue
            size = np.ptp(corners, axis=0)
            big = size.max() > 2.2
            for fi, face in enumerate(FACES):
                q = corners[list(face)]
                fc = q.mean(0)
                nrm = fc - cen
                nn = np.linalg.norm(nrm)
                if nn < 1e-6:
                    continue
                nrm = nrm / nn
                if np.dot(nrm, eye - fc) <= 0:
                    continue
                shade = 0.62 + 0.45 * max(0.0, float(np.dot(nrm, LIGHT)))
                tiles = [q]
                if big:
                    ea, eb = np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[3] - q[0])
                    na, nb = max(1, int(math.ceil(ea / 1.5))), max(1, int(math.ceil(eb / 1.5)))
                    if na * nb > 1:
                        tiles = []
                        for ia in range(na):
                            for ib in range(nb):
                                def P_(a, b):
                                    top = q[0] + (q[1] - q[0]) * a
                                    bot = q[3] + (q[2] - q[3]) * a
                                    return top + (bot - top) * b
                                tiles.append(np.array([P_(ia / na, ib / nb), P_((ia + 1) / na, ib / nb),
                                                       P_((ia + 1) / na, (ib + 1) / nb), P_(ia / na, (ib + 1) / nb)]))
                polys = []
                for ti, tq in enumerate(tiles):
                    pts = self._subdiv(tq, m) if (m > 1 or big) else tq
                    uv, valid = self.lens.project((pts - eye) @ R)
                    if not valid.all():
                        continue
                    if np.abs(uv).max() > 8000:
                        continue
                    jit = self.tile_jit[(ti * 7 + fi * 131 + int(abs(cen[0]) * 13 + abs(cen[2]) * 7)) % 4096] if big else 1.0
                    c = tuple(int(min(255, v * shade * jit)) for v in col)
                    polys.append((np.round(uv * 4).astype(np.int32), c))
                for (pp, c) in polys:
                    cv2.fillPoly(img, [pp], c, lineType=cv2.LINE_AA, shift=2)
                    if not isflat and len(polys) == 1 and dist < 25:
                        cv2.polylines(img, [pp], True, tuple(int(v * 0.6) for v in c), 1, cv2.LINE_AA, shift=2)
            if extra is not None and extra[0] == "courses":
                _, full, x, z, L, fc = extra
                fa = math.radians(fc)
                for k in range(1, full + 1):
                    yy = 0.12 + k * 0.075
                    a = np.array([[x - L / 2 * math.cos(fa), yy, z + L / 2 * math.sin(fa)],
                                  [x + L / 2 * math.cos(fa), yy, z - L / 2 * math.sin(fa)]])
                    uv, valid = self.lens.project((a - eye) @ R)
                    if valid.all():
                        cv2.line(img, tuple(np.round(uv[0]).astype(int)), tuple(np.round(uv[1]).astype(int)),
                                 (190, 195, 200), 1, cv2.LINE_AA)
            if extra is not None and extra[0] == "cable":
                _, x, y, z = extra
                a = np.array([[x, y, z], [x, y + 12, z]])
                uv, valid = self.lens.project((a - eye) @ R)
                if valid.all() and np.abs(uv).max() < 8000:
                    cv2.line(img, tuple(np.round(uv[0]).astype(int)), tuple(np.round(uv[1]).astype(int)),
                             (30, 30, 30), 2, cv2.LINE_AA)
        return img


def prop_box(cx, cz, w, d, h, col, facing=0.0, base=0.0, flat=False):
    return {"corners": box_corners(cx, cz, base, w, d, h, facing), "col": col, "flat": flat}
