"""Alert delivery end to end: a real redis-server, a real HTTP receiver, the notifier loops in threads.

The receiver (http.server on 127.0.0.1) verifies every signature with the subscription's
secret and records what it got; it can fail the first attempts of each alert, or all of
them. Subscriptions go through the REST API where the test is about the contract.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr
from redis import Redis

from spotter import streams
from spotter.alerts.notifier import Notifier
from spotter.alerts.store import AlertStore
from spotter.alerts.webhooks import (
    ALERT_ID_HEADER,
    ATTEMPT_HEADER,
    SIGNATURE_HEADER,
    NotifySettings,
    WebhookStore,
    verify,
)
from spotter.api import ApiSettings, create_app
from spotter.bus import StreamConsumer, StreamPublisher
from spotter.graph import GraphSettings
from spotter.messages import Alert, AlertCategory
from spotter.settings import BusSettings

pytestmark = pytest.mark.integration

KEY = "test-api-key-0123456789"
H = {"X-API-Key": KEY}
SECRET = "whsec-0123456789abcdef"


# --- the receiver -------------------------------------------------------------------------


@dataclass
class Receiver:
    """Records every POST; answers `fail_status` to the first `fail_first` attempts of each alert."""

    secret: str = SECRET
    fail_first: int = 0
    fail_status: int = 503
    always: int | None = None  # answer this status to everything
    attempts: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def accepted(self, path: str | None = None) -> Counter[str]:
        """alert_id -> number of 2xx answers (what the receiver acted on)."""
        with self.lock:
            return Counter(
                a["alert_id"] for a in self.attempts if a["status"] == 200 and (path is None or a["path"] == path)
            )

    def tried(self) -> Counter[str]:
        with self.lock:
            return Counter(a["alert_id"] for a in self.attempts)

    def answer(self, path: str, headers: dict[str, str], body: bytes) -> int:
        signed = verify(self.secret, headers.get(SIGNATURE_HEADER), body)
        alert = Alert.model_validate_json(body)
        with self.lock:
            seen = sum(1 for a in self.attempts if a["alert_id"] == alert.alert_id and a["path"] == path)
            if not signed:
                status = 401
            elif self.always is not None:
                status = self.always
            elif seen < self.fail_first:
                status = self.fail_status
            else:
                status = 200
            self.attempts.append(
                {
                    "path": path,
                    "alert_id": alert.alert_id,
                    "header_alert_id": headers.get(ALERT_ID_HEADER),
                    "host": headers.get("Host"),
                    "attempt": headers.get(ATTEMPT_HEADER),
                    "signed": signed,
                    "status": status,
                    "alert": alert,
                }
            )
        return status


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    rec = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            status = rec.answer(self.path, {k: v for k, v in self.headers.items()}, body)
            payload = b'{"ok": true}' if status == 200 else b'{"error": "try later"}'
            self.send_response(status)
            if status == 429:
                self.send_header("Retry-After", "0")
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    rec.server = server
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield rec
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# --- helpers ------------------------------------------------------------------------------


def settings(**kw: Any) -> NotifySettings:
    base: dict[str, Any] = {
        "allow_private": True, "timeout_s": 3.0, "max_attempts": 5, "backoff_base_s": 0.05,
        "backoff_max_s": 0.3, "workers": 4, "poll_s": 0.05, "expose_private_status": True,
    }  # fmt: skip
    base.update(kw)
    return NotifySettings(**base)


def consumer(redis: Redis, name: str = "n1", claim_idle_ms: int = 30_000) -> StreamConsumer[Alert]:
    return StreamConsumer(
        redis, streams.ALERTS, streams.GROUP_NOTIFIER, name, model=Alert, block_ms=50, claim_idle_ms=claim_idle_ms
    )


class Running:
    """One notifier replica in threads, stopped (stop event, in-flight work finished) on exit."""

    def __init__(self, redis_url: str, notify: NotifySettings, name: str = "n1", **kw: Any) -> None:
        self.redis = Redis.from_url(redis_url, socket_timeout=10.0)
        self.notifier = Notifier(self.redis, notify, **{k: v for k, v in kw.items() if k in ("lease_s", "resolve")})
        self.consumer = consumer(self.redis, name, kw.get("claim_idle_ms", 30_000))
        self.stop = threading.Event()
        self.errors: list[BaseException] = []
        self.thread = threading.Thread(target=self._run, name=f"notifier-{name}", daemon=True)

    def _run(self) -> None:
        try:
            self.notifier.run(self.consumer, self.stop)
        except BaseException as exc:  # surfaced by the test, not lost in a thread
            self.errors.append(exc)

    def __enter__(self) -> Running:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=20)
        self.redis.close()
        assert not self.thread.is_alive(), "the notifier did not stop"
        assert not self.errors, self.errors


def wait_for(predicate: Callable[[], bool], timeout: float = 30.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def make_alert(i: int, category: AlertCategory = "ppe_violation", camera: str = "cam-a") -> Alert:
    return Alert(
        camera_id=camera,
        t=10.0 + i,
        alert_id=f"{camera}:{category}:{i}",
        category=category,
        message=f"alert {i}: {category} on {camera}",
        evidence={"clip_ids": [f"clip-{i}"], "entity_ids": [f"worker/{i}"], "times": [10.0 + i]},
    )


def publish(redis: Redis, alerts: list[Alert]) -> None:
    StreamPublisher[Alert](redis, streams.ALERTS).publish_many([(a, None) for a in alerts])


def statuses(redis: Redis, alerts: list[Alert]) -> list[str]:
    store = AlertStore(redis)
    return [r.status for a in alerts for r in store.deliveries(a.alert_id)]


def drained(redis: Redis) -> bool:
    """Every alert message read and acked by the notifier group."""
    (group,) = redis.xinfo_groups(streams.ALERTS)
    last = redis.xinfo_stream(streams.ALERTS)["last-generated-id"]
    return bool(group["pending"] == 0 and group["last-delivered-id"] == last)


def all_ended(redis: Redis, alerts: list[Alert], n_subs: int = 1) -> Callable[[], bool]:
    def check() -> bool:
        s = statuses(redis, alerts)
        return len(s) == len(alerts) * n_subs and "pending" not in s

    return check


@pytest.fixture
def api(tmp_path: Path, redis: Redis, redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The REST API over a flushed Redis; its URL check allows 127.0.0.1, where the receiver listens."""
    monkeypatch.setenv("SPOTTER_NOTIFY_ALLOW_PRIVATE", "true")
    app = create_app(
        ApiSettings(api_keys=[SecretStr(KEY)]),
        graph=GraphSettings(sqlite_path=str(tmp_path / "graph.sqlite3")),
        bus=BusSettings(redis_url=SecretStr(redis_url)),
    )
    with TestClient(app) as c:
        yield c


