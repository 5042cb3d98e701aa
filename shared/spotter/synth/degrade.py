"""Camera degradations: motion blur, brightness flicker, sensor noise.  All seeded and
per-frame deterministic (independent of thread scheduling)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["Degradation", "FramePlan", "plan_degradations", "apply_degradations"]


@dataclass(frozen=True)
class Degradation:
    noise_sigma: float = 3.0  # additive Gaussian sensor noise, grey levels (0 = off)
    motion_blur: bool = True
    exposure_frac: float = 1.0 / 3.0  # exposure time as a fraction of the frame interval
    flicker: float = 0.0  # peak relative brightness drift (e.g. 0.1 = +-10 %), 0 = off
    seed: int = 0


@dataclass(frozen=True)
class FramePlan:
    blur_x: np.ndarray  # horizontal blur length per frame (px)
    blur_y: np.ndarray  # vertical blur length per frame (px)
    gain: np.ndarray  # brightness gain per frame


def plan_degradations(traj, width: int, f_px: float, cfg: Degradation) -> FramePlan:  # noqa: ANN001
    """Per-frame blur lengths (pixel displacement at the image centre during the exposure,
    from the exact pose at the exposure's start and end) and flicker gains."""
    n = traj.n_frames
    t = traj.t
    half = 0.5 * cfg.exposure_frac / traj.fps
    if cfg.motion_blur and n and cfg.exposure_frac > 0:
        y0, p0, r0 = traj.pose_at(t - half)
        y1, p1, r1 = traj.pose_at(t + half)
        dyaw = np.radians(y1 - y0)
        dpitch = np.radians(p1 - p0)
        roll = np.radians(0.5 * (r0 + r1))
        # image-plane motion of the centre pixel, rotated into the (rolled) image axes
        mx, my = f_px * dyaw, f_px * dpitch
        bx = np.abs(mx * np.cos(roll) + my * np.sin(roll))
        by = np.abs(-mx * np.sin(roll) + my * np.cos(roll))
    else:
        bx = by = np.zeros(n)
    if cfg.flicker > 0 and n:
        rng = np.random.default_rng([int(cfg.seed), 0xF11C])
        k = 5
        f = np.exp(rng.uniform(np.log(0.03), np.log(0.5), k))
        ph = rng.uniform(0, 2 * np.pi, k)
        a = rng.uniform(0.3, 1.0, k)
        a *= cfg.flicker / a.sum()
        gain = 1.0 + (a[None, :] * np.sin(2 * np.pi * f[None, :] * t[:, None] + ph[None, :])).sum(axis=1)
    else:
        gain = np.ones(n)
    return FramePlan(blur_x=bx, blur_y=by, gain=gain)


class _NoiseBank:
    """A few pre-drawn noise fields; each frame uses one at a seeded random offset
    (~50x cheaper than drawing fresh Gaussian noise, and never static across frames)."""

    def __init__(
        self, height: int, width: int, sigma: float, seed: int, n: int = 6, margin: int = 64
    ) -> None:
        rng = np.random.default_rng([int(seed), 0x401E])
        self.margin = margin
        self.h, self.w = height, width
        self.fields = [
            np.clip(
                np.rint(rng.standard_normal((height + margin, width + margin, 3)) * sigma), -127, 127
            ).astype(np.int16)
            for _ in range(n)
        ]

    def get(self, frame: int, seed: int) -> np.ndarray:
        r = np.random.default_rng([int(seed), 0xA0, int(frame)])
        k, dy, dx = (
            int(r.integers(len(self.fields))),
            int(r.integers(self.margin)),
            int(r.integers(self.margin)),
        )
        return self.fields[k][dy : dy + self.h, dx : dx + self.w]


def _box_blur_len(img: np.ndarray, length: float, axis: int) -> np.ndarray:
    """Box blur of (fractional) ``length`` px along ``axis`` (1 = x), via a 1-D kernel."""
    if length < 1.5:
        return img
    n = int(np.ceil(length))
    if n % 2 == 0:
        n += 1
    k = np.zeros(n, np.float32)
    c = n // 2
    half = length / 2.0
    # fractional box: full weight inside +-half, partial weight at the ends
    for i in range(n):
        d = abs(i - c)
        k[i] = np.clip(half + 0.5 - d, 0.0, 1.0)
    k /= k.sum()
    kx, ky = (
        (k[None, :], np.ones((1, 1), np.float32)) if axis == 1 else (np.ones((1, 1), np.float32), k[:, None])
    )
    return cv2.sepFilter2D(img, -1, kx, ky, borderType=cv2.BORDER_REPLICATE)


def apply_degradations(
    img: np.ndarray, frame: int, plan: FramePlan, cfg: Degradation, noise: _NoiseBank | None
) -> np.ndarray:
    """Blur (centred on the frame time, so it is consistent with the truth pose), then
    gain, then noise.  Returns a new uint8 image."""
    out = _box_blur_len(img, float(plan.blur_x[frame]), axis=1)
    out = _box_blur_len(out, float(plan.blur_y[frame]), axis=0)
    g = float(plan.gain[frame])
    if noise is not None:
        acc = out.astype(np.int16)
        if g != 1.0:
            acc = cv2.convertScaleAbs(out, alpha=g).astype(np.int16)
        acc += noise.get(frame, cfg.seed)
        return np.clip(acc, 0, 255).astype(np.uint8)
    if g != 1.0:
        return cv2.convertScaleAbs(out, alpha=g)
    return out if out is not img else img.copy()
