"""A private Neo4j server child process, for tests, CI and the embedded mode.

There is no Neo4j distribution on the machines: `deploy/neo4j/` builds a small Java launcher
(an embedded Neo4j Community DBMS with only the Bolt connector) into one runnable jar. See
deploy/neo4j/README.md.

The constructor only records options; `start()` finds `java` and the jar (building it with
deploy/neo4j/build.sh when it is missing), picks a free loopback port, launches the server,
waits for its `READY bolt://127.0.0.1:PORT` line and then for a real Bolt handshake with the
official driver (`verify_connectivity()`). Like RedisServerProcess, the child runs in its own
session so that a Ctrl-C aimed at the parent's terminal does not kill it before the services
have drained. Its stdout and stderr go to `neo4j-launcher.log` in the data dir (Neo4j's own
logs are in `logs/` there); failures quote that log's tail.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import IO

from neo4j import GraphDatabase
from neo4j.exceptions import AuthError, ServiceUnavailable, SessionExpired

from spotter.child_server import ChildServerProcess, die_with
from spotter.errors import SpotterError

log = logging.getLogger(__name__)

LOG_FILE = "neo4j-launcher.log"
READY_PREFIX = "READY "
REPO_ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = REPO_ROOT / "deploy" / "neo4j" / "build.sh"
DEFAULT_JAR = REPO_ROOT / "deploy" / "neo4j" / "target" / "spotter-neo4j-launcher.jar"
BUILD_HINT = (
    "build it with `bash deploy/neo4j/build.sh` (needs a JDK 17+ and Maven: "
    "`apt-get install openjdk-17-jdk-headless maven`), or pass jar= / set SPOTTER_NEO4J_JAR"
)

# Small by design: the machines also run Redis and the tests. C1 only (TieredStopAtLevel=1)
# starts in about half the time; pass jvm_args without it for long, query-heavy runs.
DEFAULT_JVM_ARGS: tuple[str, ...] = (
    "-Xms128m",
    "-Xmx512m",
    "-XX:MaxDirectMemorySize=256m",
    "-XX:+UseSerialGC",
    "-XX:TieredStopAtLevel=1",
    "-XX:+ExitOnOutOfMemoryError",
)


def find_java(java: str | None = None) -> str:
    """`java`, else $JAVA_HOME/bin/java, else `java` on PATH (build.sh picks the same way)."""
    if java is not None:
        return java
    java_home = os.environ.get("JAVA_HOME")
    if java_home:
        candidate = Path(java_home) / "bin" / "java"
        if candidate.is_file():
            return str(candidate)
    found = shutil.which("java")
    if found is None:
        raise SpotterError(
            "java not found (no $JAVA_HOME/bin/java, none on PATH): Neo4j needs Java 17+, "
            "e.g. `apt-get install openjdk-17-jre-headless`"
        )
    return found


def ensure_jar(jar: str | os.PathLike[str] | None = None, *, build_timeout_s: float = 900.0) -> Path:
    """The launcher jar: `jar`, $SPOTTER_NEO4J_JAR, or the repo's build (made now if missing)."""
    if jar is None and os.environ.get("SPOTTER_NEO4J_JAR"):
        jar = os.environ["SPOTTER_NEO4J_JAR"]
    if jar is not None:
        path = Path(jar)
        if not path.is_file():
            raise SpotterError(f"Neo4j launcher jar {path} does not exist: {BUILD_HINT}")
        return path
    if DEFAULT_JAR.is_file():
        return DEFAULT_JAR
    if not BUILD_SCRIPT.is_file():
        raise SpotterError(f"Neo4j launcher jar {DEFAULT_JAR} is missing and so is {BUILD_SCRIPT}")
    log.info("Neo4j launcher jar missing: building it with %s (first time: a few minutes)", BUILD_SCRIPT)
    try:
        result = subprocess.run(
            ["bash", str(BUILD_SCRIPT)],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=build_timeout_s,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise SpotterError(f"{BUILD_SCRIPT} took over {build_timeout_s:.0f}s; {BUILD_HINT}") from exc
    if result.returncode != 0 or not DEFAULT_JAR.is_file():
        raise SpotterError(
            f"building the Neo4j launcher failed (exit {result.returncode}): "
            f"{result.stderr.strip()[-2000:] or '(no output)'}\n{BUILD_HINT}"
        )
    return DEFAULT_JAR


class Neo4jServerProcess(ChildServerProcess):
    """Runs one embedded Neo4j Community DBMS with Bolt on 127.0.0.1, as a child process.

    Authentication is off unless `password` is given (user `neo4j`; then use `.auth`).
    A data dir this object created itself is removed by `stop()`; a given one is kept, and a
    later start on it reopens the same databases.
    """

    NAME = "neo4j"
    LOG_FILE = LOG_FILE
    STOP_TIMEOUT_S = 30.0

    def __init__(
        self,
        *,
        bolt_port: int | None = None,
        data_dir: str | os.PathLike[str] | None = None,
        java: str | None = None,
        jar: str | os.PathLike[str] | None = None,
        startup_timeout_s: float = 120.0,
        password: str | None = None,
        jvm_args: tuple[str, ...] = DEFAULT_JVM_ARGS,
        page_cache_mb: int = 64,
    ) -> None:
        super().__init__(port=bolt_port, data_dir=data_dir)
        self._java = java
        self._jar = jar
        self.startup_timeout_s = startup_timeout_s
        self.password = password
        self.jvm_args = jvm_args
        self.page_cache_mb = page_cache_mb
        self.startup_s: float | None = None  # launch to verified Bolt handshake, last start
        self._launch_with: tuple[str, Path] | None = None
        self._reader: threading.Thread | None = None
        self._ready = threading.Event()

    # --- public -------------------------------------------------------------

    @property
    def uri(self) -> str:
        """`bolt://127.0.0.1:PORT` of the running server."""
        return f"bolt://127.0.0.1:{self.port}"

    @property
    def auth(self) -> tuple[str, str] | None:
        """The driver's `auth=`: None when authentication is off."""
        return ("neo4j", self.password) if self.password is not None else None

    # --- internals ------------------------------------------------------------

    def _prepare(self) -> None:
        if self.password == "":
            raise SpotterError("Neo4jServerProcess: password must not be empty (None turns auth off)")
        self._launch_with = (find_java(self._java), ensure_jar(self._jar))

    def _command(self, java: str, jar: Path, port: int) -> list[str]:
        assert self._data_dir is not None
        cmd = [java, *self.jvm_args]
        cds = jar.with_suffix(".jsa")  # made by build.sh: ~3x faster class loading
        if cds.is_file():
            cmd.append(f"-XX:SharedArchiveFile={cds}")
        cmd += [
            "-jar", str(jar),
            "--bolt-port", str(port),
            "--data-dir", str(self._data_dir),
            "--page-cache-mb", str(self.page_cache_mb),
        ]  # fmt: skip
        if self.password is None:
            cmd += ["--auth", "none"]
        return cmd

    def _launch(self, port: int) -> None:
        assert self._launch_with is not None
        java, jar = self._launch_with
        sink = self._open_log()
        env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
        if self.password is not None:
            env["NEO4J_PASSWORD"] = self.password  # not on the command line, where `ps` shows it
        started = time.monotonic()
        self._ready.clear()
        self._proc = subprocess.Popen(
            self._command(java, jar, port),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=sink,
            env=env,
            start_new_session=True,
            preexec_fn=die_with(os.getpid()),  # noqa: PLW1509 - only arms a signal, no locks taken
        )
        self._port = port
        self._reader = threading.Thread(
            target=self._copy_stdout, args=(self._proc, sink), name="neo4j-stdout", daemon=True
        )
        self._reader.start()
        deadline = started + self.startup_timeout_s

        while not self._ready.wait(0.05):
            if self._proc.poll() is not None:
                self._reader.join(2.0)
                raise SpotterError(
                    f"neo4j exited with code {self._proc.returncode} on port {port}: {self._log_tail()}"
                )
            if time.monotonic() > deadline:
                raise SpotterError(
                    f"neo4j did not print READY within {self.startup_timeout_s:.0f}s: {self._log_tail()}"
                )
        self._verify_bolt(deadline)
        self.startup_s = time.monotonic() - started
        log.info("neo4j pid %d listening on %s (started in %.1fs)", self._proc.pid, self.uri, self.startup_s)

    def _verify_bolt(self, deadline: float) -> None:
        """A full Bolt handshake (and login when auth is on), retried until `deadline`."""
        assert self._proc is not None
        driver = GraphDatabase.driver(self.uri, auth=self.auth, connection_timeout=2.0)
        try:
            while True:
                try:
                    driver.verify_connectivity()
                    return
                except AuthError as exc:
                    raise SpotterError(f"neo4j rejected the password: {exc}") from exc
                except (ServiceUnavailable, SessionExpired, OSError) as exc:
                    if self._proc.poll() is not None:
                        raise SpotterError(
                            f"neo4j exited with code {self._proc.returncode}: {self._log_tail()}"
                        ) from exc
                    if time.monotonic() > deadline:
                        raise SpotterError(
                            f"neo4j printed READY but Bolt did not answer within "
                            f"{self.startup_timeout_s:.0f}s ({exc}): {self._log_tail()}"
                        ) from exc
                time.sleep(0.1)
        finally:
            driver.close()

    def _copy_stdout(self, proc: subprocess.Popen[bytes], sink: IO[bytes]) -> None:
        """Copy the child's stdout into the log; flag the READY line."""
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith(READY_PREFIX.encode()):
                self._ready.set()
            try:
                sink.write(line)
                sink.flush()
            except ValueError:  # log closed by _terminate: drain and drop
                pass

    def _after_terminate(self, proc: subprocess.Popen[bytes] | None) -> None:
        reader, self._reader = self._reader, None
        if reader is not None:
            reader.join(5.0)
        if proc is not None and proc.stdout is not None:
            proc.stdout.close()

    def _log_tail(self, limit: int = 3000) -> str:
        if self._data_dir is None:
            return ""
        text = super()._log_tail(limit)
        # The launcher's one-line verdict (printed last) first, then the tail for context.
        errors = [line for line in text.splitlines() if line.startswith("ERROR ")]
        if errors:
            text = f"{errors[-1]}\n--- {LOG_FILE} tail ---\n{text}"
        if not self._owns_data_dir:  # a temporary data dir is gone by the time this is read
            text += f"\n(Neo4j's own logs: {self._data_dir / 'logs' / 'debug.log'})"
        return text
