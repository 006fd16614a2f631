"""The region of interest of a watch, drawn with the mouse on a live picture (issue 15, WA-40).

``RegionEditor`` shows the camera's picture scaled to fit (its aspect kept) and lets the person
drag a rectangle on it; the rectangle is kept as a ``core.watch.gate.Region``, normalised to the
frame (x, y, w, h within 0 … 1, rounded to 0.001), so it means the same on any frame size. Outside
the region the picture is dimmed: changes there are not seen by the change gate (WA-2). A drag
shorter than ``MIN_DRAG_PX`` on either side is a click and changes nothing; ``set_region(None)``
is the whole picture.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from core.watch.gate import Region

MIN_DRAG_PX = 6  # a shorter drag is a click


def region_of(rect: QRectF, frame: QRectF) -> Region | None:
    """``rect`` (widget coordinates) as a region of the picture shown in ``frame``; None when it
    does not overlap the picture."""
    if frame.width() <= 0 or frame.height() <= 0:
        return None
    part = rect.normalized().intersected(frame)
    if part.width() <= 0 or part.height() <= 0:
        return None

    def share(value: float, start: float, span: float) -> float:
        return round(min(1.0, max(0.0, (value - start) / span)), 3)

    x = share(part.left(), frame.left(), frame.width())
    y = share(part.top(), frame.top(), frame.height())
    right = share(part.right(), frame.left(), frame.width())
    bottom = share(part.bottom(), frame.top(), frame.height())
    x, y = min(x, 0.999), min(y, 0.999)
    return Region(x, y, round(max(0.001, right - x), 3), round(max(0.001, bottom - y), 3))


class RegionEditor(QWidget):
    """The live picture with the watch's region drawn on it."""

    regionChanged = Signal(object)  # Region | None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("watchRegion")
        self.picture = QImage()
        self.region: Region | None = None
        self._start: QPointF | None = None  # where a drag began
        self._drag: QRectF | None = None  # the rectangle being drawn
        self.setMinimumSize(240, 160)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.CrossCursor)
        self.setAccessibleName(self.tr("Region of interest"))

    def sizeHint(self) -> QSize:
        return QSize(400, 265)

    def set_picture(self, image: QImage) -> None:
        self.picture = image
        self.update()

    def set_region(self, region: Region | None) -> None:
        if region != self.region:
            self.region = region
            self.regionChanged.emit(region)
        self.update()

    def frame(self) -> QRectF:
        """Where the picture is drawn: centred, scaled to fit (a 3:2 box before there is one)."""
        size = QSize(3, 2) if self.picture.isNull() else self.picture.deviceIndependentSize().toSize()
        shown = size.scaled(self.size(), Qt.AspectRatioMode.KeepAspectRatio)
        left = (self.width() - shown.width()) / 2
        top = (self.height() - shown.height()) / 2
        return QRectF(left, top, shown.width(), shown.height())

    def region_rect(self) -> QRectF | None:
        """The region in widget coordinates (None: the whole picture)."""
        if self.region is None:
            return None
        f = self.frame()
        r = self.region
        return QRectF(
            f.left() + r.x * f.width(), f.top() + r.y * f.height(), r.w * f.width(), r.h * f.height()
        )

    # -- the mouse -------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and not self.picture.isNull():
            self._start = event.position()
            self._drag = None
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._start is not None:
            self._drag = QRectF(self._start, event.position()).normalized()
            self.update()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self._start is not None:
            rect = QRectF(self._start, event.position()).normalized()
            self._start = self._drag = None
            if rect.width() >= MIN_DRAG_PX and rect.height() >= MIN_DRAG_PX:
                region = region_of(rect, self.frame())
                if region is not None:
                    self.set_region(region)
            self.update()
        super().mouseReleaseEvent(event)

    # -- painting --------------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        frame = self.frame()
        if self.picture.isNull():
            painter.fillRect(frame, self.palette().alternateBase())
            painter.setPen(self.palette().placeholderText().color())
            painter.drawText(
                frame, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.tr("No picture yet")
            )
            painter.end()
            return
        painter.drawImage(frame, self.picture)
        rect = self._drag if self._drag is not None else self.region_rect()
        if rect is not None:
            shade = QColor(0, 0, 0, 130)  # what the gate does not see
            inside = rect.intersected(frame)
            painter.fillRect(
                QRectF(frame.left(), frame.top(), frame.width(), inside.top() - frame.top()), shade
            )
            painter.fillRect(
                QRectF(frame.left(), inside.bottom(), frame.width(), frame.bottom() - inside.bottom()), shade
            )
            painter.fillRect(
                QRectF(frame.left(), inside.top(), inside.left() - frame.left(), inside.height()), shade
            )
            painter.fillRect(
                QRectF(inside.right(), inside.top(), frame.right() - inside.right(), inside.height()), shade
            )
            pen = QPen(QColor(255, 210, 60), 2)
            pen.setStyle(Qt.PenStyle.DashLine if self._drag is not None else Qt.PenStyle.SolidLine)
            painter.setPen(pen)
            painter.drawRect(inside)
        painter.end()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.setAccessibleName(self.tr("Region of interest"))
            self.update()
        super().changeEvent(event)
