"""Turns geometric visibility into a noisy external detector's output (the contract's JSON Lines)."""
from __future__ import annotations

import numpy as np

WORKER_KEYS = ("hardhat", "vest", "hat_colour", "activity")


class DetectorNoise:
    def __init__(self, seed, *, p_drop_frame=0.008, p_burst=0.006, burst=(2, 9), p_miss=0.015, jitter=0.022,
                 p_attr_loss=0.06, track_mode="persistent", gap_s=0.7, fps=15):
        self.rng = np.random.default_rng(seed)
        self.p_drop_frame = p_drop_frame
        self.p_burst = p_burst
        self.burst = burst
        self.p_miss = p_miss
        self.jitter = jitter
        self.p_attr_loss = p_attr_loss
        self.track_mode = track_mode
        self.gap_s = gap_s
        self.fps = fps
        self._burst_left = {}
        self._last_seen = {}
        self._ids = {}
        self._next_id = 1
        self.track_ids = {}   # eid -> set of ids issued

    def _track_id(self, ent, t):
        eid = ent.eid
        last = self._last_seen.get(eid)
        mode = self.track_mode
        new = eid not in self._ids
        if not new and last is not None:
            gap = t - last
            if mode == "new_after_gap" and gap > self.gap_s or mode == "mixed" and ent.label != "worker" and gap > 3.0:
                new = True
        if new:
            self._ids[eid] = str(self._next_id)
            self._next_id += 1
            self.track_ids.setdefault(eid, []).append(self._ids[eid])
        self._last_seen[eid] = t
        return self._ids[eid]

    def frame(self, world, t, boxes, states, W, H):
        """boxes: eid -> clipped bbox.  Returns (list of detection dicts, list of eids emitted)."""
        rng = self.rng
        dets = []
        emitted = []
        if rng.random() < self.p_drop_frame:
            # keep the random stream aligned: still advance burst counters
            for eid in boxes:
                if self._burst_left.get(eid, 0) > 0:
                    self._burst_left[eid] -= 1
            return dets, emitted
        for eid in sorted(boxes):
            ent = world.ents[eid]
            x1, y1, x2, y2 = boxes[eid]
            w, h = x2 - x1, y2 - y1
            size = max(w, h)
            if self._burst_left.get(eid, 0) > 0:
                self._burst_left[eid] -= 1
                continue
            if rng.random() < self.p_burst * ent.params.get("miss_mult", 1.0):
                self._burst_left[eid] = int(rng.integers(self.burst[0], self.burst[1] + 1)) - 1
                continue
            small = 1.0 + 2.0 * max(0.0, (30.0 - size) / 30.0)
            if rng.random() < self.p_miss * small:
                continue
            j = self.jitter
            nb = [x1 + rng.normal(0, j * w), y1 + rng.normal(0, j * h), x2 + rng.normal(0, j * w),
                  y2 + rng.normal(0, j * h)]
            nb = [min(max(nb[0], 0.0), W - 1.0), min(max(nb[1], 0.0), H - 1.0), min(max(nb[2], 0.0), W - 1.0),
                  min(max(nb[3], 0.0), H - 1.0)]
            if nb[2] - nb[0] < 2 or nb[3] - nb[1] < 2:
                continue
            sf = min(1.0, size / 80.0)
            score = ent.score * (0.86 + 0.14 * sf) + rng.normal(0, 0.04)
            score = float(min(max(score, 0.31), 0.99))
            attrs = {}
            st = states[eid]
            keys = ent.det_keys if ent.det_keys is not None else ()
            for k in keys:
                if k not in st["attrs"]:
                    continue
                v = st["attrs"][k]
                if k == "hat_colour" and not st["attrs"].get("hardhat", True):
                    continue
                if rng.random() < self.p_attr_loss:
                    continue
                attrs[k] = v
            tid = self._track_id(ent, t)
            dets.append({"label": ent.label, "bbox": [round(v, 1) for v in nb], "score": round(score, 3),
                         "track_id": tid, "attributes": attrs})
            emitted.append(eid)
        return dets, emitted
