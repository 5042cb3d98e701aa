"""Logging set-up: JSON lines with context fields, and library loggers that would print webhook tokens held back."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from spotter.errors import ConfigError
from spotter.logs import log_format

SCRIPT = """
import logging
from spotter import logs
logs.configure("INFO")
logging.getLogger("spotter.alerts").info("alert %s stored", "a1", extra={"camera_id": "cam-1", "clip_id": "c-7"})
logging.getLogger("httpx").info('HTTP Request: POST https://hooks.example/T0KEN/abc "HTTP/1.1 200 OK"')
logging.getLogger("httpx").warning("a warning still shows")
"""


def _run(fmt: str) -> list[str]:
    env = {**os.environ, "SPOTTER_LOG_FORMAT": fmt}
    proc = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stderr.strip().splitlines()


def test_json_lines_carry_the_context_and_httpx_urls_are_not_logged() -> None:
    lines = _run("json")
    records = [json.loads(line) for line in lines]
    assert records[0]["message"] == "alert a1 stored" and records[0]["level"] == "INFO"
    assert records[0]["camera_id"] == "cam-1" and records[0]["clip_id"] == "c-7"
    assert records[0]["time"].endswith("Z")
    assert not any("T0KEN" in line for line in lines)
    assert records[-1]["message"] == "a warning still shows" and len(records) == 2


def test_text_is_the_default_and_also_hides_httpx_urls() -> None:
    lines = _run("text")
    assert "INFO spotter.alerts: alert a1 stored" in lines[0]
    assert not any("T0KEN" in line for line in lines) and len(lines) == 2


def test_an_unknown_format_is_a_configuration_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPOTTER_LOG_FORMAT", "xml")
    with pytest.raises(ConfigError, match="text or json"):
        log_format()
