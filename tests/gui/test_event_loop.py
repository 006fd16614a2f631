"""The app's event loop (app/loop.py, L-13): a cancelled timer leaves at once; the rest of asyncio's
timer behaviour is qasync's."""

from __future__ import annotations

import asyncio
import sys

import pytest
from PySide6.QtWidgets import QApplication

from app.loop import EventLoop, Timers, tune_heap


@pytest.fixture
def loop(qapp: QApplication) -> object:
    loop = EventLoop(qapp)
    yield loop
    loop.close()


def timers(loop: EventLoop) -> Timers:
    table = loop._timer
    assert isinstance(table, Timers)
    return table


def test_a_cancelled_timer_leaves_the_table_and_qt_at_once(loop: EventLoop) -> None:
    fired: list[str] = []
    handles = [loop.call_later(600, fired.append, f"late {n}") for n in range(50)]
    assert len(timers(loop).handles) == 50
    for handle in handles:
        handle.cancel()
    assert timers(loop).handles == {}
    handles[0].cancel()  # a second cancel is harmless
    loop.run_until_complete(asyncio.sleep(0.05))
    assert fired == []


def test_timers_fire_in_order_once_and_leave(loop: EventLoop) -> None:
    fired: list[str] = []
    loop.call_later(0.03, fired.append, "b")
    loop.call_soon(fired.append, "a")
    kept = loop.call_later(0.01, fired.append, "kept")
    dropped = loop.call_later(0.02, fired.append, "dropped")
    dropped.cancel()
    loop.run_until_complete(asyncio.sleep(0.08))
    assert fired == ["a", "kept", "b"]
    assert timers(loop).handles == {}
    kept.cancel()  # after it ran: nothing to kill, nothing raised


def test_wait_for_timeouts_that_end_early_leave_no_timer(loop: EventLoop) -> None:
    async def turns() -> None:
        for _ in range(200):
            await asyncio.wait_for(asyncio.sleep(0), timeout=300)

    loop.run_until_complete(turns())
    assert timers(loop).handles == {}


def test_a_callback_error_goes_to_the_exception_handler(loop: EventLoop) -> None:
    seen: list[str] = []
    loop.set_exception_handler(lambda _loop, context: seen.append(str(context["exception"])))

    def boom() -> None:
        raise ValueError("boom")

    loop.call_soon(boom)
    loop.run_until_complete(asyncio.sleep(0.02))
    assert seen == ["boom"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt is Linux only")
def test_the_heap_is_tuned_on_glibc() -> None:
    assert tune_heap() is True
