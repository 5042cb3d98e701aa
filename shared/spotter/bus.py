"""Typed publishers and consumers over Redis Streams.

Publishers hide XADD (with bounded length for high-rate streams); consumers
hide XREADGROUP / XACK / XAUTOCLAIM and the dead-letter stream.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from pydantic import BaseModel
from redis import Redis

from spotter.messages import encode

M = TypeVar("M", bound=BaseModel)


class StreamPublisher(Generic[M]):
    """Appends typed messages to one stream.

    `maxlen` bounds the stream approximately (XADD MAXLEN ~): use it for
    high-rate streams (frames) only; low-rate streams keep everything.
    """

    def __init__(self, redis: Redis, stream: str, maxlen: int | None = None) -> None:
        self.redis = redis
        self.stream = stream
        self.maxlen = maxlen

    def publish(self, message: M, blob: bytes | None = None) -> str:
        """Append one message; returns its stream id."""
        msg_id = self.redis.xadd(
            self.stream, encode(message, blob), maxlen=self.maxlen, approximate=self.maxlen is not None
        )
        return msg_id.decode() if isinstance(msg_id, bytes) else str(msg_id)

    def publish_many(self, items: Sequence[tuple[M, bytes | None]]) -> list[str]:
        """Append several messages in one round trip, in order."""
        pipe = self.redis.pipeline(transaction=False)
        for message, blob in items:
            pipe.xadd(
                self.stream, encode(message, blob), maxlen=self.maxlen, approximate=self.maxlen is not None
            )
        return [i.decode() if isinstance(i, bytes) else str(i) for i in pipe.execute()]
