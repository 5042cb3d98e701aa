"""Build the question-intent examples from the paraphrase corpus (tests/data/questions).

    python tools/train_intents.py --hold-out ho,hp,hq,hr,hs,ht,hu,hv,hw,hx   # leave the held-out writers out (always)

`spotter.answer.understand.intent_examples` over every writer not held out: MiniLM embeddings of the
normalised questions, reduced to `--dims` principal directions, int8 unit vectors with their intents.
Writes shared/spotter/answer/intents.npz (with the writers used), which `QuestionUnderstander` loads
when MiniLM is installed and consults where no cue decides (the intent most of the nearest five
share, none of them unanswerable).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "shared"))

from spotter.answer.corpus import load_corpus  # noqa: E402
from spotter.answer.understand import INTENT_MODEL, intent_examples  # noqa: E402
from spotter.embed import EmbedSettings, make_embedder  # noqa: E402

CORPUS = REPO / "tests" / "data" / "questions"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hold-out", default="", help="comma-separated writers to leave out")
    ap.add_argument("--dims", type=int, default=128)
    ap.add_argument("--out", type=Path, default=INTENT_MODEL)
    args = ap.parse_args()
    held = {w for w in args.hold_out.split(",") if w}
    files = sorted(p for p in CORPUS.glob("writer_*.jsonl") if p.stem.removeprefix("writer_") not in held)
    rows = load_corpus(files)
    arrays = intent_examples([r["question"] for r in rows], [r["query"]["intent"] for r in rows],
                             make_embedder(EmbedSettings()), args.dims)  # fmt: skip
    writers = sorted(p.stem.removeprefix("writer_") for p in files)
    np.savez_compressed(args.out, **arrays, writers=np.array(writers))
    print(f"{len(rows)} questions by {len(writers)} writers (held out: {','.join(sorted(held)) or 'none'}), "
          f"{args.dims} dims; wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
