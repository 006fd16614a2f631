"""The durable store: a SQLite database (WAL) of conversations, turns, messages, tool calls and
completion records, next to a content-addressed blob directory (S02).

Layout under ``<data_dir>/store/``: ``store.db`` (+ WAL files) and ``blobs/``. Every message text,
every image and every tool result is a blob; rows only reference blobs by SHA-256 (a ``blobs``
registry table makes those references foreign keys). A blob is durable (fsynced, renamed) before
the transaction that references it commits, so a committed row never points at a blob that a crash
could lose; an orphan blob from a crash in between is harmless and deduplicated later.

Threading and the event loop: every method is synchronous and guarded by one lock, so it may be
called from the loop thread or a worker thread. Journal writes are small (one short transaction,
``synchronous=FULL`` so a commit survives power loss, not only a process kill) but each waits for
fsync (about 1 ms here, up to 15 ms, much more on a busy disk), so the turn engine runs them in a
worker thread and awaits them (``SqliteJournal.blocking``); see tests/bench/test_bench_store.py
and tests/bench/test_bench_gui.py for measured latencies.

Problems with stored content never stop the app: a database file that SQLite cannot open is moved
aside and a new one created; a missing or corrupt blob is logged as a ``store corrupt:`` line and
shown as a note (``store_corrupt`` / ``image_omitted``), never used silently.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from core.canonical import ChatMessage, ImageData, Role, ToolCall, Usage
from core.journal import ResumePoint
from core.log import event
from core.notes import note
from core.store.blobs import PAGE_SIZE, BlobError, BlobStore, CorruptBlob, StoreError
from core.tool import ToolOutput, ToolReturn

SCHEMA_VERSION = 1
DB_NAME = "store.db"

CALL_STATES = ("registered", "running", "completed", "failed", "not_executed")
DONE_STATES = ("completed", "failed")
TURN_STATES = ("running", "paused", "done")

_SCHEMA = """
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
"""


@dataclass(frozen=True)
class ImageRef:
    """A stored image: its blob name and what the display needs without loading the bytes."""

    sha256: str
    media_type: str
    width: int
    height: int
    size: int


@dataclass(frozen=True)
class CompletionRecord:
    """Where a completed call's whole result is stored (``Store.completion``)."""

    message_id: int  # the tool message: what the model read
    result_sha256: str
    result_size: int  # bytes of UTF-8
    images: list[ImageRef]
    is_error: bool
    interrupted: bool


@dataclass
class StoredToolCall:
    call_id: str
    name: str
    arguments: dict[str, Any]
    state: str
    round: int


@dataclass
class StoredMessage:
    """One message as the GUI shows it when a conversation is reopened."""

    id: int
    turn_id: str
    conversation_id: str
    kind: str  # "input" | "model" | "tool"
    round: int
    role: Role
    text: str  # the first page (whole text when text_complete)
    text_sha256: str
    text_size: int  # bytes of UTF-8
    text_complete: bool
    images: list[ImageRef] = field(default_factory=list)
    attachment_caption: str | None = None
    tool_calls: list[StoredToolCall] = field(default_factory=list)
    tool_call_id: str | None = None
    tool_name: str | None = None
    is_error: bool = False
    call_state: str | None = None  # tool messages: state of their call
    notes: list[str] = field(default_factory=list)  # display notes (corrupt/missing content)


@dataclass
class ConversationInfo:
    id: str
    agent_id: str
    title: str
    created: float
    updated: float
    turns: int
    messages: int


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _usage_json(u: Usage) -> str:
    return _dump(
        {"input": u.input, "output": u.output, "cache_read": u.cache_read, "cache_write": u.cache_write}
    )


def _usage_from(raw: str) -> Usage:
    d = json.loads(raw or "{}")
    return Usage(d.get("input", 0), d.get("output", 0), d.get("cache_read", 0), d.get("cache_write", 0))


def _cut_utf8(data: bytes) -> str:
    """Decode a page that may end inside a code point (drops the partial tail)."""
    return data.decode("utf-8", errors="ignore") if len(data) < 4 else _decode_prefix(data)


def _decode_prefix(data: bytes) -> str:
    for cut in range(4):
        try:
            return data[: len(data) - cut].decode("utf-8")
        except UnicodeDecodeError:
            continue
    return data.decode("utf-8", errors="replace")


