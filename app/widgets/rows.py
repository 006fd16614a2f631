"""A column of rows that keeps only the newest ones as widgets (chat, tool panel).

Every relayout of a ``QScrollArea`` walks all of its rows (word-wrapped labels re-run their text
layout for each height-for-width query), so a column that grew by a few rows per turn made every
insert slower and held every picture: after 100 camera frames one insert stalled the UI for
~0.4 s. ``RowWindow`` keeps the rows of the newest ``limit`` entries in the layout; older entries
keep only their data (text, events, a picture's store reference: ``chat.ChatEntry``) and a "Show
earlier" button above the rows builds them again on demand. A replayed page is appended while
``hold()`` is on and ``build_held()`` then builds only the rows kept.

Following the end (``FollowEnd``) never lays the window out per insert: the column is laid out
once per loop iteration by Qt and the range change keeps the view at the end.

One new row costs one layout pass and one repaint of the view (issue 14; tests/gui/test_chat_cost.py
counts them): a row is a shown child before it joins the layout (``shown``), and the ``Column``'s
pass and its scroll area's run together, the column sized first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QBoxLayout,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

LIVE_ROWS = 24  # rows kept as widgets (about six camera turns); the rest collapse into "Show earlier"
EARLIER_STEP = 20  # rows restored per "Show earlier" click


class Entry:
    """One row's data. ``row`` is its widget while live, None while collapsed."""

    row: QWidget | None = None


E = TypeVar("E", bound=Entry)
W = TypeVar("W", bound=QWidget)


class FollowEnd(QObject):
    """Keeps a row view at its newest row while it is there: ``schedule()`` after inserting scrolls
    once the layout has placed the rows (one scroll per burst of inserts and deltas), and a row
    that grows later (a picture decoded, a bubble wrapped anew) keeps the view at the end. Once the
    person scrolls up, the view stays where they put it until ``scroll_to_end()``."""

    def __init__(self, area: QScrollArea) -> None:
        super().__init__(area)
        self.bar = area.verticalScrollBar()
        self.pending = False
        self.at_end = True
        self.bar.valueChanged.connect(self._value_changed)
        self.bar.rangeChanged.connect(self._range_changed)

    def schedule(self) -> None:
        """Follow the end after this burst of inserts. Nothing is laid out here: when Qt lays the
        column out (once per loop iteration, however many rows came) the range grows and
        ``_range_changed`` keeps the view at the end, so an insert costs its own row only (a
        forced layout per insert relaid the whole window out, ~6 ms a row)."""
        self.at_end = True
        if not self.pending:
            self.pending = True
            QTimer.singleShot(0, self, self._follow)  # never after the view is gone

    def _follow(self) -> None:
        self.pending = False
        self.at_end = True
        self.bar.setValue(self.bar.maximum())

    def scroll_to_end(self) -> None:
        """To the end now, the new rows placed first (an explicit request, not per insert)."""
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self._follow()

    def _value_changed(self, value: int) -> None:
        self.at_end = value >= self.bar.maximum()

    def _range_changed(self, _low: int, high: int) -> None:
        if self.at_end or self.pending:
            self.bar.setValue(high)


def shown(widget: QWidget, parent: QWidget | None) -> QWidget:
    """``widget`` made a shown child of ``parent`` before it joins ``parent``'s layout (a row, a
    Markdown block). Left to Qt, a widget added to a shown layout is shown by a queued call a loop
    iteration later, and showing lays every layout above it out at once: the column was laid out
    in its old height (every row squeezed a pixel, so every text repainted) and once more for the
    new row. Shown before, while the layouts are still valid, it costs no pass."""
    widget.setParent(parent)
    widget.show()
    return widget


def laid_out(row: W) -> W:
    """A shown row's queued layouts done now, innermost first, before it joins the column (Qt lays
    out only what is visible). A kept row showing another entry has some: its content changed
    while hidden, and showing it queues more; left behind the column's own layout request, they
    asked the column for a second pass. A new row has none."""
    widgets: list[QWidget] = [*reversed(row.findChildren(QWidget)), row]
    for widget in widgets:
        QCoreApplication.sendPostedEvents(widget, QEvent.Type.LayoutRequest)
    return row


def shown_row(entry: Entry) -> QWidget:
    assert entry.row is not None
    return entry.row


RESTYLED = (QEvent.Type.Polish, QEvent.Type.StyleChange)


class Column(QWidget):
    """The widget a row view scrolls. One layout pass places its rows once: the scroll area sizes
    the column for its new rows first (Qt laid them out in the old height, then again in the new),
    and the scroll area's own pass (the range, FollowEnd's scroll) follows at once, not a loop
    iteration later after a paint of rows moved but not yet scrolled."""

    def event(self, event: QEvent) -> bool:
        deliver = super().event  # Qt's handling (named: a call of ``.event`` reads as a log line)
        kind = event.type()
        if kind in RESTYLED:
            done = deliver(event)
            if not self.autoFillBackground():  # a style sheet's polish turns it off
                self.setAutoFillBackground(True)
            return done
        if kind != QEvent.Type.LayoutRequest:
            return deliver(event)
        viewport = self.parentWidget()  # asked only here: a wrapper made per call, every event
        if viewport is None:
            return deliver(event)
        # the scroll area's pass first: the column's new height, the range, FollowEnd's scroll
        QCoreApplication.sendEvent(viewport, QEvent(QEvent.Type.LayoutRequest))
        done = deliver(event)  # the rows placed once, in that height
        QCoreApplication.removePostedEvents(viewport, QEvent.Type.LayoutRequest)  # done above
        return done


