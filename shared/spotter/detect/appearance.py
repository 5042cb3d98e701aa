"""A compact appearance descriptor for matching the same thing across clips.

A 12 hue x 4 saturation histogram (48 floats) of the box's pixels that are
neither near black nor near white (V > 40 and, for the hue part, S > 30),
plus 8 value bins of all pixels, square-rooted (Hellinger) and L2
normalised, so the cosine similarity of two descriptors is their dot
product. Colour histograms ignore shape and layout: two workers in the same
orange vest look alike. Good enough to keep apart a red toolbox and a blue
one, or to confirm a candidate that position and label already suggest.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np
import numpy.typing as npt

from spotter.detect.geometry import Box

H_BINS, S_BINS, V_BINS = 12, 4, 8
LENGTH = H_BINS * S_BINS + V_BINS


def appearance_descriptor(image_bgr: npt.NDArray[np.uint8], bbox: Box) -> list[float]:
    """Descriptor of `bbox` in `image_bgr` (`LENGTH` floats, unit L2 norm; zeros for an empty box)."""
    h, w = image_bgr.shape[:2]
    x1, y1 = max(0, int(bbox[0])), max(0, int(bbox[1]))
    x2, y2 = min(w, int(np.ceil(bbox[2]))), min(h, int(np.ceil(bbox[3])))
    if x2 <= x1 or y2 <= y1:
        return [0.0] * LENGTH
    hsv = cv2.cvtColor(image_bgr[y1:y2, x1:x2], cv2.COLOR_BGR2HSV)
    chroma = ((hsv[:, :, 1] > 30) & (hsv[:, :, 2] > 40)).astype(np.uint8)
    hs = cv2.calcHist([hsv], [0, 1], chroma, [H_BINS, S_BINS], [0, 180, 0, 256]).ravel()
    v = cv2.calcHist([hsv], [2], None, [V_BINS], [0, 256]).ravel()
    n = float(hsv.shape[0] * hsv.shape[1])
    vec = np.sqrt(np.concatenate([hs, v]) / n)
    norm = float(np.linalg.norm(vec))
    return [float(x) for x in (vec / norm if norm > 0 else vec)]


def mean_descriptor(descriptors: Sequence[Sequence[float]]) -> list[float]:
    """Average of several descriptors, re-normalised."""
    if not descriptors:
        return []
    vec = np.mean(np.asarray(descriptors, dtype=np.float64), axis=0)
    norm = float(np.linalg.norm(vec))
    return [float(x) for x in (vec / norm if norm > 0 else vec)]


def similarity(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity (0..1 for these non-negative descriptors); 0 when either is empty."""
    if not a or not b or len(a) != len(b):
        return 0.0
    return float(np.dot(np.asarray(a), np.asarray(b)))
