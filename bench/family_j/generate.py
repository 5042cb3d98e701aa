"""python -m family_j.generate --out DIR [--only NAME] [--quick] [--jobs N]"""
import argparse
import json
import os
import sys
import time
from collections import Counter

for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_v, "1")

import numpy as np  # noqa: E402
import cv2  # noqa: E402

cv2.setNumThreads(1)

from .lens import Lens  # noqa: E402
from .detect import run_detector
from .truth import Truth, Problem, QUERY_FIELDS
from .scenarios import ALL

KINDS = ["directional", "object_permanence", "temporal_retrieval", "temporal_reasoning", "productivity",
         "identity", "unknown"]
CATEGORIES = ["safety_alert", "ppe_violation", "exclusion_zone", "left_behind", "idle", "progress",
              "memory_recall"]


def build(name):
    s = ALL[name]()
    s.prepare()
    lens = Lens(s.width, s.height, s.hfov, s.projection, s.pitch)
    return s, lens


def full_query(q):
    out = {k: None for k in QUERY_FIELDS}
    out["kind"], out["intent"] = q["kind"], q["intent"]
    for k, v in q["query"].items():
        if k not in out:
            raise Problem(f"{q['id']}: unknown query field {k}")
        out[k] = v
    if out["other"] is not None:
        o = {"subject": None, "event": None, "unit": None, "ordinal": None}
        o.update(out["other"])
        out["other"] = o
    if out["subject"] is not None:
        sub = {"label": None, "attributes": {}}
        sub.update(out["subject"])
        out["subject"] = sub
    return out


def make_truth(s, lens):
    recs, obs, raw = run_detector(s, lens)
    tr = Truth(s, lens, obs, raw)
    problems = []
    answers = []
    for q in s.questions:
        try:
            typed, note = tr.answer(q)
            ans = {"id": q["id"], "kind": q["kind"], "intent": q["intent"]}
            ans.update({k: (round(float(v), 2) if isinstance(v, (float, np.floating)) else
                            (bool(v) if isinstance(v, (bool, np.bool_)) else v)) for k, v in typed.items()})
            ans["note"] = note
            ans["query"] = full_query(q)
            answers.append(ans)
        except Problem as ex:
            problems.append(f"{q['id']}: {ex}")
    alerts = tr.scan()
    for a in alerts:
        a["t0"], a["t1"] = round(float(a["t0"]), 2), round(float(a["t1"]), 2)
    problems += tr.problems
    derived = Counter((a["category"], a["subject"]) for a in alerts)
    designed = Counter((c, subj) for c, subj, _n in s.designed_alerts)
    if derived != designed:
        problems.append(f"alerts differ: derived-only {dict(derived - designed)}, designed-only {dict(designed - derived)}")
    notes = {}
    for c, subj, n in s.designed_alerts:
        notes.setdefault((c, subj), []).append(n)
    for a in alerts:
        lst = notes.get((a["category"], a["subject"]))
        if lst:
            a["note"] = lst.pop(0) + f" ({a['note']})"
    # question-set checks
    qs = s.questions
    if not 25 <= len(qs) <= 35:
        problems.append(f"{len(qs)} questions (need 25-35)")
    if [q["at"] for q in qs] != sorted(q["at"] for q in qs):
        problems.append("questions not sorted by at")
    kinds = Counter(q["kind"] for q in qs)
    for k in KINDS:
        if not kinds.get(k):
            problems.append(f"no question of kind {k}")
    if kinds.get("unknown", 0) < 2:
        problems.append("fewer than 2 unknown questions")
    if len({q['id'] for q in qs}) != len(qs):
        problems.append("duplicate question ids")
    for q in qs:
        if not 0 < q["at"] <= s.duration:
            problems.append(f"{q['id']}: at outside the video")
    if not 4 <= len(alerts) <= 7:
        problems.append(f"{len(alerts)} alerts (need 4-7)")
    for a in alerts:
        if a["t1"] > s.duration + 60:
            pass
    if abs(s.yaw[0]) > 1e-9:
        problems.append("heading does not start at 0")
    truth = {
        "scenario": s.name, "site": s.site, "camera": s.camera, "fps": s.fps, "width": s.width,
        "height": s.height, "duration_s": s.duration, "hfov_deg": s.hfov, "projection": s.projection,
        "heading": [[round(float(t), 4), round(float(y), 3)] for t, y in zip(s.T, s.yaw)],
        "answers": answers, "alerts": alerts, "lookalikes": s.lookalikes,
    }
    questions = [{"id": q["id"], "camera": s.camera, "at": q["at"], "question": q["text"]} for q in qs]
    return recs, truth, questions, problems


