"""The main window's left pane: a vertical splitter, agents | conversations | servers (| watches).

Each part can be resized and none collapses. By default the agent list and the MCP servers panel
take their content's height (their size hints when the window is first laid out) and the
conversation list, the part a person uses most, takes the rest; it alone grows with the window.
The splitter's sizes are remembered with the window state (``app.window_state``, key ``left``).
Until the person drags it (or a saved state is restored), the servers part follows its content as
servers connect and fail (``fit_servers``): at most a third of the pane, taken from the
conversation list.
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


SERVERS = 2
SET_BY_PERSON = "setByPerson"  # a property: the sizes are the person's (dragged or restored)


def follow_person(split: QSplitter, restored: bool) -> None:
    """From now on ``fit_servers`` leaves the sizes alone once the person chose them."""
    split.setProperty(SET_BY_PERSON, restored)
    split.splitterMoved.connect(lambda _pos, _index: split.setProperty(SET_BY_PERSON, True))


def fit_servers(split: QSplitter) -> None:
    """The servers part as tall as its content (at most a third of the pane), the difference
    taken from the conversation list; not once the person has set the sizes."""
    if split.property(SET_BY_PERSON) or split.count() <= SERVERS:
        return
    servers = split.widget(SERVERS)
    if servers is None:
        return
    sizes = split.sizes()
    want = min(servers.sizeHint().height(), sum(sizes) // 3)
    grow = want - sizes[SERVERS]
    if grow == 0 or sizes[CONVERSATIONS] - grow < 120:
        return
    sizes[CONVERSATIONS] -= grow
    sizes[SERVERS] = want
    split.setSizes(sizes)


def keep_parts(split: QSplitter) -> None:
    """No part collapses when dragged to nothing (each part's own flag, as ``isCollapsible`` reads)."""
    split.setChildrenCollapsible(False)
    for index in range(split.count()):
        split.setCollapsible(index, False)


def add_watches(split: QSplitter, watches: QWidget) -> None:
    """The selected agent's watches (issue 15) as the pane's last part, its content's height."""
    split.addWidget(watches)
    keep_parts(split)
