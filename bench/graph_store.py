"""Graph store latency: one camera's memory of a working day, written and queried on each backend.

    python -m bench.graph_store                      # 8 h (2,880 clips of 10 s) on sqlite and neo4j
    python -m bench.graph_store --hours 1 --repeat 50 --backends sqlite

The memory is synthetic but shaped like the knowledge-graph service's output: one GraphWrite
per 10-s clip holding the clip, ~10 observations (10 timed boxes and a 32-float appearance
each), the entities seen (30 in all, upserted with their new last_seen), member_of / in_clip /
next / co_visible / relation (observation to observation) / in_episode edges, a few events, and an activity episode every
5 minutes. Writes are timed one GraphWrite at a time (throughput = clips and records per
second); then each protocol query runs `--repeat` times with random arguments, single
threaded, and its p50/p95 are reported. Neo4j runs in a private server (deploy/neo4j) with
the full JIT (no TieredStopAtLevel=1), after one warm-up round of every query.
Results go to bench/results/graph_store.json and a markdown table on stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from spotter.graph import (
    ClipRecord,
    EdgeRecord,
    EntityRecord,
    EpisodeRecord,
    EventRecord,
    GraphStore,
    GraphWrite,
    ObservationRecord,
    SqliteGraphStore,
    personalized_pagerank,
)
from spotter.messages import TimedBox

RESULTS = Path(__file__).resolve().parent / "results"
CAM = "cam0"
CLIP_S = 10.0
N_ENTITIES = 30
LABELS = ["worker", "ladder", "toolbox", "drill", "hammer", "scaffold", "wheelbarrow", "cone", "pallet", "brick_wall"]


def synthetic_day(hours: float, seed: int = 7) -> Iterator[GraphWrite]:
    """One GraphWrite per clip, in time order."""
    rng = random.Random(seed)
    n_clips = int(hours * 3600 / CLIP_S)
    arrival = sorted(rng.uniform(0, n_clips * CLIP_S * 0.5) for _ in range(N_ENTITIES))
    arrival[:8] = [0.0] * 8  # a scene is never empty
    entities: dict[int, EntityRecord] = {}
    episode_start = 0.0
    for k in range(n_clips):
        t0 = k * CLIP_S
        t1 = t0 + CLIP_S
        clip_id = f"{CAM}/c{k}"
        present = [i for i in range(N_ENTITIES) if arrival[i] <= t0]
        seen = rng.sample(present, min(len(present), max(1, int(rng.gauss(10, 3)))))
        observations, edges, events = [], [], []
        for track, i in enumerate(seen):
            entity_id = f"{CAM}/e{i}"
            start = t0 + rng.uniform(0, 3)
            end = min(t1, start + rng.uniform(3, 10))
            bearing = rng.uniform(-180, 180)
            obs_id = f"{clip_id}/{track}"
            observations.append(ObservationRecord(
                observation_id=obs_id, entity_id=entity_id, camera_id=CAM, clip_id=clip_id,
                label=LABELS[i % len(LABELS)], t_start=start, t_end=end, bearing_deg=bearing,
                distance=rng.random(), state=rng.choice(["idle", "active", "moving"]),
                attributes={"hardhat": rng.random() < 0.8, "vest": "orange"} if i % len(LABELS) == 0 else {},
                motion_px_s=rng.uniform(0, 20), description=f"{LABELS[i % len(LABELS)]} near the {rng.choice(LABELS)}",
                boxes=[TimedBox(t=start + j * (end - start) / 10, bbox=(10.0 * j, 20.0, 10.0 * j + 50, 120.0))
                       for j in range(10)],
                appearance=[rng.random() for _ in range(32)],
            ))  # fmt: skip
            edges += [
                EdgeRecord(src=obs_id, dst=entity_id, kind="member_of", camera_id=CAM, t=start),
                EdgeRecord(src=obs_id, dst=clip_id, kind="in_clip", camera_id=CAM, t=start),
            ]
            previous = entities.get(i)
            if previous is None:
                events.append(EventRecord(event_id=f"{clip_id}/ev{track}", camera_id=CAM, t=start, kind="appeared",
                                          entity_id=entity_id, label=LABELS[i % len(LABELS)], clip_id=clip_id))  # fmt: skip
            elif rng.random() < 0.05:
                events.append(EventRecord(event_id=f"{clip_id}/ev{track}", camera_id=CAM, t=start,
                                          kind=rng.choice(["moved", "idle", "active", "picked_up", "dropped"]),
                                          entity_id=entity_id, label=LABELS[i % len(LABELS)], clip_id=clip_id,
                                          bearing_deg=bearing, detail={"speed": rng.random()}))  # fmt: skip
            entities[i] = EntityRecord(
                entity_id=entity_id, camera_id=CAM, label=LABELS[i % len(LABELS)],
                first_seen=previous.first_seen if previous else start, last_seen=end, bearing_deg=bearing,
                observations=(previous.observations if previous else 0) + 1, description="synthetic",
            )  # fmt: skip
        if len(seen) >= 2:
            a, b = observations[0].observation_id, observations[1].observation_id
            edges.append(EdgeRecord(src=a, dst=b, kind="co_visible", camera_id=CAM, t=t0))
            # observation -> observation of the same clip, as spotter.world.model writes relations
            edges.append(EdgeRecord(src=a, dst=b, kind="relation", predicate=rng.choice(["near", "holding", "on"]),
                                    camera_id=CAM, t=observations[0].t_start))  # fmt: skip
        if k:
            edges.append(EdgeRecord(src=f"{CAM}/c{k - 1}", dst=clip_id, kind="next", camera_id=CAM, t=t0))
        episode_id = f"{CAM}/a{int(t0 // 300)}"
        edges.append(EdgeRecord(src=clip_id, dst=episode_id, kind="in_episode", camera_id=CAM, t=t0))
        episodes = []
        if t1 - episode_start >= 300 or k == n_clips - 1:
            episodes.append(EpisodeRecord(episode_id=episode_id, camera_id=CAM, level="activity",
                                          t_start=episode_start, t_end=t1, text="five minutes of work"))  # fmt: skip
            episode_start = t1
        if k == n_clips - 1:
            episodes.append(EpisodeRecord(episode_id=f"{CAM}/s0", camera_id=CAM, level="session", t_start=0,
                                          t_end=t1, text="the day"))  # fmt: skip
        yield GraphWrite(
            clips=[ClipRecord(clip_id=clip_id, camera_id=CAM, t_start=t0, t_end=t1, caption="synthetic clip",
                              yaw_start_deg=rng.uniform(-90, 90), yaw_end_deg=rng.uniform(-90, 90))],
            episodes=episodes, entities=[entities[i] for i in seen], observations=observations, edges=edges,
            events=events,
        )  # fmt: skip


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _summary(samples_s: list[float]) -> dict[str, float]:
    ms = [s * 1000 for s in samples_s]
    return {"p50_ms": round(_pct(ms, 0.5), 3), "p95_ms": round(_pct(ms, 0.95), 3),
            "mean_ms": round(statistics.fmean(ms), 3), "n": len(ms)}  # fmt: skip


def queries(store: GraphStore, day_s: float, rng: random.Random) -> dict[str, Callable[[], Any]]:
    """Each protocol query with fresh random arguments per call."""
    entity_ids = [f"{CAM}/e{i}" for i in range(N_ENTITIES)]
    n_clips = int(day_s / CLIP_S)

    def some_nodes() -> list[str]:
        out = []
        for _ in range(10):
            k = rng.randrange(n_clips)
            out.append(rng.choice([f"{CAM}/c{k}", f"{CAM}/c{k}/0", f"{CAM}/c{k}/1", rng.choice(entity_ids)]))
        return out

    def window(width: float) -> tuple[float, float]:
        t = rng.uniform(0, day_s - width)
        return t, t + width

    return {
        "entity(id)": lambda: store.entity(rng.choice(entity_ids)),
        "entities(camera)": lambda: store.entities(CAM),
        "entities(camera, t_max)": lambda: store.entities(CAM, t_max=rng.uniform(0, day_s)),
        "observations(entity)": lambda: store.observations(CAM, entity_id=rng.choice(entity_ids)),
        "observations(entity, t_max, limit=20)": lambda: store.observations(
            CAM, entity_id=rng.choice(entity_ids), t_max=rng.uniform(0, day_s), limit=20),
        "observations(30 s window)": lambda: store.observations(CAM, t_min=(w := window(30))[0], t_max=w[1]),
        "events(5 min window)": lambda: store.events(CAM, t_min=(w := window(300))[0], t_max=w[1]),
        "edges(10 nodes)": lambda: store.edges(some_nodes()),
        "edges(10 nodes, t_max)": lambda: store.edges(some_nodes(), t_max=rng.uniform(0, day_s)),
        "clips(60 s window)": lambda: store.clips(CAM, t_min=(w := window(60))[0], t_max=w[1]),
        "ppr(1 entity seed)": lambda: personalized_pagerank(
            store, CAM, {rng.choice(entity_ids): 1.0}, t_max=rng.uniform(day_s / 2, day_s)),
    }  # fmt: skip


def run_backend(store: GraphStore, hours: float, repeat: int, *, warmup: int) -> dict[str, Any]:
    store.init()
    store.clear()
    write_s: list[float] = []
    records = 0
    t_all = time.perf_counter()
    for batch in synthetic_day(hours):
        records += sum(len(getattr(batch, f)) for f in GraphWrite.model_fields)
        t = time.perf_counter()
        store.write(batch)
        write_s.append(time.perf_counter() - t)
    total_s = time.perf_counter() - t_all
    out: dict[str, Any] = {
        "clips": len(write_s),
        "records": records,
        "observations": len(store.observations(CAM)),
        "write": {**_summary(write_s), "clips_per_s": round(len(write_s) / sum(write_s), 1),
                  "records_per_s": round(records / sum(write_s)), "total_s": round(total_s, 1)},  # fmt: skip
        "queries": {},
    }
    rng = random.Random(11)
    for name, call in queries(store, hours * 3600, rng).items():
        for _ in range(warmup):
            call()
        samples, sizes = [], []
        for _ in range(repeat):
            t = time.perf_counter()
            result = call()
            samples.append(time.perf_counter() - t)
            sizes.append(len(result) if isinstance(result, list) else int(result is not None))
        out["queries"][name] = {**_summary(samples), "mean_rows": round(statistics.fmean(sizes), 1)}
    return out


@contextmanager
def open_backend(name: str, workdir: Path) -> Iterator[tuple[GraphStore, dict[str, str]]]:
    store: GraphStore
    if name == "sqlite":
        store = SqliteGraphStore(workdir / "graph.sqlite3")
        try:
            yield store, {"sqlite": sqlite3.sqlite_version}
        finally:
            store.close()
        return
    from spotter.graph.neo4j import Neo4jGraphStore
    from spotter.neo4j_server import DEFAULT_JVM_ARGS, Neo4jServerProcess

    jvm_args = tuple(a for a in DEFAULT_JVM_ARGS if "TieredStopAtLevel" not in a and not a.startswith("-Xmx"))
    server = Neo4jServerProcess(data_dir=workdir / "neo4j", jvm_args=(*jvm_args, "-Xmx1g"), page_cache_mb=256)
    with server:
        store = Neo4jGraphStore(server.uri, server.auth)
        try:
            yield store, {"neo4j": "5.26 (deploy/neo4j, embedded Community, Bolt on loopback)"}
        finally:
            store.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hours", type=float, default=8.0, help="media hours of memory (default 8: 2,880 clips)")
    ap.add_argument("--repeat", type=int, default=200, help="timed calls per query")
    ap.add_argument("--warmup", type=int, default=20, help="untimed calls per query first")
    ap.add_argument("--backends", default="sqlite,neo4j", help="comma-separated: sqlite, neo4j")
    ap.add_argument("--out", type=Path, default=RESULTS / "graph_store.json")
    args = ap.parse_args(argv)

    meta: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{platform.node()} {platform.processor() or platform.machine()} {os.cpu_count()} cpus",
        "python": platform.python_version(), "hours": args.hours, "repeat": args.repeat,
        "load_avg_start": [round(x, 2) for x in os.getloadavg()],
    }  # fmt: skip
    results: dict[str, Any] = {}
    for name in [b.strip() for b in args.backends.split(",") if b.strip()]:
        with tempfile.TemporaryDirectory(prefix=f"spotter-bench-{name}-") as tmp, open_backend(name, Path(tmp)) as (
            store,
            versions,
        ):
            print(f"{name}: writing {args.hours:g} h of memory ...", flush=True)
            meta.update(versions)
            results[name] = run_backend(store, args.hours, args.repeat, warmup=args.warmup)
            w = results[name]["write"]
            print(f"{name}: {results[name]['records']} records in {w['total_s']} s", flush=True)
    meta["load_avg_end"] = [round(x, 2) for x in os.getloadavg()]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"meta": meta, "results": results}, indent=1) + "\n")

    names = list(results)
    print(f"\n{meta['date']}, {meta['machine']}, {args.hours:g} h = {int(args.hours * 360)} clips, "
          f"{args.repeat} calls per query; p50 / p95 in ms\n")  # fmt: skip
    print("| query | " + " | ".join(f"{n} p50 | {n} p95" for n in names) + " | rows (mean) |")
    print("| --- |" + " ---: | ---: |" * len(names) + " ---: |")
    first = results[names[0]]["queries"] if names else {}
    for q in first:
        cells = " | ".join(f"{results[n]['queries'][q]['p50_ms']:.2f} | {results[n]['queries'][q]['p95_ms']:.2f}"
                           for n in names)  # fmt: skip
        print(f"| {q} | {cells} | {first[q]['mean_rows']} |")
    cells = " | ".join(f"{results[n]['write']['p50_ms']:.2f} | {results[n]['write']['p95_ms']:.2f}" for n in names)
    print(f"| write (one clip's GraphWrite) | {cells} | |")
    for n in names:
        w = results[n]["write"]
        print(f"\n{n}: {w['clips_per_s']} clips/s, {w['records_per_s']} records/s written "
              f"({results[n]['records']} records, {results[n]['observations']} observations)")  # fmt: skip
    print(f"\nresults: {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
