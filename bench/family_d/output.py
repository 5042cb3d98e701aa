"""Writers: detections.jsonl, questions.json, truth.json, video.mp4."""
from __future__ import annotations

import hashlib
import json

import cv2
import numpy as np

from .sim import FPS, Obs, Scenario


def _u(*key):
    h = hashlib.sha256(("|".join(str(k) for k in key)).encode()).digest()
    return int.from_bytes(h[:8], "little") / 2 ** 64


def detections(sc: Scenario, ob: Obs):
    """Per-frame detection dicts; track ids restart when a thing has been out of view > 1 s."""
    lines = []
    next_id = 1
    track = {}
    last_vis = {}
    W, H = sc.lens.W, sc.lens.H
    for i in range(ob.n):
        t = float(ob.t[i])
        dets = []
        for e in sc.entities:
            j = ob.idx[e.eid]
            if not ob.vis[i, j]:
                continue
            if e.eid not in track or i - last_vis.get(e.eid, -999) > FPS:
                track[e.eid] = str(next_id)
                next_id += 1
            last_vis[e.eid] = i
            b = ob.bbox[i, j].copy()
            jit = np.array([_u(sc.name, e.eid, i, k) - 0.5 for k in range(4)]) * 2.0
            b = b + jit
            b[[0, 2]] = np.clip(b[[0, 2]], 0, W - 1)
            b[[1, 3]] = np.clip(b[[1, 3]], 0, H - 1)
            if b[2] - b[0] < 2 or b[3] - b[1] < 2:
                b = ob.bbox[i, j].copy()
            size = min(1.0, ((b[2] - b[0]) * (b[3] - b[1])) ** 0.5 / 80.0)
            score = 0.5 + 0.35 * size + 0.12 * _u(sc.name, "s", e.eid, i)
            attrs = dict(e.attrs)
            attrs.pop("load", None)
            if e.is_worker:
                hat = bool(e.hardhat.at(t))
                attrs = {"hardhat": hat, "vest": e.attrs["vest"], "activity": e.activity_at(t)}
                if hat:
                    attrs["hat_colour"] = e.attrs["hat_colour"]
            elif e.holder is not None:
                attrs["held"] = bool(e.held(t))
            if e.bricks is not None:
                n = e.bricks_at(t)
                attrs["bricks"] = n
                attrs["courses"] = n // e.per_course
            if e.plant:
                attrs["moving"] = bool(e.moving(t))
            dets.append({"label": e.label, "bbox": [round(float(v), 1) for v in b], "score": round(float(score), 3),
                         "track_id": track[e.eid], "attributes": attrs})
        lines.append({"t": round(t, 4), "detections": dets})
    return lines


def write_json(path, obj):
    with open(path, "w") as f:
        json.dump(obj, f, indent=1)
        f.write("\n")


def write_jsonl(path, rows):
    with open(path, "w") as f:
        for r in rows:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")


def write_video(path, sc: Scenario, ob: Obs, progress=None):
    from .render import Renderer
    r = Renderer(sc, ob)
    vw = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"mp4v"), FPS, (sc.lens.W, sc.lens.H))
    if not vw.isOpened():
        raise RuntimeError("cannot open video writer for " + path)
    for i in range(ob.n):
        vw.write(r.frame(i))
        if progress and i % 600 == 0:
            progress(i)
    vw.release()
    return ob.n