class Store:
    """The durable store. Open with ``Store.open(data_dir)``."""

    def __init__(self, root: Path, conn: sqlite3.Connection, blobs: BlobStore) -> None:
        self.root = root
        self._conn = conn
        self.blobs = blobs
        self._lock = threading.RLock()
        self.problems: list[str] = []  # store corrupt: lines written since opening
        # test hook (kill-point injection): called with an operation name after each commit
        self.after_commit: Callable[[str], None] | None = None

    # ----- opening -------------------------------------------------------------------------
    @classmethod
    def open(cls, data_dir: Path) -> Store:
        root = data_dir / "store"
        root.mkdir(parents=True, exist_ok=True, mode=0o700)
        blobs = BlobStore(root / "blobs")
        db_path = root / DB_NAME
        try:
            conn = cls._connect(db_path)
        except sqlite3.DatabaseError as exc:
            aside = db_path.with_name(f"{DB_NAME}.corrupt-{int(time.time())}")
            for suffix in ("", "-wal", "-shm"):
                src = Path(str(db_path) + suffix)
                if src.exists():
                    src.replace(Path(str(aside) + suffix))
            event("store corrupt", file=DB_NAME, action="moved_aside", error=type(exc).__name__)
            conn = cls._connect(db_path)
        return cls(root, conn, blobs)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.executescript(_SCHEMA)
            row = conn.execute("SELECT version FROM schema_version").fetchone()
            if row is None:
                conn.execute("INSERT INTO schema_version(version) VALUES (?)", (SCHEMA_VERSION,))
            elif row[0] > SCHEMA_VERSION:
                raise StoreError(f"store schema {row[0]} is newer than this app ({SCHEMA_VERSION})")
            conn.execute("PRAGMA quick_check").fetchone()
        except BaseException:
            conn.close()
            raise
        with suppress(OSError):
            path.chmod(0o600)
        return conn

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    @contextmanager
    def _tx(self, op: str) -> Iterator[sqlite3.Connection]:
        with self._lock:
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

    # ----- writing -------------------------------------------------------------------------
    def put_blob(self, data: bytes) -> str:
        return self.blobs.put(data)

    @staticmethod
    def _register_blob(conn: sqlite3.Connection, sha: str, size: int) -> None:
        conn.execute("INSERT OR IGNORE INTO blobs(sha256, size) VALUES (?, ?)", (sha, size))

    def _write_message_blobs(self, message: ChatMessage) -> tuple[str, int, list[tuple[str, ImageData]]]:
        raw = message.text.encode("utf-8")
        text_sha = self.blobs.put(raw)
        images = [(self.blobs.put(img.data), img) for img in message.attachments]
        return text_sha, len(raw), images

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
        blobs: tuple[str, int, list[tuple[str, ImageData]]],
        usage: Usage | None = None,
    ) -> int:
        text_sha, text_size, images = blobs
        self._register_blob(conn, text_sha, text_size)
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
                _dump(calls),
                message.tool_call_id,
                message.tool_name,
                None if message.provider_state is None else _dump(message.provider_state),
                int(message.is_error),
                _usage_json(usage or Usage()),
                time.time(),
            ),
        )
        mid = int(cur.lastrowid or 0)
        for i, (sha, img) in enumerate(images):
            self._register_blob(conn, sha, len(img.data))
            conn.execute(
                "INSERT INTO message_images(message_id, position, sha256, media_type, width, height)"
                " VALUES (?,?,?,?,?,?)",
                (mid, i, sha, img.media_type, img.width, img.height),
            )
        conn.execute("UPDATE conversations SET updated=? WHERE id=?", (time.time(), conversation_id))
        return mid

    def ensure_conversation(self, conversation_id: str, agent_id: str, title: str = "") -> None:
        with self._tx("conversation") as conn:
            self._ensure_conversation(conn, conversation_id, agent_id, title)

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
            seq = conn.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM turns").fetchone()[0]
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
        return str(row[0])

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

    def tool_registered(self, turn_id: str, round: int, call: ToolCall) -> None:
        with self._tx("tool_registered") as conn:
            if conn.execute(
                "SELECT 1 FROM tool_calls WHERE turn_id=? AND call_id=?", (turn_id, call.id)
            ).fetchone():
                return
            pos = conn.execute(
                "SELECT COUNT(*) FROM tool_calls WHERE turn_id=? AND round=?", (turn_id, round)
            ).fetchone()[0]
            conn.execute(
                "INSERT INTO tool_calls(turn_id, call_id, round, pos, name, arguments, state, registered)"
                " VALUES (?,?,?,?,?,?,?,?)",
                (turn_id, call.id, round, pos, call.name, _dump(call.arguments), "registered", time.time()),
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
        which is what a resumed turn sends again (see ``_stored_result``)."""
        blobs = self._write_message_blobs(message)
        whole = result.stored
        raw = whole.text.encode("utf-8")
        result_sha = self.blobs.put(raw)
        result_images: list[dict[str, Any]] = [
            {
                "sha256": self.blobs.put(img.data),
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
                    "SELECT COALESCE(MAX(round), 0) FROM messages WHERE turn_id=?", (turn_id,)
                ).fetchone()[0]
                pos = conn.execute(
                    "SELECT COUNT(*) FROM tool_calls WHERE turn_id=? AND round=?", (turn_id, rnd)
                ).fetchone()[0]
                conn.execute(
                    "INSERT INTO tool_calls(turn_id, call_id, round, pos, name, arguments, state, registered)"
                    " VALUES (?,?,?,?,?,?,?,?)",
                    (turn_id, call_id, rnd, pos, message.tool_name or "", "{}", "running", time.time()),
                )
                row = ("running", rnd, pos)
            state, rnd, pos = row
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
            self._register_blob(conn, result_sha, len(raw))
            for img in result_images:
                self._register_blob(conn, str(img["sha256"]), int(img["size"]))
            conn.execute(
                "INSERT INTO completions(turn_id, call_id, message_id, result_blob, result_images, dropped,"
                " is_error, interrupted, created) VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    turn_id,
                    call_id,
                    mid,
                    result_sha,
                    _dump(result_images),
                    _dump(dropped),
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
        raw = text.encode("utf-8")
        sha = self.blobs.put(raw)
        state = "paused" if stop == "paused" else "done"
        with self._tx("end_turn") as conn:
            self._register_blob(conn, sha, len(raw))
            conn.execute(
                "UPDATE turns SET state=?, stop=?, final_text_blob=?, usage=?, ended=? WHERE id=?",
                (state, stop, sha, _usage_json(usage), time.time(), turn_id),
            )

    # ----- reading -------------------------------------------------------------------------
    def report_corrupt(self, exc: BlobError, *, kind: str, **where: object) -> None:
        reason = "corrupt" if isinstance(exc, CorruptBlob) else "missing"
        fields: dict[str, object] = {"blob": exc.sha256[:16], "kind": kind, "error": reason, **where}
        line = event("store corrupt", None, **fields)
        self.problems.append(line)

    def list_conversations(self) -> list[ConversationInfo]:
        rows = self._q(
            "SELECT c.id, c.agent_id, c.title, c.created, c.updated,"
            " (SELECT COUNT(*) FROM turns t WHERE t.conversation_id=c.id),"
            " (SELECT COUNT(*) FROM messages m WHERE m.conversation_id=c.id)"
            " FROM conversations c ORDER BY c.updated DESC, c.id"
        )
        return [ConversationInfo(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows]

    def turn_state(self, turn_id: str) -> tuple[str, str | None] | None:
        rows = self._q("SELECT state, stop FROM turns WHERE id=?", (turn_id,))
        return (rows[0][0], rows[0][1]) if rows else None

    def call_states(self, turn_id: str) -> dict[str, str]:
        return {
            r[0]: r[1]
            for r in self._q(
                "SELECT call_id, state FROM tool_calls WHERE turn_id=? ORDER BY round, pos", (turn_id,)
            )
        }

    def tool_calls_of(self, turn_id: str) -> list[StoredToolCall]:
        rows = self._q(
            "SELECT call_id, name, arguments, state, round FROM tool_calls WHERE turn_id=? ORDER BY round, pos",
            (turn_id,),
        )
        return [StoredToolCall(r[0], r[1], json.loads(r[2]), r[3], r[4]) for r in rows]

    def interrupted_calls(self, turn_id: str) -> set[str]:
        """Calls whose completion record was written by recovery (cut while running)."""
        return {
            r[0]
            for r in self._q("SELECT call_id FROM completions WHERE turn_id=? AND interrupted=1", (turn_id,))
        }

    def _images_of(self, message_id: int) -> list[ImageRef]:
        rows = self._q(
            "SELECT mi.sha256, mi.media_type, mi.width, mi.height, b.size FROM message_images mi"
            " JOIN blobs b ON b.sha256 = mi.sha256 WHERE mi.message_id=? ORDER BY mi.position",
            (message_id,),
        )
        return [ImageRef(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    def load_image(self, ref: ImageRef) -> ImageData:
        """The verified image bytes (raises ``MissingBlob``/``CorruptBlob``)."""
        return ImageData(ref.media_type, self.blobs.get(ref.sha256), ref.width, ref.height)

    def read_text(self, sha256: str) -> str:
        """A whole stored text, verified (raises ``MissingBlob``/``CorruptBlob``)."""
        return self.blobs.get(sha256).decode("utf-8")

    def text_pages(self, sha256: str) -> Iterator[bytes]:
        return self.blobs.pages(sha256, PAGE_SIZE)

    _MSG_COLS = (
        "id, turn_id, conversation_id, kind, round, role, text_blob, text_size, attachment_caption,"
        " tool_calls, tool_call_id, tool_name, is_error, provider_state, usage, pos"
    )

    def _recent_turns(self, conversation_id: str, last_turns: int | None, done_only: bool) -> str:
        """SQL condition on ``turn_id``: the conversation's newest ``last_turns`` turns (all when None)."""
        if last_turns is None:
            return "1=1"
        state = " AND state='done'" if done_only else ""
        return f"turn_id IN (SELECT id FROM turns WHERE conversation_id=?{state} ORDER BY seq DESC LIMIT {int(last_turns)})"

    def messages(
        self, conversation_id: str, language: str = "en", *, last_turns: int | None = None
    ) -> list[StoredMessage]:
        """Every message of a conversation in order (or of its newest ``last_turns`` turns), for
        showing history. Texts over one page carry their first page (``text_complete`` False; read
        the rest with ``text_pages``)."""
        recent = self._recent_turns(conversation_id, last_turns, done_only=False)
        args: tuple[Any, ...] = (
            (conversation_id,) if last_turns is None else (conversation_id, conversation_id)
        )
        rows = self._q(
            f"SELECT {self._MSG_COLS} FROM messages WHERE conversation_id=? AND {recent} ORDER BY id", args
        )
        out: list[StoredMessage] = []
        for r in rows:
            msg = StoredMessage(
                id=r[0],
                turn_id=r[1],
                conversation_id=r[2],
                kind=r[3],
                round=r[4],
                role=Role(r[5]),
                text="",
                text_sha256=r[6],
                text_size=r[7],
                text_complete=r[7] <= PAGE_SIZE,
                attachment_caption=r[8],
                tool_call_id=r[10],
                tool_name=r[11],
                is_error=bool(r[12]),
            )
            try:
                if msg.text_complete:
                    msg.text = self.read_text(msg.text_sha256)
                else:
                    msg.text = _cut_utf8(self.blobs.read_page(msg.text_sha256, 0))
            except BlobError as exc:
                self.report_corrupt(exc, kind="text", message=msg.id, turn=msg.turn_id)
                msg.notes.append(note("store_corrupt", language))
            msg.images = self._images_of(msg.id)
            for ref in msg.images:
                if not self.blobs.exists(ref.sha256):
                    msg.notes.append(note("image_omitted", language))
            states = self.call_states(msg.turn_id) if (msg.kind == "model" or msg.kind == "tool") else {}
            for c in json.loads(r[9]):
                msg.tool_calls.append(
                    StoredToolCall(
                        c["id"], c["name"], c["arguments"], states.get(c["id"], "unknown"), msg.round
                    )
                )
            if msg.kind == "tool" and msg.tool_call_id is not None:
                msg.call_state = states.get(msg.tool_call_id)
            out.append(msg)
        return out

    def _chat_message(
        self, r: sqlite3.Row | tuple[Any, ...], language: str, images: bool = True
    ) -> ChatMessage:
        """A full ChatMessage from a row; corrupt parts become notes (never used silently).
        ``images=False``: no image blob is read; a tool message says how many it had (S70-13)."""
        mid, turn_id = r[0], r[1]
        notes: list[str] = []
        try:
            text = self.read_text(r[6])
        except BlobError as exc:
            self.report_corrupt(exc, kind="text", message=mid, turn=turn_id)
            text = ""
            notes.append(note("store_corrupt", language))
        loaded: list[ImageData] = []
        refs = self._images_of(mid)
        if not images and refs and Role(r[5]) is Role.TOOL:
            notes.append(note("images_earlier_turn", language, count=len(refs)))
            refs = []
        for ref in refs:
            try:
                loaded.append(self.load_image(ref))
            except BlobError as exc:
                self.report_corrupt(exc, kind="image", message=mid, turn=turn_id)
                notes.append(note("image_omitted", language))
        if notes:
            text = "\n".join([text, *notes]) if text else "\n".join(notes)
        return ChatMessage(
            role=Role(r[5]),
            text=text,
            attachments=loaded,
            attachment_caption=r[8] if loaded else None,
            tool_calls=[ToolCall(c["id"], c["name"], c["arguments"]) for c in json.loads(r[9])],
            tool_call_id=r[10],
            tool_name=r[11],
            provider_state=None if r[13] is None else json.loads(r[13]),
            is_error=bool(r[12]),
        )

    def completion(self, turn_id: str, call_id: str) -> CompletionRecord | None:
        """The completion record of a call: the whole result's blobs (read them with
        ``read_text``/``text_pages``/``load_image``, each verified)."""
        rows = self._q(
            "SELECT c.message_id, c.result_blob, b.size, c.result_images, c.is_error, c.interrupted"
            " FROM completions c JOIN blobs b ON b.sha256 = c.result_blob"
            " WHERE c.turn_id=? AND c.call_id=?",
            (turn_id, call_id),
        )
        if not rows:
            return None
        mid, sha, size, images_json, is_error, interrupted = rows[0]
        images = [
            ImageRef(d["sha256"], d["media_type"], d["width"], d["height"], d["size"])
            for d in json.loads(images_json)
        ]
        return CompletionRecord(mid, sha, size, images, bool(is_error), bool(interrupted))

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
        images: list[ImageData] = []
        notes: list[str] = []
        for ref in refs:
            try:
                images.append(self.load_image(ref))
            except BlobError as exc:
                self.report_corrupt(exc, kind="image", turn=turn_id, call=call_id)
                notes.append(note("image_omitted", language))
        if notes:
            text = "\n".join([text, *notes]) if text else "\n".join(notes)
        return ToolReturn(ToolOutput(text, images), is_error=is_error)

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
        return self._read_result(rows[0][0], refs, rec.is_error, turn_id, call_id, language)

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
        and writes the S70-13 "earlier images" note in their place (what later turns get anyway)."""
        recent = self._recent_turns(conversation_id, last_turns, done_only=True).replace(
            "turn_id", "m.turn_id", 1
        )
        args: tuple[Any, ...] = (
            (conversation_id,) if last_turns is None else (conversation_id, conversation_id)
        )
        rows = self._q(
            f"SELECT {', '.join('m.' + c.strip() for c in self._MSG_COLS.split(','))}"
            " FROM messages m JOIN turns t ON t.id = m.turn_id"
            f" WHERE m.conversation_id=? AND t.state='done' AND {recent} ORDER BY t.seq, m.round, m.pos, m.id",
            args,
        )
        out: list[ChatMessage] = []
        answered = {(r[1], r[10]) for r in rows if r[3] == "tool" and r[10] is not None}
        for r in rows:
            msg = self._chat_message(r, language, images=images)
            if msg.tool_calls:
                kept = [c for c in msg.tool_calls if (r[1], c.id) in answered]
                if len(kept) != len(msg.tool_calls):
                    msg = replace(msg, tool_calls=kept)
            out.append(msg)
        return out

    def unfinished_turns(self) -> list[tuple[str, str]]:
        """(turn id, state) of turns that did not end: cut by a crash or paused."""
        return [
            (r[0], r[1])
            for r in self._q("SELECT id, state FROM turns WHERE state IN ('running', 'paused') ORDER BY seq")
        ]

    def resume_points(self, language: str = "en") -> list[ResumePoint]:
        """A ``ResumePoint`` per unfinished turn (read only; ``core.recovery.recover`` first
        settles calls that were cut). Messages are ordered by round, the model message first,
        then tool messages in call order."""
        points: list[ResumePoint] = []
        for turn_id, _state in self.unfinished_turns():
            trow = self._q("SELECT agent_id FROM turns WHERE id=?", (turn_id,))[0]
            rows = self._q(
                f"SELECT {self._MSG_COLS} FROM messages WHERE turn_id=? ORDER BY round, pos, id", (turn_id,)
            )
            user: ChatMessage | None = None
            messages: list[ChatMessage] = []
            usage = Usage()
            rounds = 0
            for r in rows:
                if r[3] == "input":
                    user = self._chat_message(r, language)
                    continue
                messages.append(self._chat_message(r, language))
                if r[3] == "model":
                    rounds += 1
                    usage = usage + _usage_from(r[14])
            if user is None:
                continue
            completed: dict[str, ToolReturn] = {}
            for call_id, state in self.call_states(turn_id).items():
                if state in DONE_STATES:
                    res = self._stored_result(turn_id, call_id, language)
                    if res is not None:
                        completed[call_id] = res
            points.append(ResumePoint(turn_id, trow[0], user, messages, completed, rounds, usage))
        return points

    def verify_all(self) -> list[str]:
        """Check every blob the database references and every blob file on disk; returns the
        problems found (each also logged as a ``store corrupt:`` line)."""
        problems: list[str] = []
        names = {r[0] for r in self._q("SELECT sha256 FROM blobs")}
        for name in sorted(names | set(self.blobs.all_names())):
            try:
                self.blobs.verify(name)
            except BlobError as exc:
                self.report_corrupt(exc, kind="blob")
                problems.append(name)
        return problems
