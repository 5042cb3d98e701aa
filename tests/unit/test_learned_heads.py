"""The learned question heads (`spotter.answer.learned`) and how the understander uses them.

The phrasings here are my own, not any writer's; the shipped heads are checked to have been trained without the
held-out writers, whose questions are the figure reported for understanding."""

from __future__ import annotations

import random
import re
import zlib
from pathlib import Path

import numpy as np
import pytest

from bench.understanding import CORPUS, LATEST
from spotter.answer import understand as understand_module
from spotter.answer.corpus import SLOTS_BY_INTENT
from spotter.answer.learned import (
    QUESTION_HEADS,
    UNSET,
    NgramClassifier,
    features,
    load_heads,
    perturbed,
    save_heads,
    train_heads,
)
from spotter.answer.understand import QuestionUnderstander, normalise

WHERE = ["where is the ladder", "where did the drill go", "where's the hammer got to", "where is the pallet now",
         "where did they put the toolbox", "where is the wheelbarrow"]  # fmt: skip
IDLE = ["how long has the labourer been idle", "how long has he been standing around", "how long was the lad idle",
        "how long has the worker been doing nothing", "how long is the bricklayer idle", "how long has he been idle"]  # fmt: skip


def test_features_are_stable_sorted_and_distinct() -> None:
    f = features("where is the ladder ladder?")
    assert list(f) == sorted(set(f.tolist()))
    assert np.array_equal(f, features("Where is the ladder ladder?"))  # lower-cased
    assert f.max() < 2**18
    # crc32, not Python's salted hash: the same ids in every process (the weights are looked up by them)
    assert zlib.crc32(b"w:ladder") % 2**18 in features("ladder").tolist()
    assert not np.array_equal(features("where is the ladder"), features("where is the ladle"))


def test_a_head_learns_and_survives_a_round_trip(tmp_path: Path) -> None:
    head = NgramClassifier.train(WHERE + IDLE, ["where"] * 6 + ["state_duration"] * 6, epochs=20)
    label, p = head.predict("where's the angle grinder")
    assert label == "where" and p > 0.5
    assert head.predict("how long has the scaffolder been idle")[0] == "state_duration"
    path = tmp_path / "heads.npz"
    save_heads(path, {"intent": head}, writers=np.array(["x"]))
    again = load_heads(path)["intent"]
    for text in ("where's the angle grinder", "how long has the scaffolder been idle", "zzz"):
        assert np.allclose(again.probabilities(text), head.probabilities(text), atol=1e-6)


def test_perturbed_copies_are_repeatable_change_the_words_and_keep_the_tense() -> None:
    questions = ["How long has the labourer been idle?", "Where was the wheelbarrow at 3:00?",
                 "When did the bricklayer lay the first brick?", "Is the ladder still by the scaffold?"]  # fmt: skip
    first = [perturbed(q, random.Random(7)) for q in questions]
    assert first == [perturbed(q, random.Random(7)) for q in questions]
    many = [perturbed(q, random.Random(seed)) for seed in range(40) for q in questions]
    assert sum(m not in questions for m in many) >= 0.85 * len(many)  # some changes find nothing to change
    for seed in range(40):  # tense says which spell is asked: "has been" and "was" are never dropped
        assert {"has", "been"} <= set(re.findall(r"[a-z]+", perturbed(questions[0], random.Random(seed)).lower()))
        assert "was" in re.findall(r"[a-z]+", perturbed(questions[1], random.Random(seed)).lower())
        # the "is" that opens a yes-or-no question says it is one: kept first ("ladder still by the scaffold" is a where)
        assert re.findall(r"[a-z]+", perturbed(questions[3], random.Random(seed)).lower())[0] == "is"


def test_heads_trained_with_perturbed_copies_read_a_perturbed_question() -> None:
    rng = random.Random(3)
    texts, labels = [], []
    for q, label in [(q, "where") for q in WHERE] + [(q, "state_duration") for q in IDLE]:
        texts.append(normalise(q))
        labels.append(label)
        for _ in range(4):
            texts.append(normalise(perturbed(q, rng)))
            labels.append(label)
    head = NgramClassifier.train(texts, labels, epochs=20)
    assert head.predict(normalise("lad idle how long, eh?"))[0] == "state_duration"
    assert head.predict(normalise("drill where, tell me."))[0] == "where"


def test_slot_heads_learn_only_from_questions_whose_intent_uses_the_slot(tmp_path: Path) -> None:
    queries = [{"intent": "where", "subject": {"label": "ladder"}}] * 6 + [
        {
            "intent": "state_duration",
            "subject": {"label": "worker", "attributes": {"vest": "orange"}},
            "state": "idle",
        }
    ] * 6
    heads = train_heads(WHERE + IDLE, queries, SLOTS_BY_INTENT, epochs=5)
    assert heads["state"].labels == ["idle"]  # the where questions do not use a state: not examples of "none"
    assert set(heads["subject"].labels) == {"ladder", "worker"}
    assert heads["vest"].labels == ["orange"]  # a person's attributes: from questions about a person only
    assert set(heads["intent"].labels) == {"where", "state_duration"}
    assert not heads["direction"].labels and heads["direction"].predict("where is it") == (
        UNSET,
        0.0,
    )  # none used one
    save_heads(tmp_path / "h.npz", heads)
    assert load_heads(tmp_path / "h.npz")["direction"].predict("where is it") == (UNSET, 0.0)


