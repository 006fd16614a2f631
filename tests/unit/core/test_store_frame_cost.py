"""Issue 14, rows 4 and 5: what one live-view frame costs the store, counted (never timed): the
files it adds, the waits for the disk per tool call, the bytes it adds beside its image."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from core.canonical import ChatMessage, ImageData, Role, ToolCall, Usage
from core.media_cache import MediaCache
from core.store import SqliteJournal, Store
from core.store.gc import collect
from core.tool import ToolOutput, ToolReturn


def frame(n: int) -> ImageData:
    return ImageData(
        "image/jpeg", b"\xff\xd8\xff\xe0" + n.to_bytes(4, "big") + bytes(range(256)) * 68, 640, 424
    )


def live_turn(store: Store, media: MediaCache, n: int) -> None:
    """Frame ``n`` as the engine and the village pipeline write it (texts that change per frame,
    as the camera's and the person's do)."""
    j = SqliteJournal(store)
    turn, image = f"t{n}", frame(n)
    j.begin_turn(turn, "a1", ChatMessage(Role.USER, f"Frame {n}: take one live view frame."), "conv")
    call = ToolCall(f"c{n}", "cam__live_view_image", {})
    j.model_message(turn, 1, ChatMessage(Role.ASSISTANT, "", tool_calls=[call]), Usage(1, 1))
    j.tool_registered(turn, 1, call)
    j.tool_running(turn, call.id)
    assert media.put(image) is not None
    text = f'{{"seq":{n},"width":640,"height":424}}'
    message = ChatMessage(Role.TOOL, text, [image], tool_call_id=call.id, tool_name=call.name)
    j.tool_completed(turn, call.id, ToolReturn(ToolOutput(text, [image])), message)
    j.model_message(turn, 2, ChatMessage(Role.ASSISTANT, f"Frame {n} shows a desk."), Usage(1, 1))
    j.end_turn(turn, "-", f"Frame {n} shows a desk.", Usage(1, 1))


def setup(tmp_path: Path) -> tuple[Store, MediaCache]:
    store = Store.open(tmp_path / "data")
    media = MediaCache(tmp_path / "village.tool-media", store.blobs)
    live_turn(store, media, 0)  # warm: the database's pages, the blob folders
    return store, media


def inodes(*roots: Path) -> dict[int, str]:
    found: dict[int, str] = {}
    for root in roots:
        for folder, _dirs, files in os.walk(root):
            for name in files:
                found[os.lstat(os.path.join(folder, name)).st_ino] = os.path.join(folder, name)
    return found


def test_a_frame_adds_one_file_its_image(tmp_path: Path) -> None:
    store, media = setup(tmp_path)
    assert media.directory is not None
    before = inodes(tmp_path)
    for n in range(1, 4):
        live_turn(store, media, n)
    added = {ino: path for ino, path in inodes(tmp_path).items() if ino not in before}
    images = {os.lstat(store.blobs.path(frame(n).sha256)).st_ino for n in range(1, 4)}
    assert set(added) == images, sorted(added.values())  # the texts are kept in the database
    for n in range(1, 4):
        assert store.blobs.get(frame(n).sha256) == frame(n).data
    texts = [m.text for m in store.messages("conv") if m.turn_id == "t3"]
    assert texts == [
        "Frame 3: take one live view frame.",
        "",
        '{"seq":3,"width":640,"height":424}',
        "Frame 3 shows a desk.",
    ]
    store.close()


@contextmanager
def waits_for_the_disk(store: Store, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every wait for the disk: an ``os.fsync`` (blob files, folders, the call markers) or a
    commit that fsyncs the WAL (one not in ``store.riding``)."""
    waits: list[str] = []
    real_fsync, real_tx = os.fsync, store._tx

    def fsync(fd: int) -> None:
        path = os.readlink(f"/proc/self/fd/{fd}")
        waits.append("folder" if os.path.isdir(path) else "markers" if path.endswith(".journal") else "file")
        real_fsync(fd)

    def tx(op: str, **kw: Any) -> Any:
        if op not in store.riding:
            waits.append(f"commit {op}")
        return real_tx(op, **kw)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(store, "_tx", tx)
    yield waits


def test_a_tool_call_waits_for_the_disk_five_times(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """L-9: the turn's begin and end commits, the call marker, the image file and its folder; no
    text is a file of its own."""
    store, media = setup(tmp_path)
    with waits_for_the_disk(store, monkeypatch) as waits:
        live_turn(store, media, 1)
    assert sorted(waits) == sorted(["commit begin_turn", "markers", "file", "folder", "commit end_turn"])
    store.close()


def test_a_frame_adds_few_bytes_beside_its_image(tmp_path: Path) -> None:
    """Bytes per frame (every file, each inode once, the WAL checkpointed into the database):
    apparent within 20 % of the frame; allocated, the image's own blocks and the database's
    growth, within 40 % (a 4 KB block per small text made it twice the frame)."""
    store, media = setup(tmp_path)
    store.rotate_markers()  # the WAL checkpointed and truncated: only the database file grows

    def sizes() -> tuple[int, int]:
        stats = [os.lstat(p) for p in inodes(tmp_path).values()]
        return sum(st.st_size for st in stats), sum(st.st_blocks * 512 for st in stats)

    (size0, alloc0), frames = sizes(), 40
    for n in range(1, frames + 1):
        live_turn(store, media, n)
    store.rotate_markers()
    size1, alloc1 = sizes()
    frame_bytes = len(frame(1).data)
    assert (size1 - size0) / frames <= 1.2 * frame_bytes
    assert (alloc1 - alloc0) / frames <= 1.4 * frame_bytes
    store.close()


def test_a_frames_image_is_not_read_back_while_it_is_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The media cache writes the frame's blob; the completion record names it twice (the tool
    message and the whole result) without hashing the file again or touching its mtime."""
    store, media = setup(tmp_path)
    hashed: list[Path] = []
    touched: list[str] = []
    real_hash, real_utime = store.blobs._hash_file, os.utime
    monkeypatch.setattr(store.blobs, "_hash_file", lambda path: hashed.append(path) or real_hash(path))
    monkeypatch.setattr(
        os, "utime", lambda path, *a, **k: touched.append(str(path)) or real_utime(path, *a, **k)
    )
    live_turn(store, media, 1)
    assert hashed == [] and touched == []
    assert store.blobs.get(frame(1).sha256) == frame(1).data
    store.close()


def test_a_conversations_texts_leave_the_database_with_it_and_the_clean_up_drops_orphans(
    tmp_path: Path,
) -> None:
    store, _media = setup(tmp_path)  # frame 0 in "conv"
    j = SqliteJournal(store)
    j.begin_turn("other", "a1", ChatMessage(Role.USER, "Frame 0: take one live view frame."), "conv2")
    j.end_turn("other", "-", "only here", Usage(1, 1))
    own = {sha256(b"Frame 0 shows a desk."), sha256(b'{"seq":0,"width":640,"height":424}')}
    shared = sha256(b"Frame 0: take one live view frame.")
    assert own | {shared} <= set(store.inline_blob_names())
    store.delete_conversation("conv", grace_s=0)
    names = set(store.inline_blob_names())
    assert not own & names and {shared, sha256(b"only here")} <= names
    assert store.read_text(shared) == "Frame 0: take one live view frame."
    with store._tx("orphan") as conn:  # a text no record names (as a crash could leave one)
        store._register_blob(conn, sha256(b"nobody"), 6, b"nobody")
    report = collect(store)
    assert sha256(b"nobody") not in store.inline_blob_names() and report.texts_removed == 1
    store.close()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
