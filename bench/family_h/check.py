"""Verify rendered family-H outputs.

    python -m bench.family_h.check DIR            # full verification (decodes every video)
    python -m bench.family_h.check DIR --table    # markdown table of the scenarios only

Checks per scenario: truth.json keys and types, one heading sample per frame with
t = i/fps, heading 0 at frame 0 and unwrapped, video size/fps/frame count, no
long blank stretches, and the sign convention measured from the video itself:
over slow pans (truth yaw rate 6-80 deg/s, one sign, >= 0.4 s) the image content
must move LEFT when yaw increases (phase correlation of the image centre).
"""
import argparse
import json
import os
import sys

import numpy as np
import cv2

KEYS = ["camera", "fps", "width", "height", "duration_s", "frames", "hfov_deg", "projection", "heading",
        "description", "generator"]
GENERATOR = "bench.family_h (independent heading family H)"


def stats(truth):
    h = np.array(truth["heading"], float)
    y = h[:, 1]
    fps = truth["fps"]
    rng = np.maximum.accumulate(y) - np.minimum.accumulate(y)
    k = np.nonzero(rng >= 360.0)[0]
    first = float(h[k[0], 0]) if len(k) else None
    d = np.diff(y)
    return dict(first_turn_s=first, total_abs=float(np.abs(d).sum()), net=float(y[-1] - y[0]),
                max_rate=float(np.abs(d).max() * fps) if len(d) else 0.0, min=float(y.min()), max=float(y.max()))


def mmss(t):
    if t is None:
        return "never"
    t = int(round(t))
    return f"{t // 60}:{t % 60:02d}"


def table(root, names):
    try:
        from .scenes import SUMMARY
    except Exception:  # pragma: no cover
        SUMMARY = {}
    rows = ["| scenario | lens | duration | motion summary | first full turn | total abs. rotation | net yaw | max rate |",
            "|---|---|---|---|---|---|---|---|"]
    for n in names:
        tr = json.load(open(os.path.join(root, n, "truth.json")))
        s = stats(tr)
        lens = f"{tr['projection']} {tr['hfov_deg']:g} deg"
        rows.append(f"| {n} | {lens} | {tr['duration_s'] / 60:.1f} min ({tr['frames']} frames) | "
                    f"{SUMMARY.get(n, '')} | {mmss(s['first_turn_s'])} | {s['total_abs']:.0f} deg | "
                    f"{s['net']:+.0f} deg | {s['max_rate']:.0f} deg/s |")
    return "\n".join(rows)


def pan_windows(y, fps, lo=6.0, hi=80.0, min_len=6):
    r = np.diff(y) * fps
    r = np.convolve(r, np.ones(3) / 3, mode="same")
    ok = (np.abs(r) >= lo) & (np.abs(r) <= hi)
    sg = np.sign(r)
    wins = []
    i = 0
    n = len(r)
    while i < n:
        if ok[i]:
            j = i
            while j + 1 < n and ok[j + 1] and sg[j + 1] == sg[i]:
                j += 1
            if j - i + 1 >= min_len:
                wins.append((i, j + 1))   # frames i..j+1
            i = j + 1
        else:
            i += 1
    return wins


