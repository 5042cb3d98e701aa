"""Visual-archive service: `python -m services.visual_archive [--check]`.

Consumes `streams.KEYFRAMES` (group `visual-archive`): each keyframe's JPEG is read from the
blob store (`SPOTTER_ARCHIVE_BLOB_DIR`), embedded by the configured encoder
(`SPOTTER_ARCHIVE_ENCODER`, the classical descriptor by default) and stored in the vector
store (`SPOTTER_VECTOR_*`, collection `SPOTTER_ARCHIVE_COLLECTION`); then the camera's budget
(`SPOTTER_ARCHIVE_MAX_*`) is enforced. Idempotent by blob key, so a redelivery writes nothing
(see `spotter.archive.archive`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from spotter import streams
from spotter.archive import ArchiveSettings, VisualArchive, make_encoder
from spotter.blobstore import LocalBlobStore
from spotter.bus import Delivery
from spotter.messages import Keyframe
from spotter.service import ServiceContext, ServiceLoop, main_for
from spotter.vector import VectorSettings, make_vector_store

SERVICE = "visual-archive"


class VisualArchiveHandler:
    """One keyframe delivery: archive it (if new), then enforce its camera's budget."""

    def __init__(self, archive: VisualArchive) -> None:
        self.archive = archive

    def __call__(self, delivery: Delivery[Keyframe]) -> None:
        kf = delivery.message
        self.archive.add(kf)
        self.archive.enforce_budget(kf.camera_id)


def build(ctx: ServiceContext) -> ServiceLoop:
    settings, vector = ArchiveSettings(), VectorSettings()
    encoder = make_encoder(settings.encoder)  # a bad plug-in fails at start-up, not per keyframe
    consumer = ctx.consumer(streams.KEYFRAMES, streams.GROUP_VISUAL_ARCHIVE, model=Keyframe)

    def run(stop: threading.Event) -> None:
        store = make_vector_store(vector, settings.collection, encoder.dim)  # opened in the loop
        archive = VisualArchive(ctx.redis, store, LocalBlobStore(settings.blob_dir), encoder, settings)
        try:
            consumer.run(VisualArchiveHandler(archive), stop)
        finally:
            archive.close()

    return run


def main(argv: Sequence[str] | None = None) -> int:
    return main_for(SERVICE, build, argv)


if __name__ == "__main__":
    raise SystemExit(main())
