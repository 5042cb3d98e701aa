"""The lens measured from the video: heading error when the configured field of view is wrong or missing.

    python -m bench.lens                      # families B and C (generated into .cache when absent)
    python -m bench.lens --families b,c,d --configs true,0.8,1.2,90

For every scenario of the independent families (rendered with pinhole and equidistant fisheye
lenses, ground-truth heading per frame) the rotation tracker runs with the field of view
configured right, 20 % too narrow, 20 % too wide and missing (the default 90 deg), once with
the lens measured from the video (spotter.heading.calibrate) and once without. Reported: the
measured field of view and when it was applied, the max heading error after the first full
turn, the max error overall, and the drift (deg/min, slope of the error over the whole run and
after the first full turn). Results:
bench/results/lens_<families>.json (lens_bc.json, lens_d.json, ...).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[1]
CACHE_ROOT = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache"))
RESULTS = Path(__file__).resolve().parent / "results"


def _first_full_turn(yaw: np.ndarray) -> int:
    """Index of the first frame by which the true heading has covered 360 deg."""
    lo = hi = yaw[0]
    for i, y in enumerate(yaw):
        lo, hi = min(lo, y), max(hi, y)
        if hi - lo >= 360.0:
            return i
    return len(yaw) - 1


def run_one(job: tuple[str, float, bool]) -> dict[str, Any]:
    from spotter.heading.rotation import RotationEstimator, RotationSettings

    scenario, hfov, calibrate = job
    d = Path(scenario)
    truth = json.loads((d / "truth.json").read_text())
    fps = float(truth["fps"])
    est = RotationEstimator(hfov, RotationSettings(calibrate_lens=calibrate), truth.get("projection", "pinhole"))
    cap = cv2.VideoCapture(str(d / "video.mp4"))
    ys: list[float] = []
    applied_at = None
    t0 = time.perf_counter()
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        ys.append(est.update(frame).yaw_deg)
        if applied_at is None and est.lens is not None:
            applied_at = len(ys) / fps
    wall = time.perf_counter() - t0
    true = np.array([h[1] for h in truth["heading"]][: len(ys)])
    err = np.array(ys[: len(true)]) - true
    turn = _first_full_turn(true)
    minutes = np.arange(len(err)) / fps / 60.0
    lens = est.lens_estimate
    applied = est.lens
    return {
        "scenario": d.name, "true_hfov": truth["hfov_deg"], "projection": truth.get("projection", "pinhole"),
        "configured_hfov": hfov, "calibrate": calibrate,
        "measured_hfov": lens.hfov_deg if lens else None, "pairs": lens.pairs if lens else 0,
        "confidence": lens.confidence if lens else None, "applied_at_s": applied_at,
        "first_turn_s": round(turn / fps, 1), "max_err_after_turn": round(float(np.abs(err[turn:]).max()), 2),
        "median_err_after_turn": round(float(np.median(np.abs(err[turn:]))), 2),
        "within_3_after_turn": round(float(np.mean(np.abs(err[turn:]) < 3.0)), 3),
        "max_err": round(float(np.abs(err).max()), 2), "final_err": round(float(err[-1]), 2),
        "drift_deg_min": round(float(np.polyfit(minutes, err, 1)[0]), 3) if len(err) > 10 else None,
        "drift_after_turn_deg_min": (round(float(np.polyfit(minutes[turn:], err[turn:], 1)[0]), 3)
                                     if len(err) - turn > 10 * fps else None),
        "hfov_in_use": round(est.hfov_deg, 2), "lens_method": applied.method if applied else None,
        "retraced_frames": est.retraced_frames, "minutes": round(len(err) / fps / 60.0, 1),
        "fps": round(len(ys) / wall, 1),
    }  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--families", default="b,c")
    ap.add_argument("--configs", default="true,0.8,1.2,90", help="true, a factor of the true hfov, or a value in deg")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--measured-only", action="store_true", help="skip the runs without the lens measured (half the time)")
    args = ap.parse_args()
    jobs: list[tuple[str, float, bool]] = []
    for fam in args.families.split(","):
        root = CACHE_ROOT / f"family_{fam}"
        if not any(root.glob("*/video.mp4")):
            subprocess.run([sys.executable, "-m", f"bench.family_{fam}.generate", "--out", str(root)], check=True, cwd=REPO)
        for d in sorted(p.parent for p in root.glob("*/video.mp4")):
            true = float(json.loads((d / "truth.json").read_text())["hfov_deg"])
            for c in args.configs.split(","):
                hfov = true if c == "true" else (true * float(c) if float(c) < 5 else float(c))
                jobs.append((str(d), round(hfov, 1), True))
                if not args.measured_only:
                    jobs.append((str(d), round(hfov, 1), False))
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(run_one, jobs))
    print("| scenario | lens (true) | configured | in use at the end (how) | first applied at (s) | max err after 1st turn, "
          "measured / configured only | drift after 1st turn deg/min, measured / configured only |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    pairs = zip(rows, rows, strict=True) if args.measured_only else zip(rows[::2], rows[1::2], strict=True)
    for on, off in pairs:
        print(f"| {on['scenario']} | {on['projection']} {on['true_hfov']} | {on['configured_hfov']} | {on['hfov_in_use']} "
              f"({on['lens_method'] or 'configured'}) | {round(on['applied_at_s'], 1) if on['applied_at_s'] else '-'} | "
              f"{on['max_err_after_turn']} / {off['max_err_after_turn']} | "
              f"{on['drift_after_turn_deg_min']} / {off['drift_after_turn_deg_min']} |")  # fmt: skip
    on_rows = rows if args.measured_only else rows[::2]
    wrong = [r for r in on_rows if abs(r["configured_hfov"] / r["true_hfov"] - 1.0) > 0.01]
    for label, sel in (("right lens", [r for r in on_rows if r not in wrong]), ("wrong or missing lens", wrong)):
        if sel:
            ok_err = sum(r["max_err_after_turn"] < 3.0 for r in sel)
            ok_drift = sum(abs(r["drift_after_turn_deg_min"] or 0.0) < 0.2 for r in sel)
            print(f"{label}: max err after the first turn < 3 deg in {ok_err}/{len(sel)} runs (worst "
                  f"{max(r['max_err_after_turn'] for r in sel)}), |drift| < 0.2 deg/min in {ok_drift}/{len(sel)}")
    for r in on_rows:
        print(f"{r['scenario']} at {r['configured_hfov']}: median err after the first turn {r['median_err_after_turn']} deg, "
              f"within 3 deg {r['within_3_after_turn']:.0%} of the time")
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"lens_{args.families.replace(',', '')}.json").write_text(json.dumps({"machine": platform.platform(), "date": time.strftime("%Y-%m-%d"),
                                                   "rows": rows}, indent=1))  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
