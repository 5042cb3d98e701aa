"""The base of every request body the API reads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator


def public_errors(errors: Sequence[Any]) -> list[dict[str, Any]]:
    """Validation errors as a client may see them: where and why, never the rejected `input` (it may
    hold a secret, or be NaN, which JSON cannot carry) nor pydantic's `ctx` (it may hold exceptions)."""
    return [{k: v for k, v in dict(e).items() if k not in {"input", "ctx", "url"}} for e in errors]


def _check_unicode(value: Any) -> None:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("text is not valid Unicode (it holds a lone surrogate)") from None
    elif isinstance(value, list | tuple):
        for item in value:
            _check_unicode(item)


class StrictRequest(BaseModel):
    """Unknown fields, NaN or infinite numbers and text that is not valid Unicode are a 422, never a 500
    further in (JSON allows `NaN` and `"\\ud800"`; nothing downstream can store or encode them)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    @field_validator("*", mode="after")
    @classmethod
    def _valid_unicode(cls, value: Any) -> Any:
        _check_unicode(value)
        return value
