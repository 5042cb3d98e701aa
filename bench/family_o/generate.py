"""Generate the family: python -m family_o.generate --out DIR [--only NAME] [--quick] [--jobs N]

Per scenario DIR/NAME/ gets video.mp4 (not with --quick), detections.jsonl, questions.json,
truth.json and world.json.  Every scenario is validated before anything of it is written."""
import argparse
import json
import os
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import cv2

from . import scenarios
from .world import World
from .render import Renderer
from .detect import Detector
from .memory import Memory
from .truth import Truth, KIND_OF
from .scan import Scan

KINDS = ["directional", "object_permanence", "temporal_retrieval", "temporal_reasoning", "productivity",
         "identity", "unknown"]
CATEGORIES = ["safety_alert", "ppe_violation", "exclusion_zone", "left_behind", "idle", "progress",
              "memory_recall"]


def place_in_view_fn(world, lens):
    def place_in_view(p, f):
        C, R = world.cam_pos[f], world.cam_rot[f]
        q = (np.asarray(p, float) + np.array([0, 0.3, 0]) - C) @ R
        d = float(np.linalg.norm(q))
        if q[2] < 0.5 or d > 20.0:
            return False
        u, v = lens.project(q)
        mx, my = 0.12 * lens.w, 0.12 * lens.h
        return mx <= u <= lens.w - mx and my <= v <= lens.h - my
    return place_in_view


def observe(s, w):
    """The id pass: per-frame visibility -> detections (identical with or without the video)."""
    r = Renderer(s, w, colour=False)
    det = Detector(s, w)
    records, internal = [], []
    for f in range(w.F):
        _, info = r.frame(f)
        rec, inn = det.frame(f, info)
        records.append(rec)
        internal.append(inn)
    return r.lens, records, internal


def validate(s, w, mem, truth, qs, answers, alerts, scan):
    P = list(scan.problems) + list(truth.problems)
    # designed alerts == derived alerts
    want = Counter((a["category"], a["subject"]) for a in s.alerts)
    got = Counter((a["category"], a["eid"]) for a in alerts)
    if want != got:
        P.append(f"alerts differ: designed-only {dict(want - got)}, derived-only {dict(got - want)}")
    if not 4 <= len(alerts) <= 7:
        P.append(f"{len(alerts)} alerts (want 4-7)")
    for a in alerts:
        if a["subject_id"] is None:
            P.append(f"alert {a['category']} {a['eid']}: no track id near t0")
    # questions
    if not 25 <= len(qs) <= 35:
        P.append(f"{len(qs)} questions (want 25-35)")
    ids = [q.id for q in qs]
    if len(set(ids)) != len(ids):
        P.append("duplicate question ids")
    if [q.at for q in qs] != sorted(q.at for q in qs):
        P.append("questions not sorted by at")
    kinds = Counter(q.q["kind"] for q in qs)
    for k in KINDS:
        if kinds[k] == 0:
            P.append(f"no {k} question")
    for q, a in zip(qs, answers):
        if not 0 < q.at < s.duration:
            P.append(f"{q.id}: at {q.at} outside the video")
        if KIND_OF[q.q["intent"]] != q.q["kind"]:
            P.append(f"{q.id}: intent {q.q['intent']} is not of kind {q.q['kind']}")
        need = {"direction_of": "direction", "where": "direction", "things_in_direction": "entity_types",
                "still_there": "yes_no", "order": "yes_no", "returned": "yes_no", "is_working": "yes_no",
                "same_individual": "yes_no", "event_time": "time", "time_since": "duration_s",
                "state_duration": "duration_s", "spell_duration": "duration_s", "count_distinct": "count"}
        key = need.get(q.q["intent"])
        if key and key not in a:
            P.append(f"{q.id}: intent {q.q['intent']} without {key}")
        if q.q["intent"] == "unknown" and len(a) > 0:
            P.append(f"{q.id}: unknown with typed fields")
        if "time_tol_s" in a and not 2.0 <= a["time_tol_s"] <= 4.0:
            P.append(f"{q.id}: time tolerance {a['time_tol_s']}")
        if "duration_tol_s" in a:
            spell = q.q["intent"] in ("spell_duration", "state_duration")
            lo, hi = (5.0, max(5.0, 0.12 * a["duration_s"]) + 0.01) if spell else (2.5, 5.0)
            if not lo <= a["duration_tol_s"] <= hi:
                P.append(f"{q.id}: duration tolerance {a['duration_tol_s']}")
        if "duration_s" in a and a["duration_s"] < 0:
            P.append(f"{q.id}: negative duration")
        if q.q["intent"] == "things_in_direction" and not a.get("entity_types"):
            P.append(f"{q.id}: nothing must be listed")
    # identity and subject consistency
    for q in qs:
        P.extend(check_subjects(s, w, mem, q))
    # people: one individual per set of clothes
    clothes = Counter((e.attrs["vest"], e.attrs["hat_colour"]) for e in s.entities if e.kind == "worker")
    vests = Counter(e.attrs["vest"] for e in s.entities if e.kind == "worker")
    for c, n in vests.items():
        if n > 1:
            P.append(f"{n} workers in a {c} vest")
    for want in s.expect_notes:  # every designed look-alike must really be observed
        if not any(want in n for n in scan.notes):
            P.append(f"look-alike not observed: no scanner note with '{want}'")
    if not (60 <= s.hfov <= 150) or s.width > 640 or s.height > 360 or not (240 <= s.duration <= 300):
        P.append("camera or duration outside the brief")
    return P


