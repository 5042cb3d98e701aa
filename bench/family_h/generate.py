"""Render the family-H benchmark videos and their ground truth.

    python -m bench.family_h.generate --out DIR [--only NAME] [--minutes M] [--threads N]
"""
import argparse
import json
import os
import sys
import time

import numpy as np
import cv2

from .render import Lens
from .camera import CameraSim
from .motion import fmt
from . import scenes

FPS = 15
W, H = 640, 360
GENERATOR = "bench.family_h (independent heading family H)"


def build(name):
    sc = scenes.SCENARIOS[name]()
    cam = sc["cam"]
    lens = Lens(cam["projection"], cam["hfov"], W, H)
    renderer = sc["site"].build(lens)
    sim = CameraSim(renderer, sc["script"], sc["site"], FPS, cam["readout"], cam["exp_base"], cam["exp_max"],
                    cam["noise"], cam["illum"], cam["seed"], vignette=cam["vignette"], brim=cam["brim"])
    return sc, lens, sim


def truth_heading(script, frames):
    t = np.arange(frames) / FPS
    yaw = script.sample(t)[0] - script.sample(np.array([0.0]))[0][0]
    return t, yaw


def description(sc, frames):
    s = sc["script"]
    ev = [(a, b, txt) for (a, b, txt) in s.events]
    ev += sc["scene_events"]
    ev.sort(key=lambda e: e[0])
    parts = []
    for (a, b, txt) in ev:
        if a >= frames / FPS:
            continue
        parts.append(f"{fmt(a)} {txt}" if b is None else f"{fmt(a)}-{fmt(b)} {txt}")
    return sc["intro"] + " Timeline (m:ss): " + "; ".join(parts) + "."


def render_one(name, out, minutes=None):
    t_start = time.time()
    cv2.setNumThreads(1)
    sc, lens, sim = build(name)
    total = int(round(scenes.DURATION * FPS))
    frames = total if minutes is None else min(total, int(round(minutes * 60 * FPS)))
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    clear = sc["site"].clearance(sc["script"].pos[: frames * 16 + 1])
    vw = cv2.VideoWriter(os.path.join(d, "video.mp4"), cv2.VideoWriter_fourcc(*"mp4v"), FPS, (W, H))
    if not vw.isOpened():
        raise RuntimeError("cannot open VideoWriter")
    t_build = time.time() - t_start
    t0 = time.time()
    for i in range(frames):
        vw.write(sim.frame(i))
        if (i + 1) % 1800 == 0:
            el = time.time() - t0
            print(f"[{name}] {i + 1}/{frames} frames, {el / (i + 1) * 1000:.1f} ms/frame", flush=True)
    vw.release()
    t, yaw = truth_heading(sc["script"], frames)
    truth = dict(camera=name, fps=FPS, width=W, height=H, duration_s=frames / FPS, frames=frames,
                 hfov_deg=sc["cam"]["hfov"], projection=sc["cam"]["projection"],
                 heading=[[round(float(a), 6), round(float(b), 4)] for a, b in zip(t, yaw)],
                 description=description(sc, frames), generator=GENERATOR)
    with open(os.path.join(d, "truth.json"), "w") as f:
        json.dump(truth, f)
    el = time.time() - t0
    print(f"[{name}] done: {frames} frames in {el:.1f} s ({el / max(frames, 1) * 1000:.1f} ms/frame, "
          f"setup {t_build:.1f} s, sub-frames {sim.stats['subframes']}, min clearance {clear:.2f} m)", flush=True)
    return name, el


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", default=None, help="render only this scenario")
    ap.add_argument("--minutes", type=float, default=None, help="render only the first M minutes")
    ap.add_argument("--threads", type=int, default=1, help="scenarios rendered in parallel processes")
    a = ap.parse_args(argv)
    names = list(scenes.SCENARIOS)
    if a.only:
        if a.only not in scenes.SCENARIOS:
            sys.exit(f"unknown scenario {a.only}; choose from {names}")
        names = [a.only]
    os.makedirs(a.out, exist_ok=True)
    t0 = time.time()
    if a.threads <= 1 or len(names) == 1:
        for n in names:
            render_one(n, a.out, a.minutes)
    else:
        from multiprocessing import Pool
        with Pool(min(a.threads, len(names))) as p:
            p.starmap(render_one, [(n, a.out, a.minutes) for n in names])
    print(f"total wall time {time.time() - t0:.1f} s")


if __name__ == "__main__":
    main()
