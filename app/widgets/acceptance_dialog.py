"""Help › Acceptance report (AC-7): the acceptance reader's table for the app's own log.

The same table ``python -m app.acceptance`` prints (``app.acceptance.render_table``, in the
window's language) in a read-only monospace field that keeps its columns (no wrapping: the cells
of a row are parted by tabs whose stops come from the font's widths, so the Japanese and Chinese
headings and verdicts line up as well, whatever width the font gives a CJK glyph), under the
summary line in the pass or fail colour; each item's row is bold, a failing one in the fail colour
(its evidence under it stays plain: the rows stand out of the log lines). "From" takes what
``--since`` takes (``app.acceptance.parse_since``): the log keeps every earlier run, and a run is
judged from its first item on. Refresh reads the log again (the person runs the items
with the dialog open); Copy puts the command's output on the clipboard (for the run's record);
Open log folder shows the file. Non-modal, so the window goes on working beside it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QFontMetricsF,
    QTextCharFormat,
    QTextCursor,
    QTextOption,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.acceptance import GAP, UNREADABLE, parse_since, render_table, table_cells, tr
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
        self.bad_since: str | None = None  # what "From" says when it is not a time
        self.summary = QLabel()
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary.setWordWrap(True)
        self.path_label = QLabel()
        self.path_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.since_label = QLabel()
        self.since_edit = QLineEdit()
        self.since_label.setBuddy(self.since_edit)
        self.since_edit.editingFinished.connect(self.refresh)
        self.since_edit.setMinimumWidth(self.since_edit.fontMetrics().averageCharWidth() * 44)
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
        row = QHBoxLayout()
        row.addWidget(self.path_label, 1)
        row.addWidget(self.since_label)
        row.addWidget(self.since_edit)
        layout.addLayout(row)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.buttons)
        self.resize(960, 640)
        self.refresh()

    def language(self) -> str:
        return current_language() or "en"

    def refresh(self) -> None:
        """Read the log again (from "From" on) and show its verdicts."""
        self.report = self.problem = self.bad_since = None
        text = self.since_edit.text().strip()
        try:
            since = parse_since(text) if text else None
        except ValueError:
            self.bad_since = text
        else:
            try:
                self.report = read_acceptance(read_log(self.log_path), since)
            except LogUnreadable as exc:
                self.problem = exc
        self.retranslate()

    def output(self) -> str:
        """What the command prints for this log: the table, then the summary line."""
        if self.report is None:
            return ""
        return render_table(self.report, self.language()) + "\n" + self.report.summary()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Acceptance report"))
        self.path_label.setText(self.tr("Log: {path}").format(path=self.log_path))
        self.since_label.setText(self.tr("&From:"))
        hint = self.tr("HH:MM or YYYY-MM-DD HH:MM; empty: the whole log")
        self.since_edit.setPlaceholderText(hint)
        self.since_edit.setToolTip(hint)
        self.refresh_button.setText(self.tr("Refresh"))
        self.copy_button.setText(self.tr("Copy"))
        self.folder_button.setText(self.tr("Open log folder"))
        self.buttons.button(QDialogButtonBox.StandardButton.Close).setText(self.tr("Close"))
        palette = self.palette()
        if self.bad_since is not None:
            text = self.tr("Not a time: {text} (HH:MM[:SS], YYYY-MM-DD HH:MM[:SS] or ISO 8601)")
            text, colour = text.format(text=self.bad_since), problem_colour(palette)
        elif self.report is None:
            assert self.problem is not None
            error = self.problem.error.strerror or str(self.problem.error)
            text = tr(self.language(), UNREADABLE).format(path=self.problem.path, error=error)
            colour = problem_colour(palette)
        else:
            text = self.report.summary()
            colour = OK[1 if is_dark(palette) else 0] if self.report.passed else problem_colour(palette)
        self.summary.setText(text)
        self.summary.setStyleSheet(f"color: {colour}; font-weight: 600;")
        self._set_tab_stops()
        self.table.setPlainText(self._shown())
        self.table.setExtraSelections(self._rows(QColor(problem_colour(palette)), QColor(colour)))
        self.copy_button.setEnabled(self.report is not None)

    def _shown(self) -> str:
        """The output with each row's cells parted by tabs (``_set_tab_stops`` places them)."""
        if self.report is None:
            return ""
        return render_table(self.report, self.language(), tabs=True) + "\n" + self.report.summary()

    def _set_tab_stops(self) -> None:
        """A stop after each of the first four columns, as wide as its widest cell in this font, the
        growth column right-aligned (its stop is its right edge)."""
        if self.report is None:
            return
        metrics = QFontMetricsF(self.table.font())
        cells = table_cells(self.report, self.language())
        widths = [max(metrics.horizontalAdvance(row[c]) for row in cells) for c in range(4)]
        gap = metrics.horizontalAdvance(GAP)
        protocol = widths[0] + gap
        verdict = protocol + widths[1] + gap
        growth_end = verdict + widths[2] + gap + widths[3]
        left, right = QTextOption.TabType.LeftTab, QTextOption.TabType.RightTab
        option = self.table.document().defaultTextOption()
        option.setTabs(
            [
                QTextOption.Tab(protocol, left),
                QTextOption.Tab(verdict, left),
                QTextOption.Tab(growth_end, right),
                QTextOption.Tab(growth_end + gap, left),  # the problems
            ]
        )
        self.table.document().setDefaultTextOption(option)

    def _rows(self, fail: QColor, summary: QColor) -> list[QTextEdit.ExtraSelection]:
        """The header and the item rows bold (the lines that do not begin with a space: evidence and
        further problems are indented), a failing item's and the summary line in their colours."""
        if self.report is None:
            return []
        colours = [None, *(fail if i.fails else None for i in self.report.items), summary]
        selections = []
        block, row = self.table.document().firstBlock(), 0
        while block.isValid():
            if block.text() and not block.text()[0].isspace() and row < len(colours):
                form = QTextCharFormat()
                form.setFontWeight(QFont.Weight.Bold)
                if (colour := colours[row]) is not None:
                    form.setForeground(colour)
                cursor = QTextCursor(block)
                cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
                selection = QTextEdit.ExtraSelection()
                selection.cursor, selection.format = cursor, form
                selections.append(selection)
                row += 1
            block = block.next()
        return selections

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def copy(self) -> None:
        QApplication.clipboard().setText(self.output())
