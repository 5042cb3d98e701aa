"""The REST API against a real redis-server and a tmp SQLite graph filled by WorldModel."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr
from redis import Redis

from spotter import streams
from spotter.api import ApiSettings, create_app
from spotter.graph import GraphSettings, SqliteGraphStore
from spotter.heading.track import gap_member
from spotter.settings import BusSettings
from spotter.tools import (
    ChangesResult,
    EntitiesAtTimeResult,
    EntitiesInDirectionResult,
    EntityInfoResult,
    EntityTimelineResult,
    HeadingAtTimeResult,
    RelationshipsResult,
    SpatialRelationResult,
    SummaryResult,
)
from tests.unit.test_tools import CAM, build_scene, fill

KEY = "s3cret-key-0123456789"
H = {"X-API-Key": KEY}


@pytest.fixture
def client(tmp_path: Path, redis: Redis, redis_url: str) -> Iterator[TestClient]:
    path = tmp_path / "graph.sqlite3"
    store = SqliteGraphStore(path)
    store.init()
    scene = build_scene()
    fill(store, scene)
    store.close()
    # The heading track as the flow tracker writes it: members "<t>:<yaw>", score t.
    redis.zadd(
        streams.heading_track_key(CAM),
        {f"{t}:{scene.yaw(t)}": t for t in (0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0)},
    )
    app = create_app(
        ApiSettings(api_keys=[SecretStr("other-key-0123456789"), SecretStr(KEY)]),
        graph=GraphSettings(sqlite_path=str(path)),
        bus=BusSettings(redis_url=SecretStr(redis_url)),
    )
    with TestClient(app) as c:
        yield c


def ids(client: TestClient) -> dict[str, str]:
    body = client.get(f"/v1/cameras/{CAM}/entities-at", params={"t": 6.0, "window_s": 10.0}, headers=H).json()
    return {e["label"]: e["entity_id"] for e in body["entities"]}


def test_auth(client: TestClient) -> None:
    url = f"/v1/cameras/{CAM}/summary"
    assert client.get(url).status_code == 401
    assert client.get(url, headers={"X-API-Key": "wrong"}).status_code == 401
    assert client.get(url, headers=H).status_code == 200
    assert client.get("/v1/cameras").status_code == 401
    for public in ("/healthz", "/readyz", "/metrics", "/openapi.json"):
        assert client.get(public).status_code == 200, public


def test_tool_endpoints_return_typed_models(client: TestClient) -> None:
    e = ids(client)
    base = f"/v1/cameras/{CAM}"
    r = client.get(f"{base}/entities", params={"direction": "behind", "at": 12.0}, headers=H)
    behind = EntitiesInDirectionResult.model_validate(r.json())
    assert [x.label for x in behind.entities] == ["ladder"] and behind.heading_deg == pytest.approx(210.0)
    rel = SpatialRelationResult.model_validate(
        client.get(f"{base}/relation", params={"a": e["ladder"], "b": e["worker"], "at": 3}, headers=H).json()
    )
    assert rel.a_side_of_b == "left"
    tl = EntityTimelineResult.model_validate(
        client.get(f"{base}/entities/{e['ladder']}/timeline", headers=H).json()
    )
    assert tl.label == "ladder" and tl.items
    at = EntitiesAtTimeResult.model_validate(
        client.get(f"{base}/entities-at", params={"t": 2.0, "window_s": 1.0}, headers=H).json()
    )
    assert "toolbox" not in {x.label for x in at.entities}
    info = EntityInfoResult.model_validate(client.get(f"{base}/entities/{e['toolbox']}", headers=H).json())
    assert info.entity.label == "toolbox"
    encoded = e["toolbox"].replace("/", "%2F")  # ids contain '/': raw or encoded both work
    assert client.get(f"{base}/entities/{encoded}", headers=H).json()["entity"]["entity_id"] == e["toolbox"]
    rels = RelationshipsResult.model_validate(
        client.get(f"{base}/relationships", params={"label": "ladder"}, headers=H).json()
    )
    assert [x.predicate for x in rels.relationships] == ["near"]
    hd = HeadingAtTimeResult.model_validate(
        client.get(f"{base}/heading", params={"t": 9.0}, headers=H).json()
    )
    assert hd.yaw_deg == pytest.approx(120.0)  # last sample at or before 9 s (t=8)
    ch = ChangesResult.model_validate(
        client.get(f"{base}/changes", params={"from": 6, "to": 9}, headers=H).json()
    )
    assert any(c.label == "toolbox" for c in ch.changes)
    s = SummaryResult.model_validate(client.get(f"{base}/summary", params={"at": 5}, headers=H).json())
    assert s.counts_by_label == {"ladder": 1, "worker": 1}


def test_errors(client: TestClient) -> None:
    base = f"/v1/cameras/{CAM}"
    r = client.get(f"{base}/entities/nope", headers=H)
    assert r.status_code == 404 and "nope" in r.json()["detail"]
    assert client.get(f"{base}/entities/nope/timeline", headers=H).status_code == 404
    assert client.get(f"{base}/entities", params={"direction": "up"}, headers=H).status_code == 422
    assert client.get(f"{base}/entities", headers=H).status_code == 422  # neither direction nor range
    assert client.get(f"{base}/heading", headers=H).status_code == 422
    assert client.get(f"{base}/changes", params={"from": 5, "to": 1}, headers=H).status_code == 422
    assert client.get(f"{base}/relationships", headers=H).status_code == 422
    assert client.get(f"{base}/entities-at", params={"t": "x"}, headers=H).status_code == 422
    r = client.post("/v1/ask", json={"camera_id": "nobody", "question": "where is the ladder?"}, headers=H)
    assert r.status_code == 404 and "nobody" in r.json()["detail"]
    assert client.post("/v1/ask", json={"camera_id": CAM}, headers=H).status_code == 422
    assert client.post("/v1/ask", json={"camera_id": CAM, "question": "x", "at": -1}, headers=H).status_code == 422
    assert client.post("/v1/ask", json={"camera_id": CAM, "question": "where?"}).status_code == 401


def test_ask_answers_from_memory_up_to_at(client: TestClient) -> None:
    e = ids(client)
    r = client.post("/v1/ask", json={"camera_id": CAM, "question": "What's behind me?", "at": 12.0}, headers=H)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["entity_types"] == ["ladder"] and body["backend"] == "parser"
    # The same direction as the graph tool gives, through the question parser.
    info = client.get(f"/v1/cameras/{CAM}/entities/{e['ladder']}", params={"at": 12.0}, headers=H).json()
    r = client.post("/v1/ask", json={"camera_id": CAM, "question": "Where is the ladder now?", "at": 12.0}, headers=H)
    assert r.json()["direction"] == info["entity"]["direction"] and r.json()["entities"] == [e["ladder"]]
    # The toolbox is first seen after t=5: asked at t=3, the memory does not know it yet.
    r = client.post("/v1/ask", json={"camera_id": CAM, "question": "Where is the toolbox?", "at": 3.0}, headers=H)
    assert r.status_code == 200 and r.json()["direction"] is None and "not seen" in r.json()["answer"]


def test_cameras_round_trip(client: TestClient) -> None:
    body = {"camera_id": "cam-9", "rtsp_url": "rtsp://10.0.0.9/live", "hfov_deg": 110.0, "site": "north"}
    r = client.post("/v1/cameras", json=body, headers=H)
    assert r.status_code == 201 and r.json()["rtsp_url"] == body["rtsp_url"]
    client.post("/v1/cameras", json={"camera_id": "cam-2", "rtsp_url": "rtsp://x/2"}, headers=H)
    listed = client.get("/v1/cameras", headers=H).json()["cameras"]
    assert [c["camera_id"] for c in listed] == ["cam-2", "cam-9"]
    assert {k: listed[1][k] for k in body} == body
    assert (
        client.post(
            "/v1/cameras", json={"camera_id": "c", "rtsp_url": "u", "hfov_deg": 500}, headers=H
        ).status_code
        == 422
    )
    assert (
        client.post("/v1/cameras", json={"camera_id": "c", "rtsp_url": "u", "x": 1}, headers=H).status_code
        == 422
    )


def test_lens_as_the_flow_tracker_wrote_it(client: TestClient, redis: Redis) -> None:
    assert client.get("/v1/cameras/cam-lens/lens", headers=H).status_code == 404
    lens = {"projection": "fisheye", "configured_hfov_deg": 90.0, "hfov_deg": 130.6, "measured_hfov_deg": 130.6,
            "pairs": 12, "confidence": 0.92, "corrected": True}  # fmt: skip
    redis.hset(streams.lens_key("cam-lens"), mapping={k: json.dumps(v) for k, v in lens.items()})
    got = client.get("/v1/cameras/cam-lens/lens", headers=H)
    assert got.status_code == 200 and got.json() == {**lens, "corrected_by": None}  # written before it existed
    assert client.get("/v1/cameras/cam-lens/lens").status_code == 401


def test_gaps_in_the_video_and_answers_inside_one(client: TestClient, redis: Redis) -> None:
    """Ingest records each gap (the stream dropped 8.5-11.5 s); answers about a time inside it carry it,
    with the heading the last one before it."""
    base = f"/v1/cameras/{CAM}"
    assert client.get(f"{base}/gaps", headers=H).json() == {"camera_id": CAM, "gaps": []}
    redis.zadd(streams.gaps_key(CAM), {gap_member(8.5, 11.5): 8.5})
    assert client.get(f"{base}/gaps", headers=H).json() == {"camera_id": CAM, "gaps": [{"start_t": 8.5, "end_t": 11.5}]}
    assert client.get(f"{base}/gaps", params={"t_from": 11.5}, headers=H).json()["gaps"] == []
    assert client.get(f"{base}/gaps", params={"t_to": 8.0}, headers=H).json()["gaps"] == []
    inside = HeadingAtTimeResult.model_validate(client.get(f"{base}/heading", params={"t": 9.0}, headers=H).json())
    assert inside.yaw_deg == pytest.approx(120.0) and inside.gap is not None and (inside.gap.start_t, inside.gap.end_t) == (8.5, 11.5)
    after = HeadingAtTimeResult.model_validate(client.get(f"{base}/heading", params={"t": 12.0}, headers=H).json())
    assert after.gap is None
    behind = EntitiesInDirectionResult.model_validate(
        client.get(f"{base}/entities", params={"direction": "behind", "at": 10.0}, headers=H).json())
    assert behind.gap is not None and behind.gap.end_t == 11.5
    assert client.get(f"{base}/gaps", params={"t_from": "nan"}, headers=H).status_code == 422


def test_metrics_and_openapi(client: TestClient) -> None:
    client.get(f"/v1/cameras/{CAM}/summary", headers=H)
    client.get(f"/v1/cameras/{CAM}/summary")
    text = client.get("/metrics").text
    assert "# TYPE spotter_api_requests_total counter" in text
    assert (
        'spotter_api_requests_total{method="GET",route="/v1/cameras/{camera_id}/summary",status="200"} 1'
        in text
    )
    assert 'route="/v1/cameras/{camera_id}/summary",status="401"} 1' in text
    assert (
        'spotter_api_request_duration_seconds_count{method="GET",route="/v1/cameras/{camera_id}/summary"} 2'
        in text
    )
    spec = client.get("/openapi.json").json()
    paths = set(spec["paths"])
    for p in (
        "/v1/cameras/{camera_id}/entities",
        "/v1/cameras/{camera_id}/relation",
        "/v1/cameras/{camera_id}/entities/{entity_id}/timeline",
        "/v1/cameras/{camera_id}/entities-at",
        "/v1/cameras/{camera_id}/entities/{entity_id}",
        "/v1/cameras/{camera_id}/relationships",
        "/v1/cameras/{camera_id}/heading",
        "/v1/cameras/{camera_id}/changes",
        "/v1/cameras/{camera_id}/summary",
        "/v1/cameras",
        "/v1/ask",
        "/healthz",
        "/readyz",
        "/metrics",
    ):
        assert p in paths, p
    ask = spec["paths"]["/v1/ask"]["post"]
    assert ask["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/Answer")


def test_readyz_reports_checks(client: TestClient) -> None:
    body = client.get("/readyz").json()
    # the temporal and visual pathways' stores: the embedded indexes, empty here
    assert body == {"status": "ready", "checks": {"redis": "ok", "graph": "ok", "temporal": "ok", "visual": "ok"}}


def test_api_keys_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b, c = "a" * 16, "b" * 20, "c" * 32
    monkeypatch.setenv("SPOTTER_API_API_KEYS", f"{a}, {b},,{c}")
    monkeypatch.setenv("SPOTTER_API_READ_KEYS", "r" * 16)
    settings = ApiSettings()
    assert [k.get_secret_value() for k in settings.api_keys] == [a, b, c]
    assert [s for _, s in settings.key_scopes()][-1] == ("read",)


def test_short_keys_are_refused_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 1-character key was accepted; keys are guessed by trying them."""
    monkeypatch.setenv("SPOTTER_API_API_KEYS", "x")
    with pytest.raises(ValueError, match="at least 16 characters"):
        ApiSettings()
    monkeypatch.setenv("SPOTTER_API_API_KEYS", "a" * 16)
    monkeypatch.setenv("SPOTTER_API_WRITE_KEYS", "short")
    with pytest.raises(ValueError, match="SPOTTER_API_WRITE_KEYS"):
        ApiSettings()


