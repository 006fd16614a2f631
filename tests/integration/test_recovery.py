"""Recovery decisions and pausing at the next boundary (S02-4, S02-5), in process."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.recovery import PauseGate, TurnPaused, next_step, pending_calls, recover
from core.store import SqliteJournal, Store
from core.tool import ToolReturn
from tests.fakes.logs import log_lines
from tests.fakes.stores import damage_blob

CALLS = [ToolCall("a", "t", {}), ToolCall("b", "t", {}), ToolCall("c", "t", {})]


def cut_turn(store: Store) -> SqliteJournal:
    j = SqliteJournal(store)
    j.begin_turn("t1", "agent_1", ChatMessage(Role.USER, "go"))
    j.model_message("t1", 0, ChatMessage(Role.ASSISTANT, "calling", tool_calls=CALLS), Usage(7, 3))
    for c in CALLS:
        j.tool_registered("t1", 0, c)
    j.tool_running("t1", "a")
    j.tool_completed(
        "t1", "a", ToolReturn.ok("A"), ChatMessage(Role.TOOL, "A", tool_call_id="a", tool_name="t")
    )
    j.tool_running("t1", "b")  # then the process dies; c was registered but never started
    return j


def test_recover_reuses_completed_interrupts_running_and_keeps_unstarted_pending(
    tmp_path: Path, event_log: Path
) -> None:
    cut_turn(Store.open(tmp_path))
    store = Store.open(tmp_path)
    [rp] = recover(store)
    assert store.call_states("t1") == {"a": "completed", "b": "failed", "c": "not_executed"}
    assert {k: (v.output.text, v.is_error) for k, v in rp.completed.items()} == {
        "a": ("A", False),
        "b": (
            "tool execution failed: the app stopped while this call was running; it was not run again",
            True,
        ),
    }
    assert [(m.role, m.tool_call_id) for m in rp.messages] == [
        (Role.ASSISTANT, None),
        (Role.TOOL, "a"),
        (Role.TOOL, "b"),
    ]
    assert [c.id for c in pending_calls(rp)] == ["c"]
    assert next_step(rp) == "tools"
    assert (rp.rounds_done, rp.usage) == (1, Usage(7, 3))
    assert "recovery: turns=1 reused=2 not_executed=1 interrupted=1" in log_lines(event_log)
    # recovering again changes nothing: nothing is ever settled twice
    [rp2] = recover(Store.open(tmp_path))
    assert rp2.completed.keys() == rp.completed.keys()
    assert len(Store.open(tmp_path).messages("agent_1")) == 4


def test_turn_cut_before_its_first_operation_restarts_from_its_input(tmp_path: Path) -> None:
    SqliteJournal(Store.open(tmp_path)).begin_turn(
        "t1", "agent_1", ChatMessage(Role.USER, "describe the frame")
    )
    [rp] = recover(Store.open(tmp_path))
    assert (rp.user_message.text, rp.messages, rp.completed, rp.rounds_done) == (
        "describe the frame",
        [],
        {},
        0,
    )
    assert next_step(rp) == "model"


def test_final_reply_stored_but_turn_not_ended_finishes_without_a_new_request(tmp_path: Path) -> None:
    j = SqliteJournal(Store.open(tmp_path))
    j.begin_turn("t1", "agent_1", ChatMessage(Role.USER, "hi"))
    j.model_message("t1", 0, ChatMessage(Role.ASSISTANT, "hello"), Usage(1, 1))
    [rp] = recover(Store.open(tmp_path))
    assert next_step(rp) == "finish"


def test_pause_takes_effect_at_the_next_boundary_and_resumes(tmp_path: Path, event_log: Path) -> None:
    store = Store.open(tmp_path)
    j = SqliteJournal(store)
    gate = PauseGate()
    j.begin_turn("t1", "agent_1", ChatMessage(Role.USER, "go"))
    j.model_message("t1", 0, ChatMessage(Role.ASSISTANT, "", tool_calls=CALLS), Usage())
    for c in CALLS:
        j.tool_registered("t1", 0, c)
    executed: list[str] = []

    def run_round() -> None:
        for i, c in enumerate(CALLS):
            gate.check(j, "t1", CALLS[i:])
            executed.append(c.id)
            j.tool_running("t1", c.id)
            j.tool_completed("t1", c.id, ToolReturn.ok(c.id), ChatMessage(Role.TOOL, c.id, tool_call_id=c.id))
            if c.id == "a":
                gate.request()  # accepted after a completed operation

    with pytest.raises(TurnPaused):
        run_round()
    assert executed == ["a"]  # took effect before the next real execution
    assert store.call_states("t1") == {"a": "completed", "b": "not_executed", "c": "not_executed"}
    assert store.turn_state("t1") == ("paused", "paused")
    assert "turn paused: turn=t1 not_executed=2" in log_lines(event_log)
    [rp] = recover(store)
    assert [c.id for c in pending_calls(rp)] == ["b", "c"]
    assert list(rp.completed) == ["a"]


def test_corrupt_result_is_reported_never_used_never_rerun_and_app_opens(
    tmp_path: Path, event_log: Path
) -> None:
    cut_turn(Store.open(tmp_path))
    store = Store.open(tmp_path)
    damage_blob(store, hashlib.sha256(b"A").hexdigest(), b"B")
    [rp] = recover(store)
    assert (rp.completed["a"].output.text, rp.completed["a"].is_error) == (
        "(this stored content failed its integrity check and is not shown)",
        True,
    )
    assert rp.messages[1].text == "(this stored content failed its integrity check and is not shown)"
    assert "a" not in [c.id for c in pending_calls(rp)]
    sha = hashlib.sha256(b"A").hexdigest()
    assert f"store corrupt: blob={sha[:16]} kind=result error=corrupt turn=t1 call=a" in log_lines(event_log)
