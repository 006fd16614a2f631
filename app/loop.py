"""The app's event loop: qasync's ``QEventLoop`` whose cancelled timers leave at once, on a C heap
that gives large buffers back (L-13).

qasync keeps every ``call_later`` handle, cancelled or not, with its Qt timer until the delay runs
out. A turn arms several long timeouts (request, tool and stream deadlines) and cancels them when it
ends early, as it nearly always does, so a long session carried thousands of dead handles and Qt
timers, each holding its context. Here a cancelled handle kills its Qt timer and leaves the table.

glibc raises its mmap threshold each time a large block is freed, so after the first few request
bodies and frames (hundreds of KB each) they come from the main heap, whose free space is kept:
the process grew by tens of KB per frame. A fixed threshold keeps such blocks in their own
mappings, returned on free, and two arenas stop every worker thread from growing one of its own.
"""

from __future__ import annotations

import asyncio
import contextvars
import ctypes
import ctypes.util
import sys
from collections.abc import Callable
from typing import Any

import qasync
from PySide6.QtCore import QObject, QTimerEvent
from PySide6.QtWidgets import QApplication

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameters (malloc.h)
M_ARENA_MAX = -8
MMAP_THRESHOLD = 256 * 1024  # a block this large or larger gets its own mapping
ARENAS = 2


def tune_heap() -> bool:
    """Fix glibc's mmap threshold and cap its arenas; True when glibc took both (Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # musl and others have no mallopt
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(mallopt(M_ARENA_MAX, ARENAS))


class _Handle(asyncio.Handle):
    """A ``call_later`` handle that takes its Qt timer with it when cancelled."""

    __slots__ = ("_timer_id", "_timers")

    def __init__(
        self,
        callback: Callable[..., object],
        args: tuple[Any, ...],
        loop: asyncio.AbstractEventLoop,
        context: contextvars.Context | None,
    ) -> None:
        super().__init__(callback, args, loop, context=context)
        self._timer_id = 0
        self._timers: Timers | None = None

    def cancel(self) -> None:
        super().cancel()
        timers, self._timers = self._timers, None
        if timers is not None:
            timers.drop(self._timer_id)


class Timers(QObject):
    """qasync's timer table (one Qt timer per handle), dropping a handle when it is cancelled."""

    def __init__(self) -> None:
        super().__init__()
        self.handles: dict[int, asyncio.Handle] = {}
        self._stopped = False

    def add_callback(self, handle: asyncio.Handle, delay: float = 0) -> asyncio.Handle:
        timer_id = self.startTimer(int(max(0.0, delay) * 1000))
        self.handles[timer_id] = handle
        if isinstance(handle, _Handle):
            handle._timer_id, handle._timers = timer_id, self
        return handle

    def drop(self, timer_id: int) -> None:
        if self.handles.pop(timer_id, None) is not None:
            self.killTimer(timer_id)

    def timerEvent(self, event: QTimerEvent) -> None:
        timer_id = event.timerId()
        self.killTimer(timer_id)
        handle = self.handles.pop(timer_id, None)
        if handle is None or self._stopped or handle.cancelled():
            return
        if isinstance(handle, _Handle):
            handle._timers = None  # it has run: a late cancel() has nothing to kill
        handle._run()

    def stop(self) -> None:
        self._stopped = True

    def set_debug(self, enabled: bool) -> None:
        """qasync's slow-callback report is not kept here (asyncio's own debug mode still works)."""


class EventLoop(qasync.QEventLoop):
    """The loop the app and its benches run on."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self._timer = Timers()

    def call_later(
        self,
        delay: float,
        callback: Callable[..., object],
        *args: Any,
        context: contextvars.Context | None = None,
    ) -> asyncio.Handle:
        if asyncio.iscoroutinefunction(callback):
            raise TypeError("coroutines cannot be used with call_later")
        if not callable(callback):
            raise TypeError(f"callback must be callable: {type(callback).__name__}")
        return self._timer.add_callback(_Handle(callback, args, self, context), delay)


def make_loop(app: QApplication) -> EventLoop:
    """The heap tuned (L-13), then the loop, set as the thread's event loop."""
    tune_heap()
    loop = EventLoop(app)
    asyncio.set_event_loop(loop)
    return loop
