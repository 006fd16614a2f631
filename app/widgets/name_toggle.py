"""A tool row's opener: the call's name beside an arrow, elided at the right when the row is
narrower than the name wants.

Without it a row's header (the name, its state, its duration) was as wide as the name and the
widest state made it: in a tool panel narrower than that, the panel's column grew past the view
while a call ran ("running…" is the widest state), its state and duration drawn outside the view,
and shrank back when the call ended. Each flip laid out and repainted every row of the panel
(issue 14). The toggle asks for the whole name's width but takes what the row leaves it, down to
the arrow and an ellipsis; ``name`` is always the whole name, as is its accessible name.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QToolButton, QWidget

ELLIPSIS = "…"


class NameToggle(QToolButton):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = ""
        self._spare_px: int | None = None  # the arrow, spacing and padding: one style's constant
        # a tool button is fixed at its hint: this one may give way, down to minimumSizeHint
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)

    def set_name(self, name: str) -> None:
        self.name = name
        self.setAccessibleName(name)
        self._fit()

    def _spare(self) -> int:
        """The hint's width besides the text shown (the arrow, spacing, padding), asked of the
        style once per font and style: a tool button's hint goes through the whole style."""
        if self._spare_px is not None:
            return self._spare_px
        spare = super().sizeHint().width() - self.fontMetrics().horizontalAdvance(self.text())
        if self.text():  # with no text the style leaves out the spacing beside it
            self._spare_px = spare
        return spare

    def sizeHint(self) -> QSize:
        """The width the whole name wants, whatever part of it is shown."""
        hint = super().sizeHint()
        return QSize(self._spare() + self.fontMetrics().horizontalAdvance(self.name), hint.height())

    def minimumSizeHint(self) -> QSize:
        least = self._spare() + self.fontMetrics().horizontalAdvance(ELLIPSIS)
        return QSize(min(least, self.sizeHint().width()), super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._spare_px = None
            self._fit()  # the same name, other widths

    def _fit(self) -> None:
        shown = self.name  # when never laid out yet (a new row), or with room for all of it
        if self.testAttribute(Qt.WidgetAttribute.WA_Resized):
            room = self.width() - self._spare()
            metrics = self.fontMetrics()
            if room < metrics.horizontalAdvance(self.name):
                shown = metrics.elidedText(self.name, Qt.TextElideMode.ElideRight, max(room, 0))
        if shown != self.text():
            self.setText(shown)
