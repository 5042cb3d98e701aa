"""Property-based run of the whole REST API from its own /openapi.json (Schemathesis), against a real
uvicorn server over a real redis-server and a filled graph: no 5xx for any generated request, and every
response matches the schema the API publishes (issue 12's acceptance line).

Two passes: every phase on every operation except the two rules PUTs, then examples, fuzzing and stateful
on every operation. The rules PUTs take a free-form JSON object; Schemathesis 4.32's coverage phase
crashes on them inside Hypothesis (an AST recursion error describing a lambda on Python 3.11), a
tool fault, not a finding, so only that phase skips them.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import SecretStr
from redis import Redis

from spotter.api import ApiSettings, create_app
from spotter.graph import GraphSettings, SqliteGraphStore
from spotter.settings import BusSettings
from tests.integration.uvicorn_harness import serve
from tests.unit.test_tools import build_scene, fill

pytestmark = [pytest.mark.integration, pytest.mark.slow]

KEY = "schemathesis-key-0123456789"
CHECKS = "not_a_server_error,response_schema_conformance"


@pytest.fixture
def api_url(tmp_path: Path, redis: Redis, redis_url: str) -> Iterator[str]:
    path = tmp_path / "graph.sqlite3"
    store = SqliteGraphStore(path)
    store.init()
    fill(store, build_scene())
    store.close()
    app = create_app(ApiSettings(api_keys=[SecretStr(KEY)], rate_per_s=0),  # the run is one client, fast
                     graph=GraphSettings(sqlite_path=str(path)), bus=BusSettings(redis_url=SecretStr(redis_url)))  # fmt: skip
    with serve(app) as url:
        yield url


def _schemathesis(url: str, tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("schemathesis") or shutil.which("st")
    cmd = [exe] if exe else [sys.executable, "-m", "schemathesis.cli"]
    cmd += ["run", f"{url}/openapi.json", "-H", f"X-API-Key: {KEY}", "-c", CHECKS, "-n", "25", "--seed", "1",
            "-w", "1", "--request-timeout", "30", *extra]  # fmt: skip
    return subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=600)


def test_no_5xx_and_every_response_matches_the_schema(api_url: str, tmp_path: Path) -> None:
    every_phase = _schemathesis(api_url, tmp_path, "--exclude-method", "PUT", "--exclude-path-regex", "/rules$")
    assert every_phase.returncode == 0, every_phase.stdout[-6000:] + every_phase.stderr[-2000:]
    assert "passed" in every_phase.stdout and "Response violates schema" not in every_phase.stdout
    generated = _schemathesis(api_url, tmp_path, "--phases", "examples,fuzzing,stateful")
    assert generated.returncode == 0, generated.stdout[-6000:] + generated.stderr[-2000:]
    assert "Server error" not in generated.stdout
