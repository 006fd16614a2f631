"""The tool-output panel: one row per tool call with name, status and duration; the row opens to
show the exact input and output, and after the output body the display line (S70-18)."""

from __future__ import annotations

import json

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core.events import ToolFinished, ToolStarted

MAX_DETAIL_CHARS = 16_000  # shown per section; storage keeps everything (D-6)


def pretty_arguments(arguments: dict[str, object]) -> str:
    return json.dumps(arguments, ensure_ascii=False, indent=2, sort_keys=False)


def clip(text: str) -> str:
    if len(text) <= MAX_DETAIL_CHARS:
        return text
    return text[:MAX_DETAIL_CHARS]


class ToolRow(QFrame):
    """One call. ``details`` is collapsed until the header is clicked."""

    def __init__(self, started: ToolStarted, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("toolRow")
        self.call_id = started.call_id
        self.started = started
        self.finished: ToolFinished | None = None
        self.toggle = QToolButton()
        self.toggle.setObjectName("toolToggle")
        self.toggle.setCheckable(True)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setText(started.name)
        self.toggle.toggled.connect(self.set_expanded)
        self.status = QLabel()
        self.status.setObjectName("toolStatus")
        self.duration = QLabel("")
        self.duration.setObjectName("toolDuration")
        self.summary = QLabel("")  # the display line, also visible while collapsed
        self.summary.setObjectName("toolSummary")
        self.summary.setContentsMargins(22, 0, 0, 0)
        self.summary.setVisible(False)
        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.toggle)
        header.addStretch(1)
        header.addWidget(self.status)
        header.addWidget(self.duration)

        self.details = QWidget()
        self.details.setObjectName("toolDetails")
        self.input_label = QLabel()
        self.input_text = QPlainTextEdit(pretty_arguments(started.arguments))
        self.output_label = QLabel()
        self.output_text = QPlainTextEdit("")
        self.display_line = QLabel("")  # after the output body (S70-18)
        self.display_line.setObjectName("displayLine")
        self.display_line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for box in (self.input_text, self.output_text):
            box.setReadOnly(True)
            box.setMaximumHeight(160)
            box.setObjectName("toolText")
        d = QVBoxLayout(self.details)
        d.setContentsMargins(18, 2, 0, 4)
        d.addWidget(self.input_label)
        d.addWidget(self.input_text)
        d.addWidget(self.output_label)
        d.addWidget(self.output_text)
        d.addWidget(self.display_line)
        self.details.setVisible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        layout.addLayout(header)
        layout.addWidget(self.summary)
        layout.addWidget(self.details)
        self.retranslate()

    @property
    def expanded(self) -> bool:
        return self.toggle.isChecked()

    def set_expanded(self, on: bool) -> None:
        if self.toggle.isChecked() != on:
            self.toggle.setChecked(on)
            return
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.details.setVisible(on)

    def finish(self, event: ToolFinished) -> None:
        self.finished = event
        self.output_text.setPlainText(clip(event.body))
        self.display_line.setText(event.display_line)
        self.display_line.setVisible(bool(event.display_line))
        self.summary.setText(event.display_line)
        self.summary.setVisible(bool(event.display_line))
        self.duration.setText(f"{event.ms} ms")
        self.retranslate()

    def status_text(self) -> str:
        if self.finished is None:
            return self.tr("running…")
        return self.tr("ok") if self.finished.ok else self.tr("error")

    def retranslate(self) -> None:
        self.input_label.setText(self.tr("Input"))
        self.output_label.setText(self.tr("Output"))
        self.status.setText(self.status_text())
        state = "running" if self.finished is None else ("ok" if self.finished.ok else "error")
        self.status.setProperty("state", state)
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)
        self.toggle.setToolTip(self.tr("Show or hide the exact input and output"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class ToolPanel(QScrollArea):
    """All tool calls of one agent, newest at the bottom."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("toolPanel")
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.inner = QWidget()
        self.inner.setObjectName("toolPanelInner")
        self.rows_layout = QVBoxLayout(self.inner)
        self.rows_layout.setContentsMargins(4, 4, 4, 4)
        self.rows_layout.setSpacing(4)
        self.rows_layout.addStretch(1)
        self.setWidget(self.inner)
        self.rows: dict[str, ToolRow] = {}

    def add_started(self, event: ToolStarted) -> ToolRow:
        row = ToolRow(event)
        self.rows[event.call_id] = row
        self.rows_layout.insertWidget(self.rows_layout.count() - 1, row)
        self.verticalScrollBar().setValue(self.verticalScrollBar().maximum())
        return row

    def add_finished(self, event: ToolFinished) -> ToolRow:
        row = self.rows.get(event.call_id)
        if row is None:  # a finished event without its start (history, or a missed event)
            row = self.add_started(
                ToolStarted(event.agent_id, event.turn_id, event.call_id, event.round, event.name, {})
            )
        row.finish(event)
        return row
