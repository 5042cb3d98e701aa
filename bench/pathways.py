"""The reasoner's three retrieval pathways on 8 h of memory of one camera and of ten cameras.

    python -m bench.pathways                          # 1 and 10 cameras, 100 calls per pathway, 2 runs
    python -m bench.pathways --cameras 10 --calls 50 --runs 1

Issue 4's acceptance: retrieval p95 per pathway under 50 ms on 8 h of one camera and under
150 ms on 8 h of ten cameras. Each memory holds, per camera (ids per camera, cameras
interleaved in time order, all cameras in ONE store of each kind):

- graph (SqliteGraphStore): bench.graph_store's synthetic working day, 2,880 clips of 10 s,
  ~27k observations, ~123k records per camera (camera c: `synthetic_day(seed=7 + c)` with its
  ids under `cam<c>/`, so cam0 is bench.tools_latency's memory), written 30 clips a transaction;
- summaries (SummaryIndex over an EmbeddedVectorStore on disk, 384 dims): a clip entry every
  10 s plus the activity and session roll-ups of the summarizer's default window grid (60 s /
  300 s for the first 30 min, then 300 s / 3,600 s), ids, children and payloads as the
  summarizer writes them. Texts are synthesized from templates and embedded with the real
  MiniLM (spotter.embed, numpy backend); only the distinct texts are embedded (the numpy
  MiniLM does ~70 texts/s here, and the embedded index searches exactly, so the cost does not
  depend on the vectors' values);
- keyframes (VisualArchive: EmbeddedVectorStore on disk, 384-dim classical descriptor, Redis
  ledger): one keyframe a second, 28,800 per camera. The descriptors are NOT computed from
  28,800 rendered JPEGs per camera: they are the descriptors of a pool of real rendered
  keyframes (spotter.synth) plus a little noise, upserted directly into the archive's vector
  store with the archive's point ids and payload; the ledger (index and meta, what `latest`
  and `similar(blob_key)` read) is written to a private redis-server; the blob store maps every
  keyframe key to one of the pool's real JPEGs on disk, so `similar(blob_key)` really reads,
  decodes and describes a 640x360 JPEG.

The stores are built once and cached under .cache/pathways/ (keyed by this generator's source);
the Redis ledger is rebuilt each run (seconds). Each timed call is what the reasoner does for a
deep alert, `retrieve(query, camera_id, t_max, entity_ids)` on a random camera at a random
t_max in hours 1-8: the graph pathway with 1 or 2 random entities of that camera seen by
t_max (PPR, then the observations read back), the temporal pathway with the reasoner's query
`"<category>: <labels>"` (a deep category, 1-2 labels; a SummaryRetriever per run, so a query's
first use pays its MiniLM embedding) and the visual pathway (the camera's latest keyframe up to
t_max, then `similar` within the camera). Also timed: `retrieve_all` of the three in parallel
(the reasoner's wall time) and, on ten cameras, the cross-camera keyframe search (the visual
query without the camera filter). Single-threaded BLAS (SPOTTER_BENCH_BLAS_THREADS, default 1)
as the other benchmarks. Results: bench/results/pathways.json and markdown on stdout.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, os.environ.get("SPOTTER_BENCH_BLAS_THREADS", "1"))

import argparse  # noqa: E402
import hashlib  # noqa: E402
import inspect  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import zlib  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from concurrent.futures import ThreadPoolExecutor  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from redis import Redis  # noqa: E402

from bench import graph_store as gs  # noqa: E402
from spotter import streams  # noqa: E402
from spotter.archive import ArchiveSettings, ClassicalEncoder, GlobalDescriptor, VisualArchive  # noqa: E402
from spotter.archive.archive import LEVEL as KF_LEVEL  # noqa: E402
from spotter.archive.archive import point_id  # noqa: E402
from spotter.blobstore import LocalBlobStore, keyframe_key  # noqa: E402
from spotter.embed import EmbedSettings, make_embedder  # noqa: E402
from spotter.graph import GraphWrite, SqliteGraphStore  # noqa: E402
from spotter.reason.reasoner import DEEP_CATEGORIES, Retriever  # noqa: E402
from spotter.reason.retrieval import GraphRetriever, SummaryRetriever, VisualRetriever, retrieve_all  # noqa: E402
from spotter.redis_server import RedisServerProcess  # noqa: E402
from spotter.summarize.entry import Level, SummaryEntry, rollup_id, window_of  # noqa: E402
from spotter.summarize.index import SummaryIndex, payload_of  # noqa: E402
from spotter.summarize.settings import SummarizerSettings  # noqa: E402
from spotter.vector import EmbeddedVectorStore, VectorPayload, VectorPoint  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
CACHE = ROOT / ".cache" / "pathways"
HOURS = 8.0
DAY_S = HOURS * 3600.0
CLIP_S = gs.CLIP_S
TARGET_P95_MS = {1: 50.0, 10: 150.0}
POOL = 48  # real rendered keyframes behind every archived one
W, H, HFOV = 640, 360, 90.0
GRAPH_BATCH = 3  # clip steps per graph transaction (x cameras clips)
STATES = ["idle", "active", "moving", "carrying a load", "on the ladder"]
PLACES = ["near the scaffold", "by the brick wall", "at the pallets", "next to the wheelbarrow", "by the cones",
          "under the scaffold", "at the toolbox", "on the walkway"]  # fmt: skip
PATHWAYS = ("graph", "temporal", "visual")
GENERATOR = 1  # bump when the generators below change what they write (rebuilds .cache/pathways)


def cams(n: int) -> list[str]:
    return [f"cam{c}" for c in range(n)]


def _pct(ms: list[float], q: float) -> float:
    ordered = sorted(ms)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _stats(ms: list[float], items: list[int], cpu: list[float] | None = None) -> dict[str, Any]:
    out = {"n": len(ms), "p50_ms": round(_pct(ms, 0.5), 2), "p95_ms": round(_pct(ms, 0.95), 2),
           "max_ms": round(max(ms), 2), "mean_ms": round(statistics.fmean(ms), 2),
           "items_mean": round(statistics.fmean(items), 2) if items else 0.0}  # fmt: skip
    if cpu:  # process CPU time per call: what the call costs, whatever else the VM runs
        out |= {"cpu_p50_ms": round(_pct(cpu, 0.5), 2), "cpu_p95_ms": round(_pct(cpu, 0.95), 2)}
    return out


def memory_key() -> str:
    """Changes with bench.graph_store's generator and GENERATOR: older caches are not reused."""
    src = inspect.getsource(gs.synthetic_day) + repr(
        (GENERATOR, HOURS, POOL, gs.N_ENTITIES, gs.LABELS, CLIP_S)
    )
    return hashlib.sha256(src.encode()).hexdigest()[:12]


