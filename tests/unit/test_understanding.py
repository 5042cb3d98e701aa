"""Question understanding: the typed query (docs/QUESTIONS.md) from many phrasings, and the corpus.

The corpus in tests/data/questions was written by independent writers (PROVENANCE_*.md). Every writer
was scored once untuned (the round's held-out first run, docs/BENCHMARKS.md) and then tuned on. The thresholds below are regression guards at what was
measured (bench.understanding; docs/BENCHMARKS.md), not the 95% target, which held-out writers do
not reach (77-92% over six held-out rounds).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spotter.answer.corpus import compare, load_corpus, score
from spotter.answer.parser import QuestionParser
from spotter.answer.query import Query
from spotter.answer.understand import QuestionUnderstander, normalise
from spotter.graph.sqlite import SqliteGraphStore
from spotter.tools import GraphTools

CORPUS = Path(__file__).resolve().parents[1] / "data" / "questions"
U = QuestionUnderstander(None)


def q(text: str) -> Query:
    return U.understand(text)


def test_every_corpus_label_is_a_valid_query() -> None:
    rows = load_corpus(sorted(CORPUS.glob("writer_*.jsonl")))
    assert len(rows) >= 4000
    assert len({r["writer"] for r in rows}) >= 39
    for row in rows:
        Query.model_validate(row["query"])  # the writers labelled with the public schema


@pytest.mark.parametrize(
    # writers a-be were tuned on after their first, untuned run (the floors hold what was learnt; each round's
    # first run is in docs/BENCHMARKS.md)
    ("writers", "floor"), [((*"abcdefghijklmnopqrstuvwxyz", "aa", "ab", "ac", "ad"), 0.95), (("ae", "af", "ag"), 0.85),
                           (("ah", "ai", "aj"), 0.8), (("ak", "al", "am"), 0.85), (("an", "ao", "ap"), 0.7),
                           (("aq", "ar", "as"), 0.82), (("at", "au", "av"), 0.85), (("aw", "ax", "ay"), 0.8),
                           (("az", "ba", "bb"), 0.8), (("bc", "bd", "be"), 0.68), (("bf", "bg", "bh"), 0.78),
                           (("bi", "bj", "bk"), 0.85), (("bl", "bm", "bn"), 0.85),
                           (("bt", "bu", "bv", "bw"), 0.85),
                           (("bx", "by", "bz", "ca"), 0.68),
                           (("cb", "cc", "cd"), 0.5), (("bo", "bp", "bq", "br", "bs"), 0.9),
                           (("cj", "ck", "cl", "cm", "cn"), 0.9), (("co", "cp", "cq", "cr", "cs"), 0.8),
                           (("ce", "cf", "cg", "ch", "ci"), 0.8), (("ct", "cu", "cv", "cw", "cx"), 0.6),
                           (("cy", "cz", "da", "db", "dc"), 0.8), (("dd", "de", "df", "dg", "dh"), 0.88),
                           (("di", "dj", "dk", "dl", "dm"), 0.9), (("dn", "do", "dp", "dq", "dr"), 0.8),
                           (("ds", "dt", "du", "dv", "dw"), 0.7), (("dx", "dy", "dz", "ea", "eb"), 0.9),
                           (("ec", "ed", "ee", "ef", "eg"), 0.85), (("eh", "ei", "ej", "ek", "el"), 0.85),
                           (("em", "en", "eo", "ep", "eq"), 0.85), (("er", "es", "et", "eu", "ev"), 0.7),
                           (("ew", "ex", "ey", "ez", "fa"), 0.9), (("fb", "fc", "fd", "fe", "ff"), 0.88),
                           (("fg", "fh", "fi", "fj", "fk"), 0.9), (("fl", "fm", "fn", "fo", "fp"), 0.9),
                           (("fq", "fr", "fs", "ft", "fu"), 0.9), (("fv", "fw", "fx", "fy", "fz"), 0.9),
                           (("ga", "gb", "gc", "gd", "ge"), 0.88), (("gf", "gg", "gh", "gi", "gj"), 0.9),
                           (("gk", "gl", "gm", "gn", "go"), 0.9), (("gp", "gq", "gr", "gs", "gt"), 0.9),
                           (("gu", "gv", "gw", "gx", "gy"), 0.9), (("gz", "ha", "hb", "hc", "hd"), 0.9),
                           (("he", "hf", "hg", "hh", "hi"), 0.9), (("hj", "hk", "hl", "hm", "hn"), 0.92),
                           (("ho", "hp", "hq", "hr", "hs"), 0.95), (("ht", "hu", "hv", "hw", "hx"), 0.95),
                           (("hy", "hz", "ia", "ib", "ic"), 0.95),
                           (("id", "ie", "if", "ig", "ih"), 0.9),
                           (("ii", "ij", "ik", "il", "im"), 0.9),
                           (("in", "io", "ip", "iq", "ir"), 0.75), (("is", "it", "iu", "iv", "iw"), 0.8),
                           (("ix", "iy", "iz", "ja", "jb"), 0.9), (("jc", "jd", "je", "jf", "jg"), 0.9),
                           (("jh", "ji", "jj", "jk", "jl"), 0.8), (("jm", "jn", "jo", "jp", "jq"), 0.92)]
)
def test_corpus_accuracy_per_kind(writers: tuple[str, ...], floor: float) -> None:
    result = score(load_corpus(CORPUS / f"writer_{w}.jsonl" for w in writers), U.understand)
    worst = min(result.accuracy().values())
    assert worst >= floor, (result.accuracy(), result.misses[:10])


def test_the_first_brick_with_no_subject_is_the_brick_wall_s() -> None:
    """docs/QUESTIONS.md: a brick or course unit with no subject is the brick wall's, so either label is right;
    another work object, or a parapet's units, is not."""
    wall = {"label": "brick_wall", "attributes": {}}
    asked = {"intent": "event_time", "event": "work_unit", "unit": "course", "ordinal": 3}
    assert compare({**asked, "subject": None}, {**asked, "subject": wall}) == []
    assert compare({**asked, "subject": None}, {**asked, "subject": {"label": "formwork"}}) == ["subject"]
    parapet = {**asked, "unit": "unit"}
    assert compare({**parapet, "subject": None}, {**parapet, "subject": wall}) == ["subject"]
    order = {"intent": "order", "subject": {"label": "worker"}, "event": "went_idle", "relation": "before"}
    other = {"event": "work_unit", "unit": "brick", "ordinal": 1}
    assert compare({**order, "other": {**other, "subject": None}}, {**order, "other": {**other, "subject": wall}}) == []


def test_labels_the_answer_grounds_on_one_thing_score_as_one() -> None:
    """A synonym of the world model ("stepladder" is a ladder) or a shorter name the answer falls back to
    ("grinder" for an "angle_grinder") is the same subject; another thing, or other clothes, is not."""
    asked = {"intent": "where"}
    for a, b in (("stepladder", "ladder"), ("grinder", "angle_grinder"), ("cement_mixer", "concrete_mixer")):
        assert compare({**asked, "subject": {"label": a}}, {**asked, "subject": {"label": b}}) == []
    assert compare({**asked, "subject": {"label": "drill"}}, {**asked, "subject": {"label": "ladder"}}) == ["subject"]
    assert compare({**asked, "subject": {"label": "mixer_truck"}}, {**asked, "subject": {"label": "truck_mixer"}}) \
        == ["subject"]
    vest = {"label": "worker", "attributes": {"vest": "orange"}}
    assert compare({**asked, "subject": vest}, {**asked, "subject": {"label": "worker"}}) == ["subject"]


def test_shorthand_and_abbreviations_are_read_as_the_words_they_stand_for() -> None:
    """A watch or phone user's shorthand: initials and vowel-less spellings of one vocabulary word, symbols."""
    assert normalise("wb moved how long ago") == "how long ago was wheel barrow moved"
    assert normalise("which way tb") == "which way tool box"
    assert normalise("ldr still where it was @3:20?") == "ladder still where it was at 3:20"
    assert normalise("# ppl w/o hh?") == "how many people without hardhat"
    assert normalise("drill -> ground how long") == "drill on the ground how long"
    assert q("brickie total working time 1-4m").public()["window"] == [{"t": 60.0, "ago_s": None}, {"t": 240.0, "ago_s": None}]
    assert normalise("where is it tbh lol") == "where is it tbh lol"  # chat words are not abbreviations of site words


def test_clock_positions_radio_times_and_minutes_in() -> None:
    assert q("What have I got at my ten?").public()["direction"] == "front-left"
    assert q("Is the red toolbox at my three or my nine?").public()["direction"] is None  # a choice: the answer says
    assert q("Is the ladder still where it was at time zero-two-three-zero into the feed?").public()["time"] == {"t": 150.0, "ago_s": None}
    assert q("Is the generator still where it was ten mikes ago?").public()["time"] == {"t": None, "ago_s": 600.0}
    assert q("That fuel bowser, is it still where it was at quarter to five minutes in?").public()["time"]["t"] == 285.0
    assert q("In the first five minutes, how many workers came in?").public()["window"] == [None, {"t": 300.0, "ago_s": None}]


def test_topic_first_questions_with_the_question_word_last() -> None:
    """Speakers of topic-prominent languages and signers put the thing first and the question word last."""
    got = q("hammer drop already how long?").public()
    assert (got["intent"], got["event"]) == ("time_since", "dropped")
    assert q("drill on ground already how long?").public()["intent"] == "state_duration"  # a state: its duration
    assert q("HAMMER DROP, PAST HOW-LONG?").public()["intent"] == "time_since"
    assert q("brickie now slacking is it?").public()["intent"] == "is_working"
    got = q("front-right there, what is there?").public()
    assert (got["intent"], got["direction"]) == ("things_in_direction", "front-right")
    assert q("right hand side got anyone or not?").public()["direction"] == "right"
    assert q("Is the labourer skiving again, is it?").public()["intent"] == "is_working"  # a tag is no question
    assert q("the lad with red vest return to the place he leave the wheelbarrow?").public()["intent"] == "returned"


def test_scots_and_spanish_are_glossed_and_ranges_in_compact_forms_read() -> None:
    """A Glaswegian by voice, a Spanglish foreman's whole Spanish questions, a Korean engineer's compact times."""
    assert normalise("Whit's ower ma left shoulder?") == "what is behind me on my left"
    found = q("How long wis the laddie doon the hole?").public()
    assert (found["intent"], found["state"]) == ("state_duration", "in_zone")
    assert q("Is the laddie skivin'?").intent == "is_working"
    found = q("¿Cuánto tiempo trabajó el fierrero entre el minuto dos y el minuto nueve?").public()
    assert (found["intent"], found["window"]) == ("spell_duration", [{"t": 120.0, "ago_s": None}, {"t": 540.0, "ago_s": None}])
    assert q("¿Hace cuánto se fue la troca?").public()["event"] == "left"
    assert q("¿A qué hora llega la siguiente troca de concreto?").intent == "unknown"  # the future is no memory
    found = q("El chavo del chaleco naranja, where did he end up?").public()
    assert (found["intent"], found["subject"]["attributes"]) == ("where", {"vest": "orange"})
    assert q("between 3min ~ 9min 30sec, worker green vest working how much total?").public()["window"] == \
        [{"t": 180.0, "ago_s": None}, {"t": 570.0, "ago_s": None}]
    assert q("from 4min until now, orange vest worker how many different people?").public()["window"] == \
        [{"t": 240.0, "ago_s": None}, None]
    assert q("same guy as yellow vest at 1hour 5min?").public()["time"] == {"t": 3900.0, "ago_s": None}
    assert q("the worker blue vest, helmet took off, how long ago it is?").public()["event"] == "ppe_removed"
    assert q("guy white helmet in the trench, how long he stay?").public()["subject"]["attributes"] == {"hat_colour": "white"}
    # English questions are not glossed: "ma", "la", "el" alone are no marker
    assert normalise("is the ladder on my left") == "is the ladder on my left"


def test_french_and_polish_questions_are_glossed() -> None:
    """A Québécois or French foreman asking whole questions in French; Polish site words in English."""
    found = q("La perceuse rouge, elle est de quel côté par rapport à moi?").public()
    assert (found["intent"], found["subject"]) == ("direction_of", {"label": "drill", "attributes": {"colour": "red"}})
    found = q("Y'a quoi derrière moi à gauche?").public()
    assert (found["intent"], found["direction"]) == ("things_in_direction", "behind-left")
    found = q("À quelle heure le signaleur est arrivé?").public()
    assert (found["intent"], found["event"], found["subject"]["role"]) == ("event_time", "first_seen", "banksman")
    found = q("Ça fait combien de temps que le marteau traîne par terre?").public()
    assert (found["intent"], found["state"], found["spell"]) == ("state_duration", "on_ground", "current")
    found = q("Le gars en gilet jaune, il a travaillé combien de temps en tout?").public()
    assert (found["intent"], found["spell"], found["subject"]["attributes"]) == ("spell_duration", "total",
                                                                                  {"vest": "yellow"})
    found = q("Entre 2h10 et 2h40, combien de gars différents sont passés?").public()
    assert (found["intent"], found["window"]) == ("count_distinct", [{"t": 7800.0, "ago_s": None},
                                                                     {"t": 9600.0, "ago_s": None}])
    found = q("how long guy with zolty kask was in wykop").public()
    assert (found["state"], found["subject"]["attributes"]) == ("in_zone", {"hat_colour": "yellow"})
    assert q("how many lads bez kamizelki in last kwadrans").public()["window"] == [{"t": None, "ago_s": 900.0}, None]
    assert q("Va-tu pleuvoir demain?").intent == "unknown"


def test_german_word_order_tag_questions_and_dictation() -> None:
    """A German crane supervisor's English, an Australian's tag questions and bare names, a radio's homophones."""
    found = q("Die Schubkarre, where stands she now?").public()
    assert (found["intent"], found["subject"]["label"]) == ("where", "wheelbarrow")
    found = q("Wie lange was the Maurer in die Baugrube?").public()
    assert (found["intent"], found["state"], found["subject"]["role"]) == ("state_duration", "in_zone", "bricklayer")
    found = q("The Polier, came he back to the place where he his Helm has taken off?").public()
    assert (found["intent"], found["other"]["event"]) == ("returned", "ppe_removed")
    found = q("Drill's behind me, yeah?").public()
    assert (found["intent"], found["subject"]["label"], found["direction"]) == ("direction_of", "drill", "behind")
    found = q("Compressor, where's it gone?").public()
    assert (found["intent"], found["subject"]["label"]) == ("where", "compressor")
    assert q("Still slacking, is he?").intent == "is_working"
    found = q("wear did i leave the later").public()
    assert (found["intent"], found["subject"]["label"]) == ("where", "ladder")
    found = q("how many different men came through in the last hour").public()
    assert (found["intent"], found["window"]) == ("count_distinct", [{"t": None, "ago_s": 3600.0}, None])
    found = q("which way is the fixer in the yellow vest without a hat").public()
    assert found["subject"]["attributes"] == {"vest": "yellow", "hardhat": False}
    found = q("after climbing out of the trench did the labourer go in again").public()
    assert (found["intent"], found["other"]["event"]) == ("returned", "left_zone")


def test_hinglish_dutch_and_ironworkers() -> None:
    """Hindi grammar in Latin script, Dutch words and questions, a raising gang's units of work."""
    found = q("Neeli jacket wala banda kahan hai abhi?").public()
    assert (found["intent"], found["subject"]["attributes"]) == ("where", {"vest": "blue"})
    found = q("Hathoda kab gira tha?").public()
    assert (found["intent"], found["subject"]["label"], found["event"]) == ("event_time", "hammer", "dropped")
    found = q("Pichhle 20 minute mein kitne alag bande dikhe?").public()
    assert (found["intent"], found["window"]) == ("count_distinct", [{"t": None, "ago_s": 1200.0}, None])
    found = q("Waar staat de gele kruiwagen nu?").public()
    assert (found["intent"], found["subject"]) == ("where", {"label": "wheelbarrow", "attributes": {"colour": "yellow"}})
    found = q("Hoe lang zat de sjouwer in de bouwput?").public()
    assert (found["intent"], found["state"]) == ("state_duration", "in_zone")
    found = q("When'd we set the second column?").public()
    assert (found["intent"], found["event"], found["unit"], found["ordinal"]) == ("event_time", "work_unit", "column", 2)
    found = q("How long since the hook picked up the rebar bundle?").public()
    assert (found["intent"], found["subject"]["label"], found["event"]) == ("time_since", "rebar_bundle", "picked_up")
    # Tagalog shares "banda" and "ko" with Hindi: its own marks keep Hindi's glossary away
    assert q("Saan banda yung red toolbox, left or right ko ba?").intent == "direction_of"


def test_west_african_pidgin_and_spanish_texting() -> None:
    """Pidgin ("e still dey where e dey?", "him helmet"), texting Spanish without accents, Caribbean clippings."""
    found = q("The wheelbarrow, e still dey where e dey at 3:15?").public()
    assert (found["intent"], found["time"]) == ("still_there", {"t": 195.0, "ago_s": None})
    found = q("Which time the carpenter remove him helmet?").public()
    assert (found["intent"], found["event"], found["subject"]["role"]) == ("event_time", "ppe_removed", "carpenter")
    found = q("de q lado esta la carretilla").public()
    assert (found["intent"], found["subject"]["label"]) == ("direction_of", "wheelbarrow")
    found = q("cuanto tiempo hace q se fue el albanil").public()
    assert (found["intent"], found["event"], found["subject"]["role"]) == ("time_since", "left", "bricklayer")
    assert q("¿Cuánto tiempo lleva el nene sin hacer na'?").public()["state"] == "idle"
    # Tagalog's "pa" (still) is not Spanish texting's "para"
    assert q("Nandun pa ba yung hammer?").intent == "still_there"


def test_european_french_formal_english_and_more_pidgin() -> None:
    """Lyon French ("il bosse ?", "à quel moment", "depuis combien de temps il est dans la fouille"), formal
    written English with its courtesies and reasons, Pidgin's "for green vest" and "na him", texting."""
    assert q("Le plâtrier, il bosse ou pas ?").intent == "is_working"
    assert q("Le gars en gilet rouge, il est en train de glander ?").intent == "is_working"
    found = q("Le soudeur, il s'est mis au boulot à quel moment ?").public()
    assert (found["intent"], found["event"]) == ("event_time", "started_working")
    found = q("Depuis combien de temps il est dans la tranchée, le plombier ?").public()
    assert (found["intent"], found["state"]) == ("state_duration", "in_zone")
    found = q("Et le marteau, il y est encore ?").public()
    assert (found["intent"], found["subject"]["label"]) == ("still_there", "hammer")
    assert q("Et lui ?").intent == "unknown"  # "et" is no shorthand for "el taladro"
    found = q("Could you kindly confirm whether the rigger is currently carrying out work on the deck, as the "
              "permit expires at noon?").public()
    assert (found["intent"], found["subject"]["role"]) == ("is_working", "rigger")
    found = q("Please advise me of the whereabouts of the full body harness.").public()
    assert (found["intent"], found["subject"]["label"]) == ("where", "harness")
    found = q("Where the man for yellow helmet dey now?").public()
    assert (found["intent"], found["subject"]["attributes"]) == ("where", {"hat_colour": "yellow"})
    found = q("The guy wey dey my front, na him drop the hammer?").public()
    assert (found["intent"], found["direction"]) == ("same_individual", "front")
    found = q("is the ladr still were it was").public()
    assert (found["intent"], found["subject"]["label"]) == ("still_there", "ladder")
    found = q("Between 1min 10sec and 7min, how long the chippy work altogether?").public()
    assert found["window"] == [{"t": 70.0, "ago_s": None}, {"t": 420.0, "ago_s": None}]
    assert q("How many bags of cement go finish this wall?").intent == "unknown"
    found = q("¿A qué hora se metió el soldador a la zanja?").public()
    assert (found["event"], found["subject"]["role"]) == ("entered_zone", "welder")
    found = q("When was the second block laid?").public()  # a block is counted as itself, not as a brick
    assert (found["unit"], found["ordinal"]) == ("block", 2)


