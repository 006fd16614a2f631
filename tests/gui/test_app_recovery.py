"""On start the app resumes turns a crash cut, through the real store and engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.keys import KeyStore
from app.launcher import make_runtime, resume_cut_turns
from core.config import parse_config
from core.village import Village
from tests.fakes.scripted import EchoTool, ScriptedBackend, reply
from tests.fakes.stores import CRASHED_CFG, crashed_store


@pytest.mark.asyncio
async def test_start_resumes_the_cut_turn_without_rerunning_completed_tools(tmp_path: Path) -> None:
    crashed_store(tmp_path).close()
    config = parse_config(CRASHED_CFG)
    rt = make_runtime(config, KeyStore(), store_dir=tmp_path)
    assert isinstance(rt.village, Village)
    backend = ScriptedBackend([reply("resumed after the crash")])
    rt.village._backend_factory = lambda t: backend
    first, second = EchoTool("first"), EchoTool("second", "B")
    rt.village.add_tools("agent_9", [first, second])
    try:
        assert resume_cut_turns(rt, config) == 1
        await rt.village.wait_idle()
        assert (first.runs, second.runs) == (0, 1)
        assert [m.text for m in backend.requests[0].messages][-2:] == ["first result", "B"]
        assert resume_cut_turns(rt, config) == 0
    finally:
        await rt.village.close()
        assert rt.store is not None
        rt.store.close()
