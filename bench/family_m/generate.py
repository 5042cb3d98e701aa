"""python -m family_m.generate --out DIR [--only NAME] [--quick] [--jobs N]

Builds the three scenarios, validates them all, then writes per scenario
DIR/NAME/{video.mp4, detections.jsonl, questions.json, truth.json}."""
import argparse
import json
import os
import sys
import time

import numpy as np

from . import alerts, detect, facts, pipeline, truth, validate
from .scenarios import ALL


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def prepare(mod, jobs):
    w = mod.build()
    t0 = time.time()
    stats = pipeline.stats_pass(mod.NAME, w.n_frames, jobs)
    lines, obs = detect.detect(w, stats, mod.TRACKER, mod.SEED)
    F = facts.Facts(w, obs)
    ans = truth.Answerer(F)
    questions = sorted(mod.QUESTIONS, key=lambda q: (q["at"], q["id"]))
    answers, probs = [], []
    for q in questions:
        a, pr = ans.answer(q)
        answers.append(a)
        probs += pr
    derived, aprobs = alerts.Scanner(F).scan()
    probs += aprobs
    probs += validate.scenario(mod, w, questions, answers, derived, lines, obs)
    log("%s: world, detections and truth in %.1f s" % (mod.NAME, time.time() - t0))
    return {"mod": mod, "world": w, "lines": lines, "questions": questions, "answers": answers,
            "alerts": derived, "problems": probs}


def clean(o):
    """Plain JSON types (numpy scalars to Python)."""
    if isinstance(o, dict):
        return {k: clean(v) for k, v in o.items()}
    if isinstance(o, (list, tuple)):
        return [clean(v) for v in o]
    if isinstance(o, (bool, np.bool_)):
        return bool(o)
    if isinstance(o, (np.integer,)):
        return int(o)
    if isinstance(o, (float, np.floating)):
        return float(o)
    return o


def r(x, n=3):
    return round(float(x), n)


def write(out, prep, quick, jobs):
    mod, w = prep["mod"], prep["world"]
    d = os.path.join(out, mod.NAME)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "detections.jsonl"), "w") as fh:
        for ln in prep["lines"]:
            fh.write(json.dumps(ln, separators=(",", ":")) + "\n")
    qs = [{"id": q["id"], "camera": mod.CAMERA, "at": q["at"], "question": q["text"]} for q in prep["questions"]]
    with open(os.path.join(d, "questions.json"), "w") as fh:
        json.dump(qs, fh, indent=1)
        fh.write("\n")
    al = [{"category": a["category"], "t0": r(a["t0"], 2), "t1": r(a["t1"], 2), "subject": a["subject"],
           "subject_id": a["subject_id"], "note": a["note"]} for a in prep["alerts"]]
    tr = {"scenario": mod.NAME, "site": mod.SITE, "camera": mod.CAMERA, "fps": w.fps, "width": w.lens.w,
          "height": w.lens.h, "duration_s": w.duration, "hfov_deg": w.lens.hfov, "projection": w.lens.projection,
          "heading": [[r(t, 4), r(w.wearer.yaw(t), 3)] for t in w.times()],
          "answers": clean(prep["answers"]), "alerts": clean(al), "lookalikes": list(mod.LOOKALIKES)}
    with open(os.path.join(d, "truth.json"), "w") as fh:
        json.dump(tr, fh, indent=1)
        fh.write("\n")
    if not quick:
        t0 = time.time()
        pipeline.video_pass(mod.NAME, w.n_frames, w.fps, (w.lens.w, w.lens.h), os.path.join(d, "video.mp4"), jobs)
        log("%s: video rendered in %.1f s (%d frames)" % (mod.NAME, time.time() - t0, w.n_frames))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m family_m.generate", description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", choices=sorted(ALL))
    ap.add_argument("--quick", action="store_true", help="everything but video.mp4")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args(argv)
    names = [a.only] if a.only else sorted(ALL)
    t0 = time.time()
    preps = [prepare(ALL[n], a.jobs) for n in names]
    problems = ["%s: %s" % (p["mod"].NAME, x) for p in preps for x in p["problems"]]
    if not a.only:
        problems += ["family: " + x for x in validate.family([p["mod"] for p in preps], [p["world"] for p in preps])]
    if problems:
        log("validation failed, nothing written:")
        for x in problems:
            log("  - " + x)
        return 1
    for p in preps:
        write(a.out, p, a.quick, a.jobs)
    log("done in %.1f s" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
