"""A watch service in memory for GUI tests (issue 15): ``FakeWatches`` implements
``core.watch.ports.WatchesLike`` without a store, a village or a camera.

It keeps watches, their states, meters and a timeline of ``CameraEvent`` in dicts, records every
call in ``calls`` (``("pause", watch_id)``, ``("delete", watch_id, keep_timeline)``, …) and, when
given a ``publish`` callable (an ``EventBus.publish``), publishes the events the real service
publishes (``WatchChanged`` on every change, ``WatchMetered`` from ``set_meter``, ``WatchScored``
from ``score``, ``CameraEventReported`` from ``report``) so a window wired to a bus sees them.
``refuse`` makes the next ``create``/``update``/``snapshot`` raise ``WatchRefused``.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from core.canonical import ImageData
from core.events import CameraEventReported, Event, WatchChanged, WatchMetered, WatchScored
from core.watch.model import CameraEvent, Meter, PauseReason, Watch, WatchState, WatchStatus, WatchView
from core.watch.ports import WatchesLike, WatchRefused
from tests.fakes.images import jpeg

DEFAULT_CAMERAS = ("cam.live_view_image", "cam.recorded_image")


def camera_picture(width: int = 640, height: int = 424) -> ImageData:
    """A real, decodable JPEG frame (the region editor shows it)."""
    return ImageData("image/jpeg", jpeg(width, height, (70, 110, 150)), width, height)


class FakeWatches:
    """``WatchesLike`` in memory; see the module docstring."""

    def __init__(
        self,
        *,
        cameras: dict[str, list[str]] | None = None,
        picture: ImageData | None = None,
        publish: Callable[[Event], None] | None = None,
    ) -> None:
        self.watches: dict[str, Watch] = {}
        self.states: dict[str, WatchState] = {}
        self.meters: dict[str, Meter] = {}
        self.timeline: dict[int, CameraEvent] = {}
        self.keyframes: dict[int, ImageData] = {}
        self.calls: list[tuple[Any, ...]] = []
        self.picture = picture or camera_picture()
        self.refuse: WatchRefused | None = None
        self._cameras = cameras
        self._publish = publish
        self._ids = itertools.count(1)
        self._event_ids = itertools.count(1)

    # -- test helpers ------------------------------------------------------------------------------

    def add(self, watch: Watch, state: WatchState | None = None, meter: Meter | None = None) -> Watch:
        """Put a watch in place as if created earlier (no call recorded, no event)."""
        self.watches[watch.id] = watch
        self.states[watch.id] = state or WatchState()
        self.meters[watch.id] = meter or Meter(0, watch.limits.calls_per_hour, 0, watch.limits.tokens_per_day)
        return watch

    def set_state(self, watch_id: str, status: WatchStatus, reason: PauseReason = "", **more: Any) -> None:
        self.states[watch_id] = replace(self.states[watch_id], status=status, reason=reason, **more)
        self._changed(watch_id, status, reason)

    def set_meter(self, watch_id: str, calls_hour: int, tokens_day: int) -> Meter:
        limits = self.watches[watch_id].limits
        meter = Meter(calls_hour, limits.calls_per_hour, tokens_day, limits.tokens_per_day)
        self.meters[watch_id] = meter
        self._emit(
            WatchMetered(
                watch_id,
                self.watches[watch_id].agent_id,
                meter.calls_hour,
                meter.calls_limit,
                meter.tokens_day,
                meter.tokens_limit,
            )
        )
        return meter

    def score(self, watch_id: str, score: float, *, at: float | None = None) -> WatchScored:
        """A frame through the gate: the state's last score and a ``WatchScored``."""
        watch = self.watches[watch_id]
        threshold = 100.0 - float(watch.sensitivity)
        self.states[watch_id] = replace(self.states[watch_id], last_score=score)
        event = WatchScored(watch_id, watch.agent_id, score, threshold, score >= threshold, at or time.time())
        self._emit(event)
        return event

    def report(
        self, watch_id: str, title: str, summary: str = "", importance: int = 3, **more: Any
    ) -> CameraEvent:
        """An event on the timeline, as ``report_event`` makes one."""
        watch = self.watches[watch_id]
        event = CameraEvent(
            id=next(self._event_ids),
            watch_id=watch_id,
            agent_id=watch.agent_id,
            conversation_id=watch.conversation_id,
            turn_id=more.pop("turn_id", "t1"),
            call_id=more.pop("call_id", "c1"),
            at=more.pop("at", time.time()),
            title=title,
            summary=summary,
            importance=importance,
            **more,
        )
        self.timeline[event.id] = event
        self._emit(
            CameraEventReported(
                event.id,
                watch_id,
                watch.agent_id,
                watch.conversation_id,
                event.at,
                title,
                summary,
                importance,
                event.keyframe,
            )
        )
        return event

    # -- WatchesLike -------------------------------------------------------------------------------

    def views(self, agent_id: str | None = None) -> list[WatchView]:
        ordered = sorted(self.watches.values(), key=lambda w: (w.created, w.id))
        return [self._view(w) for w in ordered if agent_id is None or w.agent_id == agent_id]

    def view(self, watch_id: str) -> WatchView | None:
        watch = self.watches.get(watch_id)
        return None if watch is None else self._view(watch)

    def new_watch(self, agent_id: str, instruction: str) -> Watch:
        return Watch(id=f"w{next(self._ids)}", agent_id=agent_id, instruction=instruction or "…")

    async def create(self, watch: Watch, *, start: bool = True) -> Watch:
        self.calls.append(("create", watch))
        self._refused()
        made = watch.with_(conversation_id=watch.conversation_id or f"conv-{watch.id}", created=time.time())
        self.add(made)
        if not start:  # ready, paused with no reason (core.watch.service)
            self.states[made.id] = WatchState(status="paused")
        self._changed(made.id, "running" if start else "paused", "")
        return made

    async def update(self, watch: Watch) -> Watch:
        self.calls.append(("update", watch))
        self._refused()
        if watch.id not in self.watches:
            raise WatchRefused("invalid", "no such watch")
        self.watches[watch.id] = watch
        old = self.meters[watch.id]
        self.meters[watch.id] = Meter(
            old.calls_hour, watch.limits.calls_per_hour, old.tokens_day, watch.limits.tokens_per_day
        )
        state = self.states[watch.id]
        self._changed(watch.id, state.status, state.reason)
        return watch

    def pause(self, watch_id: str) -> None:
        self.calls.append(("pause", watch_id))
        self.set_state(watch_id, "paused", "person")

    def resume(self, watch_id: str) -> None:
        self.calls.append(("resume", watch_id))
        self.set_state(watch_id, "running", "")

    def stop(self, watch_id: str) -> None:
        self.calls.append(("stop", watch_id))
        self.set_state(watch_id, "stopped", "person")

    def delete(self, watch_id: str, *, keep_timeline: bool) -> None:
        self.calls.append(("delete", watch_id, keep_timeline))
        watch = self.watches.pop(watch_id)
        self.states.pop(watch_id, None)
        self.meters.pop(watch_id, None)
        if not keep_timeline:
            for event_id in [e.id for e in self.timeline.values() if e.watch_id == watch_id]:
                self.timeline.pop(event_id)
                self.keyframes.pop(event_id, None)
        self._emit(WatchChanged(watch_id, watch.agent_id, "deleted", ""))

    def meter(self, watch_id: str) -> Meter:
        return self.meters[watch_id]

    def cameras(self, agent_id: str) -> list[str]:
        if self._cameras is None:
            return list(DEFAULT_CAMERAS)
        return list(self._cameras.get(agent_id, []))

    async def snapshot(self, agent_id: str, tool: str) -> ImageData:
        self.calls.append(("snapshot", agent_id, tool))
        self._refused()
        return self.picture

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
        needle = text.casefold()
        found = [
            e
            for e in self.timeline.values()
            if (watch_id is None or e.watch_id == watch_id)
            and (agent_id is None or e.agent_id == agent_id)
            and (since is None or e.at >= since)
            and (until is None or e.at < until)
            and e.importance >= min_importance
            and (not needle or needle in (e.title + " " + e.summary).casefold())
        ]
        found.sort(key=lambda e: (e.at, e.id), reverse=True)
        return found[:limit]

    def event(self, event_id: int) -> CameraEvent | None:
        return self.timeline.get(event_id)

    def keyframe(self, event_id: int) -> ImageData | None:
        return self.keyframes.get(event_id)

    # -- inside ------------------------------------------------------------------------------------

    def _view(self, watch: Watch) -> WatchView:
        events = sum(1 for e in self.timeline.values() if e.watch_id == watch.id)
        return WatchView(watch, self.states[watch.id], self.meters[watch.id], events)

    def _refused(self) -> None:
        refusal, self.refuse = self.refuse, None
        if refusal is not None:
            raise refusal

    def _changed(self, watch_id: str, status: str, reason: str) -> None:
        self._emit(WatchChanged(watch_id, self.watches[watch_id].agent_id, status, reason))

    def _emit(self, event: Event) -> None:
        if self._publish is not None:
            self._publish(event)


def _conforms(fake: FakeWatches) -> WatchesLike:
    return fake  # mypy checks that FakeWatches is a WatchesLike
