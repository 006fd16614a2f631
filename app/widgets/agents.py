"""The agent list: name, template, state, tokens used this session, how full its context is.

The name column takes the room left; the others are as wide as their widest text (header
included) plus padding. An agent on the offline demo template shows "—" for tokens: the demo
script talks to no model, so it uses none (a 0 would read as "nothing used yet").

The context column (issue 14) shows the last request's estimated tokens as a share of the
template's context budget (``ContextMeasured``, "41 %"; hidden until a first request was measured,
empty for an agent not measured yet); its
tooltip says the tokens of the budget, the earlier turns left out, and the share of the last
turn's input the provider read from its cache (``TurnFinished.usage``:
cache_read / (input + cache_read + cache_write)).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from core.canonical import Usage
from core.config import OFFLINE_DEMO
from core.events import ContextMeasured, TurnFinished
from core.village import AgentState, AgentStatus

COLUMN_PADDING = 8  # pixels each side of the text in the sized-to-contents columns
NO_TOKENS = "—"  # the offline demo uses no model, hence no tokens
SIZED = (1, 2, 3, 4)  # the columns as wide as their text
MIN_TEMPLATE_WIDTH = 48  # the template column gives way to the name down to this, then folds


def put(item: QTreeWidgetItem, column: int, text: str, tip: str | None = None) -> bool:
    """A cell's text (and tooltip), written only when it changes: every write tells the view,
    which schedules a relayout and a repaint of the list (ten a live-view turn, issue 14).
    True when the text changed (the columns are then fitted again)."""
    changed = item.text(column) != text
    if changed:
        item.setText(column, text)
    if tip is not None and item.toolTip(column) != tip:
        item.setToolTip(column, tip)
    return changed


def cached_share(usage: Usage) -> float | None:
    """The share of a turn's input read from the provider's cache; None when it had no input."""
    whole = usage.input + usage.cache_read + usage.cache_write
    return usage.cache_read / whole if whole else None


class AgentList(QTreeWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("agentList")
        self.setColumnCount(5)
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.header().setStretchLastSection(False)
        self.header().setMinimumSectionSize(0)  # a folded template column is 0 wide (fit_columns)
        self.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in SIZED:
            self.header().setSectionResizeMode(col, QHeaderView.ResizeMode.Fixed)
        self._items: dict[str, QTreeWidgetItem] = {}
        self._statuses: dict[str, AgentStatus] = {}
        self._context: dict[str, ContextMeasured] = {}
        self._cached: dict[str, float | None] = {}
        self.setColumnHidden(4, True)  # shown once a request was measured (the demo never is)
        self.retranslate()

    def retranslate(self) -> None:
        labels = [
            self.tr("Agent"),
            self.tr("Template"),
            self.tr("State"),
            self.tr("Tokens"),
            self.tr("Context"),
        ]
        self.setHeaderLabels(labels)
        for status in self._statuses.values():
            self._fill(self._items[status.agent_id], status)
        self.fit_columns()

    def fit_columns(self) -> None:
        """Columns 1-4 as wide as their widest text (header or rows) plus padding."""
        header = self.header()
        header_metrics = header.fontMetrics()
        metrics = self.fontMetrics()
        labels = self.headerItem()
        items = [self.topLevelItem(i) for i in range(self.topLevelItemCount())]
        for col in SIZED:
            widths = [header_metrics.horizontalAdvance(labels.text(col))]
            widths += [metrics.horizontalAdvance(item.text(col)) for item in items if item is not None]
            width = max(widths) + 2 * COLUMN_PADDING
            if header.sectionSize(col) != width:
                header.resizeSection(col, width)
        # the name comes first: when the sized columns leave it too little room, the template
        # column gives way (its text elides, or, below MIN_TEMPLATE_WIDTH, it folds away; the
        # template is in the row's tooltip)
        names = [metrics.horizontalAdvance(item.text(0)) for item in items if item is not None]
        want = max([header_metrics.horizontalAdvance(labels.text(0)), *names]) + 2 * COLUMN_PADDING
        sized = sum(header.sectionSize(c) for c in SIZED if not self.isColumnHidden(c))
        short = want - (self.viewport().width() - sized)
        if short > 0:
            left = header.sectionSize(1) - short
            header.resizeSection(1, left if left >= MIN_TEMPLATE_WIDTH else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fit_columns()  # the same texts, other widths
        super().changeEvent(event)

    def state_text(self, state: str) -> str:
        if state == AgentState.RUNNING:
            return self.tr("running")
        if state == AgentState.ERROR:
            return self.tr("error")
        return self.tr("idle")

    def _fill(self, item: QTreeWidgetItem, status: AgentStatus) -> bool:
        """True when a text changed (a tooltip alone changes no column's width)."""
        tokens = status.usage.input + status.usage.output
        changed = [
            put(item, 0, status.name, f"{status.name} — {status.template}"),
            put(item, 1, status.template, status.template),
            put(item, 2, self.state_text(str(status.state)), status.error or ""),
            put(item, 3, NO_TOKENS if status.backend == OFFLINE_DEMO else f"{tokens:,}"),
            self._fill_context(item, status.agent_id),
        ]
        return any(changed)

    def _fill_context(self, item: QTreeWidgetItem, agent_id: str) -> bool:
        measured = self._context.get(agent_id)
        if measured is None or measured.budget_tokens <= 0:
            return put(item, 4, "", "")
        share = round(100 * measured.used_tokens / measured.budget_tokens)
        lines = [
            self.tr("{used} of {budget} tokens of the context budget").format(
                used=f"{measured.used_tokens:,}", budget=f"{measured.budget_tokens:,}"
            ),
            self.tr("earlier turns left out: {count}").format(count=measured.omitted_turns)
            if measured.omitted_turns
            else self.tr("no earlier turn left out"),
        ]
        cached = self._cached.get(agent_id)
        if cached is not None:
            lines.append(
                self.tr("last turn: {percent} % of its input read from the cache").format(
                    percent=round(100 * cached)
                )
            )
        return put(item, 4, self.tr("{percent} %").format(percent=share), "\n".join(lines))

    def on_context(self, event: ContextMeasured) -> None:
        """The agent's last request was fitted into its context budget (the offline demo's script
        has no model, hence no context: its requests are not shown)."""
        status = self._statuses.get(event.agent_id)
        if status is not None and status.backend == OFFLINE_DEMO:
            return
        self._context[event.agent_id] = event
        shown = self.isColumnHidden(4)
        if shown:
            self.setColumnHidden(4, False)
        self._refill(event.agent_id, fit=shown)

    def on_turn_finished(self, event: TurnFinished) -> None:
        """The cached share of the turn's input, for the context tooltip."""
        self._cached[event.agent_id] = cached_share(event.usage)
        self._refill(event.agent_id)

    def _refill(self, agent_id: str, fit: bool = False) -> None:
        """The context cell again; the columns fitted when its text changed (or ``fit``)."""
        item = self._items.get(agent_id)
        if item is not None and (self._fill_context(item, agent_id) or fit):
            self.fit_columns()

    def context_cell(self, agent_id: str) -> tuple[str, str]:
        """The context column's text and tooltip."""
        item = self._items[agent_id]
        return item.text(4), item.toolTip(4)

    def set_statuses(self, statuses: Sequence[AgentStatus]) -> None:
        """The rows of ``statuses``; the columns fitted again only when a text changed (a
        refresh a few times a turn, most of them changing nothing, issue 14)."""
        seen = set()
        changed = False
        for status in statuses:
            seen.add(status.agent_id)
            item = self._items.get(status.agent_id)
            if item is None:
                changed = True
                item = self._items[status.agent_id] = QTreeWidgetItem(self)
                item.setData(0, Qt.ItemDataRole.UserRole, status.agent_id)
                for column in (3, 4):
                    item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self._statuses[status.agent_id] = status
            changed = self._fill(item, status) or changed
        for agent_id in list(self._items):
            if agent_id not in seen:
                changed = True
                item = self._items.pop(agent_id)
                self._statuses.pop(agent_id, None)
                self.takeTopLevelItem(self.indexOfTopLevelItem(item))
        if changed:
            self.fit_columns()
        first = self.topLevelItem(0)
        if self.currentItem() is None and first is not None:
            self.setCurrentItem(first)

    def current_agent(self) -> str | None:
        item = self.currentItem()
        return None if item is None else str(item.data(0, Qt.ItemDataRole.UserRole))

    def row_texts(self, agent_id: str) -> list[str]:
        """The name, template, state and tokens texts (the context column: ``context_cell``)."""
        item = self._items[agent_id]
        return [item.text(c) for c in range(4)]
