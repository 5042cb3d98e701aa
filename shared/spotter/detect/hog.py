"""Dalal-Triggs HOG + linear SVM people detection in numpy, compatible with OpenCV's.

OpenCV 5.0 no longer ships `cv2.HOGDescriptor` in its main modules, so this
module computes the same features as OpenCV 4's default HOGDescriptor
(64x128 window, 16x16 blocks of 2x2 8x8 cells, block stride 8, 9 unsigned
bins, square-root gamma, per-pixel channel of largest gradient, Gaussian
block window sigma 4, bilinear spatial and orientation voting, L2-Hys block
normalisation) and scores them with OpenCV's default people SVM
(`_hog_people.py`). Window SVM scores agree with OpenCV 4.14's to about
1e-4 (checked by a unit test against stored reference values).

It is vectorised per image rather than per window: pixels vote into 8x8
tiles once per pyramid level (one matrix product per tile role), blocks are
sums of four tiles, and window scores are 105 shifted dot products over the
block grid. Grouping differs from OpenCV's `groupRectangles` (not in
OpenCV 5 either): raw hits go through score-ordered NMS and a kept box needs
`min_support` overlapping raw hits.
"""

from __future__ import annotations

import base64
import zlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from spotter.detect import _hog_people

WIN_W, WIN_H = 64, 128
CELL = 8
NBINS = 9
BLOCKS_X = (WIN_W - 2 * CELL) // CELL + 1  # 7
BLOCKS_Y = (WIN_H - 2 * CELL) // CELL + 1  # 15
BLOCK_LEN = 4 * NBINS  # 36
L2HYS_THRESHOLD = 0.2

F32 = npt.NDArray[np.float32]


@lru_cache(maxsize=1)
def people_svm() -> tuple[F32, float]:
    """The default people SVM as (weights shaped (7, 15, 36) in OpenCV's block order, bias)."""
    raw = zlib.decompress(base64.b64decode("".join(_hog_people.DATA)))
    w = np.frombuffer(raw, dtype="<f4").astype(np.float32)
    if w.size != _hog_people.N_WEIGHTS:
        raise ValueError(f"HOG people weights: expected {_hog_people.N_WEIGHTS} values, got {w.size}")
    return w[:-1].reshape(BLOCKS_X, BLOCKS_Y, BLOCK_LEN), float(w[-1])


@lru_cache(maxsize=1)
def _axis_weights() -> F32:
    """Separable vote weights along one axis: (role r, cell c, pixel p) -> Gaussian x bilinear.

    OpenCV's block weight exp(-(di^2 + dj^2) / (2 sigma^2)) x bilinear cell weights factorises into
    one such table per axis, so tiles vote with two small contractions instead of one 64-wide one.
    """
    sigma = (2 * CELL + 2 * CELL) / 8.0
    idx = np.arange(2 * CELL, dtype=np.float64)
    gauss = np.exp(-((idx - CELL) ** 2) / (2 * sigma * sigma))  # OpenCV centres it at blockSize/2
    pos = (idx + 0.5) / CELL - 0.5
    lin = np.stack([np.maximum(0.0, 1.0 - np.abs(pos - c)) for c in (0, 1)])  # (cell, pixel of block)
    full = gauss[None, :] * lin  # (cell, pixel of block)
    out = np.empty((2, 2, CELL), dtype=np.float32)
    for r in (0, 1):
        out[r] = full[:, r * CELL:(r + 1) * CELL]
    return out.reshape(4, CELL)


_SQRT_LUT = np.sqrt(np.arange(256, dtype=np.float32)).astype(np.float32)


def _gradients(image: npt.NDArray[np.uint8]) -> tuple[F32, npt.NDArray[np.intp], F32]:
    """Per-pixel (magnitude, lower bin, fraction to the upper bin) as OpenCV's computeGradient."""
    img = _SQRT_LUT[image]  # gamma correction, as OpenCV's
    chans = [img] if img.ndim == 2 else cv2.split(img)
    best_dx = best_dy = best_m2 = None
    for ch in chans:
        # [-1, 0, 1] differences with BORDER_REFLECT_101, as OpenCV's HOG.
        dx = cv2.Sobel(ch, cv2.CV_32F, 1, 0, ksize=1)
        dy = cv2.Sobel(ch, cv2.CV_32F, 0, 1, ksize=1)
        m2 = dx * dx + dy * dy
        if best_m2 is None or best_dx is None or best_dy is None:
            best_dx, best_dy, best_m2 = dx, dy, m2
        else:
            take = m2 > best_m2  # ties keep the earlier channel, as OpenCV
            best_dx = np.where(take, dx, best_dx)
            best_dy = np.where(take, dy, best_dy)
            best_m2 = np.where(take, m2, best_m2)
    assert best_dx is not None and best_dy is not None
    mag, angle = cv2.cartToPolar(best_dx, best_dy, angleInDegrees=False)
    a = angle * np.float32(NBINS / np.pi) - np.float32(0.5)
    lo = np.floor(a)
    frac = (a - lo).astype(np.float32)
    return mag.astype(np.float32), np.mod(lo.astype(np.intp), NBINS), frac


