"""Stores written as the engine writes them: a crashed turn, and one completed long call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.store import SqliteJournal, Store
from core.tool import ToolOutput, ToolReturn

# the village of the crashed turn: agent_9 on one anthropic template
CRASHED_CFG = {
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [{"id": "agent_9", "template": "c"}],
}

UNIT = "abc 漢字かな 😀🎉 xyz\n"  # 1-, 3- and 4-byte UTF-8 code points
BODY = (UNIT * (50_000 // len(UNIT) + 1))[:50_000]
NAME = "reader"


def crashed_store(tmp_path: Path, *, final: str | None = None, running: bool = False) -> Store:
    """The journal exactly as the engine writes it, cut while round 1's second call was registered
    (``running``: cut while that call ran)."""
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    user = ChatMessage(Role.USER, "look twice")
    j.begin_turn("t1", "agent_9", user)
    calls = [ToolCall("c1", "first", {}), ToolCall("c2", "second", {})]
    j.model_message("t1", 1, ChatMessage(Role.ASSISTANT, "", tool_calls=calls), Usage(10, 2))
    j.tool_registered("t1", 1, calls[0])
    j.tool_registered("t1", 1, calls[1])
    j.tool_running("t1", "c1")
    ret = ToolReturn(ToolOutput("first result"))
    j.tool_completed(
        "t1", "c1", ret, ChatMessage(Role.TOOL, "first result", tool_call_id="c1", tool_name="first")
    )
    if running:
        j.tool_running("t1", "c2")
    if final is not None:
        if not running:
            j.tool_running("t1", "c2")
        j.tool_completed(
            "t1",
            "c2",
            ToolReturn(ToolOutput("B")),
            ChatMessage(Role.TOOL, "B", tool_call_id="c2", tool_name="second"),
        )
        j.model_message("t1", 2, ChatMessage(Role.ASSISTANT, final), Usage(5, 1))
    return store


def stored_call(
    data_dir: Path,
    body: str = BODY,
    args: dict[str, Any] | None = None,
    turn: str = "t1",
    call: str = "c1",
    model_view: str | None = None,
) -> Store:
    """A real store with one completed ``reader`` call of ``a1``: ``body`` is the whole result; the
    tool message (what the model read) is ``model_view`` when given."""
    store = Store.open(data_dir)
    store.begin_turn(turn, "a1", "a1", ChatMessage(Role.USER, text="read"))
    tc = ToolCall(call, NAME, args if args is not None else {"q": 1})
    store.model_message(turn, 1, ChatMessage(Role.ASSISTANT, tool_calls=[tc]), Usage())
    store.tool_registered(turn, 1, tc)
    store.set_call_state(turn, call, "running", op="tool_running")
    seen = body if model_view is None else model_view
    ret = ToolReturn(ToolOutput(seen), full=None if model_view is None else ToolOutput(body))
    msg = ChatMessage(Role.TOOL, text=seen, tool_call_id=call, tool_name=NAME)
    assert store.tool_completed(turn, call, ret, msg)
    store.end_turn(turn, "-", "done", Usage())
    return store


def damage_blob(store: Store, sha256: str, data: bytes) -> None:
    """Put ``data`` where the stored blob ``sha256`` lives (bit rot, a bad sector): its row in the
    database for a small text kept there, else its file."""
    with store._lock:
        cur = store._conn.execute(
            "UPDATE blobs SET data=? WHERE sha256=? AND data IS NOT NULL", (data, sha256)
        )
    if cur.rowcount == 0:
        store.blobs.path(sha256).write_bytes(data)
