"""Background operations of a widget (app/background.py): results on the GUI thread while the
owner lives, failures to the owner's handler, nothing after the owner is gone or cancelled."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from app.background import Background, cancel_under
from tests.fakes.logs import log_lines


@pytest.mark.asyncio
async def test_the_result_arrives_on_the_gui_thread(qtbot: QtBot) -> None:
    owner = QWidget()
    qtbot.addWidget(owner)
    got: list[tuple[int, bool]] = []
    ran_on: list[bool] = []

    def work(x: int) -> int:
        ran_on.append(threading.current_thread() is threading.main_thread())
        return x * 2

    task = Background(owner).in_thread(
        work, 21, success=lambda r: got.append((r, threading.current_thread() is threading.main_thread()))
    )
    assert task is not None
    assert await task == 42
    assert got == [(42, True)]  # delivered before the awaiting code resumes
    assert ran_on == [False]


@pytest.mark.asyncio
async def test_a_failure_goes_to_the_handler_and_the_default_logs_it(qtbot: QtBot, event_log: Path) -> None:
    owner = QWidget()
    qtbot.addWidget(owner)
    failed: list[BaseException] = []

    async def boom() -> None:
        raise ValueError("no")

    background = Background(owner, failure=failed.append)
    with pytest.raises(ValueError):
        await background.run(boom())
    assert [type(e) for e in failed] == [ValueError]
    with pytest.raises(ValueError):
        await Background(owner).run(boom())
    assert "gui task failed: error=ValueError" in log_lines(event_log)


@pytest.mark.asyncio
async def test_nothing_is_delivered_once_the_owner_is_gone(qtbot: QtBot) -> None:
    owner = QWidget()
    background = Background(owner)
    release = asyncio.Event()
    got: list[object] = []

    async def slow() -> str:
        await release.wait()
        return "late"

    task = background.run(slow(), success=got.append, failure=got.append)
    assert task is not None
    owner.deleteLater()
    await asyncio.sleep(0)
    qtbot.waitUntil(lambda: not shiboken6.isValid(background))
    release.set()
    assert await task == "late"
    assert got == []


@pytest.mark.asyncio
async def test_cancel_under_reaches_the_operations_inside_a_widget(qtbot: QtBot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    inner = QWidget(window)
    got: list[object] = []
    tasks = [Background(w).run(asyncio.sleep(30), success=got.append) for w in (window, inner)]
    cancel_under(window)
    for task in tasks:
        assert task is not None
        with pytest.raises(asyncio.CancelledError):
            await task
    assert got == []


def test_without_a_loop_nothing_starts(qtbot: QtBot) -> None:
    owner = QWidget()
    qtbot.addWidget(owner)
    work = asyncio.sleep(0)
    assert Background(owner).run(work) is None
    assert work.cr_frame is None  # closed, never awaited (no "never awaited" warning)
