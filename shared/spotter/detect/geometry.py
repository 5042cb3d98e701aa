"""Box helpers shared by the detectors and the tracker (boxes are x1, y1, x2, y2 floats)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

Box = tuple[float, float, float, float]


def iou(a: Box, b: Box) -> float:
    """Intersection over union of two boxes (0 for degenerate ones)."""
    ix = min(a[2], b[2]) - max(a[0], b[0])
    iy = min(a[3], b[3]) - max(a[1], b[1])
    if ix <= 0 or iy <= 0:
        return 0.0
    inter = ix * iy
    union = area(a) + area(b) - inter
    return inter / union if union > 0 else 0.0


def area(b: Box) -> float:
    return max(0.0, b[2] - b[0]) * max(0.0, b[3] - b[1])


def intersection_over(a: Box, b: Box) -> float:
    """Share of `a`'s area that lies inside `b`."""
    ix = min(a[2], b[2]) - max(a[0], b[0])
    iy = min(a[3], b[3]) - max(a[1], b[1])
    if ix <= 0 or iy <= 0 or area(a) <= 0:
        return 0.0
    return ix * iy / area(a)


def centre(b: Box) -> tuple[float, float]:
    return (b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0


def size(b: Box) -> float:
    """A box's linear size: the geometric mean of its sides."""
    return float(np.sqrt(max(1e-9, (b[2] - b[0]) * (b[3] - b[1]))))


def clip_box(b: Box, width: int, height: int) -> Box | None:
    """`b` clipped to the image, or None when less than a pixel is left (or a coordinate is NaN or infinite)."""
    if not all(math.isfinite(v) for v in b):
        return None
    x1, y1 = min(max(b[0], 0.0), float(width)), min(max(b[1], 0.0), float(height))
    x2, y2 = min(max(b[2], 0.0), float(width)), min(max(b[3], 0.0), float(height))
    if x2 - x1 < 1.0 or y2 - y1 < 1.0:
        return None
    return x1, y1, x2, y2


def nms(boxes: Sequence[Box], scores: Sequence[float], iou_threshold: float, score_threshold: float = 0.0) -> list[int]:
    """Indices kept by OpenCV's greedy NMS, best score first."""
    if not boxes:
        return []
    xywh = [(b[0], b[1], b[2] - b[0], b[3] - b[1]) for b in boxes]
    keep = cv2.dnn.NMSBoxes(xywh, [float(s) for s in scores], float(score_threshold), float(iou_threshold))
    return [int(i) for i in np.asarray(keep).reshape(-1)]
