"""GC of unreferenced blob files and spill files, on a real store (SQLite + blob files)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from core.canonical import ChatMessage, ImageData, Role, ToolCall, Usage
from core.notes import note
from core.spill import SpillWriter
from core.store import PAGE_SIZE, SqliteJournal, Store
from core.store.gc import collect, referenced_blobs
from core.tool import ToolOutput, ToolReturn
from tests.fakes.logs import log_lines
from tests.fakes.stores import damage_blob

IMG = ImageData("image/jpeg", b"\xff\xd8jpegbytes-1\xff\xd9", 64, 48)
IMG2 = ImageData("image/png", b"\x89PNG\r\n\x1a\nsecond", 32, 32)
IMG3 = ImageData("image/webp", b"RIFF....WEBPVP8 3", 16, 16)
HOUR = 3600.0


def age(path: Path, seconds: float = 2 * HOUR) -> None:
    t = time.time() - seconds
    os.utime(path, (t, t))


def store_turn(
    store: Store,
    tool_text: str,
    images: list[ImageData] | None = None,
    user_images: list[ImageData] | None = None,
) -> None:
    j = SqliteJournal(store)
    j.begin_turn("t1", "agent_1", ChatMessage(Role.USER, "look", list(user_images or [])))
    call = ToolCall("c1", "cam__live_view_image", {})
    j.model_message("t1", 1, ChatMessage(Role.ASSISTANT, "", tool_calls=[call]), Usage(1, 1))
    j.tool_registered("t1", 1, call)
    j.tool_running("t1", "c1")
    result = ToolReturn(ToolOutput(tool_text, list(images or [])))
    msg = ChatMessage(Role.TOOL, tool_text, list(images or []), tool_call_id="c1", tool_name=call.name)
    j.tool_completed("t1", "c1", result, msg)
    j.end_turn("t1", "-", "all done", Usage(1, 1))


def blob_files(store: Store) -> set[str]:
    return set(store.blobs.all_names())


def test_referenced_blobs_survive_old_orphans_go_young_ones_stay(tmp_path: Path, event_log: Path) -> None:
    store = Store.open(tmp_path)
    store_turn(store, "frame ok", [IMG, IMG2], user_images=[IMG3])  # IMG3: only a message image
    referenced = referenced_blobs(store)
    assert {IMG.sha256, IMG2.sha256, IMG3.sha256} < referenced
    assert len(referenced) == 7  # + user, model and tool texts, final text
    for name in referenced:
        if store.blobs.path(name).exists():  # (small texts are kept in the database)
            age(store.blobs.path(name))  # old, but referenced
    old = store.blobs.put(b"orphan from a crash between blob write and commit")
    age(store.blobs.path(old))
    young = store.blobs.put(b"orphan of a write in flight")
    tmp = store.blobs.path(old).parent / ".tmp-cut"
    tmp.write_bytes(b"partial")
    age(tmp)

    dry = collect(store, dry_run=True)
    assert sorted(p.name for p in dry.removed) == sorted([old, ".tmp-cut"])
    assert store.blobs.path(old).exists() and tmp.exists()

    report = collect(store)
    assert sorted(p.name for p in report.removed) == sorted([old, ".tmp-cut"])
    assert report.removed_bytes == len(b"orphan from a crash between blob write and commit") + len(b"partial")
    assert report.kept == 8  # seven referenced + the young orphan
    assert blob_files(store) == referenced | {young}
    assert not tmp.exists()
    for name in referenced:
        store.blobs.verify(name)
    assert [line.split(" ms=")[0] for line in log_lines(event_log) if line.startswith("store gc:")] == [
        "store gc: removed=2 bytes=56 kept=8 corrupt=0 dry_run=true",
        "store gc: removed=2 bytes=56 kept=8 corrupt=0 dry_run=false",
    ]
    assert collect(store).removed == []  # nothing left to do
    store.close()


def test_a_reused_old_blob_is_young_again(tmp_path: Path) -> None:
    """A write in flight that reuses an old orphan: put refreshes it, so the GC leaves it."""
    store = Store.open(tmp_path)
    sha = store.blobs.put(b"same bytes")
    age(store.blobs.path(sha))
    assert store.blobs.put(b"same bytes") == sha
    assert collect(store).removed == []
    assert store.blobs.get(sha) == b"same bytes"
    store.close()


def spill_setup(tmp_path: Path) -> tuple[Store, Path, Path, Path, Path]:
    spill_dir = tmp_path / "spill"
    writer = SpillWriter(spill_dir)
    kept = writer.write(["head of a long result", IMG, "tail"], "en")
    gone = writer.write(["an old result nobody stored", IMG2], "en")
    young = writer.write(["a result being stored right now"], "en")
    loose = writer.attachment(IMG3)  # named by no spill file
    store = Store.open(tmp_path)
    shown = "head…" + note("spill_notice", "en", omitted=900, path=str(kept)) + "…tail"
    store_turn(store, shown)
    for path in (kept, gone, loose, *spill_dir.joinpath("attachments").iterdir()):
        age(path)
    return store, spill_dir, kept, gone, young


def test_spill_files_named_by_a_stored_message_survive(tmp_path: Path) -> None:
    store, spill_dir, kept, gone, young = spill_setup(tmp_path)
    attachments = spill_dir / "attachments"
    report = collect(store, spill_dir=spill_dir)
    assert sorted(p.name for p in report.removed) == sorted(
        [gone.name, f"{IMG2.sha256}.png", f"{IMG3.sha256}.webp"]
    )
    assert sorted(p.name for p in spill_dir.iterdir() if p.is_file()) == sorted([kept.name, young.name])
    assert [p.name for p in attachments.iterdir()] == [f"{IMG.sha256}.jpg"]
    assert report.corrupt == [] and not report.spill_skipped
    store.close()


def test_corrupt_stored_text_is_reported_and_spill_files_are_kept(tmp_path: Path, event_log: Path) -> None:
    store, spill_dir, *_ = spill_setup(tmp_path)
    tool_sha = next(iter(r[0] for r in store._q("SELECT text_blob FROM messages WHERE kind='tool'")))
    damage_blob(store, tool_sha, b"bit rot")
    before = sorted(p.name for p in spill_dir.rglob("*"))
    report = collect(store, spill_dir=spill_dir)
    assert report.corrupt == [tool_sha]
    assert report.spill_skipped
    assert sorted(p.name for p in spill_dir.rglob("*")) == before  # preserve on doubt
    assert store.blobs.exists(tool_sha)  # still referenced: reported, never deleted
    lines = log_lines(event_log)
    assert f"store corrupt: blob={tool_sha[:16]} kind=gc_scan error=corrupt" in lines
    store.close()


def test_a_spill_name_across_a_page_boundary_is_found(tmp_path: Path) -> None:
    spill_dir = tmp_path / "spill"
    path = SpillWriter(spill_dir).write(["x" * 100], "en")
    age(path)
    store = Store.open(tmp_path)
    text = "a" * (PAGE_SIZE - 30) + path.name + " holds the rest"  # the name straddles the 1 MiB page
    assert text.index(path.name) < PAGE_SIZE < text.index(path.name) + len(path.name)
    store_turn(store, text)
    assert collect(store, spill_dir=spill_dir).removed == []
    assert path.exists()
    store.close()
