"""Help › Acceptance report (AC-7): the acceptance reader's table for the app's own log.

The same table ``python -m app.acceptance`` prints (``app.acceptance.render_table``, in the
window's language) in a read-only monospace field that keeps its columns (no wrapping), under the
summary line in the pass or fail colour. Refresh reads the log again (the person runs the items
with the dialog open); Copy puts the command's output on the clipboard (for the run's record);
Open log folder shows the file. Non-modal, so the window goes on working beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.acceptance import UNREADABLE, render_table, tr
from app.i18n import current_language
from app.style import OK, is_dark, problem_colour
from core.acceptance import AcceptanceReport, LogUnreadable, read_acceptance, read_log


class AcceptanceDialog(QDialog):
    def __init__(
        self, log_path: Path, open_folder: Callable[[], None], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.log_path = log_path
        self.report: AcceptanceReport | None = None
        self.problem: LogUnreadable | None = None
        self.summary = QLabel()
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary.setWordWrap(True)
        self.path_label = QLabel()
        self.path_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = QPlainTextEdit()
        self.table.setReadOnly(True)
        self.table.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.table.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.refresh_button = QPushButton()
        self.copy_button = QPushButton()
        self.folder_button = QPushButton()
        for button in (self.refresh_button, self.copy_button, self.folder_button):
            self.buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
        self.refresh_button.clicked.connect(self.refresh)
        self.copy_button.clicked.connect(self.copy)
        self.folder_button.clicked.connect(open_folder)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.path_label)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.buttons)
        self.resize(960, 640)
        self.refresh()

    def language(self) -> str:
        return current_language() or "en"

    def refresh(self) -> None:
        """Read the log again and show its verdicts."""
        try:
            lines = read_log(self.log_path)
        except LogUnreadable as exc:
            self.report, self.problem = None, exc
        else:
            self.report, self.problem = read_acceptance(lines), None
        self.retranslate()

    def output(self) -> str:
        """What the command prints for this log: the table, then the summary line."""
        if self.report is None:
            return ""
        return render_table(self.report, self.language()) + "\n" + self.report.summary()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Acceptance report"))
        self.path_label.setText(self.tr("Log: {path}").format(path=self.log_path))
        self.refresh_button.setText(self.tr("Refresh"))
        self.copy_button.setText(self.tr("Copy"))
        self.folder_button.setText(self.tr("Open log folder"))
        self.buttons.button(QDialogButtonBox.StandardButton.Close).setText(self.tr("Close"))
        palette = self.palette()
        if self.report is None:
            assert self.problem is not None
            error = self.problem.error.strerror or str(self.problem.error)
            text = tr(self.language(), UNREADABLE).format(path=self.problem.path, error=error)
            colour = problem_colour(palette)
        else:
            text = self.report.summary()
            colour = OK[1 if is_dark(palette) else 0] if self.report.passed else problem_colour(palette)
        self.summary.setText(text)
        self.summary.setStyleSheet(f"color: {colour}; font-weight: 600;")
        self.table.setPlainText(self.output())
        self.copy_button.setEnabled(self.report is not None)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def copy(self) -> None:
        QApplication.clipboard().setText(self.output())
