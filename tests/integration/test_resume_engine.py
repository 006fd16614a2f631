"""The real turn engine resumes a crashed turn from the durable store (S02-3, S02-5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.config import parse_config
from core.recovery import recover
from core.store import SqliteJournal, Store
from core.tool import ToolOutput, ToolReturn
from core.village import Village
from tests.fakes.scripted import EchoTool, ScriptedBackend, reply

CFG = {
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [{"id": "agent_9", "template": "c"}],
}


def crashed_store(tmp_path: Path, *, final: str | None = None) -> Store:
    """The journal exactly as the engine writes it, cut while round 1's second call was registered."""
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
    if final is not None:
        j.tool_running("t1", "c2")
        j.tool_completed(
            "t1",
            "c2",
            ToolReturn(ToolOutput("B")),
            ChatMessage(Role.TOOL, "B", tool_call_id="c2", tool_name="second"),
        )
        j.model_message("t1", 2, ChatMessage(Role.ASSISTANT, final), Usage(5, 1))
    return store


@pytest.mark.asyncio
async def test_resume_reuses_the_completed_call_and_runs_the_not_started_one(tmp_path: Path) -> None:
    store = crashed_store(tmp_path)
    first, second = EchoTool("first", "A again"), EchoTool("second", "B")
    backend = ScriptedBackend([reply("both seen")])
    village = Village(parse_config(CFG), backend_factory=lambda t: backend, journal=SqliteJournal(store))
    village.add_tools("agent_9", [first, second])
    points = recover(store)
    assert len(points) == 1
    outcome = await village.resume(points[0]).wait()
    assert (first.runs, second.runs) == (0, 1)
    assert outcome.text == "both seen"
    assert [m.text for m in backend.requests[0].messages] == ["look twice", "", "first result", "B"]
    assert recover(store) == []  # the turn is finished now


@pytest.mark.asyncio
async def test_turn_cut_after_its_final_reply_finishes_without_a_model_call(tmp_path: Path) -> None:
    store = crashed_store(tmp_path, final="all done")
    backend = ScriptedBackend([])
    village = Village(parse_config(CFG), backend_factory=lambda t: backend, journal=SqliteJournal(store))
    village.add_tools("agent_9", [EchoTool("first"), EchoTool("second")])
    outcome = await village.resume(recover(store)[0]).wait()
    assert outcome.text == "all done" and backend.requests == []
