"""The Help menu: the log folder, the acceptance report (AC-7), the version line, About (dialogs and
message boxes opened, never exec'd)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from core import __version__
from core.log import LOG, LOG_NAME, default_log_dir, profile
from core.paths import private_dir

from .acceptance_dialog import AcceptanceDialog


def version_line() -> str:
    return f"app={__version__} profile={profile()}"


class HelpMenu(QMenu):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.message_box: QMessageBox | None = None
        self.acceptance_dialog: AcceptanceDialog | None = None
        self.log_action = self.addAction("")
        self.log_action.triggered.connect(self.open_log_folder)
        self.acceptance_action = self.addAction("")
        self.acceptance_action.triggered.connect(self.show_acceptance)
        self.version_action = self.addAction("")
        self.version_action.triggered.connect(self.show_version)
        self.about_action = self.addAction("")
        self.about_action.triggered.connect(self.show_about)
        self.retranslate()

    def retranslate(self) -> None:
        self.setTitle(self.tr("&Help"))
        self.log_action.setText(self.tr("Open log folder"))
        self.acceptance_action.setText(self.tr("Acceptance report"))
        self.version_action.setText(self.tr("Version"))
        self.about_action.setText(self.tr("About Fuseforks"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _info(self, title: str, text: str) -> QMessageBox:
        box = QMessageBox(
            QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok, self.parentWidget()
        )
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.open()  # never exec(): no nested event loop while turns run
        self.message_box = box
        return box

    def log_folder(self) -> Path:
        return LOG.path.parent if LOG.path is not None else default_log_dir()

    def open_log_folder(self) -> None:
        folder = self.log_folder()
        private_dir(folder)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    def show_acceptance(self) -> AcceptanceDialog:
        """The reader's table for the log this process writes (or would write, before it opened):
        one dialog, as Settings is; asked again, it reads the log again and comes to the front."""
        dialog = self.acceptance_dialog
        if dialog is None:
            path = LOG.path if LOG.path is not None else default_log_dir() / LOG_NAME
            dialog = AcceptanceDialog(path, self.open_log_folder, self.parentWidget())
            dialog.finished.connect(self._acceptance_closed)  # deleted on close
            self.acceptance_dialog = dialog
        else:
            dialog.refresh()
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        return dialog

    def _acceptance_closed(self) -> None:
        self.acceptance_dialog = None

    def show_version(self) -> QMessageBox:
        return self._info(self.tr("Version"), version_line())

    def show_about(self) -> QMessageBox:
        return self._info(
            self.tr("About Fuseforks"),
            self.tr(
                "Fuseforks {version}\n\nA village of AI agents that watch a camera through MCP tools.\n"
                "Images returned by tools are sent to the model provider of the agent that called the tool. "
                "See PRIVACY.md for what is kept on disk."
            ).format(version=__version__),
        )