def test_russian_in_latin_letters_swahili_scouse_and_chat() -> None:
    """Russian/Ukrainian typed in Latin letters ("gde", "kogda", "skolko", stems of declined nouns), whole Swahili
    and Sheng ("iko wapi", "muda gani", "ya" read as "you" by texting undone), Scouse clock words for a media
    time, and chat shorthand ("loc of", "ts", "dur", a request after ";")."""
    found = q("gde krasnaya tachka?").public()
    assert (found["intent"], found["subject"]["label"]) == ("where", "wheelbarrow")
    found = q("kogda paren v zheltom zhilete snyal kasku?").public()
    assert (found["intent"], found["event"], found["subject"]["attributes"]) == ("event_time", "ppe_removed",
                                                                                 {"vest": "yellow"})
    assert q("molotok eshche tam gde ya ego polozhil?").intent == "still_there"
    assert q("brigadir otdykhaet?").intent == "is_working"
    found = q("Toroli ya kijani iko wapi sai?").public()
    assert (found["intent"], found["subject"]["attributes"]) == ("where", {"colour": "green"})
    found = q("Jamaa wa kofia nyeupe amezubaa kwa muda gani?").public()
    assert (found["intent"], found["state"], found["subject"]["attributes"]) == ("spell_duration", "idle",
                                                                                 {"hat_colour": "white"})
    assert q("Kuna nini nyuma yangu?").public()["direction"] == "behind"
    assert q("Is the barrow still where it was at quarter past three into the video?").public()["time"] == \
        {"t": 195.0, "ago_s": None}
    assert q("are the cones still where they was at half ten").public()["time"] is None  # the time of day
    assert q("loc of the genny? need it on L3").intent == "where"
    found = q("ts the labourer climbed out of the trench").public()
    assert (found["intent"], found["event"]) == ("event_time", "left_zone")
    assert q("what's on my left; ping me if the crane swings").intent == "things_in_direction"
    assert q("ping me when the inspector shows up").intent == "unknown"
    found = q("is this the same person who moved the wheelbarrow").public()
    assert (found["intent"], found["subject"]["label"]) == ("same_individual", "worker")


def test_spoken_dialects_machine_translation_emoji_and_bangla() -> None:
    """Dropped g's and h's written with an apostrophe ("workin'", "'is lid", "be'ind"), Southern US asides
    ("I'm fixin' to ..., so tell me"), concessions before the question ("I know ..., but how long ..."),
    machine-translated English ("helmet-less personnel", "at which place"), emoji and terse fragments, and
    Bangla typed in Latin letters ("koi", "kokhon", "komola vest wala")."""
    assert q("Is that hand in the green vest actually workin' right now?").intent == "is_working"
    found = q("wot time did the geezer in orange take 'is lid off").public()
    assert (found["event"], found["subject"]["attributes"]) == ("ppe_removed", {"vest": "orange"})
    assert q("got anyfink be'ind me or wot").public()["direction"] == "behind"
    assert q("I'm fixin' to back the loader up, so tell me, what all's behind me right now?").intent == \
        "things_in_direction"
    assert q("Now I know he's got a permit, but how long has the feller in the orange been down in that trench?"
             ).intent == "state_duration"
    found = q("The helmet-less personnel is standing idle at present or not?").public()
    assert (found["intent"], found["subject"]["attributes"]) == ("is_working", {"hardhat": False})
    assert q("The ladder now is at which place?").intent == "where"
    assert q("🪜 dir?").intent == "direction_of"
    assert q("🧰 showed up @?").intent == "event_time"
    assert q("nail gun ??? lost").intent == "where"
    assert q("concrete truck ETA").intent == "unknown"
    found = q("shiri ta koi?").public()
    assert (found["intent"], found["subject"]["label"]) == ("where", "ladder")
    found = q("komola vest wala bhai kokhon kaj shuru korse?").public()
    assert (found["intent"], found["event"], found["subject"]["attributes"]) == ("event_time", "started_working",
                                                                                 {"vest": "orange"})
    assert q("pechone kichu ache naki bhai?").public()["direction"] == "behind"


def test_dictation_verb_last_english_and_whole_portuguese() -> None:
    """Dictation says words twice and adds a purpose after the question ("I gotta go ..."), a thing's colour after
    it ("the big orange one"); verb-last English puts the verb at the end ("down in trench go"); New Zealand site
    words (mahi, hammy, scaff); whole Brazilian Portuguese, texting style ("qndo", "ta", "pra q lado")."""
    assert q("which way's the the banksman from me I gotta go have a word about the gate").intent == "direction_of"
    found = q("how long ago did somebody move the generator the big yellow one").public()
    assert (found["intent"], found["subject"]["attributes"]) == ("time_since", {"colour": "yellow"})
    found = q("plumber when down in trench go?").public()
    assert (found["intent"], found["event"]) == ("event_time", "entered_zone")
    assert q("labourer out of pit come, how much time ago?").public()["event"] == "left_zone"
    assert q("when'd the chippy start his mahi").public()["event"] == "started_working"
    assert q("is the scaff still where it was").public()["subject"]["label"] == "scaffold"
    found = q("qndo o pedreiro entrou na vala?").public()
    assert (found["intent"], found["event"]) == ("event_time", "entered_zone")
    found = q("mano pra q lado ta a furadeira?").public()
    assert (found["intent"], found["subject"]["label"]) == ("direction_of", "drill")
    found = q("o cara de colete verde ta trampando?").public()
    assert (found["intent"], found["subject"]["attributes"]) == ("is_working", {"vest": "green"})
    assert q("¿Qué hay atrás de mí?").intent == "things_in_direction"  # Spanish stays Spanish


def test_yorkshire_norwegian_word_order_autocorrect_urdu_and_malay() -> None:
    """Yorkshire ("t'", "int", "wi'", "owt", "ten minutes since" = ago), Norwegian verb-second questions ("Stands
    the ladder still ..."), phone autocorrect slips in a thing's place ("my drip"), Urdu spellings in the Hindi
    glossary ("kahaan", "baen", "farigh"), and Manglish ("mana", "bila", "berapa lama", "kiri", "kanan")."""
    found = q("Where's t'lad in t'orange vest got to?").public()
    assert (found["intent"], found["subject"]["attributes"]) == ("where", {"vest": "orange"})
    assert q("Is t'skip still where it were twenty minutes since?").public()["time"] == {"t": None, "ago_s": 1200.0}
    assert q("How long were t'lad down int trench?").public()["state"] == "in_zone"
    assert q("Stands the stige still where it stood first?").intent == "still_there"
    assert q("where did i leave my drip").public()["subject"]["label"] == "drill"
    found = q("neeli toolbox kahaan hy ab").public()
    assert (found["intent"], found["subject"]["label"]) == ("where", "toolbox")
    assert q("orange wala kitni der se farigh betha hai").public()["state"] == "idle"
    found = q("tangga tu arah mana dari I?").public()
    assert (found["intent"], found["subject"]["label"]) == ("direction_of", "ladder")
    found = q("bila pekerja vest oren masuk lubang?").public()
    assert (found["intent"], found["event"], found["subject"]["attributes"]) == ("event_time", "entered_zone",
                                                                                 {"vest": "orange"})


def test_punjabi_trinidadian_greek_and_context_before_the_question() -> None:
    """Punjabi in Latin letters respelt into the Hindi glossary ("kithe", "kinni der", "paudi", "khabbe"), Trini
    English ("de", "wey ... dey", "liming", "reach") kept off West African Pidgin ("abeg ... wey ... dey"), Greek
    words in Australian English ("pou einai", "skala"), and a last question that names its own thing taking its
    slots from itself, not from the remark before it."""
    found = q("paudi kithe aa hun?").public()
    assert (found["intent"], found["subject"]["label"]) == ("where", "ladder")
    found = q("munda orange vest wala kinni der vehla rya?").public()
    assert (found["intent"], found["state"], found["subject"]["attributes"]) == ("spell_duration", "idle", {"vest": "orange"})
    assert q("drill mere khabbe aa ke sajje?").intent == "direction_of"
    found = q("Wey de hammer dey now?").public()
    assert (found["intent"], found["subject"]["label"]) == ("where", "hammer")
    found = q("How long de fella in de red vest been liming?").public()
    assert (found["intent"], found["state"], found["subject"]["attributes"]) == ("spell_duration", "idle", {"vest": "red"})
    assert q("Wha time de mixer truck reach?").public()["subject"]["label"] == "mixer_truck"
    assert q("Abeg, where the man wey no wear helmet dey?").public()["subject"]["attributes"] == {"hardhat": False}
    found = q("pou einai the skala").public()
    assert (found["intent"], found["subject"]["label"]) == ("where", "ladder")
    found = q("The inspector asked about the first aid station. Where is the fire extinguisher right now?").public()
    assert (found["intent"], found["subject"]["label"]) == ("where", "fire_extinguisher")
    assert q("Did the plumber arrive after the electrician left?").intent == "order"
    assert q("There's a drill on the slab. How long has it been on the ground?").intent == "state_duration"
    assert q("Is the lad in the blue vest over there currently taking a break?").intent == "is_working"
    found = q("When did the chippy knock off for his second smoko?").public()
    assert (found["event"], found["ordinal"]) == ("went_idle", 2)
    assert q("After the labourer climbed out of the trench, did he go back down in at any point?").intent == "returned"
    assert q("How long since the sparky took off out of it?").public()["event"] == "left"
    assert q("Where's the red extension cord got to? I need to run the grinder.").public()["subject"] == \
        {"label": "extension_cord", "attributes": {"colour": "red"}}
    assert q("Where did I leave my drill? The blue one.").public()["subject"]["attributes"] == {"colour": "blue"}
    assert q("Is the sledgehammer still where I left it?").public()["subject"]["label"] == "sledgehammer"


def test_the_nth_thing_an_event_happened_to() -> None:
    got = q("When did the second pallet get picked up?").public()
    assert (got["event"], got["ordinal"]) == ("picked_up", 2)
    assert q("did the ladder get moved after I first saw the scaffold?").public()["other"]["ordinal"] is None


def test_normalise_numbers_times_and_typos() -> None:
    assert normalise("where's the laddder at three fifteen") == "where is the ladder at 3:15"
    assert normalise("Two minutes ago") == "2 minutes ago"
    assert normalise("between one twenty and four thirty-five") == "between 1:20 and 4:35"
    assert normalise("the second course") == "the second course"  # an English word is not 'corrected'
    # "knocked off for a smoke" in the tense of its clause: after "has", gone; after "since", went
    assert normalise("has the roofer knocked off for his tea?") == "has the roofer gone on a break"
    assert normalise("how long has it been since he knocked off for a smoke?") == "how long has it been since he went on a break"


def test_a_state_asked_in_the_present_is_its_current_spell_in_the_past_its_last() -> None:
    u = QuestionUnderstander()
    assert u.understand("how long is the drill on the floor already").spell == "current"
    assert u.understand("for how long the ladder is on the ground?").spell == "current"
    assert u.understand("how long lay the ladder on the ground").spell == "last"


def test_common_words_texted_without_vowels() -> None:
    # the consonants of a common word, the most likely one first; a site initialism keeps its meaning
    assert normalise("hw lng ws the ldr on grnd") == "how long was the ladder on ground"
    assert normalise("did sum1 mv the drill nxt to me") == "did someone move the drill next to me"
    assert normalise("green hv guy idle hw lng") == "green hi-vis guy idle how long"
    q = QuestionUnderstander().understand("hw lng ws the ldr on the grnd").public()
    assert (q["intent"], q["subject"], q["state"]) == ("state_duration", {"label": "ladder", "attributes": {}},
                                                       "on_ground")


def test_misspellings_too_far_to_type_are_matched_by_sound() -> None:
    # none of these spellings is in the corpus or a table, and each is too many letters off for the nearest
    # spelling: the nearest spelling that sounds the same
    assert normalise("were is the konkreet mixer") == "where is the concrete mixer"
    assert normalise("is the exkavaiter behind me") == "is the excavator behind me"
    assert normalise("in the last 5 minits") == "in the last 5 minutes"
    # sounding alike is not enough: a short key or an English plural stays as written
    assert normalise("where is the bakkie") == "where is the bakkie"
    assert normalise("how many trolleys") == "how many trolleys"
    q = QuestionUnderstander().understand("how long has the exkavaiter been parked in the last ten minits").public()
    assert (q["intent"], q["subject"], q["window"]) == ("state_duration", {"label": "excavator", "attributes": {}},
                                                         [{"t": None, "ago_s": 600.0}, None])


