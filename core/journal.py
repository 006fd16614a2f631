"""Where the turn engine records its progress, so a crash never re-runs a completed tool (S02).

``TurnJournal`` is the seam: the engine calls it at every boundary; ``NullJournal`` keeps nothing
(tests, headless tools); the durable SQLite + blob implementation lives in ``core.store``.

Resume contract: ``ResumePoint`` carries the messages of a cut turn up to its last completed
operation, plus the results of tool calls that completed (reused, never executed again).

Save errors (S02-3): most writes may fail quietly (the implementation logs them), because a record
that is missing never leads to a re-execution. Two may not: ``tool_registered`` and
``tool_running`` raise ``JournalError`` when their record was not written, and the engine then
does not execute that call (the model gets the ``tool_not_recorded`` error result instead); a call
run without its ``running`` record would look unstarted after a crash and run again on resume.
A journal that never fails (``NullJournal``, test fakes) simply never raises. Every failed write
is also kept as a ``StoreProblem`` that the engine takes (``take_problems``) after each write and
publishes on the village's bus, so the person is told that the turn is not saved.

Pausing (S02-5): ``PauseGate`` is checked by the engine at every boundary (before a model request,
before a round's tool calls run); once a pause is requested it records the pending calls as not
executed, ends the turn with ``stop="paused"`` (resumable) and raises ``TurnPaused``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from core.canonical import ChatMessage, ToolCall, Usage
from core.events import StoreProblem
from core.log import event
from core.stops import Stop
from core.tool import ToolReturn


class JournalError(Exception):
    """A record the engine must have before it executes a call could not be written."""

    def __init__(self, op: str, turn_id: str, call_id: str, detail: str = "") -> None:
        super().__init__(f"{op} not recorded for {turn_id}/{call_id}" + (f": {detail}" if detail else ""))
        self.op = op
        self.turn_id = turn_id
        self.call_id = call_id


@dataclass
class ResumePoint:
    turn_id: str
    agent_id: str
    user_message: ChatMessage
    messages: list[ChatMessage] = field(default_factory=list)  # the turn's messages after the user's
    completed: dict[str, ToolReturn] = field(default_factory=dict)  # call id -> stored result
    rounds_done: int = 0
    usage: Usage = field(default_factory=Usage)
    # ended by a pause (S02-5), not cut by a crash: a front end may leave it for the person to
    # resume instead of continuing it on its own at start-up
    paused: bool = False
    conversation_id: str = ""  # the conversation the turn belongs to, when the store knows it


class TurnJournal(Protocol):
    @property
    def blocking(self) -> bool:
        """True when writes wait for the disk: the engine then runs them in a worker thread."""
        ...

    def begin_turn(
        self, turn_id: str, agent_id: str, user_message: ChatMessage, conversation_id: str = ""
    ) -> None:
        """Record the turn's start in ``conversation_id`` ("": the journal's own choice for the
        agent). The engine passes a conversation only when it has one."""

    def model_message(self, turn_id: str, round: int, message: ChatMessage, usage: Usage) -> None: ...

    def tool_registered(self, turn_id: str, round: int, call: ToolCall) -> None:
        """Record the call as registered; raise ``JournalError`` if that was not written."""

    def tool_running(self, turn_id: str, call_id: str) -> None:
        """Record the call as running; raise ``JournalError`` if that was not written (the
        engine then does not execute the call)."""

    def tool_completed(self, turn_id: str, call_id: str, result: ToolReturn, message: ChatMessage) -> None:
        """Publish the result and its completion record atomically (S02-3)."""

    def tool_not_executed(self, turn_id: str, call_id: str) -> None: ...

    def end_turn(self, turn_id: str, stop: str, text: str, usage: Usage) -> None: ...

    def turn_failed(self, turn_id: str, code: str, message: str) -> None:
        """Why the turn failed (after ``end_turn`` with ``stop="error"``), so a reopened chat
        shows the failure as the live view did."""

    def take_problems(self) -> list[StoreProblem]:
        """The write failures since the last call (each returned once), oldest first."""
        ...


class NullJournal:
    """Keeps nothing."""

    blocking = False

    def begin_turn(
        self, turn_id: str, agent_id: str, user_message: ChatMessage, conversation_id: str = ""
    ) -> None:
        pass

    def model_message(self, turn_id: str, round: int, message: ChatMessage, usage: Usage) -> None:
        pass

    def tool_registered(self, turn_id: str, round: int, call: ToolCall) -> None:
        pass

    def tool_running(self, turn_id: str, call_id: str) -> None:
        pass

    def tool_completed(self, turn_id: str, call_id: str, result: ToolReturn, message: ChatMessage) -> None:
        pass

    def tool_not_executed(self, turn_id: str, call_id: str) -> None:
        pass

    def end_turn(self, turn_id: str, stop: str, text: str, usage: Usage) -> None:
        pass

    def turn_failed(self, turn_id: str, code: str, message: str) -> None:
        pass

    def take_problems(self) -> list[StoreProblem]:
        return []


class TurnPaused(Exception):
    def __init__(self, turn_id: str) -> None:
        super().__init__(turn_id)
        self.turn_id = turn_id


@dataclass
class PauseGate:
    requested: bool = False

    def request(self) -> None:
        self.requested = True

    def clear(self) -> None:
        self.requested = False

    def check(
        self,
        journal: TurnJournal,
        turn_id: str,
        pending: Sequence[ToolCall] = (),
        *,
        text: str = "",
        usage: Usage | None = None,
    ) -> None:
        """At a boundary: if a pause was requested, record ``pending`` as not executed, end the
        turn as paused and raise ``TurnPaused``; otherwise return."""
        if not self.requested:
            return
        for call in pending:
            journal.tool_not_executed(turn_id, call.id)
        journal.end_turn(turn_id, Stop.PAUSED, text, usage or Usage())
        event("turn paused", turn=turn_id, not_executed=len(pending))
        raise TurnPaused(turn_id)
