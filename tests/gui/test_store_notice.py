"""Failures the person never saw (defect 10 of issue 11) are a notice in the window: what it means
for their data and what to do, with "Open data folder" and "Dismiss". The real start-up path
(``make_runtime`` + ``MainWindow`` + ``announce_store_problems``), real store files."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.i18n import Translations
from app.keys import KeyStore
from app.launcher import Runtime, announce_store_problems, make_runtime, start_store_gc
from app.main_window import MainWindow
from core.canonical import ChatRequest, ChatResponse
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.logs import log_lines
from tests.fakes.scripted import ScriptedBackend, reply
from tests.fakes.stores import stored_call
from tests.fakes.waits import until


def start(qtbot: QtBot, tmp_path: Path, data: Path) -> tuple[Runtime, MainWindow]:
    """What ``run_app`` does at start: the runtime, the window, then the store's problems."""
    rt = make_runtime(window_config(tmp_path), KeyStore(), store_dir=data)
    win = MainWindow(rt.village, KeyStore(), history=rt.history)
    qtbot.addWidget(win)
    win.show()
    announce_store_problems(rt)
    return rt, win


async def stop(rt: Runtime) -> None:
    await rt.village.close()
    if rt.store is not None:
        rt.store.close()


def notice_text(win: MainWindow) -> str:
    return "\n".join(win.store_notice.texts())


@pytest.mark.asyncio
async def test_a_garbage_database_shows_the_moved_aside_notice_naming_the_file(
    qtbot: QtBot, tmp_path: Path
) -> None:
    root = tmp_path / "data" / "store"
    root.mkdir(parents=True)
    (root / "store.db").write_bytes(b"garbage, not SQLite " * 200)
    rt, win = start(qtbot, tmp_path, tmp_path / "data")
    try:
        [aside] = [p for p in root.iterdir() if p.name.startswith("store.db.corrupt-")]
        assert win.store_notice.isVisibleTo(win)
        text = notice_text(win)
        assert aside.name in text and "damaged" in text and "fresh" in text
        opened: list[Path] = []
        win.store_notice.open_folder = lambda folder: opened.append(folder) or True
        win.store_notice.open_button.click()
        assert opened == [root]
        win.store_notice.dismiss_button.click()
        assert not win.store_notice.isVisibleTo(win)
        announce_store_problems(rt)  # the same problem again: not shown twice
        assert not win.store_notice.isVisibleTo(win)
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_deleted_database_with_blobs_left_shows_a_notice_and_logs_a_line(
    qtbot: QtBot, tmp_path: Path, event_log: Path
) -> None:
    stored_call(tmp_path / "data").close()
    for name in ("store.db", "store.db-wal", "store.db-shm"):
        (tmp_path / "data" / "store" / name).unlink(missing_ok=True)
    rt, win = start(qtbot, tmp_path, tmp_path / "data")
    try:
        assert win.store_notice.isVisibleTo(win)
        text = notice_text(win)
        assert "store.db" in text and "not found" in text
        assert any(x.startswith("store missing:") for x in log_lines(event_log))
        blobs = sorted((tmp_path / "data" / "store" / "blobs").rglob("*"))
        assert blobs and start_store_gc(rt) is None  # the lost history's blobs are kept
        assert sorted((tmp_path / "data" / "store" / "blobs").rglob("*")) == blobs
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_write_failing_mid_turn_says_the_turn_is_not_saved_and_the_chat_goes_on(
    qtbot: QtBot, tmp_path: Path, translations: Translations
) -> None:
    rt, win = start(qtbot, tmp_path, tmp_path / "data")
    assert isinstance(rt.village, Village) and rt.store is not None
    store = rt.store

    def refuse_writes_then_answer(request: ChatRequest) -> ChatResponse:
        store._q("PRAGMA query_only=ON")  # the database refuses every write from here on
        return reply("I see a shelf.")

    backend = ScriptedBackend([refuse_writes_then_answer], default="Still a shelf.")
    rt.village._backend_factory = lambda t: backend
    try:
        assert not win.store_notice.isVisibleTo(win)  # a healthy store: no notice
        first = await rt.village.send("a1", "look").wait()
        assert first.text == "I see a shelf."
        await until(lambda: win.store_notice.isVisibleTo(win))
        text = notice_text(win)
        assert "not saved" in text and "readonly" in text
        assert len(win.store_notice.texts()) == 1  # several failed writes of one turn: one notice
        second = await rt.village.send("a1", "and now?").wait()  # the chat goes on
        assert second.text == "Still a shelf."
        assert len(win.store_notice.texts()) == 1
        translations.set_language("ja")
        await until(lambda: notice_text(win) != text)  # retranslated live
        assert "readonly" in notice_text(win)
    finally:
        await stop(rt)


@pytest.mark.asyncio
async def test_a_store_that_cannot_be_opened_says_the_app_runs_without_history(
    qtbot: QtBot, tmp_path: Path
) -> None:
    (tmp_path / "data").write_text("a file where the data folder should be")
    rt, win = start(qtbot, tmp_path, tmp_path / "data")
    try:
        assert rt.store is None
        assert win.store_notice.isVisibleTo(win)
        assert "without history" in notice_text(win)
        assert str(tmp_path / "data") in notice_text(win)
    finally:
        await stop(rt)
