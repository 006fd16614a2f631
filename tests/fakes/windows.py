# ruff: noqa: TID251 - the window's test helpers (QApplication's top-level widgets)
"""The main window on a village, shown and owned by pytest-qt (closed after the test); the app's
own start (``run_app``) on a configuration file, and the main windows it shows."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.launcher import run_app
from app.main_window import MainWindow
from app.startup_problems import Ask
from core.village import Village


def window(qtbot: QtBot, village: Village, **kw: Any) -> MainWindow:
    win = MainWindow(village, KeyStore(), **kw)
    qtbot.addWidget(win)
    win.show()
    return win


def shown_windows() -> list[MainWindow]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]


def start_app(path: Path, ask: Ask | None = None) -> asyncio.Future[int]:
    """``run_app`` on ``path`` as a task of the running loop (with the ``app_state`` fixture)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return asyncio.ensure_future(run_app(app, path, ask))
