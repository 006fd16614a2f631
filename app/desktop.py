"""What a person expects of a desktop chat window (issue 13, desktop manners), wired in one place.

- the message box has the focus at start (Tab leaves it: ``InputBox``), Esc stops the running turn
  of the selected agent;
- every control has an accessible name (``app.accessible``; the chat's and the tool panel's
  controls are named by Qt: buttons by their texts, texts by their buddy labels);
- the style sheet follows the system's light or dark theme (``app.style``), again whenever the
  application's palette or colour scheme changes;
- a turn that ends while the window is not in front says so in a desktop notification (the tray
  icon's message; none when the window is active);
- the title names the village once and the app once (Qt adds the application's display name after
  a title that does not already end with it: "Fuseforks — Test village — Fuseforks" otherwise).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import QApplication, QSystemTrayIcon, QWidget

from core.events import TurnFailed, TurnFinished
from core.stops import Stop

from .accessible import NAMED_BY_QT, follow
from .instance import bring_to_front
from .style import style_sheet, with_links

if TYPE_CHECKING:
    from .main_window import MainWindow

APP_NAME = "Fuseforks"  # the launcher's application display name
SHOWN_CHARS = 120  # of an answer in a notification


def window_title(village: str) -> str:
    """The village's name, then the app's, each once: "Test village — Fuseforks"; a village named
    after the app ("Fuseforks demo") reads "Demo — Fuseforks"."""
    name = re.sub(rf"\b{APP_NAME}\b", "", village, flags=re.IGNORECASE)
    name = re.sub(r"\s+", " ", name).strip(" —-:")
    if not name:
        return APP_NAME
    return f"{name[0].upper()}{name[1:]} — {APP_NAME}"


class Notifier(Protocol):
    def notify(self, title: str, message: str) -> None: ...


class TrayNotifier:
    """The system tray icon's message (shown only for the message; none without a tray)."""

    def __init__(self, window: QWidget, on_click: Callable[[], None]) -> None:
        self.window = window
        self.on_click = on_click
        self.clicked = on_click  # what a click on the message shown opens
        self.tray: QSystemTrayIcon | None = None

    def notify(self, title: str, message: str, on_click: Callable[[], None] | None = None) -> None:
        """``on_click``: what a click on this message does (a watch's: open its event); the
        window to the front when None."""
        if not QSystemTrayIcon.isSystemTrayAvailable():
            return
        self.clicked = on_click or self.on_click
        if self.tray is None:
            self.tray = QSystemTrayIcon(QApplication.windowIcon(), self.window)
            self.tray.messageClicked.connect(lambda: self.clicked())
        self.tray.show()
        self.tray.showMessage(title, message, QSystemTrayIcon.MessageIcon.Information, 8000)
        QTimer.singleShot(10_000, self.tray.hide)


class DesktopManners(QObject):
    def __init__(self, window: MainWindow, notifier: Notifier | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.notifier: Notifier = notifier or TrayNotifier(window, lambda: bring_to_front(window))
        self.restyle()
        window.input.setFocus()  # given when the window first becomes active
        self.stop_shortcut = QShortcut(QKeySequence(Qt.Key.Key_Escape), window)
        self.stop_shortcut.activated.connect(window.stop_current)
        for pane in (window.chat_stack, window.panel_stack):  # bubbles and tool rows: Qt names them
            pane.setProperty(NAMED_BY_QT, True)
        follow(window)
        window.bridge.anyEvent.connect(self.any_event)  # also a turn of a conversation not shown
        QGuiApplication.styleHints().colorSchemeChanged.connect(self.restyle)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() in (
            QEvent.Type.ApplicationPaletteChange,
            QEvent.Type.ThemeChange,
        ):
            self.restyle()
        return False

    def restyle(self) -> None:
        palette = QApplication.palette(self.window)
        readable = with_links(palette)
        if readable.color(QPalette.ColorRole.Link) != palette.color(QPalette.ColorRole.Link):
            QApplication.setPalette(readable)  # once: the change comes back here with links that fit
        sheet = style_sheet(readable)
        if sheet != self.window.styleSheet():  # one switch arrives three ways: polish the window once
            self.window.setStyleSheet(sheet)

    def in_front(self) -> bool:
        return self.window.isActiveWindow() and not self.window.isMinimized()

    def worth_telling(self, agent_id: str, turn_id: str) -> bool:
        """A live turn the window follows (never one replayed from the store) ended out of sight."""
        handle = self.window.handles.get(agent_id)
        return handle is not None and handle.turn_id == turn_id and not self.in_front()

    def any_event(self, e: object) -> None:
        if isinstance(e, TurnFinished):
            self.turn_finished(e)
        elif isinstance(e, TurnFailed):
            self.turn_failed(e)

    def turn_finished(self, e: TurnFinished) -> None:
        if not self.worth_telling(e.agent_id, e.turn_id) or e.stop in (Stop.INTERRUPTED, Stop.PAUSED):
            return  # the person is looking, or stopped it themself
        answer = " ".join(e.text.split())
        if len(answer) > SHOWN_CHARS:
            answer = answer[: SHOWN_CHARS - 1] + "…"
        self.notifier.notify(self.tr("{agent} answered").format(agent=self.agent(e.agent_id)), answer)

    def turn_failed(self, e: TurnFailed) -> None:
        if not self.worth_telling(e.agent_id, e.turn_id):
            return
        title = self.tr("{agent}: the turn failed").format(agent=self.agent(e.agent_id))
        self.notifier.notify(title, e.message)

    def agent(self, agent_id: str) -> str:
        return self.window._agent_name(agent_id)