def _transitions(w, eid, key, to_value):
    """Times a worker's state array flips to to_value."""
    arr = w.state[eid][key]
    out = []
    for f in range(1, w.F):
        if arr[f] == to_value and arr[f - 1] != to_value and w.state[eid]["present"][f]:
            out.append(float(w.t[f]))
    return out


def check_subjects(s, w, mem, q):
    """The question's description must fit the individual its answer is about."""
    P = []
    a = q.ans
    sub = q.q.get("subject") or {}
    first = a[1] if len(a) > 1 and isinstance(a[1], str) else None
    if first in s.events:
        first = s.events[first]["eid"]
    if first and first in {e.eid for e in s.entities}:
        e = s.ent(first)
        if sub.get("label") and sub["label"] != e.label:
            P.append(f"{q.id}: subject label {sub['label']} but the answer is about {e.label}")
        for k, v in (sub.get("attributes") or {}).items():
            if e.attrs.get(k) is not None and e.attrs.get(k) != v:
                P.append(f"{q.id}: subject {k}={v} but {first} has {e.attrs.get(k)}")
        if sub.get("role") and e.role != sub["role"]:
            P.append(f"{q.id}: role {sub['role']} but {first} is {e.role}")
        # a described worker must be the only one matching the description
        if e.kind == "worker" and sub.get("attributes"):
            fits = [x for x in s.entities if x.kind == "worker"
                    and all(x.attrs.get(k) == v for k, v in sub["attributes"].items())]
            if len(fits) != 1:
                P.append(f"{q.id}: description {sub['attributes']} fits {len(fits)} workers")
    if a[0] == "same":
        other_eid = a[2]
        t = (q.q.get("time") or {}).get("t")
        if t is not None:
            seen = {e.eid for e in s.entities if e.kind == "worker" and mem.seen_in(e.eid, t - 1.0, t + 1.0)}
            if seen != {other_eid}:
                P.append(f"{q.id}: at {t}s the workers in view were {sorted(seen)}, not just {other_eid}")
        other = q.q.get("other") or {}
        ev = other.get("event")
        if ev in ("ppe_removed", "entered_zone"):
            key, val = ("hat", False) if ev == "ppe_removed" else ("in_zone", True)
            cands = []
            for e in s.entities:
                if e.kind != "worker":
                    continue
                for tt in _transitions(w, e.eid, key, val):
                    if tt <= q.at and mem.seen_in(e.eid, tt - 2, tt + 2):
                        cands.append((tt, e.eid))
            if not cands or max(cands)[1] != other_eid:
                P.append(f"{q.id}: the latest {ev} by {q.at}s was {max(cands) if cands else None}, not {other_eid}")
    return P


def build_outputs(name):
    s = scenarios.build(name)
    w = World(s)
    lens, records, internal = observe(s, w)
    mem = Memory(s, w, internal)
    truth = Truth(s, w, mem, lens, place_in_view_fn(w, lens))
    qs = sorted(s.questions, key=lambda q: q.at)
    answers, autos = [], []
    for q in qs:
        answers.append(truth.answer(q))
        autos.append("; ".join(truth.auto))
    for q, au in zip(qs, autos):
        q.full_note = "; ".join(x for x in (q.note, au) if x)
    scan = Scan(s, w, mem)
    alerts = scan.run(place_in_view_fn(w, lens))
    problems = validate(s, w, mem, truth, qs, answers, alerts, scan)
    return s, w, lens, records, mem, qs, answers, alerts, scan, problems


def _dump(path, obj):
    with open(path, "w") as fh:
        json.dump(obj, fh, indent=1, ensure_ascii=False)
        fh.write("\n")


