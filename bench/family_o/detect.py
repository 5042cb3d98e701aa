"""Detections as an external detector and tracker would report them.

Only entities visible in the frame are reported (inside the picture, big enough, not hidden
behind nearer things), with box jitter, missed frames (more for small boxes and during fast
turns, plus short bursts), scores, and now and then an attribute left out.  Track ids follow the
scenario's tracker policy: 'keep' (one id per individual) or 'gap' (a new id once an individual
has been out of view for gap_s seconds).
"""
import math
import numpy as np

MIN_PX = 40
MIN_H = 8
MIN_W = 4
MIN_OCC = 0.45
MIN_TRUNC = 0.4


def detectable(info):
    x0, y0, x1, y1 = info["bbox"]
    return (info["visible_px"] >= MIN_PX and (y1 - y0) >= MIN_H and (x1 - x0) >= MIN_W
            and info["occ_ratio"] >= MIN_OCC and info["trunc_ratio"] >= MIN_TRUNC)


def worker_attrs(st, f, e):
    hat = bool(st["hat"][f])
    a = {"hardhat": hat, "vest": e.attrs["vest"]}
    if hat:
        a["hat_colour"] = e.attrs["hat_colour"]
    a["activity"] = st["activity"][f]
    return a


def attributes(e, st, f):
    if e.kind == "worker":
        return worker_attrs(st, f, e)
    a = {}
    if "colour" in e.attrs:
        a["colour"] = e.attrs["colour"]
    if e.kind == "wall":
        n = int(st["units"][f])
        a["bricks"] = n
        a["courses"] = n // e.per_course
    return a


class Detector:
    def __init__(self, scen, world):
        self.s, self.w = scen, world
        self.rng = np.random.default_rng(scen.seed + 99)
        self.burst = {}  # eid -> frames of a missed burst left
        self.last_seen = {}  # eid -> frame
        self.track = {}  # eid -> current track id
        self.next_id = 1
        self.pol = scen.tracker

    def frame(self, f, info):
        """info: eid -> visibility from the renderer.  Returns (json record, internal list)."""
        s, w, rng = self.s, self.w, self.rng
        t = f / s.fps
        rate = abs(w.yaw[f] - w.yaw[f - 1]) * s.fps if f > 0 else 0.0
        dets, internal = [], []
        W, H = s.width, s.height
        for e in w.ents:  # fixed order: deterministic
            if e.label is None:
                continue
            vi = info.get(e.eid)
            # draw the random numbers for every entity every frame, so that visibility elsewhere never
            # shifts another entity's noise
            u = rng.uniform(size=8)
            g = rng.normal(size=6)
            if vi is None or not detectable(vi):
                continue
            x0, y0, x1, y1 = vi["bbox"]
            bw, bh = x1 - x0, y1 - y0
            area = bw * bh
            p_miss = 0.02 + 0.30 * math.exp(-math.sqrt(area) / 12.0)
            if rate > 90:
                p_miss += min(0.5, (rate - 90) / 300.0)
            b = self.burst.get(e.eid, 0)
            if b > 0:
                self.burst[e.eid] = b - 1
                continue
            if u[0] < 0.004:
                self.burst[e.eid] = int(2 + u[1] * 6)
                continue
            if u[2] < p_miss:
                continue
            sx, sy = 0.6 + 0.03 * bw, 0.6 + 0.03 * bh
            bb = [x0 + g[0] * sx, y0 + g[1] * sy, x1 + g[2] * sx, y1 + g[3] * sy]
            bb = [min(max(bb[0], 0), W - 1), min(max(bb[1], 0), H - 1), min(max(bb[2], 1), W), min(max(bb[3], 1), H)]
            if bb[2] - bb[0] < 2 or bb[3] - bb[1] < 2:
                continue
            score = 0.5 + 0.45 * (1 - math.exp(-math.sqrt(area) / 25.0)) + 0.05 * g[4]
            score = float(min(0.99, max(0.3, score)))
            st = w.state[e.eid]
            attrs = attributes(e, st, f)
            p_lose = 0.03 + 0.05 * math.exp(-math.sqrt(area) / 20.0)
            for j, k in enumerate(sorted(attrs)[:5]):
                if k in ("bricks", "courses"):
                    continue
                if u[3 + j] < p_lose:
                    del attrs[k]
            # tracker
            last = self.last_seen.get(e.eid)
            if e.eid not in self.track or (self.pol["policy"] == "gap" and last is not None
                                           and (f - last) / s.fps > self.pol["gap_s"]):
                self.track[e.eid] = str(self.next_id)
                self.next_id += 1
            self.last_seen[e.eid] = f
            rec = {"label": e.label, "bbox": [round(v, 1) for v in bb], "score": round(score, 2),
                   "track_id": self.track[e.eid], "attributes": attrs}
            dets.append(rec)
            internal.append((e.eid, rec))
        return {"t": round(t, 4), "detections": dets}, internal
