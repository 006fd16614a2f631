"""The folders an MCP server may see (its roots), added and removed in the server editor."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.settings.server_editor import ServerEditor


def test_add_and_remove_folders(qtbot: QtBot, tmp_path: Path) -> None:
    servers: dict[str, Any] = {}
    editor = ServerEditor(lambda: servers)
    qtbot.addWidget(editor)
    chosen = [str(tmp_path / "photos"), str(tmp_path / "raw"), str(tmp_path / "photos")]
    editor.roots.choose_folder = lambda parent: chosen.pop(0)
    editor.open_editor("fs", json.dumps({"command": "fs-server", "args": []}), False)
    editor.retranslate()
    assert editor.roots.isVisibleTo(editor) and editor.roots.folders.count() == 0
    assert not editor.roots.remove_button.isEnabled()
    for _ in range(3):  # the third is the first again: kept once
        qtbot.mouseClick(editor.roots.add_button, Qt.MouseButton.LeftButton)
    assert json.loads(editor.server_json.toPlainText())["roots"] == [
        str(tmp_path / "photos"),
        str(tmp_path / "raw"),
    ]
    assert [editor.roots.folders.item(i).text() for i in range(2)] == [
        str(tmp_path / "photos"),
        str(tmp_path / "raw"),
    ]
    editor.roots.folders.setCurrentRow(0)
    qtbot.mouseClick(editor.roots.remove_button, Qt.MouseButton.LeftButton)
    assert editor.apply_server()
    assert servers == {"fs": {"command": "fs-server", "args": [], "roots": [str(tmp_path / "raw")]}}
    editor.open_editor("fs", json.dumps(servers["fs"]), False)
    assert editor.roots.folders.count() == 1
    editor.roots.folders.setCurrentRow(0)
    qtbot.mouseClick(editor.roots.remove_button, Qt.MouseButton.LeftButton)
    assert "roots" not in json.loads(editor.server_json.toPlainText())  # none: no roots declared


def test_hand_edits_show_and_import_mode_hides_the_list(qtbot: QtBot) -> None:
    editor = ServerEditor(dict)
    qtbot.addWidget(editor)
    editor.open_editor("fs", "{}", False)
    editor.server_json.setPlainText('{"command": "x", "roots": ["/srv/a", "/srv/b"]}')
    editor.roots.refresh()  # the editor's timer does this after typing pauses
    assert editor.roots.roots() == ["/srv/a", "/srv/b"] and editor.roots.folders.count() == 2
    editor.server_json.setPlainText("{not json")
    editor.roots.refresh()
    assert not editor.roots.add_button.isEnabled()
    editor.open_editor("", "", True)
    assert not editor.roots.isVisibleTo(editor)
