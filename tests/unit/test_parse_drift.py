"""The rule-change check: a tuned question right before and wrong now is lost; held-out writers' questions are only
counted (never shown); a family question's changed parse is listed."""

from __future__ import annotations

from bench.parse_drift import drift

WANT = {"a-001": {"kind": "object_permanence", "intent": "where", "subject": {"label": "ladder", "attributes": {}}},
        "a-002": {"kind": "object_permanence", "intent": "where", "subject": {"label": "drill", "attributes": {}}},
        "zz-001": {"kind": "object_permanence", "intent": "where", "subject": {"label": "hammer", "attributes": {}}}}


def _parse(intent: str, label: str) -> dict[str, object]:
    return {"kind": "object_permanence", "intent": intent, "subject": {"label": label, "attributes": {}}}


def test_lost_gained_held_out_and_family_are_told_apart() -> None:
    before = {"a-001": ["where's the ladder", _parse("where", "ladder")],
              "a-002": ["where's the drill", _parse("unknown", "drill")],
              "zz-001": ["hammer?", _parse("where", "hammer")],
              "family:f:site:q1": ["where is the pallet", _parse("where", "pallet")]}
    now = {"a-001": ["where's the ladder", _parse("where", "bucket")],
           "a-002": ["where's the drill", _parse("where", "drill")],
           "zz-001": ["hammer?", _parse("unknown", "hammer")],
           "family:f:site:q1": ["where is the pallet", _parse("still_there", "pallet")]}
    report = drift(before, now, WANT, held_out=("zz",))
    assert report["lost"] == ["a-001"] and report["gained"] == ["a-002"]
    assert report["held_out_changed"] == ["zz-001"] and report["family_changed"] == ["family:f:site:q1"]
    assert drift(before, before, WANT, held_out=("zz",)) == {k: [] for k in report}
