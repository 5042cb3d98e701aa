"""The built-in classical detector on images drawn with cv2: HOG parity with OpenCV 4, each colour/shape rule,
motion energy, and the settings/factory plumbing."""

from __future__ import annotations

import hashlib

import cv2
import numpy as np
import pytest

from spotter.detect import (
    BuiltinDetectorConfig,
    Detector,
    DetectorError,
    DetectorSettings,
    make_detector,
)
from spotter.detect.builtin import BuiltinDetector
from spotter.detect.geometry import Box, iou
from spotter.detect.hog import detect_people, people_svm, window_scores
from spotter.detect.motion import global_shift, motion_energy
from spotter.errors import ConfigError
from spotter.messages import Detection

Image = np.ndarray


def frame(bg: int = 150) -> Image:
    return np.full((360, 640, 3), bg, np.uint8)


def person(img: Image, x: int, y: int, s: float = 2.6, hat: tuple[int, int, int] | None = None,
           vest: tuple[int, int, int] | None = None) -> None:
    """A dark upright silhouette about 100*s px tall with its feet at (x, y)."""

    def p(px: float, py: float) -> tuple[int, int]:
        return int(x + px * s), int(y - py * s)

    c = (50, 50, 50)
    cv2.circle(img, p(0, 92), int(8 * s), c, -1)
    cv2.ellipse(img, p(0, 62), (int(13 * s), int(22 * s)), 0, 0, 360, c, -1)
    for a, b, wdt in (((-5, 42), (-9, 0), 8), ((5, 42), (9, 0), 8), ((-12, 78), (-17, 45), 6), ((12, 78), (17, 45), 6)):
        cv2.line(img, p(*a), p(*b), c, int(wdt * s))
    if vest is not None:
        cv2.ellipse(img, p(0, 62), (int(11 * s), int(16 * s)), 0, 0, 360, vest, -1)
    if hat is not None:
        cv2.ellipse(img, p(0, 96), (int(10 * s), int(7 * s)), 0, 180, 360, hat, -1)


