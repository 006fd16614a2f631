"""The store notice: what went wrong with the saved conversations, what it means, what to do.

Shown above the panes for each ``StoreProblem`` the core publishes (a write that failed during a
turn, a store that could not be opened, a damaged database set aside, a database that is gone),
with "Open data folder" and "Dismiss". One row per kind of problem and file; a problem already
shown (the same kind, file and turn) is never shown again, even after Dismiss. The sentences are
built at display time, so a language switch retranslates them live.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from core.events import StoreProblem


def open_with_desktop(folder: Path) -> bool:
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


def folder_of(path: Path) -> Path:
    """The nearest existing folder at or above ``path`` (the data folder may be missing)."""
    folder = path if path.is_dir() else path.parent
    while not folder.is_dir() and folder != folder.parent:
        folder = folder.parent
    return folder


class StoreNotice(QFrame):
    def __init__(
        self, open_folder: Callable[[Path], bool] = open_with_desktop, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("storeNotice")
        self.open_folder = open_folder
        self._rows: dict[tuple[str, Path], tuple[StoreProblem, QLabel]] = {}
        self._seen: set[tuple[str, Path, str]] = set()
        self.messages = QVBoxLayout()
        self.open_button = QPushButton()
        self.open_button.clicked.connect(self.open_data_folder)
        self.dismiss_button = QPushButton()
        self.dismiss_button.clicked.connect(self.dismiss)
        buttons = QVBoxLayout()
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.dismiss_button)
        buttons.addStretch(1)
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 8, 12, 8)
        row.addLayout(self.messages, 1)
        row.addLayout(buttons)
        self.retranslate()
        self.hide()

    def show_problem(self, problem: StoreProblem) -> None:
        """Show ``problem`` unless it was shown before (a new turn's failed save replaces the last)."""
        seen = (problem.kind, problem.path, problem.turn_id)
        if seen in self._seen:
            return
        self._seen.add(seen)
        key = (problem.kind, problem.path)
        if key in self._rows:
            label = self._rows[key][1]
        else:
            label = QLabel()
            label.setWordWrap(True)
            self.messages.addWidget(label)
        self._rows[key] = (problem, label)
        label.setText(self.sentence(problem))
        self.show()

    def texts(self) -> list[str]:
        """The sentences shown now, oldest first."""
        return [label.text() for _, label in self._rows.values()]

    def sentence(self, p: StoreProblem) -> str:
        if p.kind == "moved_aside":
            return self.tr(
                "Your conversation history could not be opened: the file was damaged and was set aside "
                "as {file}. New conversations are saved in a fresh store; the damaged file and the saved "
                "results stay in the data folder (keep them for a recovery or a bug report)."
            ).format(file=p.path.name)
        if p.kind == "missing":
            return self.tr(
                "Your conversation history was not found: {file} is missing from the data folder, though "
                "results of earlier conversations are still there. Past conversations are not shown and "
                "new ones start a fresh store. If you moved or restored the data folder, quit the app and "
                "put {file} back."
            ).format(file=p.path.name)
        if p.kind == "unavailable":
            return self.tr(
                "Running without history: the data folder {folder} could not be used ({detail}). Nothing "
                "from this session is saved and past conversations are not shown. Make sure the folder "
                "exists and is writable, then restart the app."
            ).format(folder=str(p.path), detail=p.detail)
        return self.tr(
            "Saving failed ({detail}): this turn is not saved and will be missing from your history "
            "after a restart; the chat goes on. Free disk space or check that the data folder is "
            "writable."
        ).format(detail=p.detail)

    def open_data_folder(self) -> None:
        problems = [problem for problem, _ in self._rows.values()]
        if problems:
            self.open_folder(folder_of(problems[-1].path))

    def dismiss(self) -> None:
        for _, label in self._rows.values():
            label.hide()
            self.messages.removeWidget(label)
            label.deleteLater()
        self._rows.clear()
        self.hide()

    def retranslate(self) -> None:
        self.open_button.setText(self.tr("Open data folder"))
        self.dismiss_button.setText(self.tr("Dismiss"))
        for problem, label in self._rows.values():
            label.setText(self.sentence(problem))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
