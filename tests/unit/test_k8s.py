"""deploy/k8s: every manifest parses, kustomize lists and builds them, each service of
docker-compose.yml has its Deployment (or, for Redis, Neo4j and Qdrant, its StatefulSet) with
the same command, the pods follow one pattern (init container, `--check` probes, uid 10001,
resources, the ConfigMap and the optional Secret), and the KEDA ScaledObjects scale the
consumers on the streams and groups they really read (spotter.streams, services/*/__main__.py).

Where `kubernetes-validate` (PyPI; bundles the Kubernetes JSON schemas, works offline) is
installed, the built-in kinds are validated against the schema too; where `kubectl` is, so is
`kubectl kustomize deploy/k8s` (no cluster needed).
"""

from __future__ import annotations

import functools
import importlib.util
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from spotter import streams
from tests.unit import test_compose
from tests.unit.test_compose import ONE_SHOT, REPO, assert_module_exists, python_modules

# Parsed once per session (PyYAML is slow); the tests only read them.
services = functools.cache(test_compose.services)
spotter_services = functools.cache(test_compose.spotter_services)

K8S_DIR = REPO / "deploy" / "k8s"
ENV_EXAMPLE = REPO / ".env.example"
DOCKERFILE = REPO / "Dockerfile"

NAMESPACE = "spotter"
IMAGE = "spotter:dev"
CONFIG = "spotter-config"
SECRET = "spotter-secrets"
REDIS_ADDRESS = "redis.spotter.svc.cluster.local:6379"

# Compose services not built from this repo: run as StatefulSets here, with compose's image.
INFRASTRUCTURE = {"redis", "neo4j", "qdrant"}
# Exactly one replica: ingest reads every camera; the reasoner keeps its rule state in the process.
SINGLE_REPLICA = {"ingest", "reasoner"}
# Services that take a per-camera lock (spotter.locks.camera_lock) for each message, and the
# module that does: replicas beyond the number of cameras only wait for locks.
CAMERA_LOCKED = {
    "knowledge-graph": "shared/spotter/world/service.py",
    "summarizer": "shared/spotter/summarize/service.py",
}
# Services that write or delete keyframe JPEGs (visual-archive prunes them): no read-only mount.
BLOB_WRITERS = {"ingest", "visual-archive"}
BLOB_DIR_VARS = ("SPOTTER_INGEST_BLOB_DIR", "SPOTTER_CAPTIONER_BLOB_DIR", "SPOTTER_ARCHIVE_BLOB_DIR")
# Process-level variables, not Spotter settings (so not in .env.example): the URL every
# service also reads as SPOTTER_REDIS_URL, and the BLAS/OpenMP thread limits of the image.
THREAD_VARS = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
NOT_SETTINGS = {"REDIS_URL", *THREAD_VARS}
SECRET_LIKE = re.compile(r"API_KEYS?$|PASSWORD|SECRET|TOKEN")
K8S_VERSION = "1.30"


# --- loading -----------------------------------------------------------------------------------


def manifest_files() -> list[Path]:
    return sorted(K8S_DIR.glob("*.yaml"))


@functools.cache
def documents() -> list[tuple[str, dict[str, Any]]]:
    docs = []
    for path in manifest_files():
        for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            if doc is not None:
                assert isinstance(doc, dict), f"{path.name}: a document is not a mapping"
                docs.append((path.name, doc))
    return docs


def objects() -> list[tuple[str, dict[str, Any]]]:
    return [(f, d) for f, d in documents() if d.get("kind") != "Kustomization"]


def of_kind(kind: str) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for file, doc in objects():
        if doc["kind"] == kind:
            name = doc["metadata"]["name"]
            assert name not in found, f"two {kind}s named {name} ({file})"
            found[name] = doc
    return found


def deployments() -> dict[str, dict[str, Any]]:
    return of_kind("Deployment")


def scaled_objects() -> dict[str, dict[str, Any]]:
    return of_kind("ScaledObject")


def config_data() -> dict[str, str]:
    (config,) = of_kind("ConfigMap").values()
    assert config["metadata"]["name"] == CONFIG
    data = config["data"]
    assert all(isinstance(v, str) for v in data.values()), "ConfigMap values must be strings"
    return data


def pod(workload: dict[str, Any]) -> dict[str, Any]:
    spec = workload["spec"]["template"]["spec"]
    assert isinstance(spec, dict)
    return spec


def main_container(name: str, workload: dict[str, Any]) -> dict[str, Any]:
    (container,) = [c for c in pod(workload)["containers"] if c["name"] == name]
    return container


