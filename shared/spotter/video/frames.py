"""Pixel work on decoded frames: the low-resolution grey frames the flow tracker reads.

OpenCV's INTER_AREA is fast for an exact 2x reduction and slow (10x) for
other factors, so a frame is halved while it is at least twice the target,
converted to grey at that size (fewer pixels), and only then resized the
last, non-integer step.
"""

from __future__ import annotations

from typing import cast

import cv2
import numpy as np
from numpy.typing import NDArray

Image = NDArray[np.uint8]


def flow_size(width: int, height: int, flow_width: int) -> tuple[int, int]:
    """Size of the flow frames: `flow_width` wide (never wider than the source), same aspect."""
    if width <= flow_width:
        return width, height
    return flow_width, max(1, round(height * flow_width / width))


def to_flow_grey(image: Image, size: tuple[int, int]) -> Image:
    """`image` (BGR or grey uint8) as a contiguous grey uint8 array of `size` = (width, height)."""
    fw, fh = size
    cur: NDArray[np.uint8] = image
    h, w = cur.shape[:2]
    while w >= 2 * fw and h >= 2 * fh and w % 2 == 0 and h % 2 == 0:
        w, h = w // 2, h // 2
        cur = cast(Image, cv2.resize(cur, (w, h), interpolation=cv2.INTER_AREA))
    grey = cv2.cvtColor(cur, cv2.COLOR_BGR2GRAY) if cur.ndim == 3 else cur
    if (w, h) != (fw, fh):
        grey = cv2.resize(grey, (fw, fh), interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(grey)


# Studio-range luma (16..235) to full range (0..255): what a BGR conversion and cvtColor make of it.
_STUDIO_TO_FULL = np.clip(np.round((np.arange(256) - 16) * 255.0 / 219.0), 0, 255).astype(np.uint8)


def studio_to_full(grey: Image) -> Image:
    """Video luma (16..235) stretched to 0..255, contiguous; cheapest after downscaling."""
    return cast(Image, cv2.LUT(grey, _STUDIO_TO_FULL))
