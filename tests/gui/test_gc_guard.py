"""Cyclic garbage is collected on the GUI thread only (app/gc_guard.py)."""

from __future__ import annotations

import gc
import threading
import weakref

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app import gc_guard


class Holder:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it
        self.qobject = QObject()


def test_cycles_are_freed_on_the_gui_thread_not_in_a_worker(qapp: QApplication) -> None:
    guard = gc_guard.install(qapp, interval_ms=60_000)
    try:
        assert not gc.isenabled()
        freed_in: list[int] = []
        holder = Holder()
        weakref.finalize(holder, lambda: freed_in.append(threading.get_ident()))
        del holder

        def allocate() -> None:  # far past generation 0's threshold: would trigger a collection here
            junk = [[i] for i in range(50 * gc.get_threshold()[0])]
            del junk

        worker = threading.Thread(target=allocate)
        worker.start()
        worker.join()
        assert freed_in == []
        junk = [[i] for i in range(2 * gc.get_threshold()[0])]  # the timer's tick, called directly
        guard.check()
        del junk
        assert freed_in == [threading.get_ident()]
    finally:
        guard.timer.stop()


def test_check_collects_only_past_the_threshold(qapp: QApplication) -> None:
    guard = gc_guard.install(qapp, interval_ms=60_000)
    try:
        gc.collect()
        holder = Holder()
        alive = weakref.ref(holder)
        del holder
        guard.check()  # far below generation 0's threshold: nothing collected yet
        assert alive() is not None
        junk = [[i] for i in range(2 * gc.get_threshold()[0])]
        guard.check()
        assert alive() is None
        del junk
    finally:
        guard.timer.stop()


def test_start_up_objects_leave_later_collections_and_new_cycles_are_still_freed(qapp: QApplication) -> None:
    """L-16: after ``freeze_start_up`` a full collection walks only what was made since; a cycle
    made after it is freed by the guard as before; ``thaw`` gives the frozen objects back."""
    guard = gc_guard.install(qapp, interval_ms=60_000)
    kept = [[i] for i in range(50_000)]  # start-up's long-lived objects
    try:
        gc.collect()
        walked_before = len(gc.get_objects(generation=2))
        frozen = gc_guard.freeze_start_up()
        assert frozen >= walked_before >= 50_000
        assert gc.get_freeze_count() == frozen
        assert len(gc.get_objects(generation=2)) < 1_000  # what a full collection walks now
        holder = Holder()
        alive = weakref.ref(holder)
        del holder
        junk = [[i] for i in range(2 * gc.get_threshold()[0])]
        guard.check()
        gc.collect()
        assert alive() is None
        del junk
    finally:
        guard.timer.stop()
        gc_guard.thaw()
    assert gc.get_freeze_count() == 0
    assert len(gc.get_objects(generation=2)) >= 50_000
    del kept


def test_garbage_of_start_up_is_freed_before_the_freeze(qapp: QApplication) -> None:
    """L-16: a cycle start-up dropped is collected, not frozen (it could hold a running Qt timer)."""
    guard = gc_guard.install(qapp, interval_ms=60_000)
    try:
        holder = Holder()
        gc.collect()  # still referenced: it survives into the oldest generation
        alive = weakref.ref(holder)
        del holder  # garbage that only a full collection finds
        gc_guard.freeze_start_up()
        assert alive() is None
    finally:
        guard.timer.stop()
        gc_guard.thaw()


def test_refreeze_frees_what_became_garbage_among_the_frozen_and_freezes_what_lives(
    qapp: QApplication,
) -> None:
    """L-16: after a Settings apply, a frozen cycle that is garbage now (replaced MCP sessions) is
    freed; the objects that live are frozen again; with nothing frozen it does nothing."""
    assert gc.get_freeze_count() == 0
    assert gc_guard.refreeze() == 0
    assert gc.get_freeze_count() == 0
    guard = gc_guard.install(qapp, interval_ms=60_000)
    kept = [[i] for i in range(20_000)]
    sessions = [Holder()]  # a start-up object that a Settings apply replaces later
    replaced = weakref.ref(sessions[0])
    try:
        gc_guard.freeze_start_up()
        sessions.clear()  # the apply dropped it: a cycle among the frozen objects
        gc.collect()
        assert replaced() is not None  # frozen: later collections do not find it
        frozen = gc_guard.refreeze()
        assert replaced() is None
        assert frozen == gc.get_freeze_count() >= 20_000
        assert len(gc.get_objects(generation=2)) < 1_000
    finally:
        guard.timer.stop()
        gc_guard.thaw()
    del kept


def test_the_tick_comes_sooner_while_the_app_allocates_and_slows_again_when_idle(qapp: QApplication) -> None:
    """A busy turn's cycles wait 100 ms for a collection, not 500 (the heap's high-water mark)."""
    guard = gc_guard.install(qapp, interval_ms=60_000, busy_ms=50)
    try:
        gc.collect()
        guard.tick()  # nothing allocated since
        assert guard.timer.interval() == 60_000
        junk = [[i] for i in range(2 * gc.get_threshold()[0])]
        guard.tick()
        assert guard.timer.interval() == 50
        assert gc.get_count()[0] < gc.get_threshold()[0]  # the tick collected
        guard.tick()
        assert guard.timer.interval() == 60_000
        del junk
    finally:
        guard.timer.stop()


def test_the_guard_s_own_timer_ticks_sooner_while_the_app_allocates(qapp: QApplication, qtbot: QtBot) -> None:
    """The timer is wired to ``tick``: allocation switches it to the busy interval by itself."""
    guard = gc_guard.install(qapp, interval_ms=300, busy_ms=30)
    try:
        junk: list[list[list[int]]] = []

        def busy() -> bool:  # the app allocating between ticks (the session's own guard ticks too)
            junk.append([[i] for i in range(2 * gc.get_threshold()[0])])  # kept: the count is net
            return guard.timer.interval() == 30

        qtbot.waitUntil(busy, timeout=3000)
        junk.clear()
        qtbot.waitUntil(lambda: guard.timer.interval() == 300, timeout=3000)  # idle again
    finally:
        guard.timer.stop()
