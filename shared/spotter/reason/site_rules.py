"""Site rules as data: one parameter block per alert category (what it watches, thresholds, cooldown).

A site's rules are a YAML/JSON document (`SPOTTER_REASON_RULES_FILE`, or `PUT /v1/sites/{site}/rules`)
shaped like `SiteRules`; a camera may override any part (`PUT /v1/cameras/{id}/rules`, or the
document's `cameras: {id: {...}}`). Everything has a default from the contract, so a site with no
configuration still gets the obvious alerts (docs/RULES.md):

* ppe_violation: a worker seen without a hard hat (and a vest, where required) for >= 3 s.
* exclusion_zone: a worker inside a zone anchored on a hazard label (`excavation`, with a margin)
  or a configured bearing range.
* safety_alert: a person under or next to a `suspended_load` (label pairs the site extends), next to
  moving plant (an excavator, dumper, ... seen moving: its frames' state, and its world bearing shifting
  or the detector saying so), and
  hazard labels (fire, smoke, spill).
* left_behind: a hand tool put down stays out of view >= 30 s, not picked up, nobody near it.
* idle: a worker idle >= 60 s, once per idle spell.
* progress: the first unit of work (first brick) and every third course, from progress attributes.
* memory_recall: the wearer looks back at the place of a thing seen earlier, and it is gone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from spotter.errors import ConfigError
from spotter.world.geometry import CALM_TURN_DEG_S, WORK_RESUMED_S
from spotter.world.labels import UNIT_COUNT_ATTRIBUTES
from spotter.world.walking import WALK_SCALE


class ExclusionZone(BaseModel):
    """A world bearing range (clockwise from `from_deg` to `to_deg`) that `labels` must not enter."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    camera: str | None = Field(
        default=None, description="Only this camera's world frame (None: every camera)"
    )
    from_deg: float = Field(ge=-360.0, le=360.0)
    to_deg: float = Field(ge=-360.0, le=360.0)
    labels: list[str] = Field(default_factory=lambda: ["worker"], description="Labels kept out (people)")
    name: str = ""

    def contains(self, bearing: float) -> bool:
        span = (self.to_deg - self.from_deg) % 360.0
        return (bearing - self.from_deg) % 360.0 <= span


DEFAULT_COOLDOWNS: dict[str, float] = {
    "safety_alert": 60.0,
    "ppe_violation": 300.0,
    "exclusion_zone": 60.0,
    "left_behind": 300.0,
    "idle": 60.0,
    "progress": 0.0,
    "memory_recall": 300.0,
}


class _Rule(BaseModel):
    model_config = ConfigDict(extra="forbid")
    enabled: bool = True
    cooldown_s: float = Field(default=0.0, ge=0.0, description="The same condition does not alert again within this")


class PpeRule(_Rule):
    cooldown_s: float = DEFAULT_COOLDOWNS["ppe_violation"]
    require_hardhat: bool = True
    require_vest: bool = False
    min_duration_s: float = Field(default=3.0, ge=0.0, description="Seen without the PPE this long (s)")


class ZoneRule(_Rule):
    cooldown_s: float = DEFAULT_COOLDOWNS["exclusion_zone"]
    anchor_labels: list[str] = Field(default_factory=lambda: ["excavation"], description="Hazards that are zones")
    margin_deg: float = Field(default=4.0, ge=0.0, le=90.0, description="Zone = the hazard's extent plus this")
    zones: list[ExclusionZone] = Field(default_factory=list, description="Bearing ranges kept clear")
    min_frames: int = Field(default=2, ge=1, description="Sampled frames inside before it alerts")
    left_s: float = Field(default=3.0, ge=0.0, description="Seen out of the zone this long, the zone in the picture, ends"
                          " a stay: one alert per stay, and the next time in alerts again")


