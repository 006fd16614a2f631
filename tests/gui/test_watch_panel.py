"""The watch panel (issue 15, WA-45 … WA-48): each watch's state, live meter and change score, and
Pause/Resume, Stop, Edit and Delete (which asks whether to keep the timeline), over FakeWatches
publishing on a real EventBus through the real EventBridge."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QMessageBox, QToolButton
from pytestqt.qtbot import QtBot

from app.bridge import EventBridge
from app.i18n import Translations
from app.widgets.watch_panel import WatchPanel, WatchRow, tokens
from core.events import CameraEventReported, EventBus, WatchChanged
from core.watch.model import Limits, Meter, Rhythm, Watch, WatchState, WatchView
from tests.fakes.watches import FakeWatches

BIRD = Watch(
    "w-bird", "a1", "Tell me when a bird is at the feeder", rhythm=Rhythm("continuous", 0.5), created=1
)
KILN = Watch("w-kiln", "a1", "Check the kiln temperature display", rhythm=Rhythm("every", 600.0), created=2)
DOOR = Watch(
    "w-door", "a2", "Who is at the door", rhythm=Rhythm("times", 600.0, ("18:00", "07:30")), created=3
)


@pytest.fixture
def setup(qtbot: QtBot) -> Iterator[tuple[WatchPanel, FakeWatches, EventBus]]:
    bus = EventBus()
    fake = FakeWatches(publish=bus.publish)
    for watch in (BIRD, KILN, DOOR):
        fake.add(watch)
    bridge = EventBridge()
    bridge.attach(bus)
    panel = WatchPanel(fake)
    qtbot.addWidget(panel)
    bridge.watchChanged.connect(panel.on_changed)
    bridge.watchScored.connect(panel.on_scored)
    bridge.watchMetered.connect(panel.on_metered)
    panel.show_agent("a1")
    panel.show()
    yield panel, fake, bus
    bridge.detach()


def texts(row: WatchRow) -> list[str]:
    return [row.name.text(), row.state.text(), row.meter_label.text(), row.score_label.text()]


def test_the_panel_lists_the_agents_watches_with_state_meter_and_score(
    setup: tuple[WatchPanel, FakeWatches, EventBus],
) -> None:
    panel, _fake, _bus = setup
    assert list(panel.rows) == ["w-bird", "w-kiln"]  # a1's only, oldest first
    assert panel.title.text() == "Watches" and panel.new_button.text() == "Watch…"
    assert not panel.empty.isVisible()
    assert texts(panel.rows["w-bird"]) == [
        "Tell me when a bird is at the feeder · continuously, a frame every 0.5 s",
        "Watching",
        "vision calls 0 / 120 this hour, 0 / 500 k tokens today",
        "change score: no frame yet",
    ]
    assert panel.rows["w-kiln"].name.text() == "Check the kiln temperature display · every 10 min"
    assert [b.text() for b in panel.rows["w-bird"].findChildren(QToolButton)] == [
        "Pause",
        "Stop",
        "Edit",
        "Delete",
    ]
    panel.show_agent("a2")
    assert list(panel.rows) == ["w-door"]
    assert panel.rows["w-door"].name.text() == "Who is at the door · at 07:30, 18:00"
    panel.show_agent("a3")
    assert panel.rows == {} and panel.empty.isVisible()
    assert panel.empty.text() == "No watches. Press Watch… to have this agent watch its camera."


def test_the_meter_and_the_change_score_follow_the_events(
    setup: tuple[WatchPanel, FakeWatches, EventBus],
) -> None:
    panel, fake, _bus = setup
    row = panel.rows["w-bird"]
    fake.set_meter("w-bird", 12, 41_000)  # a WatchMetered on the bus
    assert row.meter_label.text() == "vision calls 12 / 120 this hour, 41 k / 500 k tokens today"
    fake.score("w-bird", 55.4)  # threshold 100 - 60
    assert row.score_label.text() == "change score 55 (threshold 40): sent to the model"
    fake.score("w-bird", 12.0)
    assert row.score_label.text() == "change score 12 (threshold 40): not sent"
    fake.score("w-door", 90.0)  # another agent's watch: no row here, nothing breaks
    assert panel.rows["w-kiln"].score_label.text() == "change score: no frame yet"


def test_a_budget_pause_names_its_budget_and_resume_runs_the_watch_again(
    setup: tuple[WatchPanel, FakeWatches, EventBus],
) -> None:
    panel, fake, _bus = setup
    fake.set_meter("w-kiln", 120, 88_000)
    fake.set_state("w-kiln", "paused", "budget_calls")  # the service paused it: a WatchChanged
    row = panel.rows["w-kiln"]
    assert row.state.text() == "Paused: the 120 calls of this hour are spent"
    assert row.state.property("state") == "budget"
    assert row.meter_label.text() == "vision calls 120 / 120 this hour, 88 k / 500 k tokens today"
    assert row.pause_button.text() == "Resume"
    fake.set_state("w-kiln", "paused", "budget_tokens")
    assert row.state.text() == "Paused: today's 500 k tokens are spent"
    row.pause_button.click()
    assert fake.calls == [("resume", "w-kiln")]
    assert (row.state.text(), row.pause_button.text()) == ("Watching", "Pause")
    # the counters stay what they were: a resume does not reset the spending
    assert row.meter_label.text() == "vision calls 120 / 120 this hour, 88 k / 500 k tokens today"


@pytest.mark.parametrize(
    ("status", "reason", "shown"),
    [
        ("paused", "person", "Paused"),
        ("paused", "no_vision", "Paused: this agent's model cannot read images and no vision relay is set"),
        ("paused", "no_tool", "Paused: the camera tool live_view_image is gone"),
        ("paused", "store", "Paused: the history could not be written"),
        ("paused", "error", "Paused after an error"),
        ("stopped", "until", "Ended at its stop time"),
        ("stopped", "person", "Stopped"),
    ],
)
def test_each_reason_reads_in_words(
    setup: tuple[WatchPanel, FakeWatches, EventBus], status: str, reason: str, shown: str
) -> None:
    panel, fake, _bus = setup
    fake.set_state("w-bird", status, reason)  # type: ignore[arg-type]
    assert panel.rows["w-bird"].state.text() == shown
    assert panel.rows["w-bird"].pause_button.text() == "Resume"


def test_pause_and_stop_are_one_click(setup: tuple[WatchPanel, FakeWatches, EventBus]) -> None:
    panel, fake, _bus = setup
    row = panel.rows["w-bird"]
    row.pause_button.click()
    assert (row.state.text(), row.pause_button.text()) == ("Paused", "Resume")
    row.stop_button.click()
    assert row.state.text() == "Stopped" and not row.stop_button.isEnabled()
    row.pause_button.click()
    assert row.state.text() == "Watching" and row.stop_button.isEnabled()
    assert fake.calls == [("pause", "w-bird"), ("stop", "w-bird"), ("resume", "w-bird")]


def test_edit_asks_for_the_dialog_of_its_watch(
    setup: tuple[WatchPanel, FakeWatches, EventBus], qtbot: QtBot
) -> None:
    panel, _fake, _bus = setup
    with qtbot.waitSignal(panel.editRequested) as asked:
        panel.rows["w-kiln"].edit_button.click()
    assert asked.args == ["w-kiln"]
    with qtbot.waitSignal(panel.newRequested):
        panel.new_button.click()


@pytest.mark.parametrize(
    ("answer", "kept"), [("Delete, keep the timeline", True), ("Delete with its timeline", False)]
)
def test_delete_asks_whether_to_keep_the_timeline(
    setup: tuple[WatchPanel, FakeWatches, EventBus], answer: str, kept: bool
) -> None:
    panel, fake, _bus = setup
    fake.report("w-kiln", "Kiln at 1,220 °C", "The display reads 1220.", 3)
    fake.report("w-kiln", "Kiln cooling", "The display reads 400.", 2)
    panel.refresh()
    panel.rows["w-kiln"].delete_button.click()
    box = panel.confirm
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.windowTitle() == "Delete watch"
    assert box.text() == "Delete the watch “Check the kiln temperature display”?"
    assert box.informativeText() == (
        "Its timeline holds 2 events. Keep them, or delete them with their pictures?"
    )
    [button] = [b for b in box.buttons() if b.text() == answer]
    button.click()
    assert fake.calls == [("delete", "w-kiln", kept)]
    assert list(panel.rows) == ["w-bird"] and panel.confirm is None
    assert len(fake.events(watch_id="w-kiln")) == (2 if kept else 0)


def test_cancel_deletes_nothing(setup: tuple[WatchPanel, FakeWatches, EventBus]) -> None:
    panel, fake, _bus = setup
    panel.rows["w-bird"].delete_button.click()
    box = panel.confirm
    assert box is not None
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert fake.calls == [] and list(panel.rows) == ["w-bird", "w-kiln"]


def test_a_watch_deleted_elsewhere_leaves_the_panel(setup: tuple[WatchPanel, FakeWatches, EventBus]) -> None:
    panel, fake, bus = setup
    fake.delete("w-bird", keep_timeline=True)  # the agent or the web companion deleted it
    assert list(panel.rows) == ["w-kiln"]
    fake.add(BIRD.with_(id="w-new", created=5))
    bus.publish(WatchChanged("w-new", "a2", "running"))  # another agent's: not read again
    assert list(panel.rows) == ["w-kiln"]
    bus.publish(WatchChanged("w-new", "a1", "running"))
    assert list(panel.rows) == ["w-kiln", "w-new"]


def test_limits_edited_show_in_the_meter(setup: tuple[WatchPanel, FakeWatches, EventBus]) -> None:
    panel, fake, _bus = setup
    fake.watches["w-bird"] = BIRD.with_(limits=Limits(30, 2_500_000))
    fake.meters["w-bird"] = fake.meters["w-bird"].__class__(3, 30, 4_500, 2_500_000)
    panel.refresh()
    assert panel.rows["w-bird"].meter_label.text() == (
        "vision calls 3 / 30 this hour, 4.5 k / 2.5 M tokens today"
    )


def test_token_counts_read_short() -> None:
    assert [tokens(n) for n in (0, 820, 1000, 4_500, 9_999, 41_000, 500_000, 1_000_000, 1_250_000)] == [
        "0",
        "820",
        "1 k",
        "4.5 k",
        "10 k",
        "41 k",
        "500 k",
        "1 M",
        "1.2 M",
    ]


def test_the_panel_speaks_the_window_language(
    setup: tuple[WatchPanel, FakeWatches, EventBus], translations: Translations
) -> None:
    panel, fake, _bus = setup
    fake.set_meter("w-bird", 12, 41_000)
    fake.score("w-bird", 55.0)
    for language, meter, score in (
        (
            "ja",
            "ビジョン呼び出し 12 / 120（この1時間）、トークン 41 k / 500 k（今日）",
            "変化スコア 55（しきい値 40）：モデルに送信",
        ),
        (
            "zh",
            "视觉调用 12 / 120（本小时），令牌 41 k / 500 k（今天）",
            "变化分数 55（阈值 40）：已发送给模型",
        ),
    ):
        assert translations.set_language(language)
        row = panel.rows["w-bird"]
        assert (row.meter_label.text(), row.score_label.text()) == (meter, score), language


def test_a_ready_watch_says_so_and_offers_start(qtbot: QtBot) -> None:
    fake = FakeWatches()
    fake.add(Watch("w-ready", "muse", "Tell me when a bird is at the feeder."), WatchState(status="paused"))
    panel = WatchPanel(fake)
    qtbot.addWidget(panel)
    panel.show_agent("muse")
    row = panel.rows["w-ready"]
    assert (row.state.text(), row.pause_button.text()) == ("Ready: not started yet", "Start")
    row.pause_button.click()
    assert fake.calls[-1] == ("resume", "w-ready")


def test_a_row_shows_its_timeline_and_the_disk_it_takes(qtbot: QtBot) -> None:
    watch = Watch("w-t", "muse", "door", keep_days=7)
    row = WatchRow(
        WatchView(watch, WatchState(), Meter(0, 120, 0, 500_000), events=3, timeline_bytes=2_450_000)
    )
    qtbot.addWidget(row)
    assert row.timeline_label.text() == "timeline: 3 events, 2.5 MB, kept 7 days"
    row.set_view(WatchView(watch.with_(keep_days=0), WatchState(), Meter(0, 120, 0, 500_000)))
    assert row.timeline_label.text() == "timeline: 0 events, 0.0 MB, kept until deleted"


def test_a_reported_event_is_counted_on_its_row_at_once(qtbot: QtBot) -> None:
    seen: list[CameraEventReported] = []
    fake = FakeWatches(publish=lambda e: seen.append(e) if isinstance(e, CameraEventReported) else None)
    fake.add(Watch("w-door", "muse", "the door"))
    panel = WatchPanel(fake)
    qtbot.addWidget(panel)
    panel.show_agent("muse")
    row = panel.rows["w-door"]
    assert row.timeline_label.text().startswith("timeline: 0 events")
    fake.report("w-door", "Someone at the door")
    panel.on_event(seen[-1])
    assert row.timeline_label.text().startswith("timeline: 1 events")
