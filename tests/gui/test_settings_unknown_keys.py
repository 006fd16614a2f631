"""Saving from Settings keeps the keys the app does not know (they are reported, never dropped)."""

from __future__ import annotations

import json
from pathlib import Path

import keyring.backends.fail
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog
from core.config import load_config

CFG = {
    "colour": "blue",
    "village": {"name": "V", "motto": "look"},
    "templates": [{"name": "c", "protocol": "anthropic", "model": "claude-x", "temperature": 0.2}],
    "agents": [
        {
            "id": "a1",
            "template": "c",
            "avatar": "fox",
            "mcp_servers": {"cam": {"type": "http", "url": "https://cam.example/mcp", "note": "x"}},
        }
    ],
}


def test_settings_save_keeps_unknown_keys(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "fuseforks.json"
    path.write_text(json.dumps(CFG), encoding="utf-8")
    config = load_config(path)
    assert len(config.warnings) == 5
    dlg = SettingsDialog(config, KeyStore(keyring.backends.fail.Keyring()), path=path)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.keyClicks(dlg.v_name, "2")
    assert dlg.save()
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["village"] == {"language": "en", "name": "V2", "motto": "look"}
    assert written["colour"] == "blue"
    assert written["templates"][0]["temperature"] == 0.2
    assert written["agents"][0]["avatar"] == "fox"
    assert written["agents"][0]["mcp_servers"]["cam"]["note"] == "x"
    assert load_config(path).warnings == config.warnings
