"""Graph tools latency: the nine VISTA tools (and PPR, and /v1/ask when it exists) on 8 h of memory.

    python -m bench.tools_latency                         # 8 h, sqlite and neo4j, 200 calls per tool
    python -m bench.tools_latency --hours 1 --stores sqlite --calls 50

The memory is bench.graph_store's synthetic working day of one camera (2,880 clips of 10 s,
~27k observations, ~123k records), written through `GraphStore.write` one clip at a time
and cached under .cache/tools_latency/ (an SQLite file, a Neo4j data dir) keyed by the
generator's source, so reruns skip the minutes of writing. Each tool is then called through
`GraphTools.dispatch` (argument validation, the tool, the JSON dump: what /v1 and function
calling pay) with fresh realistic arguments per call: `at` uniform over the day (10% without
`at`: "now"), random entities, all eight directions and bearing ranges, windows from a
minute to three hours for get_changes. The heading is looked up from the clips' yaw (an
in-memory table: the API's Redis lookup is not what is measured). PPR
(spotter.graph.ppr) is timed from typical seeds. When `spotter.answer.parser.QuestionParser`
exists, ~20 question templates are timed through `QuestionParser(tools).answer(...)`.

Reports p50/p95/max per tool per store to bench/results/tools_latency.json and a markdown
table. `--budget-s` stops a tool early (fewer calls, reported as n) so that a slow baseline
still finishes.
"""

from __future__ import annotations

import argparse
import bisect
import hashlib
import importlib
import inspect
import json
import os
import platform
import random
import shutil
import sqlite3
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench import graph_store as gs
from spotter.graph import GraphStore, SqliteGraphStore, personalized_pagerank
from spotter.graph.base import ClipRecord
from spotter.tools import GraphTools
from spotter.world.geometry import SECTOR_CENTRES

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
CACHE = ROOT / ".cache" / "tools_latency"
CAM = gs.CAM
SECTORS = list(SECTOR_CENTRES)
PREDICATES = ["near", "holding", "on"]

QUESTIONS = [
    "Where is the ladder now?",
    "What's behind me?",
    "What is on my left?",
    "What is in front of me?",
    "When was the drill dropped?",
    "When did I last see the hammer?",
    "Where did I leave the toolbox?",
    "How long was the worker in the orange vest idle between 1:20 and 4:35?",
    "Is the toolbox in front of me the same one I saw at 2:21?",
    "What changed in the last five minutes?",
    "What was I looking at at 3:10?",
    "Which way was I facing at 1:05?",
    "Is the ladder to the left or the right of the scaffold?",
    "What is the worker holding?",
    "How many cones are there?",
    "What did I see between 0:30 and 0:45?",
    "Where is the wheelbarrow relative to me?",
    "When did the pallet first appear?",
    "What is near the brick wall?",
    "Summarise what you remember.",
]


# --- the memory ------------------------------------------------------------------------


def memory_key(hours: float) -> str:
    """Changes whenever the generator does: a cache built from older code is not reused."""
    src = inspect.getsource(gs.synthetic_day) + repr((hours, gs.N_ENTITIES, gs.LABELS, gs.CLIP_S))
    return hashlib.sha256(src.encode()).hexdigest()[:12]


def fill(store: GraphStore, hours: float) -> dict[str, Any]:
    store.init()
    store.clear()
    records, t0 = 0, time.perf_counter()
    for batch in gs.synthetic_day(hours):
        records += sum(len(getattr(batch, f)) for f in type(batch).model_fields)
        store.write(batch)
    return {"records": records, "write_s": round(time.perf_counter() - t0, 1)}


