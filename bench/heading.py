"""Heading accuracy and speed of every method, on synthetic and real footage.

    python -m bench.heading                 # the full benchmark (about 15 minutes)
    python -m bench.heading --quick         # 2-minute synthetic scripts + real clips only

Each sequence is decoded once; every method consumes the same grey frames in
lockstep and only its `update` call is timed, single-threaded
(cv2.setNumThreads(1)). Errors are estimated yaw minus true yaw, both relative
to the first frame. Results go to bench/results/heading.json and a markdown
table on stdout (copied into docs/BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import platform
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

import cv2
import numpy as np

from spotter.heading import METHODS, make_estimator

DATA = Path(os.environ.get("SPOTTER_DATA_DIR", Path(__file__).resolve().parents[2] / "shared" / "data"))
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", Path(__file__).resolve().parents[1] / ".cache"))
RESULTS = Path(__file__).resolve().parent / "results"


@dataclass
class Sequence:
    name: str
    hfov_deg: float
    fps: float
    truth: np.ndarray  # yaw per frame, degrees, relative to frame 0
    frames: Iterator[np.ndarray] = field(repr=False)
    note: str = ""


@dataclass
class MethodResult:
    sequence: str
    method: str
    frames: int
    duration_s: float
    final_err_deg: float
    max_err_deg: float
    drift_deg_per_min: float
    fps: float
    relocalizations: int = 0


def _video_frames(path: Path, max_frames: int | None = None) -> Iterator[np.ndarray]:
    cap = cv2.VideoCapture(str(path), cv2.CAP_FFMPEG)
    if not cap.isOpened():
        raise SystemExit(f"cannot open {path}")
    n = 0
    while max_frames is None or n < max_frames:
        ok, img = cap.read()
        if not ok:
            break
        n += 1
        yield cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    cap.release()


def synthetic(script: str, minutes: float, size: tuple[int, int] = (640, 360), seed: int = 1) -> Sequence:
    from spotter.synth import generate, load_truth

    gen = generate(script, duration_s=minutes * 60, fps=15, width=size[0], height=size[1], hfov_deg=90.0,
                   seed=seed, out_dir=CACHE / "synth")
    truth = load_truth(gen.truth_path)
    yaw = np.asarray(truth["yaw_deg"], dtype=float)
    name = f"synthetic {script} {minutes:g} min {size[0]}x{size[1]}"
    return Sequence(name, 90.0, gen.fps, yaw - yaw[0], _video_frames(gen.video_path))


def _csv_rows(path: Path) -> list[dict[str, str]]:
    with open(path) as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


def gopro() -> Sequence | None:
    d = DATA / "gopro_max_walk"
    if not (d / "max-heromode.mp4").exists():
        return None
    rows = _csv_rows(d / "yaw_per_frame.csv")
    yaw = np.array([float(r["yaw_image_deg"]) for r in rows])
    # GoPro MAX HERO mode, 16:9 "Wide": ~94 deg horizontal (camera spec sheet);
    # the clip is stabilised in camera, so flow measures the image yaw.
    return Sequence("real gopro_max_walk 848x480 (29.97 fps)", 94.0, 30000 / 1001, yaw - yaw[0],
                    _video_frames(d / "max-heromode.mp4"), note="truth: camera IMU (CORI x IORI)")


def phone() -> Sequence | None:
    d = DATA / "phone_gyro_street"
    if not (d / "yaw_per_frame.csv").exists():
        return None
    rows = _csv_rows(d / "yaw_per_frame.csv")
    files = [d / r["file"] for r in rows]
    yaw = np.array([float(r["yaw_deg"]) for r in rows])
    hfov = math.degrees(2 * math.atan(400 / 573.8534))  # from the source's intrinsics (fx for 800 px)

    def frames() -> Iterator[np.ndarray]:
        for f in files:
            img = cv2.imread(str(f), cv2.IMREAD_GRAYSCALE)
            if img is None:
                raise SystemExit(f"cannot read {f}")
            yield img

    return Sequence("real phone_gyro_street 800x600 (30 fps)", hfov, 30.02, yaw - yaw[0], frames(),
                    note="truth: phone gyro")


def run_sequence(seq: Sequence, methods: list[str]) -> list[MethodResult]:
    ests = {m: make_estimator(m, seq.hfov_deg) for m in methods}
    yaws: dict[str, list[float]] = {m: [] for m in methods}
    spent = dict.fromkeys(methods, 0.0)
    for frame in seq.frames:
        for m, est in ests.items():
            t0 = time.perf_counter()
            pose = est.update(frame)
            spent[m] += time.perf_counter() - t0
            yaws[m].append(pose.yaw_deg)
    out = []
    for m in methods:
        est_yaw = np.asarray(yaws[m])
        n = min(len(est_yaw), len(seq.truth))
        err = est_yaw[:n] - seq.truth[:n]
        dur = (n - 1) / seq.fps
        out.append(MethodResult(
            sequence=seq.name, method=m, frames=n, duration_s=round(dur, 2),
            final_err_deg=round(abs(float(err[-1])), 3),
            max_err_deg=round(float(np.abs(err).max()), 3),
            drift_deg_per_min=round(abs(float(err[-1])) / dur * 60.0, 3),
            fps=round(n / spent[m], 1),
            relocalizations=int(getattr(ests[m], "relocalizations", 0)),
        ))
    return out


def markdown(results: list[MethodResult]) -> str:
    lines = ["| sequence | method | frames | final err (deg) | max err (deg) | drift (deg/min) | fps | relocs |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in results:
        lines.append(f"| {r.sequence} | {r.method} | {r.frames} | {r.final_err_deg:.3f} | {r.max_err_deg:.3f} "
                     f"| {r.drift_deg_per_min:.3f} | {r.fps:.0f} | {r.relocalizations} |")
    return "\n".join(lines)


def ratios(results: list[MethodResult], ours: str = "rotation", base: str = "vista") -> str:
    lines = ["| sequence | final err vista / ours | fps ours / vista |", "| --- | ---: | ---: |"]
    by = {(r.sequence, r.method): r for r in results}
    for seq in dict.fromkeys(r.sequence for r in results):
        a, b = by.get((seq, ours)), by.get((seq, base))
        if a and b:
            err_ratio = b.final_err_deg / max(a.final_err_deg, 1e-3)
            lines.append(f"| {seq} | {err_ratio:.1f}x | {a.fps / b.fps:.2f}x |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="skip the 20-minute and 1280x720 sequences")
    ap.add_argument("--methods", default=",".join(METHODS))
    ap.add_argument("--minutes", type=float, default=2.0, help="length of each synthetic script")
    ap.add_argument("--out", type=Path, default=RESULTS / "heading.json")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    methods = args.methods.split(",")

    plan: list[Sequence | None] = [synthetic(s, args.minutes) for s in ("slow_pans", "fast_turns", "look_back",
                                                                       "site_walk")]
    if not args.quick:
        plan.append(synthetic("site_walk", 20.0, seed=7))
        plan.append(synthetic("site_walk", 1.0, size=(1280, 720), seed=3))
    plan += [gopro(), phone()]

    results: list[MethodResult] = []
    for seq in plan:
        if seq is None:
            continue
        t0 = time.time()
        rs = run_sequence(seq, methods)
        results += rs
        print(f"# {seq.name}: {time.time() - t0:.0f} s", flush=True)
        print(markdown(rs), flush=True)

    meta = {"date": time.strftime("%Y-%m-%d"), "machine": f"{platform.node()} {platform.processor()} "
            f"{os.cpu_count()} cpus", "python": platform.python_version(), "opencv": cv2.__version__,
            "threads": 1}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"meta": meta, "results": [asdict(r) for r in results]}, indent=1))
    print("\n## all\n" + markdown(results))
    print("\n## ratios\n" + ratios(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
