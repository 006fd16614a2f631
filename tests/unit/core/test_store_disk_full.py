"""A disk that fills mid-turn (issue 11, defect 2), on a real full disk: a tmpfs with a size limit
in a private mount namespace (tests/fakes/mounts.py). The model message carrying tool calls fails
to save while the small records after it still fit: the calls must then not run, their results
must not be stored, and what recovery rebuilds must pair every result with its call."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.notes import note
from core.recovery import recover
from core.request_check import check_request_messages, pair_tool_messages
from core.store import Store
from core.tool import ToolReturn
from tests.fakes import mounts
from tests.fakes.logs import log_lines

MID_TURN = """
import json
from pathlib import Path
from core.canonical import ChatMessage, Role, ToolCall, Usage
from core.journal import JournalError
from core.recovery import recover
from core.request_check import check_request_messages
from core.store import SqliteJournal, Store
from core.tool import ToolReturn
from tests.fakes.mounts import fill, tmpfs

d = tmpfs(Path("/mnt/fuseforks-full"), 4096)
store = Store.open(d)
j = SqliteJournal(store)
j.begin_turn("t1", "a", ChatMessage(Role.USER, "go"))
filler = fill(d, leave=96 * 1024)
call = ToolCall("c1", "t", {})
j.model_message("t1", 1, ChatMessage(Role.ASSISTANT, "x" * 1_000_000, tool_calls=[call]), Usage())
saved_model = j.errors == 0
ran = True
try:
    j.tool_registered("t1", 1, call)
    j.tool_running("t1", "c1")
except JournalError:
    ran = False
j.tool_completed("t1", "c1", ToolReturn.ok("r"), ChatMessage(Role.TOOL, "r", tool_call_id="c1"))
store.close()
filler.unlink()
store = Store.open(d)
[point] = recover(store)
print(json.dumps({
    "saved_model": saved_model,
    "ran": ran,
    "valid": check_request_messages(point.messages),
    "roles": [str(m.role) for m in point.messages],
}))
"""


@pytest.mark.skipif(not mounts.available(), reason=mounts.SKIP_REASON)
def test_full_disk_mid_turn_leaves_no_result_without_its_call() -> None:
    out = mounts.last_json(mounts.run_isolated(MID_TURN))
    assert out["saved_model"] is False  # the fault happened where the defect needs it
    assert out["ran"] is False  # a call whose model message is not stored is never run
    assert out["valid"] is True, out["roles"]
    assert out["roles"] == []


CALL_A, CALL_B = ToolCall("a", "t", {}), ToolCall("b", "t", {})


def test_pairing_drops_results_that_answer_no_call_and_closes_unanswered_calls() -> None:
    msgs = [
        ChatMessage(Role.TOOL, "orphan", tool_call_id="z"),
        ChatMessage(Role.ASSISTANT, "", tool_calls=[CALL_A, CALL_B]),
        ChatMessage(Role.TOOL, "A", tool_call_id="a"),
        ChatMessage(Role.TOOL, "A again", tool_call_id="a"),
        ChatMessage(Role.ASSISTANT, "done"),
    ]
    assert not check_request_messages(msgs)
    paired = pair_tool_messages(msgs)
    assert (paired.dropped, paired.added) == (["z", "a"], ["b"])
    assert [(m.role, m.tool_call_id) for m in paired.messages] == [
        (Role.ASSISTANT, None),
        (Role.TOOL, "a"),
        (Role.TOOL, "b"),
        (Role.ASSISTANT, None),
    ]
    added = paired.messages[2]
    assert (added.text, added.is_error, added.tool_name) == (note("tool_interrupted", "en"), True, "t")
    assert check_request_messages(paired.messages)
    # a resume point keeps its last calls open (they are still to run)
    open_end = [ChatMessage(Role.ASSISTANT, "", tool_calls=[CALL_A])]
    assert pair_tool_messages(open_end, close_open=False).messages == open_end


def test_recovery_leaves_out_results_a_poisoned_store_holds_without_their_call(
    tmp_path: Path, event_log: Path
) -> None:
    # what an older version left after a full disk: results stored, their model message not
    store = Store.open(tmp_path)
    store.begin_turn("t1", "a", "a", ChatMessage(Role.USER, "go"))
    store.tool_completed("t1", "c1", ToolReturn.ok("r"), ChatMessage(Role.TOOL, "r", tool_call_id="c1"))
    store.model_message("t1", 2, ChatMessage(Role.ASSISTANT, "answer"), Usage())
    store.end_turn("t1", "-", "answer", Usage())
    store.begin_turn("t2", "a", "a", ChatMessage(Role.USER, "again"))
    store.tool_completed("t2", "c2", ToolReturn.ok("r"), ChatMessage(Role.TOOL, "r", tool_call_id="c2"))
    [point] = recover(store)
    assert point.messages == []
    past = store.past_messages("a")
    assert check_request_messages(past)
    assert [m.role for m in past] == [Role.USER, Role.ASSISTANT]
    lines = [line for line in log_lines(event_log) if "store repaired:" in line]
    assert len(lines) == 2 and all("dropped=1" in line for line in lines)
