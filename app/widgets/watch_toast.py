"""A watch's notification inside the window (issue 15): a card at the window's top right.

Shown when the person is looking at the window (a desktop notification would say it twice) or when
the desktop has no notification area; ``app.watch_alerts`` chooses. The card names the event's
importance, its title and body; "Open" (or a click on the card) opens the event in the timeline
(``opened``), "×" dismisses it, and it hides itself after ``SHOWN_MS``. A newer notification
replaces the one shown.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

from core.events import WatchNotification

from .timeline_rows import COLOURS
from .wrap_label import WrapLabel

SHOWN_MS = 12_000
# the card's stripe and badge in the timeline's colour of the importance
SHEET = (
    "QFrame#watchToast { background: palette(base); border: 1px solid palette(mid);"
    " border-left: 5px solid palette(mid); border-radius: 4px; }"
    " QLabel#watchToastBadge { font-weight: bold; }"
    + "".join(
        f' QFrame#watchToast[importance="{n}"] {{ border-left-color: {c}; }}'
        f' QLabel#watchToastBadge[importance="{n}"] {{ color: {c}; }}'
        for n, c in COLOURS.items()
    )
)
WIDTH = 360
MARGIN = 12


class WatchToast(QFrame):
    opened = Signal(int)  # the event id

    def __init__(self, host: QWidget | None = None) -> None:
        super().__init__(host)
        self.setObjectName("watchToast")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setFixedWidth(WIDTH)
        self.notification: WatchNotification | None = None
        self.badge = QLabel()
        self.badge.setObjectName("watchToastBadge")
        self.title = WrapLabel()
        self.title.setObjectName("watchToastTitle")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.body = WrapLabel()
        self.open_button = QPushButton()
        self.open_button.clicked.connect(self.open)
        self.close_button = QToolButton()
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.hide)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.badge, 1)
        top.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.addLayout(top)
        layout.addWidget(self.title)
        layout.addWidget(self.body)
        layout.addLayout(bottom)
        self.setStyleSheet(SHEET)  # parsed once: a notification only picks its importance's colour
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.hide)
        if host is not None:
            host.installEventFilter(self)  # follows the host's size
        self.hide()
        self.retranslate()

    def show_notification(self, n: WatchNotification) -> None:
        self.notification = n
        self.title.setText(n.title)
        self.body.setText(n.body)
        self.body.setVisible(bool(n.body.strip()))
        level = str(n.importance if n.importance in COLOURS else 3)
        if self.property("importance") != level:  # polished again only when its colour changes
            for w in (self, self.badge):
                w.setProperty("importance", level)
                w.style().unpolish(w)
                w.style().polish(w)
        self.retranslate()
        self.adjustSize()
        self.place()
        self.show()
        self.raise_()
        self.timer.start(SHOWN_MS)

    def open(self) -> None:
        n = self.notification
        self.hide()
        if n is not None:
            self.opened.emit(n.event_id)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.open()
        super().mouseReleaseEvent(event)

    def place(self) -> None:
        host = self.parentWidget()
        if host is not None:
            self.move(max(0, host.width() - self.width() - MARGIN), MARGIN)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.place()
        return False

    def retranslate(self) -> None:
        n = self.notification
        importance = n.importance if n is not None else 0
        self.badge.setText(self.tr("Camera event · importance {importance}").format(importance=importance))
        self.open_button.setText(self.tr("Open"))
        self.close_button.setToolTip(self.tr("Dismiss"))
        self.close_button.setAccessibleName(self.tr("Dismiss"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
