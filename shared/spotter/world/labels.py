"""Label vocabulary of the world model: synonyms, and which things move by themselves.

Captions come from detectors and language models that name the same kind of
thing differently (`person`, `man`, `worker`); identity only compares things
of one canonical label. People are movers (tight spatial gate, EWMA position);
everything else is treated as placed (static) unless it is carried.
"""

from __future__ import annotations

from collections.abc import Iterable

SYNONYMS: dict[str, str] = {
    "person": "worker",
    "people": "worker",
    "man": "worker",
    "woman": "worker",
    "laborer": "worker",
    "labourer": "worker",
    "construction_worker": "worker",
    "builder": "worker",
    "tool_box": "toolbox",
    "tool_chest": "toolbox",
    "step_ladder": "ladder",
    "stepladder": "ladder",
    "extension_ladder": "ladder",
    "power_drill": "drill",
    "cordless_drill": "drill",
    "drill_driver": "drill",
    "barrow": "wheelbarrow",
    "wheel_barrow": "wheelbarrow",
    "traffic_cone": "cone",
    "safety_cone": "cone",
    "scaffolding": "scaffold",
    "skid": "pallet",
    "skip_bin": "skip",
    "measuring_tape": "tape_measure",
    "jerrycan": "jerry_can",
}

ALIASES: tuple[frozenset[str], ...] = (
    frozenset({"concrete_mixer", "cement_mixer", "mixer_truck", "concrete_truck", "concrete_mixer_truck", "concrete_wagon",
               "cement_truck", "concrete_lorry"}),
    frozenset({"mewp", "mobile_elevating_work_platform"}),
    frozenset({"jackhammer", "breaker", "kango", "pneumatic_breaker"}),
    frozenset({"excavator", "digger"}),
    frozenset({"hammer", "sledgehammer"}),
    frozenset({"truck", "lorry"}),
    frozenset({"skid_steer", "skid_loader", "skid_steer_loader"}),
    frozenset({"gas_cylinder", "gas_bottle", "propane_bottle", "propane_cylinder", "lpg_bottle", "lpg_cylinder"}),
)
"""Labels that name one kind of thing, each kept as the detector said it (answers name what was seen), and a
question naming one finds the other (`same_kind`)."""

PEOPLE: frozenset[str] = frozenset({"worker"})
"""Canonical labels that are people: idle/active and PPE events, VISTA's tight gate."""

MOVERS: frozenset[str] = PEOPLE | frozenset({"vehicle", "truck", "forklift", "excavator", "dog"})
"""Things that move by themselves: their position is an EWMA, they never 'move' as an event."""


HAND_TOOL_WORDS: frozenset[str] = frozenset({
    "drill", "hammer", "sledgehammer", "mallet", "saw", "grinder", "wrench", "spanner", "spade", "shovel", "level",
    "tape_measure", "measure", "toolbox", "trowel", "float", "poker", "crowbar", "screwdriver", "pliers", "locator",
    "detector", "meter", "laser", "nail_gun", "gun", "radio", "tablet", "clipboard", "cutter", "rake", "broom",
    "chisel", "knife", "torch", "bucket", "bag", "case", "kit", "tool", "crimper", "stapler", "sander",
})  # fmt: skip
"""Last words of labels of things carried and set down by hand ("laser_level", "cable_locator", "drill")."""


LIFTED_LOAD_WORDS: frozenset[str] = frozenset({
    "load", "steel", "steelwork", "beam", "girder", "joist", "rsj", "truss", "bundle", "lift",
})  # fmt: skip
"""What a supervisor calls a crane's load by what it is ("the steel", "the beam", "the bundle"): where the memory holds
no such label, the detector's `suspended_load` is that thing."""


UNIT_COUNT_ATTRIBUTES: tuple[str, ...] = (
    "bricks", "blocks", "units", "modules", "panels", "pieces", "sections", "lengths", "segments",
)  # fmt: skip
"""Detection attributes that count a work object's units of work (a wall's bricks, a parapet's units)."""


def named_by(label: str, words: Iterable[str]) -> bool:
    """Whether `label`, or the noun it ends with ("laser_level" -> "level"), is one of `words`."""
    pool = words if isinstance(words, frozenset | set) else set(words)
    return label in pool or label.rsplit("_", 1)[-1] in pool


def is_hand_tool(label: str) -> bool:
    """A thing a person carries and sets down: its label, or the noun its label ends with, is a hand tool."""
    return named_by(canonical_label(label), HAND_TOOL_WORDS)


def canonical_label(label: str) -> str:
    """Lower-case, underscores for spaces and hyphens, then the synonym map."""
    key = label.strip().lower().replace(" ", "_").replace("-", "_")
    return SYNONYMS.get(key, key)


def same_kind(a: str, b: str) -> bool:
    """Whether two labels name one kind of thing: one canonical label, or one group of `ALIASES`."""
    ca, cb = canonical_label(a), canonical_label(b)
    return ca == cb or any(ca in group and cb in group for group in ALIASES)


def names_lifted_load(label: str) -> bool:
    """Whether a label (or its last word: "steel_beam") is what a crane's load is called by what it is."""
    return named_by(canonical_label(label), LIFTED_LOAD_WORDS)


def is_person(label: str) -> bool:
    return canonical_label(label) in PEOPLE


def is_mover(label: str) -> bool:
    return canonical_label(label) in MOVERS


__all__ = [
    "ALIASES", "HAND_TOOL_WORDS", "LIFTED_LOAD_WORDS", "MOVERS", "PEOPLE", "SYNONYMS", "UNIT_COUNT_ATTRIBUTES", "canonical_label",
    "is_hand_tool", "is_mover", "is_person", "named_by", "names_lifted_load",
]  # fmt: skip
