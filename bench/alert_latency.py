"""Alert latency: end of a clip -> the webhook POST arriving, on the embedded default and distributed.

``--mode embedded`` (default): `spotter replay VIDEO --detections GT --speed S --webhook URL`, the
embedded default in one process (ingest, flow tracker, the live memory pass with summaries,
visual archive and reasoner, the in-process notifier; private redis-server, SQLite graph,
embedded vector stores, offline backends) on the scenario's rendered video (cached) paced at
S times real time. Per alert: the clip's end (when ingest published the clip, its `wall_time`,
from the replay's JSON) -> first POST arrival at a local receiver that verifies signatures;
stages: -> decided (memory, summaries, archive, retrieval, reconstruction, rules) and -> POST.

``--mode services``: one machine, real processes: a private redis-server, `python -m services.knowledge_graph`,
`python -m services.reasoner` and `python -m services.notifier` (SQLite graph, offline
rule engine, default settings but for the scenario's site configuration), and a local
HTTP receiver that verifies every signature. A scenario's ground-truth detections are
turned into captions clip by clip (within-clip tracker + template captioner, as the
captioner service would publish them) and the generator's true heading is written to
the heading track as the flow tracker writes it. Captions are then published one by
one, `--gap` seconds apart (media time runs faster than real time; each caption's
publish wall time stands for its clip's end, when the captioner would publish it).

Per alert: clip end (caption publish) -> first POST arrival at the receiver; the stages
from the stream entry ids (Redis server clock, same machine): knowledge graph (caption
-> the clip's first world event, clips with events only), reasoner (-> the alert on
`streams.ALERTS`, including its wait for the graph) and notifier (-> the POST arrival).

    python -m bench.alert_latency [--speed 1]                     # embedded default
    python -m bench.alert_latency --mode services [--gap 0.25]    # distributed services

The helpers (captions, heading track, service processes, receiver) are shared with
tests/integration/test_alert_path.py.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import IO, Any, cast

from redis import Redis

from spotter import streams
from spotter.alerts.webhooks import ALERT_ID_HEADER, ATTEMPT_HEADER, SIGNATURE_HEADER, WebhookStore, verify
from spotter.bus import StreamPublisher
from spotter.caption import caption_clip
from spotter.caption.template import ClipMeta
from spotter.detect.tracker import ClipTracker
from spotter.heading.track import heading_member
from spotter.memory import FileDetections
from spotter.messages import Alert, Caption, Clip, Decision, WorldEvent, decode
from spotter.redis_server import RedisServerProcess
from spotter.synth import load_truth
from spotter.synth.proactive import CONFIGURED_SITE, reasoner_overrides
from spotter.synth.scenario import ScenarioRun, build_scenario, generate_scenario

REPO = Path(__file__).resolve().parents[1]
CACHE = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache")) / "scenarios"
SECRET = "whsec-alert-latency-0123456789"
CLIP_S = 10.0


# --- scenario input ---------------------------------------------------------------------


@dataclass
class ScenarioInput:
    run: ScenarioRun
    captions: list[Caption]
    clips: list[Clip]
    yaw: list[float]
    reason_env: dict[str, str]
    reason_overrides: dict[str, Any]


def scenario_input(name: str = "bricklaying", seed: int = 0) -> ScenarioInput:
    """The scenario's clips as the captioner would caption them from its ground-truth detections."""
    run = generate_scenario(name, seed=seed, out_dir=CACHE, video=False)
    yaw = [float(y) for y in load_truth(run.truth_path)["yaw_deg"]]
    source = FileDetections.read(run.detections_path)
    captions, clips = [], []
    for k in range(math.ceil(run.duration_s / CLIP_S)):
        t0, t1 = CLIP_S * k, min(run.duration_s, CLIP_S * (k + 1))
        clip = Clip(camera_id=run.camera, t=t1, clip_id=f"{run.camera}-gt-{k:06d}", t_start=t0, t_end=t1,
                    n_frames=int((t1 - t0) * run.fps), source="scenario")  # fmt: skip
        tracker = ClipTracker()
        for f in source.frames(clip, ()):
            tracker.update(f.t, f.detections, f.image)
        meta = ClipMeta(camera_id=run.camera, clip_id=clip.clip_id, t_start=t0, t=t1, width=run.width,
                        height=run.height, hfov_deg=run.hfov_deg)  # fmt: skip
        captions.append(caption_clip(meta, tracker.observations()))
        clips.append(clip)
    overrides = reasoner_overrides(build_scenario(name, seed, run.duration_s), CONFIGURED_SITE)
    env = {
        f"SPOTTER_REASON_{k.upper()}": (json.dumps(v) if isinstance(v, list | dict) else str(v))
        for k, v in overrides.items()
    }
    return ScenarioInput(run, captions, clips, yaw, env, overrides)


