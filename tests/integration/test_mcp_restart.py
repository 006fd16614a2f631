"""A server that stops answering is restarted (issue 12, defect 5): after ``restart_after_timeouts``
calls in a row time out, its connection is replaced (stdio: a new process; HTTP: a new session),
the call that triggered it says so in the village language, and ``mcp server restarted:`` is logged.

The stdio server is ``tests/fakes/raw_mcp_server.py``, which serves one request at a time: its
``wait`` tool blocks it as a blocked event loop does, so even ``pid`` gets no answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.config import McpServer, McpSettings
from core.mcp import McpToolProvider
from core.tool import AgentTool, ToolContext, ToolReturn
from tests.fakes.logs import log_lines
from tests.fakes.servers import raw_server, start_camera, stop
from tests.fakes.waits import until

AGENT = "agent_5"
SETTINGS = McpSettings(call_timeout_s=1.0, connect_timeout_s=20.0)
BLOCK_S = 1.25  # a little longer than the call timeout


@pytest.fixture(scope="module")
def camera_url() -> Iterator[str]:
    proc, url = start_camera("--control")
    yield url
    stop(proc)


async def call(
    tools: list[AgentTool], name: str, args: dict[str, Any] | None = None, language: str = "en"
) -> ToolReturn:
    [tool] = [t for t in tools if t.name == name]
    return await tool.call_with_media(args or {}, ToolContext(AGENT, language))


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_the_restart_setting_is_declared_with_a_small_default() -> None:
    assert McpSettings().restart_after_timeouts == 2


@pytest.mark.asyncio
async def test_a_blocked_stdio_server_is_restarted_after_two_timeouts_in_a_row(event_log: Path) -> None:
    provider = McpToolProvider(language="en", settings=SETTINGS)
    try:
        tools = await provider.tools_for(AGENT, [raw_server()])
        first_pid = int((await call(tools, "raw__pid")).output.text)
        blocked = await call(tools, "raw__wait", {"seconds": 30})
        assert blocked == ToolReturn.error("tool execution failed: the tool did not answer within 1 seconds")
        assert [s.state for s in provider.status(AGENT)] == ["connected"]  # one timeout: kept
        second = await call(tools, "raw__pid", language="ja")
        assert second == ToolReturn.error(
            "ツールの実行に失敗しました: 1 秒以内に応答がありませんでした\n"
            "MCP サーバー raw が 2 回続けて応答しなかったため、再起動しました"
        )
        # The next call goes to a new process; the blocked one is gone.
        again = await call(tools, "raw__pid")
        assert not again.is_error, again.output.text
        assert int(again.output.text) != first_pid
        await until(lambda: not alive(first_pid), within=10)
        [status] = provider.status(AGENT)
        assert (status.state, status.tools) == ("connected", 4)
    finally:
        await provider.close()
    lines = log_lines(event_log)
    assert "mcp server restarted: agent=agent_5 server=raw timeouts=2" in lines
    assert any(
        re.fullmatch(r"mcp server reconnected: agent=agent_5 server=raw tools=4 ms=\d+", x) for x in lines
    )


@pytest.mark.asyncio
async def test_an_http_server_that_stops_answering_gets_a_new_session(
    camera_url: str, event_log: Path
) -> None:
    provider = McpToolProvider(language="en", settings=SETTINGS)
    try:
        tools = await provider.tools_for(AGENT, [McpServer(name="cam", transport="http", url=camera_url)])
        assert (
            await call(tools, "cam__demo_set_mode", {"mode": "slow", "seconds": 30})
        ).output.text == "mode=slow"
        first = await call(tools, "cam__live_view_image")
        second = await call(tools, "cam__live_view_image")
        assert first.output.text == "tool execution failed: the tool did not answer within 1 seconds"
        assert second.output.text == (
            "tool execution failed: the tool did not answer within 1 seconds\n"
            "MCP server cam did not answer 2 calls in a row; it was restarted"
        )
        assert (await call(tools, "cam__demo_set_mode", {"mode": "jpeg"})).output.text == "mode=jpeg"
        assert [s.state for s in provider.status(AGENT)] == ["connected"]
    finally:
        await provider.close()
    lines = log_lines(event_log)
    assert "mcp server restarted: agent=agent_5 server=cam timeouts=2" in lines
    assert any(
        re.fullmatch(r"mcp server reconnected: agent=agent_5 server=cam tools=5 ms=\d+", x) for x in lines
    )


@pytest.mark.asyncio
async def test_an_answer_between_timeouts_breaks_the_streak_and_zero_turns_restarts_off(
    event_log: Path,
) -> None:
    never = McpSettings(call_timeout_s=1.0, connect_timeout_s=20.0, restart_after_timeouts=0)
    provider = McpToolProvider(language="en", settings=SETTINGS)
    off = McpToolProvider(language="en", settings=never)

    async def timeout_answer_timeout(tools: list[AgentTool]) -> None:
        # the server is blocked a little longer than the call timeout: the call times out, the pid after it waits and answers
        assert (await call(tools, "raw__wait", {"seconds": BLOCK_S})).output.text.endswith("within 1 seconds")
        assert not (await call(tools, "raw__pid")).is_error
        assert (await call(tools, "raw__wait", {"seconds": BLOCK_S})).output.text.endswith("within 1 seconds")
        assert not (await call(tools, "raw__pid")).is_error

    async def two_timeouts(tools: list[AgentTool]) -> None:
        for _ in range(2):
            assert (await call(tools, "raw__wait", {"seconds": BLOCK_S})).output.text.endswith(
                "within 1 seconds"
            )
        assert not (await call(tools, "raw__pid")).is_error

    try:
        tools, tools_off = await asyncio.gather(
            provider.tools_for(AGENT, [raw_server()]), off.tools_for("agent_6", [raw_server()])
        )
        await asyncio.gather(timeout_answer_timeout(tools), two_timeouts(tools_off))
    finally:
        await provider.close()
        await off.close()
    assert not [x for x in log_lines(event_log) if x.startswith("mcp server restarted:")]


@pytest.mark.asyncio
async def test_a_reconnect_cancelled_while_the_old_connection_closes_opens_no_new_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A connection's close finishes its clean-up even when cancelled (and so swallows the cancel):
    the provider's close, cancelling a restart that is closing the old connection, must not see
    that restart start a new server process anyway."""
    provider = McpToolProvider(language="en", settings=SETTINGS)
    try:
        await provider.tools_for(AGENT, [raw_server()])
        [old] = provider._conns[AGENT].values()
        old.abandon("test: gave up")
        closing, real_close = asyncio.Event(), old.close

        async def slow_close() -> None:
            if not closing.is_set():  # the first close (the reconnect's) waits to be cancelled
                closing.set()
                with contextlib.suppress(asyncio.CancelledError):  # as Connection._finish_task does
                    await asyncio.sleep(30)
            await real_close()

        monkeypatch.setattr(old, "close", slow_close)
        opened: list[object] = []
        real_open = provider._open

        async def counting_open(conn: Any, **kw: Any) -> None:
            opened.append(conn)
            await real_open(conn, **kw)

        monkeypatch.setattr(provider, "_open", counting_open)
        reconnect = asyncio.ensure_future(provider._connection(AGENT, "raw"))
        await closing.wait()
        reconnect.cancel()
        with pytest.raises(asyncio.CancelledError):
            await reconnect
        assert opened == []
    finally:
        await provider.close()
