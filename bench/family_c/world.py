"""Geometry, lenses, panoramas and sprite drawing for family C.

World frame: x to the right of the start heading, y up, z forward (start heading).
The wearer's eye sits at the origin, 1.7 m above the ground. Bearing of a ground
position (x, z) = atan2(x, z) in degrees, positive to the right (clockwise seen
from above), 0 = the heading at t = 0.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

EYE_H = 1.7
SECTORS = ["front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left"]


def wrap180(a: float) -> float:
    """Wrap to (-180, 180]."""
    a = math.fmod(a, 360.0)
    if a <= -180.0:
        a += 360.0
    elif a > 180.0:
        a -= 360.0
    return a


def sector(rel: float) -> tuple[str, str | None]:
    """Eight 45-degree sectors; alt sector when within 5 deg of a border."""
    rel = wrap180(rel)
    u = (rel + 22.5) % 360.0
    idx = int(u // 45) % 8
    inside = u - idx * 45.0
    alt = None
    if inside < 5.0:
        alt = SECTORS[(idx - 1) % 8]
    elif inside > 40.0:
        alt = SECTORS[(idx + 1) % 8]
    return SECTORS[idx], alt


def polar(bearing: float, dist: float) -> tuple[float, float]:
    b = math.radians(bearing)
    return dist * math.sin(b), dist * math.cos(b)


class Lens:
    def __init__(self, width: int, height: int, hfov_deg: float, projection: str):
        self.W, self.H = width, height
        self.hfov = hfov_deg
        self.proj = projection
        half = math.radians(hfov_deg / 2)
        self.f = (width / 2) / (math.tan(half) if projection == "pinhole" else half)
        self._cache: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    # camera coords: x right, y down, z forward
    def rays(self) -> np.ndarray:
        xs = np.arange(self.W, dtype=np.float64) + 0.5 - self.W / 2
        ys = np.arange(self.H, dtype=np.float64) + 0.5 - self.H / 2
        X, Y = np.meshgrid(xs, ys)
        if self.proj == "pinhole":
            v = np.stack([X / self.f, Y / self.f, np.ones_like(X)], -1)
            v /= np.linalg.norm(v, axis=-1, keepdims=True)
        else:
            r = np.hypot(X, Y)
            th = r / self.f
            phi = np.arctan2(Y, X)
            v = np.stack([np.sin(th) * np.cos(phi), np.sin(th) * np.sin(phi), np.cos(th)], -1)
        return v

    def project_cam(self, c: np.ndarray):
        """c: (N,3) camera coords -> (N,2) pixel coords, valid mask."""
        c = np.asarray(c, dtype=np.float64)
        if self.proj == "pinhole":
            z = c[:, 2]
            valid = z > 0.05 * np.linalg.norm(c, axis=1)
            zz = np.where(valid, z, 1.0)
            px = self.W / 2 + self.f * c[:, 0] / zz
            py = self.H / 2 + self.f * c[:, 1] / zz
        else:
            n = np.linalg.norm(c, axis=1)
            th = np.arccos(np.clip(c[:, 2] / n, -1, 1))
            valid = th < math.radians(170)
            phi = np.arctan2(c[:, 1], c[:, 0])
            px = self.W / 2 + self.f * th * np.cos(phi)
            py = self.H / 2 + self.f * th * np.sin(phi)
        return np.stack([px, py], -1), valid

    def world_to_cam(self, w: np.ndarray, yaw: float, pitch: float) -> np.ndarray:
        """w: (N,3) world offsets from the eye (x right, y up, z fwd)."""
        ps, pc = math.sin(math.radians(yaw)), math.cos(math.radians(yaw))
        ts, tc = math.sin(math.radians(pitch)), math.cos(math.radians(pitch))
        ux1 = w[:, 0] * pc - w[:, 2] * ps
        uz1 = w[:, 0] * ps + w[:, 2] * pc
        uy1 = w[:, 1]
        uy = uy1 * tc - uz1 * ts
        uz = uy1 * ts + uz1 * tc
        return np.stack([ux1, -uy, uz], -1)

    def project_world(self, w, yaw, pitch):
        return self.project_cam(self.world_to_cam(np.asarray(w, dtype=np.float64), yaw, pitch))

    def pano_maps(self, pitch: float):
        """(az_rel_deg, el_deg) per pixel for yaw 0 and the given pitch (cached)."""
        key = int(round(pitch * 10))
        if key not in self._cache:
            v = self.rays()
            ux, uy, uz = v[..., 0], -v[..., 1], v[..., 2]
            t = math.radians(key / 10.0)
            uy2 = uy * math.cos(t) + uz * math.sin(t)
            uz2 = -uy * math.sin(t) + uz * math.cos(t)
            az = np.degrees(np.arctan2(ux, uz2)).astype(np.float32)
            el = np.degrees(np.arcsin(np.clip(uy2, -1, 1))).astype(np.float32)
            self._cache[key] = (az, el)
        return self._cache[key]


# ----------------------------------------------------------------- panoramas
PW, PH = 4096, 1456
EL_TOP, EL_BOT = 65.0, -65.0


def _wrapnoise(rng, cells_x, cells_y, h=PH, w=PW):
    small = rng.standard_normal((cells_y, cells_x)).astype(np.float32)
    big = cv2.resize(np.tile(small, (1, 3)), (3 * w, h), interpolation=cv2.INTER_CUBIC)
    return big[:, w:2 * w]


def _octaves(rng, base_x, base_y, n=4, h=PH, w=PW):
    out = np.zeros((h, w), np.float32)
    amp = 1.0
    for k in range(n):
        out += amp * _wrapnoise(rng, base_x * 2 ** k, base_y * 2 ** k, h, w)
        amp *= 0.55
    return out / (np.abs(out).max() + 1e-6)


def el_of_row(r):
    return EL_TOP - (np.asarray(r) + 0.5) * (EL_TOP - EL_BOT) / PH


def row_of_el(el):
    return (EL_TOP - el) * PH / (EL_TOP - EL_BOT) - 0.5


def col_of_az(az):
    return (az % 360.0) * PW / 360.0


def make_pano(style: str, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    img = np.zeros((PH, PW, 3), np.float32)
    el = el_of_row(np.arange(PH))[:, None]
    hz = int(row_of_el(0.0))
    if style == "indoor":
        # ceiling
        n = _octaves(rng, 16, 6)
        img[:] = (np.array([200, 200, 196], np.float32) + 18 * n[..., None])
        # walls band -8..22 deg with plasterboard, studs, doors
        wall_top, wall_bot = int(row_of_el(24)), int(row_of_el(-9))
        wn = _octaves(rng, 64, 8)
        img[wall_top:wall_bot] = np.array([176, 186, 192], np.float32) + 22 * wn[wall_top:wall_bot, :, None]
        x = 0
        while x < PW:
            wsheet = int(rng.integers(40, 90))
            shade = float(rng.uniform(-25, 25))
            img[wall_top:wall_bot, x:x + wsheet] += shade
            img[wall_top:wall_bot, x:x + 2] = (120, 120, 125)
            if rng.random() < 0.25:  # bare studwork
                for sx in range(x + 6, x + wsheet - 4, 14):
                    img[wall_top:wall_bot, sx:sx + 5] = (150, 175, 200)
            if rng.random() < 0.12:  # doorway
                dtop = int(row_of_el(12))
                img[dtop:wall_bot, x + 8:x + wsheet - 8] = (40, 45, 55)
            if rng.random() < 0.5:  # socket / marks
                sy = int(rng.integers(wall_top + 20, wall_bot - 20))
                img[sy:sy + 8, x + 10:x + 18] = (240, 240, 240)
            x += wsheet
        # conduit and cable trays
        for _ in range(6):
            yy = int(rng.integers(wall_top - 30, wall_top + 40))
            img[yy:yy + 4] = (90, 90, 95)
        # ceiling lights
        for _ in range(70):
            cx, cy = int(rng.integers(0, PW)), int(rng.integers(0, wall_top - 40))
            cv2.rectangle(img, (cx, cy), (cx + 50, cy + 18), (250, 250, 250), -1)
        # floor
        fl = _octaves(rng, 96, 24)
        img[wall_bot:] = np.array([128, 132, 136], np.float32) + 40 * fl[wall_bot:, :, None]
        for _ in range(500):
            cx, cy = int(rng.integers(0, PW)), int(rng.integers(wall_bot, PH))
            col = (40, 120, 220) if rng.random() < 0.3 else (70, 70, 70)
            cv2.line(img, (cx, cy), (cx + int(rng.integers(-30, 30)), cy + int(rng.integers(-8, 8))), col, 2)
    else:
        # sky
        t = np.clip(el / 60.0, 0, 1)
        sky = (1 - t) * np.array([235, 215, 190], np.float32) + t * np.array([200, 140, 80], np.float32)
        img[:hz] = sky[:hz, None, :]
        cl = _octaves(rng, 20, 6, 5)
        m = np.clip((cl - 0.05) * 3, 0, 1)[..., None]
        img[:hz] = img[:hz] * (1 - m[:hz]) + 245 * m[:hz]
        # skyline
        x = 0
        while x < PW:
            bw = int(rng.integers(30, 160))
            bh = float(rng.uniform(1.0, 9.0))
            top = int(row_of_el(bh))
            col = np.array(rng.uniform(80, 170, 3), np.float32)
            img[top:hz, x:x + bw] = col
            for wy in range(top + 6, hz - 4, 12):
                for wx in range(x + 5, x + bw - 6, 12):
                    if rng.random() < 0.7:
                        img[wy:wy + 5, wx:wx + 5] = col * 0.45
            x += bw + int(rng.integers(0, 40))
        for _ in range(3):  # tower cranes
            cx = int(rng.integers(0, PW - 400))
            top = int(row_of_el(float(rng.uniform(18, 26))))
            cv2.line(img, (cx, top), (cx, hz), (40, 170, 230), 6)
            cv2.line(img, (cx - 120, top + 8), (cx + 320, top + 8), (40, 170, 230), 5)
            cv2.line(img, (cx + 250, top + 8), (cx + 250, top + 110), (60, 60, 60), 2)
        # ground
        gn = _octaves(rng, 128, 32)
        base = np.array([70, 85, 150] if style == "roof" else [95, 98, 100], np.float32)
        img[hz:] = base + 45 * gn[hz:, :, None]
        # horizontal bands by distance (tile rows / kerb lines) and joints
        d = 0.45
        while d < 60:
            r = int(row_of_el(-math.degrees(math.atan(EYE_H / d))))
            if hz < r < PH:
                thick = max(1, int(6 / d))
                img[r:r + thick] *= 0.55
                if style == "roof":
                    step = int(max(6, 160 / d))
                    off = int(rng.integers(0, step))
                    r2 = int(row_of_el(-math.degrees(math.atan(EYE_H / (d + 0.45)))))
                    for c in range(off, PW, step):
                        img[r2:r, c:c + 2] *= 0.6
            d *= 1.18 if style == "roof" else 1.6
        for _ in range(900):
            cx, cy = int(rng.integers(0, PW)), int(rng.integers(hz + 5, PH))
            rr = int(rng.integers(1, 4))
            cv2.circle(img, (cx, cy), rr, tuple(float(v) for v in rng.uniform(30, 220, 3)), -1)
        if style == "road":
            for _ in range(14):  # paint markings
                cx = int(rng.integers(0, PW))
                r = int(rng.integers(hz + 60, PH - 40))
                cv2.rectangle(img, (cx, r), (cx + int(rng.integers(60, 200)), r + int(rng.integers(6, 20))), (235, 235, 235), -1)
    return np.clip(img, 0, 255).astype(np.uint8)


def render_background(lens: Lens, pano: np.ndarray, yaw: float, pitch: float) -> np.ndarray:
    az, el = lens.pano_maps(pitch)
    mx = np.mod((az + np.float32(yaw)) * np.float32(PW / 360.0) - 0.5, PW).astype(np.float32)
    my = ((EL_TOP - el) * np.float32(PH / (EL_TOP - EL_BOT)) - 0.5).astype(np.float32)
    return cv2.remap(pano, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)


# ----------------------------------------------------------------- sprites
COLOURS = {
    "orange": (0, 120, 255), "yellow": (0, 230, 240), "green": (60, 200, 60), "blue": (210, 110, 30),
    "white": (245, 245, 245), "red": (40, 40, 210), "pink": (180, 120, 255), "grey": (150, 150, 150),
    "black": (30, 30, 30),
}


def _i(v):
    return int(round(v))


def draw_worker(img, box, a, t, seed):
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    cx = (x1 + x2) / 2
    vest = COLOURS.get(a.get("vest", "orange"), (0, 120, 255))
    lw = max(1, _i(w * 0.12))
    # legs
    act = a.get("activity")
    sw = 0.0
    if act == "walking":
        sw = 0.12 * math.sin(2 * math.pi * 1.6 * t + seed)
    for s in (-1, 1):
        fx = cx + s * w * 0.14 + s * sw * w
        cv2.line(img, (_i(cx + s * w * 0.1), _i(y1 + 0.56 * h)), (_i(fx), _i(y2 - 1)), (70, 40, 30), max(2, _i(w * 0.16)))
    # torso (vest)
    cv2.rectangle(img, (_i(cx - 0.24 * w), _i(y1 + 0.17 * h)), (_i(cx + 0.24 * w), _i(y1 + 0.58 * h)), vest, -1)
    for fy in (0.33, 0.45):
        cv2.line(img, (_i(cx - 0.24 * w), _i(y1 + fy * h)), (_i(cx + 0.24 * w), _i(y1 + fy * h)), (220, 220, 220), max(1, _i(h * 0.015)))
    # arms
    raise_ = 0.0
    if act == "active":
        raise_ = 0.5 + 0.5 * math.sin(2 * math.pi * 0.9 * t + seed)
    ax = cx + 0.3 * w
    cv2.line(img, (_i(cx - 0.26 * w), _i(y1 + 0.2 * h)), (_i(cx - 0.36 * w), _i(y1 + 0.52 * h)), vest, lw)
    cv2.line(img, (_i(cx + 0.26 * w), _i(y1 + 0.2 * h)), (_i(ax + 0.18 * w * raise_), _i(y1 + (0.52 - 0.3 * raise_) * h)), vest, lw)
    # head
    hr = max(2, _i(0.085 * h))
    hy = y1 + 0.1 * h
    cv2.circle(img, (_i(cx), _i(hy)), hr, (120, 160, 210), -1)
    if a.get("hardhat", True):
        hc = COLOURS.get(a.get("hat_colour", "white"), (245, 245, 245))
        cv2.ellipse(img, (_i(cx), _i(hy - 0.2 * hr)), (_i(hr * 1.35), _i(hr * 1.05)), 0, 180, 360, hc, -1)
        cv2.line(img, (_i(cx - 1.5 * hr), _i(hy - 0.2 * hr)), (_i(cx + 1.5 * hr), _i(hy - 0.2 * hr)), hc, max(1, hr // 3))
    else:
        cv2.ellipse(img, (_i(cx), _i(hy - 0.3 * hr)), (hr, _i(hr * 0.7)), 0, 180, 360, (30, 50, 70), -1)


def draw_thing(img, label, box, a, t):
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    P = lambda fx, fy: (_i(x1 + fx * w), _i(y1 + fy * h))  # noqa: E731
    col = COLOURS.get(a.get("colour", ""))
    if label == "ladder":
        c = col or (200, 200, 200)
        th = max(1, _i(w * 0.08))
        cv2.line(img, P(0.15, 0), P(0.05, 1), c, th)
        cv2.line(img, P(0.85, 0), P(0.95, 1), c, th)
        for k in range(1, 9):
            fy = k / 9
            cv2.line(img, P(0.15 - 0.1 * fy, fy), P(0.85 + 0.1 * fy, fy), c, max(1, th // 2))
    elif label == "toolbox":
        c = col or (40, 40, 210)
        cv2.rectangle(img, P(0, 0.3), P(1, 1), c, -1)
        cv2.rectangle(img, P(0, 0.3), P(1, 0.45), (30, 30, 30), -1)
        cv2.rectangle(img, P(0.3, 0), P(0.7, 0.3), (30, 30, 30), max(1, _i(h * 0.08)))
    elif label in ("drill", "hammer"):
        c = col or (0, 220, 240)
        if label == "drill":
            cv2.rectangle(img, P(0, 0), P(0.8, 0.4), c, -1)
            cv2.rectangle(img, P(0.3, 0.35), P(0.55, 1), (30, 30, 30), -1)
            cv2.rectangle(img, P(0.8, 0.14), P(1, 0.26), (160, 160, 160), -1)
        else:
            cv2.rectangle(img, P(0.4, 0.25), P(0.6, 1), col or (60, 110, 170), -1)
            cv2.rectangle(img, P(0, 0), P(1, 0.25), (80, 80, 80), -1)
    elif label == "scaffold":
        c = (160, 160, 170)
        th = max(1, _i(w * 0.015))
        for fx in (0.02, 0.5, 0.98):
            cv2.line(img, P(fx, 0), P(fx, 1), c, th)
        for fy in (0.02, 0.35, 0.68):
            cv2.line(img, P(0, fy), P(1, fy), c, th)
            cv2.rectangle(img, P(0, fy), P(1, fy + 0.04), (60, 120, 170), -1)
        cv2.line(img, P(0.02, 0.68), P(0.5, 0.35), c, th)
        cv2.line(img, P(0.5, 0.35), P(0.98, 0.02), c, th)
    elif label == "pallet":
        cv2.rectangle(img, P(0, 0.85), P(1, 1), (60, 130, 180), -1)
        cv2.rectangle(img, P(0.03, 0), P(0.97, 0.85), col or (80, 80, 170), -1)
        for k in range(1, 5):
            cv2.line(img, P(0.03, k / 5 * 0.85), P(0.97, k / 5 * 0.85), (40, 40, 60), 1)
    elif label == "cone":
        pts = np.array([P(0.5, 0), P(0.95, 0.9), P(0.05, 0.9)], np.int32)
        cv2.fillPoly(img, [pts], (0, 110, 255))
        cv2.line(img, P(0.3, 0.5), P(0.7, 0.5), (250, 250, 250), max(1, _i(h * 0.1)))
        cv2.rectangle(img, P(0, 0.9), P(1, 1), (30, 30, 30), -1)
    elif label == "barrier":
        cv2.rectangle(img, P(0, 0.1), P(1, 0.55), (250, 250, 250), -1)
        n = 6
        for k in range(n):
            if k % 2 == 0:
                cv2.rectangle(img, P(k / n, 0.1), P((k + 1) / n, 0.55), (40, 40, 220), -1)
        for fx in (0.1, 0.9):
            cv2.line(img, P(fx, 0.55), P(fx, 1), (60, 60, 60), max(1, _i(w * 0.03)))
    elif label == "wheelbarrow":
        c = col or (60, 160, 60)
        pts = np.array([P(0, 0.1), P(0.75, 0.1), P(0.6, 0.6), P(0.1, 0.6)], np.int32)
        cv2.fillPoly(img, [pts], c)
        cv2.circle(img, P(0.75, 0.8), max(2, _i(h * 0.2)), (30, 30, 30), -1)
        cv2.line(img, P(0.1, 0.5), P(1, 0.3), (40, 40, 40), max(1, _i(h * 0.06)))
        cv2.line(img, P(0.2, 0.6), P(0.2, 1), (40, 40, 40), max(1, _i(h * 0.06)))
    elif label == "suspended_load":
        cv2.line(img, P(0.5, 0), P(0.5, -20), (40, 40, 40), 2)
        cv2.line(img, P(0.5, 0), P(0.05, 0.3), (40, 40, 40), 1)
        cv2.line(img, P(0.5, 0), P(0.95, 0.3), (40, 40, 40), 1)
        cv2.rectangle(img, P(0.02, 0.3), P(0.98, 1), col or (70, 100, 140), -1)
        for k in range(1, 4):
            cv2.line(img, P(0.02, 0.3 + k * 0.175), P(0.98, 0.3 + k * 0.175), (30, 50, 80), 1)
    elif label == "roller":
        cv2.rectangle(img, P(0.1, 0.1), P(0.7, 0.6), (0, 190, 240), -1)
        cv2.rectangle(img, P(0.2, 0), P(0.55, 0.1), (30, 30, 30), -1)
        cv2.ellipse(img, P(0.25, 0.78), (_i(w * 0.22), _i(h * 0.22)), 0, 0, 360, (80, 80, 80), -1)
        cv2.ellipse(img, P(0.8, 0.8), (_i(w * 0.18), _i(h * 0.2)), 0, 0, 360, (40, 40, 40), -1)
    elif label == "cable_drum":
        cv2.ellipse(img, P(0.5, 0.5), (_i(w * 0.48), _i(h * 0.48)), 0, 0, 360, (40, 90, 150), -1)
        cv2.ellipse(img, P(0.5, 0.5), (_i(w * 0.3), _i(h * 0.3)), 0, 0, 360, (20, 20, 20), -1)
        cv2.ellipse(img, P(0.5, 0.5), (_i(w * 0.1), _i(h * 0.1)), 0, 0, 360, (150, 150, 150), -1)
    elif label == "brick_wall":
        fh = 0.1 / a["_height_m"]
        cv2.rectangle(img, P(0, 1 - fh), P(1, 1), (130, 130, 130), -1)
        n = a["_per_course"]
        ch = 0.2 / a["_height_m"]
        bricks = a["bricks"]
        for k in range(bricks):
            course, pos = divmod(k, n)
            yb = 1 - fh - course * ch
            off = 0.5 if course % 2 else 0.0
            xa = (pos + off * 0) / n
            xb = (pos + 1) / n
            cv2.rectangle(img, P(xa, yb - ch), P(xb, yb), (60, 80, 170) if (course + pos) % 3 else (50, 70, 150), -1)
            cv2.rectangle(img, P(xa, yb - ch), P(xb, yb), (190, 190, 190), 1)
    else:
        cv2.rectangle(img, P(0, 0), P(1, 1), col or (120, 120, 60), -1)
