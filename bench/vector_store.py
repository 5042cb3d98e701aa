"""Vector store ingest and filtered retrieval: 8 h of one camera and of 10 cameras, per backend.

    python -m bench.vector_store                       # embedded (on disk) and Qdrant local mode
    python -m bench.vector_store --backends embedded --repeat 100

The memory is shaped like the summarizer's and the visual archive's output over a working day
(8 h per camera, in time order, cameras interleaved):

- captions collection, 384 dims (MiniLM): a clip caption every 10 s (2,880 per camera), an
  activity summary every 2 min (240) and a session summary every 30 min (16): 3,136 per camera;
- keyframes collection, 512 dims (an image-descriptor size): one keyframe a second, 28,800 per
  camera, payload {camera_id, t, clip_id, blob_key}.

Vectors are random unit vectors: both backends search exactly (the embedded index by a matrix
product; Qdrant local mode by brute force too), so the data's structure does not change the cost.

Ingest: upserts in batches of 256 (the points are built before each timed call) and one point per
call, on the persisted store (embedded: vector file + SQLite; Qdrant local mode: in memory, its
fastest).
Retrieval: every pathway is one `search(k=10)` with the filters the summarizer uses: camera +
level + t_max (t_max uniform over the day, 10% "now"), and across cameras (level + t_max) on the
10-camera memory; single-threaded (BLAS too: SPOTTER_BENCH_BLAS_THREADS, default 1), after
warm-up calls; wall time and process CPU time per call. Qdrant local mode is pure Python and slow
(issue 4's numbers), so it runs with fewer calls (`--qdrant-repeat`) and without the 10-camera
keyframe archive (288,000 points). Results: bench/results/vector_store.json and markdown on stdout.
"""

from __future__ import annotations

import os

# One BLAS thread (set before numpy loads; override with the environment): on a shared 2-vCPU
# VM a two-thread matrix-vector product waits for both threads to be scheduled, which dominated
# the tail latency; a server runs concurrent searches on its own threads instead.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, os.environ.get("SPOTTER_BENCH_BLAS_THREADS", "1"))

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from spotter.vector import EmbeddedVectorStore, VectorPayload, VectorPoint, VectorStore  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
DAY_S = 8 * 3600.0
CAPTION_DIM = 384
KEYFRAME_DIM = 512
# level -> (period s, span s): captions end at the end of their span.
LEVELS: dict[str, tuple[float, float]] = {
    "clip": (10.0, 10.0),
    "activity": (120.0, 120.0),
    "session": (1800.0, 1800.0),
}
BATCH = 256
TARGET_INGEST = 10_000.0
TARGET_P95_MS = {1: 50.0, 10: 150.0}


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _summary(samples_s: list[float]) -> dict[str, float]:
    ms = [s * 1000 for s in samples_s]
    return {"p50_ms": round(_pct(ms, 0.5), 3), "p95_ms": round(_pct(ms, 0.95), 3),
            "mean_ms": round(statistics.fmean(ms), 3), "n": len(ms)}  # fmt: skip


