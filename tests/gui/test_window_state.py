"""The window's size, position and splitter positions come back in the next window (issue 13,
defect 5, its second half), clamped to the screen it opens on; never in the village configuration.
The left pane is a splitter too (agents | conversations | servers), remembered the same way."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtWidgets import QSplitter, QWidget
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.launcher import Runtime, make_runtime
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


def full_window(qtbot: QtBot, tmp_path: Path, runtimes: list[Runtime]) -> MainWindow:
    """The window with all three parts of its left pane: the store's conversations, the servers."""
    rt = make_runtime(window_config(tmp_path), KeyStore(), store_dir=tmp_path / "data")
    runtimes.append(rt)
    return window(qtbot, rt.village, history=rt.history, conversations=rt.conversations, servers=rt.provider)  # type: ignore[arg-type]


async def close(runtimes: list[Runtime]) -> None:
    for rt in runtimes:
        await rt.village.close()
        if rt.store is not None:
            rt.store.close()


@pytest.mark.asyncio
async def test_the_left_pane_gives_the_conversation_list_the_most_room(qtbot: QtBot, tmp_path: Path) -> None:
    runtimes: list[Runtime] = []
    win = full_window(qtbot, tmp_path, runtimes)
    left = win.left_split
    assert left.orientation() == Qt.Orientation.Vertical
    assert [left.widget(i) for i in range(left.count())][1:] == [win.conversation_pane.list, win.server_panel]
    assert not any(left.isCollapsible(i) for i in range(left.count()))
    agents, conversations, servers = left.sizes()
    assert conversations > max(agents, servers) > 0
    assert servers <= win.server_panel.sizeHint().height()  # its content's height, no empty area
    await close(runtimes)


@pytest.mark.asyncio
async def test_the_left_pane_sizes_come_back_in_the_next_window(qtbot: QtBot, tmp_path: Path) -> None:
    runtimes: list[Runtime] = []
    first = full_window(qtbot, tmp_path, runtimes)
    first.setGeometry(QRect(40, 30, 700, 600))
    total = sum(first.left_split.sizes())
    first.left_split.setSizes([total // 2, total // 4, total - total // 2 - total // 4])
    sizes = first.left_split.sizes()
    first.close()
    second = full_window(qtbot, tmp_path, runtimes)
    assert second.left_split.sizes() == sizes
    await close(runtimes)


@pytest.mark.asyncio
async def test_a_saved_left_pane_of_the_wrong_length_is_ignored(qtbot: QtBot, tmp_path: Path) -> None:
    runtimes: list[Runtime] = []
    first = full_window(qtbot, tmp_path, runtimes)
    default = first.left_split.sizes()
    first.close()
    two = QSplitter(Qt.Orientation.Vertical)  # a pane of an older layout: two parts
    two.addWidget(QWidget())
    two.addWidget(QWidget())
    two.setSizes([500, 20])
    saved = QSettings(str(state_path()), QSettings.Format.IniFormat)
    saved.setValue("splitters/left", two.saveState())
    saved.sync()
    second = full_window(qtbot, tmp_path, runtimes)
    assert second.left_split.sizes() == default
    assert second.left_split.orientation() == Qt.Orientation.Vertical
    await close(runtimes)
