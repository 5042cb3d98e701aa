"""External detections onto the bus: a JSONL file becomes DetectionFrame messages on streams.DETECTIONS."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest
from redis import Redis

from spotter import streams
from spotter.detect.external import ExternalDetectionsPublisher, dump_line
from spotter.messages import Detection, DetectionFrame, decode

pytestmark = pytest.mark.integration


def test_publish_file_puts_one_frame_per_valid_line(redis: Redis, tmp_path: Path) -> None:
    worker = Detection(label="worker", bbox=(1, 2, 30, 40), score=0.9, track_id="7", attributes={"hardhat": True})
    path = tmp_path / "dets.jsonl"
    path.write_text("\n".join([
        dump_line(0.5, [worker]),
        "{broken",
        dump_line(1.5, [], width=1280, height=720, frame_index=45),
        dump_line(2.5, [worker, worker.model_copy(update={"track_id": "8"})]),
    ]) + "\n")
    report = ExternalDetectionsPublisher(redis, "cam-1", width=640, height=360, batch=2).publish_file(path)
    assert report.published == 3 and [e.line for e in report.skipped] == [2]
    entries = cast(list[Any], redis.xrange(streams.DETECTIONS))
    assert [e[0].decode() for e in entries] == report.message_ids
    frames = [decode(fields)[0] for _, fields in entries]
    assert all(isinstance(f, DetectionFrame) for f in frames)
    f0, f1, f2 = cast(list[DetectionFrame], frames)
    assert (f0.camera_id, f0.t, f0.width, f0.height, f0.source) == ("cam-1", 0.5, 640, 360, "external")
    assert f0.detections == [worker]
    assert (f1.width, f1.height, f1.frame_index, f1.detections) == (1280, 720, 45, [])
    assert [d.track_id for d in f2.detections] == ["7", "8"]


def test_spotter_detections_publish_puts_a_file_on_the_bus(redis: Redis, redis_url: str, tmp_path: Path) -> None:
    """The distributed mode's command line: `spotter detections publish FILE --camera CAM`."""
    import os
    import subprocess
    import sys

    worker = Detection(label="worker", bbox=(1, 2, 30, 40), score=0.9, track_id="7", attributes={"vest": "orange"})
    path = tmp_path / "dets.jsonl"
    path.write_text("\n".join([dump_line(0.5, [worker]), "{broken", dump_line(1.0, [])]) + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SPOTTER_REDIS_URL")}

    def run(*args: str, url: str | None = redis_url) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "spotter.cli", "detections", "publish", *args],
                              env={**env, **({"REDIS_URL": url} if url else {})}, capture_output=True, text=True,
                              timeout=60)  # fmt: skip

    ok = run(str(path), "--camera", "cam-9", "--width", "800", "--height", "450")
    assert ok.returncode == 0, ok.stderr
    assert "published 2 frames of cam-9 (1 lines skipped)" in ok.stdout and "skipped line 2" in ok.stderr
    frames = [decode(fields)[0] for _, fields in cast(list[Any], redis.xrange(streams.DETECTIONS))]
    assert [(f.camera_id, f.t, f.width, f.height) for f in frames] == [("cam-9", 0.5, 800, 450), ("cam-9", 1.0, 800, 450)]  # type: ignore[union-attr]
    missing = run(str(tmp_path / "nope.jsonl"), "--camera", "cam-9")
    assert missing.returncode == 2 and "not found" in missing.stderr
    no_bus = run(str(path), "--camera", "cam-9", url=None)
    assert no_bus.returncode == 2 and "REDIS_URL" in no_bus.stderr
