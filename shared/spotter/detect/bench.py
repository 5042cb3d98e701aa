"""Time the built-in detector per 640x360 keyframe: `python -m spotter.detect.bench [VIDEO ...]`.

Without videos it times a drawn construction scene (two people, a cone, toolboxes, a ladder, a brick
wall). With videos it samples one frame per second, resized to 640x360, and also prints what was detected
(real footage shows the false-positive rate of the rules). Prints per-stage CPU milliseconds (median, one thread: OpenCV and OpenBLAS threads are set to 1).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from spotter.detect.builtin import BuiltinDetector, _Masks
from spotter.detect.settings import BuiltinDetectorConfig

W, H = 640, 360


Frame = npt.NDArray[np.uint8]


def drawn_scene() -> Frame:
    img = np.full((H, W, 3), 170, np.uint8)
    rng = np.random.default_rng(0)
    img = np.clip(img.astype(np.int16) + rng.integers(-8, 9, img.shape), 0, 255).astype(np.uint8)
    img[10:150, 20:330] = (50, 70, 150)
    for row, y in enumerate(range(10, 150, 14)):
        cv2.line(img, (20, y), (330, y), (190, 190, 190), 2)
        for x in range(20 + (0 if row % 2 == 0 else 20), 330, 40):
            cv2.line(img, (x, y), (x, min(150, y + 14)), (190, 190, 190), 2)
    for cx in (200, 450):
        s, c = 2.6, (50, 50, 50)

        def p(px: float, py: float, cx: int = cx, s: float = s) -> tuple[int, int]:
            return int(cx + px * s), int(330 - py * s)

        cv2.circle(img, p(0, 92), int(8 * s), c, -1)
        cv2.ellipse(img, p(0, 62), (int(13 * s), int(22 * s)), 0, 0, 360, c, -1)
        for a, b in (((-5, 42), (-9, 0)), ((5, 42), (9, 0)), ((-12, 78), (-17, 45)), ((12, 78), (17, 45))):
            cv2.line(img, p(*a), p(*b), c, int(7 * s))
    cv2.fillPoly(img, [np.array([[80, 330], [120, 330], [100, 260]], np.int32)], (0, 100, 255))
    cv2.rectangle(img, (250, 300), (320, 335), (30, 30, 200), -1)
    for x in (540, 600):
        cv2.line(img, (x, 40), (x + 15, 330), (40, 40, 40), 5)
    for y in range(60, 330, 35):
        cv2.line(img, (540 + (y - 40) * 15 // 290, y), (600 + (y - 40) * 15 // 290, y), (40, 40, 40), 4)
    return np.asarray(img, dtype=np.uint8)


def video_frames(path: Path, every_s: float = 1.0, limit: int = 30) -> list[Frame]:
    cap = cv2.VideoCapture(str(path))
    fps = cap.get(cv2.CAP_PROP_FPS) or 30.0
    step = max(1, round(fps * every_s))
    out: list[Frame] = []
    i = 0
    while len(out) < limit:
        ok, frame = cap.read()
        if not ok:
            break
        if i % step == 0:
            out.append(np.asarray(cv2.resize(frame, (W, H), interpolation=cv2.INTER_AREA), dtype=np.uint8))
        i += 1
    cap.release()
    return out


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median CPU milliseconds of this process per call (wall time is meaningless on a loaded machine)."""
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append((time.process_time() - t0) * 1000.0)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("videos", nargs="*", type=Path)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--hog-width", type=int, default=320)
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)  # numpy work here is elementwise or einsum: no BLAS threads involved
    frames = [drawn_scene()] if not args.videos else [f for v in args.videos for f in video_frames(v)]
    det = BuiltinDetector(BuiltinDetectorConfig(hog_width=args.hog_width))
    img = frames[0]
    hsv = np.asarray(cv2.cvtColor(img, cv2.COLOR_BGR2HSV), dtype=np.uint8)
    masks = _Masks.of(hsv)
    gray = np.asarray(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), dtype=np.uint8)
    stages = {
        "people (HOG)": lambda: det._people(img),
        "colour masks": lambda: _Masks.of(np.asarray(cv2.cvtColor(img, cv2.COLOR_BGR2HSV), dtype=np.uint8)),
        "cones": lambda: det._cones(masks, [], 100),
        "toolboxes": lambda: det._toolboxes(masks, [], 100),
        "ladders": lambda: det._ladders(gray),
        "brick walls": lambda: det._brick_walls(masks, gray),
    }
    result: dict[str, Any] = {
        "machine": f"{platform.processor() or platform.machine()} ({platform.system()}), 1 OpenCV thread",
        "date": time.strftime("%Y-%m-%d"),
        "frame": f"{W}x{H}",
        "hog_width": args.hog_width,
        "stages_ms": {name: round(timed(fn, args.repeat), 2) for name, fn in stages.items()},
    }
    per_frame = [timed(lambda f=f: det.detect(f, 0.0), args.repeat) for f in frames]  # type: ignore[misc]
    result["detect_ms_median"] = round(statistics.median(per_frame), 2)
    result["detect_ms_max"] = round(max(per_frame), 2)
    result["frames"] = len(frames)
    result["labels"] = dict(Counter(d.label for f in frames for d in det.detect(f, 0.0)))
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
