"""The event-loop stall while switching between two conversations of 500 turns each with pictures,
and start-up time with that store, beside the bare libraries (issue 13). Figures, not a verdict.

Run: ``python -m tests.bench.conversation_switch`` (offscreen Qt; prints one table).

The store is built through the real ``Store`` API (begin_turn, model_message, tool_registered,
tool_completed, end_turn: a turn is a request, a model message with a camera call, the tool
message with its own 320×240 JPEG, the answer) in a tmpfs folder when there is one, with
``synchronous=OFF`` while building only (the build measures nothing).

The window replays the newest page of a conversation (``app.conversation_pane.PAGE_TURNS``), one
event per loop iteration; before that change it replayed the newest 100 turns in one go: 4.9 s median
stall per switch, 6.3 s start-up on this store (this machine, shared, 2 cores).

Stall: a 1 ms ``QTimer`` ticks through each switch (the real window's conversation list, a click
on the other conversation, until its chat shows the newest answer); the figure is the longest gap
between two ticks (the worst late tick: how long the loop was held). Baseline: the same rows read
with bare ``sqlite3`` and the blob files read, then one bare ``QLabel`` per message (as many as the
window shows) added to a bare ``QWidget``, all on the GUI thread: what a plain implementation holds
the loop for. Start-up: from building the window (its history read and shown) to its first paint,
beside the baseline's bare read and fill of the same rows.
"""

from __future__ import annotations

import asyncio
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from app.conversation_pane import PAGE_TURNS
from app.keys import KeyStore
from app.loop import make_loop
from app.main_window import MainWindow
from core.canonical import ChatMessage, ImageData, Role, ToolCall, Usage
from core.config import parse_config
from core.conversations import Conversations
from core.history import StoreHistory
from core.store import SqliteJournal, Store
from core.tool import ToolOutput, ToolReturn
from core.village import Village
from tests.fakes.images import jpeg
from tests.fakes.scripted import ScriptedBackend

TURNS = 500
SWITCHES = 20
VILLAGE = "bench-village"
CONFIG = {
    "village": {"id": VILLAGE, "name": "Bench"},
    "templates": [{"name": "t", "protocol": "anthropic", "model": "m"}],
    "agents": [{"id": "a1", "name": "Ava", "template": "t"}],
}


def build(data: Path) -> tuple[str, str]:
    """Two conversations of ``TURNS`` turns each, every turn with its own picture."""
    store = Store.open(data)
    store._conn.execute("PRAGMA synchronous=OFF")  # building only: nothing is measured here
    conv = Conversations(store, VILLAGE)
    ids = []
    for c in range(2):
        cid = conv.new("a1")
        ids.append(cid)
        for n in range(TURNS):
            tid = f"c{c}-t{n}"
            call = ToolCall(f"{tid}-call", "cam__live_view_image", {})
            image = jpeg(320, 240, (n % 250, (n * 7) % 250, 40 + c * 100))
            picture = ImageData("image/jpeg", image, 320, 240)
            store.begin_turn(tid, cid, "a1", ChatMessage(Role.USER, f"Look at the shelf, please ({c}/{n})"))
            store.model_message(tid, 1, ChatMessage(Role.ASSISTANT, "", tool_calls=[call]), Usage())
            store.tool_registered(tid, 1, call)
            tool = ChatMessage(Role.TOOL, "frame", [picture], tool_call_id=call.id, tool_name=call.name)
            store.tool_completed(tid, call.id, ToolReturn(ToolOutput("frame", [picture])), tool)
            answer = f"A red cup and two blue bowls, turn {n} of conversation {c}."
            store.model_message(tid, 2, ChatMessage(Role.ASSISTANT, answer), Usage())
            store.end_turn(tid, "-", answer, Usage())
    store._conn.execute("PRAGMA synchronous=FULL")
    store.close()
    return ids[0], ids[1]


class Stall:
    """The longest gap between ticks of a 1 ms timer while ``measure`` awaits."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(1)
        self.timer.timeout.connect(self._tick)
        self.last = 0.0
        self.worst = 0.0

    def _tick(self) -> None:
        now = time.perf_counter()
        self.worst = max(self.worst, now - self.last)
        self.last = now

    async def measure(self, work: Callable[[], Awaitable[None]]) -> float:
        self.worst = 0.0
        self.last = time.perf_counter()
        self.timer.start()
        await work()
        self._tick()
        self.timer.stop()
        return self.worst


async def settle() -> None:
    for _ in range(3):
        await asyncio.sleep(0.005)


def bare_read(db: Path, blobs: Path, conversation_id: str) -> list[tuple[str, bytes]]:
    """The window's rows (the newest ``PAGE_TURNS`` turns) with bare sqlite3 and file reads."""
    conn = sqlite3.connect(db)
    rows = conn.execute(
        "SELECT m.kind, m.text_blob, (SELECT sha256 FROM message_images i WHERE i.message_id = m.id)"
        " FROM messages m WHERE m.conversation_id=? AND m.turn_id IN (SELECT id FROM turns WHERE"
        " conversation_id=? ORDER BY seq DESC LIMIT ?) ORDER BY m.id",
        (conversation_id, conversation_id, PAGE_TURNS),
    ).fetchall()
    conn.close()
    out = []
    for kind, text_sha, image_sha in rows:
        text = (blobs / text_sha[:2] / text_sha).read_bytes().decode()
        image = (blobs / image_sha[:2] / image_sha).read_bytes() if image_sha else b""
        out.append((f"{kind}: {text}", image))
    return out


