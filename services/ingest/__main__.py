"""Ingest service: one thread per camera, `python -m services.ingest [--check]`.

Cameras come from `SPOTTER_INGEST_SOURCE` (+ `SPOTTER_INGEST_CAMERA_ID`) and
`SPOTTER_INGEST_SOURCES` (JSON camera_id -> rtsp:// URL or file), and, with
`SPOTTER_INGEST_WATCH_REGISTRY` (default on), the cameras registered over REST.
Every `registry_poll_s` the supervisor reads the cameras hash: a camera registered
or resumed starts, one paused or deleted stops; a configured camera Redis lost (a
restart with no data) is registered again. Each camera is held by one replica at a
time (a lease, renewed every poll), so replicas share the REST cameras without
ingesting one twice. Live cameras run until stopped; files run once. A camera whose
thread hits a Redis error starts again after a backoff; the others are not affected.
"""

from __future__ import annotations

import contextlib
import logging
import random
import threading
import uuid
from dataclasses import dataclass

from redis import Redis
from redis.exceptions import RedisError

from spotter import streams
from spotter.blobstore import LocalBlobStore
from spotter.bus import TRANSIENT_ERRORS
from spotter.errors import ConfigError
from spotter.ingest import IngestPipeline, IngestSettings
from spotter.messages import Camera
from spotter.service import ServiceContext, ServiceLoop, main_for

log = logging.getLogger("services.ingest")

SERVICE = "ingest"

# Take the lease if free, renew it if ours; 1 when this replica holds the camera.
_HOLD = """
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""
_LET_GO = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


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


@dataclass
class _Running:
    camera: Camera
    stop: threading.Event
    thread: threading.Thread


class Supervisor:
    """Which cameras this replica ingests, from its configuration and the cameras hash."""

    def __init__(self, redis: Redis, pipeline: IngestPipeline, settings: IngestSettings, configured: list[Camera]):
        self.redis = redis
        self.pipeline = pipeline
        self.settings = settings
        self.configured = {c.camera_id: c for c in configured}
        self.token = uuid.uuid4().hex
        self.lease_ms = int(max(10.0, 5 * settings.registry_poll_s) * 1000)
        self.running: dict[str, _Running] = {}
        self.finished: dict[str, float] = {}  # file cameras done, by the registration they ran under
        self._hold = redis.register_script(_HOLD)
        self._let_go = redis.register_script(_LET_GO)

    def wanted(self) -> dict[str, Camera]:
        """The cameras that should run now: configured ones (registered again if Redis lost them) and, when
        watching, the registered ones; never paused or deleted ones."""
        registry = {}
        for cam_id, raw in self.redis.hgetall(streams.CAMERAS).items():
            try:
                registry[_text(cam_id)] = Camera.model_validate_json(raw)
            except ValueError:
                log.warning("cameras hash: unreadable entry for %r", cam_id)
        deleted = {_text(m) for m in self.redis.smembers(streams.DELETED_CAMERAS)}
        out: dict[str, Camera] = {}
        for cam_id, camera in self.configured.items():
            if cam_id in deleted:
                continue
            if cam_id not in registry:
                self.redis.hsetnx(streams.CAMERAS, cam_id, camera.model_dump_json())
            current = registry.get(cam_id, camera)
            if not current.paused:
                out[cam_id] = camera
        if self.settings.watch_registry:
            for cam_id, camera in registry.items():
                if cam_id not in out and cam_id not in self.configured and not camera.paused:
                    out[cam_id] = camera
        return out

    def poll(self) -> None:
        """One round: stop what is no longer wanted or held, start what is wanted and free."""
        wanted = self.wanted()
        for cam_id, run in list(self.running.items()):
            if not run.thread.is_alive():
                del self.running[cam_id]
                if not run.stop.is_set():  # it ended by itself (a file): not again under this registration
                    self.finished[cam_id] = run.camera.registered_at
                continue
            held = cam_id in wanted and self._hold(keys=[self._lease(cam_id)], args=[self.token, self.lease_ms])
            if not held:
                log.info("camera %s: stopping (paused, deleted or taken by another replica)", cam_id)
                run.stop.set()
        for cam_id, camera in wanted.items():
            if cam_id in self.running or self.finished.get(cam_id) == camera.registered_at:
                continue  # running, or a file camera done under this registration
            if not self._hold(keys=[self._lease(cam_id)], args=[self.token, self.lease_ms]):
                continue  # another replica ingests it
            stop = threading.Event()
            thread = threading.Thread(target=camera_worker, args=(self.pipeline, camera, self.settings, stop),
                                      name=f"ingest-{cam_id}")  # fmt: skip
            self.running[cam_id] = _Running(camera, stop, thread)
            thread.start()
            log.info("camera %s: started", cam_id)

    def run(self, stop: threading.Event) -> None:
        try:
            while not stop.is_set():
                try:
                    self.poll()
                except TRANSIENT_ERRORS as exc:
                    log.warning("camera registry unavailable (%s); cameras keep running", exc)
                if not self.settings.watch_registry and not self.running and not stop.is_set():
                    done = set(self.finished)
                    if done >= set(self.configured):
                        return  # only files, all done: the service ends as before
                stop.wait(self.settings.registry_poll_s)
        finally:
            for run in self.running.values():
                run.stop.set()
            for cam_id, run in self.running.items():
                run.thread.join()
                with contextlib.suppress(*TRANSIENT_ERRORS):  # else the lease expires by itself
                    self._let_go(keys=[self._lease(cam_id)], args=[self.token])

    @staticmethod
    def _lease(camera_id: str) -> str:
        return str(streams.lease_key(SERVICE, camera_id))


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def build(ctx: ServiceContext) -> ServiceLoop:
    settings = IngestSettings()
    sources = settings.camera_sources()
    if not sources and not settings.watch_registry:
        raise ConfigError("no cameras: set SPOTTER_INGEST_SOURCE or SPOTTER_INGEST_SOURCES")
    pipeline = IngestPipeline(ctx.redis, LocalBlobStore(settings.blob_dir), settings)
    cameras = [
        Camera(camera_id=cam, source=uri, hfov_deg=settings.hfov_deg, projection=settings.projection, site=settings.site)
        for cam, uri in sources.items()
    ]
    return Supervisor(ctx.redis, pipeline, settings, cameras).run


def main(argv: list[str] | None = None) -> int:
    return main_for(SERVICE, build, argv)


if __name__ == "__main__":
    raise SystemExit(main())
