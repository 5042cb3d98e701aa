"""Proactive alerts on the scenario suite: per-category P/R/F1, macro F1 and false alerts per minute.

    python -m bench.proactive                                  # gt detections, truth heading (fast, no video)
    python -m bench.proactive --detectors gt,builtin --heading video
    python -m bench.proactive --detectors builtin --heading video --add

For each scenario of `spotter.synth.scenario` the true services come from the script
(`spotter.synth.proactive.true_services`, windows per category) and the reasoner
(`spotter.reason.Reasoner`, the offline rule engine, configured with the suite's site
parameters: exclusion zone, idle threshold, left-behind timeout) decides clip by clip
(10 s clips) on the world memory built from

* ``gt``: the scenario's ground-truth detections (the contract's JSON Lines), or
* ``builtin``: the project's classical detector on the replayed video's keyframes.

``--heading truth`` (gt only) takes the generator's heading and skips the video (about a
minute); ``--heading video`` replays the cached rendered video through ingest and the
flow tracker as `spotter eval` does, once per scenario for all video modes (the
built-in detector always needs it; tens of minutes per scenario). Scoring: `spotter.synth.proactive.score_alerts` (delta 10 s),
next to the silent baseline (never alerts: F1 0). Results: bench/results/proactive.json.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import time
from pathlib import Path
from typing import Any

from spotter.graph.sqlite import SqliteGraphStore
from spotter.heading.track import HeadingTrack
from spotter.memory import FileDetections, MemoryBuilder
from spotter.messages import Alert, Clip
from spotter.reason import Reasoner, ReasonerSettings
from spotter.synth import load_truth
from spotter.synth.proactive import (
    CATEGORIES,
    SuiteParams,
    TrueService,
    reasoner_overrides,
    score_alerts,
    silent_baseline,
    true_services,
)
from spotter.synth.scenario import SCENARIOS, build_scenario, generate_scenario

REPO = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache"))
RESULTS = Path(__file__).resolve().parent / "results"
TARGET_MACRO_F1 = 0.8
TARGET_FALSE_PER_MIN = 0.1
CLIP_S = 10.0


def alerts_fast(
    name: str, seed: int, params: SuiteParams
) -> tuple[list[Alert], list[TrueService], float, float]:
    """Ground-truth detections and the truth heading, clip by clip, no video."""
    run = generate_scenario(name, seed=seed, out_dir=CACHE / "scenarios", video=False)
    yaw = [float(y) for y in load_truth(run.truth_path)["yaw_deg"]]
    heading = HeadingTrack((i / run.fps, y) for i, y in enumerate(yaw))
    lookup = heading.lookup(run.camera)
    store = SqliteGraphStore(":memory:")
    store.init()
    builder = MemoryBuilder(store, lookup, FileDetections.read(run.detections_path), width=run.width,
                            height=run.height, hfov_deg=run.hfov_deg)  # fmt: skip
    scn = build_scenario(name, seed, run.duration_s)
    reasoner = Reasoner(store, lookup, ReasonerSettings(**reasoner_overrides(scn, params)))
    t0 = time.perf_counter()
    for k in range(math.ceil(run.duration_s / CLIP_S)):
        a, b = CLIP_S * k, min(run.duration_s, CLIP_S * (k + 1))
        clip = Clip(camera_id=run.camera, t=b, clip_id=f"{run.camera}-gt-{k:06d}", t_start=a, t_end=b,
                    n_frames=int((b - a) * run.fps), source="scenario")  # fmt: skip
        reasoner.on_clip(builder.add_clip(clip))
    wall = time.perf_counter() - t0
    store.close()
    truth = true_services(scn, params, yaw=yaw, fps=run.fps, hfov_deg=run.hfov_deg)
    lat = sorted(d.latency_ms for d in reasoner.decisions)
    return reasoner.alerts, truth, wall, lat[len(lat) // 2] if lat else 0.0


def alerts_video(
    name: str, seed: int, modes: list[str], params: SuiteParams, progress: bool
) -> tuple[dict[str, tuple[list[Alert], float, float]], list[TrueService], float]:
    """The cached rendered video replayed once as `spotter eval` does (heading from the flow tracker),
    then one memory pass + reasoner per mode: detections from the file (gt) or the detector (builtin).
    Returns {mode: (alerts, memory wall s, median decision ms)}, the true services and the replay's wall s."""
    from spotter.embedded import EmbeddedBus, ReplayOptions, replay
    from spotter.recall import detection_source, remember
    from spotter.settings import BusSettings

    run = generate_scenario(name, seed=seed, out_dir=CACHE / "scenarios", video=True)
    assert run.video_path is not None
    blob_dir = CACHE / "bench-proactive-blobs" / f"{name}-{seed}"
    options = ReplayOptions(
        video=run.video_path, camera_id=run.camera, hfov_deg=run.hfov_deg, fast=True, blob_dir=blob_dir,
        progress=progress,
    )  # fmt: skip
    scn = build_scenario(name, seed, run.duration_s)
    out: dict[str, tuple[list[Alert], float, float]] = {}
    t0 = time.perf_counter()
    with EmbeddedBus(BusSettings(redis_url=None)) as bus:
        r = replay(bus, options)
        replay_s = time.perf_counter() - t0
        track = HeadingTrack(r.heading)
        for mode in modes:
            t1 = time.perf_counter()
            store = SqliteGraphStore(":memory:")
            store.init()
            settings = ReasonerSettings(**reasoner_overrides(scn, params))
            reasoner = Reasoner(store, track.lookup(run.camera), settings)
            source = detection_source(run.detections_path if mode == "gt" else None, blob_dir,
                                      backend=None if mode == "gt" else mode)
            remember(bus.redis, run.camera, track, store, source, hfov_deg=run.hfov_deg, on_clip=reasoner)
            store.close()
            lat = sorted(d.latency_ms for d in reasoner.decisions)
            out[mode] = (reasoner.alerts, time.perf_counter() - t1, lat[len(lat) // 2] if lat else 0.0)
    yaw = [float(y) for y in load_truth(run.truth_path)["yaw_deg"]]
    truth = true_services(scn, params, yaw=yaw, fps=run.fps, hfov_deg=run.hfov_deg)
    return out, truth, replay_s


def record(
    name: str, mode: str, heading: str, seed: int, alerts: list[Alert], truth: list[TrueService], wall: float,
    lat: float,
) -> dict[str, Any]:  # fmt: skip
    params = SuiteParams()
    dur = build_scenario(name, seed).duration_s
    score = score_alerts(alerts, truth, params.delta_s, dur)
    silent = score_alerts(silent_baseline(truth), truth, params.delta_s, dur)
    return {
        "scenario": name, "mode": mode, "heading": heading, "seed": seed, "duration_s": dur,
        "true_services": len(truth), "alerts_n": len(alerts),
        "per_category": {c: vars(cs) for c, cs in score.per_category.items()},
        "macro_f1": score.macro_f1, "false_alerts": score.false_alerts,
        "false_alerts_per_min": score.false_alerts_per_min,
        "silent": {"macro_f1": silent.macro_f1, "false_alerts_per_min": silent.false_alerts_per_min},
        "wall_s": round(wall, 1), "decision_latency_ms_median": round(lat, 3),
        "alerts": [{"t": a.t, "category": a.category, "message": a.message} for a in alerts],
        "missed": score.missed, "false": score.false,
    }  # fmt: skip


def summarize(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Per (mode, heading): per-category counts pooled over scenarios, macro F1 and false alerts/min."""
    out: dict[str, Any] = {}
    for key in sorted({(r["mode"], r["heading"]) for r in runs}, key=lambda k: (k[0] != "gt", k)):
        mine = [r for r in runs if (r["mode"], r["heading"]) == key]
        per: dict[str, Any] = {}
        for c in CATEGORIES:
            n_true = sum(r["per_category"].get(c, {}).get("n_true", 0) for r in mine)
            n_pred = sum(r["per_category"].get(c, {}).get("n_pred", 0) for r in mine)
            tp = sum(r["per_category"].get(c, {}).get("tp", 0) for r in mine)
            if not n_true and not n_pred:
                continue
            p = tp / n_pred if n_pred else 0.0
            rec = tp / n_true if n_true else None
            f1 = 2 * p * (rec or 0.0) / (p + (rec or 0.0)) if p + (rec or 0.0) > 0 else 0.0
            per[c] = {"n_true": n_true, "n_pred": n_pred, "tp": tp, "precision": p, "recall": rec, "f1": f1}
        macro = sum(v["f1"] for v in per.values()) / len(per) if per else None
        minutes = sum(r["duration_s"] for r in mine) / 60.0
        fpm = sum(r["false_alerts"] for r in mine) / minutes if minutes else 0.0
        worst = min((r["macro_f1"] or 0.0) for r in mine)
        out[f"{key[0]}/{key[1]}"] = {
            "per_category": per, "macro_f1": macro, "worst_scenario_macro_f1": worst,
            "false_alerts_per_min": fpm, "silent_macro_f1": 0.0 if per else None,
            "meets_targets": macro is not None and worst >= TARGET_MACRO_F1 and fpm <= TARGET_FALSE_PER_MIN,
        }  # fmt: skip
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.proactive", description=__doc__.split("\n")[0])
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--detectors", default="gt", help="gt, builtin, pretrained (comma-separated)")
    parser.add_argument("--heading", choices=("truth", "video"), default="truth",
                        help="truth: the generator's heading, no video (gt only); video: replay the rendered video")  # fmt: skip
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--out", type=Path, default=RESULTS / "proactive.json")
    parser.add_argument("--add", action="store_true", help="keep the other runs already in --out")
    args = parser.parse_args(argv)

    todo = []
    for mode in args.detectors.split(","):
        heading = "video" if mode != "gt" else args.heading
        for name in args.scenarios.split(","):
            todo.append((name, mode, heading))
    runs: list[dict[str, Any]] = []
    if args.add and args.out.is_file():
        runs = [r for r in json.loads(args.out.read_text())["runs"]
                if (r["scenario"], r["mode"], r["heading"]) not in set(todo)]  # fmt: skip
    new: list[dict[str, Any]] = []
    for name in args.scenarios.split(","):
        if ("gt", "truth") in {(m, h) for n, m, h in todo if n == name}:
            alerts, truth, wall, lat = alerts_fast(name, args.seed, SuiteParams())
            new.append(record(name, "gt", "truth", args.seed, alerts, truth, wall, lat))
        video_modes = [m for n, m, h in todo if n == name and h == "video"]
        if video_modes:
            per_mode, truth, replay_s = alerts_video(
                name, args.seed, video_modes, SuiteParams(), args.progress
            )
            for mode, (alerts, wall, lat) in per_mode.items():
                new.append(record(name, mode, "video", args.seed, alerts, truth, wall + replay_s, lat))
    for r in new:
        print(f"{r['scenario']} [{r['mode']}, heading {r['heading']}]: macro F1 {r['macro_f1']:.3f}, "
              f"{r['false_alerts_per_min']:.3f} false alerts/min ({r['wall_s']} s)", flush=True)  # fmt: skip
    runs += new
    runs.sort(key=lambda r: (r["mode"] != "gt", r["mode"], r["heading"], r["scenario"]))
    result: dict[str, Any] = {
        "meta": {
            "date": time.strftime("%Y-%m-%d"),
            "machine": f"{platform.node()} {os.cpu_count()} cpus",
            "delta_s": SuiteParams().delta_s,
            "clip_s": CLIP_S,
        },  # fmt: skip
        "summary": summarize(runs),
        "runs": runs,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"\n## Proactive alerts ({result['meta']['date']}, {result['meta']['machine']})\n")
    print(
        "| detections / heading | "
        + " | ".join(CATEGORIES)
        + " | macro F1 | false alerts/min | silent macro F1 |"
    )
    print("| --- |" + " ---: |" * (len(CATEGORIES) + 3))
    for key, s in result["summary"].items():
        cells = []
        for c in CATEGORIES:
            v = s["per_category"].get(c)
            cells.append("-" if v is None else f"{v['precision']:.2f}/{(v['recall'] or 0):.2f}/{v['f1']:.2f}")
        print(f"| {key} | " + " | ".join(cells)
              + f" | {s['macro_f1']:.3f} | {s['false_alerts_per_min']:.3f} | {s['silent_macro_f1']:.1f} |")  # fmt: skip
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
