"""The invariant every model request keeps: tool calls and tool results pair up.

Providers refuse (HTTP 400) a history where an assistant message's tool calls are not each answered
by a tool message right after it, or where a tool message answers no call of the assistant message
before it. A store that lost one half of such a pair (a full disk mid-turn, a damaged file) must not
poison the conversation forever, so the engine checks before sending (``core.turn``) and recovery
checks what it rebuilds (``core.store.resume``).

``pair_tool_messages`` is pure: it returns the messages repaired and what it changed. A tool message
that answers no open call is dropped; with ``close_open`` a call left unanswered gets an
"interrupted" error result (the ``tool_interrupted`` note) before the next non-tool message and at
the end; without it (a resume point, whose last calls are still to run) unanswered calls stay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core.canonical import ChatMessage, Role, ToolCall
from core.notes import note


@dataclass
class Paired:
    messages: list[ChatMessage]
    dropped: list[str] = field(default_factory=list)  # call ids of tool messages that answered no call
    added: list[str] = field(default_factory=list)  # call ids given an "interrupted" result

    @property
    def repaired(self) -> bool:
        return bool(self.dropped or self.added)


def pair_tool_messages(
    messages: Sequence[ChatMessage], language: str = "en", *, close_open: bool = True
) -> Paired:
    out: list[ChatMessage] = []
    result = Paired(out)
    open_calls: dict[str, ToolCall] = {}  # calls of the last assistant message not answered yet

    def close() -> None:
        if close_open:
            for call in open_calls.values():
                text = note("tool_interrupted", language)
                out.append(
                    ChatMessage(Role.TOOL, text, tool_call_id=call.id, tool_name=call.name, is_error=True)
                )
                result.added.append(call.id)
        open_calls.clear()

    for message in messages:
        if message.role is Role.TOOL:
            if message.tool_call_id is not None and open_calls.pop(message.tool_call_id, None) is not None:
                out.append(message)
            else:
                result.dropped.append(message.tool_call_id or "")
            continue
        close()
        out.append(message)
        if message.role is Role.ASSISTANT:
            open_calls.update((c.id, c) for c in message.tool_calls)
    close()
    return result


def check_request_messages(messages: Sequence[ChatMessage]) -> bool:
    """True when every tool call of ``messages`` is answered right after it and every tool
    message answers one (what a request must satisfy)."""
    return not pair_tool_messages(messages).repaired


def kept_after_failure(messages: Sequence[ChatMessage]) -> list[ChatMessage]:
    """A failed turn's messages as they join the model history: none when the model never answered
    (the request alone would stand unanswered, and the next request, or Retry sending it again,
    would follow it as a second user message in a row, which servers that need the roles to
    alternate refuse); all of them once it answered (its tool calls ran: the model must know)."""
    return list(messages) if any(m.role is Role.ASSISTANT for m in messages) else []
