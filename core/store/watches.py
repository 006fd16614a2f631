"""The store's watches, their spending and their timeline (issue 15, WA-8, WA-10, WA-11).

Four tables, created on every open (their DDL is in ``core.store.schema.SCHEMA``), so an older store gets them
without a migration:

* ``watches``: one row per watch: its definition as JSON (``core.watch.model.Watch.to_json``), its
  village and agent, and its state (status, reason, last frame and run, last score, the model's
  last keyframe, the next look). The definition is JSON, not columns: it is read whole and written
  whole, and a later field needs no migration.
* ``watch_calls``: one row per model call a watch made (its run, a relay description, a summary),
  with its tokens: the meter sums the last 60 minutes and since local midnight, so a restart never
  resets what was spent. Rows older than two days go with the clean-up.
* ``camera_events``: the timeline: one row per ``report_event``, unique per (turn, call), so a
  resumed turn that publishes the same call's event again changes nothing. Its keyframe is a blob
  of the turn's tool result; a kept event keeps it referenced (``referenced_blob_names``) when the
  watch's conversation is deleted.
* ``relay_captions``: the vision relay's description of an image, by SHA-256, language and
  template (reused, never asked twice).

Every write is one short transaction (``_tx``), durable when it commits.
"""

from __future__ import annotations

import json
import time
from typing import Any

from core.store.schema import StoreBase
from core.watch.model import CameraEvent, PauseReason, Watch, WatchState, WatchStatus

SPEND_KEEP_S = 2 * 86_400.0


_EVENT_COLUMNS = (
    "id, watch_id, agent_id, conversation_id, turn_id, call_id, at, title, summary, importance,"
    " keyframe, keyframe_type, notified"
)


def _event(r: Any) -> CameraEvent:
    return CameraEvent(
        int(r["id"]),
        str(r["watch_id"]),
        str(r["agent_id"]),
        str(r["conversation_id"]),
        str(r["turn_id"]),
        str(r["call_id"]),
        float(r["at"]),
        str(r["title"]),
        str(r["summary"]),
        int(r["importance"]),
        str(r["keyframe"]),
        str(r["keyframe_type"]),
        bool(r["notified"]),
    )


def _state(r: Any) -> WatchState:
    status: WatchStatus = r["status"]
    reason: PauseReason = r["reason"]
    score = r["last_score"]
    return WatchState(
        status,
        reason,
        float(r["last_frame"]),
        float(r["last_run"]),
        None if score is None else float(score),
        str(r["keyframe"]),
        float(r["next_due"]),
    )


