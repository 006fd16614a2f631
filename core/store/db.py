"""The durable store: a SQLite database (WAL) of conversations, turns, messages, tool calls and
completion records, next to a content-addressed blob directory (S02).

Layout under ``<data_dir>/store/``: ``store.db`` (+ WAL files), ``blobs/`` and ``calls.journal``
(the call markers, core/store/markers.py). Every message text,
every image and every tool result is a blob; rows only reference blobs by SHA-256 (a ``blobs``
registry table makes those references foreign keys). A blob is durable (fsynced, renamed) before
the transaction that references it commits, so a committed row never points at a blob that a crash
could lose; an orphan blob from a crash in between is harmless and deduplicated later.

``Store`` is composed of its parts, one module each: ``schema`` (DDL, version, opening the
connection, the lock and transactions), ``writes`` (the journal writes), ``reads`` (what the GUI
shows: history, completion records, texts, images) and ``resume`` (what a model is sent again:
past turns, resume points), ``summaries`` (the summaries of left-out turns), ``watches`` (watches, their spending, the timeline); ``records`` holds the values they return.

Threading and the event loop: every method is synchronous and guarded by one lock, so it may be
called from the loop thread or a worker thread. Journal writes are small (one short transaction);
only the ones a recovery guarantee needs wait for fsync (core/store/writes.py: the call marker,
the end of a turn, the blobs before the rows naming them; the other per-round records ride on
the next synchronous commit), and an fsync takes about 1 ms here, up to 15 ms, much more on a busy
disk, so the turn engine runs them in a worker thread and awaits them
(``SqliteJournal.blocking``); see tests/bench/test_bench_store.py, tests/bench/store_turn.py and
tests/bench/test_bench_gui.py for measured latencies.

Problems with stored content never stop the app: a damaged database file is moved aside and a new
one created (a full or read-only disk raises ``StoreUnavailable`` instead and moves nothing); a missing or corrupt blob is logged as a ``store corrupt:`` line and
shown as a note (``store_corrupt`` / ``image_omitted``), never used silently.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import suppress
from pathlib import Path

from core.paths import private_dir
from core.store.blobs import BlobStore
from core.store.conversations import StoreConversations, drop_inline
from core.store.markers import CallMarkers
from core.store.resume import StoreResume
from core.store.schema import DB_NAME, StoreUnavailable, open_database, unavailable
from core.store.summaries import StoreSummaries
from core.store.watches import StoreWatches
from core.store.writes import RIDING, StoreWrites


class Store(StoreWrites, StoreResume, StoreConversations, StoreSummaries, StoreWatches):
    """The durable store. Open with ``Store.open(data_dir)``."""

    def __init__(self, root: Path, conn: sqlite3.Connection, blobs: BlobStore) -> None:
        super().__init__(root, conn, blobs)
        self.markers = CallMarkers(root)
        self.riding = RIDING  # the per-round records ride on the next synchronous commit
        blobs.inline = self.inline_blob
        blobs.inline_names = self.inline_blob_names

    def inline_blob(self, sha256: str) -> bytes | None:
        """The bytes of a small text kept in the database (core/store/blobs.py), or None."""
        rows = self._q("SELECT data FROM blobs WHERE sha256=? AND data IS NOT NULL", (sha256,))
        return bytes(rows[0]["data"]) if rows else None

    def inline_blob_names(self) -> list[str]:
        return [str(r["sha256"]) for r in self._q("SELECT sha256 FROM blobs WHERE data IS NOT NULL")]

    def drop_inline_blobs(self, names: list[str]) -> int:
        """Free the bytes of small texts no record references any more; how many bytes."""
        with self._tx("drop_inline_blobs") as conn:
            return drop_inline(conn, names)

    def close(self) -> None:
        with self._lock:
            super().close()
            self.markers.close()

    @classmethod
    def open(cls, data_dir: Path) -> Store:
        root = data_dir / "store"
        try:
            private_dir(root)
            blobs = BlobStore(root / "blobs")
        except OSError as exc:
            raise unavailable(exc) or StoreUnavailable("io") from exc
        db_path = root / DB_NAME
        # SQLite makes the WAL and shared-memory files with the database file's mode: a new
        # database file is made private before SQLite creates it, and an older store's are fixed
        if not db_path.exists():
            with suppress(OSError):  # (a folder that cannot be written: SQLite reports it)
                os.close(os.open(db_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        conn = open_database(root)
        for suffix in ("", "-wal", "-shm"):
            with suppress(OSError):
                os.chmod(f"{db_path}{suffix}", 0o600)
        return cls(root, conn, blobs)
