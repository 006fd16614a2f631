"""Paging of a tool call's input and output in the tool panel (D-6).

A box shows one page of ``PAGE_CHARS`` characters (code points: a page never cuts one in two); the
whole text is read from the durable store, never from the row's event, so a result the model read
shortened still pages through everything that was kept. Reading and decoding run in a worker
thread (``Background.in_thread``); only the page's text comes back to the GUI thread, and only\nthe newest page asked for is shown.
"""

from __future__ import annotations

import codecs
import json
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.background import Background
from core.history import HistorySource, StoreHistory
from core.log import event as log_event
from core.store import BlobError, Store

PAGE_CHARS = 16_000  # characters per page; storage keeps everything (D-6)

INPUT = "input"
OUTPUT = "output"

# why the rest cannot be shown
NO_STORE = "no_store"
MISSING = "missing"
CORRUPT = "corrupt"
UNREADABLE = "unreadable"


def pretty_arguments(arguments: dict[str, object]) -> str:
    return json.dumps(arguments, ensure_ascii=False, indent=2, sort_keys=False)


@dataclass(frozen=True)
class Page:
    """Characters ``start`` .. ``start + len(text)`` (0-based) of a text of ``total`` characters."""

    index: int
    start: int
    text: str
    total: int

    @property
    def count(self) -> int:
        return page_count(self.total)