def _cached(path: Path, build: Callable[[Path], dict[str, Any]]) -> dict[str, Any]:
    """Build `path` (and its side files) under a temporary name once; info of the build."""
    info_path = path.with_name(path.name + ".info.json")
    if path.exists() and info_path.is_file():
        return dict(json.loads(info_path.read_text()))
    for p in path.parent.glob(path.name + "*"):
        p.unlink()
    tmp = path.with_name(path.name.replace(".sqlite3", ".partial.sqlite3"))
    for p in path.parent.glob(tmp.name + "*"):
        p.unlink()
    t0 = time.perf_counter()
    info = build(tmp)
    info["build_s"] = round(time.perf_counter() - t0, 1)
    for p in sorted(path.parent.glob(tmp.name + "*")):
        os.replace(p, path.with_name(path.name + p.name[len(tmp.name) :]))
    info_path.write_text(json.dumps(info) + "\n")
    return info


# --- the graph ----------------------------------------------------------------------------


def graph_writes(n_cams: int) -> Iterator[GraphWrite]:
    """Every camera's synthetic day, ids under the camera, interleaved clip by clip."""
    saved = gs.CAM
    gens = [gs.synthetic_day(HOURS, seed=7 + c) for c in range(n_cams)]
    try:
        while True:
            batch: list[GraphWrite] = []
            for c, gen in enumerate(gens):
                gs.CAM = f"cam{c}"  # synthetic_day reads the module's CAM while it runs
                w = next(gen, None)
                if w is not None:
                    batch.append(w)
            if not batch:
                return
            yield from batch
    finally:
        gs.CAM = saved


