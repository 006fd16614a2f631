"""The timeline's rows (issue 15): the list model, the delegate that paints a row, the picture
of an event as the viewer steps through it, and what the timeline reads (``TimelineSource``).

A row is painted, not built from widgets: the importance colour at its left edge, the keyframe's
thumbnail (``Thumbs.get``: a placeholder until it is decoded), the title in bold, the line "time ·
importance · watch" and the summary's first line (the texts come from the view: ``RowTexts``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QImage, QPainter
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from core.canonical import ImageData
from core.watch.model import CameraEvent, WatchView

from .timeline_thumbs import THUMB, Thumbs

LIMIT = 500  # events a view lists (the newest); the filters reach further back
PAD = 6
STRIPE = 4  # the importance colour at a row's left edge
EVENT_ROLE = Qt.ItemDataRole.UserRole + 1
COLOURS = {1: "#8a8f98", 2: "#5b8def", 3: "#e0a526", 4: "#e5702a", 5: "#d93f3f"}
Index = QModelIndex | QPersistentModelIndex


class TimelineSource(Protocol):
    """What the timeline reads (``core.watch.ports.WatchesLike`` has it)."""

    def views(self, agent_id: str | None = None) -> list[WatchView]: ...

    def events(
        self,
        *,
        watch_id: str | None = None,
        agent_id: str | None = None,
        since: float | None = None,
        until: float | None = None,
        min_importance: int = 0,
        text: str = "",
        limit: int = 200,
    ) -> list[CameraEvent]: ...

    def event(self, event_id: int) -> CameraEvent | None: ...

    def keyframe(self, event_id: int) -> ImageData | None: ...


def local_day(at: float) -> dt.date:
    return dt.datetime.fromtimestamp(at).date()


def day_bounds(day: dt.date) -> tuple[float, float]:
    """The epoch seconds of a local day's start and of the next day's (a DST day is 23 or 25 h)."""
    start = dt.datetime.combine(day, dt.time())
    return start.timestamp(), dt.datetime.combine(day + dt.timedelta(days=1), dt.time()).timestamp()


class TimelineModel(QAbstractListModel):
    """The listed events, newest first (by time, then id)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[CameraEvent] = []

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        e = self.rows[index.row()]
        if role == EVENT_ROLE:
            return e
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return e.title
        if role == Qt.ItemDataRole.ToolTipRole:
            return e.summary
        return None

    def set_rows(self, rows: Sequence[CameraEvent]) -> None:
        self.beginResetModel()
        self.rows = list(rows)[:LIMIT]
        self.endResetModel()

    def add(self, e: CameraEvent) -> int:
        """Put ``e`` at its place (a live event is almost always the newest); -1 when it is older
        than every listed event of a full list, or listed already."""
        if any(r.id == e.id for r in self.rows):
            return -1
        at = next((i for i, r in enumerate(self.rows) if (r.at, r.id) < (e.at, e.id)), len(self.rows))
        if at >= LIMIT:
            return -1
        self.beginInsertRows(QModelIndex(), at, at)
        self.rows.insert(at, e)
        self.endInsertRows()
        if len(self.rows) > LIMIT:
            self.beginRemoveRows(QModelIndex(), LIMIT, len(self.rows) - 1)
            del self.rows[LIMIT:]
            self.endRemoveRows()
        return at

    def row_of(self, event_id: int) -> int:
        return next((i for i, r in enumerate(self.rows) if r.id == event_id), -1)


class EventDelegate(QStyledItemDelegate):
    """Paints a row: the importance stripe, the thumbnail (a placeholder until it is decoded), the
    title in bold, the time · importance · watch line, the summary's first line."""

    def __init__(self, view: RowTexts, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view = view

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        return QSize(THUMB.width() * 3, THUMB.height() + 2 * PAD)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        e = index.data(EVENT_ROLE)
        if not isinstance(e, CameraEvent):
            return
        widget = option.widget
        style = widget.style() if widget is not None else None
        rect: QRect = option.rect
        painter.save()
        if style is not None:
            style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, option, painter, widget)
        painter.fillRect(
            QRect(rect.left(), rect.top() + 2, STRIPE, rect.height() - 4), QColor(COLOURS[e.importance])
        )
        box = QRect(rect.left() + STRIPE + PAD, rect.top() + PAD, THUMB.width(), THUMB.height())
        thumb = self.view.thumbs.get(e.id)
        if thumb is None:
            painter.fillRect(box, option.palette.mid())
        else:
            size = thumb.deviceIndependentSize().toSize()
            at = QPoint(
                box.left() + (box.width() - size.width()) // 2,
                box.top() + (box.height() - size.height()) // 2,
            )
            painter.drawImage(QRect(at, size), thumb)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        palette = option.palette
        text_colour = palette.highlightedText() if selected else palette.text()
        left = box.right() + PAD + 2
        width = max(10, rect.right() - PAD - left)
        title, meta, summary = self.view.texts(e)
        metrics = painter.fontMetrics()
        line = metrics.height() + 2
        bold = QFont(painter.font())
        bold.setBold(True)
        painter.setPen(text_colour.color())
        painter.setFont(bold)
        top = rect.top() + PAD
        painter.drawText(
            QRect(left, top, width, line),
            0,
            painter.fontMetrics().elidedText(title, Qt.TextElideMode.ElideRight, width),
        )
        painter.setFont(option.font)
        painter.drawText(
            QRect(left, top + line, width, line),
            0,
            metrics.elidedText(meta, Qt.TextElideMode.ElideRight, width),
        )
        if not selected:
            painter.setPen(palette.placeholderText().color())
        painter.drawText(
            QRect(left, top + 2 * line, width, line),
            0,
            metrics.elidedText(summary, Qt.TextElideMode.ElideRight, width),
        )
        painter.restore()


class TimelinePicture:
    """One event's keyframe as the picture viewer steps through it (``viewer.Viewable``)."""

    def __init__(self, e: CameraEvent, caption: str, source: TimelineSource) -> None:
        self.event = e
        self._caption = caption
        self.source = source
        self.image: ImageData | None = None  # once read: the viewer finds the shown one by it

    @property
    def caption(self) -> str:
        return self._caption

    def load_image(self) -> ImageData | None:
        if self.image is None:
            self.image = self.source.keyframe(self.event.id)
        return self.image


class RowTexts(Protocol):
    """What the delegate asks the view: the thumbnails and a row's three texts."""

    thumbs: Thumbs

    def texts(self, e: CameraEvent) -> tuple[str, str, str]: ...


def read_decoded(picture: TimelinePicture) -> tuple[ImageData, QImage] | None:
    image = picture.load_image()
    if image is None:
        return None
    qimage = QImage.fromData(image.data)
    return None if qimage.isNull() else (image, qimage)
