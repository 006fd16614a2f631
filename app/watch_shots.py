"""The watch scenes of ``app.screenshots`` (issue 15): the watch dialog with its region drawn on the
demo camera's live picture, and the window with the watch panel (meter, change score, a budget
pause).

``StagedWatches`` is a ``WatchesLike`` that holds two fixed watches of the demo agent in memory
and answers ``snapshot`` with a frame of the camera simulator's scripted scene (the bird on the
feeder): the picture is what the person would see, with no camera server, model or store. (The
tests' double with recorded calls is ``tests/fakes/watches.py``; app code imports no test fake.)
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import replace

import keyring.backends.fail
from PySide6.QtWidgets import QApplication, QWidget

from app.demo import DEMO_AGENT_ID, demo_config
from app.demo_camera.frames import HEIGHT, WIDTH
from app.demo_camera.scenes import FEEDER_REGION, Scene
from app.keys import KeyStore
from app.main_window import MainWindow
from app.screenshot_scenes import Replies
from app.style import style_sheet
from app.widgets.watch_dialog import WatchDialog
from core.canonical import ImageData
from core.village import Village
from core.watch.gate import Region
from core.watch.model import CameraEvent, Limits, Meter, Rhythm, Watch, WatchState, WatchView

Save = Callable[[QWidget, str], object]
Settle = Callable[[], Awaitable[None]]

BIRD = Watch(
    "watch-bird",
    DEMO_AGENT_ID,
    "Tell me when a bird is at the feeder",
    tool="camera__live_view_image",
    rhythm=Rhythm("continuous", 0.5),
    region=Region(*FEEDER_REGION),
    notify_at=3,
    created=1.0,
)
KILN = Watch(
    "watch-kiln",
    DEMO_AGENT_ID,
    "Check the kiln temperature display",
    tool="camera__live_view_image",
    rhythm=Rhythm("every", 600.0),
    limits=Limits(24, 200_000),
    created=2.0,
)


class StagedWatches:
    """Two watches of the demo agent, as a running service would list them."""

    def __init__(self) -> None:
        self.shown = {
            BIRD.id: WatchView(BIRD, WatchState(last_score=55.0), Meter(12, 120, 41_000, 500_000), 3),
            KILN.id: WatchView(
                KILN, WatchState("paused", "budget_tokens"), Meter(9, 24, 200_000, 200_000), 5
            ),
        }

    def views(self, agent_id: str | None = None) -> list[WatchView]:
        return [v for v in self.shown.values() if agent_id in (None, v.watch.agent_id)]

    def view(self, watch_id: str) -> WatchView | None:
        return self.shown.get(watch_id)

    def new_watch(self, agent_id: str, instruction: str) -> Watch:
        return Watch(f"watch-{len(self.shown) + 1}", agent_id, instruction, created=time.time())

    async def create(self, watch: Watch, *, start: bool = True) -> Watch:
        return await self.update(watch)

    async def update(self, watch: Watch) -> Watch:
        known = self.shown.get(watch.id)
        meter = Meter(0, watch.limits.calls_per_hour, 0, watch.limits.tokens_per_day)
        self.shown[watch.id] = WatchView(watch, known.state if known else WatchState(), meter)
        return watch

    def _status(self, watch_id: str, state: WatchState) -> None:
        self.shown[watch_id] = replace(self.shown[watch_id], state=state)

    def pause(self, watch_id: str) -> None:
        self._status(watch_id, WatchState("paused", "person"))

    def resume(self, watch_id: str) -> None:
        self._status(watch_id, WatchState())

    def stop(self, watch_id: str) -> None:
        self._status(watch_id, WatchState("stopped", "person"))

    def delete(self, watch_id: str, *, keep_timeline: bool) -> None:
        self.shown.pop(watch_id, None)

    def meter(self, watch_id: str) -> Meter:
        return self.shown[watch_id].meter

    def cameras(self, agent_id: str) -> list[str]:
        return ["camera__live_view_image", "camera__recorded_image"]

    async def snapshot(self, agent_id: str, tool: str) -> ImageData:
        return ImageData("image/jpeg", Scene("static-then-bird", event_at=1).jpeg(1), WIDTH, HEIGHT)

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
    ) -> list[CameraEvent]:
        return []

    def event(self, event_id: int) -> CameraEvent | None:
        return None

    def keyframe(self, event_id: int) -> ImageData | None:
        return None


async def watch_shots(save: Save, settle: Settle) -> None:
    """13: the dialog editing the bird watch (its region on the live picture); 14: the window with
    the watch panel under the demo agent's servers."""
    watches = StagedWatches()
    dialog = WatchDialog(watches, DEMO_AGENT_ID, BIRD, agent_name="Muse")
    dialog.setStyleSheet(style_sheet(QApplication.palette(dialog)))
    dialog.resize(960, 560)
    dialog.show()
    for _ in range(100):
        if not dialog.region.picture.isNull():
            break
        await settle()
    await settle()
    save(dialog, "watch-dialog")
    dialog.close()

    # never started: no camera is asked, no model is called
    village = Village(demo_config("http://127.0.0.1:9/mcp"), backend_factory=lambda _t: Replies([]))
    win = MainWindow(village, KeyStore(keyring.backends.fail.Keyring()), watches=watches)
    win.resize(1280, 800)
    win.split.setSizes([380, 520, 380])  # room for the meter on one line or two
    win.show()
    try:
        await settle()
        agents, conversations, servers, shown = win.left_split.sizes()
        want = win.watch_pane.panel.sizeHint().height()
        win.left_split.setSizes([agents, conversations + servers + shown - want, 0, want])
        await settle()
        save(win, "watch-panel")
    finally:
        win.close()
