"""The tool-output panel: one row per tool call with name, status and duration; the row opens to
show the exact input and output, and after the output body the display line (S70-18). While a call
runs its row shows the elapsed time and the server's progress (``tool_progress``); what a result
shows the person only (MCP blocks for the audience "user") stays visible under the header.

Only the newest rows are widgets (``rows.RowWindow``); older calls keep their events and come back
with "Show earlier". A row that leaves the view serves the next call (``ToolRow.begin``): no row
is built, polished and freed per call.

A row also shows a past call's stored state and duration (``show_stored``) and renders its core
line again on a language switch. A row that leaves the view lets its call's image bytes go (its
line kept as shown), and a replayed page builds only the rows kept (``hold``/``build_held``).
"""

from __future__ import annotations

import time
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from app.live_text import display_line
from core.events import StoredCallState, ToolFinished, ToolProgress, ToolStarted

from .name_toggle import NameToggle
from .pager import PAGE_CHARS, PageSource
from .rows import EARLIER_STEP, LIVE_ROWS, Entry, FollowEnd, RowWindow, scroll_column
from .tool_details import MAX_TEXT_LINES, Details, FitText
from .tool_progress import CallProgress, ElapsedClock

MAX_DETAIL_CHARS = PAGE_CHARS  # shown per page; storage keeps everything, the rest pages (D-6)
__all__ = ["MAX_DETAIL_CHARS", "MAX_TEXT_LINES", "CallEntry", "FitText", "ToolPanel", "ToolRow"]


