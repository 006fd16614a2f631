"""What a live-view turn costs the window outside the chat column, counted, never timed (issue 14,
window part): repaints a frame, tool rows built per call and alive, scalings per paint of a
picture, writes to the agents list that change nothing, the conversations list built per turn."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from app.widgets import toolpanel
from app.widgets.agents import AgentList
from app.widgets.conversations import ConversationList
from app.widgets.picture import Picture
from app.widgets.rows import LIVE_ROWS
from app.widgets.toolpanel import FitText, ToolPanel, ToolRow
from core.canonical import Usage
from core.events import ToolFinished, ToolStarted
from core.store import ConversationInfo
from core.village import AgentState, AgentStatus, Village
from tests.fakes.configs import window_config
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.windows import window


def settle() -> None:
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QApplication.processEvents()


class Paints(QObject):
    """Paint events per receiver, for every widget of the application."""

    def __init__(self) -> None:
        super().__init__()
        self.receivers: list[QObject] = []
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.receivers.append(watched)
        return False

    def stop(self) -> None:
        app = QApplication.instance()
        assert app is not None
        app.removeEventFilter(self)


def add_call(panel: ToolPanel, n: int) -> None:
    panel.add_started(ToolStarted("a1", f"t{n}", f"c{n}", 1, "cam__live_view_image", {}))
    panel.add_finished(
        ToolFinished("a1", f"t{n}", f"c{n}", 1, "cam__live_view_image", True, 12, "frame", "(1 image)")
    )


def test_a_row_that_leaves_the_panel_serves_the_next_call(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[ToolRow] = []

    class Counted(ToolRow):
        def __init__(self, *args: Any, **kw: Any) -> None:
            super().__init__(*args, **kw)
            built.append(self)

    monkeypatch.setattr(toolpanel, "ToolRow", Counted)
    panel = ToolPanel()
    qtbot.addWidget(panel)
    panel.show()
    for n in range(300):
        add_call(panel, n)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert len(built) <= LIVE_ROWS + 1  # it was one a call: 300 built, polished and freed
    assert len(panel.findChildren(ToolRow)) <= LIVE_ROWS + 1
    assert list(panel.rows) == [f"c{n}" for n in range(300 - LIVE_ROWS, 300)]
    row = panel.rows["c299"]  # a reused row shows its own call only, as a new one does
    assert (row.status.text(), row.summary.text(), row.expanded) == ("ok", "(1 image)", False)
    row.set_expanded(True)
    assert row.details.isVisibleTo(row) and row.output_text.toPlainText() == "frame"
    assert row.display_line.text() == "(1 image)" and row.input_text.toPlainText() == "{}"


def test_a_picture_drawn_smaller_is_scaled_once_not_per_paint(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    picture = Picture()
    qtbot.addWidget(picture)
    decoded = QPixmap(480, 318)
    decoded.fill(QColor("red"))
    picture.setPixmap(decoded)
    picture.resize(240, 159)  # a narrow chat: drawn at half its size
    draws: list[tuple[QSize, QSize]] = []  # (drawn size, the pixmap's own logical size)
    real = QPainter.drawPixmap

    def counted(painter: QPainter, *args: object) -> None:
        pixmap = next(a for a in args if isinstance(a, QPixmap))
        own = pixmap.deviceIndependentSize().toSize()
        drawn = QSize(int(args[2]), int(args[3])) if len(args) >= 5 else own  # type: ignore[call-overload]
        draws.append((drawn, own))
        real(painter, *args)  # type: ignore[call-overload]

    monkeypatch.setattr(QPainter, "drawPixmap", counted)
    for _ in range(5):
        picture.grab()  # a paint, as a repaint paints it
    assert len(draws) == 5
    assert [d for d in draws if d[0] != d[1]] == []  # no paint scales: it copies pixels one to one
    assert {d[1] for d in draws} == {QSize(240, 159)}
    assert picture.pixmap().width() == 480  # the decoded preview is kept


def test_the_window_repaints_once_a_frame(qtbot: QtBot, tmp_path: Path) -> None:
    village = Village(
        window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping("anthropic", "m")
    )
    win = window(qtbot, village)
    qtbot.waitExposed(win)
    label = QLabel("x", win.centralWidget())
    label.show()
    settle()
    win.pacer.frame_s = 3600.0  # type: ignore[attr-defined]  # a frame longer than the test
    # the last repaint a whole frame ago, so the next comes at once (not 0.0: the monotonic clock
    # counts from boot, and a machine up for less than the frame would hold that repaint too)
    win.pacer.last = time.monotonic() - win.pacer.frame_s  # type: ignore[attr-defined]
    paints = Paints()
    try:
        for n in range(10):  # ten loop passes, each dirtying the window
            label.setText(f"x{n}")
            label.update()
            QApplication.processEvents()
    finally:
        paints.stop()
    assert paints.receivers.count(label) == 1  # one repaint; the rest wait for the frame
    win.pacer.frame_s = 0.0  # type: ignore[attr-defined]
    win.pacer.timer.start(0)  # type: ignore[attr-defined]
    paints = Paints()
    try:
        qtbot.waitUntil(lambda: label in paints.receivers)  # the frame due: what waited is painted
    finally:
        paints.stop()


def status(state: str = AgentState.IDLE, tokens: int = 0) -> AgentStatus:
    return AgentStatus("a1", "Ava", "cam", "anthropic", state, Usage(tokens, 0))


def test_an_agents_refresh_that_changes_nothing_writes_nothing(qtbot: QtBot) -> None:
    agents = AgentList()
    qtbot.addWidget(agents)
    agents.set_statuses([status()])
    changes: list[object] = []
    agents.model().dataChanged.connect(lambda *a: changes.append(a))
    for _ in range(5):
        agents.set_statuses([status()])
    assert changes == []  # it was a write per cell per refresh, each a relayout and a repaint
    agents.set_statuses([status(AgentState.RUNNING, 12)])
    assert agents.row_texts("a1")[2:] == ["running", "12"] and changes


def test_an_agents_refresh_that_changes_no_text_fits_no_column(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    agents = AgentList()
    qtbot.addWidget(agents)
    agents.set_statuses([status()])
    fits: list[int] = []
    real = AgentList.fit_columns
    monkeypatch.setattr(AgentList, "fit_columns", lambda self: (fits.append(1), real(self))[1])
    for _ in range(5):
        agents.set_statuses([status()])
    assert fits == []  # it was a width measure of every cell per refresh, several a turn
    agents.set_statuses([status(AgentState.RUNNING, 12_345)])
    assert len(fits) == 1 and agents.header().sectionSize(3) >= agents.fontMetrics().horizontalAdvance(
        "12,345"
    )


def conversation(cid: str, turns: int, updated: float, village: str | None = "v1") -> ConversationInfo:
    return ConversationInfo(cid, "a1", f"talk {cid}", 1_700_000_000.0, updated, turns, 2 * turns, village)


def test_a_turn_that_ends_updates_the_conversation_rows_in_place(qtbot: QtBot) -> None:
    conversations = ConversationList()
    qtbot.addWidget(conversations)
    earlier = [conversation("old", 1, 1_600_000_000.0, None)]
    conversations.show_conversations([conversation("c1", 1, 1_700_000_100.0)], earlier, "c1")
    rows = conversations.items()
    conversations.show_conversations([conversation("c1", 2, 1_700_000_200.0)], earlier, "c1")
    assert all(a is b for a, b in zip(conversations.items(), rows, strict=True))  # it was a new list a turn
    assert rows[0].toolTip(0) == "2 requests"
    conversations.show_conversations([conversation("c2", 0, 1_700_000_300.0)], earlier, "c2")  # another: anew
    assert [i.text(0) for i in conversations.items()] == ["talk c2", "talk old"]


def test_a_closed_tool_row_measures_no_text_until_opened(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    measured: list[FitText] = []
    real = FitText.text_height

    def counted(box: FitText) -> int:
        measured.append(box)
        return real(box)

    monkeypatch.setattr(FitText, "text_height", counted)
    panel = ToolPanel()
    qtbot.addWidget(panel)
    panel.resize(400, 600)
    panel.show()
    for n in range(LIVE_ROWS + 5):  # rows reused too
        add_call(panel, n)
        settle()
    measured.clear()
    for n in range(LIVE_ROWS + 5, LIVE_ROWS + 15):
        add_call(panel, n)
        settle()
    assert measured == []  # it was three text layouts a call that nobody opens
    row = panel.rows[f"c{LIVE_ROWS + 14}"]
    assert row.output_text.toPlainText() == "frame"  # the text is there, only not measured
    row.set_expanded(True)
    settle()
    assert row.output_text in measured  # measured once shown
    assert row.output_text.height() == row.input_text.height()  # one line each
