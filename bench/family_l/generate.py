"""python -m family_l.generate --out DIR [--only NAME] [--quick] [--jobs N]"""
import argparse
import json
import os
import sys
import time
from collections import Counter
from multiprocessing import Pool

from . import scenarios as S
from .detect import detections, visibility
from .truth import Obs, check_designed, compute_answer, scan_alerts

KINDS = {"directional", "object_permanence", "temporal_retrieval", "temporal_reasoning", "productivity", "identity", "unknown"}


def resolve_times(sc, obs):
    for q in sc.questions:
        qu = q["query"]
        if qu["intent"] == "event_time" and q.get("time") is None:
            if qu["event"] == "first_seen":
                q["time"] = obs.first_seen(q["eid"])
            elif qu["event"] == "work_unit":
                wall = sc.ent(q["eid"])
                need = qu["ordinal"] * (wall.per_course if qu["unit"] == "course" else 1)
                q["time"] = next(i / sc.fps for i in range(sc.nframes) if wall.nbricks(i / sc.fps) >= need)


def build(sc):
    problems = []
    sc.questions.sort(key=lambda q: q["at"])
    for k, q in enumerate(sc.questions):
        q["id"] = "q%02d" % (k + 1)
    vis = visibility(sc)
    frames, seen = detections(sc, vis)
    obs = Obs(sc, seen)
    resolve_times(sc, obs)
    answers = [compute_answer(sc, obs, q, problems) for q in sc.questions]
    alerts, near = scan_alerts(sc, obs, vis, problems)
    check_designed(sc, alerts, problems)
    # structural checks
    if not 25 <= len(sc.questions) <= 35:
        problems.append("%s: %d questions" % (sc.name, len(sc.questions)))
    kinds = {q["query"]["kind"] for q in sc.questions}
    if kinds != KINDS:
        problems.append("%s: kinds missing %s" % (sc.name, KINDS - kinds))
    ats = [q["at"] for q in sc.questions]
    if ats != sorted(ats) or max(ats) > sc.duration_s:
        problems.append("%s: question times not sorted / beyond the end" % sc.name)
    for q, a in zip(sc.questions, answers):
        if "_rel" in a:
            from .world import sector_with_alt
            s, alt, dist = sector_with_alt(a["_rel"])
            if dist < 3.0 and not alt:
                problems.append("%s %s: bearing within 3 deg of a boundary" % (sc.name, q["id"]))
        for k in ("time", "yes_no", "duration_s", "count", "direction", "entity_types"):
            pass
        if a["intent"] not in ("unknown",) and not any(k in a for k in ("time", "yes_no", "duration_s", "count", "direction", "entity_types")):
            problems.append("%s %s: no typed answer" % (sc.name, q["id"]))
        if a["intent"] in ("state_duration", "time_since", "spell_duration") and a.get("duration_s", 0) < 0:
            problems.append("%s %s: negative duration" % (sc.name, q["id"]))
    # identity check: the new-id tracker must really split someone
    if sc.tracker == "new id after gap":
        ids = {}
        for f in frames:
            for d in f["detections"]:
                if d["label"] == "worker":
                    ids.setdefault(d["attributes"].get("vest"), set()).add(d["track_id"])
        if not any(len(v) > 1 for v in ids.values()):
            problems.append("%s: tracker never gave a new id" % sc.name)
    heading = [[round(t, 4), round(sc.wearer.yaw(t), 3)] for t in sc.times()]
    if abs(heading[0][1]) > 1e-9:
        problems.append("heading must start at 0")
    for a in answers:
        a.pop("_rel", None)
    truth = {"scenario": sc.name, "site": sc.site, "camera": sc.camera, "fps": sc.fps, "width": sc.lens.width,
             "height": sc.lens.height, "duration_s": sc.duration_s, "hfov_deg": sc.lens.hfov_deg,
             "projection": sc.lens.projection, "tracker": sc.tracker, "heading": heading, "answers": answers,
             "alerts": alerts, "lookalikes": sc.lookalikes + near}
    questions = [{"id": q["id"], "camera": sc.camera, "at": q["at"], "question": q["question"]} for q in sc.questions]
    return problems, frames, truth, questions


def _render(args):
    name, path = args
    from .render import render_video
    sc = {s.name: s for s in S.all_scenarios()}[name]
    t0 = time.time()
    render_video(sc, path)
    return name, time.time() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="family_l.generate")
    ap.add_argument("--out", required=True)
    ap.add_argument("--only")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args(argv)
    scs = [s for s in S.all_scenarios() if not a.only or s.name == a.only]
    if not scs:
        sys.exit("no scenario named %r" % a.only)
    built, problems = [], []
    for sc in scs:
        p, frames, truth, questions = build(sc)
        problems += ["%s: %s" % (sc.name, x) for x in p]
        built.append((sc, frames, truth, questions))
    if problems:
        print("validation failed:", file=sys.stderr)
        for p in problems:
            print("  - " + p, file=sys.stderr)
        sys.exit(1)
    for sc, frames, truth, questions in built:
        d = os.path.join(a.out, sc.name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "detections.jsonl"), "w") as f:
            for fr in frames:
                f.write(json.dumps(fr, separators=(",", ":")) + "\n")
        with open(os.path.join(d, "truth.json"), "w") as f:
            json.dump(truth, f, indent=1)
        with open(os.path.join(d, "questions.json"), "w") as f:
            json.dump(questions, f, indent=1)
        kinds = Counter(q["kind"] for q in truth["answers"])
        cats = Counter(x["category"] for x in truth["alerts"])
        print("%s: %d questions %s; alerts %s" % (sc.name, len(questions), dict(kinds), dict(cats)))
    if not a.quick:
        t0 = time.time()
        jobs = [(sc.name, os.path.join(a.out, sc.name, "video.mp4")) for sc, *_ in built]
        if a.jobs > 1 and len(jobs) > 1:
            with Pool(min(a.jobs, len(jobs))) as pool:
                res = pool.map(_render, jobs)
        else:
            res = [_render(j) for j in jobs]
        for n, s in res:
            print("rendered %s in %.1f s" % (n, s))
        print("render wall time %.1f s" % (time.time() - t0))


if __name__ == "__main__":
    main()
