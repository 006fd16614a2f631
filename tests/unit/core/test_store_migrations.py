"""The store's schema migrations (core/store/migrations.py): a real version 1 store file, made with
the version 1 DDL, opens migrated to version 2 with every row kept; a store newer than the app is
refused; a migration that fails leaves the store at its version, whole."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from core.conversations import Conversations
from core.store import BlobStore, Store, StoreError
from core.store import migrations as migrations_module
from core.store.schema import SCHEMA, SCHEMA_VERSION


def v1_store(data: Path) -> Path:
    """A version 1 store: two agents' conversations (named by agent id), a turn each."""
    root = data / "store"
    blobs = BlobStore(root / "blobs")
    db = root / "store.db"
    conn = sqlite3.connect(db, isolation_level=None)
    conn.executescript(SCHEMA)
    conn.execute("INSERT INTO schema_version(version) VALUES (1)")
    for n, agent in enumerate(("muse", "ava"), start=1):
        conn.execute(
            "INSERT INTO conversations(id, agent_id, title, created, updated) VALUES (?,?,?,?,?)",
            (agent, agent, f"look {agent}", 100.0 + n, 200.0 + n),
        )
        conn.execute(
            "INSERT INTO turns(id, seq, conversation_id, agent_id, state, stop, started, ended)"
            " VALUES (?,?,?,?,?,?,?,?)",
            (f"t{n}", n, agent, agent, "done", "-", 100.0 + n, 101.0 + n),
        )
        for pos, (kind, role, text) in enumerate(
            (("input", "user", f"look {agent}"), ("model", "assistant", f"Red, says {agent}."))
        ):
            raw = text.encode()
            sha = blobs.put(raw)
            conn.execute("INSERT OR IGNORE INTO blobs(sha256, size) VALUES (?, ?)", (sha, len(raw)))
            conn.execute(
                "INSERT INTO messages(turn_id, conversation_id, kind, round, pos, role, text_blob,"
                " text_size, created) VALUES (?,?,?,?,?,?,?,?,?)",
                (f"t{n}", agent, kind, -1 if kind == "input" else 1, pos, role, sha, len(raw), 150.0),
            )
    conn.close()
    return db


def test_a_version_1_store_is_migrated_row_by_row(tmp_path: Path) -> None:
    db = v1_store(tmp_path)
    before = sqlite3.connect(db)
    messages_before = before.execute("SELECT * FROM messages ORDER BY id").fetchall()
    turns_before = before.execute("SELECT * FROM turns ORDER BY seq").fetchall()
    before.close()

    store = Store.open(tmp_path)
    try:
        conn = sqlite3.connect(db)
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [(2,)] == [(SCHEMA_VERSION,)]
        assert conn.execute(
            "SELECT id, agent_id, title, created, updated, village_id FROM conversations ORDER BY id"
        ).fetchall() == [
            ("ava", "ava", "look ava", 102.0, 202.0, None),  # village unknown: an earlier conversation
            ("muse", "muse", "look muse", 101.0, 201.0, None),
        ]
        assert conn.execute("SELECT * FROM messages ORDER BY id").fetchall() == messages_before
        assert conn.execute("SELECT * FROM turns ORDER BY seq").fetchall() == turns_before
        assert conn.execute(
            "SELECT text, conversation_id, message_id FROM message_search ORDER BY message_id"
        ).fetchall() == [
            ("look muse", "muse", 1),
            ("Red, says muse.", "muse", 2),
            ("look ava", "ava", 3),
            ("Red, says ava.", "ava", 4),
        ]
        assert conn.execute("SELECT * FROM current_conversations").fetchall() == []
        conn.close()

        mine = Conversations(store, "village-1")
        assert [c.id for c in mine.earlier("muse")] == ["muse"]
        assert mine.of("muse") == []
        current = mine.current("muse")  # never the earlier one on its own
        assert current != "muse" and store.messages(current) == []
        assert [c.id for c in mine.search("muse", "SAYS mu")] == ["muse"]  # the earlier one is found
    finally:
        store.close()
    Store.open(tmp_path).close()  # opening again: nothing left to migrate


def test_a_store_newer_than_the_app_is_refused(tmp_path: Path) -> None:
    db = v1_store(tmp_path)
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("UPDATE schema_version SET version=?", (SCHEMA_VERSION + 1,))
    conn.close()
    with pytest.raises(StoreError, match="newer than this app"):
        Store.open(tmp_path)


def test_a_failing_migration_leaves_the_store_at_its_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = v1_store(tmp_path)

    def broken(conn: sqlite3.Connection, blobs: BlobStore) -> None:
        conn.execute("ALTER TABLE conversations ADD COLUMN village_id TEXT")
        raise RuntimeError("cut")

    monkeypatch.setattr(migrations_module, "MIGRATIONS", (broken,))
    with pytest.raises(RuntimeError, match="cut"):
        Store.open(tmp_path)
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT version FROM schema_version").fetchall() == [(1,)]
    columns = [r[1] for r in conn.execute("PRAGMA table_info(conversations)")]
    assert "village_id" not in columns
    conn.close()
