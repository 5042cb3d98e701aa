"""Write synthetic videos + ground-truth CSVs, with a parameter-hash cache."""

from __future__ import annotations

import csv
import hashlib
import json
import os
import shutil
import subprocess
import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from .degrade import Degradation, _NoiseBank, apply_degradations, plan_degradations
from .panorama import make_panorama
from .render import ViewRenderer
from .trajectory import Trajectory, make_trajectory

__all__ = ["GENERATOR_VERSION", "GeneratedVideo", "write_video", "write_truth", "load_truth", "generate"]

# Bump whenever output for the same parameters would change (panorama, scripts,
# renderer, degradations, encoding): it is part of the cache key.
GENERATOR_VERSION = "1"

TRUTH_HEADER = ("frame", "t", "yaw_deg", "pitch_deg", "roll_deg")


@dataclass(frozen=True)
class GeneratedVideo:
    video_path: Path
    truth_path: Path
    hfov_deg: float
    fps: float
    n_frames: int
    width: int = 640
    height: int = 360


def write_truth(path: str | os.PathLike, traj: Trajectory) -> Path:
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(TRUTH_HEADER)
        for k, (t, y, p, r) in enumerate(zip(traj.t, traj.yaw, traj.pitch, traj.roll, strict=True)):
            w.writerow((k, f"{t:.6f}", f"{y:.6f}", f"{p:.6f}", f"{r:.6f}"))
    os.replace(tmp, path)
    return path


def load_truth(csv_path: str | os.PathLike) -> dict[str, np.ndarray]:
    """Ground truth as arrays: ``frame`` (int64), ``t``, ``yaw_deg``, ``pitch_deg``, ``roll_deg``."""
    data = np.loadtxt(csv_path, delimiter=",", skiprows=1, ndmin=2)
    out = {name: data[:, i] for i, name in enumerate(TRUTH_HEADER)}
    out["frame"] = out["frame"].astype(np.int64)
    return out


