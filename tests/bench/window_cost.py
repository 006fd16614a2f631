# ruff: noqa: TID251 - a Qt bench (the window and qasync), like tests/bench/conversation_switch.py
"""What the window costs over a long live-view session, beside qasync alone (issue 14, window
part). Figures, not a verdict.

Run: ``QT_QPA_PLATFORM=offscreen python -m tests.bench.window_cost [turns]`` (default 300).

One process, two arms on the same runtime (a ``Village`` on a real ``Store`` in a tmpfs folder, a
scripted model streaming its answer in four deltas, a camera tool answering a fresh 320×240 JPEG
every call): ``qasync`` alone (no window; the events go to nobody) and the same turns with the
``MainWindow`` shown. Back-to-back turns (the next starts when the last ends):

- CPU per turn: process CPU time (every thread) per turn, and the window's share (with − without);
- loop lateness: a 5 ms ``QTimer``'s lateness per tick (how much later than asked it fired),
  p99 and max over every tick of the turns;
- RSS growth per turn after a warm-up of 50 turns;
- start-up: from building the window on a store to its first paint with the history shown, with a
  1,000-turn conversation vs an empty store, and how many chat rows, tool rows and preview decodes
  that built.
"""

from __future__ import annotations

import asyncio
import gc
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

import tests.bench.conversation_switch as switch_bench
from app.keys import KeyStore
from app.loop import make_loop
from app.main_window import MainWindow
from app.widgets.chat import ChatView
from app.widgets.preview import ImagePreview
from app.widgets.toolpanel import ToolPanel
from core.canonical import ChatMessage, ChatRequest, ChatResponse, ImageData, Role, ToolCall, Usage
from core.config import parse_config
from core.conversations import Conversations
from core.history import StoreHistory
from core.llm import TextSink
from core.store import SqliteJournal, Store
from core.tool import AgentTool, ToolContext, ToolOutput, ToolReturn
from core.village import Village
from tests.fakes.images import jpeg

WARM_UP = 50
TICK_MS = 5
STORED_TURNS = int(__import__("os").environ.get("STORED_TURNS", "1000"))


class Model:
    """A camera call, then an answer streamed in four deltas; every turn the same."""

    backend = "anthropic"
    model = "m"

    def __init__(self) -> None:
        self.calls = 0

    async def complete(self, request: ChatRequest, on_text: TextSink | None = None) -> ChatResponse:
        self.calls += 1
        if self.calls % 2:
            call = ToolCall(f"call{self.calls}", "cam__live_view_image", {})
            return ChatResponse(ChatMessage(Role.ASSISTANT, tool_calls=[call]), Usage(10, 2), "tool_use")
        parts = ["A red cup ", "and two ", "blue bowls, ", f"frame {self.calls // 2}."]
        for part in parts:
            if on_text is not None:
                on_text(part)
        return ChatResponse(ChatMessage(Role.ASSISTANT, "".join(parts)), Usage(10, 5), "end_turn")


class Camera(AgentTool):
    """A fresh frame (its own bytes) per call, as a camera gives."""

    name = "cam__live_view_image"
    description = "one frame"
    input_schema: dict[str, Any] = {"type": "object"}  # noqa: RUF012

    def __init__(self) -> None:
        self.frames = [jpeg(320, 240, (n * 9 % 250, n * 31 % 250, 90)) for n in range(40)]
        self.n = 0

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        self.n += 1
        data = bytes(bytearray(self.frames[self.n % len(self.frames)]) + self.n.to_bytes(4, "big"))
        return ToolReturn(ToolOutput("frame", [ImageData("image/jpeg", data, 320, 240)]))


