"""A service entry point built with `main_for`, as a real one would be (run as a script).

Handles clips on `test:svc` slowly (SVC_SLEEP_S) so a test can signal it mid-handler.
Idempotent by clip id: the result is written with HSETNX.
"""

from __future__ import annotations

import os
import time

from spotter.bus import Delivery
from spotter.messages import Clip
from spotter.service import ServiceContext, ServiceLoop, main_for

SERVICE = "test-svc"
STREAM = "test:svc"
GROUP = "test-svc"
STARTED = "test:svc:started"  # clip ids whose handler began
DONE = "test:svc:done"  # clip id -> msg id, written when the handler finishes


def build(ctx: ServiceContext) -> ServiceLoop:
    consumer = ctx.consumer(STREAM, GROUP, model=Clip)
    sleep_s = float(os.environ.get("SVC_SLEEP_S", "0"))

    def handle(delivery: Delivery[Clip]) -> None:
        ctx.redis.rpush(STARTED, delivery.message.clip_id)
        time.sleep(sleep_s)
        ctx.redis.hsetnx(DONE, delivery.message.clip_id, delivery.msg_id)

    return lambda stop: consumer.run(handle, stop)


if __name__ == "__main__":
    raise SystemExit(main_for(SERVICE, build))
