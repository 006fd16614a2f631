"""Issue 13, defect 6: a reopened chat shows what the store knows of each past call and turn.

A call cut by a crash shows "interrupted" (or "not executed"), never "running…" forever; a past
call's duration comes from its stored times, or is not shown; a failed turn is shown failed after
a restart, with the error the live view showed. Real crashed stores, the real window.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.launcher import Runtime, resume_cut_turns
from core.config import parse_config
from core.llm import ProviderHTTPError
from tests.fakes.runtimes import start, stop
from tests.fakes.scripted import EchoTool, ScriptedBackend, reply
from tests.fakes.stores import CRASHED_CFG, crashed_store
from tests.fakes.windows import window

STARTS = iter(range(1, 100))


def runtime(data: Path, backend: ScriptedBackend) -> Runtime:
    return start(data, backend, f"start{next(STARTS)}")


def set_times(data: Path, call_id: str, started: float, finished: float | None) -> None:
    db = sqlite3.connect(data / "store" / "store.db")
    try:
        with db:
            db.execute(
                "UPDATE tool_calls SET started=?, finished=? WHERE call_id=?", (started, finished, call_id)
            )
    finally:
        db.close()


@pytest.mark.asyncio
async def test_a_call_cut_while_running_shows_interrupted_after_the_restart(
    qtbot: QtBot, tmp_path: Path
) -> None:
    crashed_store(tmp_path, running=True).close()
    set_times(tmp_path, "c1", 1000.0, 1000.25)
    rt = runtime(tmp_path, ScriptedBackend([reply("after the crash")]))
    first, second = EchoTool("first"), EchoTool("second", "B")
    rt.village.add_tools("agent_9", [first, second])
    try:
        win = window(qtbot, rt.village, history=rt.history)
        panel = win.panels["agent_9"]
        c1, c2 = panel.rows["c1"], panel.rows["c2"]
        assert (c2.status.text(), c2.duration.text(), c2.clock) == ("interrupted", "", None)
        assert (c1.status.text(), c1.duration.text()) == ("ok", "250 ms")
        assert resume_cut_turns(rt, parse_config(CRASHED_CFG)) == 1
        await rt.village.wait_idle()
        assert (first.runs, second.runs) == (0, 0)  # it may have had its effect: never run again
        assert (c2.status.text(), c2.duration.text(), c2.clock) == ("interrupted", "", None)
        assert [b.text for b in win.chats["agent_9"].bubbles][-1] == "after the crash"
        win.close()
    finally:
        await stop(rt)
    rt = runtime(tmp_path, ScriptedBackend())  # once more: now recovery's result is stored
    try:
        win = window(qtbot, rt.village, history=rt.history)
        c2 = win.panels["agent_9"].rows["c2"]
        # its finish time is the recovery's, not the call's: no duration
        assert (c2.status.text(), c2.duration.text(), c2.clock) == ("interrupted", "", None)
        win.close()
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_call_that_never_started_shows_not_executed_then_runs_on_resume(
    qtbot: QtBot, tmp_path: Path
) -> None:
    crashed_store(tmp_path).close()
    set_times(tmp_path, "c1", 1000.0, None)  # a started call without a stored finish time
    rt = runtime(tmp_path, ScriptedBackend([reply("resumed")]))
    second = EchoTool("second", "B")
    rt.village.add_tools("agent_9", [EchoTool("first"), second])
    try:
        win = window(qtbot, rt.village, history=rt.history)
        c1, c2 = win.panels["agent_9"].rows["c1"], win.panels["agent_9"].rows["c2"]
        assert (c2.status.text(), c2.duration.text(), c2.clock) == ("not executed", "", None)
        assert (c1.status.text(), c1.duration.text()) == ("ok", "")  # unknown: not "0 ms"
        assert resume_cut_turns(rt, parse_config(CRASHED_CFG)) == 1
        await rt.village.wait_idle()
        assert second.runs == 1
        assert (c2.status.text(), c2.output_text.toPlainText()) == ("ok", "B")
        assert c2.duration.text().endswith(" ms") and c2.clock is None
        win.close()
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_failed_turn_is_shown_failed_after_a_restart(qtbot: QtBot, tmp_path: Path) -> None:
    rt = runtime(tmp_path, ScriptedBackend([ProviderHTTPError(401, "invalid x-api-key")]))
    try:
        win = window(qtbot, rt.village, history=rt.history)
        await win.send_text("agent_9", "hello").wait()
        live = [(b.role, b.text) for b in win.chats["agent_9"].bubbles]
        win.close()
    finally:
        await stop(rt)
    assert live == [("user", "hello"), ("error", "The turn failed (http_401): HTTP 401: invalid x-api-key")]
    rt = runtime(tmp_path, ScriptedBackend())
    try:
        win = window(qtbot, rt.village, history=rt.history)
        assert [(b.role, b.text) for b in win.chats["agent_9"].bubbles] == live
        win.close()
    finally:
        await stop(rt)
