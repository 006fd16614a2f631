"""Where Fuseforks keeps its files, and the keyring service its secrets are stored under.

Pure ``platformdirs`` (no Qt): the per-user config, data and log folders of ``APP_NAME``. The data
folder holds the store (``store/``), spilled tool output (``spill/``) and ``execute_code``'s work
folders (``code/``). Every secret Fuseforks keeps (API keys, ``${secret:NAME}`` values, OAuth
tokens) is one entry of the OS keyring service ``KEYRING_SERVICE``.

Everything the app writes is private to the person (PRIVACY.md): ``private_umask`` makes the
process umask 077 at start (app/__main__.py, the test drivers), and every folder the app makes is
made 0700 by ``private_dir`` whatever the umask (files are written 0600 where they are written).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "fuseforks"
KEYRING_SERVICE = APP_NAME
PRIVATE_UMASK = 0o077


def private_umask() -> int:
    """Make the process umask 077 (files 0600, folders 0700 unless a mode says otherwise;
    subprocesses inherit it); returns the previous one."""
    return os.umask(PRIVATE_UMASK)


def private_dir(path: Path) -> Path:
    """Make ``path`` and each missing parent as a 0700 folder (an existing one is left as it is)."""
    missing: list[Path] = []
    probe = path
    while not probe.exists() and probe != probe.parent:
        missing.append(probe)
        probe = probe.parent
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            continue  # made meanwhile (another thread or process): left as it is
        os.chmod(folder, 0o700)  # mkdir's mode is masked by the umask
    if not path.is_dir():
        raise FileExistsError(f"not a folder: {path}")  # as mkdir(exist_ok=True) says it
    return path


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def spill_dir() -> Path:
    return data_dir() / "spill"
