"""Shared fixtures. Every test runs with its own HOME/XDG dirs, so nothing touches the real ones."""

from __future__ import annotations

import ctypes
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before any QApplication exists


from collections.abc import Iterator
from pathlib import Path
from typing import Any

import keyring
import pytest

from core.log import LOG


def _hold_the_singletons() -> None:
    """PySide6 6.12 hands back ``None`` (a top-level's ``parentWidget()``, ``labelForField()`` of
    another row, ``topLevelItem()`` past the end, and calls made while widgets retranslate)
    without a reference of its own: each such call takes one reference from ``None`` (and some
    from ``True``/``False``). Before Python 3.12 they are not immortal, so a long GUI run frees
    them: "Fatal Python error: none_dealloc" (or bool_dealloc) mid-suite or at exit. A reserve of
    references that is never released (not even at exit) keeps them alive."""
    if sys.version_info < (3, 12):
        reserve = [None, True, False] * 300_000
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(reserve))


_hold_the_singletons()


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
