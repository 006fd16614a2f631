"""The start-up problem dialog: why the configuration file cannot be used, and what to do.

Shown by ``app.startup_problems.settle`` before any window exists (a person who started the app
from its icon sees no terminal). It names the file and each problem (the line and column of a
syntax error with the offending line, each invalid value or unknown key with its key path) and
offers Open the file (in the system's editor for it), Open its folder, Try again (after fixing the
file), Start the demo village, Quit, and Continue when there are only warnings. Closing it is Quit.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from PySide6.QtCore import QEvent, QLocale, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.i18n import LANGUAGES
from app.startup_problems import Choice, StartupProblem

from .store_notice import folder_of


def system_language() -> str:
    """The GUI language before any configuration is read: the system's, when it is one of ours."""
    language = QLocale.system().name()[:2]
    return language if language in LANGUAGES else "en"


class StartupProblemDialog(QDialog):
    chosen = Signal(str)  # a Choice

    def __init__(
        self,
        problem: StartupProblem,
        open_url: Callable[[QUrl], bool] = QDesktopServices.openUrl,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("startupProblem")
        self.problem = problem
        self.open_url = open_url  # injectable: tests record what would open
        self.heading = QLabel()
        self.heading.setObjectName("problemHeading")
        self.heading.setWordWrap(True)
        font = self.heading.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.heading.setFont(font)
        self.explanation = QLabel()
        self.explanation.setWordWrap(True)
        self.file_label = QLabel()
        self.file_label.setWordWrap(True)
        self.file_label.setTextInteractionFlags(self.file_label.textInteractionFlags().TextSelectableByMouse)
        self.details = QPlainTextEdit()
        self.details.setObjectName("problemDetails")
        self.details.setReadOnly(True)
        self.details.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.details.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.details.setTabChangesFocus(True)
        self.details.setVisible(problem.kind != "missing")
        self.open_file_button = QPushButton()
        self.open_file_button.clicked.connect(self.open_file)
        self.open_file_button.setEnabled(problem.kind != "missing")
        self.open_folder_button = QPushButton()
        self.open_folder_button.clicked.connect(self.open_folder)
        self.again_button = QPushButton()
        self.again_button.clicked.connect(lambda: self.choose("again"))
        self.demo_button = QPushButton()
        self.demo_button.clicked.connect(lambda: self.choose("demo"))
        self.quit_button = QPushButton()
        self.quit_button.clicked.connect(lambda: self.choose("quit"))
        self.continue_button = QPushButton()
        self.continue_button.clicked.connect(lambda: self.choose("continue"))
        self.continue_button.setVisible(problem.kind == "warnings")
        (self.continue_button if problem.kind == "warnings" else self.again_button).setDefault(True)
        files = QHBoxLayout()
        for button in (self.open_file_button, self.open_folder_button, self.again_button):
            files.addWidget(button)
        files.addStretch(1)
        for button in (self.demo_button, self.quit_button, self.continue_button):
            files.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.explanation)
        layout.addWidget(self.file_label)
        layout.addWidget(self.details, 1)
        layout.addLayout(files)
        self.resize(720, 320 if problem.kind != "missing" else 180)
        self.retranslate()

    # ------------------------------------------------------------------ the person's answer
    def choose(self, choice: Choice) -> None:
        self.chosen.emit(choice)

    def reject(self) -> None:  # Esc or the title bar's close: nothing is started
        self.choose("quit")
        super().reject()

    def open_file(self) -> None:
        self.open_url(QUrl.fromLocalFile(str(self.problem.path)))

    def open_folder(self) -> None:
        self.open_url(QUrl.fromLocalFile(str(folder_of(self.problem.path.parent))))

    # ------------------------------------------------------------------ text
    def texts(self) -> tuple[str, str, str]:
        """``(heading, explanation, details)`` as shown."""
        return self.heading.text(), self.explanation.text(), self.details.toPlainText()

    def retranslate(self) -> None:
        p = self.problem
        self.setWindowTitle(self.tr("Configuration problem"))  # Qt adds " — Fuseforks"
        name = p.path.name
        if p.kind == "syntax":
            heading = self.tr("{file} is not valid JSON").format(file=name)
            explanation = self.tr(
                "Fuseforks cannot read this configuration file. Fix the marked place in an editor, save "
                "it, then press Try again."
            )
        elif p.kind == "invalid":
            heading = self.tr("{file} has values Fuseforks cannot use").format(file=name)
            explanation = self.tr(
                "Each line below names a setting by its place in the file and what is wrong with it. "
                "Fix them in an editor, save the file, then press Try again."
            )
        elif p.kind == "warnings":
            heading = self.tr("{file} has settings Fuseforks does not know").format(file=name)
            explanation = self.tr(
                "They are ignored (and kept when Settings saves the file). Continue starts the village "
                "with the rest of the file; a misspelt key is worth fixing first."
            )
        else:
            heading = self.tr("{file} was not found").format(file=name)
            explanation = self.tr(
                "There is no configuration file at this path. Check the path given with --config, or "
                "start the demo village."
            )
        self.heading.setText(heading)
        self.explanation.setText(explanation)
        self.file_label.setText(self.tr("File: {path}").format(path=str(p.path)))
        self.details.setPlainText(self.detail_text())
        self.open_file_button.setText(self.tr("Open the file"))
        self.open_folder_button.setText(self.tr("Open its folder"))
        self.again_button.setText(self.tr("Try again"))
        self.demo_button.setText(self.tr("Start the demo village"))
        self.quit_button.setText(self.tr("Quit"))
        self.continue_button.setText(self.tr("Continue"))
        self.details.setAccessibleName(self.tr("Problems"))

    def detail_text(self) -> str:
        p = self.problem
        lines: list[str] = []
        if p.at is not None:
            lines.append(self.tr("Line {line}, column {column}:").format(line=p.at[0], column=p.at[1]))
        for key, message in p.problems:
            lines.append(f"{key}: {message}" if key else message)
        if p.line:
            lines += ["", "    " + p.line, "    " + " " * p.caret + "^"]
        return "\n".join(lines)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def ask_in_dialog(problem: StartupProblem) -> asyncio.Future[Choice]:
    """Show ``problem`` and resolve with the person's choice (no nested event loop)."""
    future: asyncio.Future[Choice] = asyncio.get_running_loop().create_future()
    dialog = StartupProblemDialog(problem)

    def chosen(choice: Choice) -> None:
        if not future.done():
            future.set_result(choice)

    dialog.chosen.connect(chosen)

    def settled(_f: object) -> None:  # holds the dialog until then
        dialog.hide()
        dialog.deleteLater()

    future.add_done_callback(settled)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return future
