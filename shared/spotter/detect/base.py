"""What every detector backend provides; no implementation lives here.

A detector turns one BGR image (with its media time) into `Detection`s in that
image's pixel coordinates. Backends (`builtin`, `onnx`, `external`) sit beside
this file and are chosen and built by `spotter.detect.make_detector`.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from spotter.errors import SpotterError
from spotter.messages import Detection

ImageBGR = npt.NDArray[np.uint8]


class DetectorError(SpotterError):
    """A detector cannot be built or run: missing or corrupt model, unreadable detections file..."""


@runtime_checkable
class Detector(Protocol):
    """One detector backend behind the one interface."""

    @property
    def name(self) -> str:
        """Backend name as it appears in `DetectionFrame.source`: builtin, onnx or external."""
        ...

    def detect(self, image_bgr: ImageBGR, t: float) -> list[Detection]:
        """Detections in `image_bgr` (H x W x 3 uint8, BGR) seen at media time `t` (seconds).

        Guarantees: boxes are (x1, y1, x2, y2) in the given image's pixels with
        x1 < x2, y1 < y2, clipped to the image; labels are lower case; scores
        lie in [0, 1]; the call does not keep `image_bgr`. Raises
        DetectorError when the backend itself fails (not for an empty result).
        """
        ...

    def close(self) -> None:
        """Release what the backend holds (model, file handles). Idempotent."""
        ...
