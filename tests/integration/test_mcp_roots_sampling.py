"""Roots and sampling against a real stdio MCP server (``tests/fakes/client_features_server.py``)
whose tools call ``list_roots`` and ``create_message``; a ScriptedBackend stands in for the model."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from core.canonical import ChatRequest
from core.config import Config, McpServer, parse_config
from core.events import SamplingAsked
from core.mcp import McpToolProvider
from core.mcp.sampling import Budget, Sampling
from core.tool import AgentTool, ToolContext, ToolReturn
from core.village import Village
from tests.fakes.logs import log_lines
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.servers import FAST

ROOT = Path(__file__).resolve().parents[2]
AGENT = "agent_7"


def features_server(**kw: Any) -> McpServer:
    return McpServer(
        name="feat",
        transport="stdio",
        command=sys.executable,
        args=["-m", "tests.fakes.client_features_server"],
        cwd=str(ROOT),
        **kw,
    )


async def call(tools: list[AgentTool], name: str, args: dict[str, Any] | None = None) -> ToolReturn:
    tool = {t.name: t for t in tools}[name]
    return await tool.call_with_media(args or {}, ToolContext(AGENT, "en"))


class Approver:
    """The person, as a stub: says ``answer`` and remembers what was shown."""

    def __init__(self, answer: bool) -> None:
        self.answer = answer
        self.asked: list[SamplingAsked] = []

    async def __call__(self, asked: SamplingAsked) -> bool:
        self.asked.append(asked)
        return self.answer


def sampling(approver: Approver, backend: ScriptedBackend, budget: Budget | None = None) -> Sampling:
    return Sampling(approver, lambda agent_id: backend if agent_id == AGENT else None, budget=budget)


# ------------------------------------------------------------------ roots


def village_config(roots: list[str]) -> Config:
    server = {
        "command": sys.executable,
        "args": ["-m", "tests.fakes.client_features_server"],
        "cwd": str(ROOT),
    }
    return parse_config(
        {
            "templates": [{"name": "t", "protocol": "anthropic", "model": "m"}],
            "agents": [{"id": AGENT, "template": "t", "mcp_servers": {"feat": {**server, "roots": roots}}}],
        }
    )


@pytest.mark.asyncio
async def test_roots_listed_as_file_uris_and_a_settings_change_announced(
    tmp_path: Path, event_log: Path
) -> None:
    first, second = tmp_path / "photos", tmp_path / "raw files"
    provider = McpToolProvider(language="en", settings=FAST)
    village = Village(
        village_config([str(first)]), backend_factory=lambda _t: ScriptedBackend(), tool_provider=provider
    )
    try:
        await village.start()
        tools = village.tools(AGENT)
        caps = json.loads((await call(tools, "feat__client_caps")).output.text)
        assert caps == {"roots": True, "roots_list_changed": True, "sampling": False}
        got = json.loads((await call(tools, "feat__show_roots")).output.text)
        assert got == {"changes": 0, "roots": [{"uri": first.as_uri(), "name": "photos"}]}
        await village.apply_config(village_config([str(first), str(second)]))  # the Settings dialog's save
        assert village.tools(AGENT) == tools  # the same connection: not restarted
        got = json.loads((await call(tools, "feat__show_roots")).output.text)
    finally:
        await village.close()
    assert got["roots"] == [
        {"uri": first.as_uri(), "name": "photos"},
        {"uri": f"file://{tmp_path}/raw%20files", "name": "raw files"},
    ]
    assert got["changes"] == 1  # notifications/roots/list_changed reached the server
    lines = log_lines(event_log)
    assert f"mcp roots changed: agent={AGENT} server=feat roots=2" in lines
    assert f"mcp roots listed: agent={AGENT} server=feat roots=2" in lines
    assert sum(x.startswith("mcp server connected:") for x in lines) == 1


@pytest.mark.asyncio
async def test_without_the_settings_neither_capability_is_declared() -> None:
    provider = McpToolProvider(
        language="en", settings=FAST, sampling=sampling(Approver(True), ScriptedBackend(["never"]))
    )
    try:
        tools = await provider.tools_for(AGENT, [features_server()])
        caps = json.loads((await call(tools, "feat__client_caps")).output.text)
        roots = (await call(tools, "feat__show_roots")).output.text
        asked = (await call(tools, "feat__ask_model", {"text": "hi"})).output.text
        # a roots change on a server without roots is a restart (the capability itself changes)
        assert await provider.update_roots(AGENT, [features_server(roots=["/srv"])]) is False
    finally:
        await provider.close()
    assert caps == {"roots": False, "roots_list_changed": False, "sampling": False}
    assert roots == "no roots capability"
    assert asked.startswith("error: ")


@pytest.mark.asyncio
async def test_sampling_needs_the_app_side_too() -> None:
    """``"sampling": true`` but no ``Sampling`` (headless): not declared."""
    provider = McpToolProvider(language="en", settings=FAST)
    try:
        tools = await provider.tools_for(AGENT, [features_server(sampling=True)])
        caps = json.loads((await call(tools, "feat__client_caps")).output.text)
    finally:
        await provider.close()
    assert caps["sampling"] is False


# ------------------------------------------------------------------ sampling


@pytest.mark.asyncio
async def test_sampling_approved_returns_the_models_reply_exactly(event_log: Path) -> None:
    backend = ScriptedBackend(["A red square, 8 by 6 pixels."], model="scripted-vision-2")
    person = Approver(True)
    provider = McpToolProvider(language="en", settings=FAST, sampling=sampling(person, backend))
    try:
        tools = await provider.tools_for(AGENT, [features_server(sampling=True)])
        caps = json.loads((await call(tools, "feat__client_caps")).output.text)
        got = await call(
            tools, "feat__ask_model", {"text": "What is this?", "max_tokens": 200, "image": True}
        )
    finally:
        await provider.close()
    assert caps["sampling"] is True
    assert json.loads(got.output.text) == {
        "model": "scripted-vision-2",
        "text": "A red square, 8 by 6 pixels.",
        "stop_reason": "endTurn",
    }
    [asked] = person.asked
    assert (asked.agent_id, asked.server, asked.max_tokens, asked.system_prompt) == (
        AGENT,
        "feat",
        200,
        "Be brief.",
    )
    assert [(m.role, m.text, m.images) for m in asked.messages] == [("user", "What is this?", 1)]
    [request] = backend.requests
    assert isinstance(request, ChatRequest)
    assert (request.system, request.max_tokens, request.tools) == ("Be brief.", 200, [])
    [message] = request.messages
    assert message.text == "What is this?"
    assert [(i.width, i.height) for i in message.attachments] == [(8, 6)]
    [line] = [x for x in log_lines(event_log) if x.startswith("mcp sampling:")]
    assert line.startswith(
        f"mcp sampling: agent={AGENT} server=feat outcome=approved messages=1 images=1 max_tokens=200 reply_chars=28 ms="
    )
    assert "What is this" not in event_log.read_text() and "red square" not in event_log.read_text()


@pytest.mark.asyncio
async def test_sampling_denied_is_an_error_the_server_sees(event_log: Path) -> None:
    backend = ScriptedBackend(["never sent"])
    provider = McpToolProvider(language="en", settings=FAST, sampling=sampling(Approver(False), backend))
    try:
        tools = await provider.tools_for(AGENT, [features_server(sampling=True)])
        got = (await call(tools, "feat__ask_model", {"text": "hi"})).output.text
    finally:
        await provider.close()
    assert got == "error: code=-1 message=The person declined this sampling request."
    assert backend.requests == []
    assert any(
        x.startswith(f"mcp sampling: agent={AGENT} server=feat outcome=denied reason=denied")
        for x in log_lines(event_log)
    )


@pytest.mark.asyncio
async def test_sampling_over_budget_is_refused_without_asking() -> None:
    now = [1000.0]
    backend = ScriptedBackend(default="ok")
    person = Approver(True)
    server = features_server(sampling=True, sampling_per_hour=2, sampling_max_tokens=50)
    provider = McpToolProvider(
        language="en", settings=FAST, sampling=sampling(person, backend, Budget(lambda: now[0]))
    )
    try:
        tools = await provider.tools_for(AGENT, [server])
        big = (await call(tools, "feat__ask_model", {"text": "hi", "max_tokens": 51})).output.text
        answers = [
            (await call(tools, "feat__ask_model", {"text": "hi", "max_tokens": 50})).output.text
            for _ in range(3)
        ]
        now[0] += 3600.0  # an hour later the budget is back
        later = (await call(tools, "feat__ask_model", {"text": "hi", "max_tokens": 50})).output.text
    finally:
        await provider.close()
    assert big == (
        "error: code=-32600 message=This request asks for up to 51 tokens; this client allows at most 50 per request."
    )
    assert [json.loads(a)["text"] for a in answers[:2]] == ["ok", "ok"]
    assert answers[2] == (
        "error: code=-32600 message=This server has used its 2 sampling requests for this hour; try again later."
    )
    assert json.loads(later)["text"] == "ok"
    assert len(person.asked) == 3 and len(backend.requests) == 3
