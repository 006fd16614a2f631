"""Stop while the model call is in flight (D-5) and save errors that must block a call (S02-3)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from core.canonical import ChatMessage, Role, ToolCall
from core.config import Template
from core.journal import JournalError, NullJournal
from core.llm.http import http_backend
from core.notes import note
from core.turn_control import TurnControl
from tests.fakes.logs import log_lines
from tests.fakes.providers import FakeProvider, Reply
from tests.fakes.scripted import EchoTool, ScriptedBackend, call, calls, reply
from tests.fakes.turns import make_turn
from tests.fakes.waits import until

GENEROUS = 10.0  # a Stop must not sit out a retry wait (60 s); this bound only catches that

INTERRUPTED = re.compile(r"turn interrupted: agent=agent_9 rounds=(\d+) elapsed_ms=\d+ model=(\S+)")


# ---------------------------------------------------------------- D-5: Stop during a model call
@pytest.mark.asyncio
async def test_stop_cuts_a_model_call_in_flight_and_keeps_the_history(event_log: Path) -> None:
    control = TurnControl()
    tool = EchoTool("echo", "frame")
    backend = ScriptedBackend([call("echo", call_id="c1"), reply("never")], hang_on=2)
    task = asyncio.create_task(make_turn(backend, [tool], control=control).run())
    await until(lambda: len(backend.requests) == 2, within=GENEROUS)
    assert not task.done()
    control.stop()
    outcome = await asyncio.wait_for(task, GENEROUS)
    assert (outcome.stop, outcome.rounds, tool.runs, backend.cancelled) == ("interrupted", 1, 1, 1)
    assert outcome.text == note("interrupted", "en", agent="agent_9")
    assert [(m.role, m.text) for m in outcome.messages] == [
        (Role.USER, "look"),
        (Role.ASSISTANT, ""),
        (Role.TOOL, "frame"),
    ]
    assert len(backend.steps) == 1  # the cut call never consumed its step
    lines = log_lines(event_log)
    m = INTERRUPTED.fullmatch(lines[-2])
    assert m is not None and m.groups() == ("1", "scripted-1"), lines[-2]
    assert lines[-1] == (
        "turn: agent=agent_9 backend=scripted stop=interrupted input=10 output=5 cache_read=0 "
        "cache_write=0 rounds=1/12 model=scripted-1"
    )


@pytest.mark.asyncio
async def test_stop_during_the_first_model_call_ends_with_no_round_counted(event_log: Path) -> None:
    control = TurnControl()
    backend = ScriptedBackend([], hang_on=1)
    task = asyncio.create_task(make_turn(backend, [], control=control).run())
    await until(lambda: len(backend.requests) == 1, within=GENEROUS)
    control.stop()
    outcome = await asyncio.wait_for(task, GENEROUS)
    assert (outcome.stop, outcome.rounds, backend.cancelled) == ("interrupted", 0, 1)
    assert [m.role for m in outcome.messages] == [Role.USER]
    lines = log_lines(event_log)
    m = INTERRUPTED.fullmatch(lines[-2])
    assert m is not None and m.groups() == ("0", "scripted-1")
    assert lines[-1] == (
        "turn: agent=agent_9 backend=scripted stop=interrupted input=0 output=0 cache_read=0 "
        "cache_write=0 rounds=0/12 model=scripted-1"
    )


@pytest.mark.asyncio
async def test_stop_during_the_summary_call_cuts_it(event_log: Path) -> None:
    control = TurnControl()
    backend = ScriptedBackend([call("echo")], hang_on=2)  # round 1, then the summary call hangs
    task = asyncio.create_task(make_turn(backend, [EchoTool()], control=control, max_tool_rounds=1).run())
    await until(lambda: len(backend.requests) == 2, within=GENEROUS)
    assert backend.requests[1].tool_choice == "none"  # it is the summary call
    control.stop()
    outcome = await asyncio.wait_for(task, GENEROUS)
    assert (outcome.stop, outcome.rounds, backend.cancelled) == ("interrupted", 1, 1)
    assert [m.role for m in outcome.messages] == [Role.USER, Role.ASSISTANT, Role.TOOL]
    lines = log_lines(event_log)
    assert INTERRUPTED.fullmatch(lines[-2]) is not None
    assert lines[-1].startswith("turn: agent=agent_9 backend=scripted stop=interrupted ")
    assert " rounds=1/1 " in lines[-1]


@pytest.mark.asyncio
async def test_stop_before_the_summary_call_makes_no_further_model_call(event_log: Path) -> None:
    control = TurnControl()

    class StopWhileRunning(EchoTool):
        async def call(self, args: dict[str, Any], ctx: Any) -> Any:
            control.stop()
            return await super().call(args, ctx)

    backend = ScriptedBackend([call("stopper"), reply("summary that must not be asked for")])
    outcome = await make_turn(
        backend, [StopWhileRunning("stopper")], control=control, max_tool_rounds=1
    ).run()
    assert (outcome.stop, len(backend.requests)) == ("interrupted", 1)
    assert log_lines(event_log)[-1].startswith("turn: agent=agent_9 backend=scripted stop=interrupted ")


@pytest.mark.asyncio
async def test_stop_during_a_provider_retry_wait_returns_at_once(event_log: Path) -> None:
    """A real wire against the local fake provider: a 429 with Retry-After: 50 makes the HTTP
    layer wait 50 s; Stop must cut that wait."""
    control = TurnControl()
    with FakeProvider("anthropic", key="k-test-key") as fake:
        fake.script(Reply.error(429, retry_after="50"), Reply.say("too late"))
        async with httpx.AsyncClient() as client:
            template = Template("t", "anthropic", "m-1", base_url=fake.url, stream=False)
            backend = http_backend(template, "k-test-key", client)
            turn = make_turn(backend, [], control=control)  # type: ignore[arg-type]
            task = asyncio.create_task(turn.run())
            await until(
                lambda: any(x.startswith("llm retry:") for x in log_lines(event_log)), within=GENEROUS
            )
            started = asyncio.get_running_loop().time()
            control.stop()
            outcome = await asyncio.wait_for(task, GENEROUS)
            waited = asyncio.get_running_loop().time() - started
    assert waited < GENEROUS  # not the 50 s wait (not a speed test: only a hung Stop fails)
    assert (outcome.stop, outcome.rounds) == ("interrupted", 0)
    assert [r.status for r in fake.requests] == [429]  # the retry was never sent
    lines = log_lines(event_log)
    retry = [x for x in lines if x.startswith("llm retry")]
    assert len(retry) == 1 and re.fullmatch(
        r"llm retry: model=m-1 attempt=1/3 status=429 class=rate_limit code=rate_limit_error hint=50s "
        r"src=header wait=5\d{4}ms",  # 50 s and its jitter: the wait Stop had to cut
        retry[0],
    ), retry
    m = INTERRUPTED.fullmatch(lines[-2])
    assert m is not None and m.groups() == ("0", "m-1")
    assert lines[-1] == (
        "turn: agent=agent_9 backend=anthropic stop=interrupted input=0 output=0 cache_read=0 "
        "cache_write=0 rounds=0/12 model=m-1"
    )


# ---------------------------------------------------------------- S02-3: a save error blocks the call
class FailingJournal(NullJournal):
    """Raises JournalError for the named writes (of the named calls, if given)."""

    def __init__(self, fail: str, calls: set[str] | None = None) -> None:
        self.fail = fail
        self.calls = calls
        self.log: list[tuple[str, str]] = []

    def _check(self, op: str, call_id: str) -> None:
        self.log.append((op, call_id))
        if op == self.fail and (self.calls is None or call_id in self.calls):
            raise JournalError(op, "t1", call_id)

    def tool_registered(self, turn_id: str, round: int, call: ToolCall) -> None:
        self._check("tool_registered", call.id)

    def tool_running(self, turn_id: str, call_id: str) -> None:
        self._check("tool_running", call_id)

    def tool_completed(self, turn_id: str, call_id: str, result: Any, message: ChatMessage) -> None:
        self.log.append(("tool_completed", call_id))


@pytest.mark.asyncio
@pytest.mark.parametrize("fail", ["tool_running", "tool_registered"])
async def test_a_call_whose_record_failed_is_not_executed_and_the_model_is_told(
    fail: str, event_log: Path
) -> None:
    camera, other = EchoTool("cam", "frame"), EchoTool("other", "fine")
    journal = FailingJournal(fail, {"c1"})
    backend = ScriptedBackend([calls([("cam", {}), ("other", {})], ids=["c1", "c2"]), reply("ok")])
    outcome = await make_turn(backend, [camera, other], journal=journal).run()
    assert (camera.runs, other.runs) == (0, 1)  # the side effect never happened
    assert outcome.stop == "-"
    results = backend.requests[1].messages[-2:]
    assert [(m.tool_call_id, m.text, m.is_error) for m in results] == [
        ("c1", note("tool_not_recorded", "en", name="cam"), True),
        ("c2", "fine", False),
    ]
    assert results[0].text == (
        "tool execution failed: cam was not run because the call could not be recorded "
        "(a save error); it is safe to ask for it again"
    )
    expected_ops = [("tool_registered", "c1"), ("tool_registered", "c2")]
    if fail == "tool_running":
        expected_ops.append(("tool_running", "c1"))
    assert journal.log[: len(expected_ops)] == expected_ops
    assert ("tool_running", "c1") in journal.log or fail == "tool_registered"
    if fail == "tool_registered":
        assert ("tool_running", "c1") not in journal.log  # never marked running
    assert sorted(x for x in journal.log if x[0] == "tool_completed") == [
        ("tool_completed", "c1"),
        ("tool_completed", "c2"),
    ]
    lines = log_lines(event_log)
    assert "tool not recorded: agent=agent_9 round=1 name=cam" in lines
    cam_line = next(x for x in lines if x.startswith("tool: agent=agent_9 round=1 name=cam "))
    assert re.fullmatch(
        r"tool: agent=agent_9 round=1 name=cam ok=false ms=\d+ body_chars="
        + str(len(note("tool_not_recorded", "en", name="cam"))),
        cam_line,
    )
    assert not any(x.startswith("tool not recorded:") and "name=other" in x for x in lines)


@pytest.mark.asyncio
async def test_the_not_recorded_note_is_in_the_village_language() -> None:
    cam = EchoTool("cam", "frame")
    backend = ScriptedBackend([call("cam", call_id="c1"), reply("ok")])
    await make_turn(backend, [cam], journal=FailingJournal("tool_running"), language="ja").run()
    assert backend.requests[1].messages[-1].text == note("tool_not_recorded", "ja", name="cam")
    assert cam.runs == 0