def test_the_shipped_heads_never_saw_the_held_out_writers() -> None:
    data = np.load(QUESTION_HEADS)
    trained = set(data["writers"].tolist())
    assert trained and not trained & set(LATEST)
    # and learned from every other writer: retrained (tools/train_intents.py) whenever a round joins the corpus
    corpus = {p.stem.removeprefix("writer_") for p in CORPUS.glob("writer_*.jsonl")}
    assert trained == corpus - set(LATEST)
    assert set(data["heads"].tolist()) >= {
        "intent",
        "direction",
        "event",
        "state",
        "subject",
        "hardhat",
        "vest",
    }


@pytest.fixture(scope="module")
def both() -> tuple[QuestionUnderstander, QuestionUnderstander]:
    return QuestionUnderstander(None), QuestionUnderstander(None, learned=False)


def test_a_misspelt_direction_is_read_by_the_heads(
    both: tuple[QuestionUnderstander, QuestionUnderstander],
) -> None:
    learned, cues = both
    question = "what's sitting in font of me"
    assert cues.understand(question).intent == "unknown"  # no cue reads "font"
    q = learned.understand(question)
    assert (q.intent, q.direction) == ("things_in_direction", "front")
    assert 0.9 <= q.confidence < 1.0  # the head's probability, not the rules' certainty


def test_a_word_no_site_has_is_replaced_by_the_subject_head(
        both: tuple[QuestionUnderstander, QuestionUnderstander]) -> None:  # fmt: skip
    learned, cues = both
    question = "How long has the drill been on the ground - i.e. the present spell, up to now?"
    assert cues.understand(question).subject.label == "present_spell"  # type: ignore[union-attr]  # a gloss read as a thing
    q = learned.understand(question)
    assert q.intent == "state_duration" and q.subject is not None and q.subject.label == "drill"
    # a label the vocabulary lacks but a site may hold is kept when the heads are not sure of another thing
    assert learned.understand("where is the gas monitor").subject.label == "gas_monitor"  # type: ignore[union-attr]


def test_the_cues_stand_where_the_heads_agree_or_are_unsure(
        both: tuple[QuestionUnderstander, QuestionUnderstander]) -> None:  # fmt: skip
    learned, cues = both
    for question in ("where is the ladder", "how long has the labourer in the orange vest been idle",
                     "did the drill get picked up before the lad went in the trench", "what's on my left"):  # fmt: skip
        assert learned.understand(question) == cues.understand(question)


def test_a_worn_thing_is_not_given_to_the_wrong_person(
    both: tuple[QuestionUnderstander, QuestionUnderstander],
) -> None:
    learned, _cues = both
    q = learned.understand("did the sparky leave after the lad in the blue vest got out of the trench")
    assert q.intent == "order" and q.subject is not None and "vest" not in q.subject.attributes
    assert (
        q.other is not None
        and q.other.subject is not None
        and q.other.subject.attributes.get("vest") == "blue"
    )


def test_a_fairly_sure_head_overrules_only_a_reading_it_rules_out(monkeypatch: pytest.MonkeyPatch) -> None:
    question = "are the cones where they were at 1:00?"  # a "still there" the rules read; the head leans to "where"
    head = QuestionUnderstander(None)._learned["intent"]
    label, p = head.predict(normalise(question))
    assert label == "where" and 0.8 <= p < 0.9  # fairly sure, not sure ...
    assert head.probability(normalise(question), "still_there") >= 0.05  # ... and not ruling the cues' reading out
    # asked yes or no, it is turned into a "where" only by a head at least 0.9 sure, whatever the other thresholds
    assert QuestionUnderstander(None).understand(question).intent == "still_there"
    assert QuestionUnderstander(None, overrule=0.8, rule_out=1.1).understand(question).intent == "still_there"
    # (the yes-or-no guards off: the rule-out alone)
    monkeypatch.setattr(understand_module, "_SURE", 0.0)
    monkeypatch.setattr(understand_module, "_ASKS_IF_STILL_THERE", re.compile(r"(?!)"))
    strict = QuestionUnderstander(None, overrule=0.9, lean=0.8, rule_out=0.05)
    assert strict.understand(question).intent == "still_there"
    assert QuestionUnderstander(None, overrule=0.9, rule_out=1.1).understand(question).intent == "where"


def test_the_contracts_is_it_where_it_was_question_stays_yes_or_no_however_sure_the_head() -> None:
    question = "are the blocks where they were at 1:00?"
    label, p = QuestionUnderstander(None)._learned["intent"].predict(normalise(question))
    assert label == "where" and p >= 0.9  # the head is sure, and wrong: it is asked yes or no
    assert QuestionUnderstander(None).understand(question).intent == "still_there"


def test_a_sure_intent_whose_slots_no_rule_reads_takes_the_heads_best_guesses(
    both: tuple[QuestionUnderstander, QuestionUnderstander],
) -> None:
    learned, cues = both
    question = "the bloke with no hat, where I first saw him, again came back?"  # a return, verb last
    assert cues.understand(question).intent == "same_individual"
    q = learned.understand(question)
    assert q.intent == "returned" and q.subject is not None and q.subject.attributes == {"hardhat": False}
    assert q.other is not None and (q.other.subject, q.other.event) == (q.subject, "first_seen")
    q = learned.understand("wheelbarrow, the place where taken, back came?")  # a thing that came back
    assert q.intent == "returned" and q.other is not None and q.other.event == "picked_up"
    assert q.subject is not None and q.subject.label == "wheelbarrow"
    # nothing named and the subject head unsure of a thing: still not understood, not a guessed subject
    assert learned.understand("it where?").intent == "unknown"
