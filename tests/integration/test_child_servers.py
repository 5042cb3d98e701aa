"""A parent killed outright takes its private servers with it: `spotter replay` SIGKILLed used to leave its
redis-server running and its temp dir behind (issue 12, item 5)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from redis import Redis
from redis.exceptions import ConnectionError as RedisConnectionError

from spotter.child_server import remove_orphaned_dirs
from spotter.redis_server import RedisServerProcess

pytestmark = pytest.mark.integration

PARENT = """
import sys, time
from spotter.redis_server import RedisServerProcess
server = RedisServerProcess().start()
print(server.port, server.data_dir, server._proc.pid, flush=True)
time.sleep(600)
"""


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # a zombie until its new parent (init) reaps it: dead for our purpose
    return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"


def test_a_sigkilled_parent_takes_its_redis_server_along_and_the_next_start_removes_its_dir() -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    with parent.stdout:
        port_text, data_dir, child_pid = parent.stdout.readline().split()
    client = Redis(port=int(port_text), socket_timeout=2.0)
    assert client.ping()
    parent.send_signal(signal.SIGKILL)
    parent.wait(10)
    deadline = time.monotonic() + 10
    while not _gone(int(child_pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(int(child_pid)), "redis-server outlived its SIGKILLed parent"
    with pytest.raises(RedisConnectionError):
        client.ping()
    client.close()
    assert Path(data_dir).is_dir(), "nobody could remove it yet"
    with RedisServerProcess() as fresh:  # the next start sweeps dirs whose owner is gone
        assert fresh.running
        assert not Path(data_dir).exists()


def test_only_dirs_of_dead_owners_are_removed(tmp_path: Path) -> None:
    mine = tmp_path / f"spotter-redis-server-{os.getpid()}-abc"
    dead = tmp_path / "spotter-redis-server-999999999-abc"
    odd = tmp_path / "spotter-redis-server-notapid-abc"
    for d in (mine, dead, odd):
        d.mkdir()
    assert remove_orphaned_dirs("redis-server", tmp_path) == [dead]
    assert mine.is_dir() and odd.is_dir()
    assert tempfile.gettempdir()  # the default root is the system's temp dir
