"""Captioner service: `python -m services.captioner [--check]`.

Consumes `streams.CLIPS` (group `captioner`), turns each clip's sampled frames
into tracked observations and a caption, and publishes the `Caption` on
`streams.CAPTIONS` (acked after the publish; see `spotter.caption.service`).
The frames come from the detector chosen by `SPOTTER_DETECT_*` run on the
clip's keyframes in `SPOTTER_CAPTIONER_BLOB_DIR`, or, with
`SPOTTER_DETECT_BACKEND=external`, from the DetectionFrames on
`streams.DETECTIONS`. `SPOTTER_CAPTION_BACKEND=vlm` captions with a
vision-language model (template fallback).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from spotter import streams
from spotter.blobstore import LocalBlobStore
from spotter.caption import CaptionerSettings, make_vlm
from spotter.caption.service import SERVICE, CaptionerHandler, CaptionerServiceSettings
from spotter.detect import DetectorSettings, make_detector
from spotter.messages import Clip
from spotter.service import ServiceContext, ServiceLoop, main_for


def build(ctx: ServiceContext) -> ServiceLoop:
    settings, detect, caption = CaptionerServiceSettings(), DetectorSettings(), CaptionerSettings()
    external = detect.backend == "external"
    consumer = ctx.consumer(streams.CLIPS, streams.GROUP_CAPTIONER, model=Clip)
    # Built now, so a missing model file or bad setting fails at start-up (exit 1), not per clip.
    detector = None if external else make_detector(detect)
    vlm = make_vlm(caption)

    def run(stop: threading.Event) -> None:
        try:
            handler = CaptionerHandler(
                ctx.redis, detector, LocalBlobStore(settings.blob_dir), settings,
                external=external, vlm=vlm, stop=stop,
            )  # fmt: skip
            consumer.run(handler, stop)
        finally:
            if detector is not None:
                detector.close()

    return run


def main(argv: Sequence[str] | None = None) -> int:
    return main_for(SERVICE, build, argv)


if __name__ == "__main__":
    raise SystemExit(main())
