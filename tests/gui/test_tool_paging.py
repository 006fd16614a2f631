"""D-6: the tool panel shows the first 16,000 characters of a call's input and output and pages
through the rest, read from the store (never from the row's event); nothing is cut in storage.

Over 400 lines: one scenario per way a page can be reached (live, restored, resumed, spilled, a
closed store), each building its own store and window."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.i18n import Translations
from app.keys import KeyStore
from app.launcher import make_runtime
from app.main_window import MainWindow
from app.widgets.pager import CORRUPT, MISSING, PAGE_CHARS, Page, PageUnavailable, StorePages
from app.widgets.toolpanel import ToolPanel, ToolRow
from core.canonical import ToolCall
from core.events import ToolFinished, ToolStarted
from core.history import StoreHistory
from core.store import SqliteJournal, Store
from core.store.blobs import PAGE_SIZE
from core.tool import AgentTool, ToolContext, ToolReturn
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.logs import log_lines
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.stores import BODY, NAME, stored_call
from tests.fakes.waits import until


def events(
    body: str = BODY, args: dict[str, Any] | None = None, turn: str = "t1", call: str = "c1"
) -> tuple[ToolStarted, ToolFinished]:
    return (
        ToolStarted("a1", turn, call, 1, NAME, args if args is not None else {"q": 1}),
        ToolFinished("a1", turn, call, 1, NAME, True, 5, body, ""),
    )


def open_row(panel: ToolPanel, started: ToolStarted, finished: ToolFinished) -> ToolRow:
    panel.add_started(started)
    panel.add_finished(finished)
    row = panel.rows[started.call_id]
    row.set_expanded(True)
    return row


def label(first: int, last: int, total: int) -> str:
    return f"Characters {first:,}–{last:,} of {total:,}"


async def settled(row: ToolRow, part: str = "output") -> None:
    pager = row.output_pager if part == "output" else row.input_pager
    await until(lambda: not pager.loading and (pager.page is not None or pager.reason is not None))


# ----------------------------------------------------------------------------- the store reader
def test_store_pages_cut_between_code_points_across_byte_pages(tmp_path: Path) -> None:
    """A text of several 1 MiB byte pages: every character page is the exact slice of the text,
    also the one whose bytes straddle the store's page boundary (a 4-byte emoji cut in two)."""
    text = "漢😀" * 600_000 + "!"  # 1.2 M code points, 4.2 MB of UTF-8 (7 bytes per pair)
    assert PAGE_SIZE % 7 == 4  # the first byte page ends inside an emoji
    store = stored_call(tmp_path / "data", text)
    try:
        pages = StorePages(store)
        total = len(text)
        straddle = (PAGE_SIZE // 7 * 2 + 1) // PAGE_CHARS  # the character page holding that emoji
        last_index = (total - 1) // PAGE_CHARS
        assert (last_index, total - last_index * PAGE_CHARS) == (75, 1)
        for index in (0, 1, straddle, straddle + 1, last_index):
            page = pages.page("t1", "c1", "output", index)
            start = index * PAGE_CHARS
            assert page == Page(index, start, text[start : start + PAGE_CHARS], total)
        last = pages.page("t1", "c1", "output", 10_000)  # past the end: the last page
        assert (last.index, last.start, last.text) == (75, 1_200_000, "!")
    finally:
        store.close()


def test_store_pages_input_and_missing(tmp_path: Path) -> None:
    args = {"text": "漢" * 20_000}
    store = stored_call(tmp_path / "data", "short", args=args)
    try:
        pages = StorePages(store)
        whole = '{\n  "text": "' + "漢" * 20_000 + '"\n}'
        assert pages.page("t1", "c1", "input", 1) == Page(1, PAGE_CHARS, whole[PAGE_CHARS:], len(whole))
        with pytest.raises(PageUnavailable) as exc:
            pages.page("t1", "nope", "output", 0)
        assert exc.value.reason == MISSING
        with pytest.raises(PageUnavailable) as exc:
            pages.page("t1", "nope", "input", 0)
        assert exc.value.reason == MISSING
    finally:
        store.close()


# ----------------------------------------------------------------------------- the panel
@pytest.mark.asyncio
async def test_output_pages_from_the_store(qtbot: QtBot, tmp_path: Path) -> None:
    store = stored_call(tmp_path / "data")
    try:
        panel = ToolPanel(pages=StorePages(store))
        qtbot.addWidget(panel)
        panel.show()
        row = open_row(panel, *events())
        pager = row.output_pager
        assert row.output_text.toPlainText() == BODY[:PAGE_CHARS]  # at once, before the store answers
        await settled(row)
        assert row.output_text.toPlainText() == BODY[:16_000]
        assert pager.position.text() == label(1, 16_000, 50_000)
        assert pager.isVisibleTo(row) and pager.note.text() == ""
        assert (pager.first_button.isEnabled(), pager.prev_button.isEnabled()) == (False, False)
        assert (pager.next_button.isEnabled(), pager.last_button.isEnabled()) == (True, True)
        assert [b.text() for b in pager.buttons] == ["First", "Previous", "Next", "Last"]

        pager.next_button.click()
        await settled(row)
        assert row.output_text.toPlainText() == BODY[16_000:32_000]
        assert pager.position.text() == label(16_001, 32_000, 50_000)

        pager.last_button.click()
        await settled(row)
        assert row.output_text.toPlainText() == BODY[48_000:]
        assert pager.position.text() == label(48_001, 50_000, 50_000)
        assert (pager.next_button.isEnabled(), pager.last_button.isEnabled()) == (False, False)

        pager.prev_button.click()
        await settled(row)
        assert row.output_text.toPlainText() == BODY[32_000:48_000]
        assert pager.position.text() == label(32_001, 48_000, 50_000)

        pager.first_button.click()
        await settled(row)
        assert row.output_text.toPlainText() == BODY[:16_000]
        assert pager.position.text() == label(1, 16_000, 50_000)
        # the display line still follows the output body directly (S70-18); the pager is under both
        layout = row.details.layout()
        assert layout is not None
        items = [layout.itemAt(i) for i in range(layout.count())]
        order = [item.widget() if item is not None else None for item in items]
        assert order.index(row.display_line) == order.index(row.output_text) + 1
        assert order.index(pager) == order.index(row.display_line) + 1
        assert order.index(row.input_pager) == order.index(row.input_text) + 1
    finally:
        store.close()


@pytest.mark.asyncio
async def test_the_store_copy_is_paged_not_the_model_view(qtbot: QtBot, tmp_path: Path) -> None:
    """The model read a shortened view (spill): the panel pages through the whole stored result."""
    view = BODY[:100] + "\n[cut]\n" + BODY[-100:]
    store = stored_call(tmp_path / "data", model_view=view)
    try:
        panel = ToolPanel(pages=StorePages(store))
        qtbot.addWidget(panel)
        row = open_row(panel, *events(body=view))
        await settled(row)
        assert row.output_text.toPlainText() == BODY[:16_000]
        assert row.output_pager.position.text() == label(1, 16_000, 50_000)
    finally:
        store.close()


@pytest.mark.asyncio
async def test_short_output_has_no_pager(qtbot: QtBot, tmp_path: Path) -> None:
    store = stored_call(tmp_path / "data", "short")
    try:
        panel = ToolPanel(pages=StorePages(store))
        qtbot.addWidget(panel)
        row = open_row(panel, *events(body="short"))
        await settled(row)
        assert row.output_text.toPlainText() == "short"
        assert not row.output_pager.isVisibleTo(row) and not row.input_pager.isVisibleTo(row)
    finally:
        store.close()


@pytest.mark.asyncio
async def test_long_input_pages_from_the_store(qtbot: QtBot, tmp_path: Path) -> None:
    args = {"text": "漢😀" * 10_000}
    whole = '{\n  "text": "' + "漢😀" * 10_000 + '"\n}'
    store = stored_call(tmp_path / "data", "short", args=args)
    try:
        panel = ToolPanel(pages=StorePages(store))
        qtbot.addWidget(panel)
        row = open_row(panel, *events(body="short", args=args))
        await settled(row, "input")
        pager = row.input_pager
        assert row.input_text.toPlainText() == whole[:PAGE_CHARS]
        assert pager.position.text() == label(1, 16_000, len(whole))
        pager.next_button.click()
        await settled(row, "input")
        assert row.input_text.toPlainText() == whole[PAGE_CHARS:]
        assert pager.position.text() == label(16_001, len(whole), len(whole))
    finally:
        store.close()


@pytest.mark.asyncio
async def test_corrupt_blob_shows_the_note(qtbot: QtBot, tmp_path: Path, event_log: Path) -> None:
    store = stored_call(tmp_path / "data")
    try:
        rec = store.completion("t1", "c1")
        assert rec is not None
        path = store.blobs.path(rec.result_sha256)
        raw = bytearray(path.read_bytes())
        raw[20_000] ^= 0x01
        path.write_bytes(bytes(raw))
        panel = ToolPanel(pages=StorePages(store))
        qtbot.addWidget(panel)
        row = open_row(panel, *events())
        await settled(row)
        pager = row.output_pager
        assert pager.reason == CORRUPT
        assert pager.note.text() == (
            "The stored copy of this text is damaged: only what is shown here is available."
        )
        assert pager.isVisibleTo(row) and pager.note.isVisibleTo(row)
        assert not pager.next_button.isVisibleTo(row)
        assert row.output_text.toPlainText() == BODY[:16_000]  # the first 16,000 stay shown
        assert any(
            line.startswith("store corrupt: ") and f"blob={rec.result_sha256[:16]}" in line
            for line in log_lines(event_log)
        )
    finally:
        store.close()


@pytest.mark.asyncio
async def test_without_a_store_the_pager_says_so(qtbot: QtBot) -> None:
    panel = ToolPanel()
    qtbot.addWidget(panel)
    row = open_row(panel, *events())
    pager = row.output_pager
    assert pager.note.text() == "The store is not open: only the first 16,000 characters are shown."
    assert pager.isVisibleTo(row) and not pager.position.isVisibleTo(row)
    assert row.output_text.toPlainText() == BODY[:16_000]


@pytest.mark.asyncio
async def test_missing_record_says_so(qtbot: QtBot, tmp_path: Path) -> None:
    store = stored_call(tmp_path / "data")
    try:
        panel = ToolPanel(pages=StorePages(store))
        qtbot.addWidget(panel)
        row = open_row(panel, *events(call="elsewhere"))
        await settled(row)
        assert row.output_pager.note.text() == (
            "This call was not found in the store: only the first 16,000 characters are shown."
        )
        assert row.output_text.toPlainText() == BODY[:16_000]
    finally:
        store.close()


@pytest.fixture
def translations(qapp: QApplication) -> Iterator[Translations]:
    tr = Translations(qapp)
    yield tr
    tr.uninstall()


@pytest.mark.asyncio
async def test_pager_texts_are_translated(qtbot: QtBot, tmp_path: Path, translations: Translations) -> None:
    store = stored_call(tmp_path / "data")
    try:
        panel = ToolPanel(pages=StorePages(store))
        qtbot.addWidget(panel)
        row = open_row(panel, *events())
        await settled(row)
        assert translations.set_language("ja")
        pager = row.output_pager
        assert pager.position.text() == "全 50,000 文字中 1–16,000 文字目"
        assert [b.text() for b in pager.buttons] == ["最初", "前へ", "次へ", "最後"]
        assert translations.set_language("zh")
        assert pager.position.text() == "第 1–16,000 个字符，共 50,000 个"
        assert [b.text() for b in pager.buttons] == ["首页", "上一页", "下一页", "末页"]
        bare = ToolPanel()
        qtbot.addWidget(bare)
        lone = open_row(bare, *events())
        assert lone.output_pager.note.text() == "存储未打开：仅显示前 16,000 个字符。"
    finally:
        translations.set_language("en")
        store.close()


# ----------------------------------------------------------------------------- the window
class LongTool(AgentTool):
    name = NAME
    description = "a long text"
    input_schema: dict[str, Any] = {"type": "object"}  # noqa: RUF012

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        return ToolReturn.ok(BODY)


@pytest.mark.asyncio
async def test_live_turn_and_reopened_history_page_from_the_store(qtbot: QtBot, tmp_path: Path) -> None:
    script: list[str | ToolCall] = [ToolCall("c1", NAME, {"q": 1}), "Read."]
    store = Store.open(tmp_path / "data")
    village = Village(
        window_config(tmp_path),
        journal=SqliteJournal(store),
        backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model, script),
    )
    village.add_tools("a1", [LongTool()])
    win = MainWindow(village, KeyStore(), history=StoreHistory(store))
    qtbot.addWidget(win)
    win.show()
    try:
        await win.send_text("a1", "read").wait()
        row = win.panels["a1"].rows["c1"]
        turn_id = row.started.turn_id
        assert store.completion(turn_id, "c1") is not None
        row.set_expanded(True)
        await settled(row)
        assert row.output_text.toPlainText() == BODY[:16_000]
        assert row.output_pager.position.text() == label(1, 16_000, 50_000)
        row.output_pager.next_button.click()
        await settled(row)
        assert row.output_text.toPlainText() == BODY[16_000:32_000]
        assert row.output_pager.position.text() == label(16_001, 32_000, 50_000)
    finally:
        await village.close()
        store.close()

    store = Store.open(tmp_path / "data")  # reopened: the rows are rebuilt from the store
    village = Village(
        window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model)
    )
    win = MainWindow(village, KeyStore(), history=StoreHistory(store))
    qtbot.addWidget(win)
    try:
        row = win.panels["a1"].rows["c1"]
        assert row.started.turn_id == turn_id
        row.set_expanded(True)
        await settled(row)
        assert row.output_pager.position.text() == label(1, 16_000, 50_000)
        row.output_pager.last_button.click()
        await settled(row)
        assert row.output_text.toPlainText() == BODY[48_000:]
        assert row.output_pager.position.text() == label(48_001, 50_000, 50_000)
    finally:
        await village.close()
        store.close()


