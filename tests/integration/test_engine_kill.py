"""SIGKILL the REAL engine (core.village.Village → core.turn.Turn, SqliteJournal on a Store, the
VillagePipeline, the built-in execute_code in real subprocesses) at every journal write (before
and after it), at every tool subprocess start and finish, inside blob writes, right after the
tool_completed commits, with one call of a round completed and its partner never started (the
reuse path), and again during recovery (also on a full disk) or the resumed turn; restart until the
scenario is done and check (S02-3 … S02-5):

- no tool call ran twice; a call whose completion is a real result ran exactly once;
- a call cut while running is settled by core.recovery exactly as its policy says (state
  ``failed``, the ``tool_interrupted`` note, is_error, ``interrupted=1``) and was not run again;
- every blob the database references reads back and verifies, and nothing on disk is corrupt;
- the conversation is whole: two turns, three model messages and four tool results each, the
  final texts, no turn left unfinished; spilled results are complete in their spill files and
  every completion keeps the whole result;
- a restart within the same wall-clock second never reuses a stored turn's id.

The driver is tests/integration/engine_kill_driver.py (its docstring lists the kill points).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from core.log import LOG_NAME
from core.notes import note
from core.store import Store
from tests.fakes import forkserver, mounts
from tests.fakes.logs import log_lines
from tests.integration.engine_kill_driver import (
    AGENT,
    CALLS,
    JOURNAL_OPS,
    ROUNDS,
    TURNS,
    big,
    call_id,
    fails,
    final_text,
    user_text,
)

ROOT = Path(__file__).resolve().parents[2]
# what one clean run of the scenario does (asserted by the first test)
CLEAN = {
    "begin_turn": 2,
    "model_message": 6,
    "tool_registered": 8,
    "tool_running": 8,
    "tool_completed": 8,
    "end_turn": 2,
}
CLEAN_COUNTS = {
    **{f"{when}:{op}": n for op, n in CLEAN.items() for when in ("before", "after")},
    "blob": 8,  # the large texts and images: small texts are kept in the database (no file)
    "commit": 34,
    "tool_start": 8,
    "tool_finish": 8,
    "recovered": 1,
}
INTERRUPTED = note("tool_interrupted", "en")
# a spilled result: its head, the spill notice (omitted tokens, spill file), its tail
SPILLED = re.compile(r"x+\n\[(\d+) [^\]]*? (/\S+\.txt)\]\nx+")

# Every journal write, before and after; every tool start and finish; some blob writes (the
# blob file is on disk, its transaction has not committed).
SINGLE = [
    *(
        f"{when}:{op}@{n}"
        for op, count in CLEAN.items()
        for n in range(1, count + 1)
        for when in ("before", "after")
    ),
    *(f"tool_{edge}@{n}" for n in range(1, 9) for edge in ("start", "finish")),
    *(f"blob@{n}" for n in (1, 3, 5, 6, 8)),
    *(f"hold:tool_running@{n}" for n in range(1, 9)),
    # right after the commits of tool_completed (each journal write is one commit; these are the
    # 7th, 15th, 24th and 32nd): nothing it references may still be unwritten
    *(f"commit@{n}" for n in (7, 15, 24, 32)),
]
# Killed, then killed again while recovering or resuming (the second spec counts from the restart).
DOUBLE = [
    ("tool_start@1", "commit@1"),  # the restart dies right after settling the interrupted call
    ("tool_finish@2", "blob@1"),  # ... after writing the note's blob, before its commit
    ("after:tool_running@2", "commit@2"),
    ("before:tool_completed@3", "tool_start@1"),  # ... while running the resumed round's tool
    ("after:model_message@2", "before:tool_completed@1"),
    ("tool_start@5", "after:end_turn@1"),  # ... after the resumed turn ended, before turn 1
    ("after:begin_turn@2", "after:model_message@1"),
    ("before:end_turn@1", "before:end_turn@1"),  # the finish-without-model path, cut again
]
# Killed, then restarted with the store's file system full (``free`` bytes left on a tmpfs of
# FULL_DISK_KB) and killed again during (or right at the end of) that restart's recovery, then
# restarted with the space back. A full disk makes recovery fail at its first write ("recovery
# failed: reason=full") or stop half-way; the calls it could not settle stay "running" for the
# next start, which settles them: never run again.
FULL_DISK_KB = 4096
FULL_DISK = [
    # (first kill, kill during the full-disk recovery, bytes left free)
    ("after:tool_running@1", "recovered@1", 0),  # recovery failed at once: no byte to write
    ("after:tool_running@1", "recovery_tx@1", 16_384),  # before its first transaction
    ("after:tool_running@1", "recovery_tx@2", 65_536),  # half-way: one call settled, one not
    ("tool_start@2", "commit@1", 65_536),  # right after its first commit
    ("hold:tool_running@2", "recovered@1", 0),  # the reuse path, on a full disk
    ("before:tool_completed@3", "recovered@1", 0),
]
FULL_DISK_CHILD = """
import json, os, shutil, subprocess, sys
from pathlib import Path
from tests.fakes.mounts import fill, tmpfs

