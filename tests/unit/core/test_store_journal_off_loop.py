"""The engine runs the SQLite journal's writes in a worker thread (``SqliteJournal.blocking``) and
awaits each one: the UI loop is free while fsync runs, the records keep the engine's order, and
each is committed before the step that depends on it (S02-3)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from core.canonical import ChatRequest, ChatResponse
from core.journal import NullJournal
from core.store import SqliteJournal, Store
from core.tool import ToolContext, ToolOutput, ToolReturn
from tests.fakes.scripted import EchoTool, ScriptedBackend, call, reply
from tests.fakes.turns import make_turn

ORDER = [
    "begin_turn",
    "model_message",
    "tool_registered",
    "tool_running",
    "tool_completed",
    "model_message",
    "end_turn",
]


class ProbeTool(EchoTool):
    """Records the call states that were committed when the tool started."""

    def __init__(self, store: Store) -> None:
        super().__init__("probe", "seen")
        self.store = store
        self.seen: dict[str, str] = {}

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        self.seen = self.store.call_states(ctx.turn_id)
        return ToolReturn(ToolOutput("seen"))


@pytest.mark.asyncio
async def test_writes_run_off_the_loop_in_order_and_are_committed_before_the_next_step(
    tmp_path: Path, event_log: Path
) -> None:
    store = Store.open(tmp_path)
    commits: list[tuple[str, bool]] = []
    store.after_commit = lambda op: commits.append(
        (op, threading.current_thread() is threading.main_thread())
    )
    probe = ProbeTool(store)
    before_second_call: dict[str, str] = {}

    def second(request: ChatRequest) -> ChatResponse:
        before_second_call.update(store.call_states("t1"))
        return reply("done")

    backend = ScriptedBackend([call("probe", call_id="c1"), second])
    ticks = 0

    async def ticker() -> None:  # the loop keeps running while the writes wait for the disk
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    task = asyncio.ensure_future(ticker())
    try:
        outcome = await make_turn(backend, [probe], journal=SqliteJournal(store)).run()
    finally:
        task.cancel()
    assert outcome.text == "done"
    assert [op for op, _ in commits] == ORDER
    assert [on_loop for _, on_loop in commits] == [False] * len(ORDER)
    assert probe.seen == {"c1": "running"}  # durable before the tool ran
    assert before_second_call == {"c1": "completed"}  # durable before the model saw the result
    assert store.turn_state("t1") == ("done", "-")
    assert ticks > len(ORDER)
    store.close()


@pytest.mark.asyncio
async def test_a_journal_that_does_not_block_is_called_on_the_loop(event_log: Path) -> None:
    threads: list[bool] = []

    class Recording(NullJournal):
        def begin_turn(self, *args: Any) -> None:
            threads.append(threading.current_thread() is threading.main_thread())

        def end_turn(self, *args: Any) -> None:
            threads.append(threading.current_thread() is threading.main_thread())

    await make_turn(ScriptedBackend([reply("hi")]), [], journal=Recording()).run()
    assert threads == [True, True]
    assert SqliteJournal.blocking is True


@pytest.mark.asyncio
async def test_the_first_request_goes_out_while_the_turn_begins_and_no_tool_runs_before_it(
    tmp_path: Path, event_log: Path
) -> None:
    """Issue 14, row 4: begin_turn's synchronous commit is written while the first request is on
    its way (it waits for the disk, the request does not); the first record after it, and so
    every tool, waits for it (L-9)."""
    store = Store.open(tmp_path)
    order: list[str] = []
    sent = threading.Event()

    def before_tx(op: str) -> None:
        if op == "begin_turn":
            sent.wait(5)  # the disk is slow: the request is sent meanwhile
        order.append(op)

    store.before_tx = before_tx
    probe = ProbeTool(store)

    def first(request: ChatRequest) -> ChatResponse:
        order.append("request")
        sent.set()
        return call("probe", call_id="c1")

    backend = ScriptedBackend([first, reply("done")])
    outcome = await make_turn(backend, [probe], journal=SqliteJournal(store)).run()
    assert outcome.text == "done"
    assert order[:3] == ["request", "begin_turn", "model_message"]
    assert probe.seen == {"c1": "running"} and store.turn_state("t1") == ("done", "-")
    store.close()
