"""An agent's model history is its current conversation's (issue 13): the history a turn extends.

The village keeps one in-memory history per agent, of the conversation it is seeded with. A turn
belongs to the conversation shown when it was sent: it extends the agent's history when that is
still the current conversation, else (the person switched while it waited) its own
conversation's, read from the store (``history_for``) in a worker thread. A window switch only
marks the history pending (``history_pending``): it is read when the next turn starts.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from core.canonical import ChatMessage
from core.image_rules import strip_turn_images

HistoryFor = Callable[[str, str], list[ChatMessage]]  # (agent id, conversation id) -> stored history


class HistoryState(Protocol):
    history: list[ChatMessage]
    conversation: str
    history_pending: bool


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
    if history_for is None:
        return []
    return strip_turn_images(await asyncio.to_thread(history_for, agent_id, conversation), language)
