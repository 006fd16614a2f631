"""Sign out of an OAuth MCP server from the settings dialog (the tokens leave the keyring), and the
sign-in link shown in a dialog when no browser can be opened."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from mcp.shared.auth import OAuthToken
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog
from app.widgets.sign_in_link import SignInLinks
from core.config import McpServer, McpSettings, OAuthSettings, parse_config
from core.mcp import McpToolProvider
from core.mcp.oauth_tokens import KeyringTokenStorage, keyring_user
from core.paths import KEYRING_SERVICE
from tests.fakes.logs import log_lines
from tests.fakes.servers import start_oauth, stop
from tests.fakes.waits import until

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
    dlg.agents_page.agent_list.setCurrentRow(0)
    return dlg


def edit(dlg: SettingsDialog, name: str) -> None:
    [row] = [
        i
        for i in range(dlg.agents_page.a_servers.count())
        if dlg.agents_page.a_servers.item(i).text().startswith(name + " ")
    ]
    dlg.agents_page.a_servers.setCurrentRow(row)
    dlg.agents_page.server_edit.click()


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
    assert dlg.agents_page.editor.server_signout.isVisible()
    assert dlg.agents_page.editor.server_signout.isEnabled()
    assert dlg.agents_page.editor.server_signout.text() == "Sign out"
    assert (
        ACCESS not in dlg.agents_page.editor.server_json.toPlainText()
    )  # the editor shows the config, never tokens

    dlg.agents_page.editor.server_signout.click()
    assert plaintext_keyring.get_password(KEYRING_SERVICE, user) is None
    assert dlg.agents_page.editor.server_signout.isVisible()
    assert not dlg.agents_page.editor.server_signout.isEnabled()
    assert dlg.agents_page.editor.server_signout.toolTip() == "Not signed in to this server"
    assert [line for line in log_lines(event_log) if line.startswith("mcp oauth:")] == [
        "mcp oauth: agent=- server=cam action=signed-out"
    ]
    assert ACCESS not in event_log.read_text(encoding="utf-8")
    # the configuration itself is unchanged by a sign-out
    assert dlg.agents_page.current_agent() is not None
    assert json.loads(dlg.agents_page.editor.server_json.toPlainText()) == {
        "type": "http",
        "url": URL,
        "oauth": True,
    }


def test_sign_out_is_disabled_without_tokens_and_hidden_for_stdio(
    qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any
) -> None:
    store_tokens("cam", URL)  # another server's tokens do not count
    dlg = make_dialog(qtbot, tmp_path)
    edit(dlg, "other")
    assert dlg.agents_page.editor.server_signout.isVisible()
    assert not dlg.agents_page.editor.server_signout.isEnabled()
    edit(dlg, "local")
    assert not dlg.agents_page.editor.server_signout.isVisible()
    edit(dlg, "cam")
    assert dlg.agents_page.editor.server_signout.isEnabled()
    # editing the URL in the JSON re-checks (after a short pause in typing): another URL, no tokens
    dlg.agents_page.editor.server_json.setPlainText(
        json.dumps({"type": "http", "url": "https://moved.example.test/mcp"})
    )
    qtbot.waitUntil(lambda: not dlg.agents_page.editor.server_signout.isEnabled(), timeout=3000)
    dlg.agents_page.editor.server_json.setPlainText(json.dumps({"type": "http", "url": URL}))
    qtbot.waitUntil(dlg.agents_page.editor.server_signout.isEnabled, timeout=3000)
    dlg.agents_page.show_import()
    assert not dlg.agents_page.editor.server_signout.isVisible()
    assert plaintext_keyring.get_password(KEYRING_SERVICE, keyring_user("cam", URL)) is not None


# -- no browser: the sign-in link is shown (app/widgets/sign_in_link.py) ------------------------


def _follow(url: str) -> int:
    """The person pastes the link into a browser: the authorisation page redirects to the callback."""
    with httpx.Client(trust_env=False, timeout=10) as http:
        first = http.get(url)
        assert first.status_code == 302, first.text
        return http.get(first.headers["location"]).status_code


@pytest.mark.asyncio
async def test_without_a_browser_the_link_is_shown_copied_and_the_sign_in_completes(
    qtbot: QtBot, event_log: Path, plaintext_keyring: Any, capfd: pytest.CaptureFixture[str]
) -> None:
    tried: list[str] = []

    def no_browser(url: str) -> bool:
        tried.append(url)
        return False  # what webbrowser.open answers when no browser can be started

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    quits = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)  # as app.launcher.run does: closing the dialog ends no loop
    links = SignInLinks(no_browser)
    proc, url = start_oauth()
    provider = McpToolProvider(
        language="en", settings=McpSettings(connect_timeout_s=20.0), open_url=links.open_url
    )
    server = McpServer(name="secure", transport="http", url=url, oauth=OAuthSettings(scopes="camera"))
    try:
        task = asyncio.ensure_future(provider.tools_for("agent_7", [server]))
        await until(lambda: links.dialogs or task.done(), within=10)
        [dialog] = links.dialogs
        assert dialog.isVisible()
        assert dialog.copy_button.text() == "Copy link"
        assert dialog.link.text() == tried[0] and dialog.link.isReadOnly()
        dialog.copy_button.click()
        assert QApplication.clipboard().text() == tried[0]
        assert dialog.copy_button.text() == "Copied"
        status = await asyncio.to_thread(_follow, QApplication.clipboard().text())
        assert status == 200
        tools = await asyncio.wait_for(task, 20)
        assert sorted(t.name for t in tools) == ["secure__echo", "secure__oauth_stats"]
        dialog.buttons.button(QDialogButtonBox.StandardButton.Close).click()
        assert links.dialogs == []
    finally:
        for left in list(links.dialogs):
            left.close()
        await provider.close()
        stop(proc)
        app.setQuitOnLastWindowClosed(quits)
    assert len(tried) == 1
    state = parse_qs(urlsplit(tried[0]).query)["state"][0]
    out, err = capfd.readouterr()
    for text in (event_log.read_text(encoding="utf-8"), out + err):
        assert state not in text and "/authorize" not in text
    assert [line.split(" ms=")[0] for line in log_lines(event_log) if line.startswith("mcp oauth")] == [
        "mcp oauth: agent=agent_7 server=secure action=browser",
        "mcp oauth: agent=agent_7 server=secure action=authorized",
    ]


def test_an_opened_browser_shows_no_dialog(qtbot: QtBot) -> None:
    opened: list[str] = []

    def browser(url: str) -> bool:
        opened.append(url)
        return True

    links = SignInLinks(browser)
    with qtbot.assertNotEmitted(links.requested):
        assert links.open_url("https://as.example.test/authorize?state=s1") is True
    QApplication.processEvents()  # what a queued request would have shown, it would show now
    assert opened == ["https://as.example.test/authorize?state=s1"] and links.dialogs == []
    failing = SignInLinks(lambda u: 1 / 0)
    assert failing.open_url("https://as.example.test/authorize?state=s2") is True
    qtbot.waitUntil(lambda: len(failing.dialogs) == 1, timeout=3000)
    [dialog] = failing.dialogs
    assert dialog.link.text() == "https://as.example.test/authorize?state=s2"
    assert dialog.windowTitle() == "Sign in to an MCP server"
    dialog.done(0)
    assert failing.dialogs == []


def test_sign_out_and_link_texts_are_translated(qtbot: QtBot, tmp_path: Path, plaintext_keyring: Any) -> None:
    from app.i18n import Translations
    from app.widgets.sign_in_link import SignInLinkDialog

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    translations = Translations(app)
    try:
        dlg = make_dialog(qtbot, tmp_path)
        edit(dlg, "cam")
        link = SignInLinkDialog("https://as.example.test/authorize?state=s3")
        qtbot.addWidget(link)
        link.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        for language, sign_out, tip, copy in (
            ("ja", "サインアウト", "このサーバーにはサインインしていません", "リンクをコピー"),
            ("zh", "退出登录", "未登录此服务器", "复制链接"),
            ("en", "Sign out", "Not signed in to this server", "Copy link"),
        ):
            assert translations.set_language(language)
            dlg.retranslate()
            link.retranslate()
            assert (
                dlg.agents_page.editor.server_signout.text(),
                dlg.agents_page.editor.server_signout.toolTip(),
                link.copy_button.text(),
            ) == (
                sign_out,
                tip,
                copy,
            )
    finally:
        translations.uninstall()
