"""Webhook signatures, URL (SSRF) checks, subscription filters and the Alert schema: no I/O."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence

import pytest
from pydantic import SecretStr, ValidationError

from spotter.alerts.webhooks import (
    NotifySettings,
    Subscription,
    WebhookUrlRefused,
    check_webhook_url,
    sign,
    verify,
)
from spotter.messages import ALERT_HORIZONS, Alert, Decision, decode, encode

SECRET = "0123456789abcdef-secret"
BODY = b'{"alert_id":"a1","message":"worker without hardhat"}'


def test_signature_is_the_contract_hmac() -> None:
    header = sign(SECRET, 1_700_000_000, BODY)
    mac = hmac.new(SECRET.encode(), b"1700000000." + BODY, hashlib.sha256).hexdigest()
    assert header == f"t=1700000000,v1={mac}"


def test_verify_accepts_a_fresh_signature_only() -> None:
    header = sign(SECRET, 1_000, BODY)
    assert verify(SECRET, header, BODY, now=1_000)
    assert verify(SECRET, header, BODY, now=1_200, tolerance_s=300)
    assert not verify(SECRET, header, BODY, now=2_000, tolerance_s=300), "replayed too late"
    assert not verify("another-secret-xxxx", header, BODY, now=1_000)
    assert not verify(SECRET, header, BODY + b" ", now=1_000), "body changed"
    assert not verify(SECRET, header.replace("t=1000", "t=1001"), BODY, now=1_000), "time changed"
    for bad in (None, "", "v1=abc", "t=1000", "t=x,v1=abc", "garbage"):
        assert not verify(SECRET, bad, BODY, now=1_000), bad


def test_verify_accepts_any_of_several_signatures() -> None:
    """While a secret rotates, a header may carry a v1 for the old and the new secret."""
    old = sign("old-secret-0123456789", 1_000, BODY).split(",")[1]
    header = f"{sign(SECRET, 1_000, BODY)},{old}"
    assert verify(SECRET, header, BODY, now=1_000)
    assert verify("old-secret-0123456789", header, BODY, now=1_000)


def resolver(table: dict[str, list[str]]):  # type: ignore[no-untyped-def]
    def resolve(host: str, port: int) -> Sequence[str]:
        if host not in table:
            raise OSError(f"unknown host {host}")
        return table[host]

    return resolve


DNS = resolver(
    {
        "hooks.example.com": ["93.184.216.34"],
        "mixed.example.com": ["93.184.216.34", "10.1.2.3"],
        "rebind.example.com": ["::ffff:127.0.0.1"],
        "metadata.example.com": ["169.254.169.254"],
    }
)


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8080/hook",
        "http://10.0.0.5/hook",
        "https://192.168.1.20/hook",
        "http://172.16.0.1/",
        "http://169.254.169.254/latest/meta-data",
        "http://100.64.1.1/",  # carrier-grade NAT (shared address space)
        "http://0.0.0.0/",
        "http://[::1]/",
        "http://[fe80::1]/",
        "http://[fd00::1]/",
        "http://224.0.0.1/",
        "http://mixed.example.com/hook",  # one private address is enough to refuse
        "http://rebind.example.com/hook",  # IPv4-mapped IPv6 loopback
        "http://metadata.example.com/",
        # IPv6 forms that carry a private IPv4 address, and site-local (issue 12's probes)
        "http://[::7f00:1]/",  # IPv4-compatible 127.0.0.1
        "http://[::127.0.0.1]/",
        "http://[64:ff9b::7f00:1]/",  # NAT64
        "http://[64:ff9b:1::a00:1]/",  # local-use NAT64, 10.0.0.1
        "http://[2002:7f00:1::]/",  # 6to4
        "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",  # Teredo, client 127.0.0.1
        "http://[fec0::1]/",  # site-local
        "http://[::]/",
    ],
)
def test_private_and_reserved_hosts_are_refused(url: str) -> None:
    with pytest.raises(WebhookUrlRefused, match="SPOTTER_NOTIFY_ALLOW_PRIVATE"):
        check_webhook_url(url, allow_private=False, resolve=DNS)
    assert check_webhook_url(url, allow_private=True, resolve=DNS) == url


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("ftp://hooks.example.com/x", "http or https"),
        ("file:///etc/passwd", "http or https"),
        ("hooks.example.com/x", "http or https"),
        ("http:///nohost", "no host"),
        ("https://user:pw@hooks.example.com/", "credentials"),
        ("http://nowhere.invalid/", "does not resolve"),
        ("http://hooks.example.com:99999/", "not a valid URL"),
        ("http://hooks.example.com/x\r\nX-Injected: 1", "control characters"),
        ("http://hooks.example.com/a b", "whitespace"),
        ("http://hooks.example.com/\x00", "control characters"),
    ],
)
def test_bad_urls_are_refused_with_the_reason(url: str, reason: str) -> None:
    with pytest.raises(WebhookUrlRefused, match=reason):
        check_webhook_url(url, allow_private=False, resolve=DNS)


def test_public_hosts_pass() -> None:
    for url in ("https://hooks.example.com/spotter?token=x", "http://93.184.216.34:8080/", "http://[2606:4700::1]/"):
        assert check_webhook_url(url, allow_private=False, resolve=DNS) == url


def test_ip_literals_resolve_without_a_network() -> None:
    """The real resolver answers IP literals itself, so the check needs no DNS for them."""
    with pytest.raises(WebhookUrlRefused, match="private"):
        check_webhook_url("http://127.0.0.1:9/", allow_private=False)
    assert check_webhook_url("http://8.8.8.8/", allow_private=False) == "http://8.8.8.8/"


def alert(**kw: object) -> Alert:
    data: dict[str, object] = {
        "camera_id": "cam-a", "t": 12.5, "alert_id": "a1", "category": "ppe_violation", "message": "no hardhat",
    }  # fmt: skip
    data.update(kw)
    return Alert.model_validate(data)


def test_subscription_filters() -> None:
    sub = Subscription(id="wh_1", url="http://x/", secret=SecretStr(SECRET))
    assert sub.matches(alert()) and sub.matches(alert(category="idle", camera_id="cam-z"))
    only_ppe = sub.model_copy(update={"categories": ["ppe_violation"]})
    assert only_ppe.matches(alert()) and not only_ppe.matches(alert(category="left_behind"))
    only_b = sub.model_copy(update={"cameras": ["cam-b"]})
    assert only_b.matches(alert(camera_id="cam-b")) and not only_b.matches(alert())
    both = sub.model_copy(update={"cameras": ["cam-b"], "categories": ["idle"]})
    assert both.matches(alert(camera_id="cam-b", category="idle"))
    assert not both.matches(alert(camera_id="cam-b")) and not both.matches(alert(category="idle"))


def test_subscription_json_keeps_the_secret_but_repr_hides_it() -> None:
    sub = Subscription(id="wh_1", url="http://x/", secret=SecretStr(SECRET))
    assert SECRET not in repr(sub) and SECRET not in sub.model_dump_json()
    assert Subscription.model_validate_json(sub.to_json()).secret.get_secret_value() == SECRET


def test_alert_horizon_follows_the_category() -> None:
    for category, horizon in ALERT_HORIZONS.items():
        assert alert(category=category).horizon == horizon
        assert alert(category=category, horizon=horizon).horizon == horizon
    assert ALERT_HORIZONS["ppe_violation"] == "instant" and ALERT_HORIZONS["idle"] == "long_term"
    with pytest.raises(ValidationError, match="horizon"):
        alert(category="left_behind", horizon="instant")
    with pytest.raises(ValidationError):
        alert(category="fire")
    with pytest.raises(ValidationError):
        alert(alert_id="has space")
    with pytest.raises(ValidationError):
        alert(alert_id="a|b")
    a = alert(evidence={"clip_ids": ["c1"], "entity_ids": ["e1"], "times": [12.0]})
    assert decode(encode(a))[0] == a


def test_decision_names_a_category_exactly_when_it_alerts() -> None:
    base = {"camera_id": "cam-a", "t": 4.0, "clip_id": "c1", "latency_ms": 12.0}
    assert Decision.model_validate({**base, "d": 0}).category is None
    yes = Decision.model_validate({**base, "d": 1, "category": "left_behind", "alert_id": "a1"})
    assert decode(encode(yes))[0] == yes
    with pytest.raises(ValidationError):
        Decision.model_validate({**base, "d": 1})
    with pytest.raises(ValidationError):
        Decision.model_validate({**base, "d": 0, "category": "idle"})


def test_settings_defaults_refuse_private_urls() -> None:
    assert NotifySettings.model_fields["allow_private"].default is False
    assert NotifySettings.model_fields["max_attempts"].default >= 3
