"""Past conversations from the durable store, replayed as the same events the live view shows.

A front end (the window) replays ``HistorySource.history(agent_id)`` through the handlers of the
live events; nothing here knows about Qt.

Images come from the store's blobs; a missing or corrupt blob falls back to the media cache file
``<config-stem>.tool-media/<sha256>.<ext>`` (S03-2), and when that is gone too the chat shows the
"image omitted" note instead of a preview (S03-5). Order: blob → media cache → note. The cache file
is a hard link to the blob (core/media_cache.py): it covers a blob whose name went, not one damaged
in place.

Beside the messages, each past call's stored state and times (``StoredCallState``: a call cut by
a crash is "interrupted" or "not executed", never left running) and a failed turn's
``TurnFailed`` are replayed (``core.replay_states``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from core.canonical import ImageData, Role
from core.events import (
    AssistantMessage,
    Event,
    Notice,
    ToolFinished,
    ToolStarted,
    TurnFailed,
    TurnFinished,
    TurnStarted,
)
from core.media_cache import EXT_BY_TYPE, MediaCache
from core.notes import note
from core.replay_states import TurnCalls, turn_end_events
from core.stops import Stop
from core.store import BlobError, ImageRef, Store, StoredMessage
from core.store.records import CallRecord, TurnFailure
from core.tool_image import display_suffix

CallRecords = dict[tuple[str, str], CallRecord]
Failures = dict[str, TurnFailure]
MediaSource = MediaCache | Callable[[], MediaCache | None] | None
# The window shows an agent's newest turns on opening (the store keeps them all).
HISTORY_TURNS = 100


class HistorySource(Protocol):
    """Past events of an agent's conversation, oldest first (the durable store, when present)."""

    def history(self, agent_id: str) -> Iterable[Event]: ...


class StoreHistory:
    """``HistorySource`` over ``core.store.Store`` (one conversation per agent, named by its id).
    ``media`` is the media cache (or a callable returning the current one: the configuration,
    and so the cache folder, may change while the app runs)."""

    def __init__(
        self,
        store: Store,
        language: str = "en",
        media: MediaSource = None,
        conversation_for: Callable[[str], str] | None = None,
    ) -> None:
        self.store = store
        self.language = language
        self.media = media
        # the agent's current conversation (core.conversations); default: the one named by its id
        self.conversation_for = conversation_for or (lambda agent_id: agent_id)

    def _media(self) -> MediaCache | None:
        return self.media if isinstance(self.media, MediaCache) or self.media is None else self.media()

    def _image(self, msg: StoredMessage, ref: ImageRef) -> ImageData | str:
        """The image from its blob, else from the media cache, else the ``image_omitted`` note."""
        try:
            return self.store.load_image(ref)
        except BlobError as exc:
            self.store.report_corrupt(exc, kind="image", message=msg.id, turn=msg.turn_id)
        media = self._media()
        ext = EXT_BY_TYPE.get(ref.media_type)
        if media is None or ext is None:
            return note("image_omitted", self.language)
        return media.image_or_note(f"{ref.sha256}.{ext}", ref.width, ref.height, self.language)

    def _turn_end(
        self, agent_id: str, turn_id: str, calls: TurnCalls, records: CallRecords, failures: Failures
    ) -> Iterator[Event]:
        """Its calls' stored states, then ``TurnFailed`` or ``TurnFinished``."""
        failed = False
        for past in turn_end_events(agent_id, turn_id, calls, records, failures):
            failed = failed or isinstance(past, TurnFailed)
            yield past
        if not failed:
            yield TurnFinished(agent_id, turn_id, "", Stop.NONE)

    def history(
        self, agent_id: str, conversation_id: str | None = None, last_turns: int | None = None
    ) -> Iterator[Event]:
        """The events of the agent's current conversation (or of ``conversation_id``), of its
        newest ``last_turns`` turns (default ``HISTORY_TURNS``)."""
        return self.replay(agent_id, self.read(agent_id, conversation_id, last_turns))

    def read(
        self, agent_id: str, conversation_id: str | None = None, last_turns: int | None = None
    ) -> list[StoredMessage]:
        """The stored messages ``history`` replays (blocking: a worker thread may call it)."""
        cid = conversation_id or self.conversation_for(agent_id)
        return self.store.messages(cid, self.language, last_turns=last_turns or HISTORY_TURNS)

    def replay(self, agent_id: str, messages: Iterable[StoredMessage]) -> Iterator[Event]:
        messages = list(messages)
        omitted = note("image_omitted", self.language)
        open_turn: str | None = None
        turn_ids = list(dict.fromkeys(m.turn_id for m in messages))
        records, failures = self.store.call_records(turn_ids), self.store.turn_failures(turn_ids)
        calls = TurnCalls()
        for msg in messages:
            notes = [n for n in msg.notes if n != omitted]  # images: decided below, per image
            if msg.turn_id != open_turn:
                if open_turn is not None:
                    yield from self._turn_end(agent_id, open_turn, calls, records, failures)
                open_turn, calls = msg.turn_id, TurnCalls()
            if msg.kind == "input" or msg.role is Role.USER:
                yield TurnStarted(agent_id, msg.turn_id, msg.text, "", "", "user")
            elif msg.kind == "model":
                yield AssistantMessage(agent_id, msg.turn_id, msg.round, msg.text)
                for call in msg.tool_calls:
                    calls.started(call.call_id)
                    yield ToolStarted(
                        agent_id, msg.turn_id, call.call_id, call.round, call.name, call.arguments
                    )
            elif msg.kind == "tool":
                images: list[ImageData] = []
                for ref in msg.images:
                    got = self._image(msg, ref)
                    if isinstance(got, str):
                        notes.append(got)
                    else:
                        images.append(got)
                calls.finished(msg.tool_call_id or "", msg.is_error)
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
            for text in dict.fromkeys(notes):
                yield Notice(agent_id, "warning", text)
        if open_turn is not None:
            yield from self._turn_end(agent_id, open_turn, calls, records, failures)
