"""The model-side reads of ``Store``: what is sent to a model again. ``past_messages`` is the
history of a conversation's finished turns (seeding a new session); ``resume_points`` rebuilds
each unfinished turn up to its last completed operation, with the stored results of its
completed calls (reused, never executed again, S02).

Messages come back as ``ChatMessage`` with their texts and images read and verified; corrupt or
missing parts become notes in the text (a ``store corrupt:`` line each), never used silently.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace

from core.canonical import ChatMessage, ImageData, Role, ToolCall, Usage
from core.journal import ResumePoint
from core.log import event
from core.notes import note
from core.request_check import pair_tool_messages
from core.stops import Stop
from core.store.blobs import BlobError
from core.store.reads import TEXT_DATA, TEXT_JOIN, StoreReads, recent_turns
from core.store.records import ImageRef, message_columns, usage_from
from core.store.schema import DONE_STATES
from core.tool import ToolOutput, ToolReturn


def _with_notes(text: str, notes: list[str]) -> str:
    """``text`` followed by ``notes``, one a line."""
    return "\n".join([text, *notes] if text else notes)


def _paired(messages: list[ChatMessage], **where: object) -> list[ChatMessage]:
    """``messages`` without tool results that answer no stored call (what a full disk mid-turn
    left behind in older stores): sent again, they would be refused by the provider on every later
    request. A repair is logged (``store repaired:``)."""
    paired = pair_tool_messages(messages, close_open=False)
    if paired.repaired:
        event("store repaired", None, **where, dropped=len(paired.dropped))
    return paired.messages


class StoreResume(StoreReads):
    def _load_images(
        self, refs: list[ImageRef], notes: list[str], language: str, **where: object
    ) -> list[ImageData]:
        """The verified images of ``refs``; each missing or corrupt one is reported (``where``
        names its record) and adds the ``image_omitted`` note to ``notes`` instead."""
        loaded: list[ImageData] = []
        for ref in refs:
            try:
                loaded.append(self.load_image(ref))
            except BlobError as exc:
                self.report_corrupt(exc, kind="image", **where)
                notes.append(note("image_omitted", language))
        return loaded

    def _chat_message(
        self, r: sqlite3.Row, refs: list[ImageRef], language: str, images: bool = True
    ) -> ChatMessage:
        """A full ChatMessage from a ``messages`` row and its image refs; corrupt parts become
        notes (never used silently). ``images=False``: no image blob is read; a tool message says
        how many it had (S70-13)."""
        mid, turn_id, role = r["id"], r["turn_id"], Role(r["role"])
        notes: list[str] = []
        try:
            text = self.read_text(r["text_blob"], r["text_data"])
        except BlobError as exc:
            self.report_corrupt(exc, kind="text", message=mid, turn=turn_id)
            text = ""
            notes.append(note("store_corrupt", language))
        if not images and refs and role is Role.TOOL:
            notes.append(note("images_earlier_turn", language, count=len(refs)))
            refs = []
        loaded = self._load_images(refs, notes, language, message=mid, turn=turn_id)
        return ChatMessage(
            role=role,
            text=_with_notes(text, notes),
            attachments=loaded,
            attachment_caption=r["attachment_caption"] if loaded else None,
            tool_calls=[ToolCall(c["id"], c["name"], c["arguments"]) for c in json.loads(r["tool_calls"])],
            tool_call_id=r["tool_call_id"],
            tool_name=r["tool_name"],
            provider_state=None if r["provider_state"] is None else json.loads(r["provider_state"]),
            is_error=bool(r["is_error"]),
        )

    def full_result(self, turn_id: str, call_id: str, language: str = "en") -> ToolReturn | None:
        """The whole stored result of a call (every byte verified; corrupt parts become notes)."""
        rec = self.completion(turn_id, call_id)
        if rec is None:
            return None
        return self._read_result(rec.result_sha256, rec.images, rec.is_error, turn_id, call_id, language)

    def _read_result(
        self,
        text_sha: str,
        refs: list[ImageRef],
        is_error: bool,
        turn_id: str,
        call_id: str,
        language: str,
    ) -> ToolReturn:
        try:
            text = self.read_text(text_sha)
        except BlobError as exc:
            self.report_corrupt(exc, kind="result", turn=turn_id, call=call_id)
            # never used silently, never executed again: the model reads that the result is lost
            return ToolReturn.error(note("store_corrupt", language))
        notes: list[str] = []
        images = self._load_images(refs, notes, language, turn=turn_id, call=call_id)
        return ToolReturn(ToolOutput(_with_notes(text, notes), images), is_error=is_error)

    def _stored_result(self, turn_id: str, call_id: str, language: str) -> ToolReturn | None:
        """A completed call's result as the model read it, for a resumed turn: the text and images
        of its tool message (the whole result stays in the completion record, unread here, so a
        resume never sends the model more than it saw; dropped images were reported when the call
        ran and are not reported again). A completion without its message falls back to the whole
        result."""
        rec = self.completion(turn_id, call_id)
        if rec is None:
            return None
        rows = self._q("SELECT text_blob FROM messages WHERE id=?", (rec.message_id,))
        if not rows:
            return self.full_result(turn_id, call_id, language)
        refs = self._images_of(rec.message_id)
        return self._read_result(rows[0]["text_blob"], refs, rec.is_error, turn_id, call_id, language)

    def past_messages(
        self,
        conversation_id: str,
        language: str = "en",
        *,
        last_turns: int | None = None,
        images: bool = True,
    ) -> list[ChatMessage]:
        """The model history of a conversation's finished turns, oldest first: each turn's input,
        then per round the model message and its tool messages in call order, every tool message
        as the model read it (images included; ``core.image_rules.strip_turn_images`` drops them for
        later turns, S70-13). Turns that did not end are left out (recovery resumes them). A
        model message's calls without a stored result are left out, so the history stays valid.
        ``last_turns`` keeps the newest finished turns only; ``images=False`` reads no image blob
        and writes the S70-13 "earlier images" note in their place (what later turns get anyway).
        Two queries, whatever the number of messages."""
        where, args = recent_turns(conversation_id, last_turns, done_only=True, alias="m")
        rows = self._q(
            f"SELECT {message_columns('m')}, t.stop AS turn_stop, {TEXT_DATA} FROM messages m"
            f" JOIN turns t ON t.id = m.turn_id {TEXT_JOIN.format(m='m')}"
            f" WHERE {where} AND t.state='done' ORDER BY t.seq, m.round, m.pos, m.id",
            args,
        )
        if not rows:
            return []
        refs = self._images_where(*recent_turns(conversation_id, last_turns, done_only=True))
        # a failed turn the model never answered is left out (core.request_check.kept_after_failure)
        replied = {r["turn_id"] for r in rows if r["kind"] == "model"}
        rows = [r for r in rows if r["turn_stop"] != Stop.ERROR or r["turn_id"] in replied]
        out: list[ChatMessage] = []
        answered = {
            (r["turn_id"], r["tool_call_id"])
            for r in rows
            if r["kind"] == "tool" and r["tool_call_id"] is not None
        }
        for r in rows:
            msg = self._chat_message(r, refs.get(r["id"], []), language, images=images)
            if msg.tool_calls:
                kept = [c for c in msg.tool_calls if (r["turn_id"], c.id) in answered]
                if len(kept) != len(msg.tool_calls):
                    msg = replace(msg, tool_calls=kept)
            out.append(msg)
        return _paired(out, conversation=conversation_id)

    def unfinished_turns(self) -> list[tuple[str, str]]:
        """(turn id, state) of turns that did not end: cut by a crash or paused."""
        return [
            (r["id"], r["state"])
            for r in self._q("SELECT id, state FROM turns WHERE state IN ('running', 'paused') ORDER BY seq")
        ]

    def resume_points(self, language: str = "en") -> list[ResumePoint]:
        """A ``ResumePoint`` per unfinished turn (read only; ``core.recovery.recover`` first
        settles calls that were cut). Messages are ordered by round, the model message first,
        then tool messages in call order."""
        points: list[ResumePoint] = []
        for turn_id, _state in self.unfinished_turns():
            turn_row = self._q("SELECT agent_id, conversation_id FROM turns WHERE id=?", (turn_id,))[0]
            agent_id = turn_row["agent_id"]
            rows = self._q(
                f"SELECT {message_columns()}, {TEXT_DATA} FROM messages {TEXT_JOIN.format(m='messages')}"
                " WHERE turn_id=? ORDER BY round, pos, id",
                (turn_id,),
            )
            refs = self._images_where("turn_id=?", (turn_id,))
            user: ChatMessage | None = None
            messages: list[ChatMessage] = []
            usage = Usage()
            rounds = 0
            for r in rows:
                msg = self._chat_message(r, refs.get(r["id"], []), language)
                if r["kind"] == "input":
                    user = msg
                    continue
                messages.append(msg)
                if r["kind"] == "model":
                    rounds += 1
                    usage = usage + usage_from(r["usage"])
            if user is None:
                continue
            messages = _paired(messages, turn=turn_id)
            completed: dict[str, ToolReturn] = {}
            for call_id, state in self.call_states(turn_id).items():
                if state in DONE_STATES:
                    res = self._stored_result(turn_id, call_id, language)
                    if res is not None:
                        completed[call_id] = res
            points.append(
                ResumePoint(
                    turn_id,
                    agent_id,
                    user,
                    messages,
                    completed,
                    rounds,
                    usage,
                    conversation_id=turn_row["conversation_id"],
                )
            )
        return points
