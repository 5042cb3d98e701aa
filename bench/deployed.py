"""A scenario family run the way a deployer runs Spotter: the services as processes, the camera over RTSP.

    python -m bench.deployed --family d [--only NAME]
    python -m bench.deployed --family d --as-camera --drops 90,180   # a live camera, the network dropping twice

Per scenario (the cache `bench.independent` made: video, ground-truth detections, questions, truth):
the video is re-encoded to H.264 and served by GStreamer's RTSP server (`deploy/rtsp/gst_rtsp_server.py
--file`, played once at its own pace, as a camera); a private redis-server; `python -m services.X` for
ingest (the RTSP URL), flow tracker, captioner (external detections), knowledge graph (SQLite),
summarizer and visual archive (the embedded vector indexes, read by the reasoner and the API on this
host), reasoner and api, one process each; the detections go on the bus with `spotter detections publish`.
When the stream has ended and every clip is decided, each question is asked over REST (`POST /v1/ask`
with its `at`) and the alerts are read off the alert stream; both are scored as `bench.independent`
scores the embedded `spotter eval` of the same scenario, and the live heading track is compared with the
truth and with the embedded replay's (`RUN.json`). Results: bench/results/deployed.json.

The embedded `spotter eval` of the same re-encoded file runs first, for comparison.

`--as-camera` serves the file as a live camera instead (it starts with its first viewer and plays on in
real time; a client that reconnects joins where it is), and `--drops` cuts ingest's connection at those
media times through a loopback relay (`bench.flaky_link`); the live heading is then compared with the
replay's stretch by stretch between the gaps (`heading_live_vs_file_replay_by_segment`).

What it does not exercise: the notifier (webhooks), Qdrant (no server here).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any, cast

import numpy as np
from redis import Redis

from bench.alert_latency import Service, decided, service_env, start_service, stream_messages, wait_for
from bench.flaky_link import FlakyLink
from bench.independent import CACHE_ROOT, add_per_kind, save_run, score_scenario
from spotter import streams
from spotter.messages import Alert, Clip, IngestCheckpoint, StreamEvent
from spotter.redis_server import RedisServerProcess, free_port

REPO = Path(__file__).resolve().parents[1]
RTSP_SERVER = REPO / "deploy" / "rtsp" / "gst_rtsp_server.py"
SYSTEM_PYTHON = os.environ.get("SPOTTER_RTSP_PYTHON", "/usr/bin/python3")
API_KEY = "bench-deployed-key-0123456789"
CLIP_S = 10.0


def h264(video: Path) -> Path:
    """The video as H.264 without B-frames (what the RTSP server streams), made once next to it."""
    out = video.with_name("video_h264.mp4")
    if not out.is_file() or out.stat().st_mtime < video.stat().st_mtime:
        subprocess.run(["ffmpeg", "-y", "-loglevel", "error", "-i", str(video), "-c:v", "libx264", "-preset",
                        "ultrafast", "-bf", "0", "-g", "15", "-pix_fmt", "yuv420p", str(out)], check=True)  # fmt: skip
    return out


def start_rtsp(path: Path, port: int, as_camera: bool = False) -> subprocess.Popen[str]:
    extra = ["--as-camera"] if as_camera else []
    proc = subprocess.Popen([SYSTEM_PYTHON, str(RTSP_SERVER), "--port", str(port), "--file", str(path), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)  # fmt: skip
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("READY"):
        proc.kill()
        raise RuntimeError(f"RTSP server did not start: {line}")
    return proc


def ask(port: int, camera: str, question: str, at: float, key: str = API_KEY) -> dict[str, Any]:
    """POST /v1/ask on the API at `port` (loopback) with `key`."""
    body = json.dumps({"camera_id": camera, "question": question, "at": at}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/v1/ask", data=body, method="POST",
                                 headers={"Content-Type": "application/json", "X-API-Key": key})  # fmt: skip
    with urllib.request.urlopen(req, timeout=120) as resp:
        return cast(dict[str, Any], json.loads(resp.read()))


def publish_detections(env: dict[str, str], path: Path, camera: str, width: int, height: int) -> None:
    """Put ground-truth detections on the bus as a deployer does: `spotter detections publish`."""
    pub = subprocess.run([sys.executable, "-m", "spotter.cli", "detections", "publish", str(path), "--camera", camera,
                          "--width", str(width), "--height", str(height)], env=env, capture_output=True, text=True,
                         cwd=REPO)  # fmt: skip
    if pub.returncode != 0:
        raise RuntimeError(f"detections publish failed: {pub.stderr}")


def heading_track(redis: Redis, camera: str) -> np.ndarray:
    rows = cast(list[Any], redis.zrangebyscore(streams.heading_track_key(camera), "-inf", "+inf"))
    pts = sorted((float(t), float(y)) for t, _, y in (r.decode().partition(":") for r in rows))
    return np.array(pts, dtype=float).reshape(-1, 2)


def heading_diff(a: np.ndarray, b: np.ndarray, shift_s: float = 0.0) -> dict[str, float]:
    """Max and mean |a(t) - b(t + shift_s)| over b's times where a has a sample within 0.2 s (not inside
    a's gaps), degrees, both unwrapped."""
    if len(a) < 2 or len(b) < 2:
        return {"max_deg": float("nan"), "mean_deg": float("nan")}
    ts = b[:, 0][(b[:, 0] - shift_s >= a[0, 0]) & (b[:, 0] - shift_s <= a[-1, 0])]
    near = np.abs(a[np.clip(np.searchsorted(a[:, 0], ts - shift_s), 0, len(a) - 1), 0] - (ts - shift_s)) <= 0.2
    ts = ts[near]
    d = np.abs(np.interp(ts - shift_s, a[:, 0], a[:, 1]) - np.interp(ts, b[:, 0], b[:, 1]))
    return {"max_deg": round(float(d.max()), 2), "mean_deg": round(float(d.mean()), 2)}


