"""The timeline's screenshots (issue 15): the Timeline tab with a day of events and one opened, and
a watch's notification in the window.

The window is the real ``MainWindow`` on a village without a model call; its watch service is
``Timeline``, a doc tool holding five events in memory whose keyframes are frames of the camera
simulator's scripted scenes (``app.demo_camera.scenes``: the bird on the feeder, the window light),
so no test fake is imported. The notification is the card the window shows (offscreen there is no
notification area, and a desktop's own notification is drawn by the desktop, not the app).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

import keyring.backends.fail
from PySide6.QtWidgets import QWidget

from app.demo_camera.frames import HEIGHT, WIDTH
from app.demo_camera.scenes import Scene
from app.keys import KeyStore
from app.main_window import MainWindow
from core.canonical import ChatMessage, ChatRequest, ChatResponse, ImageData, Role, Usage
from core.config import parse_config
from core.events import WatchNotification
from core.llm import TextSink
from core.village import Village
from core.watch.model import CameraEvent, Meter, Watch, WatchState, WatchView

Save = Callable[[QWidget, str], object]
Settle = Callable[[], Awaitable[None]]
WATCHES = (
    Watch(id="w-feeder", agent_id="a1", instruction="Tell me when a bird is at the feeder", name="Feeder"),
    Watch(
        id="w-house", agent_id="a1", instruction="Tell me when the light in the house goes on", name="House"
    ),
)
# minutes ago, watch, title, summary, importance, scene
EVENTS = (
    (
        1570,
        "w-feeder",
        "A robin at the feeder",
        "A robin landed on the tray and ate for a minute.",
        4,
        "bird",
    ),
    (1490, "w-house", "The window light went off", "The house window is dark again.", 2, "static"),
    (142, "w-house", "The window light turned on", "Someone switched on the light in the house.", 3, "light"),
    (47, "w-feeder", "The feeder is empty again", "The bird flew off towards the house.", 1, "static"),
    (
        12,
        "w-feeder",
        "A robin at the feeder",
        "A red-breasted bird is on the feeder tray, eating.",
        4,
        "bird",
    ),
)


def frame(scene: str) -> ImageData:
    name = {"bird": "static-then-bird", "light": "static-then-light", "static": "static"}[scene]
    return ImageData("image/jpeg", Scene(name, event_at=1).jpeg(5), WIDTH, HEIGHT)


class Timeline:
    """The reading half of a watch service over five events (``app.widgets.timeline.TimelineSource``)."""

    def __init__(self, now: float) -> None:
        self.timeline: list[CameraEvent] = []
        self.frames: dict[int, ImageData] = {}
        for i, (minutes, watch_id, title, summary, importance, scene) in enumerate(EVENTS, 1):
            at = now - minutes * 60
            e = CameraEvent(
                i,
                watch_id,
                "a1",
                f"conv-{watch_id}",
                f"t{i}",
                f"c{i}",
                at,
                title,
                summary,
                importance,
                f"k{i}",
                "image/jpeg",
            )
            self.timeline.insert(0, e)
            self.frames[i] = frame(scene)

    def views(self, agent_id: str | None = None) -> list[WatchView]:
        return [WatchView(w, WatchState(), Meter(0, 120, 0, 500_000)) for w in WATCHES]

    def events(self, **filters: object) -> list[CameraEvent]:
        least = filters.get("min_importance") or 0
        since, until = filters.get("since"), filters.get("until")
        return [
            e
            for e in self.timeline
            if e.importance >= least  # type: ignore[operator]
            and (filters.get("watch_id") is None or e.watch_id == filters["watch_id"])
            and (since is None or e.at >= since)  # type: ignore[operator]
            and (until is None or e.at < until)  # type: ignore[operator]
        ]

    def event(self, event_id: int) -> CameraEvent | None:
        return next((e for e in self.timeline if e.id == event_id), None)

    def keyframe(self, event_id: int) -> ImageData | None:
        return self.frames.get(event_id)


class Quiet:
    """A model that is never asked (no turn runs in these pictures)."""

    backend = "anthropic"
    model = "m"

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        return ChatResponse(ChatMessage(Role.ASSISTANT, "…"), Usage(), "end_turn")


async def timeline_shots(save: Save, settle: Settle) -> None:
    config = parse_config(
        {
            "village": {"language": "en", "name": "Garden"},
            "templates": [
                {"name": "Claude", "protocol": "anthropic", "model": "claude-sonnet-4-5", "key": "k"}
            ],
            "agents": [{"id": "a1", "name": "Ava", "template": "Claude"}],
        }
    )
    village = Village(config, backend_factory=lambda _t: Quiet())
    source = Timeline(time.time())
    win = MainWindow(village, KeyStore(keyring.backends.fail.Keyring()), watches=source)  # type: ignore[arg-type]
    win.resize(1280, 800)
    win.show()
    try:
        pane = win.timeline_pane
        pane.show_timeline()
        await settle()
        newest = source.timeline[0]
        pane.timeline.open_event(newest.id)
        await settle()
        await settle()
        save(win, "timeline")
        pane.tray_available = lambda: False  # the card, as a window in front shows it
        village.bus.publish(
            WatchNotification(
                newest.id,
                newest.watch_id,
                "a1",
                "Feeder: a robin at the feeder",
                newest.summary,
                newest.importance,
            )
        )
        await settle()
        save(win, "notification")
    finally:
        win.close()
        await village.close()
