"""Generate the family-E scenarios.

    python -m bench.family_e.generate --out DIR [--only NAME] [--quick] [--jobs N]
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import cv2
import numpy as np

from .truth import ALERT_WINDOW, Truth, ValidationError
from .world import SECTORS

KIND_INTENTS = {
    "directional": {"direction_of", "things_in_direction"},
    "object_permanence": {"where", "still_there"},
    "temporal_retrieval": {"event_time"},
    "temporal_reasoning": {"time_since", "state_duration", "order", "returned"},
    "productivity": {"is_working", "spell_duration"},
    "identity": {"same_individual", "count_distinct"},
}


def dur_tol(v):
    return round(max(3.0, 0.1 * v), 2)


# ------------------------------------------------------------------ answers
def compute_answers(sc, tr: Truth):
    out = []
    w = tr.w
    for q in sc.questions:
        c = q.calc
        a = {"id": q.qid, "kind": q.query["kind"], "intent": q.query["intent"]}
        at = q.at
        for k in q.subjects:
            if not len(tr.seen_frames(k, at)):
                raise ValidationError(f"{q.qid}: {k} was never detected by at={at}")
        calc = c["calc"]
        if calc == "direction":
            prim, alt, note, _ = tr.direction(c["key"], at)
            a["direction"] = prim
            if alt:
                a["direction_alt"] = alt
            a["note"] = note
        elif calc == "things":
            req, opt, note = tr.things_in_direction(c["direction"], at, sc.left_site)
            if not req:
                raise ValidationError(f"{q.qid}: nothing required in {c['direction']}")
            a["entity_types"], a["entity_types_optional"], a["note"] = req, opt, note
        elif calc == "still":
            key = c["key"]
            st = w.st[key]
            j0 = tr.seen_frames(key, at)[0] if c.get("ref") is None else tr.f(c["ref"])
            fa = tr.f(at)
            moved = (not st["present"][fa]) or math.hypot(st["x"][fa] - st["x"][j0], st["z"][fa] - st["z"][j0]) > 1.0
            # the change must have been observable: either the place was seen empty, or nothing changed
            a["yes_no"] = not moved
            a["note"] = (f"first seen at {tr.t[j0]:.1f}s at ({st['x'][j0]:.1f},{st['z'][j0]:.1f}); at {at}s "
                         + ("gone from there (its place was seen empty before at)" if moved else "still there"))
            if moved:
                px, pz = st["x"][j0], st["z"][j0]
                seen_empty = any(w.point_in_view(i, (px, 0.3, pz), maxdist=w.by_key[key].det_range)
                                 and not tr.vis[key][i] for i in range(j0, fa + 1)
                                 if (not st["present"][i]) or math.hypot(st["x"][i] - px, st["z"][i] - pz) > 1.0)
                if not seen_empty:
                    raise ValidationError(f"{q.qid}: {key} moved but its place was never seen empty")
        elif calc == "time":
            a["time"], a["time_tol_s"], a["note"] = float(c["t"]), float(c.get("tol", 3)), c["note"]
        elif calc == "first_seen":
            a["time"], a["time_tol_s"] = tr.first_seen(c["key"], at), 2.0
            a["note"] = f"first frame with {c['key']} in view (geometric visibility)"
        elif calc == "last_seen":
            a["time"], a["time_tol_s"] = tr.last_seen(c["key"], at), 2.0
            a["note"] = f"last frame with {c['key']} in view up to at={at}"
        elif calc == "since_last_seen":
            ls = tr.last_seen(c["key"], at)
            a["duration_s"] = round(at - ls, 2)
            a["duration_tol_s"] = dur_tol(a["duration_s"])
            a["note"] = f"at {at} - last seen {ls:.1f}"
        elif calc == "since":
            a["duration_s"] = round(at - c["t"], 2)
            a["duration_tol_s"] = dur_tol(a["duration_s"])
            a["note"] = f"at {at} - event at {c['t']} ({c.get('note', '')})"
        elif calc == "dur":
            a["duration_s"], a["duration_tol_s"], a["note"] = float(c["v"]), dur_tol(c["v"]), c["note"]
        elif calc == "yn":
            a["yes_no"], a["note"] = bool(c["v"]), c["note"]
        elif calc == "is_state":
            v, note = tr.is_state(c["key"], c["state"], at)
            if not tr.seen_between(c["key"], at - 8, at) and not c.get("memory_ok"):
                raise ValidationError(f"{q.qid}: {c['key']} not seen in the 8 s before at")
            a["yes_no"], a["note"] = bool(v), note
        elif calc == "spell":
            v, note = tr.spell(c["key"], c["state"], c["spell"], at)
            a["duration_s"], a["duration_tol_s"], a["note"] = round(v, 2), dur_tol(v), note
        elif calc == "count":
            if c["keys"] is None:
                keys = [e.key for e in w.ents if e.kind == "worker" and len(tr.seen_frames(e.key, at))]
            else:
                keys = c["keys"]
            for k in keys:
                if not len(tr.seen_frames(k, at)):
                    raise ValidationError(f"{q.qid}: counted {k} not seen by {at}")
            a["count"], a["note"] = len(keys), "distinct individuals seen by at: " + ", ".join(keys)
        else:
            raise ValidationError(f"unknown calc {calc}")
        a["query"] = q.query
        out.append(a)
    return out


# ------------------------------------------------------------------ detections
def make_detections(sc, tr: Truth):
    w = tr.w
    rng = np.random.default_rng(sc.seed + 1000)
    n = w.n
    fps = w.cam.fps
    next_id = [1]
    ids = {}
    last_det = {}
    lines = []
    ents = list(w.ents)
    det_masks = {}
    for e in ents:
        v = tr.vis[e.key].copy()
        drop = rng.random(n) < 0.035
        # short bursts of missed detections (a few frames) as well
        for s in np.nonzero(rng.random(n) < 0.002)[0]:
            drop[s:s + rng.integers(3, 9)] = True
        det_masks[e.key] = v & ~drop
    for i in range(n):
        t = round(float(w.cam.t[i]), 3)
        dets = []
        for e in ents:
            if not det_masks[e.key][i]:
                continue
            x1, y1, x2, y2 = tr.boxes[e.key][i]
            bw, bh = x2 - x1, y2 - y1
            j = rng.normal(0, 1, 4) * np.array([bw, bh, bw, bh]) * 0.025 + rng.normal(0, 0.7, 4)
            box = [x1 + j[0], y1 + j[1], x2 + j[2], y2 + j[3]]
            box = [round(float(min(max(box[0], 0), w.lens.w - 1)), 1), round(float(min(max(box[1], 0), w.lens.h - 1)), 1),
                   round(float(min(max(box[2], 0), w.lens.w - 1)), 1), round(float(min(max(box[3], 0), w.lens.h - 1)), 1)]
            if box[2] - box[0] < 2 or box[3] - box[1] < 2:
                continue
            # track ids
            if sc.tracker == "reid":
                if e.key not in ids:
                    ids[e.key] = str(next_id[0])
                    next_id[0] += 1
            else:
                if e.key not in ids or i - last_det[e.key] > fps:
                    ids[e.key] = str(next_id[0])
                    next_id[0] += 1
            last_det[e.key] = i
            st = w.st[e.key]
            at = {}
            if e.kind == "worker":
                at["hardhat"] = bool(st["hat"][i])
                at["vest"] = e.vest
                if st["hat"][i]:
                    at["hat_colour"] = e.hat_colour
                at["activity"] = str(st["activity"][i])
            elif e.kind == "plant":
                at["moving"] = bool(st["moving"][i])
                if e.colour_name:
                    at["colour"] = e.colour_name
            elif e.kind == "wall":
                at["bricks"] = int(st["bricks"][i])
                at["courses"] = int(st["bricks"][i] // e.bricks_per_course)
            elif e.kind == "thing":
                if e.colour_name:
                    at["colour"] = e.colour_name
                if e.label not in ("cone", "barrier", "pallet", "scaffold", "ladder", "skip"):
                    at["held"] = bool(st["held"][i])
            if at and rng.random() < 0.03:
                del at[list(at)[rng.integers(len(at))]]
            score = float(np.clip(rng.normal(0.86, 0.06) - 0.15 * (bw * bh < 400), 0.35, 0.99))
            dets.append({"label": e.label, "bbox": box, "score": round(score, 3), "track_id": ids[e.key],
                         "attributes": at})
        lines.append({"t": t, "detections": dets})
    return lines, det_masks


# ------------------------------------------------------------------ validation
def validate(sc, tr, answers, alerts, det_masks):
    errs = []
    qids = [q.qid for q in sc.questions]
    if len(set(qids)) != len(qids):
        errs.append("duplicate question ids")
    if not (28 <= len(qids) <= 34):
        errs.append(f"{len(qids)} questions")
    kinds = {a["kind"] for a in answers}
    if kinds != set(KIND_INTENTS):
        errs.append(f"kinds missing: {set(KIND_INTENTS) - kinds}")
    for a in answers:
        if a["intent"] not in KIND_INTENTS[a["kind"]]:
            errs.append(f"{a['id']}: intent {a['intent']} not in kind {a['kind']}")
        if "direction" in a and a["direction"] not in SECTORS:
            errs.append(f"{a['id']}: bad direction")
    for q in sc.questions:
        if not (0 < q.at <= sc.duration):
            errs.append(f"{q.qid}: at outside scenario")
        for k in q.subjects:   # detected (not only visible) before `at`
            if not det_masks[k][: tr.f(q.at) + 1].any():
                errs.append(f"{q.qid}: {k} never in detections before at")
    for a in alerts:
        if not (0 <= a["t0"] < sc.duration):
            errs.append(f"alert t0 {a['t0']} outside scenario")
        if not det_masks[a["subject_id"]].any():
            errs.append(f"alert subject {a['subject_id']} never detected")
    for i, a in enumerate(alerts):
        for b in alerts[i + 1:]:
            if a["category"] == b["category"] and a["subject_id"] == b["subject_id"] and abs(a["t0"] - b["t0"]) < 15:
                errs.append(f"two {a['category']} alerts for {a['subject_id']} closer than 15 s")
    got = sorted((a["category"], a["subject_id"]) for a in alerts)
    want = sorted((c, k) for c, k, _ in sc.intended_alerts)
    if got != want:
        errs.append(f"alerts differ from the intended ones: got {[(a['category'], a['subject_id'], a['t0']) for a in alerts]} want {sc.intended_alerts}")
    else:
        for c, k in sorted(set(want)):
            got_t = sorted(a["t0"] for a in alerts if a["category"] == c and a["subject_id"] == k)
            want_t = sorted(t0 for c2, k2, t0 in sc.intended_alerts if (c2, k2) == (c, k))
            for g, t0 in zip(got_t, want_t):
                if abs(g - t0) > 12:
                    errs.append(f"alert {c}/{k} at {g} not near intended {t0}")
    if errs:
        raise ValidationError("; ".join(errs))


# ------------------------------------------------------------------ video
def write_video(sc, path):
    from .render import Renderer
    r = Renderer(sc.world, sc.ground, sc.pano, sc.seed)
    vw = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"mp4v"), 15, (sc.width, sc.height))
    if not vw.isOpened():
        raise RuntimeError("cannot open video writer")
    for i in range(sc.world.n):
        vw.write(r.render(i))
    vw.release()


def build(factory_name, out, quick):
    cv2.setNumThreads(1)
    from . import scenarios as S
    fac = {f.__name__: f for f in S.all_scenarios()}[factory_name]
    t0 = time.time()
    sc = fac()
    tr = Truth(sc.world)
    alerts = tr.alerts(sc.left_site)
    answers = compute_answers(sc, tr)
    lines, det_masks = make_detections(sc, tr)
    validate(sc, tr, answers, alerts, det_masks)
    d = os.path.join(out, sc.name)
    os.makedirs(d, exist_ok=True)
    cam = sc.world.cam
    truth = {
        "scenario": sc.name, "site": sc.site, "camera": sc.camera, "fps": 15, "width": sc.width,
        "height": sc.height, "duration_s": sc.duration, "hfov_deg": sc.hfov, "projection": sc.projection,
        "heading": [[round(float(cam.t[i]), 3), round(float(cam.yaw[i]), 3)] for i in range(cam.n)],
        "answers": answers,
        "alerts": [{"category": a["category"], "t0": a["t0"], "t1": a["t1"], "subject": a["subject"],
                    "subject_id": a["subject_id"], "note": a["note"]} for a in alerts],
        "lookalikes": sc.lookalikes,
    }
    questions = [{"id": q.qid, "camera": sc.camera, "at": q.at, "question": q.text} for q in sc.questions]
    with open(os.path.join(d, "detections.jsonl"), "w") as fh:
        for ln in lines:
            fh.write(json.dumps(ln, separators=(",", ":")) + "\n")
    with open(os.path.join(d, "questions.json"), "w") as fh:
        json.dump(questions, fh, indent=1)
    with open(os.path.join(d, "truth.json"), "w") as fh:
        json.dump(truth, fh, indent=1)
    if not quick:
        write_video(sc, os.path.join(d, "video.mp4"))
    return sc.name, len(questions), len(alerts), time.time() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default=None, help="scenario name (or factory name)")
    ap.add_argument("--quick", action="store_true", help="skip video.mp4")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    from . import scenarios as S
    names = [f.__name__ for f in S.all_scenarios()]
    if args.only:
        sel = [n for n in names if n == args.only or args.only in n]
        if not sel:
            # allow the scenario name itself
            sel = [f.__name__ for f in S.all_scenarios() if f().name == args.only]
        if not sel:
            print(f"unknown scenario {args.only}; choose from {names}", file=sys.stderr)
            return 2
        names = sel
    os.makedirs(args.out, exist_ok=True)
    t0 = time.time()
    try:
        if args.jobs > 1 and len(names) > 1:
            with ProcessPoolExecutor(max_workers=args.jobs) as ex:
                res = list(ex.map(build, names, [args.out] * len(names), [args.quick] * len(names)))
        else:
            res = [build(n, args.out, args.quick) for n in names]
    except ValidationError as e:
        print(f"VALIDATION FAILED: {e}")
        return 2
    for name, nq, na, dt in res:
        print(f"{name}: {nq} questions, {na} alerts ({dt:.0f} s)")
    print(f"done in {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
