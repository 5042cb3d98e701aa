"""What a change to the question rules did to every parse: tuned questions lost or gained, family questions changed.

    python -m bench.parse_drift --save /tmp/before.json      # before editing the rules
    python -m bench.parse_drift --against /tmp/before.json   # after: exits 1 if a tuned question was lost

Parses (the rules and the learned heads, no embedder, so the check is fast and deterministic) of every corpus question
(tests/data/questions) and of every family question generated under .cache/family_*/ (`python -m
bench.independent` writes them). Held-out writers (`bench.understanding.LATEST`) are counted but never
shown: their questions stay unread. A family question whose parse changed is listed, since its expected
query is not labelled here; a tuned corpus question is "lost" when it was right before and is wrong now.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bench.understanding import CORPUS, LATEST, REPO
from spotter.answer.corpus import compare, load_corpus
from spotter.answer.understand import QuestionUnderstander


def parses() -> tuple[dict[str, list[Any]], dict[str, dict[str, Any]]]:
    """{id: [question, parse]} for the corpus and the generated family questions; {id: expected query} for the corpus."""
    understander = QuestionUnderstander(None)
    out: dict[str, list[Any]] = {}
    want: dict[str, dict[str, Any]] = {}
    for row in load_corpus(sorted(CORPUS.glob("writer_*.jsonl"))):
        out[row["id"]] = [row["question"], understander.understand(row["question"]).public()]
        want[row["id"]] = row["query"]
    for path in sorted((REPO / ".cache").glob("family_*/*/questions.json")):
        data = json.loads(path.read_text())
        for q in data["questions"] if isinstance(data, dict) else data:
            key = f"family:{path.parent.parent.name}:{path.parent.name}:{q['id']}"
            out[key] = [q["question"], understander.understand(q["question"]).public()]
    return out, want


def drift(before: dict[str, list[Any]], now: dict[str, list[Any]], want: dict[str, dict[str, Any]],
          held_out: tuple[str, ...] = LATEST) -> dict[str, list[str]]:
    """Ids by what happened to them: tuned questions lost / gained / changed but still wrong, held-out questions that
    changed (ids only), family questions whose parse changed."""
    report: dict[str, list[str]] = {"lost": [], "gained": [], "changed": [], "held_out_changed": [], "family_changed": []}
    for key, (_question, parse) in now.items():
        if key not in before or before[key][1] == parse:
            continue
        if key.startswith("family:"):
            report["family_changed"].append(key)
        elif key.split("-")[0] in held_out:
            report["held_out_changed"].append(key)
        else:
            was_right, is_right = not compare(want[key], before[key][1]), not compare(want[key], parse)
            report["lost" if was_right and not is_right else "gained" if is_right and not was_right else "changed"].append(key)
    return report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path, help="write the parses here")
    group.add_argument("--against", type=Path, help="compare with parses saved before")
    args = ap.parse_args()
    now, want = parses()
    if args.save:
        args.save.write_text(json.dumps(now, default=str))
        print(f"{len(now)} parses saved to {args.save}")
        return 0
    report = drift(json.loads(args.against.read_text()), now, want)
    for key in report["lost"]:
        print(f"LOST {key}: {now[key][0]!r} {compare(want[key], now[key][1])}")
    for key in report["family_changed"]:
        print(f"FAMILY {key}: {now[key][0]!r} -> {now[key][1]}")
    print(" ".join(f"{name} {len(ids)}" for name, ids in report.items()))
    return 1 if report["lost"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
