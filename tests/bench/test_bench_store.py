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


@pytest.mark.bench
def test_wal_pages_per_commit_names_every_commit_of_a_live_view_turn() -> None:
    """``tests/bench/store_turn.py``'s WAL breakdown (docs/reliability.md, row 5's write_bytes):
    the six commits of a turn, each at least one whole page, and their sum per turn."""
    from tests.bench.store_turn import wal_pages_per_commit

    found = wal_pages_per_commit(5)
    commits = {"begin_turn", "model_message", "tool_registered", "tool_running", "tool_completed", "end_turn"}
    assert set(found) == commits | {"per turn"}
    assert all(found[op] >= 1 for op in commits), found
    per_turn = found["model_message"] * 2 + sum(found[op] for op in commits - {"model_message"})
    assert found["per turn"] == pytest.approx(per_turn, abs=0.3)
