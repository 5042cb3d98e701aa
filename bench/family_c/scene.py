"""Scenes: heading scripts, entities, per-frame simulation and rendering."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from .world import EYE_H, Lens, draw_thing, draw_worker, make_pano, polar, render_background, wrap180

FPS = 15


# ----------------------------------------------------------------- heading script
class HeadScript:
    """Absolute yaw targets with cosine easing. Steps:
    ("hold", seconds, name=None, walk=False); ("to", yaw_target, peak_deg_s, name=None, walk=False).
    """

    def __init__(self, steps):
        self.segs = []  # (t0, t1, y0, y1, walk)
        self.marks: dict[str, tuple[float, float]] = {}
        t, y = 0.0, 0.0
        for st in steps:
            kind = st[0]
            name = st[3] if kind == "to" and len(st) > 3 else (st[2] if kind == "hold" and len(st) > 2 else None)
            walk = bool(st[4]) if kind == "to" and len(st) > 4 else (bool(st[3]) if kind == "hold" and len(st) > 3 else False)
            if kind == "hold":
                d = float(st[1])
                self.segs.append((t, t + d, y, y, walk))
                if name:
                    self.marks[name] = (t, t + d)
                t += d
            else:
                target, peak = float(st[1]), float(st[2])
                assert peak <= 90.0
                d = max(0.2, (math.pi / 2) * abs(target - y) / peak)
                self.segs.append((t, t + d, y, target, walk))
                if name:
                    self.marks[name] = (t, t + d)
                t, y = t + d, target
        self.duration = t

    def base(self, t):
        for t0, t1, y0, y1, walk in self.segs:
            if t0 <= t < t1 or t1 == self.duration and t >= t1:
                u = min(1.0, (t - t0) / (t1 - t0))
                return y0 + (y1 - y0) * (1 - math.cos(math.pi * u)) / 2, walk
        return self.segs[-1][3], self.segs[-1][4]

    def arrays(self, n_frames):
        yaw = np.zeros(n_frames)
        pitch = np.zeros(n_frames)
        walkf = np.zeros(n_frames)
        for i in range(n_frames):
            yaw[i], w = self.base(i / FPS)
            walkf[i] = 1.0 if w else 0.0
        # smooth walking amplitude in/out over ~0.5 s
        k = np.ones(9) / 9
        wa = np.convolve(walkf, k, mode="same")
        t = np.arange(n_frames) / FPS
        sway = 0.35 * np.sin(2 * np.pi * 0.23 * t) + 0.15 * np.sin(2 * np.pi * 0.61 * t + 1.0)
        sway += wa * 0.9 * np.sin(2 * np.pi * 0.9 * t)
        yaw = yaw + sway
        yaw -= yaw[0]
        pitch = -3.0 + 0.3 * np.sin(2 * np.pi * 0.17 * t) + wa * 1.3 * np.sin(2 * np.pi * 1.8 * t)
        pitch = np.round(pitch * 10) / 10  # quantised (background map cache)
        return yaw, pitch


# ----------------------------------------------------------------- entities
def step(tl, t, default=None):
    v = default
    for tt, val in tl:
        if t >= tt:
            v = val
        else:
            break
    return v


def interp_track(track, t):
    """track: [(t, bearing, dist)] linear in ground x/z."""
    if t <= track[0][0]:
        return polar(track[0][1], track[0][2])
    for (ta, ba, da), (tb, bb, db) in zip(track, track[1:], strict=False):
        if ta <= t <= tb:
            u = (t - ta) / (tb - ta) if tb > ta else 1.0
            xa, za = polar(ba, da)
            xb, zb = polar(bb, db)
            return xa + u * (xb - xa), za + u * (zb - za)
    return polar(track[-1][1], track[-1][2])


def moving(track, t, eps=1e-6):
    for (ta, ba, da), (tb, bb, db) in zip(track, track[1:], strict=False):
        if ta <= t < tb and (abs(ba - bb) > eps or abs(da - db) > eps):
            return True
    return False


@dataclass
class Ent:
    eid: str
    label: str
    track_id: str
    track: list  # [(t, bearing, dist)]
    w: float = 0.5
    h: float = 1.75
    depth_m: float = 0.0  # ground footprint depth (for ground kind)
    kind: str = "bill"  # bill | ground
    base: float = 0.0  # height of the bottom above the ground
    present: list = field(default_factory=lambda: [(0.0, 1e9)])
    held: list = field(default_factory=list)  # [(t0, t1)] held by the wearer (drawn at the bottom right)
    attrs: dict = field(default_factory=dict)  # static attributes
    hat: list = field(default_factory=list)  # [(t, bool)]
    activity: list = field(default_factory=list)  # [(t, str)]
    bricks: list = field(default_factory=list)  # times of each brick laid (brick_wall)
    per_course: int = 8
    score: float = 0.9

    def is_present(self, t):
        return any(a <= t < b for a, b in self.present)

    def is_held(self, t):
        return any(a <= t < b for a, b in self.held)

    def pos(self, t):
        return interp_track(self.track, t)

    def n_bricks(self, t):
        return sum(1 for bt in self.bricks if bt <= t)

    def state(self, t):
        a = dict(self.attrs)
        if self.label == "worker":
            a["hardhat"] = bool(step(self.hat, t, True))
            if not a["hardhat"]:
                a.pop("hat_colour", None)
            act = step(self.activity, t, "active")
            if moving(self.track, t):
                act = "walking"
            a["activity"] = act
        if self.label == "brick_wall":
            nb = self.n_bricks(t)
            a["bricks"] = nb
            a["courses"] = nb // self.per_course
        if self.held and self.is_held(t):
            a["held"] = True
        return a

    def height(self, t):
        if self.label == "brick_wall":
            nb = self.n_bricks(t)
            return 0.1 + 0.2 * math.ceil(nb / self.per_course)
        return self.h


@dataclass
class Item:
    ent: Ent
    depth: float
    box: tuple  # unclipped
    clip: tuple  # clipped ints
    attrs: dict
    poly: np.ndarray | None = None
    bearing: float = 0.0


HELD_BOX = (0.60, 0.70, 0.76, 1.04)  # fractions of the frame (held tool)


class Scene:
    def __init__(self, name, lens: Lens, script: HeadScript, ents: list[Ent], pano_style: str, seed: int, duration=None):
        self.name, self.lens, self.script, self.ents = name, lens, script, ents
        self.pano_style, self.seed = pano_style, seed
        self.duration = duration or script.duration
        self.n = int(round(self.duration * FPS))
        self.yaw, self.pitch = script.arrays(self.n)
        self._pano = None

    def t(self, i):
        return i / FPS

    def items(self, i) -> list[Item]:
        out = []
        for e in self.ents:
            it = self.item_for(e, i)
            if it is not None:
                out.append(it)
        out.sort(key=lambda it: -it.depth)
        return out

    def item_for(self, e: Ent, i, need_present=True):
        t = i / FPS
        yaw, pitch = self.yaw[i], self.pitch[i]
        L = self.lens
        if need_present and not e.is_present(t):
            return None
        a = e.state(t)
        if e.is_held(t):
            bob = 6 * math.sin(2 * math.pi * 1.8 * t)
            fx1, fy1, fx2, fy2 = HELD_BOX
            box = (fx1 * L.W, fy1 * L.H + bob, fx2 * L.W, fy2 * L.H + bob)
            clip = _clip(box, L.W, L.H)
            return Item(e, 0.3, box, clip, a, None, float(yaw))
        x, z = e.pos(t)
        bearing = math.degrees(math.atan2(x, z))
        dist = math.hypot(x, z)
        b = math.radians(bearing)
        rx, rz = math.cos(b), -math.sin(b)
        if e.kind == "ground":
            hw, hd = e.w / 2, e.depth_m / 2
            fx, fz = math.sin(b), math.cos(b)
            pts = [(x + s * hw * rx + u * hd * fx, -EYE_H, z + s * hw * rz + u * hd * fz)
                   for s, u in [(-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]]
            pix, valid = L.project_world(np.array(pts), yaw, pitch)
            if not valid.all():
                return None
            box = (pix[:, 0].min(), pix[:, 1].min(), pix[:, 0].max(), pix[:, 1].max())
            clip = _clip(box, L.W, L.H)
            if clip is None:
                return None
            return Item(e, dist + 100.0, box, clip, a, pix, bearing)
        h = e.height(t)
        pts = []
        for s in (-1, 0, 1):
            for fy in (0.0, 0.5, 1.0):
                pts.append((x + s * e.w / 2 * rx, e.base + fy * h - EYE_H, z + s * e.w / 2 * rz))
        pix, valid = L.project_world(np.array(pts), yaw, pitch)
        if not valid.all():
            return None
        box = (pix[:, 0].min(), pix[:, 1].min(), pix[:, 0].max(), pix[:, 1].max())
        clip = _clip(box, L.W, L.H)
        if clip is None:
            return None
        return Item(e, dist, box, clip, a, None, bearing)

    def render(self, i, items=None):
        if self._pano is None:
            self._pano = make_pano(self.pano_style, self.seed)
        t = i / FPS
        img = render_background(self.lens, self._pano, float(self.yaw[i]), float(self.pitch[i]))
        for it in items if items is not None else self.items(i):
            e = it.ent
            if e.kind == "ground":
                poly = it.poly.astype(np.int32)
                cv2.fillPoly(img, [poly], (40, 60, 85))
                c = it.poly.mean(0)
                inner = ((it.poly - c) * 0.8 + c).astype(np.int32)
                cv2.fillPoly(img, [inner], (25, 35, 50))
                cv2.polylines(img, [poly], True, (60, 110, 150), 2)
            elif e.label == "worker":
                draw_worker(img, it.box, it.attrs, t, sum(map(ord, e.eid)) % 7)
            else:
                a = dict(it.attrs)
                if e.label == "brick_wall":
                    a["_height_m"] = e.height(t)
                    a["_per_course"] = e.per_course
                draw_thing(img, e.label, it.box, a, t)
        return img

    def detections(self, i, items):
        out = []
        for it in items:
            a = {k: v for k, v in it.attrs.items() if not k.startswith("_")}
            out.append({"label": it.ent.label, "bbox": list(it.clip), "score": it.ent.score,
                        "track_id": it.ent.track_id, "attributes": a})
        return out


def _clip(box, W, H):
    x1, y1, x2, y2 = box
    cx1, cy1 = max(0, int(math.floor(x1))), max(0, int(math.floor(y1)))
    cx2, cy2 = min(W, int(math.ceil(x2))), min(H, int(math.ceil(y2)))
    if cx2 - cx1 < 3 or cy2 - cy1 < 3:
        return None
    return (cx1, cy1, cx2, cy2)


def bearing_of(ent: Ent, t):
    x, z = ent.pos(t)
    return math.degrees(math.atan2(x, z))


def rel(bearing, yaw):
    return wrap180(bearing - yaw)
