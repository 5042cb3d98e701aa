"""The REST API: graph tools, cameras, health and metrics (`create_app`)."""

from __future__ import annotations

from spotter.api.app import create_app
from spotter.api.settings import ApiSettings

__all__ = ["ApiSettings", "create_app"]
