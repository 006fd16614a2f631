"""An agent removed in Settings (issue 13, defect 4): idle, it goes at once; running, its turn is
stopped at its next step and the agent goes when the turn ends, with a note for the person."""

from __future__ import annotations

import asyncio

import pytest

from core.config import Config, Template, parse_config
from core.events import Notice, TurnFinished
from core.llm import ModelBackend
from core.village import Village
from tests.fakes.scripted import EchoTool, ScriptedBackend, call, reply


def config(*agents: str) -> Config:
    return parse_config(
        {
            "village": {"language": "en"},
            "templates": [{"name": "doer", "protocol": "anthropic", "model": "big"}],
            "agents": [{"id": a, "name": a.title(), "template": "doer"} for a in agents],
        }
    )


def backends(backend: ScriptedBackend) -> object:
    def factory(template: Template) -> ModelBackend:
        return backend

    return factory


@pytest.mark.asyncio
async def test_an_idle_removed_agent_goes_at_once() -> None:
    village = Village(config("ava", "bo"), backend_factory=backends(ScriptedBackend()))  # type: ignore[arg-type]
    seen: list[object] = []
    village.bus.subscribe(seen.append)
    await village.apply_config(config("ava"))
    assert [s.agent_id for s in village.statuses()] == ["ava"]
    assert [e.text for e in seen if isinstance(e, Notice)] == ["Bo was removed from the village."]


@pytest.mark.asyncio
async def test_a_removed_agents_running_turn_is_stopped_and_the_agent_goes_when_it_ends() -> None:
    backend = ScriptedBackend([call("slow"), reply("never asked")])
    village = Village(config("ava", "bo"), backend_factory=backends(backend))  # type: ignore[arg-type]
    gate = asyncio.Event()
    slow = EchoTool("slow", "frame", gate=gate)
    village.add_tools("bo", [slow])
    seen: list[object] = []
    village.bus.subscribe(seen.append)
    handle = village.send("bo", "watch")
    await slow.running.wait()
    await village.apply_config(config("ava"))
    assert handle.stopping  # stopped at its next step, not cut in the middle of the tool call
    assert [s.agent_id for s in village.statuses()] == ["ava", "bo"]
    gate.set()
    outcome = await handle.wait()
    assert outcome.stop == "interrupted"
    assert [s.agent_id for s in village.statuses()] == ["ava"]
    assert village.running_turns() == []
    kinds = [type(e).__name__ for e in seen if isinstance(e, TurnFinished | Notice)]
    assert kinds == ["TurnFinished", "Notice"]
    with pytest.raises(KeyError):
        village.send("bo", "again")
