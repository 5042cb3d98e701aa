"""Multi-scale temporal memory (EgoMemo): clip entries, activity and session roll-ups, embedded.

- `Summarizer` (core.py): per camera, incremental; clip entry per caption, activity roll-ups
  over `activity_window_s` (60 s; 300 s once the stream is past `long_after_s`), session
  roll-ups over `session_window_s` (300 s; 3600 s); a finished window is never recomputed;
  state in Redis (`RedisStateStore`) so a restart continues.
- Backends: `ExtractiveSummarizer` (offline, deterministic) and `LlmSummarizer`
  (OpenAI-compatible chat, extractive fallback); `make_backend(settings)` picks one.
- `SummaryIndex` (index.py): embeds entries (`spotter.embed`) into one `VectorStore`
  collection (`spotter.vector`); `search(query, camera_id, t, k, level)` sees t_end <= t only.
"""

from __future__ import annotations

from spotter.summarize.core import (
    SERVICE,
    CameraState,
    MemoryStateStore,
    RedisStateStore,
    RollupBackend,
    StateStore,
    Summarizer,
)
from spotter.summarize.entry import LEVELS, Level, SummaryEntry, clip_entry, window_of
from spotter.summarize.extractive import ExtractiveSummarizer
from spotter.summarize.index import SummaryIndex
from spotter.summarize.settings import SummarizerSettings


def make_backend(settings: SummarizerSettings) -> RollupBackend:
    """The configured roll-up backend (no request is sent yet)."""
    if settings.backend == "llm":
        from spotter.summarize.llm import LlmSummarizer

        return LlmSummarizer(settings)
    return ExtractiveSummarizer(settings.max_sentences)


__all__ = [
    "LEVELS", "SERVICE", "CameraState", "ExtractiveSummarizer", "Level", "MemoryStateStore", "RedisStateStore",
    "RollupBackend", "StateStore", "SummarizerSettings", "Summarizer", "SummaryEntry", "SummaryIndex",
    "clip_entry", "make_backend", "window_of",
]  # fmt: skip
