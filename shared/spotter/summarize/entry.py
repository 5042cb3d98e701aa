"""Summary entries (one per clip, activity window or session window) and the window grid.

Windows are a fixed grid in media time, half-open on the left: a window is (start, end], so a
clip ending exactly on a boundary belongs to the window it ends. Up to `long_after_s` the short
lengths apply, after it the long ones (a grid starting at `long_after_s`); a window never
straddles the switch. A clip belongs to the activity window holding its end time, an activity
entry to the session window holding its window's end, so both are pure functions of time and a
restarted summarizer cuts the same windows.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from spotter.messages import Caption

Level = Literal["clip", "activity", "session"]
LEVELS: tuple[Level, ...] = ("clip", "activity", "session")


class SummaryEntry(BaseModel):
    """One memory entry: its text plus the structured facts roll-ups aggregate.

    `counts`: label -> most seen at once; `states`: label -> sequence of states (consecutive
    repeats collapsed); `flags`: "worker without hardhat" -> clips it was seen in; `highlights`:
    the sentences a parent level may pick from; `children`: ids of the entries rolled up.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    camera_id: str = Field(min_length=1)
    level: Level
    t_start: float
    t_end: float
    window_start: float
    window_end: float
    text: str
    children: list[str] = Field(default_factory=list)
    counts: dict[str, int] = Field(default_factory=dict)
    states: dict[str, list[str]] = Field(default_factory=dict)
    flags: dict[str, int] = Field(default_factory=dict)
    highlights: list[str] = Field(default_factory=list)
    n_clips: int = 1
    backend: str = "caption"


def window_of(t: float, short_s: float, long_s: float, long_after_s: float) -> tuple[float, float]:
    """The (start, end] window of the grid that holds media time `t`."""
    if t <= long_after_s:
        idx = max(0, math.ceil(t / short_s) - 1)
        start = idx * short_s
        return start, min(start + short_s, long_after_s)
    idx = max(0, math.ceil((t - long_after_s) / long_s) - 1)
    start = long_after_s + idx * long_s
    return start, start + long_s


def split_sentences(text: str) -> list[str]:
    """Sentences of a caption, trailing punctuation kept; blank pieces dropped."""
    out: list[str] = []
    buf = ""
    for ch in text.strip():
        buf += ch
        if ch in ".!?" and buf.strip():
            out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out


def clip_entry(caption: Caption) -> SummaryEntry:
    """The clip-level entry of a caption: its text, and facts read off its observations."""
    counts = Counter(o.label for o in caption.observations)
    by_label: dict[str, Counter[str]] = {}
    flags: Counter[str] = Counter()
    for o in caption.observations:
        if o.state != "unknown":
            by_label.setdefault(o.label, Counter())[o.state] += 1
        for key, value in sorted(o.attributes.items()):
            if value is False:
                flags[f"{o.label} without {key}"] = 1
    states = {label: [c.most_common(1)[0][0]] for label, c in sorted(by_label.items())}
    return SummaryEntry(
        id=caption.clip_id,
        camera_id=caption.camera_id,
        level="clip",
        t_start=min(caption.t_start, caption.t),
        t_end=caption.t,
        window_start=min(caption.t_start, caption.t),
        window_end=caption.t,
        text=caption.text.strip(),
        counts=dict(sorted(counts.items())),
        states=states,
        flags=dict(sorted(flags.items())),
        highlights=split_sentences(caption.text),
        n_clips=1,
        backend=caption.backend,
    )


def rollup_id(camera_id: str, level: Level, window_start: float) -> str:
    """Stable id of a roll-up: the same window always gets the same id (upserts replace)."""
    return f"{camera_id}:{level}:{window_start:.3f}"


__all__ = ["LEVELS", "Level", "SummaryEntry", "clip_entry", "rollup_id", "split_sentences", "window_of"]