def subscribe(api: TestClient, url: str, **filters: Any) -> str:
    r = api.post("/v1/webhooks", json={"url": url, "secret": SECRET, **filters}, headers=H)
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


# --- delivery -------------------------------------------------------------------------------


def test_signed_alerts_arrive_exactly_once_although_first_attempts_fail(
    redis: Redis, redis_url: str, receiver: Receiver, api: TestClient
) -> None:
    receiver.fail_first = 2
    sub_id = subscribe(api, receiver.url + "/hook")
    alerts = [make_alert(i) for i in range(6)]
    publish(redis, alerts)
    publish(redis, alerts[:2])  # the same alerts published again: stored and delivered once
    with Running(redis_url, settings()):
        wait_for(all_ended(redis, alerts), what="every delivery to end")
        time.sleep(0.3)  # anything more would arrive now
    assert receiver.accepted() == Counter({a.alert_id: 1 for a in alerts})
    assert receiver.tried() == Counter({a.alert_id: 3 for a in alerts}), "two 503s, then one 200"
    assert all(a["signed"] for a in receiver.attempts)
    for a in receiver.attempts:
        assert a["header_alert_id"] == a["alert_id"]
        assert a["alert"] == next(x for x in alerts if x.alert_id == a["alert_id"]), "the body is the alert"
    assert sorted(a["attempt"] for a in receiver.attempts if a["alert_id"] == alerts[0].alert_id) == ["1", "2", "3"]

    # The REST view: every alert delivered on the third attempt.
    body = api.get(f"/v1/alerts/{alerts[0].alert_id}", headers=H).json()
    (d,) = body["deliveries"]
    assert d["subscription_id"] == sub_id and d["status"] == "delivered" and d["attempts"] == 3
    assert d["last_status_code"] == 200 and d["delivered_at"] is not None
    assert body["category"] == "ppe_violation" and body["horizon"] == "instant"
    assert body["evidence"] == {"clip_ids": ["clip-0"], "entity_ids": ["worker/0"], "times": [10.0]}
    listed = api.get("/v1/alerts", headers=H).json()["alerts"]
    assert sorted(a["alert_id"] for a in listed) == sorted(a.alert_id for a in alerts)

    # Redelivered alert messages (a replica died before acking) deliver nothing new.
    publish(redis, alerts)
    with Running(redis_url, settings(), name="n2"):
        wait_for(lambda: drained(redis), what="the stream to drain")
        wait_for(lambda: redis.zcard(streams.DELIVERY_SCHEDULE) == 0, what="re-added entries to be dropped")
        time.sleep(0.3)
    assert receiver.accepted() == Counter({a.alert_id: 1 for a in alerts})
    assert len(receiver.attempts) == 3 * len(alerts)


