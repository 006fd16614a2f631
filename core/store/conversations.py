"""The conversations of ``Store`` (schema version 2, core/store/migrations.py): each belongs to one
agent of one village (``village_id``; NULL for a version 1 store's, whose village is not known),
each agent of a village has a current one, and they are listed, renamed, searched and deleted.

Search: the person's requests and the model's messages are indexed in ``message_search`` (FTS5
with the trigram tokenizer when this SQLite has it, else a plain table) and matched with LIKE, as
titles are; the trigram index serves LIKE patterns of three characters or more, shorter ones scan.

Deleting a conversation removes its rows in one transaction, then the blob files that no record
references any more (unless a damaged database set aside may name them, or they are younger than
``grace_s``: a write in flight may be about to reference the same bytes; the start-up clean-up,
core/store/gc.py, takes those later).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from core.store.reads import StoreReads
from core.store.records import ConversationInfo, conversation_info
from core.store.schema import moved_aside

_INFO = (
    "SELECT c.id AS id, c.agent_id AS agent_id, c.title AS title, c.created AS created,"
    " c.updated AS updated, c.village_id AS village_id,"
    " (SELECT COUNT(*) FROM turns t WHERE t.conversation_id=c.id) AS turns,"
    " (SELECT COUNT(*) FROM messages m WHERE m.conversation_id=c.id) AS messages"
    " FROM conversations c"
)
_NEWEST = " ORDER BY c.updated DESC, c.created DESC, c.id"


def like_pattern(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def result_image_names(rows: Iterable[sqlite3.Row]) -> set[str]:
    """The image names in completions' ``result_images`` (JSON lists of records); a damaged
    list is passed over (the clean-up and a delete must not fail on one row)."""
    names: set[str] = set()
    for r in rows:
        try:
            names.update(str(img["sha256"]) for img in json.loads(r["images"]))
        except (ValueError, TypeError, KeyError):
            continue
    return names


def drop_inline(conn: sqlite3.Connection, names: list[str]) -> int:
    """Drop the bytes of the small texts ``names`` kept in the database (core/store/blobs.py);
    their registry rows stay, as a blob file's do. How many bytes were freed."""
    freed = 0
    for name in names:
        row = conn.execute("SELECT length(data) AS n FROM blobs WHERE sha256=?", (name,)).fetchone()
        if row is not None and row["n"] is not None:
            conn.execute("UPDATE blobs SET data=NULL WHERE sha256=?", (name,))
            freed += int(row["n"])
    return freed


