"""Generate the family_k scenarios.

    python -m family_k.generate --out DIR [--only NAME] [--quick] [--jobs N]

Per scenario DIR/NAME/ gets video.mp4 (not with --quick), detections.jsonl,
questions.json and truth.json.  Every scenario is validated before anything
is written; a failed check stops the run with the list of problems.
"""
import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import alerts as alerts_mod
from . import detect
from .facts import Facts, SECTORS
from .truth import Key, KIND_OF


def _load(name):
    from .scenarios import ALL
    return ALL[name]


def compute(name, video_path=None, log=None):
    """Build, render (optionally), detect, derive alerts and answers."""
    mod = _load(name)
    world, questions, spec = mod.build()
    t0 = time.time()

    def progress(i, n):
        if log:
            log(f"  {name}: frame {i}/{n} ({time.time() - t0:.0f}s)")

    vis = detect.run_frames(world, video_path=video_path, progress=progress)
    lines, obs = detect.detections(world, vis)
    facts = Facts(world, vis, obs)
    derived, problems = alerts_mod.scan_all(facts)
    key = Key(facts, name)
    qs = sorted(questions, key=lambda q: q["at"])
    q_out, answers = [], []
    for k, q in enumerate(qs, 1):
        qid = f"{name.split('_')[0]}-q{k:02d}"
        q_out.append({"id": qid, "camera": world.camera, "at": q["at"], "question": q["question"]})
        answers.append(key.answer(qid, q))
    problems += key.problems
    problems += validate(world, spec, q_out, answers, derived, lines)
    truth = {
        "scenario": name, "site": world.site, "camera": world.camera, "fps": world.fps,
        "width": world.lens.width, "height": world.lens.height, "duration_s": world.duration,
        "hfov_deg": world.lens.hfov_deg, "projection": world.lens.projection,
        "heading": [[round(i / world.fps, 4), round(float(vis.yaw[i]), 3)] for i in range(world.nframes)],
        "answers": answers,
        "alerts": [{k: a[k] for k in ("category", "t0", "t1", "subject", "subject_id", "note")} for a in derived],
        "lookalikes": spec["lookalikes"],
    }
    return {"name": name, "truth": truth, "questions": q_out, "detections": lines, "problems": problems,
            "render_s": time.time() - t0}


def validate(world, spec, q_out, answers, derived, lines):
    p = []
    # designed alerts == derived alerts (category and subject)
    want = sorted(spec["alerts"])
    got = sorted((a["category"], a["subject_entity"]) for a in derived)
    if want != got:
        p.append(f"alerts: designed {want} != derived {got}")
    if not 4 <= len(derived) <= 7:
        p.append(f"alerts: {len(derived)} (want 4-7)")
    for a in derived:
        if a["subject_id"] is None:
            p.append(f"alert {a['category']} has no track id")
    # questions
    if not 25 <= len(q_out) <= 35:
        p.append(f"{len(q_out)} questions (want 25-35)")
    kinds = {a["kind"] for a in answers}
    for k in set(KIND_OF.values()):
        if k not in kinds:
            p.append(f"no question of kind {k}")
    if sum(1 for a in answers if a["kind"] == "unknown") < 2:
        p.append("fewer than 2 unknown questions")
    ats = [q["at"] for q in q_out]
    if ats != sorted(ats):
        p.append("questions not sorted by at")
    texts = [q["question"] for q in q_out]
    if len(set(texts)) != len(texts):
        p.append("duplicate question text")
    for q in q_out:
        if not 0 < q["at"] <= world.duration:
            p.append(f"{q['id']}: at {q['at']} outside the video")
    # directional questions are asked while the head is steady: one heading "now"
    at_of = {q["id"]: q["at"] for q in q_out}
    for a in answers:
        if a["intent"] in ("direction_of", "where", "things_in_direction"):
            t = at_of[a["id"]]
            rate = abs(world.wearer.yaw(t + 0.5) - world.wearer.yaw(t - 0.5))
            if rate > 8.0:
                p.append(f"{a['id']}: directional question asked while turning ({rate:.0f} deg/s)")
    for a in answers:
        if "query" not in a:
            p.append(f"{a['id']}: no answer computed")
            continue
        it = a["intent"]
        need = {"direction_of": ["direction"], "where": ["direction"], "things_in_direction": ["entity_types"],
                "still_there": ["yes_no"], "order": ["yes_no"], "returned": ["yes_no"], "is_working": ["yes_no"],
                "same_individual": ["yes_no"], "event_time": ["time", "time_tol_s"],
                "time_since": ["duration_s", "duration_tol_s"], "state_duration": ["duration_s", "duration_tol_s"],
                "spell_duration": ["duration_s", "duration_tol_s"], "count_distinct": ["count"],
                "unknown": []}[it]
        for f in need:
            if a.get(f) is None:
                p.append(f"{a['id']}: missing {f}")
        if "direction" in a and a["direction"] not in SECTORS:
            p.append(f"{a['id']}: bad sector")
        if it == "event_time" and not 2 <= a["time_tol_s"] <= 4:
            p.append(f"{a['id']}: time tolerance out of range")
        if it in ("time_since", "state_duration") and not 2.5 <= a["duration_tol_s"] <= 5:
            p.append(f"{a['id']}: duration tolerance out of range")
        if a.get("duration_s") is not None and a["duration_s"] < 0:
            p.append(f"{a['id']}: negative duration")
    # lens and format
    lens = world.lens
    if lens.width > 640 or lens.height > 360:
        p.append("resolution above 640x360")
    if not 60 <= lens.hfov_deg <= 150:
        p.append("hfov out of range")
    if not 240 <= world.duration <= 300:
        p.append("duration not 4-5 minutes")
    if len(lines) != world.nframes:
        p.append("detections: not one line per frame")
    return p


