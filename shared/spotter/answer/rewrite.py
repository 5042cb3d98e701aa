"""Ordered regex rewrites: how the understander and the glossary turn one phrasing into another."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

Rewrite = tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]


def rules(*pairs: tuple[str, str | Callable[[re.Match[str]], str]]) -> tuple[Rewrite, ...]:
    """(pattern, replacement) pairs compiled, in the order they apply."""
    return tuple((re.compile(p), r) for p, r in pairs)


def word_swap(words: dict[str, str]) -> tuple[str, Callable[[re.Match[str]], str]]:
    """One rule putting each whole word (or phrase) of `words` for its value, longest first."""
    return r"\b(" + "|".join(sorted(words, key=len, reverse=True)) + r")\b", lambda m: words[m.group(1)]


def rewrite(text: str, rewrites: Sequence[Rewrite]) -> str:
    """The rewrites applied in order. Searched before substituted: `sub` with a template ("\\1") fetches the parsed
    template from `re`'s cache of 512 before it looks for a match, and with a thousand rules that cache thrashes, so
    every rule re-parsed its template on every question (a fifth of the rules' time) though few match."""
    for pattern, repl in rewrites:
        if pattern.search(text):
            text = pattern.sub(repl, text)
    return text


__all__ = ["Rewrite", "rewrite", "rules", "word_swap"]
