"""Image previews in the chat: scaled to fit, "Save image…", "Copy", click for full size.

Decoding happens off the UI thread (``decode_scaled`` in ``app.widgets.picture``, through
``Background``); the widget shows a placeholder until the decoded image arrives.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import shiboken6
from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPixmap
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from app.background import Background
from core.canonical import ImageData
from core.log import event as log_event

from .picture import (
    MAX_PREVIEW_HEIGHT,
    MAX_PREVIEW_WIDTH,
    Picture,
    decode,
    decode_scaled,
    fit,
    scaled_to,
)
from .viewer import Gallery, PictureViewer, open_viewer
from .wrap_label import WrapLabel


class ImagePreview(QFrame):
    """One tool image in the chat: the picture, the caption line under it, then "Save image…" and
    "Copy". The frame is as wide as the picture (plus its margins), never wider."""

    def __init__(
        self,
        image: ImageData,
        caption: str,
        parent: QWidget | None = None,
        fetch: Callable[[], ImageData] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("imagePreview")
        self.data = image  # without bytes until ``fetch`` has read them (a row shown again)
        self.fetch = fetch  # reads the bytes (from the store) in the worker thread that decodes
        self.fetched: Callable[[ImageData], None] | None = None  # told the bytes once read
        self.caption_text = caption
        self.image: QImage | None = None
        self.viewer: PictureViewer | None = None
        self.gallery: Gallery | None = None  # the conversation's pictures, for the viewer's steps
        self.background = Background(self)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        self.picture = Picture()
        self.picture.setObjectName("previewPicture")
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._reserve(image)
        self.picture.setCursor(Qt.CursorShape.PointingHandCursor)
        self.picture.clicked.connect(self.open_full_size)
        self.caption = WrapLabel(caption)  # wraps under the picture instead of widening the frame
        self.caption.setObjectName("previewCaption")
        self.caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.save_button = QPushButton()
        self.copy_button = QPushButton()
        self.save_button.clicked.connect(self.save_image)
        self.copy_button.clicked.connect(self.copy_image)
        self.save_button.setEnabled(False)
        self.copy_button.setEnabled(False)
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.copy_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)
        layout.addWidget(self.picture)
        layout.addWidget(self.caption)
        layout.addLayout(buttons)
        self.installEventFilter(self)  # a new device pixel ratio arrives as an event, not a change
        self.retranslate()

    def park(self) -> None:
        """Left the view, kept hidden for the next picture: its picture and bytes are dropped now (a
        row out of view holds neither) and a decode under way is not shown."""
        self.background.cancel()
        self.image, self.fetch, self.fetched = None, None, None
        self.data = replace(self.data, data=b"")  # nor its bytes
        self.picture.clear()

    def reuse(self, image: ImageData, caption: str, fetch: Callable[[], ImageData] | None = None) -> None:
        """Shows another picture (a preview kept out of the view instead of one built anew): the
        last one's decode, if still under way, is dropped, and nothing of its picture is kept."""
        self.background.cancel()
        self.data, self.fetch, self.fetched = image, fetch, None
        self.image = self.viewer = None
        self.save_button.setEnabled(False)
        self.copy_button.setEnabled(False)
        self.set_caption(caption)
        self._reserve(image)
        self.picture.setText(self.tr("Loading image…"))

    def _reserve(self, image: ImageData) -> None:
        """The picture's box before it decodes: the image's own size fitted, so the row takes its
        final height at once; an image of unknown size gets room for the loading text."""
        if image.width > 0 and image.height > 0:
            self.picture.setMinimumSize(0, 0)
            self.picture.reserve(fit(QSize(image.width, image.height), MAX_PREVIEW_WIDTH, MAX_PREVIEW_HEIGHT))
        else:
            self.picture.reserve(None)
            self.picture.setMinimumSize(120, 80)

    def retranslate(self) -> None:
        self.save_button.setText(self.tr("Save image…"))
        self.copy_button.setText(self.tr("Copy"))
        self.picture.setToolTip(self.tr("Click to open the full-size image"))
        if self.image is None:
            self.picture.setText(self.tr("Loading image…"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self and event.type() == QEvent.Type.DevicePixelRatioChange and self.image is not None:
            self.load()  # moved to a screen of another scale: rendered again for it
        return False

    def set_caption(self, caption: str) -> None:
        """The line under the picture (and the viewer's title), e.g. in a new language."""
        self.caption_text = caption
        self.caption.setText(caption)

    def load(self) -> asyncio.Task[Any] | None:
        """Decode and scale in a worker thread (the bytes read there first when the preview has
        none yet), then show the picture, if the preview still exists (the chat may have dropped
        the row by then). A picture the chat draws narrower than its preview (a narrow window) is
        scaled to that size in a worker thread too, once the decode is back, so no paint scales
        it on the GUI thread. The full size is decoded again only when opened, copied or saved, so
        a long chat does not hold every full frame. Awaiting the task returns once the picture is
        shown; None when no event loop runs (it keeps its "Loading image…" text). A new load
        replaces one still under way."""
        self.background.cancel()  # a load under way (an earlier screen scale) never lands after this one
        ratio = self.devicePixelRatioF()  # rendered for the screen it is on (sharp on HiDPI)
        fetch, data = self.fetch, self.data.data

        def read() -> tuple[ImageData | None, QImage]:
            got = fetch() if fetch is not None else None
            bytes_ = data if got is None else got.data
            return got, decode_scaled(bytes_, MAX_PREVIEW_WIDTH, MAX_PREVIEW_HEIGHT, ratio)

        async def work() -> tuple[ImageData | None, QImage, QImage | None]:
            got, image = await asyncio.to_thread(read)
            target = self._drawn_size(image) if shiboken6.isValid(self) else None
            drawn = None if target is None else await asyncio.to_thread(scaled_to, image, target, ratio)
            return got, image, drawn

        return self.background.run(
            work(), success=self._read, failure=self._unreadable if fetch is not None else None
        )

    def _drawn_size(self, image: QImage) -> QSize | None:
        """The size the picture is drawn at in the box the chat laid out for it, when smaller than
        the decoded preview; None when it is drawn as decoded, or not laid out yet."""
        if image.isNull() or not self.picture.isVisible():
            return None
        rect = self.picture.contentsRect()
        if rect.width() <= 0 or rect.height() != self.picture.heightForWidth(rect.width()):
            return None  # not (yet) placed by its row's layout: its paint scales if it must
        logical = image.deviceIndependentSize().toSize()
        target = fit(logical, rect.width(), rect.height())
        return None if target == logical else target

    def _read(self, got: tuple[ImageData | None, QImage, QImage | None]) -> None:
        data, image, drawn = got
        if data is not None:
            self.data, self.fetch = data, None
            if self.fetched is not None:
                self.fetched(data)
        self.set_image(image, drawn)

    def _unreadable(self, exc: BaseException) -> None:
        """The store no longer gives the bytes (a blob removed or corrupt since)."""
        log_event("gui task failed", error=type(exc).__name__)
        self.picture.reserve(None)  # a line of text, not a picture's box
        self.picture.setText(self.tr("The stored image is no longer available."))

    def full_size(self) -> QImage:
        return decode(self.data.data)

    def set_image(self, image: QImage, drawn: QImage | None = None) -> None:
        """The decoded preview; ``drawn``: it already scaled to the size it is drawn at."""
        if image.isNull():
            self.picture.reserve(None)
            self.picture.setText(self.tr("The image could not be decoded."))
            return
        self.image = image
        self.save_button.setEnabled(True)
        self.copy_button.setEnabled(True)
        self._rescale()
        if drawn is not None:
            self.picture.keep_drawn(QPixmap.fromImage(drawn))

    def _rescale(self) -> None:
        if self.image is None:
            return
        pixmap = QPixmap.fromImage(self.image)
        self.picture.setMinimumSize(0, 0)  # the picture's own hints take over (scaled when narrow)
        self.picture.setPixmap(pixmap)  # in the box reserved for it: the row keeps its height

    def open_full_size(self) -> None:
        if self.image is None:
            return
        self.viewer = open_viewer(self, self.full_size(), self.caption_text, self.gallery, self.data)

    def copy_image(self) -> None:
        if self.image is not None:
            QGuiApplication.clipboard().setImage(self.full_size())

    def suggested_name(self) -> str:
        ext = (
            "webp"
            if self.data.media_type == "image/webp"
            else ("png" if self.data.media_type == "image/png" else "jpg")
        )
        return f"{self.data.sha256[:12]}.{ext}"

    def save_image(self) -> QFileDialog:
        """A non-modal save dialog (no nested event loop); the bytes are written as received."""
        dialog = QFileDialog(self.window(), self.tr("Save image"), self.suggested_name())
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.fileSelected.connect(self.write_to)
        dialog.open()
        return dialog

    def write_to(self, path: str) -> None:
        with open(path, "wb") as fh:
            fh.write(self.data.data)
