"""The captioner's error, part of the library's one hierarchy (spotter.errors.SpotterError)."""

from __future__ import annotations

from spotter.errors import SpotterError


class CaptionError(SpotterError):
    """A captioner could not produce a valid caption (endpoint down, malformed or invalid reply)."""
