"""The content-addressed blobs and the SQLite journal (S02-2 … S02-5)."""

from __future__ import annotations

import hashlib
import sqlite3
import stat
from pathlib import Path

import pytest

from core.canonical import ChatMessage, ImageData, Role, ToolCall, Usage
from core.journal import TurnJournal
from core.store import PAGE_SIZE, CorruptBlob, MissingBlob, SqliteJournal, Store
from core.store.blobs import BlobStore
from core.tool import ToolOutput, ToolReturn
from tests.fakes.logs import log_lines
from tests.fakes.stores import damage_blob

IMG = ImageData("image/jpeg", b"\xff\xd8jpegbytes-1\xff\xd9", 64, 48)
IMG2 = ImageData("image/webp", b"RIFF....WEBPVP8 2", 32, 32)


def test_blob_is_named_by_sha256_private_and_verified(tmp_path: Path) -> None:
    bs = BlobStore(tmp_path / "b")
    data = b"hello blob"
    sha = bs.put(data)
    assert sha == hashlib.sha256(data).hexdigest()
    path = tmp_path / "b" / sha[:2] / sha
    assert path.read_bytes() == data
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert bs.get(sha) == data
    assert list((tmp_path / "b" / sha[:2]).iterdir()) == [path]  # no temp files left


def test_duplicate_blob_is_stored_once(tmp_path: Path) -> None:
    bs = BlobStore(tmp_path / "b")
    writes: list[str] = []
    bs.after_write = writes.append
    a = bs.put(b"same")
    b = bs.put(b"same")
    assert a == b
    assert writes == [a]  # the second put wrote nothing
    assert sorted(bs.all_names()) == [a]


def test_missing_and_corrupt_blobs_raise_typed_errors_and_rewrite_repairs(tmp_path: Path) -> None:
    bs = BlobStore(tmp_path / "b")
    sha = bs.put(b"original bytes")
    bs.path(sha).write_bytes(b"originaX bytes")
    with pytest.raises(CorruptBlob):
        bs.get(sha)
    with pytest.raises(CorruptBlob):
        list(bs.pages(sha))
    assert bs.put(b"original bytes") == sha  # writing the content again repairs it
    assert bs.get(sha) == b"original bytes"
    bs.path(sha).unlink()
    with pytest.raises(MissingBlob):
        bs.get(sha)
    with pytest.raises(ValueError, match="not a sha256"):
        bs.get("../etc/passwd")


