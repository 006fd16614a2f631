"""The journal writes of ``Store``: one short transaction per turn-engine boundary (S02-3).

Every blob a transaction references is written (fsynced, renamed) before the transaction begins,
and the folders that gained a name are fsynced once each (``BlobStore.sync_dirs``, run by
``StoreBase._tx``), so a committed row never points at a blob that a crash could lose; an orphan
blob from a crash in between is harmless and deduplicated later. The turn engine runs the writes
in a worker thread (``SqliteJournal.blocking``) and awaits each before its next step.

Which writes wait for the disk, and why (issue 14, "Cheaper rounds"). A process kill loses
nothing that was written to the WAL, synced or not; only power loss (or an OS crash) loses the
unsynced tail of the WAL, always a tail: a synced commit makes every commit before it durable.
So only the writes a guarantee needs are synchronous:

* the call marker (``CallMarkers.running``, one fsync per tool call) before the tool runs: it is
  what "a started call is never run again" rests on (S02-3). After power loss the marker may be
  all that is left of the call (its ``registered``/``running``/completion commits lost with the
  WAL tail): recovery then settles it as "interrupted, may have run", or ends the turn with
  ``turn_records_lost`` when the database does not know it (core/recovery.py);
* ``begin_turn`` (``synchronous=FULL``): the person's request is on disk before any tool of the
  turn runs, so power loss never leaves started calls of a turn the database does not know (the
  request would be sent again and its calls decided anew). The engine writes it while the first
  model request is out (a request changes nothing) and every later record waits for it
  (core/turn.py): a kill in those milliseconds loses the request, never runs a tool;
* ``end_turn`` (``synchronous=FULL``): a turn that reports done is on disk with every record of
  it; ``turn_failed`` and every write outside a turn's rounds (recovery, conversations) too;
* the blob files and their folders, before any commit that references them (above). A small
  text (under ``INLINE_MAX``, 4 KB: a request, a model message, a camera's result) is no file: its
  bytes go into the ``blobs`` row in the transaction that names it, so it needs no fsync of its
  own; a live-view frame writes one file, its image (issue 14, rows 4 and 5).

The per-round records ride on the next synchronous commit (``RIDING``, ``synchronous=NORMAL``):
``model_message``, ``tool_registered``, ``tool_running``, ``tool_not_executed`` and
``tool_completed``. Losing them to power loss costs at most the turn in progress, never a
re-execution (the marker) and never bad bytes (blobs first, verified on read). Write errors are
not hidden by this: SQLite writes the WAL frames at commit in both modes, so a full disk still
fails the ``registered``/``running`` write and the call is not run (``SqliteJournal``).
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from core.canonical import ChatMessage, ImageData, ToolCall, Usage
from core.stops import Stop
from core.store.blobs import INLINE_MAX, StoreError, sha256_of
from core.store.markers import ROTATE_AT, CallMarkers
from core.store.migrations import SEARCH_CHARS
from core.store.records import dump, usage_json
from core.store.schema import CALL_STATES, DONE_STATES, StoreBase
from core.tool import ToolReturn

# the per-round records of a turn: committed without fsync, made durable by the next FULL commit
RIDING = frozenset(
    {"model_message", "tool_registered", "tool_running", "tool_not_executed", "tool_completed"}
)

Text = tuple[str, bytes | None]  # a text's sha256, and its bytes when kept in the database
MessageBlobs = tuple[Text, int, list[tuple[str, ImageData]]]  # text, its size, images


class StoreWrites(StoreBase):
    markers: CallMarkers  # the call markers beside the database (core/store/markers.py)

    @staticmethod
    def _register_blob(conn: sqlite3.Connection, sha: str, size: int, data: bytes | None = None) -> None:
        """Name a blob in the registry; ``data``: a small text kept in the database itself (set
        also on a name registered before without it, e.g. a text file removed since)."""
        conn.execute(
            "INSERT INTO blobs(sha256, size, data) VALUES (?, ?, ?) ON CONFLICT(sha256) DO UPDATE"
            " SET data=excluded.data WHERE blobs.data IS NULL AND excluded.data IS NOT NULL",
            (sha, size, data),
        )

    def _put_text(self, raw: bytes) -> Text:
        """A text's name and, when small, its bytes for the registry (no file, no fsync: it
        commits with the rows naming it); a larger one is written as a blob file first."""
        if len(raw) < INLINE_MAX:
            return sha256_of(raw), raw
        return self.blobs.put(raw), None

    def _register_text(self, conn: sqlite3.Connection, text: Text, size: int) -> None:
        self._register_blob(conn, text[0], size, text[1])

    def _write_message_blobs(self, message: ChatMessage) -> MessageBlobs:
        self._writable()
        raw = message.text.encode("utf-8")
        text = self._put_text(raw)
        images = [(self.blobs.put(img.data, own=True), img) for img in message.attachments]
        return text, len(raw), images

    def _insert_message(
        self,
        conn: sqlite3.Connection,
        *,
        turn_id: str,
        conversation_id: str,
        kind: str,
        round: int,
        pos: int,
        message: ChatMessage,
        blobs: MessageBlobs,
        usage: Usage | None = None,
    ) -> int:
        text, text_size, images = blobs
        self._register_text(conn, text, text_size)
        text_sha = text[0]
        calls = [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in message.tool_calls]
        cur = conn.execute(
            "INSERT INTO messages(turn_id, conversation_id, kind, round, pos, role, text_blob, text_size,"
            " attachment_caption, tool_calls, tool_call_id, tool_name, provider_state, is_error, usage,"
            " created) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                turn_id,
                conversation_id,
                kind,
                round,
                pos,
                str(message.role),
                text_sha,
                text_size,
                message.attachment_caption,
                dump(calls),
                message.tool_call_id,
                message.tool_name,
                None if message.provider_state is None else dump(message.provider_state),
                int(message.is_error),
                usage_json(usage or Usage()),
                time.time(),
            ),
        )
        mid = int(cur.lastrowid or 0)
        if kind in ("input", "model") and message.text.strip():  # what search finds (migrations.py)
            conn.execute(
                "INSERT INTO message_search(text, conversation_id, message_id) VALUES (?,?,?)",
                (message.text[:SEARCH_CHARS], conversation_id, mid),
            )
        for i, (sha, img) in enumerate(images):
            self._register_blob(conn, sha, len(img.data))
            conn.execute(
                "INSERT INTO message_images(message_id, position, sha256, media_type, width, height)"
                " VALUES (?,?,?,?,?,?)",
                (mid, i, sha, img.media_type, img.width, img.height),
            )
        conn.execute("UPDATE conversations SET updated=? WHERE id=?", (time.time(), conversation_id))
        return mid

    @staticmethod
    def _ensure_conversation(conn: sqlite3.Connection, cid: str, agent_id: str, title: str) -> None:
        now = time.time()
        conn.execute(
            "INSERT OR IGNORE INTO conversations(id, agent_id, title, created, updated) VALUES (?,?,?,?,?)",
            (cid, agent_id, title, now, now),
        )
        conn.execute("UPDATE conversations SET title=? WHERE id=? AND title=''", (title, cid))

    def begin_turn(
        self, turn_id: str, conversation_id: str, agent_id: str, user_message: ChatMessage
    ) -> None:
        blobs = self._write_message_blobs(user_message)
        title = " ".join(user_message.text.split())[:80]
        with self._tx("begin_turn") as conn:
            if conn.execute("SELECT 1 FROM turns WHERE id=?", (turn_id,)).fetchone():
                return  # already begun (idempotent after a resume)
            self._ensure_conversation(conn, conversation_id, agent_id, title)
            seq = conn.execute("SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM turns").fetchone()["seq"]
            conn.execute(
                "INSERT INTO turns(id, seq, conversation_id, agent_id, state, started) VALUES (?,?,?,?,?,?)",
                (turn_id, seq, conversation_id, agent_id, "running", time.time()),
            )
            self._insert_message(
                conn,
                turn_id=turn_id,
                conversation_id=conversation_id,
                kind="input",
                round=-1,
                pos=0,
                message=user_message,
                blobs=blobs,
            )

    def _turn_conversation(self, conn: sqlite3.Connection, turn_id: str) -> str:
        row = conn.execute("SELECT conversation_id FROM turns WHERE id=?", (turn_id,)).fetchone()
        if row is None:
            raise StoreError(f"unknown turn {turn_id!r}")
        return str(row["conversation_id"])

    def model_message(self, turn_id: str, round: int, message: ChatMessage, usage: Usage) -> None:
        blobs = self._write_message_blobs(message)
        with self._tx("model_message") as conn:
            cid = self._turn_conversation(conn, turn_id)
            conn.execute("UPDATE turns SET state='running' WHERE id=? AND state='paused'", (turn_id,))
            self._insert_message(
                conn,
                turn_id=turn_id,
                conversation_id=cid,
                kind="model",
                round=round,
                pos=-1,
                message=message,
                blobs=blobs,
                usage=usage,
            )

    @staticmethod
    def _calls_in_round(conn: sqlite3.Connection, turn_id: str, round: int) -> int:
        """How many calls of ``round`` are registered: the position of the next one."""
        return int(
            conn.execute(
                "SELECT COUNT(*) AS n FROM tool_calls WHERE turn_id=? AND round=?", (turn_id, round)
            ).fetchone()["n"]
        )

    def tool_registered(self, turn_id: str, round: int, call: ToolCall) -> None:
        with self._tx("tool_registered") as conn:
            if conn.execute(
                "SELECT 1 FROM tool_calls WHERE turn_id=? AND call_id=?", (turn_id, call.id)
            ).fetchone():
                return
            pos = self._calls_in_round(conn, turn_id, round)
            conn.execute(
                "INSERT INTO tool_calls(turn_id, call_id, round, pos, name, arguments, state, registered)"
                " VALUES (?,?,?,?,?,?,?,?)",
                (turn_id, call.id, round, pos, call.name, dump(call.arguments), "registered", time.time()),
            )

    def set_call_state(self, turn_id: str, call_id: str, state: str, *, op: str) -> bool:
        """Move a call that is not done yet to ``state``; False when it was already done."""
        if state not in CALL_STATES:
            raise ValueError(state)
        with self._tx(op) as conn:
            cur = conn.execute(
                "UPDATE tool_calls SET state=?, started=CASE WHEN ?='running' THEN ? ELSE started END"
                " WHERE turn_id=? AND call_id=? AND state NOT IN ('completed', 'failed')",
                (state, state, time.time(), turn_id, call_id),
            )
            return cur.rowcount > 0

    def start_call(self, turn_id: str, call_id: str) -> bool:
        """Record a call as started: its ``running`` record, then its marker (fsynced); False
        (and no marker) when the call is not waiting to run (unknown, already done, or started
        by a previous process, S02-3). Raises when either write failed: the call must not run.

        The marker's fsync is the durable record of the start: the ``running`` commit rides on
        the next synchronous commit (``RIDING``), so starting a call costs one fsync. The marker
        follows the commit, so a process killed in between
        leaves a ``running`` record and no marker (settled as interrupted, as ever) and a marker
        always means the call may have run. After power loss, or a damaged WAL frame, the marker
        may be all that is left of the start: recovery then settles the call as "interrupted,
        may have run" (core/recovery.py)."""
        with self._lock:
            if self.markers.started_before(turn_id, call_id):
                return False
            if self.markers.count >= ROTATE_AT:
                self.rotate_markers()
            changed = self.set_call_state(turn_id, call_id, "running", op="tool_running")
            if changed:
                self.markers.running(turn_id, call_id)
            return changed

    def rotate_markers(self) -> bool:
        """Checkpoint the WAL into the database file and, when every frame was moved (and
        synced), empty the marker journal: no record it backs can be lost with the WAL any more."""
        with self._lock:
            try:
                busy, _log, _done = self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
                if busy:
                    return False
                self.markers.truncate()
            except (OSError, sqlite3.Error):
                return False
            return True

    def tool_completed(
        self,
        turn_id: str,
        call_id: str,
        result: ToolReturn,
        message: ChatMessage,
        *,
        interrupted: bool = False,
    ) -> bool:
        """Publish the tool message, the result blobs and the completion record in one
        transaction (S02-3). A call that is already done is left as it is (returns False).

        The completion record keeps the whole result (``result.stored``: the full output when the
        model read a shortened view, S02-1); the tool message keeps exactly what the model read,
        which is what a resumed turn sends again (see ``Store._stored_result``)."""
        blobs = self._write_message_blobs(message)
        whole = result.stored
        raw = whole.text.encode("utf-8")
        result_text = self._put_text(raw)
        result_images: list[dict[str, Any]] = [
            {
                "sha256": self.blobs.put(img.data, own=True),
                "media_type": img.media_type,
                "width": img.width,
                "height": img.height,
                "size": len(img.data),
            }
            for img in whole.images
        ]
        dropped = [{"reason": d.reason, "detail": d.detail} for d in whole.dropped]
        with self._tx("tool_completed") as conn:
            row = conn.execute(
                "SELECT state, round, pos FROM tool_calls WHERE turn_id=? AND call_id=?", (turn_id, call_id)
            ).fetchone()
            if row is None:  # completed without registration (unknown tool etc.)
                rnd = conn.execute(
                    "SELECT COALESCE(MAX(round), 0) AS round FROM messages WHERE turn_id=?", (turn_id,)
                ).fetchone()["round"]
                pos = self._calls_in_round(conn, turn_id, rnd)
                conn.execute(
                    "INSERT INTO tool_calls(turn_id, call_id, round, pos, name, arguments, state, registered)"
                    " VALUES (?,?,?,?,?,?,?,?)",
                    (turn_id, call_id, rnd, pos, message.tool_name or "", "{}", "running", time.time()),
                )
                state = "running"
            else:
                state, rnd, pos = row["state"], row["round"], row["pos"]
            if state in DONE_STATES:
                return False
            cid = self._turn_conversation(conn, turn_id)
            mid = self._insert_message(
                conn,
                turn_id=turn_id,
                conversation_id=cid,
                kind="tool",
                round=rnd,
                pos=pos,
                message=message,
                blobs=blobs,
            )
            self._register_text(conn, result_text, len(raw))
            for img in result_images:
                self._register_blob(conn, str(img["sha256"]), int(img["size"]))
            conn.execute(
                "INSERT INTO completions(turn_id, call_id, message_id, result_blob, result_images, dropped,"
                " is_error, interrupted, created) VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    turn_id,
                    call_id,
                    mid,
                    result_text[0],
                    dump(result_images),
                    dump(dropped),
                    int(result.is_error),
                    int(interrupted),
                    time.time(),
                ),
            )
            conn.execute(
                "UPDATE tool_calls SET state=?, finished=? WHERE turn_id=? AND call_id=?",
                ("failed" if result.is_error else "completed", time.time(), turn_id, call_id),
            )
        return True

    def end_turn(self, turn_id: str, stop: str, text: str, usage: Usage) -> None:
        self._writable()
        raw = text.encode("utf-8")
        final = self._put_text(raw)
        sha = final[0]
        state = "paused" if stop == Stop.PAUSED else "done"  # the turn's state, not its stop
        with self._tx("end_turn") as conn:
            self._register_text(conn, final, len(raw))
            conn.execute(
                "UPDATE turns SET state=?, stop=?, final_text_blob=?, usage=?, ended=? WHERE id=?",
                (state, stop, sha, usage_json(usage), time.time(), turn_id),
            )

    def turn_failed(self, turn_id: str, code: str, message: str) -> None:
        """Why the turn failed (after ``end_turn`` with ``stop="error"``): the error's code
        (``http_401``, ``no_key``, ``transport`` …) and its message, as the live event had them."""
        with self._tx("turn_failed") as conn:
            conn.execute(
                "INSERT OR REPLACE INTO turn_failures(turn_id, code, message, created) VALUES (?,?,?,?)",
                (turn_id, code, message, time.time()),
            )
