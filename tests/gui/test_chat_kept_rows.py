"""A row that leaves the chat's view serves the next row of its kind (issue 14, window part): a
bubble per role and a preview are kept hidden instead of built, polished and freed per turn. A kept
row shows only its new entry: the new text (and what Copy copies), the new picture, never the last
one's late decode; a failed turn's bubble (its buttons) is never kept. The chat column paints the
style sheet's pane colour itself (opaque), so a scroll moves its pixels."""

from __future__ import annotations

import asyncio
import re
import threading

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget
from pytestqt.qtbot import QtBot

import app.widgets.preview as preview_module
from app.style import style_sheet
from app.widgets.chat import ChatView
from app.widgets.toolpanel import ToolPanel
from core.canonical import ImageData
from core.events import ToolStarted, TurnFailed
from tests.fakes.images import jpeg
from tests.fakes.waits import until


def small_chat(qtbot: QtBot) -> ChatView:
    chat = ChatView(live_rows=2)
    qtbot.addWidget(chat)
    chat.resize(500, 400)
    chat.show()
    return chat


def test_a_bubble_that_left_the_view_shows_the_next_of_its_role(qtbot: QtBot) -> None:
    chat = small_chat(qtbot)
    chat.add_bubble("user", "first question")
    (first,) = chat.bubbles
    first.copy_button.copy()  # type: ignore[union-attr]  # says "Copied" for a moment
    chat.add_bubble("assistant", "first answer")
    chat.add_bubble("assistant", "second answer")  # the first question leaves the view
    assert chat.kept_bubbles["user"][1] is first and not first.isVisible()
    assert chat.add_bubble("user", "second question") is first  # the kept bubble, not a new one
    assert [b.text for b in chat.bubbles] == ["second answer", "second question"]
    assert first.label is not None and first.label.text() == "second question"
    assert first.isVisible() and first.copy_button is not None
    assert first.copy_button.text() == "Copy"  # not the last message's "Copied"
    first.copy_button.copy()
    assert QGuiApplication.clipboard().text() == "second question"
    assert [e.text for e in chat.entries] == [
        "first question",
        "first answer",
        "second answer",
        "second question",
    ]  # the entries keep their own texts
    assert chat.entries[0].widget is None


def test_a_failed_turns_bubble_is_never_kept(qtbot: QtBot) -> None:
    chat = small_chat(qtbot)
    chat.requests["t1"] = "look"
    chat.turn_failed(TurnFailed("a", "t1", "bad_request", "no"))
    (failed,) = chat.bubbles
    assert failed.retry_button is not None
    chat.add_bubble("error", "a plain error note")
    chat.add_bubble("user", "again")  # the failed turn's bubble leaves the view
    assert "error" not in chat.kept_bubbles
    fresh = chat.add_bubble("error", "another note")
    assert fresh is not failed and fresh is not None and fresh.retry_button is None