def bare_fill(rows: list[tuple[str, bytes]], shown: int) -> QWidget:
    """One bare QLabel per message shown (the window builds its newest ``shown`` rows)."""
    widget = QWidget()
    layout = QVBoxLayout(widget)
    for text, _image in rows[-shown:]:
        layout.addWidget(QLabel(text))
    widget.show()
    return widget


async def start(data: Path) -> tuple[tuple[MainWindow, Village, Conversations], float]:
    """The window on the store under ``data``, shown with its history, and how long that took."""
    t0 = time.perf_counter()
    store = Store.open(data)
    conv = Conversations(store, VILLAGE)
    village = Village(
        parse_config(CONFIG),
        journal=SqliteJournal(store, conv.current),
        backend_factory=lambda t: ScriptedBackend.looping("anthropic", "m"),
    )
    current = conv.current("a1")
    village.seed_history("a1", conv.past("a1", current), current)
    history = StoreHistory(store, conversation_for=conv.current)
    win = MainWindow(village, KeyStore(), history=history, conversations=conv)
    win.show()
    await asyncio.sleep(0)  # the first paint
    return (win, village, conv), time.perf_counter() - t0


async def main() -> None:
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(prefix="fuseforks-bench-", dir=shm if shm.is_dir() else None))
    started = time.perf_counter()
    first, second = build(folder)
    build_s = time.perf_counter() - started
    db, blobs = folder / "store" / "store.db", folder / "store" / "blobs"

    # start-up: the window built with the store's current conversation shown, to its first paint;
    # the same with an empty store first (what the window costs without any history)
    (ewin, evillage, econv), empty_startup = await start(
        Path(tempfile.mkdtemp(prefix="fuseforks-bench-", dir=folder.parent))
    )
    ewin.close()
    await evillage.close()
    econv.store.close()
    (win, village, conv), startup = await start(folder)
    store = conv.store
    current = conv.current("a1")
    shown = len(win.chats["a1"].rows.live())

    t0 = time.perf_counter()
    base_widget = bare_fill(bare_read(db, blobs, current), shown)
    await asyncio.sleep(0)
    base_startup = time.perf_counter() - t0
    base_widget.close()

    stall = Stall()
    pane = win.conversation_pane
    stalls: list[float] = []
    switch_times: list[float] = []
    for i in range(SWITCHES):
        target = first if i % 2 == 0 else second
        if pane.shown["a1"] == target:
            target = second if target == first else first
        marker = "conversation 0." if target == first else "conversation 1."

        async def switch(target: str = target, marker: str = marker) -> None:
            t = time.perf_counter()
            item = pane.list.item_of(target)
            assert item is not None
            pane.list.tree.itemClicked.emit(item, 0)
            while not any(marker in b.text for b in win.chats["a1"].bubbles):  # noqa: ASYNC110 - Qt state
                await asyncio.sleep(0.001)
            switch_times.append(time.perf_counter() - t)

        stalls.append(await stall.measure(switch))
        await settle()

    base_stalls: list[float] = []
    base_times: list[float] = []
    for i in range(SWITCHES):
        target = first if i % 2 == 0 else second

        async def bare(target: str = target) -> None:
            await asyncio.sleep(0.002)
            t = time.perf_counter()
            w = bare_fill(bare_read(db, blobs, target), shown)
            await asyncio.sleep(0)
            base_times.append(time.perf_counter() - t)
            await asyncio.sleep(0.002)
            w.close()
            w.deleteLater()

        base_stalls.append(await stall.measure(bare))
        await settle()

    win.close()
    await village.close()
    store.close()

    def ms(v: float) -> str:
        return f"{v * 1000:8.1f}"

    print(
        f"store: 2 conversations x {TURNS} turns, one 320x240 JPEG each; built in {build_s:.1f} s at {folder}"
    )
    print(f"a chat opens on its newest {PAGE_TURNS} turns; {shown} chat rows built (the rest kept as data)")
    print()
    print(f"{'measure':54} {'fuseforks':>9} {'baseline':>9} {'ratio':>7}")
    rows = [
        ("switch: worst loop stall, ms (max of runs)", max(stalls), max(base_stalls)),
        ("switch: loop stall, ms (median)", statistics.median(stalls), statistics.median(base_stalls)),
        (
            "switch: click to newest answer shown, ms (median)",
            statistics.median(switch_times),
            statistics.median(base_times),
        ),
        ("start-up: window shown with history, ms", startup, base_startup),
        ("start-up: its history's share (minus empty store), ms", startup - empty_startup, base_startup),
    ]
    for name, ours, base in rows:
        print(f"{name:54} {ms(ours)} {ms(base)} {ours / base if base else float('nan'):7.1f}")
    print()
    print("baseline: bare sqlite3 + blob file reads of the same rows, one bare QLabel per shown row,")
    print("all on the GUI thread; stall: longest gap between ticks of a 1 ms QTimer during the switch")


if __name__ == "__main__":
    app = QApplication.instance() or QApplication([])
    loop = make_loop(app)
    with loop:
        loop.run_until_complete(main())
