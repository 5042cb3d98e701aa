"""Long shifts: `spotter replay --fast` / `spotter eval` on a video hours long, with its detections.

    python -m bench.long_shift --hours 8                       # replay, 8 h
    python -m bench.long_shift --minutes 20 --eval             # eval, 20 min, with repeated questions

The long video is a scenario of the independent family (bench/family_b, `yard_pinhole70` by default)
played back to back (ffmpeg's concat demuxer, no re-encoding), its detections and questions
repeated with their times shifted, so the run has a real camera's timing quirks at every seam
(keyframes and clips at the same times as the previous copy's, clips without keyframes at the
ends). Reported: completion, wall time, frames/s end to end, peak RSS of the spotter process and of
its private redis-server (sampled every 0.5 s), and for eval the answers and alerts written.
Results: bench/results/long_shift.json.
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
import time
from pathlib import Path
from typing import Any

import psutil

REPO = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache"))
RESULTS = Path(__file__).resolve().parent / "results"


def build(scenario: str, copies: int, out: Path) -> tuple[Path, Path, Path, float, dict[str, Any]]:
    """The long video, detections and questions (cached)."""
    src = CACHE / "family_b" / scenario
    if not (src / "truth.json").is_file():
        subprocess.run([sys.executable, "-m", "bench.family_b.generate", "--out", str(CACHE / "family_b"),
                        "--only", scenario], check=True, cwd=REPO)  # fmt: skip
    truth = json.loads((src / "truth.json").read_text())
    dur = float(truth["duration_s"])
    out.mkdir(parents=True, exist_ok=True)
    video, dets, qs = out / "video.mp4", out / "detections.jsonl", out / "questions.json"
    if not video.is_file():
        listing = out / "concat.txt"
        listing.write_text("".join(f"file '{(src / 'video.mp4').resolve()}'\n" for _ in range(copies)))
        tmp = out / "video.tmp.mp4"
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", str(listing), "-c", "copy",
                        str(tmp)], check=True)  # fmt: skip
        tmp.replace(video)
    if not dets.is_file():
        lines = (src / "detections.jsonl").read_text().splitlines()
        with open(dets.with_suffix(".tmp"), "w") as f:
            for k in range(copies):
                for line in lines:
                    row = json.loads(line)
                    row["t"] = round(float(row["t"]) + k * dur, 4)
                    f.write(json.dumps(row) + "\n")
        dets.with_suffix(".tmp").replace(dets)
    base = json.loads((src / "questions.json").read_text())
    questions = [{**q, "id": f"{q['id']}-{k}", "at": q["at"] + k * dur} for k in range(copies) for q in base]
    qs.write_text(json.dumps(questions))
    return video, dets, qs, dur * copies, truth


def run(cmd: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Run `cmd`, sampling the RSS of it and its children (the private redis-server) every 0.5 s."""
    t0 = time.perf_counter()
    # Output to files, not pipes: a pipe nobody reads while polling fills up and blocks the run.
    with tempfile.TemporaryFile("w+") as out_f, tempfile.TemporaryFile("w+") as err_f:
        proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=out_f, stderr=err_f, text=True)
        ps = psutil.Process(proc.pid)
        peak_main = peak_children = 0
        while proc.poll() is None:
            try:
                peak_main = max(peak_main, ps.memory_info().rss)
                kids = sum(c.memory_info().rss for c in ps.children(recursive=True))
                peak_children = max(peak_children, kids)
            except psutil.Error:
                pass
            time.sleep(0.5)
        out_f.seek(0)
        err_f.seek(0)
        out, err = out_f.read(), err_f.read()
    return {"rc": proc.returncode, "wall_s": round(time.perf_counter() - t0, 1),
            "peak_rss_mib": round(peak_main / 2**20, 1), "peak_rss_children_mib": round(peak_children / 2**20, 1),
            "warnings": err.count(" WARNING "), "stdout_tail": out if len(out) < 2_000_000 else out[-1500:],
            "stderr_tail": err[-1500:]}  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hours", type=float)
    ap.add_argument("--minutes", type=float)
    ap.add_argument("--scenario", default="yard_pinhole70")
    ap.add_argument("--eval", action="store_true", help="spotter eval (answers every repeated question)")
    args = ap.parse_args()
    minutes = args.minutes if args.minutes else 60.0 * (args.hours or 8.0)
    src_truth = CACHE / "family_b" / args.scenario / "truth.json"
    one = float(json.loads(src_truth.read_text())["duration_s"]) if src_truth.is_file() else 300.0
    copies = max(1, math.ceil(minutes * 60.0 / one))
    out = CACHE / "long_shift" / f"{args.scenario}_x{copies}"
    video, dets, qs, dur, truth = build(args.scenario, copies, out)
    env = {**os.environ, "SPOTTER_GRAPH_SQLITE_PATH": str(out / "graph.sqlite3")}
    cli = [sys.executable, "-m", "spotter.cli"]
    if args.eval:
        cmd = [*cli, "eval", "--video", str(video), "--questions", str(qs), "--detections", str(dets),
               "--out", str(out / "RUN.json"), "--hfov", str(truth["hfov_deg"]), "--no-progress"]  # fmt: skip
    else:
        (out / "graph.sqlite3").unlink(missing_ok=True)
        cmd = [*cli, "replay", str(video), "--camera", args.scenario, "--detections", str(dets), "--fast",
               "--hfov", str(truth["hfov_deg"]), "--no-progress", "--json"]  # fmt: skip
    result = run(cmd, env)
    frames = int(round(dur * float(truth["fps"])))
    result.update({"mode": "eval" if args.eval else "replay", "scenario": args.scenario, "copies": copies,
                   "media_s": dur, "frames": frames, "frames_per_s": round(frames / result["wall_s"], 1),
                   "machine": platform.platform(), "cpus": os.cpu_count(), "date": time.strftime("%Y-%m-%d")})  # fmt: skip
    if not args.eval and result["rc"] == 0:
        try:
            summary = json.loads(result["stdout_tail"] if result["stdout_tail"].lstrip().startswith("{") else "{}")
        except ValueError:
            summary = {}
        result["replay"] = {k: summary.get(k) for k in ("flow_frames", "poses", "clips", "keyframes", "wall_s", "fps",
                                                       "x_realtime", "memory")}  # fmt: skip
    if args.eval and (out / "RUN.json").is_file():
        run_json = json.loads((out / "RUN.json").read_text())
        result.update({"answers": len(run_json["answers"]), "alerts": len(run_json["alerts"]),
                       "heading_samples": len(run_json["heading"])})  # fmt: skip
    print(json.dumps({k: v for k, v in result.items() if "tail" not in k}, indent=1))
    result["stdout_tail"] = result["stdout_tail"][-1500:]
    if result["rc"] != 0:
        print(result["stderr_tail"])
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / "long_shift.json"
    runs = json.loads(path.read_text()) if path.is_file() else {}
    runs[f"{result['mode']}-{minutes:g}min"] = result
    path.write_text(json.dumps(runs, indent=1))
    return 0 if result["rc"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
