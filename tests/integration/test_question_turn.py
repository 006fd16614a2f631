"""A real Village turn whose model calls ask_user_question, answered by a front end over the bus."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from core.builtin_tools import for_agent
from core.canonical import Role
from core.config import Agent, parse_config
from core.events import Event, QuestionAsked, QuestionSettled, ToolFinished, TurnFinished
from core.tool import AgentTool
from core.village import Village
from tests.fakes.scripted import ScriptedBackend, call, reply
from tests.fakes.waits import until


def make_village(tmp_path: Path, backend: ScriptedBackend, builtin: list[str] | None = None) -> Village:
    agent: dict[str, object] = {"id": "a1", "name": "Muse", "template": "t"}
    if builtin is not None:
        agent["builtin_tools"] = builtin
    config = parse_config(
        {"templates": [{"name": "t", "protocol": "anthropic", "model": "m"}], "agents": [agent]}
    )

    def tools(a: Agent, language: str) -> list[AgentTool]:
        return for_agent(a.builtin_tools, tmp_path / "code" / a.id, language=language)

    return Village(config, backend_factory=lambda _t: backend, builtin_tools=tools)


def tool_messages(backend: ScriptedBackend, index: int) -> list[tuple[str, str, bool]]:
    return [
        (m.tool_call_id or "", m.text, m.is_error)
        for m in backend.requests[index].messages
        if m.role is Role.TOOL
    ]


@pytest.mark.asyncio
async def test_answer_over_the_bus_reaches_the_model(tmp_path: Path) -> None:
    backend = ScriptedBackend(
        [
            call(
                "ask_user_question", {"question": "Which colour?", "options": ["red", "blue"]}, call_id="q1"
            ),
            reply("Blue it is."),
        ]
    )
    village = make_village(tmp_path, backend)
    events: list[Event] = []
    detach = village.questions.attach_answerer()

    def front(e: Event) -> None:
        events.append(e)
        if isinstance(e, QuestionAsked):
            asyncio.get_running_loop().call_soon(
                village.questions.answer, e.request_id, "Error: blue, please"
            )

    village.bus.subscribe(front)
    handle = village.send("a1", "paint it")
    outcome = await asyncio.wait_for(handle.wait(), 5)
    detach()
    assert (outcome.text, outcome.stop) == ("Blue it is.", "-")
    assert [t.name for t in backend.requests[0].tools] == ["ask_user_question"]
    assert tool_messages(backend, 1) == [("q1", "Error: blue, please", False)]
    asked = next(e for e in events if isinstance(e, QuestionAsked))
    assert (asked.agent_id, asked.turn_id, asked.call_id, asked.question, asked.options) == (
        "a1",
        handle.turn_id,
        "q1",
        "Which colour?",
        ("red", "blue"),
    )
    kinds = [
        type(e).__name__ for e in events if isinstance(e, QuestionAsked | QuestionSettled | ToolFinished)
    ]
    assert kinds == ["QuestionAsked", "QuestionSettled", "ToolFinished"]
    done = next(e for e in events if isinstance(e, QuestionSettled))
    assert done == QuestionSettled(
        "a1", handle.turn_id, "q1", asked.request_id, "answered", "Error: blue, please"
    )


@pytest.mark.asyncio
async def test_without_a_front_end_the_model_reads_the_structured_error(tmp_path: Path) -> None:
    backend = ScriptedBackend([call("ask_user_question", {"question": "Which?"}, call_id="q1"), reply("ok")])
    village = make_village(tmp_path, backend)
    await asyncio.wait_for(village.send("a1", "go").wait(), 5)
    assert tool_messages(backend, 1) == [
        ("q1", "tool execution failed: no front end is available to ask the user", True)
    ]


@pytest.mark.asyncio
async def test_stop_withdraws_the_question_and_ends_the_turn(tmp_path: Path) -> None:
    backend = ScriptedBackend([call("ask_user_question", {"question": "Wait?"}, call_id="q1")])
    village = make_village(tmp_path, backend)
    detach = village.questions.attach_answerer()
    events: list[Event] = []
    village.bus.subscribe(events.append)
    handle = village.send("a1", "go")
    await until(village.questions.pending)
    assert [q.call_id for q in village.questions.pending()] == ["q1"]
    handle.stop()
    outcome = await asyncio.wait_for(handle.wait(), 5)
    detach()
    assert outcome.stop == "interrupted"
    assert len(backend.requests) == 1  # no model call after the stop
    settled = [e for e in events if isinstance(e, QuestionSettled)]
    assert [(e.call_id, e.outcome) for e in settled] == [("q1", "cancelled")]
    finished = next(e for e in events if isinstance(e, ToolFinished))
    assert (finished.ok, finished.body) == (
        True,
        "The question was withdrawn because the turn was stopped before the user answered.",
    )
    assert any(isinstance(e, TurnFinished) and e.stop == "interrupted" for e in events)


@pytest.mark.asyncio
async def test_execute_code_only_when_configured(tmp_path: Path) -> None:
    backend = ScriptedBackend([call("execute_code", {"code": "print(6*7)"}, call_id="x1"), reply("42")])
    village = make_village(tmp_path, backend, ["execute_code"])
    assert [t.name for t in village.tools("a1")] == ["execute_code"]
    await asyncio.wait_for(village.send("a1", "compute").wait(), 20)
    assert tool_messages(backend, 1) == [("x1", "exit code: 0\nstdout:\n42", False)]
    assert (tmp_path / "code" / "a1").is_dir()
    plain = make_village(tmp_path, ScriptedBackend([reply("hi")]))
    assert [t.name for t in plain.tools("a1")] == ["ask_user_question"]
