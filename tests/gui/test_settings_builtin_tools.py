"""Settings: per-agent built-in tool checkboxes (ask_user_question on by default, execute_code opt-in)."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog
from tests.fakes.configs import settings_config


def test_checkboxes_follow_the_agent_and_are_saved(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "fuseforks.json"
    dlg = SettingsDialog(settings_config(), KeyStore(), path=path)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.tabs.setCurrentIndex(1)
    dlg.agents_page.agent_list.setCurrentRow(0)
    ask, code = (
        dlg.agents_page.a_builtin_boxes["ask_user_question"],
        dlg.agents_page.a_builtin_boxes["execute_code"],
    )
    assert (ask.isChecked(), code.isChecked()) == (True, False)
    assert code.text() == "May run Python code on this computer (execute_code)"
    code.setChecked(True)
    ask.setChecked(False)
    dlg.agents_page.agent_list.setCurrentRow(1)  # the other agent keeps the default
    assert (ask.isChecked(), code.isChecked()) == (True, False)
    assert dlg.save()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert [a["builtin_tools"] for a in saved["agents"]] == [["execute_code"], ["ask_user_question"]]
    dlg.agents_page.agent_list.setCurrentRow(0)
    assert (ask.isChecked(), code.isChecked()) == (False, True)
    dlg.close()
