"""CLI: ``python -m spotter.synth --script site_walk --duration 120 --fps 15 --size 640x360
--hfov 90 --seed 1 --out DIR`` -> prints the video and truth paths.

``--scenario bricklaying`` (or ``ladder_and_tools``) generates a scenario instead: video,
heading truth, ground-truth detections, events, questions and answers (its own length
unless ``--duration`` is given)."""

from __future__ import annotations

import argparse
import sys
import time

from .scenario import SCENARIOS, generate_scenario
from .trajectory import SCRIPTS
from .video import generate


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m spotter.synth", description=__doc__)
    ap.add_argument("--script", choices=SCRIPTS, default="site_walk")
    ap.add_argument(
        "--scenario", choices=SCENARIOS, default=None, help="generate a scenario (see spotter.synth.scenario)"
    )
    ap.add_argument(
        "--duration", type=float, default=None, help="seconds (default 120; a scenario's own length)"
    )
    ap.add_argument("--fps", type=float, default=15.0)
    ap.add_argument("--size", default="640x360", help="WxH")
    ap.add_argument("--hfov", type=float, default=90.0, help="horizontal field of view, degrees")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=".", help="output directory")
    ap.add_argument(
        "--noise", type=float, default=None, help="sensor noise sigma, grey levels (default 3; scenarios 2)"
    )
    ap.add_argument("--no-blur", action="store_true", help="disable motion blur")
    ap.add_argument("--flicker", type=float, default=0.0, help="brightness drift amplitude, e.g. 0.1")
    ap.add_argument("--threads", type=int, default=None)
    a = ap.parse_args(argv)
    try:
        w, h = (int(v) for v in a.size.lower().split("x"))
    except ValueError:
        ap.error("--size must look like 640x360")
    t0 = time.perf_counter()
    if a.scenario is not None:
        run = generate_scenario(
            a.scenario, a.seed, a.out, a.duration, a.fps, w, h, a.hfov,
            motion_blur=not a.no_blur, threads=a.threads, **({} if a.noise is None else {"noise_sigma": a.noise}),
        )  # fmt: skip
        for label, path in (
            ("video", run.video_path), ("truth", run.truth_path), ("detections", run.detections_path),
            ("events", run.events_path), ("questions", run.questions_path), ("answers", run.answers_path),
        ):  # fmt: skip
            print(f"{label}: {path}")
        print(f"frames: {run.n_frames} fps: {run.fps:g} hfov: {run.hfov_deg:g} ({time.perf_counter() - t0:.1f} s)",
              file=sys.stderr)  # fmt: skip
        return 0
    g = generate(
        a.script, 120.0 if a.duration is None else a.duration, a.fps, w, h, a.hfov, a.seed, a.out,
        noise_sigma=3.0 if a.noise is None else a.noise, motion_blur=not a.no_blur, flicker=a.flicker,
        threads=a.threads,
    )  # fmt: skip
    print(f"video: {g.video_path}")
    print(f"truth: {g.truth_path}")
    print(
        f"frames: {g.n_frames} fps: {g.fps:g} hfov: {g.hfov_deg:g} ({time.perf_counter() - t0:.1f} s)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