def test_nan_inf_and_lone_surrogates_are_422_never_500(client: TestClient) -> None:
    base = f"/v1/cameras/{CAM}"
    probes = [
        (f"{base}/heading", {"t": "nan"}),
        (f"{base}/entities-at", {"t": "inf"}),
        (f"{base}/entities-at", {"t": 6.0, "window_s": "-inf"}),
        (f"{base}/entities", {"from_deg": "inf", "to_deg": 10}),
        (f"{base}/changes", {"from": "nan", "to": 5}),
        (f"{base}/summary", {"at": "NaN"}),
    ]
    for path, params in probes:
        r = client.get(path, params=params, headers=H)
        assert r.status_code == 422, (path, params, r.status_code, r.text[:200])
    head = '{"camera_id": "' + CAM + '", '
    for body in (
        head + '"question": "where is the ladder?", "at": NaN}',
        head + '"question": "where is the ladder?", "at": Infinity}',
        head + '"question": "where is the \\ud800 ladder?"}',
    ):
        r = client.post("/v1/ask", content=body, headers={**H, "Content-Type": "application/json"})
        assert r.status_code == 422, (body, r.status_code, r.text[:200])
    assert client.get(f"{base}/heading", params={"t": 6.0}, headers=H).status_code == 200  # still serving


