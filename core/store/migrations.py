"""The store's schema migrations: ordered, one transaction each (``migrate``).

``MIGRATIONS[i]`` takes a database from version ``i + 1`` to ``i + 2``. A new database is made
with the version 1 DDL (``core.store.schema.SCHEMA``) and then migrated like an old one, so there
is one way to every version. Each migration runs in its own ``BEGIN IMMEDIATE`` … ``COMMIT`` with
the version bump: a crash in the middle leaves the database at the version before it, whole. A
database newer than the app is refused before any migration (``core.store.schema.connect``).

Version 2 (conversations, issue 13): a conversation belongs to one agent of one village
(``conversations.village_id``, the configuration's ``village.id``); a version 1 store kept one
conversation per agent, named by the agent's id, whose village is not known, so those keep
``village_id`` NULL ("earlier conversations": never shown as any village's current chat on their
own, ``core.conversations``). Each agent of a village has a current conversation
(``current_conversations``). ``message_search`` indexes the text of the person's requests and of
the model's messages (FTS5 with the trigram tokenizer when SQLite has it, so any substring of
three or more characters is found in every language; a plain table otherwise; both searched with
LIKE, ``core.store.conversations``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from core.store.blobs import BlobError, BlobStore

SEARCH_CHARS = 65_536  # the part of a long message that search sees

Migration = Callable[[sqlite3.Connection, BlobStore], None]


def fts5_available(conn: sqlite3.Connection) -> bool:
    """Whether this SQLite has FTS5 with the trigram tokenizer (3.34+)."""
    try:
        conn.execute("CREATE VIRTUAL TABLE temp.fts_probe USING fts5(x, tokenize='trigram')")
    except sqlite3.OperationalError:
        return False
    conn.execute("DROP TABLE temp.fts_probe")
    return True


def search_text(raw: bytes) -> str:
    return raw[:SEARCH_CHARS].decode("utf-8", errors="ignore")


def _to_v2(conn: sqlite3.Connection, blobs: BlobStore) -> None:
    conn.execute("ALTER TABLE conversations ADD COLUMN village_id TEXT")
    conn.execute("CREATE INDEX conversations_by_village ON conversations(village_id, agent_id, updated)")
    conn.execute(
        "CREATE TABLE current_conversations (village_id TEXT NOT NULL, agent_id TEXT NOT NULL,"
        " conversation_id TEXT NOT NULL, PRIMARY KEY (village_id, agent_id))"
    )
    if fts5_available(conn):
        conn.execute(
            "CREATE VIRTUAL TABLE message_search USING fts5(text, conversation_id UNINDEXED,"
            " message_id UNINDEXED, tokenize='trigram')"
        )
    else:
        conn.execute(
            "CREATE TABLE message_search (text TEXT NOT NULL, conversation_id TEXT NOT NULL,"
            " message_id INTEGER NOT NULL)"
        )
    rows = conn.execute(
        "SELECT id, conversation_id, text_blob FROM messages WHERE kind IN ('input', 'model') ORDER BY id"
    ).fetchall()
    for r in rows:
        try:
            text = search_text(blobs.get(r["text_blob"]))
        except BlobError:
            continue  # a lost text is reported where it is shown; search simply does not find it
        if text.strip():
            conn.execute(
                "INSERT INTO message_search(text, conversation_id, message_id) VALUES (?,?,?)",
                (text, r["conversation_id"], r["id"]),
            )


MIGRATIONS: tuple[Migration, ...] = (_to_v2,)
LATEST = 1 + len(MIGRATIONS)


def migrate(conn: sqlite3.Connection, version: int, blobs_dir: Path) -> int:
    """Run the migrations after ``version``, each in one transaction; the version reached."""
    if version >= LATEST:
        return version
    blobs = BlobStore(blobs_dir)
    for target, step in enumerate(MIGRATIONS[version - 1 :], start=version + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            step(conn, blobs)
            conn.execute("UPDATE schema_version SET version=?", (target,))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        version = target
    return version