data, first, second, free, size_kb = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
store = tmpfs(data / "store", size_kb)  # the database and blobs; ran.log, log, spill stay off it

def run(spec):
    cmd = [sys.executable, "-m", "tests.integration.engine_kill_driver", str(data), spec]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    return [done.returncode, done.stderr[-2000:]]

codes = [run(first)]
filler = fill(store, free)
st = os.statvfs(store)
left = st.f_bavail * st.f_frsize  # what recovery found free
codes.append(run(second))
filler.unlink()
codes.append(run("none"))
shutil.copytree(store, data / "store.out")
print(json.dumps({"codes": codes, "left": left}))
"""

# Calls cannot be running while the engine writes these (registration happens before the round's
# calls start; model messages and turn ends happen between rounds).
OUTSIDE_TOOL_RUNS = ("begin_turn", "model_message", "tool_registered", "end_turn")
# A call is durably "running" (and not completed) at these kill points.
RUNNING_AT_KILL = ("after:tool_running", "before:tool_completed", "tool_start", "tool_finish")


def run(data: Path, spec: str, *, same_second: bool = False) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "FUSEFORKS_SAME_SECOND"}
    if same_second:
        env["FUSEFORKS_SAME_SECOND"] = "1"
    return forkserver.server("tests.integration.engine_kill_driver").run([str(data), spec], env)


def finish(data: Path) -> dict[str, int]:
    res = run(data, "none")
    assert res.returncode == 0, res.stderr
    counts: dict[str, int] = json.loads(res.stdout.strip().splitlines()[-1])
    return counts


def referenced_blobs(data: Path) -> set[str]:
    conn = sqlite3.connect(f"file:{data / 'store' / 'store.db'}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT text_blob FROM messages UNION SELECT result_blob FROM completions"
            " UNION SELECT sha256 FROM message_images"
            " UNION SELECT final_text_blob FROM turns WHERE final_text_blob IS NOT NULL"
        ).fetchall()
        images = conn.execute("SELECT result_images FROM completions").fetchall()
    finally:
        conn.close()
    names = {r[0] for r in rows}
    for (raw,) in images:
        names |= {d["sha256"] for d in json.loads(raw)}
    return names


def completions_of(data: Path, turn_id: str) -> dict[str, tuple[str, bool]]:
    """call id -> (completion's result blob, is_error)."""
    conn = sqlite3.connect(f"file:{data / 'store' / 'store.db'}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT call_id, result_blob, is_error FROM completions WHERE turn_id=?", (turn_id,)
        ).fetchall()
    finally:
        conn.close()
    return {r[0]: (r[1], bool(r[2])) for r in rows}


def turns_of(data: Path) -> list[tuple[str, str, str | None, str | None]]:
    conn = sqlite3.connect(f"file:{data / 'store' / 'store.db'}?mode=ro", uri=True)
    try:
        return [
            (r[0], r[1], r[2], r[3])
            for r in conn.execute("SELECT id, state, stop, final_text_blob FROM turns ORDER BY seq")
        ]
    finally:
        conn.close()


def check_store(data: Path) -> dict[str, set[str]]:
    """Every invariant of a finished scenario; returns the interrupted call ids per turn."""
    ran_log = data / "ran.log"
    ran = Counter(ran_log.read_text().split()) if ran_log.exists() else Counter()
    expected_ids = {call_id(t, r, i) for t in range(TURNS) for r in range(ROUNDS) for i in range(CALLS)}
    assert set(ran) <= expected_ids, f"unknown executions: {ran}"
    assert all(n == 1 for n in ran.values()), f"a tool ran twice: {ran}"
    store = Store.open(data)
    try:
        assert store.verify_all() == []
        for sha in sorted(referenced_blobs(data)):
            store.blobs.get(sha)  # raises MissingBlob / CorruptBlob
        assert store.unfinished_turns() == []
        turns = turns_of(data)
        assert len(turns) == TURNS, turns
        messages = store.messages(AGENT)
        kinds = [m.kind for m in messages]
        assert kinds == ["input", "model", "tool", "tool", "model", "tool", "tool", "model"] * TURNS
        interrupted: dict[str, set[str]] = {}
        for turn, (tid, state, stop, final_blob) in enumerate(turns):
            assert (state, stop) == ("done", "-")
            assert final_blob is not None and store.read_text(final_blob) == final_text(turn)
            mine = [m for m in messages if m.turn_id == tid]
            assert [m.text for m in mine if m.kind == "input"] == [user_text(turn)]
            assert [m.text for m in mine if m.kind == "model"] == [
                *(f"round {r} of turn {turn}" for r in range(ROUNDS)),
                final_text(turn),
            ]
            calls = store.tool_calls_of(tid)
            assert [c.call_id for c in calls] == [
                call_id(turn, r, i) for r in range(ROUNDS) for i in range(CALLS)
            ]
            assert [c.round for c in calls] == [r + 1 for r in range(ROUNDS) for _ in range(CALLS)]
            cut = interrupted[tid] = store.interrupted_calls(tid)
            results = {m.tool_call_id: m for m in mine if m.kind == "tool"}
            completions = completions_of(data, tid)
            assert set(completions) == {c.call_id for c in calls}
            assert set(results) == {c.call_id for c in calls}
            for c in calls:
                msg = results[c.call_id]
                text = store.read_text(msg.text_sha256)
                if c.call_id in cut:  # core.recovery: cut while running → failed, never run again
                    assert (c.state, msg.call_state, text, msg.is_error) == (
                        "failed",
                        "failed",
                        INTERRUPTED,
                        True,
                    )
                    assert ran[c.call_id] <= 1
                    assert completions[c.call_id] == (msg.text_sha256, True)
                    continue
                assert ran[c.call_id] == 1, f"{c.call_id} completed but ran {ran[c.call_id]} times"
                bad = fails(c.call_id)
                assert (c.state, msg.is_error) == ("failed" if bad else "completed", bad)
                head = f"exit code: {int(bad)}\nstdout:\nran {c.call_id}\n"
                whole, whole_error = completions[c.call_id]  # the whole result (S02-1), verified
                assert whole_error is bad
                assert store.read_text(whole) == head + (
                    "x" * 200_000 if big(c.call_id) else f"result of {c.call_id}"
                )
                if not big(c.call_id):
                    assert text == f"{head}result of {c.call_id}"
                    continue
                spill = SPILLED.fullmatch(text[len(head) :]) if text.startswith(head) else None
                assert spill is not None, text[:200]
                assert note("spill_notice", "en", omitted=spill[1], path=spill[2]) in text
                assert Path(spill[2]).read_text() == head + "x" * 200_000
        return interrupted
    finally:
        store.close()


def op_of(spec: str) -> str:
    kind = spec.rpartition("@")[0]
    return kind.partition(":")[2] or kind


def test_clean_run_counts_every_kill_point(tmp_path: Path) -> None:
    assert finish(tmp_path) == CLEAN_COUNTS
    assert [sorted(cut) for cut in check_store(tmp_path).values()] == [[]] * TURNS
    assert set(CLEAN) == set(JOURNAL_OPS)
    assert finish(tmp_path) == {"recovered": 1}  # a finished store: a restart resumes nothing, sends nothing


@pytest.mark.parametrize("spec", SINGLE)
def test_kill_once_then_restart(tmp_path: Path, spec: str) -> None:
    first = run(tmp_path, spec)
    assert first.returncode == -9, (first.returncode, first.stderr)
    finish(tmp_path)
    cut = [c for ids in check_store(tmp_path).values() for c in ids]
    ran = Counter((tmp_path / "ran.log").read_text().split()) if (tmp_path / "ran.log").exists() else {}
    if op_of(spec) in OUTSIDE_TOOL_RUNS:  # no call was running: none was settled as interrupted
        assert cut == []
    if spec.split("@")[0] in RUNNING_AT_KILL:
        # the call's "running" record was durable and its completion was not: recovery settled it
        # as interrupted (and, per core.recovery, did not run it again)
        assert 1 <= len(cut) <= CALLS
    if spec.startswith("hold:"):
        # one call completed, its partner was registered and never started: the resumed round
        # reused the completed result (not run again) and ran the other one once
        assert cut == []
        recorded = [line for line in log_lines(tmp_path / "log" / LOG_NAME) if line.startswith("recovery:")]
        earlier = CALLS * ((int(spec.rpartition("@")[2]) - 1) // CALLS % ROUNDS)  # the turn's earlier rounds
        assert recorded == [f"recovery: turns=1 reused={earlier + 1} not_executed=1 interrupted=0"]
    if spec.startswith("tool_"):  # the watched subprocess had run: its line is in ran.log
        assert any(ran[c] == 1 for c in cut)
    recovered = [line for line in log_lines(tmp_path / "log" / LOG_NAME) if line.startswith("recovery:")]
    if cut:  # the restart logged what it settled
        assert len(recovered) == 1 and re.fullmatch(
            rf"recovery: turns=1 reused=\d+ not_executed=\d+ interrupted={len(cut)}", recovered[0]
        ), recovered
    assert len(recovered) <= 1
    assert len({c[: c.index("c")] for c in cut}) <= 1  # only one round was cut
    if not cut:
        assert sorted(ran) == sorted(
            call_id(t, r, i) for t in range(TURNS) for r in range(ROUNDS) for i in range(CALLS)
        )


@pytest.mark.parametrize(("first", "second"), DOUBLE)
def test_kill_twice_then_restart(tmp_path: Path, first: str, second: str) -> None:
    res = run(tmp_path, first)
    assert res.returncode == -9, (res.returncode, res.stderr)
    res = run(tmp_path, second)
    assert res.returncode == -9, (res.returncode, res.stderr)  # the restart was killed too
    finish(tmp_path)
    check_store(tmp_path)


@pytest.mark.skipif(not mounts.available(), reason=mounts.SKIP_REASON)
@pytest.mark.parametrize(("first", "second", "free"), FULL_DISK)
def test_kill_during_recovery_with_a_full_disk(tmp_path: Path, first: str, second: str, free: int) -> None:
    code = f"import sys; sys.argv = ['child', *{[str(tmp_path), first, second, str(free), str(FULL_DISK_KB)]!r}]\n"
    child = mounts.run_isolated(code + FULL_DISK_CHILD, timeout=180)
    report = mounts.last_json(child)
    codes = report["codes"]
    assert report["left"] <= free, report["left"]  # the restart met a full disk (to a block)
    assert [rc for rc, _ in codes] == [-9, -9, 0], (codes, child.stderr)
    (tmp_path / "store").rmdir()  # the mount point, empty again outside the child's namespace
    (tmp_path / "store.out").rename(tmp_path / "store")
    check_store(tmp_path)
    recovered = [
        line
        for line in log_lines(tmp_path / "log" / LOG_NAME)
        if line.startswith(("recovery:", "recovery failed:"))
    ]
    if free == 0:  # not one byte: the full-disk restart's recovery failed and said why
        # a blob it could not write (OSError) or SQLite's "database or disk is full"
        assert re.fullmatch(r"recovery failed: reason=full error=(OSError|OperationalError)", recovered[0])
    assert recovered[-1].startswith("recovery: turns=1 "), recovered  # the last start settled the rest


def test_restart_within_the_same_second_keeps_turns_apart(tmp_path: Path) -> None:
    """A village's turn ids are "<start second><random>-<n>" (n counts from 1 per process): a
    restart within the same second must not send its next turn under a stored turn's id, which
    Store.begin_turn would take as "already begun" (losing the input, mixing the turns)."""
    res = run(tmp_path, "after:end_turn@1", same_second=True)  # turn 0 done, killed before turn 1
    assert res.returncode == -9, res.stderr
    res = run(tmp_path, "none", same_second=True)
    assert res.returncode == 0, res.stderr
    check_store(tmp_path)
    ids = [t[0] for t in turns_of(tmp_path)]
    assert all(i.startswith("20260101000000") and i.endswith("-1") for i in ids), ids  # same second
    assert len(set(ids)) == TURNS
