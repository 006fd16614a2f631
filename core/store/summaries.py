"""The summaries of left-out turns (issue 14, ``core.context_summary``): one row per conversation
and range of turns it covers (``core.context.range_key``: a hash of the left-out messages), so a
summary is reused while the same turns are left out and a new one is written when the next trim
step leaves more out. Derived data: the text is a column, not a blob (it is never shown and can be
written again from the turns it summarizes); a conversation's rows go when it is deleted
(``Store.delete_conversation``).
"""

from __future__ import annotations

import time

from core.store.schema import StoreBase


class StoreSummaries(StoreBase):
    def summary(self, conversation_id: str, key: str) -> str | None:
        """The stored summary of the range ``key`` of ``conversation_id``'s turns, if any."""
        rows = self._q(
            "SELECT summary FROM context_summaries WHERE conversation_id=? AND range_key=?",
            (conversation_id, key),
        )
        return str(rows[0]["summary"]) if rows else None

    def save_summary(self, conversation_id: str, agent_id: str, key: str, turns: int, text: str) -> None:
        with self._tx("save_summary") as conn:
            conn.execute(
                "INSERT OR REPLACE INTO context_summaries"
                " (conversation_id, range_key, agent_id, turns, summary, created) VALUES (?, ?, ?, ?, ?, ?)",
                (conversation_id, key, agent_id, turns, text, time.time()),
            )
