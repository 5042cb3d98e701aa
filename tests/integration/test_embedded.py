"""The embedded replay: ingest and the flow tracker in one process, on a real redis-server."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import numpy as np
import pytest
from pydantic import SecretStr

from spotter.embedded import EmbeddedBus, ReplayOptions, peak_rss_bytes, replay
from spotter.errors import ConfigError
from spotter.flow_tracker import FlowTrackerSettings, FlowTrackerWorker
from spotter.heading.track import heading_at
from spotter.settings import BusSettings
from spotter.synth import GeneratedVideo, generate, load_truth

pytestmark = pytest.mark.integration

CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", Path(__file__).resolve().parents[2] / ".cache")) / "synth"


@pytest.fixture(scope="module")
def video() -> GeneratedVideo:
    return generate("site_walk", 20.0, 15, 320, 180, 90.0, seed=2, out_dir=CACHE, pano_width=2048)


def test_replay_on_an_external_redis(redis_url: str, video: GeneratedVideo, tmp_path: Path) -> None:
    with EmbeddedBus(BusSettings(redis_url=SecretStr(redis_url))) as bus:
        bus.redis.flushall()
        assert not bus.private and bus.server_pid() is None
        r = replay(
            bus,
            ReplayOptions(
                video=video.video_path, camera_id="e1", fast=True, progress=False, blob_dir=tmp_path / "blobs"
            ),
        )
    assert r.ingest_ended == "end" and r.drained and not r.stopped
    assert r.frames == r.flow_frames == r.poses == video.n_frames
    assert r.frame_indices == list(range(video.n_frames))
    assert r.clips == 2 and len(r.motion) == 2 and r.keyframes == 20
    ts = [t for t, _ in r.heading]
    assert ts == sorted(ts)
    truth = load_truth(video.truth_path)["yaw_deg"]
    err = np.abs(np.array([y for _, y in r.heading]) - (truth - truth[0]))
    assert err.max() < 2.0
    assert r.final_yaw_deg == r.heading[-1][1]
    assert r.media_s == pytest.approx(20.0) and r.fps > 0 and r.x_realtime > 0
    assert len(list((tmp_path / "blobs").rglob("*.jpg"))) == 20


def test_replay_with_a_private_server_stops_cleanly(video: GeneratedVideo, tmp_path: Path) -> None:
    stop = threading.Event()
    bus = EmbeddedBus(BusSettings(redis_url=None))
    with bus:
        assert bus.private
        pid = bus.server_pid()
        assert pid is not None

        # Paced like a live camera: stop about a second after the first keyframe, as Ctrl-C would.
        def stop_soon() -> None:
            while not list((tmp_path / "blobs").rglob("*.jpg")) and not stop.wait(0.05):
                pass
            stop.wait(1.0)
            stop.set()

        timer = threading.Thread(target=stop_soon, daemon=True)
        timer.start()
        r = replay(
            bus,
            ReplayOptions(
                video=video.video_path,
                camera_id="e2",
                fast=False,
                progress=False,
                blob_dir=tmp_path / "blobs",
            ),
            stop=stop,
        )
        timer.join(5)
    assert not bus.private  # the child server is gone
    assert r.stopped and r.ingest_ended == "stopped" and r.drained
    assert 0 < r.frames < video.n_frames
    assert r.poses == r.flow_frames  # every published frame was tracked before the stop
    assert r.x_realtime < 1.5  # paced, not as fast as possible
    assert r.redis_peak_rss_bytes > 0 and peak_rss_bytes() > 0


def test_replay_rejects_missing_inputs(redis_url: str, tmp_path: Path, video: GeneratedVideo) -> None:
    with EmbeddedBus(BusSettings(redis_url=SecretStr(redis_url))) as bus:
        with pytest.raises(ConfigError, match="video not found"):
            replay(bus, ReplayOptions(video=tmp_path / "nope.mp4", progress=False))
        with pytest.raises(ConfigError, match="detections file not found"):
            replay(
                bus, ReplayOptions(video=video.video_path, detections=tmp_path / "d.jsonl", progress=False)
            )
        with pytest.raises(ConfigError, match="camera id"):
            replay(bus, ReplayOptions(video=video.video_path, camera_id="bad id", progress=False))


def test_replay_refuses_a_camera_another_tracker_owns(
    redis_url: str, video: GeneratedVideo, tmp_path: Path
) -> None:
    with EmbeddedBus(BusSettings(redis_url=SecretStr(redis_url))) as bus:
        bus.redis.flushall()
        other = FlowTrackerWorker(bus.redis, FlowTrackerSettings(), "elsewhere")
        assert other.acquire("owned")
        with pytest.raises(ConfigError, match="another flow-tracker"):
            replay(bus, ReplayOptions(video=video.video_path, camera_id="owned", progress=False))
        other.release_all()


def test_heading_at_reads_the_track(redis_url: str, video: GeneratedVideo, tmp_path: Path) -> None:
    with EmbeddedBus(BusSettings(redis_url=SecretStr(redis_url))) as bus:
        bus.redis.flushall()
        r = replay(
            bus,
            ReplayOptions(
                video=video.video_path, camera_id="h1", fast=True, progress=False, blob_dir=tmp_path / "blobs"
            ),
        )
        assert heading_at(bus.redis, "h1", -1.0) is None
        t, yaw = r.heading[150]
        sample = heading_at(bus.redis, "h1", t + 0.01)  # between two frames: the earlier one
        assert sample is not None
        assert sample[0] == pytest.approx(t, abs=1e-4) and sample[1] == pytest.approx(yaw, abs=1e-3)
        last = heading_at(bus.redis, "h1", 1e9)
        assert last is not None and last[1] == pytest.approx(r.heading[-1][1], abs=1e-3)
