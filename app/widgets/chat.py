"""The selected agent's chat: bubbles, streamed text, notices and tool-image previews.

Previews are added to the chat itself, never inside the tool panel's collapsed details, so the
picture is visible whether or not anybody opens the tool row.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from core.canonical import ImageData

from .preview import ImagePreview


class Bubble(QFrame):
    def __init__(self, role: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.role = role  # "user" | "assistant" | "notice" | "error"
        self.setObjectName(f"bubble_{role}")
        self.setProperty("role", role)
        self.label = QLabel(text)
        self.label.setObjectName("bubbleText")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.addWidget(self.label)

    @property
    def text(self) -> str:
        return self.label.text()

    def set_text(self, text: str) -> None:
        self.label.setText(text)

    def append(self, text: str) -> None:
        self.label.setText(self.label.text() + text)


class ChatView(QScrollArea):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatView")
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.inner = QWidget()
        self.inner.setObjectName("chatInner")
        self.items = QVBoxLayout(self.inner)
        self.items.setContentsMargins(10, 10, 10, 10)
        self.items.setSpacing(8)
        self.items.addStretch(1)
        self.setWidget(self.inner)
        self.bubbles: list[Bubble] = []
        self.previews: list[ImagePreview] = []
        self._streaming: dict[str, Bubble] = {}  # turn id -> bubble receiving deltas
        self.typing = QLabel()
        self.typing.setObjectName("typing")
        self.typing.setVisible(False)
        self.items.addWidget(self.typing)
        self.retranslate()

    def retranslate(self) -> None:
        self.typing.setText(self.tr("working…"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _insert(self, widget: QWidget, align_right: bool = False) -> None:
        row = QWidget()
        h = QHBoxLayout(row)
        h.setContentsMargins(0, 0, 0, 0)
        if align_right:
            h.addStretch(1)
            h.addWidget(widget, 4)
        else:
            h.addWidget(widget, 4)
            h.addStretch(1)
        self.items.insertWidget(self.items.count() - 1, row)  # keep "typing" last
        QTimer.singleShot(0, self.scroll_to_end)

    def scroll_to_end(self) -> None:
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    def add_bubble(self, role: str, text: str) -> Bubble:
        bubble = Bubble(role, text)
        self.bubbles.append(bubble)
        self._insert(bubble, align_right=role == "user")
        return bubble

    def set_busy(self, busy: bool) -> None:
        self.typing.setVisible(busy)

    def delta(self, turn_id: str, text: str) -> None:
        bubble = self._streaming.get(turn_id)
        if bubble is None:
            bubble = self._streaming[turn_id] = self.add_bubble("assistant", "")
        bubble.append(text)
        QTimer.singleShot(0, self.scroll_to_end)

    def message(self, turn_id: str, text: str) -> None:
        """A round's complete assistant text: replaces what was streamed for it."""
        bubble = self._streaming.pop(turn_id, None)
        if bubble is not None:
            if text:
                bubble.set_text(text)
            return
        if text:
            self.add_bubble("assistant", text)

    def end_turn(self, turn_id: str) -> None:
        self._streaming.pop(turn_id, None)

    def add_images(self, images: tuple[ImageData, ...] | list[ImageData], caption: str) -> list[ImagePreview]:
        out = []
        for image in images:
            preview = ImagePreview(image, caption)
            self.previews.append(preview)
            self._insert(preview)
            out.append(preview)
        return out
