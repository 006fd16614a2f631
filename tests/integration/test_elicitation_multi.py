"""A real MCP server asks for multi-selects and gets lists back (issue 12: the elicitation field kinds).

The camera simulator (``--elicit``, a subprocess over streamable HTTP and over stdio) offers
``demo_pick_cameras``: a pydantic model with ``list[Literal[...]]`` fields, which the SDK sends as a
multi-select in both of its forms (``items.enum``, and ``items.anyOf`` of const/title). The app's
broker (``core.elicitation.Elicitations``) shows it to a front end on the bus, which answers with
lists; the server validates them with pydantic and reports what it got.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.config import McpServer
from core.elicitation import Elicitations
from core.events import ElicitationAsked, ElicitationSettled, Event, EventBus
from core.mcp import McpToolProvider
from core.tool import ToolContext
from tests.fakes.servers import FAST, start_camera, stop

ROOT = Path(__file__).resolve().parents[2]
AGENT = "agent_9"


@pytest.fixture(scope="module")
def http_url() -> Iterator[str]:
    proc, url = start_camera("--elicit")
    yield url
    stop(proc)


def servers(http_url: str) -> dict[str, McpServer]:
    stdio = McpServer(
        name="cam",
        transport="stdio",
        command=sys.executable,
        args=["-m", "app.demo_camera", "--stdio", "--elicit"],
        cwd=str(ROOT),
    )
    return {"http": McpServer(name="cam", transport="http", url=http_url), "stdio": stdio}


class Front:
    """A front end on the bus that answers each form with ``content``."""

    def __init__(self, bus: EventBus, broker: Elicitations, content: dict[str, Any]) -> None:
        self.asked: list[ElicitationAsked] = []
        self.settled: list[str] = []
        self.broker, self.content = broker, content
        self.detach = broker.attach_answerer()
        bus.subscribe(self.on_event)

    def on_event(self, e: Event) -> None:
        if isinstance(e, ElicitationAsked):
            self.asked.append(e)
            self.broker.answer(e.request_id, self.content)
        elif isinstance(e, ElicitationSettled):
            self.settled.append(e.outcome)


async def pick(server: McpServer, content: dict[str, Any]) -> tuple[str, Front]:
    bus = EventBus()
    broker = Elicitations(bus)
    front = Front(bus, broker, content)
    provider = McpToolProvider(language="en", settings=FAST, elicitation=broker.handle)
    try:
        tools = {t.name: t for t in await provider.tools_for(AGENT, [server])}
        result = await tools["cam__demo_pick_cameras"].call_with_media({}, ToolContext(AGENT, "en"))
    finally:
        await provider.close()
        front.detach()
    assert not result.is_error, result.output.text
    return result.output.text, front


@pytest.mark.asyncio
@pytest.mark.parametrize("transport", ["http", "stdio"])
async def test_the_server_gets_the_lists_back(http_url: str, transport: str) -> None:
    content = {"cameras": ["front", "garden"], "sizes": ["hd", "full"]}
    text, front = await pick(servers(http_url)[transport], content)
    assert text == "action=accept cameras=front,garden sizes=hd,full"
    (asked,) = front.asked
    cameras, sizes = asked.fields
    assert (cameras.kind, cameras.options, cameras.min_items, cameras.required) == (
        "multi",
        ("front", "back", "garden"),
        1,
        True,
    )
    assert (sizes.kind, sizes.option_titles, sizes.default) == ("multi", ("HD", "Full HD"), ("hd",))
    assert front.settled == ["accept"]


@pytest.mark.asyncio
async def test_an_optional_multi_select_left_out_takes_the_server_default(http_url: str) -> None:
    text, _front = await pick(servers(http_url)["http"], {"cameras": ["back"]})
    assert text == "action=accept cameras=back sizes=hd"
