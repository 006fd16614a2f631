"""The window's watches (issue 15): the watch panel of the selected agent, driven over
``core.watch.ports.WatchesLike``, and the watch dialog it opens.

Only a window given a watch service has the panel (the left pane's last part, ``add_watches``);
the bridge's ``watchChanged``, ``watchScored`` and ``watchMetered`` signals reach it, the agent
list's selection chooses whose watches it shows, and its "Watch…" button and each row's Edit open
one ``WatchDialog`` at a time (non-modal; a second click raises the open one) (WA-49).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from core.watch.ports import WatchesLike

from .accessible import follow
from .left_pane import add_watches
from .widgets.watch_dialog import WatchDialog
from .widgets.watch_panel import WatchPanel

if TYPE_CHECKING:
    from .main_window import MainWindow


class WatchPane(QObject):
    def __init__(
        self, window: MainWindow, watches: WatchesLike | None, agent_name: Callable[[str], str]
    ) -> None:
        super().__init__(window)
        self.window = window
        self.agent_name = agent_name
        self.watches = watches
        self.panel = WatchPanel(watches)
        self.dialog: WatchDialog | None = None
        if watches is None:
            return  # no service: no panel in the pane (its parts stay agents | conversations | servers)
        add_watches(window.left_split, self.panel)
        bridge = window.bridge
        bridge.watchChanged.connect(self.panel.on_changed)
        bridge.watchScored.connect(self.panel.on_scored)
        bridge.watchMetered.connect(self.panel.on_metered)
        bridge.cameraEvent.connect(self.panel.on_event)
        self.panel.newRequested.connect(lambda: self.open_dialog(None))
        self.panel.editRequested.connect(self.open_dialog)
        window.agent_list.currentItemChanged.connect(lambda *_: self.panel.show_agent(window.current_agent()))
        self.panel.show_agent(window.current_agent())

    def open_dialog(self, watch_id: str | None) -> WatchDialog | None:
        """The dialog for a new watch of the selected agent, or to edit ``watch_id``."""
        agent_id = self.window.current_agent()
        if self.watches is None or agent_id is None:
            return None
        if self.dialog is not None:
            self.dialog.raise_()
            self.dialog.activateWindow()
            return self.dialog
        view = self.watches.view(watch_id) if watch_id is not None else None
        if view is not None:
            agent_id = view.watch.agent_id
        dialog = WatchDialog(
            self.watches,
            agent_id,
            view.watch if view is not None else None,
            self.window,
            agent_name=self.agent_name(agent_id),
        )
        dialog.saved.connect(lambda _watch: self.panel.refresh())
        dialog.finished.connect(lambda _result: self._closed(dialog))
        self.dialog = dialog
        follow(dialog)  # its fields named for a screen reader, after a language switch too
        dialog.show()
        return dialog

    def _closed(self, dialog: WatchDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()
