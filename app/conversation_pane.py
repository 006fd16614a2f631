"""The window's conversations (issue 13): the list of the selected agent's conversations
(``app.widgets.conversations.ConversationList``) driven over ``core.conversations.Conversations``.

New conversation (Ctrl+N, File menu), switch by click, rename in place, delete after a
confirmation, search over titles and message text. A switch makes the conversation the agent's
current one (the village's model history is re-seeded from the store) and gives the agent a fresh
chat view and tool panel showing that conversation's history: the stored messages are read, and
their pictures loaded, in a worker thread; only the events are replayed on the GUI thread, and
only the newest page of turns (``PAGE_TURNS``; "Show earlier turns" adds a page at a time), one
event per loop iteration: a replay of 100 camera turns in one go held the loop for seconds
(tests/bench/conversation_switch.py). While a page is replayed the chat and the tool panel only
keep the data (``hold``); at its end they build the rows they show, never one to drop at once. The agents list is refreshed once per replay, not once per
replayed event.

A turn running when the person switches keeps going in its own conversation: its live events
(known by the conversation its ``TurnStarted`` names) are not drawn into the conversation shown
(``hides``, the bridge's filter); they are stored, and shown when the person opens it again.
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox, QSplitter

from core.conversations import Conversations, HistoryHost
from core.events import Event, StoredCallState, TurnFailed, TurnFinished, TurnStarted
from core.history import StoreHistory
from core.log import event as log_event

from .background import Background
from .left_pane import add_conversations
from .widgets.conversations import ConversationList
from .widgets.viewer import PictureViewer

if TYPE_CHECKING:
    from .main_window import MainWindow

PAGE_TURNS = 8  # turns a chat shows on opening (about its live rows: app/widgets/rows.py LIVE_ROWS)


class ConversationPane(QObject):
    def __init__(self, window: MainWindow, conversations: Conversations | None, pane: QSplitter) -> None:
        super().__init__(window)
        self.window = window
        self.conversations = conversations
        self.list = ConversationList()
        self.list.setVisible(conversations is not None)  # no store: no conversations to list
        add_conversations(pane, self.list)  # between the agents and the servers
        self.background = Background(self)
        self.shown: dict[str, str] = {}  # agent id -> the conversation its chat view shows
        self.turns: dict[str, str] = {}  # turn id -> its conversation (from TurnStarted)
        self._reads: dict[str, int] = {}  # agent id -> the newest history read asked for
        self.pages: dict[str, int] = {}  # agent id -> how many turns its chat replayed
        self._replaying = False
        self.confirm: QMessageBox | None = None  # the open delete confirmation
        self.new_action = QAction(window)
        self.new_action.setShortcut(QKeySequence.StandardKey.New)
        self.new_action.triggered.connect(self.new_conversation)
        window.file_menu.insertAction(window.settings_action, self.new_action)
        self.list.newRequested.connect(self.new_conversation)
        self.list.chosen.connect(self.open)
        self.list.renamed.connect(self.rename)
        self.list.deleteRequested.connect(self.ask_delete)
        self.list.searchChanged.connect(lambda _text: self.refresh())
        self.list.earlierTurnsRequested.connect(self.show_earlier_turns)
        window.agent_list.currentItemChanged.connect(lambda *_: self.refresh())
        window.bridge.turnFinished.connect(lambda _e: None if self._replaying else self.refresh())
        window.bridge.turnFailed.connect(lambda _e: None if self._replaying else self.refresh())
        window.bridge.hide = self.hides
        if conversations is not None:
            for status in window.village.statuses():
                self.shown[status.agent_id] = conversations.current(status.agent_id)
        self.list.installEventFilter(self)  # the menu entry follows a language switch with the list
        self.retranslate()
        self.refresh()

    def retranslate(self) -> None:
        self.new_action.setText(self.tr("&New conversation"))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return False

    # ------------------------------------------------------------------ live events
    def hides(self, e: Event) -> bool:
        """True for a live event of a turn whose conversation is not the one shown for its agent."""
        if isinstance(e, TurnStarted) and e.conversation_id:
            self.turns[e.turn_id] = e.conversation_id
        turn_id = getattr(e, "turn_id", None)
        agent_id = getattr(e, "agent_id", None)
        if not isinstance(turn_id, str) or not isinstance(agent_id, str):
            return False
        conversation = self.turns.get(turn_id)
        shown = self.shown.get(agent_id)
        return conversation is not None and shown is not None and conversation != shown

    # ------------------------------------------------------------------ the list
    def refresh(self) -> None:
        agent_id = self.window.current_agent()
        conv = self.conversations
        if conv is None or agent_id is None:
            return
        shown = self.shown.setdefault(agent_id, conv.current(agent_id))
        text = self.list.search.text().strip()
        if text:
            found = conv.search(agent_id, text)
            mine = [c for c in found if c.village_id == conv.village_id]
            earlier = [c for c in found if c.village_id is None]
        else:
            mine, earlier = conv.of(agent_id), conv.earlier(agent_id)
        self.list.show_conversations(mine, earlier, shown)
        info = conv.store.conversation(shown)
        self.list.earlier_turns_button.setVisible(
            info is not None and info.turns > self.pages.get(agent_id, PAGE_TURNS)
        )

    def new_conversation(self) -> None:
        agent_id = self.window.current_agent()
        if self.conversations is None or agent_id is None:
            return
        self.list.search.clear()
        running = agent_id in self.window.handles  # its request may not be stored yet
        cid = self.conversations.new(agent_id, self._host(), reuse_empty=not running)
        self.show(agent_id, cid)
        self.window.input.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def open(self, conversation_id: str) -> None:
        agent_id = self.window.current_agent()
        if self.conversations is None or agent_id is None or self.shown.get(agent_id) == conversation_id:
            return
        self.conversations.switch(
            agent_id, conversation_id, self._host(), lazy=True
        )  # read off the GUI thread
        self.show(agent_id, conversation_id)

    def rename(self, conversation_id: str, title: str) -> None:
        if self.conversations is not None:
            self.conversations.rename(conversation_id, title)
            self.refresh()

    def ask_delete(self, conversation_id: str) -> None:
        """A confirmation (window-modal, never a nested loop); Delete deletes."""
        if self.conversations is None:
            return
        info = self.conversations.store.conversation(conversation_id)
        title = (info.title if info is not None else "") or self.tr("New conversation")
        box = QMessageBox(self.window)
        box.setObjectName("deleteConversationBox")
        box.setWindowTitle(self.tr("Delete conversation"))
        box.setWindowModality(Qt.WindowModality.WindowModal)
        self.confirm = box
        if self.running_in(conversation_id):  # deleting it would lose the turn's answer unseen
            box.setIcon(QMessageBox.Icon.Information)
            box.setText(
                self.tr("“{title}” has a turn running. Stop it first, then delete the conversation.").format(
                    title=title
                )
            )
            box.addButton(QMessageBox.StandardButton.Ok)
            box.finished.connect(lambda _result: self._answered(box))
            box.open()
            return
        box.setIcon(QMessageBox.Icon.Warning)
        box.setText(self.tr("Delete “{title}”?").format(title=title))
        box.setInformativeText(
            self.tr("Its messages and the pictures only it uses are removed from this computer.")
        )
        delete = box.addButton(self.tr("Delete"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.finished.connect(partial(self._delete_answered, box, delete, conversation_id))
        box.open()

    def running_in(self, conversation_id: str) -> bool:
        """Whether a turn of ``conversation_id`` is running now."""
        return any(self.turns.get(h.turn_id) == conversation_id for h in self.window.handles.values())

    def _answered(self, box: QMessageBox) -> None:
        self.confirm = None
        box.deleteLater()

    def _delete_answered(self, box: QMessageBox, delete: object, conversation_id: str, _result: int) -> None:
        self._answered(box)
        agent_id = self.window.current_agent()
        if box.clickedButton() is not delete or self.conversations is None or agent_id is None:
            return
        current = self.conversations.delete(agent_id, conversation_id, self._host())
        if self.shown.get(agent_id) == conversation_id:
            self.show(agent_id, current)
        else:
            self.refresh()

    def _host(self) -> HistoryHost | None:
        village = self.window.village
        return village if isinstance(village, HistoryHost) else None

    # ------------------------------------------------------------------ the chat
    def load_history(self) -> None:
        """At start-up: each agent's current conversation, its newest page (read here: the
        window is being built)."""
        history = self.window.history
        if history is None:
            return
        for status in self.window.village.statuses():
            agent_id = status.agent_id
            self.pages[agent_id] = PAGE_TURNS
            cid = self.shown.get(agent_id)
            if isinstance(history, StoreHistory):
                events = list(history.history(agent_id, cid, PAGE_TURNS))
            else:
                events = list(history.history(agent_id))
            self._fill(agent_id, events, refresh=False)
        self.window.refresh_agents()  # once for every agent filled
        self.refresh()

    def _fill(self, agent_id: str, events: list[Event], *, refresh: bool = True) -> None:
        """Replay ``events`` into the agent's chat at once, building only the rows it keeps."""
        self._hold(agent_id)
        try:
            self._dispatch(events, refresh=refresh)
        finally:
            self._build_held(agent_id)

    def show_earlier_turns(self) -> None:
        agent_id = self.window.current_agent()
        if agent_id is not None and agent_id in self.shown:
            self.show(agent_id, self.shown[agent_id], self.pages.get(agent_id, PAGE_TURNS) + PAGE_TURNS)

    def show(self, agent_id: str, conversation_id: str, turns: int = PAGE_TURNS) -> None:
        """Give the agent a fresh chat and tool panel with ``conversation_id``'s newest ``turns``."""
        self.shown[agent_id] = conversation_id
        self.pages[agent_id] = turns
        win = self.window
        chat = win.chats.get(agent_id)
        for viewer in win.findChildren(PictureViewer, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if chat is not None and viewer.gallery == chat.pictures:
                viewer.close()  # it steps through the chat that goes now
        for views, stack in ((win.chats, win.chat_stack), (win.panels, win.panel_stack)):
            old = views.pop(agent_id, None)
            if old is not None:
                stack.removeWidget(old)
                old.deleteLater()
        win.chat_for(agent_id)
        # shown at once and filled an event at a time (filled hidden, it would lay out all at once)
        win.show_agent(win.current_agent())
        self.refresh()
        history = win.history
        if not isinstance(history, StoreHistory):
            return
        seq = self._reads[agent_id] = self._reads.get(agent_id, 0) + 1
        reading = self.background.in_thread(
            lambda: list(history.history(agent_id, conversation_id, turns)),
            success=partial(self._read, agent_id, conversation_id, seq),
            failure=self._read_failed,
        )
        if reading is None:  # no event loop (a test building the window): read and fill here
            self._fill(agent_id, list(history.history(agent_id, conversation_id, turns)))

    def _read_failed(self, exc: BaseException) -> None:
        log_event("gui task failed", error=type(exc).__name__)

    def _stale(self, agent_id: str, conversation_id: str, seq: int) -> bool:
        return self._reads.get(agent_id) != seq or self.shown.get(agent_id) != conversation_id

    def _read(self, agent_id: str, conversation_id: str, seq: int, events: list[Event]) -> None:
        if not self._stale(agent_id, conversation_id, seq):
            self.background.run(self._replay(agent_id, conversation_id, seq, events))

    async def _replay(self, agent_id: str, conversation_id: str, seq: int, events: list[Event]) -> None:
        """One event at a time, the loop running between them; the rows the chat and the tool
        panel keep are built at the end (none built to be dropped at once)."""
        self._hold(agent_id)
        for past in events:
            if self._stale(agent_id, conversation_id, seq):
                return  # the person moved on: the newest read fills and shows its own chat
            self._dispatch([past], refresh=False)
            await asyncio.sleep(0)
        self._build_held(agent_id)
        self.window.refresh_agents()
        self.refresh()

    def _hold(self, agent_id: str) -> None:
        self.window.chat_for(agent_id).hold()
        self.window.panel_for(agent_id).hold()

    def _build_held(self, agent_id: str) -> None:
        self.window.chat_for(agent_id).build_held()
        self.window.panel_for(agent_id).build_held()

    def _still_running(self, past: Event) -> bool:
        """An end of a turn that is still running (stored so far, replayed before its live events):
        its end and its calls' stored states come live, so the chat keeps it running."""
        running = {h.turn_id for h in self.window.handles.values()}
        return isinstance(past, TurnFinished | TurnFailed | StoredCallState) and past.turn_id in running

    def _dispatch(self, events: list[Event], *, refresh: bool = True) -> None:
        self._replaying = True
        try:
            for past in events:
                if not self._still_running(past):
                    self.window.bridge.dispatch(past, quiet=True)
        finally:
            self._replaying = False
        if refresh:
            self.window.refresh_agents()
            self.refresh()
