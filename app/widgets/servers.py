"""The selected agent's MCP servers: each one's state, where it is, why it failed, its tools.

``ServerPanel`` sits under the agent list. One ``ServerRow`` per server shows its state (connected,
failed, reconnecting in N s, off), its URL or command line, the reason of a failure (with the last
lines its stderr wrote), a Reconnect button and, folded, its tools (name and description). The
panel reads ``ServerSource.status`` (the core's ``McpToolProvider``) when the agent changes and on
each ``ServerStatusChanged`` event; a one-second timer runs only while a countdown is shown.
"""

from __future__ import annotations

import html
import math
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core.events import ServerStatusChanged
from core.mcp.status import ServerStatus

TAIL_LINES = 3  # stderr lines shown under a failure's reason
Clock = Callable[[], float]


class ServerSource(Protocol):
    """What the panel reads and asks (``core.mcp.McpToolProvider``)."""

    def status(self, agent_id: str) -> Sequence[ServerStatus]: ...

    def reconnect(self, agent_id: str, server: str) -> None: ...


def repolish(widget: QWidget) -> None:
    widget.style().unpolish(widget)
    widget.style().polish(widget)


class ServerRow(QFrame):
    """One server of the agent."""

    def __init__(
        self, status: ServerStatus, parent: QWidget | None = None, now: Clock = time.monotonic
    ) -> None:
        """``now``: the countdown's clock."""
        super().__init__(parent)
        self.setObjectName("serverRow")
        self.now = now
        self.status = status
        self.retry_at: float | None = None  # ``now()`` of the next attempt
        self.name = QLabel(status.server)
        self.name.setObjectName("serverName")
        self.state = QLabel()
        self.state.setObjectName("serverState")
        self.state.setWordWrap(True)
        self.reconnect_button = QPushButton()
        self.reconnect_button.setObjectName("serverReconnect")
        self.where = QLabel()
        self.where.setObjectName("serverWhere")
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.where.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.reason = QLabel()
        self.reason.setObjectName("serverReason")
        self.reason.setWordWrap(True)
        self.reason.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tools_toggle = QToolButton()
        self.tools_toggle.setObjectName("serverToolsToggle")
        self.tools_toggle.setCheckable(True)
        self.tools_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.tools_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.tools_toggle.toggled.connect(self._toggled)
        self.tools = QLabel()
        self.tools.setObjectName("serverTools")
        self.tools.setWordWrap(True)
        self.tools.setTextFormat(Qt.TextFormat.RichText)
        self.tools.setVisible(False)
        for label in (self.state, self.reason, self.tools):  # they wrap to the pane's width
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.name, 1)
        top.addWidget(self.reconnect_button)
        box = QVBoxLayout(self)
        box.setContentsMargins(8, 6, 8, 6)
        box.setSpacing(2)
        box.addLayout(top)
        box.addWidget(self.state)
        box.addWidget(self.where)
        box.addWidget(self.reason)
        box.addWidget(self.tools_toggle, 0, Qt.AlignmentFlag.AlignLeft)
        box.addWidget(self.tools)
        self.set_status(status)

    def set_status(self, status: ServerStatus) -> None:
        self.status = status
        self.retry_at = None if status.retry_in_s is None else self.now() + status.retry_in_s
        self.where.setText(status.target)
        self.where.setToolTip(status.target)
        self.where.setVisible(bool(status.target))
        self.tools.setText(
            "<br>".join(
                f"<b>{html.escape(t.name)}</b> — {html.escape(t.description)}"
                if t.description
                else f"<b>{html.escape(t.name)}</b>"
                for t in status.tool_list
            )
        )
        self.tools_toggle.setVisible(bool(status.tool_list))
        if not status.tool_list:
            self.tools_toggle.setChecked(False)
        self.retranslate()

    def kind(self) -> str:
        """The row's look: connected, failed, retrying, connecting, off."""
        status = self.status
        if status.state == "connected":
            return "connected"
        if status.state == "disabled":
            return "off"
        if status.state == "connecting":
            return "connecting"
        return "retrying" if status.retry_in_s is not None else "failed"

    def state_text(self) -> str:
        kind = self.kind()
        if kind == "connected":
            return self.tr("connected")
        if kind == "off":
            return self.tr("off")
        if kind == "connecting":
            return self.tr("connecting…")
        if kind == "retrying":
            left = 0.0 if self.retry_at is None else self.retry_at - self.now()
            if left >= 0.5:
                return self.tr("failed · reconnecting in {seconds} s").format(seconds=math.ceil(left))
            return self.tr("failed · reconnecting…")
        return self.tr("failed")

    def retranslate(self) -> None:
        status = self.status
        self.state.setText(self.state_text())
        self.state.setProperty("state", self.kind())
        repolish(self.state)
        self.reconnect_button.setText(self.tr("Reconnect"))
        self.reconnect_button.setAccessibleName(self.tr("Reconnect {server}").format(server=status.server))
        self.reconnect_button.setVisible(status.state != "disabled")
        failed = status.state not in ("connected", "disabled", "connecting") and bool(status.error)
        tail = "\n".join(status.stderr_tail.splitlines()[-TAIL_LINES:])
        reason = self.tr("Reason: {error}").format(error=status.error)
        self.reason.setText(f"{reason}\n{tail}" if tail else reason)
        self.reason.setVisible(failed)
        self.tools_toggle.setText(self.tr("Tools ({count})").format(count=len(status.tool_list)))

    def tick(self) -> None:
        """The countdown moved on (the panel's timer)."""
        if self.retry_at is not None:
            self.state.setText(self.state_text())

    def _toggled(self, shown: bool) -> None:
        self.tools.setVisible(shown)
        self.tools_toggle.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class ServerPanel(QWidget):
    """The MCP servers of the agent shown in the window."""

    def __init__(
        self, source: ServerSource | None, parent: QWidget | None = None, now: Clock = time.monotonic
    ) -> None:
        """``now``: the rows' countdown clock."""
        super().__init__(parent)
        self.setObjectName("serverPanel")
        self.source = source
        self.now = now
        self.agent_id: str | None = None
        self.rows: dict[str, ServerRow] = {}
        self.title = QLabel()
        self.title.setObjectName("paneTitle")
        self.empty = QLabel()
        self.empty.setObjectName("serverEmpty")
        self.empty.setWordWrap(True)
        inner = QWidget()
        inner.setObjectName("serverPanelInner")
        self.rows_layout = QVBoxLayout(inner)
        self.rows_layout.setContentsMargins(0, 0, 0, 0)
        self.rows_layout.setSpacing(4)
        self.rows_layout.addWidget(self.empty)
        self.rows_layout.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("serverScroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setWidget(inner)
        self.scroll_area.setMinimumHeight(24)  # one line; the splitter gives it its rows' height
        self.inner = inner
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.title)
        box.addWidget(self.scroll_area, 1)
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self._tick)
        self.setVisible(source is not None)
        self.retranslate()

    def sizeHint(self) -> QSize:
        """As tall as its rows (the scroll area's own hint says nothing of them)."""
        layout = self.layout()
        spacing = max(0, layout.spacing()) if layout is not None else 0
        height = self.title.sizeHint().height() + spacing + self.inner.sizeHint().height() + 2
        return QSize(super().sizeHint().width(), height)

    def retranslate(self) -> None:
        self.title.setText(self.tr("MCP servers"))
        self.empty.setText(self.tr("This agent has no MCP servers."))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_agent(self, agent_id: str | None) -> None:
        if agent_id != self.agent_id:
            self.agent_id = agent_id
            self.refresh()

    def on_status(self, event: ServerStatusChanged) -> None:
        if event.agent_id == self.agent_id:
            self.refresh()

    def refresh(self) -> None:
        """Read the agent's servers again: rows kept by name (an open tool list stays open)."""
        statuses = list(self.source.status(self.agent_id)) if self.source and self.agent_id else []
        names = [s.server for s in statuses]
        for name in [n for n in self.rows if n not in names]:
            gone = self.rows.pop(name)
            self.rows_layout.removeWidget(gone)
            gone.deleteLater()
        for status in statuses:
            known = self.rows.get(status.server)
            if known is not None:
                known.set_status(status)
                continue
            row = self.rows[status.server] = ServerRow(status, now=self.now)
            row.reconnect_button.clicked.connect(lambda _=False, n=status.server: self.reconnect(n))
            self.rows_layout.insertWidget(self.rows_layout.count() - 2, row)  # above the note
        self.empty.setVisible(not statuses)
        counting = any(r.retry_at is not None for r in self.rows.values())
        if counting and not self.timer.isActive():
            self.timer.start()
        elif not counting:
            self.timer.stop()

    def reconnect(self, server: str) -> None:
        """The row's Reconnect: the core tries at once (a live connection is replaced)."""
        if self.source is not None and self.agent_id is not None:
            self.source.reconnect(self.agent_id, server)
            self.refresh()

    def _tick(self) -> None:
        for row in self.rows.values():
            row.tick()