def hivis_vest(img: Image, x1: int, y1: int, x2: int, y2: int, colour: tuple[int, int, int] = (0, 230, 200)) -> None:
    """A hi-vis vest seen from the front: its colour with a silver retro-reflective band across it."""
    cv2.rectangle(img, (x1, y1), (x2, y2), colour, -1)
    band = y1 + (y2 - y1) * 6 // 10
    cv2.rectangle(img, (x1, band), (x2, band + max(3, (y2 - y1) // 8)), (200, 200, 200), -1)


def cone(img: Image, x: int, base_y: int, w: int = 40, h: int = 70) -> None:
    pts = np.array([[x - w // 2, base_y], [x + w // 2, base_y], [x, base_y - h]], np.int32)
    cv2.fillPoly(img, [pts], (0, 100, 255))
    cv2.line(img, (x - w // 4, base_y - h // 2), (x + w // 4, base_y - h // 2), (255, 255, 255), 4)


def ladder(img: Image, x: int, top: int, bottom: int, width: int = 60, lean: int = 20) -> None:
    colour = (40, 40, 40)
    cv2.line(img, (x, top), (x + lean, bottom), colour, 5)
    cv2.line(img, (x + width, top), (x + width + lean, bottom), colour, 5)
    for y in range(top + 20, bottom - 5, 35):
        xa = x + (y - top) * lean / (bottom - top)
        cv2.line(img, (int(xa), y), (int(xa + width), y), colour, 4)


def brick_wall(img: Image, x1: int, y1: int, x2: int, y2: int, course: int = 14) -> None:
    img[y1:y2, x1:x2] = (50, 70, 150)  # BGR red-brown
    for row, y in enumerate(range(y1, y2, course)):
        cv2.line(img, (x1, y), (x2, y), (190, 190, 190), 2)
        offset = 0 if row % 2 == 0 else 20
        for x in range(x1 + offset, x2, 40):
            cv2.line(img, (x, y), (x, min(y2, y + course)), (190, 190, 190), 2)


def detector(**kw: object) -> BuiltinDetector:
    return BuiltinDetector.from_config(BuiltinDetectorConfig(**kw))  # type: ignore[arg-type]


def by_label(dets: list[Detection], label: str) -> list[Detection]:
    return [d for d in dets if d.label == label]


def contains(box: Box, inner: Box, slack: float = 6.0) -> bool:
    return (box[0] - slack <= inner[0] and box[1] - slack <= inner[1] and inner[2] <= box[2] + slack
            and inner[3] <= box[3] + slack)


# --- HOG --------------------------------------------------------------------------------------


def hog_reference_image() -> Image:
    img = np.zeros((160, 96, 3), np.uint8)
    for y in range(160):
        img[y, :, :] = (y * 255 // 160, 90, 255 - y * 255 // 160)
    cv2.circle(img, (48, 30), 12, (230, 230, 230), -1)
    cv2.rectangle(img, (34, 44), (62, 100), (0, 140, 255), -1)
    cv2.line(img, (40, 100), (30, 150), (40, 40, 40), 6)
    cv2.line(img, (56, 100), (66, 150), (40, 40, 40), 6)
    cv2.line(img, (34, 50), (18, 90), (60, 60, 200), 5)
    return img


# cv2.HOGDescriptor (OpenCV 4.14, default people SVM).detect(img, hitThreshold=-1000, winStride=(8, 8),
# padding=(0, 0)) on hog_reference_image(): window (row, col) -> SVM score.
OPENCV4_SCORES = {
    (0, 0): -5.41444, (0, 2): -1.72818, (0, 4): -6.35604, (1, 2): -1.09486, (2, 1): -3.30605,
    (3, 3): -4.58536, (4, 0): -3.78668, (4, 2): -3.97543, (4, 4): -6.39445,
}


def test_hog_window_scores_match_opencv4() -> None:
    scores = window_scores(hog_reference_image())
    assert scores.shape == (5, 5)
    for (r, c), expected in OPENCV4_SCORES.items():
        assert scores[r, c] == pytest.approx(expected, abs=2e-3), (r, c)


def test_hog_weights_are_opencv_default_people_detector() -> None:
    weights, bias = people_svm()
    assert weights.shape == (7, 15, 36)
    raw = np.concatenate([weights.transpose(0, 1, 2).reshape(-1), [bias]]).astype("<f4").tobytes()
    assert hashlib.sha256(raw).hexdigest() == "cb2198952eaa5bc7e43d950b9f2aa1966528063c7295c7262133e7fa0d3d564c"


def test_hog_finds_drawn_people_and_nothing_in_a_flat_frame() -> None:
    img = frame(190)
    person(img, 200, 330)
    person(img, 450, 330)
    img = cv2.GaussianBlur(img, (5, 5), 0)
    small = cv2.resize(img, (320, 180), interpolation=cv2.INTER_AREA)
    hits = detect_people(small)
    assert len(hits) == 2
    centres = sorted((h.bbox[0] + h.bbox[2]) / 2 * 2 for h in hits)
    assert abs(centres[0] - 200) < 30 and abs(centres[1] - 450) < 30
    assert detect_people(cv2.resize(frame(190), (320, 180))) == []


def test_builtin_worker_with_and_without_hardhat() -> None:
    img = frame(190)
    person(img, 200, 330, hat=(0, 220, 255))  # yellow hat
    person(img, 450, 330)
    img = cv2.GaussianBlur(img, (5, 5), 0)
    workers = sorted(by_label(detector().detect(img, 1.0), "worker"), key=lambda d: d.bbox[0])
    assert len(workers) == 2, workers
    hat, bare = workers
    assert hat.attributes.get("hardhat") is True and hat.attributes.get("hardhat_color") == "yellow"
    assert bare.attributes.get("hardhat") is False
    for w in workers:
        assert 0.5 <= w.score <= 1.0


def test_vest_on_worker_and_vest_only_worker() -> None:
    img = frame(190)
    person(img, 450, 330)
    cv2.ellipse(img, (450, 330 - int(62 * 2.6)), (22, 36), 0, 0, 360, (0, 120, 255), -1)  # orange vest on the torso
    hivis_vest(img, 120, 150, 160, 205)  # a yellow-lime vest, nobody HOG can see
    img = cv2.GaussianBlur(img, (5, 5), 0)
    workers = sorted(by_label(detector().detect(img, 0.0), "worker"), key=lambda d: d.bbox[0])
    assert len(workers) == 2, workers
    vest_only, seen = workers
    assert seen.attributes.get("vest") == "orange"
    assert vest_only.attributes.get("vest") == "yellow"
    assert vest_only.score <= 0.35
    assert contains(vest_only.bbox, (120, 150, 160, 205))
    assert "hardhat" not in vest_only.attributes  # a guessed head never says "no hard hat"


def test_head_cut_by_the_frame_gives_no_hardhat_attribute() -> None:
    img = frame(190)
    person(img, 320, 380, s=3.6)  # taller than the frame: head above the top edge
    img = cv2.GaussianBlur(img, (5, 5), 0)
    for w in by_label(detector(hog_width=640).detect(img, 0.0), "worker"):
        if w.bbox[1] <= 2:
            assert "hardhat" not in w.attributes


# --- colour and shape rules ---------------------------------------------------------------------


def test_cone_toolboxes_ladder_and_brick_wall() -> None:
    img = frame()
    cone(img, 100, 300)
    cv2.rectangle(img, (200, 280), (270, 315), (30, 30, 200), -1)  # red toolbox
    cv2.rectangle(img, (300, 300), (350, 330), (200, 60, 20), -1)  # blue toolbox
    ladder(img, 420, 40, 330)
    brick_wall(img, 20, 10, 330, 150)
    dets = detector(hog_width=0).detect(img, 0.0)
    cones = by_label(dets, "cone")
    assert len(cones) == 1 and iou(cones[0].bbox, (80, 230, 120, 300)) > 0.8
    boxes = sorted(by_label(dets, "toolbox"), key=lambda d: d.bbox[0])
    assert [b.attributes.get("color") for b in boxes] == ["red", "blue"]
    assert iou(boxes[0].bbox, (200, 280, 271, 316)) > 0.85
    assert iou(boxes[1].bbox, (300, 300, 351, 331)) > 0.85
    ladders = by_label(dets, "ladder")
    assert len(ladders) == 1
    assert contains((415, 35, 505, 335), ladders[0].bbox) and ladders[0].bbox[3] - ladders[0].bbox[1] > 150
    walls = by_label(dets, "brick_wall")
    assert len(walls) == 1 and iou(walls[0].bbox, (20, 10, 330, 150)) > 0.8
    for d in dets:
        assert 0.0 <= d.score <= 1.0
        x1, y1, x2, y2 = d.bbox
        assert 0 <= x1 < x2 <= 640 and 0 <= y1 < y2 <= 360


def test_rules_reject_look_alikes() -> None:
    img = frame()
    cv2.rectangle(img, (60, 200), (110, 300), (0, 100, 255), -1)  # orange but not tapered: not a cone
    cv2.circle(img, (250, 250), 40, (30, 30, 200), -1)  # red but round: not a toolbox
    cv2.line(img, (420, 40), (440, 330), (40, 40, 40), 5)  # two rails, no rungs: not a ladder
    cv2.line(img, (480, 40), (500, 330), (40, 40, 40), 5)
    img[20:150, 200:600] = (50, 70, 150)  # brick-coloured but plain: not a brick wall
    dets = detector(hog_width=0).detect(img, 0.0)
    assert not by_label(dets, "cone") and not by_label(dets, "toolbox")
    assert not by_label(dets, "ladder") and not by_label(dets, "brick_wall")


def test_noise_and_flat_frames_give_nothing() -> None:
    rng = np.random.default_rng(1)
    noise = rng.integers(0, 255, (360, 640, 3), dtype=np.uint8)
    d = detector()
    assert d.detect(frame(), 0.0) == []
    assert [x.label for x in d.detect(noise, 0.0)] == []
    assert [x.label for x in d.detect(cv2.GaussianBlur(noise, (7, 7), 0), 0.0)] == []


def test_large_frames_are_processed_downscaled_and_mapped_back() -> None:
    img = frame()
    cv2.rectangle(img, (200, 280), (270, 315), (30, 30, 200), -1)
    big = cv2.resize(img, (1280, 720), interpolation=cv2.INTER_NEAREST)
    (box,) = by_label(detector(hog_width=0).detect(big, 0.0), "toolbox")
    assert iou(box.bbox, (400, 560, 542, 632)) > 0.85


def test_bad_image_is_a_detector_error() -> None:
    with pytest.raises(DetectorError):
        detector().detect(np.zeros((10, 10), np.uint8), 0.0)
    with pytest.raises(DetectorError):
        detector().detect(np.zeros((10, 10, 3), np.float32), 0.0)  # type: ignore[arg-type]


# --- motion -------------------------------------------------------------------------------------


def textured(seed: int = 3) -> Image:
    rng = np.random.default_rng(seed)
    small = rng.integers(0, 255, (45, 80, 3), dtype=np.uint8)
    return cv2.resize(small, (640, 360), interpolation=cv2.INTER_CUBIC)


def test_motion_energy_sees_the_moving_box_not_the_static_one() -> None:
    prev = textured()
    cur = prev.copy()
    cv2.rectangle(prev, (100, 100), (160, 200), (0, 0, 255), -1)
    cv2.rectangle(cur, (130, 100), (190, 200), (0, 0, 255), -1)
    assert motion_energy(prev, cur, (90, 90, 200, 210)) > 0.3
    assert motion_energy(prev, cur, (400, 100, 500, 200)) < 0.02
    assert motion_energy(prev, cur, (700, 0, 800, 10)) == 0.0  # outside the frame


def test_motion_energy_compensates_camera_pan() -> None:
    base = textured(5)
    prev = base[:, 0:600].copy()
    cur = base[:, 12:612].copy()  # the camera panned right: content moved 12 px left
    dx, dy, response = global_shift(prev, cur)
    assert dx == pytest.approx(-12, abs=1.0) and dy == pytest.approx(0, abs=1.0) and response > 0.2
    box = (200.0, 100.0, 300.0, 250.0)
    assert motion_energy(prev, cur, box, align=False) > 0.3
    assert motion_energy(prev, cur, box) < 0.05


# --- settings and factory -----------------------------------------------------------------------


def test_make_detector_builds_the_builtin_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPOTTER_DETECT_BACKEND", "builtin")
    monkeypatch.setenv("SPOTTER_DETECT_HOG_WIDTH", "480")
    settings = DetectorSettings()
    det = make_detector(settings)
    assert isinstance(det, BuiltinDetector) and isinstance(det, Detector)
    assert det.name == "builtin" and det.config.hog_width == 480
    det.close()
    det.close()


def test_missing_backend_settings_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="ONNX_PATH"):
        make_detector(DetectorSettings(backend="onnx"))
    with pytest.raises(ConfigError, match="EXTERNAL_PATH"):
        make_detector(DetectorSettings(backend="external"))


def test_backend_configs_are_strict() -> None:
    with pytest.raises(ValueError):
        BuiltinDetectorConfig(hog_widht=320)  # type: ignore[call-arg]
    with pytest.raises(ValueError):
        DetectorSettings(backend="yolo")  # type: ignore[arg-type]


def test_bench_runs_on_the_drawn_scene(capsys: pytest.CaptureFixture[str]) -> None:
    from spotter.detect.bench import main

    assert main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert '"detect_ms_median"' in out and '"worker": 2' in out and '"ladder": 1' in out


def test_importing_the_package_loads_no_backend() -> None:
    import subprocess
    import sys

    code = (
        "import sys, spotter.detect as d; d.DetectorSettings();"
        "loaded = [m for m in ('spotter.detect.builtin', 'spotter.detect.onnx_yolo', 'spotter.detect.external',"
        " 'spotter.detect.hog', 'spotter.detect.pretrained', 'ai_edge_litert', 'onnx') if m in sys.modules];"
        " print(loaded); sys.exit(1 if loaded else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_sunlit_brickwork_is_not_a_vest_only_worker() -> None:
    img = frame(190)
    bricks = np.full((60, 45, 3), 0, np.uint8)
    bricks[:] = cv2.cvtColor(np.uint8([[[8, 190, 190]]]), cv2.COLOR_HSV2BGR)[0, 0]  # orange-range and brick-range
    img[150:210, 120:165] = bricks
    hivis_vest(img, 420, 150, 460, 205)  # a hi-vis vest, nobody HOG can see
    workers = by_label(detector().detect(cv2.GaussianBlur(img, (5, 5), 0), 0.0), "worker")
    assert len(workers) == 1 and contains(workers[0].bbox, (420, 150, 460, 205)), workers


def test_solid_panels_and_vests_cut_by_the_frame_are_not_vest_only_workers() -> None:
    """A yellow container or a painted panel has the colour and the shape of a vest but no reflective band;
    a blob cut by the frame's side cannot be judged. Only the banded vest in full view is a worker."""
    img = frame(190)
    cv2.rectangle(img, (120, 150), (160, 205), (0, 230, 200), -1)  # solid yellow panel, torso-shaped
    cv2.rectangle(img, (250, 150), (290, 205), (0, 120, 255), -1)  # solid orange panel
    hivis_vest(img, 600, 150, 639, 205)  # a banded vest, but touching the right edge
    hivis_vest(img, 420, 150, 460, 205)  # a banded vest in full view
    workers = by_label(detector().detect(cv2.GaussianBlur(img, (5, 5), 0), 0.0), "worker")
    assert len(workers) == 1 and contains(workers[0].bbox, (420, 150, 460, 205)), workers
