"""The zoomable picture of the viewer: a canvas drawn at any zoom (only its exposed part is painted)
and the scroll area around it (centred, the wheel zooms around the cursor, a drag pans).

Zoom is counted in device pixels per image pixel, so 1:1 is sharp on a HiDPI screen too.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QMouseEvent, QPainter, QPaintEvent, QPixmap, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QLabel, QScrollArea, QSizePolicy, QWidget

ZOOM_STEP = 1.25  # one wheel notch, one "+" press
SMOOTH_BELOW = 3.0  # from 3 device pixels per image pixel on, the pixels show as squares


class ZoomCanvas(QLabel):
    """The picture at ``zoom`` device pixels per image pixel; ``pixmap()`` stays the full-size
    picture (one pixel per image pixel). Dragging pans the scroll area it sits in."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("viewerCanvas")
        self.zoom = 1.0
        self._drag: tuple[QPointF, int, int] | None = None  # where a drag started, the bars' values
        self.double_clicked: Callable[[QPointF], None] | None = None  # at a point of the viewport
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_picture(self, image: QImage) -> None:
        self.setPixmap(QPixmap.fromImage(image))
        self.set_zoom(self.zoom)

    def image_size(self) -> QSize:
        return self.pixmap().size()

    def shown_size(self, zoom: float) -> QSize:
        """The picture's size on screen at ``zoom``, in logical pixels."""
        ratio = self.devicePixelRatioF()
        size = self.image_size()
        return QSize(max(1, round(size.width() * zoom / ratio)), max(1, round(size.height() * zoom / ratio)))

    def set_zoom(self, zoom: float) -> None:
        self.zoom = zoom
        self.resize(self.shown_size(zoom))
        self.update()

    def sizeHint(self) -> QSize:
        return self.shown_size(self.zoom)

    def paintEvent(self, event: QPaintEvent) -> None:
        pixmap = self.pixmap()
        if pixmap.isNull():
            super().paintEvent(event)
            return
        exposed = QRectF(event.rect())
        sx = pixmap.width() / max(1, self.width())
        sy = pixmap.height() / max(1, self.height())
        source = QRectF(exposed.x() * sx, exposed.y() * sy, exposed.width() * sx, exposed.height() * sy)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, self.zoom < SMOOTH_BELOW)
        painter.drawPixmap(exposed, pixmap, source)
        painter.end()

    def _area(self) -> QScrollArea | None:
        """The scroll area the canvas sits in (its viewport's parent), if any."""
        port = self.parentWidget()
        area = port.parentWidget() if port is not None else None
        return area if isinstance(area, QScrollArea) else None

    def pannable(self) -> bool:
        area = self._area()
        return area is not None and (
            area.horizontalScrollBar().maximum() > 0 or area.verticalScrollBar().maximum() > 0
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        area = self._area()
        if event.button() == Qt.MouseButton.LeftButton and area is not None and self.pannable():
            bars = area.horizontalScrollBar().value(), area.verticalScrollBar().value()
            self._drag = (event.globalPosition(), *bars)
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        area = self._area()
        if self._drag is None or area is None:
            super().mouseMoveEvent(event)
            return
        start, h, v = self._drag
        moved = event.globalPosition() - start
        area.horizontalScrollBar().setValue(h - round(moved.x()))
        area.verticalScrollBar().setValue(v - round(moved.y()))
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.double_clicked is not None:
            self.double_clicked(QPointF(self.mapToParent(event.position().toPoint())))
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._drag is not None:
            self._drag = None
            self.update_cursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def update_cursor(self) -> None:
        if self.pannable():
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        else:
            self.unsetCursor()


class ZoomArea(QScrollArea):
    """The scroll area around the canvas: centres a picture smaller than itself, zooms with the
    wheel around the cursor, and tells the viewer when its size changed (to fit again)."""

    def __init__(self, canvas: ZoomCanvas, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("viewerArea")
        self.canvas = canvas
        self.setWidgetResizable(False)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWidget(canvas)
        self.wheel_zoom: Callable[[float, QPointF], None] | None = None
        self.resized: Callable[[], None] | None = None

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps == 0 or self.wheel_zoom is None:
            super().wheelEvent(event)  # a sideways wheel scrolls
            return
        self.wheel_zoom(ZOOM_STEP**steps, event.position())
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.resized is not None:
            self.resized()

    def zoom_around(self, zoom: float, point: QPointF) -> None:
        """Zoom the canvas to ``zoom`` keeping the image point under ``point`` (viewport
        coordinates) where it is."""
        canvas = self.canvas
        old = QSize(canvas.size())
        at = point - QPointF(canvas.pos())  # the point in the canvas, before
        share = QPointF(at.x() / max(1, old.width()), at.y() / max(1, old.height()))
        canvas.set_zoom(zoom)
        new = canvas.size()
        self.horizontalScrollBar().setValue(round(share.x() * new.width() - point.x()))
        self.verticalScrollBar().setValue(round(share.y() * new.height() - point.y()))
        canvas.update_cursor()
