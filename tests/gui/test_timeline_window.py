"""The timeline in the window and a watch's notifications (issue 15, WA-56 … WA-59): the Chat and
Timeline tabs, live events through the bus, a desktop notification (the window behind another)
and a card in the window (the window in front), each click opening its event in the timeline;
"Open conversation" showing the watch's conversation of the event's agent."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from core.canonical import ImageData
from core.events import WatchNotification
from core.village import Village
from core.watch.model import Watch
from tests.fakes.configs import settings_config
from tests.fakes.images import jpeg
from tests.fakes.logs import log_lines
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.waits import until
from tests.fakes.watches import FakeWatches
from tests.fakes.windows import window

BELL = WatchNotification(1, "w-door", "a2", "Door: someone rang the bell", "A man in a blue coat.", 4)


class ClickNotes:
    def __init__(self) -> None:
        self.shown: list[tuple[str, str]] = []
        self.clicks: list[Callable[[], None]] = []

    def notify(self, title: str, message: str, on_click: Callable[[], None] | None = None) -> None:
        self.shown.append((title, message))
        assert on_click is not None
        self.clicks.append(on_click)


def watched_window(qtbot: QtBot) -> tuple[MainWindow, FakeWatches]:
    v = Village(settings_config(), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model))
    fake = FakeWatches(publish=v.bus.publish)
    fake.add(Watch(id="w-door", agent_id="a2", instruction="Tell me who comes to the door", name="Door"))
    fake.watches["w-door"] = fake.watches["w-door"].with_(conversation_id="conv-door")
    win = window(qtbot, v, watches=fake)
    return win, fake


def test_the_timeline_is_a_tab_beside_the_chat_and_follows_the_bus(qtbot: QtBot) -> None:
    win, fake = watched_window(qtbot)
    tabs = win.timeline_pane.tabs
    assert tabs is not None
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["Chat", "Timeline"]
    assert tabs.currentWidget() is win.chat_stack
    assert not win.chat_title.isVisibleTo(win)
    fake.report("w-door", "Someone rang the bell", "A man in a blue coat.", 4, at=1_764_600_000.0)
    assert [r[0] for r in win.timeline_pane.timeline.row_texts()] == ["Someone rang the bell"]
    assert tabs.tabText(1) == "Timeline (1)"
    fake.report("w-door", "A parcel", "", 2, at=1_764_600_100.0)
    assert tabs.tabText(1) == "Timeline (2)"  # reported while the chat was shown
    win.timeline_pane.show_timeline()
    assert tabs.tabText(1) == "Timeline"
    fake.report("w-door", "The parcel is gone", "", 3, at=1_764_600_200.0)
    assert tabs.tabText(1) == "Timeline"  # seen as it came
    fake.add(Watch(id="w-yard", agent_id="a1", instruction="The yard", name="Yard", created=2))
    fake.set_state("w-yard", "running")  # a WatchChanged: the filter names it
    box = win.timeline_pane.timeline.watch_box
    assert [box.itemText(i) for i in range(box.count())] == ["All watches", "Door", "Yard"]


def test_without_a_watch_service_the_chat_has_no_tabs(qtbot: QtBot, tmp_path: Path) -> None:
    v = Village(settings_config(), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model))
    win = window(qtbot, v)
    assert win.timeline_pane.tabs is None
    assert win.chat_title.isVisibleTo(win)


def test_a_notification_behind_another_window_is_a_desktop_one_whose_click_opens_the_event(
    qtbot: QtBot, event_log: Path
) -> None:
    win, fake = watched_window(qtbot)
    fake.report("w-door", "Someone rang the bell", "A man in a blue coat.", 4, at=1_764_600_000.0)
    notes = ClickNotes()
    pane = win.timeline_pane
    pane.notifier = notes
    pane.tray_available = lambda: True
    win.manners.in_front = lambda: False  # type: ignore[method-assign]
    win.village.bus.publish(BELL)
    assert notes.shown == [("Door: someone rang the bell", "A man in a blue coat.")]
    assert not pane.toast.isVisible()
    assert pane.tabs is not None and pane.tabs.currentWidget() is win.chat_stack
    notes.clicks[0]()  # the person clicks the notification
    assert pane.tabs.currentWidget() is pane.timeline
    assert pane.timeline.selected == fake.timeline[1]
    assert pane.timeline.detail_title.text() == "Someone rang the bell"
    assert [ln for ln in log_lines(event_log) if ln.startswith("watch ")] == [
        "watch notification shown: event=1 watch=w-door how=desktop",
        "watch event opened: event=1 via=desktop found=yes",
    ]


def test_a_notification_while_the_window_is_in_front_is_a_card_in_it(qtbot: QtBot, event_log: Path) -> None:
    win, fake = watched_window(qtbot)
    fake.report("w-door", "Someone rang the bell", "A man in a blue coat.", 4, at=1_764_600_000.0)
    notes = ClickNotes()
    pane = win.timeline_pane
    pane.notifier = notes
    pane.tray_available = lambda: True
    win.manners.in_front = lambda: True  # type: ignore[method-assign]
    win.village.bus.publish(BELL)
    toast = pane.toast
    assert notes.shown == []
    assert toast.isVisible()
    assert toast.badge.text() == "Camera event · importance 4"
    assert toast.title.text() == "Door: someone rang the bell"
    assert toast.body.text() == "A man in a blue coat."
    assert toast.open_button.text() == "Open"
    central = win.centralWidget()
    assert toast.geometry().right() == central.width() - 12 - 1 and toast.y() == 12  # its top right
    toast.open_button.click()
    assert not toast.isVisible()
    assert pane.tabs is not None and pane.tabs.currentWidget() is pane.timeline
    assert pane.timeline.selected == fake.timeline[1]
    assert [ln for ln in log_lines(event_log) if ln.startswith("watch ")] == [
        "watch notification shown: event=1 watch=w-door how=window",
        "watch event opened: event=1 via=window found=yes",
    ]


def test_without_a_notification_area_the_card_is_shown_and_a_lost_event_opens_nothing(
    qtbot: QtBot, event_log: Path
) -> None:
    win, _fake = watched_window(qtbot)
    pane = win.timeline_pane
    pane.tray_available = lambda: False
    win.manners.in_front = lambda: False  # type: ignore[method-assign]
    win.village.bus.publish(BELL)
    assert pane.toast.isVisible()
    pane.toast.open()  # its event was never stored (or deleted since)
    assert pane.timeline.selected is None
    assert log_lines(event_log)[-1] == "watch event opened: event=1 via=window found=no"


def test_open_conversation_selects_the_agent_and_shows_the_watch_conversation(qtbot: QtBot) -> None:
    win, fake = watched_window(qtbot)
    fake.report("w-door", "Someone rang the bell", "", 4, at=1_764_600_000.0)
    opened: list[str] = []
    win.conversation_pane.open = opened.append  # type: ignore[method-assign]
    pane = win.timeline_pane
    assert win.current_agent() == "a1"
    pane.open_event(1)
    pane.timeline.conversation_button.click()
    assert win.current_agent() == "a2"
    assert opened == ["conv-door"]
    assert pane.tabs is not None and pane.tabs.currentWidget() is win.chat_stack


@pytest.mark.asyncio
async def test_the_thumbnails_are_made_only_while_the_timeline_tab_is_shown(qtbot: QtBot) -> None:
    win, fake = watched_window(qtbot)
    for i in range(3):
        e = fake.report("w-door", f"Visitor {i}", "", 3, at=1_764_600_000.0 + i, keyframe=f"k{i}")
        fake.keyframes[e.id] = ImageData("image/jpeg", jpeg(640, 424), 640, 424)
    pane = win.timeline_pane
    await asyncio.sleep(0.1)
    assert pane.timeline.thumbs.decoded == 0  # the Chat tab is shown: nothing is read
    pane.show_timeline()
    await until(lambda: len(pane.timeline.thumbs.images) == 3)
    assert pane.tabs is not None
    pane.tabs.setCurrentWidget(win.chat_stack)
    assert pane.timeline.thumbs.images == {}
    await win.village.close()
