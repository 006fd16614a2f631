"""A save error never causes re-execution (S02-3), with the real SQLite store.

``SqliteJournal`` raises ``JournalError`` when a call's ``registered`` or ``running`` record was
not written, and the engine then does not run that call; other writes only log ``store error:``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.journal import JournalError
from core.notes import note
from core.recovery import pending_calls, recover
from core.store import SqliteJournal, Store
from tests.fakes.logs import log_lines
from tests.fakes.scripted import EchoTool, ScriptedBackend, call, reply
from tests.fakes.turns import make_turn


def test_failed_registration_and_running_records_raise_other_writes_only_log(
    tmp_path: Path, event_log: Path
) -> None:
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    j.begin_turn("t1", "agent_9", ChatMessage(Role.USER, "go"))
    with pytest.raises(JournalError) as info:
        j.tool_running("t1", "never-registered")  # changes no row: not recorded
    assert (info.value.op, info.value.turn_id, info.value.call_id) == (
        "tool_running",
        "t1",
        "never-registered",
    )
    store.close()
    with pytest.raises(JournalError) as info:
        j.tool_registered("t1", 1, ToolCall("c1", "cam", {}))
    assert info.value.op == "tool_registered"
    with pytest.raises(JournalError):
        j.tool_running("t1", "c1")
    j.model_message("t1", 1, ChatMessage(Role.ASSISTANT, "x"), Usage())  # logged, not raised
    j.end_turn("t1", "-", "x", Usage())
    assert j.errors == 5
    closed = "Cannot operate on a closed database."
    assert [x for x in log_lines(event_log) if x.startswith("store error:")] == [
        "store error: op=tool_running turn=t1 error=NoRow: call never-registered",
        f"store error: op=tool_registered turn=t1 error=ProgrammingError: {closed}",
        f"store error: op=tool_running turn=t1 error=ProgrammingError: {closed}",
        f"store error: op=model_message turn=t1 error=ProgrammingError: {closed}",
        f"store error: op=end_turn turn=t1 error=ProgrammingError: {closed}",
    ]


def break_after(store: Store, op: str, how: str) -> None:
    """Make the database unwritable right after ``op`` commits (read-only, or closed)."""

    def hook(done: str) -> None:
        if done != op:
            return
        store.after_commit = None
        if how == "read-only":
            store._conn.execute("PRAGMA query_only=ON")  # every later write fails: readonly database
        else:
            store.close()

    store.after_commit = hook


@pytest.mark.asyncio
@pytest.mark.parametrize("how", ["read-only", "closed"])
@pytest.mark.parametrize("op", ["model_message", "tool_registered"])
async def test_store_broken_mid_turn_the_call_never_runs_twice(
    tmp_path: Path, event_log: Path, how: str, op: str
) -> None:
    """Broken after the model message (registration fails) or after the registration (the
    running record fails): the call is not run; after a restart recovery resumes it, and it runs
    exactly once in all."""
    store = Store.open(tmp_path)
    cam = EchoTool("cam", "frame")
    break_after(store, op, how)
    backend = ScriptedBackend([call("cam", call_id="c1"), reply("could not look")])
    outcome = await make_turn(backend, [cam], journal=SqliteJournal(store)).run()
    assert cam.runs == 0  # the side effect did not happen
    assert outcome.text == "could not look"
    result = backend.requests[1].messages[-1]
    assert (result.text, result.is_error) == (note("tool_not_recorded", "en", name="cam"), True)
    lines = log_lines(event_log)
    failed = "tool_registered" if op == "model_message" else "tool_running"
    error = "OperationalError" if how == "read-only" else "ProgrammingError"
    errors = [x for x in lines if x.startswith("store error:")]
    assert errors[0].startswith(f"store error: op={failed} turn=t1 error={error}: ")
    assert "tool not recorded: agent=agent_9 round=1 name=cam" in lines
    assert lines.index(errors[0]) < lines.index("tool not recorded: agent=agent_9 round=1 name=cam")
    [tool_line] = [x for x in lines if x.startswith("tool:")]
    assert re.fullmatch(r"tool: agent=agent_9 round=1 name=cam ok=false ms=\d+ body_chars=\d+", tool_line)
    if how == "read-only":
        store.close()

    # a restart: the turn did not end (its end was not saved either); the call was never started
    reopened = Store.open(tmp_path)
    assert reopened.call_states("t1") == ({"c1": "registered"} if op == "tool_registered" else {})
    [point] = recover(reopened)
    assert [c.id for c in pending_calls(point)] == ["c1"]
    assert (point.completed, point.paused) == ({}, False)  # cut, not paused
    resumed = ScriptedBackend([reply("now I see it")])
    again = await make_turn(resumed, [cam], journal=SqliteJournal(reopened), resume=point).run()
    assert again.text == "now I see it"
    assert cam.runs == 1  # executed once in all: never re-executed
    assert reopened.call_states("t1") == {"c1": "completed"}
    assert recover(reopened) == []
    reopened.close()
