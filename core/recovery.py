"""Crash recovery and pausing (S02-3 … S02-5).

``recover(store)`` runs when the app opens. For every turn that did not end (cut by a crash, or
paused) it settles the calls that were cut, then returns one ``ResumePoint`` per turn:

- a completed (or failed) call is reused from its completion record and never executed again;
- a call that was registered but not started is recorded ``not_executed`` and stays in the resume
  position: it is pending in the last model message and the engine executes it on resume;
- a call that was running when the process died may have had its effect already, so it is never
  executed again either: recovery records it as failed with the ``tool_interrupted`` note (that
  record is also what a save error leaves behind: re-execution never follows a save error);
- a turn cut before its first operation has no messages: it restarts from its stored input and
  nothing is invented for the model's side.

The database is cross-checked with the call markers (``store/calls.journal``, core/store/markers.py):
a damaged write-ahead-log frame makes SQLite drop every commit after it, so a call that ran may look
merely registered, or be missing. A call whose marker says it started but whose completion is
missing is settled as failed with the ``tool_result_lost`` note ("interrupted, may have run") and
never run again; a turn with started calls the database no longer knows (its later rounds were
lost) is not resumed, since its model would decide those calls again: it ends ``interrupted`` with
the ``turn_records_lost`` note. The ``recovery:`` line counts such calls as ``lost``. Once every
cut call is settled the store checkpoints and empties the marker journal.

Corrupt or missing blobs met on the way are logged (``store corrupt:``) and become notes in the
resumed messages (see ``Store.resume_points``); they never stop the app from opening.

``PauseGate`` is how a pause takes effect at the next boundary: the engine calls ``check`` before
every model request and before every round's tool calls run; once a pause is requested, the
remaining calls are recorded ``not_executed``, the turn ends with ``stop="paused"`` (resumable),
and ``TurnPaused`` is raised before anything else is executed. Both live in ``core.journal`` (the
engine's seam, free of the store) and are re-exported here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Literal

from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.journal import PauseGate, ResumePoint, TurnPaused
from core.log import event
from core.notes import note
from core.stops import Stop
from core.store import Store, StoreError
from core.store.schema import unavailable
from core.tool import ToolReturn


def settle_turn(store: Store, turn_id: str, language: str = "en") -> tuple[int, int]:
    """Record the cut calls of an unfinished turn; returns (not executed, interrupted). A call
    its marker says started is interrupted, never not executed (``lost_calls`` counts those)."""
    not_executed = interrupted = 0
    started = store.markers.earlier.get(turn_id, set())
    for call in store.tool_calls_of(turn_id):
        lost = call.state in ("registered", "not_executed") and call.call_id in started
        if call.state == "registered" and not lost:
            store.set_call_state(turn_id, call.call_id, "not_executed", op="recover_not_executed")
            not_executed += 1
        elif call.state == "running" or lost:
            text = note("tool_result_lost" if lost else "tool_interrupted", language)
            message = ChatMessage(
                Role.TOOL, text, tool_call_id=call.call_id, tool_name=call.name, is_error=True
            )
            store.tool_completed(turn_id, call.call_id, ToolReturn.error(text), message, interrupted=True)
            interrupted += 1
    return not_executed, interrupted


def lost_calls(store: Store, turn_id: str) -> tuple[int, bool]:
    """How many started calls of ``turn_id`` (by their markers) the database lost track of (it
    says not started, or does not know the call; run before ``settle_turn``), and whether some
    are not in the database at all (the turn's later rounds were lost)."""
    started = store.markers.earlier.get(turn_id, set())
    if not started:
        return 0, False
    states = {c.call_id: c.state for c in store.tool_calls_of(turn_id)}
    unknown = started - set(states)
    unstarted = [cid for cid in started & set(states) if states[cid] in ("registered", "not_executed")]
    return len(unstarted) + len(unknown), bool(unknown)


def recover(store: Store, language: str = "en") -> list[ResumePoint]:
    """Settle every unfinished turn and return where each one resumes (oldest first).

    A store that cannot be written now (full disk, read-only) or read resumes nothing this run
    (a ``recovery failed:`` line): the cut calls keep their records, so a later start settles
    them, and a call that was running is never run again either way (S02-3)."""
    try:
        return _recover(store, language)
    except (OSError, sqlite3.Error, StoreError) as exc:
        typed = unavailable(exc)
        reason = typed.reason if typed is not None else "corrupt"
        event("recovery failed", reason=reason, error=type(exc).__name__)
        return []


def _recover(store: Store, language: str) -> list[ResumePoint]:
    not_executed = interrupted = lost = 0
    paused: set[str] = set()
    for turn_id, state in store.unfinished_turns():
        missing, rounds_lost = lost_calls(store, turn_id)
        lost += missing
        n, i = settle_turn(store, turn_id, language)
        not_executed += n
        interrupted += i
        if rounds_lost:  # its model would decide the lost calls again: not resumed
            store.end_turn(turn_id, Stop.INTERRUPTED, note("turn_records_lost", language), Usage())
        if state == "paused":
            paused.add(turn_id)
    # started calls of turns the database lost entirely (their input was lost with them)
    lost += sum(len(c) for t, c in store.markers.earlier.items() if store.turn_state(t) is None)
    points = store.resume_points(language)
    for point in points:
        point.paused = point.turn_id in paused
    if points or lost:
        fields: dict[str, object] = {
            "turns": len(points),
            "reused": sum(len(p.completed) for p in points),
            "not_executed": not_executed,
            "interrupted": interrupted,
        }
        if lost:
            fields["lost"] = lost
        event("recovery", None, **fields)
    store.rotate_markers()  # every cut call is settled: the markers have done their work
    return points


def answered_calls(messages: Sequence[ChatMessage]) -> set[str]:
    return {m.tool_call_id for m in messages if m.role is Role.TOOL and m.tool_call_id}


def pending_calls(point: ResumePoint) -> list[ToolCall]:
    """Calls of the last model message that have no result yet (to execute on resume)."""
    last = next((m for m in reversed(point.messages) if m.role is Role.ASSISTANT), None)
    if last is None:
        return []
    done = answered_calls(point.messages) | set(point.completed)
    return [c for c in last.tool_calls if c.id not in done]


NextStep = Literal["model", "tools", "finish"]


def next_step(point: ResumePoint) -> NextStep:
    """What a resumed turn does first: call the model (no reply yet, or every call answered),
    run the pending tools, or finish with the final reply that was already stored."""
    last = next((m for m in reversed(point.messages) if m.role is Role.ASSISTANT), None)
    if last is None:
        return "model"
    if not last.tool_calls:
        return "finish"
    return "tools" if pending_calls(point) else "model"


__all__ = [
    "NextStep",
    "PauseGate",
    "TurnPaused",
    "answered_calls",
    "lost_calls",
    "next_step",
    "pending_calls",
    "recover",
    "settle_turn",
]
