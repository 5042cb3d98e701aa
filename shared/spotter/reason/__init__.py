"""The proactive reasoner: per-clip decisions and alerts (rule engine offline; retrieval as extension points)."""

from spotter.reason.reasoner import (
    DEEP_CATEGORIES,
    Narrator,
    Reasoner,
    RetrievedItem,
    Retriever,
    TemplateNarrator,
    alert_id_for,
)
from spotter.reason.rules import ClipFacts, ObsFact, RuleEngine, Trigger
from spotter.reason.settings import DEFAULT_COOLDOWNS, ExclusionZone, ReasonerSettings
from spotter.reason.site_rules import SiteRules

__all__ = [
    "DEEP_CATEGORIES",
    "DEFAULT_COOLDOWNS",
    "ClipFacts",
    "ExclusionZone",
    "Narrator",
    "ObsFact",
    "Reasoner",
    "ReasonerSettings",
    "RetrievedItem",
    "Retriever",
    "RuleEngine",
    "SiteRules",
    "TemplateNarrator",
    "Trigger",
    "alert_id_for",
]
