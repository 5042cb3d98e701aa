"""The ingest service SIGKILLed mid-file, twice, and restarted: what it publishes equals a clean run's."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from redis import Redis

from spotter import streams
from spotter.blobstore import LocalBlobStore
from spotter.ingest import IngestPipeline, IngestSettings
from spotter.messages import Camera
from spotter.video.sources import FileSource
from tests.integration.ingest_helpers import make_test_video, published

pytestmark = [pytest.mark.integration, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
CAM = "hardhat3"
SETTINGS = {"clip_seconds": 2.0, "keyframe_interval_s": 1.0, "flow_fps": 10.0}


def frames_published(redis: Redis) -> int:
    return int(redis.xlen(streams.frames_stream(CAM)))


@pytest.mark.timeout(120)
def test_ingest_killed_twice_mid_file_publishes_what_a_clean_run_does(
    redis: Redis, redis_url: str, tmp_path: Path
) -> None:
    video = make_test_video(tmp_path / "walk.mp4", 9.0)
    clean = IngestPipeline(redis, LocalBlobStore(tmp_path / "clean"), IngestSettings(**SETTINGS))
    clean.run_source(Camera(camera_id="clean", source=str(video)), FileSource(video))
    total = int(redis.xlen(streams.frames_stream("clean")))

    env = {
        **os.environ,
        "SPOTTER_REDIS_URL": redis_url,
        "SPOTTER_INGEST_SOURCE": str(video), "SPOTTER_INGEST_WATCH_REGISTRY": "false",
        "SPOTTER_INGEST_CAMERA_ID": CAM,
        "SPOTTER_INGEST_BLOB_DIR": str(tmp_path / "blobs"),
        "SPOTTER_INGEST_REALTIME_FILES": "true",
        "SPOTTER_INGEST_REALTIME_SPEED": "3",  # 9 s of video in 3 s: time to kill it twice
        **{f"SPOTTER_INGEST_{k.upper()}": str(v) for k, v in SETTINGS.items()},
    }

    def start() -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, "-m", "services.ingest", "--log-level", "WARNING"], cwd=REPO, env=env)

    kills = []
    for fraction in (0.25, 0.6):
        proc = start()
        try:
            deadline = time.monotonic() + 60
            while frames_published(redis) < fraction * total:
                assert proc.poll() is None, "ingest exited before it was killed"
                assert time.monotonic() < deadline, "ingest made no progress"
                time.sleep(0.01)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
            kills.append(frames_published(redis))
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert 0 < kills[0] < kills[1] < total  # both kills landed mid-file
    proc = start()
    assert proc.wait(60) == 0  # the file finished: the service ends by itself
    assert published(redis, CAM) == published(redis, "clean")
    # A fourth start (a restart after the end) reads nothing again.
    proc = start()
    assert proc.wait(60) == 0
    assert published(redis, CAM) == published(redis, "clean")