def write(res, out_dir):
    d = Path(out_dir) / res["name"]
    d.mkdir(parents=True, exist_ok=True)
    with open(d / "detections.jsonl", "w") as fh:
        for ln in res["detections"]:
            fh.write(json.dumps(ln, separators=(",", ":")) + "\n")
    with open(d / "questions.json", "w") as fh:
        json.dump(res["questions"], fh, indent=1)
        fh.write("\n")
    with open(d / "truth.json", "w") as fh:
        json.dump(res["truth"], fh, indent=1)
        fh.write("\n")


def _job(args):
    """Phase 1: build, detect, derive and validate (no files written)."""
    name, threads = args
    import cv2
    cv2.setNumThreads(threads)
    return compute(name, None, log=None)


def _render(args):
    """Phase 2: render the video of a validated scenario."""
    name, out, threads = args
    import cv2
    cv2.setNumThreads(threads)
    mod = _load(name)
    world, _, _ = mod.build()
    d = Path(out) / name
    tmp = d / ".video.partial.mp4"
    t0 = time.time()
    detect.run_frames(world, video_path=tmp, want_vis=False)
    os.replace(tmp, d / "video.mp4")
    return name, time.time() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m family_k.generate", description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default=None, help="one scenario name (or a comma-separated list)")
    ap.add_argument("--quick", action="store_true", help="write everything but video.mp4")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args(argv)
    from .scenarios import ALL
    names = list(ALL)
    if a.only:
        names = [n.strip() for n in a.only.split(",")]
        for n in names:
            if n not in ALL:
                ap.error(f"unknown scenario {n}; have {', '.join(ALL)}")
    t0 = time.time()
    jobs = max(1, min(a.jobs, len(names)))
    threads = max(1, (os.cpu_count() or 1) // jobs)
    # phase 1: every scenario is checked before anything is written
    results = _run(_job, [(n, threads) for n in names], jobs)
    bad = [r for r in results if r["problems"]]
    if bad:
        print("VALIDATION FAILED: nothing written", file=sys.stderr)
        for r in bad:
            for pr in r["problems"]:
                print(f"  {r['name']}: {pr}", file=sys.stderr)
        return 1
    t_check = time.time() - t0
    for r in results:
        write(r, a.out)
    for r in results:
        tr = r["truth"]
        cats = {}
        for al in tr["alerts"]:
            cats[al["category"]] = cats.get(al["category"], 0) + 1
        kinds = {}
        for an in tr["answers"]:
            kinds[an["kind"]] = kinds.get(an["kind"], 0) + 1
        print(f"{r['name']}: {len(tr['answers'])} questions {kinds}; alerts {cats}")
    print(f"checked and wrote the key files in {t_check:.0f}s")
    if not a.quick:
        t1 = time.time()
        order = sorted(names, key=lambda n: -_weight(n))
        for name, secs in _run(_render, [(n, a.out, threads) for n in order], jobs):
            print(f"{name}: video rendered in {secs:.0f}s")
        print(f"videos rendered in {time.time() - t1:.0f}s")
    print(f"done in {time.time() - t0:.0f}s -> {a.out}")
    return 0


def _weight(name):
    """Rough rendering cost (frames x pixels), to start the longest first."""
    mod = _load(name)
    world, _, _ = mod.build()
    return world.nframes * world.lens.width * world.lens.height


def _run(fn, jobs, n):
    if n <= 1 or len(jobs) == 1:
        return [fn(j) for j in jobs]
    with ProcessPoolExecutor(max_workers=n) as ex:
        return list(ex.map(fn, jobs))


if __name__ == "__main__":
    sys.exit(main())
