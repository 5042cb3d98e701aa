"""The default detector: a pretrained network for people and common things, site rules for the rest.

Two networks, one post-processing (`PretrainedDetector`):

- `ssd-oidv4` (the default): SSD MobileNetV2 trained on Open Images v4 (24 classes), the one Google
  ships in the npm package `@mediapipe/objectron` (Apache-2.0; `spotter.detect.models` fetches and
  checks it). It runs in LiteRT (`ai-edge-litert`, Google's TensorFlow Lite runtime): OpenCV 5's
  TFLite importer mis-lays this model's box output. Input: the frame resized to 300x300, RGB,
  [-1, 1]. Decoding is the TF Object Detection API's: SSD anchors over 6 feature maps (19, 10, 5,
  3, 2, 1; scales 0.2..0.95, aspect ratios 1, 2, 1/2, 3, 1/3 and one interpolated square, three
  boxes in the lowest layer), box codes (ty, tx, th, tw) scaled by 10, 10, 5, 5, sigmoid scores.
  Weak on small people (the 300x300 input): see docs/DETECTION.md for its measured recall.
- `centernet-coco`: CenterNet with a MobileNetV3 backbone trained on COCO (80 classes), from the
  npm package `@vladmandic/human` 3.3.6 (MIT), converted to ONNX by `tools/convert_centernet.py`
  and run with OpenCV DNN. Input 512x512 RGB 0..255; output the top 100 (x1, y1, x2, y2, score,
  class). Better on people, but its upstream weights carry no licence of their own, so Spotter
  does not ship it: a user who accepts that converts it once and points `SPOTTER_DETECT_MODEL_PATH`
  at the file.

Then, for either: class-wise NMS; `person` becomes `worker` (the contract's label for people on
site) with the hard-hat and vest attributes read from the colours of its head and torso regions
(the built-in detector's rules, `spotter.detect.builtin.dress`); parts of a person (footwear,
boots) are dropped; other classes keep their name in lower case with underscores (`box`,
`vehicle`, `truck`, `chair`, ...). The construction things neither network knows (cones,
toolboxes, ladders, brick walls) come from the built-in detector's colour and line rules
(`with_site_rules`, on by default, at their own thresholds) with its HOG people detector off; so
do workers seen only by a hi-vis vest that no network box explains (`vest_workers`): on a site a
vest is strong evidence of a person, and networks trained on everyday photos miss many workers in
hi-vis and nearly all rendered ones. Drills, hammers, excavations and suspended loads are seen by
none of these: they need a vision-language captioner or external detections
(`SPOTTER_DETECT_BACKEND=external`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np
import numpy.typing as npt

from spotter.detect.base import DetectorError, ImageBGR
from spotter.detect.geometry import Box, clip_box, nms
from spotter.detect.models import OPEN_IMAGES_SSD, model_path
from spotter.detect.settings import BuiltinDetectorConfig, PretrainedDetectorConfig
from spotter.messages import AttributeValue, Detection

PERSON_PARTS = frozenset({"footwear", "boot", "high_heels"})
LABEL_OF = {"person": "worker"}

SSD_INPUT = 300
FEATURE_MAPS = (19, 10, 5, 3, 2, 1)
MIN_SCALE, MAX_SCALE = 0.2, 0.95
ASPECT_RATIOS = (1.0, 2.0, 0.5, 3.0, 1.0 / 3.0)
BOX_CODE_SCALES = np.array([10.0, 10.0, 5.0, 5.0], dtype=np.float32)  # ty, tx, th, tw

CENTERNET_INPUT = 512
COCO_LABELS = (
    "person", "bicycle", "car", "motorcycle", "airplane", "bus", "train", "truck", "boat", "traffic light",
    "fire hydrant", "stop sign", "parking meter", "bench", "bird", "cat", "dog", "horse", "sheep", "cow",
    "elephant", "bear", "zebra", "giraffe", "backpack", "umbrella", "handbag", "tie", "suitcase", "frisbee",
    "skis", "snowboard", "sports ball", "kite", "baseball bat", "baseball glove", "skateboard", "surfboard",
    "tennis racket", "bottle", "wine glass", "cup", "fork", "knife", "spoon", "bowl", "banana", "apple",
    "sandwich", "orange", "broccoli", "carrot", "hot dog", "pizza", "donut", "cake", "chair", "couch",
    "potted plant", "bed", "dining table", "toilet", "tv", "laptop", "mouse", "remote", "keyboard",
    "cell phone", "microwave", "oven", "toaster", "sink", "refrigerator", "book", "clock", "vase",
    "scissors", "teddy bear", "hair drier", "toothbrush",
)  # fmt: skip

RawDetection = tuple[Box, float, str]  # box in source pixels, score, the network's class name


class Network(Protocol):
    """One pretrained network: candidate boxes of one image, before NMS and labelling."""

    name: str

    def candidates(self, image_bgr: ImageBGR, min_score: float) -> list[RawDetection]: ...


def ssd_anchors() -> npt.NDArray[np.float32]:
    """(1917, 4) anchors as (y_center, x_center, height, width) in 0..1, in the model's output order."""
    n = len(FEATURE_MAPS)
    scales = [MIN_SCALE + (MAX_SCALE - MIN_SCALE) * i / (n - 1) for i in range(n)] + [1.0]
    out: list[tuple[float, float, float, float]] = []
    for layer, size in enumerate(FEATURE_MAPS):
        if layer == 0:
            specs = [(0.1, 1.0), (scales[0], 2.0), (scales[0], 0.5)]
        else:
            specs = [(scales[layer], ar) for ar in ASPECT_RATIOS]
            specs.append((math.sqrt(scales[layer] * scales[layer + 1]), 1.0))
        for y in range(size):
            for x in range(size):
                for scale, ratio in specs:
                    root = math.sqrt(ratio)
                    out.append(((y + 0.5) / size, (x + 0.5) / size, scale / root, scale * root))
    return np.asarray(out, dtype=np.float32)


