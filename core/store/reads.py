"""The display reads of ``Store``: conversations, a conversation's messages as the GUI shows them
(``messages``), call states, completion records, stored texts and images, and the integrity check.

A history read issues a fixed number of statements whatever the conversation's length: the
messages, then their images and their calls' states each in one query, grouped in Python.
A missing or corrupt blob is logged as a ``store corrupt:`` line and becomes a note
(``store_corrupt`` / ``image_omitted``), never used silently.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from core.canonical import ImageData
from core.notes import note
from core.store.blobs import PAGE_SIZE, BlobError, CorruptBlob, sha256_of
from core.store.records import (
    CallRecord,
    CompletionRecord,
    ConversationInfo,
    ImageRef,
    StoredMessage,
    StoredToolCall,
    TurnFailure,
    conversation_info,
    cut_utf8,
    image_ref,
    message_columns,
    stored_message,
    stored_tool_call,
)
from core.store.schema import StoreBase

# a message row's text when it is kept in the database (core/store/blobs.py): read with the row
TEXT_DATA = "tb.data AS text_data"
TEXT_JOIN = "LEFT JOIN blobs tb ON tb.sha256 = {m}.text_blob"


def recent_turns(
    conversation_id: str, last_turns: int | None, *, done_only: bool = False, alias: str = ""
) -> tuple[str, tuple[Any, ...]]:
    """The SQL condition on ``messages`` (named ``alias`` in the query, if given) selecting a
    conversation's messages, or those of its newest ``last_turns`` turns (``done_only``: newest
    finished turns), and its arguments."""
    m = f"{alias}." if alias else ""
    if last_turns is None:
        return f"{m}conversation_id=?", (conversation_id,)
    state = " AND state='done'" if done_only else ""
    recent = f"SELECT id FROM turns WHERE conversation_id=?{state} ORDER BY seq DESC LIMIT {int(last_turns)}"
    return f"{m}conversation_id=? AND {m}turn_id IN ({recent})", (conversation_id, conversation_id)


class StoreReads(StoreBase):
    def list_conversations(self) -> list[ConversationInfo]:
        rows = self._q(
            "SELECT c.id AS id, c.agent_id AS agent_id, c.title AS title, c.created AS created,"
            " c.updated AS updated, c.village_id AS village_id,"
            " (SELECT COUNT(*) FROM turns t WHERE t.conversation_id=c.id) AS turns,"
            " (SELECT COUNT(*) FROM messages m WHERE m.conversation_id=c.id) AS messages"
            " FROM conversations c ORDER BY c.updated DESC, c.id"
        )
        return [conversation_info(r) for r in rows]

    def turn_state(self, turn_id: str) -> tuple[str, str | None] | None:
        rows = self._q("SELECT state, stop FROM turns WHERE id=?", (turn_id,))
        return (rows[0]["state"], rows[0]["stop"]) if rows else None

    def call_states(self, turn_id: str) -> dict[str, str]:
        return {
            r["call_id"]: r["state"]
            for r in self._q(
                "SELECT call_id, state FROM tool_calls WHERE turn_id=? ORDER BY round, pos", (turn_id,)
            )
        }

    def tool_calls_of(self, turn_id: str) -> list[StoredToolCall]:
        rows = self._q(
            "SELECT call_id, name, arguments, state, round FROM tool_calls WHERE turn_id=? ORDER BY round, pos",
            (turn_id,),
        )
        return [stored_tool_call(r) for r in rows]

    def interrupted_calls(self, turn_id: str) -> set[str]:
        """Calls whose completion record was written by recovery (cut while running)."""
        return {
            r["call_id"]
            for r in self._q("SELECT call_id FROM completions WHERE turn_id=? AND interrupted=1", (turn_id,))
        }

    def call_records(self, turn_ids: list[str]) -> dict[tuple[str, str], CallRecord]:
        """(turn id, call id) -> the call's stored state and times, for the calls of ``turn_ids``.
        One query, whatever the number of turns."""
        rows = self._q(
            "SELECT t.turn_id AS turn_id, t.call_id AS call_id, t.state AS state, t.started AS started,"
            " t.finished AS finished, COALESCE(c.interrupted, 0) AS interrupted FROM tool_calls t"
            " LEFT JOIN completions c ON c.turn_id = t.turn_id AND c.call_id = t.call_id"
            " WHERE t.turn_id IN (SELECT value FROM json_each(?))",
            (json.dumps(turn_ids),),
        )
        return {
            (r["turn_id"], r["call_id"]): CallRecord(
                r["state"], r["started"], r["finished"], bool(r["interrupted"])
            )
            for r in rows
        }

    def turn_failures(self, turn_ids: list[str]) -> dict[str, TurnFailure]:
        """Turn id -> why it failed, for the turns of ``turn_ids`` that ended ``stop="error"``
        (code "" and message "" when the reason was not stored). One query."""
        rows = self._q(
            "SELECT t.id AS id, COALESCE(f.code, '') AS code, COALESCE(f.message, '') AS message"
            " FROM turns t LEFT JOIN turn_failures f ON f.turn_id = t.id"
            " WHERE t.stop = 'error' AND t.id IN (SELECT value FROM json_each(?))",
            (json.dumps(turn_ids),),
        )
        return {r["id"]: TurnFailure(r["code"], r["message"]) for r in rows}

    def _images_where(self, where: str, args: tuple[Any, ...]) -> dict[int, list[ImageRef]]:
        """The images of the messages matching ``where`` (a condition on ``messages``), by
        message id, each message's in position order. One query."""
        rows = self._q(
            "SELECT mi.message_id AS message_id, mi.sha256 AS sha256, mi.media_type AS media_type,"
            " mi.width AS width, mi.height AS height, b.size AS size FROM message_images mi"
            " JOIN blobs b ON b.sha256 = mi.sha256 WHERE mi.message_id IN"
            f" (SELECT id FROM messages WHERE {where}) ORDER BY mi.message_id, mi.position",
            args,
        )
        out: dict[int, list[ImageRef]] = {}
        for r in rows:
            out.setdefault(r["message_id"], []).append(image_ref(r))
        return out

    def _images_of(self, message_id: int) -> list[ImageRef]:
        return self._images_where("id=?", (message_id,)).get(message_id, [])

    def _call_states_where(self, where: str, args: tuple[Any, ...]) -> dict[str, dict[str, str]]:
        """The call states of the turns of the messages matching ``where``: turn id -> call id ->
        state. One query."""
        out: dict[str, dict[str, str]] = {}
        for r in self._q(
            "SELECT turn_id, call_id, state FROM tool_calls WHERE turn_id IN"
            f" (SELECT turn_id FROM messages WHERE {where}) ORDER BY turn_id, round, pos",
            args,
        ):
            out.setdefault(r["turn_id"], {})[r["call_id"]] = r["state"]
        return out

    def load_image(self, ref: ImageRef) -> ImageData:
        """The verified image bytes (raises ``MissingBlob``/``CorruptBlob``)."""
        return ImageData(ref.media_type, self.blobs.get(ref.sha256), ref.width, ref.height)

    def read_text(self, sha256: str, kept: bytes | None = None) -> str:
        """A whole stored text, verified (raises ``MissingBlob``/``CorruptBlob``); ``kept``: its
        bytes kept in the database, already read with its row (``TEXT_JOIN``)."""
        if kept is None:
            return self.blobs.get(sha256).decode("utf-8")
        if sha256_of(kept) != sha256:
            raise CorruptBlob(sha256, "content does not match its hash")
        return bytes(kept).decode("utf-8")

    def text_pages(self, sha256: str) -> Iterator[bytes]:
        return self.blobs.pages(sha256, PAGE_SIZE)

    def messages(
        self, conversation_id: str, language: str = "en", *, last_turns: int | None = None
    ) -> list[StoredMessage]:
        """Every message of a conversation in order (or of its newest ``last_turns`` turns), for
        showing history. Texts over one page carry their first page (``text_complete`` False; read
        the rest with ``text_pages``). Three queries, whatever the number of messages."""
        where, args = recent_turns(conversation_id, last_turns)
        rows = self._q(
            f"SELECT {message_columns()}, {TEXT_DATA} FROM messages {TEXT_JOIN.format(m='messages')}"
            f" WHERE {where} ORDER BY id",
            args,
        )
        if not rows:
            return []
        images = self._images_where(where, args)
        call_states = self._call_states_where(where, args)
        out: list[StoredMessage] = []
        for r in rows:
            msg = stored_message(r)
            try:
                if msg.text_complete:
                    msg.text = self.read_text(msg.text_sha256, r["text_data"])
                else:
                    msg.text = cut_utf8(self.blobs.read_page(msg.text_sha256, 0))
            except BlobError as exc:
                self.report_corrupt(exc, kind="text", message=msg.id, turn=msg.turn_id)
                msg.notes.append(note("store_corrupt", language))
            msg.images = images.get(msg.id, [])
            for ref in msg.images:
                if not self.blobs.exists(ref.sha256):
                    msg.notes.append(note("image_omitted", language))
            states = call_states.get(msg.turn_id, {}) if msg.kind in ("model", "tool") else {}
            for c in json.loads(r["tool_calls"]):
                msg.tool_calls.append(
                    StoredToolCall(
                        c["id"], c["name"], c["arguments"], states.get(c["id"], "unknown"), msg.round
                    )
                )
            if msg.kind == "tool" and msg.tool_call_id is not None:
                msg.call_state = states.get(msg.tool_call_id)
            out.append(msg)
        return out

    def completion(self, turn_id: str, call_id: str) -> CompletionRecord | None:
        """The completion record of a call: the whole result's blobs (read them with
        ``read_text``/``text_pages``/``load_image``, each verified)."""
        rows = self._q(
            "SELECT c.message_id AS message_id, c.result_blob AS result_blob, b.size AS size,"
            " c.result_images AS result_images, c.is_error AS is_error, c.interrupted AS interrupted"
            " FROM completions c JOIN blobs b ON b.sha256 = c.result_blob"
            " WHERE c.turn_id=? AND c.call_id=?",
            (turn_id, call_id),
        )
        if not rows:
            return None
        r = rows[0]
        images = [image_ref(d) for d in json.loads(r["result_images"])]
        return CompletionRecord(
            r["message_id"], r["result_blob"], r["size"], images, bool(r["is_error"]), bool(r["interrupted"])
        )

    def verify_all(self) -> list[str]:
        """Check every blob the database references and every blob file on disk; returns the
        problems found (each also logged as a ``store corrupt:`` line)."""
        problems: list[str] = []
        names = {r["sha256"] for r in self._q("SELECT sha256 FROM blobs")}
        for name in sorted(names | set(self.blobs.all_names())):
            try:
                self.blobs.verify(name)
            except BlobError as exc:
                self.report_corrupt(exc, kind="blob")
                problems.append(name)
        return problems

    def has_image(self, sha256: str) -> bool:
        """Whether an image's blob is stored: a window that shows it may then let its copy of the
        bytes go and read them again with ``load_image`` when the picture is shown again."""
        return self.blobs.exists(sha256)
