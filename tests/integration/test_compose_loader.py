"""docker-compose.yml through the Compose Specification's own loader, as `docker compose config -q` does.

With a Docker Compose v2 CLI on the machine, that. Without one (no Docker here), the same loader
library Docker Compose is built on, compose-spec/compose-go v2 (tools/compose-config: a few lines of
Go, modules from the Go proxy), built once into .cache/tools: it parses, interpolates and validates
the file against the Compose schema and resolves every service, profiles included.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
COMPOSE_FILE = REPO / "docker-compose.yml"
TOOL = REPO / "tools" / "compose-config"

pytestmark = pytest.mark.integration


def docker_compose() -> list[str] | None:
    if shutil.which("docker") is not None:
        probe = subprocess.run(["docker", "compose", "version"], capture_output=True, timeout=30)
        if probe.returncode == 0:
            return ["docker", "compose"]
    return None


def go_at_least(major: int, minor: int) -> str | None:
    go = shutil.which("go") or ("/usr/local/go/bin/go" if Path("/usr/local/go/bin/go").is_file() else None)
    if go is None:
        return None
    out = subprocess.run([go, "version"], capture_output=True, text=True, timeout=30).stdout
    found = re.search(r"go(\d+)\.(\d+)", out)
    return go if found and (int(found[1]), int(found[2])) >= (major, minor) else None


def compose_go_loader(tmp_path: Path) -> Path:
    go = go_at_least(1, 23)
    if go is None:
        pytest.fail("validating docker-compose.yml needs a Docker Compose v2 CLI or Go >= 1.23 (to build "
                    "tools/compose-config from the Go proxy); install either")
    binary = REPO / ".cache" / "tools" / "compose-config"
    sources = [TOOL / n for n in ("main.go", "go.mod", "go.sum")]
    if not binary.is_file() or binary.stat().st_mtime < max(p.stat().st_mtime for p in sources):
        binary.parent.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "GOTOOLCHAIN": "local", "GOFLAGS": "-mod=readonly", "GOCACHE": str(tmp_path / "gocache")}
        build = subprocess.run([go, "build", "-o", str(binary), "."], cwd=TOOL, env=env, capture_output=True,
                               text=True, timeout=600)  # fmt: skip
        assert build.returncode == 0, build.stderr[-3000:]
    return binary


def test_docker_compose_config_validates(tmp_path: Path) -> None:
    cli = docker_compose()
    if cli is not None:
        result = subprocess.run([*cli, "-f", str(COMPOSE_FILE), "config", "-q"], cwd=REPO, capture_output=True,
                                text=True, timeout=60)  # fmt: skip
        assert result.returncode == 0, result.stderr
        return
    loader = compose_go_loader(tmp_path)
    result = subprocess.run([str(loader), str(COMPOSE_FILE)], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert re.match(r"\d+ services", result.stdout), result.stdout
    broken = tmp_path / "broken.yml"
    broken.write_text("services:\n  a:\n    image: x\n    healthcheck: {interval: 5}\n")
    result = subprocess.run([str(loader), str(broken)], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "healthcheck.interval" in result.stderr  # the loader does validate
