"""The chat's busy line while a turn runs: a spinner that moves, "working…", and a provider's
retries as they happen ("Retrying in 4 s, attempt 2/3", counting down each second).

The spinner runs only while the line is shown (``set_busy``): an idle window has no timer ticking.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from core.events import RetryScheduled

SPIN_MS = 90  # one step of the spinner
DOTS = 8
COUNTDOWN_MS = 250  # the countdown is redrawn this often (it shows whole seconds)


class Spinner(QWidget):
    """Eight dots in a circle, the brightest one moving round while ``running``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("spinner")
        self.phase = 0
        self.timer = QTimer(self)
        self.timer.setInterval(SPIN_MS)
        self.timer.timeout.connect(self.step)

    @property
    def running(self) -> bool:
        return self.timer.isActive()

    def start(self) -> None:
        if not self.timer.isActive():
            self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def step(self) -> None:
        self.phase = (self.phase + 1) % DOTS
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(16, 16)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        side = min(self.width(), self.height())
        radius, dot = side / 2 - 2, max(side / 8, 1.5)
        cx, cy = self.width() / 2, self.height() / 2
        base = self.palette().windowText().color()
        for i in range(DOTS):
            age = (self.phase - i) % DOTS  # 0: the newest dot
            color = QColor(base)
            color.setAlphaF(max(0.15, 1.0 - age / DOTS))
            painter.setBrush(color)
            angle = 2 * math.pi * i / DOTS
            x, y = cx + radius * math.sin(angle), cy - radius * math.cos(angle)
            painter.drawEllipse(QRectF(x - dot / 2, y - dot / 2, dot, dot))


class BusyIndicator(QWidget):
    """The busy line under the chat's rows: spinner and text, hidden while the agent is idle.
    ``now`` is the clock the countdown reads (tests pass their own)."""

    def __init__(self, parent: QWidget | None = None, now: Callable[[], float] = time.monotonic) -> None:
        super().__init__(parent)
        self.setObjectName("typing")
        self.now = now
        self.spinner = Spinner()
        self.label = QLabel()
        self.label.setObjectName("typingText")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 0, 0, 0)
        layout.addWidget(self.spinner)
        layout.addWidget(self.label, 1)
        self.retrying: RetryScheduled | None = None
        self.retry_at = 0.0  # self.now() when the retry is sent
        self.countdown = QTimer(self)
        self.countdown.setInterval(COUNTDOWN_MS)
        self.countdown.timeout.connect(self.retranslate)
        # its line stays reserved while hidden: a turn's start and end then change no row's place,
        # so they neither lay the chat out nor repaint it whole (one spinner's square)
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self.setVisible(False)
        self.retranslate()

    def set_busy(self, busy: bool) -> None:
        self.setVisible(busy)
        self.clear_retry()  # a turn starts or ends "working…"
        if busy:
            self.spinner.start()
        else:
            self.spinner.stop()

    def retry(self, event: RetryScheduled) -> None:
        """The model request is tried again in ``event.wait_s`` seconds: count down to it (only
        while the turn is shown running)."""
        if not self.spinner.running:
            return
        self.retrying = event
        self.retry_at = self.now() + event.wait_s
        self.countdown.start()
        self.retranslate()

    def clear_retry(self) -> None:
        """The retried request is answering (or the turn ended): back to "working…"."""
        if self.retrying is not None:
            self.retrying = None
            self.countdown.stop()
            self.retranslate()

    def seconds_left(self) -> int:
        """Whole seconds to the retry, rounded (a 4.3 s wait reads "4 s"); 0: it is being sent."""
        return max(0, round(self.retry_at - self.now()))

    def retranslate(self) -> None:
        e = self.retrying
        if e is None:
            self.label.setText(self.tr("working…"))
            self.label.setToolTip("")
            return
        left = self.seconds_left()
        if left > 0:
            text = self.tr("Retrying in {seconds} s, attempt {attempt}/{attempts}")
        else:
            text = self.tr("Retrying now, attempt {attempt}/{attempts}")
        self.label.setText(text.format(seconds=left, attempt=e.attempt, attempts=e.attempts))
        reason = {
            "rate_limit": self.tr("the provider limits the request rate"),
            "overloaded": self.tr("the provider is overloaded"),
            "server_error": self.tr("the provider had an error"),
            "timeout": self.tr("the provider did not answer in time"),
            "network": self.tr("the connection failed"),
        }.get(e.reason, e.reason)
        status = f"HTTP {e.status}: " if e.status is not None else ""
        self.label.setToolTip(status + reason)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
