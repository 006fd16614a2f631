"""The agent list: name, template, state, tokens used this session.

The name column takes the room left; the others are as wide as their widest text (header
included) plus padding. An agent on the offline demo template shows "—" for tokens: the demo
script talks to no model, so it uses none (a 0 would read as "nothing used yet").
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from core.config import OFFLINE_DEMO
from core.village import AgentState, AgentStatus

COLUMN_PADDING = 8  # pixels each side of the text in the sized-to-contents columns
NO_TOKENS = "—"  # the offline demo uses no model, hence no tokens


class AgentList(QTreeWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("agentList")
        self.setColumnCount(4)
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.header().setStretchLastSection(False)
        self.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2, 3):
            self.header().setSectionResizeMode(col, QHeaderView.ResizeMode.Fixed)
        self._items: dict[str, QTreeWidgetItem] = {}
        self._statuses: dict[str, AgentStatus] = {}
        self.retranslate()

    def retranslate(self) -> None:
        self.setHeaderLabels([self.tr("Agent"), self.tr("Template"), self.tr("State"), self.tr("Tokens")])
        for status in self._statuses.values():
            self._fill(self._items[status.agent_id], status)
        self.fit_columns()

    def fit_columns(self) -> None:
        """Columns 1-3 as wide as their widest text (header or rows) plus padding."""
        header = self.header()
        header_metrics = header.fontMetrics()
        metrics = self.fontMetrics()
        labels = self.headerItem()
        items = [self.topLevelItem(i) for i in range(self.topLevelItemCount())]
        for col in (1, 2, 3):
            widths = [header_metrics.horizontalAdvance(labels.text(col))]
            widths += [metrics.horizontalAdvance(item.text(col)) for item in items if item is not None]
            header.resizeSection(col, max(widths) + 2 * COLUMN_PADDING)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def state_text(self, state: str) -> str:
        if state == AgentState.RUNNING:
            return self.tr("running")
        if state == AgentState.ERROR:
            return self.tr("error")
        return self.tr("idle")

    def _fill(self, item: QTreeWidgetItem, status: AgentStatus) -> None:
        tokens = status.usage.input + status.usage.output
        item.setText(0, status.name)
        item.setText(1, status.template)
        item.setText(2, self.state_text(str(status.state)))
        item.setText(3, NO_TOKENS if status.backend == OFFLINE_DEMO else f"{tokens:,}")
        item.setTextAlignment(3, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        item.setToolTip(2, status.error or "")
        item.setData(0, Qt.ItemDataRole.UserRole, status.agent_id)

    def set_statuses(self, statuses: Sequence[AgentStatus]) -> None:
        seen = set()
        for status in statuses:
            seen.add(status.agent_id)
            item = self._items.get(status.agent_id)
            if item is None:
                item = self._items[status.agent_id] = QTreeWidgetItem(self)
            self._statuses[status.agent_id] = status
            self._fill(item, status)
        for agent_id in list(self._items):
            if agent_id not in seen:
                item = self._items.pop(agent_id)
                self._statuses.pop(agent_id, None)
                self.takeTopLevelItem(self.indexOfTopLevelItem(item))
        self.fit_columns()
        first = self.topLevelItem(0)
        if self.currentItem() is None and first is not None:
            self.setCurrentItem(first)

    def current_agent(self) -> str | None:
        item = self.currentItem()
        return None if item is None else str(item.data(0, Qt.ItemDataRole.UserRole))

    def row_texts(self, agent_id: str) -> list[str]:
        item = self._items[agent_id]
        return [item.text(c) for c in range(4)]
