"""The tool row of a running call: the server's progress bar and message, the elapsed time, and
what a result shows the person only. The window runs a village whose scripted model calls tools of
a real subprocess MCP server (streamable HTTP)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from app.widgets.tool_progress import SCALE, CallProgress, ElapsedClock, bar_value
from app.widgets.toolpanel import ToolPanel, ToolRow
from core.config import parse_config
from core.events import ToolFinished, ToolProgress, ToolStarted
from core.mcp import McpToolProvider
from core.village import Village
from tests.fakes.scripted import ScriptedBackend, call
from tests.fakes.servers import FAST, start_blocks, stop
from tests.fakes.windows import window

AGENT = "a1"
STARTED = ToolStarted(AGENT, "t1", "c1", 1, "blocks__progress", {})


@pytest.fixture(scope="module")
def blocks_url() -> Iterator[str]:
    proc, url = start_blocks()
    yield url
    stop(proc)


def village(url: str, backend: ScriptedBackend) -> Village:
    config = parse_config(
        {
            "village": {"language": "en"},
            "templates": [{"name": "t", "protocol": "anthropic", "model": "m"}],
            "agents": [
                {"id": AGENT, "template": "t", "mcp_servers": {"blocks": {"type": "http", "url": url}}}
            ],
        }
    )
    provider = McpToolProvider(language="en", settings=FAST)
    return Village(config, backend_factory=lambda _t: backend, tool_provider=provider)


@pytest.mark.asyncio
async def test_the_row_shows_the_servers_progress_and_then_the_result(qtbot: QtBot, blocks_url: str) -> None:
    backend = ScriptedBackend(
        [
            call("blocks__progress", {"total": True}, call_id="c1"),
            call("blocks__progress", {"total": False}, call_id="c2"),
            call("blocks__audience", call_id="c3"),
            call("blocks__person_only", call_id="c4"),
            "ok",
        ]
    )
    v = village(blocks_url, backend)
    win = window(qtbot, v)
    seen: list[tuple[Any, ...]] = []

    def look(e: ToolProgress) -> None:  # after the panel took the event (connected first)
        row = win.panel_for(AGENT).rows[e.call_id]
        bar = row.progress.bar
        seen.append(
            (e.call_id, bar.value(), bar.maximum(), row.progress.message.text(), not row.progress.isHidden())
        )

    win.bridge.toolProgress.connect(look)
    try:
        await v.start()
        await asyncio.wait_for(v.send(AGENT, "go").wait(), 30)
    finally:
        await v.close()
    assert seen == [
        ("c1", 333, SCALE, "reading", True),
        ("c1", 667, SCALE, "thinking", True),
        ("c1", SCALE, SCALE, "writing", True),
        ("c2", 0, 0, "reading", True),  # no total: Qt's busy bar
        ("c2", 0, 0, "thinking", True),
        ("c2", 0, 0, "writing", True),
    ]
    rows = win.panel_for(AGENT).rows
    assert [rows[c].progress.isHidden() for c in ("c1", "c2", "c3")] == [True, True, True]
    assert rows["c1"].duration.text().endswith(" ms") and rows["c1"].clock is None
    person = rows["c3"]
    assert (person.person_text.toPlainText(), not person.person_text.isHidden()) == (
        "only for you, the person",
        True,
    )
    assert person.person_label.text() == "Shown to you only (not sent to the model)"
    assert person.output_text.toPlainText() == "for everyone\nonly for the model\nfor both"
    assert rows["c1"].person_text.isHidden()
    # a picture for the person only: in the chat, never in the model's request
    assert len(win.chats[AGENT].previews) == 1
    assert backend.requests[4].messages[-1].attachments == []
    assert (
        backend.requests[4].messages[-1].text
        == "(this result was shown to the user only and not sent to you)"
    )


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_the_elapsed_time_ticks_while_running_and_the_duration_stays(qtbot: QtBot) -> None:
    row = ToolRow(STARTED, since=50.0)
    qtbot.addWidget(row)
    assert row.clock is not None and row.clock.timer.isActive()
    clock = Clock(50.4)
    ticking = ElapsedClock(row.duration, 50.0, row.elapsed_text, clock)
    row.clock.stop()
    row.clock = ticking
    ticking.tick()
    assert row.duration.text() == "0 s"
    clock.now = 53.9
    ticking.timer.timeout.emit()  # what the timer does once a second
    assert row.duration.text() == "3 s"
    row.finish(ToolFinished(AGENT, "t1", "c1", 1, "blocks__progress", True, 3912, "done", ""))
    assert row.duration.text() == "3912 ms"
    assert row.clock is None and not ticking.timer.isActive()


def test_progress_waits_for_a_collapsed_row_and_ignores_a_finished_call(qtbot: QtBot) -> None:
    panel = ToolPanel(live_rows=1)
    qtbot.addWidget(panel)
    panel.add_started(STARTED)
    panel.add_progress(ToolProgress(AGENT, "t1", "c1", 1, "blocks__progress", 1.0, 4.0, "one"))
    panel.add_started(ToolStarted(AGENT, "t1", "c2", 1, "other", {}))  # c1 collapses
    panel.add_progress(ToolProgress(AGENT, "t1", "c1", 1, "blocks__progress", 2.0, 4.0, "two"))
    [restored] = panel.show_earlier()
    row = restored.widget
    assert row is not None
    assert (row.progress.bar.value(), row.progress.bar.maximum(), row.progress.message.text()) == (
        500,
        SCALE,
        "two",
    )
    panel.add_finished(ToolFinished(AGENT, "t1", "c1", 1, "blocks__progress", True, 9, "done", ""))
    panel.add_progress(ToolProgress(AGENT, "t1", "c1", 1, "blocks__progress", 3.0, 4.0, "late"))
    assert row.progress.isHidden() and row.progress.message.text() == "two"


@pytest.mark.parametrize(
    ("progress", "total", "expected"),
    [(0.5, 1.0, (500, SCALE)), (7.0, 3.0, (SCALE, SCALE)), (-1.0, 3.0, (0, SCALE)), (2.0, None, (0, 0))],
)
def test_bar_values(progress: float, total: float | None, expected: tuple[int, int]) -> None:
    assert bar_value(ToolProgress(AGENT, "t1", "c1", 1, "x", progress, total)) == expected


def test_the_bar_tooltip_names_the_servers_numbers(qtbot: QtBot) -> None:
    widget = CallProgress()
    qtbot.addWidget(widget)
    widget.show_progress(ToolProgress(AGENT, "t1", "c1", 1, "x", 2.0, 3.0, ""))
    assert widget.bar.toolTip() == "2 of 3" and widget.message.isHidden()
    widget.show_progress(ToolProgress(AGENT, "t1", "c1", 1, "x", 2.0, None, "going"))
    assert widget.bar.toolTip() == "The server reports progress without a total"
