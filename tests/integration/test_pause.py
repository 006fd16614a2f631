"""Pause and resume at the Village level over the durable store (S02-5).

``TurnHandle.pause()`` takes effect at the next boundary (before a model request, or before a
round's tool calls run): pending calls are recorded not executed, the turn ends ``paused``
(``TurnFinished(stop="paused")``), the agent is idle, and ``Village.resume(point)`` continues it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from core.canonical import ChatRequest, ChatResponse, Role
from core.config import parse_config
from core.events import Event, TurnFinished
from core.notes import note
from core.recovery import pending_calls, recover
from core.store import SqliteJournal, Store
from core.tool import ToolContext, ToolReturn
from core.village import AgentState, TurnHandle, Village
from tests.fakes.logs import log_lines
from tests.fakes.scripted import EchoTool, ScriptedBackend, calls, reply

CFG = {
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [{"id": "agent_9", "template": "c"}],
}
PAUSED_TEXT = note("paused", "en", agent="agent_9")


def village_on(store: Store, backend: ScriptedBackend, *tools: EchoTool) -> tuple[Village, list[Event]]:
    village = Village(parse_config(CFG), backend_factory=lambda t: backend, journal=SqliteJournal(store))
    village.add_tools("agent_9", list(tools))
    seen: list[Event] = []
    village.bus.subscribe(seen.append)
    return village, seen


def finished(seen: list[Event]) -> list[tuple[str, str]]:
    return [(e.stop, e.text) for e in seen if isinstance(e, TurnFinished)]


def state(village: Village) -> AgentState:
    return village.statuses()[0].state


@pytest.mark.asyncio
async def test_pause_while_the_model_answers_keeps_its_calls_pending_then_resumes(
    tmp_path: Path, event_log: Path
) -> None:
    store = Store.open(tmp_path)
    first, second = EchoTool("first", "A"), EchoTool("second", "B")
    handle: list[TurnHandle] = []

    def answer_and_pause(request: ChatRequest) -> ChatResponse:
        handle[0].pause()  # accepted while the model call runs: the calls it asks for wait
        return calls([("first", {}), ("second", {})], ids=["c1", "c2"])

    backend = ScriptedBackend([answer_and_pause, reply("both seen")])
    village, seen = village_on(store, backend, first, second)
    handle.append(village.send("agent_9", "look twice"))
    outcome = await handle[0].wait()

    assert (outcome.stop, outcome.text, outcome.rounds) == ("paused", PAUSED_TEXT, 1)
    assert (first.runs, second.runs) == (0, 0)  # took effect before the next real execution
    assert store.call_states(handle[0].turn_id) == {"c1": "not_executed", "c2": "not_executed"}
    assert store.turn_state(handle[0].turn_id) == ("paused", "paused")
    assert finished(seen) == [("paused", PAUSED_TEXT)]
    assert state(village) is AgentState.IDLE
    assert village.history("agent_9") == []  # joins the history when the resumed turn ends
    tid = handle[0].turn_id
    lines = log_lines(event_log)
    assert lines[-4:-1] == [
        f"pause requested: agent=agent_9 turn={tid}",
        "round: agent=agent_9 round=1 input=10 output=5 cache_read=0 cache_write=0",  # answered after
        f"turn paused: turn={tid} not_executed=2",
    ]
    assert lines[-1] == (
        "turn: agent=agent_9 backend=scripted stop=paused input=10 output=5 cache_read=0 cache_write=0 "
        "rounds=1/12 model=scripted-1"
    )
    point = outcome.resume
    assert point is not None and point.paused
    assert [c.id for c in pending_calls(point)] == ["c1", "c2"] and point.completed == {}

    again = await village.resume(point).wait()
    assert (again.stop, again.text) == ("-", "both seen")
    assert (first.runs, second.runs) == (1, 1)
    assert [m.text for m in backend.requests[1].messages] == ["look twice", "", "A", "B"]
    assert store.call_states(tid) == {"c1": "completed", "c2": "completed"}
    assert store.turn_state(tid) == ("done", "-")
    assert [m.role for m in village.history("agent_9")] == [
        Role.USER,
        Role.ASSISTANT,
        Role.TOOL,
        Role.TOOL,
        Role.ASSISTANT,
    ]
    assert finished(seen) == [("paused", PAUSED_TEXT), ("-", "both seen")]
    assert recover(store) == []
    store.close()


class PausingTool(EchoTool):
    """Asks for a pause while it runs (a completed operation, then the boundary)."""

    def __init__(self, handle: list[TurnHandle]) -> None:
        super().__init__("snap", "frame")
        self.handle = handle

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        self.handle[0].pause()
        return await super().call(args, ctx)


@pytest.mark.asyncio
async def test_pause_after_a_tool_stops_before_the_next_model_request_and_resumes_after_a_restart(
    tmp_path: Path, event_log: Path
) -> None:
    store = Store.open(tmp_path)
    handle: list[TurnHandle] = []
    snap = PausingTool(handle)
    backend = ScriptedBackend([calls([("snap", {})], ids=["c1"]), reply("never asked before resume")])
    village, seen = village_on(store, backend, snap)
    handle.append(village.send("agent_9", "take one"))
    outcome = await handle[0].wait()
    tid = handle[0].turn_id
    assert (outcome.stop, snap.runs, len(backend.requests)) == ("paused", 1, 1)  # no second request
    assert finished(seen) == [("paused", PAUSED_TEXT)]
    assert store.call_states(tid) == {"c1": "completed"}
    assert f"turn paused: turn={tid} not_executed=0" in log_lines(event_log)
    assert state(village) is AgentState.IDLE
    await village.close()
    store.close()

    # a restart: the paused turn is found by recovery and continues with the model request
    store = Store.open(tmp_path)
    [point] = recover(store)
    assert (point.turn_id, point.user_message.text, point.paused) == (tid, "take one", True)
    assert pending_calls(point) == []
    resumed_backend = ScriptedBackend([reply("one frame seen")])
    village, _ = village_on(store, resumed_backend, snap)
    again = await village.resume(point).wait()
    assert (again.stop, again.text, snap.runs) == ("-", "one frame seen", 1)  # never run again
    assert [m.text for m in resumed_backend.requests[0].messages] == ["take one", "", "frame"]
    assert store.turn_state(tid) == ("done", "-")
    await village.close()
    store.close()


@pytest.mark.asyncio
async def test_paused_before_its_first_operation_resumes_from_its_input(
    tmp_path: Path, event_log: Path
) -> None:
    store = Store.open(tmp_path)
    backend = ScriptedBackend([reply("hello")])
    village, seen = village_on(store, backend)
    handle = village.send("agent_9", "say hello")
    handle.pause()  # before the turn made its first model request
    outcome = await handle.wait()
    assert (outcome.stop, outcome.rounds, backend.requests) == ("paused", 0, [])
    assert [m.role for m in outcome.messages] == [Role.USER]  # no invented model reply
    assert store.turn_state(handle.turn_id) == ("paused", "paused")
    lines = log_lines(event_log)
    assert re.fullmatch(
        r"turn: agent=agent_9 backend=scripted stop=paused .* rounds=0/12 model=scripted-1", lines[-1]
    )

    [point] = recover(store)
    assert (point.user_message.text, point.messages, point.completed) == ("say hello", [], {})
    # meanwhile the agent is idle and takes other requests
    other = await village.send("agent_9", "are you there").wait()
    assert other.stop == "-" and other.text == "hello"
    backend.steps.append(reply("hello again"))
    again = await village.resume(point).wait()
    assert again.text == "hello again"
    assert [m.text for m in backend.requests[-1].messages][-1] == "say hello"
    assert finished(seen) == [("paused", PAUSED_TEXT), ("-", "hello"), ("-", "hello again")]
    await village.close()
    store.close()


@pytest.mark.asyncio
async def test_stop_wins_over_pause_at_the_same_boundary(tmp_path: Path, event_log: Path) -> None:
    store = Store.open(tmp_path)
    backend = ScriptedBackend([reply("unused")])
    village, seen = village_on(store, backend)
    handle = village.send("agent_9", "go")
    handle.pause()
    handle.stop()
    outcome = await handle.wait()
    assert outcome.stop == "interrupted" and outcome.resume is None
    assert finished(seen) == [("interrupted", note("interrupted", "en", agent="agent_9"))]
    assert store.turn_state(handle.turn_id) == ("done", "interrupted")
    assert recover(store) == []
    await village.close()
    store.close()