class StoreConversations(StoreReads):
    def conversations_of(self, village_id: str | None, agent_id: str) -> list[ConversationInfo]:
        """The conversations of one agent of one village, newest first; ``village_id`` None:
        the agent's conversations of unknown village (a version 1 store's)."""
        where = "c.village_id IS NULL" if village_id is None else "c.village_id=?"
        args: tuple[Any, ...] = (agent_id,) if village_id is None else (village_id, agent_id)
        return [
            conversation_info(r) for r in self._q(f"{_INFO} WHERE {where} AND c.agent_id=?{_NEWEST}", args)
        ]

    def conversation(self, conversation_id: str) -> ConversationInfo | None:
        rows = self._q(f"{_INFO} WHERE c.id=?", (conversation_id,))
        return conversation_info(rows[0]) if rows else None

    def create_conversation(
        self, conversation_id: str, village_id: str, agent_id: str, title: str = ""
    ) -> None:
        now = time.time()
        with self._tx("create_conversation") as conn:
            conn.execute(
                "INSERT OR IGNORE INTO conversations(id, agent_id, title, created, updated, village_id)"
                " VALUES (?,?,?,?,?,?)",
                (conversation_id, agent_id, title, now, now, village_id),
            )

    def current_conversation(self, village_id: str, agent_id: str) -> str | None:
        rows = self._q(
            "SELECT cc.conversation_id AS id FROM current_conversations cc JOIN conversations c"
            " ON c.id = cc.conversation_id WHERE cc.village_id=? AND cc.agent_id=?",
            (village_id, agent_id),
        )
        return str(rows[0]["id"]) if rows else None

    def set_current_conversation(self, village_id: str, agent_id: str, conversation_id: str) -> None:
        """Make ``conversation_id`` the agent's current one; a conversation of unknown village
        opened here becomes this village's (the person chose it)."""
        with self._tx("set_current_conversation") as conn:
            conn.execute(
                "UPDATE conversations SET village_id=? WHERE id=? AND village_id IS NULL",
                (village_id, conversation_id),
            )
            conn.execute(
                "INSERT INTO current_conversations(village_id, agent_id, conversation_id) VALUES (?,?,?)"
                " ON CONFLICT(village_id, agent_id) DO UPDATE SET conversation_id=excluded.conversation_id",
                (village_id, agent_id, conversation_id),
            )

    def claim_conversation(self, conversation_id: str, village_id: str) -> bool:
        """Give a conversation of unknown village to ``village_id``; False when it had one."""
        with self._tx("claim_conversation") as conn:
            cur = conn.execute(
                "UPDATE conversations SET village_id=? WHERE id=? AND village_id IS NULL",
                (village_id, conversation_id),
            )
            return cur.rowcount > 0

    def has_open_turn(self, conversation_id: str) -> bool:
        """Whether a turn of the conversation was cut (running) or paused: recovery continues it."""
        rows = self._q(
            "SELECT 1 FROM turns WHERE conversation_id=? AND state IN ('running', 'paused') LIMIT 1",
            (conversation_id,),
        )
        return bool(rows)

    def rename_conversation(self, conversation_id: str, title: str) -> None:
        with self._tx("rename_conversation") as conn:
            conn.execute("UPDATE conversations SET title=? WHERE id=?", (title, conversation_id))

    def referenced_blob_names(self) -> set[str]:
        """Every blob name some record references (the clean-up's, core/store/gc.py, too)."""
        rows = self._q(
            "SELECT text_blob AS sha256 FROM messages"
            " UNION SELECT sha256 FROM message_images"
            " UNION SELECT result_blob FROM completions"
            " UNION SELECT final_text_blob FROM turns WHERE final_text_blob IS NOT NULL"
            # the timeline's keyframes and the watches' last ones (core/store/watches.py)
            " UNION SELECT keyframe FROM camera_events WHERE keyframe != ''"
            " UNION SELECT keyframe FROM watches WHERE keyframe != ''"
        )
        names = {str(r["sha256"]) for r in rows}
        return names | result_image_names(
            self._q("SELECT result_images AS images FROM completions WHERE result_images != '[]'")
        )

    def image_names(self, conversation_id: str) -> set[str]:
        """The sha256 of every image a conversation's records name (messages and completions)."""
        names = {
            str(r["sha256"])
            for r in self._q(
                "SELECT mi.sha256 AS sha256 FROM message_images mi JOIN messages m ON m.id = mi.message_id"
                " WHERE m.conversation_id=?",
                (conversation_id,),
            )
        }
        return names | result_image_names(
            self._q(
                "SELECT c.result_images AS images FROM completions c JOIN turns t ON t.id = c.turn_id"
                " WHERE t.conversation_id=? AND c.result_images != '[]'",
                (conversation_id,),
            )
        )

    def _blob_names(self, conversation_id: str) -> set[str]:
        rows = self._q(
            "SELECT text_blob AS sha256 FROM messages WHERE conversation_id=?"
            " UNION SELECT c.result_blob FROM completions c JOIN turns t ON t.id = c.turn_id"
            " WHERE t.conversation_id=?"
            " UNION SELECT final_text_blob FROM turns WHERE conversation_id=? AND final_text_blob IS NOT NULL",
            (conversation_id, conversation_id, conversation_id),
        )
        return {str(r["sha256"]) for r in rows}

    def delete_conversation(
        self, conversation_id: str, *, grace_s: float = 30.0
    ) -> tuple[set[str], list[Path]]:
        """Delete a conversation's rows; then its blob files nothing else references. Returns
        (the image names it referenced that no record references now, the blob files removed)."""
        with self._lock:
            images = self.image_names(conversation_id)
            names = self._blob_names(conversation_id) | images
            turns = "SELECT id FROM turns WHERE conversation_id=?"
            with self._tx("delete_conversation") as conn:
                conn.execute(f"DELETE FROM completions WHERE turn_id IN ({turns})", (conversation_id,))
                conn.execute(f"DELETE FROM tool_calls WHERE turn_id IN ({turns})", (conversation_id,))
                conn.execute(f"DELETE FROM turn_failures WHERE turn_id IN ({turns})", (conversation_id,))
                conn.execute(
                    "DELETE FROM message_images WHERE message_id IN"
                    " (SELECT id FROM messages WHERE conversation_id=?)",
                    (conversation_id,),
                )
                conn.execute("DELETE FROM message_search WHERE conversation_id=?", (conversation_id,))
                conn.execute("DELETE FROM messages WHERE conversation_id=?", (conversation_id,))
                conn.execute("DELETE FROM turns WHERE conversation_id=?", (conversation_id,))
                conn.execute("DELETE FROM current_conversations WHERE conversation_id=?", (conversation_id,))
                conn.execute("DELETE FROM conversations WHERE id=?", (conversation_id,))
                # its summaries of left-out turns hold its content too (core/store/summaries.py)
                conn.execute("DELETE FROM context_summaries WHERE conversation_id=?", (conversation_id,))
                still = self.referenced_blob_names()
                drop_inline(conn, sorted(names - still))  # its small texts kept in the database
        unreferenced = names - still
        removed: list[Path] = []
        if moved_aside(self.root):
            return images - still, removed
        now = time.time()
        for sha in sorted(unreferenced):
            path = self.blobs.path(sha)
            try:
                if now - path.stat().st_mtime >= grace_s:
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue
        return images - still, removed

    def search_conversations(self, village_id: str, agent_id: str, text: str) -> list[ConversationInfo]:
        """The agent's conversations (this village's and those of unknown village) whose title or
        a request or model message contains ``text`` (case-insensitive for ASCII), newest first."""
        pattern = like_pattern(text.strip())
        rows = self._q(
            f"{_INFO} WHERE (c.village_id=? OR c.village_id IS NULL) AND c.agent_id=? AND"
            " (c.title LIKE ? ESCAPE '\\' OR c.id IN"
            " (SELECT conversation_id FROM message_search WHERE text LIKE ? ESCAPE '\\'))"
            f"{_NEWEST}",
            (village_id, agent_id, pattern, pattern),
        )
        return [conversation_info(r) for r in rows]
