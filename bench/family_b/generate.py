"""Render family B scenarios: video.mp4, detections.jsonl, questions.json, truth.json.

    python -m bench.family_b.generate --out DIR [--only NAME] [--quick]
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import cv2

from .render import make_panorama, render_frame
from .scenarios import SCENARIOS
from .truth import derive_alerts

QUICK_S = 20.0


def _score(eid, i):
    h = (sum(map(ord, eid)) * 7919 + i * 104729) % 1000
    return round(0.78 + 0.19 * h / 1000.0, 3)


def detections_for(sc, i):
    t = float(sc.times[i])
    dets = []
    for eid, (box, cb, _) in sc.frames[i].items():
        if cb is None:
            continue
        e = sc.by_id[eid]
        a = e.attr(t)
        attrs = {}
        if e.label == "worker":
            attrs = {"hardhat": bool(a.get("hardhat", True)), "vest": a.get("vest", "none"),
                     "activity": a.get("activity", "active")}
            if attrs["hardhat"]:
                attrs["hat_colour"] = a.get("hat_colour", "white")
        else:
            for k in ("colour", "bricks", "courses", "held"):
                if k in a:
                    attrs[k] = a[k]
        dets.append({"label": e.label, "bbox": [round(float(v), 1) for v in cb],
                     "score": _score(eid, i), "track_id": eid, "attributes": attrs})
    return {"t": round(t, 4), "detections": dets}


def build(name, quick=False):
    sc, q = SCENARIOS[name](quick)
    alerts, warnings, lookalikes = derive_alerts(sc)
    return sc, q, alerts, warnings, lookalikes


def write_scenario(name, out, quick=False, log=print):
    t_start = time.time()
    sc, q, alerts, warnings, lookalikes = build(name, quick)
    n = sc.n if not quick else min(sc.n, int(QUICK_S * sc.fps))
    dur = n / sc.fps
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    questions = [x for x in q.questions_json() if x["at"] < dur]
    qids = {x["id"] for x in questions}
    answers = [a for a in q.answers_json() if a["id"] in qids]
    truth = {
        "camera": name, "fps": sc.fps, "width": sc.lens.width, "height": sc.lens.height,
        "duration_s": round(dur, 4), "frames": n, "hfov_deg": sc.lens.hfov_deg,
        "projection": sc.lens.projection,
        "heading": [[round(float(sc.times[i]), 4), round(float(sc.yaw[i]), 3)] for i in range(n)],
        "answers": answers,
        "alerts": [a for a in alerts if a["t0"] < dur],
        "lookalikes_not_alerts": lookalikes + list(sc.lookalikes),
        "description": sc.description,
        "entities": [{"track_id": e.id, "label": e.label, "name": e.name} for e in sc.ents],
        "generator": "bench.family_b (independent scenario family B)",
    }
    with open(os.path.join(d, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1)
    with open(os.path.join(d, "questions.json"), "w") as f:
        json.dump(questions, f, indent=1)
    for w in warnings:
        log(f"[{name}] WARNING {w}")
    # ---- render
    ppd = 12 if sc.lens.width > 700 else 10
    pano = make_panorama(sc.style, sc.seed, ppd)
    vw = cv2.VideoWriter(os.path.join(d, "video.mp4"), cv2.VideoWriter_fourcc(*"mp4v"), sc.fps,
                         (sc.lens.width, sc.lens.height))
    if not vw.isOpened():
        raise RuntimeError("cannot open VideoWriter (mp4v)")
    with open(os.path.join(d, "detections.jsonl"), "w") as f:
        for i in range(n):
            img = render_frame(sc, i, pano, ppd)
            vw.write(img)
            f.write(json.dumps(detections_for(sc, i)) + "\n")
    vw.release()
    log(f"[{name}] {n} frames ({dur:.0f}s), {len(questions)} questions, {len(truth['alerts'])} alerts, "
        f"{time.time() - t_start:.1f}s")
    return truth


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default=None, help="one scenario name")
    ap.add_argument("--quick", action="store_true", help=f"render only the first {QUICK_S:.0f} s")
    args = ap.parse_args(argv)
    names = [args.only] if args.only else list(SCENARIOS)
    for nm in names:
        if nm not in SCENARIOS:
            sys.exit(f"unknown scenario {nm!r}; known: {', '.join(SCENARIOS)}")
    t0 = time.time()
    for nm in names:
        write_scenario(nm, args.out, args.quick)
    print(f"done in {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