def write_heading(redis: Redis, camera: str, yaw: list[float], fps: float) -> None:
    """The true heading as the flow tracker writes its track: members "<t>:<yaw>", score t."""
    key = streams.heading_track_key(camera)
    items = [(heading_member(i / fps, y), i / fps) for i, y in enumerate(yaw)]
    for j in range(0, len(items), 2000):
        redis.zadd(key, dict(items[j : j + 2000]))


# --- the receiver -----------------------------------------------------------------------


@dataclass
class Receiver:
    """A local webhook receiver: verifies signatures, fails the first `fail_first` attempts of each alert."""

    secret: str = SECRET
    fail_first: int = 0
    attempts: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def answer(self, headers: Mapping[str, str], body: bytes) -> int:
        arrived = time.time()
        signed = verify(self.secret, headers.get(SIGNATURE_HEADER), body)
        alert = Alert.model_validate_json(body) if signed else None
        with self.lock:
            alert_id = alert.alert_id if alert is not None else None
            seen = sum(1 for a in self.attempts if a["alert_id"] == alert_id)
            status = 401 if not signed else (503 if seen < self.fail_first else 200)
            self.attempts.append({
                "alert_id": alert_id, "header_alert_id": headers.get(ALERT_ID_HEADER), "signed": signed,
                "attempt": headers.get(ATTEMPT_HEADER), "status": status, "arrived": arrived, "alert": alert,
            })  # fmt: skip
        return status

    def accepted(self) -> dict[str, int]:
        """alert_id -> number of 2xx answers (what the receiver acted on)."""
        with self.lock:
            out: dict[str, int] = {}
            for a in self.attempts:
                if a["status"] == 200:
                    out[a["alert_id"]] = out.get(a["alert_id"], 0) + 1
            return out

    def first_arrival(self) -> dict[str, float]:
        with self.lock:
            out: dict[str, float] = {}
            for a in self.attempts:
                if a["alert_id"] is not None:
                    out.setdefault(a["alert_id"], a["arrived"])
            return out


@contextmanager
def receiving(fail_first: int = 0) -> Iterator[Receiver]:
    rec = Receiver(fail_first=fail_first)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            status = rec.answer({k: v for k, v in self.headers.items()}, body)
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    rec.server = server
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield rec
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# --- the services ------------------------------------------------------------------------


def service_env(redis_url: str, graph_path: Path, extra: Mapping[str, str] = {}) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SPOTTER_")}
    env.update({
        "REDIS_URL": redis_url, "SPOTTER_GRAPH_BACKEND": "sqlite", "SPOTTER_GRAPH_SQLITE_PATH": str(graph_path),
        "SPOTTER_NOTIFY_ALLOW_PRIVATE": "true", "PYTHONUNBUFFERED": "1",
        # ingest ends with its file (runs wait for that) instead of watching for cameras registered over REST
        "SPOTTER_INGEST_WATCH_REGISTRY": "false",
    })  # fmt: skip
    env.update(extra)
    return env


@dataclass
class Service:
    name: str
    proc: subprocess.Popen[bytes]
    log: IO[bytes]
    log_path: Path

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.log.close()

    def stop(self, timeout: float = 15.0) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.log.close()
        return int(self.proc.returncode)


