"""Store throughput and journal latency (figures, never pass/fail timing).

Run: python -m pytest tests/bench/test_bench_store.py --benchmark-enable
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

import pytest

from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.store import SqliteJournal, Store
from core.store.blobs import BlobStore
from core.tool import ToolReturn

MB = 1024 * 1024


@pytest.mark.bench
@pytest.mark.parametrize("size_mb", [1, 10, 50])
def test_bench_blob_write(benchmark: Any, tmp_path: Path, size_mb: int) -> None:
    bs = BlobStore(tmp_path / "b")
    counter = itertools.count()

    def write() -> None:  # new content each round, so every write hits the disk (fsync included)
        bs.put(next(counter).to_bytes(8, "big") + payload)

    payload = os.urandom(size_mb * MB - 8)
    benchmark.pedantic(write, rounds=5 if size_mb == 50 else 10, iterations=1)
    benchmark.extra_info["MB"] = size_mb


@pytest.mark.bench
@pytest.mark.parametrize("size_mb", [1, 10, 50])
def test_bench_blob_verified_read(benchmark: Any, tmp_path: Path, size_mb: int) -> None:
    bs = BlobStore(tmp_path / "b")
    sha = bs.put(os.urandom(size_mb * MB))
    benchmark.pedantic(lambda: bs.get(sha), rounds=5 if size_mb == 50 else 10, iterations=1)
    benchmark.extra_info["MB"] = size_mb


@pytest.mark.bench
@pytest.mark.parametrize("result_kb", [1, 100])
def test_bench_journal_tool_completed(benchmark: Any, tmp_path: Path, result_kb: int) -> None:
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    j.begin_turn("t", "a", ChatMessage(Role.USER, "go"))
    counter = itertools.count()
    base = "r" * (result_kb * 1024)

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        cid = f"c{next(counter)}"
        j.tool_registered("t", 0, ToolCall(cid, "x", {}))
        j.tool_running("t", cid)
        text = cid + base
        return ("t", cid, ToolReturn.ok(text), ChatMessage(Role.TOOL, text, tool_call_id=cid)), {}

    benchmark.pedantic(j.tool_completed, setup=setup, rounds=50, iterations=1)
    assert j.errors == 0


@pytest.mark.bench
def test_bench_journal_small_write(benchmark: Any, tmp_path: Path) -> None:
    """tool_running: the smallest journal write (one short transaction, synchronous=FULL)."""
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    j.begin_turn("t", "a", ChatMessage(Role.USER, "go"))
    j.model_message("t", 0, ChatMessage(Role.ASSISTANT, "x"), Usage())
    j.tool_registered("t", 0, ToolCall("c", "x", {}))
    benchmark.pedantic(lambda: j.tool_running("t", "c"), rounds=100, iterations=1)