def payload(s, w, records, mem, qs, answers, alerts, scan):
    """Everything but the video, as JSON-ready objects."""
    questions = [{"id": q.id, "camera": s.camera, "at": q.at, "question": q.text} for q in qs]
    ans = []
    for q, a in zip(qs, answers):
        d = {"id": q.id, "kind": q.q["kind"], "intent": q.q["intent"]}
        d.update(a)
        d["note"] = getattr(q, "full_note", q.note)
        d["query"] = q.q
        ans.append(d)
    truth = {
        "scenario": s.name, "site": s.site, "camera": s.camera, "fps": s.fps, "width": s.width,
        "height": s.height, "duration_s": s.duration, "hfov_deg": s.hfov, "projection": s.projection,
        "heading": [[round(float(t), 4), round(float(y), 3)] for t, y in zip(w.t, w.yaw)],
        "answers": ans,
        "alerts": [{k: a[k] for k in ("category", "t0", "t1", "subject", "subject_id", "note")} for a in alerts],
        "lookalikes": list(s.lookalikes),
    }
    ents = []
    for e in s.entities:
        ents.append({"id": e.eid, "label": e.label, "kind": e.kind, "role": e.role, "attributes": e.attrs,
                     "track_ids": mem.track_ids(e.eid), "first_seen": mem.first_seen(e.eid), "note": e.note})
    world = {"scenario": s.name, "tracker": s.tracker, "entities": ents, "events": s.events,
             "alerts_world_ids": [{"category": a["category"], "entity": a["eid"], "t0": a["t0"], "t1": a["t1"]}
                                  for a in alerts],
             "scanner_notes": scan.notes}
    summary = {"questions": dict(sorted(Counter(q.q["kind"] for q in qs).items())),
               "alerts": dict(sorted(Counter(a["category"] for a in alerts).items()))}
    return {"records": records, "questions": questions, "truth": truth, "world": world, "summary": summary}


def write_json(out, p):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "detections.jsonl"), "w") as fh:
        for r in p["records"]:
            fh.write(json.dumps(r, separators=(",", ":")) + "\n")
    _dump(os.path.join(out, "questions.json"), p["questions"])
    _dump(os.path.join(out, "truth.json"), p["truth"])
    _dump(os.path.join(out, "world.json"), p["world"])


def write_video(out, name):
    cv2.setNumThreads(1)
    t0 = time.time()
    s = scenarios.build(name)
    w = World(s)
    r = Renderer(s, w, colour=True)
    tmp = os.path.join(out, ".video.partial.mp4")
    vw = cv2.VideoWriter(tmp, cv2.VideoWriter_fourcc(*"mp4v"), s.fps, (s.width, s.height))
    if not vw.isOpened():
        raise SystemExit("cannot open the video writer")
    for f in range(w.F):
        img, _ = r.frame(f)
        vw.write(img)
    vw.release()
    os.replace(tmp, os.path.join(out, "video.mp4"))
    return name, time.time() - t0


def check_one(name):
    """Phase 1: observe, answer, scan and validate one scenario; nothing is written."""
    cv2.setNumThreads(1)
    t0 = time.time()
    s, w, lens, records, mem, qs, answers, alerts, scan, problems = build_outputs(name)
    p = None if problems else payload(s, w, records, mem, qs, answers, alerts, scan)
    return name, problems, time.time() - t0, p


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default=None, help="one scenario: " + ", ".join(scenarios.NAMES))
    ap.add_argument("--quick", action="store_true", help="everything but video.mp4")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args(argv)
    names = list(scenarios.NAMES)
    if a.only:
        if a.only not in scenarios.NAMES:
            raise SystemExit(f"unknown scenario {a.only}; one of {names}")
        names = [a.only]
    t0 = time.time()
    jobs = max(1, min(a.jobs, len(names)))
    ex = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None
    try:
        mapper = ex.map if ex else map
        # phase 1: every scenario is observed and validated before anything is written
        results = list(mapper(check_one, names))
        bad = [r for r in results if r[1]]
        for name, problems, dt, p in results:
            if problems:
                print(f"[{name}] FAILED validation ({len(problems)} problems):")
                for pr in problems:
                    print("   -", pr)
            else:
                print(f"[{name}] validated in {dt:.1f}s: {json.dumps(p['summary'])}")
        if bad:
            raise SystemExit(f"validation failed for {', '.join(r[0] for r in bad)}; nothing written")
        # phase 2: write
        for name, _, _, p in results:
            write_json(os.path.join(a.out, name), p)
        print(f"json written after {time.time() - t0:.1f}s")
        if not a.quick:
            outs = [os.path.join(a.out, n) for n in names]
            for name, dt in mapper(write_video, outs, names):
                print(f"[{name}] video.mp4 rendered in {dt:.1f}s")
    finally:
        if ex:
            ex.shutdown()
    print(f"total wall time {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
