"""The settings dialog: keys only in the OS keyring, inline validation, nothing invalid saved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import keyring.backends.fail
from pytestqt.qtbot import QtBot

from app.keys import KeyStore
from app.settings import SettingsDialog, parse_servers_json
from core.config import Config, parse_config
from core.log import LOG
from core.paths import KEYRING_SERVICE as SERVICE
from tests.fakes.configs import settings_config
from tests.fakes.logs import log_lines

SECRET = "fuseforks-test-secret-7Q2xLp9vW"  # no well-known key shape: only register_secret hides it


def dialog(qtbot: QtBot, keys: KeyStore, path: Path) -> SettingsDialog:
    dlg = SettingsDialog(settings_config(), keys, path=path)
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def every_file_containing(root: Path, needle: bytes, skip: set[Path]) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file() and p not in skip and needle in p.read_bytes()]


def set_key_in_dialog(qtbot: QtBot, dlg: SettingsDialog) -> None:
    dlg.tabs.setCurrentIndex(0)
    dlg.templates_page.template_list.setCurrentRow(0)
    assert dlg.templates_page.key_state.text() == "No key stored"
    qtbot.keyClicks(dlg.templates_page.key_input, SECRET)
    dlg.templates_page.key_store_button.click()


def check_key_only_in_keyring(
    dlg: SettingsDialog, backend: Any, cfg_path: Path, log: Path, roots: list[Path], skip: set[Path]
) -> None:
    assert backend.get_password(SERVICE, "claude") == SECRET
    assert dlg.templates_page.key_input.text() == ""  # never shown again
    assert dlg.templates_page.key_state.text() == "Key present in the OS keyring"
    assert dlg.save()
    LOG.event("probe", value=SECRET)  # even a careless caller cannot log it now
    text = cfg_path.read_text(encoding="utf-8")
    assert SECRET not in text
    assert '"key": "claude"' in text
    assert SECRET not in log.read_text(encoding="utf-8")
    assert "probe: value=[redacted]" in log_lines(log)
    assert "key stored: entry=claude session_only=false" in log_lines(log)
    for root in roots:
        assert every_file_containing(root, SECRET.encode(), skip) == []


def test_key_goes_to_the_file_keyring_only(
    qtbot: QtBot, tmp_path: Path, event_log: Path, plaintext_keyring: Any
) -> None:
    keys = KeyStore()  # the process default, which the fixture points at keyrings.alt in tmp
    cfg_path = tmp_path / "cfg" / "fuseforks.json"
    dlg = dialog(qtbot, keys, cfg_path)
    set_key_in_dialog(qtbot, dlg)
    keyring_file = Path(plaintext_keyring.file_path)
    assert keyring_file.exists()
    check_key_only_in_keyring(
        dlg, plaintext_keyring, cfg_path, event_log, [tmp_path, Path.home()], {keyring_file}
    )
    # delete
    dlg.templates_page.key_delete_button.click()
    assert plaintext_keyring.get_password(SERVICE, "claude") is None
    assert dlg.templates_page.key_state.text() == "No key stored"


def test_key_goes_to_the_secret_service(
    qtbot: QtBot, tmp_path: Path, event_log: Path, secret_service: Any
) -> None:
    backend, _home = secret_service
    keys = KeyStore(backend)
    cfg_path = tmp_path / "cfg" / "fuseforks.json"
    dlg = dialog(qtbot, keys, cfg_path)
    set_key_in_dialog(qtbot, dlg)
    # the daemon keeps its own (encrypted) store under the throwaway HOME; nothing of ours has it
    check_key_only_in_keyring(dlg, backend, cfg_path, event_log, [tmp_path], set())
    dlg.templates_page.key_delete_button.click()
    assert backend.get_password(SERVICE, "claude") is None


def test_no_keyring_offers_session_only(qtbot: QtBot, tmp_path: Path, event_log: Path) -> None:
    keys = KeyStore(keyring.backends.fail.Keyring())
    dlg = dialog(qtbot, keys, tmp_path / "fuseforks.json")
    set_key_in_dialog(qtbot, dlg)
    assert dlg.templates_page.key_message.text().startswith("No OS keyring is available on this system")
    assert dlg.templates_page.key_session_button.isVisible()
    assert not keys.present("claude")
    dlg.templates_page.key_session_button.click()
    assert keys.present("claude") and keys.in_session("claude")
    assert keys.get("claude") == SECRET
    assert dlg.templates_page.key_state.text() == "Key present (kept for this session only)"
    assert dlg.templates_page.key_input.text() == ""
    assert every_file_containing(tmp_path, SECRET.encode(), set()) == []


class NoDbusKeyring(keyring.backend.KeyringBackend):
    """Like the Secret Service backend on a desktop without a D-Bus session: its own exception,
    not a keyring.errors.KeyringError."""

    priority = 1

    def get_password(self, service: str, username: str) -> str | None:
        raise RuntimeError("Environment variable DBUS_SESSION_BUS_ADDRESS is unset")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise RuntimeError("Environment variable DBUS_SESSION_BUS_ADDRESS is unset")

    def delete_password(self, service: str, username: str) -> None:
        raise RuntimeError("Environment variable DBUS_SESSION_BUS_ADDRESS is unset")


def test_a_keyring_that_fails_with_its_own_error_is_no_key_and_never_crashes(
    qtbot: QtBot, tmp_path: Path
) -> None:
    keys = KeyStore(NoDbusKeyring())
    assert keys.get("claude") is None and not keys.present("claude")
    dlg = dialog(qtbot, keys, tmp_path / "fuseforks.json")
    dlg.templates_page.update_key_state()  # reads the keyring: must not raise
    set_key_in_dialog(qtbot, dlg)
    assert dlg.templates_page.key_session_button.isVisible()  # storing failed: session-only is offered
    dlg.templates_page.key_session_button.click()
    assert keys.get("claude") == SECRET and keys.in_session("claude")


def test_invalid_settings_are_refused(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "fuseforks.json"
    dlg = dialog(qtbot, KeyStore(keyring.backends.fail.Keyring()), path)
    saved: list[Config] = []
    dlg.saved.connect(saved.append)
    dlg.templates_page.template_list.setCurrentRow(0)
    dlg.templates_page.t_base_url.clear()
    qtbot.keyClicks(dlg.templates_page.t_base_url, "ftp://x.example")
    assert not dlg.save()
    assert dlg.problems_label.text() == (
        'templates[0].base_url: expected an http:// or https:// URL, got the string "ftp://x.example"'
    )
    assert "#b42318" in dlg.templates_page.t_base_url.styleSheet()
    assert (
        dlg.templates_page.t_base_url.toolTip()
        == 'expected an http:// or https:// URL, got the string "ftp://x.example"'
    )
    assert not path.exists() and saved == []
    # fix it: saved, and the mark goes away
    dlg.templates_page.t_base_url.clear()
    qtbot.keyClicks(dlg.templates_page.t_base_url, "https://api.anthropic.com/v1")
    assert dlg.save()
    assert path.exists() and len(saved) == 1
    assert dlg.problems_label.text() == "" and dlg.templates_page.t_base_url.styleSheet() == ""


def test_invalid_mcp_server_is_refused(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "fuseforks.json"
    dlg = dialog(qtbot, KeyStore(keyring.backends.fail.Keyring()), path)
    dlg.tabs.setCurrentIndex(1)
    dlg.agents_page.agent_list.setCurrentRow(0)
    dlg.agents_page.server_paste.click()
    dlg.agents_page.editor.server_json.setPlainText("{not json")
    assert not dlg.agents_page.editor.apply_server()
    assert dlg.agents_page.editor.server_error.text().startswith("Expecting property name")
    dlg.agents_page.editor.server_json.setPlainText(
        '{"mcpServers": {"cam": {"type": "http", "url": "http://camera.example/mcp"},'
        ' "fs": {"command": "npx", "args": ["-y", "fs"]}}}'
    )
    dlg.agents_page.editor.server_apply.click()
    assert [dlg.agents_page.a_servers.item(i).text() for i in range(dlg.agents_page.a_servers.count())] == [
        "cam — http: http://camera.example/mcp",
        "fs — stdio: npx -y fs",
    ]
    assert not dlg.save()
    assert dlg.problems_label.text() == (
        "agents[0].mcp_servers.cam.url: plain http is allowed only for loopback addresses; use https"
    )
    assert "#b42318" in dlg.agents_page.a_servers.styleSheet()
    assert not path.exists()
    dlg.agents_page.a_servers.setCurrentRow(0)
    dlg.agents_page.server_remove.click()
    assert dlg.save()
    assert '"fs": {' in path.read_text(encoding="utf-8")


def test_template_add_duplicate_delete(qtbot: QtBot, tmp_path: Path) -> None:
    dlg = dialog(qtbot, KeyStore(keyring.backends.fail.Keyring()), tmp_path / "f.json")
    dlg.templates_page.template_list.setCurrentRow(0)
    dlg.templates_page.dup_template_button.click()
    assert [t["name"] for t in dlg.data["templates"]] == ["Claude", "Gemini", "Claude copy"]
    dlg.templates_page.add_template_button.click()
    assert dlg.data["templates"][-1]["name"] == "New template"
    dlg.templates_page.t_protocol.setCurrentText(
        "gemini"
    )  # an untouched default base URL follows the protocol
    assert dlg.data["templates"][-1]["base_url"] == "https://generativelanguage.googleapis.com/v1beta"
    assert not dlg.save()  # the new template has no model yet
    assert dlg.problems_label.text() == "templates[3].model: expected a non-empty string"
    dlg.templates_page.del_template_button.click()
    dlg.templates_page.template_list.setCurrentRow(0)
    dlg.templates_page.del_template_button.click()  # Claude is used by Ava: refused
    assert (
        dlg.problems_label.text() == "templates[0].name: used by Ava; choose another template for them first"
    )
    assert [t["name"] for t in dlg.data["templates"]] == ["Claude", "Gemini", "Claude copy"]
    assert dlg.save()


def test_paste_formats() -> None:
    assert parse_servers_json('{"mcpServers": {"a": {"command": "x"}}}') == {"a": {"command": "x"}}
    assert parse_servers_json('{"a": {"url": "https://h/mcp"}}') == {"a": {"url": "https://h/mcp"}}


def test_shipped_templates_are_valid(qtbot: QtBot, tmp_path: Path) -> None:
    from app.settings import default_templates

    shipped = default_templates()
    assert sorted(t["protocol"] for t in shipped) == sorted(
        [
            "anthropic",
            "openai-compat",
            "gemini",
            "openai-responses",
            "xai-responses",
            "meta-responses",
            "perplexity-responses",
            "offline-demo",
        ]
    )
    wires_only = [t for t in shipped if t["protocol"] != "offline-demo"]
    cfg = parse_config({"templates": wires_only})
    assert len(cfg.templates) == 7
    dlg = dialog(qtbot, KeyStore(keyring.backends.fail.Keyring()), tmp_path / "f.json")
    dlg.templates_page.template_list.setCurrentRow(1)  # Gemini
    assert dlg.templates_page.t_model.placeholderText() == "for example gemini-2.5-flash"
