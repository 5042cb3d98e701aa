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
