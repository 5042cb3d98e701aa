"""Per-frame scene state shared by the renderer and the detector simulation."""
import math

import numpy as np

from . import shapes
from .lens import world_to_cam
from .world import FPS

SOLID = {"worker", "brick_wall", "pallet", "skip", "generator", "portaloo", "mixer", "heap", "toolbox", "wheelbarrow"}


def facing_of(sc, e, t, pos):
    if e.kind != "worker":
        return e.face or 0.0
    a, b = e.pos(max(0.0, t - 0.25)), e.pos(t + 0.25)
    if a is not None and b is not None:
        dx, dz = b[0] - a[0], b[2] - a[2]
        if math.hypot(dx, dz) > 0.08:
            return math.degrees(math.atan2(dx, dz))
    if e.face is not None:
        return e.face
    wp = sc.wearer.pos[min(int(round(t * FPS)), sc.n - 1)]
    return math.degrees(math.atan2(wp[0] - pos[0], wp[2] - pos[2]))


def frame_items(sc, i):
    """[(entity, prims, rim_or_None)] for entities present at frame i."""
    t = i / FPS
    out = []
    for e in sc.entities:
        p = e.pos(t)
        if p is None:
            continue
        if e.kind == "excavation":
            quads, rim = shapes.pit_prims(e, p)
            out.append((e, quads, rim))
            continue
        if e.kind == "brick_wall" and e.bricks(t) == 0:
            prims = shapes.wall_prims(e, t, p)[:1]
            out.append((e, prims, None))
            continue
        out.append((e, shapes.entity_prims(e, t, p, facing_of(sc, e, t, p)), None))
    return out


def geometry(sc, lens, i, items):
    """Per labelled entity: dict(bbox=(x1,y1,x2,y2) clipped, full=unclipped, dist, vis_frac)."""
    eye, yaw, pitch = sc.wearer.at(i)
    n = 3 if lens.proj == "fisheye" else 1
    res = {}
    for e, prims, rim in items:
        if e.kind == "brick_wall":
            prims = prims[1:]
            if not prims:
                continue
        if rim is not None:
            pts = rim
            if lens.proj == "fisheye":
                pts = np.concatenate([rim[a] * (1 - s) + rim[(a + 1) % 4] * s
                                      for a in range(4) for s in np.linspace(0, 1, 6)[:-1]]).reshape(-1, 3)
        else:
            pts = np.concatenate([shapes.sample_points(p, n) for p in prims if p[0] != "cable"])
        pc = world_to_cam(pts, eye, yaw, pitch)
        u, v, valid = lens.project(pc)
        vf = valid.mean()
        if vf < 0.999 and (e.kind not in ("scaffold",) or vf < 0.6):
            continue
        u, v = u[valid], v[valid]
        if len(u) == 0:
            continue
        full = (u.min(), v.min(), u.max(), v.max())
        if e.kind == "worker":
            p = e.pos(i / FPS)
            if p[1] < -0.3:   # in a pit: the near rim hides the legs
                for e2, _, rim2 in items:
                    if rim2 is not None:
                        pr = world_to_cam(rim2, eye, yaw, pitch)
                        ru, rv, rvld = lens.project(pr)
                        if rvld.all():
                            full = (full[0], full[1], full[2], min(full[3], rv.max()))
        x1, y1 = max(full[0], 0), max(full[1], 0)
        x2, y2 = min(full[2], lens.W - 1), min(full[3], lens.H - 1)
        if x2 <= x1 or y2 <= y1:
            continue
        area_full = max((full[2] - full[0]) * (full[3] - full[1]), 1e-6)
        pos = np.asarray(e.pos(i / FPS), float)
        res[e.eid] = dict(bbox=(x1, y1, x2, y2), full=full, frac=(x2 - x1) * (y2 - y1) / area_full,
                          dist=float(np.linalg.norm(pos - eye)), solid=e.kind in SOLID)
    # occlusion: fraction of each box covered by nearer solid boxes
    ids = list(res)
    for a in ids:
        ra = res[a]
        x1, y1, x2, y2 = ra["bbox"]
        gw, gh = 12, 12
        xs = np.linspace(x1, x2, gw)
        ys = np.linspace(y1, y2, gh)
        X, Y = np.meshgrid(xs, ys)
        cov = np.zeros(X.shape, bool)
        for b in ids:
            rb = res[b]
            if b == a or not rb["solid"] or rb["dist"] >= ra["dist"] - 0.3:
                continue
            bx1, by1, bx2, by2 = rb["bbox"]
            cov |= (X >= bx1) & (X <= bx2) & (Y >= by1) & (Y <= by2)
        ra["occ"] = float(cov.mean())
    return res
