"""docker-compose.yml: structure, health checks, and that every `python -m services.X` it
runs is a real module. Where the docker compose CLI is installed, `docker compose config -q`
validates the file too (no engine needed), and where check-jsonschema is, the Compose
Specification's schema does. deploy/k8s: tests/unit/test_k8s.py, which reuses the helpers here.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
COMPOSE_FILE = REPO / "docker-compose.yml"

ONE_SHOT = {"init"}


def compose() -> dict[str, Any]:
    data = yaml.safe_load(COMPOSE_FILE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def services() -> dict[str, dict[str, Any]]:
    svcs = compose()["services"]
    assert isinstance(svcs, dict) and svcs
    return svcs


def spotter_services() -> dict[str, dict[str, Any]]:
    """The services built from this repo's Dockerfile."""
    return {name: svc for name, svc in services().items() if "build" in svc}


def python_modules(argv: Any) -> list[str]:
    """`X` of every `python -m X` in a command list."""
    if not isinstance(argv, list):
        return []
    return [argv[i + 2] for i in range(len(argv) - 2) if argv[i] == "python" and argv[i + 1] == "-m"]


def assert_module_exists(module: str) -> None:
    parts = module.split(".")
    assert parts[0] == "services" and len(parts) == 2, (
        f"run services as `python -m services.<name>`: {module}"
    )
    main = REPO.joinpath(*parts, "__main__.py")
    assert main.is_file(), f"{module} has no {main.relative_to(REPO)}"
    assert main.with_name("__init__.py").is_file(), f"{module} is not a package"


# --- docker-compose.yml -----------------------------------------------------------------


def test_compose_has_the_backbone() -> None:
    assert {"redis", "init", "ingest", "flow-tracker"} <= services().keys()
    assert {"redis", "init", "ingest", "flow-tracker"} <= spotter_services().keys() | {"redis"}


def test_every_long_running_service_has_a_health_check() -> None:
    for name, svc in services().items():
        if name in ONE_SHOT:
            assert "healthcheck" not in svc, f"{name} is one-shot: no health check"
            continue
        check = svc.get("healthcheck")
        assert isinstance(check, dict) and check.get("test"), f"{name} has no health check"
        assert not check.get("disable"), f"{name} disables its health check"


def test_spotter_services_check_their_own_heartbeat() -> None:
    for name, svc in spotter_services().items():
        if name in ONE_SHOT:
            continue
        (module,) = python_modules(svc["entrypoint"])
        assert svc["healthcheck"]["test"] == ["CMD", "python", "-m", module, "--check"], name


def test_every_python_module_referenced_exists() -> None:
    seen = []
    for svc in services().values():
        for argv in (svc.get("entrypoint"), svc.get("command"), (svc.get("healthcheck") or {}).get("test")):
            for module in python_modules(argv):
                assert_module_exists(module)
                seen.append(module)
    assert {
        "services.init", "services.ingest", "services.flow_tracker",
        "services.captioner", "services.knowledge_graph", "services.api",
    } <= set(seen)  # fmt: skip


def test_depends_on_waits_for_healthy_redis_and_completed_init() -> None:
    svcs = services()
    for name, svc in spotter_services().items():
        deps = svc.get("depends_on")
        assert isinstance(deps, dict), f"{name}: depends_on must name conditions"
        assert deps.get("redis") == {"condition": "service_healthy"}, name
        if name not in ONE_SHOT:
            assert deps.get("init") == {"condition": "service_completed_successfully"}, name
    for name, svc in svcs.items():
        for dep, spec in (svc.get("depends_on") or {}).items():
            assert dep in svcs, f"{name} depends on unknown service {dep}"
            condition = spec["condition"]
            assert condition in {"service_healthy", "service_completed_successfully"}, (name, dep)
            if condition == "service_healthy":
                assert "healthcheck" in svcs[dep], (
                    f"{name} waits for {dep} to be healthy, but it has no check"
                )
            else:
                assert dep in ONE_SHOT, f"{name} waits for long-running {dep} to complete"


def test_images_env_and_restart() -> None:
    for name, svc in services().items():
        assert "image" in svc, f"{name} has no image"
    for name, svc in spotter_services().items():
        assert svc["build"] == ".", name
        env_files = svc.get("env_file")
        assert env_files, f"{name} has no env_file"
        paths = [e["path"] if isinstance(e, dict) else e for e in env_files]
        assert ".env" in paths, name
        assert svc["environment"]["REDIS_URL"] == "redis://redis:6379/0", name
        assert svc["restart"] == ("no" if name in ONE_SHOT else "unless-stopped"), name
    assert services()["flow-tracker"]["deploy"]["replicas"] == 2