class Recording(StorePages):
    """The store reader, noting the thread of each read."""

    def __init__(self, store: Store, slow: int = -1) -> None:
        super().__init__(store)
        self.slow = slow  # this page index is read only once ``release`` is set
        self.release = threading.Event()
        self.threads: list[bool] = []  # True: read on the main (GUI) thread

    def page(self, turn_id: str, call_id: str, part: str, index: int) -> Page:
        self.threads.append(threading.current_thread() is threading.main_thread())
        if index == self.slow:
            self.release.wait(10)
        return super().page(turn_id, call_id, part, index)


@pytest.mark.asyncio
async def test_pages_are_read_off_the_gui_thread_and_the_newest_wins(qtbot: QtBot, tmp_path: Path) -> None:
    store = stored_call(tmp_path / "data")
    source = Recording(store, slow=1)
    try:
        panel = ToolPanel(pages=source)
        qtbot.addWidget(panel)
        row = open_row(panel, *events())
        await settled(row)
        pager = row.output_pager
        pager.go(1)
        pager.go(3)  # asked before the slow page 2 (index 1) arrived: only the newest is shown
        await settled(row)
        source.release.set()
        await until(lambda: not pager.background.tasks)  # page 2 has arrived now, and was dropped
        assert row.output_text.toPlainText() == BODY[48_000:]
        assert pager.position.text() == label(48_001, 50_000, 50_000)
        assert source.threads == [False, False, False]
    finally:
        source.release.set()
        store.close()


