"""Ordered regex rewrites: how the understander and the glossary turn one phrasing into another."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

Rewrite = tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]


def rules(*pairs: tuple[str, str | Callable[[re.Match[str]], str]]) -> tuple[Rewrite, ...]:
    """(pattern, replacement) pairs compiled, in the order they apply."""
    return tuple((re.compile(p), r) for p, r in pairs)


def rewrite(text: str, rewrites: Sequence[Rewrite]) -> str:
    for pattern, repl in rewrites:
        text = pattern.sub(repl, text)
    return text


__all__ = ["Rewrite", "rewrite", "rules"]
