"""The main window on a village, shown and owned by pytest-qt (closed after the test)."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.main_window import MainWindow
from core.village import Village


def window(qtbot: QtBot, village: Village, **kw: Any) -> MainWindow:
    win = MainWindow(village, KeyStore(), **kw)
    qtbot.addWidget(win)
    win.show()
    return win
