"""The selected agent's watches (issue 15): each one's state, its live meter and change score, and
one-click Pause/Resume, Stop, Edit and Delete.

``WatchPanel`` sits in the left pane under the MCP servers; its "Watch…" button asks for the
dialog (``newRequested``) for the agent shown. One ``WatchRow`` per watch shows:

* its label and rhythm, and its state in words: running, paused by the person, paused by a budget
  with the budget named ("the 120 calls of this hour are spent"), ended at its stop time, paused
  because the agent's model cannot read images, … (WA-45);
* the live meter, "vision calls 12 / 120 this hour, 41 k / 500 k tokens today", from the view and
  every ``WatchMetered`` (WA-46);
* the last change score beside its threshold and whether that frame went to the model, from the
  state and every ``WatchScored`` (WA-47);
* Pause or Resume (Resume after any pause, a budget's included: the person chose to), Stop, Edit
  (``editRequested``) and Delete, which asks whether to keep the watch's timeline (WA-48).

The panel reads ``WatchesLike.views`` when the agent changes and on each ``WatchChanged``; a
score or meter event updates its row only.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.settings.storage_page import megabytes
from app.style import problem_colour
from core.events import CameraEventReported, WatchChanged, WatchMetered, WatchScored
from core.watch.model import Meter, Rhythm, WatchView
from core.watch.ports import WatchesLike


def tokens(n: int) -> str:
    """A token count as the meter shows it: 820, 4.5 k, 41 k, 1.2 M."""
    if n < 1000:
        return str(n)
    if n < 10_000:
        return f"{n / 1000:.1f}".rstrip("0").rstrip(".") + " k"
    if n < 1_000_000:
        return f"{n // 1000} k"
    return f"{n / 1_000_000:.1f}".rstrip("0").rstrip(".") + " M"


def seconds(value: float) -> str:
    return f"{value:g}"


class WatchRow(QFrame):
    """One watch of the agent."""

    pauseClicked = Signal(str)
    resumeClicked = Signal(str)
    stopClicked = Signal(str)
    editClicked = Signal(str)
    deleteClicked = Signal(str)

    def __init__(self, view: WatchView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("watchRow")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.view = view
        self.meter = view.meter
        self.score: tuple[float, float, bool] | None = None  # score, threshold, sent
        self.name = QLabel()
        self.name.setObjectName("watchName")
        font = self.name.font()
        font.setBold(True)
        self.name.setFont(font)
        self.state = QLabel()
        self.state.setObjectName("watchState")
        self.meter_label = QLabel()
        self.meter_label.setObjectName("watchMeter")
        self.score_label = QLabel()
        self.score_label.setObjectName("watchScore")
        self.timeline_label = QLabel()  # the timeline's events and their disk use (WA-26)
        self.timeline_label.setObjectName("watchTimeline")
        for label in (self.name, self.state, self.meter_label, self.score_label, self.timeline_label):
            label.setWordWrap(True)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.pause_button = QToolButton()  # no 80 px least width: four fit the narrow pane
        self.pause_button.setObjectName("watchPause")
        self.pause_button.clicked.connect(self._pause_or_resume)
        self.stop_button = QToolButton()  # no 80 px least width: four fit the narrow pane
        self.stop_button.setObjectName("watchStop")
        self.stop_button.clicked.connect(lambda: self.stopClicked.emit(self.watch_id))
        self.edit_button = QToolButton()  # no 80 px least width: four fit the narrow pane
        self.edit_button.setObjectName("watchEdit")
        self.edit_button.clicked.connect(lambda: self.editClicked.emit(self.watch_id))
        self.delete_button = QToolButton()  # no 80 px least width: four fit the narrow pane
        self.delete_button.setObjectName("watchDelete")
        self.delete_button.clicked.connect(lambda: self.deleteClicked.emit(self.watch_id))
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        for button in (self.pause_button, self.stop_button, self.edit_button, self.delete_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        box = QVBoxLayout(self)
        box.setContentsMargins(8, 6, 8, 6)
        box.setSpacing(2)
        for label in (self.name, self.state, self.meter_label, self.score_label, self.timeline_label):
            box.addWidget(label)
        box.addLayout(buttons)
        self.set_view(view)

    @property
    def watch_id(self) -> str:
        return self.view.watch.id

    def set_view(self, view: WatchView) -> None:
        self.view = view
        self.meter = view.meter
        state, watch = view.state, view.watch
        if state.last_score is not None:
            self.score = (
                state.last_score,
                100.0 - float(watch.sensitivity),
                self._sent_before(state.last_score),
            )
        self.retranslate()

    def _sent_before(self, score: float) -> bool:
        return score >= 100.0 - float(self.view.watch.sensitivity)

    def set_meter(self, meter: Meter) -> None:
        self.meter = meter
        self.meter_label.setText(self.meter_text())

    def set_score(self, score: float, threshold: float, sent: bool) -> None:
        self.score = (score, threshold, sent)
        self.score_label.setText(self.score_text())

    # -- text ------------------------------------------------------------------------------------

    def rhythm_text(self, rhythm: Rhythm) -> str:
        if rhythm.kind == "times":
            return self.tr("at {times}").format(times=", ".join(rhythm.times))
        if rhythm.kind == "continuous":
            return self.tr("continuously, a frame every {seconds} s").format(seconds=seconds(rhythm.every_s))
        if rhythm.every_s >= 60 and rhythm.every_s % 60 == 0:
            return self.tr("every {minutes} min").format(minutes=seconds(rhythm.every_s / 60))
        return self.tr("every {seconds} s").format(seconds=seconds(rhythm.every_s))

    def state_text(self) -> str:
        state, watch, meter = self.view.state, self.view.watch, self.meter
        if state.status == "running":
            return self.tr("Watching")
        if state.status == "stopped":
            if state.reason == "until":
                return self.tr("Ended at its stop time")
            return self.tr("Stopped")
        reason = state.reason
        if reason == "budget_calls":
            return self.tr("Paused: the {limit} calls of this hour are spent").format(limit=meter.calls_limit)
        if reason == "budget_tokens":
            return self.tr("Paused: today's {limit} tokens are spent").format(
                limit=tokens(meter.tokens_limit)
            )
        if reason == "until":
            return self.tr("Ended at its stop time")
        if reason == "no_vision":
            return self.tr("Paused: this agent's model cannot read images and no vision relay is set")
        if reason == "no_tool":
            return self.tr("Paused: the camera tool {tool} is gone").format(tool=watch.tool)
        if reason == "store":
            return self.tr("Paused: the history could not be written")
        if reason == "error":
            return self.tr("Paused after an error")
        if reason == "":
            return self.tr("Ready: not started yet")  # made ready (the demo's), never run
        return self.tr("Paused")

    def timeline_text(self) -> str:
        view = self.view
        keep = view.watch.keep_days
        kept = self.tr("kept {days} days").format(days=keep) if keep else self.tr("kept until deleted")
        return self.tr("timeline: {count} events, {size} MB, {kept}").format(
            count=view.events, size=megabytes(view.timeline_bytes), kept=kept
        )

    def meter_text(self) -> str:
        m = self.meter
        return self.tr(
            "vision calls {calls} / {calls_limit} this hour, {tokens} / {tokens_limit} tokens today"
        ).format(
            calls=m.calls_hour,
            calls_limit=m.calls_limit,
            tokens=tokens(m.tokens_day),
            tokens_limit=tokens(m.tokens_limit),
        )

    def score_text(self) -> str:
        if self.score is None:
            return self.tr("change score: no frame yet")
        score, threshold, sent = self.score
        text = (
            self.tr("change score {score} (threshold {threshold}): sent to the model")
            if sent
            else self.tr("change score {score} (threshold {threshold}): not sent")
        )
        return text.format(score=f"{score:.0f}", threshold=f"{threshold:.0f}")

    def retranslate(self) -> None:
        watch, state = self.view.watch, self.view.state
        self.name.setText(f"{watch.label} · {self.rhythm_text(watch.rhythm)}")
        self.name.setToolTip(watch.instruction)
        self.state.setText(self.state_text())
        budget = state.status == "paused" and state.reason in ("budget_calls", "budget_tokens")
        self.state.setProperty("state", "budget" if budget else state.status)
        warn = state.status == "paused" and state.reason not in ("", "person")  # the person must act
        sheet = f"color: {problem_colour(self.palette())};" if warn else ""
        if self.state.styleSheet() != sheet:
            self.state.setStyleSheet(sheet)
        self.meter_label.setText(self.meter_text())
        self.score_label.setText(self.score_text())
        self.timeline_label.setText(self.timeline_text())
        running = state.status == "running"
        ready = state.status == "paused" and not state.reason
        self.pause_button.setText(
            self.tr("Pause") if running else self.tr("Start") if ready else self.tr("Resume")
        )
        self.pause_button.setAccessibleName(
            (self.tr("Pause {watch}") if running else self.tr("Resume {watch}")).format(watch=watch.label)
        )
        self.stop_button.setText(self.tr("Stop"))
        self.stop_button.setEnabled(state.status != "stopped")
        self.edit_button.setText(self.tr("Edit"))
        self.delete_button.setText(self.tr("Delete"))

    def _pause_or_resume(self) -> None:
        if self.view.state.status == "running":
            self.pauseClicked.emit(self.watch_id)
        else:
            self.resumeClicked.emit(self.watch_id)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.PaletteChange):
            self.retranslate()
        super().changeEvent(event)


class WatchPanel(QWidget):
    """The watches of the agent shown in the window."""

    newRequested = Signal()  # the Watch… button
    editRequested = Signal(str)  # a row's Edit: its watch id

    def __init__(self, watches: WatchesLike | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("watchPanel")
        self.watches = watches
        self.agent_id: str | None = None
        self.rows: dict[str, WatchRow] = {}
        self.confirm: QMessageBox | None = None  # the open delete question
        self.title = QLabel()
        self.title.setObjectName("paneTitle")
        self.new_button = QPushButton()
        self.new_button.setObjectName("watchNew")
        self.new_button.clicked.connect(self.newRequested.emit)
        self.empty = QLabel()
        self.empty.setObjectName("watchEmpty")
        self.empty.setWordWrap(True)
        self.empty.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title, 1)
        top.addWidget(self.new_button)
        self.inner = QWidget()
        self.inner.setObjectName("watchPanelInner")
        self.rows_layout = QVBoxLayout(self.inner)
        self.rows_layout.setContentsMargins(0, 0, 0, 0)
        self.rows_layout.setSpacing(4)
        self.rows_layout.addWidget(self.empty)
        self.rows_layout.addStretch(1)
        # rows wrap their lines to the pane's width and scroll when the pane is shorter than them
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("watchScroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setWidget(self.inner)
        self.scroll_area.setMinimumHeight(24)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addLayout(top)
        box.addWidget(self.scroll_area, 1)
        self.setVisible(watches is not None)
        self.retranslate()

    def sizeHint(self) -> QSize:
        """As tall as its rows (the scroll area's own hint says nothing of them)."""
        height = self.new_button.sizeHint().height() + 6 + self.inner.sizeHint().height()
        return QSize(super().sizeHint().width(), height)

    def retranslate(self) -> None:
        self.title.setText(self.tr("Watches"))
        self.new_button.setText(self.tr("Watch…"))
        self.new_button.setAccessibleName(self.tr("New watch"))
        self.empty.setText(self.tr("No watches. Press Watch… to have this agent watch its camera."))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_agent(self, agent_id: str | None) -> None:
        if agent_id != self.agent_id:
            self.agent_id = agent_id
            self.refresh()

    def refresh(self) -> None:
        """Read the agent's watches again (rows kept by watch id, in the service's order)."""
        views = self.watches.views(self.agent_id) if self.watches is not None and self.agent_id else []
        ids = [v.watch.id for v in views]
        for watch_id in [w for w in self.rows if w not in ids]:
            gone = self.rows.pop(watch_id)
            self.rows_layout.removeWidget(gone)
            gone.deleteLater()
        for index, view in enumerate(views):
            row = self.rows.get(view.watch.id)
            if row is None:
                row = self.rows[view.watch.id] = self._new_row(view)
            else:
                row.set_view(view)
            if self.rows_layout.indexOf(row) != index:  # in the service's order
                self.rows_layout.removeWidget(row)
                self.rows_layout.insertWidget(index, row)
        self.empty.setVisible(not views)
        self.new_button.setEnabled(self.watches is not None and self.agent_id is not None)

    def _new_row(self, view: WatchView) -> WatchRow:
        row = WatchRow(view)
        row.pauseClicked.connect(partial(self._act, lambda w, i: w.pause(i)))
        row.resumeClicked.connect(partial(self._act, lambda w, i: w.resume(i)))
        row.stopClicked.connect(partial(self._act, lambda w, i: w.stop(i)))
        row.editClicked.connect(self.editRequested.emit)
        row.deleteClicked.connect(self.ask_delete)
        return row

    def _act(self, action: Callable[[WatchesLike, str], None], watch_id: str) -> None:
        if self.watches is not None:
            action(self.watches, watch_id)
            self.refresh()  # the WatchChanged event refreshes too; the click shows at once

    # -- events ----------------------------------------------------------------------------------

    def on_changed(self, event: WatchChanged) -> None:
        if event.agent_id == self.agent_id:
            self.refresh()

    def on_scored(self, event: WatchScored) -> None:
        row = self.rows.get(event.watch_id)
        if row is not None:
            row.set_score(event.score, event.threshold, event.sent)

    def on_event(self, event: CameraEventReported) -> None:
        """A reported event: its watch's row counts it (and the disk it takes) at once."""
        row = self.rows.get(event.watch_id)
        view = None if row is None or self.watches is None else self.watches.view(event.watch_id)
        if row is not None and view is not None:
            row.set_view(view)

    def on_metered(self, event: WatchMetered) -> None:
        row = self.rows.get(event.watch_id)
        if row is not None:
            row.set_meter(Meter(event.calls_hour, event.calls_limit, event.tokens_day, event.tokens_limit))

    # -- delete ----------------------------------------------------------------------------------

    def ask_delete(self, watch_id: str) -> None:
        """Delete asks whether the watch's timeline stays (window-modal, never a nested loop)."""
        row = self.rows.get(watch_id)
        if row is None or self.watches is None:
            return
        box = QMessageBox(self)
        box.setObjectName("deleteWatchBox")
        box.setWindowTitle(self.tr("Delete watch"))
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setText(self.tr("Delete the watch “{watch}”?").format(watch=row.view.watch.label))
        box.setInformativeText(
            self.tr(
                "Its timeline holds {count} events. Keep them, or delete them with their pictures?"
            ).format(count=row.view.events)
        )
        keep = box.addButton(self.tr("Delete, keep the timeline"), QMessageBox.ButtonRole.AcceptRole)
        drop = box.addButton(self.tr("Delete with its timeline"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.finished.connect(lambda _result: self._delete_answered(box, watch_id, keep, drop))
        self.confirm = box
        box.open()

    def _delete_answered(self, box: QMessageBox, watch_id: str, keep: object, drop: object) -> None:
        self.confirm = None
        clicked = box.clickedButton()
        box.deleteLater()
        if self.watches is None or clicked not in (keep, drop) or watch_id not in self.rows:
            return
        self.watches.delete(watch_id, keep_timeline=clicked is keep)
        self.refresh()
