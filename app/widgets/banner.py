"""The guide banner of the demo village: what the demo is, and the way to a real model."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


class DemoBanner(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.button = QPushButton()  # the window connects it to its Settings
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 8, 12, 8)
        row.addWidget(self.text, 1)
        row.addWidget(self.button)
        self.retranslate()

    def retranslate(self) -> None:
        self.text.setText(
            self.tr(
                "This is the offline demo village. Muse's model is a script, not an AI: it takes one frame "
                "from the camera simulator and reports the picture's size and colours. To talk to a real "
                "model, open Settings, add a template and store its key."
            )
        )
        self.button.setText(self.tr("Open Settings"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
