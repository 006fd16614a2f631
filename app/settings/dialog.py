"""The settings dialog (non-modal: ``open()``, never ``exec()``).

It edits the JSON form of the configuration and validates it with ``core.config.parse_config``:
every problem is shown inline (the list at the bottom, and the field itself when it is on screen)
and nothing invalid is saved. Keys the app does not know are kept: they ride along in the JSON form
and are written back. The pages (``TemplatesPage``, ``AgentsPage``) edit the shared JSON form; the
Village page is small enough to live here.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.keys import KeyringUnavailable, KeyStore
from app.style import problem_colour
from core.config import (
    LANGUAGES,
    Config,
    ConfigError,
    config_to_json,
    default_config_path,
    load_config,
    parse_config,
    save_config,
)
from core.log import event
from core.store.usage import StoreCare

from .agents_page import AgentsPage
from .storage_page import StoragePage
from .template_refs import TemplateRefs
from .templates_page import TemplatesPage
from .web_box import CompanionControl, WebCompanionBox

LANGUAGE_NAMES = {"ja": "日本語", "en": "English", "zh": "中文"}
_INDEX = re.compile(r"^(templates|agents)\[(\d+)\]\.?([A-Za-z_]*)")


class SettingsDialog(QDialog):
    saved = Signal(object)  # Config

    def __init__(
        self,
        config: Config,
        keys: KeyStore,
        parent: QWidget | None = None,
        path: Path | None = None,
        running: Callable[[str], bool] | None = None,
        storage: StoreCare | None = None,
        web: CompanionControl | None = None,  # the web companion's switch (issue 16)
    ) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.web_box = WebCompanionBox(web)
        self.setModal(False)
        self.keys = keys
        self.path = path or config.path or default_config_path()
        self.data: dict[str, Any] = copy.deepcopy(config_to_json(config))
        self.problems: list[tuple[str, str]] = []
        self.resize(860, 620)

        self.refs = TemplateRefs(self.data)
        self.templates_page = TemplatesPage(self.data, keys, self.refs)
        self.agents_page = AgentsPage(self.data, self.refs, running)
        self.agents_page.roster_changed.connect(self.reload_lists)
        self._clean = copy.deepcopy(self.data)  # the form as last loaded or saved
        self.unsaved_box: QMessageBox | None = None
        self.templates_page.changed.connect(self.reload_lists)
        self.templates_page.renamed.connect(self.agents_page.refresh_template_names)
        self.templates_page.refused.connect(self.show_problems)
        self.templates_page.shown.connect(self.mark_fields)
        self.agents_page.shown.connect(self.mark_fields)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.templates_page, "")
        self.tabs.addTab(self.agents_page, "")
        self.tabs.addTab(self._build_village(), "")
        self.storage_page = StoragePage(self.data, storage)  # issue 14: disk use and retention
        self.tabs.addTab(self.storage_page, "")

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
        # the village's eyes (WA-34): a template that reads images, for agents whose model cannot
        self.v_relay = QComboBox()
        self.v_relay.currentIndexChanged.connect(self._relay_chosen)
        self.v_labels = [QLabel() for _ in range(4)]
        self.village_form = QFormLayout(page)
        for label, field in zip(
            self.v_labels[:3], (self.v_name, self.v_language, self.v_images), strict=True
        ):
            self.village_form.addRow(label, field)
        self.v_images_hint = QLabel()
        self.v_images_hint.setWordWrap(True)
        self.village_form.addRow("", self.v_images_hint)
        self.village_form.addRow(self.v_labels[3], self.v_relay)
        self.v_relay_hint = QLabel()
        self.v_relay_hint.setWordWrap(True)
        self.village_form.addRow("", self.v_relay_hint)
        self.tabs.currentChanged.connect(lambda _i: self.fill_relay())  # templates edited meanwhile
        self.village_form.addRow(self.web_box)
        return page

    # ================================================================= text
    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Settings"))
        self.tabs.setTabText(0, self.tr("Templates"))
        self.tabs.setTabText(1, self.tr("Agents"))
        self.tabs.setTabText(2, self.tr("Village"))
        self.tabs.setTabText(3, self.storage_page.title())
        self.templates_page.retranslate()
        self.agents_page.retranslate()
        self.web_box.retranslate()
        for label, text in zip(
            self.v_labels,
            (self.tr("Village name"), self.tr("Language"), self.tr("Image results"), self.tr("Vision relay")),
            strict=True,
        ):
            label.setText(text)
        self.v_relay_hint.setText(
            self.tr(
                "An agent whose model cannot read images gets this template's description of each tool "
                "image instead, so a watch or a chat on a text-only model still sees the camera."
            )
        )
        self.fill_relay()
        self.v_images.setText(self.tr("Send images returned by MCP tools to the model"))
        self.v_images_hint.setText(
            self.tr(
                "Images returned by tools are sent to the model provider of the agent that called the tool."
            )
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setText(self.tr("Save"))
        self.buttons.button(QDialogButtonBox.StandardButton.Close).setText(self.tr("Close"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # ================================================================= lists
    def reload_lists(self) -> None:
        t_row = max(self.templates_page.template_list.currentRow(), 0)
        a_row = max(self.agents_page.agent_list.currentRow(), 0)
        self.templates_page.fill()
        self.agents_page.fill()
        village = self.data["village"]
        self.v_name.setText(village["name"])
        self.v_language.setCurrentIndex(LANGUAGES.index(village["language"]))
        self.v_images.setChecked(bool(self.data["mcp"]["image_results"]))
        self.fill_relay()
        self.storage_page.fill()
        self.templates_page.select(t_row)
        self.agents_page.select(a_row)

    def fill_relay(self) -> None:
        """The templates that read images, and "None"; a name the file has that is no such template
        stays listed (the configuration warns about it) so that Save keeps it until changed."""
        current = str(self.data["village"].get("vision_relay", "") or "")
        names = [str(t["name"]) for t in self.data["templates"] if t.get("reads_images", True)]
        if current and current not in names:
            names.append(current)
        self.v_relay.blockSignals(True)
        self.v_relay.clear()
        self.v_relay.addItem(self.tr("None"), "")
        for name in names:
            self.v_relay.addItem(name, name)
        self.v_relay.setCurrentIndex(max(0, self.v_relay.findData(current)))
        self.v_relay.blockSignals(False)

    def _relay_chosen(self, _index: int) -> None:
        self.data["village"]["vision_relay"] = self.v_relay.currentData() or ""

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
                    self.templates_page.template_list.setCurrentRow(row)
                else:
                    self.tabs.setCurrentIndex(1)
                    self.agents_page.agent_list.setCurrentRow(row)
        self.mark_fields()

    def field_widgets(self) -> dict[str, QWidget]:
        return {
            **self.templates_page.field_widgets(),
            **self.agents_page.field_widgets(),
            "village.name": self.v_name,
            "village.language": self.v_language,
            "village.keep_days": self.storage_page.keep,
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
            widget.setStyleSheet(f"border: 1px solid {problem_colour(widget.palette())};" if msgs else "")
            widget.setToolTip("\n".join(msgs) if msgs else "")

    def validate(self) -> Config | None:
        try:
            cfg = parse_config(copy.deepcopy(self.data), self.path)
        except ConfigError as exc:
            self.show_problems(exc.problems)
            return None
        self.show_problems([])
        return cfg

    def unusable_file(self) -> str:
        """Why the file Save would replace is not a configuration ("" when it is one, or absent):
        the demo village started over a broken file, or the file was broken in an editor since.
        Replacing it would lose the person's text."""
        try:
            load_config(self.path)
        except FileNotFoundError:
            return ""
        except ConfigError as exc:
            return "; ".join(f"{path}: {msg}" if path else msg for path, msg in exc.problems[:2])
        except OSError:
            return ""  # unreadable: the write says why
        return ""

    def save(self) -> bool:
        cfg = self.validate()
        if cfg is None:
            self.saved_label.setText("")
            return False
        broken = self.unusable_file()
        if broken:
            self.saved_label.setText("")
            text = self.tr(
                "{path} is not a configuration the app can read ({problems}). Fix it in an editor or move"
                " it aside, then Save again: Settings does not replace it."
            )
            self.show_problems([("", text.format(path=self.path, problems=broken))])
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
        self.move_keys()
        self._clean = copy.deepcopy(self.data)
        self.agents_page.unsaved.clear()
        self.agents_page.show_agent(self.agents_page.agent_list.currentRow())
        self.saved_label.setText(self.tr("Saved ✓"))
        QTimer.singleShot(1600, self.saved_label, lambda: self.saved_label.setText(""))  # dropped if closed
        self.saved.emit(cfg)
        return True

    def move_keys(self) -> None:
        """After a save: each renamed template's key goes to its new keyring entry (defect 3)."""
        failed = []
        for old, new, keep_old in self.refs.key_moves():
            try:
                if self.keys.move(old, new, keep_old):
                    event("key moved", entry=old, to=new, kept=keep_old)
            except KeyringUnavailable:
                failed.append(new)
        self.refs.mark_saved()
        self.templates_page.update_key_state()
        if failed:
            self.show_problems(
                [
                    (
                        "",
                        self.tr(
                            "The OS keyring could not be reached: store the key again under {entries}."
                        ).format(entries=", ".join(failed)),
                    )
                ]
            )

    # ================================================================= closing
    def dirty(self) -> bool:
        """Edits not yet saved (stored keys are not edits: they are in the keyring already)."""
        return self.data != self._clean

    def reject(self) -> None:
        """Close, Esc and the window's close button: unsaved edits ask Save / Discard / Cancel."""
        if not self.dirty():
            super().reject()
            return
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Settings"), "", parent=self)
        box.setObjectName("unsavedBox")
        box.setText(self.tr("Save the changes to the settings?"))
        buttons = QMessageBox.StandardButton
        box.setStandardButtons(buttons.Save | buttons.Discard | buttons.Cancel)
        box.button(buttons.Save).setText(self.tr("Save"))
        box.button(buttons.Discard).setText(self.tr("Discard"))
        box.button(buttons.Cancel).setText(self.tr("Cancel"))
        box.setDefaultButton(buttons.Save)
        box.finished.connect(self._unsaved_answer)
        self.unsaved_box = box
        box.open()  # never exec(): no nested event loop

    def _unsaved_answer(self, result: int) -> None:
        self.unsaved_box = None
        if result == QMessageBox.StandardButton.Discard or (
            result == QMessageBox.StandardButton.Save and self.save()
        ):
            super().reject()
