"""Settings of the proactive reasoner (`SPOTTER_REASON_*`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from spotter.reason.site_rules import DEFAULT_COOLDOWNS, ExclusionZone, SiteRules, load_rules_file, merge


class ReasonerSettings(BaseSettings):
    """Where the site rules come from (`spotter.reason.site_rules`) and the reasoner's own knobs."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_REASON_", extra="ignore", frozen=True)

    rules_file: Path | None = Field(
        default=None, description="YAML (or JSON) site rules, docs/RULES.md; unset: the contract's defaults"
    )
    rules: dict[str, Any] | None = Field(
        default=None, description="JSON partial site rules laid over the file's (or the defaults)"
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

    @model_validator(mode="after")
    def _rules_valid(self) -> ReasonerSettings:
        self.site_rules()  # a bad rules file or document fails at start, with its reason
        return self

    def site_rules(self) -> SiteRules:
        """The rules file's (or the defaults), with `rules` laid over them."""
        base = load_rules_file(self.rules_file) if self.rules_file is not None else SiteRules()
        return merge(base, self.rules) if self.rules else base


__all__ = ["DEFAULT_COOLDOWNS", "ExclusionZone", "ReasonerSettings"]
