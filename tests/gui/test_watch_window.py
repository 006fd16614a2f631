"""The watches in the window (issue 15, WA-49): the panel is the left pane's last part, follows the
selected agent and the core's watch events on the village's bus (through the real bridge), and its
Watch… button and a row's Edit open one dialog at a time; a window without a watch service has no
panel. Also: the bridge re-emits each watch event as its own signal."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.accessible import spoken_name
from app.bridge import EventBridge
from app.widgets.watch_dialog import WatchDialog
from core.events import (
    CameraEventReported,
    EventBus,
    WatchChanged,
    WatchMetered,
    WatchNotification,
    WatchScored,
)
from core.village import Village
from tests.fakes.configs import window_config
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.waits import until
from tests.fakes.watches import FakeWatches
from tests.fakes.windows import window


def village(tmp_path: Path) -> Village:
    return Village(
        window_config(tmp_path), backend_factory=lambda t: ScriptedBackend.looping(t.protocol, t.model)
    )


@pytest.mark.asyncio
async def test_the_watch_button_opens_the_dialog_and_the_new_watch_joins_the_panel(
    qtbot: QtBot, tmp_path: Path
) -> None:
    v = village(tmp_path)
    fake = FakeWatches(publish=v.bus.publish)
    fake.add(fake.new_watch("a1", "Check the kiln temperature display"))
    win = window(qtbot, v, watches=fake)
    panel = win.watch_pane.panel
    left = win.left_split
    assert [left.widget(i) for i in range(left.count())][1:] == [
        win.conversation_pane.list,
        win.server_panel,
        panel,
    ]
    assert not any(left.isCollapsible(i) for i in range(left.count()))
    assert panel.isVisible() and panel.agent_id == "a1" and list(panel.rows) == ["w1"]

    panel.new_button.click()
    dialog = win.watch_pane.dialog
    assert isinstance(dialog, WatchDialog) and dialog.isVisible()
    assert dialog.windowTitle() == "New watch for Ava" and dialog.parent() is win
    panel.new_button.click()  # one dialog at a time
    assert win.watch_pane.dialog is dialog
    await until(lambda: not dialog.region.picture.isNull())
    # its fields are named for a screen reader by their form labels (app/accessible.py)
    await until(lambda: spoken_name(dialog.calls) == "Model calls per hour")
    assert (
        dialog.rhythm.kind.accessibleName() == "How often to look"  # Qt speaks a combo by its value
        and spoken_name(dialog.region) == "Region of interest"
    )
    dialog.instruction.setPlainText("Tell me when a bird is at the feeder")
    dialog.save_button.click()
    await until(lambda: win.watch_pane.dialog is None)
    assert list(panel.rows) == ["w1", "w2"]
    assert panel.rows["w2"].name.text() == "Tell me when a bird is at the feeder · every 10 min"

    fake.set_meter("w2", 3, 12_000)  # on the village's bus, through the window's bridge
    assert panel.rows["w2"].meter_label.text() == "vision calls 3 / 120 this hour, 12 k / 500 k tokens today"
    fake.score("w2", 80.0)
    assert panel.rows["w2"].score_label.text() == "change score 80 (threshold 40): sent to the model"
    fake.set_state("w1", "paused", "budget_calls")
    assert panel.rows["w1"].state.text() == "Paused: the 120 calls of this hour are spent"

    panel.rows["w1"].edit_button.click()
    edit = win.watch_pane.dialog
    assert edit is not None and edit is not dialog
    assert edit.windowTitle() == "Edit watch of Ava"
    assert edit.instruction.toPlainText() == "Check the kiln temperature display"
    edit.reject()
    await until(lambda: win.watch_pane.dialog is None)


def test_a_window_without_a_watch_service_has_no_watch_panel(qtbot: QtBot, tmp_path: Path) -> None:
    win = window(qtbot, village(tmp_path))
    assert win.left_split.count() == 3 and not win.watch_pane.panel.isVisible()
    assert win.watch_pane.open_dialog(None) is None


def test_the_bridge_re_emits_each_watch_event_as_its_own_signal(qtbot: QtBot) -> None:
    bus = EventBus()
    bridge = EventBridge()
    bridge.attach(bus)
    seen: list[tuple[str, object]] = []
    for name in ("watchChanged", "watchScored", "watchMetered", "cameraEvent", "watchNotification"):
        getattr(bridge, name).connect(lambda e, n=name: seen.append((n, e)))
    events = [
        WatchChanged("w1", "a1", "paused", "budget_calls"),
        WatchScored("w1", "a1", 55.0, 40.0, True, 1.0),
        WatchMetered("w1", "a1", 12, 120, 41_000, 500_000),
        CameraEventReported(7, "w1", "a1", "c1", 2.0, "A bird", "A bird on the feeder.", 4, "ab" * 32),
        WatchNotification(7, "w1", "a1", "A bird", "A bird on the feeder.", 4),
    ]
    for e in events:
        bus.publish(e)
    assert seen == list(
        zip(
            ("watchChanged", "watchScored", "watchMetered", "cameraEvent", "watchNotification"),
            events,
            strict=True,
        )
    )
    bridge.detach()
