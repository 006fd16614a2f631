"""Issue 14, the store half: one copy of every image (media cache hard-linked to its blob), the
clean-up covering both places, retention, disk use, and which writes wait for the disk."""

from __future__ import annotations

import asyncio
import errno
import os
import time
from pathlib import Path
from typing import Any

import pytest

from core.canonical import ChatMessage, ImageData, Role, ToolCall, Usage
from core.conversations import Conversations
from core.media_cache import MediaCache
from core.store import SqliteJournal, Store
from core.store.gc import collect
from core.store.usage import StoreCare, disk_use
from core.store.writes import RIDING
from core.tool import ToolOutput, ToolReturn
from tests.fakes.logs import log_lines

FRAME = ImageData("image/jpeg", b"\xff\xd8\xff\xe0" + bytes(range(256)) * 70, 640, 424)
OTHER = ImageData("image/jpeg", b"\xff\xd8\xff\xe0" + bytes(range(255, -1, -1)) * 70, 640, 424)
DAY = 86400.0


def age(path: Path, seconds: float = 2 * 3600.0) -> None:
    t = time.time() - seconds
    os.utime(path, (t, t))


def live_turn(store: Store, media: MediaCache, turn: str, image: ImageData, conversation: str = "") -> None:
    """A live-view turn as the engine and the village pipeline write it: the media cache first."""
    j = SqliteJournal(store)
    j.begin_turn(turn, "a1", ChatMessage(Role.USER, "look"), conversation)
    call = ToolCall(f"{turn}-c", "cam__live_view_image", {})
    j.model_message(turn, 1, ChatMessage(Role.ASSISTANT, "", tool_calls=[call]), Usage(1, 1))
    j.tool_registered(turn, 1, call)
    j.tool_running(turn, call.id)
    assert media.put(image) is not None
    result = ToolReturn(ToolOutput('{"seq":1}', [image]))
    message = ChatMessage(
        Role.TOOL, '{"seq":1}', [image], tool_call_id=call.id, tool_name="cam__live_view_image"
    )
    j.tool_completed(turn, call.id, result, message)
    j.end_turn(turn, "end_turn", "fine", Usage(1, 1))


def setup(tmp_path: Path) -> tuple[Store, MediaCache]:
    store = Store.open(tmp_path / "data")
    return store, MediaCache(tmp_path / "village.tool-media", store.blobs)


def test_the_media_cache_file_is_the_blob(tmp_path: Path) -> None:
    store, media = setup(tmp_path)
    live_turn(store, media, "t1", FRAME)
    cached = media.directory / f"{FRAME.sha256}.jpg"  # type: ignore[operator]
    blob = store.blobs.path(FRAME.sha256)
    assert os.path.samefile(cached, blob)  # one copy: a hard link
    assert blob.stat().st_nlink == 2
    assert blob.stat().st_mode & 0o777 == 0o600
    assert store.blobs.get(FRAME.sha256) == FRAME.data  # verified on read
    assert media.load(cached.name, 640, 424) == FRAME


def test_no_hard_link_copies_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, event_log: Path
) -> None:
    store, media = setup(tmp_path)

    def cross_device(src: Any, dst: Any) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "link", cross_device)
    ref = media.put(FRAME)
    media.put(OTHER)
    assert ref is not None
    cached = media.directory / ref  # type: ignore[operator]
    assert cached.read_bytes() == FRAME.data
    assert not os.path.samefile(cached, store.blobs.path(FRAME.sha256))
    copies = [line for line in log_lines(event_log) if line.startswith("media cache copy:")]
    assert copies == ["media cache copy: reason=OSError errno=18"]  # once per cache


def test_a_stale_cache_file_is_replaced_by_the_link(tmp_path: Path) -> None:
    store, media = setup(tmp_path)
    assert media.directory is not None
    media.directory.mkdir(parents=True)
    stale = media.directory / f"{FRAME.sha256}.jpg"
    stale.write_bytes(b"\xff\xd8 torn")
    media.put(FRAME)
    assert os.path.samefile(stale, store.blobs.path(FRAME.sha256))


