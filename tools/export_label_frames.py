"""Decode the frames hand labellers look at, from the real clips, into a scratch folder (never committed).

    python tools/export_label_frames.py OUT_DIR      # SPOTTER_DATA_DIR: the folder holding the clips

All frames of the two Aria clips (downscaled 2x to 1280x960), every other frame of the phone street
clip, every third frame of the GoPro walk; OUT_DIR/manifest.json says which source frame each image
is and the factor from its pixels to the source's. tools/import_person_labels.py reads it back.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import av
import cv2

DATA = Path(os.environ.get("SPOTTER_DATA_DIR", Path(__file__).resolve().parents[2] / "shared" / "data"))


def main(argv: list[str]) -> int:
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    manifest = []

    def save(group: str, name: str, img, source: str, index: int, scale: float) -> None:
        folder = out / group
        folder.mkdir(exist_ok=True)
        path = folder / f"{name}.jpg"
        cv2.imwrite(str(path), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
        manifest.append({"clip": group, "image": str(path), "source": source, "frame_index": index,
                         "width": img.shape[1], "height": img.shape[0], "scale_to_source": scale})

    for clip in ("test_face_video.mp4", "test_lp_video.mp4"):
        with av.open(str(DATA / "aria_gen2_ego_clips" / clip)) as container:
            for i, frame in enumerate(container.decode(video=0)):
                img = cv2.resize(frame.to_ndarray(format="bgr24"), (1280, 960), interpolation=cv2.INTER_AREA)
                save("aria", f"{clip[:-4]}_{i:03d}", img, f"aria_gen2_ego_clips/{clip}", i, 2.0)
    for n in range(99, 202, 2):
        img = cv2.imread(str(DATA / "phone_gyro_street" / "frames" / f"RE_frame-{n}.jpg"))
        save("phone", f"RE_frame-{n}", img, f"phone_gyro_street/frames/RE_frame-{n}.jpg", n, 1.0)
    with av.open(str(DATA / "gopro_max_walk" / "max-heromode.mp4")) as container:
        for i, frame in enumerate(container.decode(video=0)):
            if i % 3 == 0:
                group = "gopro_a" if i < 158 else "gopro_b"
                save(group, f"max-heromode_{i:03d}", frame.to_ndarray(format="bgr24"),
                     "gopro_max_walk/max-heromode.mp4", i, 1.0)
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    print(f"{len(manifest)} frames in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
