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
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QApplication, QMainWindow
from pytestqt.qtbot import QtBot

import app.widgets.preview as preview_module
from app.style import style_sheet
from app.widgets.chat import ChatView
from core.canonical import ImageData
from core.events import TurnFailed
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
    assert chat.spare["user"][1] is first and not first.isVisible()
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
    assert "error" not in chat.spare
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
    assert chat.spare["preview"][1] is preview and preview.image is None
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
    assert chat.spare["preview"][1] is preview
    await asyncio.sleep(0.05)
    assert preview.image is None and preview.picture.pixmap().isNull()
