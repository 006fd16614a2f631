"""The timeline (issue 15): the events the village's watches reported, newest first.

Each row shows the event's keyframe as a thumbnail (``app.widgets.timeline_thumbs``: read and
decoded off the GUI thread, scaled once, held only while the row is in view), its title, its local
time, its importance and its watch; the rows are painted by a delegate over a list model, so a
timeline of hundreds of events costs the window a screenful of rows. Filters: the watch, the least
importance, the day (the days that have events; "Today" and "Yesterday" by name). A new event
(``on_reported``, from ``CameraEventReported``) goes in at its place while the window is open.
Selecting an event shows it below the list (a larger picture, the summary); opening it (double
click, Enter, the picture, "Show picture") shows its keyframe in the picture viewer, where Left and
Right step through the timeline's pictures in time order; "Open conversation" asks the window to
show the watch's conversation (``conversationRequested``).

The source is any object with the reading half of ``core.watch.ports.WatchesLike``. (WA-50 …
WA-55.)

About 430 lines: the view, its filters and its detail are one piece of screen that shares the
selection and the language switch; the rows (model, delegate, the viewer's pictures) and the
thumbnails live in ``timeline_rows`` and ``timeline_thumbs``.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent, QImage, QPixmap
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QListView, QPushButton, QVBoxLayout, QWidget

from app.background import Background
from core.canonical import ImageData
from core.watch.model import CameraEvent

from .picture import ClickableLabel, decode_scaled
from .timeline_rows import (
    EVENT_ROLE,
    LIMIT,
    EventDelegate,
    Index,
    TimelineModel,
    TimelinePicture,
    TimelineSource,
    day_bounds,
    local_day,
    read_decoded,
)
from .timeline_thumbs import Thumbs
from .viewer import PictureViewer, open_viewer
from .wrap_label import WrapLabel

DAY_SCAN = 5000  # events read to know which days have any
DETAIL = QSize(320, 212)  # the selected event's picture


class TimelineView(QWidget):
    conversationRequested = Signal(str, str)  # agent id, conversation id

    def __init__(
        self,
        source: TimelineSource | None = None,
        parent: QWidget | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("timeline")
        self.source = source
        self.now = now
        self.background = Background(self)
        self.labels: dict[str, str] = {}  # watch id -> its label
        self.days: list[dt.date] = []  # the days with events, newest first
        self.selected: CameraEvent | None = None
        self.pictures: dict[int, TimelinePicture] = {}  # the viewer's, by event id
        self.model = TimelineModel(self)
        self.list = QListView()
        self.list.setObjectName("timelineList")
        self.list.setModel(self.model)
        self.list.setUniformItemSizes(True)
        self.list.setVerticalScrollMode(QListView.ScrollMode.ScrollPerPixel)
        self.list.setItemDelegate(EventDelegate(self, self))
        self.thumbs = Thumbs(self._keyframe, self._in_view, self)
        self.thumbs.arrived.connect(self._repaint_row)
        self.watch_box = QComboBox()
        self.importance_box = QComboBox()
        self.day_box = QComboBox()
        for box in (self.watch_box, self.importance_box, self.day_box):
            box.currentIndexChanged.connect(lambda _i: self.reload())
        self.count_label = QLabel()
        self.count_label.setObjectName("timelineCount")
        self.empty_label = WrapLabel()
        self.empty_label.setObjectName("timelineEmpty")
        self.detail = QWidget()
        self.detail_picture = ClickableLabel()
        self.detail_picture.setFixedSize(DETAIL)
        self.detail_picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.detail_picture.clicked.connect(self.show_picture)
        self.detail_title = WrapLabel()
        self.detail_title.setObjectName("timelineTitle")
        font = self.detail_title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.detail_title.setFont(font)
        self.detail_meta = QLabel()
        self.detail_summary = WrapLabel()
        self.picture_button = QPushButton()
        self.picture_button.clicked.connect(self.show_picture)
        self.conversation_button = QPushButton()
        self.conversation_button.clicked.connect(self.open_conversation)
        self._layout()
        self._trim_due = False
        self.list.verticalScrollBar().valueChanged.connect(lambda _v: self._trim_soon())
        self.list.viewport().installEventFilter(self)  # a smaller list holds fewer thumbnails
        self.model.modelReset.connect(self._trim_soon)
        self.model.rowsInserted.connect(lambda *_: self._trim_soon())
        self.list.selectionModel().currentChanged.connect(lambda index, _old: self._select(index))
        self.list.activated.connect(lambda _index: self.show_picture())
        self.retranslate()
        self.refresh_watches()
        self.reload()

    def _layout(self) -> None:
        filters = QHBoxLayout()
        filters.setContentsMargins(0, 0, 0, 0)
        for box in (self.watch_box, self.importance_box, self.day_box):
            filters.addWidget(box)
        filters.addStretch(1)
        filters.addWidget(self.count_label)
        text = QVBoxLayout()
        text.setContentsMargins(0, 0, 0, 0)
        text.addWidget(self.detail_title)
        text.addWidget(self.detail_meta)
        text.addWidget(self.detail_summary)
        text.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.picture_button)
        buttons.addWidget(self.conversation_button)
        buttons.addStretch(1)
        text.addLayout(buttons)
        detail = QHBoxLayout(self.detail)
        detail.setContentsMargins(0, 4, 0, 0)
        detail.addWidget(self.detail_picture, 0, Qt.AlignmentFlag.AlignTop)
        detail.addLayout(text, 1)
        self.detail.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(filters)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.detail)

    # ------------------------------------------------------------------ texts
    def day_text(self, day: dt.date) -> str:
        today = local_day(self.now())
        if day == today:
            return self.tr("Today")
        if day == today - dt.timedelta(days=1):
            return self.tr("Yesterday")
        return day.isoformat()

    def watch_label(self, watch_id: str) -> str:
        return self.labels.get(watch_id) or self.tr("Deleted watch")

    def when(self, e: CameraEvent) -> str:
        at = dt.datetime.fromtimestamp(e.at)
        return f"{self.day_text(at.date())} {at:%H:%M:%S}"

    def texts(self, e: CameraEvent) -> tuple[str, str, str]:
        """A row's title, its "time · importance · watch" line and its summary."""
        meta = self.tr("{when} · importance {importance} · {watch}").format(
            when=self.when(e), importance=e.importance, watch=self.watch_label(e.watch_id)
        )
        return e.title, meta, " ".join(e.summary.split())

    def row_texts(self) -> list[tuple[str, str, str]]:
        return [self.texts(e) for e in self.model.rows]

    def retranslate(self) -> None:
        self._fill_box(
            self.importance_box,
            [(self.tr("Any importance"), 0)]
            + [(self.tr("Importance {n} or more").format(n=n), n) for n in (2, 3, 4)]
            + [(self.tr("Importance 5 only"), 5)],
        )
        self._fill_days()
        self.refresh_watches()
        self.watch_box.setAccessibleName(self.tr("Watch"))
        self.importance_box.setAccessibleName(self.tr("Importance"))
        self.day_box.setAccessibleName(self.tr("Day"))
        self.list.setAccessibleName(self.tr("Camera events"))
        self.picture_button.setText(self.tr("Show picture"))
        self.conversation_button.setText(self.tr("Open conversation"))
        self.detail_picture.setToolTip(self.tr("Show the picture full size"))
        self._counts()
        self._show_detail()
        self.list.viewport().update()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._trim_soon()
        return False

    @staticmethod
    def _fill_box(box: QComboBox, items: Sequence[tuple[str, object]]) -> None:
        """The items of ``box``, the current choice kept (by its data) without a signal."""
        current = box.currentData()
        box.blockSignals(True)
        box.clear()
        for text, data in items:
            box.addItem(text, data)
        at = box.findData(current)
        box.setCurrentIndex(max(0, at))
        box.blockSignals(False)

    def _counts(self) -> None:
        rows = len(self.model.rows)
        self.count_label.setText(self.tr("Events: {count}").format(count=rows))
        filtered = any(b.currentIndex() > 0 for b in (self.watch_box, self.importance_box, self.day_box))
        if rows:
            self.empty_label.setVisible(False)
        else:
            self.empty_label.setText(
                self.tr("No events match these filters.")
                if filtered
                else self.tr("No camera events yet. When a watch reports one, it appears here.")
            )
            self.empty_label.setVisible(True)

    # ------------------------------------------------------------------ reading
    def filters(self) -> tuple[str | None, int, dt.date | None]:
        watch = self.watch_box.currentData()
        day = self.day_box.currentData()
        return (
            watch if isinstance(watch, str) and watch else None,
            int(self.importance_box.currentData() or 0),
            dt.date.fromisoformat(day) if isinstance(day, str) and day else None,
        )

    def matches(self, e: CameraEvent) -> bool:
        watch_id, least, day = self.filters()
        return (
            (watch_id is None or e.watch_id == watch_id)
            and e.importance >= least
            and (day is None or local_day(e.at) == day)
        )

    def refresh_watches(self) -> None:
        """The watch filter's choices (after a watch was made, renamed or deleted)."""
        views = self.source.views() if self.source is not None else []
        self.labels = {v.watch.id: v.watch.label for v in views}
        self._fill_box(
            self.watch_box, [(self.tr("All watches"), "")] + [(v.watch.label, v.watch.id) for v in views]
        )
        self.list.viewport().update()

    def _fill_days(self) -> None:
        self._fill_box(
            self.day_box, [(self.tr("All days"), "")] + [(self.day_text(d), d.isoformat()) for d in self.days]
        )

    def reload(self) -> None:
        """The events the filters choose, read again from the source."""
        if self.source is None:
            self.model.set_rows([])
            self._counts()
            return
        watch_id, least, day = self.filters()
        since, until = day_bounds(day) if day is not None else (None, None)
        rows = self.source.events(
            watch_id=watch_id, since=since, until=until, min_importance=least, limit=LIMIT
        )
        self.model.set_rows(rows)
        self.pictures.clear()
        scan = self.source.events(watch_id=watch_id, min_importance=least, limit=DAY_SCAN)
        self.days = sorted({local_day(e.at) for e in scan}, reverse=True)
        self._fill_days()
        self._counts()
        self._select(QModelIndex())

    def on_reported(self, event_id: int) -> None:
        """A watch reported ``event_id`` (``CameraEventReported``): listed when the filters let
        it through; its day joins the day filter."""
        e = self.lookup(event_id)
        if e is None:
            return
        day = local_day(e.at)
        if day not in self.days:
            self.days = sorted({*self.days, day}, reverse=True)
            self._fill_days()
        if self.matches(e):
            self.model.add(e)
            self._counts()

    def lookup(self, event_id: int) -> CameraEvent | None:
        if self.source is None:
            return None
        read = self.source.event  # (a call named ``event`` reads as a log line to the doc check)
        return read(event_id)

    def open_event(self, event_id: int) -> bool:
        """Select ``event_id`` (from a notification), the filters cleared when they hide it."""
        e = self.lookup(event_id)
        if e is None:
            return False
        if self.model.row_of(event_id) < 0:
            if not self.matches(e):
                for box in (self.watch_box, self.importance_box, self.day_box):
                    box.blockSignals(True)
                    box.setCurrentIndex(0)
                    box.blockSignals(False)
                self.reload()
            if self.model.row_of(event_id) < 0:
                self.model.add(e)
                self._counts()
        index = self.model.index(self.model.row_of(event_id), 0)
        self.list.setCurrentIndex(index)
        self.list.scrollTo(index, QListView.ScrollHint.PositionAtCenter)
        return True

    # ------------------------------------------------------------------ thumbnails
    def _keyframe(self, event_id: int) -> ImageData | None:  # a worker thread calls it
        return self.source.keyframe(event_id) if self.source is not None else None

    def _in_view(self, event_id: int) -> bool:
        row = self.model.row_of(event_id)
        if row < 0 or not self.isVisible():
            return False
        return self.list.visualRect(self.model.index(row, 0)).intersects(self.list.viewport().rect())

    def visible_rows(self) -> range:
        if not self.model.rows or not self.isVisible():
            return range(0)
        port = self.list.viewport().rect()
        first = self.list.indexAt(QPoint(1, 1)).row()
        last = self.list.indexAt(QPoint(1, port.height() - 1)).row()
        return range(max(0, first), (len(self.model.rows) if last < 0 else last + 1))

    def _trim_soon(self) -> None:
        if not self._trim_due:
            self._trim_due = True
            QTimer.singleShot(0, self, self._trim)

    def _trim(self) -> None:
        self._trim_due = False
        self.thumbs.set_ratio(self.devicePixelRatioF())
        self.thumbs.keep_only(self.model.rows[i].id for i in self.visible_rows())

    def _repaint_row(self, event_id: int) -> None:
        row = self.model.row_of(event_id)
        if row >= 0:
            self.list.update(self.model.index(row, 0))

    def hideEvent(self, event: QHideEvent) -> None:
        self.thumbs.keep_only(())  # a hidden timeline holds no pictures
        super().hideEvent(event)

    # ------------------------------------------------------------------ the selected event
    def _select(self, index: Index) -> None:
        e = index.data(EVENT_ROLE) if index.isValid() else None
        self.selected = e if isinstance(e, CameraEvent) else None
        self.detail_picture.setText("…")
        if self.selected is not None and self.selected.keyframe:
            chosen = self.selected.id
            ratio = self.devicePixelRatioF()
            self.background.in_thread(
                self._detail_image, chosen, ratio, success=lambda image: self._detail_arrived(chosen, image)
            )
        elif self.selected is not None:
            self.detail_picture.setText(self.tr("No picture"))
        self._show_detail()

    def _detail_image(self, event_id: int, ratio: float) -> QImage | None:  # worker thread
        image = self._keyframe(event_id)
        return None if image is None else decode_scaled(image.data, DETAIL.width(), DETAIL.height(), ratio)

    def _detail_arrived(self, event_id: int, image: QImage | None) -> None:
        if self.selected is None or self.selected.id != event_id:
            return
        if image is None or image.isNull():
            self.detail_picture.setText(self.tr("No picture"))
        else:
            self.detail_picture.setPixmap(QPixmap.fromImage(image))

    def _show_detail(self) -> None:
        e = self.selected
        self.detail.setVisible(e is not None)
        if e is None:
            return
        title, meta, summary = self.texts(e)
        self.detail_title.setText(title)
        self.detail_meta.setText(meta)
        self.detail_summary.setText(summary or self.tr("(no summary)"))
        self.picture_button.setEnabled(bool(e.keyframe))
        self.conversation_button.setEnabled(bool(e.conversation_id))

    def open_conversation(self) -> None:
        e = self.selected
        if e is not None and e.conversation_id:
            self.conversationRequested.emit(e.agent_id, e.conversation_id)

    # ------------------------------------------------------------------ the viewer
    def gallery(self) -> list[TimelinePicture]:
        """The listed events that have a keyframe, in time order (the viewer's Right is later)."""
        source = self.source
        if source is None:
            return []
        out = []
        for e in reversed(self.model.rows):
            if e.keyframe:
                picture = self.pictures.get(e.id)
                if picture is None:
                    picture = self.pictures[e.id] = TimelinePicture(e, self.caption(e), source)
                out.append(picture)
        return out

    def caption(self, e: CameraEvent) -> str:
        return f"{e.title} — {self.when(e)}"

    def show_picture(self) -> None:
        """The selected event's keyframe in the viewer (read and decoded in a worker thread)."""
        e = self.selected
        if e is None or not e.keyframe:
            return
        self.gallery()  # the picture objects the viewer will find the shown one among
        picture = self.pictures.get(e.id)
        if picture is not None:
            self.background.in_thread(
                read_decoded, picture, success=lambda got: self._open_viewer(picture, got)
            )

    def _open_viewer(self, picture: TimelinePicture, got: tuple[ImageData, QImage] | None) -> None:
        if got is None:
            self.detail_picture.setText(self.tr("No picture"))
            return
        image, qimage = got
        self.viewer = open_viewer(self, qimage, picture.caption, self.gallery, image)

    viewer: PictureViewer | None = None
