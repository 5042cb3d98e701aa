"""init creates exactly the consumer groups the services read (a stale group only piles up backlog)."""

from __future__ import annotations

import re
from pathlib import Path

from services.init.__main__ import LOW_RATE_GROUPS
from spotter import streams

SERVICES = Path(__file__).resolve().parents[2] / "services"


def test_init_groups_are_the_services_consumers() -> None:
    consumed = set()
    for main in SERVICES.glob("*/__main__.py"):
        for stream, group in re.findall(r"ctx\.consumer\(\s*streams\.(\w+),\s*streams\.(\w+)", main.read_text()):
            consumed.add((getattr(streams, stream), getattr(streams, group)))
    assert consumed  # the pattern still finds the services' consumers
    assert set(LOW_RATE_GROUPS) == consumed
    assert len(LOW_RATE_GROUPS) == len(set(LOW_RATE_GROUPS))
