"""Per-frame evaluation of the world: entity states, projected boxes, visibility, and frame rendering."""
from __future__ import annotations

import math

import cv2
import numpy as np

from .lens import camera_basis, world_to_cam
from .models import MODELS
from .render import draw_projected, project_prims

HAND_OFFSET = np.array([0.14, 0.15, 0.60])  # camera frame (right, down, forward), metres

MIN_PX = {"worker": 14, "excavation": 10, "default": 9}


class FrameState:
    __slots__ = ("t", "C", "B", "yaw", "pitch", "roll", "ents")

    def __init__(self, t, C, B, yaw, pitch, roll):
        self.t, self.C, self.B, self.yaw, self.pitch, self.roll = t, C, B, yaw, pitch, roll
        self.ents = {}


def entity_state(world, e, t, C, B):
    """Dict state of entity e at t, or None when absent/hidden."""
    if not e.is_present(t):
        return None
    st = {"t": t, "attrs": e.attrs(t), "yaw": e.yaw(t)}
    if e.is_carried(t):
        if not e.in_hand_view(t):
            return None
        P = C + HAND_OFFSET @ B
        st["pos"] = (float(P[0]), float(P[1]))
        st["z"] = float(P[2]) - 0.12
        st["hand"] = True
        return st
    st["pos"] = e.pos(t)
    st["z"] = e.z(t)
    st["hand"] = False
    return st


def true_position(world, e, t):
    """World (x, y) of an entity; the wearer's own position while he carries it."""
    if e.is_carried(t):
        x, y = world.wearer.pos(t)
        return float(x), float(y)
    return e.pos(t)


def frame_state(world, t):
    C, yaw, pitch, roll = world.wearer.pose(t)
    B = camera_basis(yaw, pitch, roll)
    fs = FrameState(t, C, B, yaw, pitch, roll)
    for e in world.ents.values():
        st = entity_state(world, e, t, C, B)
        if st is not None:
            fs.ents[e.eid] = st
    return fs


def _angle_ok(world, C, B, x, y, z, big):
    pc = world_to_cam(np.array([[x, y, z]]), C, B)[0]
    d = np.linalg.norm(pc)
    if d < 1e-6:
        return False
    ang = math.degrees(math.acos(max(-1.0, min(1.0, pc[2] / d))))
    lim = world.lens.hfov_deg / 2 + 30 + (40 if big else 0)
    return ang < lim


def entity_prims(world, fs, eid):
    e = world.ents[eid]
    st = fs.ents[eid]
    return MODELS[e.model](e, st, fs.C)


def project_entities(world, fs, need_polys=False):
    """For every present entity: (dist, bbox (x1,y1,x2,y2) unclipped, frac_valid, polys)."""
    lens = world.lens
    subdiv = 1 if lens.projection == "pinhole" else 3
    out = {}
    for eid, st in fs.ents.items():
        e = world.ents[eid]
        x, y = st["pos"]
        z = st["z"]
        big = e.params.get("big", False) or e.kind in ("scenery", "plant", "zone", "work")
        dist = math.hypot(x - fs.C[0], y - fs.C[1])
        if dist > e.params.get("max_range", 90.0):
            continue
        if not big and not _angle_ok(world, fs.C, fs.B, x, y, z + 0.5, False):
            continue
        prims = MODELS[e.model](e, st, fs.C)
        if not prims:
            continue
        polys = project_prims(prims, lens, fs.C, fs.B, subdiv)
        sum(len(p.pts) for p in prims)
        if not polys:
            continue
        bbp = [pp for pp, pr in polys if not pr.nobb]
        if not bbp:
            continue
        allp = np.concatenate(bbp, axis=0)
        frac = len(polys) / max(len(prims), 1)
        bb = (float(allp[:, 0].min()), float(allp[:, 1].min()), float(allp[:, 0].max()), float(allp[:, 1].max()))
        out[eid] = (dist, bb, frac, polys if need_polys else None)
    return out


