"""Ablations of the proactive pipeline, as EgoMemo reports them: without temporal retrieval, without
graph retrieval, without visual retrieval, without reconstruction.

    python -m bench.ablations [--scenarios bricklaying,ladder_and_tools] [--detectors gt]

Each scenario's cached video (see bench.qa) is replayed once as `spotter eval` does (heading
from the flow tracker); then, per configuration, the memory pass runs with
`spotter.reason.embedded.ProactiveMemory` (summaries + visual archive + the reasoner with the
chosen pathways) over the same clips, with the suite's reasoner settings (bench.proactive).
Reported per configuration: macro F1 and false alerts per minute (EgoServe scorer), how many
alerts drew on memory ("deep" categories: idle, progress, memory_recall) and how many earlier
clips they cite beyond their own, retrieval latency per pathway (p50/p95), the decision
latency (p50/p95) and the mean message length. Results: bench/results/ablations.json.

In this design the decision (d, category) is the rule engine's, over world-model state, so
the pathways and the reconstruction change what an alert says and which evidence it cites,
and what it costs, not whether it fires: the F1 columns show that, the evidence and latency
columns show what each pathway contributes.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path
from typing import Any

import numpy as np

from spotter.embedded import EmbeddedBus, ReplayOptions, replay
from spotter.graph.sqlite import SqliteGraphStore
from spotter.heading.track import HeadingTrack
from spotter.reason import ReasonerSettings
from spotter.reason.embedded import PATHWAYS, ProactiveMemory
from spotter.recall import detection_source, remember
from spotter.settings import BusSettings
from spotter.synth import load_truth
from spotter.synth.proactive import SuiteParams, reasoner_overrides, score_alerts, true_services
from spotter.synth.scenario import SCENARIOS, build_scenario, generate_scenario

REPO = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache"))
RESULTS = Path(__file__).resolve().parent / "results"
DEEP = {"idle", "progress", "memory_recall"}

CONFIGS: dict[str, dict[str, Any]] = {
    "full": {"pathways": PATHWAYS, "reconstruct": True},
    "no temporal": {"pathways": ("graph", "visual"), "reconstruct": True},
    "no graph": {"pathways": ("temporal", "visual"), "reconstruct": True},
    "no visual": {"pathways": ("temporal", "graph"), "reconstruct": True},
    "no reconstruction": {"pathways": PATHWAYS, "reconstruct": False},
}


def _pct(xs: list[float], q: float) -> float | None:
    return round(float(np.percentile(xs, q)), 2) if xs else None


def run_scenario(name: str, mode: str, seed: int) -> list[dict[str, Any]]:
    run = generate_scenario(name, seed=seed, out_dir=CACHE / "scenarios", video=True)
    assert run.video_path is not None
    blob_dir = CACHE / "bench-ablations-blobs" / f"{name}-{seed}"
    options = ReplayOptions(video=run.video_path, camera_id=run.camera, hfov_deg=run.hfov_deg, fast=True,
                            blob_dir=blob_dir, progress=False)  # fmt: skip
    scn = build_scenario(name, seed, run.duration_s)
    params = SuiteParams()
    yaw = [float(y) for y in load_truth(run.truth_path)["yaw_deg"]]
    truth = true_services(scn, params, yaw=yaw, fps=run.fps, hfov_deg=run.hfov_deg)
    out = []
    with EmbeddedBus(BusSettings(redis_url=None)) as bus:
        r = replay(bus, options)
        track = HeadingTrack(r.heading)
        for cname, cfg in CONFIGS.items():
            store = SqliteGraphStore(":memory:")
            store.init()
            bus.redis.delete(*(bus.redis.keys("spotter:archive:*") or ["spotter:archive:none"]))
            pm = ProactiveMemory(
                bus.redis, store, track.lookup(run.camera), blob_dir,
                settings=ReasonerSettings(**reasoner_overrides(scn, params)), **cfg,
            )  # fmt: skip
            t0 = time.perf_counter()
            source = detection_source(run.detections_path if mode == "gt" else None, blob_dir,
                                      backend=None if mode == "gt" else mode)
            remember(bus.redis, run.camera, track, store, source, hfov_deg=run.hfov_deg, on_clip=pm)
            wall = time.perf_counter() - t0
            alerts = pm.alerts
            score = score_alerts(alerts, truth, params.delta_s, run.duration_s)
            deep = [a for a in alerts if a.category in DEEP]
            earlier = [len([c for c in a.evidence.clip_ids if c != a.evidence.clip_ids[-1]]) for a in deep]
            lat = [d.latency_ms for d in pm.decisions]
            out.append({
                "scenario": name, "mode": mode, "config": cname, "macro_f1": score.macro_f1,
                "false_alerts_per_min": score.false_alerts_per_min, "alerts": len(alerts), "deep_alerts": len(deep),
                "deep_with_history": sum(1 for e in earlier if e > 0),
                "earlier_clips_cited_mean": round(float(np.mean(earlier)), 2) if earlier else 0.0,
                "message_chars_mean": round(float(np.mean([len(a.message) for a in alerts])), 1) if alerts else 0.0,
                "decision_ms_p50": _pct(lat, 50), "decision_ms_p95": _pct(lat, 95),
                "retrieval_ms": {k: {"p50": _pct(v.latencies_ms, 50), "p95": _pct(v.latencies_ms, 95),
                                     "calls": v.calls, "items": v.items, "timeouts": v.timeouts}
                                 for k, v in pm.reasoner.pathway_stats.items()},
                "memory_pass_s": round(wall, 1),
                "example": next((a.message for a in deep if len(a.message) > 80), deep[0].message if deep else ""),
            })  # fmt: skip
            pm.close()
            store.close()
            print(f"{name} [{mode}] {cname}: F1 {score.macro_f1:.3f}, deep {len(deep)}, "
                  f"with history {out[-1]['deep_with_history']}", flush=True)  # fmt: skip
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ablations", description=__doc__.split("\n")[0])
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--detectors", default="gt")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=RESULTS / "ablations.json")
    args = parser.parse_args(argv)
    rows = [row for mode in args.detectors.split(",") for name in args.scenarios.split(",")
            for row in run_scenario(name, mode, args.seed)]  # fmt: skip
    result = {"meta": {"date": time.strftime("%Y-%m-%d"), "machine": f"{platform.node()} {os.cpu_count()} cpus"},
              "rows": rows}  # fmt: skip
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print("\n| scenario | config | macro F1 | false/min | deep alerts (with history) | earlier clips cited | "
          "retrieval p95 ms (temporal / graph / visual) | decision p95 ms | message chars |")
    print("| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |")
    for r in rows:
        rp = " / ".join(str((r["retrieval_ms"].get(p) or {}).get("p95", "-")) for p in PATHWAYS)
        print(f"| {r['scenario']} | {r['config']} | {r['macro_f1']:.3f} | {r['false_alerts_per_min']:.2f} | "
              f"{r['deep_alerts']} ({r['deep_with_history']}) | {r['earlier_clips_cited_mean']} | {rp} | "
              f"{r['decision_ms_p95']} | {r['message_chars_mean']} |")  # fmt: skip
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
