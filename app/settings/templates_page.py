"""The Templates page of the settings dialog: the template list (Add, Add from preset, Duplicate,
Delete), the template's form (protocol by its friendly name, endpoint, model with the provider's
list, tools and images, keyring entry, timeout, retries, streaming), Test connection and the key
box (``key_box``: keys go to the OS keyring only; the page never shows one).
"""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.keys import KeyStore
from core.config import new_template
from core.config.schema import TEMPLATE
from core.llm import DEFAULT_BASE_URLS

from .connection_test import ConnectionTest
from .key_box import KeyBox
from .model_box import ModelBox, ModelFetch
from .presets import PresetMenu, ProtocolBox, default_templates, from_preset
from .template_refs import TemplateRefs, key_name_for


def unique(base: str, taken: set[str]) -> str:
    name, n = base, 2
    while name in taken:
        name, n = f"{base} {n}", n + 1
    return name


class TemplatesPage(QWidget):
    """Edits ``data["templates"]`` (the JSON form of the configuration, shared with the dialog).
    The dialog calls ``retranslate`` when the language changes."""

    changed = Signal()  # a template was added or removed: the dialog reloads its lists
    renamed = Signal()  # a template's name changed: the agents page shows the new name
    shown = Signal()  # another template is on screen: the dialog marks its fields
    refused = Signal(object)  # list of (key path, message)

    def __init__(
        self, data: dict[str, Any], keys: KeyStore, refs: TemplateRefs, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.data = data
        self.keys = keys
        self.refs = refs
        self._loading = False
        self.template_list = QListWidget()
        self.template_list.currentRowChanged.connect(self.show_template)
        self.add_template_button = QPushButton()
        self.preset_button = QPushButton()
        self.dup_template_button = QPushButton()
        self.del_template_button = QPushButton()
        self.add_template_button.clicked.connect(self.add_template)
        self.dup_template_button.clicked.connect(self.duplicate_template)
        self.del_template_button.clicked.connect(self.delete_template)
        left = QVBoxLayout()
        left.addWidget(self.template_list, 1)
        for b in (
            self.add_template_button,
            self.preset_button,
            self.dup_template_button,
            self.del_template_button,
        ):
            left.addWidget(b)

        self.t_name = QLineEdit()
        self.t_protocol = ProtocolBox()
        self.preset_menu = PresetMenu(self.t_protocol.label, self.add_preset, self)
        self.preset_button.setMenu(self.preset_menu)
        self.t_base_url = QLineEdit()
        self.t_model = ModelBox()
        self.model_fetch = ModelFetch(keys, self.current_template, self.t_model)
        self.t_tools = QCheckBox()
        self.t_images = QCheckBox()
        self.t_key_name = QLineEdit()
        self.t_timeout = QDoubleSpinBox()
        self.t_timeout.setRange(1.0, 3600.0)
        self.t_timeout.setDecimals(0)
        self.t_retries = QSpinBox()
        self.t_retries.setRange(1, 10)
        for spin in (self.t_timeout, self.t_retries):
            spin.setMaximumWidth(140)
        self.t_stream = QCheckBox()
        self.t_name.textEdited.connect(self._rename)
        self.t_protocol.currentIndexChanged.connect(
            lambda _i: self._protocol_changed(self.t_protocol.protocol())
        )
        self.t_base_url.textEdited.connect(lambda v: self._set_template("base_url", v.strip()))
        self.t_model.textEdited.connect(lambda v: self._set_template("model", v.strip()))
        self.t_tools.toggled.connect(lambda v: self._set_template("tools", v))
        self.t_images.toggled.connect(lambda v: self._set_template("reads_images", v))
        self.t_key_name.textEdited.connect(lambda v: self._set_template("key", v.strip() or None))
        self.t_timeout.valueChanged.connect(lambda v: self._set_template("request_timeout_s", float(v)))
        self.t_retries.valueChanged.connect(lambda v: self._set_template("max_retries", int(v)))
        self.t_stream.toggled.connect(lambda v: self._set_template("stream", v))
        model = QWidget()
        model_rows = QVBoxLayout(model)
        model_rows.setContentsMargins(0, 0, 0, 0)
        model_rows.addWidget(self.t_model)
        model_rows.addWidget(self.model_fetch)
        self.fields: tuple[QWidget, ...] = (
            self.t_name,
            self.t_protocol,
            self.t_base_url,
            model,
            self.t_tools,
            self.t_images,
            self.t_key_name,
            self.t_timeout,
            self.t_retries,
            self.t_stream,
        )
        self.template_form = QFormLayout()
        self.t_labels = [QLabel() for _ in self.fields]
        for label, field in zip(self.t_labels, self.fields, strict=True):
            self.template_form.addRow(label, field)
        self.t_labels[self.fields.index(model)].setBuddy(self.t_model)  # names the box, not its wrapper

        self.connection_test = ConnectionTest(keys, self.current_template)
        self.key_box = KeyBox(keys, self.current_template, self._key_named)
        self.key_input = self.key_box.key_input
        self.key_store_button = self.key_box.key_store_button
        self.key_delete_button = self.key_box.key_delete_button
        self.key_session_button = self.key_box.key_session_button
        self.key_state = self.key_box.key_state
        self.key_message = self.key_box.key_message
        right = QVBoxLayout()
        right.addLayout(self.template_form)
        right.addWidget(self.connection_test)
        right.addWidget(self.key_box)
        right.addStretch(1)
        h = QHBoxLayout(self)
        h.addLayout(left, 1)
        h.addLayout(right, 2)

    # ================================================================= text
    def retranslate(self) -> None:
        self.template_list.setAccessibleName(self.tr("Templates"))
        self.add_template_button.setText(self.tr("Add"))
        self.preset_button.setText(self.tr("Add from preset"))
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
                self.tr("Timeout"),
                self.tr("Retries"),
                self.tr("Streaming"),
            ),
            strict=True,
        ):
            label.setText(text)
        self.t_tools.setText(self.tr("Send tools to the model"))
        self.t_images.setText(self.tr("The model reads images"))
        self.t_key_name.setPlaceholderText(self.tr("empty: this endpoint needs no key"))
        self.t_timeout.setSuffix(" " + self.tr("s"))
        self.t_timeout.setToolTip(self.tr("How long one request may take"))
        self.t_retries.setToolTip(self.tr("How often a failed request is tried (the first try included)"))
        self.t_stream.setText(self.tr("Show the answer while it is written"))
        self.t_protocol.retranslate()
        self.preset_menu.retranslate()
        self.model_fetch.retranslate()
        self.connection_test.retranslate()
        self.key_box.retranslate()

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
        keys = ("name", "protocol", "base_url", "model", "key", "request_timeout_s", "max_retries")
        widgets = (
            self.t_name,
            self.t_protocol,
            self.t_base_url,
            self.t_model,
            self.t_key_name,
            self.t_timeout,
            self.t_retries,
        )
        return {f"templates[{row}].{k}": w for k, w in zip(keys, widgets, strict=True)}

    # ================================================================= templates
    def show_template(self, _row: int) -> None:
        t = self.current_template()
        self._loading = True
        for w in (*self.fields, self.key_box, self.connection_test):
            w.setEnabled(t is not None)
        if t is not None:
            self.t_name.setText(t["name"])
            self.t_protocol.setCurrentText(t["protocol"])
            self.t_base_url.setText(t.get("base_url") or "")
            self.model_fetch.shown()
            self.t_model.setText(t["model"] or "")
            self.t_tools.setChecked(bool(t["tools"]))
            self.t_images.setChecked(bool(t["reads_images"]))
            self.t_key_name.setText(t.get("key") or "")
            self.t_timeout.setValue(
                float(t.get("request_timeout_s") or TEMPLATE.default("request_timeout_s"))
            )
            self.t_retries.setValue(int(t.get("max_retries") or TEMPLATE.default("max_retries")))
            self.t_stream.setChecked(bool(t.get("stream", True)))
            self._model_hint(t["protocol"])
        self._loading = False
        self.connection_test.reset()
        self.key_box.reset()
        self.shown.emit()

    def _set_template(self, key: str, value: Any) -> None:
        t = self.current_template()
        if self._loading or t is None:
            return
        t[key] = value
        if key == "key":
            self.update_key_state()

    def _rename(self, text: str) -> None:
        t = self.current_template()
        if self._loading or t is None:
            return
        name = text.strip()
        if self.refs.rename(t, name):
            self.t_key_name.setText(t.get("key") or "")
            self.update_key_state()
        self.template_list.currentItem().setText(name or "—")
        self.renamed.emit()

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

    def _key_named(self, entry: str) -> None:
        self._loading = True
        self.t_key_name.setText(entry)
        self._loading = False

    def _append(self, template: dict[str, Any]) -> None:
        self.data["templates"].append(template)
        self.changed.emit()
        self.template_list.setCurrentRow(len(self.data["templates"]) - 1)

    def add_template(self) -> None:
        name = unique(self.tr("New template"), {t["name"] for t in self.data["templates"]})
        self._append(new_template(name, key_name_for(name)))

    def add_preset(self, preset: dict[str, Any]) -> None:
        name = unique(
            str(preset.get("name") or self.tr("New template")), {t["name"] for t in self.data["templates"]}
        )
        self._append(from_preset(preset, name))

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
        users = [a["name"] for a in self.data["agents"] if self.refs.owner(a) is t]
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

    # ================================================================= keys (the key box's)
    def update_key_state(self) -> None:
        self.key_box.update_key_state()

    def store_key(self) -> bool:
        return self.key_box.store_key()
