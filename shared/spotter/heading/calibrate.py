"""The lens's angular scale, estimated from the video of a turning head (no configuration needed).

A heading from optical flow is only as right as the focal length that turns pixels into angles:
at a wrong field of view every turn reads too large or too small (a fisheye at 130 deg
configured as 156 reads 1.2x). Users rarely know their lens, so the scale is measured.

Between two views of a rotating camera the pixels move as `project(R @ lift(p))`. Lifted with
the true focal length the rays of the two views differ by one rigid rotation; with a wrong one
they do not (the image edges move too much or too little against the centre), and the best
rotation leaves a residual. For pairs of views 10-25 deg apart we track corners (pyramidal LK
with a forward-backward check), then search the field of view that minimises the robust
residual of the rotation fit. One pair gives one estimate; the median of many is the lens's
field of view, and the share of pairs that agree with it (within 5 %) is its confidence.
Parallax from walking adds noise but no consistent bias, which is what the median is for.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, cast

import cv2
import numpy as np
from numpy.typing import NDArray

from spotter.heading.base import Gray, kabsch, lens_focal_px, lift_rays

F64 = NDArray[np.float64]


@dataclass(frozen=True)
class LensEstimate:
    """The field of view the video implies, how many view pairs measured it and how many agree."""

    hfov_deg: float
    pairs: int
    confidence: float  # share of pairs within 5 % of the estimate
    method: str = "view pairs"  # or "loop closure": the scale of a full turn (spotter.heading.rotation)


@dataclass
class CalibrationSettings:
    min_pair_deg: float = 10.0
    max_pair_deg: float = 25.0
    min_points: int = 40
    min_pairs: int = 6
    min_confidence: float = 0.55
    max_pairs: int = 60  # the latest pairs are kept; a lens does not change, so the window only bounds memory
    search_lo: float = 0.55  # the search covers configured x [lo, hi], within [20, 175] deg
    search_hi: float = 1.7
    corners: int = 160


@dataclass
class LensCalibrator:
    """Collects per-pair field-of-view estimates for one camera (see module doc)."""

    width: int
    height: int
    configured_hfov_deg: float
    fisheye: bool = False
    settings: CalibrationSettings = field(default_factory=CalibrationSettings)

    def __post_init__(self) -> None:
        self._estimates: list[float] = []
        self._c = ((self.width - 1) / 2.0, (self.height - 1) / 2.0)

    # -- geometry -------------------------------------------------------------
    def focal(self, hfov_deg: float) -> float:
        return lens_focal_px(self.width, hfov_deg, self.fisheye)

    def rays(self, pts: F64, hfov_deg: float) -> F64:
        return lift_rays(pts, self._c, self.focal(hfov_deg), self.fisheye)

    def search_range(self) -> tuple[float, float]:
        """The fields of view searched: the configured one x [lo, hi], within what the lens model allows."""
        s = self.settings
        return max(20.0, self.configured_hfov_deg * s.search_lo), min(175.0 if self.fisheye else 160.0,
                                                                       self.configured_hfov_deg * s.search_hi)

    def rotation(self, pa: F64, pb: F64, hfov_deg: float) -> F64:
        """The rotation between the views' rays, refitted without the worst-fitting third of the tracks."""
        ra, rb = self.rays(pa, hfov_deg), self.rays(pb, hfov_deg)
        r = kabsch(ra, rb)
        res = np.linalg.norm(ra @ r.T - rb, axis=1)
        keep = res <= np.quantile(res, 0.67)
        return kabsch(ra[keep], rb[keep]) if keep.sum() >= 8 else r

    def residual_px(self, pa: F64, pb: F64, hfov_deg: float) -> float:
        """Median angular misfit (in pixels at this focal length) of the best rotation between the views."""
        ra, rb = self.rays(pa, hfov_deg), self.rays(pb, hfov_deg)
        r = kabsch(ra, rb)
        res = np.linalg.norm(ra @ r.T - rb, axis=1)
        keep = res <= max(np.median(res) * 3.0, 1e-6)
        if keep.sum() >= 8:
            r = kabsch(ra[keep], rb[keep])
            res = np.linalg.norm(ra[keep] @ r.T - rb[keep], axis=1)
        return float(np.median(res)) * self.focal(self.configured_hfov_deg)

    # -- measuring ------------------------------------------------------------
    def correspondences(self, img_a: Gray, img_b: Gray) -> tuple[F64, F64] | None:
        pts = cv2.goodFeaturesToTrack(img_a, maxCorners=self.settings.corners, qualityLevel=0.01, minDistance=6)
        if pts is None or len(pts) < self.settings.min_points:
            return None
        pts = pts.astype(np.float32)
        lk = cast(Any, cv2.calcOpticalFlowPyrLK)  # the stubs want a next-points array; None asks LK to start from prev
        p1, st, _ = lk(img_a, img_b, pts, None, winSize=(21, 21), maxLevel=4)
        back, st2, _ = lk(img_b, img_a, p1, None, winSize=(21, 21), maxLevel=4)
        fb = np.linalg.norm((back - pts).reshape(-1, 2), axis=1)
        ok = st.reshape(-1).astype(bool) & st2.reshape(-1).astype(bool) & (fb < 0.5)
        if ok.sum() < self.settings.min_points:
            return None
        return pts.reshape(-1, 2)[ok].astype(np.float64), p1.reshape(-1, 2)[ok].astype(np.float64)

    def project(self, rays: F64, hfov_deg: float) -> F64:
        """Pixel positions of unit rays (the inverse of `rays`)."""
        f = self.focal(hfov_deg)
        if self.fisheye:
            xy = np.hypot(rays[:, 0], rays[:, 1])
            r = np.arctan2(xy, rays[:, 2]) * f
            k = np.where(xy > 1e-12, r / np.where(xy > 1e-12, xy, 1.0), 0.0)
            return np.stack([rays[:, 0] * k + self._c[0], rays[:, 1] * k + self._c[1]], 1)
        z = np.maximum(rays[:, 2], 1e-6)
        return np.stack([rays[:, 0] / z * f + self._c[0], rays[:, 1] / z * f + self._c[1]], 1)

    def rectified(self, img_a: Gray, img_b: Gray, pa: F64, pb: F64) -> tuple[F64, F64] | None:
        """The correspondences measured again on view B turned back onto view A (by the rotation and lens
        that fit them). LK across 10-25 deg of a wide lens tracks patches whose size and shape change
        towards the edges, which biased the field of view low (-0.7 % on clean renders); on the turned-back
        view the patches match and only a small residual motion is left to track."""
        h = self.best_hfov(pa, pb)
        r = self.rotation(pa, pb, h)
        hh, ww = img_a.shape
        ys, xs = np.mgrid[0:hh, 0:ww]
        grid = np.stack([xs.ravel(), ys.ravel()], 1).astype(np.float64)
        src = self.project(self.rays(grid, h) @ r.T, h).astype(np.float32)  # where each A pixel is in B
        back = cv2.remap(img_b, src[:, 0].reshape(hh, ww), src[:, 1].reshape(hh, ww), cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_CONSTANT)  # fmt: skip
        pts = pa.astype(np.float32).reshape(-1, 1, 2)
        lk = cast(Any, cv2.calcOpticalFlowPyrLK)
        q, st, _ = lk(img_a, back, pts, pts.copy(), winSize=(21, 21), maxLevel=2, flags=cv2.OPTFLOW_USE_INITIAL_FLOW)
        q = q.reshape(-1, 2).astype(np.float64)
        inside = (q[:, 0] >= 1) & (q[:, 0] <= ww - 2) & (q[:, 1] >= 1) & (q[:, 1] <= hh - 2)
        ok = st.reshape(-1).astype(bool) & inside & (np.linalg.norm(q - pa, axis=1) < 8.0)
        if ok.sum() < self.settings.min_points:
            return None
        qb = self.project(self.rays(q[ok], h) @ r.T, h)  # the tracked positions, back in view B
        return pa[ok], qb

    def best_hfov(self, pa: F64, pb: F64) -> float:
        """The field of view whose rays fit one rotation best: a coarse grid, then golden-section refinement."""
        lo, hi = self.search_range()
        grid = np.linspace(lo, hi, 24)
        res = [self.residual_px(pa, pb, h) for h in grid]
        i = int(np.argmin(res))
        a, b = grid[max(0, i - 1)], grid[min(len(grid) - 1, i + 1)]
        g = (math.sqrt(5.0) - 1.0) / 2.0
        c, d = b - g * (b - a), a + g * (b - a)
        fc, fd = self.residual_px(pa, pb, c), self.residual_px(pa, pb, d)
        for _ in range(14):
            if fc < fd:
                b, d, fd = d, c, fc
                c = b - g * (b - a)
                fc = self.residual_px(pa, pb, c)
            else:
                a, c, fc = c, d, fd
                d = a + g * (b - a)
                fd = self.residual_px(pa, pb, d)
        return float((a + b) / 2.0)

    def rotation_deg(self, pa: F64, pb: F64, hfov_deg: float) -> float:
        ra, rb = self.rays(pa, hfov_deg), self.rays(pb, hfov_deg)
        r = kabsch(ra, rb)
        return math.degrees(math.acos(max(-1.0, min(1.0, (float(np.trace(r)) - 1.0) / 2.0))))

    def offer(self, img_a: Gray, img_b: Gray) -> float | None:
        """Measure one pair of views (10-25 deg apart); returns its field-of-view estimate, or None when
        the pair cannot tell (too few tracks, or the views barely turned: every lens fits no rotation,
        which is what a tracker coasting through a blur would offer)."""
        found = self.correspondences(img_a, img_b)
        if found is not None:
            found = self.rectified(img_a, img_b, *found)
        if found is None:
            return None
        h = self.best_hfov(*found)
        s = self.settings
        lo, hi = self.search_range()
        if not lo + 0.02 * (hi - lo) < h < hi - 0.02 * (hi - lo):
            return None  # the best fit is at the end of the search: no minimum
        if self.rotation_deg(*found, h) < 0.6 * min(s.min_pair_deg, 0.12 * h):
            return None
        self._estimates.append(h)
        del self._estimates[: -self.settings.max_pairs]
        return h

    @property
    def estimate(self) -> LensEstimate | None:
        if not self._estimates:
            return None
        est = np.asarray(self._estimates)
        med = float(np.median(est))
        agree = float(np.mean(np.abs(est / med - 1.0) <= 0.05))
        return LensEstimate(round(med, 2), len(est), round(agree, 3))

    def settled(self) -> LensEstimate | None:
        """The estimate once enough pairs agree on it, else None."""
        e = self.estimate
        if e is None or e.pairs < self.settings.min_pairs or e.confidence < self.settings.min_confidence:
            return None
        return e


def yaw_scale(old_hfov_deg: float, new_hfov_deg: float, fisheye: bool) -> float:
    """How much a turn measured with `old` must be multiplied by to read as with `new` (the true lens):
    the ratio of the two focal lengths, old over new."""
    if fisheye:
        return new_hfov_deg / old_hfov_deg
    return math.tan(math.radians(new_hfov_deg) / 2.0) / math.tan(math.radians(old_hfov_deg) / 2.0)


def hfov_for_scale(old_hfov_deg: float, scale: float, fisheye: bool) -> float:
    """The field of view at which turns measured with `old` read `scale` times larger (`yaw_scale`'s inverse)."""
    if fisheye:
        return old_hfov_deg * scale
    return math.degrees(2.0 * math.atan(scale * math.tan(math.radians(old_hfov_deg) / 2.0)))


__all__ = ["CalibrationSettings", "LensCalibrator", "LensEstimate", "hfov_for_scale", "yaw_scale"]
