"""Validate a rendered family B output folder; optionally overlay boxes on frames.

    python -m bench.family_b.check DIR [--png OUTDIR --frames 0,150,...]
"""
from __future__ import annotations

import argparse
import json
import os

import cv2

SECTORS = {"front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left"}
KINDS = {"directional", "object_permanence", "temporal_retrieval", "temporal_reasoning",
         "productivity", "identity"}
CATS = {"safety_alert", "ppe_violation", "exclusion_zone", "left_behind", "idle", "progress",
        "memory_recall"}


def check(d, png=None, frames=()):
    truth = json.load(open(os.path.join(d, "truth.json")))
    qs = json.load(open(os.path.join(d, "questions.json")))
    dets = [json.loads(x) for x in open(os.path.join(d, "detections.jsonl"))]
    cap = cv2.VideoCapture(os.path.join(d, "video.mp4"))
    nvid = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
    W, H = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
    errs = []
    n = truth["frames"]
    if nvid != n:
        errs.append(f"video frames {nvid} != {n}")
    if (truth["width"], truth["height"]) != (W, H):
        errs.append("size mismatch")
    if len(dets) != n or len(truth["heading"]) != n:
        errs.append("detections/heading length mismatch")
    for i, line in enumerate(dets):
        if abs(line["t"] - i / truth["fps"]) > 1e-3:
            errs.append(f"t mismatch at {i}")
            break
        for det in line["detections"]:
            x1, y1, x2, y2 = det["bbox"]
            if not (0 <= x1 < x2 <= W and 0 <= y1 < y2 <= H):
                errs.append(f"bad bbox {det} at {i}")
    ids = {q["id"] for q in qs}
    ans = {a["id"]: a for a in truth["answers"]}
    if ids != set(ans):
        errs.append("question/answer id mismatch")
    for q in qs:
        if not (0 < q["at"] < truth["duration_s"]):
            errs.append(f"{q['id']} at outside video")
        a = ans[q["id"]]
        if a["kind"] not in KINDS:
            errs.append(f"{q['id']} kind")
        for k in ("direction", "direction_alt"):
            if k in a and a[k] not in SECTORS:
                errs.append(f"{q['id']} {k}")
        if not any(k in a for k in ("time", "duration_s", "direction", "yes_no", "entity_types", "count")):
            errs.append(f"{q['id']} no typed field")
    for al in truth["alerts"]:
        if al["category"] not in CATS or not al["t0"] < al["t1"]:
            errs.append(f"bad alert {al}")
    if png:
        os.makedirs(png, exist_ok=True)
        for fi in frames:
            cap.set(cv2.CAP_PROP_POS_FRAMES, fi)
            ok, img = cap.read()
            if not ok:
                continue
            for det in dets[fi]["detections"]:
                x1, y1, x2, y2 = (int(round(v)) for v in det["bbox"])
                cv2.rectangle(img, (x1, y1), (x2, y2), (0, 0, 255), 1)
                cv2.putText(img, f"{det['label']}:{det['track_id']}", (x1, max(10, y1 - 3)),
                            cv2.FONT_HERSHEY_SIMPLEX, 0.35, (0, 0, 255), 1)
            yaw = truth["heading"][fi][1]
            cv2.putText(img, f"t={fi / truth['fps']:.1f} yaw={yaw:.1f}", (5, 15),
                        cv2.FONT_HERSHEY_SIMPLEX, 0.45, (255, 255, 255), 1)
            cv2.imwrite(os.path.join(png, f"{os.path.basename(d)}_{fi:05d}.png"), img)
    return errs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--png", default=None)
    ap.add_argument("--frames", default="")
    a = ap.parse_args()
    frames = [int(x) for x in a.frames.split(",") if x]
    bad = 0
    for d in a.dirs:
        errs = check(d, a.png, frames)
        print(d, "OK" if not errs else errs[:10])
        bad += bool(errs)
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
