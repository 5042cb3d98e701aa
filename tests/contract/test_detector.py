"""The Detector protocol's promises, checked on every backend (spotter.detect.base.Detector.detect).

pretrained runs the real shipped network (ssd-oidv4 ; `spotter models fetch`, which `make setup` and CI run), builtin
the classical rules, onnx a tiny YOLO-shaped ONNX graph built here, external a detections file.
Each is fed a drawn site scene, a real-looking noise image, an odd-sized one and a bad input.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from spotter.detect import Detector, DetectorError, make_detector_from_config
from spotter.detect.bench import drawn_scene
from spotter.detect.settings import (
    BuiltinDetectorConfig,
    ExternalDetectorConfig,
    OnnxDetectorConfig,
    PretrainedDetectorConfig,
)

BACKENDS = ["pretrained", "builtin", "onnx", "external"]


@pytest.fixture(params=BACKENDS)
def detector(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Detector]:
    name = request.param
    if name == "pretrained":  # the shipped network, ssd-oidv4, at a low threshold (more boxes to check)
        det = make_detector_from_config("pretrained", PretrainedDetectorConfig(conf_threshold=0.2))
    elif name == "builtin":
        det = make_detector_from_config("builtin", BuiltinDetectorConfig())
    elif name == "onnx":
        from tests.unit.test_detect_onnx import SIZE, build_model, v8_head

        det = make_detector_from_config(
            "onnx",
            OnnxDetectorConfig(path=build_model(tmp_path / "m.onnx", v8_head()), labels=["worker", "ladder"],
                               input_size=SIZE),
        )  # fmt: skip
    else:
        lines = [{"t": t, "detections": [{"label": "worker", "bbox": [-5, 10, 900, 300], "score": 0.9}]}
                 for t in (0.0, 1.0)]
        path = tmp_path / "d.jsonl"
        path.write_text("".join(json.dumps(line) + "\n" for line in lines))
        det = make_detector_from_config("external", ExternalDetectorConfig(path=path))
    try:
        yield det
    finally:
        det.close()
        det.close()  # idempotent


def _images() -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    return [
        np.ascontiguousarray(drawn_scene()),
        rng.integers(0, 256, (360, 640, 3), dtype=np.uint8),
        rng.integers(0, 256, (257, 181, 3), dtype=np.uint8),
    ]


def test_detections_keep_the_protocol_promises(detector: Detector) -> None:
    assert isinstance(detector, Detector)
    assert detector.name in {"ssd", "centernet", "builtin", "onnx", "external"}
    for img in _images():
        before = img.copy()
        h, w = img.shape[:2]
        for d in detector.detect(img, 0.0):
            x1, y1, x2, y2 = d.bbox
            assert 0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h, (d, w, h)
            assert d.label == d.label.lower() and d.label.strip() == d.label
            assert 0.0 <= d.score <= 1.0
        assert np.array_equal(img, before)  # the call does not change the image


def test_the_drawn_scene_yields_site_things(detector: Detector) -> None:
    labels = {d.label for d in detector.detect(np.ascontiguousarray(drawn_scene()), 0.0)}
    assert labels, detector.name
    if detector.name in {"ssd", "builtin"}:
        # the site rules (its own, or run beside the SSD) see the drawn ladder, cone and brick wall
        assert {"ladder", "cone", "brick_wall"} <= labels, labels
    if detector.name == "builtin":
        assert "worker" in labels  # HOG sees the drawn silhouettes


@pytest.mark.parametrize("detector", ["pretrained", "builtin", "onnx"], indirect=True)  # external never reads pixels
def test_a_bad_image_is_a_detector_error(detector: Detector) -> None:
    with pytest.raises(DetectorError):
        detector.detect(np.zeros((10, 10), np.uint8), 0.0)
