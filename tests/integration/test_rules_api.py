"""Site rules as data over REST, against a real redis-server: validation, site and camera levels,
and the reasoner's rule engine using what is in force (docs/RULES.md)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr
from redis import Redis

from spotter.api import ApiSettings, create_app
from spotter.graph import GraphSettings, SqliteGraphStore
from spotter.reason import ClipFacts, ObsFact, RuleEngine, SiteRules
from spotter.reason.rules_store import RulesStore
from spotter.settings import BusSettings

pytestmark = pytest.mark.integration

KEY = "rules-key-1234567890"
H = {"X-API-Key": KEY}


@pytest.fixture
def client(tmp_path: Path, redis: Redis, redis_url: str) -> Iterator[TestClient]:
    path = tmp_path / "graph.sqlite3"
    SqliteGraphStore(path).init()
    app = create_app(ApiSettings(api_keys=[SecretStr(KEY)]), graph=GraphSettings(sqlite_path=str(path)),
                     bus=BusSettings(redis_url=SecretStr(redis_url)))  # fmt: skip
    with TestClient(app) as c:
        yield c


def idle_worker(k: int) -> ClipFacts:
    samples = tuple((10.0 * k + 0.5 * i, 0.0, "idle") for i in range(20))
    return ClipFacts("north-1", f"north-1-{k}", 10.0 * k, 10.0 * (k + 1), (), (ObsFact("w1", "worker", 0.0, samples),),
                     heading_deg=0.0)  # fmt: skip


def test_site_and_camera_rules_round_trip_and_take_effect(client: TestClient, redis: Redis) -> None:
    assert client.put("/v1/sites/north/rules", json={"idle": {"threshold_s": 20}}).status_code == 401
    assert client.get("/v1/sites/north/rules", headers=H).json() == {}
    assert client.post("/v1/cameras", json={"camera_id": "north-1", "rtsp_url": "rtsp://127.0.0.1/a", "site": "north"},
                       headers=H).status_code == 201  # fmt: skip
    got = client.put("/v1/sites/north/rules", json={"idle": {"threshold_s": 20}}, headers=H)
    assert got.status_code == 200 and got.json()["idle"]["threshold_s"] == 20
    assert client.get("/v1/sites/north/rules", headers=H).json() == {"idle": {"threshold_s": 20}}
    eff = client.get("/v1/cameras/north-1/rules", params={"effective": "true"}, headers=H).json()
    assert eff["idle"]["threshold_s"] == 20 and eff["ppe_violation"]["min_duration_s"] == 3.0  # defaults kept
    client.put("/v1/cameras/north-1/rules", json={"progress": {"enabled": False}}, headers=H)
    eff = client.get("/v1/cameras/north-1/rules", params={"effective": "true"}, headers=H).json()
    assert eff["idle"]["threshold_s"] == 20 and eff["progress"]["enabled"] is False

    # The reasoner's engine with the store: the site's 20 s idle threshold is in force for the camera.
    engine = RuleEngine(rules_for=RulesStore(redis, SiteRules(), ttl_s=0.0).effective)
    fired = [t.category for k in range(4) for t in engine.step(idle_worker(k))]
    assert fired == ["idle"]
    default = RuleEngine()
    assert [t.category for k in range(4) for t in default.step(idle_worker(k))] == []  # 60 s by default

    assert client.delete("/v1/sites/north/rules", headers=H).status_code == 204
    eff = client.get("/v1/cameras/north-1/rules", params={"effective": "true"}, headers=H).json()
    assert eff["idle"]["threshold_s"] == 60.0


@pytest.mark.parametrize("body", [
    {"idel": {"threshold_s": 20}},  # a typo is not ignored
    {"idle": {"threshold_s": -1}},
    {"idle": {"threshold_s": "soon"}},
    {"exclusion_zone": {"zones": [{"from_deg": 999, "to_deg": 0}]}},
    {"ppe_violation": {"require_helmet": True}},
    [1, 2],
])  # fmt: skip
def test_invalid_rules_are_refused_with_the_reason(client: TestClient, body: object) -> None:
    got = client.put("/v1/sites/north/rules", json=body, headers=H)
    assert got.status_code == 422, got.text
    assert client.get("/v1/sites/north/rules", headers=H).json() == {}  # nothing stored


def test_rules_file_is_the_base(tmp_path: Path) -> None:
    from spotter.errors import ConfigError
    from spotter.reason import ReasonerSettings

    f = tmp_path / "site.yaml"
    f.write_text("idle:\n  threshold_s: 90\ncameras:\n  cam-roof:\n    left_behind: {enabled: false}\n")
    s = ReasonerSettings(rules_file=f, rules={"ppe_violation": {"require_vest": True}})
    rules = s.site_rules()
    assert rules.idle.threshold_s == 90 and rules.ppe_violation.require_vest
    assert rules.for_camera("cam-roof").left_behind.enabled is False and rules.left_behind.enabled
    f.write_text("idle: {threshold_s: zero}\n")
    with pytest.raises(ConfigError, match="idle.threshold_s"):
        ReasonerSettings(rules_file=f).site_rules()