@pytest.mark.parametrize(
    ("text", "intent", "fields"),
    [
        ("which way's the drill", "direction_of", {"subject": {"label": "drill", "attributes": {}}}),
        ("the electrician left when?", "event_time", {"event": "left"}),
        ("are the barriers where they were at 3:00?", "still_there", {"time": {"t": 180.0, "ago_s": None}}),
        ("how much of the last half hour was the labourer working?", "spell_duration",
         {"spell": "total", "window": [{"t": None, "ago_s": 1800.0}, None]}),
        ("what's behind me right now", "things_in_direction", {"direction": "behind"}),
        ("anything up ahead a bit to the left?", "things_in_direction", {"direction": "front-left"}),
        ("remind me where I left the hammer", "where", {"subject": {"label": "hammer", "attributes": {}}}),
        ("toolbox?", "where", {}),
        ("is the ladder still where it was at 4:15", "still_there", {"time": {"t": 255.0, "ago_s": None}}),
        ("when was the third course finished", "event_time", {"event": "work_unit", "unit": "course", "ordinal": 3}),
        ("when did the guy in orange get back to work after his break", "event_time", {"event": "resumed_working"}),
        ("how long since I saw the wheelbarrow", "time_since", {"event": "last_seen"}),
        ("how long was the drill lying on the ground", "state_duration", {"state": "on_ground"}),
        ("did the drill get dropped before the ladder was moved?", "order", {"relation": "before"}),
        ("is the lad in the yellow vest slacking?", "is_working", {"state": "idle"}),
        ("how long has the worker in orange been idle", "spell_duration", {"spell": "current", "state": "idle"}),
        ("how long was he idle altogether", "spell_duration", {"spell": "total"}),
        ("how long was his second idle spell", "spell_duration", {"spell": "nth", "ordinal": 2}),
        ("have I seen this guy before", "same_individual", {}),
        ("how many different ladders were there", "count_distinct", {"subject": {"label": "ladder", "attributes": {}}}),
        # a thing outside the contract's labels is named by its whole noun phrase; a contract label keeps its name
        ("how long ago did the concrete truck show up", "time_since", {"subject": {"label": "concrete_truck", "attributes": {}}}),
        ("point me toward the trench box", "direction_of", {"subject": {"label": "trench_box", "attributes": {}}}),
        ("where is the trench ladder", "where", {"subject": {"label": "ladder", "attributes": {}}}),
        # speech mis-hearings, calques, dashes of self-correction, spans of bare durations
        ("which ways the later from me", "direction_of", {"subject": {"label": "ladder", "attributes": {}}}),
        ("when did the guy take his hard had off", "event_time", {"event": "ppe_removed"}),
        ("Where is the guy of the yellow vest?", "where", {"subject": {"label": "worker", "attributes": {"vest": "yellow"}}}),
        ("Is the wheelbarrow \u2014 no, hang on, the hammer \u2014 still where it was?", "still_there",
         {"subject": {"label": "hammer", "attributes": {}}}),
        ("how many diff lads between 2 mins and 6 mins", "count_distinct", {"window": [{"t": 120.0, "ago_s": None},
                                                                                 {"t": 360.0, "ago_s": None}]}),
        ("Before I sign off the permit: is the trench box still where it was first set?", "still_there", {}),
        ("How long since I set the laser level down?", "time_since", {"event": "dropped"}),
        ("What time did I pick the laser level back up?", "event_time", {"event": "picked_up"}),
        ("Did the cable puller go back to the cable drum after he'd been in the trench?", "returned",
         {"other": {"subject": {"label": "cable_drum", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        # "is <someone> the one who ...": the person compared with is named by what they did to a thing
        ("is the guy in orange the one who moved the wheelbarrow", "same_individual",
         {"subject": {"label": "worker", "attributes": {"vest": "orange"}},
          "other": {"subject": {"label": "wheelbarrow", "attributes": {}}, "event": "moved", "unit": None, "ordinal": None}}),
        ("Is he the one who moved the wheelbarrow?", "same_individual", {"subject": {"label": "worker", "attributes": {}}}),
        ("Is the fixer in the white hat the one who guided the first unit in?", "same_individual",
         {"other": {"subject": None, "event": "work_unit", "unit": "unit", "ordinal": 1}}),
        ("Is this the same worker who was down in the pit earlier?", "same_individual",
         {"other": {"subject": {"label": "worker", "attributes": {}}, "event": "entered_zone", "unit": None, "ordinal": None}}),
        # returning to one's own place: where he stood about; where he was before an event
        ("Has the banksman gone back to the spot where he was stood about?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "banksman"}, "event": "went_idle",
                    "unit": None, "ordinal": None}}),
        ("Did the fixer in the orange hat go back to where he was before the lift?", "returned", {"relation": "before"}),
        # session 28's general forms: texting shorthand, a calque of "since", base-form events, a bare topic
        ("orng vest guy which way", "direction_of", {"subject": {"label": "worker", "attributes": {"vest": "orange"}}}),
        ("what's front rt of me", "things_in_direction", {"direction": "front-right"}),
        ("from how many minutes the drill was dropped?", "time_since", {"event": "dropped"}),
        ("how much time passed after the wheelbarrow was moved?", "time_since", {"event": "moved"}),
        ("inspector leave when?", "event_time", {"event": "left"}),
        ("mason start when", "event_time", {"event": "started_working"}),
        ("the mason when he back to the work after the tea break?", "event_time", {"event": "resumed_working"}),
        ("when somebody picked the drill from the floor?", "event_time", {"event": "picked_up"}),
        ("laser level - where'd i set it", "where", {"subject": {"label": "laser_level", "attributes": {}}}),
        ("the water cooler nobody move it until now?", "still_there", {}),
        ("laborer back in trench since he climbed out?", "returned", {}),
        ("the man which not wearing helmet, i look which way to find him?", "direction_of",
         {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("pour still on for fri?", "unknown", {}),
        ("and that one, where?", "unknown", {}),
        # session 29's general forms: "the same" as a pronoun, a second visit without "back", a negative with a tag,
        # search keywords, a quantity of a material, things described by their looks, th- said as d, calques
        ("The cable drum was near the hoist, kindly find out where the same has been kept.", "where",
         {"subject": {"label": "cable_drum", "attributes": {}}}),
        ("has the fixer again gone inside the pit after he came out of it", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "steel fixer"}, "event": "left_zone",
                    "unit": None, "ordinal": None}}),
        ("The banksman wasn't on his break long, was he?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("There weren't more than a few different people without vests, were there?", "count_distinct",
         {"subject": {"label": "worker", "attributes": {"vest": "none"}}}),
        ("It's not been long since anybody saw the grinder, has it?", "time_since", {"event": "last_seen"}),
        ("The mixer isn't not where it was at 2:00, is it?", "still_there", {}),
        ("generator last known location", "where", {"subject": {"label": "generator", "attributes": {}}}),
        ("visitors since 0:30 number distinct", "count_distinct", {"window": [{"t": 30.0, "ago_s": None}, None]}),
        ("how long did that roll of membrane lie on the ground", "state_duration",
         {"subject": {"label": "membrane", "attributes": {}}, "state": "on_ground"}),
        ("which way is the big yellow digging machine", "direction_of",
         {"subject": {"label": "excavator", "attributes": {"colour": "yellow"}}}),
        ("the fella wit no hard hat, where is he", "where", {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("since how much time I don't see the grinder?", "time_since", {"event": "last_seen"}),
        ("he liming again?", "is_working", {"state": "idle"}),
        ("Did the plumber take his helmet off before the crane first came into view (please note for the log)?", "order",
         {"other": {"subject": {"label": "crane", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        ("Is the mixer still exactly where it was at 1:00? Strictly yes or no.", "still_there", {}),
        ("What time did the chippy take off for the day?", "event_time", {"event": "left"}),
        # session 30's general forms: "at the start" is where a thing was first seen, plurals in -ies, the way out
        # told before the asking, verb-second "works he", a filler before a number, "not wearing his hat" as a state
        ("is the wheelbarrow still where it was at the beginning", "still_there", {"time": None}),
        ("how many different lorries came in", "count_distinct", {"subject": {"label": "lorry", "attributes": {}}}),
        ("the scaffolder climbed out of the pit, has he gone back in since?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "scaffolder"}, "event": "left_zone",
                    "unit": None, "ordinal": None}}),
        ("The plasterer, works he at the moment?", "is_working", {}),
        ("how many cones were there in the last like 20 minutes", "count_distinct",
         {"window": [{"t": None, "ago_s": 1200.0}, None]}),
        ("how long has the fixer not been wearing his hardhat", "state_duration", {"state": "without_ppe"}),
        ("is the gateman just sat around", "is_working", {"state": "idle"}),
        # session 31's general forms: Black Country spellings said as typed, a preamble the question points back
        # into, "the one as", hours and minutes, a formal register, the wearer's left, "before he stopped"
        ("wheer's the whacker plate got to", "where", {"subject": {"label": "whacker_plate", "attributes": {}}}),
        ("how long's it bin since the banksman was about?", "time_since", {"event": "last_seen"}),
        ("Once the labourer got out the hole, did he go back down it again?", "returned", {}),
        ("Before the inspector comes round, where is the drill?", "where", {"subject": {"label": "drill", "attributes": {}}}),
        ("That lad stood in front of me, is he the one as took his lid off before?", "same_individual", {}),
        ("Is the brickie the same lad I saw an hour and five minutes in?", "same_individual", {"time": {"t": 3900.0, "ago_s": None}}),
        ("For what period has the labourer been idle up to the present?", "spell_duration", {"spell": "current"}),
        ("How long prior to the present was the drill set down?", "time_since", {"event": "dropped"}),
        ("Does the toolbox remain, as of now, in the position it occupied at 00:03:40?", "still_there", {"time": {"t": 220.0, "ago_s": None}}),
        ("Please enumerate the items recorded to the wearer's left.", "things_in_direction", {"direction": "left"}),
        ("Steel fixer work how long before he stop?", "spell_duration", {"spell": "last"}),
        ("Is the person in the yellow vest and white helmet working?", "is_working",
         {"subject": {"label": "worker", "attributes": {"vest": "yellow", "hat_colour": "white"}}}),
        ("Where's the fixer got to, he was here before his dinner", "where", {}),
        ("How many bricks will we want for the back wall?", "unknown", {}),
        # round 54's: French-shaped "it has five minutes" (ago), "the 15 last minutes", "1h02", "it makes how long that",
        # "is it that ..."; "how long now I don't see him"; "bugger off home"; "hard at it"; "begin her break"
        ("The hammer, it is still where it was it has five minutes?", "still_there", {"time": {"t": None, "ago_s": 300.0}}),
        ("How many different wheelbarrows there was in the 20 last minutes?", "count_distinct",
         {"window": [{"t": None, "ago_s": 1200.0}, None]}),
        ("The guy behind me, it is the same one than at 1h02?", "same_individual", {"time": {"t": 3720.0, "ago_s": None}}),
        ("It makes how long that the electrician went away from the site?", "time_since", {}),
        ("It makes how long that the mason is working without stopping?", "spell_duration", {"spell": "current"}),
        ("Is it that the plumber works right now?", "is_working", {}),
        ("The ladder, how long time now I don't see him?", "time_since", {"event": "last_seen"}),
        ("When'd the visitor bugger off home?", "event_time", {"event": "left"}),
        ("Chur, is me mate hard at it?", "is_working", {}),
        ("When did the lady in the white helmet begin her break?", "event_time", {"event": "went_idle"}),
        ("Is there anything at my ten o'clock worth noting?", "things_in_direction", {"direction": "front-left"}),
        ("When we will finish the third floor, you think?", "unknown", {}),
        # note-taking shorthand: "dur", "tot", "L/R of me", "bhd", "no. of", "yel"
        ("wkr idle dur", "spell_duration", {"state": "idle"}),
        ("idle tot dur labourer", "spell_duration", {"spell": "total"}),
        ("whats L of me", "things_in_direction", {"direction": "left"}),
        ("R of me?", "things_in_direction", {"direction": "right"}),
        ("bhd me?", "things_in_direction", {"direction": "behind"}),
        ("no. of wkrs seen", "count_distinct", {"subject": {"label": "worker", "attributes": {}}}),
        ("hat off when - wkr yel vest", "event_time", {"subject": {"label": "worker", "attributes": {"vest": "yellow"}}}),
        # session 32: Southern "start loafin'", "climb on down", "ol' boy", "hands"; reasons after the question
        ("What time did the carpenter start loafin'?", "event_time", {"event": "went_idle"}),
        ("when did the welder start chilling", "event_time", {"event": "went_idle"}),
        ("When did ol' boy climb on down in the hole?", "event_time", {"event": "entered_zone"}),
        ("How many hands we got standin' around without a hardhat?", "count_distinct",
         {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("Did the fella in green show up before the surveyor left, 'cause I reckon he was late?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "surveyor"}, "event": "left", "unit": None,
                    "ordinal": None}}),
        ("How long has the level been sittin' out there in the mud?", "state_duration", {"state": "on_ground"}),
        ("Is the plumber still at his bench doing his work?", "is_working", {}),
        # topic first, the question last
        ("the bucket, someone move it, now where?", "where", {}),
        ("the truck, it go out from site how long ago?", "time_since", {"event": "left"}),
        ("yellow vest guy, I not see him how long?", "time_since", {"event": "last_seen"}),
        ("the digger driver, his break before, how long?", "spell_duration", {"spell": "last"}),
        ("red hat guy, last 20 minute, he idle how long?", "spell_duration",
         {"spell": "total", "window": [{"t": None, "ago_s": 1200.0}, None]}),
        ("that man, he the one drop the hammer?", "same_individual", {}),
        ("the brick man, which way from me?", "direction_of",
         {"subject": {"label": "worker", "attributes": {}, "role": "bricklayer"}}),
        ("the thing hanging from the crane, where now?", "where", {"subject": {"label": "suspended_load", "attributes": {}}}),
        ("how many block more we need for finish the wall?", "unknown", {}),
        ("how much has the foreman been sitting around in the last 5 mins", "spell_duration", {"spell": "total"}),
        # shorthand: "wk", "brk", "aft", "b4", "whr", "fr-R", "back L", "@4m10", "wkr no lid"
        ("wkr took vest off b4 going in pit?", "order", {"event": "ppe_removed"}),
        ("any objs back L", "things_in_direction", {"direction": "behind-left"}),
        ("stuff fr-L?", "things_in_direction", {"direction": "front-left"}),
        ("drill still same spot as @4m10?", "still_there", {"time": {"t": 250.0, "ago_s": None}}),
        ("wkr no lid - where?", "where", {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("wkr revisit hammer drop spot?", "returned", {"other": {"subject": {"label": "hammer", "attributes": {}},
                                                                 "event": "dropped", "unit": None, "ordinal": None}}),
        # round 56's voices: Scots "lang", "-nae", "ah"; formal reports; fast typing; spelling as said
        ("How lang has the shovel been lyin there?", "state_duration", {"state": "on_ground"}),
        ("The skip hasnae been shifted, has it?", "still_there", {}),
        ("How many cones did ye count up tae the 3 minute mark?", "count_distinct",
         {"window": [None, {"t": 180.0, "ago_s": None}]}),
        ("Where's the lanyard ah left on the second lift?", "where", {"subject": {"label": "lanyard", "attributes": {}}}),
        ("Kindly tell me which way the rigger is, the one who is wearing the red vest.", "direction_of", {}),
        ("I left the grinder by the van. Is it there still?", "still_there", {}),
        ("How long did the plasterer work before he first stopped?", "spell_duration", {"spell": "nth", "ordinal": 1}),
        ("Report the duration of non-compliance for the welder with respect to vest use.", "state_duration",
         {"state": "without_ppe"}),
        ("Has the generator been relocated since it was first observed? Confirm.", "still_there", {}),
        ("How long was the labourer inside the trench during his first entry?", "state_duration",
         {"spell": "nth", "ordinal": 1}),
        ("Document the length of the banksman's first idle period.", "spell_duration", {"spell": "nth", "ordinal": 1}),
        ("foreman back already where he was before he go in pit?", "returned", {}),
        ("electrician take break before first course done or not?", "order", {"event": "went_idle"}),
        ("last 10 mins how much time welder sitting only?", "spell_duration", {"state": "idle", "spell": "total"}),
        ("wers the blu bucket", "where", {"subject": {"label": "bucket", "attributes": {"colour": "blue"}}}),
        ("is the hamer stil were it was haf an our ago", "still_there", {"time": {"t": None, "ago_s": 1800.0}}),
        ("how many wurkers come thru sinse 10 45", "count_distinct", {"window": [{"t": 645.0, "ago_s": None}, None]}),
        ("how long did the labrer werk befor he stopt", "spell_duration", {"state": "working"}),
        # round 57's voices: Afrikaans-, Polish-, Irish-, Spanish-shaped English; a remark after the question
        ("When did the carpenter go sit for his tea break?", "event_time", {"event": "went_idle"}),
        ("What time did the surveyor push off from site?", "event_time", {"event": "left"}),
        ("The oke in the blue, was he back in the trench since he climbed out?", "returned", {}),
        ("How long is he already sitting there, the oke in the yellow?", "spell_duration", {"state": "idle"}),
        ("which way I must go for ladder?", "direction_of", {"subject": {"label": "ladder", "attributes": {}}}),
        ("this worker, how long without vest he was in total?", "state_duration", {"state": "without_ppe"}),
        ("man in orange, he went again in pit after he came out?", "returned", {}),
        ("the fixer is sleeping again?", "is_working", {"state": "idle"}),
        ("how many blocks is in one pallet normally?", "unknown", {}),
        ("Was the hammer long lying in the mud?", "state_duration", {"state": "on_ground"}),
        ("How long was yer man in the pit between the 2 and the 9 minute mark?", "state_duration",
         {"window": [{"t": 120.0, "ago_s": None}, {"t": 540.0, "ago_s": None}]}),
        ("Was yer man in the green back over where the drill got dropped?", "returned", {}),
        ("Is the young lad after going back into the trench since he came out of it?", "returned", {}),
        ("Is the chippy doing a tap at all?", "is_working", {}),
        ("Is yer man in the orange hi-vis at it, or is he on the phone?", "is_working", {}),
        ("How long is the labourer stood there doing nothing?", "spell_duration", {"spell": "current"}),
        ("How long was the fixer idle altogether since the half hour mark?", "spell_duration",
         {"window": [{"t": 1800.0, "ago_s": None}, None]}),
        ("How long ago did the surveyor leave? The boss will want to know, he always does.", "time_since", {"event": "left"}),
        ("Tell me true, because I've no wish to walk all that way: in what direction is the banksman from me?",
         "direction_of", {}),
        ("The fellow leaning on the fence, how long's he been at that now without doing a stroke?", "spell_duration",
         {"state": "idle"}),
        ("The buckets orange are behind me?", "direction_of", {"subject": {"label": "bucket", "attributes": {"colour": "orange"}}}),
        ("There is something in front of me on the side left?", "things_in_direction", {"direction": "front-left"}),
        ("What passed with the drill?", "where", {}),
        ("Where went to stop the hose green?", "where", {"subject": {"label": "hose", "attributes": {"colour": "green"}}}),
        ("The toolbox continues in the place where I saw it the first time?", "still_there", {}),
        ("When the carpenter returned to work after he rested?", "event_time", {"event": "resumed_working"}),
        ("At what time the man of the vest blue got inside of the trench?", "event_time", {"event": "entered_zone"}),
        ("Adding all, how much time the man of the helmet yellow was without the vest?", "state_duration",
         {"spell": "total"}),
        ("The welder stays there without do nothing?", "is_working", {"state": "idle"}),
        ("The first break of the labourer, how much it lasted?", "spell_duration", {"spell": "nth", "ordinal": 1}),
        # round 58's voices: Jamaican by voice, Indian English, Welsh word order, German-shaped English, Singlish
        ("When di mixer first show up?", "event_time", {"event": "first_seen"}),
        ("Di man pon mi right, a him mi see at 4:10?", "same_individual", {"direction": "right"}),
        ("Di plumber wid di blue hat a rest?", "is_working", {"state": "idle"}),
        ("Kindly tell since how much time the hammer has not been seen by the camera.", "time_since", {"event": "last_seen"}),
        ("Kindly calculate the total working time of the carpenter between 1:00 and 6:30.", "spell_duration", {"spell": "total"}),
        ("Whether the labourer is doing time pass?", "is_working", {"state": "idle"}),
        ("How long is it since the plasterer packed in?", "time_since", {"event": "stopped_working"}),
        ("How long's the welder been stood there with no hard hat on?", "state_duration", {"state": "without_ppe"}),
        ("After the first course went down it was, that the boyo in red took his hat off, was it?", "order",
         {"event": "ppe_removed"}),
        ("Before the lad in blue went into the trench, was the drill picked up?", "order", {"event": "picked_up"}),
        ("Did he go back by there, the lad in green, where he took his lid off?", "returned",
         {"subject": {"label": "worker", "attributes": {"vest": "green"}}}),
        ("Has the woman in the red vest come back to the place where I have seen her first?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"vest": "red"}}, "event": "first_seen", "unit": None,
                    "ordinal": None}}),
        ("Was the banksman once more in the trench after he has climbed out?", "returned", {}),
        ("How long has the plasterer worked in total between minute 2:20 and 8:15?", "spell_duration",
         {"window": [{"t": 140.0, "ago_s": None}, {"t": 495.0, "ago_s": None}]}),
        ("Since how long works the mason without a break?", "spell_duration", {"state": "working"}),
        ("How many blocks will we lay until Thursday?", "unknown", {}),
        ("the ladder move first then drill drop, correct or not?", "order", {"event": "moved"}),
        ("the uncle no helmet one just standing there only is it?", "is_working", {"state": "idle"}),
        ("just now the guy in red vest rest how long?", "spell_duration", {"spell": "last"}),
        ("the one at my front left same as the one who move the ladder?", "same_individual",
         {"subject": {"label": "worker", "attributes": {}}}),
        ("first 15 min how many different people come in?", "count_distinct", {"window": [None, {"t": 900.0, "ago_s": None}]}),
        # round 59's voices: simple site English, Boston r-dropping, Korean-shaped verb-last English, Cockney, email style
        ("red vest man go back where he was resting before?", "returned", {}),
        ("ladder fall how long before sir?", "time_since", {}),
        ("bucket 5 minute before was on pallet, now also there?", "still_there", {"time": {"t": None, "ago_s": 300.0}}),
        ("green vest man go from site after ladder fall down?", "order", {"event": "left"}),
        ("the boy without vest, he is free now?", "is_working", {"state": "idle"}),
        ("plumber is resting, how many minute now?", "spell_duration", {"spell": "current"}),
        ("white vest man come again the place where he take off helmet?", "returned", {}),
        ("second line of brick finish what time?", "event_time", {"event": "work_unit", "ordinal": 2}),
        ("how long since I seen the hammuh?", "time_since", {"subject": {"label": "hammer", "attributes": {}}}),
        ("which way's the guy in the yellah vest from heah?", "direction_of",
         {"subject": {"label": "worker", "attributes": {"vest": "yellow"}}}),
        ("wheah's the grindah at?", "where", {"subject": {"label": "grinder", "attributes": {}}}),
        ("Scaffolder, his work when started?", "event_time", {"event": "started_working"}),
        ("Red vest guy, hard hat when he removed?", "event_time", {"event": "ppe_removed"}),
        ("Welder, from trench out when he came?", "event_time", {"event": "left_zone"}),
        ("Ladder moving, labourer leaving site before it was?", "order", {"event": "moved"}),
        ("Carpenter, where he was standing idle, that place again he went?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "carpenter"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("Welder, trench out came, after that again inside he went?", "returned", {}),
        ("Rebar spacing, by code maximum how many mm?", "unknown", {}),
        ("Point us at the barrer, I've lost me bearings.", "direction_of", {"subject": {"label": "wheelbarrow", "attributes": {}}}),
        ("Did that plonker nip back down the hole after 'e got out of it?", "returned", {}),
        ("Quick one: is the chap in the red vest taking it easy at the moment?", "is_working", {"state": "idle"}),
        # round 60's voices: Portuguese- and Arabic-shaped English, voice-to-text mishearings, Queensland slang
        ("the guy in red came back in the place where he took off the helmet?", "returned", {}),
        ("the guy without vest, he is stopped now?", "is_working", {"state": "idle"}),
        ("have how much time that the guy with the green vest came out from the hole?", "time_since", {}),
        ("the concrete truck went away have how long?", "time_since", {}),
        ("in my front what have, you can say me?", "things_in_direction", {"direction": "front"}),
        ("point for me where is the ladder please", "direction_of", {}),
        ("the kid dropped the drill after the foreman left or no?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "foreman"}, "event": "left", "unit": None,
                    "ordinal": None}}),
        ("The second course was laid before the mason take his break or no?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "bricklayer"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("The guy in red vest, since how much he take off the helmet?", "time_since", {"event": "ppe_removed"}),
        ("How much minutes passed from the hammer was dropped?", "time_since", {"event": "dropped"}),
        ("This man on my left, he is the welder of before?", "same_individual", {}),
        ("how many blokes have come through in the last half our", "count_distinct", {"window": [{"t": None, "ago_s": 1800.0}, None]}),
        ("how long a go did the labourer climb out of the french", "time_since", {"event": "left_zone"}),
        ("is their anything off to my front write", "things_in_direction", {"direction": "front-right"}),
        ("witch way is the guy with no heart hat", "direction_of", {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("How long since the chippy shot through?", "time_since", {"event": "left"}),
        ("When did the labourer start bludgin?", "event_time", {"event": "went_idle"}),
        ("Whose shout is it at the pub?", "unknown", {}),
        # word order of other languages: the verb first (V2) or last, a tag question after "left"
        ("Came the banksman back to the place where the pallet was set down?", "returned",
         {"other": {"subject": {"label": "pallet", "attributes": {}}, "event": "dropped", "unit": None, "ordinal": None}}),
        ("The labourer in yellow, to the spot where the shovel was dropped, he came back?", "returned",
         {"subject": {"label": "worker", "attributes": {"vest": "yellow"}, "role": "labourer"},
          "other": {"subject": {"label": "shovel", "attributes": {}}, "event": "dropped", "unit": None, "ordinal": None}}),
        ("the lad in blue, he come again where I see him first time?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"vest": "blue"}}, "event": "first_seen", "unit": None,
                    "ordinal": None}}),
        ("When pulled the man in grey off his hard hat?", "event_time", {"event": "ppe_removed"}),
        ("The roofer, his helmet how long ago he took off?", "time_since", {"event": "ppe_removed"}),
        ("Did the chippy get his break before the third course was done?", "order",
         {"other": {"subject": {"label": "brick_wall", "attributes": {}}, "event": "work_unit", "unit": "course",
                    "ordinal": 3}}),
        ("did the man in green go back to where he was sitting having his smoko?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"vest": "green"}}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("How much time is passed from the ladder was moved?", "time_since", {"event": "moved"}),
        ("The grinder came before the welder left, is it so?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "welder"}, "event": "left", "unit": None,
                    "ordinal": None}}),
        # a thing named first, as a topic, by a compound noun outside the vocabulary
        ("Pipe clamp, which side of me?", "direction_of", {"subject": {"label": "pipe_clamp", "attributes": {}}}),
        ("hose reel now where", "where", {"subject": {"label": "hose_reel", "attributes": {}}}),
        ("Red fuel can still in the same place?", "still_there", {"subject": {"label": "fuel_can", "attributes": {"colour": "red"}}}),
        ("Is the lifting chain still hanging by the scaffold?", "still_there",
         {"subject": {"label": "lifting_chain", "attributes": {}}}),
        # "before" and "after" after their clause; events said verb last
        ("Ladder moving before, the rigger his hat took off?", "order",
         {"subject": {"label": "worker", "attributes": {}, "role": "rigger"}, "event": "ppe_removed", "relation": "before",
          "other": {"subject": {"label": "ladder", "attributes": {}}, "event": "moved", "unit": None, "ordinal": None}}),
        ("Did the drill get dropped before the welder's break go?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "welder"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("First block go down before the dumper arrive?", "order",
         {"event": "work_unit", "unit": "block", "ordinal": 1,
          "other": {"subject": {"label": "dumper", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        ("Was the ladder moved before the banksman arrived, or was it not?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "banksman"}, "event": "first_seen",
                    "unit": None, "ordinal": None}}),
        # a meal for the break it is; spells said in other words
        ("Is the chippy on dinner?", "is_working", {"state": "idle"}),
        ("How long was the labourer's second tea?", "spell_duration", {"state": "idle"}),
        ("How long has the lad in blue been idle - not overall, just this time?", "spell_duration", {"spell": "current"}),
        ("plasterer idle so far", "spell_duration", {"state": "idle", "spell": "current"}),
        ("In aggregate, how long was the man in red without his hard hat?", "state_duration",
         {"spell": "total"}),
        ("How long since the generator pickup?", "time_since", {"event": "picked_up"}),
        ("Man in grey vest, his hard hat when removed?", "event_time", {"event": "ppe_removed"}),
        ("Did the banksman go back to where he took his break after the lift?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "banksman"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        # a guess about what happened, said in the future perfect; a forecast stays unanswerable
        ("Where will the generator have got to by now?", "where", {"subject": {"label": "generator", "attributes": {}}}),
        ("Will the sparky have taken his lid off before the skip arrived?", "order",
         {"event": "ppe_removed", "relation": "before"}),
        ("How long would the joiner have been sat idle that last time?", "spell_duration", {"spell": "last"}),
        ("Will the skip still be where it was at 2:00?", "still_there", {"time": {"t": 120.0, "ago_s": None}}),
        ("Will the roof have been finished by Friday?", "unknown", {}),
        # the thing first, the question after it, without a verb
        ("grinder, still there or gone?", "still_there", {"subject": {"label": "grinder", "attributes": {}}}),
        ("the mixer, what happened to it?", "where", {"subject": {"label": "mixer", "attributes": {}}}),
        ("that scaffolder, no see how long?", "time_since", {"event": "last_seen"}),
        ("lad in the blue hat just standing or what?", "is_working", {"subject": {"label": "worker",
                                                                              "attributes": {"hat_colour": "blue"}}}),
        ("when bloke go down trench?", "event_time", {"event": "entered_zone"}),
        ("how long ago the driver go?", "time_since", {"event": "left"}),
        # the camera asked as a person; sides said side first
        ("Anything sat behind you I should worry about?", "things_in_direction", {"direction": "behind"}),
        ("Is the van over your left shoulder?", "direction_of", {"direction": "behind-left"}),
        ("Left side front, what's lying there?", "things_in_direction", {"direction": "front-left"}),
        ("Give me a bearing on the mixer.", "direction_of", {"subject": {"label": "mixer", "attributes": {}}}),
        # a thing that comes back to where it was; a trade the vocabulary lacked; spells and hats said otherwise
        ("Did the dumper come back to where it was loaded from?", "returned", {"subject": {"label": "dumper", "attributes": {}}}),
        ("How long was the porter in green idle in total?", "spell_duration",
         {"subject": {"label": "worker", "attributes": {"vest": "green"}, "role": "porter"}}),
        ("Did the plumber go back to where he'd been sat resting?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "plumber"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("The lad in red, his hard hat he took off when?", "event_time", {"event": "ppe_removed"}),
        ("How long ago did I first spot the telehandler?", "time_since", {"event": "first_seen"}),
        ("Spotter, how long since the toolbox was last seen?", "time_since",
         {"subject": {"label": "toolbox", "attributes": {}}, "event": "last_seen"}),
        ("Behind side on the right, anything lying there?", "things_in_direction", {"direction": "behind-right"}),
        ("In my front-right, what is there?", "things_in_direction", {"direction": "front-right"}),
        ("ladder how long ago move", "time_since", {"event": "moved"}),
        ("How long since the brickie put down the tools?", "time_since", {"event": "stopped_working"}),
        ("When was the crane driver last seen?", "event_time",
         {"subject": {"label": "worker", "attributes": {}, "role": "crane operator"}}),
        ("Lad in the yellow vest just stands around, right?", "is_working", {"state": "idle"}),
        ("Plasterer third break when had?", "event_time", {"event": "went_idle", "ordinal": 3}),
        # a break said as Romance languages say it; the verb before its subject
        ("When did the joiner go in pause?", "event_time", {"event": "went_idle"}),
        ("Is come back the fixer to the place where he is in pause before?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "steel fixer"}, "event": "went_idle",
                    "unit": None, "ordinal": None}}),
        ("How long did the tiler's mug-up last?", "spell_duration", {"state": "idle"}),
        # a statement checked; a window from a time with no end; "that time" is the last spell
        ("Correct me if I'm wrong, but the welder was in the pit a good ten minutes?", "state_duration",
         {"state": "in_zone"}),
        ("How many lads with no vest did I see from 3:00?", "count_distinct", {"window": [{"t": 180.0, "ago_s": None}, None]}),
        ("Is the lad on my left the same one from 3:00?", "same_individual", {"time": {"t": 180.0, "ago_s": None}}),
        ("scaffolder, before he start again, he rest how long that time?", "spell_duration", {"spell": "last"}),
        ("chippy no working how long in total?", "spell_duration", {"state": "idle"}),
        # corrections that name what is not meant; a thing named again with its colour
        ("Where's the, er, not the drill, the grinder, where's it got to?", "where",
         {"subject": {"label": "grinder", "attributes": {}}}),
        ("Is the ladder, the green ladder sorry, not the silver one, behind me?", "direction_of",
         {"subject": {"label": "ladder", "attributes": {"colour": "green"}}}),
        ("Didn't the plumber take his break before the skip was moved?", "order", {"event": "went_idle"}),
        ("hose pipe red one, where now?", "where", {"subject": {"label": "hose_pipe", "attributes": {"colour": "red"}}}),
        ("in front little bit right, anything there?", "things_in_direction", {"direction": "front-right"}),
        # North-East Scots (Doric): its wh-words start with f; read only beside another Doric word
        ("Fan did the mannie wi the reid vest gang intae the trench?", "event_time",
         {"event": "entered_zone", "subject": {"label": "worker", "attributes": {"vest": "red"}}}),
        ("Far's ma spirit level got tae?", "where", {"subject": {"label": "spirit_level", "attributes": {}}}),
        ("Foo lang syne did ye last see the barra?", "time_since", {"event": "last_seen"}),
        ("Is the ledder aye stannin far it wis?", "still_there", {"subject": {"label": "ladder", "attributes": {}}}),
        ("Fit wye's the skip fae me?", "direction_of", {"subject": {"label": "skip", "attributes": {}}}),
        ("Is the quine wi nae lid graftin?", "is_working", {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("Foo lang wis the brickie on his piece?", "spell_duration", {"state": "idle"}),
        # an engineer's notation: attributes in brackets, time as a function, intervals, signed sectors
        ("t(skip arrival)?", "event_time", {"event": "first_seen"}),
        ("dt(ladder moved -> now)?", "time_since", {"event": "moved"}),
        ("worker[vest=green] loc?", "where", {"subject": {"label": "worker", "attributes": {"vest": "green"}}}),
        ("barrow[colour=blue]: where now?", "where", {"subject": {"label": "wheelbarrow", "attributes": {"colour": "blue"}}}),
        ("t(drill dropped) < t(1st course done)?", "order", {"event": "dropped"}),
        ("+135 sector: what's there?", "things_in_direction", {"direction": "behind-right"}),
        ("sum idle t, labourer, t in [1:00, 4:30]?", "spell_duration",
         {"spell": "total", "window": [{"t": 60.0, "ago_s": None}, {"t": 270.0, "ago_s": None}]}),
        ("bricklayer: state == working?", "is_working", {"subject": {"label": "worker", "attributes": {}, "role": "bricklayer"}}),
        ("n diff. pallets up to t=600s?", "count_distinct", {"window": [None, {"t": 600.0, "ago_s": None}]}),
        # kin words for a workmate; a colour after its thing; "finish" marking a verb done; a break named by its drink
        ("how many brothers came through the gate today?", "count_distinct", {"subject": {"label": "worker", "attributes": {}}}),
        ("the hose reel green, where did it end up?", "where", {"subject": {"label": "hose_reel", "attributes": {"colour": "green"}}}),
        ("is the cone red still by the kerb?", "still_there", {"subject": {"label": "cone", "attributes": {"colour": "red"}}}),
        ("toolbox drop finish, how long ago?", "time_since", {"subject": {"label": "toolbox", "attributes": {}}, "event": "dropped"}),
        ("row two finish when?", "event_time", {"event": "work_unit", "unit": "course", "ordinal": 2}),
        ("the joiner, his coffee break finish, back work what time?", "event_time", {"event": "resumed_working"}),
        ("did the roofer come back to where he stood before his coffee break?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "roofer"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("is the lad going back to the place where the saw was dropped?", "returned", {"event": None}),
        ("since how long is the man in the grey vest sitting?", "spell_duration", {"state": "idle", "spell": "current"}),
        ("the foreman now, same man as 15 minute before?", "same_individual", {"time": {"t": None, "ago_s": 900.0}}),
        ("when somebody lifting the hammer off the ground?", "event_time", {"event": "picked_up"}),
        ("how long ago the crane is first coming on site?", "time_since", {"event": "first_seen"}),
        ("what happen to grinder?", "where", {"subject": {"label": "grinder", "attributes": {}}}),
        ("for the skip I go which way, tell me.", "direction_of", {"subject": {"label": "skip", "attributes": {}}}),
        ("the bucket sitting there still?", "still_there", {"subject": {"label": "bucket", "attributes": {}}}),
        ("when did he take his second breather?", "event_time", {"event": "went_idle", "ordinal": 2}),
        # "since when" with a present tense asks how long; "west" for vest; "putting on" for wearing; a thing named
        # first and asked about by pronoun; emoji for where and which side; compound sides said in two
        ("since when sits the rigger already idle?", "spell_duration", {"state": "idle", "spell": "current"}),
        ("since when the grinder is on the ground?", "state_duration", {"state": "on_ground", "spell": "current"}),
        ("where did the lad in the yellow west go?", "where", {"subject": {"label": "worker", "attributes": {"vest": "yellow"}}}),
        ("that woman not putting on a hard hat, which side is she?", "direction_of",
         {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("the joiner, has he stopped?", "is_working", {"state": "idle"}),
        ("the mixer, is it that it has moved?", "still_there", {"subject": {"label": "mixer", "attributes": {}}}),
        ("sparky already back at work?", "is_working", {"state": "working"}),
        ("have the barriers stayed where they were?", "still_there", {"subject": {"label": "barrier", "attributes": {}}}),
        ("when did the plasterer sit down for a rest?", "event_time", {"event": "went_idle"}),
        ("has the welder after the fitter begun working?", "order", {"event": "started_working", "relation": "after"}),
        ("hoist 📍?", "where", {"subject": {"label": "hoist", "attributes": {}}}),
        ("⬅️ anything there?", "things_in_direction", {"direction": "left"}),
        ("between my back and my right, what's lying about?", "things_in_direction", {"direction": "behind-right"}),
        ("left side but a bit further back, what is there?", "things_in_direction", {"direction": "behind-left"}),
        ("what's become o' the blue drum?", "where", {"subject": {"label": "drum", "attributes": {"colour": "blue"}}}),
        ("when did somebody shift 'em cones?", "event_time", {"event": "moved"}),
        ("the barrier which is orange, which way is it from me?", "direction_of",
         {"subject": {"label": "barrier", "attributes": {"colour": "orange"}}}),
        ("sparky gone back 2 where he was b4 lunch?", "returned", {"relation": "before"}),
        # "from when" for since when, with or without an article; a colour after its thing or in a relative clause;
        # a topic, then "where is"; Guyanese "whey ... deh"; a dropped verb before "back to work"; two-part sides
        ("from when is the grinder lying on the floor?", "state_duration", {"state": "on_ground", "spell": "current"}),
        ("from when scaffolder is inside the excavation?", "state_duration", {"state": "in_zone"}),
        ("the buckets which are with blue colour, where they are?", "where",
         {"subject": {"label": "bucket", "attributes": {"colour": "blue"}}}),
        ("grinder with green, which way from me?", "direction_of", {"subject": {"label": "grinder", "attributes": {"colour": "green"}}}),
        ("where's the skip with red cones round it?", "where", {"subject": {"label": "skip", "attributes": {}}}),
        ("mixer yellow, where is it?", "where", {"subject": {"label": "mixer", "attributes": {"colour": "yellow"}}}),
        ("whey de mixer deh now?", "where", {"subject": {"label": "mixer", "attributes": {}}}),
        ("the plumber back to work yet?", "is_working", {"state": "working"}),
        ("in front, on the right side, what is standing?", "things_in_direction", {"direction": "front-right"}),
        ("right side of me but more back, anything?", "things_in_direction", {"direction": "behind-right"}),
        ("how long has the plasterer been on the go since his break?", "spell_duration", {"state": "working"}),
        # Spanish-shaped topic first with "since when" and a present tense; "from what time" the same; compound sides
        # said apart; "backside"; taken from one place to another; "how long before" opening the question; jackets
        ("the hammer, since when it is lying on the ground?", "state_duration", {"state": "on_ground", "spell": "current"}),
        ("from what time the plumber is working without a break?", "spell_duration", {"state": "working"}),
        ("the generator, since when somebody moved it?", "time_since", {"event": "moved"}),
        ("back of me, right side, which things?", "things_in_direction", {"direction": "behind-right"}),
        ("is the mixer backside of me?", "direction_of", {"direction": "behind"}),
        ("when did they take the pallet from the gate to the other side?", "event_time", {"event": "moved"}),
        ("how long before the labourer took off his helmet?", "time_since", {"event": "ppe_removed"}),
        ("how many different guys in the orange jackets?", "count_distinct",
         {"subject": {"label": "worker", "attributes": {"vest": "orange"}}}),
        ("the tower crane, which way is it?", "direction_of", {"subject": {"label": "tower_crane", "attributes": {}}}),
        ("the bricklayer, he go back to work?", "is_working", {"state": "working"}),
        ("after the pallet was dropped, did the welder stop working?", "order", {"relation": "after", "event": "stopped_working"}),
        ("the one who moved the ladder, it is this man?", "same_individual", {"subject": {"label": "worker", "attributes": {}}}),
        # a person named by what they wear before them; Geordie "nee", "hoy", "marras", a closing "like" and "half an hour
        # since"; pidgin without tense; a machine that left is the other event's subject; minutes past 99 in H:MM:SS
        ("that vest wearing guy, is he idle?", "is_working", {"state": "idle"}),
        ("that hardhat wearing woman is which side of me?", "direction_of",
         {"subject": {"label": "worker", "attributes": {"hardhat": True}}}),
        ("how long was the no vest lad in the trench?", "state_duration",
         {"subject": {"label": "worker", "attributes": {"vest": "none"}}}),
        ("how long's the fella with nee lid been stood there, like?", "spell_duration",
         {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("when did ah hoy the hammer doon?", "event_time", {"event": "dropped"}),
        ("is the lad in orange the same one as an hour since?", "same_individual", {"time": {"t": None, "ago_s": 3600.0}}),
        ("how many marras came on site?", "count_distinct", {"subject": {"label": "worker", "attributes": {}}}),
        ("what's come of the spirit level?", "where", {"subject": {"label": "spirit_level", "attributes": {}}}),
        ("the forklift come in how long already?", "time_since", {"event": "first_seen"}),
        ("did the banksman leave after the excavator left?", "order",
         {"other": {"subject": {"label": "excavator", "attributes": {}}, "event": "left", "unit": None, "ordinal": None}}),
        ("between 1:10:00 and 1:45:00 how long was the plumber idle?", "spell_duration",
         {"window": [{"t": 4200.0, "ago_s": None}, {"t": 6300.0, "ago_s": None}], "spell": "total"}),
        ("the man front side of me, same one who dropped the drill?", "same_individual", {"direction": "front"}),
        # "lad" said to the listener, not about a worker; "on a go-slow"; finished as a yes-or-no; "even now"; verb second
        # ("when went he home"); the person named after the question; "the first stone"; "ago" before the number; an
        # either-or with "at my back"; back to the work; "went of the site"; a lunch as a spell; a bare colour after
        ("when did the skip get dropped off, lad?", "event_time", {"subject": {"label": "skip", "attributes": {}}}),
        ("is the scaffolder on a go-slow?", "is_working", {"state": "idle"}),
        ("has the plasterer finished?", "is_working", {"state": "idle"}),
        ("the roofer he is finish?", "is_working", {"state": "idle"}),
        ("the pallet is there even now, no?", "still_there", {"subject": {"label": "pallet", "attributes": {}}}),
        ("when went he home, the lad with no vest?", "event_time", {"event": "left"}),
        ("when began the roofer to work?", "event_time", {"event": "started_working"}),
        ("went the man in the red vest into the trench before the skip came?", "order", {"event": "entered_zone"}),
        ("when did he leave, the man in the green vest?", "event_time",
         {"event": "left", "subject": {"label": "worker", "attributes": {"vest": "green"}}}),
        ("when was the second stone laid?", "event_time", {"unit": "brick", "ordinal": 2}),
        ("is the generator still where it was ago ten minutes?", "still_there", {"time": {"t": None, "ago_s": 600.0}}),
        ("the man of the white helmet, he is on my left or at my back?", "direction_of", {"direction": None}),
        ("the plasterer, he returned to the work already?", "is_working", {"state": "working"}),
        ("how long since the roofer went of the site?", "time_since", {"event": "left"}),
        ("how long was the scaffolder's lunch?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("is the old fella still on his brew?", "is_working", {"state": "idle"}),
        ("cable reel yellow, where it is?", "where", {"subject": {"label": "cable_reel", "attributes": {"colour": "yellow"}}}),
        ("that elder brother went how long before?", "time_since", {"event": "left"}),
        # Orcadian ("whit wey", "whar", "hid", "noo", "min"); Bermudian ("back a me", "over there so", "sittin up", "it
        # gone?"); "doing duty", "sat free", "went off", "minutes back"; a side "but more towards back"; "first X, then Y";
        # "from that how much time"; "same who"; plural compound labels in the singular; a mixer truck is a concrete mixer
        ("whit wey's the generator fae me noo?", "direction_of", {"subject": {"label": "generator", "attributes": {}}}),
        ("whar's hid noo, the spirit level, min?", "where", {"subject": {"label": "spirit_level", "attributes": {}}}),
        ("is the pallet back a me?", "direction_of", {"direction": "behind"}),
        ("what time the roofer start sittin up?", "event_time", {"event": "went_idle"}),
        ("the drill, it gone?", "still_there", {"subject": {"label": "drill", "attributes": {}}}),
        ("the cones, where they gone?", "where", {"subject": {"label": "cone", "attributes": {}}}),
        ("the roofer is doing duty since how much time?", "spell_duration", {"state": "working", "spell": "current"}),
        ("the plasterer sat free before the skip was lifted?", "order", {"event": "went_idle"}),
        ("the engineer went off, how many minutes back it was?", "time_since", {"event": "left"}),
        ("anything on my left side but more towards back?", "things_in_direction", {"direction": "behind-left"}),
        ("first the ladder was moved, then the roofer took off helmet, is it right?", "order",
         {"relation": "before", "event": "moved"}),
        ("the roofer he stop work, from that how much time?", "time_since", {"event": "stopped_working"}),
        ("is the lad on my right the same who dropped the hammer?", "same_individual",
         {"subject": {"label": "worker", "attributes": {}}}),
        ("where are the scaffold tubes?", "where", {"subject": {"label": "scaffold_tube", "attributes": {}}}),
        # the radio ("..., over?", "say again, ...", "confirm?", "landed", "stood down", "got clear of the zone", clock
        # sectors "between my twelve and my three"); Cornish "emmet", "gone up the line", "'twas"; "on seat"; Khmer-shaped
        # "go sit rest", "take rest", "stand there how long"; a bare topic with "the orange one"; "worked without"
        ("when did the skip land, over?", "event_time", {"event": "dropped"}),
        ("say again, was the bundle lifted before the banksman got clear of the zone?", "order",
         {"event": "picked_up", "other": {"subject": {"label": "worker", "attributes": {}, "role": "banksman"},
                                          "event": "left_zone", "unit": None, "ordinal": None}}),
        ("rigger stood down, affirmative or negative?", "is_working", {"state": "idle"}),
        ("between my six and my nine, anything there? over", "things_in_direction", {"direction": "behind-left"}),
        ("between three and six minutes in, how long was the drill on the ground?", "state_duration",
         {"window": [{"t": 180.0, "ago_s": None}, {"t": 360.0, "ago_s": None}]}),
        ("when did the emmet go up the line?", "event_time", {"event": "left", "subject": {"label": "worker", "attributes": {},
                                                                                        "role": "visitor"}}),
        ("the roofer, he is on seat?", "is_working", {"state": "working"}),
        ("uncle roofer go sit rest before how many minute?", "time_since", {"event": "went_idle"}),
        ("hammer lie on floor since when?", "state_duration", {"state": "on_ground", "spell": "current"}),
        ("generator, the yellow one, where's it to?", "where", {"subject": {"label": "generator", "attributes": {"colour": "yellow"}}}),
        ("how long had the roofer worked without a hard hat in the last hour?", "state_duration", {"state": "without_ppe"}),
        ("the plasterer has come back from lunch, is she back to work?", "is_working", {"state": "working"}),
        ("man at my three, same one who dropped the drill?", "same_individual", {"subject": {"label": "worker", "attributes": {}}}),
        # sign and verb-last orders: "helmet not wearing man", "X. BEFORE THAT, Y? YES-NO", "PUT-DOWN FINISH", "COURSE
        # SECOND", "FLOOR LIE, SINCE WHEN", "BREAK FINISH, BACK WORK", "MAN RED HARDHAT", "rest when start", "how much
        # minute passed"; a choice ("doing something or just standing", "behind me or in front"); "that with the
        # blue vest"; "before a quarter"; "before he went for lunch" (the last spell); "delivered"; an appositive
        ("vest not wearing man, where is he now?", "where", {"subject": {"label": "worker", "attributes": {"vest": "none"}}}),
        ("vest not wearing man, where he is now?", "where", {"subject": {"label": "worker", "attributes": {"vest": "none"}}}),
        ("man not wearing a helmet is idle?", "is_working", {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        # Estuary glottal stops typed as apostrophes ("whi'e", "righ'", "i'", "star'"); Tok-Pisin-shaped "long time"
        # (how long), "is there yet" / "stop yet" (still), "come inside", "go for rest", "where he stop" (was), "course
        # number three"; "backside right", "front side left corner", "in front or in back"; "the pause" (break); "from
        # 1:10:00 on"; "still it is there?"; "ladder I have not seen since how long?"
        ("Where's the bloke in the whi'e lid go' to?", "where", {"subject": {"label": "worker", "attributes": {"hat_colour": "white"}}}),
        ("Wha's up front on me righ'?", "things_in_direction", {"direction": "front-right"}),
        ("Wha' time did the lad in the blue vest star' graftin'?", "event_time", {"event": "started_working"}),
        ("Back on i' ye', is he?", "is_working", {"state": "working"}),
        ("The skip, is i' off to me left or me righ'?", "direction_of", {"direction": None}),
        ("Hammer fall down finish, long time now?", "time_since", {"event": "dropped"}),
        ("This fella in yellow vest, long time he is sitting down now?", "spell_duration", {"state": "idle", "spell": "current"}),
        ("Toolbox I put down before, he is there yet?", "still_there", {"subject": {"label": "toolbox", "attributes": {}}}),
        ("The cones, they stop yet where they stop at 2:30?", "still_there", {"subject": {"label": "cone", "attributes": {}}}),
        ("The visitor come inside after the banksman go for rest, true or not?", "order",
         {"event": "first_seen", "relation": "after"}),
        ("The brickie go back to where he stop before he go for rest?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "bricklayer"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("Course number three of the wall finish what time?", "event_time", {"event": "work_unit", "unit": "course", "ordinal": 3}),
        ("The man with the yellow vest, what time he go out from the site finish?", "event_time", {"event": "left"}),
        ("The fellow on backside right, is he the same one who took his helmet off?", "same_individual", {"direction": "behind-right"}),
        ("What all is kept front side left corner?", "things_in_direction", {"direction": "front-left"}),
        ("Suspended load is where from me, in front or in back?", "direction_of", {"direction": None}),
        ("Man in red west went back where he was before the pause?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"vest": "red"}}, "event": "went_idle", "unit": None, "ordinal": None}}),
        ("At what time did the old man go and rest?", "event_time", {"event": "went_idle"}),
        ("How many workers in orange vest I saw from 1:10:00 on?", "count_distinct", {"window": [{"t": 4200.0, "ago_s": None}, None]}),
        ("Before ten minutes pallet was there near gate, still it is there?", "still_there", {"time": {"t": None, "ago_s": 600.0}}),
        ("Ladder I have not seen since how long?", "time_since", {"event": "last_seen"}),
        ("Since when the ladder is lying down on the ground?", "state_duration", {"state": "on_ground"}),
        ("Tell me one good story for the boys at smoko.", "unknown", {}),
        ("welder man long time not see, where is?", "where", {"subject": {"label": "worker", "attributes": {}, "role": "welder"}}),
        # Kannada-shaped verb-last ("helmet he removed when?", "for tea he went", "again work started", "before that itself",
        # "tea break how long the helper took?", "back side"); Ulster Scots "wheelbarra frae me", "forrit", "what come o'",
        # "all in" (in total), "first get stuck in"; New Zealand "going hard out"; Samoan-shaped "when the brick start to put?"
        ("Red jacket fellow helmet he removed when?", "event_time", {"event": "ppe_removed"}),
        ("Welder for tea he went at what time?", "event_time", {"event": "went_idle"}),
        ("Green jacket fellow after lunch again work started what time?", "event_time", {"event": "resumed_working"}),
        ("Mason went for lunch, before that itself first course finished?", "order",
         {"event": "work_unit", "unit": "course", "ordinal": 1, "relation": "before"}),
        ("Tea break how long the helper took?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("The fellow back side, same fellow who removed helmet earlier or different fellow?", "same_individual", {"direction": "behind"}),
        ("Owner sir is happy with the work or not?", "unknown", {}),
        ("what time the store close?", "unknown", {}),
        ("Whaur aboot's the wheelbarra frae me, what direction?", "direction_of", {"subject": {"label": "wheelbarrow", "attributes": {}}}),
        ("Anythin' forrit an' aff tae the left a wee bit?", "things_in_direction", {"direction": "front-left"}),
        ("What come o' the red cones?", "where", {"subject": {"label": "cone", "attributes": {"colour": "red"}}}),
        ("All in, how long was the labourer doon in the trench the day?", "state_duration", {"state": "in_zone", "spell": "total"}),
        ("When did the chippy first get stuck in this morning?", "event_time", {"event": "started_working", "ordinal": None}),
        ("How long's the brickie been going hard out with no break, eh?", "spell_duration", {"state": "working"}),
        ("When the brick start to put?", "event_time", {"event": "work_unit", "unit": "brick", "ordinal": 1}),
        # Bajan "tek he second break"; Ugandan "he is there seated" (idle), "where he was seated before"; French-shaped "it
        # is always where it was" (still), "he is in pause", "his pause, it lasted how much?"; "somebody picked it, how
        # long it is?" (since); "it is how long I saw him the last time?"; "since the start, how many ..." (no window);
        # "they started putting bricks"; "lying there on the floor since when?"; "taking his tea" (on a break)
        ("When de electrician tek he second break?", "event_time", {"event": "went_idle", "ordinal": 2}),
        ("The mason, he is there seated?", "is_working", {"state": "idle"}),
        ("He is there seated since what time, the one in green reflector?", "spell_duration", {"state": "idle", "spell": "current"}),
        ("The one with a white helmet, has he gone back to where he was seated before?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"hat_colour": "white"}}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("The brother with the white helmet, he went back to where he was sitting doing nothing?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"hat_colour": "white"}}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("The jerrycan, it is always where it was at 4min30?", "still_there", {"time": {"t": 270.0, "ago_s": None}}),
        ("Since how much time he is in pause, the man in blue?", "spell_duration", {"state": "idle", "spell": "current"}),
        ("The labourer, his pause, it lasted how much?", "spell_duration", {"state": "idle"}),
        ("The wheelbarrow, somebody picked it, how long it is?", "time_since", {"event": "picked_up"}),
        ("The brother with the orange vest, it is how long I saw him the last time?", "time_since", {"event": "last_seen"}),
        ("Since the start, how many different workers you saw?", "count_distinct", {"window": None}),
        ("They started putting bricks what time?", "event_time", {"event": "work_unit", "unit": "brick", "ordinal": 1}),
        ("The spade is lying there on the floor since when?", "state_duration", {"state": "on_ground", "spell": "current"}),
        ("The welder is taking his tea now?", "is_working", {"state": "idle"}),
        # Belizean Kriol: "mi" before a verb is the past ("he mi go back": went back), "di" the ongoing ("ih di work"), "ih" is he or
        # it, "backa" behind, "gaan" gone; Sunderland "me" for my, "some bugger will have ..." (what happened); "X first, after that
        # Y? yes or no" (order, X before); "went for tea break now?" (on break now); "the tea break of the mason" (his break)
        ("di drill mi come back to weh dem mi drop it?", "returned",
         {"subject": {"label": "drill", "attributes": {}}, "other": {"subject": {"label": "drill", "attributes": {}},
                                                                     "event": "dropped", "unit": None, "ordinal": None}}),
        ("wen di plumber mi tek off ih hard hat?", "event_time", {"event": "ppe_removed"}),
        ("di hammer still deh weh ih mi deh at 2:00?", "still_there", {"subject": {"label": "hammer", "attributes": {}}}),
        ("di bucket, weh ih gaan?", "where", {"subject": {"label": "bucket", "attributes": {}}}),
        ("di ladda deh backa me?", "direction_of", {"direction": "behind"}),
        ("di carpenter di work or noh?", "is_working", {"state": "working"}),
        ("how lang di welder mi idle in di las 10 minute?", "spell_duration", {"spell": "total", "window": [{"t": None, "ago_s": 600.0}, None]}),
        ("how long the fixer took for his lunch?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("Where did I leave me spanner?", "where", {"subject": {"label": "spanner", "attributes": {}}}),
        ("Where'll some joker have moved the ladder off to by now?", "where", {"subject": {"label": "ladder", "attributes": {}}}),
        ("hammer drop first, after that the labourer go in the trench? yes or no?", "order",
         {"subject": {"label": "hammer", "attributes": {}}, "relation": "before"}),
        ("The plumber went for lunch break now?", "is_working", {"state": "idle"}),
        ("was the first course laid before the tea break of the labourer?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "labourer"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("shovel drop on ground how long already?", "time_since", {"event": "dropped"}),
        ("the bag cement by the mixer still there?", "still_there", {"subject": {"label": "cement_bag", "attributes": {}}}),
        ("behind me side right, what is there?", "things_in_direction", {"direction": "behind-right"}),
        ("the load hang on crane, which side of me?", "direction_of", {"subject": {"label": "suspended_load", "attributes": {}}}),
        ("When did the second lift of scaffold go up?", "event_time", {"subject": {"label": "scaffold", "attributes": {}},
                                                                        "unit": "lift", "ordinal": 2}),
        # verb-last (Mongolian-shaped): "man trench into went", "to rest when went", "10:00 from", "where resting he stood, that
        # place back came", "wheelbarrow moved man"; CB radio: "what's your twenty on", "status on the framer", "turning
        # wrenches", "how long's he been down", "roll out"; Portuguese-shaped: "it makes how much time", "is on the floor since
        # when", "the boy of the grey vest", "the 6 minutes and half"; Newfoundland "where she was picked up" (the barrow)
        ("hammer put down, after that, man hole into went?", "order", {"subject": {"label": "worker", "attributes": {}},
                                                                    "event": "entered_zone", "relation": "after"}),
        ("electrician to lunch when went?", "event_time", {"event": "went_idle"}),
        ("9:00 from, red vest man idle total how many minutes?", "spell_duration",
         {"window": [{"t": 540.0, "ago_s": None}, None], "spell": "total"}),
        ("blue vest man, where resting he sat, that place back came?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"vest": "blue"}}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("this one, ladder moved man, same man is?", "same_individual", {"subject": {"label": "worker", "attributes": {}}}),
        ("What's your twenty on the ladder? Over.", "where", {"subject": {"label": "ladder", "attributes": {}}}),
        ("Status on the plumber? Over.", "is_working", {"state": "working"}),
        ("The fitter turnin' wrenches or what?", "is_working", {"state": "working"}),
        ("How long's the welder been down? Over.", "spell_duration", {"state": "idle", "spell": "current"}),
        ("What time'd the dump truck roll out?", "event_time", {"event": "left"}),
        ("The plumber took off the helmet, it makes how much time?", "time_since", {"event": "ppe_removed"}),
        ("The drill is on the floor since when?", "state_duration", {"state": "on_ground", "spell": "current"}),
        ("The man of the red vest, where is he now?", "where", {"subject": {"label": "worker", "attributes": {"vest": "red"}}}),
        ("How much time was the drill on the floor between the 2 minutes and the 4 minutes and half?", "state_duration",
         {"window": [{"t": 120.0, "ago_s": None}, {"t": 270.0, "ago_s": None}]}),
        ("Did the ladder come back to where she was moved from?", "returned", {"subject": {"label": "ladder", "attributes": {}}}),
        ("Is the bucket out back of me or off to the right?", "direction_of", {"direction": None}),
        # Nigerian "gone to ease himself" (a break), "which side will I face to see X", "at my front", "left this place"; "how long
        # ago" decides over a state the clause names; "going inside"; "break he took" (past); "start relaxing"; "left already for
        # his break"; "is him that was pushing ..." (same one); "X is there on my front left side or what" (where X is)
        ("How long did the helper take when he went to ease himself?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("Is it that the carpenter has gone to ease himself?", "is_working", {"state": "idle"}),
        ("Which side will I face to see the generator?", "direction_of", {"subject": {"label": "generator", "attributes": {}}}),
        ("The woman at my front, is she the one I saw at 3:00?", "same_individual", {"direction": "front"}),
        ("The dumper left this place how long ago?", "time_since", {"event": "left"}),
        ("How long ago did the man without a vest go inside the pit?", "time_since", {"event": "entered_zone"}),
        ("she took off her helmet before going inside the trench?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}}, "event": "entered_zone", "unit": None, "ordinal": None}}),
        ("lunch break he took for how long?", "spell_duration", {"spell": "last"}),
        ("When did the man in blue start resting?", "event_time", {"event": "went_idle"}),
        ("what time the plumber left already for his lunch?", "event_time", {"event": "went_idle"}),
        ("the man behind me, is him that was carrying the ladder?", "same_individual", {"direction": "behind"}),
        ("The mixer is there on my back right side or what?", "direction_of", {"direction": "behind-right"}),
        ("the ladder, I have it in front of me or on the back?", "direction_of", {"direction": None}),
        # Ghanaian "went to chop" (a break), "sat down lazing"; Guyanese "wuk", "bin", "a lime", "cool out", "gone from de site";
        # Spanish-shaped "in which part of the site", "since what hour ... is sitting", "before of his rest", "to the right of my
        # front"; "took out his helmet"; verb-last "ladder since when on ground lies"; "it is always at its place"; "first X and
        # later Y, is like that?"
        ("When did the carpenter go to chop?", "event_time", {"event": "went_idle"}),
        ("The welder, did he go back to where he sat down lazing?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "welder"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("de mason back to wuk?", "is_working", {"state": "working"}),
        ("de electrician, how long he gone from de site now?", "time_since", {"event": "left"}),
        ("the bucket, in which part of the site it is?", "where", {"subject": {"label": "bucket", "attributes": {}}}),
        ("since what hour the man of the red helmet is sitting?", "spell_duration", {"state": "idle", "spell": "current"}),
        ("a little to the left of my front, which things are there?", "things_in_direction", {"direction": "front-left"}),
        ("when the plumber took out his helmet?", "event_time", {"event": "ppe_removed"}),
        ("Drill since when on floor lies?", "state_duration", {"state": "on_ground"}),
        ("the cone, it is always at its place?", "still_there", {"subject": {"label": "cone", "attributes": {}}}),
        ("first they dropped the hammer and later they moved the ladder, is like that?", "order",
         {"subject": {"label": "hammer", "attributes": {}}, "relation": "before"}),
        ("the welder is lazying right now?", "is_working", {"state": "idle"}),
        # round 93's forms (Urdu-, Fula-, Tajik-, Guam- and Kriolu-shaped)
        ("after lunch when the mason again started his work?", "event_time", {"event": "resumed_working"}),
        ("how much time the labourer was free between 10:00 and 20:00?", "spell_duration", {"state": "idle", "spell": "total"}),
        ("the rigger went to take his rest, it makes how long now?", "time_since", {"event": "went_idle"}),
        ("between 2 min 30 and 9 min, the carpenter worked how long all together?", "spell_duration",
         {"window": [{"t": 150.0, "ago_s": None}, {"t": 540.0, "ago_s": None}], "spell": "total"}),
        ("between 30 minutes and 1 hour 15, how many different men came?", "count_distinct",
         {"window": [{"t": 1800.0, "ago_s": None}, {"t": 4500.0, "ago_s": None}]}),
        ("the painter, how long he worked before he went to take his pause?", "spell_duration", {"spell": "last"}),
        ("man in blue vest, what time he took helmet from head?", "event_time", {"event": "ppe_removed"}),
        ("board between 1:00 and 4:30 how long lied on ground?", "state_duration", {"state": "on_ground"}),
        ("how long was the roofer kicking back?", "spell_duration", {"state": "idle"}),
        ("the drill box, i turn for where to find him?", "direction_of", {}),
        ("when the foreman go away from the work?", "event_time", {"event": "left"}),
        ("the grinder, they pick him up first and only after the mixer move, is like that?", "order", {"relation": "before"}),
        ("the barrow come back to the place where they take him?", "returned",
         {"other": {"subject": {"label": "wheelbarrow", "attributes": {}}, "event": "picked_up", "unit": None, "ordinal": None}}),
        ("the man with the red vest is stopped since what time?", "spell_duration", {"state": "idle", "spell": "current"}),
        ("man in yellow vest was again on place where he sat resting?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"vest": "yellow"}}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("first block was laid, how long it has been from then?", "time_since", {"event": "work_unit"}),
        ("hammer, where was at 2:10, there still stands?", "still_there", {"subject": {"label": "hammer", "attributes": {}}}),
        ("the welder is still on his lunch break?", "is_working", {"state": "idle"}),
        ("man who moved ladder and this man on left, one person?", "same_individual", {}),
        ("what stay on my side left?", "things_in_direction", {"direction": "left"}),
        ("the scaffold will be finish on Monday?", "unknown", {}),
        # round 94's forms (Bislama-, Ilocano- and Uyghur-shaped)
        ("left side but little bit to the front, what is there?", "things_in_direction", {"direction": "front-left"}),
        ("the shovel he fall down, how many minute now?", "time_since", {"event": "dropped"}),
        ("the ladder he lie on the ground how long now?", "state_duration", {"state": "on_ground"}),
        ("from 1:00 reach 4:30, the welder he rest how long all together?", "spell_duration",
         {"window": [{"t": 60.0, "ago_s": None}, {"t": 270.0, "ago_s": None}]}),
        ("the bucket, he come back to the place where they pick him up?", "returned",
         {"subject": {"label": "bucket", "attributes": {}}}),
        ("the rigger go have a rest before, how long his rest?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("how long since you last saw the watchman?", "time_since", {"event": "last_seen"}),
        ("where is the hose that is green?", "where", {"subject": {"label": "hose", "attributes": {"colour": "green"}}}),
        ("how many minutes already since the plumber went for his snacks?", "time_since", {"event": "went_idle"}),
        ("red cone now which place it is?", "where", {"subject": {"label": "cone", "attributes": {"colour": "red"}}}),
        ("after lunch, carpenter again work when started?", "event_time", {"event": "resumed_working"}),
        ("how long the mason he work with no helmet today?", "state_duration", {"state": "without_ppe"}),
        ("they will finish the roof before friday or not?", "unknown", {}),
        ("where I will turn so I can see the mixer?", "direction_of", {}),
        ("the red bucket, did it stay in its place since 10:00?", "still_there", {}),
        ("blue barrier still its own place standing?", "still_there", {}),
        ("ladder somebody moved, that when was?", "event_time", {"event": "moved"}),
        ("plumber his work when started?", "event_time", {"event": "started_working"}),
        ("red vest man, him I not see how long already?", "time_since", {"event": "last_seen"}),
        ("pallet moved, from then how many minutes gone?", "time_since", {"event": "moved"}),
        ("hammer since when lies on floor?", "state_duration", {"state": "on_ground"}),
        ("yellow vest worker to hammer dropped place back went?", "returned",
         {"other": {"subject": {"label": "hammer", "attributes": {}}, "event": "dropped", "unit": None, "ordinal": None}}),
        ("bucket, place where picked up, back there came?", "returned", {"subject": {"label": "bucket", "attributes": {}}}),
        ("that man, where helmet took off, there again he came?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}}, "event": "ppe_removed", "unit": None, "ordinal": None}}),
        # round 95's forms (Guarani-, Tigrinya-, Hausa-, Lingala- and Malayalam-shaped)
        ("what hour the man of the red vest came here?", "event_time", {"event": "first_seen"}),
        ("when the welder went to drink his cold tea?", "event_time", {"event": "went_idle"}),
        ("the man of the blue vest is without his helmet since when?", "state_duration", {"state": "without_ppe"}),
        ("how much time the plumber was in his cold tea?", "spell_duration", {"state": "idle"}),
        ("carpenter, for resting he sat down when?", "event_time", {"event": "went_idle"}),
        ("load of crane, where is it now?", "where", {"subject": {"label": "suspended_load", "attributes": {}}}),
        ("that one near the mixer, resting he is?", "is_working", {"state": "idle"}),
        ("anything at my front by the left side?", "things_in_direction", {"direction": "front-left"}),
        ("after the prayer, when did he come back to work, the man of red vest?", "event_time", {"event": "resumed_working"}),
        ("since the welder start work, how long now?", "time_since", {"event": "started_working"}),
        ("the ladder stayed on the floor for how many minutes before they picked it?", "state_duration", {"state": "on_ground"}),
        ("did the barrow come back to that place they picked it from?", "returned",
         {"subject": {"label": "wheelbarrow", "attributes": {}}}),
        ("the plumber went back to the place where he off his helmet?", "returned", {}),
        ("did the welder go back to where he was sitting down doing nothing?", "returned", {}),
        ("has the mason come back to work from prayer?", "is_working", {"state": "working"}),
        ("the man with no vest came out of the hole, it is how much time now?", "time_since", {"event": "left_zone"}),
        ("the ladder I saw ten minutes before, it is still at the same place?", "still_there",
         {"time": {"t": None, "ago_s": 600.0}}),
        ("the man in the vest red, we saw him the last time, it makes how much time?", "time_since", {"event": "last_seen"}),
        ("ladder, 5 minutes back it was there near the wall, now also it is there?", "still_there", {}),
        ("shovel from ground when somebody picked?", "event_time", {"event": "picked_up"}),
        ("plumber from site when he went away finally?", "event_time", {"event": "left"}),
        ("mixer came to site, from that time how long passed?", "time_since", {}),
        ("in last 20 minutes welder how much he worked?", "spell_duration", {"state": "working"}),
        ("man who dropped drill and this man behind me, one person they are?", "same_individual", {}),
        ("that guy in the blue vest, he is sitting doing nothing since when?", "spell_duration", {"state": "idle"}),
        ("seen the hammer? reckon the appy's nicked it again", "where", {"subject": {"label": "hammer", "attributes": {}}}),
        ("PALLET ARRIVE. BEFORE THAT, MAN RED VEST LEAVE? YES-NO", "order",
         {"subject": {"label": "worker", "attributes": {"vest": "red"}}, "event": "left", "relation": "before"}),
        ("SHOVEL PUT-DOWN FINISH, HOW-LONG PAST?", "time_since", {"subject": {"label": "shovel", "attributes": {}}, "event": "dropped"}),
        ("COURSE SECOND FINISH, WHEN?", "event_time", {"event": "work_unit", "unit": "course", "ordinal": 2}),
        ("GRINDER GROUND LIE, SINCE WHEN?", "state_duration", {"state": "on_ground", "spell": "current"}),
        ("PLUMBER, BREAK FINISH, BACK WORK?", "is_working", {"state": "working"}),
        ("MAN RED HARDHAT, TRENCH GO-IN, WHEN?", "event_time",
         {"subject": {"label": "worker", "attributes": {"hat_colour": "red"}}, "event": "entered_zone"}),
        ("green vest man rest when start?", "event_time", {"event": "went_idle"}),
        ("drill fall down, how much minute passed?", "time_since", {"event": "dropped"}),
        ("the roofer, at the moment he's doing something or he's just sitting there?", "is_working", {"state": "working"}),
        ("the barrow it's behind me or in front of me?", "direction_of", {"direction": None}),
        ("between my back and my left hand, there is anything?", "things_in_direction", {"direction": "behind-left"}),
        ("she's idle or what, that with the blue vest?", "is_working",
         {"subject": {"label": "worker", "attributes": {"vest": "blue"}}, "state": "idle"}),
        ("the pallets still where they were before a quarter?", "still_there", {"time": {"t": None, "ago_s": 900.0}}),
        ("how long did the glazier work before he went for lunch?", "spell_duration", {"state": "working", "spell": "last"}),
        ("did the labourer start after the blocks were delivered?", "order",
         {"other": {"subject": {"label": "block", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        ("the saw, the big one, where did it get to?", "where", {"subject": {"label": "saw", "attributes": {}}}),
        ("is the roofer only sitting without doing any work?", "is_working", {"state": "idle"}),
        ("not the total, but how long has the painter been idle this time?", "spell_duration", {"spell": "current"}),
        # round 96's forms (Pashto-, Sinhala-, Amharic-, Malagasy-shaped; Appalachian by voice)
        ("plasterer with yellow hardhat for coffee when went?", "event_time", {"event": "went_idle"}),
        ("the roofer for smoke went, how many minutes he was gone?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("blue vest man this morning total how much time empty was?", "spell_duration", {"state": "idle", "spell": "total"}),
        ("the scaffolder, last I saw him, how long before it was?", "time_since", {"event": "last_seen"}),
        ("bucket put down finish, how much time gone?", "time_since", {"event": "dropped"}),
        ("from what time is that plumber simply sitting there?", "spell_duration", {"state": "idle", "spell": "current"}),
        ("only after the skip came the roofers started work, is it?", "order",
         {"event": "started_working", "relation": "after"}),
        ("after she came back from her tea only the third course finished no?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}}, "event": "resumed_working", "unit": None, "ordinal": None}}),
        ("when did the glazier come back from his lunch?", "event_time", {"event": "resumed_working"}),
        ("the bucket went back to the same spot it was taken from?", "returned", {"subject": {"label": "bucket", "attributes": {}}}),
        ("she put the shovel down before going for her coffee?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}}, "event": "went_idle", "unit": None, "ordinal": None}}),
        ("the plumber after the tea, when again he started the work?", "event_time", {"event": "resumed_working"}),
        ("the one in red vest, when did she go to have a smoke?", "event_time", {"event": "went_idle"}),
        ("the one without hardhat, how long did she stay without it?", "state_duration",
         {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("the woman over there without helmet, is she the same who took her helmet off earlier?", "same_individual",
         {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("the roofer went back to work before the plumber went back to work?", "order", {"event": "resumed_working"}),
        ("after her break, the plasterer came back to work after how much time?", "spell_duration",
         {"state": "idle", "spell": "last"}),
        ("the lady in red vest, where is she from me, left, right, in front?", "direction_of", {"direction": None}),
        ("did the plumber go back to the place where he was doing nothing earlier?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "plumber"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("is the roofer a lazy worker or not?", "unknown", {}),
        ("did the roofer go to break 'fore the plumber did?", "order", {"relation": "before"}),
        ("how long did the roofer work 'tween 1:00 and 4:15?", "spell_duration", {"spell": "total"}),
        ("when did the bucket get drug off?", "event_time", {"event": "moved"}),
        ("how long since the roofer started in to workin'?", "time_since", {"event": "started_working"}),
        ("did the roofer leave out before the skip got here?", "order", {"event": "left"}),
        ("how long was the plumber idle all put together?", "spell_duration", {"spell": "total"}),
        ("how long has the brickie been a-layin' brick?", "spell_duration", {"state": "working"}),
        ("where's the barr' at from me?", "direction_of", {"subject": {"label": "wheelbarrow", "attributes": {}}}),
        ("plumber work start before, bucket somebody picked up?", "order",
         {"subject": {"label": "bucket", "attributes": {}}, "event": "picked_up"}),
        ("skip came after, girl from hole came out?", "order", {"subject": {"label": "worker", "attributes": {}}}),
        ("the roofer, before truck came where he was, there back went?", "returned",
         {"other": {"subject": {"label": "truck", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        ("the woman with no hardhat, where the shovel was first seen, there she went back?", "returned",
         {"other": {"subject": {"label": "shovel", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        ("the guy I see now and the one who moved the ladder, same person?", "same_individual",
         {"subject": {"label": "worker", "attributes": {}}}),
        ("is the lorry on my left?", "direction_of", {"subject": {"label": "truck", "attributes": {}}}),
        # round 99's forms (Tibetan-, Kurdish-, Lao-, Armenian-shaped; Cajun by voice)
        ("left side little bit back, what is there?", "things_in_direction", {"direction": "behind-left"}),
        ("yellow hardhat woman trench inside going, what time?", "event_time", {"event": "entered_zone"}),
        ("vest no man coffee drinking go, when?", "event_time", {"event": "went_idle"}),
        ("plumber site leaving what time?", "event_time", {"event": "left"}),
        ("shovel down putting, how much time pass?", "time_since", {"event": "dropped"}),
        ("red vest girl not seeing, how much time now?", "time_since", {"event": "last_seen"}),
        ("the skip coming, how long before?", "time_since", {"event": "first_seen"}),
        ("roofer helmet take out, how long become?", "time_since", {"event": "ppe_removed"}),
        ("truck coming before, roofer helmet remove?", "order", {"event": "ppe_removed", "relation": "before"}),
        ("green vest woman helmet remove after, trench inside go?", "order",
         {"subject": {"label": "worker", "attributes": {"vest": "green"}}, "event": "entered_zone"}),
        ("bucket, from where taking, same place again coming back?", "returned",
         {"other": {"subject": {"label": "bucket", "attributes": {}}, "event": "picked_up", "unit": None, "ordinal": None}}),
        ("red vest woman, coffee sitting place, she again going back?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"vest": "red"}}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("yellow vest girl phone looking only, resting she?", "is_working", {"state": "idle"}),
        ("lady no helmet stand play phone now?", "is_working", {"state": "idle"}),
        ("hat no woman, first break how long?", "spell_duration",
         {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("blue garden hose where lying is?", "where", {"subject": {"label": "garden_hose", "attributes": {"colour": "blue"}}}),
        ("the woman in blue vest, her helmet before the truck came she took off, yes?", "order",
         {"other": {"subject": {"label": "truck", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        ("bucket moved after plumber left, or before?", "order", {"relation": "after"}),
        ("girl in red vest, to hole she went down before her helmet she took off?", "order",
         {"subject": {"label": "worker", "attributes": {"vest": "red"}}, "event": "entered_zone"}),
        ("this plumber to place where he was resting, back he went?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "plumber"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("on my right this one, who picked up the shovel same person is?", "same_individual",
         {"subject": {"label": "worker", "attributes": {}}}),
        ("bucket blue somebody take go where?", "where", {"subject": {"label": "bucket", "attributes": {"colour": "blue"}}}),
        ("plumber go back place she sit rest before or not?", "returned", {}),
        ("woman front me now, same person drop shovel before or not?", "same_individual", {"direction": "front"}),
        ("roofer go back place he stay before first course lay or not?", "returned",
         {"other": {"subject": {"label": "brick_wall", "attributes": {}}, "event": "work_unit", "unit": "course", "ordinal": 1}}),
        ("bucket come back place where somebody pick up or not?", "returned", {"subject": {"label": "bucket", "attributes": {}}}),
        ("shovel lie down on ground before, how long?", "state_duration", {"state": "on_ground"}),
        ("girl in yellow vest, how long she is out of sight?", "time_since", {"event": "last_seen"}),
        ("in last hour how much that lady sat without job, all together?", "spell_duration", {"state": "idle", "spell": "total"}),
        ("de lady wit de red hat, she went back where she was sittin round doin nuttin?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"hat_colour": "red"}}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("somebody done moved my garden hose, where it's at now?", "where", {"subject": {"label": "garden_hose", "attributes": {}}}),
        # the past perfect: a spell that is over (family M: "how long had my drill been lying on the deck back there?")
        ("How long had the bucket been lying in the mud there?", "state_duration", {"spell": "last"}),
        ("how long had the plumber been sat idle by the van?", "spell_duration", {"spell": "last"}),
        # round 111's forms (Palauan-, Tuvaluan-shaped; Saint Lucian, Cayman Islands by voice; Hinglish), in other words
        ("wheh di toolbox deh now?", "where", {"subject": {"label": "toolbox", "attributes": {}}}),
        ("di plumber go back wheh he leave di bucket?", "returned",
         {"other": {"subject": {"label": "bucket", "attributes": {}}, "event": "dropped", "unit": None, "ordinal": None}}),
        ("wha deh front a me on di right?", "things_in_direction", {"direction": "front-right"}),
        ("straight ahead but a little bit left, anything there?", "things_in_direction", {"direction": "front-left"}),
        ("the roofer, when he go eat lunch already?", "event_time",
         {"subject": {"label": "worker", "attributes": {}, "role": "roofer"}, "event": "went_idle"}),
        ("di bucket get move after di plumber gone fi he lunch?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "plumber"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("the shovel moved before went away the roofer?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "roofer"}, "event": "left", "unit": None,
                    "ordinal": None}}),
        ("the bucket move after de skip reach or not?", "order",
         {"other": {"subject": {"label": "skip", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        ("did they set the second block before the plumber came?", "order", {"subject": None, "unit": "block", "ordinal": 2}),
        ("how long the plumber rested before knocking off?", "spell_duration", {"spell": "last"}),
        # round 110's forms (Hiri-Motu-, Marshallese-, Tahitian-and-French-shaped; Grenadian and Newfoundland by voice)
        ("back side on oi right, what thing stay there?", "things_in_direction", {"direction": "behind-right"}),
        ("bucket come back to place where they pick ia up?", "returned",
         {"other": {"subject": {"label": "bucket", "attributes": {}}, "event": "picked_up", "unit": None, "ordinal": None}}),
        ("man on oi right, ia same one take shovel before?", "same_individual", {"subject": {"label": "worker", "attributes": {}}}),
        ("how much fellas in red vest pass through between 5:00 an 20:00?", "count_distinct",
         {"window": [{"t": 300.0, "ago_s": None}, {"t": 1200.0, "ago_s": None}]}),
        ("anyting dey back a meh on de right han?", "things_in_direction", {"direction": "behind-right"}),
        ("wha dey front a meh, more to de left?", "things_in_direction", {"direction": "front-left"}),
        ("small bucket, the red one, it go where already?", "where", {"subject": {"label": "bucket", "attributes": {"colour": "red"}}}),
        ("little bit right from straight ahead, what is there?", "things_in_direction", {"direction": "front-right"}),
        ("Is that roofer after knockin' off for a smoke?", "is_working", {"state": "idle"}),
        ("has the plumber knocked off for his tea?", "is_working", {"state": "idle"}),
        ("Was the bucket shifted after the crew went for their dinner?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}}, "event": "went_idle", "unit": None, "ordinal": None}}),
        ("The plumber, he is gone to sit down at what time?", "event_time", {"event": "went_idle"}),
        ("The roofer, he has stopped working after that the truck left, yes?", "order",
         {"other": {"subject": {"label": "truck", "attributes": {}}, "event": "left", "unit": None, "ordinal": None}}),
        ("The one behind me, it is him who has dropped the shovel, eh?", "same_individual",
         {"subject": {"label": "worker", "attributes": {}}}),
        ("And the bucket, what it has become?", "where", {"subject": {"label": "bucket", "attributes": {}}}),
        ("My shovel, it stays always where I have dropped it, no?", "still_there", {"subject": {"label": "shovel", "attributes": {}}}),
        ("The plumber with the red helmet, it makes how long he has stopped working?", "time_since", {"event": "stopped_working"}),
        # round 109's forms (Dzongkha-, Turkmen-, Pennsylvania-Dutch-shaped; St Kitts by voice)
        ("plumber work stop first, then bucket moved, like that la?", "order", {"event": "stopped_working", "relation": "before"}),
        ("left side man and the one who dropped the shovel same is la?", "same_individual",
         {"subject": {"label": "worker", "attributes": {}}, "direction": "left"}),
        ("roofer back to work la?", "is_working", {"state": "working"}),
        ("behind standing woman and woman I saw at 2:10, same person is?", "same_individual", {"direction": "behind"}),
        ("my bucket now which place is la?", "where", {"subject": {"label": "bucket", "attributes": {}}}),
        ("red tarpaulin where it went la?", "where", {"subject": {"label": "tarpaulin", "attributes": {"colour": "red"}}}),
        ("roofer after came out from trench, again went inside?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "roofer"}, "event": "left_zone", "unit": None,
                    "ordinal": None}}),
        ("red vest guy now and red vest guy 5 minute before, same person?", "same_individual", {"time": {"t": None, "ago_s": 300.0}}),
        ("after minute 7 how many different guys in red helmet was seen?", "count_distinct",
         {"window": [{"t": 420.0, "ago_s": None}, None]}),
        ("De yute in red go in de hole after e tek off e helmet?", "order", {"subject": {"label": "worker", "attributes": {"vest": "red"}}}),
        ("How long e fuss break was, de plumber?", "spell_duration", {"spell": "nth", "ordinal": 1}),
        ("De bucket drop after de plumber gone fuh e lunch?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "plumber"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("How long ago de fuss course finish?", "time_since", {"event": "work_unit", "unit": "course", "ordinal": 1}),
        ("Whey dem put de buckets dem?", "where", {"subject": {"label": "bucket", "attributes": {}}}),
        ("De roofer go back to whey e was siddung an nah wuk?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "roofer"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("The skid loader, where is that from me, left or right?", "direction_of",
         {"subject": {"label": "skid_loader", "attributes": {}}}),
        ("How long is it already that the roofer took his helmet off?", "time_since", {"event": "ppe_removed"}),
        ("Was the bucket moved already before the roofer went for eating?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "roofer"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("Is he doing anything once or just standing?", "is_working", {"state": "working"}),
        ("nechel la toujou la?", "still_there", {"subject": {"label": "ladder", "attributes": {}}}),
        ("The plumber came back to work before the roofer came back to work?", "order", {"event": "resumed_working"}),
        ("From minute 2 up to minute 6 the plumber worked for how much time?", "spell_duration",
         {"window": [{"t": 120.0, "ago_s": None}, {"t": 360.0, "ago_s": None}]}),
        # round 108's forms (Tok Pisin, Bislama, Aboriginal English, Antiguan by voice; Kiribati-shaped)
        ("soim mi we sait bucket i stap", "direction_of", {"subject": {"label": "bucket", "attributes": {}}}),
        ("meri i gat retpela vest, em i stap wanem sait bilong mi?", "direction_of",
         {"subject": {"label": "worker", "attributes": {"vest": "red"}}}),
        ("i gat wanem samting long baksait, long lephan sait bilong mi?", "things_in_direction", {"direction": "behind-left"}),
        ("namel long pes na raithan bilong mi, wanem samting i stap?", "things_in_direction", {"direction": "front-right"}),
        ("bucket i go we?", "where", {"subject": {"label": "bucket", "attributes": {}}}),
        ("plama i stat long wok wanem taim?", "event_time", {"event": "started_working"}),
        ("bihain long kaikai, plama i stat wok gen wanem taim?", "event_time", {"event": "resumed_working"}),
        ("kapenta i go long namba tu spel bilong em wanem taim?", "event_time", {"event": "went_idle", "ordinal": 2}),
        ("meri long yelopela vest i kam aut long hul, hamas taim nau?", "time_since", {"event": "left_zone"}),
        ("meri i no gat helmet, em i wok o em i stap nating?", "is_working",
         {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("namba tri spel bilong kapenta, em i longpela hamas taim?", "spell_duration", {"spell": "nth", "ordinal": 3}),
        ("plama i go bek long hap em i bin sindaun nating?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "plumber"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("dispela plama nau, em wankain plama long 5 minit i go pinis?", "same_individual", {"time": {"t": None, "ago_s": 300.0}}),
        ("bucket i pundaun pastaim long trak i kamap, o nogat?", "order", {"event": "dropped", "relation": "before"}),
        ("long laspela 10 minit, hamas taim kapenta i stap nating?", "spell_duration",
         {"state": "idle", "spell": "total", "window": [{"t": None, "ago_s": 600.0}, None]}),
        ("the bucket how long he stop long ground now?", "state_duration", {"state": "on_ground"}),
        ("from 1:00 go catch 4:30, how long the plumber he sit down only?", "spell_duration",
         {"window": [{"t": 60.0, "ago_s": None}, {"t": 270.0, "ago_s": None}]}),
        ("the roofer he go inside hole before the truck he go out?", "order",
         {"other": {"subject": {"label": "truck", "attributes": {}}, "event": "left", "unit": None, "ordinal": None}}),
        ("when that bucket bin put down on the ground?", "event_time", {"subject": {"label": "bucket", "attributes": {}}}),
        ("when the roofer bin go for tucker?", "event_time", {"event": "went_idle"}),
        ("what time that roofer pack up and go home for good?", "event_time", {"event": "left"}),
        ("them buckets, the red ones, which way they sitting?", "direction_of",
         {"subject": {"label": "bucket", "attributes": {"colour": "red"}}}),
        ("that shovel lying on the dirt, how long he bin there now?", "state_duration", {"state": "on_ground"}),
        ("Whe de plumber widout e helmet deh now?", "where",
         {"subject": {"label": "worker", "attributes": {"hardhat": False}, "role": "plumber"}}),
        ("How long ago de roofer tek off e vest?", "time_since", {"event": "ppe_removed"}),
        ("De roofer a siddung?", "is_working", {"state": "idle"}),
        ("what time the roofer go for eat?", "event_time", {"event": "went_idle"}),
        ("is the plumber go back to where he was sitting for rest?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "plumber"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("when was the skip bin moved?", "event_time", {"subject": {"label": "skip", "attributes": {}}, "event": "moved"}),
        ("how long was the roofer without his helmet idle?", "spell_duration",
         {"subject": {"label": "worker", "attributes": {"hardhat": False}, "role": "roofer"}, "state": "idle"}),
        ("is the plumber without her hard hat sitting idle?", "is_working", {"state": "idle"}),
        # round 107's forms (Glaswegian Scots and Solomons Pijin by voice; Assamese-, Kyrgyz-, Persian-shaped)
        ("which wey dae ah look fur the skip?", "direction_of", {"subject": {"label": "skip", "attributes": {}}}),
        ("is the wee red bucket still where it wis hauf an hour ago?", "still_there", {"time": {"t": None, "ago_s": 1800.0}}),
        ("when did the plumber go fur his piece?", "event_time", {"event": "went_idle"}),
        ("is the roofer away fur his piece?", "is_working", {"state": "idle"}),
        ("how lang wis the roofer on his piece?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("how much time's the roofer spent staunin aboot in the last hauf hour?", "spell_duration",
         {"spell": "total", "window": [{"t": None, "ago_s": 1800.0}, None]}),
        ("is that the one who shifted the bucket?", "same_individual", {"subject": {"label": "worker", "attributes": {}}}),
        ("the man on my left and man who took off his helmet, same or not?", "same_individual", {"subject": {"label": "worker", "attributes": {}}}),
        ("hao long nao datfala meri hem waka no garem helmet go kasem nao?", "state_duration", {"state": "without_ppe"}),
        ("mi mas tan go wea wei fo lukim skip?", "direction_of", {"subject": {"label": "skip", "attributes": {}}}),
        ("soem mi wea wei nao bucket hem stap", "direction_of", {"subject": {"label": "bucket", "attributes": {}}}),
        ("roofer, hao long nao hem stap insaed lo hol, ol taem putim tugeta?", "state_duration",
         {"state": "in_zone", "spell": "total"}),
        ("plamba hem go kaikai bifoa mak tu kos hem finis?", "order",
         {"event": "went_idle", "other": {"subject": {"label": "brick_wall", "attributes": {}}, "event": "work_unit", "unit": "course",
                                  "ordinal": 2}}),
        ("wataem nao trak blong blok bae kam tumoro?", "unknown", {}),
        ("lo las wan aoa, hao mas difren bucket nao mi lukim?", "count_distinct", {"window": [{"t": None, "ago_s": 3600.0}, None]}),
        ("mak tri taem plamba hem spel, hao long nao?", "spell_duration", {"spell": "nth", "ordinal": 3}),
        ("bucket wea hem red, wea nao hem stap?", "where", {"subject": {"label": "bucket", "attributes": {"colour": "red"}}}),
        ("hao long go finis nao plamba hem kamaot from hol?", "time_since", {"event": "left_zone"}),
        ("olketa kon wea red, olketa stap wea wei from mi?", "direction_of",
         {"subject": {"label": "cone", "attributes": {"colour": "red"}}}),
        ("wanem nao hapen lo bucket?", "where", {"subject": {"label": "bucket", "attributes": {}}}),
        ("lo las haf aoa, hao long nao plamba hem standap nomoa?", "spell_duration",
         {"state": "idle", "spell": "total", "window": [{"t": None, "ago_s": 1800.0}, None]}),
        ("wataem nao mi draopem tep mesa?", "event_time", {"subject": {"label": "tape_measure", "attributes": {}}, "event": "dropped"}),
        ("hao long nao datfala plamba hem go kaikai?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("roofer hem go bak lo ples wea hem stap bifoa hem go spel?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "roofer"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("did the roofer stop work before his helper started?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "helper"}, "event": "started_working", "unit": None,
                    "ordinal": None}}),
        ("plumber, where he was before the truck came, to there he went back or not?", "returned",
         {"other": {"subject": {"label": "truck", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        ("roofer in red vest, place where he was until lunch, there went back?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"vest": "red"}, "role": "roofer"}, "event": "went_idle",
                    "unit": None, "ordinal": None}}),
        ("plumber stopped work until roofer stopped?", "order", {"event": "stopped_working", "relation": "before"}),
        ("roofer to lunch went after first course finished?", "order", {"event": "went_idle", "relation": "after"}),
        ("the woman with red helmet to the trench went before the truck came?", "order", {"event": "entered_zone"}),
        ("first the bucket they moved, and after that the shovel they dropped?", "order", {"event": "moved", "relation": "before"}),
        ("the shovel how much time is that it is on the ground?", "state_duration", {"state": "on_ground", "spell": "current"}),
        ("how much time is that the plumber is working without stop?", "spell_duration", {"state": "working", "spell": "current"}),
        ("after lunch, the roofer again when he started working?", "event_time", {"event": "resumed_working"}),
        ("the bucket which I left near the skip, yet there is?", "still_there", {"subject": {"label": "bucket", "attributes": {}}}),
        ("the roofer for the tea when he went?", "event_time", {"event": "went_idle"}),
        ("the plumber, before the mixer came up, his helmet he removed?", "order",
         {"event": "ppe_removed", "other": {"subject": {"label": "mixer", "attributes": {}}, "event": "first_seen", "unit": None,
                                            "ordinal": None}}),
        ("is the roofer wasting time?", "is_working", {"state": "idle"}),
        ("how long the plumber went for lunch?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("how long since the roofer went on his break?", "time_since", {"event": "went_idle"}),
        ("the bucket wasn't moved until after the truck came, was it?", "order", {"relation": "after"}),
        # round 106's forms (Neapolitan-, Frisian-, Macedonian-shaped; Liberian and Vincentian by voice)
        ("how long ago da woman in pink vest gone eat?", "time_since", {"event": "went_idle"}),
        ("da bucket still where it was tree minute ago?", "still_there", {"time": {"t": None, "ago_s": 180.0}}),
        ("da plumber doin notin now?", "is_working", {"state": "idle"}),
        ("all togeda, how long da roofer jus stan aroun today?", "spell_duration", {"state": "idle", "spell": "total"}),
        ("in da las half hour, how many bucket you count?", "count_distinct",
         {"subject": {"label": "bucket", "attributes": {}}, "window": [{"t": None, "ago_s": 1800.0}, None]}),
        ("da roofer jus sleepin on da job?", "is_working", {"state": "idle"}),
        ("dey finish da firs course befo da plumber gone eat?", "order",
         {"unit": "course", "ordinal": 1,
          "other": {"subject": {"label": "worker", "attributes": {}, "role": "plumber"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("way de shovel gone now?", "where", {"subject": {"label": "shovel", "attributes": {}}}),
        ("wey dem carry de bucket?", "where", {"subject": {"label": "bucket", "attributes": {}}}),
        ("wah deh pon meh lef han' side?", "things_in_direction", {"direction": "left"}),
        ("de roofer secon' break, how long it did las'?", "spell_duration", {"spell": "nth", "ordinal": 2}),
        ("between 2:00 and 6:30 how long de plumber was wukkin?", "spell_duration", {"state": "working", "spell": "total"}),
        ("What stands there slantwise left behind me?", "things_in_direction", {"direction": "behind-left"}),
        ("The bucket, lies that before me or behind me?", "direction_of", {"direction": None}),
        ("Stands the bucket yet on its old place?", "still_there", {"subject": {"label": "bucket", "attributes": {}}}),
        ("Sits the plumber by the tea?", "is_working", {"state": "idle"}),
        ("How long sat the roofer still?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("The woman without vest, how long is that she is without?", "state_duration", {"state": "without_ppe", "spell": "current"}),
        ("She took off the helmet, the one in the pink vest, before that the truck arrived?", "order",
         {"event": "ppe_removed", "relation": "before",
          "other": {"subject": {"label": "truck", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        ("since when plumber does not work?", "spell_duration", {"state": "idle", "spell": "current"}),
        ("first she went for tea, then truck came, it is so?", "order", {"event": "went_idle", "relation": "before"}),
        ("this woman is the same of the one that was here at 6 minutes and 15?", "same_individual",
         {"time": {"t": 375.0, "ago_s": None}}),
        # Melanesian pidgins (Tok Pisin, Bislama, Solomons Pijin), the language round 107 showed missing
        ("hamas taim dispela meri i sindaun na i no wok?", "spell_duration", {"state": "idle", "spell": "current"}),
        ("wea nao shovel blong mi?", "where", {"subject": {"label": "shovel", "attributes": {}}}),
        ("meri lo yelopela vest i stap we nau?", "where", {"subject": {"label": "worker", "attributes": {"vest": "yellow"}}}),
        ("wataem nao olketa leim namba tu brik?", "event_time", {"event": "work_unit", "unit": "brick", "ordinal": 2}),
        ("bucket i stap yet o samwan i kisim?", "still_there", {"subject": {"label": "bucket", "attributes": {}}}),
        ("meri lo pink vest, hem rausim helmet bipo truck i kam?", "order",
         {"event": "ppe_removed",
          "other": {"subject": {"label": "truck", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        ("hao long nao go finis mi lukim bucket las taem?", "time_since", {"event": "last_seen"}),
        ("hamas difren wokman i kam insaed long saet tede?", "count_distinct", {"subject": {"label": "worker", "attributes": {}}}),
        ("shovel hem lei lo graon go kasem nao, hao long?", "state_duration", {"state": "on_ground", "spell": "current"}),
        ("plumber hem stil waka yet?", "is_working", {"state": "working"}),
        ("wanem samting i stap long baksait bilong mi?", "things_in_direction", {"direction": "behind"}),
        ("bucket blong mi, hem stap lo lef saed o lo raet saed?", "direction_of", {"direction": None}),
        # round 105's forms (Malayalam-, Bosnian-, Tongan-, Amharic-shaped; Bajan by voice)
        ("came back the shovel to where was dropped?", "returned", {"subject": {"label": "shovel", "attributes": {}}}),
        ("did the bucket move before went the plumber for lunch?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "plumber"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("went back in hole the roofer after came she out?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "roofer"}, "event": "left_zone", "unit": None,
                    "ordinal": None}}),
        ("the skip, is front of me or is back?", "direction_of", {"direction": None}),
        ("the bucket that is yellow, still same place it is?", "still_there",
         {"subject": {"label": "bucket", "attributes": {"colour": "yellow"}}}),
        ("the woman in pink vest, before the skip arrived, her helmet already she took off?", "order",
         {"event": "ppe_removed",
          "other": {"subject": {"label": "skip", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        ("for coffee ceremony, the plumber when she went?", "event_time", {"event": "went_idle"}),
        ("how long has the roofer not been working?", "spell_duration", {"state": "idle"}),
        ("the plumber, from how long she is not doing any work?", "spell_duration", {"state": "idle"}),
        ("lady in red vest is on cigarette now?", "is_working", {"state": "idle"}),
        ("third coffee of the plumber, how long it lasted?", "spell_duration", {"state": "idle", "spell": "nth", "ordinal": 3}),
        ("wen she gone fuh she lunch?", "event_time", {"event": "went_idle"}),
        ("how many women widout vest since 2:00?", "count_distinct",
         {"subject": {"label": "worker", "attributes": {"vest": "none"}}}),
        ("de girl in de pink vest skylarkin?", "is_working", {"state": "idle"}),
        ("the labourer without jacket, where is she from me?", "direction_of",
         {"subject": {"label": "worker", "attributes": {"vest": "none"}, "role": "labourer"}}),
        ("de shovel, wuh part it deh?", "where", {"subject": {"label": "shovel", "attributes": {}}}),
        ("wuh way de skip deh from here? ah doan see it", "direction_of", {"subject": {"label": "skip", "attributes": {}}}),
        ("the girder, the first time on the ground it was lying, how long it was?", "state_duration",
         {"subject": {"label": "girder", "attributes": {}}}),
        ("the skip moved, after the roofer left it was?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "roofer"}, "event": "left", "unit": None,
                    "ordinal": None}}),
        # round 104's forms (Cantonese-, Kenyan-, Haitian-, Punjabi-shaped; Cameroon Pidgin by voice)
        ("roofer lady no helmet when start rest ah?", "event_time", {"event": "went_idle"}),
        ("second course lay until now how long ah?", "time_since", {"unit": "course", "ordinal": 2}),
        ("shovel lie on the ground until now how long?", "state_duration", {"state": "on_ground"}),
        ("lady in red hat got go back to where the shovel drop or not?", "returned",
         {"subject": {"label": "worker", "attributes": {"hat_colour": "red"}}}),
        ("the plumber go back to where she stand before her lunch break?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "plumber"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("she has gone for chai, she went saw what time?", "event_time", {"event": "went_idle"}),
        ("the roofer went for chai before the skip came, is it?", "order", {"event": "went_idle"}),
        ("the plumber went for chai for how long?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("di bucket, wusai e dey?", "where", {"subject": {"label": "bucket", "attributes": {}}}),
        ("di yellow skip, wusai e don go?", "where", {"subject": {"label": "skip", "attributes": {"colour": "yellow"}}}),
        ("di level don loss, wusai e bin dey last time?", "where", {"subject": {"label": "level", "attributes": {}}}),
        ("wen di woman for pink vest comot e helmet?", "event_time", {"event": "ppe_removed"}),
        ("wen di girl for blue vest go chop?", "event_time", {"event": "went_idle"}),
        ("how many minute don pass since di plumber comot for site?", "time_since", {"event": "left"}),
        ("di plumber go chop before dem lay di first brick?", "order", {"event": "went_idle"}),
        ("how long she working since she come back from lunch?", "spell_duration", {"state": "working", "spell": "current"}),
        ("the skip not move since morning, true?", "still_there", {"subject": {"label": "skip", "attributes": {}}}),
        ("they lay the second course after the roofer reach?", "order",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "roofer"}, "event": "first_seen", "unit": None,
                    "ordinal": None}}),
        ("skip reached here how much time back only?", "time_since", {"event": "first_seen"}),
        ("scaffold board is lying on the floor since how much time now?", "state_duration", {"state": "on_ground"}),
        ("lady without safety jacket is free only, right?", "is_working", {"state": "idle"}),
        ("wusai dem carry di sand bag dem go?", "where", {}),  # a creole's "dem" keeps German's glossary off
        # round 103's forms (Korean-, Mandarin-, Chilean-Spanish-, Ukrainian-shaped; Hawaii Pidgin by voice)
        ("as for shovel, skip move before, it dropped?", "order",
         {"subject": {"label": "shovel", "attributes": {}}, "event": "dropped", "relation": "before"}),
        ("as for plumber, first I saw her place, she come back there?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "plumber"}, "event": "first_seen", "unit": None,
                    "ordinal": None}}),
        ("as for yellow bucket, which place it is now?", "where", {"subject": {"label": "bucket", "attributes": {"colour": "yellow"}}}),
        ("roofer, skip moved after, again work she start?", "order", {"event": "resumed_working", "relation": "after"}),
        ("angle grinder, since when on ground it is?", "state_duration", {"state": "on_ground"}),
        ("plumber, doing nothing sitting place, she went back again?", "returned", {}),
        ("skip now at my where side?", "direction_of", {"subject": {"label": "skip", "attributes": {}}}),
        ("lady in pink vest, no see her how long already?", "time_since", {"event": "last_seen"}),
        ("shovel got pick up before she stop work or not?", "order", {"event": "picked_up"}),
        ("roofer still fixing tiles or stop already?", "is_working", {"state": "working"}),
        ("before she stop for lunch, work that time how long?", "spell_duration", {"state": "working", "spell": "last"}),
        ("the lady of the red helmet returned to the work already?", "is_working", {"state": "working"}),
        ("somebody took the shovel before that I left the bucket in the floor?", "order",
         {"other": {"subject": {"label": "bucket", "attributes": {}}, "event": "dropped", "unit": None, "ordinal": None}}),
        ("when the lady without vest went to take the coffee?", "event_time", {"event": "went_idle"}),
        ("the shovel continues in the floor where the lady let it fall?", "still_there", {}),
        ("since how much time nobody don't see the lady of the blue helmet?", "time_since", {"event": "last_seen"}),
        ("the plumber stopped work before the load on the crane arrived?", "order",
         {"other": {"subject": {"label": "suspended_load", "attributes": {}}, "event": "first_seen", "unit": None, "ordinal": None}}),
        ("wea da generator stay now, brah?", "where", {"subject": {"label": "generator", "attributes": {}}}),
        ("you seen wea da tile saw went?", "where", {}),
        ("eh, wea my level wen go?", "where", {"subject": {"label": "level", "attributes": {}}}),
        ("da skip, which side dat buggah stay?", "direction_of", {"subject": {"label": "skip", "attributes": {}}}),
        ("da bucket still stay wea um was befo o wat?", "still_there", {"subject": {"label": "bucket", "attributes": {}}}),
        ("she wen go back inside da trench aftah she wen climb out?", "returned", {}),
        ("da lady wen start working aftah da skip wen move?", "order", {"relation": "after"}),
        ("wat stay ova dea between my back an my left?", "things_in_direction", {"direction": "behind-left"}),
        ("how long da roofer stay working since she wen come back from lunch?", "spell_duration",
         {"state": "working", "spell": "current"}),
        # round 100's forms (Albanian-, Zulu-, Javanese-, Aymara-shaped; Gullah by voice)
        ("the shovel, how much time is that it lies in the mud?", "state_duration", {"state": "on_ground", "spell": "current"}),
        ("the roofer, how much time it is that she does nothing?", "spell_duration", {"state": "idle", "spell": "current"}),
        ("the plumber, how many minutes it is that we are not seeing her?", "time_since", {"event": "last_seen"}),
        ("the roofer, how much time she stayed at the tea?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("the lady who is not wearing the vest, where is she now?", "where",
         {"subject": {"label": "worker", "attributes": {"vest": "none"}}}),
        ("what is parked by my left, a little bit at the front?", "things_in_direction", {"direction": "front-left"}),
        ("anything at the back, a bit more to my right?", "things_in_direction", {"direction": "behind-right"}),
        ("the plumber, she is back to work after her lunch?", "is_working", {"state": "working"}),
        ("the girl red hat go smoke earlier, she smoke how long?", "spell_duration", {"state": "idle", "spell": "last"}),
        ("the third panel put already when?", "event_time", {"unit": "panel", "ordinal": 3}),
        ("did the roofer go back to the spot she sit doing nothing before?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {}, "role": "roofer"}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("de lady in de pink vest tek she break befo de skip come?", "order", {"relation": "before"}),
        ("afta de truck leave out, somebody drop de hammer?", "order", {"relation": "after"}),
        ("all togedda, how long de plumber been idle today?", "spell_duration", {"spell": "total"}),
        ("in de las hour, how much time de roofer spend workin?", "spell_duration",
         {"spell": "total", "window": [{"t": None, "ago_s": 3600.0}, None]}),
        ("de shovel still lay up on top de pallet or somebody move um?", "still_there",
         {"subject": {"label": "shovel", "attributes": {}}}),
        ("de lady wid de pink vest done go back where she been sit round doin nothin?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"vest": "pink"}}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("where is the long scaffold tube?", "where", {}),
        ("of the woman in red vest her helmet, when she has removed?", "event_time", {"event": "ppe_removed"}),
        ("the plumber, her vest she has taken off before the skip arrived?", "order", {"event": "ppe_removed"}),
        ("to have lunch the roofer, at what time she has gone?", "event_time", {"event": "went_idle"}),
        ("the hammer, first it was dropped and only then the skip was moved, it is like that?", "order",
         {"event": "dropped", "relation": "before"}),
        ("the third course, after the skip has arrived it was laid?", "order", {"unit": "course", "ordinal": 3, "relation": "after"}),
        ("the roofer of now and the roofer of 2 hours 5 minutes, one person only they are?", "same_individual",
         {"time": {"t": 7500.0, "ago_s": None}}),
        ("the skip, still it is where we saw it at 1 hour 5 minutes 40?", "still_there", {"time": {"t": 3940.0, "ago_s": None}}),
        ("this lady on my left, the same she is that I have seen at minute 7 with 45?", "same_individual",
         {"time": {"t": 465.0, "ago_s": None}}),
        ("from minute 45, how many distinct people in red hats there have been?", "count_distinct",
         {"window": [{"t": 2700.0, "ago_s": None}, None]}),
        # round 98's forms (Kazakh-, Hmong-, Dominican-, Icelandic-shaped; Fijian)
        ("right side, more to front, what there is?", "things_in_direction", {"direction": "front-right"}),
        ("half back half right from me, what is there?", "things_in_direction", {"direction": "behind-right"}),
        ("anything at my front little bit to the left?", "things_in_direction", {"direction": "front-left"}),
        ("which way must I turn me to get the skip in front?", "direction_of", {"subject": {"label": "skip", "attributes": {}}}),
        ("woman in red vest hat when took off?", "event_time", {"event": "ppe_removed"}),
        ("girl in blue vest, how many minutes already nobody saw her?", "time_since", {"event": "last_seen"}),
        ("since when shovel on ground lies?", "state_duration", {"state": "on_ground"}),
        ("the skip came first, or woman in red vest helmet took off first?", "order", {"event": "first_seen"}),
        ("this plumber now just stands?", "is_working", {"state": "idle"}),
        ("the second row block finish when?", "event_time", {"unit": "course", "ordinal": 2}),
        ("the lady red vest, last time she take off hard hat, she no hat how long?", "state_duration", {"state": "without_ppe"}),
        ("the roofer work how long already since she start?", "spell_duration", {"state": "working", "spell": "current"}),
        ("the lady red hat, she go back where she sit down rest before?", "returned",
         {"other": {"subject": {"label": "worker", "attributes": {"hat_colour": "red"}}, "event": "went_idle", "unit": None,
                    "ordinal": None}}),
        ("the plumber she leave the job how long already?", "time_since", {"event": "left"}),
        ("my daughter school pick up what time?", "unknown", {}),
        ("the skip, I'm facing it or it's on my left?", "direction_of", {"direction": None}),
        ("went the plumber in coffee before the truck showed up?", "order", {"event": "went_idle"}),
        ("how long was the roofer in tea?", "spell_duration", {"state": "idle"}),
        # Shetland ("whaar", "da", "ida", "wirkin", "hit", "du ken", "whit's come o", "whit wye", "da boy"); Tamil-shaped
        # "simply sitting", "is there only", "has come back to his work"; Amharic-shaped "my which side", "to break he
        # went"; Romanian-shaped "before to make pause", "hands in the pockets", "came only after", "since when stays",
        # "half of hour"; "teh"; "the third lift of the scaffold"
        ("whaar's da barrow noo?", "where", {"subject": {"label": "wheelbarrow", "attributes": {}}}),
        ("is da boy ida trench wirkin?", "is_working", {"state": "working"}),
        ("whit's come o da shovel?", "where", {"subject": {"label": "shovel", "attributes": {}}}),
        ("whit wye is da skip fae me, du ken?", "direction_of", {"subject": {"label": "skip", "attributes": {}}}),
        ("yon lass ower dere, is shu back at hit?", "is_working", {"state": "working"}),
        ("the labourer is simply standing, is it?", "is_working", {"state": "idle"}),
        ("the red barrow is there only where it was five minutes before, is it?", "still_there", {"time": {"t": None, "ago_s": 300.0}}),
        ("mason has come back to his work, is it?", "is_working", {"state": "working"}),
        ("the ladder, my which side it is?", "direction_of", {"subject": {"label": "ladder", "attributes": {}}}),
        ("the plumber to break he went before the truck came, true?", "order", {"event": "went_idle"}),
        ("how much time worked the tiler before to make pause?", "spell_duration", {"spell": "last"}),
        ("the man in yellow vest stays with the hands in the pockets?", "is_working", {"state": "idle"}),
        ("the dumper came only after they laid the first brick?", "order", {"event": "first_seen"}),
        ("since when stays the drill on the ground?", "state_duration", {"state": "on_ground"}),
        ("in the last half of hour, how long was the roofer idle?", "spell_duration", {"window": [{"t": None, "ago_s": 1800.0}, None]}),
        ("where did i put teh grinder", "where", {"subject": {"label": "grinder", "attributes": {}}}),
        ("when was the second lift of the scaffold finished?", "event_time", {"event": "work_unit", "unit": "lift", "ordinal": 2}),
        # a phone's speech-to-text ("wear is", "hard hate", "orange west", "palate", "won", "at to fifteen", "between for
        # twenty and ate ten", "question mark"); Appalachian "yeller", "nary a", "a piece back", "has he done quit";
        # "gone to dinner"; "still sits"; "of yellow colour"; "pail"; "but going to the back"
        ("wear is the palate of bricks", "where", {"subject": {"label": "pallet", "attributes": {}}}),
        ("what time did the guy in the orange west take his hard hate off question mark", "event_time",
         {"subject": {"label": "worker", "attributes": {"vest": "orange"}}, "event": "ppe_removed"}),
        ("is the pallet still were it was at to fifteen", "still_there", {"time": {"t": 135.0, "ago_s": None}}),
        ("how long was the roofer idle between for twenty and ate ten", "spell_duration",
         {"window": [{"t": 260.0, "ago_s": None}, {"t": 490.0, "ago_s": None}]}),
        ("is the man in front of me the same won as before", "same_individual", {"subject": {"label": "worker", "attributes": {}}}),
        ("where's the yeller generator at?", "where", {"subject": {"label": "generator", "attributes": {"colour": "yellow"}}}),
        ("how many fellers with nary a hard hat did you see?", "count_distinct",
         {"subject": {"label": "worker", "attributes": {"hardhat": False}}}),
        ("what's a-setting off to my left and a piece back?", "things_in_direction", {"direction": "behind-left"}),
        ("has she done got back to work yet?", "is_working", {"state": "working"}),
        ("how long was the plumber gone to lunch?", "spell_duration", {"state": "idle"}),
        ("woman in blue vest still sits?", "is_working", {"state": "idle"}),
        ("that ladder of orange colour, where is it?", "where", {"subject": {"label": "ladder", "attributes": {"colour": "orange"}}}),
        ("where is the red pail?", "where", {"subject": {"label": "pail", "attributes": {"colour": "red"}}}),
        ("at my left side but going to the back, anything there?", "things_in_direction", {"direction": "behind-left"}),
        # Krio-shaped ("usai", "e don go", "na im i bin see", "small time", "e helmet"); Cape Breton "how long is he gone",
        # "out back", "get at it"; Zambian "he has just been seated"
        ("usai di shovel dey?", "where", {"subject": {"label": "shovel", "attributes": {}}}),
        ("di man wey wear red vest, usai e don go?", "where", {"subject": {"label": "worker", "attributes": {"vest": "red"}}}),
        ("dis plumber, na im i bin see 10 minutes ago?", "same_individual", {"time": {"t": None, "ago_s": 600.0}}),
        ("what time di welder take off e helmet?", "event_time", {"event": "ppe_removed"}),
        ("how long is the plumber gone?", "time_since", {"event": "left"}),
        ("what's out back on me left?", "things_in_direction", {"direction": "behind-left"}),
        ("when did the roofer get at it?", "event_time", {"event": "started_working"}),
        ("the one by the skip, he has just been seated?", "is_working", {"state": "idle"}),
        # round 112 (Niuean-, Montserratian-, Tatar-, Tetum-shaped; Yumplatok): "bin" marking the past after a noun, "wok",
        # "fi he breakfast", the creoles' focus "a him move it?", "my back, little bit to the right", "that one orange",
        # verb first "is came back the X", verb last "again work doing?", "how much time pass already?"
        ("how long since that forklift bin turn up?", "time_since", {"subject": {"label": "forklift", "attributes": {}}}),
        ("the ladder bin get move before the skip come?", "order", {"subject": {"label": "ladder", "attributes": {}}}),
        ("when dat fella bin take off im helmet?", "event_time", {"event": "ppe_removed"}),
        ("di plumber a wok or he a sleep?", "is_working", {"state": "working"}),
        ("how long di roofer wok altogether?", "spell_duration", {"state": "working", "spell": "total"}),
        ("wen di carpenter gone fi he breakfast?", "event_time", {"event": "went_idle"}),
        ("di man pon me left, a him tek di hammer?", "same_individual",
         {"other": {"subject": {"label": "hammer", "attributes": {}}, "event": "picked_up", "unit": None, "ordinal": None}}),
        ("wa happen to di drill?", "where", {"subject": {"label": "drill", "attributes": {}}}),
        ("what is there my back, little bit to the right?", "things_in_direction", {"direction": "behind-right"}),
        ("is where the toolbox, that one red?", "where", {"subject": {"label": "toolbox", "attributes": {"colour": "red"}}}),
        ("is came back the ladder to where they moved that one?", "returned", {"subject": {"label": "ladder", "attributes": {}}}),
        ("the drill somebody drop, how much time pass already?", "time_since", {"event": "dropped"}),
        ("woman in green vest after break again work doing?", "is_working", {"state": "working"}),
        ("labourer in total how much time did nothing?", "spell_duration", {"state": "idle", "spell": "total"}),
        ("plumber came, toolbox already moved was?", "order",
         {"subject": {"label": "toolbox", "attributes": {}}, "event": "moved", "relation": "before"}),
        ("that yellow drill still lie near the ladder?", "still_there", {"subject": {"label": "drill", "attributes": {"colour": "yellow"}}}),
        ("did the welder finish before the truck go away already?", "order",
         {"other": {"subject": {"label": "truck", "attributes": {}}, "event": "left", "unit": None, "ordinal": None}}),
        ("the roofer, he is thinking what now?", "unknown", {}),
        # family M: an identity asked by what the other one did
        ("is this lass the same one who was sat idle by the skip before?", "same_individual",
         {"other": {"subject": {"label": "worker", "attributes": {}}, "event": "went_idle", "unit": None, "ordinal": None}}),
        # family N: back on the bricks, sat down, the crane swinging its load, a barrow parked, "when I started"
        ("when did the fella in red get back on the blocks?", "event_time", {"event": "resumed_working"}),
        ("how long ago did the labourer sit down?", "time_since", {"event": "went_idle"}),
        ("when did the crane swing the beam round?", "event_time",
         {"subject": {"label": "suspended_load", "attributes": {}}, "event": "moved"}),
        ("did the crane swing the load over before the mixer came?", "order",
         {"subject": {"label": "suspended_load", "attributes": {}}, "event": "moved", "relation": "before"}),
        ("once she parked the barrow, did the girl in orange go back to it?", "returned",
         {"other": {"subject": {"label": "wheelbarrow", "attributes": {}}, "event": "moved", "unit": None, "ordinal": None}}),
        ("the bloke on the scaffold - same one who was by the end of the wall when we started?", "same_individual",
         {"time": {"t": 0.0, "ago_s": None}}),
        ("will the wall be finished by the end of the week?", "unknown", {}),
        # round 113 (Norf'k spelt as said, Thai-, Marshallese-shaped): "hau lorng", "dar", "gwen fer he dinna", a sandwich
        # break, "N minute before" for ago, the colour said once on the topic, "hour ago" without its article
        ("hau lorng dar chippie bin sittin round?", "spell_duration", {"state": "idle", "spell": "current"}),
        ("wheh es dar generator?", "where", {"subject": {"label": "generator", "attributes": {}}}),
        ("wat time dar brickie gwen fer he dinna?", "event_time", {"event": "went_idle"}),
        ("when did the plasterer go off for his sarnie?", "event_time", {"event": "went_idle"}),
        ("the scaffold, 10 minute before it stand there, still same place?", "still_there", {"time": {"t": None, "ago_s": 600.0}}),
        ("that red drill, where that drill now?", "where", {"subject": {"label": "drill", "attributes": {"colour": "red"}}}),
        ("is the fella on my left the same one from hour ago?", "same_individual", {"time": {"t": None, "ago_s": 3600.0}}),
    ],
)
def test_phrasings(text: str, intent: str, fields: dict[str, object]) -> None:
    got = q(text).public()
    assert got["intent"] == intent, got
    for key, value in fields.items():
        assert got[key] == value, (key, got)


@pytest.mark.parametrize("text", ["what's the weather tomorrow", "play some music", "order more bricks",
                                  "that thing, the other one, how about it?", "who's idle", ""])
def test_not_understood_is_unknown(text: str) -> None:
    assert q(text).intent == "unknown"


def test_not_understood_answer_has_no_typed_fields() -> None:
    store = SqliteGraphStore(":memory:")
    store.init()
    parser = QuestionParser(GraphTools(store, lambda cam, t: 0.0), load_embedder=False)
    ans = parser.answer("what's the weather like tomorrow?", "cam0", 10.0)
    typed = ("time", "duration_s", "direction", "yes_no", "entity_types", "count")
    assert ans.intent == "unknown" and ans.query is None
    assert all(getattr(ans, f) is None for f in typed)
    assert "did not understand" in ans.answer
    known = parser.answer("where is the ladder?", "cam0", 10.0)  # understood, but nothing seen: says so
    assert known.intent == "where" and known.direction is None and "not seen" in known.answer
    store.close()


def test_a_site_s_own_labels_are_named_as_the_memory_holds_them() -> None:
    """Labels outside the vocabulary that this memory holds win over a synonym inside them and are never
    "corrected" as typos; a noun before a label word makes a compound whose last noun is the thing."""
    labels = ["cable_locator", "sledgehammer", "excavation", "suspended_load", "worker"]

    def subject(q: str) -> Any:
        return U.understand(q, labels).public()["subject"]

    assert subject("Is my cable locator still lying where I left it?")["label"] == "cable_locator"
    assert subject("Where did I leave the sledgehammer?")["label"] == "sledgehammer"
    assert subject("Remind me which way the lift pit is.")["label"] == "excavation"
    assert subject("how long since anyone saw the ladder?")["label"] == "ladder"  # "anyone saw" is no compound


def test_every_glossary_rewrite_refers_only_to_groups_its_pattern_has() -> None:
    """A replacement naming a group its pattern lacks raises when a question first matches it, mid-answer."""
    import re

    from spotter.answer import glossary

    checked = 0
    for value in vars(glossary).values():
        if isinstance(value, tuple) and value and all(isinstance(r, tuple) and len(r) == 2 and isinstance(r[0], re.Pattern)
                                                      for r in value):  # fmt: skip
            for pattern, replacement in value:
                if isinstance(replacement, str):
                    refs = [int(n) for n in re.findall(r"\\(\d+)", replacement)]
                    assert not refs or max(refs) <= pattern.groups, (pattern.pattern, replacement)
                    checked += 1
    assert checked > 500


def test_a_site_word_slipped_into_another_english_word_is_the_site_label() -> None:
    # autocorrect and voice typing make other words of site words; the typo fixer leaves English words alone
    assert U.understand("is the nail gum on my left").subject.label == "nail_gun"  # type: ignore[union-attr]
    assert U.understand("which way is the suspended lord").subject.label == "suspended_load"  # type: ignore[union-attr]
    # the memory's own labels too; a real site thing one letter from another is left alone
    assert U.understand("where is the cable drug", ["cable_drum"]).subject.label == "cable_drum"  # type: ignore[union-attr]
    assert U.understand("where is the cable drug").subject.label == "cable_drug"  # type: ignore[union-attr]
    assert U.understand("where's the dump truck").subject.label == "dump_truck"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("which way are the pointy plastic things", "cone"),
        ("is the truck with the spinning drum still here", "concrete_mixer"),
        ("where did the flat wooden thing go", "pallet"),
        ("how long ago did somebody move the box with the tools", "toolbox"),
        ("where's the noisy machine that makes the power", "generator"),
        ("is the thing dangling from the crane behind me", "suspended_load"),
        ("when did I last see the tool that makes holes", "drill"),
    ],
)
def test_things_described_by_their_looks_or_use(text: str, label: str) -> None:
    assert U.understand(text).subject.label == label  # type: ignore[union-attr]


def test_advice_about_a_thing_is_not_a_question_about_the_memory() -> None:
    assert U.understand("is it safe to walk under the hanging thing for a second?").intent == "unknown"
