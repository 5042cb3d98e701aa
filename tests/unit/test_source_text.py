"""The repository's Python holds no control characters: a "\\b" typed into a non-raw string becomes a backspace and a
regex silently stops matching (the understander's zone-return pattern did, from session 22 to 28)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def test_no_control_characters_in_python_sources() -> None:
    sources = [p for folder in ("shared", "services", "bench", "tools", "tests") if (ROOT / folder).is_dir()
               for p in (ROOT / folder).rglob("*.py")]
    assert any(p.name == "understand.py" for p in sources)
    bad = {str(p.relative_to(ROOT)): [text.count("\n", 0, m.start()) + 1 for m in CONTROL.finditer(text)]
           for p in sources if CONTROL.search(text := p.read_text(encoding="utf-8"))}
    assert not bad, f"control characters (file: lines): {bad}"
