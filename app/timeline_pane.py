"""The timeline in the window and the watches' notifications (issue 15).

With a watch service, the chat's pane becomes two tabs, "Chat" and "Timeline"
(``app.widgets.timeline.TimelineView``; "Timeline (2)": two events came while it was not shown); the timeline follows ``CameraEventReported`` (a new
event at its place) and ``WatchChanged`` (the watch filter's names; a deleted timeline read again).
"Open conversation" on an event selects its agent and shows the watch's conversation in the chat.

A ``WatchNotification`` (the core decided: threshold, cooldown, novelty) is told to the person: a
desktop notification (the tray icon's message, as a turn's end is told: ``app.desktop``) when the
window is not in front, else (or when the desktop has no notification area) a card in the window
(``app.widgets.watch_toast``). Clicking either brings the window to the front and opens the event
in the timeline. Each is logged as ``watch notification shown:`` and ``watch event opened:``.
(WA-56 … WA-58.)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QSystemTrayIcon, QTabWidget, QVBoxLayout

from core.events import CameraEventReported, WatchChanged, WatchNotification
from core.log import event as log_event

from .desktop import TrayNotifier
from .instance import bring_to_front
from .widgets.timeline import TimelineSource, TimelineView
from .widgets.watch_toast import WatchToast

if TYPE_CHECKING:
    from .main_window import MainWindow


class ClickNotifier(Protocol):
    """A desktop notification whose click does ``on_click`` (``app.desktop.TrayNotifier``)."""

    def notify(self, title: str, message: str, on_click: Callable[[], None] | None = None) -> None: ...


class TimelinePane(QObject):
    def __init__(self, window: MainWindow, watches: TimelineSource | None, middle: QVBoxLayout) -> None:
        super().__init__(window)
        self.window = window
        self.timeline = TimelineView(watches, window)  # the window's child (a tab's once added)
        self.timeline.hide()
        self.timeline.conversationRequested.connect(self.open_conversation)
        self.tabs: QTabWidget | None = None
        if watches is not None:
            self.tabs = QTabWidget()
            self.tabs.setObjectName("middleTabs")
            self.tabs.setDocumentMode(True)
            at = middle.indexOf(window.chat_stack)
            middle.removeWidget(window.chat_stack)
            self.tabs.addTab(window.chat_stack, "")
            self.tabs.addTab(self.timeline, "")
            middle.insertWidget(at, self.tabs, 1)
            window.chat_title.setVisible(False)  # the tabs name the pane
            self.tabs.installEventFilter(self)  # the tab names follow a language switch
            self.tabs.currentChanged.connect(self._tab_changed)
        self.unseen = 0  # events reported while the Timeline tab was not shown
        self.toast = WatchToast(window.centralWidget())
        self.toast.opened.connect(lambda event_id: self.open_event(event_id, "window"))
        shared = window.manners.notifier  # the turns' tray icon: one icon for the app
        self.notifier: ClickNotifier = (
            shared
            if isinstance(shared, TrayNotifier)
            else TrayNotifier(window, lambda: bring_to_front(window))
        )
        self.tray_available: Callable[[], bool] = QSystemTrayIcon.isSystemTrayAvailable
        window.bridge.anyEvent.connect(self.on_event)
        self.retranslate()

    def retranslate(self) -> None:
        if self.tabs is not None:
            self.tabs.setTabText(0, self.tr("Chat"))
            self.tabs.setTabText(
                1,
                self.tr("Timeline ({count})").format(count=self.unseen)
                if self.unseen
                else self.tr("Timeline"),
            )

    def _tab_changed(self, _index: int) -> None:
        if self.tabs is not None and self.tabs.currentWidget() is self.timeline and self.unseen:
            self.unseen = 0
            self.retranslate()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return False

    def on_event(self, e: object) -> None:
        if isinstance(e, CameraEventReported):
            self.timeline.on_reported(e.event_id)
            if self.tabs is not None and self.tabs.currentWidget() is not self.timeline:
                self.unseen += 1
                self.retranslate()
        elif isinstance(e, WatchChanged):
            self.timeline.refresh_watches()
            if e.status == "deleted":
                self.timeline.reload()
        elif isinstance(e, WatchNotification):
            self.notify(e)

    def notify(self, n: WatchNotification) -> str:
        """Tell the person; returns how (``desktop`` or ``window``)."""
        if self.window.manners.in_front() or not self.tray_available():
            self.toast.show_notification(n)
            how = "window"
        else:
            self.notifier.notify(n.title, n.body, partial(self.clicked, n.event_id))
            how = "desktop"
        log_event("watch notification shown", event=n.event_id, watch=n.watch_id, how=how)
        return how

    def clicked(self, event_id: int) -> None:
        """A desktop notification clicked."""
        self.open_event(event_id, "desktop")

    def show_timeline(self) -> None:
        if self.tabs is not None:
            self.tabs.setCurrentWidget(self.timeline)

    def open_event(self, event_id: int, via: str = "timeline") -> bool:
        """The window to the front, the timeline shown, ``event_id`` selected in it."""
        bring_to_front(self.window)
        self.show_timeline()
        found = self.timeline.open_event(event_id)
        log_event("watch event opened", event=event_id, via=via, found="yes" if found else "no")
        return found

    def open_conversation(self, agent_id: str, conversation_id: str) -> None:
        """The event's agent selected and its watch's conversation shown in the chat."""
        agents = self.window.agent_list
        if agents.current_agent() != agent_id:
            for i in range(agents.topLevelItemCount()):
                item = agents.topLevelItem(i)
                if item is not None and item.data(0, Qt.ItemDataRole.UserRole) == agent_id:
                    agents.setCurrentItem(item)
        self.window.conversation_pane.open(conversation_id)
        if self.tabs is not None:
            self.tabs.setCurrentWidget(self.window.chat_stack)