def build_graph(path: Path, n_cams: int) -> dict[str, Any]:
    store = SqliteGraphStore(path)
    store.init()
    fields = list(GraphWrite.model_fields)
    pending: list[GraphWrite] = []
    records = clips = 0
    t0 = time.perf_counter()

    def flush() -> None:
        store.write(GraphWrite(**{f: [r for w in pending for r in getattr(w, f)] for f in fields}))
        pending.clear()

    for w in graph_writes(n_cams):
        pending.append(w)
        records += sum(len(getattr(w, f)) for f in fields)
        clips += 1
        if len(pending) >= GRAPH_BATCH * n_cams:
            flush()
        if clips % (500 * n_cams) == 0:
            print(f"  graph {n_cams} cam: {clips:,} clips, {records:,} records, {time.perf_counter() - t0:.0f} s",
                  flush=True)  # fmt: skip
    if pending:
        flush()
    store.close()
    return {"clips": clips, "records": records}


# --- the summaries ------------------------------------------------------------------------


def summary_texts(rng: random.Random) -> dict[str, list[str]]:
    """Distinct texts per level, shaped like the captioner's and the extractive roll-ups'."""
    labels = [lab.replace("_", " ") for lab in gs.LABELS]

    def clip() -> str:
        a, b = rng.sample(labels, 2)
        return (f"A {a} {rng.choice(PLACES)}, {rng.choice(STATES)}. The {b} is {rng.choice(PLACES)}, "
                f"to the {rng.choice(['left', 'right', 'front', 'back'])}.")  # fmt: skip

    def activity() -> str:
        a, b, c = rng.sample(labels, 3)
        return (f"{rng.randint(1, 4)} {a}s, {rng.choice(STATES)} then {rng.choice(STATES)}; a {b} "
                f"{rng.choice(PLACES)}; the {c} moved. {clip()}")  # fmt: skip

    def session() -> str:
        return f"Work {rng.choice(PLACES)}: {activity()} Later, {activity()}"

    return {
        "clip": list(dict.fromkeys(clip() for _ in range(700))),
        "activity": list(dict.fromkeys(activity() for _ in range(200))),
        "session": list(dict.fromkeys(session() for _ in range(60))),
    }


