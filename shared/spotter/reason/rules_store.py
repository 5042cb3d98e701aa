"""Site and camera rules kept in Redis (the REST resource writes them, the reasoner reads them).

`RulesStore.effective(camera_id)` is what the reasoner's rule engine uses for a camera: the
deployment's rules (`ReasonerSettings.site_rules()`: defaults, rules file, `SPOTTER_REASON_RULES`),
then the camera's site document, then the camera's own document (docs/RULES.md). Reads are cached
for `ttl_s` so the per-clip path costs no Redis round trip most of the time; a change takes effect
within that.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any, cast

from redis import Redis

from spotter import streams
from spotter.errors import ConfigError
from spotter.messages import Camera
from spotter.reason.site_rules import SiteRules, merge


class RulesStore:
    def __init__(self, redis: Redis, base: SiteRules | None = None, ttl_s: float = 2.0) -> None:
        self.redis = redis
        self.base = base or SiteRules()
        self.ttl_s = ttl_s
        self._cache: dict[str, tuple[float, SiteRules]] = {}
        self._lock = threading.Lock()

    # --- documents ---

    def get_site(self, site: str) -> dict[str, Any] | None:
        return self._get(streams.site_rules_key(site))

    def get_camera(self, camera_id: str) -> dict[str, Any] | None:
        return self._get(streams.camera_rules_key(camera_id))

    def put_site(self, site: str, document: dict[str, Any]) -> SiteRules:
        """Store a site's document; ConfigError (nothing stored) when it does not validate."""
        checked = self._validate(document, f"site {site!r} rules")
        self.redis.set(streams.site_rules_key(site), json.dumps(document))
        self._cache.clear()
        return checked

    def put_camera(self, camera_id: str, document: dict[str, Any]) -> SiteRules:
        checked = self._validate(document, f"camera {camera_id!r} rules")
        self.redis.set(streams.camera_rules_key(camera_id), json.dumps(document))
        self._cache.clear()
        return checked

    def delete_site(self, site: str) -> bool:
        self._cache.clear()
        return bool(self.redis.delete(streams.site_rules_key(site)))

    def delete_camera(self, camera_id: str) -> bool:
        self._cache.clear()
        return bool(self.redis.delete(streams.camera_rules_key(camera_id)))

    # --- what is in force ---

    def effective(self, camera_id: str) -> SiteRules:
        now = time.monotonic()
        with self._lock:
            hit = self._cache.get(camera_id)
            if hit is not None and now - hit[0] < self.ttl_s:
                return hit[1]
        rules = self.base.for_camera(camera_id)
        site = self._site_of(camera_id)
        for doc in (self.get_site(site) if site else None, self.get_camera(camera_id)):
            if doc:
                rules = merge(rules, doc)
        with self._lock:
            self._cache[camera_id] = (now, rules)
        return rules

    def _site_of(self, camera_id: str) -> str | None:
        raw = cast(bytes | None, self.redis.hget(streams.CAMERAS, camera_id))
        if raw is None:
            return None
        try:
            return Camera.model_validate_json(raw).site
        except ValueError:
            return None

    def _get(self, key: str) -> dict[str, Any] | None:
        raw = cast(bytes | None, self.redis.get(key))
        if raw is None:
            return None
        value = json.loads(raw)
        return value if isinstance(value, dict) else None

    def _validate(self, document: Any, where: str) -> SiteRules:
        if not isinstance(document, dict):
            raise ConfigError(f"{where}: a JSON object of categories to rules is expected")
        try:
            return merge(self.base, document)
        except ValueError as exc:  # pydantic's ValidationError is a ValueError
            errors = getattr(exc, "errors", None)
            if callable(errors):
                first = errors()[0]
                loc = ".".join(str(x) for x in first["loc"])
                raise ConfigError(f"{where}: {loc}: {first['msg']}") from exc
            raise ConfigError(f"{where}: {exc}") from exc


__all__ = ["RulesStore"]
