"""The second, independently written scenario family (bench/family_b): answers and alerts as a user
would run them, `spotter eval` on each video with its true detections, heading from the video.

    python -m bench.independent                       # render (cached) + eval + score every scenario
    python -m bench.independent --only yard_pinhole70

The family was written by a helper who saw only the contract, never the first scenario generator,
the understander or the reasoner's rules (bench/family_b/README.md). Nothing here is tuned per
scenario: default site rules, `--hfov` set to the lens's field of view, the camera the questions
name. Scoring: answers per kind by the family's own truth (time within `time_tol_s`, duration
within `duration_tol_s`, the exact sector or `direction_alt`, yes/no, entity types between
required and required+optional, count); alerts by EgoServe matching on the family's windows
(`spotter.synth.proactive.score_alerts`, each window already holds the contract's timeliness, so
delta 0), macro F1 and false alerts per minute. Results: bench/results/independent.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from spotter.synth.proactive import TrueService, score_alerts

REPO = Path(__file__).resolve().parents[1]
CACHE_ROOT = Path(os.environ.get("SPOTTER_CACHE_DIR", REPO / ".cache"))
CACHE = CACHE_ROOT / "family_b"
RESULTS = Path(__file__).resolve().parent / "results"
SECTORS = ("front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left")


def answer_correct(truth: dict[str, Any], got: dict[str, Any]) -> tuple[bool, str]:
    checks: list[tuple[bool, str]] = []
    if truth.get("time") is not None:
        tol = float(truth.get("time_tol_s", 5.0))
        t = got.get("time")
        checks.append((t is not None and abs(float(t) - float(truth["time"])) <= tol, f"time {t} vs {truth['time']}"))
    if truth.get("duration_s") is not None:
        tol = float(truth.get("duration_tol_s", max(2.0, 0.1 * float(truth["duration_s"]))))
        d = got.get("duration_s")
        checks.append((d is not None and abs(float(d) - float(truth["duration_s"])) <= tol,
                       f"duration {d} vs {truth['duration_s']}"))  # fmt: skip
    if truth.get("direction") is not None:
        ok = got.get("direction") in {truth["direction"], truth.get("direction_alt")}
        checks.append((ok, f"direction {got.get('direction')} vs {truth['direction']}"))
    if truth.get("yes_no") is not None:
        checks.append((got.get("yes_no") is truth["yes_no"], f"yes_no {got.get('yes_no')} vs {truth['yes_no']}"))
    if truth.get("entity_types") is not None:
        want = {str(x).lower() for x in truth["entity_types"]}
        optional = {str(x).lower() for x in truth.get("entity_types_optional") or []}
        have = {str(x).lower() for x in got.get("entity_types") or []} if got.get("entity_types") is not None else None
        ok = have is not None and want <= have <= want | optional
        checks.append((ok, f"entity_types {sorted(have or [])} vs {sorted(want)} (+{sorted(optional)})"))
    if truth.get("count") is not None:
        checks.append((got.get("count") == truth["count"], f"count {got.get('count')} vs {truth['count']}"))
    if truth.get("kind") == "unknown":  # not answerable: right when the answer says it did not understand
        typed = [k for k in ("time", "duration_s", "direction", "yes_no", "entity_types", "count") if got.get(k) is not None]
        return got.get("intent") == "unknown" and not typed, f"intent {got.get('intent')}, typed {typed}"
    if not checks:
        return False, "truth has no typed field"
    return all(c for c, _ in checks), "; ".join(r for c, r in checks if not c)


def score_scenario(truth: dict[str, Any], run: dict[str, Any]) -> dict[str, Any]:
    got = {a["id"]: a for a in run.get("answers", [])}
    per_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    wrong = []
    for t in truth.get("answers", []):
        ok, why = answer_correct(t, got.get(t["id"], {}))
        per_kind[t["kind"]][1] += 1
        per_kind[t["kind"]][0] += int(ok)
        if not ok:
            wrong.append({"id": t["id"], "kind": t["kind"], "why": why, "answer": got.get(t["id"], {}).get("answer")})
    services = [TrueService(a["category"], float(a["t0"]), float(a["t1"]), str(a.get("subject", "")),
                            str(a.get("note", ""))) for a in truth.get("alerts", [])]  # fmt: skip
    alerts = score_alerts(run.get("alerts", []), services, 0.0, float(truth["duration_s"]))
    return {"per_kind": {k: v for k, v in sorted(per_kind.items())}, "wrong": wrong,
            "alerts": {"macro_f1": alerts.macro_f1, "false_per_min": alerts.false_alerts_per_min,
                       "per_category": {c: {"tp": s.tp, "n_pred": s.n_pred, "n_true": s.n_true, "f1": s.f1}
                                        for c, s in alerts.per_category.items()},
                       "missed": alerts.missed, "false": alerts.false}}  # fmt: skip


def add_per_kind(totals: dict[str, list[int]], per_kind: dict[str, Any]) -> None:
    """Sum a scenario's (correct, asked) per question kind into the family's totals."""
    for k, (c, n) in per_kind.items():
        totals.setdefault(k, [0, 0])
        totals[k][0] += c
        totals[k][1] += n


def save_run(name: str, label: str, report: dict[str, Any]) -> None:
    """Add one labelled run to bench/results/NAME (earlier runs stay)."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / name
    runs = json.loads(path.read_text()) if path.is_file() else {}
    runs[label] = report
    path.write_text(json.dumps(runs, indent=1))


