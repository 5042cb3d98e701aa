"""A classical global image descriptor (no weights): "have I seen this place before?".

`GlobalDescriptor` turns one BGR keyframe into a 384-dim L2-normalised float32 vector whose
cosine similarity ranks views of the same place (same direction, a few degrees off, other noise,
blur or exposure) above views of other places. Two parts, GIST-like:

* Oriented gradient energy (256 dims): the frame is shrunk to 160x96 grey (INTER_AREA, which
  averages away sensor noise and JPEG blocking), lightly blurred (sigma 1 px) and differentiated
  (3x3 Sobel). Each pixel's gradient magnitude is split between its 2 nearest of 8 unsigned
  orientation bins (0..180 degrees, linear soft binning, so a small rotation moves energy
  gradually). Each orientation's energy map is blurred with a Gaussian as wide as half a cell
  and then averaged over a 4 x 8 grid (rows x columns): the soft spatial pooling makes a shift
  of a fraction of a cell (a few degrees of head yaw) change the vector gradually, not by a
  cell-boundary jump. Energies go through a square root (Hellinger / RootSIFT-style power
  normalisation: a few strong edges such as a crane jib no longer dominate).
* Colour layout (128 dims): the same 4 x 8 grid of the frame in CIE Lab, per cell the mean
  L (brightness layout, minus the frame's mean so exposure changes cancel) and a, b
  (chromaticity), plus the cell's chroma magnitude (saturated hi-vis or a blue container
  vs grey concrete).

Each part is centred (its own mean subtracted) and L2-normalised, then they are weighted
(gradient 0.8, colour 0.6: edges carry the place, colour helps between look-alike
structures and survives blur) and the whole is L2-normalised. Centring makes the cosine of two
unrelated frames about 0 rather than the 0.8 that raw non-negative histograms give, so a
threshold on the score means something. A frame with no texture and one colour (lens
covered) has a zero part; the other part still makes a valid, if uninformative, vector, and
an entirely constant frame gets a fixed unit vector.

Cost: about 1-2 ms per 640x360 frame on one core (resize first, all work at 160x96).
The vector is deliberately global and rigid: it tells directions and places apart, not the
same object seen from a different place (that is what a learned multimodal encoder adds).
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]

WORK_W, WORK_H = 160, 96  # working resolution (16:9.6; a 4:3 frame is squeezed, which is fine)
GRID_ROWS, GRID_COLS = 4, 8
N_ORIENT = 8
GRAD_WEIGHT, COLOUR_WEIGHT = 0.8, 0.6
_PIXEL_BASE = np.arange(WORK_W * WORK_H, dtype=np.intp) * N_ORIENT
DIM = GRID_ROWS * GRID_COLS * (N_ORIENT + 4)  # 256 + 128 = 384


def _pool(maps: F32) -> F32:
    """(H, W, C) maps -> (GRID_ROWS, GRID_COLS, C) soft cell averages (Gaussian, then area)."""
    # Area-average to a 4x finer grid first (cheap), blur there by half a cell, then average to
    # the grid: the same soft pooling as blurring at full size for a fraction of the cost.
    fine = cv2.resize(maps, (GRID_COLS * 4, GRID_ROWS * 4), interpolation=cv2.INTER_AREA)
    blurred = cv2.GaussianBlur(fine, (0, 0), sigmaX=2.0, borderType=cv2.BORDER_REFLECT)
    pooled = cv2.resize(blurred, (GRID_COLS, GRID_ROWS), interpolation=cv2.INTER_AREA)
    return np.asarray(pooled, np.float32).reshape(GRID_ROWS, GRID_COLS, -1)


def _row_centred(cells: F32) -> F32:
    """Subtract each (grid row, channel)'s mean over the columns, flatten."""
    centred: F32 = (cells - cells.mean(axis=1, keepdims=True)).ravel()
    return centred


def _centre_unit(x: F32) -> F32:
    x = x - x.mean()
    n = float(np.linalg.norm(x))
    return x / n if n > 1e-9 else np.zeros_like(x)


class GlobalDescriptor:
    """The classical descriptor (see the module docstring); stateless and thread-safe."""

    name = "classical-gist-v1"
    dim = DIM

    def describe(self, image: npt.NDArray[np.uint8]) -> F32:
        """The descriptor of one BGR (or grey) uint8 image of any size."""
        if image.ndim == 2:
            image = np.asarray(cv2.cvtColor(image, cv2.COLOR_GRAY2BGR), np.uint8)
        if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
            raise ValueError(f"expected an HxWx3 uint8 BGR image, got {image.shape} {image.dtype}")
        small = np.asarray(cv2.resize(image, (WORK_W, WORK_H), interpolation=cv2.INTER_AREA), np.uint8)

        # --- oriented gradient energy -------------------------------------------------------
        grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32) * np.float32(1.0 / 255.0)
        grey = np.asarray(cv2.GaussianBlur(grey, (0, 0), sigmaX=1.0), np.float32)
        gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
        gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
        mag_m, ang_m = cv2.cartToPolar(gx, gy)  # angle in [0, 2pi)
        mag: F32 = np.asarray(mag_m, np.float32).ravel()
        # Unsigned orientation: theta and theta + 180 degrees are one bin, hence N_ORIENT / pi.
        pos: F32 = np.asarray(ang_m, np.float32).ravel() * np.float32(N_ORIENT / np.pi)  # [0, 2 N)
        lo = pos.astype(np.intp)  # floor (pos >= 0)
        w_hi: F32 = mag * (pos - lo.astype(np.float32))
        w_lo: F32 = mag - w_hi
        lo %= N_ORIENT
        base = _PIXEL_BASE
        hist = np.bincount(base + lo, w_lo, minlength=base.size * N_ORIENT)
        hist += np.bincount(base + (lo + 1) % N_ORIENT, w_hi, minlength=base.size * N_ORIENT)
        energy: F32 = hist.astype(np.float32).reshape(WORK_H, WORK_W, N_ORIENT)
        grad = _row_centred(np.sqrt(_pool(energy)))

        # --- colour layout --------------------------------------------------------------------
        lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab).astype(np.float32) - np.float32(128.0)
        lab[..., 0] += np.float32(128.0)  # L back to 0..255
        lab[..., 0] -= lab[..., 0].mean()
        chroma = cv2.magnitude(lab[..., 1].copy(), lab[..., 2].copy())
        colour = _row_centred(_pool(np.dstack([lab, chroma[..., None]])))

        parts = [GRAD_WEIGHT * _centre_unit(grad), COLOUR_WEIGHT * _centre_unit(colour)]
        out: F32 = np.concatenate(parts).astype(np.float32)
        n = float(np.linalg.norm(out))
        if n < 1e-9:  # a constant frame: a fixed, valid unit vector
            out = np.zeros(DIM, np.float32)
            out[0] = 1.0
            return out
        return out / np.float32(n)


def decode_jpeg(data: bytes) -> npt.NDArray[np.uint8]:
    """BGR uint8 pixels of an encoded image (JPEG, PNG...); ValueError if it does not decode."""
    buf = np.frombuffer(data, np.uint8)
    img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    if img is None:
        raise ValueError("image bytes do not decode")
    return np.asarray(img, np.uint8)


__all__ = ["DIM", "GlobalDescriptor", "decode_jpeg"]
