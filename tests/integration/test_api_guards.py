"""The API's guards against a real redis-server: key scopes, per-key rate, body size, stores that are down,
and protected docs and metrics (issue 12: every probe a regression test)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr
from redis import Redis

from spotter.api import ApiSettings, create_app
from spotter.api.guards import RateLimiter, required_scope
from spotter.graph import GraphSettings, SqliteGraphStore
from spotter.settings import BusSettings
from tests.integration.uvicorn_harness import serve

pytestmark = pytest.mark.integration

ADMIN, WRITE, READ = "admin-key-0123456789", "write-key-0123456789", "read-key-01234567890"
HOOK = {"url": "https://hooks.example.com/x", "secret": "whsec-0123456789abcdef"}


def _app(tmp_path: Path, redis_url: str, **kw: Any) -> TestClient:
    path = tmp_path / "graph.sqlite3"
    if not path.exists():
        store = SqliteGraphStore(path)
        store.init()
        store.close()
    settings = ApiSettings(api_keys=[SecretStr(ADMIN)], write_keys=[SecretStr(WRITE)], read_keys=[SecretStr(READ)],
                           **kw)  # fmt: skip
    return TestClient(create_app(settings, graph=GraphSettings(sqlite_path=str(path)),
                                 bus=BusSettings(redis_url=SecretStr(redis_url))))  # fmt: skip


@pytest.fixture
def client(tmp_path: Path, redis: Redis, redis_url: str) -> Iterator[TestClient]:
    with _app(tmp_path, redis_url) as c:
        yield c


def test_scopes_read_write_admin(client: TestClient) -> None:
    def as_(key: str) -> dict[str, str]:
        return {"X-API-Key": key}

    camera = {"camera_id": "cam-g", "rtsp_url": "rtsp://127.0.0.1:8554/live"}
    assert client.get("/v1/cameras", headers=as_(READ)).status_code == 200
    assert client.post("/v1/ask", json={"camera_id": "cam-g", "question": "where is the ladder?"},
                       headers=as_(READ)).status_code != 403  # fmt: skip
    r = client.post("/v1/cameras", json=camera, headers=as_(READ))
    assert r.status_code == 403 and "write" in r.json()["detail"]
    assert client.post("/v1/cameras", json=camera, headers=as_(WRITE)).status_code == 201
    assert client.post("/v1/webhooks", json=HOOK, headers=as_(WRITE)).status_code == 403
    assert client.get("/v1/webhooks", headers=as_(READ)).status_code == 403, "webhook URLs can hold tokens"
    assert client.put("/v1/sites/default/rules", json={}, headers=as_(WRITE)).status_code == 403
    assert client.put("/v1/cameras/cam-g/rules", json={}, headers=as_(WRITE)).status_code == 403
    assert client.get("/v1/sites/default/rules", headers=as_(READ)).status_code == 200
    assert client.put("/v1/sites/default/rules", json={}, headers=as_(ADMIN)).status_code == 200
    assert client.post("/v1/webhooks", json=HOOK, headers=as_(ADMIN)).status_code in (201, 400)
    assert client.get("/v1/cameras", headers=as_("wrong-key-0123456789")).status_code == 401


def test_required_scope_table() -> None:
    assert required_scope("GET", "/v1/cameras/{camera_id}/summary") == "read"
    assert required_scope("POST", "/v1/ask") == "read"
    assert required_scope("POST", "/v1/cameras") == "write"
    assert required_scope("POST", "/v1/alerts/{alert_id}/redeliver") == "write"
    assert required_scope("DELETE", "/v1/cameras/{camera_id}") == "admin"
    assert required_scope("GET", "/v1/webhooks") == "admin"
    assert required_scope("PUT", "/v1/sites/{site}/rules") == "admin"
    assert required_scope("GET", "/v1/cameras/{camera_id}/rules") == "read"


def test_each_key_has_its_own_rate(tmp_path: Path, redis: Redis, redis_url: str) -> None:
    with _app(tmp_path, redis_url, rate_per_s=0.5, rate_burst=3) as c:
        codes = [c.get("/v1/cameras", headers={"X-API-Key": READ}).status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        r = c.get("/v1/cameras", headers={"X-API-Key": READ})
        assert r.status_code == 429 and 1 <= int(r.headers["Retry-After"]) <= 2
        assert c.get("/v1/cameras", headers={"X-API-Key": ADMIN}).status_code == 200, "another key, another bucket"


def test_rate_limiter_refills() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=2.0, burst=2, clock=lambda: now[0])
    assert [limiter.take(b"k") for _ in range(2)] == [0.0, 0.0]
    assert limiter.take(b"k") == pytest.approx(0.5)
    now[0] = 0.5
    assert limiter.take(b"k") == 0.0
    assert RateLimiter(rate=0.0, burst=1).take(b"k") == 0.0, "0: off"


def test_bodies_over_the_limit_are_refused_as_they_arrive(tmp_path: Path, redis: Redis, redis_url: str) -> None:
    """A 100 MB body used to be read whole (790 MB RSS); now 413, by Content-Length or while streaming."""
    with _app(tmp_path, redis_url, max_body_bytes=4096) as c:
        big = b'{"camera_id": "cam-g", "question": "' + b"x" * 10_000 + b'"}'
        r = c.post("/v1/ask", content=big, headers={"X-API-Key": READ, "Content-Type": "application/json"})
        assert r.status_code == 413 and "4096" in r.json()["detail"]

        def chunks() -> Iterator[bytes]:  # no Content-Length: chunked transfer
            yield b'{"camera_id": "cam-g", "question": "'
            for _ in range(10):
                yield b"y" * 1000
            yield b'"}'

        r = c.post("/v1/ask", content=chunks(), headers={"X-API-Key": READ, "Content-Type": "application/json"})
        assert r.status_code == 413
        small = c.post("/v1/cameras", json={"camera_id": "cam-h", "rtsp_url": "rtsp://127.0.0.1/x"},
                       headers={"X-API-Key": WRITE})  # fmt: skip
        assert small.status_code == 201


def test_a_redis_outage_is_503_with_retry_after_never_500(tmp_path: Path) -> None:
    with socket.socket() as s:  # a loopback port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with _app(tmp_path, f"redis://127.0.0.1:{port}/0") as c:
        for method, url, body in [("GET", "/v1/cameras", None), ("GET", "/v1/alerts", None),
                                  ("GET", "/v1/cameras/cam-g/heading?t=1", None),
                                  ("POST", "/v1/cameras", {"camera_id": "cam-g", "rtsp_url": "rtsp://127.0.0.1/x"})]:  # fmt: skip
            r = c.request(method, url, json=body, headers={"X-API-Key": ADMIN})
            assert r.status_code == 503, (url, r.status_code, r.text)
            assert int(r.headers["Retry-After"]) >= 1 and str(port) not in r.text


def test_docs_and_metrics_can_be_protected(tmp_path: Path, redis: Redis, redis_url: str) -> None:
    with _app(tmp_path, redis_url, protect_docs=True, protect_metrics=True) as c:
        for url in ("/docs", "/redoc"):
            assert c.get(url).status_code == 404
        for url in ("/openapi.json", "/metrics"):
            assert c.get(url).status_code == 401
            assert c.get(url, headers={"X-API-Key": READ}).status_code == 200
        assert "paths" in c.get("/openapi.json", headers={"X-API-Key": READ}).json()
        assert c.get("/healthz").status_code == 200


def test_a_real_server_resets_nothing_after_a_413(tmp_path: Path, redis: Redis, redis_url: str) -> None:
    """Through uvicorn: the client gets its 413 (not a reset connection) and the next request works."""
    path = tmp_path / "graph.sqlite3"
    store = SqliteGraphStore(path)
    store.init()
    store.close()
    settings = ApiSettings(api_keys=[SecretStr(ADMIN)], max_body_bytes=2048)
    app = create_app(settings, graph=GraphSettings(sqlite_path=str(path)), bus=BusSettings(redis_url=SecretStr(redis_url)))
    with serve(app) as url, httpx.Client(base_url=url, headers={"X-API-Key": ADMIN}, timeout=10) as http:
        r = http.post("/v1/ask", content=b"{" + b" " * 100_000 + b"}", headers={"Content-Type": "application/json"})
        assert r.status_code == 413
        assert http.get("/v1/cameras").status_code == 200
