"""Webhook subscriptions: the store in Redis, URL checks and the signature of deliveries.

A delivery is a POST whose body is the alert's JSON, signed as the contract says
(the public contract): `X-Spotter-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
`verify` is what a receiver runs (it is here so that tests and Python receivers share
one implementation); it checks the HMAC in constant time and that `t` is recent.

Webhook URLs are checked against private address ranges (SSRF): the host is resolved
and every address it resolves to must be globally routable, unless
`SPOTTER_NOTIFY_ALLOW_PRIVATE=true` (a receiver on the same host or network). The
notifier checks again before each attempt, so a name that later resolves into a
private range is refused then too.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import socket
import time
import uuid
from collections.abc import Callable, Sequence
from typing import ClassVar, cast
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict
from redis import Redis

from spotter import streams
from spotter.errors import SpotterError
from spotter.messages import Alert, AlertCategory, wall_clock

SIGNATURE_HEADER = "X-Spotter-Signature"
ALERT_ID_HEADER = "X-Spotter-Alert-Id"
WEBHOOK_ID_HEADER = "X-Spotter-Webhook-Id"
ATTEMPT_HEADER = "X-Spotter-Attempt"
SIGNATURE_VERSION = "v1"
DEFAULT_TOLERANCE_S = 300.0

Resolver = Callable[[str, int], Sequence[str]]
"""host, port -> the IP addresses (text) the host resolves to; raises OSError when it does not."""


class NotifySettings(BaseSettings):
    """Alert storage and webhook delivery (`SPOTTER_NOTIFY_*`): the notifier service and the API."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_NOTIFY_", extra="ignore")

    allow_private: bool = Field(
        default=False,
        title="Allow private webhook URLs",
        description="Accept webhook hosts in private, loopback, link-local or reserved ranges (SSRF guard off)",
    )
    timeout_s: float = Field(
        default=10.0, gt=0.0, title="Delivery timeout (s)", description="Connect/read timeout of one POST"
    )
    max_attempts: int = Field(
        default=8, ge=1, title="Max attempts", description="Attempts before a delivery is marked failed"
    )
    backoff_base_s: float = Field(
        default=2.0, gt=0.0, title="Backoff base (s)", description="Delay before the 2nd attempt; doubles after"
    )
    backoff_max_s: float = Field(
        default=600.0, gt=0.0, title="Backoff cap (s)", description="Longest delay between two attempts"
    )
    workers: int = Field(
        default=4, ge=1, le=64, title="Delivery workers", description="Deliveries sent at the same time"
    )
    poll_s: float = Field(
        default=0.5, gt=0.0, title="Schedule poll (s)", description="How often the delivery schedule is read"
    )


class WebhookUrlRefused(SpotterError):
    """A webhook URL that may not be used (scheme, credentials, unresolvable or private host)."""


class WebhookNotFound(SpotterError):
    """No subscription with that id."""


class Subscription(BaseModel):
    """One webhook subscription as stored (with its secret; never returned by the API)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    SCHEMA: ClassVar[str] = "spotter.webhook/1"

    id: str = Field(description="Subscription id (wh_<hex>)")
    url: str = Field(description="Where deliveries are POSTed")
    secret: SecretStr = Field(description="HMAC key of the signature")
    categories: list[AlertCategory] | None = Field(default=None, description="Only these categories; null: all")
    cameras: list[str] | None = Field(default=None, description="Only these cameras; null: all")
    created_at: float = Field(default_factory=wall_clock)

    def matches(self, alert: Alert) -> bool:
        """True when the alert passes this subscription's category and camera filters."""
        if self.categories is not None and alert.category not in self.categories:
            return False
        return self.cameras is None or alert.camera_id in self.cameras

    def to_json(self) -> str:
        """JSON for the store, secret included (`model_dump_json` would mask it)."""
        data = self.model_dump(mode="json")
        data["secret"] = self.secret.get_secret_value()
        return json.dumps(data, separators=(",", ":"))


# --- signatures ------------------------------------------------------------------