def summary_entries(cam: str, rng: random.Random, texts: dict[str, list[str]]) -> list[SummaryEntry]:
    """One camera's 8 h of entries as the summarizer cuts them (clip, activity, session)."""
    s = SummarizerSettings()
    grid: dict[Level, tuple[float, float]] = {
        "activity": (s.activity_window_s, s.long_activity_window_s),
        "session": (s.session_window_s, s.long_session_window_s),
    }
    out: list[SummaryEntry] = []
    children: dict[tuple[Level, tuple[float, float]], list[str]] = {}
    n_clips = int(DAY_S // CLIP_S)
    for k in range(n_clips):
        t0, t1 = k * CLIP_S, (k + 1) * CLIP_S
        cid = f"{cam}/c{k}"
        out.append(SummaryEntry(id=cid, camera_id=cam, level="clip", t_start=t0, t_end=t1, window_start=t0,
                                window_end=t1, text=rng.choice(texts["clip"]),
                                counts={"worker": rng.randint(1, 4)}))  # fmt: skip
        aw = window_of(t1, *grid["activity"], s.long_after_s)
        children.setdefault(("activity", aw), []).append(cid)
        if t1 >= aw[1]:  # the activity window closes: its roll-up, then maybe the session's
            out.append(
                _rollup(cam, "activity", aw, children.pop(("activity", aw)), rng.choice(texts["activity"]))
            )
            sw = window_of(aw[1], *grid["session"], s.long_after_s)
            children.setdefault(("session", sw), []).append(out[-1].id)
            if aw[1] >= sw[1]:
                out.append(
                    _rollup(cam, "session", sw, children.pop(("session", sw)), rng.choice(texts["session"]))
                )
    return out


def _rollup(cam: str, level: Level, window: tuple[float, float], kids: list[str], text: str) -> SummaryEntry:
    return SummaryEntry(id=rollup_id(cam, level, window[0]), camera_id=cam, level=level, t_start=window[0],
                        t_end=window[1], window_start=window[0], window_end=window[1], text=text,
                        children=list(kids), n_clips=len(kids), backend="extractive")  # fmt: skip


def build_summaries(path: Path, n_cams: int, embedder: Any) -> dict[str, Any]:
    rng = random.Random(11)
    texts = summary_texts(rng)
    distinct = [t for level in texts.values() for t in level]
    t0 = time.perf_counter()
    print(f"  summaries: embedding {len(distinct)} distinct texts with {embedder.name} ...", flush=True)
    vectors = dict(zip(distinct, embedder.embed(distinct), strict=True))
    embed_s = time.perf_counter() - t0
    per_cam = [summary_entries(cam, random.Random(100 + c), texts) for c, cam in enumerate(cams(n_cams))]
    entries = sorted((e for es in per_cam for e in es), key=lambda e: (e.t_end, e.camera_id))
    store = EmbeddedVectorStore("summaries", embedder.dim, path=path)
    for lo in range(0, len(entries), 1024):
        chunk = entries[lo : lo + 1024]
        store.upsert([VectorPoint(id=e.id, vector=vectors[e.text], payload=payload_of(e)) for e in chunk])
    n = store.count()
    store.close()
    levels = {lev: sum(1 for e in per_cam[0] if e.level == lev) for lev in ("clip", "activity", "session")}
    return {"entries": n, "per_camera": levels, "distinct_texts": len(distinct), "embed_s": round(embed_s, 1)}


# --- the keyframes --------------------------------------------------------------------------


def pool_frames() -> list[bytes]:
    """POOL real rendered keyframes (JPEG q85) of 4 synthetic sites at random headings."""
    from spotter.synth.panorama import make_panorama
    from spotter.synth.render import ViewRenderer

    rng = np.random.default_rng(5)
    renderers = [ViewRenderer(make_panorama(seed, 2048), W, H, HFOV) for seed in (11, 12, 13, 14)]
    out = []
    for i in range(POOL):
        img = renderers[i % 4].render(float(rng.uniform(0, 360)), float(rng.uniform(-3, 3)))
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 85])
        assert ok
        out.append(bytes(buf.tobytes()))
    return out


def kf_key(cam: str, i: int) -> str:
    return keyframe_key(cam, f"c{i // 10}", i)


def keyframe_points(
    cam: str, lo: int, hi: int, pool: np.ndarray, rng: np.random.Generator
) -> list[VectorPoint]:  # fmt: skip
    """The archive's points for keyframes lo..hi-1 of `cam` (as VisualArchive.add makes them)."""
    idx = np.arange(lo, hi)
    vecs = pool[idx % len(pool)] + rng.normal(0.0, 0.02, (len(idx), pool.shape[1])).astype(np.float32)
    pts = []
    for i, v in zip(idx.tolist(), vecs, strict=True):
        key = kf_key(cam, i)
        ref = {"clip_id": f"{cam}/c{i // 10}", "blob_key": key, "bytes": 0}
        payload = VectorPayload.model_construct(camera_id=cam, level=KF_LEVEL, t_start=float(i), t_end=float(i),
                                                text="", ref=ref)  # fmt: skip
        pts.append(VectorPoint.model_construct(id=point_id(key), vector=v, payload=payload))
    return pts


