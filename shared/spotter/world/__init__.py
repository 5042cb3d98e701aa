"""The world model: entities with world-fixed bearings, identity, and world events (VISTA + GEB + VIGIL)."""

from spotter.world.geometry import confidence_at, direction, relative_deg, sector
from spotter.world.identity import Candidate, IdentityResolver, Match, Probe
from spotter.world.labels import canonical_label
from spotter.world.model import HeadingLookup, WorldModel
from spotter.world.settings import WorldSettings

__all__ = [
    "Candidate",
    "HeadingLookup",
    "IdentityResolver",
    "Match",
    "Probe",
    "WorldModel",
    "WorldSettings",
    "canonical_label",
    "confidence_at",
    "direction",
    "relative_deg",
    "sector",
]
