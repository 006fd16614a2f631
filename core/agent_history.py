"""An agent's model history is its current conversation's (issue 13): the history a turn extends.

The village keeps one in-memory history per agent, of the conversation it is seeded with. A turn
belongs to the conversation shown when it was sent: it extends the agent's history when that is
still the current conversation, else (the person switched while it waited, or a watch's run) its
own conversation's, read from the store (``history_for``) in a worker thread once and then kept
(``side``, the last ``SIDE_KEPT``), so a watch's thousandth run does not read its history again. A window switch only
marks the history pending (``history_pending``): it is read when the next turn starts.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from core.canonical import ChatMessage
from core.image_rules import strip_turn_images

HistoryFor = Callable[[str, str], list[ChatMessage]]  # (agent id, conversation id) -> stored history


SIDE_KEPT = 8  # other conversations whose history is kept in memory between turns (watches')


class HistoryState(Protocol):
    history: list[ChatMessage]
    conversation: str
    history_pending: bool
    side: dict[str, list[ChatMessage]]  # other conversations' histories, read once (WA-13)


async def turn_history(
    state: HistoryState, agent_id: str, conversation: str, history_for: HistoryFor | None, language: str
) -> list[ChatMessage]:
    """The model history a turn of ``conversation`` extends (the agent's own list when it is the
    current conversation: the turn's messages join it); tool images stripped (S70-13)."""
    if state.history_pending and conversation == state.conversation and history_for is not None:
        past = await asyncio.to_thread(history_for, agent_id, conversation)
        if state.history_pending and conversation == state.conversation:
            state.history, state.history_pending = strip_turn_images(past, language), False
    if conversation == state.conversation:
        return state.history
    kept = state.side.get(conversation)
    if kept is not None:
        return kept  # its turns ran here since it was read: the list grew with them
    if history_for is None:
        return []
    past = strip_turn_images(await asyncio.to_thread(history_for, agent_id, conversation), language)
    if conversation == state.conversation:  # it became the current one meanwhile
        return state.history
    while len(state.side) >= SIDE_KEPT:
        del state.side[next(iter(state.side))]  # the one read longest ago
    state.side[conversation] = past
    return past
