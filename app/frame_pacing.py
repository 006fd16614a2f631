"""At most one repaint of the window per frame (issue 14, window part).

Qt repaints a top-level window when its ``UpdateRequest`` arrives: one is posted after the first
``update()`` since the last repaint, and the repaint then paints every region dirtied since. A
live-view turn dirties the window on a dozen loop passes (a row added, a status changed, a picture
decoded, four streamed deltas), so the window was repainted 16 times a turn, each time the chat
and the tool panel as they scrolled: ~3 ms a repaint, half of the window's CPU.

``FramePacer`` lets the first ``UpdateRequest`` after a quiet spell through at once (a key press, a
click is shown as before) and holds the ones that come sooner than ``FRAME_MS`` after the last
repaint until the frame is due: every region dirtied meanwhile is painted in that one repaint. The
person sees the same window at up to 30 frames a second.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QWidget

FRAME_MS = 33  # a repaint at most this often (30 frames a second)


class FramePacer(QObject):
    """Holds ``window``'s repaints to one per ``frame_ms``."""

    def __init__(self, window: QWidget, frame_ms: int = FRAME_MS) -> None:
        super().__init__(window)
        self.window = window
        self.frame_s = frame_ms / 1000
        self.last = -self.frame_s  # monotonic time of the last repaint let through
        self.repaints = 0  # repaints let through (a test counts them)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.timeout.connect(self._due)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.window or event.type() != QEvent.Type.UpdateRequest:
            return False
        wait = self.last + self.frame_s - time.monotonic()
        if wait > 0:
            # Qt posts no other request until this one is served: the timer posts it when due
            if not self.timer.isActive():
                self.timer.start(max(1, round(wait * 1000)))
            return True
        self.last = time.monotonic()
        self.repaints += 1
        return False

    def _due(self) -> None:
        QCoreApplication.postEvent(
            self.window, QEvent(QEvent.Type.UpdateRequest), Qt.EventPriority.LowEventPriority.value
        )
