# ruff: noqa: TID251 - an event filter on QApplication, for the GUI tests' counts
"""Counting what Qt does while a GUI test runs: ``AppFilter`` sees every event the application
delivers until ``stop()``; ``settle`` lets Qt lay out and paint what is due (its update timer too)."""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication


class AppFilter(QObject):
    """An application-wide event filter, installed at once; subclasses count in ``eventFilter``."""

    def __init__(self) -> None:
        super().__init__()
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(self)

    def stop(self) -> None:
        app = QApplication.instance()
        assert app is not None
        app.removeEventFilter(self)


async def settle(rounds: int = 6) -> None:
    """Let Qt lay out and paint what is due (its update timer too)."""
    for _ in range(rounds):
        await asyncio.sleep(0.02)
