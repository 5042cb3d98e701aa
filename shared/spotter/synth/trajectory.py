"""Scripted head motion (yaw/pitch/roll in degrees) with exact ground truth.

A script is built as a continuous function of time: a list of yaw segments with
minimum-jerk profiles (zero velocity and acceleration at both ends, peak speed
``1.875 * delta / T``), plus slow pitch/roll wobble and fast head jitter made of
sums of sinusoids.  Because everything is continuous in ``t``, the same seed gives
the same motion at any fps, and a longer duration extends (does not change) a
shorter one.  Yaw is unwrapped (may exceed 360 or go negative).

Scripts: ``slow_pans``, ``fast_turns``, ``look_back``, ``site_walk`` (see ``SCRIPTS``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

__all__ = ["Trajectory", "Motion", "SCRIPTS", "make_trajectory", "PEAK_YAW_SPEED"]

# Advertised peak yaw speeds of the segment profiles (deg/s), excluding jitter.
PEAK_YAW_SPEED = {"slow_pans": 30.0, "fast_turns": 360.0, "look_back": 360.0, "site_walk": 360.0}
MAX_TURN_SPEED = 360.0
PITCH_AMP = 8.0
ROLL_AMP = 3.5
JITTER_DEG = 0.5


def _min_jerk(tau: np.ndarray) -> np.ndarray:
    return tau * tau * tau * (10.0 - 15.0 * tau + 6.0 * tau * tau)


class _Builder:
    """Accumulates yaw segments: (t0, duration, yaw0, delta)."""

    def __init__(self, yaw0: float = 0.0) -> None:
        self.t = 0.0
        self.yaw = yaw0
        self.segs: list[tuple[float, float, float, float]] = []
        self.gait: list[tuple[float, float]] = []  # walking intervals (t0, t1)

    def move(self, delta: float, duration: float) -> None:
        duration = max(float(duration), 1e-3)
        self.segs.append((self.t, duration, self.yaw, float(delta)))
        self.t += duration
        self.yaw += float(delta)

    def turn(self, delta: float, peak_speed: float, min_dur: float = 0.0, max_dur: float = 1e9) -> None:
        """Minimum-jerk turn whose peak speed is ``peak_speed`` (capped at MAX_TURN_SPEED)."""
        peak = min(abs(peak_speed), MAX_TURN_SPEED)
        dur = 1.875 * abs(delta) / max(peak, 1e-6)
        dur = min(max(dur, min_dur, 1.875 * abs(delta) / MAX_TURN_SPEED), max_dur)
        self.move(delta, dur)

    def hold(self, duration: float) -> None:
        self.move(0.0, duration)


# --- script bodies: each appends one "episode" to the builder -----------------------------


def _ep_slow_pans(b: _Builder, rng: np.random.Generator) -> None:
    delta = rng.uniform(60, 180) * rng.choice([-1, 1])
    b.turn(delta, rng.uniform(5, 30))
    b.hold(rng.uniform(0.5, 6.0))


def _ep_fast_turns(b: _Builder, rng: np.random.Generator) -> None:
    delta = rng.uniform(90, 180) * rng.choice([-1, 1])
    b.turn(delta, rng.uniform(250, 360), min_dur=0.3, max_dur=1.0)
    b.hold(rng.uniform(1.0, 5.0))
    if rng.random() < 0.4:  # small corrective glance
        b.turn(rng.uniform(-25, 25), rng.uniform(40, 120))
        b.hold(rng.uniform(0.5, 2.0))


def _ep_look_back(b: _Builder, rng: np.random.Generator) -> None:
    work = b.yaw
    # work facing a direction, with small slow wandering
    for _ in range(int(rng.integers(1, 4))):
        b.turn(work + rng.uniform(-15, 15) - b.yaw, rng.uniform(10, 40))
        b.hold(rng.uniform(1.0, 5.0))
    if rng.random() < 0.15:  # full 360
        b.turn(360.0 * rng.choice([-1, 1]), rng.uniform(200, 330))
        b.hold(rng.uniform(0.5, 2.0))
        return
    sign = rng.choice([-1, 1])
    b.turn(sign * rng.uniform(150, 210), rng.uniform(220, 360))  # look behind
    b.hold(rng.uniform(1.0, 4.0))
    # return: usually the way we came; sometimes keep turning to complete the circle
    back = work - b.yaw if rng.random() < 0.7 else (work + sign * 360.0) - b.yaw
    b.turn(back, rng.uniform(150, 330))
    b.hold(rng.uniform(0.5, 2.0))


def _ep_walk(b: _Builder, rng: np.random.Generator) -> None:
    dur = rng.uniform(5, 20)
    t0 = b.t
    n = max(1, int(dur / 2.5))
    for _ in range(n):
        b.turn(rng.uniform(-12, 12), rng.uniform(8, 25))
        b.hold(rng.uniform(0.2, 1.5))
    b.gait.append((t0, b.t))


_EPISODES: dict[str, Callable[[_Builder, np.random.Generator], None]] = {
    "slow_pans": _ep_slow_pans,
    "fast_turns": _ep_fast_turns,
    "look_back": _ep_look_back,
    "walk": _ep_walk,
}


def _build(script: str, duration_s: float, rng: np.random.Generator) -> _Builder:
    b = _Builder(yaw0=float(rng.uniform(0, 360)))
    end = duration_s + 2.0
    if script == "site_walk":
        modes = ["slow_pans", "fast_turns", "look_back", "walk"]
        probs = [0.3, 0.2, 0.25, 0.25]
        first = True
        while b.t < end:
            # the first block is short and always contains a fast turn so that even
            # short site_walk clips exercise the >= 270 deg/s regime
            mode = "fast_turns" if first else str(rng.choice(modes, p=probs))
            block_end = b.t + (rng.uniform(4, 8) if first else rng.uniform(15, 60))
            first = False
            while b.t < block_end and b.t < end:
                _EPISODES[mode](b, rng)
    else:
        ep = _EPISODES[script]
        if script == "fast_turns":
            b.hold(rng.uniform(0.3, 1.0))
        while b.t < end:
            ep(b, rng)
    return b


def _sines(rng: np.random.Generator, n: int, f_lo: float, f_hi: float) -> tuple[np.ndarray, ...]:
    f = np.exp(rng.uniform(np.log(f_lo), np.log(f_hi), n))
    ph = rng.uniform(0, 2 * np.pi, n)
    a = rng.standard_normal(n) / np.sqrt(f / f_lo)  # pinker spectrum
    return f, ph, a


def _eval_sines(p: tuple[np.ndarray, ...], t: np.ndarray) -> np.ndarray:
    f, ph, a = p
    return (a[None, :] * np.sin(2 * np.pi * f[None, :] * t[:, None] + ph[None, :])).sum(axis=1)


def _norm_peak(p: tuple[np.ndarray, ...], peak: float) -> tuple[np.ndarray, ...]:
    """Scale so the worst-case sum of amplitudes is ``peak`` (hard bound)."""
    f, ph, a = p
    return f, ph, a * (peak / np.abs(a).sum())


def _norm_std(p: tuple[np.ndarray, ...], std: float) -> tuple[np.ndarray, ...]:
    f, ph, a = p
    return f, ph, a * (std / np.sqrt((a * a).sum() / 2.0))


@dataclass
class Motion:
    """Continuous head motion; call with times (s) to get (yaw, pitch, roll) in degrees."""

    script: str
    seed: int
    duration_s: float
    _segs: np.ndarray = field(repr=False)
    _gait: np.ndarray = field(repr=False)
    _params: dict = field(repr=False)

    def __call__(self, t: np.ndarray | float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        t = np.atleast_1d(np.asarray(t, dtype=np.float64))
        s = self._segs
        i = np.clip(np.searchsorted(s[:, 0], t, side="right") - 1, 0, len(s) - 1)
        tau = np.clip((t - s[i, 0]) / s[i, 1], 0.0, 1.0)
        yaw = s[i, 2] + s[i, 3] * _min_jerk(tau)
        p = self._params
        pitch = _eval_sines(p["pitch"], t)
        roll = _eval_sines(p["roll"], t)
        yaw = yaw + _eval_sines(p["jy"], t)
        pitch = pitch + _eval_sines(p["jp"], t)
        roll = roll + _eval_sines(p["jr"], t)
        if len(self._gait):
            walking = ((t[:, None] >= self._gait[None, :, 0]) & (t[:, None] < self._gait[None, :, 1])).any(
                axis=1
            )
            step_f = p["step_f"]
            bob = 1.2 * np.sin(2 * np.pi * step_f * t) + 1.0 * np.sin(np.pi * step_f * t + 0.3)
            sway = 0.6 * np.sin(np.pi * step_f * t)
            ramp = walking.astype(np.float64)
            pitch = pitch + ramp * bob * 0.8
            yaw = yaw + ramp * sway
        # hard bounds from the brief (jitter and gait included)
        pitch = np.clip(pitch, -PITCH_AMP, PITCH_AMP)
        roll = np.clip(roll, -ROLL_AMP, ROLL_AMP)
        return yaw, pitch, roll


@dataclass
class Trajectory:
    """Per-frame head pose at ``fps``: frame ``k`` is at ``t = k / fps``."""

    yaw: np.ndarray
    pitch: np.ndarray
    roll: np.ndarray
    fps: float
    script: str = "custom"
    seed: int = 0
    motion: Motion | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        n = len(self.yaw)
        if len(self.pitch) != n or len(self.roll) != n:
            raise ValueError("yaw/pitch/roll must have equal lengths")

    @property
    def n_frames(self) -> int:
        return len(self.yaw)

    @property
    def t(self) -> np.ndarray:
        return np.arange(self.n_frames) / self.fps

    def pose_at(self, t: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Pose at arbitrary times: exact via the motion if known, else linear interpolation."""
        if self.motion is not None:
            return self.motion(t)
        ft = self.t
        return tuple(np.interp(t, ft, a) for a in (self.yaw, self.pitch, self.roll))  # type: ignore[return-value]

    def yaw_speed(self) -> np.ndarray:
        """|d yaw / dt| per frame (deg/s), central differences."""
        if self.n_frames < 2:
            return np.zeros(self.n_frames)
        return np.abs(np.gradient(self.yaw, 1.0 / self.fps))


