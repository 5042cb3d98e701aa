"""The reasoner's knowledge-graph retrieval pathway on 8 hours of one camera's memory.

    python -m bench.graph_pathway [--calls 100] [--runs 3]

Uses bench.tools_latency's cached 8 h memory (built there the first time: run that benchmark
first). Each call is what the reasoner does for a deep alert: `GraphRetriever.retrieve` from 1
or 2 random entities at a random time in hours 1-8 (PPR over the bounded neighbourhood, then
the retrieved observations read back). Target (issue 4): p95 under 50 ms per pathway.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

import numpy as np

from spotter.graph.sqlite import SqliteGraphStore
from spotter.reason.retrieval import GraphRetriever

REPO = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache")) / "tools_latency"
RESULTS = Path(__file__).resolve().parent / "results"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.graph_pathway", description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=RESULTS / "graph_pathway.json")
    args = parser.parse_args(argv)
    found = sorted(CACHE.glob("sqlite-8h-*.sqlite3"))
    if not found:
        print("no cached 8 h memory: run `python -m bench.tools_latency --stores sqlite` first", file=sys.stderr)
        return 2
    store = SqliteGraphStore(found[-1])
    store.init()
    entities = [e for cam in {"cam0"} for e in store.entities(cam)]
    camera = entities[0].camera_id
    retriever = GraphRetriever(store)
    runs = []
    for run in range(args.runs):
        rng = random.Random(run)
        ms, items = [], []
        for n in range(args.calls):
            seeds = [e.entity_id for e in rng.sample(entities, 2 if n % 2 else 1)]
            t = rng.uniform(3600.0, 8 * 3600.0)
            t0 = time.perf_counter()
            items.append(len(retriever.retrieve("q", camera, t, seeds)))
            ms.append((time.perf_counter() - t0) * 1000.0)
        runs.append({"p50_ms": round(float(np.percentile(ms, 50)), 1), "p95_ms": round(float(np.percentile(ms, 95)), 1),
                     "items_mean": round(float(np.mean(items)), 2)})  # fmt: skip
        print(f"run {run}: p50 {runs[-1]['p50_ms']} ms, p95 {runs[-1]['p95_ms']} ms, {runs[-1]['items_mean']} items")
    store.close()
    result = {"meta": {"date": time.strftime("%Y-%m-%d %H:%M"), "machine": f"{platform.node()} {os.cpu_count()} cpus",
                       "load_avg": os.getloadavg()}, "memory": found[-1].name, "calls": args.calls, "runs": runs}  # fmt: skip
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