def test_camera_registration_refuses_bad_ids_and_urls_and_hides_credentials(client: TestClient) -> None:
    for camera_id in ("../../x", "a\x00b", "..", ".", "a" * 129, "a/b", "cam 1"):
        r = client.post("/v1/cameras", json={"camera_id": camera_id, "rtsp_url": "rtsp://127.0.0.1/a"}, headers=H)
        assert r.status_code == 422, camera_id
    for url in ("file:///etc/passwd", "/etc/passwd", "rtsp://127.0.0.1/a\r\nX: 1", "rtsp://" + "a" * 2100,
                "gopher://127.0.0.1/"):
        r = client.post("/v1/cameras", json={"camera_id": "cam-x", "rtsp_url": url}, headers=H)
        assert r.status_code == 422, url[:40]
        assert "passwd" not in r.text or url.endswith("passwd")  # the 422 does not echo the input
    r = client.post("/v1/cameras", json={"camera_id": "cam-s", "rtsp_url": "rtsp://admin:hunter22@127.0.0.1/live"},
                    headers=H)  # fmt: skip
    assert r.status_code == 201 and "hunter22" not in r.text and r.json()["rtsp_url"] == "rtsp://***@127.0.0.1/live"
    listed = client.get("/v1/cameras", headers=H)
    assert "hunter22" not in listed.text and "cam-s" in listed.text


def test_readyz_says_what_is_down_without_hosts_or_ports(tmp_path: Path) -> None:
    with socket.socket() as s:  # a loopback port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    path = tmp_path / "graph.sqlite3"
    store = SqliteGraphStore(path)
    store.init()
    store.close()
    app = create_app(
        ApiSettings(api_keys=[SecretStr(KEY)]),
        graph=GraphSettings(sqlite_path=str(path)),
        bus=BusSettings(redis_url=SecretStr(f"redis://127.0.0.1:{port}/0")),
    )
    with TestClient(app) as c:
        r = c.get("/readyz")
    assert r.status_code == 503 and r.json()["checks"]["redis"] == "unavailable (ConnectionError)"
    assert str(port) not in r.text and "127.0.0.1" not in r.text
