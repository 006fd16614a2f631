"""Store GC cost on a store of 200 turns with spill files (figures, never pass/fail timing).

Run: python -m pytest tests/bench/test_bench_gc.py --benchmark-enable
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.notes import note
from core.spill import SpillWriter
from core.store import SqliteJournal, Store
from core.store.gc import collect
from core.tool import ToolOutput, ToolReturn

TURNS = 200


def build(tmp_path: Path) -> tuple[Store, Path]:
    store = Store.open(tmp_path)
    spill_dir = tmp_path / "spill"
    writer = SpillWriter(spill_dir)
    j = SqliteJournal(store)
    for i in range(TURNS):
        tid = f"t{i}"
        j.begin_turn(tid, "agent_1", ChatMessage(Role.USER, f"request {i}"))
        call = ToolCall("c1", "tool", {"i": i})
        j.model_message(tid, 1, ChatMessage(Role.ASSISTANT, "", tool_calls=[call]), Usage(1, 1))
        j.tool_registered(tid, 1, call)
        j.tool_running(tid, "c1")
        spill = writer.write([f"result {i} " * 2000], "en")
        text = f"head {i} " * 500 + note("spill_notice", "en", omitted=1000, path=str(spill)) + " tail"
        j.tool_completed(
            tid, "c1", ToolReturn(ToolOutput(text)), ChatMessage(Role.TOOL, text, tool_call_id="c1")
        )
        j.end_turn(tid, "-", f"answer {i}", Usage(1, 1))
    old = time.time() - 7200
    for path in [*spill_dir.iterdir(), *(store.blobs.path(n) for n in store.blobs.all_names())]:
        if path.exists():  # (small texts are kept in the database)
            os.utime(path, (old, old))
    return store, spill_dir


@pytest.mark.bench
def test_bench_gc_nothing_to_remove(benchmark: Any, tmp_path: Path) -> None:
    store, spill_dir = build(tmp_path)
    report = benchmark.pedantic(lambda: collect(store, spill_dir=spill_dir), rounds=5, iterations=1)
    assert report.removed == []
    benchmark.extra_info["turns"] = TURNS
    benchmark.extra_info["files"] = report.kept
    store.close()
