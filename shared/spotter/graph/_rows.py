"""Records <-> flat rows, shared by the backends: dict and list fields travel as JSON text.

Both SQLite columns and Neo4j properties hold scalars well and nested structures badly
(Neo4j has no map properties; lists must be homogeneous and non-empty to keep a type), so
every dict/list field is one compact JSON string, decoded and validated on the way back.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from pydantic import TypeAdapter

from spotter.graph.base import (
    ClipRecord,
    EdgeRecord,
    EntityRecord,
    EpisodeRecord,
    EventRecord,
    ObservationRecord,
    _Record,
)

R = TypeVar("R", bound=_Record)

JSON_FIELDS: dict[type[_Record], tuple[str, ...]] = {
    ClipRecord: (),
    EpisodeRecord: (),
    EntityRecord: ("attributes",),
    ObservationRecord: ("attributes", "boxes", "appearance"),
    EdgeRecord: (),
    EventRecord: ("detail",),
}


# Decoding the JSON fields in pydantic's (Rust) parser straight into their types is ~3x faster than
# json.loads + validating the Python objects: it matters for a biography of a thousand observations.
_DECODERS: dict[type[_Record], dict[str, TypeAdapter[Any]]] = {
    cls: {name: TypeAdapter(cls.model_fields[name].annotation) for name in names} for cls, names in JSON_FIELDS.items()
}


# A record validates ~3x faster as a list in one call: edges come by thousands, events by hundreds
# (their JSON fields decoded first, an empty "{}"/"[]" without a parser call). Not observations:
# their boxes decode to models, and the list is no faster for them.
_LISTS: dict[type[_Record], TypeAdapter[list[Any]]] = {
    cls: TypeAdapter(list[cls]) for cls in JSON_FIELDS if cls is not ObservationRecord  # type: ignore[valid-type]
}
_EMPTY: dict[str, type[dict[Any, Any]] | type[list[Any]]] = {"{}": dict, "[]": list}


def columns(cls: type[_Record]) -> tuple[str, ...]:
    """The record's fields in declaration order: the table's columns."""
    return tuple(cls.model_fields)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def to_row(record: _Record) -> dict[str, Any]:
    """Field -> value, with dict/list fields as JSON text."""
    row = record.model_dump()
    for name in JSON_FIELDS[type(record)]:
        row[name] = dumps(row[name])
    return row


def from_row(cls: type[R], row: Mapping[str, Any]) -> R:
    """The record back from `to_row`'s shape; unknown keys (e.g. Neo4j's `id`) are dropped."""
    fields = cls.model_fields
    data = {k: v for k, v in row.items() if k in fields}
    for name, decoder in _DECODERS[cls].items():
        if isinstance(data.get(name), str):
            data[name] = decoder.validate_json(data[name])
    return cls.model_validate(data)


def from_rows(cls: type[R], rows: list[dict[str, Any]]) -> list[R]:
    """`from_row` of each row (rows as `to_row` makes them, no extra keys for flat records)."""
    adapter = _LISTS.get(cls)
    if adapter is None:
        return [from_row(cls, row) for row in rows]
    decoders = _DECODERS[cls]
    if not decoders:
        return cast(list[R], adapter.validate_python(rows))
    fields = cls.model_fields
    data = []
    for row in rows:
        item = {k: v for k, v in row.items() if k in fields}
        for name, decoder in decoders.items():
            value = item.get(name)
            if isinstance(value, str):
                empty = _EMPTY.get(value)
                item[name] = empty() if empty is not None else decoder.validate_json(value)
        data.append(item)
    return cast(list[R], adapter.validate_python(data))