def visible_boxes(world, fs, proj):
    """Geometric visibility: eid -> clipped bbox for detectable entities."""
    W, H = world.lens.W, world.lens.H
    res = {}
    occl = [(d, bb, eid) for eid, (d, bb, fr, _) in proj.items() if world.ents[eid].occluder and fr > 0.5]
    for eid, (dist, bb, frac, _) in proj.items():
        e = world.ents[eid]
        if not e.detect or frac < 0.6:
            continue
        x1, y1, x2, y2 = bb
        area = max(x2 - x1, 1e-6) * max(y2 - y1, 1e-6)
        cx1, cy1, cx2, cy2 = max(x1, 0), max(y1, 0), min(x2, W - 1), min(y2, H - 1)
        if cx2 <= cx1 or cy2 <= cy1:
            continue
        carea = (cx2 - cx1) * (cy2 - cy1)
        need = e.params.get("min_frac", 0.45)
        if carea / area < need:
            continue
        mp = e.params.get("min_px", MIN_PX.get(e.label, MIN_PX["default"]))
        if max(cx2 - cx1, cy2 - cy1) < mp:
            continue
        # occlusion by nearer big things
        cov = 0.0
        for (od, obb, oid) in occl:
            if oid == eid or od >= dist - 0.3:
                continue
            ix = max(0.0, min(cx2, obb[2]) - max(cx1, obb[0]))
            iy = max(0.0, min(cy2, obb[3]) - max(cy1, obb[1]))
            cov = max(cov, ix * iy / carea)
        if cov > 0.65:
            continue
        res[eid] = (cx1, cy1, cx2, cy2)
    return res


class Renderer:
    def __init__(self, world, env, seed=0):
        self.world = world
        self.env = env
        self.rays = world.lens.rays()
        self.rng = np.random.default_rng(seed + 991)
        H, W = world.lens.H, world.lens.W
        yy, xx = np.mgrid[0:H, 0:W]
        r2 = ((xx - W / 2) / (W / 2)) ** 2 + ((yy - H / 2) / (H / 2)) ** 2
        self.vignette = (1.0 - 0.22 * r2).astype(np.float32)[..., None]
        # a small bank of sensor-noise frames, picked at random per frame (cheaper than fresh noise)
        self.noise = [self.rng.normal(0, 2.2, (H, W, 3)).astype(np.float32) for _ in range(6)]

    def render(self, fs, proj, yaw_rate):
        lens = self.world.lens
        d = self.rays @ fs.B.astype(np.float32)
        bg = self.env.render(d, fs.C, lens.pix_rad).reshape(lens.H, lens.W, 3)
        img = np.clip(bg, 0, 255).astype(np.uint8)
        items = sorted(((v[0] - (0.6 if self.world.ents[k].label == "worker" else 0.0), k) for k, v in proj.items()
                        if not self.world.ents[k].params.get("under", False)), reverse=True)
        under = [(v[0], k) for k, v in proj.items() if self.world.ents[k].params.get("under", False)]
        for _, eid in sorted(under, reverse=True) + items:
            st = fs.ents[eid]
            if st.get("hand"):
                continue
            draw_projected(img, proj[eid][3])
        for eid, st in fs.ents.items():
            if st.get("hand") and eid in proj:
                draw_projected(img, proj[eid][3])
        out = img.astype(np.float32)
        # motion blur along the yaw direction (exposure ~1/120 s)
        blur_px = abs(yaw_rate) / 120.0 * lens.px_per_deg_centre()
        if blur_px >= 2.0:
            k = int(min(blur_px, 25))
            ker = np.zeros((1, k), np.float32)
            ker[0, :] = 1.0 / k
            out = cv2.filter2D(out, -1, ker, borderType=cv2.BORDER_REFLECT)
        out *= self.vignette
        out += self.noise[int(self.rng.integers(0, len(self.noise)))]
        return np.clip(out, 0, 255).astype(np.uint8)
