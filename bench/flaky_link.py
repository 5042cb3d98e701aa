"""A loopback TCP relay that can drop its connections: network outages for benchmarks and tests."""

from __future__ import annotations

import contextlib
import socket
import threading
import time

from spotter.redis_server import free_port


class FlakyLink:
    """A loopback TCP relay in front of a server. `cut()` drops every connection through it at once: a
    network outage as the client sees it, while the server (and the camera it plays) goes on.
    `reply_delay_s` holds back every chunk the server sends: a slow link, so a client's timeout fires
    however fast the server happens to answer (a cached prompt comes back from llama.cpp in milliseconds)."""

    def __init__(self, target_port: int, reply_delay_s: float = 0.0) -> None:
        self.target_port = target_port
        self.reply_delay_s = reply_delay_s
        self.port = free_port()
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []
        self.connections = 0
        self._closed = False
        threading.Thread(target=self._accept, name="flaky-link", daemon=True).start()

    def url(self, path: str = "/cam", scheme: str = "rtsp") -> str:
        return f"{scheme}://127.0.0.1:{self.port}{path}"

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
            for a, b, delay in ((client, upstream, 0.0), (upstream, client, self.reply_delay_s)):
                threading.Thread(target=self._pump, args=(a, b, delay), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket, delay_s: float) -> None:
        try:
            while data := src.recv(65536):
                if delay_s:
                    time.sleep(delay_s)
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
