"""Shared fixtures. Every test runs with its own HOME/XDG dirs, so nothing touches the real ones."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any QApplication exists


from collections.abc import Iterator
from pathlib import Path
from typing import Any

import keyring
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


@pytest.fixture
def plaintext_keyring(tmp_path: Path) -> Iterator[Any]:
    """The process keyring is keyrings.alt's file backend, kept in tmp (a real backend, not a
    mock); yields it (``file_path`` is the file that holds the secrets)."""
    from keyrings.alt.file import PlaintextKeyring

    kr = PlaintextKeyring()
    kr.file_path = str(tmp_path / "keyring_pass.cfg")
    old = keyring.get_keyring()
    keyring.set_keyring(kr)
    yield kr
    keyring.set_keyring(old)