def test_filters_by_category_and_camera(redis: Redis, redis_url: str, receiver: Receiver, api: TestClient) -> None:
    subscribe(api, receiver.url + "/all")
    subscribe(api, receiver.url + "/ppe", categories=["ppe_violation"])
    subscribe(api, receiver.url + "/cam-b", cameras=["cam-b"])
    subscribe(api, receiver.url + "/idle-on-b", categories=["idle", "left_behind"], cameras=["cam-b"])
    alerts = [
        make_alert(0, "ppe_violation", "cam-a"),
        make_alert(1, "idle", "cam-a"),
        make_alert(2, "ppe_violation", "cam-b"),
        make_alert(3, "idle", "cam-b"),
        make_alert(4, "safety_alert", "cam-c"),
    ]
    publish(redis, alerts)
    with Running(redis_url, settings()):
        wait_for(lambda: len(statuses(redis, alerts)) == 10 and "pending" not in statuses(redis, alerts),
                 what="deliveries")  # fmt: skip
        time.sleep(0.2)
    ids = [a.alert_id for a in alerts]
    assert set(receiver.accepted("/all")) == set(ids)
    assert set(receiver.accepted("/ppe")) == {ids[0], ids[2]}
    assert set(receiver.accepted("/cam-b")) == {ids[2], ids[3]}
    assert set(receiver.accepted("/idle-on-b")) == {ids[3]}
    for path in ("/all", "/ppe", "/cam-b", "/idle-on-b"):
        assert set(receiver.accepted(path).values()) == {1}, path


def test_undeliverable_alerts_end_failed_and_stay_visible(
    redis: Redis, redis_url: str, receiver: Receiver, api: TestClient
) -> None:
    receiver.always = 500
    subscribe(api, receiver.url + "/down")
    alerts = [make_alert(0), make_alert(1, "left_behind", "cam-b")]
    publish(redis, alerts)
    with Running(redis_url, settings(max_attempts=3)):
        wait_for(all_ended(redis, alerts), what="deliveries to give up")
    assert receiver.tried() == Counter({a.alert_id: 3 for a in alerts}), "max_attempts POSTs, no more"
    body = api.get(f"/v1/alerts/{alerts[1].alert_id}", headers=H).json()
    (d,) = body["deliveries"]
    assert d["status"] == "failed" and d["attempts"] == 3 and d["last_status_code"] == 500
    assert "gave up after 3 attempts" in d["last_error"] and "HTTP 500" in d["last_error"]
    assert body["horizon"] == "short_term"
    failed = api.get("/v1/alerts", params={"delivery": "failed"}, headers=H).json()["alerts"]
    assert {a["alert_id"] for a in failed} == {a.alert_id for a in alerts}
    assert api.get("/v1/alerts", params={"delivery": "delivered"}, headers=H).json()["alerts"] == []
    assert redis.zcard(streams.DELIVERY_SCHEDULE) == 0


