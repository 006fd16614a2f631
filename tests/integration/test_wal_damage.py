"""A damaged write-ahead-log frame after a crash never makes a completed tool run again (S02-3).

SQLite reads the WAL only up to its first frame whose checksum fails and silently drops every
commit after it. The real engine (tests/integration/engine_kill_driver.py) runs turn 0 with the
WAL kept (no checkpoint) and is SIGKILLed once that turn ended; the test then flips bits in the
first WAL frame of one ``tool_completed`` commit and restarts. The records of the calls that ran
after that point are gone from the database, but the call markers (``store/calls.journal``,
core/store/markers.py) say they started: recovery settles them as "interrupted, may have run"
(the ``tool_result_lost`` note), ends a turn whose later rounds were lost instead of asking its
model again, and no call runs twice.
"""

from __future__ import annotations

import sqlite3
import struct
from collections import Counter
from pathlib import Path

import pytest

from core.log import LOG_NAME
from core.notes import note
from core.store import Store
from tests.fakes.logs import log_lines
from tests.integration.engine_kill_driver import AGENT, CALLS, ROUNDS, TURNS, call_id, run_wal_traced

WAL_HEADER = 32
FRAME_HEADER = 24


def damage_commit(data: Path, op: str, nth: int) -> None:
    """Flip bits inside the first WAL frame written by the ``nth`` commit of ``op``."""
    trace = [line.split() for line in (data / "wal.trace").read_text().splitlines()]
    ends = [int(size) for _, size in trace]
    index = [i for i, (name, _) in enumerate(trace) if name == op][nth - 1]
    start = ends[index - 1]
    wal = data / "store" / "store.db-wal"
    raw = bytearray(wal.read_bytes())
    (page_size,) = struct.unpack(">I", raw[8:12])
    assert (start - WAL_HEADER) % (FRAME_HEADER + page_size) == 0, "not at a frame boundary"
    assert ends[index] > start and len(raw) >= ends[-1], "the commit's frames are not in the WAL"
    spot = start + FRAME_HEADER + page_size // 2
    raw[spot] ^= 0xFF
    raw[spot + 1] ^= 0x5A
    wal.write_bytes(bytes(raw))


def db_rows(data: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(f"file:{data / 'store' / 'store.db'}?mode=ro", uri=True)
    try:
        return [tuple(r) for r in conn.execute(sql)]
    finally:
        conn.close()


@pytest.mark.parametrize(
    ("op", "nth", "lost_round"),
    [
        # the first completion of round 0: the rest of round 0 and all of round 1 are dropped
        ("tool_completed", 1, 0),
        # round 1's first running record: its calls look registered only, never started
        ("tool_running", 3, 1),
    ],
)
def test_damaged_wal_frame_never_reruns_a_completed_tool(
    tmp_path: Path, op: str, nth: int, lost_round: int
) -> None:
    first = run_wal_traced(
        tmp_path, "after:end_turn@1"
    )  # turn 0 done, killed before turn 1: WAL not checkpointed
    assert first.returncode == -9, first.stderr
    ran_before = Counter((tmp_path / "ran.log").read_text().split())
    assert sorted(ran_before) == sorted(call_id(0, r, i) for r in range(ROUNDS) for i in range(CALLS))
    damage_commit(tmp_path, op, nth)

    final = run_wal_traced(tmp_path, "none")
    assert final.returncode == 0, final.stderr
    ran = Counter((tmp_path / "ran.log").read_text().split())
    assert all(n == 1 for n in ran.values()), f"a tool ran twice: {ran}"
    everything = [call_id(t, r, i) for t in range(TURNS) for r in range(ROUNDS) for i in range(CALLS)]
    assert sorted(ran) == sorted(everything)

    turns = db_rows(tmp_path, "SELECT id, state, stop FROM turns ORDER BY seq")
    assert [t[1:] for t in turns] == [
        # round 1's calls ran but their records are gone: the turn is ended, its model not asked again
        ("done", "interrupted") if lost_round == 0 else ("done", "-"),
        ("done", "-"),
    ]
    store = Store.open(tmp_path)
    try:
        calls = {c.call_id: c.state for c in store.tool_calls_of(str(turns[0][0]))}
        results = {m.tool_call_id: m.text for m in store.messages(AGENT) if m.kind == "tool"}
    finally:
        store.close()
    cut = [call_id(0, lost_round, i) for i in range(CALLS)]  # the calls whose records were damaged
    assert [calls[c] for c in cut] == ["failed"] * CALLS
    lost, interrupted = note("tool_result_lost", "en"), note("tool_interrupted", "en")
    # still "running" in what survived: interrupted; only registered but marked: result lost
    assert {results[c] for c in cut} == ({interrupted} if op == "tool_completed" else {lost})
    if lost_round == 0:
        assert call_id(0, 1, 0) not in calls
    recovered = [line for line in log_lines(tmp_path / "log" / LOG_NAME) if line.startswith("recovery:")]
    assert len(recovered) == 1 and " lost=" in recovered[0], recovered