@pytest.mark.asyncio
async def test_app_runtime_pages_the_whole_result_the_model_read_shortened(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The app's own runtime (spill pipeline on): the model reads a shortened view, the panel
    pages through all 50,000 stored characters."""
    rt = make_runtime(window_config(tmp_path), KeyStore(), store_dir=tmp_path / "data")
    assert isinstance(rt.village, Village) and rt.store is not None
    script: list[str | ToolCall] = [ToolCall("c1", NAME, {"q": 1}), "Read."]
    rt.village._backend_factory = lambda t: ScriptedBackend.looping(t.protocol, t.model, script)
    rt.village.add_tools("a1", [LongTool()])
    win = MainWindow(rt.village, KeyStore(), history=rt.history)
    qtbot.addWidget(win)
    try:
        await win.send_text("a1", "read").wait()
        row = win.panels["a1"].rows["c1"]
        assert row.finished is not None and row.finished.body != BODY  # the model's view was cut
        row.set_expanded(True)
        await settled(row)
        assert row.output_text.toPlainText() == BODY[:16_000]
        assert row.output_pager.position.text() == label(1, 16_000, 50_000)
        row.output_pager.last_button.click()
        await settled(row)
        assert row.output_text.toPlainText() == BODY[48_000:]
    finally:
        await rt.village.close()
        rt.store.close()