class SafetyRule(_Rule):
    cooldown_s: float = DEFAULT_COOLDOWNS["safety_alert"]
    pairs: list[tuple[str, str]] = Field(
        default_factory=lambda: [("worker", "suspended_load")],
        description="(person label, hazard label): the person under or next to the hazard",
    )
    near_deg: float = Field(default=3.0, ge=0.0, le=90.0, description="Beside = within the hazard's extent plus this")
    load_min_m: float = Field(
        default=1.0, ge=0.0, le=20.0,
        description="A hazard of a pair is at least this big on its longest side (a crane's load: a pallet, a skip, a "
                    "bundle): one that looks smaller at the person's scale (a standing person's height) is far behind "
                    "them, not beside them; 0 turns the check off",
    )
    hazard_labels: list[str] = Field(default_factory=lambda: ["fire", "smoke", "spill"], description="Alert on sight")
    min_frames: int = Field(default=2, ge=1)
    moving_plant_labels: list[str] = Field(
        default_factory=lambda: ["excavator", "dumper", "forklift", "loader", "roller", "bulldozer", "telehandler",
                                 "skid_steer", "truck"],
        description="Plant a person must not be next to while it moves (parked plant is not a hazard)",
    )  # fmt: skip
    plant_near_deg: float = Field(default=3.0, ge=0.0, le=90.0, description="Beside moving plant = within its extent plus this")
    plant_near_m: float = Field(
        default=2.0, ge=0.0, le=20.0,
        description="... and within this many metres of it in depth, the distances read from the image (a standing "
                    "person's height; the machine's bottom edge below the horizon at their head height)",
    )
    plant_depth_m: float = Field(
        default=4.0, ge=0.0, le=30.0, description="How deep a machine is behind its bottom edge in the image",
    )


class LeftBehindRule(_Rule):
    cooldown_s: float = DEFAULT_COOLDOWNS["left_behind"]
    tool_labels: list[str] = Field(
        default_factory=lambda: ["drill", "hammer", "sledgehammer", "saw", "grinder", "wrench", "spade", "shovel",
                                 "level", "tape_measure", "toolbox", "trowel", "locator", "detector", "meter", "nail_gun",
                                 "float"],
        description="Tools by label, or by the noun a label ends with ('level' covers laser_level and spirit_level)",
    )  # fmt: skip
    timeout_s: float = Field(default=30.0, ge=0.0, description="Out of view this long after being put down")
    near_deg: float = Field(default=12.0, gt=0.0, le=180.0, description="A person this close is attending it")
    unless_attended: bool = Field(
        default=False, description="Not while a person is seen beside it (a co-worker using it); off: the wearer left it"
    )


class IdleRule(_Rule):
    cooldown_s: float = DEFAULT_COOLDOWNS["idle"]
    threshold_s: float = Field(default=60.0, gt=0.0)
    resume_s: float = Field(
        default=WORK_RESUMED_S, ge=0.0,
        description="Work seen this long ends an idle spell (a frame or two of motion while standing is not work)",
    )
    same_place_deg: float = Field(
        default=5.0, ge=0.0, le=45.0,
        description="Seen idle, out of view longer than the threshold, and idle again within this many degrees of where he"
                    " was (the wearer not having walked): idle all along",
    )


class ProgressRule(_Rule):
    cooldown_s: float = DEFAULT_COOLDOWNS["progress"]
    labels: list[str] = Field(
        default_factory=list, description="Work objects ([]: any thing whose detections report a unit count)"
    )
    unit_attribute: str = Field(default="bricks", description="Counts units of work (first unit: 0 -> 1)")
    unit_attributes: list[str] = Field(
        default_factory=lambda: [a for a in UNIT_COUNT_ATTRIBUTES if a != "bricks"],
        description="Other attributes that count units of work (a parapet's units, a solar table's modules)",
    )
    stage_attribute: str = Field(default="courses", description="Counts stages of work")
    stage_every: int = Field(default=3, ge=1, description="Alert at every n-th stage")


