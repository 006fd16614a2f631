"""The core's events as a numbered, resumable stream (WC-10, WC-11).

``EventFeed`` subscribes to the village's bus and keeps the newest ``size`` events, each as its
SSE frame, numbered ``<run>-<n>``: ``run`` is random per feed (a server started again does not take
an old number for one of its own), ``n`` counts from 1. A client that reconnects sends the last id
it saw (``Last-Event-ID``) and gets every newer event still in the ring; when its id is of another
run or has left the ring, it gets one ``reset`` event first (read the state again through the API)
and then the ring. Memory is the ring, whatever the number of clients: each client is only a
position in it. A client too slow to keep up falls off the ring and is reset the same way.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from core.events import Event, EventBus
from web.shape import event_json

PING_S = 15.0  # a comment line keeps proxies and the browser from closing an idle stream


@dataclass(frozen=True)
class Frame:
    n: int
    text: str  # the SSE frame: id, event, data, blank line


class EventFeed:
    def __init__(self, bus: EventBus, *, size: int = 2000) -> None:
        self.run = secrets.token_hex(4)
        self.size = size
        self._ring: deque[Frame] = deque(maxlen=size)
        self._n = 0
        self._wake = asyncio.Event()
        self._closed = False
        self.clients = 0  # streams open now
        self._unsubscribe: Callable[[], None] | None = bus.subscribe(self.publish)

    @property
    def newest(self) -> int:
        return self._n

    def publish(self, ev: Event | object) -> None:
        self._n += 1
        body = json.dumps(event_json(ev), ensure_ascii=False, separators=(",", ":"))
        self._ring.append(Frame(self._n, frame(f"{self.run}-{self._n}", type(ev).__name__, body)))
        self._wake.set()
        self._wake = asyncio.Event()

    def close(self) -> None:
        """Every stream ends (the server is stopping); no more events are kept."""
        self._closed = True
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._wake.set()

    def start_at(self, last_id: str | None) -> tuple[int, bool]:
        """The number after which a client resumes, and whether it must be reset first."""
        if last_id is None:
            return self._n, False  # a new client: from now on
        run, _, number = last_id.strip().partition("-")
        oldest = self._ring[0].n if self._ring else self._n + 1
        if run != self.run or not number.isdigit() or int(number) > self._n or int(number) < oldest - 1:
            return oldest - 1, True  # another run's id, or what it missed has left the ring
        return int(number), False

    def after(self, n: int) -> tuple[list[Frame], int]:
        """The frames newer than ``n`` still in the ring, and the number they follow (below ``n``
        when some have already left the ring: that client is reset)."""
        if not self._ring or self._ring[-1].n <= n:
            return [], n
        oldest = self._ring[0].n
        skip = max(0, n + 1 - oldest)
        return list(self._ring)[skip:], max(n, oldest - 1)

    def stream(self, last_id: str | None, ping_s: float = PING_S) -> AsyncIterator[str]:
        """A client's frames: its position is taken now, when its request arrives (not when the
        response starts), so nothing published in between is missed."""
        n, reset = self.start_at(last_id)
        self.clients += 1
        return self._frames(n, reset, ping_s)

    async def _frames(self, n: int, reset: bool, ping_s: float) -> AsyncIterator[str]:
        try:
            async for chunk in self._chunks(n, reset, ping_s):
                yield chunk
        finally:
            self.clients -= 1

    async def _chunks(self, n: int, reset: bool, ping_s: float) -> AsyncIterator[str]:
        yield "retry: 2000\n\n"
        if reset:
            yield frame(f"{self.run}-{n}", "reset", "{}")
        while not self._closed:
            frames, follows = self.after(n)
            if follows != n:
                n = follows
                yield frame(f"{self.run}-{n}", "reset", "{}")
            if frames:
                n = frames[-1].n
                yield "".join(f.text for f in frames)  # one write for what piled up
                continue
            wake = self._wake
            try:
                await asyncio.wait_for(wake.wait(), ping_s)
            except TimeoutError:
                yield ": ping\n\n"


def frame(event_id: str, kind: str, data: str) -> str:
    lines = "".join(f"data: {line}\n" for line in data.split("\n"))
    return f"id: {event_id}\nevent: {kind}\n{lines}\n"
