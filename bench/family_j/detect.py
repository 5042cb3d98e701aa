"""Simulated external detector + tracker: what a detector would report, frame by frame."""
import math
import numpy as np
import cv2

from .world import frame_items

HALF = 2  # the visibility buffer is rendered at 1/HALF resolution


def _own_pixels(polys, bbox, W, H):
    """pixels an item covers on its own (in the extended frame) and inside the image, at 1/HALF res."""
    x1, y1, x2, y2 = bbox
    ox, oy = int(math.floor(max(x1, -W) / HALF)) - 1, int(math.floor(max(y1, -H) / HALF)) - 1
    ex, ey = int(math.ceil(min(x2, 2 * W) / HALF)) + 2, int(math.ceil(min(y2, 2 * H) / HALF)) + 2
    w, h = max(ex - ox, 1), max(ey - oy, 1)
    m = np.zeros((h, w), np.uint8)
    for uv, _, _ in polys:
        cv2.fillPoly(m, [np.round((uv / HALF - [ox, oy]) * 4).astype(np.int32)], 1, cv2.LINE_8, shift=2)
    total = int(m.sum())
    ix0, iy0 = max(0, -ox), max(0, -oy)
    ix1, iy1 = min(w, W // HALF - ox), min(h, H // HALF - oy)
    inside = int(m[iy0:iy1, ix0:ix1].sum()) if ix1 > ix0 and iy1 > iy0 else 0
    return total, inside


def visibility(scn, lens, f, subdiv):
    W, H = lens.w, lens.h
    items = frame_items(scn, lens, f, subdiv)
    idb = np.zeros((H // HALF, W // HALF), np.int32)
    for k, it in enumerate(items):
        for uv, _, _ in it["polys"][:1] if it.get("pit") else it["polys"]:
            cv2.fillPoly(idb, [np.round(uv / HALF * 4).astype(np.int32)], k + 1, cv2.LINE_8, shift=2)
    cnt = np.bincount(idb.ravel(), minlength=len(items) + 1)
    out = {}
    for k, it in enumerate(items):
        total, inside = _own_pixels(it["polys"][:1] if it.get("pit") else it["polys"], it["bbox"], W, H)
        x1, y1, x2, y2 = it["bbox"]
        bx = (max(0.0, x1), max(0.0, y1), min(W - 1.0, x2), min(H - 1.0, y2))
        out[it["eid"]] = dict(bbox=bx, full=it["bbox"], trunc=inside / max(total, 1),
                              vis=cnt[k + 1] / max(inside, 1), px=inside, dist=it["dist"])
    return out


def run_detector(scn, lens):
    """returns (jsonl records, observation log {eid: [(f, bbox, attrs, track)]}, raw visibility)"""
    rng = np.random.default_rng(scn.seed * 7919 + 13)
    subdiv = 1 if lens.proj == "pinhole" else 2
    records, obs = [], {e.eid: [] for e in scn.entities}
    raw = {e.eid: np.zeros(scn.F, bool) for e in scn.entities}
    last_f, track_of, next_id = {}, {}, [1]
    burst_until = {}
    ents = [e for e in scn.entities if e.detect]
    for f in range(scn.F):
        t = scn.T[f]
        vis = visibility(scn, lens, f, subdiv)
        dets = []
        for e in ents:
            v = vis.get(e.eid)
            if v is None:
                continue
            x1, y1, x2, y2 = v["bbox"]
            w, h = x2 - x1, y2 - y1
            small = min(w, h)
            big = max(w, h)
            min_big = 16 if e.label in ("drill", "hammer") else 12
            if big < min_big or small < 4 or v["trunc"] < 0.4 or v["vis"] < 0.4 or v["px"] < 8:
                continue
            raw[e.eid][f] = True
            if burst_until.get(e.eid, -1) >= f:
                continue
            if rng.random() < 1.0 / (70 * scn.fps):
                burst_until[e.eid] = f + int(rng.integers(3, 12))
                continue
            pmiss = 0.03 + (0.08 if big < 22 else 0) + (0.08 if v["vis"] < 0.7 else 0)
            if rng.random() < pmiss:
                continue
            jx, jy = 0.015 * w + 0.6, 0.015 * h + 0.6
            b = [x1 + rng.normal(0, jx), y1 + rng.normal(0, jy), x2 + rng.normal(0, jx), y2 + rng.normal(0, jy)]
            b = [float(np.clip(b[0], 0, lens.w - 1)), float(np.clip(b[1], 0, lens.h - 1)),
                 float(np.clip(b[2], 0, lens.w - 1)), float(np.clip(b[3], 0, lens.h - 1))]
            if b[2] - b[0] < 3 or b[3] - b[1] < 3:
                continue
            score = 0.45 + 0.5 * min(1.0, big / 90.0) * min(1.0, v["vis"]) + rng.normal(0, 0.04)
            attrs = {}
            plost = 0.04 if big >= 40 else 0.12
            if e.is_worker:
                hat = bool(scn.hat[e.eid][f])
                cand = {"hardhat": hat, "vest": e.vest or "none"}
                if hat and e.hat_colour:
                    cand["hat_colour"] = e.hat_colour
                cand["activity"] = str(scn.act[e.eid][f])
            elif e.label == "brick_wall":
                n = int(e.kw["bricks_at"](t))
                cand = {"bricks": n, "courses": n // e.kw.get("per_course", 8)}
                if e.colour:
                    cand["colour"] = e.colour
            else:
                cand = {"colour": e.colour} if isinstance(e.colour, str) else {}
            for k, val in cand.items():
                if rng.random() >= plost:
                    attrs[k] = val
            # tracker
            gap = (f - last_f[e.eid]) / scn.fps if e.eid in last_f else None
            if e.eid not in track_of or (scn.tracker_gap_s is not None and gap is not None and gap > scn.tracker_gap_s):
                track_of[e.eid] = str(next_id[0])
                next_id[0] += 1
            last_f[e.eid] = f
            tid = track_of[e.eid]
            dets.append({"label": e.label, "bbox": [round(x, 1) for x in b],
                         "score": round(float(np.clip(score, 0.3, 0.99)), 3), "track_id": tid,
                         "attributes": attrs})
            obs[e.eid].append((f, b, attrs, tid))
        records.append({"t": round(float(t), 4), "detections": dets})
    return records, obs, raw