@pytest.mark.asyncio
async def test_a_kept_preview_shows_the_next_picture_never_the_last_ones_late_decode(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = preview_module.decode_scaled
    slow = threading.Event()

    def decode_scaled(data: bytes, *args: object) -> QImage:
        if len(data) == len(late):  # the first picture's decode lands after the row was kept
            slow.wait(5)
        return real(data, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(preview_module, "decode_scaled", decode_scaled)
    late, new = jpeg(640, 424), jpeg(320, 240)
    chat = small_chat(qtbot)
    (preview,) = chat.add_images([ImageData("image/jpeg", late, 640, 424)], "cam 1")
    decoding = preview.load()
    chat.add_bubble("assistant", "one")
    chat.add_bubble("assistant", "two")  # the picture leaves the view while it decodes
    assert chat.kept_preview is not None and chat.kept_preview[1] is preview and preview.image is None
    assert chat.add_images([ImageData("image/jpeg", new, 320, 240)], "cam 2") == [preview]
    await preview.load()
    slow.set()
    assert decoding is not None
    with pytest.raises(asyncio.CancelledError):
        await decoding
    await asyncio.sleep(0.05)
    assert preview.image is not None and preview.image.width() == 320
    assert preview.picture.pixmap().width() == 320 and preview.caption.text() == "cam 2"
    assert preview.data.data == new and preview.save_button.isEnabled()


@pytest.mark.asyncio
async def test_the_chat_column_paints_the_pane_colour_under_the_style_sheet(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    chat = ChatView()
    window.setCentralWidget(chat)
    sheet = style_sheet(QApplication.palette(window))
    window.setStyleSheet(sheet)
    window.resize(400, 300)
    window.show()
    await until(lambda: chat.viewport().isVisible())
    pane = re.search(r"QWidget#chatInner, QWidget#toolPanelInner \{ background: (#[0-9a-f]{6})", sheet)
    assert pane is not None
    assert chat.inner.autoFillBackground()  # opaque: a scroll moves its pixels
    shot = chat.viewport().grab().toImage()
    assert shot.pixelColor(200, 150).name() == pane.group(1)
    window.setStyleSheet(sheet.replace(pane.group(1), "#123456"))  # restyled: still its own pane
    await asyncio.sleep(0.02)
    assert chat.viewport().grab().toImage().pixelColor(200, 150).name() == "#123456"


@pytest.mark.asyncio
async def test_a_decode_done_but_not_yet_delivered_never_reaches_a_kept_preview(qtbot: QtBot) -> None:
    chat = small_chat(qtbot)
    (preview,) = chat.add_images([ImageData("image/jpeg", jpeg(640, 424), 640, 424)], "cam 1")
    task = preview.load()
    assert task is not None
    while not task.done():  # noqa: ASYNC110 - until the decode has finished, its callback queued
        await asyncio.sleep(0)
    chat.add_bubble("assistant", "one")
    chat.add_bubble("assistant", "two")  # the picture leaves the view now
    assert chat.kept_preview is not None and chat.kept_preview[1] is preview
    await asyncio.sleep(0.05)
    assert preview.image is None and preview.picture.pixmap().isNull()


def test_a_failed_turn_never_takes_a_kept_bubble(qtbot: QtBot) -> None:
    chat = small_chat(qtbot)
    chat.requests["t1"] = "look"
    plain = chat.add_bubble("error", "a plain error note")
    chat.add_bubble("user", "one")
    chat.add_bubble("user", "two")  # the plain note leaves the view, kept
    assert chat.kept_bubbles["error"][1] is plain
    chat.turn_failed(TurnFailed("a", "t1", "bad_request", "no"))
    failed = chat.bubbles[-1]
    assert failed is not plain and failed.retry_button is not None  # its Retry, on a bubble of its own
    assert failed.text == "The turn failed (bad_request): no"
    assert chat.kept_bubbles["error"][1] is plain  # still kept, for the next plain note


@pytest.mark.asyncio
async def test_a_kept_preview_shows_the_next_picture_loading_in_its_final_box(qtbot: QtBot) -> None:
    chat = small_chat(qtbot)
    (preview,) = chat.add_images([ImageData("image/jpeg", jpeg(640, 424), 640, 424)], "cam 1")
    await preview.load()
    assert preview.save_button.isEnabled() and preview.copy_button.isEnabled()
    chat.add_bubble("assistant", "one")
    chat.add_bubble("assistant", "two")  # the picture leaves the view, kept
    assert chat.add_images([ImageData("image/jpeg", jpeg(320, 240), 320, 240)], "cam 2") == [preview]
    picture = preview.picture
    assert not preview.save_button.isEnabled() and not preview.copy_button.isEnabled()  # nothing to save yet
    assert picture.text() == "Loading image…" and picture.pixmap().isNull()
    assert picture.sizeHint() == QSize(320, 240)  # the new picture's box, not the last one's
    await asyncio.sleep(0.05)  # the column laid out with the row in it
    assert picture.height() == 240
    loading = picture.grab().toImage()
    assert len({loading.pixel(x, 120) for x in range(loading.width())}) > 1  # the text, drawn in its box
    row = chat.entries[-1].row
    assert row is not None
    height = row.height()
    await preview.load()
    await asyncio.sleep(0.02)
    assert picture.pixmap().size() == QSize(320, 240) and row.height() == height  # the picture moved no row


def test_a_kept_preview_showing_a_picture_of_unknown_size_has_room_for_its_text(qtbot: QtBot) -> None:
    chat = small_chat(qtbot)
    (preview,) = chat.add_images([ImageData("image/jpeg", jpeg(640, 424), 640, 424)], "cam 1")
    chat.add_bubble("assistant", "one")
    chat.add_bubble("assistant", "two")
    assert chat.add_images([ImageData("image/jpeg", jpeg(320, 240), 0, 0)], "cam 2") == [preview]
    assert preview.picture.minimumSize() == QSize(120, 80)
    assert not preview.picture.sizePolicy().hasHeightForWidth()  # a text's size, not a picture's box
    assert preview.picture.sizeHint() != QSize(480, 318)  # not the last picture's box
    chat.add_bubble("assistant", "three")
    chat.add_bubble("assistant", "four")  # kept again before its picture decoded
    assert chat.add_images([ImageData("image/jpeg", jpeg(320, 240), 320, 240)], "cam 3") == [preview]
    assert preview.picture.minimumSize() == QSize(0, 0)  # the text's room no longer held
    assert preview.picture.sizeHint() == QSize(320, 240)


@pytest.mark.asyncio
async def test_a_bubble_kept_while_its_stream_renders_renders_nothing_more(qtbot: QtBot) -> None:
    chat = small_chat(qtbot)
    chat.delta("t1", "Hel")
    (bubble,) = chat.bubbles
    assert bubble.markdown is not None
    renders: list[str] = []
    bubble.markdown.set_markdown = renders.append  # type: ignore[assignment, method-assign]
    chat.delta("t1", "lo")  # rendered within STREAM_MS
    chat.add_bubble("user", "one")
    chat.add_bubble("user", "two")  # the streamed bubble leaves the view first
    assert chat.kept_bubbles["assistant"][1] is bubble
    await asyncio.sleep(0.25)
    assert renders == []  # hidden and kept: no render of the old text
    assert chat.entries[0].text == "Hello"


async def focused(widget: QWidget) -> None:
    widget.window().activateWindow()
    widget.setFocus()
    await until(lambda: QApplication.focusWidget() is widget)


@pytest.mark.asyncio
async def test_a_focused_bubble_that_is_kept_takes_the_focus_out_with_it(qtbot: QtBot) -> None:
    chat = small_chat(qtbot)
    first = chat.add_bubble("user", "first")
    chat.add_bubble("user", "second")
    assert first is not None and first.copy_button is not None
    await focused(first.copy_button)
    chat.add_bubble("assistant", "third")  # the focused bubble leaves the view, kept
    assert chat.kept_bubbles["user"][1] is first
    assert QApplication.focusWidget() is None  # not moved on to a shown row, which would scroll to it


@pytest.mark.asyncio
async def test_a_focused_tool_row_that_is_kept_takes_the_focus_out_with_it(qtbot: QtBot) -> None:
    panel = ToolPanel(live_rows=2)
    qtbot.addWidget(panel)
    panel.resize(400, 300)
    panel.show()
    for i in range(2):
        panel.add_started(ToolStarted("a", "t", f"c{i}", 1, "cam__x", {}))
    first = panel.rows["c0"]
    await focused(first.toggle)
    panel.add_started(ToolStarted("a", "t", "c2", 1, "cam__x", {}))  # the focused row leaves the view
    assert panel.spare == [first]
    assert QApplication.focusWidget() is None


@pytest.mark.asyncio
async def test_a_new_load_replaces_one_under_way(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    real = preview_module.decode_scaled
    first = threading.Event()
    calls: list[float] = []

    def decode_scaled(data: bytes, width: int, height: int, ratio: float = 1.0) -> QImage:
        calls.append(ratio)
        if len(calls) == 1:  # the first load (an earlier screen scale) is held back in its worker
            first.wait(5)
        return real(data, width, height, ratio)

    monkeypatch.setattr(preview_module, "decode_scaled", decode_scaled)
    chat = small_chat(qtbot)
    (preview,) = chat.add_images([ImageData("image/jpeg", jpeg(320, 240), 320, 240)], "cam")
    old = preview.load()
    new = preview.load()  # e.g. moved to a screen of another scale
    assert old is not None and new is not None
    await new
    shown = preview.image
    first.set()
    with pytest.raises(asyncio.CancelledError):
        await old
    await asyncio.sleep(0.05)
    assert shown is not None and preview.image is shown  # the older decode never lands after it
