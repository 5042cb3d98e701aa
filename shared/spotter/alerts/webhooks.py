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
from dataclasses import dataclass
from typing import ClassVar, Literal, cast
from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, Field, SecretStr, model_validator
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
    expose_private_status: bool = Field(
        default=False,
        title="Show private targets' status codes",
        description="With allow_private, record the HTTP status and error text of deliveries to private "
        "addresses; off, they read 'HTTP error' only (otherwise anyone who may subscribe learns which "
        "internal ports answer)",
    )
    poll_s: float = Field(
        default=0.5, gt=0.0, title="Schedule poll (s)", description="How often the delivery schedule is read"
    )


class WebhookUrlRefused(SpotterError):
    """A webhook URL that may not be used (scheme, credentials, unresolvable or private host)."""


class WebhookHostUnresolved(WebhookUrlRefused):
    """The webhook's host did not resolve: at delivery, maybe for a moment (retried), at subscription, refused."""


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


@dataclass(frozen=True, slots=True)
class WebhookTarget:
    """Where one delivery goes: the URL as subscribed, and the addresses checked for it.

    The POST connects to `address` (the first checked one), never resolving the name again: a DNS
    answer that changes between the check and the connection (rebinding) cannot reach another host.
    """

    url: str
    host: str
    port: int
    addresses: tuple[str, ...]
    private: bool  # some checked address is not globally routable (only with allow_private)

    @property
    def address(self) -> str:
        return self.addresses[0]

    def pinned_url(self) -> str:
        """The URL with its host replaced by the checked address (the Host header and TLS name stay the host)."""
        parts = urlsplit(self.url)
        literal = f"[{self.address}]" if ":" in self.address else self.address
        return urlunsplit((parts.scheme, f"{literal}:{self.port}", parts.path or "/", parts.query, ""))

    def host_header(self) -> str:
        default = 443 if urlsplit(self.url).scheme == "https" else 80
        name = f"[{self.host}]" if ":" in self.host else self.host
        return name if self.port == default else f"{name}:{self.port}"


def check_webhook_url(url: str, *, allow_private: bool, resolve: Resolver = system_resolver) -> str:
    """`url` if it may receive deliveries; raises WebhookUrlRefused saying why not (see `webhook_target`).

    With `allow_private` the host is not resolved here (a receiver's private name may resolve only
    later); every delivery resolves it again and connects to what it checked.
    """
    if allow_private:
        _url_parts(url)
        return url
    return webhook_target(url, allow_private=allow_private, resolve=resolve).url


def _url_parts(url: str) -> tuple[str, str, int]:
    """(scheme, host, port) of a webhook URL, or WebhookUrlRefused for what no delivery could use."""
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
    return parts.scheme, host, port or (443 if parts.scheme == "https" else 80)


def webhook_target(url: str, *, allow_private: bool, resolve: Resolver = system_resolver) -> WebhookTarget:
    """The checked target of `url`; raises WebhookUrlRefused saying why it may not receive deliveries.

    http or https only, a host, no user:password (put credentials in the secret);
    unless `allow_private`, every address the host resolves to must be globally
    routable (not private, loopback, link-local, shared, reserved or multicast).
    """
    _scheme, host, port = _url_parts(url)
    try:
        ipaddress.ip_address(host)
        addresses = [host]  # a literal: nothing to resolve
    except ValueError:
        addresses = []
    try:
        addresses = addresses or list(resolve(host, port))
    except (OSError, UnicodeError) as exc:
        raise WebhookHostUnresolved(f"the webhook host {host!r} does not resolve: {exc}") from exc
    if not addresses:
        raise WebhookHostUnresolved(f"the webhook host {host!r} does not resolve")
    private = [a for a in addresses if not _is_public(a)]
    if private and not allow_private:
        raise WebhookUrlRefused(
            f"the webhook host {host!r} resolves to a private, loopback, link-local or reserved address "
            f"({', '.join(private)}); set SPOTTER_NOTIFY_ALLOW_PRIVATE=true to allow it"
        )
    return WebhookTarget(url, host, port, tuple(addresses), bool(private))


# --- the store --------------------------------------------------------------------


class WebhookHealth(BaseModel):
    """A subscription's record: is the receiver taking our deliveries?"""

    delivered: int = Field(default=0, description="Deliveries that got a 2xx")
    failed: int = Field(default=0, description="Deliveries given up (a 4xx, a refused URL, or out of attempts)")
    failed_attempts: int = Field(default=0, description="POSTs that did not get a 2xx (retried ones included)")
    last_delivered_at: float | None = Field(default=None, description="Unix time of the last 2xx")
    last_failure_at: float | None = Field(default=None, description="Unix time of the last failed attempt")
    last_error: str | None = Field(default=None, description="Why the last failed attempt failed")
    state: Literal["ok", "failing", "new"] = Field(
        default="new", description="failing: the last attempt failed after (or without) any success"
    )

    @model_validator(mode="after")
    def _state(self) -> WebhookHealth:
        if self.last_failure_at is not None and (self.last_delivered_at or 0.0) < self.last_failure_at:
            self.state = "failing"
        elif self.last_delivered_at is not None:
            self.state = "ok"
        return self


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
        self.redis.delete(streams.webhook_health_key(sub_id))

    def health(self, sub_id: str) -> WebhookHealth:
        """How deliveries to the subscription have gone (the notifier keeps the counts)."""
        raw = cast(dict[bytes, bytes], self.redis.hgetall(streams.webhook_health_key(sub_id)))
        return WebhookHealth.model_validate({k.decode(): v.decode() for k, v in raw.items()})


__all__ = [
    "ALERT_ID_HEADER",
    "ATTEMPT_HEADER",
    "SIGNATURE_HEADER",
    "WEBHOOK_ID_HEADER",
    "NotifySettings",
    "Resolver",
    "Subscription",
    "WebhookHealth",
    "WebhookHostUnresolved",
    "WebhookNotFound",
    "WebhookStore",
    "WebhookUrlRefused",
    "WebhookTarget",
    "check_webhook_url",
    "sign",
    "system_resolver",
    "verify",
    "webhook_target",
]
