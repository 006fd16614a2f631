"""One process of the long-session bench (``tests/bench/long_session.py`` starts it): ``--frames``
live-view turns through the app's runtime (``app.launcher.make_runtime``: real store, media cache,
MCP client, HTTP wire) on a qasync loop, with or without the main window; writes its figures as JSON.
Measured from outside the product code (``tests/bench/long_session_probe.py``). Also the fake
provider's process (``--serve-fake``) and row 8's start-up child (``--startup``).

Run: ``python -m tests.bench.long_session_play --frames 40 --fake URL --camera URL --data DIR
--out FILE [--window]`` (normally through ``long_session``).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import statistics
import threading
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from app import gc_guard
from app.keys import KeyStore
from app.launcher import make_runtime
from app.loop import make_loop
from app.main_window import MainWindow
from core.config import Config, parse_config
from core.log import LOG
from core.village import Village
from tests.bench.long_session_bare import Bare
from tests.bench.long_session_probe import (
    Probe,
    Samples,
    encode_timing,
    estimated_tokens,
    install,
    lateness,
    snapshot,
    synchronous,
)
from tests.fakes.providers import FakeProvider, Received, Scenario

AGENT = "agent_cam"
VILLAGE = "long-session-bench"
SAY = "A desk under a lamp."
TOOL = "cam__live_view_image"
EARLY = 20  # the early point of row 1
HALF = 5  # frames each side of a point (row 1's medians)


def bench_config(data: Path, fake: str, camera: str, budget: int) -> Config:
    raw = {
        "village": {"id": VILLAGE, "name": "Bench", "language": "en"},
        "templates": [
            {
                "name": "claude",
                "protocol": "anthropic",
                "base_url": fake,
                "model": "claude-bench",
                "context_tokens": budget,
            }
        ],
        "agents": [
            {
                "id": AGENT,
                "name": "Cam",
                "template": "claude",
                "mcp_servers": {"cam": {"type": "http", "url": camera}},
            }
        ],
    }
    path = data / "fuseforks.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return parse_config(raw, path)


async def play(ns: argparse.Namespace) -> dict[str, Any]:
    began = time.perf_counter()
    data = Path(ns.data)
    probe = Probe(ns.fake)
    install(probe)
    config = bench_config(data, ns.fake, ns.camera, ns.budget)
    LOG.configure(data / "log")
    rt = make_runtime(config, KeyStore(), store_dir=data / "app")
    village = rt.village
    assert isinstance(village, Village)
    window: MainWindow | None = None
    if ns.window:
        window = MainWindow(
            village,
            KeyStore(),
            history=rt.history,
            config_path=config.path,
            conversations=rt.conversations,
            servers=rt.provider,
        )
        window.show()
    await village.start()
    if window is not None:
        window.refresh_agents()
    gc_guard.freeze_start_up()  # as run_app does once it has started (L-16)
    full = FullCollections()  # row 7's note: the guard's full collections during the frames
    media = config.media_dir()
    places = [data / "app"] + ([media] if media is not None else [])
    frames: int = ns.frames
    warm = min(100, max(frames // 4, 5))
    early = range(max(EARLY - HALF, 1), EARLY + HALF + 1)
    walls: list[float] = []
    cpus: list[float] = []
    failed = 0
    bare = Bare(ns.camera) if not ns.window else None  # row 4's baseline (the engine run only)
    if bare is not None:
        await bare.start()
    samples = Samples()
    playing = [0]
    stop = asyncio.Event()
    probe_task: asyncio.Task[None] | None = None
    marks: dict[str, dict[str, float]] = {}
    first: dict[str, Any] = {}
    try:
        for n in range(1, frames + 1):
            if n == warm + 1:
                marks["warm"] = snapshot(probe, places)
            playing[0] = n
            if n == warm + 1:  # the probe runs from the warm-up on (row 7 picks its 300 turns)
                probe_task = asyncio.ensure_future(lateness(samples, playing, stop))
            probe.new_turn()
            t0, c0 = time.perf_counter(), time.process_time()
            outcome = await village.send(
                AGENT, f"Frame {n}: take one live view frame and describe it."
            ).wait()
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
            failed += outcome.text != SAY
            if n in early and bare is not None:
                await bare.turn(list(probe.posts))
            if n in (EARLY, frames) and probe.posts and probe.request is not None:
                first[str(n)] = first_request(probe)
    finally:
        full.stop()
    stop.set()
    if probe_task is not None:
        await probe_task
    probe.posts = []  # the probe's copies of the last bodies: not the product's memory (row 9)
    marks["end"] = snapshot(probe, places)
    timing = encode_timing(probe)
    full_gc = full_collections()  # row 10, after the session: what a full collection walks now
    bared = await bare.close() if bare is not None else {}
    sync = synchronous(rt.store)
    if window is not None:
        window.close()
    await village.close()
    if rt.store is not None:
        rt.store.close()
    return {
        "frames": frames,
        "ran_s": time.perf_counter() - began,
        "warm": warm,
        "failed": failed,
        "walls": walls,
        "cpus": cpus,
        "lateness": samples.pairs(),
        "marks": marks,
        "first": first,
        "synchronous": sync,
        **timing,
        **bared,
        **full_gc,
        "full_collections_ms": full.ms,
        "early": [early.start, early.stop - 1],
    }


class FullCollections:
    """How long each full (generation 2) collection took while the frames played: the app's guard
    runs them on the loop's thread, so they are part of row 7's lateness."""

    def __init__(self) -> None:
        self.ms: list[float] = []
        self._began = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.ms.append((time.perf_counter() - self._began) * 1000)

    def stop(self) -> None:
        gc.callbacks.remove(self._note)


def full_collections() -> dict[str, float]:
    """Row 10: a full collection's time on the loop (median of 3) with start-up's objects frozen,
    as the app runs, then with them thawed (every full collection before L-16); frozen again after."""

    def median_collect() -> float:
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            gc.collect()
            times.append(time.perf_counter() - t0)
        return statistics.median(times)

    frozen = median_collect()
    count = gc.get_freeze_count()
    gc_guard.thaw()
    thawed = median_collect()
    gc_guard.freeze_start_up()
    return {"full_gc_frozen_s": frozen, "full_gc_thawed_s": thawed, "gc_frozen": count}


class Kept(list[Received]):
    """The fake provider's record of requests, the newest two only (1,000 frames of parsed bodies
    would fill the memory)."""

    def append(self, item: Received) -> None:
        super().append(item)
        del self[:-2]


def first_request(probe: Probe) -> dict[str, Any]:
    """Row 2's figures of this turn's first request; its parsed body is gone when this returns (at
    the last frame the end snapshot of row 9 follows, and a 600 KB body parsed is not the app's)."""
    assert probe.request is not None
    raw = probe.posts[0][2]
    body = json.loads(raw)
    return {
        "bytes": len(raw),
        "messages": len(body.get("messages", [])),
        "tokens": estimated_tokens(probe.request, body),
        "encode_threads": list(probe.encode_threads),
        "dumps_threads": list(probe.dumps_threads),
    }


def serve_fake() -> int:
    """The fake Anthropic provider in its own process: prints its URL, serves until killed."""
    fake = FakeProvider("anthropic", scenario=Scenario(say=SAY, tool=TOOL))
    fake.requests = Kept()
    fake.start()
    print(fake.url, flush=True)
    threading.Event().wait()
    return 0


class Settle(QObject):
    """Row 8's clock in the start-up child: the first paint of the window (or of a widget in it),
    then the loop settled (a 10 ms timer on time for 300 ms: the work after the first paint, such
    as previews decoded, is done)."""

    def __init__(self, window: QWidget, t0: float) -> None:
        super().__init__()
        self.window, self.t0 = window, t0
        self.painted = self.settled = -1.0
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)
        self.last = self.quiet_since = 0.0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self.painted < 0 and event.type() == QEvent.Type.Paint:
            if watched is self.window or (isinstance(watched, QWidget) and self.window.isAncestorOf(watched)):
                self.painted = time.time() - self.t0
                self.last = self.quiet_since = time.time()
                self.timer.start()
        return False

    def _tick(self) -> None:
        now = time.time()
        if now - self.last > 0.03:
            self.quiet_since = now  # the loop was held: start the quiet period again
        self.last = now
        if now - self.quiet_since >= 0.3:
            self.settled = self.quiet_since - self.t0
            self.timer.stop()
            QApplication.quit()


