"""Frame rendering: world background + sprites + camera effects."""
from __future__ import annotations

import math

import cv2
import numpy as np

from . import sprites as S
from .camera import rotation
from .sim import FPS, Obs, Scenario, held_rect, make_sprite


class Renderer:
    def __init__(self, sc: Scenario, obs: Obs):
        self.sc, self.obs = sc, obs
        self.world = sc.world_factory()
        self.cache = {}
        self.rng = np.random.RandomState(sc.seed + 999)
        lens = sc.lens
        yy, xx = np.mgrid[0:lens.H, 0:lens.W].astype(np.float32)
        r = np.hypot((xx - lens.cx) / lens.W, (yy - lens.cy) / lens.W)
        vign = np.clip(1.0 - (0.9 if lens.projection == "fisheye" else 0.5) * r ** 2, 0, 1)
        self.vign3 = np.repeat((vign * 255).astype(np.uint8)[..., None], 3, 2)
        x = np.arange(256) / 255.0
        if sc.low_light:
            self.lut = np.clip(255.0 * (x ** 1.25) * 0.55, 0, 255).astype(np.uint8)
            sig_l, sig_c = 3.5, 1.5
        else:
            self.lut = np.arange(256, dtype=np.uint8)
            sig_l, sig_c = 1.2, 0.5
        K = 6
        self.noise = [np.clip(self.rng.randn(lens.H + 32, lens.W + 32, 1) * sig_l +
                              self.rng.randn(lens.H + 32, lens.W + 32, 3) * sig_c, -60, 60).astype(np.int16)
                      for _ in range(K)]
        self.noise_pick = self.rng.randint(0, K, size=obs.n)
        self.noise_off = self.rng.randint(0, 32, size=(obs.n, 2))
        held = S.held_tool("drill", lens.W, lens.H)
        self.held = {"drill": held, "hammer": S.held_tool("hammer", lens.W, lens.H)}

    def _sprite(self, e, t):
        if e.kind == "worker":
            act = e.activity_at(t)
            if act == "walking":
                pose = "walk0" if int(t * 2.2) % 2 == 0 else "walk1"
            elif act == "active":
                pose = "work0" if int(t * 1.4) % 2 == 0 else "work1"
            else:
                pose = "idle"
            hat = bool(e.hardhat.at(t)) if e.hardhat is not None else True
            key = ("w", e.eid, pose, hat)
            if key not in self.cache:
                self.cache[key] = S.worker(e.look, pose, hat).rgba
            return self.cache[key]
        if e.kind == "brick_wall":
            key = ("bw", e.eid, e.bricks_at(t))
            if key not in self.cache:
                self.cache[key] = make_sprite(e, t).rgba
            return self.cache[key]
        key = ("k", e.kind, repr(sorted(e.attrs.items())))
        if key not in self.cache:
            self.cache[key] = make_sprite(e).rgba
        return self.cache[key]

    def _att(self, d):
        a = self.world.atten_m
        return 1.0 if a is None else 0.30 + 0.70 * math.exp(-d / a)

    def frame(self, i: int) -> np.ndarray:
        sc, ob = self.sc, self.obs
        lens = sc.lens
        t = ob.t[i]
        R = rotation(ob.yaw[i], ob.pitch[i], ob.roll[i])
        img = self.world.render(lens, ob.C[i], R).copy()
        order = []
        for e in sc.entities:
            j = ob.idx[e.eid]
            if ob.drawn[i, j] and not ob.held[i, j] or (ob.held[i, j] and e.holder.at(t) != "wearer" and ob.drawn[i, j]):
                order.append((-ob.dist[i, j], e))
        order.sort(key=lambda r: r[0])
        for _, e in order:
            j = ob.idx[e.eid]
            q = ob.quad.get((i, e.eid))
            if q is None:
                continue
            spr = self._sprite(e, t)
            if ob.flip[i, j]:
                spr = spr[:, ::-1]
            if e.kind == "suspended_load":
                self._rope(img, e, t, ob.C[i], R)
            draw_quad(img, spr, q, self._att(ob.dist[i, j]))
        # tool in the wearer's hand
        for e in sc.entities:
            j = ob.idx[e.eid]
            if ob.held[i, j] and e.holder.at(t) == "wearer":
                hs = self.held[e.kind]
                x0, y0, x1, y1 = held_rect(lens.W, lens.H, t, ob.pitch[i], sc.wearer.path.speed(t))
                quad = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
                draw_quad(img, hs.rgba, quad, 1.0)
        return self._post(img, i)

    def _rope(self, img, e, t, C, R):
        p = e.pos(t, self.sc)
        pts = np.array([p + np.array([0, 2.55 + k, 0]) for k in np.linspace(0, 30, 25)])
        px, ok = self.sc.lens.project_world(pts, C, R)
        seg = px[ok]
        if len(seg) >= 2:
            cv2.polylines(img, [seg.astype(np.int32)], False, (35, 35, 40), 1, cv2.LINE_AA)

    def _post(self, img, i):
        sc, ob = self.sc, self.obs
        lens = sc.lens
        # motion blur from head rotation within the exposure
        j0, j1 = max(0, i - 1), min(ob.n - 1, i + 1)
        rate = (ob.yaw[j1] - ob.yaw[j0]) / ((j1 - j0) / FPS)
        expo = 1 / 30.0 if sc.low_light else 1 / 60.0
        L = abs(rate) * expo * math.radians(1) * lens.f
        if L >= 2.0:
            img = cv2.blur(img, (int(min(L, 40)), 1))
        img = cv2.LUT(img, self.lut)
        img = cv2.multiply(img, self.vign3, scale=1.0 / 255.0)
        k = self.noise_pick[i]
        dy, dx = self.noise_off[i]
        nz = self.noise[k][dy:dy + lens.H, dx:dx + lens.W]
        return np.clip(img.astype(np.int16) + nz, 0, 255).astype(np.uint8)


def draw_quad(img, rgba, quad, gain=1.0):
    H, W = img.shape[:2]
    x0 = int(max(0, math.floor(quad[:, 0].min())))
    y0 = int(max(0, math.floor(quad[:, 1].min())))
    x1 = int(min(W, math.ceil(quad[:, 0].max()) + 1))
    y1 = int(min(H, math.ceil(quad[:, 1].max()) + 1))
    if x1 - x0 < 1 or y1 - y0 < 1:
        return
    h, w = rgba.shape[:2]
    th = max(np.linalg.norm(quad[3] - quad[0]), np.linalg.norm(quad[2] - quad[1]))
    if th < 0.6 * h:  # pre-shrink to avoid aliasing
        s = max(th * 1.3 / h, 2.0 / min(h, w))
        rgba = cv2.resize(rgba, (max(2, int(w * s)), max(2, int(h * s))), interpolation=cv2.INTER_AREA)
        h, w = rgba.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = (quad - np.array([x0, y0])).astype(np.float32)
    M = cv2.getPerspectiveTransform(src, dst)
    warped = cv2.warpPerspective(rgba, M, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                                 borderValue=0)
    a = warped[..., 3:4].astype(np.float32) / 255.0
    roi = img[y0:y1, x0:x1].astype(np.float32)
    img[y0:y1, x0:x1] = np.clip(roi * (1 - a) + warped[..., :3].astype(np.float32) * gain * a, 0, 255).astype(np.uint8)
