"""Kill the process (SIGKILL) at every durable event of two scripted turns with real tool
subprocesses, restart (sometimes killing the restart too), and check that every completed tool ran
exactly once, nothing ran twice, the history is whole, and every stored byte verifies (S02-3 … S02-5)."""

from __future__ import annotations

import os
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from core.store import Store
from tests.fakes import forkserver

ROOT = Path(__file__).resolve().parents[2]
TURNS = 2
EVENTS = 54  # durable events of a clean run (asserted below; small texts write no blob file)
INTERRUPTED = "tool execution failed: the app stopped while this call was running; it was not run again"


def run(data: Path, side: Path, kill_after: int | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "FUSEFORKS_KILL_AFTER"}
    if kill_after:
        env["FUSEFORKS_KILL_AFTER"] = str(kill_after)
    return forkserver.server("tests.integration.recovery_driver").run([str(data), str(side), str(TURNS)], env)


def check_store(data: Path, side: Path) -> None:
    ran = Counter(side.read_text().split()) if side.exists() else Counter()
    assert all(n == 1 for n in ran.values()), f"a tool ran twice: {ran}"
    store = Store.open(data)
    assert store.verify_all() == []
    assert store.unfinished_turns() == []
    kinds = [m.kind for m in store.messages("agent_1")]
    assert kinds == ["input", "model", "tool", "tool", "model", "tool", "tool", "model"] * TURNS
    for turn in range(TURNS):
        tid = f"turn-{turn}"
        assert store.turn_state(tid) == ("done", "-")
        interrupted = store.interrupted_calls(tid)
        tool_msgs = {
            m.tool_call_id: m for m in store.messages("agent_1") if m.turn_id == tid and m.kind == "tool"
        }
        calls = store.tool_calls_of(tid)
        assert [c.call_id for c in calls] == [f"k{turn}r{r}c{i}" for r in range(2) for i in range(2)]
        for c in calls:
            msg = tool_msgs[c.call_id]
            if c.call_id in interrupted:
                assert (c.state, msg.text, msg.is_error) == ("failed", INTERRUPTED, True)
                assert ran[c.call_id] <= 1
                continue
            assert ran[c.call_id] == 1, f"{c.call_id} completed but ran {ran[c.call_id]} times"
            fails = c.call_id.endswith("r1c1")
            assert c.state == ("failed" if fails else "completed")
            assert msg.is_error is fails
            assert msg.text.startswith(f"exit code: {int(fails)}\nstdout:\nran {c.call_id}\n")
            if c.call_id.endswith("c0"):
                assert msg.text_size == len(f"exit code: 0\nstdout:\nran {c.call_id}\n") + 200_000
    store.close()


def test_clean_run_has_the_expected_number_of_kill_points(tmp_path: Path) -> None:
    res = run(tmp_path / "data", tmp_path / "side", None)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == f"events={EVENTS}"
    check_store(tmp_path / "data", tmp_path / "side")


@pytest.mark.parametrize("kill_at", range(1, EVENTS + 1))
def test_kill_and_restart(tmp_path: Path, kill_at: int) -> None:
    data, side = tmp_path / "data", tmp_path / "side"
    first = run(data, side, kill_at)
    assert first.returncode == -9, first.stderr
    second = run(data, side, 1 + (kill_at * 7) % 23)  # the restart is killed too, when it gets that far
    assert second.returncode in (-9, 0), second.stderr
    final = run(data, side, None)
    assert final.returncode == 0, final.stderr
    check_store(data, side)
