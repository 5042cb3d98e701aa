"""Entry point: python -m family_i.generate --out DIR [--only NAME] [--quick] [--jobs N]"""
import argparse
import json
import os
import sys
import time
from multiprocessing import Pool

import cv2
import numpy as np

from .detect import run_detector
from .render import Background, NoiseBank, draw_entities, project_entity
from .scenarios import SCENARIOS
from .truth import Ctx, compute_answer, scan_alerts, validate

TYPED = ["direction", "direction_alt", "entity_types", "entity_types_optional", "yes_no", "time",
         "time_tol_s", "duration_s", "duration_tol_s", "count"]


def clean(o):
    """Plain JSON types (numpy scalars -> Python)."""
    if isinstance(o, dict):
        return {k: clean(v) for k, v in o.items()}
    if isinstance(o, (list, tuple)):
        return [clean(v) for v in o]
    if isinstance(o, np.bool_):
        return bool(o)
    if isinstance(o, np.integer):
        return int(o)
    if isinstance(o, np.floating):
        return float(o)
    return o


def build(name):
    """Build, detect, derive truth and validate one scenario. Returns (name, payload, problems)."""
    scn = SCENARIOS[name]()
    lines, obs, vis, _ = run_detector(scn)
    ctx = Ctx(scn, obs, vis)
    answers = []
    for q in scn.questions:
        typed = compute_answer(ctx, q)
        a = {"id": q["id"], "kind": q["kind"], "intent": q["intent"]}
        for k in TYPED:
            if k in typed:
                a[k] = typed[k]
        note = q.get("note") or ""
        if q.get("_detail"):
            note = (note + " " + q["_detail"]).strip()
        if q.get("eid"):
            note = (f"subject {q['eid']}; " + note).strip()
        a["note"] = note
        a["query"] = q["query"]
        answers.append(a)
    alerts = scan_alerts(ctx)
    questions = [{"id": q["id"], "camera": scn.camera, "at": q["at"], "question": q["text"]}
                 for q in scn.questions]
    problems = validate(ctx, answers, alerts, questions)
    heading = [[round(t, 4), round(scn.wearer.yaw(t), 3)] for t in scn.times]
    truth = {"scenario": scn.name, "site": scn.site, "camera": scn.camera, "fps": scn.fps,
             "width": scn.lens.W, "height": scn.lens.H, "duration_s": scn.duration,
             "hfov_deg": scn.lens.hfov, "projection": scn.lens.projection, "heading": heading,
             "answers": answers, "alerts": alerts, "lookalikes": scn.lookalikes}
    return name, clean({"truth": truth, "questions": questions, "lines": lines}), problems


def render(args):
    name, path = args
    cv2.setNumThreads(1)  # one process per core; avoids oversubscription with --jobs
    scn = SCENARIOS[name]()
    t0 = time.time()
    bg = Background(scn)
    noise = NoiseBank(scn.lens.H, scn.lens.W, scn.seed)
    tmp = path + ".part.mp4"
    vw = cv2.VideoWriter(tmp, cv2.VideoWriter_fourcc(*"mp4v"), scn.fps, (scn.lens.W, scn.lens.H))
    for i, t in enumerate(scn.times):
        ex, ez = scn.wearer.pos(t)
        img = bg.draw(scn.wearer.yaw(t), ex, ez)
        boxes = []
        for e in scn.entities:
            if e.exists(t):
                for pts, depth, col, bb, flat, ok, vm in project_entity(scn, e, t):
                    boxes.append((pts, depth, col, flat, ok))
        draw_entities(img, boxes)
        img = noise.apply(img, i)
        vw.write(img)
    vw.release()
    os.replace(tmp, path)
    return name, time.time() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m family_i.generate")
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default=None, help="one scenario name: " + ", ".join(SCENARIOS))
    ap.add_argument("--quick", action="store_true", help="everything but video.mp4")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args(argv)
    names = list(SCENARIOS)
    if a.only:
        if a.only not in SCENARIOS:
            sys.exit(f"unknown scenario {a.only}; choose from {', '.join(SCENARIOS)}")
        names = [a.only]
    jobs = max(1, a.jobs)
    t_start = time.time()
    if jobs > 1 and len(names) > 1:
        with Pool(min(jobs, len(names))) as p:
            built = p.map(build, names)
    else:
        built = [build(n) for n in names]
    problems = [p for _, _, probs in built for p in probs]
    if problems:
        print("VALIDATION FAILED:", file=sys.stderr)
        for p in problems:
            print("  - " + p, file=sys.stderr)
        sys.exit(1)
    print(f"validated {len(names)} scenario(s) in {time.time() - t_start:.1f} s")
    for name, pay, _ in built:
        d = os.path.join(a.out, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "questions.json"), "w") as f:
            json.dump(pay["questions"], f, indent=1)
        with open(os.path.join(d, "truth.json"), "w") as f:
            json.dump(pay["truth"], f, indent=1)
        with open(os.path.join(d, "detections.jsonl"), "w") as f:
            for ln in pay["lines"]:
                f.write(json.dumps(ln, separators=(",", ":")) + "\n")
        tr = pay["truth"]
        print(f"  {name}: {len(pay['questions'])} questions, {len(tr['alerts'])} alerts -> {d}")
    if not a.quick:
        t_r = time.time()
        tasks = [(n, os.path.join(a.out, n, "video.mp4")) for n in names]
        tasks.sort(key=lambda x: -SCENARIOS[x[0]]().n)  # longest first
        if jobs > 1 and len(tasks) > 1:
            with Pool(min(jobs, len(tasks))) as p:
                res = p.map(render, tasks)
        else:
            res = [render(t) for t in tasks]
        for n, s in res:
            print(f"  rendered {n} in {s:.1f} s")
        print(f"render wall time {time.time() - t_r:.1f} s (jobs={jobs})")
    print(f"total {time.time() - t_start:.1f} s")


if __name__ == "__main__":
    main()
