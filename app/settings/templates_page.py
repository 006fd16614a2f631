"""The Templates page of the settings dialog: the template list, its form, and the key box.

The key box stores a key straight into the OS keyring (or, without one, for this session only); the
page only ever shows whether a key is present, never the key.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.keys import KeyringUnavailable, KeyStore
from core.config import PROTOCOLS, new_template
from core.llm import DEFAULT_BASE_URLS
from core.log import event

DEFAULT_TEMPLATES = Path(__file__).resolve().parents[2] / "resources" / "templates.json"


def default_templates() -> list[dict[str, Any]]:
    """The starting points shipped in ``resources/templates.json`` (no keys, only entry names)."""
    try:
        data = json.loads(DEFAULT_TEMPLATES.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [t for t in data.get("templates", []) if isinstance(t, dict)]


def key_name_for(template_name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", template_name.strip()).strip("-").lower() or "key"


def unique(base: str, taken: set[str]) -> str:
    name, n = base, 2
    while name in taken:
        name, n = f"{base} {n}", n + 1
    return name


class TemplatesPage(QWidget):
    """Edits ``data["templates"]`` (the JSON form of the configuration, shared with the dialog).
    The dialog calls ``retranslate`` when the language changes."""

    changed = Signal()  # a template was added or removed: the dialog reloads its lists
    shown = Signal()  # another template is on screen: the dialog marks its fields
    refused = Signal(object)  # list of (key path, message)

    def __init__(self, data: dict[str, Any], keys: KeyStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data = data
        self.keys = keys
        self._loading = False
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
        self.fields: tuple[QWidget, ...] = (
            self.t_name,
            self.t_protocol,
            self.t_base_url,
            self.t_model,
            self.t_tools,
            self.t_images,
            self.t_key_name,
        )
        self.template_form = QFormLayout()
        self.t_labels = [QLabel() for _ in self.fields]
        for label, field in zip(self.t_labels, self.fields, strict=True):
            self.template_form.addRow(label, field)

        right = QVBoxLayout()
        right.addLayout(self.template_form)
        right.addWidget(self._build_key_box())
        right.addStretch(1)
        h = QHBoxLayout(self)
        h.addLayout(left, 1)
        h.addLayout(right, 2)

    def _build_key_box(self) -> QGroupBox:
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
        return self.key_box

    # ================================================================= text
    def retranslate(self) -> None:
        self.template_list.setAccessibleName(self.tr("Templates"))
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
        self.update_key_state()

    # ================================================================= list
    def fill(self) -> None:
        """Refill the list from ``data`` (the dialog then selects a row)."""
        self._loading = True
        self.template_list.clear()
        for t in self.data["templates"]:
            self.template_list.addItem(t["name"] or "—")
        self._loading = False

    def select(self, row: int) -> None:
        if self.data["templates"]:
            self.template_list.setCurrentRow(min(row, len(self.data["templates"]) - 1))
        self.show_template(self.template_list.currentRow())

    def current_template(self) -> dict[str, Any] | None:
        row = self.template_list.currentRow()
        return self.data["templates"][row] if 0 <= row < len(self.data["templates"]) else None

    def field_widgets(self) -> dict[str, QWidget]:
        """The widget of each key path of the template on screen (problems are marked on it)."""
        row = self.template_list.currentRow()
        keys = ("name", "protocol", "base_url", "model", "key")
        widgets = (self.t_name, self.t_protocol, self.t_base_url, self.t_model, self.t_key_name)
        return {f"templates[{row}].{k}": w for k, w in zip(keys, widgets, strict=True)}

    # ================================================================= templates
    def show_template(self, _row: int) -> None:
        t = self.current_template()
        self._loading = True
        for w in (*self.fields, self.key_box):
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
        self.shown.emit()

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

    def _append(self, template: dict[str, Any]) -> None:
        self.data["templates"].append(template)
        self.changed.emit()
        self.template_list.setCurrentRow(len(self.data["templates"]) - 1)

    def add_template(self) -> None:
        name = unique(self.tr("New template"), {t["name"] for t in self.data["templates"]})
        self._append(new_template(name, key_name_for(name)))

    def duplicate_template(self) -> None:
        t = self.current_template()
        if t is None:
            return
        copy_ = copy.deepcopy(t)
        copy_["name"] = unique(t["name"] + " " + self.tr("copy"), {x["name"] for x in self.data["templates"]})
        self._append(copy_)

    def delete_template(self) -> None:
        t = self.current_template()
        if t is None:
            return
        users = [a["name"] for a in self.data["agents"] if a["template"] == t["name"]]
        if users:
            self.refused.emit(
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
        self.changed.emit()

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
