"""What history replays beside the messages: each past call's stored state, and a turn's failure.

``core.history`` replays a conversation from its messages; the messages alone do not say how a
call ended when it has no result (a crash cut it while running, or before it started) nor how long
it took, and a failed turn has no message at all. These come from the store's call records and
``turn_failures``: one ``StoredCallState`` per call of a turn, then ``TurnFailed`` for a turn that
ended with an error, as the live view showed it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from core.events import Event, StoredCallState, TurnFailed
from core.store.records import CallRecord, TurnFailure


@dataclass
class TurnCalls:
    """The calls one replayed turn showed: call id -> whether its result was an error (None:
    no result was replayed), in the order their rows appeared."""

    results: dict[str, bool | None] = field(default_factory=dict)

    def started(self, call_id: str) -> None:
        self.results.setdefault(call_id, None)

    def finished(self, call_id: str, is_error: bool) -> None:
        self.results[call_id] = is_error


def stored_state(record: CallRecord | None, result: bool | None) -> str:
    """The state a replayed call shows: from its record when there is one, else from its result
    (None: no result and no record, so it never ran)."""
    if record is None:
        return "not_executed" if result is None else ("failed" if result else "completed")
    if record.interrupted or record.state == "running":
        return "interrupted"  # cut while running (recovery settles it so, or already did)
    if record.state in ("registered", "not_executed"):
        return "not_executed"
    return record.state


def turn_end_events(
    agent_id: str,
    turn_id: str,
    calls: TurnCalls,
    records: dict[tuple[str, str], CallRecord],
    failures: dict[str, TurnFailure],
) -> Iterator[Event]:
    """The stored state of each call of the turn, then its ``TurnFailed`` when it failed (the
    caller replays ``TurnFinished`` when nothing is yielded for the end)."""
    for call_id, result in calls.results.items():
        record = records.get((turn_id, call_id))
        state = stored_state(record, result)
        started = record.started if record is not None else None
        finished = record.finished if record is not None else None
        yield StoredCallState(agent_id, turn_id, call_id, state, started, finished)
    failure = failures.get(turn_id)
    if failure is not None:
        yield TurnFailed(agent_id, turn_id, failure.code or "unknown", failure.message)
