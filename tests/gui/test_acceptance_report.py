"""Help › Acceptance report (AC-7): the reader's table for the log the app writes, opened from the
window's menu, in the window's language."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtGui import QFont, QTextCursor, QTextFormat
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.acceptance import render_table
from app.i18n import Translations
from app.main_window import MainWindow
from app.style import ERROR, OK
from app.widgets.acceptance_dialog import AcceptanceDialog
from core import paths
from core.acceptance import parse_line, read_acceptance, read_log
from core.village import Village
from tests.fakes.acceptance import RunLog
from tests.fakes.configs import window_config
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.windows import window

GROWTH_31 = "gemini\tgemini\tfailed\t+31\tround 2 grew by 31 tokens (< 200)"  # tabs: the dialog's stops


def opened(qtbot: QtBot, tmp_path: Path) -> AcceptanceDialog:
    village = Village(
        window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model)
    )
    win = window(qtbot, village)
    win.help_menu.acceptance_action.trigger()
    dialog = win.help_menu.acceptance_dialog
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    return dialog


def coloured(dialog: AcceptanceDialog) -> dict[str, str]:
    """The first word of each row the table colours, and its colour (every row there is bold)."""
    out = {}
    for selection in dialog.table.extraSelections():
        assert selection.format.fontWeight() == QFont.Weight.Bold
        if selection.format.hasProperty(QTextFormat.Property.ForegroundBrush):
            out[selection.cursor.selectedText().split()[0]] = selection.format.foreground().color().name()
    return out


def test_the_report_of_the_apps_log(qtbot: QtBot, tmp_path: Path, translations: Translations) -> None:
    run = RunLog(paths.log_dir())  # where the app logs (the tests' HOME and XDG folders are their own)
    run.full_run()
    run.wire_turn("gemini", growth=31)
    run.close()
    dialog = opened(qtbot, tmp_path)
    assert dialog.log_path == run.path
    assert dialog.windowTitle() == "Acceptance report"
    assert dialog.summary.text() == "acceptance: 6/7 wire items hold; failed: gemini"
    assert ERROR[0] in dialog.summary.styleSheet()
    table = dialog.table.toPlainText().splitlines()
    assert table[0] == "item\tprotocol\tverdict\tgrowth\tproblems"
    assert GROWTH_31 in table
    assert table[-1] == "acceptance: 6/7 wire items hold; failed: gemini"
    assert coloured(dialog) == {"gemini": ERROR[0], "acceptance:": ERROR[0]}  # the rows that fail

    dialog.copy_button.click()
    expected = render_table(read_acceptance(read_log(run.path)), "en")
    assert QApplication.clipboard().text() == expected + "\nacceptance: 6/7 wire items hold; failed: gemini"

    assert translations.set_language("ja")
    assert dialog.windowTitle() == "受け入れ確認レポート"
    assert dialog.table.toPlainText().splitlines()[0] == "項目\tプロトコル\t判定\t増加\t問題"
    assert "gemini\tgemini\t失敗\t+31\tround 2 grew by 31 tokens (< 200)" in (
        dialog.table.toPlainText().splitlines()
    )
    assert (dialog.refresh_button.text(), dialog.folder_button.text()) == (
        "再読み込み",
        "ログフォルダーを開く",
    )

    again = RunLog(paths.log_dir())  # the person runs the item again with the dialog open
    again.wire_turn("gemini")
    again.close()
    dialog.refresh_button.click()
    assert dialog.summary.text() == "acceptance: 7/7 wire items hold"
    assert OK[0] in dialog.summary.styleSheet()
    assert coloured(dialog) == {"acceptance:": OK[0]}


def cell_edges(dialog: AcceptanceDialog, row: int) -> list[int]:
    """Where each cell of the table's ``row``-th line starts on screen (the growth: where it ends)."""
    block = dialog.table.document().findBlockByNumber(row)
    text = block.text()
    cells = text.split("\t")
    starts = [sum(len(c) + 1 for c in cells[:i]) for i in range(len(cells))]
    at = [*starts[:3], starts[3] + len(cells[3]), starts[4]]  # the growth by its right edge

    def x(offset: int) -> int:
        cursor = QTextCursor(block)
        cursor.setPosition(block.position() + offset)
        return dialog.table.cursorRect(cursor).x()

    return [x(offset) for offset in at]


