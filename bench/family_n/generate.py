"""python -m family_n.generate --out DIR [--only NAME] [--quick] [--jobs N]"""
import argparse
import json
import multiprocessing as mp
import os
import sys
import time
from collections import Counter

import cv2
import numpy as np

from . import alerts as alerts_mod
from . import detect, scenarios
from .truth import Builder
from .world import FPS

_CACHE = {}


def build(name):
    sc = scenarios.SCENARIOS[name]()
    geo = detect.visible_geometry(sc)
    frames, obs = detect.simulate(sc, geo)
    ob = alerts_mod.Obs(sc, obs)
    derived, near, looks = alerts_mod.derive(sc, geo, ob)
    b = Builder(sc, ob, geo)
    sc.ask(b)
    problems = list(b.problems) + [f"{name}: near threshold: {x}" for x in near]
    want = Counter((c, s) for c, s in sc.designed)
    got = Counter((a["category"], a["subject_id"]) for a in derived)
    if want != got:
        problems.append(f"{name}: derived alerts {sorted(got.elements())} != designed {sorted(want.elements())}")
    for a in derived:
        if a["t1"] - a["t0"] < 5.0:
            problems.append(f"{name}: alert {a['category']} {a['subject_id']} window only {a['t1'] - a['t0']:.1f} s")
    qs = b.questions
    if not 25 <= len(qs) <= 35:
        problems.append(f"{name}: {len(qs)} questions")
    kinds = Counter(a["kind"] for a in b.answers)
    for k in ("directional", "object_permanence", "temporal_retrieval", "temporal_reasoning", "productivity",
              "identity", "unknown"):
        if kinds[k] == 0:
            problems.append(f"{name}: no {k} question")
    if len({q["id"] for q in qs}) != len(qs):
        problems.append(f"{name}: duplicate question ids")
    if not 4 <= len(derived) <= 7:
        problems.append(f"{name}: {len(derived)} alerts")
    order = sorted(range(len(qs)), key=lambda k: qs[k]["at"])
    qs = [qs[k] for k in order]
    answers = [b.answers[k] for k in order]
    for q in qs:
        if not 0 < q["at"] <= sc.duration:
            problems.append(f"{name} {q['id']}: at outside the video")
    truth = {
        "scenario": name, "site": sc.site, "camera": sc.camera, "fps": FPS, "width": sc.width, "height": sc.height,
        "duration_s": sc.duration, "hfov_deg": sc.hfov, "projection": sc.projection,
        "heading": [[round(float(t), 4), round(float(y), 3)] for t, y in zip(sc.times, sc.wearer.yaw)],
        "answers": answers,
        "alerts": [{k: a[k] for k in ("category", "t0", "t1", "subject", "subject_id", "note")} for a in derived],
        "lookalikes": sorted(set(sc.lookalikes + looks)),
    }
    return sc, frames, qs, truth, problems


def _render_chunk(args):
    name, i0, i1 = args
    if name not in _CACHE:
        from .render import Renderer
        _CACHE[name] = Renderer(scenarios.SCENARIOS[name]())
    r = _CACHE[name]
    return name, i0, [r.frame(i) for i in range(i0, i1)]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="family_n.generate")
    ap.add_argument("--out", required=True)
    ap.add_argument("--only")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--jobs", type=int, default=max(1, min(2, os.cpu_count() or 1)))
    a = ap.parse_args(argv)
    names = [a.only] if a.only else list(scenarios.SCENARIOS)
    for n in names:
        if n not in scenarios.SCENARIOS:
            sys.exit(f"unknown scenario {n}; have {', '.join(scenarios.SCENARIOS)}")
    t_start = time.time()
    built = {}
    problems = []
    for n in names:
        sc, frames, qs, truth, pr = build(n)
        built[n] = (sc, frames, qs, truth)
        problems += pr
    if problems:
        print("validation failed:", file=sys.stderr)
        for p in problems:
            print("  - " + p, file=sys.stderr)
        sys.exit(1)
    for n in names:
        sc, frames, qs, truth = built[n]
        d = os.path.join(a.out, n)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "detections.jsonl"), "w") as f:
            for fr in frames:
                f.write(json.dumps(fr, separators=(",", ":")) + "\n")
        with open(os.path.join(d, "questions.json"), "w") as f:
            json.dump(qs, f, indent=1)
        with open(os.path.join(d, "truth.json"), "w") as f:
            json.dump(truth, f, indent=1)
        print(f"{n}: {len(qs)} questions, alerts {dict(Counter(x['category'] for x in truth['alerts']))}")
    print(f"truth built in {time.time() - t_start:.1f} s")
    if a.quick:
        return
    t0 = time.time()
    chunk = 75
    tasks = [(n, i, min(i + chunk, built[n][0].n)) for n in names for i in range(0, built[n][0].n, chunk)]
    writers = {}
    tmp = {}
    ctx = mp.get_context("fork")
    with ctx.Pool(a.jobs) as pool:
        for n, i0, imgs in pool.imap(_render_chunk, tasks):
            sc = built[n][0]
            if n not in writers:
                tmp[n] = os.path.join(a.out, n, "video.tmp.mp4")
                writers[n] = cv2.VideoWriter(tmp[n], cv2.VideoWriter_fourcc(*"mp4v"), FPS, (sc.width, sc.height))
            for img in imgs:
                writers[n].write(img)
            if i0 + len(imgs) >= sc.n:
                writers[n].release()
                os.replace(tmp[n], os.path.join(a.out, n, "video.mp4"))
                print(f"{n}: video written ({time.time() - t0:.0f} s)", flush=True)
    print(f"render time {time.time() - t0:.1f} s with {a.jobs} jobs")


if __name__ == "__main__":
    main()
