"""A simulated detector and tracker: what an external detector would report, frame by frame.

Only entities really visible in the frame are reported (enough visible pixels, not mostly hidden
or outside the picture), with box jitter, missed frames, varying scores and sometimes an
attribute left out. The tracker either keeps ids across gaps or starts a new id after an
individual has been out of view for longer than its gap."""
import numpy as np

MIN_PX = {"worker": 110, "drill": 35, "hammer": 25, "toolbox": 60, "cone": 60}
MIN_FRAC = {"scaffold": 0.18, "excavation": 0.25, "brick_wall": 0.25}


def visible(label, st):
    n, own, bbox = st
    if bbox is None or n <= 0:
        return False
    if n < MIN_PX.get(label, 120):
        return False
    if n / max(own, 1) < MIN_FRAC.get(label, 0.3):
        return False
    x0, y0, x1, y1 = bbox
    return (y1 - y0) >= 8 and (x1 - x0) >= 4


def detect(world, stats, tracker, seed):
    """stats: per frame dict name -> (visible px, own px, bbox).

    Returns (lines, obs): lines for detections.jsonl and obs[name] = {"vis": bool[], "det": bool[],
    "bbox": list, "track": list}."""
    rng = np.random.default_rng(seed)
    ents = [e for e in world.ents if e.label is not None]
    n = len(stats)
    obs = {e.name: {"vis": np.zeros(n, bool), "det": np.zeros(n, bool), "bbox": [None] * n,
                    "track": [None] * n} for e in ents}
    next_id = [1]
    cur_id = {}
    last_det = {}
    gap_frames = None if tracker["mode"] == "keep" else int(round(tracker["gap_s"] * world.fps))
    W, H = world.lens.w, world.lens.h
    lines = []
    for i in range(n):
        t = i / world.fps
        u = rng.random((len(ents), 10))
        g = rng.standard_normal((len(ents), 5))
        dets = []
        for k, e in enumerate(ents):
            st = stats[i].get(e.name)
            if st is None or not visible(e.label, st):
                continue
            obs[e.name]["vis"][i] = True
            nvis, own, (x0, y0, x1, y1) = st
            bw, bh = x1 - x0, y1 - y0
            frac = nvis / max(own, 1)
            small = min(1.0, max(0.0, (36.0 - min(bw, bh)) / 36.0))
            p_miss = 0.025 + 0.12 * small + 0.12 * max(0.0, 0.7 - frac)
            if u[k, 0] < p_miss:
                continue
            sx, sy = 0.025 * bw + 0.6, 0.025 * bh + 0.6
            box = [x0 + g[k, 0] * sx, y0 + g[k, 1] * sy, x1 + g[k, 2] * sx, y1 + g[k, 3] * sy]
            box = [min(max(box[0], 0.0), W - 2.0), min(max(box[1], 0.0), H - 2.0),
                   min(max(box[2], 1.0), float(W)), min(max(box[3], 1.0), float(H))]
            if box[2] <= box[0] + 1:
                box[2] = box[0] + 2
            if box[3] <= box[1] + 1:
                box[3] = box[1] + 2
            score = float(np.clip(0.5 + 0.45 * min(1.0, bh / 70.0) * min(1.0, frac + 0.3) + 0.04 * g[k, 4], 0.3, 0.99))
            # tracker
            if e.name not in cur_id or (gap_frames is not None and i - last_det[e.name] > gap_frames):
                cur_id[e.name] = str(next_id[0])
                next_id[0] += 1
            last_det[e.name] = i
            tid = cur_id[e.name]
            attrs = {}
            if e.label == "worker":
                weak = 0.35 if bh < 28 else 0.0
                if u[k, 1] >= 0.05 + weak:
                    attrs["hardhat"] = bool(e.hat_on(t))
                if u[k, 2] >= 0.05 + weak * 0.5:
                    attrs["vest"] = e.attrs.get("vest", "none")
                if e.hat_on(t) and u[k, 3] >= 0.1 + weak:
                    attrs["hat_colour"] = e.attrs["hat_colour"]
                if u[k, 4] >= 0.1:
                    attrs["activity"] = e.act(t)
            elif e.label == "brick_wall":
                nb = world.bricks(e, t)
                if u[k, 5] >= 0.06:
                    attrs["bricks"] = int(nb)
                if u[k, 6] >= 0.06:
                    attrs["courses"] = int(nb // e.style["per_course"])
            elif "colour" in e.attrs and u[k, 7] >= 0.1:
                attrs["colour"] = e.attrs["colour"]
            dets.append({"label": e.label, "bbox": [round(v, 1) for v in box], "score": round(score, 3),
                         "track_id": tid, "attributes": attrs})
            o = obs[e.name]
            o["det"][i] = True
            o["bbox"][i] = box
            o["track"][i] = tid
        lines.append({"t": round(t, 4), "detections": dets})
    return lines, obs
