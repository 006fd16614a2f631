"""What a call's end costs the tool panel (issue 14), counted: a live-view call that finishes
repaints its own row, not every row of the panel, because its row neither grows (the room of
its display line is kept while it runs, when its tool had a line last time) nor widens the panel
(the name gives way in a narrow panel; the state and duration stay in view)."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app.widgets.rows import LIVE_ROWS
from app.widgets.toolpanel import ToolPanel
from core.canonical import ImageData
from core.events import StoredCallState, ToolFinished, ToolStarted
from core.tool_image import display_suffix
from tests.fakes.qt_watch import AppFilter, settle

LIVE = "nik__live_view_image"


class Paints(AppFilter):
    """Paint events per widget class while installed."""

    def __init__(self) -> None:
        super().__init__()
        self.painted: Counter[str] = Counter()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and isinstance(watched, QWidget):
            self.painted[type(watched).__name__] += 1
        return False


def start(panel: ToolPanel, n: int, name: str = LIVE) -> None:
    panel.add_started(ToolStarted("a", f"t{n}", f"c{n}", 1, name, {}))


def finish(panel: ToolPanel, n: int, name: str = LIVE, lined: bool = True) -> None:
    images = (ImageData("image/jpeg", b"\0" * 17_500, 320, 240),) if lined else ()
    line = display_suffix(list(images), "en") if lined else ""
    panel.add_finished(ToolFinished("a", f"t{n}", f"c{n}", 1, name, True, 12, "frame", line, images))


def shown_panel(qtbot: QtBot, width: int) -> ToolPanel:
    panel = ToolPanel()
    qtbot.addWidget(panel)
    panel.resize(width, 500)
    panel.show()
    return panel


@pytest.mark.asyncio
async def test_a_finished_live_view_call_repaints_its_own_row_only(qtbot: QtBot) -> None:
    panel = shown_panel(qtbot, 163)  # the window bench's panel: narrower than a row's header and line
    for n in range(LIVE_ROWS + 1):
        start(panel, n)
        finish(panel, n)
    start(panel, 99)
    await settle()
    row = panel.rows["c99"]
    row.duration.setText("12 s")  # a clock past ten seconds is wider
    await settle()
    view = panel.viewport().width()
    assert panel.inner.width() == view  # never grown past the view
    height = row.height()
    assert row.summary.isVisibleTo(row) and row.summary.text() == ""  # its line's room, kept
    paints = Paints()
    finish(panel, 99)
    await settle()
    paints.stop()
    assert row.summary.text() == "(1 image: JPEG 17 KB)"
    assert row.height() == height
    assert panel.inner.width() == view
    done = [panel.rows[f"c{n}"] for n in range(2, LIVE_ROWS + 1)] + [row]
    assert all(r.geometry().right() < view for r in done)  # the line never widens a row past the view
    assert paints.painted["ToolRow"] == 1  # before: every row in view, the panel scrolled and laid out again


@pytest.mark.asyncio
async def test_a_running_row_never_grows_past_a_narrow_panel(qtbot: QtBot) -> None:
    panel = shown_panel(qtbot, 200)
    start(panel, 1)
    await settle()
    row = panel.rows["c1"]
    view = panel.viewport().width()
    assert panel.inner.width() == view  # no column wider than the view, drawn off its edge
    assert row.status.text() == "running…"
    assert row.status.geometry().right() < row.duration.geometry().left() < row.width()
    assert row.toggle.text().endswith("…") and row.toggle.text() != LIVE
    assert (row.toggle.name, row.toggle.accessibleName()) == (LIVE, LIVE)
    assert row.toggle.toolTip() == f"{LIVE}\nShow or hide the exact input and output"  # cut: named in full
    panel.resize(70, 500)
    await settle()
    assert row.toggle.text() == "…"  # at its least, an ellipsis beside the arrow, never nothing
    panel.resize(600, 500)
    await settle()
    assert row.toggle.text() == LIVE  # room again: the whole name
    assert row.toggle.toolTip() == "Show or hide the exact input and output"


@pytest.mark.asyncio
async def test_only_a_tool_that_had_a_line_keeps_room_for_one(qtbot: QtBot) -> None:
    panel = shown_panel(qtbot, 400)
    start(panel, 1, "fs__read")
    row = panel.rows["c1"]
    assert not row.summary.isVisibleTo(row)  # no call of it has ended yet
    finish(panel, 1, "fs__read", lined=False)
    start(panel, 2, "fs__read")
    assert not panel.rows["c2"].summary.isVisibleTo(panel.rows["c2"])  # it had no line
    finish(panel, 2, "fs__read", lined=True)
    start(panel, 3, "fs__read")
    assert panel.rows["c3"].summary.isVisibleTo(panel.rows["c3"])
    finish(panel, 3, "fs__read", lined=False)
    start(panel, 4, "fs__read")
    assert not panel.rows["c4"].summary.isVisibleTo(panel.rows["c4"])  # its last call had none
    finish(panel, 4, "fs__read", lined=False)
    assert not panel.rows["c4"].summary.isVisibleTo(panel.rows["c4"])
    finish(panel, 5, "fs__read", lined=True)
    start(panel, 6, "fs__read")
    row = panel.rows["c6"]
    assert row.summary.isVisibleTo(row)
    panel.add_stored(StoredCallState("a", "t6", "c6", "interrupted"))  # a past call cut while running
    assert not row.summary.isVisibleTo(row)  # no line will come: no room kept for one
    start(panel, 7, "fs__read")
    panel.add_stored(StoredCallState("a", "t7", "c7", "not_executed"))  # registered, never started
    assert not panel.rows["c7"].summary.isVisibleTo(panel.rows["c7"])
    start(panel, 7, "fs__read")  # its resumed turn runs it now
    assert panel.rows["c7"].summary.isVisibleTo(panel.rows["c7"])
