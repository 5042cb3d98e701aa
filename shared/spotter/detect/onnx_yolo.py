"""Bring-your-own YOLO: an ONNX detection model run with OpenCV DNN.

Preprocessing is the Ultralytics letterbox: the frame is scaled to fit the
square `input_size` keeping its aspect, centred, padded with grey (114), RGB,
0..1. The raw head output is decoded by its shape:

- YOLOv5 / v7: (1, N, 5 + C) rows `cx, cy, w, h, objectness, class scores...`
  (score = objectness x class score);
- YOLOv8 / v11: (1, 4 + C, N) columns `cx, cy, w, h, class scores...`
  (no objectness; transposed).

With labels given, C = len(labels) decides which one fits; without labels the
layout whose box axis is the longer one wins (N, thousands of anchors, is far
larger than 5 + C). Box coordinates in 0..1 (some exports normalise) are
scaled to the input size. Then: confidence filter, class-wise NMS
(`cv2.dnn.NMSBoxes` per class), boxes mapped back through the letterbox and
clipped to the frame. Models with NMS built in (YOLOv10, `end2end` exports
with (1, K, 6) outputs) and segmentation/pose heads are refused with a clear
error rather than misread.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import cv2
import numpy as np
import numpy.typing as npt

from spotter.detect.base import DetectorError, ImageBGR
from spotter.detect.geometry import clip_box, nms
from spotter.detect.settings import OnnxDetectorConfig
from spotter.messages import Detection

Layout = Literal["v5", "v8"]
LETTERBOX_PAD = 114


def letterbox(image: ImageBGR, size: int) -> tuple[ImageBGR, float, float, float]:
    """(square image, scale, pad_x, pad_y): source (x, y) maps to (x * scale + pad_x, y * scale + pad_y)."""
    h, w = image.shape[:2]
    scale = min(size / w, size / h)
    nw, nh = max(1, round(w * scale)), max(1, round(h * scale))
    resized = cv2.resize(image, (nw, nh), interpolation=cv2.INTER_LINEAR) if (nw, nh) != (w, h) else image
    pad_x, pad_y = (size - nw) / 2.0, (size - nh) / 2.0
    left, top = round(pad_x - 0.1), round(pad_y - 0.1)
    out = cv2.copyMakeBorder(resized, top, size - nh - top, left, size - nw - left, cv2.BORDER_CONSTANT,
                             value=(LETTERBOX_PAD,) * 3)
    return np.asarray(out, dtype=np.uint8), scale, float(left), float(top)


def detect_layout(shape: tuple[int, ...], n_labels: int) -> Layout:
    """Which YOLO head layout a raw output of `shape` has; raises DetectorError when none fits."""
    if len(shape) == 3 and shape[0] == 1:
        rows, cols = shape[1], shape[2]
    elif len(shape) == 2:
        rows, cols = shape
    else:
        raise DetectorError(f"unsupported ONNX output shape {shape}: expected (1, N, 5+C) or (1, 4+C, N)")
    if n_labels:
        v5, v8 = cols == 5 + n_labels, rows == 4 + n_labels
        if v5 and not v8:
            return "v5"
        if v8 and not v5:
            return "v8"
        if not (v5 or v8):
            raise DetectorError(
                f"ONNX output shape {shape} fits neither YOLOv5 (1, N, 5+{n_labels}) nor YOLOv8 (1, 4+{n_labels}, N) "
                f"for the {n_labels} labels given: check SPOTTER_DETECT_ONNX_LABELS"
            )
    if min(rows, cols) < 5:
        raise DetectorError(f"ONNX output shape {shape} is too small for a YOLO detection head")
    return "v8" if cols > rows else "v5"


def decode(
    raw: npt.NDArray[np.float32], n_labels: int, conf_threshold: float, input_size: int
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.intp], Layout]:
    """(boxes x1y1x2y2 in input pixels, scores, class ids, layout) of the candidates above `conf_threshold`."""
    layout = detect_layout(tuple(raw.shape), n_labels)
    pred = raw.reshape(raw.shape[-2], raw.shape[-1]).astype(np.float32)
    if layout == "v8":
        pred = pred.T
        boxes, cls_scores = pred[:, :4], pred[:, 4:]
    else:
        boxes, cls_scores = pred[:, :4], pred[:, 5:] * pred[:, 4:5]
    if cls_scores.shape[1] == 0:
        raise DetectorError(f"ONNX output shape {tuple(raw.shape)} has no class scores")
    class_ids = np.argmax(cls_scores, axis=1)
    scores = cls_scores[np.arange(len(cls_scores)), class_ids]
    keep = scores >= conf_threshold
    boxes, scores, class_ids = boxes[keep], scores[keep], class_ids[keep]
    if boxes.size and float(np.max(boxes)) <= 1.5:
        boxes = boxes * float(input_size)  # normalised export
    xyxy = np.empty_like(boxes)
    xyxy[:, 0] = boxes[:, 0] - boxes[:, 2] / 2
    xyxy[:, 1] = boxes[:, 1] - boxes[:, 3] / 2
    xyxy[:, 2] = boxes[:, 0] + boxes[:, 2] / 2
    xyxy[:, 3] = boxes[:, 1] + boxes[:, 3] / 2
    return xyxy, np.clip(scores, 0.0, 1.0).astype(np.float32), class_ids.astype(np.intp), layout


class OnnxYoloDetector:
    """A YOLO .onnx detection model behind the `Detector` interface."""

    def __init__(self, config: OnnxDetectorConfig, net: Any) -> None:
        self.config = config
        self._net: Any = net
        self.layout: Layout | None = None

    @classmethod
    def from_config(cls, config: OnnxDetectorConfig) -> OnnxYoloDetector:
        """Load the model now; raises DetectorError for a missing or unreadable file."""
        return cls(config, load_net(config.path))

    @property
    def name(self) -> str:
        return "onnx"

    def close(self) -> None:
        self._net = None

    def label(self, class_id: int) -> str:
        labels = self.config.labels
        if not labels:
            return f"class_{class_id}"
        if class_id >= len(labels):
            raise DetectorError(f"model predicted class {class_id} but only {len(labels)} labels are given")
        return labels[class_id]

    def detect(self, image_bgr: ImageBGR, t: float) -> list[Detection]:
        if self._net is None:
            raise DetectorError("ONNX detector is closed")
        if image_bgr.ndim != 3 or image_bgr.shape[2] != 3:
            raise DetectorError(f"ONNX detector needs an H x W x 3 BGR image, got {image_bgr.shape}")
        h, w = image_bgr.shape[:2]
        size = self.config.input_size
        boxed, scale, pad_x, pad_y = letterbox(image_bgr, size)
        blob = cv2.dnn.blobFromImage(boxed, scalefactor=1.0 / 255.0, size=(size, size), swapRB=True, crop=False)
        try:
            self._net.setInput(blob)
            out = self._net.forward()
        except cv2.error as exc:
            raise DetectorError(
                f"ONNX model {self.config.path} failed on a {size}x{size} input (is input_size right?): {exc}"
            ) from exc
        raw = np.asarray(out[0] if isinstance(out, tuple | list) else out, dtype=np.float32)
        boxes, scores, class_ids, self.layout = decode(raw, len(self.config.labels), self.config.conf_threshold, size)
        detections: list[Detection] = []
        for cid in np.unique(class_ids):
            idx = np.flatnonzero(class_ids == cid)
            cls_boxes = [tuple(float(v) for v in boxes[i]) for i in idx]
            keep = nms(cls_boxes, [float(scores[i]) for i in idx], self.config.nms_threshold)  # type: ignore[arg-type]
            for k in keep:
                i = idx[k]
                x1, y1, x2, y2 = (float(v) for v in boxes[i])
                box = clip_box(((x1 - pad_x) / scale, (y1 - pad_y) / scale, (x2 - pad_x) / scale, (y2 - pad_y) / scale),
                               w, h)
                if box is not None:
                    detections.append(Detection(label=self.label(int(cid)), bbox=box, score=float(scores[i])))
        detections.sort(key=lambda d: -d.score)
        return detections


def load_net(path: Path) -> Any:
    """`cv2.dnn.readNetFromONNX` with clear errors for a missing, empty or corrupt file."""
    if not path.is_file():
        raise DetectorError(f"ONNX model not found: {path} (set SPOTTER_DETECT_ONNX_PATH to a .onnx file)")
    if path.stat().st_size == 0:
        raise DetectorError(f"ONNX model is empty: {path}")
    try:
        net = cv2.dnn.readNetFromONNX(str(path))
    except cv2.error as exc:
        first = str(exc).strip().splitlines()[-1] if str(exc).strip() else repr(exc)
        raise DetectorError(f"cannot load ONNX model {path}: not a valid ONNX model OpenCV can run ({first})") from exc
    if net is None or (hasattr(net, "empty") and net.empty()):
        raise DetectorError(f"cannot load ONNX model {path}: OpenCV returned an empty network")
    return net
