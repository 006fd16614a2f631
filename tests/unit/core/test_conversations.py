"""The conversations API (core/conversations.py) over a real store and village: new, switch (the
model history is the current conversation's), rename, delete (rows, blobs and media-cache files
nothing else references), search; a turn running through a switch stays in its conversation."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

from core.canonical import ChatMessage, ImageData, Role, Usage
from core.config import config_to_json, ensure_village_id, load_config, parse_config
from core.conversations import Conversations
from core.media_cache import MediaCache
from core.store import SqliteJournal, Store
from core.village import Village
from tests.fakes.images import jpeg
from tests.fakes.scripted import EchoTool, ScriptedBackend, call, reply

CFG = {
    "templates": [{"name": "t", "protocol": "anthropic", "model": "m"}],
    "agents": [{"id": "a1", "name": "Ava", "template": "t"}],
}


def setup(tmp_path: Path, backend: ScriptedBackend) -> tuple[Store, Conversations, Village]:
    store = Store.open(tmp_path / "data")
    media = MediaCache(tmp_path / "v.tool-media")
    conv = Conversations(store, "village-1", media=media)
    village = Village(
        parse_config(CFG), journal=SqliteJournal(store, conv.current), backend_factory=lambda t: backend
    )
    village.history_for = conv.past
    cid = conv.current("a1")
    village.seed_history("a1", conv.past("a1", cid), cid)
    return store, conv, village


def users(messages: list[object]) -> list[str]:
    return [m.text for m in messages if getattr(m, "role", None) is Role.USER]  # type: ignore[attr-defined]


@pytest.mark.asyncio
async def test_new_switch_rename_search(tmp_path: Path) -> None:
    backend = ScriptedBackend.looping("anthropic", "m", ["ok"])
    store, conv, village = setup(tmp_path, backend)
    try:
        first = conv.current("a1")
        await village.send("a1", "the red cup").wait()
        second = conv.new("a1", village)
        assert conv.new("a1", village) == second  # an empty one is reused
        assert village.history("a1") == []
        await village.send("a1", "a blue bowl").wait()
        assert [c.id for c in conv.of("a1")] == [second, first]  # newest first
        assert [c.title for c in conv.of("a1")] == ["a blue bowl", "the red cup"]  # the first request
        conv.switch("a1", first, village)
        assert users(village.history("a1")) == ["the red cup"]
        await village.send("a1", "and now?").wait()
        assert users(backend.requests[-1].messages) == ["the red cup", "and now?"]
        conv.switch("a1", second, village, lazy=True)  # the window's switch: read when the turn starts
        assert village.history("a1") == [] and village.conversation_of("a1") == second
        await village.send("a1", "more bowls").wait()
        assert users(backend.requests[-1].messages) == ["a blue bowl", "more bowls"]
        conv.switch("a1", first, village)
        conv.rename(first, "  Cups  and mugs ")
        assert store.conversation(first).title == "Cups and mugs"  # type: ignore[union-attr]
        assert [c.id for c in conv.search("a1", "MUGS")] == [first]
        assert [c.id for c in conv.search("a1", "blue bo")] == [second]
        assert conv.search("a1", "nothing like it") == []
        assert Conversations(store, "village-2").of("a1") == []  # another village's agent a1
    finally:
        await village.close()
        store.close()


@pytest.mark.asyncio
async def test_delete_removes_rows_blobs_and_media_nothing_else_names(tmp_path: Path) -> None:
    only = ImageData("image/jpeg", jpeg(40, 30), 40, 30)
    shared = ImageData("image/jpeg", jpeg(50, 30), 50, 30)
    backend = ScriptedBackend([call("cam__look"), reply("seen"), call("cam__look"), reply("seen")])
    store, conv, village = setup(tmp_path, backend)
    try:
        tool = EchoTool("cam__look", "frame", images=[only, shared])
        village.add_tools("a1", [tool])
        doomed = conv.current("a1")
        await village.send("a1", "look").wait()
        kept = conv.new("a1", village)
        tool.images = [shared]
        await village.send("a1", "look again").wait()
        assert conv.media is not None and isinstance(conv.media, MediaCache) and conv.media.directory
        media_dir = conv.media.directory
        media_dir.mkdir(parents=True, exist_ok=True)
        for img in (only, shared):
            (media_dir / f"{img.sha256}.jpg").write_bytes(img.data)
        for path in (tmp_path / "data" / "store" / "blobs").rglob("*"):
            if path.is_file():
                os.utime(path, (1.0, 1.0))  # older than the grace period
        current = conv.delete("a1", doomed, village)
        assert current == kept
        assert [c.id for c in conv.of("a1")] == [kept]
        assert (
            store.messages(doomed) == []
            and store._q("SELECT * FROM turns WHERE conversation_id=?", (doomed,)) == []
        )
        assert not store.blobs.exists(only.sha256) and store.blobs.exists(shared.sha256)
        assert not (media_dir / f"{only.sha256}.jpg").exists()
        assert (media_dir / f"{shared.sha256}.jpg").exists()
        assert store.messages(kept)[0].text == "look again"
    finally:
        await village.close()
        store.close()


@pytest.mark.asyncio
async def test_a_running_turn_stays_in_its_conversation(tmp_path: Path) -> None:
    gate = asyncio.Event()
    backend = ScriptedBackend([call("slow"), reply("done")])
    store, conv, village = setup(tmp_path, backend)
    try:
        village.add_tools("a1", [EchoTool("slow", "waited", gate=gate)])
        first = conv.current("a1")
        handle = village.send("a1", "take your time")
        await asyncio.wait_for(village.tools("a1")[0].running.wait(), 5)  # type: ignore[attr-defined]
        second = conv.new("a1", village)  # the person moves on while it runs
        gate.set()
        await handle.wait()
        assert [m.kind for m in store.messages(first)] == ["input", "model", "tool", "model"]
        assert store.messages(second) == []
        assert village.history("a1") == []  # the shown conversation's model history stays empty
    finally:
        await village.close()
        store.close()


def test_a_file_without_a_village_id_gets_one_written_in(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    raw = {"village": {"name": "Mine", "motto": "kept"}, **CFG, "extra_top": [1, 2]}
    path.write_text(json.dumps(raw))
    config = ensure_village_id(load_config(path))
    written = json.loads(path.read_text())
    assert written == {**raw, "village": {"name": "Mine", "motto": "kept", "id": config.village.id}}
    assert len(config.village.id) == 36
    assert config_to_json(config)["village"]["id"] == config.village.id  # Settings' Save keeps it
    assert ensure_village_id(load_config(path)).village.id == config.village.id  # stable
    copy = tmp_path / "elsewhere.json"
    copy.write_text(path.read_text())  # a moved or copied file keeps its conversations
    assert ensure_village_id(load_config(copy)).village.id == config.village.id


@pytest.mark.asyncio
async def test_an_earlier_conversation_with_a_picture_in_this_media_cache_is_this_villages(
    tmp_path: Path,
) -> None:
    picture = ImageData("image/jpeg", jpeg(40, 30), 40, 30)
    store = Store.open(tmp_path / "data")
    try:
        old = Village(  # before conversations: one per agent, named by its id, village unknown
            parse_config(CFG),
            journal=SqliteJournal(store),
            backend_factory=lambda t: ScriptedBackend([call("cam__look"), reply("seen")]),
        )
        old.add_tools("a1", [EchoTool("cam__look", "frame", images=[picture])])
        await old.send("a1", "look").wait()
        await old.close()
        media = MediaCache(tmp_path / "v.tool-media")
        assert media.directory is not None
        elsewhere = Conversations(store, "another-village", media=MediaCache(tmp_path / "w.tool-media"))
        assert elsewhere.adopt_known(["a1"]) == []  # no picture of it in that file's cache
        media.directory.mkdir()
        (media.directory / f"{picture.sha256}.jpg").write_bytes(picture.data)
        mine = Conversations(store, "village-1", media=media)
        assert mine.adopt_known(["a1"]) == ["a1"]
        assert [c.id for c in mine.of("a1")] == ["a1"] and mine.earlier("a1") == []
        assert mine.current("a1") == "a1"  # its newest: the chat it was
    finally:
        store.close()


def test_a_conversation_with_a_cut_turn_is_current_before_the_window_opens(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "data")
    try:
        conv = Conversations(store, "village-1")
        left = conv.current("a1")
        SqliteJournal(store, conv.current).begin_turn("t-cut", "a1", ChatMessage(Role.USER, "watch the door"))
        moved_on = conv.new("a1", reuse_empty=False)  # the person moved on; then the app was killed
        assert conv.current("a1") == moved_on != left
        assert conv.adopt_cut(["a1"]) == [left]  # recovery continues its turn: shown from the start
        assert conv.current("a1") == left
        SqliteJournal(store).begin_turn(
            "t-old", "b1", ChatMessage(Role.USER, "from before")
        )  # village unknown
        assert conv.earlier("b1")[0].id == "b1"
        assert conv.adopt_cut(["b1"]) == ["b1"]
        assert conv.current("b1") == "b1" and conv.earlier("b1") == []  # now this village's
        SqliteJournal(store).end_turn("t-cut", "-", "", Usage())
        assert conv.adopt_cut(["a1"]) == []  # nothing open: nothing changes
    finally:
        store.close()