_W = {}


def _truth_job(name):
    s, lens = build(name)
    return make_truth(s, lens)


def _render_chunk(args):
    name, f0, f1 = args
    if name not in _W:
        from .render import Renderer
        s, lens = build(name)
        _W.clear()
        _W[name] = Renderer(s, lens, s.style)
    r = _W[name]
    return f0, [r.frame(f).tobytes() for f in range(f0, f1)]


def render_video(name, s, path, jobs):
    import cv2
    tmp = path[:-4] + ".part.mp4"
    wr = cv2.VideoWriter(tmp, cv2.VideoWriter_fourcc(*"mp4v"), s.fps, (s.width, s.height))
    if not wr.isOpened():
        raise SystemExit("cannot open the video writer")
    chunks = [(name, f, min(f + 60, s.F)) for f in range(0, s.F, 60)]
    if jobs > 1:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(jobs) as pool:
            for f0, frames in pool.imap(_render_chunk, chunks):
                for b in frames:
                    wr.write(np.frombuffer(b, np.uint8).reshape(s.height, s.width, 3))
    else:
        for c in chunks:
            f0, frames = _render_chunk(c)
            for b in frames:
                wr.write(np.frombuffer(b, np.uint8).reshape(s.height, s.width, 3))
    wr.release()
    os.replace(tmp, path)


def global_checks(built):
    probs = []
    if len(built) < len(ALL):
        return probs
    cats = Counter(a["category"] for (_s, _l, (_r, tr, _q, _p)) in built for a in tr["alerts"])
    for c in CATEGORIES:
        if not cats.get(c):
            probs.append(f"no {c} alert in the family")
    projs = {s.projection for s, *_ in built}
    if projs != {"pinhole", "fisheye"}:
        probs.append("need a pinhole and a fisheye scenario")
    if len({s.hfov for s, *_ in built}) < 2:
        probs.append("all fields of view the same")
    for s, *_ in built:
        if not 60 <= s.hfov <= 150 or s.width > 640 or s.height > 360 or not 240 <= s.duration <= 300:
            probs.append(f"{s.name}: lens/size/duration out of range")
    if not any(np.ptp(s.yaw) >= 360 for s, *_ in built):
        probs.append("no full 360 turn")
    if not any(np.linalg.norm(s.wpos - s.wpos[0], axis=1).max() >= 3 for s, *_ in built):
        probs.append("the wearer never walks")
    modes = {s.tracker_gap_s is None for s, *_ in built}
    if modes != {True, False}:
        probs.append("need a tracker that keeps ids and one that re-identifies after gaps")
    return probs


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--only")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args(argv)
    names = [a.only] if a.only else list(ALL)
    for n in names:
        if n not in ALL:
            raise SystemExit(f"unknown scenario {n}; have {list(ALL)}")
    t_start = time.time()
    built, problems = [], []
    if a.jobs > 1 and len(names) > 1:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(min(a.jobs, len(names))) as pool:
            outs = pool.map(_truth_job, names)
    else:
        outs = [_truth_job(n) for n in names]
    for n, out in zip(names, outs):
        s, lens = build(n)
        problems += [f"{n}: {p}" for p in out[3]]
        built.append((s, lens, out))
    problems += global_checks(built)
    if problems:
        print("validation failed:", file=sys.stderr)
        for p in problems:
            print("  -", p, file=sys.stderr)
        raise SystemExit(1)
    print(f"validated {len(built)} scenario(s) in {time.time() - t_start:.1f} s")
    for s, lens, (recs, truth, qs, _p) in built:
        d = os.path.join(a.out, s.name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "detections.jsonl"), "w") as fh:
            for r in recs:
                fh.write(json.dumps(r, separators=(",", ":")) + "\n")
        with open(os.path.join(d, "questions.json"), "w") as fh:
            json.dump(qs, fh, indent=1)
        with open(os.path.join(d, "truth.json"), "w") as fh:
            json.dump(truth, fh, indent=1)
        print(f"{s.name}: {len(qs)} questions, {len(truth['alerts'])} alerts, {s.F} frames")
    if not a.quick:
        for s, lens, _o in built:
            t0 = time.time()
            render_video(s.name, s, os.path.join(a.out, s.name, "video.mp4"), a.jobs)
            print(f"{s.name}: video rendered in {time.time() - t0:.1f} s")
    print(f"total {time.time() - t_start:.1f} s")


if __name__ == "__main__":
    main()
