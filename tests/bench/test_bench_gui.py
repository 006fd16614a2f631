"""GUI responsiveness while the camera simulator is called in a loop (figures, not pass/fail).

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest tests/bench/test_bench_gui.py --benchmark-enable -s
100 demo-village turns, each one live-view call over streamable HTTP to the real simulator subprocess,
the preview decoded and shown; a 5 ms QTimer records the longest gap between its ticks (the worst
event-loop stall) and RSS is read before and after.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
import qasync
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from app.demo import DemoCamera, demo_config
from app.keys import KeyStore
from app.launcher import make_runtime
from app.main_window import MainWindow

FRAMES = 100


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def frames_loop(tmp: Path) -> dict[str, Any]:
    cam = DemoCamera()
    url = await cam.start()
    rt = make_runtime(demo_config(url), KeyStore(), store_dir=tmp / "data")
    win = MainWindow(rt.village, KeyStore(), demo=True)
    win.show()
    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.timeout.connect(tick)
    try:
        await rt.village.start()
        await win.send_text("muse", "warm up").wait()
        await asyncio.sleep(0.2)
        before = rss_kb()
        timer.start(5)
        started = time.perf_counter()
        for i in range(FRAMES):
            await win.send_text("muse", f"frame {i}").wait()
        elapsed = time.perf_counter() - started
        await asyncio.sleep(0.2)
        timer.stop()
        after = rss_kb()
        return {
            "frames": FRAMES,
            "seconds": round(elapsed, 2),
            "worst_stall_ms": round(max(gaps) * 1000, 1),
            "p99_stall_ms": round(sorted(gaps)[int(len(gaps) * 0.99)] * 1000, 1),
            "rss_growth_kb": after - before,
            "previews": len(win.chats["muse"].previews),
        }
    finally:
        win.close()
        await rt.village.close()
        await cam.stop()
        if rt.store is not None:
            rt.store.close()


@pytest.mark.bench
def test_ui_stall_during_100_frames(benchmark: Any, qapp: QApplication, tmp_path: Path) -> None:
    qapp.setQuitOnLastWindowClosed(False)  # closing the window must not stop the loop mid-cleanup
    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    figures: dict[str, Any] = {}
    try:

        def run() -> None:
            figures.update(loop.run_until_complete(frames_loop(tmp_path)))

        benchmark.pedantic(run, rounds=1, iterations=1)
    finally:
        loop.close()
        asyncio.set_event_loop(None)
    benchmark.extra_info.update(figures)
    print("\nGUI 100-frame loop:", figures)
    assert figures["previews"] == FRAMES + 1
