"""The Agents page of the settings dialog: agents added and removed (with confirmation), and the
id (while unsaved), name, template, system prompt, MCP servers (with the inline server editor),
connected agents and built-in tools of each agent."""

from __future__ import annotations

import json
from collections.abc import Callable
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
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core.config import BUILTIN_TOOLS, DEFAULT_BUILTIN_TOOLS

from .agent_roster import id_problem, new_agent, remove_agent
from .server_editor import ServerEditor
from .template_refs import TemplateRefs


def server_summary(name: str, spec: dict[str, Any]) -> str:
    if "url" in spec:
        return f"{name} — {spec.get('type', 'http')}: {spec['url']}"
    args = " ".join(str(a) for a in spec.get("args", []))
    return f"{name} — stdio: {spec.get('command', '')} {args}".rstrip()


class AgentsPage(QWidget):
    """Edits ``data["agents"]`` (the JSON form of the configuration, shared with the dialog).
    The dialog calls ``retranslate`` when the language changes."""

    shown = Signal()  # another agent is on screen: the dialog marks its fields
    roster_changed = Signal()  # an agent was added or removed

    def __init__(
        self,
        data: dict[str, Any],
        refs: TemplateRefs,
        running: Callable[[str], bool] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.data = data
        self.refs = refs
        self.running = running or (lambda _agent_id: False)
        self.unsaved: list[dict[str, Any]] = []  # agents added since the last save: their id is editable
        self._loading = False
        self.agent_list = QListWidget()
        self.agent_list.currentRowChanged.connect(self.show_agent)
        self.agent_add = QPushButton()
        self.agent_remove = QPushButton()
        self.agent_add.clicked.connect(self.add_agent)
        self.agent_remove.clicked.connect(self.confirm_remove)
        self.confirm_box: QMessageBox | None = None
        self.a_id = QLineEdit()
        self.a_id.textEdited.connect(self._id_edited)
        self.a_id_error = QLabel()
        self.a_id_error.setObjectName("fieldError")
        self.a_name = QLineEdit()
        self.a_template = QComboBox()
        self.a_prompt = QPlainTextEdit()
        self.a_prompt.setMaximumHeight(90)
        self.a_name.textEdited.connect(lambda v: self._set_agent("name", v))
        self.a_template.currentIndexChanged.connect(self._template_chosen)
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
        # issue 14: a summary of the earlier turns left out of the context (one model call), opt-in
        self.a_summarize = QCheckBox()
        self.a_summarize.toggled.connect(lambda on: self._set_agent("summarize_earlier", on))
        self.agent_form = QFormLayout()
        self.a_labels = [QLabel() for _ in range(8)]
        servers = QVBoxLayout()
        servers.setContentsMargins(0, 0, 0, 0)  # lines up with the other fields of the form
        servers.addWidget(self.a_servers)
        servers.addLayout(sb)
        servers.addWidget(self.editor)
        sw = QWidget()
        sw.setLayout(servers)
        idw = QWidget()
        idl = QVBoxLayout(idw)
        idl.setContentsMargins(0, 0, 0, 0)
        idl.addWidget(self.a_id)
        idl.addWidget(self.a_id_error)
        for label, field in zip(
            self.a_labels,
            (
                idw,
                self.a_name,
                self.a_template,
                self.a_prompt,
                sw,
                self.a_connected,
                self.a_builtin,
                self.a_summarize,
            ),
            strict=True,
        ):
            self.agent_form.addRow(label, field)
        self.a_labels[0].setBuddy(self.a_id)  # the id's label names the field, not its wrapper
        h = QHBoxLayout(self)
        left = QVBoxLayout()
        left.addWidget(self.agent_list, 1)
        left.addWidget(self.agent_add)
        left.addWidget(self.agent_remove)
        h.addLayout(left, 1)
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
                self.tr("Id"),
                self.tr("Name"),
                self.tr("Template"),
                self.tr("System prompt"),
                self.tr("MCP servers"),
                self.tr("Connected agents"),
                self.tr("Built-in tools"),
                self.tr("Context"),
            ),
            strict=True,
        ):
            label.setText(text)
        self.a_summarize.setText(
            self.tr("Summarize earlier turns left out to fit the model (one more model call)")
        )
        self.a_builtin_boxes["ask_user_question"].setText(self.tr("May ask me questions (ask_user_question)"))
        self.a_builtin_boxes["watch_camera"].setText(
            self.tr("May start watching a camera when I ask, after I confirm (watch_camera)")
        )
        self.a_builtin_boxes["execute_code"].setText(
            self.tr("May run Python code on this computer (execute_code)")
        )
        self.agent_add.setText(self.tr("Add agent"))
        self.agent_remove.setText(self.tr("Remove agent"))
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
        keys = ("id", "name", "template", "mcp_servers", "connected", "builtin_tools")
        widgets = (self.a_id, self.a_name, self.a_template, self.a_servers, self.a_connected, self.a_builtin)
        return {f"agents[{row}].{k}": w for k, w in zip(keys, widgets, strict=True)}

    # ================================================================= agents
    def show_agent(self, _row: int) -> None:
        a = self.current_agent()
        self._loading = True
        self.agent_remove.setEnabled(a is not None)
        self.a_id_error.clear()
        if a is not None:
            self.a_id.setText(a["id"])
            self.a_id.setReadOnly(not any(x is a for x in self.unsaved))
            self.a_name.setText(a["name"])
            owner = self.refs.owner(a)
            index = next((i for i, t in enumerate(self.data["templates"]) if t is owner), -1)
            self.a_template.setCurrentIndex(index)
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
            self.a_summarize.setChecked(bool(a.get("summarize_earlier", False)))
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

    # ================================================================= add, remove
    def add_agent(self) -> None:
        """A new agent with a free id, on the template of the agent on screen (or the first)."""
        shown = self.current_agent()
        owner = self.refs.owner(shown) if shown else None
        template = owner or (self.data["templates"][0] if self.data["templates"] else None)
        names = {a["name"] for a in self.data["agents"]}
        name, n = self.tr("New agent"), 2
        while name in names:
            name, n = f"{self.tr('New agent')} {n}", n + 1
        agent = new_agent(self.data, name, template["name"] if template else "")
        self.data["agents"].append(agent)
        self.refs.bind(agent, template)
        self.unsaved.append(agent)
        self.roster_changed.emit()
        self.select(len(self.data["agents"]) - 1)

    def confirm_remove(self) -> None:
        a = self.current_agent()
        if a is None:
            return
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Remove agent"), "", parent=self)
        box.setObjectName("removeAgentBox")
        text = self.tr("Remove {name} ({id})? Its conversations stay in the store.").format(
            name=a["name"] or a["id"], id=a["id"]
        )
        if self.running(a["id"]):
            text += "\n" + self.tr("Its running turn is stopped when you save.")
        box.setText(text)
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
        box.button(QMessageBox.StandardButton.Yes).setText(self.tr("Remove"))
        box.button(QMessageBox.StandardButton.Cancel).setText(self.tr("Cancel"))
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        row = self.agent_list.currentRow()
        box.finished.connect(
            lambda result: self.remove_agent(row) if result == QMessageBox.StandardButton.Yes else None
        )
        self.confirm_box = box
        box.open()  # never exec(): no nested event loop

    def remove_agent(self, row: int) -> None:
        if not 0 <= row < len(self.data["agents"]):
            return
        agent = remove_agent(self.data, row)
        self.refs.bind(agent, None)
        self.unsaved = [a for a in self.unsaved if a is not agent]
        self.roster_changed.emit()
        self.select(max(row - 1, 0))

    def _id_edited(self, text: str) -> None:
        a = self.current_agent()
        if self._loading or a is None or self.a_id.isReadOnly():
            return
        problem = id_problem(self.data, a, text.strip())
        self.a_id_error.setText(
            ""
            if problem is None
            else self.tr("Letters, digits, _ and - (at most 48)")
            if problem == "format"
            else self.tr("Another agent has this id")
        )
        old = a["id"]
        a["id"] = text.strip()
        for other in self.data["agents"]:
            if old in other.get("connected", []):
                other["connected"] = [a["id"] if x == old else x for x in other["connected"]]
        if not a["name"]:
            self.agent_list.currentItem().setText(a["id"])

    def _template_chosen(self, index: int) -> None:
        a = self.current_agent()
        if self._loading or a is None or not 0 <= index < len(self.data["templates"]):
            return
        template = self.data["templates"][index]
        a["template"] = template["name"]
        self.refs.bind(a, template)

    def refresh_template_names(self) -> None:
        """A template was renamed: the choice shows the new names (the selection stays)."""
        self._loading = True
        for i, t in enumerate(self.data["templates"][: self.a_template.count()]):
            self.a_template.setItemText(i, t["name"])
        self._loading = False

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
