"""Ingest service: one thread per configured camera, `python -m services.ingest [--check]`.

Cameras come from `SPOTTER_INGEST_SOURCE` (+ `SPOTTER_INGEST_CAMERA_ID`) and
`SPOTTER_INGEST_SOURCES` (JSON camera_id -> rtsp:// URL or file). Live
cameras run until SIGTERM; files run once. A camera whose thread hits a Redis
error starts again after a backoff; the others are not affected.
"""

from __future__ import annotations

import logging
import random
import threading

from redis.exceptions import RedisError

from spotter.blobstore import LocalBlobStore
from spotter.errors import ConfigError
from spotter.ingest import IngestPipeline, IngestSettings
from spotter.messages import Camera
from spotter.service import ServiceContext, ServiceLoop, main_for

log = logging.getLogger("services.ingest")

SERVICE = "ingest"


def camera_worker(
    pipeline: IngestPipeline, camera: Camera, settings: IngestSettings, stop: threading.Event
) -> None:
    """Ingest one camera until `stop` (live) or its end (file), surviving Redis outages."""
    backoff = settings.backoff()
    attempt = 0
    registered = False
    while not stop.is_set():
        try:
            if not registered:
                pipeline.register_camera(camera)
                registered = True
            source = settings.make_source(camera.source, name=camera.camera_id)
            stats = pipeline.run_source(camera, source, stop)
            attempt = 0
            if not source.live:
                return  # a file is ingested once, whether it ended or failed
        except RedisError as exc:
            wait = backoff.delay(attempt, random.Random())
            attempt += 1
            log.warning("camera %s: redis error (%s); restarting in %.1f s", camera.camera_id, exc, wait)
            stop.wait(wait)
        else:
            log.info("camera %s: %s", camera.camera_id, stats.ended)


def build(ctx: ServiceContext) -> ServiceLoop:
    settings = IngestSettings()
    sources = settings.camera_sources()
    if not sources:
        raise ConfigError("no cameras: set SPOTTER_INGEST_SOURCE or SPOTTER_INGEST_SOURCES")
    pipeline = IngestPipeline(ctx.redis, LocalBlobStore(settings.blob_dir), settings)
    cameras = [
        Camera(camera_id=cam, source=uri, hfov_deg=settings.hfov_deg, projection=settings.projection, site=settings.site)
        for cam, uri in sources.items()
    ]

    def run(stop: threading.Event) -> None:
        threads = [
            threading.Thread(
                target=camera_worker, args=(pipeline, cam, settings, stop), name=f"ingest-{cam.camera_id}"
            )
            for cam in cameras
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    return run


def main(argv: list[str] | None = None) -> int:
    return main_for(SERVICE, build, argv)


if __name__ == "__main__":
    raise SystemExit(main())
