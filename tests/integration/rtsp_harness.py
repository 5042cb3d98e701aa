"""A real RTSP server for tests: deploy/rtsp/gst_rtsp_server.py as a child process.

`RtspTestServer` starts it on a free loopback port, waits until it listens,
and can be stopped and started again on the same port to simulate a camera
that drops off the network and comes back.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path
from types import TracebackType

from bench.flaky_link import FlakyLink
from spotter.redis_server import free_port

REPO = Path(__file__).resolve().parents[2]
SERVER_SCRIPT = REPO / "deploy" / "rtsp" / "gst_rtsp_server.py"
APT_PACKAGES = REPO / "deploy" / "rtsp" / "apt-packages.txt"
# The server needs Debian's GObject bindings, which live with the system Python.
SYSTEM_PYTHON = os.environ.get("SPOTTER_RTSP_PYTHON", "/usr/bin/python3")


def rtsp_server_available() -> str | None:
    """None when the GStreamer RTSP server can run here, else why not (with the fix)."""
    if not Path(SYSTEM_PYTHON).exists():
        return f"{SYSTEM_PYTHON} not found"
    probe = subprocess.run(
        [
            SYSTEM_PYTHON, "-c",
            "import gi; gi.require_version('Gst', '1.0'); gi.require_version('GstRtspServer', '1.0'); "
            "from gi.repository import Gst, GstRtspServer; Gst.init(None); "
            "assert Gst.ElementFactory.find('x264enc') and Gst.ElementFactory.find('rtph264pay')",
        ],
        capture_output=True,
        timeout=30,
    )  # fmt: skip
    if probe.returncode != 0:
        return (
            "GStreamer RTSP server missing: apt-get install -y $(grep -v '^#' "
            f"{APT_PACKAGES.relative_to(REPO)}) ({probe.stderr.decode(errors='replace').strip()[-200:]})"
        )
    return None


class RtspTestServer:
    """One live synthetic camera at rtsp://127.0.0.1:PORT/cam (moving pattern, 30 fps, 640x360)."""

    def __init__(
        self, *, port: int | None = None, path: str = "/cam", extra_args: tuple[str, ...] = ()
    ) -> None:
        self.port = port or free_port()
        self.path = path
        self.extra_args = extra_args
        self._proc: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"rtsp://127.0.0.1:{self.port}{self.path}"

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self, timeout_s: float = 15.0) -> RtspTestServer:
        cmd = [
            SYSTEM_PYTHON,
            str(SERVER_SCRIPT),
            "--port",
            str(self.port),
            "--path",
            self.path,
            *self.extra_args,
        ]
        deadline = time.monotonic() + timeout_s
        while True:
            proc = subprocess.Popen(
                cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
            )
            assert proc.stdout is not None
            line = proc.stdout.readline()  # "READY rtsp://..." or an error, then EOF
            if line.startswith("READY"):
                self._proc = proc
                return self
            proc.kill()
            rest = proc.communicate(timeout=5)[0]
            # Right after a stop the port can linger briefly; try again until the deadline.
            if time.monotonic() > deadline:
                raise RuntimeError(f"RTSP server did not start: {line}{rest}"[-2000:])
            time.sleep(0.2)

    def stop(self) -> None:
        """Stop the server like a camera losing power: the TCP sessions just end."""
        proc, self._proc = self._proc, None
        if proc is None or proc.poll() is not None:
            return
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()

    def __enter__(self) -> RtspTestServer:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


__all__ = ["FlakyLink", "RtspTestServer", "rtsp_server_available"]
