"""A running tool call's progress in its row: the server's bar and message, and the elapsed time.

``CallProgress`` shows ``core.events.ToolProgress``: a bar from 0 to ``SCALE`` (the share of
``total`` done) or an indeterminate bar when the server gives no total, with the server's message
beside it. ``ElapsedClock`` writes the seconds since the call started into a label once a second
while the call runs; the row writes the final duration when it finishes.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

from core.events import ToolProgress

SCALE = 1000  # bar steps: the server's progress may be any number (0.5 of 1, 37 of 120 …)
TICK_MS = 1000


def bar_value(event: ToolProgress) -> tuple[int, int]:
    """(value, maximum) of the bar for ``event``; (0, 0) is Qt's indeterminate (busy) bar."""
    if event.total is None:
        return 0, 0
    share = min(max(event.progress / event.total, 0.0), 1.0)
    return round(share * SCALE), SCALE


class CallProgress(QWidget):
    """The server's progress on one call: a bar and its message. Hidden until the first report."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("toolProgress")
        self.bar = QProgressBar()
        self.bar.setObjectName("toolProgressBar")
        self.bar.setTextVisible(False)
        self.bar.setMaximumHeight(8)
        self.message = QLabel("")
        self.message.setObjectName("toolProgressMessage")
        self.message.setVisible(False)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(22, 0, 0, 0)
        layout.addWidget(self.bar, 1)
        layout.addWidget(self.message, 2)
        self.last: ToolProgress | None = None
        self.setVisible(False)
        self.retranslate()

    def show_progress(self, event: ToolProgress) -> None:
        self.last = event
        value, maximum = bar_value(event)
        self.bar.setRange(0, maximum)
        self.bar.setValue(value)
        self.message.setText(event.message)
        self.message.setVisible(bool(event.message))
        self.setVisible(True)
        self.retranslate()

    def retranslate(self) -> None:
        event = self.last
        if event is None or event.total is None:
            tip = self.tr("The server reports progress without a total")
        else:
            tip = self.tr("{done} of {total}").format(done=f"{event.progress:g}", total=f"{event.total:g}")
        self.bar.setToolTip(tip)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class ElapsedClock(QObject):
    """Ticks ``label`` with the whole seconds since ``since`` (a ``time.monotonic`` reading) until
    ``stop()``. ``now`` is the clock read (tests pass their own)."""

    def __init__(
        self,
        label: QLabel,
        since: float,
        text: Callable[[int], str],
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(label)
        self.label = label
        self.since = since
        self.text = text
        self.now = now
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        self.tick()

    def elapsed_s(self) -> int:
        return max(0, int(self.now() - self.since))

    def tick(self) -> None:
        self.label.setText(self.text(self.elapsed_s()))

    def stop(self) -> None:
        self.timer.stop()
