"""``SqliteJournal``: the durable ``TurnJournal`` (core/journal.py) over a ``Store``.

A journal write that fails (disk full, I/O error) is logged as a ``store error:`` line and kept as
a ``StoreProblem`` (``write_failed``) for the engine to publish (``take_problems``). Most are
then swallowed: the turn goes on, and because a running call's completion was not recorded it is
never executed again on recovery (it is settled as interrupted instead). The two writes a call
needs before it runs are not swallowed: a failed ``tool_registered`` or ``tool_running`` (or one
that changed no row) raises ``core.journal.JournalError`` after its ``store error:`` line, and the
engine does not execute that call; the same when the model message carrying the call failed to
save (and their results are not stored: a result without its call would make every later
request of the agent invalid). Otherwise the call would run while recorded as merely
registered (or not at all), and recovery would execute it again on resume: a save error never
causes re-execution (S02-3).

Writes wait for the disk (fsynced blob files, the call marker, the synchronous commits; which
ones and why: core/store/writes.py): ``blocking = True``
tells the turn engine to run each write in a worker thread and await it, so the UI loop keeps
running while the turn still moves on only after its record is durable. The store's lock keeps
writes one at a time; the engine awaits each one, so their order is the engine's order.
"""

from __future__ import annotations

import sqlite3
from collections import deque
from collections.abc import Callable

from core.canonical import ChatMessage, ToolCall, Usage
from core.events import StoreProblem
from core.journal import JournalError
from core.log import event
from core.store.blobs import StoreError
from core.store.db import Store
from core.store.schema import DB_NAME
from core.tool import ToolReturn


class SqliteJournal:
    """Implements ``core.journal.TurnJournal``. ``conversation_for`` maps an agent id to the
    conversation its turns belong to (default: one conversation per agent, named by its id)."""

    blocking = True  # writes wait for fsync: the engine awaits them in a worker thread

    def __init__(self, store: Store, conversation_for: Callable[[str], str] | None = None) -> None:
        self.store = store
        self.conversation_for = conversation_for or (lambda agent_id: agent_id)
        self.errors = 0
        self._problems: deque[StoreProblem] = deque()  # appended in worker threads, taken on the loop
        # (turn, call) of model messages that failed to save: their calls are not run and their
        # results not stored, so the store never holds a result that answers no call
        self._unsaved: set[tuple[str, str]] = set()

    def _guard(self, op: str, turn_id: str, fn: Callable[[], object]) -> bool:
        """Run one write; False (after a ``store error:`` line) when it failed."""
        try:
            fn()
        except (OSError, sqlite3.Error, StoreError) as exc:
            self.errors += 1
            event("store error", op=op, turn=turn_id, error=type(exc).__name__, tail=str(exc)[:200])
            detail = str(exc)[:200] or type(exc).__name__
            self._problems.append(StoreProblem("write_failed", detail, self.store.root / DB_NAME, turn_id))
            return False
        return True

    def take_problems(self) -> list[StoreProblem]:
        taken: list[StoreProblem] = []
        while self._problems:
            taken.append(self._problems.popleft())
        return taken

    def begin_turn(
        self, turn_id: str, agent_id: str, user_message: ChatMessage, conversation_id: str = ""
    ) -> None:
        cid = conversation_id or self.conversation_for(agent_id)
        self._guard(
            "begin_turn", turn_id, lambda: self.store.begin_turn(turn_id, cid, agent_id, user_message)
        )

    def model_message(self, turn_id: str, round: int, message: ChatMessage, usage: Usage) -> None:
        if not self._guard(
            "model_message", turn_id, lambda: self.store.model_message(turn_id, round, message, usage)
        ):
            self._unsaved.update((turn_id, c.id) for c in message.tool_calls)

    def _unsaved_call(self, op: str, turn_id: str, call_id: str) -> bool:
        """True (after a ``store error:`` line) when ``call_id``'s model message was not saved."""
        if (turn_id, call_id) not in self._unsaved:
            return False
        self.errors += 1
        event("store error", op=op, turn=turn_id, error="ModelMessageNotSaved", tail=f"call {call_id}")
        return True

    def tool_registered(self, turn_id: str, round: int, call: ToolCall) -> None:
        """Raises ``JournalError`` when the registration was not written (or the model message
        carrying the call was not: a call is never run without it)."""
        if self._unsaved_call("tool_registered", turn_id, call.id):
            raise JournalError("tool_registered", turn_id, call.id, "model message not saved")
        if not self._guard(
            "tool_registered", turn_id, lambda: self.store.tool_registered(turn_id, round, call)
        ):
            raise JournalError("tool_registered", turn_id, call.id)

    def tool_running(self, turn_id: str, call_id: str) -> None:
        """Raises ``JournalError`` when the call was not recorded as running: the write failed, or
        it changed no row (the call was never registered, is already done, or a previous process
        started it: its marker says so, core/store/markers.py)."""
        changed: list[bool] = []
        if not self._guard(
            "tool_running",
            turn_id,
            lambda: changed.append(self.store.start_call(turn_id, call_id)),
        ):
            raise JournalError("tool_running", turn_id, call_id)
        if changed != [True]:
            self.errors += 1
            event("store error", op="tool_running", turn=turn_id, error="NoRow", tail=f"call {call_id}")
            raise JournalError("tool_running", turn_id, call_id, "no row changed")

    def tool_completed(self, turn_id: str, call_id: str, result: ToolReturn, message: ChatMessage) -> None:
        if self._unsaved_call("tool_completed", turn_id, call_id):
            return  # a stored result without its call would be refused by every later request
        self._guard(
            "tool_completed", turn_id, lambda: self.store.tool_completed(turn_id, call_id, result, message)
        )

    def tool_not_executed(self, turn_id: str, call_id: str) -> None:
        self._guard(
            "tool_not_executed",
            turn_id,
            lambda: self.store.set_call_state(turn_id, call_id, "not_executed", op="tool_not_executed"),
        )

    def end_turn(self, turn_id: str, stop: str, text: str, usage: Usage) -> None:
        self._guard("end_turn", turn_id, lambda: self.store.end_turn(turn_id, stop, text, usage))

    def turn_failed(self, turn_id: str, code: str, message: str) -> None:
        self._guard("turn_failed", turn_id, lambda: self.store.turn_failed(turn_id, code, message))