def test_client_errors_are_not_retried_and_throttling_is(redis: Redis, redis_url: str, receiver: Receiver) -> None:
    webhooks = WebhookStore(redis)
    webhooks.create(receiver.url + "/gone", SECRET)
    alerts = [make_alert(0)]
    receiver.always = 410
    publish(redis, alerts)
    with Running(redis_url, settings()):
        wait_for(all_ended(redis, alerts), what="the 410 to end the delivery")
    (record,) = AlertStore(redis).deliveries(alerts[0].alert_id)
    assert record.status == "failed" and record.attempts == 1
    assert record.last_error is not None and record.last_error.startswith("HTTP 410 (not retried")

    redis.flushall()
    receiver.attempts.clear()
    receiver.always, receiver.fail_first, receiver.fail_status = None, 2, 429
    WebhookStore(redis).create(receiver.url + "/busy", SECRET)
    publish(redis, alerts)
    with Running(redis_url, settings()):
        wait_for(all_ended(redis, alerts), what="throttled delivery")
    (record,) = AlertStore(redis).deliveries(alerts[0].alert_id)
    assert record.status == "delivered" and record.attempts == 3
    assert receiver.accepted() == Counter({alerts[0].alert_id: 1})


def test_transport_errors_are_retried(redis: Redis, redis_url: str) -> None:
    """Nothing listens on the port: connection refused, retried, then failed with the error kept."""
    with socket.socket() as s:  # a free port, closed again: connections to it are refused
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    WebhookStore(redis).create(f"http://127.0.0.1:{port}/", SECRET)
    alerts = [make_alert(0)]
    publish(redis, alerts)
    with Running(redis_url, settings(max_attempts=2)):
        wait_for(all_ended(redis, alerts), what="refused connections to give up")
    (record,) = AlertStore(redis).deliveries(alerts[0].alert_id)
    assert record.status == "failed" and record.attempts == 2 and "ConnectError" in (record.last_error or "")


def test_a_restarted_notifier_resumes_pending_deliveries_without_duplicates(
    redis: Redis, redis_url: str, receiver: Receiver
) -> None:
    receiver.fail_first = 2
    WebhookStore(redis).create(receiver.url + "/hook", SECRET)
    alerts = [make_alert(i, "exclusion_zone") for i in range(5)]
    publish(redis, alerts)

    # Replica 1 makes the first attempts, then stops while every retry is still scheduled.
    slow = settings(backoff_base_s=2.0, backoff_max_s=2.0)
    with Running(redis_url, slow, name="n1"):
        wait_for(lambda: len(receiver.attempts) >= len(alerts), what="first attempts")
    assert not receiver.accepted()
    assert redis.zcard(streams.DELIVERY_SCHEDULE) == len(alerts), "retries wait in redis, not in memory"

    # Replica 2 dies right after claiming them (mid-attempt): their lease must run out first.
    dead = Notifier(redis, slow, lease_s=0.5)
    claimed = dead.claim_due(100, now=time.time() + 2.5)  # as if the backoff had passed
    assert len(claimed) == len(alerts)
    assert Notifier(redis, slow).claim_due(100) == [], "claimed entries are leased"

    # Replica 3 (a new instance) delivers each of them exactly once, once the lease is over.
    with Running(redis_url, settings(), name="n3"):
        wait_for(all_ended(redis, alerts), what="resumed deliveries")
        time.sleep(0.3)
    assert receiver.accepted() == Counter({a.alert_id: 1 for a in alerts})
    for a in alerts:
        (record,) = AlertStore(redis).deliveries(a.alert_id)
        assert record.status == "delivered" and record.attempts == 3


