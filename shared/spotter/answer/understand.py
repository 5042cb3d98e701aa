"""Question understanding: text -> typed `Query` (docs/QUESTIONS.md), no language model needed.

Supervisors ask tersely, chattily, with typos, in non-native English, by voice. So:

1. Normalise: lower case, contractions expanded ("where'd" -> "where did"), number words to
   digits ("two minutes ago", "three fifteen" -> 3:15), misspelt domain words corrected against
   the vocabulary (edit ratio >= 0.8, words of 4+ letters).
2. Slots by grammar: the subject (a label or synonym, with attributes: vest colour, hard hat,
   hat colour, colour), the second subject of an order question, the event (verb patterns), unit
   and ordinal ("the third course"), times (m:ss, "at 3 minutes", "a minute ago"), windows
   ("between 1:20 and 4:35", "since 2:00", "in the last 5 minutes"), direction (eight sectors),
   the state (idle, working, on the ground, in a zone, without PPE) and the spell (current,
   last, total, nth).
3. Intent by ordered cues over the normalised text and slots (a duration cue beats a "when",
   "how many" counts, "same" asks identity, "which way" asks a direction...), then the intent
   of the nearest labelled paraphrases (MiniLM, `intents.npz`) only where no cue decides.
4. Learned heads (`learned.py`, `question_heads.npz`: hashed n-grams, one linear layer each, trained on the
   labelled corpus): the intent head overrules the cues when it is sure (p >= 0.85; 0.9 to turn a question asked
   yes or no into one that is not), or fairly sure (p >= 0.8)
   while giving the cues' intent under 0.05; the slot heads fill, for the intent they were trained with, a
   closed-set slot the cues left empty, the subject's label where the cues read a word no site thing has ("the
   ladle"), a person's hard hat or vest. Where the intent head is sure and no cue reads that intent's slots, the
   heads' best guesses fill them. Rules are written for the words seen; the heads carry to new writers' words and
   orders (held out: +2.8-3.8 points).
5. Unsure -> `UNKNOWN`: nothing the memory could answer is named (no subject, no direction), or
   the text is off-domain (weather, payroll, music...). A confident answer to a different
   question is worse than none.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal, overload

import numpy as np

from spotter.answer.corpus import SLOTS_BY_INTENT
from spotter.answer.glossary import POSSESSIVE, gloss
from spotter.answer.learned import QUESTION_HEADS, SLOT_HEADS, UNSET, NgramClassifier, features, load_heads
from spotter.answer.query import (
    KIND_OF,
    UNKNOWN,
    EventName,
    EventRef,
    Intent,
    Query,
    Spell,
    StateName,
    SubjectRef,
    TimeRef,
)
from spotter.answer.rewrite import rewrite as _rewrite
from spotter.answer.rewrite import rules as _rules
from spotter.answer.rewrite import word_swap
from spotter.world.geometry import Sector
from spotter.world.labels import is_person

log = logging.getLogger(__name__)

# --- vocabulary --------------------------------------------------------------------------------

LABELS = (
    "worker", "ladder", "toolbox", "drill", "hammer", "scaffold", "wheelbarrow", "cone", "pallet", "brick_wall",
    "excavation", "suspended_load", "bucket", "barrier", "saw", "grinder", "helmet_rack", "generator", "mixer",
    "angle_grinder", "cement_mixer", "concrete_mixer", "skid_steer", "rebar",
    "forklift", "excavator", "crane", "skip", "van", "truck", "bricks", "spade", "shovel", "level", "tape_measure",
    "trowel", "crowbar", "chisel", "wrench",
)  # fmt: skip

# Synonym -> label. Longer phrases win over shorter ones that they contain.
SYNONYMS: dict[str, str] = {
    # people
    "worker": "worker", "workers": "worker", "workman": "worker", "workmen": "worker", "person": "worker",
    "people": "worker", "persons": "worker", "guy": "worker", "guys": "worker", "lad": "worker", "lads": "worker",
    "feller": "worker", "fellers": "worker", "geezer": "worker", "geezers": "worker", "boilermaker": "worker",
    "hole watch": "worker", "fire watch": "worker", "scaffold builder": "worker", "man basket": "man_basket",
    "come-along": "come_along", "fire hose": "fire_hose",
    "bloke": "worker", "blokes": "worker", "fella": "worker", "fellow": "worker", "fellas": "worker", "fellows": "worker",
    "chaps": "worker", "chap": "worker", "man": "worker",
    "men": "worker", "woman": "worker", "women": "worker", "bricklayer": "worker", "brickie": "worker",
    "brickies": "worker", "labourer": "worker", "laborer": "worker", "labourers": "worker", "laborers": "worker",
    "operator": "worker", "operative": "worker", "operatives": "worker", "visitor": "worker", "visitors": "worker",
    "mate": "worker", "colleague": "worker", "coworker": "worker", "co-worker": "worker", "employee": "worker",
    "staff": "worker", "builder": "worker", "builders": "worker", "crew member": "worker", "somebody": "worker",
    "someone": "worker", "anyone": "worker", "anybody": "worker", "individual": "worker", "individuals": "worker", "electrician": "worker", "carpenter": "worker",
    "plumber": "worker", "apprentice": "worker", "foreman": "worker", "inspector": "worker", "trainee": "worker",
    "team member": "worker", "buddy": "worker", "security guard": "worker", "guard": "worker", "kid": "worker", "girl": "worker", "boy": "worker", "auntie": "worker", "aunty": "worker", "dude": "worker",
    "hombre": "worker", "boss": "worker", "contractor": "worker", "subcontractor": "worker",
    "scaffolder": "worker", "rigger": "worker", "banksman": "worker", "digger driver": "worker",
    "flagger": "worker", "flaggers": "worker", "marshal": "worker", "traffic marshal": "worker", "ganger": "worker", "porter": "worker", "porters": "worker", "crane driver": "worker", "crane drivers": "worker", "tiler": "worker", "tilers": "worker",
    "traffic controller": "worker", "watchman": "worker", "casual": "worker", "flagman": "worker", "hse officer": "worker",
    "steel fixer": "worker", "steelfixer": "worker", "fixer": "worker", "groundworker": "worker",
    "ground worker": "worker", "groundsman": "worker", "plasterer": "worker", "roofer": "worker", "welder": "worker",
    "painter": "worker", "joiner": "worker", "glazier": "worker", "signaller": "worker", "slinger": "worker",
    "crane operator": "worker", "supervisor": "worker", "site manager": "worker", "surveyor": "worker",
    "tradesman": "worker", "handyman": "worker", "rodbuster": "worker", "ironworker": "worker",
    "brother": "worker", "brothers": "worker", "sister": "worker", "sisters": "worker", "uncle": "worker",
    "cousin": "worker", "cousins": "worker", "nephew": "worker",
    "gentleman": "worker", "gent": "worker", "lady": "worker", "newcomer": "worker", "new guy": "worker",
    "general hand": "worker", "general hands": "worker", "yer man": "worker", "yon man": "worker", "young fella": "worker", "wee man": "worker",
    "formworker": "worker", "concrete finisher": "worker", "finisher": "worker", "shuttering joiner": "worker",
    "drywaller": "worker", "framer": "worker", "pipefitter": "worker", "mason": "worker", "labour": "worker",
    "helper": "worker", "laborer guy": "worker", "sub": "worker", "fitter": "worker", "fitters": "worker",
    "erector": "worker", "erectors": "worker", "steel erector": "worker", "pipelayer": "worker", "driver": "worker",
    "engineer": "worker", "mechanic": "worker", "hod carrier": "worker", "hodcarrier": "worker", "demolisher": "worker", "sparky": "worker", "sparkies": "worker",
    "sparkie": "worker", "chippy": "worker", "chippie": "worker", "chippies": "worker", "dogman": "worker", "gateman": "worker",
    "dogmen": "worker", "tradie": "worker", "tradies": "worker", "concreter": "worker", "concreters": "worker",
    "oke": "worker", "okes": "worker", "ou": "worker", "ous": "worker", "laaitie": "worker", "laaities": "worker",
    "folks": "worker", "folk": "worker", "signalman": "worker", "signalmen": "worker", "signalperson": "worker",
    "fulla": "worker", "fullas": "worker", "journeyman": "worker", "journeymen": "worker", "blockie": "worker", "blockies": "worker", "thambi": "worker",
    "safety officer": "worker", "safety man": "worker", "iron bender": "worker", "iron benders": "worker",
    "offsider": "worker", "offsiders": "worker", "equipment operator": "worker", "fire warden": "worker",
    "site engineer": "worker", "site agent": "worker",
    # things
    "head pan": "head_pan", "headpan": "head_pan", "head pans": "head_pan", "safety harness": "harness", "harness": "harness", "harnesses": "harness",
    "skip bin": "skip", "skip bins": "skip", "measuring tape": "tape_measure",
    "circ saw": "circular_saw", "level laser": "laser_level", "welding helmet": "welding_helmet", "welding mask": "welding_helmet", "welding hardhat": "welding_helmet", "tying gun": "tying_gun", "jerry can": "jerry_can", "jerrycan": "jerry_can", "fuel can": "fuel_can", "tie gun": "tying_gun", "rebar tier": "tying_gun", "skilsaw": "circular_saw", "skil saw": "circular_saw", "skillsaw": "circular_saw", "drop saw": "drop_saw", "bull float": "bull_float", "ply": "plywood", "scaffie": "worker",
    "scaffies": "worker", "concrete vibrator": "concrete_vibrator", "screed board": "screed_board", "tape": "tape_measure", "laser level": "laser_level", "laser levels": "laser_level", "fire extinguisher": "fire_extinguisher", "extinguisher": "fire_extinguisher",
    "tool box": "toolbox", "tool-box": "toolbox", "toolbox": "toolbox", "toolboxes": "toolbox",
    "gang box": "toolbox", "gangbox": "toolbox", "job box": "toolbox", "tool bag": "toolbox", "tool chest box": "toolbox",
    "cart": "wheelbarrow", "buggy": "wheelbarrow",
    "tool chest": "toolbox", "tool case": "toolbox", "tool kit": "toolbox", "toolkit": "toolbox",
    "ladder": "ladder", "ladders": "ladder", "step ladder": "ladder", "stepladder": "ladder",
    "drill": "drill", "drills": "drill", "power drill": "drill", "drill driver": "drill", "driver drill": "drill",
    "cordless drill": "drill", "hammer drill": "drill", "impact driver": "drill",
    "trowel": "trowel", "trowels": "trowel", "crowbar": "crowbar", "chisel": "chisel", "wrench": "wrench",
    "hammer": "hammer", "hammers": "hammer", "mallet": "hammer", "sledgehammer": "sledgehammer", "sledge": "sledgehammer",
    "scaffold": "scaffold", "scaffolding": "scaffold", "scaffold tower": "scaffold", "scaffolds": "scaffold",
    "wheelbarrow": "wheelbarrow", "wheel barrow": "wheelbarrow", "barrow": "wheelbarrow",
    "wheelbarrows": "wheelbarrow",
    "cone": "cone", "cones": "cone", "witches hats": "cone", "witches hat": "cone", "witch hat": "cone", "traffic cone": "cone", "safety cone": "cone", "pylon": "cone",
    "pallet": "pallet", "pallets": "pallet", "skid": "pallet",
    "brick wall": "brick_wall", "brickwall": "brick_wall", "wall": "brick_wall", "walls": "brick_wall",
    "brickwork": "brick_wall", "blockwork": "brick_wall", "brick": "brick_wall", "bricks": "brick_wall",
    "course": "brick_wall", "courses": "brick_wall", "bricklaying": "brick_wall", "masonry": "brick_wall",
    "excavation": "excavation", "excavations": "excavation", "hole": "excavation", "trench": "excavation",
    "pit": "excavation", "dig": "excavation", "ditch": "excavation", "footings": "excavation", "sump": "excavation",
    "shaft": "excavation",
    "open hole": "excavation", "the dig": "excavation", "digging": "excavation", "groundworks": "excavation",
    "pipe load": "suspended_load", "pipe loads": "suspended_load", "pipe lift": "suspended_load",
    "metal frame": "scaffold", "tall metal frame": "scaffold", "frame": "scaffold", "tower": "scaffold",
    "light tower": "light_tower", "lighting tower": "light_tower", "tower light": "light_tower",
    "suspended load": "suspended_load", "suspended_load": "suspended_load", "hanging load": "suspended_load",
    "crane load": "suspended_load", "lifted load": "suspended_load", "load": "suspended_load",
    "loads": "suspended_load", "lift": "suspended_load",
    "bucket": "bucket", "barrier": "barrier", "barriers": "barrier", "fence": "barrier",
    "full body harness": "harness", "body harness": "harness",     "crane truck": "crane_truck", "scaffolding pipe": "scaffolding_pipe", "scaffold pipe": "scaffolding_pipe",
    "scaffold tube": "scaffold_tube", "pallet jack": "pallet_jack", "pallet truck": "pallet_truck", "skip lorry": "skip_lorry", "skip truck": "skip_lorry",
    "water truck": "water_truck", "water lorry": "water_truck",     "saw": "saw", "circular saw": "saw", "cut off saw": "cut_off_saw", "cut-off saw": "cut_off_saw",
    "cutoff saw": "cut_off_saw", "chop saw": "chop_saw", "grinder": "grinder", "angle grinder": "angle_grinder",
    "wacker packer": "plate_compactor", "whacker packer": "plate_compactor", "wacker plate": "plate_compactor",
    "plate compactor": "plate_compactor", "wacker": "plate_compactor", "whacker": "plate_compactor",
    "connector": "worker", "connectors": "worker", "super": "worker", "superintendent": "worker",
    "ute": "ute", "utes": "ute", "esky": "esky", "kango": "jackhammer", "kango hammer": "jackhammer",
    "jackhammer": "jackhammer", "bar bender": "worker",
    "generator": "generator", "genny": "generator", "mixer": "mixer", "cement mixer": "cement_mixer", "mixer truck": "mixer_truck", "agi": "agitator_truck", "agitator truck": "agitator_truck",
    "forklift": "forklift", "excavator": "excavator", "digger": "excavator", "crane": "crane",
    "tower crane": "tower_crane", "tower cranes": "tower_crane", "barrel": "barrel", "barrels": "barrel",
    "marra": "worker", "marras": "worker",
    "skip": "skip", "van": "van", "truck": "truck", "lorry": "truck", "lorry crane": "lorry_crane", "spade": "spade", "shovel": "shovel",
    "spirit level": "spirit_level", "tape measure": "tape_measure", "first_aid_kit": "first_aid_kit",
    "gas bottle": "gas_cylinder", "gas bottles": "gas_cylinder", "gas cylinder": "gas_cylinder",
    "gas cylinders": "gas_cylinder", "propane bottle": "gas_cylinder", "skid loader": "skid_loader", "skid loaders": "skid_loader", "bobcat": "skid_steer", "skid steer": "skid_steer", "skidsteer": "skid_steer", "dewalt": "drill", "makita": "drill",
    "escalera": "ladder", "la escalera": "ladder", "andamio": "scaffold", "el andamio": "scaffold", "taladro": "drill",
    "el taladro": "drill", "martillo": "hammer", "el martillo": "hammer", "carretilla": "wheelbarrow", "la carretilla": "wheelbarrow",
    "caja de herramientas": "toolbox", "cono": "cone", "conos": "cone", "zanja": "excavation", "la zanja": "excavation",
    "trabajador": "worker", "el trabajador": "worker", "drabina": "ladder", "rusztowanie": "scaffold", "wiertarka": "drill",
    "scissor lift": "scissor_lift", "scissor lifts": "scissor_lift", "boom lift": "boom_lift", "cherry picker": "cherry_picker",
    "concrete truck": "concrete_truck", "concrete buggy": "concrete_buggy", "nail gun": "nail_gun", "shop vac": "shop_vac", "pump truck": "pump_truck", "taczka": "wheelbarrow", "rebar": "rebar", "bundle of rebar": "rebar", "total station": "total_station", "theodolite": "total_station", "concrete mixer": "concrete_mixer",
    "mud mixer": "mortar_mixer", "mortar mixer": "mortar_mixer",
}  # fmt: skip
_PEOPLE = {k for k, v in SYNONYMS.items() if v == "worker"}
_WEAK_PEOPLE = {"someone", "somebody", "anyone", "anybody", "individual", "person", "people", "persons"}
"""Words that name a person without saying who ("someone"): a weak subject; never joined from split words."""

COLOURS = (
    "orange", "yellow", "green", "red", "blue", "white", "pink", "lime", "black", "grey", "gray", "purple", "brown",
    "silver",
)  # fmt: skip

# Words the typo corrector maps to (besides synonyms and colours).
_KEYWORDS = (
    "where", "when", "what", "which", "how", "long", "since", "before", "after", "between", "still", "same",
    "different", "direction", "behind", "left", "right", "front", "ahead", "idle", "working", "dropped",
    "picked", "moved", "first", "last", "seen", "minutes", "seconds", "hours", "ladder", "remind", "point",
    "toolbox", "wheelbarrow", "excavation", "scaffold", "suspended", "helmet", "hardhat", "vest", "many",
    "again", "start", "started", "stopped", "finished", "course", "brick", "laid", "anything", "something",
    "standing", "break", "total", "altogether", "currently", "right now", "earlier", "ago", "hammer", "drill",
    "pallet", "worker", "workers", "appeared", "arrived", "leave", "location", "facing", "towards", "inside",
    "ground", "lying", "without", "wearing", "happened", "individual", "distinct", "person", "people",
)  # fmt: skip

_NUMBER_WORDS = {
    "zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40,
    "fifty": 50, "sixty": 60, "ninety": 90,
}  # fmt: skip
_ORDINALS = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
    "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7, "eighth": 8, "8th": 8, "ninth": 9, "9th": 9,
    "tenth": 10, "10th": 10,
}  # fmt: skip

# Off-domain topics: a question about these is not about the camera's memory.
_OFF_DOMAIN = re.compile(
    r"^why\b|\buntil (the \w+|it|they) (is|are|will be) (ready|done|finished|complete)|\bpredict\w*|\bforecast\w*|\bestimate when\b|\bwill (it|he|she|they|the \w+( \w+)?) (be )?(finish|finished|done|complete)|\bremind me (at|in \d|to (check|call|do|order|book|tell|ring|email|send))\b|\bhow many \w+ (are|is) (left|remaining)\b|\b(buy|purchase|cheap|shop(?! vac)|remain to be|still to be (laid|done|built)|left to (lay|do|build)|how many more|how many \w+ (is|are) (in|on) (one|a|each|every|per) \w+|"
    r"going rate|day rate|whose shout|at the pub|butty van|burger van|snack van|by code|(how many|how much) (mm|millimet\w+|centimet\w+|cm)\b|"
    r"\bwhy (he|she|they|did|was|is|it|would)\b|\breason (what|why)\b|how many (\w+ ){1,2}more(?! than)\b|"
    r"need(ed)? (for|to) (finish|complete)|^is it (ok|okay|alright|all right|safe|allowed) (to|if|for me to)\b|"
    r"regarded as complete|weather|rain(ing)?|forecast|temperature|sunny|pay(roll|day|slip)?|salary|wages?|invoice|budget|cost|"
    r"price|order (more|some|new)|deliver(y|ies) (is |are )?(due|coming|expected|scheduled|arriv\w+ (tomorrow|later|next))|"
    r"next ([\w-]+ )?(delivery|lorry|wagon|truck|load)|(is|are) (it|they|the \w+|the \w+ \w+) due|^(what time|when) (the \w+|the \w+ \w+) due$|schedule|play (some )?music|song|joke|(a|one|good|funny) (story|stories)|(happy|satisfied|pleased) with|"
    r"\b(store|shop|canteen|cafe|café) (close|closes|closed|open|opens)\b|"
    r"call (my|the|him|her)|send (the |a |my |an )?\w*\s*(report|email|message|photo|picture)|"
    r"(how many|how much) \w+ (go|goes|fit|fits) (in|into)|how many (bags|tonnes|tons|litres|liters|cubes|sheets|m3|m³|yards|kilos?|kg) of|will it take to|square (metre|meter)|per (metre|meter)|"
    r"(?<!\bon the )(?<!\bon his )(?<!\bon her )(?<!\bon their )phone (number)?|text (my|him|her)|email|lunch menu|(?<!\bwork )(?<!\bworking )(?<!\boff )for (lunch|dinner)|regulation|law|legal|"
    r"insurance|opinion|think of|(is|are) (he|she|they) thinking|thinking (what|about)|do you like|how are you|\beta\b|man[- ]hours|where (a \w+|i|we|you|one) (can|could) (get|buy|grab)\b|where (can|could|do|does) (i|we|you|a \w+|one) (get|buy|grab) (a|an|some|decent)\b|favourite|favorite|meaning of life|who are you|your name|"
    r"(will|shall) be (finish|finished|done|ready|complete|completed)\b|how many \w+ (we |they |i )?(need|needed) (for|to)\b|"
    r"(get|getting|got|gets) paid|pay ?day|wages|salary|"
    r"\b(a )?(good|bad|lazy|hard-?working|decent|reliable|careful|skilled) (worker|workman|labourer|laborer|fella|fellow)\b|"
    r"\bmy (kid|kids|son|daughter|wife|husband|children|child|missus|mum|mom|dad|family)\b|"
    r"board feet|\b(we|i|you) (have |'ve )?got left\b|"
    r"tell me about yourself|news|football|score|match|game|kick-?off|(what is|whats) (the|his|her|their) names?\b|holiday|vacation|sick leave|overtime|"
    r"permit|certificate|qualification|recommend|advice|should we|how do i (build|lay|install|fix|mix)|"
    r"design|architect|drawings?|plan(s|ning)? for|tomorrow|next week|next month|set (a |an )?(alarm|timer|reminder)|"
    r"translate|calculate(?! (the |his |her )?(total )?(working|idle|work|break) time)|convert|(will|shall) (we|they|he|she|i|you) "
    r"(lay|build|finish|install|pour|complete)|(until|till|by) (monday|tuesday|wednesday|thursday|friday|saturday|sunday)|what day is|date today|time is it|what time is it|"
    r"(?<!\bi )reckon(?! (someone|somebody|some ?one|something|there|he|she|it|they|you|is|was|i|we)\b)|attitude|"
    r"rostered|roster|night shift|hire|fire (him|her|them|the \w+)|fired|sack|hiring|staffing|how much (does|do|is|are)|worth|earn|good idea|"
    r"is it (a )?good|better to|bad idea|still need|need to finish|how many \w+ (will|do|would|shall) (we|i|they|you) need|(will|would|shall) (we|they) need\b|^(ping|notify|alert) me (when|if)|nearest (chippy|chip shop|shop|cafe|caff|pub)|planned|wind|reasonable|method statement|requires?|required for|"
    r"regulations?|accidents?|injur\w*|near miss\w*|this (month|year)|how fast|what speed|how quick(ly)?|(will|shall) (we|they|he|she|you|i) have|"
    r"by (monday|tuesday|wednesday|thursday|friday|saturday|sunday|the end of (the |this |next )?(day|week|month|shift|year|job|project|contract|today|tomorrow)\b)|^(will|shall|when will|what time will)|^(what|who|where|which \w+) will\b|"
    r"(which|what) (sub|subbie|subcontractor|company|firm|contractor|outfit|employer|agency)( does| is| do)?|birthday|"
    r"anniversary|for (mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday|the weekend)|(how many|how much) \w+ remains?|^today knock off|(do|will|shall) (we|i|you) knock off|"
    r"how many \w+ (do |will |would |shall )?(we|i|they|you) (still )?(need|require)|how many cubic|(i|we) (come|go|get) home|"
    r"my round|how many sugars|going to say|(order|delivery) (going to|gonna) arrive|(what did|what has) (the \w+|he|she) "
    r"(tell|told|say|said)|^what time (is|are) .* coming\b|send (\w+ ){0,3}(a |an )?(message|text|email)|"
    r"^is it the (correct|right|proper) one$|lacking for|by whom?( name)?\s*$|\bwhy\s*$|how far (from me|away)|in (metres|meters|feet)|"
    r"(radio|call|ring|phone|text) (the|my) \w+ and tell|supposed to (get|arrive|come|be) here|telephone|up to code|"
    r"the right one or the other one|how many \w+ (will|do|would|shall) (we|i|they|you) want|(does|do|would|will) it take to "
    r"(build|make|lay|finish|do)|under the influence|intoxicated|alcohol|drunk|when (we|i|you|they|he|she|it) will|"
    r"mosque|church|temple|prayers?|(to|towards) the (north|south|east|west)(-?(east|west))?( of)?|compass|any good at|"
    r"earn(s|ing|ed)?|money|(the \w+|his|her|their) names?|^(\w+ )?(worker|guy|lad|man|person|bloke|driver|operator) names?\s*$)\b"
)


# --- normalisation -------------------------------------------------------------------------------

_CONTRACTIONS = (
    (r"\b(l|r|left|right) or (l|r)\b", lambda m: ("left" if m.group(1)[0] == "l" else "right") + " or " + ("left" if m.group(2) == "l" else "right")),
    # note-taking shorthand: "wkr idle dur", "L of me", "bhd me", "no. of wkrs", "tot", "yel vest" (before "r" = "are")
    # "since how much he took off the helmet": since the event (before a glossary reads it as a duration)
    (r"\bsince how (?:much time|much|long)\b(?=.*(?<!without )(?<!without a )\b(stop|stopped|take|took|taken|left|leave|dropped|drop|fell|fall|came|come|"
     r"arrived|arrive|started|start|moved|move|saw|seen|went|gone)\b)", "how long since"),
    (r"\b(has|have|is|was|wis|did|does|do|were|would|could)nae\b", lambda m: ("was" if m.group(1) == "wis" else m.group(1)) + "n't"),
    (r"\b(l|r)( of| o/| of the)? me\b", lambda m: ("left" if m.group(1) == "l" else "right") + " of me"),
    (r"\bdur\b", "duration"), (r"\btot\b(?= (dur|duration|time|idle|working|work|spell)\b)|(?<=\bidle )tot\b|(?<=\bworking )tot\b|(?<=\bhow long )tot\b|"
     r"(?<=\bmin )tot\s*$|(?<=\bmins )tot\s*$|(?<=\bminutes )tot\s*$|(?<=\bhrs )tot\s*$|(?<=\d:\d\d )tot\s*$", "total"), (r"\b(bhd|bhnd|behnd)\b", "behind"), (r"\b(yel|yllw)\b", "yellow"),
    (r"\b(wk|wrk)\b", "work"), (r"\b(wkng|wrkng|wkg|wrkg)\b", "working"), (r"\b(brk|brek)\b", "break"), (r"\baft\b", "after"),
    (r"\bb4\b", "before"), (r"\b(whr|whre|wher)\b", "where"), (r"\bloc\b", "location"), (r"\blen\s*$", "length"),
    (r"\blvl\b", "level"), (r"\btoolbx\b", "toolbox"), (r"\bscaf\b", "scaffold"), (r"\bdir\b", "direction"),
    (r"\bfr-(l|r)\b", lambda m: "front-" + ("left" if m.group(1) == "l" else "right")),
    (r"\b(back|bk|bhd|behind) (l|r)\b", lambda m: "behind me on the " + ("left" if m.group(2) == "l" else "right")),
    (r"(?:@|\bat)\s*(\d{1,2})m(\d{2})s?\b", r"at \1:\2"), (r"(?:@|\bat)\s*(\d{1,2})m\b", r"at \1 minutes"),
    (r"(?<!was )(?<!were )(?<!been )(?<!be )\brevisit(ed|s)?\b(?! by)", "went back to"),
    (r"\b(?:the )?(drill|hammer|toolbox|ladder|bucket|pallet|wheelbarrow|barrow|cone|saw|grinder|load) (drop|dropped|drop-off) (spot|place|point|location)\b",
     r"the spot where the \1 was dropped"), (r"\bwkrs\b", "workers"), (r"\bwkr\b", "worker"),
    (r"\bblk\b", "black"), (r"\bno\.? of\b", "number of"), (r"\borig\b", "original"), (r"\bposn?\b", "position"),
    (r"\bwhere'd\b", "where did"), (r"\bwhat'd\b", "what did"), (r"\bwhen'd\b", "when did"),
    (r"\b(can|don|didn|isn|wasn|doesn|haven|hasn|couldn|shouldn|wouldn|aren|weren)t\b", r"\1't"),  # typed without the '
    (r"\bhow'd\b", "how did"), (r"\bwho'd\b", "who did"), (r"\bwon't\b", "will not"), (r"\bcan't\b", "can not"),
    (r"\bain't\b", "is not"), (r"n't\b", " not"), (r"'re\b", " are"), (r"'ve\b", " have"), (r"'ll\b", " will"),
    (r"\bi'm\b", "i am"), (r"\blet's\b", "let us"), (r"\b(it|that|there|here|what|where|who|how|he|she|when|way)'s\b", r"\1 is"),
    (r"\by'all\b", "you all"), (r"\bgonna\b", "going to"), (r"\bwanna\b", "want to"), (r"\bgotta\b", "got to"),
    (r"\bdunno\b", "do not know"), (r"\bhwo\b", "how"), (r"\bhw\b", "how"), (r"\bwher\b", "where"),
    (r"\bwhn\b", "when"), (r"\bwat\b", "what"), (r"\bwot\b", "what"), (r"\batm\b", "at the moment"),
    (r"\brn\b", "right now"), (r"\bidel\b", "idle"), (r"\bhalf hour\b", "30 minutes"), (r"\bppl\b", "people"),
    (r"\bdiff\b", "different"), (r"\boutta\b", "out of"), (r"\bw\b(?= (no|a|an|the|his|her)\b)", "with"),
    (r"\bhows long\b", "how long"), (r"\bgonna\b", "going to"), (r"\bchillin\b", "chilling"),
    (r"\bwi\b", "with"), (r"\bnae\b", "no"), (r"\bfae\b", "from"), (r"\byon\b", "that"), (r"\bthe now\b", "now"),
    (r"\bfolks?\b|\bbodies\b", "people"), (r"\bclear(ed|s)? off\b", "left"), (r"\b(for |on )?(the |his |her )?first go\b(?=\s*[?.!]*\s*$)", "the first time"),
    (r"\b(been|come|came) by\b", "been here"), (r"\bfirst[- ]aid (kit|box)\b", "first_aid_kit"),
    (r"\b(scran|snap|bait|crib)\b", "lunch"), (r"\bhow far (into|in) (the video|the footage|the recording|the clip)\b", "when"),
    (r"\bget back (to )?(working|grafting|work|graft)\b", "go back to work"), (r"\bbeen sat (there|about|around|down)\b", "been idle"),
    (r"\bis (that|this) him (who|that)\b", r"is \1 the one who"),
    (r"\b(is|was) (that|this|it) (him|her) (who|that|as)\b", r"\1 \2 the one who"), (r"\bthe one as\b", "the one who"),
    (r"\b(he|she) is the one (?!who\b|that\b)", r"is \1 the one who "),
    (r"\b(bugger|piss|nick|sod|shoot)(ed|s)? off( home)?\b", lambda m: "left" if m.group(2) == "ed" else "leave"),
    (r"\bhard at it\b", "working"), (r"\bsitting on (his|her|their) (backside|arse|ass|bum|butt)\b", "idle"),
    (r"\b(begin|began|begun|start|started|take|took|taken) (his|her|their|a) (pause|break|rest)\b",
     lambda m: "go on a break" if m.group(1) in ("begin", "start", "take") else "went on a break"),
    (r"\b(his|her|their|a) pause\b", r"\1 break"),
    (r"\bwent back already to (?:the )?(place|spot) where\b|\bwent back to place where\b", "went back to where"),
    # a formal register: "for what period", "up to the present", "prior to the present", "does it remain"
    (r"\bfor what (period|length of time|duration|amount of time)( of time)?\b|\bwhat period of time\b", "how long"),
    (r"\bhow long (prior to|before) (the present( time| moment)?|now)\b", "how long ago"),
    (r"\b(prior to|before) the present( time| moment)?\b", "ago"),
    (r"\b(up (un)?to|as (at|of)|at) the present( time| moment)?\b", "now"),
    (r"\b(does|do) ((?:the|that|this|my|our) [\w -]+?|it|they) remain,?(?: as of now,?| now,?| still,?)?(?= (where|in|at|on|there|here)\b)",
     r"is \2 still"),
    (r"\b(enumerate|itemi[sz]e)\b", "list"), (r"\b(to|on|at) the wearer'?s? (left|right)\b", r"on my \2"),
    (r"\bbehind the wearer\b", "behind me"), (r"\bin front of the wearer\b", "in front of me"),
    (r"\bgetting on with (his|her|their|the) (work|job)\b", "working"),
    (r"\bwhat(?: is|'s) (about|around) (over )?(that way|there|that side)\b", "what is there"),
    (r"\bshow(s|ed|n)? (his|her|their) face\b", r"show\1 up"),
    (r"\b(knock|knocks|knocked) off for (a|his|her|their) (sit[- ]down|break|brew|tea|cuppa|smoke|rest)\b",
     lambda m: "go on a break" if m.group(1) == "knock" else "gone on a break"
     if re.search(r"\b(has|have|had)\b(?!.*\b(?:since|after|before|when|until|till)\b)", m.string[:m.start()]) else "went on a break"),
    (r"\b(before|after) ([^,?]+),? or did (he|she|they) [\w ]+? (after|before)\b[^?]*", r"\1 \2"),  # "X before Y, or did he stroll in after"
    (r"\bdiagonal(ly)? (right|left) behind( me)?\b", r"behind me on the \2"),
    (r"\bdiagonal(ly)? (right|left) (in front( of me)?|ahead)\b", r"front \2"),
    (r"\bdiagonal(ly)? (behind|back) (right|left)\b", r"behind me on the \3"),
    (r"\bladr\b|\bladdr\b", "ladder"), (r"\bwats\b", "whats"), (r"\bwh?i?ch ways\b", "which way is"),
    (r"\bstop(ped|s)? for (a|his|her|their|the) (\w+ )?(brew|break|smoko|tea|cuppa|lunch)\b", r"went on \2 \3\4"),
    (r"^did (the [\w -]+?) go (before|after)\b", r"did \1 leave \2"),
    (r"\b(get|got|gets) back to (his|her|their) (spot|place|position|patch)( from)?\b", lambda m: f"go back to where {dict(his='he', her='she', their='they')[m.group(2)]} was"),
    (r"\bstill were (it|they) (was|were)\b", r"still where \1 \2"),
    (r"\b(without|no|w/o) (their |his |her )?hats\b", r"\1 \2hardhats"),
    (r"\bdoing (owt|anything|any work)( or (just )?[^?]*)?\s*$", "working"),
    (r"\bb4\b", "before"), (r"\brite\b", "right"), (r"\bactualy\b", "actually"), (r"\bwen\b", "when"), (r"\bwitch (way|direction|side)\b", r"which \1"),
    (r"\bd'?ya\b|\bd'?you\b", "do you"), (r"\bwheres\b", "where is"), (r"\bwhos\b", "who is"),
    (r"\bwhats\b", "what is"), (r"\bhows\b(?! long)", "how is"), (r"\bya\b", "you"), (r"\bgaffer\b", "foreman"),
    (r"\bwheel ?barrels?\b", "wheelbarrow"), (r"\bpalette\b", "pallet"), (r"\bgraft(ing|in)?\b", "working"),
    (r"\brecommenc\w*|\bre-?commenc\w*", "resumed"), (r"\bdivest(ed|s)? (himself|herself|themselves) of\b", "took off"),
    (r"\bemerg(ed|es|e|ing) from\b", "came out of"), (r"\b(lie|lay|lain|lying|rest|rested) upon\b", r"\1 on"),
    (r"\bsmoko\b", "break"), (r"\bbludg(e|ing|ed)\b", "idling"), (r"\bskived (off|aff)\b", "went idle"), (r"\bskive (off|aff)\b", "go idle"), (r"\bskiv(e|ing|ed)\b", "idling"), (r"\bu\b", "you"), (r"\bur\b", "your"), (r"\br\b", "are"), (r"\bpls\b", "please"),
    (r"\bplz\b", "please"), (r"\bmins?\b", "minutes"), (r"\bsecs?\b", "seconds"), (r"\bhrs?\b", "hours"),
    (r"\bw/o\b", "without"), (r"\bw/(?=\s|\w|$)", "with "), (r"\bthru\b", "through"), (r"\bcuz\b", "because"),
    # New Zealand site words: "mahi" (work), "the hammy" (hammer drill), "the scaff", "the bro in orange"
    (r"\bmahi\b", "work"), (r"\bcracking (on|into it|in)\b", "working"), (r"\bhaving a (yarn|natter|chinwag)\b", "standing around"),
    (r"\binstead of (working|cracking on|graft\w*|getting on with it)\b", ""), (r"\bparked up\b", "parked"),
    (r"\b(hopped|hop|hops|jumped|jump|jumps|popped|pop) (back )?out of\b", r"came \2out of"), (r"\bhamm(y|ie)\b", "hammer drill"), (r"\bscaff\b", "scaffold"),
    (r"\b(the|a|that|this|which|what|any) bro(s?)\b", r"\1 guy\2"),
    # dictation: a word said twice ("the the", "at at"), "up til", a misheard "lather"
    (r"\b(the|a|at|to|in|on|of|is|was|my|it) \1\b", r"\1"), (r"\bup (til|till)\b", "until"),
    (r"\b(the|a|an|extension|step) lathers?\b", r"\1 ladder"),
    # phone autocorrect slips into real words, in a thing's place: "my drip" (drill), "the tench", "wire spoil",
    # "hard hay", "the larder" (ladder); "bounce" (leave), "tf"/"wtf"
    (r"\b(the|my|a|his|her|that|this|yellow|red|blue|green|orange|black|cordless|hammer) (drip|drips)\b", r"\1 drill"),
    (r"\b(the|a|that|in|into|of) tench\b", r"\1 trench"), (r"\bwire spoils?\b", "wire spool"),
    (r"\bhard ?hay\b", "hardhat"), (r"\b(the|my|a|that|step|extension) larders?\b", r"\1 ladder"), (r"\blef\b", "left"),
    (r"\b(bounce|bounced|dipped|dip|peaced out|peace out)\b(?=\s*$)", "leave"), (r"\b(tf|wtf|the fuck|the hell)\b", ""),
    # on a site the jacket is the hi-vis ("the guys in the yellow jackets", "that guy without the jacket")
    (r"\b(guy|man|one|fella|fellow|bloke|lad|worker|person|chap|woman|lady|helper|labourer|boy) without (?:(?:the|his|her|their|any|a) )?"
     r"(?:vest|(?:hi|high)[- ]?vi[sz]|jacket)\b", r"\1 without a vest"),
    (r"\b(in|wearing|with) the (yellow|orange|red|green|blue|white|pink|grey|gray|black) jackets\b", r"\1 the \2 vest"),
    (r"\bhi[- ]?viz\b", "hi-vis"), (r"\b(hi|high) vis\b", "hi-vis"), (r"\bhivis\b", "hi-vis"), (r"\bhard[- ]hats?\b", "hardhat"),
    (r"\b(helmets?|hjelm)\b", "hardhat"), (r"\blids?\b", "hardhat"), (r"\bhard ?(caps?|cats?)\b", "hardhat"),
    (r"\bhardhats\b", "hardhat"), (r"\bsafety hats?\b", "hardhat"),
    (r"\b(reflective|reflector|safety|fluoro|fluorescent|high[- ]visibility) (jacket|vest|waistcoat|bib)s?\b", "vest"),
)  # fmt: skip
_CONTRACTIONS_RE = [(re.compile(p), r) for p, r in _CONTRACTIONS]
_PPE_FORMS_RE = _CONTRACTIONS_RE[-9:]  # the last rules above, from "hi vis": applied again after typo fixing

_VOCAB = sorted(
    {w for phrase in SYNONYMS for w in phrase.split()} | set(COLOURS) | {w for k in _KEYWORDS for w in k.split()}
)
_VOCAB_SET = set(_VOCAB)
_KEYWORD_SET = frozenset(w for k in _KEYWORDS for w in k.split())
_COMMON = {
    "wrench", "spanner", "crimper", "trowel", "chisel", "float", "fittings", "fitting",  # tools and parts a typo away from site words
    "scold",  # (a word a typo away from "scaffold")
    "breather", "breathers",  # (a typo away from "brother")
    "wheelie",  # ("wheelie bin", not a wheel)
    "spotter", "porta", "potter",  # (the product's name, a "porta potty" and "potter about" are not a porter)
    "the", "a", "an", "is", "was", "of", "to", "my", "me", "i", "it", "in", "at", "on", "did", "has", "have",
    "and", "or", "for", "from", "with", "this", "that", "there", "here", "you", "your", "he", "she", "they",
    "them", "his", "her", "their", "we", "our", "us", "be", "been", "being", "are", "were", "do", "does", "can",
    "could", "would", "will", "shall", "should", "may", "might", "must", "not", "no", "yes", "now", "then",
    "just", "again", "ever", "still", "so", "far", "up", "down", "over", "out", "off", "by", "about", "into",
    "one", "ones", "thing", "things", "stuff", "see", "saw", "seen", "look", "looking", "put", "get", "got",
    "going", "go", "went", "gone", "come", "came", "back", "let", "know", "tell", "show", "give", "need",
    "want", "like", "time", "times", "much", "many", "long", "last", "next", "near", "close", "away", "around",
    "spot", "place", "side", "hand", "way", "turn", "leave", "left", "right", "him", "its", "who", "whom",
    "lay", "laid", "lying", "set", "take", "took", "taken", "make", "made", "hole", "dig", "done", "lift",
    "load", "loads", "pit", "man", "men", "mate", "kid", "boy", "girl", "boss", "dude", "chap", "lad",
    "skip", "van", "level", "course", "courses", "mixer", "wall", "walls", "cone", "cones", "fence",
    "some", "any", "all", "each", "every", "other", "another", "same", "different", "whether", "if", "okay",
    "ok", "hey", "um", "uh", "er", "erm", "hmm", "well", "please", "quick", "question", "since", "ago",
    "where", "what", "which", "when", "how", "why",
}  # fmt: skip


@functools.lru_cache(maxsize=1)
def _english() -> frozenset[str]:
    """Whole English words (MiniLM's WordPiece vocabulary, when installed): never 'corrected'."""
    try:
        from spotter.embed.minilm import package_model_dir

        root = package_model_dir()
        if root is not None and (root / "vocab.txt").is_file():
            words = (root / "vocab.txt").read_text().split()
            return frozenset(w for w in words if w.isalpha() and w.islower() and len(w) > 2)
    except Exception:  # noqa: BLE001 - the small built-in list below still protects common words
        pass
    return frozenset(_COMMON)


def _edit_distance(a: str, b: str, cap: int = 3) -> int:
    """Optimal string alignment distance (a transposition counts 1), stopped at `cap`."""
    if abs(len(a) - len(b)) >= cap:
        return cap
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return min(prev[-1], cap)


_PHONETIC = {  # spelt as said (a dyslexic writer, a phone's voice keyboard): the word meant. Only words the general
    # fixers (`_fix_typo`: the nearest spelling, else the nearest that sounds alike) miss or reach too late for a rule
    "befo": "before", "afta": "after", "togedda": "together",  # Gullah and Caribbean spellings, in no other language
    "doin": "doing", "nothin": "nothing",  # early, so that "doin nothin" meets the rules for doing nothing
    "orinj": "orange", "blu": "blue", "wite": "white", "lef": "left", "stil": "still", "dropt": "dropped", "wer": "were",
    "leev": "leave", "pik": "pick", "pikt": "picked", "clime": "climb", "flor": "floor", "bak": "back",
    "werkin": "working", "therd": "third", "mixa": "mixer", "bowsa": "bowser", "togther": "together",
    "sumone": "someone", "gon": "gone", "toolbocks": "toolbox", "wats": "what is",
    "wheer": "where", "wheere": "where", "wheh": "where", "goo": "go", "gooin": "going", "yow": "you",  # the Black Country and Birmingham said
    "bick": "pick", "wers": "where is", "wheris": "where is", "wearis": "where is", "moovd": "moved", "moov": "move",
    "walkt": "walked", "pickt": "picked", "stopt": "stopped", "showd": "showed", "droppt": "dropped", "werk": "work",
    "werkd": "worked", "wurk": "work", "wurkers": "workers", "wurker": "worker", "werkers": "workers", "slakin": "slacking",
    "agen": "again", "agin": "again", "befor": "before", "befour": "before", "frist": "first", "brik": "brick",
    "briks": "bricks", "brikie": "brickie", "labrer": "labourer", "formen": "foreman", "meny": "many", "difrent": "different",
    "thru": "through", "sinse": "since", "ther": "there", "wat": "what", "lon": "long", "haf": "half", "helmit": "helmet",
    "hamer": "hammer", "yelow": "yellow", "weelbarow": "wheelbarrow", "wen": "when",
    "wuh": "what", "doan": "don't", "widout": "without", "fuh": "for", "secon": "second", "pon": "on",  # Caribbean by voice
    "ladda": "ladder", "notin": "nothing", "nuttin": "nothing", "nutin": "nothing", "togeda": "together",
    "togetha": "together", "aroun": "around", "firs": "first", "wukkin": "working", "wukin": "working", "wuk": "work",
    "wok": "work", "wokin": "working", "fus": "first", "somebady": "somebody", "smaddy": "somebody", "whe": "where", "yute": "lad", "yutes": "lads",
    # Norf'k (Norfolk Island) and the Pacific's English creoles spelt as said: "hau lorng", "behain", "teck", "kum"
    "hau": "how", "lorng": "long", "behain": "behind", "teck": "take", "kum": "come", "wus": "was", "nathing": "nothing",
    "dinna": "dinner", "gwen": "went", "enithing": "anything", "sumwan": "someone",
}
_PHONETIC_RULES = _rules(
    word_swap(_PHONETIC),
    (r"\bbin (?=(\w+ing|layin|lyin|sittin|standin|workin|doin|waitin|restin|idlin|sleepin|been|there|down|back|bak|idle|gone|moved|dropped|left|since|sat|stood|about|laid|lain)\b)", "been "),
    # Aboriginal English's and the creoles' "bin" before a verb marks the past ("when that drill bin put down"), not a
    # bin the thing ("the skip bin", "the rubbish bin moved")
    (r"\b(?!(?:skip|wheelie|rubbish|waste|trash|scrap|sand|tool|the|a|that|this|break|lunch|tea|smoko)\b)(\w+) bin (?=(?:put|go|went|leave|left|lie|"
     r"pick|picked|take|took|tek|come|came|sit|shift|shifted|move|moved|drop|dropped|work|stop|start|finish|climb|walk|"
     r"turn|get|got|lay|fall|fell|carry|bring|brought|use|reach|arrive|land|show|knock|roll)\b)",
     r"\1 "),
    (r"\bam (they|them|we)\b", r"are \1"),
    # Norf'k "dar" for the and that, before an English site word (Persian "dar" is another word: "kolah dar avord")
    (r"\bdar (?=(?:[a-z]+ )?(?:fella|fellow|man|men|lad|boy|girl|woman|labourer|brickie|chippie|sparky|banksman|slinger|"
     r"operator|foreman|fixer|steel|crane|mixer|hammer|drill|ladder|toolbox|trench|hole|excavation|generator|extension|"
     r"wheelbarrow|barrow|skip|pallet|scaffold|cone|las|grown|ground|one|load|site|hard|wall|spot|shovel|course|lead)s?\b)", "the "),
    (r"\b(look|looking|teck|take|took|pick|picked|see|seen|move|moved|drop|dropped|put|at|on|fer) et\b", r"\1 it"),
    (r"\bet (?=(?:behain|behind|in front|es|is|wus|was|still|gone|go|now)\b)", "it "), (r"\b(he|she|it|et|wheh|where|wat|what) es\b", r"\1 is"),
    (r"\bon (?:dar |the )?grown\b", "on the ground"), (r"\b(he|dar|the|that|dat) sem (one|fella|man|guy|bloke|lad)\b", r"\1 same \2"),
    (r"\bfer (look|see|find|get)\b", r"to \1"), (r"\bwathing\b", "anything"),
    # "20 minute before it lie there" with nothing after "before" to be before: ago; "hour ago" without its article
    (r"\b(\d+) (minutes?|mins?|hours?|seconds?|secs?) before (?=(?:it|he|she|they|i|you|we|there|that one)\b)", r"\1 \2 ago "),
    (r"(?<!\ban )(?<!\ba )(?<!\bone )(?<!\bquarter )(?<!\bhalf )(?<!\bthe )(?<!\blast )(?<!\bevery )(?<!\d )\bhour (ago|back|before)\b",
     r"an hour \1"),
    # the colour said once, on the topic: "that blue toolbox, where that toolbox now?"
    (r"^(?:that|the|this) (yellow|red|blue|green|orange|white|black|grey|gray|silver|pink|purple|brown) ([a-z]+),? (.*?)\b(that|the|this) \2\b",
     r"\3\4 \1 \2"),
    (r"\bfer (?:he|she) (?=(?:dinner|dinna|lunch|smoko|tea|break|food|breakfast|smoke|kai)\b)", "for his "), (r"\bfer\b", "for"),
    (r"\binna (?:the|dar|de|di) (?=(?:hole|trench|excavation|pit|zone|dig|ditch|shaft)\b)", "into the "), (r"^(?:the |dar )?(\w+(?: \w+)?),? back on (?:it|et|the tools|tools)\s*\??$", r"is the \1 back at work"),
    (r"\b(?:is )?a (?:him|he|she|her) (?:did |dat |that |who |wey )?(?=(?:move|moved|pick|picked|drop|dropped|take|took|tek|carry|"
     r"carried|use|used|lift|lifted|bring|brought|leave|left|put|shift|shifted|knock|knocked)\b)", "is he the one who "),  # creoles' focus: "a him move it?"
    (r"\bim (?=(?:hard ?hats?|helmet|hat|lid|vest|hi-vis|gloves?|boots?|lunch|tea|break|dinner|food|tools?|drill|hammer)\b)", "his "),  # Yumplatok, creoles
    (r"\b(has|have|had) (the |my |that |this )?(\w+) bin\b", r"\1 \2\3 been"),
    (r"\b(half|haf) (an )?our\b", "half an hour"), (r"\ball together\b", "altogether"),
    (r"\b(for|of|drink|drinking|have|having|take|taking|some|the|his|her|their|cup of) chai\b", r"\1 tea"),  # Indian, Kenyan
    (r"\bwea ((?:da|the|my|dat|that|your|ma) [\w ]{1,30}?) when (?:go|went)\b", r"where did \1 go"),  # Hawaii Pidgin: "wea my drill wen go?"
    (r"\bin (?:the|de) las (?=half|hour|\d+ minutes|few)", "in the last "),  # Gullah; Spanish "de las" has no "in"
    # a phone's voice-to-text hearing site words as others ("the french", "heart hat", "front lift", "be hind", "a go")
    (r"\bthe french\b", "the trench"), (r"\bheart hats?\b", "hard hat"), (r"\bfront lift\b", "front left"),
    (r"\b(front|my|the|on my|to my) write\b", r"\1 right"), (r"\bbe hind\b", "behind"), (r"\ba go\b(?=\s*(did|was|were|has|is|$))", "ago"),
    (r"\ba round\b(?= (between|since|for|in|on|the|doing|all)\b|\s*$)", "around"), (r"\bwith out\b", "without"),
    (r"\b(orange|yellow|green|blue|red|white|hi-vis|high-vis) vast\b", r"\1 vest"), (r"\bblew (hat|vest|helmet|toolbox)\b", r"blue \1"),
    (r"\bread (toolbox|vest|hat|bucket|cone|drill)\b", r"red \1"), (r"\bgo idol\b|\bgone idol\b|\bwent idol\b", "went idle"),
    (r"\bwitch way\b", "which way"), (r"^we're did\b", "where did"), (r"^were's\b", "where's"), (r"\btool blocks\b", "toolbox"),
    (r"\bbrick key\b", "brickie"), (r"\bleave sight\b", "leave site"), (r"\bis their (any|some)", r"is there \1"), (r"\ban our\b(?= ago| back| earlier)", "an hour"),
    (r"\bthe latter\b(?= (get|got|gets|bin|been|is|was|moved|moovd|still|stil|by|at|near|where|were)\b)", "the ladder"),
    # a clock time typed with spaces: "at 1 03 20", "since 12 30", "between 6 15 and 9 40"
    (r"\b(at|since|sinse|by|before|after|between|and|from|until|till|to) (\d{1,2}) (\d{2}) (\d{2})\b(?! (minutes?|mins?|seconds?|secs?|hours?))",
     r"\1 \2:\3:\4"),
    (r"\b(at|since|sinse|by|before|after|between|and|from|until|till|to) (\d{1,2}) ([0-5]\d)\b(?! (minutes?|mins?|seconds?|secs?|hours?|\d))",
     r"\1 \2:\3"),
    (r"\b(wheel)?barr'(?!\w)", r"\1barrow"),  # Appalachian "the wheelbarr'"
    (r"\b(\w+in)(g?)'(?!\w)", lambda m: m.group(1) + "g" if m.group(2) else _g_dropped(m.group(1))),  # "doin'", "lookin'": the -ing word
    (r"\b(?:sum|some)1\b", "someone"), (r"\bany1\b", "anyone"), (r"\bevery1\b", "everyone"), (r"\bno1\b", "no one"),
    (r"\btak (?=(his|her|their)\b)", "take "),
    (r"\b(han|secon|roun|groun|aroun|behin|fin|stan)'(?!\w)", r"\1d"), (r"\b(las|firs|jus|nex)'(?!\w)", r"\1t"),
    (r"\b(hand|second|round|ground|around|behind|find|stand|last|first|just|next)'(?!\w)", r"\1"),
    (r"^wah (?=deh|dey|dere|de|dat|is)\b", "what "),
    (r"\b(the|that|this) ([a-z]+(?: [a-z]+)?),? (?:that|the) one (orange|red|yellow|green|blue|white|black|grey|gray)\b", r"\1 \3 \2"),  # Niuean-shaped
    (r"\b(?:truck|lorry|wagon) of (?:concrete|cement)\b", "concrete truck"),
    (r"\b(the|that|this) ([a-z]+(?: [a-z]+)?) (?:go|goes|gone|went) away(?: already)?\b(?! from)", r"\1 \2 left"),
    (r"^is (?:came|come|went|go|gone) back (the|that|this) ([\w -]+?) to\b", r"did \1 \2 come back to"),  # Niuean-shaped, verb first
    (r"\bsince (came|come|arrived|left|went|go|gone) (the|that|this) ([\w -]+?)\s*\?*$", r"since \2 \3 \1"),
    (r"^(?:wa|wah|wat|whah) (?:happen|happened|appen|hapen)\b", "what happened"),
    (r"\b(for|fi|fuh|take|took|tek|on|from|after|to) (he|she) (lunch|break|tea|smoke|coffee|rest|dinner|breakfast|food)\b",  # creoles' "fuh he lunch"
     lambda m: f"{m.group(1)} {POSSESSIVE[m.group(2)]} {m.group(3)}"), (r"\b(was|is|were|got|be|been) dun\b", r"\1 done"),
    (r"\bangel grinder\b", "angle grinder"), (r"\b(whip|whipped|take|took|tak|taken|pull|pulled) (his|her|their) (hard ?hat|hat|lid|helmet) of\b",
                                                 r"\1 \2 \3 off"),
    (r"(?<!\bthey )(?<!\bwe )(?<!\byou )(?<!\bthere )(?<!\bwho )(?<!\bthat )\bwere\b(?= (is|are|has|did|does|was|i|he|she|it|the|my)\b)",
     "where"),
)


_SOUND_TARGETS = frozenset({
    "where", "which", "what", "when", "while", "were", "still", "leave", "picked", "dropped", "moved", "climb",
    "climbed", "floor", "second", "third", "back", "actually", "working", "idle", "together", "someone", "somebody",
    "visitor", "point", "behind", "hammer", "wheelbarrow", "pallet", "drill", "course", "finished", "toolbox",
    "shoulder", "white", "blue", "orange", "yellow", "green", "black", "purple", "brown", "first", "happened",
    "started", "stopped", "minutes", "seconds", "hours", "ago", "already", "anybody", "anyone", "anything",
    "nothing", "something", "everything",
})  # fmt: skip
"""Question words a misspelling may mean besides the site vocabulary (sound-alike matching, `_sounds_like`)."""


_SITE_WORDS = frozenset(("formwork", "shuttering", "falsework", "plank", "planks", "pail", "pails"))
"""Site words MiniLM's vocabulary lacks that are a typo away from another ("formwork" is not "formworker")."""


@functools.lru_cache(maxsize=4096)
def _fix_typo(word: str) -> str:
    if (len(word) < 4 or word in _VOCAB_SET or word in _COMMON or not word.isalpha() or word in _english()
            or word in _SITE_WORDS):
        return word
    limit = 1 if len(word) <= 6 else 2  # "bowser" is not "power"
    best, best_d = word, limit + 1
    for cand in _VOCAB:
        d = _edit_distance(word, cand, limit + 1)
        if d < best_d:
            best, best_d = cand, d
    if best_d <= limit:
        return best
    return _sounds_like(word) or word


def sound_key(word: str) -> str:
    """How a word sounds, roughly (a small Metaphone): "orinj" and "orange", "trensh" and "trench",
    "dropt" and "dropped", "bowsa" and "bowser" share a key. Vowels after the first letter carry little in English spelling."""
    w = re.sub(r"^(kn|gn|wr)", lambda m: m.group(1)[1], word.lower())
    w = re.sub(r"(?<=...[^aeiou])a$", "er", w)  # a non-rhotic "-er" ("mixa", "bowsa")
    w = re.sub(r"^wh", "w", w)
    w = re.sub(r"tch|ch|sh|ti(?=[aeo])", "X", w)
    w = w.replace("ph", "f").replace("ck", "k").replace("dg", "j").replace("gh", "").replace("qu", "kw")
    w = re.sub(r"c(?=[eiy])", "s", w).replace("c", "k").replace("q", "k").replace("x", "ks").replace("z", "s")
    w = re.sub(r"g(?=[eiy])", "j", w)
    w = re.sub(r"(?<=[kpfsX])(?:e?d)$", "t", re.sub(r"(?<=[^aeiou])ed$", "d", w))
    w = (w[0] if w[0] not in "aeiouy" else "A") + re.sub(r"[aeiouyhw]", "", w[1:])
    return re.sub(r"(.)\1+", r"\1", w)


@functools.lru_cache(maxsize=1)
def _by_sound() -> dict[str, tuple[str, ...]]:
    words: dict[str, list[str]] = {}
    for w in sorted(_VOCAB_SET | _COMMON | _SOUND_TARGETS):
        if len(w) >= 3 and w.isalpha():
            words.setdefault(sound_key(w), []).append(w)
    return {k: tuple(v) for k, v in words.items()}


def _sounds_like(word: str) -> str | None:
    """The site or question word a misspelling sounds like, when one is nearest in spelling too."""
    key = sound_key(word)
    if len(key) < 4 or (word.endswith("s") and word[:-1] in _english()):  # short keys collide; a plural is English
        return None
    near = sorted((_edit_distance(word, c, 4), c) for c in _by_sound().get(key, ()))
    if near and near[0][0] <= min(3, len(word) // 2) and (len(near) == 1 or near[1][0] > near[0][0]):
        return near[0][1]
    return None


_ING = {"dropping": "drop", "moving": "move", "arriving": "arrive", "leaving": "leave", "falling": "fall", "coming": "come",
        "entering": "enter", "going": "go"}


def _r_dropped(m: re.Match[str]) -> str:
    """A word said without its final r and spelt so (Boston, "the ladduh", "wheah", "yellah"): the word whose r-ending
    it drops, when the spelling is no word itself."""
    word = m.group(0)
    if len(word) < 4 or word in _english() or word in _VOCAB_SET:
        return word
    stem = word[:-2]
    candidates = [word[:-3] + "ere"] if word.endswith("eah") else []
    candidates += [stem + "er", stem + "or", stem + "ow", stem + "ar", stem + "re"]
    return next((c for c in candidates if c in _english() or c in _VOCAB_SET), word)


def _pronoun_for(phrase: str) -> str:
    """"he" for a person named in `phrase`, else "it" (a verb-last "wheelbarrow, place where picked up, back there came")."""
    return "he" if any(SYNONYMS.get(w) == "worker" or w in ROLES for w in phrase.split()) else "it"


def _numbers(text: str) -> str:
    """Number words to digits ("twenty five" -> 25, "a couple of" -> 2, "half an hour" -> 30 minutes) and
    spoken clock times ("three fifteen" / "two oh five" -> 3:15 / 2:05, when not followed by a unit)."""
    text = re.sub(r"\bhalf (?:of )?an? hour\b|\bhalf of hour\b", "30 minutes", text)
    text = re.sub(r"\ban? hour and a half\b", "90 minutes", text)
    text = re.sub(r"\ba quarter of an hour\b|\bquarter of an hour\b|\bquarter hour\b", "15 minutes", text)
    text = re.sub(r"\b(?:a|one) quarter (?=ago\b|before\b|back\b|earlier\b)", "15 minutes ", text)  # Dutch "een kwartier"
    text = re.sub(r"\bbefore (?:a|one) quarter\b(?! (?:past|to|of)\b)", "before 15 minutes", text)  # Maltese "before a quarter"
    text = re.sub(r"\bhalf a minute\b", "30 seconds", text)
    text = re.sub(r"\ba (minute|second|hour) and a half\b", lambda m: {"minute": "90 seconds", "second": "1 seconds",
                  "hour": "90 minutes"}[m.group(1)], text)  # fmt: skip
    text = re.sub(r"\b(a couple of|a couple|couple of|couple)\b", "2", text)
    text = re.sub(r"\b(a few|few)\b(?= (seconds|minutes|hours)\b)", "3", text)
    text = re.sub(r"\b(an?)\b(?= (second|minute|hour)\b)", "1", text)
    words = text.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w in _NUMBER_WORDS and not (w == "oh" and not out):
            # tens + units ("twenty five"), and a spoken clock time ("three fifteen", "two oh five")
            n = _NUMBER_WORDS[w]
            j = i + 1
            if n >= 20 and n % 10 == 0 and j < len(words) and words[j] in _NUMBER_WORDS and _NUMBER_WORDS[words[j]] < 10 \
                    and words[j] != "oh":  # fmt: skip
                n += _NUMBER_WORDS[words[j]]
                j += 1
            if w == "oh":
                out.append(w)
                i += 1
                continue
            # clock: <minutes> (oh <d> | <10..59>) not followed by a unit
            if n < 60 and j < len(words):
                k = j
                sec: int | None = None
                if words[k] == "oh" and k + 1 < len(words) and words[k + 1] in _NUMBER_WORDS and _NUMBER_WORDS[words[k + 1]] < 10:
                    sec, k = _NUMBER_WORDS[words[k + 1]], k + 2
                elif words[k] in _NUMBER_WORDS and 10 <= _NUMBER_WORDS[words[k]] < 60:
                    sec, k = _NUMBER_WORDS[words[k]], k + 1
                    if sec >= 20 and k < len(words) and words[k] in _NUMBER_WORDS and 0 < _NUMBER_WORDS[words[k]] < 10:
                        sec += _NUMBER_WORDS[words[k]]
                        k += 1
                unit_next = k < len(words) and re.match(r"(seconds?|minutes?|hours?|times?|courses?|bricks?)\b", words[k])
                if sec is not None and not unit_next:
                    out.append(f"{n}:{sec:02d}")
                    i = k
                    continue
            out.append(str(n) if w != "one" or (j < len(words) and re.match(r"(seconds?|minutes?|hours?)\b", words[j]))
                       else w)  # fmt: skip
            i = j
            continue
        out.append(w)
        i += 1
    # "1 hour and 5 minutes (in)", "between 45 minutes and 1 hour 10": one duration the time patterns read
    text = re.sub(r"\b(\d+) hours? (?:and )?(\d+) minutes?\b", lambda m: f"{int(m.group(1)) * 60 + int(m.group(2))} minutes",
                  " ".join(out))
    return re.sub(r"\b(\d+) hours? (?:and )?([0-5]?\d)(?=\s*(?:$|[,?.;]| (?:how|what|which|who|when|did|was|were|is|are|the|and|"
                  r"to|until|till|ago|in|into|of)\b))", lambda m: f"{int(m.group(1)) * 60 + int(m.group(2))} minutes", text)


_CLOCK_DIRECTION = {
    "twelve": "in front of me", "one thirty": "in front of me on my right", "three": "on my right",
    "four thirty": "behind me on my right", "six": "behind me", "seven thirty": "behind me on my left",
    "nine": "on my left", "ten thirty": "in front of me on my left",
    "one": "in front of me on my right", "two": "in front of me on my right", "four": "behind me on my right",
    "five": "behind me on my right", "seven": "behind me on my left", "eight": "behind me on my left",
    "ten": "in front of me on my left", "eleven": "in front of me on my left",
}  # fmt: skip


def _clock(m: re.Match[str]) -> str:
    return f"{m.group(1)}:{int(m.group(2)):02d}"


def _between(m: re.Match[str]) -> str:
    return f"between {_mmss(int(m.group(1)))} and {_mmss(int(m.group(2)))}"


_COLOURS_RE = "|".join(COLOURS)
_ORDINAL_WORDS_RE = "|".join(w for w in _ORDINALS if w.isalpha())
_NUMBERS_RE = "|".join(_NUMBER_WORDS)

# Rewrites in the order they apply. Surface: checklist prompts ("Worker (orange vest) - idle now? Y/N",
# "Drill: dropped at?"), brackets, times written with symbols, radio endings; before punctuation goes.
# A formal request around the question ("I would like to ascertain whether", "could you kindly confirm")
_PAST_VERB = r"\w+ed|took|went|came|got|left|put|made|ran|fell"
"""A verb in the past: a statement's subject holds none ("the guy who moved it is ...")."""
_STATED_SUBJECT = r"the|that|this|these|those|my|our|a|an|somebody|someone|anyone|anybody|nobody|no one|he|she|they|it"
"""How a statement's subject starts when a command or a tag question wraps it ("check whether the drill ...")."""

_ASKING = (r"\b(i (should|would) be grateful to know|i (would|should) like to (know|ascertain|establish|confirm)|"
           r"(could|would|can) you (kindly |please )?(confirm|advise|indicate|tell me|let me know|establish|ascertain))")
_NOT_A_UNIT = r"(?!(?:time|times|thing|things|he|she|they|i|we|you|it|one|day|week|break|spell)\b)"
"""Words after a question's opening "first" that are not a unit of work ("first time he went in ...")."""
_ASKS_WORDS = r"how|what|where|which|who|when|whom|why|did|does|do|is|was|were|are|has|have|had|can|could|would|will"
"""Words that open a question in English order: a clause opening with one is not a postposed "before"'s."""
_SURFACE = _rules(
    # "X moved after Y left, or before?": the other relation offered as a choice adds nothing
    (r"^([^?]*\b(before|after)\b[^?]*?),?\s+or (?:before|after)\s*\?*$", r"\1?"),
    (r"\b(?<!in )(?<!the )(?<!my )front me\b", "in front of me"),  # Lao-shaped "man front me now"
    # Kazakh- and Hmong-shaped (round 98): "since when hammer on floor lies?" (how long it has lain there), "last time he
    # take off hard hat, he no hat how long?" (how long without it)
    (r"^since when (?:the )?(.+?) on (?:the )?(floor|ground) (?:lies|lie|lying|is lying|is|stays|lays)\s*\?*$",
     r"how long has the \1 been on the \2?"),
    (r"^(.+?),\s*(he|she|they) no (hardhat|hard hat|hat|helmet|vest) how long\s*\?*$",
     lambda m: f"{m.group(1)}, how long was {m.group(2)} without {'a vest' if m.group(3) == 'vest' else 'a hardhat'}?"),
    # a list of sides offered ("where is he, left, right, behind?"): a choice, not one side
    (r"\b(left|right|behind|ahead|in front|front),\s*(left|right|behind|ahead|in front|front),\s*(?:or\s+)?(left|right|behind|ahead|in front|front)\b",
     r"\1 or \2 or \3"),
    # the place first, the going back last (Assamese- and Kyrgyz-shaped, round 107): "electrician, where he was before
    # the crane load came, to there he went back or not?", "man in green vest, place where he was until break, there went
    # back?" ("until" is before)
    (r"^((?:the )?[^,]+?),? (?:the )?(?:place )?where (he|she|they) (?:was|were|stood|worked|sat) (before|until|after) "
     r"([^,]+?),? (?:to )?there (?:(?:he|she|they) )?(?:went|came|go|come|returned) back(?: again)?(?: or not)?\s*\?*$",
     lambda m: f"did {m.group(1)} go back to where {m.group(2)} was {'before' if m.group(3) == 'until' else m.group(3)} "
               f"{m.group(4)}?"),
    # the verb last (Kyrgyz- and Persian-shaped, round 107): "to the excavation went before ...", "into trench went",
    # "to smoke went after ..."; a yes/no question's "until" is before ("electrician stopped work until welder stopped?")
    (r"\b(to|into|for) ((?:the |a |his |her |their )?\w+(?: \w+)?) (went|gone|came)(?= (?:before|after|until|again|or)\b|\s*[,?]|\s*$)",
     r"\3 \1 \2"),
    (r"^(?!.*\b(?:how|when|what|which|where|since|while|wait|waited|waiting|not|never|\w+n't)\b)(.+?\b(?:stopped|started|went|came|took|removed|"
     r"dropped|moved|left|entered|picked|put|laid)\b.*?) until (?!after\b|before\b)((?:the |his |her )?[\w ]+? (?:came|come|stopped|started|arrived|"
     r"left|finished|went|laid|moved|dropped|entered|picked up)\b[^?]*?)\s*\?+$", r"\1 before \2?"),
    (r"^first (.+?),? and (?:after that|afterwards|after|later|then) (.+?)\s*\?+$", r"\1 before \2?"),  # "first X, and after that Y?"
    # Persian-shaped "how much time is (it) that he is in the trench?": how long has he been
    (r"\bhow much time (?:is it|is|it is) that (.+?) (?:is|are) ", lambda m: f"how long {'have' if m.group(1) == 'they' else 'has'} "
                                                                        f"{m.group(1)} been "),
    # Persian-shaped, the verb last (round 107): "the carpenter again when he started working?" (started again), "the
    # labourer for the lunch when he went?", "the shovel which I put beside the hole, yet there is?" (still there)
    (r"\bagain when (he|she|they) (?:started|start|began|begin) (working|work)\b", r"when did \1 start working again"),
    (r"^(.+?) for (?:the |his |her |their )?(lunch|tea|break|smoke|coffee|prayers?|rest) when (?:he|she|they) (?:went|go|gone)\s*\?*$",
     r"when did \1 go for \2?"),
    (r",? (?:yet|still) there (?:is|are|it is|is it)\s*\?*$", ", is it still there?"),
    (r"\bwasting (?:his |her |their |the )?time\b", "idle"),
    (r"(?<!toujou)(?<!rete)(?<!\bli)(?<!\byo)(?<!\bpa)(?<!\bla),?\s+la\s*\?+\s*$", "?"),  # the Himalayan tag (Kreyol's "la" is there)
    # round 109's forms (Dzongkha-, Turkmen-, Pennsylvania-Dutch-shaped; St Kitts by voice): the side before the person
    # ("right side man", "front standing man"), "X first, then Y", "X back to work?", "X now which place is?", "X where
    # it went?", "after came out ..., again went inside?", "10 minute before" (ago), "how long is it already that"
    (r"\b(right|left|front|behind) (?:(?:side |hand side )(standing |sitting )?|(standing |sitting ))"
     r"(man|guy|person|worker|woman|boy|lady|lad|fella)\b",
     lambda m: f"{m.group(4)} {m.group(2) or m.group(3) or ''}"
               f"{ {'front': 'in front', 'behind': 'behind me'}.get(m.group(1), 'on my ' + m.group(1)) }"),
    (r"^(.+?) first,? (?:and )?then (.+?)(?:,? like that)?\s*\?+$", r"\1 before \2?"),
    (r"^(?!.*\b(?:came|come|went|go|got|get|is|was|are|were|has|have|did)\b)((?:the |my |that )?(?:\w+ ){0,2}\w+) back (?:to|at) "
     r"(?:work|the job)(?: yet| now)?\s*\?+$", r"is \1 back at work?"),
    (r"^(.+?)(?: now)?,? (?:now )?(?:at |in )?which place (?:it |he |she )?(?:is|are|is it)\s*\?*$", r"where is \1 now?"),
    (r"^(.+?),? where (?:it|he|she|they) (?:went|gone|go|has gone)\s*\?*$",
     lambda m: f"where did {'' if re.match(r'(the|my|that|this|his|her|our|their) ', m.group(1)) else 'the '}{m.group(1)} go?"),
    (r"^((?:the )?[\w ]+?),? after (?:he |she |they )?(came out|climbed out|got out)((?: from| of) (?:the )?\w+)?,? again "
     r"(?:went|go|got|climbed) (?:inside|in|back in)\s*\?*$", r"did \1 go back in after he \2\3?"),
    (r"\b(\d+) (minute|minutes|min|mins|hour|hours) before(?=\s*[,?]|\s*$|,? same\b)",
     lambda m: f"{m.group(1)} {m.group(2).rstrip('s')}s ago"),
    (r"^how long is it (?:already |now )?that (.+?) (took|went|came|left|dropped|moved|picked|put|started|stopped|removed)\b",
     r"how long since \1 \2"),
    (r"\bwhey (?=(?:dem|dey|de|di|e|he|she|it|they|mi|me|yu)\b)", "where "),  # the creoles' where, not Geordie's "whey aye"
    (r"\b(after|before|since|from|at|until|till|to) minute (\d+)\b(?! and| with|:| \d)", r"\1 \2:00"),
    (r"\b(anything|something|now|here|there|it|yet) once(?= or\b|\s*\?*$)", r"\1"),  # Pennsylvania Dutch "once", a filler
    (r",\s*(?:yes|yeah|eh|oui)\s*\?+\s*$", "?"),  # a tag asking for agreement ("..., yes?")
    (r"\b(?:back|behin|behind) a meh\b", "behind me"), (r"\bfront a meh\b", "in front of me"),  # Grenadian, Trini
    (r"\b(on|at|to|behind) oi (left|right|back|front)\b", r"\1 your \2"), (r"\bpick (ia|um|im|am) up\b", "pick it up"),
    (r"\bback side on (?:my|your|oi) (left|right)\b", r"behind me on the \1"),
    (r",? ia same (one|man|guy|person)\b", r", is he the same \1 who"),  # Hiri Motu "ia": he
    (r"\b(?:a )?little (?:bit )?(left|right) (?:from|of) (?:straight ahead|ahead|the front|front)\b", r"on my front \1"),
    (r"^((?:the |my |that |this )?)((?:small |big |little |large |long |short |old |new )?)((?:\w+ )?\w+), the (red|yellow|orange|"
     r"green|blue|white|black|grey|brown|pink|purple|silver) one,", r"\1\2\4 \3,"),  # "small ladder, the yellow one, ..."
    (r"\bit is (him|her) (?:who|that) ", lambda m: f"is {'he' if m.group(1) == 'him' else 'she'} the one who "),
    (r"^(?:and )?(.+?),? what (?:it|he|she) has become\s*\?*$", r"what has become of \1?"),
    (r"^((?:the|that|this|my|our) [\w -]+?), (when|what time) (?:(did|does|has|have|was|is|were|are) )?(?:he|she|they|it) (?!(?:will|would|shall|gonna|going to)\b)",
     lambda m: f"{m.group(2)} {m.group(3) or 'did'} {m.group(1)} "),  # topic first: "the carpenter, when he go eat lunch?"
    (r"\b(before|after|till|until) ((?:the|de|di|dat|that) [\w -]+?) reach(?= or not\b|\s*[?.!]*$)", r"\1 \2 arrived"),
    (r"\b(before|after) (?:went|go|gone|goes) away ((?:the|that) [\w -]+?)(?=\s*[?.!]*$)", r"\1 \2 went away"),  # verb first
    (r"\bfront a me\b", "in front of me"), (r"\bback a me\b", "behind me"),  # the creoles' "a" for "of" (their "mi": in their glossaries)
    (r"\bwhich wey\b", "which way"), (r"\bhauf\b", "half"),  # Scots and Geordie; the creoles' "wey" alone is where or who
    (r"\blazy(ing)\b", "lazing"), (r"\bin which part of the site\b", "where"),
    (r"\b(go|goes|went|gone|going) away from (?:the |his |her |their )?(?:work|job)\b", r"\1 away"),
    # Mandarin-shaped (round 103): "at my where side?" (which side of me), "hammer got pick up before ...?" (was it),
    # "before he stop for tea, work that time how long?" (the working spell before the break)
    (r"\b(?:at|on) my (?:where|which) side\b", "on which side of me"),
    (r"^(.+?) got (go|went|come|came) back\b", r"did \1 go back"),  # Cantonese-shaped "guy in white helmet got go back to ...?"
    (r"^(?:the )?([a-z]+(?: [a-z]+)?) got (pick(?:ed)? up|drop(?:ped)?|move[d]?|put down|take[n]?|took)\b", r"was the \1 \2"),
    (r"^before (he|she|they) (?:stop|stopped|go|went) (?:for|on) (?:a |his |her |their )?(?:tea|lunch|break|smoke|coffee|rest)"
     r"(?: break)?,? work(?:ed)? (?:that time )?how long\s*\?*$", r"how long did \1 work before \1 stopped for a break?"),
    # Korean-shaped topic marker (round 103): "as for drill, ...", "as for red cone, which place it is now?"
    (r"^as for (?:the )?([^,?]+?),\s*", r"the \1, "),
    # ... and the verb last after "before"/"after": "drill, wheelbarrow move before, it dropped?" (it dropped before the
    # wheelbarrow moved), "carpenter, toolbox moved after, again work he start?", "first I saw him place, he come back there?"
    (r"\bagain work (he|she|they) (?:start|started|begin|began)\b", r"\1 started working again"),
    (r"^((?:the )?[^,]+?), ([^,]+? (?:move|moved|finish|finished|come|came|arrive|arrived|leave|left|drop|dropped|put down|"
     r"pick up|picked up|start|started|stop|stopped|laid|lay|go|went)) (before|after), (it|he|she|they) ([^,?]+?)\s*\?*$",
     r"\1 \5 \3 \2?"),
    (r"^((?:the )?[^,]+?), first (i|we) saw (him|her|it|them) place, (?:he|she|it|they) (?:come|came|go|went) back(?: there)?\s*\?*$",
     r"did \1 come back to where \2 first saw \3?"),
    (r"^((?:the )?[^,]+?), (?:doing nothing|idle) (?:standing |sitting )?place, (he|she|they) (?:went|go|came|come) back(?: again)?"
     r"\s*\?*$", r"did \1 go back to where \2 was idle?"),
    # Aymara-shaped (round 100): "to drink coffee the steel fixer, at what time he has gone?" (the purpose first), "...,
    # it is like that?" (a tag: is that right)
    (r"^to (?:drink|have|get|take|eat) (?:a |his |her |the )?(coffee|tea|lunch|smoke|break|dinner)(?: break)?,? (the [\w -]+?),? "
     r"(?:at )?(?:what time|when) (?:he|she|they) (?:has |have |had |is |was )?(?:gone|went|go|left)\s*\?*$", r"when did \2 go for \1?"),
    (r",? (?:it is|is it) like that\s*\?*$", ", is that right?"),
    # Bislama-, Ilocano- and Uyghur-shaped (round 94): "right side but little bit to the front", "from 2:00 reach 9:15",
    # "went for snacks" (a break), "the labourer go have a rest before, how long his rest?" (that rest, over)
    # one rule for a side leaning front or back (rounds 94, 98, 99): "right side but little bit to the front",
    # "left, little bit back" (Tibetan-shaped), "left side, more to back"; a linking word is needed, so "he left back" stays a verb
    (r"\b(?:(?:on|at|to|by) (?:my |the ))?(right|left)(?: side| hand side)?,? (?:but (?:a )?(?:little |small )?(?:bit )?(?:to|towards|more to) "
     r"|(?:but )?(?:a )?(?:little|small) (?:bit )?(?:at |to |towards )?|(?:a )?(?:more|bit more|little more|little bit|bit) (?:to|towards) )"
     r"(?:the )?(front|back)\b", r"on my \2 \1"),
    # and the other way round (round 100): "to the front, more to my left", "at the back, a bit towards the right"
    (r"\b(?:to|at|in) (?:the |my |de )?(front|back),? (?:but )?(?:a )?(?:more|bit more|little more|little bit|little|bit) (?:to|towards) "
     r"(?:the |my )?(left|right)\b", r"on my \1 \2"),
    (r"\bfrom ([\d:]+) (?:reach|reaching|till reach|until reach|go reach) ([\d:]+)\b", r"from \1 to \2"),
    # round 98 (Kazakh-, Hmong-, Dominican-, Icelandic-shaped; Fijian): "left side, more to back", "half front half left",
    # "at my front little bit to the right", "which way must I turn me to get the toolbox in front?" (which way it is)
    (r"\bhalf (front|back) (?:and )?half (left|right)\b", r"on my \1 \2"), (r"\bhalf (left|right) (?:and )?half (front|back)\b", r"on my \2 \1"),
    (r"\b(?:at|on|in) my front,? (?:a )?(?:little |small )?(?:bit )?(?:to )?(?:the )?(left|right)\b", r"on my front \1"),
    (r"\b(?:there )?my (front|back),? (?:a )?(?:little|small|bit)(?: bit)? (?:to |towards )?(?:the )?(left|right)\b", r"on my \1 \2"),  # Niuean-shaped
    (r"^which way (?:must|should|do|shall|would) i turn(?: me| myself)? to (?:get|have|see|bring) (.+?) in front(?: of me)?\s*\?*$",
     r"which way is \1?"),
    (r"\bnutt?in'?\b", "nothing"),  # Cajun "doin nuttin"
    (r"\bhow (long|many minutes|much time) already since\b", r"how \1 since"),
    # round 95 (Guarani-, Tigrinya-, Hausa-, Lingala- and Malayalam-shaped): "his cold tea" and "prayer" (a break),
    # "load of crane", "at my front by the right side", "the boy that did not wear helmet", "he off his helmet",
    # "sitting down doing nothing", "that place they picked it from", "I saw five minutes before" (ago)
    (r"\b(?:went|go|gone|goes|going) (?:to (?:drink|have|take|make) |for )?(?:his |her |their |a |the )?(?:cold tea|prayers?)"
     r"(?: break| time)?\b", "went on a break"),
    (r"\b(back(?: to work)?) from (?:his |her |their |the )?(?:cold tea|prayers?)(?: break| time)?\b", r"\1"),
    (r"\b(?:in|on|at) (?:his |her |their |the )?(?:cold tea|prayers?)(?: break| time)?\b", "on a break"),
    (r"\b(?:after|before) (?:the |his |her |their )?(?:cold tea|prayers?)(?: break| time)?\b",
     lambda m: m.group(0).split()[0] + " the break"),
    (r"\b(?:went|go|gone|goes|going) to (?:his|her|their) (?:cold tea|prayers?)\b", "went on a break"),
    (r"\bload of (?:the )?crane\b", "crane's load"),
    (r"\b(?:at|on|in) my front by the (right|left)(?: side)?\b", r"on my front \1"),
    (r"\b(?:that|who) (?:did not|didn't|does not|doesn't|is not|isn't|was not|wasn't) wear(?:ing)? (?:a |his |her |the )?"
     r"(helmet|hard ?hat)\b", "without a hardhat"),
    (r"\b(he|she|they|i|you|we|who) off (his|her|their|my|the) (helmet|hard ?hat|hat|vest|hi-vis)\b", r"\1 took off \2 \3"),
    (r"\bdid (the \w+|he|she|they) off (his|her|their|the) (helmet|hard ?hat|hat|vest|hi-vis)\b", r"did \1 take off \2 \3"),
    (r"\b(sitting|sat|standing|stood) (?:down |around |about )?doing nothing\b", r"\1 idle"),
    (r"\bthat (place|spot) (they|he|she|someone|somebody) (picked|took|moved|lifted) (it|them)(?: up)? from\b", r"where \2 \3 \4 up"),
    (r"\b(i|we) saw (?:it |him |her |them )?((?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty) "
     r"(?:minutes?|seconds?|hours?)) (?:before|back|earlier)\b", r"\1 saw \2 ago"),
    (r"^(.+?),? (\d+ (?:minutes?|hours?)) (?:back|ago|before) (?:it|he|she) was (?:there )?.*?,? now also (?:it|he|she) is there\s*[?.!]*$",
     r"is \1 still where it was \2 ago?"),
    (r"\bwhere (helmet|hardhat|hard hat|vest|hi-vis|lid) (?:was )?(?:took|taken|take) off\b", r"where he took off his \1"),
    (r"\b(go|goes|went|gone|going) (?:for|to eat|to have|have) (?:his |her |their |a |some |the )?snacks?\b", r"\1 on a break"),
    (r"^(.+?) before,? how long (?:was |is )?(his|her|their) (rest|break|pause|lunch|tea|smoko)\s*[?.!]*$",
     r"\1, how long was \2 last \3"), (r"\b(lied|lay|lies|lying|laid|stays|stayed|fell|fallen) (on|to) ground\b", r"\1 \2 the ground"),
    # "he took helmet from head" (took it off)
    (r"\b(took|take|takes|taking|taken|remove|removed|removes|removing|pulled|pull) (the |his |her |their |a )?(helmet|hardhat|"
     r"hard hat|hat|lid|vest|hi-vis) (?:from|off) (?:his |her |their |the )?(?:head|body|shoulders?)\b", r"\1 off \2\3"),
    # "kicking back" (resting); "how much total time was the helper free" (without work)
    (r"\bkick(ing|ed|s)? back\b(?! (to|at|in|into|on)\b)", "chilling"),
    (r"^(how (?:long|much (?:total )?time|many minutes)\b.*?\b(?:was|were|is|are|been|stayed|sat|stood)) free\b"
     r"(?! (?:of|from|to|for)\b)", r"\1 idle"),
    (r"\bwhere (he|she|they) (was|were) taking (his|her|their) (rest|break)\b", r"where \1 \2 resting"),
    (r"^(?:the )?(\w+) since when on (?:the )?(ground|floor) (?:lies|lying|is|lays)\?*$", r"how long has the \1 been on the \2?"),
    (r"\b(\d+) minutes? and (?:a )?half\b(?! ago\b)", r"\1:30"),  # "between the 3 minutes and the 6 minutes and half"
    # "the load hang on crane, it which side of me now?": the load the crane holds, not the crane
    (r"\b(?:the |that )?loads? (?:hang|hanging|hung|hangs) (?:on|from|off) (?:the )?crane\b", "the suspended load"),
    # Orcadian words a glossary would read as another dialect's ("wey" is pidgin's who): "whit wey's the skip?"
    (r"\bwhit wey(?:'s| is)?\b", "which way is"), (r"\bafore me (tea|piece|break|lunch|dinner)\b", r"before my \1"),
    (r"(?<=[a-z]), (?:min|buddo|bye|ace boy)\s*(?=[?.!]*\s*$)", ""),  # said to the listener: "whar's hid noo, min?"
    (r"\bbetween my (12|twelve|3|three|6|six|9|nine)(?: o'?clock)? and (?:my )?(12|twelve|3|three|6|six|9|nine)(?: o'?clock)?",
     lambda m: {frozenset("03"): "front right of me", frozenset("36"): "behind me on my right", frozenset("69"):
                "behind me on my left", frozenset("90"): "front left of me"}.get(frozenset(
                    {"12": "0", "twelve": "0", "3": "3", "three": "3", "6": "6", "six": "6", "9": "9", "nine": "9"}[w]
                    for w in m.groups()), m.group(0))),  # "between my twelve and my three": the sector between
    (r"^(the [^,?]+?),? was it (him|her) (?:that|who) ", r"is \1 the one who "),  # "the lad in blue, was it him that ..."
    # the radio's words: "..., over?", "say again, ...", "confirm, ...", "affirmative or negative?"
    (r"[,.?]?\s*\bover(?: and out)?\s*[.?!]*\s*$", "?"), (r"^(?:say again|confirm|copy|roger),\s+", ""),
    (r",?\s*\b(?:confirm|affirmative or negative|yes or no)\s*\?*\s*$", " or not?"),
    (r"[,.?]?\s*\byes[- ]no\s*\?*\s*$", "?"),  # a signer's gloss YES-NO: the question is a yes-or-no one
    # Cape Breton "how long is he gone?" (since he left); Zambian "he has just been seated" (idle)
    (r"\bhow long (?:is|has) (he|she|they|it|the [a-z]+(?: [a-z]+)?) (?:been )?gone(?: home)?\b(?! (?:without|with|w/o|minus|no)\b)", r"how long since \1 left"),
    (r"\b(?:has|have) just been seated\b", "has been idle"), (r"\bwas just seated\b", "was idle"),
    (r"\bjust (?:been )?seated\b", "idle"), (r"\bget at it\b", "start working"),
    # "the wheelbarrow of yellow colour": the yellow wheelbarrow
    (r"\b(\w+) of (red|orange|yellow|green|blue|white|black|grey|gray|brown|pink|purple) colou?r\b", r"\2 \1"),
    # Tamil-shaped "is there only" (still there); Romanian-shaped "stays with the hands in the pockets" (idle)
    (r"\b(is|are) there only\b", r"\1 still there"),
    (r"\b(?:stays?|stands?|is|are|stood|stayed) with (?:the |his |her |their )?hands in (?:the |his |her |their )?pockets\b", "is idle"),
    # a phone's speech-to-text: "hard hate", "orange west" (vest), "palate" (pallet), "wear is" (where), "won" (one),
    # "at to fifteen" (2:15), "between for twenty and ate ten", "question mark" said aloud
    (r"\s*\bquestion mark\s*\.?$", "?"), (r"\bhard hates\b", "hard hats"), (r"\bhard hate\b", "hard hat"),
    (r"\b(red|orange|yellow|green|blue|white|black|grey|gray|pink|purple|hi viz|hi vis|high viz) (?:west|vast)\b", r"\1 vest"),
    (r"\b(?:palate|palette)(s?)\b", r"pallet\1"),
    (r"(^|\btell me |\bknow |\bback to |\bsee |\bremember |\bshow me )wear\b", r"\1where"),
    (r"\bwear (is|are|was|were|did|does|do|has|have|he|she|they|i|we)\b", r"where \1"), (r"\bwon\b", "one"),
    (r"\b(at|since|from|until|till|between|and|by|after|before) (to|too|ate) (?=(?:oh|ten|eleven|twelve|\w+teen|twenty|thirty|forty|"
     r"fifty|minutes?)\b)", lambda m: f"{m.group(1)} {'eight' if m.group(2) == 'ate' else 'two'} "),
    (r"\b(at|since|from|until|till|between|and|by|after|before) for (?=(?:oh|ten|eleven|twelve|\w+teen|twenty|thirty|forty|fifty)\b)"
     r"(?!\w+(?:[ -]\w+)? (?:minutes?|mins?|seconds?|secs?|hours?)\b)", r"\1 four "),  # not "and for twenty minutes"
    # short words typed with two letters swapped ("teh", "hte", "waht"): too short for the typo corrector
    (r"\b(?:teh|hte)\b", "the"), (r"\bwaht\b", "what"), (r"\btaht\b", "that"),
    # "where he was before the mixer arrived, he went back there?": did he go back to where he was
    (r"^([^,?]+?), where (he|she|they) (was|were|stood|worked) (before|after) ([^,?]+?), (?:he|she|they) (?:went|go|goes|came|come) "
     r"back there\?*$", r"did \1 go back to where \2 \3 \4 \5?"),
    # "DRILL PICK-UP. BEFORE THAT, MAN ORANGE VEST START WORK?": did the second happen before the first
    # (or with a comma: "mason went for lunch, before that itself first course finished?")
    # (not Italian's "prima che", "before that" + a clause: "he took off the helmet, before that the mixer arrived?")
    (r"^([^.?!]+?)(?<!\bfirst)(?:[.]\s+(before|after) (?:that|this|it)(?: itself| only)?,?|,\s+(before|after) (?:that|this|it)"
     r"(?: itself,?| only,?|,)|,\s+(after) (?:that|this|it))\s+(?!(?:where|what|which|when|how|who|is|was|did)\b)(?![^.?!]*\b(?:again|back)\b)([^.?!]+?)\?*\s*$",
     lambda m: f"{m.group(5)} {m.group(2) or m.group(3) or m.group(4)} {m.group(1)}?"),
    # an appositive that only describes ("the level, the long one, where ..."): the thing itself
    (r"^(the [a-z]+(?: [a-z]+)?), the (?:(?!(?:red|orange|yellow|green|blue|white|black|grey|gray|brown|pink|purple|silver)\b)[a-z]+ )?"
     r"one, ", r"\1 "),
    # "that with the orange vest", "that without helmet": the one with or without it
    (r"(^|, )that (with|without|wearing)\b", r"\1the one \2"),
    (r"^(.*?)\b(he|she)\b('s\b)?([^,?]*?), the one (with|without|wearing|in) ([^,?]+?)\?*$",
     lambda m: f"{m.group(1)}the one {m.group(5)} {m.group(6)}{' is' if m.group(3) else ''}{m.group(4)}?"),
    # "after his break, he went back to where he was before it": the place before the break
    (r"\bafter (his|her|their|the) ((?:tea |lunch |coffee )?break),? (he|she|they) (?:went|go|goes|came|come|did go) back to where "
     r"(he|she|they) (was|were) before it\b", r"\3 went back to where \4 \5 before \1 \2"),
    # sign order "PLACE HIM STAND BEFORE TEA BREAK, HIM GO BACK THERE?": went back to where he was before it
    (r"\bplace (?:him|he|her|she|them|they) (?:stand|stood|was|were|work|worked|be) (before|after) ([^,?]+?), (?:him|he|her|she|them|they) "
     r"(?:go|went|come|came|goes) back there\b", r"did he go back to where he was \1 \2"),
    # verb-last English (Korean-shaped): "bricklayer, his work when started?", "wheelbarrow moving, steel fixer leaving site
    # before it was?", "hammer dropping, before first brick laying happened?"
    (r"\bafter (the )?break again (work|working)\b", "work again after the break"),
    (r"^([^,?]+), (?![^,?]*\b(?:how|what|where|which|who|since|from|ago|did|does|do|is|was)\b)([^,?]+?) when (?:he |she |they |it )?"
     r"(\w+)((?: down| up| out| in| off| on)?)\?*$", r"when did \1 \3\4 \2?"),
    (r"^([^,?]+?) (dropping|moving|arriving|leaving|falling|coming|entering|going), ([^,?]+?) (before|after) it was\?*$",
     lambda m: f"did {m.group(1)} {_ING[m.group(2)]} {m.group(4)} {m.group(3)}?"),
    (r"^([^,?]+?) (dropping|moving|arriving|leaving|falling|coming|entering|going), (before|after) ([^,?]+?)(?: happened| was it| it was)?\?*$",
     lambda m: f"did {m.group(1)} {_ING[m.group(2)]} {m.group(3)} {m.group(4)}?"),
    # a spell said not to be meant ("not in total, I stress, but in the present spell"), in aggregate (in total), an
    # occasion counted ("on the second such occasion"), "the young one" and "the boys" (people), a pick-up (the
    # event), a hat "removed" after it is named (taken off), "last sighting elapsed" (how long since), a keyword
    # string's "idle so far" / "working current stretch" (the current spell)
    (r"\bnot (?:in )?(?:the )?(?:total|all together|altogether|overall|in all)(?: time)?\b(?:,? i stress,?)?(?:,? but\b)?", ""),
    (r"\bin aggregate\b", "in total"),
    (r"\bon the (first|second|third|fourth|last) (?:such )?occasion\b", r"the \1 time"),
    (r"\bthe young (?:one|un|'un|fella|fellow|lad|guy|bloke)\b", "the lad"),
    (r"\bthe boys\b(?! (?:in|on|at|from|with) the (?:office|cabin)\b)", "the workers"),
    (r"\bpick-?ups?\b(?! (?:truck|trucks|ute|utes|van|vans|point|location)\b)", "picked up"),
    (r"\b(?:his|her|their) (?:hardhat|hard hat|helmet|hat|lid) (what time |when |at what time )?(?:he |she |they )?(?:removed|taken off|came off|take off|took off)\b",
     r"\1took his hardhat off"),
    (r"^(.+?) (?:last sighting|last seen|last sight) elapsed\??$", r"how long since \1 was last seen"),
    (r"^(?!how\b|what\b|when\b|is\b|was\b)([^,?]+?) (idle|working|without (?:a )?hard ?hat|in the (?:trench|hole|pit|excavation)) "
     r"(?:current stretch|so far|this stretch|current spell|right now so far)\??$", r"how long has \1 been \2 now"),
    # verb-last events: "scaffolder break go" (went on a break), "trench going in" (went into the trench)
    (r"\b(?:his |her |their |the |a )?(?:break|rest|smoko|lunch) (?:go|goes|went|gone|going)(?=\s*(?:,|\?|$|before\b|after\b|"
     r"and\b|then\b))", "went on a break"),
    (r"\b(?:the )?(trench|hole|pit|excavation) (?:going|went|go|goes|getting|got) (?:in|into|inside)\b", r"went into the \1"),
    (r"\b(?:(?:from|out of) )?(?:the )?(trench|hole|pit|excavation) (?:coming|came|come|getting|got) out\b", r"came out of the \1"),
    # "before" and "after" after their clause (subject-object-verb English): "hammer drop before, welder his work
    # stopped?" = did the welder stop before the hammer dropped; "green vest man helmet took off, trench going in
    # before was?" = was the hat taken off before he went in
    (r"^(?!(?:" + _ASKS_WORDS + r")\b)([^,?]{6,}?) (before|after), (?!(?:" + _ASKS_WORDS + r")\b)([^,?]{6,}?)\?*$",
     r"\3 \2 \1?"),
    (r"^(?!(?:" + _ASKS_WORDS + r")\b)([^,?]{6,}?), ((?:(?!\b(?:" + _ASKS_WORDS + r"|minutes?|mins?|hours?|seconds?|secs?|"
     r"hour|days?|while|bit|ago|same|like|as)\b)[^,?]){6,}?) (before|after)"
     r"(?: (?:was|were|did|is|happened|it was|it did))?((?: \w+)?)\?*$",
     lambda m: f"{m.group(1)}{m.group(4)} {m.group(3)} {m.group(2)}?"),
    # a thing's arrival or leaving in the bare or -ing form: "before concrete mixer arriving", "before foreman arrive"
    (r"\b(before|after) ((?:the )?[a-z]+(?: [a-z]+)?) (arriving|arrival|arrive|leaving|leave|coming)(?=\s*(?:,|\?|$|or\b))",
     lambda m: f"{m.group(1)} {m.group(2)} " + {"arriving": "arrived", "arrival": "arrived", "arrive": "arrived",
                                                "leaving": "left", "leave": "left", "coming": "came"}[m.group(3)]),
    # a pronoun named after it ("has he been back by there, the lad in orange, where ..."): the name in its place
    (r"^(has|have|did|is|was|does) (he|she) ([^,?]+?), ((?:the|that|this|yer|our) [^,?]+?)(,|\?|$)", r"\1 \4 \3\5"),
    # Welsh fronting: "after the first brick went down it was, that the boyo took his hat off, was it?"
    (r"^(after|before) ([^,?]+?) it was,? that ([^,?]+?)(?:,? (?:was it|wasn't it|is it|isn't it))?\?*$", r"did \3 \1 \2?"),
    # "the drill drop first then hammer drop, correct or not?": did the first happen before the other
    # (also without an article, "after that" for then, and the asking repeated: "drill drop first, after that the welder
    # stop work? drill drop before, yes or no?")
    (r"^(?!(?:when|what|how|where|which|who|whom|why|is|did|was|has|have|does|do|were|are)\b)((?:the )?[^,?]+?) first,? "
     r"(?:then|and then|after that|afterwards) ([^,?]+?)(?:,? (?:correct|right|true|yes) or (?:not|no)|,? (?:before |true )?or not|"
     r",? right|\? [^?]*\b(?:before|yes or no|or not|correct|right)\b[^?]*)?\?*$",
     r"did \1 before \2?"),
    (r"(\d),(\d{3})\b", r"\1\2"),  # thousands: "t = 1,200 s"
    # shorthand typed on a watch or phone: "w/o hh", "b4", "aft", "ppl", "@3:20", "drill -> ground", "gas can @?"
    (r"^\s*#\s*(?=[a-z])", "how many "),
    # words joined by hyphens as signers gloss them ("HOW-LONG", "WHICH-WAY", "PICK-UP", "HARD-HAT")
    (r"\b(how|which|what|pick|picked|hard|come|came|add|go|went|put|set|take|took|fall|fell|last|first|walk|"
     r"stand|sit|look)-(long|way|many|much|up|hat|back|in|down|off|out|see|seen|time|around|about)\b", r"\1 \2"),
    (r"\?\s*(thanks|thank you|cheers|ta|many thanks|kind regards|best regards|regards|best wishes|bless you|much obliged)\b[^?]*$",
     "?"),  # a sign-off after the question
    (r"\bw/o\b", " without "),
    (r"\bwhaur's\b", "where is"),
    # a correction said mid-question: "the drill - not the drill, the grinder -", "before - no, after - after"
    (r"\b(?:the )?(\w+) - not (?:the )?\1,? (the \w+(?: \w+)?) -\s*", r"\2 "),
    (r"\b(before|after) - no,? (after|before) -\s*(?:\2\s+)?", r"\2 "),
    (r",\s*then\s*\?", "?"),
    # a tag that repeats the statement's own verb ("..., so it is?", "..., so he did?"), "please" in front, "wi'"
    (r",\s*so (?:it|he|she|they|i|we|you) (?:is|was|did|does|has|have|had|am|are|were)\s*\?*\s*$", "?"),
    (r"^please,?\s+(?=the |where |when |how |which |what |is |did |has )", ""), (r"\bwi'(?=\s)", "with"),
    # words glued by a fast thumb ("thebanksman", "howlong"): split after a short word when both halves are words
    (r"\b(the|how|my|his|her|what|where|when|which|in|on|at|to|of|and)([a-z]{3,})\b", lambda m: f"{m.group(1)} {m.group(2)}"
     if m.group(0) not in _english() and m.group(0) not in _VOCAB_SET and len(m.group(2)) >= 4 and (m.group(2) in _VOCAB_SET or (
         m.group(1) in ("the", "how") and m.group(2) in _english())) else m.group(0)),
    (r"\bhalf (an )?hrs?\b", "half hour"),
    # fragments with colons and slashes ("drill: where?", "orange vest / idle / how long")
    (r"\s+/\s+", " "), (r"(?<=[a-z]):\s+", " "), (r"\bour (beloved|trusty|precious|favourite|favorite) ", "the "),
    (r"\bwhere(?:'s| is) me (?=[a-z])", "where is my "),
    # an h dropped and marked ("'e took 'is 'at off", "what's 'appened", "be'ind me"): the word with its h
    (r"(?<![\w'])'em\b", "them"),  # "shifted 'em": them, not "hem"
    # Appalachian: "get drug off somewheres" (dragged), "started in to workin'" (started), "leave out" (leave)
    (r"\b(get|got|gets|was|were|been|be) drug\b", r"\1 dragged"),
    (r"\b(start|started|starts|starting) in (?:to |on )?(?=work\b|working\b|\w+in'|\w+ing\b)", r"\1 "),
    (r"\b(leave|left|leaves|leaving) out\b(?! (?:of|the|a|an|his|her|their|some|any|my|that|this)\b)", r"\1"),
    (r"(?<![\w'])'fore\b", "before"), (r"(?<![\w'])'tween\b", "between"),  # Appalachian "'fore the truck come in"
    (r"(?<![\w'])'([a-z]+)", lambda m: "h" + m.group(1) if "h" + m.group(1) in _english() else m.group(0)),
    (r"\bbe'ind\b", "behind"), (r"\b(any|no|some|every)fink\b", r"\1thing"), (r"\bnuffink\b", "nothing"),
    (r"\btitfer\b", "hat"), (r"\bdog and bone\b", "phone"), (r"\b(on|off) (his|'is|me|my) loaf\b", ""),
    (r"\bround the back (?:on|to) (?:my|me) (left|right)(?: hand| 'and)?(?: side)?\b", r"behind me on the \1"),
    (r"\b(take|took|takes|have|had|'ad) a breather\b", r"\1 a break"),
    # speech to text on a noisy site: sound-alike words ("wears the drill", "the grind her", "still" as "steal", "a go")
    (r"^is (the \w+(?: \w+)?|he|she) back (?:to |at )?where\b", r"has \1 gone back to where"), (r"\btea leaf\b", "thief"),
        (r"^wears (the|my|his|her|that|our)\b", r"where is \1"), (r"\bsteal (there|here|where|in|at|on)\b", r"still \1"),
    (r"\b([a-z]+) her\b", lambda m: m.group(1) + "er" if m.group(1) + "er" in _VOCAB_SET else m.group(0)),
    (r"\b(minutes?|mins?|seconds?|hours?|hrs?) a go\b", r"\1 ago"), (r"\bpalettes?\b", "pallet"),
    (r"\b(roll|rolls|rolled|rolling) (up|in)\b(?! (the|a|his|her|their|that|this|it)\b)",
     lambda m: {"roll": "arrive", "rolls": "arrives", "rolled": "arrived", "rolling": "arriving"}[m.group(1)]),
    # the colour said after the thing, apart: "the extension lead, the yellow, where you saw it last?"
    (r"^(the|my) ([a-z][\w -]*?), the (yellow|red|blue|green|orange|white|black|grey|gray|pink|purple|brown|silver)"
     r"( one)?,\s*", r"\1 \3 \2, "),
    (r"\b(dragged|lugged|hauled|wheeled|carted) (off|away)\b", "moved"),
    # a barrow parked is a barrow moved to its place
    (r"\bpark(ed|s|ing)? (the |his |her |their |that |a )?((?:wheel)?barrows?|trolley|cart|handcart)\b",
     lambda m: {"": "move", "ed": "moved", "s": "moves", "ing": "moving"}[m.group(1) or ""] + f" {m.group(2) or 'the '}{m.group(3)}"),
    # "after he moved the barrow, did he ever go back to it": to where that happened ("go back to it" alone is work)
    (r"^(after|once|since) (he|she|they|i|we|the [\w -]+?) (moved|dropped|put down|set down|left|wheeled|pushed|placed|put|picked up)"
     r" (the|his|her|their|that|my) ([\w-]+),? (did|has|had|have) (.+?) (ever )?(go|gone|come|been|get|got) back (over )?to (it|them)\b",
     r"\6 \7 \9 back to where \2 \3 the \5"),
    # the crane moving what hangs from it: the load moved ("when did the crane start swinging the steel across")
    (r"\b(?:the |a |that |our )?(?:tower |mobile )?crane (?:(?:start|starts|started|began|begin) (?:to )?)?(swing|swung|swinging|swings|"
     r"fly|flew|flying|move|moved|moving|moves|carry|carried|carrying|"
     r"bring|brought|bringing|land|landed|landing|slew|slewed|slewing) (?:the |a |that |its |our )?(?:steel |)?(steel|beam|load|"
     r"girder|bundle|steelwork|column|panel|rebar|bucket|skip|lift)s?(?: across| over| round| around| in| up| down| into place)?\b",
     lambda m: "the load moved" if m.group(1) in ("swung", "flew", "moved", "carried", "brought", "landed", "slewed")
     else "the load move"),  # (a lift is the load picked up, as writers label it: not rewritten)
    # taken from one place to another is a move, not a pick-up ("they took the wheelbarrow from near the wall to the
    # other side"); "took it from here" alone stays picked up
    (r"\b(?:took|taken|take|takes)\b(?! off\b| out\b| up\b)(?=(?: \w+){1,3} from (?!the start\b)(?: ?\w+){1,4} to (?:the |a |another |other |there\b|over\b))",
     "moved"),
    # a remark in brackets ("(for the record)", "(a serious matter, if so)"), not a description ("(orange vest)")
    (r"\s*\((?![^()]*\b(?:vest|hi-vis|hat|hardhat|helmet|lid|ppe|jacket|left|right|behind|front|ahead|orange|yellow|red|blue|"
     r"green|white|black|grey|gray|pink)\b)(?:[^()0-9:\s]+\s+){2,}[^()0-9:]*\)", ""),
    (r"\btoolbox (talk|meeting|briefing)s?\b", "briefing"),
    (r"\b(stick|stuck|stash|stashed|chuck|chucked|shove|shoved|bung|bunged|dump|dumped) (the|my|his|her|our|that) ", r"put \2 "),
    (r"\bhow long (?:has not|have not|hasn't|haven't) (anyone|anybody|we|you|i|one) (?:seen|spotted|clocked) (.+?)(?: for)?(\?|$)",
     r"how long since \1 saw \2\3"),
    (r"^(?:we|i|you)(?: have| has|'ve) not (?:seen|spotted) (.+?) since when\b", r"when was \1 last seen"),
    (r"\b(came|come|comes|coming) into (view|sight|the picture|shot|frame)\b", "appeared"),
    (r"\bwhere (the \w+(?: \w+)?|it|he|she|they) (is|are) relative to the way (i|we) (am|are|'m|'re)( \w+)? facing\b",
     r"which way is \1 from me"),
    (r"\b(went|go|gone|goes|climbed|climb|got|get) down it\b", r"\1 down into it"),
    (r"\bthis (last|past) (hour|half hour|\d+ minutes)\b", r"in the last \2"),
    (r"\bstill (exactly|precisely|just|right) (where|there)\b", r"still \2"), (r"\bthat exact (spot|place)\b", r"that \1"),
    (r"\bre-?enter\b", "go back into"), (r"\bre-?entered\b", "went back into"), (r"\bre-?enters\b", "goes back into"),
    # how the answer should be given, not what is asked: "strictly yes or no", "boolean:", "(gaps < 10 s merged)", "mm:ss"
    (r"^(boolean|yes/no|y/n|true/false)( check)?\s*:\s*", ""),
    (r"\s*\((gaps?|sector|seconds|in seconds|mm:ss|hh:mm:ss|rounded|yes/no|just the number|state =|duration =)[^)]*\)", ""),
    (r"([?.])\s*(strictly |strict )?(yes or no|yes/no|y/n|true/false|true or false|boolean|mm:ss|hh:mm:ss|seconds)\b[^?]*$", r"\1"),
    # things described by their looks, by someone who does not know the site's words
    (r"\b(tall |big |long )?(metal |aluminium |aluminum )?(thing|one|contraption|frame)s? with (the )?(steps|rungs)( on (it|them))?\b|"
     r"\b(tall |big |long )?(metal )?step thing(y|ie|s)?\b", "ladder"),
    (r"\bdigging machine\b|\bdigger thing\b|\bmachine that digs\b", "excavator"),
    (r"\b(spinning |rotating |revolving )?drum[- ](truck|lorry|wagon)(s?)\b", r"concrete mixer\3"),
    (r"\b(little |small )?one[- ]wheel(ed)? (cart|barrow|trolley|thing)\b", "wheelbarrow"),
    (r"\bwooden (platform|skid|tray)( thing)?(s?)\b", r"pallet\3"),
    (r"\b(big |large )?(metal |steel )?(rubbish|junk|trash|garbage|waste|debris) (bin|container|skip|box|dumpster)\b", "skip"),
    (r"\bbig (metal |steel )?bin( thing)?\b", "skip"),
    (r"\b(?:pointy|cone-shaped|conical) (?:plastic |orange |traffic |little )?(thing|thingie|thingy|hat)(s?)\b|"
     r"\bplastic pointy (thing|thingie|thingy)(s?)\b", lambda m: "cone" + (m.group(2) or m.group(4) or "")),
    (r"\b(thing|tool|machine|gun) (that|which) (makes|drills|bores|puts) holes\b", "drill"),
    (r"\b(big |large )?(spinning|spinny|rotating|turning|revolving) (truck|lorry|wagon)\b|"
     r"\b(truck|lorry|wagon) with the (spinning|turning|rotating|revolving) drum\b", "concrete mixer"),
    (r"\b(flat wooden|wooden flat) (thing|board|tray|platform)(s?)\b", r"pallet\3"),
    (r"\b(big )?hanging (load )?(thing|stuff)\b|\b(thing|stuff) (hanging|dangling) (off|from|on) (the )?(crane|hook)\b",
     "suspended load"),
    (r"\b(noisy )?(box|machine|thing)( thing)? that makes (the )?(power|electricity|electric)\b", "generator"),
    (r"\b(little |small )?(yellow )?(truck|cart|thing) that tips\b", "dumper"),
    (r"\b(spinny|spinning) (cutting |cutter )?(thing|tool) with (a|the) disc\b|\bcutting (thing|tool) with (a|the) disc\b",
     "angle grinder"),
    (r"\b(metal )?poles? frame thing\b|\b(tower|frame) (thing )?with (the )?planks\b", "scaffold"),
    (r"\bbox (with|of|full of) (all )?(the |my |his |her )?tools( in it)?\b", "toolbox"),
    (r"\b(long |tall |big )?(metal )?steps thing\b|\bladder thing\b", "ladder"),
    # a hedge after a whole question: "how long ago did they lay the first brick, do you reckon?"
    (r"^((?:how|what|when|where|which|who|is|are|was|were|did|does|do|has|have|had)\b[^?]*?),\s*(do you reckon|d'?you reckon|"
     r"do you think|you think|would you say|do you suppose|you suppose|i wonder|i guess|i suppose|do you figure|you figure|"
     r"would you reckon|any idea|if you know|if you can tell)\s*[?.!]*\s*$", r"\1?"),
    (r"\b(took|take|takes|taken|taking) off (for the day|for home|home|early|for lunch|for good|for the night)\b", r"left \2"),
    (r"\bmade it back (to|over to|round to|down to|up to)\b", r"went back \1"),
    # topic first, verb last: "work again start what time", "my left side or right side located", "still there is"
    (r"\b(work|working) again (start|started|starts|begin|began)\b", "started working again"),
    (r"\b(on )?my left side or (my )?right side\b", "on my left or right"), (r"\bstill there is\b", "is still there"),
    (r"\b(put|set|left|dropped|placed|laid|parked|saw|seen|moved) (down |off |up )?before\b(?=,? (is|was|are|were|still)\b|\s*[?.!]*$)", r"\1 \2earlier"),  # "drill I put down before, still there?"
    # "the same" for "it", as Indian English writes it: "where the same has been taken", "searching for the same since"
    (r"\b(of|for|towards|toward|to|from|about|where|on|into|with|locate|find|trace) the same\b(?=\s*(?:$|[,.?!;]|"
     r"(?:has|have|had|is|was|are|were|since|and|so|please|kindly|at|immediately|urgently|asap|now|today|also)\b))", r"\1 it"),
    (r"\b(do|go)in\b", r"\1ing"),  # g dropped where "-in" is a word of its own ("doin")
    # "which" for "who" ("the man which not wearing helmet", "the worker which wearing orange")
    (r"\b(man|woman|worker|guy|lady|person|fixer|fitter|labourer|laborer|mason|boy|one|fella|bloke|operator|electrician|"
     r"carpenter|welder|apprentice|foreman|rigger) which (is |was )?(not |never )?(wearing|without|with|in|has|had)\b",
     r"\1 who is \3\4"),
    (r"\b(\d{1,2})\.(\d{2})\.(\d{2})\b", r"\1:\2:\3"),  # h.mm.ss
    (r"\bw/(?=\s*\w)", " with "),
    # emoji and symbols for words
    (r"👷\S*|🧑‍🏭|👨‍🔧", " worker "), (r"🧰", " toolbox "), (r"🪜", " ladder "), (r"🔨", " hammer "), (r"⛑️?|🪖", " hardhat "),
    (r"🦺", " vest "), (r"🏗️?", " crane "), (r"🚜", " excavator "), (r"🛒", " wheelbarrow "), (r"🔧", " wrench "),
    (r"^\s*⬅️?", " on my left "), (r"^\s*➡️?", " on my right "),  # a leading arrow says where to look, not "right, ..."
    (r"⬅️?|←", " left "), (r"➡️?|→(?=\s*$|\s*[?])", " right "), (r"⬆️?|↑", " front "), (r"⬇️?|↓", " behind "),
    (r"📍", " where "), (r"⏱️?|⏲️?", " how long "), (r"🕐|🕑|🕒|⏰", " when "), (r"[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]", " "),
    (r"\b(helmet|hat|hard ?hat|lid)-?less (\w+)", r"\2 without a hardhat"), (r"\b(vest|hi-?vis)-?less (\w+)", r"\2 without a vest"),
    # spoken forms written as said: "workin'", "standin'" (g dropped); "'ole", "'is", "be'ind" (h dropped)
    (r"\b(\w{2,}in)'(?=\s|[?.,!]|$)", r"\1g"), (r"\bbe'ind\b", "behind"),
    (r"(?<![\w'])'(ole|e|is|im|er|ammer|ow|ad|ave|as|ere|ome|at|ats|ead|eavy|alf|our|ard|appen|appened|appens)\b", r"h\1"),
    # "where he was sitting doing nothing": idle
    (r"\b(sitting|standing|sat|stood)(?: around| about)? doing nothing\b", "idle"),
    # "still it is there?" (the verb not put first): is it still there
    (r"\bstill (it|he|she|they) (is|are) (there|here)\b", r"\2 \1 still \3"),
    # a glottal stop written as an apostrophe for a t (Estuary, Cockney, Scouse, Caribbean): "wha's tha'?",
    # "is i' off to me righ'?", "the whi'e lid", "ge' back on i'", "can' find i'"
    (r"\b(can|don|won|isn|wasn|didn|ain|doesn|haven|hasn|weren|aren|couldn|wouldn|shouldn)'(?=\s|[?.,!]|$)", r"\1't"),
    (r"\b(wha|tha)'(s|re|ll|d)\b", r"\1t'\2"),
    (r"\b([a-z]+)'([a-z]+)\b", lambda m: _glottal(m.group(0), m.group(1), m.group(2))),
    (r"\b([a-z]+)'(?=\s|[?.,!]|$)", lambda m: _glottal(m.group(0), m.group(1), "")),
    (r"\banyfink\b|\banyfing\b", "anything"), (r"\bsummat\b", "something"),
    # Yorkshire and the North: "t'red toolbox" (the), "int trench" (in the), "wi'" (with), "owt"/"nowt", "afore",
    # "it were" (was), "ten minutes since" (ago), "which road" (which way), "me left" (my), "laikin'" (idling)
    (r"\bt'(?!(as|es|est|en|y|étais|avais|aurais)\b)(?=[a-z])", "the "), (r"\bint\b(?= \w)", "in the"), (r"\bwi'out\b|\bwi'oot\b", "without"),
    (r"\bwi'(?=\s)", "with"), (r"\bnowt\b", "nothing"), (r"\bowt\b", "anything"), (r"\bafore\b", "before"),
    (r"\bower\b", "over"), (r"\btha knows\b", ""), (r"\b(will|can|does|do|would|could|if) tha\b", r"\1 you"), (r"\bour kid\b", "the lad"), (r"\bhoddie\b", "hod carrier"),
    (r"\blaikin'?\b|\blaiking\b", "messing about"), (r"\bfor (a |his |her |their )?brew\b", "for a break"),
    (r"\bmashing\b|\b(on|having) (a |his |her |their )?brew\b", " on a break"), (r"\b(on )?a go-?slow\b", " idle "),
    (r"\bback a me\b", "behind me"), (r"\b(there|here) so\b", r"\1"),  # Bermudian: "what's back a me over there so?"
    (r"\b(go|went|gone|come|came) back (?:over )?there where\b", r"\1 back to where"),
    (r"\b(start|started|starts|go|went) (sittin|sitting) up\b", "went idle"), (r"\b(sittin|sitting) up\b", "idle"),
    # Pashto- and Urdu-shaped: "doing duty" is working, "sat free" idle, "went off" left, "minutes back" ago
    (r"\bback on duty\b", "back to work"), (r"\b(doing|on) (his |her |their )?duty\b", "working"),
    (r"\b(sat|sit|sits|sitting) free\b", lambda m: "went idle" if m.group(1) == "sat" else "idle"),
    (r"\b(went|gone|go|goes) (?:off|away)\b(?=[ ,?.!]*$|,? (?:before|after|when|and|or|how|yes|no|right)\b)",
     lambda m: {"went": "left", "gone": "left", "go": "leave", "goes": "leaves"}[m.group(1)]),
    (r"\b(right|left)( side)? but (?:more |a bit |little )?(?:towards |to the |to )?back\b", r"behind me on my \1"),
    (r"\bback( side)? but (?:more |a bit |little )?(?:towards |to the |to )?(right|left)\b", r"behind me on my \2"),
    (r"\binside (?:the )?(trench|hole|pit|excavation) (he|she|they) (go|goes|went|gone)\b", r"\2 went into the \1"),
    (r"\b(how many|\d+|an?|one|two|three|five|ten|twenty|thirty) (minutes?|hours?) back\b(?! (to|in|on|at|there|here|where)\b)",
     r"\1 \2 ago"),
    (r"\bscaffold (man|guy|fella|boy)\b", "scaffolder"), (r"\bsame who\b", "the same one who"),
    (r"\bnot (all day|in total|total|altogether)\b", ""),
    # a load lands (is put down), a lift picks it up; "stood down" is idle; "got clear of the zone" left it
    (r"\b(?:did|does) (the (?:\w+ )?(?:load|skip|pallet|bundle|beam|panel|bucket|bag)s?) land\b(?! (?:in|on|at)\b)",
     r"was \1 put down"),
    (r"\b(?:was |got |been |has |have |had )?landed\b(?! (?:in|on|at)\b)", " was put down"),
    (r"\b(before|after) the lift(?=\s*[?.!]*\s*$)", r"\1 the load was lifted"),
    (r"\b(stood|stand|stands|standing) down\b",
     lambda m: {"stood": "went idle", "stand": "go idle", "stands": "goes idle", "standing": "idle"}[m.group(1)]),
    (r"\blifted\b(?! (?:off|up|out)\b)", "picked up"),
    (r"^(the [\w -]+?) (?:has|have) come back from (?:his |her |the |a )?(?:break|lunch|tea),? is (?:he|she) back (?:to|at) "
     r"work\?*$", r"is \1 working again?"),  # "the welder has come back from break, is he back to work?"
    (r"\b((?:the|his|her|their) (?:\w+ )?(?:welder|roofer|labourer|bricklayer|brickie|scaffolder|carpenter|electrician|plumber|"
     r"helper|apprentice|foreman|banksman|painter|plasterer|fitter|worker|man|guy|lad|woman)|he|she) started\b(?= *[?,.]|$| before| after| again| or)", r"\1 started working"),
    (r"^([^,?]+?) (?:lie|lies|lying|sit|sits|sitting) on (?:the )?(floor|ground),? since when\?*$", r"how long has \1 been on the \2?"),
    (r"^([^,?]+?) (floor|ground) (?:lie|lies|lying|lay),? since when\?*$", r"how long has \1 been on the \2?"),
    (r"^([^,?]+?) (?:stand|stands|standing|stood) there how long(?: already)?(?:,? until now)?\?*$",
     r"how long has \1 been standing there?"),
    (r"\b(got|get|gets|getting) clear of (the )?(zone|exclusion zone|trench|hole|pit|excavation)\b", r"left the \3"),
    # Cornish: "emmet" (a visitor), "gone up the line" (left), "'twas", "'n" (him, it); "on seat" (at his post)
    (r"\bemmets?\b", "visitor"), (r"\b(go|went|gone|goes) up the line\b",
                                    lambda m: {"go": "leave", "went": "left", "gone": "left", "goes": "leaves"}[m.group(1)]),
    (r"'twas\b", "it was"), (r"(?<=\w) 'n\b", " it"), (r"\bback on it\b", "back to work"), (r"\bon seat\b", "at work"),
    # Khmer-shaped: "go sit rest", "take rest"; "stand there how long"
    (r"\b(go|went) (?:sit )?rest\b", "went on a break"), (r"\b(?:take|taking) rest\b", "on a break"),
    (r"\b(break|rest) finish(ed)? already\b", "finished break"),
    # Sinhala-, Galician-, Icelandic-shaped and Scouse: "even now" (still), "went of the site", "went to the break", "the
    # first stone" (brick), "arl fella" (old), "his brew" (break)
    (r"\beven now\b", "still"), (r"\b(went|gone) (out )?of the site\b", "left the site"),
    (r"\b(go|goes|went|gone|going) to the (break|lunch)\b", r"\1 on \2"),
    (r"\b(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|\d+th) stones?\b", r"\1 brick"),
    (r"\barl (fella|feller|fellow|man|one)\b", r"old \1"), (r"\b(his|her|their) brews?\b", r"\1 break"),
    (r"\b(it|he|she|that|this) were\b", r"\1 was"), (r"^(when|how long|where|what time|how long ago) were\b", r"\1 was"),
    (r"\bwhich road (is|was|are|'s)\b", "which way is"), (r"\bpoint us\b", "point me"),
    (r"(?<!point )(?<!take )(?<!bring )(?<!lead )(?<!guide )(?<!get )(?<!turn )\bme (left|right(?! (?:now|here|there|away)\b)|back)\b",
     r"my \1"),
    (r"\b(?:for )?(\d+|ten|five|twenty|fifteen|thirty) (minutes?|hours?|seconds?|mins?) since\b(?! (he|she|they|the|i|we|you|it)\b)",
     r"\1 \2 ago"),
    # Norwegian word order and words: "Stands the ladder still ...", "Came the excavator before ...", stige, hjelm
    (r"^(stands|stand|lies|lie|sits|sit|hangs|hang|stays|stay) (the [\w' -]+?) (still|idle|there|where)\b", r"is \2 \3"),
    (r"^came (the [\w' -]+?) (back|to the|on site|onto the)\b", r"did \1 come \2"),
    (r"^(stopped|started|began) (the [\w' -]+?) (working|to work|work)\b",
     lambda m: f"did {m.group(2)} {'stop' if m.group(1) == 'stopped' else 'start'} working"),
    (r"^(.+?) (stands|stood|has stood|is standing|has been standing) still since when$", r"when did \1 go idle"),
    (r"\b(inside|during|over|within) the last\b", "in the last"), (r"\bclimbed up from (it|the \w+)\b", r"climbed out of \1"),
    (r"\bfront and (?:a bit )?(?:to |on )?(?:the |my |me )?(right|left)\b", r"front \1"),
    (r"\b(working|idle|busy|slacking) or what\b.*$", r"\1"),
    (r",? or (has|did) (it|he|she|they) (grown legs|walked|been nicked|gone walkabout|walk off)\b.*$", ""),
    (r"\b(the )?(gaffer|boss|foreman|client|manager|site manager)(s| is|'s) asking\b.*$", ""),
    (r"\bstige\b", "ladder"), (r"\bgravemaskin(er|en)?\b", "excavator"), (r"\barbeider(e|en)?\b", "worker"),
    # Southern US: "y'all", "over yonder", "fixin' to ..., so tell me", "I seen", "what all's"
    (r"^\s*(y'all,?\s*)?i(?:'m| am) fixing to\b", ""), (r"\bso tell me( straight)?:?\s*", ""),
    (r"[.!]\s*(we|i)(?:'re|'m| are| am) fixing to [^?]*$", "."),
    (r"(?s)^.*\bnever mind( that)?,?\s+(?=(how|what|when|where|which|is|are|was|did|does|has|have|who)\b)", ""),
    (r"^(?:i apologi[sz]e|i am sorry to ask|with my apologies)[^,?]*?(?:,\s*but|,)\s+", ""),
    (r"^(?:now |well )?(?:i know|i hate to|i realise|i realize|i understand|i get that|granted|[^?]*\bnever mind that|"
     r"[^?]*\band while i(?:'m| am) at it)[^?]*?(?:\b(?:but|anyway|that))?,?\s+(?=(how|what|when|where|which|is|are|was|did|does|"
     r"has|have|who|would|could|can|do)\b)", ""),
    (r"^\s*(i |ya |you )?reckon,?\s+(?=(how|what|when|where|which|is|are|was|did|has)\b)", ""),
    (r"\bwhat(?:ever)? (?:has |had )?(?:become|became) of\b", "what happened to"), (r"\bwent to (standing|sitting) around\b", "started standing around"),
    (r"\b(the [\w ]+?),? (she|he)(?:'s| is) the one (in|with|wearing) ", r"\1 \3 "),
    (r"\bme\b(?= (hardhat|hard hat|helmet|lid|drill|hammer|toolbox|gloves|tools|tape|level|bag|van|keys|phone|ladder|barrow|"
     r"wheelbarrow|saw|grinder|kango|jackhammer|spade|shovel|radio)\b)", "my"),
    (r"\b(that |this |the )?(ol'|ol|ole|old) (boy|boi|fella|feller)\b", "the worker"),
    # an afterthought giving the asker's reason: "..., 'cause that'd be mighty convenient"
    (r"(?<=\w\w)\s*,?\s+(?:'cause|cause|cuz|coz|cos|because) (?:that'd|that would|that is|that's|it'd|it would|i'd|i|we|you|"
     r"they|he|she|then)\b.*$", ""),
    (r"\by'all\b,?|\b(over|out) yonder\b|\byonder\b", " "), (r"\bi seen\b", "i saw"), (r"\bwhat all\b", "what"),
    (r"\ba couple( of)? minutes back\b", "2 minutes ago"), (r"\b(\d+) minutes back\b", r"\1 minutes ago"),
    (r"\b(sitting on (his|her|their) hands|holding up (the|that) \w+ with (his|her|their) shoulder|(with )?(his|her|their) "
     r"thumbs? in (his|her|their) ears?|(with )?(his|her|their) hands in (his|her|their) pockets)\b", "idle"),
    (r"^did (somebody|someone|anybody|anyone) (grab|take|pick up|lift|move|shift|drop) (the [\w -]+?) (after|before)\b",
     lambda m: f"was {m.group(3)} {dict(grab='picked up', take='picked up', lift='picked up', shift='moved', move='moved', drop='dropped').get(m.group(2), 'picked up')} {m.group(4)}"),
    (r"\bto be (looking at|facing|lookin at)\b", "to face"),
    (r"\bat (my|the) (left|right)[- ]hand side\b", r"on my \2"), (r"\b(right|left)[- ]front\b", r"front-\1"),
    (r"\b(right|left)[- ]back\b|\b(right|left)[- ]rear\b", lambda m: f"behind-{m.group(1) or m.group(2)}"),
    (r"\b(red|yellow|orange|green|blue|white|black|grey|gray|pink|purple|brown|silver) colou?r(ed)?\b", r"\1"),
    (r"\b(at|in) which (place|location|position)\b|\b(its|his|her) (present |current )?location is where\b", " where is it"),
    (r"\bcompared (with|to) (\d+) minutes before\b", r"\2 minutes ago"), (r"\bdeparted( from)?\b", "left"),
    (r"\bat which time\b", "when"), (r"\bsince (his|her|its|their) last appearance,? how much time (has )?elapsed\b",
                                         "how long since last seen"),
    (r",?\s*please (calculate|tell|check|confirm|advise)( it)?( for me)?\s*[.?!]*\s*$", ""), (r"^\s*is it true that\b", ""),
    (r"\b(went|go|gone|goes) (to rest|for a rest|to take a rest)\b", r"\1 on a break"), (r"\bin the recent\b", "in the last"),
    (r"\bhow is (it,? )?the situation\b", "how are you"), (r"\bwhr\b", "where"), (r"\bon floor\b", "on the floor"),
    (r"\bback on (the )?tools\b", "back to work"), (r"\bstarted\s*(@|at what time)\s*\??\s*$", "started working at what time"),
    (r"\bmosey(ed)? back( over)?\b", "went back"), (r"\bget to working\b", "start working"),
    (r"\bget back (after it|at it|to it)\b", "go back to work"), (r"\bknock off working\b", "stop working"),
    (r"\b(did|does|will) (the \w+|he|she) clear off\b", r"\1 \2 leave"), (r"\bslope(d)? off\b", "go off"),
    (r"\bgone walkabout\b", "gone missing"), (r"\bcreeping up\b", ""),
    (r"\b(different|same|that|this|the|any|those|these|our) hand\b(?=\s+(in|with|without|w/o|i|on|have|has|had|come|came|who|that|over|"
     r"by|near|at|there|yonder|was|is|were|been|walking|standing|working|slacking|loafing|idle)\b)", r"\1 worker"),
    (r"\b(different|same|those|these|our|how many|any|the|two|three|all the|other) hands\b(?=\s+(in|with|without|w/o|we|i|on|have|"
     r"had|has|came|come|who|that|were|are|been|walking|standing|working|out|on site|here|there)\b|\s*$)", r"\1 workers"),
    # chat: fillers and a request joined by ";" to the question ("what's on my right; ping me if the crane swings")
    (r"\b(tl;?dr|fwiw|afaik|imo|imho|lmk|y/n|pls|plz|thx|ty)\b", " "),
    (r"[;,]\s*(ping|notify|alert|message|dm) me (if|when|once)\b[^;?]*", " "),
    (r"^\s*loc of\b", "where is"), (r"^\s*(total )?dur of\b", r"how long was \1"),
    (r"^\s*(total )?dur since\b", r"\1how long since"), (r"^\s*(total )?dur\b", r"\1how long"),
    (r"^\s*ts (of )?(?=(the|a|an|my|his|her|that|this) )", "when "),
    (r"\blast eyes on\b", "i last saw"),
    # formal written English: the reason after the question and the courtesies around it
    (r",?\s*if you (would|could|will) (be so kind|kindly \w+|please)\b", ""),
    (r",\s+(as|because) (i|we|my|no|a|the|it|this|that|they|he|she)\b[^?]*(?=[?.]?\s*$)", ""),
    (r"\b(ascertain|establish|know|confirm) the direction of\b", "which way is"),
    (r",\s+since (the|a|an) [^?]*\b(requires?|permit|needs?|rules?)\b[^?]*(?=[?.]?\s*$)", ""),
    (r"\bi (would|should) like to (ascertain|confirm|check|know|establish) this\b[^?]*$", ""),
    (_ASKING + r"( me)? (whether|if) (?P<who>.+?) (?P<aux>is|was|were|are|has|have|had) ", r"\g<aux> \g<who> "),
    (r"\bduring my (inspection|walk|round|visit)( of [\w ]+?)?(?=[?.]?\s*$)", ""),
    (_ASKING + r"( me)?\b", ""),
    (r"\b(please )?(advise|inform|tell) me (of|about|as to) the whereabouts of\b|\bthe whereabouts of\b", "where is"),
    (r"\bmobile elevating work platform(s?)\b", r"mewp\1"), (r"\bpersonal protective equipment\b", "ppe"),
    (r"\b(ascertain|establish|know|confirm) the direction of\b", "which way is"),
    (r"\bat present\b|\bpresently\b", "currently"), (r"\bpersonnel\b", "people"), (r"\bat timestamp\b", "at"),
    (r"\b(which|what) (objects|items|equipment|things) are (located|situated|positioned|sitting)\b", "what is"),
    (r"\bcarrying out (work|works|his work|her work|tasks?)\b", "working"), (r"\bfirst observed\b", "first seen"),
    (r"\b(parked|standing|stood|sitting|located|positioned) where it (stood|was|sat)\b", "where it was"),
    (r"\b(did|does|do) (the \w+|he|she|they) take off\b(?!\s+(his|her|their|the|a|an|its|it|hardhat|vest|helmet|hat|ppe)\b)",
     r"\1 \2 leave"),
    (r"\bb4\b", "before"),
    (r"\bpt (?=(me|us|him)\b)", "point "), (r"\b(front|back|behind|on my|to my|my|hard|turn|go|look) rt\b", r"\1 right"),
    (r"\brt (?=(of me|side|now)\b)", "right "), (r"\b(front|back|behind|on my|to my|my|turn|go|look) lt\b", r"\1 left"),
    (r"\bwhich dir\b", "which direction"), (r"\b(in|into|outta|out of|from|near|by|the) exc\b", r"\1 excavation"),
    (r"^exc\b", "excavation"), (r"\bequip(ment)? op(erator)?\b", "equipment operator"),
    (r"\baft\b", "after"),
    (r"\bppl\b", "people"),
    (r"\brn\b", "now"),
    (r"\bdir (to|of)\b", r"direction of"),
    (r"^(.+?\b(?:seen|dropped|moved|picked up|arrived|left|removed|off|started|stopped|went in|came out|back|"
     r"showed up|set down|put down|grabbed|taken|laid|done|finished|installed)\b)\s*@\s*\?*\s*$", r"\1 at what time?"),
    (r"^(.+?)\s*@\s*\?*\s*$", r"where is \1?"),
    (r"\s*@\s*", " at "),
    (r"\b(\d+)(mins?|secs?|hrs?)\b", r"\1 \2"),
    (r"\bminute (\d{1,3}) (?:with|and) (\d{1,2})(?: seconds?| secs?)?\b(?! (?:minutes?|mins?|hours?))",  # Aymara-shaped "at minute 4 with 20"
     lambda m: f"{m.group(1)}:{int(m.group(2)):02d}"),
    (r"(\d\s*(?:m|mins?|minutes?|s|secs?|seconds?)?)\s*~\s*(?=\d)", r"\1 to "),  # a range: "3min ~ 9min 30sec"
    (r"~\s*", "about "),
    (r"\b(\d+)\s*(?:hours?|hrs?|h)\s*(?:and\s+)?(\d{1,2})\s*(?:minutes?|mins?|m)\b(?:\s*(?:and\s+)?(\d{1,2})(?:\s*(?:seconds?|secs?|s)\b|"
     r"(?=\s*\?*\s*$)))?(?!\s*(?:ago|back|before|earlier))",  # (the seconds may go unnamed at the end: "at 1 hour 2 minutes 15?")
     lambda m: f"{m.group(1)}:{int(m.group(2)):02d}:{int(m.group(3) or 0):02d}"),  # "at 1hour 5min": a media time h:mm:ss
    (r"\b(\d+(?:\.\d+)?)\s*m\b(?=\s*(?:ago|back|before|earlier)\b)", r"\1 minutes"),
    (r"\s*->\s*(?:the )?(ground|floor|deck)\b", r" on the \1"),
    (r"\s*->\s*(?:the )?(hole|trench|excavation|pit|zone)\b", r" went into the \1"),
    (r"\s*->\s*", " to "),
    (r"\bmy ([lr])\b", lambda m: "my left" if m.group(1) == "l" else "my right"),
    (r"\b(\d+)\s*-\s*(\d+)\s*(?:m|mins?|minutes)\b", r"between the \1 and \2 minute marks"),
    (r"\b(?:in the |the )?last (\d+)\s*(?:m|mins?)?\s*\??$", r"in the last \1 minutes"),
    (r"\s*\b(y/n|yes/no|yes or no)\b\s*[?.]*\s*$", "?"),
    (r"\bat\s*\(t\)|\(t\)", "at what time"),
    (r"\s+-\s+|:\s+|\s+:", " , "),
    (r"\b(\w+) \((" + _COLOURS_RE + r")\)", r"\2 \1"),  # "drill (yellow)"
    (r"\((" + _COLOURS_RE + r"|no|without)(\s[^)]*)?\)", lambda m: " with " + m.group(0)[1:-1] + " "),
    (r"\((front|behind|left|right|ahead)([- ][^)]*)?\)", lambda m: " " + m.group(0)[1:-1].replace("-", " ") + " "),
    # an aside in brackets goes; a noun phrase in brackets ("(the guy in the blue lid)") stays
    (r"\((?!\s*(the|a|an|that|this|his|her|my)\b)[^)]*\)", " "),
    (r"\(|\)", ", "),
    (r"\bt\s*=\s*(\d+(?:\.\d+)?)\s*s?\b", r" at \1 seconds in "),
    (r"(?<![\w:])-\s*(\d+(?:\.\d+)?)\s*s\b", r" \1 seconds ago "),
    (r"\b(\d+(?:\.\d+)?)\s*s\b(?=\s*(ago|before|earlier|back)\b)", r"\1 seconds"),
    (r"\s*(?<![<>!])=(?!=)\s*", " same as "),  # "this orange vest = one from 5 min ago?"
    (r"\b[lL] ?(?:or|/) ?[rR]\b", "left or right"),
    (r"[^\w:'/\-\s,.?!]", " "),
    (r"[,;-]\s*over( and out)?\s*[.?!]*\s*$", ""),  # radio: "..., over?"
    (r"(\d)\s*(?:min|mins|minutes?)\s*(\d{1,2})\s*(?:s|sec|secs|seconds?)\b", r"\1:\2"),
    (r"\b(\d{1,2})h\s*(\d{1,2})m\s*(\d{1,2})s\b", lambda m: f"{int(m.group(1)) * 60 + int(m.group(2))}:{int(m.group(3)):02d}"),
    (r"\b(\d{1,2}):(\d{2}):(\d{2})\b", lambda m: f"{int(m.group(1)) * 60 + int(m.group(2))}:{m.group(3)}"),
    (r"\bthe (\d+)[- ]second mark\b", lambda m: f"{_mmss(int(m.group(1)))}"),
    (r"\b(\d{1,2})\.([0-5]\d)\b(?!\s*(?:s|sec|secs|seconds?|min|mins|minutes?|hours?|h|m)\b)", r"\1:\2"),
    # the person, then the other event, then the deed (Persian-shaped, round 107): "the man in orange vest, before the
    # crane load come up, his helmet he removed?" (the deed, already turned round above, goes back beside its doer)
    (r"^((?:the )?[^,]+?), (before|after) ([^,]+?), ((?:took|removed|put|picked|dropped|moved|went|came|left|entered|started|"
     r"stopped)\b[^,?]*?)\s*\?+$", r"\1 \4 \2 \3?"),
)
# After contractions and punctuation: spoken numbers' hyphens, framing, and the words of formal,
# non-native, slang, dictation and US/Aus site talk, each to the plain form the grammar knows.
_DIGIT_WORDS = {"zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "niner": 9}
_DIGIT_RE = "|".join(_DIGIT_WORDS)


def _spoken_digits(m: re.Match[str]) -> str:
    """ "zero-two-three-zero" (radio talk, into the recording) as 2:30; "zero-three-hundred" as 3:00."""
    words = re.split(r"[- ]", m.group(0))
    if words[-1] == "hundred":
        return f"{_DIGIT_WORDS[words[0]] * 10 + _DIGIT_WORDS[words[1]]}:00"
    d = [_DIGIT_WORDS[w] for w in words]
    return f"{d[0] * 10 + d[1]}:{d[2]}{d[3]}"


_ACTIVE = {"left": "leave", "started": "start", "stopped": "stop", "downed": "down", "taken": "take", "resumed": "resume",
           "begun": "begin"}
"""A participle of the agentive passives below, as the active verb."""


_BEARING_WORDS = {0: "in front of me", 45: "front right of me", 90: "on my right", 135: "behind me on the right",
                  180: "behind me", 225: "behind me on the left", 270: "on my left", 315: "front left of me"}
"""A relative bearing a surveyor names, in degrees, as the sector's words."""


def _ongoing_spell(m: re.Match[str]) -> str:
    """A present tense ("how much time is that he does nothing") asks for the spell going on: say it as one."""
    who, verb = m.group(1), m.group(2)
    state = {"lies": "lying", "lays": "lying", "sits": "sitting", "stands": "standing", "works": "working",
             "does nothing": "idle"}.get(verb, re.sub(r"^(?:is|are) ", "", verb))
    return f"how long has {who} been {state}"


_PHRASES = _rules(
    # round 110's forms (Hiri-Motu-, Marshallese-, Tahitian-and-French-shaped; Grenadian and Newfoundland by voice)
    (r"^(?:is|was) (.+?) after (?:knocking|going|heading|sloping|slipping|nipping) off for (?:a|his|her|their) "
     r"(?:smoke|break|tea|lunch|rest|cuppa|dinner|mug-up)\b", r"has \1 gone on a break"),  # the "after" perfect
    (r"\bsince (?:anybody|anyone|somebody|someone|we) (?:last )?(?:see|saw|seen|has seen|have seen) (it|him|her|them)\b",
     r"since i last saw \1"),
    (r"\bhow much (fellas|fellows|men|guys|people|workers|lads|boys|persons)\b", r"how many \1"),
    (r"\breach(?:ed|es)? (?:on|at|to) (?:the )?site\b", "arrived on site"),
    (r"\bthe crew (?=(?:went|go|gone|knocked|came|come|left|stopped|started)\b)", "the workers "),
    (r"\b(?:is |has )?gone to sit down\b", "went on a break"),
    (r"\b(stays|stay|is|remains) always (where|there|at)\b", r"is still \2"),
    (r"\bit makes how long (?:that )?(he|she|they) (?:has|have) (stopped|left|gone|taken|removed|dropped|moved)\b",
     r"how long since \1 \2"),
    # round 108's forms (Bislama, Aboriginal English, Antiguan by voice; Kiribati-shaped): "go for eat", "tucker" (food),
    # "pack up and go home for good", "them cones, the orange ones", "stop long ground" (stay on it), "long place where"
    # (to), "from 2:00 go catch 6:30", "sitting for rest", the creoles' "e" for his and "pick um up"
    (r"\b(go|goes|went|gone|going) for (?:to )?(?:eat|eating)\b", r"\1 for lunch"), (r"\btucker\b", "lunch"),
    (r"\b(go|goes|went|gone|going) (?:to )?eat (?:his |her |their |the |a )?(lunch|dinner)\b", r"\1 for lunch"),
    (r"\bpack(?:s|ed)? up and (?:go|goes|went|gone) home(?: for good)?\b", "left the site"),
    (r"\b(?:them|the|those) (\w+?)s?,? the (" + _COLOURS_RE + r") ones\b", r"the \2 \1s"),
    (r"\b(stop|stops|stay|stays|stayed|lie|lies|lying|sit|sits|sitting)(?: down)? long (?:the )?(ground|floor)\b", r"\1 on the \2"),
    (r"\b(?:yet )?long (place|spot) where\b", r"to the \1 where"), (r"\bgo catch (?=\d)", "to "),
    (r"\bsitting for (?:a )?rest\b", "sitting idle"),
    (r"\b(take|took|tek|tuk|taking) off e (vest|helmet|hardhat|hat)\b", r"\1 off his \2"),
    (r"\b(gaan|gone|went|go) (?:fu|for|fi|fe|to) (?:e|he|his|im) (lunch|break|tea|breakfast|dinner|food)\b",
     lambda m: f"went for his {m.group(2) if m.group(2) in ('break', 'tea') else 'lunch'}"),
    (r"\bfuss (break|brick|course|block|time|one|row)\b", r"first \1"),
    (r"^(?:wey|weh|where) (dem|dey|they) (put|leave|lef|carry|tek|take|move|drop)\b", r"where did they \2"),  # ("whey": surface)
    (r"\bwhere e (was|is)\b", r"where he \1"),
    (r"\b(?:to )?(?:wey|weh) (e|he|she) (was|is)\b", lambda m: f"to where {'he' if m.group(1) == 'e' else m.group(1)} {m.group(2)}"),
    (r"\b(?:((?:the|that) \w+(?: \w+)?) )?(he|she|it) (?:go|went|gone) out\b(?! of\b)",
     lambda m: f"{m.group(1) or m.group(2)} left"),  # "the digger he go out": the digger left
    (r"^((?:the|de|di|da) [\w ]+?) a (sitting|siddung|standing|working|resting)\b", r"is \1 \2"),  # the creoles' "a" before a verb: is
    # a load or a vehicle that "came up" has arrived (a person who came up has come out of the hole)
    (r"\b(load|mixer|truck|lorry|van|delivery|wagon|pallets?) (came|come|comes) up\b(?! (?:out|from|of)\b)", r"\1 \2"),
    (r"^how long (?!(?:did|has|have|is|was|were|had|does|do|will|ago)\b)(?!.*\b(?:since|sinse|ago|back|till|until|before|after)\b)"
     r"([^,?]+?) went (for|on) ",
     r"how long did \1 go \2 "),  # "how long the man in yellow went for lunch": that spell, over
    # Albanian-, Italian- and Greek-shaped "how much time (it) is that he does nothing?": a spell still going on (present
    # tense), unlike "how much time is that he went away" (since); "... that I am not seeing him" is since last seen
    (r"\bhow (?:long|much time|many minutes) (?:it )?is (?:it )?that (?:i|we) (?:am|are) not seeing (.+)$", r"how long since i last saw \1"),
    (r"\bhow (?:long|much time|many minutes) (?:it )?is (?:it )?that (he|she|they|it|the \w+) (lies|lays|sits|stands|works|does nothing|"
     r"(?:is|are) (?:lying|sitting|standing|working|idle|not working))\b", _ongoing_spell),
    # "yet" for still, in pidgins and in learners' English: "it is there yet?", "the ladder stop yet at the same place"
    (r"\b(is|are|stop|stops|stay|stays) (there|here) yet\b", r"\1 still \2"), (r"\b(is|are|stop|stops|stay|stays) yet\b", r"\1 still"),
    (rf"\b(?:zero|oh)-(?:{_DIGIT_RE})-(?:(?:{_DIGIT_RE})-(?:{_DIGIT_RE})|hundred)\b", _spoken_digits),
    (rf"\b({_NUMBERS_RE})-(?=({_NUMBERS_RE}|minute|second|hour)s?\b)", r"\1 "),
    (r"\b(\w+)- (and|to|or) ", r"\1 \2 "),
    (rf"\b({_NUMBERS_RE}) (?=({_NUMBERS_RE})-)", r"\1 "),
    (r"oh-", "oh "),
    # "it is how long now since", "how much time passed after X was moved", "from how many minutes the drill was
    # dropped" (a calque of "since how long", with an event in the past): the time since the event
    (r"\b(?:it is |it has been |it's been )?how long (?:now |already |exactly |so far )?since\b", "how long since"),
    (r"\bhow much time (?:has )?(?:passed|elapsed|gone by|gone) (?:after|since)\b", "how long since"),
    (r"\bsince how (?:many minutes|many hours|much time|long)\b(?=.*\b(?:is|are|am)\b)(?!.*\b(?:not|never) (?:\w+ )?(?:seen|saw)\b)",
     "for how long"),  # "since how many minutes the hammer is lying on floor": how long it has been
    (rf"\b(?:from|since) how (?:long|many minutes|many hours|much time)\b(?=.*\b(?:{_PAST_VERB}|downed)\b)", "how long since"),
    # "how long is since he went", "it makes how long that" (French "ça fait combien de temps que"), "how long time
    # now I don't see him", "how long never see already": the time since
    (r"\b(?:it )?makes how long (?:that|since)\b(?=.*\b(?:is|are|am)\b)", "for how long"),
    (r"\bhow long (?:is|it is) since\b|\b(?:it )?makes how long (?:that|since)\b", "how long since"),
    (r"\bhow long (?:time )?(?:now |already )?(?:(?:i|we) )?(?:do not|did not|have not|never|not) (?:see|seen|saw)(?: (him|her|it|them))?(?: already)?\b",
     "how long since i saw"),
    # French-shaped: "it has five minutes" / "there is ten minutes" (il y a): ago; "the 15 last minutes"; "1h02"
    (rf"\b(?:it has|there is|there has) (\d+|{_NUMBERS_RE}) (minutes?|seconds?|hours?)\b(?! (since|that|of)\b)", r"\1 \2 ago"),
    (r"\bworth (noting|mentioning|knowing|a look|looking at)\b", ""),
    (r"\bthe (\d+) last (minutes|seconds|hours)\b", r"the last \1 \2"), (r"\b(\d{1,2})h(\d{2})\b", r"\1:\2:00"),
    (r"^is it that (?=(the|he|she|they|my)\b)", ""),
    # "when is it that", "at what time is it that" (Nigerian, Serbian English): when
    (r"^(when|at what time|what time|which time) is it that (?=(the|he|she|they|my|this|that|a|an)\b)", r"\1 "),
    # Nigerian English "he is not working again": he has stopped working (not "again"); "did he reach": arrive
    (r"\b(before|after|until|till|when) (he|she|they) (?:is|are) not working again\b", r"\1 \2 stopped working"),
    (r"\b(is|are) (he|she|they|it|this one|that one) not working again\b", r"has \2 stopped working"),
    (r"\b(is|are) not working again\b", "has stopped working"),
    (r"\bdid (he|she|they|the \w+) reach\b(?! (the|a|an|for|out|up|over|into|in)\b)", r"did \1 arrive"),
    (r"\bit is (him|her) (?:that|who) (?:i|we) (?:have )?(?:seen|saw)\b", r"is it the one i saw"),
    (r"\b(?:same one|same guy|same person|same) than\b", "same as"),
    (r"\b(?:where|the (?:place|spot) (?:where )?)(he|she|they) (?:been )?(?:stand|stood|sit|sat|standing|sitting)(?: round| around| about)? "
     r"doing nothing\b",
     r"where \1 was idle"),  # "go back where he stand doing nothing before" (Javanese-shaped, Gullah)
    (r"\bwhere (he|she|they) been (idle|working|sitting|standing)\b", r"where \1 was \2"),
    (r"\b(was|were|been) (?:(?:sitting|sittin|standing|standin|stood|sat) )?(?:(?:round|around|about) )?doing nothing\b", r"\1 idle"), (r"\b(?:does|is doing|doing) nothing\b", "is idle"), (r"\btaking (?:a )?(rest|breather|pause)\b", "idle"),
    (r"\b(?:in back of|at the back of) me\b", "behind me"), (r"\b(at|on|to) my (right|left),? (?:in back|behind)\b", r"behind me on the \2"),
    (r"\b(his|her|their) (hardhat|vest),? when (he|she|they) (?:has |had |have )?(?:taken|took|take|removed|remove)(?: off)?$",
     r"when did \3 take off \1 \2"),  # Aymara-shaped: "of the man in orange vest his helmet, when he has removed?"
    (r"\b(his|her|their) (hardhat|vest) (he|she|they) (?:(?:take|took|takes|taken|remove|removed|removes) off|"
     r"(?:has|had|have) (?:taken off|took off|removed)|removed|removes)\b", r"\3 took off \1 \2"),
    # Aymara-shaped (round 100): the other event between the thing and its verb ("the second course before the foreman has
    # gone on a break it was finished"), "one person only they are" (the same), "from minute 30, how many ..." (since)
    (r"^(the (?:(?!(?:he|she|it|they|has|have|had|was|were|is|his|her|their)\b)\w+ ){0,3}?\w+) (before|after) (.+?) "
     r"(?:it|he|she|they) (was|were|got) (finished|done|laid|completed|moved|picked up|"
     r"dropped|put in|installed)$", r"\4 \1 \5 \2 \3"),
    (r"^(.+?) (?:one|the same) (?:person|man|individual|guy|one)(?: only)? (?:they are|are they|it is|they were)$",
     r"\1 the same person"),
    (r"^from (minute \d+|\d+:\d\d(?::\d\d)?) (?!.*\b(?:to|till|until|up to)\b)", r"since \1 "),
    # Mandarin- and Chilean-Spanish-shaped (round 103): "no see him how long already?" (since last seen), "nobody don't see
    # the guy ... since how much time", "still laying brick or stop already?" (working now), "returned to the work
    # already?" (back at work now), "went to take the tea" (a break), "left the ladder in the floor" (put down), "the
    # hammer continues in the floor where ...?" (still where), "the load on the crane"
    # not seen for how long, topic last or first: "no see him how long already", "tizi how long no see"
    (r"\b(?:no|not|never) see (him|her|it|them) (?:for )?how long(?: already)?\b|^(.+?) how long (?:no|not) (?:see|seen|saw)"
     r"(?: already)?$", lambda m: f"how long since i last saw {m.group(1) or m.group(2)}"),
    (r"\b(?:since how much time|since how long|for how long|how long) (?:nobody|no one|no-one) (?:do not |does not |did not |has |have )?"
     r"(?:see|seen|saw)\b", "how long since anyone saw"),
    (r"^(.+?) still (?:laying|working|putting|fixing|doing)(?: (?:the |his |her )?\w+)? or (?:stop|stopped|stopping|finish|finished|not)"
     r"(?: already)?$", r"is \1 still working"),
    (r"^(the .+?) (?:returned|came back|went back|has returned|has come back) to (?:the )?work already$", r"is \1 back at work"),
    (r"\b(go|goes|went|gone|going) to (?:take|have|drink|get) (?:the |a |his |her )?(tea|coffee|lunch|once|break)\b", r"\1 for \2"),
    (r"\b(?:left|leave|put) (the [\w ]+?) (?:in|on) the (floor|ground)\b", r"put \1 down on the \2"),
    (r"\b(?:continues|continue|remains|stays|is still) (?:in|on) the (?:floor|ground) where\b", "is still where"),
    (r"\b(?:the )?load on (?:the )?crane\b(?! hook)", "the crane load"), (r"\bbefore that (i|we|he|she|they|the)\b", r"before \1"),
    # round 104 (Cantonese-, Kenyan-, Haitian-, Punjabi-shaped): "he went saw what time?" (Swahili "saa": at what time),
    # "when start rest" (went idle), "first brick lay until now how long" (since), "how long he working since ...",
    # "how long he was on lunch" (that break), "reached here how much time back" (arrived, how long ago), "is lying on
    # the floor for how long now", "is free only" (idle), "not move since morning" (still where it was), "after the mason reach"
    (r"\bsaw what time\b", "at what time"), (r"\b(?:start|started|begin|began) (?:to )?rest\b", "went on a break"),
    # topic-first "hammer drop already how long", "first brick lay until now how long": since an event (a state's
    # "already" or "until now" is its length: "drill lie on the floor until now how long")
    (r"^((?!.*\b(?:on (?:the )?(?:ground|floor)|in (?:the )?(?:trench|excavation|hole|pit|zone)|inside|stay\w*|work\w*|idle|"
     r"doing nothing|sit\w*|stand\w*|lie|lies|lying|without|no (?:hat|helmet|hardhat|vest))\b).+?) (?:already|until now) how long"
     r"(?: ah| lah| la| leh)?$", r"how long since \1"),
    (r"^how long (he|she|they) (working|idle|resting)\b", r"how long has \1 been \2"),
    (r"^(.*?)\bhow long (he|she|they) (?:was|were) on (?:a |his |her |their )?(lunch|tea|break|smoke|coffee)\b", r"\1how long was \2 on \3"),
    (r"\breached here\b", "arrived"), (r"\bhow (?:much time|long) back\b", "how long ago"),
    (r"^(?:the )?(.+?) (?:is|are) (lying|sitting|standing) (on the (?:floor|ground)|there) for how long(?: now)?$",
     r"how long has the \1 been \2 \3"),
    (r"\b(is|are|was|were) free(?: only)?\b(?! (?:to|of|from)\b)", r"\1 idle"), (r"\bfree only\b", "idle"),
    (r"^(is|are) (.+?) free$", r"\1 \2 idle"),
    (r"^(the .+?) (?:not|no|never) (?:move|moved|shift|shifted) since (?:this )?morning(?: true| right)?$",
     r"is \1 still where it was this morning"),
    (r"^(.+?) (?:went|go|gone) (?:for|on) (?:a |his |her |their )?(tea|lunch|break|coffee|smoke)(?: break)? for how long$",
     r"how long was \1 on \2 break"),
    (r"\bwhere (he|she|e) (?:stand|stood|was|sit|sat|stay|stayed)(?: standing| sitting)? before (?:his|her|he|she|e) "
     r"(?:(?:went|go|gone) (?:for|on) )?(?:a )?(?:(?:tea|lunch|coffee|smoke) )?(?:break|tea|lunch)\b", r"where \1 was idle"),
    (r"\b(after|before) the ((?:\w+ ){0,2}\w+) reach$", r"\1 the \2 arrived"),  # "the mixer truck reach" too
    # round 106 (Neapolitan-, Frisian-, Macedonian-shaped; Liberian and Vincentian by voice): "da" is the creoles' "the"
    # once the languages whose "da" is another word (Italian's from, Portuguese's of the) have been glossed
    (r"\bda\b", "the"), (r"\blas\b", "last"), (r"\bjus\b", "just"), (r"\bstan\b", "stand"), (r"\bhan\b", "hand"),
    (r"\btree (?=(?:minutes?|mins?|hours?|seconds?)\b)", "three "), (r"\bna (?=\w+ing\b)", "not "),
    (r"\b(?:gone|went|go|goes) (?:to )?eat\b(?! (?:lunch|food|rice|breakfast|dinner|something))", "went for lunch"),
    (r"\b(took|take|pulled|pull) off (his|her|their) (\w+) off\b", r"\1 off \2 \3"),
    (r"^way (?=(?:the|de|dem|he|she|it|my|they)\b)", "where "),
    (r"\bwhere (he|she|they) (was|were) (sitting|sittin) down\b", r"where \1 \2 sitting"),
    (r"\b(\d+) minutes? and (\d{1,2})\b(?!\s*(?:minutes?|mins?|hours?|seconds?|secs?|:))",
     lambda m: f"{m.group(1)}:{int(m.group(2)):02d}"),
    (r"\b(?:slantwise|diagonally|aslant) (right|left) (?:behind|back of) me\b", r"behind me on the \1"),
    (r"\b(?:slantwise|diagonally|aslant) (right|left) (?:before|in front of|ahead of) me\b", r"front \1 of me"),
    (r"\b(?:lies|stands|sits) (?:that|it|he|she) before me or behind me\b", "is it in front of me or behind me"),
    (r"^(?:stands|lies|sits|stays) (the .+?) (?:yet|still) (?:on|at|in) (?:his|its|her|the) (?:old|same) place$", r"is \1 still in the same place"),
    (r"\b(?:by|at) the (coffee|tea)\b(?! (?:machine|urn|table|van|truck|station|hut|shed|cart|cup|pot|maker|room|area))",
     r"on a \1 break"), (r"^(sits|stands|lies) (the .+)$", lambda m: f"is {m.group(2)} "
     f"{ {'sits': 'sitting', 'stands': 'standing', 'lies': 'lying'}[m.group(1)]}"),
    (r"\bhow (?:long|much time) (?:it )?is (?:it )?that (he|she|they) (?:is|are) without\b", r"how long has \1 been without"),
    (r"^since when (.+?) (?:does not|doesn't|is not|isn't|does) (?:work|working|idle)$", r"how long has \1 been idle"),
    (r"^first (he|she|they|the [\w ]+?) (went|came|took|dropped|picked|moved|started|stopped|left|arrived) (.+?) then (.+?)"
     r"(?: it is so| is it so| is it| right| true| yes)?$", r"did \1 \2 \3 before \4"),
    # round 105 (Malayalam-, Bosnian-, Tongan-, Amharic-shaped; Bajan): "before went he for smoko" (the verb first),
    # "came back the boy to where was ladder", "concrete mixer, is front of me or is back?" (which of the two), "the water
    # tank that is black", "his helmet already he removed" (the verb last), "coffee ceremony" (an Ethiopian coffee break)
    (r"\b(before|after) (went back|came back|went|came|got back|got) (he|she|they|the (?:[\w-]+ ){0,3}?[\w-]+|(?!the\b)[\w-]+) "
     r"(for|from|to|out|in|into|inside|back|off|on|home)\b", r"\1 \3 \2 \4"),
    (r"^(came|went|got) back (?:the )?((?:[\w-]+ ){0,3}?[\w-]+) to where\b", r"did the \2 \1 back to where"),
    (r"^went back (in|into|inside) (?:the )?(trench|hole|pit|excavation|zone) (he|she|they|the [\w-]+)\b", r"did \3 go back \1 the \2"),
    (r"\bto where was (?:the )?((?!picked|dropped|left|put|moved|first\b|last\b)[\w-]+(?: [\w-]+)?) (first time|at first|before|"
     r"last time|the first time|the last time)$", r"to where the \1 was \2"),
    (r"\bto where was (picked up|dropped|left|put down|put|moved|taken)\b", r"to where it was \1"),
    (r"\b(?:is )?(?:in )?front of me or (?:is )?(?:in the |at the |at my |to the )?back\b", "in front of me or behind me"),
    (r"\bthe ((?:[\w-]+ ){0,2}?[\w-]+) that (?:is|was|are|were) (" + _COLOURS_RE + r")\b", r"the \2 \1"),
    (r"\b(his|her|their) (hardhat|vest|hi-vis|gloves|harness)(?: already)? (he|she|they) (removed|took off|take off|took|put on|"
     r"wore|threw off)\b", r"\3 \4 \1 \2"),
    (r"\bcoffee ceremony\b", "coffee break"),
    (r"^for (?:a |his |her |their |the )?(coffee break|lunch|tea|break|smoke|smoko|coffee) (he|she|they) (went|gone|go)\b",
     r"\2 \3 for \1"),
    (r"^for (?:a |his |her |their |the )?(coffee break|lunch|tea|break|smoke|smoko|coffee) ((?:the|that|this) .+?) when "
     r"(?:he|she|they) (?:went|go|gone)$", r"when did \2 go for \1"),
    (r"^(.+? (?:before|after) .+?) (?:it|he|she|they) (?:was|were|did)$", r"\1"),
    (r"^(the [\w ]+?) (before|after) (the [\w ]+? (?:arrived|came|left|went \w+|started \w+|stopped \w+|was \w+|were \w+)) "
     r"(he|she|they) (removed|took off|put on|dropped|picked up|moved|went|came|started|stopped|left)\b(.*)$", r"did \1 \5\6 \2 \3"),
    (r"\b(came|come|went|go|gone) back (?:on|in|at) (?:the |that |same |the same )*place (?:from )?where\b", r"\1 back to where"),
    (r"\b(?:what|wha|weh) part (?=(?:it|he|she|they|de|the|dem|dat|that|my|your|di)\b)", "where "),
    # "since when is it on the ground?", "since when on ground it is?": how long (the corpus's writers, 50 to 6)
    (r"\bsince when (?:is |has )?(it|he|she|they|the [\w ]+?) (?:been )?(on (?:the )?(?:ground|floor)|lying)\b", r"how long has \1 been \2"),
    (r"\bsince when (on (?:the )?(?:ground|floor)|lying(?: on (?:the )?(?:ground|floor))?) (it|he|she|they) (?:is|are|was)\b",
     r"how long has \2 been \1"),
    (r"\bwhich place (it|he|she|they) (is|are)\b", r"where \2 \1"),
    # "first the drill was picked up and only then the ladder was moved", "the drill, first it was picked up and then ..."
    (r"^first (the [\w ]+?) (was|were|got) (\w+(?: up| down| off| in| out| away)?) and (?:only )?then\b", r"\1 \2 \3 before"),
    (r"^(the [\w ]+?) first (?:it|he|she|they) (was|were|got) (\w+(?: up| down| off| in| out| away)?) and (?:only )?then\b",
     r"\1 \2 \3 before"),
    # a break named by what was had there (round 100): "how much time he stayed at the coffee?" (that break), "he is back
    # to work after his tea?" (working again), "after his break, back to work he has gone?", "he smoke how long?"
    (r"\b(?:stayed|stay|stays|spent|spend|spends) (?:at|on|for|in) (?:the |his |her |a )?(coffee|tea|lunch|smoke|smoko|dinner)(?: break)?\b",
     r"was on his \1 break"),
    (r"\b(he|she|they|(?<!\bdid )the \w+) (is|are) (back (?:to|at|on) (?:work|the tools|it)) after (?:his|her|their) "
     r"(?:(?:tea|lunch|coffee|smoke|smoko|dinner)(?: break)?|break)$", r"\2 \1 \3"),
    (r"\bafter (?:his|her|their) (?:(?:tea|lunch|coffee|smoke|smoko|dinner)(?: break)?|break) back to work (he|she|they) (has|have|is|are)"
     r"(?: (?:gone|come|went|came))?$", r"\2 \1 back to work"),
    (r"\b(he|she|they) (?:smoke|smoked|smoking) (?:for )?how long$",
     lambda m: f"how long was {POSSESSIVE[m.group(1)]} smoke break"),
    # radio talk: "mikes" are minutes; "T-plus four minutes" is a time of the recording
    (rf"\b(\d+|{_NUMBERS_RE}|a few|few|couple of|a couple of|how many) mikes?\b", r"\1 minutes"),
    (r"^(eish|ag|ja|nee|shame|hey|chur|oi)\b\s*", ""),
    (r"\bt[- ]?plus (\w+(?: \w+)?) (minutes?|mins?)\b", r"at the \1 minute mark"),
    (r"\bbibs?\b", "vest"),
    (r"\b(wind|winds|wound) up\b", "end up"),  # "where'd that cone wind up"
    (r"\bwhat ever (happened|became)\b", r"whatever \1"),
    (r"\bwhere first (i|we) (see|saw|seen|spotted|spot)\b", r"where \1 first \2"),  # "where first i see him"
    (r"\bhow much of the (last|past|previous) ", r"how long in the \1 "),  # "how much of the last hour was he idle"
    (r"\bout (the )?front\b", "in front"),
    (r"\bthe hook\b(?! (of|on|up))", "the crane"),
    (r"\bouta?ta\b", "out of"),
    (r"\bthe (crane|forklift|telehandler|excavator|digger|loader) (picked up|moved|lifted|dropped|set down|landed|shifted) "
     r"(the [\w ]+?)(?=$| after| before| and| while| when)", r"\3 was \2 by the \1"),  # the load is what was moved
    (r"\b(he|she|they) go back down in after that\b|\bgo back down in after that\b", "go back in again"),
    (r"\b(?:in )?(front|ahead) or (back|behind)( of me)?\b", "in front of me or behind me"),
    (r"\bdid (.+?) stand (about|around)\b", r"was \1 idle"),
    (r"^(which way|where) (.+?) (like )?is it (behind me|in front of me|on my (left|right))( or( \w+)?)?$", r"\1 \2"),
    (r"\b(is|are) (he|she|they) still going\b", r"\1 \2 still working"),
    (r"\bgive (us|me) a steer to\b", "point me to"),
    (r"\b(to|on|at|off to|behind|over|is it|or) me (left|right)\b(?! now)", r"\1 my \2"),
    (r"^me (?=\w+ (\w+ )?(where|is|has|gone)\b)", "my "),
    # "where did i put me podger down": me for my, after a verb of putting or losing
    (r"\b(put|left|dropped|lost|leave|drop|set|had|seen|find|found|where is|where has) me (?!(?:left|right|back|front|a|an|the|it|"
     r"some|down|up|off|in|on|out|there|here|now|then)\b)(\w+)", r"\1 my \2"),
    (r"\bwhat is happened to\b", "what happened to"), (r"\bsome (bugger|sod|beggar|joker|clown|muppet|numpty)\b", "somebody"),
    # a guess in the future perfect asks what happened: "where will somebody have wheeled the barrow off to by now"
    (r"^where (?:will|would|'ll) (somebody|someone|they|he|she|the \w+) have (\w+ed|taken|put|moved|got) (.+?)(?: by now)?$",
     r"where has \1 \2 \3"),
    (r"\bhow long'd\b", "how long did"), (r"\bhow long did that go\b", "how long was that"),
    (r"\bset (us|you|me|him|them) back\b", "cost"),
    (r"\b(?:with )?respect to me\b|\bwith reference to me\b|\bfrom my position\b", "from me"),
    (r"\bis where from me,? (front or back|left or right|front or behind|ahead or behind)\b", r"is it \1 of me"),
    (r"\b(?:big |heavy |huge )?(?:material|load|stuff|thing|bundle)(?: that is)? (?:hanging|dangling|swinging) (?:from|on|off|under) "
     r"the (?:crane(?: hook)?|hook)\b", "suspended load"),
    (r"\b(?:on )?(?:my )?back side (?:on my )?(left|right)\b", r"behind me on the \1"),
    (r"\b(on )?(my )?(left|right)[- ]back( side)?\b", r"behind me on the \3"),
    (r"\bkept down\b", "put down"), (r"\bstill it is\b", "is it still"),
    (r"\b(again|back) (come|came|go|went) to the (spot|place) where\b", r"go back to the \3 where"),
    (r"\bend(ed)? up back (where|at|to)\b", r"go back \2"),
    (r"^(i )?(have not|haven't|not) seen (the [\w ]+?) in (yonks|ages|a while|forever|donkey's years|a bit)( how long it been)?$",
     r"how long since i last saw \3"),
    (r"\bwhich hand (is|are) (it|they|he|she)( on)?\b", r"which side \1 \2 on"),  # Irish: "which hand is it on"
    (r"\bany of the (?=\w+ (off |over )?(to|on|behind|in front))", "any "),
    (r"\bstill (above|below|up|down|over|back) (in|at)\b", r"still \2"),  # "still above in the yard"
    (r"\b(his|her|their) (first|second|third|1st|2nd|3rd) go\b", r"\1 \2 stint"),
    # textbook English of non-native writers
    (r"\bgo to idle\b", "go idle"),
    # Spanish "hace" and Chinese "already ... how long time": the time since
    (r"\bit has (\d+) (minutes?|seconds?|hours?)\b", r"\1 \2 ago"),
    (r"\b(it has how long|how long it has|how much time it has|how many minutes (it )?has) (since|that)\b", "how long since"),
    (r"\bhow long time\b", "how long"), (r"\bhow long (?:is|it is|is it) since\b", "how long since"),
    # a pause, as a noun, is a break (French, Slovenian, German, Romanian speakers): "where he was before the pause"
    (r"\b(the|his|her|their|a|first|second|third|last|lunch|tea|coffee) (pause|pauses)\b",
     lambda m: f"{m.group(1)} {'breaks' if m.group(2) == 'pauses' else 'break'}"),
    # learners' and Caribbean forms: "tek he second break" (take his), "they started putting bricks" (laying), "it is
    # always where it was" (French "toujours": still), "he is in pause" (on a break), "taking his tea" (on a break),
    # "since the start, how many ..." (the whole recording: no window)
    (r"\b(is|are|was|were) (there |just |still )?seated\b(?! (at|on|in|by|near|beside|next)\b)", r"\1 \2idle"),
    (r"^(the [\w ]+?),? (?:his|her|their) (?:break|pause|rest|lunch)(?: break)?,? (?:it|that) lasted how (?:much|long)(?: time)?$",
     r"how long was the last break of \1"),
    (r"\btek\b", "take"), (r"\b(take|took|takes|taking|had|have) he ((?:first |second |third |last |lunch |tea )?)break\b", r"\1 his \2break"),
    (r"\b(start|started|starts|begin|began) (?:putting|to put|placing|to place) (?:the )?(bricks|blocks)\b", r"\1 laying \2"),
    (r"\b(is|are) always (where|there|here|in the same|at the same)\b", r"\1 still \2"),
    (r"\b(is|are|was|were) in (pause|break)\b",
     lambda m: m.group(0) if re.search(r"\bwhere (he|she|they) $", m.string[:m.start()]) else f"{m.group(1)} on break"),
    (r"\b(is|are|was|were) (taking|having) (his|her|their) (tea|lunch|smoke|break|rest)\b", r"\1 on break"),
    (r"^since the (?:start|beginning)(?: of (?:the )?(?:day|shift|video|recording|footage))?,? (?=how many)", ""),
    (r"^(.+?),? it is how long (i|we) (?:saw|seen|see) (?:him|her|it|them) (?:the )?last time$", r"how long since \2 last saw \1"),
    (r"^(the [\w ]+?|it|he|she|they) (is|are) (lying|sitting|standing|seated|resting) (.+?) since when$", r"how long has \1 been \3 \4"),
    # "from 1:10:00 on": since then
    (r"\bfrom (\d+:\d+(?::\d+)?) (?:on|onwards|onward)\b", r"since \1"),
    # "ladder i have not seen since how long?": since it was last seen
    (r"^(.+?),? (i|we) (?:have not|did not|have never) (?:seen|see|saw)(?: it| him| her| them)? (?:since|for) how long$",
     r"how long since \2 last saw \1"),
    # "since when the ladder is lying on the ground?" (the verb not put first)
    (r"^since when (the [\w -]+?|it|he|she|they) (is|are|has been|have been) ", r"since when \2 \1 "),
    # pidgin's "finish" after a going ("what time he go out from the site finish?"): a done thing, not stopping work
    (r"\b((?:go|went|gone|left|leave|come|came) (?:out|off|away|home|in|inside)?\b.{0,25}?) finish$", r"\1"),
    # "where he stop" (pidgin's stop: to be somewhere): where he was
    (r"\bwhere (he|she|it|they) stop\b(?! (work|working))", r"where \1 was"),
    (r"\bwha'(?=\s|$)", "what"),
    # Indian English's emphatic "itself" ("before that itself", "now itself"); "all in" (in total, Ulster and Scots)
    (r"\b(that|now|today|here|there|then) itself\b", r"\1"), (r"^all in,? (?=how long|how many|what)", "in total "),
    # a break asked about verb-last ("tea break how long the helper took?"): the last one
    (r"^(?:(?:the|his|her|their|a) )?(?:tea |lunch |smoke |coffee )?break how long (the [\w ]+?|he|she|they) (took|had|take|has taken)$",
     r"how long was the last break of \1"),
    # "going hard out" (New Zealand: flat out): working
    (r"\bgoing (hard out|hard|flat out|full noise)\b", "working hard"),
    # "when the brick start to put?": when the first brick was laid
    (r"^(when|what time) (?:the )?(brick|block)s? (?:start|started|begin|began) (?:to )?(?:put|lay|go|be put|be laid)\b.*$",
     r"\1 was the first \2 laid"),
    # Melanesian pidgin's "long time" asks how long ("hammer fall down, long time now?", "long time he is sitting?"),
    # not when it says how long something was not seen ("not see him long time", "long time not see")
    (r"(?<!\bhow )(?<!\ba )(?<!\bfor )(?<!\bsince )(?<!\bsome )(?<!\bthis )(?<!\bthat )(?<!\bsuch )(?<!\bvery )(?<!\bso )"
     r"(?<!\btoo )(?<!\bthe )(?<!\bquite )\blong time\b(?! ago| no see| not see| not seen)",
     lambda m: m.group(0) if re.search(r"\b(see|seen|saw)( \w+)?\s*$", m.string[:m.start()]) else "how long"),
    (r"\b(start|started|starts|begin|began) doing (?:the |his |her |their )?work\b", r"\1 working"), (r"\bhow many minutes?\s*$", "how long"),
    (r"^(.+?) (?:is )?(?:already )?how long(?: already| before| until now| now| it is| is it)*$",
     lambda m: f"how long since {m.group(1)}" if event_in(m.group(1)) not in (None, "first_seen") and (not state_in(m.group(1)) or (
         re.search(r"\b(drop|drops|dropped|fell|fall|falls|fallen)\b", m.group(1)) and not re.search(
             r"\b(lying|lie|lies|lay|laying|sat|sitting|been|is|was|stays?|stayed)\b", m.group(1))))  # "hammer drop on floor how long"
     else m.group(0)),
    (rf"\b(?:of )?ago (\d+|{_NUMBERS_RE}|an?|half an?) (minutes?|seconds?|hours?)\b", r"\1 \2 ago"),  # "ago ten minutes"
    (rf"\b(\d+|{_NUMBERS_RE}) (minutes?|seconds?|hours?) before\b(?! (the|he|she|they|it|i|we|his|her|that|this|a|an|\w+ed)\b)",
     r"\1 \2 ago"),
    (r"\b(i|we) (turn|look|face|go) which way\b", r"which way do \1 \2"),
    (r"^(.+?),? now (?:it |he |she )?(?:is )?at where$", r"where is \1 now"),
    (r"^(.+?) (somebody|someone) (move|moved|take|took|drop|dropped)\b.*? (what time|when)$", r"when did \2 \3 \1"),
    (r"\bnow got work or (no|not)\b", "is working now"), (r"\bwithout working\b", "idle"),
    (r"^(this|that) (one|guy|man|lad|worker)\b(.*?) is the (same )?(one|guy|man|person) (who|that)\b", r"is \1 \2\3 the \4\5 \6"),
    (r"\bgot inside (the|a|that)\b", r"went into \1"),
    # German word order (verb second) and false friends
    (r"\bback gone\b", "gone back"), (r"^went (.+?) again (into|in|to)\b", r"did \1 go back \2"),
    (r"^is (.+?) again at the (place|spot|location) where\b", r"has \1 gone back to the \2 where"),
    (r"^when came (.+?) (first )?into (the picture|view|sight|the frame)\b", r"when did \1 \2come into view"),
    (r"\b(has begun|began|begun|begin|begins|started|start|starts) with (the |his |her |their )?work\b", "started working"),
    (r"\bhow long is it (now )?since\b", "how long since"),
    (r"^how long (had|has) ((?:(?!\b(?:with|been)\b).)+?) no (hardhat|helmet|hat|lid|vest|hi-vis)( on)?\b",
     r"how long \1 \2 been without a \3"),
    (r"^came (the \w+(?: \w+)?) (before|after)\b", r"did \1 arrive \2"),
    (r"\b(\w+) (his|her) (hardhat|helmet|hat|vest|lid) (took|taken|take) off\b", r"\1 took off \2 \3"),
    (r"^how long works (.+?)( already)?( without (a )?break)?$", r"how long has \1 been working"),
    (r"^how long stood (.+?) around\b", r"how long was \1 standing around"),
    # formal English
    (r"\bengaged in (work|working|his work|her work|their work)\b", "working"),
    (r"\bin the (\w+(?: \w+)?) (seconds?|minutes?) (preceding|before|prior to) (this|the) (question|moment|time)\b", r"in the last \1 \2"),
    (r"^as of (\d[\d:]*)\s+(.*\bhow long\b.*)$", r"\2 until \1"),
    (r"\blast (appear|appeared|show up|showed up|turn up|turned up|come into view|came into view)( on camera| in view| in shot)?\b", "last seen"),
    # speech recognition's mishearings
    (r"\bhard at\b(?! it\b)", "hardhat"), (r"\btake of (his|her|their)\b", r"take off \1"), (r"\bbanks man\b", "banksman"),
    (r"\b(down|in|into|out of) the whole\b", r"\1 the hole"), (r"\btird\b", "third"),
    (r"\b(went|gone|go|goes) off (the )?site\b", "left the site"),
    (r"\b(before|after|since|until|till|by) (about|around|roughly|approximately|like) (?=(the )?\d)", r"\1 "), (r"\b(laid|set|clapped) eyes on\b", "saw"), (r"\b(lay|set|clap) eyes on\b", "see"),
    (r"\bhow much time (has |have )?(pass|passed|passes|gone by|went by|elapsed) since\b", "how long since"),
    (r"\bhow many (minutes?|minut|seconds?|hours?) ago\b", "how long ago"),
    (r"\b(went|go|goes|gone) away from (the )?(site|job)\b", r"left the \3"),
    (r"\b(leave|left|leaves|leaving) from (the )?(site|job)\b", r"\1 the \3"),
    (r"\b(after|before|when|once) (the )?(\w+) come\b(?! (back|out|in|down|up|over))", r"\1 \2\3 came"),
    (r"\bfrom (\d+:\d+) of (the )?(video|recording|footage|shift)\b", r"since \1"),
    (r"\bi (lose|lost|can not find|misplaced) (it|them)( again)?$", ""),
    (r"^(that|the|this|my) ((?:(?!\b(?:is|are|was|were|has|did)\b)[\w ])+?) still (where|there|in the same|at|by|on) ",
     r"is \1 \2 still \3 "),
    (r"\b(guy|lad|man|worker|fella|bloke|one|woman|person) on (left|right)\b", r"\1 on my \2"), (r"\bcotch(ing|in|ed)?\b", "idle"), (r"\bmandem\b", "people"),
    (r"\b(bounce|bounced|bounces|dip|dipped|dipping|duck|ducked) (off|out of|from) (the )?site\b", "left site"),
    (r"\b(does|did|can|should|would) man (see|need|have|get|spot|clock)\b", r"\1 i \2"), (r"\b(of|to|from) man$", r"\1 me"),
    (r"^(are|is) there (any|some) (?=\w+(?: \w+)? (on|to|behind|in front|over on|off to) (my|the|me)\b)", "what is there "), (r"\bhow (much time|long) before (did|has|was|were)\b", r"how long ago \2"),
    (r"\b(went|go|gone|goes|got) out (from|of) the (site|job|yard)\b", r"left the \3"),
    (r"\b(return|returned|go back|went back|come back|came back|gone back) to (his|her|their) (own )?(position|place|spot|location) "
     r"(of )?before\b", r"\1 to where he was before"),
    (r"\bvisit(ed|s)? (again )?the (place|spot|location|position) where\b", "been back to where"),
    (r"\benter(ed|s)? (inside )?(it|there|the \w+) (once more|once again|again)\b", r"gone back in \3 again"),
    (r"\bstill (staying|stays|stay|remaining|remains) (at|in|on) the (same )?(place|spot|position|location) where\b", "still where"),
    (r"\b(stayed|stay|remained) (on|in|at) the same (place|spot|position|location) since\b", r"been moved since"),
    (r"(?<!how long) (since|from) the (very )?(start|beginning)( of (the )?(day|shift|video|recording|footage))?$", ""),
    # "so the crew knocked off for a bit, and I'm wondering, when did ...": the question starts after the wondering
    (r"^(?!(?:how|when|where|what|which|who|is|are|did|has|have|was|were|does|do)\b).*?\b(?:and |so |but )?(?:i am|i'm|im) (?:just |really |now )?(?:wondering|curious|asking)(?: if| whether)? "
     r"(?=(?:when|where|what|which|how|who|did|is|are|has|have|was|were|does|do)\b)", ""),
    (r"(?<=\w{3}) (i am|i'm|im) (wondering|thinking|guessing|asking)\b.*$", ""),  # a trailing aside
    # a trailing purpose said after the question ("which way is the flagger, I gotta go talk to him about ...")
    (r"^(?P<q>(.*\b(which|where|when|what|how|who)|(is|are|did|has|was|does))\b.*?\w(?<!\bdo)(?<!\bdid)(?<!would)(?<!should)"
     r"(?<!\bwill)(?<!\bcan)(?<!could)(?<!\bmust)(?<!\bshall)),? (i|we) (gotta|got to|have got to|have to|"
     r"need to|wanna|want to|am gonna|am going to|am fixing to|am about to|am trying to|might|may|need (him|her|it|them|that))\b"
     r"(?! (know|find out|ask|check|see if|see whether|face|turn|look|be|go (to|for|towards|toward))\b).*$", r"\g<q>"),
    (r"(?<=\w\w),? (cause|cos|because) (i|we) (am|are|need|have|got|gotta|want)\b.*$", ""),
    (r"^(?P<q>(how|where|when|what|which|who|is|are|did|has|have|was|were|does)\b.*?\w) (because|cause|cos|coz) (the|my|our|"
     r"his|her|their|a|an|i|we|he|she|they|it|someone|somebody|nobody)\b.*$", r"\g<q>"),  # a reason after the question
    (r"^(?P<q>(.*\b(which|where|when|what|how|who)|(is|are|did|has|was|does))\b.*?\w),? (i )?(cant|can't|can not|cannot) "
     r"(turn|look|see)( round| around)?\b.*$", r"\g<q>"),
    (r"\bhow (long|much time) from (?=(the )?(\w+ ){1,3}(was|were|is|came|left|went)\b)", "how long since "),
    (r"\b(make|made|makes|making) (his|her|their) way back\b", "went back"),  # "did he make his way back to that spot"
    (r"\b(pitch|pitched|pitches|pitching) up\b|\b(rock|rocked|rocks) up\b", "arrived"),
    (r"\b(drove|drive|driven|drives|driving) (off|away|out)\b", "left"),
    (r"\b(circle|circled|circles|circling|loop|looped) back (round |around )?(to|towards|there)\b",
     lambda m: "went back there" if m.group(3) == "there" else "went back to"),
    # smoko (Australian for a break): "go smoko", "on smoko"
    (r"\b(go|goes|went|gone|going|take|took|have|had|on) (a |his |her |the )?smoko\b", r"\1 on a break"),
    (r"\bsmoko\b", "break"),
    # a meal named for the break it is (crib, the mining and rail word, reads as lunch): "is he on lunch", "his
    # second lunch", "fire back up after lunch"
    (r"\b(on|for) (lunch|tea|dinner)\b(?! (box|boxes|bag|bags|hut|cabin|room|van)\b)", r"\1 a break"),
    (r"\b(last|first|second|third|latest|previous|longest) (lunch|tea|dinner)\b(?! (box|boxes|bag|bags|hut|cabin|room|van)\b)",
     r"\1 break"),
    (r"\b(fire|fires|fired|firing|crank|cranks|cranked) (back up|up again) (?=after\b)", "start working again "),
    # a break by what is had in it: "stopped for a breather", "had a sit down", "sat down for his lunch", "took five"
    # ("in pause" and "at pause" as Romance languages say it; a Newfoundland "mug-up" is a tea break)
    (r"\b(?:go|goes|went|gone|going) (?:in|on|at|into) (?:a |the |his |her )?pause\b", "went on a break"),
    (r"\b(?:is|was|were|are|be|been|being) (?:in|on|at) (?:a |the |his |her )?pause\b", "was on a break"),
    (r"\b(?:in|on|at) (?:a |the |his |her )?pause\b", "on a break"),
    (r"\b(?:went|go|goes|gone) for (?:a |the |his |her )?pause\b", "went on a break"),
    (r"\bmug[- ]?ups?\b", "break"),
    (r"\b(?:stop|stopped|stops|stopping) for (?:a |his |her |their |the )?(?:breather|rest|sit[- ]down|spell|blow|dinner|"
     r"coffee|fag|smoke|cigarette)\b", "went on a break"),
    (r"\b(?:had|has|have|having|take|took|taken|takes|taking) (?:a |his |her |their )?(?:sit[- ]down|dinner|breather|blow|fag|"
     r"smoke|cigarette|coffee)(?! (?:can|cup|mug|flask|machine|van|hut)\b)", "went on a break"),
    (r"\b(?:take|took|taken|takes|taking) five\b(?! (?:minutes|mins|seconds|secs|bricks|blocks)\b)", "went on a break"),
    (r"\b(?:sat|sit|sits|sitting) down (?:for|with) (?:a |his |her |their )?(?:lunch|tea|dinner|cuppa|brew|break|smoko|rest|"
     r"coffee|fag|smoke)\b", "went on a break"),
    (r"(?:,?\s+(?:bro|bruv|bru|cuz|eh))+\s*$", ""),  # a closing tag ("... how long before, bro?")
    # Geordie: a closing "like", "pet", "hinny" or "d'ye reckon", an opening "howay" or "hadaway"; "nee" for no,
    # "marras" for mates, "hoy" for throw, "ah" for I
    (r"(?<!\blook)(?<!\blooks)(?<!\blooked)(?<!\bis it)(?<!\bis that)(?:\s+(?:like|pet|hinny|d'ye reckon|d'you reckon|do ye "
     r"reckon|true))+\s*$", ""),
    (r"\b(is|it|are|was|now|there|me|here) (?:brother|bhai|dai)$", r"\1"),
    (r"^(?:howay|haway|hadaway|hadaway man|way aye)\s+", ""),
    (r"\bnee (hardhat|hat|lid|vest|hi-vis|helmet)\b", r"no \1"),
    (r"\bdid ah\b", "did i"), (r"\b(?:hoy|hoyed|hoys) (the .+?) (?:down|doon)\b", r"drop \1"),
    (r"\b(pallet|pallets|skid|skids) of (?:(?:cement|concrete|sand) )?(?:bricks|blocks|brick|block|cement|bags|tiles|pavers)\b", r"\1"),  # the pallet, not a unit of work
    # the time clause first, the question last: "since he came back from lunch, this one is working how long?"
    (r"^since (.+?),? ((?:this|that|the) .+?) (?:is|has been|was) (working|idle|busy|resting) (?:for )?how long(?: time)?(?: already| now)?$",
     r"how long has \2 been \3 since \1"),
    # verb first (Dutch, German): "took the banksman his break before ...?", "at what time began the man in yellow with
    # working" (begon ... met werken)
    (r"^(?:took|takes|take|had|has) ((?:the|that|this)(?: (?!(?:gone|went|been|taken|had|on|for|off)\b)\w+){1,4}|he|she|they) "
     r"(?:his|her|their|a) (?:break|rest|lunch|smoko|breather|pause)\b",
     r"did \1 go on a break"),
    (r"\b(began|begun|begins|begin|started|starts|stopped|stops|quit) ((?:the|that|this|he|she|they)\b[\w ]*?) with (working|work|the work)\b",
     lambda m: f"did {m.group(2)} {'stop' if m.group(1).startswith(('stop', 'quit')) else 'start'} working"),
    # "went missing from where it was", "was the barrow gone missing before the ladder": it was moved
    (r"\b((?:is|has|was|had) )?(?:went|gone|go|goes) missing (?=from (?:where|its|the (?:spot|place))\b)",
     lambda m: "was moved " if m.group(1) else "moved "),
    (r"^(?:was|were|is|has) (the [\w ]+?) (?:gone|went) missing (before|after)\b", r"was \1 moved \2"),
    # "how long before" for how long ago (South and East Asian English): not "how long before he went ..."
    (r"\bhow (long|many minutes?|much time) before(?=\s*$|\?|,| you| it| he| she| that| this)(?! (he|she|they|it|the) \w+)",
     r"how \1 ago"),
    (r"^(.+?) how (long|many minutes?|much time) before$", r"how \2 ago \1"),
    # opening the question it asks the same ("how long before the man took off his helmet?"): how long ago it happened
    (r"^how (long|many minutes?|much time) before (?=(?:the|that|this|he|she|they|you|i|we|somebody|someone) )"
     r"(?!(?:the )?(?:present|now)\b)", r"how \1 ago "),
    (r"\bfrom (\d{1,2}) to (\d{1,2}) minutes?\b", r"between the \1 and \2 minute marks"),
    (r"^(.+?) is (which|what) (side|way|direction)(?: from (?:me|here))?(?: now)?$", r"\2 \3 is \1"),
    (r"^(.+?) from (?:me|here) (which|what) (side|way|direction) (?:it|he|she|they) (?:is|are)$", r"\2 \3 is \1 from me"),
    (r"(?:\bdogging it\b|\bdogging\b|\bleaning on (?:his|her|their|the|a|that|this) (?:shovel|spade|brush|broom)\b|"
     r"\bsleeping on the job\b|\bkipping\b)(?!.*\b(?:working|busy|grafting)\b)", "idle"),
    (r"\bturn me (to|towards|toward)\b", "which way is"),
    (r"\bon tools\b", "on the tools"),
    (r"\bout of (his |her |their )?ppe\b", "without ppe"),
    (r"\b(pull|pulled|pulls|pulling) (his|her|their) (lid|hardhat|hard hat|helmet|brain bucket)\b", r"took off \2 hardhat"),
    (r"\blanded in\b", "arrived"), (r"\b(?:got |was |were |been |get |gets )?landed\b", "was put down"),
    (r"\b(busy|working|idle|slacking) or what\b", r"\1 or not"),
    (r"^since when (?:is|has|was) (.+?) (?:been )?(gone|missing|not (?:been )?seen|away)$", r"when was \1 last seen"),
    (r"\b(?:to |in )?(?:the )?front on (?:my|the) (left|right)(?: hand)?(?: side)?\b", r"in front on my \1"),
    (r"\b(did|do) (we|i|you|they|anyone|anybody) (last )?(have|get|lay|set|put|clap) eyes on\b", r"\1 \2 \3see"),
    (r"\b(clapped|clap|had|have|laid|lay|set|put|got|get) eyes on\b", "saw"),
    # off for a break: "knocked off for his second mug-up", "went off for his smoke"; "took off out of it": left
    (r"\b(took|take|takes|taken) off (out of|outta) (it|there|here|the site)\b", "left the site"),
    (r"\b(jump|jumped|jumps|hop|hopped) down (in )?(the|that|a) (trench|hole|pit|excavation)\b", r"\1 into the \4"),
    # a cleft: "was it after he took his hat off that the lad went down in the trench"
    (r"^(?:was|is) it (before|after) (.+?) that (.+)$", r"did \3 \1 \2"),
    (r"\b(knock|knocked|knocks|went|go|goes|gone|head|headed|slipped|nipped) off (for|on) (his|her|their|a|the) (\w+ )?"
     r"(smoke|smoko|dinner|lunch|tea|mug-?up|coffee|break|breakfast|cuppa)\b", r"went on \3 \4break"),
    (r"^(so |um |uh |hey |okay |ok |right (?!(?:hand|side|behind|of|in front|there)\b)|copy |over )*", ""),
    # commands: "check whether X is ...", "find when ...", "give me a heading to ...", "steer me toward ..."
    (r"^(?:please )?(?:check|confirm|verify|find out|let me know|establish|determine|see|tell me|ask)(?: for me)? (?:whether|if) (.+)$",
     lambda m: _as_question(m.group(1))),
    (r"^(?:please )?(?:find|give me|get me|tell me|show me|pull up|look up) (?:the (?:exact |very |rough )?(?:time|moment|minute)"
     r"(?: that| when| at which)?|when)\b", "when"),
    (r"^(?:please )?(?:find|give me|tell me|show me) the (last|first) time (.+?) (?:was|were) (?:on camera|in view|seen|in shot|"
     r"about|around)\b", r"when was \2 \1 seen"),
    (r"^(?:please )?(?:give me a heading|give me a bearing|steer me|guide me|direct me|head me|swing me|walk me) "
     r"(?:to|toward|towards|at|for|over to)\b", "which way is"),
    (r"\bhow far back\b", "how long ago"),
    # the passive with its agent, as the active asks it: "when was the site left by the visitor", "was work stopped by the
    # scaffolder after ...", "was the place where the drill was dropped revisited by him", "is work being carried out by"
    (r"^(when|what time|at what time|how long ago) (?:was|were|had|has) (the site|site|work|the work|tools|a break|his break|"
     r"her break) (?:been )?(left|started|stopped|downed|taken|resumed|begun) by (.+)$",
     lambda m: f"{m.group(1)} did {m.group(4)} {_ACTIVE[m.group(3)]} {m.group(2)}"),
    (r"^(?:was|were|has|had) (the site|site|work|the work|tools|a break|his break|her break) (?:been )?(left|started|stopped|"
     r"downed|taken|resumed|begun) by (.+?)( (?:after|before|since|once|when) .*)?$",
     lambda m: f"did {m.group(3)} {_ACTIVE[m.group(2)]} {m.group(1)}{m.group(4) or ''}"),
    (r"^(?:for what length of time|for how long|how long) (?:was|were|has|had) (the \w+) (?:been )?occupied by (.+)$",
     r"how long was \2 in \1"),
    (r"^(?:for how long|how long) (?:has|had|was) (?:the|his|her) (?:helmet|hardhat|hat|vest) (?:been )?(?:left|kept|taken) off by (.+)$",
     r"how long has \1 been without his hardhat"),
    (r"\bthe (position|place|spot|location) (?:held|occupied) by (him|her|them)\b",
     lambda m: "where " + {"him": "he", "her": "she", "them": "they"}[m.group(2)] + " was"),
    (r"^(?:was|were|has|had) (the (?:place|spot|position|location) where .+?) (?:been )?(?:revisited|returned to|gone back to|"
     r"visited again) by (.+)$", r"did \2 go back to \1"),
    (r"^was a return made by (.+?) to (.+)$", r"did \1 go back to \2"),
    (r"\bwhere (?:the|his|her) (hardhat|helmet|hat|vest) (?:had been|has been|was|got) taken off\b", r"where he took his \1 off"),
    (r"\b(?:had|has|was|were) first been (?:observed|noticed|spotted|sighted|seen)\b", "first appeared"),
    (r"\bfirst (?:observed|noticed|sighted)\b", "first seen"),
    (r"^(has|had) (the \w+) (?:been )?(?:re-?entered|went back into) by (.+?)( since .*)?$", lambda m: f"has {m.group(3)} gone back into "
     f"{m.group(2)}{(m.group(4) or '').replace('his climbing', 'he climbed').replace('her climbing', 'she climbed')}"),
    (r"^is (?:work|labour|labor) (?:currently |at this moment |now |at present )?being (?:carried out|performed|done) "
     r"(?:at this moment |currently |now )?by (.+)$", r"is \1 working"),
    (r"^the (?:length|duration) of (.+?) is (?:requested|required|sought|needed|asked for)$", r"how long was \1"),
    (r"^to where (has|have|was|were) (.+?) been (taken|moved|put|carried)\b", r"where has \2 been \3"),
    (r"\b(has|have) (the .+?) been left undisturbed where\b", r"is \2 still where"),
    # a surveyor's terms: relative bearings in degrees, "epoch" and "T+10" for times, quadrants and octants
    (r"\b(?:at |of |on |in the quadrant (?:at|centred on|centered on) |within plus or minus 45 degrees of )?relative bearing "
     r"0*(\d{1,3})\b", lambda m: _BEARING_WORDS.get(int(m.group(1)) % 360, m.group(0))),
    (r"\bt ?\+ ?(\d+)(?: min(?:ute)?s?)?\b", r"\1:00"),
    (r"^(?:the )?(?:epoch|t-value|time stamp|timestamp) (?:of|for) (?:the )?first sighting of (.+)$", r"when was \1 first seen"),
    (r"^(?:the )?(?:epoch|t-value|time stamp|timestamp) (?:at which|when) (.+)$", r"when did \1"),
    (r"^(?:the )?start-of-work (?:epoch|time|t-value) (?:for|of) (.+)$", r"when did \1 start work"),
    (r"^(?:the )?(?:epoch|t-value|time stamp|timestamp) for (?:the )?completion of (.+)$", r"when was \1 completed"),
    (r"\b(?:octant|sector|quadrant) (?:containing|holding|of) (the .+?),? (?:relative to|referenced to|from) (?:my |the )?"
     r"(?:current |present )?(?:heading|facing|where i am facing)\b", r"which way is \1"),
    (r"^(?:the )?(?:contents of|objects in|items in|labels in|what is in) the (forward|front|rear|back|left|right) quadrant\b",
     lambda m: "what is " + {"forward": "in front of me", "front": "in front of me", "rear": "behind me", "back": "behind me",
                             "left": "on my left", "right": "on my right"}[m.group(1)]),
    (r"\bthe (rear|back)[- ](left|right) quadrant\b", r"behind me on the \2"), (r"\bin-zone\b", "in the zone"),
    (r"\b(?:present|current) position\b", "whereabouts"), (r"\bnon-?productive\b", "idle"), (r"\bdisplaced\b", "moved"),
    (r"^(the \w+(?: \w+)?) working or not$", r"is \1 working"),
    (r"\bthe drop (?:point|spot|location|position) of (the \w+)", r"where \1 was dropped"),
    (r"\b(revisit|reoccupy|re-occupy) (?:the )?(?:point|spot|place|position|location) where\b", "go back to where"),
    (r"\b(revisited|reoccupied|re-occupied) (?:the )?(?:point|spot|place|position|location) where\b", "gone back to where"),
    (r"^(.+?)(?<!\bthe)(?<!\bin) last (\d+) (min|mins|minutes)$", r"\1 in the last \2 \3"),
    # a learner's simple English: "which way i must to go", "how i turn for to see", "back side on my right"
    (r"\b(?:for )?(?:go|to go) to (the \w+) which way i (?:must|need|have)(?: to)? go\b", r"which way is \1"),
    (r"\bhow (?:i|do i|must i) turn (?:for )?(?:to )?see (the \w+)\b", r"which way is \1"),
    (r"\bgo home from (the )?site\b", "leave the site"),
    (r"\bhow much (he|she|they) (stay|stayed|stays) (inside|in there|in it|there)\b", r"how long \1 stay \3"),
    (r"\bhow many minute (?:the|that) (\w+) (work|worked|works)\b", r"how long did the \1 work"),
    # a sarcastic foreman's nicknames and irony: "Sleeping Beauty in the green vest", "his lordship", "kipping",
    # "doing sweet nothing", "propping up that wall", "his little stroll in the trench", "gone on a little holiday"
    (r"\b(?:the )?(?:sleeping beauty|rip van winkle|speedy gonzales|captain slow|his lordship|her ladyship|lord muck|"
     r"prince charming|sunshine|einstein|the genius|that genius|the clown|that clown|this clown|the muppet|that muppet)\b",
     "the worker"),
    (r"\b(kipping|kip|asleep on (?:his|her|their) feet|napping)\b", "idle"),
    (r"\bdoing (?:sweet nothing|sweet fa|sod all|bugger all|diddly squat|naff all)\b", "idle"),
    (r"\bpropping up (?:that|the|a) (?:wall|fence|scaffold|pole)\b", "standing around"),
    (r"\b(?:go|went|gone) for (?:his|her|their|a) (?:little )?stroll in (the \w+)", r"went into \1"),
    (r"\bdecided? (?:his|her|their) (hardhat|hat|helmet|vest) was optional\b", r"took off his \1"),
    (r"\bknock(?:ed)? off and (leave|left)\b", r"\1"), (r"\b(?:gone|went|go) on (?:a )?(?:little )?holiday\b", "been moved"),
    (r"\bstayed put since\b", "stayed where it was since"), (r"\b(hiding|lurking|skulking)\b", ""),
    # Italian and Greek calques: "since how much time I don't see the drill", "how long is that he went away", "it was
    # long how much", "is already long that he works", "how many minutes has that the worker is idle", "before how long"
    (r"\b(?:since )?how (?:much time|long) (i|we) (?:do not|did not|have not|has not|don't|didn't|haven't) (?:see|seen|saw|spot|spotted) (.+)$",
     r"how long since \1 last saw \2"),
    (r"\bhow (long|much time) is (it )?that (he|she|they|the \w+|it)\b", r"how long since \3"),
    (r"^(.+?),? (?:it |he |she )?(?:was|is) long how much$", r"how long was \1"),
    (r"\bis already long that (he|she|they) (works|is working|work)\b", r"\1 has been working"),
    (r"\bhow (many minutes|long|much time) (has|is) (it )?that (the \w+|he|she|they) (is|are|has been|have been) (\w+)\b",
     r"how long has \4 been \6"),
    (r"\b(go|goes|went|gone|going|drive|drove|driven|drives) (out|away|off) (from|of) (the )?(site|yard|compound|job)\b", "left the site"),
    (r"\b(i|we) (not|no|have not|did not|never) (see|seen|saw|spot|spotted|sight) (him|her|it|them)( for)? how (long|much time)\b",
     r"how long since \1 last saw \4"),  # "orange vest guy, I not see him how long now?"
    (r"^how much (has|have|was|were|did) ((?:the |that |this )?[\w-]+) (been )?(?=(stand\w*|stood|sit\w*|sat|idl\w*|work\w*|"
     r"slack\w*|loaf\w*|chill\w*|rest\w*|wait\w*|on (a |his |her )?break|doing nothing)\b)", r"how long \1 \2 \3"),
    (r"\b(his|her|their|the) (break|rest|idle spell|spell|stint|smoke|tea break|breather|pause|smoko) before(?=\s+how\b|\s*$)",
     r"\1 previous \2"),
    # Lao-shaped "ladder lie down on ground before, how long?": how long it lay there (not how long ago)
    (r"^(.+?) (?:lie|lay|lying|lies|lain)(?: down)? on (?:the )?(ground|floor) before,? how long$", r"how long was \1 on the \2 before"),
    (r"\bbefore how (long|much time|many minutes)\b", "how long ago"),
    (r"\bhow long since (the \w+|he|she|they) (is|are) (idle|working|busy|resting)\s*$", r"how long has \1 been \3"),
    (r"\bwith (the |his |her )?arms (crossed|folded)\b|\bsleeping with (the |his |her )?eyes open\b|"
     r"\b(standing|standin|stood|waiting|waitin|stand) (on|in) (line|a queue|the queue)\b", "idle"),
    (r"\bwhich part (is )?(he|she|it|they) (is |are )?(relative to me|from me)\b", r"which way is \2 from me"),
    (r"\b(go|goes|gone|went|been) again (in|into|inside|down) (the|that|it)\b", r"\1 back into \3"),
    (r"\bwith (the|a) no (hardhat|helmet|hat|vest|hi-vis)\b", r"with no \2"),
    (r"\b(without|with no|no) (a |his |her |their )?hat\b", r"\1 \2hardhat"),
    # French calques
    (r"\bhow long it makes (that|since)\b|\bit is how long that\b", "how long since"), (r"\bsince how much time\b(?!.*\bnot\b)", "how long"),
    (r"^(the \w+(?: \w+)?),? what (?:it|he|she) became\b", r"where is \1"), (r"\b(he|she) works or not\b", r"is \1 working"),
    (r"^(the \w+(?: \w+)?) works since how long\b", r"how long has \1 been working"),
    (r"\b(\d+) ?min ?(\d{1,2})\b(?!\s*(?:s|sec|secs|seconds?|minutes?)\b)", r"\1:\2"),
    (r"\bbetween (\d+) ?min and\b", r"between \1:00 and"),
    # radio: the wearer is "your guy", numbers are said digit by digit
    (r"\b(?:your guy|your man|the camera ?man|the wearer)(?:'s)? (left|right)\b", r"my \1"),
    (r"\bthe camera'?s (left|right)\b", r"my \1"), (r"\b(of|from|behind) (your guy|your man|the camera ?man)\b", r"\1 me"),
    (r"\bstart(ed)? in working\b", "started working"), (r"\bon the clock\b", "working"),
    (r"\b(took|take|takes|taking|taken) (a|his|her|their|another) (\w+ )?break\b",
     lambda m: f"went on {'the' if m.group(2) in ('a', 'another') and m.group(3) else m.group(2)} {m.group(3) or ''}break"),
    (r"^(?!.*\b(?:hardhat|helmet|hat|lid|vest|hi-vis|ppe|gloves|glasses|harness)\b)(.*\b(?:he|she|they)) (?:took|takes|take) off\s*$",
     r"\1 left"),
    (r"\bsince how long (i|we) (have not|has not|did not|had not) (seen|see|saw)\b", r"how long since \1 last saw"),
    (r"\b(came|come|comes) to (the )?site\b", "arrived on site"), (r"\bto which side\b", "which way"),
    (r"\bfront and (left|right)\b", r"front \1"), (r"\btell please\b|\bplease tell\b", " "), (r"\bwhere is now\b", "where is"),
    (r"\b(sitting|standing|stood|sat|is|was|been|stayed) without (?:a |any )?(?:work|job)\b", r"\1 idle"), (r"\bscaffold(ing)? guy\b", "scaffolder"),
    (r"\bback (to|on) place where\b", "back to the place where"), (r"\bhas(n't| not)? budged\b", "has been moved"), (r"\bbudged\b", "moved"),
    (r"^(?:were|are|was|is) there (?:like |about |around |maybe )?(\d+|\w+) different (\w+)", r"how many different \2 were there"),
    # South African English: "pitch" is arrive, "the oke" a guy
    (r"\b(pitch|pitched|pitches)( up)?\b(?=\s*($|today|on site|at site|this morning|here|before|after|yet))", "arrived"),
    (r"\bgot to (the )?site\b", "arrived on site"), (r"\b(the|that|this|an?) okes?\b", r"\1 guy"),
    (r"\b(the (?:chap|guy|bloke|lad|fella|one|man|person)) (laying|moving|carrying|driving|operating|running|pushing|"
     r"guiding|tying|digging)\b", r"\1 who was \2"),
    (r"^(i was wondering|i am wondering|just wondering|i wonder|could you (please )?(tell me|let me know|"
     r"confirm)|can you (please )?(tell me|let me know|confirm)|would you (tell me|know)|do you know|"
     r"any idea|please tell me|tell me|would it be fair to say|am i right (in thinking|that)|am i right(?= (the|he|she|they)\b)|"
     r"correct me if (i am|i'm|im) wrong(,? but)?|just (checking|confirming)(,? but)?|"
     r"is it true|i would like to know|i need to know|quick one)( if| whether| that)?\b\s*", ""),
    (r"\s*\b(do you know|please|if you can|exactly)\s*$", ""),
    (r"^((do )?you |i )?(reckon|think|suppose|guess)( that)?\s+(?=(is|are|was|were|has|have|did|does|the|he|she|"
     r"they|it|that|this)\b)", ""),
    (r"^(for the avoidance of doubt|for the record|for clarity|to be clear|just to confirm|for my notes)\s*,?\s*", ""),
    (r"^(is it (the case|true|correct|so) that|can you (please )?(state|say|show|indicate|report|describe|establish)|"
     r"please (state|say|indicate|report|describe))( whether| if| that)?\b\s*", ""),
    (r"^(would it be (correct|right|fair) to (conclude|say)|can it be (ascertained|established|confirmed)|"
     r"could you (please )?(ascertain|establish|determine|confirm)|please (ascertain|establish|determine|"
     r"confirm)|kindly (advise|indicate|confirm|establish|ascertain|state)|would you be so (good|kind) as to)"
     r"( whether| if| that)?\b\s*", ""),
    (r"\b(the|this) (camera )?wearer\b", "me"),
    (r"\bhigh[- ]visibility\b", "hi-vis"),
    (r"\bsafety (hardhat|helmet|hat)\b", "hardhat"),
    (r"\bproductively (occupied|engaged|employed)\b|\bgainfully (occupied|employed)\b", "working"),
    (r"\bidleness\b|\binactivity\b", "idle"),
    (r"\bhow much (persons|people|workers|individuals|men|guys|lads|operatives)\b", r"how many \1"),
    (r"\bhow many time\b(?!s)", "how much time"),
    (r"\bat what hour\b", "at what time"), (r"^what hour\b", "what time"),
    (r"\bthe (moment|instant|point|time) (at which|when|that)\b", "when"),
    (r"\bdirect me (to|towards|toward)\b", "point me to"),
    (r"\b(go|went|gone|goes|going) away from (the )?site\b", "left the site"),
    (r"\b(in|on) the (\w+ )?occasion\b", lambda m: f"{m.group(2) or ''}time"),
    (r"\b(laying|lying|lay|lie|lies|sitting|sat) in the (floor|ground|deck)\b", r"\1 on the \2"),
    (r"\b(on|over|off|to|at|behind|in front of) me (left|right|back|front|shoulder|six)\b(?! (now|here|there|away|then)\b)", r"\1 my \2"),
    (r"\bme (left|right) (shoulder|side|hand)\b", r"my \1 \2"),
    (r"\bflat out\b", "busy"),
    (r"\bstanding round\b", "standing around"),
    (r"\b(head|heads|headed|heading|went|go|gone) off (for|on|to) (a |his |her |their )?(smoko|break|lunch|tea|brew)\b",
     "went on a break"),
    (r"\b((?:did|does|do|to|will)(?: \w+){0,6}? (?:first )?)get stuck in(?:to)?(?: it| the \w+)?\b", r"\1start working"),
    (r"\b(get|got|gets|getting) stuck in(to)?( it| the \w+)?\b", "started working"),
    (r"\b(on|for|off on|off for|to) (his|her|their|a|the) (tea|brew|cuppa|lunch|dinner|crib|smoko|tea break)\b", "on a break"),
    (r"\b(start|started|starts|begin|began|begun|starting|go|went|gone|goes|going) (to )?(dossing|idling|idle|slacking( off)?|skiving|loafing|"
     r"bludg\w*|loitering|chilling|lazing( about| around)?|messing (about|around)|standing (around|about)|doing nothing)\b",
     "went idle"),
    # a Southern "climb on down", "leave on outta here": the "on" adds nothing to the motion
    (r"\b(climb|climbed|climbs|go|went|goes|get|got|gets|come|came|comes|leave|left|leaves|head|headed|walk|walked|hop|hopped|"
     r"jump|jumped|run|ran) on (down|up|in|into|out|over|off|away|home)\b", r"\1 \2"),
    (r"\b(did|to|will|would|could|someone|somebody|anyone|anybody|he|she|they|i|you|who|we) (lift|lifted|lifts)\b"
     r"(?= (the|a|an|his|her|my|their|that|this|our)\b)", r"\1 picked up"),
    (r"\bstill at it\b", "still working"),
    (r"\bon job\b", "on the job"), (r"^me (which|what|where|when|how|who|whether|if)\b", r"\1"),
    (r"\b(that|this|the) very (same )?(spot|place|position|location)\b", r"\1 \3"),
    (r"\b(\w+) ah (had|have|left|put|saw|seen|dropped|hung|set)\b", r"\1 i \2"),  # Scots "ah" = I: "the harness ah had"
    (r"\b(on|up on|at|off|from) the (top|bottom|first|second|third|next|upper|lower) lift\b", r"\1 the \2 level"),  # a scaffold's lift
    (r"\b(in|at) (his|her) (place|spot|position)\b", r"\1 its \3"),
    (r"^(which way|where|point me|direct me) (to|is|are|towards?) (?!(the|a|an|my|his|her|that|this|our|your|it|they|he|she|north|south|east|west|up|down|out|home|go)\b)",
     r"\1 \2 the "),
    # a diary's formal English: "in the course of the recording", "at the time of this entry", "what has become of"
    (r"\bin the course of\b", "during"),
    (r"\bhow many (different |distinct |other )?boys\b", r"how many \1workers"),
    (r"\b(come|came|comes|go|goes|went|gone|been) back already\b", r"\1 back"),
    (r"\b(take|took|takes|taking|have|had|has|having) (break|rest|breather|smoko|tea break)\b", r"\1 a \2"),
    (r"\b(go|went|gone|goes|going) (sit|sat|sitting) (for|on) (?=(his|her|their|a|the) (\w+ )?(break|smoke|lunch|tea|brew|smoko)\b)",
     r"\1 \3 "),  # "go sit for his smoke break"
    (r"\bpush(ed|es)? off\b( from)?", lambda m: "left" if m.group(1) == "ed" else "leave"),
    (r"\b(is|was|has|are) (he|she|they) (been )?(already )?(just )?(standing|stood|sitting|sat) there\b"
     r"(?! (with|without|in|by|near|next|on|under|beside)\b)", r"\1 \2 \3\4idle"),
    (r"\b(he|she|they) (is|was|has been|have been|are|were) (already )?(just )?(standing|stood|sitting|sat) there\b"
     r"(?! (with|without|in|by|near|next|on|under|beside)\b)", r"\1 \2 \3idle"),
    (r"^which way (i|we) (must|should|need to|have to|got to|gotta) go (for|to) (the )?", "which way is the "),
    (r"\b(sleeping|asleep|napping|dozing|having a nap|kipping|having a kip)\b", "idle"),
    (r"\b(without doing|not doing|never did|never done|has not done|hasn't done|did not do|didn't do) a (stroke|tap|hand's turn)"
     r"( of work)?\b", "idle"),  # (before "doing a tap" is work)
    (r"\b(doing|do|did) a tap( of work)?\b", "working"),
    (r"\bthe side (left|right)\b", r"the \1 side"), (r"\bwhat (passed|happened|happen|happens|happening) (with|to)\b(?! (me|us|you)\b)", "what happened to"),
    (r"\bwhere (did )?(it |they )?(went|go|goes) to stop\b", "where is"),
    (r"\b(continues|continue|keeps|stays|remains) (in|at) (the|its) (same )?(place|spot|position|location)\b", r"is still in \3 \4\5"),
    (r"\binside of\b", "inside"), (r"\b(before|after) that (the|he|she|they|it|his|her)\b", r"\1 \2"),
    (r"\bthe (truck|lorry|mixer|pump|tank|bowser|wagon) of the (concrete|cement|water|fuel|mortar)\b", r"the \2 \1"),
    (r"\bwithout (do|doing|to do) nothing\b", "doing nothing"),
    (r"\b(stays|stay|remains|is|keeps) there (doing nothing|idle)\b", "is idle"),
    (r"\bwithout (to )?(work|working)\b", "not working"),
    (r"\bhow much (time )?(it|that|this|they|he|she) (lasted|last|took|lasts)\b", r"how long did \2 last"), (r"\s+at all\s*$", ""),
    (r"\b(is|was|are|were) (.+?) after (going|coming|getting|climbing|leaving|taking|dropping|moving|picking)\b",
     lambda m: "has " + m.group(2) + " " + {"going": "gone", "coming": "come", "getting": "got", "climbing": "climbed",
                                             "leaving": "left", "taking": "taken", "dropping": "dropped", "moving": "moved",
                                             "picking": "picked"}[m.group(3)]),  # Irish "is he after going back down"
    # a moment's verb in the perfect ("how long has the lad left the site", Irish "is after leaving"): the time since
    (r"^how long (?:has|have) ((?:the |that |this |my )?(?!been\b)\w+(?: (?!been\b)\w+)?) (left|arrived|reached|quit)\b",
     r"how long since \1 \2"),
    (r"^(was|were|is) ((?:(?!\b(?:come|came|go|went|get|got|gone|possible|behind|my|like)\b)[\w' -]){1,40}?) back (over |down |up )?(to |at |in )?"
     r"(where|the (?:place|spot) where)\b", r"did \2 go back to \5"),
    (r"\bwhat happened the\b", "what happened to the"),
    (r"\bshot through\b|\bshoot through\b", "left"), (r"\bhav(ing|in) a sit down\b", "idle"), (r"\bsome galah\b", "someone"),
    (r"\b(came|come|went|go) back (again )?in(to)? the (place|spot) where\b", r"\1 back to where"),
    (r"\b(he|she|they) (is|are) stopped\b(?! since)", r"\1 \2 idle"),
    (r"\bhave how much time (that )?", "how long since "), (r"^(.+?) (have|there is) how (long|much time)\s*$", r"how long since \1"),
    (r"\bin my front\b(?![- ](left|right))", "in front of me"), (r"\bwhat have\b", "what is there"), (r"\s*,?\s*(you|can you) (can )?(say|tell) me\s*$", ""),
    (r"^point (for|to) me where (is|are)\b", "point me to"), (r"\bshow me the way (of|to) the\b", "which way is the"),
    (r"\s+i turn to where\s*$", ""),
    (r"\bhow (much|many) minutes (have |has )?passed (from|since)\b", "how long since"), (r"^from how long\b(?=.*\b(saw|seen|left|leave|dropped|fell|came|arrived|took|moved)\b)", "how long since"),
    (r"\bthe (\w+) of before\b", r"the same \1 as before"),
    (r"\b(return|returns|returned) again\b", "went back"),
    (r"\bin the front (from|on|of) my (left|right)( side)?\b", r"front-\2"),
    (r"\bhow long before( sir| madam| boss)?\s*$", "how long ago"), (r"\s+(sir|madam|ma'am|boss)\s*$", ""),
    (r"\b(\d+) minutes? before (was|it was|i saw)\b", r"\1 minutes ago \2"),
    (r"\bnow also there\b|\balso there now\b", "still there"),
    (r"\b(on |at )?(my )?back side (left|right)\b", r"behind me on the \3"),
    (r"\b(?:front (left|right)|(left|right) front) side( of me)?\b", lambda m: f"front-{m.group(1) or m.group(2)} of me"),
    (r"\b(go|goes|went|gone) (from|off) (the )?site\b", "left the site"),
    (r"\b(is|are) (he|she|they|the \w+) free( now)?\b", r"\1 \2 idle\3"), (r"\b(sitting|standing|sat|stood) free\b", "idle"),
    (r"(?<!\bsince )\bhow many (minute|minutes|mins|min)\b(?!.*\b(ago|before|since|back|passed)\b)", "how long"),
    (r"\bthe staging\b(?! area)", "the scaffold"),
    (r"\b[a-z]{2,}(?:ah|uh)\b", _r_dropped),  # (after the Boston glossary, which needs its own words first)
    (r"^((?:the )?(?:[\w-]+ ){0,3}[\w-]+) what happen(ed)?\s*$", r"what happened to \1"),
    (r"\bdoing (the )?job\b", "working"), (r"\btaking it easy\b", "idle"),
    (r"\bhow much time (has )?pass(ed)? (after|since) (that|it)\b", "how long since"),
    (r"\b(come|came|go|went) again (to )?(the )?(place|spot) where\b", r"\1 back to where"),
    (r"\b(line|row|layer) of bricks?\b", "course"), (r"\b(laid|lay|clapped|clap|set) eyes? (on|pon)\b", "saw"),
    (r"\s+(real|right) quick\s*$", ""), (r"\bbarrers?\b", "barrow"), (r"\bthe one what\b", "the one who"),
    (r"(?:^|(?<=\s))'?alf[- ](left|right)\b", r"front-\1"), (r"\bfing\b", "thing"),
    (r"^(the [\w -]+?) still (layin|lying|laying|sitting|sittin|standing|standin)?\s*(where|there)\b", r"is \1 still \3"),
    # verb-last English (Korean-shaped): "trench inside", "from trench out", "hard hat not wearing", "that place again he went"
    (r"\b(trench|hole|pit|excavation) inside\b", r"inside the \1"), (r"\b(from )?(the )?(trench|hole|pit|excavation) out\b", r"out of the \3"),
    (r"\b(hard ?hat|helmet|vest) not wearing\b", r"not wearing a \1"),
    # sign and verb-last order: "how much minute before was" (how long ago), "rest when start", "put down finish"
    # (the verb done), "course third" (the third course), "how long past", "floor lie", "break finish, back work",
    # "man white hardhat"
    (r"\bhow (?:much|many) (?:minutes?|mins?|time) (?:before|passed|has passed|gone by|gone|has gone|is gone|pass|passes)(?: (?:was|it was|is it|is|was it))?\s*$",
     "how many minutes ago"),
    (r"\bhow long (?:before|passed|has passed|gone by)(?: (?:it was|was it|that was|was that))\s*$", "how many minutes ago"),
    (r"\bhow (?:long|much time|many minutes) (?:become|became|has become|pass|passes)\s*$", "how many minutes ago"),
    (r"^(.+?) (?:rest|break|resting) when (?:start|started|begin|began|starts)\s*$", r"when did \1 go on a break"),
    (r"\b(down|up|out|in|off|on|away) finish(?:ed)?\b", r"\1"),
    (r"\b(course|row|layer) (first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\b(?! (?:one|time)\b)",
     r"\2 \1"),
    (r"\bhow long past\s*$", "how long ago"),
    (r"\b(floor|ground) (lie|lies|lying|lay)\b", r"\2 on the \1"),
    (r"^(.+?) (?:break|rest|lunch|smoko) (?:finish|finished|over|done),? (?:back (?:to )?work|work again)\s*$", r"is \1 back at work after the break"),
    (r"\b(man|guy|worker|woman|person|bloke|lad|fella|fellow|lady) (white|yellow|orange|red|blue|green|black|grey|gray|brown|pink|purple) "
     r"(hard ?hat|helmet|lid)\b", r"\1 in the \2 \3"),
    (r"\b(?:standing |sitting |stood |sat )?without doing (?:any |his |her |their )?(?:work|anything|job|nothing)\b", "idle"),
    # Tamil-shaped "simply sitting" (just sitting), "is there only" (still there), "has come back to his work" (is
    # back at work); Amharic-shaped "my which side", "to break he went"; Romanian-shaped "before to make pause",
    # "stays with the hands in the pockets", "came only after", "since when stays X on the ground", "from when he
    # entered until now" (said again after how long)
    (r"\b(?:simply|merely|only) (sitting|standing|sat|stood)\b", r"just \1"),
    (r"^(?!.*\b(?:before|after|until|till)\b)(?:has |have )?((?:the|that|this|my|our) [\w ]+?|he|she|[a-z]+(?: [a-z]+)?) (?:has |have )?(?:(?:come|came|returned|gone|got) back|"
     r"returned) to (?:his |her |their |the )?work(?: is it| right| yes| no)?$", r"is \1 back at work"),
    (r"^how long is it (?:from|since) ", "how long since "),
    (r"\b(the|that|this|yon) boy (that|who|with|in)\b", r"\1 lad \2"),
    (r"\bmy which side\b", "on which side of me"),
    (r"\bto (?:the |a |his |her |their )?break (?:he |she |they )?(?:went|go|goes|gone)\b", "went on a break"),
    (r"\bbefore to (?:make|take|do|have) (?:a )?(?:pause|break|rest)\b", "before he took a break"),
    (r"\b(?:came|come|arrived) only (after|before)\b", r"arrived \1"),
    (r"^since when (?:stays|stay|lies|lie|sits|sit|is|has been) (.+?) (on the (?:ground|floor)|idle|in the \w+)$", r"how long has \1 been \2"),
    (r"^(how (?:long|much time) .+?) from when (?:he|she|they|it) (?:entered|went in|got in|arrived|started)(?: until now| till now| to now)?$", r"\1"),
    (r"\b(lunch|tea|coffee|smoke|dinner|meal) break\b", "break"),
    (r"\bgone (?:to|for) (?:his |her |their )?(?:dinner|lunch|tea|supper|smoko)\b", "on a break"),
    # Pashto-shaped "how much time empty was" (a person free of work: idle)
    (r"^.*\b(?:(?:was|is|were|been|stayed|sat|sitting) empty|empty (?:was|is|were|stayed|sat))\b.*$",
     lambda m: re.sub(r"\b(?:(?:was|is|were|been|stayed|sat|sitting) empty|empty (was|is|were|stayed|sat))\b",
                      lambda e: f"idle {e.group(1)}" if e.group(1) else e.group(0).replace("empty", "idle"), m.group(0))
     if any(w in _PEOPLE or w in ("he", "she", "they") for w in m.group(0).split()) else m.group(0)),
    # "after his coffee, the electrician came back to work after how much time?" (how long that break was)
    (r"^(?:after (?:his|her|their|the|a) (?:coffee|tea|break|lunch|smoke|rest|prayers?),? )?(the [\w -]+?|he|she|they) (?:came|come|comes|went|"
     r"got|get) back(?: to work| to the work| to his work| to her work)? after how (?:much time|long|many minutes)$",
     r"how long was \1 on a break"),
    # the place named by what happened there, verb last (round 99): "wheelbarrow, from where taking, same place again coming
    # back?" (where it was picked up), "green vest man, tea sitting place, he again going back?" (where he took his break),
    # "go back place he sit rest before" (where he rested)
    (r"^(.+?) from where (?:taking|taken|took|take|picked|picking)(?: up)?,? (?:the )?same place (?:again )?(?:coming|come|came|going|go|"
     r"went) back$", r"did \1 come back to where it was picked up"),
    (r"^(.+?) (?:tea|coffee|break|rest|resting) (?:sitting|sit|sat|drinking) place,? (?:(?:he|she|they) )?(?:again )?(?:going|go|went|gone|"
     r"coming|came) back$", r"did \1 go back to where he was idle"),
    (r"\b(back(?: to)?(?: the)?) place (?:where )?(he|she|they) (?:sit rest|sat rest|sit resting|sat resting|sit and rest|rest|rested|sat|sit)\b",
     r"\1 where \2 was idle"),
    (r"^(.+?) to (?:the )?place where (.+?),? back (?:he|she|they) (?:went|came|go|come)$", r"did \1 go back to where \2"),
    (r"\bback (?:to )?(?:the )?place (?:where )?(he|she|they) (?:stay|stayed|stays|stand|stood|was|were)\b", r"back to where \1 was"),
    (r"\bhow long (he|she|it|they) (?:is|are|has been|have been|was) (?:not visible|invisible|out of (?:my )?sight|not in view|out of view)\b",
     lambda m: f"how long since i last saw {dict(he='him', she='her', it='it', they='them')[m.group(1)]}"),
    (r"\bwhere (he|she|they) (?:sit down rest|sit rest|sat down rest|sit down and rest|sat down and rested|sat resting)\b", r"where \1 was idle"),
    (r"\bwhere (he|she|they) (was|were|had been) (?:sitting|resting|sat|relaxing|lazing)(?: round| around| about)?"
     r"(?= back\b|\s*$| before\b| earlier\b| or\b)", r"where \1 \2 idle"),
    # round 98: "helmet when took off?" (verb last), "how many minutes already nobody saw him?" (since last seen), "since
    # when hammer on floor lies?", "this worker now just sits?" (idle), "the third row brick" (the third course), "he no hat
    # how long?" (without it), "work how long already since he start?" (this working spell), "leave the job" (the site),
    # "went in coffee" (Icelandic "i kaffi": on a break)
    (r"^(.*?)\b(hardhat|helmet|hat) when (?:(?:he|she|they) )?(?:took|take|takes|removed|remove) off\b(?! (?:his|her|their|the|a|it)\b)",
     lambda m: m.group(0) if re.search(r"\b(with|without|no|of|in|wearing|" + "|".join(COLOURS) + r")\s*$", m.group(1))
     else f"{m.group(1)}took off {m.group(2)} when"),
    (r"\bhow (?:many minutes|long|much time) (?:already )?(?:nobody|no one|noone|(?:we|i) (?:have not|did not|not)) (?:saw|seen|see) "
     r"(him|her|it|them)\b", r"how long since i last saw \1"),
    (r"^(?!(?:from|since|when|what|how|where|which|who|did|has|have|is|are|was|were)\b)(.+?) (?:now )?(?:just|only|simply) "
     r"(?:sits|sitting|stands|standing|sit|stand)(?: there| around| now)?$",
     lambda m: f"is {m.group(1)} idle" if any(w in _PEOPLE for w in m.group(1).split()) else m.group(0)),
    (r"\b(first|second|third|fourth|fifth|last) (?:row|course|layer) (?:of )?(?:bricks?|blocks?)\b", r"\1 course"),
    (r"^(.+?) (?:work|working|worked) how long(?: already)? since (?:he|she|they) (?:start|started|begin|began)(?: work| working)?$",
     r"how long has \1 been working"),
    (r"\b(leave|left|leaves|leaving) the (?:job|jobsite|job site)\b", r"\1 the site"),
    (r"\b(?:in|on) (?:the |his |her |their )?(?:coffee|tea)\b(?! (?:break|cup|mug|machine|van|truck|shop|room|hut))", "on a break"),
    # Tibetan-, Kurdish- and Lao-shaped, verb last (round 99): "pit inside going" (going into it), "site leaving" (leaving
    # it), "cement bag down putting" (put down), "helmet take out" / "helmet remove" (took it off), "tea drinking go" (a
    # break), "helmet no man" (a man without one), "not seeing, how much time now?" (since last seen), "X coming, how long
    # before?" (since it came), "how long become" (how long since), "his helmet he took off", "to trench he went down"
    (r"\b(?:inside|into|in) the (pit|trench|hole|excavation|ditch) (?:going|go|goes|went|gone|entering|enter)\b", r"went into the \1"),
    (r"\b(?:the )?site (?:leaving|leave|leaves|left)\b(?! (?:the|a|his|her|it|of|side|hand|corner|to|from)\b)", "left the site"),
    (r"^(.+?) down (?:putting|put|puts|placing|placed|keeping|kept)\b", r"\1 put down"),
    (r"\b(hardhat|helmet|hat|vest) (?:take|took|taking|takes) out\b", r"\1 took off"),
    (r"^(.*?)\b(his |her |their )?(hardhat|helmet|hat|vest) (?:(?:he|she|they) )?(?:remove|removed|removing|removes|took off|take off)"
     r"(?=\s*$| how\b| before\b| after\b| when\b| what time\b| yes\b| or\b)",
     lambda m: m.group(0) if re.search(r"\b(with|without|no|of|in|wearing|" + "|".join(COLOURS) + r")\s*$", m.group(1))
     else f"{m.group(1)}took off {m.group(2) or 'his '}{m.group(3)}"),
    (r"^(.+?) (his|her|their) (hardhat|helmet|hat|vest) (before|after) (.+?) (?:he|she|they) (?:took off|removed|take off|remove)"
     r"(?: it)?(?: yes| right| no| or not)?$", r"did \1 take off \2 \3 \4 \5"),
    (r"\b(?:tea|coffee) (?:drinking|drink) (?:go|went|gone|going)\b|\b(?:go|went|gone|going) (?:tea|coffee) (?:drinking|drink)\b",
     "went for a break"),
    (r"\b(?:hardhat|helmet|hat|lid) no (man|guy|boy|worker|one|person|fella|lady|woman|girl)\b", r"\1 without a hardhat"),
    (r"^(.+?) (?:(?:i |we )?(?:not seeing|not seen|not see|no see|not saw)),? how (?:much time|long|many minutes)(?: now| already| pass| passed)?$",
     r"how long since i last saw \1"),
    (r"^(.+?) (?:coming|arriving),? how (?:long|much time|many minutes) (?:before|ago|back|pass|passed)$", r"how long ago did \1 arrive"),
    (r"\bto (?:the )?(trench|hole|pit|excavation|ditch) (he|she|they) (?:went|go|gone|climbed|got)(?: down| in| inside)?\b",
     r"\2 went down into the \1"),
    (r"\b(?:the )?(pit|trench|hole|excavation|ditch) (?:inside|into|in) (?:go|going|went|gone)\b", r"went into the \1"),
    # "went for a smoke", "went for coffee" (a break); verb last (Pashto-shaped): "the welder for smoke went"
    (r"\b(went|go|gone|goes|going) (?:for|to|to (?:drink|have|take|get|grab)) (?:a |his |her |their |some )?(?:smoke|cigarette|coffee)\b(?! (?:break|machine|shop|truck|van|cup|mug)\b)",
     r"\1 for a break"),
    (r"\bfor (?:a |his |her |their )?(?:break|smoke|coffee|cigarette|rest) (went|go|gone|goes)\b", r"\1 for a break"),
    (r"\b(has|have|had) (he|she|they|it) done (got|gone|quit|come|left|started|stopped)\b", r"\1 \2 \3"),  # "has he done quit?"
    (r"^((?:the |that |this |yon )?(?:man|guy|lad|worker|bloke|fella|woman)\b[\w ]*?) still (sits|sitting|stands|standing)$", r"is \1 still idle"),
    (r"\bnot wearing a (hard ?hat|helmet|vest) (man|guy|worker|person|woman|one|bloke|fellow|fella|lady|lad)\b", r"\2 not wearing a \1"),
    (r"\bthat place (again |back )?(he|she|they) (went|returned|came)( back)?\b", r"\2 went back there"),
    (r"\b(from that|since (then|that)|since (last (i|we)|(i|we) last) saw),? how (long|many minutes|much time) (has |have )?(passed|gone by)\b",
     "how long since"),
    (r"\bstill (it|he|she|they) (is|are) there\b", r"is \1 still there"), (r"\bwhere first (i|we) (saw|seen)\b", r"where \1 first saw"),
    (r"\bagain inside (he|she|they) went\b", r"\1 went inside again"), (r"\b(out of the \w+) came\b", r"came \1"),
    (r"\bthere (he|she|they) (returned|went back|went|came back)\b", r"\1 \2 there"),
    (r"\bnip(ped|s)? (back|down|in|into|out|over|off)\b", r"go \2"), (r"\b(he|she|they) (is|are) free( now)?\b", r"\1 \2 idle\3"),
    (r"\bwork stopping\b", "stopped working"), (r"\b(hard ?hat|helmet) (removing|taking off)\b", r"took off \1"),
    (r"(\d+:\d\d)\s*~\s*(\d+:\d\d) between\b", r"between \1 and \2"),
    (r"\bdi\b(?= (?!(?:he|she|they|it|you|we|i|him|her|dem|mi)\b)[a-z])", "the"),  # Jamaican "di" where one patois word is all
    (r"\b(been )(stood|standing) (there|about|around)\b(?! (with|without)\b)", r"\1idle"),
    (r"\bsince how (?:much time|long) (the [\w -]+?|he|she|it) (?:is|has|has been|was) not (?:been )?seen\b", r"how long since \1 was last seen"),
    (r"\bsince how (much time|long)\b", "how long"),
    (r"\bhow long (the \w+|he|she|it) (has|have) not been seen\b", r"how long since \1 was last seen"),
    (r"\b(just )?(standing|sitting) (there )?only\b", "idle"),
    (r"\bback by there where\b", "back to where"), (r"\bback by there\b", "back there"),
    (r"\bwhere (i|we) (have )?(seen|saw) (him|her|it|them) (first|the first time)\b", r"where \1 first saw \4"),
    (r"^(stood|standing|sat|sitting) (there|about|around)( tidy)?( long)? (he's|he has|she's|she has|he is|she is) been\b", r"\5 been idle"),
    (r"^(was|were|is) (the [\w-]+(?: [\w-]+)?|he|she|it|yer man) long (lying|lain|on|in|at|sitting|sat|standing|stood|idle|without|"
     r"below|down|there)\b", r"how long was \2 \3"),
    (r"\b(at|on) (the )?(blocks|bricks|brickwork|blockwork|wall|tools)\b(?= before| till| until)", "working"),
    (r"^(the )?([\w-]+(?: (?!(?:come|came|go|went|gone|been)\b)[\w-]+)?) back (already |now |yet )?(to )?(where|the place|the spot)\b(?=.*\b(he|she|they)\b)", r"did \1\2 go back to \5"),
    (r"\b(standing|sitting|stand|sit|relax|relaxing|resting|chilling) only\b|\bjust relax(ing)?\b", "idle"),
    (r"\bbeen relocated\b", "been moved"), (r"\s+(please )?confirm\s*$", ""),
    (r"\b(what was |state |give |provide |report )?the (duration|length|period) of non-?compliance (for|by|of) (.+?) with (respect|regard) to "
     r"(the )?(hard ?hat|hardhat|helmet|vest|hi-vis|ppe)( use| usage| wearing)?\b", r"how long was \4 without a \7"),
    (r"\bat the time of (this|the present) (entry|report|note|writing)\b|\bat (the )?present\b", "now"),
    (r"\b(so|as) far as the (record|records|footage|memory|log) (shows|show|goes|go)\b", ""),
    (r"\b(period|spell|bout|stint) of idle(ness)? (commence|commenced|begin|began|start|started)\b", "went idle"),
    (r"^(the [\w -]+?) (have|has) not been (disturbed|moved|touched|shifted|relocated)\b.*$",
     lambda m: f"{'are' if m.group(2) == 'have' else 'is'} {m.group(1)} still where {'they were' if m.group(2) == 'have' else 'it was'}"),
    (rf"\b(since|after|from|before|until|at) the ({_ORDINAL_WORDS_RE}) minute\b",
     lambda m: f"{m.group(1)} {_ORDINALS[m.group(2)]}:00"),
    # an appositive colour: "the wheelbarrow, the green one", "the cones ... the orange ones"
    (rf"\b(the|my|a) ([\w-]+(?: [\w-]+)?) the ({_COLOURS_RE}|orange) ones?\b", r"\1 \3 \2"),
    (rf"\bbetween the ({_ORDINAL_WORDS_RE}) and the ({_ORDINAL_WORDS_RE}) minutes?\b",
     lambda m: f"between {_ORDINALS[m.group(1)]}:00 and {_ORDINALS[m.group(2)]}:00"),
    (r"\b(stays|stay|stand|stands) (at|on|to) (my|the) (left|right)\b", r"is on my \4"),
    (r"\bin (the )?front on (the|my) (left|right)\b", r"in front on my \3"),
    # Spanish calques: "the guy of the orange vest", "how much time makes that you saw", "esta trabajando"
    (rf"\b(guy|guys|worker|workers|man|men|one|ones|person|people|lad|bloke|fella|chap|woman|operative|\w+man|\w+er|\w+ist|"
     rf"\w+or) of (the |a )?(({_COLOURS_RE}|orange|no) (vest|hi-vis|jacket|hardhat|hat|helmet|shirt))\b", r"\1 in the \3"),
    (r"\bhow (much|many) time (makes|does it make|it makes|is it|has it been|it is|it has been|passed) (that|since|from)\b",
     "how long since"),
    (r"\best[aá] trabajando\b", "is working"),
    (r"\b(left|remaining) to (finish|do|build|complete|go|pour|lay)\b", "to do by tomorrow"),
    (r"\b(in|out of|into) (the )?(frame|shot|picture)\b", r"\1 view"),
    (r"\b(the|that|this) (one|guy|man|lad|fella|bloke|person|worker|chap) (who|that) (was|were|is|had been|has been) "
     r"(laying|lay|setting) (the )?(bricks|blocks|brick|block)\b", "the same one as the bricklayer"),
    (r"\b(as )?first thing( this morning| today)?\b", "at the start"),
    (r"\b(just )?when (i|we) (first )?(started|start|got here|arrived|came on|clocked on|came in|got on site|started filming|"
     r"started recording|switched (the camera |it )?on|turned (the camera |it )?on)( (this|the) (morning|shift|day))?\b", "at the start"),
    (r"\b(knock|knocks|knocked|knocking|down|downed) (off|tools) (for|to have|to take) (a |his |her |their )?(break|smoko|"
     r"breather|brew|tea|lunch|rest)\b", "went on a break"),
    (r"\bwander(ed|s)? back\b", "went back"),
    (r"(\d+) ?m ?(\d{1,2}) ?s\b", _clock),
    (r"\b(\d+) min (\d{1,2}) (s|sec|secs|seconds)\b", _clock),
    (r"\b(?:from|between) (\d+) ?(?:s )?(?:to|and|-) (\d+) ?(?:s|sec|secs|seconds)\b", _between),
    (r"\b(?:in )?the (\d+) ?- ?(\d+) ?(?:s|sec|secs|seconds) (?:window|range|interval|period)\b", _between),
    (r"\bat (\d+) ?(?:s|sec|secs|seconds)\b(?! (ago|before|earlier|back))", lambda m: f"at {_mmss(int(m.group(1)))}"),
    # dictation: homophones
    (r"\b(the|same|a|that|this|my) (latter|later)\b(?! (one|ones|spell|break|time|part|half|of|stage|on)\b)", r"\1 ladder"),
    (r"\b(latters|laters)\b(?! (on|of)\b)", "ladders"),
    (r"\bthe later (?=(on|was|is|been|got|lying|still|left)\b)", "the ladder "),  # "how long was the later on the ground"
    (r"\b(to|still|back|from|and|or|know|is|was|exactly) (wear|ware)\b", r"\1 where"),  # "go back to wear he was"
    (r"\bwears\b(?= (my|the|that|this|his|her|it|he|she|they)\b)", "where is"),  # "wears my mate gone"
    (rf"\b(wear|ware)\b(?! ({_COLOURS_RE}|a|an|his|her|their|the|any|no|hi-vis|high-vis|vest|vests|hard|hardhats?|helmets?|ppe|"
     r"gloves|goggles|safety|harness|boots|it|them|one)\b)", "where"),
    (r"\bidol\b", "idle"), (r"\bbrick(y|ey)\b", "brickie"), (r"\bbrick ?(man|men|guy|guys|fella|lad|person)\b", "brickie"),
    (r"\b(thing|stuff|load|one|thing that is|something) (hanging|hung|dangling|swinging) (on|from|off|under) (the |that )?crane\b",
     "suspended load"), (r"\bhole (job|lot|thing|day|shift)\b", r"whole \1"),
    (r"\bat (to|too) ([0-5]\d)\b", r"at 2:\2"), (r"\bat (for|four) ([0-5]\d)\b", r"at 4:\2"),
    (r"\bwheel barrows?\b", lambda m: m.group(0).replace("wheel barrow", "wheelbarrow")),
    (r"\btool ?books?\b", "toolbox"),
    (r"\bhard ?had(s)?\b", "hardhat"),
    (rf"\b({_COLOURS_RE}|hi-vis|high vis|no|a|the) vast\b", r"\1 vest"),
    (r"\b(for|four) (minutes|seconds|hours) (ago|back|before|earlier)\b", r"4 \2 \3"),
    (r"\b(to|too) (minutes|seconds|hours) (ago|back|before|earlier)\b", r"2 \2 \3"),
    # spoken clock times without the colon ("at 1 15", "between 2 00 and 5 00")
    (r"\b(at|between|and|since|from|to|till|until|by|around|about|after|before) (\d{1,2}) ([0-5]\d)\b"
     r"(?! ?(minutes?|seconds?|hours?|s|m|courses?|bricks?|blocks?|times?|people|workers?|guys?)\b)", r"\1 \2:\3"),
    (r"\bwhich ways\b", "which way is"),
    (r"\bdo the needful( and)?\b", ""),
    (r"\b(course|row|layer|brick|block) (?:no |number )?(\d+)\b(?! (minutes?|seconds?|:))",
     lambda m: f"{_nth(int(m.group(2)))} {m.group(1)}"),
    (r"\bwrite (side|hand)\b|\bmy write\b", lambda m: m.group(0).replace("write", "right")),
    (r"\bbrakes?\b", lambda m: m.group(0).replace("brake", "break")),
    (r"\bcoarses?\b", lambda m: m.group(0).replace("coarse", "course")),
    (r"\bbrick layers?\b", lambda m: m.group(0).replace("brick layer", "bricklayer")),
    (r"\bno weight\b", "no wait"),
    # the operative turning a stop/go board is a trade, not the verb "stop"
    (r"\b(?:chap|man|lad|guy|bloke|fella|person|woman|worker|one|operative) (?:on|with|holding) the stop[/ -]?go(?: board| sign| boards)?\b"
     r"|\bstop[/ -]?go (?:man|lad|guy|bloke|fella|person|woman|operative|operator|board operator)\b", "flagger"),
    # a person named by the PPE they lack, before the noun: "the no-vest guy", "no-lid lad"
    (r"\bno[- ](vest|hi-vis|hardhat|hat)[- ](guy|lad|bloke|man|one|worker|fella|fellow|person|chap|woman|kid)s?\b",
     r"\2 without \1"),
    # "how long have you not seen the drill" / "since how long ... not more seen": the time since last seen
    (r"^(?:since )?how long (?:have|has|did) (?:you|i|we) (.+?) not (?:more |longer |anymore )?(?:seen|saw|see)\b",
     r"how long since i last saw \1"),
    (r"^(?:since )?how long (?:have|has|did) (?:you|i|we) not (?:more |longer )?(?:seen|saw|see)\b", "how long since i last saw"),
    (r"^before how (much time|long)\b", "how long ago"),
    (r"^since how (many|much) (minutes?|seconds?|hours?|time)\b", "how long since"),
    (r"\bhow long before (the present moment|now|the present|this moment)\b", "how long ago"),
    (r"\b(where|which way) (do i |should i |to |must i |shall i )?(turn|look|go|head) (for|to find|to see|to get to)\b",
     "which way is"),
    (r"\bwhich (one )?(come|comes|came) first\b", "which came first"),
    (r"\bby the time\b", "before"),
    (r"\bnever wear(s|ing)? (a |his |her |the )?(hardhat|helmet|lid|hat)\b", "without a hardhat"),
    (r"\blet (?:it |them )?(fall|drop)\b|\blet (the \w+|my \w+) (fall|drop)\b",
     lambda m: f"dropped {m.group(2)}" if m.group(2) else "dropped"),
)
_FILLERS = re.compile(r"\b(uh|um|er|erm|like|so basically|basically)\b\s*")
# a self-correction drops what it corrects ("point me to the drill no wait the hammer")
_CORRECTION = re.compile(r"\b(?:the|my|a|that|on the|on my|to the|to my) (?:[\w-]+ ){0,3}?(?:uh |um |er )?(?:no wait|no sorry|"
                         r"no hang on|hang on|sorry not the \w+(?: \w+)?(?= the\b)|no(?= the\b)|sorry(?! not\b)|i mean(?= (?:the|my|a|that|on|to|behind|in|front|front-\w+|back|ahead|left|right)\b)|or rather|scratch that|actually no|no no)\b\s*")
_AUX_BEFORE_SUBJECT = ("did", "does", "do", "has", "have", "had", "can", "could", "would", "will", "should")
_NOT_BEFORE_SUBJECT = "".join(rf"(?<!\b{aux} )" for aux in _AUX_BEFORE_SUBJECT)
"""Before a subject ("didn't the drywaller take ...") a "not" negates; after "is" it may correct ("which way is, no
hang on, not the skip, the wheelbarrow")."""
_NOT_AFTER_AUX = _NOT_BEFORE_SUBJECT + "".join(rf"(?<!\b{w} )" for w in ("is", "was", "are", "were", "it", "that"))
"""A "not" that negates a verb ("didn't the drywaller take ...", "that is not the grey one") is no correction."""
_SINCE_WHEN_ING = {"lies": "lying ", "lie": "lying ", "stands": "standing ", "stand": "standing ", "sits": "sitting ",
                   "sit": "sitting ", "works": "working ", "work": "working "}
_SINCE_WHEN_VERBS = "is|are|has|have|" + "|".join(_SINCE_WHEN_ING)
_SINCE_WHEN_STATE = r"(?P<state>on|in|into|inside|without|idle|is idle|around|about|doing|no)\b(?P<rest>.*)$"


def _since_when(m: re.Match[str]) -> str:
    """"since when lies the hammer on the floor" -> "how long has the hammer been lying on the floor"."""
    state = {"no": "without a", "is idle": "idle"}.get(m["state"], m["state"])
    ing = f"{said} " if (said := m.groupdict().get("ing")) else _SINCE_WHEN_ING.get(m["verb"], "")
    return f"how long has {m['who']} been {ing}{state}{m['rest']}"


_WEARER = r"(?:man|guy|woman|worker|boy|lad|fella|fellow|person|one|lady)"
"""A person named by what they wear ("that helmet wearing man", "that no vest boy", "that guy no vest")."""

_SPOKEN = _rules(
    # a correction that names what is not meant ("the red toolbox sorry not the grey one", "not the skip the barrow"),
    # before "the grey one" is read as a colour
    (rf"{_NOT_BEFORE_SUBJECT}\bnot (?:the|that|this) (?!same\b|first\b|last\b|only\b|one\b)[a-z]+(?: [a-z]+)? "
     r"(?=(?:the|my|that|this)\b)", ""),
    (rf"{_NOT_AFTER_AUX}\bnot (?:the|that|this) (?!same\b|first\b|last\b|only\b)[a-z]+ one\b ?", ""),
    (r"\bthe the\b", "the"),
    # a thing named again with its colour ("the pallet the blue pallet", "is the toolbox the red toolbox"): the coloured one
    (rf"\bthe ([a-z]+(?: [a-z]+)?) (?:the|a) ((?:{_COLOURS_RE}) )\1\b", r"the \2\1"),
    # th- and -th said as d/t, spelled as heard ("dat", "dere", "wit no vest", "youse"), after the glossaries
    (r"\bdat\b", "that"), (r"\bdis\b", "this"), (r"\bdese\b", "these"), (r"\bdere\b", "there"),
    (r"\b(wit|wid)\b", "with"), (r"\byouse\b", "you"),
    (r"\b(head|headed|heads) off\b(?! to\b)", "left"), (r"\b(close|closed|closes) (from work|for the day)\b", "stopped work"),
    (r"\bby my left hand or (?:by )?my right hand\b", "on my left or right"),
    (r"\bshow me the side (the \w+(?: \w+)?) is( on)?\b", r"which way is \1"),
    (r"\bat my (left|right),? towards the front\b", r"front \1 of me"),
    (r"\bhow many minutes now since\b", "how long since"), (r"\breflectors?\b", "vest"),
    (r"\b(pick|picked|picks) (the|a|his|her|my|that) (?!\w+ up\b)", r"\1 up \2 "),
    (r"\bis (he|she|they|the \w+) not (working|busy)\b", r"is \1 \2"), (r"\b(?:just )?sitting down\b", "sitting around"),
    (r"\bsince half (one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", r"since \1 thirty"),
    (r"^relative to (?:the way )?(?:i am|i'm|where i am) (?:\w+ )?facing,? where is\b", "which way is"),
    # Dutch and German verb-second order ("how long ago went the man idle", "lies he there still", "stands he still")
    (r"^(how long ago|when|what time) went (the .+?) (idle|in(?! (?:the |a )?(?:" + _COLOURS_RE + r")\b)|into|down|for|home|on|off)\b", r"\1 did \2 go \3"),
    (r"^(?!(?:is|are|does|do|how|when|what|which|who|where)\b)(.+?) works (?:he|she|they) (now|still|at the moment|right now)\b",
     r"is \1 working \2"),  # "the man with the yellow vest, works he now or not"
    (r"^works ((?:the|that|this|my) .+?) (still|now|at the moment|right now)\b", r"is \1 working \2"),
    (r"\bagain (?:begun|began|begin|started|start) (?:to work|working|with work)\b", "started working again"),
    (r"\b(went|gone|go|goes|headed|head|heads) off home\b", r"\1 home"),
    (r"^is (.+?) (?:just )?(?:stood|standing|sat|sitting|stopping|hanging) (?:about|around)\b", r"is \1 idle"),
    (r"^how long (stood|walked|sat|lay) (the .+?) (still|around|about|there|idle)\b",
     lambda m: f"how long was {m.group(2)} " + {"stood": "standing", "walked": "walking", "sat": "sitting", "lay": "lying"}[
         m.group(1)] + f" {m.group(3)}"),
    (r"\blies (he|it|she) (there )?still\b", "is it still there"), (r"\bstands (he|she) still\s*$", r"is \1 idle"),
    (r"\b(?:went|goes|go) (he|she|they) for (?:a|his|her|their) break\b", r"did \1 go for a break"),
    (r"(?<!\blook )(?<!\blooks )(?<!\blooked )\blike (?=\d)", ""),  # a filler before a number: "in the last like 30 minutes"
    (r"\blifted (off|from|out of)\b", r"picked up \1"),
    (r"\bmaking a break\b", "taking a break"), (r"\bbegin with working\b", "start working"), (r"^how late did\b", "what time did"),
    (r"\b(?:standing |lying )?left in front of me\b", "front left of me"),
    (r"\bwhere (the \w+|it) (?:stood|was|lay|sat) first\b(?! seen\b)(?: one time\b)?", r"where \1 was first seen"),
    # the other event put first ("before the wheelbarrow was took, the scaffolder removed his helmet?", "after the load
    # went up, did the welder stop working?"): the question put back in order; not a window ("after the break, when ...")
    # nor a return ("after he dropped it, did he go back ...")
    (r"^(before|after) (the \w+(?: \w+)? (?:(?:was|were|got|went|came|had been) \w+(?: up| down| off| on| in)?|"
     r"(?:went|go|gone) on (?:a |his |her |their )?(?:break|lunch))),? "
     r"(?:(did|has|had) )?(the (?!.*\b(?:when|what time|where|back|again|return\w*|how)\b)\w+(?: \w+)? \w+\b.*)$",
     lambda m: f"{m.group(3) + ' ' if m.group(3) else ''}{m.group(4)} {m.group(1)} {m.group(2)}"),
    # the same with no comma and a statement ("only after the tipper came the labourers started work, is it?", "after he
    # came back from lunch only the second course finished no?"): split where both halves name an event
    (r"^(?:only )?(after|before) (.+?)(?: (?:no|is it|is not it|right|yes or no|or not|or no|na))?$", lambda m: _fronted_clause(m)),
    # the deed named first, the person pointed at last ("the one who move the wheelbarrow, it is this man?")
    (r"^(the (?:one|man|guy|person|fellow|worker|woman)) (?:who|that) ((?!is\b|was\b|are\b)\w+ (?:the|a|that) \w+(?: \w+)?) "
     r"(?:it |he |she )?is (this|that) (man|guy|one|person|fellow|worker|woman|lady)$", r"is \3 \4 \1 who \2"),
    # somebody bringing a thing back is the thing going back ("ladder, somebody bring it back to place where ...")
    (r"^(?:did )?(?:the )?(\w+(?: \w+)?) (?:somebody|someone|anybody|anyone|they) (?:bring|brought|put|carry|carried) (?:it|them) back to\b",
     r"did the \1 go back to"),
    (r"^did (?:somebody|someone|anybody|anyone|they) (?:bring|put|carry) (the \w+(?: \w+)?) back to\b", r"did \1 go back to"),
    # "the welder, he go back to work?", "has he gone back to work?", "he returned to the work already?": is he working again
    (r"^(?:has |have |did |is )?((?:the |that |this )?\w+(?: \w+)? )?(he|she|they) (?:(?:go|gone|went|get|got|come|came) back|"
     r"returned|return) to (?:the )?(?:work|it)( yet| already| now)?$",
     lambda m: f"is {m.group(1) or m.group(2) + ' '}working again{m.group(3) or ''}"),
    (r"^(?:has|have|did) (the \w+(?: \w+)?|he|she|they) (?:(?:go|gone|went|get|got|come|came) back|returned|return) to "
     r"(?:the )?(?:work|it)( yet| already| now)?$", r"is \1 working again\2"),
    # the camera's own words: "out of frame", "in shot", "off the left of frame", "the last clip"
    (r"\b(?:walk|walked|go|went) out of (?:frame|shot|the picture)(?: for good)?(?: and not come back| and never came back)\b", "leave"),
    (r"\b(?:walk|walked|go|went) out of (?:frame|shot|the picture) for good\b", "leave"),
    (r"\b(?:just )?(?:off|past) the (left|right)(?: edge)? of (?:the )?frame\b", r"on my \1"),
    (r"^was (the \w+) in (?:the picture|shot|frame|view) before (the \w+)(?: ever was)?\b", r"did \1 appear before \2 appeared"),
    (r"\bin the last clip (?:like )?(?:the )?last\b", "in the last"), (r"\bdug[- ]?out area\b|\bdugout\b", "excavation"),
    (r"^what is the (?:timecode|timestamp|time) (?:where|when|at which) (.+)$", r"when \1"),
    (r"\b(?:little |small )?(?:handheld |hand-held )?(?:cutter|grinder|saw|tool) with (?:the|a) spinning disc\b", "angle grinder"),
    # courtesy: "where is the red toolbox, relative to the way I am facing at present"
    (r"\bwhere is (the \w+(?: \w+)?),? relative to the way (?:i am|i'm) (?:\w+ )?facing\b", r"which way is \1"),
    (r"\bwhere (the \w+(?: \w+){0,2}) is in relation to (?:myself|me)\b", r"which way is \1"),
    (r"\bwithout wearing (his|her|their|a|any) ", "without \1 "),
    (r"\b(who|that) (has|had) no (vest|hi-vis|hardhat|helmet)\b", r"without a \3"),
    # Spanish-shaped English ("is my drill yet where I left it", "what has passed with", "in what place is", "it has how many
    # minutes that", "the worker of the green vest") and Jamaican English ("the youth without him helmet", "or it gone")
    (r"\b(is|are|was|were) (the \w+(?: \w+)?|my \w+|it|they|he|she) yet (in|where|there|at|on|by)\b", r"\1 \2 still \3"),
    (r"\bwhat has passed with\b", "what happened to"), (r"^in what place (is|are)\b", r"where \1"),
    (r"\btowards where (is|are)\b", r"which way \1"), (r"\b(go|went|gone) from the site\b", r"\1 off site"),
    (r"\b(get|got) inside (the|that)\b", r"\1 into \2"), (r"\binside of (the|that)\b", r"inside \1"),
    (r"\bsince how long (?:you|i|we) (?:do not|don't|did not) (?:see|seen|saw) (.+)$", r"how long since you last saw \1"),
    (r"\bit has how (many minutes|long|much time) that\b", "how long since"),
    (r"\b(worker|man|guy|lad|one|person) of the ((?:\w+ )?(?:vest|hat|hardhat|helmet|jacket))\b", r"\1 in the \2"),
    (r"\bwithout doing anything\b|\bwith (?:the |his |her )?hands in (?:the |his |her )?pockets\b|\bhaving a sit down\b", "idle"),
    (r"^is stopped (the \w+)\b", r"is \1 idle"),
    (r"\b(without|off|on) him (hat|helmet|hardhat|vest|hi-vis)\b", r"\1 his \2"), (r"\b(the|that|this) youth\b", r"\1 lad"),
    (r"^(the \w+(?: \w+){0,4}),? him (doing|working|idle)\b", r"is \1 \2"),
    (r"\bor (?:it|they) (?:gone|went|moved)\s*$", "or has it been moved"), (r"\bstill stand up\b", "still standing"),
    (r"\b(?:big )?(yellow )?machine with (?:the|an|a) arm and (?:the|a) bucket(?: on it)?\b", r"\1excavator"),
    (r"\b(?:lorry|truck|wagon) with (?:the |a )?(?:big )?(?:turning|spinning|rotating) drum(?: on the back)?\b", "concrete mixer"),
    (r"\bround the back of (?:him|them|the camera|it) on the (left|right)(?: hand)?(?: side)?\b", r"behind me on the \1"),
    (r"\bfrom (?:about |around )?(\d+) minutes in\b", r"since \1:00"),
    (rf"^(.*\b(?:the|my) )(\w+(?: \w+)?) the ({_COLOURS_RE})(?: one)?\s*$", lambda m: m.group(0) if set(m.group(2).split())
     & {"in", "with", "wearing", "of", "on", "at", "by"} else f"{m.group(1)}{m.group(3)} {m.group(2)}"),  # "the wheelbarrow, um, the green one"
    (r"^(?:the )?last known (?:position|location|place|whereabouts) of (.+?)(?: with .*)?$", r"where is \1"),
    (r"\b(was|were|got|been) brought(?: in| on site)?(?=\s*$|\s+(?:before|after)\b)", "arrived"),
    (r"\b(bolt|bolted|bolts|shot|nipped|nip) off (site|home)\b", r"left \2"),
    (r"\b(was|were|is) last (about|around|here|in view|on site)\b", r"\1 last seen"),
    # Caribbean English: "de" for the, "he" for his, "it have" for there is, "wey" for where, "liming" for idling,
    # "reach back", "start back", "since when" after a state, "how long he been"
    (r"\bde (\w+)\b", lambda m: f"the {m.group(1)}" if m.group(1) in _english() or m.group(1) in _VOCAB_SET else m.group(0)),
    (r"\b(off|on|down|up) he (hardhat|hat|helmet|vest|drill|hammer|tools?)\b", r"\1 his \2"),
    (r"^it have\b", "is there"), (r"^wey (i|we|you|he|she|they)\b", r"where did \1"),
    (r"\b(liming|limin)\b", "idle"), (r"\b(reach|reached|arrived) back (by|to) where\b", "went back to where"),
    (r"^(?:wey|who) (i|we) (leave|left|put|set|drop|dropped|park|parked) (my|me|our|the)\b", r"where did \1 \2 \3"),
    (r"\bstart(ed|s)? back (working|work|at it)\b", "started working again"),
    (r"^(?:is )?(the \w+(?: \w+)?|he|she|it|they) (idle|working|on the ground|without (?:a |his |her )?\w+|in the \w+) since when$",
     r"how long has \1 been \2"),
    (r"^(he|she|they) back (in|into|down in) the (hole|trench|pit|excavation|dig) since\b", r"has \1 been back \2 the \3 since"),
    # a person named by what they wear, before them ("that helmet wearing man", "that no vest boy", "that guy no vest")
    (rf"\b(hardhat|hat|vest|hi-vis|(?:yellow|orange|red|green|blue|white|black|grey|pink) (?:vest|hardhat|hat)) wearing "
     rf"({_WEARER})\b", r"\2 wearing a \1"),
    (rf"\bno (vest|hardhat|hi-vis) ({_WEARER})\b", r"\2 with no \1"),
    (rf"\b({_WEARER}) no (vest|hardhat|hi-vis)\b", r"\1 with no \2"),
    # "half an hour since" for ago (northern English); "what's come of it" for where it is
    (r"\b(\d+ (?:seconds?|minutes?|hours?)|(?:half )?an hour|half a minute) since$", r"\1 ago"),
    (r"^what (?:is |has )?(?:come|came|become|became) (?:of|o'|o)(?= )", "where is"),
    # pidgin and Malaysian-shaped English without tense ("the mixer come in after ...", "after the excavator gone",
    # "that uncle stop work how long already", "what time start work back", "playing phone again ah")
    (r"(?<=\w )(?:come|comes) (?:in|inside)\b(?= (?:after|before)\b|\s*$)", "came in"),
    (r"\b(after|before) (the \w+(?: (?!had\b|has\b|have\b|was\b|is\b)\w+)?) gone\b(?! (?:for|on|to|into|in|off|out)\b)",
     r"\1 \2 left"),
    (r"^(.+?) (stop work|stop working|come in|come|leave|left|go home|start work|start working|arrive|reach) how long "
     r"(?:already|ago)$", r"how long ago did \1 \2"),
    (r"\b(?:start|started|starts) (?:work|working) back\b", "started working again"),
    (r"^(?!is |are )((?:the |that |this )?.+? (?:guy|man|lad|worker|one|fella|fellow|woman)) (?:playing|on|scrolling) "
     r"(?:on )?(?:his |her |the )?phone(?: again)?(?: ah| or not)?$", r"is \1 idle"),
    # Lao- and Tibetan-shaped (round 99): "guy no helmet sit play phone now?", "blue vest boy phone looking only, resting he?"
    (r"^(?:is |are )?(?!(?:where|when|how|what|which|who|did|has|have|was|were)\b)((?:.+? )?(?:guy|man|lad|boy|worker|one|fella|fellow|"
     r"woman|lady|girl|labourer|laborer)(?: (?:with |without |in |with no |no )(?:a |the )?(?:\w+ )?(?:hardhat|helmet|vest))?) "
     r"(?:just |only )?(?:sit |sitting |sits |sat |stand |standing )?(?:(?:play|playing|plays|looking at|looking|look at|look|scrolling|"
     r"on)(?: on| at)? (?:the |his |her |their )?(?:phone|mobile)|(?:phone|mobile) (?:looking|look|playing|play|scrolling))(?: only)?"
     r"(?: (?:resting|idle) (?:he|she|they))?( now)?$", r"is \1 idle\2"),
    (r"^(.+?) (resting|working|idle|busy|sleeping) (he|she|they)( is| are)?$", r"is \1 \2"),
    (r"\b(her|him|them|it) or not$", r"\1"),
    # Spanish-shaped topic first ("the drill, since when it is lying on the floor?", "the grinder, since when somebody
    # picked it up?"): the thing put back in its place; "from what time" is the same question as "since when"
    (r"^from what time (?=(?:the|that|this|he|she|they|it) .*?\b(?:is|are) (?:just |simply |only |still )?(?:lying|standing|sitting|working|on|in)\b)",
     "since when "),
    (r"^(the .+?) since when (?:he|she|it|they) (?=is|are|was|were|has|have)", r"since when \1 "),
    (r"^(the .+?) since when (i|we|you|somebody|someone|they|he|she) (saw|seen|picked|took|moved|dropped|put) "
     r"(?:it|him|her|them)( up| down)?(?: (?:for )?the last time| last)?$", r"how long since \2 \3\4 \1"),
    (r"^since when (the .+?) (?:was|were) (seen|spotted) (?:the )?last(?: time)?$", r"how long since \1 was last \2"),
    (r"^since when ((?:the|that|this) .+?|he|she|they) (?:is|are) (working|idle)(?: without (?:stopping|a break|pause))?$",
     r"how long has \1 been \2"),
    # "from what time that fellow is simply standing there?" (a person standing about: idle, this spell)
    (r"^(?:since when|from what time|from when) (?:is |are |has |have )?((?:the|that|this) .+?|he|she|they) (?:is |are |has been |have been |been )?"
     r"(?:just |simply |only )?(?:standing|sitting|doing nothing)(?: around| about| there| here| idle| doing nothing)*$",
     lambda m: f"how long has {m.group(1)} been idle" if m.group(1).split()[-1] in _PEOPLE or m.group(1) in ("he", "she", "they")
     else m.group(0)),
    # German-shaped "since when" with a present tense ("since when lies the hammer already on the floor?"): how long
    # the state has lasted; a "west" beside a colour or "without" is a vest; "putting on" a colour or PPE is wearing it
    # ("from when" the same, as Slavic and Armenian speakers say it; the article may be left out)
    *((rf"^(?:since|from) when (?P<verb>{_SINCE_WHEN_VERBS}) (?P<who>(?:the |this |that )?[a-z].*?|he|she|they|it){already}"
       rf" {_SINCE_WHEN_STATE}", _since_when)
      for already in (" already", "")),  # "already" marks where the subject ends, when said
    (rf"^(?:since|from) when (?P<who>(?:the |this |that )?[a-z]+(?: (?:with|in) (?:the |a )?[a-z]+)?(?: [a-z]+)?|he|she|they|it)"
     rf" (?P<verb>{_SINCE_WHEN_VERBS})(?: already)?(?: (?P<ing>lying|standing|sitting|staying|working))?(?: there)? {_SINCE_WHEN_STATE}",
     _since_when),
    (r"\b(without( a| his| her)?|no|orange|yellow|green|red|blue|white|black|pink|purple|grey|gray) west\b", r"\1 vest"),
    (r"\b(is |are |who is |who are )?(not )?putting on (a |an |his |her |their )?(?=(hard ?hat|hardhat|helmet|vest|hi-?vis|"
     + "|".join(COLOURS) + r")\b)", lambda m: f"{m.group(1) or ''}{'not ' if m.group(2) else ''}wearing {m.group(3) or ''}"),
    # a thing or person named first, then asked about by pronoun ("the welder, has he stopped?", Nigerian "is it that
    # he has stopped?"): the question put back in order
    (r"^(the|that|this) ((?!one\b)[\w-]+(?: [\w-]+)?) (?:is it that )?(he|she|it|they) (has|have) (stopped|finished|moved|gone|left|come)\b",
     r"\4 \1 \2 \5"),
    (r"^(the|that|this) ((?!one\b)[\w-]+(?: [\w-]+)?) (has|have|is|are|was|were|did|does) (he|she|it|they) (?!the\b)", r"\3 \1 \2 "),
    (r"^(?:is |are )?((?:the |that |this )?(?!when\b|what\b|who\b|how\b)[\w-]+(?: [\w-]+){0,2}) (?:already |now )?back (?:to|at) "
     r"(?:work|it)(?: yet| already| now)?(?: or what| or not)?$",
     r"is \1 working again"),
    (r"^(is|are) (.+?) (?:already |now )?back (?:to|at) (?:work|it)\b", r"\1 \2 working again"),
    (r"^(have|has|hev) ((?:the|them|those|these) .+?) (?:stopped|stayed|remained) where (they|it) (were|was)\b",
     lambda m: f"are {m.group(2).replace('them ', 'the ', 1)} still where {m.group(3)} {m.group(4)}"),
    (r"\b(?:come|came|gone|went) back to the same (?:place|spot) where\b", "come back to where"),
    (r"\b(sat|sit|sits|sitting) down (?:to rest|for a rest|for a break|for a breather)\b", "went idle"),
    (r"\b(?:begun|began|begin|begins) (?:to work|working|work)\b", "started working"),
    (r"\b(the|those|these|that|this) (\w+) (?:which|that) (?:are|is|were|was) (" + "|".join(COLOURS) + r")\b", r"\1 \3 \2"),
    (r"\b(went|go|gone|come|came) back 2 (where|the)\b", r"\1 back to \2"),  # text speak: "2" for to
    (r"\b(he|she|they|it) out (came|went|got|climbed)\b", r"\1 \2 out"),  # German order: "since he out came"
    (r"\bwhere (the \w+(?: \w+)?) first (?:stood|was|sat|lay|stopped)\b", r"where i first saw \1"),
    (r"^(?:has|have|had) (.+?) (before|after) (.+?) started working$", r"did \1 start working \2 \3"),
    # Northern English by voice: "o'" for of, "the red un" for the red one, "nawthen" for nothing
    (r"\bo' ", "of "), (r"\b(" + "|".join(COLOURS) + r") un\b", r"\1 one"), (r"\b(nawthen|nowt|nuthin|nothin)\b", "nothing"),
    # "on the go" (British: busy at it) is working
    (r"\b(been|is|was|are|were|still|kept) on the go\b", r"\1 working"),
    # the verb left out: "my partner back to work yet?", "the electrician back on the tools?"
    (r"^((?:my|the|that|this|our) (?:[a-z]+ ){0,6}?[a-z]+) back (to|at|on) (work|the tools)( yet| now| already)?$", r"is \1 back at work\4"),
    # compound directions said as two: "between my front and my left", "right side but more back"
    (r"\bbetween (?:my |the )?(front|back) and (?:my |the )?(left|right)(?: hand)?(?: side)?\b",
     lambda m: f"on my {'front' if m.group(1) == 'front' else 'back'} {m.group(2)}"),
    (r"\b(?:on |at |to )?(?:my )?(left|right)(?: hand)?(?: side)?(?: of me)?,? (?:but |and )?(?:a little |a bit |slightly |more |further |going )+"
     r"(?:to the |in the |towards the |at the )?(back|behind|front)\b",
     lambda m: f"on my {'front' if m.group(2) == 'front' else 'back'} {m.group(1)}"),
    (r"\b(?:in|at|on) (?:the )?(back|front),? (?:on |at |to )?(?:the |my )?(left|right)(?: hand)?(?: side)?\b",
     lambda m: f"on my {m.group(1)} {m.group(2)}"),
    (r"\bhow long (has )?(he|she|it|they|the \w+) (been )?(gone )?(from|out of) (view|sight)\b", r"how long since \2 was last seen"),
    (r"^how long (he|she|they|it) been\b", r"how long has \1 been"), (r"^how long (he|she|it) was\b", r"how long was \1"),
    (r"\s+or so\b|\s+or thereabouts\b", ""),
    (r"\bat my (twelve|one[- ]thirty|three|four[- ]thirty|six|seven[- ]thirty|nine|ten[- ]thirty)( o'?clock)?\b",
     lambda m: _CLOCK_DIRECTION[m.group(1).replace("-", " ")]),
    # a clock position by its hour ("what's at my ten", "my three or my nine"): 30 degrees an hour
    (r"\b(?:at |on |to |off )?my (twelve|two|three|four|five|six|seven|eight|nine|ten|eleven|one(?= o'?clock))(?: o'?clock)?\b"
     r"(?! (?:minutes?|mins?|seconds?|mikes?|hours?|and|thirty|of|guys|workers|men|lads|o'?clock)\b)",
     lambda m: _CLOCK_DIRECTION[m.group(1)]),
    (r"\b(taking|takes|take|took|on) (a )?five\b", "on a break"),
    (r"\bwalk(ed|s)? off with\b", "took"),
    (r"\bswing back by\b|\bswung back by\b|\bcome back around to\b|\bcame back around to\b", "come back to"),
    (r"\ball told\b|\bin all\b|\b(?:all )?put together$", "in total"),
    (r"\b(for )?how much time (?!(has |had )?(passed|gone|elapsed|since))", "how long "),
    (r"(?<!-)(?<!\bmy )(?<!\bthe )(?<!\byour )(?<!\bhis )(?<!\bher )\bright (now|away|then|this minute|this second|(?<!back right )(?<!front right )(?:here|there))\b", r"\1"),
    (r"(?<!\bmy )(?<!\bthe )(?<!\byour )(?<!\bhis )(?<!\bher )\bright (behind|in front|ahead|next to|by)\b", r"\1"),  # (not "to my right by")
)
# A thing's colour said after it, as a correction or aside ("the extension cord the big orange one", "my tool box
# ... you know the black one"): said before it.
_THING_NAMES = "|".join(sorted((re.escape(k) for k, v in SYNONYMS.items() if v != "worker"), key=len, reverse=True))
_COLOUR_ONE = re.compile(rf"(?:\b(the|my|our|that) |^(?!(?:where|what|which|when|how|who|whose|why|is|are|was|were|did|"
                         rf"does|do|has|have|had|can|could|will|would|i|we|you|it|he|she|they|them|there|any|anything|and|"
                         rf"or|so|then|now|um|uh|er|erm|ok|okay|hey|right|well|this|that|these|those)\b))((?:\w+ )?\w+)\b((?:(?!\b(?:the|my|our|that|a|an)\b).){{0,80}}?)"
                         rf"\s*\b(?:you know |i mean |it is |its )?the (?:big |small |little |large |old |new )?"
                         rf"({_COLOURS_RE}) one\b")


def _colour_first(m: re.Match[str]) -> str:
    if any(w in _PEOPLE for w in m.group(2).split()):  # "the one in orange" of a person is a vest: the attributes read it
        return m.group(0)
    return f"{m.group(1) or 'the'} {m.group(4)} {m.group(2)}{m.group(3)}"  # (a bare topic gets its article)


def _colour_after(m: re.Match[str]) -> str:
    """A thing's colour said after it ("the toolbox red", "extension lead orange"): said before it."""
    words = m.group(2).split()
    nxt = re.match(r"\s+([a-z]+)", m.string[m.end():])
    if nxt and (nxt.group(1) in SYNONYMS or nxt.group(1) in _HEAD_NOUNS):
        return m.group(0)  # the colour is the next thing's ("the precious red toolbox")
    thing = SYNONYMS.get(m.group(2)) or SYNONYMS.get(words[-1]) or (words[-1] in _HEAD_NOUNS and "compound") or (
        all(_noun_modifier(w) and w not in _PEOPLE for w in words) and "compound")  # "hose reel", "tarp"
    if len(words) == 2 and not _noun_modifier(words[0]) and words[0] not in SYNONYMS:  # "where skip yellow"
        last = SYNONYMS.get(words[1]) or (words[1] in _HEAD_NOUNS and "compound")
        return f"{m.group(1)}{words[0]} {m.group(3)} {words[1]}" if last and last != "worker" else m.group(0)
    if not thing or thing == "worker":
        return m.group(0)
    return f"{m.group(1) or 'the '}{m.group(3)} {m.group(2)}"  # (a bare topic gets its article: "extension lead orange")


# A time given as a point in the recording ("ten minutes into the video").
_INTO_VIDEO = r"(?=.*\b(into the (video|footage|recording|clip)|minutes in|mins in)\b)"
# After numbers and typos: word order and forms that need the words fixed first.
def _names_a_thing(phrase: str) -> bool:
    """A bare topic that names a thing or a person: English words, no pronoun ("laser level", not "and that one")."""
    words = phrase.split()
    return not any(w in ("and", "that", "this", "one", "it", "these", "those", "him", "her", "them") for w in words) \
        and all(w in _VOCAB_SET or w in _english() or w in COLOURS for w in words) \
        and not any(re.fullmatch(rf"{_PAST_VERB}|go|goes|gone|come|comes|is|was|are|were", w) and w not in COLOURS
                    for w in words)  # fmt: skip


_MODAL_PAST_PARTICIPLE = (r"(?:\w+ed|\w+en|gone|got|come|done|seen|had|been|put|left|laid|set|made|run|sat|stood|"
                          r"brought|caught|kept|lost|found|went|took)")
# A past time point said as a guess, not a forecast: "where will the barrow have ended up by now", "will the lad have
# gone back down the hole once he'd come out", "would that chap be the one who'd shifted the barrow" (a memory
# can only say what happened, so "will/would ... have done" asks what did happen). A forecast keeps its future
# ("will we have the wall finished by friday", "will it have rained by home time").
_FORECAST = r"(?!.*\bby (?:mon|tues|wednes|thurs|fri|satur|sun)day\b)(?!.*\b(?:tomorrow|tonight|next week|home time|the end of|knock off)\b)"


def _perfect_auxiliary(modal: str, subject: str) -> str:
    """"would he have gone" looks back from a past time (had); "will he have gone" from now (has / have)."""
    if modal == "would":
        return "had"
    return "have" if subject.split()[0] in ("i", "we", "you", "they") else "has"


_V2_BASE = {"went": "go", "began": "begin", "came": "come", "started": "start", "stopped": "stop", "left": "leave",
            "took": "take", "put": "put", "moved": "move", "dropped": "drop", "arrived": "arrive", "entered": "enter",
            "laid": "lay", "removed": "remove", "fell": "fall", "picked": "pick", "returned": "return"}
_V2_VERBS = "|".join(_V2_BASE)
_GARMENTS = {"vest", "vests", "hardhat", "hat", "helmet", "hi-vis", "jacket", "shirt", "top", "hoodie", "coat"}


def _verb_second(m: re.Match[str]) -> str:
    """Verb before subject, as in Icelandic or German ("when went he home?", "dropped somebody the hammer?"):
    the English order, when what follows the verb is a person."""
    words = m.group("tail").split()
    for n in range(1, 5):
        who = words[:n]
        if who and (who[0] in ("he", "she", "they", "somebody", "someone", "anybody", "anyone") and n == 1 or (
                who[0] in ("the", "that", "this") and n > 1 and who[-1] in _PEOPLE | {"man", "woman", "one"})):
            rest = words[n:]
            if rest and rest[0] in ("in", "with", "without", "wearing", "no"):  # "the lad in the red vest", "in orange"
                k = 1
                while k < len(rest) and (rest[k] in _GARMENTS or rest[k] in COLOURS or rest[k] in (
                        "a", "an", "the", "his", "her", "no")):
                    k += 1
                if rest[k - 1] in _GARMENTS or rest[k - 1] in COLOURS:
                    who, rest = who + rest[:k], rest[k:]
            return f"{m.group('wh') or ''}did {' '.join(who)} {_V2_BASE[m.group('verb')]} {' '.join(rest)}".strip()
    return m.group(0)


_WORD_ORDER = _rules(
    # Ghanaian "went to chop" (to eat: a break); "sat down lazing", "lazying" (idle); "sat for rest"; "adding everything
    # together" (in total); Spanish-shaped "before of his rest", "in which part of the site", "since what hour ... is sitting",
    # "a little to the right of my front"; "took out his helmet" (took off); verb-last "helmet the man ... when took off",
    # "ladder since when on ground lies"; French-shaped "it is always at its place", "it did not move from where it was"
    (r"\b(go|goes|went|gone|going) to chop\b", r"\1 on a break"),
    # Tatar-and-Russian-shaped, verb last (round 112): "guy in yellow helmet after lunch again work doing?", "in total how much
    # time did nothing", "the hammer somebody pick up, how much time pass already?", "this one is he who wheelbarrow moved?",
    # "electrician came, ladder already moved was?" (moved before he came)
    (r"^(?:the )?([\w ]+?) ((?:after|since) (?:his |her |the )?(?:lunch|break|tea) )?again (?:to )?work (?:doing|does|do|is doing)$",
     r"is the \1 working again \2"),
    (r"^(?:the )?([\w ]+?) (today )?in total how long (?:did|does|do|doing) nothing$", r"how long was the \1 idle in total \2"),
    (r"^(.+?) how long (?:pass|passed|has passed|gone|has gone)(?: already)?$", r"how long since \1"),
    (r"\bagain (?:to )?(?:work|working) (?:started|start|began|begin)\b", "started working again"),
    # an identity asked by what the other did: "the same fella who was stood idle by the mixer earlier" (went idle)
    (r"\b(the same (?:\w+ )?(?:fella|fellow|man|guy|one|bloke|lad|worker|person|chap|woman|lady)) (?:who|that) (?:was|were|had been) "
     r"(?:stood |standing |sat |sitting |sitting around |hanging about |stood about |standing around )?idle\b", r"\1 who went idle"),
    (r"^(?:that |the |this )?([a-z]+(?: [a-z]+){0,2}?) still (?:lie|lies|lying|sit|sits|stand|stands) (near|by|next to|beside|on|at|in) "
     r"(?:the )?([a-z]+(?: [a-z]+)?)$", r"is the \1 still \2 the \3"),
    (r"^(?:the )?([a-z]+(?: [a-z]+){0,2}?) (\d+ minutes? ago) (?:by|near|at|on) (?:the )?([a-z]+) (?:was|were) still there$",
     r"is the \1 that was by the \3 \2 still there"),
    (r"^(?:this|that) (?:one|man|guy|fellow) is (?:he|she|it) who (?:the )?([a-z]+(?: [a-z]+)?) (moved|picked up|dropped|took|carried|used)$",
     r"is this the one who \2 the \1"),
    (r"^(?:the )?([a-z]+(?: [a-z]+)?) (came|arrived|left) (?:the )?([a-z]+(?: [a-z]+)?) already (moved|dropped|picked up|taken|laid) (?:was|were)$",
     r"was the \3 \4 before the \1 \2"),
    (r"\b(sat|sits|sit|sitting) down (lazing|idling|resting|doing nothing|cooling out|cool out|chilling)\b", "was idle"),
    (r"\b(sat|sit|sits) (down )?for (a |his |her )?(rest|break)\b", "went for a rest"),
    (r"\badding (everything|it all|all)( together| up)?\b", "in total"),
    (r"\bbefore of\b", "before"), (r"\bafter of\b", "after"),
    (r"\bsince what hour\b", "since what time"),
    (r"^since (?:what time|when) (the .+?) is (sitting|idle|resting|working|standing)$", r"how long has \1 been \2"),
    (r"\b(?:a little |a bit |slightly )?to the (left|right) of my front\b", r"in front of me to the \1"),
    (r"\b(took|take|takes|taking|taken) out (his|her|their|the) (hardhat|vest)\b", r"\1 off \2 \3"),
    (r"^(?:the )?(hardhat|vest) (the .+?) when (?:took|take) off$", r"when did \2 take off the \1"),
    (r"\b(it|that|they) (is|are) always (at|in) (its|their|the same) place\b", r"is \1 still in \4 place"),
    (r"\b(it|that) did not move from where it was( before)?\b", r"is \1 still where it was"),
    (r"^first (.+?) and (?:later|then|after that|afterwards) (.+?)(?:,? is (?:it )?like that| right| correct| true)?$", r"did \1 before \2"),
    (r"\bhow long now have (i|we) not seen (it|him|her|them)\b", r"how long since \1 last saw \2"),
    (r"\bhow long (he|she|they|the \w+) (?:been )?(?:gone from|left) (?:the )?site(?: now)?$", r"how long since \1 left the site"),
    # Nigerian "he has gone to ease himself" (a break); "which side will I face to see X" (which way is X); "the excavator
    # left this place"; "tiffin break he took for how long" (a past break); "left already for his break" (went on it); "is
    # him that was pushing the barrow" (is he the one who was); "the skip is there on my front left side or what"
    (r"\b(go|goes|went|gone|going) to ease (?:himself|herself|themselves|themself|oneself)\b", r"\1 on a break"),
    (r"\beas(?:e|ed|ing) (?:himself|herself|themselves)\b", "went on a break"),
    (r"^(?:which side|which way|what way|what side|where) (?:will|should|must|shall|would) i (?:face|turn|look)(?: to)?"
     r"(?: (?:see|find|get|spot|look at|face))? (.+)$", r"which way is \1"),
    (r"^(the [\w ]+?),? i (?:turn|look|face) (?:for |to )?where (?:to )?(?:find|see|get|spot) (?:him|it|her|them)$", r"which way is \1"),
    (r"\b(left|leave|leaves|leaving) (this|that|the) (place|spot|area)\b", r"\1"),
    (r"\bleft (already )?(for|on) (his|her|their|a|the) ((?:\w+ )?(?:break|lunch|tea|rest))\b", r"went \2 \3 \4"),
    (r"\bis (him|he|she|her) (that|who) (was|is|did|had)\b",
     lambda m: f"is {'he' if m.group(1) in ('him', 'he') else 'she'} the one who {m.group(3)}"),
    (r"^(the (?:\w+ )?\w+) is there ((?:on|to|at|in) (?:my|the) .+?)(?: or what| or not)?$", r"is \1 \2"),
    # Portuguese-shaped: "the electrician took off the vest, it makes how much time?" (how long since), "the hammer is on
    # the floor since when?" (how long it has been), "the boy of the grey vest" (in it)
    (r"^(.+?) (?:it makes|that makes|makes) how (?:much time|long)(?: now| already| until now)?$",
     lambda m: f"how long since {m.group(1)}" if event_in(m.group(1)) not in (None, "first_seen") or re.search(
         r"\b(saw|seen|see)\b.*\blast time\b", m.group(1)) else m.group(0)),
    # "the man without helmet came out of the hole, it is how much time now?" (an event, not a state: how long since)
    (r"^(.+?) (?:it is|it's|is it) how (?:much time|long)(?: now| already| until now)?$",
     lambda m: f"how long since {m.group(1)}" if event_in(m.group(1)) not in (None, "first_seen") and state_in(m.group(1)) is None
     and not re.search(r"\b(is|are|lie|lies|lying|stays|stands|sits|sitting|standing)\b", m.group(1)) else m.group(0)),
    (r"^(the (?:\w+ )?\w+) (?:is|are|stayed|stays|has stayed|lies|is lying|has been) (on the (?:floor|ground)) since when$",
     r"how long has \1 been \2"),
    (r"\b(boy|man|guy|one|worker|lady|woman|person|fellow|brother) of the (" + "|".join(COLOURS) + r") (vest|hi-vis|hardhat|hat)\b",
     r"\1 in the \2 \3"),
    # trades' and radio talk: "what's your twenty on the drill" (where is it), "roll out" (leave), "the mixer showed"
    # (showed up), "start up" (start working), "was brought" (arrived, of a thing delivered)
    (r"^(?:what is|what's|whats) (?:your|the|his|her|its|their|my) (?:twenty|20) on\b", "where is"),
    (r"\bwhat time'?d\b", "what time did"),
    (r"^(?:what is |what's |whats )?(?:the )?status on (the (?:\w+ )?\w+)$",
     lambda m: f"is {m.group(1)} working" if SYNONYMS.get(m.group(1).split()[-1]) == "worker" else f"where is {m.group(1)}"),
    (r"\bturn(?:ing|s|ed)? wrench(?:es)?\b|\bburn(?:ing|s|ed)? rods?\b", "working"),
    (r"^how long (?:has |have |is )?(he|she|they|the \w+) been down$", r"how long has \1 been idle"),
    (r"\b(same|that|this|new|other) hand\b(?! (tool|saw|drill|side|held)\b)", r"\1 worker"),
    (r"^(did|has|have|is) (the (?:\w+ )?(\w+)) (come|go|gone|came|went|got|been) back (to )?where (she|he) (was|got) (picked|dropped|moved|put|"
     r"set|left)\b", lambda m: m.group(0).replace(f"where {m.group(6)} ", "where it ")
     if SYNONYMS.get(m.group(3)) not in (None, "worker") else m.group(0)),
    (r"\b(roll|rolls|rolled|rolling) out\b", lambda m: {"roll": "leave", "rolls": "leaves", "rolled": "left", "rolling": "leaving"}[m.group(1)]),
    (r"\b(showed|shows|show)$", r"\1 up"),
    (r"\b(start|started|starts) up\b(?! (the|a|an|his|her|their|my|that|this)\b)", r"\1 working"),
    (r"\b(was|were|got|been) brought( in| on site| to site| here)?\b(?! (to|over|back|from|up|down|into|out)\b)", "arrived"),
    # verb-last orders (Mongolian-, Korean-, Turkic-shaped): "this man front standing" (standing in front), "to rest when
    # went" (when went for a rest), "man trench into went" (went into the trench), "10:00 from" (from 10:00), "where resting
    # he stood, that place back came" (came back to where he was resting), "wheelbarrow moved man" (the man who moved it)
    (r"\b(man|one|guy|person|worker|woman|lady) (front|in front) (standing|stand|stands)\b", r"\1 standing in front"),
    (r"\bto (rest|break|lunch|tea)( when| what time)? (went|go|gone|goes)\b",
     lambda m: f"{(m.group(2) or '').strip()} went for {'rest' if m.group(1) == 'rest' else 'a break'}".strip()),
    (r"\b(trench|hole|excavation|pit) (into|in) (went|go|gone|goes|climbed|entered)\b", r"\3 into the \1"),
    (r"^(\d{1,2}:\d{2}) (from|since|after)\b(?! \d)", r"\2 \1"),
    (r"\bwhere (resting|idle|sitting|standing) (he|she|they) (stood|sat|was|were)\b", r"where \2 was \1"),
    (r"\b(?:that|the same) (place|spot) back (came|went|come|go|returned)\b", r"\2 back to that \1"),
    # Pashto-shaped: "the welder, before mixer came where he was, there back went?" (where he was before the mixer came)
    (r"^(.+?) (before|after) (.+?) where (he|she|they) (was|were|stood|sat) (?:there )?(?:(?:he|she|they) )?"
     r"(?:back (?:went|came|go|come)|(?:went|came|go|come|returned) back|returned)$",
     r"did \1 go back to where \4 \5 \2 \3"),
    (r"^(.+?) where (he|she|they) (was|were) (\w+) (came|went|come|go) back to (?:that|the same) (?:place|spot)$",
     lambda m: f"did {m.group(1)} {'come' if m.group(5) in ('came', 'come') else 'go'} back to where {m.group(2)} {m.group(3)} "
               f"{m.group(4)}"),
    (r"\b(?<!the )(?<!a )(wheelbarrow|barrow|ladder|drill|hammer|toolbox|pallet|bucket|cone|shovel|grinder) (moved|dropped|picked up|took|"
     r"carried) (man|guy|person|one)\b", r"\3 who \2 the \1"),
    (r"\b(?<!how many )bag cement\b", "cement bag"),
    # "welder work how long time already, no rest yet?": working, the rest only says it has not ended
    (r"^(.*\bwork(?:ing|ed)?\b.*?) (?:no |without (?:a )?|not yet (?:a )?)(?:rest|break)(?: yet)?$", r"\1"),
    # "the boy who is working without helmet, where is he now?": the clause only describes him
    (r"\b(lad|boy|man|guy|one|worker|fella|bloke|woman|lady|person) who (?:is|was) working (without|with|in|wearing)\b(?=.*\b(where|which "
     r"(?:way|side|direction))\b)", r"\1 \2"),
    (r"\b(go|goes|went|gone|going) out (?:of )?(?:the )?site\b",
     lambda m: {"go": "leave", "goes": "leaves", "went": "left", "gone": "left", "going": "leaving"}[m.group(1)] + " the site"),
    # a statement asked with "now"/"already": "the welder take break already or not yet?", "the mason went for tea break
    # now?": is he on his break now
    (r"^(the (?:\w+ ){0,4}?\w+|he|she|they) (?:take|took|taken|takes|went for|go for|gone for|went on|gone on|go on|has gone for|"
     r"has gone on) (?:a |his |her |their |the )?((?:tea |lunch |smoke )?break|rest|lunch|tea)(?: break)?"
     r"((?: already| now| yet| or not| or not yet)+)$",
     lambda m: f"is {m.group(1)} on {m.group(2)} now" if re.search(r"\b(now|already|or not)\b", m.group(3)) else m.group(0)),
    (r"\b(?:clamber|scrambl|scrabbl)(ed|ing|e|es|s)?\b(?= (?:back )?(?:out|up|down|in|into|over)\b)",
     lambda m: "climb" + {"ed": "ed", "ing": "ing", "es": "s", "s": "s"}.get(m.group(1) or "", "")),
    (r"\b(first|second|third|fourth|fifth|\d+(?:st|nd|rd|th)) lift on (the )?scaffold(ing)?\b", r"\1 lift of the scaffold"),
    (r"\b(still|it|that|what|which|thing|things|something|anything) lays (on|there|in|at|around|about|here)\b", r"\1 lies \2"),
    # "after the tea break of the mason": the mason's tea break (a break starting, as "the mason's break" reads)
    (r"\bthe ((?:tea |lunch |smoke |coffee )?(?:break|rest)) of (the (?:\w+ )?\w+)$", r"\2 \1"),
    # "since what hour the hammer is lying on the ground?": how long it has been; "the helper is still on his tea
    # break?"; "the cones still in their place or they take them?"
    (r"^since (?:what time|when) (the (?:\w+ )?\w+|he|she|it|they) (?:is|are) (lying|sitting|seated|standing|parked|on|in|at|idle|"
     r"working|resting|stopped)\b(.*)$", r"how long has \1 been \2\3"),
    (r"^since (?:what time|when) (?:is|are) (the (?:\w+ )?\w+|he|she|it|they) (sitting|seated|standing|idle|working|resting|"
     r"stopped)$", r"how long has \1 been \2"),
    (r"^(.+?) (?:is|are) (without (?:his |her |a |their )?(?:helmet|hardhat|vest|hi-vis)) since (?:when|what time)$",
     r"how long has \1 been \2"),
    (r"\bfor (?:resting|rest|a rest|a break|break) (he|she|they) (?:sat|sit) down\b", r"\1 went on a break"),
    (r"^(.+?),? (resting|working|idle|sleeping|busy) (he|she) is$", r"is \1 \2"),
    (r"^since (.+?),? how (?:long|much time|many minutes)(?: now| already)?$", r"how long since \1"),
    (r"^(the (?:\w+ )?\w+) is still (\w+ing)\b.* or (?:he|she) (?:has )?stopped$", r"is \1 still working"),
    (r"^(.+?) (?:now also|still also|also now) (it|he|she) is there$", r"\1 is \2 still there"),
    (r"^(.+ went on a break .+? went) to (?:his|hers|theirs|her)$", r"\1 on a break"),  # "... before the other went to his"
    (r"^(.+?) (?:stayed|lay|was) on the (floor|ground) for how (?:many minutes|long|much time) before (.+)$",
     r"how long was \1 on the \2 before \3"),
    (r"^(the (?:\w+ )?\w+|he|she) (is|are) still (on (?:a|his|her|their) (?:\w+ )?break|idle|working|resting)$", r"\2 \1 still \3"),
    (r"^(the (?:\w+ )?\w+) (?:are |is )?still (?:in|at|on) (?:their|its|his|her|the same) (?:place|spot|position)(?: or .+)?$",
     r"is \1 still there"),
    # Russian-, Tajik- and Urdu-shaped: "first brick was fixed, how long it has been from then?" (how long since),
    # "again went to place where he took off helmet" (went back), "X and this man on right, one person?" (the same),
    # "ladder, where was at 3:40, there still stands?", "I not see already" (not seen since), "what stay on my side
    # right?", "show me his side" (which way is he)
    (r"^(.+?),? how long (?:it )?(?:has been|is it|it is|has it been|it has been) (?:from|since|after) (?:then|that)$", r"how long since \1"),
    (r"\b(?:(?:was|is|went|came|go|come|goes|comes) again|again (?:went|came|go|come|goes|comes|was)) (?:on|at|to|in) (?:the )?"
     r"(place|spot) where\b", r"went back to the \1 where"),
    (r"^(.+?) and (.+?),? (?:one|1|a single|the same) (?:person|man|guy|worker|fellow)(?: they are| are they| is it| it is)?$",
     r"are \1 and \2 the same person"),
    (r"\bback to the same (?:place|spot) from where\b", "back to where"),
    (r"^(the (?:\w+ )?\w+|[a-z]+),? (?:where|which) (?:it |he |she )?(?:was|stood|lay) (at [\d:]+|in the morning|this morning|"
     r"earlier|before),? (?:there )?(?:still )?(?:stands|stays|lies|is)(?: still)?(?: there)?$", r"is \1 still where it was \2"),
    (r"^(the (?:\w+ )?\w+|[a-z]+(?: [a-z]+)?) how (?:long|many minutes|much time) i (?:not|no|did not|didn't|don't|do not) see"
     r"(?: (?:it|him|her|them))?(?: already)?$", r"how long since i last saw \1"),
    (r"^what (?:stay|stays|is|stands|lies) on my (left|right|back|front) side(?: (?:right|now))?$", r"what is on my \1"),
    (r"^what (?:stay|stays|stands|lies) on my side (left|right)$", r"what is on my \1"),
    (r"^(.+?),? how (?:long|many minutes?|much time) now$",
     lambda m: f"how long since {m.group(1)}" if event_in(m.group(1)) in ("dropped", "picked_up", "moved", "left", "ppe_removed")
     and state_in(m.group(1)) is None and not re.search(r"\b(lie|lies|lying|lay|stay|stays|stand|stands|sit|sits)\b", m.group(1))
     else m.group(0)),  # "the hammer he fall down, how many minute now?"
    (r"^(the (?:\w+ )?(\w+)),? (?:he|she) (?!(?:is|was|has|had)\b)",
     lambda m: f"{m.group(1)} it " if SYNONYMS.get(m.group(2), "worker") != "worker" else m.group(0)),  # "the wheelbarrow, he come back"
    (r"\bthe ((?:\w+ )?\w+) (?:that|which) (?:is|are) (" + "|".join(COLOURS) + r")$", r"the \2 \1"),
    (r"^(.+?) (?:now )?which place (?:it|he|she|they) (?:is|are|stands|lies|stays)$", r"where is \1"),
    (r"^when did the (?:laying|putting) of (?:the )?(.+?) (?:start|begin)$", r"when was the first \1 laid"),
    # Uyghur-shaped, verb last (round 94): "where helmet took off, there again he came?" (went back there), "green vest
    # worker to drill dropped place back went?", "that when was?", "his work when started?", "from then how many
    # minutes gone?", "since when lies on floor?", "still its own place standing?", "him I not see how long already?"
    (r"^(.+?) (?:there (?:back|again)|(?:back|again) there) (he|she|they|it) (?:came|went|come|go|returned)(?: back)?$",
     r"\1 \2 went back there"),
    (r"\bthe (place|spot) (he|she|they) (?!was\b|were\b|is\b)", r"the \1 where \2 "),
    (r"^(.+?) (?:back|again) (he|she|they|it) (?:came|went|come|go|returned) there$", r"\1 \2 went back there"),
    (r"^(.+?) to (the (?:spot|place) where .+?) (?:he |she |it )?went back there$", r"did \1 go back to \2"),
    (r"^(?:the )?(\w+(?: \w+)?) (?:place|spot) where (?:it was |was )?(picked up|dropped|moved|put down|left|taken) (?:it went back there|"
     r"back there (?:came|went))$", lambda m: f"did the {m.group(1)} go back to where it was {m.group(2)}"
     if _pronoun_for(m.group(1)) == "it" else m.group(0)),
    (r"^(.+?) to (?:the )?(\w+(?: \w+)?) (dropped|moved|picked up|put down|left|laid) place (?:back|again) (?:went|came|go|come)$",
     r"did \1 go back to where \2 was \3"),
    (r"\bfirst time i saw (him|her|them|it) place\b", r"where i first saw \1"),
    (r"^(.+?),? (?:that|this|it) when (?:was|happened|was it)$", r"when was it that \1"),
    (r"^(.+?) (?:his|her|their) work when (?:started|start|began|begin)$", r"when did \1 start working"),
    (r"\b(his|her|their) work (?:started|start|starts|began|begin)\b", r"started \1 work"),
    # "he finish work, from that how much time?", "wheelbarrow moved, from then how many minutes gone?"
    (r"^(.+?),? from (?:then|that|that time) how (?:long|many minutes|much time)(?: (?:gone|passed|went|is gone|has passed|now))?$",
     r"how long since \1"),
    # Tigrinya-shaped, verb last (round 95): "hammer from ground when somebody picked?", "electrician from site when he went
    # away finally?", "to work again when he returned?", "without helmet how long he has been?", "how much he worked?"
    (r"^(.+?) at ([\d:]+) where (?:it|he|she) was,? (?:there )?still (?:it |he |she )?(?:stays|stands|lies|is)$",
     r"is \1 still where it was at \2"),
    (r"^(.+?) from (?:the )?(?:ground|floor) when (somebody|someone|he|she|they) picked(?: up)?$", r"when did \2 pick up \1"),
    (r"^(.+?) to work again when (he|she|they) (?:returned|came back|went back|came)$", r"when did \1 go back to work"),
    (r"^(.+?) from (?:the )?site when (?:he|she|they) (?:went away|went out|left)(?: finally| at last)?$", r"when did \1 leave the site"),
    (r"\bfrom (?:the )?site (he|she|they) went (?:out|away)\b", r"\1 left the site"),
    (r"^(.+?),? (without (?:a |his |her )?(?:helmet|hardhat|vest)) how long (?:he|she|they) (?:has|have) been$", r"how long has \1 been \2"),
    (r"^(.+?),? to (?:the )?place from where (?:it|he|she) was (\w+(?: up)?),? (?:it|he|she) came back$", r"did \1 go back to where it was \2"),
    (r"\bhow much (he|she|they) (worked|rested|idled)$", r"how long \1 \2"),
    (r"^(.+?) since when (?:lies|is lying|lying|lay) (on|in|at) (.+)$", r"how long has \1 been lying \2 \3"),
    (r"^(.+?) still (?:in |at |on )?(?:its|his|her|their) (?:own )?(?:place|spot|position)(?: (?:standing|lying|staying|is|stays|"
     r"stands|lies))?$", r"is \1 still there"),
    (r"\b(?:him|her|it|them) i (?:not|no|did not|didn't|don't) see how (?:long|many minutes|much time)(?: already)?$",
     "how long since i last saw him"),
    (r"\b(work|works|worked|working) (?:with no|without(?: a| his| her)?) (helmet|hardhat|hard hat|lid)\b", "was without a hardhat"),
    (r"\b(we|they|he|she|i|you) (will|shall|'ll) (finish|complete|lay|build|pour|install)\b", r"\2 \1 \3"),
    (r"^where (?:i will|will i|should i|do i|must i|i should|i must|can i|i can|i) (?:turn|look|face)(?: so)?(?: (?:that )?i "
     r"(?:can|could|will) (?:see|find|spot))? (.+)$", r"which way is \1"),
    (r"\b(did|does|has) (it|he|she|they|the (?:\w+ )?\w+) (?:stay|stayed|remain|remained) (?:in|at) (?:its|his|her|their|the same) "
     r"(?:place|spot|position)\b", r"is \2 still there"),
    (r"^(the (?:\w+ )?\w+|[a-z]+(?: [a-z]+)?) (?:it |he |she )?(?:go|went|gone|goes) where\b", r"where did \1 go"),
    (r"^(.+?),? show me (?:his|her|its|their) side$", r"which way is \1"),
    # "they pick him up first and only after the ladder move": the one before the other
    (r"\b(\w+(?: up| down| off| out)?) first,? and (?:only |just )?(?:after|afterwards|after that|later|then) "
     r"(?=(?:the|that|this|he|she|they|someone|somebody)\b)", r"\1 before "),
    # "he is there seated since what time?": how long he has been idle
    (r"^(.+?) (is|are) (?:standing |sitting |stood |sat )?(idle|working|stopped|resting|waiting) since (?:what time|when)$",
     lambda m: f"how long has {m.group(1)} been {m.group(3) if m.group(3) == 'working' else 'idle'}"),
    # a unit of work counted by number: "course number three" (third course), "brick no 1"
    (r"\b(course|row|brick|block|layer|lift|panel|pour|kerb|slab)s? (?:number|no|#) ?(\d{1,2})\b(?! (minutes?|mins?|seconds?|hours?))",
     lambda m: f"{_nth(int(m.group(2)))} {m.group(1)}"),
    (rf"^(?P<wh>(?:when|what time) )?(?P<verb>{_V2_VERBS}) (?P<tail>.+)$", _verb_second),
    # "first the grinder was picked up, then the man took off his helmet, is it right?": was the one before the other
    (r"^first (the [\w -]+?) (was|were) (\w+(?: up| down| off| in| out)?) then (.+?)(?: is it right| is it so| right| yes| is it)?$",
     r"\2 \1 \3 before \4"),
    (r"^(.+?) (first|second|third|1st|2nd|3rd) (break|rest|lunch|smoko|tea break) when (he|she|they) (?:take|took|have|had|go|went)$",
     r"when did \1 take \4 \2 \3"),
    # "is the toolbox gone?", "the toolbox, it gone?": whether it is still there, not when it left
    (r"^(?:is |are )?((?:the|my|that|this|our)(?: (?!where\b|what\b|which\b|how\b|when\b)[\w-]+)+?) (?:it |they )?(?:is |are )?"
     r"(?:gone|missing)$", r"is \1 still there"),
    (r"^(?:has |have )?(he|she|they|the [\w-]+(?: (?!he\b|she\b|they\b)[\w-]+)?)(?: (?:he|she|they))? (?:is |has )?"
     r"finish(?:ed)?( yet| already)?(?: for the day)?$", r"has \1 stopped working\2"),  # "the labourer he is finish?", "has he finished?": yes or no, not when
    (r"\b(go|goes|went|gone|going) home\b",  # off the site
     lambda m: {"go": "leave", "goes": "leaves", "went": "left", "gone": "left", "going": "leaving"}[m.group(1)]),
    # the person named after the question ("when did he leave, the man without helmet?"): in its place
    (r"^((?:when|what time|how long ago) did) (?:he|she|they) (leave|go|arrive|come|come back|return|start|stop|"
     r"(?:begin|start|stop|go back) (?:to )?work(?:ing)?|go idle) ((?:the|that|this) (?:[\w-]+ ){0,2}?"
     r"(?:man|woman|guy|lad|fella|bloke|worker|one|chap)(?: (?:with|without|in|wearing) .+)?)$", r"\1 \3 \2"),
    (rf"^{_FORECAST}(.*?)\b(will|would) ((?:i|we|you|they|the|that|this|my|our|his|her|he|she|it|someone|somebody|anyone|"
     rf"anybody)\b(?: [a-z]+){{0,7}}?) have ((?:been |had |got )?(?:already |last |first )?{_MODAL_PAST_PARTICIPLE})\b",
     lambda m: f"{m.group(1)}{_perfect_auxiliary(m.group(2), m.group(3))} {m.group(3)} {m.group(4)}"),
    (r"^(?:what|whatever) (?:would|will|could|might) (?:have )?(?:become|happened) (of|to)\b", r"what has become \1"),
    (rf"^{_FORECAST}(will|would) ((?:the|that|this|my|our|his|her|he|she|it)\b(?: [a-z]+){{0,5}}?) (still )?be "
     r"(?=(?:still )?(?:where|there|the (?:one|same|guy|man|bloke|fella|lad|person)\b))",
     r"is \2 \3"),
    (r"^(is|are) ((?:the|that|this|my|our)\b(?: [a-z]+){0,5}?) going to be (?=(?:still )?(?:where|there)\b)", r"is \2 still "),
    # the camera asked as a person ("what's on your left", "is the skip behind you"): its sides are the wearer's
    (r"\b(on|to|at|off to|towards|over|by) your (left|right|back|front|rear|six)\b", r"\1 my \2"),
    (r"\b(behind|in front of|ahead of) you\b(?! (saw|see|spotted|clocked|said|think|reckon|know|got|have|had|were|was)\b)",
     r"\1 me"),
    # "him no see how long", "how long no see the drill": since last seen
    (r"^(?!(?:is|are|was|were|did|does|has|have|how|what|where|when|which|who)\b)(.+?) (?:no|not|never) (?:see|seen|saw) "
     r"(?:how long|since when|how much time)$", r"how long since i last saw \1"),
    (r"^(?:how long|how much time) (?:no|not) (?:see|seen|saw)(?: of)? (.+)$", r"how long since i last saw \1"),
    # "helper boy in orange vest simply standing or what": whether he is working
    (r"^(?!(?:is|are|was|were|did|does|has|have|how|what|where|when|which|who)\b)(?:the )?(.+?) (?:simply |just |only )?"
     r"(standing|stood|sitting|sat|idle|idling|working|grafting) or (?:what|not|no)$",
     lambda m: f"is {'' if m.group(1).split()[0] in ('he', 'she', 'him', 'they') else 'the '}{m.group(1)} {m.group(2)}"),
    (r"\b(the one|one|who|that|him|her|them) you (saw|seen|spotted|clocked|noticed)\b", r"\1 i \2"),
    (r"\b(\w+s) (stack|pile|heap)\b(?! (of|up|them|it)\b)", r"\1"),  # "cement bags stack which side": the bags
    # a statement checked ("guy with white helmet just sits there yes"): whether he is idle
    (r"^(?!(?:is|are|was|were|did|does|has|have|how|what|where|when|which|who)\b)(?:the )?((?:guy|man|bloke|fella|lad|worker|"
     r"lady|woman|person|he|she)\b.*?) (?:just |only |simply )?(?:sits|sitting|stands|standing|sat|stood) (?:there|around|"
     r"about)(?: yes| right| eh| no| or not| or what| is it| isn't it| is not it)?$",
     lambda m: f"is {'the ' if m.group(1).split()[0] not in ('he', 'she') else ''}{m.group(1)} just standing there"),
    # "scaffolder second break when took": when he took it
    (r"^(?!(?:is|are|was|were|did|does|has|have|how|what|where|when|which|who)\b)(.+?) (first|second|third|fourth|last|"
     r"\d+(?:st|nd|rd|th)) (break|rest|smoko|brew|tea break|lunch break|breather) (?:when|what time)(?: (?:took|take|taken|had|"
     r"have|went|go|started|start))?$", r"when did \1 take his \2 \3"),
    # a window from a clock time with no end ("how many guys i see from 2:00"): since then
    (r"^(?=.*\b(?:how many|how long|how much|in total|altogether)\b)(.*?)\bfrom (\d+:\d\d(?::\d\d)?)\b"
     r"(?! ?(?:to|till|until|and|-|through|on)\b)(?!.*\b(?:to|till|until) \d)", r"\1since \2"),
    (r"\bb'ys?\b", "boy"),  # Newfoundland "the b'y"
    # a thing's colour after it as "the yellow one" ("spirit level yellow one, where now")
    (rf"^((?:the )?[a-z]+(?: [a-z]+)?) ({_COLOURS_RE}) one\b", lambda m: f"the {m.group(2)} {m.group(1).removeprefix('the ')}"
     if _names_a_thing(m.group(1).removeprefix("the ")) else m.group(0)),
    # "see the ladder the last time": last seen
    (r"\b(see|saw|seen|spot|spotted) (the|that|this|my) ([a-z]+(?: [a-z]+)?) the last time\b", r"\1 \2 \3 for the last time"),
    (r"\b(?:no|not) (?:work|working)\b(?! (?:on|at|with|for)\b)", "idle"),
    (r"\b(rest|rested|idle|stop|stopped|break) how long that time\b", r"\1 how long the last time"),
    # a duration checked as a statement ("the lad in orange was down the hole a good 20 minutes"): how long
    (r"^((?:the|that|this|my) [a-z]+(?: [a-z]+){0,4}?) (?:was|were|has been|had been) ((?!\d)[a-z]+(?: [a-z]+){0,4}?) (?:for )?"
     r"(?:a good |a solid |about |around |nearly |roughly |over |under |a bit over |a bit under |at least )?(?:\d+|an?) "
     r"(?:minutes?|mins?|seconds?|secs?|hours?)(?: or so)?$", r"how long was \1 \2"),
    # the verb before its subject ("is come back the labourer to the place where ...")
    (r"^(?:is|has|did|was) (?:come|gone|go|went|returned|return) back (the|that|this|his|her) ([a-z]+(?: [a-z]+){0,3}?) "
     r"(to|into|in) ", r"did \1 \2 go back \3 "),
    # the auxiliary dropped or left in statement order ("what you got off to your left", "which side i should look")
    (r"^what (you|we) got\b", r"what have \1 got"),
    (r"\b(which|what) (way|side|direction) (i|we) (should|must|need to|have to|ought to) (look|turn|face|go)\b",
     r"\1 \2 \4 \3 \5"),
    (r"^(?:give|get|send) (?:us|me) a (?:heading|bearing) (?:on|for|to) (.+?)(?: from (?:where|here).*)?$", r"which way is \1"),
    # a bare topic, then the question ("laser level where", "green extension lead now where", "laser level where did
    # i set it", "the water cooler nobody move it until now", "1st time you saw the telehandler")
    (r"^(?!(?:the|a|an|my|is|are|was|did|how|what|which|when|who|where)\b)([a-z]+(?: [a-z]+){0,2}) (?:now |still )?where(?: is| it is| is it| they are| are they)?(?: now)?\s*$",
     lambda m: f"where is the {m.group(1)}" if _names_a_thing(m.group(1)) else m.group(0)),
    (r"^(?!(?:the|a|an|my|is|are|was|did|how|what|which|when|who|where)\b)([a-z]+(?: [a-z]+){0,2}) (?:from (?:here|me) )?"
     r"(?:which direction|which way)\s*$",
     lambda m: f"which way is the {m.group(1)}" if _names_a_thing(m.group(1)) else m.group(0)),
    (r"^(?!(?:the|a|an|my|is|are|was|did|how|what|which|when|who|where)\b)([a-z]+(?: [a-z]+){0,2}) where (did|do) "
     r"(i|you|we|he|she|they) (set|put|leave|left|drop|dropped|stash|stashed|park|parked) (it|them)\s*$",
     lambda m: f"where did {m.group(3)} {m.group(4)} the {m.group(1)}" if _names_a_thing(m.group(1)) else m.group(0)),
    (r"^((?:the|my|that|this) [a-z]+(?: [a-z]+){0,2}) nobody (?:move|moved|touch|touched|shift|shifted)(?: it| them)?"
     r"(?: until now| yet| so far| since)?\s*$", r"is \1 still there"),
    (r"^(?:the )?(?:1st|first) time (you|u|we|i) (saw|seen|spotted|see) (.+)$", r"when did \1 first see \3"),
    (r"^(?:wait |so |hey )?was it (this|that|the) (dude|guy|man|bloke|fella|lad|one|person|worker) (who|that) ",
     r"is \1 \2 the same one who "),  # "was it this dude who shifted the wheelbarrow"
    (r"\bin front (?:of )?(?:me,? )?(?:a )?little (?:bit )?(?:to the |on the |to my |on my )?(left|right)\b", r"in front on my \1"),
    (r"\bdirection which\s*$", "which direction"),
    (r"\bstill (?:leaning|leanin|standing|parked|staying|stood) (where|there)\b", r"still \1"),
    (r"\b(?:it is |is it )?staying there still\b", "still there"),
    (r"\bbetween (?:the )?(\d+) and (?:the )?(\d+)(?: |-)?(?:min|mins|minute|minutes) marks?\b", r"between \1:00 and \2:00"),
    (r"\b(between|and|from|to|until|till|since|before|after) (?:the )?(\d+)(?: |-)?(?:min|mins|minute|minutes) marks?\b", r"\1 \2:00"),
    (r"\b(between|and|from|until|till|since) the (\d+) minutes\b(?! ago| back| earlier| before)", r"\1 \2:00"),
    (r"\bbetween (\d+)(?::| min(?:s|utes?)? )([0-5]\d) and (\d+) (?:min|mins|minutes?)\b(?! ?\d| ago| back| earlier| before)",
     r"between \1:\2 and \3:00"),
    (r"\b(between|and|from|to|until|till|since|before|after|at) the (hour|one hour|half hour|half-hour|quarter hour|quarter-hour)( mark)?\b",
     lambda m: m.group(1) + " " + {"hour": "60:00", "one hour": "60:00", "half hour": "30:00", "half-hour": "30:00"}.get(m.group(2), "15:00")),
    (r"\b(?:at )?(?:like )?(?:the )?(\d+)(?: |-)?(?:min|mins|minute|minutes) mark\b", r"at \1:00"),
    (r"^(?!(?:has|have|had|did|does|is|was|are|were|how|when|where|which|what|who)\b)(?:the )?([a-z]+(?: [a-z]+){0,3}?) back "
     r"(in|into|down in|inside) (?:the )?(trench|hole|pit|excavation|zone|dig)\b",
     lambda m: f"has the {m.group(1)} been back {m.group(2)} the {m.group(3)}" if _names_a_thing(m.group(1)) else m.group(0)),
    # identity without its verb ("guy back left the one who moved the wb", "this guy here is he the one move
    # wheelbarrow before")
    (r"^(?!(?:is|was|are|were|did|does|has|who|which|what|how|when|where)\b)((?:the |this |that )?(?:guy|man|bloke|fella|worker|"
     r"lad|person|lady|woman)\b.*?) (?:is he |is she |he |she )?the (?:one|guy|man|person|same one) (?:who |that )?"
     r"(?:move|moved|shift|shifted) (?:the )?(.+)$", r"is \1 the one who moved the \2"),
    # the object before its verb ("helmet take off", "his hardhat took off"): as English orders it
    (rf"(\b(?:{_COLOURS_RE}) )?(?<!\bno )(?<!without )\b(his |her |their |the )?hardhat (take|took|taken|takes|taking|come|came) off\b",
     lambda m: m.group(0) if m.group(1) else f"took {(m.group(2) or 'his ').strip()} hardhat off"),  # not "the blue hardhat
    # took off his vest" (the hat names the man)
    (r"\b(go|goes|went|gone|come|comes|came|return|returns|returned) back again\b", r"\1 back"),
    # verb-last English (Turkish, Japanese, Korean word order): "down in excavation go", "out of the pit come",
    # "hardhat when he take off", "nothing doing", "the lad works now"
    (r"\b(again )?(down )?in(to)? (the )?(excavation|trench|hole|pit|zone|dig) (go|goes|went|gone|climb|climbed)\b",
     lambda m: f"went {'back ' if m.group(1) else ''}into the {m.group(5)}"),
    (r"\bout of (the )?(excavation|trench|hole|pit|zone|dig) (come|comes|came|climb|climbed)\b", r"came out of the \2"),
    # the way out told first, the asking after: "the guy in blue came out of the trench, has he gone back in since",
    # "after the banksman got out the hole, has he been back down it", "the labourer, since he came out of the
    # trench, was he again in the trench": whether he went back in since he came out
    (r"^(?:after |since |once |when )?(?P<who>.+?)(?: since (?:he|she|they))? (?:came|come|got|get|climbed|climb) out "
     r"(?:of )?(?:the )?(?P<pit>excavation|trench|hole|pit|zone|dig)(?: right)? (?:has|did|was|is|have|had) (?:he|she|they) "
     r"(?:like |actually |ever )?(?:been |gone |go |went |got )?(?:back|again) (?:in|down|into)\b.*$",
     r"has \g<who> been back in the \g<pit> since they came out"),
    (r"\b(hardhat|vest|ppe) when (he|she|they) (take|took|takes|taken|remove|removed)( it| them)? off\b",
     r"when \2 took \1 off"),
    (r"\bnothing doing\b", "doing nothing"),
    (r"^(?!(is|are|does|do|how|when|what|which|who|where)\b)(.+?) (works|work) (now|right now|at the moment)$", r"is \2 working now"),
    (r"\bagain (start|started|starts|begin|began) (working|work|to work)\b", "started working again"),
    # clock words for a media time ("ten past two into the video", "between half two and six minutes in"); said of
    # the time of day ("at half ten") they are not a media time
    (rf"\bquarter past (\d{{1,2}})\b{_INTO_VIDEO}", r"\1:15"),
    (rf"\bquarter to (\d{{1,2}})\b{_INTO_VIDEO}", lambda m: f"{int(m.group(1)) - 1}:45"),
    (rf"\b(\d{{1,2}}) past (\d{{1,2}})\b{_INTO_VIDEO}", lambda m: f"{m.group(2)}:{int(m.group(1)):02d}"),
    (rf"\bhalf (\d{{1,2}})\b(?! (an? )?(hour|minute|min|second|sec)s?\b){_INTO_VIDEO}", r"\1:30"),
    (r"\b(\d+:\d\d) and (\d+) minutes in\b", r"\1 and \2:00"), (r"\b(\d+:\d\d) (into the video|in)\b", r"\1"),
    # terse fragments with the question last ("drill dir", "X showed up @?", "ladders #", "saw grabbed mins ago")
    (r"^(?!(which|where|what|how|when|is|was|did|has)\b)(.+?) dir\s*$", r"which way is the \2"),
    (r"^(?!(which|where|what|how|when|is|was|did|has)\b)(.+?) at what time\s*$", r"when \2"),
    (r"^(?!(which|where|what|how|when|is|was|did|has)\b)(.+?) #( total)?\s*$", r"how many \2\3"),
    (r"^(?!(which|where|what|how|when|is|was|did|has)\b)(.+?) (grabbed|dropped|moved|picked up|arrived|left|seen|last seen|"
     r"first seen|1st seen) (minutes ago|how long ago)\s*$", r"how long ago was \2 \3"),
    # "toolbox there or gone", "pallet still there or moved", "drill gone or still there": whether it is still there
    (r"^(?!(which|where|what|how|when|is|was|did|has|have)\b)(?:the |this |that |my )?([a-z]+(?: [a-z]+){0,3}) (?:still )?"
     r"there or (?:gone|not|missing|moved|no|taken)\s*$",
     lambda m: f"is the {m.group(2)} still there" if _names_a_thing(m.group(2)) else m.group(0)),
    (r"^(?!(which|where|what|how|when|is|was|did|has|have)\b)(?:the |this |that |my )?([a-z]+(?: [a-z]+){0,3}) (?:gone|moved|"
     r"missing) or (?:still )?there\s*$", lambda m: f"is the {m.group(2)} still there" if _names_a_thing(m.group(2)) else m.group(0)),
    # "drill what happen it", "the red toolbox what happened to it": what became of it
    (r"^(?!(which|where|what|how|when|is|was|did|has|have)\b)(?:the |this |that |my )?([a-z]+(?: [a-z]+){0,3}) what (?:happen|"
     r"happened|happens|became|become) (?:to |of |with )?(?:it|them)\s*$",
     lambda m: f"where is the {m.group(2)}" if _names_a_thing(m.group(2)) else m.group(0)),
    (r"^(?!(which|where|what|how|when|is|was|did|has|have)\b)(.+?) (lost|missing|gone)\s*$", r"where is the \2"),
    (r"^(?!(which|where|what|how|when|is|was|did|has|have)\b)(?!.*\btime\b)(\w+(?: \w+)?) moved\s*$", r"has the \2 been moved"),
    (r"^(?!(which|where|what|how|when|is|was|did|has|have)\b)(\w+(?: \w+)?) (moved|dropped|picked up|showed up|arrived|left) "
     r"(after|before) ", r"was the \2 \3 \4 "),
    (r"^(?!(which|where|what|how|when|is|was|did|has|have)\b)(.+?) (go |went )?back (to )?where\b", r"did \2 go back to where"),
    (r"\bbetween (\d+:\d\d) and (\d+) minutes?\b(?! \d)", r"between \1 and \2:00"),  # "between 2min 15sec and 9min"
    (r"\bbetween (\d+) minutes? and (\d+:\d\d)\b", r"between \1:00 and \2"),
    (r"\b(tea|coffee|cuppa|smoke|fag|cigarette|meal|water|toilet|loo|prayer) break(s?)\b", r"break\2"),  # a break is a break
    (r"\bbreak break\b", "break"),
    (r"\b(there|here) still$", r"still \1"),  # "hanging there still?"
    (r"\bwhat happened to (?!(the|a|an|my|our|his|her|their|that|this|it|them|him|me|us|you|your|those|these)\b)(\w+)",
     lambda m: f"what happened to the {m.group(2)}" if m.group(2) in _VOCAB_SET or m.group(2) in _english() else m.group(0)),
    (r"(?<=\w) (please )?(tell me|let me know|can you tell me|pls tell me)( please)?$", ""),  # a request said last
    # "finish" after a verb marks it done (sign-language-shaped and Asian Englishes: "pallet drop finish", "course one finish")
    (r"\b(course|row|layer) (\d+|one|two|three|four|five) (finish|finished|done|complete|completed)\b",
     lambda m: f"the {_nth(_NUMBER_WORDS.get(m.group(2)) or int(m.group(2)))} {m.group(1)} finished"),
    (r"\b(drop|move|arrive|leave|enter|pick up|lay|set up) (finish|finished|done|already)\b",
     lambda m: {"drop": "dropped", "move": "moved", "arrive": "arrived", "leave": "left", "enter": "entered", "pick up": "picked up",
                "lay": "laid", "set up": "set up"}[m.group(1)]),
    (r"\b(break|lunch|tea|smoko) (finish|finished|done|over)\b", r"finished \1"), (r"\bback work\b", "back to work"),
    (r"\b(from |of )?(\d+) (minute|second|hour)s? (before|earlier|previously)\s*$", r"\2 \3s ago"),  # "the same one from 10 minute before"
    (r"\b(go|goes|went|gone) (break|smoko|lunch|rest)\b", "went on a break"),
    (rf"(^|\b(?:the|my|a|that|this) )?({_THING_NAMES}) ({_COLOURS_RE}) one\b", r"\1\3 \2"),  # "toolbox, red one"
    (r"^((?!is\b|was\b|are\b)[\w ]+?) (he|she) (is|was) the (same )?(one|guy|fella|man|bloke|person|worker) (who|that)\b",
     r"\3 \1 the same \5 \6"),  # "man on my right, he is the one who moved it": the question
    (r"\b(return|returns|returned|returning|(?:go|goes|went|going|gone) back|(?:come|comes|came|coming) back) (again )?to (the )?(spot|place) "
     r"(where )?(?!where\b)", r"\1 to where "),
    # a colour after its garment ("the man with helmet white", "vest orange"): the usual order
    (rf"\b(hardhat|vest|hi-vis|jacket)\s+({_COLOURS_RE})\b(?!\s+(?:hardhat|vest|hi-vis|jacket|hat)\b)", r"\2 \1"),
    (rf"(^|\b(?:the|my|a|that|this) )((?:[a-z]+ )?[a-z]+) ({_COLOURS_RE})\b(?!\s+(?:one|vest|hardhat|hat|jacket)\b)",
     _colour_after),
    # "2 minutes and 40 seconds into the recording" is a time of the video, not a duration
    (r"\b(?:at )?(\d{1,2}) minutes? and (\d{1,2}) seconds? (?=into|in|of the (?:recording|video|footage|shift|clip))",
     lambda m: f"at {m.group(1)}:{int(m.group(2)):02d} "),
    # "3 minutes 20" -> 3:20; "the 2-minute mark", "between the 1-minute and 5-minute marks"
    (r"\b(\d{1,2}) minutes? (\d{1,2})\b(?!\s*(?:seconds?|minutes?|hours?|:))", _clock),
    (r"\b(\d+)[- ]minute marks?\b", r"the \1 minute mark"),
    (r"\b(\d+)[- ]minute(?= (?:and|to|or)\b)(?! or not\b)", r"the \1 minute mark"),
    (r"\bthe the\b", "the"),
    (r"\b(\d+) and a half (minutes?|hours?)\b", r"\1.5 \2"),
    (r"\b(\d+) (minutes?|hours?) and (?:a )?half\b", r"\1.5 \2"),
    (r"\b(?:a )?quarter of (?:an )?hour\b", "15 minutes"),
    (r"\bat the (\d{1,2}) and (\d{2})\b", r"at \1:\2"),
    (r"\bnot doing nothing\b", "doing nothing"),
    (r"\bquarter past (\d{1,2}) minutes? in\b", r"at \1:15"),
    (r"\bhalf past (\d{1,2}) minutes? in\b", r"at \1:30"),
    (r"\bquarter to (\d{1,2}) minutes? in\b", lambda m: f"at {int(m.group(1)) - 1}:45"),
    # a tag on a question ("is the labourer skiving again, is it?", Welsh and Indian English): the question
    (r"^(?!.*\b(?:where|what|which|who|how|that|this)(?: \w+)?(?: is it| is he)$)(.{12,}?) (?:is it|isn't it|is he|"
     r"isn't he|innit|isn't it then|is it then|yeah|eh)$", r"\1"),
    (r"\bhow much (he|she|they) (has|have) (worked|been working|idled|been idle)\b", r"how long \2 \1 \3"),
    (r"\b(now )?before me\b(?!\s*(or|and)\b)", "in front of me"),
    (r"\bbefore (\d+(?:\.\d+)?) (seconds?|minutes?|hours?)\b(?! (ago|in|into|mark|of)\b)", r"\1 \2 ago"),
    (r"\b(my|the) rear\b|\brear of me\b|\bup the back\b", "behind me"),
    (r"\bback (left|right)\b", r"behind me on my \1"),
    (r"\b(off|over) (my|the|your) (left|right) shoulder\b", r"behind me on my \3"),
    (r"\bback there (to|on) (my|the) (left|right)\b", r"behind me on my \3"),
    (r"(?<!front )(?<!behind )(?<!back )(?<![\w-])(left|right) (from|of) me\b", r"on my \1"),
    (r"\bwhere (stands|lies|sits|stays)\b", "where is"),
    (r"\b(it|he|she|they) actual\b", r"\1 now"),
    (r"\b(is|are|was) eventually\b", r"\1"),
    # hypotheticals: "if I turned around, would I be facing X" = is X behind me; "if I turned to my right,
    # what would be in front of me" = what is on my right
    (r"^(?:if|when|supposing|suppose|say) i (?:turned|turn|spun|spin) (?:a)?round (?:now )?(?:would|will|do) i (?:be )?"
     r"(?:facing|looking at|see) (.+)$", r"is \1 behind me"),
    (r"^(?:if|when|supposing|suppose|say) i (?:turned|turn) (?:90 degrees )?(?:to )?(?:my |the )?(left|right)\b.*\b(?:in front"
     r" of me|ahead|facing|see)\b.*$", r"what is on my \1"),
    (r"^(?:if|when|supposing|suppose|say) i (?:turned|turn|spun|spin) (?:a)?round\b.*\b(?:in front of me|ahead|facing|see)"
     r"\b.*$", "what is behind me"),
    # verb-second order of German and Dutch speakers: "when began the bricklayer to work", "went the
    # worker back to ...", "works the scaffolder at this moment": the English question's order
    (r"\b(when|where|and|after that) (began|begun|went|came|got|took|climbed|stepped) ((?:the|my|a|his|her|that|this) "
     r"(?:[\w-]+ ){1,6}?)(again |back |then )?(to work|into|back|out of|up|again)\b", r"\1 did \3\2 \4\5"),
    (r"^(went|came|got|began|climbed|stepped) ((?:the|my|a|his|her|that|this) (?:[\w-]+ ){1,6}?)(again |then )?"
     r"(to work|into|back|out of|away|up)\b", r"did \2\1 \3\4"),
    # topic-first questions of speakers of Chinese, Arabic, creoles: the topic ahead, the question word last,
    # no auxiliaries ("drill last time see, already how long", "hammer drop already how long", "tizi how long no
    # see", "how long from he disappear", "brickie now slacking is it", "right hand side got workers or not")
    (r"(?<!the )\b(first|last) time (?:i |we |you )?(see|saw|seen|spot|spotted)\b", r"was \1 seen"),
    (r"^how (?:long|much time|many minutes|many seconds|many mins) (?:from|after) (?!\d|the \d|minute|the minute|the start|"
     r"start|when|(?:the |a )?(?:beginning|start)\b)(?=.*\b(?:i|he|she|they|it|the|my|el|somebody|someone)\b)", "how long since "),
    (r"^(.+?) (idle|slacking|working|busy|resting|on (?:a )?break|on the tools) (?:is it|is he|is she|or not|right|yes or no)$",
     r"is \1 \2"),
    (r"^(?:on |at )?(?:the |my )?(left|right)(?:[- ]hand)?(?: side)? got (any |anything |anyone |anybody )?(.+?) or not$",
     r"is there \2\3 on my \1"),
    (r"^(.+?) got (any |anything |anyone |anybody )?(.+?) or not$", r"is there \2\3 \1"),
    (r"\b(he|she|they) (?:take|make|taking|making|have|having) (?:a )?(?:break|rest|tea|smoke)(?: now| at the moment)$",
     r"is \1 on a break now"),
    (r"\bhow much different\b", "how many different"), (r"^how much time ago\b", "how long ago"),
    (r"^((?:what time|when|how long|how many|how much)\b.*?)\bfrom morning\b", r"\1today"),
    (r"^(front|back|behind|left|right|front-left|front-right|behind-left|behind-right|back-left|back-right)(?: side)?"
     r"(?: there| here)? what (?:is|got) there$", r"what is \1 of me"),
    (r"(?<!\bis )(?<!\bwas )(?<!\bare )(?<!\bwere )\b(he|she|they) (the|a) (same|one)\b", r"is \1 the \3"),
    (r"^(.+?) (?:past )?how long ago(?: (\w+))?$",  # "wheelbarrow how long ago move": the verb stays, a filler goes
     lambda m: f"how long ago {m.group(1)}" + (f" {m.group(2)}" if m.group(2) and event_in(m.group(2)) else "")),
    (r"^(.+?) past how long$", r"how long since \1"), (r"^(how long ago .+) went$", r"\1 left"),  # "he went how long before"
    (r"^(.+?) last (?:see|seen|saw) how long(?: long time)?$", r"how long since i last saw \1"),
    (r"^(.+?) how many (different|distinct|separate)(?: see| seen| you see)?$", r"how many \2 \1"),
    (r"\b(?:on )?(?:the )?(right|left) side (?:of )?me\b", r"on my \1"),
    (r"\b(left|right) back side (?:of )?me\b", r"behind me on my \1"),
    (r"^front (?:of )?me\b", "in front of me"),
    (r"^back (?:of )?me\b", "behind me"),
    (r"\bwhat there$", "what is there"),
    (r"^is it that (?!is\b)", ""),
    (r"\bsame with (who|the one who|the guy who|the one that)\b", r"same as the one who"),
    (r"\b(?:like |as )?from (\d+(?:\.\d+)?) (minutes?|seconds?|hours?|mins?)(?: ago)?$", r"\1 \2 ago"),
    (r"\b(?:pass|passed|came|come|seen) from (\d{1,2}:\d\d)\b(?! (?:to|until|till|and)\b)", r"since \1"),
    (r"^(works|stands|sits|stays) ((?:the|my|a|his|her|that|this) (?:[\w-]+ ){1,6}?)(again |still |actually |currently )?"
     r"(at (?:this|the) moment|now|around|about|there|idle|or not|or)\b",
     lambda m: f"is {m.group(2)}{m.group(3) or ''}{dict(works='working', stands='standing', sits='sitting', stays='staying')[m.group(1)]} {m.group(4)}"),
)
_WALKED_OFF = re.compile(r"^(has|have) ((?:the |my |our |that )?[\w ]+?) (walked|grown legs|gone walkabout)( off)?$")


_JOINABLE = frozenset(w for w in (*SYNONYMS, *_KEYWORDS) if " " not in w and "-" not in w and len(w) >= 7
                      and w not in _WEAK_PEOPLE)


def _join_split(words: list[str]) -> list[str]:
    """A word a speech recogniser split in two ("banks man", "ex cavation", "scaff older") joined again."""
    out: list[str] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words) and words[i].isalpha() and words[i + 1].isalpha() and words[i] + words[i + 1] in _JOINABLE \
                and f"{words[i]} {words[i + 1]}" not in SYNONYMS:  # fmt: skip
            out.append(words[i] + words[i + 1])
            i += 2
            continue
        out.append(words[i])
        i += 1
    return out


_TOPIC_STOP = frozenset(
    [
        "since", "kindly", "nee", "eish", "dai", "sasa", "yung", "front", "the", "a", "an", "my", "me", "your", "our",
        "his", "her", "their", "this", "that", "these", "those", "which", "what", "whats", "where", "when", "who",
        "whos", "how", "why", "is", "are", "was", "were", "did", "do", "does", "has", "have", "had", "can", "could",
        "will", "would", "should", "any", "anything", "anyone", "anybody", "something", "someone", "i", "we", "you",
        "he", "she", "it", "they", "there", "here", "hey", "oi", "ok", "okay", "so", "and", "but", "or", "now", "still",
        "right", "mate", "yes", "no", "please", "tell", "show", "give", "point", "remind", "check", "quick", "just",
        "ah", "um", "uh", "well"
    ]
)


_NEGATIVE_TAG = re.compile(r",?\s*\b(?:was|were|is|are|has|have|had|did|does|do)(?: not)? (?:he|she|it|they|there|we|you)\s*[?.!]*\s*$")
_DEGREE = r"(?:(?:that|all that|very|too|for|so) )?(?:long|ages|much|a long one|a long time|a while)"


def _negative_with_tag(text: str) -> str:
    """A negative statement with a tag ("the labourer was not on his break long, was he?", "there were not more than a
    couple of different lads without hard hats, were there?") asks what it hedges: how long, how many, whether. As
    the question it is; a double negative ("is not not working") is the positive."""
    tag = _NEGATIVE_TAG.search(text)
    if tag is None or tag.start() == 0 or not re.search(r"\bnot\b", text[:tag.start()]) or "?" in text[:tag.start()]:
        return text  # (not a remark after the question: "when was it? it was not that long ago, was it?")
    body = text[:tag.start()].strip()
    if re.search(r"\b(is|was|are|were) not not\b", body):  # "the brickie is not not cracking on, is he?"
        return re.sub(r"\b(is|was|are|were) not not\b", r"\1", body) + text[tag.start():]
    m = re.match(rf"^it (?:is|has) not been {_DEGREE} since (.+)$", body)
    if m:
        return f"how long since {m.group(1)}?"
    m = re.match(rf"^it (?:was|is) not {_DEGREE} ago(?: that| since)? (.+)$", body)
    if m:
        return f"how long ago was it that {m.group(1)}?"
    m = re.match(rf"^(.+?) did not (.+?) {_DEGREE} ago$", body)
    if m:
        return f"how long ago did {m.group(1)} {m.group(2)}?"
    m = re.match(r"^(?:there (?:were|was|is|are|has|have) not been|there (?:were|was|is|are) not|not|we (?:have|had) not "
                 r"(?:had|seen)|(?:\w+ )?(?:have|has|had|did) not (?:had|seen|come))\b.*?\b(?:more than|many|loads of|lots of|"
                 r"a lot of|too many|that many)\s+(?:a couple of |a few |the one |one |two |three )?(.+)$", body)
    if m:
        return f"how many different {m.group(1)}?"
    m = re.match(rf"^(.+?) (was|were|is|are) not (.*?)\s*\b{_DEGREE}\b(.*)$", body)
    if m and not re.search(r"\bhow\b", body):
        return f"how long {m.group(2)} {m.group(1)} {m.group(3)}{m.group(4)}?".replace("  ", " ")
    m = re.match(rf"^(.+?) (has|have) not (\w+) (.*?)\s*\b{_DEGREE}\b(.*)$", body)
    if m and not re.search(r"\bhow\b", body):
        return f"how long {m.group(2)} {m.group(1)} {m.group(3)} {m.group(4)}{m.group(5)}?".replace("  ", " ")
    return text


def _statement_with_tag(text: str) -> str:
    """A statement asked with a tag ("sparkie's off to my left, is he?", "kango still where I dropped it, reckon?")
    as the question it is; a bare name in front ("nail gun, where's it gone?", "esky's vanished") gets its
    article, so the grammar reads it as the subject."""
    text = re.sub(r"(\w)'s (been|gone|got|vanished|disappeared|walked|wandered|moved|shifted)\b", r"\1 has \2", text)
    text = re.sub(r"(\w)'s (parked|sitting|lying|still|off|out|round|over|behind|in|on|at|near|by|not|down|up|"
                  r"standing|stood|working|idle|busy)\b", r"\1 is \2", text)
    first = re.match(r"([a-z][\w-]*)((?: [a-z][\w-]*)?)(?=,? (?:has|is) (?:been|gone|got|vanished|disappeared|walked|"
                     r"parked|sitting|lying|still|standing)\b|, (?:where|which|is|has|still)\b.*\b(?:it|he|she|they|him|"
                     r"her|them)\b|, (?:left|right) of me\b)", text)
    if first is not None and first.group(1) not in _TOPIC_STOP and first.group(1) not in SYNONYMS \
            and not re.search(r"(ing|ed)$", first.group(1)):  # fmt: skip
        text = "the " + text
    tag = re.search(r",?\s*\b(is|are|has|have|was|were|did|does|do|had|isn't|aren't|hasn't|wasn't)( not)? (he|she|it|they|there)"
                    r"\s*[?.!]*\s*$|,\s*(reckon|yeah|right|eh|ya reckon|you reckon|innit|mate)\s*[?.!]*\s*$", text)
    if tag is not None and tag.start() > 0 and not re.search(r"\b(where|what|which|who|how)( \w+)?( time)?,?\s*$",
                                                              text[:tag.start()]):  # fmt: skip
        body = text[:tag.start()].strip()
        clause = re.split(r"[.!?]\s+", body)[-1]
        aux = (tag.group(1) or "is").replace("n't", "")
        who = tag.group(3)
        # a negated statement asks the same ("the guy in blue isn't the one who moved it, is he?")
        clause = re.sub(r"\b(is|are|was|were) not\b", r"\1", clause, count=1)
        stated = re.match(r"^(.+?) (is|are|has|have|was|were) (.+)$", clause)
        if stated and re.match(r"(before|after) [^,]+, ", clause):
            pass  # the other event said first ("before the barrow was took, the scaffolder removed his helmet, is it?")
        elif stated and (not re.search(r"\b(what|where|which|how|when)\b", clause) or re.match(
                r"^[^,]+? (is|are) where (it|he|she|they|i|we|you) \w+", clause)) and \
                not re.search(r"(?<!one )(?<!guy )(?<!person )(?<!fella )(?<!bloke )(?<!lad )(?<!man )\bwho\b", clause) and \
                not re.search(rf"\b({_PAST_VERB})\b", stated.group(1)):  # fmt: skip
            clause = f"{stated.group(2)} {stated.group(1)} {stated.group(3)}"
        elif who and re.match(r"(still|working|back|on|off|in|at|busy|idle|slacking|going|doing)\b", clause):
            clause = f"{aux} {who} {clause}"
        elif (aux in ("did", "does", "do") or tag.group(4)) and not re.search(r"\b(did|does|do) not\b", clause):
            clause = _as_question(clause)  # "the guy went back to the spot, didn't he?": did he go back
        text = body[:len(body) - len(re.split(r"[.!?]\s+", body)[-1])] + clause + "?"
    return text


_ASKS = r"(?:in what|what|where|when|which|how|who|whose|is|are|was|were|did|does|do|has|have|had|can|could|any|anything)\b"


def _the_question(text: str) -> str:
    """The question where a remark follows it ("how long ago did the visitor leave? the gaffer will ask me") or a
    reason ends in a colon before it ("tell me straight, because my knees ...: in what direction is he?"). A remark
    that says which (a time, a direction, "the one i saw", "the mason in orange i am asking") is kept."""
    m = re.match(rf"^(.{{8,}}?\?)\s+(?!{_ASKS}|(not|no|like|one)\b)([^?]+)$", text)
    named = m is not None and re.match(r"(the|a|an|that|this|those|these)\b", m.group(3)) and not re.search(
        r"\b(will|would|is|was|has|had|does|did|can|could|are|were|always|never|wants?|said|says|told|asked)\b", m.group(3))
    if m and not named and re.search(rf"\b{_ASKS}", m.group(1)) and re.search(r"\b(the|my|that|this|these|those|any|anything|what)\b",
                                                                             m.group(1)) \
            and not re.search(r"\d|\b(the one|one i|that one|i mean|meaning|same|asking|talking about|behind|left|right|front|"
                              r"ahead|my back|o'clock)\b", m.group(3)):  # fmt: skip
        text = m.group(1)  # (a remark that is only a name, "the man in the orange vest", says who)
    m = re.match(rf"^([^:?]{{12,}}):\s+(?={_ASKS})", text)
    if m and len(m.group(1).split()) >= 5 and re.search(r"\b(because|cos|'cause)\b", m.group(1)):
        text = text[m.end():]
    return text


# --- Technical notation ("t(1st brick laid)?", "worker[vest=orange] loc?", "dt(drill dropped -> now)", "R side (+90): items?") ---
# An engineer's shorthand read back into the English the grammar knows: attributes in brackets, time as a function,
# comparisons, windows as intervals, sides as signed bearings.
_NOTATION_MARK = re.compile(r"\w\[\s*\w+\s*=|\b(?:t|dt|dur|loc|pos)\s?\(|\bt_now\b|==|@\s?t\b|@\s?now\b|\bt\s?=\s?\?|"
                            r"#\d|\bt in \[|\bsector\b|\([+-]\d+\)|\bquadrant\b|@\s?t\s?=\s?\d|\s=\s|\bdir\(|, t\?*$|\bpos\b|^sum\b|\bup to t\s?=\s?\d|^n diff\b")
_SIGNED_BEARING = {0: "in front of me", 45: "front right of me", 90: "on my right", 135: "behind me on the right",
                   180: "behind me", -45: "front left of me", -90: "on my left", -135: "behind me on the left", -180: "behind me"}


def _bracket_attributes(m: re.Match[str]) -> str:
    """`worker[vest=orange, hardhat=false]` -> "the worker in orange vest without hardhat"."""
    thing, before, after = m.group(1), [], []
    for pair in re.split(r"[,;&]\s*", m.group(2)):
        key, _, value = (x.strip() for x in pair.partition("="))
        if key in ("vest", "hi-vis", "hivis"):
            after.append(f"in {value} vest")
        elif key in ("hat_colour", "hat_color", "hat", "helmet", "helmet_colour", "hardhat_colour"):
            after.append(f"with {value} hardhat")
        elif key in ("hardhat", "helmet_on", "ppe"):
            after.append("without hardhat" if value in ("false", "no", "0", "off", "none") else "with hardhat")
        elif value and key not in ("id", "label"):  # colour=red, or any other value: said before the thing
            before.append(value)
    return " ".join(["the", *before, thing, *after])


def _signed_bearing(m: re.Match[str]) -> str:
    """`+90`, `(-135)`, `45 sector` -> the side in words (the nearest 45 deg)."""
    deg = int((m.group(1) or m.group(2)).replace("+", ""))
    return f" {_SIGNED_BEARING[max(-180, min(180, round(deg / 45) * 45))]} "


_NOTATION = _rules(
    (r"(\w+)\[([^\]]*=[^\]]*)\]", _bracket_attributes),
    (r"\by/n\b|\?\s*=\s*\?|=\s*\?", " "), (r"\s*\?+\s*$", ""),
    (r"\bt_now\b", "now"), (r"@\s?now\b", "now"), (r"\brn\b", "right now"),
    (r"\b(?:now|t_now)\s*-\s*t\(([^()]+)\)", r"how long since \1"),
    (r"\bdt\(([^()]+?)(?:\s*->\s*now|,\s*now)\)", r"how long since \1"), (r"\bdt\(now,\s*([^()]+)\)", r"how long since \1"),
    (r"\bt\(([^()]+)\)\s*<\s*t\(([^()]+)\)", r"did \1 happen before \2"),
    (r"\bt\(([^()]+)\)\s*>\s*t\(([^()]+)\)", r"did \1 happen after \2"),
    (r"\bt\s?\(\s*last (?:obs|sighting|seen)\s*\)\s*,?\s*(.+)$", r"when was \1 last seen"),
    (r"^(.+?)(?<!\d):\s*(?!\d)t\(([^()]+)\)\s*$", r"when did \1 \2"),
    (r"\bt\(([^()]+)\)", r"when \1"),
    (r"^(.+?)\s*@\s*t\s*$", r"when \1"),
    (r"\bt in \[([\d:.]+s?),\s*([\d:.]+s?)\]", r"between \1 and \2"), (r"\[([\d:]+),\s*([\d:]+)\]", r"between \1 and \2"),
    (r"\bup to t\s?=\s?(\d+)\s?s\b", lambda m: f"before {_mmss(int(m.group(1)))}"),
    (r"\bup to t\s?=\s?([\d:]+)", r"before \1"),
    (r"^sum (idle|working|work|break)? ?(?:t|time|dur)\b,?\s*(.+)$", r"how long was \2 \1 in total"), (r"\bsum over\b", "in total"),
    (r"@\s?t\s?=\s?(\d+)\s?s\b", r"at \1 seconds"), (r"@\s?t\s?=\s?([\d:]+)", r"at \1"),
    (r"\bdir\(([^()]+)\)", r"which way is \1"), (r"\bpt\b", "point"),
    (r"^(.+?) pos(?:ition)? unchanged since (.+)$", r"is \1 still where it was at \2"), (r"^(.+?),? t$", r"when \1"),
    (r"\bdur\(([^()]+)\)", r"how long \1"), (r"\bdur of\b", "how long was"), (r"\bloc\(([^()]+)\)", r"where is \1"),
    (r"^(.+?)\s+(?:loc|pos)\s*$", r"where is \1"),
    (r"\b(course|spell|brick|panel|time|visit) #(\d+)", lambda m: f"{_nth(int(m.group(2)))} {m.group(1)}"),
    (r"#(\d+)", lambda m: _nth(int(m.group(1)))),
    (r"^(.+?) (\d+(?:st|nd|rd|th)) spell dur\b,?\s*(.*)$", r"how long \3 \1 the \2 time"),
    (r"\(?([+-]?\d+)\)?\s*sector\b|\(([+-]\d+)\)", _signed_bearing),
    (r"\bfront-?l\b", "front-left"), (r"\bfront-?r\b", "front-right"), (r"\bback-?l\b", "behind-left"), (r"\bback-?r\b", "behind-right"),
    (r"\b(?:in|on) l quadrant\b|\bl quadrant\b|\bl side\b", "on my left"), (r"\b(?:in|on) r quadrant\b|\br quadrant\b|\br side\b", "on my right"),
    (r"\bon r\b", "on my right"), (r"\bon l\b", "on my left"), (r"@\s?(front-left|front-right|behind-left|behind-right)\b", r"at my \1"),
    (r"\brel\.? (?:me|hdg|heading)\b", "from me"),
    (r"^list (?:entities|objects|objs|items|things),? (.+)$", r"what is \1"),
    (r"^(.+?)(?<!\d):\s*(?!\d)(?:items|objs|objects|entities|what's there|what is there)$", r"what is \1"),
    (r"\b(?:objs|entities)\b", "objects"), (r"\bobs\b", "sighting"),
    (r"^(.+?)(?<!\d):\s*(?!\d)state\s*==\s*(idle|working)$", r"is \1 \2"), (r"^(.+?)\s*==\s*(.+)$", r"is \1 the same as \2"),
    (r"^(.+?) = (one|the one|same as) (.+)$", r"is \1 the one \3"),
    (r"^n diff\.? (\w+)", r"how many different \1"), (r"^n (\w+s)\b", r"how many \1"),
    (r"^(.+?)(?<!\d):\s*(?!\d)((?:where|what|when|which|how|who|is|are|did|was)\b.+)$", r"\2 \1"),
    (r"@", " at "), (r"\s+", " "), (r"^\s+|\s+$", ""),
)


def _notation(text: str) -> str:
    """An engineer's notation read back into English; other questions are returned unchanged."""
    return _rewrite(text, _NOTATION) + "?" if _NOTATION_MARK.search(text) else text


@functools.lru_cache(maxsize=1024)
def normalise(question: str, keep: frozenset[str] = frozenset()) -> str:
    """The question in the plain form the grammar knows; `keep`: words not to correct as typos (the words
    of labels this site's memory holds, such as "locator" in `cable_locator`). Cached: the learned heads and
    the grammar both read it."""
    text = question.lower().replace("’", "'").replace("‘", "'").replace("`", "'").replace("\u2014", " - ").replace("\u2013", " - ")
    text = _the_question(_notation(text.replace("\u201c", '"').replace("\u201d", '"')))
    text = _rewrite(text, _SURFACE)
    text = _rewrite(text, _PHONETIC_RULES)
    text = _rewrite(text, _CONTRACTIONS_RE)
    text = _statement_with_tag(_negative_with_tag(text))
    text = re.sub(r"(\w)'s\b", r"\1", text)  # possessive: "the worker's" -> "the worker"
    text = re.sub(r"\s+", " ", re.sub(r"[,.?!]+", " ", text)).strip()
    text = gloss(text)
    text = _rewrite(text, _PHRASES).strip()
    if re.search(r"\b(uh|um|erm|er)\b", text):  # spoken: fillers go
        text = _FILLERS.sub("", text)
    for _ in range(3):
        text = _CORRECTION.sub("", text, count=1)
    text = _rewrite(text, _SPOKEN)
    text = _COLOUR_ONE.sub(_colour_first, text, count=1)
    text = _numbers(text)
    text = " ".join(w if w in keep else _abbreviation(_fix_typo(_g_dropped(w))) for w in _join_split(text.split(" ")))
    text = _rewrite(text, _PPE_FORMS_RE)  # hardhat and vest forms again after typo fixing
    text = _rewrite(text, _WORD_ORDER)
    m = _WALKED_OFF.match(text)  # "has the red toolbox walked?": been moved (not said of people)
    if m and not any(w in _PEOPLE for w in m.group(2).split()):
        text = f"{m.group(1)} {m.group(2)} been moved"
    if not _QUESTION_WORD.search(text):
        for pattern, head in _KEYWORD_QUERY:  # the first keyword that says what is asked
            text, n = pattern.subn(head, text)
            if n:
                break
    return text


_QUESTION_WORD = re.compile(r"\b(where|what|when|which|how|who|whose|why|is|are|was|were|did|does|do|has|have|had|can|could|"
                            r"will|would|should)\b")
_CLOCK_TIME = r"\d+:\d+(?::\d+)?"
# A question typed as search keywords, with no question word: the keyword that says what is asked, at the
# end, becomes the question's head ("ladder whereabouts", "workers since 1:05:00 number distinct")
_KEYWORD_QUERY = _rules(
    (r"^(?:(the|my|a|that|this) )?(.+?) (whereabouts|location|last seen place|last known (place|location|position|spot)|"
     r"(current )?(position|place) now)$", lambda m: f"where is {m.group(1) or 'the'} {m.group(2)}"),
    (r"^(.+?) (back to|back at|return to|returned to|go back to|went back to|gone back to) (?:(?:the )?(?:spot|place|"
     r"position|location)(?: where| from)?|where) (.+)$", r"did \1 go back to where \3"),
    (r"^(.+?) (last sighting|last seen|seen last|last spotted)( mins| minutes| time)? ago$", r"how long ago was \1 last seen"),
    (r"^(.+?) (last sighting|last seen|seen last|last spotted)( time)?$", r"when was \1 last seen"),
    (r"^(.+?) (number distinct|distinct count|count distinct|distinct number|number of distinct|distinct)$",
     r"how many different \1"),
    (r"^(.+?) (start|started|starting|begin|began|finish|finished|stop|stopped|arrive|arrived|arrival|left|leave|"
     r"back on tools|back to work|back working)( \w+) time( after (his |her |the )?\w+)?$", r"what time \1 \2\3\4"),
    (rf"^(.+?) (time total|total time|duration total|total duration|total)( ({_CLOCK_TIME}) to ({_CLOCK_TIME}))?$",
     lambda m: f"how long was {m.group(1)} in total" + (f" between {m.group(4)} and {m.group(5)}" if m.group(3) else "")),
    (r"^(.+?) still( there| here| same place)?$",  # "10 minute ago harness hang there, still?"
     lambda m: m.group(0) if re.search(r"\b(idle|work\w*|busy|wearing|without|no|or)\b", m.group(1)) else f"is {m.group(1)} still there"),
    (r"^(.+?) gone where$", r"where has \1 gone"), (r"^(.+?) (?:length|duration)$", r"how long was \1"),
    (r"^(.+?) (y/n|yes or no|yes/no|true or false|t/f|true/false)$", r"did \1"),
    (r"^(.+?)(?<!\d)(?<!\blast)(?<!\bpast) (mins|minutes|duration|secs|seconds|hrs|hours)$", r"how long \1"),
)




def _mmss(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def _nth(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


_NOT_GLOTTAL = frozenset((  # noqa: SIM905 - a word list reads better as words
    "a an o y t th wi gi ca fa wa ba ha pa na ol ma da de di int ont"  # Scots "a'" (all), "ca'" (call); "an'" (and)
    " wha"  # (a mark of Caribbean English the glossary reads first: `_PHRASES` makes any "wha'" left "what")
).split())
_CONTRACTED = frozenset(("s", "t", "d", "ll", "re", "ve", "m", "em", "n", "un", "all", "clock", "mere", "ya", "ye", "you"))


def _glottal(token: str, left: str, right: str) -> str:
    """A t said as a glottal stop and typed as an apostrophe ("whi'e", "righ'", "i'"): the English word, when
    putting the t (or tt) back makes one; any other apostrophe is left as it was."""
    if left in _NOT_GLOTTAL or right in _CONTRACTED or (not right and left.endswith("in") and len(left) > 3):
        return token
    if not right and left == "i":
        return "it"
    for t in ("t", "tt"):
        word = left + t + right
        if word in _english() and (not right or left + right not in _english()):  # "star'": start
            return word
    return token


def _g_dropped(word: str) -> str:
    """Spoken "-in'" endings as typed ("doin", "nothin", "workin"): the -ing word when it is English."""
    if len(word) >= 4 and word.endswith("in") and word not in _english() and word not in _VOCAB_SET:
        full = word + "g"
        if full in _english() or full in _VOCAB_SET:
            return full
    return word


_NOT_ABBREVIATIONS = frozenset((  # noqa: SIM905 - a word list reads better as words
    "wea "  # Hawaii Pidgin's where, not a shorthand
    "am pm hr hrs min mins sec secs ok pls plz thx tho cos coz lol idk imo btw asap eta ngl tbh fyi ya yo ye "
    "hmm mm uh um er ah oh eh st nd rd th vs etc ppe hivis osha cscs"
).split())


_ARTICLES = frozenset({"the", "a", "an", "el", "la", "los", "las", "le", "les", "o", "os", "as", "il", "lo", "der", "die",
                       "das", "de", "het"})


def _abbreviation_table() -> tuple[dict[str, str], list[tuple[str, str]]]:
    initials: dict[str, set[str]] = {}
    phrase_of: dict[str, str] = {}
    for phrase, label in (*SYNONYMS.items(), ("hard hat", "hardhat"), ("hi vis", "hi-vis")):
        parts = phrase.split()
        if len(parts) == 2 and label != "worker" and parts[0] not in _ARTICLES:  # "el taladro" is no "et"
            key = parts[0][0] + parts[1][0]
            initials.setdefault(key, set()).add(label)
            phrase_of.setdefault(key, phrase)
    unique = {k: phrase_of[k] for k, labels in initials.items() if len(labels) == 1}
    words = [(w, label) for w, label in SYNONYMS.items() if " " not in w and len(w) >= 5 and w.isalpha()]
    return unique, words


_INITIALISMS, _ABBREVIABLE = _abbreviation_table()


def _subsequence(short: str, word: str) -> bool:
    it = iter(word)
    return all(c in it for c in short)


_TEXTED = (  # noqa: SIM905 - words a texter drops vowels from, most likely first where two share consonants
    "the how long was were what when where which who that this there then than time last next first second third "
    "many much move moved still since been have has did does done down left right front behind back before after "
    "minutes minute hours hour seconds second ago about work working worked worker workers people guy idle leave "
    "drop dropped pick picked same different thing things seen saw now today just from with without your you "
    "around near someone somebody something anything nothing every everyone anyone between across away again "
    "start started stop stopped finish finished take took taken put gone went come came show tell point way "
    "orange yellow green black white brown purple pink grey silver"
).split()


def _consonants(word: str) -> str:
    """A word's consonants as a texter keeps them: no vowels after the first letter, no doubled letters ("ylw")."""
    return re.sub(r"(.)\1+", r"\1", word[0] + re.sub(r"[aeiou]", "", word[1:]).replace("ck", "k"))


_BY_CONSONANTS: dict[str, str] = {_consonants(w): w for w in reversed(_TEXTED)}  # the likelier word wins


def _texted(word: str) -> str | None:
    """A common word typed without its vowels ("hw lng ws th", "lst", "nxt", "mvd", "crse" = course): the most
    likely word with those consonants; site words are `_abbreviation`'s."""
    target = _BY_CONSONANTS.get(_consonants(word))
    return target if target is not None and len(target) > len(word) and word not in _INITIALISMS and (
        _vowels(word) < _vowels(target)) else None  # texting drops vowels: "da" is not "did"


def _vowels(word: str) -> int:
    return sum(c in "aeiou" for c in word)


@functools.lru_cache(maxsize=4096)
def _abbreviation(word: str) -> str:
    """Shorthand for a site word ("wb" wheelbarrow, "tb" toolbox, "hh" hard hat, "ldr" ladder): the word, when
    one label's name starts with its letters' initials or spells it with vowels dropped; else `word`."""
    if not (2 <= len(word) <= 5) or not word.isalpha() or word in _NOT_ABBREVIATIONS or word in _VOCAB_SET \
            or word in _COMMON or word in _english() or word in _KEYWORD_SET or word in _SITE_WORDS:  # fmt: skip
        return word
    if (texted := _texted(word)) is not None:
        return texted
    for stem, plural in ((word, ""), (word[:-1], "s") if word.endswith("s") and len(word) >= 3 else ("", "")):
        if not stem:
            continue
        if stem in _INITIALISMS:
            return _INITIALISMS[stem] + plural
        if len(stem) >= 3:
            labels = {label for w, label in _ABBREVIABLE if w[0] == stem[0] and w[-1] == stem[-1] and _subsequence(stem, w)
                      and _vowels(stem) < _vowels(w)}  # shorthand drops a vowel: "ldr" is ladder, "doan" no dogman
            if len(labels) == 1:
                label = labels.pop()
                return next(w for w, lb in _ABBREVIABLE if lb == label and w[0] == stem[0] and _subsequence(stem, w)) + plural
    return word


# --- slots -----------------------------------------------------------------------------------------

_CLOCK = re.compile(r"\b(?:(\d{1,2}):)?(\d{1,3}):(\d{2})\b")
_UNIT_S = {"second": 1.0, "seconds": 1.0, "minute": 60.0, "minutes": 60.0, "hour": 3600.0, "hours": 3600.0}
_DUR = r"(\d+(?:\.\d+)?)\s*(seconds?|minutes?|hours?)(?:\s*(?:and\s*)?(\d+)\s*(seconds?))?"


def _dur_s(m: re.Match[str], base: int = 1) -> float:
    s = float(m.group(base)) * _UNIT_S[m.group(base + 1)]
    if m.group(base + 2):
        s += float(m.group(base + 2))
    return s


def _clock_s(m: re.Match[str]) -> float:
    h, mm, ss = m.group(1), m.group(2), m.group(3)
    return float(int(h or 0) * 3600 + int(mm) * 60 + int(ss))


def _time_points(text: str) -> list[tuple[int, TimeRef]]:
    """Times named in the text, by position: clock times, "at N minutes (in)", "N minutes ago"."""
    out: list[tuple[int, TimeRef]] = []
    for m in _CLOCK.finditer(text):
        out.append((m.start(), TimeRef(t=_clock_s(m))))
    for m in re.finditer(_DUR + r"\s+(ago|back|earlier|before now|previously)\b", text):
        out.append((m.start(), TimeRef(ago_s=_dur_s(m))))
    for m in re.finditer(r"(?:^|\b(?:at|around|about|by|after|before|until|till|from|to|and|since|between|past|as at|as "
                         r"of|than at|as)\s+)(?:the\s+)?"
                         r"(?:minute\s+(\d+)(?![:\d])|" + _DUR + r"\s+(?:in|into|mark|of the (?:video|recording|clip|shift)))",
                         text):  # fmt: skip
        if m.group(1):
            out.append((m.start(), TimeRef(t=float(m.group(1)) * 60)))
        else:
            out.append((m.start(), TimeRef(t=_dur_s(m, 2))))
    for m in re.finditer(_DUR + r"\s+in(?:to)?\b(?=\s*$|\s+(?:the )?(?:video|recording|clip|shift|footage|day)\b|"
                         r"\s+(?:and|or|to|until|till|then|when|was|were|is|did|had|has)\b)", text):  # fmt: skip
        if not any(p == m.start() or abs(p - m.start()) < 12 for p, _ in out):
            out.append((m.start(), TimeRef(t=_dur_s(m))))
    for m in re.finditer(r"\bthe (\d+)\s*(minute|min)\s*marks?\b", text):
        out.append((m.start(), TimeRef(t=float(m.group(1)) * 60)))
    # a span of bare durations is two media times: "between 2 minutes and 6 minutes", "between the 2 and the 6
    # minute mark"; so is "since 3 minutes", "at 3 minutes" (not "3 minutes ago")
    for m in re.finditer(r"\b(?:between|from) (?:the )?" + _DUR + r"\s+(?:and|to|until|till|-) (?:the )?" + _DUR, text):
        out.append((m.start(), TimeRef(t=_dur_s(m))))
        out.append((m.start(5), TimeRef(t=_dur_s(m, 5))))
    for m in re.finditer(r"\bbetween (?:the )?(\d+) (?:and|to) (?:the )?(\d+)[ -](?:minute|min)s?(?: marks?)?\b", text):
        out.append((m.start(), TimeRef(t=float(m.group(1)) * 60)))
        out.append((m.start(2), TimeRef(t=float(m.group(2)) * 60)))
    for m in re.finditer(r"\b(since|at|as at|after) (the )?" + _DUR + r"\b(?!\s*(?:ago|back|earlier|before|later|after|in|into|"
                         r"mark|of|before now|previously|or|and|\d))", text):  # fmt: skip
        # "since" takes a point in time; a bare duration after it is the span up to now, as non-native English says
        # "for" ("since 10 minutes, how many passed?": 4 of 5 writers); "at 3 minutes", "since the 2 minute" are media times
        ref = TimeRef(ago_s=_dur_s(m, 3)) if m.group(1) == "since" and not m.group(2) else TimeRef(t=_dur_s(m, 3))
        out.append((m.start(), ref))
    # "between 3 minutes and 9:30", "from 4 minutes until now": the bare duration is a media time too
    for m in re.finditer(r"\b(?:between|from) (?:the )?" + _DUR + r"\s+(?:and|to|until|till|-)\s+(?=\d{1,2}:\d\d|now\b)", text):
        out.append((m.start(), TimeRef(t=_dur_s(m))))
    for m in re.finditer(r"\b(at|from|since) the (very )?(start|beginning)( of the (shift|day|video|recording|footage))?\b", text):
        out.append((m.start(), TimeRef(t=0.0)))
    out.sort(key=lambda p: p[0])
    kept: list[tuple[int, TimeRef]] = []
    for pos, ref in out:  # one time named once, though two patterns found it
        if not (kept and pos - kept[-1][0] < 12 and kept[-1][1] == ref):
            kept.append((pos, ref))
    return kept


def _window(text: str, points: list[tuple[int, TimeRef]]) -> tuple[TimeRef | None, TimeRef | None] | None:
    m = re.search(r"(?:^|\b(?:in|during|over|within|for|altogether|total|idle|working) )(?:the )?(?:last|past|previous) "
                  + _DUR, text) or re.search(r"\b(?:last|past|previous) " + _DUR + r"(?!\s*(?:ago|back|earlier|before|in|into|of)\b)",
                                             text)  # topic first: "blue hat guy, last 15 minutes, he work how long?"
    if m:
        return (TimeRef(ago_s=_dur_s(m)), None)
    m = re.search(r"\b(?:in|during|over) (?:the )?(?:last|past|previous) (minute|hour)\b", text)
    if m:
        return (TimeRef(ago_s=_UNIT_S[m.group(1)]), None)
    if re.search(r"\b(?:in|during|over) (?:the )?(?:last|past|previous) half an hour\b", text):
        return (TimeRef(ago_s=1800.0), None)
    if len(points) >= 2 and re.search(r"\b(between|from)\b|\d:\d\d\s*(-|to|until|till)\s*\d", text):
        return (points[0][1], points[1][1])
    if points and re.search(r"\bfrom\b.*\b(until|till|to|up to) now\b", text):
        return (points[0][1], None)
    if points and re.search(r"\bsince\b", text):
        pos = text.find("since")
        after = [p for p in points if p[0] >= pos - 1]
        if after:
            return (after[0][1], None)
    m = re.search(r"\b(?:before|until|till|up to)\s+(?:the\s+)?(\d{1,2}:\d{2})", text)
    if m and re.search(r"\b(how long|how much time|total|in total)\b", text):
        t = _CLOCK.search(m.group(1))
        return (None, TimeRef(t=_clock_s(t))) if t else None
    m = re.search(r"\b(before|until|till|up to|by|after)\s+(?:at\s+)?(\d{1,2}:\d{2}(?::\d{2})?)", text)
    if m and re.search(r"\b(how many|number of|count|seen|on site|in total|total|altogether)\b", text):
        t = _CLOCK.search(m.group(2))
        if t is not None:
            ref = TimeRef(t=_clock_s(t))
            return (ref, None) if m.group(1) == "after" else (None, ref)
    m = re.search(r"(?:^|\b(?:in|during|within|over) )(?:the )?first " + _DUR, text)
    if m:
        return (None, TimeRef(t=_dur_s(m)))  # open: from the start (docs/QUESTIONS.md)
    return None


_DIRECTIONS: tuple[tuple[re.Pattern[str], Sector], ...] = (
    (re.compile(r"\b(behind|back|rear)[- ](me )?(to (the|my) )?left|\bleft behind me\b|\bbehind me (on|to) (the|my) left|"
                r"\b(back|rear)[- ]left\b|\bover my left shoulder\b|\bbehind (me )?(and|&) (a bit )?(to|on) (the|my) left\b|"
                r"\bbehind (and|&) (to the )?left\b|\b(7|8) o'?clock\b"), "behind-left"),
    (re.compile(r"\b(behind|back|rear)[- ](me )?(to (the|my) )?right|\bbehind me (on|to) (the|my) right|"
                r"\b(back|rear)[- ]right\b|\bover my right shoulder\b|\bbehind (me )?(and|&) (a bit )?(to|on) (the|my) right\b|"
                r"\bbehind (and|&) (to the )?right\b|\b(4|5) o'?clock\b"), "behind-right"),
    (re.compile(r"\bfront[- ]left\b|\bleft front\b|\b(ahead|in front)( of me)? (and|&) (a bit |slightly |over )?(to|on) (the|my) left\b|"
                r"\b(ahead|in front)( of me)? (and|&) (a touch|a little|a tad|just|a wee bit|a smidge) (to|on) (the|my) left\b|\bahead[- ]left\b|\bin front (of me )?(on|to) (the|my) left\b|\bdiagonal(ly)? (to (the|my) )?left\b|"
                r"\bleft diagonal\b|\b(10|11) o'?clock\b|\bforward[- ]left\b|\bup (ahead )?(and|&) (to the )?left\b"),
     "front-left"),
    (re.compile(r"\bfront[- ]right\b|\bright front\b|\b(ahead|in front)( of me)? (and|&) (a bit |slightly |over )?(to|on) (the|my) right\b|"
                r"\b(ahead|in front)( of me)? (and|&) (a touch|a little|a tad|just|a wee bit|a smidge) (to|on) (the|my) right\b|\bahead[- ]right\b|\bin front (of me )?(on|to) (the|my) right\b|\bdiagonal(ly)? (to (the|my) )?right\b|"
                r"\bright diagonal\b|\b(1|2) o'?clock\b|\bforward[- ]right\b|\bup (ahead )?(and|&) (to the )?right\b"),
     "front-right"),
    (re.compile(r"\bbehind\b|\bat my back\b|\bmy back\b|\bback of me\b|\bover my shoulder\b|\bmy 6\b|\b6 o'?clock\b|"
                r"\bto the rear\b|\bbehind me\b|\bat the back\b|\bturn around\b|\bback there\b|\bbackside\b|\bback side of me\b|"
                r"\bin back\b|\bback side\b"), "behind"),
    (re.compile(r"\bin front\b|\bahead\b|\bfront of me\b|\bfront side of me\b|\bmy front side\b|\b(at|on) my front\b|\b12 o'?clock\b|\bstraight on\b|\bbefore me\b|\bup front\b"), "front"),
    (re.compile(r"\b(on|to|at|by|off to) (my|the) left\b|\bleft of me\b|\bleft side\b|\bmy left\b|\bleft hand\b|"
                r"\bleft-hand\b|\b9 o'?clock\b|\bleftside\b"), "left"),
    (re.compile(r"\b(on|to|at|by|off to) (my|the) right\b|\bright of me\b|\bright side\b|\bmy right\b|\bright hand\b|"
                r"\bright-hand\b|\b3 o'?clock\b|\brightside\b"), "right"),
)
_WEAK_FRONT = re.compile(r"\b(am i facing|in view|looking at|in sight|in my view|in front)\b")
_CHOICE = re.compile(r"\bfacing (?:it|him|her|them)\b[^?]{0,25}\bor\b|"
                     r"\b(left|right|ahead|behind|front)\b,? (or|either) (on |to |off to )?(my |the )?(left|right|behind|"
                     r"ahead|front|in front|one side|off to one side)\b|\bahead, behind\b|\bwhich side\b|\bwhat side\b|"
                     r"\b(left|right|ahead|behind|front|back side|backside|my back|back of me|out back)\b[^?]{0,25}\bor\b[^?]{0,20}\b(left|right|ahead|"
                     r"behind|front|back side|backside|side|in front|my back|in back|the back)\b")


_SIDE = re.compile(r"\b(?:on|to|at|the|my|off to|towards|toward|bit)\s+(?:the\s+|my\s+|his\s+|her\s+)?(left|right)\b|\b(left|right)[- ](?:hand )?side\b|"
                   r"\b(?:backside|back side|front side|behind me|in front of me)\s+(?:side\s+|and\s+(?:the\s+)?)?(left|right)\b(?! (?:the|site|it)\b)")
# ("backside right", "front side left corner", "back side and left", "behind me side left")
_BACK = re.compile(r"\b(behind|in my back|at my back|my back|in back|to the rear|out back|back of me|side (to the |at the )?back|back corner|back side|"
                   r"backside|back of my|(?:a )?(?:little |wee )?bit (?:to the )?back)\b|^back\b(?! to\b)")
_AHEAD = re.compile(r"\b(in front|ahead|front of me|forward|side (to the |at the )?front|front corner|front side)\b|^front\b")


def direction_in(text: str, weak: bool = True) -> Sector | None:
    """The one direction the text names (None for none, or for a choice: "on my left or right?").
    `weak`: "in view", "looking at" count as front."""
    if _CHOICE.search(text):
        return None
    side = _SIDE.search(text)
    if side is not None:
        lr = side.group(1) or side.group(2) or side.group(3)
        if _BACK.search(text):
            return "behind-left" if lr == "left" else "behind-right"
        if _AHEAD.search(text):
            return "front-left" if lr == "left" else "front-right"
    for pattern, name in _DIRECTIONS:
        if pattern.search(text):
            return name
    if weak and _WEAK_FRONT.search(text):
        return "front"
    return None


_PPE = r"(hardhat|hi-vis|vest|ppe|high-vis|high vis|safety gear|protective gear|hat)"
_SET_UNITS = "unit|module|panel|slab|segment|beam|girder|column|post"
"""Units of work that "go on" or "go up" ("the first panel went on"), besides those laid or put in."""
_EVENTS: tuple[tuple[re.Pattern[str], EventName], ...] = (
    (re.compile(r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|1st|2nd|3rd|\d+th|\d+) (\w+ )?"
                r"(brick|block|course|row|layer)s?\b|"
                r"\bthe (first|second|third|fourth|fifth|\d+(st|nd|rd|th)) (\w+ )?(\w+?)s? (of \w+ )?(was |were |got |get |went |go |had |"
                r"has )?(laid|placed|in|down|put in|installed|fitted|done|finished|completed|set)\b|"
                r"^(?:first|second|third|fourth|fifth) " + _NOT_A_UNIT + r"\w+? (?:was |were |got |go |went )?(?:laid|placed|in|down|"
                r"put|installed|fitted|done|finished|set)\b|"
                rf"\bthe (first|second|third|fourth|fifth|\d+(st|nd|rd|th)) (\w+ )?({_SET_UNITS})s? ((got |get |went |go |gone )(on|up)|"
                r"(was |were |got |get |been |is )?(put|fixed|mounted|bolted|hung)( up| in| on)?)\b|"
                rf"\b(set|hang|hung|lift|lifted|land|landed|place|placed|install|installed|erect|erected|fit|fitted|put in|"
                rf"lay|laid) (the |our |a )?(first|second|third|fourth|fifth|\d+(st|nd|rd|th)) (\w+ )?({_SET_UNITS}|brick|"
                rf"block|course)s?\b|"
                r"\b(first|second|third|fourth|fifth|\d+(st|nd|rd|th)) (section|length|piece|run|lift) of \w+|\b(brick|block)s? (was |were |got |get |went |go )?(laid|placed|in|"
                r"down|put)\b|\blay(ing)? (the )?(first )?(brick|block)|\b(course|row|layer) (was |got |get )?(finished|"
                r"completed|done|laid)|\bunit of work\b"), "work_unit"),
    (re.compile(r"\b(start(ed|s|ing)?|began|begin|got|get|went|go|back|came) (back )?(to )?(work(ing)?|bricklaying|laying|"
                r"the tools|it) again\b|\b(start(ed|s)?|began|begin) again\b|\b(get|got|getting|gets) going again\b|\b(resume[ds]?|resuming|restart(ed|s)?)\b|\b(get|got|went|go|came|come|gone|he|she|they) back "
                r"(to |on )?(the |his |her |their )?(work|tools|it|wall|laying|bricks|blocks|job|brickwork|blockwork)\b(?! (area|zone|site|place|spot)\b)|\bback on it\b|\bback to work\b|\breturn(ed|s)? to (his |her |their |the )?(work|tools|working)\b|\bback on (the )?tools\b|\bafter (the|his|her|"
                r"their|a) (tea |lunch |smoke |coffee )?break\b(?!.*\bhow long\b)|\bagain after\b|\bstarted up again\b|\bback at it\b|\bworking again\b|"
                r"\bagain (work|working) (start|started|starts|began|begin)\b|"
                r"\bagain ((he|she|they) )?(start|started|starts|began|begin|begun) (his |her |their |the )?(work|working)\b|"
                r"\bagain (work|working) when (start|started|starts|began|begin)\b|\bagain (work|working)\s*$|\bto work again\b|"
                r"\b(came|come|comes|coming|got|get|gets|returned|returns|return|is|was) back from (his |her |their |the |a )?"
                r"(tea |lunch |coffee |smoke )?(lunch|break|tea|coffee|smoko|smoke|rest|prayers?)\b"),
     "resumed_working"),
    (re.compile(r"\b" + _PPE + r" (was |got |been |gets )?(taken|pulled|whipped|come|came) off\b|"
                r"\b(took|take|takes|taking|taken|pulled|whipped) (it|them) off\b(?=.*\b(hardhat|hi-vis|vest|ppe|hat|lid|helmet)\b)|"
                r"\b(hardhat|hi-vis|vest|ppe|hat|lid|helmet)\b.{0,80}\b(took|take|takes|taking|taken|pulled|whipped|whip) (it|them) off\b|"
                r"\b(took|take|takes|taking|taken|removed?|removing|pulled|pull|whipped|had) (off )?(his |her |their |the |a )?"
                + _PPE + r" off\b|\b(took|take|takes|pulled|pull) (he|she|they|the \w+(?: in \w+)?) off (his |her |their |the |a )?" + _PPE +
                r"\b|\b" + _PPE + r"\b( \w+){0,5}? (he|she|they) (took|take|takes|taken|pulled|pull|removed?) (it )?off\s*$|\b(took|take|takes|taking|taken|removed?|removing|pulled|pull) off (his |her |their |the |a )?"
                + _PPE + r"|\b(removed?|removing|lost|ditched)\b (his |her |their |the |a )?" + _PPE + r"\b|\b" + _PPE +
                r" (was |got |been )?(removed|taken off)\b|\b" + _PPE +
                r" (came |come )?off\b|\bppe (was )?removed\b|\b((his|her|their) )?" + _PPE + r" (he|she|they) (removed?|took off|take off|"
                r"taken off|pulled off)\b"), "ppe_removed"),
    (re.compile(r"\b(enter(ed|s|ing)?|went into|go into|gone into|walked into|stepped into|step into|climbed into|"
                r"climb into|got into|get into|came into|went in|go in|jumped in(to)?|hop(ped|s)? in(to)?|went down (into )?(the|that)|"
                r"go down (into )?(the|that)|gone down (into )?(the|that)|climbed down|climb down|got in|"
                r"(go|goes|went|gone) down (into )?(hole|trench|excavation|pit|sump)|"
                r"(went|go|gone|going|climbed|climb|goes|jump|jumped|got|get|gets) (down )?(inside|into|in)|down inside|go inside|"
                r"(going|climbing|getting|get|got|gets|jumping) (down )?(into |in )?(the |that )?(hole|trench|excavation|pit|dig|digging)|"
                r"into (the |that )?(hole|trench|excavation|pit|sump|zone|exclusion zone)|"
                r"(went|go|gone|goes|going|walked|walk) to (the |that )?(hole|trench|excavation|pit|exclusion zone))\b"), "entered_zone"),
    (re.compile(r"\b(came out of|come out of|hop(ped|s)? out( of)?|jump(ed|s)? out( of)?|climbed (back )?out|climb (back )?out|got (back )?out|get (back )?out|"
                r"(climbing|coming|getting) (back )?out|(came|come|climbed|got) up out (of )?(the|that)|"
                r"exit(ed|s|ing)?|(left|leave) (the )?(zone|excavation|hole|trench|pit|dig)|came back up|come back up|"
                r"climbed back up|out of (the )?(hole|trench|excavation|pit)|(come|came|comes|coming|climb|climbed) (back )?out (from|of)|"
                r"come out|came out|(come|came|comes|coming|climb|climbed|get|got|gets) (back )?up (out of|from (the|that)|from (?=(hole|trench|"
                r"excavation|pit)\b))|"
                r"(come|came|comes|coming|climb|climbed|get|got|gets) (back )?out (the|that) "
                r"(hole|trench|excavation|pit|dig|zone|shaft))\b"), "left_zone"),
    (re.compile(r"\b(stop(ped|s)?|quit|finish(ed)?|ceased?|knock(ed)? off|down(ed)? (his |her |their )?tools|put down (his|her|their) tools|"
                r"pack(ed)? up|pack(ed|s)? (it )?in|call(ed)? it a day|lay down tools|laid down tools|put down the tools) ?(work|working|bricklaying|laying)?\b"),
     "stopped_working"),
    (re.compile(r"\b(went|go|gone|became|become|get|got|turned?|goes) idle\b|\b(took|take|taking|takes|had|have|went on|"
                r"go on|gone on|started?|went for|go for) (a |his |her |their |the )?(first |second |third |\w+ )?"
                r"(break|rest|breather|smoke|tea break|brew)\b|\bstart(ed)? (idling|slacking|standing around|loafing|relaxing|resting|chilling|lazing)\b|"
                r"\bbecame inactive\b|\bfirst (went|go) idle\b|\bstarted being idle\b|\bstop(ped)? to rest\b|"
                r"\b(make|made|makes|making|do|did) (a |his |her |their |the )?(first |second |third )?(break|pause|rest)\b|"
                r"\b(go|goes|went|gone|going) (to|on|for) (a |his |her |their |the )?(first |second |tea |lunch )?break\b|"
                r"\b(go|goes|went|gone|going) (off )?(to|on|for) (a |his |her |their |the )?(tea|lunch|smoko|smoke|brew|cuppa|coffee|"
                r"dinner|sandwich|sarnie|snack|bite|breakfast)\b|"
                r"\b(break|pause|smoko|rest) (start|started|began|begin)\b|\b(go|goes|went|gone|going) (and )?sit down\b|"
                r"\b(he|she|they|vest|hat|guy|fella|fellow|lad|bloke|man|worker|labourer|one) (sat|sit|sits) (himself |herself |themselves )?down\b|"
                r"\bfor (tea|lunch|a break|break|smoke|a smoke|rest|smoko|coffee) ((he|she|they) |when )?(went|go|goes|has gone|had gone)\b|"
                r"\b(go|goes|went|gone|going) (and|to) (have a |take a )?rest\b|"
                r"\b(took|take|taking|takes|had|have|get|got|gets|getting) (a |his |her |their |the )?(first |second |third )?pause\b|"
                r"\b(get|got|gets|getting) (a |his |her |their |the )?(first |second |third |tea |lunch )?break\b|"
                r"\b(his|her|their) (first |second |tea |lunch )?(break|pause) (he|she|they) (took|had|take|has|got)\b|"
                r"\bthe (first |second |tea |lunch )?(break|pause) of (the|that|this)\b"), "went_idle"),
    (re.compile(r"\b(start(ed|s|ing)?|began|begin|commenc\w*|kick(ed)? off|get|got) (to )?(his |her |their |the )?(work|working|bricklaying|"
                r"laying|building|on the wall|on site|on the tools|going|started|cracking|stuck in)\b|\bbecame active\b|"
                r"\bstart(ed)? on\b|\bbegan on\b|\bcrack(ed)? on\b|\bfirst (started|began)\b|\bclock(ed)? in\b|"
                r"\b(make|made|makes|making) (a |his |her |their )?start\b|\b(get|got|gets|getting) started\b|"
                r"\b(start|starting) time\b|(?<!the )\bstart(ed|s)?(?= (when|what time|at what time)\b)|"
                r"(?<!\bagain )(?<!\bbreak )\b(work|working) (start|started|starts|began|begin|begun)\b"),
     "started_working"),
    (re.compile(r"\b(drop(ped|s|ping)?|put ([\w-]+ ){0,3}down|set ([\w-]+ ){0,3}down|lay ([\w-]+ ){1,3}down|laid ([\w-]+ ){1,3}down|"
                r"puts? down|left (it |them )?(lying|on the ground|on the floor)|fell|fall(en)?|left behind|"
                r"put on the (ground|floor)|placed (it )?(down|on the (ground|floor))|dumped|let go of|thrown|threw|"
                r"tossed|(went|go|gone|came) down|hit the (ground|floor|deck)|on the (ground|floor|deck))\b|^(the |my )?\w+ down (when|at)\b"),
     "dropped"),
    (re.compile(r"\b(picked|pick|picks|picking) ([\w-]+ ){0,3}?(back )?up\b|\bgrab(bed|s)?\b|"
                r"\b(picked|pick|picks|picking|take|takes|taking|took|taken|lift|lifts|lifting|lifted) ([\w-]+ ){1,3}?(from|off) (the )?(floor|ground|deck)\b|"
                r"\b(got|was|were|been) lifted\b|"
                r"\b(was|were|got|get) picked\b|\b(somebody|someone|they|who|he|she|anyone|anybody|i|we|you) picked (it|them)\b(?! (out|off|down|over)\b)|"
                r"\btaken?\b|\btook\b|\blift(ed)? up\b|\bcollect(ed)?\b|\bremoved\b|\bstole|\bstolen\b|\bnicked\b"),
     "picked_up"),
    (re.compile(r"\b(moved?|moving|relocated?|shifted|shift|carried|carry|carrying|repositioned|brought|"
                r"wheeled|pushed|dragged|transferred|carted|lugged|hauled)\b"), "moved"),
    (re.compile(r"\b((first|1st) (seen|saw|see|spotted|spot|spy|spied|sighted|clocked|appear\w*|show(ed|n)? up|arriv\w*|noticed|came|come|comes|coming|caught|turn(ed)? up)|"
                r"appear(ed|s|ance)?|arriv(e|ed|es|al)|(was |were |got |been )?delivered|show(ed|s)? up|turn(ed|s)? up|came (in|on site|onto)|(come|comes|came) (on site|onto (the )?site|into (the )?site)|"
                r"(get|got|come|came) here|enter(ed)? (the )?(site|view|frame|picture)|came into view|"
                r"first being (seen|observed|spotted|noticed|recorded)|first observed|pop(ped)? up|rock(ed)? up|first time|came along|came by|came over|come over|swung over|swung in|"
                r"pull(ed|s)? (in|up|on site)|roll(ed|s)? (in|up|on site)|came through|come through|"
                r"(saw|seen|see|spotted|noticed) (it|him|her|them|the( \w+){1,2}) (for the )?first(?! (time|one)\b))\b"), "first_seen"),
    (re.compile(r"\b(last (seen|saw|see|spotted|sighting|noticed|observed|time (i|you|we) (saw|seen|see))|"
                r"(saw|seen|see|spotted|noticed|observed) (it |him |her |them |that |this |the \w+ )?(for the )?last|lost sight|"
                r"out of (view|sight)|disappear\w*|vanish\w*|went missing|last (glimpse|sign)|last in (view|sight|shot|frame))\b"), "last_seen"),
    (re.compile(r"(?<=\w )(came|come|comes|showed up|rocked up|turned up)(?: in)?\s*$"), "first_seen"),
    (re.compile(r"\b(left|leave|leaving|gone home|went home|walked off|walked away|went away|gone away|clocked out|clock out|departed|depart|"
                r"took off|go home|head(ed)? off|head(ed)? home|gone for good|head(ed|s)? out|pull(ed|s)? out)\b(?= of here\b| out of here\b|\s*$|\s+(the )?(site|area|for good|"
                r"home|yet|already|us|work|today|for the day|\d+:\d\d|at|before|after|how long)|\s+(is|was|did|has|or|and) (he|she|they)\b|"
                r"\s+(is it so|is it|isn't it|is that (so|right)|right|eh|innit|or what)\s*$|\s+(ngl|tbh|lol|idk)\b|\s+or (no|not)\b|\s+(but |though )?(i|we) (did not|never|think|reckon|guess|suppose)\b)|\bleft\s*$|\bleft the site\b|"
                r"(?<!my )(?<!the )(?<!to )(?<!your )\b(left|leave)(?= (when|what time|at what time)\b)"), "left"),
    # a last resort: a bare "go" at the end ("how long ago did the orange vest man go"): went away
    # (not where a clause or a place says which going: "he went in the pit after the banksman went")
    (re.compile(r"^(?!.*\b(before|after|once|inside|into|in|trench|hole|pit|excavation|zone|sump|back)\b).*(?<=\w )(?<!\bto )"
                r"(?<!\bon the )(?<!\bi )(?<!\bwe )(?<!\byou )(go|goes|went|gone)\s*$"), "left"),
)


def _zone_event(text: str) -> Literal["entered_zone", "left_zone"] | None:
    """Which zone event a "back in the trench" question counts from: leaving it ("since he climbed out"),
    else going in ("back to where he went in"); None when it names neither nor a way back in."""
    names = {name for pattern, name in _EVENTS if name in ("entered_zone", "left_zone") and pattern.search(text)}
    if "left_zone" in names:
        return "left_zone"
    if names or re.search(r"\bback (down |up )?(in|into|inside)\b|\b(in|into) (the |that )?\w+ again\b|\bback down( since| there| again)?\s*$",
                          text):  # fmt: skip
        return "entered_zone"
    return None


_PLACE_WORDS = frozenset(("of", "from", "in", "into", "down", "to", "at", "on", "by", "with", "up", "near", "behind", "under", "over",
                          "out", "off", "inside", "onto", "towards", "toward"))
_CLAUSE_OPENERS = frozenset(("the", "he", "she", "they", "his", "her", "their", "a", "an", "that", "this", "someone", "somebody"))


def _fronted_clause(m: re.Match[str]) -> str:
    """An order asked with the other event first and no comma: "after A B" -> "did B after A" where A and B each
    name an event and B opens like a clause; a window or a question word after A leaves it as it was."""
    words = [w for w in m.group(2).split() if w != "only"]
    if re.search(r"\b(when|what|where|how|which|who|whom|did|does|do|is|are|was|were|has|have)\b", " ".join(words[:1])) or \
            re.search(r"\b(did|does|do|was|were|is|are|has|have|had|can|could|will) (the|he|she|they|it|a|an|that|this|his|her|"
                      r"someone|somebody)\b", m.group(2)):  # a question in English order after the clause: not this
        return m.group(0)
    for i in range(2, len(words) - 1):
        first, then = " ".join(words[:i]), " ".join(words[i:])
        if words[i] not in _CLAUSE_OPENERS or words[i - 1] in _PLACE_WORDS or re.search(r"\b(when|what time|where|how|which|who)\b", then):
            continue
        if event_in(first) is not None and event_in(then) is not None:
            return f"did {then} {m.group(1)} {first}"
    return m.group(0)


def event_in(text: str) -> EventName | None:
    for pattern, name in _EVENTS:
        if pattern.search(text):
            return name
    return None


_PPE_PREDICATE = re.compile(
    r"\b(been|was|were|is|are|working|going|walking|spent|stood|went|go|gone|be|being|wandering|running|walked|roaming|"
    r"without it|remained|stayed|stay|go about|went about|worked)\s+(already |still )?(about |around |round )?(without|with no|minus|w/o)\s+"
    r"(a |his |her |their |any |the )?(\w+ )?" + _PPE + r"|\bwithout (his|her|their) (\w+ )?" + _PPE +
    r"|\b(had|has|have|having) no (\w+ )?" + _PPE + r"( on)?\b|\b(out there|around|about|there|working|walking|stood|standing|running about) with no (\w+ )?" + _PPE +
    r"( on)?\b|\b(how long|how many minutes|how much time) (\w+ ){0,2}no (\w+ )?" + _PPE + r"|\bhow long without (a |any |his |her )?(\w+ )?" + _PPE + r"( on)?\b|(?<!with )\bno (\w+ )?" + _PPE + r"( \w+){0,2} how long\b|\bwithout it\b|\b" + _PPE + r" off\b|\bwithout (a |any )?ppe\b|\bno ppe\b|\bunprotected\b|\bbare[- ]?head"
    r"|\bnot (been )?(wearing|wear|got) (a |his |her |their |the |any )?(\w+ )?" + _PPE + r"( on)?\b"
)
_STATES: tuple[tuple[re.Pattern[str], StateName], ...] = (
    (re.compile(r"\b(on the (ground|floor|deck|dirt|mud)|on-ground|on ground|lying|lay|laying around|(laying|layin|lying|sitting|setting|sat|lain|been) (out )?(there |here )?in the (dirt|mud)|lain|sat on the (ground|deck|floor)|down on the|"
                r"sit(ting)? on the (ground|deck|floor)|left lying|lie there|lay there|sat there)\b"), "on_ground"),
    (re.compile(r"\b(in|inside|within|into|near|next to|by|at|around|down|under|beneath|below) (the |that |an? )?(big |deep |open )?"
                r"(exclusion |footings |foundation |drainage |service |cable |pipe |lift )?(zone|excavation|hole|trench|pit|sump|shaft|dig|digging|ditch|danger area|restricted area|no-go|exclusion|"
                r"suspended load|load)\b"), "in_zone"),
    (re.compile(r"\b(idle|idling|idled|inactive|not working|doing nothing|do nothing|stand (around|about)|relaxing|bludg\w*|"
                r"just (standing|sitting|stood|sat)|time ?pass|timepass|"
                r"bunk(ing|ed|s)? off|chill(ing|ed|s)?|chill out|standing round|stood round|sitting on (a|that|the|his|her) bucket|standing (around|about|still)|"
                r"slack\w*|loaf\w*|break|breaks|resting|rest|waiting|hanging (around|about)|chilling|lazy|on (his|her|their) "
                r"phone|sitting (around|about)|sat (around|about|idle)|stood (around|about)|not doing anything|not busy|"
                r"unproductive|downtime|pause|paused|skiving|stopped|time off|breather|idling|goof\w* off|slacking off|"
                r"messing (about|around)|dossing|loitering|knocked off|clocked off|downed tools|go-?slow|lunch|"
                r"smoko|cigarettes?|cigg(?:y|ie|ies)|fags?|on (?:a |his |her |their )?smoke|skylark\w*|sleeping|asleep|napping|"
                r"dozing|snoozing|not doing (?:any |his |her |their )?(?:work|job))\b"), "idle"),
    (re.compile(r"\b(been|is|are|was|were|keeps?|kept|still) (he |she |they )?(actually |really |still )?(digging|shovell?ing|raking|hammering|drilling|nailing|"
                r"pouring|screeding|tying rebar|tying steel|tying|cutting|sawing|welding|plastering|painting|framing|fixing|barrowing|"
                r"floating|tamping|levelling|leveling|grinding|sanding|sweeping|mixing|chiselling|chiseling|chipping|bolting|"
                r"shovelling|loading|unloading|grouting|tiling|roofing|glazing|wiring)\b"), "working"),
    (re.compile(r"\b(work|works|working|worked|active|busy|productive|on the job|grafting|at it|doing (his|her|"
                r"their) job|on task|bricklaying|actively|activity|on the tools|cracking on|getting (anything|something|"
                r"stuff) done|laying|doing (anything|something|much)(?=( right now| now| at the moment)? or\b))\b"), "working"),
)


def state_in(text: str) -> StateName | None:
    """The state a question asks about; between idle and working, the one named first ("working
    without a break" is working, "idle before he started working" idle)."""
    m = re.search(r"\b(not |never )?been (idle|idling|working|busy)\b", text)
    if m and re.search(r"\b(how long|how much time)\b", text) and not re.search(r"\b(idle|working|busy) (without|with no)\b", text):
        idle = m.group(2) in ("idle", "idling")  # "the fella near the hole has been idle"; "has not been working" is idle
        return "idle" if idle != bool(m.group(1)) else "working"
    m = re.search(r"\b(?:he|she|they) (?:is |are )?(idle|working|busy)(?: now| still)?\s*$", text)
    if m and not re.search(r"\bor (?:is |are )?$", text[:m.start()]):
        # the question closes a remark ("came back from the break now only, he is working?"): what it asks; not the
        # second of two choices ("is he doing something or is he idle": the first is the one asked)
        return "idle" if m.group(1) == "idle" else "working"
    m = re.search(r"\b(?:without|with no) (?:a |any |his |her |their )?(?:\w+ )?" + _PPE + r" (?:been |being )?(?:\w+ )?"
                  r"(?P<state>idle|idling|resting|working|busy)\b", text)
    if m and re.search(r"\bhow (long|much time)\b", text):  # "how long was the man without his hard hat idle": the clothes name him
        return "working" if m.group("state") in ("working", "busy") else "idle"
    if _PPE_PREDICATE.search(text) or (re.search(r"\bhow long (in total |altogether |overall |total )?(was|were|has|have|did|is|are)\b", text) and re.search(
            r"\bwithout (a |an |any |his |her |their )?(\w+ )?" + _PPE + r"(?!.*\b(in|inside|down|into|on) (the|that) \w+)|\b(with no|w/o|minus) (a |an |any |his |her |their )?(\w+ )?"
            + _PPE + r"(?!.*\b(in|inside|down|into|on) (the|that) \w+)", text) and not _PRODUCTIVITY.search(text)):
        return "without_ppe"
    hits: dict[StateName, int] = {}
    how = re.search(r"\bhow long\b", text)
    if how is not None:  # the state the how-long clause asks about, when it names one
        rest = text[how.end():]
        if re.search(r"\bat it\b", rest) and how.start() > 0 and state_in(text[:how.start()]) is not None:
            rest = re.sub(r"\bat it\b", "", rest)  # "the second time she was idle, how long was she at it": that spell
        after = state_in(rest) if rest else None
        if after in ("idle", "working"):
            return after
    for pattern, name in _STATES:
        m = pattern.search(text)
        if m:
            if name in ("on_ground", "in_zone"):
                return name
            hits[name] = m.start()
    if not hits:
        return None
    return sorted(hits.items(), key=lambda kv: kv[1])[0][0]


def _spell(text: str) -> tuple[Spell | None, int | None]:
    text = re.sub(r"\b(standing|stood|stand|stands|sitting|sat|sits|lying|lay|lies|kept|keeps) still\b", r"\1", text)
    m = re.search(r"\b(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th) (idle |working |work |lazy |tea |smoke |lunch |brew )?(spell|break|brew|entry|visit|idle|idling|"
                  r"stint|period|stretch|time|round|session|bout|rest|block|stop|pause|phase|breather|skive|idling|coffee|cigarette|ciggie|fag|smoke|"
                  r"tea|lunch)\b", text)  # fmt: skip
    if m:
        return "nth", _ORDINALS[m.group(1)]
    if re.search(r"\b(in total|total|altogether|all together|overall|combined|cumulative|sum|added up|adding (it )?all( up)?|adding up|in all|"
                 r"all day|all shift|whole shift|so far today|entire|all in all|total of|all up)\b", text):  # fmt: skip
        return "total", None
    if re.search(r"\bbefore (he|she|they) first (stop|stops|stopped|knock|knocked|quit|took a break|went idle|had a break)\b", text):
        return "nth", 1  # "how long did he work before he first stopped": his first stint
    if re.search(r"\bbefore (he |she |they )?(stop|stops|stopped|stopping|knock|knocks|knocked|knocking|quit|quits|quitting)\b|"
                 r"\bbefore (he|she|they) (went|go|took|had) (to (go|take|have) )?(for |on )?(a |his |her |their )?(break|rest|lunch|"
                 r"tea|smoko|pause)\b|\btook how long\b|"
                 r"\bhow long did (it|that|the \w+) take\b|\bfinished (his |her |their |the )?(break|lunch|tea|smoko)\b(?!.*\b(has|have|been|still)\b)", text):
        # the spell is over: "work how long before he stop", "break finish, break how long"
        return "last", None
    if re.search(r"\btook (for |on )?(a |his |her |their )?(break|rest|lunch|tea|smoko)\b|\b(break|rest|lunch|tea) (he|she|they) took\b",
                 text) and \
            not re.search(r"\b(has|have|been|still|now)\b", text):
        return "last", None  # "how long the man took for his break": a past spell, though "did" is missing
    if re.search(r"\bthat time\b", text) and not re.search(r"\b(has|have|been|still|now)\b", text):
        return "last", None  # "brick man take rest that time, rest how long?": then, not now
    if re.search(r"\bjust now\b", text) and not re.search(r"\b(has|have|been|still)\b", text):
        return "last", None  # "just now the guy in green rest how long?": the spell a moment ago
    if re.search(r"\bhad\b(?:(?!\b(?:has|have|now|still)\b).)*\bbeen\b", text):
        return "last", None  # "how long had my drill been lying there": the past perfect, a spell that is over
    if re.match(r"how long (is|are|am)\b", text) and not re.search(r"\b(last|latest|previous|first|second)\b", text):
        return "current", None  # "how long is yer man stood there doing nothing": it goes on
    if re.search(r"\b(last|latest|most recent|previous|recent)\b", text) and not re.search(r"\b(has|have)\b.*\bbeen\b", text):
        return "last", None
    if re.search(r"\b(has|have|been|currently|right now|now|this time|at the moment|still|at present|ongoing|so far|already|"
                 r"is (he|she|they|the \w+) (idle|working))\b", text):  # fmt: skip
        return "current", None
    if re.search(r"\b(was|were|did|lay|stood|sat|lasted|stayed|remained|spent)\b", text):
        return "last", None
    if re.search(r"\b(is|are|am|lies|stands|sits)\b", text):  # "how long is the drill on the floor": it still is
        return "current", None
    if re.search(r"\b(lunch|tea|smoke|coffee)\b|\b(his|her|their|the \w+) break\b", text) and not re.search(
            r"\b(on|taking|having|resting|idle|idling|working|now|today|will|gonna)\b", text):
        return "last", None  # "the carpenter lunch break how long time?": a break named, no tense: the one he had
    return None, None


def _colour_re() -> str:
    return "|".join(COLOURS)


def _attributes(text: str, start: int, end: int) -> dict[str, bool | str]:
    """Attributes stated next to a subject phrase text[start:end]: before it ("the orange-vest guy",
    "the red toolbox") and after it ("in the orange vest", "without a hardhat")."""
    attrs: dict[str, bool | str] = {}
    before = text[max(0, start - 40):start]
    after = text[end:end + 60]
    colours = _colour_re()
    m = re.search(rf"\b({colours})[- ](hi-vis|vest|jacket|high[- ]vis|hi-vis vest|top|shirt|coat)[- ]?(wearing\s+)?$", before)
    if m:
        attrs["vest"] = _colour(m.group(1))
    m = re.search(rf"\b({colours})[- ]?(hardhat|hat)[- ]?(wearing\s+)?$", before)
    if m:
        attrs["hat_colour"] = _colour(m.group(1))
    if re.search(r"\b(hatless|bare[- ]?headed|unhelmeted|no[- ]hardhat|no[- ]hat)\s*$", before):
        attrs["hardhat"] = False
    m = re.search(rf"\b({colours})\s*$", before)
    if m and not attrs:
        attrs["colour"] = _colour(m.group(1))
    lead = (r"\s*(?:(?:have|has) you seen |did you see |you (?:have )?seen |you saw )?"
            r"(?:who is |that is |that was |who was |who is wearing |guy |one |,\s*)?(?:(?:on|to|at) (?:my|the) "
            r"(?:left|right|front|back) |behind me |in front of me |over there |there |over here |here )?(?:in (?:a|the) \w+ )?")
    bare = re.match(rf"\s+({colours})[- ](?:hi-vis|high[- ]vis|vest|jacket)\b", after)
    if bare:
        attrs["vest"] = _colour(bare.group(1))
        if re.match(r"\s*(?:and\s+)?(?:no|without|w/o|minus)\s+(?:a\s+)?hardhat\b", after[bare.end():]):
            attrs["hardhat"] = False  # "lady yellow vest no helmet"
    bare_hat = re.match(rf"\s+(?:({colours})[- ](?:hi-vis|high[- ]vis|vest|jacket)\s+)?({colours})[- ]?(?:hardhat|hat)\b", after)
    if bare_hat:  # "the guy white hardhat", "the dogman orange vest white hardhat one"
        attrs["hat_colour"] = _colour(bare_hat.group(2))
    m = re.match(lead + rf"(?:in|with|wearing|wears|dressed in|sporting)\s+(?:the\s+|a\s+|an\s+|his\s+|her\s+|that\s+)?"
                 rf"(?:bright\s+)?({colours})(?:[- ](?:hi-vis|high[- ]vis|vest|jacket|top|shirt|coat))?(?:\s+(?:hi-vis|vest))?"
                 rf"(?!\s*hardhat|\s*hat\b)", after)  # fmt: skip
    vest_before = attrs.get("vest")
    if m:
        attrs["vest"] = _colour(m.group(1))
        after_vest = after[m.end():]
        hat = re.match(rf"\s*(?:and\s+(?:(?:with|in|wearing)\s+)?|(?:with|in|wearing)\s+)(?:the\s+|a\s+|an\s+)?({colours})\s+(?:hardhat|hat)",
                       after_vest)
        if hat:  # "in the yellow vest with the white hat"
            attrs["hat_colour"] = _colour(hat.group(1))
        elif re.match(r"\s*(?:and\s+|but\s+)?(?:without|with no|no|not wearing|minus)\s+(?:a\s+|an\s+|his\s+|her\s+|any\s+)?"
                      r"(?:hardhat|hat|helmet)\b", after_vest):  # "in the yellow vest without a hard hat"
            attrs["hardhat"] = False
    m = re.match(lead + rf"(?:in|with|wearing)\s+(?:the\s+|a\s+|an\s+)?({colours})\s+(?:hardhat|hat)", after)
    if m:
        attrs["hat_colour"] = _colour(m.group(1))
        attrs.pop("vest", None)  # "with the red hat" is not a red vest; a vest named before the noun stands
        if vest_before is not None:
            attrs["vest"] = vest_before
        vest = re.match(rf"\s*(?:and\s+)?(?:with|in|wearing)\s+(?:the\s+|a\s+|an\s+)?({colours})[- ](?:hi-vis|vest|jacket)",
                        after[m.end():])  # fmt: skip
        if vest:
            attrs["vest"] = _colour(vest.group(1))
    if re.match(lead + r"(?:without|with no|not wearing|w/o|minus|missing|lacking|who is not wearing|who was not wearing|"
                r"that is not wearing|who took off|that took off|who removed|who had no|that had no|who has no|that has no|"
                r"having no|no|wearing no|"
                r"with his|with her|with their)\s+(?:a\s+|an\s+|his\s+|her\s+|their\s+|the\s+|any\s+)?(?:(?!vest\b|hi-vis\b)\w+\s+)?hardhat(?:\s+off)?",
                after) and not re.match(lead + r"with (his|her|their) (\w+ )?hardhat(?! off)", after):  # fmt: skip
        attrs["hardhat"] = False
    elif re.match(lead + r"(?:(?:without|with no|not wearing|no|wearing no|minus|who has no|that has no|who had no|having no)\s+"
                  r"(?:a\s+|an\s+|his\s+|her\s+|any\s+)?|(?:who is|who was|that is|who's) not wearing\s+"
                  r"(?:a\s+|an\s+|his\s+|her\s+|any\s+|the\s+)?)(?:hi-vis|vest|high[- ]vis)", after):  # fmt: skip
        attrs["vest"] = "none"
    elif re.match(lead + r"(?:wearing|in)\s+(?:a\s+|an\s+|his\s+|her\s+|the\s+)?hardhat|"
                  r"\s*with\s+(?:a\s+|an\s+|the\s+)?hardhat|\s*with (?:his|her) hardhat on", after):  # fmt: skip
        attrs["hardhat"] = True
    return attrs


def _colour(c: str) -> str:
    return "grey" if c == "gray" else c


_SYN_RE = re.compile(  # (a plural the table lacks is the thing too: "how many trucks")
    r"\b(" + "|".join(re.escape(s) for s in sorted(SYNONYMS, key=len, reverse=True)) + r")(?:(?<=[sxh])es|(?<![s])s)?\b"
)
# Trades and site roles: a person named by what they do. Spelling variants map to one role.
ROLES: dict[str, str] = {
    "bricklayer": "bricklayer", "brickie": "bricklayer", "brickies": "bricklayer", "mason": "bricklayer",
    "journeyman": "journeyman", "journeymen": "journeyman", "blockie": "bricklayer",
    "blockies": "bricklayer",
    "labourer": "labourer", "laborer": "labourer", "labour": "labourer", "labor": "labourer", "labourers": "labourer", "laborers": "labourer",
    "banksman": "banksman", "signaller": "banksman", "slinger": "slinger", "rigger": "rigger",
    "boilermaker": "boilermaker", "hole watch": "hole watch", "fire watch": "fire watch",
    "scaffold builder": "scaffold builder",
    "bar bender": "bar bender", "connector": "connector", "connectors": "connector", "super": "superintendent",
    "superintendent": "superintendent", "signalman": "banksman", "steel fixer": "steel fixer",
    "steelfixer": "steel fixer", "fixer": "steel fixer", "rodbuster": "steel fixer",
    "ironworker": "ironworker", "scaffolder": "scaffolder", "electrician": "electrician", "carpenter": "carpenter",
    "sparky": "electrician", "sparkies": "electrician", "sparkie": "electrician", "chippy": "carpenter",
    "chippie": "carpenter", "chippies": "carpenter", "dogman": "dogman", "dogmen": "dogman", "gateman": "gateman", "concreter": "concreter",
    "joiner": "carpenter", "plumber": "plumber", "apprentice": "apprentice", "trainee": "apprentice",
    "foreman": "foreman", "inspector": "inspector", "visitor": "visitor", "visitors": "visitor",
    "digger driver": "digger driver", "crane operator": "crane operator", "operator": "operator",
    "supervisor": "supervisor", "site manager": "site manager", "surveyor": "surveyor", "welder": "welder",
    "painter": "painter", "plasterer": "plasterer", "roofer": "roofer", "glazier": "glazier",
    "groundworker": "groundworker", "ground worker": "groundworker", "formworker": "formworker",
    "shuttering joiner": "formworker", "concrete finisher": "concrete finisher", "finisher": "concrete finisher",
    "drywaller": "drywaller", "framer": "framer", "pipefitter": "pipefitter", "fitter": "fitter",
    "fitters": "fitter", "erector": "steel erector", "erectors": "steel erector", "steel erector": "steel erector",
    "driver": "driver", "engineer": "engineer", "mechanic": "mechanic", "pipelayer": "pipelayer",
    "flagger": "traffic controller", "traffic controller": "traffic controller", "marshal": "traffic marshal",
    "watchman": "watchman", "casual": "labourer", "flagman": "traffic controller", "hse officer": "safety officer",
    "traffic marshal": "traffic marshal", "security guard": "security guard", "guard": "guard", "hod carrier": "hod carrier", "hodcarrier": "hod carrier", "ganger": "ganger",
    "safety officer": "safety officer", "safety man": "safety officer", "scaffie": "scaffolder", "scaffies": "scaffolder", "iron bender": "steel fixer",
    "iron benders": "steel fixer", "equipment operator": "operator", "fire warden": "fire warden",
    "site engineer": "engineer", "site agent": "site manager", "general hand": "general hand", "general hands": "general hand",
    "porter": "porter", "porters": "porter", "crane driver": "crane operator", "crane drivers": "crane operator",
    "tiler": "tiler", "tilers": "tiler", "helper": "helper", "helpers": "helper",
}  # fmt: skip
_PRONOUN = re.compile(r"\b(he|she|him|her|his|they|them|their|whoever)\b")


def subjects_in(text: str, labels: Iterable[str] = ()) -> list[tuple[int, SubjectRef, bool]]:
    """Things named in the text, by position, with their attributes and whether the naming is weak ("someone").
    `labels`: labels the memory holds (a site's own detector labels are recognised too)."""
    found: list[tuple[int, int, SubjectRef, bool]] = []
    extra = [lab for lab in labels if lab not in SYNONYMS.values()]
    patterns = [_SYN_RE]
    if extra:  # a site's own labels first: "the sledgehammer" is its `sledgehammer`, not any `hammer`
        patterns.insert(0, re.compile(r"\b(" + "|".join(re.escape(e.replace("_", " ")) for e in
                                                       sorted(extra, key=len, reverse=True)) + r")s?\b"))
    for pattern in patterns:
        own = pattern is not _SYN_RE  # the memory's own label, as it is (not a synonym's)
        for m in pattern.finditer(text):
            phrase = m.group(1)
            label = phrase.replace(" ", "_") if own else (SYNONYMS.get(phrase) or phrase.replace(" ", "_"))
            if any(a < m.end() and m.start() < b for a, b, _, _ in found):
                continue
            if label == "worker" and m.group(0) != phrase:
                continue  # (people's plurals the table names itself: "the lads"; "the boys'll want it" is no one asked about)
            if _not_a_subject(text, m, phrase):
                continue
            attrs = _attributes(text, m.start(), m.end()) if label == "worker" else _thing_attributes(text, m.start(), m.end())
            role = ROLES.get(phrase) if label == "worker" else None
            weak = phrase in _WEAK_PEOPLE or (label == "worker" and re.search(r"\b(any|some|a|an)\s+$", text[:m.start()]))
            found.append((m.start(), m.end(), SubjectRef(label=label, attributes=attrs, role=role), bool(weak)))
    # compound nouns: the last noun is the thing. A contract label keeps its name ("the trench ladder", "the kerb
    # pallet" = ladder, pallet); another thing is named by its whole noun phrase ("the mini excavator" =
    # mini_excavator, "the trench box" = trench_box; the answers fall back to the shorter label the memory holds)
    for f in found:
        head = next((g for g in found if 0 <= g[0] - f[1] <= 1 and g[2].label != f[2].label
                     and (g[2].label != "worker" or f[2].label == "worker")), None)
        if head is not None and f[2].label != "worker" and head[2].label != "worker" and head[2].label not in CONTRACT_LABELS:
            found[found.index(head)] = (f[0], head[1], head[2].model_copy(  # ("orange extension cable": its colour)
                update={"label": f"{text[f[0]:f[1]].replace(' ', '_')}_{head[2].label}",
                        "attributes": {**f[2].attributes, **head[2].attributes}}), head[3])
    found = [f for f in found if not any(0 <= g[0] - f[1] <= 1 and g[2].label != f[2].label
                                         and (g[2].label != "worker" or f[2].label == "worker") for g in found)]
    for i, (a, b, ref, weak) in enumerate(found):
        if ref.label == "worker":
            continue
        before = re.search(r"(?:^|\b(?:the|my|your|his|her|our|their|that|this|a|an) |\b(?:" + _colour_re() + r") )([a-z]+) $",
                           text[:a])  # (a noun phrase's start: an article, a colour, or the question's first word)
        after = re.match(r" ([a-z]+)\b", text[b:])
        if before and ref.label not in CONTRACT_LABELS and _noun_modifier(before.group(1)) and (
                before.start() > 0 or not _english() or before.group(1) in _english()):  # (not "usta, flex ...")
            start = a - len(before.group(1)) - 1
            found[i] = (start, b, ref.model_copy(update={"label": f"{before.group(1)}_{ref.label}",
                                                         "attributes": ref.attributes or _thing_attributes(text, start)}), weak)
        elif after and _compound_head(after.group(1)) and _phrase_starts(text, a):  # "crane hook, which way ...?"
            found[i] = (a, b + 1 + len(after.group(1)), ref.model_copy(
                update={"label": f"{text[a:b].replace(' ', '_')}_{_singular(after.group(1))}", "attributes": ref.attributes}), weak)
    if any(f[2].label == "suspended_load" for f in found):
        found = [f for f in found if f[2].label not in ("crane", "tower_crane")]  # "the crane's load": the load is asked about
    colours = _colour_re()
    # a worker named by what they wear: "orange vest", "the one in orange", "red hat", "orange idle"
    for m in re.finditer(rf"\b({colours})[- ](hi-vis|vest|jacket|high[- ]vis|top|shirt|coat|hardhat|hat)s?\b", text):
        key = "hat_colour" if m.group(2) in ("hardhat", "hat") else "vest"
        if any(a <= m.start() < b or a < m.end() <= b for a, b, _, _ in found) or _noun_follows(text, m.end()):
            continue
        worn = next((i for i, (_a, b, s, _w) in enumerate(found) if s.label == "worker"
                     and s.attributes.get(key) == _colour(m.group(1)) and 0 <= m.start() - b <= 60), None)
        if worn is not None:  # what a person named before wears ("the person in the yellow vest and white hardhat"):
            found[worn] = (*found[worn][:3], False)  # that person, described: not a weak "someone"
            continue
        found.append((m.start(), m.end(), SubjectRef(label="worker", attributes={key: _colour(m.group(1))}), False))
    for m in re.finditer(rf"\b(?:the one|the ones|one|the guy|whoever|anyone|anybody|he|she|him|her|they)\s+(?:in|wearing|with)\s+"
                         rf"(?:the\s+)?({colours})\b(?!\s+(vest|hi-vis|hat|hardhat|jacket))", text):  # fmt: skip
        if not any(a <= m.start() < b for a, b, _, _ in found):
            found.append((m.start(), m.end(), SubjectRef(label="worker", attributes={"vest": _colour(m.group(1))}), False))
    for m in re.finditer(rf"(?:^|\b(?:was|is|has|did|does|for|of)\s+)({colours})\s+(?=(been\s+)?(idle|working|busy|work|"
                         rf"go|went|start|stop|take|took|left|arrive|get|got|on|slack|stood|standing|back|into|out|off))", text):  # fmt: skip
        if not any(a <= m.start(1) < b for a, b, _, _ in found):
            found.append((m.start(1), m.end(1), SubjectRef(label="worker", attributes={"vest": _colour(m.group(1))}), False))
    bare = re.search(rf"\b({colours})\s*$", text)  # "2nd break length, yellow": the one in yellow
    if bare and not any(a <= bare.start() < b for a, b, _, _ in found) and not any(
            s.label != "worker" for _, _, s, _ in found):  # fmt: skip
        found.append((bare.start(), bare.end(), SubjectRef(label="worker", attributes={"vest": _colour(bare.group(1))}), False))
    pm = re.search(r"\b(the one|one|whoever|anyone|anybody|he|she|him|her|they|someone|somebody)\b(?=\s+(in|with|without|"
                   r"wearing|not wearing|who|missing))", text)  # fmt: skip
    if pm and not any(s.label == "worker" and not weak for _, _, s, weak in found):
        attrs = _attributes(text, pm.start(), pm.end())
        if attrs:
            found.append((pm.start(), pm.end(), SubjectRef(label="worker", attributes=attrs), False))
    for m in re.finditer(  # a thing this site's detector may name that the vocabulary lacks: "the nail gun"
            r"\b(?:(?:the|my|your|his|her)\s+(?:(?:" + _colour_re() + r")\s+)?(?:(?:small|little|big|large|old|new|long|short|tall|heavy|wide|thin|thick|empty|full)\s+)?|"
            r"(?:that|this)\s+(?:" + _colour_re() + r"|small|little|big|large|old|new)\s+|(?:(?<=\bis )|(?<=\bwhere )|(?<=\bhas )|(?<=\bwas )|(?<=\bdid )|(?<=\bdoes )|(?<=\bup )|(?<=\bgrabbed )|"
            r"(?<=\bdropped ))(?:that|this)\s+(?!(?:same|one|ones|guy|the|a|an|my|your|his|her|is|was|happen|happens|\w+ing|\w+ed)\b))((?!(?:" + _NOT_THINGS + r")\b)[a-z]+(?:-[a-z]+)*(?:\s+(?!(?:"
                      + _NOT_THINGS + r")\b)[a-z]+)?)\b", text):  # fmt: skip
        words = m.group(1).split()
        if len(words) == 2 and (words[1] in _LINKS or words[1] in _NOT_NAMES or words[1] in _ARTICLES or words[1].endswith("ly") or (
                words[1].endswith("ed") and words[1] not in _HEAD_NOUNS) or (
                words[1].endswith("ing") and words[1] not in _ING_NOUNS and words[1] not in _HEAD_NOUNS)):  # fmt: skip
            words = words[:1]
        end = m.start(1) + len(" ".join(words))
        start = m.start(1)
        material = re.match(r"\s+of\s+(?:the\s+)?([a-z]{3,})\b", text[end:]) if words[0] in _MEASURE_NOUNS else None
        if material and material.group(1) not in _NOT_THINGS_SET:  # "that sheet of plywood": the plywood
            words, start, end = [material.group(1)], end + material.start(1), end + material.end(1)
        if len(" ".join(words)) <= 2 or any(a < end and m.start(1) < b for a, b, _, _ in found) or any(
                0 <= a - end <= 14 and all(w in _DESCRIBING or w in COLOURS or w in ("of", "the", "a", "an")
                                           for w in text[end:a].split())
                for a, _, _, _ in found):  # fmt: skip
            continue  # overlaps a known thing, or is an adjective of one ("the little orange cone")
        named = len(words)
        said = re.search(rf"\b({_colour_re()})\s+$", text[max(0, m.start(1) - 12):m.start(1)])
        colour = _colour(said.group(1)) if said else None  # "that orange barrel": a barrel, orange
        if not (len(words) == 2 and "-" in words[0]):  # ("the cut-off saw" is a saw named by its whole phrase)
            words = [w for w in words if w not in SYNONYMS]
        if not words or len(words) < named:
            continue
        label = "_".join(words).replace("-", "_")
        label = _singular(label)
        found.append((start, end, SubjectRef(label=label, attributes={"colour": colour} if colour else {}), True))  # weak: a guess
    if not any(sref.label != "worker" for _a, _b, sref, _w in found):
        # topic first, terse: "MEWP on my left or right?", "scissor lift which direction from me now"
        tm = re.match(r"(?:the |my |a |that )?([a-z]+(?: [a-z]+)?) (?=(?:on my|to my|which|where|still|moved|go|went|"
                      r"came|come|park|parked|first|last|when|how|got|is|are|was|were|behind|in front|left|right|now|"
                      r"me|to|before|after|location|spot|position|direction|side|lying|sitting|standing|from|"
                      r"yet|there|here|between|since|during|until|till|lay|lied|lies)\b)", text)
        # ("tag line me from which side now", "chain sling before ...", "plank between 2:00 and 6:30 how long lied ...")
        if tm and all(_noun_modifier(w) and w not in _PEOPLE and w not in _KEYWORD_SET and w not in _ASIDES
                      for w in tm.group(1).split()) and not any(a <= tm.start(1) < b for a, b, _, _ in found):  # fmt: skip
            found.append((tm.start(1), tm.end(1), SubjectRef(label=_singular(tm.group(1).replace(" ", "_"))), True))
    if sum(sref.label != "worker" for _a, _b, sref, _w in found) < 2:
        # a compound named without an article (Slavic, Somali, Chinese English): "when I saw concrete pump"
        for cm in re.finditer(r"\b([a-z]{3,}) (" + "|".join(sorted(_HEAD_NOUNS)) + r")\b", text):
            if _noun_modifier(cm.group(1)) and cm.group(1) not in _PEOPLE and cm.group(1) not in _KEYWORD_SET \
                    and cm.group(1) not in _ASIDES and not any(a < cm.end() and cm.start() < b for a, b, _, _ in found):  # fmt: skip
                found.append((cm.start(), cm.end(), SubjectRef(label=_singular(f"{cm.group(1)}_{cm.group(2)}"),
                                                                attributes=_thing_attributes(text, cm.start(), cm.end())), True))
                break
    many = re.search(r"\bhow many (?:different |distinct |separate |unique |individual )?([a-z]{3,})s\b", text)
    if many and not found and many.group(1) not in _NOT_THINGS_SET and many.group(1) + "s" not in SYNONYMS \
            and many.group(1) not in SYNONYMS:  # fmt: skip
        found.append((many.start(1), many.end(1) + 1, SubjectRef(label=_singular(many.group(1) + "s")), True))  # "how many utes"
    found.sort(key=lambda f: f[0])
    return [(pos, s, weak) for pos, _end, s, weak in found]


def _phrase_starts(text: str, at: int) -> bool:
    """Whether a noun phrase starts at `at`: after an article or a colour, or as the question's first words (a topic
    named first: "crane hook, which way from me?", "blue mortar bucket still there?")."""
    return at == 0 or re.search(r"\b(?:the|my|your|his|her|our|their|that|this|a|an|" + _colour_re() + r") $",
                                text[max(0, at - 12):at]) is not None


def _singular(label: str) -> str:
    """A plural label's singular: "lorries" -> lorry, "bakkies" -> bakkie, "utes" -> ute ("ss" stays: "the glass")."""
    if label.endswith("ies") and len(label) > 4 and label[-4] in "rlntdmv":
        return label[:-3] + "y"
    return label[:-1] if label.endswith("s") and not label.endswith("ss") else label


_MEASURE_NOUNS = frozenset({"sheet", "sheets", "stack", "pile", "heap", "bundle", "roll", "coil", "length", "lengths", "load",
                            "batch"})
"""A quantity of a material ("that sheet of plywood", "the roll of membrane"): the material is the thing asked about."""
CONTRACT_LABELS = frozenset({"worker", "ladder", "toolbox", "drill", "hammer", "scaffold", "wheelbarrow", "cone", "pallet",
                             "brick_wall", "excavation", "suspended_load"})
"""The contract's own labels: a compound noun ending in one of these is that thing ("the trench ladder" = ladder)."""
_DESCRIBING = frozenset({
    "big", "small", "little", "large", "huge", "tiny", "old", "new", "other", "same", "different", "distinct",
    "separate", "another", "unique", "various", "several", "spare", "broken", "empty", "full", "heavy", "light",
    "long", "short", "tall", "wooden", "wood", "metal", "steel", "aluminium", "aluminum", "plastic", "nearest",
    "closest", "far", "near", "main", "only", "whole", "entire", "usual", "right", "left", "front", "back", "good",
    "bad", "wee", "young", "parked", "working", "moving", "fresh", "dirty", "clean", "extra", "second", "last",
    "next", "individual", "bright", "dark", "shiny", "rusty", "yellow", "own", "first", "third", "previous",
})  # fmt: skip


_ING_NOUNS = frozenset({"sling", "slings", "ring", "rings", "string", "spring", "fitting", "fittings", "railing",
                        "railings", "coupling", "couplings", "casing", "ceiling", "shoring", "sheeting", "decking",
                        "piling", "cladding", "lagging", "bedding", "tubing", "flooring", "scaffolding"})
"""Nouns that end like a verb's -ing ("the chain sling", "the handrail fitting")."""
_ASIDES = frozenset({"sorry", "listen", "hello", "hiya", "excuse", "anyway", "anyhow", "well", "hey", "oi", "cheers",
                     "thanks", "question", "quick", "um", "umm", "erm", "err", "uh", "ah", "oh", "alright", "morning",
                     "evening", "afternoon", "honestly", "seriously", "basically", "also", "actually", "just"})
"""Words a question opens with that name nothing ("sorry, is the ...", "listen, where ...")."""


def _noun_modifier(word: str) -> bool:
    """Whether `word` before a thing's name is a noun naming a kind of it ("concrete truck", "mini excavator")
    rather than a describing word, a number or a verb ("the old truck", "the parked truck")."""
    return (len(word) >= 3 and word.isalpha() and word not in _DESCRIBING and word not in _COMMON and word not in _LINKS
            and word not in SYNONYMS and word not in _ORDINALS and word not in _NUMBER_WORDS and word not in COLOURS
            and (not word.endswith(("ing", "ed", "ly", "est")) or word in _ING_NOUNS) and word not in _NOT_THINGS_SET)


# Nouns that head a compound naming equipment ("the trench box", "the rebar cage", "the drill bit").
_HEAD_NOUNS = frozenset((  # noqa: SIM905 - a word list reads better as words
    "box boxes cage cages bit bits rack racks bar bars truck trucks jack jacks pump pumps mat mats gate gates "
    "board boards sheet sheets panel panels bag bags tray trays post posts clamp clamps plate plates shield "
    "shields net nets tank tanks hose hoses cable cables cord cords case cases kit kits stack stacks pile "
    "piles bundle bundles roll rolls drum drums trolley trolleys cart carts ramp ramps platform platforms hoist hoists "
    "winch sling slings chain chains hook hooks beam beams mesh anchor anchors bolt bolts cutter cutters compactor "
    "compactors roller rollers breaker breakers blower blowers lamp lamps light lights tripod tripods station "
    "stations guard guards rail rails barrier barriers fence fences tower towers unit units cabin cabins bin bins "
    "skip skips container containers tub tubs bucket buckets spreader spreaders vibrator poker pokers float floats "
    "screed screeds tie ties chair chairs spacer spacers wagon wagons bowser bowsers grinder grinders gun guns "
    "bender benders lead leads plank planks tube tubes coupler couplers"
).split())


def _compound_head(word: str) -> bool:
    """Whether `word` after a thing's name is the noun the phrase names ("the trench box", "the rebar cage")."""
    return word in _HEAD_NOUNS and word not in SYNONYMS


_LINKS = {
    "in", "on", "at", "of", "to", "for", "with", "from", "by", "near", "is", "are", "was", "were", "been", "that",
    "who", "which", "gone", "go", "went", "now", "here", "there", "i", "you", "he", "she", "we", "they", "got", "get",
    "still", "be", "being", "has", "have", "had", "did", "do", "does", "and", "or", "but", "so", "up", "down", "out",
    "put", "turn", "turned", "rock", "rocked", "show", "showed", "end", "ended", "stand", "stood", "sit", "sat", "leave",
    "come", "came", "take", "took", "move", "moved", "drop", "dropped", "pick", "picked", "lay", "laid", "start",
    "started", "stop", "stopped", "head", "headed", "arrive", "arrived", "work", "worked", "working",
    "between", "during", "since", "until", "till", "after", "before", "behind", "under", "into", "onto", "inside",
    "outside", "how", "when", "where", "what", "lies", "lied", "lying",
}  # fmt: skip

_NOT_THINGS = (
    "same|other|one|ones|first|second|third|last|next|time|times|moment|way|place|spot|side|left|right|front|back|"
    "rear|view|site|area|zone|start|end|morning|afternoon|day|shift|break|footage|recording|video|video's|clip|camera|"
    "minute|minutes|second|seconds|hour|hours|ground|floor|deck|weather|wall|question|answer|thing|things|stuff|"
    "lot|bit|rest|whole|total|job|work|meantime|beginning|middle|heading|direction|location|position|status|"
    "whatsit|thingy|thingummy|thingamajig|doodah|whatchamacallit|"
    "current|previous|latest|most|least|best|worst|new|old|now|then|while|latter|former|case|point|mark|way|"
    "bearings|little|big|small|large|tall|short|long|usual|whole|entire|neck|knees|knee|head|arm|arms|hands|eyes|"
    "clock|wind|noise|clatter|radio|suit|apprentice|delivery|lorry|shoulder|pause|smoko|breather|"
    "hell|heck|world|team|company|client|boss|budget|plan|plans|drawings|weekend|week|month|year|today|tomorrow|"
    "daily|report|record|log|notes|diary|paperwork|avoidance|doubt|purposes|sake|benefit|incident|investigation|"
    "items|item|objects|object|equipment|tools|everything|anything|something|nothing|people|ones|"
    "i|you|he|she|we|they|it|me|him|her|us|them|is|are|was|were|be|been|do|did|does|have|has|had|that|this|these|those|"
    "aye|eh|och|naw|yeah|yep|nope|ok|okay|count|tally|duration|length|matter|issue|problem|topic|"
    "vest|vests|hat|hats|hardhat|hi-vis|jacket|helmet|lid|shirt|top|coat|ppe|gear|bright|dark|light|"
    + "|".join(COLOURS)
)
_NOT_THINGS_SET = frozenset(_NOT_THINGS.split("|"))
# Words that end a thing's name rather than continue it ("the schela behind me", "the roaba how long")
_NOT_NAMES = frozenset((  # noqa: SIM905 - a word list reads better as words
    "behind how when where what why which who whom whose off again today already ever never just also too yet "
    "disappear disappeared disapear vanish vanished stay stays stayed lie lies lying sit sits sitting stand stands "
    "standing gone missing last first since until till ago before after around about over under near next "
    "somewhere anywhere everywhere nowhere please pls plz mate bro fam earlier later yesterday recently then "
    "once twice fell broke break breaks ran run runs left lost"
).split())


def _noun_follows(text: str, end: int) -> bool:
    m = re.match(r"[- ]+(\w+(?: \w+)?)", text[end:])
    if not m:
        return False
    first = m.group(1).split(" ")[0]
    return first in SYNONYMS or m.group(1) in SYNONYMS


_AFTER_A_COLOUR = ("somebody|someone|go|goes|went|gone|is|was|are|were|where|still|now|moved|move|take|took|taken|at|on|in|by|"
                   "near|from|to|there|here|already|when|what|which|lying|standing|sitting|fell|dropped|picked|left|stay|stays|"
                   "come|came|back|how|since|last|first")
"""Words that may follow a colour put after its thing ("wheelbarrow green go where"): the colour ends the noun phrase."""


def _thing_attributes(text: str, start: int, end: int | None = None) -> dict[str, bool | str]:
    m = re.search(rf"\b({_colour_re()})[- ]?$", text[max(0, start - 12):start])
    if m is None and end is not None:  # "the toolbox red" (a colour after its thing, as in Spanish or French)
        m = re.match(rf"\s+({_colour_re()})\b(?!\s*(vest|hi-vis|hat|hardhat|jacket|one|ones|shirt|top|coat)\b)"
                     rf"(?!\s+(?!(?:{_AFTER_A_COLOUR})\b)[a-z]+)", text[end:])  # (Lao-shaped "toolbox red somebody take go where?")
    if m is None and end is not None:  # "the ladder that is yellow", "the drill, it's green", "... I think it was green"
        m = re.search(rf"^\s+(?:(?:that|which|it|they) (?:is|was|were|are)(?: with)?|"
                      rf"(?:[a-z']+ ){{0,8}}(?:i think|i believe|i reckon|pretty sure) it (?:is|was))\s+(?:a |the )?"
                      rf"({_colour_re()})\b(?: colou?r\b)?(?!\s*(vest|hi-vis|hat|hardhat|helmet|jacket|handle|one|ones|shirt|top|coat))", text[end:])
    if m is None and end is not None:  # "drill with yellow, where is it?" (not "the skip with red cones")
        m = re.match(rf"\s+with ({_colour_re()})(?: colou?r)?(?=\s*$|\s+(?:on|in|at|where|which|what|is|was|are|were|it|they|"
                     rf"from|to|behind|near|now|still|gone|go|went|moved|has|have|had|been)\b)", text[end:])
    if m is None:  # "the red-handled hammer"
        m = re.search(rf"\b({_colour_re()})[- ]handled\s+$", text[max(0, start - 16):start])
    if m is None and end is not None:  # "the hammer, the one with the yellow handle": a part's colour is the thing's
        m = re.match(rf"\s+(?:the (?:\w+ )?one |one )?(?:with|that has|which has) (?:a |an |the )?({_colour_re()}) "
                     rf"(?:handle|handles|grip|lid|top|case|casing|body|cover|frame|wheel|wheels|tray|tub)\b", text[end:])
    return {"colour": _colour(m.group(1))} if m else {}


def _not_a_subject(text: str, m: re.Match[str], phrase: str) -> bool:
    """Words that name a label but are used otherwise here ("the saw" vs "I saw", "of course", "load of")."""
    after = text[m.end():m.end() + 20]
    before = text[max(0, m.start() - 20):m.start()]
    if phrase in ("digging", "frame", "tower") and not re.search(r"\b(the|that|this|a)\s*(\w+\s+)?$", before):
        return True
    if phrase == "frame" and re.search(r"\b(as of|at|in|on|from|by) (this|that|the|each|every) $", before):
        return True  # "as of this frame": the video's
    articles = r"the|a|an|my|that|this|his|her|our|your"
    prev = re.search(r"(\w+)\s+$", before)
    compound = prev is not None and (SYNONYMS.get(prev.group(1), "worker") != "worker" or (  # "the lift pit": the last noun
        _noun_modifier(prev.group(1)) and _phrase_starts(text, max(0, m.start() - 20) + prev.start(1))))  # "tile saw, where?"
    described = re.search(rf"\b({articles}) (\w+)\s+$", before)  # "the wee saw", not "the lad saw"
    if described and (described.group(2) in SYNONYMS or described.group(2) in _COMMON or _PRONOUN.match(described.group(2))):
        described = None
    if phrase in ("saw", "level", "skip", "lift", "dig", "load", "loads", "sledge", "pit") and not re.search(
            rf"\b({articles}|circular|hanging|suspended|crane|{_colour_re()})\s*$", before) and m.start() > 0 and not compound \
            and not described:  # fmt: skip
        return True
    if phrase in ("man", "men") and prev is not None and _noun_modifier(prev.group(1)) and re.search(
            rf"\b({articles}|same)\s+\w+\s+$", before):  # fmt: skip
        return False  # "the rod man", "same tea man"
    if phrase in ("lad", "lads", "fella") and not after.strip() and m.start() > 0 and not re.search(
            rf"\b({articles}|same|other|another|new|old|young|big|little|elder|older|younger|{_colour_re()})\s*$", before):
        return True  # said to, not about: "how long ago was the first brick laid, lad?"
    asked_first = re.fullmatch(r"(?:is|was|did|does|has|had)\s+", text[:m.start()]) is not None  # "is man on my left the one who ..."
    if phrase in ("boss", "mate", "kid", "boy", "girl", "dude", "chap", "man", "men", "brother", "sister", "uncle") and not asked_first \
            and not re.search(rf"\b({articles}|same|other|another|new|old|young|elder|older|younger|little|big|first|second|"
                              rf"vest|hi-vis|jacket|hat|hardhat|shirt|different|distinct|separate|many|several|those|these|"
                              rf"all|any|{_colour_re()})\s*$", before) \
            and not re.match(r"\s+(with|without|in|wearing|not wearing|no longer wearing|w/o|on my|at my|to my|behind|who|"
                             r"went|goes|gone|came|comes|took|picked|dropped|moved|entered|climbed|stood|standing|sitting|sat|"
                             r"started|stopped)\b", after) \
            and not (phrase == "man" and re.search(r"\b(this|that) one\s+$", before)):  # fmt: skip
        return True  # (but "man with no helmet was inside trench", "man trench into went": a person described, articles dropped)
    if phrase in ("load", "loads") and re.match(r"\s+of\b", after):
        return True
    if phrase in ("course", "courses") and re.search(r"\bof\s*$", before):
        return True
    nxt = re.match(r"\s+(\w+)", after)
    return phrase == "individual" and nxt is not None and nxt.group(1) in SYNONYMS


def ordinal_unit(text: str) -> tuple[str | None, int | None]:
    """Unit and ordinal of a unit of work: "first brick" -> (brick, 1), "the third course" -> (course, 3),
    "the first kerb went in" -> (kerb, 1)."""
    m = re.search(r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|1st|2nd|3rd|\d+th) lift (?:of|on) (?:the )?scaffold", text)
    if m:  # a scaffold goes up in lifts: "the third lift of the scaffold" is its third lift, not a scaffold counted
        return "lift", _ORDINALS[m.group(1)]
    m = re.search(r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|1st|2nd|3rd|\d+th)\s+"
                  r"(?:section|length|piece|run|lift) of (\w+?)s?\b", text) or re.search(
        r"\bthe (first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|1st|2nd|3rd|\d+th)\s+(?:\w+\s+)??(\w+?)s?\s+"
        r"(?:of \w+ )?(?:was |were |got |get |went |go |had |has )?(?:laid|placed|in|down|put in|installed|fitted|done|"
        r"finished|completed|set)\b", text) or re.search(  # topic first, no article: "first panel go in before ...?"
        r"^(first|second|third|fourth|fifth) " + _NOT_A_UNIT + r"(\w+?)s? (?:was |were |got |go |went )?(?:laid|placed|in|down|put|"
        r"installed|fitted|done|finished|set)\b", text) or re.search(
        r"\bthe (first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|1st|2nd|3rd|\d+th)\s+(?:\w+\s+)?"
        rf"({_SET_UNITS})s?\s+(?:(?:got |get |went |go |gone )(?:on|up)|(?:was |were |got |get |been |is )?(?:put|fixed|mounted|"
        r"bolted|hung)(?: up| in| on)?)\b", text) or re.search(
        r"\b(?:set|hang|hung|lift|lifted|land|landed|place|placed|install|installed|erect|erected|fit|fitted|put in) "
        r"(?:the |our |a )?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|1st|2nd|3rd|\d+th)\s+"
        rf"(?:\w+\s+)??({_SET_UNITS})s?\b", text)  # fmt: skip
    if m and m.group(2) not in ("brick", "block", "course", "row", "layer", "time", "break", "spell") \
            and m.group(2) not in _COMMON and m.group(2) not in ("been", "being"):  # fmt: skip
        return m.group(2), _ORDINALS[m.group(1)]
    m = re.search(r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|1st|2nd|3rd|\d+th|"
                  r"\d+)\s+(?:\w+\s+)?(brick|block|course|row|layer)s?\b", text)  # fmt: skip
    if m:
        n = _ORDINALS.get(m.group(1)) or int(re.sub(r"\D", "", m.group(1)))
        unit = {"row": "course", "layer": "course"}.get(m.group(2), m.group(2))  # a block is counted as itself
        return unit, n
    m = re.search(r"\b(course|row|layer) (number |no |#)?(\d+)\b", text)
    if m:
        return "course", int(m.group(3))
    m = re.search(r"\b(brick|block)s?\b", text)
    if m:
        return m.group(1), 1
    m = re.search(r"\b(course|row|layer)\b", text)
    if m:
        return "course", 1
    return None, None


def event_ordinal(text: str) -> int | None:
    """ "the second time", "his third break": which occurrence of an event (None: not said)."""
    m = re.search(r"\b(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th) (time|break|rest|spell|stop|go|brew|tea|"
                  r"smoko|breather|stint|idle spell|idle|pause|cuppa)\b", text)
    if m and not (m.group(1) in ("first", "1st") and m.group(2) == "time"):
        return _ORDINALS[m.group(1)]
    if re.search(r"\b(first) (break|rest|breather)\b|\bfirst (take|took|went|go|had|have|get|got|stop|stopped|put|"
                 r"dropped|picked|climbed|jumped|downed|ceased|quit|knocked|stopped|started|began|resumed|removed|entered|left|"
                 r"enter|leave|remove|drop|pick|climb|step|stepped|walk|walked)\b", text):  # fmt: skip
        return 1
    nth = thing_ordinal(text)
    if nth is not None:
        return nth
    # "the first time that he took a break", "went idle the first time" (not "the first time I saw it")
    if re.search(r"\bfirst time (that |when )?(he|she|they|the \w+|i|we) (\w+ )?(took|take|went|go|had|stopped|removed|"
                 r"entered|dropped|picked|moved|put|climbed|left|came|pulled|set)\b|"
                 r"\b(idle|break|off|in|down|up|out|excavation|trench|hole|pit|zone) (for )?(the )?first time\b", text):  # fmt: skip
        return 1
    m = re.search(r"\b(twice|2 times)\b", text)
    return 2 if m else None


def thing_ordinal(text: str) -> int | None:
    """ "the third lift", "the fourth pallet": which one of the things an event happened to."""
    m = re.search(r"\b(first|second|third|fourth|fifth|sixth|1st|2nd|3rd|4th|5th|6th) (" + _THING_WORDS + r")\b", text)
    return _ORDINALS[m.group(1)] if m else None


_THING_WORDS = "|".join(sorted((w for w, label in SYNONYMS.items() if label not in ("worker", "brick_wall")
                                and " " not in w and w not in ("lift", "saw", "dig", "digging", "cart")), key=len, reverse=True)) + "|lifts?|deliver(y|ies)"


# --- intent -----------------------------------------------------------------------------------------

_C = re.compile
_HOW_LONG = _C(r"\b(how long|duration$|(total )?(working|idle|work|break) time of|(length|duration) of (the |his |her |their |a )?(\w+ ){0,3}(period|spell|stint|break|session|stretch)\b|how much time|(total )?time (spent )?(on the ground|on ground|in the (zone|trench|excavation|hole|pit)|inside|without)|(spell|break|stint) (length|duration)|(aggregate|total|overall|cumulative) (period|duration|amount|length)|how many (minutes|seconds|hours|mins)|for how long|what duration|"
               r"duration|length of time|amount of time|how much of the time|time spent|minutes? (was|were|has|have|did)|"
               r"(total|overall|cumulative) (\w+ )?time|how much (idle|working|work) time|how long-?ish|"
               r"how much (he|she|they|it|the \w+|the \w+ \w+)? ?(was|were|is|has been|have been|been|did)\b|"
               r"how much of (that|the time|it|this)|been (\w+ )?for long|(idle|working|work|on-ground|on ground) (total|duration|"
               r"time|length)|(duration|length) of (the |his |her |their |a )?(\w+ )?(\w+ )?(spell|break|stint|stretch|period)|"
               r"how much (he|she|they|the \w+ )?(work|worked|"
               r"idle|idled|working))\b")  # fmt: skip
_IN_A_STATE = r"(?! (on|lying|in|inside|sitting|down|there|out|idle|without|at|up|under|by|standing|parked)\b)"
"""After "how long has it been": a state ("... on the ground") makes it a duration, not a time since."""
_AGO = _C(rf"\b(how long ago|how long since|how long has it been since|how long it been since|how long (has|did|is) it been{_IN_A_STATE}|"
          r"how much time (has )?(passed|gone by|elapsed|gone) since|time since(?! \d)|since (i|you|we) (last )?(saw|seen|see|spotted)|"
          r"elapsed since|how long back|since the last time|since last (seen|sighting)|time elapsed|"
          r"how many (minutes?|seconds?|hours?) (ago|since|back|before|has it been)|how long it is since|how long is it since|"
          r"how recently|how long before now|how far back|(is|has|have) passed since|passed since|from when|since when(?=.*\bhow long\b)|"
          r"(is|are|has|have) (passed|gone by|elapsed|gone) (since|from)|how (many|much) (minutes?|seconds?|hours?|time) (is|are|has|have) "
          r"(passed|gone)|how long (is it|has it been) (that|since) (i|we|you) (have )?(not|never) (see|seen|saw|spotted)|"
          r"how long it is been since|how long it has been since|(minutes|seconds|hours) since|since (anyone|someone|we|you|i) "
          r"(last )?(saw|seen|spotted)|ago since)\b")  # fmt: skip
_COUNT = _C(r"(^#|\b(how many|number of|count|how much (different )?(people|workers)|count of|tally|headcount|"
            r"^(distinct|unique)\b|(distinct|unique) \w+s\b|\b(the )?(one|single) \w+ or (have |are |were )?(there )?(been )?"
            r"(several|more|many|multiple|a few)|"
            r"how much (different )?\w+s (there|were|did|have|had|came|seen))\b)")
_SAME = _C(r"\b((is|was) (that|this|he|she|it|him) (the|that) (one|guy|bloke|lad|fella|man|woman|person|worker|chap) (who|that|i|we|you)\b|"
           # no relative pronoun: "this guy, he the one take helmet off before?"
           r"\b(is |was )?(he|she|him|her) the (one|guy|man|worker|person|bloke|lad) (take|took|taken|drop|dropped|move|moved|"
           r"put|pick|picked|go|went|come|came|leave|left|remove|removed|who|that)\b|"
           # "if the fella I'm looking at is the one who", "he is one who was laying bricks", "was it him moved it"
           r"\b(is|was) (the |only )?one (who|that)\b(?! (is|was) (wearing|in|with|dressed|carrying)\b)|\b(is|was) (the|this|that) (\w+ ){1,8}?(the|that) (one|guy|bloke|lad|fella|man|"
           r"woman|person|worker|chap) (who|that)\b|\b(was|is) it (him|her|he|she)( who| that)? (\w+ed|took|did|had|put|was)\b|"
           r"^(is|was) (\w+ ){1,10}?(the|that) (one|guy|bloke|lad|fella|fellow|man|woman|person|worker|chap|individual) (who|that)\b|same|identical|different|another one|other one|(a|is (he|she|this|that|it)( a)?) new (one|guy|person|worker|face|bloke|lad)|seen (him|her|them|"
           r"this|that|it|this guy|this one|that one|that guy|this person)\s*(before|earlier)|"
           r"(met|seen|saw|see|had|clocked|spotted) (him|her|them|this \w+|that \w+|this|that) (here )?(before|earlier|already|"
           r"previously)|"
           r"(is|was) (this|that|he|she|it) (the|one of the) \w+ (from|i saw|we saw|i seen|you saw|seen)|recogni[sz]e|"
           r"(first|second) time (i|we|you) (see|saw|seen) (him|her|this|that)|one (i|we|you) (saw|had|seen) (before|earlier)|"
           r"(seen|saw|see) (this|that|him|her) (one )?(guy |person |worker )?(already|previously)|"
           r"the (one|same) from (before|earlier)|familiar|(was|is) (he|she|they) here (earlier|before)|here earlier|"
           r"(see|seen|saw|spot|spotted|met|meet|is|was|that|this|that is|this is|it is) (him|her|them) again|(see|seen|saw|spotted) it "
           r"again|one (i|we) saw|same \w+ as|the (one|guy|person|bloke|lad|fella|worker|man) (who|that) (was|were|had) \w+ing|"
           r"same one from|(has|have|had) (he|she|they|this \w+|that \w+) been here (before|earlier)|same as|^(this|that) \w+ seen (before|earlier)|\bseen (him|her|them) (before|earlier)|the (one|same one|same person|same guy|person|guy) (who|that) "
           r"(\w+ ){0,4}(earlier|before|at the start|this morning)|the (guy|one|person|worker|bloke|lad|man|woman|chap) (i|we|you) "
           r"(saw|seen|spotted|met) (at|earlier|before|this|in)|(was|is|were) (he|she|they) (already )?(here|there) (already|also|too|as well|"
           r"earlier|before(?! (his|her|their|the|lunch|dinner|tea|break|he|she|they)\b)|\d+ (minutes?|seconds?|hours?) ago)|(the )?(individual|person|one|worker|operative|visitor|guy|man) (who|that) (was|were) (observed|"
           r"seen|recorded|noted|spotted)|(been|was|were) (seen|observed|recorded|noted) (before|earlier|previously)|"
           r"from (this |the )?(morning|earlier|before)|(here|there) (also|too|as well) \d+|(was|were) (also )?here (also|too|as well|earlier|before(?! (his|her|their|the|lunch|dinner|tea|break|he|she|they)\b)))\b")  # fmt: skip
_ORDER = _C(r"\b(first or (the |a )?\w+( \w+)?( \w+)? first|(before|after|prior to)\b.*\b(or not|yes or no|or after|or before)$|"
            r"before or after|after or before|which (came|happened|was|one was|one came) first|which first|"
            r"happened first|came first|earlier than|later than|prior to|preceded|followed|in what order|"
            r"what order|sequence|what came first|which one first)\b")  # fmt: skip
_WHEN = _C(r"(^|\b)(when|what time|at what time|at what point|what minute|what second|which minute|timestamp|"
           r"time stamp|time of|the time (when|that|he|she|it|at which)|at which point|how early|how late|"
           r"^time\b|give me the time|tell me the time|the exact time|what was the time|whens|at which moment|which moment|"
           r"what moment|in which minute|at which time|which time|the time (the|my|a|that) \w+|timestamp of|time of the)\b")  # fmt: skip
_STILL = _C(r"\b(still (it |they )?(is|are|was|be|being|stands|sits|lies) (there|here|where|in|at|by|near|on)|"
            r"(is|are) (it|they) (there|here) still\b|"
            r"still (over|out|down|up) (there|by|at|near|next to|on|in)\b|"
            r"still (in|at|on|by) the \w+ where (i|you|we|he|she|they|it)\b|"
            r"still (\w+ ){0,2}(where|there) (it|they) (was|were|is|are)|still (\w+ )?in (the same|its) (place|spot|position)|"
            r"still (there|here|where|in (the same|its|it is|place|the spot|position)|at (the same|its)|in one|put|"
            r"sitting|standing|lying|laying(?= (where|there|here|on|in|at|around|about|by))|at|by|near|next to|on|against|up)|(in|at) the same (place|spot|position|location)|"
            r"still (hanging|leaning|parked|propped|stacked|resting|stood|sat)(?= (where|there|here|on|in|at|by|near|next to|against|up|off|from|over|under))|"
            r"(been|was|is|got|get|gets) moved|(has|did|have) (it|the \w+|they|\w+|anyone|anybody|someone|somebody) "
            r"(been )?(mov|shift|touch|tak|took|relocat)\w*|same (place|spot|position|location)|where (it|they) (was|were) "
            r"(first|originally|at first)|(still|remain\w*|stay\w*) (in )?(put|place|there|where)|"
            r"anyone (move|moved|touch|touched|take|taken|took|shift)|somebody (move|moved|take|took|touch|shift)|someone "
            r"(move|moved|take|took|touch|shift)|(moved|taken|touched|shifted) since|original (spot|place|position|location)|"
            r"where (i|you|we) first (saw|seen|spotted)|where (i|you|we) (saw|seen|spotted) (it|them) (first|originally|at first)|"
            r"^(is|are) (the |that |those |my )?(\w+ ){1,3}where (it|they) (was|were|had been|used to be)\b|"
            r"away from (the )?(place|spot|position) where|(moved|shifted|taken|gone) from where|not (been )?(moved|touched)|moved at all|(mov|shift)\w* at all|"
            r"where it (started|began|was left)|been moved|moved or not|where it was when|where it was at|"
            r"where it was earlier|where it was before|stayed put|left alone|remain\w* (in |at )?(the |its |their )?(\w+ ){0,2}(location|position|place|spot)|"
            r"(remain\w*|stay\w*) where|still in the (positions?|locations?|places?|spots?)|still sat|still stood|not been (picked up|moved|shifted|"
            r"touched|taken)|(nobody|no one|no-one) (has )?(shifted|moved|touched|taken|picked|nicked)|"
            r"(has|have|did) not (anyone|anybody|someone|somebody|he|she|they) (moved|touched|taken|shifted|move|touch|take))\b")  # fmt: skip
_WHICH_WAY = _C(r"\b(which way|what way|what direction|which direction|direction of|in which direction|"
                r"point me|point to|pointing|which side|what side|left or (on |to )?(my |the )?right|right or (on |to )?(my |the )?left|bearing|"
                r"which way do i (turn|look)|where (do|should|must|can) i (turn|look|face)|where i (must|should|have to|need to|can) "
                r"(turn|look|face)|where to (turn|look)|(turn|look) (to|towards) (see|find|face)|"
                r"am i facing|facing (it|the|that|towards)|relative to (me|my)|from me|from here|from where i|"
                r"(in front of|behind) me or|guide me|orient|(turn|look) which way|which way to (turn|look)|"
                r"(is|are) (it|the \w+|they|that|my \w+) (\w+ )?(on|to|at|off to) (my|the) (left|right)|(is|are) (it|the \w+|they|that) "
                r"(behind|in front|ahead)|how do i (get to|find|face)|to face|do i (turn|look)|should i turn|"
                r"where should i look|direction|ahead, behind|off to one side|which way round|clock position|"
                r"o'?clock|in relation to (me|the way|where i)|relative to where i|relative to (where )?(the camera|the wearer|my heading)|"
                r"from the (wearer|camera))\b")  # fmt: skip
_WHERE = _C(r"(^|\b)(where|whereabouts|location|located|locate|what happened to|what has become of|what became of|"
            r"whatever became of|whatever happened to|what is become of|what (is |has )?happen(ed|ing|s)? (to|with)|"
            r"what happen(ed|s)? (with|to)|what is with|what about|"
            r"find|lost|last known|last place|last spot|position|where abouts|where-abouts|wheres|misplaced|"
            r"can not find|cannot find|can not see|gone to|went to|end up|ended up|is it|any sign|sign of|"
            r"where did|where was|anywhere|wherever|somewhere)\b")  # fmt: skip
_WHAT_DIR = _C(r"\b(what|any|some|anything|anyone|anybody|something|somebody|which things|whats|who|stuff|things|objects|"
               r"items|equipment|tools|list|name|what is there|is there|are there)\b")  # fmt: skip
_IS_WORKING = _C(r"^(has|have) (he|she|they|the \w+) (knocked off|downed tools|clocked off|stopped( working)?|gone (on|for) (a|his|her|their) "
                 r"(break|smoke|tea|lunch|rest))\s*$|"
                 r"(^|\b)(is|are|was|am|does|do) (he|she|they|the \w+|that \w+|this \w+|\w+ \w+|it|him|her|anyone|"
                 r"anybody|someone|somebody|everyone|everybody|my \w+)?\s*([\w-]+ ){0,7}(working|at it|idle|busy|do (his|her|their) job|"
                 r"slacking|active|productive|on (a|his|her|their) break|resting|doing (anything|something|nothing|"
                 r"his job|her job|their job|any work)|standing (around|about)|loafing|inactive|on the job|at work|"
                 r"on task|still at it|grafting|chilling|waiting|doing much|laying|on the tools|getting (anything|"
                 r"something|stuff) done|stood (around|about)|sat (around|about)|skiving|getting on with|on it|having a (break|"
                 r"breather|rest|smoke)|taking a (break|breather|rest)|just (sitting|standing|stood|sat)|sitting (around|about))\b|"
                 r"\bon (the )?tools\s*$|\b(working or|idle or|busy or|working right now|idle right now|idle now|working now|busy now|"
                 r"still working|still idle|currently working|currently idle|what is (he|she|the \w+) doing|"
                 r"what are (they|the \w+) doing|anyone (idle|slacking)|working at the moment|idle at the moment|"
                 r"doing anything|doing something)\b")  # fmt: skip
_PRODUCTIVITY = _C(r"\b(idle|idling|idled|inactive|working|work|works|worked|busy|active|productive|slack\w*|break|"
                   r"breaks|resting|rest|standing (around|about)|stands? (around|about)|loaf\w*|doing nothing|do nothing|does nothing|not working|on task|downtime|"
                   r"grafting|waiting|chilling|lazy|not doing anything|time off|stood (around|about)|unproductive|"
                   r"cracking on|on the tools|skiving|sat (around|about|idle)|breather|idling|goof\w* off|slacking off|"
                   r"messing (about|around)|dossing|loitering|just (sitting|standing|stood|sat)|sitting (around|about))\b")  # fmt: skip
_RETURNED = _C(r"\b(go|goes|gone|went|come|came) on back (over )?(to )?where\b|\b(go|goes|gone|went|come|came|return(ed|s)?) "
               r"again to (the )?(place|spot|area) where\b|\b(he|she|they) (go|goes|went|gone|come|came) back there\s*$|"
               r"\b(he|she|they) (return|returns|returned|go|goes|went|come|came) there again\s*$|"
               r"\b(he|she|they) (return|returns|returned) there( later( on)?| afterwards| after that| since)\s*$|"
               r"\b(go|gone|went|been|come|came|climb|climbed|get|got) back (down |over |up )?(to|into|in|down) (the|that) (?!(work|job|site|spot|place|area|location|position|same)\b)\w+|"
               r"\b(go|goes|gone|went|been|come|came) back (down )?(in|into|inside) (the |that )?(excavation|trench|hole|pit|zone)\b|"
               r"\b(go|goes|gone|went|come|comes|came) back where (he|she|they|i)\b|"
               r"\b(go|goes|gone|went|get|got|been|climb|climbed) (back )?(inside|in|down) again\s*$|"
               # a second visit asked without "back": "again gone inside", "went inside again or not", "enter it once more"
               r"\bagain (go|goes|gone|went|been|get|got|climb|climbed|enter|entered) (back )?(inside|in|into|down)\b|"
               r"\b(go|goes|gone|went|get|got|been|climb|climbed|enter|entered) (back )?(inside|in|into|down)( it| there| the \w+)? "
               r"(again|once more)\b|\b(enter|entered|enters) (inside )?(it|there|the \w+) (again|once more)\b|"
               r"\b(gone|been|go|went|get|got|climb|climbed) back down since\b|"
               r"\b(go|gone|went|climb|climbed|get|got) back (down )?(in|into|inside)( it| there)?( again)?( at any point| since| after)?\s*$|"
               r"\b(go|goes|gone|went|get|got|climb|climbed) (back )?down (there|in there|inside|in it) (again|since)\b|"
               r"\bbeen back (down )?(in|into|inside) (it|there|the \w+)( since| again)?\b|"
               r"\b(was|were|is) (he|she|they) back (down )?(in|into|inside) (it|there|the|that)\b|"
               r"\b(was|were|is) (he|she|they|the \w+) (once more|again) (down )?(in|into|inside) (it|there|the|that)\b|"
               r"\b(go|goes|went|gone|get|got|been|climb|climbed) again (inside|in|into|down)\b|"
               r"\b(go|goes|gone|went|get|got|climb|climbed) (back )?down (the|that) (hole|trench|pit|excavation|shaft) again\b|"
               r"\b(return(ed|s)?|go(ne)? back|went back|come back|came back|get back|got back|head(ed)? back|been back|"
               r"walk(ed)? back|come back round|came back round|gone back) (at any (later )?(stage|point|time) )?(round |over |there )?"
               r"(to |towards |at |by )?(where|the (spot|place|"
               r"area|location|position) (where|that|the|at which|from which|in which|on which|he|she|they|i|we|you)|(the )?(place|spot|area) where|"
               r"(that|the same|this) (spot|place|area|position))\b|"
               r"\b(return(ed|s)?|go(ne)? back|went back|come back|came back)(\s+\w+){1,3}?\s+to where\b|\bback to (there )?where\b|"
               r"\b(go|goes|gone|went|come|comes|came) again (to )?(where|the (place|spot) where)\b")  # fmt: skip
_VERB_FIRST_BACK = re.compile(r"^(went|came|got|go|come|walked|returned) (he|she|they|the \w+(?: \w+)?) (back|again)\b")
_VERB_LAST_BACK = re.compile(
    r"^(?P<who>.+?) (?P<place>(back )?to (the (place|spot|area|position|point) )?(there )?where .+?) (and )?(again )?"
    r"(he|she|they) (again )?(went|came|go|goes|come|comes|returned|return|returns|got|get|walked)( back)?( again)?"
    r"( or not| yes| no)?$")


def _english_order(text: str) -> str:
    """A return question asked verb first ("went he back to the place where ...", as in Swedish or German) or verb
    last ("the man in red, to the place where the drill was dropped, he went back", as in Persian or Turkish), said
    in English order so the cues read it."""
    if (m := _VERB_FIRST_BACK.match(text)) is not None:
        return f"did {m.group(2)} go back{text[m.end():]}"
    if not _RETURNED.search(text) and (m := _VERB_LAST_BACK.match(text)) is not None:
        return f"did {m.group('who')} go back {m.group('place')}"
    return text


_LEFT_Q = _C(r"^(?!.*\b(before|after|until|till|while|once)\b)(has|have|is|are|did) (\w+ ){0,7}(left|gone|leave)( the site| yet| already| for good| home)?\s*$")
_ZONE_LABELS = ("excavation", "exclusion_zone", "zone")
_WHO = _C(r"^(who|which (worker|person|guy|one|lad|of them))\b")


def _first(pattern: re.Pattern[str], text: str) -> int | None:
    m = pattern.search(text)
    return m.start() if m else None


def _classify(text: str, subjects: list[tuple[int, SubjectRef, bool]], direction: Sector | None,
              event: EventName | None, state: StateName | None) -> Intent | None:
    """The intent by ordered cues, or None (no cue decides)."""
    people = any(s.label == "worker" for _, s, _ in subjects) or bool(_PRONOUN.search(text))
    if re.search(r"\bhow (many|much) (square |cubic )?(yards?|metres?|meters?|m2|m3|tonnes?|tons?|litres?|liters?|kilos?|kg|"
                 r"feet|foot|inches|gallons?|cubes?)\b", text):
        return None  # a quantity of material, not individuals the camera saw
    if _COUNT.search(text) and not re.search(r"\bhow many (minutes?|seconds?|hours?|mins?|times? (did|has|was))\b", text) \
            and not _HOW_LONG.search(text.replace("how many", "")):  # fmt: skip
        return "count_distinct"
    if _AGO.search(text) or (re.search(r"\bago\b", text) and _HOW_LONG.search(text)) or \
            (re.search(r"\b(until|till|to|up to) now\b", text) and _HOW_LONG.search(text) and not _CLOCK.search(text)
             and not _PRODUCTIVITY.search(text) and state not in ("on_ground", "in_zone", "without_ppe")):  # fmt: skip
        return "time_since"
    if _HOW_LONG.search(text):
        if state in ("on_ground", "in_zone", "without_ppe") and not (state == "without_ppe" and re.search(
                r"\bbeen (\w+ )?(idle|idling|doing nothing|working|busy|standing (around|about)|slacking|resting)\b", text)
                and not re.search(r"\b(idle|idling|working|busy|been|was|were|is) (\w+ )?(without|with no|not wearing|minus)\b", text)):  # fmt: skip
            return "state_duration"
        if re.search(r"\bsince\b|\bhow long already\b|\balready how long\b", text) and event in ("last_seen", "dropped", "picked_up", "moved", "left", "first_seen",
                                                       "ppe_removed", "work_unit", "entered_zone") \
                and not _PRODUCTIVITY.search(text):  # fmt: skip
            return "time_since"
        if _PRODUCTIVITY.search(text) or state in ("idle", "working"):
            return "spell_duration"
        if event in ("last_seen",):
            return "time_since"
        return "state_duration" if subjects else None
    if _WHO.search(text) and not _SAME.search(text):
        return None
    if _RETURNED.search(text) and len(subjects) >= 2 and re.match(r"(did|has|have|had|was|were|is)\b|(after|once|since) "
                                                                  r".+? (did|has|have|had) ", text) \
            and not re.search(r"\b(same|different|identical)\b", text):  # fmt: skip
        return "returned"  # "did the guy who was tying rebar go back to where the drill was dropped?"
    if _SAME.search(text) and not re.search(r"\bsame (place|spot|position|location)\b|\bstill (there|here|where)\b", text) and \
            not re.match(r"(state |give |provide |report )?(the )?(where|whereabouts|location of|current location of)\b", text):
        return "same_individual"
    if _RETURNED.search(text) and (len(subjects) >= 2 or (subjects and (_PRONOUN.search(text) or re.search(
            r"\b(did|have|had|do) (i|we)\b", text))) or (not subjects and re.match(r"(did|has|have|had) (he|she|they)\b", text))):  # fmt: skip
        return "returned"  # (the last: "did he go back to where he took his hat off", nobody named)
    if _RETURNED.search(text) and subjects and re.match(r"(did|has|have|had)\s+(\w+\s+){1,6}?(go|gone|went|been|come|came|"
                                                         r"get|got|walk|walked|head|headed|make|made|ever)\b", text):
        return "returned"  # "did bro go back to where the drill got dropped" (whoever "bro" is)
    if _LEFT_Q.search(text) and people:
        return "still_there"  # "has the visitor left?": is the person still where they were
    when, where = _first(_WHEN, text), _first(_WHERE, text)
    if re.match(r"(point me|direct me|show me the way|which way|which direction|what direction)\b", text) and subjects \
            and not re.search(r"\b(before or after|after or before|came first|happened first)\b", text):  # fmt: skip
        return "direction_of"  # "point me to the drill that was in use prior to the incident"
    if _ORDER.search(text) or (re.search(r"\b(before|after)\b", text) and _two_events(text, subjects)
                               and when is None):
        return "order"
    if people and re.match(r"(is|are|was|were)\b", text) and re.search(
            r"\bstill\b.*\b(doing (his|her|their) (work|job)|working|at work|grafting|busy|on the (job|tools)|"
            r"on (a|his|her|their) (break|lunch|tea|smoko)|idle|resting|slacking|skiving)\b", text) and not re.search(
            r"\bstill (where|in the same|in (its|his|her|their) place|there)\b", text):
        return "is_working"  # "is the labourer still on his seat doing his work?": the work, not the place
    if subjects and re.search(r"\b(now|so|then) where\s*$|\bwhere (is it |are they )?now\s*$", text) and not re.search(r"\bstill\b", text):
        return "where"  # topic first, the question last: "wheelbarrow, somebody take it, now where?"
    still = _first(_STILL, text)
    if where == 0 and re.search(r"^(where|whereabouts)\b", text) and still is not None and still > 0:
        return "where"  # "where's my hammer, and is it still on the ground?": the first question
    if still is not None and (when is None or still < when or re.search(r"\bstill\b", text)) and not (
            where is not None and re.search(r"\bwhere (is|are|was|were|they|it|did)\b", text)
            and not re.search(r"\bstill\b|\bsame (place|spot|position)\b|\boriginal|\b(remain|stay)\w*\b|"
                              r"^(is|are) (\w+ ){1,4}where (it|they) (was|were)\b", text)):  # fmt: skip
        return "still_there"
    if when is not None and not _WHICH_WAY.search(text) and (where is None or when < where):
        return "event_time"
    if people and state in ("idle", "working") and re.search(r"\b(altogether|in total|how much (in total|altogether)|"
                                                               r"total)\b", text):  # fmt: skip
        return "spell_duration"  # "orange idle altogether last 10 min?"
    if (_IS_WORKING.search(text) or re.search(r"^(is|are)\b.*\b(working|idle|busy|slacking|resting|on (a|his|her) "
                                               r"break|doing anything)\s*$", text)) and (people or not subjects):  # fmt: skip
        return "is_working"
    if direction is not None and re.match(r"(is there )?(anything|something|anyone|anybody|what|whats|any \w+)( \w+)?( is| are)? "
                                          r"(behind|in front|ahead|on my|to my|left|right|over|back there|back)\b", text):  # fmt: skip
        return "things_in_direction"  # "anything behind me I should know about before I step back toward the pit?"
    if direction is not None and (not _strong(subjects) and _WHAT_DIR.search(text) or re.search(
            r"\bwhat (have|has|is|are|do) (we|you|i|there)?\s*(got )?(over )?there\b|\bwhat is over\b", text)):  # fmt: skip
        return "things_in_direction"
    if _WHICH_WAY.search(text) and subjects:
        return "direction_of"
    if direction is not None and _strong(subjects) and re.search(r"\b(is|are)\b", text) and \
            not re.search(r"^\s*where\b", text) and not _WHAT_DIR.search(text):  # fmt: skip
        return "direction_of"  # "the digging is somewhere behind me?"
    if where is not None and subjects:
        return "where"
    if direction is not None and _strong(subjects) and re.search(r"^(is|are|was|am)\b", text):
        return "direction_of"
    if direction is not None and not _strong(subjects):
        return "things_in_direction"
    if people and state in ("idle", "working") and not event:
        return "is_working"
    if _CHOICE.search(text) and _strong(subjects):
        return "direction_of"  # "is the pallet in front of me or more to the right?"
    if direction is not None and _strong(subjects) and (re.search(r"\b(is|are)\b", text) or not _WHAT_DIR.search(text)):
        return "direction_of"  # "the scaffold is behind me, yes?", "the ladder behind me yeah?"
    words = text.split()
    if len(subjects) == 1 and len(words) <= 3 and not event and not state:
        return "where"  # "toolbox?", "the drill?"
    if event is not None and subjects and (len(words) <= 7 or re.search(r"\b(time|timestamp|t of|at what)\b", text)):
        return "event_time"  # keyword style: "drill drop time", "ladder first seen @?"
    return None


def _strong(subjects: list[tuple[int, SubjectRef, bool]]) -> bool:
    return any(not weak for _, _, weak in subjects)


def _two_events(text: str, subjects: list[tuple[int, SubjectRef, bool]]) -> bool:
    m = re.search(r"\b(before|after)\b", text)
    if not m:
        return False
    a, b = text[: m.start()], text[m.end():]
    main = re.search(r"\b(was|were|did|had|has|have)\b", b) if m.start() == 0 else None
    if main is not None:  # fronted: "before the lad went down the trench, was the ladder picked up?"
        a, b = b[main.start():], b[:main.start()]
    work = r"\b(first|start|laid|finish|course|brick|break)"
    a_event = event_in(a) or re.search(work, a)
    b_thing = event_in(b) or re.search(work, b) or any(pos >= m.end() for pos, _, _ in subjects)
    return bool(a_event and b_thing and not _CLOCK.search(b[:12]))


# --- the intent classifier (where no cue decides) ---------------------------------------------

INTENT_MODEL = Path(__file__).with_name("intents.npz")
"""The labelled paraphrases' MiniLM embeddings, reduced and quantised (tools/train_intents.py)."""


def intent_examples(questions: list[str], intents: list[str], embedder: Any, dims: int = 128) -> dict[str, np.ndarray]:
    """The arrays `_IntentModel` reads (save them with `np.savez_compressed`): the normalised questions' embeddings,
    centred and reduced to their first `dims` principal directions (the neighbours stay, in a third of the size),
    each a unit vector stored as int8, with its intent. Deterministic: an SVD, no sampling."""
    x = np.asarray(embedder.embed([normalise(q) for q in questions]), dtype=np.float32)
    mean = x.mean(0)
    _u, _s, vt = np.linalg.svd(x - mean, full_matrices=False)
    basis = vt[:dims].T.astype(np.float32)
    z = (x - mean) @ basis
    z /= np.maximum(np.linalg.norm(z, axis=1, keepdims=True), 1e-9)
    names = sorted(set(intents))
    return {"mean": mean.astype(np.float32), "basis": basis, "examples": np.round(z * 127.0).astype(np.int8),
            "labels": np.array([names.index(i) for i in intents], dtype=np.int16), "intents": np.array(names)}  # fmt: skip


class _IntentModel:
    """The intent of the nearest labelled paraphrases: (intent most of the `k` nearest share, cosine similarity of the
    nearest), or ("unknown", 0) when they disagree or any of them is unanswerable (a question near one the memory
    cannot answer is as likely that kind: "is he any good at his job" beside "is he working"). Neighbours rather than
    a softmax: held out by writer (rounds 53-54 against the writers before them), where no cue decided, the
    neighbours named the intent of 14 answerable questions and of none of the unanswerable ones; a softmax of 1-3."""

    def __init__(self, embedder: Any, path: Path = INTENT_MODEL, k: int = 5) -> None:
        data = np.load(path)
        self.embedder = embedder
        self.mean = np.asarray(data["mean"], dtype=np.float32)
        self.basis = np.asarray(data["basis"], dtype=np.float32)
        self.examples = np.asarray(data["examples"], dtype=np.float32) / 127.0  # unit vectors, stored as int8
        self.labels = np.asarray(data["labels"], dtype=np.int64)
        self.intents = [str(x) for x in data["intents"]]
        self._unknown = self.intents.index("unknown") if "unknown" in self.intents else None
        self.k = k

    def best(self, text: str) -> tuple[str, float]:
        q = np.asarray(self.embedder.embed([text]), dtype=np.float32)[0]
        z = (q - self.mean) @ self.basis
        z /= max(float(np.linalg.norm(z)), 1e-9)
        sims = self.examples @ z
        top = np.argpartition(-sims, self.k)[: self.k]
        top = top[np.argsort(-sims[top])]
        votes = np.bincount(self.labels[top], minlength=len(self.intents))
        label = int(np.argmax(votes))
        if votes[label] * 2 <= self.k or (self._unknown is not None and votes[self._unknown]):
            return "unknown", 0.0
        return self.intents[label], float(sims[top[0]])


# --- the understander ------------------------------------------------------------------------------


_SURE = 0.9
"""How sure the intent head must be to turn a question asked yes or no into one that is not."""
_YES_NO = frozenset({"still_there", "is_working", "same_individual", "order", "returned"})
_ASKS_YES_NO = re.compile(r"(is|are|was|were|has|have|had|did|does|do)\b")
_ASKS_IF_STILL_THERE = re.compile(r"(?:is|are) (?!there\b).+? (?:still )?where (?:it|they|he|she) (?:was|were|had been|stood|lay|sat)\b")
"""A yes-or-no "are the pallets where they were at 1:00?": still there, however sure the intent head leans to "where"."""
_GUESSES_AT = 0.5
"""A head's best guess fills a slot no cue reads (for an intent the intent head is sure of) from this probability."""
_NAMES_AT = 0.8
"""... and the subject head's names the subject from this one: a subject is named, not picked from a closed set."""
_ABOUT_WORKERS = frozenset({"is_working", "spell_duration"})
"""Intents whose subject is always a worker (the contract's productivity questions)."""


class QuestionUnderstander:
    """Text -> `Query` (module doc). `embedder`: MiniLM for the fallback (None: cues only)."""

    def __init__(self, embedder: Any | None = None, min_similarity: float = 0.8, learned: bool = True,
                 overrule: float = 0.85, lean: float = 0.8, rule_out: float = 0.05) -> None:  # fmt: skip
        self._nearest: _IntentModel | None = None
        self.min_similarity = min_similarity
        self._learned: dict[str, NgramClassifier] = {}
        # The intent head overrules the cues' intent at p >= overrule, or at p >= lean when it gives the cues' intent
        # under rule_out (it has all but ruled their reading out); a slot head fills an empty slot at p >= overrule.
        self.overrule, self.lean, self.rule_out = overrule, lean, rule_out
        if learned:
            if QUESTION_HEADS.is_file():
                self._learned = load_heads(QUESTION_HEADS)
            else:
                log.warning("question intents: %s is missing; cues only (tools/train_intents.py makes it)", QUESTION_HEADS)
        if embedder is not None:
            if INTENT_MODEL.is_file():
                self._nearest = _IntentModel(embedder)
            else:
                log.warning("question intents: %s is missing; cues only (tools/train_intents.py makes it)", INTENT_MODEL)

    def understand(self, question: str, labels: Iterable[str] = ()) -> Query:
        if not self._learned:
            return self._cued(question, labels)
        text = normalise(question, frozenset())  # (the grammar's own call, so the cache serves both)
        grams = {bits: features(text, bits) for bits in {head.bits for head in self._learned.values()}}
        said = {name: head.predict(grams[head.bits]) for name, head in self._learned.items()}
        sure = {name: value for name, (value, p) in said.items()
                if p >= (self.lean if name == "intent" else self.overrule) and value != UNSET}
        cued = self._cued(question, labels, hints=sure)
        intent, p = said.get("intent", (UNSET, 0.0))
        if p < self.lean or intent == cued.intent:
            return cued
        if cued.intent == "time_since" and re.search(r"\bhow (long|much time) ago\b", text):
            return cued  # "how long ago" asks the time since, whatever state the clause names ("... without helmet go inside")
        if cued.intent == "state_duration" and cued.state == "without_ppe" and intent == "spell_duration":
            return cued  # "how long was the fixer working without it (the hat)": the hat's absence is the state asked
        if p < self.overrule and (head := self._learned["intent"]).probability(grams[head.bits], cued.intent) >= self.rule_out:
            return cued  # ("are the barriers where they were at 3:00": 0.84 where, 0.15 still there)
        if cued.intent in _YES_NO and intent not in _YES_NO and _ASKS_YES_NO.match(text) and (
                p < _SURE or _ASKS_IF_STILL_THERE.match(text)):
            # asked yes or no ("are the barriers where they were at 3:00?"): only a sure head reads a "where", and
            # none the contract's own "is it where it was"
            return cued
        if intent == "unknown":
            return UNKNOWN
        if intent in _ABOUT_WORKERS and cued.subject is not None and not is_person(cued.subject.label):
            return cued  # productivity is a worker's: "how long has the excavator been parked" is the machine's state
        learned = self._cued(question, labels, intent=intent, hints=sure)  # type: ignore[arg-type]
        if learned.intent != intent and p >= self.overrule:
            # the head is sure of the intent but the rules cannot read its slots (a word no rule knows, an order no
            # rule was written for): the heads' best guesses fill the slots, rather than the cues' other intent
            guess = {name: value for name, (value, p_) in said.items()
                     if value != UNSET and p_ >= (_NAMES_AT if name == "subject" else _GUESSES_AT)}
            learned = self._cued(question, labels, intent=intent, hints=guess, lenient=True)  # type: ignore[arg-type]
        return learned.model_copy(update={"confidence": round(p, 3)}) if learned.intent == intent else cued

    def _cued(self, question: str, labels: Iterable[str] = (), intent: Intent | None = None,
              hints: dict[str, str] | None = None, lenient: bool = False) -> Query:
        first, sep, rest = question.partition("?")
        if sep and re.match(r"\s*(and|if|or|also|plus|then)\b", rest.lower()):  # "...? if not, ...": the first is asked
            query = self._understand(first + "?", labels, intent=intent, hints=hints, lenient=lenient)
            if query.intent != "unknown":
                return query
        sentences = [x for x in re.split(r"(?<=[.!?])\s+", question.strip()) if x]
        asked = [x for x in sentences if x.endswith("?")]
        if len(sentences) > 1 and len(asked) == 1 and asked[0] != sentences[-1] and not any(
                re.match(r"\s*(where|when|which|what|how|who|is|are|did|has|still)\b", x, re.IGNORECASE)
                for x in sentences[sentences.index(asked[0]) + 1:]):  # fmt: skip
            # the one question among remarks ("Is the toolbox on my left? I'd ask the lad but he's on his tea.")
            return self._understand(question, labels, focus=asked[0], intent=intent, hints=hints, lenient=lenient)
        if len(sentences) > 1 and sentences[-1].endswith("?") and not any(x.endswith("?") for x in sentences[:-1]):
            # context first, then the question ("Somebody's moved the ladder. When did that happen?"): the
            # last sentence says what is asked; the slots come from the whole text
            return self._understand(question, labels, focus=sentences[-1], intent=intent, hints=hints, lenient=lenient)
        clauses = [re.sub(r"^(so|and|but|ok|okay|now|then)\s+", "", x.strip(), flags=re.IGNORECASE)
                   for x in re.split(r",\s+|\s+-+\s+|\u2014", question.strip()) if x.strip()]
        asks = r"\s*(where|when|which|what|how|who|is|are|did|has|have|was|were|does|do)\b"
        if len(sentences) == 1 and len(clauses) > 1 and len(clauses[-1].split()) >= 3 and \
                re.match(r"(where|when|which|what|how)\b", clauses[-1], re.IGNORECASE) and \
                not any(re.match(asks, x, re.IGNORECASE) for x in clauses[:-1]) and not re.match(
                    r"(in|since|after|before|from|between|during|at|for|relative|with|once|until|till|by|as|of)\b",
                    clauses[0], re.IGNORECASE) and \
                re.search(r"\b(i|we|i'm|i've|i'd|we're|my)\b", " ".join(clauses[:-1]), re.IGNORECASE):  # fmt: skip
            # remarks first, then the question, in one sentence ("I had the grinder trimming chairs, and now I have
            # no idea where I put it, where is it?"): the last clause says what is asked
            return self._understand(question, labels, focus=clauses[-1], intent=intent, hints=hints, lenient=lenient)
        if len(sentences) == 1 and len(clauses) > 1 and re.search(r"\b(where|when|which way)( \w+)?\W*$",
                                                                  clauses[0], re.IGNORECASE) and \
                not any(re.search(r"\b(where|when|which|what|how|who)\b", x, re.IGNORECASE) or re.match(asks, x, re.IGNORECASE)
                        for x in clauses[1:]):  # fmt: skip
            # the question, topic first, then a remark ("fire extinguisher where ah, safety officer coming to
            # check"): the first clause says what is asked
            return self._understand(question, labels, focus=clauses[0], intent=intent, hints=hints, lenient=lenient)
        return self._understand(question, labels, intent=intent, hints=hints, lenient=lenient)

    def _understand(self, question: str, labels: Iterable[str], focus: str | None = None,
                    intent: Intent | None = None, hints: dict[str, str] | None = None, lenient: bool = False) -> Query:
        """`intent`: the learned model's, when it overrules the cues; the slots are read for it. `hints`: the
        learned heads' confident values, for the closed-set slots no cue filled. `lenient`: the hints are the heads'
        best guesses, the subject head's names the subject where no cue found one, and a return is read from any
        order of its words."""
        pre = _PREAMBLE.match(question)
        ordered = pre is not None and re.match(r"\s*(before|after|once)\b", pre.group(0), re.IGNORECASE) is not None \
            and re.match(r"\s*(was|were|did|had|has|have)\b", question[pre.end():], re.IGNORECASE) is not None \
            and event_in(normalise(pre.group(0))) is not None  # "before the lad went down the trench, was the ladder picked up?"
        if pre and re.search(r"\b(where|which way|when|how long|how many)\b", pre.group(0), re.IGNORECASE):
            pre = None  # the question itself, a request after it ("for the barrow I have to turn which way, tell me")
        if pre and not ordered and not (re.match(r"\s*\w+ (he|she|they|it)\b", question[pre.end():], re.IGNORECASE)
                                        and re.search(r"\b(the|that|this|my|our)\b", pre.group(0), re.IGNORECASE)):
            # a preamble is a remark ("before the inspector comes, where is the drill"), not when the question
            # points back into it ("once the labourer got out the hole, did he go back down it")
            question = question[pre.end():]
        labels = tuple(labels)
        keep = frozenset(w for lab in labels for w in str(lab).split("_"))
        text = _english_order(normalise(question, keep))
        asked = _english_order(normalise(focus, keep)) if focus is not None else text
        if not text or _OFF_DOMAIN.search(asked):
            return UNKNOWN  # (a remark may be off the site's subject: "it's been raining, how long has the drill ...")
        subjects = subjects_in(text, labels)
        direction = direction_in(text)
        event = event_in(text)
        clause = re.search(r"\b(before|after|until|till|when|while|once) (he|she|they|i|we|the|it|that|his|her)\b", text)
        # "how long was he standing around before he went in the trench": the state asked about comes first
        state = (state_in(text[:clause.start()]) if clause else None) or state_in(text)
        if state is None and _HOW_LONG.search(text) and subjects and subjects[0][1].label == "worker" and re.search(
                r"\b(sit|sits|sitting|sat|stand|stands|standing|stood)\b", text):
            state = "idle"  # a person sat or stood, not working ("since how long the man in blue is sitting?")
        if focus is not None:
            asked_subjects = subjects_in(asked, labels)
            asked_direction = direction_in(asked)
            intent = intent or _classify(asked, asked_subjects or subjects, asked_direction or direction,
                               event_in(asked) or event, state_in(asked) or state)  # fmt: skip
        if intent is None:
            intent = _classify(text, subjects, direction, event, state)
        confidence = 1.0
        if intent is None and self._nearest is not None and (subjects or direction):
            name, sim = self._nearest.best(text)
            if sim >= self.min_similarity and name != "unknown":
                intent, confidence = name, sim  # type: ignore[assignment]
        if intent is None:
            return UNKNOWN
        if focus is not None and _names_its_own_thing(question, focus, asked, asked_subjects, subjects):
            text, subjects, direction = asked, asked_subjects, asked_direction or direction
            event, state = event_in(asked) or event, state_in(asked) or state
        if hints is None or hints.get("intent") != intent:
            hints = {}  # the heads' slots are trusted only for the intent they name
        if "direction" in hints and _CHOICE.search(text):
            hints = {k: v for k, v in hints.items() if k != "direction"}  # a choice names no one direction
        if lenient and not subjects and hints.get("subject"):
            subjects = [(0, SubjectRef(label=hints["subject"]), False)]
        query = _slots(intent, text, subjects, direction or hints.get("direction"), event or hints.get("event"),  # type: ignore[arg-type]
                       state or hints.get("state"))  # type: ignore[arg-type]  # fmt: skip
        if query is None and lenient and intent == "returned":
            query = _returned_in_any_order(text, subjects)
        if query is None:
            return UNKNOWN
        query = _learned_slots(query, hints, labels)
        if query.intent in ("still_there", "same_individual") and query.time is not None and query.time.t == 0 and (
                re.search(r"\bfirst thing\b", question.lower())
                or (query.intent == "still_there" and not re.search(r"\d", question))):  # fmt: skip
            # "still where it was first thing / at the start / in the beginning", "the one who showed up first
            # thing": where / who was first seen (a clock time, "at 0:00", stays a time)
            query = query.model_copy(update={"time": None})
        return query.model_copy(update={"confidence": confidence})


_OR_NOT = r" (?:was|is|did|does|has|had|were|are) (?:it|he|she|they|that|this)(?: not)?\s*$"
"""A tag after "or" that asks yes or no ("was the first brick laid before ..., or was it not?"), not a second event."""

_PERSON_WORD = re.compile(r"\b(man|men|guy|lad|bloke|fella|fellow|chap|woman|lady|person|worker|he|she|him|her)\b")


def _returned_in_any_order(text: str, subjects: list[tuple[int, SubjectRef, bool]]) -> Query | None:
    """A return asked in words no rule orders ("orange vest man, drill falling place, back there went?"): who is the
    person named first (the thing, when no person is named); the place is where the other thing named had the event
    the question names, or where the person had it ("where I first saw him", "before he took his hat off")."""
    people = [s for _p, s, weak in subjects if s.label == "worker"]
    things = [s for _p, s, weak in subjects if s.label != "worker" and s.label not in _ZONE_LABELS]
    if not people and _PERSON_WORD.search(text):
        people = [SubjectRef(label="worker")]
    who = people[0] if people else (things.pop(0) if things else None)
    if who is None:
        return None
    ev = event_in(text)
    if ev is None and re.search(r"\b(fall|falling|fell|drop|dropping)\b", text):
        ev = "dropped"
    if ev is None or (ev == "left" and things):
        ev = "first_seen" if not things or re.search(r"\bfirst\b", text) else "dropped"
    place = things[0] if things and ev in ("dropped", "picked_up", "moved", "first_seen") else who
    relation: Literal["before", "after"] | None = "before" if re.search(r"\b(before|prior to)\b", text) else None
    return Query(kind=KIND_OF["returned"], intent="returned", subject=who, other=EventRef(subject=place, event=ev),
                 relation=relation)  # fmt: skip


def _site_label_near(label: str, labels: tuple[str, ...]) -> str | None:
    """The site label a word that names nothing on a site is a slip for ("the tool bow", "the suspended lord", "the
    nail gum": autocorrect and voice typing turn site words into other English words, which the typo fixer leaves
    alone): the one label (the memory's or the vocabulary's, by any of its names) within one edit, two for longer
    words."""
    said = label.replace("_", " ")
    if label in _KNOWN_LABELS or label in labels or label in ("worker", "person") or len(said) < 5 or said in SYNONYMS:
        return None  # (a word the vocabulary names is the rules' choice; a short word is too near too many)
    limit = 1 if len(said) <= 6 else 2
    initials = [w[0] for w in said.split()]
    near: dict[str, int] = {}
    for name, target in _LABEL_NAMES + tuple((lab.replace("_", " "), lab) for lab in labels):
        if [w[0] for w in name.split()] != initials or not all(
                a == b or a in _english() for a, b in zip(said.split(), name.split(), strict=True)):  # fmt: skip
            continue  # a slip keeps each word's first letter ("dump truck" is not the pump truck) and makes words
                      # (autocorrect, voice typing: "gum"; "whacker plate" is a way to spell the wacker plate)
        d = _edit_distance(said, name, limit + 1)
        if d <= limit and d < near.get(target, limit + 1):
            near[target] = d
    best = sorted(near.items(), key=lambda kv: kv[1])
    if not best or (len(best) > 1 and best[1][1] == best[0][1]) or best[0][0] == "worker":
        return None
    return best[0][0]


def _learned_slots(query: Query, hints: dict[str, str], labels: tuple[str, ...]) -> Query:
    """The learned heads' confident values where the cues left a slot the intent uses empty; and the subject's
    label where the cues read a word that names nothing on a site ("the ladle" from autocorrect: the ladder)."""
    uses = SLOTS_BY_INTENT.get(query.intent, ())
    update: dict[str, Any] = {k: v for k, v in hints.items() if k in SLOT_HEADS and k in uses and getattr(query, k) is None}
    subject = query.subject
    if subject is not None and hints.get("subject", "worker") != "worker" and subject.label not in _KNOWN_LABELS \
            and subject.label not in labels and hints["subject"] not in subject.label.split("_")[:-1] \
            and not _same_material_other_thing(subject.label, hints["subject"]):  # fmt: skip
        # (not the modifier of a compound the cues read: "the scaffold plank" is a plank, not the scaffold; nor
        # another thing of the same material: "the cement bag" is not the cement mixer)
        subject = subject.model_copy(update={"label": hints["subject"]})
    if subject is not None and (near := _site_label_near(subject.label, labels)) is not None:
        subject = subject.model_copy(update={"label": near})
    if query.other is not None and query.other.subject is not None and \
            (near := _site_label_near(query.other.subject.label, labels)) is not None:  # fmt: skip
        update["other"] = query.other.model_copy(update={"subject": query.other.subject.model_copy(update={"label": near})})
    other = query.other.subject if query.other is not None else None
    if subject is not None and subject.label == "worker" and (other is None or other.label != "worker"):
        # (with a second person in the question, what is worn may be theirs: "did the sparky leave before the
        # lad in the orange vest")
        worn = {k: (hints[k] == "True" if k == "hardhat" else hints[k])
                for k in ("hardhat", "vest") if k in hints and k not in subject.attributes
                and hints[k] not in subject.attributes.values()}  # fmt: skip  ("the orange hat uncle": not a vest too)
        if worn:
            subject = subject.model_copy(update={"attributes": {**subject.attributes, **worn}})
    if subject is not query.subject:
        update["subject"] = subject
    return query.model_copy(update=update) if update else query


def _same_material_other_thing(label: str, hint: str) -> bool:
    """Two compounds of one modifier and different heads ("cement_bag", "cement_mixer"): different things."""
    a, b = label.split("_"), hint.split("_")
    return len(a) >= 2 and len(b) >= 2 and a[0] == b[0] and a[-1] != b[-1]


def _names_its_own_thing(question: str, focus: str, asked: str, asked_subjects: list[tuple[int, SubjectRef, bool]],
                         subjects: list[tuple[int, SubjectRef, bool]]) -> bool:
    """The asked sentence (`focus`, normalised `asked`) names its own thing ("The fire marshal will ask. Where is
    the gas can?", "Where's the cord to? I wants to run the saw."): the remarks around it are context, not slots.
    Not when it points back ("where is it"), names a person, holds a time, or a remark after it says more of
    the thing ("The blue one."), nor when the thing was read only with the whole text's help (a glossary
    started by a word in a remark)."""
    after = question[question.find(focus) + len(focus):]
    return bool(asked_subjects) and not re.search(r"\d", question) \
        and not re.search(r"\b(one|ones|it|its|it's|that|they|he|she|his|her)\b", after.lower()) \
        and all(s.label != "worker" for _, s, _weak in asked_subjects) \
        and {s.label for _, s, _w in asked_subjects} <= {s.label for _, s, _w in subjects} \
        and not re.search(r"\b(it|its|these|those|one)\b", asked) and not _PRONOUN.search(asked)


# A reason or condition said first ("Before I sign off the permit: is the trench box still there?", "For the
# daily report, when did ..."): context, not the question; it may name off-domain things (permits, reports).
# Kept when it holds a time ("after 5:00, how many ...").
_PREAMBLE = re.compile(
    r"^\s*(?:before|assuming|for|while|once|given|just so|ahead of|now that)\b(?![^,:;?]*\b(?:" + "|".join(_NUMBER_WORDS)
    + r")\b)[^,:;?\d]{0,90}"
    r"[,:;]\s+(?=(?:is|are|was|were|did|does|do|has|have|had|where|which|when|how|what|who|point|show|tell|give|"
    r"can|could|would|will|any|anything|something|same)\b)", re.IGNORECASE)
_PERSON_EVENTS = ("started_working", "stopped_working", "resumed_working", "went_idle", "ppe_removed", "entered_zone",
                  "left_zone", "left")  # fmt: skip
_THING_EVENTS = ("dropped", "picked_up", "moved")




_VEHICLE = re.compile(r"(truck|lorry|forklift|excavator|digger|crane|loader|dumper|telehandler|bobcat|skid_steer|van|ute|"
                      r"car|vehicle|mixer|roller|bowser|tractor|trailer|pump|mewp|lift)")
"""Things that come and go by themselves: an order or return question may be about one of them."""


def _as_question(clause: str) -> str:
    """A statement after "check whether" as the question it asks ("the drill is on the deck" -> "is the drill on the
    deck"; "the labourer climbed back down" -> "did the labourer climbed back down": the grammar reads either tense)."""
    m = re.match(rf"(?P<s>(?:{_STATED_SUBJECT})\b[\w\- ]*?) (?P<v>is|are|was|were|has|have|had)\b(?P<r>.*)$", clause)
    if m and not re.search(rf"\b({_PAST_VERB})\b", m.group("s")):
        return f"{m.group('v')} {m.group('s')}{m.group('r')}"
    m = re.match(rf"(?P<s>(?:{_STATED_SUBJECT})\b[\w\- ]*?) (?P<v>{_PAST_VERB})\b(?P<r>.*)$", clause)
    if m:
        return f"did {m.group('s')} {m.group('v')}{m.group('r')}"
    return clause


def _landmark(text: str, pos: int) -> bool:
    """Whether the thing named at `pos` is where something else stood ("sitting on a bucket", "by the stairs")."""
    return bool(re.search(r"\b(on|onto|by|next to|near|beside|under|underneath|against|atop|on top of) (a|an|the|that|this|"
                          r"one of the) $", text[max(0, pos - 20):pos])) or bool(re.search(  # "the cord that was run
        r"\b(that|which) (was|were|is|got|had been) (\w+ ){1,3}(to|into|by|near|next to|beside|on|under|against|over) "
        r"(a|an|the) $", text[max(0, pos - 60):pos]))  # out to the generator"


_PLACE_BEFORE = re.compile(r"\b(?:by|beside|near|next to|against|on|under|behind|at|in front of|on top of|up against)"
                           r" (?:the|a|an|his|her|my|that|this) $")
"""What precedes a thing named as where another thing is ("... still by the wall"), not as what is asked about."""


def _pick(subjects: list[tuple[int, SubjectRef, bool]], text: str, *, person: bool | None = None,
          default_worker: bool = False) -> SubjectRef | None:
    """The subject a query is about: the first strong naming (of a person or a thing when `person` says
    which), else a weak one ("someone"), else a pronoun's worker when `default_worker`."""
    def ok(s: SubjectRef) -> bool:
        return person is None or (s.label == "worker") == person

    for pos, s, weak in subjects:
        if not weak and ok(s):
            named = next((t for p, t, w in subjects if p < pos and w and ok(t) and t.label != "worker"), None)
            if named is not None and _PLACE_BEFORE.search(text[max(0, pos - 30):pos]):
                return named  # "is the extension lead still by the wall": the wall is where, the lead is asked about
            return s
    if person is None and re.search(r"\b(it|its)\b", text):  # "somebody moved my extension cord, where is it": the cord
        bare_someone = any(s.label == "worker" and not s.attributes and not s.role for _, s, _w in subjects)
        thing = next((s for _, s, _w in subjects if s.label != "worker"), None)
        if bare_someone and thing is not None:
            return thing
    for _, s, _weak in subjects:
        if ok(s):
            return s
    if person is not False and (default_worker or _PRONOUN.search(text)) and \
            (person or not subjects):  # fmt: skip
        return SubjectRef(label="worker")
    return None


_LAYING = re.compile(r"\b(?:who|that)\s+(?:was|were|is|has been|had been)?\s*(?:laying|doing|building|putting up|"
                     r"working on|on)\s+(?:the\s+)?(?:bricks?|brickwork|blocks?|blockwork|(?:brick\s+|block\s+)?wall)\b")


def _reference_person(text: str, subjects: list[tuple[int, SubjectRef, bool]], first: SubjectRef) -> EventRef | None:
    """Who an identity question compares with when it names them by trade: "the same person who was laying
    bricks", "the same one as the banksman". (A time or direction is the usual reference; see `_slots`.)"""
    if _LAYING.search(text):
        return EventRef(subject=SubjectRef(label="worker", role="bricklayer"))
    clause = re.search(r"\b(?:one|fella|fellow|guy|bloke|lad|person|man|woman|worker|chap|individual)\s+(?:who|that)\s+(.{3,60})$", text)
    if clause:  # "the same fella who took his hat off earlier": the one that happened to
        ev = event_in(clause.group(1))
        things = [s for _, s, _ in subjects_in(clause.group(1)) if s.label != "worker"]
        if things and things[0].label in _ZONE_LABELS and ev in (None, "entered_zone") and \
                re.search(r"\b(in|into|inside|down)\b", clause.group(1)):  # fmt: skip
            return EventRef(subject=SubjectRef(label="worker"), event="entered_zone")  # "was down in the trench"
        if things and first.label == "worker" and ev in (None, "moved", "dropped", "picked_up", "first_seen"):
            # "the one who moved the wheelbarrow", "the fella who was guiding the telehandler": whoever was at it
            return EventRef(subject=things[0], event=None if ev == "first_seen" else ev)  # (not "first thing")
        if ev == "work_unit" and not things:  # "the one who guided the first unit in": whoever was at it then
            unit, ordinal = ordinal_unit(clause.group(1))
            return EventRef(event="work_unit", unit=unit, ordinal=ordinal)
        if ev is not None and ev not in ("first_seen", "last_seen", "work_unit"):
            return EventRef(subject=SubjectRef(label="worker"), event=ev)
    m = re.search(r"\bsame\b[^?]*?\bas\b", text)
    if m:
        for pos, s, _ in subjects:
            if pos >= m.end() and s is not first and s.label == "worker" and s.role and s.role != first.role:
                return EventRef(subject=s)
    return None


def _merge_workers(subjects: list[tuple[int, SubjectRef, bool]], first: SubjectRef) -> SubjectRef:
    """Identity questions describe one person twice ("the guy front right, same as the one in yellow")."""
    attrs = dict(first.attributes)
    for _, s, _ in subjects:
        if s.label == first.label:
            for k, v in s.attributes.items():
                attrs.setdefault(k, v)
    return first.model_copy(update={"attributes": attrs})


@overload
def _described(subject: SubjectRef, subjects: list[tuple[int, SubjectRef, bool]]) -> SubjectRef: ...
@overload
def _described(subject: None, subjects: list[tuple[int, SubjectRef, bool]]) -> None: ...
def _described(subject: SubjectRef | None, subjects: list[tuple[int, SubjectRef, bool]]) -> SubjectRef | None:
    """A plain worker takes the clothes said elsewhere in a one-person question ("orange vests - how many
    people?", "2nd break length, yellow", "the visitor ... the one in blue vest")."""
    if subject is None or subject.label != "worker" or subject.attributes:
        return subject
    described = [s for _, s, _ in subjects if s.label == "worker" and s is not subject and s.attributes]
    said = {tuple(sorted(s.attributes.items())) for s in described}  # ("the lad in the yellow vest" names one twice)
    if len(said) != 1 or any(s.role and s is not subject for _, s, _ in subjects if s.label == "worker"):
        return subject
    return subject.model_copy(update={"attributes": dict(described[0].attributes)})


_KNOWN_LABELS = frozenset(SYNONYMS.values())
"""Labels the vocabulary names; a phrase read as a label outside it may be a misheard or mistyped word."""
_LABEL_NAMES = tuple(sorted({(k, v) for k, v in SYNONYMS.items()} | {(v.replace("_", " "), v) for v in SYNONYMS.values()}))
"""(name, label): every name the vocabulary has for a site label."""


def _slots(intent: Intent, text: str, subjects: list[tuple[int, SubjectRef, bool]], direction: Sector | None,
           event: EventName | None, state: StateName | None) -> Query | None:
    points = _time_points(text)
    window = _window(text, points)
    time = points[0][1] if points and window is None else None
    subject = _pick(subjects, text)
    q: dict[str, Any] = {"kind": KIND_OF[intent], "intent": intent}
    if intent == "things_in_direction":
        return Query(**q, direction=direction) if direction is not None else None
    if intent in ("direction_of", "where"):
        cue = (_WHICH_WAY if intent == "direction_of" else _WHERE).search(text)
        later = [x for x in subjects if cue is not None and x[0] >= cue.start() and not x[2]]
        pronoun = cue is not None and re.match(r"\W*(\w+\W+){0,3}?(it|they|them|he|she|him|her)\b", text[cue.end():])
        if later and not pronoun:
            subject = later[0][1]  # "the lad's asking after the barrow - where is the barrow?"
        things_named = [x for x in subjects if x[1].label != "worker" and not x[2]]
        if pronoun and pronoun.group(2) == "it" and things_named and subject is not None and subject.label == "worker":
            subject = things_named[-1][1]  # "the driver's asking about the bowser. where is it?": the bowser
        put = re.search(r"\bwhere (did|has|have|had) .*\b(put|leave|left|place|placed|stash|stashed|store|stored|dump|dumped|"
                        r"park|parked|move|moved|take|took|keep|kept|hide|hid|drop|dropped|set)\b", text)  # fmt: skip
        things = [x for x in subjects if x[1].label != "worker" and not x[2]]
        if put and things and subject is not None and subject.label == "worker":
            subject = things[-1][1]  # "where did the lads put the pallet?": the pallet
        placed = [x for x in subjects if x[1] is subject and _landmark(text, x[0])]
        others = [x for x in subjects if x[1].label != "worker" and not _landmark(text, x[0]) and x[1] is not subject]
        if placed and others and not later:  # "the laser level was sitting on a bucket ... where is that thing": the
            subject = others[0][1]            # level, not the bucket it sat on
        if subject is None:
            return None
        subject = _described(subject, subjects)  # "where did the electrician go, the one in the blue hard hat"
        return Query(**q, subject=subject, direction=direction) if intent == "direction_of" else Query(**q, subject=subject)
    if intent == "still_there":
        cue = _STILL.search(text)
        things = [x for x in subjects if x[1].label != "worker" and not x[2]]
        near = [x for x in things if cue is not None and x[0] < cue.start()]
        guessed = [x for x in subjects if x[1].label != "worker" and x[2] and cue is not None and x[0] < cue.start()
                   and re.match(r"[a-z_ ]*? (on|by|near|in|at|next to|beside|against|under) (the |a |that )?[a-z]",
                                text[x[0]:])]  # "the cement bag on the pallet, still there?": the thing before the place
        if guessed and near and guessed[0][0] < near[0][0] and re.match(
                r"[a-z ]*? (on|by|near|in|at|next to|beside|against|under) (the |a |that )?$",
                text[guessed[0][0]:near[0][0]]):  # fmt: skip
            near = guessed
        subject = (near[0][1] if near else None) or _pick(subjects, text, person=False) or subject
        if subject is None:
            return None
        if time is None and window is not None and window[0] is not None:
            time = window[0]
        return Query(**q, subject=subject, time=time)
    if intent == "count_distinct":
        after = re.search(r"\bhow many (?:different |distinct |individual |separate |unique )?(.*)$", text)
        named = [x for x in subjects if after is not None and after.start(1) <= x[0] <= after.start(1) + 1]
        subject = named[0][1] if named else (_pick(subjects, text, person=False) or subject)
        if subject is None:
            subject = SubjectRef(label="worker") if re.search(r"\b(who|anyone|individuals?|faces?)\b", text) else None
        if subject is None:
            return None
        subject = _described(subject, subjects)
        lacking: tuple[tuple[str, bool | str, str], ...] = (("vest", "none", r"(hi-vis|vest)\b"), ("hardhat", False, r"(\w+ )?hardhat"))
        for key, value, ppe in lacking:  # "how many without a vest / hard hat": the people lacking it
            if subject.label == "worker" and key not in subject.attributes and re.search(
                    r"\b(with no|without|no|not wearing)( a| an| any| their| his| her)? " + ppe, text):  # fmt: skip
                subject = subject.model_copy(update={"attributes": {**subject.attributes, key: value}})
        return Query(**q, subject=subject, window=window)
    if intent == "same_individual":
        personal = re.search(r"\b(he|she|him|her|this guy|that guy|this person|that person|this bloke|this lad|this one|that one)\b|"
                             r"^(the )?one (at|on|in|behind|to|over|near|by)\b|"
                             r"\bthe (one|guy|man|person|fellow|worker) (i|we) (see|can see|am seeing|am looking at|look at)\b|"
                             r"\b(is|was) (this|that)(?= (the )?same\b| the one (who|that)\b)", text)  # "is that the one who ..."
        subject = _pick(subjects, text, default_worker=bool(personal))
        same = re.search(r"\b(same|identical|different)\b", text)
        person_first = [s_ for p_, s_, _w in subjects if s_.label == "worker" and same is not None and p_ < same.start()]
        if subject is not None and subject.label != "worker" and person_first:
            subject = person_first[0]  # "is the person I am looking at the same one who moved the wheelbarrow"
        one_who = re.search(r"\b(?:(?:the|that|this|and) (?:same )?|same )(one|guy|bloke|lad|fella|fellow|man|woman|person|worker|chap|"
                            r"individual) (who|that)\b|\bsame (who|that)\b", text)  # fmt: skip
        if subject is not None and subject.label != "worker" and personal and one_who and personal.start() <= one_who.start():
            subject = SubjectRef(label="worker")  # "is he the one who moved the wheelbarrow": he, not the barrow
        if subject is None:
            return None
        other = _reference_person(text, subjects, subject)
        if other is not None and time is not None and time.t != 0 and other.event is None \
                and other.subject is not None and other.subject.label != "worker":  # fmt: skip
            other = None  # "the one who was on the mixer at 12:30": the time says who ("first thing" does not)
        if other is not None:
            subjects = [x for x in subjects if x[1] is not other.subject]
            if one_who and other.event is not None:  # "the same individual who removed his hard hat": not the subject's
                subjects = [x for x in subjects if x[0] < one_who.start()]
        if time is not None and time.t:  # "man on my left and man without helmet at 5:20": the clothes are the 5:20 one's
            subjects = [x for x in subjects if x[1] is subject or not re.match(r"[a-z ]{0,25}?\b(?:at|around) \d{1,2}:\d\d",
                                                                               text[x[0]:])]
        subject = _merge_workers(subjects, subject)
        return Query(**q, subject=subject, time=time, direction=direction_in(text, weak=False), other=other)
    if intent in ("is_working", "spell_duration"):
        subject = _described(_pick(subjects, text, person=True, default_worker=True), subjects) or SubjectRef(label="worker")
        if state == "without_ppe" and intent == "is_working" and state_in(_PPE_PREDICATE.sub(" ", text)) == "idle":
            state = "idle"  # "is the man without his hard hat sitting idle": the clothes name him, the rest asks
        st: StateName = "idle" if state == "idle" else "working"
        if intent == "is_working":
            if re.search(r"\b(working|busy|active|productive|on the job|at work|on task|grafting|at it)\b\s*,?\s*or\b", text):
                st = "working"
            return Query(**q, subject=subject, state=st)
        spell, ordinal = _spell(text)
        if window is not None and spell != "nth":
            spell = "total"
        return Query(**q, subject=subject, state=st, spell=spell or "current", ordinal=ordinal, window=window)
    if intent == "state_duration":
        st2 = state if state in ("on_ground", "in_zone", "without_ppe") else None
        subject = _pick(subjects, text, person=True) if st2 in ("in_zone", "without_ppe") else \
            _pick(subjects, text, person=False)  # fmt: skip
        subject = subject or _pick(subjects, text)
        if st2 == "in_zone" and subject is not None and subject.label in _ZONE_LABELS:
            subject = SubjectRef(label="worker")  # "how long has the cable puller been in the trench": a person
        if subject is None:
            return None
        if st2 == "without_ppe":  # the PPE named as the state is not an attribute of the subject
            subject = _strip_ppe(subject, text)
        spell, ordinal = _spell(text)
        if window is not None and spell != "nth":
            spell = "total"
        return Query(**q, subject=subject, state=st2, spell=spell, ordinal=ordinal, window=window)
    if intent in ("time_since", "event_time"):
        ev = event
        ask = re.search(r"\b(how long ago|how long since|how long has it been|when|what time)\b", text)
        if ask is not None and ask.start() > 0 and event is not None:  # context first: "X still hasn't turned up.
            own = event_in(text[ask.start():])                         # how long ago did we last see it?"
            ev = own if own == "last_seen" else ev
        if ev is None and re.search(r"\b(brick|course|row|layer)s?\b", text) and re.search(
                r"\b(laid|lay|placed|built|finish|complet|done|went in|go in|put)", text):  # fmt: skip
            ev = "work_unit"
        if ev is None:
            ev = "last_seen" if intent == "time_since" or re.search(r"\blast\b", text) else "first_seen"
        unit, ordinal = ordinal_unit(text) if ev == "work_unit" else (None, event_ordinal(text))
        if ev in ("first_seen", "last_seen"):
            ordinal = thing_ordinal(text)  # "when did the fourth pallet arrive"; not "the first time I saw it"
        if ev == "work_unit":
            subject = _pick(subjects, text, person=True)
            subject = subject if subject is not None and any(not w for _, s, w in subjects if s is subject) else None
            if subject is not None and not subject.attributes and re.search(
                    r"\b(lads|guys|boys|crew|masons|brickies|bricklayers|men|they|gang|team|blokes|fellas)\b", text):  # fmt: skip
                subject = None  # "when did the lads finish the first course": the wall's, not one person's
            if subject is None and (unit in (None, "brick", "course") or re.search(r"\b(wall|walls|blockwork|brickwork)\b", text)):
                subject = SubjectRef(label="brick_wall")  # ("the first block on the wall": the wall's)
            if subject is None and unit == "lift" and re.search(r"\bscaffold", text):
                subject = SubjectRef(label="scaffold")  # "the third lift of the scaffold": the scaffold's
            return Query(**q, subject=subject, event=ev, unit=unit, ordinal=ordinal)
        elif ev == "left" and not any(s_.label == "worker" for _p, s_, _w in subjects) and not _PRONOUN.search(text) \
                and _pick(subjects, text, person=False) is not None:  # fmt: skip
            subject = _pick(subjects, text, person=False)  # "when did the concrete truck leave site"
        elif ev in _PERSON_EVENTS:
            subject = _described(_pick(subjects, text, person=True, default_worker=True), subjects)
        elif ev in _THING_EVENTS:
            subject = _pick(subjects, text, person=False) or subject
        if subject is None:
            return None
        return Query(**q, subject=subject, event=ev, unit=unit, ordinal=ordinal)
    if intent == "returned":
        back = _RETURNED.search(text)
        pos = back.start() if back else len(text)
        wearer = re.match(r"(did|have|had|do) i\b|i (went|go|came|come|got) back\b", text)
        who = None if wearer else _pick([x for x in subjects if x[0] < pos], text, person=True, default_worker=True)
        before_back = [x for x in subjects if x[0] < pos]
        if who is not None and not who.attributes and not who.role and before_back and not _PRONOUN.search(text[:pos]) and \
                all(x[1].label != "worker" and not x[2] and (_VEHICLE.search(x[1].label) or re.search(
                    r"\bwhere (it|they)\b|\bwhere \w+ (\w+ )?(\w+ )?(it|them)\b|\bwhere (she|he) (was|got) (picked|dropped|moved|put|"
                    r"set|left)\b|\b(place|spot|position) (that |which )?(it|they) (was|were|got|had been)\b|"
                    r"\bwhere (somebody|someone) (pick|picked|take|took|moved|move|put|dropped|drop)\b", text[pos:])) for x in before_back) and \
                not re.search(r"\b(someone|somebody|anyone)\b", text[:pos]):  # fmt: skip
            # "did the forklift come back to where the pallet got set down": the forklift; "did the barrow come back to
            # where it was picked from": the barrow
            who = before_back[0][1]
        where_subjects = [x for x in subjects if x[0] >= pos]
        thing = _pick(where_subjects, text[pos:])
        to_thing = back is not None and re.match(r"\w+ back (down |over |up )?(to|into|in|down) (the|that) "
                                                 r"(?!(spot|place|area|location|position|same)\b)", back.group(0))  # fmt: skip
        if to_thing:  # "go back to the cable drum (after ...)": the place is the first thing named after "back"
            thing = next((sref for _p, sref, _w in where_subjects if sref.label != "worker"), thing)
        if thing is None and re.search(r"\b(that|the same|this) (spot|place|area|position)\b", text[pos:]):
            # "once the hammer had been put down, did the brickie make his way back to that spot?"
            thing = next((s for _, s, _ in [x for x in subjects if x[0] < pos] if s.label != "worker"), None)
            ev_before = event_in(text[:pos]) if thing is not None else None
            if thing is not None and ev_before in ("dropped", "picked_up", "moved"):
                return Query(**q, subject=who, other=EventRef(subject=thing, event=ev_before))
            if thing is not None and who is not None and thing.label in _ZONE_LABELS and \
                    ev_before in ("entered_zone", "left_zone"):  # "went into the excavation ... back to that spot"
                return Query(**q, subject=who, other=EventRef(subject=who, event=ev_before))
        there = back is not None and re.search(r"\bthere\b", back.group(0)) and who is not None
        place = re.search(r"\b(place|spot) where\b|\bwhere\b", text[:pos]) if there and (thing is None or thing.label == "worker") else None
        if place is not None and who is not None:
            # topic first: "orange vest worker, place where drill dropped, he went back there?"
            clause = text[place.end():pos]
            ev_there = event_in(clause)
            named_there = [s for p_, s, _w in subjects if place.end() <= p_ < pos and s.label != "worker"]
            if ev_there in ("dropped", "picked_up", "moved", "first_seen", "last_seen") and named_there:
                return Query(**q, subject=who, other=EventRef(subject=named_there[0], event=ev_there))
            if ev_there in _PERSON_EVENTS and not named_there:  # "where he took helmet off, he return there"
                return Query(**q, subject=who, other=EventRef(subject=who, event=ev_there))
            if ev_there is None and not named_there and state_in(clause) == "idle":  # "where he was standing idle, ... there"
                return Query(**q, subject=who, other=EventRef(subject=who, event="went_idle"))
        if (thing is None or thing.label == "worker") and (re.search(r"\b(it|them)\b", text[pos:]) or (
                who is not None and who.label != "worker" and re.search(r"\b(him|her)\b|\bwhere (somebody|someone) \w+",
                                                                        text[pos:]))):
            # (Kriolu's "the wheelbarrow come back to where they take him": him = the wheelbarrow)
            # "did the finisher who moved the barrow go back to where he put it": it = the thing named before
            thing = next((s for _, s, _ in reversed([x for x in subjects if x[0] < pos]) if s.label != "worker"), thing)
        if who is not None and re.search(r"\bwhere (he|she|they) ?(was|were|had been|'d been) (standing |sitting |stood |sat |seated )?"
                                         r"(idle|idling|doing nothing|(on|having|taking) (his|her|their|a) (\w+ )?(break|rest|breather|"
                                         r"smoko|lunch|tea|brew))\b", text[pos:]):  # fmt: skip
            # "back to where he was idle before": where he idled (his own went_idle), whatever "before" adds
            return Query(**q, subject=who, other=EventRef(subject=who, event="went_idle"))
        own_clause = re.search(r"\bwhere (he|she|they) (.+?)(?= (?:after|before|once|when|since|this|today|earlier)\b|$)",
                               text[pos:])
        if own_clause is not None and who is not None:
            # "back to where he started work after the lift": his own event (what follows only says which time)
            ev_own = event_in(f"{own_clause.group(1)} {own_clause.group(2)}")
            named_own = [s for p_, s, _w in subjects
                         if pos + own_clause.start(2) <= p_ < pos + own_clause.end(2) and s.label != "worker"]
            if ev_own in _PERSON_EVENTS and ev_own not in ("first_seen", "last_seen", "left") and not named_own:
                return Query(**q, subject=who, other=EventRef(subject=who, event=ev_own))
        own_before = re.search(r"\bwhere (he|she|they) ?(was|were|had been|'d been|stood|used to be)\b[^?]*?"
                               r"\bbefore\b", text[pos:])  # fmt: skip
        if own_before is not None and who is not None:
            # "did the fixer go back to where he was before the lift": his own place just before the event
            after_before = [x for x in where_subjects if x[0] >= pos + own_before.end() - 1 and x[1].label != "worker"]
            marker = _pick(after_before, text[pos + own_before.end():]) if after_before else None
            own_event = event_in(text[pos + own_before.end() - 1:])
            if own_event is None and re.search(r"\bbefore (his |her |their |the |a )?(break|brew|lunch|smoko|tea|"
                                               r"dinner|rest|pause)\b", text[pos:]):  # fmt: skip
                own_event = "went_idle"
            if marker is not None and marker.label in _ZONE_LABELS and own_event in ("entered_zone", "left_zone"):
                marker = None  # "where he was before he went in the hole": his own going in
            if own_event == "work_unit":  # "where he stayed before the first brick was laid": the wall's unit of work
                unit, nth = ordinal_unit(text[pos + own_before.end() - 1:])
                return Query(**q, subject=who, other=EventRef(subject=SubjectRef(label="brick_wall") if unit in (None, "brick", "course")
                                                              else None, event="work_unit", unit=unit, ordinal=nth), relation="before")
            if marker is None and own_event in _PERSON_EVENTS:  # "where he was before his break": his own event
                return Query(**q, subject=who, other=EventRef(subject=who, event=own_event), relation="before")
            if marker is None and own_event is None and re.search(r"\bwhere (he|she|they) (was|were) (stood|standing|idle|idling|"
                                                                  r"resting|waiting|sitting|sat|chilling|loafing|slacking)\b", text[pos:]):
                return Query(**q, subject=who, other=EventRef(subject=who, event="went_idle"))  # "where he was resting before"
            if marker is None:
                return None
            done = own_event if own_event in ("dropped", "picked_up", "moved") else "first_seen"
            return Query(**q, subject=who, other=EventRef(subject=marker, event=done), relation="before")
        if who is not None and re.search(r"\bwhere (he|she|they) ?(was |were |had been |'d been |has been |'s been )?"
                                         r"(sat |seated |stood |sitting )?(stood|standing|idle|idl(ed|ing)|waiting|hanging "
                                         r"(about|around)|loafing|stopped|chilling|slacking|rest|rests|rested|resting|lazing)\b",
                                         text[pos:]):  # fmt: skip
            # "gone back to the spot where he was stood about": where he idled
            return Query(**q, subject=who, other=EventRef(subject=who, event="went_idle"))
        zone_ev = _zone_event(text[pos:]) if thing is not None and thing.label in _ZONE_LABELS else None
        if zone_ev == "entered_zone" and _zone_event(text) == "left_zone":
            zone_ev = "left_zone"  # "after he came up from the pit, did he go in it again": counted from leaving it
        if zone_ev is None and thing is None and any(x[1].label in _ZONE_LABELS for x in subjects):
            zone_ev = _zone_event(text)  # "after coming out of the pit, did the helper go inside again?"
        if who is not None and zone_ev is not None:
            # "did he go back down into the hole after he came out of it": a second visit, asked of the person
            first = re.search(r"\b(the first time|for the first time|first time)\b", text[pos:]) is not None
            return Query(**q, subject=who, other=EventRef(subject=who, event=zone_ev, ordinal=1 if first else None))
        if (who is None and not wearer) or thing is None:
            return None
        ev = event_in(text[pos:])
        if ev == "picked_up" and re.search(r"\b(took|take|taken|pulled|whipped) (it|them) off\b", text[pos:]) and \
                (re.search(r"\b(hardhat|hat|helmet|lid|vest|hi-vis|ppe)\b", text) or who is not None and
                 who.attributes.get("hardhat") is False):  # fmt: skip
            ev = "ppe_removed"  # "did the worker without a hard hat come back to where he took it off"
        if ev is None and re.search(r"\bwhere (it|he|she|they|the \w+) (was|were|stood|sat) (in the beginning|at the start|"
                                    r"at first|originally|to begin with)\b", text[pos:]):  # fmt: skip
            ev = "first_seen"  # "back to where the ladder was in the beginning": where it was first seen
        if ev == "left" and thing.label != "worker" and re.search(r"\b(been|was|were|got|get) left\b", text[pos:]):
            ev = "dropped"  # "where the wheelbarrow had been left": put down there
        if to_thing and ev not in ("dropped", "picked_up", "moved", "left_zone", "entered_zone"):
            ev = "first_seen"  # "back to the cable drum": where the drum is
        if (ev in _PERSON_EVENTS or ev == "first_seen") and who is not None and who.label == "worker" and \
                thing.label == "worker" and not thing.attributes and not thing.role and \
                re.search(r"\b(he|she|they|his|her|him|them)\b", text[pos:]):  # fmt: skip
            thing = who  # "did the worker without a hard hat go back to where he took it off": his own event
        if who is not None and who.label == "worker" and not who.attributes and not who.role and thing.label != "worker" \
                and thing.label not in _ZONE_LABELS and (ev or "first_seen") == "first_seen" and not wearer \
                and not _PRONOUN.search(text[:pos]) and not any(s_.label == "worker" for p_, s_, _w in subjects if p_ < pos) \
                and any(s_.label == thing.label for p_, s_, _w in subjects if p_ < pos):  # fmt: skip
            # "did the one-wheeled cart end up back where we first saw it": the thing came back, nobody is named
            return Query(**q, subject=thing, other=EventRef(subject=thing, event="first_seen"))
        return Query(**q, subject=who, other=EventRef(subject=thing, event=ev or "dropped"))
    if intent == "order":
        m = re.search(r"\b(before|after|prior to|earlier than|later than)\b", text)
        relation: Literal["before", "after"] = "after" if m and m.group(1) in ("after", "later than") else "before"
        cut = m.start() if m else len(text) // 2
        a_text, b_text = text[:cut], text[cut:]
        main = re.search(r"\b(had|did|was|were|has|have|is|are)\b", text[m.end():]) if m and m.start() == 0 else None
        if m is not None and main is not None:
            # "prior to A, had B already been seen?": B is asked about, before A
            split = m.end() + main.start()
            a_text, b_text = text[split:], text[:split]
            subjects = [(pos - split if pos >= split else pos + len(text), sref, weak) for pos, sref, weak in subjects]
            cut = len(a_text)
        m_or = re.search(r"\b(which (came|happened|was|one)|what came|first)\b.*?\bor\b(?! not?\b)(?!" + _OR_NOT + r")|"
                         r"\bor\b(?! not?\b)(?!" + _OR_NOT + r").*\bfirst\b", text)  # (not "..., or was it not?")
        if m_or and not re.search(r"\bbefore or after|after or before\b", text):
            parts = re.split(r"\bor\b", text, maxsplit=1)
            a_text, b_text = parts[0], parts[1]
            relation = "before"
        sub_a = [s for s in subjects if s[0] < len(a_text)]
        sub_b = [s for s in subjects if s[0] >= len(a_text)]
        ea, eb = event_in(a_text), event_in(b_text)
        if re.match(r"\s*(before|after|prior to) (the |his |her |their |a )?(\w+ )?(tea |lunch |smoke |coffee |first |second )?"
                    r"(break|brew|smoko|tea|lunch|cuppa)\s*(,?\s*(yes|no|or not|ah|eh|right))?\s*$", b_text):  # fmt: skip
            eb = "went_idle"  # "was the 3rd course done before the brickie's brew": his going on break
        elif eb is None and re.search(r"\b(came|come|comes|coming|arrive[sd]?|showed up|show up|turned up|rocked up|got here|"
                                      r"get here)\b", b_text):  # fmt: skip
            eb = "first_seen"  # "after the suspended load came, yes?"
        if ea is None and re.search(r"\b(came|come|comes|arrived|arrives|showed up|turned up|got here)\b", a_text):
            ea = "first_seen"  # "concrete mixer came first, or ... took his helmet off first?"
        sa = _pick(sub_a, a_text, person=True if ea in _PERSON_EVENTS else False if ea in _THING_EVENTS else None)
        sa = sa or _pick(sub_a, a_text)
        sb = _pick(sub_b, b_text, person=True if eb in _PERSON_EVENTS else False if eb in _THING_EVENTS else None)
        sb = sb or _pick(sub_b, b_text)
        person_b = eb in _PERSON_EVENTS
        if sa is not None and sa.label == "worker" and person_b and not any(
                s.label == "worker" and not w for _, s, w in sub_b) and not (
                eb == "left" and sb is not None and not is_person(sb.label)):  # fmt: skip
            sb = sa  # "did he take his lid off after he went into the hole": the same one; "after the excavator left": not
        elif not sub_b and sa is not None and (ea in _PERSON_EVENTS) == (person_b or eb is None):
            sb = sa
        elif ea in _PERSON_EVENTS and sa is not None and sa.label in _ZONE_LABELS and sb is not None and sb.label == "worker" \
                and not any(s.label == "worker" for _, s, _w in sub_a):
            sa = sb  # "went into the pit after the blue vest man took off his hardhat": he went in, not the pit
        elif not sub_b and person_b and sa is not None and sa.label != "worker":
            # "he dropped the hammer before going for his tea": the one who dropped it went, not the hammer
            sb = next((s for _, s, _w in sub_a if s.label == "worker"), None) or (
                SubjectRef(label="worker") if re.search(r"\b(he|she|they)\b", a_text) else None)
        if sb is None and person_b and not sub_b and re.search(r"\b(he|she|they)\b", b_text):
            sb = SubjectRef(label="worker")  # "was the second course done after he came back from lunch": he, not the wall
        if ea is None and re.search(r"\b(brick|course|row|layer)s?\b", a_text):
            ea = "work_unit"
        if eb is None and re.search(r"\b(brick|course|row|layer)s?\b", b_text):
            eb = "work_unit"
        eb = eb or ea
        ua0 = ordinal_unit(a_text)[0] if ea == "work_unit" else None
        if ea == "work_unit" and sa is not None and sa.label == "worker" and not sa.attributes and sa.role is None \
                and re.search(r"\b(lads|guys|boys|crew|masons|brickies|bricklayers|men|they|gang|team|blokes|fellas)\b", a_text):
            sa = None  # "did they lay the first block before ...": the work's, not one person's (as for its time)
        if ea == "work_unit" and (sa is None or sa.label != "worker"):  # a wall's courses; any other work object's units
            sa = SubjectRef(label="brick_wall") if ua0 in (None, "brick", "course") else None
        ub, ob = ordinal_unit(b_text) if eb == "work_unit" else (None, event_ordinal(b_text))
        if eb == "work_unit" and (sb is None or sb.label != "worker"):
            sb = SubjectRef(label="brick_wall") if ub in (None, "brick", "course") else None
        if sa is None and ea != "work_unit":
            return None
        ua, oa = ordinal_unit(a_text) if ea == "work_unit" else (None, event_ordinal(a_text))
        other = EventRef(subject=sb if sb is not None or eb == "work_unit" else sa, event=eb, unit=ub, ordinal=ob)
        return Query(**q, subject=sa, event=ea, unit=ua, ordinal=oa, other=other, relation=relation)
    return None


def _strip_ppe(subject: SubjectRef, text: str) -> SubjectRef:
    attrs = dict(subject.attributes)
    attributive = re.search(r"\b(with no|no|without a|without|hatless|bare[- ]?headed)\s+(\w+\s+)?(hardhat|vest|hi-vis)\b.*\b(been|was|"
                            r"were|is|spent|stay|stayed|stays|remain|remained)\b.*\b(without|like that|that way)\b", text)  # fmt: skip
    said = " ".join(m.group(0) for m in _PPE_PREDICATE.finditer(text))
    about_vest = bool(re.search(r"\b(vest|hi-vis|high-vis|hi vis)\b", said))
    about_hat = not about_vest or bool(re.search(r"\b(hardhat|hat|lid|helmet|hard hay)\b", said))
    if not attributive:  # the PPE the state names is not an attribute; another one said of the person is
        if attrs.get("hardhat") is False and about_hat:
            attrs.pop("hardhat")
        if attrs.get("vest") == "none" and about_vest:
            attrs.pop("vest")
    return subject.model_copy(update={"attributes": attrs})


__all__ = ["QuestionUnderstander", "direction_in", "event_in", "normalise", "state_in", "subjects_in"]
