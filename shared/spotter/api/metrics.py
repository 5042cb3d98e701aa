"""Request counts and latency sums per route, written in the Prometheus text format by hand."""

from __future__ import annotations

import threading
from collections import defaultdict


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
