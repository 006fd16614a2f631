"""The village runtime: turns per agent, handoff, Stop, template switching, history."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from core.canonical import Role
from core.config import Config, Template, parse_config
from core.events import Handoff, TurnFinished, TurnStarted
from core.llm import ModelBackend
from core.notes import note
from core.village import AgentState, Village
from tests.fakes.logs import log_lines
from tests.fakes.scripted import CounterTool, EchoTool, ScriptedBackend, call, reply


def village_config(**overrides: object) -> Config:
    data: dict[str, object] = {
        "village": {"language": "en"},
        "templates": [
            {"name": "talker", "protocol": "openai-compat", "model": "small", "tools": False},
            {"name": "doer", "protocol": "anthropic", "model": "big"},
            {"name": "other", "protocol": "gemini", "model": "g"},
        ],
        "agents": [
            {"id": "agent_9", "name": "Muse", "template": "talker", "connected": ["agent_8"]},
            {"id": "agent_8", "name": "Hands", "template": "doer"},
        ],
    }
    data.update(overrides)
    return parse_config(data)


class Backends:
    """One scripted backend per template name; records which templates were used."""

    def __init__(self, scripts: dict[str, ScriptedBackend]) -> None:
        self.scripts = scripts
        self.used: list[str] = []

    def __call__(self, template: Template) -> ModelBackend:
        self.used.append(template.name)
        b = self.scripts[template.name]
        b.backend = template.protocol
        b.model = template.model
        return b


@pytest.mark.asyncio
async def test_tools_off_agent_hands_off_to_its_first_connected_agent(event_log: Path) -> None:
    talker = ScriptedBackend([reply("Hands should look at the camera.")])
    doer = ScriptedBackend([call("cam__live_view_image"), reply("I see a desk.")])
    village = Village(village_config(), backend_factory=Backends({"talker": talker, "doer": doer}))
    village.add_tools("agent_8", [CounterTool()])
    seen: list[object] = []
    village.bus.subscribe(seen.append)
    handle = village.send("agent_9", "what is on the camera?")
    await handle.wait()
    await village.wait_idle()
    assert talker.requests[0].tools == []
    assert talker.requests[0].system.endswith(note("handoff_protocol", "en", target="Hands"))
    assert "handoff: agent=agent_9 to=agent_8 hop=1" in log_lines(event_log)
    assert [e for e in seen if isinstance(e, Handoff)] == [Handoff("agent_9", "agent_8", handle.turn_id)]
    forwarded = doer.requests[0].messages[-1].text
    assert forwarded == note(
        "handoff_forward",
        "en",
        source="Muse",
        request="what is on the camera?",
        note="Hands should look at the camera.",
    )
    started = [e for e in seen if isinstance(e, TurnStarted)]
    assert [(e.agent_id, e.source, e.backend) for e in started] == [
        ("agent_9", "user", "openai-compat"),
        ("agent_8", "agent_9", "anthropic"),
    ]


@pytest.mark.asyncio
async def test_end_marker_keeps_the_answer_and_stops_the_handoff(event_log: Path) -> None:
    talker = ScriptedBackend([reply("Hello there. [[END]]")])
    village = Village(
        village_config(), backend_factory=Backends({"talker": talker, "doer": ScriptedBackend()})
    )
    outcome = await village.send("agent_9", "hi").wait()
    await village.wait_idle()
    assert outcome.text == "Hello there."
    assert not any(x.startswith("handoff:") for x in log_lines(event_log))


@pytest.mark.asyncio
async def test_template_switch_applies_to_the_next_turn_only(event_log: Path) -> None:
    doer = ScriptedBackend([call("slow"), reply("old template done")])
    other = ScriptedBackend([reply("new template")])
    backends = Backends({"doer": doer, "other": other, "talker": ScriptedBackend()})
    cfg = village_config()
    village = Village(cfg, backend_factory=backends)
    gate = asyncio.Event()
    slow = EchoTool("slow", "x", gate=gate)
    village.add_tools("agent_8", [slow])
    first = village.send("agent_8", "one")
    await slow.running.wait()
    switched = village_config()
    switched.agent("agent_8").template = "other"
    await village.apply_config(switched)
    gate.set()
    assert (await first.wait()).text == "old template done"
    assert (await village.send("agent_8", "two").wait()).text == "new template"
    backends_in_lines = [
        x.split(" backend=")[1].split()[0] for x in log_lines(event_log) if x.startswith("turn:")
    ]
    assert backends_in_lines == ["anthropic", "gemini"]


@pytest.mark.asyncio
async def test_stop_via_handle_keeps_the_agent_and_its_history() -> None:
    doer = ScriptedBackend([call("slow"), reply("unused"), reply("second turn")])
    village = Village(village_config(), backend_factory=Backends({"doer": doer, "talker": ScriptedBackend()}))
    gate = asyncio.Event()
    slow = EchoTool("slow", "frame", gate=gate)
    village.add_tools("agent_8", [slow])
    seen: list[object] = []
    village.bus.subscribe(seen.append)
    handle = village.send("agent_8", "watch")
    await slow.running.wait()
    handle.stop()
    gate.set()
    outcome = await handle.wait()
    assert outcome.stop == "interrupted"
    assert [m.role for m in village.history("agent_8")] == [Role.USER, Role.ASSISTANT, Role.TOOL]
    assert village.statuses()[1].state is AgentState.IDLE
    assert (await village.send("agent_8", "again").wait()).text == "unused"
    assert [e.stop for e in seen if isinstance(e, TurnFinished)] == ["interrupted", "-"]


@pytest.mark.asyncio
async def test_turns_of_one_agent_run_one_after_another() -> None:
    doer = ScriptedBackend([reply("a"), reply("b")], delay=0.05)
    village = Village(village_config(), backend_factory=Backends({"doer": doer, "talker": ScriptedBackend()}))
    h1, h2 = village.send("agent_8", "1"), village.send("agent_8", "2")
    assert [(await h1.wait()).text, (await h2.wait()).text] == ["a", "b"]
    # the second turn saw the first turn's exchange in its history
    assert [m.text for m in doer.requests[1].messages] == ["1", "a", "2"]


@pytest.mark.asyncio
async def test_failed_turn_marks_the_agent_and_keeps_the_village_running(event_log: Path) -> None:
    from core.llm import ProviderHTTPError

    doer = ScriptedBackend([ProviderHTTPError(500, "overloaded"), reply("fine now")])
    village = Village(village_config(), backend_factory=Backends({"doer": doer, "talker": ScriptedBackend()}))
    failed = await village.send("agent_8", "x").wait()
    assert failed.stop == "error"
    assert village.statuses()[1].state is AgentState.ERROR
    assert (await village.send("agent_8", "y").wait()).text == "fine now"
    assert village.statuses()[1].state is AgentState.IDLE


@pytest.mark.asyncio
async def test_two_starts_within_one_second_never_share_a_turn_id() -> None:
    """A quick restart after a crash must not reuse turn ids: the store would append the new
    turn's messages to the old turn's record."""
    ids = []
    for _ in range(2):
        backend = ScriptedBackend([reply("hi")])
        village = Village(village_config(), backend_factory=Backends({"doer": backend}))
        handle = village.send("agent_8", "hello")
        await handle.wait()
        ids.append(handle.turn_id)
        await village.close()
    assert ids[0] != ids[1]
