"""Issue 13, defect 4: agents added and removed in Settings; unsaved edits are not thrown away on
close; Enter in the key field stores the key instead of pressing Save."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog
from core.config import Config
from core.paths import KEYRING_SERVICE as SERVICE
from tests.fakes.configs import settings_config


def dialog(qtbot: QtBot, path: Path, running: set[str] | None = None) -> SettingsDialog:
    busy = running or set()
    dlg = SettingsDialog(settings_config(), KeyStore(), path=path, running=lambda a: a in busy)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.tabs.setCurrentIndex(1)
    return dlg


def names(dlg: SettingsDialog) -> list[str]:
    lst = dlg.agents_page.agent_list
    return [lst.item(i).text() for i in range(lst.count())]


def answer(box: QMessageBox | None, button: QMessageBox.StandardButton) -> None:
    assert box is not None and box.isVisible()
    box.button(button).click()


def test_add_an_agent_with_defaults_and_a_checked_id(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    path = tmp_path / "fuseforks.json"
    dlg = dialog(qtbot, path)
    page = dlg.agents_page
    page.agent_list.setCurrentRow(1)  # Bo, on Gemini
    page.agent_add.click()
    assert names(dlg) == ["Ava", "Bo", "New agent"]
    assert page.agent_list.currentRow() == 2
    assert page.a_id.text() == "agent-3" and not page.a_id.isReadOnly()
    assert page.a_template.currentText() == "Gemini"  # the template of the agent on screen
    assert page.a_servers.count() == 0
    page.a_id.selectAll()
    qtbot.keyClicks(page.a_id, "a1")
    assert page.a_id_error.text() == "Another agent has this id"
    assert not dlg.save()
    assert dlg.problems_label.text() == "agents[2].id: duplicate agent id 'a1'"
    page.a_id.selectAll()
    qtbot.keyClicks(page.a_id, "bad id!")
    assert page.a_id_error.text() == "Letters, digits, _ and - (at most 48)"
    page.a_id.selectAll()
    qtbot.keyClicks(page.a_id, "scout")
    assert page.a_id_error.text() == ""
    saved: list[Config] = []
    dlg.saved.connect(saved.append)
    assert dlg.save(), dlg.problems_label.text()
    assert [(a.id, a.name, a.template) for a in saved[0].agents][-1] == ("scout", "New agent", "Gemini")
    assert page.a_id.isReadOnly()  # saved: its conversations are keyed by it now
    page.agent_list.setCurrentRow(0)
    assert page.a_id.isReadOnly()


def test_remove_an_agent_after_confirmation(qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any) -> None:
    path = tmp_path / "fuseforks.json"
    dlg = dialog(qtbot, path, running={"a2"})
    page = dlg.agents_page
    page.agent_list.setCurrentRow(0)
    page.a_connected.item(0).setCheckState(Qt.CheckState.Checked)  # Ava may talk to Bo
    page.agent_list.setCurrentRow(1)
    page.agent_remove.click()
    box = page.confirm_box
    assert box is not None
    assert box.text() == (
        "Remove Bo (a2)? Its conversations stay in the store.\nIts running turn is stopped when you save."
    )
    answer(box, QMessageBox.StandardButton.Cancel)
    assert names(dlg) == ["Ava", "Bo"]
    page.agent_remove.click()
    answer(page.confirm_box, QMessageBox.StandardButton.Yes)
    assert names(dlg) == ["Ava"]
    assert dlg.data["agents"][0]["connected"] == []  # Bo's id is gone from Ava's list too
    assert dlg.save(), dlg.problems_label.text()
    assert [a["id"] for a in json.loads(path.read_text(encoding="utf-8"))["agents"]] == ["a1"]


def test_closing_with_unsaved_edits_asks(qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any) -> None:
    path = tmp_path / "fuseforks.json"
    dlg = dialog(qtbot, path)
    dlg.reject()  # nothing edited: closes at once
    assert not dlg.isVisible()
    dlg.show()
    qtbot.keyClicks(dlg.agents_page.a_name, " Two")
    dlg.close()
    answer(dlg.unsaved_box, QMessageBox.StandardButton.Cancel)
    assert dlg.isVisible() and not path.exists()
    dlg.reject()
    answer(dlg.unsaved_box, QMessageBox.StandardButton.Save)
    assert not dlg.isVisible()
    assert json.loads(path.read_text(encoding="utf-8"))["agents"][0]["name"] == "Ava Two"


def test_discard_closes_without_saving(qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any) -> None:
    path = tmp_path / "fuseforks.json"
    dlg = dialog(qtbot, path)
    dlg.agents_page.agent_add.click()
    qtbot.keyClick(dlg, Qt.Key.Key_Escape)
    answer(dlg.unsaved_box, QMessageBox.StandardButton.Discard)
    assert not dlg.isVisible() and not path.exists()


def test_enter_in_the_key_field_stores_the_key_and_does_not_save(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    path = tmp_path / "fuseforks.json"
    dlg = dialog(qtbot, path)
    saved: list[Config] = []
    dlg.saved.connect(saved.append)
    dlg.tabs.setCurrentIndex(0)
    page = dlg.templates_page
    page.template_list.setCurrentRow(0)
    page.key_input.setFocus()
    qtbot.keyClicks(page.key_input, "fuseforks-enter-secret-9")
    qtbot.keyClick(page.key_input, Qt.Key.Key_Return)
    assert plaintext_keyring.get_password(SERVICE, "claude") == "fuseforks-enter-secret-9"
    assert page.key_input.text() == ""
    assert saved == [] and not path.exists()
    assert dlg.isVisible()
