"""What the parts of watching ask of each other (issue 15), as Protocols.

``WatchesLike`` is the service as a front end (the window, the web companion) and the built-in
tools see it; ``core.watch.service.Watches`` implements it over the store and the village.
"""

from __future__ import annotations

from typing import Protocol

from core.canonical import ImageData
from core.watch.model import CameraEvent, Meter, Watch, WatchView


class WatchRefused(Exception):
    """A watch that cannot start, and why (``reason``: ``no_agent``, ``no_tool``, ``no_vision``,
    ``tools_off``, ``invalid``, ``no_store``); ``text`` is the sentence in the village language."""

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(text)
        self.reason = reason
        self.text = text


class WatchesLike(Protocol):
    def views(self, agent_id: str | None = None) -> list[WatchView]:
        """The village's watches (of ``agent_id`` when given), oldest first."""
        ...

    def view(self, watch_id: str) -> WatchView | None: ...

    def new_watch(self, agent_id: str, instruction: str) -> Watch:
        """A new definition with a fresh id and the defaults (not stored until ``create``)."""
        ...

    async def create(self, watch: Watch, *, start: bool = True) -> Watch:
        """Store and start a watch (its own conversation is made; ``start`` False: ready, paused
        with no reason); raises ``WatchRefused``."""
        ...

    async def update(self, watch: Watch) -> Watch:
        """Store an edited definition; a running watch goes on with it. Raises ``WatchRefused``."""
        ...

    def pause(self, watch_id: str) -> None: ...

    def resume(self, watch_id: str) -> None:
        """Run again (also after a budget pause: the person chose to; the spent counters stay)."""
        ...

    def stop(self, watch_id: str) -> None: ...

    def delete(self, watch_id: str, *, keep_timeline: bool) -> None: ...

    def meter(self, watch_id: str) -> Meter: ...

    def cameras(self, agent_id: str) -> list[str]:
        """The agent's tool names a watch may use, the likely cameras first."""
        ...

    async def snapshot(self, agent_id: str, tool: str) -> ImageData:
        """One picture from the tool now (the region editor's); raises ``WatchRefused``."""
        ...

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
        """The timeline, newest first."""
        ...

    def event(self, event_id: int) -> CameraEvent | None: ...

    def keyframe(self, event_id: int) -> ImageData | None:
        """The event's keyframe from the store, verified; None when it has none or it is lost."""
        ...