def stream_start_shift(live: np.ndarray, replay: np.ndarray, fps: float) -> float:
    """How far into the file the camera's stream started (0-5 frames): a live clock starts at the first
    frame the client received, the file's at its first frame (the shift with the least mean difference)."""
    shifts = [k / fps for k in range(6)]
    return min(shifts, key=lambda s: heading_diff(live, replay, s)["mean_deg"])


def aligned_by_segment(live: np.ndarray, replay: np.ndarray, gaps: list[tuple[float, float]], fps: float,
                       max_shift_s: float = 2.0) -> dict[str, Any]:
    """|live - replay| at equal content, each stretch between the live stream's gaps aligned on its own: a
    reconnect's media time runs on by the time away measured on arrival, a fraction of a second long."""
    edges = [live[0, 0] - 1.0, *(start + 1e-3 for start, _end in gaps), live[-1, 0] + 1.0]  # after a gap: the next
    worst, total, n, shifts = 0.0, 0.0, 0, []
    for lo, hi in zip(edges[:-1], edges[1:], strict=True):
        seg = live[(live[:, 0] >= lo) & (live[:, 0] < hi)]
        if len(seg) < 2:
            continue
        # frames sit on the file's 1/fps grid, offset in a reconnected stretch by its lag's fraction of a frame
        frac = (seg[0, 0] * fps - math.floor(seg[0, 0] * fps + 1e-6)) / fps
        best = min((frac + k / fps for k in range(-1, int(max_shift_s * fps) + 1) if frac + k / fps >= -1e-9),
                   key=lambda sh: heading_diff(replay, seg, sh)["mean_deg"])  # fmt: skip
        d = heading_diff(replay, seg, best)
        if not np.isfinite(d["max_deg"]):
            continue
        shifts.append(round(best, 3))
        worst = max(worst, d["max_deg"])
        total += d["mean_deg"] * len(seg)
        n += len(seg)
    return {"max_deg": round(worst, 2), "mean_deg": round(total / max(n, 1), 2), "shifts_s": shifts}


def media_time_published(redis: Redis, camera: str) -> float:
    """How far into the video ingest has published (its checkpoint; the flow tracker trims the frames)."""
    raw = redis.hget(streams.INGEST_TIMELINES, camera)
    return IngestCheckpoint.model_validate_json(raw).t_last if raw else 0.0


def drop_at(redis: Redis, link: FlakyLink, camera: str, times: list[float], stop: threading.Event) -> None:
    """Cut the camera's connection when ingest has published up to each of `times` (media seconds)."""
    for at in times:
        while not stop.is_set():
            if media_time_published(redis, camera) >= at:
                link.cut()
                break
            stop.wait(0.05)


