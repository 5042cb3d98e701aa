"""How far two independent people agree on what a question asks, against how far the understander agrees with them.

    python -m bench.label_agreement

Two sets of 500 questions, each given without its labels to four more independent labellers
(`tests/data/questions/second_labels/<set>/`, brief and notes there), each labeller with only the contract
(docs/QUESTIONS.md as the writers had it, and the meanings of the question kinds) and 125 questions:
- `rounds_65_66`: 50 from each of round 65-66's ten writers, drawn at random (seed 35), under the writers' ids;
  these rounds are tuning data (the heads learned from them, rules were written from their misses);
- `round_68`: all 500 of round 68, shuffled (seed 68), under new ids (`ids.json` maps them back) so a labeller
  could not find the writer's file; round 68 is held out (never read, never tuned on).
Scored with the corpus's own comparison
(`spotter.answer.corpus.compare`: the intent and the slots the intent uses):
- writer ~ second labeller: how often two people who read the same contract write the same query (the ceiling a
  parser can be held to on these questions);
- understander ~ writer, understander ~ second labeller: the product on the same questions.
Results: bench/results/label_agreement.json.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections import Counter
from pathlib import Path

from spotter.answer.corpus import compare
from spotter.answer.understand import QuestionUnderstander

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "questions"
SECOND = CORPUS / "second_labels"
RESULTS = Path(__file__).resolve().parent / "results"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", action="store_true", help="list the questions writer and labeller read differently")
    args = ap.parse_args()
    report: dict[str, object] = {"machine": platform.platform(), "date": time.strftime("%Y-%m-%d")}
    understander = QuestionUnderstander(None)
    for folder in sorted(p for p in SECOND.iterdir() if p.is_dir()):
        report[folder.name] = _agreement(folder, understander, args.show)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "label_agreement.json").write_text(json.dumps(report, indent=1))
    return 0


def _agreement(folder: Path, understander: QuestionUnderstander, show: bool) -> dict[str, object]:
    ids = json.loads((folder / "ids.json").read_text()) if (folder / "ids.json").is_file() else {}
    second = {ids.get(row["id"], row["id"]): row for p in sorted(folder.glob("labels_*.jsonl"))
              for row in map(json.loads, p.read_text().splitlines())}  # fmt: skip
    writers = {row["id"]: row for w in sorted({i.split("-")[0] for i in second})
               for row in map(json.loads, (CORPUS / f"writer_{w}.jsonl").read_text().splitlines())}  # fmt: skip
    agree = Counter[str]()
    per_kind: dict[str, list[int]] = {}
    fields = Counter[str]()
    for qid, labelled in second.items():
        written = writers[qid]
        assert labelled["question"] == written["question"], qid
        got = understander.understand(written["question"]).public()
        differ = compare(written["query"], labelled["query"])
        agree["writer~labeller"] += not differ
        agree["understander~writer"] += not compare(written["query"], got)
        agree["understander~labeller"] += not compare(labelled["query"], got)
        agree["understander~either"] += not compare(written["query"], got) or not compare(labelled["query"], got)
        tally = per_kind.setdefault(str(written["query"]["kind"]), [0, 0])
        tally[0] += not differ
        tally[1] += 1
        fields.update(differ)
        if show and differ:
            print(f"{qid}: {written['question']!r}")
            for name in differ:
                print(f"    {name}: writer {written['query'].get(name)} | labeller {labelled['query'].get(name)}")
    n = len(second)
    print(f"{folder.name}: n={n} " + " ".join(f"{k} {v / n:.3f}" for k, v in agree.items()))
    print("  writer~labeller per kind: " + " ".join(f"{k}={c / t:.2f}" for k, (c, t) in sorted(per_kind.items())))
    return {"questions": n, **{k: round(v / n, 4) for k, v in agree.items()},
            "writer~labeller per kind": {k: round(c / t, 4) for k, (c, t) in sorted(per_kind.items())},
            "fields writer and labeller read differently": dict(fields.most_common())}  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())
