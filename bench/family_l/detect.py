"""Simulated detector + tracker: only entities really visible, with realistic noise."""
import math
import zlib

import numpy as np

from .world import to_cam


def _rng(*parts):
    return np.random.default_rng(zlib.crc32(("|".join(str(p) for p in parts)).encode()))


def true_bbox(sc, e, t):
    """unclipped/clipped projected box of an entity at t, or None if not visible."""
    L = sc.lens
    if e.kind == "pit":
        corners, dep = e.pit_corners()
        P = [(x, y, 0.0) for x, y in corners] + [(x, y, -dep * 0.5) for x, y in corners]
        # subdivide long edges so a fisheye box is right
        P += [((corners[0][0] + corners[1][0]) / 2, corners[0][1], 0.0), ((corners[2][0] + corners[3][0]) / 2, corners[2][1], 0.0)]
    else:
        P = []
        for (cx, cy, cz), (w, d, h), _ in e.cuboids(t, sc.wearer):
            for sx in (-0.5, 0.5):
                for sy in (-0.5, 0.5):
                    for sz in (-0.5, 0.5):
                        P.append((cx + sx * w, cy + sy * d, cz + sz * h))
        if e.kind == "load":  # the cable is not the load
            P = P[:8]
    X, Y, Z = to_cam(L, sc.wearer, t, np.array(P))
    u, v, ok = L.project_cam(X, Y, Z)
    if ok.mean() < 0.99:
        return None
    x1, y1, x2, y2 = u.min(), v.min(), u.max(), v.max()
    area = max(1e-6, (x2 - x1) * (y2 - y1))
    cx1, cy1, cx2, cy2 = max(0, x1), max(0, y1), min(L.width, x2), min(L.height, y2)
    if cx2 <= cx1 or cy2 <= cy1:
        return None
    frac = (cx2 - cx1) * (cy2 - cy1) / area
    if frac < (0.4 if e.kind in ("pit", "scaffold", "excavator") else 0.55):
        return None
    if (cy2 - cy1) < 9 or (cx2 - cx1) < 5:
        return None
    return (cx1, cy1, cx2, cy2)


def visibility(sc):
    """{eid: [bbox or None per frame]} for detectable entities, with occlusion by nearer boxes."""
    vis = {e.eid: [] for e in sc.entities if e.label}
    for i, t in enumerate(sc.times()):
        wx, wy = sc.wearer.pos(t)
        boxes = []
        for e in sc.entities:
            if not e.label:
                continue
            b = true_bbox(sc, e, t) if e.exists(t) else None
            x, y, _ = e.pos(t, sc.wearer)
            boxes.append((e, b, math.hypot(x - wx, y - wy)))
        for e, b, d in boxes:
            if b is not None and e.kind not in ("pit",):
                area = (b[2] - b[0]) * (b[3] - b[1])
                for e2, b2, d2 in boxes:
                    if e2 is e or b2 is None or d2 >= d - 0.3 or e2.kind in ("pit", "ladder", "scaffold"):
                        continue
                    ix = max(0, min(b[2], b2[2]) - max(b[0], b2[0])) * max(0, min(b[3], b2[3]) - max(b[1], b2[1]))
                    if ix / area > 0.7:
                        b = None
                        break
            vis[e.eid].append(b)
    return vis


def detections(sc, vis):
    """frames: [{"t", "detections": [...]}] and det_index {eid: [frame indices detected]}."""
    frames = []
    seen = {e.eid: [] for e in sc.entities if e.label}
    track = {}
    last_det = {}
    counter = [0]

    def new_id():
        counter[0] += 1
        return str(counter[0])

    for i, t in enumerate(sc.times()):
        dets = []
        for e in sc.entities:
            if not e.label:
                continue
            b = vis[e.eid][i]
            if b is None:
                continue
            r = _rng(sc.seed, e.eid, i)
            w, h = b[2] - b[0], b[3] - b[1]
            pmiss = 0.05 + (0.12 if h < 16 else 0.0)
            if r.random() < pmiss:
                continue
            if sc.tracker == "new id after gap":
                if e.eid not in track or (t - last_det[e.eid]) > sc.gap_s:
                    track[e.eid] = new_id()
            elif e.eid not in track:
                track[e.eid] = new_id()
            last_det[e.eid] = t
            j = r.normal(0, 1, 4) * np.array([w, h, w, h]) * 0.025
            bb = [float(np.clip(b[0] + j[0], 0, sc.lens.width)), float(np.clip(b[1] + j[1], 0, sc.lens.height)),
                  float(np.clip(b[2] + j[2], 0, sc.lens.width)), float(np.clip(b[3] + j[3], 0, sc.lens.height))]
            if bb[2] - bb[0] < 2 or bb[3] - bb[1] < 2:
                continue
            score = float(np.clip(0.5 + 0.45 * min(1.0, h / 70.0) + r.normal(0, 0.04), 0.3, 0.99))
            attrs = {}
            if e.kind == "worker":
                attrs["hardhat"] = bool(e.hat_on(t))
                attrs["vest"] = e.vest
                if e.hat_on(t):
                    attrs["hat_colour"] = e.hat
                attrs["activity"] = e.act(t)
            elif e.kind == "wall":
                n = e.nbricks(t)
                attrs["bricks"] = n
                attrs["courses"] = n // e.per_course
            elif e.kind not in ("pit", "load") and e.colour in ("orange", "yellow", "green", "blue", "red", "white"):
                attrs["colour"] = e.colour
            for k in list(attrs):
                if r.random() < 0.05:
                    del attrs[k]
            dets.append({"label": e.label, "bbox": [round(v, 1) for v in bb], "score": round(score, 3),
                         "track_id": track[e.eid], "attributes": attrs})
            seen[e.eid].append(i)
        frames.append({"t": round(t, 4), "detections": dets})
    return frames, seen
