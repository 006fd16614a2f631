"""The Agents page of the settings dialog: name, template, system prompt, MCP servers (with the
inline server editor), connected agents and built-in tools of each agent."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.config import BUILTIN_TOOLS, DEFAULT_BUILTIN_TOOLS

from .server_editor import ServerEditor


def server_summary(name: str, spec: dict[str, Any]) -> str:
    if "url" in spec:
        return f"{name} — {spec.get('type', 'http')}: {spec['url']}"
    args = " ".join(str(a) for a in spec.get("args", []))
    return f"{name} — stdio: {spec.get('command', '')} {args}".rstrip()


class AgentsPage(QWidget):
    """Edits ``data["agents"]`` (the JSON form of the configuration, shared with the dialog).
    The dialog calls ``retranslate`` when the language changes."""

    shown = Signal()  # another agent is on screen: the dialog marks its fields

    def __init__(self, data: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data = data
        self._loading = False
        self.agent_list = QListWidget()
        self.agent_list.currentRowChanged.connect(self.show_agent)
        self.a_name = QLineEdit()
        self.a_template = QComboBox()
        self.a_prompt = QPlainTextEdit()
        self.a_prompt.setMaximumHeight(90)
        self.a_name.textEdited.connect(lambda v: self._set_agent("name", v))
        self.a_template.currentTextChanged.connect(lambda v: self._set_agent("template", v) if v else None)
        self.a_prompt.textChanged.connect(
            lambda: self._set_agent("system_prompt", self.a_prompt.toPlainText())
        )
        self.a_servers = QListWidget()
        self.a_servers.setMaximumHeight(90)
        self.server_add = QPushButton()
        self.server_edit = QPushButton()
        self.server_remove = QPushButton()
        self.server_paste = QPushButton()
        self.server_add.clicked.connect(self.add_server)
        self.server_edit.clicked.connect(self.edit_server)
        self.server_remove.clicked.connect(self.remove_server)
        self.server_paste.clicked.connect(self.show_import)
        sb = QHBoxLayout()
        for b in (self.server_add, self.server_edit, self.server_remove, self.server_paste):
            sb.addWidget(b)
        sb.addStretch(1)
        self.editor = ServerEditor(lambda: a["mcp_servers"] if (a := self.current_agent()) else None)
        self.editor.applied.connect(self.refresh_servers)
        self.a_connected = QListWidget()
        self.a_connected.setMaximumHeight(70)
        self.a_connected.itemChanged.connect(self._connected_changed)
        # built-in tools (S02-7, S02-8): execute_code runs code on this computer, so it is opt-in
        self.a_builtin = QWidget()
        self.a_builtin_boxes = {name: QCheckBox() for name in BUILTIN_TOOLS}
        bl = QVBoxLayout(self.a_builtin)
        bl.setContentsMargins(0, 0, 0, 0)
        for box in self.a_builtin_boxes.values():
            box.toggled.connect(self._builtin_changed)
            bl.addWidget(box)
        self.agent_form = QFormLayout()
        self.a_labels = [QLabel() for _ in range(6)]
        servers = QVBoxLayout()
        servers.setContentsMargins(0, 0, 0, 0)  # lines up with the other fields of the form
        servers.addWidget(self.a_servers)
        servers.addLayout(sb)
        servers.addWidget(self.editor)
        sw = QWidget()
        sw.setLayout(servers)
        for label, field in zip(
            self.a_labels,
            (self.a_name, self.a_template, self.a_prompt, sw, self.a_connected, self.a_builtin),
            strict=True,
        ):
            self.agent_form.addRow(label, field)
        h = QHBoxLayout(self)
        h.addWidget(self.agent_list, 1)
        right = QVBoxLayout()
        right.addLayout(self.agent_form)
        right.addStretch(1)
        h.addLayout(right, 3)

    # ================================================================= text
    def retranslate(self) -> None:
        self.agent_list.setAccessibleName(self.tr("Agents"))
        self.a_servers.setAccessibleName(self.tr("MCP servers"))
        for label, text in zip(
            self.a_labels,
            (
                self.tr("Name"),
                self.tr("Template"),
                self.tr("System prompt"),
                self.tr("MCP servers"),
                self.tr("Connected agents"),
                self.tr("Built-in tools"),
            ),
            strict=True,
        ):
            label.setText(text)
        self.a_builtin_boxes["ask_user_question"].setText(self.tr("May ask me questions (ask_user_question)"))
        self.a_builtin_boxes["execute_code"].setText(
            self.tr("May run Python code on this computer (execute_code)")
        )
        self.server_add.setText(self.tr("Add"))
        self.server_edit.setText(self.tr("Edit"))
        self.server_remove.setText(self.tr("Remove"))
        self.server_paste.setText(self.tr("Paste Claude Desktop JSON…"))
        self.editor.retranslate()

    # ================================================================= list
    def fill(self) -> None:
        """Refill the agent list and the template choice from ``data`` (the dialog then selects)."""
        self._loading = True
        self.agent_list.clear()
        for a in self.data["agents"]:
            self.agent_list.addItem(a["name"] or a["id"])
        self.a_template.clear()
        self.a_template.addItems([t["name"] for t in self.data["templates"]])
        self._loading = False

    def select(self, row: int) -> None:
        if self.data["agents"]:
            self.agent_list.setCurrentRow(min(row, len(self.data["agents"]) - 1))
        self.show_agent(self.agent_list.currentRow())

    def current_agent(self) -> dict[str, Any] | None:
        row = self.agent_list.currentRow()
        return self.data["agents"][row] if 0 <= row < len(self.data["agents"]) else None

    def field_widgets(self) -> dict[str, QWidget]:
        """The widget of each key path of the agent on screen (problems are marked on it)."""
        row = self.agent_list.currentRow()
        keys = ("name", "template", "mcp_servers", "connected", "builtin_tools")
        widgets = (self.a_name, self.a_template, self.a_servers, self.a_connected, self.a_builtin)
        return {f"agents[{row}].{k}": w for k, w in zip(keys, widgets, strict=True)}

    # ================================================================= agents
    def show_agent(self, _row: int) -> None:
        a = self.current_agent()
        self._loading = True
        if a is not None:
            self.a_name.setText(a["name"])
            self.a_template.setCurrentText(a["template"])
            self.a_prompt.setPlainText(a.get("system_prompt", ""))
            self.refresh_servers()
            self.a_connected.clear()
            for other in self.data["agents"]:
                if other["id"] == a["id"]:
                    continue
                item = QListWidgetItem(other["name"] or other["id"])
                item.setData(Qt.ItemDataRole.UserRole, other["id"])
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(
                    Qt.CheckState.Checked
                    if other["id"] in a.get("connected", [])
                    else Qt.CheckState.Unchecked
                )
                self.a_connected.addItem(item)
            chosen = a.get("builtin_tools", list(DEFAULT_BUILTIN_TOOLS))
            for name, box in self.a_builtin_boxes.items():
                box.setChecked(name in chosen)
        self._loading = False
        self.editor.setVisible(False)
        self.shown.emit()

    def _set_agent(self, key: str, value: Any) -> None:
        a = self.current_agent()
        if self._loading or a is None:
            return
        a[key] = value
        if key == "name":
            self.agent_list.currentItem().setText(value or a["id"])

    def _connected_changed(self, _item: QListWidgetItem) -> None:
        a = self.current_agent()
        if self._loading or a is None:
            return
        a["connected"] = [
            self.a_connected.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.a_connected.count())
            if self.a_connected.item(i).checkState() == Qt.CheckState.Checked
        ]

    def _builtin_changed(self, _checked: bool) -> None:
        a = self.current_agent()
        if self._loading or a is None:
            return
        a["builtin_tools"] = [name for name, box in self.a_builtin_boxes.items() if box.isChecked()]

    # ================================================================= servers
    def refresh_servers(self) -> None:
        a = self.current_agent()
        self.a_servers.clear()
        for name, spec in (a or {}).get("mcp_servers", {}).items():
            item = QListWidgetItem(server_summary(name, spec))
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.a_servers.addItem(item)

    def add_server(self) -> None:
        self.editor.open_editor("", json.dumps({"command": "", "args": []}, indent=2), False)

    def edit_server(self) -> None:
        a, item = self.current_agent(), self.a_servers.currentItem()
        if a is None or item is None:
            return
        name = item.data(Qt.ItemDataRole.UserRole)
        self.editor.open_editor(name, json.dumps(a["mcp_servers"][name], indent=2, ensure_ascii=False), False)

    def remove_server(self) -> None:
        a, item = self.current_agent(), self.a_servers.currentItem()
        if a is None or item is None:
            return
        a["mcp_servers"].pop(item.data(Qt.ItemDataRole.UserRole), None)
        self.refresh_servers()

    def show_import(self) -> None:
        self.editor.open_editor("", "", True)
