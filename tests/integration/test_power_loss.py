"""Power loss after the per-round records rode on an unsynced commit never runs a tool twice
(issue 14, S02-3).

The per-round records of a turn (core/store/writes.py: ``RIDING``) commit without fsyncing the
WAL; a process kill never loses them, power loss may lose every commit after the last synced one
(the WAL is read up to its first bad frame: always a tail). The real engine
(tests/integration/engine_kill_driver.py, WAL kept: no checkpoint) is SIGKILLed at a write, the
WAL is cut back to the end of the last synchronous commit (the worst power loss can do; the
shared-memory index goes too, as it would), and the engine restarts: the call markers (fsynced
before each tool runs) keep every call that started from running again.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from core.store.writes import RIDING
from tests.integration.engine_kill_driver import CALLS, ROUNDS, TURNS, call_id, run_wal_traced


def lose_unsynced_tail(data: Path) -> int:
    """Cut the WAL at the end of the last commit that was not riding; how many commits went."""
    trace = [line.split() for line in (data / "wal.trace").read_text().splitlines()]
    synced = [i for i, (op, _size) in enumerate(trace) if op not in RIDING]
    keep = int(trace[synced[-1]][1]) if synced else 0
    wal = data / "store" / "store.db-wal"
    with wal.open("r+b") as fh:
        fh.truncate(keep)
    (data / "store" / "store.db-shm").unlink(missing_ok=True)
    return len(trace) - 1 - (synced[-1] if synced else -1)


@pytest.mark.parametrize(
    "spec",
    [
        "before:tool_completed@1",  # turn 0: its first call ran, nothing after begin_turn synced
        "after:tool_completed@3",  # turn 0, round 1 under way: round 0's records all lost
        "after:model_message@3",  # turn 0's final answer written, its end not yet
        "before:tool_completed@6",  # turn 1 under way, turn 0 synced by its end
    ],
)
def test_power_loss_of_the_unsynced_tail_never_reruns_a_tool(tmp_path: Path, spec: str) -> None:
    first = run_wal_traced(tmp_path, spec)
    assert first.returncode == -9, first.stderr
    before = Counter((tmp_path / "ran.log").read_text().split())
    assert before and all(n == 1 for n in before.values())
    assert lose_unsynced_tail(tmp_path) > 0  # records a process kill keeps, power loss does not

    final = run_wal_traced(tmp_path, "none")
    assert final.returncode == 0, final.stderr
    ran = Counter((tmp_path / "ran.log").read_text().split())
    assert all(n == 1 for n in ran.values()), f"a tool ran twice: {ran}"
    everything = {call_id(t, r, i) for t in range(TURNS) for r in range(ROUNDS) for i in range(CALLS)}
    assert set(ran) <= everything
    assert set(before) <= set(ran)