def documented_vars() -> set[str]:
    names = set()
    for line in ENV_EXAMPLE.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^#?\s*([A-Z][A-Z0-9_]*)=", line)
        if match:
            names.add(match.group(1))
    return names


def service_source(module: str) -> str:
    return REPO.joinpath(*module.split("."), "__main__.py").read_text(encoding="utf-8")


def consumed(module: str) -> set[tuple[str, str]]:
    """(stream, group) of every `ctx.consumer(streams.X, streams.GROUP_Y, ...)` of a service."""
    pairs = set()
    for stream, group in re.findall(
        r"ctx\.consumer\(\s*streams\.(\w+),\s*streams\.(\w+)", service_source(module)
    ):
        pairs.add((getattr(streams, stream), getattr(streams, group)))
    return pairs


def compose_module(name: str) -> str:
    (module,) = python_modules(spotter_services()[name]["entrypoint"])
    return module


def camera_count() -> int:
    """Cameras the flow-tracker ScaledObject lists (one trigger per camera)."""
    return len(scaled_objects()["flow-tracker"]["spec"]["triggers"])


# --- files and kustomize -----------------------------------------------------------------------


def test_every_manifest_parses_and_is_well_formed() -> None:
    objs = objects()
    assert objs
    for file, doc in objs:
        assert doc.get("apiVersion") and doc.get("kind"), file
        meta = doc.get("metadata") or {}
        assert meta.get("name"), f"{file}: {doc['kind']} has no metadata.name"
        assert meta.get("labels", {}).get("app.kubernetes.io/part-of") == "spotter", f"{file}: {meta['name']}"
        if doc["kind"] != "Namespace":
            assert meta.get("namespace") == NAMESPACE, f"{file}: {meta['name']}"


