"""One exception hierarchy for the library; only the API layer maps it to HTTP."""

from __future__ import annotations


class SpotterError(Exception):
    """Base of every error Spotter raises on purpose."""


class ConfigError(SpotterError):
    """A setting is missing or contradictory."""


class MalformedMessage(SpotterError):
    """A stream message could not be decoded or validated; it goes to the dead letters."""


class SourceError(SpotterError):
    """A video source cannot be opened or read (corrupt file, unreachable stream)."""


class HeadingError(SpotterError):
    """The heading tracker was given frames it cannot use."""
