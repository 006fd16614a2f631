"""The village over a real MCP client: failed servers are shown, tools/list_changed reaches turns."""

from __future__ import annotations

import asyncio
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.config import McpServer, McpSettings, parse_config
from core.events import Event, Notice
from core.mcp import ElicitationAnswer, ElicitationRequest, McpToolProvider
from core.tool import ToolContext
from core.village import Village
from tests.fakes.logs import log_lines
from tests.fakes.providers import FakeProvider, Reply
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.servers import FAST, start_camera, stop
from tests.fakes.waits import until

PROVIDER_KEY = "k-test-provider-key"
BROKEN = [
    sys.executable,
    "-c",
    "import sys; sys.stderr.write('warming up\\nboom: no camera driver\\n'); sys.exit(2)",
]


@pytest.fixture(scope="module")
def cam_url() -> Iterator[str]:
    proc, url = start_camera("--control")
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
        # issue 13, defect 7: the sentence names the server's command line
        ("en", "MCP server broken (command: {cmd}) could not start: MCPError -32000: Connection closed"),
        (
            "ja",
            "MCP サーバー broken（コマンド: {cmd}）を起動できませんでした: MCPError -32000: Connection closed",
        ),
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
    first = first.format(cmd=shlex.join(BROKEN))
    assert notices == [Notice("a1", "error", f"{first}\nwarming up\nboom: no camera driver")]
    assert sorted(t.name for t in village.tools("a1")) == [
        "cam__camera_status",
        "cam__demo_add_tool",
        "cam__demo_ask",
        "cam__demo_set_mode",
        "cam__live_view_image",
    ]  # the agent keeps the camera's tools


@pytest.mark.asyncio
async def test_tools_added_by_the_server_are_offered_on_the_next_turn(
    cam_url: str, tmp_path: Path, plaintext_keyring: Any
) -> None:
    """The app's own runtime (``app.launcher.make_runtime``: its tools/list_changed wiring, its
    backends and the keyring) offers a tool the server added mid-session on the next turn."""
    from app.keys import KeyStore
    from app.launcher import make_runtime

    keys = KeyStore(plaintext_keyring)
    keys.set("t-key", PROVIDER_KEY)
    with FakeProvider("anthropic", key=PROVIDER_KEY) as fake:
        fake.script(Reply.call("cam__demo_add_tool"), Reply.say("added it"), Reply.say("ok"))
        config = parse_config(
            {
                "templates": [
                    {"name": "t", "protocol": "anthropic", "model": "m", "key": "t-key", "base_url": fake.url}
                ],
                "agents": [
                    {"id": "a1", "template": "t", "mcp_servers": {"cam": {"type": "http", "url": cam_url}}}
                ],
                "mcp": {"call_timeout_s": 20, "connect_timeout_s": 20},
            }
        )
        rt = make_runtime(config, keys, store_dir=tmp_path / "data")
        village = rt.village
        assert isinstance(village, Village)
        try:
            await village.start()
            assert "cam__extra_tool" not in {t.name for t in village.tools("a1")}
            first = await asyncio.wait_for(village.send("a1", "add a tool").wait(), 20)
            assert first.text == "added it"
            # the notification arrives on the session's own task
            await until(lambda: "cam__extra_tool" in {t.name for t in rt.provider.tools("a1")}, within=10)
            second = await asyncio.wait_for(village.send("a1", "what can you do now?").wait(), 20)
            assert second.text == "ok"
        finally:
            await village.close()
            if rt.store is not None:
                rt.store.close()
        offered = [sorted(tool["name"] for tool in r.body["tools"]) for r in fake.requests]
    assert [r.status for r in fake.requests] == [200, 200, 200]
    assert "cam__extra_tool" not in offered[0]
    assert "cam__extra_tool" in offered[2]
    assert offered[2] == sorted([*offered[0], "cam__extra_tool"])


@pytest.mark.asyncio
async def test_time_the_person_spends_on_a_form_does_not_count_against_the_call_timeout(
    cam_url: str, event_log: Path
) -> None:
    """call_timeout_s is the server's time: a person taking longer than it to answer an
    elicitation form still gets their answer through; a server that hangs still times out."""

    async def slow_person(request: ElicitationRequest) -> ElicitationAnswer:
        await asyncio.sleep(3.5)  # longer than the 2 s call timeout
        return ElicitationAnswer("accept", {"answer": "1/250"})

    provider = McpToolProvider(
        language="en",
        settings=McpSettings(call_timeout_s=2.0, connect_timeout_s=20.0),
        elicitation=slow_person,
    )
    try:
        tools = {
            t.name: t
            for t in await provider.tools_for("a1", [McpServer(name="cam", transport="http", url=cam_url)])
        }
        ctx = ToolContext(agent_id="a1", language="en")
        answered = await tools["cam__demo_ask"].call_with_media({}, ctx)
        assert (answered.output.text, answered.is_error) == ("action=accept answer=1/250", False)
        await tools["cam__demo_set_mode"].call_with_media({"mode": "slow", "seconds": 6}, ctx)
        try:
            hung = await tools["cam__live_view_image"].call_with_media({}, ctx)
        finally:
            await tools["cam__demo_set_mode"].call_with_media({"mode": "jpeg"}, ctx)
        assert hung.is_error
        assert hung.output.text == "tool execution failed: the tool did not answer within 2 seconds"
    finally:
        await provider.close()
    assert "mcp elicitation: agent=a1 server=cam action=accept" in log_lines(event_log)