class PoolBlobs(LocalBlobStore):
    """Every keyframe key reads one of the pool's real JPEGs (files under `root/pool/`)."""

    def get(self, key: str) -> bytes:
        return super().get(f"pool/{zlib.crc32(key.encode()) % POOL:03d}.jpg")


def pool_blobs() -> tuple[PoolBlobs, np.ndarray]:
    root = CACHE / f"blobs-{memory_key()}"
    blobs = PoolBlobs(root)
    if not (root / "pool" / f"{POOL - 1:03d}.jpg").is_file():
        for i, data in enumerate(pool_frames()):
            blobs.put(f"pool/{i:03d}.jpg", data)
    from spotter.archive import decode_jpeg

    d = GlobalDescriptor()
    descs = np.stack(
        [d.describe(decode_jpeg(LocalBlobStore.get(blobs, f"pool/{i:03d}.jpg"))) for i in range(POOL)]
    )
    return blobs, descs.astype(np.float32)


def build_keyframes(path: Path, n_cams: int, pool: np.ndarray) -> dict[str, Any]:
    rng = np.random.default_rng(3)
    store = EmbeddedVectorStore("keyframes", GlobalDescriptor.dim, path=path)
    n_day = int(DAY_S)
    step = 4096 // n_cams
    t0 = time.perf_counter()
    for lo in range(0, n_day, step):
        hi = min(lo + step, n_day)
        pts = [p for cam in cams(n_cams) for p in keyframe_points(cam, lo, hi, pool, rng)]
        store.upsert(pts)
        if (lo // step) % 50 == 0:
            print(
                f"  keyframes {n_cams} cam: {hi * n_cams:,} points, {time.perf_counter() - t0:.0f} s",
                flush=True,
            )
    n = store.count()
    store.close()
    return {"points": n}


def fill_ledger(redis: Redis, n_cams: int) -> float:
    """The archive's Redis ledger (index + meta: what `latest` and `similar(blob_key)` read)."""
    t0 = time.perf_counter()
    for cam in cams(n_cams):
        for lo in range(0, int(DAY_S), 3600):
            pipe = redis.pipeline(transaction=False)
            idx = range(lo, min(lo + 3600, int(DAY_S)))
            pipe.zadd(streams.archive_index_key(cam), {kf_key(cam, i): float(i) for i in idx})
            pipe.hset(streams.archive_meta_key(cam), mapping={
                kf_key(cam, i): json.dumps({"t": float(i), "wall_time": 1.8e9 + i, "clip_id": f"{cam}/c{i // 10}",
                                            "bytes": 0}) for i in idx})  # fmt: skip
            pipe.execute()
    return time.perf_counter() - t0


# --- the calls ----------------------------------------------------------------------------


def time_pathways(mem: dict[str, Any], n_cams: int, calls: int, warmup: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    graph = GraphRetriever(mem["graph"])
    temporal = SummaryRetriever(mem["summaries"])
    visual = VisualRetriever(mem["archive"])
    retrievers: dict[str, Retriever] = {"graph": graph, "temporal": temporal, "visual": visual}
    entities = {cam: mem["graph"].entities(cam) for cam in cams(n_cams)}
    labels = sorted(gs.LABELS)
    deep = sorted(DEEP_CATEGORIES)

    def trigger() -> tuple[str, str, float, list[str]]:
        cam = rng.choice(cams(n_cams))
        t = rng.uniform(3600.0, DAY_S)
        known = [e for e in entities[cam] if e.first_seen <= t]
        seeds = rng.sample(known, min(len(known), rng.choice([1, 2])))
        labs = (
            sorted({e.label for e in seeds}) if rng.random() < 0.7 else rng.sample(labels, rng.choice([1, 2]))
        )
        query = f"{rng.choice(deep).replace('_', ' ')}: {' '.join(sorted(labs))}"
        return query, cam, t, [e.entity_id for e in seeds]

    out: dict[str, Any] = {}
    queries_before = len(temporal._vectors)
    for name, r in retrievers.items():
        for _ in range(warmup):
            q, cam, t, ents = trigger()
            r.retrieve(q, cam, t, ents)
        ms: list[float] = []
        cpu: list[float] = []
        items: list[int] = []
        for _ in range(calls):
            q, cam, t, ents = trigger()
            c0 = time.process_time()
            t0 = time.perf_counter()
            got = r.retrieve(q, cam, t, ents)
            ms.append((time.perf_counter() - t0) * 1000.0)
            cpu.append((time.process_time() - c0) * 1000.0)
            items.append(len(got))
        out[name] = _stats(ms, items, cpu)
    out["temporal"]["distinct_queries"] = len(temporal._vectors) - queries_before
    # all three at once, as the reasoner asks them (a pool of three threads, generous timeout)
    pool = ThreadPoolExecutor(max_workers=3, thread_name_prefix="retrieve")
    ms, items = [], []
    for i in range(warmup + calls):
        q, cam, t, ents = trigger()
        t0 = time.perf_counter()
        got = retrieve_all(list(retrievers.values()), q, cam, t, ents, timeout_s=5.0, executor=pool)
        if i >= warmup:
            ms.append((time.perf_counter() - t0) * 1000.0)
            items.append(len(got))
    pool.shutdown()
    out["retrieve_all"] = _stats(ms, items)
    if n_cams > 1:  # the visual query without the camera filter: every camera's keyframes
        arch = mem["archive"]
        ms, cpu, items = [], [], []
        for i in range(warmup + calls):
            _q, cam, t, _e = trigger()
            latest = arch.latest(cam, t)
            assert latest is not None
            c0 = time.process_time()
            t0 = time.perf_counter()
            hits = arch.similar(latest[0], query_camera_id=cam, t=latest[1], t_max=t, k=visual.k)
            if i >= warmup:
                ms.append((time.perf_counter() - t0) * 1000.0)
                cpu.append((time.process_time() - c0) * 1000.0)
                items.append(len(hits))
        out["visual_all_cameras"] = _stats(ms, items, cpu)
    return out


# --- main -----------------------------------------------------------------------------------


def open_memory(
    n_cams: int, embedder: Any, redis: Redis, blobs: PoolBlobs, pool: np.ndarray
) -> dict[str, Any]:
    key = memory_key()
    info: dict[str, Any] = {}
    gpath = CACHE / f"graph-{n_cams}cam-{key}.sqlite3"
    spath = CACHE / f"summaries-{n_cams}cam-{key}.sqlite3"
    kpath = CACHE / f"keyframes-{n_cams}cam-{key}.sqlite3"
    print(f"{n_cams} camera(s): opening 8 h of memory (building it the first time) ...", flush=True)
    info["graph"] = _cached(gpath, lambda p: build_graph(p, n_cams))
    info["summaries"] = _cached(spath, lambda p: build_summaries(p, n_cams, embedder))
    info["keyframes"] = _cached(kpath, lambda p: build_keyframes(p, n_cams, pool))
    t0 = time.perf_counter()
    graph = SqliteGraphStore(gpath)
    graph.init()
    summaries = SummaryIndex(embedder, EmbeddedVectorStore("summaries", embedder.dim, path=spath))
    kstore = EmbeddedVectorStore("keyframes", GlobalDescriptor.dim, path=kpath)
    info["open_s"] = round(time.perf_counter() - t0, 1)
    info["ledger_s"] = round(fill_ledger(redis, n_cams), 1)
    archive = VisualArchive(redis, kstore, blobs, ClassicalEncoder(),
                            ArchiveSettings(max_keyframes_per_camera=0, max_bytes_per_camera=0))  # fmt: skip
    print(f"  open {info['open_s']} s, Redis ledger {info['ledger_s']} s", flush=True)
    return {"graph": graph, "summaries": summaries, "archive": archive, "info": info}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cameras", default="1,10", help="comma-separated camera counts (default 1,10)")
    ap.add_argument("--calls", type=int, default=100, help="timed calls per pathway per run")
    ap.add_argument("--warmup", type=int, default=5, help="untimed calls per pathway first")
    ap.add_argument("--runs", type=int, default=2, help="runs per camera count (seeds 0, 1, ...)")
    ap.add_argument("--out", type=Path, default=RESULTS / "pathways.json")
    args = ap.parse_args(argv)
    counts = [int(c) for c in args.cameras.split(",") if c.strip()]
    CACHE.mkdir(parents=True, exist_ok=True)
    meta: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.node()} {platform.machine()} {os.cpu_count()} cpus", "python": platform.python_version(),
        "hours": HOURS, "calls": args.calls, "runs": args.runs, "blas_threads": os.environ["OPENBLAS_NUM_THREADS"],
        "memory_key": memory_key(), "load_avg_start": [round(x, 2) for x in os.getloadavg()],
    }  # fmt: skip
    embedder = make_embedder(EmbedSettings())
    meta["embedder"] = embedder.name
    blobs, pool = pool_blobs()
    server = RedisServerProcess().start()
    redis = Redis.from_url(server.url)
    results: dict[str, Any] = {}
    try:
        for n in counts:
            mem = open_memory(n, embedder, redis, blobs, pool)
            runs = []
            try:
                for run in range(args.runs):
                    load = [round(x, 2) for x in os.getloadavg()]
                    r = time_pathways(mem, n, args.calls, args.warmup, seed=run)
                    r["load_avg"] = load
                    runs.append(r)
                    line = ", ".join(
                        f"{k} {v['p50_ms']}/{v['p95_ms']}" for k, v in r.items() if isinstance(v, dict)
                    )
                    print(f"  run {run} (load {load}): p50/p95 ms: {line}", flush=True)
            finally:
                mem["graph"].close()
                mem["summaries"].store.close()
                mem["archive"].close()
            results[f"{n}cam"] = {"cameras": n, "memory": mem["info"], "runs": runs}
            redis.flushall()
    finally:
        redis.close()
        server.stop()
    meta["load_avg_end"] = [round(x, 2) for x in os.getloadavg()]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"meta": meta, "results": results}, indent=1) + "\n")
    print()
    print(markdown(meta, results))
    print(f"\nresults: {args.out}")
    return 0


