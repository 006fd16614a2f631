"""The question broker: ask_user_question over the event bus (S02-8)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from core.builtin_tools import AskReturn, AskUserQuestion
from core.events import Event, EventBus, QuestionAsked, QuestionSettled
from core.questions import Questions
from core.tool import ToolContext
from tests.fakes.logs import log_lines


class Front:
    """A front end on the bus: records question events and answers with a rule."""

    def __init__(self, bus: EventBus, questions: Questions, rule: Any = None) -> None:
        self.events: list[Event] = []
        self.questions = questions
        self.rule = rule
        self.detach = questions.attach_answerer()
        bus.subscribe(self.on_event)

    def on_event(self, e: Event) -> None:
        if isinstance(e, QuestionAsked | QuestionSettled):
            self.events.append(e)
        if isinstance(e, QuestionAsked) and self.rule is not None:
            self.rule(self.questions, e)


async def ask_tool(questions: Questions, stopped: Any = None, timeout_s: float = 600.0) -> AskReturn:
    hook = questions.hook(agent_id="a1", turn_id="t1", call_id="c1", stopped=stopped)
    ctx = ToolContext(agent_id="a1", language="en", turn_id="t1", call_id="c1", ask_user=hook)
    r = await AskUserQuestion(timeout_s=timeout_s).call(
        {"question": "Red or blue?", "options": ["red", "blue"]}, ctx
    )
    assert isinstance(r, AskReturn)
    return r


def settled(front: Front) -> list[tuple[str, str]]:
    return [(e.outcome, e.answer) for e in front.events if isinstance(e, QuestionSettled)]


@pytest.mark.asyncio
async def test_answer_through_the_bus(event_log: Path) -> None:
    bus = EventBus()
    q = Questions(bus)
    front = Front(bus, q, lambda qs, e: qs.answer(e.request_id, "Error: blue"))
    r = await ask_tool(q)
    assert (r.outcome, r.is_error, r.output.text) == ("answered", False, "Error: blue")
    asked, done = front.events
    assert isinstance(asked, QuestionAsked) and isinstance(done, QuestionSettled)
    assert (asked.agent_id, asked.turn_id, asked.call_id, asked.question, asked.options) == (
        "a1",
        "t1",
        "c1",
        "Red or blue?",
        ("red", "blue"),
    )
    assert done == QuestionSettled("a1", "t1", "c1", asked.request_id, "answered", "Error: blue")
    assert q.pending() == []
    assert q.answer(asked.request_id, "again") is False  # settled once
    lines = log_lines(event_log)
    assert [line.split(" ms=")[0] for line in lines if line.startswith("question ")] == [
        f"question asked: agent=a1 turn=t1 call=c1 request={asked.request_id} options=2 chars=12",
        f"question settled: agent=a1 request={asked.request_id} outcome=answered",
    ]


@pytest.mark.asyncio
async def test_decline() -> None:
    bus = EventBus()
    q = Questions(bus)
    front = Front(bus, q, lambda qs, e: qs.decline(e.request_id))
    r = await ask_tool(q)
    assert (r.outcome, r.is_error, r.output.text) == ("declined", False, "The user declined to answer.")
    assert settled(front) == [("declined", "")]


@pytest.mark.asyncio
async def test_timeout_settles_with_its_own_outcome() -> None:
    bus = EventBus()
    q = Questions(bus)
    front = Front(bus, q)  # shows the question, never answers
    r = await ask_tool(q, timeout_s=0.05)
    assert (r.outcome, r.is_error, r.output.text) == (
        "timeout",
        False,
        "The user did not answer within 0.05 seconds.",
    )
    assert settled(front) == [("timeout", "")]
    assert q.pending() == []


@pytest.mark.asyncio
async def test_stop_withdraws_an_open_question() -> None:
    bus = EventBus()
    q = Questions(bus)
    front = Front(bus, q)
    stop = asyncio.Event()
    task = asyncio.create_task(ask_tool(q, stopped=stop.wait))
    for _ in range(5):
        await asyncio.sleep(0)
    assert [e.question for e in q.pending()] == ["Red or blue?"]
    stop.set()
    r = await asyncio.wait_for(task, 2)
    assert (r.outcome, r.is_error, r.output.text) == (
        "cancelled",
        False,
        "The question was withdrawn because the turn was stopped before the user answered.",
    )
    assert settled(front) == [("cancelled", "")]


@pytest.mark.asyncio
async def test_cancelled_task_still_settles() -> None:
    bus = EventBus()
    q = Questions(bus)
    front = Front(bus, q)
    task = asyncio.create_task(ask_tool(q))
    for _ in range(5):
        await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert settled(front) == [("cancelled", "")]
    assert q.pending() == []


@pytest.mark.asyncio
async def test_no_front_end_means_no_hook() -> None:
    bus = EventBus()
    q = Questions(bus)
    seen: list[Event] = []
    bus.subscribe(seen.append)  # a plain subscriber is not an answerer
    assert q.hook(agent_id="a1", turn_id="t1", call_id="c1") is None
    r = await ask_tool(q)
    assert (r.outcome, r.is_error, r.output.text) == (
        "unavailable",
        True,
        "tool execution failed: no front end is available to ask the user",
    )
    assert seen == []
    detach = q.attach_answerer()
    assert q.available
    detach()
    detach()  # twice is harmless
    assert not q.available


@pytest.mark.asyncio
async def test_last_answerer_leaving_withdraws_open_questions() -> None:
    bus = EventBus()
    q = Questions(bus)
    front = Front(bus, q)
    task = asyncio.create_task(ask_tool(q))
    for _ in range(5):
        await asyncio.sleep(0)
    front.detach()
    r = await asyncio.wait_for(task, 2)
    assert r.outcome == "cancelled"
    assert settled(front) == [("cancelled", "")]


@pytest.mark.asyncio
async def test_answer_from_another_thread_is_set_on_the_loop() -> None:
    bus = EventBus()
    q = Questions(bus)
    front = Front(bus, q)
    task = asyncio.create_task(ask_tool(q))
    for _ in range(5):
        await asyncio.sleep(0)
    (asked,) = q.pending()
    results: list[bool] = []
    t = threading.Thread(target=lambda: results.append(q.answer(asked.request_id, "blue")))
    t.start()
    t.join()
    r = await asyncio.wait_for(task, 2)
    assert results == [True]
    assert (r.outcome, r.output.text) == ("answered", "blue")
    assert settled(front) == [("answered", "blue")]


@pytest.mark.asyncio
async def test_answer_wins_over_a_later_stop() -> None:
    bus = EventBus()
    q = Questions(bus)
    stop = asyncio.Event()

    def answer_then_stop(qs: Questions, e: QuestionAsked) -> None:
        qs.answer(e.request_id, "red")
        stop.set()

    Front(bus, q, answer_then_stop)
    r = await ask_tool(q, stopped=stop.wait)
    assert (r.outcome, r.output.text) == ("answered", "red")