def startup(ns: argparse.Namespace) -> int:
    """Row 8's child: the runtime on ``--data`` and the window; prints the seconds from ``--t0``
    (the parent's clock just before it started this process) to the window's first paint and to
    the loop settled after it."""
    data = Path(ns.data)
    app = QApplication.instance() or QApplication([])
    config = bench_config(data, ns.fake, ns.camera, ns.budget)
    rt = make_runtime(config, KeyStore(), store_dir=data / "app")
    window = MainWindow(
        rt.village, KeyStore(), history=rt.history, config_path=config.path, conversations=rt.conversations
    )
    clock = Settle(window, ns.t0)
    app.installEventFilter(clock)
    window.show()
    QTimer.singleShot(30_000, QApplication.quit)
    app.exec()
    app.removeEventFilter(clock)
    print(json.dumps({"first_paint_s": clock.painted, "settled_s": clock.settled}), flush=True)
    window.close()
    if rt.store is not None:
        rt.store.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.long_session_play")
    parser.add_argument("--serve-fake", action="store_true")
    parser.add_argument("--startup", action="store_true")
    parser.add_argument("--t0", type=float, default=0.0)
    parser.add_argument("--frames", type=int, default=40)
    parser.add_argument("--fake", default="")
    parser.add_argument("--camera", default="")
    parser.add_argument("--data", default="")
    parser.add_argument("--out", default="")
    parser.add_argument("--budget", type=int, default=200_000)
    parser.add_argument("--window", action="store_true")
    ns = parser.parse_args(argv)
    if ns.serve_fake:
        return serve_fake()
    if ns.startup:
        return startup(ns)
    app = QApplication.instance() or QApplication([])
    QApplication.setQuitOnLastWindowClosed(False)  # the window closes before the loop's work ends
    gc_guard.install(app)  # as run_app does: the GUI thread's timer collects, automatic GC is off
    loop = make_loop(app)
    with loop:
        result = loop.run_until_complete(play(ns))
    Path(ns.out).write_text(json.dumps(result), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
