"""The ONNX YOLO backend on tiny models built with the `onnx` helper API and loaded by OpenCV DNN for real."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

from spotter.detect import DetectorError, DetectorSettings, OnnxDetectorConfig, make_detector  # noqa: E402
from spotter.detect.onnx_yolo import OnnxYoloDetector, detect_layout, letterbox  # noqa: E402
from spotter.detect.settings import parse_labels  # noqa: E402
from spotter.errors import ConfigError  # noqa: E402

SIZE = 64


def build_model(path: Path, head: np.ndarray, size: int = SIZE) -> Path:
    """A model whose output is `head` (a YOLO raw output) plus 0 x mean(input), so the input is really used."""
    inp = helper.make_tensor_value_info("images", TensorProto.FLOAT, [1, 3, size, size])
    out = helper.make_tensor_value_info("output0", TensorProto.FLOAT, list(head.shape))
    nodes = [
        helper.make_node("ReduceMean", ["images"], ["m"], axes=[1, 2, 3], keepdims=0),
        helper.make_node("Mul", ["m", "zero"], ["z"]),
        helper.make_node("Add", ["z", "head"], ["output0"]),
    ]
    inits = [
        numpy_helper.from_array(np.zeros((1,), np.float32), "zero"),
        numpy_helper.from_array(head.astype(np.float32), "head"),
    ]
    model = helper.make_model(helper.make_graph(nodes, "tiny_yolo", [inp], [out], initializer=inits),
                              opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, str(path))
    return path


def v8_head() -> np.ndarray:
    """(1, 4 + 2, 8): columns cx, cy, w, h, score(worker), score(ladder) in 64x64 input pixels."""
    cols = [
        [32, 32, 20, 10, 0.90, 0.00],  # worker
        [33, 32, 20, 10, 0.80, 0.10],  # same worker again: NMS removes it
        [32, 33, 20, 10, 0.05, 0.70],  # a ladder on the same spot: another class, kept
        [10, 10, 4, 4, 0.10, 0.05],  # below the confidence threshold
        [50, 40, 8, 8, 0.00, 0.60],  # a second ladder
        *([[0, 0, 0, 0, 0.0, 0.0]] * 3),  # empty anchors: as in real heads, anchors outnumber 4 + classes
    ]
    return np.array(cols, np.float32).T[None]


def v5_head() -> np.ndarray:
    """(1, 4, 5 + 2): rows cx, cy, w, h, objectness, class scores."""
    rows = [
        [32, 32, 20, 10, 0.9, 1.0, 0.0],
        [33, 32, 20, 10, 0.9, 0.8, 0.0],  # suppressed by the first
        [20, 20, 10, 10, 0.5, 0.2, 0.8],  # ladder, score 0.4
        [50, 50, 10, 10, 0.2, 1.0, 0.0],  # 0.2: dropped
    ]
    return np.array(rows, np.float32)[None]


def detector(path: Path, **kw: object) -> OnnxYoloDetector:
    cfg = OnnxDetectorConfig(path=path, labels=["worker", "ladder"], input_size=SIZE, **kw)  # type: ignore[arg-type]
    return OnnxYoloDetector.from_config(cfg)


def test_yolov8_layout_decoding_nms_and_letterbox_mapping(tmp_path: Path) -> None:
    det = detector(build_model(tmp_path / "v8.onnx", v8_head()))
    # 128 x 64 source: scale 0.5 into 64 x 32, padded 16 px top and bottom.
    dets = det.detect(np.zeros((64, 128, 3), np.uint8), 0.0)
    assert det.layout == "v8"
    assert [(d.label, round(d.score, 2)) for d in dets] == [("worker", 0.9), ("ladder", 0.7), ("ladder", 0.6)]
    worker, ladder_a, ladder_b = dets
    assert worker.bbox == pytest.approx((44.0, 22.0, 84.0, 42.0))
    assert ladder_a.bbox == pytest.approx((44.0, 24.0, 84.0, 44.0))
    assert ladder_b.bbox == pytest.approx((92.0, 40.0, 108.0, 56.0))


def test_yolov5_layout_uses_objectness(tmp_path: Path) -> None:
    det = detector(build_model(tmp_path / "v5.onnx", v5_head()))
    dets = det.detect(np.zeros((SIZE, SIZE, 3), np.uint8), 0.0)
    assert det.layout == "v5"
    assert [(d.label, round(d.score, 2)) for d in dets] == [("worker", 0.9), ("ladder", 0.4)]
    assert dets[0].bbox == pytest.approx((22.0, 27.0, 42.0, 37.0))


def test_nms_threshold_and_confidence_threshold_apply(tmp_path: Path) -> None:
    path = build_model(tmp_path / "v8.onnx", v8_head())
    loose = detector(path, nms_threshold=0.99).detect(np.zeros((SIZE, SIZE, 3), np.uint8), 0.0)
    assert [d.label for d in loose].count("worker") == 2  # IoU ~0.9 < 0.99: both kept
    strict = detector(path, conf_threshold=0.75).detect(np.zeros((SIZE, SIZE, 3), np.uint8), 0.0)
    assert [d.label for d in strict] == ["worker"]


def test_boxes_are_clipped_to_the_frame(tmp_path: Path) -> None:
    head = np.array([[2, 2, 20, 20, 0.9, 0.0]], np.float32).T[None]
    (d,) = detector(build_model(tmp_path / "edge.onnx", head)).detect(np.zeros((SIZE, SIZE, 3), np.uint8), 0.0)
    assert d.bbox == pytest.approx((0.0, 0.0, 12.0, 12.0))


def test_normalised_coordinates_are_scaled(tmp_path: Path) -> None:
    head = np.array([[0.5, 0.5, 0.25, 0.25, 0.9, 0.0]], np.float32).T[None]
    (d,) = detector(build_model(tmp_path / "norm.onnx", head)).detect(np.zeros((SIZE, SIZE, 3), np.uint8), 0.0)
    assert d.bbox == pytest.approx((24.0, 24.0, 40.0, 40.0))


def test_labels_that_do_not_fit_the_head_are_a_clear_error(tmp_path: Path) -> None:
    path = build_model(tmp_path / "v8.onnx", v8_head())
    cfg = OnnxDetectorConfig(path=path, labels=["worker", "ladder", "cone", "drill", "saw"], input_size=SIZE)
    with pytest.raises(DetectorError, match="fits neither"):
        OnnxYoloDetector.from_config(cfg).detect(np.zeros((SIZE, SIZE, 3), np.uint8), 0.0)


def test_without_labels_classes_are_numbered(tmp_path: Path) -> None:
    cfg = OnnxDetectorConfig(path=build_model(tmp_path / "v8.onnx", v8_head()), input_size=SIZE)
    dets = OnnxYoloDetector.from_config(cfg).detect(np.zeros((SIZE, SIZE, 3), np.uint8), 0.0)
    assert {d.label for d in dets} == {"class_0", "class_1"}


def test_missing_empty_and_corrupt_model_files(tmp_path: Path) -> None:
    with pytest.raises(DetectorError, match="not found"):
        detector(tmp_path / "nope.onnx")
    (tmp_path / "empty.onnx").write_bytes(b"")
    with pytest.raises(DetectorError, match="empty"):
        detector(tmp_path / "empty.onnx")
    (tmp_path / "junk.onnx").write_bytes(b"\x08\x07garbage, not protobuf" * 50)
    with pytest.raises(DetectorError, match="cannot load ONNX model"):
        detector(tmp_path / "junk.onnx")


def test_make_detector_from_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = build_model(tmp_path / "v8.onnx", v8_head())
    labels = tmp_path / "labels.txt"
    labels.write_text("# classes\nWorker\nladder\n")
    monkeypatch.setenv("SPOTTER_DETECT_BACKEND", "onnx")
    monkeypatch.setenv("SPOTTER_DETECT_ONNX_PATH", str(path))
    monkeypatch.setenv("SPOTTER_DETECT_ONNX_LABELS", str(labels))
    monkeypatch.setenv("SPOTTER_DETECT_ONNX_INPUT_SIZE", str(SIZE))
    det = make_detector(DetectorSettings())
    assert det.name == "onnx"
    assert [d.label for d in det.detect(np.zeros((SIZE, SIZE, 3), np.uint8), 0.0)][0] == "worker"
    det.close()
    with pytest.raises(DetectorError, match="closed"):
        det.detect(np.zeros((SIZE, SIZE, 3), np.uint8), 0.0)


def test_label_parsing(tmp_path: Path) -> None:
    assert parse_labels("worker, Hard Hat ,brick-wall") == ["worker", "hard_hat", "brick_wall"]
    data = tmp_path / "data.yaml"
    data.write_text("names:\n  0: person\n  1: hard-hat\n")
    assert parse_labels(str(data)) == ["person", "hard_hat"]
    with pytest.raises(ConfigError, match="not found"):
        parse_labels(str(tmp_path / "missing.txt"))
    with pytest.raises(ConfigError):
        parse_labels("ok,???")


def test_layout_detection_by_shape() -> None:
    assert detect_layout((1, 84, 8400), 80) == "v8"
    assert detect_layout((1, 25200, 85), 80) == "v5"
    assert detect_layout((1, 84, 8400), 0) == "v8"
    assert detect_layout((1, 25200, 85), 0) == "v5"
    with pytest.raises(DetectorError):
        detect_layout((1, 2, 3, 4), 0)


def test_letterbox_geometry() -> None:
    out, scale, pad_x, pad_y = letterbox(np.zeros((360, 640, 3), np.uint8), 640)
    assert out.shape == (640, 640, 3) and scale == 1.0 and pad_x == 0 and pad_y == 140
    assert out[0, 0, 0] == 114 and out[320, 320, 0] == 0
