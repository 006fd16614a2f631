"""Where the turn engine records its progress, so a crash never re-runs a completed tool (S02).

``TurnJournal`` is the seam: the engine calls it at every boundary; ``NullJournal`` keeps nothing
(tests, headless tools); the durable SQLite + blob implementation lives in ``core.store``.

Resume contract: ``ResumePoint`` carries the messages of a cut turn up to its last completed
operation, plus the results of tool calls that completed (reused, never executed again).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from core.canonical import ChatMessage, ToolCall, Usage
from core.tool import ToolReturn


@dataclass
class ResumePoint:
    turn_id: str
    agent_id: str
    user_message: ChatMessage
    messages: list[ChatMessage] = field(default_factory=list)  # the turn's messages after the user's
    completed: dict[str, ToolReturn] = field(default_factory=dict)  # call id -> stored result
    rounds_done: int = 0
    usage: Usage = field(default_factory=Usage)


class TurnJournal(Protocol):
    def begin_turn(self, turn_id: str, agent_id: str, user_message: ChatMessage) -> None: ...

    def model_message(self, turn_id: str, round: int, message: ChatMessage, usage: Usage) -> None: ...

    def tool_registered(self, turn_id: str, round: int, call: ToolCall) -> None: ...

    def tool_running(self, turn_id: str, call_id: str) -> None: ...

    def tool_completed(self, turn_id: str, call_id: str, result: ToolReturn, message: ChatMessage) -> None:
        """Publish the result and its completion record atomically (S02-3)."""

    def tool_not_executed(self, turn_id: str, call_id: str) -> None: ...

    def end_turn(self, turn_id: str, stop: str, text: str, usage: Usage) -> None: ...


class NullJournal:
    """Keeps nothing."""

    def begin_turn(self, turn_id: str, agent_id: str, user_message: ChatMessage) -> None:
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