def test_an_alert_message_reclaimed_from_a_dead_consumer_delivers_once(
    redis: Redis, redis_url: str, receiver: Receiver
) -> None:
    """A consumer read (and even handled) the alerts, then died before acking: another reclaims them."""
    WebhookStore(redis).create(receiver.url + "/hook", SECRET)
    alerts = [make_alert(i, "safety_alert") for i in range(3)]
    publish(redis, alerts)
    dead = consumer(redis, "dead")
    dead.ensure_group()
    got = dead.read()
    assert len(got) == 3
    Notifier(redis, settings()).handle(got[0])  # handled, never acked
    time.sleep(0.3)
    with Running(redis_url, settings(), name="alive", claim_idle_ms=200):
        wait_for(all_ended(redis, alerts), what="deliveries of reclaimed alerts")
        wait_for(lambda: redis.xpending(streams.ALERTS, streams.GROUP_NOTIFIER)["pending"] == 0, what="acks")
        time.sleep(0.3)
    assert receiver.accepted() == Counter({a.alert_id: 1 for a in alerts})
    assert len(receiver.attempts) == 3


def test_deleted_webhooks_cancel_their_pending_deliveries(
    redis: Redis, redis_url: str, receiver: Receiver, api: TestClient
) -> None:
    receiver.always = 503
    sub_id = subscribe(api, receiver.url + "/flaky")
    alerts = [make_alert(0)]
    publish(redis, alerts)
    with Running(redis_url, settings(backoff_base_s=0.5, backoff_max_s=0.5)):
        wait_for(lambda: len(receiver.attempts) >= 1, what="a first attempt")
        assert api.delete(f"/v1/webhooks/{sub_id}", headers=H).status_code == 204
        wait_for(all_ended(redis, alerts), what="the delivery to be cancelled")
    (record,) = AlertStore(redis).deliveries(alerts[0].alert_id)
    assert record.status == "cancelled" and record.attempts >= 1 and record.last_error == "the webhook was deleted"


# --- private URLs ---------------------------------------------------------------------------


