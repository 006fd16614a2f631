"""A word-wrapped label that lays its text out once per width, not once per layout pass.

Qt answers a word-wrapped ``QLabel``'s height for a width by laying its whole text out again, and
a layout pass of a column asks every row for it (the box layouts keep no minimum-height-for-width
and drop their item caches on every activation): a chat of 24 rows relaid all 24 texts whenever one
row changed, 1.5–4 ms a pass, several passes a live-view turn (issue 14). ``WrapLabel`` keeps the
heights it gave per width until its text, format or font changes, so a pass costs the rows that
changed. ``layouts`` counts the text layouts run for a height (tests count them).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QLabel, QWidget

WIDTHS_KEPT = 8  # heights kept per label (a resize asks for a few widths; more start afresh)
# what changes a text's height besides the text (the style sheet sets fonts through these)
RELAYOUT = (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.LayoutDirectionChange)


class WrapLabel(QLabel):
    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self._heights: dict[int, int] = {}
        self.layouts = 0
        self.setWordWrap(True)

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            if len(self._heights) >= WIDTHS_KEPT:
                self._heights.clear()
            height = self._heights[width] = super().heightForWidth(width)
            self.layouts += 1
        return height

    def setText(self, text: str) -> None:  # Qt name
        self._heights.clear()
        super().setText(text)

    def setTextFormat(self, format: Qt.TextFormat) -> None:  # Qt name
        self._heights.clear()
        super().setTextFormat(format)

    def setWordWrap(self, on: bool) -> None:  # Qt name
        self._heights.clear()
        super().setWordWrap(on)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in RELAYOUT:
            self._heights.clear()
        super().changeEvent(event)
