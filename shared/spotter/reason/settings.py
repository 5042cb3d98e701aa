"""Settings of the proactive reasoner (`SPOTTER_REASON_*`)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field
from pydantic_settings import BaseSettings, SettingsConfigDict


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


class ReasonerSettings(BaseSettings):
    """Thresholds, zones and cooldowns of the rule engine (`spotter.reason.rules`)."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_REASON_", extra="ignore", frozen=True)

    idle_threshold_s: float = Field(default=60.0, gt=0.0, description="A person idle this long: idle alert")
    left_behind_timeout_s: float = Field(
        default=20.0, ge=0.0, description="A dropped tool unattended this long (nobody near it): left_behind"
    )
    left_behind_labels: list[str] = Field(
        default_factory=lambda: ["drill", "hammer", "saw", "grinder", "wrench"],
        description="Labels that count as hand tools for left_behind",
    )
    near_deg: float = Field(
        default=12.0, gt=0.0, le=180.0, description="A person within this bearing of a tool is attending it"
    )
    person_labels: list[str] = Field(default_factory=lambda: ["worker"], description="Labels that are people")
    exclusion_zones: list[ExclusionZone] = Field(
        default_factory=list, description="JSON list of {camera?, from_deg, to_deg, labels, name?}"
    )
    zone_min_frames: int = Field(default=2, ge=1, description="Sampled frames inside a zone before it alerts")
    progress_labels: list[str] = Field(
        default_factory=lambda: ["brick_wall"],
        description="Labels whose first sighting and `courses` growth is progress",
    )
    hazard_labels: list[str] = Field(
        default_factory=lambda: ["fire", "smoke", "spill"],
        description="Labels whose sighting is a safety_alert",
    )
    long_absence_s: float = Field(
        default=180.0, ge=0.0, description="Gone (not only out of view) this long, then back: memory_recall"
    )
    recall_min_checks: int = Field(
        default=3,
        ge=0,
        description="Clips that showed a gone thing's place empty before its return is recalled",
    )
    cooldowns: dict[str, float] = Field(
        default_factory=lambda: dict(DEFAULT_COOLDOWNS),
        description="JSON {category: seconds}: the same condition does not alert again within this",
    )
    max_recent_clips: int = Field(default=30, ge=1, description="Clips of short-term context kept per camera")
    retrieval_timeout_s: float = Field(
        default=0.5, gt=0.0, description="Each retrieval pathway's answer is used only if it arrives within this"
    )
    clip_wait_s: float = Field(
        default=10.0,
        ge=0.0,
        description="Service: wait this long for the knowledge graph to store a caption's clip",
    )
    heading_max_age_s: float = Field(
        default=2.0, gt=0.0, description="Service: a heading sample older than this (s) counts as unknown"
    )
