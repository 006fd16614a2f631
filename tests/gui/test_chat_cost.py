"""What a live-view turn costs the chat column (issue 14), counted, not timed: layout passes of
the column per new row and per streamed answer, text layouts per pass, the rows repainted, the
busy line's repaint, a decoded picture's repaint (scaled in a worker when drawn narrower), the widgets a long session keeps, and Qt's GUI
thread pool off."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app.widgets.chat import ChatView
from app.widgets.picture import fit, scaled_to
from app.widgets.rows import LIVE_ROWS
from app.widgets.wrap_label import WrapLabel
from core.canonical import ImageData
from core.events import TurnFinished, TurnStarted
from core.stops import Stop
from tests.fakes.images import jpeg
from tests.fakes.qt_watch import AppFilter, settle


class Watch(AppFilter):
    """Counts the column's layout passes and, per widget, the paints and their area."""

    def __init__(self, chat: ChatView) -> None:
        super().__init__()
        self.chat = chat
        self.passes = 0
        self.painted: Counter[str] = Counter()
        self.rects: list[tuple[str, QRect]] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.LayoutRequest and watched is self.chat.inner:
            self.passes += 1
        elif kind == QEvent.Type.Paint and isinstance(watched, QWidget):
            name = type(watched).__name__
            self.painted[name] += 1
            self.rects.extend((name, rect) for rect in event.region())  # type: ignore[attr-defined]
        return False

    def clear(self) -> None:
        self.passes = 0
        self.painted.clear()
        self.rects.clear()

    def inner_area(self) -> int:
        """Pixels of the column repainted (its background under every repainted row)."""
        return sum(r.width() * r.height() for name, r in self.rects if name == "Column")


def shown_chat(qtbot: QtBot) -> ChatView:
    chat = ChatView()
    qtbot.addWidget(chat)
    chat.resize(500, 600)
    chat.show()
    return chat


async def full_chat(qtbot: QtBot) -> ChatView:
    chat = shown_chat(qtbot)
    for i in range(LIVE_ROWS + 1):  # "Show earlier" is shown
        chat.add_bubble(
            "user" if i % 2 else "assistant", f"An answer that wraps over a line or two, row {i}."
        )
    await settle()
    return chat


@pytest.mark.asyncio
async def test_a_new_row_lays_the_chat_out_once_and_repaints_it_once(qtbot: QtBot) -> None:
    chat = await full_chat(qtbot)
    watch = Watch(chat)
    area = chat.viewport().width() * chat.viewport().height()
    for i in range(3):
        watch.clear()
        chat.add_bubble("user", f"look {i}")  # the oldest row leaves, the view follows the end
        await settle()
        assert watch.passes == 1
        assert watch.inner_area() <= area * 1.2  # the view once (not once moved and once scrolled)
    watch.stop()


@pytest.mark.asyncio
async def test_a_streamed_answer_lays_the_chat_out_at_most_twice(qtbot: QtBot) -> None:
    chat = await full_chat(qtbot)
    watch = Watch(chat)
    for part in ["A red cup ", "and two ", "blue bowls, ", "frame 7."]:
        chat.delta("t1", part)
    chat.message("t1", "A red cup and two blue bowls, frame 7.")
    await settle(12)  # the streamed render's timer too
    assert chat.bubbles[-1].text == "A red cup and two blue bowls, frame 7."
    assert 1 <= watch.passes <= 2
    watch.stop()


@pytest.mark.asyncio
async def test_a_streamed_answer_starts_with_its_first_words(qtbot: QtBot) -> None:
    chat = await full_chat(qtbot)
    watch = Watch(chat)
    chat.delta("t1", "A red cup ")  # the model's first words; the rest comes later
    bubble = chat.bubbles[-1]
    assert bubble.markdown is not None and bubble.markdown.blocks  # shown with its bubble
    await settle(8)  # past the stream's render timer
    assert watch.passes == 1  # not once empty, then again for its first words
    watch.stop()


@pytest.mark.asyncio
async def test_a_pass_lays_out_only_the_texts_that_changed(qtbot: QtBot) -> None:
    chat = await full_chat(qtbot)
    labels = chat.inner.findChildren(WrapLabel)
    assert len(labels) >= LIVE_ROWS
    before = sum(label.layouts for label in labels)
    for i in range(5):
        chat.bubbles[-2].set_text(f"Changed text {i}, long enough to wrap over a line or two.")
        await settle(2)
    spent = sum(label.layouts for label in labels) - before
    # the changed text at the few widths its row asks for; not every row's text per pass
    assert spent <= 5 * 10 < 5 * LIVE_ROWS


def test_a_wrapped_label_lays_its_text_out_again_when_it_changes(qtbot: QtBot) -> None:
    label = WrapLabel("one two three four five six seven eight nine ten")
    qtbot.addWidget(label)
    first = label.heightForWidth(40)
    assert label.heightForWidth(40) == first and label.layouts == 1
    label.setText("one")
    one = label.heightForWidth(40)
    assert one < first and label.layouts == 2
    font = label.font()
    font.setPointSize(font.pointSize() * 3)
    label.setFont(font)
    assert label.heightForWidth(40) > one and label.layouts == 3


