"""The state a replayed past call shows (``core.replay_states``), from its record or its result."""

from __future__ import annotations

from core.events import StoredCallState, TurnFailed
from core.replay_states import TurnCalls, stored_state, turn_end_events
from core.store.records import CallRecord, TurnFailure


def test_each_stored_state_reads_as_the_person_should_see_it() -> None:
    assert stored_state(CallRecord("completed", 1.0, 2.0), False) == "completed"
    assert stored_state(CallRecord("failed", 1.0, 2.0), True) == "failed"
    assert stored_state(CallRecord("failed", 1.0, 9.0, interrupted=True), True) == "interrupted"
    assert stored_state(CallRecord("running", 1.0, None), None) == "interrupted"  # cut by a crash
    assert stored_state(CallRecord("registered", None, None), None) == "not_executed"
    assert stored_state(CallRecord("not_executed", None, None), None) == "not_executed"
    assert stored_state(None, None) == "not_executed"  # its registration was never written
    assert stored_state(None, True) == "failed"


def test_a_turn_end_gives_each_call_its_state_and_duration_then_the_failure() -> None:
    calls = TurnCalls()
    for call_id in ("c1", "c2", "c3"):
        calls.started(call_id)
    calls.finished("c1", False)
    calls.finished("c3", True)
    records = {
        ("t1", "c1"): CallRecord("completed", 10.0, 10.25),
        ("t1", "c3"): CallRecord("failed", 10.0, 3600.0, interrupted=True),
    }
    events = list(
        turn_end_events("a1", "t1", calls, records, {"t1": TurnFailure("http_401", "HTTP 401: no")})
    )
    assert events == [
        StoredCallState("a1", "t1", "c1", "completed", 10.0, 10.25),
        StoredCallState("a1", "t1", "c2", "not_executed"),
        StoredCallState("a1", "t1", "c3", "interrupted", 10.0, 3600.0),
        TurnFailed("a1", "t1", "http_401", "HTTP 401: no"),
    ]
    assert [e.duration_ms for e in events if isinstance(e, StoredCallState)] == [250, None, None]