@contextmanager
def open_store(name: str, hours: float) -> Iterator[tuple[GraphStore, dict[str, Any]]]:
    """The store holding `hours` of memory: from the cache, or written now (then cached)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    key = memory_key(hours)
    info: dict[str, Any] = {"cache_key": key}
    store: GraphStore
    if name == "sqlite":
        path = CACHE / f"sqlite-{hours:g}h-{key}.sqlite3"
        if not path.is_file():
            tmp = path.with_suffix(".partial")
            for p in tmp.parent.glob(tmp.name + "*"):
                p.unlink()
            store = SqliteGraphStore(tmp)
            info.update(fill(store, hours))
            store.close()
            os.replace(tmp, path)
        store = SqliteGraphStore(path)
        store.init()  # new indexes of newer code are built here
        info["sqlite"] = sqlite3.sqlite_version
        try:
            yield store, info
        finally:
            store.close()
        return

    from spotter.graph.neo4j import Neo4jGraphStore
    from spotter.neo4j_server import DEFAULT_JVM_ARGS, Neo4jServerProcess

    data_dir = CACHE / f"neo4j-{hours:g}h-{key}"
    done = data_dir / "COMPLETE"
    if not done.is_file():
        shutil.rmtree(data_dir, ignore_errors=True)
    jvm_args = tuple(a for a in DEFAULT_JVM_ARGS if "TieredStopAtLevel" not in a and not a.startswith("-Xmx"))
    server = Neo4jServerProcess(data_dir=data_dir, jvm_args=(*jvm_args, "-Xmx1g"), page_cache_mb=256)
    with server:
        store = Neo4jGraphStore(server.uri, server.auth)
        try:
            if not done.is_file():
                info.update(fill(store, hours))
                done.write_text(json.dumps(info) + "\n")
            store.init()
            info["neo4j"] = "5.26 (deploy/neo4j, embedded Community, Bolt on loopback)"
            yield store, info
        finally:
            store.close()


class ClipHeading:
    """heading(camera, t) from the clips' yaw_start/yaw_end, interpolated: an in-memory table."""

    def __init__(self, clips: list[ClipRecord]) -> None:
        self.clips = [c for c in clips if c.yaw_start_deg is not None]
        self.starts = [c.t_start for c in self.clips]

    def __call__(self, camera_id: str, t: float) -> float | None:
        i = bisect.bisect_right(self.starts, t) - 1
        if camera_id != CAM or i < 0:
            return None
        c = self.clips[i]
        assert c.yaw_start_deg is not None and c.yaw_end_deg is not None
        f = min(1.0, max(0.0, (t - c.t_start) / max(c.t_end - c.t_start, 1e-9)))
        return c.yaw_start_deg + f * (c.yaw_end_deg - c.yaw_start_deg)


# --- the calls ---------------------------------------------------------------------------


def tool_calls(store: GraphStore, day_s: float, rng: random.Random) -> dict[str, Callable[[], dict[str, Any]]]:
    """Per tool: a maker of fresh realistic arguments (dispatch's JSON object)."""
    ents = store.entities(CAM)
    first_seen = {e.entity_id: e.first_seen for e in ents}

    def at() -> float | None:
        return None if rng.random() < 0.1 else rng.uniform(60.0, day_s)

    def known(t: float | None) -> list[str]:
        return [e for e, f in first_seen.items() if t is None or f <= t]

    def with_at(at_: float | None, **kw: Any) -> dict[str, Any]:
        return {"camera_id": CAM, **kw, **({} if at_ is None else {"at": at_})}

    def direction() -> dict[str, Any]:
        t = at()
        if rng.random() < 0.2:
            lo = rng.uniform(-180, 180)
            return with_at(t, from_deg=lo, to_deg=lo + rng.uniform(20, 120))
        return with_at(t, direction=rng.choice(SECTORS))

    def pair() -> dict[str, Any]:
        t = at()
        a, b = rng.sample(known(t), 2)
        return with_at(t, entity_a=a, entity_b=b)

    def one(**extra: Any) -> Callable[[], dict[str, Any]]:
        def make() -> dict[str, Any]:
            t = at()
            return with_at(t, entity_id=rng.choice(known(t)), **extra)

        return make

    def at_time() -> dict[str, Any]:
        t = rng.uniform(0, day_s)
        return with_at(None if rng.random() < 0.5 else t + rng.uniform(0, 600), t=t,
                       window_s=rng.choice([1.0, 2.0, 2.0, 5.0, 30.0]))  # fmt: skip

    def relationships() -> dict[str, Any]:
        t = at()
        pred = rng.choice([None, None, *PREDICATES])
        kw: dict[str, Any] = {"predicate": pred} if pred else {}
        if rng.random() < 0.3:
            return with_at(t, label=rng.choice(gs.LABELS), **kw)
        return with_at(t, entity_id=rng.choice(known(t)), **kw)

    def changes() -> dict[str, Any]:
        width = rng.choice([60.0, 300.0, 900.0, 3600.0, 3 * 3600.0])
        t0 = rng.uniform(0, max(day_s - width, 0.0))
        return {"camera_id": CAM, "t_from": t0, "t_to": t0 + width}

    return {
        "get_entities_in_direction": direction,
        "get_spatial_relation": pair,
        "get_entity_timeline": one(),
        "get_entities_at_time": at_time,
        "get_entity_info": one(),
        "get_relationships": relationships,
        "get_direction_at_time": lambda: {"camera_id": CAM, "t": rng.uniform(0, day_s)},
        "get_changes": changes,
        "get_all_entities": lambda: with_at(at()),
    }


