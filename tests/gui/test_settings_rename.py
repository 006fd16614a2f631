"""Issue 13, defect 3: renaming a template carries its agents and its keyring entry along."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog
from core.paths import KEYRING_SERVICE as SERVICE
from tests.fakes.configs import settings_config

SECRET = "fuseforks-rename-secret-3Kq8"


def dialog(qtbot: QtBot, path: Path) -> SettingsDialog:
    dlg = SettingsDialog(settings_config(), KeyStore(), path=path)
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def rename(qtbot: QtBot, dlg: SettingsDialog, row: int, name: str) -> None:
    page = dlg.templates_page
    dlg.tabs.setCurrentIndex(0)
    page.template_list.setCurrentRow(row)
    page.t_name.selectAll()
    qtbot.keyClicks(page.t_name, name)


def combo_items(dlg: SettingsDialog) -> list[str]:
    combo = dlg.agents_page.a_template
    return [combo.itemText(i) for i in range(combo.count())]


def test_a_renamed_template_keeps_its_agents_and_saves(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    path = tmp_path / "fuseforks.json"
    dlg = dialog(qtbot, path)
    page = dlg.templates_page
    page.add_template_button.click()
    qtbot.keyClicks(page.t_model, "claude-y")
    dlg.tabs.setCurrentIndex(1)
    dlg.agents_page.agent_list.setCurrentRow(1)  # Bo
    dlg.agents_page.a_template.setCurrentText("New template")
    rename(qtbot, dlg, 2, "Work")
    assert combo_items(dlg) == ["Claude", "Gemini", "Work"]
    dlg.tabs.setCurrentIndex(1)
    dlg.agents_page.agent_list.setCurrentRow(1)
    assert dlg.agents_page.a_template.currentText() == "Work"
    assert dlg.save(), dlg.problems_label.text()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert [a["template"] for a in saved["agents"]] == ["Claude", "Work"]
    assert saved["templates"][2]["name"] == "Work"


def test_a_rename_through_another_templates_name_keeps_each_agent_on_its_own(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    """Typing "Claude2" over Gemini passes through "Claude" (Ava's template): Bo stays on the
    renamed template, Ava on Claude."""
    path = tmp_path / "fuseforks.json"
    dlg = dialog(qtbot, path)
    rename(qtbot, dlg, 1, "Claude2")
    assert [a["template"] for a in dlg.data["agents"]] == ["Claude", "Claude2"]
    assert dlg.save(), dlg.problems_label.text()


def test_the_key_entry_follows_the_rename(qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any) -> None:
    path = tmp_path / "fuseforks.json"
    dlg = dialog(qtbot, path)
    page = dlg.templates_page
    page.template_list.setCurrentRow(0)
    qtbot.keyClicks(page.key_input, SECRET)
    page.key_store_button.click()
    assert plaintext_keyring.get_password(SERVICE, "claude") == SECRET
    rename(qtbot, dlg, 0, "Claude Work")
    assert page.t_key_name.text() == "claude-work"
    assert dlg.save(), dlg.problems_label.text()
    assert plaintext_keyring.get_password(SERVICE, "claude-work") == SECRET
    assert plaintext_keyring.get_password(SERVICE, "claude") is None
    assert json.loads(path.read_text(encoding="utf-8"))["templates"][0]["key"] == "claude-work"
    assert page.key_state.text() == "Key present in the OS keyring"
    assert SECRET not in path.read_text(encoding="utf-8")


def test_a_key_entry_another_template_still_names_is_copied_not_moved(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    dlg = dialog(qtbot, tmp_path / "fuseforks.json")
    page = dlg.templates_page
    page.template_list.setCurrentRow(0)
    page.dup_template_button.click()  # "Claude copy" names the entry "claude" too
    qtbot.keyClicks(page.key_input, SECRET)
    page.key_store_button.click()
    rename(qtbot, dlg, 0, "Mine")
    assert dlg.save(), dlg.problems_label.text()
    assert plaintext_keyring.get_password(SERVICE, "mine") == SECRET
    assert plaintext_keyring.get_password(SERVICE, "claude") == SECRET  # "Claude copy" still uses it


def test_a_key_entry_named_by_hand_stays(qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any) -> None:
    dlg = dialog(qtbot, tmp_path / "fuseforks.json")
    page = dlg.templates_page
    page.template_list.setCurrentRow(0)
    page.t_key_name.selectAll()
    qtbot.keyClicks(page.t_key_name, "anthropic")
    rename(qtbot, dlg, 0, "Other")
    assert page.t_key_name.text() == "anthropic"
    assert dlg.save(), dlg.problems_label.text()


def test_the_village_vision_relay_follows_its_templates_rename(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    """Typing "Claude2" over Gemini (the village's eyes) passes through "Claude": the relay stays
    with the renamed template, not with Claude."""
    config = settings_config()
    config.village.vision_relay = "Gemini"
    path = tmp_path / "fuseforks.json"
    dlg = SettingsDialog(config, KeyStore(), path=path)
    qtbot.addWidget(dlg)
    dlg.show()
    rename(qtbot, dlg, 1, "Claude2")
    rename(qtbot, dlg, 0, "Sonnet")  # a rename of another template leaves the relay alone
    assert dlg.save(), dlg.problems_label.text()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["village"]["vision_relay"] == "Claude2"
    assert [t["name"] for t in saved["templates"]] == ["Sonnet", "Claude2"]
