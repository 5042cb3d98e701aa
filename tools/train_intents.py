"""Train the question-intent classifier from the paraphrase corpus (tests/data/questions).

    python tools/train_intents.py                     # every writer
    python tools/train_intents.py --hold-out l,m      # leave writers out (to measure them after)

Softmax regression on MiniLM sentence embeddings (`spotter.embed`) of the normalised questions
(`spotter.answer.understand.normalise`), L2-regularised, full-batch gradient descent from zeros:
deterministic, seconds on a CPU. Writes shared/spotter/answer/intents.npz (weights, bias, intent
names, the writers it was trained on), which `QuestionUnderstander` loads when MiniLM is installed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "shared"))

from spotter.answer.corpus import load_corpus  # noqa: E402
from spotter.answer.understand import INTENT_MODEL, normalise  # noqa: E402
from spotter.embed import EmbedSettings, make_embedder  # noqa: E402

CORPUS = REPO / "tests" / "data" / "questions"


def train(x: np.ndarray, y: np.ndarray, n: int, steps: int = 600, lr: float = 2.0, l2: float = 1e-3) -> tuple[np.ndarray, np.ndarray]:
    w = np.zeros((x.shape[1], n), np.float32)
    b = np.zeros(n, np.float32)
    for _ in range(steps):
        z = x @ w + b
        z -= z.max(1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(1, keepdims=True)
        p[np.arange(len(y)), y] -= 1.0
        w -= lr * (x.T @ p / len(y) + l2 * w)
        b -= lr * p.mean(0)
    return w, b


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hold-out", default="", help="comma-separated writers to leave out")
    ap.add_argument("--out", type=Path, default=INTENT_MODEL)
    args = ap.parse_args()
    held = {w for w in args.hold_out.split(",") if w}
    files = sorted(p for p in CORPUS.glob("writer_*.jsonl") if p.stem.removeprefix("writer_") not in held)
    rows = load_corpus(files)
    embedder = make_embedder(EmbedSettings())
    x = np.asarray(embedder.embed([normalise(r["question"]) for r in rows]), dtype=np.float32)
    names = sorted({r["query"]["intent"] for r in rows})
    y = np.array([names.index(r["query"]["intent"]) for r in rows])
    w, b = train(x, y, len(names))
    acc = float(np.mean(np.argmax(x @ w + b, 1) == y))
    writers = sorted(p.stem.removeprefix("writer_") for p in files)
    np.savez_compressed(args.out, w=w, b=b, intents=np.array(names), writers=np.array(writers))
    print(f"trained on {len(rows)} questions by writers {','.join(writers)}; training accuracy {acc:.3f}; wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