def decode_boxes(codes: npt.NDArray[np.float32], anchors: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Box codes -> (x1, y1, x2, y2) in 0..1 image coordinates."""
    c = codes / BOX_CODE_SCALES
    yc = c[:, 0] * anchors[:, 2] + anchors[:, 0]
    xc = c[:, 1] * anchors[:, 3] + anchors[:, 1]
    h = np.exp(np.clip(c[:, 2], -10.0, 10.0)) * anchors[:, 2]
    w = np.exp(np.clip(c[:, 3], -10.0, 10.0)) * anchors[:, 3]
    return np.stack([xc - w / 2, yc - h / 2, xc + w / 2, yc + h / 2], axis=1).astype(np.float32)


class SsdOpenImages:
    """SSD MobileNetV2 (Open Images v4) in LiteRT."""

    name = "ssd"

    def __init__(self, path: Path, threads: int) -> None:
        try:
            from ai_edge_litert.interpreter import Interpreter
        except ImportError as exc:  # pragma: no cover - a dependency on the platforms with a wheel
            raise DetectorError(
                "the ssd-oidv4 model needs the LiteRT runtime: pip install ai-edge-litert "
                "(or SPOTTER_DETECT_BACKEND=builtin for the classical detector)"
            ) from exc
        try:
            self._interpreter = Interpreter(model_path=str(path), num_threads=threads)
            self._interpreter.allocate_tensors()
        except (ValueError, RuntimeError) as exc:
            raise DetectorError(f"cannot load {path}: {exc}") from exc
        inp = self._interpreter.get_input_details()[0]
        if tuple(inp["shape"]) != (1, SSD_INPUT, SSD_INPUT, 3):
            raise DetectorError(f"{path}: input shape {tuple(inp['shape'])}, expected (1, 300, 300, 3)")
        self._input = inp["index"]
        outputs = {o["name"]: o["index"] for o in self._interpreter.get_output_details()}
        try:
            self._boxes_out = outputs["raw_outputs/box_encodings"]
            self._scores_out = outputs["raw_outputs/class_predictions"]
        except KeyError as exc:
            raise DetectorError(f"{path} has no output {exc}: not the SSD this backend decodes") from exc
        self._anchors = ssd_anchors()
        self._labels = [name.lower() for name in OPEN_IMAGES_SSD.labels]

    def candidates(self, image_bgr: ImageBGR, min_score: float) -> list[RawDetection]:
        h, w = image_bgr.shape[:2]
        rgb = cv2.cvtColor(cv2.resize(image_bgr, (SSD_INPUT, SSD_INPUT), interpolation=cv2.INTER_AREA),
                           cv2.COLOR_BGR2RGB)
        self._interpreter.set_tensor(self._input, (rgb.astype(np.float32) / 127.5 - 1.0)[None])
        self._interpreter.invoke()
        codes = self._interpreter.get_tensor(self._boxes_out)[0]
        logits = self._interpreter.get_tensor(self._scores_out)[0][:, 1:]  # column 0: background
        probs = 1.0 / (1.0 + np.exp(-np.clip(logits, -30.0, 30.0)))
        anchor, cls = np.nonzero(probs >= min_score)
        if anchor.size == 0:
            return []
        boxes = decode_boxes(codes[anchor], self._anchors[anchor]) * np.array([w, h, w, h], np.float32)
        return [
            ((float(b[0]), float(b[1]), float(b[2]), float(b[3])), float(probs[a, c]), self._labels[c + 1])
            for b, a, c in zip(boxes, anchor, cls, strict=True)
        ]


class CenterNetCoco:
    """CenterNet MobileNetV3 (COCO) as ONNX in OpenCV DNN."""

    name = "centernet"

    def __init__(self, path: Path) -> None:
        try:
            self._net = cv2.dnn.readNetFromONNX(str(path))
        except cv2.error as exc:
            raise DetectorError(f"cannot load {path} as an ONNX model: {exc}") from exc

    def candidates(self, image_bgr: ImageBGR, min_score: float) -> list[RawDetection]:
        h, w = image_bgr.shape[:2]
        rgb = cv2.cvtColor(cv2.resize(image_bgr, (CENTERNET_INPUT, CENTERNET_INPUT)), cv2.COLOR_BGR2RGB)
        self._net.setInput(rgb.astype(np.float32)[None])
        rows = np.asarray(self._net.forward()).reshape(-1, 6)
        sx, sy = w / CENTERNET_INPUT, h / CENTERNET_INPUT
        out: list[RawDetection] = []
        for x1, y1, x2, y2, score, cls in rows:
            if not (score >= min_score and math.isfinite(cls)) or not 0 <= int(cls) < len(COCO_LABELS):
                continue
            out.append(((float(x1 * sx), float(y1 * sy), float(x2 * sx), float(y2 * sy)), float(score),
                        COCO_LABELS[int(cls)]))
        return out


def _label(raw: str) -> str:
    name = raw.strip().lower().replace(" ", "_")
    return LABEL_OF.get(name, name)


class PretrainedDetector:
    """A pretrained network's boxes, labelled and dressed, plus the built-in site rules."""

    def __init__(self, config: PretrainedDetectorConfig, network: Network, rules: Any | None) -> None:
        self.config = config
        self.network: Network | None = network
        self._rules = rules
        self._name = network.name

    @classmethod
    def from_config(cls, config: PretrainedDetectorConfig) -> PretrainedDetector:
        network: Network
        if config.model == "centernet-coco":
            if config.path is None:
                raise DetectorError(
                    "the centernet-coco model is not shipped (its upstream weights have no licence of their "
                    "own): convert it with tools/convert_centernet.py and set SPOTTER_DETECT_MODEL_PATH"
                )
            if not config.path.is_file():
                raise DetectorError(f"detector model not found: {config.path}")
            network = CenterNetCoco(config.path)
        else:
            path = config.path if config.path is not None else model_path()
            if not Path(path).is_file():
                raise DetectorError(f"detector model not found: {path}")
            network = SsdOpenImages(Path(path), config.threads or max(1, min(2, os.cpu_count() or 1)))
        rules = None
        if config.with_site_rules:
            from spotter.detect.builtin import BuiltinDetector

            rules = BuiltinDetector(BuiltinDetectorConfig(hog_width=0, vest_workers=config.vest_workers))
        return cls(config, network, rules)

    @property
    def name(self) -> str:
        return self._name

    def close(self) -> None:
        self.network = None

    def detect(self, image_bgr: ImageBGR, t: float) -> list[Detection]:
        if image_bgr.ndim != 3 or image_bgr.shape[2] != 3 or image_bgr.dtype != np.uint8:
            raise DetectorError(
                f"{self._name} detector needs an H x W x 3 uint8 BGR image, got {image_bgr.shape} {image_bgr.dtype}"
            )
        if self.network is None:
            raise DetectorError("the detector is closed")
        h, w = image_bgr.shape[:2]
        by_label: dict[str, list[tuple[Box, float]]] = {}
        for box, score, raw in self.network.candidates(image_bgr, self.config.min_score):
            label = _label(raw)
            if label not in PERSON_PARTS:
                by_label.setdefault(label, []).append((box, score))
        out: list[Detection] = []
        masks = None
        for label, found in sorted(by_label.items()):
            boxes: Sequence[Box] = [b for b, _ in found]
            for k in nms(boxes, [s for _, s in found], self.config.nms_threshold):
                clipped = clip_box(boxes[k], w, h)
                if clipped is None:
                    continue
                attributes: dict[str, AttributeValue] = {}
                if label == "worker":
                    from spotter.detect.builtin import dress, site_masks

                    masks = masks if masks is not None else site_masks(image_bgr)
                    dress(attributes, clipped, masks, h, w)
                out.append(Detection(label=label, bbox=clipped, score=round(found[k][1], 4), attributes=attributes))
        if self._rules is not None:
            out += self._rules.detect_around(image_bgr, [d.bbox for d in out if d.label == "worker"])
        return out