class RecallRule(_Rule):
    cooldown_s: float = DEFAULT_COOLDOWNS["memory_recall"]
    min_away_s: float = Field(default=20.0, ge=0.0, description="Unseen at least this long before its place is looked at")
    view_margin_deg: float = Field(default=10.0, ge=0.0, le=60.0, description="Its place this far inside the view")
    min_seen_fraction: float = Field(
        default=0.3, ge=0.0, le=1.0,
        description="A thing the detector saw for less than this share of the time its place was looked at (a few"
                    " flashes of something small) is not missed when it is not seen: its absence says little",
    )
    view_margin_fraction: float = Field(
        default=0.0, ge=0.0, le=0.45,
        description="... and at least this fraction of the field of view inside it, for a site whose wide lens's rim"
                    " squeezes things small enough for its detector to miss (0: off; 0.15 cleared family O's false"
                    " recall on a 150-degree fisheye but delayed family B's true one past its window, so it is off by default)",
    )
    min_view_s: float = Field(default=1.5, ge=0.0, description="Its place in view, empty, this long in a clip")
    moved_deg: float = Field(default=25.0, gt=0.0, description="Seen this far from its place: it was moved")
    calm_deg_s: float = Field(
        default=CALM_TURN_DEG_S, gt=0.0,
        description="Its place counts as looked at only while the head turns slower than this (deg/s)",
    )
    walk_scale: float = Field(
        default=WALK_SCALE, gt=1.0,
        description="Still things near the middle of the view changing size this much in a clip, two clips of three: "
                    "the wearer walked, and places known by bearing from before are stale",
    )
    walk_scale_seen_again: float = Field(
        default=2.0, gt=1.0,
        description="A still thing near the middle of the view seen again this much bigger or smaller than when "
                    "last measured: the wearer moved in between, and places known by bearing from before are stale",
    )
    labels_excluded: list[str] = Field(
        default_factory=lambda: ["excavation", "brick_wall", "scaffold", "suspended_load", "cone"],
        description="Things whose absence is not worth recalling (fixed, or moved by design)",
    )


class SiteRules(BaseModel):
    """Every category's rule for one site (or camera). Unknown keys are refused, so a typo says so."""

    model_config = ConfigDict(extra="forbid")

    person_labels: list[str] = Field(default_factory=lambda: ["worker"])
    ppe_violation: PpeRule = Field(default_factory=PpeRule)
    exclusion_zone: ZoneRule = Field(default_factory=ZoneRule)
    safety_alert: SafetyRule = Field(default_factory=SafetyRule)
    left_behind: LeftBehindRule = Field(default_factory=LeftBehindRule)
    idle: IdleRule = Field(default_factory=IdleRule)
    progress: ProgressRule = Field(default_factory=ProgressRule)
    memory_recall: RecallRule = Field(default_factory=RecallRule)
    cameras: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="Per camera: a partial SiteRules that overrides the site's"
    )

    def for_camera(self, camera_id: str) -> SiteRules:
        override = self.cameras.get(camera_id)
        if not override:
            return self
        return merge(self.model_copy(update={"cameras": {}}), override)

    def cooldown(self, category: str) -> float:
        rule = getattr(self, category, None)
        return float(rule.cooldown_s) if isinstance(rule, _Rule) else 0.0


def merge(base: SiteRules, override: dict[str, Any]) -> SiteRules:
    """`base` with `override` (a partial document) laid over it, validated."""
    data = base.model_dump(mode="json")
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict) and key != "cameras":
            data[key] = {**data[key], **value}
        else:
            data[key] = value
    return SiteRules.model_validate(data)


def parse_rules(document: Any, where: str = "rules") -> SiteRules:
    """A rules document (mapping) -> SiteRules; ConfigError with the first problem."""
    if document is None:
        return SiteRules()
    if not isinstance(document, dict):
        raise ConfigError(f"{where}: a mapping of categories to rules is expected")
    try:
        return SiteRules.model_validate(document)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(x) for x in first["loc"])
        raise ConfigError(f"{where}: {loc}: {first['msg']}") from exc


def load_rules_file(path: Path) -> SiteRules:
    try:
        document = yaml.safe_load(path.read_text())
    except OSError as exc:
        raise ConfigError(f"rules file {path}: {exc}") from exc
    except yaml.YAMLError as exc:
        raise ConfigError(f"rules file {path}: not valid YAML ({exc})") from exc
    return parse_rules(document, str(path))


__all__ = [
    "DEFAULT_COOLDOWNS", "ExclusionZone", "IdleRule", "LeftBehindRule", "PpeRule", "ProgressRule", "RecallRule", "SafetyRule", "SiteRules", "ZoneRule",
    "load_rules_file", "merge", "parse_rules",
]  # fmt: skip
