"""`python -m services.api`: uvicorn serving the app, `--check` probing /healthz, SIGTERM stopping it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def api(args: list[str], env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "SPOTTER_REDIS_URL"}}
    return subprocess.run(
        [sys.executable, "-m", "services.api", *args],
        cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip


def test_check_fails_cleanly_without_a_server() -> None:
    port = free_port()
    p = api(["--check"], {"SPOTTER_API_HOST": "0.0.0.0", "SPOTTER_API_PORT": str(port)})
    assert p.returncode == 1
    assert f"http://127.0.0.1:{port}/healthz is not healthy" in p.stderr
    assert "Traceback" not in p.stderr


def test_bad_settings_exit_2() -> None:
    p = api(["--check"], {"SPOTTER_API_PORT": "0"})
    assert p.returncode == 2
    assert "configuration error" in p.stderr and "Traceback" not in p.stderr


def test_serving_without_redis_url_is_a_configuration_error() -> None:
    p = api([], {"SPOTTER_API_PORT": str(free_port())})
    assert p.returncode == 2
    assert "REDIS_URL" in p.stderr and "Traceback" not in p.stderr


def test_service_serves_checks_healthy_and_stops_on_sigterm(redis_url: str, tmp_path: Path) -> None:
    port = free_port()
    env = {
        "REDIS_URL": redis_url,
        "SPOTTER_API_HOST": "127.0.0.1",
        "SPOTTER_API_PORT": str(port),
        "SPOTTER_API_API_KEYS": "k1-service-key-0123",
        "SPOTTER_GRAPH_BACKEND": "sqlite",
        "SPOTTER_GRAPH_SQLITE_PATH": str(tmp_path / "graph.sqlite3"),
    }
    log_path = tmp_path / "api.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "services.api"], cwd=ROOT, env={**os.environ, **env},
            stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while api(["--check"], env).returncode != 0:
            assert proc.poll() is None, log_path.read_text()
            assert time.monotonic() < deadline, f"api never became healthy: {log_path.read_text()}"
            time.sleep(0.2)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=10) as r:
            assert r.status == 200
            assert json.loads(r.read())["checks"] == {"redis": "ok", "graph": "ok", "temporal": "ok", "visual": "ok"}
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0, log_path.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert api(["--check"], env).returncode == 1
