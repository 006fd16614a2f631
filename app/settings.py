"""The settings dialog (non-modal: ``open()``, never ``exec()``).

It edits the JSON form of the configuration and validates it with ``core.config.parse_config``:
every problem is shown inline (the list at the bottom, and the field itself when it is on screen)
and nothing invalid is saved. Keys are stored straight into the OS keyring from the template page;
the dialog only ever shows whether a key is present.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from core.config import (
    BUILTIN_TOOLS,
    DEFAULT_BASE_URLS,
    DEFAULT_BUILTIN_TOOLS,
    LANGUAGES,
    PROTOCOLS,
    Config,
    ConfigError,
    config_to_json,
    default_config_path,
    new_template,
    parse_config,
    save_config,
    transport_of,
)
from core.log import event
from core.mcp.oauth import forget, signed_in

from .keys import KeyringUnavailable, KeyStore

LANGUAGE_NAMES = {"ja": "日本語", "en": "English", "zh": "中文"}
_INDEX = re.compile(r"^(templates|agents)\[(\d+)\]\.?([A-Za-z_]*)")


DEFAULT_TEMPLATES = Path(__file__).resolve().parents[1] / "resources" / "templates.json"


def default_templates() -> list[dict[str, Any]]:
    """The starting points shipped in ``resources/templates.json`` (no keys, only entry names)."""
    try:
        data = json.loads(DEFAULT_TEMPLATES.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [t for t in data.get("templates", []) if isinstance(t, dict)]


def key_name_for(template_name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", template_name.strip()).strip("-").lower() or "key"


def server_summary(name: str, spec: dict[str, Any]) -> str:
    if "url" in spec:
        return f"{name} — {spec.get('type', 'http')}: {spec['url']}"
    args = " ".join(str(a) for a in spec.get("args", []))
    return f"{name} — stdio: {spec.get('command', '')} {args}".rstrip()


def parse_servers_json(text: str) -> dict[str, Any]:
    """A pasted Claude Desktop block (``{"mcpServers": {...}}``) or a bare ``{name: server}`` map."""
    data = json.loads(text)
    if isinstance(data, dict) and isinstance(data.get("mcpServers"), dict):
        data = data["mcpServers"]
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise ValueError('expected {"mcpServers": {name: {command, args, env}}} or {name: {...}}')
    return data


class SettingsDialog(QDialog):
    saved = Signal(object)  # Config

    def __init__(
        self, config: Config, keys: KeyStore, parent: QWidget | None = None, path: Path | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setModal(False)
        self.keys = keys
        self.path = path or config.path or default_config_path()
        self.data: dict[str, Any] = copy.deepcopy(config_to_json(config))
        self.problems: list[tuple[str, str]] = []
        self._loading = False
        self._editing_server: str | None = None
        self.resize(860, 620)

        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_templates(), "")
        self.tabs.addTab(self._build_agents(), "")
        self.tabs.addTab(self._build_village(), "")

        self.problems_label = QLabel("")
        self.problems_label.setObjectName("fieldError")
        self.problems_label.setWordWrap(True)
        self.problems_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.saved_label = QLabel("")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Close
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Save).clicked.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(self.saved_label, 1)
        bottom.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.problems_label)
        layout.addLayout(bottom)

        self.reload_lists()
        self.retranslate()

    # ================================================================= building
    def _build_templates(self) -> QWidget:
        page = QWidget()
        self.template_list = QListWidget()
        self.template_list.currentRowChanged.connect(self.show_template)
        self.add_template_button = QPushButton()
        self.dup_template_button = QPushButton()
        self.del_template_button = QPushButton()
        self.add_template_button.clicked.connect(self.add_template)
        self.dup_template_button.clicked.connect(self.duplicate_template)
        self.del_template_button.clicked.connect(self.delete_template)
        left = QVBoxLayout()
        left.addWidget(self.template_list, 1)
        for b in (self.add_template_button, self.dup_template_button, self.del_template_button):
            left.addWidget(b)

        self.t_name = QLineEdit()
        self.t_protocol = QComboBox()
        self.t_protocol.addItems(list(PROTOCOLS))
        self.t_base_url = QLineEdit()
        self.t_model = QLineEdit()
        self.t_tools = QCheckBox()
        self.t_images = QCheckBox()
        self.t_key_name = QLineEdit()
        self.t_name.textEdited.connect(lambda v: self._set_template("name", v.strip()))
        self.t_protocol.currentTextChanged.connect(self._protocol_changed)
        self.t_base_url.textEdited.connect(lambda v: self._set_template("base_url", v.strip()))
        self.t_model.textEdited.connect(lambda v: self._set_template("model", v.strip()))
        self.t_tools.toggled.connect(lambda v: self._set_template("tools", v))
        self.t_images.toggled.connect(lambda v: self._set_template("reads_images", v))
        self.t_key_name.textEdited.connect(lambda v: self._set_template("key", v.strip() or None))
        self.template_form = QFormLayout()
        self.t_labels = [QLabel() for _ in range(7)]
        for label, field in zip(
            self.t_labels,
            (
                self.t_name,
                self.t_protocol,
                self.t_base_url,
                self.t_model,
                self.t_tools,
                self.t_images,
                self.t_key_name,
            ),
            strict=True,
        ):
            self.template_form.addRow(label, field)

        # key box
        self.key_box = QGroupBox()
        self.key_input = QLineEdit()
        self.key_input.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_input.setObjectName("keyInput")
        self.key_store_button = QPushButton()
        self.key_delete_button = QPushButton()
        self.key_session_button = QPushButton()
        self.key_session_button.setVisible(False)
        self.key_state = QLabel()
        self.key_state.setObjectName("keyState")
        self.key_message = QLabel()
        self.key_message.setObjectName("fieldError")
        self.key_message.setWordWrap(True)
        self.key_store_button.clicked.connect(self.store_key)
        self.key_delete_button.clicked.connect(self.delete_key)
        self.key_session_button.clicked.connect(self.keep_for_session)
        kr = QHBoxLayout()
        kr.addWidget(self.key_input, 1)
        kr.addWidget(self.key_store_button)
        kr.addWidget(self.key_delete_button)
        kv = QVBoxLayout(self.key_box)
        kv.addLayout(kr)
        kv.addWidget(self.key_state)
        kv.addWidget(self.key_message)
        kv.addWidget(self.key_session_button, 0, Qt.AlignmentFlag.AlignLeft)

        right = QVBoxLayout()
        right.addLayout(self.template_form)
        right.addWidget(self.key_box)
        right.addStretch(1)
        h = QHBoxLayout(page)
        h.addLayout(left, 1)
        h.addLayout(right, 2)
        return page

    def _build_agents(self) -> QWidget:
        page = QWidget()
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
        # inline server editor / import area (no nested dialogs)
        self.server_editor = QWidget()
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
        self.server_json.textChanged.connect(self._signout_timer.start)
        self.server_name.textChanged.connect(self._signout_timer.start)
        self.server_error = QLabel()
        self.server_error.setObjectName("fieldError")
        self.server_error.setWordWrap(True)
        self.server_hint = QLabel()
        self.server_hint.setWordWrap(True)
        ev = QVBoxLayout(self.server_editor)
        ev.setContentsMargins(0, 0, 0, 0)
        ev.addWidget(self.server_hint)
        ev.addWidget(self.server_name)
        ev.addWidget(self.server_json)
        row = QHBoxLayout()
        row.addWidget(self.server_error, 1)
        row.addWidget(self.server_signout)
        row.addWidget(self.server_apply)
        ev.addLayout(row)
        self.server_editor.setVisible(False)
        self._import_mode = False
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
        servers.addWidget(self.server_editor)
        sw = QWidget()
        sw.setLayout(servers)
        for label, field in zip(
            self.a_labels,
            (self.a_name, self.a_template, self.a_prompt, sw, self.a_connected, self.a_builtin),
            strict=True,
        ):
            self.agent_form.addRow(label, field)
        h = QHBoxLayout(page)
        h.addWidget(self.agent_list, 1)
        right = QVBoxLayout()
        right.addLayout(self.agent_form)
        right.addStretch(1)
        h.addLayout(right, 3)
        return page

    def _build_village(self) -> QWidget:
        page = QWidget()
        self.v_name = QLineEdit()
        self.v_language = QComboBox()
        for code in LANGUAGES:
            self.v_language.addItem(LANGUAGE_NAMES[code], code)
        self.v_images = QCheckBox()
        self.v_name.textEdited.connect(lambda v: self.data["village"].__setitem__("name", v))
        self.v_language.currentIndexChanged.connect(
            lambda _i: self.data["village"].__setitem__("language", self.v_language.currentData())
        )
        self.v_images.toggled.connect(lambda v: self.data["mcp"].__setitem__("image_results", v))
        self.v_labels = [QLabel() for _ in range(3)]
        self.village_form = QFormLayout(page)
        for label, field in zip(self.v_labels, (self.v_name, self.v_language, self.v_images), strict=True):
            self.village_form.addRow(label, field)
        self.v_images_hint = QLabel()
        self.v_images_hint.setWordWrap(True)
        self.village_form.addRow("", self.v_images_hint)
        return page

    # ================================================================= text
    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Settings"))
        self.tabs.setTabText(0, self.tr("Templates"))
        self.tabs.setTabText(1, self.tr("Agents"))
        self.tabs.setTabText(2, self.tr("Village"))
        self.add_template_button.setText(self.tr("Add"))
        self.dup_template_button.setText(self.tr("Duplicate"))
        self.del_template_button.setText(self.tr("Delete"))
        for label, text in zip(
            self.t_labels,
            (
                self.tr("Name"),
                self.tr("Protocol"),
                self.tr("Base URL"),
                self.tr("Model"),
                self.tr("Tools"),
                self.tr("Images"),
                self.tr("Keyring entry"),
            ),
            strict=True,
        ):
            label.setText(text)
        self.t_tools.setText(self.tr("Send tools to the model"))
        self.t_images.setText(self.tr("The model reads images"))
        self.t_key_name.setPlaceholderText(self.tr("empty: this endpoint needs no key"))
        self.key_box.setTitle(self.tr("API key (stored only in the OS keyring)"))
        self.key_input.setPlaceholderText(self.tr("Paste the key here; it is never shown again"))
        self.key_store_button.setText(self.tr("Store key"))
        self.key_delete_button.setText(self.tr("Delete key"))
        self.key_session_button.setText(self.tr("Keep the key for this session only"))
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
        self.server_apply.setText(self.tr("Apply"))
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
        for label, text in zip(
            self.v_labels,
            (self.tr("Village name"), self.tr("Language"), self.tr("Image results")),
            strict=True,
        ):
            label.setText(text)
        self.v_images.setText(self.tr("Send images returned by MCP tools to the model"))
        self.v_images_hint.setText(
            self.tr(
                "Images returned by tools are sent to the model provider of the agent that called the tool."
            )
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setText(self.tr("Save"))
        self.buttons.button(QDialogButtonBox.StandardButton.Close).setText(self.tr("Close"))
        self.update_key_state()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # ================================================================= lists
    def reload_lists(self) -> None:
        self._loading = True
        t_row = max(self.template_list.currentRow(), 0)
        a_row = max(self.agent_list.currentRow(), 0)
        self.template_list.clear()
        for t in self.data["templates"]:
            self.template_list.addItem(t["name"] or "—")
        self.agent_list.clear()
        for a in self.data["agents"]:
            self.agent_list.addItem(a["name"] or a["id"])
        self.a_template.clear()
        self.a_template.addItems([t["name"] for t in self.data["templates"]])
        village = self.data["village"]
        self.v_name.setText(village["name"])
        self.v_language.setCurrentIndex(LANGUAGES.index(village["language"]))
        self.v_images.setChecked(bool(self.data["mcp"]["image_results"]))
        self._loading = False
        if self.data["templates"]:
            self.template_list.setCurrentRow(min(t_row, len(self.data["templates"]) - 1))
        if self.data["agents"]:
            self.agent_list.setCurrentRow(min(a_row, len(self.data["agents"]) - 1))
        self.show_template(self.template_list.currentRow())
        self.show_agent(self.agent_list.currentRow())

    def current_template(self) -> dict[str, Any] | None:
        row = self.template_list.currentRow()
        return self.data["templates"][row] if 0 <= row < len(self.data["templates"]) else None

    def current_agent(self) -> dict[str, Any] | None:
        row = self.agent_list.currentRow()
        return self.data["agents"][row] if 0 <= row < len(self.data["agents"]) else None

    # ================================================================= templates
    def show_template(self, _row: int) -> None:
        t = self.current_template()
        self._loading = True
        for w in (
            self.t_name,
            self.t_protocol,
            self.t_base_url,
            self.t_model,
            self.t_tools,
            self.t_images,
            self.t_key_name,
            self.key_box,
        ):
            w.setEnabled(t is not None)
        if t is not None:
            self.t_name.setText(t["name"])
            self.t_protocol.setCurrentText(t["protocol"])
            self.t_base_url.setText(t.get("base_url") or "")
            self.t_model.setText(t["model"])
            self.t_tools.setChecked(bool(t["tools"]))
            self.t_images.setChecked(bool(t["reads_images"]))
            self.t_key_name.setText(t.get("key") or "")
            self._model_hint(t["protocol"])
        self._loading = False
        self.key_input.clear()
        self.key_message.clear()
        self.key_session_button.setVisible(False)
        self.update_key_state()
        self.mark_fields()

    def _set_template(self, key: str, value: Any) -> None:
        t = self.current_template()
        if self._loading or t is None:
            return
        t[key] = value
        if key == "name":
            self.template_list.currentItem().setText(value or "—")
        if key == "key":
            self.update_key_state()

    def _protocol_changed(self, protocol: str) -> None:
        t = self.current_template()
        if self._loading or t is None:
            return
        old_default = DEFAULT_BASE_URLS.get(t["protocol"], "")
        if not t.get("base_url") or t.get("base_url") == old_default:
            t["base_url"] = DEFAULT_BASE_URLS.get(protocol, "")
            self.t_base_url.setText(t["base_url"])
        t["protocol"] = protocol
        self._model_hint(protocol)

    def _model_hint(self, protocol: str) -> None:
        example = next((d.get("model") for d in default_templates() if d.get("protocol") == protocol), "")
        self.t_model.setPlaceholderText(
            self.tr("for example {model}").format(model=example) if example else ""
        )

    def _unique(self, base: str, taken: set[str]) -> str:
        name, n = base, 2
        while name in taken:
            name, n = f"{base} {n}", n + 1
        return name

    def add_template(self) -> None:
        name = self._unique(self.tr("New template"), {t["name"] for t in self.data["templates"]})
        self.data["templates"].append(new_template(name, key_name_for(name)))
        self.reload_lists()
        self.template_list.setCurrentRow(len(self.data["templates"]) - 1)

    def duplicate_template(self) -> None:
        t = self.current_template()
        if t is None:
            return
        copy_ = copy.deepcopy(t)
        copy_["name"] = self._unique(
            t["name"] + " " + self.tr("copy"), {x["name"] for x in self.data["templates"]}
        )
        self.data["templates"].append(copy_)
        self.reload_lists()
        self.template_list.setCurrentRow(len(self.data["templates"]) - 1)

    def delete_template(self) -> None:
        t = self.current_template()
        if t is None:
            return
        users = [a["name"] for a in self.data["agents"] if a["template"] == t["name"]]
        if users:
            self.show_problems(
                [
                    (
                        f"templates[{self.template_list.currentRow()}].name",
                        self.tr("used by {agents}; choose another template for them first").format(
                            agents=", ".join(users)
                        ),
                    )
                ]
            )
            return
        del self.data["templates"][self.template_list.currentRow()]
        self.reload_lists()

    # ================================================================= keys
    def update_key_state(self) -> None:
        t = self.current_template()
        name = (t or {}).get("key")
        present = bool(t) and self.keys.present(name)
        if not t or not name:
            text = self.tr("No key needed (no keyring entry named)")
        elif present and self.keys.in_session(name):
            text = self.tr("Key present (kept for this session only)")
        elif present:
            text = self.tr("Key present in the OS keyring")
        else:
            text = self.tr("No key stored")
        self.key_state.setText(text)
        self.key_state.setProperty("present", "true" if present else "false")
        self.key_state.style().unpolish(self.key_state)
        self.key_state.style().polish(self.key_state)
        self.key_delete_button.setEnabled(present)

    def _key_target(self) -> str | None:
        t = self.current_template()
        if t is None:
            return None
        if not t.get("key"):
            t["key"] = key_name_for(t["name"])
            self._loading = True
            self.t_key_name.setText(t["key"])
            self._loading = False
        return str(t["key"])

    def store_key(self) -> bool:
        value = self.key_input.text().strip()
        name = self._key_target()
        if not value or name is None:
            return False
        try:
            self.keys.set(name, value)
        except KeyringUnavailable:
            self.key_message.setText(
                self.tr(
                    "No OS keyring is available on this system, so the key cannot be stored. You can keep it "
                    "in memory for this session only; it is forgotten when the app closes."
                )
            )
            self.key_session_button.setVisible(True)
            return False
        self.key_input.clear()
        self.key_message.clear()
        self.key_session_button.setVisible(False)
        event("key stored", entry=name, session_only=self.keys.session_only)
        self.update_key_state()
        return True

    def keep_for_session(self) -> None:
        self.keys.session_only = True
        self.key_session_button.setVisible(False)
        self.store_key()

    def delete_key(self) -> None:
        t = self.current_template()
        if t and t.get("key"):
            try:
                self.keys.delete(t["key"])
            except KeyringUnavailable:
                self.key_message.setText(self.tr("The OS keyring could not be reached."))
            event("key deleted", entry=t["key"])
        self.update_key_state()

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
        self.server_editor.setVisible(False)
        self.mark_fields()

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

    def refresh_servers(self) -> None:
        a = self.current_agent()
        self.a_servers.clear()
        for name, spec in (a or {}).get("mcp_servers", {}).items():
            item = QListWidgetItem(server_summary(name, spec))
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.a_servers.addItem(item)

    def _open_editor(self, name: str, text: str, import_mode: bool) -> None:
        self._import_mode = import_mode
        self._editing_server = name if not import_mode else None
        self.server_name.setVisible(not import_mode)
        self.server_name.setText(name)
        self.server_json.setPlainText(text)
        self.server_error.clear()
        self.server_editor.setVisible(True)
        self.update_signout()
        self.retranslate()

    def _edited_remote(self) -> tuple[str, str] | None:
        """``(name, url)`` of the http/sse server in the editor, or ``None``."""
        if self._import_mode or self.server_editor.isHidden():
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

    def add_server(self) -> None:
        self._open_editor("", json.dumps({"command": "", "args": []}, indent=2), False)

    def edit_server(self) -> None:
        a, item = self.current_agent(), self.a_servers.currentItem()
        if a is None or item is None:
            return
        name = item.data(Qt.ItemDataRole.UserRole)
        self._open_editor(name, json.dumps(a["mcp_servers"][name], indent=2, ensure_ascii=False), False)

    def remove_server(self) -> None:
        a, item = self.current_agent(), self.a_servers.currentItem()
        if a is None or item is None:
            return
        a["mcp_servers"].pop(item.data(Qt.ItemDataRole.UserRole), None)
        self.refresh_servers()

    def show_import(self) -> None:
        self._open_editor("", "", True)

    def apply_server(self) -> bool:
        a = self.current_agent()
        if a is None:
            return False
        text = self.server_json.toPlainText()
        try:
            if self._import_mode:
                servers = parse_servers_json(text)
            else:
                spec = json.loads(text)
                name = self.server_name.text().strip()
                if not isinstance(spec, dict) or not name:
                    raise ValueError(self.tr("a server needs a name and a JSON object"))
                servers = {name: spec}
        except (ValueError, json.JSONDecodeError) as exc:
            self.server_error.setText(str(exc))
            return False
        if self._editing_server and self._editing_server not in servers:
            a["mcp_servers"].pop(self._editing_server, None)
        a["mcp_servers"].update(servers)
        self.server_editor.setVisible(False)
        self.refresh_servers()
        return True

    # ================================================================= validation + save
    def show_problems(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        label = self.tr("(file)")  # outside the f-string, where lupdate sees it
        self.problems_label.setText("\n".join(f"{path or label}: {msg}" for path, msg in problems))
        if problems:
            section = _INDEX.match(problems[0][0])
            if section:
                tab, row = section.group(1), int(section.group(2))
                if tab == "templates":
                    self.tabs.setCurrentIndex(0)
                    self.template_list.setCurrentRow(row)
                else:
                    self.tabs.setCurrentIndex(1)
                    self.agent_list.setCurrentRow(row)
        self.mark_fields()

    def field_widgets(self) -> dict[str, QWidget]:
        t_row, a_row = self.template_list.currentRow(), self.agent_list.currentRow()
        return {
            f"templates[{t_row}].name": self.t_name,
            f"templates[{t_row}].protocol": self.t_protocol,
            f"templates[{t_row}].base_url": self.t_base_url,
            f"templates[{t_row}].model": self.t_model,
            f"templates[{t_row}].key": self.t_key_name,
            f"agents[{a_row}].name": self.a_name,
            f"agents[{a_row}].template": self.a_template,
            f"agents[{a_row}].mcp_servers": self.a_servers,
            f"agents[{a_row}].connected": self.a_connected,
            f"agents[{a_row}].builtin_tools": self.a_builtin,
            "village.name": self.v_name,
            "village.language": self.v_language,
        }

    def mark_fields(self) -> None:
        widgets = self.field_widgets()
        flagged: dict[QWidget, list[str]] = {}
        for path, msg in self.problems:
            for prefix, widget in widgets.items():
                if path == prefix or path.startswith((prefix + ".", prefix + "[")):
                    flagged.setdefault(widget, []).append(msg)
        for widget in set(widgets.values()):
            msgs = flagged.get(widget)
            widget.setStyleSheet("border: 1px solid #b42318;" if msgs else "")
            widget.setToolTip("\n".join(msgs) if msgs else "")

    def validate(self) -> Config | None:
        try:
            cfg = parse_config(copy.deepcopy(self.data), self.path)
        except ConfigError as exc:
            self.show_problems(exc.problems)
            return None
        self.show_problems([])
        return cfg

    def save(self) -> bool:
        cfg = self.validate()
        if cfg is None:
            self.saved_label.setText("")
            return False
        try:
            save_config(cfg, self.path)
        except ConfigError as exc:
            self.show_problems(exc.problems)
            return False
        except OSError as exc:
            self.show_problems(
                [("", self.tr("could not write {path}: {error}").format(path=self.path, error=exc.strerror))]
            )
            return False
        event("settings saved", path=self.path)
        self.saved_label.setText(self.tr("Saved ✓"))
        QTimer.singleShot(1600, self.saved_label, lambda: self.saved_label.setText(""))  # dropped if closed
        self.saved.emit(cfg)
        return True
