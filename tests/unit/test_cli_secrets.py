"""The webhook secret reaches `spotter replay` / `eval` without showing in `ps`: a file or the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from spotter.cli import build_parser, webhook_secret
from spotter.errors import ConfigError


def _args(*extra: str) -> object:
    return build_parser().parse_args(["replay", "x.mp4", *extra])


def test_secret_from_a_file_the_environment_or_the_warned_flag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SPOTTER_WEBHOOK_SECRET", "from-env")
    secret_file = tmp_path / "secret"
    secret_file.write_text("from-file\n")
    assert webhook_secret(_args("--webhook-secret-file", str(secret_file))) == "from-file"
    assert webhook_secret(_args()) == "from-env"
    assert capsys.readouterr().err == ""
    assert webhook_secret(_args("--webhook-secret", "on-the-command-line")) == "on-the-command-line"
    assert "list processes" in capsys.readouterr().err
    monkeypatch.delenv("SPOTTER_WEBHOOK_SECRET")
    assert webhook_secret(_args()) is None


def test_a_missing_or_empty_file_and_both_flags_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="secret-file"):
        webhook_secret(_args("--webhook-secret-file", str(tmp_path / "absent")))
    empty = tmp_path / "empty"
    empty.write_text("\n")
    with pytest.raises(ConfigError, match="empty"):
        webhook_secret(_args("--webhook-secret-file", str(empty)))
    with pytest.raises(ConfigError, match="not both"):
        webhook_secret(_args("--webhook-secret-file", str(empty), "--webhook-secret", "x"))
