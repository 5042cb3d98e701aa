"""The lifecycle every private server child shares (redis-server, Neo4j).

A subclass says how to find its program (`_prepare`) and how to launch it on
a port and wait until it serves (`_launch`); this base owns the rest: the
data dir (temporary unless given, removed on stop), the retry when a port
picked free is taken before the child binds it, SIGTERM-then-SIGKILL on
stop, the log file and its tail in error messages. Children run in their own
session so that a Ctrl-C aimed at the parent's terminal does not kill them
before the services have drained and acked their work, and they die with
their parent (a parent-death signal) when it is killed outright; a temporary
data dir left by a killed parent is removed by the next start.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import logging
import os
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import IO, ClassVar, Self

from spotter.errors import SpotterError

log = logging.getLogger(__name__)


PR_SET_PDEATHSIG = 1


def die_with(parent_pid: int) -> Callable[[], None]:
    """A `preexec_fn`: the child gets SIGTERM when this process dies, SIGKILL included (Linux).

    Without it a `spotter replay` killed with SIGKILL left its redis-server running. The signal comes when
    the thread that started the child ends, so children are started from long-lived threads (the main one).
    """

    def arm() -> None:
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        except (OSError, AttributeError):
            return  # not Linux: the janitor still removes the data dir on the next start
        if os.getppid() != parent_pid:  # the parent died before the signal was armed
            os._exit(1)

    return arm


def remove_orphaned_dirs(name: str, root: str | os.PathLike[str] | None = None) -> list[Path]:
    """Remove `spotter-<name>-<pid>-*` temp dirs whose owning process is gone (killed before its stop())."""
    removed: list[Path] = []
    base = Path(root) if root is not None else Path(tempfile.gettempdir())
    for path in base.glob(f"spotter-{name}-*-*"):
        pid_text = path.name[len(f"spotter-{name}-"):].split("-", 1)[0]
        if not pid_text.isdigit() or not path.is_dir() or _alive(int(pid_text)):
            continue
        shutil.rmtree(path, ignore_errors=True)
        removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that was free a moment ago (the caller retries on the rare race)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


class ChildServerProcess:
    """Base of the private server children; the constructor does no I/O."""

    NAME: ClassVar[str] = "server"
    LOG_FILE: ClassVar[str] = "server.log"
    STOP_TIMEOUT_S: ClassVar[float] = 5.0

    def __init__(self, *, port: int | None, data_dir: str | os.PathLike[str] | None) -> None:
        self._requested_port = port
        self._requested_data_dir = Path(data_dir) if data_dir is not None else None
        self._proc: subprocess.Popen[bytes] | None = None
        self._port: int | None = None
        self._data_dir: Path | None = None
        self._owns_data_dir = False
        self._log: IO[bytes] | None = None

    # --- what a subclass provides ---------------------------------------------

    def _prepare(self) -> None:
        """Find the program and check options before anything is created; raise SpotterError."""

    def _launch(self, port: int) -> None:
        """Start the child on `port` (set self._proc, self._log) and wait until it serves."""
        raise NotImplementedError

    def _after_terminate(self, proc: subprocess.Popen[bytes] | None) -> None:
        """Release what `_launch` opened besides the process and the log (threads, pipes)."""

    # --- public -------------------------------------------------------------

    @property
    def port(self) -> int:
        if self._port is None:
            raise SpotterError(f"{self.NAME} is not started")
        return self._port

    @property
    def data_dir(self) -> Path:
        if self._data_dir is None:
            raise SpotterError(f"{self.NAME} is not started")
        return self._data_dir

    @property
    def log_path(self) -> Path:
        return self.data_dir / self.LOG_FILE

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> Self:
        """Launch the child and wait until it serves; raises SpotterError otherwise."""
        if self.running:
            return self
        self._prepare()
        if self._requested_data_dir is not None:
            self._requested_data_dir.mkdir(parents=True, exist_ok=True)
            self._data_dir = self._requested_data_dir
        else:
            remove_orphaned_dirs(self.NAME)
            self._data_dir = Path(tempfile.mkdtemp(prefix=f"spotter-{self.NAME}-{os.getpid()}-"))
            self._owns_data_dir = True

        # A port picked by free_port() can be taken before the child binds it: retry then.
        attempts = 1 if self._requested_port is not None else 3
        last_error: SpotterError | None = None
        for _ in range(attempts):
            port = self._requested_port if self._requested_port is not None else free_port()
            try:
                self._launch(port)
                return self
            except SpotterError as exc:
                last_error = exc
                self._terminate()
                if "in use" not in str(exc):
                    break
        self._cleanup_dir()
        assert last_error is not None
        raise last_error

    def stop(self, timeout_s: float | None = None) -> None:
        """SIGTERM, wait up to `timeout_s`, then SIGKILL. Safe to call twice."""
        self._terminate(self.STOP_TIMEOUT_S if timeout_s is None else timeout_s)
        self._cleanup_dir()

    def kill(self) -> None:
        """SIGKILL the child, as a crash would (fault injection); its data dir stays for a restart."""
        if self._proc is not None and self._proc.poll() is None:
            self._proc.kill()
        self._terminate(0.0)

    def __enter__(self) -> Self:
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
        return f"{type(self).__name__}({state})"

    # --- internals ------------------------------------------------------------

    def _open_log(self) -> IO[bytes]:
        assert self._data_dir is not None
        self._log = open(self._data_dir / self.LOG_FILE, "ab")  # noqa: SIM115 - closed in _terminate
        return self._log

    def _terminate(self, timeout_s: float | None = None) -> None:
        timeout_s = self.STOP_TIMEOUT_S if timeout_s is None else timeout_s
        proc, self._proc = self._proc, None
        if proc is not None:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout_s)
                except subprocess.TimeoutExpired:
                    log.warning("%s pid %d ignored SIGTERM for %.1fs; killing it", self.NAME, proc.pid, timeout_s)
                    proc.kill()
                    proc.wait()
            else:
                proc.wait()
        self._after_terminate(proc)
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
        if self._log is not None:
            with contextlib.suppress(ValueError):  # closed meanwhile
                self._log.flush()
        try:
            text = (self._data_dir / self.LOG_FILE).read_bytes()[-limit:].decode(errors="replace")
        except OSError:
            return "(no log)"
        return text.strip() or "(empty log)"
