"""Simulated detector + tracker: what a real detector would report, with noise.

Per frame: entities with a label that are in front of the lens, at least half inside the
image, big enough, not mostly hidden behind nearer solid things and within range.
Noise: box jitter, random and burst misses, dropped attributes, scores by size.
Tracker: `keep` (one id per individual) or `gap` (a new id after gap_s out of view).
"""
import numpy as np

from . import scene
from .lens import Lens
from .world import FPS

MIN_H = {"hammer": 7, "drill": 8, "cone": 10, "toolbox": 8}
RANGE = {"hammer": 6.0, "drill": 8.0, "toolbox": 16.0, "cone": 25.0, "worker": 35.0}


def visible_geometry(sc):
    """geo[i] = {eid: geometry} for labelled entities truly visible (before detector noise)."""
    lens = Lens(sc.width, sc.height, sc.hfov, sc.projection)
    geo = []
    for i in range(sc.n):
        items = scene.frame_items(sc, i)
        g = scene.geometry(sc, lens, i, items)
        keep = {}
        for eid, r in g.items():
            e = sc.by_id[eid]
            if e.label is None:
                continue
            x1, y1, x2, y2 = r["bbox"]
            big = e.kind in ("scaffold", "excavation", "brick_wall", "skip", "load")
            if r["frac"] < (0.35 if big else 0.5):
                continue
            if (y2 - y1) < MIN_H.get(e.kind, 12) or (x2 - x1) < 4:
                continue
            if r["dist"] > RANGE.get(e.kind, 40.0):
                continue
            if r["occ"] > 0.6:
                continue
            keep[eid] = r
        geo.append(keep)
    return geo


def attributes(e, t, rng, drop):
    a = {}
    if e.kind == "worker":
        on = e.hat_on(t)
        a["hardhat"] = bool(on)
        a["vest"] = e.vest or "none"
        if on:
            a["hat_colour"] = e.hat
        st = e.state(t)
        a["activity"] = {"working": "active", "idle": "idle", "walking": "walking"}.get(st, "active")
    elif e.kind == "brick_wall":
        b = e.bricks(t)
        a["bricks"] = b
        a["courses"] = b // e.per_course
    elif e.colour:
        a["colour"] = e.colour
    return {k: v for k, v in a.items() if rng.random() >= drop}


def simulate(sc, geo):
    """Returns (frames, obs): frames = detections.jsonl records; obs[eid] = [(frame, det)]."""
    rng = np.random.default_rng(sc.seed + 101)
    burst = {}
    last_det = {}
    ids = {}
    counter = [0]
    frames = []
    obs = {e.eid: [] for e in sc.entities if e.label}
    mode, gap_s = sc.tracker
    for i in range(sc.n):
        t = i / FPS
        dets = []
        for eid in sorted(geo[i]):
            r = geo[i][eid]
            e = sc.by_id[eid]
            x1, y1, x2, y2 = r["bbox"]
            w, h = x2 - x1, y2 - y1
            if burst.get(eid, 0) > 0:
                burst[eid] -= 1
                continue
            if rng.random() < 0.004:
                burst[eid] = int(rng.integers(1, 6))
                continue
            if rng.random() < (0.025 if h >= 22 else 0.12):
                continue
            j = rng.normal(0, 1, 4) * np.array([w, h, w, h]) * 0.025
            bb = [float(np.clip(x1 + j[0], 0, sc.width - 1)), float(np.clip(y1 + j[1], 0, sc.height - 1)),
                  float(np.clip(x2 + j[2], 0, sc.width - 1)), float(np.clip(y2 + j[3], 0, sc.height - 1))]
            if bb[2] - bb[0] < 2 or bb[3] - bb[1] < 2:
                continue
            if mode == "gap":
                if eid not in ids or t - last_det[eid] > gap_s:
                    counter[0] += 1
                    ids[eid] = str(counter[0])
            elif eid not in ids:
                counter[0] += 1
                ids[eid] = str(counter[0])
            last_det[eid] = t
            score = float(np.clip(0.5 + 0.45 * min(1.0, h / 110.0) + rng.normal(0, 0.04), 0.3, 0.99))
            d = {"label": e.label, "bbox": [round(v, 1) for v in bb], "score": round(score, 3),
                 "track_id": ids[eid], "attributes": attributes(e, t, rng, 0.04)}
            dets.append(d)
            obs[eid].append((i, d))
        frames.append({"t": round(t, 4), "detections": dets})
    return frames, obs
