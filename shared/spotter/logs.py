"""One logging set-up for the CLI and every service: plain text or JSON lines, and no secrets from libraries.

`SPOTTER_LOG_FORMAT=json` writes one JSON object per line (time, level, logger, message, and the
`camera_id` / `clip_id` / `alert_id` a call passes in `extra=`), for log shippers. httpx logs every
request's full URL at INFO; webhook URLs can carry tokens in their path or query, so httpx and
httpcore are held at WARNING whatever the level asked for.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Literal

from pydantic import Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from spotter.errors import ConfigError

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
CONTEXT_FIELDS = ("service", "camera_id", "clip_id", "alert_id", "subscription_id")
QUIET_LIBRARIES = ("httpx", "httpcore")

LogFormat = Literal["text", "json"]


class JsonFormatter(logging.Formatter):
    """A log record as one JSON line; context fields only when the call gave them."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, object] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in CONTEXT_FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                out[name] = value
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


class LogSettings(BaseSettings):
    """How every Spotter process logs (prefix SPOTTER_LOG_)."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_LOG_", extra="ignore")

    format: LogFormat = Field(
        default="text",
        description="text, or json: one object per line with camera_id / clip_id / alert_id where known",
    )


def log_format() -> LogFormat:
    try:
        return LogSettings().format
    except ValidationError as exc:
        raise ConfigError(f"SPOTTER_LOG_FORMAT must be text or json: {exc.errors()[0]['msg']}") from exc


def configure(level: str | int, fmt: LogFormat | None = None) -> None:
    """Log to stderr at `level` in `fmt` (default: $SPOTTER_LOG_FORMAT, else text)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if (fmt or log_format()) == "json" else logging.Formatter(TEXT_FORMAT))
    logging.basicConfig(level=level, handlers=[handler])  # no-op where a handler is set (a test's capture)
    for name in QUIET_LIBRARIES:
        logging.getLogger(name).setLevel(max(logging.WARNING, logging.getLogger().level))


__all__ = ["JsonFormatter", "LogSettings", "configure", "log_format"]