class ToolRow(QFrame):
    """One call. ``details`` is collapsed until the header is clicked."""

    def __init__(
        self,
        started: ToolStarted,
        parent: QWidget | None = None,
        pages: PageSource | None = None,
        since: float | None = None,  # time.monotonic() when the call started; None: now
    ) -> None:
        super().__init__(parent)
        self.setObjectName("toolRow")
        self.toggle = NameToggle()
        self.toggle.setObjectName("toolToggle")
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.toggled.connect(self.set_expanded)
        self.status = QLabel()
        self.status.setObjectName("toolStatus")
        self.duration = QLabel("")
        self.duration.setObjectName("toolDuration")
        self.summary = QLabel("")  # the display line, also visible while collapsed
        self.summary.setObjectName("toolSummary")
        self.summary.setContentsMargins(22, 0, 0, 0)
        self.progress = CallProgress()
        self.person_label = QLabel()  # what the result shows the person only
        self.person_label.setObjectName("toolForPerson")
        self.person_label.setContentsMargins(22, 0, 0, 0)
        self.person_text = FitText("", max_lines=6)
        self.person_label.setBuddy(self.person_text)  # a screen reader names the text by its label
        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.toggle)
        header.addStretch(1)
        header.addWidget(self.status)
        header.addWidget(self.duration)
        self.opened = Details()
        self.details = self.opened.widget
        self.input_label, self.input_text = self.opened.input_label, self.opened.input_text
        self.output_label, self.output_text = self.opened.output_label, self.opened.output_text
        self.input_pager, self.output_pager = self.opened.input_pager, self.opened.output_pager
        self.display_line = self.opened.display_line

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        layout.addLayout(header)
        layout.addWidget(self.summary)
        layout.addWidget(self.progress)
        layout.addWidget(self.person_label)
        layout.addWidget(self.person_text)
        layout.addWidget(self.details)
        self.clock: ElapsedClock | None = None
        self.begin(started, pages, since)

    def begin(self, started: ToolStarted, pages: PageSource | None, since: float | None = None) -> None:
        """Shows the call ``started`` as a new row does: running, closed, no output yet. A row that
        left the view serves the next call this way (``ToolPanel``): building a row and polishing
        its ~30 widgets, then freeing them, cost more than the rest of a call's events."""
        self.call_id = started.call_id
        self.started = started
        self.finished: ToolFinished | None = None
        self.stored: StoredCallState | None = None  # a past call: its state as the store keeps it
        self.toggle.blockSignals(True)  # closing a reused row is not the person's click
        self.toggle.setChecked(False)
        self.toggle.blockSignals(False)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.set_name(started.name)
        self.summary.setText("")
        self.summary.setVisible(False)
        if self.progress.last is not None:
            self.progress.last = None
            self.progress.bar.reset()
            self.progress.bar.setRange(0, 100)
            self.progress.message.setText("")
            self.progress.message.setVisible(False)
            self.progress.retranslate()
        self.progress.setVisible(False)
        self.person_text.setPlainText("")
        self.person_label.setVisible(False)
        self.person_text.setVisible(False)
        self.opened.begin(started, pages)
        self.duration.setText("")
        self._stop_clock()
        start = since if since is not None else time.monotonic()
        self.clock = ElapsedClock(self.duration, start, self.elapsed_text)
        self.retranslate()

    def reserve_line(self) -> None:
        """Its tool showed a display line last time: the line's room is kept (no growth, issue 14)."""
        if self.finished is None:
            self.summary.setVisible(True)

    def _stop_clock(self) -> None:
        if self.clock is not None:
            self.clock.stop()
            self.clock.deleteLater()
            self.clock = None

    def elapsed_text(self, seconds: int) -> str:
        return self.tr("{seconds} s").format(seconds=seconds)

    def show_progress(self, event: ToolProgress) -> None:
        """The server's progress on this running call."""
        if self.finished is None:
            self.progress.show_progress(event)

    @property
    def expanded(self) -> bool:
        return self.toggle.isChecked()

    def set_expanded(self, on: bool) -> None:
        if self.toggle.isChecked() != on:
            self.toggle.setChecked(on)
            return
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.details.setVisible(on)
        if on:
            self.load_pages()

    def load_pages(self) -> None:
        """Opened: learn from the store how long the input and output really are (in a worker)."""
        self.input_pager.load()
        if self.finished is not None:
            self.output_pager.load()

    def finish(self, event: ToolFinished) -> None:
        self.finished = event
        self._stop_clock()
        self.progress.setVisible(False)
        self.person_text.setPlainText(event.for_person)
        self.person_label.setVisible(bool(event.for_person))
        self.person_text.setVisible(bool(event.for_person))
        self.output_pager.set_text(event.body)
        if self.expanded:
            self.output_pager.load()
        self.duration.setText(self.duration_text(event.ms))
        self.retranslate()

    def show_stored(self, state: StoredCallState) -> None:
        """A past call: the state and duration the store keeps (no clock: it is not running)."""
        self.stored = state
        self._stop_clock()
        self.progress.setVisible(False)
        self.summary.setVisible(self.finished is not None)  # no line to keep room for unless it ran
        self.duration.setText(self.duration_text(state.duration_ms))
        self.retranslate()

    def run_again(self, since: float) -> None:
        """A stored call that had not run is run by its resumed turn: running from ``since``."""
        self.stored = None
        if self.finished is None and self.clock is None:
            self.clock = ElapsedClock(self.duration, since, self.elapsed_text)
        self.retranslate()

    def duration_text(self, ms: int | None) -> str:
        """A past call's duration when known; nothing when not (never a made-up 0 ms)."""
        if self.stored is not None:
            ms = self.stored.duration_ms
        return "" if ms is None else self.tr("{ms} ms").format(ms=ms)

    def state(self) -> str:
        """running, ok, error, interrupted, not_executed or failed (a past call's stored state)."""
        stored = self.stored.state if self.stored is not None else ""
        if stored in ("interrupted", "not_executed", "failed"):
            return stored
        if self.finished is None:
            return "running" if stored == "" else ("ok" if stored == "completed" else "error")
        return "ok" if self.finished.ok else "error"

    def status_text(self) -> str:
        return {
            "running": self.tr("running…"),
            "ok": self.tr("ok"),
            "error": self.tr("error"),
            "interrupted": self.tr("interrupted"),
            "not_executed": self.tr("not executed"),
            "failed": self.tr("failed"),
        }[self.state()]

    def retranslate(self) -> None:
        self.input_label.setText(self.tr("Input"))
        self.output_label.setText(self.tr("Output"))
        self.person_label.setText(self.tr("Shown to you only (not sent to the model)"))
        if self.clock is not None:
            self.clock.tick()
        if self.finished is not None:  # the core's line, in the language shown now
            line = display_line(self.finished)
            for label in (self.display_line, self.summary):
                label.setText(line)
                label.setVisible(bool(line))
        self.status.setText(self.status_text())
        state = self.state()
        shade = "error" if state in ("interrupted", "failed") else state
        if self.status.property("state") != shade:  # styled again only when its colour changes
            self.status.setProperty("state", shade)
            self.status.style().unpolish(self.status)
            self.status.style().polish(self.status)
        self.toggle.set_help(self.tr("Show or hide the exact input and output"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class CallEntry(Entry):
    """One call's data: its events (the row, while live, shows them)."""

    def __init__(self, started: ToolStarted) -> None:
        self.started = started
        self.since = time.monotonic()
        self.progress: ToolProgress | None = None
        self.finished: ToolFinished | None = None
        self.stored: StoredCallState | None = None
        self.widget: ToolRow | None = None


class ToolPanel(QScrollArea):
    """All tool calls of one agent, oldest at the top: the list grows downward from the top of the
    panel and follows the newest row."""

    def __init__(
        self, parent: QWidget | None = None, live_rows: int = LIVE_ROWS, pages: PageSource | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("toolPanel")
        self.pages = pages  # the store's copy of each call's input and output (D-6); None: no store
        self.inner, self.rows_layout, self.earlier_button = scroll_column(
            self, "toolPanelInner", 4, 4, lambda: self.show_earlier()
        )
        self.rows_layout.addWidget(self.earlier_button, 0, Qt.AlignmentFlag.AlignHCenter)
        self.rows_layout.addStretch(1)  # below the rows: they start at the top
        self.setWidget(self.inner)
        self.window_rows = RowWindow[CallEntry](
            self.rows_layout, 1, self.earlier_button, self._build, self._release, live_rows
        )
        self.follow = FollowEnd(self)  # the view shows the newest row: it keeps following while rows grow
        self.calls: dict[str, CallEntry] = {}  # every call, collapsed ones included
        self.rows: dict[str, ToolRow] = {}  # the calls shown as widgets now
        self.spare: list[ToolRow] = []  # a row that left the view, hidden, for the next call
        self.lined: set[str] = set()  # the tools whose last finished call had a display line
        self.retranslate()

    def retranslate(self) -> None:
        self.earlier_button.setText(
            self.tr("Show earlier ({count})").format(count=self.window_rows.collapsed)
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _build(self, entry: CallEntry) -> QWidget:
        if self.spare:  # the row that last left the view shows this call
            row = self.spare.pop()
            row.begin(entry.started, self.pages, entry.since)
            row.setVisible(True)
        else:
            row = ToolRow(entry.started, pages=self.pages, since=entry.since)
            row.toggle.toggled.connect(lambda _on: self._row_toggled(row))
        entry.widget = row
        if entry.finished is not None:
            row.finish(entry.finished)
        elif entry.progress is not None:
            row.show_progress(entry.progress)
        if entry.stored is not None:
            row.show_stored(entry.stored)
        elif entry.finished is None and entry.started.name in self.lined:
            row.reserve_line()
        self.rows[entry.started.call_id] = row
        return row

    def _release(self, entry: CallEntry, row: QWidget | None) -> bool:
        """The call left the view (its row hidden): its row is kept for the next call when none is."""
        self.rows.pop(entry.started.call_id, None)
        widget, entry.widget = entry.widget, None
        done = entry.finished
        if done is not None and (done.images or done.person_images):  # no image bytes out of view
            entry.finished = replace(done, images=(), person_images=(), display_line=display_line(done))
        if widget is None or widget is not row or self.spare:
            return False
        self.spare.append(widget)
        return True

    def add_started(self, event: ToolStarted) -> ToolRow | None:
        """A new row; a call that already has one (a resumed turn reusing a completed call) keeps
        its row. None when that row is collapsed."""
        known = self.calls.get(event.call_id)
        if known is not None and known.started.turn_id == event.turn_id:
            if known.finished is None and known.stored is not None:  # stored unrun: it runs now
                known.stored, known.since = None, time.monotonic()
                if known.widget is not None:
                    known.widget.run_again(known.since)
                    if event.name in self.lined:
                        known.widget.reserve_line()
            return known.widget
        entry = self.calls[event.call_id] = CallEntry(event)
        self.window_rows.append(entry)
        if self.window_rows.collapsed:
            self.retranslate()
        self.follow.schedule()
        return entry.widget

    def add_finished(self, event: ToolFinished) -> ToolRow | None:
        """The call's row, finished; None when the call's row is collapsed (its entry is updated)."""
        entry = self.calls.get(event.call_id)
        if entry is None:  # a finished event without its start (history, or a missed event)
            self.add_started(
                ToolStarted(event.agent_id, event.turn_id, event.call_id, event.round, event.name, {})
            )
            entry = self.calls[event.call_id]
        entry.finished = event
        (self.lined.add if display_line(event) else self.lined.discard)(event.name)  # as its last call
        if entry.widget is not None:
            entry.widget.finish(event)
        return entry.widget

    def add_stored(self, event: StoredCallState) -> None:
        """A past call's stored state (history): its row stops running and shows the state."""
        entry = self.calls.get(event.call_id)
        if entry is None or entry.started.turn_id != event.turn_id:
            return
        entry.stored = event
        if entry.widget is not None:
            entry.widget.show_stored(event)

    def add_progress(self, event: ToolProgress) -> None:
        """The server's progress on a running call (kept for its row while collapsed)."""
        entry = self.calls.get(event.call_id)
        if entry is None or entry.started.turn_id != event.turn_id or entry.finished is not None:
            return
        entry.progress = event
        if entry.widget is not None:
            entry.widget.show_progress(event)

    def _row_toggled(self, row: ToolRow) -> None:
        """An opened or closed row stays where it is (no jump to the end) and is brought into view."""
        self.follow.at_end = False
        QTimer.singleShot(0, lambda: self._reveal(row))

    def _reveal(self, row: ToolRow) -> None:
        if row.call_id in self.rows and self.rows[row.call_id] is row:
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            self.ensureWidgetVisible(row, 0, 0)

    def scroll_to_end(self) -> None:
        self.follow.scroll_to_end()

    def hold(self) -> None:
        """Rows added from now on are data only until ``build_held()`` (a replayed page)."""
        self.window_rows.hold()

    def build_held(self) -> None:
        self.window_rows.build_held()
        self.follow.schedule()

    def show_earlier(self, count: int = EARLIER_STEP) -> list[CallEntry]:
        restored = self.window_rows.show_earlier(count)
        self.retranslate()
        return restored
