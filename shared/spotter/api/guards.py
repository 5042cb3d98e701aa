"""What stands between the network and the handlers: body size, per-key rate, and which scope a route needs.

The body limit is ASGI middleware, so an oversized body is refused while it arrives (a 100 MB body
used to be read whole: 790 MB of memory) whether it says its length or is chunked. The rate limit is a
token bucket per key, per replica (no shared state: a key may make `rate x replicas` requests a second
across a deployment, stated in the docs).
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from spotter.api.settings import Scope

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[MutableMapping[str, Any], Receive, Send], Awaitable[None]]


def required_scope(method: str, route: str) -> Scope:
    """The scope a request needs: reading is `read`; webhooks (their URLs can hold tokens), changing site
    rules and deleting a camera are `admin`; every other change is `write`."""
    if route.startswith("/v1/webhooks"):
        return "admin"
    if route.endswith("/rules"):
        return "read" if method in ("GET", "HEAD") else "admin"
    if method in ("GET", "HEAD") or route == "/v1/ask":
        return "read"
    if method == "DELETE" and route.startswith("/v1/cameras"):
        return "admin"
    return "write"


class BodyLimit:
    """Refuses request bodies over `max_bytes` with 413, by their Content-Length or as they stream in."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"detail": f"request body over {self.max_bytes} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})  # fmt: skip
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_bytes):
            await self._refuse(send)
            return
        received = 0
        started = refused = False

        async def limited_receive() -> Message:
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    # Answer now and tell the app the client has gone: the body parser would turn an
                    # exception into a 400, and what the app sends after this is dropped.
                    refused = True
                    if not started:
                        await self._refuse(send)
                    return {"type": "http.disconnect"}
            return message

        async def tracked_send(message: Message) -> None:
            nonlocal started
            if refused:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, limited_receive, tracked_send)


class RateLimiter:
    """Token buckets by key: `rate` tokens a second up to `burst`; `take` says how long to wait when empty."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: dict[bytes, tuple[float, float]] = {}  # key -> (tokens, when)
        self._lock = threading.Lock()

    def take(self, key: bytes) -> float:
        """0 when the request may go now (a token is used), else the seconds until one is there."""
        if self.rate <= 0:
            return 0.0
        now = self.clock()
        with self._lock:
            tokens, when = self._buckets.get(key, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - when) * self.rate)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                return 0.0
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate


def retry_after(seconds: float) -> str:
    """A Retry-After value: whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))


__all__ = ["BodyLimit", "RateLimiter", "required_scope", "retry_after"]