def test_an_old_whole_copy_becomes_the_link(tmp_path: Path) -> None:
    """A cache file from before the cache linked (the same bytes, its own inode) is one copy too many."""
    store, media = setup(tmp_path)
    assert media.directory is not None
    media.directory.mkdir(parents=True)
    old = media.directory / f"{FRAME.sha256}.jpg"
    old.write_bytes(FRAME.data)
    assert media.put(FRAME) == old.name
    assert os.path.samefile(old, store.blobs.path(FRAME.sha256)) and old.stat().st_nlink == 2
    assert old.read_bytes() == FRAME.data


def test_gc_frees_an_unreferenced_image_in_both_places(tmp_path: Path, event_log: Path) -> None:
    store, media = setup(tmp_path)
    live_turn(store, media, "t1", FRAME, "conv-keep")
    media.put(OTHER)  # cached and written as a blob, never recorded (a cut turn)
    assert media.directory is not None
    orphan_media = media.directory / f"{OTHER.sha256}.jpg"
    orphan_blob = store.blobs.path(OTHER.sha256)
    age(orphan_blob)  # both names: one inode
    report = collect(store, media_dirs=[media.directory])
    assert not orphan_media.exists() and not orphan_blob.exists()
    assert report.media_removed == 1
    assert report.removed_bytes == len(OTHER.data)  # one inode: its bytes counted once
    gc_lines = [line.split(" ms=")[0] for line in log_lines(event_log) if line.startswith("store gc:")]
    assert gc_lines == [f"store gc: removed=2 bytes={len(OTHER.data)} kept=6 corrupt=0 dry_run=false media=1"]
    kept = media.directory / f"{FRAME.sha256}.jpg"
    assert kept.exists() and store.blobs.path(FRAME.sha256).exists()  # still referenced


def test_gc_keeps_young_and_moved_aside_media(tmp_path: Path) -> None:
    store, media = setup(tmp_path)
    media.put(OTHER)
    assert media.directory is not None
    collect(store, media_dirs=[media.directory])
    assert (media.directory / f"{OTHER.sha256}.jpg").exists()  # young: a write in flight
    age(store.blobs.path(OTHER.sha256))
    (store.root / "store.db.corrupt-1").write_bytes(b"x")
    collect(store, media_dirs=[media.directory])
    assert (media.directory / f"{OTHER.sha256}.jpg").exists()  # that history may name it


def test_deleting_a_conversation_frees_blob_and_media_file(tmp_path: Path) -> None:
    store, media = setup(tmp_path)
    convs = Conversations(store, "v1", media=media)
    cid = convs.current("a1")
    live_turn(store, media, "t1", FRAME, cid)
    blob = store.blobs.path(FRAME.sha256)
    cached = media.directory / f"{FRAME.sha256}.jpg"  # type: ignore[operator]
    age(blob)
    convs.delete("a1", cid)
    assert not blob.exists() and not cached.exists()


def test_retention_deletes_old_conversations_not_the_current_one(tmp_path: Path, event_log: Path) -> None:
    store, media = setup(tmp_path)
    convs = Conversations(store, "v1", media=media)
    current = convs.current("a1")
    old = convs.new("a1", reuse_empty=False)
    live_turn(store, media, "t1", FRAME, old)
    convs.switch("a1", current)
    live_turn(store, media, "t2", OTHER, current)
    store._conn.execute("UPDATE conversations SET updated=updated-?", (40 * DAY,))
    age(store.blobs.path(FRAME.sha256))
    assert media.directory is not None
    report = collect(store, media_dirs=[media.directory], keep_days=0)
    assert report.expired == []  # 0: kept for ever
    report = collect(store, media_dirs=[media.directory], keep_days=30)
    assert report.expired == [old]
    assert " expired=1 " in next(line for line in log_lines(event_log)[::-1] if line.startswith("store gc:"))
    assert store.conversation(old) is None and store.conversation(current) is not None
    assert not (media.directory / f"{FRAME.sha256}.jpg").exists()
    assert not store.blobs.path(FRAME.sha256).exists()
    assert (media.directory / f"{OTHER.sha256}.jpg").exists()


def test_disk_use_counts_a_linked_image_once(tmp_path: Path) -> None:
    store, media = setup(tmp_path)
    live_turn(store, media, "t1", FRAME)
    assert media.directory is not None
    use = disk_use(store.root, tmp_path / "spill", [media.directory])
    assert use.media == 0  # the cache file is the blob
    assert len(FRAME.data) <= use.blobs < 2 * len(FRAME.data) + 5 * 4096
    assert use.database > 0 and use.total == use.database + use.blobs + use.spill + use.media
    care = StoreCare(store, media_dir=lambda: media.directory, keep_days=lambda: 0)
    assert care.usage() == use
    assert care.clean_up().expired == []