def check_one(root, name, max_windows=60):
    errs = []
    d = os.path.join(root, name)
    tr = json.load(open(os.path.join(d, "truth.json")))
    for k in KEYS:
        if k not in tr:
            errs.append(f"missing key {k}")
    if errs:
        return errs, {}
    fps, W, H, N = tr["fps"], tr["width"], tr["height"], tr["frames"]
    if tr["camera"] != name:
        errs.append("camera != folder name")
    if tr["generator"] != GENERATOR:
        errs.append("generator string")
    if tr["projection"] not in ("pinhole", "fisheye"):
        errs.append("projection")
    if not (60 <= tr["hfov_deg"] <= 150):
        errs.append("hfov out of 60-150")
    h = np.array(tr["heading"], float)
    if h.shape != (N, 2):
        errs.append(f"heading shape {h.shape} != ({N}, 2)")
        return errs, {}
    if np.abs(h[:, 0] - np.arange(N) / fps).max() > 1e-5:
        errs.append("heading t != frame/fps")
    if abs(h[0, 1]) > 1e-6:
        errs.append("heading not 0 at frame 0")
    dy = np.diff(h[:, 1])
    if len(dy) and np.abs(dy).max() > 60:
        errs.append("heading jumps > 60 deg between frames (wrapped?)")
    if abs(tr["duration_s"] - N / fps) > 1e-6:
        errs.append("duration_s != frames/fps")
    if not isinstance(tr["description"], str) or len(tr["description"]) < 100:
        errs.append("description too short")
    cap = cv2.VideoCapture(os.path.join(d, "video.mp4"))
    if not cap.isOpened():
        return errs + ["cannot open video"], {}
    vw, vh = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
    vfps = cap.get(cv2.CAP_PROP_FPS)
    if (vw, vh) != (W, H):
        errs.append(f"video size {vw}x{vh} != {W}x{H}")
    if abs(vfps - fps) > 0.01:
        errs.append(f"video fps {vfps} != {fps}")
    # pan windows for the sign test
    wins = pan_windows(h[:, 1], fps)
    if len(wins) > max_windows:
        sel = np.linspace(0, len(wins) - 1, max_windows).round().astype(int)
        wins = [wins[k] for k in sorted(set(sel))]
    need = {}
    for wi, (a, b) in enumerate(wins):
        for f in range(a + 1, b + 1):
            need[f] = wi
    if tr["projection"] == "pinhole":
        fl = (W / 2) / np.tan(np.radians(tr["hfov_deg"]) / 2)
    else:
        fl = (W / 2) / (np.radians(tr["hfov_deg"]) / 2)
    cw, ch = 256, 160
    x0, y0 = (W - cw) // 2, (H - ch) // 2
    win = cv2.createHanningWindow((cw, ch), cv2.CV_32F)
    meas = np.zeros(len(wins))
    count = 0
    prev = None
    dark_run = max_dark_run = 0
    lum = []
    while True:
        ok, fr = cap.read()
        if not ok:
            break
        g = cv2.cvtColor(fr, cv2.COLOR_BGR2GRAY)
        m, sd = cv2.meanStdDev(g[::4, ::4])
        lum.append(float(m[0, 0]))
        if sd[0, 0] < 4 or m[0, 0] < 12:
            dark_run += 1
            max_dark_run = max(max_dark_run, dark_run)
        else:
            dark_run = 0
        cur = g[y0:y0 + ch, x0:x0 + cw].astype(np.float32)
        if count in need and prev is not None:
            (sx, sy), resp = cv2.phaseCorrelate(prev, cur, win)
            meas[need[count]] += sx
        prev = cur
        count += 1
    cap.release()
    if count != N:
        errs.append(f"video has {count} frames, truth says {N}")
    if max_dark_run > fps * 2:
        errs.append(f"blank/black stretch of {max_dark_run} frames")
    exp = np.array([-(h[b, 1] - h[a, 1]) * np.pi / 180 * fl for a, b in wins])
    agree = np.sign(meas) == np.sign(exp)
    info = dict(frames=count, windows=len(wins), sign_agree=float(agree.mean()) if len(wins) else float("nan"),
                median_ratio=float(np.median(meas / exp)) if len(wins) else float("nan"),
                lum_min=float(np.min(lum)) if lum else 0, lum_mean=float(np.mean(lum)) if lum else 0,
                max_blank_run=max_dark_run)
    if len(wins) < 5:
        errs.append(f"only {len(wins)} slow-pan windows for the sign test")
    elif agree.mean() < 0.8:
        errs.append(f"sign convention: only {agree.mean():.0%} of pans move content left for +yaw")
    return errs, info


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--table", action="store_true", help="only print a markdown table of the scenarios")
    a = ap.parse_args(argv)
    names = sorted(n for n in os.listdir(a.dir) if os.path.isfile(os.path.join(a.dir, n, "truth.json")))
    if not names:
        sys.exit(f"no scenarios under {a.dir}")
    if a.table:
        print(table(a.dir, names))
        return 0
    bad = 0
    for n in names:
        errs, info = check_one(a.dir, n)
        s = stats(json.load(open(os.path.join(a.dir, n, "truth.json"))))
        status = "OK" if not errs else "FAIL"
        bad += bool(errs)
        print(f"{status} {n}: frames={info.get('frames')} pans={info.get('windows')} "
              f"sign_agree={info.get('sign_agree', float('nan')):.2f} "
              f"shift_ratio(measured/expected)={info.get('median_ratio', float('nan')):.2f} "
              f"lum[min/mean]={info.get('lum_min', 0):.0f}/{info.get('lum_mean', 0):.0f} "
              f"first_full_turn={mmss(s['first_turn_s'])} net={s['net']:+.0f} deg")
        for e in errs:
            print("   -", e)
    print(table(a.dir, names))
    print("ALL OK" if not bad else f"{bad} scenario(s) FAILED")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