class _Sink:
    """H.264 (libx264, yuv420p) through the ffmpeg program, or PyAV's bundled libx264 without one.

    The ffmpeg pipe comes first because the benchmarks' cached videos were made with it; PyAV (a
    dependency) makes the same kind of file on a machine with only Python.
    """

    def __init__(self, path: Path, width: int, height: int, fps: float, crf: int, preset: str) -> None:
        self.proc: subprocess.Popen | None = None
        self._container = None
        self._stream = None
        self._n = 0
        ffmpeg = shutil.which("ffmpeg")
        if ffmpeg:
            cmd = [
                ffmpeg, "-hide_banner", "-loglevel", "error", "-y",
                "-f", "rawvideo", "-pix_fmt", "bgr24", "-s", f"{width}x{height}", "-r", f"{fps}",
                "-i", "-",
                "-an", "-c:v", "libx264", "-preset", preset, "-crf", str(crf), "-pix_fmt", "yuv420p",
                "-f", "mp4", str(path),
            ]  # fmt: skip
            self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stderr=subprocess.PIPE)
        else:
            import av

            self._container = av.open(str(path), mode="w", format="mp4")
            stream = self._container.add_stream("libx264", rate=Fraction(fps).limit_denominator(1001))
            stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
            stream.options = {"crf": str(crf), "preset": preset}
            self._stream = stream

    def write(self, frame: np.ndarray) -> None:
        if self.proc is not None:
            assert self.proc.stdin is not None
            self.proc.stdin.write(np.ascontiguousarray(frame).data)  # zero-copy: one frame per call
            return
        import av

        assert self._container is not None and self._stream is not None
        picture = av.VideoFrame.from_ndarray(np.ascontiguousarray(frame), format="bgr24")
        picture.pts = self._n
        self._n += 1
        self._container.mux(self._stream.encode(picture))

    def close(self) -> None:
        if self.proc is not None:
            assert self.proc.stdin is not None and self.proc.stderr is not None
            self.proc.stdin.close()
            err = self.proc.stderr.read()
            self.proc.stderr.close()
            rc = self.proc.wait()
            if rc != 0:
                raise RuntimeError(f"ffmpeg failed ({rc}): {err.decode(errors='replace')[-2000:]}")
        elif self._container is not None and self._stream is not None:
            self._container.mux(self._stream.encode(None))  # flush the encoder's delayed frames
            self._container.close()
            self._container = None

    def abort(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            for fh in (self.proc.stdin, self.proc.stderr):
                if fh is not None:
                    fh.close()
        elif self._container is not None:
            self._container.close()
            self._container = None


def iter_frames(
    trajectory: Trajectory,
    pano: np.ndarray,
    width: int = 640,
    height: int = 360,
    hfov_deg: float = 90.0,
    degradation: Degradation | None = None,
    threads: int | None = None,
):
    """Yield rendered + degraded BGR frames in order (rendered ahead on a thread pool)."""
    cfg = degradation if degradation is not None else Degradation()
    renderer = ViewRenderer(pano, width, height, hfov_deg)
    plan = plan_degradations(trajectory, width, renderer.f, cfg)
    noise = _NoiseBank(height, width, cfg.noise_sigma, cfg.seed) if cfg.noise_sigma > 0 else None
    yaw, pitch, roll = trajectory.yaw, trajectory.pitch, trajectory.roll

    def one(k: int) -> np.ndarray:
        img = renderer.render(float(yaw[k]), float(pitch[k]), float(roll[k]))
        return apply_degradations(img, k, plan, cfg, noise)

    n = trajectory.n_frames
    workers = threads if threads is not None else min(8, os.cpu_count() or 1)
    if workers <= 1:
        for k in range(n):
            yield one(k)
        return
    with ThreadPoolExecutor(workers, thread_name_prefix="synth-render") as ex:
        pending: deque = deque()
        nxt = 0
        ahead = 3 * workers
        while nxt < n or pending:
            while nxt < n and len(pending) < ahead:
                pending.append(ex.submit(one, nxt))
                nxt += 1
            yield pending.popleft().result()


def write_video(
    path: str | os.PathLike,
    trajectory: Trajectory,
    pano: np.ndarray,
    width: int = 640,
    height: int = 360,
    hfov_deg: float = 90.0,
    fps: float | None = None,
    *,
    degradation: Degradation | None = None,
    threads: int | None = None,
    crf: int = 20,
    preset: str = "veryfast",
    truth_path: str | os.PathLike | None = None,
) -> tuple[Path, Path]:
    """Render ``trajectory`` to an H.264 MP4 at ``path`` and its truth CSV (default: same
    name with ``.csv``).  ``fps`` defaults to (and must equal) ``trajectory.fps``.
    Both files are written under temporary names and renamed when complete."""
    path = Path(path)
    if fps is None:
        fps = trajectory.fps
    if abs(fps - trajectory.fps) > 1e-9:
        raise ValueError(f"fps {fps} != trajectory.fps {trajectory.fps}")
    truth = Path(truth_path) if truth_path is not None else path.with_suffix(".csv")
    tmp = path.with_name(path.stem + f".tmp{os.getpid()}-{threading.get_ident()}" + path.suffix)
    sink = _Sink(tmp, width, height, fps, crf, preset)
    try:
        for frame in iter_frames(trajectory, pano, width, height, hfov_deg, degradation, threads):
            sink.write(frame)
    except BaseException:
        sink.abort()
        tmp.unlink(missing_ok=True)
        raise
    sink.close()
    os.replace(tmp, path)
    write_truth(truth, trajectory)
    return path, truth


def _cache_key(params: dict) -> str:
    blob = json.dumps({"v": GENERATOR_VERSION, **params}, sort_keys=True)
    return hashlib.sha1(blob.encode()).hexdigest()[:10]


def generate(
    script: str = "site_walk",
    duration_s: float = 120.0,
    fps: float = 15.0,
    width: int = 640,
    height: int = 360,
    hfov_deg: float = 90.0,
    seed: int = 0,
    out_dir: str | os.PathLike = ".",
    *,
    noise_sigma: float = 3.0,
    motion_blur: bool = True,
    exposure_frac: float = 1.0 / 3.0,
    flicker: float = 0.0,
    pano_width: int = 4096,
    threads: int | None = None,
) -> GeneratedVideo:
    """Generate (or reuse from cache) a video + truth CSV in ``out_dir``.

    File names carry the main parameters and a short hash of all parameters and
    ``GENERATOR_VERSION``; if both files already exist they are returned untouched.
    """
    params = {
        "script": script, "duration_s": float(duration_s), "fps": float(fps), "width": int(width),
        "height": int(height), "hfov_deg": float(hfov_deg), "seed": int(seed), "noise_sigma": float(noise_sigma),
        "motion_blur": bool(motion_blur), "exposure_frac": float(exposure_frac), "flicker": float(flicker),
        "pano_width": int(pano_width),
    }  # fmt: skip
    key = _cache_key(params)
    out = Path(out_dir)
    stem = f"{script}_{duration_s:g}s_{fps:g}fps_{width}x{height}_h{hfov_deg:g}_s{seed}_v{GENERATOR_VERSION}_{key}"
    video, truth = out / f"{stem}.mp4", out / f"{stem}.csv"
    traj = make_trajectory(script, duration_s, fps, seed)
    result = GeneratedVideo(video, truth, float(hfov_deg), float(fps), traj.n_frames, int(width), int(height))
    if video.exists() and truth.exists():
        return result
    out.mkdir(parents=True, exist_ok=True)
    pano = make_panorama(seed, width=pano_width)
    cfg = Degradation(
        noise_sigma=noise_sigma,
        motion_blur=motion_blur,
        exposure_frac=exposure_frac,
        flicker=flicker,
        seed=seed,
    )
    truth.unlink(missing_ok=True)  # truth is written last: its presence marks completion
    write_video(
        video, traj, pano, width, height, hfov_deg, fps, degradation=cfg, threads=threads, truth_path=truth
    )
    meta = out / f"{stem}.json"
    meta.write_text(
        json.dumps({"generator_version": GENERATOR_VERSION, **params, "n_frames": traj.n_frames}, indent=1)
    )
    return result