def _unit(rng: np.random.Generator, n: int, dim: int) -> np.ndarray:
    v = rng.standard_normal((n, dim), dtype=np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    return v


def caption_specs(cams: int, hours: float) -> list[tuple[str, str, float, float]]:
    """(camera, level, t_start, t_end) of every caption, in time order across cameras."""
    day = hours * 3600.0
    specs = []
    for c in range(cams):
        for level, (period, span) in LEVELS.items():
            for i in range(int(day // period)):
                specs.append((f"cam{c}", level, i * period, i * period + span))
    specs.sort(key=lambda s: (s[3], s[0]))
    return specs


def keyframe_specs(cams: int, hours: float) -> list[tuple[str, str, float, float]]:
    day = int(hours * 3600)
    return [(f"cam{c}", "keyframe", float(t), float(t)) for t in range(day) for c in range(cams)]


def batches(
    specs: list[tuple[str, str, float, float]], dim: int, size: int, seed: int
) -> Iterator[list[VectorPoint]]:
    rng = np.random.default_rng(seed)
    for lo in range(0, len(specs), size):
        chunk = specs[lo : lo + size]
        vecs = _unit(rng, len(chunk), dim)
        out = []
        for (cam, level, t0, t1), v in zip(chunk, vecs, strict=True):
            if level == "keyframe":
                clip = int(t0 // 10)
                payload = VectorPayload(camera_id=cam, level=level, t_start=t0, t_end=t1,
                                        ref={"clip_id": f"{cam}/c{clip}", "blob_key": f"{cam}/kf/{int(t0)}.jpg"})  # fmt: skip
            else:
                payload = VectorPayload(
                    camera_id=cam, level=level, t_start=t0, t_end=t1, text=f"{level} caption {t0:g}"
                )
            out.append(VectorPoint(id=f"{cam}/{level}/{t0:g}", vector=v, payload=payload))
        yield out


def ingest(
    store: VectorStore, specs: list[tuple[str, str, float, float]], dim: int, seed: int
) -> dict[str, Any]:
    """Upsert every point in batches of BATCH; only the upsert calls are timed."""
    timed = 0.0
    build = 0.0
    calls: list[float] = []
    t_build = time.perf_counter()
    for pts in batches(specs, dim, BATCH, seed):
        t0 = time.perf_counter()
        build += t0 - t_build
        store.upsert(pts)
        dt = time.perf_counter() - t0
        timed += dt
        calls.append(dt)
        t_build = time.perf_counter()
    n = len(specs)
    return {"points": n, "batch": BATCH, "total_s": round(timed, 3), "points_per_s": round(n / timed, 1),
            "build_points_per_s": round(n / build, 1) if build else None, "per_batch": _summary(calls)}  # fmt: skip


def ingest_single(store: VectorStore, n: int, dim: int, seed: int) -> dict[str, Any]:
    specs = [("cam0", "clip", i * 10.0, i * 10.0 + 10.0) for i in range(n)]
    pts = [p for b in batches(specs, dim, BATCH, seed) for p in b]
    calls = []
    t_all = time.perf_counter()
    for p in pts:
        t0 = time.perf_counter()
        store.upsert([p])
        calls.append(time.perf_counter() - t0)
    total = time.perf_counter() - t_all
    return {"points": n, "batch": 1, "total_s": round(total, 3), "points_per_s": round(n / total, 1),
            "per_call": _summary(calls)}  # fmt: skip


def time_searches(
    store: VectorStore, dim: int, filters: Callable[[np.random.Generator], dict[str, Any]], repeat: int,
    warmup: int, seed: int,
) -> dict[str, Any]:  # fmt: skip
    rng = np.random.default_rng(seed)
    qs = _unit(rng, repeat + warmup, dim)
    samples = []
    cpu = []
    hits = []
    for i in range(repeat + warmup):
        f = filters(rng)
        c0 = time.process_time()
        t0 = time.perf_counter()
        res = store.search(qs[i], 10, **f)
        dt = time.perf_counter() - t0
        dc = time.process_time() - c0
        if i >= warmup:
            samples.append(dt)
            cpu.append(dc)
            hits.append(len(res))
            assert all(h.payload.t_end <= f.get("t_max", float("inf")) for h in res)
    c = _summary(cpu)
    return {**_summary(samples), "cpu_p50_ms": c["p50_ms"], "cpu_p95_ms": c["p95_ms"],
            "mean_hits": round(statistics.fmean(hits), 2)}  # fmt: skip


def _t_max(rng: np.random.Generator, day: float) -> float:
    return day if rng.random() < 0.1 else float(rng.uniform(0.0, day))


def pathways(
    cams: int, levels: list[str], day: float
) -> dict[str, Callable[[np.random.Generator], dict[str, Any]]]:
    out: dict[str, Callable[[np.random.Generator], dict[str, Any]]] = {}
    for level in levels:

        def one(rng: np.random.Generator, level: str = level) -> dict[str, Any]:
            return {"camera_id": f"cam{int(rng.integers(cams))}", "level": level, "t_max": _t_max(rng, day)}

        out[f"{level}: camera+level+t_max"] = one
        if cams > 1:

            def every(rng: np.random.Generator, level: str = level) -> dict[str, Any]:
                return {"level": level, "t_max": _t_max(rng, day)}

            out[f"{level}: all cameras, level+t_max"] = every
    out["unfiltered"] = lambda rng: {}
    return out


def open_store(backend: str, name: str, dim: int, workdir: Path) -> VectorStore:
    if backend == "embedded":
        return EmbeddedVectorStore(name, dim, path=workdir / f"{name}.sqlite3")
    from spotter.vector.qdrant import QdrantVectorStore

    return QdrantVectorStore(name, dim, location=":memory:")


def run_case(
    backend: str, case: str, cams: int, collection: str, hours: float, repeat: int, warmup: int, workdir: Path
) -> dict[str, Any]:
    dim = KEYFRAME_DIM if collection == "keyframes" else CAPTION_DIM
    specs = keyframe_specs(cams, hours) if collection == "keyframes" else caption_specs(cams, hours)
    levels = ["keyframe"] if collection == "keyframes" else list(LEVELS)
    store = open_store(backend, f"{case}", dim, workdir)
    print(f"{backend} {case}: ingesting {len(specs):,} points of {dim} dims ...", flush=True)
    try:
        result: dict[str, Any] = {"backend": backend, "case": case, "cameras": cams, "collection": collection,
                                  "dim": dim, "points": len(specs), "hours": hours}  # fmt: skip
        result["ingest"] = ingest(store, specs, dim, seed=1)
        print(f"  ingest {result['ingest']['points_per_s']:,.0f} points/s", flush=True)
        result["search"] = {}
        for name, filters in pathways(cams, levels, hours * 3600.0).items():
            result["search"][name] = time_searches(store, dim, filters, repeat, warmup, seed=2)
            s = result["search"][name]
            print(f"  {name}: p50 {s['p50_ms']:.2f} ms, p95 {s['p95_ms']:.2f} ms", flush=True)
    finally:
        store.close()
    if backend == "embedded":
        t0 = time.perf_counter()
        again = open_store(backend, case, dim, workdir)
        result["reopen_s"] = round(time.perf_counter() - t0, 3)
        assert again.count() == len(specs)
        again.close()
        size = sum(p.stat().st_size for p in workdir.glob(f"{case}.sqlite3*"))
        result["file_mib"] = round(size / 2**20, 1)
    return result


def kernels(repeat: int = 50) -> dict[str, Any]:
    """Exact top-10 kernels on one partition-sized matrix: numpy (the embedded index) vs FAISS flat.

    FAISS (faiss-cpu, not a dependency: installed by hand for this comparison) with one OpenMP
    thread; `faiss-range` restricts the search to a row range with IDSelectorRange, which is how a
    FAISS index with time-ordered ids would apply t_max. Half the queries search the first half
    of the rows (numpy: a slice; faiss-range: the selector), half all rows; plain `faiss` always
    searches all rows.
    """
    import faiss

    faiss.omp_set_num_threads(1)
    rng = np.random.default_rng(0)
    out: dict[str, Any] = {"faiss": getattr(faiss, "__version__", "?")}
    for n, d in [(2880, 384), (28800, 384), (28800, 512), (288000, 512)]:
        m = _unit(rng, n, d)
        qs = _unit(rng, repeat + 10, d)
        index = faiss.IndexFlatIP(d)
        index.add(m)
        row: dict[str, Any] = {}
        for name in ("numpy", "faiss", "faiss-range"):
            samples = []
            for i, q in enumerate(qs):
                hi = n // 2 if i % 2 else n
                t0 = time.perf_counter()
                if name == "numpy":
                    sims = m[:hi] @ q
                    top = np.argpartition(-sims, 9)[:10]
                    top = top[np.argsort(-sims[top])]
                elif name == "faiss":
                    index.search(q[None, :], 10)
                else:
                    params = faiss.SearchParameters(sel=faiss.IDSelectorRange(0, hi))
                    index.search(q[None, :], 10, params=params)
                if i >= 10:
                    samples.append(time.perf_counter() - t0)
            row[name] = _summary(samples)
        out[f"{n}x{d}"] = row
        print(f"kernels {n}x{d}: " + ", ".join(f"{k} {v['p50_ms']:.2f}/{v['p95_ms']:.2f} ms" for k, v in row.items()),
              flush=True)  # fmt: skip
    return out


CASES = [  # (case, cameras, collection)
    ("captions-1cam", 1, "captions"),
    ("captions-10cam", 10, "captions"),
    ("keyframes-1cam", 1, "keyframes"),
    ("keyframes-10cam", 10, "keyframes"),
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hours", type=float, default=8.0, help="media hours per camera (default 8)")
    ap.add_argument("--repeat", type=int, default=200, help="timed searches per pathway (embedded)")
    ap.add_argument(
        "--qdrant-repeat", type=int, default=30, help="timed searches per pathway (Qdrant local mode)"
    )
    ap.add_argument("--warmup", type=int, default=10, help="untimed searches per pathway first")
    ap.add_argument("--single", type=int, default=2000, help="points upserted one per call (Qdrant: a tenth)")
    ap.add_argument("--backends", default="embedded,qdrant", help="comma-separated: embedded, qdrant")
    ap.add_argument("--cases", default=",".join(c[0] for c in CASES), help="comma-separated case names")
    ap.add_argument("--qdrant-cases", default="captions-1cam,captions-10cam,keyframes-1cam",
                    help="cases run on Qdrant local mode")  # fmt: skip
    ap.add_argument("--out", type=Path, default=RESULTS / "vector_store.json")
    ap.add_argument("--kernels-only", action="store_true",
                    help="only compare the numpy and FAISS flat kernels (needs faiss-cpu); adds them to --out")  # fmt: skip
    args = ap.parse_args(argv)

    if args.kernels_only:
        data = json.loads(args.out.read_text()) if args.out.exists() else {}
        data["kernels"] = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                           "load_avg": [round(x, 2) for x in os.getloadavg()], **kernels()}  # fmt: skip
        args.out.write_text(json.dumps(data, indent=1) + "\n")
        return 0

    from importlib.metadata import version

    meta: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.node()} {platform.processor() or platform.machine()} {os.cpu_count()} cpus",
        "python": platform.python_version(), "numpy": np.__version__,
        "qdrant_client": version("qdrant-client"), "hours": args.hours,
        "repeat": args.repeat, "qdrant_repeat": args.qdrant_repeat, "k": 10,
        "load_avg_start": [round(x, 2) for x in os.getloadavg()],
        "blas_threads": os.environ["OPENBLAS_NUM_THREADS"],
    }  # fmt: skip
    wanted = {c.strip() for c in args.cases.split(",") if c.strip()}
    q_cases = {c.strip() for c in args.qdrant_cases.split(",") if c.strip()}
    results: list[dict[str, Any]] = []
    single: dict[str, Any] = {}
    for backend in [b.strip() for b in args.backends.split(",") if b.strip()]:
        repeat = args.repeat if backend == "embedded" else args.qdrant_repeat
        with tempfile.TemporaryDirectory(prefix=f"spotter-bench-vec-{backend}-") as tmp:
            n_single = args.single if backend == "embedded" else max(1, args.single // 10)
            store = open_store(backend, "single", CAPTION_DIM, Path(tmp))
            try:
                single[backend] = ingest_single(store, n_single, CAPTION_DIM, seed=3)
            finally:
                store.close()
            print(f"{backend}: single upserts {single[backend]['points_per_s']:,.0f} points/s", flush=True)
            for case, cams, collection in CASES:
                if case not in wanted or (backend == "qdrant" and case not in q_cases):
                    continue
                results.append(
                    run_case(backend, case, cams, collection, args.hours, repeat, args.warmup, Path(tmp))
                )
    meta["load_avg_end"] = [round(x, 2) for x in os.getloadavg()]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps({"meta": meta, "single_upserts": single, "cases": results}, indent=1) + "\n"
    )
    print()
    print(markdown(meta, single, results))
    return 0


def markdown(meta: dict[str, Any], single: dict[str, Any], results: list[dict[str, Any]]) -> str:
    by = {(r["backend"], r["case"]): r for r in results}
    lines = [
        f"{meta['date']}, {meta['machine']}, k=10, load {meta['load_avg_start']} -> {meta['load_avg_end']}",
        "",
    ]
    lines += ["| memory | pathway | embedded p50 / p95 ms | Qdrant local p50 / p95 ms | target p95 | p95 ratio |",
              "| --- | --- | ---: | ---: | ---: | ---: |"]  # fmt: skip
    for r in results:
        if r["backend"] != "embedded":
            continue
        q = by.get(("qdrant", r["case"]))
        label = f"{r['case']} ({r['points']:,} x {r['dim']})"
        for name, s in r["search"].items():
            target = f"< {TARGET_P95_MS[r['cameras']]:.0f} ms" if name != "unfiltered" else "-"
            qs = q["search"][name] if q else None
            qcell = f"{qs['p50_ms']:.1f} / {qs['p95_ms']:.1f}" if qs else "not run"
            ratio = f"{qs['p95_ms'] / s['p95_ms']:.0f}x" if qs else ""
            lines.append(
                f"| {label} | {name} | {s['p50_ms']:.2f} / {s['p95_ms']:.2f} | {qcell} | {target} | {ratio} |"
            )
    lines += ["", "| memory | embedded ingest (points/s, batches of 256) | Qdrant local | target |",
              "| --- | ---: | ---: | ---: |"]  # fmt: skip
    for r in results:
        if r["backend"] != "embedded":
            continue
        q = by.get(("qdrant", r["case"]))
        qcell = f"{q['ingest']['points_per_s']:,.0f}" if q else "not run"
        lines.append(f"| {r['case']} ({r['points']:,} x {r['dim']}) | {r['ingest']['points_per_s']:,.0f} | {qcell} "
                     f"| >= {TARGET_INGEST:,.0f} |")  # fmt: skip
    cells = " | ".join(f"{single[b]['points_per_s']:,.0f}" for b in ("embedded", "qdrant") if b in single)
    lines.append(f"| one point per upsert (384 dims) | {cells} | - |")
    extra = [
        f"{r['case']}: reopen {r['reopen_s']} s, file {r['file_mib']} MiB" for r in results if "reopen_s" in r
    ]
    if extra:
        lines += ["", "Embedded restart (rebuild from SQLite): " + "; ".join(extra)]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
