"""The village window: agent list, the selected agent's chat, the tool-output panel.

``MainWindow`` keeps the layout and the wiring: core events arrive through ``EventBridge`` and go
to the agent's ``ChatView`` and ``ToolPanel``; the turns it follows (send, stop, pause, resume, and
each outcome) live in ``app.turns.Turns``; coroutines it starts run through ``app.background``.

Over 400 lines (about 500) because what is left is the layout (one constructor that builds and connects every
pane) and one short handler per core event; the logic of each pane lives in its widget.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from core.config import OFFLINE_DEMO, Config
from core.conversations import Conversations
from core.events import (
    AssistantMessage,
    Handoff,
    Notice,
    ServerStatusChanged,
    TextDelta,
    ToolFinished,
    ToolStarted,
    TurnFailed,
    TurnFinished,
    TurnStarted,
)
from core.history import HistorySource
from core.journal import ResumePoint
from core.log import event

from .accessible import follow
from .background import Background, cancel_under
from .bridge import EventBridge
from .contracts import TurnHandleLike, VillageLike, WatchesLike
from .conversation_pane import ConversationPane
from .desktop import DesktopManners, window_title
from .frame_pacing import FramePacer
from .i18n import Translations
from .keys import KeyStore
from .left_pane import fit_servers, follow_person, left_splitter
from .live_text import notice_words, picture_caption
from .screen_fit import fitted
from .settings import SettingsDialog
from .settings.storage_page import store_care
from .settings.web_box import CompanionControl
from .timeline_pane import TimelinePane
from .turns import Turns
from .watch_pane import WatchPane
from .widgets.agents import AgentList
from .widgets.banner import DemoBanner
from .widgets.chat import ChatView, pictures_of
from .widgets.composer import Composer
from .widgets.elicitation import ElicitationArea
from .widgets.help_menu import HelpMenu
from .widgets.pager import PageSource, pages_of
from .widgets.question import QuestionArea
from .widgets.sampling_card import SamplingArea
from .widgets.servers import ServerPanel, ServerSource
from .widgets.store_notice import StoreNotice
from .widgets.toolpanel import ToolPanel
from .window_state import WindowState

AGENTS_REFRESH_MS = 100  # the agents list follows the events at most this often


class MainWindow(QMainWindow):
    closed = Signal()  # the window was closed (the launcher's run ends: not only when it was the last)

    def __init__(
        self,
        village: VillageLike,
        keys: KeyStore,
        *,
        translations: Translations | None = None,
        demo: bool = False,
        history: HistorySource | None = None,
        pages: PageSource | None = None,
        config_path: Path | None = None,
        after_apply: Callable[[Config], None] | None = None,
        conversations: Conversations | None = None,
        servers: ServerSource | None = None,
        watches: WatchesLike | None = None,
        web: CompanionControl | None = None,  # the web companion's switch (issue 16)
    ) -> None:
        super().__init__()
        self.village = village
        self.web = web
        self.keys = keys
        self.translations = translations
        self.demo = demo
        self.history = history
        self.pages = pages if pages is not None else pages_of(history)  # tool panel paging (D-6)
        self.config_path = config_path
        self.after_apply = after_apply
        self.background = Background(self, failure=self._task_failed)
        self.turns = Turns(village, failure=self._task_failed, parent=self)
        self.turns.ended.connect(self._turn_ended)
        self.chats: dict[str, ChatView] = {}
        self.panels: dict[str, ToolPanel] = {}
        self.settings_dialog: Any = None
        self.setObjectName("mainWindow")
        self.setGeometry(fitted(self.screen(), QSize(1280, 780)))
        self.pacer = FramePacer(self)  # one repaint a frame however many passes dirty it (issue 14)

        self.bridge = EventBridge(self)
        self.bridge.attach(village.bus)
        self.bridge.turnStarted.connect(self.on_turn_started)
        self.bridge.textDelta.connect(self.on_text_delta)
        self.bridge.assistantMessage.connect(self.on_assistant_message)
        self.bridge.toolStarted.connect(self.on_tool_started)
        self.bridge.toolProgress.connect(lambda e: self.panel_for(e.agent_id).add_progress(e))
        self.bridge.toolFinished.connect(self.on_tool_finished)
        self.bridge.storedCallState.connect(lambda e: self.panel_for(e.agent_id).add_stored(e))
        self.bridge.retryScheduled.connect(lambda e: self.chat_for(e.agent_id).retry_scheduled(e))
        self.bridge.handoff.connect(self.on_handoff)
        self.bridge.turnFinished.connect(self.on_turn_finished)
        self.bridge.turnFailed.connect(self.on_turn_failed)
        self.bridge.notice.connect(self.on_notice)
        # the agents list's next refresh (one timer, started again: PySide 6.11's
        # ``QTimer.singleShot(ms, receiver, callable)`` keeps ~110 bytes a call, a few a turn)
        self._agents_due = QTimer(self)
        self._agents_due.setSingleShot(True)
        self._agents_due.setInterval(AGENTS_REFRESH_MS)
        self._agents_due.timeout.connect(self.refresh_agents)
        self._agents_now = QTimer(self)  # the refresh of a turn's start or end: the next loop pass
        self._agents_now.setSingleShot(True)
        self._agents_now.setInterval(0)
        self._agents_now.timeout.connect(self.refresh_agents)
        self.bridge.anyEvent.connect(self._refresh_agents_soon)

        # guide banner (demo village)
        self.banner = DemoBanner()
        self.banner.button.clicked.connect(self.open_settings)
        self.banner.setVisible(demo)
        self.store_notice = StoreNotice()  # the store's problems: what they mean, what to do
        self.bridge.storeProblem.connect(self.store_notice.show_problem)

        # agents
        self.agent_list = AgentList()
        self.bridge.contextMeasured.connect(self.agent_list.on_context)  # issue 14: how full
        self.bridge.turnFinished.connect(self.agent_list.on_turn_finished)
        self.agent_list.currentItemChanged.connect(
            lambda *_: self.show_agent(self.agent_list.current_agent())
        )
        self.agents_title = QLabel()
        self.agents_title.setObjectName("paneTitle")
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        lv.addWidget(self.agents_title)
        lv.addWidget(self.agent_list)
        self.server_panel = ServerPanel(servers)  # the selected agent's MCP servers
        self.bridge.serverStatus.connect(self.server_panel.on_status)
        self.left_split = left_splitter(left, self.server_panel)  # app/left_pane.py

        # chat
        self.chat_stack = QStackedWidget()
        self.chat_title = QLabel()
        self.chat_title.setObjectName("paneTitle")
        self.composer = Composer(self.send_from_input)
        self.input = self.composer.input
        self.send_button = self.composer.send_button
        self.stop_button = self.composer.stop_button
        self.stop_button.clicked.connect(self.stop_current)
        self.pause_button = self.composer.pause_button  # Pause, or Resume once paused (S02-5)
        self.pause_button.clicked.connect(self.pause_or_resume)
        middle = QWidget()
        mv = QVBoxLayout(middle)
        mv.setContentsMargins(0, 0, 0, 0)
        mv.addWidget(self.chat_title)
        mv.addWidget(self.chat_stack, 1)
        self.question_area = QuestionArea(village.questions, self._agent_name)  # S02-8
        self.bridge.questionAsked.connect(self.question_area.on_asked)
        self.bridge.questionSettled.connect(self.question_area.on_settled)
        mv.addWidget(self.question_area)
        # the forms MCP servers ask for
        self.elicitation_area = ElicitationArea(village.questions.elicitations, self._agent_name)
        self.bridge.elicitationAsked.connect(self.elicitation_area.on_asked)
        self.bridge.elicitationSettled.connect(self.elicitation_area.on_settled)
        mv.addWidget(self.elicitation_area)
        # their requests to use the agent's model (MCP sampling), approved or denied here
        self.sampling_area = SamplingArea(village.questions.samplings, self._agent_name)
        self.bridge.samplingAsked.connect(self.sampling_area.on_asked)
        self.bridge.samplingSettled.connect(self.sampling_area.on_settled)
        mv.addWidget(self.sampling_area)
        mv.addWidget(self.composer)

        # tool panel
        self.panel_stack = QStackedWidget()
        self.panel_title = QLabel()
        self.panel_title.setObjectName("paneTitle")
        right = QWidget()
        rv = QVBoxLayout(right)
        rv.setContentsMargins(0, 0, 0, 0)
        rv.addWidget(self.panel_title)
        rv.addWidget(self.panel_stack, 1)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.left_split)
        split.addWidget(middle)
        split.addWidget(right)
        split.setSizes([300, 600, 380])
        split.setChildrenCollapsible(False)
        self.split = split
        self.splitters = {"panes": split, "left": self.left_split}  # remembered (app/window_state.py)
        central = QWidget()
        cv = QVBoxLayout(central)
        cv.setContentsMargins(8, 8, 8, 8)
        cv.addWidget(self.banner)
        cv.addWidget(self.store_notice)
        cv.addWidget(split, 1)
        self.setCentralWidget(central)

        # menus
        self.file_menu = self.menuBar().addMenu("")
        self.settings_action = QAction(self)
        self.settings_action.setShortcut(QKeySequence.StandardKey.Preferences)
        self.settings_action.triggered.connect(self.open_settings)
        self.quit_action = QAction(self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        self.file_menu.addAction(self.settings_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.quit_action)
        self.help_menu = HelpMenu(self)
        self.menuBar().addMenu(self.help_menu)

        self.conversation_pane = ConversationPane(self, conversations, self.left_split)  # under the agents
        self.watch_pane = WatchPane(self, watches, self._agent_name)  # under the servers (issue 15)
        self.retranslate()
        self.refresh_agents()
        self.load_history()
        self.window_state = WindowState()  # size, position, splitters of the last run (defect 5)
        follow_person(self.left_split, self.window_state.restore(self, self.splitters))
        self.bridge.serverStatus.connect(self._fit_servers)  # after the panel's
        self.manners = DesktopManners(self)  # focus, Esc, accessible names, theme, notifications
        self.timeline_pane = TimelinePane(self, watches, mv)  # the Timeline tab, watch notifications

    def _fit_servers(self, e: ServerStatusChanged) -> None:
        """The servers pane fits its rows; only the shown agent's servers change them."""
        if e.agent_id == self.server_panel.agent_id:
            fit_servers(self.left_split)

    # ------------------------------------------------------------------ text
    def retranslate(self) -> None:
        self.setWindowTitle(window_title(self.village.config.village.name))
        self.agents_title.setText(self.tr("Agents"))
        self.chat_title.setText(self.tr("Chat"))
        self.panel_title.setText(self.tr("Tool calls"))
        self.update_pause_button()
        self.file_menu.setTitle(self.tr("&File"))
        self.settings_action.setText(self.tr("&Settings…"))
        self.quit_action.setText(self.tr("&Quit"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # ------------------------------------------------------------------ background failures
    def _task_failed(self, exc: BaseException) -> None:
        event("gui task failed", error=type(exc).__name__)
        self.statusBar().showMessage(self.tr("Error: {error}").format(error=str(exc)), 10_000)

    # ------------------------------------------------------------------ agents
    def refresh_agents(self) -> None:
        statuses = self.village.statuses()
        self.agent_list.set_statuses(statuses)
        for status in statuses:
            self.chat_for(status.agent_id)
        self.show_agent(self.agent_list.current_agent())

    def _refresh_agents_soon(self, e: object) -> None:
        """Every event changes an agent's status; one refresh every ``AGENTS_REFRESH_MS`` serves
        them all (a live-view turn sends a dozen events over as many loop passes: a refresh each
        cost ~0.7 ms, ten per turn; a person reads the list at this pace anyway). A turn that
        starts or ends changes the agent's state: that refresh comes on the next loop pass."""
        if isinstance(e, TurnStarted | TurnFinished | TurnFailed):
            self._agents_now.start()
        elif not self._agents_due.isActive():
            self._agents_due.start()

    def chat_for(self, agent_id: str) -> ChatView:
        chat = self.chats.get(agent_id)
        if chat is None:
            chat = self.chats[agent_id] = ChatView(pictures=pictures_of(self.history))
            chat.retryRequested.connect(lambda text, a=agent_id: self.retry(a, text))
            chat.settingsRequested.connect(self.open_settings)
            self.chat_stack.addWidget(chat)
            panel = self.panels[agent_id] = ToolPanel(pages=self.pages)
            self.panel_stack.addWidget(panel)
        return chat

    def panel_for(self, agent_id: str) -> ToolPanel:
        self.chat_for(agent_id)
        return self.panels[agent_id]

    def show_agent(self, agent_id: str | None) -> None:
        if agent_id is None:
            return
        self.chat_stack.setCurrentWidget(self.chat_for(agent_id))
        self.server_panel.show_agent(agent_id)
        self.panel_stack.setCurrentWidget(self.panel_for(agent_id))
        self.stop_button.setEnabled(agent_id in self.handles)
        self.update_pause_button()

    def _agent_name(self, agent_id: str) -> str:
        return next((s.name for s in self.village.statuses() if s.agent_id == agent_id), agent_id)

    def current_agent(self) -> str | None:
        return self.agent_list.current_agent()

    # ------------------------------------------------------------------ turns (app/turns.py)
    @property
    def handles(self) -> dict[str, TurnHandleLike]:
        """Agent id -> its running turn that the window follows."""
        return self.turns.handles

    @property
    def paused(self) -> dict[str, ResumePoint]:
        """Agent id -> its paused turn, until resumed."""
        return self.turns.paused

    def send_from_input(self) -> None:
        text = self.input.toPlainText().strip()
        agent_id = self.current_agent()
        if not text or agent_id is None:
            return
        if agent_id in self.handles:
            self.statusBar().showMessage(self.tr("This agent is still working; press Stop first."), 5000)
            return
        self.input.clear()
        self.send_text(agent_id, text)

    def retry(self, agent_id: str, text: str) -> TurnHandleLike | None:
        """A failed turn's Retry: its request again, as a new turn (once the agent is free)."""
        if agent_id in self.handles:
            self.statusBar().showMessage(self.tr("This agent is still working; press Stop first."), 5000)
            return None
        return self.send_text(agent_id, text)

    def send_text(self, agent_id: str, text: str) -> TurnHandleLike:
        handle = self.turns.send(agent_id, text)
        self.show_agent(self.current_agent())
        return handle

    def _turn_ended(self, agent_id: str) -> None:
        self.chat_for(agent_id).set_busy(False)
        self.refresh_agents()
        self.update_pause_button()

    def update_pause_button(self) -> None:
        agent_id = self.current_agent()
        if self.turns.can_resume(agent_id):
            self.composer.set_pause(resume=True, enabled=True)
        else:
            self.composer.set_pause(resume=False, enabled=self.turns.can_pause(agent_id))

    def pause_or_resume(self) -> None:
        agent_id = self.current_agent()
        if agent_id is None:
            return
        if self.turns.pause(agent_id):
            self.update_pause_button()  # off while the turn is pausing
            self.statusBar().showMessage(self.tr("Pausing at the next step…"), 5000)
        elif agent_id in self.paused:
            self.resume_paused(agent_id)

    def resume_paused(self, agent_id: str) -> TurnHandleLike | None:
        handle = self.turns.resume(agent_id)
        if handle is not None:
            self.chat_for(agent_id).set_busy(True)
            self.show_agent(self.current_agent())
        return handle

    def add_paused(self, point: ResumePoint) -> None:
        """A turn paused in an earlier session: kept for the person to resume (never on its own)."""
        self.turns.keep_paused(point)
        self.chat_for(point.agent_id).add_note(
            "notice", lambda: self.tr("A paused turn is waiting. Press Resume to continue it.")
        )
        self.update_pause_button()

    def stop_current(self) -> None:
        agent_id = self.current_agent()
        if agent_id is not None and self.turns.stop(agent_id):
            # a form an MCP server of this agent asked for would hold the tool call (and so the
            # stop) until it times out: Stop cancels it, as the card's Cancel does
            broker = self.elicitation_area.broker
            if broker is not None:
                for asked in broker.pending():
                    if asked.agent_id == agent_id:
                        broker.cancel(asked.request_id)
            samplings = self.sampling_area.broker  # and a sampling card, denied
            if samplings is not None:
                for request in samplings.pending():
                    if request.agent_id == agent_id:
                        samplings.decline(request.request_id)
            self.stop_button.setEnabled(False)
            self.statusBar().showMessage(self.tr("Stopping at the next step…"), 5000)

    # ------------------------------------------------------------------ events
    def on_turn_started(self, e: TurnStarted) -> None:
        chat = self.chat_for(e.agent_id)
        # a turn the window did not start (resumed at start-up, handed over) gets Stop and Pause too
        if self.turns.adopt(e.agent_id, e.turn_id) and e.agent_id == self.current_agent():
            self.show_agent(e.agent_id)
        chat.turn_started(e)

    def on_text_delta(self, e: TextDelta) -> None:
        self.chat_for(e.agent_id).delta(e.turn_id, e.text)

    def on_assistant_message(self, e: AssistantMessage) -> None:
        self.chat_for(e.agent_id).message(e.turn_id, e.text)

    def on_tool_started(self, e: ToolStarted) -> None:
        self.panel_for(e.agent_id).add_started(e)

    def on_tool_finished(self, e: ToolFinished) -> None:
        panel = self.panel_for(e.agent_id)
        known = panel.calls.get(e.call_id)
        shown = known is not None and known.finished is not None and known.started.turn_id == e.turn_id
        panel.add_finished(e)
        pictures = e.images + e.person_images  # the person's own pictures too (audience "user")
        if pictures and not shown:  # a resumed turn reusing a completed call: its pictures are shown
            caption = picture_caption(e)  # in the language shown, after a switch too; no bytes
            for preview in self.chat_for(e.agent_id).add_images(pictures, caption):
                preview.load()

    def on_handoff(self, e: Handoff) -> None:
        self.chat_for(e.agent_id).handoff(e)

    def on_turn_finished(self, e: TurnFinished) -> None:
        self.chat_for(e.agent_id).turn_finished(e)

    def on_turn_failed(self, e: TurnFailed) -> None:
        self.chat_for(e.agent_id).turn_failed(e)

    def on_notice(self, e: Notice) -> None:
        if e.agent_id:
            self.chat_for(e.agent_id).add_note(
                "error" if e.level == "error" else "notice", notice_words(e.text)
            )
        self.statusBar().showMessage(e.text, 10_000)

    def load_history(self) -> None:
        """Replay stored past events (the durable store) through the same handlers: each agent's
        current conversation, its newest page of turns (app/conversation_pane.py)."""
        self.conversation_pane.load_history()

    # ------------------------------------------------------------------ settings
    def open_settings(self) -> Any:
        if self.settings_dialog is None:
            self.settings_dialog = SettingsDialog(
                self.village.config,
                self.keys,
                self,
                running=lambda agent_id: agent_id in self.handles,
                storage=store_care(self.conversation_pane.conversations, lambda: self.village.config),
                web=self.web,
            )
            self.settings_dialog.saved.connect(lambda cfg: self.background.run(self.apply_config(cfg)))
            self.settings_dialog.finished.connect(self._settings_closed)
            follow(self.settings_dialog)
        # Non-modal: the chat stays usable while the dialog is open; never exec() (no nested loop).
        self.settings_dialog.show()
        self.settings_dialog.raise_()
        self.settings_dialog.activateWindow()
        return self.settings_dialog

    def _settings_closed(self) -> None:
        self.settings_dialog = None

    async def apply_config(self, config: Config) -> None:
        await self.village.apply_config(config)
        if self.after_apply is not None:
            self.after_apply(config)
        if self.translations is not None:
            self.translations.set_language(config.village.language)
        if config.path is not None:
            self.config_path = config.path
        self.banner.setVisible(self.demo and all(t.protocol == OFFLINE_DEMO for t in config.templates))
        self.retranslate()
        self.refresh_agents()
        event(
            "settings applied",
            agents=len(config.agents),
            templates=len(config.templates),
            language=config.village.language,
        )

    # ------------------------------------------------------------------ close
    def closeEvent(self, event: QCloseEvent) -> None:  # synchronous by design (no asyncClose)
        self.window_state.save(self, self.splitters)
        self.turns.stop_all()
        # turn watchers, preview decodes, tool-panel page reads (D-6) of a closed window
        cancel_under(self)
        self.bridge.detach()
        self.question_area.detach()
        self.elicitation_area.detach()
        self.sampling_area.detach()
        super().closeEvent(event)
        self.closed.emit()
