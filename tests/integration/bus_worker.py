"""A consumer process for the bus fault test (run as a script, also imported for its handler).

Its handler is idempotent by domain key: the first delivery of a clip id
records the result with HSETNX and bumps an "applied" counter in the same
Lua call, so a redelivered message changes nothing a user could see.
"""

from __future__ import annotations

import argparse
import logging
import threading
import time
from collections.abc import Callable

from redis import Redis

from spotter.bus import Delivery, StreamConsumer
from spotter.messages import Clip

RESULTS = "test:results"  # clip_id -> msg_id of the delivery that took effect
APPLIED = "test:applied"  # how many times an effect took place (must equal distinct clips)
ATTEMPTS = "test:attempts"  # msg_id -> handler calls
MAX_DELIVERY = "test:max_delivery"  # msg_id -> highest delivery_count seen by the handler

_APPLY_ONCE = """
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 1 then
  redis.call('INCR', KEYS[2])
  return 1
end
return 0
"""


def make_handler(redis: Redis, sleep_s: float = 0.0) -> Callable[[Delivery[Clip]], None]:
    apply_once = redis.register_script(_APPLY_ONCE)

    def handle(delivery: Delivery[Clip]) -> None:
        redis.hincrby(ATTEMPTS, delivery.msg_id, 1)
        redis.hset(MAX_DELIVERY, delivery.msg_id, delivery.delivery_count)
        if sleep_s:
            time.sleep(sleep_s)  # the "work": a SIGKILL lands here
        apply_once(keys=[RESULTS, APPLIED], args=[delivery.message.clip_id, delivery.msg_id])

    return handle


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--stream", required=True)
    parser.add_argument("--group", required=True)
    parser.add_argument("--consumer", required=True)
    parser.add_argument("--sleep", type=float, default=0.01)
    parser.add_argument("--batch", type=int, default=64)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    redis = Redis.from_url(args.redis_url, socket_timeout=10.0)
    consumer = StreamConsumer(
        redis, args.stream, args.group, args.consumer, model=Clip, batch=args.batch, block_ms=100
    )
    consumer.run(make_handler(redis, args.sleep), threading.Event())


if __name__ == "__main__":
    main()
