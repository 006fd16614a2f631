"""``--first-message TEXT`` and ``--quit-after-turn``: an unattended start (the packaged app's smoke).

Once the window is up, ``TEXT`` is sent to the village's first agent as if typed (PK-4); with
``--quit-after-turn`` the window closes when that turn has ended, so the process exits by itself
(PK-5). Without either option nothing here runs.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from PySide6.QtCore import QTimer

from app.main_window import MainWindow
from core.log import event


@dataclass
class Autorun:
    first_message: str | None = None
    quit_after_turn: bool = False


SETTINGS = Autorun()
_TASKS: set[asyncio.Task[None]] = set()


def configure(first_message: str | None, quit_after_turn: bool) -> None:
    SETTINGS.first_message = first_message
    SETTINGS.quit_after_turn = quit_after_turn


def attach(window: MainWindow) -> None:
    """Send the first message once the loop runs (the village has started by then)."""
    if SETTINGS.first_message is None:
        return
    text = SETTINGS.first_message
    QTimer.singleShot(0, lambda: _start(window, text))


def _start(window: MainWindow, text: str) -> None:
    task = asyncio.get_running_loop().create_task(_run(window, text))
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)


async def _run(window: MainWindow, text: str) -> None:
    agents = window.village.config.agents
    if not agents:
        event("autorun", outcome="no-agent")
        return
    handle = window.send_text(agents[0].id, text)
    await handle.wait()
    event("autorun", agent=agents[0].id, outcome="turn-ended")
    if SETTINGS.quit_after_turn:
        window.close()
