"""Pretrained detector weights, taken from a package registry (never a model hub), checked by hash.

The default detector's model is the SSD MobileNetV2 trained on Open Images (24 classes) that Google
ships inside the npm package `@mediapipe/objectron` (Apache-2.0): bytes 184..9987912 of
`objectron_solution_packed_assets.data` are the `.tflite` file, the first 184 bytes its label map.
`fetch()` downloads the package tarball from the npm registry over HTTPS, checks the registry's
sha512 integrity, cuts the model out, checks its sha256 and writes it (with its labels and a
provenance file) into the model folder: `SPOTTER_DETECT_MODEL_DIR`, default `~/.cache/spotter/models`.
`make setup` runs it (`spotter models fetch`).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import tarfile
import tempfile
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

from spotter.detect.base import DetectorError


@dataclass(frozen=True)
class RegistryModel:
    """Where a model's bytes come from and how they are recognised."""

    name: str
    file_name: str
    package: str
    version: str
    tarball_url: str
    tarball_integrity: str  # the registry's `dist.integrity` (sha512, base64)
    member: str  # the file inside the tarball
    offset: int
    length: int
    sha256: str  # of the cut-out model file
    labels_offset: int
    labels_length: int
    labels: tuple[str, ...]
    licence: str
    description: str


OPEN_IMAGES_SSD = RegistryModel(
    name="ssd-mobilenetv2-oidv4",
    file_name="ssd_mobilenetv2_oidv4.tflite",
    package="@mediapipe/objectron",
    version="0.4.1675468480",
    tarball_url="https://registry.npmjs.org/@mediapipe/objectron/-/objectron-0.4.1675468480.tgz",
    tarball_integrity="sha512-IoWuW0ojc9GaSW6UoDCIXgwjLSqTEcR5w8NYuGH+R5+q+nKzS7KOIGfY/eyx4DttReumb398W6+PpW0DQ2Rs/w==",
    member="package/objectron_solution_packed_assets.data",
    offset=184,
    length=9987912 - 184,
    sha256="d0a5255bf8c4f5a0bc4240741a76c41d5e939f7655078f945f50ab53a9375da6",
    labels_offset=0,
    labels_length=184,
    labels=(
        "???", "Bicycle", "Boot", "Laptop", "Person", "Chair", "Cattle", "Desk", "Cat", "Computer mouse",
        "Computer monitor", "Box", "Mug", "Coffee cup", "Stationary bicycle", "Table", "Bottle", "High heels",
        "Vehicle", "Footwear", "Dog", "Book", "Camera", "Car",
    ),
    licence="Apache-2.0 (the @mediapipe/objectron package; Google's SSD MobileNetV2 Open Images v4 model)",
    description="SSD MobileNetV2, 300x300 input, 1917 anchors, 24 Open Images classes (class 0 background)",
)

MODELS = {OPEN_IMAGES_SSD.name: OPEN_IMAGES_SSD}


def model_dir() -> Path:
    """`SPOTTER_DETECT_MODEL_DIR` (DetectorSettings.model_dir), default ~/.cache/spotter/models."""
    from spotter.detect.settings import DetectorSettings

    return DetectorSettings().model_dir or Path.home() / ".cache" / "spotter" / "models"


def model_path(spec: RegistryModel = OPEN_IMAGES_SSD, folder: Path | None = None) -> Path:
    """The model file, checked; raises DetectorError saying how to get it when it is missing or altered."""
    path = (folder or model_dir()) / spec.file_name
    if not path.is_file():
        raise DetectorError(
            f"detector model {spec.name} not found at {path}: run `spotter models fetch` (make setup does; it "
            f"downloads {spec.package}@{spec.version} from the npm registry), or set SPOTTER_DETECT_MODEL_DIR to a folder "
            "holding it, or choose another detector with SPOTTER_DETECT_BACKEND"
        )
    if _sha256_of(path) != spec.sha256:
        raise DetectorError(f"{path} is not {spec.name} (sha256 differs): delete it and run `spotter models fetch`")
    return path


def fetch(spec: RegistryModel = OPEN_IMAGES_SSD, folder: Path | None = None, *, timeout_s: float = 120.0) -> Path:
    """Download, check and install `spec` (a no-op when the checked file is there already)."""
    folder = folder or model_dir()
    target = folder / spec.file_name
    if target.is_file() and _sha256_of(target) == spec.sha256:
        return target
    try:
        with urllib.request.urlopen(spec.tarball_url, timeout=timeout_s) as response:  # noqa: S310 - fixed https URL
            tarball = response.read()
    except OSError as exc:
        raise DetectorError(f"cannot download {spec.tarball_url}: {exc}") from exc
    return install_from_tarball(tarball, spec, folder)


def install_from_tarball(tarball: bytes, spec: RegistryModel = OPEN_IMAGES_SSD, folder: Path | None = None) -> Path:
    """Cut the model out of the package tarball's bytes, check both hashes, write it atomically."""
    algorithm, _, expected = spec.tarball_integrity.partition("-")
    digest = base64.b64encode(hashlib.new(algorithm, tarball).digest()).decode()
    if digest != expected:
        raise DetectorError(f"{spec.package}@{spec.version}: the tarball's {algorithm} is not the registry's")
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as archive:
        member = archive.extractfile(spec.member)
        if member is None:
            raise DetectorError(f"{spec.member} is missing from {spec.package}@{spec.version}")
        data = member.read()
    model = data[spec.offset : spec.offset + spec.length]
    if hashlib.sha256(model).hexdigest() != spec.sha256:
        raise DetectorError(f"{spec.name}: the bytes cut from {spec.member} do not have the expected sha256")
    labels = data[spec.labels_offset : spec.labels_offset + spec.labels_length].decode().split("\n")
    if tuple(label for label in labels if label) != spec.labels:
        raise DetectorError(f"{spec.name}: the package's label map is not the one this code decodes")
    folder = folder or model_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / spec.file_name
    _write_atomically(target, model)
    provenance = asdict(spec) | {"labels": list(spec.labels)}
    _write_atomically(folder / f"{spec.name}.provenance.json", json.dumps(provenance, indent=2).encode())
    return target


def _write_atomically(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
