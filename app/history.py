"""Past conversations from the durable store, replayed as the same events the live view shows.

Images come from the store's blobs; a missing or corrupt one becomes the store's note ("image
omitted …") in the chat instead of a preview.
"""

from __future__ import annotations

from collections.abc import Iterator

from core.canonical import ImageData, Role
from core.events import (
    AssistantMessage,
    Event,
    Notice,
    ToolFinished,
    ToolStarted,
    TurnFinished,
    TurnStarted,
)
from core.store import BlobError, Store
from core.tool_image import display_suffix


class StoreHistory:
    """``HistorySource`` over ``core.store.Store`` (one conversation per agent, named by its id)."""

    def __init__(self, store: Store, language: str = "en") -> None:
        self.store = store
        self.language = language

    def history(self, agent_id: str) -> Iterator[Event]:
        open_turn: str | None = None
        for msg in self.store.messages(agent_id, self.language):
            if msg.turn_id != open_turn:
                if open_turn is not None:
                    yield TurnFinished(agent_id, open_turn, "", "-")
                open_turn = msg.turn_id
            if msg.kind == "input" or msg.role is Role.USER:
                yield TurnStarted(agent_id, msg.turn_id, msg.text, "", "", "user")
            elif msg.kind == "model":
                yield AssistantMessage(agent_id, msg.turn_id, msg.round, msg.text)
                for call in msg.tool_calls:
                    yield ToolStarted(
                        agent_id, msg.turn_id, call.call_id, call.round, call.name, call.arguments
                    )
            elif msg.kind == "tool":
                images: list[ImageData] = []
                for ref in msg.images:
                    try:
                        images.append(self.store.load_image(ref))
                    except BlobError:
                        continue
                yield ToolFinished(
                    agent_id,
                    msg.turn_id,
                    msg.tool_call_id or "",
                    msg.round,
                    msg.tool_name or "",
                    ok=not msg.is_error,
                    ms=0,
                    body=msg.text,
                    display_line=display_suffix(images, self.language),
                    images=tuple(images),
                )
            for text in dict.fromkeys(msg.notes):
                yield Notice(agent_id, "warning", text)
        if open_turn is not None:
            yield TurnFinished(agent_id, open_turn, "", "-")
