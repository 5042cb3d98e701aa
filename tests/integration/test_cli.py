"""The `spotter` command, run as a user would (subprocesses, private redis-server)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from spotter.synth import GeneratedVideo, generate

# Each test starts the CLI in a subprocess (a few seconds of imports and redis-server start-up).
pytestmark = [pytest.mark.integration, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache")) / "synth"


@pytest.fixture(scope="module")
def video() -> GeneratedVideo:
    return generate("site_walk", 20.0, 15, 320, 180, 90.0, seed=2, out_dir=CACHE, pano_width=2048)


def spotter(
    *args: str, cwd: Path, timeout: float = 120, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("spotter")
    cmd = [exe] if exe else [sys.executable, "-m", "spotter.cli"]
    base = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SPOTTER_REDIS_URL")}
    return subprocess.run(
        [*cmd, *args], cwd=cwd, env={**base, **(env or {})}, capture_output=True, text=True, timeout=timeout
    )


def ladder_detections(path: Path, t_end: float = 4.0, fps: float = 15.0) -> Path:
    """A ladder in the middle of the 320x180 frame for the first `t_end` seconds (contract JSON Lines)."""
    lines = []
    for i in range(int(t_end * fps)):
        det = {"label": "ladder", "bbox": [150.0, 50.0, 170.0, 160.0], "score": 0.9, "track_id": "L1"}
        lines.append(json.dumps({"t": round(i / fps, 4), "detections": [det]}))
    path.write_text("\n".join(lines) + "\n")
    return path


def sector_of(rel: float) -> str:
    names = ("front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left")
    return names[int(((rel + 22.5) % 360.0) // 45.0)]


def wrap(a: float) -> float:
    return (a + 180.0) % 360.0 - 180.0


def test_replay_fast_builds_memory_that_ask_answers_from(video: GeneratedVideo, tmp_path: Path) -> None:
    env = {"SPOTTER_GRAPH_SQLITE_PATH": str(tmp_path / "graph.sqlite3")}
    dets = ladder_detections(tmp_path / "dets.jsonl")
    p = spotter("replay", str(video.video_path), "--camera", "cli1", "--fast", "--json", "--detections", str(dets),
                cwd=tmp_path, env=env)  # fmt: skip
    assert p.returncode == 0, p.stderr
    summary = json.loads(p.stdout)
    assert summary["frames"] == summary["poses"] == video.n_frames
    assert summary["clips"] == 2 and summary["drained"] and summary["ingest_ended"] == "end"
    assert len(list((tmp_path / "var" / "blobs").rglob("*.jpg"))) == summary["keyframes"] == 20
    assert summary["memory"]["clips"] == 2 and summary["memory"]["observations"] == 1
    p = spotter("ask", "When did the ladder first appear?", "--camera", "cli1", "--json", cwd=tmp_path, env=env)
    assert p.returncode == 0, p.stderr
    answer = json.loads(p.stdout)
    assert answer["time"] == 0.0 and answer["backend"] == "parser" and answer["evidence"]
    p = spotter("ask", "Where is the ladder?", "--camera", "cli1", "--at", "15", cwd=tmp_path, env=env)
    assert p.returncode == 0 and "ladder" in p.stdout.lower(), p.stderr
    p = spotter("ask", "Where is the ladder?", "--camera", "other", cwd=tmp_path, env=env)
    assert p.returncode == 2 and "nothing of camera 'other'" in p.stderr


def test_eval_answers_each_question_at_its_time(video: GeneratedVideo, tmp_path: Path) -> None:
    questions = tmp_path / "q.json"
    questions.write_text(json.dumps([
        {"id": "q1", "camera": "cam0", "at": 12.5, "question": "Where is the ladder now?"},
        {"id": "q2", "camera": "cam0", "at": 2.0, "question": "When did the ladder first appear?"},
        {"id": "q3", "camera": "cam0", "at": 19.0, "question": "Where is the drill?"},
    ]))  # fmt: skip
    out = tmp_path / "out" / "RUN.json"
    dets = ladder_detections(tmp_path / "dets.jsonl")
    p = spotter(
        "eval", "--video", str(video.video_path), "--questions", str(questions), "--out", str(out),
        "--no-progress", "--detections", str(dets), cwd=tmp_path,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    run = json.loads(out.read_text())
    assert set(run) == {"heading", "answers", "alerts"}
    assert run["alerts"] == []
    heading = run["heading"]
    assert len(heading) == video.n_frames
    assert all(len(s) == 2 for s in heading)
    ts = [t for t, _ in heading]
    assert ts == sorted(ts) and ts[0] == 0.0
    answers = {a["id"]: a for a in run["answers"]}
    assert set(answers) == {"q1", "q2", "q3"}
    # The ladder was seen straight ahead during 0-4 s: its bearing is the heading then; at 12.5 s
    # the answer is that bearing relative to the heading at 12.5 s, from the replay's own heading track.
    seen = [y for t, y in heading if t < 4.0]
    bearing = sum(seen) / len(seen)
    now = [y for t, y in heading if t <= 12.5][-1]
    rel = wrap(bearing - now)
    assert answers["q1"]["direction"] == sector_of(rel) or abs(((rel + 22.5) % 45.0) - 22.5) > 17.0
    assert answers["q2"]["time"] == 0.0
    assert answers["q3"]["direction"] is None and "not seen" in answers["q3"]["answer"]


def test_eval_rejects_bad_questions(video: GeneratedVideo, tmp_path: Path) -> None:
    questions = tmp_path / "q.json"
    questions.write_text(json.dumps([{"id": "q1", "camera": "cam0", "question": "where?"}]))
    p = spotter("eval", "--video", str(video.video_path), "--questions", str(questions), "--out",
                str(tmp_path / "RUN.json"), cwd=tmp_path)  # fmt: skip
    assert p.returncode == 2 and "missing at" in p.stderr
    assert not (tmp_path / "RUN.json").exists()


def test_clear_errors_for_missing_files_and_ask(tmp_path: Path, video: GeneratedVideo) -> None:
    p = spotter("replay", str(tmp_path / "none.mp4"), "--fast", cwd=tmp_path)
    assert p.returncode == 2 and "video not found" in p.stderr
    p = spotter("replay", str(video.video_path), "--detections", str(tmp_path / "d.jsonl"), cwd=tmp_path)
    assert p.returncode == 2 and "detections file not found" in p.stderr
    p = spotter("ask", "where is the ladder?", "--camera", "cam0", cwd=tmp_path)
    assert p.returncode == 2 and "no memory at" in p.stderr and "spotter replay" in p.stderr


def test_serve_check_reports_no_healthy_replica(redis_url: str, tmp_path: Path) -> None:
    p = spotter("serve", "flow-tracker", "--check", cwd=tmp_path, env={"SPOTTER_REDIS_URL": redis_url})
    assert p.returncode == 1
    p = spotter("serve", "flow-tracker", "--check", cwd=tmp_path)
    assert p.returncode == 2 and "REDIS_URL" in p.stderr


def test_ctrl_c_stops_ingest_drains_and_exits(video: GeneratedVideo, tmp_path: Path) -> None:
    exe = shutil.which("spotter")
    cmd = [exe] if exe else [sys.executable, "-m", "spotter.cli"]
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SPOTTER_REDIS_URL")}
    # Paced like a live camera (no --fast): 20 s of video.
    proc = subprocess.Popen(
        [*cmd, "replay", str(video.video_path), "--camera", "live1", "--json", "--no-progress"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        # Interrupt once the replay runs (its first keyframe is on disk), as a user would.
        deadline = time.monotonic() + 60
        while not list((tmp_path / "var" / "blobs").rglob("*.jpg")) and time.monotonic() < deadline:
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    summary = json.loads(out)
    assert summary["stopped"] and summary["drained"] and summary["ingest_ended"] == "stopped"
    assert 0 < summary["frames"] < video.n_frames
    assert summary["poses"] == summary["flow_frames"]
    assert "stopping ingest" in err
