"""Frame-differencing motion cues for the "moving" / "active" states.

`motion_energy(prev, cur, bbox)` is the share of the box's pixels that
changed by more than `diff_threshold` grey levels between two frames. A
head-worn camera moves, so by default `prev` is first shifted onto `cur` by
the global translation that phase correlation finds (`global_shift`): what
remains is the box's own motion plus what a pure translation cannot explain
(rotation about the optical axis, parallax of near things, lighting
changes). Frames a second apart (keyframes) with a fast head turn share
little content; the energy is then high everywhere and means nothing, which
`global_shift`'s response (low) tells the caller.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np
import numpy.typing as npt

from spotter.detect.geometry import Box

Image = npt.NDArray[np.uint8]
_SHIFT_WIDTH = 320  # phase correlation works on a downscaled frame; subpixel accuracy is not needed


def to_gray(image: Image) -> Image:
    if image.ndim == 2:
        return image
    return np.asarray(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), dtype=np.uint8)


def global_shift(
    prev: Image, cur: Image, exclude: Sequence[Box] = ()
) -> tuple[float, float, float]:
    """(dx, dy, response): translation that maps `prev` onto `cur` in `cur`'s pixels, and its confidence 0..1.

    Boxes in `exclude` (things that may move on their own), widened by 10% + 2 px, are blanked in both
    frames first.
    """
    g0, g1 = to_gray(prev), to_gray(cur)
    if g0.shape != g1.shape:
        raise ValueError(f"frames differ in size: {g0.shape} vs {g1.shape}")
    h, w = g1.shape
    if exclude:
        g0, g1 = g0.copy(), g1.copy()
        for g in (g0, g1):
            fill = int(np.mean(g))
            for b in exclude:
                # Boxes are loose or tight by a few pixels: an edge left outside would dominate a flat scene.
                mx, my = 0.1 * (b[2] - b[0]) + 2, 0.1 * (b[3] - b[1]) + 2
                x1, y1 = max(0, int(b[0] - mx)), max(0, int(b[1] - my))
                x2, y2 = min(w, int(np.ceil(b[2] + mx))), min(h, int(np.ceil(b[3] + my)))
                if x2 > x1 and y2 > y1:
                    g[y1:y2, x1:x2] = fill
    scale = min(1.0, _SHIFT_WIDTH / w)
    if scale < 1.0:
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
        g0 = np.asarray(cv2.resize(g0, size, interpolation=cv2.INTER_AREA), dtype=np.uint8)
        g1 = np.asarray(cv2.resize(g1, size, interpolation=cv2.INTER_AREA), dtype=np.uint8)
    window = cv2.createHanningWindow((g1.shape[1], g1.shape[0]), cv2.CV_32F)
    (dx, dy), response = cv2.phaseCorrelate(g0.astype(np.float32), g1.astype(np.float32), window)
    return float(dx) / scale, float(dy) / scale, float(response)


def motion_energy(
    prev: Image,
    cur: Image,
    bbox: Box,
    *,
    diff_threshold: int = 25,
    align: bool = True,
    shift: tuple[float, float] | None = None,
) -> float:
    """Share (0..1) of `bbox`'s pixels in `cur` that changed since `prev` after ego-motion alignment.

    `shift` (dx, dy) reuses a `global_shift` already computed for this frame pair.
    """
    g0, g1 = to_gray(prev), to_gray(cur)
    h, w = g1.shape
    x1, y1 = max(0, int(np.floor(bbox[0]))), max(0, int(np.floor(bbox[1])))
    x2, y2 = min(w, int(np.ceil(bbox[2]))), min(h, int(np.ceil(bbox[3])))
    if x2 <= x1 or y2 <= y1:
        return 0.0
    dx, dy = 0.0, 0.0
    if shift is not None:
        dx, dy = shift
    elif align:
        dx, dy, _ = global_shift(g0, g1)
    if dx or dy:
        m = np.array([[1.0, 0.0, dx], [0.0, 1.0, dy]], dtype=np.float32)
        g0 = np.asarray(cv2.warpAffine(g0, m, (w, h), borderMode=cv2.BORDER_REPLICATE), dtype=np.uint8)
    diff = cv2.absdiff(g0[y1:y2, x1:x2], g1[y1:y2, x1:x2])
    diff = cv2.GaussianBlur(diff, (3, 3), 0)  # one-pixel alignment error on edges is not motion
    return float(np.count_nonzero(diff > diff_threshold)) / float(diff.size)