class Lateness:
    """How much later than asked a ``TICK_MS`` timer fires, per tick."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.late: list[float] = []
        self.last = 0.0

    def _tick(self) -> None:
        now = time.perf_counter()
        self.late.append(max(0.0, now - self.last - TICK_MS / 1000))
        self.last = now

    def start(self) -> None:
        self.late.clear()
        self.last = time.perf_counter()
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def p99(self) -> float:
        return statistics.quantiles(self.late, n=100)[98] if len(self.late) > 2 else 0.0


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def runtime(folder: Path) -> tuple[Village, Store, Conversations, StoreHistory]:
    store = Store.open(folder)
    conv = Conversations(store, switch_bench.VILLAGE)
    village = Village(
        parse_config(switch_bench.CONFIG),
        journal=SqliteJournal(store, conv.current),
        backend_factory=lambda t: Model(),
    )
    village.add_tools("a1", [Camera()])
    current = conv.current("a1")
    village.seed_history("a1", conv.past("a1", current), current)
    return village, store, conv, StoreHistory(store, conversation_for=conv.current)


async def session(turns: int, with_window: bool) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="fuseforks-window-", dir=tmpfs()))
    village, store, conv, history = runtime(folder)
    win = None
    if with_window:
        win = MainWindow(village, KeyStore(), history=history, conversations=conv)
        win.show()
        await asyncio.sleep(0)

    async def turn(i: int) -> None:
        if win is not None:
            await win.send_text("a1", f"look {i}").wait()
        else:
            await village.send("a1", f"look {i}").wait()

    for i in range(WARM_UP):
        await turn(i)
    gc.collect()
    lateness = Lateness()
    rss0, cpu0, wall0 = rss_kb(), time.process_time(), time.perf_counter()
    lateness.start()
    for i in range(turns):
        await turn(WARM_UP + i)
    lateness.stop()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    gc.collect()
    rss = rss_kb() - rss0
    if win is not None:
        win.close()
    await village.close()
    store.close()
    return {
        "cpu": cpu / turns,
        "wall": wall / turns,
        "p99": lateness.p99(),
        "max": max(lateness.late, default=0.0),
        "rss": rss / turns,
    }


def tmpfs() -> str | None:
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() else None


class Counts:
    """Chat rows, tool rows and preview decodes built while ``work`` runs."""

    def __init__(self) -> None:
        self.rows = 0
        self.decodes = 0

    async def during(self, work: Callable[[], Awaitable[float]]) -> float:
        counts = self
        real = {cls: cls._build for cls in (ChatView, ToolPanel)}
        real_load = ImagePreview.load

        def counted(cls: type) -> Callable[..., Any]:
            def build(view: Any, entry: Any) -> Any:
                counts.rows += 1
                return real[cls](view, entry)

            return build

        def load(preview: ImagePreview) -> Any:
            counts.decodes += 1
            return real_load(preview)

        for cls in real:
            cls._build = counted(cls)  # type: ignore[attr-defined]
        ImagePreview.load = load  # type: ignore[method-assign]
        try:
            return await work()
        finally:
            for cls, build in real.items():
                cls._build = build  # type: ignore[attr-defined]
            ImagePreview.load = real_load  # type: ignore[method-assign]


async def start_up(folder: Path) -> float:
    """Building the window on ``folder``'s store until its chat shows the newest answer (or, on
    an empty store, its first paint)."""
    t0 = time.perf_counter()
    village, store, conv, history = runtime(folder)
    win = MainWindow(village, KeyStore(), history=history, conversations=conv)
    win.show()
    await asyncio.sleep(0)
    info = conv.store.conversation(conv.current("a1"))
    while (
        info is not None
        and info.turns
        and not any(f"turn {STORED_TURNS - 1} " in b.text for b in win.chats["a1"].bubbles)
    ):
        if time.perf_counter() - t0 > 60:
            break
        await asyncio.sleep(0.001)
    took = time.perf_counter() - t0
    win.close()
    await village.close()
    store.close()
    return took


async def main(turns: int) -> None:
    bare = await session(turns, with_window=False)
    windowed = await session(turns, with_window=True)

    switch_bench.TURNS = STORED_TURNS
    full = Path(tempfile.mkdtemp(prefix="fuseforks-window-", dir=tmpfs()))
    switch_bench.build(full)
    empty_s: list[float] = []
    full_s: list[float] = []
    counts = Counts()
    for _ in range(3):
        empty = Path(tempfile.mkdtemp(prefix="fuseforks-window-", dir=tmpfs()))
        empty_s.append(await start_up(empty))
        if not full_s:
            full_s.append(await counts.during(lambda: start_up(full)))
        else:
            full_s.append(await start_up(full))

    def ms(v: float) -> str:
        return f"{v * 1000:9.1f}"

    print(f"{turns} back-to-back live-view turns after {WARM_UP} warm-up turns; real store on tmpfs")
    print(f"{'measure':48} {'window':>9} {'qasync':>9} {'ratio':>7}")
    for name, key in (
        ("CPU per turn, ms (every thread)", "cpu"),
        ("wall per turn, ms", "wall"),
        ("loop lateness p99, ms", "p99"),
        ("loop lateness max, ms", "max"),
    ):
        ours, base = windowed[key], bare[key]
        print(f"{name:48} {ms(ours)} {ms(base)} {ours / base if base else float('nan'):7.2f}")
    print(f"{'window CPU per turn (with - without), ms':48} {ms(windowed['cpu'] - bare['cpu'])}")
    print(f"{'RSS growth per turn, KB':48} {windowed['rss']:9.1f} {bare['rss']:9.1f}")
    print()
    e, f = statistics.median(empty_s), statistics.median(full_s)
    print(
        f"start-up to the newest answer shown (median of 3), {STORED_TURNS}-turn conversation vs empty store:"
    )
    print(f"{'start-up, ms':48} {ms(f)} {ms(e)} {f / e:7.2f}")
    print(f"rows built at start-up: {counts.rows}; preview decodes started: {counts.decodes}")


if __name__ == "__main__":
    app = QApplication.instance() or QApplication([])
    loop = make_loop(app)
    with loop:
        loop.run_until_complete(main(int(sys.argv[1]) if len(sys.argv) > 1 else 300))
