"""Simulated detector + tracker: what a real detector would report for each frame."""
import numpy as np

from .render import project_entity

BIG = {"excavation", "scaffold", "brick_wall", "skip"}
FLAT = {"excavation"}


def entity_views(scn, t):
    """True (noise-free) image boxes of every detectable entity at t.

    Returns {eid: dict(bbox=[x1,y1,x2,y2] unclipped, depth, ok)}.
    """
    out = {}
    for e in scn.entities:
        if not e.detect or not e.exists(t):
            continue
        pb = project_entity(scn, e, t)
        pts, valid = [], []
        for p2, depth, col, bb, flat, ok, vmask in pb:
            if bb:
                pts.append(p2[vmask])
                valid.append(vmask)
        if not pts:
            continue
        vfrac = float(np.concatenate(valid).mean())
        P = np.concatenate(pts) if sum(len(p) for p in pts) else None
        if P is None or vfrac < 0.9:
            continue
        x1, y1 = P.min(0)
        x2, y2 = P.max(0)
        eye = scn.wearer.eye(t)
        p = e.p(t)
        depth = float(np.hypot(p[0] - eye[0], p[2] - eye[2]))
        out[e.eid] = dict(bbox=[float(x1), float(y1), float(x2), float(y2)], depth=depth)
    return out


def visible_set(scn, views):
    """Which entities a detector could report: inside the image, big enough, not hidden."""
    W, H = scn.lens.W, scn.lens.H
    vis = {}
    items = sorted(views.items(), key=lambda kv: kv[1]["depth"])
    placed = []
    for eid, v in items:
        e = scn.by_id[eid]
        x1, y1, x2, y2 = v["bbox"]
        area = max(1e-6, (x2 - x1) * (y2 - y1))
        cx1, cy1, cx2, cy2 = max(0, x1), max(0, y1), min(W - 1, x2), min(H - 1, y2)
        if cx2 <= cx1 or cy2 <= cy1:
            continue
        carea = (cx2 - cx1) * (cy2 - cy1)
        need = 0.3 if e.label in BIG else 0.55
        ok = carea / area >= need
        w, h = cx2 - cx1, cy2 - cy1
        if e.label == "worker":
            ok = ok and h >= 10 and w >= 4
        else:
            ok = ok and max(w, h) >= 8 and w * h >= 40
        if ok:
            cov = 0.0
            for (ox1, oy1, ox2, oy2) in placed:
                ix = max(0, min(cx2, ox2) - max(cx1, ox1))
                iy = max(0, min(cy2, oy2) - max(cy1, oy1))
                cov += ix * iy / carea
            ok = cov < 0.55
        if e.label not in FLAT:
            placed.append((cx1, cy1, cx2, cy2))
        if ok:
            vis[eid] = [cx1, cy1, cx2, cy2]
    return vis


def true_attrs(e, t):
    a = {}
    if e.label == "worker":
        a["hardhat"] = bool(e.hardhat(t))
        a["vest"] = e.attrs.get("vest", "none")
        if e.hardhat(t):
            a["hat_colour"] = e.attrs["hat_colour"]
        act = e.act(t)
        if act:
            a["activity"] = act
    elif e.label == "brick_wall":
        n = e.n_bricks(t)
        a["bricks"] = n
        a["courses"] = n // (e.size or 10)
    elif "colour" in e.attrs:
        a["colour"] = e.attrs["colour"]
    return a


def run_detector(scn):
    """Returns (lines, obs, vis) where
    lines: per-frame dicts for detections.jsonl,
    obs: {eid: list of (t, bbox, attrs, track_id)} (what was reported),
    vis: {eid: np.bool_ array over frames} (truly visible, before misses)."""
    rng = np.random.default_rng(scn.seed * 1000 + 17)
    W, H = scn.lens.W, scn.lens.H
    lines = []
    obs = {e.eid: [] for e in scn.entities}
    vis = {e.eid: np.zeros(scn.n, bool) for e in scn.entities}
    views_all = []
    next_id = [1]
    tid = {}
    last = {}
    for i, t in enumerate(scn.times):
        views = entity_views(scn, t)
        views_all.append(views)
        vs = visible_set(scn, views)
        dets = []
        for eid in sorted(vs):
            vis[eid][i] = True
            e = scn.by_id[eid]
            x1, y1, x2, y2 = vs[eid]
            w, h = x2 - x1, y2 - y1
            small = max(w, h) < 20
            if rng.random() < (0.12 if small else 0.04):
                continue
            j = rng.normal(0, 1, 4)
            bb = [x1 + j[0] * (0.03 * w + 0.5), y1 + j[1] * (0.03 * h + 0.5),
                  x2 + j[2] * (0.03 * w + 0.5), y2 + j[3] * (0.03 * h + 0.5)]
            bb = [round(float(np.clip(bb[0], 0, W - 1)), 1), round(float(np.clip(bb[1], 0, H - 1)), 1),
                  round(float(np.clip(bb[2], 0, W - 1)), 1), round(float(np.clip(bb[3], 0, H - 1)), 1)]
            if bb[2] - bb[0] < 2 or bb[3] - bb[1] < 2:
                continue
            score = float(np.clip(0.55 + 0.4 * min(1.0, h / 80.0) + rng.normal(0, 0.04), 0.3, 0.99))
            attrs = true_attrs(e, t)
            for k in list(attrs):
                if rng.random() < (0.04 if k == "activity" else 0.03):
                    del attrs[k]
            # tracker
            if scn.tracker == "persistent":
                if eid not in tid:
                    tid[eid] = str(next_id[0]); next_id[0] += 1
            else:  # plain tracker: new id after the individual was out of view for > 2 s
                if eid not in tid or t - last[eid] > 2.0:
                    tid[eid] = str(next_id[0]); next_id[0] += 1
            last[eid] = t
            dets.append({"label": e.label, "bbox": bb, "score": round(score, 3),
                         "track_id": tid[eid], "attributes": attrs})
            obs[eid].append((t, bb, attrs, tid[eid]))
        lines.append({"t": round(t, 4), "detections": dets})
    return lines, obs, vis, views_all
