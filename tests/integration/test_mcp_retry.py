"""A server that failed to connect is retried until it comes up (issue 13, defect 7).

Real subprocess servers: the standard-library stdio server behind a command that does not exist
yet, and the camera simulator over streamable HTTP on a port where nothing listens yet. Down at
start, the server is named in the notice (its command line or URL); once it comes up, the provider
connects within the backoff and the agent's next turn calls its tool. Saving Settings (the same
configuration applied again) retries at once, whatever the backoff.
"""

from __future__ import annotations

import asyncio
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from core.canonical import Role, ToolCall
from core.config import Config, McpServer, OAuthSettings, parse_config
from core.events import Event, Notice
from core.mcp import McpToolProvider
from core.mcp.connection import SIGN_IN_NEEDED
from core.mcp.retry import Backoff, Clock
from core.village import Village
from tests.fakes.logs import log_lines
from tests.fakes.scripted import ScriptedBackend
from tests.fakes.servers import (
    FAST,
    OAUTH_READY,
    free_port,
    start_camera,
    start_server,
    stop,
    write_raw_launcher,
)
from tests.fakes.waits import until

QUICK = Backoff(first_s=0.2, cap_s=0.8)  # the test's backoff: the schedule itself is a unit test
SLOW = Backoff(first_s=60.0, cap_s=60.0)  # no retry within the test but the one asked for


def config(language: str, servers: dict[str, Any]) -> Config:
    return parse_config(
        {
            "village": {"language": language},
            "templates": [{"name": "t", "protocol": "anthropic", "model": "m"}],
            "agents": [{"id": "a1", "template": "t", "mcp_servers": servers}],
        }
    )


def village_on(
    cfg: Config, backend: ScriptedBackend, backoff: Backoff, clock: Clock | None = None
) -> tuple[Village, McpToolProvider]:
    holder: dict[str, Village] = {}
    provider = McpToolProvider(
        language=cfg.village.language,
        settings=FAST,
        on_tools_changed=lambda agent_id: holder["v"].refresh_tools(agent_id),
        backoff=backoff,
        clock=clock,
    )
    village = Village(cfg, backend_factory=lambda _t: backend, tool_provider=provider)
    holder["v"] = village
    return village, provider


def notices_of(village: Village) -> list[Notice]:
    seen: list[Notice] = []

    def keep(e: Event) -> None:
        if isinstance(e, Notice):
            seen.append(e)

    village.bus.subscribe(keep)
    return seen


def tool_result(backend: ScriptedBackend) -> str:
    """The text of the tool message the model was sent in the turn's second request."""
    [message] = [m for m in backend.requests[-1].messages if m.role == Role.TOOL]
    return message.text


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "MCP server raw (command: {cmd}) could not start: FileNotFoundError: "),
        ("ja", "MCP サーバー raw（コマンド: {cmd}）を起動できませんでした: FileNotFoundError: "),
        ("zh", "MCP 服务器 raw（命令：{cmd}）无法启动：FileNotFoundError: "),
    ],
)
async def test_a_missing_command_is_named_and_retried_until_it_exists(
    tmp_path: Path, event_log: Path, language: str, sentence: str
) -> None:
    command = tmp_path / "bin" / "raw-mcp"
    cfg = config(language, {"raw": {"command": str(command), "args": ["--stdio"]}})
    backend = ScriptedBackend([ToolCall("c1", "raw__pid", {}), "done"])
    village, provider = village_on(cfg, backend, QUICK)
    notices = notices_of(village)
    try:
        await village.start()
        cmd = shlex.join([str(command), "--stdio"])
        [notice] = notices
        assert notice.text.startswith(sentence.format(cmd=cmd)), notice.text
        [status] = provider.status("a1")
        assert (status.state, status.target) == ("failed", cmd)
        assert status.error.startswith("FileNotFoundError: ")
        await until(lambda: provider.status("a1")[0].retry_in_s is not None, within=5)
        write_raw_launcher(command)  # the server comes up
        await until(lambda: provider.status("a1")[0].state == "connected", within=10)
        [status] = provider.status("a1")
        assert (status.tools, status.retry_in_s, status.attempt) == (4, None, 0)
        assert [t.name for t in status.tool_list] == ["wait", "ask", "pid", "flood"]
        assert status.tool_list[2].description == "pid (testing only)"
        assert "raw__pid" in {t.name for t in village.tools("a1")}  # the agent has its tools
        outcome = await asyncio.wait_for(village.send("a1", "which pid?").wait(), 20)
        assert outcome.text == "done"
        assert tool_result(backend).isdigit()
    finally:
        await village.close()
    assert len(notices) == 1  # a retry that fails again adds no notice
    lines = log_lines(event_log)
    assert any(
        re.fullmatch(r"mcp server retry: agent=a1 server=raw attempt=1 in_ms=\d+ error=.+", x) for x in lines
    )
    assert any(re.fullmatch(r"mcp server reconnected: agent=a1 server=raw tools=4 ms=\d+", x) for x in lines)