def test_redis_persists_and_named_volumes_are_declared() -> None:
    data = compose()
    redis = data["services"]["redis"]
    assert redis["image"].startswith("redis:7")
    assert "--appendonly" in redis["command"] and "yes" in redis["command"]
    assert redis["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]
    declared = set(data.get("volumes") or {})
    for name, svc in data["services"].items():
        for volume in svc.get("volumes", []):
            source = volume.split(":", 1)[0]
            if not source.startswith((".", "/")):
                assert source in declared, f"{name} uses undeclared volume {source}"


def test_later_services_sit_behind_profiles() -> None:
    for name, svc in services().items():
        if name not in {"redis", "init", "ingest", "flow-tracker"}:
            assert svc.get("profiles"), f"{name} should be behind a profile until the backbone needs it"


MEMORY = {
    "captioner": "services.captioner",
    "knowledge-graph": "services.knowledge_graph",
    "api": "services.api",
}


def volume_mounts(svc: dict[str, Any]) -> dict[str, str]:
    """Mount target -> source of a service's volumes."""
    return {v.split(":")[1]: v.split(":")[0] for v in svc.get("volumes", [])}


def test_memory_services_run_their_modules_behind_the_memory_profile() -> None:
    svcs = spotter_services()
    assert MEMORY.keys() <= svcs.keys()
    for name, module in MEMORY.items():
        svc = svcs[name]
        assert python_modules(svc["entrypoint"]) == [module], name
        assert svc["profiles"] == ["memory"], name
        assert svc["environment"]["REDIS_URL"] == "redis://redis:6379/0", name


def test_captioner_reads_the_keyframes_ingest_writes() -> None:
    svcs = spotter_services()
    ingest, captioner = svcs["ingest"], svcs["captioner"]
    blob_dir = ingest["environment"]["SPOTTER_INGEST_BLOB_DIR"]
    assert captioner["environment"]["SPOTTER_CAPTIONER_BLOB_DIR"] == blob_dir
    assert volume_mounts(captioner)[blob_dir] == volume_mounts(ingest)[blob_dir]


def test_knowledge_graph_and_api_share_the_graph() -> None:
    svcs = spotter_services()
    kg, api = svcs["knowledge-graph"], svcs["api"]
    db = kg["environment"]["SPOTTER_GRAPH_SQLITE_PATH"]
    assert api["environment"]["SPOTTER_GRAPH_SQLITE_PATH"] == db
    graph_dir = str(Path(db).parent)
    assert volume_mounts(kg)[graph_dir] == volume_mounts(api)[graph_dir]
    assert volume_mounts(kg)[graph_dir] in (compose().get("volumes") or {}), (
        "the graph lives on a named volume"
    )


def test_named_volumes_mount_on_directories_the_image_gives_the_spotter_user() -> None:
    """A new named volume takes the owner of its mount point in the image; one the image lacks is
    root's, and the services (USER spotter) could not write there."""
    dockerfile = (REPO / "Dockerfile").read_text(encoding="utf-8")
    assert "chown -R spotter:spotter /data" in dockerfile
    owned = {"/data"} | set(re.findall(r"mkdir -p ((?:/data/[\w./-]+ ?)+)", dockerfile)[0].split())
    declared = set(compose().get("volumes") or {})
    for name, svc in spotter_services().items():
        for target, source in volume_mounts(svc).items():
            if source in declared:
                assert target in owned, f"{name}: volume {source} on {target}, not a directory of the image"


def test_api_listens_on_all_interfaces_and_publishes_its_port() -> None:
    api = spotter_services()["api"]
    port = str(api["environment"]["SPOTTER_API_PORT"])
    assert api["environment"]["SPOTTER_API_HOST"] == "0.0.0.0"
    assert any(str(p).endswith(f":{port}") for p in api["ports"]), api["ports"]


@pytest.mark.skipif(
    importlib.util.find_spec("check_jsonschema") is None, reason="check-jsonschema is not installed"
)
def test_compose_file_matches_the_compose_spec_schema() -> None:
    """The Compose Specification's JSON schema, vendored in check-jsonschema: works offline."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--builtin-schema",
            "vendor.compose-spec",
            str(COMPOSE_FILE),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
