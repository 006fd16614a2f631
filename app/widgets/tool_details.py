"""A tool row's opened part: the exact input and output, each in a box as tall as its text, with
its pager, and the display line right after the output body (S70-18). ``begin`` shows a new call
in it, so a row that left the view serves the next call (``ToolPanel``, issue 14).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QSizePolicy, QVBoxLayout, QWidget

from core.events import ToolStarted

from .pager import INPUT, OUTPUT, Pager, PageSource, pretty_arguments

MAX_TEXT_LINES = 12  # an Input/Output box grows with its text up to this many lines, then scrolls


class FitText(QPlainTextEdit):
    """A read-only text box as tall as its (wrapped) text, at most ``max_lines`` lines; longer
    text scrolls inside it. A hidden box (a closed tool row's Input and Output) holds its text but
    measures it only once shown: measuring lays the text out, ~0.1 ms a box, three boxes a call
    that nobody opens (issue 14)."""

    def __init__(
        self, text: str = "", max_lines: int = MAX_TEXT_LINES, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.max_lines = max_lines
        self._unfitted = False  # text set while hidden: measured when shown
        self.setReadOnly(True)
        self.setObjectName("toolText")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setPlainText(text)

    def setPlainText(self, text: str) -> None:  # Qt name: the box refits with new text
        super().setPlainText(text)
        self.fit()

    def text_height(self) -> int:
        """Pixels of the wrapped text as the box lays it out (the first block carries the top
        margin), capped at ``max_lines`` lines."""
        line = self.fontMetrics().lineSpacing()
        cap = self.max_lines * line
        layout = self.document().documentLayout()
        total = 0.0
        block = self.document().begin()
        while block.isValid() and total < cap:
            total += layout.blockBoundingRect(block).height()  # lays the block out at this width
            block = block.next()
        return int(min(max(total, line), cap))

    def fit(self) -> None:
        if not self.isVisible():
            self._unfitted = True
            return
        self._unfitted = False
        margin = int(self.document().documentMargin())
        height = self.text_height() + 2 * margin + 2 * self.frameWidth()
        if height != self.height() or self.minimumHeight() != height:
            self.setFixedHeight(height)

    def showEvent(self, event: QShowEvent) -> None:
        if self._unfitted:
            self.fit()
        super().showEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():  # the text wraps anew
            self.fit()


class Details:
    """The widgets of one call's opened part, in ``widget`` (hidden until the row is opened)."""

    def __init__(self) -> None:
        self.widget = QWidget()
        self.widget.setObjectName("toolDetails")
        self.widget.setVisible(False)
        self.input_label = QLabel()
        self.input_text = FitText()
        self.input_pager = Pager(self.input_text, INPUT)  # pages read from the store (D-6)
        self.output_label = QLabel()
        self.output_text = FitText("")
        self.output_pager = Pager(self.output_text, OUTPUT)
        for label, text in ((self.input_label, self.input_text), (self.output_label, self.output_text)):
            label.setBuddy(text)  # a screen reader names each text by the label above it
        self.display_line = QLabel("")  # after the output body (S70-18)
        self.display_line.setObjectName("displayLine")
        self.display_line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        d = QVBoxLayout(self.widget)
        d.setContentsMargins(18, 2, 0, 4)
        d.addWidget(self.input_label)
        d.addWidget(self.input_text)
        d.addWidget(self.input_pager)
        d.addWidget(self.output_label)
        d.addWidget(self.output_text)
        d.addWidget(self.display_line)  # right after the output body (S70-18)
        d.addWidget(self.output_pager)

    def begin(self, started: ToolStarted, pages: PageSource | None) -> None:
        """Closed, showing ``started``'s input and no output yet (a new row, or a row reused)."""
        self.widget.setVisible(False)
        self.input_pager.set_source(pages, started.turn_id, started.call_id)
        self.input_pager.set_text(pretty_arguments(started.arguments))
        self.output_pager.set_source(pages, started.turn_id, started.call_id)
        self.output_pager.set_text("")
        self.output_pager.setVisible(False)
        self.display_line.setText("")
        self.display_line.setVisible(True)
