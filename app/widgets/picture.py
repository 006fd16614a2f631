"""A tool image's picture in the chat: decoded and scaled off the UI thread, drawn at its own size
when there is room and scaled down (aspect kept) when the chat is narrower.

``decode_scaled`` and ``scaled_to`` run in worker threads (QImage, never QPixmap); ``Picture`` is
the label that shows the result, its box reserved before the decode so the row keeps its height.
``ImagePreview`` (``app.widgets.preview``) puts it in a frame with its caption and buttons.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QImage, QMouseEvent, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

MAX_PREVIEW_WIDTH = 480
MAX_PREVIEW_HEIGHT = 360


def decode(data: bytes) -> QImage:
    """Decode image bytes (safe to run in a worker thread: QImage, not QPixmap)."""
    return QImage.fromData(data)


def decode_scaled(
    data: bytes, width: int = MAX_PREVIEW_WIDTH, height: int = MAX_PREVIEW_HEIGHT, ratio: float = 1.0
) -> QImage:
    """Decode and scale in one go (worker thread): the chat keeps only the small picture.

    The preview covers ``fit(image, width, height)`` logical pixels on any screen (the same layout
    at every scale); it is rendered at as many device pixels as that covers at ``ratio`` (the
    screen's device pixel ratio, smooth transformation) and carries that ratio, so a HiDPI screen
    shows it sharp and ``deviceIndependentSize()`` is the logical size."""
    image = QImage.fromData(data)
    if image.isNull():
        return image
    logical = fit(image.size(), width, height)
    device = device_size(logical, ratio)
    if device != image.size():
        image = image.scaled(
            device, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation
        )
    image.setDevicePixelRatio(ratio)
    return image


def scaled_to(image: QImage, target: QSize, ratio: float) -> QImage:
    """``image`` scaled (smooth) to cover ``target`` logical pixels at ``ratio`` (worker thread), as
    ``Picture.drawn`` would scale it in a paint."""
    out = image.scaled(
        device_size(target, ratio),
        Qt.AspectRatioMode.IgnoreAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )
    out.setDevicePixelRatio(ratio)
    return out


def device_size(logical: QSize, ratio: float) -> QSize:
    """The device pixels that cover ``logical`` pixels on a ``ratio`` screen (at least one each way)."""
    return QSize(max(1, round(logical.width() * ratio)), max(1, round(logical.height() * ratio)))


def fit(size: QSize, width: int, height: int) -> QSize:
    """``size`` scaled down (never up) to fit in ``width`` × ``height``, keeping the aspect."""
    if size.width() <= width and size.height() <= height:
        return QSize(size)
    return size.scaled(QSize(width, height), Qt.AspectRatioMode.KeepAspectRatio)


class ClickableLabel(QLabel):
    clicked = Signal()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mouseReleaseEvent(event)


class Picture(ClickableLabel):
    """The preview picture: its own size when there is room, scaled down (aspect kept) when the
    chat is narrower; ``pixmap()`` stays the decoded preview."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        self._logical: QSize | None = None
        self._source: QPixmap | None = None  # the decoded preview as set (``pixmap()``: a copy a call)
        self._drawn: QPixmap | None = None  # it scaled to the last size and ratio drawn, kept
        self._reserved: QSize | None = None  # the size it will take, known before it is decoded
        self._heights: dict[int, int] = {}  # height for width, per width a layout asked for
        self.scaled = 0  # scalings done (a test counts them: one per size, none per paint)

    def setPixmap(self, pixmap: QPixmap | QImage) -> None:  # Qt name: the size is kept with the picture
        super().setPixmap(pixmap)
        self._source = None if pixmap.isNull() else self.pixmap()
        self._logical = None if self._source is None else self._source.deviceIndependentSize().toSize()
        self._drawn = None
        self._picture_size_policy()

    def setText(self, text: str) -> None:  # Qt name: a text replaces the picture
        super().setText(text)
        self._logical = self._source = self._drawn = None
        self._picture_size_policy()

    def clear(self) -> None:  # Qt name: no picture and no text (``setText("")`` keeps a picture)
        super().clear()
        self._logical = self._source = self._drawn = None
        self._picture_size_policy()

    def reserve(self, size: QSize | None) -> None:
        """The logical size the picture will take once decoded (the image's own width and height
        fitted as the preview fits them): its text ("Loading image…") is shown in that box, so
        the row has its final height from the start and the decoded picture arriving moves no
        row and scrolls nothing. None: a text's own size (a problem said instead of a picture)."""
        self._reserved = None if size is None or size.isEmpty() else QSize(size)
        self._picture_size_policy()
        self.updateGeometry()

    def _picture_size_policy(self) -> None:
        """A picture's height follows its width (the aspect kept); a text's does not. Said by the
        size policy, which Qt reads without asking Python (a layout pass asks every row)."""
        self._heights.clear()
        policy = self.sizePolicy()
        if policy.hasHeightForWidth() != (self._size() is not None):
            policy.setHeightForWidth(self._size() is not None)
            self.setSizePolicy(policy)

    def _size(self) -> QSize | None:
        """The picture's logical size (its device pixels over its device pixel ratio), kept when
        it is set: every layout pass asks for it, and ``pixmap()`` is a copy per call. Before the
        picture is set, the size reserved for it."""
        return self._logical or self._reserved

    def sizeHint(self) -> QSize:
        size = self._size()
        return super().sizeHint() if size is None else size

    def minimumSizeHint(self) -> QSize:
        size = self._size()
        if size is None:
            return super().minimumSizeHint()
        return fit(size, min(size.width(), 120), size.height())

    def heightForWidth(self, width: int) -> int:
        size = self._size()
        if size is None:
            return super().heightForWidth(width)
        height = self._heights.get(width)
        if height is None:  # a layout pass asks the same few widths many times
            if len(self._heights) > 8:
                self._heights.clear()
            height = self._heights[width] = fit(size, width, size.height()).height()
        return height

    def keep_drawn(self, pixmap: QPixmap) -> None:
        """The picture already scaled (in a worker thread) to the size it is drawn at: a paint at
        that size and ratio copies it."""
        if self._source is not None:
            self._drawn = pixmap

    def drawn(self, target: QSize, ratio: float) -> QPixmap | None:
        """The picture as drawn at ``target`` logical pixels on a ``ratio`` screen: the decoded
        preview itself when it is one to one, else it scaled once (smooth) and kept until the size
        or the ratio changes, so a paint copies pixels and never scales."""
        source = self._source
        if source is None:
            return None
        if target == self._logical and source.devicePixelRatio() == ratio:
            return source
        kept = self._drawn
        if (
            kept is None
            or kept.deviceIndependentSize().toSize() != target
            or kept.devicePixelRatio() != ratio
        ):
            kept = source.scaled(
                device_size(target, ratio),
                Qt.AspectRatioMode.IgnoreAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
            kept.setDevicePixelRatio(ratio)
            self._drawn = kept
            self.scaled += 1
        return kept

    def paintEvent(self, event: QPaintEvent) -> None:
        size = self._logical
        if size is None:  # a text (in its reserved box while the picture decodes)
            super().paintEvent(event)
            return
        rect = self.contentsRect()
        painter = QPainter(self)
        pixmap = self.drawn(fit(size, rect.width(), rect.height()), painter.device().devicePixelRatioF())
        if pixmap is not None:
            painter.drawPixmap(rect.x(), rect.y(), pixmap)  # one to one: a copy, no scaling pass
        painter.end()
