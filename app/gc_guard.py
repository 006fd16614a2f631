"""Python's cyclic garbage collector runs on the GUI thread only.

The collector normally runs in whichever thread happens to allocate when a generation's threshold
is crossed. The app allocates in worker threads all the time (journal writes, preview decoding,
the result pipeline, MCP and HTTP I/O), so a reference cycle that holds a Qt object (a widget and
a lambda connected to its signal, say) could be freed in a worker thread. Qt objects must be
destroyed in the thread they live in: Qt warns "Timers cannot be stopped from another thread" and
the process can crash. PySide6 has no guard against this, so the app turns automatic collection off
and collects on a timer of the GUI thread, generation by generation with the interpreter's own
thresholds (the pattern pyqtgraph's GarbageCollector uses).

Once the app has started (L-16), what start-up made (modules, classes, the MCP SDK's and
pydantic's schemas, the window's wrappers: about 140,000 objects) is moved out of the collector's
reach with ``gc.freeze()``: nearly all of it lives as long as the app, yet every full collection
walked all of it on the GUI thread, 74–83 ms each on the development machine. A full collection
then walks only what the session has made since. The price: a cycle among start-up's objects that
becomes garbage later is not found by later collections. The moments that make such garbage are
known: a Settings apply replaces an agent's MCP sessions, its wire, an idle removed agent's runtime.
Two seconds after an apply (one walk for a burst of applies) ``refreeze()`` gives the frozen
objects back, collects them once and freezes what lives, which then includes what the session has
made so far: that is the one full walk of everything, after a Settings apply only. A removed agent
still running a turn at the apply goes when its turn ends, and is freed at the next apply or at the
app's end, when ``thaw()`` gives the frozen objects back, as is any other cycle that becomes garbage
among them. What objects made after the last freeze hold is collected as before.

The timer ticks every 500 ms while the app is idle and every 100 ms while it allocates (a tick
found generation 0 past its threshold): once a turn is under way its cycles wait at most 100 ms
for a collection (the first tick after an idle spell comes up to 500 ms late). At 500 ms
throughout, the long-session bench's engine grew 11.3–11.9 MB over 900 frames, at 2 s 22 MB, at
100 ms 9.6 MB (automatic collection: 9.6 MB): the garbage that waits for the tick raises the
heap's high-water mark, and the freed blocks stay scattered among live ones.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

BUSY_MS = 100  # the tick while the app allocates


class MainThreadGc(QObject):
    """Disables automatic collection and collects from a GUI-thread timer while installed."""

    def __init__(self, interval_ms: int = 500, parent: QObject | None = None, busy_ms: int = BUSY_MS) -> None:
        super().__init__(parent)
        self.threshold = gc.get_threshold()
        self._was_enabled = gc.isenabled()
        gc.disable()
        self.idle_ms, self.busy_ms = interval_ms, min(busy_ms, interval_ms)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.tick)
        self.timer.start(interval_ms)

    def tick(self) -> None:
        """The timer's tick: collect, and tick sooner while the app allocates."""
        busy = gc.get_count()[0] > self.threshold[0]
        self.check()
        self.timer.setInterval(self.busy_ms if busy else self.idle_ms)

    def check(self) -> int:
        """Collect the generations whose counts passed their thresholds; returns objects freed."""
        l0, l1, l2 = gc.get_count()
        t0, t1, t2 = self.threshold
        freed = 0
        if l0 > t0:
            freed += gc.collect(0)
            if l1 > t1:
                freed += gc.collect(1)
                if l2 > t2:
                    freed += gc.collect(2)
        return freed

    def uninstall(self) -> None:
        self.timer.stop()
        thaw()
        gc.collect()
        if self._was_enabled:
            gc.enable()


def install(parent: QObject | None = None, interval_ms: int = 500, busy_ms: int = BUSY_MS) -> MainThreadGc:
    """Call once on the GUI thread after the QApplication exists."""
    return MainThreadGc(interval_ms, parent, busy_ms)


def freeze_start_up() -> int:
    """Keep every object start-up made out of later collections (L-16); returns how many were
    frozen. Called when start-up is done, and by ``refreeze``. One full collection first, so no
    garbage is frozen (a cycle start-up dropped, holding a Qt timer say, would otherwise live on)."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def refreeze() -> int:
    """After a Settings apply (L-16): what was frozen and has since become garbage (an agent's
    replaced MCP sessions, say) is freed, and everything that lives, start-up's and the session's so
    far, is frozen; returns how many objects are frozen now. Nothing is done, and 0 returned, when
    nothing was frozen (a window without ``freeze_start_up``, a test)."""
    if gc.get_freeze_count() == 0:
        return 0
    gc.unfreeze()
    return freeze_start_up()


def thaw() -> None:
    """What ``freeze_start_up`` froze is collectable again (the app's end: a test that runs the
    app twice in one process must get its first window back)."""
    gc.unfreeze()