def block_grid(image: npt.NDArray[np.uint8]) -> F32:
    """Normalised block descriptors on the 8-pixel grid: shape (blocks_y, blocks_x, 36)."""
    h, w = image.shape[:2]
    th, tw = h // CELL, w // CELL
    if th < 2 or tw < 2:
        return np.zeros((0, 0, BLOCK_LEN), dtype=np.float32)
    # Gradients need the pixel beyond the last full tile where there is one (OpenCV reads it too).
    mag, lo, frac = _gradients(image[: min(h, th * CELL + 1), : min(w, tw * CELL + 1)])
    mag, lo, frac = mag[: th * CELL, : tw * CELL], lo[: th * CELL, : tw * CELL], frac[: th * CELL, : tw * CELL]
    # Pixels ordered tile by tile (tile-major, then the 64 pixels of the tile) so that one GEMM votes.
    def by_tile(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return a.reshape(th, CELL, tw, CELL).transpose(1, 3, 0, 2).reshape(CELL * CELL, th * tw)
    lo_t, mag_t, frac_t = by_tile(lo), by_tile(mag), by_tile(frac)
    votes = np.zeros((CELL * CELL, th * tw, NBINS), dtype=np.float32)
    flat = votes.reshape(-1)
    base = np.arange(CELL * CELL * th * tw, dtype=np.intp).reshape(CELL * CELL, th * tw) * NBINS
    flat[(base + lo_t).ravel()] = (mag_t * (1.0 - frac_t)).ravel()
    flat[(base + np.mod(lo_t + 1, NBINS)).ravel()] = (mag_t * frac_t).ravel()  # lo != hi always
    axis = _axis_weights()  # (role*2 + cell, pixel)
    along_x = np.einsum("cx,yxn->ycn", axis, votes.reshape(CELL, CELL, th * tw * NBINS))
    both = np.einsum("ry,ycn->rcn", axis, along_x)  # einsum, not BLAS: tiny matrices, no thread start-up
    per_tile = both.reshape(2, 2, 2, 2, th, tw, NBINS).transpose(0, 2, 1, 3, 4, 5, 6)  # (ry, rx, cy, cx, ...)
    by, bx = th - 1, tw - 1
    hist = (
        per_tile[0, 0, :, :, :by, :bx] + per_tile[0, 1, :, :, :by, 1:]
        + per_tile[1, 0, :, :, 1:, :bx] + per_tile[1, 1, :, :, 1:, 1:]
    )  # (cy, cx, by, bx, bin)
    blocks = hist.transpose(2, 3, 1, 0, 4).reshape(by, bx, BLOCK_LEN)  # cells column-major, as OpenCV
    norm = np.sqrt(np.sum(blocks * blocks, axis=2, keepdims=True)) + np.float32(0.1 * BLOCK_LEN)
    blocks = np.minimum(blocks / norm, np.float32(L2HYS_THRESHOLD))
    norm = np.sqrt(np.sum(blocks * blocks, axis=2, keepdims=True)) + np.float32(1e-3)
    return np.asarray(blocks / norm, dtype=np.float32)


def window_scores(image: npt.NDArray[np.uint8]) -> F32:
    """SVM score of every 64x128 window at stride 8: shape (rows, cols); window (r, c) is at (8c, 8r)."""
    blocks = block_grid(image)
    ny, nx = blocks.shape[0] - BLOCKS_Y + 1, blocks.shape[1] - BLOCKS_X + 1
    if ny <= 0 or nx <= 0:
        return np.zeros((0, 0), dtype=np.float32)
    weights, bias = people_svm()
    scores = np.full((ny, nx), bias, dtype=np.float32)
    for bx in range(BLOCKS_X):
        for by in range(BLOCKS_Y):
            scores += blocks[by:by + ny, bx:bx + nx] @ weights[bx, by]
    return scores


@dataclass(frozen=True, slots=True)
class PersonHit:
    """A grouped people detection: box in the given image's pixels, SVM margin, raw windows behind it."""

    bbox: tuple[float, float, float, float]
    margin: float
    support: int


def _iou_matrix(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    x1 = np.maximum(a[:, None, 0], b[None, :, 0])
    y1 = np.maximum(a[:, None, 1], b[None, :, 1])
    x2 = np.minimum(a[:, None, 2], b[None, :, 2])
    y2 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(x2 - x1, 0, None) * np.clip(y2 - y1, 0, None)
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return np.asarray(inter / np.maximum(area_a[:, None] + area_b[None, :] - inter, 1e-9))


def detect_people(
    image: npt.NDArray[np.uint8],
    *,
    hit_threshold: float = 0.0,
    scale_step: float = 1.05,
    max_levels: int = 64,
    nms_iou: float = 0.3,
    min_support: int = 2,
) -> list[PersonHit]:
    """Multi-scale sliding-window people detection (upright, at least 64x128 px in `image`)."""
    h, w = image.shape[:2]
    boxes: list[tuple[float, float, float, float]] = []
    margins: list[float] = []
    scale = 1.0
    for _ in range(max_levels):
        sw, sh = round(w / scale), round(h / scale)
        if sw < WIN_W or sh < WIN_H:
            break
        level = image if scale == 1.0 else np.asarray(
            cv2.resize(image, (sw, sh), interpolation=cv2.INTER_LINEAR), dtype=np.uint8
        )
        scores = window_scores(level)
        for r, c in zip(*np.nonzero(scores >= hit_threshold), strict=True):
            x, y = c * CELL * scale, r * CELL * scale
            boxes.append((x, y, x + WIN_W * scale, y + WIN_H * scale))
            margins.append(float(scores[r, c]))
        scale *= scale_step
    if not boxes:
        return []
    arr = np.asarray(boxes, dtype=np.float64)
    marg = np.asarray(margins, dtype=np.float64)
    iou = _iou_matrix(arr, arr)
    order = np.argsort(-marg)
    suppressed = np.zeros(len(arr), dtype=bool)
    hits: list[PersonHit] = []
    for i in order:
        if suppressed[i]:
            continue
        group = iou[i] >= nms_iou
        support = int(np.count_nonzero(group))
        suppressed |= group
        if support >= min_support:
            x1, y1, x2, y2 = (float(v) for v in arr[i])
            hits.append(PersonHit((x1, y1, x2, y2), float(marg[i]), support))
    return hits
