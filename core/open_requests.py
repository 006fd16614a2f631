"""What the questions broker and the elicitation broker share: requests waiting for the person.

Front ends attach as answerers (``attach_answerer``) and settle a request by id from any thread
(the result is set on the request's loop). When the last answerer leaves, what is still open is
withdrawn with the broker's own "withdrawn" result. ``core.questions.Questions`` and
``core.elicitation.Elicitations`` add what they ask and how they wait.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from core.events import EventBus

AskedT = TypeVar("AskedT")
ResultT = TypeVar("ResultT")


@dataclass
class Pending(Generic[AskedT, ResultT]):
    asked: AskedT
    future: asyncio.Future[ResultT]


class OpenRequests(Generic[AskedT, ResultT]):
    def __init__(self, bus: EventBus, *, prefix: str, withdrawn: ResultT) -> None:
        self.bus = bus
        self._prefix = prefix
        self._withdrawn = withdrawn
        self._answerers = 0
        self._pending: dict[str, Pending[AskedT, ResultT]] = {}
        self._ids = itertools.count(1)
        self._stamp = f"{time.time_ns():x}"

    def attach_answerer(self) -> Callable[[], None]:
        """Declare a front end that shows these requests; call the returned function to detach.
        When the last answerer detaches, open requests are withdrawn."""
        self._answerers += 1
        done = False

        def detach() -> None:
            nonlocal done
            if done:
                return
            done = True
            self._answerers -= 1
            if self._answerers == 0:
                for request_id in list(self._pending):
                    self._settle(request_id, self._withdrawn)

        return detach

    @property
    def available(self) -> bool:
        return self._answerers > 0

    def pending(self) -> list[AskedT]:
        """Requests still open, oldest first (for a front end that attaches late)."""
        return [p.asked for p in self._pending.values()]

    def _new_id(self) -> str:
        return f"{self._prefix}-{self._stamp}-{next(self._ids)}"

    def _open(self, request_id: str, asked: AskedT) -> asyncio.Future[ResultT]:
        """Register ``asked``; the returned future gets its result. Call ``_close`` when done."""
        future: asyncio.Future[ResultT] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = Pending(asked, future)
        return future

    def _close(self, request_id: str) -> None:
        pending = self._pending.pop(request_id, None)
        if pending is not None and not pending.future.done():
            pending.future.cancel()

    def _settle(self, request_id: str, result: ResultT) -> bool:
        """Set ``request_id``'s result from any thread; ``False`` when it is no longer open."""
        pending = self._pending.get(request_id)
        if pending is None or pending.future.done():
            return False
        loop = pending.future.get_loop()
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if here is loop:
            _resolve(pending.future, result)
        else:
            loop.call_soon_threadsafe(_resolve, pending.future, result)
        return True


def _resolve(future: asyncio.Future[ResultT], result: ResultT) -> None:
    if not future.done():
        future.set_result(result)
