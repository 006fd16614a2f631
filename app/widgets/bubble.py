"""One chat message: the model's as Markdown (``markdown.MarkdownView``), everything else as plain
text; a Copy button for the person's and the model's messages (the message's own text, Markdown
source included); a failed turn's actions (Retry, Open Settings).

``text`` is always the message's source. ``set_text`` renders at once; ``stream_text`` (the deltas
of a streamed answer) renders at most once per ``STREAM_MS``, so a fast stream costs a few renders
a second, each of the blocks that changed only.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from .markdown import CopyButton, MarkdownView, UrlOpener
from .wrap_label import WrapLabel

STREAM_MS = 100
COPYABLE = ("user", "assistant")


class Bubble(QFrame):
    def __init__(
        self, role: str, text: str, parent: QWidget | None = None, *, open_url: UrlOpener | None = None
    ) -> None:
        super().__init__(parent)
        self.role = role  # "user" | "assistant" | "notice" | "error"
        self.setObjectName(f"bubble_{role}")
        self.setProperty("role", role)
        self._text = text
        self._stream: QTimer | None = None  # a streamed answer's next render (deltas coalesce)
        self.markdown: MarkdownView | None = None
        self.label: WrapLabel | None = None
        content: QWidget
        if role == "assistant":
            content = self.markdown = MarkdownView(text, open_url)
        else:
            content = self.label = WrapLabel(text)
            self.label.setObjectName("bubbleText")
            self.label.setTextFormat(Qt.TextFormat.PlainText)
            self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.copy_button = CopyButton(lambda: self._text) if role in COPYABLE else None
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(content, 1)
        if self.copy_button is not None:
            top.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignTop)
        self.actions_row = QHBoxLayout()
        self.actions_row.setContentsMargins(0, 4, 0, 0)
        self.retry_button: QPushButton | None = None
        self.settings_button: QPushButton | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        layout.addLayout(top)
        layout.addLayout(self.actions_row)

    @property
    def text(self) -> str:
        return self._text

    def set_text(self, text: str) -> None:
        self._text = text
        self._render()

    def reusable(self) -> bool:
        """A plain message (no failed turn's buttons): it can show another message of its role."""
        return self.retry_button is None and self.settings_button is None

    def park(self) -> None:
        """Left the view, kept hidden for the next message of its role: no render is due."""
        if self._stream is not None:
            self._stream.stop()

    def reuse(self, text: str) -> None:
        """Shows another message of its role (a kept bubble instead of one built anew)."""
        if self.copy_button is not None:
            self.copy_button.reset()
        self.set_text(text)

    def append(self, text: str) -> None:
        self.set_text(self._text + text)

    def stream_text(self, text: str) -> None:
        """The whole text so far of a streamed answer; rendered soon (deltas coalesce)."""
        self._text = text
        if self._stream is None:  # one timer a streamed bubble (a singleShot per burst keeps bytes)
            self._stream = QTimer(self)
            self._stream.setSingleShot(True)
            self._stream.setInterval(STREAM_MS)
            self._stream.timeout.connect(self._render)
        if not self._stream.isActive():
            self._stream.start()

    def _render(self) -> None:
        if self._stream is not None:
            self._stream.stop()  # rendered now: the text so far
        if self.markdown is not None:
            self.markdown.set_markdown(self._text)
        elif self.label is not None:
            self.label.setText(self._text)

    def set_actions(self, retry: Callable[[], None] | None, settings: Callable[[], None] | None) -> None:
        """A failed turn's buttons: Retry (the same request as a new turn) and Open Settings (a
        missing or refused key)."""
        self.actions_row.addStretch(1)
        if settings is not None:
            self.settings_button = QPushButton()
            self.settings_button.setObjectName("openSettingsButton")
            self.settings_button.clicked.connect(settings)
            self.actions_row.addWidget(self.settings_button)
        if retry is not None:
            self.retry_button = QPushButton()
            self.retry_button.setObjectName("retryButton")
            self.retry_button.clicked.connect(retry)
            self.actions_row.addWidget(self.retry_button)
        self.retranslate()

    def retranslate(self) -> None:
        if self.retry_button is not None:
            self.retry_button.setText(self.tr("Retry"))
            self.retry_button.setToolTip(self.tr("Send the same request again"))
        if self.settings_button is not None:
            self.settings_button.setText(self.tr("Open Settings"))
            self.settings_button.setToolTip(self.tr("Enter or correct the provider's key"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
