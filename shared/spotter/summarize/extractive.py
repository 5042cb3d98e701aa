"""The offline roll-up: merge the children's facts and pick their most informative sentences.

Deterministic (no model, no randomness, ties broken by time order), so a recomputed window
would read the same; the summarizer still never recomputes a finished one.

- counts: per label, the most seen at once in any child ("up to 3 workers");
- state changes: per label, the children's state sequences joined, consecutive repeats
  collapsed ("worker: active -> idle"), the last `MAX_STATES` kept;
- flags: per flag, the clips it was seen in, summed ("worker without hardhat in 4 clips");
- sentences: greedy coverage, each pick the sentence adding the most content words not yet
  covered (at most `max_sentences`, none that adds nothing), shown in time order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from spotter.summarize.entry import Level, SummaryEntry, rollup_id

MAX_STATES = 6
_STOP = (
    "the a an and or of in on at to with from by for is are was were be been it its this that "
    "there their they them his her he she into onto over under near clip camera seen view frame "
    "then while still also some"
)
STOPWORDS = frozenset(_STOP.split())
WORD = re.compile(r"[a-z0-9_]+")


def content_words(sentence: str) -> set[str]:
    return {w for w in WORD.findall(sentence.lower()) if (len(w) >= 3 or w.isdigit()) and w not in STOPWORDS}


def pick_sentences(candidates: Sequence[str], limit: int) -> list[str]:
    """Up to `limit` distinct sentences covering the most content words, in their original order."""
    unique: list[tuple[int, str, set[str]]] = []
    seen: set[str] = set()
    for i, s in enumerate(candidates):
        key = s.strip().lower()
        if key and key not in seen:
            seen.add(key)
            unique.append((i, s.strip(), content_words(s)))
    covered: set[str] = set()
    chosen: list[tuple[int, str]] = []
    while len(chosen) < limit:
        best: tuple[int, int, str, set[str]] | None = None
        for i, s, words in unique:
            gain = len(words - covered)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, i, s, words)
        if best is None:
            break
        _, i, s, words = best
        covered |= words
        chosen.append((i, s))
        unique = [u for u in unique if u[0] != i]
    return [s for _, s in sorted(chosen)]


def _plural(label: str, n: int) -> str:
    name = label.replace("_", " ")
    return f"{n} {name}" if n == 1 else f"{n} {name}{'es' if name.endswith(('s', 'sh', 'ch', 'x')) else 's'}"


def merge_facts(
    children: Sequence[SummaryEntry],
) -> tuple[dict[str, int], dict[str, list[str]], dict[str, int]]:
    counts: dict[str, int] = {}
    states: dict[str, list[str]] = {}
    flags: dict[str, int] = {}
    for c in children:
        for label, n in c.counts.items():
            counts[label] = max(counts.get(label, 0), n)
        for label, seq in c.states.items():
            merged = states.setdefault(label, [])
            for s in seq:
                if not merged or merged[-1] != s:
                    merged.append(s)
        for flag, n in c.flags.items():
            flags[flag] = flags.get(flag, 0) + n
    states = {k: v[-MAX_STATES:] for k, v in sorted(states.items())}
    return dict(sorted(counts.items())), states, dict(sorted(flags.items()))


def facts_text(counts: dict[str, int], states: dict[str, list[str]], flags: dict[str, int]) -> str:
    parts: list[str] = []
    if counts:
        seen = ", ".join(
            _plural(label, n) for label, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        )
        parts.append(f"Seen at most at once: {seen}.")
    changes = [
        f"{label.replace('_', ' ')} {' -> '.join(seq)}" for label, seq in states.items() if len(seq) > 1
    ]
    if changes:
        parts.append(f"State changes: {'; '.join(changes)}.")
    if flags:
        flagged = "; ".join(
            f"{flag.replace('_', ' ')} in {n} clip{'s' if n != 1 else ''}" for flag, n in flags.items()
        )
        parts.append(f"Flags: {flagged}.")
    return " ".join(parts)


def header(level: Level, window: tuple[float, float], t_start: float, t_end: float, n_clips: int) -> str:
    return f"{level.capitalize()} {t_start:.0f}-{t_end:.0f} s ({n_clips} clip{'s' if n_clips != 1 else ''}):"


class ExtractiveSummarizer:
    """Roll-ups from the children's own sentences and facts; see the module docstring."""

    name = "extractive"

    def __init__(self, max_sentences: int = 3) -> None:
        self.max_sentences = max_sentences

    def rollup(
        self, camera_id: str, level: Level, window: tuple[float, float], children: Sequence[SummaryEntry]
    ) -> SummaryEntry:
        if not children:
            raise ValueError("a roll-up needs at least one child")
        ordered = sorted(children, key=lambda c: (c.t_end, c.id))
        counts, states, flags = merge_facts(ordered)
        highlights = pick_sentences([h for c in ordered for h in c.highlights], self.max_sentences)
        t_start, t_end = min(c.t_start for c in ordered), max(c.t_end for c in ordered)
        n_clips = sum(c.n_clips for c in ordered)
        body = " ".join(
            p for p in (header(level, window, t_start, t_end, n_clips), " ".join(highlights),
                        facts_text(counts, states, flags)) if p
        )  # fmt: skip
        return SummaryEntry(
            id=rollup_id(camera_id, level, window[0]),
            camera_id=camera_id,
            level=level,
            t_start=t_start,
            t_end=t_end,
            window_start=window[0],
            window_end=window[1],
            text=body,
            children=[c.id for c in ordered],
            counts=counts,
            states=states,
            flags=flags,
            highlights=highlights,
            n_clips=n_clips,
            backend=self.name,
        )


__all__ = ["ExtractiveSummarizer", "content_words", "facts_text", "merge_facts", "pick_sentences"]
