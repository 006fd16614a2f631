"""The selected agent's chat: bubbles, streamed text, notices and tool-image previews.

Previews are added to the chat itself, never inside the tool panel's collapsed details, so the
picture is visible whether or not anybody opens the tool row.

Only the newest rows are widgets (``rows.RowWindow``): older ones keep their text and come back
with "Show earlier", so a long session neither slows every insert down nor keeps a decoded picture
per frame. A picture row out of view keeps no bytes either when the store holds them
(``PictureSource``): only its reference (sha256, type, size); a row shown again, and the viewer,
read them from the store (the row in the worker thread that decodes it).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

from PySide6.QtCore import QEvent, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QHBoxLayout, QScrollArea, QWidget

from core.canonical import ImageData
from core.events import Handoff, RetryScheduled, TurnFailed, TurnFinished, TurnStarted
from core.history import HistorySource, StoreHistory
from core.llm import KEY_PROBLEMS
from core.stops import Stop
from core.store import BlobError, ImageRef

from .bubble import Bubble
from .busy import BusyIndicator
from .preview import ImagePreview
from .rows import EARLIER_STEP, LIVE_ROWS, Entry, FollowEnd, RowWindow, scroll_column


class PictureSource(Protocol):
    """Where the chat reads a picture's bytes again (``core.store.Store``)."""

    def has_image(self, sha256: str) -> bool: ...

    def load_image(self, ref: ImageRef) -> ImageData: ...


def pictures_of(history: HistorySource | None) -> PictureSource | None:
    """The store behind a ``StoreHistory``; None without a store (the chat then keeps the bytes)."""
    return history.store if isinstance(history, StoreHistory) else None


class ChatEntry(Entry):
    """One chat row's data: a bubble (role, text) or a preview (image, caption). A preview keeps
    ``ref`` always and ``image`` (the bytes) only while its row is a widget, or when no store
    holds them (``source`` None)."""

    def __init__(
        self,
        kind: str,
        *,
        role: str = "",
        text: str = "",
        image: ImageData | None = None,
        caption: str = "",
        failure: TurnFailed | None = None,
        words: Callable[[], str] | None = None,
    ) -> None:
        self.kind = kind  # "bubble" | "preview"
        self.role = role
        self.text = text
        self.image = image
        self.ref = (
            None
            if image is None
            else ImageRef(image.sha256, image.media_type, image.width, image.height, len(image.data))
        )
        self.source: PictureSource | None = None
        self.caption = caption
        self.failure = failure  # an error bubble's failed turn (its Retry and Open Settings)
        self.words = words  # the text (or caption) in the language shown now: rendered again on a switch
        self.widget: Bubble | ImagePreview | None = None

    def load_image(self) -> ImageData | None:
        """The picture's bytes: held, or read again from the store (the viewer; None when the
        store no longer has them)."""
        if self.image is not None or self.ref is None or self.source is None:
            return self.image
        try:
            return self.source.load_image(self.ref)
        except BlobError:
            return None

    def release_image(self) -> None:
        """Out of view: let the bytes go when the store holds them (read again when shown)."""
        if self.image is not None and self.ref is not None and self.source is not None:
            if self.source.has_image(self.ref.sha256):
                self.image = None

    def fetch(self) -> ImageData:
        """The bytes for a row built again (a worker thread: raises ``BlobError`` when gone)."""
        assert self.ref is not None and self.source is not None
        return self.source.load_image(self.ref)