def ppr_calls(store: GraphStore, day_s: float, rng: random.Random) -> dict[str, Callable[[], Any]]:
    ids = [e.entity_id for e in store.entities(CAM)]
    n_clips = int(day_s / gs.CLIP_S)

    def seeds_entity() -> Any:
        return personalized_pagerank(store, CAM, {rng.choice(ids): 1.0}, t_max=rng.uniform(day_s / 2, day_s))

    def seeds_two() -> Any:
        a, b = rng.sample(ids, 2)
        return personalized_pagerank(store, CAM, {a: 1.0, b: 0.5}, t_max=rng.uniform(day_s / 2, day_s))

    def seeds_entity_clip() -> Any:
        k = rng.randrange(n_clips)
        return personalized_pagerank(store, CAM, {rng.choice(ids): 1.0, f"{CAM}/c{k}": 0.5},
                                     t_max=(k + 1) * gs.CLIP_S)  # fmt: skip

    return {"ppr(1 entity)": seeds_entity, "ppr(2 entities)": seeds_two, "ppr(entity + clip)": seeds_entity_clip}


def _pct(ms: list[float], q: float) -> float:
    ordered = sorted(ms)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _stats(samples_s: list[float], sizes: list[int]) -> dict[str, Any]:
    ms = [s * 1000 for s in samples_s]
    return {"n": len(ms), "p50_ms": round(_pct(ms, 0.5), 2), "p95_ms": round(_pct(ms, 0.95), 2),
            "max_ms": round(max(ms), 2), "mean_ms": round(statistics.fmean(ms), 2),
            "mean_size": round(statistics.fmean(sizes), 1) if sizes else 0}  # fmt: skip


def _size(result: Any) -> int:
    if isinstance(result, list):
        return len(result)
    if isinstance(result, dict):
        return max((len(v) for v in result.values() if isinstance(v, list | dict)), default=1)
    return 1


def _time(call: Callable[[], Any], calls: int, warmup: int, budget_s: float, min_calls: int = 5) -> dict[str, Any]:
    for _ in range(warmup):
        call()
    samples: list[float] = []
    sizes: list[int] = []
    t_end = time.perf_counter() + budget_s
    while len(samples) < calls and (len(samples) < min_calls or time.perf_counter() < t_end):
        t = time.perf_counter()
        result = call()
        samples.append(time.perf_counter() - t)
        sizes.append(_size(result))
    return _stats(samples, sizes)


def question_parser(tools: GraphTools) -> Any | None:
    """`spotter.answer.parser.QuestionParser(tools)` when that module exists (the /v1/ask parser)."""
    try:
        mod = importlib.import_module("spotter.answer.parser")
    except ImportError:
        return None
    cls = getattr(mod, "QuestionParser", None)
    return cls(tools) if cls is not None else None


