"""A local HTTP server that answers POSTs from a script: the network edge of the OpenAI-protocol tests.

Each test module keeps its own reply type (anything with `status`, `sleep_s` and `headers`) and
a `render(reply, request_body) -> bytes` for the 200 replies (a chat completion, an embeddings
list...); errors get an OpenAI-style error body. Requests are recorded in order.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class ScriptedServer:
    def __init__(self, render: Callable[[Any, dict[str, Any]], bytes], default: Callable[[], Any]) -> None:
        self.script: list[Any] = []
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))))
                with outer.lock:
                    outer.requests.append(
                        {"path": self.path, "body": body, "authorization": self.headers.get("authorization")}
                    )
                    reply = outer.script.pop(0) if outer.script else default()
                time.sleep(reply.sleep_s)
                if reply.status == 200:
                    data = render(reply, body)
                else:
                    data = json.dumps({"error": {"message": f"scripted {reply.status}"}}).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for k, v in reply.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:
                    pass  # the client gave up (timeout tests)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.httpd.block_on_close = False
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)
