"""The store's cost per live-view tool call (issue 14, "Cheaper rounds", "One copy of every image").

Plays live-view turns (one camera call with a fresh 17.6 KB frame, then a short reply) through the
turn engine with a scripted model, twice in the same run: with the real store (``SqliteJournal``
over ``Store``) and the media cache next to a configuration file, and without either. Prints the
time per turn of both and their ratio, the fsyncs per tool call (counted by ``strace`` in a
child process when it is available: SQLite's own syncs are not visible from Python) and the disk
per frame: bytes written (blob and media files plus the WAL's growth) and allocated
(``st_blocks * 512`` of every file the turns added, each inode once) against the frame's size; and
the WAL pages each kind of commit appends (a commit writes every page it changed, whole).

Run: python -m tests.bench.store_turn [turns]   (figures, not verdicts: nothing here fails)
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.canonical import ChatMessage, ImageData, Role
from core.config import parse_config
from core.results import VillagePipeline
from core.store import Store
from core.store.journal import SqliteJournal
from core.tool import AgentTool, ToolContext, ToolOutput, ToolReturn
from core.turn import Turn, TurnSettings
from tests.fakes.scripted import ScriptedBackend, call, reply

FRAME = 17_600  # bytes: the frame


class Camera(AgentTool):
    """A new frame of ``FRAME`` bytes each call (a camera never repeats)."""

    name = "cam__live_view_image"
    description = "one frame"
    input_schema: dict[str, Any] = {"type": "object"}  # noqa: RUF012

    def __init__(self) -> None:
        self.runs = 0

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        self.runs += 1
        body = os.urandom(FRAME - 4)
        return ToolReturn(
            ToolOutput(
                f'{{"seq":{self.runs}}}', [ImageData("image/jpeg", b"\xff\xd8\xff\xe0" + body, 640, 424)]
            )
        )


def _config(folder: Path, with_file: bool) -> Any:
    raw = {
        "village": {"language": "en"},
        "templates": [{"name": "T", "protocol": "anthropic", "model": "claude-x"}],
        "agents": [{"id": "a1", "name": "Ava", "template": "T"}],
    }
    return parse_config(raw, folder / "village.json" if with_file else None)


def _open(folder: Path, before: bool) -> tuple[Store, VillagePipeline]:
    """The store and the village pipeline; ``before``: as they were before issue 14 (every
    commit synchronous, a folder fsync per blob, the media cache a second copy)."""
    store = Store.open(folder / "data")
    if before:
        store.riding = frozenset()
        store.blobs.defer_dirs = False
    blobs = None if before else store.blobs
    return store, VillagePipeline(_config(folder, True), spill_dir=folder / "spill", blobs=blobs)


async def _turns(
    folder: Path, n: int, mode: str, prefix: str = "t", opened: Callable[[Store], None] | None = None
) -> float:
    """Seconds per turn of ``n`` live-view turns; ``mode``: ``bare`` (no store, no media cache),
    ``before`` or ``after`` (issue 14's store changes). ``opened`` sees the store once it is open."""
    store: Store | None = None
    if mode == "bare":
        pipeline = VillagePipeline(_config(folder, False), spill_dir=folder / "spill")
    else:
        store, pipeline = _open(folder, mode == "before")
        if opened is not None:
            opened(store)
    journal = SqliteJournal(store) if store is not None else None
    camera = Camera()
    started = time.perf_counter()
    for i in range(n):
        backend = ScriptedBackend([call(camera.name, {}, call_id=f"c{i}"), reply(f"frame {i} looks fine")])
        turn = Turn(
            turn_id=f"{prefix}{i}",
            backend=backend,
            tools=[camera],
            settings=TurnSettings("a1", "en"),
            history=[],
            user=ChatMessage(Role.USER, "look"),
            journal=journal,
            pipeline=pipeline,
        )
        await turn.run()
    elapsed = time.perf_counter() - started
    if store is not None:
        store.close()
    return elapsed / n


def _walk(root: Path) -> dict[tuple[int, int], tuple[int, int]]:
    """(dev, inode) -> (size, allocated bytes) of every file under ``root``."""
    seen: dict[tuple[int, int], tuple[int, int]] = {}
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            st = os.lstat(os.path.join(dirpath, name))
            seen[(st.st_dev, st.st_ino)] = (st.st_size, st.st_blocks * 512)
    return seen


def disk_per_frame(turns: int, mode: str) -> dict[str, float]:
    """Written and allocated bytes per frame over ``turns`` turns after a warm-up: the files the
    turns added and the growth of the others (the database once the WAL is checkpointed)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        asyncio.run(_turns(folder, 3, mode, "warm"))  # database pages, folders
        before = _walk(folder)
        asyncio.run(_turns(folder, turns, mode))
        after = _walk(folder)  # the store closed: its WAL checkpointed into the database
    new = {k: v for k, v in after.items() if k not in before}
    grown = sum(max(0, v[0] - before[k][0]) for k, v in after.items() if k in before)
    grown_alloc = sum(max(0, v[1] - before[k][1]) for k, v in after.items() if k in before)
    written = sum(v[0] for v in new.values()) + grown
    allocated = sum(v[1] for v in new.values()) + grown_alloc
    return {"written": written / turns, "allocated": allocated / turns}


def fsyncs_per_call(turns: int, mode: str) -> float | None:
    """fsync + fdatasync calls per tool call of ``turns`` turns, by strace (None without it)."""
    strace = shutil.which("strace")
    if strace is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "trace"
        code = (
            "import asyncio, pathlib; from tests.bench.store_turn import _turns;"
            f"asyncio.run(_turns(pathlib.Path({tmp!r}), {turns}, {mode!r}))"
        )
        subprocess.run(
            [strace, "-f", "-qq", "-e", "trace=fsync,fdatasync", "-o", str(out), sys.executable, "-c", code],
            check=True,
            capture_output=True,
        )
        count = sum(1 for line in out.read_text().splitlines() if re.search(r"\b(fsync|fdatasync)\(", line))
    # the child opens the store once and runs ``turns`` turns: the opening's syncs are shared
    return count / turns


def wal_pages_per_commit(turns: int) -> dict[str, float]:
    """WAL frames (database pages, each written whole) per commit of each kind, and per turn: what
    row 5's ``write_bytes`` is made of. The auto-checkpoint is off, so the WAL only grows."""
    frames: dict[str, list[int]] = {}
    before: list[int] = []

    def opened(store: Store) -> None:
        wal = store.root / "store.db-wal"
        store._conn.execute("PRAGMA wal_autocheckpoint=0")
        frame = int(store._conn.execute("PRAGMA page_size").fetchone()[0]) + 24  # a WAL frame's header
        size = lambda: wal.stat().st_size if wal.exists() else 0  # noqa: E731
        store.before_tx = lambda op: before.append(size())
        store.after_commit = lambda op: frames.setdefault(op, []).append((size() - before.pop()) // frame)

    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(_turns(Path(tmp), 3, "after", "warm"))
        asyncio.run(_turns(Path(tmp), turns, "after", "t", opened))
    found = {op: round(sum(v) / len(v), 1) for op, v in sorted(frames.items(), key=lambda kv: -sum(kv[1]))}
    found["per turn"] = round(sum(sum(v) for v in frames.values()) / turns, 1)
    return found


def main(argv: list[str]) -> None:
    turns = int(argv[0]) if argv else 200
    ms: dict[str, float] = {}
    for mode in ("bare", "before", "after"):
        with tempfile.TemporaryDirectory() as tmp:
            ms[mode] = asyncio.run(_turns(Path(tmp), turns, mode)) * 1000
    figures: dict[str, Any] = {"turns": turns, "frame_bytes": FRAME, "bare_ms": round(ms["bare"], 3)}
    for mode in ("before", "after"):
        disk = disk_per_frame(max(20, turns // 4), mode)
        fsyncs = fsyncs_per_call(max(20, turns // 4), mode)
        figures[mode] = {
            "store_ms": round(ms[mode], 3),
            "store_added_ms": round(ms[mode] - ms["bare"], 3),
            "ratio_to_bare": round(ms[mode] / ms["bare"], 2),
            "fsyncs_per_tool_call": None if fsyncs is None else round(fsyncs, 2),
            "written_per_frame": round(disk["written"]),
            "allocated_per_frame": round(disk["allocated"]),
            "written_ratio": round(disk["written"] / FRAME, 2),
            "allocated_ratio": round(disk["allocated"] / FRAME, 2),
        }
    figures["after_vs_before_ms"] = round(ms["after"] / ms["before"], 2)
    figures["wal_pages_per_commit"] = wal_pages_per_commit(max(20, turns // 4))
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
