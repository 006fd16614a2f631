"""The full-size picture viewer: fits the window and the screen, zooms (wheel around the cursor,
+/−, 1:1, Fit), pans when zoomed, closes on Esc, steps through the conversation's pictures in chat
order (history's included) with "3 / 12"."""

from __future__ import annotations

from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.launcher import Runtime, make_runtime
from app.main_window import MainWindow
from app.widgets.chat import ChatView
from app.widgets.viewer import PictureViewer
from app.widgets.zoom import ZOOM_STEP
from core.canonical import ImageData
from core.config import parse_config
from core.village import Village
from tests.fakes.images import jpeg
from tests.fakes.runtimes import stop
from tests.fakes.scripted import EchoTool, ScriptedBackend, call, reply

RED, GREEN, BLUE = (220, 30, 30), (30, 200, 30), (30, 30, 220)


def picture(colour: tuple[int, int, int], width: int = 320, height: int = 240) -> ImageData:
    return ImageData("image/jpeg", jpeg(width, height, colour), width, height)


def settle() -> None:
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QCoreApplication.processEvents()


def viewer_of(qtbot: QtBot, image: ImageData, own: bool = True, **kw: object) -> PictureViewer:
    viewer = PictureViewer(QImage.fromData(image.data), "cam__live_view_image", **kw)  # type: ignore[arg-type]
    if own:  # pytest-qt closes it after the test (a viewer closed by the test is deleted already)
        qtbot.addWidget(viewer)
    viewer.show()
    settle()
    return viewer


def colour_shown(viewer: PictureViewer) -> tuple[int, int, int]:
    c = QColor(viewer.canvas.pixmap().toImage().pixel(5, 5))
    return c.red() // 50, c.green() // 50, c.blue() // 50


