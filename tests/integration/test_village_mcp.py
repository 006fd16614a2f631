"""The village over a real MCP client: failed servers are shown, tools/list_changed reaches turns."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator

import pytest

from core.config import parse_config
from core.events import Event, Notice
from core.mcp import McpToolProvider
from core.village import Village
from tests.fakes.scripted import ScriptedBackend, call, reply
from tests.integration.test_mcp_provider import FAST, start_camera, stop

BROKEN = [
    sys.executable,
    "-c",
    "import sys; sys.stderr.write('warming up\\nboom: no camera driver\\n'); sys.exit(2)",
]


@pytest.fixture(scope="module")
def cam_url() -> Iterator[str]:
    proc, url = start_camera()
    yield url
    stop(proc)


def village_with(url: str, backend: ScriptedBackend, language: str = "en") -> tuple[Village, McpToolProvider]:
    config = parse_config(
        {
            "village": {"language": language},
            "templates": [{"name": "t", "protocol": "anthropic", "model": "m"}],
            "agents": [
                {
                    "id": "a1",
                    "template": "t",
                    "mcp_servers": {
                        "broken": {"command": BROKEN[0], "args": BROKEN[1:]},
                        "cam": {"type": "http", "url": url},
                    },
                }
            ],
        }
    )
    holder: dict[str, Village] = {}
    provider = McpToolProvider(
        language=language,
        settings=FAST,
        on_tools_changed=lambda agent_id: holder["v"].refresh_tools(agent_id),
    )
    village = Village(config, backend_factory=lambda _t: backend, tool_provider=provider)
    holder["v"] = village
    return village, provider


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("language", "first"),
    [
        ("en", "MCP server broken could not start: MCPError -32000: Connection closed"),
        ("ja", "MCP サーバー broken を起動できませんでした: MCPError -32000: Connection closed"),
    ],
)
async def test_a_server_that_fails_to_start_is_shown_with_its_stderr_tail(
    cam_url: str, language: str, first: str
) -> None:
    village, _ = village_with(cam_url, ScriptedBackend([]), language)
    notices: list[Event] = []
    village.bus.subscribe(lambda e: notices.append(e) if isinstance(e, Notice) else None)
    try:
        await village.start()
    finally:
        await village.close()
    assert notices == [Notice("a1", "error", f"{first}\nwarming up\nboom: no camera driver")]
    assert sorted(t.name for t in village.tools("a1")) == [
        "cam__camera_status",
        "cam__demo_add_tool",
        "cam__demo_ask",
        "cam__demo_set_mode",
        "cam__live_view_image",
    ]  # the agent keeps the camera's tools


@pytest.mark.asyncio
async def test_tools_added_by_the_server_are_offered_on_the_next_turn(cam_url: str) -> None:
    backend = ScriptedBackend([call("cam__demo_add_tool", call_id="c1"), reply("added it"), reply("ok")])
    village, provider = village_with(cam_url, backend)
    try:
        await village.start()
        assert "cam__extra_tool" not in {t.name for t in village.tools("a1")}
        first = await asyncio.wait_for(village.send("a1", "add a tool").wait(), 20)
        assert first.text == "added it"
        async with asyncio.timeout(10):  # the notification arrives on the session's own task
            while "cam__extra_tool" not in {t.name for t in provider.tools("a1")}:  # noqa: ASYNC110
                await asyncio.sleep(0.02)
        await asyncio.wait_for(village.send("a1", "what can you do now?").wait(), 20)
    finally:
        await village.close()
    offered = [sorted(t.name for t in r.tools) for r in backend.requests]
    assert "cam__extra_tool" not in offered[0]
    assert "cam__extra_tool" in offered[2]
