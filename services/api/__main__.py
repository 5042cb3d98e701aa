"""REST API service: `python -m services.api [--check]`.

Serves `spotter.api.create_app` with uvicorn on `SPOTTER_API_HOST`:`SPOTTER_API_PORT`
(keys in `SPOTTER_API_API_KEYS`; the graph from `SPOTTER_GRAPH_*`, Redis from
`REDIS_URL`). SIGTERM stops accepting connections and lets requests in flight
finish (uvicorn's graceful shutdown).

`--check` is the container health check: GET /healthz on this host's port
(a wildcard host such as 0.0.0.0 is probed on the loopback address); exit 0
on HTTP 200, 1 otherwise, 2 on bad settings.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import urllib.error
import urllib.request
from collections.abc import Sequence

from pydantic import ValidationError

from spotter.api.settings import ApiSettings
from spotter.service import EXIT_CONFIG, EXIT_ERROR, EXIT_OK, EXIT_UNHEALTHY
from spotter.settings import BusSettings

SERVICE = "api"
CHECK_TIMEOUT_S = 5.0
_STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
_WILDCARDS = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}


def health_url(settings: ApiSettings) -> str:
    """The URL `--check` probes."""
    host = _WILDCARDS.get(settings.host, settings.host)
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{settings.port}/healthz"


def check(settings: ApiSettings, timeout_s: float = CHECK_TIMEOUT_S) -> int:
    """EXIT_OK when /healthz answers 200, else EXIT_UNHEALTHY (with the reason on stderr)."""
    url = health_url(settings)
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as response:  # noqa: S310 - http URL built above
            if response.status == 200:
                return EXIT_OK
            reason = f"HTTP {response.status}"
    except urllib.error.HTTPError as exc:
        reason = f"HTTP {exc.code}"
    except (urllib.error.URLError, OSError) as exc:
        reason = str(getattr(exc, "reason", exc))
    print(f"{SERVICE}: {url} is not healthy: {reason}", file=sys.stderr)
    return EXIT_UNHEALTHY


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m services.api", description="Spotter REST API")
    parser.add_argument(
        "--check", action="store_true", help="exit 0 if /healthz answers 200 on this host, else 1"
    )
    parser.add_argument(
        "--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"], help="logging level"
    )
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=args.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    try:
        settings = ApiSettings()
    except (ValidationError, ValueError) as exc:
        print(f"{SERVICE}: configuration error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    if args.check:
        return check(settings)
    if BusSettings().redis_url is None:  # the app needs it at start-up: say so plainly
        print(f"{SERVICE}: configuration error: set REDIS_URL (or SPOTTER_REDIS_URL)", file=sys.stderr)
        return EXIT_CONFIG

    import uvicorn

    from spotter.api import create_app

    config = uvicorn.Config(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level=args.log_level.lower(),
        proxy_headers=False,
        timeout_graceful_shutdown=20,
    )
    # uvicorn drains on SIGTERM/SIGINT, then re-raises the signal to the handler that was there
    # before it; this one makes that a clean exit 0, like the other services.
    stopped: list[int] = []
    previous = {
        sig: signal.signal(sig, lambda signum, _frame: stopped.append(signum)) for sig in _STOP_SIGNALS
    }
    server = uvicorn.Server(config)
    try:
        server.run()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if not server.started and not stopped:
        print(f"{SERVICE}: the server did not start (see the log above)", file=sys.stderr)
        return EXIT_ERROR
    return EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
