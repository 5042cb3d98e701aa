"""Learn the question models from the paraphrase corpus (tests/data/questions), held-out writers left out.

    python tools/train_intents.py    # leaves out the held-out writers, bench.understanding.LATEST (never train on them)

Writes, each with the writers it learned from:
- shared/spotter/answer/question_heads.npz: `spotter.answer.learned.train_heads`, hashed n-gram heads for the
  intent, the closed-set slots, the subject's label and a person's hard hat and vest (numpy only; about 80 s;
  `--copies N` perturbed copies of each question, `spotter.answer.learned.perturbed` (shipped: 1, seed 39); `--heads-only` skips the
  MiniLM part);
  `QuestionUnderstander` lets a head overrule the cues' intent, or fill a slot they left empty, at p >= 0.85.
- shared/spotter/answer/intents.npz: `spotter.answer.understand.intent_examples`, MiniLM embeddings of the
  normalised questions reduced to `--dims` principal directions, int8 unit vectors with their intents, consulted
  when MiniLM is installed and no cue decides (the intent most of the nearest five share, none unanswerable).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "shared"))
sys.path.insert(0, str(REPO))

from bench.understanding import LATEST  # noqa: E402
from spotter.answer.corpus import SLOTS_BY_INTENT, load_corpus  # noqa: E402
from spotter.answer.learned import QUESTION_HEADS, perturbed, save_heads, train_heads  # noqa: E402
from spotter.answer.understand import INTENT_MODEL, intent_examples, normalise  # noqa: E402
from spotter.embed import EmbedSettings, make_embedder  # noqa: E402

CORPUS = REPO / "tests" / "data" / "questions"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hold-out", default=",".join(LATEST), help="comma-separated writers to leave out")
    ap.add_argument("--dims", type=int, default=128)
    ap.add_argument("--out", type=Path, default=INTENT_MODEL)
    ap.add_argument("--heads-out", type=Path, default=QUESTION_HEADS)
    ap.add_argument("--copies", type=int, default=1,
                    help="perturbed copies of each question the heads learn from (see learned.perturbed)")
    ap.add_argument("--seed", type=int, default=39)
    ap.add_argument("--heads-only", action="store_true", help="leave intents.npz (the MiniLM neighbours) as it is")
    args = ap.parse_args()
    held = {w for w in args.hold_out.split(",") if w}
    files = sorted(p for p in CORPUS.glob("writer_*.jsonl") if p.stem.removeprefix("writer_") not in held)
    rows = load_corpus(files)
    writers = sorted(p.stem.removeprefix("writer_") for p in files)
    if not args.heads_only:
        arrays = intent_examples([r["question"] for r in rows], [r["query"]["intent"] for r in rows],
                                 make_embedder(EmbedSettings()), args.dims)  # fmt: skip
        np.savez_compressed(args.out, **arrays, writers=np.array(writers))
    texts, queries = [normalise(r["question"]) for r in rows], [r["query"] for r in rows]
    rng = random.Random(args.seed)
    for _ in range(args.copies):  # perturbed copies (spotter.answer.learned.perturbed): words and orders no writer used
        for r in rows:
            p = perturbed(r["question"], rng)
            if p != r["question"]:
                texts.append(normalise(p))
                queries.append(r["query"])
    heads = train_heads(texts, queries, SLOTS_BY_INTENT)
    save_heads(args.heads_out, heads, writers=np.array(writers))
    print(f"heads {', '.join(heads)}: wrote {args.heads_out} ({args.heads_out.stat().st_size / 1e6:.1f} MB)")
    print(f"{len(rows)} questions by {len(writers)} writers (held out: {','.join(sorted(held)) or 'none'}), "
          f"{len(texts) - len(rows)} perturbed copies")
    if not args.heads_only:
        print(f"{args.dims} dims; wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
