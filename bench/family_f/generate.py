"""python -m bench.family_f.generate --out DIR [--only NAME] [--quick] [--jobs N]

Builds each scenario's world, simulates the detector, derives and validates the truth, writes
detections.jsonl, questions.json and truth.json, then (unless --quick) renders video.mp4."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from .detect import DetectorNoise
from .sim import Renderer, frame_state, project_entities, visible_boxes
from .truth import AlertDeriver, Asker, Obs, ValidationError

FPS = 15
SCENARIOS = ["fitout_ground_floor", "solar_farm_block_c", "bridge_deck_parapet"]


def load(name):
    if name == "fitout_ground_floor":
        from .scenarios import fitout as m
    elif name == "solar_farm_block_c":
        from .scenarios import solar as m
    elif name == "bridge_deck_parapet":
        from .scenarios import bridge as m
    else:
        raise SystemExit(f"unknown scenario {name}; known: {', '.join(SCENARIOS)}")
    return m


def simulate(sc):
    world = sc["world"]
    lens = world.lens
    n = int(round(world.duration * FPS))
    noise = DetectorNoise(world.seed + 7, fps=FPS, **sc.get("noise", {}))
    times, emitted, dets, geom, lines = [], [], [], [], []
    for i in range(n):
        t = i / FPS
        fs = frame_state(world, t)
        # only detectable things and occluders matter for detection
        fs.ents = {k: v for k, v in fs.ents.items() if world.ents[k].detect or world.ents[k].occluder}
        proj = project_entities(world, fs)
        boxes = visible_boxes(world, fs, proj)
        d, em = noise.frame(world, t, boxes, fs.ents, lens.W, lens.H)
        times.append(t)
        emitted.append(em)
        dets.append(d)
        geom.append(set(boxes))
        lines.append({"t": round(t, 3), "detections": d})
    return Obs(world, times, emitted, dets, geom), lines, noise


def derive(sc, obs):
    errors, look = [], []
    ad = AlertDeriver(obs, errors, look)
    alerts = ad.run()
    # compare with the scenario's intended alerts
    want = sorted((c, s) for c, s in sc["expect"])
    got = sorted((a["category"], a["subject_id"]) for a in alerts)
    if want != got:
        errors.append(f"alerts differ from the design:\n  want {want}\n  got  {got}")
    asker = Asker(obs, sc["camera"], errors)
    sc["questions"](asker, obs)
    return alerts, look, asker, errors


def write_truth(sc, out_dir, obs, lines, alerts, look, asker):
    world = sc["world"]
    lens = world.lens
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "detections.jsonl"), "w") as f:
        for ln in lines:
            f.write(json.dumps(ln, separators=(",", ":")) + "\n")
    order = sorted(range(len(asker.questions)), key=lambda k: (asker.questions[k]["at"], asker.questions[k]["id"]))
    questions = [asker.questions[k] for k in order]
    answers = [asker.answers[k] for k in order]
    with open(os.path.join(out_dir, "questions.json"), "w") as f:
        json.dump(questions, f, indent=1)
    truth = {
        "scenario": world.name, "site": world.site, "camera": sc["camera"], "fps": FPS,
        "width": lens.W, "height": lens.H, "duration_s": world.duration, "hfov_deg": lens.hfov_deg,
        "projection": lens.projection,
        "heading": [[round(float(t), 4), round(float(h), 3)] for t, h in zip(obs.times, obs.heading, strict=False)],
        "answers": answers,
        "alerts": alerts,
        "lookalikes": sc.get("lookalikes", []) + look,
        "tracker": sc.get("noise", {}).get("track_mode", "persistent"),
    }
    with open(os.path.join(out_dir, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1)


def render_video(sc, out_dir, progress=True):
    import cv2
    world = sc["world"]
    lens = world.lens
    env = sc["env"]()
    rnd = Renderer(world, env, seed=world.seed)
    n = int(round(world.duration * FPS))
    path = os.path.join(out_dir, "video.mp4")
    tmp = path + ".part.mp4"
    vw = cv2.VideoWriter(tmp, cv2.VideoWriter_fourcc(*"mp4v"), FPS, (lens.W, lens.H))
    if not vw.isOpened():
        raise RuntimeError("cannot open VideoWriter")
    hd = world.wearer.heading(np.arange(n + 1) / FPS)
    t0 = time.time()
    for i in range(n):
        t = i / FPS
        fs = frame_state(world, t)
        proj = project_entities(world, fs, need_polys=True)
        rate = (hd[i + 1] - hd[max(i - 1, 0)]) * FPS / (2 if i > 0 else 1)
        img = rnd.render(fs, proj, rate)
        vw.write(img)
        if progress and i % 300 == 0:
            el = time.time() - t0
            print(f"[{world.name}] frame {i}/{n} {el:.0f}s", flush=True)
    vw.release()
    os.replace(tmp, path)


def run_one(name, out, quick, strict=True):
    t0 = time.time()
    m = load(name)
    sc = m.build()
    obs, lines, noise = simulate(sc)
    alerts, look, asker, errors = derive(sc, obs)
    if errors:
        msg = f"[{name}] validation failed:\n  " + "\n  ".join(errors)
        if strict:
            raise ValidationError(msg)
        print(msg, file=sys.stderr)
    out_dir = os.path.join(out, name)
    write_truth(sc, out_dir, obs, lines, alerts, look, asker)
    t1 = time.time()
    if not quick:
        render_video(sc, out_dir)
    return {"scenario": name, "questions": len(asker.questions), "alerts": len(alerts),
            "truth_s": round(t1 - t0, 1), "video_s": round(time.time() - t1, 1)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default=None)
    ap.add_argument("--quick", action="store_true", help="skip video.mp4")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--no-strict", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    names = [a.only] if a.only else SCENARIOS
    for nm in names:
        load(nm)
    t0 = time.time()
    if a.jobs > 1 and len(names) > 1:
        with ProcessPoolExecutor(max_workers=a.jobs) as ex:
            res = list(ex.map(run_one, names, [a.out] * len(names), [a.quick] * len(names),
                              [not a.no_strict] * len(names)))
    else:
        res = [run_one(nm, a.out, a.quick, not a.no_strict) for nm in names]
    for r in res:
        print(json.dumps(r))
    print(f"done in {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
