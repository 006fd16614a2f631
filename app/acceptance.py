"""``python -m app.acceptance``: the acceptance reader's table for a log (AC-2), also shown by
Help › Acceptance report (AC-7, ``app.widgets.acceptance_dialog``).

    python -m app.acceptance [--log PATH] [--since TIME] [--language ja|en|zh]

Prints one row per item (``core.acceptance.ITEMS``: item, protocol, verdict, growth, problems) with
the log lines that prove it under the row, then the summary line (``acceptance: 7/7 wire items
hold`` or ``…; failed: gemini``). Exit status 0 when the report passes, 1 when it does not, 2 when
the log cannot be read (the message names the path and the error) or an argument is wrong.

Translations: the command runs without a ``QCoreApplication`` (no event loop, no display: it is
also run from a terminal on a machine without one), so ``render_table`` asks a ``QTranslator``
loaded with the window's own catalogue (``app.i18n.qm_path``) directly instead of installing it.
The texts are marked with ``QT_TRANSLATE_NOOP`` so ``pyside6-lupdate`` puts them in
``translations/fuseforks_*.ts`` beside the window's (one catalogue, filled by translations/fill.py,
checked by the test that every text has ja and zh), and the dialog, which calls ``render_table``
for the window's language, never touches the translators the window installed. What stays English
in every language: the problems and evidence (they are log lines and log field names, as
docs/log-lines.md writes them) and the summary line (grep-able, like a log line).
"""

from __future__ import annotations

import argparse
import os
import sys
import unicodedata
from datetime import datetime, time, timedelta
from functools import cache
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QLocale, QTranslator

from core import paths
from core.acceptance import AcceptanceReport, ItemVerdict, LogUnreadable, read_acceptance, read_log
from core.log import LOG_NAME
from core.notes import note

from .i18n import LANGUAGES, qm_path

CONTEXT = "AcceptanceTable"
HEADERS = (
    QT_TRANSLATE_NOOP("AcceptanceTable", "item"),
    QT_TRANSLATE_NOOP("AcceptanceTable", "protocol"),
    QT_TRANSLATE_NOOP("AcceptanceTable", "verdict"),
    QT_TRANSLATE_NOOP("AcceptanceTable", "growth"),
    QT_TRANSLATE_NOOP("AcceptanceTable", "problems"),
)
STATUS = {
    "ok": QT_TRANSLATE_NOOP("AcceptanceTable", "ok"),
    "failed": QT_TRANSLATE_NOOP("AcceptanceTable", "failed"),
    "not run": QT_TRANSLATE_NOOP("AcceptanceTable", "not run"),
    "manual": QT_TRANSLATE_NOOP("AcceptanceTable", "manual"),
}
DISPLAY_NOTE = QT_TRANSLATE_NOOP(
    "AcceptanceTable", "In the window, open the tool row of a camera turn: it ends with {line}"
)
UNREADABLE = QT_TRANSLATE_NOOP("AcceptanceTable", "cannot read the log {path}: {error}")
GROWTH = 3  # the column of numbers, right-aligned
GAP = "  "  # between columns
INDENT = "    "  # the evidence under a row


@cache
def _translator(language: str) -> QTranslator | None:
    translator = QTranslator()
    return translator if translator.load(str(qm_path(language))) else None


def tr(language: str, marked: object) -> str:
    """A marked text (``QT_TRANSLATE_NOOP`` returns it as it is, typed ``object``) in ``language``
    from the window's catalogue (English when it has none)."""
    text = str(marked)
    translator = _translator(language) if language != "en" else None
    return (translator.translate(CONTEXT, text) if translator else "") or text