def make_trajectory(script: str, duration_s: float, fps: float = 15.0, seed: int = 0) -> Trajectory:
    """Deterministic trajectory for a named script (``SCRIPTS``)."""
    if script not in SCRIPTS:
        raise ValueError(f"unknown script {script!r}; choose from {sorted(SCRIPTS)}")
    if duration_s <= 0 or fps <= 0:
        raise ValueError("duration_s and fps must be positive")
    ss = np.random.SeedSequence([int(seed), sum(map(ord, script))])
    r_seg, r_pr, r_jit = (np.random.default_rng(s) for s in ss.spawn(3))
    b = _build(script, float(duration_s), r_seg)
    params = {
        "pitch": _norm_peak(_sines(r_pr, 6, 0.02, 0.3), PITCH_AMP * 1.1),
        "roll": _norm_peak(_sines(r_pr, 6, 0.02, 0.3), ROLL_AMP * 1.1),
        "jy": _norm_std(_sines(r_jit, 16, 0.5, 5.0), JITTER_DEG * 0.7),
        "jp": _norm_std(_sines(r_jit, 16, 0.5, 5.0), JITTER_DEG * 0.6),
        "jr": _norm_std(_sines(r_jit, 16, 0.5, 5.0), JITTER_DEG * 0.3),
        "step_f": float(r_jit.uniform(1.6, 2.0)),
    }
    motion = Motion(
        script=script,
        seed=int(seed),
        duration_s=float(duration_s),
        _segs=np.array(b.segs, dtype=np.float64),
        _gait=np.array(b.gait, dtype=np.float64).reshape(-1, 2),
        _params=params,
    )
    n = int(round(duration_s * fps))
    yaw, pitch, roll = motion(np.arange(n) / fps)
    return Trajectory(
        yaw=yaw, pitch=pitch, roll=roll, fps=float(fps), script=script, seed=int(seed), motion=motion
    )


SCRIPTS = ("slow_pans", "fast_turns", "look_back", "site_walk")
