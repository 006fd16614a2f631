"""Settings › Village: the vision relay (WA-34) is chosen among the templates that read images."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog
from core.config import parse_config


def test_the_relay_is_one_of_the_templates_that_read_images_and_is_saved(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "fuseforks.json"
    config = parse_config(
        {
            "templates": [
                {"name": "Eyes", "protocol": "anthropic", "model": "claude-x"},
                {"name": "Text", "protocol": "openai-compat", "model": "local", "reads_images": False},
            ],
            "agents": [{"id": "a1", "name": "Ava", "template": "Text"}],
        }
    )
    dlg = SettingsDialog(config, KeyStore(), path=path)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.tabs.setCurrentIndex(2)
    box = dlg.v_relay
    assert [box.itemText(i) for i in range(box.count())] == ["None", "Eyes"]  # Text cannot read images
    assert box.currentData() == ""
    box.setCurrentIndex(1)
    assert dlg.save()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["village"]["vision_relay"] == "Eyes"
    box.setCurrentIndex(0)
    assert dlg.save()
    assert "vision_relay" not in json.loads(path.read_text(encoding="utf-8"))["village"]  # empty: not written
    dlg.close()
