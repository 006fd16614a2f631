"""The timeline's keyframe thumbnails (issue 15): read, decoded and scaled off the GUI thread, once
each, and held only for the rows in view.

``Thumbs.get(event_id)`` is what a row's paint asks: the thumbnail when it is held, else None (the
row draws a placeholder) and, the first time, a worker-thread job that reads the keyframe from the
store, decodes it and scales it to ``THUMB`` at the screen's device pixel ratio in one go
(``app.widgets.picture.decode_scaled``); the small picture comes back to the GUI thread and is
kept only if its row is still in view (``in_view``). ``keep_only`` drops the pictures of rows that
left the view (after a scroll or a filter): a timeline of thousands of events holds a screenful of
thumbnails, never one per event. A keyframe the store no longer has (or cannot decode) is
remembered as missing and never asked for again. (WA-53.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, QSize, Signal
from PySide6.QtGui import QImage

from app.background import Background
from core.canonical import ImageData

from .picture import decode_scaled

THUMB = QSize(96, 64)  # logical pixels of a row's thumbnail (a 3:2 camera frame fits it)

Keyframes = Callable[[int], ImageData | None]  # event id -> its keyframe (read from the store)


def load_thumbnail(keyframe: Keyframes, event_id: int, ratio: float, size: QSize = THUMB) -> QImage | None:
    """The event's keyframe read, decoded and scaled (worker thread); None when it has none, the
    store lost it, or its bytes do not decode."""
    image = keyframe(event_id)
    if image is None:
        return None
    thumb = decode_scaled(image.data, size.width(), size.height(), ratio)
    return None if thumb.isNull() else thumb


class Thumbs(QObject):
    """The thumbnails of the rows in view; ``arrived`` names an event whose picture came (or that
    turned out to have none: the row repaints its placeholder)."""

    arrived = Signal(int)

    def __init__(
        self,
        keyframe: Keyframes,
        in_view: Callable[[int], bool],
        parent: QObject | None = None,
        size: QSize = THUMB,
    ) -> None:
        super().__init__(parent)
        self.keyframe = keyframe
        self.in_view = in_view
        self.size = size
        self.ratio = 1.0  # the device pixel ratio thumbnails are made at (the view sets it)
        self.background = Background(self)
        self.images: dict[int, QImage] = {}
        self.pending: set[int] = set()
        self.missing: set[int] = set()
        self.decoded = 0  # thumbnails made (a test counts them: one per event in view, none per paint)

    def get(self, event_id: int) -> QImage | None:
        image = self.images.get(event_id)
        if image is None and event_id not in self.pending and event_id not in self.missing:
            self._load(event_id)
        return image

    def _load(self, event_id: int) -> None:
        task = self.background.in_thread(
            load_thumbnail,
            self.keyframe,
            event_id,
            self.ratio,
            self.size,
            success=lambda image: self._arrived(event_id, image),
            failure=lambda _exc: self._arrived(event_id, None),
        )
        if task is not None:
            self.pending.add(event_id)

    def _arrived(self, event_id: int, image: QImage | None) -> None:
        self.pending.discard(event_id)
        if image is None:
            self.missing.add(event_id)
        else:
            self.decoded += 1
            if not self.in_view(event_id):
                return  # scrolled away while it decoded: read again if it comes back
            self.images[event_id] = image
        self.arrived.emit(event_id)

    def keep_only(self, event_ids: Iterable[int]) -> None:
        """Drop the thumbnails of rows no longer in view."""
        keep = set(event_ids)
        for event_id in [k for k in self.images if k not in keep]:
            del self.images[event_id]

    def forget(self, event_ids: Iterable[int]) -> None:
        """Events gone from the store (a deleted timeline): nothing of them is kept."""
        for event_id in event_ids:
            self.images.pop(event_id, None)
            self.missing.discard(event_id)

    def set_ratio(self, ratio: float) -> None:
        """A screen of another device pixel ratio: the thumbnails are made again at it."""
        if ratio != self.ratio:
            self.ratio = ratio
            self.images.clear()
