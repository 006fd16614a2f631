"""The conversation list in the real window over the real store (issue 13): New conversation
(Ctrl+N), switch by click, rename, delete after a confirmation, search; the model history of a turn
is the shown conversation's; a turn running through a switch stays in its own conversation; a
version 1 store's conversation is listed under "Earlier conversations", never shown on its own."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.launcher import Runtime, make_runtime
from app.main_window import MainWindow
from core.canonical import ChatMessage, ImageData, Role, Usage
from core.store import SqliteJournal, Store
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.images import jpeg
from tests.fakes.runtimes import stop
from tests.fakes.scripted import EchoTool, ScriptedBackend, call, reply
from tests.fakes.waits import until
from tests.fakes.windows import window


def runtime(tmp_path: Path, backend: ScriptedBackend) -> Runtime:
    rt = make_runtime(window_config(tmp_path), KeyStore(), store_dir=tmp_path / "data")
    assert isinstance(rt.village, Village)
    rt.village._backend_factory = lambda t: backend
    return rt


def slow_runtime(tmp_path: Path, gate: asyncio.Event) -> Runtime:
    """A runtime whose agent a1 calls the tool ``slow`` (it answers when ``gate`` is set), then
    answers "Finally done."."""
    rt = runtime(tmp_path, ScriptedBackend([call("slow"), reply("Finally done.")]))
    rt.village.add_tools("a1", [EchoTool("slow", "waited", gate=gate)])  # type: ignore[attr-defined]
    return rt


def open_window(qtbot: QtBot, rt: Runtime) -> MainWindow:
    return window(qtbot, rt.village, history=rt.history, conversations=rt.conversations)  # type: ignore[arg-type]


def chat_texts(win: MainWindow) -> list[str]:
    return [b.text for b in win.chats["a1"].bubbles]


def rows(win: MainWindow) -> list[str]:
    return [item.text(0) for item in win.conversation_pane.list.items()]


async def send(win: MainWindow, text: str) -> None:
    await win.send_text("a1", text).wait()
    await until(lambda: "a1" not in win.handles)


@pytest.mark.asyncio
async def test_new_switch_rename_search_delete(qtbot: QtBot, tmp_path: Path) -> None:
    backend = ScriptedBackend.looping("anthropic", "claude-x", ["Noted."])
    rt = runtime(tmp_path, backend)
    try:
        win = open_window(qtbot, rt)
        pane = win.conversation_pane
        assert pane.list.isVisibleTo(win) and rows(win) == ["New conversation"]
        await send(win, "the red cup")
        assert rows(win) == ["the red cup"]
        first = pane.shown["a1"]

        qtbot.keyClick(win, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # New conversation
        await until(lambda: pane.shown["a1"] != first)
        assert chat_texts(win) == [] and rows(win) == ["New conversation", "the red cup"]
        assert win.input.hasFocus() or not win.isActiveWindow()
        await send(win, "a blue bowl")
        assert [m.text for m in backend.requests[-1].messages if m.role is Role.USER] == ["a blue bowl"]
        assert rows(win) == ["a blue bowl", "the red cup"]

        red = pane.list.item_of(first)
        assert red is not None
        pane.list.tree.itemClicked.emit(red, 0)  # switch by click
        await until(lambda: chat_texts(win) == ["the red cup", "Noted."])
        await send(win, "and the saucer?")
        users = [m.text for m in backend.requests[-1].messages if m.role is Role.USER]
        assert users == ["the red cup", "and the saucer?"]

        red = pane.list.item_of(first)
        assert red is not None
        red.setText(0, "Cups")  # renamed in place (F2 or Rename opens the editor)
        assert rows(win) == ["Cups", "a blue bowl"]
        pane.list.search.setText("BLUE")  # the message text is searched too
        assert rows(win) == ["a blue bowl"]
        pane.list.search.setText("no such thing")
        assert rows(win) == [] and pane.list.empty.isVisibleTo(win)
        pane.list.search.setText("")

        blue = next(i for i in pane.list.items() if i.text(0) == "a blue bowl")
        pane.list.tree.setCurrentItem(blue)
        pane.list.delete_button.click()
        box = pane.confirm
        assert box is not None and "a blue bowl" in box.text()
        box.button(QMessageBox.StandardButton.Cancel).click()
        assert rows(win) == ["Cups", "a blue bowl"]
        blue = next(i for i in pane.list.items() if i.text(0) == "a blue bowl")
        pane.list.tree.setCurrentItem(blue)
        pane.list.delete_button.click()
        box = pane.confirm
        assert box is not None
        [delete] = [b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.DestructiveRole]
        delete.click()
        assert rows(win) == ["Cups"]
        assert chat_texts(win)[:2] == ["the red cup", "Noted."]  # the shown one was not deleted
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_running_turn_stays_in_its_conversation(qtbot: QtBot, tmp_path: Path) -> None:
    gate = asyncio.Event()
    rt = slow_runtime(tmp_path, gate)
    try:
        win = open_window(qtbot, rt)
        pane = win.conversation_pane
        first = pane.shown["a1"]
        handle = win.send_text("a1", "take your time")
        await until(lambda: "take your time" in chat_texts(win))
        pane.new_conversation()  # the person moves on while it runs
        second = pane.shown["a1"]
        gate.set()
        await handle.wait()
        await until(lambda: "a1" not in win.handles)
        assert chat_texts(win) == []  # nothing of the other conversation drawn here
        assert win.panels["a1"].rows == {}
        item = pane.list.item_of(first)
        assert item is not None
        pane.list.tree.itemClicked.emit(item, 0)
        await until(lambda: chat_texts(win) == ["take your time", "Finally done."])
        assert pane.shown["a1"] == first != second
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_conversation_opened_again_while_its_turn_runs_shows_it_running(
    qtbot: QtBot, tmp_path: Path
) -> None:
    gate = asyncio.Event()
    rt = slow_runtime(tmp_path, gate)
    try:
        win = open_window(qtbot, rt)
        pane = win.conversation_pane
        first = pane.shown["a1"]
        handle = win.send_text("a1", "take your time")
        await until(lambda: "take your time" in chat_texts(win) and len(win.panels["a1"].rows) == 1)
        pane.new_conversation()
        item = pane.list.item_of(first)
        assert item is not None
        pane.list.tree.itemClicked.emit(item, 0)  # back to it before the turn ends
        await until(lambda: chat_texts(win) == ["take your time"] and len(win.panels["a1"].rows) == 1)
        await asyncio.sleep(0.1)  # the replay has ended
        chat = win.chats["a1"]
        assert chat.typing.isVisible()  # still working: the replay does not end a running turn
        [row] = win.panels["a1"].rows.values()
        assert row.status.text() == "running…"
        gate.set()
        await handle.wait()
        await until(lambda: chat_texts(win) == ["take your time", "Finally done."])
        assert not chat.typing.isVisible()
        assert row.status.text() == "ok"
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_conversation_whose_turn_runs_is_not_deleted(qtbot: QtBot, tmp_path: Path) -> None:
    gate = asyncio.Event()
    rt = slow_runtime(tmp_path, gate)
    try:
        win = open_window(qtbot, rt)
        pane = win.conversation_pane
        first = pane.shown["a1"]
        handle = win.send_text("a1", "take your time")
        await until(lambda: "take your time" in chat_texts(win))
        pane.new_conversation()
        item = pane.list.item_of(first)
        assert item is not None
        pane.ask_delete(first)
        box = pane.confirm
        assert box is not None
        assert (
            box.text() == "“take your time” has a turn running. Stop it first, then delete the conversation."
        )
        assert [box.buttonRole(b) for b in box.buttons()] == [QMessageBox.ButtonRole.AcceptRole]  # no Delete
        box.button(QMessageBox.StandardButton.Ok).click()
        assert pane.confirm is None
        gate.set()
        await handle.wait()
        await until(lambda: "a1" not in win.handles)
        assert rt.conversations is not None
        assert rt.conversations.store.conversation(first) is not None  # kept, with its answer
        pane.ask_delete(first)  # the turn has ended: now it may go
        box = pane.confirm
        assert box is not None and box.text() == "Delete “take your time”?"
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_turn_ending_in_a_conversation_not_shown_is_still_a_notification(
    qtbot: QtBot, tmp_path: Path
) -> None:
    gate = asyncio.Event()
    rt = slow_runtime(tmp_path, gate)
    try:
        win = open_window(qtbot, rt)
        shown: list[tuple[str, str]] = []
        win.manners.notifier = SimpleNamespace(notify=lambda title, text: shown.append((title, text)))
        handle = win.send_text("a1", "take your time")
        await until(lambda: "take your time" in chat_texts(win))
        win.conversation_pane.new_conversation()  # its live events are hidden from now on
        other = QWidget()
        qtbot.addWidget(other)
        other.show()
        other.activateWindow()
        await until(lambda: not win.isActiveWindow())
        gate.set()
        await handle.wait()
        await until(lambda: shown != [])
        assert shown == [("Ava answered", "Finally done.")]
        assert chat_texts(win) == []
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_the_viewer_of_a_conversation_closes_when_another_is_opened(
    qtbot: QtBot, tmp_path: Path
) -> None:
    picture = ImageData("image/jpeg", jpeg(), 320, 240)
    rt = runtime(tmp_path, ScriptedBackend([call("cam__look"), reply("seen")]))
    try:
        rt.village.add_tools("a1", [EchoTool("cam__look", "frame", images=[picture])])  # type: ignore[attr-defined]
        win = open_window(qtbot, rt)
        await win.send_text("a1", "look").wait()
        chat = win.chats["a1"]
        await until(lambda: len(chat.previews) == 1 and chat.previews[0].image is not None)
        chat.previews[0].open_full_size()
        viewer = chat.previews[0].viewer
        assert viewer is not None and viewer.isVisible()
        win.conversation_pane.new_conversation()
        assert not viewer.isVisible()  # it stepped through the chat that went
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_an_earlier_conversation_is_listed_not_shown(qtbot: QtBot, tmp_path: Path) -> None:
    store = Store.open(tmp_path / "data")  # a conversation named by the agent id, village unknown
    journal = SqliteJournal(store)
    journal.begin_turn("old-1", "a1", ChatMessage(Role.USER, "from another file"))
    journal.end_turn("old-1", "-", "", Usage())
    store.close()
    rt = runtime(tmp_path, ScriptedBackend.looping("anthropic", "claude-x", ["ok"]))
    try:
        win = open_window(qtbot, rt)
        pane = win.conversation_pane
        assert chat_texts(win) == []
        assert rows(win) == ["New conversation", "from another file"]
        group = pane.list.tree.topLevelItem(1)
        assert group is not None and group.text(0) == "Earlier conversations"
        old = pane.list.item_of("a1")
        assert old is not None
        pane.list.tree.itemClicked.emit(old, 0)  # the person opens it: now this village's
        await until(lambda: chat_texts(win) == ["from another file"])
        assert rt.conversations is not None and [c.id for c in rt.conversations.of("a1")][-1] == "a1"
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_chat_opens_on_its_newest_page_of_turns(qtbot: QtBot, tmp_path: Path) -> None:
    from app.conversation_pane import PAGE_TURNS

    rt = runtime(tmp_path, ScriptedBackend.looping("anthropic", "claude-x", ["ok"]))
    try:
        for n in range(PAGE_TURNS + 2):
            await rt.village.send("a1", f"question {n}").wait()
        win = open_window(qtbot, rt)
        pane = win.conversation_pane
        asked = [t for t in chat_texts(win) if t.startswith("question")]
        assert asked == [f"question {n}" for n in range(2, PAGE_TURNS + 2)]  # the newest page
        button = pane.list.earlier_turns_button
        assert button.isVisibleTo(win)
        button.click()
        await until(lambda: f"question {PAGE_TURNS + 1}" in chat_texts(win))  # filled a turn at a time
        assert [t for t in chat_texts(win) if t.startswith("question")] == [
            f"question {n}" for n in range(PAGE_TURNS + 2)
        ]
        assert not button.isVisibleTo(win)
    finally:
        await stop(rt)