def wheel(viewer: PictureViewer, at: QPoint, notches: int) -> None:
    port = viewer.area.viewport()
    event = QWheelEvent(
        QPointF(at),
        QPointF(port.mapToGlobal(at)),
        QPoint(0, 0),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(port, event)


def test_a_large_picture_fits_the_screen_and_the_window(qtbot: QtBot) -> None:
    viewer = viewer_of(qtbot, picture(RED, 3000, 2000))
    screen = QGuiApplication.primaryScreen().availableGeometry()
    assert screen.contains(viewer.frameGeometry()) or screen.contains(viewer.geometry())
    port = viewer.area.viewport().size()
    canvas = viewer.canvas.size()
    assert canvas.width() <= port.width() and canvas.height() <= port.height()
    assert canvas.width() == port.width() or canvas.height() == port.height()  # fitted, not just small
    assert viewer.zoom < 1 and viewer.zoom_label.text() == f"{round(viewer.zoom * 100)} %"
    assert viewer.image_label.pixmap().width() == 3000  # the full-size picture is kept
    viewer.resize(viewer.width() + 200, viewer.height())  # a larger window: the picture fits again
    settle()
    assert viewer.canvas.size().width() > canvas.width() or viewer.canvas.size().height() == port.height()


def test_a_small_picture_is_shown_at_one_to_one_centred(qtbot: QtBot) -> None:
    viewer = viewer_of(qtbot, picture(RED, 200, 100))
    assert viewer.zoom == 1.0 and viewer.canvas.size().width() == 200
    assert viewer.zoom_label.text() == "100 %"
    port = viewer.area.viewport().size()
    assert abs(viewer.canvas.x() - (port.width() - 200) // 2) <= 1  # centred


def test_keys_and_buttons_zoom_then_one_to_one_and_fit(qtbot: QtBot) -> None:
    viewer = viewer_of(qtbot, picture(RED, 400, 300))
    qtbot.keyClick(viewer, Qt.Key.Key_Plus)
    assert viewer.zoom == pytest.approx(ZOOM_STEP)
    viewer.zoom_in_button.click()
    assert viewer.zoom == pytest.approx(ZOOM_STEP**2) and viewer.zoom_label.text() == "156 %"
    assert viewer.canvas.width() == round(400 * ZOOM_STEP**2)
    qtbot.keyClick(viewer, Qt.Key.Key_Minus)
    viewer.zoom_out_button.click()
    assert viewer.zoom == pytest.approx(1.0)
    viewer.zoom_out_button.click()
    assert viewer.zoom == pytest.approx(1 / ZOOM_STEP)
    viewer.actual_button.click()
    assert viewer.zoom == 1.0
    qtbot.keyClick(viewer, Qt.Key.Key_Plus)
    qtbot.keyClick(viewer, Qt.Key.Key_1)
    assert viewer.zoom == 1.0
    qtbot.keyClick(viewer, Qt.Key.Key_Plus)
    viewer.fit_button.click()
    assert viewer.zoom == viewer.fit_zoom() == 1.0  # fit never enlarges past 1:1
    assert viewer.zoom_label.text() == "100 %"


def test_the_wheel_zooms_around_the_cursor_and_a_drag_pans(qtbot: QtBot) -> None:
    viewer = viewer_of(qtbot, picture(RED, 400, 300))
    viewer.zoom_by(4)  # 1600 × 1200 on screen: larger than the window
    settle()
    h, v = viewer.area.horizontalScrollBar(), viewer.area.verticalScrollBar()
    assert h.maximum() > 0 and v.maximum() > 0
    at = QPoint(100, 80)
    before = (h.value() + at.x()) / viewer.canvas.width(), (v.value() + at.y()) / viewer.canvas.height()
    wheel(viewer, at, 2)
    assert viewer.zoom == pytest.approx(4 * ZOOM_STEP**2)
    after = (h.value() + at.x()) / viewer.canvas.width(), (v.value() + at.y()) / viewer.canvas.height()
    assert after == pytest.approx(before, abs=0.003)  # the same image point stays under the cursor
    wheel(viewer, at, -1)
    assert viewer.zoom == pytest.approx(4 * ZOOM_STEP)
    assert viewer.canvas.cursor().shape() == Qt.CursorShape.OpenHandCursor
    start = (h.value(), v.value())
    qtbot.mousePress(viewer.canvas, Qt.MouseButton.LeftButton, pos=QPoint(300, 300))
    qtbot.mouseMove(viewer.canvas, QPoint(260, 270))
    qtbot.mouseRelease(viewer.canvas, Qt.MouseButton.LeftButton, pos=QPoint(260, 270))
    assert (h.value(), v.value()) == (start[0] + 40, start[1] + 30)  # the picture follows the hand


def test_escape_closes(qtbot: QtBot) -> None:
    viewer = viewer_of(qtbot, picture(RED), own=False)
    qtbot.keyClick(viewer, Qt.Key.Key_Escape)
    assert not viewer.isVisible()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not shiboken6.isValid(viewer)  # deleted on close


def test_left_and_right_step_through_the_chat_in_order(qtbot: QtBot) -> None:
    chat = ChatView(live_rows=3)
    qtbot.addWidget(chat)
    chat.add_images([picture(RED)], "first")
    chat.add_bubble("assistant", "between")
    chat.add_images([picture(GREEN), picture(BLUE)], "second")
    chat.add_bubble("assistant", "after")  # the red row is collapsed into "Show earlier" by now
    entries = chat.pictures()
    assert [e.caption for e in entries] == ["first", "second", "second"]
    viewer = viewer_of(qtbot, entries[1].image, gallery=chat.pictures, current=entries[1].image)  # type: ignore[arg-type]
    assert viewer.position.text() == "2 / 3"
    qtbot.keyClick(viewer, Qt.Key.Key_Right)
    assert (viewer.position.text(), colour_shown(viewer), viewer.windowTitle()) == (
        "3 / 3",
        (0, 0, 4),
        "second",
    )
    assert not viewer.next_button.isEnabled()
    qtbot.keyClick(viewer, Qt.Key.Key_Right)  # the last: it stays
    assert viewer.position.text() == "3 / 3"
    viewer.prev_button.click()
    qtbot.keyClick(viewer, Qt.Key.Key_Left)
    assert (viewer.position.text(), colour_shown(viewer), viewer.windowTitle()) == (
        "1 / 3",
        (4, 0, 0),
        "first",
    )
    assert not viewer.prev_button.isEnabled()
    chat.add_images([picture(GREEN)], "newest")  # arrives while the viewer is open
    qtbot.keyClick(viewer, Qt.Key.Key_End)
    assert viewer.position.text() == "4 / 4" and viewer.windowTitle() == "newest"
    qtbot.keyClick(viewer, Qt.Key.Key_Home)
    assert viewer.position.text() == "1 / 4" and colour_shown(viewer) == (4, 0, 0)


def test_a_double_click_toggles_one_to_one_and_fit(qtbot: QtBot) -> None:
    viewer = viewer_of(qtbot, picture(RED, 3000, 2000))
    fitted = viewer.zoom
    assert fitted < 1
    qtbot.mouseDClick(viewer.canvas, Qt.MouseButton.LeftButton, pos=QPoint(40, 30))
    assert viewer.zoom == 1.0 and not viewer.fitting
    qtbot.mouseDClick(viewer.canvas, Qt.MouseButton.LeftButton, pos=QPoint(40, 30))
    assert viewer.zoom == pytest.approx(fitted) and viewer.fitting


CFG = {
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x"}],
    "agents": [{"id": "agent_9", "template": "c"}],
}


def runtime(tmp_path: Path, backend: ScriptedBackend, stamp: str, colour: tuple[int, int, int]) -> Runtime:
    rt = make_runtime(parse_config(CFG, tmp_path / "village.json"), KeyStore(), store_dir=tmp_path / "data")
    assert isinstance(rt.village, Village)
    rt.village._stamp = stamp  # distinct turn ids for each start
    rt.village._backend_factory = lambda t: backend
    rt.village.add_tools("agent_9", [EchoTool("cam__live_view_image", "frame", images=[picture(colour)])])
    return rt


@pytest.mark.asyncio
async def test_the_window_viewer_steps_from_history_pictures_to_live_ones(
    qtbot: QtBot, tmp_path: Path
) -> None:
    for stamp, colour in (("s1", RED), ("s2", GREEN)):  # two earlier sessions, one picture each
        rt = runtime(
            tmp_path,
            ScriptedBackend([call("cam__live_view_image", call_id="c1"), reply("seen")]),
            stamp,
            colour,
        )
        try:
            await rt.village.send("agent_9", "look").wait()
        finally:
            await stop(rt)
    rt = runtime(
        tmp_path, ScriptedBackend([call("cam__live_view_image", call_id="c9"), reply("blue")]), "s3", BLUE
    )
    try:
        win = MainWindow(rt.village, KeyStore(), history=rt.history, pages=None)
        qtbot.addWidget(win)
        win.show()
        await rt.village.send("agent_9", "and now?").wait()  # a live picture after the history's
        await rt.village.wait_idle()
        chat = win.chats["agent_9"]
        qtbot.waitUntil(lambda: len(chat.previews) == 3, timeout=3000)
        first = chat.previews[0]
        await first.load()
        first.picture.clicked.emit()
        viewer = first.viewer
        assert viewer is not None and viewer.parentWidget() is win
        assert (viewer.position.text(), colour_shown(viewer)) == ("1 / 3", (4, 0, 0))
        # in front (as the person sees it): its keys work
        qtbot.waitUntil(lambda: QApplication.activeWindow() is viewer, timeout=2000)
        qtbot.keyClick(viewer, Qt.Key.Key_Right)
        assert (viewer.position.text(), colour_shown(viewer)) == ("2 / 3", (0, 4, 0))
        qtbot.keyClick(viewer, Qt.Key.Key_Right)
        assert (viewer.position.text(), colour_shown(viewer)) == ("3 / 3", (0, 0, 4))
        last = chat.previews[2]
        await last.load()
        last.picture.clicked.emit()  # another preview reuses the open viewer
        assert last.viewer is viewer and viewer.position.text() == "3 / 3"
        viewer.close()
        win.close()
    finally:
        await stop(rt)