def test_kustomization_lists_every_manifest() -> None:
    (kustomization,) = [d for _, d in documents() if d.get("kind") == "Kustomization"]
    resources = kustomization["resources"]
    assert len(resources) == len(set(resources)), "a resource is listed twice"
    manifests = {p.name for p in manifest_files()} - {"kustomization.yaml"}
    assert set(resources) == manifests
    assert resources[0] == "namespace.yaml", "the namespace first"
    assert [i["name"] for i in kustomization["images"]] == [IMAGE]


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
def test_kustomize_builds_every_object() -> None:
    kubectl = shutil.which("kubectl")
    assert kubectl is not None
    result = subprocess.run([kubectl, "kustomize", str(K8S_DIR)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    built = {(d["kind"], d["metadata"]["name"]) for d in yaml.safe_load_all(result.stdout) if d}
    assert built == {(d["kind"], d["metadata"]["name"]) for _, d in objects()}


@pytest.mark.skipif(
    importlib.util.find_spec("kubernetes_validate") is None, reason="kubernetes-validate is not installed"
)
def test_built_in_kinds_match_the_kubernetes_schema() -> None:
    """Strict: an unknown or misplaced field fails too. ScaledObject (a CRD) is checked below."""
    import kubernetes_validate

    checked, errors = 0, []
    for file, doc in objects():
        if doc["apiVersion"].startswith("keda.sh/"):
            continue
        try:
            kubernetes_validate.validate(doc, K8S_VERSION, strict=True)
        except kubernetes_validate.ValidationError as exc:
            path = ".".join(str(p) for p in exc.path)
            errors.append(f"{file}: {doc['kind']} {doc['metadata']['name']}: {path}: {exc.message}")
        checked += 1
    assert not errors, "\n".join(errors)
    assert checked >= len(deployments()) + len(INFRASTRUCTURE)


# --- compose parity ----------------------------------------------------------------------------


def test_every_compose_service_runs_on_kubernetes_with_the_same_command() -> None:
    deps = deployments()
    long_running = {n: s for n, s in spotter_services().items() if n not in ONE_SHOT}
    assert set(deps) == set(long_running), "one Deployment per long-running compose service, no more"
    for name, svc in long_running.items():
        container = main_container(name, deps[name])
        assert container["command"] == svc["entrypoint"], name
        assert container["image"] == svc["image"] == IMAGE, name
    # The one-shot init service is every pod's init container.
    (init_entrypoint,) = [spotter_services()[n]["entrypoint"] for n in ONE_SHOT]
    for name, dep in deps.items():
        (init,) = pod(dep)["initContainers"]
        assert init["command"][: len(init_entrypoint)] == init_entrypoint, name
        assert init["image"] == IMAGE, name


def test_infrastructure_runs_as_statefulsets_with_compose_images_and_volumes() -> None:
    svcs = services()
    assert {n for n, s in svcs.items() if "build" not in s} == INFRASTRUCTURE, (
        "a compose service not built here: run it as a StatefulSet or document it as external"
    )
    sets, k8s_services = of_kind("StatefulSet"), of_kind("Service")
    assert set(sets) == INFRASTRUCTURE
    for name in INFRASTRUCTURE:
        sts, compose_svc = sets[name], svcs[name]
        assert sts["spec"]["replicas"] == 1, name
        assert sts["spec"]["serviceName"] == name and name in k8s_services, name
        container = main_container(name, sts)
        assert container["image"] == compose_svc["image"], name
        assert container["resources"]["requests"] and container["resources"]["limits"]["memory"], name
        assert container.get("livenessProbe") and container.get("readinessProbe"), name
        # Each compose named volume is a persistent volume claim on the same path.
        claims = {t["metadata"]["name"] for t in sts["spec"]["volumeClaimTemplates"]}
        mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
        for volume in compose_svc.get("volumes", []):
            target = volume.split(":")[1]
            assert mounts.get(target) in claims, f"{name}: {target} is not on a persistent volume"
    assert main_container("neo4j", sets["neo4j"]).get("env")[0] == {"name": "NEO4J_AUTH", "value": "none"}, (
        "auth as in compose (see neo4j.yaml to turn it on)"
    )


def test_stores_are_addressed_as_their_services() -> None:
    data, k8s_services = config_data(), of_kind("Service")

    def ports(name: str) -> set[int]:
        return {p["port"] for p in k8s_services[name]["spec"]["ports"]}

    assert data["REDIS_URL"] == spotter_services()["ingest"]["environment"]["REDIS_URL"]
    assert 6379 in ports("redis")
    assert data["SPOTTER_GRAPH_BACKEND"] == "neo4j"
    bolt = re.fullmatch(r"bolt://([\w-]+):(\d+)", data["SPOTTER_GRAPH_NEO4J_URI"])
    assert bolt is not None, data["SPOTTER_GRAPH_NEO4J_URI"]
    host, port = bolt.groups()
    assert host == "neo4j" and int(port) in ports("neo4j")
    assert data["SPOTTER_VECTOR_BACKEND"] == "qdrant"
    for name in ("summarizer", "visual-archive"):
        env = spotter_services()[name]["environment"]
        assert env["SPOTTER_VECTOR_BACKEND"] == data["SPOTTER_VECTOR_BACKEND"], name
        assert env["SPOTTER_VECTOR_QDRANT_URL"] == data["SPOTTER_VECTOR_QDRANT_URL"], name
    assert data["SPOTTER_VECTOR_QDRANT_URL"] == "http://qdrant:6333" and 6333 in ports("qdrant")


def test_replica_counts() -> None:
    deps, scaled = deployments(), scaled_objects()
    for name, svc in spotter_services().items():
        wanted = (svc.get("deploy") or {}).get("replicas")
        if wanted is not None and name in deps:
            assert deps[name]["spec"]["replicas"] == wanted, f"{name}: compose runs {wanted}"
    for name in SINGLE_REPLICA:
        assert deps[name]["spec"]["replicas"] == 1, name
        assert deps[name]["spec"]["strategy"] == {"type": "Recreate"}, f"{name}: two must never overlap"
        assert name not in {s["spec"]["scaleTargetRef"]["name"] for s in scaled.values()}, name


# --- pods --------------------------------------------------------------------------------------


def test_spotter_pods_probe_run_unprivileged_and_request_resources() -> None:
    for name, dep in deployments().items():
        spec = pod(dep)
        labels = dep["spec"]["template"]["metadata"]["labels"]
        assert dep["spec"]["selector"]["matchLabels"].items() <= labels.items(), name
        assert labels["app.kubernetes.io/name"] == name, name
        assert spec["securityContext"]["runAsNonRoot"] is True, name
        assert spec["securityContext"]["runAsUser"] == 10001, f"{name}: the image's spotter user"
        assert spec["terminationGracePeriodSeconds"] >= 30, f"{name}: SIGTERM drains the batch in flight"
        for container in spec["initContainers"] + spec["containers"]:
            where = f"{name}/{container['name']}"
            requests = container["resources"]["requests"]
            assert requests.get("cpu") and requests.get("memory"), f"{where} requests no cpu or memory"
            for module in python_modules(container["command"]):
                assert_module_exists(module)
            assert container["envFrom"] == [
                {"configMapRef": {"name": CONFIG}},
                {"secretRef": {"name": SECRET, "optional": True}},
            ], f"{where}: the ConfigMap, then the optional Secret (which wins)"
        container = main_container(name, dep)
        assert container["resources"]["limits"]["memory"], f"{name} has no memory limit"
        (module,) = python_modules(container["command"])
        assert module == compose_module(name)
        for probe in ("livenessProbe", "readinessProbe"):
            assert container[probe]["exec"]["command"] == ["python", "-m", module, "--check"], (
                f"{name}: {probe}"
            )
            assert container[probe]["timeoutSeconds"] >= 5, f"{name}: {probe} starts a Python process"


def test_services_using_the_blob_store_mount_the_blobs_volume() -> None:
    data = config_data()
    blob_dir = data["SPOTTER_INGEST_BLOB_DIR"]
    for var in BLOB_DIR_VARS:
        assert data[var] == blob_dir, var
        assert spotter_services()["ingest"]["environment"][var] == blob_dir, f"compose: {var}"
    users = set()
    for name, dep in deployments().items():
        spec = pod(dep)
        mounts = {
            m["mountPath"]: m
            for m in main_container(name, dep).get("volumeMounts", [])
            if any(
                v["name"] == m["name"]
                and v.get("persistentVolumeClaim", {}).get("claimName") == "spotter-blobs"
                for v in spec.get("volumes", [])
            )
        }
        source = service_source(compose_module(name))
        # Keyframes are read by LocalBlobStore directly, or by the retrieval pathways' visual
        # archive (spotter.reason.pathways: the reasoner, and the api through create_app).
        if not any(k in source for k in ("LocalBlobStore(", "open_reasoner(", "create_app(")):
            assert not mounts, f"{name} does not read keyframes: no blobs volume"
            continue
        users.add(name)
        assert blob_dir in mounts, f"{name} reads keyframes from {blob_dir}: mount spotter-blobs there"
        assert spec["securityContext"]["fsGroup"] == 10001, f"{name}: the volume group-writable for uid 10001"
        if name in BLOB_WRITERS:
            assert not mounts[blob_dir].get("readOnly"), f"{name} writes or deletes keyframes"
    assert users == {"ingest", "captioner", "visual-archive", "reasoner", "api"}
    (pvc,) = of_kind("PersistentVolumeClaim").values()
    assert pvc["metadata"]["name"] == "spotter-blobs" and pvc["spec"]["accessModes"] == ["ReadWriteMany"]


def test_api_service_exposes_the_compose_port() -> None:
    api_compose = spotter_services()["api"]
    port = int(api_compose["environment"]["SPOTTER_API_PORT"])
    container = main_container("api", deployments()["api"])
    env = {e["name"]: e["value"] for e in container["env"]}
    assert env["SPOTTER_API_HOST"] == "0.0.0.0" and int(env["SPOTTER_API_PORT"]) == port
    (named,) = [p for p in container["ports"] if p["containerPort"] == port]
    service = of_kind("Service")["api"]
    assert service["spec"]["type"] == "ClusterIP"
    (svc_port,) = service["spec"]["ports"]
    assert svc_port["port"] == port and svc_port["targetPort"] == named["name"]
    assert any(str(p).endswith(f":{port}") for p in api_compose["ports"])


def test_every_service_selects_pods_and_named_ports() -> None:
    workloads = [d for _, d in objects() if d["kind"] in {"Deployment", "StatefulSet"}]
    for name, service in of_kind("Service").items():
        selector = service["spec"]["selector"]
        (target,) = [
            w for w in workloads if selector.items() <= w["spec"]["template"]["metadata"]["labels"].items()
        ]
        port_names = {p["name"] for c in pod(target)["containers"] for p in c.get("ports", [])}
        for port in service["spec"]["ports"]:
            assert port["targetPort"] in port_names, f"Service {name}: no container port {port['targetPort']}"


# --- environment -------------------------------------------------------------------------------


def test_every_variable_set_is_documented_in_env_example() -> None:
    documented = documented_vars()
    names: dict[str, str] = {k: "configmap.yaml" for k in config_data()}
    for file, doc in objects():
        if doc["kind"] not in {"Deployment", "StatefulSet"}:
            continue
        for container in pod(doc).get("initContainers", []) + pod(doc)["containers"]:
            for env in container.get("env", []):
                ref = env.get("valueFrom", {}).get("secretKeyRef")
                if ref is not None:  # a Spotter setting handed to a store (the same Secret key)
                    assert ref["name"] == SECRET and ref.get("optional") is True, file
                    names[ref["key"]] = file
                elif container["image"] == IMAGE:  # the stores' own variables are theirs
                    names[env["name"]] = file
    unknown = {n: f for n, f in names.items() if n not in documented | NOT_SETTINGS}
    assert not unknown, f"variables not in .env.example: {unknown}"


def test_variables_named_in_comments_and_readme_exist() -> None:
    documented = documented_vars()
    for path in [*manifest_files(), K8S_DIR / "README.md"]:
        # Whole names only: `SPOTTER_REASON_*` names a group.
        for name in re.findall(r"\b(SPOTTER_[A-Z0-9_]*[A-Z0-9])\b(?!_?\*)", path.read_text(encoding="utf-8")):
            assert name in documented, f"{path.name} names {name}, which .env.example does not know"


def test_no_secrets_in_the_configmap() -> None:
    data = config_data()
    leaked = [k for k in data if SECRET_LIKE.search(k)]
    assert not leaked, f"these belong in the Secret {SECRET}: {leaked}"
    assert data["SPOTTER_INGEST_SOURCES"] == "{}", "camera URLs (with credentials) go in the Secret"


def test_blas_threads_are_limited_in_image_configmap_and_compose() -> None:
    dockerfile = DOCKERFILE.read_text(encoding="utf-8")
    env_block = re.search(r"^ENV ((?:.*\\\n)*.*)$", dockerfile, re.M)
    assert env_block is not None
    image_env = dict(re.findall(r"(\w+)=(\S+)", env_block.group(1)))
    data = config_data()
    for var, value in THREAD_VARS.items():
        assert image_env.get(var) == value, f"Dockerfile ENV {var}"
        assert data.get(var) == value, f"configmap.yaml {var}"
        for name, svc in services().items():
            assert str((svc.get("environment") or {}).get(var, value)) == value, f"compose {name}: {var}"


# --- KEDA --------------------------------------------------------------------------------------


def test_scaled_objects_target_deployments_on_the_streams_they_read() -> None:
    deps, scaled = deployments(), scaled_objects()
    groups = {v for k, v in vars(streams).items() if k.startswith("GROUP_")}
    stream_names = {
        v
        for k, v in vars(streams).items()
        if k.isupper() and isinstance(v, str) and v.startswith(f"{streams.PREFIX}:")
    }
    for name, obj in scaled.items():
        spec = obj["spec"]
        target = spec["scaleTargetRef"]["name"]
        assert target == name and target in deps, f"ScaledObject {name} targets no Deployment"
        assert 1 <= spec["minReplicaCount"] <= spec["maxReplicaCount"], name
        assert spec["triggers"], name
        reads = consumed(compose_module(target))
        for trigger in spec["triggers"]:
            meta = trigger["metadata"]
            assert trigger["type"] == "redis-streams", name
            assert meta["address"] == REDIS_ADDRESS, name
            assert meta["consumerGroup"] in groups, f"{name}: unknown group {meta['consumerGroup']}"
            assert int(meta["lagCount"]) > 0 and "pendingEntriesCount" not in meta, name
            if target == "flow-tracker":  # per-camera frame streams, leased (no ctx.consumer)
                assert meta["consumerGroup"] == streams.GROUP_FLOW_TRACKER
                camera = meta["stream"].removeprefix(streams.frames_stream(""))
                assert camera and meta["stream"] == streams.frames_stream(camera)
            else:
                assert meta["stream"] in stream_names, f"{name}: unknown stream {meta['stream']}"
                assert (meta["stream"], meta["consumerGroup"]) in reads, (
                    f"{name} scales on {meta['stream']}/{meta['consumerGroup']} but reads {reads}"
                )
    assert scaled["flow-tracker"]["spec"]["maxReplicaCount"] <= camera_count(), (
        "flow-tracker replicas beyond the camera count stand idle"
    )


def test_every_stream_consumer_but_the_single_replica_ones_is_scaled() -> None:
    targets = {s["spec"]["scaleTargetRef"]["name"] for s in scaled_objects().values()}
    consumers = {name for name in deployments() if consumed(compose_module(name))} | {"flow-tracker"}
    assert consumers - SINGLE_REPLICA == targets
    assert {
        "captioner",
        "knowledge-graph",
        "summarizer",
        "visual-archive",
        "notifier",
        "reasoner",
    } <= consumers


def test_camera_locked_services_scale_at_most_to_the_camera_count() -> None:
    users = {
        str(p.relative_to(REPO))
        for p in (REPO / "shared" / "spotter").rglob("*.py")
        if "camera_lock(" in p.read_text(encoding="utf-8") and p.name != "locks.py"
    }
    assert users == set(CAMERA_LOCKED.values()), "a new user of spotter.locks: list it in CAMERA_LOCKED"
    scaled = scaled_objects()
    for name in CAMERA_LOCKED:
        assert scaled[name]["spec"]["maxReplicaCount"] <= camera_count(), (
            f"{name}: replicas beyond the cameras only wait for per-camera locks"
        )
