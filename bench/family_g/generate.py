"""Render the family-G scenarios.

    python -m bench.family_g.generate --out DIR [--only NAME] [--minutes M]

writes DIR/<scenario>/video.mp4 (mp4v, 640x360, 15 fps) and DIR/<scenario>/truth.json.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time

import cv2
import numpy as np

from .lens import Lens
from .motion import build_script
from .render import Renderer
from .scenarios import SCENARIOS
from .sites import build_site

FPS, W, H = 15, 640, 360
FULL_MINUTES = 20.0
GENERATOR = "bench.family_g (independent heading family G)"
EXPOSURE = 1 / 125.0          # s, daylight
EXPOSURE_DIM = 1 / 40.0       # s, in the dim minute
NOISE_SIGMA, NOISE_SIGMA_DIM = 1.5, 3.0


def setup(name):
    sc = SCENARIOS[name]
    site = build_site(sc["layout"], sc["site_seed"])
    script = build_script(site, FULL_MINUTES * 60.0, sc["motion_seed"], sc["plan"])
    lens = Lens(sc["projection"], sc["hfov"], W, H)
    return sc, site, script, lens


def dim_gain(script, t):
    """Global gain (1 = normal) for the low-contrast / dim minute, 4-s ramps."""
    t0, t1 = script.dim
    a = np.clip(np.minimum(t - t0, t1 - t) / 4.0, 0, 1)
    return 1.0 - 0.67 * a


def sample_plan(script, lens, n_frames):
    """Exposure sample times per frame (centred on the frame time)."""
    t = np.arange(n_frames) / FPS
    g = dim_gain(script, t)
    exposure = np.where(g < 0.999, EXPOSURE_DIM, EXPOSURE)
    rate = script.yaw_rate_bound(t)
    blur_px = rate * exposure * math.pi / 180 * lens.f
    n = np.clip(np.ceil(blur_px / 1.5), 1, 12).astype(int)
    times = []
    for i in range(n_frames):
        if n[i] == 1:
            times.append(np.array([t[i]]))
        else:
            times.append(t[i] + (np.arange(n[i]) + 0.5 - n[i] / 2) / n[i] * exposure[i])
    return times


def walk_mask(script, t):
    m = np.zeros(np.shape(t), bool)
    for t0, T, *_ in script.walks:
        m |= (t > t0) & (t < t0 + T)
    return m


def describe(name, sc, script, heading, n_frames):
    yaw = np.array([h[1] for h in heading])
    dur = n_frames / FPS
    ft = [f for f in script.full_turns if f[1] <= dur]
    first = f"first full turn {ft[0][2]:+.0f} deg at {ft[0][0]:.1f}-{ft[0][1]:.1f} s" if ft else "no full turn yet"
    walk_s = float(walk_mask(script, np.arange(n_frames) / FPS).sum()) / FPS
    nw = getattr(script, "near_wall_time", None)
    parts = [
        f"Head-worn hard-hat camera ({sc['projection']} {sc['hfov']:.0f} deg hfov) of a worker on a "
        f"{sc['layout']} construction site, {dur / 60:.1f} min.",
        f"Calm work looking down, slow pans, quick glances, fast turns, {len(ft)} full 360-deg turns "
        f"({first}), pitch -30..+30 deg (work below, cranes above), small roll and step bob, "
        f"{walk_s:.0f} s of walking legs (1.0-1.4 m/s, parallax).",
        f"Standing still {script.quiet[0][0]:.0f}-{script.quiet[0][1]:.0f} s; dim low-contrast minute "
        f"{script.dim[0]:.0f}-{script.dim[1]:.0f} s; near plain wall (0.9 m) "
        + (f"{nw[0]:.0f}-{nw[1]:.0f} s" if nw else "-") + "; motion blur on fast turns.",
        f"Total absolute rotation {np.abs(np.diff(yaw)).sum():.0f} deg, net yaw at end {yaw[-1]:+.1f} deg.",
    ]
    return " ".join(parts)


class ScenarioRender:
    """Everything needed to produce frame i of a scenario (frames are independent of each other)."""

    def __init__(self, name, n_frames):
        self.name = name
        self.sc, self.site, self.script, self.lens = setup(name)
        sc, script, lens = self.sc, self.script, self.lens
        self.n_frames = n_frames
        times = sample_plan(script, lens, n_frames)
        self.counts = np.array([len(x) for x in times])
        self.starts = np.concatenate([[0], np.cumsum(self.counts)[:-1]])
        all_t = np.concatenate(times)
        self.pose = script.pose(all_t)
        self.moving = walk_mask(script, all_t)
        t_frames = np.arange(n_frames) / FPS
        yaw_c = script.pose(t_frames)[0]
        self.heading = [[round(float(tf), 6), round(float(yv - yaw_c[0]), 6)] for tf, yv in zip(t_frames, yaw_c, strict=True)]
        self.renderer = Renderer(self.site.world, lens)
        rng = np.random.default_rng(sc["motion_seed"] + 7)
        self.bank = [rng.normal(0, 1, (H, W, 3)).astype(np.float32) for _ in range(24)]
        self.noise_pick = rng.integers(0, len(self.bank), n_frames)
        vv, uu = np.mgrid[0:H, 0:W].astype(np.float32)
        rr = np.hypot(uu - lens.cx, vv - lens.cy) / math.hypot(lens.cx, lens.cy)
        vig = 1.0 - (0.12 if lens.projection == "pinhole" else 0.25) * rr ** 2
        self.vigf = np.repeat(vig[..., None], 3, 2).astype(np.float32)
        self.gains = dim_gain(script, t_frames)

    def frame(self, i):
        n, k = int(self.counts[i]), int(self.starts[i])
        moving = bool(self.moving[k:k + n].any())
        # direct rendering is slow: at most 4 blur samples while walking
        idx = np.linspace(k, k + n - 1, 4).round().astype(int) if moving and n > 4 else np.arange(k, k + n)
        yaw, pitch, roll, x, y, z = self.pose
        samples = [(yaw[j], pitch[j], roll[j], x[j], y[j], z[j]) for j in idx]
        img = self.renderer.frame(samples, moving)
        # vignetting, dim-minute gain and black lift, sensor noise: in float, rounded once
        g = float(self.gains[i])
        f = cv2.multiply(img, self.vigf, scale=g, dtype=cv2.CV_32F)
        sigma = NOISE_SIGMA + (NOISE_SIGMA_DIM - NOISE_SIGMA) * (1 - g) / 0.67
        f = cv2.scaleAdd(self.bank[int(self.noise_pick[i])], sigma, f)
        lift = 14.0 * (1 - g) / 0.67
        return cv2.convertScaleAbs(f, alpha=1.0, beta=lift)


def render_scenario(name, out_dir, minutes, log=print):
    t_start = time.time()
    n_frames = int(round(min(minutes, FULL_MINUTES) * 60 * FPS))
    sr = ScenarioRender(name, n_frames)
    os.makedirs(os.path.join(out_dir, name), exist_ok=True)
    vpath = os.path.join(out_dir, name, "video.mp4")
    writer = cv2.VideoWriter(vpath, cv2.VideoWriter_fourcc(*"mp4v"), FPS, (W, H))
    if not writer.isOpened():
        raise RuntimeError(f"cannot open video writer for {vpath}")
    log(f"[{name}] set-up {time.time() - t_start:.1f} s; env map {sr.renderer.env_w}x{sr.renderer.env_h}")
    t_loop = time.time()
    for i in range(n_frames):
        writer.write(sr.frame(i))
        if (i + 1) % 1500 == 0:
            el = time.time() - t_loop
            log(f"[{name}] {i + 1}/{n_frames} frames, {el:.0f} s, {1000 * el / (i + 1):.1f} ms/frame, "
                f"{sr.renderer.env_renders} stops, {sr.renderer.env_strips} env strips")
    writer.release()
    truth = {
        "camera": name, "fps": FPS, "width": W, "height": H, "duration_s": n_frames / FPS, "frames": n_frames,
        "hfov_deg": float(sr.sc["hfov"]), "projection": sr.sc["projection"], "heading": sr.heading,
        "description": describe(name, sr.sc, sr.script, sr.heading, n_frames), "generator": GENERATOR,
    }
    with open(os.path.join(out_dir, name, "truth.json"), "w") as f:
        json.dump(truth, f)
    el = time.time() - t_start
    log(f"[{name}] done: {n_frames} frames in {el:.0f} s ({sr.renderer.env_renders} stops, "
        f"{sr.renderer.env_strips} env strips)")
    return el


def _tune_malloc():
    """Keep large temporary arrays on the heap (glibc would mmap/munmap each one: page-fault bound)."""
    try:
        import ctypes
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(-3, 512 * 1024 * 1024)     # M_MMAP_THRESHOLD
        libc.mallopt(-1, 1024 * 1024 * 1024)    # M_TRIM_THRESHOLD
    except (OSError, AttributeError):
        pass


def main(argv=None):
    _tune_malloc()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", choices=sorted(SCENARIOS), default=None)
    ap.add_argument("--minutes", type=float, default=FULL_MINUTES)
    ap.add_argument("--threads", type=int, default=2, help="OpenCV threads (default 2)")
    a = ap.parse_args(argv)
    cv2.setNumThreads(a.threads)
    names = [a.only] if a.only else list(SCENARIOS)
    total = 0.0
    for name in names:
        total += render_scenario(name, a.out, a.minutes, log=lambda s: print(s, flush=True))
    print(f"all done in {total:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
