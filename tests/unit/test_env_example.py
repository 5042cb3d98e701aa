"""`.env.example` lists every settings field of every service, with its default and a comment.

Settings classes are found by importing each module under shared/spotter and
services/ whose source mentions `BaseSettings`, so a new class is checked as
soon as it exists.
"""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path

import pytest
from pydantic import AliasChoices
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings

REPO = Path(__file__).resolve().parents[2]
ENV_EXAMPLE = REPO / ".env.example"
# `KEY=value` or `# KEY=value` (documented default, commented out).
VAR_LINE = re.compile(r"^#?\s*([A-Z][A-Z0-9_]*)=(.*)$")


def _module_names() -> list[str]:
    names = []
    for root, package_root in ((REPO / "shared" / "spotter", REPO / "shared"), (REPO / "services", REPO)):
        for path in sorted(root.rglob("*.py")):
            # Settings classes: BaseSettings, or a settings base such as openai_retry.ChatEndpointSettings.
            if re.search(r"BaseSettings|\(\w+Settings\):", path.read_text(encoding="utf-8")):
                names.append(".".join(path.relative_to(package_root).with_suffix("").parts))
    return names


def settings_classes() -> list[type[BaseSettings]]:
    found: list[type[BaseSettings]] = []
    for name in _module_names():
        module = importlib.import_module(name)  # a settings module must import without optional extras
        for obj in vars(module).values():
            if (
                isinstance(obj, type)
                and issubclass(obj, BaseSettings)
                and obj is not BaseSettings
                and obj.__module__ == name
            ):
                found.append(obj)
    # A base without an env prefix of its own is read only through its subclasses (their prefixes).
    return [
        c for c in found
        if c.model_config.get("env_prefix") or not any(issubclass(o, c) and o is not c for o in found)
    ]  # fmt: skip


def env_names(cls: type[BaseSettings], name: str, field: FieldInfo) -> set[str]:
    """The environment variables that set `field` (upper case; pydantic-settings ignores case)."""
    alias = field.validation_alias
    if isinstance(alias, AliasChoices):
        return {c.upper() for c in alias.choices if isinstance(c, str) and c.upper() != name.upper()}
    if isinstance(alias, str):
        return {alias.upper()}
    return {(str(cls.model_config.get("env_prefix", "")) + name).upper()}


def documented() -> dict[str, str]:
    """Variable -> documented value, checking that each has a comment line right above it."""
    out: dict[str, str] = {}
    previous = ""
    for number, line in enumerate(ENV_EXAMPLE.read_text(encoding="utf-8").splitlines(), start=1):
        m = VAR_LINE.match(line.strip())
        if m:
            key, value = m.groups()
            assert previous.startswith("#") and not VAR_LINE.match(previous), (
                f".env.example:{number}: {key} needs a one-line comment above it"
            )
            assert key not in out, f".env.example:{number}: {key} is listed twice"
            out[key] = value.strip()
        previous = line.strip()
    return out


CLASSES = settings_classes()


def test_settings_classes_are_found() -> None:
    names = {c.__name__ for c in CLASSES}
    assert {"BusSettings", "IngestSettings"} <= names, names


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_every_field_is_documented(cls: type[BaseSettings]) -> None:
    listed = documented()
    missing = [
        f"{name} ({' or '.join(sorted(env_names(cls, name, field)))})"
        for name, field in cls.model_fields.items()
        if not env_names(cls, name, field) & listed.keys()
    ]
    assert not missing, f"{cls.__name__} fields missing from .env.example: {', '.join(missing)}"


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_documented_values_are_the_defaults(cls: type[BaseSettings], monkeypatch: pytest.MonkeyPatch) -> None:
    """A shown value must parse and equal the code's default (empty = no fixed default)."""
    listed = documented()
    for var in [v for v in os.environ if v.startswith("SPOTTER_") or v == "REDIS_URL"]:
        monkeypatch.delenv(var)
    shown: dict[str, str] = {}
    for name, field in cls.model_fields.items():
        for var in env_names(cls, name, field) & listed.keys():
            if listed[var]:
                monkeypatch.setenv(var, listed[var])
                shown[name] = var
    loaded = cls()
    for name, var in shown.items():
        default = cls.model_fields[name].get_default(call_default_factory=True)
        assert getattr(loaded, name) == default, f"{var}={listed[var]} is not the default {default!r}"


def test_no_stale_variables() -> None:
    known = {v for cls in CLASSES for n, f in cls.model_fields.items() for v in env_names(cls, n, f)}
    stale = sorted(set(documented()) - known)
    assert not stale, f".env.example lists variables no settings class reads: {stale}"
