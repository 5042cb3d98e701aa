"""A private `redis-server` child process, for the embedded mode and for tests.

The constructor only records options; `start()` finds the binary, picks a free
loopback port, launches the server and waits until it answers PING. The child
runs in its own session so that a Ctrl-C aimed at the parent's terminal does
not kill Redis before the services have drained and acked their work.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import IO

from redis import Redis
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry

from spotter.errors import SpotterError

log = logging.getLogger(__name__)

LOG_FILE = "redis-server.log"


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that was free a moment ago (the caller retries on the rare race)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


class RedisServerProcess:
    """Runs one `redis-server` on 127.0.0.1 as a child of this process.

    Persistence is off by default (`--save "" --appendonly no`): the embedded
    mode and tests want a fast, throw-away server. `persistence=True` turns
    on the append-only file and the default RDB snapshots in `data_dir`.
    A data dir this object created itself is removed by `stop()`.
    """

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
        self._requested_port = port
        self._requested_data_dir = Path(data_dir) if data_dir is not None else None
        self.persistence = persistence
        self._binary = binary
        self.startup_timeout_s = startup_timeout_s
        self.extra_args = extra_args
        self._proc: subprocess.Popen[bytes] | None = None
        self._port: int | None = None
        self._data_dir: Path | None = None
        self._owns_data_dir = False
        self._log: IO[bytes] | None = None

    # --- public -------------------------------------------------------------

    @property
    def port(self) -> int:
        if self._port is None:
            raise SpotterError("redis-server is not started")
        return self._port

    @property
    def url(self) -> str:
        """`redis://127.0.0.1:PORT/0` of the running server."""
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def data_dir(self) -> Path:
        if self._data_dir is None:
            raise SpotterError("redis-server is not started")
        return self._data_dir

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> RedisServerProcess:
        """Launch the server and wait until it answers PING; raises SpotterError otherwise."""
        if self.running:
            return self
        binary = self._binary or shutil.which("redis-server")
        if binary is None:
            raise SpotterError(
                "redis-server not found on PATH: install Redis (e.g. `apt-get install redis-server`) "
                "or set REDIS_URL to an existing server"
            )
        if self._requested_data_dir is not None:
            self._requested_data_dir.mkdir(parents=True, exist_ok=True)
            self._data_dir = self._requested_data_dir
        else:
            self._data_dir = Path(tempfile.mkdtemp(prefix="spotter-redis-"))
            self._owns_data_dir = True

        # A port picked by free_port() can be taken before redis binds it: retry then.
        attempts = 1 if self._requested_port is not None else 3
        last_error: SpotterError | None = None
        for _ in range(attempts):
            port = self._requested_port if self._requested_port is not None else free_port()
            try:
                self._launch(binary, port)
                return self
            except SpotterError as exc:
                last_error = exc
                self._terminate()
                if "in use" not in str(exc):
                    break
        self._cleanup_dir()
        assert last_error is not None
        raise last_error

    def stop(self, timeout_s: float = 5.0) -> None:
        """SIGTERM, wait up to `timeout_s`, then SIGKILL. Safe to call twice."""
        self._terminate(timeout_s)
        self._cleanup_dir()

    def __enter__(self) -> RedisServerProcess:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = f"port={self._port}" if self.running else "stopped"
        return f"RedisServerProcess({state})"

    # --- internals ------------------------------------------------------------

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

    def _launch(self, binary: str, port: int) -> None:
        assert self._data_dir is not None
        self._log = open(self._data_dir / LOG_FILE, "ab")  # noqa: SIM115 - closed in _terminate
        self._proc = subprocess.Popen(
            self._command(binary, port),
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
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

    def _terminate(self, timeout_s: float = 5.0) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout_s)
                except subprocess.TimeoutExpired:
                    log.warning(
                        "redis-server pid %d ignored SIGTERM for %.1fs; killing it", proc.pid, timeout_s
                    )
                    proc.kill()
                    proc.wait()
            else:
                proc.wait()
        if self._log is not None:
            self._log.close()
            self._log = None

    def _cleanup_dir(self) -> None:
        if self._owns_data_dir and self._data_dir is not None:
            shutil.rmtree(self._data_dir, ignore_errors=True)
            self._owns_data_dir = False
        self._data_dir = None if self._requested_data_dir is None else self._requested_data_dir
        if not self.running:
            self._port = None

    def _log_tail(self, limit: int = 2000) -> str:
        if self._data_dir is None:
            return ""
        try:
            text = (self._data_dir / LOG_FILE).read_bytes()[-limit:].decode(errors="replace")
        except OSError:
            return "(no log)"
        return text.strip() or "(empty log)"