def run_store(store: GraphStore, hours: float, args: argparse.Namespace) -> dict[str, Any]:
    day_s = hours * 3600
    tools = GraphTools(store, ClipHeading(store.clips(CAM)))
    rng = random.Random(args.seed)
    out: dict[str, Any] = {"tools": {}, "ppr": {}, "ask": None}
    only = set(args.tools.split(",")) if args.tools else None
    for name, make in tool_calls(store, day_s, rng).items():
        if only and name not in only:
            continue
        result = _time(lambda m=make, n=name: tools.dispatch(n, m()), args.calls, args.warmup, args.budget_s,  # type: ignore[misc]
                       args.min_calls)
        out["tools"][name] = result
        print(f"  {name}: p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms (n={result['n']})", flush=True)
    if not args.no_ppr:
        for name, call in ppr_calls(store, day_s, rng).items():
            result = _time(call, args.ppr_calls, min(args.warmup, 2), args.budget_s, args.min_calls)
            out["ppr"][name] = result
            print(f"  {name}: p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms (n={result['n']})", flush=True)
    parser = question_parser(tools)
    if parser is None:
        out["ask"] = "spotter.answer.parser.QuestionParser not found: /v1/ask not timed"
        print(f"  {out['ask']}", flush=True)
    else:
        per_q: dict[str, Any] = {}
        all_s: list[float] = []
        for q in QUESTIONS:
            samples = []
            for _ in range(args.ask_calls):
                at = rng.uniform(day_s / 2, day_s)
                t = time.perf_counter()
                parser.answer(q, CAM, at)
                samples.append(time.perf_counter() - t)
            per_q[q] = _stats(samples, [])
            all_s += samples
        out["ask"] = {"all": _stats(all_s, []), "questions": per_q}
        print(f"  /v1/ask parser: p50 {out['ask']['all']['p50_ms']} ms, p95 {out['ask']['all']['p95_ms']} ms",
              flush=True)  # fmt: skip
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hours", type=float, default=8.0, help="media hours of memory (default 8)")
    ap.add_argument("--stores", default="sqlite,neo4j", help="comma-separated: sqlite, neo4j")
    ap.add_argument("--calls", type=int, default=200, help="timed calls per tool")
    ap.add_argument("--warmup", type=int, default=10, help="untimed calls per tool first")
    ap.add_argument("--ppr-calls", type=int, default=50, help="timed PPR calls per seed kind")
    ap.add_argument("--ask-calls", type=int, default=5, help="timed /v1/ask parser calls per question")
    ap.add_argument("--budget-s", type=float, default=120.0, help="stop a tool's calls after this long")
    ap.add_argument("--min-calls", type=int, default=5, help="timed calls per tool however long they take")
    ap.add_argument("--tools", default="", help="only these tools (comma-separated)")
    ap.add_argument("--no-ppr", action="store_true")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--out", type=Path, default=RESULTS / "tools_latency.json")
    args = ap.parse_args(argv)

    meta: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.node()} {platform.processor() or platform.machine()} {os.cpu_count()} cpus",
        "python": platform.python_version(), "hours": args.hours, "calls": args.calls,
        "load_avg_start": [round(x, 2) for x in os.getloadavg()],
    }  # fmt: skip
    results: dict[str, Any] = {}
    for name in [s.strip() for s in args.stores.split(",") if s.strip()]:
        print(f"{name}: opening {args.hours:g} h of memory ...", flush=True)
        with open_store(name, args.hours) as (store, info):
            meta[name] = info
            results[name] = run_store(store, args.hours, args)
    meta["load_avg_end"] = [round(x, 2) for x in os.getloadavg()]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"meta": meta, "results": results}, indent=1) + "\n")

    names = list(results)
    print(f"\n{meta['date']}, {meta['machine']}, {args.hours:g} h of memory; p50 / p95 / max in ms\n")
    print("| call | " + " | ".join(f"{n} p50 | {n} p95 | {n} max" for n in names) + " |")
    print("| --- |" + " ---: | ---: | ---: |" * len(names))
    rows = list(dict.fromkeys(k for n in names for k in [*results[n]["tools"], *results[n]["ppr"]]))
    for row in rows:
        cells = []
        for n in names:
            r = results[n]["tools"].get(row) or results[n]["ppr"].get(row)
            cells.append(f"{r['p50_ms']:.2f} | {r['p95_ms']:.2f} | {r['max_ms']:.1f}" if r else "- | - | -")
        print(f"| {row} | {' | '.join(cells)} |")
    for n in names:
        ask = results[n]["ask"]
        if isinstance(ask, dict):
            a = ask["all"]
            print(f"| /v1/ask parser ({n}) | {a['p50_ms']:.2f} | {a['p95_ms']:.2f} | {a['max_ms']:.1f} |")
        else:
            print(f"\n{n}: {ask}")
    print(f"\nresults: {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