def _counting_fsync(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    synced: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return synced


def test_a_messages_blob_folders_are_synced_once_before_its_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store.open(tmp_path)
    store.begin_turn("t1", "c1", "a1", ChatMessage(Role.USER, "look"))
    first = ImageData("image/jpeg", b"\xff\xd8 one", 1, 1)
    same_dir = next(  # another image whose blob lands in the same fanout folder
        img
        for i in range(10_000)
        if (img := ImageData("image/jpeg", b"\xff\xd8 %d" % i, 1, 1)).sha256[:2] == first.sha256[:2]
        and img.data != first.data
    )
    synced = _counting_fsync(monkeypatch)
    seen_at_begin: list[set[Path]] = []
    store.before_tx = lambda _op: seen_at_begin.append(store.blobs.pending_dirs())
    store.model_message("t1", 1, ChatMessage(Role.ASSISTANT, "two", [first, same_dir]), Usage(1, 1))
    folder = str(store.blobs.path(first.sha256).parent)
    assert synced.count(folder) == 1  # two blobs in one folder: one fsync of it
    assert folder in {str(p) for p in seen_at_begin[0]}  # pending until the transaction began ...
    assert store.blobs.pending_dirs() == set()  # ... and synced before it committed


def test_only_a_turns_start_and_end_wait_for_the_disk(tmp_path: Path) -> None:
    """The per-round records ride on the next synchronous commit; begin_turn and end_turn are
    synchronous."""
    store = Store.open(tmp_path)
    modes: dict[str, int] = {}
    real_tx = store._tx

    def tx(op: str, **kw: Any) -> Any:
        cm = real_tx(op, **kw)

        class Watch:
            def __enter__(self) -> Any:
                conn = cm.__enter__()
                modes[op] = int(conn.execute("PRAGMA synchronous").fetchone()[0])
                return conn

            def __exit__(self, *exc: Any) -> Any:
                return cm.__exit__(*exc)

        return Watch()

    store._tx = tx  # type: ignore[method-assign]
    live_turn(store, MediaCache(tmp_path / "m", store.blobs), "t1", FRAME)
    NORMAL, FULL = 1, 2
    assert {op for op, mode in modes.items() if mode == NORMAL} == RIDING - {"tool_not_executed"}
    assert modes["end_turn"] == FULL and modes["begin_turn"] == FULL
    assert int(store._conn.execute("PRAGMA synchronous").fetchone()[0]) == FULL  # restored
    assert {
        "model_message",
        "tool_registered",
        "tool_running",
        "tool_not_executed",
        "tool_completed",
    } == RIDING


def test_the_running_marker_is_fsynced_before_the_call_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    j.begin_turn("t1", "a1", ChatMessage(Role.USER, "look"))
    call = ToolCall("c1", "cam", {})
    j.model_message("t1", 1, ChatMessage(Role.ASSISTANT, "", tool_calls=[call]), Usage(1, 1))
    j.tool_registered("t1", 1, call)
    synced = _counting_fsync(monkeypatch)
    j.tool_running("t1", "c1")
    assert synced == [str(store.markers.path)]


def test_the_pipeline_links_when_given_the_blobs(tmp_path: Path) -> None:
    from core.config import parse_config
    from core.results import VillagePipeline
    from core.tool import ToolContext

    store = Store.open(tmp_path / "data")
    cfg = parse_config(
        {
            "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
            "agents": [{"id": "a1", "template": "c"}],
        },
        tmp_path / "village.json",
    )
    pipe = VillagePipeline(cfg, spill_dir=tmp_path / "spill", blobs=store.blobs)
    ctx = ToolContext(agent_id="a1", language="en", turn_id="t1", call_id="c1", round=1)
    asyncio.run(pipe.process(ToolCall("c1", "cam", {}), ToolReturn(ToolOutput("x", [FRAME])), ctx))
    cached = tmp_path / "village.tool-media" / f"{FRAME.sha256}.jpg"
    assert os.path.samefile(cached, store.blobs.path(FRAME.sha256))
