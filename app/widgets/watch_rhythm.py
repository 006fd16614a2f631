"""A watch's rhythm as plain choices (issue 15, WA-41): every N seconds or minutes, at times of
day, or continuously at a frame interval (each frame gated by change). Never cron syntax.

``RhythmEditor.rhythm()`` builds the ``core.watch.model.Rhythm`` the choices mean and raises
``WatchInvalid`` as the model does (an interval under the least, a time that is not HH:MM).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from core.watch.model import MIN_FRAME_S, Rhythm

KINDS = ("every", "times", "continuous")


class RhythmEditor(QWidget):
    def __init__(self, rhythm: Rhythm, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("watchRhythm")
        self.kind = QComboBox()
        self.kind.setObjectName("watchKind")
        self.kind.addItems(["", "", ""])
        self.every = QSpinBox()
        self.every.setObjectName("watchEvery")
        self.every.setRange(1, 100_000)
        self.every_unit = QComboBox()
        self.every_unit.setObjectName("watchEveryUnit")
        self.every_unit.addItems(["", ""])  # seconds, minutes
        self.times = QLineEdit()
        self.times.setObjectName("watchTimes")
        self.frame_s = QDoubleSpinBox()
        self.frame_s.setObjectName("watchFrameInterval")
        self.frame_s.setRange(MIN_FRAME_S, 3600.0)
        self.frame_s.setDecimals(1)
        self.frame_s.setSingleStep(0.5)
        self.frame_unit = QLabel()
        every_box = QWidget()
        eb = QHBoxLayout(every_box)
        eb.setContentsMargins(0, 0, 0, 0)
        eb.addWidget(self.every, 1)
        eb.addWidget(self.every_unit, 1)
        frame_box = QWidget()
        fb = QHBoxLayout(frame_box)
        fb.setContentsMargins(0, 0, 0, 0)
        fb.addWidget(self.frame_s, 1)
        fb.addWidget(self.frame_unit, 1)
        self.pages = QStackedWidget()
        self.pages.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        for page in (every_box, self.times, frame_box):
            self.pages.addWidget(page)
        self.kind.currentIndexChanged.connect(self.pages.setCurrentIndex)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.kind)
        box.addWidget(self.pages)
        self.set_rhythm(rhythm)
        self.retranslate()

    def set_rhythm(self, rhythm: Rhythm) -> None:
        self.kind.setCurrentIndex(KINDS.index(rhythm.kind))
        self.pages.setCurrentIndex(KINDS.index(rhythm.kind))
        every = rhythm.every_s if rhythm.kind == "every" else 600.0
        minutes = every >= 60 and every % 60 == 0
        self.every_unit.setCurrentIndex(1 if minutes else 0)
        self.every.setValue(round(every / 60) if minutes else math.ceil(every))
        self.times.setText(", ".join(rhythm.times) or "08:00, 18:00")
        self.frame_s.setValue(rhythm.every_s if rhythm.kind == "continuous" else 1.0)

    def rhythm(self) -> Rhythm:
        """The rhythm chosen; raises ``WatchInvalid``."""
        kind = KINDS[self.kind.currentIndex()]
        if kind == "every":
            return Rhythm("every", float(self.every.value() * (60 if self.every_unit.currentIndex() else 1)))
        if kind == "times":
            times = tuple(t.strip() for t in self.times.text().replace(";", ",").split(",") if t.strip())
            return Rhythm("times", 600.0, times)
        return Rhythm("continuous", round(self.frame_s.value(), 1))

    def retranslate(self) -> None:
        for i, text in enumerate(
            (self.tr("every …"), self.tr("at times of day"), self.tr("continuously, changed frames only"))
        ):
            self.kind.setItemText(i, text)
        self.every_unit.setItemText(0, self.tr("seconds"))
        self.every_unit.setItemText(1, self.tr("minutes"))
        self.times.setPlaceholderText(self.tr("08:00, 18:00"))
        self.frame_unit.setText(self.tr("seconds between frames"))
        self.kind.setAccessibleName(self.tr("How often to look"))  # the editor's fields are no form rows
        self.every.setAccessibleName(self.tr("Interval"))
        self.every_unit.setAccessibleName(self.tr("Interval unit"))
        self.times.setAccessibleName(self.tr("Times of day"))
        self.frame_s.setAccessibleName(self.tr("seconds between frames"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