def test_the_japanese_headings_stand_over_their_columns(
    qtbot: QtBot, tmp_path: Path, translations: Translations
) -> None:
    """Padding by columns is right in a terminal, not in a window: a CJK glyph is rarely exactly
    two monospace columns wide. The headings and verdicts (translated) line up with the item rows'
    cells, the growth by its right edge."""
    run = RunLog(paths.log_dir())
    run.full_run()
    run.wire_turn("gemini", growth=31)
    run.close()
    assert translations.set_language("ja")
    dialog = opened(qtbot, tmp_path)
    header = cell_edges(dialog, 0)
    for row in (1, 6):  # meta-responses 成功, then gemini 失敗 (its turn's four lines between)
        assert cell_edges(dialog, row) == header
    assert header == sorted(set(header))  # the columns do not overlap


def test_a_log_that_cannot_be_read_is_named(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = opened(qtbot, tmp_path)  # no log written yet
    path = paths.log_dir() / "fuseforks.log"
    assert dialog.summary.text() == f"cannot read the log {path}: No such file or directory"
    assert ERROR[0] in dialog.summary.styleSheet()
    assert (dialog.table.toPlainText(), dialog.copy_button.isEnabled()) == ("", False)


def test_from_judges_the_run_from_that_time_on(qtbot: QtBot, tmp_path: Path) -> None:
    run = RunLog(paths.log_dir())
    run.full_run()  # an earlier run that held
    time.sleep(0.01)  # the log's times are in milliseconds
    first = run.round(1, 1200)
    run.tool()
    run.round(2, 1231)
    run.turn("gemini")
    run.close()
    dialog = opened(qtbot, tmp_path)
    assert dialog.summary.text() == "acceptance: 6/7 wire items hold; failed: gemini"
    stamp = parse_line([x for x in read_log(run.path) if x.endswith(first)][-1])
    assert stamp is not None and stamp.stamp is not None
    dialog.since_edit.setText(stamp.stamp.isoformat(sep=" ", timespec="milliseconds"))
    dialog.since_edit.editingFinished.emit()
    assert dialog.summary.text().startswith("acceptance: 0/7 wire items hold; failed: meta-responses, ")
    dialog.since_edit.setText("yesterday")
    dialog.since_edit.editingFinished.emit()
    assert dialog.summary.text() == "Not a time: yesterday (HH:MM[:SS], YYYY-MM-DD HH:MM[:SS] or ISO 8601)"
    assert ERROR[0] in dialog.summary.styleSheet()
    assert (dialog.table.toPlainText(), dialog.copy_button.isEnabled()) == ("", False)
    dialog.since_edit.clear()  # the whole log again
    dialog.since_edit.editingFinished.emit()
    assert dialog.summary.text() == "acceptance: 6/7 wire items hold; failed: gemini"


def test_one_dialog_brought_to_the_front(qtbot: QtBot, tmp_path: Path) -> None:
    """Asked again, the open dialog reads the log again (no second window); closed, it is gone and
    the menu opens a new one."""
    run = RunLog(paths.log_dir())
    run.full_run()
    run.wire_turn("gemini", growth=31)
    run.close()
    dialog = opened(qtbot, tmp_path)
    win = dialog.parentWidget()
    assert isinstance(win, MainWindow)
    menu = win.help_menu
    again = RunLog(paths.log_dir())
    again.wire_turn("gemini")
    again.close()
    menu.acceptance_action.trigger()
    assert menu.acceptance_dialog is dialog
    assert dialog.summary.text() == "acceptance: 7/7 wire items hold"
    assert [d for d in win.findChildren(AcceptanceDialog) if d.isVisible()] == [dialog]
    dialog.buttons.button(dialog.buttons.StandardButton.Close).click()
    assert menu.acceptance_dialog is None
    menu.acceptance_action.trigger()
    assert menu.acceptance_dialog is not None and menu.acceptance_dialog.isVisible()
