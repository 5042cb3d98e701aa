"""Person detection and PPE attributes on hand-labelled frames of real footage.

    python -m bench.detector_real [--json OUT]

The labels (tests/data/real_frames/person_labels.json) were drawn by hand on frames of the real
clips in SPOTTER_DATA_DIR; the frames are decoded again here. A detection of label `worker`
matches a labelled person when their IoU is at least 0.5 (and, as hand boxes are loose, also
reported at 0.3); each labelled person matches at most one detection, best IoU first. People
labelled `small` (< 20 px tall) are neither required nor counted against a detector. PPE: of the
matched people whose label says, the share whose `hardhat` the detector got right (a detector
that leaves it unknown is counted as unknown, not as wrong) and the share whose vest it got
right (no `vest` attribute reads as "none"). Speed: median ms per frame at 640x360.

Thresholds were chosen on the tuning clips (the Aria and GoPro frames) and are reported on the
held-out clip (the phone street frames, labelled by a fourth labeller, never used to choose
anything), beside the untuned first settings. The CenterNet rows need its converted model
(tools/convert_centernet.py) at SPOTTER_BENCH_CENTERNET or ~/.cache/spotter/models/centernet_coco.onnx;
without it they are left out and the output says so.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import av
import cv2
import numpy as np

from spotter.detect import Detector, make_detector_from_config
from spotter.detect.geometry import iou
from spotter.detect.settings import BuiltinDetectorConfig, PretrainedDetectorConfig

REPO = Path(__file__).resolve().parents[1]
HELD_OUT = ("phone_gyro_street",)
CENTERNET = Path(os.environ.get("SPOTTER_BENCH_CENTERNET", Path.home() / ".cache/spotter/models/centernet_coco.onnx"))
LABELS = REPO / "tests" / "data" / "real_frames" / "person_labels.json"
DATA = Path(os.environ.get("SPOTTER_DATA_DIR", REPO.parent / "shared" / "data"))


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    hardhat_right: int = 0
    hardhat_wrong: int = 0
    hardhat_unknown: int = 0
    vest_right: int = 0
    vest_wrong: int = 0

    @property
    def precision(self) -> float:
        """NaN when the detector said nothing (no precision to speak of)."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else float("nan")

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    def summary(self) -> dict[str, float | int]:
        said = self.hardhat_right + self.hardhat_wrong
        vests = self.vest_right + self.vest_wrong
        return {
            "tp": self.tp, "fp": self.fp, "fn": self.fn,
            "precision": None if self.tp + self.fp == 0 else round(self.precision, 3), "recall": round(self.recall, 3),
            "hardhat_accuracy": round(self.hardhat_right / said, 3) if said else None,
            "hardhat_said_share": round(said / (said + self.hardhat_unknown), 3) if said + self.hardhat_unknown else None,
            "vest_accuracy": round(self.vest_right / vests, 3) if vests else None,
        }  # fmt: skip


def load_frames(labels_path: Path = LABELS, data: Path = DATA) -> list[tuple[dict, np.ndarray]]:
    """(label entry, BGR frame) for every labelled frame, decoded from the clips in `data`."""
    doc = json.loads(labels_path.read_text())
    wanted: dict[str, set[int]] = {}
    for f in doc["frames"]:
        wanted.setdefault(f["source"], set()).add(int(f["frame_index"]))
    images: dict[tuple[str, int], np.ndarray] = {}
    for source, indices in wanted.items():
        path = data / source
        if not path.exists():
            raise FileNotFoundError(f"{path} (set SPOTTER_DATA_DIR to the folder holding the real clips)")
        if path.suffix.lower() in {".jpg", ".jpeg", ".png"}:
            img = cv2.imread(str(path))
            for i in indices:
                images[(source, i)] = img
            continue
        with av.open(str(path)) as container:
            for i, frame in enumerate(container.decode(video=0)):
                if i in indices:
                    images[(source, i)] = frame.to_ndarray(format="bgr24")
    return [(f, images[(f["source"], int(f["frame_index"]))]) for f in doc["frames"]]


def score_frames(detector: Detector, frames: Iterable[tuple[dict, np.ndarray]], min_iou: float) -> Score:
    score = Score()
    for entry, img in frames:
        people = entry["people"]
        dets = [d for d in detector.detect(img, 0.0) if d.label == "worker"]
        pairs = sorted(
            ((iou(tuple(p["box"]), d.bbox), i, j) for i, p in enumerate(people) for j, d in enumerate(dets)),
            reverse=True,
        )
        used_p: set[int] = set()
        used_d: set[int] = set()
        for overlap, i, j in pairs:
            if overlap < min_iou or i in used_p or j in used_d:
                continue
            used_p.add(i)
            used_d.add(j)
            if people[i]["small"]:
                continue
            score.tp += 1
            _score_ppe(score, people[i], dets[j].attributes)
        missed = sum(1 for i, p in enumerate(people) if i not in used_p and not p["small"])
        false = len(dets) - len(used_d)
        score.fn += missed
        score.fp += false
    return score


