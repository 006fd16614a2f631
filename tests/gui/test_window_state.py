"""The window's size, position and splitter positions come back in the next window (issue 13,
defect 5, its second half), clamped to the screen it opens on; never in the village configuration."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRect, QSettings
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.window_state import state_path
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.windows import window


def village(tmp_path: Path) -> Village:
    return Village(
        window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model)
    )


def test_size_position_and_splitters_come_back_in_the_next_window(qtbot: QtBot, tmp_path: Path) -> None:
    first = window(qtbot, village(tmp_path))
    first.setGeometry(QRect(40, 30, 700, 500))
    first.split.setSizes([120, 380, 200])
    sizes = first.split.sizes()
    assert sizes != [300, 600, 380]
    first.close()
    second = window(qtbot, village(tmp_path))
    assert second.geometry() == QRect(40, 30, 700, 500)
    assert second.split.sizes() == sizes
    assert state_path().is_file()
    assert not (tmp_path / "fuseforks.json").exists()  # not in the village configuration


def test_a_saved_size_larger_than_the_screen_is_clamped(qtbot: QtBot, tmp_path: Path) -> None:
    """The offscreen screen is 800×800: a 1600×1200 window saved on a larger screen (or at a
    smaller scale) comes back whole, its frame inside the screen."""
    window(qtbot, village(tmp_path)).close()  # a run that saved the window (and its frame)
    saved = QSettings(str(state_path()), QSettings.Format.IniFormat)
    saved.setValue("window/geometry", QRect(900, -50, 1600, 1200))
    saved.sync()
    win = window(qtbot, village(tmp_path))
    area = win.screen().availableGeometry()
    assert area.contains(win.frameGeometry())
    assert win.frameGeometry().size() == area.size()


def test_the_first_window_has_no_state_to_restore(qtbot: QtBot, tmp_path: Path) -> None:
    win: MainWindow = window(qtbot, village(tmp_path))
    assert (win.width(), win.height()) == (736, 736)  # app.screen_fit's first size
    assert win.split.sizes() != []