class ChatView(QScrollArea):
    retryRequested = Signal(str)  # a failed turn's request, to send again as a new turn
    settingsRequested = Signal()  # a failed turn's key is missing or refused

    def __init__(
        self, parent: QWidget | None = None, live_rows: int = LIVE_ROWS, pictures: PictureSource | None = None
    ) -> None:
        super().__init__(parent)
        self.source = pictures  # the store: rows out of view read their pictures there again
        self.open_url = QDesktopServices.openUrl  # links in messages (tests put their own)
        self.requests: dict[str, str] = {}  # turn id -> its request (what Retry sends again)
        self.setObjectName("chatView")
        self.inner, self.items, self.earlier_button = scroll_column(
            self, "chatInner", 10, 8, lambda: self.show_earlier()
        )
        self.items.addStretch(1)
        self.items.addWidget(self.earlier_button, 0, Qt.AlignmentFlag.AlignHCenter)
        self.setWidget(self.inner)
        self.rows = RowWindow[ChatEntry](
            self.items, 2, self.earlier_button, self._build, self._release, live_rows
        )
        self._streaming: dict[str, ChatEntry] = {}  # turn id -> bubble receiving deltas
        # a row that left the view, hidden, for the next of its kind: a bubble per role, a preview
        self.kept_bubbles: dict[str, tuple[QWidget, Bubble]] = {}
        self.kept_preview: tuple[QWidget, ImagePreview] | None = None
        self.follow = FollowEnd(self)  # the view shows the newest row: it keeps following while rows grow
        self.typing = BusyIndicator()  # a spinner that moves, and the provider's retries
        self.items.addWidget(self.typing)
        self.retranslate()

    # ------------------------------------------------------------------ what is shown
    @property
    def entries(self) -> list[ChatEntry]:
        """Every row's data, oldest first (collapsed ones included)."""
        return self.rows.entries

    @property
    def bubbles(self) -> list[Bubble]:
        """The bubbles that are widgets now, oldest first."""
        return [e.widget for e in self.rows.live() if isinstance(e.widget, Bubble)]

    @property
    def previews(self) -> list[ImagePreview]:
        """The previews that are widgets now, oldest first."""
        return [e.widget for e in self.rows.live() if isinstance(e.widget, ImagePreview)]

    def pictures(self) -> list[ChatEntry]:
        """Every picture row's data, in chat order (collapsed ones and the history's included)."""
        return [e for e in self.rows.entries if e.kind == "preview"]

    def retranslate(self) -> None:
        self.earlier_button.setText(self.tr("Show earlier ({count})").format(count=self.rows.collapsed))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.reword()
            self.retranslate()
        super().changeEvent(event)

    def reword(self) -> None:
        """Notes and captions already shown: the same data in the language shown now (on a switch
        only: it walks every row, collapsed ones included)."""
        for entry in self.rows.entries:
            if entry.words is not None:
                self._reword(entry, entry.words())

    # ------------------------------------------------------------------ rows
    def _build(self, entry: ChatEntry) -> QWidget:
        if entry.kind == "preview":
            kept_row, kept_preview = self.kept_preview or (None, None)
            self.kept_preview = None
            return self._row(entry, self._preview(entry, kept_preview), kept_row)
        kept = self.kept_bubbles.pop(entry.role, None) if entry.failure is None else None
        if kept is not None:
            kept[1].reuse(entry.text)
            return self._row(entry, kept[1], kept[0])
        bubble = Bubble(entry.role, entry.text, open_url=lambda url: self._open(url))
        if entry.failure is not None:
            self._failure_actions(bubble, entry.failure)
        return self._row(entry, bubble, None)

    def _preview(self, entry: ChatEntry, kept: ImagePreview | None) -> ImagePreview:
        """The entry's preview: the kept one showing it, or a new one. Without its bytes (a row
        shown again) they are read in the thread that decodes it."""
        assert entry.ref is not None
        ref = entry.ref
        image = (
            entry.image if entry.image is not None else ImageData(ref.media_type, b"", ref.width, ref.height)
        )
        fetch = None if entry.image is not None else entry.fetch
        if kept is not None:
            preview = kept
            preview.reuse(image, entry.caption, fetch)
        else:
            preview = ImagePreview(image, entry.caption, fetch=fetch)
            preview.gallery = self.pictures  # the viewer steps through the chat's pictures
        if fetch is not None:
            preview.fetched = partial(self._fetched, entry, preview)
        return preview

    def _row(self, entry: ChatEntry, widget: Bubble | ImagePreview, kept: QWidget | None) -> QWidget:
        """The row that shows ``widget``: the kept row it is in (no row built, polished and freed;
        shown by the row window), or a new one."""
        entry.widget = widget
        if kept is not None:
            return kept
        row = QWidget()
        h = QHBoxLayout(row)
        h.setContentsMargins(0, 0, 0, 0)
        if entry.role == "user":
            h.addStretch(1)
            h.addWidget(widget, 4)
        elif entry.kind == "preview":  # as wide as its picture when the chat has room
            h.addWidget(widget)
            h.addStretch(1)
        else:
            h.addWidget(widget, 4)
            h.addStretch(1)
        return row

    def _reword(self, entry: ChatEntry, text: str) -> None:
        if entry.kind == "preview":
            entry.caption = text
            if isinstance(entry.widget, ImagePreview):
                entry.widget.set_caption(text)
        else:
            entry.text = text
            if isinstance(entry.widget, Bubble):
                entry.widget.set_text(text)

    def _fetched(self, entry: ChatEntry, widget: ImagePreview, image: ImageData) -> None:
        if entry.widget is widget:  # still shown: the entry holds the bytes while it is
            entry.image = image

    def _release(self, entry: ChatEntry, row: QWidget | None) -> bool:
        """The row left the view (hidden by the row window): the entry keeps the data, its picture
        dropped when the store has it. A plain bubble or a preview is kept for the next row of its
        kind (a bubble per role, one preview) with nothing of its picture; the others are freed."""
        widget, entry.widget = entry.widget, None
        entry.release_image()
        if row is None or widget is None or entry.failure is not None:
            return False
        if isinstance(widget, ImagePreview):
            if self.kept_preview is not None:
                return False
            widget.park()
            self.kept_preview = (row, widget)
            return True
        if not widget.reusable() or entry.role in self.kept_bubbles:
            return False
        widget.park()
        self.kept_bubbles[entry.role] = (row, widget)
        return True

    def _append(self, entry: ChatEntry) -> None:
        self.rows.append(entry)
        if self.rows.collapsed:
            self.retranslate()
        self.follow.schedule()

    def scroll_to_end(self) -> None:
        self.follow.scroll_to_end()

    def hold(self) -> None:
        """Rows added from now on are data only until ``build_held()`` (a replayed page)."""
        self.rows.hold()

    def build_held(self) -> None:
        """The rows of what was added while holding that the chat keeps (their pictures decode
        in a worker thread, their bytes read there when the store has them)."""
        for entry in self.rows.build_held():
            if isinstance(entry.widget, ImagePreview):
                entry.widget.load()
        self.follow.schedule()

    def show_earlier(self, count: int = EARLIER_STEP) -> list[ChatEntry]:
        """Bring back up to ``count`` older rows above the shown ones (their pictures decode in a
        worker thread); returns their entries, oldest first."""
        restored = self.rows.show_earlier(count)
        for entry in restored:
            if isinstance(entry.widget, ImagePreview):
                entry.widget.load()
        self.retranslate()
        return restored

    # ------------------------------------------------------------------ API used by the window
    def add_bubble(self, role: str, text: str, words: Callable[[], str] | None = None) -> Bubble | None:
        """A bubble (None while holding); ``words`` (a note of the window's own) renders its text
        again after a switch of language."""
        entry = ChatEntry("bubble", role=role, text=text, words=words)
        self._append(entry)
        return entry.widget if isinstance(entry.widget, Bubble) else None

    def add_note(self, role: str, words: Callable[[], str]) -> Bubble | None:
        """A notice or error bubble of the window's own words (re-rendered on a language switch)."""
        return self.add_bubble(role, words(), words)

    def set_busy(self, busy: bool) -> None:
        self.typing.set_busy(busy)

    def retry_scheduled(self, e: RetryScheduled) -> None:
        """The provider is asked again after a wait: the busy line counts down to it."""
        self.typing.retry(e)

    def _open(self, url: QUrl) -> None:
        self.open_url(url)

    def _failure_actions(self, bubble: Bubble, failure: TurnFailed) -> None:
        request = self.requests.get(failure.turn_id)
        retry = None if request is None else (lambda: self.retryRequested.emit(request))
        settings = self.settingsRequested.emit if failure.code in KEY_PROBLEMS else None
        bubble.set_actions(retry, settings)

    def delta(self, turn_id: str, text: str) -> None:
        entry = self._streaming.get(turn_id)
        if entry is None:  # built with its first text: one layout pass, not an empty bubble's first
            entry = ChatEntry("bubble", role="assistant", text=text)
            self._streaming[turn_id] = entry
            self._append(entry)
        else:
            entry.text += text
            if isinstance(entry.widget, Bubble):
                entry.widget.stream_text(entry.text)
        self.typing.clear_retry()
        self.follow.schedule()

    def message(self, turn_id: str, text: str) -> None:
        """A round's complete assistant text: replaces what was streamed for it."""
        self.typing.clear_retry()
        entry = self._streaming.pop(turn_id, None)
        if entry is not None:
            if text:
                entry.text = text
                if isinstance(entry.widget, Bubble):
                    entry.widget.set_text(text)
            return
        if text:
            self.add_bubble("assistant", text)

    def end_turn(self, turn_id: str) -> None:
        self._streaming.pop(turn_id, None)

    # ------------------------------------------------------------------ turn events
    def turn_started(self, e: TurnStarted) -> None:
        self.requests.setdefault(e.turn_id, e.user_text)
        if e.resumed:  # its request is already in the chat (this session or the history)
            self.add_note("notice", lambda: self.tr("Continuing the turn where it stopped."))
        elif e.source == "user":
            self.add_bubble("user", e.user_text)
        else:
            self.add_note(
                "notice",
                lambda: (
                    self.tr("Request passed on from {source}:").format(source=e.source) + "\n" + e.user_text
                ),
            )
        self.set_busy(True)

    def handoff(self, e: Handoff) -> None:
        self.add_note("notice", lambda: self.tr("Passed the request on to {to}.").format(to=e.to))

    def turn_finished(self, e: TurnFinished) -> None:
        self.end_turn(e.turn_id)
        self.set_busy(False)
        if e.stop == Stop.INTERRUPTED:
            self.add_note("notice", lambda: self.tr("Stopped."))
        elif e.stop == Stop.PAUSED:
            self.add_note("notice", lambda: self.tr("Paused. Press Resume to continue."))

    def turn_failed(self, e: TurnFailed) -> None:
        self.end_turn(e.turn_id)
        self.set_busy(False)

        def words() -> str:
            return self.tr("The turn failed ({code}): {message}").format(code=e.code, message=e.message)

        self._append(ChatEntry("bubble", role="error", text=words(), failure=e, words=words))

    def add_images(
        self, images: tuple[ImageData, ...] | list[ImageData], caption: str | Callable[[], str]
    ) -> list[ImagePreview]:
        """One preview row per image; the caller starts their ``load()`` (decoding off the UI
        thread). A preview that is already collapsed again (more images than live rows) is
        not returned. A callable ``caption`` renders it again after a switch of language."""
        entries = []
        words = caption if callable(caption) else None
        text = caption() if callable(caption) else caption
        for image in images:
            entry = ChatEntry("preview", image=image, caption=text, words=words)
            entry.source = self.source
            self._append(entry)
            entries.append(entry)
        return [e.widget for e in entries if isinstance(e.widget, ImagePreview)]
