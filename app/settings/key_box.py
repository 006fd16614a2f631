"""The key box of the Templates page: a key goes straight into the OS keyring (or, without one,
for this session only); the box only ever shows whether a key is present, never the key. Enter in
the field stores the key (it never presses the dialog's Save)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from app.keys import KeyringUnavailable, KeyStore
from core.log import event

from .template_refs import key_name_for


class KeyBox(QGroupBox):
    """The key of ``current()`` (the template on screen); ``named(entry)`` is called when storing
    a key gives a template without a keyring entry its default one."""

    def __init__(
        self,
        keys: KeyStore,
        current: Callable[[], dict[str, Any] | None],
        named: Callable[[str], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.keys = keys
        self.current = current
        self.named = named
        self.key_input = QLineEdit()
        self.key_input.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_input.setObjectName("keyInput")
        self.key_input.installEventFilter(self)
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
        row = QHBoxLayout()
        row.addWidget(self.key_input, 1)
        row.addWidget(self.key_store_button)
        row.addWidget(self.key_delete_button)
        box = QVBoxLayout(self)
        box.addLayout(row)
        box.addWidget(self.key_state)
        box.addWidget(self.key_message)
        box.addWidget(self.key_session_button, 0, Qt.AlignmentFlag.AlignLeft)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.key_input
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self.store_key()
            return True
        return super().eventFilter(watched, event)

    def retranslate(self) -> None:
        self.setTitle(self.tr("API key (stored only in the OS keyring)"))
        self.key_input.setPlaceholderText(self.tr("Paste the key here; it is never shown again"))
        self.key_store_button.setText(self.tr("Store key"))
        self.key_delete_button.setText(self.tr("Delete key"))
        self.key_session_button.setText(self.tr("Keep the key for this session only"))
        self.update_key_state()

    def reset(self) -> None:
        """Another template is on screen."""
        self.key_input.clear()
        self.key_message.clear()
        self.key_session_button.setVisible(False)
        self.update_key_state()

    def update_key_state(self) -> None:
        t = self.current()
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
        t = self.current()
        if t is None:
            return None
        if not t.get("key"):
            t["key"] = key_name_for(t["name"])
            self.named(t["key"])
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
        t = self.current()
        if t and t.get("key"):
            try:
                self.keys.delete(t["key"])
            except KeyringUnavailable:
                self.key_message.setText(self.tr("The OS keyring could not be reached."))
            event("key deleted", entry=t["key"])
        self.update_key_state()
