"""A minimal deterministic turn loop over ``SqliteJournal`` + ``core.recovery``, for the SIGKILL
test (tests/integration/test_recovery_kill.py). It calls the journal exactly as the engine does
(begin_turn, model_message, tool_registered, tool_running, tool_completed, end_turn) with a
scripted model and real ``execute_code`` subprocesses that append their call id to a side file.

    python -m tests.integration.recovery_driver DATA_DIR SIDE_FILE TURNS

``FUSEFORKS_KILL_AFTER=N`` sends SIGKILL to this process at the N-th durable event (a commit, a
new blob file, or a tool that returned but is not recorded yet). Without it the driver prints
``events=<count>`` at the end.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from core.builtin_tools import ExecuteCode
from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.journal import ResumePoint
from core.paths import private_umask
from core.recovery import answered_calls, recover
from core.store import SqliteJournal, Store
from core.tool import ToolContext

ROUNDS = 2  # tool rounds per turn; round ROUNDS is the final answer
CALLS = 2  # calls per tool round
_events = 0
_kill_after = int(os.environ.get("FUSEFORKS_KILL_AFTER", "0"))


def hook(_what: object = None) -> None:
    global _events
    _events += 1
    if _kill_after and _events >= _kill_after:
        os.kill(os.getpid(), signal.SIGKILL)


def call_code(side: Path, call_id: str, big: bool) -> str:
    body = "print('x' * 200_000)" if big else f"print('result of {call_id}')"
    fail = "\nraise SystemExit(1)" if call_id.endswith("c1") and "r1" in call_id else ""
    return (
        f"with open({str(side)!r}, 'a') as f:\n    f.write({call_id!r} + '\\n')\n"
        f"print('ran {call_id}')\n{body}{fail}"
    )


def model_reply(turn: int, rnd: int, side: Path) -> ChatMessage:
    if rnd >= ROUNDS:
        return ChatMessage(Role.ASSISTANT, f"final answer of turn {turn}")
    calls = [
        ToolCall(
            f"k{turn}r{rnd}c{i}", "execute_code", {"code": call_code(side, f"k{turn}r{rnd}c{i}", i == 0)}
        )
        for i in range(CALLS)
    ]
    return ChatMessage(Role.ASSISTANT, f"round {rnd} of turn {turn}", tool_calls=calls)


async def run_turn(
    journal: SqliteJournal, tool: ExecuteCode, side: Path, turn: int, point: ResumePoint | None
) -> None:
    turn_id = f"turn-{turn}"
    if point is None:
        journal.begin_turn(turn_id, "agent_1", ChatMessage(Role.USER, f"please work, turn {turn}"))
        messages: list[ChatMessage] = []
        rnd = 0
        usage = Usage()
    else:
        messages = list(point.messages)
        rnd = point.rounds_done
        usage = point.usage
    while True:
        last = next((m for m in reversed(messages) if m.role is Role.ASSISTANT), None)
        answered = answered_calls(messages)
        pending = [c for c in last.tool_calls if c.id not in answered] if last else []
        if last is not None and not last.tool_calls:
            journal.end_turn(turn_id, "-", last.text, usage)
            return
        if not pending:
            reply = model_reply(turn, rnd, side)
            journal.model_message(turn_id, rnd, reply, Usage(10, 2))
            usage = usage + Usage(10, 2)
            for c in reply.tool_calls:
                journal.tool_registered(turn_id, rnd, c)
            messages.append(reply)
            rnd += 1
            continue
        for c in pending:
            journal.tool_registered(turn_id, rnd - 1, c)  # idempotent; a kill may have cut registration
            journal.tool_running(turn_id, c.id)
            ctx = ToolContext(agent_id="agent_1", language="en", turn_id=turn_id, call_id=c.id)
            result = await tool.call(c.arguments, ctx)
            hook("tool_returned")
            msg = ChatMessage(
                Role.TOOL, result.output.text, tool_call_id=c.id, tool_name=c.name, is_error=result.is_error
            )
            journal.tool_completed(turn_id, c.id, result, msg)
            messages.append(msg)


async def main(data_dir: Path, side: Path, turns: int) -> None:
    private_umask()  # as the app starts (app/__main__.py)
    store = Store.open(data_dir)
    store.after_commit = hook
    store.blobs.after_write = hook
    journal = SqliteJournal(store)
    tool = ExecuteCode(data_dir / "work")
    for point in recover(store):
        await run_turn(journal, tool, side, int(point.turn_id.split("-")[1]), point)
    for turn in range(turns):
        if store.turn_state(f"turn-{turn}") is None:
            await run_turn(journal, tool, side, turn, None)
    store.close()
    print(f"events={_events}")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])))