def width(text: str) -> int:
    """Columns ``text`` takes in a terminal or a monospace font (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, columns: int, right: bool = False) -> str:
    fill = " " * (columns - width(text))
    return fill + text if right else text + fill


def _cells(item: ItemVerdict, language: str) -> list[str]:
    growth = "-" if item.growth is None else f"{item.growth:+,}"
    return [item.key, item.backend or "-", tr(language, STATUS[item.status]), growth]


def table_cells(report: AcceptanceReport, language: str) -> list[list[str]]:
    """The header's and each item's first four cells (item, protocol, verdict, growth)."""
    return [[tr(language, h) for h in HEADERS[:4]], *(_cells(i, language) for i in report.items)]


def render_table(report: AcceptanceReport, language: str, *, tabs: bool = False) -> str:
    """The report as plain text: a row per item (the growth signed, in tokens), more problems on the
    lines below it, then the item's evidence indented; under the display line's row, what the
    person looks at instead. With ``tabs`` a row's cells are parted by one tab each, unpadded: the
    dialog places its tab stops by the font's own widths, since a CJK glyph is not two monospace
    columns wide in every font (the padding is right only in a terminal)."""
    heads, *rows = table_cells(report, language)
    widths = [max(width(r[c]) for r in [heads, *rows]) for c in range(4)]

    def line(cells: list[str], problem: str) -> str:
        if tabs:
            return "\t".join([*cells, problem])
        padded = [pad(c, w, right=i == GROWTH) for i, (c, w) in enumerate(zip(cells, widths, strict=True))]
        return (GAP.join(padded) + GAP + problem).rstrip()

    out = [line(heads, tr(language, HEADERS[4]))]
    for item, cells in zip(report.items, rows, strict=True):
        problems = item.problems or ["-"]
        out.append(line(cells, problems[0]))
        out += [line([""] * 4, p) for p in problems[1:]]
        if item.status == "manual":
            shown = note("display_line", language, count=1, items="JPEG … KB")
            out.append(INDENT + tr(language, DISPLAY_NOTE).format(line=shown))
        out += [INDENT + e for e in item.evidence]
    return "\n".join(out)


def parse_since(text: str, now: datetime | None = None) -> datetime:
    """``HH:MM[:SS]`` (today's, or yesterday's when that one is nearer to ``now``: the time written
    down at 23:50 and read after midnight), ``YYYY-MM-DD HH:MM[:SS]`` or ISO 8601 (an offset or
    ``Z`` is kept: the reader converts it to the log's local time). ``ValueError`` for anything else."""
    if ":" in text and "-" not in text and "T" not in text:
        hour, _, rest = text.partition(":")
        moment = time.fromisoformat(f"{int(hour):02d}:{rest}")
        now = now or datetime.now()
        if moment.tzinfo is not None:  # 03:00Z, 12:00+09:00: that zone's day
            now = now.astimezone(moment.tzinfo)
        since = datetime.combine(now.date(), moment)
        return since - timedelta(days=1) if since - now > timedelta(hours=12) else since
    return datetime.fromisoformat(text)


def _since(text: str) -> datetime:
    try:
        return parse_since(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(
            f"not a time: {text!r} (HH:MM[:SS], YYYY-MM-DD HH:MM[:SS] or ISO 8601)"
        ) from exc


def default_log() -> Path:
    return paths.log_dir() / LOG_NAME


def system_language() -> str:
    name = QLocale.system().name()[:2]
    return name if name in LANGUAGES else "en"


def parser(prog: str = "python -m app.acceptance") -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description="The acceptance run's table (AC-2).")
    p.add_argument("--log", type=Path, default=None, help=f"the log to read (default: {default_log()})")
    p.add_argument("--since", type=_since, default=None, help="read from this time on")
    p.add_argument("--language", choices=LANGUAGES, default=None, help="the table's language")
    return p


def main(argv: list[str] | None = None, prog: str = "python -m app.acceptance") -> int:
    """``prog``: how the person started it (``fuseforks --acceptance`` from a build), for --help."""
    args = parser(prog).parse_args(argv)
    language = args.language or system_language()
    path: Path = args.log or default_log()
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")  # a terminal that cannot show every character
    try:
        lines = read_log(path)
    except LogUnreadable as exc:
        error = exc.error.strerror or str(exc.error)
        print("acceptance: " + tr(language, UNREADABLE).format(path=exc.path, error=error), file=sys.stderr)
        return 2
    report = read_acceptance(lines, args.since)
    try:
        print(render_table(report, language))
        print(report.summary(), flush=True)
    except BrokenPipeError:  # `| head` left early: the verdict stands, no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush at exit
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())