def pooled(scenarios: dict[str, Any]) -> dict[str, Any]:
    """The family as one suite: per category tp / true / predicted summed over scenarios, macro F1 over
    the categories, false alerts per minute over the family's minutes."""
    cats: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    false = 0
    minutes = 0.0
    for name, sc in scenarios.items():
        if "alerts" not in sc:
            continue
        for c, d in sc["alerts"]["per_category"].items():
            for i, k in enumerate(("tp", "n_true", "n_pred")):
                cats[c][i] += int(d[k])
        false += len(sc["alerts"]["false"])
        minutes += json.loads((CACHE / name / "truth.json").read_text())["duration_s"] / 60.0
    f1 = {}
    for c, (tp, nt, npred) in sorted(cats.items()):
        p = tp / npred if npred else 0.0
        r = tp / nt if nt else 0.0
        f1[c] = round(2 * p * r / (p + r), 3) if p + r else 0.0
    return {"pooled_f1_per_category": f1, "pooled_macro_f1": round(sum(f1.values()) / len(f1), 3) if f1 else None,
            "pooled_false_alerts_per_min": round(false / minutes, 3) if minutes else None}  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only")
    ap.add_argument("--family", default="b", help="which independent family: b, c, d, e, f, i, j, k, l, m, n or o (bench/family_b ... _o)")
    ap.add_argument("--label", default="run", help="name of this run in the results file")
    args = ap.parse_args()
    global CACHE
    CACHE = CACHE_ROOT / f"family_{args.family}"
    CACHE.mkdir(parents=True, exist_ok=True)
    gen = [sys.executable, "-m", f"bench.family_{args.family}.generate", "--out", str(CACHE)] + (
        ["--only", args.only] if args.only else [])  # fmt: skip
    names = sorted(p.name for p in CACHE.iterdir() if (p / "truth.json").is_file())
    if not names or (args.only and args.only not in names):
        subprocess.run(gen, check=True, cwd=REPO)
        names = sorted(p.name for p in CACHE.iterdir() if (p / "truth.json").is_file())
    if args.only:
        names = [args.only]
    report: dict[str, Any] = {"machine": platform.platform(), "date": time.strftime("%Y-%m-%d"), "scenarios": {}}
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    f1s, false_min = [], []
    for name in names:
        d = CACHE / name
        truth = json.loads((d / "truth.json").read_text())
        out = d / "RUN.json"
        cmd = [sys.executable, "-m", "spotter.cli", "eval", "--video", str(d / "video.mp4"), "--questions",
               str(d / "questions.json"), "--detections", str(d / "detections.jsonl"), "--out", str(out),
               "--hfov", str(truth["hfov_deg"]), "--projection", str(truth.get("projection", "pinhole")), "--no-progress"]  # fmt: skip
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        if proc.returncode != 0 or not out.is_file():
            print(f"{name}: spotter eval failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
            report["scenarios"][name] = {"error": proc.stderr[-2000:]}
            continue
        run = json.loads(out.read_text())
        res = score_scenario(truth, run)
        res["eval_wall_s"] = round(wall, 1)
        report["scenarios"][name] = res
        add_per_kind(totals, res["per_kind"])
        if res["alerts"]["macro_f1"] is not None:
            f1s.append(res["alerts"]["macro_f1"])
        false_min.append(res["alerts"]["false_per_min"])
        print(f"{name}: answers " + " ".join(f"{k}={c}/{n}" for k, (c, n) in res["per_kind"].items())
              + f" | alerts macro F1 {res['alerts']['macro_f1']} false/min {res['alerts']['false_per_min']:.2f}"
              + f" ({wall:.0f} s)")  # fmt: skip
    report["answers_per_kind"] = {k: round(c / n, 3) for k, (c, n) in sorted(totals.items()) if n}
    report.update(pooled(report["scenarios"]))
    report["alerts_macro_f1_mean"] = round(sum(f1s) / len(f1s), 3) if f1s else None
    report["false_alerts_per_min_mean"] = round(sum(false_min) / len(false_min), 3) if false_min else None
    print("answers per kind:", report["answers_per_kind"])
    print("alerts: macro F1 mean", report["alerts_macro_f1_mean"], "false/min mean", report["false_alerts_per_min_mean"])
    print("alerts, the family as one suite: macro F1", report["pooled_macro_f1"], "false/min",
          report["pooled_false_alerts_per_min"], report["pooled_f1_per_category"])
    save_run("independent.json" if args.family == "b" else f"independent_{args.family}.json", args.label, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
