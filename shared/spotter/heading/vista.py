"""VISTA's published heading method, reproduced faithfully, and its FOV variant.

Published: ORB (500 keypoints), brute-force Hamming matching with Lowe's ratio
0.75, `cv2.estimateAffinePartial2D` with RANSAC, and the per-frame in-plane
rotation angle accumulated as the heading. Head turns appear mostly as
horizontal image motion, not in-plane rotation, so `vista` mostly measures
roll; `vista-fov` keeps the same matching but converts the horizontal motion
of the image centre into yaw through the field of view.
"""

from __future__ import annotations

import math
from typing import Literal

import cv2
import numpy as np

from spotter.heading.base import Gray, PoseEstimate, focal_px


class VistaEstimator:
    """ORB + ratio test + partial affine RANSAC, accumulated per frame."""

    def __init__(
        self,
        hfov_deg: float,
        mode: Literal["rotation", "fov"] = "rotation",
        n_features: int = 500,
        ratio: float = 0.75,
    ) -> None:
        self.name = "vista" if mode == "rotation" else "vista-fov"
        self.hfov_deg = hfov_deg
        self.mode = mode
        self.ratio = ratio
        self._orb = cv2.ORB.create(nfeatures=n_features)
        self._matcher = cv2.BFMatcher(cv2.NORM_HAMMING)
        self._prev: tuple[object, np.ndarray | None] | None = None
        self.yaw = 0.0
        self.pitch = 0.0
        self.roll = 0.0

    def reset(self, yaw_deg: float = 0.0) -> None:
        self._prev = None
        self.yaw, self.pitch, self.roll = yaw_deg, 0.0, 0.0

    def update(self, gray: Gray) -> PoseEstimate:
        kps, desc = self._orb.detectAndCompute(gray, None)
        prev, self._prev = self._prev, (kps, desc)
        if prev is None:
            return PoseEstimate(self.yaw, self.pitch, self.roll, 0, True)
        prev_kps, prev_desc = prev
        if prev_desc is None or desc is None or len(prev_desc) < 2 or len(desc) < 2:
            return PoseEstimate(self.yaw, self.pitch, self.roll, 0, False)
        pairs = self._matcher.knnMatch(prev_desc, desc, k=2)
        good = [p[0] for p in pairs if len(p) == 2 and p[0].distance < self.ratio * p[1].distance]
        if len(good) < 3:
            return PoseEstimate(self.yaw, self.pitch, self.roll, len(good), False)
        src = np.array([prev_kps[m.queryIdx].pt for m in good], dtype=np.float32)  # type: ignore[index]
        dst = np.array([kps[m.trainIdx].pt for m in good], dtype=np.float32)
        m, inl = cv2.estimateAffinePartial2D(src, dst, method=cv2.RANSAC)
        if m is None:
            return PoseEstimate(self.yaw, self.pitch, self.roll, 0, False)
        inliers = int(inl.sum()) if inl is not None else 0
        if self.mode == "rotation":
            # The published accumulation: the in-plane rotation angle.
            self.yaw += math.degrees(math.atan2(m[1, 0], m[0, 0]))
        else:
            h, w = gray.shape[:2]
            f = focal_px(w, self.hfov_deg)
            cx, cy = (w - 1) / 2.0, (h - 1) / 2.0
            dx = m[0, 0] * cx + m[0, 1] * cy + m[0, 2] - cx
            dy = m[1, 0] * cx + m[1, 1] * cy + m[1, 2] - cy
            # Turning right moves the scene left (dx < 0); looking up moves it down.
            self.yaw += math.degrees(math.atan2(-dx, f))
            self.pitch += math.degrees(math.atan2(dy, f))
            self.roll += math.degrees(math.atan2(m[1, 0], m[0, 0]))
        return PoseEstimate(self.yaw, self.pitch, self.roll, inliers, True)