class StoreWatches(StoreBase):
    # ------------------------------------------------------------------ watches
    def save_watch(self, village_id: str, watch: Watch, state: WatchState | None = None) -> None:
        """Insert or replace a watch's definition (and its state, when given)."""
        now = time.time()
        definition = json.dumps(watch.to_json(), ensure_ascii=False, sort_keys=True)
        with self._tx("save_watch") as conn:
            conn.execute(
                "INSERT INTO watches (id, village_id, agent_id, definition, status, created, updated)"
                " VALUES (?, ?, ?, ?, 'running', ?, ?) ON CONFLICT(id) DO UPDATE SET"
                " definition=excluded.definition, agent_id=excluded.agent_id, updated=excluded.updated",
                (watch.id, village_id, watch.agent_id, definition, watch.created or now, now),
            )
            if state is not None:
                self._write_state(conn, watch.id, state, now)

    def save_watch_state(self, watch_id: str, state: WatchState) -> None:
        with self._tx("save_watch_state") as conn:
            self._write_state(conn, watch_id, state, time.time())

    @staticmethod
    def _write_state(conn: Any, watch_id: str, s: WatchState, now: float) -> None:
        conn.execute(
            "UPDATE watches SET status=?, reason=?, last_frame=?, last_run=?, last_score=?, keyframe=?,"
            " next_due=?, updated=? WHERE id=?",
            (
                s.status,
                s.reason,
                s.last_frame,
                s.last_run,
                s.last_score,
                s.keyframe,
                s.next_due,
                now,
                watch_id,
            ),
        )

    def watches(self, village_id: str) -> list[tuple[Watch | None, WatchState, str, str]]:
        """Every watch of the village, oldest first: (its definition, or None when it no longer
        reads, its state, its id, the definition's text)."""
        rows = self._q("SELECT * FROM watches WHERE village_id=? ORDER BY created, id", (village_id,))
        out: list[tuple[Watch | None, WatchState, str, str]] = []
        for r in rows:
            try:
                watch: Watch | None = Watch.from_json(json.loads(r["definition"]))
            except (ValueError, TypeError, KeyError):
                watch = None
            out.append((watch, _state(r), str(r["id"]), str(r["definition"])))
        return out

    def delete_watch(self, watch_id: str, *, keep_timeline: bool) -> None:
        """The watch and its spending; its timeline too unless ``keep_timeline``."""
        with self._tx("delete_watch") as conn:
            conn.execute("DELETE FROM watches WHERE id=?", (watch_id,))
            conn.execute("DELETE FROM watch_calls WHERE watch_id=?", (watch_id,))
            if not keep_timeline:
                conn.execute("DELETE FROM camera_events WHERE watch_id=?", (watch_id,))

    # ------------------------------------------------------------------ spending
    def add_watch_call(self, watch_id: str, tokens: int, kind: str = "run", at: float | None = None) -> None:
        with self._tx("add_watch_call") as conn:
            conn.execute(
                "INSERT INTO watch_calls (watch_id, at, tokens, kind) VALUES (?, ?, ?, ?)",
                (watch_id, time.time() if at is None else at, int(tokens), kind),
            )

    def add_watch_calls(self, watch_id: str, tokens: int, calls: int, kind: str, at: float) -> None:
        """A run's ``calls`` model calls in one transaction: the tokens on the first row."""
        rows = [(watch_id, at, int(tokens) if i == 0 else 0, kind) for i in range(calls)]
        with self._tx("add_watch_call") as conn:
            conn.executemany("INSERT INTO watch_calls (watch_id, at, tokens, kind) VALUES (?, ?, ?, ?)", rows)

    def watch_spent(self, watch_id: str, since_calls: float, since_tokens: float) -> tuple[int, int]:
        """(calls at or after ``since_calls``, tokens at or after ``since_tokens``)."""
        rows = self._q(
            "SELECT COALESCE(SUM(CASE WHEN at >= ? THEN 1 ELSE 0 END), 0) AS calls,"
            " COALESCE(SUM(CASE WHEN at >= ? THEN tokens ELSE 0 END), 0) AS tokens"
            " FROM watch_calls WHERE watch_id=? AND at >= ?",
            (since_calls, since_tokens, watch_id, min(since_calls, since_tokens)),
        )
        return int(rows[0]["calls"]), int(rows[0]["tokens"])

    def prune_watch_calls(self, now: float | None = None) -> int:
        cut = (time.time() if now is None else now) - SPEND_KEEP_S
        with self._tx("prune_watch_calls") as conn:
            return int(conn.execute("DELETE FROM watch_calls WHERE at < ?", (cut,)).rowcount)

    # ------------------------------------------------------------------ timeline
    def add_camera_event(self, village_id: str, e: CameraEvent) -> CameraEvent:
        """Insert an event; the same (turn, call) twice keeps the first (a resumed turn). Returns
        the stored event, with its id."""
        with self._tx("add_camera_event") as conn:
            conn.execute(
                "INSERT OR IGNORE INTO camera_events (watch_id, village_id, agent_id, conversation_id,"
                " turn_id, call_id, at, title, summary, importance, keyframe, keyframe_type, notified)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    e.watch_id,
                    village_id,
                    e.agent_id,
                    e.conversation_id,
                    e.turn_id,
                    e.call_id,
                    e.at,
                    e.title,
                    e.summary,
                    e.importance,
                    e.keyframe,
                    e.keyframe_type,
                    int(e.notified),
                ),
            )
            row = conn.execute(
                f"SELECT {_EVENT_COLUMNS} FROM camera_events WHERE turn_id=? AND call_id=?",
                (e.turn_id, e.call_id),
            ).fetchone()
        return _event(row)

    def mark_event_notified(self, event_id: int) -> None:
        with self._tx("mark_event_notified") as conn:
            conn.execute("UPDATE camera_events SET notified=1 WHERE id=?", (event_id,))

    def camera_events(
        self,
        village_id: str,
        *,
        watch_id: str | None = None,
        agent_id: str | None = None,
        since: float | None = None,
        until: float | None = None,
        min_importance: int = 0,
        text: str = "",
        limit: int = 200,
    ) -> list[CameraEvent]:
        """Events of the village, newest first, filtered; ``text`` matches title or summary
        (case-insensitive substring, any language)."""
        where, args = ["village_id=?"], [village_id]
        for column, op, value in (
            ("watch_id", "=", watch_id),
            ("agent_id", "=", agent_id),
            ("at", ">=", since),
            ("at", "<", until),
        ):
            if value is not None:
                where.append(f"{column} {op} ?")
                args.append(value)  # type: ignore[arg-type]
        if min_importance:
            where.append("importance >= ?")
            args.append(min_importance)  # type: ignore[arg-type]
        if text.strip():
            like = (
                "%" + text.strip().lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            )
            where.append("(lower(title) LIKE ? ESCAPE '\\' OR lower(summary) LIKE ? ESCAPE '\\')")
            args.extend([like, like])
        rows = self._q(
            f"SELECT {_EVENT_COLUMNS} FROM camera_events WHERE {' AND '.join(where)}"
            " ORDER BY at DESC, id DESC LIMIT ?",
            (*args, int(limit)),
        )
        return [_event(r) for r in rows]

    def camera_event(self, event_id: int) -> CameraEvent | None:
        rows = self._q(f"SELECT {_EVENT_COLUMNS} FROM camera_events WHERE id=?", (event_id,))
        return _event(rows[0]) if rows else None

    def delete_camera_events(self, ids: list[int]) -> int:
        if not ids:
            return 0
        with self._tx("delete_camera_events") as conn:
            marks = ",".join("?" * len(ids))
            return int(conn.execute(f"DELETE FROM camera_events WHERE id IN ({marks})", ids).rowcount)

    def timeline_summary(self, watch_id: str) -> tuple[int, int]:
        """(the watch's events on the timeline, the bytes their keyframes take, each blob once),
        from the blobs registry: one indexed query, no file touched (the window asks it)."""
        rows = self._q(
            "SELECT (SELECT COUNT(*) FROM camera_events WHERE watch_id=?) AS events,"
            " (SELECT COALESCE(SUM(b.size), 0) FROM blobs b WHERE b.sha256 IN"
            "  (SELECT keyframe FROM camera_events WHERE watch_id=? AND keyframe != '')) AS bytes",
            (watch_id, watch_id),
        )
        return int(rows[0]["events"]), int(rows[0]["bytes"])

    def watch_keyframe_names(self) -> set[str]:
        """The blobs the timeline and the watches' last keyframes keep (the clean-up keeps them)."""
        rows = self._q(
            "SELECT keyframe FROM camera_events WHERE keyframe != ''"
            " UNION SELECT keyframe FROM watches WHERE keyframe != ''"
        )
        return {str(r["keyframe"]) for r in rows}

    # ------------------------------------------------------------------ relay
    def relay_caption(self, sha256: str, language: str, template: str) -> str | None:
        rows = self._q(
            "SELECT text FROM relay_captions WHERE sha256=? AND language=? AND template=?",
            (sha256, language, template),
        )
        return str(rows[0]["text"]) if rows else None

    def save_relay_caption(self, sha256: str, language: str, template: str, text: str) -> None:
        with self._tx("save_relay_caption") as conn:
            conn.execute(
                "INSERT OR REPLACE INTO relay_captions (sha256, language, template, text, created)"
                " VALUES (?, ?, ?, ?, ?)",
                (sha256, language, template, text, time.time()),
            )
