"""Turn the hand labellers' files into tests/data/real_frames/person_labels.json (source-pixel boxes).

The labellers saw frames decoded from the real clips (the folder and manifest that
`tools/export_label_frames.py` writes; the frames themselves are never committed) and wrote boxes in
the pixels of the image they were shown. This maps each box to the clip's own pixels and records
where every frame comes from, so `bench.detector_real` can decode the same frames again.

    python tools/import_person_labels.py FRAMES_DIR/manifest.json LABELS.json [LABELS.json ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "real_frames" / "person_labels.json"


def main(argv: list[str]) -> int:
    manifest = {m["image"]: m for m in json.loads(Path(argv[0]).read_text())}
    frames = []
    for labels_file in argv[1:]:
        for entry in json.loads(Path(labels_file).read_text()):
            m = manifest[entry["image"]]
            s = float(m["scale_to_source"])
            people = []
            for p in entry["people"]:
                x1, y1, x2, y2 = (float(v) * s for v in p["box"])
                people.append({
                    "box": [round(min(x1, x2), 1), round(min(y1, y2), 1), round(max(x1, x2), 1), round(max(y1, y2), 1)],
                    "hardhat": p.get("hardhat"), "vest": p.get("vest"),
                    "truncated": bool(p.get("truncated")), "small": bool(p.get("small")),
                })  # fmt: skip
            frames.append({
                "source": m["source"], "frame_index": m["frame_index"], "labeller": Path(labels_file).stem,
                "people": people,
            })  # fmt: skip
    frames.sort(key=lambda f: (f["source"], f["frame_index"]))
    doc = {
        "about": (
            "Hand labels of people (box, hard hat, vest) on frames of the real clips (SPOTTER_DATA_DIR, the "
            "clips' SOURCE.md files say where each comes from). Boxes in the clip's own pixels. Labelled by four "
            "independent labellers who looked at each frame and checked their boxes by drawing them; no "
            "detector was run. No footage is stored here."
        ),
        "frames": frames,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(doc, indent=1) + "\n")
    n_people = sum(len(f["people"]) for f in frames)
    print(f"wrote {OUT}: {len(frames)} frames, {n_people} people")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
