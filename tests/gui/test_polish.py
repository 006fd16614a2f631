"""Presentation of the main window's panes: where rows start, how big boxes are, what hugs what."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import keyring.backends.fail
import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPoint
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog
from app.style import style_sheet
from app.widgets.agents import COLUMN_PADDING, NO_TOKENS, AgentList
from app.widgets.chat import ChatView
from app.widgets.preview import ImagePreview
from app.widgets.toolpanel import MAX_TEXT_LINES, FitText, ToolPanel
from core.canonical import ImageData, Usage
from core.config import OFFLINE_DEMO
from core.events import ToolFinished, ToolStarted
from core.village import AgentState, AgentStatus
from tests.fakes.configs import settings_config
from tests.fakes.images import jpeg


@pytest.fixture(autouse=True)
def _style(qapp: QApplication) -> Iterator[None]:
    qapp.setStyleSheet(style_sheet(qapp.palette()))  # the window's style: margins and fonts as seen
    yield
    qapp.setStyleSheet("")  # not left to the tests run after these (their sizes are unstyled)


def settle() -> None:
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QApplication.processEvents()


def call(panel: ToolPanel, i: int, arguments: dict[str, object], body: str) -> None:
    panel.add_started(ToolStarted("a", "t", f"c{i}", 1, "cam__live_view_image", arguments))
    panel.add_finished(
        ToolFinished("a", "t", f"c{i}", 1, "cam__live_view_image", True, 41, body, "(1 image: JPEG 17 KB)")
    )


def top_in(widget: QWidget, ancestor: QWidget) -> int:
    return widget.mapTo(ancestor, QPoint(0, 0)).y()


# ---------------------------------------------------------------------------------------- tool panel
def test_first_tool_row_starts_at_the_top(qtbot: QtBot) -> None:
    panel = ToolPanel()
    qtbot.addWidget(panel)
    panel.resize(360, 600)
    panel.show()
    call(panel, 0, {}, "{}")
    settle()
    row = panel.rows["c0"]
    assert row.isVisible()
    assert top_in(row, panel.viewport()) <= 8  # the rows_layout margin, not the panel's height
    call(panel, 1, {}, "{}")
    settle()
    below = panel.rows["c1"]
    assert (
        top_in(below, panel.viewport()) == top_in(row, panel.viewport()) + row.height() + 4
    )  # grows downward


def test_tool_panel_follows_the_newest_row(qtbot: QtBot) -> None:
    panel = ToolPanel()
    qtbot.addWidget(panel)
    panel.resize(360, 300)
    panel.show()
    for i in range(30):
        call(panel, i, {}, "{}")
    bar = panel.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum(), timeout=2000)
    settle()
    assert bar.value() == bar.maximum()
    newest = panel.rows["c29"]
    bottom = top_in(newest, panel.viewport()) + newest.height()
    assert panel.viewport().height() - 12 <= bottom <= panel.viewport().height()
    assert panel.earlier_button.isVisibleTo(panel)  # the bounded window still collapses old rows
    assert top_in(panel.earlier_button, panel.inner) < top_in(panel.rows["c6"], panel.inner)


def box_height(box: FitText, lines: int) -> int:
    margin = int(box.document().documentMargin())
    return lines * box.fontMetrics().lineSpacing() + 2 * margin + 2 * box.frameWidth()


def fits(box: FitText, lines: int) -> bool:
    """All of the text shows (nothing to scroll) in a box at most a few pixels taller than it."""
    return (
        box.verticalScrollBar().maximum() == 0
        and box_height(box, lines) <= box.height() <= box_height(box, lines) + 6
    )


def test_input_and_output_boxes_fit_their_text_up_to_a_cap(qtbot: QtBot) -> None:
    panel = ToolPanel()
    qtbot.addWidget(panel)
    panel.resize(400, 700)
    panel.show()
    call(panel, 0, {}, "\n".join(f"line {n}" for n in range(40)))
    row = panel.rows["c0"]
    row.set_expanded(True)
    settle()
    assert row.input_text.toPlainText() == "{}"
    assert fits(row.input_text, 1), row.input_text.height()
    assert row.output_text.height() == box_height(row.output_text, MAX_TEXT_LINES)  # capped, scrolls
    assert row.output_text.verticalScrollBar().maximum() > 0
    call(panel, 1, {"quality": 80}, json.dumps({"seq": 1}))
    other = panel.rows["c1"]
    other.set_expanded(True)
    settle()
    assert fits(other.input_text, 3), other.input_text.height()  # {, "quality": 80, }
    assert fits(other.output_text, 1), other.output_text.height()
    layout = other.details.layout()
    assert layout is not None
    order = [item.widget() for i in range(layout.count()) if (item := layout.itemAt(i)) is not None]
    assert order.index(other.display_line) == order.index(other.output_text) + 1  # S70-18


def test_long_lines_wrap_and_the_box_grows(qtbot: QtBot) -> None:
    box = FitText("x" * 400)
    qtbot.addWidget(box)
    box.resize(300, 10)
    box.show()
    settle()
    tall = box.height()
    assert tall > box_height(box, 3)
    box.resize(600, box.height())
    settle()
    assert box.height() < tall  # fewer wrapped lines when wider


# ---------------------------------------------------------------------------------------- previews
CAPTION = "camera__live_view_image  (5 images: JPEG 17 KB, JPEG 18 KB, WebP 12 KB, PNG 140 KB, JPEG 19 KB)"


@pytest.mark.asyncio
async def test_preview_frame_hugs_the_picture(qtbot: QtBot) -> None:
    chat = ChatView()
    qtbot.addWidget(chat)
    chat.resize(900, 700)
    chat.show()
    (preview,) = chat.add_images(
        [ImageData("image/jpeg", jpeg(640, 424), 640, 424)],
        CAPTION,
    )
    await preview.load()
    settle()
    assert preview.picture.pixmap().width() == 480
    assert preview.picture.width() == 480
    assert preview.width() <= 480 + 2 * 8 + 2  # the picture, the layout margins, the border
    # the caption, then the buttons, under the picture
    assert top_in(preview.caption, preview) >= top_in(preview.picture, preview) + preview.picture.height()
    assert top_in(preview.save_button, preview) >= top_in(preview.caption, preview) + preview.caption.height()
    assert preview.copy_button.geometry().right() <= preview.picture.geometry().right()
    assert (
        preview.caption.width() <= 480 and preview.caption.height() > preview.caption.fontMetrics().height()
    )


@pytest.mark.asyncio
async def test_preview_scales_down_in_a_narrow_chat(qtbot: QtBot) -> None:
    chat = ChatView()
    qtbot.addWidget(chat)
    chat.resize(330, 600)
    chat.show()
    (preview,) = chat.add_images([ImageData("image/jpeg", jpeg(640, 424), 640, 424)], "cam")
    await preview.load()
    settle()
    picture = preview.picture
    assert picture.pixmap().width() == 480  # the decoded preview is kept; it is drawn smaller
    assert picture.width() < 330
    assert abs(picture.height() - round(picture.width() * 424 / 640)) <= 1  # aspect kept
    shot = picture.grab().toImage()
    assert shot.pixelColor(picture.width() - 2, picture.height() // 2).red() > 150  # the red frame fills it


def test_preview_click_opens_full_size(qtbot: QtBot) -> None:
    preview = ImagePreview(ImageData("image/jpeg", jpeg(640, 424), 640, 424), "cam")
    qtbot.addWidget(preview)
    preview.set_image(QImage.fromData(jpeg(640, 424)).scaledToWidth(480))
    preview.picture.clicked.emit()
    assert preview.viewer is not None and preview.viewer.image_label.pixmap().width() == 640
    preview.viewer.close()


# ---------------------------------------------------------------------------------------- agents
def status(agent_id: str, template: str, backend: str, tokens: int = 0) -> AgentStatus:
    return AgentStatus(agent_id, "Ava", template, backend, AgentState.IDLE, Usage(tokens, 0))


def test_agent_columns_fit_their_texts(qtbot: QtBot) -> None:
    agents = AgentList()
    qtbot.addWidget(agents)
    agents.resize(300, 200)
    agents.show()
    agents.set_statuses([status("a1", "OpenAI (responses)", "openai-responses", 12_345)])
    header = agents.header()
    need = agents.fontMetrics().horizontalAdvance("OpenAI (responses)") + 2 * COLUMN_PADDING
    assert header.sectionSize(1) == need
    assert header.sectionSize(3) >= header.fontMetrics().horizontalAdvance("Tokens") + 2 * COLUMN_PADDING
    assert agents.row_texts("a1") == ["Ava", "OpenAI (responses)", "idle", "12,345"]
    total = sum(header.sectionSize(c) for c in range(4))
    assert total == agents.viewport().width()  # the name column takes the rest


def test_offline_demo_shows_no_tokens(qtbot: QtBot) -> None:
    agents = AgentList()
    qtbot.addWidget(agents)
    agents.set_statuses([status("a1", "Offline demo", OFFLINE_DEMO), status("a2", "Claude", "anthropic")])
    assert agents.row_texts("a1")[3] == NO_TOKENS == "—"
    assert agents.row_texts("a2")[3] == "0"


# ---------------------------------------------------------------------------------------- settings
def test_mcp_servers_line_up_with_the_other_fields(qtbot: QtBot, tmp_path: Path) -> None:
    dlg = SettingsDialog(
        settings_config(), KeyStore(keyring.backends.fail.Keyring()), path=tmp_path / "c.json"
    )
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.tabs.setCurrentIndex(1)
    dlg.agents_page.agent_list.setCurrentRow(0)
    settle()
    left = dlg.agents_page.a_name.mapTo(dlg, QPoint(0, 0)).x()
    assert dlg.agents_page.a_servers.mapTo(dlg, QPoint(0, 0)).x() == left
    assert dlg.agents_page.server_add.mapTo(dlg, QPoint(0, 0)).x() == left
    assert dlg.agents_page.a_servers.width() == dlg.agents_page.a_name.width()


@pytest.mark.asyncio
async def test_chat_stays_at_the_end_when_a_picture_arrives(qtbot: QtBot) -> None:
    chat = ChatView()
    qtbot.addWidget(chat)
    chat.resize(600, 400)
    chat.show()
    for i in range(8):
        chat.add_bubble("assistant", f"answer {i}")
    (preview,) = chat.add_images([ImageData("image/jpeg", jpeg(640, 424), 640, 424)], "cam")
    chat.add_bubble("assistant", "the last answer")
    bar = chat.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum(), timeout=2000)
    before = bar.maximum()
    assert before > 300  # the picture's box (318 pixels high) is there before it is decoded
    await preview.load()  # the picture is decoded later, into that box
    settle()
    assert bar.maximum() == before  # nothing moved
    assert bar.value() == bar.maximum()  # the last answer is still in view
    chat.bubbles[-1].set_text("the last answer\n" * 5)  # a row that grows keeps the view at the end
    settle()
    assert bar.maximum() > before and bar.value() == bar.maximum()
    bar.setValue(0)  # the reader scrolled up: a growing row does not pull the view down
    chat.bubbles[-1].set_text("the last answer\n" * 5)
    settle()
    assert bar.value() == 0
