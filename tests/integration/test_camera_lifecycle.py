"""Cameras over REST from registration to deletion, on real processes: the ingest and flow tracker services
over a real redis-server, a GStreamer RTSP camera, the API in-process (issue 12, item 2).

Registering starts ingest for the camera (nothing else configured); junk registrations sorting first do not
keep the flow tracker (two cameras a replica here) from the camera that sends frames; pausing stops the
frames and lets the flow tracker go; resuming starts them again; deleting with `forget` stops it and
removes what the bus held of it. The probe that filed the issue: registering did not start a camera, nothing
could stop one, and 70 junk cameras kept the flow tracker from the real one.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr
from redis import Redis

from bench.alert_latency import Service, service_env, start_service, wait_for
from spotter import streams
from spotter.api import ApiSettings, create_app
from spotter.graph import GraphSettings, SqliteGraphStore
from spotter.settings import BusSettings
from tests.integration.rtsp_harness import RtspTestServer, rtsp_server_available

pytestmark = [pytest.mark.integration, pytest.mark.slow]

KEY = "lifecycle-key-0123456789"
H = {"X-API-Key": KEY}
CAM = "zz-site-camera"  # sorts after every junk id


@pytest.fixture
def camera() -> Iterator[RtspTestServer]:
    missing = rtsp_server_available()
    if missing:
        pytest.fail(missing)
    with RtspTestServer() as server:
        yield server


def _api(tmp_path: Path, redis_url: str, **kw: object) -> TestClient:
    store = SqliteGraphStore(tmp_path / "g.sqlite3")
    store.init()
    store.close()
    return TestClient(create_app(ApiSettings(api_keys=[SecretStr(KEY)], **kw),  # type: ignore[arg-type]
                                 graph=GraphSettings(sqlite_path=str(tmp_path / "g.sqlite3")),
                                 bus=BusSettings(redis_url=SecretStr(redis_url))))  # fmt: skip


def test_register_pause_resume_delete(tmp_path: Path, redis: Redis, redis_url: str, camera: RtspTestServer) -> None:
    env = service_env(redis_url, tmp_path / "g.sqlite3", {
        "SPOTTER_INGEST_WATCH_REGISTRY": "true", "SPOTTER_INGEST_REGISTRY_POLL_S": "0.5",
        "SPOTTER_INGEST_BLOB_DIR": str(tmp_path / "blobs"), "SPOTTER_FLOW_MAX_CAMERAS": "2",
        "SPOTTER_FLOW_DISCOVER_INTERVAL_S": "0.5", "SPOTTER_BLOCK_MS": "50", "SPOTTER_HEARTBEAT_S": "0.5",
    })  # fmt: skip
    services: list[Service] = []
    frames = streams.frames_stream(CAM)
    try:
        with _api(tmp_path, redis_url) as api:
            for i in range(4):  # registered, never sending: nothing listens on port 1
                r = api.post("/v1/cameras", json={"camera_id": f"junk-{i}", "rtsp_url": "rtsp://127.0.0.1:1/none"},
                             headers=H)  # fmt: skip
                assert r.status_code == 201
            services.append(start_service("ingest", env, tmp_path, "ingest-1"))
            services.append(start_service("flow_tracker", env, tmp_path, "flow-1"))
            r = api.post("/v1/cameras", json={"camera_id": CAM, "rtsp_url": camera.url, "hfov_deg": 90.0}, headers=H)
            assert r.status_code == 201 and r.json()["paused"] is False
            wait_for(lambda: redis.exists(frames) and redis.xinfo_stream(frames)["entries-added"] > 20, 60.0,
                     "ingest to start the camera registered over REST")  # fmt: skip
            heading = streams.heading_track_key(CAM)
            wait_for(lambda: redis.zcard(heading) > 10, 60.0, "the flow tracker to take the sending camera")

            r = api.patch(f"/v1/cameras/{CAM}", json={"paused": True}, headers=H)
            assert r.status_code == 200 and r.json()["paused"] is True
            lease = streams.lease_key("flow-tracker", CAM)
            wait_for(lambda: not redis.exists(lease), 30.0, "the flow tracker to let the paused camera go")
            wait_for(lambda: not redis.exists(streams.lease_key("ingest", CAM)), 30.0, "ingest to stop it")
            before = redis.xinfo_stream(frames)["last-generated-id"]
            time.sleep(2.0)
            assert redis.xinfo_stream(frames)["last-generated-id"] == before, "no frames while paused"

            assert api.patch(f"/v1/cameras/{CAM}", json={"paused": False}, headers=H).status_code == 200
            wait_for(lambda: redis.xinfo_stream(frames)["last-generated-id"] != before, 60.0, "frames again")

            assert api.patch("/v1/cameras/nobody", json={"paused": True}, headers=H).status_code == 404
            assert api.patch(f"/v1/cameras/{CAM}", json={"paused": "maybe"}, headers=H).status_code == 422
            r = api.delete(f"/v1/cameras/{CAM}", params={"forget": "true"}, headers=H)
            assert r.status_code == 200 and "heading track" in r.json()["forgotten"]
            wait_for(lambda: not redis.exists(streams.lease_key("ingest", CAM)), 30.0, "ingest to stop the camera")
            time.sleep(1.5)  # a batch in flight when it was deleted must not bring the registration back
            assert not redis.hexists(streams.CAMERAS, CAM)
            listed = api.get("/v1/cameras", headers=H).json()["cameras"]
            assert CAM not in [c["camera_id"] for c in listed]
            assert api.delete(f"/v1/cameras/{CAM}", headers=H).status_code == 404
        for svc in services:
            assert svc.proc.poll() is None, f"{svc.name} exited"
    finally:
        for svc in services:
            svc.stop()


def test_the_number_of_cameras_is_capped(tmp_path: Path, redis: Redis, redis_url: str) -> None:
    with _api(tmp_path, redis_url, max_cameras=2) as api:
        for i in range(2):
            assert api.post("/v1/cameras", json={"camera_id": f"c{i}", "rtsp_url": "rtsp://127.0.0.1/x"},
                            headers=H).status_code == 201  # fmt: skip
        r = api.post("/v1/cameras", json={"camera_id": "c2", "rtsp_url": "rtsp://127.0.0.1/x"}, headers=H)
        assert r.status_code == 409 and "limit" in r.json()["detail"]
        again = api.post("/v1/cameras", json={"camera_id": "c1", "rtsp_url": "rtsp://127.0.0.1/y"}, headers=H)
        assert again.status_code == 201, "replacing a registered camera is not a new one"
