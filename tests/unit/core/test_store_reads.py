"""The history reads of the store (core/store/reads.py, core/store/resume.py): how many SQL
statements one read issues does not grow with the length of the conversation."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.canonical import ChatMessage, ImageData, Role, ToolCall, Usage
from core.store import SqliteJournal, Store
from core.tool import ToolOutput, ToolReturn

IMG = ImageData("image/jpeg", b"\xff\xd8jpegbytes-1\xff\xd9", 64, 48)


def _store(tmp_path: Path, turns: int) -> Store:
    """A conversation of ``turns`` finished turns, three messages each (input, model with one
    call, tool result with an image)."""
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    for n in range(turns):
        tid, cid = f"t{n}", f"c{n}"
        call = ToolCall(cid, "cam__live_view_image", {"n": n})
        j.begin_turn(tid, "a", ChatMessage(Role.USER, f"look {n}"))
        j.model_message(tid, 0, ChatMessage(Role.ASSISTANT, "", tool_calls=[call]), Usage(1, 1))
        j.tool_registered(tid, 0, call)
        j.tool_running(tid, cid)
        msg = ChatMessage(Role.TOOL, f"frame {n}", [IMG], tool_call_id=cid, tool_name=call.name)
        j.tool_completed(tid, cid, ToolReturn(ToolOutput(f"frame {n}", [IMG])), msg)
        j.end_turn(tid, "-", "seen", Usage(1, 1))
    return store


def _selects(store: Store, read: str) -> tuple[int, int]:
    """(SELECT statements, messages read) for one history read."""
    seen: list[str] = []
    store._conn.set_trace_callback(seen.append)
    if read == "messages":
        got: list[object] = list(store.messages("a"))
    elif read == "messages_last":
        got = list(store.messages("a", last_turns=50))
    else:
        got = list(store.past_messages("a"))
    store._conn.set_trace_callback(None)
    return sum(1 for sql in seen if sql.lstrip().upper().startswith("SELECT")), len(got)


@pytest.mark.parametrize("read", ["messages", "messages_last", "past_messages"])
def test_history_read_issues_a_bounded_number_of_selects(tmp_path: Path, read: str) -> None:
    short, n_short = _selects(_store(tmp_path / "short", 1), read)
    long, n_long = _selects(_store(tmp_path / "long", 10), read)
    assert (n_short, n_long) == (3, 30)
    assert short == long  # not one query per message (or per turn)
    assert short <= 3


def test_history_call_states_are_per_turn(tmp_path: Path) -> None:
    """Two turns reusing one call id keep their own states (the states are grouped by turn)."""
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    for tid, result in (("t1", ToolReturn.ok("ok")), ("t2", ToolReturn.error("boom"))):
        call = ToolCall("c1", "x", {})
        j.begin_turn(tid, "a", ChatMessage(Role.USER, "go"))
        j.model_message(tid, 0, ChatMessage(Role.ASSISTANT, "", tool_calls=[call]), Usage())
        j.tool_registered(tid, 0, call)
        j.tool_running(tid, "c1")
        msg = ChatMessage(Role.TOOL, result.output.text, tool_call_id="c1", is_error=result.is_error)
        j.tool_completed(tid, "c1", result, msg)
        j.end_turn(tid, "-", "", Usage())
    msgs = store.messages("a")
    assert [(m.turn_id, m.kind, [c.state for c in m.tool_calls], m.call_state) for m in msgs] == [
        ("t1", "input", [], None),
        ("t1", "model", ["completed"], None),
        ("t1", "tool", [], "completed"),
        ("t2", "input", [], None),
        ("t2", "model", ["failed"], None),
        ("t2", "tool", [], "failed"),
    ]
