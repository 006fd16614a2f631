"""Where Fuseforks keeps its files, and the keyring service its secrets are stored under.

Pure ``platformdirs`` (no Qt): the per-user config, data and log folders of ``APP_NAME``. The data
folder holds the store (``store/``), spilled tool output (``spill/``) and ``execute_code``'s work
folders (``code/``). Every secret Fuseforks keeps (API keys, ``${secret:NAME}`` values, OAuth
tokens) is one entry of the OS keyring service ``KEYRING_SERVICE``.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "fuseforks"
KEYRING_SERVICE = APP_NAME


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def spill_dir() -> Path:
    return data_dir() / "spill"
