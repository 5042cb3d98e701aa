"""Check written outputs: python -m family_i.check DIR  (exit 1 with a list of problems)."""
import json
import os
import sys
from collections import Counter

SECT = {"front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left"}
CATS = {"safety_alert", "ppe_violation", "exclusion_zone", "left_behind", "idle", "progress", "memory_recall"}


def check_dir(d, video=True):
    P = []
    name = os.path.basename(d.rstrip("/"))
    tr = json.load(open(os.path.join(d, "truth.json")))
    qs = json.load(open(os.path.join(d, "questions.json")))
    n = int(round(tr["duration_s"] * tr["fps"]))
    lines = [json.loads(x) for x in open(os.path.join(d, "detections.jsonl"))]
    if len(lines) != n:
        P.append(f"{name}: {len(lines)} detection lines, want {n}")
    if len(tr["heading"]) != n:
        P.append(f"{name}: heading has {len(tr['heading'])} rows, want {n}")
    if tr["heading"][0][1] != 0:
        P.append(f"{name}: heading not 0 at t=0")
    W, H = tr["width"], tr["height"]
    if W > 640 or H > 360:
        P.append(f"{name}: resolution too big")
    if not (60 <= tr["hfov_deg"] <= 150) or tr["projection"] not in ("pinhole", "fisheye"):
        P.append(f"{name}: lens")
    if not (240 <= tr["duration_s"] <= 300):
        P.append(f"{name}: duration")
    prev = -1
    labels = Counter()
    for ln in lines:
        if ln["t"] <= prev:
            P.append(f"{name}: t not increasing at {ln['t']}")
            break
        prev = ln["t"]
        for det in ln["detections"]:
            x1, y1, x2, y2 = det["bbox"]
            if not (0 <= x1 < x2 <= W and 0 <= y1 < y2 <= H):
                P.append(f"{name}: bbox out of image at {ln['t']}")
            if det["label"] != det["label"].lower() or not isinstance(det["track_id"], str):
                P.append(f"{name}: label/track id format")
            labels[det["label"]] += 1
    ats = [q["at"] for q in qs]
    if ats != sorted(ats) or not (25 <= len(qs) <= 35):
        P.append(f"{name}: questions unsorted or wrong count")
    if any(q["camera"] != tr["camera"] for q in qs):
        P.append(f"{name}: camera id mismatch")
    ans = {a["id"]: a for a in tr["answers"]}
    if set(ans) != {q["id"] for q in qs}:
        P.append(f"{name}: answers do not match questions")
    for a in tr["answers"]:
        for k in ("direction", "direction_alt"):
            if k in a and a[k] not in SECT:
                P.append(f"{name}: {a['id']} bad sector")
    cats = Counter(a["category"] for a in tr["alerts"])
    if set(cats) - CATS:
        P.append(f"{name}: unknown alert category")
    if video and os.path.exists(os.path.join(d, "video.mp4")):
        import cv2
        cap = cv2.VideoCapture(os.path.join(d, "video.mp4"))
        fc = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
        w, h = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
        fps = cap.get(cv2.CAP_PROP_FPS)
        if fc != n or (w, h) != (W, H) or abs(fps - 15) > 0.01:
            P.append(f"{name}: video {fc} frames {w}x{h} @{fps}, want {n} {W}x{H} @15")
    elif video:
        P.append(f"{name}: no video.mp4")
    kinds = Counter(a["kind"] for a in tr["answers"])
    return P, kinds, cats, labels


def main():
    root = sys.argv[1]
    video = "--quick" not in sys.argv
    allp = []
    allcats = Counter()
    for nm in sorted(os.listdir(root)):
        d = os.path.join(root, nm)
        if not os.path.isfile(os.path.join(d, "truth.json")):
            continue
        P, kinds, cats, labels = check_dir(d, video)
        allp += P
        allcats.update(cats)
        print(f"{nm}: questions {dict(kinds)}; alerts {dict(cats)}; labels {dict(labels)}")
    missing = CATS - set(allcats)
    if missing:
        allp.append(f"categories not covered: {sorted(missing)}")
    if allp:
        print("PROBLEMS:")
        for p in allp:
            print("  - " + p)
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
