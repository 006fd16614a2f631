"""The watch dialog (issue 15, WA-40 … WA-44): a new watch or an edit, the rhythm as plain choices,
the sensitivity in words, the region drawn with the mouse on the camera's live picture, and what
Save hands to the service (every field), a refusal shown in its own words. Over FakeWatches."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QDateTime, QPoint, QRectF, Qt
from pytestqt.qtbot import QtBot

from app.widgets.picture import decode_scaled
from app.widgets.watch_dialog import WatchDialog
from app.widgets.watch_region import RegionEditor, region_of
from core.watch.gate import Region
from core.watch.model import Limits, Rhythm, Watch
from core.watch.ports import WatchRefused
from tests.fakes.images import jpeg
from tests.fakes.waits import until
from tests.fakes.watches import FakeWatches

BIRD = Watch(
    "w-bird",
    "a1",
    "Tell me when a bird is at the feeder",
    tool="cam.live_view_image",
    rhythm=Rhythm("continuous", 0.5),
    region=Region(0.15, 0.4, 0.25, 0.25),
    conversation_id="conv-bird",
    created=1.0,
)


def dialog(qtbot: QtBot, fake: FakeWatches, watch: Watch | None = None) -> WatchDialog:
    dlg = WatchDialog(fake, "a1", watch, agent_name="Ava")
    qtbot.addWidget(dlg)
    dlg.resize(900, 560)
    dlg.show()
    return dlg


def record(dlg: WatchDialog) -> list[Watch]:
    """The watches ``saved`` hands out (an async test awaits them: no nested Qt loop)."""
    saved: list[Watch] = []
    dlg.saved.connect(saved.append)
    return saved


def drag(editor: RegionEditor, start: tuple[float, float], end: tuple[float, float], qtbot: QtBot) -> None:
    """A mouse drag between two points given as shares of the picture."""
    f = editor.frame()

    def at(share: tuple[float, float]) -> QPoint:
        return QPoint(round(f.left() + share[0] * f.width()), round(f.top() + share[1] * f.height()))

    qtbot.mousePress(editor, Qt.MouseButton.LeftButton, pos=at(start))
    qtbot.mouseMove(editor, at(((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)))
    qtbot.mouseMove(editor, at(end))
    qtbot.mouseRelease(editor, Qt.MouseButton.LeftButton, pos=at(end))


@pytest.mark.asyncio
async def test_a_new_watch_with_its_region_drawn_on_the_live_picture(qtbot: QtBot) -> None:
    fake = FakeWatches()
    dlg = dialog(qtbot, fake)
    assert dlg.windowTitle() == "New watch for Ava" and dlg.save_button.text() == "Start watching"
    assert [dlg.camera.itemText(i) for i in range(dlg.camera.count())] == [
        "live_view_image",
        "cam.live_view_image",
        "cam.recorded_image",
    ]
    await until(lambda: not dlg.region.picture.isNull())
    assert fake.calls == [("snapshot", "a1", "live_view_image")]
    assert dlg.region.picture.width() == 640  # the live frame, decoded off the GUI thread
    assert dlg.region_text.text() == "Region: the whole picture. Drag on the picture to choose a part."

    dlg.instruction.setPlainText("  Tell me when a bird is at the feeder ")
    dlg.camera.setCurrentText("cam.live_view_image")
    dlg.rhythm.kind.setCurrentIndex(0)  # every …
    dlg.rhythm.every.setValue(10)
    dlg.rhythm.every_unit.setCurrentIndex(1)  # minutes
    dlg.sensitivity.setValue(70)
    assert dlg.sensitivity_text.text() == (
        "70: a frame goes to the model when about 0.16 % of the region changed (change score 30 or more)."
    )
    drag(dlg.region, (0.2, 0.5), (0.45, 0.75), qtbot)
    region = dlg.region.region
    assert region is not None
    assert (region.x, region.y, region.w, region.h) == pytest.approx((0.2, 0.5, 0.25, 0.25), abs=0.01)
    assert dlg.region_text.text() == "Region: 25 % × 25 % of the picture, from 20 % left, 50 % top."
    dlg.calls.setValue(30)
    dlg.tokens.setValue(200_000)
    dlg.notify_at.setCurrentIndex(3)  # importance 4
    dlg.cooldown.setValue(15)
    dlg.until_on.setChecked(True)
    dlg.until.setDateTime(QDateTime.fromSecsSinceEpoch(1_800_000_000))
    dlg.keep_days.setValue(7)
    dlg.keep_mb.setValue(250)
    dlg.compare.setChecked(False)
    saved = record(dlg)
    dlg.save_button.click()
    await until(lambda: saved)
    [(kind, sent)] = fake.calls[1:]
    assert kind == "create"
    assert sent == Watch(
        id="w1",
        agent_id="a1",
        instruction="Tell me when a bird is at the feeder",
        tool="cam.live_view_image",
        rhythm=Rhythm("every", 600.0),
        sensitivity=70,
        region=region,
        limits=Limits(30, 200_000),
        notify_at=4,
        cooldown_s=900.0,
        until=1_800_000_000.0,
        keep_days=7,
        keep_mb=250,
        compare_previous=False,
    )
    assert saved[0].conversation_id == "conv-w1"  # as the service stored it
    assert not dlg.isVisible() and dlg.result() == WatchDialog.DialogCode.Accepted


@pytest.mark.asyncio
async def test_editing_loads_every_field_and_updates_the_same_watch(qtbot: QtBot) -> None:
    fake = FakeWatches()
    fake.add(BIRD)
    dlg = dialog(qtbot, fake, BIRD)
    assert dlg.windowTitle() == "Edit watch of Ava" and dlg.save_button.text() == "Save"
    assert dlg.instruction.toPlainText() == "Tell me when a bird is at the feeder"
    assert dlg.camera.currentText() == "cam.live_view_image"
    assert dlg.rhythm.kind.currentText() == "continuously, changed frames only"
    assert dlg.rhythm.frame_s.value() == 0.5
    assert dlg.sensitivity.value() == 60
    assert dlg.sensitivity_text.text() == (
        "60: a frame goes to the model when about 0.4 % of the region changed (change score 40 or more)."
    )
    assert dlg.region_text.text() == "Region: 25 % × 25 % of the picture, from 15 % left, 40 % top."
    assert (dlg.calls.value(), dlg.tokens.value(), dlg.notify_at.currentText()) == (120, 500_000, "3")
    assert (dlg.cooldown.value(), dlg.keep_days.value(), dlg.keep_mb.value()) == (5, 30, 0)
    assert not dlg.until_on.isChecked() and not dlg.until.isEnabled()
    await until(lambda: not dlg.region.picture.isNull())
    assert fake.calls == [("snapshot", "a1", "cam.live_view_image")]
    dlg.rhythm.kind.setCurrentIndex(1)  # at times of day
    dlg.rhythm.times.setText("18:00; 07:30")
    dlg.whole_picture.click()
    assert dlg.region.region is None
    dlg.calls.setValue(60)
    saved = record(dlg)
    dlg.save_button.click()
    await until(lambda: saved)
    assert fake.calls[1:] == [
        (
            "update",
            BIRD.with_(
                rhythm=Rhythm("times", 600.0, ("07:30", "18:00")), region=None, limits=Limits(60, 500_000)
            ),
        )
    ]
    assert fake.watches["w-bird"].rhythm.times == ("07:30", "18:00")


@pytest.mark.parametrize(
    ("setup", "problem"),
    [
        (lambda d: d.instruction.setPlainText("   "), "Write what to watch for."),
        (
            lambda d: (d.rhythm.kind.setCurrentIndex(1), d.rhythm.times.setText("7:3")),
            "Write the times of day as 07:30, 18:00.",
        ),
        (
            lambda d: (d.rhythm.every_unit.setCurrentIndex(0), d.rhythm.every.setValue(5)),
            "Choose an interval of at least 10 seconds.",
        ),
        (lambda d: d.camera.setCurrentText(" "), "Choose the camera tool."),
    ],
)
def test_a_definition_that_cannot_run_says_which_part(qtbot: QtBot, setup: object, problem: str) -> None:
    fake = FakeWatches()
    dlg = dialog(qtbot, fake)
    dlg.instruction.setPlainText("Watch the door")
    setup(dlg)  # type: ignore[operator]
    dlg.save_button.click()
    assert dlg.problem.text() == problem and dlg.problem.isVisible()
    assert [c for c in fake.calls if c[0] != "snapshot"] == [] and dlg.isVisible()


@pytest.mark.asyncio
async def test_a_refusal_is_shown_in_its_own_words_and_the_dialog_stays(qtbot: QtBot) -> None:
    fake = FakeWatches()
    dlg = dialog(qtbot, fake)
    await until(lambda: not dlg.region.picture.isNull())
    dlg.instruction.setPlainText("Watch the door")
    fake.refuse = WatchRefused(
        "no_vision", "Ava's model cannot read images and the village has no vision relay."
    )
    dlg.save_button.click()
    await until(lambda: dlg.problem.isVisible())
    assert dlg.problem.text() == "Ava's model cannot read images and the village has no vision relay."
    assert dlg.isVisible() and dlg.save_button.isEnabled() and fake.watches == {}
    saved = record(dlg)
    dlg.save_button.click()  # the second try goes through
    await until(lambda: saved)
    assert list(fake.watches) == ["w1"] and not dlg.problem.isVisible()


@pytest.mark.asyncio
async def test_no_picture_from_the_camera_says_why_and_take_a_picture_tries_again(qtbot: QtBot) -> None:
    fake = FakeWatches()
    fake.refuse = WatchRefused("no_tool", "Ava has no tool live_view_image.")
    dlg = dialog(qtbot, fake)
    await until(lambda: dlg.problem.isVisible())
    assert dlg.problem.text() == "No picture from the camera: Ava has no tool live_view_image."
    assert dlg.region.picture.isNull() and dlg.take_picture.isEnabled()
    dlg.camera.setCurrentText("cam.recorded_image")
    dlg.take_picture.click()
    await until(lambda: not dlg.region.picture.isNull())
    assert not dlg.problem.isVisible()
    assert fake.calls == [("snapshot", "a1", "live_view_image"), ("snapshot", "a1", "cam.recorded_image")]


def test_the_sensitivity_says_what_it_means_at_its_ends(qtbot: QtBot) -> None:
    dlg = dialog(qtbot, FakeWatches())
    dlg.sensitivity.setValue(100)
    assert dlg.sensitivity_text.text() == "100: any moved pixel of the region sends the frame to the model."
    dlg.sensitivity.setValue(0)
    assert dlg.sensitivity_text.text() == "0: only a change of the whole region sends the frame to the model."
    dlg.sensitivity.setValue(25)
    assert dlg.sensitivity_text.text() == (
        "25: a frame goes to the model when about 10 % of the region changed (change score 75 or more)."
    )


def test_a_rectangle_becomes_a_region_of_the_picture() -> None:
    frame = QRectF(10, 20, 400, 200)
    assert region_of(QRectF(110, 70, 100, 50), frame) == Region(0.25, 0.25, 0.25, 0.25)
    assert region_of(QRectF(210, 120, -100, -50), frame) == Region(0.25, 0.25, 0.25, 0.25)  # dragged up-left
    assert region_of(QRectF(0, 0, 60, 40), frame) == Region(0.0, 0.0, 0.125, 0.1)  # clipped to the picture
    assert region_of(QRectF(300, 100, 400, 400), frame) == Region(0.725, 0.4, 0.275, 0.6)
    assert region_of(QRectF(500, 0, 10, 10), frame) is None  # beside the picture


def test_a_click_is_no_region(qtbot: QtBot) -> None:
    editor = RegionEditor()
    qtbot.addWidget(editor)
    editor.resize(400, 300)
    editor.show()
    editor.set_picture(decode_scaled(jpeg(640, 480)))
    editor.set_region(Region(0.1, 0.1, 0.5, 0.5))
    drag(editor, (0.5, 0.5), (0.505, 0.505), qtbot)
    assert editor.region == Region(0.1, 0.1, 0.5, 0.5)
