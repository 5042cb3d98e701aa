"""Visual archive: descriptor cost, archive add rate, similar() latency on 8 h of one camera,
and look-back retrieval quality, on real rendered keyframes.

    python -m bench.visual_archive                 # defaults: 8 h at 1 keyframe/s, 300 queries
    python -m bench.visual_archive --hours 1 --repeat 50

Keyframes are 640x360 pinhole views (90 degree HFOV) of synthetic construction-site panoramas
(`spotter.synth`), JPEG quality 85, as ingest stores them.

- descriptor: `GlobalDescriptor.describe` per keyframe (and the JPEG decode before it), one core.
- add: the full `VisualArchive.add` path on a private redis-server, the embedded vector store on
  disk and a LocalBlobStore in a temporary directory: read JPEG, decode, describe, upsert, ledger
  script, then `enforce_budget` with a budget of half the keyframes added (so the second half of
  the adds also deletes the oldest point and JPEG each time: the steady state of a full archive).
- similar: one camera holding `hours` x 3600 keyframes. The first `--add-n` come through the
  add path; the rest are the descriptors of real rendered frames (a pool cycled with a little
  noise) upserted in batches, because rendering 28,800 frames takes minutes and the embedded
  index searches exactly (a matrix product over the camera's rows up to t_max), so the
  content does not change the cost. Each query is a fresh degraded rendered view: `similar(image,
  t=..., camera_id=...)` = describe + filtered search (k=10); `similar(blob_key)` adds the
  ledger lookup, the JPEG read and decode.
- quality: 4 sites, keyframes every 4 degrees of heading ("dense", 90 per site: the query is
  at most 2 degrees from one) or every 12 ("sparse", 30 per site: up to 6 degrees), then 200
  degraded "look back" views (random site and heading, pitched and rolled by a few degrees,
  blurred, exposure, noise, JPEG 70); a hit is "correct" when it is of the same site within 8
  (dense) or 12 (sparse) degrees of the query's heading.

Results: bench/results/visual_archive.json and markdown on stdout.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, os.environ.get("SPOTTER_BENCH_BLAS_THREADS", "1"))

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from redis import Redis  # noqa: E402

from spotter.archive import ArchiveSettings, ClassicalEncoder, GlobalDescriptor, VisualArchive, decode_jpeg  # noqa: E402
from spotter.archive.archive import LEVEL, point_id  # noqa: E402
from spotter.blobstore import LocalBlobStore, keyframe_key  # noqa: E402
from spotter.messages import Keyframe  # noqa: E402
from spotter.redis_server import RedisServerProcess  # noqa: E402
from spotter.synth.panorama import make_panorama  # noqa: E402
from spotter.synth.render import ViewRenderer  # noqa: E402
from spotter.vector import EmbeddedVectorStore, VectorPoint  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
W, H, HFOV = 640, 360, 90.0


def jpeg(img: np.ndarray, quality: int = 85) -> bytes:
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return bytes(buf.tobytes())


def degrade(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    out = cv2.GaussianBlur(img, (0, 0), 1.0).astype(np.float32) * rng.uniform(0.8, 1.1)
    out = np.clip(out + rng.normal(0.0, 6.0, out.shape), 0, 255).astype(np.uint8)
    return decode_jpeg(jpeg(out, 70))


def pct(xs: list[float]) -> dict[str, float]:
    a = np.asarray(xs) * 1000.0
    return {"p50_ms": round(float(np.percentile(a, 50)), 3), "p95_ms": round(float(np.percentile(a, 95)), 3),
            "mean_ms": round(float(a.mean()), 3), "n": len(xs)}  # fmt: skip


def walk_yaws(n: int, rng: np.random.Generator) -> np.ndarray:
    """Headings of a wearer at 1 keyframe/s: a random walk with occasional fast turns."""
    steps = rng.normal(0.0, 8.0, n) + np.where(rng.random(n) < 0.05, rng.uniform(-120, 120, n), 0.0)
    return np.cumsum(steps) % 360.0


def quality(
    renderers: list[ViewRenderer], redis: Redis, tmp: Path, rng: np.random.Generator, name: str,
    spacing: float, tol: float,
) -> dict[str, Any]:  # fmt: skip
    blobs = LocalBlobStore(tmp / f"q-blobs-{name}")
    store = EmbeddedVectorStore(f"q-{name}", GlobalDescriptor.dim, path=None)
    arch = VisualArchive(redis, store, blobs, ClassicalEncoder(), ArchiveSettings(exclude_recent_s=0.0))
    sites: dict[str, list[float]] = {}
    t = 0.0
    for s, r in enumerate(renderers):
        yaws = list(np.arange(0.0, 360.0, spacing))
        sites[f"{name}-site{s}"] = yaws
        for i, yaw in enumerate(yaws):
            key = blobs.put(keyframe_key(f"{name}-site{s}", "c0", i), jpeg(r.render(yaw, rng.uniform(-2, 2))))
            arch.add(
                Keyframe(
                    camera_id=f"{name}-site{s}",
                    t=t,
                    clip_id="c0",
                    frame_index=i,
                    blob_key=key,
                    width=W,
                    height=H,
                )
            )
            t += 1.0
    top1 = top5 = any5_site = 0
    scores_same: list[float] = []
    scores_other: list[float] = []
    n = 200
    for _ in range(n):
        s = int(rng.integers(len(renderers)))
        yaw = float(rng.uniform(0, 360))
        q = degrade(renderers[s].render(yaw, rng.uniform(-3, 3), rng.uniform(-2, 2)), rng)
        hits = arch.similar(q, k=5)

        def ok(h: Any, s: int = s, yaw: float = yaw) -> bool:
            hy = sites[h.camera_id][int(h.blob_key.rsplit("/", 1)[1].split(".")[0])]
            d = abs((hy - yaw + 180.0) % 360.0 - 180.0)
            return bool(h.camera_id == f"{name}-site{s}" and d <= tol)

        top1 += int(ok(hits[0]))
        top5 += int(any(ok(h) for h in hits))
        any5_site += int(all(h.camera_id == f"{name}-site{s}" for h in hits))
        scores_same.append(hits[0].score)
        other = arch.similar(q, k=1, camera_id=f"{name}-site{(s + 1) % len(renderers)}")
        scores_other.append(other[0].score)
    arch.close()
    return {
        "keyframe_spacing_deg": spacing, "correct_within_deg": tol, "sites": len(renderers), "keyframes": sum(len(v) for v in sites.values()), "queries": n,
        "recall_at_1": round(top1 / n, 3), "recall_at_5": round(top5 / n, 3),
        "top5_all_same_site": round(any5_site / n, 3),
        "best_score_p50": round(float(np.median(scores_same)), 3),
        "best_score_other_site_p50": round(float(np.median(scores_other)), 3),
        "best_score_p05": round(float(np.percentile(scores_same, 5)), 3),
        "best_score_other_site_p95": round(float(np.percentile(scores_other, 95)), 3),
        "best_score_other_site_max": round(float(np.max(scores_other)), 3),
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--hours", type=float, default=8.0, help="media hours of the searched camera (1 keyframe/s)"
    )
    ap.add_argument("--add-n", type=int, default=600, help="keyframes through the full add path")
    ap.add_argument("--pool", type=int, default=600, help="rendered frames whose descriptors fill the day")
    ap.add_argument("--repeat", type=int, default=300, help="timed similar() calls per pathway")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=RESULTS / "visual_archive.json")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    renderers = [ViewRenderer(make_panorama(seed, 2048), W, H, HFOV) for seed in (11, 12, 13, 14)]

    # --- rendered keyframes -----------------------------------------------------------------
    n_render = max(args.add_n, args.pool)
    yaws = walk_yaws(n_render, rng)
    frames = [
        renderers[(i // 300) % len(renderers)].render(float(y), float(rng.uniform(-3, 3)))
        for i, y in enumerate(yaws)
    ]
    jpegs = [jpeg(f) for f in frames]

    # --- descriptor -----------------------------------------------------------------------------
    d = GlobalDescriptor()
    for f in frames[:20]:
        d.describe(f)
    t_desc, t_dec = [], []
    for j in jpegs[: args.pool]:
        t0 = time.perf_counter()
        img = decode_jpeg(j)
        t1 = time.perf_counter()
        d.describe(img)
        t_dec.append(t1 - t0)
        t_desc.append(time.perf_counter() - t1)

    server = RedisServerProcess().start()
    redis = Redis.from_url(server.url)
    try:
        with tempfile.TemporaryDirectory(prefix="bench-visual-archive-") as tmp_s:
            tmp = Path(tmp_s)
            blobs = LocalBlobStore(tmp / "blobs")
            cam = "cam-8h"

            # --- add path, with a budget of half: the second half also deletes ------------------
            addstore = EmbeddedVectorStore("add", GlobalDescriptor.dim, path=tmp / "add.sqlite3")
            budget = ArchiveSettings(max_keyframes_per_camera=args.add_n // 2, max_bytes_per_camera=0)
            arch = VisualArchive(redis, addstore, blobs, ClassicalEncoder(), budget)
            kfs = []
            for i in range(args.add_n):
                clip = f"c{i // 10:05d}"
                key = blobs.put(keyframe_key("cam-add", clip, i), jpegs[i])
                kfs.append(
                    Keyframe(
                        camera_id="cam-add",
                        t=float(i),
                        clip_id=clip,
                        frame_index=i,
                        blob_key=key,
                        width=W,
                        height=H,
                    )
                )
            t_add: list[float] = []
            t0 = time.perf_counter()
            for kf in kfs:
                t1 = time.perf_counter()
                arch.add(kf)
                arch.enforce_budget(kf.camera_id)
                t_add.append(time.perf_counter() - t1)
            add_wall = time.perf_counter() - t0
            kept = arch.usage("cam-add")
            left = sum(1 for _ in blobs.iter_keys("cam-add/"))
            arch.close()

            # --- 8 h of one camera -----------------------------------------------------------------
            n_day = int(args.hours * 3600)
            store = EmbeddedVectorStore("day", GlobalDescriptor.dim, path=tmp / "day.sqlite3")
            arch = VisualArchive(
                redis,
                store,
                blobs,
                ClassicalEncoder(),
                ArchiveSettings(max_keyframes_per_camera=0, max_bytes_per_camera=0),
            )
            n_real = min(args.add_n, n_day)
            for i in range(n_real):
                clip = f"d{i // 10:05d}"
                key = blobs.put(keyframe_key(cam, clip, i), jpegs[i])
                arch.add(
                    Keyframe(
                        camera_id=cam,
                        t=float(i),
                        clip_id=clip,
                        frame_index=i,
                        blob_key=key,
                        width=W,
                        height=H,
                    )
                )
            pool = np.stack([d.describe(f) for f in frames[: args.pool]])
            t_fill = time.perf_counter()
            for start in range(n_real, n_day, 512):
                idx = np.arange(start, min(start + 512, n_day))
                vecs = pool[idx % len(pool)] + rng.normal(0.0, 0.02, (len(idx), pool.shape[1])).astype(
                    np.float32
                )
                pts = [
                    VectorPoint(id=point_id(f"{cam}/fill/{i:08d}.jpg"), vector=v, payload={
                        "camera_id": cam, "level": LEVEL, "t_start": float(i), "t_end": float(i),
                        "ref": {"clip_id": f"d{i // 10:05d}", "blob_key": f"{cam}/fill/{i:08d}.jpg", "bytes": 0}})
                    for i, v in zip(idx.tolist(), vecs, strict=True)
                ]  # fmt: skip
                store.upsert(pts)
            fill_s = time.perf_counter() - t_fill
            assert store.count(camera_id=cam, level=LEVEL) == n_day

            queries = [
                degrade(renderers[int(rng.integers(4))].render(float(rng.uniform(0, 360))), rng)
                for _ in range(40)
            ]
            for q in queries[:10]:
                arch.similar(q, t=float(n_day), camera_id=cam)
            t_img, t_key = [], []
            for r in range(args.repeat):
                t = float(n_day) if r % 10 == 0 else float(rng.uniform(0, n_day))
                q = queries[r % len(queries)]
                t0 = time.perf_counter()
                arch.similar(q, t=t, camera_id=cam, k=10)
                t_img.append(time.perf_counter() - t0)
                key = keyframe_key(cam, f"d{(r % n_real) // 10:05d}", r % n_real)
                t0 = time.perf_counter()
                arch.similar(key, query_camera_id=cam, t=float(n_day), camera_id=cam, k=10)
                t_key.append(time.perf_counter() - t0)
            arch.close()

            qual = {
                "dense": quality(renderers, redis, tmp, rng, "dense", 4.0, 8.0),
                "sparse": quality(renderers, redis, tmp, rng, "sparse", 12.0, 12.0),
            }
    finally:
        redis.close()
        server.stop()

    result = {
        "meta": {
            "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "python": platform.python_version(),
            "cpu_count": os.cpu_count(), "machine": platform.machine(), "blas_threads": os.environ.get("OPENBLAS_NUM_THREADS"),
            "keyframe": f"{W}x{H} JPEG q85", "descriptor": GlobalDescriptor.name, "dim": GlobalDescriptor.dim,
            "jpeg_bytes_mean": int(np.mean([len(j) for j in jpegs])),
        },
        "descriptor": {"describe": pct(t_desc), "jpeg_decode": pct(t_dec)},
        "add": {
            "keyframes": args.add_n, "budget_keyframes": args.add_n // 2, "per_keyframe": pct(t_add),
            "rate_per_s": round(args.add_n / add_wall, 1), "kept": kept[0], "kept_bytes": kept[1], "jpegs_left": left,
        },
        "similar": {
            "points": n_day, "hours": args.hours, "through_add_path": n_real, "fill_upsert_s": round(fill_s, 2),
            "image_query": pct(t_img), "keyframe_query": pct(t_key), "k": 10,
        },
        "quality": qual,
    }  # fmt: skip
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    ds, a, s, q = result["descriptor"], result["add"], result["similar"], qual
    print("| measure | p50 | p95 |\n|---|---|---|")
    print(f"| describe (640x360) | {ds['describe']['p50_ms']} ms | {ds['describe']['p95_ms']} ms |")
    print(f"| JPEG decode | {ds['jpeg_decode']['p50_ms']} ms | {ds['jpeg_decode']['p95_ms']} ms |")
    print(
        f"| add + budget ({a['rate_per_s']} keyframes/s) | {a['per_keyframe']['p50_ms']} ms | {a['per_keyframe']['p95_ms']} ms |"
    )
    print(
        f"| similar(image), {s['points']} points | {s['image_query']['p50_ms']} ms | {s['image_query']['p95_ms']} ms |"
    )
    print(f"| similar(blob key) | {s['keyframe_query']['p50_ms']} ms | {s['keyframe_query']['p95_ms']} ms |")
    for name, qq in q.items():
        print(f"quality {name} (keyframes every {qq['keyframe_spacing_deg']} deg, correct within {qq['correct_within_deg']}): "
              f"recall@1 {qq['recall_at_1']}, recall@5 {qq['recall_at_5']}, top-5 all same site "
              f"{qq['top5_all_same_site']}; best score p50 {qq['best_score_p50']} vs best of another site "
              f"{qq['best_score_other_site_p50']}")  # fmt: skip
    print(
        f"retention: kept {a['kept']} of {a['keyframes']} (budget {a['budget_keyframes']}), {a['jpegs_left']} JPEGs left"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