@pytest.mark.asyncio
async def test_a_turn_starting_and_ending_moves_no_row(qtbot: QtBot) -> None:
    chat = await full_chat(qtbot)
    chat.turn_started(TurnStarted("a", "t9", "", "b", "m", resumed=True))  # a note row, busy on
    await settle()
    rows = [e.row for e in chat.rows.live()]
    places = [r.geometry() for r in rows if r is not None]
    end = chat.verticalScrollBar().maximum()
    watch = Watch(chat)
    chat.turn_finished(TurnFinished("a", "t9", "", Stop.NONE))  # busy off
    await settle()
    assert [r.geometry() for r in rows if r is not None] == places
    assert chat.verticalScrollBar().maximum() == end  # nor the column's height: no scroll either
    assert watch.passes <= 1 and watch.inner_area() <= chat.typing.width() * chat.typing.height()
    watch.stop()


@pytest.mark.asyncio
async def test_the_spinner_repaints_its_own_square_only(qtbot: QtBot) -> None:
    chat = await full_chat(qtbot)
    chat.set_busy(True)
    await settle()
    watch = Watch(chat)
    for _ in range(3):
        chat.typing.spinner.step()
        await settle(2)
    side = chat.typing.spinner.width() * chat.typing.spinner.height()
    assert watch.painted["Spinner"] >= 1
    assert all(r.width() * r.height() <= side for _, r in watch.rects)
    assert watch.passes == 0
    chat.set_busy(False)
    watch.stop()


@pytest.mark.asyncio
async def test_the_chat_keeps_as_many_widgets_after_300_turns_as_after_30(qtbot: QtBot) -> None:
    chat = shown_chat(qtbot)
    image = jpeg(64, 48)

    def turn(i: int) -> None:
        chat.turn_started(TurnStarted("a", f"t{i}", f"look {i}", "b", "m"))
        chat.add_images([ImageData("image/jpeg", image + i.to_bytes(4, "big"), 64, 48)], "cam")
        chat.delta(f"t{i}", f"frame {i}")
        chat.message(f"t{i}", f"A red cup, frame {i}.")
        chat.turn_finished(TurnFinished("a", f"t{i}", "", Stop.NONE))

    def widgets() -> int:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        return len(chat.findChildren(QWidget))

    for i in range(30):
        turn(i)
    await settle()
    after_30 = widgets()
    for i in range(30, 300):
        turn(i)
    await settle()
    assert widgets() == after_30
    assert len(chat.rows.live()) == LIVE_ROWS and len(chat.entries) == 900


@pytest.mark.asyncio
async def test_a_picture_decoded_after_its_row_is_shown_moves_no_row(qtbot: QtBot) -> None:
    chat = await full_chat(qtbot)
    (preview,) = chat.add_images([ImageData("image/jpeg", jpeg(640, 424), 640, 424)], "cam")
    await settle()
    picture = preview.picture
    assert preview.image is None  # its box, before the decode (the chat narrower than 480 pixels)
    assert picture.height() == picture.width() * 424 // 640 > 250
    rows = [e.row for e in chat.rows.live()]
    places = [r.geometry() for r in rows if r is not None]
    end = chat.verticalScrollBar().maximum()
    watch = Watch(chat)
    await preview.load()
    await settle()
    assert picture.pixmap().width() == 480
    assert [r.geometry() for r in rows if r is not None] == places
    assert chat.verticalScrollBar().maximum() == end  # the column kept its height: no scroll
    box = preview.width() * preview.height()
    assert watch.painted["Picture"] >= 1 and watch.inner_area() <= box  # the preview, not the view
    watch.stop()


@pytest.mark.asyncio
async def test_a_picture_drawn_narrower_than_decoded_is_scaled_in_a_worker_not_in_a_paint(
    qtbot: QtBot,
) -> None:
    chat = await full_chat(qtbot)
    (preview,) = chat.add_images([ImageData("image/jpeg", jpeg(640, 424), 640, 424)], "cam")
    await settle()
    picture = preview.picture
    box = picture.contentsRect().size()
    assert box.width() < 480  # the chat is narrower than the decoded preview
    await preview.load()
    await settle()
    assert preview.image is not None and preview.image.width() == 480
    shown = picture.grab().toImage()
    assert picture.scaled == 0  # painted, and not scaled on the GUI thread
    target = fit(preview.image.size(), box.width(), box.height())  # the aspect kept within the box
    expected = scaled_to(preview.image, target, 1.0)
    rgb = QImage.Format.Format_RGB32
    drawn = shown.copy(0, 0, target.width(), target.height()).convertToFormat(rgb)
    assert drawn == expected.convertToFormat(rgb)  # the same pixels a paint would have made
    chat.resize(420, 600)  # narrower still: the paint scales it once for its new size
    await settle()
    picture.grab()
    assert picture.scaled == 1 and picture.contentsRect().width() < box.width()


def test_qt_gui_thread_pool_is_off_unless_the_person_set_it() -> None:
    code = "import os, app; print(os.environ['QT_NO_GUI_THREADPOOL'])"
    env = {k: v for k, v in os.environ.items() if k != "QT_NO_GUI_THREADPOOL"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"
    env["QT_NO_GUI_THREADPOOL"] = ""
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
