"""A store on a full, read-only or damaged disk (issue 11, defects 3 to 6), with real faults: a
tmpfs with a size limit and a read-only bind mount in a private mount namespace
(tests/fakes/mounts.py), and a database file with damaged pages. Only real corruption moves a
database aside, and then its blobs are kept; a store that cannot be used now raises the typed
``StoreUnavailable`` and moves nothing; start-up never crashes."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.recovery import recover
from core.store import SqliteJournal, Store
from core.store.gc import collect
from tests.fakes import mounts
from tests.fakes.logs import log_lines

needs_mounts = pytest.mark.skipif(not mounts.available(), reason=mounts.SKIP_REASON)

CHILD = """
import json, os
from pathlib import Path
from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.recovery import recover
from core.store import SqliteJournal, Store
from tests.fakes.mounts import fill, read_only, tmpfs

d = tmpfs(Path("/mnt/fuseforks-fault"), 4096)
store = Store.open(d)
j = SqliteJournal(store)
j.begin_turn("t1", "a", ChatMessage(Role.USER, "go"))
call = ToolCall("c1", "t", {})
j.model_message("t1", 1, ChatMessage(Role.ASSISTANT, "", tool_calls=[call]), Usage())
j.tool_registered("t1", 1, call)
j.tool_running("t1", "c1")  # the process dies here: recovery must settle c1
store.close()
out = {}
FAULT
out["files"] = sorted(os.listdir(d / "store"))
print(json.dumps(out))
"""

AT_START = """
try:
    store = Store.open(d)
    out["opened"] = True
    out["points"] = len(recover(store))
except Exception as exc:
    out["error"] = type(exc).__name__
    out["reason"] = getattr(exc, "reason", None)
"""


def _run(fault: str) -> dict[str, object]:
    return mounts.last_json(mounts.run_isolated(CHILD.replace("FAULT", fault)))


@needs_mounts
def test_full_disk_at_start_keeps_the_database_and_raises_a_typed_error() -> None:
    out = _run("fill(d)\n" + AT_START)
    assert not [f for f in out["files"] if "corrupt" in str(f)]  # type: ignore[union-attr]
    if out.get("opened"):  # SQLite could open it: recovery ran without crashing
        assert out["points"] == 0
    else:
        assert (out["error"], out["reason"]) == ("StoreUnavailable", "full")


@needs_mounts
def test_read_only_store_at_start_raises_a_typed_error_and_moves_nothing() -> None:
    out = _run("read_only(d)\n" + AT_START)
    assert not [f for f in out["files"] if "corrupt" in str(f)]  # type: ignore[union-attr]
    if out.get("opened"):
        assert out["points"] == 0
    else:
        assert out["error"] == "StoreUnavailable"
        assert out["reason"] in ("read_only", "io")


@needs_mounts
def test_store_turning_read_only_while_running_stops_writing_and_the_process_lives() -> None:
    fault = """
store = Store.open(d)
j = SqliteJournal(store)
read_only(d)
j.model_message("t1", 2, ChatMessage(Role.ASSISTANT, "after"), Usage())
j.end_turn("t1", "-", "after", Usage())
out["errors"] = j.errors
out["unavailable"] = getattr(store.unavailable, "reason", None)
"""
    out = _run(fault)
    assert out["errors"] == 2
    assert out["unavailable"] == "read_only"


def _store_with_history(data_dir: Path) -> set[str]:
    store = Store.open(data_dir)
    j = SqliteJournal(store)
    for i in range(60):
        j.begin_turn(f"t{i}", "a", ChatMessage(Role.USER, f"hello {i} " * 20))
        j.end_turn(f"t{i}", "-", f"answer {i}", Usage())
    store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    return {p.name for p in (data_dir / "store" / "blobs").rglob("*") if p.is_file()}


def _damage_index_page(db: Path) -> None:
    """Garbage in one index page; the header and schema stay valid (SQLite opens it)."""
    conn = sqlite3.connect(db)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name='messages_by_conversation'").fetchone()
    conn.close()
    data = bytearray(db.read_bytes())
    size = int.from_bytes(data[16:18], "big")
    start = (root[0] - 1) * size
    data[start + 8 : start + size] = bytes((i * 151 + 7) % 256 for i in range(size - 8))
    db.write_bytes(bytes(data))


def test_damaged_pages_with_a_valid_header_are_moved_aside_and_blobs_kept(
    tmp_path: Path, event_log: Path
) -> None:
    blobs = _store_with_history(tmp_path)
    _damage_index_page(tmp_path / "store" / "store.db")
    store = Store.open(tmp_path)  # no crash: the quick check's failure is corruption
    assert recover(store) == []
    assert store.past_messages("a") == []
    names = os.listdir(tmp_path / "store")
    assert [n for n in names if n.startswith("store.db.corrupt-") and n.count("-") == 1]
    assert any("store corrupt:" in line and "moved_aside" in line for line in log_lines(event_log))
    collect(store, now=1e12)  # long after the grace period: the moved-aside history keeps its blobs
    assert {p.name for p in (tmp_path / "store" / "blobs").rglob("*") if p.is_file()} == blobs


def test_start_up_survives_a_recovery_that_cannot_write(tmp_path: Path, event_log: Path) -> None:
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    j.begin_turn("t1", "a", ChatMessage(Role.USER, "go"))
    call = ToolCall("c1", "t", {})
    j.model_message("t1", 1, ChatMessage(Role.ASSISTANT, "", tool_calls=[call]), Usage())
    j.tool_registered("t1", 1, call)
    j.tool_running("t1", "c1")

    def full(*args: object, **kw: object) -> None:
        raise OSError(28, "No space left on device")

    store.blobs.put = full  # type: ignore[method-assign]
    store.before_tx = full  # every write: small texts are kept in the database, not blob files
    assert recover(store) == []  # nothing resumed this run; nothing crashed
    assert store.call_states("t1") == {"c1": "running"}  # settled by a later start, never re-run
    assert any("recovery failed:" in line and "reason=full" in line for line in log_lines(event_log))
