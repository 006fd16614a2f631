"""The store's database: its schema (DDL and version), opening a connection (pragmas), and the
base every part of ``Store`` shares (the lock, transactions, queries, corruption reports).

Durability: the database runs in WAL mode. Every write is one ``BEGIN IMMEDIATE`` … ``COMMIT``
transaction (``StoreBase._tx``) under the store's lock. A transaction commits with
``synchronous=FULL`` (the WAL is fsynced: the commit survives power loss, not only a process
kill), except those in ``StoreBase.riding`` (the per-round records of a turn; which and why:
core/store/writes.py): they commit with ``synchronous=NORMAL``, written to the WAL, which a
process kill never loses, and made durable by the next FULL commit or checkpoint (the WAL is a
log: a synced commit syncs every commit before it). Before any transaction begins, the blob
folders that gained a name are fsynced (``BlobStore.sync_dirs``): a WAL frame may reach the disk at any moment after its
commit is written, so every blob it references is durable first.

Only a damaged database is moved aside (with its WAL files) and a new one created
(``open_database``): SQLite says the file is not a database or is malformed, or ``PRAGMA
quick_check`` fails (``CorruptDatabase``). A store that cannot be used now (full disk, read-only,
no permission, I/O error) is never moved aside: ``StoreUnavailable(reason)`` is raised and the
app runs without history until the next start. A store that turns read-only while the app runs
is detected before each write (``StoreBase._writable``): the write raises ``StoreUnavailable``
instead of touching SQLite's memory-mapped shared-memory file (a SIGBUS otherwise).
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from core.log import event
from core.store.blobs import BlobError, BlobStore, CorruptBlob, StoreError
from core.store.migrations import LATEST, migrate

SCHEMA_VERSION = LATEST  # the version 1 DDL below, then core/store/migrations.py
DB_NAME = "store.db"

CALL_STATES = ("registered", "running", "completed", "failed", "not_executed")
DONE_STATES = ("completed", "failed")

# The version 1 DDL: a new database starts here and is migrated (core/store/migrations.py).
SCHEMA = """
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS blobs (
    sha256 TEXT PRIMARY KEY CHECK (length(sha256) = 64),
    size INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS conversations (
    id TEXT PRIMARY KEY,
    agent_id TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS turns (
    id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    conversation_id TEXT NOT NULL REFERENCES conversations(id),
    agent_id TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('running', 'paused', 'done')),
    stop TEXT,
    final_text_blob TEXT REFERENCES blobs(sha256),
    usage TEXT NOT NULL DEFAULT '{}',
    started REAL NOT NULL,
    ended REAL
);
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    turn_id TEXT NOT NULL REFERENCES turns(id),
    conversation_id TEXT NOT NULL REFERENCES conversations(id),
    kind TEXT NOT NULL CHECK (kind IN ('input', 'model', 'tool')),
    round INTEGER NOT NULL,
    pos INTEGER NOT NULL,
    role TEXT NOT NULL,
    text_blob TEXT NOT NULL REFERENCES blobs(sha256),
    text_size INTEGER NOT NULL,
    attachment_caption TEXT,
    tool_calls TEXT NOT NULL DEFAULT '[]',
    tool_call_id TEXT,
    tool_name TEXT,
    provider_state TEXT,
    is_error INTEGER NOT NULL DEFAULT 0,
    usage TEXT NOT NULL DEFAULT '{}',
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_by_conversation ON messages(conversation_id, id);
CREATE INDEX IF NOT EXISTS messages_by_turn ON messages(turn_id, round, pos);
CREATE TABLE IF NOT EXISTS message_images (
    message_id INTEGER NOT NULL REFERENCES messages(id),
    position INTEGER NOT NULL,
    sha256 TEXT NOT NULL REFERENCES blobs(sha256),
    media_type TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    PRIMARY KEY (message_id, position)
);
CREATE TABLE IF NOT EXISTS tool_calls (
    turn_id TEXT NOT NULL REFERENCES turns(id),
    call_id TEXT NOT NULL,
    round INTEGER NOT NULL,
    pos INTEGER NOT NULL,
    name TEXT NOT NULL,
    arguments TEXT NOT NULL,
    state TEXT NOT NULL
        CHECK (state IN ('registered', 'running', 'completed', 'failed', 'not_executed')),
    registered REAL NOT NULL,
    started REAL,
    finished REAL,
    PRIMARY KEY (turn_id, call_id)
);
CREATE TABLE IF NOT EXISTS completions (
    turn_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    message_id INTEGER NOT NULL REFERENCES messages(id),
    result_blob TEXT NOT NULL REFERENCES blobs(sha256),
    result_images TEXT NOT NULL DEFAULT '[]',
    dropped TEXT NOT NULL DEFAULT '[]',
    is_error INTEGER NOT NULL,
    interrupted INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    PRIMARY KEY (turn_id, call_id),
    FOREIGN KEY (turn_id, call_id) REFERENCES tool_calls(turn_id, call_id)
);
-- why a turn failed (its turns row says stop='error'), so a reopened chat shows the error as it
-- was shown live; no foreign key: deleting a conversation's turns deletes these rows too
CREATE TABLE IF NOT EXISTS turn_failures (
    turn_id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    message TEXT NOT NULL,
    created REAL NOT NULL
);
-- the summary of a conversation's left-out turns, by the range it covers (core/store/summaries.py);
-- created on every open, so an older store gets it without a migration
CREATE TABLE IF NOT EXISTS context_summaries (
    conversation_id TEXT NOT NULL,
    range_key TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    turns INTEGER NOT NULL,
    summary TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (conversation_id, range_key)
);
-- watches, their spending, the timeline and the relay's descriptions (core/store/watches.py);
-- created on every open like the summaries
CREATE TABLE IF NOT EXISTS watches (
    id TEXT PRIMARY KEY,
    village_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    definition TEXT NOT NULL,
    status TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    last_frame REAL NOT NULL DEFAULT 0,
    last_run REAL NOT NULL DEFAULT 0,
    last_score REAL,
    keyframe TEXT NOT NULL DEFAULT '',
    next_due REAL NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS watch_calls (
    watch_id TEXT NOT NULL,
    at REAL NOT NULL,
    tokens INTEGER NOT NULL,
    kind TEXT NOT NULL DEFAULT 'run'
);
CREATE INDEX IF NOT EXISTS watch_calls_by_watch ON watch_calls(watch_id, at);
CREATE TABLE IF NOT EXISTS camera_events (
    id INTEGER PRIMARY KEY,
    watch_id TEXT NOT NULL,
    village_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    conversation_id TEXT NOT NULL,
    turn_id TEXT NOT NULL,
    call_id TEXT NOT NULL,
    at REAL NOT NULL,
    title TEXT NOT NULL,
    summary TEXT NOT NULL,
    importance INTEGER NOT NULL,
    keyframe TEXT NOT NULL DEFAULT '',
    keyframe_type TEXT NOT NULL DEFAULT '',
    notified INTEGER NOT NULL DEFAULT 0,
    UNIQUE (turn_id, call_id)
);
CREATE INDEX IF NOT EXISTS camera_events_by_time ON camera_events(village_id, at);
CREATE INDEX IF NOT EXISTS camera_events_by_watch ON camera_events(watch_id, at);
CREATE TABLE IF NOT EXISTS relay_captions (
    sha256 TEXT NOT NULL,
    language TEXT NOT NULL,
    template TEXT NOT NULL,
    text TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (sha256, language, template)
);
"""


class StoreUnavailable(StoreError):
    """The store cannot be used now; nothing was moved aside or deleted. ``reason``: ``full``
    (disk or quota full), ``read_only``, ``permission``, ``busy``, ``io`` (another I/O error)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"store unavailable ({reason})" + (f": {detail}" if detail else ""))
        self.reason = reason


class CorruptDatabase(sqlite3.DatabaseError):
    """``PRAGMA quick_check`` found damage: the only failure besides SQLite's own corruption codes
    that moves the database aside."""


_CORRUPT_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB
_SQLITE_REASONS = {13: "full", 8: "read_only", 3: "permission", 23: "permission", 5: "busy", 6: "busy"}
_ERRNO_REASONS = {
    errno.ENOSPC: "full",
    errno.EDQUOT: "full",
    errno.EROFS: "read_only",
    errno.EACCES: "permission",
    errno.EPERM: "permission",
}


def unavailable(exc: BaseException) -> StoreUnavailable | None:
    """``exc`` as a ``StoreUnavailable`` when it says the store cannot be used now; None when it
    is corruption (or not a store failure at all)."""
    if isinstance(exc, StoreUnavailable):
        return exc
    if isinstance(exc, CorruptDatabase):
        return None
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        if code is not None and code & 0xFF in _CORRUPT_CODES:
            return None
        reason = "io" if code is None else _SQLITE_REASONS.get(code & 0xFF, "io")
        return StoreUnavailable(reason, str(exc)[:200])
    if isinstance(exc, OSError):
        return StoreUnavailable(_ERRNO_REASONS.get(exc.errno or 0, "io"), str(exc)[:200])
    return None


def connect(path: Path) -> sqlite3.Connection:
    """Open (creating when new) the database at ``path``: WAL, ``synchronous=FULL``, foreign keys,
    the schema, the version check, the migrations to ``SCHEMA_VERSION`` (blobs read from the
    ``blobs`` folder beside it) and a quick integrity check. Rows come back as ``sqlite3.Row``.
    Raises ``sqlite3.DatabaseError`` for a file SQLite cannot use, ``StoreError`` for a newer schema."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10)
    conn.row_factory = sqlite3.Row
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.executescript(SCHEMA)
        if "data" not in {r["name"] for r in conn.execute("PRAGMA table_info(blobs)")}:
            # small texts kept in the database (core/store/blobs.py, INLINE_MAX): added on open,
            # like context_summaries, so an older store gets it without a migration
            conn.execute("ALTER TABLE blobs ADD COLUMN data BLOB")
        row = conn.execute("SELECT version FROM schema_version").fetchone()
        if row is None:
            conn.execute("INSERT INTO schema_version(version) VALUES (1)")  # SCHEMA is version 1
        elif row["version"] > SCHEMA_VERSION:
            raise StoreError(f"store schema {row['version']} is newer than this app ({SCHEMA_VERSION})")
        migrate(conn, 1 if row is None else int(row["version"]), path.parent / "blobs")
        check = [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]
        if check != ["ok"]:
            raise CorruptDatabase(f"quick_check: {check[0] if check else 'no answer'}"[:200])
    except BaseException:
        conn.close()
        raise
    with suppress(OSError):
        path.chmod(0o600)
    return conn


def _no_space(path: Path) -> bool:
    try:
        return os.statvfs(path).f_bavail == 0
    except OSError:
        return False


def open_database(root: Path) -> sqlite3.Connection:
    """The connection to ``<root>/store.db``; a damaged file is moved aside first (a ``store
    corrupt:`` line) and a new database created in its place. Raises ``StoreUnavailable`` when
    the store cannot be used now (a full disk, read-only): then nothing is moved."""
    db_path = root / DB_NAME
    try:
        return connect(db_path)
    except (sqlite3.Error, OSError) as exc:
        if (typed := unavailable(exc)) is not None:
            if typed.reason == "io" and _no_space(root):  # SQLite says IOERR for a -shm it cannot grow
                typed = StoreUnavailable("full", str(typed))
            raise typed from exc
        error = type(exc).__name__
    aside = db_path.with_name(f"{DB_NAME}.corrupt-{int(time.time())}")
    try:
        for suffix in ("", "-wal", "-shm"):
            src = Path(str(db_path) + suffix)
            if src.exists():
                src.replace(Path(str(aside) + suffix))
        event("store corrupt", file=DB_NAME, action="moved_aside", error=error)
        return connect(db_path)
    except (sqlite3.Error, OSError) as exc:
        raise unavailable(exc) or StoreUnavailable("io", type(exc).__name__) from exc


def moved_aside(root: Path) -> list[Path]:
    """Databases moved aside as damaged: their blobs are kept (``core.store.gc``)."""
    return sorted(p for p in root.glob(f"{DB_NAME}.corrupt-*") if not p.name.endswith(("-wal", "-shm")))


class StoreBase:
    """What the parts of ``Store`` share. Every method is synchronous and guarded by one lock,
    so it may be called from the loop thread or a worker thread."""

    def __init__(self, root: Path, conn: sqlite3.Connection, blobs: BlobStore) -> None:
        self.root = root
        self._conn = conn
        self.blobs = blobs
        self._lock = threading.RLock()
        self.problems: list[str] = []  # store corrupt: lines written since opening
        self.unavailable: StoreUnavailable | None = None  # set once the store turned read-only
        # test hooks (kill-point injection): called with an operation name before each write
        # transaction begins and after each commit
        self.before_tx: Callable[[str], None] | None = None
        self.after_commit: Callable[[str], None] | None = None
        # the operations whose commits ride on the next synchronous one (core/store/writes.py)
        self.riding: frozenset[str] = frozenset()
        self._durable = True  # the connection's synchronous mode: FULL (connect), else NORMAL

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def _writable(self) -> None:
        """Raise ``StoreUnavailable`` when the store's file system is read-only (checked before
        every write: SQLite would write its memory-mapped -shm file and die of SIGBUS). Once
        seen, the store stays unavailable for writes (one ``store unavailable:`` line)."""
        if self.unavailable is None:
            try:
                read_only = bool(os.statvfs(self.root).f_flag & os.ST_RDONLY)
            except OSError as exc:
                read_only, detail = True, type(exc).__name__
            else:
                detail = "file system is read-only"
            if not read_only:
                return
            self.unavailable = StoreUnavailable("read_only", detail)
            event("store unavailable", reason="read_only", when="running")
        raise self.unavailable

    @contextmanager
    def _tx(self, op: str) -> Iterator[sqlite3.Connection]:
        """One write transaction; one whose ``op`` is in ``riding`` commits without fsyncing the
        WAL (the next durable commit does it)."""
        durable = op not in self.riding
        if self.before_tx is not None:
            self.before_tx(op)
        with self._lock:
            self._writable()
            self.blobs.sync_dirs()  # every blob the transaction may reference has a durable name
            if durable != self._durable:  # set only when it changes: a turn's rounds share one
                self._conn.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
                self._durable = durable
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")
        if self.after_commit is not None:
            self.after_commit(op)

    def _q(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        with self._lock:
            cur = self._conn.execute(sql, args)
            return list(cur.fetchall())

    def report_corrupt(self, exc: BlobError, *, kind: str, **where: object) -> None:
        reason = "corrupt" if isinstance(exc, CorruptBlob) else "missing"
        fields: dict[str, object] = {"blob": exc.sha256[:16], "kind": kind, "error": reason, **where}
        line = event("store corrupt", None, **fields)
        self.problems.append(line)
