"""The agent list: name, template, state, tokens used this session."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from app.contracts import ERROR, RUNNING, AgentStatusLike


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
            self.header().setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self._items: dict[str, QTreeWidgetItem] = {}
        self._statuses: dict[str, AgentStatusLike] = {}
        self.retranslate()

    def retranslate(self) -> None:
        self.setHeaderLabels([self.tr("Agent"), self.tr("Template"), self.tr("State"), self.tr("Tokens")])
        for status in self._statuses.values():
            self._fill(self._items[status.agent_id], status)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def state_text(self, state: str) -> str:
        if state == RUNNING:
            return self.tr("running")
        if state == ERROR:
            return self.tr("error")
        return self.tr("idle")

    def _fill(self, item: QTreeWidgetItem, status: AgentStatusLike) -> None:
        tokens = status.usage.input + status.usage.output
        item.setText(0, status.name)
        item.setText(1, status.template)
        item.setText(2, self.state_text(str(status.state)))
        item.setText(3, f"{tokens:,}")
        item.setTextAlignment(3, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        item.setToolTip(2, status.error or "")
        item.setData(0, Qt.ItemDataRole.UserRole, status.agent_id)

    def set_statuses(self, statuses: Sequence[AgentStatusLike]) -> None:
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
        first = self.topLevelItem(0)
        if self.currentItem() is None and first is not None:
            self.setCurrentItem(first)

    def current_agent(self) -> str | None:
        item = self.currentItem()
        return None if item is None else str(item.data(0, Qt.ItemDataRole.UserRole))

    def row_texts(self, agent_id: str) -> list[str]:
        item = self._items[agent_id]
        return [item.text(c) for c in range(4)]