def start_service(module: str, env: Mapping[str, str], log_dir: Path, consumer: str) -> Service:
    """`python -m services.<module>` with its own consumer name, output to `<log_dir>/<consumer>.log`."""
    log_path = log_dir / f"{consumer}.log"
    log = open(log_path, "ab")  # noqa: SIM115 - closed by Service.stop/kill
    proc = subprocess.Popen(
        [sys.executable, "-m", f"services.{module}"], cwd=REPO, env={**env, "SPOTTER_CONSUMER_NAME": consumer},
        stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    return Service(module, proc, log, log_path)


def wait_for(predicate: Callable[[], bool], timeout: float = 60.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def stream_messages(redis: Redis, stream: str) -> list[tuple[float, Any]]:
    """(server time of the entry in s, message) of every entry of `stream`."""
    out = []
    for msg_id, fields in cast(list[Any], redis.xrange(stream)):
        ms = int((msg_id.decode() if isinstance(msg_id, bytes) else msg_id).split("-")[0])
        out.append((ms / 1000.0, decode(fields)[0]))
    return out


def _running(redis: Redis, service: str) -> bool:
    return bool(redis.keys(streams.health_pattern(service)))


def decided(redis: Redis) -> set[str]:
    return {m.clip_id for _t, m in stream_messages(redis, streams.DECISIONS) if isinstance(m, Decision)}


# --- the benchmark ------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    v = sorted(values)
    return v[min(len(v) - 1, max(0, math.ceil(q / 100.0 * len(v)) - 1))]


def summary(values_s: list[float]) -> dict[str, Any]:
    ms = [v * 1000.0 for v in values_s]
    return {
        "n": len(ms),
        "p50_ms": None if not ms else round(statistics.median(ms), 1),
        "p95_ms": None if not ms else round(cast(float, pct(ms, 95)), 1),
        "max_ms": None if not ms else round(max(ms), 1),
    }


def run_bench(scenario: str, gap_s: float, warm_s: float = 3.0) -> dict[str, Any]:
    data = scenario_input(scenario)
    load_start = os.getloadavg()[0]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    server = RedisServerProcess().start()
    tmp = Path(tempfile.mkdtemp(prefix="spotter-alert-latency-"))
    redis = Redis.from_url(server.url, socket_timeout=10.0)
    services: list[Service] = []
    try:
        with receiving() as rec:
            WebhookStore(redis).create(rec.url, SECRET)
            write_heading(redis, data.run.camera, data.yaw, data.run.fps)
            env = service_env(server.url, tmp / "graph.sqlite3", data.reason_env)
            for module in ("knowledge_graph", "reasoner", "notifier"):
                services.append(start_service(module, env, tmp, module))
            # Consumer groups exist once each service runs; wait for their heartbeats.
            for svc in ("knowledge-graph", "reasoner", "notifier"):
                wait_for(partial(_running, redis, svc), 60.0, f"{svc} to start")
            time.sleep(warm_s)
            published: dict[str, float] = {}
            pub: StreamPublisher[Caption] = StreamPublisher(redis, streams.CAPTIONS)
            for c in data.captions:
                published[c.clip_id] = time.time()
                pub.publish(c)
                time.sleep(gap_s)
            wait_for(lambda: len(decided(redis)) == len(data.captions), 120.0, "every decision")
            alerts = [(t, m) for t, m in stream_messages(redis, streams.ALERTS) if isinstance(m, Alert)]
            ids = {m.alert_id for _t, m in alerts}
            wait_for(lambda: set(rec.accepted()) >= ids, 60.0, "every delivery")
            arrival = rec.first_arrival()
            events: dict[str, float] = {}
            for t, m in stream_messages(redis, streams.WORLD_EVENTS):
                if isinstance(m, WorldEvent) and m.clip_id is not None:
                    events.setdefault(m.clip_id, t)
            decision_msgs = [
                (t, m) for t, m in stream_messages(redis, streams.DECISIONS) if isinstance(m, Decision)
            ]
            decisions = {m.clip_id: m for _t, m in decision_msgs}
            every_clip = [t - published[m.clip_id] for t, m in decision_msgs]
        end_to_end, kg, reasoner, notifier, decide_ms = [], [], [], [], []
        clip_by_end = {round(c.t_end, 3): c.clip_id for c in data.clips}
        per_alert = []
        for t_alert, a in alerts:
            # The deciding clip: the alert's t is its end (evidence also cites earlier, retrieved clips).
            clip_id = clip_by_end[round(a.t, 3)]
            t0 = published[clip_id]
            total = arrival[a.alert_id] - t0
            end_to_end.append(total)
            reasoner.append(t_alert - t0)
            notifier.append(arrival[a.alert_id] - t_alert)
            if clip_id in events:
                kg.append(events[clip_id] - t0)
            if clip_id in decisions and decisions[clip_id].latency_ms is not None:
                decide_ms.append(cast(float, decisions[clip_id].latency_ms) / 1000.0)
            per_alert.append({"alert_id": a.alert_id, "category": a.category, "clip_id": clip_id,
                              "t": a.t, "latency_ms": round(total * 1000.0, 1)})  # fmt: skip
        return {
            "what": "clip end (caption published) -> signed webhook POST arriving, distributed path on one machine",
            "scenario": scenario,
            "clips": len(data.captions),
            "caption_gap_s": gap_s,
            "alerts": len(alerts),
            "delivered_once": sorted(rec.accepted().values()) == [1] * len(ids),
            "end_to_end": summary(end_to_end),
            "stages": {
                "caption_to_world_event (knowledge graph, clips with events)": summary(kg),
                "caption_to_alert_published (knowledge graph + reasoner wait + decide)": summary(reasoner),
                "reasoner_decide_compute": summary(decide_ms),
                "caption_to_decision_published (every clip)": summary(every_clip),
                "alert_published_to_post_arrival (notifier)": summary(notifier),
            },
            "per_alert": per_alert,
            "setup": {
                "services": "python -m services.knowledge_graph / reasoner / notifier, one process each",
                "graph": "SQLite file",
                "redis": "private redis-server child",
                "receiver": "http.server, 127.0.0.1",
                "python": platform.python_version(),
                "cpus": os.cpu_count(),
                "machine": platform.machine(),
                "started": started,
                "load_avg_1m": [round(load_start, 2), round(os.getloadavg()[0], 2)],
            },
        }
    finally:
        for s in services:
            s.stop()
        redis.close()
        server.stop()


def run_embedded(scenario: str, speed: float, seed: int = 0) -> dict[str, Any]:
    """The embedded default: `spotter replay VIDEO --detections GT --speed S --webhook URL`, one process
    (ingest, flow tracker, live memory pass with summaries, archive, reasoner, in-process notifier;
    private redis-server, SQLite graph, embedded vector stores, offline backends)."""
    run = generate_scenario(scenario, seed=seed, out_dir=CACHE, video=True)  # rendered once, cached
    assert run.video_path is not None
    overrides = reasoner_overrides(build_scenario(scenario, seed, run.duration_s), CONFIGURED_SITE)
    load_start = os.getloadavg()[0]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    tmp = Path(tempfile.mkdtemp(prefix="spotter-alert-latency-embedded-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("SPOTTER_") and k != "REDIS_URL"}
    env.update({f"SPOTTER_REASON_{k.upper()}": json.dumps(v) for k, v in overrides.items()})
    env.update(SPOTTER_NOTIFY_ALLOW_PRIVATE="1", SPOTTER_WEBHOOK_SECRET=SECRET,
               SPOTTER_GRAPH_SQLITE_PATH=str(tmp / "graph.sqlite3"))  # fmt: skip
    with receiving() as rec:
        proc = subprocess.run(
            [sys.executable, "-m", "spotter.cli", "replay", str(run.video_path), "--camera", run.camera,
             "--detections", str(run.detections_path), "--speed", str(speed), "--json", "--no-progress",
             "--blob-dir", str(tmp / "blobs"), "--webhook", rec.url],
            env=env, capture_output=True, text=True, cwd=tmp,
        )  # fmt: skip
        if proc.returncode != 0:
            raise RuntimeError(f"spotter replay failed ({proc.returncode}): {proc.stderr[-3000:]}")
        out = json.loads(proc.stdout)
        arrival = rec.first_arrival()
        accepted = rec.accepted()
    alerts = out["alerts"]
    total, decide, deliver = [], [], []
    per_alert = []
    for a in alerts:
        got = arrival.get(a["alert_id"])
        if got is None or a["clip_end_wall"] is None:
            continue
        total.append(got - a["clip_end_wall"])
        decide.append(a["decided_wall"] - a["clip_end_wall"])
        deliver.append(got - a["decided_wall"])
        per_alert.append({"alert_id": a["alert_id"], "t": a["t"], "category": a["category"],
                          "clip_end_to_post_ms": round(total[-1] * 1000.0, 1)})  # fmt: skip
    return {
        "mode": "embedded", "scenario": scenario, "seed": seed, "started": started, "speed": speed,
        "machine": f"{platform.node()} {os.cpu_count()} cpus", "load_1min_start": round(load_start, 2),
        "load_1min_end": round(os.getloadavg()[0], 2), "video_s": out["media_s"], "wall_s": out["wall_s"],
        "alerts": len(alerts), "delivered": out.get("deliveries"),
        "received_once": sum(1 for a in alerts if accepted.get(a["alert_id"]) == 1),
        "clip_end_to_webhook_post": summary(total), "clip_end_to_decided": summary(decide),
        "decided_to_webhook_post": summary(deliver), "per_alert": per_alert,
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--mode", choices=("embedded", "services"), default="embedded",
                    help="embedded: `spotter replay --webhook` (the default mode); services: one process each")  # fmt: skip
    ap.add_argument("--scenario", default="bricklaying")
    ap.add_argument("--gap", type=float, default=0.25, help="services: seconds between two captions (wall time)")
    ap.add_argument("--speed", type=float, default=1.0, help="embedded: pace the video at this many times real time")
    ap.add_argument("--out", type=Path, help="default bench/results/alert_latency[_embedded].json")
    args = ap.parse_args(argv)
    if args.mode == "embedded":
        result = run_embedded(args.scenario, args.speed)
    else:
        result = run_bench(args.scenario, args.gap)
    name = "alert_latency_embedded.json" if args.mode == "embedded" else "alert_latency.json"
    args.out = args.out or REPO / "bench" / "results" / name
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k != "per_alert"}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
