"""The OAuth sign-in link when no browser could be opened: shown, never logged.

``SignInLinks.open_url`` is the ``open_url`` hook of ``core.mcp.McpToolProvider`` (it runs in a
worker thread). It tries the browser first; when that fails it hands the link to the GUI thread,
which shows it in a small dialog with a "Copy link" button, and tells the OAuth flow to go on
waiting for the loopback callback: the person opens the link in any browser on this computer.
The link carries the flow's ``state``, so it is only ever displayed, never written anywhere.
"""

from __future__ import annotations

import webbrowser
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class SignInLinkDialog(QDialog):
    """Non-modal: the sign-in link in a read-only field and a "Copy link" button."""

    def __init__(self, url: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.url = url
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.link = QLineEdit(url)
        self.link.setReadOnly(True)
        self.link.setCursorPosition(0)
        self.copy_button = QPushButton()
        self.copy_button.clicked.connect(self.copy)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(self.link, 1)
        row.addWidget(self.copy_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addLayout(row)
        layout.addWidget(self.buttons)
        self.resize(560, self.sizeHint().height())
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Sign in to an MCP server"))
        self.message.setText(
            self.tr(
                "No browser could be opened. Open this link in a browser on this computer to sign in; "
                "the agent connects once you have signed in."
            )
        )
        self.copy_button.setText(self.tr("Copy link"))
        self.buttons.button(QDialogButtonBox.StandardButton.Close).setText(self.tr("Close"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def copy(self) -> None:
        QApplication.clipboard().setText(self.url)
        self.copy_button.setText(self.tr("Copied"))


class SignInLinks(QObject):
    """Create on the GUI thread; pass ``open_url`` to ``McpToolProvider``."""

    requested = Signal(str)

    def __init__(
        self, opener: Callable[[str], object] = webbrowser.open, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.opener = opener
        self.dialogs: list[SignInLinkDialog] = []
        self.requested.connect(self._show, Qt.ConnectionType.QueuedConnection)

    def open_url(self, url: str) -> bool:
        """Open ``url`` in the browser, or show it; ``True``: the flow waits for the callback."""
        try:
            opened = self.opener(url)
        except Exception:  # no usable browser
            opened = False
        if not opened:
            self.requested.emit(url)  # queued: shown on the GUI thread
        return True

    def _show(self, url: str) -> None:
        dialog = SignInLinkDialog(url, QApplication.activeWindow())
        self.dialogs.append(dialog)
        dialog.finished.connect(lambda _result: self._forget(dialog))
        dialog.show()
        dialog.raise_()

    def _forget(self, dialog: SignInLinkDialog) -> None:
        if dialog in self.dialogs:
            self.dialogs.remove(dialog)
