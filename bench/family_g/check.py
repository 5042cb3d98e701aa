"""Verify rendered family-G scenarios.

    python -m bench.family_g.check DIR [--only NAME] [--pairs N]

Checks per scenario: truth.json has exactly the contract keys and the right
lens; the video has 640x360 frames and as many as truth says; heading has one
sample per frame at t = i/15, starts at 0, is continuous (unwrapped: no step
over 25 deg between frames) and equals the generator's pose; and the sign and
scale: between two frames of a slow pan while standing, phase correlation of a
central 128x128 crop must move content LEFT (negative x) when yaw increases and
RIGHT when it decreases, by f * dyaw * cos(pitch) pixels (pairs are taken outside
the dim minute and the near-plain-wall stretch), f = (w/2)/tan(hfov/2)
for pinhole and (w/2)/(hfov/2 in rad) for the equidistant fisheye.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys

import cv2
import numpy as np

from .generate import FPS, GENERATOR, H, W, dim_gain, setup, walk_mask
from .lens import camera_basis
from .scenarios import SCENARIOS

KEYS = {"camera", "fps", "width", "height", "duration_s", "frames", "hfov_deg", "projection", "heading",
        "description", "generator"}
CROP = 128


def content_shift(a, b):
    """Displacement (dx, dy) in pixels of the image content from crop a to crop b."""
    win = cv2.createHanningWindow(a.shape[::-1], cv2.CV_32F)
    (sx, sy), resp = cv2.phaseCorrelate(a.astype(np.float32), b.astype(np.float32), win)
    return sx, sy, resp


def _self_test():
    rng = np.random.default_rng(0)
    img = cv2.GaussianBlur(rng.random((200, 200)).astype(np.float32), (0, 0), 2)
    a = img[50:50 + CROP, 50:50 + CROP]
    b = img[50:50 + CROP, 55:55 + CROP]        # b shows the scene 5 px further right: content moved left
    sx, sy, _ = content_shift(a, b)
    return sx < -4.5 and abs(sy) < 0.5


def read_frames(path, wanted=None):
    cap = cv2.VideoCapture(path)
    w, h = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
    got, n = {}, 0
    while True:
        ok, fr = cap.read()
        if not ok:
            break
        if wanted is not None and n in wanted:
            got[n] = cv2.cvtColor(fr, cv2.COLOR_BGR2GRAY)
        n += 1
    cap.release()
    return w, h, n, got


def pick_pairs(script, n_frames, want, f_px):
    t = np.arange(n_frames) / FPS
    yaw, pitch, roll, x, y, z = script.pose(t)
    walking = walk_mask(script, t)
    dim = dim_gain(script, t) < 0.999
    nw = getattr(script, "near_wall_time", None)
    if nw is not None:        # the designed weak-texture stretch: phase correlation is not reliable there
        dim |= (t > nw[0] - 8) & (t < nw[1] + 3)
    rights, lefts = [], []
    for i in range(n_frames - 4):
        for k in (1, 2, 3, 4):
            j = i + k
            dy = yaw[j] - yaw[i]
            if walking[i:j + 1].any() or dim[i] or dim[j]:
                continue
            if 4.0 <= abs(dy) * f_px * math.pi / 180 <= 12.0 and abs(pitch[j] - pitch[i]) < 0.25 and abs(roll[j] - roll[i]) < 0.25 \
                    and abs(pitch[i]) < 25:
                (rights if dy > 0 else lefts).append((i, j))
                break
    rng = np.random.default_rng(1)
    sel = []
    for lst in (rights, lefts):
        if lst:
            idx = rng.choice(len(lst), min(want, len(lst)), replace=False)
            sel += [lst[q] for q in sorted(idx)]
    return sel, (yaw, pitch, roll)


def predicted_shift(lens, pose_i, pose_j):
    """Where the world direction at the centre of frame i lands in frame j, relative to the centre."""
    r_i, d_i, f_i = camera_basis(*[np.array(v) for v in pose_i])
    r_j, d_j, f_j = camera_basis(*[np.array(v) for v in pose_j])
    dw = f_i
    cam = np.array([r_j @ dw, d_j @ dw, f_j @ dw])
    u, v = lens.project(cam)
    return float(u - lens.cx), float(v - lens.cy)


def check_one(out_dir, name, n_pairs):
    problems, notes = [], []
    d = os.path.join(out_dir, name)
    with open(os.path.join(d, "truth.json")) as f:
        truth = json.load(f)
    sc, site, script, lens = setup(name)
    if set(truth) != KEYS:
        problems.append(f"truth keys differ: {sorted(set(truth) ^ KEYS)}")
    if truth["fps"] != FPS or truth["width"] != W or truth["height"] != H:
        problems.append("fps/size in truth")
    if truth["projection"] != sc["projection"] or abs(truth["hfov_deg"] - sc["hfov"]) > 1e-9:
        problems.append("lens in truth")
    if truth["generator"] != GENERATOR or truth["camera"] != name:
        problems.append("generator/camera name")
    hd = np.array(truth["heading"], float)
    n = truth["frames"]
    if hd.shape != (n, 2):
        problems.append(f"heading shape {hd.shape} != ({n}, 2)")
    if abs(truth["duration_s"] - n / FPS) > 1e-9:
        problems.append("duration_s != frames / fps")
    if np.abs(hd[:, 0] - np.arange(len(hd)) / FPS).max() > 1e-6:
        problems.append("heading times are not i / fps")
    if hd[0, 1] != 0.0:
        problems.append("heading does not start at 0")
    step = np.abs(np.diff(hd[:, 1])).max()
    if step > 25.0:
        problems.append(f"heading jumps {step:.1f} deg between frames (not unwrapped/continuous)")
    yaw_gen = script.pose(np.arange(len(hd)) / FPS)[0]
    err = np.abs((yaw_gen - yaw_gen[0]) - hd[:, 1]).max()
    if err > 1e-4:
        problems.append(f"heading differs from the generator's pose by {err:.2e} deg")
    pairs, (yaw, pitch, roll) = pick_pairs(script, n, n_pairs, lens.f)
    wanted = {i for p in pairs for i in p}
    vw, vh, vn, frames = read_frames(os.path.join(d, "video.mp4"), wanted)
    if (vw, vh) != (W, H):
        problems.append(f"video size {vw}x{vh}")
    if vn != n:
        problems.append(f"video has {vn} frames, truth says {n}")
    notes.append(f"{vn} frames {vw}x{vh}, max step {step:.2f} deg/frame ({step * FPS:.0f} deg/s), "
                 f"pose match {err:.1e} deg, net yaw {hd[-1, 1]:+.1f} deg")
    f_px = lens.f
    ratios = []
    y0, x0 = H // 2 - CROP // 2, W // 2 - CROP // 2
    for i, j in pairs:
        if i not in frames or j not in frames:
            continue
        sx, sy, resp = content_shift(frames[i][y0:y0 + CROP, x0:x0 + CROP], frames[j][y0:y0 + CROP, x0:x0 + CROP])
        dpsi = yaw[j] - yaw[i]
        pu, pv = predicted_shift(lens, (yaw[i], pitch[i], roll[i]), (yaw[j], pitch[j], roll[j]))
        expect = -f_px * math.radians(dpsi) * math.cos(math.radians(0.5 * (pitch[i] + pitch[j])))
        if resp < 0.08:
            notes.append(f"  pair {i}->{j}: low phase-correlation response {resp:.2f}, skipped")
            continue
        sign_ok = (sx < 0) == (dpsi > 0)
        ratio = sx / expect
        ratios.append(ratio)
        ok = sign_ok and abs(sx - pu) <= 0.6 + 0.08 * abs(pu)
        notes.append(f"  pair {i}->{j} dyaw {dpsi:+.2f} deg pitch {pitch[i]:+.1f}: measured dx {sx:+.2f} px "
                     f"(dy {sy:+.2f}), predicted {pu:+.2f} ({pv:+.2f}), f*dyaw*cos(pitch) {expect:+.2f}, "
                     f"resp {resp:.2f} {'OK' if ok else 'FAIL'}")
        if not ok:
            problems.append(f"sign/scale pair {i}->{j}: measured {sx:+.2f} px, predicted {pu:+.2f} px")
    if len(ratios) < 2:
        problems.append("fewer than two usable slow-pan pairs for the sign check")
    else:
        notes.append(f"  measured/expected shift ratio: median {np.median(ratios):.3f} "
                     f"(min {min(ratios):.3f}, max {max(ratios):.3f}) over {len(ratios)} pairs; "
                     f"f = {f_px:.1f} px = {f_px * math.pi / 180:.2f} px/deg at the centre")
    return problems, notes


def table_row(out_dir, name):
    """One markdown row of the README's scenario table, from truth.json and the script."""
    with open(os.path.join(out_dir, name, "truth.json")) as f:
        truth = json.load(f)
    sc, _site, script, _lens = setup(name)
    hd = np.array(truth["heading"], float)
    dur = truth["duration_s"]
    t = np.arange(len(hd)) / FPS
    yaw, pitch, roll, *_ = script.pose(t)
    rate = np.gradient(yaw, t)
    walking = walk_mask(script, t)
    legs = sum(1 for w in script.walks if w[0] < dur)
    ft = [f for f in script.full_turns if f[1] <= dur]
    first = f"{ft[0][0]:.0f}-{ft[0][1]:.0f} s ({ft[0][2]:+.0f})" if ft else "-"
    turns = ", ".join(f"{f[2]:+.0f}@{f[0]:.0f}s" for f in ft)
    nw = getattr(script, "near_wall_time", (float("nan"), float("nan")))
    motion = (f"full turns {turns}; peak yaw rate {np.abs(rate).max():.0f} deg/s; pitch {pitch.min():+.0f}..{pitch.max():+.0f}, "
              f"roll {roll.min():+.1f}..{roll.max():+.1f} deg; walking {walking.sum() / FPS:.0f} s in {legs} legs; "
              f"still {script.quiet[0][0]:.0f}-{script.quiet[0][1]:.0f} s; dim {script.dim[0]:.0f}-{script.dim[1]:.0f} s; "
              f"near wall {nw[0]:.0f}-{nw[1]:.0f} s")
    return (f"| `{name}` | {sc['projection']} {sc['hfov']:.0f} | {dur / 60:.0f} min ({truth['frames']} fr) | {motion} | "
            f"{first} | {np.abs(np.diff(hd[:, 1])).sum():.0f} deg | {hd[-1, 1]:+.1f} deg |")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--only", default=None)
    ap.add_argument("--pairs", type=int, default=4, help="slow-pan pairs per direction")
    ap.add_argument("--table", action="store_true", help="print the README scenario table and exit")
    a = ap.parse_args(argv)
    if a.table:
        names = [a.only] if a.only else [n for n in SCENARIOS if os.path.isdir(os.path.join(a.out, n))]
        print("| scenario | lens (deg hfov) | duration | motion | first full turn | total abs rotation | net yaw at end |")
        print("|---|---|---|---|---|---|---|")
        for n in names:
            print(table_row(a.out, n))
        return 0
    if not _self_test():
        print("phase-correlation self-test failed")
        return 2
    names = [a.only] if a.only else [n for n in SCENARIOS if os.path.isdir(os.path.join(a.out, n))]
    bad = 0
    for name in names:
        problems, notes = check_one(a.out, name, a.pairs)
        print(f"{name}: {'PASS' if not problems else 'FAIL'}")
        for line in notes:
            print("  " + line)
        for p in problems:
            print("  PROBLEM: " + p)
        bad += bool(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
