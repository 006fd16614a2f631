"""The timeline view (issue 15, WA-50 … WA-55): events newest first with their exact texts, the
filters by watch, importance and day, live events, thumbnails decoded off the GUI thread and held
only for the rows in view, opening an event (the viewer, the conversation)."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.i18n import Translations
from app.widgets.timeline import TimelineView
from app.widgets.viewer import PictureViewer
from core.canonical import ImageData
from core.events import CameraEventReported, Event
from core.watch.model import CameraEvent, Watch
from tests.fakes.images import jpeg
from tests.fakes.waits import until
from tests.fakes.watches import FakeWatches

NOW = dt.datetime(2026, 12, 1, 15, 0).timestamp()


def at(*parts: int) -> float:
    return dt.datetime(*parts).timestamp()  # type: ignore[arg-type]


def frame(colour: tuple[int, int, int]) -> ImageData:
    return ImageData("image/jpeg", jpeg(640, 424, colour), 640, 424)


def timeline_fake(publish: object = None) -> FakeWatches:
    fake = FakeWatches(publish=publish)  # type: ignore[arg-type]
    fake.add(Watch(id="w-door", agent_id="a1", instruction="Tell me who comes to the door", name="Door"))
    fake.add(Watch(id="w-feeder", agent_id="a2", instruction="Birds at the feeder", name="Feeder", created=1))
    fake.watches["w-door"] = fake.watches["w-door"].with_(conversation_id="conv-door")
    for watch_id, when, title, summary, importance, colour in (
        (
            "w-door",
            at(2026, 11, 28, 9, 15),
            "Parcel left at the door",
            "A brown box on the mat.",
            2,
            (120, 80, 40),
        ),
        (
            "w-feeder",
            at(2026, 11, 30, 18, 40, 5),
            "A bird at the feeder",
            "A robin,  eating seeds.",
            4,
            (40, 140, 60),
        ),
        (
            "w-door",
            at(2026, 12, 1, 14, 5, 12),
            "Someone rang the bell",
            "A man in a blue coat.",
            3,
            (40, 60, 160),
        ),
    ):
        e = fake.report(
            watch_id, title, summary, importance, at=when, keyframe=f"sha-{title}", keyframe_type="image/jpeg"
        )
        fake.keyframes[e.id] = frame(colour)
    return fake


def view_of(qtbot: QtBot, fake: FakeWatches) -> TimelineView:
    view = TimelineView(fake, now=lambda: NOW)
    qtbot.addWidget(view)
    view.resize(640, 480)
    view.show()
    return view


ROWS = [
    ("Someone rang the bell", "Today 14:05:12 · importance 3 · Door", "A man in a blue coat."),
    ("A bird at the feeder", "Yesterday 18:40:05 · importance 4 · Feeder", "A robin, eating seeds."),
    ("Parcel left at the door", "2026-11-28 09:15:00 · importance 2 · Door", "A brown box on the mat."),
]


def test_events_are_listed_newest_first_with_local_time_importance_and_watch(qtbot: QtBot) -> None:
    view = view_of(qtbot, timeline_fake())
    assert view.row_texts() == ROWS
    assert view.count_label.text() == "Events: 3"
    assert not view.empty_label.isVisible()
    assert [view.watch_box.itemText(i) for i in range(view.watch_box.count())] == [
        "All watches",
        "Door",
        "Feeder",
    ]
    assert [view.day_box.itemText(i) for i in range(view.day_box.count())] == [
        "All days",
        "Today",
        "Yesterday",
        "2026-11-28",
    ]
    assert [view.importance_box.itemText(i) for i in range(view.importance_box.count())] == [
        "Any importance",
        "Importance 2 or more",
        "Importance 3 or more",
        "Importance 4 or more",
        "Importance 5 only",
    ]


def test_the_filters_choose_by_watch_importance_and_day(qtbot: QtBot) -> None:
    view = view_of(qtbot, timeline_fake())
    view.watch_box.setCurrentIndex(1)  # Door
    assert [r[0] for r in view.row_texts()] == ["Someone rang the bell", "Parcel left at the door"]
    assert [view.day_box.itemText(i) for i in range(view.day_box.count())] == [
        "All days",
        "Today",
        "2026-11-28",
    ]
    view.importance_box.setCurrentIndex(2)  # 3 or more
    assert [r[0] for r in view.row_texts()] == ["Someone rang the bell"]
    view.watch_box.setCurrentIndex(0)
    view.day_box.setCurrentIndex(view.day_box.findText("Yesterday"))
    assert view.row_texts() == [ROWS[1]]
    assert view.count_label.text() == "Events: 1"
    view.importance_box.setCurrentIndex(4)  # 5 only
    assert view.row_texts() == []
    assert view.empty_label.isVisible()
    assert view.empty_label.text() == "No events match these filters."


def test_an_empty_timeline_says_what_will_appear(qtbot: QtBot) -> None:
    view = view_of(qtbot, FakeWatches())
    assert view.row_texts() == []
    assert view.empty_label.text() == "No camera events yet. When a watch reports one, it appears here."
    assert view.count_label.text() == "Events: 0"


def test_a_reported_event_appears_at_once_where_the_filters_let_it(qtbot: QtBot) -> None:
    shown: list[TimelineView] = []

    def publish(e: Event) -> None:
        if isinstance(e, CameraEventReported) and shown:
            shown[0].on_reported(e.event_id)

    fake = timeline_fake(publish)
    view = view_of(qtbot, fake)
    shown.append(view)
    fake.report("w-feeder", "Two sparrows", "They left again.", 5, at=at(2026, 12, 1, 14, 59, 1))
    assert view.row_texts()[0] == (
        "Two sparrows",
        "Today 14:59:01 · importance 5 · Feeder",
        "They left again.",
    )
    assert view.count_label.text() == "Events: 4"
    view.watch_box.setCurrentIndex(1)  # Door: a feeder event stays out
    fake.report("w-feeder", "A squirrel", "", 3, at=at(2026, 12, 1, 14, 59, 30))
    assert [r[0] for r in view.row_texts()] == ["Someone rang the bell", "Parcel left at the door"]
    view.watch_box.setCurrentIndex(0)
    assert [r[0] for r in view.row_texts()][:2] == ["A squirrel", "Two sparrows"]
    fake.report("w-door", "A fox at night", "", 2, at=at(2026, 11, 29, 23, 0))  # an older day joins the list
    assert [view.day_box.itemText(i) for i in range(view.day_box.count())] == [
        "All days",
        "Today",
        "Yesterday",
        "2026-11-29",
        "2026-11-28",
    ]
    assert [r[0] for r in view.row_texts()][-2:] == ["A fox at night", "Parcel left at the door"]


@pytest.mark.asyncio
async def test_thumbnails_are_decoded_off_the_gui_thread_once_and_only_for_rows_in_view(qtbot: QtBot) -> None:
    fake = FakeWatches()
    fake.add(Watch(id="w-door", agent_id="a1", instruction="door", name="Door"))
    for i in range(60):
        e = fake.report("w-door", f"Event {i}", "", 1 + i % 5, at=NOW - 3600 + i * 30, keyframe=f"k{i}")
        fake.keyframes[e.id] = frame((i * 4, 80, 200 - i * 3))
    threads: list[int] = []
    read = fake.keyframe

    def keyframe(event_id: int) -> ImageData | None:
        threads.append(threading.get_ident())
        return read(event_id)

    fake.keyframe = keyframe  # type: ignore[method-assign]
    view = view_of(qtbot, fake)
    view.resize(640, 360)
    shown = {view.model.rows[i].id for i in view.visible_rows()}
    assert 3 <= len(shown) < 12
    await until(lambda: set(view.thumbs.images) == shown)
    assert threading.main_thread().ident not in threads  # read and decoded in worker threads
    assert view.thumbs.decoded == len(shown)
    image = next(iter(view.thumbs.images.values()))
    assert image.deviceIndependentSize().toSize().width() == 96  # scaled once, to the row's size
    for _ in range(3):
        view.list.viewport().repaint()
    assert view.thumbs.decoded == len(shown)  # a paint never decodes again
    view.list.scrollToBottom()
    bottom = {view.model.rows[i].id for i in view.visible_rows()}
    assert not bottom & shown
    await until(lambda: set(view.thumbs.images) == bottom)
    assert view.thumbs.decoded == len(shown) + len(bottom)  # the rows scrolled away: their pictures dropped
    view.resize(640, 220)  # a smaller list holds fewer
    await until(lambda: set(view.thumbs.images) == {view.model.rows[i].id for i in view.visible_rows()})
    assert len(view.thumbs.images) < len(bottom)
    view.hide()
    assert view.thumbs.images == {}


@pytest.mark.asyncio
async def test_a_lost_keyframe_is_a_placeholder_asked_for_once(qtbot: QtBot) -> None:
    fake = timeline_fake()
    lost = fake.events()[0]
    del fake.keyframes[lost.id]
    view = view_of(qtbot, fake)
    await until(lambda: lost.id in view.thumbs.missing and len(view.thumbs.images) == 2)
    view.list.viewport().repaint()
    assert lost.id not in view.thumbs.pending and view.thumbs.decoded == 2


@pytest.mark.asyncio
async def test_opening_an_event_shows_it_its_picture_and_its_conversation(qtbot: QtBot) -> None:
    fake = timeline_fake()
    view = view_of(qtbot, fake)
    assert not view.detail.isVisible()
    view.list.setCurrentIndex(view.model.index(0, 0))
    assert view.detail.isVisible()
    assert view.detail_title.text() == "Someone rang the bell"
    assert view.detail_meta.text() == "Today 14:05:12 · importance 3 · Door"
    assert view.detail_summary.text() == "A man in a blue coat."
    await until(lambda: not view.detail_picture.pixmap().isNull())
    assert view.detail_picture.pixmap().deviceIndependentSize().toSize().width() == 320
    asked: list[tuple[str, str]] = []
    view.conversationRequested.connect(lambda agent, conv: asked.append((agent, conv)))
    view.conversation_button.click()
    assert asked == [("a1", "conv-door")]
    view.picture_button.click()
    await until(lambda: view.viewer is not None)
    viewer = view.viewer
    assert isinstance(viewer, PictureViewer)
    assert viewer.windowTitle() == "Someone rang the bell — Today 14:05:12"
    assert viewer.position.text() == "3 / 3"  # the timeline's pictures in time order
    assert viewer.step(-1)
    assert viewer.windowTitle() == "A bird at the feeder — Yesterday 18:40:05"
    assert viewer.canvas.image_size().width() == 640
    viewer.close()


def test_opening_an_event_the_filters_hide_clears_them(qtbot: QtBot) -> None:
    fake = timeline_fake()
    view = view_of(qtbot, fake)
    view.watch_box.setCurrentIndex(2)  # Feeder
    door = next(e for e in fake.events() if e.title == "Parcel left at the door")
    assert view.open_event(door.id)
    assert view.watch_box.currentText() == "All watches"
    assert view.selected == door
    assert view.list.currentIndex().row() == 2
    assert not view.open_event(999)


def test_events_of_a_deleted_watch_name_it_so(qtbot: QtBot) -> None:
    fake = timeline_fake()
    fake.delete("w-feeder", keep_timeline=True)
    fake.timeline[99] = CameraEvent(99, "w-gone", "a2", "", "t", "c", NOW - 60, "Old", "", 1)
    view = view_of(qtbot, fake)
    assert view.row_texts()[0] == ("Old", "Today 14:59:00 · importance 1 · Deleted watch", "")


def test_the_timeline_speaks_japanese_and_chinese(qtbot: QtBot, translations: Translations) -> None:
    view = view_of(qtbot, timeline_fake())
    translations.set_language("ja")
    QApplication.processEvents()
    assert view.row_texts()[0][1] == "今日 14:05:12 · 重要度 3 · Door"
    assert view.count_label.text() == "イベント: 3"
    assert view.watch_box.itemText(0) == "すべての見守り"
    translations.set_language("zh")
    QApplication.processEvents()
    assert view.row_texts()[1][1] == "昨天 18:40:05 · 重要性 4 · Feeder"
    assert view.day_box.itemText(0) == "所有日期"