def scroll_column(
    area: QScrollArea, inner_name: str, margin: int, spacing: int, show_earlier: Callable[[], object]
) -> tuple[QWidget, QVBoxLayout, QPushButton]:
    """The vertical column a row view scrolls (no horizontal scrolling), and its "Show earlier"
    button, not yet placed: the caller puts it where its rows start, then ``area.setWidget(inner)``."""
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    inner = Column()
    inner.setObjectName(inner_name)
    # exactly the view's width: a row wider than the view is cut at its edge, and never makes the
    # column grow past the view and shrink back (a layout and repaint of every row, issue 14)
    inner.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    inner.setAutoFillBackground(True)  # opaque: a scroll moves its pixels, repaints only the strip uncovered
    layout = QVBoxLayout(inner)
    layout.setContentsMargins(margin, margin, margin, margin)
    layout.setSpacing(spacing)
    button = QPushButton()
    button.setObjectName("showEarlier")
    button.clicked.connect(lambda: show_earlier())
    return inner, layout, button


class RowWindow(Generic[E]):
    """Rows of ``entries[live_from:]`` sit in ``layout`` from index ``first`` on, oldest first.

    ``build(entry)`` makes an entry's row. ``release(entry, row)`` is told when an entry leaves the
    view, its row (None: it had none) already out of the layout, hidden and without the focus, so
    the entry can keep what the row showed (e.g. streamed text). It returns True when the owner
    keeps the row, hidden, to show another entry; the window frees the others."""

    def __init__(
        self,
        layout: QBoxLayout,
        first: int,
        button: QPushButton,
        build: Callable[[E], QWidget],
        release: Callable[[E, QWidget | None], bool],
        limit: int = LIVE_ROWS,
    ) -> None:
        self.layout = layout
        self.first = first
        self.button = button
        self.build = build
        self.release = release
        self.limit = limit
        self.entries: list[E] = []
        self.live_from = 0
        self.holding = False  # appended entries get no row until ``build_held()`` (a replay)
        button.setVisible(False)

    @property
    def collapsed(self) -> int:
        return self.live_from

    def live(self) -> list[E]:
        return self.entries[self.live_from :]

    def append(self, entry: E) -> QWidget | None:
        """The entry's new row (None while holding: built by ``build_held()`` if it is still
        among the newest by then)."""
        self.entries.append(entry)
        row = None
        if not self.holding:
            row = entry.row = laid_out(shown(self.build(entry), self.layout.parentWidget()))
            self.layout.insertWidget(self.first + len(self.entries) - 1 - self.live_from, row)
        self._trim()
        return row

    def hold(self) -> None:
        """Entries appended from now on are data only: a replay appends a page of turns, then
        ``build_held()`` builds the rows the window keeps, never one that it would drop at once."""
        self.holding = True

    def build_held(self) -> list[E]:
        """The rows of the live entries appended while holding, in order; returns those entries."""
        self.holding = False
        built = [(at, e) for at, e in enumerate(self.live()) if e.row is None]
        for _, entry in built:
            entry.row = laid_out(shown(self.build(entry), self.layout.parentWidget()))
        for at, entry in built:
            self.layout.insertWidget(self.first + at, shown_row(entry))
        return [entry for _, entry in built]

    def _trim(self) -> None:
        while len(self.entries) - self.live_from > self.limit:
            entry = self.entries[self.live_from]
            row, entry.row = entry.row, None
            if row is not None:
                self.layout.removeWidget(row)
                focus = QApplication.focusWidget()
                if focus is not None and row.isAncestorOf(focus):
                    focus.clearFocus()  # hidden with it, Qt would move it on and scroll to the next row
                row.hide()
            if not self.release(entry, row) and row is not None:
                row.deleteLater()  # frees its pixmaps and text layouts
            self.live_from += 1
        self._show_button()

    def _show_button(self) -> None:
        """ "Show earlier" while rows are collapsed; set only when that changes (showing a shown
        widget again lays the column out at once, in its old height)."""
        if self.button.isHidden() == (self.live_from > 0):
            self.button.setVisible(self.live_from > 0)

    def show_earlier(self, count: int = EARLIER_STEP) -> list[E]:
        """Build the rows of up to ``count`` collapsed entries just above the live ones; they stay
        (the window grows by as many rows). Returns the restored entries, oldest first."""
        start = max(0, self.live_from - count)
        restored = self.entries[start : self.live_from]
        for entry in restored:
            entry.row = laid_out(shown(self.build(entry), self.layout.parentWidget()))
        for entry in reversed(restored):
            self.layout.insertWidget(self.first, shown_row(entry))
        self.limit += len(restored)
        self.live_from = start
        self._show_button()
        return restored