def test_private_urls_are_refused_unless_allowed(
    redis: Redis, redis_url: str, receiver: Receiver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SPOTTER_NOTIFY_ALLOW_PRIVATE", raising=False)
    app = create_app(
        ApiSettings(api_keys=[SecretStr(KEY)]),
        graph=GraphSettings(sqlite_path=str(tmp_path / "graph.sqlite3")),
        bus=BusSettings(redis_url=SecretStr(redis_url)),
    )
    with TestClient(app) as strict:
        for url in (receiver.url + "/hook", "http://localhost/x", "http://10.0.0.1/", "http://169.254.169.254/"):
            r = strict.post("/v1/webhooks", json={"url": url, "secret": SECRET}, headers=H)
            assert r.status_code == 400, (url, r.text)
            assert "SPOTTER_NOTIFY_ALLOW_PRIVATE" in r.json()["detail"], r.text
        r = strict.post("/v1/webhooks", json={"url": "gopher://8.8.8.8/", "secret": SECRET}, headers=H)
        assert r.status_code == 400 and "http or https" in r.json()["detail"]
        assert strict.get("/v1/webhooks", headers=H).json() == {"webhooks": []}

    # A subscription made while private hosts were allowed is refused at delivery once they are not.
    WebhookStore(redis).create(receiver.url + "/hook", SECRET)
    alerts = [make_alert(0)]
    publish(redis, alerts)
    with Running(redis_url, settings(allow_private=False)):
        wait_for(all_ended(redis, alerts), what="the refusal")
    (record,) = AlertStore(redis).deliveries(alerts[0].alert_id)
    assert record.status == "failed" and record.attempts == 1  # counted, though nothing was sent
    assert (record.last_error or "").startswith("refused:") and "127.0.0.1" in (record.last_error or "")
    assert receiver.attempts == []


# --- REST round trip -----------------------------------------------------------------------


def test_webhook_rest_round_trip(api: TestClient) -> None:
    assert api.get("/v1/webhooks").status_code == 401
    assert api.post("/v1/webhooks", json={"url": "http://127.0.0.1/", "secret": SECRET}).status_code == 401
    r = api.post(
        "/v1/webhooks",
        json={"url": "http://127.0.0.1:9/hook", "secret": SECRET, "categories": ["idle", "ppe_violation"],
              "cameras": ["cam-a"]},
        headers=H,
    )  # fmt: skip
    assert r.status_code == 201, r.text
    created = r.json()
    assert SECRET not in r.text and "secret" not in created
    assert created["categories"] == ["idle", "ppe_violation"] and created["cameras"] == ["cam-a"]
    plain = api.post("/v1/webhooks", json={"url": "https://127.0.0.1/x", "secret": SECRET}, headers=H).json()
    assert plain["categories"] is None and plain["cameras"] is None

    listed = api.get("/v1/webhooks", headers=H)
    assert [w["id"] for w in listed.json()["webhooks"]] == [created["id"], plain["id"]]
    assert SECRET not in listed.text
    one = api.get(f"/v1/webhooks/{created['id']}", headers=H)
    assert one.json() == created and SECRET not in one.text
    assert api.delete(f"/v1/webhooks/{created['id']}", headers=H).status_code == 204
    assert api.delete(f"/v1/webhooks/{created['id']}", headers=H).status_code == 404
    assert api.get(f"/v1/webhooks/{created['id']}", headers=H).status_code == 404
    assert [w["id"] for w in api.get("/v1/webhooks", headers=H).json()["webhooks"]] == [plain["id"]]

    for bad in (
        {"url": "http://127.0.0.1/"},  # no secret
        {"secret": SECRET},  # no url
        {"url": "http://127.0.0.1/", "secret": "short"},
        {"url": "http://127.0.0.1/", "secret": SECRET, "categories": ["fire"]},
        {"url": "http://127.0.0.1/", "secret": SECRET, "categories": []},
        {"url": "http://127.0.0.1/", "secret": SECRET, "cameras": [""]},
        {"url": "http://127.0.0.1/", "secret": SECRET, "extra": 1},
    ):
        r = api.post("/v1/webhooks", json=bad, headers=H)
        assert r.status_code == 422, (bad, r.text)
        assert SECRET not in r.text, "a rejected body's secret is not echoed back"
        assert r.json()["detail"][0]["loc"][0] == "body" and r.json()["detail"][0]["msg"]
    openapi = api.get("/openapi.json").json()
    assert {"/v1/webhooks", "/v1/webhooks/{webhook_id}", "/v1/alerts", "/v1/alerts/{alert_id}"} <= set(
        openapi["paths"]
    )


def test_alert_listing_filters(redis: Redis, api: TestClient) -> None:
    notifier = Notifier(redis, settings())
    alerts = [
        make_alert(0, "ppe_violation", "cam-a"),
        make_alert(1, "idle", "cam-a"),
        make_alert(2, "ppe_violation", "cam-a"),
        make_alert(3, "left_behind", "cam-b"),
    ]
    for a in alerts:
        notifier.accept(a)
    notifier.accept(alerts[0])  # idempotent

    def ids(**params: Any) -> list[str]:
        r = api.get("/v1/alerts", params=params, headers=H)
        assert r.status_code == 200, r.text
        return [a["alert_id"] for a in r.json()["alerts"]]

    a = [x.alert_id for x in alerts]
    assert sorted(ids()) == sorted(a)
    assert ids(camera_id="cam-a") == [a[2], a[1], a[0]], "newest (media time) first"
    assert ids(camera_id="cam-a", category="ppe_violation") == [a[2], a[0]]
    assert sorted(ids(category=["idle", "left_behind"])) == sorted([a[1], a[3]])
    assert ids(camera_id="cam-a", since=11.0) == [a[2], a[1]]
    assert ids(camera_id="cam-a", since=11.0, until=11.0) == [a[1]]
    assert sorted(ids(since=12.0)) == sorted([a[2], a[3]])
    assert len(ids(limit=2)) == 2
    assert ids(camera_id="nobody") == []
    assert api.get("/v1/alerts", params={"category": "fire"}, headers=H).status_code == 422
    assert api.get("/v1/alerts", params={"limit": 0}, headers=H).status_code == 422
    assert api.get("/v1/alerts", headers={"X-API-Key": "wrong"}).status_code == 401
    r = api.get("/v1/alerts/nope", headers=H)
    assert r.status_code == 404 and "nope" in r.json()["detail"]
    one = api.get(f"/v1/alerts/{a[3]}", headers=H).json()
    assert Alert.model_validate({k: v for k, v in one.items() if k != "deliveries"}) == alerts[3]
    assert one["deliveries"] == []


# --- the service process ---------------------------------------------------------------------


def test_service_process_delivers_checks_healthy_and_stops_on_sigterm(
    redis: Redis, redis_url: str, receiver: Receiver, tmp_path: Path
) -> None:
    root = Path(__file__).resolve().parents[2]
    receiver.fail_first = 1
    WebhookStore(redis).create(receiver.url + "/hook", SECRET)
    alerts = [make_alert(i, "left_behind") for i in range(3)]
    publish(redis, alerts)
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("SPOTTER_")},
        "REDIS_URL": redis_url,
        "SPOTTER_BLOCK_MS": "50",
        "SPOTTER_HEARTBEAT_S": "0.2",
        "SPOTTER_CONSUMER_NAME": "notifier-proc",
        "SPOTTER_NOTIFY_ALLOW_PRIVATE": "true",
        "SPOTTER_NOTIFY_BACKOFF_BASE_S": "0.05",
        "SPOTTER_NOTIFY_POLL_S": "0.05",
    }
    check = [sys.executable, "-m", "services.notifier", "--check"]
    assert subprocess.run(check, cwd=root, env=env, capture_output=True, timeout=60).returncode == 1
    log_path = tmp_path / "notifier.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "services.notifier"], cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT
        )
    try:
        wait_for(all_ended(redis, alerts), what="deliveries by the service process")
        assert subprocess.run(check, cwd=root, env=env, capture_output=True, timeout=60).returncode == 0
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0, log_path.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert receiver.accepted() == Counter({a.alert_id: 1 for a in alerts})
    assert SECRET not in log_path.read_text(), "no secrets in logs"
    assert statuses(redis, alerts) == ["delivered"] * 3


