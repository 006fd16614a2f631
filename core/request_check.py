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

``PairCheck`` is the same check for a history that grows: it keeps where the last check of the
same list stopped (the messages it saw, the calls still open there), so checking the history again
after a turn joined it visits only the new messages (``visited`` counts them). A list that is not
an extension of the last one (another conversation, a repaired or stripped list) is checked whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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


def _close(result: Paired, open_calls: dict[str, ToolCall], language: str, close_open: bool) -> None:
    """The calls still open get an "interrupted" result (with ``close_open``); none stays open."""
    if close_open:
        for call in open_calls.values():
            text = note("tool_interrupted", language)
            result.messages.append(
                ChatMessage(Role.TOOL, text, tool_call_id=call.id, tool_name=call.name, is_error=True)
            )
            result.added.append(call.id)
    open_calls.clear()


def _pair_into(
    result: Paired,
    open_calls: dict[str, ToolCall],
    messages: Iterable[ChatMessage],
    language: str,
    close_open: bool,
) -> None:
    """``messages`` paired onto ``result``; ``open_calls``: the calls of the last assistant message
    not answered yet (left open at the end: the caller closes them)."""
    out = result.messages
    for message in messages:
        if message.role is Role.TOOL:
            if message.tool_call_id is not None and open_calls.pop(message.tool_call_id, None) is not None:
                out.append(message)
            else:
                result.dropped.append(message.tool_call_id or "")
            continue
        _close(result, open_calls, language, close_open)
        out.append(message)
        if message.role is Role.ASSISTANT:
            open_calls.update((c.id, c) for c in message.tool_calls)


def pair_tool_messages(
    messages: Sequence[ChatMessage], language: str = "en", *, close_open: bool = True
) -> Paired:
    result = Paired([])
    open_calls: dict[str, ToolCall] = {}
    _pair_into(result, open_calls, messages, language, close_open)
    _close(result, open_calls, language, close_open)
    return result


class PairCheck:
    """``pair_tool_messages`` (with ``close_open``) for a list that grows by appending: the part
    already checked is not visited again. Messages are values (replaced, never changed), so a list
    whose first messages are the ones checked last time (the same objects, or equal ones) gives
    the same result for them."""

    def __init__(self) -> None:
        self._seen: list[ChatMessage] = []  # the messages checked last time
        self._state = Paired([])  # their result before the open calls were closed
        self._open: dict[str, ToolCall] = {}
        self.visited = 0  # messages visited, over this checker's life (tests count them)

    def check(self, messages: Sequence[ChatMessage], language: str = "en") -> Paired:
        n = len(self._seen)
        if not (
            n and len(messages) >= n and messages[n - 1] is self._seen[-1] and messages[:n] == self._seen
        ):
            n, self._state, self._open = 0, Paired([]), {}
        state, open_calls = self._state, dict(self._open)
        state = Paired(list(state.messages), list(state.dropped), list(state.added))
        new = messages[n:]
        self.visited += len(new)
        _pair_into(state, open_calls, new, language, True)
        self._seen, self._state, self._open = list(messages), state, open_calls
        result = Paired(list(state.messages), list(state.dropped), list(state.added))
        _close(result, dict(open_calls), language, True)
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
