"""A tool call is bounded by ``call_timeout_s`` alone, with the defaults' relation of the two clocks
(issue 12, defect 1): the connect timeout is shorter than the call timeout, and a tool (or a person
on a form) that takes longer than the connect timeout but less than the call timeout gets its answer.

The defaults (60 s and 30 s; a tool of 40 s, a form open 35 s) are scaled down by ``SCALE`` so the
tests take about three seconds; ``test_the_scaled_settings_keep_the_defaults_relation`` ties the scaled
values to the declared defaults. The servers are real subprocesses: the standard-library stdio server
(``tests/fakes/raw_mcp_server.py``, which starts fast enough for a two-second connect
timeout) and the camera simulator over streamable HTTP.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from core import notes
from core.config import McpServer, McpSettings
from core.mcp import ElicitationAnswer, ElicitationRequest, McpToolProvider
from core.tool import AgentTool, ToolContext, ToolReturn
from tests.fakes.servers import raw_server, start_camera, stop

AGENT = "agent_7"
DEFAULTS = McpSettings()
SCALE = 15.0
SCALED = McpSettings(
    call_timeout_s=DEFAULTS.call_timeout_s / SCALE, connect_timeout_s=DEFAULTS.connect_timeout_s / SCALE
)
TOOL_S = 40.0 / SCALE  # the 40 s tool
PERSON_S = 35.0 / SCALE  # the person, 35 s on a form


@pytest.fixture(scope="module")
def camera_url() -> Iterator[str]:
    proc, url = start_camera("--control")
    yield url
    stop(proc)


def http_server(url: str) -> McpServer:
    return McpServer(name="cam", transport="http", url=url)


async def call(tools: list[AgentTool], name: str, args: dict[str, Any] | None = None) -> ToolReturn:
    [tool] = [t for t in tools if t.name == name]
    return await tool.call_with_media(args or {}, ToolContext(AGENT, "en"))


def test_the_scaled_settings_keep_the_defaults_relation() -> None:
    """What the model is told is ``call_timeout_s``; the defaults put the connect timeout below it
    and the issue's tool and person between them, and so do the scaled values these tests use."""
    assert (DEFAULTS.call_timeout_s, DEFAULTS.connect_timeout_s) == (60.0, 30.0)
    assert DEFAULTS.connect_timeout_s < 40.0 < DEFAULTS.call_timeout_s
    assert DEFAULTS.connect_timeout_s < 35.0 < DEFAULTS.call_timeout_s
    assert SCALED.connect_timeout_s < PERSON_S < TOOL_S < SCALED.call_timeout_s
    assert notes.note("tool_timeout", "en", seconds="60").endswith("did not answer within 60 seconds")


@pytest.mark.asyncio
async def test_a_tool_slower_than_the_connect_timeout_answers_over_stdio_and_http(camera_url: str) -> None:
    provider = McpToolProvider(language="en", settings=SCALED)
    try:
        tools = await provider.tools_for(AGENT, [raw_server(), http_server(camera_url)])
        assert [s.state for s in provider.status(AGENT)] == ["connected", "connected"]
        got = await call(tools, "cam__demo_set_mode", {"mode": "slow", "seconds": TOOL_S})
        assert got.output.text == "mode=slow"
        stdio, http = await asyncio.gather(
            call(tools, "raw__wait", {"seconds": TOOL_S}), call(tools, "cam__live_view_image")
        )
        assert (stdio.is_error, stdio.output.text) == (False, "waited")
        assert not http.is_error, http.output.text
        assert [(i.media_type, i.width) for i in http.output.images] == [("image/jpeg", 640)]
    finally:
        await provider.close()


@pytest.mark.asyncio
async def test_a_person_on_a_form_longer_than_the_connect_timeout_keeps_the_call(camera_url: str) -> None:
    async def slow_person(request: ElicitationRequest) -> ElicitationAnswer:
        await asyncio.sleep(PERSON_S)
        return ElicitationAnswer("accept", {"answer": "1/250"})

    provider = McpToolProvider(language="en", settings=SCALED, elicitation=slow_person)
    try:
        tools = await provider.tools_for(AGENT, [raw_server(), http_server(camera_url)])
        stdio, http = await asyncio.gather(call(tools, "raw__ask"), call(tools, "cam__demo_ask"))
        assert stdio.output.text == 'action=accept content={"answer": "1/250"}'
        assert http.output.text == "action=accept answer=1/250"
    finally:
        await provider.close()
