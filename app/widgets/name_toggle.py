"""A tool row's opener: the call's name beside an arrow, elided at the right when the row is
narrower than the name wants.

A row's header (the name, its state, its duration) was as wide as the whole name and the widest
state made it: in a tool panel narrower than that, the state and duration were drawn outside the
view, and the panel's column grew past the view while a call ran ("running…" is the widest state)
and shrank back when it ended, each flip a layout and repaint of every row (issue 14; the columns
are now their view's width, ``rows.scroll_column``). The toggle asks for the whole name's width
but takes what the row leaves it, down to the arrow and an ellipsis, so the state and duration
stay in view; ``name`` is always the whole name, as are its accessible name and, while the text
is cut, the first line of its tooltip.
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
        self.help = ""  # the tooltip; the whole name comes first in it while the text is cut
        self._spare_px: int | None = None  # the arrow, spacing and padding: one style's constant
        # a tool button is fixed at its hint: this one may give way, down to minimumSizeHint
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)

    def set_name(self, name: str) -> None:
        self.name = name
        self.setAccessibleName(name)
        self._fit()

    def set_help(self, text: str) -> None:
        self.help = text
        self._tip()

    def _tip(self) -> None:
        """The help, the whole name first while the text shown is cut."""
        lines = ([self.name] if self.text() != self.name else []) + ([self.help] if self.help else [])
        self.setToolTip("\n".join(lines))

    def _width(self, text: str) -> int:
        """A text's width as a tool button measures it (``QFontMetrics.size``, which may round a
        pixel above ``horizontalAdvance``)."""
        return self.fontMetrics().size(Qt.TextFlag.TextShowMnemonic, text).width()

    def _spare(self) -> int:
        """The hint's width besides the text shown (the arrow, spacing, padding), asked of the
        style once per font and style: a tool button's hint goes through the whole style."""
        if self._spare_px is not None:
            return self._spare_px
        spare = super().sizeHint().width() - self._width(self.text())
        if self.text():  # kept as measured beside a text (a style may lay an empty one out otherwise)
            self._spare_px = spare
        return spare

    def sizeHint(self) -> QSize:
        """The width the whole name wants, whatever part of it is shown."""
        hint = super().sizeHint()
        return QSize(self._spare() + self._width(self.name), hint.height())

    def minimumSizeHint(self) -> QSize:
        least = self._spare() + self._width(ELLIPSIS) + 1  # room for the ellipsis, rounding included
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
            if room < self._width(self.name):
                shown = metrics.elidedText(self.name, Qt.TextElideMode.ElideRight, max(room, 0)) or ELLIPSIS
        if shown != self.text():
            self.setText(shown)
            self._tip()