def sign(secret: str, t: int, body: bytes) -> str:
    """The signature header value for `body` sent at unix time `t`."""
    mac = hmac.new(secret.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={t},{SIGNATURE_VERSION}={mac}"


def verify(
    secret: str,
    header: str | None,
    body: bytes,
    *,
    tolerance_s: float = DEFAULT_TOLERANCE_S,
    now: float | None = None,
) -> bool:
    """True when `header` signs `body` with `secret` and its `t` is within `tolerance_s` of now.

    Several `v1=` entries are accepted (any one matching suffices), so a sender can
    sign with an old and a new secret while a receiver rotates.
    """
    if not header:
        return False
    t: int | None = None
    macs: list[str] = []
    for part in header.split(","):
        key, _, value = part.strip().partition("=")
        if key == "t":
            try:
                t = int(value)
            except ValueError:
                return False
        elif key == SIGNATURE_VERSION:
            macs.append(value)
    if t is None or not macs:
        return False
    current = time.time() if now is None else now
    if abs(current - t) > tolerance_s:
        return False
    expected = sign(secret, t, body).rsplit("=", 1)[1]
    return any(hmac.compare_digest(expected.encode(), m.encode()) for m in macs)


# --- URL checks -------------------------------------------------------------------


def system_resolver(host: str, port: int) -> list[str]:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return sorted({str(info[4][0]) for info in infos})


_NAT64 = (ipaddress.ip_network("64:ff9b::/96"), ipaddress.ip_network("64:ff9b:1::/48"))
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 form carries and routes to: mapped, compatible, NAT64, 6to4, Teredo."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    if ip in _IPV4_COMPATIBLE or any(ip in net for net in _NAT64):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def _is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.is_site_local or ip == ipaddress.IPv6Address("::"):
            return False  # fec0::/10, deprecated but still routed inside some sites
        inner = _embedded_ipv4(ip)
        if inner is not None:
            return _is_public(str(inner))
    return ip.is_global and not ip.is_multicast


def has_space_or_control(url: str) -> bool:
    """Whitespace or a control character: it passes urlsplit, then fails (or splits) every request."""
    return any(ord(c) < 0x21 or ord(c) == 0x7F for c in url)


def check_webhook_url(url: str, *, allow_private: bool, resolve: Resolver = system_resolver) -> str:
    """`url` if it may receive deliveries; raises WebhookUrlRefused saying why not.

    http or https only, a host, no user:password (put credentials in the secret);
    unless `allow_private`, every address the host resolves to must be globally
    routable (not private, loopback, link-local, shared, reserved or multicast).
    """
    if has_space_or_control(url):
        raise WebhookUrlRefused("the webhook URL holds whitespace or control characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise WebhookUrlRefused(f"not a valid URL: {exc}") from exc
    if parts.scheme not in ("http", "https"):
        raise WebhookUrlRefused(f"webhook URLs must be http or https, not {parts.scheme or 'none'!r}")
    host = parts.hostname
    if not host:
        raise WebhookUrlRefused("the webhook URL has no host")
    if parts.username is not None or parts.password is not None:
        raise WebhookUrlRefused("the webhook URL may not carry credentials; the secret signs each delivery")
    if allow_private:
        return url
    try:
        ipaddress.ip_address(host)
        addresses = [host]  # a literal: nothing to resolve
    except ValueError:
        addresses = []
    try:
        addresses = addresses or list(resolve(host, port or (443 if parts.scheme == "https" else 80)))
    except (OSError, UnicodeError) as exc:
        raise WebhookUrlRefused(f"the webhook host {host!r} does not resolve: {exc}") from exc
    if not addresses:
        raise WebhookUrlRefused(f"the webhook host {host!r} does not resolve")
    private = [a for a in addresses if not _is_public(a)]
    if private:
        raise WebhookUrlRefused(
            f"the webhook host {host!r} resolves to a private, loopback, link-local or reserved address "
            f"({', '.join(private)}); set SPOTTER_NOTIFY_ALLOW_PRIVATE=true to allow it"
        )
    return url


# --- the store --------------------------------------------------------------------


class WebhookStore:
    """Subscriptions in one Redis hash (`streams.WEBHOOKS`), id -> JSON with the secret."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    def create(
        self,
        url: str,
        secret: str,
        categories: Sequence[AlertCategory] | None = None,
        cameras: Sequence[str] | None = None,
    ) -> Subscription:
        """Store a new subscription (the URL is expected to be checked already)."""
        sub = Subscription(
            id=f"wh_{uuid.uuid4().hex}",
            url=url,
            secret=SecretStr(secret),
            categories=sorted(set(categories)) if categories is not None else None,
            cameras=sorted(set(cameras)) if cameras is not None else None,
        )
        self.redis.hset(streams.WEBHOOKS, sub.id, sub.to_json())
        return sub

    def get(self, sub_id: str) -> Subscription:
        raw = cast(bytes | None, self.redis.hget(streams.WEBHOOKS, sub_id))
        if raw is None:
            raise WebhookNotFound(f"no webhook {sub_id!r}")
        return Subscription.model_validate_json(raw)

    def list_all(self) -> list[Subscription]:
        """Every subscription, oldest first."""
        raw = cast(dict[bytes, bytes], self.redis.hgetall(streams.WEBHOOKS))
        subs = [Subscription.model_validate_json(v) for v in raw.values()]
        return sorted(subs, key=lambda s: (s.created_at, s.id))

    def delete(self, sub_id: str) -> None:
        if not self.redis.hdel(streams.WEBHOOKS, sub_id):
            raise WebhookNotFound(f"no webhook {sub_id!r}")


__all__ = [
    "ALERT_ID_HEADER",
    "ATTEMPT_HEADER",
    "SIGNATURE_HEADER",
    "WEBHOOK_ID_HEADER",
    "NotifySettings",
    "Resolver",
    "Subscription",
    "WebhookNotFound",
    "WebhookStore",
    "WebhookUrlRefused",
    "check_webhook_url",
    "sign",
    "system_resolver",
    "verify",
]
