"""The embedded mode and the distributed mode are one pipeline: the same scenario through both gives the
same memory, the same answers and the same alerts (issue 10's acceptance).

Embedded: `spotter eval` on the scenario's video (one process, its private redis-server). Distributed:
every service a process (`python -m services.X`: ingest, flow tracker, captioner, knowledge graph,
summarizer, visual archive, reasoner, API), the video played as a camera by GStreamer's RTSP server,
the ground-truth detections on the bus, each question asked over REST at its `at`.

The camera's clock starts at the first frame its client received (the file's first: the RTSP clock gives
it the file's times since FFmpeg's unstamped first frame is counted, session 15), and its session id is its
start time, not the file's hash; so
the comparison is of what a user sees: the individuals remembered (label, first and last seen, to the
second), each answer's typed fields, and each alert's category and time.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from spotter.synth.scenario import ScenarioRun, generate_scenario
from tests.integration.pipeline_harness import memory_of, run_pipeline
from tests.integration.rtsp_harness import RtspTestServer, rtsp_server_available

pytestmark = [pytest.mark.integration, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache")) / "scenarios"
TYPED = ("answer", "time", "duration_s", "direction", "yes_no", "count", "entity_types", "intent")


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> ScenarioRun:
    run = generate_scenario("bricklaying", seed=0, out_dir=CACHE, duration_s=120.0, questions_per_kind=3)
    # What a camera streams: H.264 without B-frames (the RTSP file server's format); both modes read this file.
    assert run.video_path is not None
    h264 = tmp_path_factory.mktemp("video") / "camera.mp4"
    subprocess.run(["ffmpeg", "-y", "-loglevel", "error", "-i", str(run.video_path), "-c:v", "libx264", "-preset",
                    "ultrafast", "-bf", "0", "-g", "15", "-pix_fmt", "yuv420p", str(h264)], check=True)  # fmt: skip
    return dataclasses.replace(run, video_path=h264)


def seconds(memory: list[tuple[str, float, float, int]]) -> list[tuple[str, int, int]]:
    return sorted((label, round(first), round(last)) for label, first, last, _n in memory)


@pytest.mark.timeout(900)
def test_embedded_and_distributed_over_rtsp_remember_answer_and_alert_alike(scenario: ScenarioRun, tmp_path: Path) -> None:
    missing = rtsp_server_available()
    if missing:
        pytest.fail(missing)
    out = tmp_path / "RUN.json"
    subprocess.run([sys.executable, "-m", "spotter.cli", "eval", "--video", str(scenario.video_path), "--questions",
                    str(scenario.questions_path), "--detections", str(scenario.detections_path), "--out", str(out),
                    "--hfov", str(scenario.hfov_deg), "--graph", str(tmp_path / "embedded.sqlite3"), "--no-progress"],
                   check=True, cwd=REPO, capture_output=True)  # fmt: skip
    embedded: dict[str, Any] = json.loads(out.read_text())
    with RtspTestServer(extra_args=("--file", str(scenario.video_path))) as camera:
        distributed = run_pipeline(
            scenario, tmp_path / "distributed", camera_url=camera.url, stop_camera=camera.stop,
            extra=("summarizer", "visual_archive"),
        )  # fmt: skip

    remembered = seconds(distributed["memory"])
    assert len(remembered) >= 5 and remembered == seconds(memory_of(tmp_path / "embedded.sqlite3", scenario.camera))
    assert len(distributed["answers"]) == len(embedded["answers"]) == 12
    by_id = {a["id"]: a for a in embedded["answers"]}
    timed = ("time", "duration_s")
    for qid, answer in distributed["answers"].items():
        expected = by_id[qid]
        assert {k: answer.get(k) for k in TYPED if k not in timed} == {k: expected.get(k) for k in TYPED if k not in timed}, qid
        # Times agree to a frame: the distributed mode first sees the brick wall one frame later (41.47 s against
        # 41.4); the RTSP clock, itself a frame early until session 15, hid that difference (not yet explained).
        for k in timed:
            live, emb = answer.get(k), expected.get(k)
            assert (live is None) == (emb is None) and (live is None or abs(live - emb) <= 0.08), (qid, k, live, emb)
    live_alerts = sorted((category, t) for _id, category, t, _msg in distributed["alert_records"])
    assert live_alerts and live_alerts == sorted((a["category"], a["t"]) for a in embedded["alerts"])
