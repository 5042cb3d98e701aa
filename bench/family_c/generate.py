"""python -m bench.family_c.generate --out DIR [--only NAME] [--quick] [--overlay]

Writes DIR/<scenario>/{video.mp4, detections.jsonl, questions.json, truth.json}.
--quick: truth, questions and detections only (no video).
--overlay: also write a few frames with the detection boxes drawn, as PNG, to DIR/<scenario>/overlay/.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import time

import cv2

from .questions import QUESTIONS
from .scenarios import SCENARIOS
from .scene import FPS
from .truth import Obs
from .world import SECTORS

KINDS = ("directional", "object_permanence", "temporal_retrieval", "temporal_reasoning", "productivity", "identity")


def build(name):
    sc, recalls, ev = SCENARIOS[name]()
    ob = Obs(sc)
    alerts = ob.alerts(recalls)
    qb = QUESTIONS[name](ob, sc.script.marks, ev)
    truth = {
        "camera": name, "fps": FPS, "width": sc.lens.W, "height": sc.lens.H,
        "duration_s": round(sc.n / FPS, 3), "hfov_deg": sc.lens.hfov, "projection": sc.lens.proj,
        "heading": [[round(i / FPS, 3), round(float(sc.yaw[i]), 3)] for i in range(sc.n)],
        "answers": qb.ans, "alerts": alerts,
    }
    return sc, ob, truth, qb.qs


def validate(sc, ob, truth, qs):
    W, H = sc.lens.W, sc.lens.H
    assert len(ob.det_lines) == sc.n == len(truth["heading"])
    for line in ob.det_lines:
        for d in line["detections"]:
            x1, y1, x2, y2 = d["bbox"]
            assert 0 <= x1 < x2 <= W and 0 <= y1 < y2 <= H, d
    ids = [q["id"] for q in qs]
    assert len(set(ids)) == len(ids) and ids == [a["id"] for a in truth["answers"]]
    assert 25 <= len(qs) <= 35, len(qs)
    for q, a in zip(qs, truth["answers"], strict=True):
        assert 0 < q["at"] < truth["duration_s"]
        assert a["kind"] in KINDS
        for k in ("direction", "direction_alt"):
            if k in a:
                assert a[k] in SECTORS
    kinds = collections.Counter(a["kind"] for a in truth["answers"])
    assert set(kinds) == set(KINDS), kinds
    for al in truth["alerts"]:
        assert 0 <= al["t0"] < truth["duration_s"], al
    yaw = [h[1] for h in truth["heading"]]
    assert max(yaw) - min(yaw) >= 360, "no full turn"
    speed = max(abs(b - a) * FPS for a, b in zip(yaw, yaw[1:], strict=False))
    assert speed <= 100, speed
    return kinds, speed


def render(sc, ob, path, overlay_dir=None, overlay_frames=()):
    vw = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"mp4v"), FPS, (sc.lens.W, sc.lens.H))
    assert vw.isOpened(), path
    for i in range(sc.n):
        items = sc.items(i)
        img = sc.render(i, items)
        vw.write(img)
        if overlay_dir and i in overlay_frames:
            ov = img.copy()
            for d in ob.det_lines[i]["detections"]:
                x1, y1, x2, y2 = d["bbox"]
                cv2.rectangle(ov, (x1, y1), (x2 - 1, y2 - 1), (0, 255, 0), 1)
                a = d["attributes"]
                tag = d["label"] + ":" + d["track_id"]
                if "hardhat" in a:
                    tag += (" hat" if a["hardhat"] else " NOHAT") + " " + a.get("activity", "")
                if "bricks" in a:
                    tag += f" b{a['bricks']} c{a['courses']}"
                cv2.putText(ov, tag, (x1, max(10, y1 - 3)), cv2.FONT_HERSHEY_SIMPLEX, 0.35, (0, 255, 0), 1)
            cv2.putText(ov, f"t={i / FPS:.1f} yaw={sc.yaw[i]:.1f}", (5, 14), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 255), 1)
            cv2.imwrite(os.path.join(overlay_dir, f"f{i:05d}.png"), ov)
    vw.release()
    cap = cv2.VideoCapture(path)
    n = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
    cap.release()
    assert n == sc.n, (n, sc.n)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", choices=sorted(SCENARIOS))
    ap.add_argument("--quick", action="store_true", help="no video")
    ap.add_argument("--overlay", action="store_true", help="write a few annotated frames as PNG")
    args = ap.parse_args(argv)
    names = [args.only] if args.only else list(SCENARIOS)
    t_all = time.time()
    for name in names:
        t0 = time.time()
        sc, ob, truth, qs = build(name)
        kinds, speed = validate(sc, ob, truth, qs)
        d = os.path.join(args.out, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "detections.jsonl"), "w") as f:
            for line in ob.det_lines:
                f.write(json.dumps(line, separators=(",", ":")) + "\n")
        with open(os.path.join(d, "questions.json"), "w") as f:
            json.dump(qs, f, indent=1)
        with open(os.path.join(d, "truth.json"), "w") as f:
            json.dump(truth, f, separators=(",", ":"))
        if not args.quick:
            ovd = None
            frames = ()
            if args.overlay:
                ovd = os.path.join(d, "overlay")
                os.makedirs(ovd, exist_ok=True)
                frames = {int(a["t0"] * FPS) for a in truth["alerts"]} | set(range(0, sc.n, sc.n // 6))
            render(sc, ob, os.path.join(d, "video.mp4"), ovd, frames)
        cats = collections.Counter(a["category"] for a in truth["alerts"])
        print(f"{name}: {truth['duration_s']:.1f} s, {sc.n} frames, {sc.lens.W}x{sc.lens.H} {sc.lens.proj} "
              f"{sc.lens.hfov:g} deg, max turn {speed:.0f} deg/s, {len(qs)} questions {dict(kinds)}, "
              f"alerts {dict(cats)}, {time.time() - t0:.1f} s", flush=True)
    print(f"done in {time.time() - t_all:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
