"""The API's /metrics, written in the Prometheus text format by hand: request counts and latency sums per
route, and the pipeline as Redis shows it (stream backlogs, dead letters, alerts, webhook deliveries)."""

from __future__ import annotations

import threading
from collections import defaultdict

from redis import Redis

from spotter import streams
from spotter.alerts.webhooks import WebhookStore
from spotter.backlog import all_backlogs


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


class RequestMetrics:
    """Thread-safe counters: requests by (method, route, status); latency sum and count by (method, route)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._requests: dict[tuple[str, str, int], int] = defaultdict(int)
        self._latency_sum: dict[tuple[str, str], float] = defaultdict(float)
        self._latency_count: dict[tuple[str, str], int] = defaultdict(int)

    def observe(self, method: str, route: str, status: int, seconds: float) -> None:
        with self._lock:
            self._requests[(method, route, status)] += 1
            self._latency_sum[(method, route)] += seconds
            self._latency_count[(method, route)] += 1

    def render(self) -> str:
        with self._lock:
            requests = sorted(self._requests.items())
            sums = sorted(self._latency_sum.items())
            counts = dict(self._latency_count)
        lines = [
            "# HELP spotter_api_requests_total HTTP requests by method, route template and status code.",
            "# TYPE spotter_api_requests_total counter",
        ]
        for (method, route, status), n in requests:
            lines.append(
                f'spotter_api_requests_total{{method="{_escape(method)}",route="{_escape(route)}",'
                f'status="{status}"}} {n}'
            )
        lines += [
            "# HELP spotter_api_request_duration_seconds Time spent answering requests, by method and route.",
            "# TYPE spotter_api_request_duration_seconds summary",
        ]
        for (method, route), total in sums:
            labels = f'method="{_escape(method)}",route="{_escape(route)}"'
            lines.append(f"spotter_api_request_duration_seconds_sum{{{labels}}} {total:.6f}")
            lines.append(f"spotter_api_request_duration_seconds_count{{{labels}}} {counts[(method, route)]}")
        return "\n".join(lines) + "\n"


def _gauge(name: str, help_text: str, kind: str = "gauge") -> list[str]:
    return [f"# HELP {name} {help_text}", f"# TYPE {name} {kind}"]


def pipeline_metrics(redis: Redis) -> str:
    """What an operator used to read with redis-cli: how far behind each service's group is, dead letters,
    alerts by category, webhook deliveries by outcome."""
    backlogs = all_backlogs(redis)
    lines = _gauge("spotter_stream_waiting", "Entries not yet delivered to a consumer group.")
    lines += [f'spotter_stream_waiting{{stream="{_escape(b.stream)}",group="{b.group}"}} {b.waiting}' for b in backlogs]
    lines += _gauge("spotter_stream_pending", "Entries delivered to a consumer group and not yet acknowledged.")
    lines += [f'spotter_stream_pending{{stream="{_escape(b.stream)}",group="{b.group}"}} {b.pending}' for b in backlogs]
    lines += _gauge("spotter_stream_idle_seconds", "Since a consumer of the group last took an entry.")
    lines += [f'spotter_stream_idle_seconds{{stream="{_escape(b.stream)}",group="{b.group}"}} {b.idle_s:.3f}'
              for b in backlogs if b.idle_s is not None]  # fmt: skip
    lines += _gauge("spotter_stream_stalled", "1 when work waits and no consumer has taken any for 120 s.")
    lines += [f'spotter_stream_stalled{{stream="{_escape(b.stream)}",group="{b.group}"}} {int(b.stalled())}'
              for b in backlogs]  # fmt: skip
    lines += _gauge("spotter_dead_letters", "Messages moved to a stream's dead-letter stream.")
    for stream in sorted({b.stream for b in backlogs}):
        dead = next(b.dead_letters for b in backlogs if b.stream == stream)
        lines.append(f'spotter_dead_letters{{stream="{_escape(stream)}"}} {dead}')
    counts = {k.decode() if isinstance(k, bytes) else str(k): int(v) for k, v in redis.hgetall(streams.ALERT_COUNTS).items()}
    lines += _gauge("spotter_alerts_total", "Alerts stored by the notifier, by category.", "counter")
    lines += [f'spotter_alerts_total{{category="{_escape(c)}"}} {n}' for c, n in sorted(counts.items())]
    outcomes = {"delivered": 0, "failed": 0, "failed_attempts": 0}
    webhooks = WebhookStore(redis)
    for sub in webhooks.list_all():
        health = webhooks.health(sub.id)
        outcomes["delivered"] += health.delivered
        outcomes["failed"] += health.failed
        outcomes["failed_attempts"] += health.failed_attempts
    lines += _gauge("spotter_webhook_deliveries_total", "Webhook deliveries by outcome (failed_attempts: "
                    "POSTs without a 2xx, retried ones included).", "counter")  # fmt: skip
    lines += [f'spotter_webhook_deliveries_total{{outcome="{k}"}} {v}' for k, v in outcomes.items()]
    return "\n".join(lines) + "\n"
