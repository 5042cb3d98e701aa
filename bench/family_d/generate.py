"""Generate family D: python -m bench.family_d.generate --out DIR [--only NAME] [--quick]"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import time

import cv2

from .output import detections, write_json, write_jsonl, write_video
from .scenarios import ALL
from .sim import FPS, Obs
from .truth import Truth, TruthError
from .validate import ValidationError, validate


def prepare(name):
    sc = ALL[name].build()
    ob = Obs(sc)
    tr = Truth(sc, ob)
    alerts = tr.alerts()
    answers = [tr.answer(q) for q in sc.questions]
    questions = [{"id": q["id"], "camera": sc.camera, "at": q["at"], "question": q["q"]} for q in sc.questions]
    truth = {
        "scenario": sc.name, "site": sc.site, "camera": sc.camera, "fps": FPS,
        "width": sc.lens.W, "height": sc.lens.H, "duration_s": sc.duration,
        "hfov_deg": sc.lens.hfov, "projection": sc.lens.projection,
        "heading": [[round(float(t), 4), round(float(y), 3)] for t, y in zip(ob.t, ob.yaw)],
        "answers": answers, "alerts": alerts, "lookalikes": sc.lookalikes,
    }
    dets = detections(sc, ob)
    validate(sc, ob, tr, dets, questions, truth)
    return sc, ob, tr, dets, questions, truth


def count_frames(path):
    """Frames in the written file (container count, and the last one must decode)."""
    cap = cv2.VideoCapture(path)
    n = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
    cap.set(cv2.CAP_PROP_POS_FRAMES, max(0, n - 1))
    ok, _ = cap.read()
    cap.release()
    return n if ok else -1


def run_one(args):
    name, out, quick = args
    cv2.setNumThreads(1)
    t0 = time.time()
    sc, ob, tr, dets, questions, truth = prepare(name)
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    if not quick:
        vp = os.path.join(d, "video.mp4")
        write_video(vp, sc, ob)
        validate(sc, ob, tr, dets, questions, truth, video_frames=count_frames(vp))
    write_jsonl(os.path.join(d, "detections.jsonl"), dets)
    write_json(os.path.join(d, "questions.json"), questions)
    write_json(os.path.join(d, "truth.json"), truth)
    kinds = {}
    for a in truth["answers"]:
        kinds[a["kind"]] = kinds.get(a["kind"], 0) + 1
    cats = {}
    for a in truth["alerts"]:
        cats[a["category"]] = cats.get(a["category"], 0) + 1
    return name, time.time() - t0, kinds, cats, sc.n_frames


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", choices=sorted(ALL))
    ap.add_argument("--quick", action="store_true", help="everything but the video")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    a = ap.parse_args(argv)
    # the biggest scenario first so that two workers finish together
    names = [a.only] if a.only else sorted(ALL, key=lambda n: -ALL[n].COST)
    os.makedirs(a.out, exist_ok=True)
    t0 = time.time()
    jobs = [(n, a.out, a.quick) for n in names]
    try:
        if len(jobs) > 1 and a.jobs > 1 and not a.quick:
            with mp.get_context("fork").Pool(min(a.jobs, len(jobs))) as pool:
                res = pool.map(run_one, jobs, chunksize=1)
        else:
            res = [run_one(j) for j in jobs]
    except (ValidationError, TruthError) as e:
        print("VALIDATION FAILED: %s" % e, file=sys.stderr)
        return 2
    tk, tc = {}, {}
    for name, dt, kinds, cats, nf in sorted(res):
        print("%-28s %5d frames  %6.1f s  questions %s  alerts %s" % (name, nf, dt, kinds, cats))
        for k, v in kinds.items():
            tk[k] = tk.get(k, 0) + v
        for k, v in cats.items():
            tc[k] = tc.get(k, 0) + v
    print("total questions by kind:", tk)
    print("total alerts by category:", tc)
    print("done in %.1f s" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