def _score_ppe(score: Score, person: dict, attributes: dict) -> None:
    if person.get("hardhat") is not None:
        said = attributes.get("hardhat")
        if said is None:
            score.hardhat_unknown += 1
        elif bool(said) == bool(person["hardhat"]):
            score.hardhat_right += 1
        else:
            score.hardhat_wrong += 1
    if person.get("vest") is not None:
        if str(attributes.get("vest", "none")) == person["vest"]:
            score.vest_right += 1
        else:
            score.vest_wrong += 1


def ms_per_frame(detector: Detector, frames: list[np.ndarray], size: tuple[int, int] = (640, 360)) -> float:
    imgs = [np.ascontiguousarray(cv2.resize(f, size, interpolation=cv2.INTER_AREA)) for f in frames]
    detector.detect(imgs[0], 0.0)  # warm-up
    times = []
    for img in imgs:
        t0 = time.perf_counter()
        detector.detect(img, 0.0)
        times.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(times)


def detectors() -> dict[str, tuple[str, BuiltinDetectorConfig | PretrainedDetectorConfig]]:
    out: dict[str, tuple[str, BuiltinDetectorConfig | PretrainedDetectorConfig]] = {
        "builtin (HOG + colour rules)": ("builtin", BuiltinDetectorConfig()),
        "ssd-oidv4 at 0.4 (first, untuned)": ("pretrained", PretrainedDetectorConfig(conf_threshold=0.4)),
        "ssd-oidv4 at 0.35 (default, tuned)": ("pretrained", PretrainedDetectorConfig()),
    }
    if CENTERNET.is_file():
        out["centernet-coco at 0.2 (first, untuned)"] = (
            "pretrained", PretrainedDetectorConfig(model="centernet-coco", path=CENTERNET, conf_threshold=0.2))
        out["centernet-coco at 0.5 (tuned)"] = (
            "pretrained", PretrainedDetectorConfig(model="centernet-coco", path=CENTERNET))
    return out


def run(min_ious: tuple[float, ...] = (0.5, 0.3)) -> dict:
    frames = load_frames()
    splits = {
        "held_out": [f for f in frames if f[0]["source"].split("/")[0] in HELD_OUT],
        "tuning": [f for f in frames if f[0]["source"].split("/")[0] not in HELD_OUT],
    }
    out: dict = {
        "frames": {k: len(v) for k, v in splits.items()},
        "people": {k: sum(1 for f, _ in v for p in f["people"] if not p["small"]) for k, v in splits.items()},
        "centernet": str(CENTERNET) if CENTERNET.is_file() else None,
        "detectors": {},
    }
    sample = [img for _, img in frames[:: max(1, len(frames) // 30)]]
    for name, (backend, config) in detectors().items():
        detector = make_detector_from_config(backend, config)  # type: ignore[arg-type]
        try:
            row: dict = {"ms_per_frame_640x360": round(ms_per_frame(detector, sample), 1)}
            for split, chosen in splits.items():
                for m in min_ious:
                    row[f"{split}_iou{m:g}"] = score_frames(detector, chosen, m).summary()
        finally:
            detector.close()
        out["detectors"][name] = row
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, default=REPO / "bench" / "results" / "detector_real.json")
    args = parser.parse_args(argv)
    result = run()
    print(f"labelled frames {result['frames']}, people (not small) {result['people']}")
    if result["centernet"] is None:
        print(f"  (no centernet-coco rows: {CENTERNET} not found; tools/convert_centernet.py makes it)")
    for name, row in result["detectors"].items():
        print(f"  {name}: {row['ms_per_frame_640x360']} ms/frame at 640x360")
        for key in ("held_out_iou0.5", "held_out_iou0.3", "tuning_iou0.5"):
            s = row[key]
            print(
                f"    {key:<16} P {s['precision'] if s['precision'] is not None else 'n/a (no detections)'} R {s['recall']:.3f} (tp {s['tp']} fp {s['fp']} fn {s['fn']}); "
                f"hardhat acc {s['hardhat_accuracy']} (said for {s['hardhat_said_share']}), vest acc {s['vest_accuracy']}"
            )
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