def test_a_stored_url_with_control_characters_ends_the_delivery(redis: Redis, redis_url: str) -> None:
    """Stored before the API refused control characters: it used to stay pending, attempts 0, forever
    (httpx.InvalidURL is not an HTTPError). The delivery-time check now refuses it: failed, nothing sent."""
    WebhookStore(redis).create("http://127.0.0.1:9/hook\r\nX-Injected: 1", SECRET)
    alerts = [make_alert(0)]
    publish(redis, alerts)
    with Running(redis_url, settings()):
        wait_for(all_ended(redis, alerts), what="the invalid URL to end the delivery")
    (record,) = AlertStore(redis).deliveries(alerts[0].alert_id)
    assert record.status == "failed" and record.attempts == 1  # every delivery error is a counted attempt
    assert record.last_error is not None and "control characters" in record.last_error


def test_a_delivery_connects_to_the_address_it_checked(redis: Redis, redis_url: str, receiver: Receiver) -> None:
    """DNS rebinding: the name is resolved once per attempt, checked, and the POST goes to that address.
    `hooks.spotter.test` resolves nowhere but in the notifier's resolver (to the loopback receiver), so the
    delivery only arrives if the connection used the checked address; the receiver still sees its name."""
    port = int(receiver.url.rsplit(":", 1)[1])
    asked: list[str] = []

    def resolve(host: str, _port: int) -> list[str]:
        asked.append(host)
        return ["127.0.0.1"] if host == "hooks.spotter.test" else []

    WebhookStore(redis).create(f"http://hooks.spotter.test:{port}/pinned?token=abc", SECRET)
    alerts = [make_alert(0)]
    publish(redis, alerts)
    with Running(redis_url, settings(), resolve=resolve):
        wait_for(all_ended(redis, alerts), what="the pinned delivery")
    assert statuses(redis, alerts) == ["delivered"]
    (attempt,) = receiver.attempts
    assert attempt["path"] == "/pinned?token=abc" and attempt["host"] == f"hooks.spotter.test:{port}"
    assert asked == ["hooks.spotter.test"], "resolved once, by the check, never again by the HTTP client"


