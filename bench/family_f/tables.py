"""python -m bench.family_f.tables DIR: print each scenario's alerts, look-alikes and questions as
Markdown (used to keep README.md in step with the generated truth)."""
from __future__ import annotations

import json
import os
import sys


def main():
    root = sys.argv[1]
    for name in sorted(os.listdir(root)):
        p = os.path.join(root, name, "truth.json")
        if not os.path.exists(p):
            continue
        with open(p) as fh:
            T = json.load(fh)
        with open(os.path.join(root, name, "questions.json")) as fh:
            Qs = {q["id"]: q for q in json.load(fh)}
        print(f"\n### {name} alerts\n")
        print("| category | subject | t0 | t1 | why |\n| --- | --- | --- | --- | --- |")
        for a in T["alerts"]:
            print(f"| {a['category']} | {a['subject']} `{a['subject_id']}` | {a['t0']} | {a['t1']} | {a['note']} |")
        print("\nLook-alikes (must not alert):\n")
        for item in T["lookalikes"]:
            print(f"- {item}")
        print("\n| id | at | question | kind / intent | truth |\n| --- | --- | --- | --- | --- |")
        for a in T["answers"]:
            f = {k: v for k, v in a.items() if k not in ("id", "kind", "intent", "note", "query")}
            tr = ", ".join(f"{k}={v}" for k, v in f.items()) or "(no typed fields)"
            q = Qs[a["id"]]
            print(f"| {a['id']} | {q['at']} | {q['question']} | {a['kind']} / {a['intent']} | {tr} |")


if __name__ == "__main__":
    main()