def run_scenario(d: Path, log_dir: Path, *, as_camera: bool = False, drops: list[float] | None = None) -> dict[str, Any]:
    truth = json.loads((d / "truth.json").read_text())
    questions = json.loads((d / "questions.json").read_text())
    camera = str(questions[0]["camera"])
    duration = float(truth["duration_s"])
    video = h264(d / "video.mp4")
    # the embedded mode on the same (re-encoded) file, for comparison: `spotter eval`
    subprocess.run([sys.executable, "-m", "spotter.cli", "eval", "--video", str(video), "--questions", str(d / "questions.json"),
                    "--detections", str(d / "detections.jsonl"), "--out", str(log_dir / "REPLAY.json"), "--hfov",
                    str(truth["hfov_deg"]), "--projection", str(truth["projection"]), "--no-progress"],
                   check=True, cwd=REPO, capture_output=True)  # fmt: skip
    server = RedisServerProcess().start()
    redis = Redis.from_url(server.url, socket_timeout=10.0)
    rtsp_port = free_port()
    rtsp = start_rtsp(video, rtsp_port, as_camera)
    link = FlakyLink(rtsp_port) if drops else None
    camera_url = link.url("/cam") if link else f"rtsp://127.0.0.1:{rtsp_port}/cam"
    stop_drops = threading.Event()
    api_port = free_port()
    services: list[Service] = []
    t0 = time.monotonic()
    try:
        env = service_env(server.url, log_dir / "graph.sqlite3", {
            "SPOTTER_INGEST_SOURCE": camera_url, "SPOTTER_INGEST_CAMERA_ID": camera,
            "SPOTTER_INGEST_HFOV_DEG": str(truth["hfov_deg"]), "SPOTTER_INGEST_PROJECTION": truth["projection"],
            "SPOTTER_INGEST_BLOB_DIR": str(log_dir / "blobs"), "SPOTTER_CAPTIONER_BLOB_DIR": str(log_dir / "blobs"),
            "SPOTTER_DETECT_BACKEND": "external", "SPOTTER_API_API_KEYS": API_KEY, "SPOTTER_API_PORT": str(api_port),
            "SPOTTER_VECTOR_EMBEDDED_PATH": str(log_dir / "vectors"), "SPOTTER_ARCHIVE_BLOB_DIR": str(log_dir / "blobs"),
        })  # fmt: skip
        publish_detections(env, d / "detections.jsonl", camera, int(truth["width"]), int(truth["height"]))
        for module in ("flow_tracker", "captioner", "knowledge_graph", "summarizer", "visual_archive", "reasoner", "api"):
            services.append(start_service(module, env, log_dir, module))
        for svc in ("flow-tracker", "captioner", "knowledge-graph", "summarizer", "visual-archive", "reasoner"):
            wait_for(lambda s=svc: bool(redis.keys(streams.health_pattern(s))), 90.0, f"{svc} to start")  # type: ignore[misc]
        ingest = start_service("ingest", env, log_dir, "ingest")
        services.append(ingest)
        if link is not None and drops:
            threading.Thread(target=drop_at, args=(redis, link, camera, drops, stop_drops), daemon=True).start()

        def clips() -> list[Clip]:
            return [m for _t, m in stream_messages(redis, streams.CLIPS) if isinstance(m, Clip)]

        # The camera plays the file once at its pace; then the stream ends and ingest would reconnect to a
        # camera that starts over, so it is stopped once the last clip is out.
        wait_for(lambda: any(c.t_end >= duration - CLIP_S for c in clips()), duration * 2 + 60, "the stream's end")
        time.sleep(3.0)
        # the camera first (a file server plays the file again to a client that reconnects), then ingest
        rtsp.terminate()
        rtsp.wait(10)
        ingest.stop()
        n = len(clips())
        wait_for(lambda: len(decided(redis)) >= n, 300.0, "every clip decided")
        streamed_s = time.monotonic() - t0
        answers = []
        for q in questions:
            a = ask(api_port, camera, str(q["question"]), float(q["at"]))
            answers.append({"id": q["id"], **{k: a.get(k) for k in ("answer", "intent", "time", "duration_s", "direction",
                                                                   "yes_no", "entity_types", "count")}})  # fmt: skip
        alerts = [m for _t, m in stream_messages(redis, streams.ALERTS) if isinstance(m, Alert)]
        reasoner = next(s for s in services if s.name == "reasoner")
        reasoner.stop()  # it logs what each retrieval pathway returned
        used = [ln.split("retrieval by pathway: ", 1)[1] for ln in reasoner.log_path.read_text().splitlines()
                if "retrieval by pathway: " in ln]  # fmt: skip
        run = {"answers": answers, "alerts": [{"t": a.t, "category": a.category, "message": a.message} for a in alerts]}
        (log_dir / "RUN.json").write_text(json.dumps(run, indent=1))
        # The file server plays the file again to ingest's reconnect at its end (a real camera does not
        # replay the past): what that adds after the video's end is reported apart, not scored.
        scored = {**run, "alerts": [a for a in run["alerts"] if a["t"] <= duration]}
        res = score_scenario(truth, scored)
        res["alerts_after_the_video"] = [a for a in run["alerts"] if a["t"] > duration]
        live = heading_track(redis, camera)
        np.savetxt(log_dir / "heading_live.txt", live, fmt="%.4f")
        gaps = [(m.gap_start_t, m.gap_end_t) for _t, m in stream_messages(redis, streams.EVENTS)
                if isinstance(m, StreamEvent) and m.kind == "gap" and m.camera_id == camera
                and m.gap_start_t is not None and m.gap_end_t is not None]  # fmt: skip
        truth_h = np.array(truth["heading"], dtype=float)
        replay_h = np.array(json.loads((log_dir / "REPLAY.json").read_text())["heading"], dtype=float)
        replay = score_scenario(truth, json.loads((log_dir / "REPLAY.json").read_text()))
        clip_list = clips()
        res.update({
            "clips": n, "clips_t_end_max": round(max(c.t_end for c in clip_list), 2),
            "sessions": sorted({c.session_id for c in clip_list}) if hasattr(clip_list[0], "session_id") else None,
            "heading_samples": len(live),
            "heading_live_vs_truth": heading_diff(live, truth_h),
            "heading_live_vs_file_replay": heading_diff(live, replay_h),
            "stream_start_shift_s": (shift := stream_start_shift(live, replay_h, float(truth["fps"]))),
            "heading_live_vs_file_replay_aligned": heading_diff(live, replay_h, shift),
            "heading_file_replay_vs_truth": heading_diff(replay_h, truth_h),
            "camera": "file played as a camera" if as_camera else "file served as a file",
            "gaps": [(round(a, 2), round(b, 2)) for a, b in gaps],
            "heading_live_vs_file_replay_by_segment": aligned_by_segment(live, replay_h, gaps, float(truth["fps"])),
            "file_replay": {"per_kind": replay["per_kind"], "alerts_macro_f1": replay["alerts"]["macro_f1"],
                            "false_per_min": replay["alerts"]["false_per_min"]},
            "wall_s": round(streamed_s, 1),
            "reasoner_retrieval": used[-1] if used else None,
        })  # fmt: skip
        return res
    finally:
        stop_drops.set()
        if link is not None:
            link.close()
        for s in services:
            s.stop()
        if rtsp.poll() is None:
            rtsp.kill()
        redis.close()
        server.stop()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--family", default="d", help="which cached family (bench.independent --family X made it)")
    ap.add_argument("--only", help="one scenario")
    ap.add_argument("--label", default="run")
    ap.add_argument("--keep", type=Path, help="keep logs and the memory here (default: a temp dir)")
    ap.add_argument("--as-camera", action="store_true",
                    help="serve the file as a live camera (it plays on; a reconnecting client joins where it is)")
    ap.add_argument("--drops", default="", help="media seconds at which the network drops, e.g. 90,180 (with --as-camera)")
    args = ap.parse_args(argv)
    drops = [float(x) for x in args.drops.split(",") if x.strip()]
    if drops and not args.as_camera:
        ap.error("--drops needs --as-camera (a file server would start the file again for the reconnecting client)")
    cache = CACHE_ROOT / f"family_{args.family}"
    names = sorted(p.name for p in cache.iterdir() if (p / "truth.json").is_file()) if cache.is_dir() else []
    if args.only:
        names = [n for n in names if n == args.only]
    if not names:
        print(f"no scenarios in {cache}: run `python -m bench.independent --family {args.family}` first")
        return 2
    report: dict[str, Any] = {"machine": platform.platform(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                              "family": args.family, "scenarios": {}}  # fmt: skip
    totals: dict[str, list[int]] = {}
    for name in names:
        log_dir = (args.keep / name) if args.keep else Path(tempfile.mkdtemp(prefix=f"spotter-deployed-{name}-"))
        log_dir.mkdir(parents=True, exist_ok=True)
        res = run_scenario(cache / name, log_dir, as_camera=args.as_camera, drops=drops)
        report["scenarios"][name] = res
        add_per_kind(totals, res["per_kind"])
        print(f"{name}: answers " + " ".join(f"{k}={c}/{n}" for k, (c, n) in res["per_kind"].items())
              + f" | alerts F1 {res['alerts']['macro_f1']} false/min {res['alerts']['false_per_min']:.2f}"
              + f" | heading vs truth {res['heading_live_vs_truth']} vs replay {res['heading_live_vs_file_replay']}"
              + f" (aligned by {res['stream_start_shift_s']:.3f} s: {res['heading_live_vs_file_replay_aligned']};"
              + f" by segment between gaps {res['gaps']}: {res['heading_live_vs_file_replay_by_segment']})"
              + f" | {res['clips']} clips, {res['wall_s']} s (logs {log_dir})")  # fmt: skip
    report["answers_per_kind"] = {k: round(c / n, 3) for k, (c, n) in sorted(totals.items()) if n}
    print("answers per kind:", report["answers_per_kind"])
    save_run("deployed.json", args.label, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
