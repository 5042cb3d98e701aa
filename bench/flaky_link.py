"""A loopback TCP relay that can drop its connections: network outages for benchmarks and tests."""

from __future__ import annotations

import contextlib
import socket
import threading

from spotter.redis_server import free_port


class FlakyLink:
    """A loopback TCP relay in front of a server. `cut()` drops every connection through it at once: a
    network outage as the client sees it, while the server (and the camera it plays) goes on."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = free_port()
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []
        self.connections = 0
        self._closed = False
        threading.Thread(target=self._accept, name="flaky-link", daemon=True).start()

    def url(self, path: str = "/cam") -> str:
        return f"rtsp://127.0.0.1:{self.port}{path}"

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
                upstream = socket.create_connection(("127.0.0.1", self.target_port), timeout=5.0)
            except OSError:
                continue
            upstream.settimeout(None)
            with self._lock:
                self._open += [client, upstream]
                self.connections += 1
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        with self._lock:
            conns, self._open = self._open, []
        for s in conns:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def close(self) -> None:
        self._closed = True
        self.cut()
        self._listener.close()
