"""Streamable HTTP keeps one connection for many tool calls (M-8).

The SDK closes a call's SSE answer as soon as the response event has arrived, a moment before the
server's last chunk; unread, that closed the connection, and each call opened a new one. Counted in
the kernel's own table of connections to the camera simulator's port, TIME_WAIT included.
"""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from urllib.parse import urlsplit

from mcp import ClientSession

from core.config import McpServer
from core.mcp import transport
from tests.fakes.servers import FAST, camera_server
from tests.fakes.sockets import peers_of_port

CALLS = 30


async def call_many(url: str) -> list[bool]:
    server = McpServer(name="cam", transport="http", url=url)
    async with AsyncExitStack() as stack:
        opened = await transport.remote_transport(server, FAST, stack, {}, None)
        read, write, *_ = await stack.enter_async_context(opened)
        session = await stack.enter_async_context(ClientSession(read, write))
        await session.initialize()
        results = [await session.call_tool("live_view_image", {}) for _ in range(CALLS)]
        return [any(block.type == "image" for block in r.content) for r in results]


def test_thirty_live_view_calls_share_one_connection() -> None:
    with camera_server() as url:
        port = urlsplit(url).port
        assert port is not None
        before = peers_of_port(port)
        images = asyncio.run(call_many(url))
        opened = peers_of_port(port) - before
    assert images == [True] * CALLS
    # The GET listen stream holds one for itself. A request sent while the previous answer is still
    # being read to its end (initialize, then the first call's tools/list) takes another, and the
    # pool then serves every later call from those. Without the drain: one per call (31 or more).
    assert len(opened) <= 4, sorted(opened)
