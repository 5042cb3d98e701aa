"""World model, head-camera path, lens projection and renderer for family E.

Coordinates: x east, y up, z north (metres). At t=0 the wearer stands at the
origin looking north, so world bearing 0 = heading at t=0. Yaw increases when
the wearer turns right (clockwise seen from above), bearing = atan2(dx, dz).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

SECTORS = ["front", "front-right", "right", "behind-right",
           "behind", "behind-left", "left", "front-left"]


def wrap180(a: float) -> float:
    a = (a + 180.0) % 360.0 - 180.0
    return 180.0 if a == -180.0 else a


def sector_index(rel: float) -> int:
    return int(math.floor((wrap180(rel) + 22.5) / 45.0)) % 8


def sector(rel: float) -> str:
    return SECTORS[sector_index(rel)]


def border_neighbour(rel: float, margin: float = 5.0):
    """The neighbouring sector when rel lies within `margin` deg of a sector border."""
    r = wrap180(rel)
    d = (r - 22.5) % 45.0  # distance past the border below
    if d < margin:      # just past border: neighbour is the one before
        return SECTORS[(sector_index(r) - 1) % 8]
    if 45.0 - d < margin:
        return SECTORS[(sector_index(r) + 1) % 8]
    return None


def bearing(dx: float, dz: float) -> float:
    return math.degrees(math.atan2(dx, dz))


def P(b_deg: float, dist: float, origin=(0.0, 0.0)):
    """World point at bearing b (deg) and distance from origin."""
    b = math.radians(b_deg)
    return (origin[0] + dist * math.sin(b), origin[1] + dist * math.cos(b))


# ---------------------------------------------------------------- lens
class Lens:
    def __init__(self, width: int, height: int, hfov: float, projection: str):
        self.w, self.h, self.hfov, self.proj = width, height, hfov, projection
        self.cx, self.cy = (width - 1) / 2.0, (height - 1) / 2.0
        if projection == "pinhole":
            self.f = (width / 2.0) / math.tan(math.radians(hfov) / 2.0)
        else:
            self.f = (width / 2.0) / math.radians(hfov / 2.0)
        u, v = np.meshgrid(np.arange(width, dtype=np.float64), np.arange(height, dtype=np.float64))
        x = (u - self.cx) / self.f
        y = (self.cy - v) / self.f
        if projection == "pinhole":
            d = np.stack([x, y, np.ones_like(x)], -1)
            d /= np.linalg.norm(d, axis=-1, keepdims=True)
        else:
            r = np.hypot(x, y)
            s = np.where(r > 1e-9, np.sin(r) / np.maximum(r, 1e-9), 1.0)
            d = np.stack([x * s, y * s, np.cos(r)], -1)
        self.rays = d.reshape(-1, 3).astype(np.float32)
        self.max_theta = math.radians(min(hfov / 2.0 * 1.3, 100.0))

    def project(self, pc: np.ndarray):
        """pc (N,3) camera coords (x right, y up, z forward) -> uv (N,2), valid (N,)."""
        x, y, z = pc[:, 0], pc[:, 1], pc[:, 2]
        if self.proj == "pinhole":
            valid = z > 0.08
            zz = np.where(valid, z, 1.0)
            u = self.cx + self.f * x / zz
            v = self.cy - self.f * y / zz
        else:
            n = np.linalg.norm(pc, axis=1) + 1e-9
            theta = np.arccos(np.clip(z / n, -1, 1))
            rxy = np.hypot(x, y) + 1e-9
            k = self.f * theta / rxy
            u = self.cx + k * x
            v = self.cy - k * y
            valid = (theta < self.max_theta) & (n > 0.08)
        return np.stack([u, v], 1), valid

    def angle_of_column(self, u: float) -> float:
        """Horizontal angle (deg) of an image column on the horizon row (no tilt)."""
        x = (u - self.cx) / self.f
        return math.degrees(math.atan(x)) if self.proj == "pinhole" else math.degrees(x)


# ---------------------------------------------------------------- helpers
def interp_keys(keys, t):
    """Piecewise-linear interpolation of [(t, v...)] keys over array t."""
    ks = np.array(keys, dtype=np.float64)
    out = [np.interp(t, ks[:, 0], ks[:, i]) for i in range(1, ks.shape[1])]
    return out if len(out) > 1 else out[0]


def smooth(a, n):
    if n <= 1:
        return a
    w = np.hanning(n + 2)[1:-1]
    w /= w.sum()
    pad = n // 2
    ap = np.concatenate([np.full(pad, a[0]), a, np.full(n - 1 - pad, a[-1])])
    return np.convolve(ap, w, mode="valid")


def in_intervals(t, intervals):
    m = np.zeros_like(t, dtype=bool)
    for iv in intervals:
        m |= (t >= iv[0]) & (t < iv[1])
    return m


def rot_y(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])


def rot_x(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[1, 0, 0], [0, c, s], [0, -s, c]])


def rot_z(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


# ---------------------------------------------------------------- camera path
class CameraPath:
    def __init__(self, fps, duration, yaw_keys, pos_keys, pitch_keys=None, seed=0,
                 base_pitch=-8.0, eye=1.72):
        n = int(round(duration * fps))
        self.fps, self.n = fps, n
        t = np.arange(n) / fps
        self.t = t
        rng = np.random.default_rng(seed)
        yaw = interp_keys(yaw_keys, t)
        yaw = smooth(yaw, 5)
        x, z = interp_keys(pos_keys, t)
        x, z = smooth(x, 9), smooth(z, 9)
        vx, vz = np.gradient(x) * fps, np.gradient(z) * fps
        speed = np.hypot(vx, vz)
        walk = np.clip(speed / 1.1, 0, 1)
        ph = rng.uniform(0, 2 * math.pi, 6)
        sway = (0.8 * np.sin(2 * math.pi * 0.17 * t) + 0.45 * np.sin(2 * math.pi * 0.43 * t)
                + 1.3 * walk * np.sin(2 * math.pi * 0.9 * t))
        self.yaw = yaw + sway
        pk = pitch_keys or [(0, base_pitch), (duration, base_pitch)]
        pitch = smooth(interp_keys(pk, t), 7)
        self.pitch = (pitch + 0.9 * np.sin(2 * math.pi * 0.23 * t + ph[0])
                      + 0.5 * np.sin(2 * math.pi * 0.61 * t + ph[1])
                      + 0.9 * walk * np.sin(2 * math.pi * 1.8 * t + ph[2]))
        self.roll = (0.9 * np.sin(2 * math.pi * 0.19 * t + ph[3])
                     + 1.4 * walk * np.sin(2 * math.pi * 0.9 * t + ph[4]))
        self.x, self.z = x, z
        self.eye = eye + 0.035 * walk * np.sin(2 * math.pi * 1.8 * t + ph[5])
        self.speed = speed

        self._R = [rot_y(math.radians(self.yaw[i])) @ rot_x(math.radians(self.pitch[i]))
                   @ rot_z(math.radians(self.roll[i])) for i in range(n)]

    def R(self, i):
        return self._R[i]

    def eye_pos(self, i):
        return np.array([self.x[i], self.eye[i], self.z[i]])

    def frame(self, t):
        return int(min(self.n - 1, max(0, round(t * self.fps))))


# ---------------------------------------------------------------- entities
@dataclass
class Ent:
    key: str
    label: str
    kind: str = "thing"             # worker | thing | plant | wall | zone | load
    size: tuple = (0.4, 0.4, 0.4)   # w (x), d (z), h
    colour: tuple = (128, 128, 128)  # BGR
    colour_name: str | None = None
    pos: list = field(default_factory=list)      # [(t, x, z)]
    facing: float = 0.0
    present: list = field(default_factory=lambda: [(-1.0, 1e9)])
    held_wearer: list = field(default_factory=list)   # intervals carried by the wearer
    held_by: list = field(default_factory=list)       # [(t0, t1, worker_key)]
    # worker
    vest: str = "none"
    hat_colour: str = "white"
    hat_off: list = field(default_factory=list)
    idle: list = field(default_factory=list)
    walking: list = field(default_factory=list)
    sink: list = field(default_factory=list)          # [(t0, t1, depth)] inside a pit
    shirt: tuple = (90, 90, 90)
    # plant / load
    moving: list = field(default_factory=list)
    lift: list = field(default_factory=list)          # load height keys [(t, y)]
    # wall
    bricks: list = field(default_factory=list)        # [(t, count)] step keys
    bricks_per_course: int = 10
    det_range: float = 30.0
    hold_offset: tuple = (0.18, -0.62, 0.36)   # where the wearer holds it (yaw-aligned frame)
    notes: str = ""


VEST_BGR = {"orange": (20, 110, 245), "yellow": (40, 235, 225), "green": (60, 200, 90),
            "none": None, "blue": (170, 90, 30)}
HAT_BGR = {"white": (235, 235, 235), "yellow": (30, 215, 240), "blue": (180, 90, 20),
           "orange": (20, 120, 245), "red": (40, 40, 200), "green": (60, 170, 60)}


class World:
    def __init__(self, cam: CameraPath, lens: Lens, ents: list, props: list, seed=0):
        self.cam, self.lens, self.ents, self.props = cam, lens, ents, props
        self.by_key = {e.key: e for e in ents}
        t = cam.t
        n = cam.n
        self.n = n
        self.st = {}  # per-entity state arrays
        for e in ents:
            s = {}
            if e.pos:
                x, z = interp_keys(e.pos, t)
            else:
                x, z = np.zeros(n), np.zeros(n)
            s["x"], s["z"] = np.asarray(x, float).copy(), np.asarray(z, float).copy()
            s["y0"] = np.zeros(n)
            for (a, b, dpt) in e.sink:
                s["y0"][(t >= a) & (t < b)] = -dpt
            s["present"] = in_intervals(t, e.present)
            s["held_wearer"] = in_intervals(t, e.held_wearer)
            s["held"] = s["held_wearer"].copy()
            self.st[e.key] = s
        # things held by workers follow the worker
        for e in ents:
            s = self.st[e.key]
            for (a, b, wk) in e.held_by:
                m = (t >= a) & (t < b)
                ws = self.st[wk]
                s["x"][m] = ws["x"][m] + 0.3 * math.cos(0)
                s["z"][m] = ws["z"][m] - 0.25
                s["held"] |= m
        for e in ents:
            s = self.st[e.key]
            vx, vz = np.gradient(s["x"]) * cam.fps, np.gradient(s["z"]) * cam.fps
            s["speed"] = np.hypot(vx, vz)
            if e.kind == "worker":
                s["hat"] = ~in_intervals(t, e.hat_off)
                act = np.array(["active"] * n, dtype=object)
                act[in_intervals(t, e.idle)] = "idle"
                act[(s["speed"] > 0.35) | in_intervals(t, e.walking)] = "walking"
                s["activity"] = act
            if e.kind in ("plant",):
                s["moving"] = in_intervals(t, e.moving) | (s["speed"] > 0.2)
            if e.kind == "load":
                s["y0"] = np.asarray(interp_keys(e.lift, t), float)
            if e.kind == "wall":
                ks = sorted(e.bricks)
                b = np.zeros(n, dtype=int)
                for (tk, c) in ks:
                    b[t >= tk] = c
                s["bricks"] = b
        self._vis = None

    # -------------------------------------------------------- geometry
    def ent_height(self, e, i):
        s = self.st[e.key]
        if e.kind == "wall":
            bpc = e.bricks_per_course
            c = s["bricks"][i]
            return max(0.02, math.ceil(c / bpc) * 0.075) if c > 0 else 0.02
        if e.kind == "worker":
            return 1.78 if s["hat"][i] else 1.68
        return e.size[2]

    def ent_world_box(self, e, i):
        """(8,3) world corners of the entity's extent at frame i (None if absent)."""
        s = self.st[e.key]
        if not s["present"][i]:
            return None
        w, d, _ = e.size
        h = self.ent_height(e, i)
        if s["held_wearer"][i]:
            Ry = rot_y(math.radians(self.cam.yaw[i]))
            c = self.cam.eye_pos(i) + Ry @ np.array(e.hold_offset)
            base = c[1] - h / 2
            cx, cz = c[0], c[2]
        else:
            cx, cz = s["x"][i], s["z"][i]
            base = s["y0"][i]
            if s["held"][i]:
                base = 0.75
        top = base + h
        if e.kind == "worker" and base < 0:
            base = 0.0  # the part below ground is hidden
            if top <= 0.2:
                return None
        fa = math.radians(e.facing)
        ca, sa = math.cos(fa), math.sin(fa)
        pts = []
        for sx in (-0.5, 0.5):
            for sz in (-0.5, 0.5):
                lx, lz = sx * w, sz * d
                wx = cx + ca * lx + sa * lz
                wz = cz - sa * lx + ca * lz
                for y in (base, top):
                    pts.append((wx, y, wz))
        return np.array(pts)

    def to_cam(self, i, P):
        R = self.cam.R(i)
        return (P - self.cam.eye_pos(i)) @ R

    def bbox(self, e, i):
        """Projected bbox [x1,y1,x2,y2] clipped, or None when not detectable."""
        box = self.ent_world_box(e, i)
        if box is None:
            return None
        # add edge midpoints for fisheye curvature
        mids = [(box[a] + box[b]) / 2 for a, b in ((0, 2), (1, 3), (4, 6), (5, 7), (0, 4), (1, 5), (2, 6), (3, 7))]
        pts = np.vstack([box, np.array(mids)])
        pc = self.to_cam(i, pts)
        dist = float(np.linalg.norm(pts.mean(0) - self.cam.eye_pos(i)))
        if dist > e.det_range:
            return None
        uv, valid = self.lens.project(pc)
        if not valid.all():
            return None
        W, H = self.lens.w, self.lens.h
        x1, y1 = uv.min(0)
        x2, y2 = uv.max(0)
        area = max(1e-6, (x2 - x1) * (y2 - y1))
        cx1, cy1, cx2, cy2 = max(0, x1), max(0, y1), min(W - 1, x2), min(H - 1, y2)
        if cx2 - cx1 < 5 or cy2 - cy1 < 5:
            return None
        if (cx2 - cx1) * (cy2 - cy1) / area < 0.45:
            return None
        mcx, mcy = uv.mean(0)
        if not (0 <= mcx < W and 0 <= mcy < H):
            return None
        return [float(cx1), float(cy1), float(cx2), float(cy2)]

    def point_in_view(self, i, p, margin=0.1, maxdist=30.0):
        """Is world point p (x, y, z) in the central part of the frame?"""
        P_ = np.array([p], float)
        if np.linalg.norm(P_[0] - self.cam.eye_pos(i)) > maxdist:
            return False
        uv, valid = self.lens.project(self.to_cam(i, P_))
        if not valid[0]:
            return False
        u, v = uv[0]
        W, H = self.lens.w, self.lens.h
        return (margin * W <= u <= (1 - margin) * W) and (0.05 * H <= v <= 0.97 * H)

    def visibility(self):
        if self._vis is None:
            vis, boxes = {}, {}
            for e in self.ents:
                v = np.zeros(self.n, bool)
                bl = [None] * self.n
                for i in range(self.n):
                    if not self.st[e.key]["present"][i]:
                        continue
                    b = self.bbox(e, i)
                    if b is not None:
                        v[i] = True
                        bl[i] = b
                vis[e.key], boxes[e.key] = v, bl
            self._vis = (vis, boxes)
        return self._vis

    def world_bearing(self, key, i, from_i=None):
        """Bearing (deg) of entity (its position at frame i) seen from the camera at frame from_i."""
        s = self.st[key]
        j = i if from_i is None else from_i
        return bearing(s["x"][i] - self.cam.x[j], s["z"][i] - self.cam.z[j])

    def footprint_dist(self, wkey, pkey, i, grow=0.0):
        """Horizontal distance from worker centre to the axis-aligned footprint of entity pkey."""
        a, b = self.st[wkey], self.st[pkey]
        e = self.by_key[pkey]
        w, d = e.size[0] / 2 + grow, e.size[1] / 2 + grow
        fa = math.radians(e.facing)
        dx, dz = a["x"][i] - b["x"][i], a["z"][i] - b["z"][i]
        lx = math.cos(fa) * dx - math.sin(fa) * dz
        lz = math.sin(fa) * dx + math.cos(fa) * dz
        ex, ez = max(0.0, abs(lx) - w), max(0.0, abs(lz) - d)
        return math.hypot(ex, ez)
