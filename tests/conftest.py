"""Shared fixtures. Every test runs with its own HOME/XDG dirs, so nothing touches the real ones."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any QApplication exists

from collections.abc import Iterator
from pathlib import Path

import pytest

from core.log import LOG


@pytest.fixture(autouse=True)
def _isolated_dirs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    for var, sub in (
        ("XDG_CONFIG_HOME", ".config"),
        ("XDG_DATA_HOME", ".local/share"),
        ("XDG_STATE_HOME", ".local/state"),
        ("XDG_CACHE_HOME", ".cache"),
        ("XDG_RUNTIME_DIR", "run"),
    ):
        (home / sub).mkdir(parents=True, exist_ok=True)
        monkeypatch.setenv(var, str(home / sub))
    (home / "run").chmod(0o700)


@pytest.fixture
def event_log(tmp_path: Path) -> Iterator[Path]:
    """The process event log opened on a temp dir; yields the log file path."""
    path = LOG.configure(tmp_path / "log")
    yield path
    LOG.close()


def log_lines(path: Path) -> list[str]:
    """The event lines of a log file without their timestamp prefix."""
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        _, sep, line = raw.partition(" [fuseforks] ")
        if sep:
            out.append(line)
    return out