def page_count(total: int) -> int:
    return max(1, -(-total // PAGE_CHARS))


class PageUnavailable(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class PageSource(Protocol):
    """Pages of a stored call. Blocking: call it in a worker thread. Raises ``PageUnavailable``."""

    def page(self, turn_id: str, call_id: str, part: str, index: int) -> Page: ...


def slice_page(text: str, index: int) -> Page:
    """Page ``index`` of ``text`` (clamped to the last page)."""
    index = max(0, min(index, page_count(len(text)) - 1))
    start = index * PAGE_CHARS
    return Page(index, start, text[start : start + PAGE_CHARS], len(text))


class StorePages:
    """``PageSource`` over ``core.store.Store``: the input is the call's stored arguments, the output
    the completion record's whole result, streamed in the store's 1 MiB pages (verified) and decoded
    incrementally, so a long result is never held whole."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def page(self, turn_id: str, call_id: str, part: str, index: int) -> Page:
        if part == INPUT:
            return self._input(turn_id, call_id, index)
        return self._output(turn_id, call_id, index)

    def _input(self, turn_id: str, call_id: str, index: int) -> Page:
        call = next((c for c in self.store.tool_calls_of(turn_id) if c.call_id == call_id), None)
        if call is None:
            raise PageUnavailable(MISSING)
        return slice_page(pretty_arguments(call.arguments), index)

    def _output(self, turn_id: str, call_id: str, index: int) -> Page:
        rec = self.store.completion(turn_id, call_id)
        if rec is None:
            raise PageUnavailable(MISSING)
        try:
            return self._stream(rec.result_sha256, index)
        except BlobError as exc:
            self.store.report_corrupt(exc, kind="result", turn=turn_id, call=call_id)
            raise PageUnavailable(CORRUPT) from exc
        except UnicodeDecodeError as exc:
            raise PageUnavailable(CORRUPT) from exc

    def _stream(self, sha256: str, index: int) -> Page:
        """Page ``index`` of the blob's text (past the end: the last page, read again)."""
        decoder = codecs.getincrementaldecoder("utf-8")()  # strict: bad bytes are corruption
        want = max(0, index) * PAGE_CHARS
        parts: list[str] = []
        total = 0
        for raw in self.store.text_pages(sha256):
            piece = decoder.decode(raw)
            begin, total = total, total + len(piece)
            if total > want and begin < want + PAGE_CHARS:
                parts.append(piece[max(0, want - begin) : want + PAGE_CHARS - begin])
        decoder.decode(b"", final=True)  # a cut sequence at the end raises: corruption
        if total and want >= total:
            return self._stream(sha256, page_count(total) - 1)
        return Page(index if total else 0, want if total else 0, "".join(parts), total)


class TextBox(Protocol):
    def setPlainText(self, text: str) -> None: ...


def grouped(n: int) -> str:
    return f"{n:,}"


class Pager(QWidget):
    """The bar under a paged box: "Characters 1–16,000 of 1,234,567", First / Previous / Next /
    Last, and a note when the stored text cannot be read. Hidden while the text fits one page."""

    def __init__(self, box: TextBox, part: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pager")
        self.box = box
        self.part = part
        self.source: PageSource | None = None
        self.turn_id = ""
        self.call_id = ""
        self.local_total = 0  # characters of the text the row was given
        self.page: Page | None = None  # the stored page shown, once read
        self.reason: str | None = None  # why the store could not give a page
        self.loading = False
        self._seq = 0
        self.background = Background(self)
        self.position = QLabel()
        self.position.setObjectName("pagerPosition")
        self.note = QLabel()
        self.note.setObjectName("pagerNote")
        self.note.setWordWrap(True)
        self.first_button = QPushButton()
        self.prev_button = QPushButton()
        self.next_button = QPushButton()
        self.last_button = QPushButton()
        self.first_button.clicked.connect(lambda: self.go(0))
        self.prev_button.clicked.connect(lambda: self.go(self.index - 1))
        self.next_button.clicked.connect(lambda: self.go(self.index + 1))
        self.last_button.clicked.connect(lambda: self.go(self.last_index))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.position, 1)
        for b in self.buttons:
            b.setObjectName("pagerButton")
            row.addWidget(b)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.note)
        self.retranslate()

    @property
    def buttons(self) -> tuple[QPushButton, ...]:
        return (self.first_button, self.prev_button, self.next_button, self.last_button)

    @property
    def index(self) -> int:
        return 0 if self.page is None else self.page.index

    @property
    def last_index(self) -> int:
        return 0 if self.page is None else self.page.count - 1

    def set_source(self, source: PageSource | None, turn_id: str, call_id: str) -> None:
        self.source, self.turn_id, self.call_id = source, turn_id, call_id

    def set_text(self, text: str) -> None:
        """The row's own copy (the event's): its first page is shown until the store answers."""
        self._seq += 1  # a page still being read belongs to the old text
        self.local_total = len(text)
        self.page = None
        self.reason = None if self.source is not None else NO_STORE
        self.loading = False
        self.box.setPlainText(text[:PAGE_CHARS])
        self.refresh()

    def wants_store(self) -> bool:
        """Output: always (the model may have read a shortened view); input: when it is long."""
        return self.part == OUTPUT or self.local_total > PAGE_CHARS

    def load(self) -> None:
        """Read the first stored page (once), to learn the whole length."""
        if self.page is None and self.reason is None and not self.loading and self.wants_store():
            self.go(0)

    def go(self, index: int) -> None:
        if self.source is None:
            self.reason = NO_STORE
            self.refresh()
            return
        self._seq += 1
        seq = self._seq
        reading = self.background.in_thread(
            self.source.page,
            self.turn_id,
            self.call_id,
            self.part,
            index,
            success=partial(self._arrived, seq),
            failure=partial(self._unavailable, seq),
        )
        if reading is None:  # no event loop: nothing may be read on this (the GUI) thread
            self.reason = UNREADABLE
            self.refresh()
            return
        self.loading = True
        self.refresh()

    def _arrived(self, seq: int, page: Page) -> None:
        if seq != self._seq:
            return  # a newer request or text replaced this one
        self.loading = False
        self.reason = None
        self.page = page
        self.box.setPlainText(page.text)
        self.refresh()

    def _unavailable(self, seq: int, exc: BaseException) -> None:
        if isinstance(exc, PageUnavailable):
            reason = exc.reason
        else:  # a closed or failing store: said so, never a crash
            log_event("tool page unreadable", part=self.part, error=type(exc).__name__)
            reason = UNREADABLE
        if seq != self._seq:
            return
        self.loading = False
        self.reason = reason
        self.refresh()

    def refresh(self) -> None:
        page = self.page
        paged = page is not None and page.total > PAGE_CHARS
        note = self.note_text()
        self.setVisible(paged or bool(note))
        self.position.setVisible(paged)
        for b in self.buttons:
            b.setVisible(paged)
        if page is not None and paged:
            self.position.setText(
                self.tr("Characters {first}–{last} of {total}").format(
                    first=grouped(page.start + 1),
                    last=grouped(page.start + len(page.text)),
                    total=grouped(page.total),
                )
            )
            self.first_button.setEnabled(not self.loading and page.index > 0)
            self.prev_button.setEnabled(not self.loading and page.index > 0)
            self.next_button.setEnabled(not self.loading and page.index < page.count - 1)
            self.last_button.setEnabled(not self.loading and page.index < page.count - 1)
        self.note.setText(note)
        self.note.setVisible(bool(note))

    def note_text(self) -> str:
        """Why the rest cannot be shown; "" when nothing is hidden."""
        if self.reason is None:
            return ""
        if self.reason == CORRUPT:
            return self.tr("The stored copy of this text is damaged: only what is shown here is available.")
        if self.local_total <= PAGE_CHARS and self.page is None:
            return ""  # the whole text is shown: nothing to page
        count = grouped(PAGE_CHARS)
        if self.reason == NO_STORE:
            return self.tr("The store is not open: only the first {count} characters are shown.").format(
                count=count
            )
        if self.reason == MISSING:
            return self.tr(
                "This call was not found in the store: only the first {count} characters are shown."
            ).format(count=count)
        return self.tr("The store could not be read: only the first {count} characters are shown.").format(
            count=count
        )

    def retranslate(self) -> None:
        self.first_button.setText(self.tr("First"))
        self.prev_button.setText(self.tr("Previous"))
        self.next_button.setText(self.tr("Next"))
        self.last_button.setText(self.tr("Last"))
        self.refresh()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def pages_of(history: HistorySource | None) -> PageSource | None:
    """The store pages behind a ``StoreHistory`` (its ``store``); None without a store."""
    return StorePages(history.store) if isinstance(history, StoreHistory) else None