def markdown(meta: dict[str, Any], results: dict[str, Any]) -> str:
    lines = [f"{meta['date']}, {meta['machine']}, load {meta['load_avg_start']} -> {meta['load_avg_end']}", "",
             "| memory | pathway | run | load (1 min) | p50 ms | p95 ms | max ms | CPU p95 ms | items | target p95 | met "
             "| p95 / target |", "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |"]  # fmt: skip
    for res in results.values():
        n = res["cameras"]
        target = TARGET_P95_MS.get(n, TARGET_P95_MS[10])
        for name in (*PATHWAYS, "retrieve_all", "visual_all_cameras"):
            for i, r in enumerate(res["runs"]):
                s = r.get(name)
                if s is None:
                    continue
                per_pathway = name in PATHWAYS
                tcell = f"< {target:.0f}" if per_pathway else "-"
                met = ("yes" if s["p95_ms"] < target else "NO") if per_pathway else "-"
                ratio = f"{s['p95_ms'] / target:.2f}" if per_pathway else "-"
                cpu = f"{s['cpu_p95_ms']:.1f}" if "cpu_p95_ms" in s else "-"
                label = {"visual_all_cameras": "visual, all cameras (no camera filter)",
                         "retrieve_all": "all three (retrieve_all)"}.get(name, name)  # fmt: skip
                lines.append(f"| 8 h x {n} cam | {label} | {i} | {r['load_avg'][0]} | {s['p50_ms']:.1f} | "
                             f"{s['p95_ms']:.1f} | {s['max_ms']:.1f} | {cpu} | {s['items_mean']} | {tcell} | {met} | {ratio} |")  # fmt: skip
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
