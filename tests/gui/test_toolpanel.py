"""The tool-output panel: rows, collapsible details, the display line after the output body."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.widgets.toolpanel import ToolPanel
from core.canonical import ImageData
from core.events import ToolFinished, ToolStarted
from core.tool_image import display_suffix


def images(*specs: tuple[str, int]) -> tuple[ImageData, ...]:
    return tuple(ImageData(media, b"\0" * size, 640, 480) for media, size in specs)


def run_call(panel: ToolPanel, imgs: tuple[ImageData, ...], body: str = "frame 1 (640x480)") -> None:
    panel.add_started(ToolStarted("a", "t1", "c1", 1, "nik__live_view_image", {"quality": 80}))
    panel.add_finished(
        ToolFinished(
            "a",
            "t1",
            "c1",
            1,
            "nik__live_view_image",
            True,
            137,
            body,
            display_suffix(list(imgs), "en"),
            imgs,
        )
    )


def test_one_image_line(qtbot: QtBot) -> None:
    panel = ToolPanel()
    qtbot.addWidget(panel)
    run_call(panel, images(("image/jpeg", 19_500)))
    row = panel.rows["c1"]
    assert row.display_line.text() == "(1 image: JPEG 19 KB)"
    assert row.summary.text() == "(1 image: JPEG 19 KB)"
    assert row.toggle.name == "nik__live_view_image"
    assert row.status.text() == "ok"
    assert row.duration.text() == "137 ms"
    assert row.output_text.toPlainText() == "frame 1 (640x480)"
    assert row.input_text.toPlainText() == '{\n  "quality": 80\n}'


def test_two_images_line(qtbot: QtBot) -> None:
    panel = ToolPanel()
    qtbot.addWidget(panel)
    run_call(panel, images(("image/jpeg", 21_100), ("image/webp", 3_999)))
    assert panel.rows["c1"].display_line.text() == "(2 images: JPEG 21 KB, WebP 3 KB)"


def test_display_line_follows_the_output_body(qtbot: QtBot) -> None:
    panel = ToolPanel()
    qtbot.addWidget(panel)
    run_call(panel, images(("image/jpeg", 19_500)))
    row = panel.rows["c1"]
    layout = row.details.layout()
    order = [layout.itemAt(i).widget() for i in range(layout.count())]
    assert order.index(row.display_line) == order.index(row.output_text) + 1


def test_details_collapse_and_expand(qtbot: QtBot) -> None:
    panel = ToolPanel()
    qtbot.addWidget(panel)
    panel.show()
    run_call(panel, images(("image/jpeg", 19_500)))
    row = panel.rows["c1"]
    qtbot.waitUntil(row.isVisible, timeout=2000)  # a row added to a shown panel appears on the next pass
    assert not row.details.isVisible()
    assert row.summary.isVisible()  # the line is visible while collapsed too
    row.toggle.click()
    assert row.details.isVisible() and row.display_line.isVisible()
    row.toggle.click()
    assert not row.details.isVisible()


def test_error_and_no_image(qtbot: QtBot) -> None:
    panel = ToolPanel()
    qtbot.addWidget(panel)
    panel.add_started(ToolStarted("a", "t1", "c2", 1, "fs__read", {}))
    assert panel.rows["c2"].status.text() == "running…"
    panel.add_finished(ToolFinished("a", "t1", "c2", 1, "fs__read", False, 5, "tool execution failed: x", ""))
    row = panel.rows["c2"]
    assert row.status.text() == "error"
    assert row.display_line.text() == ""
    assert not row.summary.isVisibleTo(row)
