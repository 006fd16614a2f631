"""``tools/screenshots.py`` (``app.screenshots``): the PNGs, at the expected sizes, not blank."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from app.screenshots import main

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = {  # in the order the script takes them
    "01-live-view.png": (1280, 800),
    "02-tool-row-expanded.png": (1280, 800),
    "03-settings-agent-template.png": (960, 620),
    "08-viewer-zoomed.png": (900, 640),
    "11-dark-theme.png": (1280, 800),
    "04-main-ja.png": (1280, 880),
    "05-main-zh.png": (1280, 880),
    "07-markdown-answer.png": (1280, 800),
    "06-conversations.png": (1280, 800),
    "12-mcp-servers.png": (1280, 1040),
    "09-settings-preset.png": (960, 620),
    "10-startup-problem.png": (760, 360),
    "13-watch-dialog.png": (960, 560),
    "14-watch-panel.png": (1280, 800),
    "15-timeline.png": (1280, 800),
    "16-watch-notification.png": (1280, 800),
}


def test_command_line_wrapper_runs() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "screenshots.py"), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        cwd="/",  # the wrapper finds app/ by itself
    )
    assert out.stdout.startswith("usage: screenshots.py [-h] [--only SCENE [SCENE ...]] out")
    assert "01-live-view.png" in out.stdout


def colours(image: QImage, step: int = 8) -> int:
    """Distinct colours on a sparse grid: a blank or one-colour picture has very few."""
    seen = {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}
    return len(seen)


def pixel_of(image: QImage, rgb: tuple[int, int, int], tolerance: int = 6) -> bool:
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = image.pixelColor(x, y)
            if all(abs(a - b) <= tolerance for a, b in zip((c.red(), c.green(), c.blue()), rgb, strict=True)):
                return True
    return False


def highlighted(image: QImage, rgb: tuple[int, int, int]) -> int:
    return sum(
        1
        for y in range(image.height())
        for x in range(image.width())
        if (image.pixelColor(x, y).red(), image.pixelColor(x, y).green(), image.pixelColor(x, y).blue())
        == rgb
    )


@pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise|grabbing the keyboard)")
def test_screenshots_script_writes_all_pngs(
    qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    qapp.setQuitOnLastWindowClosed(False)
    home = os.environ["HOME"]
    out = tmp_path / "shots"
    assert main([str(out)]) == 0
    assert os.environ["HOME"] == home  # the temporary HOME was put back
    assert sorted(p.name for p in out.iterdir()) == sorted(EXPECTED)
    printed = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in printed] == [str(out / name) for name in EXPECTED]
    for name, (width, height) in EXPECTED.items():
        path = out / name
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", name
        assert 10_000 < len(data) < 300_000, (name, len(data))
        image = QImage(str(path))
        assert (image.width(), image.height()) == (width, height), name
        assert colours(image) > 40, name
        assert f"{path} {width}x{height} {len(data) // 1000} KB" in printed
    # the main windows show the camera frame: its sky blue and the user bubble's blue (#2f6fde)
    for name in (
        "01-live-view.png",
        "02-tool-row-expanded.png",
        "04-main-ja.png",
        "05-main-zh.png",
        "11-dark-theme.png",
    ):
        image = QImage(str(out / name))
        assert pixel_of(image, (0x2F, 0x6F, 0xDE)), name
        assert pixel_of(image, (0x2F, 0x5E, 0xA0), tolerance=20), name
    # the settings picture shows the open template list: its highlighted row is much larger than
    # the highlighted agent in the list on the left (about 3,000 pixels without the list)
    settings = QImage(str(out / "03-settings-agent-template.png"))
    highlight = qapp.palette().highlight().color()
    assert highlighted(settings, (highlight.red(), highlight.green(), highlight.blue())) > 10_000
    # the dark theme: the window's own background is the dark palette's, not the light default
    dark = QImage(str(out / "11-dark-theme.png"))
    assert dark.pixelColor(dark.width() // 2, dark.height() - 4).lightness() < 80
    # the viewer is zoomed in: the frame's sky fills the picture's middle
    viewer = QImage(str(out / "08-viewer-zoomed.png"))
    assert viewer.pixelColor(viewer.width() // 2, viewer.height() // 3).blue() > 100
    # the timeline: the opened event's keyframe (the scene's lawn green) below the list; the card of
    # a notification at the top right (its importance-4 stripe, #e5702a)
    timeline = QImage(str(out / "15-timeline.png"))
    assert pixel_of(timeline, (0x32, 0x5A, 0x2D), tolerance=24)
    card = QImage(str(out / "16-watch-notification.png")).copy(900, 0, 380, 200)
    assert pixel_of(card, (0xE5, 0x70, 0x2A), tolerance=10)


def test_only_makes_the_scenes_named(qapp: QApplication, tmp_path: Path) -> None:
    qapp.setQuitOnLastWindowClosed(False)
    assert main([str(tmp_path), "--only", "startup"]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["10-startup-problem.png"]


@pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise|grabbing the keyboard)")
def test_the_watch_scene_shows_the_region_and_the_panel(qapp: QApplication, tmp_path: Path) -> None:
    qapp.setQuitOnLastWindowClosed(False)
    assert main([str(tmp_path), "--only", "watch"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["13-watch-dialog.png", "14-watch-panel.png"]
    dialog = QImage(str(tmp_path / "13-watch-dialog.png"))
    assert pixel_of(dialog, (255, 210, 60), tolerance=8)  # the region's border on the live picture
    assert pixel_of(dialog, (150, 60, 35), tolerance=20)  # the bird on the feeder, inside it
    panel = QImage(str(tmp_path / "14-watch-panel.png"))
    assert colours(panel) > 40