def test_a_host_that_does_not_resolve_at_delivery_is_retried_then_fails(redis: Redis, redis_url: str) -> None:
    WebhookStore(redis).create("http://nowhere.spotter.test/hook", SECRET)
    alerts = [make_alert(0)]
    publish(redis, alerts)
    with Running(redis_url, settings(max_attempts=2), resolve=lambda host, port: []):
        wait_for(all_ended(redis, alerts), what="the unresolvable host to give up")
    (record,) = AlertStore(redis).deliveries(alerts[0].alert_id)
    assert record.status == "failed" and record.attempts == 2 and "does not resolve" in (record.last_error or "")


def test_private_targets_status_codes_are_not_shown_unless_allowed(
    redis: Redis, redis_url: str, receiver: Receiver
) -> None:
    """With private targets allowed, an API user could map internal ports by the codes they answer."""
    receiver.always = 404
    sub = WebhookStore(redis).create(receiver.url + "/probe", SECRET)
    alerts = [make_alert(0)]
    publish(redis, alerts)
    with Running(redis_url, settings(expose_private_status=False)):
        wait_for(all_ended(redis, alerts), what="the 404 to end the delivery")
    (record,) = AlertStore(redis).deliveries(alerts[0].alert_id)
    assert record.status == "failed" and record.attempts == 1, "a 4xx still ends it: the policy sees the code"
    assert record.last_status_code is None and "404" not in (record.last_error or "")
    health = WebhookStore(redis).health(sub.id)
    assert health.state == "failing" and health.failed == 1 and "404" not in (health.last_error or "")


def test_too_early_is_retried(redis: Redis, redis_url: str, receiver: Receiver) -> None:
    receiver.fail_first, receiver.fail_status = 1, 425
    WebhookStore(redis).create(receiver.url + "/early", SECRET)
    alerts = [make_alert(0)]
    publish(redis, alerts)
    with Running(redis_url, settings()):
        wait_for(all_ended(redis, alerts), what="the 425 to be retried")
    (record,) = AlertStore(redis).deliveries(alerts[0].alert_id)
    assert record.status == "delivered" and record.attempts == 2


def test_a_refused_delivery_can_be_sent_again_and_the_webhook_shows_its_health(
    redis: Redis, redis_url: str, receiver: Receiver, api: TestClient
) -> None:
    """A 401 while the receiver rotates its secret fails the delivery for good; the operator sends it again."""
    receiver.always = 401
    hook = subscribe(api, receiver.url + "/rotating")
    alerts = [make_alert(0)]
    publish(redis, alerts)
    alert_id = alerts[0].alert_id
    with Running(redis_url, settings()):
        wait_for(all_ended(redis, alerts), what="the 401 to end the delivery")
        health = api.get(f"/v1/webhooks/{hook}", headers=H).json()["health"]
        assert health["state"] == "failing" and health["failed"] == 1 and health["delivered"] == 0
        assert api.post(f"/v1/alerts/{alert_id}/redeliver", json={"unknown": 1}, headers=H).status_code == 422
        assert api.post("/v1/alerts/no-such-alert/redeliver", headers=H).status_code == 404
        assert api.post(f"/v1/alerts/{alert_id}/redeliver", headers={}).status_code == 401
        receiver.always = None  # the new secret is in place
        r = api.post(f"/v1/alerts/{alert_id}/redeliver", headers=H)
        assert r.status_code == 200, r.text
        (d,) = r.json()["deliveries"]
        assert d["status"] == "pending" and d["attempts"] == 0 and d["redeliveries"] == 1
        wait_for(all_ended(redis, alerts), what="the redelivery")
        again = api.post(f"/v1/alerts/{alert_id}/redeliver", headers=H)
        assert again.status_code == 409, "nothing failed any more: nothing to send again"
    (record,) = AlertStore(redis).deliveries(alert_id)
    assert record.status == "delivered" and record.redeliveries == 1
    assert receiver.accepted() == Counter({alert_id: 1})
    assert [a["header_alert_id"] for a in receiver.attempts] == [alert_id, alert_id], "same alert id: receivers dedupe"
    health = api.get("/v1/webhooks", headers=H).json()["webhooks"][0]["health"]
    assert health["state"] == "ok" and health["delivered"] == 1 and health["failed"] == 1
