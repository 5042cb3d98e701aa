"""Keyframe interpolation over the frame clock (vectorised)."""
import numpy as np


def _interp(keys, times, smooth):
    ks = sorted(keys, key=lambda k: k[0])
    kt = np.array([k[0] for k in ks], dtype=np.float64)
    kv = np.array([np.atleast_1d(np.asarray(k[1], dtype=np.float64)) for k in ks])
    t = np.asarray(times, dtype=np.float64)
    if len(ks) == 1:
        return np.repeat(kv[:1], len(t), axis=0)
    idx = np.clip(np.searchsorted(kt, t, side="right") - 1, 0, len(kt) - 2)
    t0, t1 = kt[idx], kt[idx + 1]
    span = np.maximum(t1 - t0, 1e-9)
    u = np.clip((t - t0) / span, 0.0, 1.0)
    if smooth:
        u = u * u * (3.0 - 2.0 * u)
    v0, v1 = kv[idx], kv[idx + 1]
    return v0 + (v1 - v0) * u[:, None]


def smooth(keys, times):
    """Ease-in/out between consecutive keys; a repeated value holds."""
    out = _interp(keys, times, True)
    return out[:, 0] if out.shape[1] == 1 else out


def linear(keys, times):
    out = _interp(keys, times, False)
    return out[:, 0] if out.shape[1] == 1 else out


def steps(keys, times, default=None):
    """Piecewise-constant: value of the last key at or before t."""
    ks = sorted(keys, key=lambda k: k[0])
    kt = np.array([k[0] for k in ks])
    t = np.asarray(times)
    idx = np.searchsorted(kt, t, side="right") - 1
    vals = [k[1] for k in ks]
    return [default if i < 0 else vals[i] for i in idx]


def glance(t, yaw, delta, out=0.35, hold=0.5, back=0.4):
    """Keys for a quick glance: from yaw, to yaw+delta and back."""
    return [(t, yaw), (t + out, yaw + delta), (t + out + hold, yaw + delta),
            (t + out + hold + back, yaw)]
