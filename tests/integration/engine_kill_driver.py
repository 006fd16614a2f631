"""The real engine under SIGKILL: a scripted scenario run by ``core.village.Village`` (so
``core.turn.Turn``) with ``SqliteJournal`` on a real ``Store``, the real ``VillagePipeline`` and the
real built-in ``execute_code`` (Python subprocesses), for tests/integration/test_engine_kill.py.

    python -m tests.integration.engine_kill_driver STORE_DIR KILL_SPEC

The scenario: agent ``agent_1`` answers two user requests (``please work, turn K``); for each, the
scripted model asks for two ``execute_code`` calls in each of two rounds, then gives the final text
``final answer of turn K``. Every call's code appends its call id (``tKrRcI``) to
``STORE_DIR/ran.log`` first, so executions can be counted; ``c0`` prints 200,000 characters (the
pipeline spills it), ``t*r1c1`` exits with status 1 (an error result).

On start the driver does what the app does (app/launcher.py ``resume_cut_turns``):
``core.recovery.recover(store)`` then ``Village.resume(point)`` for every cut turn; then it sends
the scenario's requests whose input is not stored yet, one after the other.

``KILL_SPEC`` says where this process SIGKILLs itself (nothing in the engine is patched; the hooks
sit at its seams: the journal object, the tool object, the store's commit and blob-file hooks):

- ``before:OP@N`` / ``after:OP@N``: around the N-th ``SqliteJournal.OP`` write of this process
  (OP: begin_turn, model_message, tool_registered, tool_running, tool_completed, end_turn);
- ``tool_start@N``: once the N-th tool subprocess of this process has started and appended its
  line to ran.log (it is still running or just exited; the engine has not seen its result);
- ``tool_finish@N``: the N-th tool subprocess has exited, before the engine gets its result;
- ``hold:tool_running@N``: at the N-th ``tool_running`` write, hold it until another call's
  completion is durable, then die: one call of the round completed, the other never started;
- ``commit@N``: right after the N-th SQLite commit of this process (recovery's included);
- ``blob@N``: right after the N-th new blob file is written, before its transaction commits;
- ``recovery_tx@N``: just before the N-th write transaction of ``core.recovery.recover`` begins
  (this process's recovery only); ``recovered@N``: once recovery has returned, before any cut turn
  is resumed (N is 1: recovery runs once a start). With the store on a full disk
  (tests/integration/test_engine_kill.py's full-disk cases) recovery cannot write: these are the
  kills during a recovery that failed or stopped half-way;
- ``none``: no kill; the driver prints the per-kind counts as JSON on its last stdout line.

``FUSEFORKS_WAL_TRACE=1`` keeps the write-ahead log (``PRAGMA wal_autocheckpoint=0``) and appends
``OP WAL_SIZE`` to ``STORE_DIR/wal.trace`` after every commit, so a test can find (and damage) the
WAL frames of one commit (tests/integration/test_wal_damage.py).

``FUSEFORKS_SAME_SECOND=1`` makes the clock read the same second while the village is made, as
for every run of a quick restart: its turn ids must still never repeat a stored one.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from core.builtin_tools import ExecuteCode
from core.canonical import ChatMessage, ChatRequest, ChatResponse, Role, ToolCall, Usage
from core.config import Agent, parse_config
from core.log import LOG
from core.paths import private_umask
from core.recovery import recover
from core.results import VillagePipeline
from core.store import SqliteJournal, Store
from core.tool import AgentTool, ToolContext, ToolReturn
from core.village import Village
from tests.fakes.scripted import ScriptedBackend, calls, reply

AGENT = "agent_1"
TURNS = 2
ROUNDS = 2  # tool rounds per turn, then the final text
CALLS = 2  # execute_code calls per tool round
JOURNAL_OPS = ("begin_turn", "model_message", "tool_registered", "tool_running", "tool_completed", "end_turn")
CONFIG = {
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [{"id": AGENT, "template": "c", "builtin_tools": ["execute_code"]}],
}
HOLD = "hold:tool_running"
HOLD_POLLS = 20_000  # x 1 ms: how long a hold waits for the other call's completion
START_POLLS = 10_000  # x 2 ms: how long tool_start waits for the line in ran.log


def user_text(turn: int) -> str:
    return f"please work, turn {turn}"


def final_text(turn: int) -> str:
    return f"final answer of turn {turn}"


def call_id(turn: int, rnd: int, i: int) -> str:
    return f"t{turn}r{rnd}c{i}"


def fails(cid: str) -> bool:
    return cid.endswith("r1c1")


def big(cid: str) -> bool:
    return cid.endswith("c0")


def code_for(ran_log: Path, cid: str) -> str:
    body = "print('x' * 200_000)" if big(cid) else f"print('result of {cid}')"
    tail = "\nraise SystemExit(1)" if fails(cid) else ""
    return (
        f"with open({str(ran_log)!r}, 'a') as f:\n    f.write({cid!r} + '\\n')\n"
        f"print('ran {cid}')\n{body}{tail}"
    )


class Killer:
    """Counts events by kind and SIGKILLs this process at the one named by the spec."""

    def __init__(self, spec: str) -> None:
        self.counts: Counter[str] = Counter()
        self.kind, self.at = "", 0
        if spec != "none":
            kind, _, n = spec.rpartition("@")
            self.kind, self.at = kind, int(n)

    def hit(self, kind: str) -> None:
        self.counts[kind] += 1
        if kind == self.kind and self.counts[kind] == self.at:
            self.die()
        if self.kind == HOLD and kind == "before:tool_running" and self.counts[kind] == self.at:
            # a journal write runs in a worker thread: the event loop goes on meanwhile, so the
            # round's other call can finish; this call stays registered, never started
            done = self.counts["after:tool_completed"]
            for _ in range(HOLD_POLLS):
                if self.counts["after:tool_completed"] > done:
                    break
                time.sleep(0.001)
            self.die()

    def wants(self, kind: str) -> bool:
        """Whether the next ``kind`` event is the kill point (without counting it)."""
        return kind == self.kind and self.counts[kind] + 1 == self.at

    @staticmethod
    def die() -> None:
        sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGKILL)


class KillingJournal(SqliteJournal):
    """The real journal; each write is bracketed by a ``before:OP`` and an ``after:OP`` point."""

    def __init__(self, store: Store, killer: Killer) -> None:
        super().__init__(store)
        self.killer = killer

    def _around(self, op: str, write: Any, *args: Any) -> None:
        self.killer.hit(f"before:{op}")
        write(*args)
        self.killer.hit(f"after:{op}")

    def begin_turn(self, turn_id: str, agent_id: str, user_message: ChatMessage) -> None:
        self._around("begin_turn", super().begin_turn, turn_id, agent_id, user_message)

    def model_message(self, turn_id: str, round: int, message: ChatMessage, usage: Usage) -> None:
        self._around("model_message", super().model_message, turn_id, round, message, usage)

    def tool_registered(self, turn_id: str, round: int, call: ToolCall) -> None:
        self._around("tool_registered", super().tool_registered, turn_id, round, call)

    def tool_running(self, turn_id: str, call_id: str) -> None:
        self._around("tool_running", super().tool_running, turn_id, call_id)

    def tool_completed(self, turn_id: str, call_id: str, result: ToolReturn, message: ChatMessage) -> None:
        self._around("tool_completed", super().tool_completed, turn_id, call_id, result, message)

    def tool_not_executed(self, turn_id: str, call_id: str) -> None:
        self._around("tool_not_executed", super().tool_not_executed, turn_id, call_id)

    def end_turn(self, turn_id: str, stop: str, text: str, usage: Usage) -> None:
        self._around("end_turn", super().end_turn, turn_id, stop, text, usage)


class WatchedExecuteCode(ExecuteCode):
    """The real ``execute_code``; the kill points ``tool_start`` / ``tool_finish`` sit around it."""

    def __init__(self, work_dir: Path, *, language: str, killer: Killer, ran_log: Path) -> None:
        super().__init__(work_dir, language=language)
        self.killer = killer
        self.ran_log = ran_log

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        run = asyncio.ensure_future(super().call(args, ctx))
        if self.killer.wants("tool_start"):
            for _ in range(START_POLLS):  # a file another process writes: polled
                if self._ran(ctx.call_id):
                    break
                await asyncio.sleep(0.002)
        self.killer.hit("tool_start")  # the subprocess has had its effect (or the wait timed out)
        ret = await run
        self.killer.hit("tool_finish")
        return ret

    def _ran(self, cid: str) -> bool:
        try:
            return cid in self.ran_log.read_text().split()
        except FileNotFoundError:
            return False


def model_step(ran_log: Path) -> Any:
    """The scripted model: what it answers depends only on the request (so a resumed turn gets the
    same answers): the turn is read from the last user message, the round from the assistant
    messages after it."""

    def respond(request: ChatRequest) -> ChatResponse:
        last_user = max(i for i, m in enumerate(request.messages) if m.role is Role.USER)
        turn = int(request.messages[last_user].text.rsplit(" ", 1)[1])
        rnd = sum(1 for m in request.messages[last_user + 1 :] if m.role is Role.ASSISTANT)
        if rnd >= ROUNDS:
            return reply(final_text(turn))
        ids = [call_id(turn, rnd, i) for i in range(CALLS)]
        return calls(
            [("execute_code", {"code": code_for(ran_log, cid)}) for cid in ids],
            text=f"round {rnd} of turn {turn}",
            ids=ids,
        )

    return respond


async def main(store_dir: Path, spec: str) -> None:
    private_umask()  # as the app starts (app/__main__.py)
    killer = Killer(spec)
    LOG.configure(store_dir / "log")
    ran_log = store_dir / "ran.log"
    store = Store.open(store_dir)
    store.after_commit = lambda _op: killer.hit("commit")
    if os.environ.get("FUSEFORKS_WAL_TRACE") == "1":
        store._conn.execute("PRAGMA wal_autocheckpoint=0")
        wal, trace = store.root / "store.db-wal", store_dir / "wal.trace"

        def traced(op: str) -> None:
            with trace.open("a") as f:
                f.write(f"{op} {wal.stat().st_size}\n")
            killer.hit("commit")

        store.after_commit = traced
    store.blobs.after_write = lambda _sha: killer.hit("blob")
    config = parse_config(CONFIG)
    backend = ScriptedBackend(default=model_step(ran_log))
    code_dir = store_dir / "code"

    def builtins(agent: Agent, language: str) -> list[AgentTool]:
        if "execute_code" not in agent.builtin_tools:
            return []
        return [WatchedExecuteCode(code_dir / agent.id, language=language, killer=killer, ran_log=ran_log)]

    same_second = os.environ.get("FUSEFORKS_SAME_SECOND") == "1"
    real_strftime = time.strftime
    if same_second:  # every run starts within the same wall-clock second (a quick restart)
        time.strftime = lambda fmt, t=None: "20260101000000"
    try:
        village = Village(
            config,
            backend_factory=lambda _t: backend,
            journal=KillingJournal(store, killer),
            pipeline=VillagePipeline(config, spill_dir=store_dir / "spill", blobs=store.blobs),
            builtin_tools=builtins,
        )
    finally:
        time.strftime = real_strftime
    await village.start()
    store.before_tx = lambda _op: killer.hit("recovery_tx")
    points = recover(store, config.village.language)
    store.before_tx = None
    killer.hit("recovered")
    for point in points:
        village.resume(point)
    await village.wait_idle()
    begun = {m.text for m in store.messages(AGENT) if m.kind == "input"}
    for turn in range(TURNS):
        if user_text(turn) not in begun:
            await village.send(AGENT, user_text(turn)).wait()
    await village.wait_idle()
    await village.close()
    store.close()
    print(json.dumps(dict(sorted(killer.counts.items())), separators=(",", ":")))


def run_wal_traced(data: Path, spec: str) -> subprocess.CompletedProcess[str]:
    """This driver in a fresh process on ``data`` with the kill point ``spec`` and the WAL kept
    (``FUSEFORKS_WAL_TRACE=1``: no checkpoint), as the power-loss and WAL-damage suites run it."""
    env = {**os.environ, "FUSEFORKS_WAL_TRACE": "1"}
    return subprocess.run(
        [sys.executable, "-m", "tests.integration.engine_kill_driver", str(data), spec],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), sys.argv[2]))
