"""The typed consumer against a real redis-server: crashes, poison, malformed input, trimming."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, cast

import pytest
from redis import Redis

from spotter import streams
from spotter.bus import Delivery, StreamConsumer, StreamPublisher, read_dead_letters
from spotter.errors import SpotterError
from spotter.messages import Clip, Pose, decode, encode
from spotter.redis_server import RedisServerProcess, free_port
from tests.integration.bus_worker import APPLIED, ATTEMPTS, MAX_DELIVERY, RESULTS, make_handler

pytestmark = pytest.mark.integration

STREAM = "test:clips"
GROUP = "test-group"
WORKER = Path(__file__).with_name("bus_worker.py")


def clip(i: int, clip_id: str | None = None) -> Clip:
    return Clip(
        camera_id="cam-1",
        t=float(i + 1),
        clip_id=clip_id or f"clip-{i}",
        t_start=float(i),
        t_end=float(i + 1),
        n_frames=30,
        source="test.mp4",
    )


def wait_for(condition: Callable[[], bool], timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s}s waiting for {what}")
        time.sleep(0.01)


class RunningConsumer:
    """`consumer.run(handler, stop)` in a thread, stopped and joined on exit."""

    def __init__(self, consumer: StreamConsumer[Clip], handler: Callable[[Delivery[Clip]], object]) -> None:
        self.stop = threading.Event()
        self.errors: list[BaseException] = []
        self.thread = threading.Thread(target=self._run, args=(consumer, handler), daemon=True)

    def _run(self, consumer: StreamConsumer[Clip], handler: Callable[[Delivery[Clip]], object]) -> None:
        try:
            consumer.run(handler, self.stop)
        except BaseException as exc:  # surfaced by the test, not lost in the thread
            self.errors.append(exc)

    def __enter__(self) -> RunningConsumer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=10)
        assert not self.thread.is_alive(), "consumer did not stop"
        assert not self.errors, self.errors


def text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def raw_xadd(redis: Redis, fields: Mapping[Any, Any]) -> str:
    """XADD fields that did not come from the codec (a foreign or broken producer)."""
    return text(redis.xadd(STREAM, cast(Any, dict(fields))))


def pending(redis: Redis) -> int:
    return int(redis.xpending(STREAM, GROUP)["pending"])


# --- (a) a consumer killed mid-batch loses nothing and duplicates no effect ----------------


def test_killed_consumer_work_is_reclaimed_and_applied_exactly_once(
    redis: Redis, redis_url: str, tmp_path: Path
) -> None:
    n = 200
    publisher: StreamPublisher[Clip] = StreamPublisher(redis, STREAM)
    ids = publisher.publish_many([(clip(i), None) for i in range(n)])
    StreamConsumer(redis, STREAM, GROUP, "setup").ensure_group()

    log_path = tmp_path / "worker-1.log"
    with open(log_path, "wb") as log_file:
        worker = subprocess.Popen(
            [sys.executable, str(WORKER), "--redis-url", redis_url, "--stream", STREAM, "--group", GROUP,
             "--consumer", "worker-1", "--sleep", "0.01", "--batch", "64"],
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            wait_for(lambda: redis.hlen(ATTEMPTS) >= 20, 15, "the first worker to get going")
        finally:
            worker.send_signal(signal.SIGKILL)
            worker.wait(10)
    assert worker.returncode == -signal.SIGKILL, log_path.read_text()

    # Killed mid-batch: it had read messages it never acked.
    stranded = pending(redis)
    assert stranded > 0
    assert redis.hlen(RESULTS) < n

    second = StreamConsumer(redis, STREAM, GROUP, "worker-2", model=Clip, claim_idle_ms=200, block_ms=50)
    with RunningConsumer(second, make_handler(redis)):
        wait_for(lambda: redis.hlen(RESULTS) == n and pending(redis) == 0, 20, "every clip handled")

    results = {text(k): text(v) for k, v in redis.hgetall(RESULTS).items()}
    assert set(results) == {f"clip-{i}" for i in range(n)}
    # Each effect came from the message carrying that clip id...
    assert all(results[f"clip-{i}"] == ids[i] for i in range(n))
    # ...and happened once, although some messages reached a handler twice.
    assert int(redis.get(APPLIED) or 0) == n
    max_counts = {text(k): int(v) for k, v in redis.hgetall(MAX_DELIVERY).items()}
    assert set(max_counts) == set(ids)
    redelivered = [i for i, c in max_counts.items() if c > 1]
    assert 0 < len(redelivered) <= stranded
    assert pending(redis) == 0
    assert redis.xlen(streams.dead_letter_stream(STREAM)) == 0


# --- (b) a poison message is retried max_deliveries times, then dead-lettered ---------------


def test_poison_message_is_dead_lettered_with_reason_after_max_deliveries(redis: Redis) -> None:
    publisher: StreamPublisher[Clip] = StreamPublisher(redis, STREAM)
    ids = publisher.publish_many([(clip(i), None) for i in range(10)])
    poison = clip(99, clip_id="poison")
    poison_id = publisher.publish(poison)
    ids += publisher.publish_many([(clip(i), None) for i in range(10, 20)])

    handled: list[str] = []
    attempts: dict[str, int] = {}

    def handler(delivery: Delivery[Clip]) -> None:
        attempts[delivery.msg_id] = attempts.get(delivery.msg_id, 0) + 1
        if delivery.message.clip_id == "poison":
            raise ValueError(f"cannot caption {delivery.message.clip_id}")
        handled.append(delivery.message.clip_id)

    dlq = streams.dead_letter_stream(STREAM)
    consumer = StreamConsumer(
        redis, STREAM, GROUP, "c1", model=Clip, max_deliveries=3, claim_idle_ms=50, block_ms=20
    )
    with RunningConsumer(consumer, handler):
        wait_for(lambda: redis.xlen(dlq) == 1, 10, "the poison message in the dead letters")
        wait_for(lambda: pending(redis) == 0, 5, "nothing pending")

    assert sorted(handled) == sorted(f"clip-{i}" for i in range(20))
    assert attempts[poison_id] == 3
    [letter] = read_dead_letters(redis, STREAM)
    assert letter.msg_id == poison_id
    assert letter.stream == STREAM and letter.group == GROUP and letter.consumer == "c1"
    assert letter.delivery_count == 3
    assert "ValueError" in letter.reason and "cannot caption poison" in letter.reason
    message, _ = decode(letter.fields)
    assert message == poison
    # Failure reasons are forgotten once a message is settled.
    assert redis.hlen(streams.failure_reasons_key(STREAM, GROUP)) == 0


def test_consumer_that_dies_on_a_message_every_time_dead_letters_it(redis: Redis) -> None:
    """No fail() is ever recorded (the handler's process "dies"): the delivery count still bounds it."""
    publisher: StreamPublisher[Clip] = StreamPublisher(redis, STREAM)
    msg_id = publisher.publish(clip(0))
    consumer = StreamConsumer(
        redis, STREAM, GROUP, "c1", model=Clip, max_deliveries=2, claim_idle_ms=30, block_ms=10
    )
    consumer.ensure_group()
    seen: list[int] = []
    deadline = time.monotonic() + 5
    while redis.xlen(streams.dead_letter_stream(STREAM)) == 0:
        assert time.monotonic() < deadline
        seen += [d.delivery_count for d in consumer.read()]  # read, never settle: as if killed
    assert seen == [1, 2]
    [letter] = read_dead_letters(redis, STREAM)
    assert letter.msg_id == msg_id and letter.delivery_count == 2
    assert "consumer died or timed out" in letter.reason
    assert pending(redis) == 0


# --- (c) malformed and unexpected messages go straight to the dead letters ------------------


def test_malformed_messages_are_dead_lettered_at_once(redis: Redis) -> None:
    good_clip = clip(1)
    good = StreamPublisher[Clip](redis, STREAM).publish(good_clip)
    unknown = raw_xadd(redis, {"schema": "spotter.clip/99", "data": "{}"})
    bad_json = raw_xadd(redis, {"schema": Clip.SCHEMA, "data": "{oops"})
    no_schema = raw_xadd(redis, {"hello": "world"})
    wrong_type = raw_xadd(redis, encode(Pose(camera_id="c", t=0, frame_index=0, yaw_deg=1, method="orb")))

    consumer = StreamConsumer(redis, STREAM, GROUP, "c1", model=Clip, block_ms=10)
    consumer.ensure_group()
    deliveries = consumer.read()
    assert [d.msg_id for d in deliveries] == [good]
    assert deliveries[0].message == good_clip and deliveries[0].delivery_count == 1
    consumer.ack([good])

    letters = {letter.msg_id: letter for letter in read_dead_letters(redis, STREAM)}
    assert set(letters) == {unknown, bad_json, no_schema, wrong_type}
    assert "unknown schema 'spotter.clip/99'" in letters[unknown].reason
    assert letters[bad_json].reason.startswith("malformed: invalid spotter.clip/1")
    assert "missing 'schema'" in letters[no_schema].reason
    assert "unexpected message type Pose" in letters[wrong_type].reason
    assert letters[no_schema].fields == {b"hello": b"world"}
    assert all(letter.delivery_count == 1 for letter in letters.values())
    assert pending(redis) == 0
    assert consumer.read() == []


# --- (d) bounded and unbounded streams ---------------------------------------------------------


def test_bounded_stream_is_trimmed_approximately_and_unbounded_keeps_all(redis: Redis) -> None:
    maxlen, n = 500, 3000
    bounded = StreamPublisher[Clip](redis, "test:bounded", maxlen=maxlen)
    unbounded = StreamPublisher[Clip](redis, "test:unbounded")
    for start in range(0, n, 250):
        items: list[tuple[Clip, bytes | None]] = [(clip(i), b"x" * 16) for i in range(start, start + 250)]
        bounded.publish_many(items)
        unbounded.publish_many(items)
    bounded.publish(clip(n))
    # Approximate trimming drops whole stream nodes (100 entries by default).
    assert maxlen <= redis.xlen("test:bounded") <= maxlen + 150
    assert redis.xlen("test:unbounded") == n
    newest: Any = redis.xrevrange("test:bounded", count=1)
    message, _ = decode(newest[0][1])
    assert isinstance(message, Clip) and message.clip_id == f"clip-{n}"


# --- Redis going away is survived, not fatal --------------------------------------------------


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[RedisServerProcess]:
    server = RedisServerProcess(port=free_port(), data_dir=tmp_path / "redis")
    yield server
    server.stop()


def test_consumer_survives_a_redis_restart(own_server: RedisServerProcess) -> None:
    own_server.start()
    client = Redis(host="127.0.0.1", port=own_server.port, socket_timeout=2.0, socket_connect_timeout=0.5)
    try:
        publisher: StreamPublisher[Clip] = StreamPublisher(client, STREAM)
        handled: list[str] = []
        consumer = StreamConsumer(client, STREAM, GROUP, "c1", model=Clip, block_ms=20)
        with RunningConsumer(consumer, lambda d: handled.append(d.message.clip_id)):
            publisher.publish(clip(1))
            wait_for(lambda: handled == ["clip-1"], 5, "first clip")
            own_server.stop()  # no persistence: the group is gone too
            time.sleep(0.3)
            own_server.start()
            publisher.publish(clip(2))
            wait_for(lambda: handled == ["clip-1", "clip-2"], 10, "second clip after the restart")
    finally:
        client.close()


# --- the private redis-server itself ------------------------------------------------------------


def test_private_redis_server_with_persistence_keeps_data_across_restarts(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    port = free_port()
    with RedisServerProcess(port=port, data_dir=data_dir, persistence=True) as server:
        assert server.url == f"redis://127.0.0.1:{port}/0"
        client = Redis.from_url(server.url)
        client.set("k", "v")
        client.close()
    assert not server.running
    assert data_dir.exists()  # a given data dir is never removed
    with RedisServerProcess(port=port, data_dir=data_dir, persistence=True) as server:
        client = Redis.from_url(server.url)
        assert client.get("k") == b"v"
        client.close()


def test_private_redis_server_cleans_up_its_temp_dir_and_reports_failures(tmp_path: Path) -> None:
    server = RedisServerProcess().start()
    data_dir = server.data_dir
    assert data_dir.exists()
    server.stop()
    server.stop()  # idempotent
    assert not data_dir.exists()
    with pytest.raises(SpotterError, match="exited with code"):
        RedisServerProcess(data_dir=tmp_path, extra_args=("--no-such-option", "1")).start()
