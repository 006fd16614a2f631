"""Where the person writes to the selected agent: the message box and Send, Stop, Pause/Resume."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget


class InputBox(QPlainTextEdit):
    """Enter sends, Shift+Enter adds a line."""

    def __init__(self, on_send: Callable[[], None]) -> None:
        super().__init__()
        self._on_send = on_send
        self.setObjectName("inputBox")
        self.setMaximumHeight(84)
        self.setTabChangesFocus(True)  # Tab moves on to Send, as in any form (a tab is never typed)

    def keyPressEvent(self, e: QKeyEvent) -> None:
        if (
            e.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and not e.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            self._on_send()
            return
        super().keyPressEvent(e)


class Composer(QWidget):
    """The message box with Send, Stop and Pause (Resume once paused, S02-5) beside it; the window
    connects the buttons and says which of them apply to the selected agent."""

    def __init__(self, on_send: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.input = InputBox(on_send)
        self.send_button = QPushButton()
        self.send_button.setObjectName("sendButton")
        self.send_button.clicked.connect(on_send)
        self.stop_button = QPushButton()
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setEnabled(False)
        self.pause_button = QPushButton()
        self.pause_button.setObjectName("pauseButton")
        self.pause_button.setEnabled(False)
        self.resume = False  # the pause button says Resume
        buttons = QVBoxLayout()
        for button in (self.send_button, self.stop_button, self.pause_button):
            buttons.addWidget(button)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.input, 1)
        row.addLayout(buttons)
        self.retranslate()

    def set_pause(self, *, resume: bool, enabled: bool) -> None:
        """Pause while a turn runs (it ends resumable at its next step); Resume once paused."""
        self.resume = resume
        self.pause_button.setText(self.tr("Resume") if resume else self.tr("Pause"))
        self.pause_button.setEnabled(enabled)

    def retranslate(self) -> None:
        self.input.setAccessibleName(self.tr("Message"))
        self.input.setPlaceholderText(
            self.tr("Message the selected agent (Enter sends, Shift+Enter adds a line)")
        )
        self.send_button.setText(self.tr("Send"))
        self.stop_button.setText(self.tr("Stop"))
        self.set_pause(resume=self.resume, enabled=self.pause_button.isEnabled())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
