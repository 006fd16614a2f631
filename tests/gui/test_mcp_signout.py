"""Sign out of an OAuth MCP server from the settings dialog: the tokens leave the keyring."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from mcp.shared.auth import OAuthToken
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog
from core.config import parse_config
from core.mcp.oauth import KEYRING_SERVICE, KeyringTokenStorage, keyring_user
from tests.conftest import log_lines

URL = "https://camera.example.test/mcp"
ACCESS = "gui-access-token-5c1e0b77a2"


def make_dialog(qtbot: QtBot, tmp_path: Path) -> SettingsDialog:
    cfg = parse_config(
        {
            "templates": [{"name": "Claude", "protocol": "anthropic", "model": "claude-x", "key": "claude"}],
            "agents": [
                {
                    "id": "a1",
                    "name": "Ava",
                    "template": "Claude",
                    "mcp_servers": {
                        "cam": {"type": "http", "url": URL, "oauth": True},
                        "other": {"type": "sse", "url": "https://other.example.test/sse"},
                        "local": {"command": "cam-server"},
                    },
                }
            ],
        }
    )
    dlg = SettingsDialog(cfg, KeyStore(), path=tmp_path / "fuseforks.json")
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.tabs.setCurrentIndex(1)
    dlg.agent_list.setCurrentRow(0)
    return dlg


def edit(dlg: SettingsDialog, name: str) -> None:
    [row] = [i for i in range(dlg.a_servers.count()) if dlg.a_servers.item(i).text().startswith(name + " ")]
    dlg.a_servers.setCurrentRow(row)
    dlg.server_edit.click()


def store_tokens(server: str, url: str) -> None:
    storage = KeyringTokenStorage(server, url)
    asyncio.run(storage.set_tokens(OAuthToken(access_token=ACCESS, refresh_token="gui-refresh-token-991d")))


def test_sign_out_forgets_the_stored_tokens(
    qtbot: QtBot, tmp_path: Path, event_log: Path, plaintext_keyring: Any
) -> None:
    store_tokens("cam", URL)
    user = keyring_user("cam", URL)
    assert plaintext_keyring.get_password(KEYRING_SERVICE, user) is not None
    dlg = make_dialog(qtbot, tmp_path)

    edit(dlg, "cam")
    assert dlg.server_signout.isVisible()
    assert dlg.server_signout.isEnabled()
    assert dlg.server_signout.text() == "Sign out"
    assert ACCESS not in dlg.server_json.toPlainText()  # the editor shows the config, never tokens

    dlg.server_signout.click()
    assert plaintext_keyring.get_password(KEYRING_SERVICE, user) is None
    assert dlg.server_signout.isVisible()
    assert not dlg.server_signout.isEnabled()
    assert dlg.server_signout.toolTip() == "Not signed in to this server"
    assert [line for line in log_lines(event_log) if line.startswith("mcp oauth:")] == [
        "mcp oauth: agent=- server=cam action=signed-out"
    ]
    assert ACCESS not in event_log.read_text(encoding="utf-8")
    # the configuration itself is unchanged by a sign-out
    assert dlg.current_agent() is not None
    assert json.loads(dlg.server_json.toPlainText()) == {"type": "http", "url": URL, "oauth": True}


def test_sign_out_is_disabled_without_tokens_and_hidden_for_stdio(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    store_tokens("cam", URL)  # another server's tokens do not count
    dlg = make_dialog(qtbot, tmp_path)
    edit(dlg, "other")
    assert dlg.server_signout.isVisible()
    assert not dlg.server_signout.isEnabled()
    edit(dlg, "local")
    assert not dlg.server_signout.isVisible()
    edit(dlg, "cam")
    assert dlg.server_signout.isEnabled()
    # editing the URL in the JSON re-checks (after a short pause in typing): another URL, no tokens
    dlg.server_json.setPlainText(json.dumps({"type": "http", "url": "https://moved.example.test/mcp"}))
    qtbot.waitUntil(lambda: not dlg.server_signout.isEnabled(), timeout=3000)
    dlg.server_json.setPlainText(json.dumps({"type": "http", "url": URL}))
    qtbot.waitUntil(dlg.server_signout.isEnabled, timeout=3000)
    dlg.show_import()
    assert not dlg.server_signout.isVisible()
    assert plaintext_keyring.get_password(KEYRING_SERVICE, keyring_user("cam", URL)) is not None
