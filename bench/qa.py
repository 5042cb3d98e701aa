"""Question answering on the scenario suite: accuracy per kind, with ground-truth and built-in detections.

    python -m bench.qa                                   # both scenarios, both detector modes
    python -m bench.qa --scenarios bricklaying --modes gt

For each scenario of `spotter.synth.scenario` (14 minutes, 640x360, 15 fps; rendered
and cached under .cache/scenarios the first time, minutes each) and each mode, the
whole embedded pipeline runs as `spotter eval` runs it: the video is replayed through
ingest and the flow tracker (heading measured from the video, not taken from the
truth), then the memory pass builds the world memory clip by clip from

* ``gt``: the scenario's ground-truth detections fed through the external-detections
  input (the contract's JSON Lines), or
* ``builtin``: the project's classical detector on the keyframes (1 per second), or
* ``pretrained``: the default detector (the pretrained network + the site rules) on them,

and answers each question right after the clip that holds its ``at``. Reported: accuracy
per kind (`spotter.synth.questions.score_answers`), the relative error of idle/working
durations, and identity: how many entities hold observations of two different
look-alike things (merged look-alikes; ground-truth ids from the detections) and how many
ground-truth things were split over several entities. Results: bench/results/qa.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from spotter.detect.external import ExternalDetections
from spotter.embedded import EmbeddedBus, ReplayOptions, replay
from spotter.graph.base import GraphStore
from spotter.graph.sqlite import SqliteGraphStore
from spotter.heading.track import HeadingTrack
from spotter.recall import detection_source, remember
from spotter.settings import BusSettings
from spotter.synth.questions import KINDS, score_answers
from spotter.synth.scenario import SCENARIOS, generate_scenario
from spotter.world.geometry import iou
from spotter.world.labels import is_person

REPO = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache"))
RESULTS = Path(__file__).resolve().parent / "results"
TARGET = 0.90


def identity_report(store: GraphStore, camera: str, gt: ExternalDetections) -> dict[str, Any]:
    """Merged look-alikes and split things, with each observation's ground-truth id by box overlap.

    A ground-truth id is `label:track_id` as the true detections give it; people are the ids whose label
    is a person label. Fragmentation: entities holding a true worker's observations, per true worker seen.
    """
    votes_by_entity: dict[str, Counter[str]] = defaultdict(Counter)
    entities_by_gt: dict[str, set[str]] = defaultdict(set)
    unmatched_people: set[str] = set()
    for o in store.observations(camera):
        votes: Counter[str] = Counter()
        for b in o.boxes:
            for d in gt.at(b.t, 0.05) or []:
                if d.label == o.label and d.track_id is not None and iou(d.bbox, b.bbox) >= 0.3:
                    votes[f"{d.label}:{d.track_id}"] += 1
        if votes:
            gid = votes.most_common(1)[0][0]
            votes_by_entity[o.entity_id][gid] += 1
            entities_by_gt[gid].add(o.entity_id)
        elif is_person(o.label):
            unmatched_people.add(o.entity_id)
    merged = {eid: sorted(v) for eid, v in votes_by_entity.items() if len(v) > 1}
    split = {gid: len(eids) for gid, eids in entities_by_gt.items() if len(eids) > 1}
    workers = [gid for gid in entities_by_gt if is_person(gid.split(":")[0])]
    worker_entities = {e for gid in workers for e in entities_by_gt[gid]}
    lookalike_labels = {"toolbox"}
    merged_lookalikes = {eid: ids for eid, ids in merged.items() if any(i.split(":")[0] in lookalike_labels for i in ids)}
    return {
        "entities": len(store.entities(camera)),
        "things_matched": len(entities_by_gt),
        "merged_entities": merged,
        "merged_lookalikes": len(merged_lookalikes),
        "split_things": split,
        "true_workers": len(workers),
        "entities_per_worker": round(len(worker_entities) / len(workers), 2) if workers else None,
        # person entities none of whose observations overlaps a true person: a vest on a fence, a poster
        "phantom_people": len(unmatched_people - worker_entities),
        # entities holding two or more true people: two workers taken for one
        "merged_people": sum(1 for v in votes_by_entity.values() if sum(1 for g in v if is_person(g.split(":")[0])) > 1),
    }


def run_one(name: str, mode: str, seed: int, progress: bool) -> dict[str, Any]:
    run = generate_scenario(name, seed=seed, out_dir=CACHE / "scenarios", video=True)
    assert run.video_path is not None
    questions = json.loads(run.questions_path.read_text())
    truth = json.loads(run.answers_path.read_text())
    blob_dir = CACHE / "bench-qa-blobs" / f"{name}-{seed}"
    options = ReplayOptions(
        video=run.video_path, camera_id=run.camera, hfov_deg=run.hfov_deg, fast=True, blob_dir=blob_dir,
        progress=progress, detections=run.detections_path if mode == "gt" else None,
    )  # fmt: skip
    store = SqliteGraphStore(":memory:")
    store.init()
    t0 = time.perf_counter()
    with EmbeddedBus(BusSettings(redis_url=None)) as bus:
        r = replay(bus, options)
        replay_s = time.perf_counter() - t0
        source = detection_source(options.detections, blob_dir, backend=None if mode == "gt" else mode)
        mem = remember(bus.redis, run.camera, HeadingTrack(r.heading), store, source,
                       hfov_deg=run.hfov_deg, questions=questions)  # fmt: skip
    score = score_answers(mem.answers, truth)
    ident = identity_report(store, run.camera, ExternalDetections.read(run.detections_path))
    store.close()
    per_kind = {k: score["per_kind"][k] for k in KINDS}
    return {
        "scenario": name, "mode": mode, "seed": seed, "questions": len(questions),
        "per_kind": per_kind, "overall": score["overall"],
        "productivity_rel_error": score["productivity_rel_error"],
        "identity": ident,
        "replay_s": round(replay_s, 1), "memory_s": round(mem.wall_s, 1),
        "clips": mem.clips, "observations": mem.observations, "events": mem.events,
        "wrong": [d for d in score["details"] if not d["correct"]],
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.qa", description=__doc__.split("\n")[0])
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--modes", default="gt,builtin,pretrained",
                        help="gt, builtin, pretrained (comma-separated): the detections' source")  # fmt: skip
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--progress", action="store_true")
    parser.add_argument("--out", type=Path, default=RESULTS / "qa.json")
    parser.add_argument(
        "--add", action="store_true",
        help="keep the other (scenario, mode) runs already in --out and replace only the ones run now",
    )
    args = parser.parse_args(argv)

    runs: list[dict[str, Any]] = []
    if args.add and args.out.is_file():
        now = {(n, m) for n in args.scenarios.split(",") for m in args.modes.split(",")}
        runs = [r for r in json.loads(args.out.read_text())["runs"] if (r["scenario"], r["mode"]) not in now]
    for mode in args.modes.split(","):
        for name in args.scenarios.split(","):
            runs.append(run_one(name, mode, args.seed, args.progress))
            r = runs[-1]
            print(f"{name} [{mode}]: {r['overall']['correct']}/{r['overall']['n']} "
                  f"(replay {r['replay_s']} s, memory {r['memory_s']} s)", flush=True)  # fmt: skip
    summary: dict[str, Any] = {}
    for mode in sorted({r["mode"] for r in runs}, key=lambda m: (m != "gt", m)):
        mine = [r for r in runs if r["mode"] == mode]
        per = {}
        for k in KINDS:
            n = sum(r["per_kind"][k]["n"] for r in mine)
            c = sum(r["per_kind"][k]["correct"] for r in mine)
            per[k] = {"n": n, "correct": c, "accuracy": c / n if n else None}
        errs = [r["productivity_rel_error"]["max"] for r in mine if r["productivity_rel_error"]["max"] is not None]
        summary[mode] = {
            "per_kind": per,
            "productivity_max_rel_error": max(errs) if errs else None,
            "merged_lookalikes": sum(r["identity"]["merged_lookalikes"] for r in mine),
            "meets_targets": all(v["accuracy"] is not None and v["accuracy"] >= TARGET for v in per.values())
            and (max(errs) if errs else 1.0) <= 0.10
            and sum(r["identity"]["merged_lookalikes"] for r in mine) == 0,
        }
    result = {
        "meta": {"date": time.strftime("%Y-%m-%d"), "machine": f"{platform.node()} {os.cpu_count()} cpus"},
        "summary": summary,
        "runs": runs,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"\n## Question answering ({result['meta']['date']}, {result['meta']['machine']})\n")
    print("| detections | " + " | ".join(KINDS) + " | idle/working max rel. error | merged look-alikes |")
    print("| --- |" + " ---: |" * (len(KINDS) + 2))
    for mode, s in summary.items():
        cells = [f"{v['correct']}/{v['n']} ({100 * v['accuracy']:.0f}%)" if v["accuracy"] is not None else "-"
                 for v in s["per_kind"].values()]  # fmt: skip
        err = s["productivity_max_rel_error"]
        print(f"| {mode} | " + " | ".join(cells) + f" | {100 * err:.1f}% | {s['merged_lookalikes']} |"
              if err is not None else f"| {mode} | " + " | ".join(cells) + f" | - | {s['merged_lookalikes']} |")
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
