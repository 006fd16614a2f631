# ruff: noqa: TID251 - a Qt bench (the window and qasync), like tests/bench/window_cost.py
"""The window while a continuous watch runs at 2 frames/s with the timeline open (issue 15,
WA-59). Figures, not a verdict.

Run: ``QT_QPA_PLATFORM=offscreen python -m tests.bench.watch_window [--minutes 10] [--quick]``
(``--quick``: one minute; ``--seconds N`` for a test). Two arms, one after the other in the
same process: the watch's events only (the timeline's own cost), then the same with a real turn
of the agent per change (its chat and tool panel too); ``--no-turns`` runs only the first.

The real ``MainWindow`` on a real ``Village`` and ``Store`` (tests/bench/window_cost.py's runtime:
a scripted model, a camera tool answering fresh frames), the Timeline tab shown, driven with what a
continuous watch publishes at its rhythm: every 0.5 s a ``WatchScored`` (the gate's score); every
tenth frame a change: a real turn of the agent (a camera call, then an answer streamed in four
deltas), a ``WatchMetered``, and a ``CameraEventReported`` whose 640×424 keyframe the timeline
thumbnails; every fourth event a ``WatchNotification`` (the card in the window: offscreen there is
no notification area). The watch service is ``tests.fakes.watches.FakeWatches``; its keyframes come
from a pool of eight frames (the service reads them from the store), so what grows is the window's.

Measured after a warm-up of a tenth of the run (at least 10 s): the loop's lateness (a 5 ms
``QTimer``: how much later than asked each tick fired; the worst is the longest stall, goal
< 50 ms), and the RSS growth to the end (after ``gc.collect``; goal: flat, under 10 MB), with the
timeline's rows and the thumbnails it holds at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QApplication

from app.keys import KeyStore
from app.loop import make_loop
from app.main_window import MainWindow
from core.canonical import ImageData
from core.events import WatchNotification, WatchScored
from core.watch.model import Watch
from tests.bench.window_cost import Lateness, rss_kb, runtime, tmpfs
from tests.fakes.images import jpeg
from tests.fakes.watches import FakeWatches

FRAME_S = 0.5  # 2 frames/s
CHANGE_EVERY = 10  # frames: one change (a turn, an event) every 5 s
NOTIFY_EVERY = 4  # events: one notification every 20 s (the cooldown)
STALL = 0.02  # a tick this late is counted as a stall
AFTER = 0.4  # s: a stall this soon after a change or a notification is put down to it
POOL = [ImageData("image/jpeg", jpeg(640, 424, (n * 30 % 250, 90, 200 - n * 20)), 640, 424) for n in range(8)]


class GcPauses:
    """The longest garbage collection while measured (and its generation)."""

    def __init__(self) -> None:
        self.longest = 0.0
        self.generation = 0
        self._t = 0.0

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._t = time.perf_counter()
        elif (took := time.perf_counter() - self._t) > self.longest:
            self.longest, self.generation = took, info["generation"]

    def start(self) -> None:
        gc.callbacks.append(self._callback)

    def stop(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)


class Stalls(Lateness):
    """The lateness, and when each tick later than ``STALL`` fired (to say what preceded it)."""

    def __init__(self) -> None:
        super().__init__()
        self.stalls: list[tuple[float, float]] = []  # (when, how late)

    def _tick(self) -> None:
        super()._tick()
        if self.late[-1] > STALL:
            self.stalls.append((self.last, self.late[-1]))

    def kinds(self, changes: list[float], notes: list[float]) -> tuple[int, int, int]:
        """Stalls within ``AFTER`` s of a notification, else of a change (an event, a turn), else
        on a quiet frame (nothing of the watch's but its score)."""
        after_note = after_change = quiet = 0
        for when, late in self.stalls:
            began = when - late
            if any(0 <= began - t < AFTER for t in notes):
                after_note += 1
            elif any(0 <= began - t < AFTER for t in changes):
                after_change += 1
            else:
                quiet += 1
        return after_change, after_note, quiet


async def drive(seconds: float, turns_on: bool = True) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="fuseforks-watch-window-", dir=tmpfs()))
    village, store, conv, history = runtime(folder)
    fake = FakeWatches(publish=village.bus.publish)
    watch = fake.add(
        Watch(id="w1", agent_id="a1", instruction="Tell me when a bird is at the feeder", name="Feeder")
    )
    win = MainWindow(village, KeyStore(), history=history, conversations=conv, watches=fake)
    win.resize(1280, 800)
    win.show()
    win.timeline_pane.show_timeline()
    await asyncio.sleep(0.1)
    lateness = Stalls()
    changes: list[float] = []
    notified: list[float] = []
    warm_up = max(10.0, seconds / 10)
    frames = events = notes = turns = 0
    longest = 0.0  # the longest synchronous step of the drive (publishing a frame's events)
    pauses = GcPauses()
    rss0 = 0
    running = None
    t0 = time.perf_counter()
    next_frame = t0
    warm = False
    while (now := time.perf_counter()) - t0 < seconds + warm_up:
        if not warm and now - t0 >= warm_up:
            gc.collect()
            rss0 = rss_kb()
            lateness.start()
            pauses.start()
            warm = True
        frames += 1
        changed = frames % CHANGE_EVERY == 0
        threshold = 100.0 - watch.sensitivity
        score = threshold + 8 if changed else 1.5
        step = time.perf_counter()
        village.bus.publish(WatchScored("w1", "a1", score, threshold, changed, time.time()))
        if changed:
            changes.append(step)
            if turns_on and (running is None or running.done()):
                running = win.send_text("a1", f"frame {frames} changed")
                turns += 1
            fake.set_meter("w1", events + 1, (events + 1) * 1400)
            e = fake.report(
                "w1", f"A bird at the feeder ({events + 1})", "A robin on the left perch.", 3 + events % 3
            )
            fake.keyframes[e.id] = POOL[events % len(POOL)]
            events += 1
            if events % NOTIFY_EVERY == 0:
                notes += 1
                notified.append(time.perf_counter())
                village.bus.publish(WatchNotification(e.id, "w1", "a1", e.title, e.summary, e.importance))
        if warm:
            longest = max(longest, time.perf_counter() - step)
        next_frame += FRAME_S
        await asyncio.sleep(max(0.0, next_frame - time.perf_counter()))
    lateness.stop()
    pauses.stop()
    if running is not None:
        await running.wait()
    gc.collect()
    timeline = win.timeline_pane.timeline
    result = {
        "seconds": seconds,
        "frames": frames,
        "events": events,
        "turns": turns,
        "notifications": notes,
        "max": max(lateness.late, default=0.0),
        "step": longest,
        "stalls": dict(zip(("change", "note", "quiet"), lateness.kinds(changes, notified), strict=True)),  # type: ignore[dict-item]
        "gc": pauses.longest,
        "gc_gen": pauses.generation,
        "p99": lateness.p99(),
        "rss": (rss_kb() - rss0) / 1024,
        "rows": len(timeline.model.rows),
        "thumbs": len(timeline.thumbs.images),
        "decoded": timeline.thumbs.decoded,
    }
    win.close()
    await village.close()
    store.close()
    return result


