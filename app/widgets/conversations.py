"""The conversation list of the selected agent: New conversation, a search box, this village's
conversations newest first (the current one bold), then "Earlier conversations" (a store's from
before conversations belonged to a village: opened only when the person picks one), and Rename /
Delete for the selected row.

A row shows the title (the first request, or "New conversation" while empty) and, in a second
column, when it was last used. Renaming edits the title in place (F2 or Rename); the widget only
says what the person asked for (signals): ``app.conversation_pane`` does it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.store import ConversationInfo

from .agents import put

ID_ROLE = Qt.ItemDataRole.UserRole
EARLIER = "earlier"  # the group row's id


def when(stamp: float, now: float | None = None) -> str:
    """A short date: the time today, else the day."""
    now = time.time() if now is None else now
    local = time.localtime(stamp)
    if time.localtime(now)[:3] == local[:3]:
        return time.strftime("%H:%M", local)
    return time.strftime("%Y-%m-%d", local)


class ConversationList(QWidget):
    chosen = Signal(str)  # a conversation id the person clicked
    newRequested = Signal()
    renamed = Signal(str, str)  # id, the new title
    deleteRequested = Signal(str)  # id (the pane asks for confirmation)
    searchChanged = Signal(str)
    earlierTurnsRequested = Signal()  # the shown conversation's chat: one page of older turns more

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("conversationList")
        self.title = QLabel()
        self.title.setObjectName("paneTitle")
        self.new_button = QPushButton()
        self.new_button.setObjectName("newConversation")
        self.new_button.clicked.connect(self.newRequested.emit)
        self.search = QLineEdit()
        self.search.setObjectName("conversationSearch")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.searchChanged.emit)
        self.tree = QTreeWidget()
        self.tree.setObjectName("conversations")
        self.tree.setColumnCount(2)
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(False)  # rows start at the edge; the earlier ones indent
        self.tree.setIndentation(14)
        self.tree.setUniformRowHeights(True)
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        self.tree.itemChanged.connect(self._changed)
        self.tree.currentItemChanged.connect(lambda *_: self._enable())
        self.rename_button = QPushButton()
        self.rename_button.setObjectName("renameConversation")
        self.rename_button.clicked.connect(self.start_rename)
        self.delete_button = QPushButton()
        self.delete_button.setObjectName("deleteConversation")
        self.delete_button.clicked.connect(self._delete)
        QShortcut(QKeySequence(Qt.Key.Key_F2), self.tree, self.start_rename)
        QShortcut(QKeySequence.StandardKey.Delete, self.tree, self._delete)
        self.earlier_turns_button = QPushButton()
        self.earlier_turns_button.setObjectName("earlierTurns")
        self.earlier_turns_button.clicked.connect(self.earlierTurnsRequested.emit)
        self.earlier_turns_button.setVisible(False)
        self.empty = QLabel()
        self.empty.setObjectName("conversationsEmpty")
        self.empty.setWordWrap(True)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title, 1)
        top.addWidget(self.new_button)
        actions = QHBoxLayout()
        actions.setContentsMargins(0, 0, 0, 0)
        actions.addWidget(self.earlier_turns_button)
        actions.addStretch(1)
        actions.addWidget(self.rename_button)
        actions.addWidget(self.delete_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.search)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.empty)
        layout.addLayout(actions)
        self._mine: list[ConversationInfo] = []
        self._earlier: list[ConversationInfo] = []
        self.current = ""
        self._filling = False
        self.retranslate()

    # ------------------------------------------------------------------ contents
    def show_conversations(
        self, mine: Sequence[ConversationInfo], earlier: Sequence[ConversationInfo], current: str
    ) -> None:
        """This village's conversations (newest first) and the earlier ones; ``current`` bold.
        The same conversations as shown (a turn ended: its time and count changed) update their
        rows in place; the list is built again only when the conversations or the current one
        change (issue 14: it was built again after every turn)."""
        ids = ([c.id for c in mine], [c.id for c in earlier], current)
        same = ids == ([c.id for c in self._mine], [c.id for c in self._earlier], self.current)
        self._mine, self._earlier, self.current = list(mine), list(earlier), current
        if same and len(self.items()) == len(self._mine) + len(self._earlier):
            self._update()
        else:
            self._fill()

    def _update(self) -> None:
        self._filling = True
        try:
            for item, info in zip(self.items(), [*self._mine, *self._earlier], strict=True):
                put(item, 0, info.title or self.tr("New conversation"), self.turns_text(info))
                put(item, 1, when(info.updated))
        finally:
            self._filling = False

    def turns_text(self, info: ConversationInfo) -> str:
        return self.tr("{turns} requests").format(turns=info.turns)

    def _row(self, info: ConversationInfo) -> QTreeWidgetItem:
        item = QTreeWidgetItem([info.title or self.tr("New conversation"), when(info.updated)])
        item.setData(0, ID_ROLE, info.id)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        item.setToolTip(0, self.turns_text(info))
        if info.id == self.current:
            font = QFont(item.font(0))
            font.setBold(True)
            item.setFont(0, font)
        return item

    def _fill(self) -> None:
        self._filling = True
        try:
            self.tree.clear()
            for info in self._mine:
                item = self._row(info)
                self.tree.addTopLevelItem(item)
                if info.id == self.current:
                    self.tree.setCurrentItem(item)
            if self._earlier:
                group = QTreeWidgetItem([self.tr("Earlier conversations"), ""])
                group.setData(0, ID_ROLE, EARLIER)
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                font = QFont(group.font(0))
                font.setItalic(True)
                group.setFont(0, font)
                group.setForeground(0, self.palette().placeholderText())
                group.setToolTip(
                    0,
                    self.tr(
                        "Kept from before conversations belonged to a configuration: open one to use it here."
                    ),
                )
                self.tree.addTopLevelItem(group)
                for info in self._earlier:
                    group.addChild(self._row(info))
                group.setExpanded(True)
        finally:
            self._filling = False
        searching = bool(self.search.text().strip())
        self.empty.setVisible(searching and not self._mine and not self._earlier)
        self._enable()

    def items(self) -> list[QTreeWidgetItem]:
        """Every conversation row, in order (the earlier ones last)."""
        out: list[QTreeWidgetItem] = []
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            if top is None:
                continue
            if top.data(0, ID_ROLE) == EARLIER:
                out += [c for j in range(top.childCount()) if (c := top.child(j)) is not None]
            else:
                out.append(top)
        return out

    def item_of(self, conversation_id: str) -> QTreeWidgetItem | None:
        return next((i for i in self.items() if i.data(0, ID_ROLE) == conversation_id), None)

    def selected_id(self) -> str | None:
        item = self.tree.currentItem()
        cid = item.data(0, ID_ROLE) if item is not None else None
        return None if cid in (None, EARLIER) else str(cid)

    # ------------------------------------------------------------------ the person's actions
    def _clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        cid = item.data(0, ID_ROLE)
        if cid not in (None, EARLIER):
            self.chosen.emit(str(cid))

    def start_rename(self) -> None:
        item = self.tree.currentItem()
        if item is not None and self.selected_id() is not None:
            self.tree.editItem(item, 0)

    def _changed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._filling or column != 0:
            return
        cid = item.data(0, ID_ROLE)
        title = " ".join(item.text(0).split())
        if cid not in (None, EARLIER) and title:
            self.renamed.emit(str(cid), title)

    def _delete(self) -> None:
        cid = self.selected_id()
        if cid is not None:
            self.deleteRequested.emit(cid)

    def _enable(self) -> None:
        chosen = self.selected_id() is not None
        self.rename_button.setEnabled(chosen)
        self.delete_button.setEnabled(chosen)

    # ------------------------------------------------------------------ text
    def retranslate(self) -> None:
        self.title.setText(self.tr("Conversations"))
        self.new_button.setText(self.tr("New"))
        self.new_button.setToolTip(self.tr("New conversation (Ctrl+N)"))
        self.new_button.setAccessibleName(self.tr("New conversation"))
        self.search.setPlaceholderText(self.tr("Search titles and messages"))
        self.search.setAccessibleName(self.tr("Search conversations"))
        for clear in self.search.findChildren(QToolButton):  # the line edit's own clear button
            clear.setAccessibleName(self.tr("Clear the search"))
        self.tree.setAccessibleName(self.tr("Conversations"))
        self.rename_button.setText(self.tr("Rename"))
        self.delete_button.setText(self.tr("Delete"))
        self.empty.setText(self.tr("No conversation matches."))
        self.earlier_turns_button.setText(self.tr("Show earlier turns"))
        self.earlier_turns_button.setToolTip(self.tr("Show older turns of this conversation in the chat"))
        self._fill()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
