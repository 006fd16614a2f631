"""The main window's left pane: a vertical splitter, agents | conversations | servers.

Each part can be resized and none collapses. By default the agent list and the MCP servers panel
take their content's height (their size hints when the window is first laid out) and the
conversation list, the part a person uses most, takes the rest; it alone grows with the window.
The splitter's sizes are remembered with the window state (``app.window_state``, key ``left``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QWidget

CONVERSATIONS = 1  # the conversation list's place, between the agents and the servers


def left_splitter(agents: QWidget, servers: QWidget) -> QSplitter:
    """The pane with the agents and the servers; ``add_conversations`` puts the list between."""
    split = QSplitter(Qt.Orientation.Vertical)
    split.setObjectName("leftSplitter")
    split.addWidget(agents)
    split.addWidget(servers)
    keep_parts(split)
    return split


def add_conversations(split: QSplitter, conversations: QWidget) -> None:
    split.insertWidget(CONVERSATIONS, conversations)
    keep_parts(split)
    split.setStretchFactor(CONVERSATIONS, 1)  # the others keep their size hint's height


def keep_parts(split: QSplitter) -> None:
    """No part collapses when dragged to nothing (each part's own flag, as ``isCollapsible`` reads)."""
    split.setChildrenCollapsible(False)
    for index in range(split.count()):
        split.setCollapsible(index, False)