def table(arms: dict[str, dict[str, float]]) -> str:
    """One column per arm: the events only, and with a real turn per change."""

    def row(name: str, goal: str, cell: Callable[[dict[str, float]], str]) -> tuple[str, ...]:
        return (name, *(cell(r) for r in arms.values()), goal)

    rows = [
        ("", *arms, "goal"),
        row("run (after the warm-up)", "", lambda r: f"{r['seconds'] / 60:.1f} min"),
        row(
            "frames / events / turns / notifications",
            "",
            lambda r: f"{r['frames']:.0f} / {r['events']:.0f} / {r['turns']:.0f} / {r['notifications']:.0f}",
        ),
        row("worst loop stall", "< 50 ms", lambda r: f"{r['max'] * 1000:.1f} ms"),
        row("loop lateness p99", "", lambda r: f"{r['p99'] * 1000:.1f} ms"),
        row(
            "stalls > 20 ms: after a change / a notification / quiet",
            "",
            lambda r: "{change} / {note} / {quiet}".format(**r["stalls"]),  # type: ignore[arg-type]
        ),
        row("longest step (a frame's events published)", "", lambda r: f"{r['step'] * 1000:.1f} ms"),
        row("longest garbage collection", "", lambda r: f"{r['gc'] * 1000:.1f} ms (gen {r['gc_gen']:.0f})"),
        row("RSS growth", "flat (< 10 MB)", lambda r: f"{r['rss']:.1f} MB"),
        row(
            "timeline rows / thumbnails held / made",
            "held: the rows in view",
            lambda r: f"{r['rows']:.0f} / {r['thumbs']:.0f} / {r['decoded']:.0f}",
        ),
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(
            c.ljust(w) if i in (0, len(r) - 1) else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in rows
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--quick", action="store_true", help="one minute")
    parser.add_argument("--seconds", type=float, default=None, help="the run in seconds (a test)")
    parser.add_argument("--no-turns", action="store_true", help="only the arm without turns")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else 60.0 if args.quick else args.minutes * 60
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setQuitOnLastWindowClosed(False)
    loop = make_loop(app)
    try:
        arms = {"events only": loop.run_until_complete(drive(seconds, False))}
        if not args.no_turns:
            arms["a turn per change"] = loop.run_until_complete(drive(seconds, True))
    finally:
        loop.close()
    print(table(arms))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
