"""The inline MCP server editor of the Agents page (no nested dialogs): one server as JSON, or a
pasted Claude Desktop block; for an http/sse server, "Sign out" forgets its stored OAuth tokens;
the folders the server may see (its MCP roots) are added and removed below the JSON
(``app.settings.server_roots``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.config import transport_of
from core.mcp.oauth_tokens import forget, signed_in

from .server_roots import RootsEditor


def parse_servers_json(text: str) -> dict[str, Any]:
    """A pasted Claude Desktop block (``{"mcpServers": {...}}``) or a bare ``{name: server}`` map."""
    data = json.loads(text)
    if isinstance(data, dict) and isinstance(data.get("mcpServers"), dict):
        data = data["mcpServers"]
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise ValueError('expected {"mcpServers": {name: {command, args, env}}} or {name: {...}}')
    return data


class ServerEditor(QWidget):
    """Edits the server map ``target()`` returns (the current agent's ``mcp_servers``)."""

    applied = Signal()  # the map changed: the page lists the servers again

    def __init__(self, target: Callable[[], dict[str, Any] | None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.target = target
        self._import_mode = False
        self._editing_server: str | None = None
        self.server_name = QLineEdit()
        self.server_json = QPlainTextEdit()
        self.server_json.setObjectName("toolText")
        self.server_json.setMaximumHeight(110)
        self.server_apply = QPushButton()
        self.server_apply.clicked.connect(self.apply_server)
        # OAuth sign-out of the edited http/sse server: enabled only while tokens are stored
        self.server_signout = QPushButton()
        self.server_signout.setVisible(False)
        self.server_signout.clicked.connect(self.sign_out_server)
        self._signout_timer = QTimer(self)
        self._signout_timer.setSingleShot(True)
        self._signout_timer.setInterval(300)
        self._signout_timer.timeout.connect(self.update_signout)
        self.roots = RootsEditor(self.server_json)  # the folders the server may see (MCP roots)
        self._signout_timer.timeout.connect(self.roots.refresh)
        self.server_json.textChanged.connect(self._signout_timer.start)
        self.server_name.textChanged.connect(self._signout_timer.start)
        self.server_error = QLabel()
        self.server_error.setObjectName("fieldError")
        self.server_error.setWordWrap(True)
        self.server_hint = QLabel()
        self.server_hint.setWordWrap(True)
        ev = QVBoxLayout(self)
        ev.setContentsMargins(0, 0, 0, 0)
        ev.addWidget(self.server_hint)
        ev.addWidget(self.server_name)
        ev.addWidget(self.server_json)
        ev.addWidget(self.roots)
        row = QHBoxLayout()
        row.addWidget(self.server_error, 1)
        row.addWidget(self.server_signout)
        row.addWidget(self.server_apply)
        ev.addLayout(row)
        self.setVisible(False)

    def retranslate(self) -> None:
        self.server_json.setAccessibleName(self.tr("Server JSON"))
        self.server_apply.setText(self.tr("Apply"))
        self.roots.retranslate()
        self.server_signout.setText(self.tr("Sign out"))
        self.retranslate_signout()
        self.server_name.setPlaceholderText(self.tr("server name (letters, digits, _ and -)"))
        self.server_hint.setText(
            self.tr(
                'Paste the whole Claude Desktop block {"mcpServers": {…}}; the servers are added to this agent.'
            )
            if self._import_mode
            else self.tr(
                'One server as JSON: {"command": …, "args": […]} or {"type": "http", "url": …}. '
                "No secrets here: write ${secret:NAME} and store NAME in the keyring."
            )
        )

    def open_editor(self, name: str, text: str, import_mode: bool) -> None:
        self._import_mode = import_mode
        self._editing_server = name if not import_mode else None
        self.server_name.setVisible(not import_mode)
        self.server_name.setText(name)
        self.server_json.setPlainText(text)
        self.server_error.clear()
        self.roots.setVisible(not import_mode)
        self.roots.refresh()
        self.setVisible(True)
        self.update_signout()
        self.retranslate()

    def _edited_remote(self) -> tuple[str, str] | None:
        """``(name, url)`` of the http/sse server in the editor, or ``None``."""
        if self._import_mode or self.isHidden():
            return None
        name = self.server_name.text().strip()
        try:
            spec = json.loads(self.server_json.toPlainText())
        except ValueError:
            return None
        if not name or not isinstance(spec, dict) or not isinstance(spec.get("url"), str):
            return None
        if transport_of(spec) not in ("http", "sse") or not spec["url"]:
            return None
        return name, spec["url"]

    def update_signout(self) -> None:
        """Show "Sign out" for http/sse servers; enabled only when tokens are stored (their
        presence is checked, they are never read out)."""
        remote = self._edited_remote()
        self.server_signout.setVisible(remote is not None)
        self.server_signout.setEnabled(remote is not None and signed_in(*remote))
        self.retranslate_signout()

    def retranslate_signout(self) -> None:
        self.server_signout.setToolTip(
            self.tr("Forget this server's sign-in (the OAuth tokens in the OS keyring)")
            if self.server_signout.isEnabled()
            else self.tr("Not signed in to this server")
        )

    def sign_out_server(self) -> None:
        remote = self._edited_remote()
        if remote is not None:
            forget(*remote)
        self.update_signout()

    def apply_server(self) -> bool:
        servers = self.target()
        if servers is None:
            return False
        text = self.server_json.toPlainText()
        try:
            if self._import_mode:
                new = parse_servers_json(text)
            else:
                spec = json.loads(text)
                name = self.server_name.text().strip()
                if not isinstance(spec, dict) or not name:
                    raise ValueError(self.tr("a server needs a name and a JSON object"))
                new = {name: spec}
        except (ValueError, json.JSONDecodeError) as exc:
            self.server_error.setText(str(exc))
            return False
        if self._editing_server and self._editing_server not in new:
            servers.pop(self._editing_server, None)
        servers.update(new)
        self.setVisible(False)
        self.applied.emit()
        return True
