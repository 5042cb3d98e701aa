"""The external JSON Lines backend: validation with line numbers, skipping bad lines, nearest-t lookup."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import numpy as np
import pytest

from spotter.detect import DetectorError, DetectorSettings, ExternalDetectorConfig, make_detector
from spotter.detect.external import ExternalDetections, ExternalDetector, dump_line, parse_lines
from spotter.messages import Detection

IMG = np.zeros((1080, 1920, 3), np.uint8)  # boxes are clipped to the image it is given


def worker(x: float, track: str | None = "7") -> Detection:
    return Detection(label="worker", bbox=(x, 10, x + 20, 60), score=0.9, track_id=track,
                     attributes={"hardhat": True, "vest": "orange"})


def write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "dets.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_contract_example_line_parses() -> None:
    line = ('{"t": 12.4, "detections": [{"label": "worker", "bbox": [1, 2, 30, 40], "score": 0.91, '
            '"track_id": "7", "attributes": {"hardhat": true, "vest": "orange"}}]}')
    (parsed,), errors = parse_lines([line])
    assert errors == []
    assert parsed.t == 12.4 and parsed.detections[0].attributes == {"hardhat": True, "vest": "orange"}


def test_bad_lines_are_skipped_counted_and_named(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = write(tmp_path, [
        dump_line(0.0, [worker(10)]),
        "{not json",
        dump_line(1.0, [worker(12)]),
        '{"t": 2.0, "detections": [{"label": "Worker", "bbox": [0, 0, 1, 1]}]}',  # upper case label
        '{"t": -1, "detections": []}',
        "",
        '{"t": 3.0}',
        dump_line(4.0, [worker(16)], frame_index=120, extra_field="ignored"),
    ])
    with caplog.at_level(logging.WARNING, logger="spotter.detect.external"):
        data = ExternalDetections.read(path)
    assert data.times == [0.0, 1.0, 4.0]
    assert [e.line for e in data.errors] == [2, 4, 5, 7]
    assert "detections.0.label" in data.errors[1].reason
    assert "t" in data.errors[2].reason and "detections" in data.errors[3].reason
    assert "line 2" in caplog.text and "4 of 7 lines skipped" in caplog.text


def test_nearest_time_within_half_the_median_spacing(tmp_path: Path) -> None:
    path = write(tmp_path, [dump_line(t, [worker(t * 10)]) for t in (0.0, 1.0, 2.0, 3.0, 10.0)])
    det = ExternalDetector.from_config(ExternalDetectorConfig(path=path))
    assert det.tolerance_s == pytest.approx(0.5)
    assert det.detect(IMG, 1.2)[0].bbox[0] == 10.0
    assert det.detect(IMG, 1.6)[0].bbox[0] == 20.0
    assert det.detect(IMG, 6.0) == []  # in a gap of the file
    assert det.detect(IMG, 10.4)[0].bbox[0] == 100.0
    assert det.detect(IMG, 11.0) == []
    explicit = ExternalDetector.from_config(ExternalDetectorConfig(path=path, tolerance_s=5.0))
    assert explicit.detect(IMG, 6.0)[0].bbox[0] == 30.0


def test_lines_with_the_same_time_merge(tmp_path: Path) -> None:
    path = write(tmp_path, [dump_line(1.0, [worker(10, "1")]), dump_line(1.0, [worker(50, "2")])])
    det = ExternalDetector.from_config(ExternalDetectorConfig(path=path))
    assert [d.track_id for d in det.detect(IMG, 1.0)] == ["1", "2"]


def test_missing_file_and_all_bad_file_are_errors(tmp_path: Path) -> None:
    with pytest.raises(DetectorError, match="not found"):
        ExternalDetections.read(tmp_path / "missing.jsonl")
    bad = write(tmp_path, ["nope", "{}"])
    with pytest.raises(DetectorError, match="no valid line"):
        ExternalDetections.read(bad)


def test_make_detector_external(tmp_path: Path) -> None:
    path = write(tmp_path, [dump_line(0.5, [worker(1)]), "junk"])
    det = make_detector(DetectorSettings(backend="external", external_path=path, external_tolerance_s=0.1))
    assert det.name == "external"
    assert isinstance(det, ExternalDetector) and det.skipped_lines == 1
    assert det.detect(IMG, 0.55)[0].track_id == "7"
    assert det.detect(IMG, 0.7) == []


def test_indexed_detections_read_lines_on_demand(tmp_path: Path) -> None:
    from spotter.detect.external import IndexedDetections

    path = tmp_path / "d.jsonl"
    w = {"label": "worker", "bbox": [1, 2, 30, 40], "score": 0.9}
    path.write_text(
        json.dumps({"t": 0.2, "detections": [w]}) + "\n" + "not json\n"
        + json.dumps({"t": 0.0, "detections": []}) + "\n"
        + json.dumps({"t": 0.2, "detections": [{**w, "label": "drill"}]}) + "\n"
        + json.dumps({"t": 0.4, "detections": [{**w, "bbox": "bad"}]}) + "\n"
    )  # fmt: skip
    d = IndexedDetections(path)
    assert d.times == [0.0, 0.2, 0.4] and [e.line for e in d.errors] == [2]
    got = d.at(0.21, 0.05)
    assert got is not None and sorted(x.label for x in got) == ["drill", "worker"]  # same t: merged
    assert d.at(0.3, 0.05) is None
    assert d.at(0.4, 0.01) == []  # an invalid line is skipped when read, not fatal


def test_boxes_are_clipped_to_the_frame_and_those_outside_it_dropped(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    boxes = [[-20, 10, 50, 400], [-1e6, -1e6, -5, -5], [700, 10, 800, 50], [30, 40, 10, 60]]
    path.write_text(json.dumps({"t": 1.0, "detections": [
        {"label": "worker", "bbox": b, "score": 0.9, "attributes": {"hardhat": False}} for b in boxes
    ]}) + "\n")  # fmt: skip
    det = ExternalDetector.from_config(ExternalDetectorConfig(path=path))
    found = det.detect(np.zeros((360, 640, 3), np.uint8), 1.0)
    assert [d.bbox for d in found] == [(0.0, 10.0, 50.0, 360.0)]
    assert det.dropped_boxes == 3  # far outside, right of the frame, inverted
