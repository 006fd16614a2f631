"""The real turn engine resumes a crashed turn from the durable store (S02-3, S02-5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.config import parse_config
from core.recovery import recover
from core.store import SqliteJournal
from core.village import Village
from tests.fakes.scripted import EchoTool, ScriptedBackend, reply
from tests.fakes.stores import CRASHED_CFG, crashed_store


@pytest.mark.asyncio
async def test_resume_reuses_the_completed_call_and_runs_the_not_started_one(tmp_path: Path) -> None:
    store = crashed_store(tmp_path)
    first, second = EchoTool("first", "A again"), EchoTool("second", "B")
    backend = ScriptedBackend([reply("both seen")])
    village = Village(
        parse_config(CRASHED_CFG), backend_factory=lambda t: backend, journal=SqliteJournal(store)
    )
    village.add_tools("agent_9", [first, second])
    points = recover(store)
    assert len(points) == 1
    outcome = await village.resume(points[0]).wait()
    assert (first.runs, second.runs) == (0, 1)
    assert outcome.text == "both seen"
    assert [m.text for m in backend.requests[0].messages] == ["look twice", "", "first result", "B"]
    assert recover(store) == []  # the turn is finished now


@pytest.mark.asyncio
async def test_turn_cut_after_its_final_reply_finishes_without_a_model_call(tmp_path: Path) -> None:
    store = crashed_store(tmp_path, final="all done")
    backend = ScriptedBackend([])
    village = Village(
        parse_config(CRASHED_CFG), backend_factory=lambda t: backend, journal=SqliteJournal(store)
    )
    village.add_tools("agent_9", [EchoTool("first"), EchoTool("second")])
    outcome = await village.resume(recover(store)[0]).wait()
    assert outcome.text == "all done" and backend.requests == []