def test_large_blob_reads_back_in_1mib_pages(tmp_path: Path) -> None:
    bs = BlobStore(tmp_path / "b")
    data = bytes(range(256)) * (PAGE_SIZE * 5 // 2 // 256)  # 2.5 MiB
    sha = bs.put(data)
    pages = list(bs.pages(sha))
    assert [len(p) for p in pages] == [PAGE_SIZE, PAGE_SIZE, PAGE_SIZE // 2]
    assert b"".join(pages) == data
    assert bs.page_count(sha) == 3
    assert bs.read_page(sha, 2) == data[2 * PAGE_SIZE :]


def _turn(journal: TurnJournal, turn_id: str = "t1") -> None:
    journal.begin_turn(turn_id, "agent_1", ChatMessage(Role.USER, "look at the camera"))
    calls = [ToolCall("c1", "cam__live_view_image", {"q": 1}), ToolCall("c2", "execute_code", {"code": "1"})]
    journal.model_message(turn_id, 0, ChatMessage(Role.ASSISTANT, "", tool_calls=calls), Usage(10, 5))
    for c in calls:
        journal.tool_registered(turn_id, 0, c)
    journal.tool_running(turn_id, "c1")
    result = ToolReturn(ToolOutput("frame ok", [IMG, IMG2]))
    msg = ChatMessage(Role.TOOL, "frame ok", [IMG, IMG2], tool_call_id="c1", tool_name="cam__live_view_image")
    journal.tool_completed(turn_id, "c1", result, msg)


def test_schema_wal_foreign_keys_and_version(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    conn = sqlite3.connect(tmp_path / "store" / "store.db")
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert conn.execute("SELECT version FROM schema_version").fetchall() == [(2,)]  # v1 DDL, then migrated
    conn.close()
    assert store._q("PRAGMA foreign_keys")[0][0] == 1
    assert stat.S_IMODE((tmp_path / "store" / "store.db").stat().st_mode) == 0o600
    with pytest.raises(sqlite3.IntegrityError):  # a message must reference a registered blob
        store._conn.execute(
            "INSERT INTO messages(turn_id, conversation_id, kind, round, pos, role, text_blob, text_size,"
            " created) VALUES ('x','y','model',0,0,'assistant','" + "0" * 64 + "',0,0)"
        )


def test_history_lists_messages_with_calls_results_and_images(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    _turn(SqliteJournal(store))
    store.close()
    store = Store.open(tmp_path)  # reopening the app shows the same history
    [conv] = store.list_conversations()
    assert (conv.id, conv.agent_id, conv.title, conv.turns, conv.messages) == (
        "agent_1",
        "agent_1",
        "look at the camera",
        1,
        3,
    )
    msgs = store.messages("agent_1")
    assert [(m.kind, m.role, m.text) for m in msgs] == [
        ("input", Role.USER, "look at the camera"),
        ("model", Role.ASSISTANT, ""),
        ("tool", Role.TOOL, "frame ok"),
    ]
    assert [(c.call_id, c.state) for c in msgs[1].tool_calls] == [("c1", "completed"), ("c2", "registered")]
    tool = msgs[2]
    assert (tool.tool_call_id, tool.tool_name, tool.call_state, tool.notes) == (
        "c1",
        "cam__live_view_image",
        "completed",
        [],
    )
    assert [(r.sha256, r.media_type, r.width, r.height, r.size) for r in tool.images] == [
        (IMG.sha256, "image/jpeg", 64, 48, len(IMG.data)),
        (IMG2.sha256, "image/webp", 32, 32, len(IMG2.data)),
    ]
    assert store.load_image(tool.images[0]) == IMG


def test_resume_point_of_a_cut_turn(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    _turn(SqliteJournal(store))
    [rp] = store.resume_points()
    assert (rp.turn_id, rp.agent_id, rp.user_message.text, rp.rounds_done) == (
        "t1",
        "agent_1",
        "look at the camera",
        1,
    )
    assert rp.usage == Usage(10, 5)
    assert [m.role for m in rp.messages] == [Role.ASSISTANT, Role.TOOL]
    assert [c.id for c in rp.messages[0].tool_calls] == ["c1", "c2"]
    assert rp.messages[1].attachments == [IMG, IMG2]
    assert list(rp.completed) == ["c1"]
    assert rp.completed["c1"].output.text == "frame ok"
    assert rp.completed["c1"].output.images == [IMG, IMG2]
    assert rp.completed["c1"].is_error is False
    SqliteJournal(store).end_turn("t1", "-", "done", Usage(10, 5))
    assert store.resume_points() == []
    assert store.turn_state("t1") == ("done", "-")


def test_tool_result_and_completion_record_are_one_transaction(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    j.begin_turn("t1", "a", ChatMessage(Role.USER, "hi"))
    j.model_message("t1", 0, ChatMessage(Role.ASSISTANT, "", tool_calls=[ToolCall("c1", "x", {})]), Usage())
    j.tool_registered("t1", 0, ToolCall("c1", "x", {}))
    j.tool_running("t1", "c1")
    store._conn.execute(
        "CREATE TEMP TRIGGER fail_completion BEFORE INSERT ON completions BEGIN SELECT RAISE(ABORT, 'x'); END"
    )
    with pytest.raises(sqlite3.IntegrityError):
        store.tool_completed("t1", "c1", ToolReturn.ok("r"), ChatMessage(Role.TOOL, "r", tool_call_id="c1"))
    assert [m.kind for m in store.messages("a")] == ["input", "model"]  # no tool message without its record
    assert store.call_states("t1") == {"c1": "running"}
    store._conn.execute("DROP TRIGGER fail_completion")
    commits: list[str] = []
    store.after_commit = commits.append
    j.tool_completed("t1", "c1", ToolReturn.ok("r"), ChatMessage(Role.TOOL, "r", tool_call_id="c1"))
    assert commits == ["tool_completed"]
    assert store.call_states("t1") == {"c1": "completed"}
    # a second completion of the same call changes nothing
    j.tool_completed("t1", "c1", ToolReturn.ok("other"), ChatMessage(Role.TOOL, "other", tool_call_id="c1"))
    assert [m.text for m in store.messages("a")] == ["hi", "", "r"]


def test_error_result_is_failed_and_text_starting_with_error_stays_success(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    j.begin_turn("t1", "a", ChatMessage(Role.USER, "hi"))
    for cid in ("c1", "c2"):
        j.tool_registered("t1", 0, ToolCall(cid, "x", {}))
    j.tool_completed("t1", "c1", ToolReturn.error("boom"), ChatMessage(Role.TOOL, "boom", is_error=True))
    j.tool_completed("t1", "c2", ToolReturn.ok("Error: fine"), ChatMessage(Role.TOOL, "Error: fine"))
    assert store.call_states("t1") == {"c1": "failed", "c2": "completed"}
    [rp] = store.resume_points()
    assert (rp.completed["c1"].is_error, rp.completed["c2"].is_error) == (True, False)


def test_corrupt_blob_in_history_is_a_note_and_a_log_line(tmp_path: Path, event_log: Path) -> None:
    store = Store.open(tmp_path)
    _turn(SqliteJournal(store))
    text_sha = hashlib.sha256(b"frame ok").hexdigest()
    damage_blob(store, text_sha, b"frame OK")
    store.blobs.path(IMG2.sha256).unlink()
    msgs = Store.open(tmp_path).messages("agent_1")
    tool = msgs[2]
    assert tool.text == ""
    assert tool.notes == [
        "(this stored content failed its integrity check and is not shown)",
        "(image omitted: the stored file is no longer available)",
    ]
    assert f"store corrupt: blob={text_sha[:16]} kind=text error=corrupt message=3 turn=t1" in log_lines(
        event_log
    )
    [rp] = Store.open(tmp_path).resume_points()
    assert rp.completed["c1"].is_error is True
    assert (
        rp.completed["c1"].output.text == "(this stored content failed its integrity check and is not shown)"
    )
    assert rp.messages[1].attachments == [IMG]
    assert rp.messages[1].text == (
        "(this stored content failed its integrity check and is not shown)\n"
        "(image omitted: the stored file is no longer available)"
    )
    assert sorted(Store.open(tmp_path).verify_all()) == sorted([text_sha, IMG2.sha256])


def test_unreadable_database_is_moved_aside_and_the_app_opens(tmp_path: Path, event_log: Path) -> None:
    (tmp_path / "store").mkdir()
    (tmp_path / "store" / "store.db").write_bytes(b"this is not a database" * 100)
    store = Store.open(tmp_path)
    assert store.list_conversations() == []
    assert any(p.name.startswith("store.db.corrupt-") for p in (tmp_path / "store").iterdir())
    assert "store corrupt: file=store.db action=moved_aside error=DatabaseError" in log_lines(event_log)


def test_save_error_is_logged_not_raised(tmp_path: Path, event_log: Path) -> None:
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    j.model_message("nope", 0, ChatMessage(Role.ASSISTANT, "x"), Usage())
    assert j.errors == 1
    assert "store error: op=model_message turn=nope error=StoreError: unknown turn 'nope'" in log_lines(
        event_log
    )