@pytest.mark.asyncio
async def test_an_http_server_down_at_start_is_used_once_it_comes_up(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{free_port()}/mcp"
    cfg = config("en", {"cam": {"type": "http", "url": url}})
    backend = ScriptedBackend([ToolCall("c1", "cam__demo_set_mode", {"mode": "jpeg"}), "done"])
    village, provider = village_on(cfg, backend, QUICK)
    notices = notices_of(village)
    proc = None
    try:
        await village.start()
        [notice] = notices
        assert notice.text.startswith(f"MCP server cam ({url}) could not start: "), notice.text
        assert provider.status("a1")[0].target == url
        assert village.tools("a1") == []
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        proc, again = start_camera("--control", port=port)
        assert again == url
        await until(lambda: provider.status("a1")[0].state == "connected", within=15)
        assert "cam__live_view_image" in {t.name for t in village.tools("a1")}
        outcome = await asyncio.wait_for(village.send("a1", "set the mode").wait(), 20)
        assert outcome.text == "done"
        assert tool_result(backend) == "mode=jpeg"
    finally:
        await village.close()
        if proc is not None:
            stop(proc)


@pytest.mark.asyncio
async def test_saving_settings_retries_a_failed_server_at_once(tmp_path: Path) -> None:
    command = tmp_path / "bin" / "raw-mcp"
    cfg = config("en", {"raw": {"command": str(command)}})
    village, provider = village_on(cfg, ScriptedBackend([]), SLOW)
    try:
        await village.start()
        [status] = provider.status("a1")
        assert status.state == "failed"
        assert status.retry_in_s is not None and status.retry_in_s > 40  # the next try is far off
        write_raw_launcher(command)
        await village.apply_config(config("en", {"raw": {"command": str(command)}}))  # Save, unchanged
        await until(lambda: provider.status("a1")[0].state == "connected", within=10)
        assert "raw__pid" in {t.name for t in village.tools("a1")}
    finally:
        await village.close()


class HeldClock:
    """Sleeps until cancelled, counting: a retry that is waiting is seen, and its end."""

    def __init__(self) -> None:
        self.sleeps: list[float] = []
        self.cancelled = 0

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cancelled += 1
            raise


@pytest.mark.asyncio
async def test_a_server_dropped_from_the_configuration_is_no_longer_retried(tmp_path: Path) -> None:
    command = tmp_path / "bin" / "raw-mcp"
    held = HeldClock()
    cfg = config("en", {"raw": {"command": str(command)}})
    village, provider = village_on(cfg, ScriptedBackend([]), QUICK, Clock(sleep=held.sleep))
    try:
        await village.start()
        await until(lambda: len(held.sleeps) == 1, within=5)
        await village.apply_config(config("en", {}))
        await until(lambda: held.cancelled == 1, within=5)
        assert provider.status("a1") == []
        assert provider.tools("a1") == []
    finally:
        await village.close()
    assert held.sleeps == [pytest.approx(0.2, rel=0.25)]


@pytest.mark.asyncio
async def test_an_automatic_retry_opens_no_sign_in_page_and_reconnect_does(
    plaintext_keyring: Any, event_log: Path
) -> None:
    """An OAuth server down at start: the backoff's retry finds it up but wanting a sign-in, and
    stops there (no browser tab opened unasked, no more retries) until the person's Reconnect."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    opened: list[str] = []

    def browser(page: str) -> bool:
        opened.append(page)
        return False  # the browser could not be opened: enough to see that it was asked

    provider = McpToolProvider(language="en", settings=FAST, open_url=browser, backoff=QUICK)
    server = McpServer(name="secure", transport="http", url=url, oauth=OAuthSettings(scopes="camera"))
    proc = None
    try:
        assert await provider.tools_for("a1", [server]) == []
        assert provider.status("a1")[0].error.startswith("ConnectError")
        proc, again = start_server("tests.fakes.oauth_mcp_server", OAUTH_READY, port=port)
        assert again == url
        await until(lambda: provider.status("a1")[0].error == SIGN_IN_NEEDED, within=15)
        [status] = provider.status("a1")
        assert (status.state, status.retry_in_s, opened) == ("failed", None, [])
        provider.reconnect("a1", "secure")  # the person asks: the sign-in page is opened
        await until(lambda: provider.status("a1")[0].error == "OAuth: could not open the browser", within=15)
        assert len(opened) == 1 and provider.status("a1")[0].retry_in_s is None
    finally:
        await provider.close()
        if proc is not None:
            stop(proc)
    lines = log_lines(event_log)
    assert "mcp oauth: agent=a1 server=secure action=no-browser" in lines
