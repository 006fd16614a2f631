"""Agents added and removed in Settings, seen in the real window (issue 13, defect 4): the new
agent gets a row; a removed agent whose turn runs is stopped, and its row goes when the turn ends."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.waits import until
from tests.fakes.windows import window


@pytest.mark.asyncio
async def test_a_removed_agents_turn_stops_and_its_row_goes(qtbot: QtBot, tmp_path: Path) -> None:
    gate = asyncio.Event()  # the model never answers: the turn waits until it is stopped
    village = Village(
        window_config(tmp_path),
        backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model, ["hi"], gate=gate),
    )
    win = window(qtbot, village)
    turn = win.send_text("a1", "watch")
    await until(lambda: win.agent_list.row_texts("a1")[2] == "running")
    dlg = win.open_settings()
    dlg.tabs.setCurrentIndex(1)
    page = dlg.agents_page
    page.agent_add.click()
    page.agent_list.setCurrentRow(0)
    page.agent_remove.click()
    assert page.confirm_box is not None
    assert page.confirm_box.text().endswith("Its running turn is stopped when you save.")
    page.confirm_box.button(QMessageBox.StandardButton.Yes).click()
    dlg.buttons.button(dlg.buttons.StandardButton.Save).click()
    await until(lambda: "agent-2" in win.agent_list._items)
    outcome = await asyncio.wait_for(turn.wait(), 5)
    assert outcome.stop == "interrupted"
    await until(lambda: "a1" not in win.agent_list._items)
    assert win.agent_list.row_texts("agent-2")[:2] == ["New agent", "Claude"]
    assert win.statusBar().currentMessage() == "Ava was removed from the village."
    dlg.close()
    await village.close()
